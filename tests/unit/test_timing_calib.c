/*
 * test_timing_calib.c -- the calibration cases that run without a GPU and without code
 * from elsewhere (docs/timing.md, "Calibration"): this project's own kernels of
 * tests/timing/calib.cu (nvcc's PTX shipped as calib.ptx) against the published
 * measurement of their class on each part, and the class ceilings.
 *
 *   - A100 device copy, 256 MiB each way: 87.1% of the datasheet DRAM bandwidth, as
 *     measured for a device memcopy on an A100 (1,355 of 1,555 GB/s, JuliaCon 2023 GPU
 *     workshop; the 40 GB part: the model's A100 is the 80 GB one, the fraction is
 *     taken as the part's);
 *   - H100 streaming read reduction of 2^30 ints: 3,240 GB/s, as measured for the
 *     reduction kernels of pranjalssh/fast.cu (sum.cu, 2^30 ints, H100 SXM);
 *   each within 15% of its figure (the goal of the calibration);
 *   - the attention class ceiling: a tensor-bound kernel with an ex2 per 512 tensor FMAs
 *     is never reported above the best published attention throughput of the part
 *     (A100: FlashAttention-2, 230 of 312 TFLOP/s; H100: FlashAttention-3, 740 of 989)
 *     by more than the optimistic end of its band; on the A100 the cap binds (the
 *     kernel's tensor pipe alone would give 85% of the peak) and the line says
 *     ceiling=attention.
 * With --table, prints the cases (tests/bench/calibration.sh).
 */
#include "tests/sim/simtest.h"

#include <math.h>

typedef struct {
    const char *gpu;
    double clock_mhz, peak_gbs, peak_tflops;
} Part;

static const Part parts[] = { { "a100", 1410, 2039, 312.0 }, { "h100", 1830, 3350, 989.4 } };

static bool table;

static int
launch(SimCtx *ctx, SimModule *m, const char *entry, const char *gpu, unsigned grid, unsigned block,
       void **params, uint64_t sample, SimTiming *t)
{
    SimFunc *f;
    if (sim_module_get_function(m, entry, &f) != SIM_OK) {
        CHECK(0, "no kernel %s", entry);
        return -1;
    }
    sim_set_timing(ctx, gpu);
    sim_set_option(ctx, SIM_OPT_TIMING_SAMPLE, sample);
    sim_set_option(ctx, SIM_OPT_TIMEOUT_MS, 0); /* the instruction limit stays */
    if (sim_launch(f, grid, 1, 1, block, 1, 1, 0, params) != SIM_OK ||
        sim_timing(ctx, t) != SIM_OK) {
        CHECK(0, "%s on %s: %s", entry, gpu, sim_error(ctx));
        return -1;
    }
    return 0;
}

/* A rate: modeled and published.  The modeled time is within 15% of the measured one,
 * and the band the timing line prints holds the measured time. */
static void
report(const char *what, const SimTiming *t, double modeled, double published, const char *unit)
{
    double err = published / modeled - 1; /* modeled time / measured time - 1 */
    double measured_us = t->time_us * modeled / published;
    if (table)
        printf("%-34s %s  published %8.1f %-6s  modeled %8.1f  error %+5.1f%%\n", what, t->gpu,
               published, unit, modeled, 100 * err);
    CHECK(fabs(err) <= 0.15,
          "%s on %s: modeled %.1f %s, published %.1f: %+.1f%% (want within 15%%)", what, t->gpu,
          modeled, unit, published, 100 * err);
    CHECK(measured_us >= t->time_lo_us && measured_us <= t->time_hi_us,
          "%s on %s: the measured %.1f us is outside the band %.1f..%.1f us", what, t->gpu,
          measured_us, t->time_lo_us, t->time_hi_us);
}

static void
check_copy(SimCtx *ctx, SimModule *m)
{
    uint64_t n = 16u << 20; /* int4 words: 256 MiB */
    SimDevPtr in, out;
    sim_mem_alloc(ctx, &in, n * 16);
    sim_mem_alloc(ctx, &out, n * 16);
    int nn = (int)n;
    void *params[3] = { &out, &in, &nn };
    SimTiming t;
    if (launch(ctx, m, "copy4", "a100", (unsigned)(n / 256), 256, params, 64, &t) == 0) {
        double gbs = 2.0 * (double)n * 16 / (t.time_us * 1e3);
        report("device copy (DRAM % of peak)", &t, 100 * gbs / parts[0].peak_gbs,
               100 * 1355.0 / 1555.0, "%");
    }
    sim_mem_free(ctx, in);
    sim_mem_free(ctx, out);
}

static void
check_read(SimCtx *ctx, SimModule *m)
{
    uint64_t words = (1u << 30) / 4; /* int4 words of 2^30 ints */
    SimDevPtr in, out;
    sim_mem_alloc(ctx, &in, words * 16);
    sim_mem_alloc(ctx, &out, 4);
    int nn = (int)words;
    void *params[3] = { &in, &out, &nn };
    SimTiming t;
    if (launch(ctx, m, "read_sum", "h100", (unsigned)(words / (1024 * 16)), 1024, params, 64, &t) ==
        0)
        report("streaming read reduction (GB/s)", &t, 4.0 * (1u << 30) / (t.time_us * 1e3), 3239.69,
               "GB/s");
    sim_mem_free(ctx, in);
    sim_mem_free(ctx, out);
}

static void
check_ceiling(SimCtx *ctx, SimModule *m)
{
    static const double best[] = { 230.0, 740.0 }; /* FA2 on A100, FA3 on H100, TFLOP/s */
    for (int g = 0; g < 2; g++) {
        unsigned grid = g ? 132 * 4 : 108 * 4, block = 256;
        int iters = 64;
        SimDevPtr out;
        sim_mem_alloc(ctx, &out, (size_t)grid * block * 4);
        void *params[2] = { &out, &iters };
        SimTiming t;
        if (launch(ctx, m, "attn_like", parts[g].gpu, grid, block, params, 16, &t) == 0) {
            double flop = 2.0 * grid * (block / 32) * iters * 8 * 2048;
            double tflops = flop / (t.time_us * 1e6);
            double band = t.time_us / t.time_lo_us; /* 1 + the band's optimistic end */
            if (table)
                printf("%-34s %s  ceiling  %8.1f TFLOP/s  modeled %8.1f (x%.2f band)  %s\n",
                       "attention class ceiling", parts[g].gpu, best[g], tflops, band,
                       *t.ceiling ? t.ceiling : "-");
            CHECK(tflops <= best[g] * band * 1.001,
                  "%s: attention-class kernel at %.1f TFLOP/s, above %.1f x %.2f", parts[g].gpu,
                  tflops, best[g], band);
            /* on the H100 mma.sync runs at a third of the wgmma peak: under the cap */
            CHECK(g || !strcmp(t.ceiling, "attention"), "%s: ceiling '%s', want 'attention'",
                  parts[g].gpu, t.ceiling);
        }
        sim_mem_free(ctx, out);
    }
}

int
main(int argc, char **argv)
{
    table = argc > 1 && !strcmp(argv[1], "--table");
    char *ptx = read_file("tests/timing/calib.ptx");
    CHECK(ptx != NULL, "cannot read tests/timing/calib.ptx");
    if (!ptx)
        return 1;
    SimCtx *ctx = sim_create();
    SimModule *m;
    if (sim_module_load(ctx, ptx, "calib.ptx", &m) != SIM_OK) {
        CHECK(0, "%s", sim_error(ctx));
        return 1;
    }
    check_copy(ctx, m);
    check_read(ctx, m);
    check_ceiling(ctx, m);
    sim_destroy(ctx);
    free(ptx);
    if (failures)
        printf("%d failure(s)\n", failures);
    return failures != 0;
}
