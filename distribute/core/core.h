/*
 * core.h -- the core of distribute/: the rewriting context, the per-thread value
 * representation, the helpers every lowering and every schedule uses, and the schedule
 * interface.  distribute/ is built in three layers, each calling only the ones below it:
 *
 *   distribute.c   the dispatcher: functions, blocks, scf.for/if/yield, the op table,
 *                  the list of schedules (calls the lowerings and the schedules)
 *   schedule/      how a loop's tensor-core operands arrive: cp.async staging, the TMA
 *                  rings, the attention schedules (calls the lowerings and the core)
 *   lowering/      one file per op family (calls the core; reaches the schedule of the
 *                  loop through the interface of hooks.c, never by name)
 *   core/          this header's files:
 *     values.c     errors, layouts of values, the per-thread forms, scopes, launch shape
 *     build.c      building ops: constants, index arithmetic, thread ids, guards
 *     slots.c      slot maps: moving elements between layouts inside each thread
 *     buffers.c    workgroup buffers, paddings, conversions through workgroup memory
 *     memory.c     the per-thread accesses of a tile of memory (read_tiles, write_tiles)
 *     ldmatrix.c   reads of mma fragment layouts from workgroup memory (nvgpu.ldmatrix)
 *     smem.c       dynamic shared memory handed out, static shared memory taken
 *     tma.c        what both TMA rings build with: mbarrier waits, TMA copies, maps
 *     hooks.c      the calls through the schedule interface
 *     options.h    the pass's options record (DistributeOptions, also public)
 *
 * Per-thread values.  A whole-workgroup vector value v with layout L becomes,
 * in every thread, the elements that thread holds: layout_num_slots(L) of
 * them, numbered by *slot*, row-major over L's distributed shape
 * [batch..., outer..., element...] (layout.h).  In the IR it is one value of
 * the flattened type
 *
 *     vector<Nxelem>    N = layout_num_slots(L)  (a 0-d vector: vector<1xelem>)
 *
 * slot k at position k.  For example vector<16x16xf16> in the mma.sync A
 * layout (outer [2,2], thread [8,4], element [1,2]) becomes vector<8xf16>,
 * slots (oM, oK, e) row-major: slot 0 = (0,0,0), slot 1 = (0,0,1), slot 2 =
 * (0,1,0), ...  While rewriting, a Dist keeps both forms it has built: the
 * vector (`vec`) and single elements (`elems[k]`, vector.extract results), so
 * element-wise rewrites (reductions, reorders) do not re-extract and vector
 * rewrites (arith, scf) do not re-pack.  A form built inside a region is
 * forgotten when the region is left (the undo log), so it is never used
 * where it does not dominate.
 */
#ifndef VPTX_DISTRIBUTE_CORE_CORE_H
#define VPTX_DISTRIBUTE_CORE_CORE_H

#include "distribute/core/options.h"
#include "ir/ir.h"
#include "layout/layout.h"

#include <stdint.h>

#define DIST_MAX_SLOTS 4096 /* per-thread elements of one value */

typedef struct Dist {
    const NestedLayout *layout; /* shared among the Dists of equal layouts (dist_new) */
    TypeId elem;                /* scalar element type */
    uint32_t n;                 /* slots */
    ValueId vec;                /* vector<n x elem>, or 0 when not built (in this scope) */
    ValueId *elems;             /* n scalars, 0 = not built (in this scope) */
} Dist;

typedef struct Undo {
    Dist *d;
    int32_t slot; /* -1: vec */
    uint32_t depth;
} Undo;

typedef struct Cached {
    uint64_t key[3];
    ValueId v;
} Cached;

/* A wgmma contract in a loop whose A is defined before the loop: A staged once, before
   the loop, into buf (contract.c, dist_wgmma_hoist) */
typedef struct HoistedA {
    OpId contract;
    ValueId buf;
    bool dynamic; /* buf is a view of the dynamic shared memory (attention's ring) */
} HoistedA;

/* The image buffer of a wgmma contract's operand (contract.c) */
typedef struct ImageBuf {
    OpId contract;
    int operand; /* 0: A, 1: B */
    ValueId buf;
} ImageBuf;

/* A workgroup buffer made by the pass (memref.alloc in space 3, in the prologue). */
typedef struct Buffer {
    TypeId type;
    ValueId v;
    bool used; /* written or read already: a rewrite needs a barrier first */
} Buffer;

typedef ARRAY(OpId) OpList;

typedef struct Ctx {
    Module *m;
    Diag *d;
    uint32_t nold; /* values that existed before the pass */
    Dist **dist;   /* [old value] its per-thread form; NULL for non-vectors */
    ValueId *map;  /* [old value] replacement of a scalar result; 0 = unchanged */
    bool failed;
    /* the function being rewritten */
    OpId func;
    int64_t block[3]; /* launch shape; 0 = unknown */
    int64_t nthreads; /* threads per workgroup */
    int64_t nwarps;
    Loc loc;         /* location given to new ops: the op being rewritten */
    OpList *out;     /* op list being built */
    OpList prologue; /* thread ids, constants, buffers: put first in the entry block */
    ValueId tid, lane, warp;
    ARRAY(Cached) cache; /* prologue values: constants, virtual ids */
    ARRAY(Undo) undo;
    uint32_t depth; /* region nesting of the current insertion point */
    uint32_t loops; /* scf.for nesting of the current insertion point */
    ARRAY(Buffer) buffers;
    ValueId dyn;               /* gpu.dynamic_shared_memory, once needed (smem.c) */
    int64_t dyn_bytes;         /* bytes of it handed out */
    ARRAY(HoistedA) hoisted_a; /* wgmma A operands staged before their loop */
    ARRAY(ImageBuf) images;    /* wgmma operands' image buffers, by contract */
    ARRAY(OpId) attn_wait;     /* loops left with wgmma groups in flight (attn_reads.c) */
    struct StagePlan *stage;   /* stage.c: staged reads and pipelines of the function */
    struct RingPlan *ring;     /* tma_ring.c: wgmma K loops fed by TMA rings */
    struct AttnPlan *attn;     /* attn_ring.c: attention loops whose K and V come by TMA */
    struct AttnPPs *attn_pp;   /* attn_pingpong.c: attention loops whose warpgroups ping-pong */
    struct AttnTc05 *atc5;     /* attn_tc05.c: the tcgen05 attention loop being rewritten */
    DistributeOptions opt;     /* the pass's options (distribute.h) */
    bool whole_tile;           /* vptx.whole_tile: two consumer warpgroups run the kernel's 128
                                  threads on alternate tiles; thread_id() is tid % 128 (persist.c) */
    ValueId tid_real;          /* whole_tile: the real thread id (thread_id_real) */
    Arena scratch;             /* Dists and the undo log: freed when the pass ends */
    /* dist_new: the layouts it copied last, shared by the Dists that have them (a
       456-byte layout per value was 51 MB of the 100k-op chain's 95 MB peak) */
    const NestedLayout *recent[8];
    uint32_t nrecent;
    /* attn_overlap.c: the attention loops whose softmax overlaps the next block's S */
    struct OverlapPlan *overlap;
    /* the schedules (distribute.c's list), and the one of the loop being rewritten */
    const struct Schedule *const *schedules;
    uint32_t nschedules;
    const struct Schedule *sched;
} Ctx;

/* ---- values.c ---- */
bool dist_error(Ctx *c, const char *fmt, ...) PRINTF_LIKE(2, 3); /* at c->loc; returns false */
Dist *dist_of(Ctx *c, ValueId old);       /* operand's per-thread form; NULL + error if none */
ValueId dist_scalar(Ctx *c, ValueId old); /* replacement of a scalar operand */
bool layout_of_value(Ctx *c, ValueId old, NestedLayout *out); /* from vptx.layout */
bool result_layout(Ctx *c, OpId op, uint32_t i, NestedLayout *out);
Dist *dist_new(Ctx *c, const NestedLayout *l, TypeId elem);
void dist_bind(Ctx *c, ValueId old, Dist *d); /* old result -> d */
void dist_set_elem(Ctx *c, Dist *d, uint32_t k, ValueId v);
void dist_set_vec(Ctx *c, Dist *d, ValueId v);
TypeId dist_type(Ctx *c, const Dist *d); /* vector<n x elem> */
void scope_push(Ctx *c);
void scope_pop(Ctx *c);
void install_ops(Ctx *c, BlockId b, OpList *l); /* l becomes b's op list */
/* c->block, c->nthreads, c->nwarps of function f: gpu.known_block_size, else
   translation_info's workgroup_size, else the subgroups of the layouts */
void dist_block_shape(Ctx *c, OpId f);
int64_t dist_func_threads(Ctx *c, OpId f);    /* threads of f's workgroup */
bool dist_uniform_loop(Module *m, OpId loop); /* every thread runs its iterations together */
bool dist_zero_splat(Module *m, ValueId v);   /* an arith.constant splat of 0.0 */
bool dist_wgmma_kind(Ctx *c, OpId contract, MmaIntrinsic *out); /* a warpgroup kind */
/* loop's switch `name` (vptx.ping_pong, ...): its attribute (*asked) wins over option;
   false after a located error when it is not a boolean */
bool dist_loop_flag(Ctx *c, OpId loop, const char *name, bool option, bool *on, bool *asked);

/* ---- build.c ---- */
ValueId dist_vec(Ctx *c, Dist *d);              /* the vector form (built if needed) */
ValueId dist_elem(Ctx *c, Dist *d, uint32_t k); /* slot k as a scalar (built if needed) */
OpId emit(Ctx *c, OpKind k, uint32_t nargs, const ValueId *args, uint32_t nres, const TypeId *types,
          uint32_t nregions);
ValueId emit1(Ctx *c, OpKind k, uint32_t nargs, const ValueId *args, TypeId type);
ValueId const_index(Ctx *c, int64_t v);
ValueId const_int(Ctx *c, int64_t v, TypeId t);
ValueId const_float(Ctx *c, double v, TypeId t);
ValueId const_bool(Ctx *c, bool b);
bool const_value_of(Ctx *c, ValueId v, int64_t *out); /* an arith.constant integer */
ValueId idx_add(Ctx *c, ValueId a, ValueId b);
ValueId idx_add_c(Ctx *c, ValueId a, int64_t k);
ValueId idx_mul_c(Ctx *c, ValueId a, int64_t k);
ValueId cmp_i(Ctx *c, CmpIPredicate p, ValueId a, ValueId b);
ValueId and_i1(Ctx *c, ValueId a, ValueId b); /* 0 = true */
ValueId thread_id(Ctx *c);
ValueId thread_id_real(Ctx *c); /* the block's own thread id (not tid % 128 of whole_tile) */
ValueId lane_id(Ctx *c);
ValueId warp_id(Ctx *c);
ValueId virtual_thread(Ctx *c, const NestedLayout *l, int32_t d); /* (lane / ts) % T */
ValueId virtual_subgroup(Ctx *c, const NestedLayout *l, int32_t d);
ValueId dist_lane_digit(Ctx *c, int64_t stride, int64_t tile);   /* (lane / stride) % tile */
ValueId thread_offset(Ctx *c, const NestedLayout *l, int32_t d); /* E*(t + T*O*B*s) */
int64_t slot_offset(const NestedLayout *l, int32_t d, int64_t b, int64_t o, int64_t e);
ValueId canonical_holder(Ctx *c, const NestedLayout *l); /* i1, or 0 when every thread is one */
ValueId extract_elem(Ctx *c, ValueId vec, int64_t pos, TypeId elem);
ValueId from_elements(Ctx *c, const ValueId *elems, uint32_t n, TypeId elem);
ValueId combine_values(Ctx *c, CombiningKind k, ValueId a, ValueId b);
/* scf.if with empty then (and else) blocks; fill them between region_enter/leave */
OpId emit_if(Ctx *c, ValueId cond, uint32_t nres, const TypeId *types, bool with_else);
typedef struct RegionSave {
    OpList *out;
    OpList list;
    BlockId block;
} RegionSave;
void region_enter(Ctx *c, OpId op, uint32_t region, RegionSave *s);
void region_leave(Ctx *c, const ValueId *yields, uint32_t n, RegionSave *s); /* adds scf.yield */
ValueId memref_dim(Ctx *c, ValueId memref, uint32_t d);
const Attr *dense_i64(Ctx *c, const int64_t *v, uint32_t n);
ValueId element_index(Ctx *c, const NestedLayout *l, int32_t d, int64_t slot);
/* index v of loop's body (value_index_recomputable) for the step whose induction value is iv2 */
ValueId dist_index_at(Ctx *c, ValueId v, OpId loop, ValueId iv2);

/* ---- slots.c ---- */
typedef void IndexFn(const int64_t *to_index, int64_t *from_index, const void *arg);
bool slot_map(Ctx *c, const NestedLayout *to, const NestedLayout *from, IndexFn *fn,
              const void *arg, int64_t *perm);
Dist *permute_dist(Ctx *c, Dist *src, const NestedLayout *to, const int64_t *perm);

/* ---- buffers.c ---- */
Dist *convert_dist(Ctx *c, Dist *src, const NestedLayout *to); /* any layout of the same shape */
Dist *gather_dist(Ctx *c, Dist *src, const NestedLayout *to, const int32_t *dim_of);
Dist *gather_memory(Ctx *c, Dist *src, const NestedLayout *to, const int32_t *dim_of,
                    const int64_t *base);
Dist *dist_gather_memory_at(Ctx *c, Dist *src, const NestedLayout *to, const int32_t *dim_of,
                            const ValueId *base);
Buffer *get_buffer(Ctx *c, TypeId elem, uint32_t rank, const int64_t *shape, int64_t pad);
void buffer_before_write(Ctx *c, Buffer *b);
void barrier(Ctx *c);
int64_t dist_bank_pad(TypeId elem, uint32_t rank, const int64_t *shape, int64_t widest);
int64_t dist_best_pad(TypeId elem, uint32_t rank, const int64_t *shape,
                      const NestedLayout *const *ls, int nl); /* fewest wavefronts */
void dist_pad_workgroup_allocs(Ctx *c, OpId func); /* longer rows for the kernel's own buffers */

/* ---- memory.c ---- */
typedef struct Transfer {
    ValueId memref;                /* new value */
    ValueId base[LAYOUT_MAX_RANK]; /* new index values, one per memref dim */
    uint32_t mrank;
    int32_t dim_of[LAYOUT_MAX_RANK];   /* vector dim -> memref dim, -1 = broadcast */
    bool in_bounds[LAYOUT_MAX_RANK];   /* per vector dim */
    ValueId padding;                   /* new scalar, reads */
    Dist *mask;                        /* or NULL */
    int32_t mask_dim[LAYOUT_MAX_RANK]; /* vector dim -> mask dim */
    int64_t swizzle;                   /* staged buffer (stage.c): 16-byte chunks per row of its
                                          XOR swizzle; 0 = plain row-major */
} Transfer;
Dist *read_tiles(Ctx *c, const Transfer *t, const NestedLayout *l, TypeId elem);
bool write_tiles(Ctx *c, const Transfer *t, Dist *v, bool guard);
/* t: all of a rank-`rank` buffer from offset 0, vector dim i on buffer dim i, in bounds */
void dist_whole_transfer(Ctx *c, Transfer *t, ValueId memref, int32_t rank);

/* ---- ldmatrix.c ---- */
Dist *dist_read_ldmatrix(Ctx *c, const Transfer *t, const NestedLayout *l,
                         TypeId elem); /* or NULL */
bool dist_ldmatrix_layout(const NestedLayout *l, int32_t row_dim, int32_t col_dim, bool *trans);
int64_t dist_pow2_divisor(Ctx *c, ValueId v); /* largest power of two v is a multiple of */
/* column (elements) where logical (row, col) of a swizzled buffer is stored; col % 8 == 0 */
ValueId dist_swizzle_col(Ctx *c, ValueId row, ValueId col, int64_t chunks);
int64_t dist_swizzled(Ctx *c, ValueId memref); /* chunks per row of a swizzled buffer, or 0 */

/* ---- smem.c ---- */
/* dynamic shared memory: its base (memref<?xi8>, made in the prologue), `bytes` at the
   next `align`-aligned offset (returned), and a view of type t (static shape, workgroup)
   at a byte offset of it, made in the prologue */
ValueId dist_dynamic_base(Ctx *c);
int64_t dist_dynamic_alloc(Ctx *c, int64_t bytes, int64_t align);
ValueId dist_dynamic_view(Ctx *c, TypeId t, int64_t offset);
int64_t dist_dynamic_bytes(Ctx *c);          /* dynamic shared memory handed out so far */
int64_t dist_static_smem(Ctx *c, OpId func); /* bytes of func's workgroup memref.allocs */
int64_t dist_smem_so_far(Ctx *c); /* the same, with the buffers the rewrite made so far */

/* ---- tma.c: what both TMA rings build with ---- */
/* i32 arithmetic with a constant, the index of an i32, the parity (x / stages) & 1 != 0
   of try_wait.parity, the wait itself, one TMA copy of a box into dst completing on
   bar[stage], a tensor map type (box rows x cols, swizzle of span bytes, 0 = none), n
   hidden tensor-map arguments appended to func (their source memref arguments and, when
   tested is not NULL, whether the kernel tests their rows; false if the signature cannot
   take them), and a ring-fed read bound to its layout with no registers */
ValueId ring_i32(Ctx *c, OpKind k, ValueId a, int64_t b);
ValueId ring_index(Ctx *c, ValueId v32);
ValueId ring_parity(Ctx *c, ValueId x32, int64_t stages);
void ring_wait_parity(Ctx *c, ValueId bars, ValueId idx, ValueId par);
void ring_tma_load(Ctx *c, ValueId dst, ValueId bar, ValueId tmap, ValueId col, ValueId row,
                   int64_t stage);
TypeId ring_tmap_type(Ctx *c, TypeId elem, int64_t rows, int64_t cols, int64_t span);
bool ring_append_maps(Ctx *c, OpId func, uint32_t n, const TypeId *t, const int64_t *src,
                      const int64_t *tested, ValueId *out);
bool ring_bind_read(Ctx *c, OpId read);

/* ---- hooks.c: the schedule interface ---- */
/*
 * A schedule decides how the operands of a loop's tensor-core contracts reach them and
 * when: staged through shared memory by cp.async over several stages (stage.c), loaded
 * by TMA through a ring of stages (tma_ring.c), an attention key loop's blocks by TMA,
 * with ping-pong warpgroups or the softmax overlap (attention.c).  Each is one table of
 * hooks, defined in its own file; the dispatcher (distribute.c) lists the tables, in the
 * order their function hooks run, and chooses once, per scf.for, the schedule that owns
 * it (the first whose owns() says so): that loop's hooks and its contracts' are that
 * schedule's alone (c->sched).  The lowerings reach the hooks through the sched_*
 * functions below, never by a schedule's own name, so nothing below a schedule calls
 * up into it.  A hook left NULL does nothing; one that returns false reported an error.
 */

/* How a wgmma contract's operands reach it (the feed, issue, defer and issued hooks) */
typedef struct WgmmaFeed {
    bool reg_a;      /* in: A comes from registers (attention's P V) */
    bool ring[2];    /* out: A (and B), or B alone, wait in a ring's stage: no copy */
    ValueId buf[2];  /* A, B: the whole ring (stages of one image each) */
    ValueId row0[2]; /* this iteration's stage: first row (A, K-major B) or column (MN-major B) */
    int64_t stage_rows[2]; /* rows of one column block of one stage (vptx.wgmma a_rows/b_rows) */
} WgmmaFeed;

typedef struct Schedule {
    const char *name;
    /* the function, before its values are counted: rewrites at the vector level */
    bool (*prepare)(Ctx *c, OpId func);
    /* before the rewrite: what the schedule takes; smem is the shared memory the function
       takes so far, returned with this schedule's added */
    int64_t (*plan)(Ctx *c, OpId func, int64_t smem);
    bool (*check)(Ctx *c, OpId func); /* after the rewrite */

    /* its loops: owns() chooses them; before() runs before the loop's loop-invariant wgmma
       operands are stored (dist_wgmma_hoist), enter() after them, just before the loop
       (carried: the last iter_arg's initial value), leave() after the loop */
    bool (*owns)(Ctx *c, OpId loop);
    bool (*before)(Ctx *c, OpId loop);
    bool (*enter)(Ctx *c, OpId loop, ValueId *carried);
    void (*leave)(Ctx *c, OpId loop);
    bool (*op)(Ctx *c, OpId o); /* an op of its loop's body it rewrites itself: true */

    /* the wgmma contracts of its loops (contract.c): the operands in its stages (true
       when it feeds the contract), before and after the wgmma ops are emitted, whether
       their groups may stay in flight (no wait), and where a loop-invariant A's image
       goes (0: a static buffer); the mma.sync ops of a staged K step (spread) */
    bool (*feed)(Ctx *c, OpId contract, WgmmaFeed *f);
    void (*issue)(Ctx *c, OpId contract, const WgmmaFeed *f);
    bool (*defer)(Ctx *c, OpId contract, const WgmmaFeed *f);
    void (*issued)(Ctx *c, OpId contract, const WgmmaFeed *f);
    ValueId (*image)(Ctx *c, OpId contract, TypeId t);
    void (*spread)(Ctx *c, const OpId *mmas, int64_t nmma, int64_t per_step);

    /* any op of the function: an scf.if (before it is emitted), a transfer_read the
       schedule loads (*done), a transfer_write it stores whole, or a described store it
       writes through its idle buffers */
    bool (*branch)(Ctx *c, OpId op);
    bool (*read)(Ctx *c, OpId read, bool *done);
    bool (*write)(Ctx *c, OpId write, bool *done);
    bool (*store)(Ctx *c, const Transfer *t, Dist *v, bool *done);
    /* a contract it rewrites whole (*done; ops its operands, qbuf a hoisted A's image) */
    bool (*contract)(Ctx *c, OpId contract, Dist **ops, ValueId qbuf, bool *done);
} Schedule;

/* the function's hooks, every schedule's in list order */
bool sched_prepare(Ctx *c, OpId func);
bool sched_plan(Ctx *c, OpId func);
bool sched_check(Ctx *c, OpId func);
bool sched_branch(Ctx *c, OpId op);
bool sched_read(Ctx *c, OpId read, bool *done);
bool sched_write(Ctx *c, OpId write, bool *done);
bool sched_store(Ctx *c, const Transfer *t, Dist *v, bool *done);
bool sched_contract(Ctx *c, OpId contract, Dist **ops, ValueId qbuf, bool *done);
/* the loop's: c->sched's (the schedule of the loop being rewritten, or NULL) */
const Schedule *sched_of_loop(Ctx *c, OpId loop); /* chosen once per loop */
bool sched_before(Ctx *c, OpId loop);
bool sched_enter(Ctx *c, OpId loop, ValueId *carried);
void sched_leave(Ctx *c, OpId loop);
bool sched_op(Ctx *c, OpId o);
bool sched_feed(Ctx *c, OpId contract, WgmmaFeed *f);
void sched_issue(Ctx *c, OpId contract, const WgmmaFeed *f);
bool sched_defer(Ctx *c, OpId contract, const WgmmaFeed *f);
void sched_issued(Ctx *c, OpId contract, const WgmmaFeed *f);
ValueId sched_image(Ctx *c, OpId contract, TypeId t);
void sched_spread(Ctx *c, const OpId *mmas, int64_t nmma, int64_t per_step);

#endif
