/*
 * reduction.c -- vector.multi_reduction and vector.reduction in seed 001's
 * four stages:
 *
 *   1. per thread   each thread combines the elements it holds that differ only
 *                   in reduced dims (its batch, outer and element digits);
 *   2. across lanes a reduced dim d with thread_tile T_d > 1 spreads its
 *                   values over lanes {base + j * ts_d}: one clustered
 *                   gpu.subgroup_reduce (cluster_size T_d, cluster_stride ts_d),
 *                   dims whose lane ranges are adjacent merged into one cluster.
 *                   ptxgen lowers it to a butterfly of shfl.sync.bfly, after
 *                   which every lane of the cluster holds the result (a
 *                   cluster whose size or stride is not a power of two: one
 *                   gpu.shuffle idx per member, combined in member order);
 *   3. across subgroups  a reduced dim with subgroup_tile S_d > 1: each subgroup
 *                   stores its partials to a workgroup buffer shaped like the
 *                   source with S_d in place of reduced dims (rows padded
 *                   against bank conflicts), barrier, and every
 *                   thread combines all S partials of its elements (all of
 *                   them: not only index 0, iree-notes §7.2.2);
 *   4. accumulator  the result is combined with the accumulator last, once.
 *
 * The result is produced in the projection of the source layout (reduced dims
 * dropped), then converted to the result's layout if that differs.
 *
 * Requires:    distribute.c's Ctx; the source, accumulator and result carry layouts
 *              and are distributed already; a combining kind the verifier accepted.
 * Ensures:     the result is bound to per-thread values in its layout holding the
 *              reduction of the source over the reduced dims, combined with the
 *              accumulator once, last; every thread that holds an element of the
 *              result holds its final value (lanes after the butterfly, subgroups
 *              after reading all partials from workgroup memory).
 * Invalidates: nothing beyond the block being rebuilt.
 */
#include "distribute/lowering/lowering.h"

#include <string.h>

static const char *
kind_name(CombiningKind k)
{
    return combining_kind_names[k];
}

static int
kind_of_op(Ctx *c, OpId o)
{
    const Attr *a = op_attr(c->m, o, "kind");
    const char *s = a && (a->kind == ATTR_ENUM || a->kind == ATTR_STRING) ? a->str : NULL;
    int k = s ? combining_kind_lookup(s) : -1;
    if (k < 0)
        dist_error(c, "'%s' has an unknown combining kind", op_name(c->m, o));
    return k;
}

/* Slot k of l as slot of the projection p (the reduced dims dropped). */
static int64_t
projected_slot(const NestedLayout *l, uint32_t reduced, const NestedLayout *p, uint32_t k)
{
    int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
    int64_t pb[LAYOUT_MAX_RANK], po[LAYOUT_MAX_RANK], pe[LAYOUT_MAX_RANK];
    layout_slot_unpack(l, k, b, o, e);
    int32_t n = 0;
    for (int32_t d = 0; d < l->rank; d++)
        if (!(reduced >> d & 1)) {
            pb[n] = b[d];
            po[n] = o[d];
            pe[n] = e[d];
            n++;
        }
    return layout_slot_pack(p, pb, po, pe);
}

/* Kinds whose combining op ptxgen has as one packed .f16x2 / .bf16x2 instruction. */
static bool
packed_kind(CombiningKind k)
{
    return k == KIND_ADD || k == KIND_MUL || k == KIND_MAXIMUMF || k == KIND_MINIMUMF ||
           k == KIND_MAXNUMF || k == KIND_MINNUMF;
}

/*
 * stage 1: partial[j] for every slot j of the projected layout p.
 *
 * 16-bit floats are combined two at a time: slots 2i and 2i+1 (the two halves of
 * one packed register, e.g. c0 c1 of an mma.sync fragment) that reduce into the same
 * partial form a vector<2xT>, and the pairs of a partial are combined with
 * vector<2xT> ops (ptxgen: one max.NaN.f16x2, add.f16x2, ... per pair), the two
 * halves once at the end.  A row of 32 f16 elements then takes 15 packed ops and
 * one scalar op instead of 31 scalar ones.  For add and mul that is another order
 * of the same terms (two interleaved partial sums), within the tolerance a
 * reduction's order is given anyway; max and min give the same bits.
 */
static void
local_reduce(Ctx *c, Dist *src, uint32_t reduced, const NestedLayout *p, CombiningKind kind,
             ValueId *partial)
{
    const NestedLayout *l = src->layout;
    int64_t np = layout_num_slots(p);
    bool pack = (src->elem == TY_F16 || src->elem == TY_BF16) && packed_kind(kind);
    uint32_t *npairs = pack ? arena_alloc(&c->m->arena, np * sizeof *npairs) : NULL;
    if (pack) {
        memset(npairs, 0, np * sizeof *npairs);
        for (uint32_t k = 0; k + 1 < src->n; k += 2) {
            int64_t j = projected_slot(l, reduced, p, k);
            npairs[j] += j == projected_slot(l, reduced, p, k + 1);
        }
    }
    ValueId *pair = pack ? arena_alloc(&c->m->arena, np * sizeof *pair) : NULL;
    if (pack)
        memset(pair, 0, np * sizeof *pair);
    for (uint32_t k = 0; k < src->n; k++) {
        int64_t j = projected_slot(l, reduced, p, k);
        if (pack && npairs[j] >= 2 && k % 2 == 0 && k + 1 < src->n &&
            projected_slot(l, reduced, p, k + 1) == j) {
            ValueId two[2] = { dist_elem(c, src, k), dist_elem(c, src, k + 1) };
            ValueId v = from_elements(c, two, 2, src->elem);
            pair[j] = pair[j] ? combine_values(c, kind, pair[j], v) : v;
            k++;
            continue;
        }
        ValueId v = dist_elem(c, src, k);
        partial[j] = partial[j] ? combine_values(c, kind, partial[j], v) : v;
    }
    for (int64_t j = 0; pack && j < np; j++) {
        if (!pair[j])
            continue;
        ValueId lo = extract_elem(c, pair[j], 0, src->elem);
        ValueId v = combine_values(c, kind, lo, extract_elem(c, pair[j], 1, src->elem));
        partial[j] = partial[j] ? combine_values(c, kind, partial[j], v) : v;
    }
}

typedef struct Cluster {
    int64_t size, stride;
} Cluster;

/* Lane clusters of the reduced dims, adjacent ones merged; -1 if not powers of two. */
static int
clusters(const NestedLayout *l, uint32_t reduced, Cluster *out)
{
    int n = 0;
    for (int32_t d = 0; d < l->rank; d++) {
        if (!(reduced >> d & 1) || l->thread_tile[d] == 1)
            continue;
        Cluster x = { l->thread_tile[d], l->thread_strides[d] };
        int i = n++;
        for (; i > 0 && out[i - 1].stride > x.stride; i--)
            out[i] = out[i - 1];
        out[i] = x;
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (m && out[m - 1].stride * out[m - 1].size == out[i].stride)
            out[m - 1].size *= out[i].size;
        else
            out[m++] = out[i];
    }
    for (int i = 0; i < m; i++)
        if (out[i].size * out[i].stride > 32)
            return -1;
    return m;
}

static bool
pow2_cluster(Cluster cl)
{
    return !(cl.size & (cl.size - 1)) && !(cl.stride & (cl.stride - 1));
}

/*
 * A cluster whose size or stride is not a power of two (no butterfly): every
 * lane reads the T members' values with gpu.shuffle idx and combines them in
 * member order, so all of them get the same bits.  The members are found from
 * the lane's canonical lane (its virtual ids put back together, < the lanes
 * the layout spans): a replica lane past the span would find members past 31.
 */
static ValueId
cluster_lane(Ctx *c, const NestedLayout *l, Cluster cl, int64_t j)
{
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId canon = const_index(c, 0);
    for (int32_t d = 0; d < l->rank; d++)
        canon = idx_add(c, canon, idx_mul_c(c, virtual_thread(c, l, d), l->thread_strides[d]));
    /* member j: canon - ((canon / stride) % size) * stride + j * stride */
    ValueId args[2] = { canon, const_index(c, cl.stride) };
    ValueId q = cl.stride == 1 ? canon : emit1(c, OP_DIVUI, 2, args, TY_INDEX);
    ValueId args2[2] = { q, const_index(c, cl.size) };
    ValueId digit = emit1(c, OP_REMUI, 2, args2, TY_INDEX);
    ValueId args3[2] = { canon, idx_mul_c(c, digit, cl.stride) };
    ValueId base = emit1(c, OP_SUBI, 2, args3, TY_INDEX);
    ValueId lane = idx_add_c(c, base, j * cl.stride);
    ValueId cast = emit1(c, OP_INDEX_CAST, 1, &lane, TY_I32);
    c->out = saved;
    return cast;
}

static ValueId
shuffle_reduce(Ctx *c, ValueId v, CombiningKind kind, Cluster cl, const ValueId *lanes)
{
    TypeId t = value_type(c->m, v), wide = t; /* gpu.shuffle moves 32 or 64 bits */
    if (type_bitwidth(t) < 32)
        wide = type_is_float(t) ? TY_F32 : TY_I32;
    ValueId w = wide == t ? v : emit1(c, type_is_float(t) ? OP_EXTF : OP_EXTUI, 1, &v, wide);
    ValueId r = 0;
    for (int64_t j = 0; j < cl.size; j++) {
        ValueId args[3] = { w, lanes[j], const_int(c, 32, TY_I32) };
        TypeId types[2] = { wide, TY_I1 };
        OpId o = emit(c, OP_SHUFFLE, 3, args, 2, types, 0);
        op_set_attr(c->m, o, "mode", attr_enum(c->m, "gpu", "shuffle_mode", "idx", true));
        ValueId x = op_get(c->m, o)->res[0];
        if (wide != t) /* exact: the value came from t */
            x = emit1(c, type_is_float(t) ? OP_TRUNCF : OP_TRUNCI, 1, &x, t);
        r = r ? combine_values(c, kind, r, x) : x;
    }
    return r;
}

static ValueId
subgroup_reduce(Ctx *c, ValueId v, CombiningKind kind, Cluster cl)
{
    ValueId r = emit1(c, OP_SUBGROUP_REDUCE, 1, &v, value_type(c->m, v));
    OpId o = value_get(c->m, r)->def;
    op_set_attr(c->m, o, "op", attr_enum(c->m, "gpu", "all_reduce_op", kind_name(kind), true));
    op_set_attr(c->m, o, "cluster_size", attr_int(c->m, cl.size, TY_I32));
    if (cl.stride != 1)
        op_set_attr(c->m, o, "cluster_stride", attr_int(c->m, cl.stride, TY_I32));
    return r;
}

/* stage 2 over one power-of-two cluster: 32-bit partials go together as one vector,
 * 16-bit float ones two at a time (one register: the butterfly shuffles and combines
 * both, ptxgen's packed subgroup_reduce), others one by one */
static void
cluster_reduce(Ctx *c, CombiningKind kind, TypeId elem, Cluster cl, ValueId *partial, uint32_t np)
{
    if ((elem == TY_F16 || elem == TY_BF16) && packed_kind(kind) && np > 1) {
        /* pairs of partials in one register: one shfl and one x2 op per step */
        for (uint32_t j = 0; j + 1 < np; j += 2) {
            ValueId v = subgroup_reduce(c, from_elements(c, partial + j, 2, elem), kind, cl);
            partial[j] = extract_elem(c, v, 0, elem);
            partial[j + 1] = extract_elem(c, v, 1, elem);
        }
        if (np % 2)
            partial[np - 1] = subgroup_reduce(c, partial[np - 1], kind, cl);
        return;
    }
    if (type_bitwidth(elem) == 32 && np > 1) {
        ValueId v = subgroup_reduce(c, from_elements(c, partial, np, elem), kind, cl);
        for (uint32_t j = 0; j < np; j++)
            partial[j] = extract_elem(c, v, j, elem);
        return;
    }
    for (uint32_t j = 0; j < np; j++)
        partial[j] = subgroup_reduce(c, partial[j], kind, cl);
}

/* stage 2: the clusters one after the other (cluster_reduce; a cluster that is not a
 * power of two: shuffle_reduce) */
static bool
thread_reduce(Ctx *c, const NestedLayout *l, uint32_t reduced, CombiningKind kind, TypeId elem,
              ValueId *partial, uint32_t np)
{
    Cluster cl[LAYOUT_MAX_RANK];
    int ncl = clusters(l, reduced, cl);
    if (ncl < 0)
        return dist_error(c, "reduction over lanes past the warp");
    for (int i = 0; i < ncl; i++) {
        if (!pow2_cluster(cl[i])) {
            if (cl[i].size > 32)
                return dist_error(c, "reduction over a cluster of more than 32 lanes");
            ValueId lanes[32];
            for (int64_t j = 0; j < cl[i].size; j++)
                lanes[j] = cluster_lane(c, l, cl[i], j);
            for (uint32_t j = 0; j < np; j++)
                partial[j] = shuffle_reduce(c, partial[j], kind, cl[i], lanes);
            continue;
        }
        cluster_reduce(c, kind, elem, cl[i], partial, np);
    }
    return true;
}

/* stage 3: through a workgroup buffer, serial over the subgroups of the reduced dims */
/*
 * Stage 3 as two transfers of a workgroup buffer shaped like the source with
 * S_d in place of each reduced dim: the partials are written in layout W (the
 * source's, with each reduced dim spread over its subgroups only: element
 * index = subgroup digit; the canonical lane of each element writes it), and
 * read back in layout R (each reduced dim held whole by every thread as
 * batches), so both sides use vector accesses where the layout has runs of
 * consecutive elements.  The S partials of each element are then combined in
 * subgroup order.  The rows get the padding that costs these accesses the
 * fewest bank conflicts (dist_best_pad).
 */
static bool
subgroup_stage(Ctx *c, Dist *src, uint32_t reduced, const NestedLayout *p, CombiningKind kind,
               ValueId *partial)
{
    const NestedLayout *l = src->layout;
    int32_t rank = l->rank;
    int64_t shape[LAYOUT_MAX_RANK], nsub = 1;
    layout_shape(l, shape);
    NestedLayout w = *l, r = *l;
    for (int32_t d = 0; d < rank; d++)
        if (reduced >> d & 1) {
            shape[d] = l->subgroup_tile[d];
            nsub *= shape[d];
            layout_set_dim(&w, d, shape[d], 1, 1, 1, 1, l->subgroup_strides[d], 0);
            layout_set_dim(&r, d, 1, shape[d], 1, 1, 1, 0, 0);
        }
    layout_normalize(&w);
    layout_normalize(&r);
    const NestedLayout *both[2] = { &w, &r };
    Buffer *buf = get_buffer(c, src->elem, (uint32_t)rank, shape,
                             dist_best_pad(src->elem, (uint32_t)rank, shape, both, 2));
    Transfer t;
    dist_whole_transfer(c, &t, buf->v, rank);
    Dist *wd = dist_new(c, &w, src->elem);
    uint32_t np = (uint32_t)layout_num_slots(p);
    for (uint32_t j = 0; j < np; j++)
        dist_set_elem(c, wd, j, partial[j]); /* W's slots are p's: reduced dims add none */
    buffer_before_write(c, buf);
    if (!write_tiles(c, &t, wd, false)) /* copies of a partial store the same bits */
        return false;
    barrier(c);
    Dist *rd = read_tiles(c, &t, &r, src->elem);
    if (!rd)
        return false;
    for (uint32_t j = 0; j < np; j++) {
        int64_t pb[LAYOUT_MAX_RANK], po[LAYOUT_MAX_RANK], pe[LAYOUT_MAX_RANK];
        int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
        layout_slot_unpack(p, j, pb, po, pe);
        for (int32_t d = 0, n = 0; d < rank; d++) {
            b[d] = o[d] = e[d] = 0;
            if (!(reduced >> d & 1)) {
                b[d] = pb[n], o[d] = po[n], e[d] = pe[n];
                n++;
            }
        }
        ValueId acc = 0;
        for (int64_t sidx = 0; sidx < nsub; sidx++) {
            int64_t rest = sidx;
            for (int32_t d = rank; d-- > 0;)
                if (reduced >> d & 1) {
                    b[d] = rest % shape[d];
                    rest /= shape[d];
                }
            ValueId v = dist_elem(c, rd, (uint32_t)layout_slot_pack(&r, b, o, e));
            acc = acc ? combine_values(c, kind, acc, v) : v;
        }
        partial[j] = acc;
    }
    return true;
}

/* reduce_dist; lanes false: stages 1 and 4 only, each lane's partial (lane_partial) */
static Dist *
reduce_dist_lanes(Ctx *c, Dist *src, uint32_t reduced, CombiningKind kind, Dist *acc,
                  ValueId acc_scalar, const NestedLayout *res_layout, ValueId *scalar_out,
                  bool lanes)
{
    NestedLayout p;
    if (!layout_project(src->layout, reduced, &p)) {
        dist_error(c, "reduction dims do not fit the source layout");
        return NULL;
    }
    uint32_t np = (uint32_t)layout_num_slots(&p);
    ValueId *partial = arena_alloc(&c->m->arena, (np + 1) * sizeof *partial);
    local_reduce(c, src, reduced, &p, kind, partial);
    if (lanes && !thread_reduce(c, src->layout, reduced, kind, src->elem, partial, np))
        return NULL;
    bool across = false;
    for (int32_t d = 0; d < src->layout->rank; d++)
        across |= (reduced >> d & 1) && src->layout->subgroup_tile[d] > 1;
    if (across && !subgroup_stage(c, src, reduced, &p, kind, partial))
        return NULL;
    if (p.rank == 0) {
        if (acc_scalar)
            partial[0] = combine_values(c, kind, partial[0], acc_scalar);
        *scalar_out = partial[0];
        return NULL;
    }
    Dist *r = dist_new(c, &p, src->elem);
    if (acc && !(acc = convert_dist(c, acc, &p)))
        return NULL;
    bool pairs = acc && (src->elem == TY_F16 || src->elem == TY_BF16) && packed_kind(kind);
    for (uint32_t j = 0; j < np; j++) {
        if (pairs && j + 1 < np) { /* the accumulator two at a time, like stage 2 */
            ValueId a[2];
            a[0] = dist_elem(c, acc, j);
            a[1] = dist_elem(c, acc, j + 1);
            ValueId part = from_elements(c, partial + j, 2, src->elem);
            ValueId v = combine_values(c, kind, part, from_elements(c, a, 2, src->elem));
            dist_set_elem(c, r, j, extract_elem(c, v, 0, src->elem));
            dist_set_elem(c, r, j + 1, extract_elem(c, v, 1, src->elem));
            j++;
            continue;
        }
        dist_set_elem(c, r, j,
                      acc ? combine_values(c, kind, partial[j], dist_elem(c, acc, j)) : partial[j]);
    }
    return res_layout ? convert_dist(c, r, res_layout) : r;
}

Dist *
reduce_dist(Ctx *c, Dist *src, uint32_t reduced, CombiningKind kind, Dist *acc, ValueId acc_scalar,
            const NestedLayout *res_layout, ValueId *scalar_out)
{
    return reduce_dist_lanes(c, src, reduced, kind, acc, acc_scalar, res_layout, scalar_out, true);
}

/*
 * The lane clusters of a vptx.lane_partial reduction (lane_partial_begin), as the
 * attribute's (size, stride) pairs, when each lane may keep its partial: an f32 add
 * whose reduced dims are spread over power-of-two lane clusters only (no subgroup
 * stage) and whose result keeps the projected layout (no conversion moves the
 * partials between lanes).  False: reduce in full.
 */
static bool
lane_partial_clusters(Ctx *c, OpId o, const Dist *src, uint32_t reduced, const NestedLayout *res)
{
    NestedLayout p;
    Cluster cl[LAYOUT_MAX_RANK];
    int ncl = clusters(src->layout, reduced, cl);
    if (src->elem != TY_F32 || ncl < 1 || !layout_project(src->layout, reduced, &p) ||
        !layout_equal(&p, res))
        return false;
    int64_t pairs[2 * LAYOUT_MAX_RANK];
    for (int i = 0; i < ncl; i++) {
        if (!pow2_cluster(cl[i]))
            return false;
        pairs[2 * i] = cl[i].size;
        pairs[2 * i + 1] = cl[i].stride;
    }
    for (int32_t d = 0; d < src->layout->rank; d++)
        if ((reduced >> d & 1) && src->layout->subgroup_tile[d] > 1)
            return false;
    op_set_attr(c->m, o, "vptx.lane_partial",
                attr_dense_array(c->m, TY_I64, pairs, NULL, (uint32_t)(2 * ncl)));
    return true;
}

bool
distribute_multi_reduction(Ctx *c, OpId o)
{
    int kind = kind_of_op(c, o);
    if (kind < 0)
        return false;
    Dist *src = dist_of(c, op_get(c->m, o)->args[0]);
    if (!src)
        return false;
    const Attr *dims = op_attr(c->m, o, "reduction_dims");
    uint32_t reduced = 0;
    for (uint32_t i = 0; dims && dims->kind == ATTR_DENSE_ARRAY && i < dims->n; i++)
        reduced |= 1u << dims->ints[i];
    ValueId acc_old = op_get(c->m, o)->args[1], res = op_get(c->m, o)->res[0];
    if (!type_is_vector(c->m, value_type(c->m, res))) {
        ValueId s = 0;
        reduce_dist(c, src, reduced, (CombiningKind)kind, NULL, dist_scalar(c, acc_old), NULL, &s);
        if (!s)
            return false;
        c->map[res] = s;
        return true;
    }
    NestedLayout l;
    Dist *acc = dist_of(c, acc_old);
    if (!acc)
        return false;
    if (!result_layout(c, o, 0, &l))
        return dist_error(c, "'vector.multi_reduction' result has no layout");
    bool lanes = true;
    if (op_attr(c->m, o, "vptx.lane_partial")) {
        op_remove_attr(c->m, o, "vptx.lane_partial");
        lanes = !lane_partial_clusters(c, o, src, reduced, &l);
    }
    Dist *r = reduce_dist_lanes(c, src, reduced, (CombiningKind)kind, acc, 0, &l, NULL, lanes);
    if (!r)
        return false;
    dist_bind(c, res, r);
    return true;
}

bool
distribute_reduction(Ctx *c, OpId o)
{
    int kind = kind_of_op(c, o);
    if (kind < 0)
        return false;
    Dist *src = dist_of(c, op_get(c->m, o)->args[0]);
    if (!src)
        return false;
    ValueId acc = op_get(c->m, o)->nargs > 1 ? dist_scalar(c, op_get(c->m, o)->args[1]) : 0;
    ValueId s = 0;
    reduce_dist(c, src, 1, (CombiningKind)kind, NULL, acc, NULL, &s);
    if (!s)
        return false;
    c->map[op_get(c->m, o)->res[0]] = s;
    return true;
}

/* ---- --fast-math: a loop's row sums kept as each lane's partial sum ---- */

/* Is the layout of op o's result i that of loop result li? */
static bool
same_layout(Ctx *c, OpId o, uint32_t i, OpId loop, uint32_t li)
{
    NestedLayout a, b;
    return result_layout(c, o, i, &a) && result_layout(c, loop, li, &b) && layout_equal(&a, &b);
}

/* The multi_reduction that may keep lane partials for iteration argument i of loop,
 * or 0 (lane_partial_begin) */
static OpId
lane_partial_candidate(Ctx *c, OpId loop, uint32_t i)
{
    Module *m = c->m;
    BlockId body = op_entry_block(m, loop, 0);
    const Block *b = block_get(m, body);
    ValueId iter = b->args.items[i + 1], res = op_get(m, loop)->res[i];
    TypeId t = value_type(m, res);
    OpId y = b->ops.n ? b->ops.items[b->ops.n - 1] : 0;
    if (!type_is_vector(m, t) || type_element(m, t) != TY_F32 ||
        !dist_zero_splat(m, op_get(m, loop)->args[3 + i]) || !y || op_get(m, y)->kind != OP_YIELD ||
        i >= op_get(m, y)->nargs)
        return 0;
    OpId r = value_get(m, op_get(m, y)->args[i])->def;
    if (!r || op_get(m, r)->kind != OP_MULTI_REDUCTION || op_get(m, r)->parent != body ||
        kind_of_op(c, r) != KIND_ADD || !same_layout(c, r, 0, loop, i) ||
        !value_used_only_by(m, loop, op_get(m, r)->res[0], y, i))
        return 0;
    ValueId acc = op_get(m, r)->args[1];
    if (acc == iter)
        return value_used_only_by(m, loop, iter, r, 1) ? r : 0;
    OpId s = value_get(m, acc)->def; /* corr * l: corr is the same on every lane of a row */
    const Op *mul = s ? op_get(m, s) : NULL;
    if (!mul || mul->kind != OP_MULF || mul->parent != body ||
        (mul->args[0] == iter) == (mul->args[1] == iter) || !same_layout(c, s, 0, loop, i) ||
        !value_used_only_by(m, loop, acc, r, 1) ||
        !value_used_only_by(m, loop, iter, s, UINT32_MAX))
        return 0;
    return r;
}

/*
 * --fast-math (DistributeOptions.fast_math): an f32 add reduction over lanes whose
 * accumulator is its loop's iteration argument, scaled or not, which starts at 0 and
 * takes only its result (online softmax's l = corr * l + rowsum(p)) keeps each lane's
 * partial sum through the loop: the lanes' butterfly (per row of attention, 2 shuffles
 * and 2 adds) runs once, after the loop, on the loop's result, and no longer in every
 * iteration between the row max's shuffles and the next iteration (where ptxas copies
 * the code between a loop's shuffles into a divergent-warp path on sm_90a).  The
 * algebra is exact: the lanes of a row share corr (a value of the row layout, the same
 * on every lane that holds the row), sum_lanes(corr l_lane + p_lane) = corr l + p; the
 * f32 additions happen in another order, within the n u_acc that check allows a
 * reduction of n terms in any order.  Marks each such reduction `vptx.lane_partial`
 * (distribute_multi_reduction decides and records its clusters) and returns them, one
 * per iteration argument (0: none), or NULL when there is none.
 */
OpId *
lane_partial_begin(Ctx *c, OpId loop)
{
    const Op *op = op_get(c->m, loop);
    uint32_t n = op->nres, found = 0;
    if (!c->opt.fast_math || op->kind != OP_FOR || op->nargs != n + 3)
        return NULL;
    OpId *red = arena_alloc(&c->m->arena, (n + 1) * sizeof *red);
    for (uint32_t i = 0; i < n; i++) {
        red[i] = lane_partial_candidate(c, loop, i);
        if (red[i]) {
            op_set_attr(c->m, red[i], "vptx.lane_partial", attr_unit(c->m));
            found++;
        }
    }
    return found ? red : NULL;
}

/* After the loop: the butterfly of each reduction that kept lane partials, on the
 * loop's result, which then holds the full sums */
bool
lane_partial_end(Ctx *c, OpId loop, const OpId *red)
{
    c->loc = op_get(c->m, loop)->loc;
    for (uint32_t i = 0; red && i < op_get(c->m, loop)->nres; i++) {
        const Attr *a = red[i] ? op_attr(c->m, red[i], "vptx.lane_partial") : NULL;
        if (!a)
            continue;
        op_remove_attr(c->m, red[i], "vptx.lane_partial");
        ValueId res = op_get(c->m, loop)->res[i];
        Dist *d = a->kind == ATTR_DENSE_ARRAY ? dist_of(c, res) : NULL;
        if (!d)
            return a->kind != ATTR_DENSE_ARRAY || dist_error(c, "lane partial sums lost");
        ValueId *partial = arena_alloc(&c->m->arena, (d->n + 1) * sizeof *partial);
        for (uint32_t j = 0; j < d->n; j++)
            partial[j] = dist_elem(c, d, j);
        for (uint32_t k = 0; k + 1 < a->n; k += 2)
            cluster_reduce(c, KIND_ADD, TY_F32, (Cluster){ a->ints[k], a->ints[k + 1] }, partial,
                           d->n);
        Dist *r = dist_new(c, d->layout, TY_F32);
        for (uint32_t j = 0; j < d->n; j++)
            dist_set_elem(c, r, j, partial[j]);
        dist_bind(c, res, r);
    }
    return !c->failed;
}
