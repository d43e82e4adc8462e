/*
 * test_api_timing.c -- vptx_timing_ptx() of driver/vptx.h: the figures of a launch whose
 * time follows from the model's own table (one warp, a dependent chain of 256
 * fma.rn.f32, 4 cycles each on the A100), sampling, and the errors.
 */
#include "driver/vptx.h"
#include "tests/unit/unit.h"

#include <string.h>

static const char chain[] = ".version 7.0\n.target sm_80\n.address_size 64\n"
                            ".visible .entry chain(.param .u64 out, .param .f32 a)\n{\n"
                            ".reg .f32 %f<3>; .reg .b32 %r<2>; .reg .pred %p; .reg .b64 %rd;\n"
                            "ld.param.u64 %rd, [out]; ld.param.f32 %f1, [a]; mov.u32 %r1, 0;\n"
                            "L: fma.rn.f32 %f1, %f1, %f1, %f1; fma.rn.f32 %f1, %f1, %f1, %f1;\n"
                            "fma.rn.f32 %f1, %f1, %f1, %f1; fma.rn.f32 %f1, %f1, %f1, %f1;\n"
                            "add.u32 %r1, %r1, 1; setp.lt.u32 %p, %r1, 64; @%p bra L;\n"
                            "st.global.f32 [%rd], %f1;\nret;\n}\n";

int
main(void)
{
    VptxTiming t;
    char err[512];
    unsigned grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
    VptxTimingArg args[2] = { { 1, 4, 0 }, { 0, 0, 0.5 } };
    int rc =
        vptx_timing_ptx(chain, "chain", "a100", grid, block, 0, args, 2, 0, &t, err, sizeof err);
    CHECK(rc == 0, "vptx_timing_ptx: %s", err);
    /* 256 dependent FMAs x 4 cycles [AMP] + 2.5 us launch at 1410 MHz = 1024 + 3525 */
    CHECK(rc == 0 && t.cycles >= 1024 + 3525 && t.cycles <= 1024 + 3525 + 700,
          "cycles %llu, want about %d", t.cycles, 1024 + 3525);
    CHECK(rc == 0 && !strcmp(t.gpu, "a100") && !strcmp(t.limiter, "launch") && t.max_warps == 64 &&
              t.ctas_total == 1 && t.ctas_timed == 1,
          "gpu %s limiter %s max_warps %u ctas %llu/%llu", t.gpu, t.limiter, t.max_warps,
          t.ctas_timed, t.ctas_total);

    unsigned big[3] = { 4096, 1, 1 };
    rc = vptx_timing_ptx(chain, "chain", "h100", big, block, 0, args, 2, 64, &t, err, sizeof err);
    CHECK(rc == 0 && t.ctas_total == 4096 && t.ctas_timed == 64, "sampled %llu of %llu: %s",
          t.ctas_timed, t.ctas_total, rc ? err : "");

    rc = vptx_timing_ptx(chain, "chain", "v100", grid, block, 0, args, 2, 0, &t, err, sizeof err);
    CHECK(rc != 0 && strstr(err, "no timing model for GPU 'v100' (models: a100"), "%s", err);
    rc = vptx_timing_ptx(chain, "chain", "a100", grid, block, 0, args, 1, 0, &t, err, sizeof err);
    CHECK(rc != 0 && strstr(err, "takes 2 parameters, 1 given"), "%s", err);
    char sm90[sizeof chain];
    memcpy(sm90, chain, sizeof chain);
    memcpy(strstr(sm90, "sm_80"), "sm_90", 5);
    rc = vptx_timing_ptx(sm90, "chain", "a100", grid, block, 0, args, 2, 0, &t, err, sizeof err);
    CHECK(rc != 0 && strstr(err, "has no GPU for target sm_90"), "%s", err);
    return unit_report();
}
