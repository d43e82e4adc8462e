/*
 * layout.h -- nested layouts: how a workgroup-level vector is spread over
 * subgroups (warps), lanes and per-thread registers.
 *
 * This header is the public face of layout/.  The part declared here is pure
 * arithmetic on small value types and does not depend on ir/: the algebra of
 * seed 002 (nested.c, reshape.c), the mma.sync / wgmma fragment layouts
 * (mma.c), lowering config -> layout (config.c, seed 000) and the text form,
 * pictures and `vptx layout` (picture.c).  The propagation pass layout_assign
 * lives in its own file and uses only what is declared here.
 *
 * Library code never prints on its own and never exits: errors come back as
 * a false/negative result plus a reason string the caller provides room for.
 */
#ifndef VPTX_LAYOUT_LAYOUT_H
#define VPTX_LAYOUT_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LAYOUT_MAX_RANK     8
#define LAYOUT_WARP_SIZE    32                 /* a subgroup is a warp: 32 lanes */
#define LAYOUT_MAX_ELEMENTS ((int64_t)1 << 31) /* layout_check: elements, strides */
#define LAYOUT_REASON_SIZE  256                /* room for any reason this module writes */

/*
 * NestedLayout (seed 002).  Dim d of the vector has size
 *
 *     size[d] = subgroup_tile[d] * batch_tile[d] * outer_tile[d] * thread_tile[d] * element_tile[d]
 *
 * and an index x along d is a five-digit mixed-radix number, subgroup digit
 * most significant:
 *
 *     x = (((s * B + b) * O + o) * T + t) * E + e
 *
 *     +------------+------------+------------+------------+------------+
 *     | s in [0,S) | b in [0,B) | o in [0,O) | t in [0,T) | e in [0,E) |
 *     +------------+------------+------------+------------+------------+
 *       subgroup     batch        outer        thread       element
 *       (warp id)    (registers)  (registers)  (lane id)    (registers)
 *
 * The s and t digits are *virtual* ids read off the hardware ids:
 *
 *     virtual_subgroup_id[d] = (subgroup_id / subgroup_strides[d]) % subgroup_tile[d]
 *     virtual_thread_id[d]   = (lane_id     / thread_strides[d])   % thread_tile[d]
 *
 * A stride of 0 means "not distributed on that level"; it is only allowed,
 * and always used, where the tile is 1 (the digit is then 0).  Each
 * distributed dim owns one digit of the id.  Example, thread_tile = [8, 4],
 * thread_strides = [4, 1] (the mma.sync A operand):
 *
 *     lane id (5 bits):   4  3  2 | 1  0
 *                        +---------+------+
 *                        |  t[0]   | t[1] |     t[0] = (lane / 4) % 8
 *                        +---------+------+     t[1] = (lane / 1) % 4
 *
 *   and thread_tile = [4, 2], thread_strides = [1, 8] leaves bit 2 and
 *   bit 4 unused: lanes that differ only there hold the same elements.
 *
 *     lane id (5 bits):   4 |  3   | 2 | 1  0
 *                        +---+------+---+------+
 *                        | - | t[1] | - | t[0] |     t[0] = lane % 4, t[1] = (lane / 8) % 2
 *                        +---+------+---+------+
 *
 * The b, o and e digits index the per-thread vector, whose shape (the
 * "distributed shape") is [batch_tile..., outer_tile..., element_tile...]:
 * rank 3n, and a *slot* is a row-major index into it.  Batches model
 * instruction unrolling, outers the repeats inside one instruction, elements
 * the contiguous native vector.
 *
 * Digit rule (validity, layout_verify): on one level (threads or subgroups)
 * take the dims whose tile is > 1 and sort them by stride.  Dim d owns the id
 * range [stride_d, stride_d * tile_d).  Two dims overlap -- and the layout is
 * rejected -- unless each stride is a multiple of the previous dim's
 * stride * tile (equal strides always overlap).  Gaps (a stride larger than
 * the previous stride * tile, or a first stride > 1) are allowed and mean
 * replication: the id bits in the gap do not matter.  Lane ids must all fit
 * in a warp: max_d(thread_strides[d] * thread_tile[d]) <= 32.  If that
 * extent is below 32, lanes past it repeat the lower lanes.
 *
 * Fields are int64_t; entries at positions >= rank are kept zero so that the
 * struct can be copied and hashed as a whole.
 */
typedef struct {
    int32_t rank;
    int64_t subgroup_tile[LAYOUT_MAX_RANK];
    int64_t batch_tile[LAYOUT_MAX_RANK];
    int64_t outer_tile[LAYOUT_MAX_RANK];
    int64_t thread_tile[LAYOUT_MAX_RANK];
    int64_t element_tile[LAYOUT_MAX_RANK];
    int64_t subgroup_strides[LAYOUT_MAX_RANK];
    int64_t thread_strides[LAYOUT_MAX_RANK];
} NestedLayout;

/* One holder of an element: which subgroup, lane and slot. */
typedef struct {
    int64_t subgroup, lane, slot;
} LayoutHolder;

/*
 * How to get from one layout to another of the same shape
 * (layout_conversion).  With F = from, T = to:
 *  LAYOUT_CONV_SAME       the layouts are equal (layout_equal).
 *  LAYOUT_CONV_REGISTERS  every thread already holds, in F, every element it
 *                         needs in T, and at the same F slot in every
 *                         thread: T slot k = F slot perm[k] for a perm that
 *                         does not depend on the thread.  A static register
 *                         permutation / selection (an extract + insert per
 *                         slot, or a shape_cast/transpose of the per-thread
 *                         vector); no data moves between threads.  This
 *                         holds whenever F and T differ only in how
 *                         batch_tile[d] * outer_tile[d] is split (IREE's
 *                         rule), but also e.g. when a dim held whole by
 *                         each thread moves between element and batch
 *                         tiles.  An identity perm means the two layouts
 *                         are different spellings of the same map.
 *  LAYOUT_CONV_THREADS    some thread needs an element it does not hold in
 *                         F (or holds at a thread-dependent slot): data must
 *                         move between threads (shuffles or shared memory).
 */
typedef enum {
    LAYOUT_CONV_SAME,
    LAYOUT_CONV_REGISTERS,
    LAYOUT_CONV_THREADS,
} LayoutConversion;

/* nested.c -- validity, shapes, the (subgroup, lane, slot) <-> element maps */
/* the layout functions' failure report: reason (cap bytes, may be NULL) gets the message */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
bool
layout_fail(char *reason, size_t cap, const char *fmt, ...);
void layout_init(NestedLayout *l, int32_t rank); /* all tiles 1, strides 0 */
void layout_set_dim(NestedLayout *l, int32_t d, int64_t subgroup, int64_t batch, int64_t outer,
                    int64_t thread, int64_t element, int64_t subgroup_stride,
                    int64_t thread_stride);
void layout_normalize(NestedLayout *l); /* stride := 0 where tile == 1 */
bool layout_check(const NestedLayout *l, char *reason, size_t cap); /* digit rule, lanes <= 32 */
/* the same for subgroups of `lanes` lanes: only `vptx layout --subgroup-size` draws
 * these; the compiler keeps to 32-lane warps */
bool layout_check_lanes(const NestedLayout *l, int64_t lanes, char *reason, size_t cap);
bool layout_verify(const NestedLayout *l, int32_t rank, const int64_t *shape, char *reason,
                   size_t cap);
bool layout_equal(const NestedLayout *a, const NestedLayout *b);
void layout_shape(const NestedLayout *l, int64_t *shape); /* undistributed shape, rank n */
int64_t layout_num_elements(const NestedLayout *l);
int32_t layout_distributed_shape(const NestedLayout *l, int64_t *shape); /* rank 3n, returned */
int64_t layout_num_slots(const NestedLayout *l);      /* per-thread element count */
int64_t layout_lane_extent(const NestedLayout *l);    /* max thread_stride*thread_tile, >= 1 */
int64_t layout_subgroup_count(const NestedLayout *l); /* max subgroup_stride*tile, >= 1 */
int64_t layout_slot_pack(const NestedLayout *l, const int64_t *batch, const int64_t *outer,
                         const int64_t *element);
void layout_slot_unpack(const NestedLayout *l, int64_t slot, int64_t *batch, int64_t *outer,
                        int64_t *element);
void layout_virtual_ids(const NestedLayout *l, int64_t subgroup, int64_t lane,
                        int64_t *virtual_subgroup, int64_t *virtual_thread);
void layout_element_of(const NestedLayout *l, int64_t subgroup, int64_t lane, int64_t slot,
                       int64_t *index);
int64_t layout_slot_of(const NestedLayout *l, const int64_t *index);
int64_t layout_holders(const NestedLayout *l, const int64_t *index, LayoutHolder *out, int64_t cap);
int64_t layout_holders_lanes(const NestedLayout *l, const int64_t *index, int64_t lanes,
                             LayoutHolder *out, int64_t cap);
bool layout_permute(const NestedLayout *l, const int32_t *perm, NestedLayout *out);
bool layout_project(const NestedLayout *l, uint32_t dropped_dims, NestedLayout *out);
bool layout_broadcast(const NestedLayout *l, int32_t nlead, const int64_t *lead_sizes,
                      NestedLayout *out);
bool layout_apply_map(const NestedLayout *l, int32_t nresults, const int32_t *dims,
                      NestedLayout *out);
LayoutConversion layout_conversion(const NestedLayout *from, const NestedLayout *to, int64_t *perm,
                                   int64_t perm_cap);
const char *layout_conversion_name(LayoutConversion c);

/* reshape.c -- layout of vector.shape_cast's result, where one exists */
bool layout_reshape(const NestedLayout *l, int32_t rank, const int64_t *shape, NestedLayout *out,
                    char *reason, size_t cap);

/*
 * mma.c -- fragment layouts of the tensor-core instructions.
 *
 * Enum constants keep IREE's `#iree_gpu.mma_layout<NAME>` spelling after the
 * MMA_ prefix (lower-case x included) so that grep finds both.  Names that
 * IREE does not have follow the same pattern: NV_MMA_SYNC_<acc>_<M>x<N>x<K>_<in>,
 * and NV_WGMMA_<acc>_64x<N>x<K>_<in> for wgmma, N a multiple of 8 in 8..256.
 *
 *   name                              PTX instruction (ptx-sm80.md §5, ptx-sm90.md §4)
 *   NV_MMA_SYNC_F32_16x8x16_F16       mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
 *   NV_MMA_SYNC_F16_16x8x16_F16       mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
 *   NV_MMA_SYNC_F32_16x8x16_BF16      mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
 *   NV_MMA_SYNC_F32_16x8x8_F16        mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
 *   NV_MMA_SYNC_F16_16x8x8_F16        mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16
 *   NV_MMA_SYNC_F32_16x8x8_TF32       mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
 *   NV_MMA_SYNC_I32_16x8x32_I8        mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
 *   NV_WGMMA_F32_64xNx16_F16          wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16
 *   NV_WGMMA_F16_64xNx16_F16          wgmma.mma_async.sync.aligned.m64nNk16.f16.f16.f16
 *   NV_WGMMA_F32_64xNx16_BF16         wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16
 *   NV_WGMMA_F32_64xNx8_TF32          wgmma.mma_async.sync.aligned.m64nNk8.f32.tf32.tf32
 *                                     (f32 operands, rounded to tf32: see --allow-tf32)
 *   NV_WGMMA_F32_64xNx32_F8E4M3FN     wgmma.mma_async.sync.aligned.m64nNk32.f32.e4m3.e4m3
 *   NV_WGMMA_F32_64xNx32_F8E5M2       wgmma.mma_async.sync.aligned.m64nNk32.f32.e5m2.e5m2
 *   NV_WGMMA_F32_64xNx32_F8E4M3FN_F8E5M2   ... .f32.e4m3.e5m2 (A e4m3, B e5m2)
 *   NV_WGMMA_F32_64xNx32_F8E5M2_F8E4M3FN   ... .f32.e5m2.e4m3 (A e5m2, B e4m3)
 *   NV_TCGEN05_F32_128xNx16_F16       tcgen05.mma.cta_group::1.kind::f16 (M 128, N the tile's
 *   NV_TCGEN05_F32_128xNx16_BF16      N, 16..256 step 16), D f32 in tensor memory, A and B
 *   NV_TCGEN05_F32_128xNx8_TF32       from shared memory; kind::tf32 for f32 operands
 *   NV_TCGEN05_F16_128xNx16_F16       kind::f16 with an f16 D (the low half of each cell)
 *   NV_TCGEN05_F32_128xNx32_F8E4M3FN  kind::f8f6f4, e4m3 A and B (K 32); _F8E5M2 and the
 *                                     two mixed names as for wgmma
 *   NV_TCGEN05_I32_128xNx32_I8        kind::i8, s8 A and B, s32 D
 * (fp8 names follow IREE's MFMA_F32_16x16x32_F8E4M3FNUZ: the MLIR type names, A's then
 * B's when they differ.)  A tcgen05 kind's N is the whole tile's (one instruction per 16 of
 * K); its accumulator has no fragment of its own: layout_tcgen05_acc gives the layout in
 * which tcgen05.ld 32x32b leaves it in registers.
 */
typedef enum {
    MMA_NONE,
    MMA_NV_MMA_SYNC_F32_16x8x16_F16,
    MMA_NV_MMA_SYNC_F16_16x8x16_F16,
    MMA_NV_MMA_SYNC_F32_16x8x16_BF16,
    MMA_NV_MMA_SYNC_F32_16x8x8_F16,
    MMA_NV_MMA_SYNC_F16_16x8x8_F16,
    MMA_NV_MMA_SYNC_F32_16x8x8_TF32,
    MMA_NV_MMA_SYNC_I32_16x8x32_I8,
    MMA_NV_WGMMA_F32_64xNx16_F16,
    MMA_NV_WGMMA_F16_64xNx16_F16,
    MMA_NV_WGMMA_F32_64xNx16_BF16,
    MMA_NV_WGMMA_F32_64xNx8_TF32,
    MMA_NV_WGMMA_F32_64xNx32_F8E4M3FN,
    MMA_NV_WGMMA_F32_64xNx32_F8E5M2,
    MMA_NV_WGMMA_F32_64xNx32_F8E4M3FN_F8E5M2,
    MMA_NV_WGMMA_F32_64xNx32_F8E5M2_F8E4M3FN,
    MMA_NV_TCGEN05_F32_128xNx16_F16,
    MMA_NV_TCGEN05_F32_128xNx16_BF16,
    MMA_NV_TCGEN05_F32_128xNx8_TF32,
    MMA_NV_TCGEN05_F16_128xNx16_F16,
    MMA_NV_TCGEN05_F32_128xNx32_F8E4M3FN,
    MMA_NV_TCGEN05_F32_128xNx32_F8E5M2,
    MMA_NV_TCGEN05_F32_128xNx32_F8E4M3FN_F8E5M2,
    MMA_NV_TCGEN05_F32_128xNx32_F8E5M2_F8E4M3FN,
    MMA_NV_TCGEN05_I32_128xNx32_I8,
    MMA_KIND_COUNT
} MmaKind;

/* The three operands, in canonical orientation: A is MxK, B is KxN, C (= D) is MxN. */
typedef enum { MMA_OPERAND_A, MMA_OPERAND_B, MMA_OPERAND_C, MMA_OPERAND_COUNT } MmaOperand;

/* An intrinsic: its kind, plus N for wgmma (0 for mma.sync, whose N is 8). */
typedef struct {
    MmaKind kind;
    int64_t n;
} MmaIntrinsic;

typedef struct {
    const char *name;    /* IREE-style name; wgmma names say N for the width */
    const char *ptx;     /* the PTX instruction, with N for wgmma's width */
    int64_t m, n, k;     /* n = 0 for wgmma: it is a parameter */
    const char *type[3]; /* element type of A, B, C as MLIR spells it */
    int32_t per_reg[3];  /* elements per 32-bit register for A, B, C */
    int32_t subgroups;   /* warps that execute one instruction: 1, or 4 for wgmma */
} MmaInfo;

const MmaInfo *layout_mma_info(MmaKind kind);
bool layout_mma_lookup(const char *name, MmaIntrinsic *out);  /* bare or #iree_gpu.mma_layout<..> */
int layout_mma_name(MmaIntrinsic mma, char *buf, size_t cap); /* snprintf-like */
bool layout_mma_fragment(MmaIntrinsic mma, MmaOperand op, NestedLayout *out);
int64_t layout_mma_slot_of_register_element(MmaIntrinsic mma, MmaOperand op, int64_t i);
bool layout_mma_tile(MmaIntrinsic mma, MmaOperand op, const int64_t *shape,
                     const int64_t *subgroup_counts, const int64_t *subgroup_strides,
                     NestedLayout *out, char *reason, size_t cap);
bool layout_mma_register_slots(MmaIntrinsic mma, MmaOperand op, const NestedLayout *tiled,
                               const int64_t *batch, int64_t *slots);
bool layout_mma_is_tcgen05(MmaKind kind); /* an NV_TCGEN05_* kind (sm_100a) */
/* The accumulator (128 x N, (m, n)) of a tcgen05 kind over `warps` warps (whole warpgroups)
   as tcgen05.ld 32x32b leaves it: warp w holds rows 32 (w % 4) + lane, warpgroup g = w / 4
   the g-th of N / G consecutive column blocks, one slot a column (PTX ISA 9.7.16.8.1). */
bool layout_tcgen05_acc(const int64_t *shape, int64_t warps, NestedLayout *out, char *reason,
                        size_t cap);

/*
 * config.c -- lowering config (seed 000) -> nested layout.
 *
 * A basis `[[counts], [mapping]]` spreads an id (a lane or a subgroup) over
 * iteration dims by delinearize-then-map: delinearize the id by counts
 * (row-major, counts[n-1] fastest), giving coordinates c_1..c_n, then
 * iteration_dim[mapping[j]] = c_{j+1}.
 */
typedef struct {
    int32_t n; /* 0 = no basis: nothing distributed on this level */
    int64_t counts[LAYOUT_MAX_RANK];
    int32_t mapping[LAYOUT_MAX_RANK];
} LayoutBasis;

typedef struct {
    int32_t rank;                    /* iteration-space rank */
    int64_t bounds[LAYOUT_MAX_RANK]; /* static loop ranges; 0 = unknown */
    bool is_reduction[LAYOUT_MAX_RANK];
    int64_t workgroup[LAYOUT_MAX_RANK];         /* 0 = not tiled */
    int64_t thread[LAYOUT_MAX_RANK];            /* 0 = 1 */
    int64_t partial_reduction[LAYOUT_MAX_RANK]; /* 0 = not a (tiled) reduction dim */
    LayoutBasis lane_basis, subgroup_basis;
    int64_t subgroup_size; /* 0 = LAYOUT_WARP_SIZE; seed 000's examples use 64 */
} LayoutConfig;

typedef struct {
    NestedLayout layout;                 /* over the iteration space, on `tile` */
    int64_t tile[LAYOUT_MAX_RANK];       /* the iteration-space tile one step covers */
    int64_t iterations[LAYOUT_MAX_RANK]; /* serial steps over each dim (1 if none) */
    bool padded;                         /* layout_shape > tile somewhere: needs masking */
} LayoutConfigResult;

int64_t layout_basis_delinearize(const LayoutBasis *b, int64_t id, int32_t rank, int64_t *coords);
bool layout_basis_to_tiles(const LayoutBasis *b, int32_t rank, int64_t *tiles, int64_t *strides,
                           char *reason, size_t cap);
bool layout_from_config(const LayoutConfig *c, LayoutConfigResult *out, char *reason, size_t cap);

/* picture.c -- text form, pictures, CSV, and the `vptx layout` command */
typedef struct {
    int32_t col; /* 1-based column in the input */
    char message[LAYOUT_REASON_SIZE];
} LayoutParseError;

bool layout_parse(const char *text, NestedLayout *out, LayoutParseError *err);
void layout_print(FILE *out, const NestedLayout *l); /* parseable body, all seven fields */
void layout_picture(FILE *out, const NestedLayout *l, bool show_slots);
void layout_csv(FILE *out, const NestedLayout *l);
/* the same for subgroups of `lanes` lanes (`vptx layout --subgroup-size N`) */
void layout_picture_lanes(FILE *out, const NestedLayout *l, int64_t lanes, bool show_slots);
void layout_csv_lanes(FILE *out, const NestedLayout *l, int64_t lanes);
int layout_command(int argc, char **argv, FILE *out, FILE *err); /* exit status */

/*
 * attr.c -- between IR attributes and the plain structs above (the only
 * part of layout/ besides the assignment pass that knows ir/; the forward
 * declarations keep this header free of ir/ir.h).
 */
struct Attr;
struct Module;
struct Diag;
bool layout_of_attr(const struct Attr *a, NestedLayout *out); /* ATTR_NESTED_LAYOUT */
const struct Attr *layout_attr_new(struct Module *m, const NestedLayout *l);
/* an integer list attribute ([1, 2] or array<i64: 1, 2>) into out[0..cap): its length, or -1 */
int layout_attr_ints(const struct Attr *a, int64_t *out, int cap);
/* #iree_gpu.lowering_config<{workgroup, thread, partial_reduction, lane_basis,
 * subgroup_basis}> over an iteration space of `rank` dims with static `bounds`
 * (the vector-level tile); false with a reason if a field is malformed. */
bool layout_config_from_attr(const struct Attr *a, int32_t rank, const int64_t *bounds,
                             LayoutConfig *out, char *reason, size_t cap);
/* mma_kind from a lowering config dict, or an `#iree_gpu.mma_layout<..>` attribute itself */
bool layout_mma_from_attr(const struct Attr *a, MmaIntrinsic *out);
/* `vptx.wgmma_a = "registers"` on a wgmma contract: A is read from registers (the A
 * fragment of m64nNk16, layout_mma_fragment), not from shared memory (layout/select.c
 * sets it on a chain's P V) */
bool layout_wgmma_reg_a(const struct Attr *a);

/*
 * assign.c -- the layout assignment pass (contract block in assign.c): every
 * op with a vector result gets `vptx.layout = [layout or unit per result]`;
 * conflicts become `iree_vector_ext.to_layout` ops marked with
 * `vptx.conversion = "registers" | "shared"`.
 */
bool layout_assign(struct Module *m, struct Diag *d);

/*
 * select.c -- automatic tensor-core selection, before layout_assign: a
 * vector.contract without mma_kind gets one (and a subgroup split) when its
 * element types and shape fit a wgmma (sm_90a, opt->wgmma) or an mma.sync
 * intrinsic; an explicit mma_kind
 * that does not fit is an error.  Remarks (diag_remark) when asked.
 */
typedef struct {
    bool allow_tf32;     /* f32 x f32 -> f32 may use tf32 mma.sync */
    bool remarks;        /* one remark per contract: intrinsic, split, why */
    bool wgmma;          /* the target has wgmma (sm_90a): plain f16/bf16 -> f32 contracts
                            that fit take NV_WGMMA_F32_64xNx16_* before mma.sync */
    int pipeline_stages; /* --pipeline-stages (0: per loop): 1 keeps attention's key and
                            value blocks out of the TMA ring, so its images are static */
    bool tcgen05;        /* the target has tcgen05 (sm_100a): plain contracts that fit take
                            NV_TCGEN05_* before mma.sync */
} LayoutSelectOptions;
bool layout_select(struct Module *m, struct Diag *d, const LayoutSelectOptions *opt);
/* Would layout_select give contract `op` (op id) of function `func` a tcgen05 kind? */
bool layout_tcgen05_candidate(struct Module *m, uint32_t func, uint32_t op,
                              const LayoutSelectOptions *opt);

/*
 * Whether vector.transfer_read `read` (op id) can be a TMA copy of a wgmma ring
 * (docs/hopper.md, section 1b), as far as the read itself says: a 2-d 16-bit memref in
 * global memory, static or dynamic sizes, the identity layout or strides whose innermost
 * is 1 and whose row pitch is a multiple of 16 bytes (or dynamic), a static offset that
 * keeps the base 16-byte aligned (or a dynamic one), no mask, no permutation, and either
 * in bounds or padded with zero (TMA zero-fills what lies past the memref's sizes).
 * Dynamic row pitches are checked by the launcher, when it encodes the map.  Where the
 * memref comes from and how the read is indexed is distribute/schedule/tma_ring.c's to check.
 */
bool layout_tma_read(const struct Module *m, uint32_t read);
/* The same, saying in why (a sentence a user can act on) what keeps TMA from the read. */
bool layout_tma_read_why(const struct Module *m, uint32_t read, char *why, size_t cap);

/*
 * budget.c -- register budgets, after layout_assign: an error for a
 * per-thread contract too large for a thread (names the dim to shrink), a
 * warning when a function's vectors need more than 255 registers per thread
 * (names the largest value), a remark with the estimate when asked.
 */
bool layout_budget(struct Module *m, struct Diag *d, bool remarks);

/*
 * loop_options.c -- the options of an scf.for, each resolved in one place.  Stages: the
 * stage count of a software-pipelined loop:
 * the loop's vptx.pipeline_stages, else the lowering_config of a contract in its body,
 * else the option, else 0 (the schedule's own default).  NULL, or the error to report
 * at the loop (a count that is not an integer from 1 to LAYOUT_MAX_STAGES).
 */
enum { LAYOUT_MAX_STAGES = 8 };
typedef enum { STAGES_DEFAULT, STAGES_OPTION, STAGES_CONFIG, STAGES_ATTRIBUTE } StagesFrom;
typedef struct LoopStages {
    int64_t n;       /* 1 .. LAYOUT_MAX_STAGES, or 0: the schedule's default */
    StagesFrom from; /* where n comes from */
} LoopStages;
const char *layout_loop_stages(struct Module *m, uint32_t loop, int64_t option, LoopStages *out);
const char *layout_stages_from_name(StagesFrom from); /* "the loop's vptx.pipeline_stages" ... */
/* A switch (vptx.ping_pong, ...): the attribute (*asked) wins over the option; false when
   the attribute is not a boolean. */
bool layout_loop_flag(struct Module *m, uint32_t loop, const char *name, bool option, bool *on,
                      bool *asked);

#endif
