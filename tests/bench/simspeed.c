/*
 * simspeed.c -- `make bench` section: how fast sim/ executes two nvcc-built kernels
 * (a 128x128x64 mma.sync GEMM, 4 warps per CTA; a 2^20-element reduction), and
 * whether they compute the right thing; with FMA.ptx also issue 15's dependent-FMA kernel
 * (tests/bench/fma_chain.ptx, 216 CTAs x 1024 threads x 2048 fma.rn.f32).
 * Usage: simspeed GEMM.ptx REDUCE.ptx [FMA.ptx]   or   simspeed - - FMA.ptx
 */
#include "sim/sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tests/unit/files.h"

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static SimFunc *
load(SimCtx *c, const char *path, const char *entry)
{
    char *text = read_file(path, &(size_t){ 0 });
    SimModule *m;
    SimFunc *f = NULL;
    if (!text || sim_module_load(c, text, path, &m) != SIM_OK ||
        sim_module_get_function(m, entry, &f) != SIM_OK)
        fprintf(stderr, "simspeed: %s: %s\n", path, text ? sim_error(c) : "cannot read");
    free(text);
    return f;
}

static void
report(SimCtx *c, const char *what, double seconds, int ok)
{
    SimStats st;
    sim_stats(c, &st);
    printf("%s  %.3f s  %llu instructions  %.1f M instructions/s  %s\n", what, seconds,
           (unsigned long long)st.instructions, (double)st.instructions / seconds / 1e6,
           ok ? "correct" : "WRONG");
}

static int
gemm(SimCtx *c, SimFunc *f)
{
    int M = 128, N = 128, K = 64;
    unsigned short *a = malloc((size_t)M * K * 2), *b = malloc((size_t)K * N * 2);
    float *out = malloc((size_t)M * N * 4);
    for (int i = 0; i < M * K; i++)
        a[i] = (unsigned short)(0x3c00 + (i % 3) * 0x400); /* 1, 2, 4 */
    for (int i = 0; i < K * N; i++)
        b[i] = (unsigned short)(0x3800 + (i % 2) * 0x400); /* 0.5, 1 */
    SimDevPtr da, db, dc;
    sim_mem_alloc(c, &da, (size_t)M * K * 2);
    sim_mem_alloc(c, &db, (size_t)K * N * 2);
    sim_mem_alloc(c, &dc, (size_t)M * N * 4);
    sim_memcpy_htod(c, da, a, (size_t)M * K * 2);
    sim_memcpy_htod(c, db, b, (size_t)K * N * 2);
    void *p[] = { &dc, &da, &db, &M, &N, &K };
    double t0 = now();
    int ok = sim_launch(f, (unsigned)N / 16, (unsigned)M / 32, 1, 128, 1, 1, 0, p) == SIM_OK;
    double t1 = now();
    if (!ok)
        fprintf(stderr, "simspeed: %s\n", sim_error(c));
    sim_memcpy_dtoh(c, out, dc, (size_t)M * N * 4);
    for (int i = 0; ok && i < M; i++)
        for (int j = 0; ok && j < N; j++) {
            double want = 0;
            for (int k = 0; k < K; k++)
                want += (double)(1 << ((i * K + k) % 3)) * ((k * N + j) % 2 ? 1.0 : 0.5);
            ok = fabs(out[i * N + j] - want) < 1e-3;
        }
    report(c, "gemm 128x128x64 mma.sync", t1 - t0, ok);
    free(a), free(b), free(out);
    return ok;
}

static int
reduce(SimCtx *c, SimFunc *f)
{
    int n = 1 << 20, blocks = n / 256;
    float *x = malloc((size_t)n * 4), *out = malloc((size_t)blocks * 4);
    for (int i = 0; i < n; i++)
        x[i] = (float)(i % 7);
    SimDevPtr dx, dout;
    sim_mem_alloc(c, &dx, (size_t)n * 4);
    sim_mem_alloc(c, &dout, (size_t)blocks * 4);
    sim_memcpy_htod(c, dx, x, (size_t)n * 4);
    void *p[] = { &dout, &dx, &n };
    double t0 = now();
    int ok = sim_launch(f, (unsigned)blocks, 1, 1, 256, 1, 1, 0, p) == SIM_OK;
    double t1 = now();
    if (!ok)
        fprintf(stderr, "simspeed: %s\n", sim_error(c));
    sim_memcpy_dtoh(c, out, dout, (size_t)blocks * 4);
    for (int b = 0; ok && b < blocks; b++) {
        double want = 0;
        for (int i = 0; i < 256; i++)
            want += (b * 256 + i) % 7;
        ok = out[b] == (float)want;
    }
    report(c, "reduce 2^20 f32", t1 - t0, ok);
    free(x), free(out);
    return ok;
}

static int
fma_chain(SimCtx *c, SimFunc *f)
{
    unsigned blocks = 216, threads = 1024, n = blocks * threads;
    float *out = malloc((size_t)n * 4), a = 0.999f, b = 0.001f;
    SimDevPtr d;
    sim_mem_alloc(c, &d, (size_t)n * 4);
    void *p[] = { &d, &a, &b };
    double t0 = now();
    int ok = sim_launch(f, blocks, 1, 1, threads, 1, 1, 0, p) == SIM_OK;
    double t1 = now();
    if (!ok)
        fprintf(stderr, "simspeed: %s\n", sim_error(c));
    sim_memcpy_dtoh(c, out, d, (size_t)n * 4);
    for (unsigned i = 0; ok && i < n; i += 4099) { /* a sample, against the host's fmaf */
        float x = (float)i * 0x1p-20f;
        for (int k = 0; k < 2048; k++)
            x = fmaf(x, a, b);
        ok = out[i] == x;
    }
    report(c, "fma chain 216x1024x2048", t1 - t0, ok);
    free(out);
    return ok;
}

int
main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: simspeed GEMM.ptx REDUCE.ptx [FMA.ptx]\n");
        return 2;
    }
    SimCtx *c = sim_create();
    int ok = 1;
    if (strcmp(argv[1], "-")) {
        SimFunc *g = load(c, argv[1], "gemm4"), *r = load(c, argv[2], "reduce");
        ok = g && r && gemm(c, g) && reduce(c, r);
    }
    if (ok && argc == 4) {
        SimFunc *fc = load(c, argv[3], "fma_chain");
        ok = fc && fma_chain(c, fc);
    }
    sim_destroy(c);
    return ok ? 0 : 1;
}
