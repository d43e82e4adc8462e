/*
 * ptxgen/emit.h -- internal to ptxgen/: the emitter state shared by its files.
 *
 *   ptxgen.c      module and kernel framing, parameters, shared memory, the op loop,
 *                 scf control flow, .version/.target
 *   regs.c        register classes, slots, value representations, operand printing,
 *                 instruction templates (ptx.def), value ranges (index narrowing)
 *   isel_arith.c  arith.* (ints, floats, f16/bf16, compares, casts), elementwise ops
 *   isel_math.c   math.* and its precision table
 *   isel_math64.c accurate f64 sequences (f64 math.*, erf, precise sin/cos/powf)
 *   isel_mem.c    memref.* addressing, loads/stores, vector.*, affine.*
 *   isel_gpu.c    gpu.* and the sm_80 nvgpu ops (ldmatrix, mma.sync, cp.async)
 *   isel_sm90.c   mbarrier, TMA, wgmma
 *   coalesce.c    yielded values made in the loop-carried / scf.if result registers
 *
 * How values are held.  Every SSA value gets a Rep: a list of slots, each one PTX
 * register or immediate.  A scalar is one slot.  A vector<...xT> is its elements in
 * row-major order; 8- and 16-bit elements are packed into .b32 slots (`per` elements
 * per slot, element 0 in the low bits) when the element count allows it:
 *
 *     vector<4x2xf16>  ->  %r1 %r2 %r3 %r4        (mma/ldmatrix fragments as is)
 *        slot k = { bits 0-15: element 2k, bits 16-31: element 2k+1 }
 *     vector<4xf32>    ->  %f1 %f2 %f3 %f4
 *     vector<4x4xi8>   ->  4 x .b32, byte b of slot k = element 4k+b
 *
 * A memref value holds a MemRep (base address register, space, sizes and strides as
 * slots).  An index value whose range analysis proves 0 <= v < 2^31 lives in a 32-bit
 * register ("narrow"), otherwise in 64 bits.  Slots are shared freely between values
 * (vector.insert copies the slot list), which is sound because a register is written
 * once, except loop-carried and scf.if result registers, which are written by the
 * copies at yields and, where coalesce.c made a yielded value in the register itself,
 * by that value's instructions (after the last read of the register's old value).
 */
#ifndef VPTX_PTXGEN_EMIT_H
#define VPTX_PTXGEN_EMIT_H

#include "ptxgen/ptxgen.h"
#include "target/target.h"

#include <stdint.h>

typedef enum { RC_PRED, RC_B16, RC_B32, RC_B64, RC_F32, RC_F64, RC_COUNT } RegClass;
#define NAMES_LABEL RC_COUNT /* names.c: labels are named as a class of their own */

typedef struct Slot {
    uint8_t cls;    /* RegClass */
    uint8_t is_imm; /* bits holds the value (f32/f64 as IEEE bits) */
    uint32_t reg;   /* register number when !is_imm; 0 = none */
    uint64_t bits;
} Slot;

typedef enum { SP_GLOBAL, SP_SHARED, SP_LOCAL } Space;

typedef struct MemRep {
    Slot base; /* address of element [0..0]: b64 (global/local) or b32 (shared) */
    Space space;
    uint32_t rank;
    TypeId elem;     /* element type (scalar or vector) */
    uint32_t esize;  /* bytes per element */
    Slot *sizes;     /* rank entries; immediates when static */
    Slot *strides;   /* rank entries, in elements */
    int64_t align;   /* known alignment of base, bytes */
    bool readonly;   /* a kernel argument the kernel never writes */
    const char *sym; /* symbol of the buffer (shared), or NULL */
} MemRep;

typedef struct Rep {
    bool set;
    uint32_t n;  /* slots */
    uint8_t per; /* elements per slot (1, 2 or 4) */
    TypeId elem; /* scalar element type */
    Slot *slots;
    MemRep *mem; /* memrefs */
} Rep;

/* Value range of integer values: [lo, hi] and a known power-of-two divisor. */
typedef struct Range {
    int64_t lo, hi;
    int64_t div;
} Range;

/* Features that raise the .version or need a newer target. */
typedef struct Emit {
    char operand_text[16][48]; /* S()'s rotating buffers (and isel_sm90.c's addresses): per compile,
                                  so compiles may run in parallel */
    unsigned operand_next;
    Module *m;
    const PtxOptions *opt;
    Diag *d;
    const Target *target; /* opt->arch's row of target/targets.def */
    int sm;               /* target->sm: 80, 86, 89, 90, 100 */
    int version;          /* needed .version * 10 */
    bool failed;
    /* per kernel */
    /* the kernel's instructions (regs.c ins, label): grown by half again with ir_realloc,
       which moves large blocks without copying or touching the spare room; kept from one
       kernel to the next and freed at the end of the module */
    char *body;
    size_t body_len, body_cap;
    FILE *decls; /* function-scope .shared/.local declarations: decls_st->f */
    IrStream *decls_st;
    const char *kname;
    uint32_t nregs[RC_COUNT];
    uint32_t nlabels;
    Rep *rep;              /* by ValueId */
    Range *range;          /* by ValueId */
    uint32_t *uses;        /* by ValueId */
    OpId func;             /* the kernel op */
    int64_t block_size[3]; /* known block size, 0 = unknown */
    uint32_t nparams;
    /* what the current kernel argument is ("arg 1 %B: memref<?x64xf16>"), and the comment
       of the .param declared last, written after its comma (load_param) */
    char param_arg[200], param_note[260];
    FILE *params; /* the parameter list: params_st->f */
    IrStream *params_st;
    OpId cur_op; /* op being lowered, for the comment and errors */
    bool comment_done;
    bool proxy_fence; /* fence.proxy.async before every bar.sync (isel_sm90.c) */
    /* address terms of the current straight-line code (isel_mem.c add_scaled); cleared
       at every label, so an entry always dominates its reuse */
    struct AddrTerm {
        Slot acc, idx, res;
        int64_t scale;
    } addr_terms[32];
    uint32_t naddr_terms;
    /* (index register, scale) pairs already given a mad.wide in this kernel */
    struct WideTerm {
        uint32_t idx;
        int64_t scale;
    } wide_terms[32];
    uint32_t nwide_terms;
    uint32_t nshared;                /* function-scope buffer counter */
    int64_t shared_bytes;            /* static .shared bytes the kernel declares so far */
    ARRAY(OpId) shared_globals;      /* workgroup memref.globals counted in shared_bytes */
    ARRAY(const char *) entry_names; /* PTX names of the kernels emitted so far */
    uint32_t *entry_hash;            /* open addressing over entry_names (index + 1) */
    uint32_t entry_hash_cap;         /* a power of two, or 0 */
    /* 16-bit halves of packed .b32 registers (regs.c halves_*).  split[r]: the two .b16
       registers a `mov.b32 {lo, hi}, %r<r>` gave, reused while its gen is halves_gen (a
       label, where control can arrive from elsewhere, or a copy that rewrites registers
       starts a new generation).  half_of[h]: the .b32 register and half %rs<h> came from,
       valid in this kernel while that register has not been rewritten since (writes[r]:
       how often a loop-carried or scf.if result register r was assigned). */
    struct SplitEntry {
        uint32_t gen, lo, hi;
    } * split;
    struct HalfOf {
        uint32_t kgen, reg, hi, writes;
    } * half_of;
    struct Writes {
        uint32_t kgen, n;
    } * writes;
    struct Joined { /* joined[lo]: `mov.b32 %r<packed>, {%rs<lo>, %rs<hi>}` seen, same gen */
        uint32_t gen, hi, packed;
    } * joined;
    uint32_t nsplit, nhalf_of, nwrites, njoined; /* allocated entries */
    uint32_t halves_gen, kernel_gen;
    bool device;          /* the function being lowered is a device function (.func) */
    uint32_t *cfg_labels; /* a body of several blocks: the label of each block (lower_cfg) */
    RegionId cfg_region;
    uint32_t ncalls; /* calls lowered in this function: names their .params */
    /* stable register names (names.c): each register's origin and its number among the
       registers of its class made for that origin, by class and register number
       (labels too, as a class of their own: NAMES_LABEL) */
    uint32_t *reg_origin[NAMES_LABEL + 1], *reg_index[NAMES_LABEL + 1], reg_cap[NAMES_LABEL + 1];
    struct RegOrigin {
        uint32_t body, key; /* offsets into pool; key: a fixed origin's name */
        uint32_t blen;      /* strlen of the body */
        bool fixed;         /* a kernel argument, a special register, the prologue */
        uint32_t count[NAMES_LABEL + 1];
    } * origins; /* this kernel's, in the order they made their first register */
    uint32_t norigins, caporigins;
    char *pool; /* the bodies and keys */
    uint32_t npool, cappool;
    uint32_t *name_hash; /* open addressing over origins by body (index + 1) */
    uint32_t name_cap;   /* a power of two, or 0 */
    /* the origin of each Module.origins entry (by_src) and of each op without one
       (by_op) in this kernel: valid when gen is names_gen */
    struct OriginSlot {
        uint32_t gen, idx;
    } * by_src, *by_op;
    uint32_t nby_src, nby_op, names_gen;
    uint32_t fixed_origin; /* 1 + the origin of the registers made now (names_fixed), or 0 */
    OpId origin_op;        /* origin_idx is the origin of origin_op, when origin_cached */
    uint32_t origin_idx;
    bool origin_cached;
    /* module */
    uint8_t *role;        /* by OpId: module_func_roles */
    bool printf_declared; /* vprintf's .extern declaration is in globals */
    uint32_t nstrings;    /* gpu.printf format strings so far */
    FILE *globals;        /* module-scope .shared / .extern: globals_st->f */
    IrStream *globals_st;
    bool have_dyn_smem;
    int64_t dyn_smem_align;
    bool *written;          /* by ValueId: a kernel argument some op may write through */
    int64_t *root_align;    /* by OpId: required alignment of a buffer-defining op / global */
    SymTab globals_by_name; /* memref.global by sym_name (scope 0): get_global's lookup */
    SymTab funcs_by_name;   /* module_index_funcs: func.call's lookup */
    /* by ValueId * 4: registers an mma.sync result should be made in, when its elements
       are yielded to an scf.for's iter_arg (lower_for): no copy at the yield then */
    Slot *mma_hint;
} Emit;

/* ---- ptxgen.c ---- */
bool mma_hint_safe(Emit *e, OpId mma, Slot r); /* r's old value is read no more after mma */

/* ---- coalesce.c ---- */
/* Renames, in the body text from `from` on, the registers of src born there (numbered
 * above nregs_from) to their dst where the live ranges allow; updates src. */
void coalesce_yield(Emit *e, const Slot *dst, Slot *src, uint32_t n, size_t from,
                    const uint32_t *nregs_from);

/* ---- regs.c ---- */
RegClass reg_class_of(TypeId scalar);
Slot new_reg(Emit *e, RegClass c);
Slot imm_slot(RegClass c, uint64_t bits);
const char *S(Emit *e, Slot s);     /* "%r12", "0f3F800000", "42"; ring buffer of 16 strings */
const char *cls_bits(RegClass c);   /* "b32" */
const char *cls_prefix(RegClass c); /* "%r" */
const char *cls_decl(RegClass c);   /* ".b32" */
unsigned cls_width(RegClass c);
Slot as_reg(Emit *e, Slot s);                        /* materialise an immediate with mov */
Slot to_cls(Emit *e, Slot s, RegClass c, bool sign); /* int width change / bit reinterpret */
Rep *rep_of(Emit *e, ValueId v); /* lowered representation of an operand (must be set) */
Rep *rep_new(Emit *e, ValueId v, uint32_t nslots, uint8_t per, TypeId elem);
void rep_scalar(Emit *e, ValueId v, Slot s);
Slot scalar_of(Emit *e, ValueId v);             /* the single slot of a scalar operand */
uint8_t pack_factor(const Module *m, TypeId t); /* elements per slot for a value of type t */
uint32_t slot_count(const Module *m, TypeId t);
bool is_narrow(Emit *e, ValueId v);                        /* index value held in 32 bits */
void ins(Emit *e, const char *fmt, ...) PRINTF_LIKE(2, 3); /* one instruction line */
void label(Emit *e, uint32_t l);
void halves_forget(Emit *e);              /* a label: drop the unpack cache */
void halves_rewritten(Emit *e, Slot dst); /* dst is assigned again (parallel copy) */
void halves_new_kernel(Emit *e);
void halves_free(Emit *e);
void halves_split(Emit *e, Slot packed, Slot *lo, Slot *hi); /* mov.b32 {lo, hi}, once */
bool halves_joined(Emit *e, Slot lo, Slot hi, Slot *packed); /* lo, hi = halves of packed */
Slot halves_pack(Emit *e, Slot lo, Slot hi); /* mov.b32 d, {lo, hi}, once per stretch */
uint32_t new_label(Emit *e);
bool fail(Emit *e, Loc loc, const char *fmt, ...) PRINTF_LIKE(3, 4);
bool fail_op(Emit *e, const char *fmt, ...) PRINTF_LIKE(2, 3); /* "'op.name' <msg>" at cur_op */
/* the target has every feature of f (TF_*, target/target.h), else an error naming the
   first target that has them */
bool need_feature(Emit *e, unsigned f, const char *what);
void need_version(Emit *e, int v10);
void reset_kernel_values(Emit *e, OpId func); /* rep, uses, range of the kernel's values */
void compute_ranges(Emit *e, OpId func);
const Range *range_of(Emit *e, ValueId v);
Range affine_expr_range(Emit *e, const ValueId *ops, const AffineMap *map, const AffineExpr *x);
int combining_kind_of(Emit *e, OpId o);                    /* attr `kind` or `op`; -1 if unknown */
Slot combine(Emit *e, OpKind k, TypeId t, Slot a, Slot b); /* one combining step */
/* arith.maximumf / minimumf on f32 or f64 (NaN-propagating) */
Slot ptxgen_float_minmax_nan(Emit *e, OpKind k, TypeId t, Slot a, Slot b);

/* ptx.def lookups: expand a template for op kind k and operand family */
typedef enum { FAM_PRED, FAM_INT, FAM_UINT, FAM_FLOAT, FAM_HALF, FAM_BF16 } Family;
bool tpl_find(OpKind k, Family f, int sm, const char **tpl);
void tpl_emit(Emit *e, const char *tpl, const char *type, Slot d, const Slot *a, int na);

/* ---- isel_call.c: device functions and calls ---- */
bool ptxgen_device_prototype(Emit *e, OpId f, const char *name, FILE *out);
bool ptxgen_device_header(Emit *e, OpId f, const char *name, FILE *out);
bool ptxgen_device_params(Emit *e, OpId f, BlockId entry);
bool ptxgen_device_return(Emit *e, OpId o);
bool ptxgen_lower_call(Emit *e, OpId o);
const char *ptxgen_ptx_name(Emit *e, const char *sym); /* ptxgen.c: a PTX identifier */

/* ---- names.c: stable register names ---- */
void names_note(Emit *e, unsigned c, uint32_t num); /* new_reg made register num of class c,
                                                       new_label label num (c: NAMES_LABEL) */
void names_fixed(Emit *e, const char *s);           /* registers made from now are named after s */
void names_fixed_end(Emit *e);                      /* ... until this */
char *names_put(const Emit *e, char *p, RegClass c, uint32_t num); /* "%f_sum_3" at p */
/* the label `$L__<kernel>_<num>` as it is written, `$L__<kernel>_sum_0`, at p */
char *names_put_label(const Emit *e, char *p, uint32_t num);
#define NAMES_MAX 200 /* room for a register's name (a label's: and the kernel's name) */
void names_declare(const Emit *e, FILE *out); /* the kernel's .reg lines */
void names_new_kernel(Emit *e);
void names_free(Emit *e);

/* ---- cleanup.c ---- */
/* writes body to out without repeated or dead instructions; returns how many went */
uint32_t ptx_cleanup_write(Emit *e, const char *body, size_t len, FILE *out);

/* ---- isel_*.c: lower one op; return false after an error ---- */
bool isel_arith(Emit *e, OpId o);
/* d = a / b or a % b (k: OP_DIVUI / OP_REMUI) as shr / and when b is a power-of-two
   immediate; false (nothing emitted) otherwise */
bool pow2_divide(Emit *e, OpKind k, RegClass c, Slot a, Slot b, Slot d);
bool isel_math(Emit *e, OpId o);
Slot math_scalar_f32(Emit *e, OpKind k, const Slot *a, int na);
/* ---- isel_math64.c ---- */
Slot ptxgen_math_f64(Emit *e, OpKind k, const Slot *a, int na);
Slot ptxgen_math_f32_via_f64(Emit *e, OpKind k, const Slot *a, int na);
Slot ptxgen_remf64(Emit *e, Slot x, Slot y); /* arith.remf (C fmod) on f64 values */
bool isel_mem(Emit *e, OpId o);
bool isel_vector(Emit *e, OpId o);
bool isel_affine(Emit *e, OpId o);
bool isel_gpu(Emit *e, OpId o);
bool isel_nvgpu(Emit *e, OpId o);
bool isel_sm90(Emit *e, OpId o);
bool isel_sm100(Emit *e, OpId o);         /* isel_sm100.c: the vptx.tcgen05_* ops */
bool sm100_check_kernel(Emit *e, OpId f); /* one CTA group a kernel; cta_group::2 in pairs */
bool isel_upstream(Emit *e, OpId o);      /* isel_upstream.c: the upstream ops of issue 25 */
/* registers of a !gpu.mma_matrix fragment, and its elements a register (*per) */
uint32_t wmma_frag_regs(const Module *m, TypeId t, uint8_t *per);
bool ptxgen_lower_body(Emit *e, BlockId b, ValueId *yielded, uint32_t *nyielded);

/* shared helpers */
int64_t pow2_align(int64_t align, int64_t off); /* min(align, largest 2^k dividing off) */
const char *declare_shared(Emit *e, TypeId memref, int64_t align, Loc loc);
/* Counts workgroup global g (once per kernel) toward the 48 KB of static .shared. */
bool count_shared_global(Emit *e, OpId g, int64_t align, Loc loc);
bool shared_memref(Emit *e, ValueId v, const char *sym, int64_t align);
void compute_root_align(Emit *e);
void unpack_all(Emit *e, Rep *r, Slot *out); /* every element as a scalar slot */
Slot elem_zero(TypeId t);
const char *ftype(TypeId t);                   /* "f32" "f64" "f16" "bf16" */
Slot unpack_elem(Emit *e, Rep *r, uint32_t i); /* element i of a vector as a scalar slot */
void pack_elems(Emit *e, Rep *dst, const Slot *elems, uint32_t n); /* fill dst->slots */
Slot widen(Emit *e, Slot s);                /* index/int slot -> b64 (zero-extends narrow values) */
void identity_strides(Emit *e, MemRep *mr); /* row-major strides from mr->sizes */
Slot narrow32(Emit *e, Slot s);             /* int slot -> b32 (truncates) */
Slot index_slot(Emit *e, ValueId v, bool want_narrow);
bool elementwise(Emit *e, OpId o); /* apply a scalar lowering per element */
int64_t attr_int_or(const Attr *a, int64_t dflt);
const char *attr_enum_value(const Attr *a); /* ENUM value or STRING, else NULL */
MemRep *mem_of(Emit *e, ValueId v);
Slot mem_address(Emit *e, MemRep *mr, const ValueId *idx, uint32_t nidx, int64_t *imm,
                 int64_t *align);
const char *space_name(Space s); /* "global" "shared" "local" */
Slot shared_addr32(Emit *e, ValueId memref, const ValueId *idx, uint32_t nidx);
OpId mem_root(Emit *e, ValueId v); /* op (alloc/get_global/...) that made the buffer */
void lower_scalar_into(Emit *e, OpId o, uint32_t elem, Slot *d, const Slot *a, int na,
                       TypeId elem_type, bool *ok);

#endif
