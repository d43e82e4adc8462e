/*
 * ir/ir.h -- vptx's SSA IR: types, attributes, affine maps, values, ops,
 * blocks, regions, modules; diagnostics; the arena.
 *
 * The IR mirrors MLIR's generic op model one to one: an op is a kind, a list
 * of operand values, a list of result values, a dictionary of named
 * attributes and a list of regions.  Custom syntax is only a spelling of that
 * (ir/parse*.c parses it, ir/print.c prints it); attribute names are MLIR's own
 * (those of `mlir-opt --mlir-print-op-generic`).
 *
 * Ownership rules
 *   - One Arena per Module holds everything the IR points to: types' shape
 *     arrays, attributes, strings, op operand/result/attr/region arrays,
 *     block op lists.  module_free() releases it all; nothing is freed alone.
 *   - Values, ops, blocks, regions and types live in growable arrays on the
 *     Module and are named by 32-bit ids (index 0 = "none").  Hold ids, never
 *     `Op *` / `Value *` across a call that may create ops, values, blocks,
 *     regions or types: the arrays move when they grow.
 *   - Attr trees are immutable once built and may be shared.
 *   - Loc.file indexes the files of the Diag the module was parsed with.
 *   - Per-pass facts live in side tables indexed by id, owned by the pass.
 */
#ifndef VPTX_IR_IR_H
#define VPTX_IR_IR_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "port.h" /* PRINTF_LIKE, NORETURN, the builtins tcc lacks */

/* Internal compiler errors: print where and abort (sanitizers show a stack). */
NORETURN void ir_ice(const char *file, int line, const char *msg);
#define ICE(msg)      ir_ice(__FILE__, __LINE__, msg)
#define UNREACHABLE() ir_ice(__FILE__, __LINE__, "unreachable")

/* ---------------------------------------------------------------- alloc.c */

/* The compiler's heap outside arenas.  These never return NULL: a failure
 * inside an OomScope frees every block of the scope and longjmps to it
 * (ir_oom); outside one it is an ICE.  Blocks from ir_malloc go back through
 * ir_free, never free().  The usage, at an API boundary:
 *
 *     OomScope s;
 *     if (setjmp(s.jump) == 0) { ir_oom_enter(&s); ...work...; ir_oom_leave(&s, false); }
 *     else { ir_oom_leave(&s, true); ...report "out of memory"...; }
 */
typedef struct AllocHead AllocHead;
struct AllocHead {
    AllocHead *prev, *next;
    bool is_stream;
};
typedef struct OomScope {
    jmp_buf jump;
    AllocHead live; /* circular list of the scope's blocks */
    struct OomScope *outer;
} OomScope;
/* An in-memory output stream whose buffer is released with it. */
typedef struct IrStream {
    FILE *f;
    char *buf; /* valid after fflush(f) */
    size_t len;
} IrStream;

void *ir_malloc(size_t n);
void *ir_calloc(size_t count, size_t size);
void *ir_realloc(void *p, size_t n);
void ir_free(void *p);
IrStream *ir_stream_open(void);
void ir_stream_close(IrStream *st);
void ir_oom_enter(OomScope *s);
/* release: free what the scope still holds (after an unwind); else only forget it */
void ir_oom_leave(OomScope *s, bool release);
NORETURN void ir_oom(void);
/* Tests only: make the nth allocation from now fail (0: never).  Thread-local.
 * Returns the countdown it replaces: 0 once the failure happened. */
long ir_alloc_fail_at(long n);
/* Counts one allocation against ir_alloc_fail_at; true when this one must fail. */
bool ir_alloc_should_fail(void);

/* ---------------------------------------------------------------- arena.c */

typedef struct ArenaChunk ArenaChunk;
typedef struct Arena {
    ArenaChunk *head; /* newest chunk first */
} Arena;
typedef struct ArenaMark {
    ArenaChunk *chunk;
    size_t used;
} ArenaMark;

void *arena_alloc(Arena *a, size_t size); /* zeroed, 16-byte aligned; aborts on OOM */
void *arena_copy(Arena *a, const void *p, size_t size);
char *arena_strdup(Arena *a, const char *s);
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_printf(Arena *a, const char *fmt, ...) PRINTF_LIKE(2, 3);
ArenaMark arena_mark(Arena *a);
void arena_release(Arena *a, ArenaMark m); /* frees everything allocated after m */
void arena_free(Arena *a);
size_t arena_bytes(const Arena *a); /* bytes handed out (rounded to 16), for tests and figures */

/* Growable array of T in an arena: `ARRAY(Foo) list = {0}; ARRAY_PUSH(a, list, x);`
 * Growth copies into a fresh arena block; the old block stays until the arena dies. */
#define ARRAY(T)                                                                                   \
    struct {                                                                                       \
        T *items;                                                                                  \
        uint32_t n, cap;                                                                           \
    }
#define ARRAY_PUSH(arena, arr, x)                                                                  \
    do {                                                                                           \
        if ((arr).n == (arr).cap)                                                                  \
            (arr).items = array_grow((arena), (arr).items, &(arr).cap, sizeof *(arr).items);       \
        (arr).items[(arr).n++] = (x);                                                              \
    } while (0)
void *array_grow(Arena *a, void *items, uint32_t *cap, size_t elem_size);

/* ----------------------------------------------------------------- diag.c */

typedef struct Loc {
    uint32_t file; /* index into Diag.files; 0 = no location */
    uint32_t line, col;
    /* the source op this op comes from: an index into Module.origins, set by the parser
       and inherited with the rest of the location by every op made from it (tile,
       distribute, ...); 0 = none.  ptxgen names registers after it (stable names). */
    uint32_t origin;
} Loc;

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE, DIAG_REMARK } DiagLevel;

typedef struct DiagRecord {
    DiagLevel level;
    Loc loc;
    char *msg; /* owned by the Diag */
} DiagRecord;

typedef struct DiagFile {
    char *name;
    char *text; /* a copy of the source, for carets; may be NULL */
    size_t len;
    bool borrowed; /* text is the caller's, not a copy (diag_keep_texts) */
} DiagFile;

/* Collects diagnostics for the caller; never prints or exits by itself.
 * Errors past max_errors are counted but not recorded. */
typedef struct Diag {
    DiagFile *files; /* files[0] is the "unknown" file */
    uint32_t nfiles, capfiles;
    DiagRecord *recs;
    uint32_t nrecs, caprecs;
    uint32_t nerrors;
    uint32_t max_errors; /* default 20 */
    bool out_of_memory;  /* a record or file copy was dropped for want of memory */
    bool borrow_next;    /* the next diag_add_file keeps the caller's text, not a copy */
} Diag;

void diag_init(Diag *d);
void diag_free(Diag *d);
uint32_t diag_add_file(Diag *d, const char *name, const char *text, size_t len);
/* Ends the borrowing of d->borrow_next: a borrowed text that a diagnostic points into is
 * copied (it is needed for the caret), any other is forgotten.  Call it while the
 * borrowed text is still there, before d outlives it. */
void diag_keep_texts(Diag *d);
void diag_error(Diag *d, Loc loc, const char *fmt, ...) PRINTF_LIKE(3, 4);
void diag_warning(Diag *d, Loc loc, const char *fmt, ...) PRINTF_LIKE(3, 4);
void diag_note(Diag *d, Loc loc, const char *fmt, ...) PRINTF_LIKE(3, 4);
/* an optimisation remark (--remarks): what a pass decided and why; not an error */
void diag_remark(Diag *d, Loc loc, const char *fmt, ...) PRINTF_LIKE(3, 4);
void diag_verror(Diag *d, DiagLevel level, Loc loc, const char *fmt, va_list ap) PRINTF_LIKE(4, 0);
bool diag_has_errors(const Diag *d);
const char *diag_file_name(const Diag *d, uint32_t file);
/* `file:line:col: error: msg`, the source line and a caret, for every record. */
void diag_render(const Diag *d, FILE *out);

/* ------------------------------------------------------------------ types */

typedef uint32_t TypeId;   /* index into Module.types; interned: equal types, equal ids */
typedef uint32_t ValueId;  /* index into Module.values; 0 = none */
typedef uint32_t OpId;     /* index into Module.ops; 0 = none */
typedef uint32_t BlockId;  /* index into Module.blocks; 0 = none */
typedef uint32_t RegionId; /* index into Module.regions; 0 = none */

/* The scalar kinds come first and their TypeIds equal their kinds: the type
 * id of f32 is TY_F32 in every module. */
typedef enum {
    TY_INVALID = 0,
    TY_I1,
    TY_I4, /* packed 8 to a 32-bit register; only in vectors (ir/verify.c verify_i4) */
    TY_I8,
    TY_I16,
    TY_I32,
    TY_I64,
    TY_INDEX,
    TY_F16,
    TY_BF16,
    TY_F32,
    TY_F64,
    TY_TF32,
    TY_F8E4M3FN, /* fp8: sign, 4 exponent bits (bias 7), 3 mantissa bits; no infinities,
                    S.1111.111 is NaN (max 448) */
    TY_F8E5M2,   /* fp8: sign, 5 exponent bits (bias 15), 2 mantissa bits, IEEE-like */
    /* AMD's fp8 variants (f8E4M3FNUZ: bias 8, max 240; f8E5M2FNUZ: bias 16, max 57344): no
       infinities, no negative zero, 0x80 the only NaN.  They parse, print and evaluate;
       NVIDIA GPUs have no instruction for them (a located error in ptxgen). */
    TY_F8E4M3FNUZ,
    TY_F8E5M2FNUZ,
    TY_I128, /* only moved: loads, stores, arith.select (ir/verify.c verify_i128); two b64
                registers in ptxgen, two Scalars (low half first) in eval */
    TY_LAST_SCALAR = TY_I128,
    TY_VECTOR,         /* elem, rank, shape (rank 0 = vector<f32>) */
    TY_MEMREF,         /* elem, rank, shape (DIM_DYNAMIC = ?), layout, memspace */
    TY_FUNCTION,       /* nins/ins, nouts/outs */
    TY_MBARRIER_GROUP, /* !nvgpu.mbarrier.group<memorySpace = MS, num_barriers = N> */
    TY_TENSORMAP,      /* !nvgpu.tensormap.descriptor<tensor = elem, swizzle = ..., ...> */
    TY_WG_DESCRIPTOR,  /* !nvgpu.warpgroup.descriptor<tensor = elem> */
    TY_WG_ACCUMULATOR, /* !nvgpu.warpgroup.accumulator<fragmented = elem> */
    TY_ASYNC_TOKEN,    /* !nvgpu.device.async.token */
    TY_MBARRIER_TOKEN, /* !nvgpu.mbarrier.token (result of nvgpu.mbarrier.arrive) */
    TY_GPU_TOKEN,      /* !gpu.async.token (host code: gpu.wait, gpu.alloc async, ...) */
    TY_MMA_MATRIX,     /* !gpu.mma_matrix<RxCxT, "AOp"|"BOp"|"COp">: elem, rank 2, shape,
                          mma_operand (a warp's WMMA fragment) */
    TY_TENSOR,         /* elem, rank, shape (DIM_DYNAMIC = ?): op-level values (linalg) */
} TypeKind;

#define DIM_DYNAMIC INT64_MIN /* a `?` in a shape, stride or offset */

/* Memory spaces as integers (MLIR's NVVM numbering). */
enum { MS_DEFAULT = 0, MS_GLOBAL = 1, MS_WORKGROUP = 3, MS_PRIVATE = 5 };
/* AMD's #amdgpu.address_space<...>: parsed and printed so that vptx can say, once per
 * function (ir/target.c), that it targets NVIDIA memory spaces only */
enum { MS_AMD_FAT_RAW_BUFFER = 1000, MS_AMD_BUFFER_RSRC, MS_AMD_FAT_STRUCTURED_BUFFER };
extern const char *const amd_memspace_names[3]; /* "fat_raw_buffer", ... */

/* nvgpu tensormap parameters */
typedef enum { SWIZZLE_NONE, SWIZZLE_32B, SWIZZLE_64B, SWIZZLE_128B } Swizzle;
typedef enum { L2PROMO_NONE, L2PROMO_64B, L2PROMO_128B, L2PROMO_256B } L2Promo;
typedef enum { OOB_ZERO, OOB_NAN } OobFill;
typedef enum { INTERLEAVE_NONE, INTERLEAVE_16B, INTERLEAVE_32B } Interleave;

struct Attr;

typedef struct Type {
    TypeKind kind;
    TypeId elem;          /* VECTOR, MEMREF, TENSOR; TENSORMAP/WG_DESCRIPTOR: the tensor memref;
                             WG_ACCUMULATOR: the fragmented vector */
    uint32_t rank;        /* VECTOR, MEMREF, TENSOR */
    const int64_t *shape; /* VECTOR, MEMREF, TENSOR: rank dims */
    const struct Attr *layout; /* MEMREF: NULL = identity, else ATTR_STRIDED or ATTR_AFFINE_MAP */
    int32_t memspace;          /* MEMREF, MBARRIER_GROUP: MS_* number */
    bool memspace_gpu;         /* spelled #gpu.address_space<...> rather than as an integer */
    uint32_t nins, nouts;      /* FUNCTION */
    const TypeId *ins, *outs;
    int64_t num_barriers; /* MBARRIER_GROUP (default 1) */
    uint8_t swizzle, l2promo, oob,
        interleave;      /* TENSORMAP: Swizzle, L2Promo, OobFill, Interleave */
    bool unranked;       /* MEMREF: memref<*xT> (rank 0, no shape) */
    uint8_t mma_operand; /* MMA_MATRIX: MMA_A, MMA_B or MMA_C */
    uint8_t mma_sign;    /* MMA_MATRIX of i8: MMA_SIGNED (si8) or MMA_UNSIGNED (ui8), else 0 */
} Type;

enum { MMA_A, MMA_B, MMA_C }; /* !gpu.mma_matrix's "AOp", "BOp", "COp" */
/* the signedness of an i8 !gpu.mma_matrix, written si8 / ui8 (upstream's integer WMMA);
   only this type spells them: elsewhere vptx's integers are signless */
enum { MMA_SIGNLESS, MMA_SIGNED, MMA_UNSIGNED };

/* ------------------------------------------------------------ affine maps */

typedef enum {
    AFF_CONST,    /* value */
    AFF_DIM,      /* value = position */
    AFF_SYM,      /* value = position */
    AFF_ADD,      /* lhs + rhs (a - b is a + b * -1) */
    AFF_MUL,      /* lhs * rhs */
    AFF_MOD,      /* lhs mod rhs */
    AFF_FLOORDIV, /* lhs floordiv rhs */
    AFF_CEILDIV,  /* lhs ceildiv rhs */
} AffineKind;

typedef struct AffineExpr {
    AffineKind kind;
    int64_t value;
    const struct AffineExpr *lhs, *rhs;
} AffineExpr;

typedef struct AffineMap {
    uint32_t ndims, nsyms, nresults;
    const AffineExpr **results;
} AffineMap;

/* ------------------------------------------------------------- attributes */

typedef enum {
    ATTR_UNIT,             /* a key with no value (`{gpu.kernel}`) or `unit` */
    ATTR_BOOL,             /* b */
    ATTR_INT,              /* i, type (default i64) */
    ATTR_FLOAT,            /* f, type (default f64) */
    ATTR_STRING,           /* str, len */
    ATTR_TYPE,             /* type */
    ATTR_SYMBOL,           /* str: @name, or @a::@b kept as "a::@b" */
    ATTR_ARRAY,            /* items, n */
    ATTR_DENSE_ARRAY,      /* array<i32: 1, 2>: type = element type, n, ints or floats */
    ATTR_DENSE,            /* dense<...> : type = shaped type, splat, n, ints or floats */
    ATTR_DICT,             /* dict, n */
    ATTR_AFFINE_MAP,       /* map */
    ATTR_STRIDED,          /* strided<[s...], offset: o>: n = rank, ints = strides, offset */
    ATTR_ENUM,             /* #dialect.name<value> or #dialect<name value> (short_form) */
    ATTR_NESTED_LAYOUT,    /* nested */
    ATTR_LOWERING_CONFIG,  /* #iree_gpu.lowering_config<{...}>: dict, n */
    ATTR_TRANSLATION_INFO, /* translation */
    ATTR_OPAQUE,           /* any other #dialect... attribute, kept verbatim in str */
} AttrKind;

typedef struct NamedAttr {
    const char *name;
    const struct Attr *value;
} NamedAttr;

/* #iree_vector_ext.nested_layout<...> -- seed 002.  Every array has rank entries. */
typedef struct NestedLayoutAttr {
    uint32_t rank;
    const int64_t *subgroup_tile, *batch_tile, *outer_tile, *thread_tile, *element_tile;
    const int64_t *subgroup_strides, *thread_strides;
} NestedLayoutAttr;

/* #iree_codegen.translation_info<pipeline = P workgroup_size = [..] subgroup_size = N, {..}> */
typedef struct TranslationInfoAttr {
    const char *pipeline; /* may be NULL */
    uint32_t nworkgroup;  /* 0 when absent */
    int64_t workgroup_size[3];
    int64_t subgroup_size;     /* 0 when absent */
    const struct Attr *config; /* ATTR_DICT or NULL */
} TranslationInfoAttr;

typedef struct Attr {
    AttrKind kind;
    TypeId type;     /* INT, FLOAT: value type; DENSE: shaped type; DENSE_ARRAY: element type;
                        TYPE: the type */
    bool b;          /* BOOL */
    bool splat;      /* DENSE: one value for every element */
    bool short_form; /* ENUM */
    int64_t i;       /* INT; STRIDED: offset */
    double f;        /* FLOAT */
    const char *str; /* STRING, SYMBOL, OPAQUE; ENUM: value */
    uint32_t len;    /* STRING: byte length (may contain NUL) */
    const char *dialect, *name;     /* ENUM */
    uint32_t n;                     /* ARRAY, DICT, LOWERING_CONFIG, DENSE, DENSE_ARRAY, STRIDED */
    const struct Attr **items;      /* ARRAY */
    const NamedAttr *dict;          /* DICT, LOWERING_CONFIG */
    const int64_t *ints;            /* DENSE/DENSE_ARRAY of integers or i1; STRIDED strides */
    const double *floats;           /* DENSE/DENSE_ARRAY of floats */
    const AffineMap *map;           /* AFFINE_MAP */
    const NestedLayoutAttr *nested; /* NESTED_LAYOUT */
    const TranslationInfoAttr *translation; /* TRANSLATION_INFO */
} Attr;

/* arith.cmpi / arith.cmpf predicates: MLIR's enum numbering (generic form
 * stores `predicate = N : i64`). */
typedef enum {
    CMPI_EQ,
    CMPI_NE,
    CMPI_SLT,
    CMPI_SLE,
    CMPI_SGT,
    CMPI_SGE,
    CMPI_ULT,
    CMPI_ULE,
    CMPI_UGT,
    CMPI_UGE,
    CMPI_COUNT
} CmpIPredicate;
typedef enum {
    CMPF_FALSE,
    CMPF_OEQ,
    CMPF_OGT,
    CMPF_OGE,
    CMPF_OLT,
    CMPF_OLE,
    CMPF_ONE,
    CMPF_ORD,
    CMPF_UEQ,
    CMPF_UGT,
    CMPF_UGE,
    CMPF_ULT,
    CMPF_ULE,
    CMPF_UNE,
    CMPF_UNO,
    CMPF_TRUE,
    CMPF_COUNT
} CmpFPredicate;
extern const char *const cmpi_names[CMPI_COUNT]; /* "eq", "ne", ... */
extern const char *const cmpf_names[CMPF_COUNT]; /* "false", "oeq", ... */

/* Combining kinds of vector.reduction / multi_reduction / contract and
 * gpu.subgroup_reduce.  Old spellings maxf/minf are read as maximumf/minimumf. */
typedef enum {
    KIND_ADD,
    KIND_MUL,
    KIND_MINUI,
    KIND_MINSI,
    KIND_MINNUMF,
    KIND_MAXUI,
    KIND_MAXSI,
    KIND_MAXNUMF,
    KIND_AND,
    KIND_OR,
    KIND_XOR,
    KIND_MAXIMUMF,
    KIND_MINIMUMF,
    KIND_COUNT
} CombiningKind;
extern const char *const combining_kind_names[KIND_COUNT];
int combining_kind_lookup(const char *name); /* -1 if unknown; accepts maxf/minf */

/* ------------------------------------------------------------------- ops */

typedef enum {
#define OP(name, mn, na, nr, tr, cl, ca, fa) OP_##name,
#include "ir/ops.def"
#undef OP
    OP_COUNT
} OpKind;

/* ops.def's class column: the kind of elementwise op (EW_NONE: not one) */
typedef enum { EW_NONE, EW_INT, EW_FLOAT, EW_MATH, EW_CMP, EW_SELECT, EW_CAST, EW_VECTOR } EwClass;

/* ops.def's family column: which verifier and evaluator files take an op (ops.def) */
typedef enum { F_CORE, F_SIMT, F_UPSTREAM, F_HOST, F_LINALG } OpFamily;

/* ops.def's cast column: the element classes and widths of a conversion (EW_CAST) */
typedef enum {
    CAST_NONE,
    CAST_FEXT,    /* float to a wider float */
    CAST_FTRUNC,  /* float to a narrower float */
    CAST_IEXT,    /* integer to a wider integer */
    CAST_ITRUNC,  /* integer to a narrower integer */
    CAST_ITOF,    /* integer to float */
    CAST_FTOI,    /* float to integer */
    CAST_INDEX,   /* index to integer or integer to index */
    CAST_BITCAST, /* to another type of the same width */
} CastKind;

enum {
    T_PURE = 1u << 0,
    T_ELEMWISE = 1u << 1,
    T_COMMUTES = 1u << 2,
    T_TERM = 1u << 3,
    T_READS = 1u << 4,
    T_WRITES = 1u << 5,
    T_WG = 1u << 6,
    T_FUNC = 1u << 7,
    T_CONTAINER = 1u << 8,
    T_STRUCTURED = 1u << 9, /* linalg structured op: operands ins then outs
                               (operandSegmentSizes), results = its tensor outs */
};
#define VAR (-1)

typedef struct OpInfo {
    const char *name; /* "arith.addf" */
    int nargs, nres;  /* exact, or VAR */
    uint32_t traits;  /* T_ELEMWISE exactly when ew is not EW_NONE */
    EwClass ew;
    CastKind cast;
    OpFamily family;
} OpInfo;
extern const OpInfo op_info[OP_COUNT];

typedef struct Value {
    TypeId type;
    OpId def;         /* defining op; 0 for a block argument */
    BlockId block;    /* block argument: its block */
    uint32_t index;   /* result number, or argument number */
    const char *name; /* source name without '%' (for printing hints), or NULL */
    Loc loc;
} Value;

typedef struct Op {
    OpKind kind;
    uint32_t nargs, nres, nattrs, nregions;
    ValueId *args;
    ValueId *res;
    NamedAttr *attrs; /* in insertion order; the printer sorts as MLIR does */
    RegionId *regions;
    BlockId parent; /* containing block; 0 for the top-level module op */
    Loc loc;
} Op;

typedef struct Block {
    ARRAY(OpId) ops;
    ARRAY(ValueId) args;
    RegionId parent;
} Block;

typedef struct Region {
    ARRAY(BlockId) blocks;
    OpId parent;
} Region;

typedef struct Module {
    Arena arena;
    Type *types;
    uint32_t ntypes, captypes;
    uint32_t *type_hash; /* open addressing over type ids; capacity type_hash_cap */
    uint32_t type_hash_cap;
    Value *values;
    uint32_t nvalues, capvalues;
    Op *ops;
    uint32_t nops, capops;
    Block *blocks;
    uint32_t nblocks, capblocks;
    Region *regions;
    uint32_t nregions, capregions;
    const struct Attr **attr_tab; /* interned attributes (attr_* constructors), open addressing */
    uint32_t nattr_tab, attr_tab_cap;
    /* the source ops (Loc.origin), entry 0 unused: each one's first result (0: none),
       whose name hint is its name, or, for a numeric name (%12, which the parser does
       not keep as a hint), the number + 1 (13); and its kind.  On the heap, not in
       the arena: 12 bytes a parsed op. */
    struct Origin {
        ValueId value;
        uint32_t num;
        OpKind kind;
    } * origins;
    uint32_t norigins, caporigins;
    OpId top;          /* the builtin.module op holding everything */
    bool top_implicit; /* the source had no `module {` around its top-level ops */
} Module;

/* -------------------------------------------------------------- module.c */

void module_init(Module *m); /* creates the empty top-level builtin.module */
void module_free(Module *m);

static inline const Type *
type_get(const Module *m, TypeId t)
{
    return &m->types[t];
}
static inline Value *
value_get(const Module *m, ValueId v)
{
    return &m->values[v];
}
static inline Op *
op_get(const Module *m, OpId o)
{
    return &m->ops[o];
}
static inline Block *
block_get(const Module *m, BlockId b)
{
    return &m->blocks[b];
}
static inline Region *
region_get(const Module *m, RegionId r)
{
    return &m->regions[r];
}
static inline TypeId
value_type(const Module *m, ValueId v)
{
    return m->values[v].type;
}

/* Types (interned: arrays are copied into the arena) */
TypeId type_intern(Module *m, const Type *proto);
TypeId type_vector(Module *m, TypeId elem, uint32_t rank, const int64_t *shape);
TypeId type_memref(Module *m, TypeId elem, uint32_t rank, const int64_t *shape, const Attr *layout,
                   int32_t memspace, bool memspace_gpu);
TypeId type_function(Module *m, uint32_t nins, const TypeId *ins, uint32_t nouts,
                     const TypeId *outs);
TypeId type_tensor(Module *m, TypeId elem, uint32_t rank, const int64_t *shape);
bool type_is_int(TypeId t);   /* i1..i64 and index */
bool type_is_float(TypeId t); /* f16 bf16 f32 f64 tf32 */
bool type_is_scalar(TypeId t);
unsigned type_bitwidth(TypeId t);     /* scalars; index = 64 */
unsigned type_scalar_bytes(TypeId t); /* bytes of one scalar in memory (i1: 1); 0 for non-scalars */
TypeId type_element(const Module *m, TypeId t); /* vector/memref/tensor: elem; scalar: itself */
int64_t type_num_elements(const Module *m, TypeId t); /* vector: product; scalar 1; -1 dynamic */
bool type_is_vector(const Module *m, TypeId t);
bool type_is_memref(const Module *m, TypeId t);
bool type_is_tensor(const Module *m, TypeId t);
bool type_is_shaped(const Module *m, TypeId t); /* vector, memref or tensor */
const char *scalar_type_name(TypeId t);         /* "f32", "index", ... */

/* Attributes (all allocated in m's arena).  The constructors below intern: equal
 * arguments give the same pointer, so a module holds each distinct attribute once
 * (compound ones are equal when their parts are the same pointers or bytes). */
const Attr *attr_unit(Module *m);
const Attr *attr_bool(Module *m, bool b);
const Attr *attr_int(Module *m, int64_t v, TypeId type);
const Attr *attr_float(Module *m, double v, TypeId type);
const Attr *attr_string(Module *m, const char *s, uint32_t len);
const Attr *attr_type(Module *m, TypeId t);
const Attr *attr_symbol(Module *m, const char *name);
const Attr *attr_array(Module *m, const Attr *const *items, uint32_t n);
const Attr *attr_int_array(Module *m, const int64_t *v, uint32_t n, TypeId type); /* [1, 2] */
const Attr *attr_dense_array(Module *m, TypeId elem, const int64_t *ints, const double *floats,
                             uint32_t n); /* array<i32: ...> */
const Attr *attr_dict(Module *m, const NamedAttr *items, uint32_t n);
const Attr *attr_enum(Module *m, const char *dialect, const char *name, const char *value,
                      bool short_form);
const Attr *attr_affine_map(Module *m, const AffineMap *map);
bool attr_equal(const Attr *a, const Attr *b);
const Attr *dict_get(const Attr *dict, const char *name); /* DICT or LOWERING_CONFIG */
/* Element i of a bool array attribute ([true, false] or array<i1: 1, 0>, as in_bounds);
 * false when a is NULL, of another kind or shorter. */
bool attr_bool_at(const Attr *a, uint32_t i);

/* Affine expressions and maps (arena-allocated; constant operands are folded) */
const AffineExpr *affine_const(Module *m, int64_t v);
const AffineExpr *affine_dim(Module *m, uint32_t pos);
const AffineExpr *affine_sym(Module *m, uint32_t pos);
const AffineExpr *affine_binary(Module *m, AffineKind k, const AffineExpr *l, const AffineExpr *r);
AffineMap *affine_map_new(Module *m, uint32_t ndims, uint32_t nsyms, uint32_t nresults,
                          const AffineExpr *const *results);

/* Values, ops, blocks, regions */
OpId op_new(Module *m, OpKind kind, Loc loc, uint32_t nargs, const ValueId *args, uint32_t nres,
            const TypeId *res_types, uint32_t nregions);
void op_set_attr(Module *m, OpId op, const char *name, const Attr *value); /* add or replace */
const Attr *op_attr(const Module *m, OpId op, const char *name);           /* NULL if absent */
void op_remove_attr(Module *m, OpId op, const char *name);
void op_set_args(Module *m, OpId op, uint32_t nargs, const ValueId *args);
const char *op_name(const Module *m, OpId op);
BlockId block_new(Module *m);
ValueId block_add_arg(Module *m, BlockId b, TypeId type, Loc loc, const char *name);
void block_append(Module *m, BlockId b, OpId op); /* sets op's parent */
RegionId region_new(Module *m, OpId parent);      /* not attached: store it in op->regions */
void region_append(Module *m, RegionId r, BlockId b);
/* The entry block of op's region i, or 0 */
BlockId op_entry_block(const Module *m, OpId op, uint32_t region);
/* The op containing block b (through its region), or 0 */
OpId block_parent_op(const Module *m, BlockId b);
/* Is v defined outside op (in no block nested in it)? */
bool value_defined_outside(const Module *m, ValueId v, OpId op);
/* Can index v be recomputed for another iteration of loop: its induction variable iv, a
 * value defined before the loop, a constant, or +, -, * of such, at most depth ops deep? */
bool value_index_recomputable(const Module *m, ValueId v, OpId loop, ValueId iv, int depth);
int op_lookup(const char *mnemonic); /* OpKind, or -1; accepts old aliases (arith.maxf) */

/* Walk every op nested under `root` (root excluded) in program order,
 * pre-order.  fn returns false to stop. */
typedef bool OpWalkFn(Module *m, OpId op, void *ctx);
bool module_walk(Module *m, OpId root, OpWalkFn *fn, void *ctx);
/* Whether every use of v by the ops under root (root excluded) is operand `operand` of
 * op `only` (any of its operands when operand is UINT32_MAX; only 0: no use at all) */
bool value_used_only_by(Module *m, OpId root, ValueId v, OpId only, uint32_t operand);
/* Whether every use of v under root reads memory through it: vector.transfer_read,
 * vector.load, memref.load, memref.dim */
bool value_only_read(Module *m, OpId root, ValueId v);
/* Operands from[k] become to[k] (k < n): in op itself, or in every op under root
 * (root excluded) */
void op_replace_uses(Module *m, OpId op, const ValueId *from, const ValueId *to, uint32_t n);
void module_replace_uses(Module *m, OpId root, const ValueId *from, const ValueId *to, uint32_t n);
typedef ARRAY(OpId) OpIdList;
/* A module_walk callback: appends each function op (T_FUNC) to the OpIdList ctx, in the
 * module's arena.  module_walk(m, m->top, module_collect_funcs, &list) lists them all. */
bool module_collect_funcs(Module *m, OpId op, void *ctx);

/* A pass transforms m in place.  It returns false after reporting at least one
 * error to d; the driver then stops. */
typedef bool PassFn(Module *m, Diag *d);

/* -------------------------------------------------------------- symtab.c */

/* (scope, op kind, name) -> op, in O(1): build it once, then look symbols up in it
 * instead of walking the module.  scope: the symbol table op (module, gpu.module), or
 * 0 for the whole module; the first op added under a key is the one found.  name is
 * not copied (it is an interned attribute string).  Zero-initialise; symtab_free. */
typedef struct SymTab {
    struct SymSlot *slots;
    uint32_t cap, n;
} SymTab;
void symtab_add(SymTab *t, OpId scope, int kind, const char *name, OpId op);
OpId symtab_find(const SymTab *t, OpId scope, int kind, const char *name);
void symtab_free(SymTab *t);

/* ---------------------------------------------------------------- call.c */

/* Function roles (upstream MLIR's reading, ir/call.c): a gpu.func marked kernel, a
 * func.func with {gpu.kernel} or {nvvm.kernel}, or, in a module with neither mark, a
 * func.func with a body that no function calls, is a kernel; any other function with
 * a body is a device function; one without a body is a declaration. */
enum { FUNC_NONE, FUNC_KERNEL, FUNC_DEVICE, FUNC_DECL };
uint8_t *module_func_roles(Module *m);  /* by OpId, m->nops + 1 entries; ir_free it */
bool func_is_kernel(Module *m, OpId f); /* one function: walks the module */
bool func_marked_kernel(const Module *m, OpId f);
bool func_has_body(const Module *m, OpId f);
const char *call_callee_name(const Module *m, OpId call); /* b of @a::@b, or NULL */
/* The function `name` in the nearest symbol table around `from`, else anywhere; 0 if
 * none.  funcs: module_index_funcs(m) built once for many lookups, or NULL for one
 * (then the index is built for it: O(module)). */
OpId module_find_func(Module *m, const SymTab *funcs, OpId from, const char *name);
void module_index_funcs(Module *m, SymTab *funcs); /* every T_FUNC op, for the above */
/* Inlines every func.call of a function with a body into the kernels and removes the
 * device functions (vector-level code: layouts work within one function). */
bool module_inline_calls(Module *m, Diag *d);
bool module_has_calls(Module *m);

/* ------------------------------------------------------ verify_upstream.c */

/* memref.atomic_rmw's `kind`: upstream's AtomicRMWKind numbers */
enum { ATOMIC_RMW_COUNT = 16 };
extern const char *const atomic_rmw_kind_names[ATOMIC_RMW_COUNT]; /* "addf", "addi", ... */
int nvvm_sreg_lookup(const char *name);                           /* "tid.x", ... -> index, or -1 */
/* a special register's `range` (#llvm.constant_range<iN, lo, hi>, kept opaque): its width
   and bounds, the values lo .. hi - 1 (LLVM's half-open range; lo > hi wraps); false when
   a is not one */
bool nvvm_sreg_range(const Attr *a, unsigned *bits, int64_t *lo, int64_t *hi);

/* -------------------------------------------------------------- target.c */

/* One located error per function that needs what NVIDIA GPUs lack: a subgroup size
 * other than 32 (wave64 layouts) or an AMD memory space (ir/target.c). */
bool ir_check_target(Module *m, Diag *d);
/* One located error per function of vector-level code with cf.br / cf.cond_br */
bool ir_check_structured(Module *m, Diag *d);

/* --------------------------------------------------------------- print.c */

/* MLIR custom syntax, deterministic, parseable by frontend_parse. */
void ir_print(const Module *m, FILE *out);
void ir_print_type(const Module *m, TypeId t, FILE *out);
/* t as text in buf (n bytes; a type too long ends "..."), for messages; returns buf. */
const char *ir_type_text(const Module *m, TypeId t, char *buf, size_t n);
void ir_print_attr(const Module *m, const Attr *a, FILE *out);

/* --------------------------------------------------------------- float.c */

/* Float encodings.  A float attribute of type f16/bf16/tf32/f32/f64 holds, as
 * a double, exactly a value of its type; these convert to and from the
 * type's bit pattern (NaN payloads kept) and round to the type (to nearest,
 * ties to even, overflow to infinity). */
double ir_float_round(double v, TypeId type);
uint64_t ir_float_to_bits(double v, TypeId type);
double ir_float_from_bits(uint64_t bits, TypeId type);

/* -------------------------------------------------------------- verify.c */

bool ir_verify(Module *m, Diag *d);

/* -------------------------------------------------------------- affine.c */

/* MLIR semantics: floordiv rounds toward -inf, ceildiv toward +inf, and
 * a mod b = a - (a floordiv b) * b (never negative for b > 0).  Evaluation
 * returns false on division by zero, int64 overflow, or a dim/symbol
 * position out of range. */
bool affine_expr_eval(const AffineExpr *e, const int64_t *dims, uint32_t ndims, const int64_t *syms,
                      uint32_t nsyms, int64_t *out);
bool affine_map_eval(const AffineMap *map, const int64_t *dims, const int64_t *syms,
                     int64_t *results); /* map->nresults results */
/* e with dim i replaced by dims[i] and symbol j by syms[j]; NULL if a
 * position is out of range */
const AffineExpr *affine_expr_substitute(Module *m, const AffineExpr *e,
                                         const AffineExpr *const *dims, uint32_t ndims,
                                         const AffineExpr *const *syms, uint32_t nsyms);
/* a ∘ b (apply b, then a), as MLIR's AffineMap::compose: b's dims, a's
 * symbols then b's; simplified.  NULL if a->ndims != b->nresults. */
AffineMap *affine_map_compose(Module *m, const AffineMap *a, const AffineMap *b);
/* constant folding, x+0, x*1, x*0, x floordiv 1, x mod 1, (x floordiv a)
 * floordiv b, (x*a) floordiv/ceildiv/mod c, (x mod a) mod b, (x+c1)+c2, (x*c1)*c2 */
const AffineExpr *affine_expr_simplify(Module *m, const AffineExpr *e);
AffineMap *affine_map_simplify(Module *m, const AffineMap *map);
bool affine_expr_is_constant(const AffineExpr *e); /* no dims and no symbols */
bool affine_map_is_constant(const AffineMap *map);
int32_t affine_map_result_dim(const AffineMap *map, uint32_t i); /* d_k -> k; else -1 */
bool affine_map_is_identity(const AffineMap *map);               /* (d0..dn-1) -> (d0..dn-1) */
bool affine_map_is_minor_identity(const AffineMap *map);         /* -> trailing dims in order */
/* distinct dims (or the constant 0 where allow_zero), no symbols */
bool affine_map_is_projected_permutation(const AffineMap *map, bool allow_zero);
bool affine_map_is_permutation(const AffineMap *map, int32_t *perm); /* perm may be NULL */
AffineMap *affine_map_identity(Module *m, uint32_t n);
AffineMap *affine_map_minor_identity(Module *m, uint32_t ndims, uint32_t nresults);
AffineMap *affine_map_permutation(Module *m, uint32_t n, const int32_t *perm); /* NULL if invalid */

/* -------------------------------------------------------------- linalg.c */

#define LINALG_MAX_LOOPS 8
/* A structured op as loops (see linalg.c for the named ops' maps). */
typedef struct LinalgInfo {
    uint32_t nins, nouts; /* operands [0, nins) are ins, [nins, nins + nouts) outs */
    uint32_t nloops;
    const AffineMap **maps; /* nins + nouts maps: loops -> operand dims (a scalar: `()`) */
    bool reduction[LINALG_MAX_LOOPS]; /* the iterator type of each loop */
} LinalgInfo;
/* The ins / outs split of a T_STRUCTURED op (operandSegmentSizes); false if malformed. */
bool linalg_segments(const Module *m, OpId op, uint32_t *nins, uint32_t *nouts);
/* The loops of a T_STRUCTURED op; false with a reason (lower case, after the op's name)
 * when its attributes do not say (no maps, a bad permutation, ...). */
bool linalg_info(Module *m, OpId op, LinalgInfo *out, char *why, size_t cap);
bool linalg_is_contraction_kind(OpKind k); /* matmul, batch_matmul and their _transpose_b */
/* linalg, tensor and bufferization ops: the op level that tile/ lowers */
bool op_is_op_level(const Module *m, OpId op);

#endif
