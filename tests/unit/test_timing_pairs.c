/*
 * test_timing_pairs.c -- the timing model (sim/timing.c) against first principles.
 *
 *   - every kernel pair of tests/timing/pairs.cu (nvcc's PTX, shipped as pairs.ptx) is
 *     ranked the right way round by both models, by at least the pair's margin (kernel
 *     time without the launch overhead; FMAs per cycle for the occupancy pair);
 *   - a coalesced copy reaches 45..100% of the part's DRAM bandwidth and a full-occupancy
 *     FMA chain 45..100% of its FP32 rate (peaks from sim/timing_tables.c, which cites
 *     the datasheets);
 *   - sampling a launch (SIM_OPT_TIMING_SAMPLE) moves the estimate and the DRAM bytes by
 *     less than 5% against simulating every CTA, on launches small enough for both;
 *   - the model only observes: a launch writes the same bytes with timing on or off, and
 *     two timed launches give the same estimate;
 *   - an unknown GPU is refused with the list of models.
 * Big launches are sampled here (64 CTAs) to keep the test fast under ASan.
 * With --table, prints the estimates (tests/bench/timing.sh).
 */
#include "runtime/ptxas.h"
#include "tests/timing/pairs.h"
#include "tests/sim/simtest.h"

#include <math.h>

static const char *gpus[] = { "a100", "h100" };
/* --table (make bench): the PTX whose ptxas -v registers the occupancy takes, as every
   bench harness does; the test itself keeps the model's estimate (no ptxas needed) */
static const char *regs_ptx;
static const double dram_gbs[] = { 2039, 3350 };    /* [DS-A100], [DS-H100] */
static const double fp32_flop_clk[] = { 128, 256 }; /* per SM: 64 / 128 FMA lanes [PG] */
static const double sms[] = { 108, 132 }, mhz[] = { 1410, 1830 };

/* Launch l of module m on ctx with timing for gpu; 0 on success, t filled. */
static int
run_launch(SimCtx *ctx, SimModule *m, const PairLaunch *l, const char *gpu, uint64_t sample,
           SimTiming *t, void *out, size_t out_bytes)
{
    SimFunc *f;
    if (sim_module_get_function(m, l->kernel, &f) != SIM_OK) {
        CHECK(0, "no kernel %s", l->kernel);
        return -1;
    }
    SimDevPtr ptr[4] = { 0 };
    unsigned char scal[4][8];
    void *params[4];
    for (int i = 0; i < l->np; i++) {
        const PairParam *p = &l->p[i];
        if (p->kind == PAIR_BUF) {
            sim_mem_alloc(ctx, &ptr[i], p->bytes);
            unsigned char *fill = malloc(p->bytes);
            for (uint64_t k = 0; k < p->bytes; k++)
                fill[k] = (unsigned char)(k % 4 == 3 ? 0x3c : k * 7); /* finite floats */
            sim_memcpy_htod(ctx, ptr[i], fill, p->bytes);
            free(fill);
            params[i] = &ptr[i];
        } else if (p->kind == PAIR_I32) {
            int32_t v = (int32_t)p->value;
            memcpy(scal[i], &v, 4);
            params[i] = scal[i];
        } else {
            float v = (float)p->value;
            memcpy(scal[i], &v, 4);
            params[i] = scal[i];
        }
    }
    sim_set_timing(ctx, gpu);
    sim_set_option(ctx, SIM_OPT_TIMING_SAMPLE, sample);
    if (regs_ptx)
        ptxas_timing_regs(ctx, regs_ptx, l->kernel, 0);
    SimResult r = sim_launch(f, l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1],
                             l->block[2], 0, params);
    CHECK(r == SIM_OK, "%s: %s", l->kernel, sim_error(ctx));
    int rc = r == SIM_OK ? 0 : -1;
    if (rc == 0 && gpu)
        rc = sim_timing(ctx, t) == SIM_OK ? 0 : -1;
    if (out)
        sim_memcpy_dtoh(ctx, out, ptr[0], out_bytes);
    for (int i = 0; i < l->np; i++)
        if (ptr[i])
            sim_mem_free(ctx, ptr[i]);
    return rc;
}

static double
body(const SimTiming *t)
{
    return (double)t->cycles - (double)t->bound[SIM_LIM_LAUNCH];
}

static void
check_pairs(SimCtx *ctx, SimModule *m, bool table)
{
    for (int g = 0; g < 2; g++)
        for (size_t i = 0; i < sizeof timing_pairs / sizeof timing_pairs[0]; i++) {
            const Pair *p = &timing_pairs[i];
            SimTiming tf, ts;
            if (run_launch(ctx, m, &p->fast, gpus[g], 64, &tf, NULL, 0) ||
                run_launch(ctx, m, &p->slow, gpus[g], 64, &ts, NULL, 0))
                continue;
            double ratio = p->fast.work > 0
                               ? (p->fast.work / body(&tf)) / (p->slow.work / body(&ts))
                               : body(&ts) / body(&tf);
            if (table)
                printf("%s  %-52s %-18s %9.2f us (%-7s)  %-18s %9.2f us (%-7s)  x%.1f\n", gpus[g],
                       p->what, p->fast.kernel, tf.time_us, sim_limiter_name(tf.limiter),
                       p->slow.kernel, ts.time_us, sim_limiter_name(ts.limiter), ratio);
            CHECK(ratio >= p->margin, "%s on %s: %s vs %s by x%.2f, want at least x%.2f", p->what,
                  gpus[g], p->fast.kernel, p->slow.kernel, ratio, p->margin);
        }
}

static void
check_peaks(SimCtx *ctx, SimModule *m, bool table)
{
    for (int g = 0; g < 2; g++) {
        SimTiming t;
        const PairLaunch *copy = &timing_pairs[0].fast;
        if (run_launch(ctx, m, copy, gpus[g], 64, &t, NULL, 0) == 0) {
            double bytes = 2.0 * copy->p[0].bytes; /* read + write */
            double gbs = bytes / (body(&t) / mhz[g]) / 1e3;
            double pct = 100 * gbs / dram_gbs[g];
            if (table)
                printf("%s  copy bandwidth %.0f GB/s = %.0f%% of %.0f GB/s\n", gpus[g], gbs, pct,
                       dram_gbs[g]);
            CHECK(pct >= 45 && pct <= 100, "%s copy at %.0f%% of DRAM peak", gpus[g], pct);
        }
        PairLaunch fma = { "fma_chain",
                           { 216, 1, 1 },
                           { 1024, 1, 1 },
                           { { PAIR_BUF, 216 * 1024 * 4, 0 },
                             { PAIR_F32, 0, 0.999 },
                             { PAIR_F32, 0, 0.001 },
                             { PAIR_I32, 0, 256 } },
                           4,
                           0 };
        if (run_launch(ctx, m, &fma, gpus[g], 8, &t, NULL, 0) == 0) {
            double flops = 2.0 * 216 * 1024 * 1024;
            double rate = flops / body(&t) / sms[g]; /* per SM per clock */
            double pct = 100 * rate / fp32_flop_clk[g];
            if (table)
                printf("%s  FMA chain %.0f FLOP/clk/SM = %.0f%% of %.0f\n", gpus[g], rate, pct,
                       fp32_flop_clk[g]);
            CHECK(pct >= 45 && pct <= 100.5, "%s FMA rate at %.0f%% of FP32 peak", gpus[g], pct);
        }
    }
}

static void
check_sampling(SimCtx *ctx, SimModule *m)
{
    static const PairLaunch small[] = {
        { "copy_coalesced",
          { 512, 1, 1 },
          { 256, 1, 1 },
          { { PAIR_BUF, 512 * 256 * 4, 0 },
            { PAIR_BUF, 512 * 256 * 4, 0 },
            { PAIR_I32, 0, 512 * 256 } },
          3,
          0 },
        { "transpose_padded",
          { 16, 16, 1 },
          { 32, 8, 1 },
          { { PAIR_BUF, 512 * 512 * 4, 0 }, { PAIR_BUF, 512 * 512 * 4, 0 }, { PAIR_I32, 0, 512 } },
          3,
          0 },
        { "fma_chain",
          { 432, 1, 1 },
          { 128, 1, 1 },
          { { PAIR_BUF, 432 * 128 * 4, 0 },
            { PAIR_F32, 0, 0.999 },
            { PAIR_F32, 0, 0.001 },
            { PAIR_I32, 0, 16 } },
          4,
          0 },
        /* tiles of A shared along a row of the grid, of B down a column: the sample's two
           runs (rows 0 and 8) must not count them as fetched once per sampled CTA */
        { "gemm_tiled",
          { 16, 16, 1 },
          { 16, 16, 1 },
          { { PAIR_BUF, 256 * 256 * 4, 0 },
            { PAIR_BUF, 256 * 256 * 4, 0 },
            { PAIR_BUF, 256 * 256 * 4, 0 },
            { PAIR_I32, 0, 256 } },
          4,
          0 },
    };
    for (int g = 0; g < 2; g++)
        for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
            SimTiming full, part;
            if (run_launch(ctx, m, &small[i], gpus[g], 0, &full, NULL, 0) ||
                run_launch(ctx, m, &small[i], gpus[g], 64, &part, NULL, 0))
                continue;
            CHECK(full.ctas_timed == full.ctas_total && part.ctas_timed == 64,
                  "%s: timed %llu and %llu CTAs", small[i].kernel,
                  (unsigned long long)full.ctas_timed, (unsigned long long)part.ctas_timed);
            double d = fabs(part.time_us - full.time_us) / full.time_us;
            CHECK(d < 0.05, "%s on %s: sampled %.3f us vs full %.3f us (%.1f%%)", small[i].kernel,
                  gpus[g], part.time_us, full.time_us, 100 * d);
            double db =
                fabs((double)part.dram_bytes - (double)full.dram_bytes) / (double)full.dram_bytes;
            if (getenv("TIMING_SAMPLING_TABLE"))
                printf("%s %s: time %.3f / %.3f us, DRAM %llu / %llu bytes (sampled / full)\n",
                       gpus[g], small[i].kernel, part.time_us, full.time_us,
                       (unsigned long long)part.dram_bytes, (unsigned long long)full.dram_bytes);
            CHECK(db < 0.05, "%s on %s: sampled %llu DRAM bytes vs full %llu (%.1f%%)",
                  small[i].kernel, gpus[g], (unsigned long long)part.dram_bytes,
                  (unsigned long long)full.dram_bytes, 100 * db);
        }
}

static void
check_observer(SimCtx *ctx, SimModule *m)
{
    const PairLaunch *l = &timing_pairs[3].fast; /* gemm_tiled: shared memory, barriers */
    size_t n = l->p[0].bytes;
    unsigned char *a = malloc(n), *b = malloc(n);
    SimTiming t1, t2;
    int r0 = run_launch(ctx, m, l, NULL, 0, &t1, a, n);
    int r1 = run_launch(ctx, m, l, "a100", 0, &t1, b, n);
    CHECK(r0 == 0 && r1 == 0 && memcmp(a, b, n) == 0,
          "gemm_tiled wrote other bytes with timing on");
    int r2 = run_launch(ctx, m, l, "a100", 0, &t2, NULL, 0);
    CHECK(r2 == 0 && t1.cycles == t2.cycles && t1.limiter == t2.limiter &&
              t1.dram_bytes == t2.dram_bytes,
          "two timed launches differ: %llu vs %llu cycles", (unsigned long long)t1.cycles,
          (unsigned long long)t2.cycles);
    CHECK(sim_set_timing(ctx, "v100") == SIM_ERR_INVALID_VALUE &&
              strstr(sim_error(ctx), "no timing model for GPU 'v100' (models: a100"),
          "unknown GPU: %s", sim_error(ctx));
    sim_set_timing(ctx, NULL);
    free(a);
    free(b);
}

/* TMA (cp.async.bulk.tensor) -> mbarrier -> wgmma, nvcc's sm_90a PTX of
 * tests/sim/hopper_gemm.cu (one CTA, a 64x64x64 f16 GEMM): the bulk copies' bytes reach
 * the DRAM count, the mbarrier wait holds the warps for the DRAM latency (480 cycles on
 * the h100 table), and the a100 model refuses sm_90a. */
static void
check_tma(void)
{
    char *ptx = read_file("tests/fuzz/corpus/ptx/nvcc_hopper_gemm.ptx");
    CHECK(ptx != NULL, "cannot read nvcc_hopper_gemm.ptx");
    if (!ptx)
        return;
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "hopper_gemm");
    static uint16_t A[64][64], B[64][64];
    static float D[64][64];
    SimDevPtr dA = dev_upload(ctx, A, sizeof A), dB = dev_upload(ctx, B, sizeof B),
              dD = dev_upload(ctx, D, sizeof D);
    SimTensorMap ta, tb;
    uint64_t dim[2] = { 64, 64 }, stride[1] = { 128 };
    uint32_t box[2] = { 64, 64 }, es[2] = { 1, 1 };
    sim_tensor_map_encode_tiled(&ta, SIM_TMAP_FLOAT16, 2, dA, dim, stride, box, es, 0,
                                SIM_TMAP_SWIZZLE_128B, 0, 0);
    sim_tensor_map_encode_tiled(&tb, SIM_TMAP_FLOAT16, 2, dB, dim, stride, box, es, 0,
                                SIM_TMAP_SWIZZLE_128B, 0, 0);
    void *params[] = { &ta, &tb, &dD };
    sim_set_timing(ctx, "h100");
    SimTiming t;
    if (f && launch_ok(ctx, f, 1, 128, 0, params) == 0 && sim_timing(ctx, &t) == SIM_OK) {
        CHECK(t.dram_bytes >= sizeof A + sizeof B + sizeof D, "TMA GEMM: %llu DRAM bytes",
              (unsigned long long)t.dram_bytes);
        CHECK(t.bound[SIM_LIM_LATENCY] >= 480, "TMA GEMM: critical path %llu cycles",
              (unsigned long long)t.bound[SIM_LIM_LATENCY]);
        CHECK(t.tensor_pct > 0, "TMA GEMM: no tensor work");
    }
    sim_set_timing(ctx, "a100");
    CHECK(f && sim_launch(f, 1, 1, 1, 128, 1, 1, 0, params) == SIM_ERR_LAUNCH &&
              strstr(sim_error(ctx), "has no GPU for .target sm_90a"),
          "a100 runs sm_90a: %s", sim_error(ctx));
    sim_destroy(ctx);
    free(ptx);
}

/*
 * The tensor core of a scheduler is shared by its warps (warp % 4): each warp of this
 * kernel issues 64 x 8 independent mma.sync m16n8k16 (8 accumulators, so one warp alone
 * keeps its scheduler's tensor pipe busy).  One warp, or two on different schedulers
 * (warps 0 and 1), take about as long as one; warps 0 and 4 share scheduler 0 and take
 * about twice as long.  The critical path (SIM_LIM_LATENCY) is compared, so neither
 * the launch overhead nor the whole-SM pipe sums decide.
 */
static void
check_tensor_sharing(void)
{
    static const char ptx[] =
        ".version 8.0\n.target sm_80\n.address_size 64\n"
        ".visible .entry mmas()\n{\n"
        "  .reg .b32 %a<4>;\n  .reg .b32 %b<2>;\n  .reg .u32 %i;\n  .reg .pred %p;\n"
        "  .reg .f32 %c0_<4>;\n  .reg .f32 %c1_<4>;\n  .reg .f32 %c2_<4>;\n"
        "  .reg .f32 %c3_<4>;\n  .reg .f32 %c4_<4>;\n  .reg .f32 %c5_<4>;\n"
        "  .reg .f32 %c6_<4>;\n  .reg .f32 %c7_<4>;\n"
        "  mov.b32 %a0, 0;\n  mov.b32 %a1, 0;\n  mov.b32 %a2, 0;\n  mov.b32 %a3, 0;\n"
        "  mov.b32 %b0, 0;\n  mov.b32 %b1, 0;\n  mov.u32 %i, 0;\n"
        "LOOP:\n"
#define MMA(k)                                                                                     \
    "  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%c" #k "_0, %c" #k "_1, %c" #k           \
    "_2, %c" #k "_3}, {%a0, %a1, %a2, %a3}, {%b0, %b1}, {%c" #k "_0, %c" #k "_1, %c" #k            \
    "_2, %c" #k "_3};\n"
        MMA(0) MMA(1) MMA(2) MMA(3) MMA(4) MMA(5) MMA(6) MMA(7)
#undef MMA
            "  add.u32 %i, %i, 1;\n  setp.lt.u32 %p, %i, 64;\n  @%p bra LOOP;\n  ret;\n}\n";
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "mmas");
    uint64_t lat[3] = { 0 };
    unsigned threads[3] = { 32, 64, 160 };
    for (int g = 0; g < 2 && f; g++) {
        sim_set_timing(ctx, gpus[g]);
        for (int k = 0; k < 3; k++) {
            SimTiming t;
            if (launch_ok(ctx, f, 1, threads[k], 0, NULL) == 0 && sim_timing(ctx, &t) == SIM_OK)
                lat[k] = t.bound[SIM_LIM_LATENCY];
        }
        double two_sched = (double)lat[1] / (double)lat[0],
               shared = (double)lat[2] / (double)lat[0];
        CHECK(lat[0] > 0 && two_sched > 0.9 && two_sched < 1.1,
              "%s: warps 0 and 1 (two schedulers) take %.2fx one warp", gpus[g], two_sched);
        CHECK(lat[0] > 0 && shared > 1.8 && shared < 2.2,
              "%s: warps 0 and 4 (one scheduler's tensor core) take %.2fx one warp", gpus[g],
              shared);
    }
    sim_destroy(ctx);
}

int
main(int argc, char **argv)
{
    bool table = argc > 1 && !strcmp(argv[1], "--table");
    char *ptx = read_file("tests/timing/pairs.ptx");
    CHECK(ptx != NULL, "cannot read tests/timing/pairs.ptx");
    if (!ptx)
        return 1;
    SimCtx *ctx = sim_create();
    /* the modeled cycles are what is checked, not the wall clock: no time limit, which a
       slow build (tcc's unoptimised code) on a loaded machine would reach */
    sim_set_option(ctx, SIM_OPT_TIMEOUT_MS, 0);
    SimModule *m;
    if (sim_module_load(ctx, ptx, "pairs.ptx", &m) != SIM_OK) {
        CHECK(0, "%s", sim_error(ctx));
        return 1;
    }
    if (table)
        regs_ptx = ptx;
    check_pairs(ctx, m, table);
    check_peaks(ctx, m, table);
    if (!table) {
        check_sampling(ctx, m);
        check_observer(ctx, m);
        check_tma();
        check_tensor_sharing();
    }
    sim_destroy(ctx);
    free(ptx);
    return test_exit("test_timing_pairs");
}
