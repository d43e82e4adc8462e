/*
 * config.c -- reduction lowering config (seed 000) -> nested layout.
 *
 * The config is given as plain integers (LayoutConfig), not as IR
 * attributes, so this file does not depend on ir/; layout_assign reads the
 * attribute and calls layout_from_config.
 *
 * A basis [[counts], [mapping]] places an id by delinearize-then-map.  For
 * lane_basis = [[16, 4], [1, 0]] and lane 42 (seed 000's walk-through):
 *
 *     delinearize(42, [16, 4]):  c0 = 42 / 64 = 0 (overflow, ignored)
 *                                c1 = (42 % 64) / 4 = 10
 *                                c2 = 42 % 4 = 2
 *     map [1, 0]:                dim[1] = c1 = 10, dim[0] = c2 = 2   -> [2, 10]
 *
 * So basis coordinate j (counts[j], row-major stride prod(counts[j+1..]))
 * drives iteration dim mapping[j].  As a nested-layout digit that is
 * tile = counts[j], stride = prod(counts[j+1..]) on dim mapping[j]:
 *
 *     lane id:   5 4 3 2 | 1 0
 *               +--------+----+
 *               | dim 1  |dim0|   thread_tile = [4, 16], thread_strides = [1, 4]
 *               +--------+----+
 *
 * The ids past prod(counts) wrap (c0 is ignored), so a lane basis that
 * covers fewer than 32 lanes replicates: lanes 16..31 of a 16-lane basis
 * hold what lanes 0..15 hold.
 *
 * The iteration-space layout (IREE's CTL 116-157 does the same, §5.4 of
 * iree-notes.md): on the tile one step of the workgroup covers,
 *     S = subgroup_basis tiles, T = lane_basis tiles, E = thread (0 -> 1),
 *     B = ceil(tile / (S*T*E)), O = 1.
 * Each operand's layout is layout_apply_map(iteration layout, its indexing
 * map); a reduction's result drops the reduced dims (layout_project).
 */
#include "layout/layout.h"

#include <string.h>

static bool
check_basis(const LayoutBasis *b, int32_t rank, const char *name, char *reason, size_t cap)
{
    uint32_t seen = 0;
    if (b->n < 0 || b->n > LAYOUT_MAX_RANK)
        return layout_fail(reason, cap, "%s has %d entries", name, (int)b->n);
    for (int32_t j = 0; j < b->n; j++) {
        if (b->counts[j] < 1)
            return layout_fail(reason, cap, "%s count %d is %lld; counts are at least 1", name,
                               (int)j, (long long)b->counts[j]);
        int32_t m = b->mapping[j];
        if (m < 0 || m >= rank)
            return layout_fail(reason, cap, "%s mapping %d names dim %d of a rank-%d space", name,
                               (int)j, (int)m, (int)rank);
        if (seen >> m & 1)
            return layout_fail(reason, cap, "%s maps two coordinates to dim %d", name, (int)m);
        seen |= 1u << m;
    }
    return true;
}

static int64_t
basis_product(const LayoutBasis *b)
{
    int64_t p = 1;
    for (int32_t j = 0; j < b->n; j++)
        p *= b->counts[j];
    return p;
}

/*
 * Delinearize id by b->counts and scatter the coordinates to coords[0..rank)
 * by b->mapping (unmapped dims get 0).  Returns the overflow coordinate c0,
 * or -1 if the basis is malformed.
 */
int64_t
layout_basis_delinearize(const LayoutBasis *b, int64_t id, int32_t rank, int64_t *coords)
{
    if (id < 0 || !check_basis(b, rank, "basis", NULL, 0))
        return -1;
    for (int32_t d = 0; d < rank; d++)
        coords[d] = 0;
    for (int32_t j = b->n - 1; j >= 0; j--) {
        coords[b->mapping[j]] = id % b->counts[j];
        id /= b->counts[j];
    }
    return id;
}

/* Per iteration dim: tile = counts[j], stride = prod(counts[j+1..]) where mapping[j] = dim. */
bool
layout_basis_to_tiles(const LayoutBasis *b, int32_t rank, int64_t *tiles, int64_t *strides,
                      char *reason, size_t cap)
{
    if (!check_basis(b, rank, "basis", reason, cap))
        return false;
    for (int32_t d = 0; d < rank; d++) {
        tiles[d] = 1;
        strides[d] = 0;
    }
    int64_t stride = 1;
    for (int32_t j = b->n - 1; j >= 0; j--) {
        tiles[b->mapping[j]] = b->counts[j];
        strides[b->mapping[j]] = b->counts[j] > 1 ? stride : 0;
        stride *= b->counts[j];
    }
    return true;
}

/* The extent one step covers on dim d, and the serial steps over the dim. */
static bool
dim_tile(const LayoutConfig *c, int32_t d, int64_t *tile, int64_t *iterations, char *reason,
         size_t cap)
{
    int64_t wg = c->workgroup[d], pr = c->partial_reduction[d], bound = c->bounds[d];
    if (wg < 0 || pr < 0 || c->thread[d] < 0 || bound < 0)
        return layout_fail(reason, cap, "dim %d has a negative tile size or bound", (int)d);
    if (wg > 0 && pr > 0)
        return layout_fail(reason, cap, "dim %d has both a workgroup and a partial_reduction tile",
                           (int)d);
    *iterations = 1;
    if (wg > 0) {
        *tile = wg;
    } else if (pr > 0) {
        *tile = pr;
        *iterations = bound > 0 ? (bound + pr - 1) / pr : 0;
    } else if (bound > 0) {
        *tile = bound;
    } else {
        return layout_fail(
            reason, cap, "dim %d has no workgroup or partial_reduction tile and no bound", (int)d);
    }
    return true;
}

/*
 * The iteration-space layout of a reduction config.  Succeeds when the
 * config is consistent; the lanes are checked against c->subgroup_size (32
 * by default), so with a larger subgroup size (seed 000's examples use 64)
 * the caller's layout_check still rejects lanes >= 32.
 */
bool
layout_from_config(const LayoutConfig *c, LayoutConfigResult *out, char *reason, size_t cap)
{
    int64_t st[LAYOUT_MAX_RANK], ss[LAYOUT_MAX_RANK], tt[LAYOUT_MAX_RANK], ts[LAYOUT_MAX_RANK];
    if (c->rank < 1 || c->rank > LAYOUT_MAX_RANK)
        return layout_fail(reason, cap, "rank %d is outside 1..%d", (int)c->rank, LAYOUT_MAX_RANK);
    if (!check_basis(&c->lane_basis, c->rank, "lane_basis", reason, cap) ||
        !check_basis(&c->subgroup_basis, c->rank, "subgroup_basis", reason, cap))
        return false;
    int64_t subgroup_size = c->subgroup_size > 0 ? c->subgroup_size : LAYOUT_WARP_SIZE;
    if (basis_product(&c->lane_basis) > subgroup_size)
        return layout_fail(reason, cap, "lane_basis covers %lld lanes; a subgroup has %lld",
                           (long long)basis_product(&c->lane_basis), (long long)subgroup_size);
    if (!layout_basis_to_tiles(&c->subgroup_basis, c->rank, st, ss, reason, cap) ||
        !layout_basis_to_tiles(&c->lane_basis, c->rank, tt, ts, reason, cap))
        return false;
    LayoutConfigResult r;
    memset(&r, 0, sizeof r);
    layout_init(&r.layout, c->rank);
    for (int32_t d = 0; d < c->rank; d++) {
        if (!dim_tile(c, d, &r.tile[d], &r.iterations[d], reason, cap))
            return false;
        int64_t e = c->thread[d] > 0 ? c->thread[d] : 1;
        int64_t per = st[d] * tt[d] * e;
        int64_t b = (r.tile[d] + per - 1) / per;
        layout_set_dim(&r.layout, d, st[d], b, 1, tt[d], e, ss[d], ts[d]);
        r.padded |= b * per != r.tile[d];
    }
    *out = r;
    return true;
}
