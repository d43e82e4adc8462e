/*
 * gemm_timing.c -- tests/bench/staging.sh's timing row: the modeled time of
 * vptx's examples/gemm.mlir and of nvcc's CUTLASS-style reference
 * (tests/bench/ref_gemm.ptx) on an N x N x N f16 GEMM, f32 result, with the
 * simulator's performance model (docs/timing.md, vptx_timing_ptx).
 *
 *   gemm_timing VPTX.ptx REF.ptx N SAMPLE GPU [--runtime]
 *
 * With --runtime the same launches also go through the runtime API
 * (vptx_context_set_timing + vptx_launch; lines "runtime vptx US" and "runtime nvcc US"),
 * whose occupancy takes ptxas -v's registers as the C API's does: one ratio.
 *
 * N must be a multiple of 128 (the 128x128 tile of both kernels, one CTA of 256
 * threads each); SAMPLE CTAs of the N/128 x N/128 grid are simulated and the rest
 * extrapolated.  The inputs are the simulator's zero-filled buffers: the model
 * times the instructions and memory requests, which do not depend on the values.
 */
#include "driver/vptx.h"
#include "driver/vptx_runtime.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/files.h"

static int
report(const char *who, const char *path, const char *entry, const VptxTimingArg *args,
       size_t nargs, unsigned long long n, unsigned long long sample, const char *gpu)
{
    char *ptx = read_file(path, &(size_t){ 0 }), err[512];
    if (!ptx) {
        fprintf(stderr, "gemm_timing: cannot read %s\n", path);
        return 1;
    }
    unsigned grid[3] = { (unsigned)(n / 128), (unsigned)(n / 128), 1 }, block[3] = { 256, 1, 1 };
    VptxTiming t;
    int rc = vptx_timing_ptx(ptx, entry, gpu, grid, block, vptx_dynamic_smem(ptx, entry), args,
                             nargs, sample, &t, err, sizeof err);
    free(ptx);
    if (rc) {
        fprintf(stderr, "gemm_timing: %s: %s\n", who, err);
        return 1;
    }
    double flop = 2.0 * (double)n * (double)n * (double)n;
    printf("%s gemm %llu^3 %s time_us=%.2f limiter=%s tensor=%.1f%% TFLOP/s=%.1f occupancy=%u/%u "
           "sampled=%llu/%llu\n",
           who, n, t.gpu, t.time_us, t.limiter, t.tensor_pct, flop / t.time_us / 1e6,
           t.occupancy_warps, t.max_warps, t.ctas_timed, t.ctas_total);
    return 0;
}

/* the same launch through the runtime API; the modeled microseconds, or -1 */
static double
via_runtime(const char *path, const char *entry, bool ref, unsigned long long n,
            unsigned long long sample, const char *gpu)
{
    char *ptx = read_file(path, &(size_t){ 0 });
    VptxContext *ctx = NULL;
    VptxModule *m;
    VptxFunction *f;
    VptxDevicePtr a, b, c;
    double us = -1;
    if (ptx && vptx_context_create(VPTX_DEVICE_SIM, &ctx) == VPTX_OK &&
        vptx_context_set_timing(ctx, gpu, sample) == VPTX_OK &&
        vptx_module_load(ctx, ptx, &m) == VPTX_OK &&
        vptx_module_get_function(ctx, m, entry, &f) == VPTX_OK &&
        vptx_mem_alloc(ctx, n * n * 2, &a) == VPTX_OK &&
        vptx_mem_alloc(ctx, n * n * 2, &b) == VPTX_OK &&
        vptx_mem_alloc(ctx, n * n * 4, &c) == VPTX_OK) {
        uint64_t d = n;
        int i = (int)n;
        /* vptx: each memref<?x?> is a pointer and its two sizes; nvcc: A, B, C, M, N, K */
        void *vp[9] = { &a, &d, &d, &b, &d, &d, &c, &d, &d };
        void *rp[6] = { &a, &b, &c, &i, &i, &i };
        unsigned grid[3] = { (unsigned)(n / 128), (unsigned)(n / 128), 1 },
                 block[3] = { 256, 1, 1 };
        VptxLaunchInfo info;
        if (vptx_launch(ctx, f, grid, block, vptx_dynamic_smem(ptx, entry), ref ? rp : vp) ==
                VPTX_OK &&
            vptx_last_launch_info(ctx, &info) == VPTX_OK)
            us = info.ms * 1e3;
    }
    if (us < 0)
        fprintf(stderr, "gemm_timing: runtime API: %s\n", ctx ? vptx_context_error(ctx) : "?");
    vptx_context_destroy(ctx);
    free(ptx);
    return us;
}

int
main(int argc, char **argv)
{
    if (argc != 6 && !(argc == 7 && !strcmp(argv[6], "--runtime"))) {
        fprintf(stderr, "usage: gemm_timing VPTX.ptx REF.ptx N SAMPLE GPU [--runtime]\n");
        return 2;
    }
    unsigned long long n = strtoull(argv[3], NULL, 10), sample = strtoull(argv[4], NULL, 10);
    if (n == 0 || n % 128) {
        fprintf(stderr, "gemm_timing: N must be a positive multiple of 128\n");
        return 2;
    }
    double d = (double)n;
    size_t h = (size_t)(n * n * 2), f = (size_t)(n * n * 4);
    /* vptx: each memref<?x?> is a pointer and its two dims */
    VptxTimingArg v[9] = { { 1, h, 0 }, { 0, 0, d }, { 0, 0, d }, { 1, h, 0 }, { 0, 0, d },
                           { 0, 0, d }, { 1, f, 0 }, { 0, 0, d }, { 0, 0, d } };
    /* nvcc: A, B, C, then M, N, K */
    VptxTimingArg r[6] = { { 1, h, 0 }, { 1, h, 0 }, { 1, f, 0 },
                           { 0, 0, d }, { 0, 0, d }, { 0, 0, d } };
    if (report("vptx", argv[1], "gemm", v, 9, n, sample, argv[5]) ||
        report("nvcc", argv[2], "ref_gemm", r, 6, n, sample, argv[5]))
        return 1;
    if (argc == 7) {
        printf("runtime vptx %.2f\n", via_runtime(argv[1], "gemm", false, n, sample, argv[5]));
        printf("runtime nvcc %.2f\n", via_runtime(argv[2], "ref_gemm", true, n, sample, argv[5]));
    }
    return 0;
}
