/*
 * test_packed16.c -- packed 16-bit arithmetic (ptxgen/isel_arith.c packed_exp,
 * via_f32_pairs): elementwise f16/bf16 ops on vectors compile to .f16x2/.bf16x2
 * instructions and two-at-a-time conversions, and the simulator's results for them
 * match a scalar C reference computed here (double precision, with this file's own
 * f16/bf16 rounding), not by eval or by vptx.
 *
 *   divf f16, bf16      per element in f32, rounded back with cvt.rn.{f16,bf16}x2.f32:
 *                       bit-exact against RN16(RN32(a / b)), zeros, infinities, NaN and
 *                       subnormals included; f16's rcp + two fma sequence also replayed
 *                       in C with the reciprocal one ulp off (test_divf_sequence)
 *   math.exp f16 (sm_80), bf16 (sm_90)
 *                       mul + fma + ex2.approx.{f16x2,ftz.bf16x2} per pair: within the
 *                       documented bound (ex2's 2^-9.9, t's rounding, the result's rounding)
 *   math.exp2 f16       ex2.approx.f16x2 alone
 *   vector.multi_reduction <maximumf>, <add> of f16 (sm_80), bf16 (max sm_80, add sm_90)
 *                       over rows of 8 held by one thread: 3 packed ops per row (4 pairs),
 *                       then the two halves and the accumulator in scalar
 *                       (distribute/lowering/reduction.c local_reduce); rows across lanes, two
 *                       rows a register through the shuffle butterfly.  Inputs are
 *                       small integers, so every order of the additions gives the same
 *                       exact sum; a NaN in one row must reach its max
 * and the PTX itself: the packed forms are there, the scalar ones are not, and
 * --precise-math keeps exp on the f32 route.
 */
#include "driver/vptx.h"
#include "sim/sim.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/unit.h"

#define N 256 /* elements; 32 threads, 8 (4 pairs) each */

/* ---- 16-bit formats, independently of vptx and the simulator ---- */

/* f16 bits -> value (exact) */
static double
f16_value(uint16_t h)
{
    int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
    return s ? -v : v;
}

/* value -> f16 bits, round to nearest even (finite inputs) */
static uint16_t
f16_round(double x)
{
    uint16_t s = signbit(x) ? 0x8000 : 0;
    x = fabs(x);
    if (x >= 65520.0)
        return s | 0x7C00;
    int e;
    frexp(x, &e);                        /* x = f * 2^e, f in [0.5, 1) */
    int q = e - 11 < -24 ? -24 : e - 11; /* quantum exponent: 11 significant bits, or subnormal */
    double m = nearbyint(ldexp(x, -q));  /* round half to even (default rounding mode) */
    double v = ldexp(m, q);
    /* re-encode v */
    if (v == 0)
        return s;
    int ve;
    frexp(v, &ve);
    if (ve - 1 < -14) /* subnormal */
        return s | (uint16_t)ldexp(v, 24);
    if (ve - 1 > 15)
        return s | 0x7C00;
    return s | (uint16_t)((ve - 1 + 15) << 10) | (uint16_t)(ldexp(v, 11 - ve) - 1024);
}

static double
bf16_value(uint16_t h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint16_t
bf16_round(float f) /* RN-even of an f32 (finite) */
{
    uint32_t u;
    memcpy(&u, &f, 4);
    u += 0x7FFF + ((u >> 16) & 1);
    return (uint16_t)(u >> 16);
}

static uint64_t rng = 0x2545F4914F6CDD1Du;

static double
uniform(double lo, double hi)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (hi - lo) * (double)(rng >> 11) / 9007199254740992.0;
}

/* ---- compile, run ---- */

static char *
kernel_text(const char *op, const char *ty, int binary)
{
    static char buf[4096];
    snprintf(buf, sizeof buf,
             "func.func @k(%%a: memref<%dx%s>, %%b: memref<%dx%s>, %%c: memref<%dx%s>)\n"
             "    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {\n"
             "  %%c0 = arith.constant 0 : index\n"
             "  %%p = arith.constant 0.0 : %s\n"
             "  %%x = vector.transfer_read %%a[%%c0], %%p {in_bounds = [true]} : memref<%dx%s>, "
             "vector<%dx%s>\n"
             "  %%y = vector.transfer_read %%b[%%c0], %%p {in_bounds = [true]} : memref<%dx%s>, "
             "vector<%dx%s>\n"
             "  %%z = %s %%x%s : vector<%dx%s>\n"
             "  vector.transfer_write %%z, %%c[%%c0] {in_bounds = [true]} : vector<%dx%s>, "
             "memref<%dx%s>\n"
             "  return\n}\n",
             N, ty, N, ty, N, ty, ty, N, ty, N, ty, N, ty, N, ty, op, binary ? ", %y" : "", N, ty,
             N, ty, N, ty);
    return buf;
}

/* vector.multi_reduction <kind> of a ROWSxCOLS tile over its rows, accumulator b, into
 * c (op "reduce:KIND" or "reduce:KIND:ROWSxCOLS", default 32x8) */
static char *
reduce_text(const char *spec, const char *ty)
{
    static char buf[4096];
    char kind[32];
    int rows = 32, cols = 8;
    snprintf(kind, sizeof kind, "%s", spec);
    char *colon = strchr(kind, ':');
    if (colon) {
        *colon = 0;
        sscanf(colon + 1, "%dx%d", &rows, &cols);
    }
    snprintf(buf, sizeof buf,
             "func.func @k(%%a: memref<%dx%dx%s>, %%b: memref<%dx%s>, %%c: memref<%dx%s>)\n"
             "    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {\n"
             "  %%c0 = arith.constant 0 : index\n"
             "  %%p = arith.constant 0.0 : %s\n"
             "  %%x = vector.transfer_read %%a[%%c0, %%c0], %%p {in_bounds = [true, true]} : "
             "memref<%dx%dx%s>, vector<%dx%dx%s>\n"
             "  %%y = vector.transfer_read %%b[%%c0], %%p {in_bounds = [true]} : memref<%dx%s>, "
             "vector<%dx%s>\n"
             "  %%z = vector.multi_reduction <%s>, %%x, %%y [1] : vector<%dx%dx%s> to "
             "vector<%dx%s>\n"
             "  vector.transfer_write %%z, %%c[%%c0] {in_bounds = [true]} : vector<%dx%s>, "
             "memref<%dx%s>\n"
             "  return\n}\n",
             rows, cols, ty, rows, ty, rows, ty, ty, rows, cols, ty, rows, cols, ty, rows, ty, rows,
             ty, kind, rows, cols, ty, rows, ty, rows, ty, rows, ty);
    return buf;
}

/* Compiles `op` on vector<Nxty> for arch (op "reduce:KIND": reduce_text); returns the PTX
 * (caller frees) or NULL. */
static char *
compile(const char *op, const char *ty, int binary, const char *arch, int precise)
{
    const char *text =
        strncmp(op, "reduce:", 7) == 0 ? reduce_text(op + 7, ty) : kernel_text(op, ty, binary);
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = arch;
    opt.precise_math = precise;
    VptxResult *r = NULL;
    int rc = vptx_compile("packed16.mlir", text, strlen(text), &opt, &r);
    CHECK(rc == 0, "%s %s %s: %s", op, ty, arch, r ? vptx_result_diagnostics_text(r) : "oom");
    char *ptx = NULL;
    if (rc == 0) {
        size_t n = 0;
        const char *out = vptx_result_output(r, &n);
        ptx = malloc(n + 1);
        memcpy(ptx, out, n);
        ptx[n] = 0;
    }
    vptx_result_free(r);
    return ptx;
}

/* Runs kernel k of ptx on a, b (n elements each); c receives n results.  Returns 0 on
 * success. */
static int
run_n(const char *ptx, const uint16_t *a, const uint16_t *b, uint16_t *c, size_t n)
{
    SimCtx *ctx = sim_create();
    SimModule *m = NULL;
    SimFunc *f = NULL;
    int rc = 1;
    if (sim_module_load(ctx, ptx, "packed16.ptx", &m) == SIM_OK &&
        sim_module_get_function(m, "k", &f) == SIM_OK) {
        SimDevPtr da = 0, db = 0, dc = 0;
        sim_mem_alloc(ctx, &da, n * 2);
        sim_mem_alloc(ctx, &db, n * 2);
        sim_mem_alloc(ctx, &dc, n * 2);
        sim_memcpy_htod(ctx, da, a, n * 2);
        sim_memcpy_htod(ctx, db, b, n * 2);
        void *params[] = { &da, &db, &dc };
        if (sim_launch(f, 1, 1, 1, 32, 1, 1, 0, params) == SIM_OK) {
            sim_memcpy_dtoh(ctx, c, dc, n * 2);
            rc = 0;
        }
    }
    CHECK(rc == 0, "simulator: %s", sim_error(ctx));
    sim_destroy(ctx);
    return rc;
}

static int
run(const char *ptx, const uint16_t *a, const uint16_t *b, uint16_t *c)
{
    return run_n(ptx, a, b, c, N);
}

static int
count(const char *ptx, const char *what)
{
    int n = 0;
    for (const char *p = ptx; (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

/* ---- the tests ---- */

static void
test_divf(int bf16)
{
    const char *ty = bf16 ? "bf16" : "f16";
    char *ptx = compile("arith.divf", ty, 1, "sm_80", 0);
    if (!ptx)
        return;
    char packed[32];
    snprintf(packed, sizeof packed, "cvt.rn.%sx2.f32", ty);
    CHECK(count(ptx, packed) == N / 32 / 2, "divf %s: %d %s, want %d", ty, count(ptx, packed),
          packed, N / 32 / 2);
    CHECK(count(ptx, bf16 ? "cvt.rn.bf16.f32" : "cvt.rn.f16.f32") == 0,
          "divf %s: scalar conversions back remain", ty);
    uint16_t a[N], b[N], c[N];
    for (int i = 0; i < N; i++) {
        double x = uniform(-100, 100), y = uniform(0.01, 50) * (i & 1 ? -1 : 1);
        a[i] = bf16 ? bf16_round((float)x) : f16_round(x);
        b[i] = bf16 ? bf16_round((float)y) : f16_round(y);
    }
    if (!bf16) { /* zeros, infinities, NaN, subnormals, an overflow, a tie */
        static const uint16_t sa[] = { 0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x3C00,
                                       0x0001, 0x03FF, 0x7BFF, 0x3C00, 0x8000, 0x7C00,
                                       0x0001, 0x3C01, 0x4000, 0xBC00 };
        static const uint16_t sb[] = { 0x3C00, 0x3C00, 0x4000, 0x4000, 0x3C00, 0x0000,
                                       0x3C00, 0x0001, 0x0C00, 0x8000, 0xFC00, 0x7C00,
                                       0x4000, 0x4000, 0x3555, 0x0001 };
        for (size_t i = 0; i < sizeof sa / sizeof sa[0]; i++) {
            a[i] = sa[i];
            b[i] = sb[i];
        }
    }
    if (run(ptx, a, b, c) == 0) {
        int bad = 0, first = -1;
        for (int i = 0; i < N; i++) {
            double x = bf16 ? bf16_value(a[i]) : f16_value(a[i]);
            double y = bf16 ? bf16_value(b[i]) : f16_value(b[i]);
            float q = (float)(x / y); /* div.rn.f32 of exact inputs */
            int ok;
            if (isnan(q))
                ok = bf16 ? (c[i] & 0x7FFF) > 0x7F80 : (c[i] & 0x7FFF) > 0x7C00;
            else
                ok = c[i] == (bf16 ? bf16_round(q) : f16_round(q));
            if (!ok && !bad++)
                first = i;
        }
        CHECK(bad == 0, "divf %s: %d of %d differ (first [%d]: %04x, want %04x)", ty, bad, N, first,
              first >= 0 ? c[first] : 0, 0);
    }
    free(ptx);
}

static void
test_exp(int bf16, int base2)
{
    const char *ty = bf16 ? "bf16" : "f16", *arch = bf16 ? "sm_90" : "sm_80";
    const char *op = base2 ? "math.exp2" : "math.exp";
    char *ptx = compile(op, ty, 0, arch, 0);
    if (!ptx)
        return;
    const char *ex2 = bf16 ? "ex2.approx.ftz.bf16x2" : "ex2.approx.f16x2";
    CHECK(count(ptx, ex2) == N / 32 / 2, "%s %s: %d %s, want %d", op, ty, count(ptx, ex2), ex2,
          N / 32 / 2);
    CHECK(count(ptx, "ex2.approx.ftz.f32") == 0 && count(ptx, "cvt.f32") == 0,
          "%s %s: still computed per element in f32", op, ty);
    uint16_t a[N], b[N], c[N];
    double lo = base2 ? -14 : -9.5, hi = base2 ? 7 : 4.5; /* results stay normal and finite */
    for (int i = 0; i < N; i++) {
        double x = uniform(lo, hi);
        a[i] = bf16 ? bf16_round((float)x) : f16_round(x);
        b[i] = 0;
    }
    /* bound, relative: ex2.approx (f16: 2^-9.9; bf16: taken as 2^-7.9, one bf16 ulp),
       t = x log2 e rounded once to the format (|t| 2^-p ln 2), the result's own rounding
       (2^-p), where p = 11 (f16) or 8 (bf16) */
    int p = bf16 ? 8 : 11;
    double ex2_err = bf16 ? ldexp(1, -8) : pow(2, -9.9);
    if (run(ptx, a, b, c) == 0) {
        int bad = 0, first = -1;
        double worst = 0;
        for (int i = 0; i < N; i++) {
            double x = bf16 ? bf16_value(a[i]) : f16_value(a[i]);
            double t = base2 ? x : x * 1.4426950408889634074;
            double want = exp2(t), got = bf16 ? bf16_value(c[i]) : f16_value(c[i]);
            double rel = fabs(got - want) / want;
            double bound =
                ex2_err + (base2 ? 0 : fabs(t) * ldexp(1, -p) * log(2)) + ldexp(1, -p) + 1e-6;
            if (rel / bound > worst)
                worst = rel / bound;
            if (!(rel <= bound) && !bad++)
                first = i;
        }
        CHECK(bad == 0, "%s %s: %d of %d outside the bound (first x = %g), worst error/bound %.2f",
              op, ty, bad, N, first >= 0 ? (bf16 ? bf16_value(a[first]) : f16_value(a[first])) : 0,
              worst);
        printf("%s %s (%s): worst error %.2f of the bound\n", op, ty, arch, worst);
    }
    free(ptx);
}

/*
 * The f16 division sequence of ptxgen/isel_arith.c (f16_quotient), replayed here in C
 * with the reciprocal off by up to one ulp either way (rcp.approx's documented error;
 * the simulator's rcp is correctly rounded, so only this test sees the worst case):
 * the f16 result must equal RN16(a / b) from double division for every finite a and
 * non-zero finite b tried: every b with 64 random a, every a with 64 random b.
 */
static int
quotient_ok(uint16_t ha, uint16_t hb)
{
    float a = (float)f16_value(ha), b = (float)f16_value(hb);
    uint16_t want = f16_round(f16_value(ha) / f16_value(hb));
    float r0 = 1.0f / b;
    float rs[3] = { nextafterf(r0, -INFINITY), r0, nextafterf(r0, INFINITY) };
    for (int i = 0; i < 3; i++) {
        volatile float q0 = a * rs[i];
        float e = fmaf(-b, q0, a), q1 = fmaf(e, rs[i], q0);
        float q = isnormal(q0) ? q1 : q0;
        if (f16_round(q) != want)
            return 0;
    }
    return 1;
}

static void
test_divf_sequence(void)
{
    long tried = 0, bad = 0;
    uint16_t first_a = 0, first_b = 0;
    for (uint32_t u = 0; u < 0x10000; u++) {
        uint16_t h = (uint16_t)u;
        if ((h & 0x7C00) == 0x7C00) /* inf, NaN */
            continue;
        for (int k = 0; k < 64; k++) {
            uint16_t other;
            do
                other = (uint16_t)(uniform(0, 65536));
            while ((other & 0x7C00) == 0x7C00 || (other & 0x7FFF) == 0);
            for (int side = 0; side < 2; side++) {
                if (side == 1 && (h & 0x7FFF) == 0)
                    continue; /* h as divisor: non-zero */
                uint16_t x = side ? other : h, y = side ? h : other;
                tried++;
                if (!quotient_ok(x, y) && !bad++) {
                    first_a = x;
                    first_b = y;
                }
            }
        }
    }
    CHECK(bad == 0, "f16 division sequence: %ld of %ld quotients misrounded (first %04x / %04x)",
          bad, tried, first_a, first_b);
}

/* Row reductions of 16-bit floats are combined two at a time (packed), exactly. */
static void
test_reduce(const char *kind, int bf16, const char *arch)
{
    const char *ty = bf16 ? "bf16" : "f16";
    char op[32], packed[32], scalar[32];
    snprintf(op, sizeof op, "reduce:%s", kind);
    char *ptx = compile(op, ty, 0, arch, 0);
    if (!ptx)
        return;
    int is_max = strcmp(kind, "maximumf") == 0;
    snprintf(packed, sizeof packed, "%s.%s%sx2 ", is_max ? "max.NaN" : "add",
             !is_max && bf16 ? "rn." : "", ty);
    snprintf(scalar, sizeof scalar, "%s.%s%s ", is_max ? "max.NaN" : "add",
             !is_max && bf16 ? "rn." : "", ty);
    /* per thread one row of 8: 4 pairs -> 3 packed ops; halves, accumulator -> 2 scalar */
    CHECK(count(ptx, packed) == 3 && count(ptx, scalar) == 2,
          "reduce %s %s (%s): %d '%s' (want 3), %d '%s' (want 2)", kind, ty, arch,
          count(ptx, packed), packed, count(ptx, scalar), scalar);
    uint16_t a[N], b[N] = { 0 }, c[N];
    int ia[N], ib[32];
    for (int i = 0; i < N; i++) {
        ia[i] = (int)floor(uniform(-16, 17));
        a[i] = bf16 ? bf16_round((float)ia[i]) : f16_round(ia[i]);
    }
    for (int r = 0; r < 32; r++) {
        ib[r] = (int)floor(uniform(-16, 17));
        b[r] = bf16 ? bf16_round((float)ib[r]) : f16_round(ib[r]);
    }
    const uint16_t nan = bf16 ? 0x7FC0 : 0x7E00;
    if (is_max)
        a[5 * 8 + 3] = nan; /* row 5 */
    if (run(ptx, a, b, c) == 0) {
        int bad = 0, first = -1;
        for (int r = 0; r < 32; r++) {
            int want = ib[r];
            for (int k = 0; k < 8; k++)
                want =
                    is_max ? (ia[r * 8 + k] > want ? ia[r * 8 + k] : want) : want + ia[r * 8 + k];
            double got = bf16 ? bf16_value(c[r]) : f16_value(c[r]);
            int ok = is_max && r == 5 ? isnan(got) : got == want;
            if (!ok && !bad++)
                first = r;
        }
        CHECK(bad == 0, "reduce %s %s (%s): %d of 32 rows differ (first row %d: %04x)", kind, ty,
              arch, bad, first, first >= 0 ? c[first] : 0);
    }
    free(ptx);
}

/*
 * Rows that span lanes, several rows a thread (16x64 over 32 threads): the partials of
 * two rows go through the shuffle butterfly in one register, combined by the packed
 * instruction (ptxgen's packed subgroup_reduce), and meet the accumulator as a pair.
 * So no scalar op follows a shuffle: fewer scalar ops than shuffles (with the
 * butterfly row by row there is one scalar op per shuffle and more).
 */
static void
test_reduce_lanes(const char *kind, int bf16, const char *arch)
{
    enum { R = 16, C = 64 };
    const char *ty = bf16 ? "bf16" : "f16";
    char op[48], scalar[32];
    snprintf(op, sizeof op, "reduce:%s:%dx%d", kind, R, C);
    char *ptx = compile(op, ty, 0, arch, 0);
    if (!ptx)
        return;
    int is_max = strcmp(kind, "maximumf") == 0;
    snprintf(scalar, sizeof scalar, "%s.%s%s ", is_max ? "max.NaN" : "add",
             !is_max && bf16 ? "rn." : "", ty);
    int nshfl = count(ptx, "shfl.sync.bfly"), nscalar = count(ptx, scalar);
    CHECK(nshfl > 0 && nscalar < nshfl,
          "reduce %s %s %dx%d (%s): %d scalar '%s', %d shuffles: the butterfly is not packed", kind,
          ty, R, C, arch, nscalar, scalar, nshfl);
    static uint16_t a[R * C], b[R * C], c[R * C];
    static int ia[R * C], ib[R];
    for (int i = 0; i < R * C; i++) {
        ia[i] = (int)floor(uniform(-4, 5));
        a[i] = bf16 ? bf16_round((float)ia[i]) : f16_round(ia[i]);
    }
    for (int r = 0; r < R; r++) {
        ib[r] = (int)floor(uniform(-4, 5));
        b[r] = bf16 ? bf16_round((float)ib[r]) : f16_round(ib[r]);
    }
    if (run_n(ptx, a, b, c, R * C) == 0) {
        int bad = 0, first = -1;
        for (int r = 0; r < R; r++) {
            int want = ib[r]; /* |sum| <= 4 * 65: exact in f16 and bf16 */
            for (int k = 0; k < C; k++)
                want =
                    is_max ? (ia[r * C + k] > want ? ia[r * C + k] : want) : want + ia[r * C + k];
            double got = bf16 ? bf16_value(c[r]) : f16_value(c[r]);
            if (got != want && !bad++)
                first = r;
        }
        CHECK(bad == 0, "reduce %s %s %dx%d (%s): %d of %d rows differ (first row %d: %04x)", kind,
              ty, R, C, arch, bad, R, first, first >= 0 ? c[first] : 0);
    }
    free(ptx);
}

static void
test_precise_keeps_f32(void)
{
    char *ptx = compile("math.exp", "f16", 0, "sm_80", 1);
    if (!ptx)
        return;
    CHECK(count(ptx, "ex2.approx.f16x2") == 0, "--precise-math: exp f16 uses ex2.approx.f16x2");
    CHECK(count(ptx, "cvt.rn.f16x2.f32") == N / 32 / 2,
          "--precise-math: exp f16 results not packed two at a time (%d)",
          count(ptx, "cvt.rn.f16x2.f32"));
    free(ptx);
}

static void
test_rounding_helpers(void)
{
    /* the reference's own rounding, against values known by hand */
    CHECK(f16_round(1.0) == 0x3C00 && f16_round(-2.0) == 0xC000, "f16_round of 1, -2");
    CHECK(f16_round(1.0 + ldexp(1, -11)) == 0x3C00, "f16_round: tie to even (down)");
    CHECK(f16_round(1.0 + 3 * ldexp(1, -11)) == 0x3C02, "f16_round: tie to even (up)");
    CHECK(f16_round(ldexp(1, -24)) == 0x0001 && f16_round(65504) == 0x7BFF, "f16_round ends");
    CHECK(f16_value(0x3555) > 0.333 && f16_value(0x3555) < 0.3334, "f16_value 1/3");
    CHECK(bf16_round(1.0f) == 0x3F80 && bf16_value(0x3FB9) == 1.4453125, "bf16 helpers");
}

int
main(void)
{
    test_rounding_helpers();
    test_divf(0);
    test_divf(1);
    test_divf_sequence();
    test_exp(0, 0);
    test_exp(0, 1);
    test_exp(1, 0);
    test_precise_keeps_f32();
    test_reduce("maximumf", 0, "sm_80");
    test_reduce("add", 0, "sm_80");
    test_reduce("maximumf", 1, "sm_80");
    test_reduce("add", 1, "sm_90");
    test_reduce_lanes("maximumf", 0, "sm_80");
    test_reduce_lanes("add", 0, "sm_80");
    test_reduce_lanes("maximumf", 1, "sm_80");
    test_reduce_lanes("add", 1, "sm_90");
    return unit_report();
}
