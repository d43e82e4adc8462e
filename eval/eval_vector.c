/*
 * eval_vector.c -- eval's vector.* ops on whole-workgroup vectors: transfers
 * and loads/stores, contract, reductions, and the shape ops.
 *
 * A vector value is its elements in row-major order (eval_impl.h).  Ops walk
 * index tuples with an odometer (next_index) and convert with ravel().
 * Semantics follow MLIR's vector dialect documentation, op by op.
 */
#include "eval/eval_impl.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DIMS 16 /* vector ranks and contraction iteration spaces */

/* ------------------------------------------------------------- utilities */

/* Advances idx through shape in row-major order; false after the last. */
static bool
next_index(int64_t *idx, uint32_t rank, const int64_t *shape)
{
    for (uint32_t i = rank; i-- > 0;) {
        if (++idx[i] < shape[i])
            return true;
        idx[i] = 0;
    }
    return false;
}

static int64_t
ravel(const int64_t *idx, uint32_t rank, const int64_t *shape)
{
    int64_t lin = 0;
    for (uint32_t i = 0; i < rank; i++)
        lin = lin * shape[i] + idx[i];
    return lin;
}

static int64_t
product(const int64_t *shape, uint32_t rank)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < rank; i++)
        n *= shape[i];
    return n;
}

/* Shape of value v's type; fails for ranks over MAX_DIMS. */
static bool
shape_of(Eval *ev, OpId o, TypeId t, uint32_t *rank, int64_t *shape)
{
    const Type *ty = type_get(ev->m, t);
    *rank = ty->kind == TY_VECTOR ? ty->rank : 0;
    if (*rank > MAX_DIMS)
        return eval_fail(ev, o, "vector rank %u exceeds eval's limit of %d", *rank, MAX_DIMS);
    for (uint32_t i = 0; i < *rank; i++)
        shape[i] = ty->shape[i];
    return true;
}

static TypeId
res_type(Eval *ev, OpId o)
{
    return value_type(ev->m, op_get(ev->m, o)->res[0]);
}

static TypeId
elem_of(Eval *ev, ValueId v)
{
    return type_element(ev->m, value_type(ev->m, v));
}

/* A list attribute with exactly `want` entries (want < 0: any count). */
static int64_t
list_attr(Eval *ev, OpId o, const char *name, int64_t want, int64_t *out)
{
    int64_t n = eval_int_attr_list(op_attr(ev->m, o, name), out, MAX_DIMS);
    if (n < 0 || n > MAX_DIMS || (want >= 0 && n != want)) {
        if (want >= 0)
            eval_fail(ev, o, "needs '%s' with %lld entries", name, (long long)want);
        else
            eval_fail(ev, o, "needs an integer list '%s'", name);
        return -1;
    }
    return n;
}

/* Is combining kind k defined on element type t? */
static bool
kind_fits(int k, TypeId t)
{
    if (k < 0)
        return false;
    if (k == KIND_ADD || k == KIND_MUL)
        return true;
    bool float_kind =
        k == KIND_MINNUMF || k == KIND_MAXNUMF || k == KIND_MAXIMUMF || k == KIND_MINIMUMF;
    return float_kind == type_is_float(t);
}

/* ------------------------------------------------------------ transfers */

/* A transfer's permutation map as perm[i] = the memref dim that vector dim
 * i walks, or -1 for a broadcast dim (a constant-0 result).  No map means
 * the minor identity. */
static bool
transfer_perm(Eval *ev, OpId o, uint32_t mrank, uint32_t vrank, int *perm)
{
    const Attr *a = op_attr(ev->m, o, "permutation_map");
    if (!a) {
        if (vrank > mrank)
            return eval_fail(ev, o, "vector rank exceeds the memref rank without a map");
        for (uint32_t i = 0; i < vrank; i++)
            perm[i] = (int)(mrank - vrank + i);
        return true;
    }
    if (a->kind != ATTR_AFFINE_MAP || a->map->ndims != mrank || a->map->nresults != vrank)
        return eval_fail(ev, o, "'permutation_map' does not match the memref and vector ranks");
    for (uint32_t i = 0; i < vrank; i++) {
        const AffineExpr *e = a->map->results[i];
        if (e->kind == AFF_DIM && (uint64_t)e->value < mrank)
            perm[i] = (int)e->value;
        else if (e->kind == AFF_CONST && e->value == 0)
            perm[i] = -1;
        else
            return eval_fail(ev, o, "'permutation_map' result %u is not a dim or 0", i);
    }
    return true;
}

/* vector.transfer_read %base[%i...], %pad [, %mask] / transfer_write %v,
 * %base[%i...] [, %mask].  Vector element v reads memref element
 * base_idx + sum over non-broadcast dims d of v[d] placed at perm[d].  In a
 * dim with in_bounds = false an out-of-range index reads the padding (a
 * write is dropped); elsewhere it is an error.  The mask's shape is the
 * vector's non-broadcast dims in memref order (before the permutation). */
static bool
exec_transfer(Eval *ev, Frame *f, OpId o, bool is_write)
{
    const Op *op = op_get(ev->m, o);
    uint32_t base = is_write ? 1 : 0;
    const View *vw = eval_view_arg(ev, f, o, base);
    if (!vw)
        return false;
    uint32_t mrank = vw->rank, vrank, fixed = 2 + mrank; /* read: base idx pad; write: v base idx */
    int64_t vshape[MAX_DIMS], mem[EVAL_MAX_RANK], idx[MAX_DIMS] = { 0 };
    int perm[MAX_DIMS];
    TypeId vt = is_write ? value_type(ev->m, op->args[0]) : res_type(ev, o);
    if (!shape_of(ev, o, vt, &vrank, vshape) || !transfer_perm(ev, o, mrank, vrank, perm))
        return false;
    if (op->nargs != fixed && op->nargs != fixed + 1)
        return eval_fail(ev, o, "has %u operands for a memref of rank %u", op->nargs, mrank);
    if (type_element(ev->m, vt) != vw->elem)
        return eval_fail(ev, o, "vector and memref element types differ");
    bool in_bounds[MAX_DIMS] = { false };
    const Attr *ib = op_attr(ev->m, o, "in_bounds");
    for (uint32_t i = 0; ib && ib->kind == ATTR_ARRAY && i < ib->n && i < vrank; i++)
        in_bounds[i] = ib->items[i]->kind == ATTR_BOOL ? ib->items[i]->b : ib->items[i]->i != 0;
    /* mask dims: the non-broadcast vector dims ordered by memref dim */
    uint32_t mdims[MAX_DIMS], nm = 0;
    int64_t mshape[MAX_DIMS], midx[MAX_DIMS];
    for (uint32_t d = 0; d < mrank; d++)
        for (uint32_t i = 0; i < vrank; i++)
            if (perm[i] == (int)d) {
                mshape[nm] = vshape[i];
                mdims[nm++] = i;
            }
    const RtVal *mask = op->nargs == fixed + 1 ? eval_val(f, op->args[fixed]) : NULL;
    if (mask && mask->n != product(mshape, nm))
        return eval_fail(ev, o, "mask has %lld elements, %lld expected", (long long)mask->n,
                         (long long)product(mshape, nm));
    const RtVal *src = is_write ? eval_val(f, op->args[0]) : NULL;
    Scalar pad = is_write ? (Scalar){ 0 } : eval_val(f, op->args[1 + mrank])->e[0];
    int64_t n = product(vshape, vrank), w = vw->elem == TY_I128 ? 2 : 1; /* Scalars each */
    Scalar *r = is_write ? NULL : eval_def(ev, f, op->res[0], n * w);
    const Scalar *pad2 = is_write ? NULL : eval_val(f, op->args[1 + mrank])->e; /* i128 */
    for (int64_t e = 0; e < n; e++, next_index(idx, vrank, vshape)) {
        for (uint32_t d = 0; d < mrank; d++)
            mem[d] = eval_val(f, op->args[base + 1 + d])->e[0].i;
        bool skip = false;
        for (uint32_t i = 0; i < vrank; i++) {
            if (perm[i] < 0)
                continue;
            int64_t x = mem[perm[i]] += idx[i];
            if (!in_bounds[i] && (x < 0 || x >= vw->shape[perm[i]]))
                skip = true;
        }
        if (mask) {
            for (uint32_t k = 0; k < nm; k++)
                midx[k] = idx[mdims[k]];
            skip |= mask->e[ravel(midx, nm, mshape)].i == 0;
        }
        int64_t at = 0;
        if (skip && w == 2) {
            if (!is_write)
                memcpy(r + 2 * e, pad2, 2 * sizeof *r);
        } else if (skip) {
            if (!is_write)
                r[e] = pad;
        } else if (!eval_view_at(ev, o, vw, mem, &at)) {
            return false;
        } else if (w == 2) { /* an i128: its two halves */
            if (!eval_i128_access(ev, o, vw, at, is_write ? src->e + 2 * e : r + 2 * e, is_write))
                return false;
        } else if (is_write ? !eval_mem_store(ev, o, vw, at, src->e[e])
                            : !eval_mem_load(ev, o, vw, at, &r[e])) {
            return false;
        }
    }
    return true;
}

/* vector.load %base[%i...] / vector.store %v, %base[%i...]: the vector's
 * dims walk the memref's trailing dims; every access must be in bounds. */
static bool
exec_load_store(Eval *ev, Frame *f, OpId o, bool is_store)
{
    const Op *op = op_get(ev->m, o);
    uint32_t base = is_store ? 1 : 0, vrank;
    const View *vw = eval_view_arg(ev, f, o, base);
    if (!vw)
        return false;
    int64_t vshape[MAX_DIMS], mem[EVAL_MAX_RANK], idx[MAX_DIMS] = { 0 };
    TypeId vt = is_store ? value_type(ev->m, op->args[0]) : res_type(ev, o);
    if (!shape_of(ev, o, vt, &vrank, vshape))
        return false;
    if (op->nargs != base + 1 + vw->rank || vrank > vw->rank)
        return eval_fail(ev, o, "has %u operands for a memref of rank %u", op->nargs, vw->rank);
    if (type_element(ev->m, vt) != vw->elem)
        return eval_fail(ev, o, "vector and memref element types differ");
    uint32_t lead = vw->rank - vrank;
    int64_t n = product(vshape, vrank), w = vw->elem == TY_I128 ? 2 : 1; /* Scalars each */
    const RtVal *src = is_store ? eval_val(f, op->args[0]) : NULL;
    Scalar *r = is_store ? NULL : eval_def(ev, f, op->res[0], n * w);
    if (src && src->n != n * w)
        return eval_fail(ev, o, "stores %lld values for %lld elements", (long long)src->n,
                         (long long)n);
    for (int64_t e = 0; e < n; e++, next_index(idx, vrank, vshape)) {
        int64_t at = 0;
        for (uint32_t d = 0; d < vw->rank; d++)
            mem[d] = eval_val(f, op->args[base + 1 + d])->e[0].i + (d >= lead ? idx[d - lead] : 0);
        if (!eval_view_at(ev, o, vw, mem, &at))
            return false;
        if (w == 2) { /* an i128: its two halves */
            if (!eval_i128_access(ev, o, vw, at, is_store ? src->e + 2 * e : r + 2 * e, is_store))
                return false;
            continue;
        }
        if (is_store ? !eval_mem_store(ev, o, vw, at, src->e[e])
                     : !eval_mem_load(ev, o, vw, at, &r[e]))
            return false;
    }
    return true;
}

/* ------------------------------------------------------------- contract */

/* One operand of a contraction: its map's results, which must be dims,
 * give the operand's index from the iteration point. */
typedef struct ContractOperand {
    uint32_t rank;
    int64_t shape[MAX_DIMS];
    uint32_t dim[MAX_DIMS]; /* iteration dim of each operand dim */
} ContractOperand;

static bool
contract_operand(Eval *ev, OpId o, uint32_t k, const AffineMap *map, int64_t *bound,
                 ContractOperand *c)
{
    if (!shape_of(ev, o, value_type(ev->m, op_get(ev->m, o)->args[k]), &c->rank, c->shape))
        return false;
    if (map->nresults != c->rank)
        return eval_fail(ev, o, "indexing map #%u has %u results for an operand of rank %u", k,
                         map->nresults, c->rank);
    for (uint32_t j = 0; j < c->rank; j++) {
        const AffineExpr *e = map->results[j];
        if (e->kind != AFF_DIM || (uint64_t)e->value >= map->ndims)
            return eval_fail(ev, o, "indexing map #%u result %u is not a dim", k, j);
        c->dim[j] = (uint32_t)e->value;
        if (bound[e->value] >= 0 && bound[e->value] != c->shape[j])
            return eval_fail(ev, o, "iteration dim d%u is both %lld and %lld", c->dim[j],
                             (long long)bound[e->value], (long long)c->shape[j]);
        bound[e->value] = c->shape[j];
    }
    return true;
}

/* vector.contract: result = acc, then for every point of the iteration
 * space in row-major order, res[acc_map(p)] = res (+) ext(lhs[lhs_map(p)]) *
 * ext(rhs[rhs_map(p)]), the product and (+) in the accumulator type. */
static bool
exec_contract(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    if (op->nargs != 3)
        return eval_fail(ev, o, "with masks is not supported by eval");
    const Attr *maps = op_attr(ev->m, o, "indexing_maps");
    const Attr *iters = op_attr(ev->m, o, "iterator_types");
    if (!maps || maps->kind != ATTR_ARRAY || maps->n != 3 || !iters || iters->kind != ATTR_ARRAY)
        return eval_fail(ev, o, "needs 'indexing_maps' and 'iterator_types'");
    for (uint32_t k = 0; k < 3; k++)
        if (maps->items[k]->kind != ATTR_AFFINE_MAP ||
            maps->items[k]->map->ndims != maps->items[0]->map->ndims)
            return eval_fail(ev, o, "indexing map #%u is not an affine map over the same dims", k);
    uint32_t nd = maps->items[0]->map->ndims;
    if (nd > MAX_DIMS || iters->n != nd)
        return eval_fail(ev, o, "has %u iterator types for %u dims", iters->n, nd);
    int64_t bound[MAX_DIMS], point[MAX_DIMS] = { 0 };
    for (uint32_t d = 0; d < nd; d++)
        bound[d] = -1;
    ContractOperand c[3];
    for (uint32_t k = 0; k < 3; k++)
        if (!contract_operand(ev, o, k, maps->items[k]->map, bound, &c[k]))
            return false;
    bool in_acc[MAX_DIMS] = { false };
    for (uint32_t j = 0; j < c[2].rank; j++)
        in_acc[c[2].dim[j]] = true;
    for (uint32_t d = 0; d < nd; d++) {
        const char *it = iters->items[d]->str;
        bool is_par = it && strcmp(it, "parallel") == 0,
             is_red = it && strcmp(it, "reduction") == 0;
        if (bound[d] < 0 || (!is_par && !is_red) || is_par != in_acc[d])
            return eval_fail(ev, o,
                             "iteration dim d%u is unbounded or its iterator type "
                             "does not match the accumulator map",
                             d);
    }
    TypeId at = elem_of(ev, op->args[2]), lt = elem_of(ev, op->args[0]);
    TypeId rt = elem_of(ev, op->args[1]);
    int kind = eval_kind_attr(op_attr(ev->m, o, "kind"));
    if (!kind_fits(kind, at))
        return eval_fail(ev, o, "has a combining kind that does not fit its element type");
    const RtVal *lhs = eval_val(f, op->args[0]), *rhs = eval_val(f, op->args[1]);
    const RtVal *acc = eval_val(f, op->args[2]);
    Scalar *r = eval_def(ev, f, op->res[0], acc->n);
    memcpy(r, acc->e, (size_t)acc->n * sizeof *r);
    if (product(bound, nd) == 0)
        return true;
    /* the operands' linear indices move by a fixed stride per iteration dim: kept up to
     * date as the odometer turns instead of recomputed at every point */
    int64_t stride[3][MAX_DIMS], idx[3] = { 0, 0, 0 };
    for (uint32_t k = 0; k < 3; k++) {
        for (uint32_t d = 0; d < nd; d++)
            stride[k][d] = 0;
        int64_t s = 1;
        for (uint32_t j = c[k].rank; j-- > 0;) {
            stride[k][c[k].dim[j]] += s;
            s *= c[k].shape[j];
        }
    }
    /* f16/bf16/f32 operands into an f32 sum, the examples' case: the widening is exact
     * and the product and sum are single float operations, each rounded to f32, as
     * eval_mul and eval_combine do them */
    bool f32_add = kind == KIND_ADD && at == TY_F32 &&
                   (lt == TY_F16 || lt == TY_BF16 || lt == TY_F32) &&
                   (rt == TY_F16 || rt == TY_BF16 || rt == TY_F32);
    for (;;) {
        Scalar *out = &r[idx[2]];
        if (f32_add) {
            float a = (float)lhs->e[idx[0]].f, b = (float)rhs->e[idx[1]].f;
            float prod = a * b, sum = (float)out->f + prod;
            out->f = (double)sum;
        } else {
            Scalar a = eval_widen(lhs->e[idx[0]], lt, at);
            Scalar b = eval_widen(rhs->e[idx[1]], rt, at);
            *out = eval_combine(kind, at, *out, eval_mul(at, a, b));
        }
        uint32_t d = nd;
        while (d-- > 0) { /* next point, row-major */
            for (uint32_t k = 0; k < 3; k++)
                idx[k] += stride[k][d];
            if (++point[d] < bound[d])
                break;
            for (uint32_t k = 0; k < 3; k++)
                idx[k] -= bound[d] * stride[k][d];
            point[d] = 0;
        }
        if (d == UINT32_MAX)
            break;
    }
    return true;
}

/* ----------------------------------------------------------- reductions */

/* vector.multi_reduction <kind>, %src, %acc [dims]: res = acc, then every
 * source element in row-major order is combined into the result element
 * that drops the reduced dims. */
static bool
exec_multi_reduction(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    uint32_t srank;
    int64_t sshape[MAX_DIMS], dims[MAX_DIMS], idx[MAX_DIMS] = { 0 }, kidx[MAX_DIMS],
                                              kshape[MAX_DIMS];
    if (!shape_of(ev, o, value_type(ev->m, op->args[0]), &srank, sshape))
        return false;
    int64_t nd = list_attr(ev, o, "reduction_dims", -1, dims);
    if (nd < 0)
        return false;
    bool reduced[MAX_DIMS] = { false };
    for (int64_t i = 0; i < nd; i++) {
        if (dims[i] < 0 || dims[i] >= srank)
            return eval_fail(ev, o, "reduction dim %lld is out of range", (long long)dims[i]);
        reduced[dims[i]] = true;
    }
    uint32_t nk = 0;
    for (uint32_t d = 0; d < srank; d++)
        if (!reduced[d])
            kshape[nk++] = sshape[d];
    TypeId t = elem_of(ev, op->args[0]);
    int kind = eval_kind_attr(op_attr(ev->m, o, "kind"));
    if (!kind_fits(kind, t))
        return eval_fail(ev, o, "has a combining kind that does not fit its element type");
    const RtVal *src = eval_val(f, op->args[0]), *acc = eval_val(f, op->args[1]);
    if (acc->n != product(kshape, nk))
        return eval_fail(ev, o, "accumulator has %lld elements, %lld expected", (long long)acc->n,
                         (long long)product(kshape, nk));
    Scalar *r = eval_def(ev, f, op->res[0], acc->n);
    memcpy(r, acc->e, (size_t)acc->n * sizeof *r);
    for (int64_t e = 0; e < src->n; e++, next_index(idx, srank, sshape)) {
        uint32_t j = 0;
        for (uint32_t d = 0; d < srank; d++)
            if (!reduced[d])
                kidx[j++] = idx[d];
        Scalar *out = &r[ravel(kidx, nk, kshape)];
        *out = eval_combine(kind, t, *out, src->e[e]);
    }
    return true;
}

/* vector.reduction <kind>, %v [, %acc]: acc (or v[0]) (+) v[i]... in order */
static bool
exec_reduction(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    if (op->nargs < 1 || op->nargs > 2)
        return eval_fail(ev, o, "takes a vector and an optional accumulator");
    TypeId t = elem_of(ev, op->args[0]);
    int kind = eval_kind_attr(op_attr(ev->m, o, "kind"));
    if (!kind_fits(kind, t))
        return eval_fail(ev, o, "has a combining kind that does not fit its element type");
    const RtVal *v = eval_val(f, op->args[0]);
    bool has_acc = op->nargs > 1;
    if (!has_acc && v->n == 0)
        return eval_fail(ev, o, "reduces an empty vector without an accumulator");
    Scalar x = has_acc ? eval_val(f, op->args[1])->e[0] : v->e[0];
    for (int64_t i = has_acc ? 0 : 1; i < v->n; i++)
        x = eval_combine(kind, t, x, v->e[i]);
    *eval_def(ev, f, op->res[0], 1) = x;
    return true;
}

/* ------------------------------------------------------------ shape ops */

/* vector.broadcast: the source's dims align with the result's trailing
 * dims; a source dim of size 1 is stretched. */
static bool
exec_broadcast(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    uint32_t srank, rrank;
    int64_t sshape[MAX_DIMS], rshape[MAX_DIMS], idx[MAX_DIMS] = { 0 }, sidx[MAX_DIMS];
    if (!shape_of(ev, o, value_type(ev->m, op->args[0]), &srank, sshape) ||
        !shape_of(ev, o, res_type(ev, o), &rrank, rshape))
        return false;
    uint32_t lead = rrank - srank;
    if (srank > rrank)
        return eval_fail(ev, o, "source rank exceeds the result rank");
    for (uint32_t j = 0; j < srank; j++)
        if (sshape[j] != 1 && sshape[j] != rshape[lead + j])
            return eval_fail(ev, o, "source dim %u (%lld) cannot stretch to %lld", j,
                             (long long)sshape[j], (long long)rshape[lead + j]);
    const RtVal *src = eval_val(f, op->args[0]);
    int64_t n = product(rshape, rrank);
    Scalar *r = eval_def(ev, f, op->res[0], n);
    for (int64_t e = 0; e < n; e++, next_index(idx, rrank, rshape)) {
        for (uint32_t j = 0; j < srank; j++)
            sidx[j] = sshape[j] == 1 ? 0 : idx[lead + j];
        r[e] = src->e[ravel(sidx, srank, sshape)];
    }
    return true;
}

/* vector.transpose %v, [p...]: result dim i is source dim p[i] */
static bool
exec_transpose(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    uint32_t srank;
    int64_t sshape[MAX_DIMS], perm[MAX_DIMS], rshape[MAX_DIMS], idx[MAX_DIMS] = { 0 },
                                                                sidx[MAX_DIMS];
    if (!shape_of(ev, o, value_type(ev->m, op->args[0]), &srank, sshape) ||
        list_attr(ev, o, "permutation", srank, perm) < 0)
        return false;
    bool seen[MAX_DIMS] = { false };
    for (uint32_t i = 0; i < srank; i++) {
        if (perm[i] < 0 || perm[i] >= srank || seen[perm[i]])
            return eval_fail(ev, o, "'permutation' is not a permutation");
        seen[perm[i]] = true;
        rshape[i] = sshape[perm[i]];
    }
    const RtVal *src = eval_val(f, op->args[0]);
    Scalar *r = eval_def(ev, f, op->res[0], src->n);
    for (int64_t e = 0; e < src->n; e++, next_index(idx, srank, rshape)) {
        for (uint32_t i = 0; i < srank; i++)
            sidx[perm[i]] = idx[i];
        r[e] = src->e[ravel(sidx, srank, sshape)];
    }
    return true;
}

/* Position list of extract/insert: static_position with DIM_DYNAMIC entries
 * taken from operands starting at `dyn`; each checked against its dim.
 * Returns the number of positions, or -1. */
static int64_t
positions(Eval *ev, Frame *f, OpId o, uint32_t dyn, const int64_t *shape, uint32_t rank,
          int64_t *pos)
{
    const Op *op = op_get(ev->m, o);
    const char *name = op_attr(ev->m, o, "static_position") ? "static_position" : "position";
    int64_t n = list_attr(ev, o, name, -1, pos);
    if (n < 0)
        return -1;
    if (n > rank)
        return eval_fail(ev, o, "has more positions than the vector has dims"), -1;
    for (int64_t i = 0; i < n; i++) {
        if (pos[i] == DIM_DYNAMIC) {
            if (dyn >= op->nargs)
                return eval_fail(ev, o, "has too few dynamic position operands"), -1;
            pos[i] = eval_val(f, op->args[dyn++])->e[0].i;
        }
        if (pos[i] < 0 || pos[i] >= shape[i])
            return eval_fail(ev, o, "position %lld is out of range for dim %lld of size %lld",
                             (long long)pos[i], (long long)i, (long long)shape[i]),
                   -1;
    }
    return n;
}

/* vector.extract %v[pos] / vector.insert %x, %v[pos]: the positions pick a
 * block of the trailing dims (one element when they index every dim). */
static bool
exec_extract_insert(Eval *ev, Frame *f, OpId o, bool is_insert)
{
    const Op *op = op_get(ev->m, o);
    uint32_t vec = is_insert ? 1 : 0, rank;
    int64_t shape[MAX_DIMS], pos[MAX_DIMS];
    if (op->nargs <= vec)
        return eval_fail(ev, o, "has too few operands");
    if (!shape_of(ev, o, value_type(ev->m, op->args[vec]), &rank, shape))
        return false;
    int64_t np = positions(ev, f, o, vec + 1, shape, rank, pos);
    if (np < 0)
        return false;
    int64_t inner = product(shape + np, rank - (uint32_t)np);
    int64_t start = ravel(pos, (uint32_t)np, shape) * inner;
    if (type_element(ev->m, value_type(ev->m, op->args[vec])) == TY_I128) { /* 2 Scalars each */
        inner *= 2;
        start *= 2;
    }
    const RtVal *v = eval_val(f, op->args[vec]);
    if (!is_insert) {
        Scalar *r = eval_def(ev, f, op->res[0], inner);
        memcpy(r, v->e + start, (size_t)inner * sizeof *r);
        return true;
    }
    const RtVal *x = eval_val(f, op->args[0]);
    if (x->n != inner)
        return eval_fail(ev, o, "inserts %lld elements into a slot of %lld", (long long)x->n,
                         (long long)inner);
    Scalar *r = eval_def(ev, f, op->res[0], v->n);
    memcpy(r, v->e, (size_t)v->n * sizeof *r);
    memcpy(r + start, x->e, (size_t)inner * sizeof *r);
    return true;
}

/* vector.extract_strided_slice {offsets, sizes, strides}: the leading
 * dims are sliced, the rest taken whole. */
static bool
exec_extract_slice(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    uint32_t rank;
    int64_t shape[MAX_DIMS], off[MAX_DIMS], size[MAX_DIMS], stride[MAX_DIMS];
    int64_t rshape[MAX_DIMS], idx[MAX_DIMS] = { 0 }, sidx[MAX_DIMS];
    if (!shape_of(ev, o, value_type(ev->m, op->args[0]), &rank, shape))
        return false;
    int64_t k = list_attr(ev, o, "offsets", -1, off);
    if (k < 0 || list_attr(ev, o, "sizes", k, size) < 0 ||
        list_attr(ev, o, "strides", k, stride) < 0)
        return false;
    if (k > rank)
        return eval_fail(ev, o, "has more offsets than the vector has dims");
    for (uint32_t i = 0; i < rank; i++) {
        rshape[i] = i < k ? size[i] : shape[i];
        if (i < k && (off[i] < 0 || size[i] < 0 || stride[i] < 1 ||
                      (size[i] > 0 && off[i] + (size[i] - 1) * stride[i] >= shape[i])))
            return eval_fail(ev, o, "slice of dim %u exceeds its size %lld", i,
                             (long long)shape[i]);
    }
    const RtVal *src = eval_val(f, op->args[0]);
    int64_t n = product(rshape, rank);
    Scalar *r = eval_def(ev, f, op->res[0], n);
    for (int64_t e = 0; e < n; e++, next_index(idx, rank, rshape)) {
        for (uint32_t i = 0; i < rank; i++)
            sidx[i] = i < k ? off[i] + idx[i] * stride[i] : idx[i];
        r[e] = src->e[ravel(sidx, rank, shape)];
    }
    return true;
}

/* vector.insert_strided_slice %src, %dst {offsets (dst rank), strides (src
 * rank)}: the source lands in the trailing dims of dst. */
static bool
exec_insert_slice(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    uint32_t srank, drank;
    int64_t sshape[MAX_DIMS], dshape[MAX_DIMS], off[MAX_DIMS], stride[MAX_DIMS];
    int64_t idx[MAX_DIMS] = { 0 }, didx[MAX_DIMS];
    if (!shape_of(ev, o, value_type(ev->m, op->args[0]), &srank, sshape) ||
        !shape_of(ev, o, value_type(ev->m, op->args[1]), &drank, dshape) ||
        list_attr(ev, o, "offsets", drank, off) < 0 ||
        list_attr(ev, o, "strides", srank, stride) < 0)
        return false;
    if (srank > drank)
        return eval_fail(ev, o, "source rank exceeds the destination rank");
    uint32_t lead = drank - srank;
    const RtVal *src = eval_val(f, op->args[0]), *dst = eval_val(f, op->args[1]);
    Scalar *r = eval_def(ev, f, op->res[0], dst->n);
    memcpy(r, dst->e, (size_t)dst->n * sizeof *r);
    for (int64_t e = 0; e < src->n; e++, next_index(idx, srank, sshape)) {
        for (uint32_t i = 0; i < drank; i++) {
            didx[i] = i < lead ? off[i] : off[i] + idx[i - lead] * stride[i - lead];
            if (didx[i] < 0 || didx[i] >= dshape[i])
                return eval_fail(ev, o, "inserts outside dim %u of size %lld", i,
                                 (long long)dshape[i]);
        }
        r[ravel(didx, drank, dshape)] = src->e[e];
    }
    return true;
}

/* vector.create_mask %b... / constant_mask [b...]: element idx is true
 * when idx[i] < b[i] in every dim. */
static bool
exec_mask(Eval *ev, Frame *f, OpId o, bool is_constant)
{
    const Op *op = op_get(ev->m, o);
    uint32_t rank;
    int64_t shape[MAX_DIMS], b[MAX_DIMS], idx[MAX_DIMS] = { 0 };
    if (!shape_of(ev, o, res_type(ev, o), &rank, shape))
        return false;
    if (is_constant) {
        if (list_attr(ev, o, "mask_dim_sizes", rank, b) < 0)
            return false;
    } else {
        if (op->nargs != rank)
            return eval_fail(ev, o, "has %u operands for a mask of rank %u", op->nargs, rank);
        for (uint32_t i = 0; i < rank; i++)
            b[i] = eval_val(f, op->args[i])->e[0].i;
    }
    int64_t n = product(shape, rank);
    Scalar *r = eval_def(ev, f, op->res[0], n);
    for (int64_t e = 0; e < n; e++, next_index(idx, rank, shape)) {
        bool on = true;
        for (uint32_t i = 0; i < rank; i++)
            on &= idx[i] < b[i];
        r[e].i = on ? -1 : 0;
    }
    return true;
}

/* vector.bitcast: the same bits, little-endian, reread as the new type */
static bool
exec_bitcast(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    TypeId st = elem_of(ev, op->args[0]), rt = type_element(ev->m, res_type(ev, o));
    unsigned sb = type_bitwidth(st), rb = type_bitwidth(rt);
    const RtVal *src = eval_val(f, op->args[0]);
    int64_t n = type_num_elements(ev->m, res_type(ev, o));
    if ((sb % 8 && sb != 4) || (rb % 8 && rb != 4) || src->n * sb != n * (int64_t)rb)
        return eval_fail(ev, o, "cannot reinterpret %u-bit as %u-bit elements", sb, rb);
    /* the bits of all elements, element 0 lowest (i4: two to a byte, low nibble first) */
    unsigned char *bytes = calloc((size_t)(src->n * sb / 8) + 8, 1);
    if (!bytes)
        ICE("out of memory");
    for (int64_t e = 0; e < src->n; e++) {
        uint64_t bits = eval_to_bits(src->e[e], st);
        for (unsigned k = 0; k < sb; k++)
            bytes[(e * sb + k) / 8] |= (unsigned char)((bits >> k & 1) << ((e * sb + k) % 8));
    }
    Scalar *r = eval_def(ev, f, op->res[0], n);
    for (int64_t e = 0; e < n; e++) {
        uint64_t bits = 0;
        for (unsigned k = 0; k < rb; k++)
            bits |= (uint64_t)(bytes[(e * rb + k) / 8] >> ((e * rb + k) % 8) & 1) << k;
        r[e] = eval_from_bits(bits, rt);
    }
    free(bytes);
    return true;
}

/* splat, step, from_elements, shape_cast */
static bool
exec_simple(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    TypeId t = res_type(ev, o);
    int64_t n = type_num_elements(ev->m, t);
    if (type_element(ev->m, t) == TY_I128) { /* shape_cast, from_elements: 2 Scalars each */
        Scalar *r = eval_def(ev, f, op->res[0], 2 * n);
        for (int64_t e = 0; e < 2 * n; e++)
            r[e] = op->kind == OP_SHAPE_CAST ? eval_val(f, op->args[0])->e[e]
                                             : eval_val(f, op->args[e / 2])->e[e % 2];
        return op->kind == OP_SHAPE_CAST || op->kind == OP_FROM_ELEMENTS
                   ? true
                   : eval_fail(ev, o, "makes an i128 vector vptx does not take");
    }
    if (op->kind == OP_SHAPE_CAST || op->kind == OP_SPLAT) {
        const RtVal *src = eval_val(f, op->args[0]);
        if (op->kind == OP_SHAPE_CAST && src->n != n)
            return eval_fail(ev, o, "changes the element count");
        Scalar *r = eval_def(ev, f, op->res[0], n);
        for (int64_t e = 0; e < n; e++)
            r[e] = src->e[op->kind == OP_SPLAT ? 0 : e];
        return true;
    }
    if (op->kind == OP_FROM_ELEMENTS && op->nargs != n)
        return eval_fail(ev, o, "has %u operands for %lld elements", op->nargs, (long long)n);
    Scalar *r = eval_def(ev, f, op->res[0], n);
    for (int64_t e = 0; e < n; e++) {
        if (op->kind == OP_STEP)
            r[e].i = eval_norm_int(e, type_element(ev->m, t));
        else
            r[e] = eval_val(f, op->args[e])->e[0];
    }
    return true;
}

bool
eval_vector_op(Eval *ev, Frame *f, OpId o)
{
    switch (op_get(ev->m, o)->kind) {
    case OP_TRANSFER_READ:
        return exec_transfer(ev, f, o, false);
    case OP_TRANSFER_WRITE:
        return exec_transfer(ev, f, o, true);
    case OP_VLOAD:
        return exec_load_store(ev, f, o, false);
    case OP_VSTORE:
        return exec_load_store(ev, f, o, true);
    case OP_CONTRACT:
        return exec_contract(ev, f, o);
    case OP_MULTI_REDUCTION:
        return exec_multi_reduction(ev, f, o);
    case OP_REDUCTION:
        return exec_reduction(ev, f, o);
    case OP_BROADCAST:
        return exec_broadcast(ev, f, o);
    case OP_TRANSPOSE:
        return exec_transpose(ev, f, o);
    case OP_EXTRACT:
        return exec_extract_insert(ev, f, o, false);
    case OP_INSERT:
        return exec_extract_insert(ev, f, o, true);
    case OP_EXTRACT_STRIDED_SLICE:
        return exec_extract_slice(ev, f, o);
    case OP_INSERT_STRIDED_SLICE:
        return exec_insert_slice(ev, f, o);
    case OP_CREATE_MASK:
        return exec_mask(ev, f, o, false);
    case OP_CONSTANT_MASK:
        return exec_mask(ev, f, o, true);
    case OP_VBITCAST:
        return exec_bitcast(ev, f, o);
    case OP_SPLAT:
    case OP_STEP:
    case OP_FROM_ELEMENTS:
    case OP_SHAPE_CAST:
        return exec_simple(ev, f, o);
    default:
        return eval_fail(ev, o, "is not a vector op eval knows");
    }
}
