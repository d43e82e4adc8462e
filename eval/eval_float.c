/*
 * eval_float.c -- eval's element arithmetic: float formats (f16, bf16, tf32
 * rounding and bit encodings, written here rather than shared so that the
 * oracle stays independent), integer wraparound, every elementwise arith.*
 * and math.* op, and the combining kinds of reductions and contractions.
 *
 * Float elements are doubles already rounded to their type.  f64 arithmetic
 * is done in double; every narrower type computes in float (exactly
 * IEEE single for f32) and then rounds to its own format.  For f16, bf16
 * and tf32 the double rounding is harmless for + - * / sqrt because float
 * has at least 2p+2 significand bits.
 */
#include "eval/eval_impl.h"

#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- formats */

/* x rounded to a binary format with `mant` stored significand bits and
 * normal exponents emin..emax, round to nearest even; gradual underflow;
 * overflow to inf.  Division and multiplication by the power of two q are
 * exact in double for every format used here. */
static double
round_format(double x, int mant, int emin, int emax)
{
    if (isnan(x) || isinf(x) || x == 0)
        return x;
    int e = ilogb(x);
    if (e < emin)
        e = emin; /* subnormal: the quantum stops shrinking */
    double q = ldexp(1.0, e - mant);
    double r = nearbyint(x / q) * q; /* default rounding mode: nearest even */
    if (fabs(r) >= ldexp(1.0, emax + 1))
        return copysign(INFINITY, x);
    return r;
}

double
eval_round(double x, TypeId t)
{
    switch (t) {
    case TY_F16:
        return round_format(x, 10, -14, 15);
    case TY_BF16:
        return round_format(x, 7, -126, 127);
    case TY_TF32:
        return round_format(x, 10, -126, 127);
    case TY_F32:
        return (double)(float)x; /* C's conversion rounds to nearest even */
    case TY_F8E4M3FN: {          /* no infinities: past 448 (S.1111.110) is NaN */
        double r = round_format(x, 3, -6, 8);
        return fabs(r) > 448 ? NAN : r;
    }
    case TY_F8E5M2:
        return round_format(x, 2, -14, 15);
    case TY_F8E4M3FNUZ:
    case TY_F8E5M2FNUZ:
        return ir_float_round(x, t);
    default:
        return x;
    }
}

/*  f8E4M3FN:  s eeee mmm   value = (-1)^s 2^(e-7) 1.m, e = 0: 2^-6 0.m; s 1111 111 is NaN
 *  f8E5M2:    s eeeee mm   value = (-1)^s 2^(e-15) 1.m, e = 0: 2^-14 0.m; e = 31: inf/NaN */
static uint8_t
fp8_bits(double x, TypeId t)
{
    bool e4 = t == TY_F8E4M3FN;
    int mb = e4 ? 3 : 2, bias = e4 ? 7 : 15;
    x = eval_round(x, t);
    uint8_t sign = signbit(x) ? 0x80 : 0;
    if (isnan(x))
        return (uint8_t)(sign | 0x7f); /* e4m3: the NaN; e5m2: a NaN (exponent 31, m != 0) */
    if (isinf(x))
        return (uint8_t)(sign | 0x7c);
    double a = fabs(x);
    if (a < ldexp(1.0, 1 - bias)) /* subnormal or zero: m = a / 2^(1 - bias - mb) */
        return (uint8_t)(sign | (unsigned)(a / ldexp(1.0, 1 - bias - mb)));
    int e = ilogb(a);
    unsigned m = (unsigned)(a / ldexp(1.0, e - mb)) - (1u << mb);
    return (uint8_t)(sign | (unsigned)(e + bias) << mb | m);
}

static double
fp8_value(uint8_t b, TypeId t)
{
    bool e4 = t == TY_F8E4M3FN;
    int mb = e4 ? 3 : 2, bias = e4 ? 7 : 15;
    int e = (b & 0x7f) >> mb, m = b & ((1 << mb) - 1);
    double v;
    if (e4 && (b & 0x7f) == 0x7f)
        v = NAN;
    else if (!e4 && e == 31)
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp(m, 1 - bias - mb);
    else
        v = ldexp(m + (1 << mb), e - bias - mb);
    return b & 0x80 ? -v : v;
}

/*  binary16:  s eeeee mmmmmmmmmm     value = (-1)^s 2^(e-15) 1.m, e = 0: 2^-14 0.m */
uint16_t
eval_f16_bits(double x)
{
    x = eval_round(x, TY_F16);
    uint16_t s = signbit(x) ? 0x8000 : 0;
    if (isnan(x))
        return s | 0x7e00;
    if (isinf(x))
        return s | 0x7c00;
    double a = fabs(x);
    if (a == 0)
        return s;
    int e = ilogb(a);
    if (e < -14)
        return s | (uint16_t)ldexp(a, 24); /* subnormal: a = m * 2^-24 */
    uint16_t mant = (uint16_t)(ldexp(a, 10 - e) - 1024);
    return s | (uint16_t)((e + 15) << 10) | mant;
}

double
eval_f16_value(uint16_t b)
{
    int e = (b >> 10) & 31, mant = b & 1023;
    double v;
    if (e == 0)
        v = ldexp(mant, -24);
    else if (e == 31)
        v = mant ? NAN : INFINITY;
    else
        v = ldexp(mant + 1024, e - 25);
    return (b & 0x8000) ? -v : v;
}

/*  bfloat16 is the top half of binary32:  s eeeeeeee mmmmmmm */
uint16_t
eval_bf16_bits(double x)
{
    x = eval_round(x, TY_BF16);
    if (isnan(x))
        return signbit(x) ? 0xffc0 : 0x7fc0;
    float f = (float)x; /* exact: x is a bf16 value */
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return (uint16_t)(u >> 16);
}

double
eval_bf16_value(uint16_t b)
{
    uint32_t u = (uint32_t)b << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* --------------------------------------------------------------- integers */

static uint64_t
width_mask(unsigned w)
{
    return w >= 64 ? ~0ull : (1ull << w) - 1;
}

int64_t
eval_norm_int(int64_t v, TypeId t)
{
    unsigned w = type_bitwidth(t);
    if (w >= 64 || w == 0)
        return v;
    uint64_t u = (uint64_t)v & width_mask(w);
    if (u >> (w - 1) & 1)
        u |= ~width_mask(w);
    return (int64_t)u;
}

uint64_t
eval_zext(int64_t v, TypeId t)
{
    return (uint64_t)v & width_mask(type_bitwidth(t));
}

uint64_t
eval_to_bits(Scalar x, TypeId t)
{
    switch (t) {
    case TY_F16:
        return eval_f16_bits(x.f);
    case TY_BF16:
        return eval_bf16_bits(x.f);
    case TY_F32:
    case TY_TF32: {
        float f = (float)x.f;
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        return u;
    }
    case TY_F64: {
        uint64_t u;
        memcpy(&u, &x.f, sizeof u);
        return u;
    }
    case TY_F8E4M3FN:
    case TY_F8E5M2:
        return fp8_bits(x.f, t);
    case TY_F8E4M3FNUZ:
    case TY_F8E5M2FNUZ:
        return ir_float_to_bits(x.f, t);
    default:
        return eval_zext(x.i, t);
    }
}

Scalar
eval_from_bits(uint64_t bits, TypeId t)
{
    Scalar r;
    switch (t) {
    case TY_F16:
        r.f = eval_f16_value((uint16_t)bits);
        break;
    case TY_BF16:
        r.f = eval_bf16_value((uint16_t)bits);
        break;
    case TY_F32:
    case TY_TF32: {
        uint32_t u = (uint32_t)bits;
        float f;
        memcpy(&f, &u, sizeof f);
        r.f = eval_round(f, t);
        break;
    }
    case TY_F64:
        memcpy(&r.f, &bits, sizeof r.f);
        break;
    case TY_F8E4M3FN:
    case TY_F8E5M2:
        r.f = fp8_value((uint8_t)bits, t);
        break;
    case TY_F8E4M3FNUZ:
    case TY_F8E5M2FNUZ:
        r.f = ir_float_from_bits(bits & 0xff, t);
        break;
    default:
        r.i = eval_norm_int((int64_t)bits, t);
    }
    return r;
}

/* ------------------------------------------------------- float arithmetic */

/* Binary float op k (ADDF SUBF MULF DIVF REMF POWF) in type t, rounded. */
static double
float_binary(OpKind k, TypeId t, double x, double y)
{
    if (t == TY_F64) {
        switch (k) {
        case OP_ADDF:
            return x + y;
        case OP_SUBF:
            return x - y;
        case OP_MULF:
            return x * y;
        case OP_DIVF:
            return x / y;
        case OP_REMF:
            return fmod(x, y);
        case OP_POWF:
            return pow(x, y);
        default:
            UNREACHABLE();
        }
    }
    float a = (float)x, b = (float)y, r;
    switch (k) {
    case OP_ADDF:
        r = a + b;
        break;
    case OP_SUBF:
        r = a - b;
        break;
    case OP_MULF:
        r = a * b;
        break;
    case OP_DIVF:
        r = a / b;
        break;
    case OP_REMF:
        r = fmodf(a, b);
        break;
    case OP_POWF:
        r = powf(a, b);
        break;
    default:
        UNREACHABLE();
    }
    return eval_round(r, t);
}

/* Unary math op k in type t: libm in double for f64, in float otherwise. */
static double
float_unary(OpKind k, TypeId t, double x)
{
    if (t == TY_F64) {
        switch (k) {
        case OP_EXP:
            return exp(x);
        case OP_EXP2:
            return exp2(x);
        case OP_LOG:
            return log(x);
        case OP_LOG2:
            return log2(x);
        case OP_SQRT:
            return sqrt(x);
        case OP_RSQRT:
            return 1.0 / sqrt(x);
        case OP_TANH:
            return tanh(x);
        case OP_SIN:
            return sin(x);
        case OP_COS:
            return cos(x);
        case OP_ERF:
            return erf(x);
        default:
            UNREACHABLE();
        }
    }
    float a = (float)x, r;
    switch (k) {
    case OP_EXP:
        r = expf(a);
        break;
    case OP_EXP2:
        r = exp2f(a);
        break;
    case OP_LOG:
        r = logf(a);
        break;
    case OP_LOG2:
        r = log2f(a);
        break;
    case OP_SQRT:
        r = sqrtf(a);
        break;
    case OP_RSQRT:
        r = 1.0f / sqrtf(a);
        break;
    case OP_TANH:
        r = tanhf(a);
        break;
    case OP_SIN:
        r = sinf(a);
        break;
    case OP_COS:
        r = cosf(a);
        break;
    case OP_ERF:
        r = erff(a);
        break;
    default:
        UNREACHABLE();
    }
    return eval_round(r, t);
}

static double
float_fma(TypeId t, double a, double b, double c)
{
    if (t == TY_F64)
        return fma(a, b, c);
    return eval_round(fmaf((float)a, (float)b, (float)c), t);
}

/* maximumf / minimumf: NaN wins; -0 < +0.  maxnumf / minnumf: a NaN operand
 * is ignored (IEEE 754-2019 maximumNumber / minimumNumber). */
static double
float_max(double a, double b, bool propagate_nan)
{
    if (isnan(a) || isnan(b)) {
        if (propagate_nan || (isnan(a) && isnan(b)))
            return NAN;
        return isnan(a) ? b : a;
    }
    if (a == 0 && b == 0)
        return signbit(a) ? b : a;
    return a > b ? a : b;
}

static double
float_min(double a, double b, bool propagate_nan)
{
    if (isnan(a) || isnan(b)) {
        if (propagate_nan || (isnan(a) && isnan(b)))
            return NAN;
        return isnan(a) ? b : a;
    }
    if (a == 0 && b == 0)
        return signbit(a) ? a : b;
    return a < b ? a : b;
}

static bool
compare_float(int64_t pred, double a, double b)
{
    bool unordered = isnan(a) || isnan(b);
    switch (pred) {
    case CMPF_FALSE:
        return false;
    case CMPF_OEQ:
        return !unordered && a == b;
    case CMPF_OGT:
        return !unordered && a > b;
    case CMPF_OGE:
        return !unordered && a >= b;
    case CMPF_OLT:
        return !unordered && a < b;
    case CMPF_OLE:
        return !unordered && a <= b;
    case CMPF_ONE:
        return !unordered && a != b;
    case CMPF_ORD:
        return !unordered;
    case CMPF_UEQ:
        return unordered || a == b;
    case CMPF_UGT:
        return unordered || a > b;
    case CMPF_UGE:
        return unordered || a >= b;
    case CMPF_ULT:
        return unordered || a < b;
    case CMPF_ULE:
        return unordered || a <= b;
    case CMPF_UNE:
        return unordered || a != b;
    case CMPF_UNO:
        return unordered;
    case CMPF_TRUE:
        return true;
    default:
        return false;
    }
}

static bool
compare_int(int64_t pred, int64_t a, int64_t b, TypeId t)
{
    uint64_t ua = eval_zext(a, t), ub = eval_zext(b, t);
    switch (pred) {
    case CMPI_EQ:
        return a == b;
    case CMPI_NE:
        return a != b;
    case CMPI_SLT:
        return a < b;
    case CMPI_SLE:
        return a <= b;
    case CMPI_SGT:
        return a > b;
    case CMPI_SGE:
        return a >= b;
    case CMPI_ULT:
        return ua < ub;
    case CMPI_ULE:
        return ua <= ub;
    case CMPI_UGT:
        return ua > ub;
    case CMPI_UGE:
        return ua >= ub;
    default:
        return false;
    }
}

/* ----------------------------------------------------- integer arithmetic */

/* Binary integer op k in type t on sign-extended operands.  Division by
 * zero is a fault (*err); signed overflow of a division wraps.  Shifts by
 * the width or more give 0 (or the sign, for shrsi), as PTX's clamped
 * shifts do. */
static bool
int_binary(OpKind k, TypeId t, int64_t a, int64_t b, int64_t *r, const char **err)
{
    uint64_t ua = eval_zext(a, t), ub = eval_zext(b, t);
    unsigned w = type_bitwidth(t);
    bool is_div = k == OP_DIVSI || k == OP_DIVUI || k == OP_CEILDIVSI || k == OP_CEILDIVUI ||
                  k == OP_FLOORDIVSI || k == OP_REMSI || k == OP_REMUI;
    if (is_div && b == 0) {
        *err = "division by zero";
        return false;
    }
    bool overflow = a == INT64_MIN && b == -1; /* only reachable for 64-bit types */
    int64_t v;
    switch (k) {
    case OP_ADDI:
        v = (int64_t)((uint64_t)a + (uint64_t)b);
        break;
    case OP_SUBI:
        v = (int64_t)((uint64_t)a - (uint64_t)b);
        break;
    case OP_MULI:
        v = (int64_t)((uint64_t)a * (uint64_t)b);
        break;
    case OP_DIVSI:
        v = overflow ? a : a / b;
        break;
    case OP_DIVUI:
        v = (int64_t)(ua / ub);
        break;
    case OP_CEILDIVSI:
        v = overflow ? a : a / b + (a % b != 0 && (a > 0) == (b > 0));
        break;
    case OP_CEILDIVUI:
        v = (int64_t)(ua / ub + (ua % ub != 0));
        break;
    case OP_FLOORDIVSI:
        v = overflow ? a : a / b - (a % b != 0 && (a < 0) != (b < 0));
        break;
    case OP_REMSI:
        v = overflow ? 0 : a % b;
        break;
    case OP_REMUI:
        v = (int64_t)(ua % ub);
        break;
    case OP_MAXSI:
        v = a > b ? a : b;
        break;
    case OP_MINSI:
        v = a < b ? a : b;
        break;
    case OP_MAXUI:
        v = ua > ub ? a : b;
        break;
    case OP_MINUI:
        v = ua < ub ? a : b;
        break;
    case OP_ANDI:
        v = a & b;
        break;
    case OP_ORI:
        v = a | b;
        break;
    case OP_XORI:
        v = a ^ b;
        break;
    case OP_SHLI:
        v = ub >= w ? 0 : (int64_t)(ua << ub);
        break;
    case OP_SHRUI:
        v = ub >= w ? 0 : (int64_t)(ua >> ub);
        break;
    case OP_SHRSI:
        if (ub >= w)
            v = a < 0 ? -1 : 0;
        else
            v = a < 0 ? ~(~a >> ub) : a >> ub;
        break;
    default:
        UNREACHABLE();
    }
    *r = eval_norm_int(v, t);
    return true;
}

/* float -> integer of type t, rounding toward zero and saturating; NaN -> 0
 * (MLIR leaves these poison; this is what PTX's cvt.rzi does). */
static int64_t
float_to_int(double x, TypeId t, bool is_unsigned)
{
    unsigned w = type_bitwidth(t);
    if (isnan(x))
        return 0;
    x = trunc(x);
    if (is_unsigned) {
        double hi = ldexp(1.0, (int)w); /* exclusive */
        if (x <= 0)
            return 0;
        if (x >= hi)
            return eval_norm_int((int64_t)width_mask(w), t);
        return eval_norm_int((int64_t)(uint64_t)x, t);
    }
    double hi = ldexp(1.0, (int)w - 1);
    if (x >= hi)
        return (int64_t)(width_mask(w) >> 1);
    if (x < -hi)
        return w >= 64 ? INT64_MIN : -(int64_t)(1ull << (w - 1));
    return (int64_t)x;
}

static double
int_to_float(uint64_t u, bool is_signed, TypeId t)
{
    if (t == TY_F32)
        return is_signed ? (double)(float)(int64_t)u : (double)(float)u;
    double d = is_signed ? (double)(int64_t)u : (double)u;
    return eval_round(d, t);
}

/* ----------------------------------------------------------- elementwise */

bool
eval_is_elementwise(OpKind k)
{
    return (op_info[k].traits & T_ELEMWISE) != 0;
}

bool
eval_elementwise(OpKind k, TypeId rt, const TypeId *in, const Scalar *a, Scalar *r, int64_t pred,
                 const char **err)
{
    TypeId t = in[0];
    switch (k) {
    case OP_ADDI:
    case OP_SUBI:
    case OP_MULI:
    case OP_DIVSI:
    case OP_DIVUI:
    case OP_CEILDIVSI:
    case OP_CEILDIVUI:
    case OP_FLOORDIVSI:
    case OP_REMSI:
    case OP_REMUI:
    case OP_MAXSI:
    case OP_MAXUI:
    case OP_MINSI:
    case OP_MINUI:
    case OP_ANDI:
    case OP_ORI:
    case OP_XORI:
    case OP_SHLI:
    case OP_SHRSI:
    case OP_SHRUI:
        return int_binary(k, t, a[0].i, a[1].i, &r->i, err);
    case OP_ADDF:
    case OP_SUBF:
    case OP_MULF:
    case OP_DIVF:
    case OP_REMF:
    case OP_POWF:
        r->f = float_binary(k, rt, a[0].f, a[1].f);
        return true;
    case OP_NEGF:
        r->f = -a[0].f;
        return true;
    case OP_ABSF:
        r->f = fabs(a[0].f);
        return true;
    case OP_MAXIMUMF:
        r->f = float_max(a[0].f, a[1].f, true);
        return true;
    case OP_MINIMUMF:
        r->f = float_min(a[0].f, a[1].f, true);
        return true;
    case OP_MAXNUMF:
        r->f = float_max(a[0].f, a[1].f, false);
        return true;
    case OP_MINNUMF:
        r->f = float_min(a[0].f, a[1].f, false);
        return true;
    case OP_EXP:
    case OP_EXP2:
    case OP_LOG:
    case OP_LOG2:
    case OP_SQRT:
    case OP_RSQRT:
    case OP_TANH:
    case OP_SIN:
    case OP_COS:
    case OP_ERF:
        r->f = float_unary(k, rt, a[0].f);
        return true;
    case OP_FMA:
    case OP_VFMA:
        r->f = float_fma(rt, a[0].f, a[1].f, a[2].f);
        return true;
    case OP_CMPI:
        r->i = compare_int(pred, a[0].i, a[1].i, t) ? -1 : 0;
        return true;
    case OP_CMPF:
        r->i = compare_float(pred, a[0].f, a[1].f) ? -1 : 0;
        return true;
    case OP_SELECT:
        *r = a[0].i ? a[1] : a[2];
        return true;
    case OP_EXTF:
    case OP_TRUNCF:
        r->f = eval_round(a[0].f, rt);
        return true;
    case OP_EXTSI:
    case OP_TRUNCI:
    case OP_INDEX_CAST:
        r->i = eval_norm_int(a[0].i, rt);
        return true;
    case OP_EXTUI:
        r->i = eval_norm_int((int64_t)eval_zext(a[0].i, t), rt);
        return true;
    case OP_INDEX_CASTUI:
        r->i = eval_norm_int(
            type_bitwidth(rt) > type_bitwidth(t) ? (int64_t)eval_zext(a[0].i, t) : a[0].i, rt);
        return true;
    case OP_SITOFP:
        r->f = int_to_float((uint64_t)a[0].i, true, rt);
        return true;
    case OP_UITOFP:
        r->f = int_to_float(eval_zext(a[0].i, t), false, rt);
        return true;
    case OP_FPTOSI:
        r->i = float_to_int(a[0].f, rt, false);
        return true;
    case OP_FPTOUI:
        r->i = float_to_int(a[0].f, rt, true);
        return true;
    case OP_BITCAST:
        *r = eval_from_bits(eval_to_bits(a[0], t), rt);
        return true;
    default:
        *err = "is not an elementwise op eval knows";
        return false;
    }
}

/* ------------------------------------------------------- combining kinds */

Scalar
eval_combine(int kind, TypeId t, Scalar acc, Scalar x)
{
    Scalar r;
    const char *err = NULL;
    static const OpKind int_op[KIND_COUNT] = {
        [KIND_ADD] = OP_ADDI,    [KIND_MUL] = OP_MULI,    [KIND_MINUI] = OP_MINUI,
        [KIND_MINSI] = OP_MINSI, [KIND_MAXUI] = OP_MAXUI, [KIND_MAXSI] = OP_MAXSI,
        [KIND_AND] = OP_ANDI,    [KIND_OR] = OP_ORI,      [KIND_XOR] = OP_XORI,
    };
    if (type_is_float(t)) {
        switch (kind) {
        case KIND_ADD:
            r.f = float_binary(OP_ADDF, t, acc.f, x.f);
            break;
        case KIND_MUL:
            r.f = float_binary(OP_MULF, t, acc.f, x.f);
            break;
        case KIND_MAXNUMF:
            r.f = float_max(acc.f, x.f, false);
            break;
        case KIND_MINNUMF:
            r.f = float_min(acc.f, x.f, false);
            break;
        case KIND_MAXIMUMF:
            r.f = float_max(acc.f, x.f, true);
            break;
        case KIND_MINIMUMF:
            r.f = float_min(acc.f, x.f, true);
            break;
        default:
            r.f = NAN; /* the caller rejects integer kinds on floats */
        }
        return r;
    }
    if (kind < 0 || kind >= KIND_COUNT || !int_op[kind]) {
        r.i = 0;
        return r;
    }
    int_binary(int_op[kind], t, acc.i, x.i, &r.i, &err);
    return r;
}

Scalar
eval_mul(TypeId t, Scalar a, Scalar b)
{
    Scalar r;
    const char *err = NULL;
    if (type_is_float(t))
        r.f = float_binary(OP_MULF, t, a.f, b.f);
    else
        int_binary(OP_MULI, t, a.i, b.i, &r.i, &err);
    return r;
}

Scalar
eval_widen(Scalar x, TypeId from, TypeId to)
{
    Scalar r;
    if (type_is_float(from) && type_is_float(to))
        r.f = eval_round(x.f, to);
    else if (type_is_float(to))
        r.f = int_to_float((uint64_t)x.i, true, to);
    else if (type_is_float(from))
        r.i = float_to_int(x.f, to, false);
    else
        r.i = eval_norm_int(x.i, to);
    return r;
}
