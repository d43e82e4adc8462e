/*
 * float.c -- float encodings: rounding a double to f16 / bf16 / tf32 / f32 /
 * the fp8 types (f8E4M3FN: no infinities, S.1111.111 is NaN, max 448; f8E5M2),
 * and converting to and from a float type's bit pattern.  Used by the
 * frontend for float literals, by print.c to print them back, and by
 * distribute and the driver where a constant or buffer element is encoded.
 * Declared in ir.h.
 */
#include "ir/ir.h"

#include <math.h>
#include <string.h>

typedef struct FloatFormat {
    int ebits, mbits; /* exponent and stored-mantissa bits */
} FloatFormat;

static FloatFormat
float_format(TypeId t)
{
    switch (t) {
    case TY_F16:
        return (FloatFormat){ 5, 10 };
    case TY_BF16:
        return (FloatFormat){ 8, 7 };
    case TY_TF32:
        return (FloatFormat){ 8, 10 };
    case TY_F32:
        return (FloatFormat){ 8, 23 };
    case TY_F8E4M3FN:
        return (FloatFormat){ 4, 3 };
    case TY_F8E5M2:
    case TY_F8E5M2FNUZ:
        return (FloatFormat){ 5, 2 };
    case TY_F8E4M3FNUZ:
        return (FloatFormat){ 4, 3 };
    default:
        return (FloatFormat){ 11, 52 };
    }
}

/* f8E4M3FN uses the all-ones exponent for finite values (only S.1111.111 is NaN) and
   has no infinities: above 448 (after rounding) is NaN, as MLIR's APFloat makes it. */
#define E4M3FN_MAX 448.0

/* The FNUZ fp8 types (AMD's): bias 2^(ebits-1), every exponent finite, no infinities and
   no negative zero, 0x80 the only NaN; past the largest finite value is NaN. */
static bool
is_fnuz(TypeId t)
{
    return t == TY_F8E4M3FNUZ || t == TY_F8E5M2FNUZ;
}

static double
fnuz_round(double v, FloatFormat f)
{
    if (isnan(v) || isinf(v))
        return NAN;
    if (v == 0)
        return 0.0;
    int bias = 1 << (f.ebits - 1), e;
    frexp(v, &e);
    int lead = e - 1;
    if (lead < 1 - bias)
        lead = 1 - bias;
    int shift = f.mbits - lead;
    double r = ldexp(nearbyint(ldexp(v, shift)), -shift);
    double max = ldexp(2.0 - ldexp(1.0, -f.mbits), bias - 1);
    return fabs(r) > max ? NAN : r == 0 ? 0.0 : r;
}

double
ir_float_round(double v, TypeId type)
{
    FloatFormat f = float_format(type);
    if (is_fnuz(type))
        return fnuz_round(v, f);
    if (f.mbits == 52 || !isfinite(v) || v == 0)
        return v;
    int bias = (1 << (f.ebits - 1)) - 1, e;
    frexp(v, &e);
    int lead = e - 1; /* v = 1.x * 2^lead */
    if (lead < 1 - bias)
        lead = 1 - bias; /* subnormal: fixed quantum */
    int shift = f.mbits - lead;
    double r = ldexp(nearbyint(ldexp(v, shift)), -shift);
    if (type == TY_F8E4M3FN)
        return fabs(r) > E4M3FN_MAX ? NAN : r;
    double max = ldexp(2.0 - ldexp(1.0, -f.mbits), bias);
    return fabs(r) > max ? copysign(INFINITY, v) : r;
}

static uint64_t
double_bits(double v)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

uint64_t
ir_float_to_bits(double v, TypeId type)
{
    FloatFormat f = float_format(type);
    if (f.mbits == 52)
        return double_bits(v);
    if (is_fnuz(type)) {
        if (isnan(v) || isinf(v))
            return 0x80;
        if (v == 0)
            return 0;
        int bias = 1 << (f.ebits - 1), e;
        double a = fabs(v);
        uint64_t sign = v < 0 ? 0x80 : 0;
        frexp(a, &e);
        int lead = e - 1;
        if (lead + bias >= 1)
            return sign | (uint64_t)(lead + bias) << f.mbits |
                   ((uint64_t)ldexp(a, f.mbits - lead) - (1ull << f.mbits));
        return sign | (uint64_t)ldexp(a, f.mbits + bias - 1);
    }
    int bias = (1 << (f.ebits - 1)) - 1;
    uint64_t sign = (double_bits(v) >> 63) << (f.ebits + f.mbits);
    uint64_t emax = (1ull << f.ebits) - 1;
    if (type == TY_F8E4M3FN && (isnan(v) || isinf(v)))
        return sign | 0x7f; /* the only NaN; no infinities */
    if (isnan(v)) {
        uint64_t mant = (double_bits(v) & ((1ull << 52) - 1)) >> (52 - f.mbits);
        return sign | emax << f.mbits | (mant ? mant : 1ull << (f.mbits - 1));
    }
    if (isinf(v))
        return sign | emax << f.mbits;
    if (v == 0)
        return sign;
    double a = fabs(v);
    int e;
    frexp(a, &e);
    int lead = e - 1;
    if (lead + bias >= 1) {
        uint64_t mant = (uint64_t)ldexp(a, f.mbits - lead) - (1ull << f.mbits);
        return sign | (uint64_t)(lead + bias) << f.mbits | mant;
    }
    return sign | (uint64_t)ldexp(a, f.mbits + bias - 1);
}

double
ir_float_from_bits(uint64_t bits, TypeId type)
{
    FloatFormat f = float_format(type);
    if (f.mbits == 52) {
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    int bias = (1 << (f.ebits - 1)) - (is_fnuz(type) ? 0 : 1);
    uint64_t mant = bits & ((1ull << f.mbits) - 1);
    uint64_t exp = (bits >> f.mbits) & ((1ull << f.ebits) - 1);
    bool neg = (bits >> (f.ebits + f.mbits)) & 1;
    double v;
    if (is_fnuz(type)) {
        if ((bits & 0xff) == 0x80)
            return NAN;
        v = exp ? ldexp((double)(mant | 1ull << f.mbits), (int)exp - bias - (int)f.mbits)
                : ldexp((double)mant, 1 - bias - (int)f.mbits);
        return neg ? -v : v;
    }
    if (type == TY_F8E4M3FN && (exp != 15 || mant != 7)) { /* every other pattern is finite */
        v = exp ? ldexp((double)(mant | 8), (int)exp - 10) : ldexp((double)mant, -9);
        return neg ? -v : v;
    }
    if (type == TY_F8E4M3FN)
        return copysign(NAN, neg ? -1.0 : 1.0); /* not -NAN: tcc's minus keeps a NaN's sign */
    if (exp == (1ull << f.ebits) - 1 && mant) {
        uint64_t d = (uint64_t)neg << 63 | 0x7ffull << 52 | mant << (52 - f.mbits);
        memcpy(&v, &d, sizeof v);
        return v;
    }
    if (exp == (1ull << f.ebits) - 1)
        v = INFINITY;
    else if (exp == 0)
        v = ldexp((double)mant, 1 - bias - f.mbits);
    else
        v = ldexp((double)(mant | 1ull << f.mbits), (int)exp - bias - f.mbits);
    return neg ? -v : v;
}
