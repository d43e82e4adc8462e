/*
 * hopper_timing.c -- tests/bench/staging.sh's H100 row: the modeled time of
 * examples/gemm.mlir compiled for sm_90a (wgmma fed by a TMA ring, a producer
 * warpgroup; docs/hopper.md) on an N x N x N f16 GEMM, f32 result, with the
 * simulator's performance model (docs/timing.md).
 *
 *   hopper_timing GEMM.ptx N TM TN SAMPLE GPU [REGS [K]]
 *
 * vptx_timing_ptx (driver/vptx.h) passes buffers and scalars only, so this program
 * launches the simulator itself: the hidden tensor maps the PTX names in its
 * `// vptx: hidden tensor map of argument A, box RxC, swizzle S` lines are encoded
 * for the buffers of A (N x N) and B (N x N), and the block size and dynamic shared
 * memory come from the kernel's other comment lines.  TM x TN is the kernel's tile
 * of C (block y steps M, x steps N); SAMPLE CTAs of the N/TN x N/TM grid are simulated and the rest extrapolated; REGS (registers per thread
 * for occupancy; 0 or absent: ptxas -v when ptxas is found, else the model's estimate);
 * K (default N) makes it an N x N x K GEMM.  The inputs are
 * zero-filled: the model times the instructions and memory requests, which do not
 * depend on the values.  A persistent kernel (--persistent, a `// vptx: hidden logical
 * grid` line) gets the logical grid in its three hidden parameters and runs on
 * min(tiles, SAMPLE) workgroups, every one simulated (SAMPLE is then the persistent grid).
 */
#include "runtime/ptxas.h"
#include "driver/vptx.h"
#include "sim/sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/files.h"

#define MAX_MAPS 4

int
main(int argc, char **argv)
{
    if (argc < 7 || argc > 9) {
        fprintf(stderr, "usage: hopper_timing GEMM.ptx N TM TN SAMPLE GPU [REGS [K]]\n");
        return 2;
    }
    unsigned long long n = strtoull(argv[2], NULL, 10), tm = strtoull(argv[3], NULL, 10);
    unsigned long long tn = strtoull(argv[4], NULL, 10), sample = strtoull(argv[5], NULL, 10);
    unsigned long long regs = argc >= 8 ? strtoull(argv[7], NULL, 10) : 0;
    unsigned long long kk = argc == 9 ? strtoull(argv[8], NULL, 10) : n;
    const char *gpu = argv[6];
    if (n == 0 || tm == 0 || tn == 0 || n % tm || n % tn) {
        fprintf(stderr, "hopper_timing: N must be a positive multiple of TM and TN\n");
        return 2;
    }
    char *ptx = read_file(argv[1], &(size_t){ 0 });
    if (!ptx) {
        fprintf(stderr, "hopper_timing: cannot read %s\n", argv[1]);
        return 1;
    }
    /* the hidden maps, in parameter order */
    static const char tag[] = "// vptx: hidden tensor map of argument ";
    unsigned src[MAX_MAPS], rows[MAX_MAPS], cols[MAX_MAPS], sw[MAX_MAPS], nmaps = 0;
    for (const char *p = strstr(ptx, tag); p && nmaps < MAX_MAPS; p = strstr(p + 1, tag))
        if (sscanf(p + sizeof tag - 1, "%u, box %ux%u, swizzle %u", &src[nmaps], &rows[nmaps],
                   &cols[nmaps], &sw[nmaps]) == 4 &&
            src[nmaps] < 2)
            nmaps++;
    unsigned threads = vptx_block_threads(ptx, "gemm"), smem = vptx_dynamic_smem(ptx, "gemm");
    SimCtx *ctx = sim_create();
    SimModule *mod;
    SimFunc *f;
    if (!ctx || sim_module_load(ctx, ptx, "gemm.ptx", &mod) != SIM_OK ||
        sim_module_get_function(mod, "gemm", &f) != SIM_OK) {
        fprintf(stderr, "hopper_timing: %s\n", ctx ? sim_error(ctx) : "out of memory");
        return 1;
    }
    int grid_param = vptx_hidden_grid(ptx, "gemm");
    unsigned ngrid = grid_param >= 0 ? 3 : 0;
    if (sim_func_param_count(f) != (int)(9 + nmaps + ngrid)) {
        fprintf(stderr, "hopper_timing: 'gemm' takes %d parameters, not 9 + %u maps + %u\n",
                sim_func_param_count(f), nmaps, ngrid);
        return 1;
    }
    size_t h = (size_t)(n * kk * 2), fb = (size_t)(n * n * 4);
    SimDevPtr buf[3];
    size_t bytes[3] = { h, h, fb };
    for (int i = 0; i < 3; i++)
        if (sim_mem_alloc(ctx, &buf[i], bytes[i]) != SIM_OK ||
            sim_memset_d8(ctx, buf[i], 0, bytes[i]) != SIM_OK) {
            fprintf(stderr, "hopper_timing: %s\n", sim_error(ctx));
            return 1;
        }
    /* each memref<?x?> is a pointer and its two dims (i64) */
    long long dims[6] = { (long long)n, (long long)kk, (long long)kk,
                          (long long)n, (long long)n, (long long)n };
    void *params[9 + MAX_MAPS + 3];
    for (int i = 0; i < 3; i++) {
        params[3 * i] = &buf[i];
        params[3 * i + 1] = &dims[2 * i];
        params[3 * i + 2] = &dims[2 * i + 1];
    }
    static SimTensorMap maps[MAX_MAPS];
    for (unsigned j = 0; j < nmaps; j++) {
        uint64_t cols_j = src[j] == 0 ? kk : n, rows_j = src[j] == 0 ? n : kk;
        uint64_t gdim[2] = { cols_j, rows_j }, gstride[1] = { cols_j * 2 };
        uint32_t box[2] = { cols[j], rows[j] }, es[2] = { 1, 1 };
        unsigned swz = sw[j] == 128  ? SIM_TMAP_SWIZZLE_128B
                       : sw[j] == 64 ? SIM_TMAP_SWIZZLE_64B
                       : sw[j] == 32 ? SIM_TMAP_SWIZZLE_32B
                                     : SIM_TMAP_SWIZZLE_NONE;
        if (sim_tensor_map_encode_tiled(&maps[j], SIM_TMAP_FLOAT16, 2, buf[src[j]], gdim, gstride,
                                        box, es, SIM_TMAP_INTERLEAVE_NONE, swz, 0,
                                        SIM_TMAP_OOB_FILL_ZERO) != SIM_OK) {
            fprintf(stderr, "hopper_timing: cannot encode map %u\n", j);
            return 1;
        }
        params[9 + j] = &maps[j];
    }
    /* a persistent kernel: the logical grid (x steps N, y steps M) in the hidden .u32s */
    unsigned logical[3] = { (unsigned)(n / tn), (unsigned)(n / tm), 1 };
    for (unsigned j = 0; j < ngrid; j++)
        params[9 + nmaps + j] = &logical[j];
    unsigned grid[3] = { logical[0], logical[1], 1 };
    if (ngrid) {
        grid[0] = vptx_persistent_workgroups(logical, (unsigned)sample);
        grid[1] = 1;
    }
    sim_set_timing(ctx, gpu);
    sim_set_option(ctx, SIM_OPT_TIMING_SAMPLE, sample);
    sim_set_option(ctx, SIM_OPT_TIMEOUT_MS, 0);
    ptxas_timing_regs(ctx, ptx, "gemm", regs); /* ptxas -v's count unless REGS is given */
    free(ptx);
    SimTiming t;
    if (sim_launch(f, grid[0], grid[1], 1, threads ? threads : 256, 1, 1, smem, params) != SIM_OK ||
        sim_timing(ctx, &t) != SIM_OK) {
        fprintf(stderr, "hopper_timing: %s\n", sim_error(ctx));
        return 1;
    }
    double flop = 2.0 * (double)n * (double)n * (double)kk;
    /* the busiest SM's critical path (rounds x the mean CTA latency): what a persistent
       kernel's overlap of one tile's epilogue with the next tile's copies shortens */
    double lat_us = (double)t.bound[SIM_LIM_LATENCY] * t.time_us / (double)t.cycles;
    printf("vptx sm_90a gemm %llux%llux%llu%s tile %llux%llu %s time_us=%.1f limiter=%s tensor=%.1f%% TFLOP/s=%.1f "
           "occupancy=%u/%u sampled=%llu/%llu latency_bound_us=%.1f\n",
           n, n, kk, ngrid ? " persistent" : "", tm, tn, t.gpu, t.time_us, sim_limiter_name(t.limiter), t.tensor_pct,
           flop / t.time_us / 1e6, t.occupancy_warps, t.max_warps, (unsigned long long)t.ctas_timed,
           (unsigned long long)t.ctas_total, lat_us);
    sim_destroy(ctx);
    return 0;
}
