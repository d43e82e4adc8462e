/*
 * isel_arith.c -- instruction selection for arith.*: constants, integer and float
 * arithmetic (f16/bf16 included), compares, select and conversions.
 *
 * Every op here is elementwise.  elementwise() applies the scalar lowering to each
 * element of a vector operand, or to each packed .b32 slot at once when ptx.def has
 * an f16x2/bf16x2 form of the op.  Scalar lowering prefers the ptx.def template for
 * the operand family; f16/bf16 ops without one are computed in f32 and rounded back
 * (exact for add/sub/mul/div: f32 has more than twice the significand bits).
 *
 * index values: 32-bit registers when the range analysis (regs.c) proves the result
 * fits in [0, 2^31); ops whose low 32 result bits depend only on the low 32 operand
 * bits (add, sub, mul, and, or, xor, shl) are then done in 32 bits even when an
 * operand is 64-bit.
 *
 * Requires:    ptxgen.c's Emit for the kernel being emitted: the op is verified
 *              SIMT-level IR, its operands already have their Reps (ops are visited
 *              in program order), and the range analysis (regs.c) has run.
 * Ensures:     the op's PTX is appended to the kernel's instruction stream and each
 *              result has a Rep; registers are numbered per class in definition
 *              order (the same input gives the same text); an op or type the target
 *              lacks is a located error (false), never invalid PTX.
 * Invalidates: nothing (the IR is only read).
 */
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

int64_t
attr_int_or(const Attr *a, int64_t dflt)
{
    if (a && a->kind == ATTR_INT)
        return a->i;
    if (a && a->kind == ATTR_BOOL)
        return a->b;
    return dflt;
}

const char *
attr_enum_value(const Attr *a)
{
    if (a && (a->kind == ATTR_ENUM || a->kind == ATTR_STRING))
        return a->str;
    return NULL;
}

int64_t
pow2_align(int64_t align, int64_t off)
{
    if (off == 0)
        return align;
    /* the lowest set bit, unsigned: off = INT64_MIN (an offset that wrapped) gives 2^63,
     * which the old signed negation overflowed (fuzz_shapes) */
    uint64_t low = (uint64_t)off & -(uint64_t)off;
    return align > 0 && low < (uint64_t)align ? (int64_t)low : align;
}

const char *
ftype(TypeId t)
{
    return t == TY_F64 ? "f64" : t == TY_F16 ? "f16" : t == TY_BF16 ? "bf16" : "f32";
}

/* ---- float constants ---- */

static uint32_t
f32_bits(double v)
{
    float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint16_t
f16_bits(double v)
{
    uint32_t x = f32_bits(v);
    uint32_t sign = (x >> 16) & 0x8000, exp = (x >> 23) & 0xff, man = x & 0x7fffff;
    if (exp == 0xff)
        return (uint16_t)(sign | 0x7c00 | (man ? 0x200 : 0));
    int e = (int)exp - 127 + 15;
    if (e >= 31)
        return (uint16_t)(sign | 0x7c00);
    if (e <= 0) { /* subnormal: shift the implicit bit in and round to nearest even */
        if (e < -10)
            return (uint16_t)sign;
        man |= 0x800000;
        int shift = 14 - e;
        uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (h & 1)))
            h++;
        return (uint16_t)(sign | h);
    }
    uint32_t h = (uint32_t)e << 10 | man >> 13, rem = man & 0x1fff;
    if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
        h++; /* may carry into the exponent: still right (up to inf) */
    return (uint16_t)(sign | h);
}

static uint16_t
bf16_bits(double v)
{
    uint32_t x = f32_bits(v);
    if ((x & 0x7fffffff) > 0x7f800000)
        return (uint16_t)((x >> 16) | 0x40);
    x += 0x7fff + ((x >> 16) & 1);
    return (uint16_t)(x >> 16);
}

static Slot
const_slot(TypeId t, int64_t i, double f, bool is_float, bool narrow)
{
    switch (t) {
    case TY_F32:
    case TY_TF32:
        return imm_slot(RC_F32, f32_bits(is_float ? f : (double)i));
    case TY_F64: {
        double d = is_float ? f : (double)i;
        uint64_t u;
        memcpy(&u, &d, 8);
        return imm_slot(RC_F64, u);
    }
    case TY_F16:
        return imm_slot(RC_B16, f16_bits(is_float ? f : (double)i));
    case TY_BF16:
        return imm_slot(RC_B16, bf16_bits(is_float ? f : (double)i));
    case TY_INDEX:
        return imm_slot(narrow ? RC_B32 : RC_B64, narrow ? (uint32_t)i : (uint64_t)i);
    default: {
        RegClass c = reg_class_of(t);
        unsigned w = cls_width(c);
        return imm_slot(c, w == 64 ? (uint64_t)i : (uint64_t)i & ((1ull << w) - 1));
    }
    }
}

Slot
elem_zero(TypeId t)
{
    return const_slot(t, 0, 0.0, false, false);
}

static bool
lower_constant(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    ValueId v = op->res[0];
    TypeId t = value_type(e->m, v);
    const Attr *a = op_attr(e->m, o, "value");
    if (!a)
        return fail_op(e, "without a value");
    if (type_is_scalar(t)) {
        bool isf = a->kind == ATTR_FLOAT;
        int64_t i = a->kind == ATTR_BOOL ? a->b : a->i;
        rep_scalar(e, v, const_slot(t, i, a->f, isf, is_narrow(e, v)));
        return true;
    }
    if (a->kind != ATTR_DENSE || !type_is_vector(e->m, t))
        return fail_op(e, "of this type/value cannot be lowered");
    TypeId el = type_element(e->m, t);
    int64_t n = type_num_elements(e->m, t);
    Slot elems[1024];
    if (n > 1024)
        return fail_op(e, "vector constant with more than 1024 elements per thread: the layout "
                          "leaves too much of it to one thread");
    for (int64_t k = 0; k < n; k++) {
        uint32_t src = a->splat ? 0 : (uint32_t)k;
        elems[k] = a->floats ? const_slot(el, 0, a->floats[src], true, false)
                             : const_slot(el, a->ints ? a->ints[src] : 0, 0, false, false);
    }
    uint8_t per = pack_factor(e->m, t);
    Rep *r = rep_new(e, v, (uint32_t)(n / per), per, el);
    pack_elems(e, r, elems, (uint32_t)n);
    return true;
}

/* ---- packing ---- */

void
unpack_all(Emit *e, Rep *r, Slot *out)
{
    for (uint32_t k = 0; k < r->n; k++) {
        Slot s = r->slots[k];
        if (r->per == 1) {
            out[k] = s;
        } else if (r->per == 8) { /* packed i4: each in the low nibble of a b32 */
            for (uint32_t j = 0; j < 8; j++) {
                out[8 * k + j] = imm_slot(RC_B32, (s.bits >> (4 * j)) & 15);
                if (s.is_imm)
                    continue;
                out[8 * k + j] = new_reg(e, RC_B32);
                ins(e, "bfe.u32 %s, %s, %u, 4;", S(e, out[8 * k + j]), S(e, s), 4 * j);
            }
        } else if (s.is_imm) {
            for (uint32_t j = 0; j < r->per; j++)
                out[k * r->per + j] =
                    imm_slot(RC_B16, (s.bits >> (j * 32 / r->per)) & ((1u << (32 / r->per)) - 1));
        } else if (r->per == 2) {
            halves_split(e, s, &out[2 * k], &out[2 * k + 1]);
        } else {
            for (uint32_t j = 0; j < 4; j++) {
                Slot t = new_reg(e, RC_B32), b = new_reg(e, RC_B16);
                ins(e, "bfe.u32 %s, %s, %u, 8;", S(e, t), S(e, s), 8 * j);
                ins(e, "cvt.u16.u32 %s, %s;", S(e, b), S(e, t));
                out[4 * k + j] = b;
            }
        }
    }
}

Slot
unpack_elem(Emit *e, Rep *r, uint32_t i)
{
    if (r->per == 1)
        return r->slots[i];
    Slot all[4];
    Rep one = *r;
    one.n = 1;
    one.slots = &r->slots[i / r->per];
    unpack_all(e, &one, all);
    return all[i % r->per];
}

static Slot
pack_slot(Emit *e, const Slot *el, uint8_t per)
{
    Slot d0;
    bool all_imm = true;
    for (uint32_t j = 0; j < per; j++)
        all_imm = all_imm && el[j].is_imm;
    if (all_imm) {
        uint64_t bits = 0;
        for (uint32_t j = 0; j < per; j++)
            bits |= (el[j].bits & ((1u << (32 / per)) - 1)) << (j * 32 / per);
        return imm_slot(RC_B32, bits);
    }
    if (per == 8) { /* packed i4: the low nibble of each */
        Slot d = imm_slot(RC_B32, 0);
        for (uint32_t j = 0; j < 8; j++) {
            Slot x = as_reg(e, to_cls(e, el[j], RC_B32, false)), n = new_reg(e, RC_B32);
            ins(e, "bfi.b32 %s, %s, %s, %u, 4;", S(e, n), S(e, x), S(e, d), 4 * j);
            d = n;
        }
        return d;
    }
    if (per == 2 && halves_joined(e, el[0], el[1], &d0))
        return d0;
    if (per == 2)
        return halves_pack(e, el[0], el[1]);
    Slot d = new_reg(e, RC_B32);
    ins(e, "cvt.u32.u16 %s, %s;", S(e, d), S(e, as_reg(e, el[0])));
    for (uint32_t j = 1; j < 4; j++) {
        Slot w = new_reg(e, RC_B32), n = new_reg(e, RC_B32);
        ins(e, "cvt.u32.u16 %s, %s;", S(e, w), S(e, as_reg(e, el[j])));
        ins(e, "bfi.b32 %s, %s, %s, %u, 8;", S(e, n), S(e, w), S(e, d), 8 * j);
        d = n;
    }
    return d;
}

void
pack_elems(Emit *e, Rep *dst, const Slot *elems, uint32_t n)
{
    for (uint32_t k = 0; k < n / dst->per; k++)
        dst->slots[k] = dst->per == 1 ? elems[k] : pack_slot(e, elems + k * dst->per, dst->per);
}

/* ---- integer width handling ---- */

Slot
widen(Emit *e, Slot s)
{
    if (s.cls == RC_B64)
        return s;
    return to_cls(e, s, RC_B64, false);
}

Slot
narrow32(Emit *e, Slot s)
{
    if (s.cls == RC_B32)
        return s;
    if (s.is_imm)
        return imm_slot(RC_B32, (uint32_t)s.bits);
    Slot d = new_reg(e, RC_B32);
    ins(e, "cvt.u32.u64 %s, %s;", S(e, d), S(e, s));
    return d;
}

Slot
index_slot(Emit *e, ValueId v, bool want_narrow)
{
    Slot s = scalar_of(e, v);
    return want_narrow ? narrow32(e, s) : widen(e, s);
}

static bool
low_bits_op(OpKind k)
{
    return k == OP_ADDI || k == OP_SUBI || k == OP_MULI || k == OP_ANDI || k == OP_ORI ||
           k == OP_XORI || k == OP_SHLI;
}

static Family
family_of(TypeId t, OpKind k)
{
    if (t == TY_I1)
        return FAM_PRED;
    if (t == TY_F16)
        return FAM_HALF;
    if (t == TY_BF16)
        return FAM_BF16;
    if (type_is_float(t))
        return FAM_FLOAT;
    const char *tpl;
    return tpl_find(k, FAM_INT, 1000, &tpl) ? FAM_INT : FAM_UINT;
}

static const char *
type_suffix(Family f, RegClass c, bool packed, TypeId t)
{
    /* "s" or "u" and cls_width(c) */
    static const char *const signed_name[RC_COUNT] = {
        [RC_PRED] = "s1", [RC_B16] = "s16", [RC_B32] = "s32",
        [RC_B64] = "s64", [RC_F32] = "s32", [RC_F64] = "s64"
    };
    static const char *const unsigned_name[RC_COUNT] = {
        [RC_PRED] = "u1", [RC_B16] = "u16", [RC_B32] = "u32",
        [RC_B64] = "u64", [RC_F32] = "u32", [RC_F64] = "u64"
    };
    switch (f) {
    case FAM_PRED:
        return "pred";
    case FAM_INT:
        return signed_name[c];
    case FAM_UINT:
        return unsigned_name[c];
    case FAM_HALF:
        return packed ? "f16x2" : "f16";
    case FAM_BF16:
        return packed ? "bf16x2" : "bf16";
    case FAM_FLOAT:
        return ftype(t);
    }
    return "?";
}

/* i8 lives in .b16 registers: ops that read the high bits get a normalised copy. */
static Slot
norm_i8(Emit *e, Slot s, bool sign)
{
    if (s.is_imm) /* an i8 constant may hold only its low byte: extend it too */
        return imm_slot(s.cls, sign ? (uint64_t)(uint16_t)(int8_t)(s.bits & 255) : s.bits & 255);
    Slot d = new_reg(e, RC_B16);
    if (sign)
        ins(e, "cvt.s16.s8 %s, %s;", S(e, d), S(e, s));
    else
        ins(e, "and.b16 %s, %s, 255;", S(e, d), S(e, s));
    return d;
}

static bool
reads_high_bits(OpKind k)
{
    return !low_bits_op(k);
}

/* ceildiv / floordiv: q = a / b, then adjust by one when the remainder is not 0 */
static Slot
lower_rounding_div(Emit *e, OpKind k, Slot a, Slot b, RegClass c)
{
    unsigned w = cls_width(c);
    bool sign = k != OP_CEILDIVUI;
    Slot q = new_reg(e, c), r = new_reg(e, c), p = new_reg(e, RC_PRED), d = new_reg(e, c);
    ins(e, "div.%c%u %s, %s, %s;", sign ? 's' : 'u', w, S(e, q), S(e, a), S(e, b));
    ins(e, "rem.%c%u %s, %s, %s;", sign ? 's' : 'u', w, S(e, r), S(e, a), S(e, b));
    if (k == OP_CEILDIVUI) {
        ins(e, "setp.ne.u%u %s, %s, 0;", w, S(e, p), S(e, r));
    } else {
        Slot x = new_reg(e, c), p2 = new_reg(e, RC_PRED);
        ins(e, "xor.b%u %s, %s, %s;", w, S(e, x), S(e, r), S(e, b));
        ins(e, "setp.ne.s%u %s, %s, 0;", w, S(e, p), S(e, r));
        ins(e, "setp.%s.s%u %s, %s, 0;", k == OP_CEILDIVSI ? "ge" : "lt", w, S(e, p2), S(e, x));
        ins(e, "and.pred %s, %s, %s;", S(e, p), S(e, p), S(e, p2));
    }
    Slot adj = new_reg(e, c);
    ins(e, "selp.s%u %s, %d, 0, %s;", w, S(e, adj), k == OP_FLOORDIVSI ? -1 : 1, S(e, p));
    ins(e, "add.s%u %s, %s, %s;", w, S(e, d), S(e, q), S(e, adj));
    return d;
}

/* Unsigned division / remainder by a power of two as a shift / a mask.  ptxas keeps
 * div.u32 and rem.u32 by a constant as multiply-high sequences: on K2 (tests/bench/
 * kernels) the four index div/rem by 4 and 16 cost 32 of its 72 SASS instructions. */
bool
pow2_divide(Emit *e, OpKind k, RegClass c, Slot a, Slot b, Slot d)
{
    if (!b.is_imm || a.is_imm || c == RC_PRED)
        return false;
    unsigned w = cls_width(c);
    uint64_t v = w == 64 ? b.bits : b.bits & ((UINT64_C(1) << w) - 1);
    if (v == 0 || (v & (v - 1)) != 0)
        return false;
    unsigned sh = 0;
    while ((v >> sh) != 1)
        sh++;
    if (k == OP_DIVUI)
        ins(e, "shr.u%u %s, %s, %u;", w, S(e, d), S(e, a), sh);
    else if (w == 64)
        ins(e, "and.b64 %s, %s, %" PRIu64 ";", S(e, d), S(e, a), v - 1);
    else
        ins(e, "and.b%u %s, %s, %" PRIu64 ";", w, S(e, d), S(e, a), v - 1);
    return true;
}

/* Integer binary op on scalars; `res` is the IR result (for the narrow decision). */
static Slot
lower_int_binary(Emit *e, OpKind k, TypeId t, ValueId res, Slot a, Slot b)
{
    RegClass c = reg_class_of(t);
    if (t == TY_INDEX) {
        bool narrow = res && is_narrow(e, res);
        bool both32 = a.cls == RC_B32 && b.cls == RC_B32;
        if (narrow && (both32 || low_bits_op(k) ||
                       ((k == OP_REMUI) && b.is_imm && (b.bits & (b.bits - 1)) == 0))) {
            c = RC_B32;
        } else if (!narrow && both32 && k == OP_MULI) {
            Slot d = new_reg(e, RC_B64);
            ins(e, "mul.wide.u32 %s, %s, %s;", S(e, d), S(e, as_reg(e, a)), S(e, b));
            return d;
        }
        a = c == RC_B32 ? narrow32(e, a) : widen(e, a);
        b = c == RC_B32 ? narrow32(e, b) : widen(e, b);
    }
    if (t == TY_I8 && reads_high_bits(k)) {
        bool sign = k == OP_DIVSI || k == OP_REMSI || k == OP_MAXSI || k == OP_MINSI ||
                    k == OP_SHRSI || k == OP_CEILDIVSI || k == OP_FLOORDIVSI;
        a = norm_i8(e, a, sign);
        b = norm_i8(e, b, sign);
    }
    if (k == OP_SHLI || k == OP_SHRSI || k == OP_SHRUI)
        b = b.is_imm ? imm_slot(RC_B32, b.bits & 0xffffffff)
                     : (b.cls == RC_B64 ? narrow32(e, b) : to_cls(e, b, RC_B32, false));
    Slot d = new_reg(e, c);
    if (t == TY_INDEX && res && is_narrow(e, res) && c == RC_B64) {
        Slot w = lower_int_binary(e, k, TY_I64, 0, a, b);
        return narrow32(e, w);
    }
    if (k == OP_CEILDIVSI || k == OP_CEILDIVUI || k == OP_FLOORDIVSI)
        return c == RC_PRED ? a : lower_rounding_div(e, k, as_reg(e, a), b, c);
    if ((k == OP_DIVUI || k == OP_REMUI) && b.is_imm && c != RC_PRED && !a.is_imm)
        if (pow2_divide(e, k, c, a, b, d))
            return d;
    const char *tpl;
    Family f = family_of(t, k);
    if (!tpl_find(k, f, e->sm, &tpl)) {
        fail_op(e, "on %s has no PTX lowering", scalar_type_name(t));
        return d;
    }
    Slot ops[2] = { as_reg(e, a), f == FAM_PRED ? as_reg(e, b) : b };
    if (a.is_imm && b.is_imm && f != FAM_PRED) /* keep one register operand */
        ops[0] = as_reg(e, a);
    tpl_emit(e, tpl, type_suffix(f, c, false, t), d, ops, 2);
    return d;
}

/* ---- floats ---- */

static Slot float_unary_f32(Emit *e, OpKind k, const Slot *a, int na, TypeId t);

static Slot
cvt_to_f32(Emit *e, Slot s, TypeId from)
{
    Slot d = new_reg(e, RC_F32);
    ins(e, "cvt.f32.%s %s, %s;", ftype(from), S(e, d), S(e, as_reg(e, s)));
    if (from == TY_BF16)
        need_version(e, 78);
    return d;
}

static Slot
cvt_from_f32(Emit *e, Slot s, TypeId to)
{
    Slot d = new_reg(e, RC_B16);
    ins(e, "cvt.rn.%s.f32 %s, %s;", ftype(to), S(e, d), S(e, s));
    return d;
}

/* arith.maximumf / minimumf on f32 or f64: a NaN input gives NaN */
Slot
ptxgen_float_minmax_nan(Emit *e, OpKind k, TypeId t, Slot a, Slot b)
{
    RegClass c = reg_class_of(t);
    Slot d = new_reg(e, c);
    const char *mm = k == OP_MAXIMUMF ? "max" : "min";
    if (t == TY_F32) {
        ins(e, "%s.NaN.f32 %s, %s, %s;", mm, S(e, d), S(e, as_reg(e, a)), S(e, b));
        return d;
    }
    /* f64 has no .NaN form: max/min, then the canonical NaN if either input is NaN */
    Slot m = new_reg(e, c), p = new_reg(e, RC_PRED);
    ins(e, "%s.f64 %s, %s, %s;", mm, S(e, m), S(e, as_reg(e, a)), S(e, b));
    Slot ra = as_reg(e, a), rb = as_reg(e, b);
    ins(e, "setp.nan.f64 %s, %s, %s;", S(e, p), S(e, ra), S(e, rb));
    ins(e, "selp.f64 %s, 0d7FF8000000000000, %s, %s;", S(e, d), S(e, m), S(e, p));
    return d;
}

/*
 * a / b for f16 a, b given in f32 (exact), correctly rounded once cvt.rn.f16.f32 rounds
 * the result: the same bits as div.rn.f32, in 5 instructions (and one rcp per divisor,
 * shared by cleanup's CSE) instead of div.rn.f32's subroutine (about 13 SASS
 * instructions: on the seed-003 attention kernel, whose O / l divides 64 elements a
 * thread, 880 of its 2120).
 *
 *     r  = rcp.approx.ftz(b)       1/b (1 + d),  |d| <= 2^-23 (1 ulp, PTX ISA)
 *     q0 = a * r                   a/b (1 + h),  |h| <= 1.5 * 2^-23 + 2^-46
 *     e  = fma(-b, q0, a)          a - b q0, exact: a and b q0 are multiples of
 *                                  ulp(b) ulp(q0), and |e| < 2^-21 |a| leaves it at
 *                                  most 14 significant bits
 *     q1 = fma(e, r, q0)           RN(a/b + (e/b) d), the last term below 2^-45 a/b
 *
 * so q1 is a/b correctly rounded to f32 save for a perturbation far below half an ulp,
 * and exact when a/b is an f32 number.  Rounding q1 to f16 gives RN16(a/b) =
 * RN16(RN32(a/b)) (24 >= 2 * 11 + 2: double rounding is innocuous for division): an
 * f16 rounding boundary m (12 significant bits) that a/b does not equal lies at least
 * 2^-23 m from a/b (a - m b is a non-zero multiple of the coarser of the two grids),
 * farther than q1 is from a/b, so q1 falls on a/b's side of it.  f16 operands keep
 * every step normal in f32 (|a/b| in [2^-40, 2^40], |1/b| in [2^-16, 2^24]), so .ftz
 * loses nothing.  Zeros, infinities and NaN leave q0 not normal: q0 is then the answer
 * (its sign and class are those of a/b), and the correction, which would turn inf * 0
 * into NaN or lose the sign of a zero, is not taken.
 */
static Slot
f16_quotient(Emit *e, Slot a, Slot b)
{
    Slot r = new_reg(e, RC_F32), nb = new_reg(e, RC_F32), q0 = new_reg(e, RC_F32);
    Slot err = new_reg(e, RC_F32), q1 = new_reg(e, RC_F32), normal = new_reg(e, RC_PRED);
    Slot d = new_reg(e, RC_F32);
    a = as_reg(e, a);
    b = as_reg(e, b);
    ins(e, "rcp.approx.ftz.f32 %s, %s;", S(e, r), S(e, b));
    ins(e, "neg.f32 %s, %s;", S(e, nb), S(e, b));
    ins(e, "mul.rn.f32 %s, %s, %s;", S(e, q0), S(e, a), S(e, r));
    ins(e, "fma.rn.f32 %s, %s, %s, %s;", S(e, err), S(e, nb), S(e, q0), S(e, a));
    ins(e, "fma.rn.f32 %s, %s, %s, %s;", S(e, q1), S(e, err), S(e, r), S(e, q0));
    ins(e, "testp.normal.f32 %s, %s;", S(e, normal), S(e, q0));
    ins(e, "selp.f32 %s, %s, %s, %s;", S(e, d), S(e, q1), S(e, q0), S(e, normal));
    return d;
}

/*
 * a / b for f32 under --fast-math: rcp.approx.ftz.f32 and one Newton step on the
 * reciprocal, then one multiplication.  Everything but the multiplication depends on b
 * alone, so cleanup's CSE keeps one copy per divisor: softmax's and attention's rows
 * divide many elements by one sum, and pay one instruction an element instead of
 * div.rn.f32's subroutine (about 13 SASS instructions).  .ftz: one MUFU.RCP, where
 * rcp.approx.f32 adds about 8 SASS instructions a divisor to scale subnormals.
 *
 *     r0 = rcp.approx.ftz(b)       1/b (1 + d),  |d| <= 2^-23 (PTX ISA: 1 ulp)
 *     e  = fma(-b, r0, 1)          -d, exact to 2^-46
 *     r1 = fma(r0, e, r0)          1/b (1 - d^2) rounded: |error| <= 2^-24 + 2^-46
 *     q  = a * r1                  a/b (1 + h),  |h| <= 2^-23 + 2^-45: at most 2 ulp
 *
 * That bound holds where r0 is a normal number (|b| in about [2^-126, 2^126]).  Elsewhere
 * r0 is used as it is, without the step, which would turn inf * 0 into NaN: b = ±0 or
 * subnormal (flushed to ±0) gives ±inf (a/0 = inf, 0/0 = NaN), b = ±inf gives ±0, and
 * |b| > 2^126 a subnormal r0, flushed to ±0, so a quotient of ±0 (NaN for an infinite
 * a); NaN stays NaN.  The simulator
 * computes rcp.approx correctly rounded, so it does not show the 2 ulp.
 */
static Slot
fast_quotient(Emit *e, Slot a, Slot b)
{
    Slot r0 = new_reg(e, RC_F32), nb = new_reg(e, RC_F32), err = new_reg(e, RC_F32);
    Slot r1 = new_reg(e, RC_F32), normal = new_reg(e, RC_PRED), r = new_reg(e, RC_F32);
    Slot q = new_reg(e, RC_F32);
    ins(e, "rcp.approx.ftz.f32 %s, %s;", S(e, r0), S(e, b));
    ins(e, "neg.f32 %s, %s;", S(e, nb), S(e, b));
    ins(e, "fma.rn.f32 %s, %s, %s, 0f3F800000;", S(e, err), S(e, nb), S(e, r0));
    ins(e, "fma.rn.f32 %s, %s, %s, %s;", S(e, r1), S(e, r0), S(e, err), S(e, r0));
    ins(e, "testp.normal.f32 %s, %s;", S(e, normal), S(e, r0));
    ins(e, "selp.f32 %s, %s, %s, %s;", S(e, r), S(e, r1), S(e, r0), S(e, normal));
    ins(e, "mul.f32 %s, %s, %s;", S(e, q), S(e, a), S(e, r));
    return q;
}

/* Float op on scalars (1 to 3 operands).  f16/bf16 without a template go through f32. */
static Slot
lower_float(Emit *e, OpKind k, TypeId t, const Slot *a, int na)
{
    Family f = family_of(t, k);
    const char *tpl;
    Slot ops[3];
    if (k == OP_DIVF && t == TY_F32 && e->opt->fast_math)
        return fast_quotient(e, as_reg(e, a[0]), as_reg(e, a[1]));
    if (tpl_find(k, f, e->sm, &tpl)) {
        RegClass c = reg_class_of(t);
        for (int i = 0; i < na; i++)
            ops[i] = (i == 0 || f != FAM_FLOAT) ? as_reg(e, a[i]) : a[i];
        Slot d = new_reg(e, c);
        tpl_emit(e, tpl, type_suffix(f, c, false, t), d, ops, na);
        return d;
    }
    if ((k == OP_MAXIMUMF || k == OP_MINIMUMF) && f == FAM_FLOAT)
        return ptxgen_float_minmax_nan(e, k, t, a[0], a[1]);
    if (f == FAM_HALF || f == FAM_BF16) {
        for (int i = 0; i < na; i++)
            ops[i] = cvt_to_f32(e, a[i], t);
        Slot r = k == OP_DIVF && t == TY_F16 ? f16_quotient(e, ops[0], ops[1])
                                             : lower_float(e, k, TY_F32, ops, na);
        return cvt_from_f32(e, r, t);
    }
    if (k == OP_REMF && t == TY_F64)
        return ptxgen_remf64(e, a[0], a[1]);
    if (k == OP_REMF && t == TY_F32) { /* exact in f64, then exactly representable in f32 */
        Slot w[2];
        for (int i = 0; i < 2; i++) {
            w[i] = new_reg(e, RC_F64);
            ins(e, "cvt.f64.f32 %s, %s;", S(e, w[i]), S(e, as_reg(e, a[i])));
        }
        Slot r = ptxgen_remf64(e, w[0], w[1]), d = new_reg(e, RC_F32);
        ins(e, "cvt.rn.f32.f64 %s, %s;", S(e, d), S(e, r));
        return d;
    }
    return float_unary_f32(e, k, a, na, t);
}

/* math.* that ptx.def does not cover (isel_math.c, isel_math64.c) */
static Slot
float_unary_f32(Emit *e, OpKind k, const Slot *a, int na, TypeId t)
{
    if (t == TY_F64)
        return ptxgen_math_f64(e, k, a, na);
    if (t != TY_F32) {
        fail_op(e, "on %s has no PTX lowering", scalar_type_name(t));
        return a[0];
    }
    return math_scalar_f32(e, k, a, na);
}

/* ---- compares and select ---- */

static const char *const cmpi_ptx[CMPI_COUNT] = {
    [CMPI_EQ] = "eq",  [CMPI_NE] = "ne",  [CMPI_SLT] = "lt", [CMPI_SLE] = "le", [CMPI_SGT] = "gt",
    [CMPI_SGE] = "ge", [CMPI_ULT] = "lo", [CMPI_ULE] = "ls", [CMPI_UGT] = "hi", [CMPI_UGE] = "hs",
};
static const char *const cmpf_ptx[CMPF_COUNT] = {
    [CMPF_OEQ] = "eq",  [CMPF_OGT] = "gt",  [CMPF_OGE] = "ge",  [CMPF_OLT] = "lt",
    [CMPF_OLE] = "le",  [CMPF_ONE] = "ne",  [CMPF_ORD] = "num", [CMPF_UEQ] = "equ",
    [CMPF_UGT] = "gtu", [CMPF_UGE] = "geu", [CMPF_ULT] = "ltu", [CMPF_ULE] = "leu",
    [CMPF_UNE] = "neu", [CMPF_UNO] = "nan",
};

static Slot
lower_cmpi(Emit *e, int pred, TypeId t, Slot a, Slot b)
{
    Slot p = new_reg(e, RC_PRED);
    bool sign = pred >= CMPI_SLT && pred <= CMPI_SGE;
    if (t == TY_I1) { /* compare as 0/1 integers (signed: true is -1) */
        a = to_cls(e, as_reg(e, a), RC_B32, false);
        b = to_cls(e, as_reg(e, b), RC_B32, false);
        if (sign) {
            Slot na = new_reg(e, RC_B32), nb = new_reg(e, RC_B32);
            ins(e, "neg.s32 %s, %s;", S(e, na), S(e, a));
            ins(e, "neg.s32 %s, %s;", S(e, nb), S(e, b));
            a = na;
            b = nb;
        }
    } else if (t == TY_INDEX) {
        bool n32 = a.cls == RC_B32 && b.cls == RC_B32;
        a = n32 ? a : widen(e, a);
        b = n32 ? b : widen(e, b);
    } else if (t == TY_I8) {
        a = norm_i8(e, a, sign);
        b = norm_i8(e, b, sign);
    }
    unsigned w = cls_width((RegClass)a.cls);
    ins(e, "setp.%s.%c%u %s, %s, %s;", cmpi_ptx[pred], sign ? 's' : 'u', w, S(e, p),
        S(e, as_reg(e, a)), S(e, b));
    return p;
}

static Slot
lower_cmpf(Emit *e, int pred, TypeId t, Slot a, Slot b)
{
    Slot p = new_reg(e, RC_PRED);
    if (pred == CMPF_FALSE || pred == CMPF_TRUE) {
        ins(e, "setp.ne.u32 %s, %d, 0;", S(e, p), pred == CMPF_TRUE);
        return p;
    }
    if (t == TY_BF16 || (t == TY_F16 && false)) {
        a = cvt_to_f32(e, a, t);
        b = cvt_to_f32(e, b, t);
        t = TY_F32;
    }
    Slot ra = as_reg(e, a), rb = t == TY_F16 ? as_reg(e, b) : b;
    ins(e, "setp.%s.%s %s, %s, %s;", cmpf_ptx[pred], ftype(t), S(e, p), S(e, ra), S(e, rb));
    return p;
}

static Slot
lower_select(Emit *e, Slot c, Slot a, Slot b)
{
    if (c.is_imm)
        return (c.bits & 1) ? a : b;
    Slot d = new_reg(e, (RegClass)(a.is_imm ? b.cls : a.cls));
    if (d.cls == RC_PRED) {
        ins(e, "@%s mov.pred %s, %s;", S(e, c), S(e, d), S(e, as_reg(e, a)));
        ins(e, "@!%s mov.pred %s, %s;", S(e, c), S(e, d), S(e, as_reg(e, b)));
        return d;
    }
    if (d.cls == RC_B16) {
        a = as_reg(e, a);
        b = as_reg(e, b);
    }
    ins(e, "selp.%s %s, %s, %s, %s;", cls_bits((RegClass)d.cls), S(e, d), S(e, a), S(e, b),
        S(e, c));
    return d;
}

/* ---- conversions ---- */

static Slot
lower_cast(Emit *e, OpKind k, TypeId from, TypeId to, ValueId res, Slot a)
{
    bool sign = k == OP_EXTSI || k == OP_SITOFP || k == OP_FPTOSI || k == OP_INDEX_CAST;
    switch (k) {
    case OP_EXTF: {
        if (from == TY_F16 || from == TY_BF16) {
            Slot f = cvt_to_f32(e, a, from);
            if (to == TY_F32)
                return f;
            a = f;
        }
        Slot d = new_reg(e, RC_F64);
        ins(e, "cvt.f64.f32 %s, %s;", S(e, d), S(e, a));
        return d;
    }
    case OP_TRUNCF: {
        if (from == TY_F64) {
            Slot d = new_reg(e, to == TY_F32 ? RC_F32 : RC_B16);
            ins(e, "cvt.rn.%s.f64 %s, %s;", ftype(to), S(e, d), S(e, a));
            if (to == TY_BF16)
                need_version(e, 78);
            return d;
        }
        return cvt_from_f32(e, a, to);
    }
    case OP_SITOFP:
    case OP_UITOFP: {
        if (from == TY_I1)
            a = to_cls(e, a, RC_B32, false), from = TY_I32;
        if (from == TY_I8)
            a = norm_i8(e, a, sign);
        Slot d = new_reg(e, reg_class_of(to));
        unsigned w = cls_width((RegClass)a.cls);
        ins(e, "cvt.rn.%s.%c%u %s, %s;", ftype(to), sign ? 's' : 'u', w, S(e, d),
            S(e, as_reg(e, a)));
        return d;
    }
    case OP_FPTOSI:
    case OP_FPTOUI: {
        Slot d = new_reg(e, reg_class_of(to));
        unsigned w = to == TY_INDEX ? 64 : type_bitwidth(to) == 1 ? 8 : type_bitwidth(to);
        ins(e, "cvt.rzi.%c%u.%s %s, %s;", sign ? 's' : 'u', w, ftype(from), S(e, d),
            S(e, as_reg(e, a)));
        return d;
    }
    case OP_TRUNCI: {
        if (to == TY_I1) {
            Slot t = new_reg(e, (RegClass)a.cls), p = new_reg(e, RC_PRED);
            unsigned w = cls_width((RegClass)a.cls);
            ins(e, "and.b%u %s, %s, 1;", w, S(e, t), S(e, as_reg(e, a)));
            ins(e, "setp.ne.b%u %s, %s, 0;", w, S(e, p), S(e, t));
            return p;
        }
        return to_cls(e, a, reg_class_of(to), false);
    }
    default: /* extsi, extui, index_cast, index_castui */
        if (from == TY_I1 && (k == OP_EXTSI)) {
            Slot d = new_reg(e, reg_class_of(to));
            ins(e, "selp.s%u %s, -1, 0, %s;", cls_width((RegClass)d.cls), S(e, d),
                S(e, as_reg(e, a)));
            return d;
        }
        if (from == TY_I8)
            a = norm_i8(e, a, sign);
        RegClass c = reg_class_of(to);
        if (to == TY_INDEX && res && is_narrow(e, res))
            c = RC_B32; /* the value is known nonnegative and small: no extension needed */
        if (from == TY_INDEX && a.cls == RC_B32)
            sign = false; /* narrow index values are nonnegative */
        return to_cls(e, a, c, sign);
    }
}

static Slot
lower_bitcast(Emit *e, TypeId to, Slot a)
{
    RegClass c = reg_class_of(to);
    if (a.cls == c)
        return a;
    if (a.is_imm)
        return imm_slot(c, a.bits);
    Slot d = new_reg(e, c);
    ins(e, "mov.b%u %s, %s;", cls_width(c), S(e, d), S(e, a));
    return d;
}

/* ---- elementwise driver ---- */

void
lower_scalar_into(Emit *e, OpId o, uint32_t i, Slot *d, const Slot *a, int na, TypeId et, bool *ok)
{
    Op *op = op_get(e->m, o);
    OpKind k = op->kind;
    ValueId res = type_is_scalar(value_type(e->m, op->res[0])) ? op->res[0] : 0;
    TypeId rt = type_element(e->m, value_type(e->m, op->res[0]));
    (void)i;
    switch (k) {
    case OP_CMPI:
        if (res && range_of(e, res)->lo == range_of(e, res)->hi) { /* decided (regs.c) */
            *d = imm_slot(RC_PRED, (uint64_t)range_of(e, res)->lo);
            break;
        }
        *d = lower_cmpi(e, (int)attr_int_or(op_attr(e->m, o, "predicate"), 0), et, a[0], a[1]);
        break;
    case OP_CMPF:
        *d = lower_cmpf(e, (int)attr_int_or(op_attr(e->m, o, "predicate"), 0), et, a[0], a[1]);
        break;
    case OP_SELECT:
        *d = lower_select(e, a[0], a[1], a[2]);
        break;
    case OP_BITCAST:
        *d = lower_bitcast(e, rt, a[0]);
        break;
    default:
        if (op_info[k].cast != CAST_NONE) /* the other casts of ops.def */
            *d = lower_cast(e, k, et, rt, res, a[0]);
        else if (type_is_float(et))
            *d = lower_float(e, k, et, a, na);
        else
            *d = lower_int_binary(e, k, et, res, a[0], a[1]);
    }
    if (e->failed)
        *ok = false;
}

/* Is there a packed (f16x2/bf16x2) template for op k on element type t? */
static bool
packed_template(Emit *e, OpKind k, TypeId t, const char **tpl)
{
    if (t != TY_F16 && t != TY_BF16)
        return false;
    return tpl_find(k, t == TY_F16 ? FAM_HALF : FAM_BF16, e->sm, tpl);
}

/* truncf vector<2n x f32> -> packed f16/bf16: one cvt.rn.f16x2.f32 per pair. */
static bool
packed_truncf(Emit *e, OpId o, Rep *src, Rep *dst)
{
    for (uint32_t k = 0; k < dst->n; k++) {
        Slot d = new_reg(e, RC_B32);
        Slot hi = as_reg(e, src->slots[2 * k + 1]), lo = as_reg(e, src->slots[2 * k]);
        ins(e, "cvt.rn.%sx2.f32 %s, %s, %s;", ftype(dst->elem), S(e, d), S(e, hi), S(e, lo));
        dst->slots[k] = d;
    }
    (void)o;
    return true;
}

/*
 * math.exp / math.exp2 on packed f16 (bf16 on sm_90) in the default (fast) precision
 * mode: three packed instructions per pair instead of two conversions, two f32 ops
 * and two conversions back per element.  exp(x) = 2^t with t = x * log2 e, computed as
 * fma(x, L_hi, x * L_lo) where L_hi + L_lo = log2 e to 2^-23 (L_hi = 0x3DC5, L_lo =
 * 0x0D1E in f16), so t is rounded once; ex2.approx.f16x2 then has a relative error of
 * 2^-9.9 (PTX ISA).  The error of the f16 t itself, |t| * 2^-11 relative to t, shows
 * as |t| * ln 2 * 2^-11 in the result (4 f16 ulp at t = -12): --precise-math keeps the
 * per-element f32 route.
 */
static bool
packed_exp(Emit *e, OpKind k, TypeId et, const Rep *src, Rep *dst)
{
    bool f16 = et == TY_F16;
    const char *t = f16 ? "f16x2" : "bf16x2";
    /* bf16: L_hi = 0x3FB9 (1.4453125), L_lo = 0xBB2C (-0.00262451171875) */
    uint32_t hi = f16 ? 0x3DC53DC5u : 0x3FB93FB9u, lo = f16 ? 0x0D1E0D1Eu : 0xBB2CBB2Cu;
    Slot chi = { 0 }, clo = { 0 };
    if (k == OP_EXP) {
        chi = as_reg(e, imm_slot(RC_B32, hi));
        clo = as_reg(e, imm_slot(RC_B32, lo));
    }
    for (uint32_t i = 0; i < dst->n; i++) {
        Slot x = as_reg(e, src->slots[i]), d = new_reg(e, RC_B32);
        if (k == OP_EXP) {
            Slot m = new_reg(e, RC_B32), tt = new_reg(e, RC_B32);
            ins(e, "mul%s.%s %s, %s, %s;", f16 ? "" : ".rn", t, S(e, m), S(e, x), S(e, clo));
            ins(e, "fma.rn.%s %s, %s, %s, %s;", t, S(e, tt), S(e, x), S(e, chi), S(e, m));
            x = tt;
        }
        ins(e, "ex2.approx%s.%s %s, %s;", f16 ? "" : ".ftz", t, S(e, d), S(e, x));
        dst->slots[i] = d;
    }
    return true;
}

/* Can op k on packed f16/bf16 pairs use packed_exp? */
static bool
packed_exp_ok(Emit *e, OpKind k, TypeId et)
{
    if ((k != OP_EXP && k != OP_EXP2) || e->opt->precise_math)
        return false;
    return (et == TY_F16 && e->sm >= 75) || (et == TY_BF16 && e->sm >= 90);
}

/*
 * An f16/bf16 float op with no 16-bit instruction, on packed pairs: each pair is
 * computed in f32 and rounded back with one cvt.rn.f16x2.f32 (a -> high half, b -> low
 * half), not two cvt.rn.f16.f32 and a mov.b32 to pack them.  Same rounding: each
 * element is rounded once, from its f32 result, as before.
 */
static bool
via_f32_pairs(Emit *e, OpKind k, TypeId et, Rep **src, int na, Rep *dst)
{
    for (uint32_t i = 0; i < dst->n; i++) {
        Slot r[2];
        for (uint32_t h = 0; h < 2; h++) {
            Slot ops[3];
            for (int a = 0; a < na; a++) {
                Slot lo, hi;
                if (src[a]->slots[i].is_imm) {
                    uint64_t b = src[a]->slots[i].bits >> (16 * h) & 0xffff;
                    lo = hi = imm_slot(RC_B16, b);
                } else {
                    halves_split(e, src[a]->slots[i], &lo, &hi);
                }
                ops[a] = cvt_to_f32(e, h ? hi : lo, et);
            }
            r[h] = as_reg(e, k == OP_DIVF && et == TY_F16 ? f16_quotient(e, ops[0], ops[1])
                                                          : lower_float(e, k, TY_F32, ops, na));
        }
        Slot d = new_reg(e, RC_B32);
        ins(e, "cvt.rn.%sx2.f32 %s, %s, %s;", ftype(et), S(e, d), S(e, r[1]), S(e, r[0]));
        dst->slots[i] = d;
    }
    return !e->failed;
}

/* Does op k on element type t (f16/bf16) go through f32 (no 16-bit instruction)? */
static bool
goes_via_f32(Emit *e, OpKind k, TypeId t)
{
    const char *tpl;
    switch (k) {
    case OP_CMPF:
    case OP_SELECT:
    case OP_EXTF:
    case OP_TRUNCF:
    case OP_FPTOSI:
    case OP_FPTOUI:
    case OP_BITCAST:
    case OP_CONSTANT:
        return false;
    default:
        break;
    }
    if (t != TY_F16 && t != TY_BF16)
        return false;
    return !tpl_find(k, family_of(t, k), e->sm, &tpl);
}

bool
elementwise(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    ValueId res = op->res[0];
    TypeId rt = value_type(e->m, res);
    int na = (int)op->nargs;
    if (na > 3)
        return fail_op(e, "with more than 3 operands");
    if (rt == TY_I128) { /* only arith.select (ir/verify.c): a selp.b64 per half */
        Rep *a = rep_of(e, op->args[1]), *b = rep_of(e, op->args[2]);
        Slot c = rep_of(e, op->args[0])->slots[0];
        Rep *d = rep_new(e, res, 2, 1, TY_I128);
        for (uint32_t k = 0; k < 2; k++)
            d->slots[k] = lower_select(e, c, a->slots[k], b->slots[k]);
        return true;
    }
    uint8_t per = pack_factor(e->m, rt);
    uint32_t nel = (uint32_t)type_num_elements(e->m, rt);
    Rep *dst = rep_new(e, res, nel / per, per, type_element(e->m, rt));
    Rep *src[3];
    for (int i = 0; i < na; i++)
        src[i] = rep_of(e, op->args[i]);
    TypeId et = type_element(e->m, value_type(e->m, op->args[na > 1 && op->kind == OP_SELECT]));
    if (op->kind == OP_SELECT)
        et = type_element(e->m, value_type(e->m, op->args[1]));
    const char *tpl;
    bool same_per = true;
    for (int i = 0; i < na; i++)
        same_per = same_per && src[i]->per == per && src[i]->n == dst->n;
    if (per == 2 && same_per && packed_template(e, op->kind, et, &tpl)) {
        for (uint32_t k = 0; k < dst->n; k++) {
            Slot ops[3], d = new_reg(e, RC_B32);
            for (int i = 0; i < na; i++)
                ops[i] = as_reg(e, src[i]->slots[k]);
            tpl_emit(e, tpl, et == TY_F16 ? "f16x2" : "bf16x2", d, ops, na);
            dst->slots[k] = d;
        }
        return !e->failed;
    }
    if (op->kind == OP_TRUNCF && per == 2 && src[0]->per == 1 && et == TY_F32)
        return packed_truncf(e, o, src[0], dst);
    TypeId rel = type_element(e->m, rt);
    if (per == 2 && same_per && na == 1 && rel == et && packed_exp_ok(e, op->kind, et))
        return packed_exp(e, op->kind, et, src[0], dst);
    if (per == 2 && same_per && rel == et && goes_via_f32(e, op->kind, et))
        return via_f32_pairs(e, op->kind, et, src, na, dst);
    if (op->kind == OP_SELECT && src[0]->n == 1 && src[0]->per == 1 && nel > 1 &&
        src[1]->n == dst->n) { /* scalar condition: select whole slots */
        for (uint32_t k = 0; k < dst->n; k++)
            dst->slots[k] = lower_select(e, src[0]->slots[0], src[1]->slots[k], src[2]->slots[k]);
        return true;
    }
    /* element lists: on the stack for the usual per-thread sizes, so that a long chain
       of small elementwise ops costs no memory that outlives the op */
    Slot small[4][64 + 4];
    bool big = nel > 64;
    Slot *el[3], *out = big ? arena_alloc(&e->m->arena, (nel + 1) * sizeof(Slot)) : small[3];
    for (int i = 0; i < na; i++) {
        el[i] = big ? arena_alloc(&e->m->arena, (nel + 4) * sizeof(Slot)) : small[i];
        if (src[i]->n * src[i]->per == 1 && nel > 1) /* scalar operand (select condition) */
            for (uint32_t j = 0; j < nel; j++)
                el[i][j] = src[i]->slots[0];
        else
            unpack_all(e, src[i], el[i]);
    }
    bool ok = true;
    for (uint32_t j = 0; j < nel && ok; j++) {
        Slot a[3];
        for (int i = 0; i < na; i++)
            a[i] = el[i][j];
        lower_scalar_into(e, o, j, &out[j], a, na, et, &ok);
    }
    if (ok)
        pack_elems(e, dst, out, nel);
    return ok;
}

/* arith.extsi / extui from packed i4 vectors (8 to a b32, element 0 in the low nibble;
   the verifier admits i4 nowhere else but vector.bitcast) and arith.trunci to them */
static bool
lower_i4_cast(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    TypeId st = value_type(e->m, op->args[0]), rt = value_type(e->m, op->res[0]);
    TypeId se = type_element(e->m, st), re = type_element(e->m, rt);
    uint32_t n = (uint32_t)type_num_elements(e->m, rt);
    Rep *src = rep_of(e, op->args[0]);
    Slot *el = arena_alloc(&e->m->arena, (n + 8) * sizeof(Slot));
    if (src->per * src->n != n)
        return fail_op(e, "on %u packed elements but %u results", src->per * src->n, n);
    if (se == TY_I4) {
        bool sign = op->kind == OP_EXTSI;
        RegClass rc = reg_class_of(re);
        for (uint32_t i = 0; i < n; i++) {
            Slot w = as_reg(e, to_cls(e, src->slots[i / 8], RC_B32, false));
            Slot d = new_reg(e, RC_B32);
            ins(e, "bfe.%c32 %s, %s, %u, 4;", sign ? 's' : 'u', S(e, d), S(e, w), 4 * (i % 8));
            el[i] = rc == RC_B32 ? d : to_cls(e, d, rc, sign);
        }
    } else if (type_get(e->m, rt)->kind != TY_VECTOR) { /* a scalar: its low nibble */
        Rep *r = rep_new(e, op_get(e->m, o)->res[0], 1, 1, re);
        r->slots[0] = to_cls(e, src->slots[0], RC_B32, false);
        return true;
    } else {
        unpack_all(e, src, el);
        for (uint32_t g = 0; g < n / 8; g++) {
            Slot acc = imm_slot(RC_B32, 0);
            for (uint32_t j = 0; j < 8; j++) {
                Slot x = as_reg(e, to_cls(e, el[8 * g + j], RC_B32, false)), d = new_reg(e, RC_B32);
                ins(e, "bfi.b32 %s, %s, %s, %u, 4;", S(e, d), S(e, x), S(e, acc), 4 * j);
                acc = d;
            }
            el[g] = acc;
        }
        Rep *r = rep_new(e, op_get(e->m, o)->res[0], n / 8, 8, re);
        memcpy(r->slots, el, n / 8 * sizeof(Slot));
        return true;
    }
    Rep *r = rep_new(e, op_get(e->m, o)->res[0], slot_count(e->m, rt), pack_factor(e->m, rt), re);
    pack_elems(e, r, el, n);
    return true;
}

bool
isel_arith(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    if (op->kind == OP_CONSTANT)
        return lower_constant(e, o);
    if ((op->kind == OP_EXTSI || op->kind == OP_EXTUI || op->kind == OP_TRUNCI) &&
        (type_element(e->m, value_type(e->m, op->args[0])) == TY_I4 ||
         type_element(e->m, value_type(e->m, op->res[0])) == TY_I4))
        return lower_i4_cast(e, o);
    return elementwise(e, o);
}
