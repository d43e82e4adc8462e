/*
 * assign_rules.c -- the per-op layout rules of the assignment pass, and the
 * default layout.
 *
 *   assign_required(op, i)  the layout op computes operand #i in, given the
 *                           layouts of its results (backward; also what the
 *                           resolution step checks every operand against)
 *   assign_forward(op, i)   what operand #i's layout says about op's results
 *
 *   op                      backward (operand <- result)      forward (result <- operand)
 *   elementwise, fma,       every vector operand = result     result = operand
 *     select
 *   vector.transpose        permute(result, perm^-1)          permute(operand, perm)
 *   vector.shape_cast       reshape(result), when exact       reshape(operand), when exact
 *   vector.broadcast        project(result, new dims); a      -- (users decide: cheap)
 *                           stretched unit dim is undistributed
 *   vector.multi_reduction  source: result's dims + reduced    result = project(source);
 *                           dims kept from the source (or     result = acc
 *                           all in batch); acc = result
 *   vector.contract         acc = result; lhs/rhs: parallel   result = acc
 *     (no mma anchor)       dims from the result, K dims kept
 *                           (or all in batch)
 *   vector.extract          source: result's dims + leading   result = project(source)
 *                           dims kept (or batch)
 *   vector.insert           dest = result; value = project    result = dest
 *   scf.for                 init #i = result #i                result #i = init #i
 *   scf.yield               = result #i of the parent          parent's result #i
 *   iree_vector_ext.        input: the layout, as a hint      -- (the result is fixed)
 *     to_layout
 *   anchors (assign_anchor.c) override all of the above for their operands.
 *
 * Requires:    assign.c's pass state; the layouts read are those of values that
 *              have one (Assign.has); shapes and types from a verified module.
 * Ensures:     assign_required and assign_default compute a layout and change
 *              nothing; assign_forward records (assign_set) the layouts its rule
 *              gives the results of one op, only for results without one yet (the
 *              first layout to reach a value wins).  Every layout produced is valid
 *              for its value's shape (layout_check) or not produced at all.
 * Invalidates: nothing in the IR (the module is only read).
 */
#include "layout/assign_impl.h"

#include <string.h>

/* An integer-list attribute (dense array or [..]) of op; entry count, or -1. */
static int
op_ints(const Module *m, OpId op, const char *name, int64_t *out, int cap)
{
    const Attr *a = op_attr(m, op, name);
    return a ? layout_attr_ints(a, out, cap) : -1;
}

OpId
assign_parent_op(const Assign *a, OpId op)
{
    BlockId b = op_get(a->m, op)->parent;
    return b ? block_parent_op(a->m, b) : 0;
}

static void
copy_dim(NestedLayout *to, int32_t dt, const NestedLayout *from, int32_t df)
{
    layout_set_dim(to, dt, from->subgroup_tile[df], from->batch_tile[df], from->outer_tile[df],
                   from->thread_tile[df], from->element_tile[df], from->subgroup_strides[df],
                   from->thread_strides[df]);
}

/*
 * The layout of a value `src` from which an op makes `res` by dropping or
 * reducing some dims: dim d of src is dim from_res[d] of res, or (-1) a dim
 * the result lacks, which keeps src's own layout when it has one and that
 * gives a valid layout, else lies whole in each thread's batch.
 */
static bool
widen(const Assign *a, ValueId src, const NestedLayout *res, const int32_t *from_res,
      NestedLayout *out)
{
    int32_t rank;
    int64_t shape[LAYOUT_MAX_RANK];
    if (!assign_shape(a, src, &rank, shape))
        return false;
    for (int pass = a->has[src] ? 0 : 1; pass < 2; pass++) {
        layout_init(out, rank);
        for (int32_t d = 0; d < rank; d++) {
            if (from_res[d] >= 0)
                copy_dim(out, d, res, from_res[d]);
            else if (pass == 0)
                copy_dim(out, d, assign_lay(a, src), d);
            else
                out->batch_tile[d] = shape[d];
        }
        layout_normalize(out);
        if (layout_verify(out, rank, shape, NULL, 0))
            return true;
    }
    return false;
}

static bool
transpose_source(const Assign *a, OpId op, const NestedLayout *res, NestedLayout *out)
{
    int64_t perm[LAYOUT_MAX_RANK];
    int32_t inv[LAYOUT_MAX_RANK];
    int n = op_ints(a->m, op, "permutation", perm, LAYOUT_MAX_RANK);
    if (n != res->rank)
        return false;
    for (int i = 0; i < n; i++) {
        if (perm[i] < 0 || perm[i] >= n)
            return false;
        inv[perm[i]] = i;
    }
    return layout_permute(res, inv, out);
}

static bool
broadcast_source(const Assign *a, OpId op, const NestedLayout *res, NestedLayout *out)
{
    ValueId src = op_get(a->m, op)->args[0];
    int32_t rank;
    int64_t shape[LAYOUT_MAX_RANK];
    if (!assign_shape(a, src, &rank, shape) || rank > res->rank)
        return false;
    int32_t lead = res->rank - rank;
    int64_t rshape[LAYOUT_MAX_RANK];
    layout_shape(res, rshape);
    layout_init(out, rank);
    for (int32_t d = 0; d < rank; d++)
        if (shape[d] == rshape[lead + d]) /* a stretched unit dim stays undistributed */
            copy_dim(out, d, res, lead + d);
    return true;
}

/* multi_reduction source / extract source: dims of the result by position. */
static bool
reduction_source(const Assign *a, OpId op, const NestedLayout *res, NestedLayout *out)
{
    int64_t dims[LAYOUT_MAX_RANK];
    int32_t from_res[LAYOUT_MAX_RANK], rank;
    int64_t shape[LAYOUT_MAX_RANK];
    ValueId src = op_get(a->m, op)->args[0];
    int n = op_ints(a->m, op, "reduction_dims", dims, LAYOUT_MAX_RANK);
    if (n < 0 || !assign_shape(a, src, &rank, shape))
        return false;
    uint32_t reduced = 0;
    for (int i = 0; i < n; i++)
        if (dims[i] >= 0 && dims[i] < rank)
            reduced |= 1u << dims[i];
    for (int32_t d = 0, k = 0; d < rank; d++)
        from_res[d] = reduced >> d & 1 ? -1 : k++;
    return widen(a, src, res, from_res, out);
}

static bool
extract_source(const Assign *a, OpId op, const NestedLayout *res, NestedLayout *out)
{
    int32_t from_res[LAYOUT_MAX_RANK], rank;
    int64_t shape[LAYOUT_MAX_RANK];
    if (!assign_shape(a, op_get(a->m, op)->args[0], &rank, shape) || rank < res->rank)
        return false;
    int32_t lead = rank - res->rank;
    for (int32_t d = 0; d < rank; d++)
        from_res[d] = d < lead ? -1 : d - lead;
    return widen(a, op_get(a->m, op)->args[0], res, from_res, out);
}

/* The iteration dim of each result of contract's indexing map #k, or false. */
static bool
contract_map(const Assign *a, OpId op, uint32_t k, int32_t *dims, uint32_t *n)
{
    const Attr *maps = op_attr(a->m, op, "indexing_maps");
    if (!maps || maps->kind != ATTR_ARRAY || maps->n != 3 || !maps->items[k] ||
        maps->items[k]->kind != ATTR_AFFINE_MAP)
        return false;
    const AffineMap *map = maps->items[k]->map;
    if (map->nresults > LAYOUT_MAX_RANK)
        return false;
    for (uint32_t r = 0; r < map->nresults; r++)
        if ((dims[r] = affine_map_result_dim(map, r)) < 0)
            return false;
    *n = map->nresults;
    return true;
}

static bool
contract_operand(const Assign *a, OpId op, uint32_t i, const NestedLayout *res, NestedLayout *out)
{
    int32_t dims[LAYOUT_MAX_RANK], acc[LAYOUT_MAX_RANK], from_res[LAYOUT_MAX_RANK];
    uint32_t n, nacc;
    if (!contract_map(a, op, i, dims, &n) || !contract_map(a, op, 2, acc, &nacc))
        return false;
    for (uint32_t d = 0; d < n; d++) {
        from_res[d] = -1;
        for (uint32_t r = 0; r < nacc; r++)
            if (acc[r] == dims[d])
                from_res[d] = (int32_t)r;
    }
    return widen(a, op_get(a->m, op)->args[i], res, from_res, out);
}

/* res without its leading dims, down to the rank of v (vector.insert's value). */
static bool
drop_leading(const Assign *a, const NestedLayout *res, ValueId v, NestedLayout *out)
{
    int32_t rank;
    int64_t shape[LAYOUT_MAX_RANK];
    if (!assign_shape(a, v, &rank, shape) || rank > res->rank)
        return false;
    return layout_project(res, (1u << (res->rank - rank)) - 1, out);
}

/* The layout result #r of op has, or NULL. */
static const NestedLayout *
result_layout(const Assign *a, OpId op, uint32_t r)
{
    const Op *o = op_get(a->m, op);
    return r < o->nres && a->has[o->res[r]] ? assign_lay(a, o->res[r]) : NULL;
}

static ReqKind
hard(bool ok)
{
    return ok ? REQ_HARD : REQ_NONE;
}

ReqKind
assign_required(Assign *a, OpId op, uint32_t i, NestedLayout *out)
{
    const Anchor *an = op < a->opcap ? a->anchor[op] : NULL;
    const Op *o = op_get(a->m, op);
    if (!assign_is_vector(a, o->args[i]))
        return REQ_NONE;
    if (an && i < an->nargs && an->has_arg[i]) {
        *out = an->arg[i];
        return REQ_HARD;
    }
    const NestedLayout *res = result_layout(a, op, 0);
    if (o->kind == OP_YIELD || o->kind == OP_FOR) {
        OpId owner = o->kind == OP_FOR ? op : assign_parent_op(a, op);
        uint32_t r = o->kind == OP_FOR ? i - 3 : i;
        if (!owner || (o->kind == OP_FOR && i < 3) || !(res = result_layout(a, owner, r)))
            return REQ_NONE;
        *out = *res;
        return REQ_HARD;
    }
    if (o->kind == OP_TO_LAYOUT)
        return layout_of_attr(op_attr(a->m, op, "layout"), out) ? REQ_SOFT : REQ_NONE;
    if (!res)
        return REQ_NONE;
    if (op_info[o->kind].traits & T_ELEMWISE) {
        *out = *res;
        return REQ_HARD;
    }
    switch (o->kind) {
    case OP_TRANSPOSE:
        return hard(transpose_source(a, op, res, out));
    case OP_SHAPE_CAST: {
        int32_t rank;
        int64_t shape[LAYOUT_MAX_RANK];
        return hard(assign_shape(a, o->args[0], &rank, shape) &&
                    layout_reshape(res, rank, shape, out, NULL, 0));
    }
    case OP_BROADCAST:
        return hard(broadcast_source(a, op, res, out));
    case OP_MULTI_REDUCTION:
        if (i == 1)
            *out = *res;
        return hard(i == 1 || reduction_source(a, op, res, out));
    case OP_CONTRACT:
        if (i == 2)
            *out = *res;
        return hard(i == 2 || (i < 2 && contract_operand(a, op, i, res, out)));
    case OP_EXTRACT:
        return hard(i == 0 && extract_source(a, op, res, out));
    case OP_INSERT:
        if (i == 1)
            *out = *res;
        return hard(i == 1 || (i == 0 && drop_leading(a, res, o->args[0], out)));
    default:
        return REQ_NONE;
    }
}

/* ------------------------------------------------------------ forward */

static void
forward_transpose(Assign *a, OpId op, const NestedLayout *l)
{
    int64_t perm[LAYOUT_MAX_RANK];
    int32_t p[LAYOUT_MAX_RANK];
    NestedLayout r;
    int n = op_ints(a->m, op, "permutation", perm, LAYOUT_MAX_RANK);
    if (n != l->rank)
        return;
    for (int i = 0; i < n; i++)
        p[i] = (int32_t)perm[i];
    if (layout_permute(l, p, &r))
        assign_set(a, op_get(a->m, op)->res[0], &r);
}

static void
forward_drop(Assign *a, OpId op, const NestedLayout *l, uint32_t dropped)
{
    NestedLayout r;
    if (layout_project(l, dropped, &r))
        assign_set(a, op_get(a->m, op)->res[0], &r);
}

static uint32_t
reduced_dims(const Assign *a, OpId op, int32_t rank)
{
    int64_t dims[LAYOUT_MAX_RANK];
    uint32_t mask = 0;
    int n = op_ints(a->m, op, "reduction_dims", dims, LAYOUT_MAX_RANK);
    for (int i = 0; i < n; i++)
        if (dims[i] >= 0 && dims[i] < rank)
            mask |= 1u << dims[i];
    return mask;
}

/* Operand #i of op has just got a layout: what follows for op's results. */
void
assign_forward(Assign *a, OpId op, uint32_t i)
{
    const Op *o = op_get(a->m, op);
    ValueId v = o->args[i];
    if (!a->has[v] || (op < a->opcap && a->anchor[op]))
        return;
    NestedLayout l = *assign_lay(a, v), r;
    if (op_info[o->kind].traits & T_ELEMWISE) {
        if (o->nres == 1 && assign_is_vector(a, o->res[0]))
            assign_set(a, o->res[0], &l);
        return;
    }
    int32_t rank;
    int64_t shape[LAYOUT_MAX_RANK];
    switch (o->kind) {
    case OP_TRANSPOSE:
        forward_transpose(a, op, &l);
        break;
    case OP_SHAPE_CAST:
        if (assign_shape(a, o->res[0], &rank, shape) &&
            layout_reshape(&l, rank, shape, &r, NULL, 0))
            assign_set(a, o->res[0], &r);
        break;
    case OP_MULTI_REDUCTION:
        if (i == 0)
            forward_drop(a, op, &l, reduced_dims(a, op, l.rank));
        else
            assign_set(a, o->res[0], &l);
        break;
    case OP_CONTRACT:
        if (i == 2)
            assign_set(a, o->res[0], &l);
        break;
    case OP_EXTRACT:
        if (i == 0 && assign_shape(a, o->res[0], &rank, shape) && rank <= l.rank)
            forward_drop(a, op, &l, (1u << (l.rank - rank)) - 1);
        break;
    case OP_INSERT:
    case OP_INSERT_STRIDED_SLICE:
        if (i == 1)
            assign_set(a, o->res[0], &l);
        break;
    case OP_FOR:
        if (i >= 3)
            assign_set(a, o->res[i - 3], &l);
        break;
    case OP_YIELD: {
        OpId owner = assign_parent_op(a, op);
        if (owner && i < op_get(a->m, owner)->nres)
            assign_set(a, op_get(a->m, owner)->res[i], &l);
        break;
    }
    default:
        break;
    }
}

/* ------------------------------------------------------------ default */

static int64_t
gcd64(int64_t x, int64_t y)
{
    while (y) {
        int64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

/*
 * The default layout of a vector no anchor reaches, chosen for coalesced,
 * vectorized memory access over the whole workgroup:
 *
 *   1. element: 128 bits per thread along the innermost dim,
 *      E = gcd(128 / bitwidth, size) (i1 counts as 8 bits);
 *   2. threads: the 32 lanes go to the innermost dims first, T_d =
 *      gcd(what is left of dim d, lanes left), stride = lanes used so far;
 *   3. subgroups: the same, continuing from the innermost dim, over what
 *      the lanes left;
 *   4. batch: whatever remains.
 *
 * Lanes or subgroups that find nothing left replicate (the id bits above
 * the used ones are ignored).  vector<4x64xf32>, 2 subgroups:
 * E = [1, 4], T = [2, 16] ts = [16, 1], S = [2, 1] ss = [1, 0], B = [1, 1].
 */
void
assign_default(const Assign *a, ValueId v, NestedLayout *out)
{
    int32_t rank;
    int64_t shape[LAYOUT_MAX_RANK], left[LAYOUT_MAX_RANK] = { 0 };
    if (!assign_shape(a, v, &rank, shape)) {
        layout_init(out, 0);
        return;
    }
    layout_init(out, rank);
    if (rank == 0)
        return;
    unsigned bits = type_bitwidth(type_element(a->m, value_type(a->m, v)));
    bits = bits < 8 ? 8 : bits;
    int64_t e = bits <= 128 ? gcd64(128 / bits, shape[rank - 1]) : 1;
    for (int32_t d = 0; d < rank; d++)
        left[d] = shape[d];
    out->element_tile[rank - 1] = e;
    left[rank - 1] /= e;
    int64_t lanes = LAYOUT_WARP_SIZE, lane_stride = 1;
    int64_t groups = a->subgroups, group_stride = 1;
    for (int32_t d = rank - 1; d >= 0; d--) {
        int64_t t = gcd64(left[d], lanes);
        out->thread_tile[d] = t;
        out->thread_strides[d] = lane_stride;
        lane_stride *= t, lanes /= t, left[d] /= t;
    }
    for (int32_t d = rank - 1; d >= 0; d--) {
        int64_t s = gcd64(left[d], groups);
        out->subgroup_tile[d] = s;
        out->subgroup_strides[d] = group_stride;
        group_stride *= s, groups /= s, left[d] /= s;
    }
    for (int32_t d = 0; d < rank; d++)
        out->batch_tile[d] = left[d];
    layout_normalize(out);
}
