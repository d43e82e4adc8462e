/*
 * timing_calib.c -- measured vs modeled: runs the kernel pairs of tests/timing/pairs.cu
 * (the shipped tests/timing/pairs.ptx) on the GPU through the CUDA driver API (loaded
 * with dlopen by runtime/cuda.c; kernel time from two CUDA events, the median of 5 runs
 * after a warm-up) and on the simulator with the timing model of the matching GPU
 * (sm_80: a100, sm_90: h100), and prints one line per kernel:
 *
 *     KERNEL  measured_us  modeled_us  error%  limiter
 *
 * then the mean absolute error.  Without a CUDA driver or a GPU it says so in one line
 * and exits 77 ("skip" for tests/run.sh); a GPU the model has no table for (not
 * compute capability 8.0 or 9.0) likewise.  Usage: timing_calib [PAIRS.ptx]
 */
#include "runtime/cuda.h"
#include "sim/sim.h"
#include "tests/timing/pairs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/files.h"

static void
scalar(const PairParam *p, unsigned char out[8])
{
    memset(out, 0, 8);
    if (p->kind == PAIR_I32) {
        int v = (int)p->value;
        memcpy(out, &v, 4);
    } else {
        float v = (float)p->value;
        memcpy(out, &v, 4);
    }
}

static int
cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

/* median kernel time in microseconds, or -1 */
static double
measure(Cuda *c, void *mod, const PairLaunch *l)
{
    void *fn;
    if (!cuda_module_get_function(c, mod, l->kernel, &fn))
        return -1;
    CudaDevPtr ptr[4] = { 0 };
    unsigned char scal[4][8];
    void *params[4];
    bool ok = true;
    for (int i = 0; i < l->np && ok; i++) {
        if (l->p[i].kind == PAIR_BUF) {
            size_t n = (size_t)l->p[i].bytes;
            void *zero = calloc(n, 1);
            ok = zero && cuda_mem_alloc(c, &ptr[i], n) && cuda_memcpy_htod(c, ptr[i], zero, n);
            free(zero);
            params[i] = &ptr[i];
        } else {
            scalar(&l->p[i], scal[i]);
            params[i] = scal[i];
        }
    }
    float ms[6];
    for (int r = 0; r < 6 && ok; r++)
        ok = cuda_launch(c, fn, l->grid, l->block, 0, params, &ms[r]);
    for (int i = 0; i < l->np; i++)
        if (ptr[i])
            cuda_mem_free(c, ptr[i]);
    if (!ok)
        return -1;
    qsort(ms + 1, 5, sizeof ms[0], cmp_float); /* ms[0]: the warm-up */
    return ms[3] * 1000.0;
}

static int
model(SimCtx *ctx, SimModule *m, const char *gpu, const PairLaunch *l, SimTiming *t)
{
    SimFunc *f;
    if (sim_module_get_function(m, l->kernel, &f) != SIM_OK)
        return -1;
    SimDevPtr ptr[4] = { 0 };
    unsigned char scal[4][8];
    void *params[4];
    for (int i = 0; i < l->np; i++) {
        if (l->p[i].kind == PAIR_BUF) {
            sim_mem_alloc(ctx, &ptr[i], l->p[i].bytes);
            sim_memset_d8(ctx, ptr[i], 0, l->p[i].bytes);
            params[i] = &ptr[i];
        } else {
            scalar(&l->p[i], scal[i]);
            params[i] = scal[i];
        }
    }
    sim_set_timing(ctx, gpu);
    sim_set_option(ctx, SIM_OPT_TIMING_SAMPLE, 256);
    int rc = sim_launch(f, l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1],
                        l->block[2], 0, params) == SIM_OK &&
                     sim_timing(ctx, t) == SIM_OK
                 ? 0
                 : -1;
    for (int i = 0; i < l->np; i++)
        if (ptr[i])
            sim_mem_free(ctx, ptr[i]);
    return rc;
}

int
main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/timing/pairs.ptx";
    char msg[1024];
    Cuda *c = NULL;
    if (cuda_open(&c, msg, sizeof msg) != CUDA_OPEN_OK) {
        printf("timing_calib: no GPU to calibrate on: %s\n", msg);
        return 77;
    }
    int cc = cuda_compute_capability(c);
    const char *gpu = cc == 80 ? "a100" : cc == 90 ? "h100" : NULL;
    if (!gpu) {
        printf("timing_calib: %s (sm_%d) has no timing model (models: %s)\n", cuda_device_name(c),
               cc, sim_timing_models());
        cuda_close(c);
        return 77;
    }
    char *ptx = read_file(path, &(size_t){ 0 });
    void *mod = NULL;
    if (!ptx || !cuda_module_load(c, ptx, &mod)) {
        printf("timing_calib: cannot load %s: %s\n", path, ptx ? cuda_error(c) : "unreadable");
        free(ptx);
        cuda_close(c);
        return 1;
    }
    SimCtx *ctx = sim_create();
    SimModule *m = NULL;
    if (sim_module_load(ctx, ptx, path, &m) != SIM_OK) {
        printf("timing_calib: %s\n", sim_error(ctx));
        return 1;
    }
    printf("timing_calib: %s (sm_%d) against the %s model\n", cuda_device_name(c), cc, gpu);
    printf("%-20s %12s %12s %8s  %s\n", "kernel", "measured_us", "modeled_us", "error", "limiter");
    double sum = 0;
    int n = 0;
    for (size_t i = 0; i < sizeof timing_pairs / sizeof timing_pairs[0]; i++)
        for (int k = 0; k < 2; k++) {
            const PairLaunch *l = k ? &timing_pairs[i].slow : &timing_pairs[i].fast;
            SimTiming t;
            double us = measure(c, mod, l);
            if (us < 0 || model(ctx, m, gpu, l, &t) < 0) {
                printf("%-20s failed: %s\n", l->kernel, us < 0 ? cuda_error(c) : sim_error(ctx));
                continue;
            }
            double err = 100.0 * (t.time_us - us) / us;
            printf("%-20s %12.2f %12.2f %7.0f%%  %s\n", l->kernel, us, t.time_us, err,
                   sim_limiter_name(t.limiter));
            sum += fabs(err);
            n++;
        }
    if (n)
        printf("mean absolute error %.0f%% over %d kernels\n", sum / n, n);
    sim_destroy(ctx);
    cuda_module_unload(c, mod);
    cuda_close(c);
    free(ptx);
    return 0;
}
