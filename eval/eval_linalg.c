/*
 * eval_linalg.c -- the op level, interpreted directly: linalg structured ops on tensors
 * and memrefs, the tensor ops and the bufferization ops.  This is the reference `vptx
 * check` compares an op-level kernel with, so it shares nothing with tile/ (the pass that
 * tiles these ops into a vector program): the named ops are written out as loops here,
 * from their definitions in MLIR's Linalg documentation, and only linalg.generic (and the
 * body-carrying reduce / map) run through their indexing maps.
 *
 * Values
 *   A tensor value is a View over a fresh Mem in ev->scratch (freed with the call), row
 *   major; tensors are immutable, so an op that produces one copies its init first and
 *   never writes a view it did not create.  A tensor parameter views the caller's buffer
 *   (read only).  Memref outs are written in place, as MLIR's buffer semantics say.
 *
 * Numerics: every element op rounds to its type (eval_elementwise); reductions combine
 * in loop order (the reduced loops innermost, sequentially), as a scalar loop nest would.
 * linalg.softmax is max, then exp(x - max), their sum, then the division, each rounded to
 * the element type: the decomposition MLIR's SoftmaxOp gives (maxnumf, subf, exp, addf,
 * divf).
 */
#include "eval/eval_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A fresh row-major tensor (or scratch memref) of type t and `shape`, zero-filled. */
static bool
new_view(Eval *ev, OpId o, TypeId t, const int64_t *shape, View *out)
{
    if (!eval_view_init(ev, o, out, t, shape))
        return false;
    int64_t n = 1;
    for (uint32_t i = 0; i < out->rank; i++) {
        if (shape[i] < 0)
            return eval_fail(ev, o, "has a negative size %lld", (long long)shape[i]);
        if (shape[i] && n > (INT64_MAX / 16) / shape[i])
            return eval_fail(ev, o, "makes a tensor too large for eval");
        n *= shape[i];
    }
    out->mem = eval_mem_new(&ev->scratch, (size_t)(n ? n : 1) * eval_elem_size(out->elem), NULL);
    out->offset = 0;
    return true;
}

static int64_t
view_count(const View *v)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < v->rank; i++)
        n *= v->shape[i];
    return n;
}

/* idx := the row-major multi-index of linear element n of shape */
static void
delinearize(int64_t n, const int64_t *shape, uint32_t rank, int64_t *idx)
{
    for (uint32_t i = rank; i-- > 0;) {
        idx[i] = shape[i] ? n % shape[i] : 0;
        n = shape[i] ? n / shape[i] : 0;
    }
}

static bool
load_at(Eval *ev, OpId o, const View *v, const int64_t *idx, Scalar *x)
{
    int64_t at;
    return eval_view_at(ev, o, v, idx, &at) && eval_mem_load(ev, o, v, at, x);
}

static bool
store_at(Eval *ev, OpId o, const View *v, const int64_t *idx, Scalar x)
{
    int64_t at;
    return eval_view_at(ev, o, v, idx, &at) && eval_mem_store(ev, o, v, at, x);
}

/* dst := src, element by element (same shape) */
static bool
copy_view(Eval *ev, OpId o, const View *src, const View *dst)
{
    int64_t idx[EVAL_MAX_RANK], n = view_count(src);
    for (uint32_t i = 0; i < src->rank; i++)
        if (src->shape[i] != dst->shape[i])
            return eval_fail(ev, o, "copies dim %u of size %lld into one of size %lld", i,
                             (long long)src->shape[i], (long long)dst->shape[i]);
    for (int64_t k = 0; k < n; k++) {
        Scalar x;
        delinearize(k, src->shape, src->rank, idx);
        if (!load_at(ev, o, src, idx, &x) || !store_at(ev, o, dst, idx, x))
            return false;
    }
    return true;
}

/* The view of shaped operand k (tensor or memref), or NULL after reporting. */
static const View *
shaped_arg(Eval *ev, Frame *f, OpId o, uint32_t k)
{
    const RtVal *v = eval_val(f, op_get(ev->m, o)->args[k]);
    TypeKind kind = type_get(ev->m, v->type)->kind;
    if ((kind != TY_MEMREF && kind != TY_TENSOR) || !v->view.mem)
        return eval_fail(ev, o, "operand #%u is not a tensor or memref value", k), NULL;
    return &v->view;
}

/* Defines result v as the tensor `view`. */
static void
def_tensor(Eval *ev, Frame *f, ValueId v, const View *view)
{
    RtVal *rv = eval_val(f, v);
    eval_val_alloc(rv, value_type(ev->m, v), 0);
    rv->view = *view;
}

/* ---------------------------------------------------------------- outs */

/* The views a structured op writes: a memref out itself, a tensor out's copy (which
 * becomes the op's next result).  outs[j] for out j. */
static bool
prepare_outs(Eval *ev, Frame *f, OpId o, uint32_t nins, uint32_t nouts, View *outs)
{
    const Op *op = op_get(ev->m, o);
    uint32_t r = 0;
    for (uint32_t j = 0; j < nouts; j++) {
        const View *init = shaped_arg(ev, f, o, nins + j);
        if (!init)
            return false;
        TypeId t = value_type(ev->m, op->args[nins + j]);
        if (!type_is_tensor(ev->m, t)) {
            outs[j] = *init;
            continue;
        }
        if (!new_view(ev, o, t, init->shape, &outs[j]) || !copy_view(ev, o, init, &outs[j]))
            return false;
        if (r >= op->nres)
            return eval_fail(ev, o, "has fewer results than tensor outs");
        def_tensor(ev, f, op->res[r++], &outs[j]);
    }
    return true;
}

/* ------------------------------------------------- ops through their maps */

/* One element of every operand at loop point p, the body, the outs' new elements. */
typedef struct Body {
    OpId op;
    LinalgInfo li;
    const View *ins[16];
    Scalar in_scalar[16]; /* a scalar in */
    bool is_scalar[16];
    View outs[16];
    BlockId block;
    bool map_with_out; /* linalg.map whose body also takes the out's element */
} Body;

static bool
operand_index(Eval *ev, OpId o, const AffineMap *map, const int64_t *p, uint32_t nloops,
              int64_t *idx)
{
    for (uint32_t r = 0; r < map->nresults; r++)
        if (!eval_affine(map->results[r], p, nloops, NULL, 0, &idx[r]))
            return eval_fail(ev, o, "cannot evaluate indexing map result #%u", r);
    return true;
}

static bool
run_point(Eval *ev, Frame *f, Body *b, const int64_t *p)
{
    const LinalgInfo *li = &b->li;
    const Block *blk = block_get(ev->m, b->block);
    int64_t idx[EVAL_MAX_RANK];
    uint32_t a = 0;
    if (++ev->steps > ev->max_steps)
        return eval_fail(ev, b->op, "ran more than %llu steps", (unsigned long long)ev->max_steps);
    ev->point = p;
    for (uint32_t i = 0; i < li->nins + li->nouts; i++) {
        bool out = i >= li->nins;
        if (out && op_get(ev->m, b->op)->kind == OP_LINALG_MAP && !b->map_with_out)
            break;
        Scalar x;
        if (!out && b->is_scalar[i]) {
            x = b->in_scalar[i];
        } else {
            const View *v = out ? &b->outs[i - li->nins] : b->ins[i];
            if (!operand_index(ev, b->op, li->maps[i], p, li->nloops, idx) ||
                !load_at(ev, b->op, v, idx, &x))
                return false;
        }
        ValueId arg = blk->args.items[a++];
        *eval_def(ev, f, arg, 1) = x;
    }
    OpId term;
    if (!eval_exec_block(ev, f, b->block, &term))
        return false;
    if (!term || op_get(ev->m, term)->kind != OP_LINALG_YIELD)
        return eval_fail(ev, b->op, "body does not end in 'linalg.yield'");
    const Op *y = op_get(ev->m, term);
    for (uint32_t j = 0; j < y->nargs && j < li->nouts; j++) {
        const RtVal *v = eval_val(f, y->args[j]);
        if (v->n != 1)
            return eval_fail(ev, term, "yields a value that is not a scalar");
        if (!operand_index(ev, b->op, li->maps[li->nins + j], p, li->nloops, idx) ||
            !store_at(ev, b->op, &b->outs[j], idx, v->e[0]))
            return false;
    }
    return true;
}

/* The size of every loop, from the operand dims that name it. */
static bool
loop_sizes(Eval *ev, Body *b, int64_t *size)
{
    const LinalgInfo *li = &b->li;
    for (uint32_t d = 0; d < li->nloops; d++)
        size[d] = -1;
    for (uint32_t i = 0; i < li->nins + li->nouts; i++) {
        const View *v =
            i < li->nins ? (b->is_scalar[i] ? NULL : b->ins[i]) : &b->outs[i - li->nins];
        for (uint32_t r = 0; v && r < li->maps[i]->nresults; r++) {
            int32_t d = affine_map_result_dim(li->maps[i], r);
            if (d < 0)
                continue;
            if (size[d] >= 0 && size[d] != v->shape[r])
                return eval_fail(ev, b->op, "loop d%d is %lld by one operand and %lld by another",
                                 d, (long long)size[d], (long long)v->shape[r]);
            size[d] = v->shape[r];
        }
    }
    for (uint32_t d = 0; d < li->nloops; d++)
        if (size[d] < 0)
            return eval_fail(ev, b->op, "loop d%u has no size", d);
    return true;
}

/* generic, reduce, map: every point of the loop nest, last loop fastest. */
static bool
exec_body_op(Eval *ev, Frame *f, OpId o, const LinalgInfo *li)
{
    Body *b = eval_xcalloc(1, sizeof *b);
    bool ok = false;
    b->op = o;
    b->li = *li;
    b->block = op_entry_block(ev->m, o, 0);
    int64_t size[LINALG_MAX_LOOPS], p[LINALG_MAX_LOOPS] = { 0 };
    if (li->nins > 16 || li->nouts > 16 || !b->block) {
        eval_fail(ev, o, "has more than 16 ins or outs, or no body");
        goto done;
    }
    b->map_with_out = block_get(ev->m, b->block)->args.n == li->nins + li->nouts;
    for (uint32_t i = 0; i < li->nins; i++) {
        const RtVal *v = eval_val(f, op_get(ev->m, o)->args[i]);
        b->is_scalar[i] = type_is_scalar(v->type);
        if (b->is_scalar[i])
            b->in_scalar[i] = v->e[0];
        else if (!(b->ins[i] = shaped_arg(ev, f, o, i)))
            goto done;
    }
    if (!prepare_outs(ev, f, o, li->nins, li->nouts, b->outs) || !loop_sizes(ev, b, size))
        goto done;
    for (uint32_t d = 0; d < li->nloops; d++)
        if (size[d] == 0) {
            ok = true; /* an empty iteration space: the outs keep their inits */
            goto done;
        }
    for (;;) {
        if (!run_point(ev, f, b, p))
            goto done;
        uint32_t d = li->nloops;
        while (d-- > 0) {
            if (++p[d] < size[d])
                break;
            p[d] = 0;
        }
        if (d == UINT32_MAX)
            break;
    }
    ok = true;
done:
    ev->point = NULL;
    free(b);
    return ok;
}

/* ------------------------------------------------------------- named ops */

/* cast to the accumulator type t (cast_signed), then c += a * b, each rounded */
static Scalar to_type(Scalar x, TypeId from, TypeId t);
static bool
multiply_add(Eval *ev, OpId o, Scalar *acc, Scalar u, TypeId tu, Scalar w, TypeId tw, TypeId et)
{
    Scalar prod, in[2] = { to_type(u, tu, et), to_type(w, tw, et) };
    TypeId ts[2] = { et, et };
    const char *err = NULL;
    OpKind mul = type_is_float(et) ? OP_MULF : OP_MULI;
    OpKind add = type_is_float(et) ? OP_ADDF : OP_ADDI;
    if (!eval_elementwise(mul, et, ts, in, &prod, 0, &err))
        return eval_fail(ev, o, "%s", err);
    Scalar sum_in[2] = { *acc, prod };
    if (!eval_elementwise(add, et, ts, sum_in, acc, 0, &err))
        return eval_fail(ev, o, "%s", err);
    return true;
}

/* matmul / batch_matmul with an `indexing_maps` attribute: the same product, each
 * operand indexed through its map at every point of the loop nest */
static bool
exec_mapped_contraction(Eval *ev, Frame *f, OpId o, const LinalgInfo *li)
{
    Body *b = eval_xcalloc(1, sizeof *b);
    bool ok = false;
    int64_t size[LINALG_MAX_LOOPS], p[LINALG_MAX_LOOPS] = { 0 }, idx[3][EVAL_MAX_RANK];
    b->op = o;
    b->li = *li;
    if (!(b->ins[0] = shaped_arg(ev, f, o, 0)) || !(b->ins[1] = shaped_arg(ev, f, o, 1)) ||
        !prepare_outs(ev, f, o, 2, 1, b->outs) || !loop_sizes(ev, b, size))
        goto done;
    for (uint32_t d = 0; d < li->nloops; d++)
        if (size[d] == 0) {
            ok = true;
            goto done;
        }
    for (;;) {
        Scalar u, w, acc;
        const View *v[3] = { b->ins[0], b->ins[1], &b->outs[0] };
        for (int i = 0; i < 3; i++)
            if (!operand_index(ev, o, li->maps[i], p, li->nloops, idx[i]))
                goto done;
        if (!load_at(ev, o, v[0], idx[0], &u) || !load_at(ev, o, v[1], idx[1], &w) ||
            !load_at(ev, o, v[2], idx[2], &acc) ||
            !multiply_add(ev, o, &acc, u, v[0]->elem, w, v[1]->elem, v[2]->elem) ||
            !store_at(ev, o, v[2], idx[2], acc))
            goto done;
        if (++ev->steps > ev->max_steps) {
            eval_fail(ev, o, "ran more than %llu steps", (unsigned long long)ev->max_steps);
            goto done;
        }
        uint32_t d = li->nloops;
        while (d-- > 0) {
            if (++p[d] < size[d])
                break;
            p[d] = 0;
        }
        if (d == UINT32_MAX)
            break;
    }
    ok = true;
done:
    free(b);
    return ok;
}

/* a cast to the accumulator type t, as the named contractions do (cast_signed) */
static Scalar
to_type(Scalar x, TypeId from, TypeId t)
{
    Scalar r;
    if (type_is_float(t))
        r.f = eval_round(type_is_float(from) ? x.f : (double)x.i, t);
    else
        r.i = eval_norm_int(type_is_float(from) ? (int64_t)x.f : x.i, t);
    return r;
}

/* C[b, m, n] += A[b, m, k] * B[b, k, n] (B[b, n, k] when transposed), batch optional. */
static bool
exec_contraction(Eval *ev, Frame *f, OpId o, bool batch, bool tb)
{
    const View *a = shaped_arg(ev, f, o, 0), *bv = shaped_arg(ev, f, o, 1);
    View c;
    if (!a || !bv || !prepare_outs(ev, f, o, 2, 1, &c))
        return false;
    uint32_t s = batch ? 1 : 0;
    int64_t nb = batch ? c.shape[0] : 1, M = c.shape[s], N = c.shape[s + 1], K = a->shape[s + 1];
    if (a->shape[s] != M || bv->shape[s + (tb ? 1 : 0)] != K || bv->shape[s + (tb ? 0 : 1)] != N ||
        (batch && (a->shape[0] != nb || bv->shape[0] != nb)))
        return eval_fail(ev, o, "has operand shapes that do not multiply");
    TypeId et = c.elem;
    for (int64_t x = 0; x < nb; x++)
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                int64_t ci[3] = { x, i, j }, *cidx = batch ? ci : ci + 1;
                Scalar acc, u, w;
                if (!load_at(ev, o, &c, cidx, &acc))
                    return false;
                for (int64_t k = 0; k < K; k++) {
                    int64_t ai[3] = { x, i, k }, bi[3] = { x, tb ? j : k, tb ? k : j };
                    if (!load_at(ev, o, a, batch ? ai : ai + 1, &u) ||
                        !load_at(ev, o, bv, batch ? bi : bi + 1, &w))
                        return false;
                    if (!multiply_add(ev, o, &acc, u, a->elem, w, bv->elem, et))
                        return false;
                }
                if (!store_at(ev, o, &c, cidx, acc))
                    return false;
                if (++ev->steps > ev->max_steps)
                    return eval_fail(ev, o, "ran more than %llu steps",
                                     (unsigned long long)ev->max_steps);
            }
    return true;
}

static bool
exec_fill(Eval *ev, Frame *f, OpId o)
{
    Scalar x = eval_val(f, op_get(ev->m, o)->args[0])->e[0];
    View out;
    if (!prepare_outs(ev, f, o, 1, 1, &out))
        return false;
    int64_t idx[EVAL_MAX_RANK], n = view_count(&out);
    for (int64_t k = 0; k < n; k++) {
        delinearize(k, out.shape, out.rank, idx);
        if (!store_at(ev, o, &out, idx, x))
            return false;
    }
    return true;
}

/* copy: out = in;  transpose: out[i] = in[j] with j[perm[k]] = i[k];  broadcast: out[i] =
 * in[i without the dims in `dimensions`] */
static bool
exec_move(Eval *ev, Frame *f, OpId o)
{
    OpKind kind = op_get(ev->m, o)->kind;
    const View *in = shaped_arg(ev, f, o, 0);
    View out;
    if (!in || !prepare_outs(ev, f, o, 1, 1, &out))
        return false;
    int64_t list[EVAL_MAX_RANK] = { 0 };
    int n = kind == OP_LINALG_COPY
                ? 0
                : eval_int_attr_list(
                      op_attr(ev->m, o, kind == OP_LINALG_TRANSPOSE ? "permutation" : "dimensions"),
                      list, EVAL_MAX_RANK);
    if (n < 0)
        return eval_fail(ev, o, "has no valid permutation or dimensions");
    int64_t oi[EVAL_MAX_RANK], ii[EVAL_MAX_RANK], count = view_count(&out);
    for (int64_t k = 0; k < count; k++) {
        delinearize(k, out.shape, out.rank, oi);
        uint32_t r = 0;
        for (uint32_t d = 0; d < out.rank; d++) {
            if (kind == OP_LINALG_TRANSPOSE) {
                if (list[d] < 0 || list[d] >= (int64_t)in->rank)
                    return eval_fail(ev, o, "has a permutation entry out of range");
                ii[list[d]] = oi[d];
            } else {
                bool added = false;
                for (int i = 0; kind == OP_LINALG_BROADCAST && i < n; i++)
                    added |= list[i] == (int64_t)d;
                if (!added && r < in->rank)
                    ii[r++] = oi[d];
            }
        }
        Scalar x;
        if (!load_at(ev, o, in, ii, &x) || !store_at(ev, o, &out, oi, x))
            return false;
    }
    return true;
}

/* softmax along `dimension`: y = exp(x - max) / sum(exp(x - max)) per slice */
static bool
exec_softmax(Eval *ev, Frame *f, OpId o)
{
    const View *in = shaped_arg(ev, f, o, 0);
    const Attr *da = op_attr(ev->m, o, "dimension");
    View out;
    if (!in || !da || da->kind != ATTR_INT || da->i < 0 || da->i >= (int64_t)in->rank ||
        !prepare_outs(ev, f, o, 1, 1, &out))
        return eval_fail(ev, o, "has no valid dimension"), false;
    uint32_t dim = (uint32_t)da->i;
    TypeId t = in->elem, ts[2] = { t, t };
    int64_t len = in->shape[dim], idx[EVAL_MAX_RANK], outer[EVAL_MAX_RANK];
    int64_t rows = len ? view_count(in) / len : 0;
    int64_t oshape[EVAL_MAX_RANK];
    memcpy(oshape, in->shape, sizeof oshape);
    oshape[dim] = 1;
    const char *err = NULL;
    for (int64_t r = 0; r < rows; r++) {
        delinearize(r, oshape, in->rank, outer);
        memcpy(idx, outer, sizeof idx);
        Scalar mx = { .f = -INFINITY }, sum = { .f = 0 }, x, e, in2[2];
        for (int pass = 0; pass < 3; pass++)
            for (int64_t k = 0; k < len; k++) {
                idx[dim] = k;
                if (!load_at(ev, o, in, idx, &x))
                    return false;
                if (pass == 0) {
                    in2[0] = mx, in2[1] = x;
                    if (!eval_elementwise(OP_MAXNUMF, t, ts, in2, &mx, 0, &err))
                        return eval_fail(ev, o, "%s", err);
                    continue;
                }
                in2[0] = x, in2[1] = mx;
                if (!eval_elementwise(OP_SUBF, t, ts, in2, &x, 0, &err) ||
                    !eval_elementwise(OP_EXP, t, ts, &x, &e, 0, &err))
                    return eval_fail(ev, o, "%s", err);
                if (pass == 1) {
                    in2[0] = sum, in2[1] = e;
                    if (!eval_elementwise(OP_ADDF, t, ts, in2, &sum, 0, &err))
                        return eval_fail(ev, o, "%s", err);
                    continue;
                }
                in2[0] = e, in2[1] = sum;
                if (!eval_elementwise(OP_DIVF, t, ts, in2, &x, 0, &err) ||
                    !store_at(ev, o, &out, idx, x))
                    return err ? eval_fail(ev, o, "%s", err) : false;
            }
        if (++ev->steps > ev->max_steps)
            return eval_fail(ev, o, "ran more than %llu steps", (unsigned long long)ev->max_steps);
    }
    return true;
}

/* ----------------------------------------------------------- tensor ops */

/* tensor.empty: the dynamic sizes from the operands; zero-filled */
static bool
exec_empty(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    TypeId t = value_type(ev->m, op->res[0]);
    const Type *ty = type_get(ev->m, t);
    int64_t shape[EVAL_MAX_RANK];
    uint32_t k = 0;
    if (ty->rank > EVAL_MAX_RANK)
        return eval_fail(ev, o, "tensor rank %u exceeds eval's limit of %d", ty->rank,
                         EVAL_MAX_RANK);
    for (uint32_t i = 0; i < ty->rank; i++)
        shape[i] = ty->shape[i] == DIM_DYNAMIC ? eval_val(f, op->args[k++])->e[0].i : ty->shape[i];
    View v;
    if (!new_view(ev, o, t, shape, &v))
        return false;
    def_tensor(ev, f, op->res[0], &v);
    return true;
}

static bool
exec_tensor_dim(Eval *ev, Frame *f, OpId o)
{
    const View *v = shaped_arg(ev, f, o, 0);
    int64_t i = eval_val(f, op_get(ev->m, o)->args[1])->e[0].i;
    if (!v)
        return false;
    if (i < 0 || i >= (int64_t)v->rank)
        return eval_fail(ev, o, "asks for dim %lld of a rank-%u tensor", (long long)i, v->rank);
    eval_def_int(ev, f, op_get(ev->m, o)->res[0], v->shape[i]);
    return true;
}

/* The offsets, sizes and strides of a slice op whose lists follow operand `first`. */
static bool
slice_params(Eval *ev, Frame *f, OpId o, uint32_t first, uint32_t rank, int64_t lists[3][8])
{
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    const Op *op = op_get(ev->m, o);
    uint32_t k = first;
    for (int l = 0; l < 3; l++) {
        int n = eval_int_attr_list(op_attr(ev->m, o, names[l]), lists[l], 8);
        if (n != (int)rank)
            return eval_fail(ev, o, "has no valid '%s'", names[l]);
        for (int i = 0; i < n; i++)
            if (lists[l][i] == DIM_DYNAMIC) {
                if (k >= op->nargs)
                    return eval_fail(ev, o, "has too few dynamic operands");
                lists[l][i] = eval_val(f, op->args[k++])->e[0].i;
            }
    }
    return true;
}

/* extract_slice: result element n (row major over the full-rank sizes, which dropping
 * unit dims does not reorder) = src[offset + i * stride];  insert_slice: the reverse into
 * a copy of the destination */
static bool
exec_slice(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    bool insert = op->kind == OP_TENSOR_INSERT_SLICE;
    const View *src = shaped_arg(ev, f, o, 0), *big = insert ? shaped_arg(ev, f, o, 1) : src;
    int64_t lists[3][8];
    if (!src || !big || big->rank > 8 || !slice_params(ev, f, o, insert ? 2 : 1, big->rank, lists))
        return false;
    View res;
    TypeId rt = value_type(ev->m, op->res[0]);
    if (insert) {
        if (!new_view(ev, o, rt, big->shape, &res) || !copy_view(ev, o, big, &res))
            return false;
    } else {
        int64_t shape[EVAL_MAX_RANK];
        const Type *ty = type_get(ev->m, rt);
        uint32_t j = 0;
        for (uint32_t i = 0; i < ty->rank; i++)
            shape[i] = ty->shape[i];
        /* the result's dynamic dims: the sizes, in order, past the dropped unit dims */
        for (uint32_t i = 0; i < big->rank && j < ty->rank; i++)
            if (!(lists[1][i] == 1 && big->rank - i > ty->rank - j && ty->shape[j] != 1))
                shape[j++] = lists[1][i];
        if (!new_view(ev, o, rt, shape, &res))
            return false;
    }
    const View *small = insert ? src : &res;
    int64_t n = 1, full[8], bi[8], si[EVAL_MAX_RANK];
    for (uint32_t i = 0; i < big->rank; i++)
        n *= lists[1][i];
    if (n != view_count(small))
        return eval_fail(ev, o, "has sizes of %lld elements for a slice of %lld", (long long)n,
                         (long long)view_count(small));
    for (int64_t k = 0; k < n; k++) {
        delinearize(k, lists[1], big->rank, full);
        delinearize(k, small->shape, small->rank, si);
        for (uint32_t i = 0; i < big->rank; i++)
            bi[i] = lists[0][i] + full[i] * lists[2][i];
        Scalar x;
        if (insert ? !load_at(ev, o, src, si, &x) || !store_at(ev, o, &res, bi, x)
                   : !load_at(ev, o, src, bi, &x) || !store_at(ev, o, &res, si, x))
            return false;
    }
    def_tensor(ev, f, op->res[0], &res);
    return true;
}

/* tensor.pad: result[i] = src[i - low] inside the source's window, else the body's yield
 * at i (its arguments the indices), the result dims src + low + high */
static bool
exec_pad(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const View *src = shaped_arg(ev, f, o, 0);
    int64_t lists[2][8], shape[EVAL_MAX_RANK];
    static const char *const names[2] = { "static_low", "static_high" };
    if (!src || src->rank > 8)
        return false;
    uint32_t k = 1;
    for (int l = 0; l < 2; l++) {
        if (eval_int_attr_list(op_attr(ev->m, o, names[l]), lists[l], 8) != (int)src->rank)
            return eval_fail(ev, o, "has no valid '%s'", names[l]);
        for (uint32_t i = 0; i < src->rank; i++)
            if (lists[l][i] == DIM_DYNAMIC) {
                if (k >= op->nargs)
                    return eval_fail(ev, o, "has too few dynamic operands");
                lists[l][i] = eval_val(f, op->args[k++])->e[0].i;
            }
    }
    for (uint32_t i = 0; i < src->rank; i++) {
        if (lists[0][i] < 0 || lists[1][i] < 0)
            return eval_fail(ev, o, "pads dim %u by %lld and %lld: pads must not be negative", i,
                             (long long)lists[0][i], (long long)lists[1][i]);
        shape[i] = src->shape[i] + lists[0][i] + lists[1][i];
    }
    View res;
    if (!new_view(ev, o, value_type(ev->m, op->res[0]), shape, &res))
        return false;
    BlockId body = op_entry_block(ev->m, o, 0);
    int64_t idx[EVAL_MAX_RANK], si[EVAL_MAX_RANK], n = view_count(&res);
    for (int64_t e = 0; e < n; e++) {
        delinearize(e, res.shape, res.rank, idx);
        bool inside = true;
        for (uint32_t i = 0; i < res.rank; i++) {
            si[i] = idx[i] - lists[0][i];
            inside = inside && si[i] >= 0 && si[i] < src->shape[i];
        }
        Scalar x;
        if (inside) {
            if (!load_at(ev, o, src, si, &x))
                return false;
        } else {
            const Block *b = block_get(ev->m, body);
            for (uint32_t i = 0; i < b->args.n && i < res.rank; i++)
                eval_def_int(ev, f, b->args.items[i], idx[i]);
            OpId term;
            if (!eval_exec_block(ev, f, body, &term))
                return false;
            if (!term || op_get(ev->m, term)->kind != OP_TENSOR_YIELD)
                return eval_fail(ev, o, "body does not end in 'tensor.yield'");
            x = eval_val(f, op_get(ev->m, term)->args[0])->e[0];
        }
        if (!store_at(ev, o, &res, idx, x))
            return false;
    }
    def_tensor(ev, f, op->res[0], &res);
    return true;
}

static bool
exec_to_tensor(Eval *ev, Frame *f, OpId o)
{
    const View *m = shaped_arg(ev, f, o, 0);
    View v;
    TypeId t = value_type(ev->m, op_get(ev->m, o)->res[0]);
    if (!m || !new_view(ev, o, t, m->shape, &v) || !copy_view(ev, o, m, &v))
        return false;
    def_tensor(ev, f, op_get(ev->m, o)->res[0], &v);
    return true;
}

static bool
exec_materialize(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const View *src = shaped_arg(ev, f, o, 0), *dst = shaped_arg(ev, f, o, 1);
    if (!src || !dst)
        return false;
    if (!op->nres)
        return copy_view(ev, o, src, dst);
    View v;
    if (!new_view(ev, o, value_type(ev->m, op->res[0]), src->shape, &v) ||
        !copy_view(ev, o, src, &v))
        return false;
    def_tensor(ev, f, op->res[0], &v);
    return true;
}

bool
eval_linalg_op(Eval *ev, Frame *f, OpId o)
{
    LinalgInfo li;
    char why[200];
    OpKind k = op_get(ev->m, o)->kind;
    switch (k) {
    case OP_TENSOR_EMPTY:
        return exec_empty(ev, f, o);
    case OP_TENSOR_DIM:
        return exec_tensor_dim(ev, f, o);
    case OP_TENSOR_EXTRACT_SLICE:
    case OP_TENSOR_INSERT_SLICE:
        return exec_slice(ev, f, o);
    case OP_TENSOR_PAD:
        return exec_pad(ev, f, o);
    case OP_TO_TENSOR:
        return exec_to_tensor(ev, f, o);
    case OP_MATERIALIZE_IN_DESTINATION:
        return exec_materialize(ev, f, o);
    case OP_LINALG_INDEX: {
        const Attr *d = op_attr(ev->m, o, "dim");
        if (!ev->point || !d || d->kind != ATTR_INT || d->i < 0 || d->i >= LINALG_MAX_LOOPS)
            return eval_fail(ev, o, "is not inside a linalg op's body");
        eval_def_int(ev, f, op_get(ev->m, o)->res[0], ev->point[d->i]);
        return true;
    }
    default:
        break;
    }
    if (!linalg_info(ev->m, o, &li, why, sizeof why))
        return eval_fail(ev, o, "%s", why);
    switch (k) {
    case OP_LINALG_MATMUL:
    case OP_LINALG_BATCH_MATMUL:
        if (op_attr(ev->m, o, "indexing_maps"))
            break; /* the user's maps say what is transposed: through them, below */
        return exec_contraction(ev, f, o, k == OP_LINALG_BATCH_MATMUL, false);
    case OP_LINALG_MATMUL_TRANSPOSE_B:
        return exec_contraction(ev, f, o, false, true);
    case OP_LINALG_BATCH_MATMUL_TRANSPOSE_B:
        return exec_contraction(ev, f, o, true, true);
    case OP_LINALG_FILL:
        return exec_fill(ev, f, o);
    case OP_LINALG_COPY:
    case OP_LINALG_TRANSPOSE:
    case OP_LINALG_BROADCAST:
        return exec_move(ev, f, o);
    case OP_LINALG_SOFTMAX:
        return exec_softmax(ev, f, o);
    case OP_LINALG_GENERIC:
    case OP_LINALG_REDUCE:
    case OP_LINALG_MAP:
        return exec_body_op(ev, f, o, &li);
    default:
        return eval_fail(ev, o, "is not supported by eval");
    }
    return exec_mapped_contraction(ev, f, o, &li);
}

bool
eval_store_tensor(Eval *ev, OpId func, uint32_t k, const RtVal *v, const EvalBuffer *b)
{
    const Type *t = type_get(ev->m, v->type);
    if (t->kind != TY_TENSOR || !v->view.mem)
        return eval_fail(ev, func, "result #%u is not a tensor: only tensor results have buffers",
                         k);
    if (!b->data || b->elem != t->elem || b->rank != v->view.rank)
        return eval_fail(ev, func, "result #%u: the buffer's type or rank does not match", k);
    for (uint32_t i = 0; i < b->rank; i++)
        if (b->shape[i] != v->view.shape[i])
            return eval_fail(ev, func, "result #%u: dim %u is %lld, the buffer's %lld", k, i,
                             (long long)v->view.shape[i], (long long)b->shape[i]);
    int64_t idx[EVAL_MAX_RANK], n = view_count(&v->view);
    size_t size = eval_elem_size(b->elem);
    for (int64_t e = 0; e < n; e++) {
        Scalar x;
        int64_t off = 0;
        delinearize(e, v->view.shape, v->view.rank, idx);
        for (uint32_t i = 0; i < b->rank; i++)
            off += idx[i] * b->strides[i];
        if (!load_at(ev, func, &v->view, idx, &x))
            return false;
        eval_mem_write((unsigned char *)b->data + (size_t)off * size, b->elem, x);
    }
    return true;
}
