/*
 * attr.c -- IR attributes <-> the plain layout structs of layout.h.
 *
 *   #iree_vector_ext.nested_layout<...>   (ATTR_NESTED_LAYOUT)  <-> NestedLayout
 *   #iree_gpu.lowering_config<{...}>      (ATTR_LOWERING_CONFIG) -> LayoutConfig
 *   #iree_gpu.mma_layout<NV_...>          (ATTR_ENUM)            -> MmaIntrinsic
 *
 * The rest of layout/ is pure arithmetic and does not know the IR; the
 * assignment pass (assign*.c) reads and writes attributes through these.
 */
#include "layout/layout.h"

#include "ir/ir.h"

#include <string.h>

bool
layout_of_attr(const Attr *a, NestedLayout *out)
{
    if (!a || a->kind != ATTR_NESTED_LAYOUT || !a->nested || a->nested->rank > LAYOUT_MAX_RANK)
        return false;
    const NestedLayoutAttr *n = a->nested;
    layout_init(out, (int32_t)n->rank);
    for (uint32_t d = 0; d < n->rank; d++)
        layout_set_dim(out, (int32_t)d, n->subgroup_tile[d], n->batch_tile[d], n->outer_tile[d],
                       n->thread_tile[d], n->element_tile[d], n->subgroup_strides[d],
                       n->thread_strides[d]);
    return true;
}

static const int64_t *
copy_ints(Module *m, const int64_t *v, int32_t n)
{
    return n ? arena_copy(&m->arena, v, (size_t)n * sizeof *v) : NULL;
}

const Attr *
layout_attr_new(Module *m, const NestedLayout *l)
{
    NestedLayoutAttr *n = arena_alloc(&m->arena, sizeof *n);
    n->rank = (uint32_t)l->rank;
    n->subgroup_tile = copy_ints(m, l->subgroup_tile, l->rank);
    n->batch_tile = copy_ints(m, l->batch_tile, l->rank);
    n->outer_tile = copy_ints(m, l->outer_tile, l->rank);
    n->thread_tile = copy_ints(m, l->thread_tile, l->rank);
    n->element_tile = copy_ints(m, l->element_tile, l->rank);
    n->subgroup_strides = copy_ints(m, l->subgroup_strides, l->rank);
    n->thread_strides = copy_ints(m, l->thread_strides, l->rank);
    Attr *a = arena_alloc(&m->arena, sizeof *a);
    a->kind = ATTR_NESTED_LAYOUT;
    a->nested = n;
    return a;
}

/* [i, j, ...] or array<i64: ...> into out[0..n); the entry count, or -1 */
int
layout_attr_ints(const struct Attr *a, int64_t *out, int cap)
{
    if (a->kind == ATTR_DENSE_ARRAY && (a->n == 0 || a->ints) && (int)a->n <= cap) {
        for (uint32_t i = 0; i < a->n; i++)
            out[i] = a->ints[i];
        return (int)a->n;
    }
    if (a->kind != ATTR_ARRAY || (int)a->n > cap)
        return -1;
    for (uint32_t i = 0; i < a->n; i++) {
        if (!a->items[i] || a->items[i]->kind != ATTR_INT)
            return -1;
        out[i] = a->items[i]->i;
    }
    return (int)a->n;
}

/* A tile-size list of exactly rank entries (a missing key leaves zeros). */
static bool
sizes(const Attr *dict, const char *key, int32_t rank, int64_t *out, char *reason, size_t cap)
{
    const Attr *a = dict_get(dict, key);
    if (!a)
        return true;
    if (layout_attr_ints(a, out, LAYOUT_MAX_RANK) != rank)
        return layout_fail(reason, cap, "'%s' must list %d integers, one per iteration dim", key,
                           (int)rank);
    return true;
}

/* [[counts], [mapping]] */
static bool
basis(const Attr *dict, const char *key, LayoutBasis *b, char *reason, size_t cap)
{
    const Attr *a = dict_get(dict, key);
    memset(b, 0, sizeof *b);
    if (!a)
        return true;
    int64_t counts[LAYOUT_MAX_RANK], mapping[LAYOUT_MAX_RANK];
    int nc = -1, nm = -2;
    if (a->kind == ATTR_ARRAY && a->n == 2 && a->items[0] && a->items[1]) {
        nc = layout_attr_ints(a->items[0], counts, LAYOUT_MAX_RANK);
        nm = layout_attr_ints(a->items[1], mapping, LAYOUT_MAX_RANK);
    }
    if (nc < 0 || nc != nm)
        return layout_fail(reason, cap, "'%s' must be [[counts...], [mapping...]] of equal lengths",
                           key);
    b->n = nc;
    for (int j = 0; j < nc; j++) {
        b->counts[j] = counts[j];
        b->mapping[j] = (int32_t)mapping[j];
    }
    return true;
}

bool
layout_config_from_attr(const Attr *a, int32_t rank, const int64_t *bounds, LayoutConfig *out,
                        char *reason, size_t cap)
{
    if (!a || (a->kind != ATTR_LOWERING_CONFIG && a->kind != ATTR_DICT))
        return layout_fail(reason, cap, "expected a lowering config");
    if (rank < 1 || rank > LAYOUT_MAX_RANK)
        return layout_fail(reason, cap, "iteration space of rank %d", (int)rank);
    memset(out, 0, sizeof *out);
    out->rank = rank;
    for (int32_t d = 0; d < rank; d++)
        out->bounds[d] = bounds[d];
    int64_t partial[LAYOUT_MAX_RANK] = { 0 };
    if (!sizes(a, "workgroup", rank, out->workgroup, reason, cap) ||
        !sizes(a, "thread", rank, out->thread, reason, cap) ||
        !sizes(a, "partial_reduction", rank, partial, reason, cap) ||
        !basis(a, "lane_basis", &out->lane_basis, reason, cap) ||
        !basis(a, "subgroup_basis", &out->subgroup_basis, reason, cap))
        return false;
    for (int32_t d = 0; d < rank; d++)
        out->is_reduction[d] = partial[d] > 0;
    /* At the vector level a value is one step's tile: the workgroup and
     * partial_reduction tiling already happened, so the tile is the bound. */
    memset(out->workgroup, 0, sizeof out->workgroup);
    return true;
}

bool
layout_mma_from_attr(const Attr *a, MmaIntrinsic *out)
{
    if (!a)
        return false;
    if (a->kind == ATTR_LOWERING_CONFIG || a->kind == ATTR_DICT)
        return layout_mma_from_attr(dict_get(a, "mma_kind"), out);
    if ((a->kind == ATTR_ENUM || a->kind == ATTR_OPAQUE || a->kind == ATTR_STRING) && a->str)
        return layout_mma_lookup(a->str, out);
    return false;
}

bool
layout_wgmma_reg_a(const Attr *a)
{
    return a && a->kind == ATTR_STRING && a->str && strcmp(a->str, "registers") == 0;
}
