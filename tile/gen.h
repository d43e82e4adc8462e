/*
 * tile/gen.h -- internal to tile/ (gen.c, kernel.c): building the vector program.
 *
 * A Gen writes one kernel function.  Constants and the scalars cloned from the
 * op-level function go to its prologue (the top of the entry block, in order), the
 * rest at the end of the current block.  Values are cached per array, loop set and
 * scope; entering an scf.for body opens a scope whose values die with it.
 */
#ifndef VPTX_TILE_GEN_H
#define VPTX_TILE_GEN_H

#include "tile/tile_impl.h"

#define GEN_CACHE 512

typedef struct GenEntry {
    uint32_t array;
    LoopSet set;
    uint32_t scope;
    ValueId v;
} GenEntry;

typedef struct Gen {
    Graph *g;
    Module *m;
    Loc loc;
    OpId func;
    BlockId entry, cur;
    uint32_t nprologue;               /* ops at the top of the entry block: constants, scalars */
    ValueId arg[TILE_MAX_ARGS];       /* the kernel's arguments: parameters, then results */
    ValueId size[TILE_MAX_LOOPS];     /* each loop's size (index) */
    ValueId base[TILE_MAX_LOOPS];     /* the first index of this tile / this step of each loop */
    ValueId *clone;                   /* per op-level ValueId: its clone in the kernel, or 0 */
    ValueId reduced[TILE_MAX_ARRAYS]; /* ARR_NODE arrays computed once: their value */
    ValueId view[TILE_MAX_ARRAYS];    /* ARR_ARG slices: their memref.subview */
    ValueId stage[TILE_MAX_ARRAYS];   /* ARR_ARG read transposed: its workgroup buffer */
    bool stage_used[TILE_MAX_ARRAYS]; /* stage[] written in this version of the body */
    LoopSet reduced_set[TILE_MAX_ARRAYS];
    GenEntry cache[GEN_CACHE];
    uint32_t ncache, scope, next_scope;
    bool failed;
    /* this copy of the code runs where every tile of the parallel loops (par) / this step
       of the reduction loop (red) is inside the arrays: accesses need no bounds checks */
    bool par_in_bounds, red_in_bounds;
    /* the partials kernel of a full reduction in two (kernel.c): the stepped loop runs
       from red_lo (to size[loop], this workgroup's end), and the reductions start from
       their identity instead of the init */
    ValueId red_lo;
    bool partial;
    ValueId wrap_n; /* a flat kernel's row length (the innermost loop's size) */
} Gen;

/* gen.c: ops and constants */
ValueId gen_op(Gen *G, OpKind k, uint32_t n, const ValueId *args, TypeId rt);
OpId gen_op_id(Gen *G, OpKind k, uint32_t n, const ValueId *args, uint32_t nres, const TypeId *rt,
               uint32_t nregions);
ValueId gen_index(Gen *G, int64_t v);
ValueId gen_splat(Gen *G, TypeId vec, double f, int64_t i); /* a float or integer splat */
ValueId gen_scalar(Gen *G, ValueId v); /* an op-level scalar, cloned into the prologue */
ValueId gen_mul_index(Gen *G, ValueId a, int64_t k);
ValueId gen_sub_index(Gen *G, ValueId a, ValueId b);

/* gen.c: loop sets and vectors */
uint32_t gen_shape(const Gen *G, LoopSet s, int64_t *shape); /* the vector loops' tiles */
TypeId gen_vec_type(Gen *G, LoopSet s, TypeId elem);
int gen_position(const Gen *G, LoopSet s, uint32_t loop); /* vector dim of loop in s, or -1 */
ValueId gen_expand(Gen *G, ValueId v, LoopSet from, LoopSet to); /* broadcast + transpose */

/* gen.c: memory */
ValueId gen_read(Gen *G, uint32_t array, LoopSet s, ValueId pad); /* pad 0: zero */
/* a read in the buffer's own dim order (the contraction's operands): *set gets its loops */
ValueId gen_read_natural(Gen *G, uint32_t array, LoopSet *set, int32_t *order, uint32_t *n);
void gen_write(Gen *G, ValueId v, LoopSet s, ValueId buffer, const Array *a);
ValueId gen_buffer(Gen *G, const Array *a); /* the kernel memref an ARR_ARG reads */
/* the memref.subview of argument dest that tensor.insert_slice `insert` writes (type: the
   inserted tensor's) */
ValueId gen_insert_view(Gen *G, OpId insert, uint32_t dest, TypeId type);

/* gen.c: values of arrays */
ValueId gen_array(Gen *G, uint32_t array, LoopSet s);
/* The body of node n over its loops, up to its yield; outs[j] gets out j's yielded value
 * (REDUCTION nodes: the value combined into out j, their combiners skipped).  False after
 * reporting. */
bool gen_body(Gen *G, const Node *n, ValueId *outs);
void gen_scope_enter(Gen *G, uint32_t *saved);
void gen_scope_leave(Gen *G, uint32_t saved);

#endif
