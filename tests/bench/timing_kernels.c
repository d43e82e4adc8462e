/*
 * timing_kernels.c -- `make bench` section timing: vptx's PTX of the bench kernels
 * (../shared/bench/K.mlir) next to nvcc's (../shared/bench/K.cu) under the same timing
 * model (driver/vptx.h: vptx_timing_ptx), on both GPUs.
 * Usage: timing_kernels DIR   (DIR holds K.vptx.ptx and K.nvcc.ptx)
 */
#include "driver/vptx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *
slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

#define B(n) { 1, (n), 0 }
#define S(v) { 0, 0, (v) }
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
    if (argc != 2) {
        fprintf(stderr, "usage: timing_kernels DIR\n");
        return 2;
    }
    static const char *const gpus[] = { "a100", "h100" };
    int status = 0;
    for (int g = 0; g < 2; g++)
        for (size_t i = 0; i < sizeof launches / sizeof launches[0]; i++) {
            const Launch *l = &launches[i];
            char path[4096], err[1024];
            snprintf(path, sizeof path, "%s/%s.%s.ptx", argv[1], l->name, l->path);
            char *ptx = slurp(path);
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
    return status;
}
