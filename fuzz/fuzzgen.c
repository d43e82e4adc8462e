/*
 * fuzzgen.c -- random kernel descriptions for `vptx fuzz-diff`: drawing a
 * FuzzKernel from (seed, index), random legal nested layouts, the mma kinds,
 * and the smaller variants the minimiser tries.  fuzzemit.c prints them.
 *
 * Generation is deterministic per (seed, index): a splitmix64 stream, no
 * hash tables, no addresses, no time.
 */
#include "fuzz/fuzz.h"

#include <string.h>

/* ---------------------------------------------------------------- random */

typedef struct Rng {
    uint64_t s;
} Rng;

static uint64_t
rng_next(Rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n). */
static uint32_t
rng_below(Rng *r, uint32_t n)
{
    return n ? (uint32_t)(rng_next(r) % n) : 0;
}

/* Uniform in [lo, hi]. */
static int
rng_range(Rng *r, int lo, int hi)
{
    return lo + (int)rng_below(r, (uint32_t)(hi - lo + 1));
}

static bool
rng_chance(Rng *r, uint32_t percent)
{
    return rng_below(r, 100) < percent;
}

/* ---------------------------------------------------------------- mma kinds */

/* mma.sync kinds the generator uses: A and B element type, C element type. */
static const FuzzMmaRow mma_table[] = {
    { "NV_MMA_SYNC_F32_16x8x16_F16", 16, 8, 16, "f16", FUZZ_F32 },
    { "NV_MMA_SYNC_F16_16x8x16_F16", 16, 8, 16, "f16", FUZZ_F16 },
    { "NV_MMA_SYNC_F32_16x8x16_BF16", 16, 8, 16, "bf16", FUZZ_F32 },
    { "NV_MMA_SYNC_F32_16x8x8_F16", 16, 8, 8, "f16", FUZZ_F32 },
    { "NV_MMA_SYNC_I32_16x8x32_I8", 16, 8, 32, "i8", FUZZ_I32 },
};
#define NMMA (sizeof mma_table / sizeof mma_table[0])

const FuzzMmaRow *
fuzz_mma_row(uint32_t kind)
{
    return &mma_table[kind % NMMA];
}

/* ---------------------------------------------------------------- layouts */

static int
log2i(int64_t x)
{
    int l = 0;
    while ((1ll << l) < x)
        l++;
    return l;
}

/* Assigns strides to the dims whose tile is > 1 on one level, in a random
 * order, with an occasional gap (replication) while the ids fit in `bits`. */
static void
random_strides(Rng *r, int rank, const int64_t *tile, int64_t *stride, int bits)
{
    int order[LAYOUT_MAX_RANK], n = 0, used = 0;
    for (int d = 0; d < rank; d++) {
        stride[d] = 0;
        used += log2i(tile[d]);
        if (tile[d] > 1)
            order[n++] = d;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint32_t)i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    int64_t next = 1;
    for (int i = 0; i < n; i++) {
        if (used < bits && rng_chance(r, 15)) {
            next *= 2;
            used++;
        }
        stride[order[i]] = next;
        next *= tile[order[i]];
    }
}

/* A random legal layout of `shape` (powers of two) for `warps` subgroups. */
static void
random_layout(Rng *r, int rank, const int64_t *shape, uint32_t warps, NestedLayout *l)
{
    int rem[LAYOUT_MAX_RANK], order[LAYOUT_MAX_RANK];
    int64_t s[LAYOUT_MAX_RANK] = { 0 }, b[LAYOUT_MAX_RANK] = { 0 }, o[LAYOUT_MAX_RANK] = { 0 },
            t[LAYOUT_MAX_RANK] = { 0 }, e[LAYOUT_MAX_RANK] = { 0 }, ss[LAYOUT_MAX_RANK] = { 0 },
            ts[LAYOUT_MAX_RANK] = { 0 };
    int64_t three[LAYOUT_MAX_RANK]; /* a factor 3 goes to the batch or outer tile */
    for (int d = 0; d < rank; d++) {
        three[d] = shape[d] % 3 == 0 ? 3 : 1;
        rem[d] = log2i(shape[d] / three[d]);
        order[d] = rank - 1 - d; /* innermost dim first, usually */
    }
    if (rank > 1 && rng_chance(r, 30))
        for (int d = 0; d < rank; d++)
            order[d] = d;
    int tbudget = 5, sbudget = log2i(warps);
    for (int i = 0; i < rank; i++) {
        int d = order[i];
        int ebits = rng_chance(r, 50) ? rng_range(r, 0, rem[d] < 3 ? rem[d] : 3) : 0;
        e[d] = 1ll << ebits;
        rem[d] -= ebits;
        int most = rem[d] < tbudget ? rem[d] : tbudget;
        int tb = rng_chance(r, 60) ? most : rng_range(r, 0, most);
        t[d] = 1ll << tb;
        rem[d] -= tb;
        tbudget -= tb;
    }
    for (int i = 0; i < rank; i++) {
        int d = order[rank - 1 - i];
        int most = rem[d] < sbudget ? rem[d] : sbudget;
        int sb = rng_chance(r, 50) ? most : rng_range(r, 0, most);
        s[d] = 1ll << sb;
        rem[d] -= sb;
        sbudget -= sb;
        int ob = rng_range(r, 0, rem[d]);
        o[d] = 1ll << ob;
        b[d] = 1ll << (rem[d] - ob);
        if (rng_chance(r, 50))
            b[d] *= three[d];
        else
            o[d] *= three[d];
    }
    random_strides(r, rank, t, ts, 5);
    random_strides(r, rank, s, ss, log2i(warps));
    layout_init(l, rank);
    for (int d = 0; d < rank; d++)
        layout_set_dim(l, d, s[d], b[d], o[d], t[d], e[d], ss[d], ts[d]);
    layout_normalize(l);
    char why[LAYOUT_REASON_SIZE];
    if (!layout_check(l, why, sizeof why)) { /* not expected: fall back to one thread */
        layout_init(l, rank);
        for (int d = 0; d < rank; d++)
            layout_set_dim(l, d, 1, shape[d], 1, 1, 1, 0, 0);
    }
}

void
fuzz_random_layout(uint64_t seed, int rank, const int64_t *shape, uint32_t warps, NestedLayout *l)
{
    Rng r = { seed };
    random_layout(&r, rank, shape, warps, l);
}

/* ---------------------------------------------------------------- generation */

/* Subgroups the layout pass gives M by default (assign_anchor.c): the most,
 * a power of two, with M % (sm * 16) == 0. */
static uint32_t
mma_subgroups_m(const FuzzMma *mm, uint32_t warps)
{
    uint32_t sm = warps;
    while (sm > 1 && (mm->mt % sm) != 0)
        sm /= 2;
    return sm;
}

static bool
mma_legal(const FuzzMma *mm, uint32_t warps)
{
    uint32_t sn = warps / mma_subgroups_m(mm, warps);
    return mm->mt >= 1 && mm->nt >= 1 && mm->kt >= 1 && mm->nt % sn == 0;
}

static FuzzStepKind
random_step_kind(Rng *r, int rank)
{
    static const FuzzStepKind weights[] = {
        FUZZ_BIN_INPUT, FUZZ_BIN_INPUT, FUZZ_BIN_CONST,  FUZZ_BIN_CONST, FUZZ_UNARY, FUZZ_REDUCE,
        FUZZ_REDUCE,    FUZZ_TRANSPOSE, FUZZ_RELAYOUT,   FUZZ_RELAYOUT,  FUZZ_LOOP,  FUZZ_SELECT,
        FUZZ_BCAST,     FUZZ_CAST,      FUZZ_SHAPE_CAST, FUZZ_EXTRACT,   FUZZ_IF,    FUZZ_CONTRACT,
        FUZZ_STEP,      FUZZ_CONST,     FUZZ_JOIN,       FUZZ_JOIN,
    };
    for (;;) {
        FuzzStepKind k = weights[rng_below(r, sizeof weights / sizeof weights[0])];
        if (k == FUZZ_TRANSPOSE && rank < 2)
            continue;
        return k;
    }
}

static void
random_step(Rng *r, int rank, FuzzStep *s)
{
    memset(s, 0, sizeof *s);
    s->kind = random_step_kind(r, rank);
    s->op = (uint32_t)rng_next(r) & 0xffff; /* reduced modulo the table size when printed */
    s->red = (uint32_t)rng_next(r) & 0xffff;
    s->dim = rng_below(r, (uint32_t)rank);
    s->trips = (uint32_t)rng_range(r, 1, 4);
    s->cidx = rng_below(r, FUZZ_NCONSTS);
    s->swap = rng_chance(r, 30);
    s->lseed = rng_next(r);
    s->anchor = rng_chance(r, 25);
    s->place = (uint32_t)rng_next(r);
    if (s->kind == FUZZ_REDUCE && rank == 2)
        s->dim = rng_below(r, 3);
}

void
fuzz_generate(uint64_t seed, uint64_t index, FuzzKernel *k)
{
    Rng r = { seed * 0x2545f4914f6cdd1dull + index * 0x9e3779b97f4a7c15ull + 1 };
    rng_next(&r);
    memset(k, 0, sizeof *k);
    k->warps = 1u << rng_below(&r, 3);
    if (rng_chance(&r, 25)) { /* threads over y and z too: tid = x + X * (y + Y * z) */
        k->block_y = 1u << rng_below(&r, 3);
        k->block_z = 1u << rng_below(&r, 2);
    }
    if (rng_chance(&r, 20))
        k->grid = (uint32_t)rng_range(&r, 2, 3);
    k->is_mma = rng_chance(&r, 20);
    int rank = 2;
    if (k->is_mma) {
        FuzzMma *mm = &k->mma;
        mm->kind = rng_below(&r, NMMA);
        do {
            mm->mt = 1ll << rng_below(&r, 3);
            mm->nt = 1ll << rng_below(&r, 4);
            mm->kt = 1ll << rng_below(&r, 2);
        } while (!mma_legal(mm, k->warps));
        mm->ktrips = rng_chance(&r, 30) ? (uint32_t)rng_range(&r, 2, 3) : 1;
        mm->b_kn = rng_chance(&r, 25);
        mm->acc_input = rng_chance(&r, 50);
        mm->scale_a = rng_chance(&r, 20);
        mm->acc_place = (uint32_t)rng_next(&r);
        mm->chain = !mm->acc_input && rng_chance(&r, 50);
        k->type = mma_table[mm->kind].c;
    } else {
        static const FuzzType types[] = { FUZZ_F32, FUZZ_F32,  FUZZ_F16, FUZZ_F16, FUZZ_I32,
                                          FUZZ_I32, FUZZ_BF16, FUZZ_I16, FUZZ_I8,  FUZZ_F64 };
        k->type = types[rng_below(&r, sizeof types / sizeof types[0])];
        rank = rng_chance(&r, 75) ? 2 : 1;
        if (rank == 2 && rng_chance(&r, 15))
            rank = 3; /* reduced to rank 2 by the prologue */
        int64_t shape[3];
        int total = rng_range(&r, 4, 9 + log2i(k->warps));
        if (rank == 1) {
            shape[0] = 1ll << total;
        } else if (rank == 2) {
            int a = rng_range(&r, 0, total < 6 ? total : 6);
            shape[0] = 1ll << a;
            shape[1] = 1ll << (total - a);
        } else {
            int a = rng_range(&r, 0, total < 3 ? total : 3);
            int b = rng_range(&r, 0, total - a < 5 ? total - a : 5);
            shape[0] = 1ll << a;
            shape[1] = 1ll << b;
            shape[2] = 1ll << (total - a - b);
            k->r3op = (uint32_t)rng_next(&r);
        }
        if (rng_chance(&r, 15)) /* a dim of 3 * 2^k: non-power-of-two index math */
            shape[rng_below(&r, (uint32_t)rank)] *= 3;
        random_layout(&r, rank, shape, k->warps, &k->layout);
        k->in_place = (uint32_t)rng_next(&r);
    }
    k->out_place = (uint32_t)rng_next(&r);
    k->nsteps = rng_below(&r, FUZZ_MAX_STEPS - 3) + (k->is_mma ? 0 : 1);
    for (uint32_t i = 0; i < k->nsteps; i++)
        random_step(&r, rank == 3 ? 2 : rank, &k->steps[i]);
}

/* ---------------------------------------------------------------- shrinking */

static void
push(FuzzKernel *out, uint32_t *n, uint32_t max, const FuzzKernel *k)
{
    if (*n < max)
        out[(*n)++] = *k;
}

/* Variants of the base layout with one tile halved (shapes stay powers of
 * two, the digit rule still holds, layout_check confirms). */
static void
shrink_layout(const FuzzKernel *k, FuzzKernel *out, uint32_t *n, uint32_t max)
{
    for (int d = 0; d < k->layout.rank; d++) {
        for (int level = 0; level < 5; level++) {
            FuzzKernel v = *k;
            NestedLayout *l = &v.layout;
            int64_t *tiles[5] = { l->batch_tile, l->outer_tile, l->element_tile, l->thread_tile,
                                  l->subgroup_tile };
            if (tiles[level][d] <= 1)
                continue;
            tiles[level][d] /= 2;
            layout_normalize(l);
            char why[LAYOUT_REASON_SIZE];
            if (layout_check(l, why, sizeof why))
                push(out, n, max, &v);
        }
    }
}

uint32_t
fuzz_shrink(const FuzzKernel *k, FuzzKernel *out, uint32_t max)
{
    uint32_t n = 0;
    /* drop one step, last first */
    for (uint32_t i = k->nsteps; i-- > 0;) {
        FuzzKernel v = *k;
        memmove(&v.steps[i], &v.steps[i + 1], (v.nsteps - i - 1) * sizeof v.steps[0]);
        v.nsteps--;
        memset(&v.steps[v.nsteps], 0, sizeof v.steps[0]);
        push(out, &n, max, &v);
    }
    /* fewer warps */
    if (k->warps > 1) {
        FuzzKernel v = *k;
        v.warps /= 2;
        v.block_y = v.block_z = 0;
        bool ok = k->is_mma ? mma_legal(&v.mma, v.warps)
                            : layout_subgroup_count(&v.layout) <= (int64_t)v.warps;
        if (ok)
            push(out, &n, max, &v);
    }
    if (k->is_mma) {
        for (int f = 0; f < 6; f++) {
            FuzzKernel v = *k;
            FuzzMma *mm = &v.mma;
            switch (f) {
            case 0:
                mm->ktrips = mm->ktrips > 1 ? mm->ktrips - 1 : 0;
                break;
            case 1:
                mm->mt /= 2;
                break;
            case 2:
                mm->nt /= 2;
                break;
            case 3:
                mm->kt /= 2;
                break;
            case 4:
                mm->acc_input = mm->scale_a = mm->chain = false;
                break;
            default:
                mm->b_kn = false;
                break;
            }
            if (memcmp(mm, &k->mma, sizeof *mm) != 0 && mma_legal(mm, v.warps) && mm->ktrips >= 1)
                push(out, &n, max, &v);
        }
    } else {
        shrink_layout(k, out, &n, max);
    }
    if (k->block_y > 1 || k->block_z > 1 || k->grid > 1) {
        FuzzKernel v = *k;
        v.block_y = v.block_z = v.grid = 0;
        push(out, &n, max, &v);
    }
    /* plain reads and writes, no extra anchors */
    {
        FuzzKernel v = *k;
        v.in_place = v.out_place = v.mma.acc_place = 0;
        for (uint32_t i = 0; i < v.nsteps; i++) {
            v.steps[i].place = 0;
            v.steps[i].anchor = false;
        }
        if (memcmp(&v, k, sizeof v) != 0)
            push(out, &n, max, &v);
    }
    /* simpler steps: one loop trip */
    for (uint32_t i = 0; i < k->nsteps; i++) {
        if (k->steps[i].kind == FUZZ_LOOP && k->steps[i].trips > 1) {
            FuzzKernel v = *k;
            v.steps[i].trips = 1;
            push(out, &n, max, &v);
        }
    }
    return n;
}
