/*
 * test_bench_kernels.c -- the three SIMT-level bench kernels (copies of tests/bench/kernels/
 * K1 reduction, K2 ldmatrix + mma.sync, K3 exp, in examples/simt/) compiled by vptx to
 * PTX, run on the simulator on seeded random data and compared with references computed
 * here in C (not by eval, not by vptx).
 *
 *   K1  out[r] = sum_c x[r][c], x 8x64 f32: the reference replays the kernel's order of
 *       additions (xor butterfly in each warp, then warp 0 + warp 1), so it is exact.
 *   K2  D(16x8 f32) = A(16x16 f16) * B, bt = B^T (8x16 f16): inputs are multiples of 1/8
 *       in [-2, 2], so every product and partial sum is exact in f32 whatever order the
 *       mma adds in; compared exactly.
 *   K3  y = exp(x), n4 vector<4xf32> (n4 not a multiple of the block): compared with libm's
 *       exp within the documented error of the default sequence (ex2.approx.ftz of
 *       x*log2(e)); elements past n4 must stay untouched.
 */
#include "driver/vptx.h"
#include "sim/sim.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/unit.h"
#include "tests/unit/eighths.h"
#include "tests/unit/files.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint32_t
next_u32(void)
{
    rng = rng * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(rng >> 33);
}

/* uniform in [lo, hi) */
static float
uniform(float lo, float hi)
{
    return lo + (hi - lo) * (float)(next_u32() & 0xffffff) / 16777216.0f;
}

/* Compiles an example to PTX and loads its entry `name`; NULL (and a failure) if any
 * step fails.  The module stays loaded in ctx. */
static SimFunc *
compile_and_load(SimCtx *ctx, const char *path, const char *name)
{
    size_t len = 0;
    char *text = read_file(path, &len);
    CHECK(text != NULL, "%s: cannot read", path);
    if (!text)
        return NULL;
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = "sm_80";
    VptxResult *r = NULL;
    int rc = vptx_compile(path, text, len, &opt, &r);
    free(text);
    CHECK(rc == 0, "%s: %s", path, r ? vptx_result_diagnostics_text(r) : "out of memory");
    SimFunc *f = NULL;
    if (rc == 0) {
        SimModule *m = NULL;
        SimResult s = sim_module_load(ctx, vptx_result_output(r, NULL), path, &m);
        CHECK(s == SIM_OK, "%s: %s", path, sim_error(ctx));
        if (s == SIM_OK)
            CHECK(sim_module_get_function(m, name, &f) == SIM_OK, "%s: no entry %s", path, name);
    }
    vptx_result_free(r);
    return f;
}

static SimDevPtr
upload(SimCtx *ctx, const void *src, size_t bytes)
{
    SimDevPtr p = 0;
    if (sim_mem_alloc(ctx, &p, bytes) != SIM_OK)
        return 0;
    sim_memcpy_htod(ctx, p, src, bytes);
    return p;
}

static void
test_k1(void)
{
    float x[8][64], out[8], ref[8];
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 64; c++)
            x[r][c] = uniform(-1, 1);
    /* reference: the kernel's order.  Each warp's butterfly: after the step with offset o,
       lane i holds s[i] + s[i ^ o]; lane 0 of warp w writes its row sums, threads r < 8
       add part[0][r] + part[1][r]. */
    for (int r = 0; r < 8; r++) {
        float part[2];
        for (int w = 0; w < 2; w++) {
            float s[32], t[32];
            for (int i = 0; i < 32; i++)
                s[i] = x[r][32 * w + i];
            for (int o = 16; o >= 1; o /= 2) {
                for (int i = 0; i < 32; i++)
                    t[i] = s[i] + s[i ^ o];
                memcpy(s, t, sizeof s);
            }
            part[w] = s[0];
        }
        ref[r] = part[0] + part[1];
    }
    SimCtx *ctx = sim_create();
    SimFunc *f = compile_and_load(ctx, "examples/simt/k1_reduce.mlir", "k1_reduce");
    SimDevPtr dx = upload(ctx, x, sizeof x), dout = 0;
    sim_mem_alloc(ctx, &dout, sizeof out);
    void *params[] = { &dx, &dout };
    if (f) {
        SimResult s = sim_launch(f, 1, 1, 1, 64, 1, 1, 0, params);
        CHECK(s == SIM_OK, "k1 launch: %s", sim_error(ctx));
        sim_memcpy_dtoh(ctx, out, dout, sizeof out);
        int bad = 0;
        for (int r = 0; r < 8; r++)
            bad += memcmp(&out[r], &ref[r], 4) != 0;
        CHECK(bad == 0, "k1: %d of 8 row sums differ (row 0: %.9g vs %.9g)", bad, out[0], ref[0]);
    }
    sim_destroy(ctx);
}

static void
test_k2(void)
{
    int a[16][16], bt[8][16];
    uint16_t ah[16][16], bh[8][16];
    for (int m = 0; m < 16; m++)
        for (int k = 0; k < 16; k++) {
            a[m][k] = (int)(next_u32() % 33) - 16;
            ah[m][k] = half_of_eighths(a[m][k]);
        }
    for (int n = 0; n < 8; n++)
        for (int k = 0; k < 16; k++) {
            bt[n][k] = (int)(next_u32() % 33) - 16;
            bh[n][k] = half_of_eighths(bt[n][k]);
        }
    float d[16][8], ref[16][8];
    for (int m = 0; m < 16; m++)
        for (int n = 0; n < 8; n++) {
            int s = 0;
            for (int k = 0; k < 16; k++)
                s += a[m][k] * bt[n][k];
            ref[m][n] = (float)s / 64.0f;
        }
    SimCtx *ctx = sim_create();
    SimFunc *f = compile_and_load(ctx, "examples/simt/k2_mma.mlir", "k2_mma");
    SimDevPtr da = upload(ctx, ah, sizeof ah), db = upload(ctx, bh, sizeof bh), dd = 0;
    sim_mem_alloc(ctx, &dd, sizeof d);
    void *params[] = { &da, &db, &dd };
    if (f) {
        SimResult s = sim_launch(f, 1, 1, 1, 32, 1, 1, 0, params);
        CHECK(s == SIM_OK, "k2 launch: %s", sim_error(ctx));
        sim_memcpy_dtoh(ctx, d, dd, sizeof d);
        int bad = 0;
        for (int m = 0; m < 16; m++)
            for (int n = 0; n < 8; n++)
                bad += d[m][n] != ref[m][n];
        CHECK(bad == 0, "k2: %d of 128 outputs differ (D[0][0] %g vs %g)", bad, d[0][0], ref[0][0]);
    }
    sim_destroy(ctx);
}

static void
test_k3(void)
{
    enum { N4 = 1000, BLOCK = 128, PAD = 8 };
    static float x[4 * (N4 + PAD)], y[4 * (N4 + PAD)];
    for (int i = 0; i < 4 * N4; i++)
        x[i] = uniform(-20, 20);
    for (int i = 4 * N4; i < 4 * (N4 + PAD); i++)
        x[i] = 1.0f;
    const float sentinel = -12345.0f;
    for (int i = 0; i < 4 * (N4 + PAD); i++)
        y[i] = sentinel;
    SimCtx *ctx = sim_create();
    SimFunc *f = compile_and_load(ctx, "examples/simt/k3_exp.mlir", "k3_exp");
    SimDevPtr dx = upload(ctx, x, sizeof x), dy = upload(ctx, y, sizeof y);
    uint64_t n4 = N4;
    /* memref<?xvector<4xf32>> x, y: base pointer then the dynamic size; then n4 */
    void *params[] = { &dx, &n4, &dy, &n4, &n4 };
    if (f) {
        SimResult s = sim_launch(f, (N4 + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1, 0, params);
        CHECK(s == SIM_OK, "k3 launch: %s", sim_error(ctx));
        sim_memcpy_dtoh(ctx, y, dy, sizeof y);
        /* ex2.approx.ftz: 2 ulp (relative 2^-22) of its input p = fl(x * fl(log2 e)),
           whose error (half an ulp of p, plus |x| times the error of the f32 constant)
           becomes a relative error of ln 2 times that in the result */
        const double log2e = 1.4426950408889634074, log2e_f = (double)(float)log2e;
        double worst = 0, worst_ratio = 0;
        int bad = 0;
        for (int i = 0; i < 4 * N4; i++) {
            double want = exp((double)x[i]);
            double rel = fabs((double)y[i] - want) / want;
            double p = fabs(x[i] * log2e_f);
            double half_ulp = p > 0 ? ldexp(1, (int)floor(log2(p)) - 24) : 0;
            double bound = ldexp(1, -22) + log(2) * (half_ulp + fabs(x[i]) * fabs(log2e_f - log2e));
            if (rel > worst)
                worst = rel;
            if (rel / bound > worst_ratio)
                worst_ratio = rel / bound;
            bad += !(rel <= bound);
        }
        CHECK(bad == 0, "k3: %d of %d outside the bound; worst error / bound %g", bad, 4 * N4,
              worst_ratio);
        int touched = 0;
        for (int i = 4 * N4; i < 4 * (N4 + PAD); i++)
            touched += y[i] != sentinel;
        CHECK(touched == 0, "k3: %d elements past n4 written", touched);
        printf("k3: worst relative error of exp over %d inputs in [-20, 20]: %.3g (%.2f of the "
               "bound)\n",
               4 * N4, worst, worst_ratio);
    }
    sim_destroy(ctx);
}

static void
test_gemm64_staged(void)
{
    enum { N = 64 };
    static int a[N][N], b[N][N];
    static uint16_t ah[N][N], bh[N][N];
    static float c[N][N], ref[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (int)(next_u32() % 33) - 16;
            b[i][j] = (int)(next_u32() % 33) - 16;
            ah[i][j] = half_of_eighths(a[i][j]);
            bh[i][j] = half_of_eighths(b[i][j]);
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int sum = 0;
            for (int k = 0; k < N; k++)
                sum += a[i][k] * b[k][j];
            ref[i][j] = (float)sum / 64.0f;
        }
    const char *path = "tests/bench/kernels/gemm64_staged.ptx";
    size_t len = 0;
    char *text = read_file(path, &len);
    CHECK(text != NULL, "%s: cannot read", path);
    SimCtx *ctx = sim_create();
    SimModule *m = NULL;
    SimFunc *f = NULL;
    if (text && sim_module_load(ctx, text, path, &m) == SIM_OK)
        sim_module_get_function(m, "gemm64", &f);
    CHECK(f != NULL, "%s: not loaded: %s", path, sim_error(ctx));
    free(text);
    SimDevPtr da = upload(ctx, ah, sizeof ah), db = upload(ctx, bh, sizeof bh), dc = 0;
    sim_mem_alloc(ctx, &dc, sizeof c);
    void *params[] = { &da, &db, &dc };
    if (f) {
        SimResult r = sim_launch(f, 1, 1, 1, 128, 1, 1, 0, params);
        CHECK(r == SIM_OK, "gemm64_staged launch: %s", sim_error(ctx));
        sim_memcpy_dtoh(ctx, c, dc, sizeof c);
        int bad = 0;
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                bad += c[i][j] != ref[i][j];
        CHECK(bad == 0, "gemm64_staged: %d of %d outputs differ (C[0][0] %g vs %g)", bad, N * N,
              c[0][0], ref[0][0]);
    }
    sim_destroy(ctx);
}

int
main(void)
{
    test_k1();
    test_k2();
    test_k3();
    test_gemm64_staged();
    return unit_report();
}
