/*
 * ir/linalg.c -- what a linalg structured op computes, as loops: its ins and outs,
 * the indexing map of each (iteration space -> operand dims) and the iterator type of
 * each loop.  linalg.generic states them in its attributes; the named ops imply them
 * (MLIR's Linalg dialect documentation and LinalgNamedStructuredOps):
 *
 *   op                          loops          A            B            C / out
 *   matmul                      (m, n, k)      (m, k)       (k, n)       (m, n)
 *   matmul_transpose_b          (m, n, k)      (m, k)       (n, k)       (m, n)
 *   batch_matmul                (b, m, n, k)   (b, m, k)    (b, k, n)    (b, m, n)
 *   batch_matmul_transpose_b    (b, m, n, k)   (b, m, k)    (b, n, k)    (b, m, n)
 *   fill                        out dims       ()  (the scalar)          identity
 *   copy, map                   out dims       identity                  identity
 *   transpose (permutation p)   out dims       in dim j <- loop i where p[i] = j; out identity
 *   broadcast (dimensions D)    out dims       the loops not in D, in order; out identity
 *   reduce (dimensions D)       in dims        identity; out: the loops not in D (D reduction)
 *   softmax (dimension d)       in dims        identity; out identity (d reduces, then
 *                                              broadcasts back: max, exp, sum, divide)
 *
 * matmul and batch_matmul take an `indexing_maps` attribute that overrides the defaults
 * (upstream's way to say "transposed"); loop k is the reduction.  The verifier, eval and
 * tile/ all ask this file, so one table says what each named op means.
 */
#include "ir/ir.h"

#include <stdio.h>
#include <string.h>

bool
linalg_segments(const Module *m, OpId op, uint32_t *nins, uint32_t *nouts)
{
    const Op *o = op_get(m, op);
    const Attr *seg = op_attr(m, op, "operandSegmentSizes");
    if (!seg || seg->kind != ATTR_DENSE_ARRAY || seg->n != 2 || !seg->ints || seg->ints[0] < 0 ||
        seg->ints[1] < 0 || (uint64_t)seg->ints[0] + (uint64_t)seg->ints[1] != o->nargs)
        return false;
    *nins = (uint32_t)seg->ints[0];
    *nouts = (uint32_t)seg->ints[1];
    return true;
}

static uint32_t
shaped_rank(const Module *m, ValueId v)
{
    const Type *t = type_get(m, value_type(m, v));
    return t->kind == TY_TENSOR || t->kind == TY_MEMREF || t->kind == TY_VECTOR ? t->rank : 0;
}

/* A map (d0..d{n-1}) -> (d{r[0]}, ...), r[i] < 0 for the constant 0. */
static const AffineMap *
dims_map(Module *m, uint32_t n, const int32_t *r, uint32_t nr)
{
    const AffineExpr *e[LINALG_MAX_LOOPS];
    for (uint32_t i = 0; i < nr; i++)
        e[i] = r[i] < 0 ? affine_const(m, 0) : affine_dim(m, (uint32_t)r[i]);
    return affine_map_new(m, n, 0, nr, e);
}

/* The list attribute `name` (`[1, 2]` or `array<i64: 1, 2>`) into v; its count or -1. */
static int
int_list(const Module *m, OpId op, const char *name, int64_t *v, uint32_t cap)
{
    const Attr *a = op_attr(m, op, name);
    if (!a)
        return -1;
    if (a->kind == ATTR_DENSE_ARRAY && a->ints && a->n <= cap) {
        memcpy(v, a->ints, a->n * sizeof *v);
        return (int)a->n;
    }
    if (a->kind == ATTR_ARRAY && a->n <= cap) {
        for (uint32_t i = 0; i < a->n; i++) {
            if (a->items[i]->kind != ATTR_INT)
                return -1;
            v[i] = a->items[i]->i;
        }
        return (int)a->n;
    }
    return -1;
}

static bool
fail(char *why, size_t cap, const char *msg)
{
    if (why && cap)
        snprintf(why, cap, "%s", msg);
    return false;
}

/* indexing_maps from the attribute: nmaps affine maps over the same loops */
static bool
maps_from_attr(const Attr *a, LinalgInfo *out, uint32_t nmaps, char *why, size_t cap)
{
    if (!a || a->kind != ATTR_ARRAY || a->n != nmaps)
        return fail(why, cap, "needs one indexing map per operand in 'indexing_maps'");
    for (uint32_t i = 0; i < nmaps; i++) {
        if (a->items[i]->kind != ATTR_AFFINE_MAP)
            return fail(why, cap, "has an 'indexing_maps' entry that is not an affine map");
        out->maps[i] = a->items[i]->map;
        if (out->maps[i]->ndims != out->maps[0]->ndims || out->maps[i]->nsyms)
            return fail(why, cap, "has indexing maps over different loops (or with symbols)");
    }
    out->nloops = out->maps[0]->ndims;
    if (out->nloops > LINALG_MAX_LOOPS)
        return fail(why, cap, "has more than 8 loops");
    return true;
}

static bool
contraction(Module *m, OpId op, LinalgInfo *out, bool batch, bool transpose_b, char *why,
            size_t cap)
{
    /* loops (b,) m, n, k */
    static const int32_t a2[] = { 0, 2 }, b2[] = { 2, 1 }, bt2[] = { 1, 2 }, c2[] = { 0, 1 };
    static const int32_t a3[] = { 0, 1, 3 }, b3[] = { 0, 3, 2 }, bt3[] = { 0, 2, 3 },
                         c3[] = { 0, 1, 2 };
    if (out->nins != 2 || out->nouts != 1)
        return fail(why, cap, "takes two ins and one out");
    const Attr *maps = op_attr(m, op, "indexing_maps");
    if (maps && !transpose_b) {
        if (!maps_from_attr(maps, out, 3, why, cap))
            return false;
    } else {
        uint32_t n = batch ? 4 : 3;
        out->nloops = n;
        out->maps[0] = dims_map(m, n, batch ? a3 : a2, n - 1);
        out->maps[1] =
            dims_map(m, n, batch ? (transpose_b ? bt3 : b3) : (transpose_b ? bt2 : b2), n - 1);
        out->maps[2] = dims_map(m, n, batch ? c3 : c2, n - 1);
    }
    /* the reduction loops: those C does not index */
    for (uint32_t d = 0; d < out->nloops; d++) {
        bool used = false;
        for (uint32_t r = 0; r < out->maps[2]->nresults; r++)
            used |= affine_map_result_dim(out->maps[2], r) == (int32_t)d;
        out->reduction[d] = !used;
    }
    return true;
}

/* Identity maps over the rank of out #0 for every operand (a scalar in gets `()`). */
static bool
elementwise(Module *m, OpId op, LinalgInfo *out, char *why, size_t cap)
{
    const Op *o = op_get(m, op);
    if (out->nouts < 1)
        return fail(why, cap, "has no out");
    uint32_t n = shaped_rank(m, o->args[out->nins]);
    if (n > LINALG_MAX_LOOPS)
        return fail(why, cap, "has more than 8 loops");
    int32_t id[LINALG_MAX_LOOPS];
    for (uint32_t i = 0; i < n; i++)
        id[i] = (int32_t)i;
    out->nloops = n;
    for (uint32_t i = 0; i < out->nins + out->nouts; i++) {
        bool scalar = !type_is_shaped(m, value_type(m, o->args[i]));
        out->maps[i] = dims_map(m, n, id, scalar ? 0 : n);
    }
    return true;
}

static bool
transpose(Module *m, OpId op, LinalgInfo *out, char *why, size_t cap)
{
    int64_t perm[LINALG_MAX_LOOPS];
    if (!elementwise(m, op, out, why, cap))
        return false;
    int n = int_list(m, op, "permutation", perm, LINALG_MAX_LOOPS);
    if (n != (int)out->nloops || out->nins != 1)
        return fail(why, cap, "needs one in and a 'permutation' of the out's rank");
    int32_t r[LINALG_MAX_LOOPS];
    for (int i = 0; i < n; i++) {
        if (perm[i] < 0 || perm[i] >= n)
            return fail(why, cap, "has a 'permutation' entry out of range");
        r[perm[i]] = i;
    }
    out->maps[0] = dims_map(m, out->nloops, r, out->nloops);
    return true;
}

static bool
broadcast(Module *m, OpId op, LinalgInfo *out, char *why, size_t cap)
{
    int64_t dims[LINALG_MAX_LOOPS];
    if (!elementwise(m, op, out, why, cap))
        return false;
    int n = int_list(m, op, "dimensions", dims, LINALG_MAX_LOOPS);
    if (n < 0 || out->nins != 1)
        return fail(why, cap, "needs one in and 'dimensions'");
    int32_t r[LINALG_MAX_LOOPS];
    uint32_t nr = 0;
    for (uint32_t d = 0; d < out->nloops; d++) {
        bool added = false;
        for (int i = 0; i < n; i++)
            added |= dims[i] == (int64_t)d;
        if (!added)
            r[nr++] = (int32_t)d;
    }
    out->maps[0] = dims_map(m, out->nloops, r, nr);
    return true;
}

static bool
reduce(Module *m, OpId op, LinalgInfo *out, char *why, size_t cap)
{
    const Op *o = op_get(m, op);
    int64_t dims[LINALG_MAX_LOOPS];
    if (out->nins < 1 || out->nouts != out->nins)
        return fail(why, cap, "needs as many outs as ins");
    uint32_t n = shaped_rank(m, o->args[0]);
    int nd = int_list(m, op, "dimensions", dims, LINALG_MAX_LOOPS);
    if (n > LINALG_MAX_LOOPS || nd < 0)
        return fail(why, cap, "needs 'dimensions' and at most 8 loops");
    int32_t id[LINALG_MAX_LOOPS], kept[LINALG_MAX_LOOPS];
    uint32_t nk = 0;
    out->nloops = n;
    for (uint32_t d = 0; d < n; d++) {
        id[d] = (int32_t)d;
        for (int i = 0; i < nd; i++)
            out->reduction[d] |= dims[i] == (int64_t)d;
        if (!out->reduction[d])
            kept[nk++] = (int32_t)d;
    }
    for (uint32_t i = 0; i < out->nins; i++) {
        out->maps[i] = dims_map(m, n, id, n);
        out->maps[out->nins + i] = dims_map(m, n, kept, nk);
    }
    return true;
}

static bool
generic(Module *m, OpId op, LinalgInfo *out, char *why, size_t cap)
{
    if (!maps_from_attr(op_attr(m, op, "indexing_maps"), out, out->nins + out->nouts, why, cap))
        return false;
    const Attr *it = op_attr(m, op, "iterator_types");
    if (!it || it->kind != ATTR_ARRAY || it->n != out->nloops)
        return fail(why, cap, "needs one 'iterator_types' entry per loop");
    for (uint32_t d = 0; d < out->nloops; d++) {
        const Attr *a = it->items[d];
        const char *s = a->kind == ATTR_ENUM || a->kind == ATTR_STRING ? a->str : NULL;
        if (!s || (strcmp(s, "parallel") != 0 && strcmp(s, "reduction") != 0))
            return fail(why, cap, "has an iterator type that is neither parallel nor reduction");
        out->reduction[d] = strcmp(s, "reduction") == 0;
    }
    return true;
}

bool
linalg_info(Module *m, OpId op, LinalgInfo *out, char *why, size_t cap)
{
    memset(out, 0, sizeof *out);
    if (!(op_info[op_get(m, op)->kind].traits & T_STRUCTURED))
        return fail(why, cap, "is not a structured op");
    if (!linalg_segments(m, op, &out->nins, &out->nouts))
        return fail(why, cap,
                    "needs an 'operandSegmentSizes' of two entries adding up to its "
                    "operand count");
    out->maps = arena_alloc(&m->arena, (out->nins + out->nouts + 1) * sizeof *out->maps);
    const Attr *dim;
    switch (op_get(m, op)->kind) {
    case OP_LINALG_GENERIC:
        return generic(m, op, out, why, cap);
    case OP_LINALG_MATMUL:
        return contraction(m, op, out, false, false, why, cap);
    case OP_LINALG_MATMUL_TRANSPOSE_B:
        return contraction(m, op, out, false, true, why, cap);
    case OP_LINALG_BATCH_MATMUL:
        return contraction(m, op, out, true, false, why, cap);
    case OP_LINALG_BATCH_MATMUL_TRANSPOSE_B:
        return contraction(m, op, out, true, true, why, cap);
    case OP_LINALG_FILL:
    case OP_LINALG_COPY:
    case OP_LINALG_MAP:
        return elementwise(m, op, out, why, cap);
    case OP_LINALG_TRANSPOSE:
        return transpose(m, op, out, why, cap);
    case OP_LINALG_BROADCAST:
        return broadcast(m, op, out, why, cap);
    case OP_LINALG_REDUCE:
        return reduce(m, op, out, why, cap);
    case OP_LINALG_SOFTMAX:
        if (!elementwise(m, op, out, why, cap))
            return false;
        dim = op_attr(m, op, "dimension");
        if (!dim || dim->kind != ATTR_INT)
            return fail(why, cap, "needs an integer 'dimension'");
        if (dim->i < 0 || dim->i >= (int64_t)out->nloops)
            return fail(why, cap, "has a 'dimension' outside the operand's rank");
        out->reduction[dim->i] = true;
        return true;
    default:
        return fail(why, cap, "is not a structured op");
    }
}

bool
linalg_is_contraction_kind(OpKind k)
{
    return k == OP_LINALG_MATMUL || k == OP_LINALG_MATMUL_TRANSPOSE_B ||
           k == OP_LINALG_BATCH_MATMUL || k == OP_LINALG_BATCH_MATMUL_TRANSPOSE_B;
}

bool
op_is_op_level(const Module *m, OpId op)
{
    const Op *o = op_get(m, op);
    if (op_info[o->kind].traits & T_STRUCTURED)
        return true;
    switch (o->kind) {
    case OP_TENSOR_EMPTY:
    case OP_TENSOR_DIM:
    case OP_TENSOR_EXTRACT_SLICE:
    case OP_TENSOR_INSERT_SLICE:
    case OP_TENSOR_PAD:
    case OP_TENSOR_YIELD:
    case OP_TO_TENSOR:
    case OP_MATERIALIZE_IN_DESTINATION:
        return true;
    default:
        return false;
    }
}
