/*
 * generalize.c -- the named ops as linalg.generic, so that the rest of tile/ sees three
 * kinds of node: elementwise generics, reduction generics and contractions.  As MLIR's
 * linalg-generalize-named-ops and SoftmaxOp::decomposeOperation do:
 *
 *   linalg.copy / transpose / broadcast   generic { yield %in }, maps from ir/linalg.c
 *   linalg.map                            generic with the map's body (an out argument
 *                                         added where the body has none)
 *   linalg.reduce                         generic with the reduce's body (ins, then outs)
 *   linalg.softmax dimension(d) x         m = max_d(x)         (maxnumf from -inf)
 *                                         e = exp(x - m)
 *                                         s = sum_d(e)         (addf from 0)
 *                                         y = e / s
 *
 * linalg.fill stays (a constant array, graph.c); the matmul family stays (contractions).
 * Each new op takes the place of the old one in the block and its results replace the
 * old results.
 *
 * Requires:    verified op-level IR.
 * Ensures:     the function's structured ops are generic, fill or a contraction.
 * Invalidates: use lists; the old ops are left unreachable.
 */
#include "tile/tile_impl.h"

#include <math.h>
#include <string.h>

typedef struct Rewrite {
    Module *m;
    BlockId block;
    uint32_t pos; /* where the next new op goes */
    Loc loc;
    OpId *origin; /* per new op: the op it replaces */
    uint32_t norigin;
} Rewrite;

static void
insert_op(Rewrite *r, OpId o)
{
    Block *b = block_get(r->m, r->block);
    ARRAY_PUSH(&r->m->arena, b->ops, o);
    b = block_get(r->m, r->block);
    memmove(&b->ops.items[r->pos + 1], &b->ops.items[r->pos],
            (b->ops.n - 1 - r->pos) * sizeof *b->ops.items);
    b->ops.items[r->pos++] = o;
    op_get(r->m, o)->parent = r->block;
}

static ValueId
add(Rewrite *r, OpKind k, uint32_t n, const ValueId *args, TypeId rt)
{
    OpId o = op_new(r->m, k, r->loc, n, args, rt ? 1 : 0, &rt, 0);
    insert_op(r, o);
    return rt ? op_get(r->m, o)->res[0] : 0;
}

static const Attr *
iterators(Module *m, uint32_t n, const bool *reduction)
{
    const Attr *items[LINALG_MAX_LOOPS];
    for (uint32_t i = 0; i < n; i++)
        items[i] =
            attr_enum(m, "linalg", "iterator_type", reduction[i] ? "reduction" : "parallel", false);
    return attr_array(m, items, n);
}

static const Attr *
maps_attr(Module *m, const AffineMap *const *maps, uint32_t n)
{
    const Attr *items[2 * TILE_MAX_IO];
    for (uint32_t i = 0; i < n; i++)
        items[i] = attr_affine_map(m, maps[i]);
    return attr_array(m, items, n);
}

/* A generic with old's operands and result types (or the given ones), maps and
 * iterators, and an empty region; its other attributes copied from old. */
static OpId
new_generic(Rewrite *r, OpId old, uint32_t nargs, const ValueId *args, uint32_t nres,
            const TypeId *rtypes, uint32_t nins, const AffineMap *const *maps, uint32_t nloops,
            const bool *reduction)
{
    Module *m = r->m;
    OpId g = op_new(m, OP_LINALG_GENERIC, r->loc, nargs, args, nres, rtypes, 1);
    const Op *o = old ? op_get(m, old) : NULL;
    for (uint32_t i = 0; o && i < o->nattrs; i++) {
        const char *n = o->attrs[i].name;
        if (strcmp(n, "permutation") && strcmp(n, "dimensions") && strcmp(n, "dimension") &&
            strcmp(n, "operandSegmentSizes"))
            op_set_attr(m, g, n, o->attrs[i].value);
    }
    int64_t seg[2] = { nins, nargs - nins };
    op_set_attr(m, g, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 2));
    op_set_attr(m, g, "indexing_maps", maps_attr(m, maps, nargs));
    op_set_attr(m, g, "iterator_types", iterators(m, nloops, reduction));
    insert_op(r, g);
    if (old && g < r->norigin)
        r->origin[g] = old;
    return g;
}

/* A fresh body block for g with one argument per operand element type. */
static BlockId
new_body(Rewrite *r, OpId g)
{
    Module *m = r->m;
    RegionId reg = region_new(m, g);
    op_get(m, g)->regions[0] = reg;
    BlockId b = block_new(m);
    region_append(m, reg, b);
    const Op *o = op_get(m, g);
    for (uint32_t i = 0; i < o->nargs; i++)
        block_add_arg(m, b, type_element(m, value_type(m, o->args[i])), r->loc, NULL);
    return b;
}

static ValueId
body_op(Module *m, BlockId b, Loc loc, OpKind k, uint32_t n, const ValueId *args, TypeId rt)
{
    OpId o = op_new(m, k, loc, n, args, rt ? 1 : 0, &rt, 0);
    block_append(m, b, o);
    return rt ? op_get(m, o)->res[0] : 0;
}

static void
replace_results(Module *m, OpId func, OpId old, OpId now)
{
    const Op *a = op_get(m, old), *b = op_get(m, now);
    module_replace_uses(m, func, a->res, b->res, a->nres < b->nres ? a->nres : b->nres);
}

/* copy, transpose, broadcast: yield the in */
static void
generalize_move(Rewrite *r, OpId func, OpId o, const LinalgInfo *li)
{
    Module *m = r->m;
    const Op *op = op_get(m, o);
    bool red[LINALG_MAX_LOOPS] = { false };
    ValueId args[2] = { op->args[0], op->args[1] };
    TypeId rt[1] = { op->nres ? value_type(m, op->res[0]) : 0 };
    OpId g = new_generic(r, o, 2, args, op->nres, rt, 1, li->maps, li->nloops, red);
    BlockId b = new_body(r, g);
    ValueId in = block_get(m, b)->args.items[0];
    body_op(m, b, r->loc, OP_LINALG_YIELD, 1, &in, 0);
    replace_results(m, func, o, g);
}

/* map, reduce: the op's own body (map gets an out argument if it has none) */
static void
generalize_body(Rewrite *r, OpId func, OpId o, const LinalgInfo *li)
{
    Module *m = r->m;
    const Op *op = op_get(m, o);
    TypeId rt[TILE_MAX_IO];
    for (uint32_t i = 0; i < op->nres && i < TILE_MAX_IO; i++)
        rt[i] = value_type(m, op->res[i]);
    OpId g = new_generic(r, o, op->nargs, op->args, op->nres, rt, li->nins, li->maps, li->nloops,
                         li->reduction);
    RegionId reg = op_get(m, o)->regions[0];
    op_get(m, g)->regions[0] = reg;
    region_get(m, reg)->parent = g;
    BlockId b = op_entry_block(m, g, 0);
    if (op_get(m, o)->kind == OP_LINALG_MAP && block_get(m, b)->args.n == li->nins)
        block_add_arg(m, b, type_element(m, value_type(m, op->args[li->nins])), r->loc, NULL);
    replace_results(m, func, o, g);
}

/* tensor.empty of x's shape (as a tensor), with dim d dropped when drop is set */
static ValueId
empty_like(Rewrite *r, ValueId x, int32_t drop, TypeId elem)
{
    Module *m = r->m;
    const Type *t = type_get(m, value_type(m, x));
    int64_t shape[LINALG_MAX_LOOPS];
    ValueId dyn[LINALG_MAX_LOOPS];
    uint32_t n = 0, nd = 0;
    for (uint32_t i = 0; i < t->rank; i++) {
        if ((int32_t)i == drop)
            continue;
        shape[n++] = t->shape[i];
        if (t->shape[i] == DIM_DYNAMIC) {
            OpId c = op_new(m, OP_CONSTANT, r->loc, 0, NULL, 1, (TypeId[]){ TY_INDEX }, 0);
            op_set_attr(m, c, "value", attr_int(m, i, TY_INDEX));
            insert_op(r, c);
            ValueId da[2] = { x, op_get(m, c)->res[0] };
            dyn[nd++] = add(r, OP_TENSOR_DIM, 2, da, TY_INDEX);
        }
    }
    return add(r, OP_TENSOR_EMPTY, nd, dyn, type_tensor(m, elem, n, shape));
}

static ValueId
fill(Rewrite *r, ValueId dest, double v, TypeId elem)
{
    Module *m = r->m;
    OpId c = op_new(m, OP_CONSTANT, r->loc, 0, NULL, 1, &elem, 0);
    op_set_attr(m, c, "value", attr_float(m, v, elem));
    insert_op(r, c);
    ValueId args[2] = { op_get(m, c)->res[0], dest };
    OpId f = op_new(m, OP_LINALG_FILL, r->loc, 2, args, 1, (TypeId[]){ value_type(m, dest) }, 0);
    int64_t seg[2] = { 1, 1 };
    op_set_attr(m, f, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 2));
    insert_op(r, f);
    return op_get(m, f)->res[0];
}

/* maps over n loops: identity, and the projection without loop d */
static void
softmax_maps(Module *m, uint32_t n, uint32_t d, const AffineMap **id, const AffineMap **proj)
{
    const AffineExpr *all[LINALG_MAX_LOOPS], *kept[LINALG_MAX_LOOPS];
    uint32_t nk = 0;
    for (uint32_t i = 0; i < n; i++) {
        all[i] = affine_dim(m, i);
        if (i != d)
            kept[nk++] = all[i];
    }
    *id = affine_map_new(m, n, 0, n, all);
    *proj = affine_map_new(m, n, 0, nk, kept);
}

/* One generic of the softmax: ins, one out; body: op(ins...) or, for the reductions,
 * op(out, in). */
static ValueId
softmax_step(Rewrite *r, OpId old, uint32_t nins, const ValueId *ins, ValueId out,
             const AffineMap *const *maps, uint32_t n, const bool *red, OpKind k1, OpKind k2)
{
    Module *m = r->m;
    ValueId args[3];
    for (uint32_t i = 0; i < nins; i++)
        args[i] = ins[i];
    args[nins] = out;
    TypeId rt = value_type(m, out);
    OpId g = new_generic(r, old, nins + 1, args, 1, &rt, nins, maps, n, red);
    BlockId b = new_body(r, g);
    const ValueId *a = block_get(m, b)->args.items;
    TypeId e = type_element(m, rt);
    ValueId v;
    if (nins == 1) { /* the two reductions: out = k1(out, in) */
        ValueId x[2] = { a[1], a[0] };
        v = body_op(m, b, r->loc, k1, 2, x, e);
    } else {
        ValueId x[2] = { a[0], a[1] };
        v = body_op(m, b, r->loc, k1, 2, x, e);
        if (k2)
            v = body_op(m, b, r->loc, k2, 1, &v, e);
    }
    body_op(m, b, r->loc, OP_LINALG_YIELD, 1, &v, 0);
    return op_get(m, g)->res[0];
}

static void
decompose_softmax(Rewrite *r, OpId func, OpId o)
{
    Module *m = r->m;
    const Op *op = op_get(m, o);
    ValueId x = op->args[0], out = op->args[1];
    uint32_t d = (uint32_t)op_attr(m, o, "dimension")->i;
    const Type *t = type_get(m, value_type(m, x));
    TypeId e = t->elem;
    uint32_t n = t->rank;
    if (t->kind == TY_MEMREF)
        x = add(r, OP_TO_TENSOR, 1, &x, type_tensor(m, e, t->rank, t->shape));
    const AffineMap *id, *proj;
    softmax_maps(m, n, d, &id, &proj);
    bool red[LINALG_MAX_LOOPS] = { false }, par[LINALG_MAX_LOOPS] = { false };
    red[d] = true;
    const AffineMap *rmaps[2] = { id, proj }, *emaps[3] = { id, proj, id };
    ValueId mx = fill(r, empty_like(r, x, (int32_t)d, e), -INFINITY, e);
    mx = softmax_step(r, o, 1, &x, mx, rmaps, n, red, OP_MAXNUMF, 0);
    ValueId xm[2] = { x, mx };
    ValueId ex = softmax_step(r, o, 2, xm, empty_like(r, x, -1, e), emaps, n, par, OP_SUBF, OP_EXP);
    ValueId sum = fill(r, empty_like(r, x, (int32_t)d, e), 0.0, e);
    sum = softmax_step(r, o, 1, &ex, sum, rmaps, n, red, OP_ADDF, 0);
    ValueId es[2] = { ex, sum };
    bool out_is_memref = type_is_memref(m, value_type(m, out));
    ValueId y = softmax_step(r, o, 2, es, out_is_memref ? empty_like(r, x, -1, e) : out, emaps, n,
                             par, OP_DIVF, 0);
    if (out_is_memref) {
        ValueId md[2] = { y, out };
        add(r, OP_MATERIALIZE_IN_DESTINATION, 2, md, 0);
    } else {
        module_replace_uses(m, func, &op_get(m, o)->res[0], &y, 1);
    }
}

/* ---- full reductions of rank >= 2: row partials, then their total ---- */

/* The identity of combiner k on element type e, as an arith.constant (out NULL: none
 * made); false: not one. */
static bool
identity_const(Rewrite *r, OpKind k, TypeId e, ValueId *out)
{
    Module *m = r->m;
    bool fl = type_is_float(e);
    unsigned w = type_bitwidth(e);
    int64_t smax = w >= 64 ? INT64_MAX : (int64_t)((1ull << (w - 1)) - 1);
    double f = 0;
    int64_t i = 0;
    switch (k) {
    case OP_ADDF:
    case OP_ADDI:
    case OP_ORI:
    case OP_XORI:
    case OP_MAXUI:
        break;
    case OP_MULF:
    case OP_MULI:
        f = 1, i = 1;
        break;
    case OP_MAXIMUMF:
    case OP_MAXNUMF:
        f = -INFINITY;
        break;
    case OP_MINIMUMF:
    case OP_MINNUMF:
        f = INFINITY;
        break;
    case OP_MAXSI:
        i = -smax - 1;
        break;
    case OP_MINSI:
        i = smax;
        break;
    case OP_MINUI:
    case OP_ANDI:
        i = -1;
        break;
    default:
        return false;
    }
    if (!out)
        return true; /* only asked whether there is one */
    OpId c = op_new(m, OP_CONSTANT, r->loc, 0, NULL, 1, &e, 0);
    op_set_attr(m, c, "value", fl ? attr_float(m, f, e) : attr_int(m, i, e));
    insert_op(r, c);
    *out = op_get(m, c)->res[0];
    return true;
}

/* A tensor of value x (a memref is read as one) */
static ValueId
as_tensor(Rewrite *r, ValueId x)
{
    Module *m = r->m;
    const Type *t = type_get(m, value_type(m, x));
    if (t->kind != TY_MEMREF)
        return x;
    return add(r, OP_TO_TENSOR, 1, &x, type_tensor(m, t->elem, t->rank, t->shape));
}

/*
 * A generic whose every loop is a reduction, over two or more loops, into 0-d outs
 * (linalg.reduce of a whole tensor, or a generic reducing it several ways at once: a sum
 * and a max): one kernel would be one workgroup.  As two:
 *
 *   t_j = fill(identity of out j's combiner, tensor.empty(size of d0))    for each out j
 *   t.. = generic [parallel d0, reduction ...] ins(the ins) outs(t..)  (the same body)
 *   y.. = generic [reduction d0] ins(t..) outs(the outs) { combine_j(out_j, t_j) ... }
 *
 * the first tiles over the rows (a workgroup per row block, each its partials), the
 * second reduces the partials; tile/split.c makes them two kernels, in this order.
 * Not a match (a body tile/ cannot split, an out over some loop, outs both tensors and
 * memrefs): left as it is.
 */

/* The combiner of each out of a generic's body: yield j is k_j(out_j, x) (either order). */
static bool
full_combiners(Module *m, OpId o, const LinalgInfo *li, OpKind *k)
{
    BlockId body = op_entry_block(m, o, 0);
    const Block *blk = block_get(m, body);
    OpId y = blk->ops.n ? blk->ops.items[blk->ops.n - 1] : 0;
    if (!y || op_get(m, y)->kind != OP_LINALG_YIELD || op_get(m, y)->nargs != li->nouts)
        return false;
    for (uint32_t j = 0; j < li->nouts; j++) {
        ValueId outarg = blk->args.items[li->nins + j];
        OpId c = value_get(m, op_get(m, y)->args[j])->def;
        if (!c || op_get(m, c)->nargs != 2 || li->maps[li->nins + j]->nresults != 0 ||
            (op_get(m, c)->args[0] != outarg && op_get(m, c)->args[1] != outarg))
            return false;
        k[j] = op_get(m, c)->kind;
    }
    return true;
}

/* The tensor of d0's size (a dim of an in that d0 walks) holding identity id; 0 if none. */
static ValueId
partials_init(Rewrite *r, const ValueId *ins, const LinalgInfo *li, ValueId id, TypeId e)
{
    Module *m = r->m;
    int32_t in = -1, dim = -1;
    for (uint32_t i = 0; i < li->nins && in < 0; i++)
        for (uint32_t d = 0; d < li->maps[i]->nresults; d++)
            if (affine_map_result_dim(li->maps[i], d) == 0) {
                in = (int32_t)i, dim = (int32_t)d;
                break;
            }
    if (in < 0)
        return 0;
    const Type *xt = type_get(m, value_type(m, ins[in]));
    int64_t rows = xt->shape[dim];
    ValueId dyn = 0;
    if (rows == DIM_DYNAMIC) {
        OpId ci = op_new(m, OP_CONSTANT, r->loc, 0, NULL, 1, (TypeId[]){ TY_INDEX }, 0);
        op_set_attr(m, ci, "value", attr_int(m, dim, TY_INDEX));
        insert_op(r, ci);
        ValueId da[2] = { ins[in], op_get(m, ci)->res[0] };
        dyn = add(r, OP_TENSOR_DIM, 2, da, TY_INDEX);
    }
    TypeId tt = type_tensor(m, e, 1, &rows);
    ValueId t = add(r, OP_TENSOR_EMPTY, dyn ? 1 : 0, &dyn, tt);
    ValueId fa[2] = { id, t };
    OpId f = op_new(m, OP_LINALG_FILL, r->loc, 2, fa, 1, &tt, 0);
    op_set_attr(m, f, "operandSegmentSizes",
                attr_dense_array(m, TY_I32, (int64_t[]){ 1, 1 }, NULL, 2));
    insert_op(r, f);
    return op_get(m, f)->res[0];
}

/* The total: y.. = generic [reduction d0] ins(partials) outs(inits) { combine_j }. */
static OpId
full_total(Rewrite *r, OpId o, const ValueId *partials, const ValueId *inits, uint32_t n,
           const OpKind *k)
{
    Module *m = r->m;
    ValueId a2[2 * TILE_MAX_IO];
    TypeId rt[TILE_MAX_IO];
    const AffineMap *m2[2 * TILE_MAX_IO];
    const AffineExpr *d0 = affine_dim(m, 0), *none = NULL;
    for (uint32_t j = 0; j < n; j++) {
        a2[j] = partials[j];
        a2[n + j] = inits[j];
        rt[j] = value_type(m, inits[j]);
        m2[j] = affine_map_new(m, 1, 0, 1, &d0);
        m2[n + j] = affine_map_new(m, 1, 0, 0, &none);
    }
    bool red2[1] = { true };
    OpId g2 = new_generic(r, 0, 2 * n, a2, n, rt, n, m2, 1, red2);
    if (g2 < r->norigin)
        r->origin[g2] = o;
    BlockId b2 = new_body(r, g2);
    ValueId v[TILE_MAX_IO];
    for (uint32_t j = 0; j < n; j++) {
        ValueId x[2] = { block_get(m, b2)->args.items[n + j], block_get(m, b2)->args.items[j] };
        v[j] = body_op(m, b2, r->loc, k[j], 2, x, type_element(m, rt[j]));
    }
    body_op(m, b2, r->loc, OP_LINALG_YIELD, n, v, 0);
    return g2;
}

static void
split_full_reduction(Rewrite *r, OpId func, OpId o, const LinalgInfo *li)
{
    Module *m = r->m;
    uint32_t n = li->nouts, nmem = 0;
    OpKind k[TILE_MAX_IO];
    if (li->nloops < 2 || n < 1 || n > TILE_MAX_IO || li->nins > TILE_MAX_IO)
        return;
    for (uint32_t l = 0; l < li->nloops; l++)
        if (!li->reduction[l])
            return;
    if (!full_combiners(m, o, li, k))
        return;
    bool walks_d0 = false;
    for (uint32_t i = 0; i < li->nins; i++)
        for (uint32_t d = 0; d < li->maps[i]->nresults; d++)
            walks_d0 |= affine_map_result_dim(li->maps[i], d) == 0;
    ValueId outs[TILE_MAX_IO], ids[TILE_MAX_IO];
    for (uint32_t j = 0; j < n; j++) {
        outs[j] = op_get(m, o)->args[li->nins + j];
        nmem += type_is_memref(m, value_type(m, outs[j]));
        if (!identity_const(r, k[j], type_element(m, value_type(m, outs[j])), NULL))
            return;
    }
    if ((nmem && nmem != n) || !walks_d0)
        return; /* (nothing inserted yet) */
    for (uint32_t j = 0; j < n; j++)
        identity_const(r, k[j], type_element(m, value_type(m, outs[j])), &ids[j]);
    ValueId ins[2 * TILE_MAX_IO];
    for (uint32_t i = 0; i < li->nins; i++)
        ins[i] = as_tensor(r, op_get(m, o)->args[i]);
    /* the partials: d0 parallel, each out over d0, the op's own body */
    const AffineMap *maps[2 * TILE_MAX_IO];
    TypeId tt[TILE_MAX_IO];
    const AffineExpr *d0 = affine_dim(m, 0);
    for (uint32_t i = 0; i < li->nins; i++)
        maps[i] = li->maps[i];
    for (uint32_t j = 0; j < n; j++) {
        ins[li->nins + j] =
            partials_init(r, ins, li, ids[j], type_element(m, value_type(m, outs[j])));
        tt[j] = value_type(m, ins[li->nins + j]);
        maps[li->nins + j] = affine_map_new(m, li->nloops, 0, 1, &d0);
    }
    bool red[LINALG_MAX_LOOPS];
    for (uint32_t l = 0; l < li->nloops; l++)
        red[l] = l > 0;
    OpId g1 = new_generic(r, o, li->nins + n, ins, n, tt, li->nins, maps, li->nloops, red);
    RegionId reg = op_get(m, o)->regions[0];
    op_get(m, g1)->regions[0] = reg;
    region_get(m, reg)->parent = g1;
    ValueId inits[TILE_MAX_IO];
    for (uint32_t j = 0; j < n; j++)
        inits[j] = as_tensor(r, outs[j]);
    OpId g2 = full_total(r, o, op_get(m, g1)->res, inits, n, k);
    if (!nmem) {
        replace_results(m, func, o, g2);
        return;
    }
    for (uint32_t j = 0; j < n; j++) {
        ValueId md[2] = { op_get(m, g2)->res[j], outs[j] };
        add(r, OP_MATERIALIZE_IN_DESTINATION, 2, md, 0);
    }
}

/* ---- tensor.insert_slice into a destination that is not a memref's tensor ---- */

static uint32_t
index_in(Module *m, BlockId b, OpId o)
{
    for (uint32_t i = 0; i < block_get(m, b)->ops.n; i++)
        if (block_get(m, b)->ops.items[i] == o)
            return i;
    return UINT32_MAX;
}

/* The position of the op that defines v in block b (0 for an argument: before every op) */
static uint32_t
def_index(Module *m, BlockId b, ValueId v)
{
    OpId d = value_get(m, v)->def;
    return d ? index_in(m, b, d) : 0;
}

/*
 * `tensor.insert_slice %y into %d` where %d is a tensor argument, a fill, tensor.empty or
 * a computed tensor (not a memref's tensor, which the inserts write in place): the
 * result's buffer must hold %d outside the slices, so %d is copied into it first:
 *
 *   %c = linalg.generic ins(%d) outs(tensor.empty) { yield }   (right after %d)
 *   ... tensor.insert_slice %y into %c ...
 *
 * graph.c writes %c whole and each inserted tensor into its subview; the copy comes
 * before every inserted tensor's op, so split.c runs it in an earlier kernel.  Where an
 * inserted tensor is computed before %d, nothing changes (graph.c's error says why).
 */
static void
copy_insert_dests(Rewrite *r, BlockId entry)
{
    Module *m = r->m;
    for (uint32_t i = 0; i < block_get(m, entry)->ops.n; i++) {
        OpId o = block_get(m, entry)->ops.items[i];
        if (op_get(m, o)->kind != OP_TENSOR_INSERT_SLICE)
            continue;
        ValueId d = op_get(m, o)->args[1];
        OpId dd = value_get(m, d)->def;
        if (dd &&
            (op_get(m, dd)->kind == OP_TENSOR_INSERT_SLICE || op_get(m, dd)->kind == OP_TO_TENSOR))
            continue;
        if (!type_is_tensor(m, value_type(m, d)))
            continue;
        uint32_t pos = dd ? def_index(m, entry, d) + 1 : 0;
        /* every tensor inserted into the chain from o on must come after the copy */
        ValueId chain[TILE_MAX_IO];
        uint32_t nchain = 0;
        chain[nchain++] = op_get(m, o)->res[0];
        bool ok = def_index(m, entry, op_get(m, o)->args[0]) >= pos;
        for (uint32_t j = i + 1; ok && j < block_get(m, entry)->ops.n; j++) {
            OpId u = block_get(m, entry)->ops.items[j];
            if (op_get(m, u)->kind != OP_TENSOR_INSERT_SLICE)
                continue;
            bool in = false;
            for (uint32_t k = 0; k < nchain; k++)
                in |= op_get(m, u)->args[1] == chain[k];
            if (!in)
                continue;
            ok = def_index(m, entry, op_get(m, u)->args[0]) >= pos && nchain < TILE_MAX_IO;
            if (ok)
                chain[nchain++] = op_get(m, u)->res[0];
        }
        if (!ok)
            continue;
        r->loc = op_get(m, o)->loc;
        r->pos = pos;
        TypeId t = value_type(m, d);
        ValueId args[2] = { d, empty_like(r, d, -1, type_element(m, t)) };
        const AffineMap *id, *unused;
        softmax_maps(m, type_get(m, t)->rank, 0, &id, &unused);
        const AffineMap *maps[2] = { id, id };
        bool par[LINALG_MAX_LOOPS] = { false };
        OpId g = new_generic(r, 0, 2, args, 1, &t, 1, maps, type_get(m, t)->rank, par);
        if (g < r->norigin)
            r->origin[g] = o;
        BlockId b = new_body(r, g);
        ValueId in = block_get(m, b)->args.items[0];
        body_op(m, b, r->loc, OP_LINALG_YIELD, 1, &in, 0);
        op_get(m, o)->args[1] = op_get(m, g)->res[0];
        i = index_in(m, entry, o);
    }
}

/* an index constant before the rewrite point */
static ValueId
index_const(Rewrite *r, int64_t v)
{
    OpId c = op_new(r->m, OP_CONSTANT, r->loc, 0, NULL, 1, (TypeId[]){ TY_INDEX }, 0);
    op_set_attr(r->m, c, "value", attr_int(r->m, v, TY_INDEX));
    insert_op(r, c);
    return op_get(r->m, c)->res[0];
}

/* The pad value of tensor.pad o: its body's yield, defined outside the body or a
 * constant in it (copied out); 0 where it depends on the indices. */
static ValueId
pad_value(Rewrite *r, OpId o)
{
    Module *m = r->m;
    const Block *b = block_get(m, op_entry_block(m, o, 0));
    ValueId v = op_get(m, b->ops.items[b->ops.n - 1])->args[0];
    const Value *val = value_get(m, v);
    if (!val->def)
        return val->block == op_entry_block(m, o, 0) ? 0 : v;
    if (op_get(m, val->def)->parent != op_entry_block(m, o, 0))
        return v;
    if (op_get(m, val->def)->kind != OP_CONSTANT)
        return 0;
    TypeId t = value_type(m, v);
    OpId c = op_new(m, OP_CONSTANT, r->loc, 0, NULL, 1, &t, 0);
    op_set_attr(m, c, "value", op_attr(m, val->def, "value"));
    insert_op(r, c);
    return op_get(m, c)->res[0];
}

/*
 * tensor.pad %x low[l] high[h] { yield %v } as upstream's decomposition:
 *   %e = tensor.empty(dim(x) + l + h)       %f = linalg.fill ins(%v) outs(%e)
 *   %c = linalg.copy ins(%x) outs(empty like x)
 *   tensor.insert_slice %c into %f[l] [dim(x)] [1]
 * (the fill and the copy are kernels of their own, copy_insert_dests below).  False after
 * reporting a pad value that depends on the indices.
 */
static bool
decompose_pad(Rewrite *r, OpId func, OpId o, Diag *d)
{
    Module *m = r->m;
    const Op *op = op_get(m, o);
    ValueId x = op->args[0], v = pad_value(r, o);
    if (!v) {
        diag_error(d, op->loc,
                   "'tensor.pad' pads with a value computed from the indices: the op level "
                   "lowers a pad value defined outside the body or a constant (yield that)");
        return false;
    }
    const Type *t = type_get(m, value_type(m, x));
    uint32_t rank = t->rank, k = 1;
    const Attr *lists[2] = { op_attr(m, o, "static_low"), op_attr(m, o, "static_high") };
    ValueId pads[2][LINALG_MAX_LOOPS], size[LINALG_MAX_LOOPS], dyn[LINALG_MAX_LOOPS];
    int64_t off[LINALG_MAX_LOOPS], sz[LINALG_MAX_LOOPS], one[LINALG_MAX_LOOPS];
    uint32_t nd = 0, noff = 0, nsz = 0;
    ValueId offs[LINALG_MAX_LOOPS], sizes[LINALG_MAX_LOOPS];
    for (int l = 0; l < 2; l++)
        for (uint32_t i = 0; i < rank; i++)
            pads[l][i] = lists[l]->ints[i] == DIM_DYNAMIC ? op->args[k++] : 0;
    for (uint32_t i = 0; i < rank; i++) {
        one[i] = 1;
        off[i] = lists[0]->ints[i];
        if (pads[0][i])
            offs[noff++] = pads[0][i];
        sz[i] = t->shape[i];
        size[i] = 0;
        if (t->shape[i] == DIM_DYNAMIC) {
            ValueId da[2] = { x, index_const(r, i) };
            size[i] = sizes[nsz++] = add(r, OP_TENSOR_DIM, 2, da, TY_INDEX);
        }
    }
    TypeId rt = value_type(m, op->res[0]);
    const Type *rty = type_get(m, rt);
    for (uint32_t i = 0; i < rank; i++) {
        if (rty->shape[i] != DIM_DYNAMIC)
            continue;
        ValueId s = size[i] ? size[i] : index_const(r, t->shape[i]);
        for (int l = 0; l < 2; l++) {
            ValueId p = pads[l][i] ? pads[l][i] : index_const(r, lists[l]->ints[i]);
            s = add(r, OP_ADDI, 2, (ValueId[]){ s, p }, TY_INDEX);
        }
        dyn[nd++] = s;
    }
    ValueId e = add(r, OP_TENSOR_EMPTY, nd, dyn, rt);
    ValueId fa[2] = { v, e };
    OpId f = op_new(m, OP_LINALG_FILL, r->loc, 2, fa, 1, &rt, 0);
    int64_t seg2[2] = { 1, 1 };
    op_set_attr(m, f, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg2, NULL, 2));
    insert_op(r, f);
    ValueId ce = empty_like(r, x, -1, t->elem);
    ValueId ca[2] = { x, ce };
    OpId c = op_new(m, OP_LINALG_COPY, r->loc, 2, ca, 1, (TypeId[]){ value_type(m, ce) }, 0);
    op_set_attr(m, c, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg2, NULL, 2));
    insert_op(r, c);
    ValueId ia[2 + 2 * LINALG_MAX_LOOPS] = { op_get(m, c)->res[0], op_get(m, f)->res[0] };
    for (uint32_t i = 0; i < noff; i++)
        ia[2 + i] = offs[i];
    for (uint32_t i = 0; i < nsz; i++)
        ia[2 + noff + i] = sizes[i];
    OpId ins = op_new(m, OP_TENSOR_INSERT_SLICE, r->loc, 2 + noff + nsz, ia, 1, &rt, 0);
    op_set_attr(m, ins, "static_offsets", attr_dense_array(m, TY_I64, off, NULL, rank));
    op_set_attr(m, ins, "static_sizes", attr_dense_array(m, TY_I64, sz, NULL, rank));
    op_set_attr(m, ins, "static_strides", attr_dense_array(m, TY_I64, one, NULL, rank));
    int64_t seg5[5] = { 1, 1, noff, nsz, 0 };
    op_set_attr(m, ins, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg5, NULL, 5));
    insert_op(r, ins);
    /* remarks and errors name the user's op (and which part of it) */
    OpId made[3] = { f, c, ins };
    for (int i = 0; i < 3; i++)
        if (made[i] < r->norigin)
            r->origin[made[i]] = o;
    replace_results(m, func, o, ins);
    return true;
}

bool
tile_generalize(Module *m, OpId func, Diag *d, OpId *origin, uint32_t norigin)
{
    BlockId entry = op_entry_block(m, func, 0);
    if (!entry)
        return true;
    Rewrite r = { m, entry, 0, { 0, 0, 0, 0 }, origin, norigin };
    for (uint32_t i = 0; i < block_get(m, entry)->ops.n; i++) {
        OpId o = block_get(m, entry)->ops.items[i];
        if (op_get(m, o)->kind != OP_TENSOR_PAD)
            continue;
        r.loc = op_get(m, o)->loc;
        r.pos = i;
        Block *b = block_get(m, entry);
        memmove(&b->ops.items[i], &b->ops.items[i + 1], (b->ops.n - i - 1) * sizeof *b->ops.items);
        b->ops.n--;
        if (!decompose_pad(&r, func, o, d))
            return false;
        i = r.pos - 1;
    }
    for (uint32_t i = 0; i < block_get(m, entry)->ops.n; i++) {
        OpId o = block_get(m, entry)->ops.items[i];
        OpKind k = op_get(m, o)->kind;
        if (k != OP_LINALG_COPY && k != OP_LINALG_TRANSPOSE && k != OP_LINALG_BROADCAST &&
            k != OP_LINALG_MAP && k != OP_LINALG_REDUCE && k != OP_LINALG_SOFTMAX)
            continue;
        LinalgInfo li;
        char why[200];
        if (!linalg_info(m, o, &li, why, sizeof why)) {
            diag_error(d, op_get(m, o)->loc, "'%s' %s", op_name(m, o), why);
            return false;
        }
        r.loc = op_get(m, o)->loc;
        r.pos = i;
        /* the old op comes out of the block; the new ones go where it was */
        Block *b = block_get(m, entry);
        memmove(&b->ops.items[i], &b->ops.items[i + 1], (b->ops.n - i - 1) * sizeof *b->ops.items);
        b->ops.n--;
        if (k == OP_LINALG_SOFTMAX)
            decompose_softmax(&r, func, o);
        else if (k == OP_LINALG_MAP || k == OP_LINALG_REDUCE)
            generalize_body(&r, func, o, &li);
        else
            generalize_move(&r, func, o, &li);
        i = r.pos - 1;
    }
    for (uint32_t i = 0; i < block_get(m, entry)->ops.n; i++) {
        OpId o = block_get(m, entry)->ops.items[i];
        LinalgInfo li;
        char why[200];
        if (op_get(m, o)->kind != OP_LINALG_GENERIC || !linalg_info(m, o, &li, why, sizeof why))
            continue;
        r.loc = op_get(m, o)->loc;
        r.pos = i;
        uint32_t before = block_get(m, entry)->ops.n;
        Block *b = block_get(m, entry);
        memmove(&b->ops.items[i], &b->ops.items[i + 1], (b->ops.n - i - 1) * sizeof *b->ops.items);
        b->ops.n--;
        split_full_reduction(&r, func, o, &li);
        if (block_get(m, entry)->ops.n == before - 1) { /* not split: put it back */
            r.pos = i;
            insert_op(&r, o);
            continue;
        }
        i = r.pos - 1;
    }
    copy_insert_dests(&r, entry);
    return true;
}

/* ------------------------------------------------- slices of elementwise results */

/* The op in the entry block that defines v, or 0. */
static OpId
entry_def(Module *m, BlockId entry, ValueId v)
{
    OpId d = value_get(m, v)->def;
    return d && op_get(m, d)->parent == entry ? d : 0;
}

typedef struct UseScan {
    ValueId v;
    bool found;
} UseScan;

static bool
scan_use(Module *m, OpId o, void *ctx)
{
    UseScan *u = ctx;
    const Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nargs; i++)
        u->found |= op->args[i] == u->v;
    return !u->found;
}

/* Whether an op of func reads v. */
static bool
value_read(Module *m, OpId func, ValueId v)
{
    UseScan u = { v, false };
    module_walk(m, func, scan_use, &u);
    return u.found;
}

/* Takes op o out of the entry block (it is read by nothing). */
static void
drop_op(Module *m, BlockId entry, OpId o)
{
    Block *b = block_get(m, entry);
    for (uint32_t i = 0; i < b->ops.n; i++)
        if (b->ops.items[i] == o) {
            memmove(&b->ops.items[i], &b->ops.items[i + 1],
                    (b->ops.n - i - 1) * sizeof *b->ops.items);
            b->ops.n--;
            return;
        }
}

/* The generic an elementwise slice can be recomputed from: g's body is a block of
 * region-free ops (at most TILE_RESLICE_OPS), no linalg.index, every loop parallel, one
 * tensor out whose map is a permutation and ins whose maps are projected permutations
 * (no constant results).  Else why not, in why. */
enum { TILE_RESLICE_OPS = 32 };
static bool
recomputable(Module *m, OpId g, LinalgInfo *li, const char **why)
{
    char no[200];
    *why = "its producer is a reduction or a contraction, whose tiles of the result are "
           "whole only when its kernel ends, not recomputed per element: the slice's reader "
           "starts a kernel of its own";
    if (op_get(m, g)->kind != OP_LINALG_GENERIC || !linalg_info(m, g, li, no, sizeof no))
        return false;
    for (uint32_t d = 0; d < li->nloops; d++)
        if (li->reduction[d])
            return false;
    *why = "its producer is not one elementwise generic with one result";
    if (li->nouts != 1 || op_get(m, g)->nres != 1 ||
        !affine_map_is_permutation(li->maps[li->nins], NULL))
        return false;
    const Op *op = op_get(m, g);
    for (uint32_t k = 0; k < li->nins; k++) {
        if (!type_is_shaped(m, value_type(m, op->args[k])))
            continue;
        for (uint32_t e = 0; e < li->maps[k]->nresults; e++)
            if (affine_map_result_dim(li->maps[k], e) < 0)
                return false;
    }
    const Block *b = block_get(m, op_entry_block(m, g, 0));
    *why = "its producer's body reads linalg.index or is long";
    if (b->ops.n > TILE_RESLICE_OPS)
        return false;
    for (uint32_t i = 0; i < b->ops.n; i++)
        if (op_get(m, b->ops.items[i])->kind == OP_LINALG_INDEX ||
            op_get(m, b->ops.items[i])->nregions)
            return false;
    return true;
}

/* One slice's offsets, sizes and strides per dim: a static number or an SSA value. */
typedef struct SliceDims {
    int64_t st[3][LINALG_MAX_LOOPS];
    ValueId dyn[3][LINALG_MAX_LOOPS];
} SliceDims;

static void
slice_dims(Module *m, OpId s, uint32_t rank, SliceDims *sd)
{
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    uint32_t k = 1;
    for (int l = 0; l < 3; l++) {
        const Attr *a = op_attr(m, s, names[l]);
        for (uint32_t d = 0; d < rank; d++) {
            sd->st[l][d] = a ? a->ints[d] : l ? 1 : 0;
            sd->dyn[l][d] = sd->st[l][d] == DIM_DYNAMIC ? op_get(m, s)->args[k++] : 0;
        }
    }
}

/* tensor.extract_slice of x whose dim e takes the dims pick[e] of sd (the result's
 * shape from shape[pick[e]]). */
static ValueId
add_slice_of(Rewrite *r, ValueId x, const SliceDims *sd, const uint32_t *pick, uint32_t rank,
             const int64_t *shape)
{
    Module *m = r->m;
    int64_t st[3][LINALG_MAX_LOOPS], sh[LINALG_MAX_LOOPS];
    ValueId args[1 + 3 * LINALG_MAX_LOOPS];
    uint32_t n = 0;
    int64_t seg[4] = { 1, 0, 0, 0 };
    args[n++] = x;
    for (int l = 0; l < 3; l++)
        for (uint32_t e = 0; e < rank; e++) {
            st[l][e] = sd->st[l][pick[e]];
            if (sd->dyn[l][pick[e]]) {
                args[n++] = sd->dyn[l][pick[e]];
                seg[1 + l]++;
            }
        }
    for (uint32_t e = 0; e < rank; e++)
        sh[e] = shape[pick[e]];
    TypeId t = type_tensor(m, type_element(m, value_type(m, x)), rank, sh);
    OpId o = op_new(m, OP_TENSOR_EXTRACT_SLICE, r->loc, n, args, 1, &t, 0);
    op_set_attr(m, o, "static_offsets", attr_dense_array(m, TY_I64, st[0], NULL, rank));
    op_set_attr(m, o, "static_sizes", attr_dense_array(m, TY_I64, st[1], NULL, rank));
    op_set_attr(m, o, "static_strides", attr_dense_array(m, TY_I64, st[2], NULL, rank));
    op_set_attr(m, o, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 4));
    insert_op(r, o);
    return op_get(m, o)->res[0];
}

/* A copy of g's body into the body of n. */
static void
copy_body(Module *m, OpId g, OpId n)
{
    BlockId from = op_entry_block(m, g, 0);
    RegionId reg = region_new(m, n);
    op_get(m, n)->regions[0] = reg;
    BlockId b = block_new(m);
    region_append(m, reg, b);
    ValueId old[2 * TILE_RESLICE_OPS + 2 * TILE_MAX_IO],
        now[2 * TILE_RESLICE_OPS + 2 * TILE_MAX_IO];
    uint32_t nmap = 0;
    for (uint32_t i = 0; i < block_get(m, from)->args.n; i++) {
        ValueId a = block_get(m, from)->args.items[i];
        old[nmap] = a;
        now[nmap++] = block_add_arg(m, b, value_type(m, a), value_get(m, a)->loc, NULL);
    }
    for (uint32_t i = 0; i < block_get(m, from)->ops.n; i++) {
        OpId o = block_get(m, from)->ops.items[i];
        const Op *op = op_get(m, o);
        ValueId args[64];
        TypeId types[4];
        uint32_t na = op->nargs < 64 ? op->nargs : 64, nr = op->nres < 4 ? op->nres : 4;
        for (uint32_t k = 0; k < na; k++) {
            args[k] = op->args[k];
            for (uint32_t j = 0; j < nmap; j++)
                if (old[j] == args[k])
                    args[k] = now[j];
        }
        for (uint32_t k = 0; k < nr; k++)
            types[k] = value_type(m, op->res[k]);
        OpId c = op_new(m, op->kind, op->loc, na, args, nr, types, 0);
        op = op_get(m, o);
        if (op->nattrs) {
            op_get(m, c)->attrs = arena_copy(&m->arena, op->attrs, op->nattrs * sizeof *op->attrs);
            op_get(m, c)->nattrs = op->nattrs;
        }
        for (uint32_t k = 0; k < nr && nmap < sizeof old / sizeof *old; k++) {
            old[nmap] = op_get(m, o)->res[k];
            now[nmap++] = op_get(m, c)->res[k];
        }
        block_append(m, b, c);
    }
}

/*
 * tensor.extract_slice %y[o][s][t] of %y = an elementwise generic: the generic again,
 * over the slice, its ins and its init sliced through their maps (dim e of an in walked
 * by loop l takes the offset, size and stride of the out dim that l walks), in place of
 * the slice.  No buffer is written for %y's whole result (the generic is dropped where
 * nothing else reads it), and the slice's reader fuses with the recomputed op.  A slice
 * of a computed input is rewritten in turn.  A rank-reducing slice is left as it is.
 */
static bool
reslice(Rewrite *r, OpId func, OpId s, OpId g, const LinalgInfo *li)
{
    Module *m = r->m;
    const Type *rt = type_get(m, value_type(m, op_get(m, s)->res[0]));
    uint32_t rank = rt->rank, pos[LINALG_MAX_LOOPS], pick[LINALG_MAX_LOOPS];
    int64_t shape[LINALG_MAX_LOOPS]; /* new types may move the type table: a copy */
    memcpy(shape, rt->shape, rank * sizeof *shape);
    SliceDims sd;
    slice_dims(m, s, rank, &sd);
    const AffineMap *om = li->maps[li->nins];
    for (uint32_t j = 0; j < rank; j++)
        pos[affine_map_result_dim(om, j)] = j;
    ValueId args[2 * TILE_MAX_IO];
    const Op *gop = op_get(m, g);
    uint32_t nargs = gop->nargs;
    for (uint32_t k = 0; k < nargs; k++) {
        ValueId x = op_get(m, g)->args[k];
        const AffineMap *map = li->maps[k];
        if (!type_is_shaped(m, value_type(m, x)) || !map->nresults) {
            args[k] = x;
            continue;
        }
        for (uint32_t e = 0; e < map->nresults; e++)
            pick[e] = pos[affine_map_result_dim(map, e)];
        args[k] = add_slice_of(r, x, &sd, pick, map->nresults, shape);
    }
    TypeId res = value_type(m, op_get(m, s)->res[0]);
    OpId n = new_generic(r, g, nargs, args, 1, &res, li->nins, li->maps, li->nloops, li->reduction);
    copy_body(m, g, n);
    ValueId from = op_get(m, s)->res[0], to = op_get(m, n)->res[0];
    module_replace_uses(m, func, &from, &to, 1);
    return true;
}

bool
tile_reslice(Module *m, OpId func, Diag *d, bool remarks, OpId *origin, uint32_t norigin)
{
    BlockId entry = op_entry_block(m, func, 0);
    if (!entry)
        return true;
    Rewrite r = { m, entry, 0, { 0, 0, 0, 0 }, origin, norigin };
    for (uint32_t i = 0; i < block_get(m, entry)->ops.n; i++) {
        OpId s = block_get(m, entry)->ops.items[i];
        if (op_get(m, s)->kind != OP_TENSOR_EXTRACT_SLICE)
            continue;
        ValueId src = op_get(m, s)->args[0];
        OpId g = entry_def(m, entry, src);
        const Type *st = type_get(m, value_type(m, src));
        const Type *rt = type_get(m, value_type(m, op_get(m, s)->res[0]));
        LinalgInfo li;
        const char *why = "";
        if (!g || op_get(m, g)->kind == OP_LINALG_FILL || op_get(m, g)->kind == OP_TENSOR_EMPTY ||
            !op_is_op_level(m, g) || op_get(m, g)->kind == OP_TENSOR_EXTRACT_SLICE)
            continue;
        OpId shown = g;
        while (origin && shown < norigin && origin[shown])
            shown = origin[shown];
        if (st->rank != rt->rank || st->rank > LINALG_MAX_LOOPS || !recomputable(m, g, &li, &why)) {
            char no[8];
            if (remarks && st->rank == rt->rank && linalg_info(m, g, &li, no, sizeof no))
                diag_remark(d, op_get(m, s)->loc,
                            "'tensor.extract_slice' of the result of '%s' (line %u) is read "
                            "from the buffer a kernel writes it to: %s",
                            op_name(m, shown), op_get(m, shown)->loc.line, why);
            continue;
        }
        r.loc = op_get(m, s)->loc;
        r.pos = i;
        drop_op(m, entry, s);
        if (!reslice(&r, func, s, g, &li))
            return false;
        if (remarks)
            diag_remark(d, op_get(m, s)->loc,
                        "'tensor.extract_slice' of the result of '%s' (line %u), an elementwise "
                        "op: the op is recomputed over the slice (its operands sliced the same "
                        "way), so the slice's reader fuses with it and no buffer is written for "
                        "the whole result%s",
                        op_name(m, shown), op_get(m, shown)->loc.line,
                        value_read(m, func, op_get(m, g)->res[0]) ? " (other readers still use it)"
                                                                  : "");
        if (!value_read(m, func, op_get(m, g)->res[0]))
            drop_op(m, entry, g);
        i = UINT32_MAX; /* again from the top: the new slices of the op's ins too */
    }
    return true;
}
