/*
 * test_sim_warp.c -- warp collectives: shfl.sync in all four modes with
 * every sub-warp width (checked against CUDA's __shfl_*_sync definitions
 * and the worked cases of ptx-sm80.md §2), vote, match, redux, elect,
 * activemask in divergent code, and bar.sync with a thread count.
 */
#include "tests/sim/simtest.h"

enum { UP, DOWN, BFLY, IDX };
static const char *const mode_name[] = { "up", "down", "bfly", "idx" };

/* CUDA C++ Programming Guide, warp shuffle functions: width W splits the
 * warp into segments; up/down/xor outside the own segment keep the own value. */
static int
cuda_src(int mode, int lane, int b, int w, int *ok)
{
    int seg = lane / w * w, src;
    switch (mode) {
    case UP:
        src = lane - b;
        *ok = src >= seg;
        break;
    case DOWN:
        src = lane + b;
        *ok = src < seg + w;
        break;
    case BFLY:
        src = lane ^ b;
        *ok = src < seg + w;
        break;
    default:
        *ok = 1;
        return seg + b % w;
    }
    if (!*ok)
        src = lane;
    return src;
}

static void
run_shfl(int mode, int b, int w)
{
    /* c packing of ptx-sm80.md §2: ((32 - W) << 8) | (up ? 0 : 0x1f) */
    int c = ((32 - w) << 8) | (mode == UP ? 0 : 0x1f);
    char ptx[1024];
    snprintf(
        ptx, sizeof ptx,
        ".version 8.0\n.target sm_80\n.address_size 64\n"
        ".visible .entry k(.param .u64 p)\n{\n.reg .b32 %%r<6>; .reg .pred %%p<2>; .reg .b64 "
        "%%rd<4>;\n"
        "ld.param.u64 %%rd1, [p];\nmov.u32 %%r0, %%laneid;\nmad.lo.u32 %%r1, %%r0, 3, 100;\n"
        "shfl.sync.%s.b32 %%r2|%%p1, %%r1, %d, 0x%x, 0xffffffff;\n"
        "selp.u32 %%r3, 1, 0, %%p1;\nmul.wide.u32 %%rd2, %%r0, 8;\nadd.s64 %%rd3, %%rd1, %%rd2;\n"
        "st.global.v2.u32 [%%rd3], {%%r2, %%r3};\nret;\n}\n",
        mode_name[mode], b, c);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "k");
    uint32_t out[32][2];
    SimDevPtr d = 0;
    sim_mem_alloc(ctx, &d, sizeof out);
    void *params[] = { &d };
    if (launch_ok(ctx, f, 1, 32, 0, params) == 0) {
        dev_download(ctx, out, d, sizeof out);
        for (int l = 0; l < 32; l++) {
            int ok, src = cuda_src(mode, l, b, w, &ok);
            CHECK(out[l][0] == (uint32_t)(src * 3 + 100) && out[l][1] == (uint32_t)ok,
                  "shfl.%s b=%d W=%d lane %d: got %u/%u, want lane %d/%d", mode_name[mode], b, w, l,
                  out[l][0], out[l][1], src, ok);
        }
    }
    sim_destroy(ctx);
}

/* The worked cases of ptx-sm80.md §2, as (mode, b, c, lane, source lane, p). */
static void
test_worked_cases(void)
{
    static const int cases[][6] = {
        { DOWN, 1, 0x181f, 13, 14, 1 }, { DOWN, 1, 0x181f, 15, 15, 0 },
        { BFLY, 4, 0x181f, 13, 9, 1 },  { BFLY, 8, 0x181f, 13, 5, 1 },
        { BFLY, 8, 0x181f, 5, 5, 0 },   { IDX, 3, 0x181f, 13, 11, 1 },
        { IDX, 11, 0x181f, 13, 11, 1 }, { UP, 1, 0x1800, 13, 12, 1 },
        { UP, 1, 0x1800, 8, 8, 0 },     { UP, 1, 0x0, 0, 0, 0 },
        { DOWN, 1, 0x1f, 31, 31, 0 },   { IDX, 40, 0x1f, 3, 8, 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const int *k = cases[i];
        char ptx[1024];
        snprintf(ptx, sizeof ptx,
                 ".version 8.0\n.target sm_80\n.address_size 64\n"
                 ".visible .entry k(.param .u64 p)\n{\n.reg .b32 %%r<6>; .reg .pred %%p<2>; .reg "
                 ".b64 %%rd<4>;\n"
                 "ld.param.u64 %%rd1, [p];\nmov.u32 %%r0, %%laneid;\n"
                 "shfl.sync.%s.b32 %%r2|%%p1, %%r0, %d, 0x%x, -1;\n"
                 "selp.u32 %%r3, 1, 0, %%p1;\nmul.wide.u32 %%rd2, %%r0, 8;\nadd.s64 %%rd3, %%rd1, "
                 "%%rd2;\n"
                 "st.global.v2.u32 [%%rd3], {%%r2, %%r3};\nret;\n}\n",
                 mode_name[k[0]], k[1], k[2]);
        SimCtx *ctx = sim_create();
        SimFunc *f = load_entry(ctx, ptx, "k");
        uint32_t out[32][2];
        SimDevPtr d = 0;
        sim_mem_alloc(ctx, &d, sizeof out);
        void *params[] = { &d };
        if (launch_ok(ctx, f, 1, 32, 0, params) == 0) {
            dev_download(ctx, out, d, sizeof out);
            CHECK(out[k[3]][0] == (uint32_t)k[4] && out[k[3]][1] == (uint32_t)k[5],
                  "worked case %zu: lane %d got %u/%u, want %d/%d", i, k[3], out[k[3]][0],
                  out[k[3]][1], k[4], k[5]);
        }
        sim_destroy(ctx);
    }
}

/* vote/match/redux/elect over lanes 0-15 (membermask 0xffff) while lanes
 * 16-31 take another path and use their own mask; activemask inside the
 * divergent branch; bar.sync 1, 64 by the first two warps only. */
static const char coll_ptx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry k(.param .u64 p)\n{\n"
    ".reg .b32 %r<20>; .reg .pred %p<6>; .reg .b64 %rd<4>;\n"
    "ld.param.u64 %rd1, [p];\nmov.u32 %r0, %tid.x;\nmov.u32 %r1, %laneid;\n"
    "mul.wide.u32 %rd2, %r0, 32;\nadd.s64 %rd3, %rd1, %rd2;\n"
    "and.b32 %r2, %r1, 3;\nsetp.eq.u32 %p1, %r2, 0;\n"
    "setp.lt.u32 %p2, %r1, 16;\n@!%p2 bra HIGH;\n"
    "vote.sync.ballot.b32 %r3, %p1, 0xffff;\n"
    "vote.sync.any.pred %p3, %p1, 0xffff;\nselp.u32 %r4, 1, 0, %p3;\n"
    "shr.u32 %r5, %r1, 2;\nmatch.any.sync.b32 %r6, %r5, 0xffff;\n"
    "redux.sync.add.u32 %r7, %r1, 0xffff;\n"
    "elect.sync %r8|%p4, 0xffff;\nselp.u32 %r9, 1, 0, %p4;\n"
    "activemask.b32 %r10;\nbra.uni JOIN;\n"
    "HIGH:\nvote.sync.all.pred %p3, %p1, 0xffff0000;\nselp.u32 %r4, 1, 0, %p3;\n"
    "vote.sync.ballot.b32 %r3, %p1, 0xffff0000;\n"
    "mov.u32 %r5, 7;\nmatch.all.sync.b32 %r6|%p5, %r5, 0xffff0000;\n"
    "redux.sync.max.s32 %r7, %r1, 0xffff0000;\nelect.sync %r8|%p4, 0xffff0000;\nselp.u32 %r9, 1, "
    "0, %p4;\n"
    "activemask.b32 %r10;\n"
    "JOIN:\nsetp.lt.u32 %p2, %r0, 64;\n@!%p2 bra SKIP;\nbar.sync 1, 64;\nSKIP:\n"
    "st.global.v4.u32 [%rd3], {%r3, %r4, %r6, %r7};\n"
    "st.global.v4.u32 [%rd3+16], {%r8, %r9, %r10, %r0};\nret;\n}\n";

static void
test_collectives(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, coll_ptx, "k");
    enum { T = 96 };
    uint32_t out[T][8];
    SimDevPtr d = 0;
    sim_mem_alloc(ctx, &d, sizeof out);
    void *params[] = { &d };
    if (launch_ok(ctx, f, 1, T, 0, params) == 0) {
        dev_download(ctx, out, d, sizeof out);
        for (int i = 0; i < T; i++) {
            int l = i % 32;
            if (l < 16) {
                CHECK(out[i][0] == 0x1111, "ballot lane %d = 0x%x", l, out[i][0]);
                CHECK(out[i][1] == 1, "vote.any lane %d", l);
                CHECK(out[i][2] == 0xfu << (4 * (l / 4)), "match.any lane %d = 0x%x", l, out[i][2]);
                CHECK(out[i][3] == 120, "redux.add lane %d = %u", l, out[i][3]);
                CHECK(out[i][4] == 0 && out[i][5] == (l == 0), "elect lane %d", l);
                CHECK(out[i][6] == 0xffff, "activemask lane %d = 0x%x", l, out[i][6]);
            } else {
                CHECK(out[i][0] == 0x11110000, "ballot lane %d = 0x%x", l, out[i][0]);
                CHECK(out[i][1] == 0, "vote.all lane %d", l);
                CHECK(out[i][2] == 0xffff0000, "match.all lane %d = 0x%x", l, out[i][2]);
                CHECK(out[i][3] == 31, "redux.max lane %d = %u", l, out[i][3]);
                CHECK(out[i][4] == 16 && out[i][5] == (l == 16), "elect lane %d", l);
                CHECK(out[i][6] == 0xffff0000, "activemask lane %d = 0x%x", l, out[i][6]);
            }
        }
        SimStats st;
        sim_stats(ctx, &st);
        CHECK(st.barriers == 1, "bar.sync 1, 64 completed %llu times",
              (unsigned long long)st.barriers);
    }
    sim_destroy(ctx);
}

int
main(void)
{
    static const int widths[] = { 32, 16, 8, 4, 2 };
    static const int deltas[] = { 0, 1, 2, 3, 5, 8, 17, 31 };
    for (int mode = 0; mode < 4; mode++)
        for (size_t w = 0; w < 5; w++)
            for (size_t b = 0; b < sizeof deltas / sizeof deltas[0]; b++)
                if (mode == IDX || deltas[b] < widths[w])
                    run_shfl(mode, deltas[b], widths[w]);
    test_worked_cases();
    test_collectives();
    return test_exit("test_sim_warp");
}
