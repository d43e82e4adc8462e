/*
 * test_sim_warp.c -- warp collectives: shfl.sync in all four modes with
 * every sub-warp width (checked against CUDA's __shfl_*_sync definitions
 * and the worked cases of ptx-sm80.md §2), vote, match, redux, elect,
 * activemask in divergent code, and bar.sync with a thread count; redux.sync's f32
 * min/max (sm_100a) against the PTX ISA's words: .abs takes absolute values, .NaN
 * makes any NaN input the answer (the canonical NaN), else NaN inputs are left out
 * (the canonical NaN if all are), and +0.0 > -0.0.
 */
#include "tests/sim/simtest.h"

#include <math.h>

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

/* The PTX ISA's redux.sync .f32, written from its text for this test: bits in, bits out. */
static uint32_t
isa_redux_f32(const uint32_t *v, int n, bool max, bool abs, bool nan)
{
    bool any_nan = false, have = false;
    float best = 0;
    uint32_t best_bits = 0;
    for (int i = 0; i < n; i++) {
        uint32_t b = abs ? v[i] & 0x7fffffffu : v[i];
        float f;
        memcpy(&f, &b, 4);
        if (isnan(f)) {
            any_nan = true;
            continue;
        }
        /* +0.0 > -0.0: compare zeros by sign */
        bool better = !have || (max ? (f > best || (f == best && f == 0 && !signbit(f)))
                                    : (f < best || (f == best && f == 0 && signbit(f))));
        if (better) {
            best = f;
            best_bits = b;
            have = true;
        }
    }
    return !have || (nan && any_nan) ? 0x7fffffffu : best_bits;
}

static void
test_redux_f32(void)
{
    static const char *const form[8] = { "min.f32",         "max.f32",        "min.abs.f32",
                                         "max.abs.f32",     "min.NaN.f32",    "max.NaN.f32",
                                         "min.abs.NaN.f32", "max.abs.NaN.f32" };
    char ptx[2048];
    int len = snprintf(ptx, sizeof ptx,
                       ".version 8.6\n.target sm_100a\n.address_size 64\n"
                       ".visible .entry k(.param .u64 in, .param .u64 out)\n{\n"
                       ".reg .b32 %%r<4>; .reg .f32 %%f<10>; .reg .b64 %%rd<8>;\n"
                       "ld.param.u64 %%rd1, [in];\nld.param.u64 %%rd2, [out];\n"
                       "mov.u32 %%r0, %%laneid;\nmul.wide.u32 %%rd3, %%r0, 4;\n"
                       "add.s64 %%rd4, %%rd1, %%rd3;\nld.global.f32 %%f0, [%%rd4];\n"
                       "mul.wide.u32 %%rd5, %%r0, 32;\nadd.s64 %%rd6, %%rd2, %%rd5;\n");
    for (int k = 0; k < 8; k++)
        len += snprintf(ptx + len, sizeof ptx - (size_t)len, "redux.sync.%s %%f%d, %%f0, -1;\n",
                        form[k], k + 1);
    snprintf(ptx + len, sizeof ptx - (size_t)len,
             "st.global.v4.f32 [%%rd6], {%%f1, %%f2, %%f3, %%f4};\n"
             "st.global.v4.f32 [%%rd6+16], {%%f5, %%f6, %%f7, %%f8};\nret;\n}\n");
    enum { SETS = 5 };
    uint32_t in[SETS][32];
    for (int i = 0; i < 32; i++) {
        float f = (float)(i % 7) - 2.5f; /* -2.5 .. 3.5 */
        memcpy(&in[0][i], &f, 4);
        in[1][i] = i % 2 ? 0x80000000u : 0; /* -0 and +0 only */
        f = (float)i * -0.25f;              /* 0 .. -7.75: .abs changes min and max */
        memcpy(&in[2][i], &f, 4);
        in[3][i] = in[0][i];
        in[4][i] = 0x7fc00000u | (uint32_t)i; /* all NaN (payloads) */
    }
    in[3][9] = 0xffc00001u;  /* one NaN among numbers */
    in[0][30] = 0x80000000u; /* -0 beside +0.5 and -0.5: no tie */
    in[2][0] = 0x80000000u;  /* -0 for .abs: min |x| is +0 */
    for (int s = 0; s < SETS; s++) {
        SimCtx *ctx = sim_create();
        SimFunc *f = load_entry(ctx, ptx, "k");
        uint32_t out[32][8];
        SimDevPtr di = dev_upload(ctx, in[s], sizeof in[s]), d = 0;
        sim_mem_alloc(ctx, &d, sizeof out);
        void *params[] = { &di, &d };
        if (launch_ok(ctx, f, 1, 32, 0, params) == 0) {
            dev_download(ctx, out, d, sizeof out);
            for (int k = 0; k < 8; k++) {
                uint32_t want = isa_redux_f32(in[s], 32, k & 1, k & 2, k & 4);
                for (int l = 0; l < 32; l++)
                    CHECK(out[l][k] == want, "set %d redux.sync.%s lane %d: 0x%08x, want 0x%08x", s,
                          form[k], l, out[l][k], want);
            }
        }
        sim_destroy(ctx);
    }
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
    test_redux_f32();
    return test_exit("test_sim_warp");
}
