/*
 * test_sim_f64.c -- f64 arithmetic on the simulator against the host's IEEE double
 * arithmetic (round to nearest even), with operands chosen so that many results are
 * subnormal: mul.rn, fma.rn, add.rn, div.rn and sqrt.rn.f64 must round exactly once.
 * (Found by the f64 math sequences: products rounding to a subnormal were rounded up at
 * exact results, because half a subnormal ulp underflowed to zero and looked like a tie.)
 */
#include "sim/sim.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures;

static const char ptx[] = ".version 7.0\n.target sm_80\n.address_size 64\n"
                          ".visible .entry k(.param .u64 in, .param .u64 out)\n{\n"
                          ".reg .f64 %fd<10>;\n.reg .b64 %rd<5>;\n"
                          "ld.param.u64 %rd1, [in];\nld.param.u64 %rd2, [out];\n"
                          "cvta.to.global.u64 %rd3, %rd1;\ncvta.to.global.u64 %rd4, %rd2;\n"
                          "ld.global.f64 %fd1, [%rd3];\nld.global.f64 %fd2, [%rd3+8];\n"
                          "ld.global.f64 %fd3, [%rd3+16];\n"
                          "mul.rn.f64 %fd4, %fd1, %fd2;\nst.global.f64 [%rd4], %fd4;\n"
                          "fma.rn.f64 %fd5, %fd1, %fd2, %fd3;\nst.global.f64 [%rd4+8], %fd5;\n"
                          "add.rn.f64 %fd6, %fd4, %fd3;\nst.global.f64 [%rd4+16], %fd6;\n"
                          "div.rn.f64 %fd7, %fd3, %fd1;\nst.global.f64 [%rd4+24], %fd7;\n"
                          "sqrt.rn.f64 %fd8, %fd3;\nst.global.f64 [%rd4+32], %fd8;\n"
                          "ret;\n}\n";

static uint64_t rng = 0x853c49e6748fea9bu;

static double
unit(void)
{
    rng = rng * 6364136223846793005u + 1442695040888963407u;
    return (double)(rng >> 11) * 0x1p-53;
}

int
main(void)
{
    SimCtx *c = sim_create();
    SimModule *m = NULL;
    SimFunc *f = NULL;
    if (sim_module_load(c, ptx, "f64.ptx", &m) != SIM_OK ||
        sim_module_get_function(m, "k", &f) != SIM_OK) {
        printf("FAIL load: %s\n", sim_error(c));
        return 1;
    }
    SimDevPtr din = 0, dout = 0;
    sim_mem_alloc(c, &din, 24);
    sim_mem_alloc(c, &dout, 40);
    int bad = 0;
    for (int i = 0; i < 4000; i++) {
        /* a * b lands between 2^-1080 and 2^-1000; c near the subnormal range too */
        double in[3] = { ldexp(1 + unit(), -520 - (int)(unit() * 20)),
                         ldexp(1 + unit(), -520 - (int)(unit() * 40)) * (unit() < 0.5 ? -1 : 1),
                         ldexp(1 + unit(), -1060 + (int)(unit() * 60)) };
        double want[5] = { in[0] * in[1], fma(in[0], in[1], in[2]), in[0] * in[1] + in[2],
                           in[2] / in[0], sqrt(in[2]) };
        double got[5];
        void *params[] = { &din, &dout };
        sim_memcpy_htod(c, din, in, sizeof in);
        if (sim_launch(f, 1, 1, 1, 1, 1, 1, 0, params) != SIM_OK) {
            printf("FAIL launch: %s\n", sim_error(c));
            failures++;
            break;
        }
        sim_memcpy_dtoh(c, got, dout, sizeof got);
        for (int k = 0; k < 5; k++)
            if (memcmp(&got[k], &want[k], 8) != 0 && bad++ < 5)
                printf("FAIL op %d of (%a, %a, %a): sim %a, host %a\n", k, in[0], in[1], in[2],
                       got[k], want[k]);
    }
    if (bad)
        failures++;
    sim_destroy(c);
    return failures ? 1 : 0;
}
