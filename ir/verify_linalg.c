/*
 * verify_linalg.c -- the verifier's rules for the op level: linalg structured ops
 * (generic and the named ops of ir/linalg.c), linalg.yield / linalg.index, tensor.empty,
 * tensor.dim, tensor.extract_slice / insert_slice and the two bufferization ops.
 *
 * What is checked is what MLIR's Linalg and Tensor verifiers check and what the rest of
 * vptx relies on: the ins / outs split, the indexing maps (one per operand, results
 * matching its rank), loops whose static sizes agree wherever an operand dim names
 * them, every loop sized by some operand dim, results that are the tensor outs, the
 * body's arguments and yield, element types of the named ops.
 *
 * Requires:    verify.c's Verifier; the generic checks (counts, dominance) passed.
 * Ensures:     a structured op's LinalgInfo (ir/linalg.c) is well formed and its loop
 *              sizes agree; otherwise a located error that names the op.
 * Invalidates: nothing (the module is not changed).
 */
#include "ir/verify_impl.h"

#include <string.h>

static uint32_t
shaped_rank(const Verifier *v, TypeId t)
{
    const Type *x = ty(v, t);
    return x->kind == TY_TENSOR || x->kind == TY_MEMREF || x->kind == TY_VECTOR ? x->rank : 0;
}

static TypeId
shaped_elem(const Verifier *v, TypeId t)
{
    const Type *x = ty(v, t);
    return x->kind == TY_TENSOR || x->kind == TY_MEMREF ? x->elem : t;
}

static bool
is_tensor(const Verifier *v, TypeId t)
{
    return ty(v, t)->kind == TY_TENSOR;
}

/* Every operand is a tensor, a memref or (ins only) a scalar; tensors and memrefs do
 * not mix.  Results are the tensor outs, in order. */
static bool
check_operands(Verifier *v, OpId o, const LinalgInfo *li)
{
    const Op *op = &v->m->ops[o];
    int tensors = 0, memrefs = 0;
    for (uint32_t i = 0; i < li->nins + li->nouts; i++) {
        TypeId t = arg_type(v, o, i);
        const Type *x = ty(v, t);
        if (x->kind == TY_TENSOR)
            tensors++;
        else if (x->kind == TY_MEMREF)
            memrefs++;
        else if (i >= li->nins || !type_is_scalar(t)) {
            verify_fail(v, o, "%s #%u has type %s but must be a tensor or a memref%s",
                        i < li->nins ? "in" : "out", i < li->nins ? i : i - li->nins,
                        verify_tname(v, t), i < li->nins ? " (or a scalar)" : "");
            return false;
        }
        if (x->rank > VERIFY_MAX_RANK) {
            verify_fail(v, o, "operand #%u has rank %u, more than %d", i, x->rank, VERIFY_MAX_RANK);
            return false;
        }
    }
    if (tensors && memrefs) {
        verify_fail(v, o, "mixes tensor and memref operands: use tensors only, or memrefs only");
        return false;
    }
    uint32_t nt = 0;
    for (uint32_t i = 0; i < li->nouts; i++)
        if (is_tensor(v, arg_type(v, o, li->nins + i))) {
            if (nt < op->nres && res_type(v, o, nt) != arg_type(v, o, li->nins + i)) {
                verify_fail(v, o, "result #%u has type %s but must be its out #%u's type %s", nt,
                            verify_tname(v, res_type(v, o, nt)), i,
                            verify_tname(v, arg_type(v, o, li->nins + i)));
                return false;
            }
            nt++;
        }
    if (nt != op->nres) {
        verify_fail(v, o, "has %u results but %u tensor outs (one result per tensor out)", op->nres,
                    nt);
        return false;
    }
    return true;
}

/* Each map has the operand's rank in results; the static sizes of each loop agree;
 * every loop is sized by some operand dim. */
static bool
check_loops(Verifier *v, OpId o, const LinalgInfo *li)
{
    int64_t size[LINALG_MAX_LOOPS];
    uint32_t from[LINALG_MAX_LOOPS], from_dim[LINALG_MAX_LOOPS];
    bool named[LINALG_MAX_LOOPS] = { false };
    for (uint32_t d = 0; d < li->nloops; d++)
        size[d] = DIM_DYNAMIC;
    for (uint32_t i = 0; i < li->nins + li->nouts; i++) {
        TypeId t = arg_type(v, o, i);
        const AffineMap *map = li->maps[i];
        uint32_t rank = shaped_rank(v, t);
        if (map->nresults != rank) {
            verify_fail(v, o, "indexing map #%u has %u results but operand #%u has rank %u", i,
                        map->nresults, i, rank);
            return false;
        }
        for (uint32_t r = 0; r < rank; r++) {
            int32_t d = affine_map_result_dim(map, r);
            if (d < 0 || (uint32_t)d >= li->nloops)
                continue;
            named[d] = true;
            int64_t s = ty(v, t)->shape[r];
            if (s == DIM_DYNAMIC)
                continue;
            if (size[d] != DIM_DYNAMIC && size[d] != s) {
                verify_fail(v, o,
                            "loop d%d has size %lld from operand #%u dim %u but %lld from "
                            "operand #%u dim %u",
                            d, (long long)size[d], from[d], from_dim[d], (long long)s, i, r);
                return false;
            }
            size[d] = s;
            from[d] = i;
            from_dim[d] = r;
        }
    }
    for (uint32_t d = 0; d < li->nloops; d++)
        if (!named[d]) {
            verify_fail(v, o,
                        "loop d%u is not a dim of any operand, so its size is unknown (every "
                        "loop must appear alone in some indexing map result)",
                        d);
            return false;
        }
    return true;
}

/* The body block: its arguments and the types its linalg.yield returns. */
static void
check_body(Verifier *v, OpId o, const LinalgInfo *li)
{
    Module *m = v->m;
    const Op *op = &m->ops[o];
    OpKind k = op->kind;
    if (op->nregions != 1 || !op_entry_block(m, o, 0))
        return;
    BlockId b = op_entry_block(m, o, 0);
    const Block *blk = &m->blocks[b];
    if (region_get(m, op->regions[0])->blocks.n != 1) {
        verify_fail(v, o, "body must be a single block");
        return;
    }
    /* generic: one argument per operand; reduce: the ins' elements, then the outs';
       map: the ins' elements (and, as upstream prints it now, the out's) */
    uint32_t want = li->nins + li->nouts;
    if (k == OP_LINALG_MAP && blk->args.n == li->nins)
        want = li->nins;
    if (blk->args.n != want) {
        verify_fail(v, o, "body has %u arguments but must have %u (one element per %s)",
                    blk->args.n, want, k == OP_LINALG_MAP ? "in" : "operand");
        return;
    }
    for (uint32_t i = 0; i < want; i++) {
        TypeId e = shaped_elem(v, arg_type(v, o, i));
        TypeId a = m->values[blk->args.items[i]].type;
        if (a != e) {
            verify_fail(v, o, "body argument #%u has type %s but operand #%u's element is %s", i,
                        verify_tname(v, a), i, verify_tname(v, e));
            return;
        }
    }
    OpId term = blk->ops.n ? blk->ops.items[blk->ops.n - 1] : 0;
    if (!term || m->ops[term].kind != OP_LINALG_YIELD) {
        verify_fail(v, o, "body must end with 'linalg.yield'");
        return;
    }
    const Op *y = &m->ops[term];
    uint32_t nyield = k == OP_LINALG_MAP ? 1 : li->nouts;
    if (y->nargs != nyield) {
        verify_fail(v, term, "yields %u values but its op has %u outs", y->nargs, nyield);
        return;
    }
    for (uint32_t i = 0; i < nyield; i++) {
        TypeId e = shaped_elem(v, arg_type(v, o, li->nins + i));
        if (arg_type(v, term, i) != e)
            verify_fail(v, term, "operand #%u has type %s but out #%u's element is %s", i,
                        verify_tname(v, arg_type(v, term, i)), i, verify_tname(v, e));
    }
}

/* Element types the named ops need. */
static void
check_named(Verifier *v, OpId o, const LinalgInfo *li)
{
    OpKind k = kind_of(v, o);
    TypeId e0 = shaped_elem(v, arg_type(v, o, 0));
    TypeId eo = shaped_elem(v, arg_type(v, o, li->nins));
    if (linalg_is_contraction_kind(k)) {
        TypeId e1 = shaped_elem(v, arg_type(v, o, 1));
        bool fl = type_is_float(e0) && type_is_float(e1) && type_is_float(eo);
        bool in = type_is_int(e0) && type_is_int(e1) && type_is_int(eo);
        if (!fl && !in)
            verify_fail(v, o,
                        "multiplies %s by %s into %s: the operands must be all floats or "
                        "all integers",
                        verify_tname(v, e0), verify_tname(v, e1), verify_tname(v, eo));
        for (uint32_t i = 0; i < 3; i++)
            if (shaped_rank(v, arg_type(v, o, i)) != li->maps[i]->nresults)
                return; /* check_loops reported it */
        return;
    }
    switch (k) {
    case OP_LINALG_FILL:
        if (li->nins != 1 || li->nouts != 1 || !type_is_scalar(arg_type(v, o, 0)))
            verify_fail(v, o, "takes one scalar in and one out");
        else if (e0 != eo)
            verify_fail(v, o,
                        "fills %s elements with a %s value: convert the value first (arith.extf, "
                        "arith.truncf, ...)",
                        verify_tname(v, eo), verify_tname(v, e0));
        break;
    case OP_LINALG_COPY:
    case OP_LINALG_TRANSPOSE:
    case OP_LINALG_BROADCAST:
        if (li->nins != 1 || li->nouts != 1)
            verify_fail(v, o, "takes one in and one out");
        else if (e0 != eo)
            verify_fail(v, o, "reads %s and writes %s: the element types must match",
                        verify_tname(v, e0), verify_tname(v, eo));
        break;
    case OP_LINALG_SOFTMAX:
        if (li->nins != 1 || li->nouts != 1)
            verify_fail(v, o, "takes one in and one out");
        else if (!type_is_float(e0) || e0 != eo)
            verify_fail(v, o, "needs float elements of one type in and out (has %s and %s)",
                        verify_tname(v, e0), verify_tname(v, eo));
        else if (arg_type(v, o, 0) != arg_type(v, o, 1) &&
                 shaped_rank(v, arg_type(v, o, 0)) != shaped_rank(v, arg_type(v, o, 1)))
            verify_fail(v, o, "needs in and out of one shape");
        break;
    default:
        break;
    }
}

static void
verify_structured(Verifier *v, OpId o)
{
    LinalgInfo li;
    char why[200];
    if (!linalg_info(v->m, o, &li, why, sizeof why)) {
        verify_fail(v, o, "%s", why);
        return;
    }
    if (!check_operands(v, o, &li) || !check_loops(v, o, &li))
        return;
    OpKind k = kind_of(v, o);
    if (k == OP_LINALG_GENERIC || k == OP_LINALG_REDUCE || k == OP_LINALG_MAP)
        check_body(v, o, &li);
    else
        check_named(v, o, &li);
}

/* linalg.yield and linalg.index sit in the body of a structured op. */
static OpId
body_owner(Verifier *v, OpId o)
{
    OpId up = v->owner[o];
    if (!up || !(op_info[kind_of(v, up)].traits & T_STRUCTURED)) {
        verify_fail(v, o, "must be in the body of a linalg op");
        return 0;
    }
    return up;
}

static void
verify_index(Verifier *v, OpId o)
{
    verify_want_index(v, o, result(0));
    int64_t dim;
    OpId up = body_owner(v, o);
    if (!verify_get_int(v, o, "dim", &dim, true) || !up)
        return;
    LinalgInfo li;
    if (linalg_info(v->m, up, &li, NULL, 0) && (dim < 0 || dim >= (int64_t)li.nloops))
        verify_fail(v, o, "names loop %lld but its op has %u loops", (long long)dim, li.nloops);
}

/* tensor.empty: one index operand per dynamic dim */
static void
verify_empty(Verifier *v, OpId o)
{
    TypeId t = res_type(v, o, 0);
    if (!verify_want_kind(v, o, result(0), TY_TENSOR, "a tensor"))
        return;
    uint32_t ndyn = 0;
    for (uint32_t i = 0; i < ty(v, t)->rank; i++)
        ndyn += ty(v, t)->shape[i] == DIM_DYNAMIC;
    if (verify_want_count(v, o, "operands (one per dynamic dim)", v->m->ops[o].nargs, ndyn, ndyn))
        verify_want_indices(v, o, 0, ndyn);
}

static void
verify_tensor_dim(Verifier *v, OpId o)
{
    verify_want_kind(v, o, operand(0), TY_TENSOR, "a tensor");
    verify_want_index(v, o, operand(1));
    verify_want_index(v, o, result(0));
}

/* The static offsets / sizes / strides of a slice: rank entries each; a dynamic entry
 * per index operand. */
static bool
check_slice_lists(Verifier *v, OpId o, uint32_t first, uint32_t rank, int64_t *sizes)
{
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    uint32_t start[5], size[5];
    if (!verify_segments(v, o, first == 1 ? "1***" : "11***", start, size))
        return false;
    for (int k = 0; k < 3; k++) {
        int64_t vals[VERIFY_MAX_RANK];
        int n = verify_get_ints(v, o, names[k], vals, VERIFY_MAX_RANK, true);
        if (n < 0)
            return false;
        if ((uint32_t)n != rank) {
            verify_fail(v, o, "attribute '%s' has %d entries but the tensor has rank %u", names[k],
                        n, rank);
            return false;
        }
        uint32_t ndyn = 0;
        for (int i = 0; i < n; i++)
            ndyn += vals[i] == DIM_DYNAMIC;
        if (ndyn != size[first + (uint32_t)k]) {
            verify_fail(v, o, "attribute '%s' has %u dynamic entries but %u index operands",
                        names[k], ndyn, size[first + (uint32_t)k]);
            return false;
        }
        if (k == 1)
            memcpy(sizes, vals, rank * sizeof *sizes);
    }
    verify_want_indices(v, o, first, v->m->ops[o].nargs - first);
    return true;
}

/* The slice type `small` is the sizes, with static 1s dropped where its rank is lower. */
static void
check_slice_type(Verifier *v, OpId o, TypeId small, const int64_t *sizes, uint32_t rank)
{
    const Type *s = ty(v, small);
    if (s->rank > rank) {
        verify_fail(v, o, "slice type %s has a higher rank than its tensor",
                    verify_tname(v, small));
        return;
    }
    uint32_t drop = rank - s->rank, j = 0;
    for (uint32_t i = 0; i < rank; i++) {
        if (drop && sizes[i] == 1 && (j >= s->rank || s->shape[j] != 1)) {
            drop--;
            continue;
        }
        if (j >= s->rank)
            break;
        if (sizes[i] != DIM_DYNAMIC && s->shape[j] != DIM_DYNAMIC && sizes[i] != s->shape[j]) {
            verify_fail(v, o, "static size %lld of dim %u does not match the slice type %s",
                        (long long)sizes[i], i, verify_tname(v, small));
            return;
        }
        j++;
    }
    if (drop || j != s->rank)
        verify_fail(v, o, "slice type %s is not the sizes with unit dims dropped",
                    verify_tname(v, small));
}

static void
verify_extract_slice(Verifier *v, OpId o)
{
    if (!verify_want_kind(v, o, operand(0), TY_TENSOR, "a tensor") ||
        !verify_want_kind(v, o, result(0), TY_TENSOR, "a tensor"))
        return;
    TypeId src = arg_type(v, o, 0), res = res_type(v, o, 0);
    int64_t sizes[VERIFY_MAX_RANK];
    uint32_t rank = shaped_rank(v, src);
    if (rank > VERIFY_MAX_RANK || !check_slice_lists(v, o, 1, rank, sizes))
        return;
    if (ty(v, res)->elem != ty(v, src)->elem)
        verify_fail(v, o, "result element type differs from the source's");
    else
        check_slice_type(v, o, res, sizes, rank);
}

static void
verify_insert_slice(Verifier *v, OpId o)
{
    if (!verify_want_kind(v, o, operand(0), TY_TENSOR, "a tensor") ||
        !verify_want_kind(v, o, operand(1), TY_TENSOR, "a tensor") ||
        !verify_want_same(v, o, result(0), operand(1)))
        return;
    TypeId src = arg_type(v, o, 0), dst = arg_type(v, o, 1);
    int64_t sizes[VERIFY_MAX_RANK];
    uint32_t rank = shaped_rank(v, dst);
    if (rank > VERIFY_MAX_RANK || !check_slice_lists(v, o, 2, rank, sizes))
        return;
    if (ty(v, src)->elem != ty(v, dst)->elem)
        verify_fail(v, o, "source element type differs from the destination's");
    else
        check_slice_type(v, o, src, sizes, rank);
}

/* tensor.pad: a tensor of the source's element type and rank, each static result dim the
 * source's plus its static pads; a body of one index argument per dim yielding an element */
static void
verify_pad(Verifier *v, OpId o)
{
    if (!verify_want_kind(v, o, operand(0), TY_TENSOR, "a tensor") ||
        !verify_want_kind(v, o, result(0), TY_TENSOR, "a tensor"))
        return;
    const Type *src = ty(v, arg_type(v, o, 0)), *res = ty(v, res_type(v, o, 0));
    const Attr *lists[2] = { op_attr(v->m, o, "static_low"), op_attr(v->m, o, "static_high") };
    uint32_t ndyn = 0;
    for (int i = 0; i < 2; i++) {
        if (!lists[i] || lists[i]->kind != ATTR_DENSE_ARRAY || lists[i]->n != src->rank) {
            verify_fail(v, o, "needs '%s' with one entry per source dim (%u)",
                        i ? "static_high" : "static_low", src->rank);
            return;
        }
        for (uint32_t d = 0; d < src->rank; d++)
            ndyn += lists[i]->ints[d] == DIM_DYNAMIC;
    }
    if (v->m->ops[o].nargs != 1 + ndyn) {
        verify_fail(v, o, "has %u operands but its pads name %u dynamic ones",
                    v->m->ops[o].nargs - 1, ndyn);
        return;
    }
    if (res->elem != src->elem || res->rank != src->rank) {
        verify_fail(v, o, "result %s is not a tensor of the source's rank and element type",
                    verify_tname(v, res_type(v, o, 0)));
        return;
    }
    for (uint32_t d = 0; d < src->rank; d++) {
        int64_t lo = lists[0]->ints[d], hi = lists[1]->ints[d];
        if (src->shape[d] != DIM_DYNAMIC && lo != DIM_DYNAMIC && hi != DIM_DYNAMIC &&
            res->shape[d] != src->shape[d] + lo + hi && res->shape[d] != DIM_DYNAMIC) {
            verify_fail(v, o, "result dim %u is %lld, not %lld + %lld + %lld", d,
                        (long long)res->shape[d], (long long)src->shape[d], (long long)lo,
                        (long long)hi);
            return;
        }
    }
    BlockId b = op_entry_block(v->m, o, 0);
    const Block *blk = b ? block_get(v->m, b) : NULL;
    if (!blk || blk->args.n != src->rank || !blk->ops.n ||
        v->m->ops[blk->ops.items[blk->ops.n - 1]].kind != OP_TENSOR_YIELD) {
        verify_fail(v, o, "needs a body of %u index arguments ending in tensor.yield", src->rank);
        return;
    }
    const Op *y = &v->m->ops[blk->ops.items[blk->ops.n - 1]];
    if (y->nargs != 1 || value_type(v->m, y->args[0]) != src->elem)
        verify_fail(v, o, "body must yield one %s", verify_tname(v, src->elem));
}

/* tensor and memref of one shape and element type */
static bool
same_shape(const Verifier *v, TypeId a, TypeId b)
{
    const Type *x = ty(v, a), *y = ty(v, b);
    return x->elem == y->elem && x->rank == y->rank &&
           (x->rank == 0 || memcmp(x->shape, y->shape, x->rank * sizeof *x->shape) == 0);
}

static void
verify_to_tensor(Verifier *v, OpId o)
{
    if (!verify_want_memref(v, o, operand(0)) ||
        !verify_want_kind(v, o, result(0), TY_TENSOR, "a tensor"))
        return;
    if (!same_shape(v, arg_type(v, o, 0), res_type(v, o, 0)))
        verify_fail(v, o, "result %s does not have the shape and element type of %s",
                    verify_tname(v, res_type(v, o, 0)), verify_tname(v, arg_type(v, o, 0)));
}

static void
verify_materialize(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    if (!verify_want_kind(v, o, operand(0), TY_TENSOR, "a tensor"))
        return;
    TypeId dst = arg_type(v, o, 1);
    if (!is_tensor(v, dst) && !is_mem(v, dst)) {
        verify_want(v, o, operand(1), false, "a tensor or a memref");
        return;
    }
    if (!same_shape(v, arg_type(v, o, 0), dst))
        verify_fail(v, o, "source %s and destination %s differ in shape or element type",
                    verify_tname(v, arg_type(v, o, 0)), verify_tname(v, dst));
    uint32_t want = is_tensor(v, dst);
    if (verify_want_count(v, o, "results", op->nres, want, want) && want)
        verify_want_same(v, o, result(0), operand(1));
}

void
verify_linalg_op(Verifier *v, OpId o)
{
    switch (kind_of(v, o)) {
    case OP_LINALG_YIELD:
        body_owner(v, o); /* counts and types: from its op's check_body */
        break;
    case OP_LINALG_INDEX:
        verify_index(v, o);
        break;
    case OP_TENSOR_EMPTY:
        verify_empty(v, o);
        break;
    case OP_TENSOR_DIM:
        verify_tensor_dim(v, o);
        break;
    case OP_TENSOR_EXTRACT_SLICE:
        verify_extract_slice(v, o);
        break;
    case OP_TENSOR_INSERT_SLICE:
        verify_insert_slice(v, o);
        break;
    case OP_TO_TENSOR:
        verify_to_tensor(v, o);
        break;
    case OP_TENSOR_PAD:
        verify_pad(v, o);
        break;
    case OP_TENSOR_YIELD:
        if (!v->owner[o] || kind_of(v, v->owner[o]) != OP_TENSOR_PAD)
            verify_fail(v, o, "must end the body of a tensor.pad");
        break;
    case OP_MATERIALIZE_IN_DESTINATION:
        verify_materialize(v, o);
        break;
    default:
        verify_structured(v, o);
        break;
    }
}
