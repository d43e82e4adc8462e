/*
 * ir/verify_impl.h -- what the verify*.c files share: the Verifier, the
 * operand/type accessors and the helpers that report.  Not part of the public
 * API (ir_verify() is declared in ir.h).
 *
 *   verify.c         the framework: messages, type/operand/attribute helpers,
 *                    structure and dominance, the checks every op gets, and
 *                    the one switch over OpKind that calls the rules below
 *   verify_core.c    func, gpu.func, scf, arith, math, memref, affine rules
 *   verify_vector.c  vector, iree_vector_ext and layout rules
 *   verify_gpu.c     gpu and nvgpu rules
 *   verify_host.c    host code: gpu.launch_func, gpu.launch, gpu.alloc, vector.print, ...
 */
#ifndef VPTX_IR_VERIFY_IMPL_H
#define VPTX_IR_VERIFY_IMPL_H

#include "ir/ir.h"

/* vectors/memrefs of higher rank are rejected before indexing arrays */
#define VERIFY_MAX_RANK 16

/* The state of one ir_verify() run. */
typedef struct Verifier {
    Module *m;
    Diag *d;
    /* Where each op sits, filled by place() from walking the regions (not from
     * Op.parent, so a wrong parent link cannot mislead the dominance check). */
    uint32_t *pos;     /* [op] 1 + index in its block; 0 = not placed */
    BlockId *block_of; /* [op] containing block */
    OpId *owner;       /* [op] op whose region holds it; 0 for the top op */
    OpId *block_owner; /* [block] op whose region holds it */
    SymTab syms;       /* (symbol table op, kind, sym_name) -> op, filled by place() */
    uint32_t nerrors;
    char tybuf[4][256]; /* ring of formatted types for one message */
    unsigned tynext;
} Verifier;

/* Element classes of the arith/math/vector rules. */
typedef enum {
    CLS_INT,    /* i1..i64 and index */
    CLS_IWIDTH, /* i1..i64: integers with a bit width (casts) */
    CLS_FLOAT,
    CLS_ANY, /* any integer or float */
} ElemClass;

/* How a one-operand cast may change the element width (verify_cast). */
typedef enum {
    WIDTH_ANY,      /* sitofp, fptosi, ... */
    WIDTH_WIDER,    /* extf, extsi, extui */
    WIDTH_NARROWER, /* truncf, trunci */
    WIDTH_SAME,     /* bitcast */
    WIDTH_INDEX,    /* index_cast: exactly one side is index */
} WidthRule;

/* Names an operand or result in messages: "operand #1" / "result #0". */
typedef struct {
    bool is_result;
    uint32_t index;
} Slot;

/* ------------------------------------------------------------ accessors */

/* Small accessors, shared as static inline functions (no linkage). */
static inline const char *
name_of(const Verifier *v, OpId o)
{
    OpKind k = v->m->ops[o].kind;
    return (unsigned)k < OP_COUNT ? op_info[k].name : "<unknown op>";
}

static inline const Type *
ty(const Verifier *v, TypeId t)
{
    static const Type invalid = { .kind = TY_INVALID };
    return t < v->m->ntypes ? &v->m->types[t] : &invalid;
}

static inline TypeId
arg_type(const Verifier *v, OpId o, uint32_t i)
{
    return v->m->values[v->m->ops[o].args[i]].type;
}

static inline TypeId
res_type(const Verifier *v, OpId o, uint32_t i)
{
    return v->m->values[v->m->ops[o].res[i]].type;
}

static inline bool
is_vec(const Verifier *v, TypeId t)
{
    return ty(v, t)->kind == TY_VECTOR;
}

static inline bool
is_mem(const Verifier *v, TypeId t)
{
    return ty(v, t)->kind == TY_MEMREF;
}

static inline TypeId
elem_of(const Verifier *v, TypeId t)
{
    const Type *x = ty(v, t);
    return x->kind == TY_VECTOR || x->kind == TY_MEMREF ? x->elem : t;
}

static inline uint32_t
rank_of(const Verifier *v, TypeId t)
{
    const Type *x = ty(v, t);
    return x->kind == TY_VECTOR || x->kind == TY_MEMREF ? x->rank : 0;
}

static inline int64_t
dim_of(const Verifier *v, TypeId t, uint32_t i)
{
    return ty(v, t)->shape[i];
}

static inline int64_t
num_elements(const Verifier *v, TypeId t)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < rank_of(v, t); i++)
        n *= dim_of(v, t, i);
    return n;
}

static inline bool
is_memspace(const Verifier *v, TypeId t, int32_t ms)
{
    return ty(v, t)->memspace == ms;
}

static inline Slot
operand(uint32_t i)
{
    return (Slot){ false, i };
}

static inline Slot
result(uint32_t i)
{
    return (Slot){ true, i };
}

static inline TypeId
slot_type(const Verifier *v, OpId o, Slot s)
{
    return s.is_result ? res_type(v, o, s.index) : arg_type(v, o, s.index);
}

static inline const char *
slot_word(Slot s)
{
    return s.is_result ? "result" : "operand";
}

static inline bool
valid_op(const Verifier *v, OpId o)
{
    return o != 0 && o < v->m->nops;
}

static inline OpKind
kind_of(const Verifier *v, OpId o)
{
    return v->m->ops[o].kind;
}

/* verify.c: messages, located at o and reading `'op.name' <message>` */
void verify_fail(Verifier *v, OpId o, const char *fmt, ...) PRINTF_LIKE(3, 4);
const char *verify_tname(Verifier *v, TypeId t); /* t's spelling, valid until four more calls */
/* "vector<4x8xf32>" for a shape that is not (yet) an interned type */
const char *verify_vname(Verifier *v, const int64_t *shape, uint32_t rank, TypeId elem);

/* verify.c: operand and result types; each reports and returns false if not */
/* ok, or "<slot> has type T but must be <what>" */
bool verify_want(Verifier *v, OpId o, Slot s, bool ok, const char *what);
bool verify_want_type(Verifier *v, OpId o, Slot s, TypeId t); /* slot s has type t */
bool verify_want_same(Verifier *v, OpId o, Slot s, Slot r);   /* slot s has slot r's type */
bool verify_want_index(Verifier *v, OpId o, Slot s);
/* operands [first, first + n) are all index-typed */
bool verify_want_indices(Verifier *v, OpId o, uint32_t first, uint32_t n);
bool verify_want_vector(Verifier *v, OpId o, Slot s); /* of rank <= VERIFY_MAX_RANK */
bool verify_want_memref(Verifier *v, OpId o, Slot s); /* of rank <= VERIFY_MAX_RANK */
bool verify_want_kind(Verifier *v, OpId o, Slot s, TypeKind k, const char *what);
/* have is in [lo, hi], or "expects lo to hi <what> but has <have>" */
bool verify_want_count(Verifier *v, OpId o, const char *what, uint32_t have, uint32_t lo,
                       uint32_t hi);

/* verify.c: attributes */
const char *verify_attr_kind_name(AttrKind k); /* "an integer", "a dense elements", ... */
/* The attribute `name` of kind k, or NULL after reporting (if required) or when absent. */
const Attr *verify_get_attr(Verifier *v, OpId o, const char *name, AttrKind k, bool required);
/* A list of integers, `[1, 2]` or `array<i64: 1, 2>`, into out: the count,
 * -1 when absent (and not required), -2 after reporting. */
int verify_get_ints(Verifier *v, OpId o, const char *name, int64_t *out, uint32_t cap,
                    bool required);
/* An integer attribute's value; false when absent/wrong (reported if required or wrong). */
bool verify_get_int(Verifier *v, OpId o, const char *name, int64_t *out, bool required);
/* The value of an enum-like attribute: #dialect.name<value>, #dialect<name value> or "value". */
const char *verify_get_enum(Verifier *v, OpId o, const char *name, bool required);
/* Operand groups from operandSegmentSizes, one spec letter per group: '1' exactly one,
 * '?' zero or one, '*' any number.  Fills start[] and size[]; false after reporting. */
bool verify_segments(Verifier *v, OpId o, const char *spec, uint32_t *start, uint32_t *size);
const char *verify_sym_name_of(const Verifier *v, OpId o); /* sym_name, or "?" */

/* verify_core.c */
void verify_func(Verifier *v, OpId o);
void verify_gpu_func(Verifier *v, OpId o);
void verify_return(Verifier *v, OpId o, OpKind func);
void verify_call(Verifier *v, OpId o);
void verify_container(Verifier *v, OpId o);
void verify_for(Verifier *v, OpId o);
void verify_if(Verifier *v, OpId o);
void verify_yield(Verifier *v, OpId o);
/* All operands and results have operand #0's type: a c-class scalar or vector. */
void verify_same_types(Verifier *v, OpId o, ElemClass c);
void verify_compare(Verifier *v, OpId o, ElemClass c, int64_t npred);
void verify_select(Verifier *v, OpId o);
void verify_cast(Verifier *v, OpId o, ElemClass from, ElemClass to, WidthRule rule);
void verify_constant(Verifier *v, OpId o);
/* memref operand at `mem`, then `nidx` index operands from `first` */
bool verify_check_memref_access(Verifier *v, OpId o, uint32_t mem, uint32_t first, uint32_t nidx);
void verify_alloc(Verifier *v, OpId o);
void verify_memref_load(Verifier *v, OpId o);
void verify_memref_store(Verifier *v, OpId o);
void verify_subview(Verifier *v, OpId o);
void verify_view(Verifier *v, OpId o);
void verify_global(Verifier *v, OpId o);
void verify_get_global(Verifier *v, OpId o);
void verify_dim(Verifier *v, OpId o);
void verify_affine_apply(Verifier *v, OpId o);
void verify_linearize_index(Verifier *v, OpId o);
void verify_delinearize_index(Verifier *v, OpId o);

/* verify_linalg.c: linalg, tensor and bufferization ops */
void verify_linalg_op(Verifier *v, OpId o);

/* verify_vector.c */
/* The combining kind in attribute `name`: KIND_ADD when absent and optional,
 * -1 after reporting. */
int verify_get_combining_kind(Verifier *v, OpId o, const char *name, bool required);
/* kind k (-1: already reported) applies to element type e, as MLIR's isSupportedCombiningKind */
void verify_check_kind_fits(Verifier *v, OpId o, int k, TypeId e);
void verify_transfer_read(Verifier *v, OpId o);
void verify_transfer_write(Verifier *v, OpId o);
void verify_vector_load(Verifier *v, OpId o);
void verify_vector_store(Verifier *v, OpId o);
void verify_contract(Verifier *v, OpId o);
void verify_multi_reduction(Verifier *v, OpId o);
void verify_reduction(Verifier *v, OpId o);
void verify_broadcast(Verifier *v, OpId o);
void verify_transpose(Verifier *v, OpId o);
void verify_shape_cast(Verifier *v, OpId o);
void verify_extract(Verifier *v, OpId o);
void verify_insert(Verifier *v, OpId o);
void verify_extract_strided_slice(Verifier *v, OpId o);
void verify_insert_strided_slice(Verifier *v, OpId o);
void verify_splat(Verifier *v, OpId o);
void verify_step(Verifier *v, OpId o);
void verify_create_mask(Verifier *v, OpId o);
void verify_constant_mask(Verifier *v, OpId o);
void verify_vector_bitcast(Verifier *v, OpId o);
void verify_from_elements(Verifier *v, OpId o);
void verify_vector_fma(Verifier *v, OpId o);
void verify_to_layout(Verifier *v, OpId o);
void verify_simt_simd(Verifier *v, OpId o);
/* #iree_codegen.translation_info on any op: at most 1024 threads */
void verify_check_translation_info(Verifier *v, OpId o);

/* verify_gpu.c */
void verify_gpu_id(Verifier *v, OpId o, bool has_dimension);
void verify_shuffle(Verifier *v, OpId o);
void verify_subgroup_reduce(Verifier *v, OpId o);
void verify_dynamic_shared_memory(Verifier *v, OpId o);
bool verify_want_tensormap(Verifier *v, OpId o, Slot s); /* an !nvgpu.tensormap.descriptor */
void verify_ldmatrix(Verifier *v, OpId o);
void verify_mma_sync(Verifier *v, OpId o);
void verify_mma_sp_sync(Verifier *v, OpId o);
void verify_device_async_copy(Verifier *v, OpId o);
void verify_async_create_group(Verifier *v, OpId o);
void verify_async_wait(Verifier *v, OpId o);
void verify_mbarrier_create(Verifier *v, OpId o);
void verify_mbarrier_op(Verifier *v, OpId o, const char *layout, uint32_t required);
void verify_mbarrier_arrive(Verifier *v, OpId o);
void verify_tma_load(Verifier *v, OpId o);
void verify_tma_store(Verifier *v, OpId o);
void verify_tma_create_descriptor(Verifier *v, OpId o);
void verify_tma_prefetch(Verifier *v, OpId o);
void verify_wg_generate_descriptor(Verifier *v, OpId o);
/* an !nvgpu.warpgroup.accumulator of a fragmented vector */
bool verify_want_accumulator(Verifier *v, OpId o, Slot s);
void verify_warpgroup_mma(Verifier *v, OpId o);
void verify_warpgroup_mma_store(Verifier *v, OpId o);
void verify_wgmma_shared(Verifier *v, OpId o);
void verify_tcgen05(Verifier *v, OpId o); /* the vptx.tcgen05_* ops (sm_100a) */
void verify_wgmma_reg_a(Verifier *v, OpId o);

/* verify_host.c: the host-side ops of ops.def ("host code") */
void verify_host_op(Verifier *v, OpId o);
/* verify_upstream.c: the ops of issue 25 (docs/upstream-mlir.md) */
void verify_upstream(Verifier *v, OpId o);

#endif
