/*
 * reshape.c -- the layout of a reshaped vector (vector.shape_cast), when
 * one exists.
 *
 * A row-major reshape keeps the linear index of every element.  Write the
 * linear index of the source as one mixed-radix number whose digits are the
 * level digits of every dim, outermost dim first, each dim's digits in the
 * order subgroup, batch, outer, thread, element (unit tiles drop out):
 *
 *   vector<64x64>, S[1,1] B[4,4] T[16,4] E[1,4] ts[4,1]:
 *
 *     dim 0          dim 1
 *     B4  T16(ts 4)  B4  T4(ts 1)  E4          <- the digit sequence
 *
 *   reshaped to 16x4x16x4, target dims take digits from the right:
 *
 *     B4  T4(16) | T4(4) | B4  T4(1) | E4       T16 split into T4(ts 16) T4(ts 4)
 *      dim 0       dim 1    dim 2      dim 3
 *
 * A target dim consumes whole digits or splits one (the low part keeps the
 * stride, the high part gets stride * low radix).  The reshape is exact --
 * the result describes the same (subgroup, lane, slot) -> element map and
 * the same per-thread slot order -- iff
 *   1. every target size is a product of whole digits and at most one split
 *      digit at its outer end, and
 *   2. within a target dim the digits read, outer to inner, in level order
 *      S* B* O* T* E*; two digits of one level merge, and for subgroup and
 *      thread digits only when they are contiguous in the id
 *      (outer stride == inner stride * inner radix).
 * Otherwise layout_reshape fails with the reason.  Slot order is preserved
 * because digits never change their relative order: the per-thread vector
 * is the row-major concatenation of all batch digits, then outer, then
 * element digits, in sequence order, before and after.
 */
#include "layout/layout.h"

#include <string.h>

enum { LEVEL_S, LEVEL_B, LEVEL_O, LEVEL_T, LEVEL_E, NLEVELS };

static const char *const level_names[NLEVELS] = {
    [LEVEL_S] = "subgroup", [LEVEL_B] = "batch",   [LEVEL_O] = "outer",
    [LEVEL_T] = "thread",   [LEVEL_E] = "element",
};

typedef struct {
    int level;
    int64_t radix, stride; /* stride only for LEVEL_S and LEVEL_T */
} Digit;

#define MAX_DIGITS (LAYOUT_MAX_RANK * NLEVELS)

static int
source_digits(const NestedLayout *l, Digit *digits)
{
    int n = 0;
    for (int32_t d = 0; d < l->rank; d++) {
        const Digit dim[NLEVELS] = {
            { LEVEL_S, l->subgroup_tile[d], l->subgroup_strides[d] },
            { LEVEL_B, l->batch_tile[d], 0 },
            { LEVEL_O, l->outer_tile[d], 0 },
            { LEVEL_T, l->thread_tile[d], l->thread_strides[d] },
            { LEVEL_E, l->element_tile[d], 0 },
        };
        for (int level = 0; level < NLEVELS; level++)
            if (dim[level].radix > 1)
                digits[n++] = dim[level];
    }
    return n;
}

/* Put one consumed digit (inner-most first) into target dim j of r. */
static bool
place_digit(NestedLayout *r, int32_t j, const Digit *g, int *last_level, char *reason, size_t cap)
{
    int64_t *tiles[NLEVELS] = { r->subgroup_tile, r->batch_tile, r->outer_tile, r->thread_tile,
                                r->element_tile };
    int64_t *strides[NLEVELS] = { r->subgroup_strides, NULL, NULL, r->thread_strides, NULL };
    if (g->level > *last_level)
        return layout_fail(reason, cap, "result dim %d would put %s digits outside %s digits",
                           (int)j, level_names[g->level], level_names[*last_level]);
    int64_t *tile = &tiles[g->level][j];
    if (g->level == *last_level && strides[g->level] != NULL) {
        int64_t *stride = &strides[g->level][j];
        if (g->stride != *stride * *tile)
            return layout_fail(
                reason, cap,
                "result dim %d would merge %s ids that are not contiguous (stride %lld "
                "after %lld x %lld)",
                (int)j, level_names[g->level], (long long)g->stride, (long long)*stride,
                (long long)*tile);
    } else if (strides[g->level] != NULL) {
        strides[g->level][j] = g->stride;
    }
    *tile *= g->radix;
    *last_level = g->level;
    return true;
}

/* Fill target dim j (size m) from the top of the digit stack. */
static bool
take_dim(NestedLayout *r, int32_t j, int64_t m, Digit *digits, int *ndigits, char *reason,
         size_t cap)
{
    int last = NLEVELS - 1;
    while (m > 1) {
        if (*ndigits == 0)
            return layout_fail(reason, cap, "result dim %d: no digits left", (int)j);
        Digit *top = &digits[*ndigits - 1];
        Digit part = *top;
        if (m % top->radix == 0) {
            (*ndigits)--;
        } else if (top->radix % m == 0) {
            part.radix = m;
            top->radix /= m;
            top->stride *= m;
        } else {
            return layout_fail(
                reason, cap, "result dim %d (size %lld) does not split the %s tile of size %lld",
                (int)j, (long long)m, level_names[top->level], (long long)top->radix);
        }
        m /= part.radix;
        if (!place_digit(r, j, &part, &last, reason, cap))
            return false;
    }
    return true;
}

bool
layout_reshape(const NestedLayout *l, int32_t rank, const int64_t *shape, NestedLayout *out,
               char *reason, size_t cap)
{
    if (rank < 0 || rank > LAYOUT_MAX_RANK)
        return layout_fail(reason, cap, "rank %d is outside 0..%d", (int)rank, LAYOUT_MAX_RANK);
    if (!layout_check(l, reason, cap))
        return false;
    int64_t total = 1;
    for (int32_t j = 0; j < rank; j++) {
        if (shape[j] < 1)
            return layout_fail(reason, cap, "result dim %d has size %lld", (int)j,
                               (long long)shape[j]);
        total *= shape[j];
    }
    if (total != layout_num_elements(l))
        return layout_fail(reason, cap, "%lld elements cannot be reshaped to %lld",
                           (long long)layout_num_elements(l), (long long)total);
    Digit digits[MAX_DIGITS];
    int ndigits = source_digits(l, digits);
    NestedLayout r;
    layout_init(&r, rank);
    for (int32_t j = rank - 1; j >= 0; j--)
        if (!take_dim(&r, j, shape[j], digits, &ndigits, reason, cap))
            return false;
    layout_normalize(&r);
    *out = r;
    return true;
}
