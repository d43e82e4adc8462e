/*
 * nested.c -- the NestedLayout algebra (seed 002): validity, shapes, the map
 * from (subgroup id, lane id, slot) to an element and back, and the
 * shape-changing operations that layout propagation needs (permute,
 * project, broadcast, apply_map) plus the conversion predicate.
 *
 * Pure arithmetic on values: no ir/, no allocation, no printing.  The digit
 * scheme and the validity rule are drawn in layout.h.
 */
#include "layout/layout.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Writes the reason (when there is room for one) and returns false. */
bool
layout_fail(char *reason, size_t cap, const char *fmt, ...)
{
    if (reason && cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(reason, cap, fmt, ap);
        va_end(ap);
    }
    return false;
}

void
layout_init(NestedLayout *l, int32_t rank)
{
    memset(l, 0, sizeof *l);
    l->rank = rank;
    for (int32_t d = 0; d < rank; d++) {
        l->subgroup_tile[d] = l->batch_tile[d] = l->outer_tile[d] = 1;
        l->thread_tile[d] = l->element_tile[d] = 1;
    }
}

void
layout_set_dim(NestedLayout *l, int32_t d, int64_t subgroup, int64_t batch, int64_t outer,
               int64_t thread, int64_t element, int64_t subgroup_stride, int64_t thread_stride)
{
    l->subgroup_tile[d] = subgroup;
    l->batch_tile[d] = batch;
    l->outer_tile[d] = outer;
    l->thread_tile[d] = thread;
    l->element_tile[d] = element;
    l->subgroup_strides[d] = subgroup_stride;
    l->thread_strides[d] = thread_stride;
}

/* A tile of 1 has a single digit value, so its stride says nothing: make it 0. */
void
layout_normalize(NestedLayout *l)
{
    for (int32_t d = 0; d < l->rank; d++) {
        if (l->subgroup_tile[d] == 1)
            l->subgroup_strides[d] = 0;
        if (l->thread_tile[d] == 1)
            l->thread_strides[d] = 0;
    }
}

/*
 * The digit rule of layout.h for one level.  Sort the dims with tile > 1 by
 * stride; each stride must be a multiple of the previous dim's stride*tile.
 */
static bool
check_digits(const int64_t *tile, const int64_t *stride, int32_t rank, const char *level,
             char *reason, size_t cap)
{
    int32_t order[LAYOUT_MAX_RANK], n = 0;
    for (int32_t d = 0; d < rank; d++) {
        if (tile[d] == 1)
            continue;
        if (stride[d] <= 0)
            return layout_fail(reason, cap, "%s_tile[%d] = %lld needs a positive %s stride", level,
                               (int)d, (long long)tile[d], level);
        int32_t i = n++;
        for (; i > 0 && stride[order[i - 1]] > stride[d]; i--)
            order[i] = order[i - 1];
        order[i] = d;
    }
    for (int32_t i = 1; i < n; i++) {
        int32_t p = order[i - 1], d = order[i];
        int64_t end = stride[p] * tile[p];
        if (stride[d] % end != 0)
            return layout_fail(reason, cap,
                               "%s ids of dims %d and %d overlap: %s_strides[%d] = %lld is not a "
                               "multiple of %s_strides[%d] * %s_tile[%d] = %lld",
                               level, (int)p, (int)d, level, (int)d, (long long)stride[d], level,
                               (int)p, level, (int)p, (long long)end);
    }
    return true;
}

static int64_t
extent(const int64_t *tile, const int64_t *stride, int32_t rank)
{
    int64_t e = 1;
    for (int32_t d = 0; d < rank; d++)
        if (tile[d] > 1 && stride[d] * tile[d] > e)
            e = stride[d] * tile[d];
    return e;
}

static bool
check_fields(const NestedLayout *l, char *reason, size_t cap)
{
    static const char *const names[5] = { "subgroup", "batch", "outer", "thread", "element" };
    const int64_t *tiles[5] = { l->subgroup_tile, l->batch_tile, l->outer_tile, l->thread_tile,
                                l->element_tile };
    if (l->rank < 0 || l->rank > LAYOUT_MAX_RANK)
        return layout_fail(reason, cap, "rank %d is outside 0..%d", (int)l->rank, LAYOUT_MAX_RANK);
    for (int32_t d = 0; d < l->rank; d++) {
        for (int level = 0; level < 5; level++)
            if (tiles[level][d] < 1)
                return layout_fail(reason, cap, "%s_tile[%d] = %lld must be at least 1",
                                   names[level], (int)d, (long long)tiles[level][d]);
        if (l->subgroup_strides[d] < 0 || l->thread_strides[d] < 0)
            return layout_fail(reason, cap, "dim %d has a negative stride", (int)d);
        if (l->subgroup_strides[d] > LAYOUT_MAX_ELEMENTS ||
            l->thread_strides[d] > LAYOUT_MAX_ELEMENTS)
            return layout_fail(reason, cap, "dim %d has a stride above %lld", (int)d,
                               (long long)LAYOUT_MAX_ELEMENTS);
    }
    /* bounds every product of tiles (shapes, slot counts), so none overflows */
    int64_t n = 1;
    for (int32_t d = 0; d < l->rank; d++)
        for (int level = 0; level < 5; level++) {
            if (tiles[level][d] > LAYOUT_MAX_ELEMENTS / n)
                return layout_fail(reason, cap, "the layout has more than %lld elements",
                                   (long long)LAYOUT_MAX_ELEMENTS);
            n *= tiles[level][d];
        }
    return true;
}

/* Everything that does not depend on a vector shape. */
bool
layout_check(const NestedLayout *l, char *reason, size_t cap)
{
    return layout_check_lanes(l, LAYOUT_WARP_SIZE, reason, cap);
}

/* layout_check for subgroups of `lanes` lanes (`vptx layout --subgroup-size`). */
bool
layout_check_lanes(const NestedLayout *l, int64_t lanes_per_subgroup, char *reason, size_t cap)
{
    if (!check_fields(l, reason, cap))
        return false;
    if (!check_digits(l->subgroup_tile, l->subgroup_strides, l->rank, "subgroup", reason, cap))
        return false;
    if (!check_digits(l->thread_tile, l->thread_strides, l->rank, "thread", reason, cap))
        return false;
    int64_t lanes = layout_lane_extent(l);
    if (lanes > lanes_per_subgroup && lanes_per_subgroup == LAYOUT_WARP_SIZE)
        return layout_fail(
            reason, cap,
            "thread tiles need %lld lanes (max of thread_strides * thread_tile); a warp "
            "has %d",
            (long long)lanes, LAYOUT_WARP_SIZE);
    if (lanes > lanes_per_subgroup)
        return layout_fail(reason, cap,
                           "thread tiles need %lld lanes (max of thread_strides * "
                           "thread_tile); --subgroup-size is %lld",
                           (long long)lanes, (long long)lanes_per_subgroup);
    return true;
}

bool
layout_verify(const NestedLayout *l, int32_t rank, const int64_t *shape, char *reason, size_t cap)
{
    if (l->rank != rank)
        return layout_fail(reason, cap, "rank of vector (%d) does not match rank of layout (%d)",
                           (int)rank, (int)l->rank);
    if (!layout_check(l, reason, cap))
        return false;
    for (int32_t d = 0; d < rank; d++) {
        int64_t p = l->subgroup_tile[d] * l->batch_tile[d] * l->outer_tile[d] * l->thread_tile[d] *
                    l->element_tile[d];
        if (p != shape[d])
            return layout_fail(
                reason, cap,
                "dim %d: the tiles multiply to %lld (%lld*%lld*%lld*%lld*%lld) but the "
                "vector has %lld",
                (int)d, (long long)p, (long long)l->subgroup_tile[d], (long long)l->batch_tile[d],
                (long long)l->outer_tile[d], (long long)l->thread_tile[d],
                (long long)l->element_tile[d], (long long)shape[d]);
    }
    return true;
}

/* Structural equality after normalisation: strides of unit tiles do not count. */
bool
layout_equal(const NestedLayout *a, const NestedLayout *b)
{
    if (a->rank != b->rank)
        return false;
    /* equal as they are (the usual case: a chain of ops of one layout): equal once
       normalised too, without copying and normalising both */
    int32_t d = 0;
    while (d < a->rank && a->subgroup_tile[d] == b->subgroup_tile[d] &&
           a->batch_tile[d] == b->batch_tile[d] && a->outer_tile[d] == b->outer_tile[d] &&
           a->thread_tile[d] == b->thread_tile[d] && a->element_tile[d] == b->element_tile[d] &&
           a->subgroup_strides[d] == b->subgroup_strides[d] &&
           a->thread_strides[d] == b->thread_strides[d])
        d++;
    if (d == a->rank)
        return true;
    NestedLayout x = *a, y = *b;
    layout_normalize(&x);
    layout_normalize(&y);
    for (d = 0; d < a->rank; d++)
        if (x.subgroup_tile[d] != y.subgroup_tile[d] || x.batch_tile[d] != y.batch_tile[d] ||
            x.outer_tile[d] != y.outer_tile[d] || x.thread_tile[d] != y.thread_tile[d] ||
            x.element_tile[d] != y.element_tile[d] ||
            x.subgroup_strides[d] != y.subgroup_strides[d] ||
            x.thread_strides[d] != y.thread_strides[d])
            return false;
    return true;
}

void
layout_shape(const NestedLayout *l, int64_t *shape)
{
    for (int32_t d = 0; d < l->rank; d++)
        shape[d] = l->subgroup_tile[d] * l->batch_tile[d] * l->outer_tile[d] * l->thread_tile[d] *
                   l->element_tile[d];
}

int64_t
layout_num_elements(const NestedLayout *l)
{
    int64_t shape[LAYOUT_MAX_RANK], n = 1;
    layout_shape(l, shape);
    for (int32_t d = 0; d < l->rank; d++)
        n *= shape[d];
    return n;
}

/* [batch_tile..., outer_tile..., element_tile...]: seed 002's per-thread order. */
int32_t
layout_distributed_shape(const NestedLayout *l, int64_t *shape)
{
    int32_t n = l->rank;
    for (int32_t d = 0; d < n; d++) {
        shape[d] = l->batch_tile[d];
        shape[n + d] = l->outer_tile[d];
        shape[2 * n + d] = l->element_tile[d];
    }
    return 3 * n;
}

int64_t
layout_num_slots(const NestedLayout *l)
{
    int64_t n = 1;
    for (int32_t d = 0; d < l->rank; d++)
        n *= l->batch_tile[d] * l->outer_tile[d] * l->element_tile[d];
    return n;
}

int64_t
layout_lane_extent(const NestedLayout *l)
{
    return extent(l->thread_tile, l->thread_strides, l->rank);
}

/*
 * Subgroup ids 0..count-1 hold the whole vector once over (ids past the
 * count repeat them).  With compact strides this is the product of
 * subgroup_tile; strides with gaps (replication) make it larger.
 */
int64_t
layout_subgroup_count(const NestedLayout *l)
{
    return extent(l->subgroup_tile, l->subgroup_strides, l->rank);
}

/* slot = row-major index of (batch..., outer..., element...) in the distributed shape. */
int64_t
layout_slot_pack(const NestedLayout *l, const int64_t *batch, const int64_t *outer,
                 const int64_t *element)
{
    int64_t slot = 0;
    for (int32_t d = 0; d < l->rank; d++)
        slot = slot * l->batch_tile[d] + batch[d];
    for (int32_t d = 0; d < l->rank; d++)
        slot = slot * l->outer_tile[d] + outer[d];
    for (int32_t d = 0; d < l->rank; d++)
        slot = slot * l->element_tile[d] + element[d];
    return slot;
}

void
layout_slot_unpack(const NestedLayout *l, int64_t slot, int64_t *batch, int64_t *outer,
                   int64_t *element)
{
    for (int32_t d = l->rank - 1; d >= 0; d--) {
        element[d] = slot % l->element_tile[d];
        slot /= l->element_tile[d];
    }
    for (int32_t d = l->rank - 1; d >= 0; d--) {
        outer[d] = slot % l->outer_tile[d];
        slot /= l->outer_tile[d];
    }
    for (int32_t d = l->rank - 1; d >= 0; d--) {
        batch[d] = slot % l->batch_tile[d];
        slot /= l->batch_tile[d];
    }
}

/* virtual_id[d] = (id / stride[d]) % tile[d]; a unit tile (stride 0) gives 0. */
void
layout_virtual_ids(const NestedLayout *l, int64_t subgroup, int64_t lane, int64_t *virtual_subgroup,
                   int64_t *virtual_thread)
{
    for (int32_t d = 0; d < l->rank; d++) {
        virtual_subgroup[d] = l->subgroup_tile[d] == 1
                                  ? 0
                                  : (subgroup / l->subgroup_strides[d]) % l->subgroup_tile[d];
        virtual_thread[d] =
            l->thread_tile[d] == 1 ? 0 : (lane / l->thread_strides[d]) % l->thread_tile[d];
    }
}

/* index[d] = (((s*B + b)*O + o)*T + t)*E + e */
void
layout_element_of(const NestedLayout *l, int64_t subgroup, int64_t lane, int64_t slot,
                  int64_t *index)
{
    int64_t s[LAYOUT_MAX_RANK], t[LAYOUT_MAX_RANK];
    int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
    layout_virtual_ids(l, subgroup, lane, s, t);
    layout_slot_unpack(l, slot, b, o, e);
    for (int32_t d = 0; d < l->rank; d++)
        index[d] =
            (((s[d] * l->batch_tile[d] + b[d]) * l->outer_tile[d] + o[d]) * l->thread_tile[d] +
             t[d]) *
                l->element_tile[d] +
            e[d];
}

/* Split each index into its five digits; only s and t are returned if asked. */
static void
split_index(const NestedLayout *l, const int64_t *index, int64_t *s, int64_t *b, int64_t *o,
            int64_t *t, int64_t *e)
{
    for (int32_t d = 0; d < l->rank; d++) {
        int64_t x = index[d];
        e[d] = x % l->element_tile[d];
        x /= l->element_tile[d];
        t[d] = x % l->thread_tile[d];
        x /= l->thread_tile[d];
        o[d] = x % l->outer_tile[d];
        x /= l->outer_tile[d];
        b[d] = x % l->batch_tile[d];
        s[d] = x / l->batch_tile[d];
    }
}

/* The slot of an element depends only on the element (its b, o, e digits). */
int64_t
layout_slot_of(const NestedLayout *l, const int64_t *index)
{
    int64_t s[LAYOUT_MAX_RANK], t[LAYOUT_MAX_RANK];
    int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
    split_index(l, index, s, b, o, t, e);
    return layout_slot_pack(l, b, o, e);
}

/*
 * Every (subgroup, lane, slot) holding element `index`, subgroups in
 * [0, layout_subgroup_count) and lanes in [0, 32), in (subgroup, lane)
 * order.  Writes at most cap holders and returns how many there are.
 */
int64_t
layout_holders(const NestedLayout *l, const int64_t *index, LayoutHolder *out, int64_t cap)
{
    return layout_holders_lanes(l, index, LAYOUT_WARP_SIZE, out, cap);
}

/* layout_holders among lanes [0, lanes) of each subgroup. */
int64_t
layout_holders_lanes(const NestedLayout *l, const int64_t *index, int64_t lanes, LayoutHolder *out,
                     int64_t cap)
{
    int64_t s[LAYOUT_MAX_RANK], t[LAYOUT_MAX_RANK];
    int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
    int64_t vs[LAYOUT_MAX_RANK], vt[LAYOUT_MAX_RANK];
    split_index(l, index, s, b, o, t, e);
    int64_t slot = layout_slot_pack(l, b, o, e), n = 0;
    int64_t nsub = layout_subgroup_count(l);
    for (int64_t sg = 0; sg < nsub; sg++) {
        /* the subgroup first: a layout of many subgroups (a picture asks for each of its
           cells) walks the lanes of the matching ones only */
        layout_virtual_ids(l, sg, 0, vs, vt);
        bool in = true;
        for (int32_t d = 0; d < l->rank && in; d++)
            in = vs[d] == s[d];
        for (int64_t lane = 0; in && lane < lanes; lane++) {
            layout_virtual_ids(l, sg, lane, vs, vt);
            bool match = true;
            for (int32_t d = 0; d < l->rank && match; d++)
                match = vt[d] == t[d];
            if (!match)
                continue;
            if (n < cap)
                out[n] = (LayoutHolder){ sg, lane, slot };
            n++;
        }
    }
    return n;
}

/* The seven per-dim fields, so that dim-moving operations copy all of them at once. */
static void
copy_dim(NestedLayout *to, int32_t dt, const NestedLayout *from, int32_t df)
{
    layout_set_dim(to, dt, from->subgroup_tile[df], from->batch_tile[df], from->outer_tile[df],
                   from->thread_tile[df], from->element_tile[df], from->subgroup_strides[df],
                   from->thread_strides[df]);
}

/* vector.transpose: out dim i = l dim perm[i] (MLIR's applyPermutation). */
bool
layout_permute(const NestedLayout *l, const int32_t *perm, NestedLayout *out)
{
    uint32_t seen = 0;
    for (int32_t i = 0; i < l->rank; i++) {
        if (perm[i] < 0 || perm[i] >= l->rank || (seen >> perm[i] & 1))
            return false;
        seen |= 1u << perm[i];
    }
    NestedLayout r;
    layout_init(&r, l->rank);
    for (int32_t i = 0; i < l->rank; i++)
        copy_dim(&r, i, l, perm[i]);
    *out = r;
    return true;
}

/*
 * vector.multi_reduction's result: drop the dims whose bit is set in
 * dropped_dims.  Strides stay: the lanes (subgroups) that held different
 * positions of a dropped dim now hold copies of the same reduced value.
 */
bool
layout_project(const NestedLayout *l, uint32_t dropped_dims, NestedLayout *out)
{
    if (l->rank < 32 && (dropped_dims >> l->rank) != 0)
        return false;
    NestedLayout r;
    int32_t n = 0;
    for (int32_t d = 0; d < l->rank; d++)
        n += !(dropped_dims >> d & 1);
    layout_init(&r, n);
    n = 0;
    for (int32_t d = 0; d < l->rank; d++)
        if (!(dropped_dims >> d & 1))
            copy_dim(&r, n++, l, d);
    *out = r;
    return true;
}

/*
 * vector.broadcast to nlead new leading dims of the given sizes.  The new
 * dims live in every thread's registers: batch_tile = size, everything else
 * 1, strides 0.  (The backward rule, source = project(result, leading dims),
 * is layout_project.)
 */
bool
layout_broadcast(const NestedLayout *l, int32_t nlead, const int64_t *lead_sizes, NestedLayout *out)
{
    if (nlead < 0 || l->rank + nlead > LAYOUT_MAX_RANK)
        return false;
    NestedLayout r;
    layout_init(&r, l->rank + nlead);
    for (int32_t d = 0; d < nlead; d++) {
        if (lead_sizes[d] < 1)
            return false;
        r.batch_tile[d] = lead_sizes[d];
    }
    for (int32_t d = 0; d < l->rank; d++)
        copy_dim(&r, nlead + d, l, d);
    *out = r;
    return true;
}

/*
 * An operand's layout from an iteration-space layout and the operand's
 * projected-permutation indexing map: result dim j is iteration dim dims[j],
 * or, where dims[j] < 0 (a constant result), an undistributed unit dim.
 */
bool
layout_apply_map(const NestedLayout *l, int32_t nresults, const int32_t *dims, NestedLayout *out)
{
    if (nresults < 0 || nresults > LAYOUT_MAX_RANK)
        return false;
    NestedLayout r;
    layout_init(&r, nresults);
    for (int32_t j = 0; j < nresults; j++) {
        if (dims[j] >= l->rank)
            return false;
        if (dims[j] >= 0)
            copy_dim(&r, j, l, dims[j]);
    }
    *out = r;
    return true;
}

/* Does thread (sg, lane) hold, in `from`, every element it holds in `to`, at a fixed slot? */
static bool
thread_slots_match(const NestedLayout *from, const NestedLayout *to, int64_t sg, int64_t lane,
                   int64_t *perm, bool first)
{
    int64_t x[LAYOUT_MAX_RANK], s[LAYOUT_MAX_RANK], t[LAYOUT_MAX_RANK];
    int64_t vs[LAYOUT_MAX_RANK], vt[LAYOUT_MAX_RANK];
    int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
    layout_virtual_ids(from, sg, lane, vs, vt);
    int64_t nslots = layout_num_slots(to);
    for (int64_t k = 0; k < nslots; k++) {
        layout_element_of(to, sg, lane, k, x);
        split_index(from, x, s, b, o, t, e);
        for (int32_t d = 0; d < from->rank; d++)
            if (s[d] != vs[d] || t[d] != vt[d])
                return false;
        int64_t slot = layout_slot_pack(from, b, o, e);
        if (first)
            perm[k] = slot;
        else if (perm[k] != slot)
            return false;
    }
    return true;
}

static int64_t
gcd(int64_t a, int64_t b)
{
    while (b != 0) {
        int64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/*
 * Classify the conversion from -> to (see LayoutConversion).  On
 * LAYOUT_CONV_SAME and LAYOUT_CONV_REGISTERS, perm (if not NULL; it must
 * have room for layout_num_slots(to) entries, perm_cap) receives: to-slot
 * k = from-slot perm[k].  Layouts of different shapes give
 * LAYOUT_CONV_THREADS.  The test is exact: it checks every lane and every
 * subgroup id up to the period of both layouts' subgroup ids.
 */
LayoutConversion
layout_conversion(const NestedLayout *from, const NestedLayout *to, int64_t *perm, int64_t perm_cap)
{
    int64_t sa[LAYOUT_MAX_RANK], sb[LAYOUT_MAX_RANK];
    if (from->rank != to->rank)
        return LAYOUT_CONV_THREADS;
    layout_shape(from, sa);
    layout_shape(to, sb);
    for (int32_t d = 0; d < from->rank; d++)
        if (sa[d] != sb[d])
            return LAYOUT_CONV_THREADS;
    int64_t nslots = layout_num_slots(to);
    if (perm && perm_cap < nslots)
        perm = NULL;
    if (layout_equal(from, to)) {
        for (int64_t k = 0; perm && k < nslots; k++)
            perm[k] = k;
        return LAYOUT_CONV_SAME;
    }
    int64_t *p = perm ? perm : malloc((size_t)nslots * sizeof *p);
    if (p == NULL)
        return LAYOUT_CONV_THREADS; /* out of memory: the conservative answer */
    int64_t na = layout_subgroup_count(from), nb = layout_subgroup_count(to);
    int64_t nsub = na / gcd(na, nb) * nb;
    bool ok = true;
    for (int64_t sg = 0; sg < nsub && ok; sg++)
        for (int64_t lane = 0; lane < LAYOUT_WARP_SIZE && ok; lane++)
            ok = thread_slots_match(from, to, sg, lane, p, sg == 0 && lane == 0);
    if (p != perm)
        free(p);
    return ok ? LAYOUT_CONV_REGISTERS : LAYOUT_CONV_THREADS;
}

const char *
layout_conversion_name(LayoutConversion c)
{
    switch (c) {
    case LAYOUT_CONV_SAME:
        return "same";
    case LAYOUT_CONV_REGISTERS:
        return "registers";
    case LAYOUT_CONV_THREADS:
        return "threads";
    }
    return "?";
}
