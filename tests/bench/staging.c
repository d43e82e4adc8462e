/*
 * staging.c -- tests/bench/staging.sh's runner: examples/gemm.mlir (compiled by vptx)
 * and tests/bench/ref_gemm.ptx (nvcc's CUTLASS-style reference) on the simulator, on
 * the same inputs, each checked exactly against C, then their counters side by side.
 *
 *   staging REF.ptx GEMM.mlir M N K
 *
 * Inputs are multiples of 1/8 in [-2, 2]: every product and partial sum is exact in
 * f32 (for K < 2^16), so both kernels must match the C product bit for bit.
 */
#include "driver/vptx.h"
#include "sim/sim.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/files.h"
#include "tests/unit/eighths.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;

static int
next_eighths(void) /* -16 .. 16 */
{
    return next_eighths_from(&rng);
}

static int
run(SimCtx *ctx, SimFunc *f, void **params, unsigned gx, unsigned gy, SimDevPtr dc, float *c,
    size_t cbytes, const float *ref, const char *what, SimStats *st)
{
    sim_memset_d8(ctx, dc, 0, cbytes);
    if (sim_launch(f, gx, gy, 1, 256, 1, 1, 0, params) != SIM_OK) {
        fprintf(stderr, "%s: %s\n", what, sim_error(ctx));
        return 1;
    }
    sim_stats(ctx, st);
    sim_memcpy_dtoh(ctx, c, dc, cbytes);
    size_t bad = 0;
    for (size_t i = 0; i < cbytes / 4; i++)
        bad += memcmp(&c[i], &ref[i], 4) != 0;
    printf("%-6s result: %s (%zu of %zu elements differ from C)\n", what, bad ? "WRONG" : "exact",
           bad, cbytes / 4);
    return bad != 0;
}

static double
pct(uint64_t ideal, uint64_t real)
{
    return real ? 100.0 * (double)ideal / (double)real : 100.0;
}

int
main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: staging REF.ptx GEMM.mlir M N K\n");
        return 2;
    }
    uint64_t M = strtoull(argv[3], NULL, 10), N = strtoull(argv[4], NULL, 10),
             K = strtoull(argv[5], NULL, 10);
    uint16_t *a = malloc(M * K * 2), *b = malloc(K * N * 2);
    float *ref = calloc(M * N, 4), *c = malloc(M * N * 4);
    int *ak = malloc(M * K * sizeof *ak), *bk = malloc(K * N * sizeof *bk);
    for (uint64_t i = 0; i < M * K; i++)
        a[i] = half_of_eighths(ak[i] = next_eighths());
    for (uint64_t i = 0; i < K * N; i++)
        b[i] = half_of_eighths(bk[i] = next_eighths());
    for (uint64_t i = 0; i < M; i++)
        for (uint64_t j = 0; j < N; j++) {
            long s = 0;
            for (uint64_t k = 0; k < K; k++)
                s += (long)ak[i * K + k] * bk[k * N + j];
            ref[i * N + j] = (float)s / 64.0f;
        }

    SimCtx *ctx = sim_create();
    SimDevPtr da, db, dc;
    sim_mem_alloc(ctx, &da, M * K * 2);
    sim_mem_alloc(ctx, &db, K * N * 2);
    sim_mem_alloc(ctx, &dc, M * N * 4);
    sim_memcpy_htod(ctx, da, a, M * K * 2);
    sim_memcpy_htod(ctx, db, b, K * N * 2);
    unsigned gx = (unsigned)((N + 127) / 128), gy = (unsigned)((M + 127) / 128);
    int fails = 0;
    SimStats st[2];

    /* nvcc's reference: (A, B, C, M, N, K) with int sizes */
    size_t len;
    char *text = read_file(argv[1], &len);
    SimModule *mod;
    SimFunc *f;
    if (!text || sim_module_load(ctx, text, argv[1], &mod) != SIM_OK ||
        sim_module_get_function(mod, "ref_gemm", &f) != SIM_OK) {
        fprintf(stderr, "%s: %s\n", argv[1], text ? sim_error(ctx) : "cannot read");
        return 1;
    }
    free(text);
    int im = (int)M, in = (int)N, ik = (int)K;
    void *rp[] = { &da, &db, &dc, &im, &in, &ik };
    fails += run(ctx, f, rp, gx, gy, dc, c, M * N * 4, ref, "nvcc", &st[0]);

    /* vptx: A (ptr, M, K), B (ptr, K, N), C (ptr, M, N) */
    text = read_file(argv[2], &len);
    VptxOptions opt;
    vptx_options_init(&opt);
    VptxResult *r = NULL;
    if (!text || vptx_compile(argv[2], text, len, &opt, &r) != 0) {
        fprintf(stderr, "%s: %s\n", argv[2], r ? vptx_result_diagnostics_text(r) : "cannot read");
        return 1;
    }
    free(text);
    if (sim_module_load(ctx, vptx_result_output(r, NULL), argv[2], &mod) != SIM_OK ||
        sim_module_get_function(mod, "gemm", &f) != SIM_OK) {
        fprintf(stderr, "%s: %s\n", argv[2], sim_error(ctx));
        return 1;
    }
    void *vp[] = { &da, &M, &K, &db, &K, &N, &dc, &M, &N };
    fails += run(ctx, f, vp, gx, gy, dc, c, M * N * 4, ref, "vptx", &st[1]);
    vptx_result_free(r);

    printf("%-34s %14s %14s\n", "simulator counters (per launch)", "nvcc", "vptx");
    printf("%-34s %14llu %14llu\n", "instructions (thread-level)",
           (unsigned long long)st[0].instructions, (unsigned long long)st[1].instructions);
    printf("%-34s %13.1f%% %13.1f%%\n", "global load sector efficiency",
           pct(st[0].global_ld_sectors_min, st[0].global_ld_sectors),
           pct(st[1].global_ld_sectors_min, st[1].global_ld_sectors));
    printf("%-34s %13.1f%% %13.1f%%\n", "global store sector efficiency",
           pct(st[0].global_st_sectors_min, st[0].global_st_sectors),
           pct(st[1].global_st_sectors_min, st[1].global_st_sectors));
    printf("%-34s %14llu %14llu\n", "global store requests",
           (unsigned long long)st[0].global_st_requests,
           (unsigned long long)st[1].global_st_requests);
    printf("%-34s %13.1f%% %13.1f%%\n", "shared loads conflict-free",
           pct(st[0].shared_ld_wavefronts_min, st[0].shared_ld_wavefronts),
           pct(st[1].shared_ld_wavefronts_min, st[1].shared_ld_wavefronts));
    printf("%-34s %13.1f%% %13.1f%%\n", "shared stores conflict-free",
           pct(st[0].shared_st_wavefronts_min, st[0].shared_st_wavefronts),
           pct(st[1].shared_st_wavefronts_min, st[1].shared_st_wavefronts));
    printf("%-34s %14llu %14llu\n", "barriers", (unsigned long long)st[0].barriers,
           (unsigned long long)st[1].barriers);
    /* executed instructions per executed mma.sync (whole kernel, warp-level: a
       thread-level count / 32; mma.sync counts once per thread too) */
    for (int w = 0; w < 2; w++) {
        const uint64_t *k = st[w].by_class;
        double mma = (double)k[SIM_CLASS_MMA];
        uint64_t other = st[w].instructions - k[SIM_CLASS_MMA] - k[SIM_CLASS_LDMATRIX] -
                         k[SIM_CLASS_ASYNC] - k[SIM_CLASS_MOV];
        printf("%-6s executed per mma: ldmatrix %.2f, cp.async %.2f, mov %.2f, other %.2f"
               " (%.2f non-mma per mma)\n",
               w ? "vptx" : "nvcc", k[SIM_CLASS_LDMATRIX] / mma, k[SIM_CLASS_ASYNC] / mma,
               k[SIM_CLASS_MOV] / mma, other / mma, (st[w].instructions - k[SIM_CLASS_MMA]) / mma);
    }
    sim_destroy(ctx);
    free(a);
    free(b);
    free(c);
    free(ref);
    free(ak);
    free(bk);
    return fails != 0;
}
