/*
 * isel_math64.c -- accurate math sequences in f64: math.* on f64, math.erf on f32, and
 * math.sin/cos/powf on f32 under --precise-math (computed in f64, rounded once to f32).
 *
 * Every function is straight-line PTX built from IEEE f64 operations (add/mul/fma.rn,
 * div.rn, rcp.rn, sqrt.rn), integer bit manipulation and cvt; no tables in memory and
 * no branches.  Method per function (coefficients below are Taylor coefficients, rounded
 * to double; maximum errors are the ones tests/unit/test_math_precision.c measures on the
 * simulator against libm's long double functions, and fails beyond):
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
 *   erf    |x| < 2.5: 2/sqrt(pi) x e^(-x^2) sum (2x^2)^n/(2n+1)!! (41 terms, all positive);
 *          2.5 <= |x| < 6: 1 - erfc, erfc = e^(-x^2) (corrected for the rounding of x^2)
 *          from its continued fraction (32 levels); |x| >= 6: +-1
 *   powf   (f32 only) exp(y log|x|) in f64 with C's special cases (odd integer powers of
 *          negative x keep the sign, non-integer powers of negative x are NaN, pow(x, 0) =
 *          pow(1, y) = 1, pow(-1, +-inf) = 1)
 */
#include "ptxgen/emit.h"

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
/* erf x = 2/sqrt(pi) x e^(-x^2) sum_{n=0..40} (2x^2)^n / (2n+1)!! */
static const double erf_c[] = {
    0x1.fd4910eadf32bp-203, 0x1.42483cb4a13e1p-196, 0x1.8dd12aeef708ap-190, 0x1.de9fa7a781366p-184,
    0x1.18718c3c25b5ep-177, 0x1.3fe183f49b037p-171, 0x1.62de2e635bf7dp-165, 0x1.7e978a031f273p-159,
    0x1.9086a47b449d0p-153, 0x1.96c8bf0d31af7p-147, 0x1.906d9c10fce8bp-141, 0x1.7da878c0310ddp-135,
    0x1.5fd74f512d38cp-129, 0x1.395bc2a44c468p-123, 0x1.0d4adb45318cap-117, 0x1.be03fb2a9a10ep-112,
    0x1.636b2c25f2c57p-106, 0x1.101e0dcd0ddf3p-100, 0x1.8fac24452c5fdp-95,  0x1.19050980a3336p-89,
    0x1.799ec4c4db4d0p-84,  0x1.e3d36c1c38faap-79,  0x1.26d4d5e132b8cp-73,  0x1.54e6174c62a5ap-68,
    0x1.74dba97b8be52p-63,  0x1.808286c768445p-58,  0x1.747e72912d023p-53,  0x1.519297d390c9fp-48,
    0x1.1cd3b01a822a6p-43,  0x1.bd0ac3296b624p-39,  0x1.3fdfbc45c52eap-34,  0x1.a3d5a71b92cd3p-30,
    0x1.f28db670be53bp-26,  0x1.08db48ebe51c7p-21,  0x1.f09b28ba4d955p-18,  0x1.937e11175f095p-14,
    0x1.1566abc011567p-10,  0x1.3813813813814p-7,   0x1.1111111111111p-4,   0x1.5555555555555p-2,
    0x1.0000000000000p+0,
};
#define LN2_HI          0x1.62e42fefa39efp-1  /* ln 2 rounded */
#define LN2_LO          0x1.abc9e3b39803fp-56 /* ln 2 - LN2_HI */
#define LN2_HZ          0x1.62e42fee00000p-1 /* ln 2 to 32 bits: k * LN2_HZ is exact for |k| < 2^21 */
#define LN2_LZ          0x1.a39ef35793c76p-33 /* ln 2 - LN2_HZ */
#define LOG2E           0x1.71547652b82fep+0
#define LOG2E_LO        0x1.777d0ffda0d24p-56 /* 1/ln 2 - LOG2E */
#define PIO2_1          0x1.921fb54442d18p+0  /* pi/2 = PIO2_1 + PIO2_2 + PIO2_3 + O(2^-160) */
#define PIO2_2          0x1.1a62633145c07p-54
#define PIO2_3          -0x1.f1976b7ed8fbcp-110
#define TWO_OVER_PI     0x1.45f306dc9c883p-1
#define TWO_OVER_SQRTPI 0x1.20dd750429b6dp+0
#define SQRTPI          0x1.c5bf891b4ef6bp+0
#define SQRT_HALF_BITS  0x3FE6A09E667F3BCDLL /* bits of sqrt(1/2) */

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

/* log of a finite x > 0 as k (f64, integral) and log m, x = 2^k m */
static void
log_parts(Emit *e, Slot x, Slot *kf, Slot *lm)
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
    Slot f = sub(e, m, K(1.0));
    Slot s = divd(e, f, add(e, f, K(2.0)));
    Slot z = mul(e, s, s);
    Slot rr = mul(e, z, horner(e, z, log_c, N(log_c)));
    Slot hfsq = mul(e, K(0.5), mul(e, f, f));
    /* log m = f - (hfsq - s (hfsq + R)) */
    Slot t = fmad(e, s, add(e, hfsq, rr), op1(e, RC_F64, "neg.f64", hfsq));
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
    Slot sn = fmad(e, mul(e, r, z), horner(e, z, sin_c, N(sin_c)), r);
    /* cos r = w + (((1 - w) - z/2 - zl/2) + z^2 Q) with w = 1 - z/2 rounded, z + zl = r^2:
       the rounding errors of w and of z go into the small tail */
    Slot zl = fmad(e, r, r, op1(e, RC_F64, "neg.f64", z));
    Slot hz = mul(e, z, K(0.5));
    Slot w = sub(e, K(1.0), hz);
    Slot tail = fmad(e, zl, K(-0.5), sub(e, sub(e, K(1.0), w), hz));
    Slot cs = add(e, w, fmad(e, mul(e, z, z), horner(e, z, cos_c, N(cos_c)), tail));
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
    Slot small = fmad(e, mul(e, x, z), horner(e, z, tanh_c, N(tanh_c)), x);
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
    /* the series takes e^(-x2) and S(2 x2) of the same rounded x2: their sensitivities to
       x2 nearly cancel (S grows like e^(x2)), so the product is better without the x2l
       correction, which the continued fraction needs */
    Slot ser = horner(e, add(e, x2, x2), erf_c, N(erf_c));
    ser = mul(e, ax, mul(e, K(TWO_OVER_SQRTPI), mul(e, e0, ser)));
    Slot cf = ax;
    for (int n = 60; n >= 1; n--)
        cf = add(e, ax, divd(e, K(n * 0.5), cf));
    Slot erfc = divd(e, ex, mul(e, K(SQRTPI), cf));
    Slot big = sel(e, pred(e, "lt", ax, K(6.0)), sub(e, K(1.0), erfc), K(1.0));
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
static Slot
pow_from_f32(Emit *e, Slot x, Slot y)
{
    Slot ax = op1(e, RC_F64, "abs.f64", x);
    Slot r = exp64(e, mul(e, y, log64(e, ax)));
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
    default:
        break;
    }
    fail_op(e, "on f64 has no PTX lowering (f64 powf needs a double-double log: not done)");
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
