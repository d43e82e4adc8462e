/*
 * test_layout_nested.c -- the NestedLayout algebra (layout/nested.c,
 * layout/reshape.c): validity and its reasons, shapes, the element map and
 * its inverse, seed 002's examples, permute / project / broadcast /
 * apply_map / reshape, equality and the conversion predicate.
 *
 * Most checks are semantic: an operation is right when every (subgroup,
 * lane, slot) of the result holds the element the definition says.
 */
#include "layout/layout.h"

#include <stdio.h>
#include <string.h>

static int nchecks, nfailed;

static void
check_at(bool ok, int line, const char *what)
{
    nchecks++;
    if (!ok) {
        nfailed++;
        printf("test_layout_nested.c:%d: check failed: %s\n", line, what);
    }
}
#define CHECK(c) check_at((c), __LINE__, #c)

/* A layout from per-dim rows {S, B, O, T, E, ss, ts}. */
static NestedLayout
make(int32_t rank, const int64_t dims[][7])
{
    NestedLayout l;
    layout_init(&l, rank);
    for (int32_t d = 0; d < rank; d++)
        layout_set_dim(&l, d, dims[d][0], dims[d][1], dims[d][2], dims[d][3], dims[d][4],
                       dims[d][5], dims[d][6]);
    return l;
}

static bool
same_index(const int64_t *a, const int64_t *b, int32_t n)
{
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

/* Is (sg, lane) among the holders of index? */
static bool
holds(const NestedLayout *l, const int64_t *index, int64_t sg, int64_t lane)
{
    LayoutHolder h[1024];
    int64_t n = layout_holders(l, index, h, 1024);
    for (int64_t i = 0; i < n && i < 1024; i++)
        if (h[i].subgroup == sg && h[i].lane == lane)
            return true;
    return false;
}

static bool
reason_has(const NestedLayout *l, int32_t rank, const int64_t *shape, const char *needle)
{
    char reason[LAYOUT_REASON_SIZE] = "";
    bool ok = layout_verify(l, rank, shape, reason, sizeof reason);
    if (!ok && strstr(reason, needle) == NULL)
        printf("  reason was: %s\n", reason);
    return !ok && strstr(reason, needle) != NULL;
}

static void
test_validity(void)
{
    const int64_t a[][7] = { { 1, 2, 2, 8, 1, 0, 4 }, { 1, 1, 2, 4, 2, 0, 1 } };
    NestedLayout l = make(2, a);
    int64_t shape[2] = { 32, 16 }, bad[2] = { 32, 8 };
    char reason[LAYOUT_REASON_SIZE];
    CHECK(layout_verify(&l, 2, shape, reason, sizeof reason));
    CHECK(reason_has(&l, 2, bad, "dim 1: the tiles multiply to 16"));
    CHECK(reason_has(&l, 1, shape, "rank of vector (1) does not match rank of layout (2)"));

    /* equal strides overlap; a stride inside the other digit overlaps */
    const int64_t eq[][7] = { { 1, 1, 1, 4, 1, 0, 1 }, { 1, 1, 1, 4, 1, 0, 1 } };
    const int64_t in[][7] = { { 1, 1, 1, 4, 1, 0, 1 }, { 1, 1, 1, 4, 1, 0, 2 } };
    const int64_t odd[][7] = { { 1, 1, 1, 2, 1, 0, 2 }, { 1, 1, 1, 2, 1, 0, 3 } };
    int64_t s44[2] = { 4, 4 }, s22[2] = { 2, 2 };
    l = make(2, eq);
    CHECK(reason_has(&l, 2, s44, "thread ids of dims 0 and 1 overlap"));
    l = make(2, in);
    CHECK(reason_has(&l, 2, s44, "thread_strides[1] = 2 is not a multiple"));
    l = make(2, odd);
    CHECK(reason_has(&l, 2, s22, "overlap"));
    const int64_t sg[][7] = { { 2, 1, 1, 1, 1, 1, 0 }, { 2, 1, 1, 1, 1, 1, 0 } };
    l = make(2, sg);
    CHECK(reason_has(&l, 2, s22, "subgroup ids of dims 0 and 1 overlap"));

    /* lanes: 64 rejected, a gap that reaches 64 rejected, 16 accepted */
    const int64_t wide[][7] = { { 1, 1, 1, 16, 1, 0, 1 }, { 1, 1, 1, 4, 1, 0, 16 } };
    const int64_t gap[][7] = { { 1, 1, 1, 4, 1, 0, 1 }, { 1, 1, 1, 4, 1, 0, 16 } };
    const int64_t half[][7] = { { 1, 1, 1, 4, 1, 0, 1 }, { 1, 1, 1, 4, 1, 0, 4 } };
    int64_t s164[2] = { 16, 4 };
    l = make(2, wide);
    CHECK(reason_has(&l, 2, s164, "need 64 lanes"));
    l = make(2, gap);
    CHECK(reason_has(&l, 2, s44, "need 64 lanes"));
    l = make(2, half);
    CHECK(layout_verify(&l, 2, s44, NULL, 0));
    CHECK(layout_lane_extent(&l) == 16);

    /* a distributed tile needs a stride; tiles are at least 1 */
    const int64_t nostride[][7] = { { 1, 1, 1, 4, 1, 0, 0 } };
    const int64_t zero[][7] = { { 1, 0, 1, 4, 1, 0, 1 } };
    int64_t s4[1] = { 4 }, s0[1] = { 0 };
    l = make(1, nostride);
    CHECK(reason_has(&l, 1, s4, "needs a positive thread stride"));
    l = make(1, zero);
    CHECK(reason_has(&l, 1, s0, "batch_tile[0] = 0 must be at least 1"));
}

/*
 * Seed 002's full example: vector<64x64xf16>, subgroup_tile [2,1],
 * batch [2,4], outer [1,1], thread [16,4], element [1,4], subgroup_strides
 * [1,0], thread_strides [1,16].  It needs 64 lanes (an AMD wave), so vptx
 * rejects it; the arithmetic still follows the seed.
 */
static void
test_seed002_example(void)
{
    const int64_t a[][7] = { { 2, 2, 1, 16, 1, 1, 1 }, { 1, 4, 1, 4, 4, 0, 16 } };
    NestedLayout l = make(2, a);
    int64_t shape[2] = { 64, 64 }, ds[6], got[2];
    const int64_t want_ds[6] = { 2, 4, 1, 1, 1, 4 };
    CHECK(reason_has(&l, 2, shape, "need 64 lanes"));
    layout_shape(&l, got);
    CHECK(got[0] == 64 && got[1] == 64);
    CHECK(layout_distributed_shape(&l, ds) == 6 && same_index(ds, want_ds, 6));
    CHECK(layout_num_slots(&l) == 32); /* "the actual shape is vector<2x16>" */
    /* subgroups 0..3 take s = 0, 1, 0, 1 */
    for (int64_t sg = 0; sg < 4; sg++) {
        int64_t vs[2], vt[2];
        layout_virtual_ids(&l, sg, 0, vs, vt);
        CHECK(vs[0] == sg % 2 && vs[1] == 0);
    }
    /* thread0 -> t [0,0], thread1 -> [1,0], thread16 -> [0,1] */
    const int64_t lanes[3] = { 0, 1, 16 }, want_t[3][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 } };
    for (int k = 0; k < 3; k++) {
        int64_t vs[2], vt[2];
        layout_virtual_ids(&l, 0, lanes[k], vs, vt);
        CHECK(vt[0] == want_t[k][0] && vt[1] == want_t[k][1]);
    }
    /* the element formula, for every slot of a few threads */
    for (int64_t sg = 0; sg < 4; sg++)
        for (int64_t lane = 0; lane < 64; lane += 7)
            for (int64_t slot = 0; slot < 32; slot++) {
                int64_t b0 = slot / 16, b1 = slot / 4 % 4, e1 = slot % 4;
                int64_t want[2] = { (sg % 2 * 2 + b0) * 16 + lane % 16,
                                    (b1 * 4 + lane / 16 % 4) * 4 + e1 };
                layout_element_of(&l, sg, lane, slot, got);
                CHECK(same_index(got, want, 2));
            }
}

/* Seed 002: subgroup_tile [4,2], subgroup_strides [1,4] orders subgroups 0,4,1,5,2,6,3,7. */
static void
test_seed002_subgroup_order(void)
{
    const int64_t a[][7] = { { 4, 1, 1, 1, 1, 1, 0 }, { 2, 1, 1, 1, 1, 4, 0 } };
    NestedLayout l = make(2, a);
    const int64_t want[8] = { 0, 4, 1, 5, 2, 6, 3, 7 };
    int64_t shape[2] = { 4, 2 };
    CHECK(layout_verify(&l, 2, shape, NULL, 0));
    CHECK(layout_subgroup_count(&l) == 8);
    for (int64_t p = 0; p < 8; p++) {
        int64_t index[2] = { p / 2, p % 2 };
        LayoutHolder h[64];
        int64_t n = layout_holders(&l, index, h, 64);
        CHECK(n == 32); /* one subgroup, all its 32 lanes (thread tiles are 1) */
        CHECK(h[0].subgroup == want[p] && h[0].lane == 0 && h[31].lane == 31);
        CHECK(h[0].subgroup % 4 == want[p] % 4); /* with 4 hardware subgroups: x mod 4 */
    }
}

/* element_of and holders are inverse: every (sg, lane, slot) is among its element's holders. */
static void
test_inverse(void)
{
    const int64_t a[][7] = { { 2, 2, 1, 4, 2, 2, 1 }, { 1, 1, 2, 4, 1, 0, 8 } };
    NestedLayout l = make(2, a);
    int64_t x[2];
    CHECK(layout_check(&l, NULL, 0));
    CHECK(layout_subgroup_count(&l) == 4 && layout_lane_extent(&l) == 32);
    bool all = true;
    for (int64_t sg = 0; sg < 4; sg++)
        for (int64_t lane = 0; lane < 32; lane++)
            for (int64_t slot = 0; slot < layout_num_slots(&l); slot++) {
                layout_element_of(&l, sg, lane, slot, x);
                all &= holds(&l, x, sg, lane) && layout_slot_of(&l, x) == slot;
            }
    CHECK(all);
    /* dim 1's thread digit is lane bits 3..4 (stride 8, tile 4): bit 2 is a gap */
    int64_t first[2] = { 0, 0 };
    LayoutHolder h[64];
    int64_t n = layout_holders(&l, first, h, 64);
    CHECK(n == 2 * 2); /* subgroups 0 and 1 (bit 0 is a gap), lanes 0 and 4 (bit 2 is a gap) */
    CHECK(h[0].subgroup == 0 && h[0].lane == 0 && h[1].lane == 4 && h[2].subgroup == 1);
    /* slot pack / unpack round trip */
    int64_t b[2], o[2], e[2];
    layout_slot_unpack(&l, 5, b, o, e);
    CHECK(layout_slot_pack(&l, b, o, e) == 5);
}

static void
test_permute_project_broadcast(void)
{
    const int64_t a[][7] = { { 2, 1, 1, 4, 1, 1, 8 },
                             { 1, 2, 1, 8, 2, 0, 1 },
                             { 1, 3, 1, 1, 1, 0, 0 } };
    NestedLayout l = make(3, a), p, q, r;
    const int32_t perm[3] = { 2, 0, 1 };
    CHECK(layout_permute(&l, perm, &p));
    CHECK(p.thread_tile[1] == 4 && p.thread_strides[1] == 8 && p.batch_tile[0] == 3);
    const int32_t bad[3] = { 0, 0, 1 };
    CHECK(!layout_permute(&l, bad, &q));
    /* transposing back gives l again */
    const int32_t inverse[3] = { 1, 2, 0 };
    CHECK(layout_permute(&p, inverse, &q) && layout_equal(&q, &l));
    /* semantic: transposed element held by the same thread */
    bool all = true;
    int64_t x[3], y[3];
    for (int64_t sg = 0; sg < 2; sg++)
        for (int64_t lane = 0; lane < 32; lane++)
            for (int64_t slot = 0; slot < layout_num_slots(&l); slot++) {
                layout_element_of(&l, sg, lane, slot, x);
                for (int i = 0; i < 3; i++)
                    y[i] = x[perm[i]];
                all &= holds(&p, y, sg, lane);
            }
    CHECK(all);

    /* project away dim 1 (a reduction): every thread keeps its dims 0 and 2 */
    CHECK(layout_project(&l, 1u << 1, &r));
    CHECK(r.rank == 2 && r.thread_tile[0] == 4 && r.thread_strides[0] == 8 && r.batch_tile[1] == 3);
    CHECK(layout_check(&r, NULL, 0));
    all = true;
    for (int64_t lane = 0; lane < 32; lane++)
        for (int64_t slot = 0; slot < layout_num_slots(&l); slot++) {
            layout_element_of(&l, 1, lane, slot, x);
            int64_t z[2] = { x[0], x[2] };
            all &= holds(&r, z, 1, lane);
        }
    CHECK(all);
    CHECK(!layout_project(&l, 1u << 3, &r));

    /* broadcast adds leading register dims */
    const int64_t lead[2] = { 5, 3 };
    CHECK(layout_broadcast(&l, 2, lead, &q));
    CHECK(q.rank == 5 && q.batch_tile[0] == 5 && q.batch_tile[1] == 3 && q.thread_tile[2] == 4);
    CHECK(layout_project(&q, 3u, &r) && layout_equal(&r, &l));
    all = true;
    for (int64_t lane = 0; lane < 32; lane++)
        for (int64_t slot = 0; slot < layout_num_slots(&q); slot++) {
            int64_t w[5];
            layout_element_of(&q, 0, lane, slot, w);
            all &= holds(&l, w + 2, 0, lane);
        }
    CHECK(all);

    /* apply_map: (d0, d1, d2) -> (d2, 0, d0) */
    const int32_t map[3] = { 2, -1, 0 };
    CHECK(layout_apply_map(&l, 3, map, &q));
    CHECK(q.batch_tile[0] == 3 && q.thread_tile[1] == 1 && q.thread_strides[2] == 8);
    const int32_t oob[1] = { 3 };
    CHECK(!layout_apply_map(&l, 1, oob, &q));
}

/* Every (sg, lane, slot) maps to the same linear element in both layouts. */
static bool
same_linear_map(const NestedLayout *a, const NestedLayout *b)
{
    int64_t sa[LAYOUT_MAX_RANK], sb[LAYOUT_MAX_RANK], x[LAYOUT_MAX_RANK], y[LAYOUT_MAX_RANK];
    layout_shape(a, sa);
    layout_shape(b, sb);
    if (layout_num_slots(a) != layout_num_slots(b))
        return false;
    int64_t nsub = layout_subgroup_count(a) > layout_subgroup_count(b) ? layout_subgroup_count(a)
                                                                       : layout_subgroup_count(b);
    for (int64_t sg = 0; sg < nsub; sg++)
        for (int64_t lane = 0; lane < 32; lane++)
            for (int64_t slot = 0; slot < layout_num_slots(a); slot++) {
                layout_element_of(a, sg, lane, slot, x);
                layout_element_of(b, sg, lane, slot, y);
                int64_t la = 0, lb = 0;
                for (int32_t d = 0; d < a->rank; d++)
                    la = la * sa[d] + x[d];
                for (int32_t d = 0; d < b->rank; d++)
                    lb = lb * sb[d] + y[d];
                if (la != lb)
                    return false;
            }
    return true;
}

static void
test_reshape(void)
{
    char reason[LAYOUT_REASON_SIZE];
    /* iree-notes §3.5: [B4,4 T16,4 E1,4 ts4,1] on 64x64 <-> 16x4x16x4 (a 64-lane layout,
       so use an 8x4 thread grid here: B[8,4] T[8,4] E[1,4] ts[4,1]) */
    const int64_t a[][7] = { { 1, 8, 1, 8, 1, 0, 4 }, { 1, 4, 1, 4, 4, 0, 1 } };
    NestedLayout l = make(2, a), r, back;
    const int64_t to4[4] = { 16, 4, 16, 4 };
    CHECK(layout_reshape(&l, 4, to4, &r, reason, sizeof reason));
    const int64_t want[][7] = { { 1, 8, 1, 2, 1, 0, 16 },
                                { 1, 1, 1, 4, 1, 0, 4 },
                                { 1, 4, 1, 4, 1, 0, 1 },
                                { 1, 1, 1, 1, 4, 0, 0 } };
    NestedLayout w = make(4, want);
    CHECK(layout_equal(&r, &w));
    CHECK(same_linear_map(&l, &r));
    const int64_t to2[2] = { 64, 64 };
    CHECK(layout_reshape(&r, 2, to2, &back, reason, sizeof reason) && layout_equal(&back, &l));

    /* iree-notes §3.5: [S2 B4 T4 E4] on 128 <-> [S2,1 B2,2 T1,4 E1,4 ss1,0 ts0,1] on 4x32 */
    const int64_t one[][7] = { { 2, 4, 1, 4, 4, 1, 1 } };
    l = make(1, one);
    const int64_t s432[2] = { 4, 32 }, s128[1] = { 128 };
    CHECK(layout_reshape(&l, 2, s432, &r, reason, sizeof reason));
    const int64_t want2[][7] = { { 2, 2, 1, 1, 1, 1, 0 }, { 1, 2, 1, 4, 4, 0, 1 } };
    w = make(2, want2);
    CHECK(layout_equal(&r, &w) && same_linear_map(&l, &r));
    CHECK(layout_reshape(&r, 1, s128, &back, reason, sizeof reason) && layout_equal(&back, &l));

    /* thread digits in the wrong order cannot merge: t0 = lane%4 is outside t1 = lane/4 */
    const int64_t tr[][7] = { { 1, 1, 1, 4, 1, 0, 1 }, { 1, 1, 1, 8, 1, 0, 4 } };
    l = make(2, tr);
    const int64_t s32[1] = { 32 };
    CHECK(!layout_reshape(&l, 1, s32, &r, reason, sizeof reason) &&
          strstr(reason, "not contiguous") != NULL);
    /* element outside thread in one dim: [E4 over dim0] x [T8] -> 32 would put E above T */
    const int64_t et[][7] = { { 1, 1, 1, 1, 4, 0, 0 }, { 1, 1, 1, 8, 1, 0, 1 } };
    l = make(2, et);
    CHECK(!layout_reshape(&l, 1, s32, &r, reason, sizeof reason) &&
          strstr(reason, "would put element digits outside thread digits") != NULL);
    /* a size that does not split a tile: B4 E6 -> 6x4 */
    const int64_t be[][7] = { { 1, 4, 1, 1, 6, 0, 0 } };
    l = make(1, be);
    const int64_t s64[2] = { 6, 4 }, s25[1] = { 25 };
    CHECK(!layout_reshape(&l, 2, s64, &r, reason, sizeof reason) &&
          strstr(reason, "does not split") != NULL);
    CHECK(!layout_reshape(&l, 1, s25, &r, reason, sizeof reason));
    /* collapsing contiguous thread digits works */
    const int64_t ok[][7] = { { 1, 2, 1, 4, 1, 0, 8 }, { 1, 1, 1, 8, 2, 0, 1 } };
    l = make(2, ok);
    const int64_t s8x2[2] = { 8, 16 }, s4x4x8[3] = { 2, 4, 16 }, flat[1] = { 128 };
    CHECK(layout_reshape(&l, 1, flat, &r, reason, sizeof reason) && same_linear_map(&l, &r));
    CHECK(r.batch_tile[0] == 2 && r.thread_tile[0] == 32 && r.thread_strides[0] == 1);
    CHECK(layout_reshape(&l, 2, s8x2, &r, reason, sizeof reason) && layout_equal(&r, &l));
    CHECK(layout_reshape(&l, 3, s4x4x8, &r, reason, sizeof reason) && same_linear_map(&l, &r));
}

static void
test_equal_and_conversion(void)
{
    const int64_t a[][7] = { { 1, 1, 2, 8, 1, 0, 4 }, { 1, 2, 1, 4, 2, 0, 1 } };
    NestedLayout l = make(2, a), m;
    int64_t perm[64];
    m = l;
    m.subgroup_strides[0] = 7; /* unit subgroup tile: the stride does not matter */
    CHECK(layout_equal(&l, &m));
    CHECK(layout_conversion(&l, &m, perm, 64) == LAYOUT_CONV_SAME && perm[3] == 3);
    /* batch <-> outer split differs: registers, and here the permutation is a transpose */
    const int64_t f[][7] = { { 1, 1, 2, 1, 1, 0, 0 }, { 1, 2, 1, 1, 1, 0, 0 } };
    const int64_t t[][7] = { { 1, 2, 1, 1, 1, 0, 0 }, { 1, 1, 2, 1, 1, 0, 0 } };
    NestedLayout from = make(2, f), to = make(2, t);
    CHECK(!layout_equal(&from, &to));
    CHECK(layout_conversion(&from, &to, perm, 64) == LAYOUT_CONV_REGISTERS);
    CHECK(perm[0] == 0 && perm[1] == 2 && perm[2] == 1 && perm[3] == 3);
    /* element <-> batch inside a thread: still registers (IREE would go through memory) */
    const int64_t ef[][7] = { { 1, 2, 1, 16, 1, 0, 1 }, { 1, 1, 1, 1, 4, 0, 0 } };
    const int64_t et[][7] = { { 1, 1, 2, 16, 1, 0, 1 }, { 1, 4, 1, 1, 1, 0, 0 } };
    from = make(2, ef);
    to = make(2, et);
    CHECK(layout_conversion(&from, &to, perm, 64) == LAYOUT_CONV_REGISTERS);
    CHECK(perm[1] == 4 && perm[2] == 1); /* a 2x4 transpose of the 8 slots */
    /* verify the returned permutation on every thread */
    bool all = true;
    int64_t x[2], y[2];
    for (int64_t lane = 0; lane < 32; lane++)
        for (int64_t k = 0; k < layout_num_slots(&to); k++) {
            layout_element_of(&to, 0, lane, k, x);
            layout_element_of(&from, 0, lane, perm[k], y);
            all &= same_index(x, y, 2);
        }
    CHECK(all);
    /* different thread strides: data moves between threads */
    m = l;
    m.thread_strides[0] = 1;
    m.thread_strides[1] = 8;
    CHECK(layout_conversion(&l, &m, NULL, 0) == LAYOUT_CONV_THREADS);
    /* replicated -> distributed needs a thread-dependent slot: threads */
    const int64_t rep[][7] = { { 1, 32, 1, 1, 1, 0, 0 } };
    const int64_t dis[][7] = { { 1, 1, 1, 32, 1, 0, 1 } };
    from = make(1, rep);
    to = make(1, dis);
    CHECK(layout_conversion(&from, &to, NULL, 0) == LAYOUT_CONV_THREADS);
    /* the same elements on other lanes: threads */
    const int64_t rep2[][7] = { { 1, 1, 1, 16, 1, 0, 1 } }; /* lanes 16..31 copy 0..15 */
    const int64_t rep3[][7] = { { 1, 1, 1, 16, 1, 0, 2 } }; /* lanes 2k, 2k+1 hold k */
    from = make(1, rep2);
    to = make(1, rep3);
    CHECK(layout_conversion(&from, &to, NULL, 0) == LAYOUT_CONV_THREADS);
    /* shape mismatch */
    const int64_t small[][7] = { { 1, 1, 1, 8, 1, 0, 1 } };
    to = make(1, small);
    CHECK(layout_conversion(&from, &to, NULL, 0) == LAYOUT_CONV_THREADS);
    CHECK(strcmp(layout_conversion_name(LAYOUT_CONV_REGISTERS), "registers") == 0);
    /* moving the subgroup digit moves data between warps */
    const int64_t s2[][7] = { { 2, 1, 1, 32, 1, 1, 1 } };
    const int64_t s2gap[][7] = { { 2, 1, 1, 32, 1, 2, 1 } };
    from = make(1, s2);
    to = make(1, s2gap);
    CHECK(layout_conversion(&from, &to, NULL, 0) == LAYOUT_CONV_THREADS);
}

int
main(void)
{
    test_validity();
    test_seed002_example();
    test_seed002_subgroup_order();
    test_inverse();
    test_permute_project_broadcast();
    test_reshape();
    test_equal_and_conversion();
    printf("test_layout_nested: %d checks, %d failed\n", nchecks, nfailed);
    return nfailed != 0;
}
