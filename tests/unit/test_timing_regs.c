/*
 * test_timing_regs.c -- one occupancy truth: the timing model takes its registers per
 * thread from ptxas -v wherever ptxas is found, through every entry point, and says so.
 *
 * The same launch of tests/bench/ref_gemm.ptx (nvcc's CUTLASS-style GEMM, 256 threads,
 * 128 registers by ptxas 13.0: 2 CTAs per SM; the PTX-based estimate says 160: 1 CTA)
 * is timed through the C API (vptx_timing_ptx), the runtime API
 * (vptx_context_set_timing + vptx_launch) and the simulator with what the CLI sets
 * (ptxas_timing_regs): the three give the same time, occupancy and register count, all
 * from "ptxas" when ptxas is found and all "estimate" when it is not (PTXAS pointing
 * nowhere).  Before, the C and runtime APIs estimated while the CLI asked ptxas: the
 * vptx/nvcc GEMM ratio of the bench harnesses came out 1.53x or 1.16x by path.
 */
#include "runtime/ptxas.h"
#include "driver/vptx.h"
#include "driver/vptx_runtime.h"
#include "sim/sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/files.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

enum { N = 256 }; /* an N x N x N GEMM: 2 x 2 CTAs of 128 x 128 */

typedef struct {
    double time_us;
    unsigned occupancy, regs;
    char from[16];
} Seen;

static void
via_c_api(const char *ptx, const char *gpu, Seen *s)
{
    VptxTimingArg a[6] = { { 1, N * N * 2, 0 }, { 1, N * N * 2, 0 }, { 1, N * N * 4, 0 },
                           { 0, 0, N },         { 0, 0, N },         { 0, 0, N } };
    unsigned grid[3] = { N / 128, N / 128, 1 }, block[3] = { 256, 1, 1 };
    VptxTiming t;
    char err[512];
    int rc = vptx_timing_ptx(ptx, "ref_gemm", gpu, grid, block, vptx_dynamic_smem(ptx, "ref_gemm"),
                             a, 6, 0, &t, err, sizeof err);
    CHECK(rc == 0, "vptx_timing_ptx: %s", err);
    *s = (Seen){ t.time_us, t.occupancy_warps, t.regs, "" };
    snprintf(s->from, sizeof s->from, "%s", t.regs_from);
}

static void
via_runtime(const char *ptx, const char *gpu, Seen *s)
{
    VptxContext *ctx = NULL;
    VptxModule *m;
    VptxFunction *f;
    VptxDevicePtr A, B, C;
    memset(s, 0, sizeof *s);
    if (vptx_context_create(VPTX_DEVICE_SIM, &ctx) != VPTX_OK ||
        vptx_context_set_timing(ctx, gpu, 0) != VPTX_OK ||
        vptx_module_load(ctx, ptx, &m) != VPTX_OK ||
        vptx_module_get_function(ctx, m, "ref_gemm", &f) != VPTX_OK ||
        vptx_mem_alloc(ctx, N * N * 2, &A) != VPTX_OK ||
        vptx_mem_alloc(ctx, N * N * 2, &B) != VPTX_OK ||
        vptx_mem_alloc(ctx, N * N * 4, &C) != VPTX_OK) {
        CHECK(0, "runtime: %s", ctx ? vptx_context_error(ctx) : "no context");
        vptx_context_destroy(ctx);
        return;
    }
    int n = N;
    void *params[6] = { &A, &B, &C, &n, &n, &n };
    unsigned grid[3] = { N / 128, N / 128, 1 }, block[3] = { 256, 1, 1 };
    VptxLaunchInfo info;
    /* twice: the second launch reuses the registers asked of ptxas for the first */
    for (int i = 0; i < 2; i++) {
        VptxStatus st =
            vptx_launch(ctx, f, grid, block, vptx_dynamic_smem(ptx, "ref_gemm"), params);
        CHECK(st == VPTX_OK, "vptx_launch: %s", vptx_context_error(ctx));
        CHECK(vptx_last_launch_info(ctx, &info) == VPTX_OK && info.modeled, "no modeled info");
        if (i == 0)
            *s = (Seen){ info.ms * 1e3, info.occupancy_warps, info.regs, "" };
        else
            CHECK(fabs(info.ms * 1e3 - s->time_us) < 1e-9 && info.regs == s->regs,
                  "second launch: %.3f us, %u regs vs %.3f us, %u regs", info.ms * 1e3, info.regs,
                  s->time_us, s->regs);
    }
    snprintf(s->from, sizeof s->from, "%s", info.regs_from);
    vptx_context_destroy(ctx);
}

static void
via_cli_path(const char *ptx, const char *gpu, Seen *s)
{
    SimCtx *ctx = sim_create();
    SimModule *m;
    SimFunc *f;
    SimDevPtr A, B, C;
    memset(s, 0, sizeof *s);
    if (sim_module_load(ctx, ptx, "ref_gemm.ptx", &m) != SIM_OK ||
        sim_module_get_function(m, "ref_gemm", &f) != SIM_OK ||
        sim_mem_alloc(ctx, &A, N * N * 2) != SIM_OK ||
        sim_mem_alloc(ctx, &B, N * N * 2) != SIM_OK ||
        sim_mem_alloc(ctx, &C, N * N * 4) != SIM_OK) {
        CHECK(0, "sim: %s", sim_error(ctx));
        sim_destroy(ctx);
        return;
    }
    sim_memset_d8(ctx, A, 0, N * N * 2);
    sim_memset_d8(ctx, B, 0, N * N * 2);
    int n = N;
    void *params[6] = { &A, &B, &C, &n, &n, &n };
    sim_set_timing(ctx, gpu);
    ptxas_timing_regs(ctx, ptx, "ref_gemm", 0); /* what vptx run does */
    SimTiming t;
    if (sim_launch(f, N / 128, N / 128, 1, 256, 1, 1, vptx_dynamic_smem(ptx, "ref_gemm"), params) !=
            SIM_OK ||
        sim_timing(ctx, &t) != SIM_OK)
        CHECK(0, "sim launch: %s", sim_error(ctx));
    else {
        *s = (Seen){ t.time_us, t.occupancy_warps, t.regs_per_thread, "" };
        snprintf(s->from, sizeof s->from, "%s", t.regs_from);
    }
    sim_destroy(ctx);
}

static void
agree(const char *ptx, const char *gpu, const char *want_from)
{
    Seen s[3];
    static const char *const path[] = { "C API", "runtime API", "CLI" };
    via_c_api(ptx, gpu, &s[0]);
    via_runtime(ptx, gpu, &s[1]);
    via_cli_path(ptx, gpu, &s[2]);
    for (int i = 0; i < 3; i++) {
        if (getenv("TIMING_REGS_TABLE"))
            printf("%s %-12s time %.3f us, occupancy %u/64, regs %u (%s)\n", gpu, path[i],
                   s[i].time_us, s[i].occupancy, s[i].regs, s[i].from);
        CHECK(!strcmp(s[i].from, want_from), "%s on %s: registers from '%s', want '%s'", path[i],
              gpu, s[i].from, want_from);
        CHECK(s[i].time_us > 0 && fabs(s[i].time_us - s[0].time_us) < 1e-9 &&
                  s[i].occupancy == s[0].occupancy && s[i].regs == s[0].regs,
              "%s on %s: %.3f us, %u warps, %u regs; the C API: %.3f us, %u warps, %u regs",
              path[i], gpu, s[i].time_us, s[i].occupancy, s[i].regs, s[0].time_us, s[0].occupancy,
              s[0].regs);
    }
}

int
main(void)
{
    char *ptx = read_file("tests/bench/ref_gemm.ptx", &(size_t){ 0 });
    CHECK(ptx, "cannot read tests/bench/ref_gemm.ptx");
    if (!ptx)
        return 1;
    char *found = ptxas_find();
    bool have_ptxas = found != NULL;
    free(found);
    agree(ptx, "a100", have_ptxas ? "ptxas" : "estimate");
    agree(ptx, "h100", have_ptxas ? "ptxas" : "estimate");
    /* without ptxas every path estimates, and says so */
    setenv("PTXAS", "/nonexistent/ptxas", 1);
    agree(ptx, "a100", "estimate");
    free(ptx);
    if (failures)
        printf("%d failure(s)\n", failures);
    return failures != 0;
}
