/*
 * timing_kernels.c -- `make bench` section timing: vptx's PTX of the bench kernels
 * (tests/bench/kernels/K.mlir) next to nvcc's (tests/bench/kernels/K.cu) under the same timing
 * model (driver/vptx.h: vptx_timing_ptx), on both GPUs.
 * With PAIRS.ptx (tests/timing/pairs.ptx) also a launch too big to simulate whole: the
 * shared-memory tiled GEMM at 4096^3 (65536 CTAs), from a sample of 32 CTAs.
 * Usage: timing_kernels DIR [PAIRS.ptx]   (DIR holds K.vptx.ptx and K.nvcc.ptx)
 */
#include "driver/vptx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/files.h"

#define B(n)                                                                                       \
    {                                                                                              \
        1, (n), 0                                                                                  \
    }
#define S(v)                                                                                       \
    {                                                                                              \
        0, 0, (v)                                                                                  \
    }
enum { N4 = 1 << 18 };

typedef struct {
    const char *name, *path;
    unsigned grid, block;
    VptxTimingArg args[5];
    size_t nargs;
} Launch;

static const Launch launches[] = {
    { "k1_reduce", "vptx", 1, 64, { B(8 * 64 * 4), B(8 * 4) }, 2 },
    { "k1_reduce", "nvcc", 1, 64, { B(8 * 64 * 4), B(8 * 4) }, 2 },
    { "k2_mma", "vptx", 1, 32, { B(16 * 16 * 2), B(8 * 16 * 2), B(16 * 8 * 4) }, 3 },
    { "k2_mma", "nvcc", 1, 32, { B(16 * 16 * 2), B(8 * 16 * 2), B(16 * 8 * 4) }, 3 },
    { "k3_exp", "vptx", N4 / 256, 256, { B(N4 * 16), S(N4), B(N4 * 16), S(N4), S(N4) }, 5 },
    { "k3_exp", "nvcc", N4 / 256, 256, { B(N4 * 16), B(N4 * 16), S(N4) }, 3 },
};

int
main(int argc, char **argv)
{
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: timing_kernels DIR [PAIRS.ptx]\n");
        return 2;
    }
    static const char *const gpus[] = { "a100", "h100" };
    int status = 0;
    for (int g = 0; g < 2; g++)
        for (size_t i = 0; i < sizeof launches / sizeof launches[0]; i++) {
            const Launch *l = &launches[i];
            char path[4096], err[1024];
            snprintf(path, sizeof path, "%s/%s.%s.ptx", argv[1], l->name, l->path);
            char *ptx = read_file(path, &(size_t){ 0 });
            if (!ptx) {
                printf("%-10s %-5s %s: not built\n", l->name, l->path, gpus[g]);
                continue;
            }
            unsigned grid[3] = { l->grid, 1, 1 }, block[3] = { l->block, 1, 1 };
            VptxTiming t;
            if (vptx_timing_ptx(ptx, l->name, gpus[g], grid, block, 0, l->args, l->nargs, 0, &t,
                                err, sizeof err)) {
                printf("%-10s %-5s %s: %s\n", l->name, l->path, gpus[g], err);
                status = 1;
            } else
                printf("%-10s %-5s %s  time %8.2f us  cycles %8llu  limiter %-8s occupancy %2u/%u  "
                       "dram %3.0f%%  fp32 %3.0f%%  tensor %3.0f%%\n",
                       l->name, l->path, t.gpu, t.time_us, t.cycles, t.limiter, t.occupancy_warps,
                       t.max_warps, t.dram_pct, t.fp32_pct, t.tensor_pct);
            free(ptx);
        }
    char *pairs = argc == 3 ? read_file(argv[2], &(size_t){ 0 }) : NULL;
    for (int g = 0; pairs && g < 2; g++) {
        size_t b = 4096ull * 4096 * 4;
        VptxTimingArg a[4] = { B(b), B(b), B(b), S(4096) };
        unsigned grid[3] = { 256, 256, 1 }, block[3] = { 16, 16, 1 };
        VptxTiming t;
        char err[1024];
        if (vptx_timing_ptx(pairs, "gemm_tiled", gpus[g], grid, block, 0, a, 4, 32, &t, err,
                            sizeof err)) {
            printf("gemm_tiled 4096^3 %s: %s\n", gpus[g], err);
            status = 1;
        } else
            printf("gemm_tiled 4096^3 (nvcc) %s  time %9.1f us  limiter %-8s %.1f TFLOP/s  "
                   "fp32 %3.0f%%  dram %3.0f%%  sampled %llu/%llu CTAs\n",
                   t.gpu, t.time_us, t.limiter, 2.0 * 4096 * 4096 * 4096 / t.time_us / 1e6,
                   t.fp32_pct, t.dram_pct, t.ctas_timed, t.ctas_total);
    }
    free(pairs);
    return status;
}
