/*
 * isel_math64.c -- accurate math sequences in f64: math.* on f64, math.erf on f32, and
 * math.sin/cos/powf on f32 under --precise-math (computed in f64, rounded once to f32).
 *
 * Every function is straight-line PTX built from IEEE f64 operations (add/mul/fma.rn,
 * div.rn, rcp.rn, sqrt.rn), integer bit manipulation and cvt; no tables in memory and
 * no branches (but arith.remf's loop, at the end).  Method per function (coefficients below are
 * Taylor coefficients, rounded to double; maximum errors are the ones
 * tests/unit/test_math_precision.c measures on the simulator against libm's long double functions,
 * and fails beyond):
 *
 *   exp    k = rint(x log2 e), r = x - k ln2 (two-part ln2, fma), degree-13 Taylor of e^r,
 *          times 2^k as two power-of-two factors (so subnormal results round once)
 *   exp2   k = rint(x), r = (x - k) ln2, then as exp
 *   log    x = 2^k m, m in [sqrt(1/2), sqrt(2)), s = (m-1)/(m+1), log m = 2 atanh s
 *          (series to s^23, arranged as f - (f^2/2 - s (f^2/2 + R))), + k ln2 (split)
 *   log2   the same m and k: k + log(m) log2 e (two-part log2 e)
 *   rsqrt  rcp.rn(sqrt.rn(x))
 *   sin    k = rint(x 2/pi), r = x - k pi/2 (three-part pi/2, fma: good while |x| < 2^30 or
 *   cos    so), Taylor of sin r to r^19 or cos r to r^20 on |r| <= pi/4, quadrant select
 *   tanh   |x| < 0.625: Taylor series to x^43; else
 *          1 - 2/(exp(2|x|) + 1) with the sign of x
 *   erf    |x| < 1: odd Taylor polynomial to x^41; [1, 1.5) and [1.5, 2): Taylor
 *          polynomials (degree 20) around 1.25 and 1.75; 2 <= |x| < 6: 1 - erfc, erfc =
 *          e^(-x^2) (corrected for the rounding of x^2) from its continued fraction (60
 *          levels); |x| >= 6: +-1
 *   powf   exp(y log|x|) with C's special cases (odd integer powers of negative x keep the
 *          sign, non-integer powers of negative x are NaN, pow(x, 0) = pow(1, y) = 1,
 *          pow(-1, +-inf) = 1); for f32 in plain f64, for f64 with log|x| and y log|x| in
 *          double-double (max 1.20 ulp measured for |y log x| <= 745)
 *
 * Requires:    ptxgen.c's Emit; called from isel_math.c (and isel_arith.c for remf)
 *              with the operand already in an f64 (or f32) register.
 * Ensures:     a straight-line sequence (remf: one loop) computing the function to
 *              the error bound in the table above, with C's special cases (NaN, inf,
 *              signed zeros, subnormals); test_math_precision.c fails above it.
 * Invalidates: nothing (the IR is only read).
 */
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <string.h>

/* e^r = sum_{n=0..13} r^n / n!, highest degree first */
static const double exp_c[] = {
    0x1.6124613a86d09p-33, 0x1.1eed8eff8d898p-29, 0x1.ae64567f544e4p-26, 0x1.27e4fb7789f5cp-22,
    0x1.71de3a556c734p-19, 0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-13, 0x1.6c16c16c16c17p-10,
    0x1.1111111111111p-7,  0x1.5555555555555p-5,  0x1.5555555555555p-3,  0x1.0000000000000p-1,
    0x1.0000000000000p+0,  0x1.0000000000000p+0,
};
/* sin r = r + r^3 * P(r^2), P = sum_{k=1..9} (-1)^k r^(2k-2) / (2k+1)! */
static const double sin_c[] = {
    -0x1.2f49b46814157p-57, 0x1.952c77030ad4ap-49,  -0x1.ae7f3e733b81fp-41,
    0x1.6124613a86d09p-33,  -0x1.ae64567f544e4p-26, 0x1.71de3a556c734p-19,
    -0x1.a01a01a01a01ap-13, 0x1.1111111111111p-7,   -0x1.5555555555555p-3,
};
/* cos r = 1 - r^2/2 + r^4 * Q(r^2), Q = sum_{k=2..10} (-1)^k r^(2k-4) / (2k)! */
static const double cos_c[] = {
    0x1.e542ba4020225p-62,  -0x1.6827863b97d97p-53, 0x1.ae7f3e733b81fp-45,
    -0x1.93974a8c07c9dp-37, 0x1.1eed8eff8d898p-29,  -0x1.27e4fb7789f5cp-22,
    0x1.a01a01a01a01ap-16,  -0x1.6c16c16c16c17p-10, 0x1.5555555555555p-5,
};
/* R(z) / z = sum_{k=1..11} 2/(2k+1) z^(k-1), z = s^2 */
static const double log_c[] = {
    0x1.642c8590b2164p-4, 0x1.8618618618618p-4, 0x1.af286bca1af28p-4, 0x1.e1e1e1e1e1e1ep-4,
    0x1.1111111111111p-3, 0x1.3b13b13b13b14p-3, 0x1.745d1745d1746p-3, 0x1.c71c71c71c71cp-3,
    0x1.2492492492492p-2, 0x1.999999999999ap-2, 0x1.5555555555555p-1,
};
/* tanh x = x + x^3 T(x^2), T = Taylor coefficients of tanh (x^3 .. x^43), highest first */
static const double tanh_c[] = {
    -0x1.42ba1a349b490p-28, 0x1.8e25ff9327e2cp-27, -0x1.eb3229047434cp-26, 0x1.2efe8db3aff1fp-24,
    -0x1.75cde6563fed9p-23, 0x1.cd299de4ae6bbp-22, -0x1.1c77df95c1c0dp-20, 0x1.5ef2da474e5b7p-19,
    -0x1.b0f72d3ee24e9p-18, 0x1.0b132d39a6050p-16, -0x1.497d8eea25259p-15, 0x1.967e18afcafadp-14,
    -0x1.f57d7734d1664p-13, 0x1.3558248036744p-11, -0x1.7da36452b75e3p-10, 0x1.d6d3d0e157de0p-9,
    -0x1.226e355e6c23dp-7,  0x1.664f4882c10fap-6,  -0x1.ba1ba1ba1ba1cp-5,  0x1.1111111111111p-3,
    -0x1.5555555555555p-2,
};
/* erf x = x * sum_{k=0..20} a_k x^(2k) (Taylor at 0), for |x| < 1; highest first */
static const double erf0_c[] = {
    0x1.ab5cc31489f29p-67, -0x1.18cc8a061c479p-62, 0x1.5f7919bc67b8cp-58, -0x1.a2007af3447f6p-54,
    0x1.d70b3537f4765p-50, -0x1.f56f071a885cfp-46, 0x1.f683ae4a97007p-42, -0x1.d8453cb0c46eap-38,
    0x1.9e6ad5e55a730p-34, -0x1.51d7181c5d36dp-30, 0x1.fcc5720624c1cp-27, -0x1.5f742ec43e71ap-23,
    0x1.b9e6c9dc651a3p-20, -0x1.f4d25c3e0c2ebp-17, 0x1.f9a326f9b89b7p-14, -0x1.c02db40040b86p-11,
    0x1.565bcd0e6a53fp-8,  -0x1.b82ce31288b51p-6,  0x1.ce2f21a042be2p-4,  -0x1.812746b0379e7p-2,
    0x1.20dd750429b6dp+0,
};
/* erf(1.25 + h), Taylor to h^20, for |x| in [1, 1.5); highest first */
static const double erf1_c[] = {
    0x1.89a9954a7c25fp-26,  -0x1.842847778c28bp-26, -0x1.c7658e8701944p-23, 0x1.10b20781c7674p-21,
    0x1.6b412b613178bp-20,  -0x1.ae23c1a269f29p-18, -0x1.94a53c645ccdbp-19, 0x1.d4520093cdd9ep-15,
    -0x1.ba66102895704p-15, -0x1.53b177f074426p-12, 0x1.a0074f860d925p-11,  0x1.cc22555d6cd4ep-11,
    -0x1.75672cebadac5p-8,  0x1.db43c97264485p-9,   0x1.5d0003af70568p-6,   -0x1.8281ce0b34fa4p-5,
    -0x1.93a9a7bb7ed94p-8,  0x1.571d01c5c56bep-3,   -0x1.2ebf3dcc9f22fp-2,  0x1.e4652fadcb6b2p-3,
    0x1.d8865d98abe01p-1,
};
/* erf(1.75 + h), Taylor to h^20, for |x| in [1.5, 2); highest first */
static const double erf2_c[] = {
    -0x1.714cc1df1e771p-27, 0x1.2864313064732p-26,  0x1.5e653add60eb8p-24,  -0x1.5ca65a3135758p-22,
    -0x1.7ac9620b78991p-23, 0x1.b75406fd5ffd6p-19,  -0x1.3668d56f09b00p-18, -0x1.294d49e1a631dp-16,
    0x1.2007a6d7935c6p-14,  -0x1.6d70cffe71229p-18, -0x1.d041eea2258aep-12, 0x1.d4cf0ad2e6ca3p-11,
    0x1.7ec1d1d8d3387p-11,  -0x1.8d10fb6b8006fp-8,  0x1.25b378c92a6c0p-7,   0x1.b22257dd01249p-8,
    -0x1.8a0da54306154p-5,  0x1.7148c3d57c312p-4,   -0x1.7a4a8a2bdce13p-4,  0x1.b055303221015p-5,
    0x1.f92d077f8d56dp-1,
};
#define LN2_HI         0x1.62e42fefa39efp-1  /* ln 2 rounded */
#define LN2_LO         0x1.abc9e3b39803fp-56 /* ln 2 - LN2_HI */
#define LN2_HZ         0x1.62e42fee00000p-1 /* ln 2 to 32 bits: k * LN2_HZ is exact for |k| < 2^21 */
#define LN2_LZ         0x1.a39ef35793c76p-33 /* ln 2 - LN2_HZ */
#define LOG2E          0x1.71547652b82fep+0
#define LOG2E_LO       0x1.777d0ffda0d24p-56 /* 1/ln 2 - LOG2E */
#define PIO2_1         0x1.921fb54442d18p+0  /* pi/2 = PIO2_1 + PIO2_2 + PIO2_3 + O(2^-160) */
#define PIO2_2         0x1.1a62633145c07p-54
#define PIO2_3         -0x1.f1976b7ed8fbcp-110
#define TWO_OVER_PI    0x1.45f306dc9c883p-1
#define SQRTPI         0x1.c5bf891b4ef6bp+0
#define SQRT_HALF_BITS 0x3FE6A09E667F3BCDLL /* bits of sqrt(1/2) */

static Slot
d64(Emit *e)
{
    return new_reg(e, RC_F64);
}

static Slot
K(double v)
{
    uint64_t b;
    memcpy(&b, &v, 8);
    return imm_slot(RC_F64, b);
}

/* `name d, a;` / `name d, a, b;` / `name d, a, b, c;` into a fresh register of class c */
static Slot
op1(Emit *e, RegClass c, const char *name, Slot a)
{
    Slot d = new_reg(e, c);
    ins(e, "%s %s, %s;", name, S(e, d), S(e, a));
    return d;
}

static Slot
op2(Emit *e, RegClass c, const char *name, Slot a, Slot b)
{
    Slot d = new_reg(e, c);
    ins(e, "%s %s, %s, %s;", name, S(e, d), S(e, a), S(e, b));
    return d;
}

static Slot
op3(Emit *e, RegClass c, const char *name, Slot a, Slot b, Slot x)
{
    Slot d = new_reg(e, c);
    ins(e, "%s %s, %s, %s, %s;", name, S(e, d), S(e, a), S(e, b), S(e, x));
    return d;
}

static Slot
add(Emit *e, Slot a, Slot b)
{
    return op2(e, RC_F64, "add.rn.f64", a, b);
}

static Slot
sub(Emit *e, Slot a, Slot b)
{
    return op2(e, RC_F64, "sub.rn.f64", a, b);
}

static Slot
mul(Emit *e, Slot a, Slot b)
{
    return op2(e, RC_F64, "mul.rn.f64", a, b);
}

static Slot
fmad(Emit *e, Slot a, Slot b, Slot c)
{
    return op3(e, RC_F64, "fma.rn.f64", a, b, c);
}

static Slot
divd(Emit *e, Slot a, Slot b)
{
    return op2(e, RC_F64, "div.rn.f64", a, b);
}

static Slot
pred(Emit *e, const char *cmp, Slot a, Slot b)
{
    Slot p = new_reg(e, RC_PRED);
    ins(e, "setp.%s.f64 %s, %s, %s;", cmp, S(e, p), S(e, a), S(e, b));
    return p;
}

/* p ? a : b */
static Slot
sel(Emit *e, Slot p, Slot a, Slot b)
{
    Slot d = d64(e);
    ins(e, "selp.f64 %s, %s, %s, %s;", S(e, d), S(e, a), S(e, b), S(e, p));
    return d;
}

/* c[0] x^(n-1) + ... + c[n-1], by Horner with fma */
static Slot
horner(Emit *e, Slot x, const double *c, int n)
{
    Slot p = fmad(e, x, K(c[0]), K(c[1]));
    for (int i = 2; i < n; i++)
        p = fmad(e, p, x, K(c[i]));
    return p;
}

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* e^r * 2^k for |r| <= ln2/2 and an integral f64 k in [-1080, 1030]; x is the original
 * argument, returned as is when it is NaN */
static Slot
exp_finish(Emit *e, Slot x, Slot k, Slot r)
{
    Slot p = horner(e, r, exp_c, N(exp_c));
    Slot ki = op1(e, RC_B32, "cvt.rni.s32.f64", k);
    Slot k1 = op2(e, RC_B32, "shr.s32", ki, imm_slot(RC_B32, 1));
    Slot k2 = op2(e, RC_B32, "sub.s32", ki, k1);
    Slot s[2];
    Slot kk[2] = { k1, k2 };
    for (int i = 0; i < 2; i++) {
        Slot w = op1(e, RC_B64, "cvt.s64.s32", kk[i]);
        Slot b = op2(e, RC_B64, "add.s64", w, imm_slot(RC_B64, 1023));
        Slot sh = op2(e, RC_B64, "shl.b64", b, imm_slot(RC_B32, 52));
        s[i] = op1(e, RC_F64, "mov.b64", sh);
    }
    Slot y = mul(e, mul(e, p, s[0]), s[1]);
    return sel(e, pred(e, "nan", x, x), x, y);
}

static Slot
clamp(Emit *e, Slot x, double lo, double hi)
{
    return op2(e, RC_F64, "max.f64", op2(e, RC_F64, "min.f64", x, K(hi)), K(lo));
}

static Slot
exp64(Emit *e, Slot x)
{
    Slot xc = clamp(e, x, -746.0, 710.0);
    Slot k = op1(e, RC_F64, "cvt.rni.f64.f64", mul(e, xc, K(LOG2E)));
    Slot nk = op1(e, RC_F64, "neg.f64", k);
    Slot r = fmad(e, nk, K(LN2_LO), fmad(e, nk, K(LN2_HI), xc));
    return exp_finish(e, x, k, r);
}

static Slot
exp2_64(Emit *e, Slot x)
{
    Slot xc = clamp(e, x, -1080.0, 1030.0);
    Slot k = op1(e, RC_F64, "cvt.rni.f64.f64", xc);
    Slot f = sub(e, xc, k); /* exact */
    Slot r = fmad(e, f, K(LN2_HI), mul(e, f, K(LN2_LO)));
    return exp_finish(e, x, k, r);
}

/* x = 2^k m for finite x > 0, m in [sqrt(1/2), sqrt(2)): k (f64, integral) and f = m - 1
 * (exact) */
static void
log_split(Emit *e, Slot x, Slot *kf, Slot *f)
{
    Slot small = pred(e, "lt", x, K(0x1p-1022));
    Slot a = sel(e, small, mul(e, x, K(0x1p54)), x);
    Slot bias = sel(e, small, K(-54.0), K(0.0));
    Slot ia = op1(e, RC_B64, "mov.b64", a);
    Slot ib = op2(e, RC_B64, "sub.s64", ia, imm_slot(RC_B64, (uint64_t)SQRT_HALF_BITS));
    Slot ie = op2(e, RC_B64, "and.b64", ib, imm_slot(RC_B64, 0xFFF0000000000000u));
    Slot m = op1(e, RC_F64, "mov.b64", op2(e, RC_B64, "sub.s64", ia, ie));
    Slot ke = op2(e, RC_B64, "shr.s64", ie, imm_slot(RC_B32, 52));
    *kf = add(e, op1(e, RC_F64, "cvt.rn.f64.s64", ke), bias);
    *f = sub(e, m, K(1.0));
}

/* log of a finite x > 0 as k (f64, integral) and log m, x = 2^k m */
static void
log_parts(Emit *e, Slot x, Slot *kf, Slot *lm)
{
    Slot f;
    log_split(e, x, kf, &f);
    Slot s = divd(e, f, add(e, f, K(2.0)));
    Slot z = mul(e, s, s);
    Slot rr = mul(e, z, horner(e, z, log_c, N(log_c)));
    Slot hfsq = mul(e, K(0.5), mul(e, f, f));
    /* log m = f - (hfsq - s (hfsq + R)) */
    Slot sum = add(e, hfsq, rr);
    Slot t = fmad(e, s, sum, op1(e, RC_F64, "neg.f64", hfsq));
    *lm = add(e, f, t);
}

/* the result for x that is not finite and > 0: -inf at 0, NaN below, x + x (inf, NaN) */
static Slot
log_special(Emit *e, Slot x, Slot y)
{
    Slot ok = new_reg(e, RC_PRED);
    ins(e, "setp.gt.f64 %s, %s, 0d0000000000000000;", S(e, ok), S(e, x));
    Slot fin = pred(e, "lt", x, K(__builtin_inf()));
    ins(e, "and.pred %s, %s, %s;", S(e, ok), S(e, ok), S(e, fin));
    Slot sp = add(e, x, x);
    sp = sel(e, pred(e, "lt", x, K(0.0)), K(__builtin_nan("")), sp);
    sp = sel(e, pred(e, "eq", x, K(0.0)), K(-__builtin_inf()), sp);
    return sel(e, ok, y, sp);
}

static Slot
log64(Emit *e, Slot x)
{
    Slot kf, lm;
    log_parts(e, x, &kf, &lm);
    /* k ln2_hi is exact (LN2_HZ has 32 bits); the small part goes in first */
    Slot y = fmad(e, kf, K(LN2_HZ), fmad(e, kf, K(LN2_LZ), lm));
    return log_special(e, x, y);
}

static Slot
log2_64(Emit *e, Slot x)
{
    Slot kf, lm;
    log_parts(e, x, &kf, &lm);
    Slot y = fmad(e, lm, K(LOG2E), add(e, kf, mul(e, lm, K(LOG2E_LO))));
    return log_special(e, x, y);
}

/* sin (quadrant offset 0) or cos (offset 1) */
static Slot
sincos64(Emit *e, Slot x, int offset)
{
    Slot k = op1(e, RC_F64, "cvt.rni.f64.f64", mul(e, x, K(TWO_OVER_PI)));
    Slot nk = op1(e, RC_F64, "neg.f64", k);
    Slot r = fmad(e, nk, K(PIO2_3), fmad(e, nk, K(PIO2_2), fmad(e, nk, K(PIO2_1), x)));
    Slot q = op1(e, RC_B64, "cvt.rni.s64.f64", k);
    if (offset)
        q = op2(e, RC_B64, "add.s64", q, imm_slot(RC_B64, (uint64_t)offset));
    Slot z = mul(e, r, r);
    Slot r3 = mul(e, r, z);
    Slot sn = fmad(e, r3, horner(e, z, sin_c, N(sin_c)), r);
    /* cos r = w + (((1 - w) - z/2 - zl/2) + z^2 Q) with w = 1 - z/2 rounded, z + zl = r^2:
       the rounding errors of w and of z go into the small tail */
    Slot zl = fmad(e, r, r, op1(e, RC_F64, "neg.f64", z));
    Slot hz = mul(e, z, K(0.5));
    Slot w = sub(e, K(1.0), hz);
    Slot tail = fmad(e, zl, K(-0.5), sub(e, sub(e, K(1.0), w), hz));
    Slot z2 = mul(e, z, z);
    Slot cs = add(e, w, fmad(e, z2, horner(e, z, cos_c, N(cos_c)), tail));
    Slot odd = new_reg(e, RC_PRED), neg = new_reg(e, RC_PRED);
    Slot q1 = op2(e, RC_B64, "and.b64", q, imm_slot(RC_B64, 1));
    Slot q2 = op2(e, RC_B64, "and.b64", q, imm_slot(RC_B64, 2));
    ins(e, "setp.ne.s64 %s, %s, 0;", S(e, odd), S(e, q1));
    ins(e, "setp.ne.s64 %s, %s, 0;", S(e, neg), S(e, q2));
    Slot v = sel(e, odd, cs, sn);
    v = sel(e, neg, op1(e, RC_F64, "neg.f64", v), v);
    return offset ? v : sel(e, pred(e, "eq", x, K(0.0)), x, v); /* sin(-0) = -0 */
}

static Slot
tanh64(Emit *e, Slot x)
{
    Slot ax = op1(e, RC_F64, "abs.f64", x);
    Slot z = mul(e, x, x);
    Slot x3 = mul(e, x, z);
    Slot small = fmad(e, x3, horner(e, z, tanh_c, N(tanh_c)), x);
    Slot t = exp64(e, add(e, ax, ax));
    Slot big = sub(e, K(1.0), divd(e, K(2.0), add(e, t, K(1.0))));
    big = op2(e, RC_F64, "copysign.f64", x, big);
    Slot y = sel(e, pred(e, "lt", ax, K(0.625)), small, big);
    return sel(e, pred(e, "eq", x, K(0.0)), x, y); /* tanh(-0) = -0 */
}

static Slot
erf64(Emit *e, Slot x)
{
    Slot ax = op1(e, RC_F64, "abs.f64", x);
    Slot x2 = mul(e, ax, ax);
    Slot x2l = fmad(e, ax, ax, op1(e, RC_F64, "neg.f64", x2)); /* ax^2 = x2 + x2l exactly */
    Slot e0 = exp64(e, op1(e, RC_F64, "neg.f64", x2));
    Slot ex = fmad(e, e0, op1(e, RC_F64, "neg.f64", x2l), e0); /* e^(-x2 - x2l) */
    Slot p0 = mul(e, ax, horner(e, x2, erf0_c, N(erf0_c)));
    Slot p1 = horner(e, sub(e, ax, K(1.25)), erf1_c, N(erf1_c));
    Slot p2 = horner(e, sub(e, ax, K(1.75)), erf2_c, N(erf2_c));
    Slot ser = sel(e, pred(e, "lt", ax, K(1.5)), p1, p2);
    ser = sel(e, pred(e, "lt", ax, K(1.0)), p0, ser);
    Slot cf = ax;
    for (int n = 60; n >= 1; n--)
        cf = add(e, ax, divd(e, K(n * 0.5), cf));
    Slot erfc = divd(e, ex, mul(e, K(SQRTPI), cf));
    Slot below6 = pred(e, "lt", ax, K(6.0));
    Slot big = sel(e, below6, sub(e, K(1.0), erfc), K(1.0));
    Slot y = sel(e, pred(e, "lt", ax, K(2.0)), ser, big);
    y = op2(e, RC_F64, "copysign.f64", x, y);
    return sel(e, pred(e, "nan", x, x), x, y);
}

static Slot
rsqrt64(Emit *e, Slot x)
{
    return op1(e, RC_F64, "rcp.rn.f64", op1(e, RC_F64, "sqrt.rn.f64", x));
}

/* pow(x, y) for f64 x, y that came from f32 (|y log x| < 2^8 where it matters, so the
 * f64 exp and log leave ~2^-44 relative error, far below an f32 ulp) */
static Slot pow_signs(Emit *e, Slot x, Slot y, Slot r);

static Slot
pow_from_f32(Emit *e, Slot x, Slot y)
{
    Slot ax = op1(e, RC_F64, "abs.f64", x);
    return pow_signs(e, x, y, exp64(e, mul(e, y, log64(e, ax))));
}

/* pow's sign and special cases around r = |x|^y */
static Slot
pow_signs(Emit *e, Slot x, Slot y, Slot r)
{
    Slot ax = op1(e, RC_F64, "abs.f64", x);
    Slot yi = op1(e, RC_F64, "cvt.rzi.f64.f64", y);
    Slot yh = mul(e, y, K(0.5));
    Slot yhi = op1(e, RC_F64, "cvt.rzi.f64.f64", yh);
    Slot isint = pred(e, "eq", yi, y), odd = pred(e, "ne", yhi, yh);
    ins(e, "and.pred %s, %s, %s;", S(e, odd), S(e, odd), S(e, isint));
    /* |x| = 1 and y not NaN: 1 (pow(-1, +-inf) = 1) */
    Slot one = pred(e, "eq", ax, K(1.0)), ynum = pred(e, "num", y, y);
    ins(e, "and.pred %s, %s, %s;", S(e, one), S(e, one), S(e, ynum));
    r = sel(e, one, K(1.0), r);
    r = sel(e, odd, op2(e, RC_F64, "copysign.f64", x, r), r);
    /* finite x < 0 and y not an integer: NaN */
    Slot dom = pred(e, "lt", x, K(0.0)), fin = pred(e, "gt", x, K(-__builtin_inf()));
    Slot frac = new_reg(e, RC_PRED);
    ins(e, "and.pred %s, %s, %s;", S(e, dom), S(e, dom), S(e, fin));
    ins(e, "not.pred %s, %s;", S(e, frac), S(e, isint));
    ins(e, "and.pred %s, %s, %s;", S(e, dom), S(e, dom), S(e, frac));
    r = sel(e, dom, K(__builtin_nan("")), r);
    Slot unit = pred(e, "eq", y, K(0.0));
    Slot x1 = pred(e, "eq", x, K(1.0));
    ins(e, "or.pred %s, %s, %s;", S(e, unit), S(e, unit), S(e, x1));
    return sel(e, unit, K(1.0), r);
}

/* ---- f64 pow: log|x| and y log|x| in double-double, so that e^(y log|x|) keeps ~1 ulp
 * when |y log|x|| is large (a plain f64 log would leave |y log x| * 2^-53 absolute error,
 * hundreds of ulps of the result) ---- */

/* (h, l) = a + b exactly (Knuth's two-sum: any magnitudes) */
static void
two_sum(Emit *e, Slot a, Slot b, Slot *h, Slot *l)
{
    *h = add(e, a, b);
    Slot bb = sub(e, *h, a);
    Slot da = sub(e, a, sub(e, *h, bb));
    *l = add(e, da, sub(e, b, bb));
}

/* (h, l) = a * b exactly */
static void
two_prod(Emit *e, Slot a, Slot b, Slot *h, Slot *l)
{
    *h = mul(e, a, b);
    *l = fmad(e, a, b, op1(e, RC_F64, "neg.f64", *h));
}

/* log|x| as hi + lo for finite x != 0: x = 2^k m, s = (m-1)/(m+1) in double-double,
 * log m = 2s + (2/3) s^3 + s^5 P(s^2) with the first two terms in double-double */
static void
log_dd(Emit *e, Slot x, Slot *lh, Slot *ll)
{
    Slot kf, f;
    log_split(e, x, &kf, &f);
    /* d = 2 + f as dh + dl, s = f / d as sh + sl */
    Slot dh = add(e, f, K(2.0));
    Slot dl = sub(e, f, sub(e, dh, K(2.0)));
    Slot sh = divd(e, f, dh);
    Slot nsh = op1(e, RC_F64, "neg.f64", sh);
    Slot res = fmad(e, nsh, dl, fmad(e, nsh, dh, f)); /* f - sh d */
    Slot sl = divd(e, res, dh);
    /* z = s^2, c = s^3 (double-double), t = (2/3) c */
    Slot zh, zl, ch, cl, th, tl;
    two_prod(e, sh, sh, &zh, &zl);
    zl = fmad(e, mul(e, K(2.0), sh), sl, zl);
    two_prod(e, sh, zh, &ch, &cl);
    cl = fmad(e, sh, zl, fmad(e, sl, zh, cl));
    two_prod(e, ch, K(0x1.5555555555555p-1), &th, &tl);
    tl = fmad(e, ch, K(0x1.5555555555555p-55), fmad(e, cl, K(0x1.5555555555555p-1), tl));
    /* the tail s^5 P(z), P = sum_{k>=2} 2/(2k+1) z^(k-2): log_c without its last term */
    Slot s3 = mul(e, ch, zh);
    Slot tail = mul(e, s3, horner(e, zh, log_c, N(log_c) - 1));
    /* log m = 2 sh + th + (2 sl + tl + tail) */
    Slot ah, al;
    two_sum(e, mul(e, K(2.0), sh), th, &ah, &al);
    Slot lo = add(e, add(e, al, fmad(e, K(2.0), sl, tl)), tail);
    /* + k ln2 (double-double ln 2) */
    Slot ph, pl, bh, bl;
    two_prod(e, kf, K(LN2_HI), &ph, &pl);
    pl = fmad(e, kf, K(LN2_LO), pl);
    two_sum(e, ph, ah, &bh, &bl);
    Slot l2 = add(e, add(e, bl, pl), lo);
    *lh = add(e, bh, l2);
    *ll = sub(e, l2, sub(e, *lh, bh));
}

/* e^(th + tl) for finite th (clamped like exp64; tl is tiny next to th) */
static Slot
exp_dd(Emit *e, Slot th, Slot tl)
{
    Slot xc = clamp(e, th, -746.0, 710.0);
    Slot k = op1(e, RC_F64, "cvt.rni.f64.f64", mul(e, xc, K(LOG2E)));
    Slot nk = op1(e, RC_F64, "neg.f64", k);
    Slot r = fmad(e, nk, K(LN2_HI), xc); /* exact: k has at most 11 bits */
    r = add(e, fmad(e, nk, K(LN2_LO), tl), r);
    return exp_finish(e, xc, k, r);
}

/* pow(x, y) in f64 with C's special cases */
static Slot
pow64(Emit *e, Slot x, Slot y)
{
    Slot ax = op1(e, RC_F64, "abs.f64", x);
    Slot lh, ll, th, tl;
    log_dd(e, ax, &lh, &ll);
    two_prod(e, y, lh, &th, &tl);
    tl = fmad(e, y, ll, tl);
    Slot r = exp_dd(e, th, tl);
    /* x = 0 or inf, or y = inf or NaN, or y log|x| overflowing: the plain sequence, whose
     * special values are right */
    Slot plain = exp64(e, mul(e, y, log64(e, ax)));
    Slot ok = pred(e, "gt", ax, K(0.0));
    ins(e, "setp.lt.and.f64 %s, %s, 0d7FF0000000000000, %s;", S(e, ok), S(e, ax), S(e, ok));
    Slot ay = op1(e, RC_F64, "abs.f64", y);
    ins(e, "setp.lt.and.f64 %s, %s, 0d7FF0000000000000, %s;", S(e, ok), S(e, ay), S(e, ok));
    Slot ath = op1(e, RC_F64, "abs.f64", th);
    ins(e, "setp.lt.and.f64 %s, %s, 0d408F400000000000, %s;", S(e, ok), S(e, ath), S(e, ok));
    return sel(e, ok, r, plain);
}

/* ---- arith.remf: C's fmod, exact ---- */

/* r = r mod a for finite r >= 0 and a normal a > 0, r a register updated in place: while
 * r >= a, subtract t = a * 2^n with t <= r < 2t (exact by Sterbenz); t takes r's exponent
 * and a's significand, halved when that exceeds r.  One iteration per binade between r and
 * a: at most ~2100 for f64, ~280 for f32 inputs. */
static void
fmod_loop(Emit *e, Slot r, Slot a)
{
    uint32_t top = new_label(e), done = new_label(e);
    label(e, top);
    Slot p = pred(e, "ge", r, a);
    ins(e, "@!%s bra $L__%s_%" PRIu32 ";", S(e, p), e->kname, done);
    Slot rb = op1(e, RC_B64, "mov.b64", r), ab = op1(e, RC_B64, "mov.b64", a);
    Slot ex = op2(e, RC_B64, "and.b64", rb, imm_slot(RC_B64, 0x7FF0000000000000u));
    Slot mb = op2(e, RC_B64, "and.b64", ab, imm_slot(RC_B64, 0x000FFFFFFFFFFFFFu));
    Slot t = op1(e, RC_F64, "mov.b64", op2(e, RC_B64, "or.b64", ex, mb));
    Slot above = pred(e, "gt", t, r);
    t = sel(e, above, mul(e, t, K(0.5)), t);
    ins(e, "sub.rn.f64 %s, %s, %s;", S(e, r), S(e, r), S(e, t));
    ins(e, "bra.uni $L__%s_%" PRIu32 ";", e->kname, top);
    label(e, done);
}

/* fmod(x, y) in f64 (exact; NaN for y = 0 or x infinite, x for infinite y) */
Slot
ptxgen_remf64(Emit *e, Slot x, Slot y)
{
    x = as_reg(e, x);
    y = as_reg(e, y);
    Slot ax = op1(e, RC_F64, "abs.f64", x), ay = op1(e, RC_F64, "abs.f64", y);
    /* the loop runs on finite x and y != 0, finite; other cases are selected at the end */
    Slot ok = pred(e, "lt", ax, K(__builtin_inf()));
    ins(e, "setp.lt.and.f64 %s, %s, 0d7FF0000000000000, %s;", S(e, ok), S(e, ay), S(e, ok));
    ins(e, "setp.gt.and.f64 %s, %s, 0d0000000000000000, %s;", S(e, ok), S(e, ay), S(e, ok));
    /* a subnormal y is reduced in two steps: modulo y 2^54 (normal), then, scaled by 2^54,
     * modulo y 2^54 again */
    Slot sub = pred(e, "lt", ay, K(0x1p-1022));
    Slot a1 = sel(e, sub, mul(e, ay, K(0x1p54)), ay);
    Slot r = d64(e);
    ins(e, "selp.f64 %s, %s, 0d0000000000000000, %s;", S(e, r), S(e, ax), S(e, ok));
    Slot a = sel(e, ok, a1, K(1.0));
    fmod_loop(e, r, a);
    Slot scaled = sel(e, sub, mul(e, r, K(0x1p54)), r);
    ins(e, "mov.f64 %s, %s;", S(e, r), S(e, scaled));
    fmod_loop(e, r, a);
    Slot res = sel(e, sub, mul(e, r, K(0x1p-54)), r);
    res = op2(e, RC_F64, "copysign.f64", x, res);
    /* y infinite and x finite: x; anything else outside the loop's domain: NaN (x + y
     * keeps a NaN input's payload out of it, C says NaN either way) */
    Slot xfin = pred(e, "lt", ax, K(__builtin_inf()));
    Slot yinf = pred(e, "eq", ay, K(__builtin_inf()));
    ins(e, "and.pred %s, %s, %s;", S(e, yinf), S(e, yinf), S(e, xfin));
    Slot other = sel(e, yinf, x, K(__builtin_nan("")));
    return sel(e, ok, res, other);
}

/* math.* on f64; false (after a located error) when there is no sequence */
Slot
ptxgen_math_f64(Emit *e, OpKind k, const Slot *a, int na)
{
    Slot x = as_reg(e, a[0]);
    (void)na;
    switch (k) {
    case OP_EXP:
        return exp64(e, x);
    case OP_EXP2:
        return exp2_64(e, x);
    case OP_LOG:
        return log64(e, x);
    case OP_LOG2:
        return log2_64(e, x);
    case OP_RSQRT:
        return rsqrt64(e, x);
    case OP_SIN:
        return sincos64(e, x, 0);
    case OP_COS:
        return sincos64(e, x, 1);
    case OP_TANH:
        return tanh64(e, x);
    case OP_ERF:
        return erf64(e, x);
    case OP_POWF: {
        Slot y = as_reg(e, a[1]);
        return pow_signs(e, x, y, pow64(e, x, as_reg(e, a[1])));
    }
    default:
        break;
    }
    fail_op(e, "on f64 has no PTX lowering");
    return x;
}

/* f32 math through the f64 sequences: erf (both modes), sin/cos/powf (--precise-math) */
Slot
ptxgen_math_f32_via_f64(Emit *e, OpKind k, const Slot *a, int na)
{
    Slot x = op1(e, RC_F64, "cvt.f64.f32", as_reg(e, a[0]));
    Slot y;
    if (k == OP_POWF && na == 2)
        y = pow_from_f32(e, x, op1(e, RC_F64, "cvt.f64.f32", as_reg(e, a[1])));
    else
        y = ptxgen_math_f64(e, k, &x, 1);
    return op1(e, RC_F32, "cvt.rn.f32.f64", y);
}
