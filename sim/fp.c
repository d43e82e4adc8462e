/*
 * fp.c -- IEEE rounding for f16, bf16, tf32, f32 and f64 on bit patterns.
 *
 * Every operation first computes its exact result as an unevaluated sum
 * hi + lo of two doubles (TwoSum / FMA error terms; products of two f32 or
 * narrower values are exact in a double), then fp_round() rounds that once
 * to the target format with the requested mode [PTX §9.7.3: .rn .rz .rm .rp;
 * §9.7.9.21: .rna for tf32].  This gives correctly rounded add/sub/mul/fma/
 * div/sqrt for all formats below f64 in every mode, without touching the
 * host's floating-point environment (no fenv, so no global state).
 *
 * NaN results are the canonical NaN of the format (PTX produces canonical
 * NaNs for arithmetic on sm_20+).  .ftz flushes subnormal inputs and results
 * to zero of the same sign; .sat clamps to [0, 1] with NaN -> +0; .relu
 * clamps negatives to +0 and keeps NaN.
 */
#include "sim/simint.h"

#include <math.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

const FpFmt FMT_F16 = { 10, 5 };
const FpFmt FMT_BF16 = { 7, 8 };
const FpFmt FMT_TF32 = { 10, 8 };
const FpFmt FMT_F32 = { 23, 8 };
const FpFmt FMT_F64 = { 52, 11 };

double
f64_of(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, 8);
    return d;
}

uint64_t
bits_of_f64(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

static uint64_t
overflow_bits(uint64_t sbit, const FpFmt *f, int rnd, bool sign)
{
    uint64_t emask = (1ull << f->ebits) - 1;
    bool to_max = rnd == RND_RZ || (rnd == RND_RM && !sign) || (rnd == RND_RP && sign);
    if (to_max)
        return sbit | ((emask - 1) << f->mbits) | ((1ull << f->mbits) - 1);
    return sbit | (emask << f->mbits);
}

static bool
round_up(int rnd, bool sign, bool inexact, double t, double n)
{
    switch (rnd) {
    case RND_RZ:
        return false;
    case RND_RM:
        return sign && inexact;
    case RND_RP:
        return !sign && inexact;
    case RND_RNA:
        return inexact && t >= 0;
    default:
        return t > 0 || (t == 0 && fmod(n, 2.0) != 0);
    }
}

uint64_t
fp_round(double hi, double lo, const FpFmt *f, int rnd)
{
    int mb = f->mbits, bias = (1 << (f->ebits - 1)) - 1;
    int emin = 1 - bias, emax = bias;
    uint64_t emask = (1ull << f->ebits) - 1;
    if (isnan(hi))
        return (emask << mb) | ((1ull << mb) - 1);
    bool sign = signbit(hi) != 0;
    if (sign) {
        hi = -hi;
        lo = -lo;
    }
    uint64_t sbit = (uint64_t)sign << (mb + f->ebits);
    if (isinf(hi))
        return sbit | (emask << mb);
    if (hi == 0)
        return sbit;
    int e;
    frexp(hi, &e);
    int E = e - 1; /* hi in [2^E, 2^(E+1)) */
    if (lo < 0 && hi == ldexp(1.0, E))
        E--; /* the exact value is just below the power of two */
    if (E < emin)
        E = emin;
    double q = ldexp(1.0, E - mb); /* one unit in the last place at exponent E */
    double n = floor(hi / q);
    double dd = hi - n * q; /* exact */
    if (dd == 0 && lo < 0) {
        n -= 1;
        dd = q;
    }
    /* sign of (remainder - half ulp); scaled up near the bottom of the f64 range, where
       half a subnormal ulp (2^-1075) would underflow to 0 and look like a tie */
    double sc = E - mb < -900 ? 0x1p200 : 1.0;
    double t = (dd * sc - q * sc * 0.5) + lo * sc;
    if (round_up(rnd, sign, dd != 0 || lo != 0, t, n))
        n += 1;
    uint64_t N = (uint64_t)n;
    if (N >> (mb + 1)) {
        N >>= 1;
        E++;
    }
    if (N < (1ull << mb))
        return sbit | N; /* subnormal (E == emin) */
    if (E > emax)
        return overflow_bits(sbit, f, rnd, sign);
    return sbit | ((uint64_t)(E + bias) << mb) | (N - (1ull << mb));
}

static const FpFmt *
fmt_of(int ty)
{
    switch (ty) {
    case TY_F16:
    case TY_F16X2:
        return &FMT_F16;
    case TY_BF16:
    case TY_BF16X2:
        return &FMT_BF16;
    case TY_TF32:
        return &FMT_TF32;
    case TY_F64:
        return &FMT_F64;
    default:
        return &FMT_F32;
    }
}

static uint64_t
flush_subnormal(int ty, uint64_t bits)
{
    const FpFmt *f = fmt_of(ty);
    uint64_t emask = (1ull << f->ebits) - 1;
    if (((bits >> f->mbits) & emask) == 0)
        return bits & (1ull << (f->mbits + f->ebits));
    return bits;
}

uint32_t
f32_ftz(uint32_t bits)
{
    return (bits & 0x7f800000u) ? bits : bits & 0x80000000u;
}

bool
fp_isnan(int ty, uint64_t bits)
{
    const FpFmt *f = fmt_of(ty);
    uint64_t emask = (1ull << f->ebits) - 1;
    return ((bits >> f->mbits) & emask) == emask && (bits & ((1ull << f->mbits) - 1));
}

uint64_t
fp_canon_nan(int ty)
{
    switch (ty) {
    case TY_F16:
    case TY_BF16:
        return 0x7fff;
    case TY_F64:
        return 0x7fffffffffffffffull;
    default:
        return 0x7fffffff;
    }
}

double
fp_value(int ty, uint64_t bits, uint32_t flags)
{
    if (flags & F_FTZ)
        bits = flush_subnormal(ty, bits);
    switch (ty) {
    case TY_F16:
        return f16_to_double((uint16_t)bits);
    case TY_BF16:
        return bf16_to_double((uint16_t)bits);
    case TY_F64:
        return f64_of(bits);
    default:
        return f32_of((uint32_t)bits);
    }
}

/* fp_round(hi, lo, &FMT_F32, RND_RN) for the common cases, through the host's own
 * double -> float conversion (round to nearest even): when hi is a float, or lo is 0, or hi
 * is not the midpoint between the two floats around it, lo (|lo| <= ulp(hi)/2) cannot
 * change the result.  Midpoints, zeros and overflow go the long way. */
static uint64_t
f32_round_rn(double hi, double lo)
{
    float f = (float)hi;
    double d = f;
    if (d == hi || (lo == 0 && !isinf(f)))
        return bits_of_f32(f);
    if (f != 0 && !isinf(f)) {
        uint32_t b = bits_of_f32(f);
        uint32_t g = fabs(hi) > fabs(d) ? b + 1 : b - 1; /* the float on hi's other side */
        if ((d + (double)f32_of(g)) * 0.5 != hi)
            return b;
    }
    return fp_round(hi, lo, &FMT_F32, RND_RN);
}

#if defined(__x86_64__) && defined(__GNUC__)
/* f to f16, round to nearest even, with the host's F16C conversion (IEEE: subnormal
 * results rounded once, overflow to infinity) */
__attribute__((target("f16c"))) static uint64_t
f16_rn_f16c(float f)
{
    return (uint16_t)_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT);
}
#endif

/* fp_round(hi, lo, &FMT_F16, RND_RN) through F16C when hi is a float and lo is 0 (one
 * rounding from the float, as fp_round's from the exact value); else the long way. */
static uint64_t
f16_round_rn(double hi, double lo)
{
#if defined(__x86_64__) && defined(__GNUC__)
    float f = (float)hi;
    if (lo == 0 && (double)f == hi && cpu_supports(CPU_F16C))
        return f16_rn_f16c(f);
#endif
    return fp_round(hi, lo, &FMT_F16, RND_RN);
}

uint64_t
fp_from_double(int ty, double hi, double lo, int rnd, uint32_t flags)
{
    if (!isfinite(hi))
        lo = 0;
    if (rnd == RND_NONE)
        rnd = RND_RN;
    if (ty == TY_F64 && rnd == RND_RN)
        lo = 0; /* hi is the host's correctly rounded double; lo may be inexact near the
                   subnormal range (an fma residual below 2^-1074) and must not re-round it */
    if (isnan(hi))
        return (flags & F_SAT) ? 0 : fp_canon_nan(ty);
    if ((flags & F_RELU) && (hi < 0 || (hi == 0 && lo < 0)))
        return 0;
    if ((flags & F_SAT) && (hi < 0 || (hi == 0 && lo <= 0)))
        return 0; /* [+0, 1]: -0 becomes +0 */
    if ((flags & F_SAT) && (hi > 1 || (hi == 1 && lo > 0))) {
        hi = 1;
        lo = 0;
    }
    uint64_t bits = ty == TY_F32 && rnd == RND_RN   ? f32_round_rn(hi, lo)
                    : ty == TY_F16 && rnd == RND_RN ? f16_round_rn(hi, lo)
                                                    : fp_round(hi, lo, fmt_of(ty), rnd);
    if (flags & F_FTZ)
        bits = flush_subnormal(ty, bits);
    return bits;
}

static void
two_sum(double a, double b, double *s, double *e)
{
    *s = a + b;
    double bb = *s - a;
    *e = (a - (*s - bb)) + (b - bb);
    if (!isfinite(*s))
        *e = 0;
}

/* An exact zero sum is +0 except under .rm [IEEE 754 §6.3], unless both
 * addends are +0.  The host computed it under round-to-nearest. */
static double
zero_sign(double s, double e, double x, double y, int rnd)
{
    if (s == 0 && e == 0 && rnd == RND_RM && !(x == 0 && y == 0 && !signbit(x) && !signbit(y)))
        return -0.0;
    return s;
}

uint64_t
fp_add(int ty, uint64_t a, uint64_t b, int rnd, uint32_t flags)
{
    double s, e, x = fp_value(ty, a, flags), y = fp_value(ty, b, flags);
    two_sum(x, y, &s, &e);
    return fp_from_double(ty, zero_sign(s, e, x, y, rnd), e, rnd, flags);
}

uint64_t
fp_mul(int ty, uint64_t a, uint64_t b, int rnd, uint32_t flags)
{
    double x = fp_value(ty, a, flags), y = fp_value(ty, b, flags);
    double p = x * y;
    double e = ty == TY_F64 && isfinite(p) ? fma(x, y, -p) : 0;
    return fp_from_double(ty, p, e, rnd, flags);
}

uint64_t
fp_fma(int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t flags)
{
    double x = fp_value(ty, a, flags), y = fp_value(ty, b, flags), z = fp_value(ty, c, flags);
    if (ty == TY_F64)
        return fp_from_double(ty, fma(x, y, z), 0, rnd, flags);
    double s, e;
    two_sum(x * y, z, &s, &e); /* x*y is exact in a double */
    return fp_from_double(ty, zero_sign(s, e, x * y, z, rnd), e, rnd, flags);
}

uint64_t
fp_div(int ty, uint64_t a, uint64_t b, int rnd, uint32_t flags)
{
    double x = fp_value(ty, a, flags), y = fp_value(ty, b, flags);
    double q = x / y, e = 0;
    if (isfinite(q) && q != 0 && isfinite(y))
        e = fma(-q, y, x) / y; /* exact remainder; only its sign and size matter */
    return fp_from_double(ty, q, e, rnd, flags);
}

uint64_t
fp_sqrt(int ty, uint64_t a, int rnd, uint32_t flags)
{
    double x = fp_value(ty, a, flags);
    double s = sqrt(x), e = 0;
    if (isfinite(s) && s > 0)
        e = fma(-s, s, x) / (2 * s);
    return fp_from_double(ty, s, e, rnd, flags);
}
