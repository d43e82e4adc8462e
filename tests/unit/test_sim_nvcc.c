/*
 * test_sim_nvcc.c -- the simulator runs PTX written by another compiler:
 * nvcc -ptx -arch=sm_80 builds the tests/sim .cu files at test time, the simulator
 * runs each kernel on pseudo-random data, and a C reference here checks
 * the result.  Exits 77 ("SKIP") when nvcc is not installed.
 * Run from the repository root.
 */
#include "tests/sim/simtest.h"

#include <math.h>
#include <unistd.h>

static const char *nvcc_path;
static char tmpdir[64];

/* nvcc tests/sim/<name>.cu to PTX and load it; NULL after a failure line. */
static SimModule *
build(SimCtx *ctx, const char *name)
{
    char cmd[512], out[128];
    snprintf(out, sizeof out, "%s/%s.ptx", tmpdir, name);
    snprintf(cmd, sizeof cmd, "%s -ptx -arch=sm_80 tests/sim/%s.cu -o %s", nvcc_path, name, out);
    if (system(cmd) != 0) {
        CHECK(0, "%s failed", cmd);
        return NULL;
    }
    char *ptx = read_file(out);
    remove(out);
    SimModule *m = NULL;
    if (!ptx || sim_module_load(ctx, ptx, out, &m) != SIM_OK) {
        CHECK(0, "loading %s: %s", name, sim_error(ctx));
        m = NULL;
    }
    free(ptx);
    return m;
}

static SimFunc *
entry(SimCtx *ctx, SimModule *m, const char *name)
{
    SimFunc *f = NULL;
    if (m && sim_module_get_function(m, name, &f) != SIM_OK)
        CHECK(0, "%s", sim_error(ctx));
    return f;
}

static int
run(SimCtx *ctx, SimFunc *f, unsigned gx, unsigned gy, unsigned bx, unsigned by, void **params)
{
    if (!f)
        return -1;
    SimResult r = sim_launch(f, gx, gy, 1, bx, by, 1, 0, params);
    CHECK(r == SIM_OK, "launch: %s", sim_error(ctx));
    return r == SIM_OK ? 0 : -1;
}

static uint32_t seed = 2024;

static uint32_t
rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
}

static void
test_reduce(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = entry(ctx, build(ctx, "reduce"), "reduce");
    enum { N = 100000, G = 20, B = 256 };
    float *in = malloc(N * sizeof *in), out[G];
    for (int i = 0; i < N; i++)
        in[i] = (float)(rnd() % 2000) / 100.0f - 10.0f;
    SimDevPtr din = dev_upload(ctx, in, N * sizeof *in), dout = 0;
    sim_mem_alloc(ctx, &dout, sizeof out);
    int n = N;
    void *params[] = { &dout, &din, &n };
    if (run(ctx, f, G, 1, B, 1, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (int b = 0; b < G; b++) {
            double want = 0;
            for (int i = b * B; i < N; i += G * B)
                for (int k = 0; k < B && i + k < N; k++)
                    want += in[i + k];
            CHECK(fabs(out[b] - want) <= 1e-3 * (1 + fabs(want)), "reduce block %d = %g, want %g",
                  b, out[b], want);
        }
    }
    free(in);
    sim_destroy(ctx);
}

static void
test_transpose(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = entry(ctx, build(ctx, "transpose"), "transpose");
    enum { R = 100, C = 70 };
    float in[R * C], out[R * C];
    for (int i = 0; i < R * C; i++)
        in[i] = (float)i;
    SimDevPtr din = dev_upload(ctx, in, sizeof in), dout = 0;
    sim_mem_alloc(ctx, &dout, sizeof out);
    int rows = R, cols = C;
    void *params[] = { &dout, &din, &rows, &cols };
    if (run(ctx, f, (C + 31) / 32, (R + 31) / 32, 32, 8, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        int bad = 0;
        for (int y = 0; y < R; y++)
            for (int x = 0; x < C; x++)
                if (out[x * R + y] != in[y * C + x] && bad++ < 5)
                    CHECK(0, "transpose out[%d][%d] = %g, want %g", x, y, out[x * R + y],
                          in[y * C + x]);
        SimStats st;
        sim_stats(ctx, &st);
        /* the 33-float pitch makes the column reads conflict-free */
        CHECK(st.shared_ld_wavefronts == st.shared_ld_wavefronts_min,
              "transpose shared loads: %llu wavefronts, ideal %llu",
              (unsigned long long)st.shared_ld_wavefronts,
              (unsigned long long)st.shared_ld_wavefronts_min);
    }
    sim_destroy(ctx);
}

static void
test_atomics(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = entry(ctx, build(ctx, "atomics"), "atomics");
    enum { N = 3000 };
    int in[N];
    unsigned hist[16] = { 0 }, wrap = 0;
    int imax = INT32_MIN;
    float fmax = -1e30f;
    for (int i = 0; i < N; i++)
        in[i] = (int)(rnd() % 100000) - 50000;
    SimDevPtr dh = dev_upload(ctx, hist, sizeof hist), dm = dev_upload(ctx, &imax, 4);
    SimDevPtr df = dev_upload(ctx, &fmax, 4), dw = dev_upload(ctx, &wrap, 4),
              din = dev_upload(ctx, in, sizeof in);
    int n = N;
    void *params[] = { &dh, &dm, &df, &dw, &din, &n };
    if (run(ctx, f, (N + 127) / 128, 1, 128, 1, params) == 0) {
        dev_download(ctx, hist, dh, sizeof hist);
        dev_download(ctx, &imax, dm, 4);
        dev_download(ctx, &fmax, df, 4);
        dev_download(ctx, &wrap, dw, 4);
        unsigned want_hist[16] = { 0 };
        int want_max = INT32_MIN;
        for (int i = 0; i < N; i++) {
            want_hist[in[i] & 15]++;
            want_max = in[i] > want_max ? in[i] : want_max;
        }
        for (int b = 0; b < 16; b++)
            CHECK(hist[b] == want_hist[b], "hist[%d] = %u, want %u", b, hist[b], want_hist[b]);
        CHECK(imax == want_max, "atomicMax = %d, want %d", imax, want_max);
        CHECK(fmax == (float)want_max * 0.5f, "CAS float max = %g, want %g", fmax, want_max * 0.5);
        CHECK(wrap == N % 100, "atomicInc = %u, want %u", wrap, N % 100);
    }
    sim_destroy(ctx);
}

static void
test_cpasync(void)
{
    SimCtx *ctx = sim_create();
    SimModule *m = build(ctx, "cpasync");
    SimFunc *f = entry(ctx, m, "pipeline"), *g = entry(ctx, m, "small_copy");
    enum { N = 256 * 9 + 37, T = 10 };
    float *in = malloc(N * sizeof *in), out[T];
    for (int i = 0; i < N; i++)
        in[i] = (float)(rnd() % 64);
    SimDevPtr din = dev_upload(ctx, in, N * sizeof *in), dout = 0;
    sim_mem_alloc(ctx, &dout, sizeof out);
    int ntiles = T, n = N;
    void *params[] = { &dout, &din, &ntiles, &n };
    if (run(ctx, f, 3, 1, 64, 1, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (int t = 0; t < T; t++) {
            float want = 0;
            for (int i = t * 256; i < (t + 1) * 256 && i < N; i++)
                want += in[i];
            CHECK(out[t] == want, "pipeline tile %d = %g, want %g", t, out[t], want);
        }
    }
    float small[128];
    SimDevPtr dsmall = 0;
    sim_mem_alloc(ctx, &dsmall, sizeof small);
    n = 100;
    void *p2[] = { &dsmall, &din, &n };
    if (run(ctx, g, 1, 1, 128, 1, p2) == 0) {
        dev_download(ctx, small, dsmall, sizeof small);
        for (int t = 0; t < 128; t++) {
            int s = 127 - t;
            CHECK(small[t] == (s < 100 ? in[s] : 0.0f), "small_copy[%d] = %g", t, small[t]);
        }
    }
    free(in);
    sim_destroy(ctx);
}

static void
test_divergent(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = entry(ctx, build(ctx, "divergent"), "collatz");
    enum { N = 1000, CAP = 120 };
    int start[N], steps[N];
    unsigned ballots[(N + 31) / 32];
    for (int i = 0; i < N; i++)
        start[i] = i % 17 == 0 ? -(int)i : (int)(rnd() % 5000);
    SimDevPtr ds = dev_upload(ctx, start, sizeof start), dst = 0, db = 0;
    sim_mem_alloc(ctx, &dst, sizeof steps);
    sim_mem_alloc(ctx, &db, sizeof ballots);
    int n = N, cap = CAP;
    void *params[] = { &dst, &db, &ds, &n, &cap };
    if (run(ctx, f, (N + 63) / 64, 1, 64, 1, params) == 0) {
        dev_download(ctx, steps, dst, sizeof steps);
        dev_download(ctx, ballots, db, sizeof ballots);
        for (int i = 0; i < N; i++) {
            long long x = start[i];
            int s = 0;
            if (x <= 0)
                s = -1;
            else
                while (x != 1 && s < CAP) {
                    s++;
                    x = (x & 1) ? 3 * x + 1 : x >> 1;
                }
            CHECK(steps[i] == s, "collatz(%d) = %d, want %d", start[i], steps[i], s);
        }
        for (int w = 0; w < N / 32; w++) {
            unsigned want = 0;
            for (int l = 0; l < 32; l++)
                if (start[32 * w + l] > 0 && steps[32 * w + l] > 10)
                    want |= 1u << l;
            CHECK(ballots[w] == want, "ballot of warp %d = 0x%08x, want 0x%08x", w, ballots[w],
                  want);
        }
    }
    sim_destroy(ctx);
}

static void
test_barpartial(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = entry(ctx, build(ctx, "barpartial"), "groups");
    int out[128];
    SimDevPtr d = 0;
    sim_mem_alloc(ctx, &d, sizeof out);
    void *params[] = { &d };
    if (run(ctx, f, 1, 1, 128, 1, params) == 0) {
        dev_download(ctx, out, d, sizeof out);
        for (int t = 0; t < 128; t++) {
            int want = t < 64 ? (63 - t) * (63 - t) + 1 : (191 - t) * (191 - t) + 2;
            CHECK(out[t] == want, "groups[%d] = %d, want %d", t, out[t], want);
        }
        SimStats st;
        sim_stats(ctx, &st);
        CHECK(st.barriers == 2, "%llu barriers completed, want 2", (unsigned long long)st.barriers);
    }
    sim_destroy(ctx);
}

static uint16_t
f16_of_int(int v) /* |v| < 2048 */
{
    if (v == 0)
        return 0;
    uint16_t s = v < 0 ? 0x8000 : 0;
    unsigned a = (unsigned)abs(v);
    int e = 0;
    while ((a >> e) > 1)
        e++;
    return (uint16_t)(s | (e + 15) << 10 | ((a << 10 >> e) & 1023));
}

static void
test_mma(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = entry(ctx, build(ctx, "mma"), "gemm");
    enum { M = 48, N = 32, K = 64 };
    static uint16_t A[M * K], B[K * N];
    static int ai[M * K], bi[K * N];
    static float C[M * N];
    for (int i = 0; i < M * K; i++)
        A[i] = f16_of_int(ai[i] = (int)(rnd() % 9) - 4);
    for (int i = 0; i < K * N; i++)
        B[i] = f16_of_int(bi[i] = (int)(rnd() % 9) - 4);
    SimDevPtr da = dev_upload(ctx, A, sizeof A), db = dev_upload(ctx, B, sizeof B), dc = 0;
    sim_mem_alloc(ctx, &dc, sizeof C);
    int m = M, n = N, k = K;
    void *params[] = { &dc, &da, &db, &m, &n, &k };
    if (run(ctx, f, N / 8, M / 16, 32, 1, params) == 0) {
        dev_download(ctx, C, dc, sizeof C);
        int bad = 0;
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                int want = 0;
                for (int q = 0; q < K; q++)
                    want += ai[i * K + q] * bi[q * N + j];
                if (C[i * N + j] != (float)want && bad++ < 5)
                    CHECK(0, "gemm C[%d][%d] = %g, want %d", i, j, C[i * N + j], want);
            }
    }
    sim_destroy(ctx);
}

int
main(void)
{
    static const char *const candidates[] = { "/usr/local/cuda/bin/nvcc", "/usr/bin/nvcc" };
    for (size_t i = 0; i < 2 && !nvcc_path; i++)
        if (access(candidates[i], X_OK) == 0)
            nvcc_path = candidates[i];
    if (!nvcc_path) {
        printf("SKIP: nvcc not found\n");
        return 77;
    }
    snprintf(tmpdir, sizeof tmpdir, "/tmp/vptx_sim_nvcc_%ld", (long)getpid());
    char cmd[128];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", tmpdir);
    if (system(cmd) != 0)
        return 1;
    test_reduce();
    test_transpose();
    test_atomics();
    test_cpasync();
    test_divergent();
    test_barpartial();
    test_mma();
    rmdir(tmpdir);
    return test_exit("test_sim_nvcc");
}
