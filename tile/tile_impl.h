/*
 * tile/tile_impl.h -- what the tile/ files share.  Not part of the public API.
 *
 *   generalize.c  named ops -> linalg.generic (copy, transpose, broadcast, map, reduce);
 *                 linalg.softmax -> four generics (max, exp(x - max), sum, divide)
 *   graph.c       an op-level function as arrays and nodes: which buffer each tensor is
 *                 (the trivial bufferization), the fused kernel's canonical loops (every
 *                 node's loops labelled by them), its class, the loop sizes
 *   config.c      the lowering config of a kernel: IREE's attributes read and checked,
 *                 or a default one; what --emit=config prints
 *   gen.c         building the vector program: constants, index math, reads, writes,
 *                 the elementwise bodies, broadcasts between loop sets
 *   kernel.c      the three kernel shapes (GEMM K loop, reduction chain, elementwise)
 *                 and the new func.func that replaces the op-level one
 *   tile.c        the pass: tile_needed, tile_configure, tile_module
 *
 * Words.  A *loop* is one of the kernel's canonical loops (the root op's loops); a
 * *loop set* is a bit mask of them.  A value over loop set S is a vector whose dims are
 * the tiles of the loops of S that are vector loops, in canonical order.  An *array* is
 * a tensor or buffer value of the op-level program; each of its dims is labelled by the
 * loop that walks it.
 */
#ifndef VPTX_TILE_IMPL_H
#define VPTX_TILE_IMPL_H

#include "tile/tile.h"

#define TILE_MAX_LOOPS  8
#define TILE_MAX_ARRAYS 256
#define TILE_MAX_NODES  64
#define TILE_MAX_ARGS   64
#define TILE_MAX_IO     16   /* ins or outs of one node */
#define TILE_WHY        1024 /* Graph.why_not */

typedef uint32_t LoopSet; /* bit i: canonical loop i */

typedef enum {
    ARR_ARG,   /* a buffer argument (tensor or memref) of the function, as it is on entry */
    ARR_NODE,  /* out `out` of node `node` */
    ARR_FILL,  /* every element `scalar` (linalg.fill) */
    ARR_EMPTY, /* tensor.empty: shape only */
    ARR_SLICE, /* tensor.extract_slice of a tensor the function computes (array `src`): read
                  by a later kernel, through a subview of the buffer an earlier one wrote
                  (split.c makes it ARR_ARG there) */
} ArrayKind;

/* Where a size comes from, in the kernel: a constant, or a dim of an argument buffer or
 * an index argument, times a constant, plus a constant (index arithmetic on sizes:
 * arith.addi / subi / muli with constants, as tensor.pad's `%n + lo + hi` has). */
enum { TILE_SIZE_TERMS = 2 }; /* argument sizes a size adds to its first one */
typedef struct SizeSrc {
    int64_t value; /* >= 0: static */
    int32_t arg;   /* >= 0: function argument number */
    int32_t dim;   /* >= 0: its dim; -1: the argument is an index scalar */
    int64_t mul;   /* the argument's size times mul (0 stands for 1: { v, a, d } initializers) */
    int64_t add;   /* plus add */
    /* plus nterms more argument sizes, each times its tmul (arith.addi of two dynamic
       sizes: a dynamic pad, a concatenation) */
    uint32_t nterms;
    int32_t targ[TILE_SIZE_TERMS], tdim[TILE_SIZE_TERMS];
    int64_t tmul[TILE_SIZE_TERMS];
} SizeSrc;

/* a size with no further terms: static v, or argument a's dim d (-1: an index argument) */
#define SIZE_SRC(v, a, d) ((SizeSrc){ .value = (v), .arg = (a), .dim = (d) })

static inline int64_t
size_mul(SizeSrc z)
{
    return z.mul ? z.mul : 1;
}

/* the same size (the same argument sizes, the same arithmetic on them) */
static inline bool
size_same(SizeSrc a, SizeSrc b)
{
    if (a.value != b.value || a.arg != b.arg || a.dim != b.dim || size_mul(a) != size_mul(b) ||
        a.add != b.add || a.nterms != b.nterms)
        return false;
    for (uint32_t i = 0; i < a.nterms; i++)
        if (a.targ[i] != b.targ[i] || a.tdim[i] != b.tdim[i] || a.tmul[i] != b.tmul[i])
            return false;
    return true;
}

typedef struct Array {
    ArrayKind kind;
    TypeId type;                   /* tensor or memref: element type and shape */
    uint32_t arg;                  /* ARG */
    uint32_t node, out;            /* NODE */
    ValueId scalar;                /* FILL: a value of the op-level function */
    SizeSrc size[TILE_MAX_LOOPS];  /* EMPTY, FILL: its dims' sizes where known */
    int32_t label[TILE_MAX_LOOPS]; /* ARG, NODE: the loop of each dim, -1 unknown */
    bool used;                     /* read by a node of the kernel, or an output */
    OpId slice;                    /* ARG, SLICE: the tensor.extract_slice it is, or 0 */
    int32_t src;                   /* ARG, SLICE with slice: the array sliced, or -1 */
    int32_t buffer; /* NODE of a split function: the argument later kernels read it from
                       (its result buffer, or a scratch buffer), or -1 */
    bool wrap;      /* ARG of a flat kernel (kernel.c): 1-D along the innermost loop, read at
                       the flat index modulo the row length (Gen.wrap_n) */
} Array;

typedef enum {
    NODE_ELEMENTWISE, /* linalg.generic, all loops parallel */
    NODE_REDUCTION,   /* linalg.generic with reduction loops, each out a combiner */
    NODE_CONTRACTION, /* matmul family, or a generic that is a mul-add contraction */
} NodeClass;

typedef struct Node {
    OpId op;
    NodeClass cls;
    LinalgInfo li;
    int32_t in[TILE_MAX_IO];         /* array of each in; -1 for a scalar in */
    ValueId scalar[TILE_MAX_IO];     /* the scalar ins */
    uint32_t init[TILE_MAX_IO];      /* array of each out's init */
    uint32_t res[TILE_MAX_IO];       /* array of each out's result */
    int32_t label[TILE_MAX_LOOPS];   /* canonical loop of each of its loops, -1 unknown */
    CombiningKind kind[TILE_MAX_IO]; /* REDUCTION: each out's combiner */
    OpId combiner[TILE_MAX_IO];      /* REDUCTION: the body op that combines into out j */
    int32_t contract_m, contract_n;  /* CONTRACTION: its loops */
} Node;

typedef enum { KERNEL_ELEMENTWISE, KERNEL_REDUCTION, KERNEL_CONTRACTION } KernelClass;

typedef struct Output {
    uint32_t array;
    uint32_t dest; /* the kernel argument it is written to */
    bool result;   /* a tensor result (its buffer appended), else a memref argument */
    uint32_t result_index;
    bool scratch; /* a scratch buffer a later kernel of a split function reads */
    OpId slice;   /* a tensor.insert_slice: the array goes to this part of dest (a
                     memref.subview at its static offsets), the rest of dest is left */
} Output;

typedef struct Loop {
    SizeSrc size;
    bool reduction;
    int64_t tile;     /* parallel: the workgroup tile; reduction: the step (elements) */
    bool in_vector;   /* its tile is a dim of the vectors (GEMM batch loops are not) */
    int grid;         /* 0, 1, 2: the grid axis it is tiled on; -1: not tiled (one tile) */
    const char *name; /* m, n, k, b, or d<i> */
} Loop;

/* A kernel's lowering config, over the canonical loops, in elements. */
typedef struct KernelConfig {
    bool given;         /* from the source, not a default */
    bool tile_and_fuse; /* the pipeline counts reduction / subgroup in intrinsics */
    int64_t workgroup[TILE_MAX_LOOPS];
    int64_t reduction[TILE_MAX_LOOPS]; /* GEMM K step; reduction kernels' partial_reduction */
    int64_t thread[TILE_MAX_LOOPS];
    int64_t lane_counts[TILE_MAX_LOOPS], lane_map[TILE_MAX_LOOPS];
    int64_t sg_counts[TILE_MAX_LOOPS], sg_map[TILE_MAX_LOOPS];
    uint32_t nlane, nsg;         /* basis lengths; 0: absent */
    const Attr *mma_kind;        /* ENUM or NULL */
    int64_t mma_m, mma_n, mma_k; /* the intrinsic's shape when mma_kind is set */
    int64_t subgroup_mn[2];      /* GEMM: subgroups along m and n (0: vptx picks) */
    bool promote[3];
    int64_t workgroup_size; /* threads */
    const char *why;        /* remark: how a default was chosen */
} KernelConfig;

typedef struct Graph {
    Module *m;
    Diag *d;
    const TileOptions *opt;
    OpId func;      /* the copy tile/ works on (tile.c clones the function) */
    OpId orig_func; /* the function as the user wrote it: the kernel takes its place */
    OpId *origin;   /* per op id below norigin: the op it was made from, or 0 */
    uint32_t norigin;
    uint32_t nparams, nresults;
    Array arrays[TILE_MAX_ARRAYS];
    uint32_t narrays;
    Node nodes[TILE_MAX_NODES];
    uint32_t nnodes;
    Output outs[TILE_MAX_ARGS];
    uint32_t nouts;
    /* the kernel (one per function) */
    KernelClass cls;
    uint32_t root;
    Loop loops[TILE_MAX_LOOPS];
    uint32_t nloops;
    LoopSet reduced; /* the loops that are reductions */
    KernelConfig cfg;
    const Attr *translation; /* the function's translation_info, or NULL */
    /* a function split into several kernels (split.c): the scratch buffers between them,
       appended after the results, and the shapes of every appended buffer (results, then
       scratch) in sizes of the parameters */
    uint32_t nscratch;
    TypeId scratch_type[TILE_MAX_ARGS];
    SizeSrc app_size[TILE_MAX_ARGS][TILE_MAX_LOOPS];
    bool app_known[TILE_MAX_ARGS];
    uint32_t step, nsteps; /* this kernel is step `step` (from 1) of nsteps; 0: not split */
    const char *name;      /* the kernel's sym_name; NULL: the function's */
    const Attr *sequence;  /* the kernels' names, in launch order (vptx.sequence) */
    OpId after;            /* put the kernel after this op, not in place of orig_func */
    OpId emitted;          /* the kernel tile_emit_kernel made */
    bool quiet;            /* a trial: tile_error and tile_remark say nothing */
    char *why_not;         /* quiet: the first error's text, for the split remark */
} Graph;

/* generalize.c: rewrites the named ops of func (but matmul's family and fill) as
 * linalg.generic, and linalg.softmax as its four generics.  False after reporting. */
bool tile_generalize(Module *m, OpId func, Diag *d, OpId *origin, uint32_t norigin);

/* generalize.c: each tensor.extract_slice of an elementwise generic's result becomes
 * that generic over the slice, its operands sliced (recomputed, so that the slice's
 * reader fuses with it); remarks say which slices stay.  False after reporting. */
bool tile_reslice(Module *m, OpId func, Diag *d, bool remarks, OpId *origin, uint32_t norigin);

/* graph.c */
bool tile_build_graph(Graph *g); /* arrays, nodes, outputs of g->func; false after reporting */
bool tile_fuse(Graph *g);        /* labels, class, root, loop sizes; false after reporting */
LoopSet tile_node_loops(const Graph *g, const Node *n); /* the loops a node walks */
/* The canonical loops of array a's dims (ARG or NODE arrays). */
LoopSet tile_array_loops(const Graph *g, const Array *a);

/* tile.c: the root's tiles from the config; false after reporting */
bool tile_apply_config(Graph *g);

/* split.c: a function whose ops do not fuse into one kernel, as several kernels run one
 * after the other on the same arguments plus scratch buffers.  full is the function's
 * graph (tile_build_graph done); emit: build the kernels, else attach their configs
 * (--emit=config).  False after reporting. */
bool tile_split(Graph *full, bool emit);
/* The remark of a kernel: its class, tiles, config and the ops fused into it. */
void tile_describe(Graph *g, char *buf, size_t cap);

/* config.c */
unsigned tile_widest_bits(const Graph *g); /* the widest array element's bits, >= 8 */
bool tile_read_config(Graph *g);           /* g->cfg from the root's attributes, or a default */
/* The config as the attributes to attach: lowering_config on the root, translation_info
 * on the function. */
void tile_attach_config(Graph *g);

/* kernel.c: builds the vector-level kernel and puts it in place of g->func */
bool tile_emit_kernel(Graph *g);
/* kernel.c: whether g, an elementwise kernel, runs as one loop over its elements (all its
 * arrays walk all its loops in order, and a row-by-row kernel would not make 128-bit
 * accesses) */
bool tile_flattens(const Graph *g);
bool tile_flat_wraps(const Graph *g, const Array *a);
/* gen.c: whether an elementwise kernel stages its read of array a, a 2-D argument it
 * reads transposed, through workgroup memory */
bool tile_stages_transpose(const Graph *g, const Array *a);
/* kernel.c: whether g is a reduction of a whole 1-D array large enough (or of a dynamic
 * size) to run as two kernels, partials then their total; and those two kernels */
bool tile_two_stage(const Graph *g);
/* one workgroup does up to this many steps */
enum { TILE_ONE_WORKGROUP_STEPS = 16 };
/* its partials kernel's workgroups (the parts), and why that many, in why (cap bytes):
 * a count, or 0 for TILE_PARTS_PER_SM for each SM of the GPU it runs on, the launcher's
 * SM count (the size TILE_SIZE_SMS, at most TILE_MAX_PARTS / TILE_PARTS_PER_SM: the
 * total's one warp reads at most TILE_MAX_PARTS partials, 32 a lane) */
enum { TILE_PARTS_PER_SM = 4, TILE_MAX_PARTS = 1024, TILE_SMS_ARG = -2 };
int64_t tile_parts(const Graph *g, char *why, size_t cap);
/* the device's SM count as a size (a symbol of vptx.sizes [-2, 0]), times k */
static inline SizeSrc
tile_sms_size(int64_t k)
{
    return (SizeSrc){ .value = -1, .arg = TILE_SMS_ARG, .dim = 0, .mul = k };
}
bool tile_emit_two_stage(Graph *g);

/* The op the user wrote that op comes from (through tile.c's copy and generalize), and
 * its name. */
OpId tile_source_op(const Graph *g, OpId op);
const char *tile_op_name(const Graph *g, OpId op);
const char *tile_op_part(const Graph *g, OpId op);
/* a located error at op, lower case, naming what to change */
void tile_error(Graph *g, OpId op, const char *fmt, ...) PRINTF_LIKE(3, 4);
void tile_remark(Graph *g, OpId op, const char *fmt, ...) PRINTF_LIKE(3, 4);

#endif
