/*
 * slots.c -- moving per-thread elements between layouts without memory: slot maps
 * (register reorders, no data leaves its thread).  Conversions that need workgroup
 * memory are buffers.c's.
 *
 * A slot map answers: for every slot k of layout `to`, which slot of layout
 * `from` holds -- in the same thread, for every thread -- the element fn(x),
 * x being the element `to` puts at slot k?  When one exists the rewrite is a
 * static register permutation/selection: broadcast, transpose, shape_cast,
 * extract and batch/outer-only conversions all reduce to it.  It is checked
 * by enumerating the workgroup's threads (at most 1024), so it never guesses.
 *
 * Requires:    distribute.c's Ctx; layouts that are valid for the same shape (or
 *              related by the index function the caller gives).
 * Ensures:     slot_map: true with, for every slot of `to`, the slot of `from` that
 *              holds the wanted element in the same thread, checked for every
 *              thread; false when some thread lacks an element (nothing emitted).
 * Invalidates: nothing.
 */
#include "distribute/core/core.h"

#include <stdlib.h>
#include <string.h>

/*
 * A layout puts slot k of (subgroup, lane) at index[d] = thread part + slot
 * part, where the thread part is s*B*O*T*E + t*E (s, t the virtual subgroup
 * and thread ids) and the slot part b*O*T*E + o*T*E + e: the digits never
 * carry, so the slot part is the element of slot k in thread 0.
 */
static void
thread_part(const NestedLayout *l, int64_t subgroup, int64_t lane, int64_t *a)
{
    int64_t s[LAYOUT_MAX_RANK], t[LAYOUT_MAX_RANK];
    layout_virtual_ids(l, subgroup, lane, s, t);
    for (int32_t d = 0; d < l->rank; d++)
        a[d] = (s[d] * l->batch_tile[d] * l->outer_tile[d] * l->thread_tile[d] + t[d]) *
               l->element_tile[d];
}

bool
slot_map(Ctx *c, const NestedLayout *to, const NestedLayout *from, IndexFn *fn, const void *arg,
         int64_t *perm)
{
    int64_t n = layout_num_slots(to);
    int32_t rt = to->rank, rf = from->rank;
    int64_t x[LAYOUT_MAX_RANK], y[LAYOUT_MAX_RANK], at[LAYOUT_MAX_RANK], af[LAYOUT_MAX_RANK];
    int64_t pt[LAYOUT_MAX_RANK], pf[LAYOUT_MAX_RANK];
    for (int64_t k = 0; k < n; k++) {
        layout_element_of(to, 0, 0, k, x);
        if (fn)
            fn(x, y, arg);
        else
            memcpy(y, x, sizeof y);
        perm[k] = layout_slot_of(from, y);
        if (perm[k] < 0)
            return false;
    }
    /* the slot parts of every k of `to` and of its source slot in `from`, once */
    int64_t *kt = ir_malloc(((size_t)n * (size_t)(rt + rf) + 1) * sizeof *kt), *kf = kt + n * rt;
    if (!kt)
        return false;
    for (int64_t k = 0; k < n; k++) {
        layout_element_of(to, 0, 0, k, kt + k * rt);
        layout_element_of(from, 0, 0, perm[k], kf + k * rf);
    }
    bool ok = true;
    for (int64_t tid = 0; ok && tid < c->nthreads; tid++) {
        int64_t sg = tid / 32, lane = tid % 32;
        thread_part(to, sg, lane, at);
        thread_part(from, sg, lane, af);
        if (tid) { /* the same parts as the thread before check the same elements */
            bool same = true;
            for (int32_t d = 0; d < rt; d++)
                same = same && at[d] == pt[d];
            for (int32_t d = 0; d < rf; d++)
                same = same && af[d] == pf[d];
            if (same)
                continue;
        }
        memcpy(pt, at, sizeof pt);
        memcpy(pf, af, sizeof pf);
        for (int64_t k = 0; ok && k < n; k++) {
            for (int32_t d = 0; d < rt; d++)
                x[d] = at[d] + kt[k * rt + d];
            if (fn)
                fn(x, y, arg);
            else
                memcpy(y, x, sizeof y);
            for (int32_t d = 0; d < rf; d++)
                ok = ok && af[d] + kf[k * rf + d] == y[d];
        }
    }
    ir_free(kt);
    return ok;
}

/* A value in layout `to` whose slot k is src's slot perm[k]. */
Dist *
permute_dist(Ctx *c, Dist *src, const NestedLayout *to, const int64_t *perm)
{
    Dist *d = dist_new(c, to, src->elem);
    bool identity = d->n == src->n;
    for (uint32_t k = 0; identity && k < d->n; k++)
        identity = perm[k] == (int64_t)k;
    if (identity) {
        d->vec = src->vec;
        memcpy(d->elems, src->elems, d->n * sizeof *d->elems);
        if (c->depth) { /* forms that belong to the current scope are forgotten with it */
            d->vec = 0;
            memset(d->elems, 0, d->n * sizeof *d->elems);
            if (src->vec)
                dist_set_vec(c, d, src->vec);
            for (uint32_t k = 0; k < d->n; k++)
                if (src->elems[k])
                    dist_set_elem(c, d, k, src->elems[k]);
        }
        if (d->vec || d->n == 0)
            return d;
        for (uint32_t k = 0; k < d->n; k++)
            if (!d->elems[k])
                dist_set_elem(c, d, k, dist_elem(c, src, k));
        return d;
    }
    for (uint32_t k = 0; k < d->n; k++)
        dist_set_elem(c, d, k, dist_elem(c, src, (uint32_t)perm[k]));
    return d;
}
