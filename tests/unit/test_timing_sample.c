/*
 * test_timing_sample.c -- a sampled launch whose grid is rounded up past the problem
 * (CUTLASS's swizzled grids: a quarter of the CTAs return at once) is modeled within 5%
 * of the full launch.  The sample's runs start at the first column of rows (for the
 * DRAM sharing estimate), so they never see the empty CTAs at the ends of the rows;
 * before the probe of the CTAs left out (sim/exec.c, probe_light) the sample's heavy
 * CTAs stood for all 256 and the estimate was a third too slow.  The full launch, for
 * its part, averaged the empty CTAs' few cycles into the critical path of a round, a
 * third too fast: both now take the heavy CTAs' (33% apart before, 0% now).
 *
 * The kernel: a 64 x 4 grid of 128-thread CTAs; CTAs with ctaid.x >= 48 return at once,
 * the others run a dependent chain of 256 fma.rn.f32 per thread and store it.
 */
#include "tests/sim/simtest.h"

#include <math.h>

static const char ptx[] = "\n\
.version 7.0\n\
.target sm_80\n\
.address_size 64\n\
.visible .entry edge(.param .u64 out, .param .u32 tiles)\n\
{\n\
	.reg .pred %p<3>;\n\
	.reg .b32 %r<8>;\n\
	.reg .f32 %f<4>;\n\
	.reg .b64 %rd<4>;\n\
	ld.param.u64 %rd1, [out];\n\
	ld.param.u32 %r1, [tiles];\n\
	mov.u32 %r2, %ctaid.x;\n\
	setp.ge.u32 %p1, %r2, %r1;\n\
	@%p1 bra DONE;\n\
	mov.u32 %r3, %tid.x;\n\
	cvt.rn.f32.u32 %f1, %r3;\n\
	mov.u32 %r4, 0;\n\
LOOP:\n\
	fma.rn.f32 %f1, %f1, 0f3F7FBE77, 0f3A83126F;\n\
	add.u32 %r4, %r4, 1;\n\
	setp.lt.u32 %p2, %r4, 256;\n\
	@%p2 bra LOOP;\n\
	mov.u32 %r5, %ctaid.y;\n\
	mad.lo.u32 %r6, %r5, 64, %r2;\n\
	mad.lo.u32 %r7, %r6, 128, %r3;\n\
	mul.wide.u32 %rd2, %r7, 4;\n\
	add.s64 %rd3, %rd1, %rd2;\n\
	st.global.f32 [%rd3], %f1;\n\
DONE:\n\
	ret;\n\
}\n";

static SimTiming
timed(const char *gpu, uint64_t sample)
{
    SimTiming t = { 0 };
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "edge");
    SimDevPtr out;
    uint32_t tiles = 48;
    sim_mem_alloc(ctx, &out, 64 * 4 * 128 * 4);
    void *params[2] = { &out, &tiles };
    sim_set_timing(ctx, gpu);
    sim_set_option(ctx, SIM_OPT_TIMING_SAMPLE, sample);
    if (!f || sim_launch(f, 64, 4, 1, 128, 1, 1, 0, params) != SIM_OK ||
        sim_timing(ctx, &t) != SIM_OK)
        CHECK(0, "edge on %s: %s", gpu, sim_error(ctx));
    sim_destroy(ctx);
    return t;
}

int
main(void)
{
    static const char *const gpus[] = { "a100", "h100" };
    for (int g = 0; g < 2; g++) {
        SimTiming full = timed(gpus[g], 0), part = timed(gpus[g], 32);
        CHECK(full.ctas_timed == 256 && part.ctas_timed == 32, "timed %llu and %llu CTAs",
              (unsigned long long)full.ctas_timed, (unsigned long long)part.ctas_timed);
        double body_full = (double)(full.cycles - full.bound[SIM_LIM_LAUNCH]);
        double body_part = (double)(part.cycles - part.bound[SIM_LIM_LAUNCH]);
        double d = fabs(body_part - body_full) / body_full;
        if (getenv("TIMING_SAMPLE_TABLE"))
            printf("%s edge: %.0f cycles sampled, %.0f full (%.1f%%)\n", gpus[g], body_part,
                   body_full, 100 * d);
        CHECK(d <= 0.05, "%s: sampled %.0f cycles vs full %.0f (%.1f%% apart, want <= 5%%)",
              gpus[g], body_part, body_full, 100 * d);
    }
    if (failures)
        printf("%d failure(s)\n", failures);
    return failures != 0;
}
