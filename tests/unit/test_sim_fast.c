/*
 * test_sim_fast.c -- the simulator's fast paths (issue 15) give the same bits as the
 * general ones:
 *   - f32 round-to-nearest of an exact sum hi + lo (fp_from_double's shortcut through the
 *     host's double -> float conversion) against fp_round(), on random values, on exact
 *     midpoints between two floats with lo of either sign or zero, near FLT_MAX and in the
 *     subnormal range;
 *   - add/sub/mul/fma/mad .f32 (with and without .ftz; warp-wide and per lane) run by the
 *     simulator on random bit patterns (NaN, infinities, zeros, subnormals included) against a
 * reference that forms the exact result in double and rounds it with fp_round();
 *   - mov, integer add/sub and pack/unpack run warp-wide, against C;
 *   - integer mul/mad (.lo/.hi/.wide, 16/32/64-bit, signed and unsigned) and
 *     and/or/xor/shl/shr run warp-wide (exec_alu.c warp_int_fast, warp_bit_fast) against
 *     the per-lane code on random values;
 *   - div.rn/max/min (and max.NaN/min.NaN) .f32 run warp-wide (exec_alu.c
 *     warp_f32_more) against the per-lane general code on random bit patterns and on
 *     signed zeros and NaN pairs;
 *   - f16_to_double (inline, through an f32 multiply) on all 65536 halves against ldexp;
 *   - f32 -> f16 round to nearest (through F16C where the host has it) against fp_round();
 *   - mma.sync m16n8k16 f32.f16.f16.f32 (its operands decoded eight halves at a time with
 *     F16C where the host has it) against C sums of the fragments' products, finite
 *     halves and NaN/infinity lanes both, C in registers and as immediates;
 *   - ld/st global and shared run warp-wide (exec_mem.c warp_mem_fast): values of every
 *     width (sign extension, vectors) against C, a guarded (per-lane) load beside them, the
 *     sector and wavefront counts worked out by hand from the addresses, and an
 *     out-of-bounds lane still faulting with its own thread named;
 *   - a converged warp's pc and instruction count, kept by run_warp() during warp-wide
 *     instructions, seen by %clock64, a shuffle and a divergent branch as the lanes' own;
 *   - mov of special registers and cvta run warp-wide, against C;
 *   - tests/bench/fma_chain.ptx (the bench kernel, run in warp lockstep) on a full and a
 *     partial warp, against the same reference chain computed here, with the instruction
 *     counts the kernel's text implies.
 */
#include "sim/simint.h"
#include "tests/sim/simtest.h"

#include <float.h>
#include <math.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t
rnd32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* a random f32 bit pattern, with the special classes over-represented */
static uint32_t
rnd_f32_bits(void)
{
    uint32_t r = rnd32(), s = r & 0x80000000u;
    switch (rnd32() % 10) {
    case 0:
        return s | (rnd32() & 0x007fffffu); /* subnormal or zero */
    case 1:
        return s | 0x7f800000u | (rnd32() % 3 ? 0 : (rnd32() & 0x7fffffu) | 1); /* inf, NaN */
    case 2:
        return s;
    case 3:
        return s | (0x3f000000u + (rnd32() & 0x00ffffffu)); /* around 1 */
    default:
        return r;
    }
}

static void
check_rounding(void)
{
    int bad = 0;
    for (int i = 0; i < 400000 && bad < 10; i++) {
        double hi, lo;
        uint32_t fb = rnd_f32_bits() & 0x7fffffffu, sign = rnd32() & 1;
        if ((fb & 0x7f800000u) == 0x7f800000u)
            fb = 0x3f800000u;
        double f = f32_of(fb), g = f32_of(fb + 1);
        switch (i % 4) {
        case 0: /* exact midpoint, lo of either sign or zero */
            hi = (f + g) / 2;
            lo = (rnd32() % 3 == 0) ? 0 : ldexp(rnd32() % 2 ? 1.0 : -1.0, -60) * fabs(hi);
            break;
        case 1: /* a random double near f, lo within half an ulp of hi */
            hi = f + (g - f) * ((double)rnd32() / 4294967296.0);
            lo = ldexp((double)(int32_t)rnd32() / 2147483648.0, -54) * fabs(hi);
            break;
        case 2: /* hi a float, lo tiny */
            hi = f;
            lo = ldexp((double)(int32_t)rnd32() / 2147483648.0, -54) * fabs(hi);
            break;
        default: /* around FLT_MAX and the overflow midpoint */
            hi = (double)FLT_MAX + ldexp((double)(rnd32() % 5), 102);
            lo = (double)(int32_t)rnd32() * 0x1p48;
            break;
        }
        if (sign) {
            hi = -hi;
            lo = -lo;
        }
        uint64_t want = fp_round(hi, lo, &FMT_F32, RND_RN);
        uint64_t got = fp_from_double(TY_F32, hi, lo, RND_RN, 0);
        if (got != want)
            bad++;
        CHECK(got == want, "round(%a + %a): 0x%08llx, want 0x%08llx", hi, lo,
              (unsigned long long)got, (unsigned long long)want);
    }
}

/* Reference: exact value in double (products of floats are exact; the sum's error by
 * TwoSum), rounded once by fp_round; canonical NaN; .ftz on inputs and result. */
static uint32_t
ref_op(int op, uint32_t a, uint32_t b, uint32_t c, bool ftz)
{
    if (ftz) {
        a = f32_ftz(a);
        b = f32_ftz(b);
        c = f32_ftz(c);
    }
    double x = f32_of(a), y = f32_of(b), z = f32_of(c);
    double p, q;
    switch (op) {
    case 0:
        p = x;
        q = y;
        break; /* add */
    case 1:
        p = x;
        q = -y;
        break; /* sub */
    case 2:
        p = x * y;
        q = 0;
        break; /* mul */
    default:
        p = x * y;
        q = z;
        break; /* fma, mad */
    }
    double s = p + q, e = 0;
    if (op == 2)
        s = p; /* exact, keeps the sign of a zero product */
    else if (isfinite(s)) {
        double bb = s - p;
        e = (p - (s - bb)) + (q - bb);
    }
    if (s == 0 && e == 0 && op != 2)
        s = (p == 0 && q == 0 && signbit(p) && signbit(q)) ? -0.0 : 0.0;
    uint32_t r = isnan(s) ? 0x7fffffffu : (uint32_t)fp_round(s, e, &FMT_F32, RND_RN);
    return ftz ? f32_ftz(r) : r;
}

static void
check_ops(void)
{
    static const char *const ops[] = { "add", "sub", "mul", "fma.rn", "mad.rn" };
    enum { N = 4096 };
    uint32_t *in = malloc(3 * N * 4), *out = malloc(N * 4);
    SimCtx *ctx = sim_create();
    /* guard 0: the warp-wide loop (exec.c run_warp); 1: an always-true guard sends the
     * instruction through the per-lane functions of exec_alu.c instead */
    for (int guard = 0; guard < 2; guard++)
        for (int op = 0; op < 5; op++)
            for (int ftz = 0; ftz < 2; ftz++) {
                char ptx[1024];
                bool three = op >= 3;
                snprintf(ptx, sizeof ptx,
                         ".version 7.0\n.target sm_80\n.address_size 64\n"
                         ".visible .entry k(.param .u64 pi, .param .u64 po)\n{\n"
                         ".reg .f32 %%f<4>; .reg .b64 %%rd<6>; .reg .b32 %%t; .reg .pred %%g;\n"
                         "ld.param.u64 %%rd0, [pi]; ld.param.u64 %%rd1, [po];\n"
                         "mov.u32 %%t, %%tid.x; mad.lo.u32 %%t, %%ctaid.x, 256, %%t;\n"
                         "mul.wide.u32 %%rd2, %%t, 12; add.s64 %%rd3, %%rd0, %%rd2;\n"
                         "ld.global.f32 %%f1, [%%rd3]; ld.global.f32 %%f2, [%%rd3+4];\n"
                         "ld.global.f32 %%f3, [%%rd3+8];\n"
                         "setp.ne.u32 %%g, %%t, 0xffffffff;\n"
                         "%s%s%s.f32 %%f0, %%f1, %%f2%s;\n"
                         "mul.wide.u32 %%rd4, %%t, 4; add.s64 %%rd5, %%rd1, %%rd4;\n"
                         "st.global.f32 [%%rd5], %%f0;\nret;\n}\n",
                         guard ? "@%g " : "", ops[op], ftz ? ".ftz" : "", three ? ", %f3" : "");
                for (int i = 0; i < 3 * N; i++)
                    in[i] = rnd_f32_bits();
                SimFunc *f = load_entry(ctx, ptx, "k");
                SimDevPtr di = dev_upload(ctx, in, 3 * N * 4), dout = dev_upload(ctx, out, N * 4);
                void *params[] = { &di, &dout };
                if (launch_ok(ctx, f, N / 256, 256, 0, params) < 0)
                    continue;
                dev_download(ctx, out, dout, N * 4);
                int bad = 0;
                for (int i = 0; i < N && bad < 5; i++) {
                    uint32_t want = ref_op(op, in[3 * i], in[3 * i + 1], in[3 * i + 2], ftz);
                    bad += out[i] != want;
                    CHECK(out[i] == want, "%s%s.f32(0x%08x, 0x%08x, 0x%08x) = 0x%08x, want 0x%08x",
                          ops[op], ftz ? ".ftz" : "", in[3 * i], in[3 * i + 1], in[3 * i + 2],
                          out[i], want);
                }
            }
    sim_destroy(ctx);
    free(in);
    free(out);
}

/* div.rn/max/min/max.NaN/min.NaN .f32: the warp-wide loop (guard 0) against the per-lane
 * functions (an always-true guard), bit for bit. */
static void
check_ops_more(void)
{
    static const char *const ops[] = { "div.rn", "max", "min", "max.NaN", "min.NaN" };
    enum { N = 4096 };
    uint32_t *in = malloc(2 * N * 4), *out[2] = { malloc(N * 4), malloc(N * 4) };
    SimCtx *ctx = sim_create();
    static const uint32_t special[][2] = {
        { 0x00000000u, 0x80000000u }, { 0x80000000u, 0x00000000u }, { 0x7fc00000u, 0x3f800000u },
        { 0x3f800000u, 0x7fc00001u }, { 0xffc00000u, 0x7f800001u }, { 0x3f800000u, 0x3f800000u },
        { 0x80000000u, 0x80000000u }, { 0x00000001u, 0x80000001u },
    };
    for (int op = 0; op < 5; op++) {
        for (int i = 0; i < 2 * N; i++)
            in[i] = rnd_f32_bits();
        for (size_t k = 0; k < sizeof special / sizeof special[0]; k++) {
            in[2 * k] = special[k][0];
            in[2 * k + 1] = special[k][1];
        }
        for (int guard = 0; guard < 2; guard++) {
            char ptx[1024];
            snprintf(ptx, sizeof ptx,
                     ".version 7.0\n.target sm_80\n.address_size 64\n"
                     ".visible .entry k(.param .u64 pi, .param .u64 po)\n{\n"
                     ".reg .f32 %%f<3>; .reg .b64 %%rd<6>; .reg .b32 %%t; .reg .pred %%g;\n"
                     "ld.param.u64 %%rd0, [pi]; ld.param.u64 %%rd1, [po];\n"
                     "mov.u32 %%t, %%tid.x; mad.lo.u32 %%t, %%ctaid.x, 256, %%t;\n"
                     "mul.wide.u32 %%rd2, %%t, 8; add.s64 %%rd3, %%rd0, %%rd2;\n"
                     "ld.global.f32 %%f1, [%%rd3]; ld.global.f32 %%f2, [%%rd3+4];\n"
                     "setp.ne.u32 %%g, %%t, 0xffffffff;\n"
                     "%s%s.f32 %%f0, %%f1, %%f2;\n"
                     "mul.wide.u32 %%rd4, %%t, 4; add.s64 %%rd5, %%rd1, %%rd4;\n"
                     "st.global.f32 [%%rd5], %%f0;\nret;\n}\n",
                     guard ? "@%g " : "", ops[op]);
            SimFunc *f = load_entry(ctx, ptx, "k");
            SimDevPtr di = dev_upload(ctx, in, 2 * N * 4),
                      dout = dev_upload(ctx, out[guard], N * 4);
            void *params[] = { &di, &dout };
            if (launch_ok(ctx, f, N / 256, 256, 0, params) == 0)
                dev_download(ctx, out[guard], dout, N * 4);
        }
        int bad = 0;
        for (int i = 0; i < N && bad < 5; i++) {
            bad += out[0][i] != out[1][i];
            CHECK(out[0][i] == out[1][i],
                  "%s.f32(0x%08x, 0x%08x): warp-wide 0x%08x, per lane 0x%08x", ops[op], in[2 * i],
                  in[2 * i + 1], out[0][i], out[1][i]);
        }
        /* the specials against the rules: max(+0, -0) = +0, min = -0; a NaN gives the other
         * operand; two NaNs the canonical NaN */
        if (op == 1)
            CHECK(out[0][0] == 0 && out[0][1] == 0 && out[0][2] == 0x3f800000u &&
                      out[0][3] == 0x3f800000u && out[0][4] == 0x7fffffffu,
                  "max specials %08x %08x %08x %08x %08x", out[0][0], out[0][1], out[0][2],
                  out[0][3], out[0][4]);
        if (op == 2)
            CHECK(out[0][0] == 0x80000000u && out[0][1] == 0x80000000u &&
                      out[0][2] == 0x3f800000u && out[0][4] == 0x7fffffffu,
                  "min specials %08x %08x %08x %08x", out[0][0], out[0][1], out[0][2], out[0][4]);
        /* .NaN: a NaN operand gives the canonical NaN, whichever it is */
        if (op >= 3)
            CHECK(out[0][0] == (op == 3 ? 0u : 0x80000000u) && out[0][2] == 0x7fffffffu &&
                      out[0][3] == 0x7fffffffu && out[0][4] == 0x7fffffffu &&
                      out[0][5] == 0x3f800000u,
                  "%s specials %08x %08x %08x %08x %08x", ops[op], out[0][0], out[0][2], out[0][3],
                  out[0][4], out[0][5]);
    }
    sim_destroy(ctx);
    free(in);
    free(out[0]);
    free(out[1]);
}

/* Integer mul/mad: the warp-wide loop (guard 0) against the per-lane functions (an
 * always-true guard), bit for bit, on random 64-bit register contents. */
static void
check_int_ops(void)
{
    static const struct {
        const char *insn, *in, *out; /* source and destination register types */
        int three;
        const char *pre; /* run first (shift amounts: mostly in range) */
    } ops[] = {
        { "mul.lo.u32", "b32", "b32", 0, NULL },
        { "mul.hi.s32", "b32", "b32", 0, NULL },
        { "mul.wide.s32", "b32", "b64", 0, NULL },
        { "mul.wide.u16", "b16", "b32", 0, NULL },
        { "mul.lo.s64", "b64", "b64", 0, NULL },
        { "mul.hi.u64", "b64", "b64", 0, NULL },
        { "mad.lo.s32", "b32", "b32", 1, NULL },
        { "mad.wide.u32", "b32", "b64", 1, NULL },
        { "mad.wide.s32", "b32", "b64", 1, NULL },
        { "mul.wide.u32", "b32", "b64", 0, NULL },
        { "mad.lo.u32", "b32", "b32", 1, NULL },
        { "mad.hi.s64", "b64", "b64", 1, NULL },
        { "mad.lo.u16", "b16", "b16", 1, NULL },
        { "and.b32", "b32", "b32", 0, NULL },
        { "or.b64", "b64", "b64", 0, NULL },
        { "xor.b16", "b16", "b16", 0, NULL },
        { "shl.b32", "b32", "b32", 0, "and.b32 %a1, %a1, 47;" },
        { "shr.s32", "b32", "b32", 0, "and.b32 %a1, %a1, 47;" },
        { "shr.u32", "b32", "b32", 0, "and.b32 %a1, %a1, 47;" },
    };
    enum { N = 1024 };
    uint64_t *in = malloc(3 * N * 8), *out[2] = { malloc(N * 8), malloc(N * 8) };
    SimCtx *ctx = sim_create();
    for (size_t op = 0; op < sizeof ops / sizeof ops[0]; op++) {
        for (int i = 0; i < 3 * N; i++)
            in[i] = (uint64_t)rnd32() << 32 | rnd32();
        for (int guard = 0; guard < 2; guard++) {
            char ptx[1400];
            snprintf(ptx, sizeof ptx,
                     ".version 7.0\n.target sm_80\n.address_size 64\n"
                     ".visible .entry k(.param .u64 pi, .param .u64 po)\n{\n"
                     ".reg .%s %%a<3>; .reg .%s %%d; .reg .b64 %%rd<6>; .reg .b32 %%t;\n"
                     ".reg .pred %%g;\n"
                     "ld.param.u64 %%rd0, [pi]; ld.param.u64 %%rd1, [po];\n"
                     "mov.u32 %%t, %%tid.x; mad.lo.u32 %%t, %%ctaid.x, 256, %%t;\n"
                     "mul.wide.u32 %%rd2, %%t, 24; add.s64 %%rd3, %%rd0, %%rd2;\n"
                     "ld.global.%s %%a0, [%%rd3]; ld.global.%s %%a1, [%%rd3+8];\n"
                     "ld.global.%s %%a2, [%%rd3+16];\n"
                     "mov.%s %%d, 0;\nsetp.ne.u32 %%g, %%t, 0xffffffff;\n%s\n"
                     "%s%s %%d, %%a0, %%a1%s;\n"
                     "mul.wide.u32 %%rd4, %%t, 8; add.s64 %%rd5, %%rd1, %%rd4;\n"
                     "st.global.%s [%%rd5], %%d;\nret;\n}\n",
                     ops[op].in, ops[op].out, ops[op].in, ops[op].in, ops[op].in, ops[op].out,
                     ops[op].pre ? ops[op].pre : "", guard ? "@%g " : "", ops[op].insn,
                     ops[op].three ? ", %a2" : "", ops[op].out);
            memset(out[guard], 0, N * 8);
            SimFunc *f = load_entry(ctx, ptx, "k");
            SimDevPtr di = dev_upload(ctx, in, 3 * N * 8),
                      dout = dev_upload(ctx, out[guard], N * 8);
            void *params[] = { &di, &dout };
            if (launch_ok(ctx, f, N / 256, 256, 0, params) == 0)
                dev_download(ctx, out[guard], dout, N * 8);
        }
        int bad = 0;
        for (int i = 0; i < N && bad < 5; i++) {
            bad += out[0][i] != out[1][i];
            CHECK(out[0][i] == out[1][i], "%s(%llx, %llx, %llx): warp-wide %llx, per lane %llx",
                  ops[op].insn, (unsigned long long)in[3 * i], (unsigned long long)in[3 * i + 1],
                  (unsigned long long)in[3 * i + 2], (unsigned long long)out[0][i],
                  (unsigned long long)out[1][i]);
        }
        /* and one value worked out here: lane 0 */
        if (op == 0)
            CHECK((uint32_t)out[0][0] == (uint32_t)in[0] * (uint32_t)in[1], "mul.lo.u32 lane 0");
        if (op == 2)
            CHECK(out[0][0] == (uint64_t)((int64_t)(int32_t)in[0] * (int32_t)in[1]),
                  "mul.wide.s32 lane 0");
    }
    sim_destroy(ctx);
    free(in);
    free(out[0]);
    free(out[1]);
}

static void
check_chain(void)
{
    char *ptx = read_file("tests/bench/fma_chain.ptx");
    CHECK(ptx != NULL, "cannot read tests/bench/fma_chain.ptx");
    if (!ptx)
        return;
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "fma_chain");
    static const unsigned blocks[] = { 64, 48 }; /* whole warps; a partial last warp */
    for (int k = 0; k < 2 && f; k++) {
        unsigned nb = blocks[k], n = 3 * nb;
        float *out = calloc(n, 4);
        SimDevPtr d = dev_upload(ctx, out, n * 4);
        float a = 0.999f, b = 0.001f;
        void *params[] = { &d, &a, &b };
        if (launch_ok(ctx, f, 3, nb, 0, params) < 0) {
            free(out);
            continue;
        }
        dev_download(ctx, out, d, n * 4);
        SimStats st;
        sim_stats(ctx, &st);
        int bad = 0;
        for (unsigned i = 0; i < n && bad < 5; i++) {
            uint32_t x = ref_op(2, bits_of_f32((float)i), 0x35800000u, 0, false); /* i * 2^-20 */
            for (int j = 0; j < 2048; j++)
                x = ref_op(3, x, bits_of_f32(a), bits_of_f32(b), false);
            uint32_t got = bits_of_f32(out[i]);
            bad += got != x;
            CHECK(got == x, "fma_chain block %u: out[%u] = 0x%08x, want 0x%08x", nb, i, got, x);
        }
        /* per thread: 2048 fma + 1 mul (fp32); 128 x (add, setp, bra) in the loop */
        CHECK(st.by_class[SIM_CLASS_FP32] == (uint64_t)n * 2049, "fp32 count %llu",
              (unsigned long long)st.by_class[SIM_CLASS_FP32]);
        CHECK(st.by_class[SIM_CLASS_CMP] == (uint64_t)n * 128, "cmp count %llu",
              (unsigned long long)st.by_class[SIM_CLASS_CMP]);
        free(out);
    }
    sim_destroy(ctx);
    free(ptx);
}

/* mov, integer add/sub and the pack/unpack movs run warp-wide (exec_alu.c
 * warp_move_fast): each lane's results against C, including the type masks, immediates
 * and a `_` sink in an unpack. */
static void
check_moves(void)
{
    static const char ptx[] = ".version 7.0\n.target sm_80\n.address_size 64\n"
                              ".visible .entry k(.param .u64 po)\n{\n"
                              ".reg .b32 %r<8>; .reg .b16 %h<4>; .reg .b64 %rd<6>;\n"
                              "ld.param.u64 %rd0, [po];\nmov.u32 %r0, %tid.x;\n"
                              "mul.lo.u32 %r1, %r0, 0x9e3779b1;\n" /* a lane-dependent pattern */
                              "mov.b32 {%h0, %h1}, %r1;\n"         /* unpack */
                              "mov.b32 {_, %h2}, %r1;\n"           /* unpack into a sink */
                              "mov.b32 %r2, {%h1, %h0};\n"         /* pack: halves swapped */
                              "mov.b32 %r3, {%h2, 0x1234};\n"      /* pack with an immediate */
                              "add.u32 %r4, %r1, 0xfffffff0;\n"    /* wraps */
                              "sub.s32 %r5, 7, %r0;\n"
                              "mov.u16 %h3, %h0;\ncvt.u32.u16 %r6, %h3;\n"
                              "cvt.u64.u32 %rd1, %r1;\nsub.u64 %rd2, %rd1, 0x100000000;\n"
                              "mul.wide.u32 %rd3, %r0, 48;\nadd.s64 %rd4, %rd0, %rd3;\n"
                              "st.global.v4.u32 [%rd4], {%r2, %r3, %r4, %r5};\n"
                              "st.global.u32 [%rd4+16], %r6;\nst.global.u64 [%rd4+24], %rd2;\n"
                              "ret;\n}\n";
    enum { N = 48 }; /* a whole warp and a partial one */
    uint32_t out[N * 12];
    memset(out, 0, sizeof out);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "k");
    SimDevPtr d = dev_upload(ctx, out, sizeof out);
    void *params[] = { &d };
    if (launch_ok(ctx, f, 1, N, 0, params) == 0) {
        dev_download(ctx, out, d, sizeof out);
        for (uint32_t i = 0; i < N; i++) {
            uint32_t r1 = i * 0x9e3779b1u, lo = r1 & 0xffff, hi = r1 >> 16;
            uint64_t want64 = (uint64_t)r1 - 0x100000000ull;
            const uint32_t *o = &out[i * 12];
            uint64_t got64 = (uint64_t)o[6] | (uint64_t)o[7] << 32;
            CHECK(o[0] == (lo << 16 | hi) && o[1] == (0x1234u << 16 | hi) && o[2] == r1 - 16 &&
                      o[3] == 7 - i && o[4] == lo && got64 == want64,
                  "lane %u: %08x %08x %08x %08x %08x %016llx", i, o[0], o[1], o[2], o[3], o[4],
                  (unsigned long long)got64);
        }
    }
    sim_destroy(ctx);
}

static void
check_f16(void)
{
    int bad = 0;
    for (uint32_t h = 0; h < 65536; h++) {
        uint32_t e = (h >> 10) & 31, m = h & 1023;
        double want = e == 0    ? ldexp((double)m, -24)
                      : e == 31 ? (m ? NAN : INFINITY)
                                : ldexp((double)(m | 1024), (int)e - 25);
        want = h >> 15 ? -want : want;
        double got = f16_to_double((uint16_t)h);
        bool same = got == want ? signbit(got) == signbit(want) : (got != got && want != want);
        if (!same && bad++ < 5)
            CHECK(false, "f16 0x%04x: %a, want %a", h, got, want);
    }
    CHECK(bad == 0, "%d f16 values decoded wrong", bad);
}

/* a random f16 bit pattern: mostly moderate values (so products and sums stay finite),
 * with subnormals, zeros and, when specials is set, infinities and NaNs among them */
static uint16_t
rnd_f16_bits(bool specials)
{
    uint16_t s = (uint16_t)(rnd32() & 0x8000u);
    switch (rnd32() % 16) {
    case 0:
        return (uint16_t)(s | (rnd32() & 0x3ffu)); /* subnormal or zero */
    case 1:
        if (specials)
            return (uint16_t)(s | 0x7c00u | (rnd32() % 2 ? 0 : (rnd32() & 0x3ffu) | 1));
        return s;
    default:
        return (uint16_t)(s | (0x3000u + (rnd32() % 0x1800u))); /* 2^-3 .. 2^3 */
    }
}

/* mma.sync m16n8k16 f32.f16.f16.f32 (exec_warp.c gather_h16: F16C decoding where the
 * host has it, with NaN lanes decoded half by half) against D = C + sum over k of A B in
 * k order, each product and sum rounded to double as the unit's exact accumulation is
 * modelled, the fragments placed as ptx-sm80.md §5.2 lays them out (g = l/4, t = l%4). */
static void
check_mma(void)
{
    static const char ptx[] =
        ".version 7.0\n.target sm_80\n.address_size 64\n"
        ".visible .entry mm(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n{\n"
        ".reg .b32 %a<4>; .reg .b32 %b<2>; .reg .f32 %c<4>; .reg .f32 %d<4>;\n"
        ".reg .b32 %r<2>; .reg .b64 %rd<12>;\n"
        "ld.param.u64 %rd0, [pa];\nld.param.u64 %rd1, [pb];\nld.param.u64 %rd2, [pc];\n"
        "ld.param.u64 %rd3, [pd];\nmov.u32 %r0, %tid.x;\n"
        "mul.wide.u32 %rd4, %r0, 16;\nmul.wide.u32 %rd5, %r0, 8;\n"
        "add.s64 %rd6, %rd0, %rd4;\nadd.s64 %rd7, %rd1, %rd5;\n"
        "add.s64 %rd8, %rd2, %rd4;\nadd.s64 %rd9, %rd3, %rd4;\n"
        "ld.global.v4.b32 {%a0, %a1, %a2, %a3}, [%rd6];\n"
        "ld.global.v2.b32 {%b0, %b1}, [%rd7];\n"
        "ld.global.v4.f32 {%c0, %c1, %c2, %c3}, [%rd8];\n"
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%d0, %d1, %d2, %d3}, "
        "{%a0, %a1, %a2, %a3}, {%b0, %b1}, {%c0, %c1, %c2, %c3};\n"
        "st.global.v4.f32 [%rd9], {%d0, %d1, %d2, %d3};\n"
        "ret;\n}\n";
    /* the same with C as immediates (1.5, -2.5, +0, -0 in every lane) */
    char ptx_imm[sizeof ptx + 64];
    const char *cregs = "{%c0, %c1, %c2, %c3};", *at = strstr(ptx, cregs);
    snprintf(ptx_imm, sizeof ptx_imm, "%.*s%s%s", (int)(at - ptx), ptx,
             "{0f3FC00000, 0fC0200000, 0f00000000, 0f80000000};", at + strlen(cregs));
    static const uint32_t cimm[4] = { 0x3fc00000u, 0xc0200000u, 0, 0x80000000u };
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "mm"), *fi = load_entry(ctx, ptx_imm, "mm");
    for (int round = 0; round < 8; round++) {
        /* rounds 0-2: finite halves (every lane on the vector path); 3-5: NaNs and
         * infinities in some lanes; 6-7: C immediate */
        bool specials = round >= 3 && round < 6;
        uint16_t a[32 * 8], b[32 * 4];
        uint32_t c[32 * 4], d[32 * 4];
        for (int i = 0; i < 32 * 8; i++)
            a[i] = rnd_f16_bits(specials);
        for (int i = 0; i < 32 * 4; i++) {
            b[i] = rnd_f16_bits(specials);
            c[i] = rnd32() % 8 ? bits_of_f32((float)((int)(rnd32() % 2001) - 1000) / 64.0f)
                               : rnd_f32_bits();
            if (round >= 6)
                c[i] = cimm[i % 4];
        }
        memset(d, 0, sizeof d);
        SimDevPtr da = dev_upload(ctx, a, sizeof a), db = dev_upload(ctx, b, sizeof b),
                  dc = dev_upload(ctx, c, sizeof c), dd = dev_upload(ctx, d, sizeof d);
        void *params[] = { &da, &db, &dc, &dd };
        if (launch_ok(ctx, round >= 6 ? fi : f, 1, 32, 0, params) != 0)
            break;
        dev_download(ctx, d, dd, sizeof d);
        double A[16][16], B[16][8];
        for (int l = 0; l < 32; l++) {
            int g = l / 4, t = l % 4;
            for (int r = 0; r < 4; r++)
                for (int e = 0; e < 2; e++)
                    A[g + 8 * (r & 1)][2 * t + 8 * (r >> 1) + e] =
                        f16_to_double(a[l * 8 + 2 * r + e]);
            for (int r = 0; r < 2; r++)
                for (int e = 0; e < 2; e++)
                    B[2 * t + 8 * r + e][g] = f16_to_double(b[l * 4 + 2 * r + e]);
        }
        int bad = 0;
        for (int l = 0; l < 32; l++) {
            int g = l / 4, t = l % 4;
            for (int i = 0; i < 4; i++) {
                int m = g + 8 * (i >> 1), n = 2 * t + (i & 1);
                double acc = f32_of(c[l * 4 + i]);
                for (int k = 0; k < 16; k++) {
                    double p = A[m][k] * B[k][n];
                    acc = acc + p;
                }
                uint32_t want = bits_of_f32((float)acc), got = d[l * 4 + i];
                bool same = got == want || (f32_of(got) != f32_of(got) && acc != acc);
                if (!same && bad++ < 4)
                    CHECK(false, "mma round %d lane %d element %d: %08x, want %08x", round, l, i,
                          got, want);
            }
        }
        CHECK(bad == 0, "mma round %d: %d elements wrong", round, bad);
    }
    sim_destroy(ctx);
}

/* A converged warp's pc and instruction count live in run_warp() while it runs warp-wide
 * instructions and reach the lanes before anything reads them: %clock64 (the lane's
 * instruction count) after 7 warp-wide instructions and a shuffle (a collective, which
 * looks at the lanes' pcs) reads 8 and 10 (the count includes the instruction reading
 * it), the jump target after a divergent branch is
 * each lane's own, and the store lands where the lane's own pc took it. */
static void
check_warp_pc(void)
{
    static const char ptx[] = ".version 7.0\n.target sm_80\n.address_size 64\n"
                              ".visible .entry c(.param .u64 po)\n{\n"
                              ".reg .b32 %r<8>; .reg .b64 %rd<8>; .reg .pred %p<2>;\n"
                              "ld.param.u64 %rd0, [po];\n"    /* 1 */
                              "mov.u32 %r0, %tid.x;\n"        /* 2 (per lane: a special register) */
                              "add.u32 %r1, %r0, 1;\n"        /* 3 */
                              "mul.lo.u32 %r2, %r1, 3;\n"     /* 4 */
                              "xor.b32 %r3, %r2, 5;\n"        /* 5 */
                              "mul.wide.u32 %rd1, %r0, 32;\n" /* 6 */
                              "add.s64 %rd2, %rd0, %rd1;\n"   /* 7 */
                              "mov.u64 %rd3, %clock64;\n"     /* 8: reads 8 */
                              "shfl.sync.bfly.b32 %r4, %r3, 1, 31, 0xffffffff;\n" /* 9 */
                              "mov.u64 %rd4, %clock64;\n"                         /* 10: reads 10 */
                              "and.b32 %r5, %r0, 1;\n"                            /* 11 */
                              "setp.eq.u32 %p0, %r5, 1;\n"                        /* 12 */
                              "@%p0 bra ODD;\n"                                   /* 13 */
                              "add.u32 %r6, %r4, 100;\n" /* 14 even lanes */
                              "add.u32 %r6, %r6, 1;\n"   /* 15 */
                              "bra DONE;\n"              /* 16 */
                              "ODD:\n"
                              "add.u32 %r6, %r4, 200;\n" /* 14 odd lanes */
                              "DONE:\n"
                              "mov.u64 %rd5, %clock64;\n" /* even: 17, odd: 15 */
                              "st.global.v2.u64 [%rd2], {%rd3, %rd4};\n"
                              "st.global.u64 [%rd2+16], %rd5;\nst.global.u32 [%rd2+24], %r6;\n"
                              "ret;\n}\n";
    enum { N = 64 }; /* two whole warps: the shuffle names all 32 lanes */
    uint64_t out[N * 4];
    memset(out, 0, sizeof out);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "c");
    SimDevPtr d = dev_upload(ctx, out, sizeof out);
    void *params[] = { &d };
    if (launch_ok(ctx, f, 1, N, 0, params) == 0) {
        dev_download(ctx, out, d, sizeof out);
        for (uint32_t i = 0; i < N; i++) {
            uint32_t x3n = (((i ^ 1) + 1) * 3) ^ 5; /* the partner lane's %r3 */
            uint32_t want6 = i & 1 ? x3n + 200 : x3n + 101;
            const uint64_t *o = &out[i * 4];
            CHECK(o[0] == 8 && o[1] == 10 && o[2] == (i & 1 ? 15u : 17u) && (uint32_t)o[3] == want6,
                  "lane %u: clocks %llu %llu %llu, value %u (want 8 10 %u, %u)", i,
                  (unsigned long long)o[0], (unsigned long long)o[1], (unsigned long long)o[2],
                  (uint32_t)o[3], i & 1 ? 15u : 17u, want6);
        }
    }
    sim_destroy(ctx);
}

/* mov of special registers (not the clocks) and cvta run warp-wide (exec_alu.c
 * warp_move_fast, exec_mem.c warp_cvta_fast): each lane's values against C. */
static void
check_sreg_cvta(void)
{
    static const char ptx[] =
        ".version 7.0\n.target sm_80\n.address_size 64\n"
        ".visible .entry s(.param .u64 po)\n{\n"
        ".reg .b32 %r<8>; .reg .b64 %rd<10>;\n"
        ".shared .align 8 .b8 sh[64];\n"
        "ld.param.u64 %rd0, [po];\ncvta.to.global.u64 %rd1, %rd0;\n"
        "mov.u32 %r0, %tid.x;\nmov.u32 %r1, %laneid;\nmov.u32 %r2, %warpid;\n"
        "mov.u32 %r3, %lanemask_lt;\nmov.u32 %r4, %ctaid.x;\nmov.u32 %r5, %ntid.x;\n"
        "mov.u32 %r6, %tid.y;\n"
        "mov.u64 %rd2, sh;\ncvta.shared.u64 %rd3, %rd2;\ncvta.to.shared.u64 %rd4, %rd3;\n"
        "sub.s64 %rd5, %rd4, %rd2;\n" /* 0: to and back */
        "mad.lo.u32 %r7, %r4, 64, %r0;\nmul.wide.u32 %rd6, %r7, 64;\nadd.s64 %rd7, %rd1, %rd6;\n"
        "st.global.v4.u32 [%rd7], {%r0, %r1, %r2, %r3};\n"
        "st.global.v4.u32 [%rd7+16], {%r4, %r5, %r6, %r7};\n"
        "st.global.v2.u64 [%rd7+32], {%rd0, %rd1};\nst.global.v2.u64 [%rd7+48], {%rd3, %rd5};\n"
        "ret;\n}\n";
    enum { B = 64, G = 2 };
    uint32_t out[G * B * 16];
    memset(out, 0, sizeof out);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "s");
    SimDevPtr d = dev_upload(ctx, out, sizeof out);
    void *params[] = { &d };
    if (launch_ok(ctx, f, G, B, 0, params) == 0) {
        dev_download(ctx, out, d, sizeof out);
        uint64_t shared_generic = 0;
        for (uint32_t c = 0; c < G; c++)
            for (uint32_t i = 0; i < B; i++) {
                const uint32_t *o = &out[(c * B + i) * 16];
                uint64_t q[4];
                memcpy(q, &o[8], sizeof q);
                if (c == 0 && i == 0)
                    shared_generic = q[2];
                CHECK(o[0] == i && o[1] == i % 32 && o[2] == i / 32 &&
                          o[3] == (1u << (i % 32)) - 1 && o[4] == c && o[5] == B && o[6] == 0 &&
                          o[7] == c * B + i && q[0] == (uint64_t)d && q[1] == (uint64_t)d &&
                          q[2] == shared_generic && q[2] != 0 && q[3] == 0,
                      "cta %u thread %u: %u %u %u %08x %u %u %u %u %llx %llx %llx %llx", c, i, o[0],
                      o[1], o[2], o[3], o[4], o[5], o[6], o[7], (unsigned long long)q[0],
                      (unsigned long long)q[1], (unsigned long long)q[2], (unsigned long long)q[3]);
            }
    }
    sim_destroy(ctx);
}

/* f32 -> f16 round to nearest (fp_from_double's shortcut through the host's F16C
 * conversion) against fp_round(), bit for bit: random floats, every float around the f16
 * range's edges (overflow, the largest half, the subnormal and underflow range, exact
 * midpoints), zeros and infinities. */
static void
check_f16_round(void)
{
    int bad = 0;
    for (uint32_t i = 0; i < (1u << 20) + 4096; i++) {
        uint32_t b;
        if (i < (1u << 20))
            b = rnd_f32_bits();
        else { /* floats near 2^16 (overflow), 2^-14 (subnormal) and 2^-25 (underflow) */
            static const uint32_t edge[] = { 0x477fe000u, 0x38800000u, 0x33000000u, 0x33800000u };
            uint32_t k = i - (1u << 20);
            b = (edge[k % 4] + (k / 4) - 512) | (k & 2048 ? 0x80000000u : 0);
        }
        if (f32_of(b) != f32_of(b))
            continue; /* NaNs: canonical before any rounding */
        uint64_t got = fp_from_double(TY_F16, f32_of(b), 0, RND_RN, 0);
        uint64_t want = fp_round(f32_of(b), 0, &FMT_F16, RND_RN);
        if (got != want && bad++ < 5)
            CHECK(false, "f16 round of %08x: %04llx, want %04llx", b, (unsigned long long)got,
                  (unsigned long long)want);
    }
    CHECK(bad == 0, "%d f32 -> f16 roundings differ", bad);
}

/* ld/st run warp-wide when every live lane is at them (exec_mem.c warp_mem_fast). */
static void
check_mem(void)
{
    static const char ptx[] =
        ".version 7.0\n.target sm_80\n.address_size 64\n"
        ".visible .entry m(.param .u64 pin, .param .u64 pout)\n{\n"
        ".reg .b32 %r<12>; .reg .b64 %rd<16>; .reg .pred %p<2>;\n"
        ".shared .align 16 .b8 sh[2048];\n"
        "ld.param.u64 %rd0, [pin];\nld.param.u64 %rd1, [pout];\nmov.u32 %r0, %tid.x;\n"
        "mul.wide.u32 %rd2, %r0, 4;\nadd.s64 %rd3, %rd0, %rd2;\n"
        "ld.global.u32 %r1, [%rd3];\n" /* in32[i] */
        "cvt.u64.u32 %rd4, %r0;\nadd.s64 %rd5, %rd0, %rd4;\n"
        "ld.global.s8 %r2, [%rd5+512];\n" /* byte 512 + i, sign-extended */
        "mul.wide.u32 %rd6, %r0, 8;\nadd.s64 %rd7, %rd0, %rd6;\n"
        "ld.global.u64 %rd8, [%rd7+1024];\n"
        "mov.u64 %rd9, sh;\nadd.s64 %rd10, %rd9, %rd2;\n"
        "st.shared.u32 [%rd10], %r1;\nbar.sync 0;\n"
        "xor.b32 %r3, %r0, 1;\nmul.wide.u32 %rd11, %r3, 4;\nadd.s64 %rd12, %rd9, %rd11;\n"
        "ld.shared.u32 %r4, [%rd12];\n" /* the neighbour's word: no conflict */
        "and.b32 %r5, %r0, 7;\nmul.wide.u32 %rd13, %r5, 128;\nadd.s64 %rd14, %rd9, %rd13;\n"
        "ld.shared.u32 %r6, [%rd14];\n" /* 8 words in bank 0: 8 wavefronts a warp */
        "mov.u32 %r7, 0;\nand.b32 %r8, %r0, 1;\nsetp.eq.u32 %p0, %r8, 1;\n"
        "@%p0 ld.global.s16 %r7, [%rd3+2048];\n" /* odd lanes only: per lane */
        "mul.wide.u32 %rd15, %r0, 32;\nadd.s64 %rd15, %rd1, %rd15;\n"
        "st.global.v4.u32 [%rd15], {%r1, %r2, %r4, %r6};\n"
        "st.global.u64 [%rd15+16], %rd8;\nst.global.u32 [%rd15+24], %r7;\n"
        "st.global.u8 [%rd15+28], %r0;\n"
        "ret;\n}\n";
    enum { N = 48 }; /* a whole warp and a partial one */
    uint8_t in[4096];
    uint32_t out[N * 8];
    for (int i = 0; i < 4096; i++)
        in[i] = (uint8_t)(i * 37 + (i >> 8) * 11 + 5);
    memset(out, 0, sizeof out);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "m");
    SimDevPtr din = dev_upload(ctx, in, sizeof in), dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &din, &dout };
    if (launch_ok(ctx, f, 1, N, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (uint32_t i = 0; i < N; i++) {
            uint32_t w, nb, c;
            uint64_t q, gq;
            memcpy(&w, &in[4 * i], 4);
            memcpy(&nb, &in[4 * (i ^ 1)], 4);
            memcpy(&q, &in[1024 + 8 * i], 8);
            /* word 32 (i % 8) of shared: a stored in32 word for words 0 and 32, else the
             * fill pattern 0xcd of fresh shared memory */
            uint32_t word = 32 * (i % 8);
            if (word < N)
                memcpy(&c, &in[4 * word], 4);
            else
                c = 0xcdcdcdcdu;
            int16_t h;
            memcpy(&h, &in[2048 + 4 * i], 2);
            uint32_t s16 = i & 1 ? (uint32_t)(int32_t)h : 0;
            const uint32_t *o = &out[i * 8];
            memcpy(&gq, &o[4], 8);
            CHECK(o[0] == w && o[1] == (uint32_t)(int32_t)(int8_t)in[512 + i] && o[2] == nb &&
                      o[3] == c && gq == q && o[6] == s16 && (o[7] & 0xff) == i,
                  "mem lane %u: %08x %08x %08x %08x %016llx %08x %08x", i, o[0], o[1], o[2], o[3],
                  (unsigned long long)gq, o[6], o[7]);
        }
        SimStats st;
        sim_stats(ctx, &st);
        /* loads, warp 0 (32 lanes) + warp 1 (16 lanes), 32-byte sectors of 256-aligned
         * buffers: u32 4 + 2, s8 1 + 1, u64 8 + 4, odd-lane s16 at 2048 + 4i (bytes
         * 2052..2173: 4 sectors; 2180..2237: 2) */
        CHECK(st.global_ld_sectors == 6 + 2 + 12 + 6, "global load sectors %llu",
              (unsigned long long)st.global_ld_sectors);
        /* stores: each lane's 32 bytes are one sector, written by v4, u64, u32, u8 */
        CHECK(st.global_st_sectors == 4 * N, "global store sectors %llu",
              (unsigned long long)st.global_st_sectors);
        /* shared: the store and the neighbour load 1 wavefront a warp; 8 distinct words in
         * bank 0, 8 a warp */
        CHECK(st.shared_st_wavefronts == 2 && st.shared_ld_wavefronts == 2 + 16,
              "shared wavefronts st %llu ld %llu", (unsigned long long)st.shared_st_wavefronts,
              (unsigned long long)st.shared_ld_wavefronts);
    }
    /* one lane past the end: the fault still names that lane's thread */
    SimDevPtr small = dev_upload(ctx, in, 4 * 31 + 1);
    void *bad[] = { &small, &dout };
    launch_fails(ctx, f, 1, 32, bad, "thread (31,0,0)");
    sim_destroy(ctx);
}

int
main(void)
{
    check_rounding();
    check_ops();
    check_ops_more();
    check_int_ops();
    check_moves();
    check_f16();
    check_f16_round();
    check_mma();
    check_warp_pc();
    check_sreg_cvta();
    check_mem();
    check_chain();
    if (failures)
        printf("%d failures\n", failures);
    return failures ? 1 : 0;
}
