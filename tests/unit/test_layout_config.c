/*
 * test_layout_config.c -- lowering config -> nested layout (layout/config.c):
 * seed 000's delinearize-then-map walk-through (thread 42 -> [2, 10]), its
 * three worked examples, 32-lane versions of them, lane bases that cover
 * less than a warp, operand layouts through indexing maps, and errors.
 *
 * Seed 000's examples use 64-lane subgroups (AMD); they are derived with
 * subgroup_size = 64 exactly as the seed says, and vptx's 32-lane warp
 * check then rejects them with a reason.
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
        printf("test_layout_config.c:%d: check failed: %s\n", line, what);
    }
}
#define CHECK(c) check_at((c), __LINE__, #c)

static LayoutBasis
basis(int32_t n, const int64_t *counts, const int32_t *mapping)
{
    LayoutBasis b;
    memset(&b, 0, sizeof b);
    b.n = n;
    memcpy(b.counts, counts, (size_t)n * sizeof *counts);
    memcpy(b.mapping, mapping, (size_t)n * sizeof *mapping);
    return b;
}

static bool
fields(const NestedLayout *l, const int64_t want[][7])
{
    NestedLayout w;
    layout_init(&w, l->rank);
    for (int32_t d = 0; d < l->rank; d++)
        layout_set_dim(&w, d, want[d][0], want[d][1], want[d][2], want[d][3], want[d][4],
                       want[d][5], want[d][6]);
    return layout_equal(l, &w);
}

static bool
same(const int64_t *a, const int64_t *b, int32_t n)
{
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

/* Seed 000: "Thread 42 with [[16, 4], [1, 0]]" -> c0 = 0, [dim0 = 2, dim1 = 10]. */
static void
test_thread_42(void)
{
    const int64_t counts[2] = { 16, 4 };
    const int32_t mapping[2] = { 1, 0 };
    LayoutBasis b = basis(2, counts, mapping);
    int64_t coords[2], tiles[2], strides[2];
    CHECK(layout_basis_delinearize(&b, 42, 2, coords) == 0);
    CHECK(coords[0] == 2 && coords[1] == 10);
    /* the same through the nested layout's virtual thread ids */
    CHECK(layout_basis_to_tiles(&b, 2, tiles, strides, NULL, 0));
    CHECK(tiles[0] == 4 && strides[0] == 1 && tiles[1] == 16 && strides[1] == 4);
    NestedLayout l;
    layout_init(&l, 2);
    layout_set_dim(&l, 0, 1, 1, 1, tiles[0], 1, 0, strides[0]);
    layout_set_dim(&l, 1, 1, 1, 1, tiles[1], 1, 0, strides[1]);
    bool all = true;
    for (int64_t tid = 0; tid < 64; tid++) {
        int64_t vs[2], vt[2];
        layout_basis_delinearize(&b, tid, 2, coords);
        layout_virtual_ids(&l, 0, tid, vs, vt);
        all &= same(coords, vt, 2);
        all &= coords[1] == tid / 4 && coords[0] == tid % 4; /* the seed's 16x4 picture */
    }
    CHECK(all);
    /* thread 64 wraps: c0 = 1 is the ignored overflow */
    CHECK(layout_basis_delinearize(&b, 64 + 42, 2, coords) == 1 && coords[0] == 2 &&
          coords[1] == 10);
    /* a mapping that is a 3-cycle: coordinate j goes to dim mapping[j] */
    const int64_t c3[3] = { 2, 3, 4 };
    const int32_t m3[3] = { 2, 0, 1 };
    LayoutBasis cyc = basis(3, c3, m3);
    int64_t x[3];
    CHECK(layout_basis_delinearize(&cyc, 23, 3, x) == 0); /* 23 = (1, 2, 3) in [2,3,4] */
    CHECK(x[2] == 1 && x[0] == 2 && x[1] == 3);
    int64_t t3[3], s3[3];
    CHECK(layout_basis_to_tiles(&cyc, 3, t3, s3, NULL, 0));
    CHECK(t3[2] == 2 && s3[2] == 12 && t3[0] == 3 && s3[0] == 4 && t3[1] == 4 && s3[1] == 1);
}

/* Seed 000 example 1: [d0 = parallel(4), d1 = parallel(6656), d2 = reduction(16384)]. */
static LayoutConfig
example1(int64_t lanes)
{
    LayoutConfig c;
    memset(&c, 0, sizeof c);
    c.rank = 3;
    const int64_t bounds[3] = { 4, 6656, 16384 }, counts[3] = { 1, 1, lanes },
                  ones[3] = { 1, 1, 1 };
    const int32_t id[3] = { 0, 1, 2 };
    memcpy(c.bounds, bounds, sizeof bounds);
    c.lane_basis = basis(3, counts, id);
    c.partial_reduction[2] = 512;
    c.subgroup_basis = basis(3, ones, id);
    c.thread[2] = 8;
    c.workgroup[0] = 4;
    c.workgroup[1] = 1;
    c.subgroup_size = lanes;
    return c;
}

static void
test_example1(void)
{
    LayoutConfig c = example1(64);
    LayoutConfigResult r;
    char reason[LAYOUT_REASON_SIZE];
    CHECK(layout_from_config(&c, &r, reason, sizeof reason));
    CHECK(r.tile[0] == 4 && r.tile[1] == 1 && r.tile[2] == 512 && !r.padded);
    CHECK(r.iterations[2] == 32); /* 16384 / 512 */
    const int64_t want[3][7] = { { 1, 4, 1, 1, 1, 0, 0 },
                                 { 1, 1, 1, 1, 1, 0, 0 },
                                 { 1, 1, 1, 64, 8, 0, 1 } };
    CHECK(fields(&r.layout, want));
    CHECK(!layout_check(&r.layout, reason, sizeof reason) && strstr(reason, "64 lanes") != NULL);
    /* 64 threads x 8 elements = 512 per iteration, each thread 8 contiguous */
    int64_t x[3];
    layout_element_of(&r.layout, 0, 63, 7, x);
    CHECK(x[0] == 0 && x[1] == 0 && x[2] == 511);
    /* with a 32-lane warp: [[1,1,32],...], each thread loads 16 */
    c = example1(32);
    c.thread[2] = 16;
    CHECK(layout_from_config(&c, &r, reason, sizeof reason) && layout_check(&r.layout, NULL, 0));
    CHECK(r.layout.thread_tile[2] == 32 && r.layout.element_tile[2] == 16 &&
          r.layout.batch_tile[2] == 1);
    /* the result of the reduction: drop d2 */
    NestedLayout out;
    CHECK(layout_project(&r.layout, 1u << 2, &out) && out.rank == 2 && out.batch_tile[0] == 4);
}

/* Seed 000 example 2: [d0 = parallel(1152), d1 = reduction(384)]. */
static LayoutConfig
example2(void)
{
    LayoutConfig c;
    memset(&c, 0, sizeof c);
    c.rank = 2;
    c.bounds[0] = 1152;
    c.bounds[1] = 384;
    const int64_t lane[2] = { 16, 4 }, sg[2] = { 1, 2 };
    const int32_t swap[2] = { 1, 0 }, id[2] = { 0, 1 };
    c.lane_basis = basis(2, lane, swap);
    c.partial_reduction[1] = 32;
    c.subgroup_basis = basis(2, sg, id);
    c.thread[1] = 1;
    c.workgroup[0] = 16;
    c.subgroup_size = 64;
    return c;
}

static void
test_example2(void)
{
    LayoutConfig c = example2();
    LayoutConfigResult r;
    char reason[LAYOUT_REASON_SIZE];
    CHECK(layout_from_config(&c, &r, reason, sizeof reason));
    CHECK(r.tile[0] == 16 && r.tile[1] == 32 && !r.padded);
    CHECK(r.iterations[1] == 12); /* 384 / 32 (the seed's "1152 / 32 = 36" divides the wrong dim) */
    const int64_t want[2][7] = { { 1, 4, 1, 4, 1, 0, 1 }, { 2, 1, 1, 16, 1, 1, 4 } };
    CHECK(fields(&r.layout, want));
    /* thread 42 works at [parallel 2, reduction 10] */
    int64_t vs[2], vt[2];
    layout_virtual_ids(&r.layout, 0, 42, vs, vt);
    CHECK(vt[0] == 2 && vt[1] == 10);
    /* "Subgroup 0 processes positions 0-15 per iteration; Subgroup 1 processes 16-31" */
    bool all = true;
    int64_t x[2];
    for (int64_t sg = 0; sg < 2; sg++)
        for (int64_t lane = 0; lane < 64; lane++)
            for (int64_t slot = 0; slot < layout_num_slots(&r.layout); slot++) {
                layout_element_of(&r.layout, sg, lane, slot, x);
                all &= x[1] >= 16 * sg && x[1] < 16 * sg + 16;
            }
    CHECK(all);
    CHECK(!layout_check(&r.layout, reason, sizeof reason) && strstr(reason, "64 lanes") != NULL);
    /* operand layouts: the input is the identity map, the output drops d1 */
    NestedLayout in, out;
    const int32_t map_in[2] = { 0, 1 }, map_out[1] = { 0 };
    CHECK(layout_apply_map(&r.layout, 2, map_in, &in) && layout_equal(&in, &r.layout));
    CHECK(layout_apply_map(&r.layout, 1, map_out, &out));
    const int64_t want_out[1][7] = { { 1, 4, 1, 4, 1, 0, 1 } };
    CHECK(fields(&out, want_out));
    /* the 32-lane version: lane_basis [[8, 4], [1, 0]] -> threads [4, 8] strides [1, 4] */
    c.lane_basis.counts[0] = 8;
    c.subgroup_size = 0;
    CHECK(layout_from_config(&c, &r, reason, sizeof reason) && layout_check(&r.layout, NULL, 0));
    const int64_t want32[2][7] = { { 1, 4, 1, 4, 1, 0, 1 }, { 2, 2, 1, 8, 1, 1, 4 } };
    CHECK(fields(&r.layout, want32));
}

/* Seed 000 example 3: [d0 = parallel(4096), d1 = reduction_1(32), d2 = reduction_2(128)]. */
static void
test_example3(void)
{
    LayoutConfig c;
    memset(&c, 0, sizeof c);
    c.rank = 3;
    const int64_t bounds[3] = { 4096, 32, 128 }, lane[3] = { 1, 1, 64 }, ones[3] = { 1, 1, 1 };
    const int32_t id[3] = { 0, 1, 2 };
    memcpy(c.bounds, bounds, sizeof bounds);
    c.lane_basis = basis(3, lane, id);
    c.partial_reduction[1] = 1;
    c.partial_reduction[2] = 128;
    c.subgroup_basis = basis(3, ones, id);
    c.thread[1] = 1;
    c.thread[2] = 2;
    c.workgroup[0] = 8;
    c.subgroup_size = 64;
    LayoutConfigResult r;
    char reason[LAYOUT_REASON_SIZE];
    CHECK(layout_from_config(&c, &r, reason, sizeof reason));
    CHECK(r.tile[0] == 8 && r.tile[1] == 1 && r.tile[2] == 128);
    CHECK(r.iterations[1] == 32 && r.iterations[2] == 1); /* d2's loop is elided */
    const int64_t want[3][7] = { { 1, 8, 1, 1, 1, 0, 0 },
                                 { 1, 1, 1, 1, 1, 0, 0 },
                                 { 1, 1, 1, 64, 2, 0, 1 } };
    CHECK(fields(&r.layout, want));
    CHECK(layout_num_slots(&r.layout) == 8 * 2); /* 2 elements per thread per d0 row */
    /* 32 lanes, thread [0, 1, 4]: still 128 elements along d2 */
    c.lane_basis.counts[2] = 32;
    c.thread[2] = 4;
    c.subgroup_size = 0;
    CHECK(layout_from_config(&c, &r, NULL, 0) && layout_check(&r.layout, NULL, 0));
    CHECK(r.layout.thread_tile[2] * r.layout.element_tile[2] == 128 && !r.padded);
}

/* A lane basis of 8 lanes: lanes 8..31 repeat lanes 0..7. */
static void
test_partial_warp(void)
{
    LayoutConfig c;
    memset(&c, 0, sizeof c);
    c.rank = 2;
    c.bounds[0] = 8;
    c.bounds[1] = 64;
    const int64_t lane[2] = { 2, 4 }, sg[2] = { 1, 1 };
    const int32_t id[2] = { 0, 1 };
    c.lane_basis = basis(2, lane, id);
    c.subgroup_basis = basis(2, sg, id);
    c.workgroup[0] = 8;
    c.partial_reduction[1] = 16;
    c.thread[1] = 4;
    LayoutConfigResult r;
    char reason[LAYOUT_REASON_SIZE];
    CHECK(layout_from_config(&c, &r, reason, sizeof reason));
    CHECK(layout_check(&r.layout, reason, sizeof reason) && layout_lane_extent(&r.layout) == 8);
    const int64_t want[2][7] = { { 1, 4, 1, 2, 1, 0, 4 }, { 1, 1, 1, 4, 4, 0, 1 } };
    CHECK(fields(&r.layout, want));
    int64_t x[2], y[2];
    bool all = true;
    for (int64_t lane_id = 8; lane_id < 32; lane_id++)
        for (int64_t slot = 0; slot < layout_num_slots(&r.layout); slot++) {
            layout_element_of(&r.layout, 0, lane_id, slot, x);
            layout_element_of(&r.layout, 0, lane_id % 8, slot, y);
            all &= same(x, y, 2);
        }
    CHECK(all);
    const int64_t first[2] = { 0, 0 };
    LayoutHolder h[8];
    CHECK(layout_holders(&r.layout, first, h, 8) == 4);
    CHECK(h[0].lane == 0 && h[1].lane == 8 && h[2].lane == 16 && h[3].lane == 24);
    /* a lane count that does not divide the tile: padded */
    c.lane_basis.counts[1] = 3;
    CHECK(layout_from_config(&c, &r, NULL, 0) && r.padded && r.layout.batch_tile[1] == 2);
}

static void
test_errors(void)
{
    LayoutConfig c = example2();
    LayoutConfigResult r;
    char reason[LAYOUT_REASON_SIZE];
    c.subgroup_size = 0; /* 64 lanes in a 32-lane warp */
    CHECK(!layout_from_config(&c, &r, reason, sizeof reason) &&
          strstr(reason, "lane_basis covers 64 lanes") != NULL);
    c = example2();
    c.lane_basis.mapping[1] = 1;
    CHECK(!layout_from_config(&c, &r, reason, sizeof reason) &&
          strstr(reason, "maps two coordinates to dim 1") != NULL);
    c = example2();
    c.subgroup_basis.mapping[0] = 5;
    CHECK(!layout_from_config(&c, &r, reason, sizeof reason) &&
          strstr(reason, "subgroup_basis mapping 0 names dim 5") != NULL);
    c = example2();
    c.workgroup[1] = 4;
    CHECK(!layout_from_config(&c, &r, reason, sizeof reason) &&
          strstr(reason, "both a workgroup and a partial_reduction") != NULL);
    c = example2();
    c.workgroup[0] = 0;
    c.bounds[0] = 0;
    CHECK(!layout_from_config(&c, &r, reason, sizeof reason) && strstr(reason, "no bound") != NULL);
    c = example2();
    c.lane_basis.counts[0] = 0;
    CHECK(!layout_from_config(&c, &r, reason, sizeof reason) && strstr(reason, "at least 1"));
    int64_t coords[2];
    CHECK(layout_basis_delinearize(&c.lane_basis, 3, 2, coords) == -1);
}

int
main(void)
{
    test_thread_42();
    test_example1();
    test_example2();
    test_example3();
    test_partial_warp();
    test_errors();
    printf("test_layout_config: %d checks, %d failed\n", nchecks, nfailed);
    return nfailed != 0;
}
