/*
 * test_sim_tcgen05_formats.c -- the element and scale formats of block-scaled tcgen05.mma
 * (PTX ISA 9.1 5.2.5; OCP Microscaling Formats (MX) v1.0, section 5.3) as the simulator
 * decodes them, against values listed here from the OCP tables: every E2M1 code, and for
 * E2M3, E3M2, E4M3, E5M2, UE8M0 and UE4M3 the zero, smallest subnormal, one, largest
 * normal and the special codes.  And the located faults of a block-scaled mma whose D is
 * not allocated (the mma itself: test_sim_tcgen05_bs.c).
 */
#include "sim/simint.h"
#include "tests/sim/simtest.h"

#include <math.h>
#include <stdint.h>

enum { E4M3 = 0, E5M2 = 1, E2M3 = 3, E3M2 = 4, E2M1 = 5 };

static void
test_e2m1(void)
{
    /* OCP MX 1.0 Table 5 (FP4 E2M1): S.EE.M */
    static const double pos[8] = { 0, 0.5, 1, 1.5, 2, 3, 4, 6 };
    for (unsigned b = 0; b < 16; b++) {
        double want = (b & 8 ? -1 : 1) * pos[b & 7], got = sim_tc_elem_value(E2M1, (uint8_t)b);
        CHECK(got == want, "E2M1 0x%x = %g, want %g", b, got, want);
    }
}

static void
test_spot(void)
{
    static const struct {
        unsigned fmt;
        uint8_t bits;
        double want; /* NAN: a NaN */
    } v[] = {
        /* FP6 E2M3 (bias 1): S.EE.MMM, no Inf/NaN; max 7.5, min subnormal 0.125 */
        { E2M3, 0x00, 0 },
        { E2M3, 0x01, 0.125 },
        { E2M3, 0x08, 1 },
        { E2M3, 0x1f, 7.5 },
        { E2M3, 0x3f, -7.5 },
        { E2M3, 0x07, 0.875 },
        /* FP6 E3M2 (bias 3): S.EEE.MM; max 28, min subnormal 0.0625 */
        { E3M2, 0x01, 0.0625 },
        { E3M2, 0x0c, 1 },
        { E3M2, 0x1f, 28 },
        { E3M2, 0x3f, -28 },
        /* FP8 E4M3 (bias 7): max 448, S.1111.111 NaN, min subnormal 2^-9 */
        { E4M3, 0x01, 0.001953125 },
        { E4M3, 0x38, 1 },
        { E4M3, 0x7e, 448 },
        { E4M3, 0xfe, -448 },
        { E4M3, 0x7f, NAN },
        { E4M3, 0xff, NAN },
        /* FP8 E5M2 (bias 15): max 57344, 0x7c Inf, 0x7d NaN, min subnormal 2^-16 */
        { E5M2, 0x01, 1.52587890625e-05 },
        { E5M2, 0x3c, 1 },
        { E5M2, 0x7b, 57344 },
        { E5M2, 0x7c, INFINITY },
        { E5M2, 0xfc, -INFINITY },
        { E5M2, 0x7d, NAN },
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        double got = sim_tc_elem_value(v[i].fmt, v[i].bits);
        bool ok = isnan(v[i].want) ? isnan(got) : got == v[i].want;
        CHECK(ok, "format %u code 0x%02x = %g, want %g", v[i].fmt, v[i].bits, got, v[i].want);
    }
    CHECK(isnan(sim_tc_elem_value(2, 0)), "format 2 is no MX element format");
}

static void
test_scales(void)
{
    /* UE8M0 (OCP MX 1.0 Table 8): 2^(b - 127), 0xff NaN */
    CHECK(sim_tc_scale_value(false, 127) == 1, "UE8M0 127 = 1");
    CHECK(sim_tc_scale_value(false, 0) == ldexp(1, -127), "UE8M0 0 = 2^-127");
    CHECK(sim_tc_scale_value(false, 254) == ldexp(1, 127), "UE8M0 254 = 2^127");
    CHECK(sim_tc_scale_value(false, 130) == 8, "UE8M0 130 = 8");
    CHECK(isnan(sim_tc_scale_value(false, 255)), "UE8M0 255 is NaN");
    /* UE4M3: E4M3 without its sign (NVFP4's block scale): 0x38 = 1, 0x7e = 448 */
    CHECK(sim_tc_scale_value(true, 0x38) == 1, "UE4M3 0x38 = 1");
    CHECK(sim_tc_scale_value(true, 0x7e) == 448, "UE4M3 0x7e = 448");
    CHECK(sim_tc_scale_value(true, 0x08) == ldexp(1, -6), "UE4M3 0x08 = 2^-6");
    CHECK(isnan(sim_tc_scale_value(true, 0x7f)), "UE4M3 0x7f is NaN");
}

static const char *const bs_ptx =
    ".version 8.7\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<2>;\n"
    "  mov.u32 %r1, 0; mov.b64 %rd1, 0; mov.u32 %r3, 0x08100480;\n"
    "  setp.ne.u32 %p1, %r1, 0;\n"
    "  tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.scale_vec::4X [%r1], %rd1, %rd1, "
    "%r3, [%r1], [%r1], %p1;\n  ret;\n}\n";

int
main(void)
{
    test_e2m1();
    test_spot();
    test_scales();
    SimCtx *ctx = sim_create();
    launch_fails(ctx, load_entry(ctx, bs_ptx, "k"), 1, 32, NULL,
                 "kind::mxf4nvf4.block_scale: D (128 x 64) at 0x00000000 covers columns that are "
                 "not all allocated");
    sim_destroy(ctx);
    return test_exit("test_sim_tcgen05_formats");
}
