/*
 * test_math_precision.c -- the accuracy of ptxgen's math sequences, measured on the
 * simulator: each op is compiled by vptx as a one-op kernel, run over seeded random
 * inputs spread over its domain plus the special values, and compared with libm (long
 * double functions for f64 results, double for f32).  The error is in ulps of the
 * result type; each row fails above its documented bound (the table of
 * ptxgen/README.section.md, which was filled in from this test's output).  Special
 * values (NaN, infinities, zeros, overflow, underflow) must match exactly.
 */
#include "driver/vptx.h"
#include "sim/sim.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/unit.h"

enum { NRAND = 6000, NMAX = NRAND + 128, BLOCK = 128 };

static uint64_t rng = 0x2545f4914f6cdd1du;

static double
unit(void) /* [0, 1) */
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) * 0x1p-53;
}

static double
uniform(double lo, double hi)
{
    return lo + (hi - lo) * unit();
}

/* positive, log-uniform over [2^lo, 2^hi) */
static double
log_uniform(int lo, int hi)
{
    return ldexp(1.0 + unit(), lo + (int)((hi - lo) * unit()));
}

typedef struct {
    const char *op;  /* math.<op> */
    int f64;         /* result type f64 (else f32) */
    int precise;     /* --precise-math */
    double bound;    /* max ulp error allowed (the documented figure) */
    const char *dom; /* input domain, for the table */
} Case;

static long double
ref(const char *op, double xd, double yd)
{
    long double x = xd, y = yd; /* locals: tcc 0.9.27 passes converted long double args wrong */
    if (!strcmp(op, "exp"))
        return expl(x);
    if (!strcmp(op, "exp2"))
        return exp2l(x);
    if (!strcmp(op, "log"))
        return logl(x);
    if (!strcmp(op, "log2"))
        return log2l(x);
    if (!strcmp(op, "rsqrt"))
        return 1.0L / sqrtl(x);
    if (!strcmp(op, "sin"))
        return sinl(x);
    if (!strcmp(op, "cos"))
        return cosl(x);
    if (!strcmp(op, "tanh"))
        return tanhl(x);
    if (!strcmp(op, "erf"))
        return erfl(x);
    if (!strcmp(op, "powf"))
        return powl(x, y);
    if (!strcmp(op, "remf"))
        return fmodl(x, y);
    return NAN;
}

/* the two-operand ops: y is an input too, and the specials are a grid */
static bool
binary(const char *op)
{
    return !strcmp(op, "powf") || !strcmp(op, "remf");
}

/* inputs for op: random over the domain, then specials */
static int
inputs(const Case *c, double *x, double *y)
{
    int n = 0;
    for (int i = 0; i < NRAND; i++, n++) {
        double u = unit();
        y[n] = 0;
        if (!strcmp(c->op, "exp"))
            x[n] = c->f64 ? uniform(-745, 709.7) : uniform(-103, 88.7);
        else if (!strcmp(c->op, "exp2"))
            x[n] = c->f64 ? uniform(-1074, 1023.9) : uniform(-149, 127.9);
        else if (!strcmp(c->op, "log") || !strcmp(c->op, "log2") || !strcmp(c->op, "rsqrt"))
            x[n] = u < 0.2  ? uniform(0.5, 2)
                   : c->f64 ? log_uniform(-1074, 1023)
                            : log_uniform(-149, 127);
        else if (!strcmp(c->op, "sin") || !strcmp(c->op, "cos"))
            x[n] = u < 0.7 ? uniform(-10, 10) : u < 0.9 ? uniform(-1e5, 1e5) : log_uniform(-30, 0);
        else if (!strcmp(c->op, "tanh"))
            x[n] = u < 0.6 ? uniform(-3, 3) : u < 0.8 ? uniform(-25, 25) : log_uniform(-40, 0);
        else if (!strcmp(c->op, "erf"))
            x[n] = u < 0.7 ? uniform(-6.5, 6.5) : u < 0.8 ? uniform(2.4, 2.6) : log_uniform(-40, 0);
        else if (!strcmp(c->op, "remf")) { /* any binades, both signs, subnormals */
            int lo = c->f64 ? -1074 : -149, hi = c->f64 ? 1023 : 127;
            x[n] = u < 0.5 ? uniform(-100, 100) : log_uniform(lo, hi);
            y[n] = unit() < 0.5 ? uniform(-10, 10) : log_uniform(lo, hi);
            if (unit() < 0.5)
                y[n] = -y[n];
            if (unit() < 0.5)
                x[n] = -x[n];
        } else if (c->f64) { /* powf: |y log x| up to the over/underflow edges */
            double t = u < 0.5 ? uniform(-745, 709) : uniform(-40, 40);
            x[n] = unit() < 0.3 ? uniform(0.5, 2) : log_uniform(-1074, 1023);
            y[n] = unit() < 0.1 ? (double)(int)uniform(-60, 60) : t / log(x[n]);
            if (x[n] == 1 || !isfinite(y[n]))
                y[n] = 3;
            if (unit() < 0.1)
                x[n] = -(double)(int)uniform(1, 9), y[n] = (double)(int)uniform(-300, 300);
        } else { /* powf */
            x[n] = u < 0.5   ? uniform(0, 4)
                   : u < 0.8 ? log_uniform(-20, 20)
                             : -(double)(int)uniform(1, 9);
            y[n] = u < 0.8 ? uniform(-30, 30) : (double)(int)uniform(-20, 20);
        }
        bool odd_even = !strcmp(c->op, "sin") || !strcmp(c->op, "cos") || !strcmp(c->op, "tanh") ||
                        !strcmp(c->op, "erf");
        if (odd_even && unit() < 0.5)
            x[n] = -x[n];
        if (!c->f64) {
            x[n] = (float)x[n];
            y[n] = (float)y[n];
        }
    }
    const double sp[] = { 0.0, -0.0, 1.0, -1.0, 0.5, 2.0, INFINITY, -INFINITY, NAN, 1e-300 };
    for (size_t i = 0; i < sizeof sp / sizeof sp[0]; i++)
        for (size_t j = 0; j < (binary(c->op) ? sizeof sp / sizeof sp[0] : 1); j++) {
            x[n] = c->f64 ? sp[i] : (float)sp[i];
            y[n++] = c->f64 ? sp[j] : (float)sp[j];
        }
    return n;
}

static char kernel[2048];

static const char *
kernel_text(const Case *c)
{
    const char *t = c->f64 ? "f64" : "f32";
    char call[128];
    if (!strcmp(c->op, "powf"))
        snprintf(call, sizeof call, "math.powf %%xv, %%yv : %s", t);
    else if (!strcmp(c->op, "remf"))
        snprintf(call, sizeof call, "arith.remf %%xv, %%yv : %s", t);
    else
        snprintf(call, sizeof call, "math.%s %%xv : %s", c->op, t);
    snprintf(
        kernel, sizeof kernel,
        "gpu.module @m {\n"
        "  gpu.func @k(%%x: memref<?x%s>, %%y: memref<?x%s>, %%out: memref<?x%s>, %%n: index)\n"
        "      kernel attributes {gpu.known_block_size = array<i32: %d, 1, 1>} {\n"
        "    %%t = gpu.thread_id x\n"
        "    %%b = gpu.block_id x\n"
        "    %%c = arith.constant %d : index\n"
        "    %%o = arith.muli %%b, %%c : index\n"
        "    %%i = arith.addi %%o, %%t : index\n"
        "    %%ok = arith.cmpi ult, %%i, %%n : index\n"
        "    scf.if %%ok {\n"
        "      %%xv = memref.load %%x[%%i] : memref<?x%s>\n"
        "      %%yv = memref.load %%y[%%i] : memref<?x%s>\n"
        "      %%r = %s\n"
        "      memref.store %%r, %%out[%%i] : memref<?x%s>\n"
        "    }\n"
        "    gpu.return\n"
        "  }\n"
        "}\n",
        t, t, t, BLOCK, BLOCK, t, t, call, t);
    return kernel;
}

/* error of got in ulps of the result type at ref; -1 for a special-value mismatch */
static double
ulp_error(double got, long double want, int f64)
{
    if (isnan(want))
        return isnan(got) ? 0 : -1;
    double wr = f64 ? (double)want : (float)want; /* overflow happens in the result type */
    if (isinf(wr) || isinf(got))
        return got == wr ? 0 : -1;
    if (want == 0)
        return got == 0 && signbit(got) == signbit((double)want) ? 0 : -1;
    int ex;
    frexpl(want, &ex);
    int e = ex - 1, emin = f64 ? -1022 : -126, mant = f64 ? 52 : 23;
    long double ulp = ldexpl(1.0L, (e < emin ? emin : e) - mant);
    return (double)(fabsl((long double)got - want) / ulp);
}

static void
run_case(const Case *c)
{
    static double x[NMAX], y[NMAX];
    static float xf[NMAX], yf[NMAX], of[NMAX];
    static double od[NMAX];
    int n = inputs(c, x, y);
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = "sm_80";
    opt.precise_math = c->precise;
    const char *text = kernel_text(c);
    VptxResult *r = NULL;
    int rc = vptx_compile("math.mlir", text, strlen(text), &opt, &r);
    CHECK(rc == 0, "math.%s %s: %s", c->op, c->f64 ? "f64" : "f32",
          r ? vptx_result_diagnostics_text(r) : "out of memory");
    if (rc != 0) {
        vptx_result_free(r);
        return;
    }
    SimCtx *ctx = sim_create();
    /* the errors are checked, not the wall clock: no time limit, which a slow build (tcc's
       unoptimised code) on a loaded machine would reach */
    sim_set_option(ctx, SIM_OPT_TIMEOUT_MS, 0);
    SimModule *m = NULL;
    SimFunc *f = NULL;
    SimResult s = sim_module_load(ctx, vptx_result_output(r, NULL), "math.ptx", &m);
    CHECK(s == SIM_OK, "math.%s: %s", c->op, sim_error(ctx));
    vptx_result_free(r);
    if (s != SIM_OK || sim_module_get_function(m, "k", &f) != SIM_OK) {
        sim_destroy(ctx);
        return;
    }
    size_t es = c->f64 ? 8 : 4;
    for (int i = 0; i < n; i++) {
        xf[i] = (float)x[i];
        yf[i] = (float)y[i];
    }
    SimDevPtr dx = 0, dy = 0, dout = 0;
    sim_mem_alloc(ctx, &dx, n * es);
    sim_mem_alloc(ctx, &dy, n * es);
    sim_mem_alloc(ctx, &dout, n * es);
    sim_memcpy_htod(ctx, dx, c->f64 ? (void *)x : (void *)xf, n * es);
    sim_memcpy_htod(ctx, dy, c->f64 ? (void *)y : (void *)yf, n * es);
    uint64_t un = (uint64_t)n;
    void *params[] = { &dx, &un, &dy, &un, &dout, &un, &un };
    s = sim_launch(f, (unsigned)((n + BLOCK - 1) / BLOCK), 1, 1, BLOCK, 1, 1, 0, params);
    CHECK(s == SIM_OK, "math.%s launch: %s", c->op, sim_error(ctx));
    if (s == SIM_OK) {
        sim_memcpy_dtoh(ctx, c->f64 ? (void *)od : (void *)of, dout, n * es);
        double worst = 0, worst_x = 0, worst_y = 0;
        int special_bad = 0;
        for (int i = 0; i < n; i++) {
            /* the distance to the exact value (long double), in ulps of the result type */
            long double want = ref(c->op, x[i], y[i]);
            double got = c->f64 ? od[i] : of[i];
            double err = ulp_error(got, want, c->f64);
            if (err < 0) {
                if (special_bad++ < 3)
                    printf("  math.%s(%.17g, %.17g) = %.17g, want %.17Lg\n", c->op, x[i], y[i], got,
                           want);
            } else if (err > worst) {
                worst = err;
                worst_x = x[i];
                worst_y = y[i];
            }
        }
        char at[80];
        if (!binary(c->op))
            snprintf(at, sizeof at, "%.17g", worst_x);
        else
            snprintf(at, sizeof at, "%.9g, %.9g", worst_x, worst_y);
        printf("%-6s %s %-8s %-27s max %.3f ulp (at %s), bound %.1f\n", c->op,
               c->f64 ? "f64" : "f32", c->precise ? "precise" : "default", c->dom, worst, at,
               c->bound);
        CHECK(special_bad == 0, "math.%s: %d special values wrong", c->op, special_bad);
        CHECK(worst <= c->bound, "math.%s %s: %.3f ulp > %.1f", c->op, c->f64 ? "f64" : "f32",
              worst, c->bound);
    }
    sim_destroy(ctx);
}

int
main(void)
{
    static const Case cases[] = {
        { "exp", 1, 0, 1.0, "full range" },
        { "exp2", 1, 0, 1.0, "full range" },
        { "log", 1, 0, 1.5, "(0, inf), subnormals" },
        { "log2", 1, 0, 2.0, "(0, inf), subnormals" },
        { "rsqrt", 1, 0, 1.5, "(0, inf), subnormals" },
        { "sin", 1, 0, 1.5, "|x| <= 1e5" },
        { "cos", 1, 0, 1.5, "|x| <= 1e5" },
        { "tanh", 1, 0, 1.5, "|x| <= 25" },
        { "erf", 1, 0, 2.0, "|x| <= 6.5" },
        { "erf", 0, 0, 0.6, "|x| <= 6.5" },
        { "erf", 0, 1, 0.6, "|x| <= 6.5" },
        { "sin", 0, 1, 0.6, "|x| <= 1e5" },
        { "cos", 0, 1, 0.6, "|x| <= 1e5" },
        { "powf", 0, 1, 0.6, "x in [-8, 2^20], |y| <= 30" },
        { "powf", 1, 0, 2.0, "|y log x| <= 745" },
        { "remf", 1, 0, 0.0, "all finite, subnormals" },
        { "remf", 0, 0, 0.0, "all finite, subnormals" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
    return unit_report();
}
