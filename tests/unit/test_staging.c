/*
 * test_staging.c -- examples/gemm.mlir through the C API with a 4-stage pipeline
 * (64 KiB: the opt-in dynamic shared memory, docs/staging.md): vptx_dynamic_smem()
 * reads the size the PTX names, and the simulator, launched with it, computes the
 * product exactly (inputs are multiples of 1/8 in [-2, 2]: every partial sum is
 * exact in f32, so the C reference is exact in any order).  Launched with no
 * dynamic shared memory, the same kernel must fault: the size is needed.  With the
 * default stage count the PTX names no size.
 */
#include "driver/vptx.h"
#include "sim/sim.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/unit.h"
#include "tests/unit/eighths.h"
#include "tests/unit/files.h"

enum { M = 96, N = 136, K = 72 }; /* not multiples of the 128x128x32 tile */

static uint64_t rng = 0x2545f4914f6cdd1du;

static int
next_eighths(void) /* -16 .. 16 */
{
    return next_eighths_from(&rng);
}

static char *
compile(const char *text, size_t len, int stages)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.pipeline_stages = stages;
    VptxResult *r = NULL;
    int rc = vptx_compile("examples/gemm.mlir", text, len, &opt, &r);
    CHECK(rc == 0, "compile (%d stages): %s", stages,
          r ? vptx_result_diagnostics_text(r) : "out of memory");
    char *ptx = rc == 0 ? strdup(vptx_result_output(r, NULL)) : NULL;
    vptx_result_free(r);
    return ptx;
}

int
main(void)
{
    size_t len = 0;
    char *text = read_file("examples/gemm.mlir", &len);
    CHECK(text != NULL, "cannot read examples/gemm.mlir");
    if (!text)
        return unit_report();
    char *dflt = compile(text, len, 0), *four = compile(text, len, 4);
    free(text);
    if (!dflt || !four)
        return unit_report();
    CHECK(vptx_dynamic_smem(dflt, "gemm") == 0, "default: %u bytes named",
          vptx_dynamic_smem(dflt, "gemm"));
    unsigned need = vptx_dynamic_smem(four, "gemm");
    CHECK(need == 4 * (128 * 32 + 32 * 128) * 2, "4 stages: %u bytes named, want 65536", need);
    CHECK(vptx_dynamic_smem(four, "gem") == 0, "a prefix of the entry name matched");

    static uint16_t a[M * K], b[K * N];
    static int ak[M * K], bk[K * N];
    static float ref[M * N], c[M * N];
    for (int i = 0; i < M * K; i++)
        a[i] = half_of_eighths(ak[i] = next_eighths());
    for (int i = 0; i < K * N; i++)
        b[i] = half_of_eighths(bk[i] = next_eighths());
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            long s = 0;
            for (int k = 0; k < K; k++)
                s += (long)ak[i * K + k] * bk[k * N + j];
            ref[i * N + j] = (float)s / 64.0f;
        }

    SimCtx *ctx = sim_create();
    SimModule *mod = NULL;
    SimFunc *f = NULL;
    CHECK(sim_module_load(ctx, four, "gemm4.ptx", &mod) == SIM_OK &&
              sim_module_get_function(mod, "gemm", &f) == SIM_OK,
          "load: %s", sim_error(ctx));
    SimDevPtr da = 0, db = 0, dc = 0;
    sim_mem_alloc(ctx, &da, sizeof a);
    sim_mem_alloc(ctx, &db, sizeof b);
    sim_mem_alloc(ctx, &dc, sizeof c);
    sim_memcpy_htod(ctx, da, a, sizeof a);
    sim_memcpy_htod(ctx, db, b, sizeof b);
    uint64_t m = M, n = N, k = K;
    void *params[] = { &da, &m, &k, &db, &k, &n, &dc, &m, &n };
    unsigned gx = (N + 127) / 128, gy = (M + 127) / 128;
    if (f) {
        SimResult r = sim_launch(f, gx, gy, 1, 256, 1, 1, need, params);
        CHECK(r == SIM_OK, "launch with %u bytes: %s", need, sim_error(ctx));
        sim_memcpy_dtoh(ctx, c, dc, sizeof c);
        int bad = 0;
        for (int i = 0; i < M * N; i++)
            bad += memcmp(&c[i], &ref[i], 4) != 0;
        CHECK(bad == 0, "%d of %d elements differ (C[0] %.9g vs %.9g)", bad, M * N, c[0], ref[0]);
        r = sim_launch(f, gx, gy, 1, 256, 1, 1, 0, params);
        CHECK(r != SIM_OK, "a launch without the dynamic shared memory did not fault");
    }
    sim_destroy(ctx);
    free(dflt);
    free(four);
    return unit_report();
}
