/*
 * exec_alu.c -- arithmetic, logic, comparison, moves and conversions
 * [PTX §9.7.1 integer, §9.7.3 float, §9.7.4 half precision, §9.7.6
 * compare/select, §9.7.7 logic, §9.7.8 bit fields, §9.7.9.3-9.7.9.21 mov,
 * prmt, cvt].
 *
 * Integer operations work on the low 8*bytes bits of the slot (sign-
 * extending for .s types where the result depends on it).  Floating point
 * goes through fp.c, which rounds the exact result once.  Packed .f16x2 /
 * .bf16x2 apply the scalar operation to the low and high halves
 * independently.  Transcendental .approx functions are computed in double
 * and rounded to nearest: more accurate than the ISA's stated bounds, which
 * is within them.
 */
#include "sim/simint.h"

#include <math.h>
#include <string.h>

static inline uint64_t
src(const Exec *x, const Thread *t, const Inst *in, int i)
{
    return opd_read(x, t, &in->o[i]);
}

static inline int
done(Thread *t, const Inst *in, uint64_t v)
{
    reg_write(t, &in->o[0], v);
    return EX_NEXT;
}

static bool
is_float(int ty)
{
    return type_info[ty].kind == TK_FLOAT;
}

static bool
is_x2(int ty)
{
    return ty == TY_F16X2 || ty == TY_BF16X2;
}

static int
half_of(int ty)
{
    return ty == TY_F16X2 ? TY_F16 : ty == TY_BF16X2 ? TY_BF16 : ty;
}

static uint64_t
sign_bit(int ty)
{
    return 1ull << (8 * type_info[ty].bytes - 1);
}

static uint32_t
fpflags(const Inst *in)
{
    return in->flags & (F_FTZ | F_SAT | F_RELU);
}

/* ---- floating-point building blocks ---- */

typedef uint64_t Fp3(int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t fl);

static uint64_t
f_add(int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t fl)
{
    (void)c;
    return fp_add(ty, a, b, rnd, fl);
}

static uint64_t
f_sub(int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t fl)
{
    (void)c;
    return fp_add(ty, a, fp_isnan(ty, b) ? b : b ^ sign_bit(ty), rnd, fl);
}

static uint64_t
f_mul(int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t fl)
{
    (void)c;
    return fp_mul(ty, a, b, rnd, fl);
}

static uint64_t
f_fma(int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t fl)
{
    return fp_fma(ty, a, b, c, rnd, fl);
}

static uint64_t
f_div(int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t fl)
{
    (void)c;
    return fp_div(ty, a, b, rnd, fl);
}

static uint64_t
f_minmax(int ty, uint64_t a, uint64_t b, uint64_t want_max, int nan_mode, uint32_t fl)
{
    double x = fp_value(ty, a, fl), y = fp_value(ty, b, fl);
    if (x != x || y != y) {
        if (nan_mode || (x != x && y != y))
            return fp_canon_nan(ty);
        return x != x ? b : a;
    }
    if (fl & F_FTZ) {
        a = (x == 0) ? (a & sign_bit(ty)) : a;
        b = (y == 0) ? (b & sign_bit(ty)) : b;
    }
    bool a_first; /* a is the minimum */
    if (x == y)
        a_first = (a & sign_bit(ty)) != 0; /* -0 < +0 */
    else
        a_first = x < y;
    return want_max ? (a_first ? b : a) : (a_first ? a : b);
}

/* Apply op to one scalar, or to both halves of a packed pair. */
static uint64_t
fp_apply(Fp3 *op, int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t fl)
{
    if (!is_x2(ty))
        return op(ty, a, b, c, rnd, fl);
    int h = half_of(ty);
    uint64_t lo = op(h, a & 0xffff, b & 0xffff, c & 0xffff, rnd, fl);
    uint64_t hi = op(h, (a >> 16) & 0xffff, (b >> 16) & 0xffff, (c >> 16) & 0xffff, rnd, fl);
    return (lo & 0xffff) | (hi & 0xffff) << 16;
}

static int
fp_exec(Exec *x, Thread *t, const Inst *in, Fp3 *op)
{
    uint64_t c = in->nopd > 3 ? src(x, t, in, 3) : 0;
    return done(
        t, in,
        fp_apply(op, in->ty[0], src(x, t, in, 1), src(x, t, in, 2), c, in->rnd, fpflags(in)));
}

/* f32 add/sub/mul/fma in round-to-nearest without .sat: the host's IEEE single-precision
 * operations are correctly rounded the same way (C11 F.3, FLT_EVAL_METHOD 0 on the
 * hosts we build for; fmaf rounds once), so only NaNs (canonical on the GPU) and .ftz
 * (inputs and result) need care.  This is the simulator's hottest path. */
static inline bool
f32_fast(const Inst *in)
{
    return in->ty[0] == TY_F32 && (in->rnd == RND_NONE || in->rnd == RND_RN) &&
           !(in->flags & (F_SAT | F_RELU));
}

static inline float
f32_in(const Exec *x, const Thread *t, const Inst *in, int i)
{
    uint32_t b = (uint32_t)src(x, t, in, i);
    if ((in->flags & F_FTZ) && !(b & 0x7f800000u))
        b &= 0x80000000u;
    return f32_of(b);
}

static inline int
f32_done(Thread *t, const Inst *in, float r)
{
    uint32_t b = bits_of_f32(r);
    if (r != r)
        b = 0x7fffffffu;
    else if ((in->flags & F_FTZ) && !(b & 0x7f800000u))
        b &= 0x80000000u;
    return done(t, in, b);
}

/* ---- warp-wide fast path ---- */

static inline float
lane_f32(const Thread *t, const Opd *o)
{
    return f32_of((uint32_t)(o->kind == OPD_REG ? t->r[o->r] : (uint64_t)o->imm));
}

#if defined(__x86_64__) && defined(__GNUC__)
/* the host's fused multiply-add instruction, where the CPU has one (the same correctly
 * rounded result as fmaf, without the call) */
__attribute__((target("fma"))) static void
warp_fma_hw(Thread *th, uint32_t mask, const Inst *in)
{
    for (; mask; mask &= mask - 1) {
        Thread *t = &th[__builtin_ctz(mask)];
        float r =
            __builtin_fmaf(lane_f32(t, &in->o[1]), lane_f32(t, &in->o[2]), lane_f32(t, &in->o[3]));
        uint32_t b;
        memcpy(&b, &r, 4);
        t->r[in->o[0].r] = r != r ? 0x7fffffffu : b;
    }
}
#endif

bool
warp_f32_fast(Thread *th, uint32_t mask, const Inst *in)
{
    int op = in->op, n = op == OP_FMA || op == OP_MAD ? 3 : 2;
    if ((op != OP_FMA && op != OP_MAD && op != OP_ADD && op != OP_SUB && op != OP_MUL) ||
        !f32_fast(in) || (in->flags & F_FTZ) || in->guard != NOREG || in->o[0].kind != OPD_REG)
        return false;
    for (int i = 1; i <= n; i++)
        if (in->o[i].kind != OPD_REG && in->o[i].kind != OPD_IMM)
            return false;
#if defined(__x86_64__) && defined(__GNUC__)
    if (n == 3 && cpu_supports(CPU_FMA)) {
        warp_fma_hw(th, mask, in);
        return true;
    }
#endif
    for (; mask; mask &= mask - 1) {
        Thread *t = &th[__builtin_ctz(mask)];
        float a = lane_f32(t, &in->o[1]), b = lane_f32(t, &in->o[2]), r;
        if (n == 3)
            r = fmaf(a, b, lane_f32(t, &in->o[3]));
        else
            r = op == OP_ADD ? a + b : op == OP_SUB ? a - b : a * b;
        uint32_t bits;
        memcpy(&bits, &r, 4);
        t->r[in->o[0].r] = r != r ? 0x7fffffffu : bits;
    }
    return true;
}

/* max/min/div.rn .f32 for the lanes of mask (no .ftz, .NaN, .relu, .approx or .full, no
 * guard): max/min as f_minmax (a NaN operand gives the other, two give the canonical NaN,
 * -0 below +0), div as the host's correctly rounded float division with the canonical
 * NaN, the same bits as fp_exec(f_div). */
bool
warp_f32_more(Thread *th, uint32_t mask, const Inst *in)
{
    int op = in->op;
    if ((op != OP_MAX && op != OP_MIN && op != OP_DIV) || !f32_fast(in) ||
        (in->flags & (F_FTZ | F_APPROX | F_FULL)) || (op == OP_DIV && (in->flags & F_NAN)) ||
        in->guard != NOREG || in->o[0].kind != OPD_REG ||
        (in->o[1].kind != OPD_REG && in->o[1].kind != OPD_IMM) ||
        (in->o[2].kind != OPD_REG && in->o[2].kind != OPD_IMM))
        return false;
    bool nan_mode = (in->flags & F_NAN) != 0; /* max.NaN/min.NaN: any NaN gives NaN */
    for (; mask; mask &= mask - 1) {
        Thread *t = &th[__builtin_ctz(mask)];
        uint32_t a = (uint32_t)(in->o[1].kind == OPD_REG ? t->r[in->o[1].r]
                                                         : (uint64_t)in->o[1].imm),
                 b = (uint32_t)(in->o[2].kind == OPD_REG ? t->r[in->o[2].r]
                                                         : (uint64_t)in->o[2].imm);
        float x = f32_of(a), y = f32_of(b);
        uint32_t r;
        if (op == OP_DIV) {
            float q = x / y;
            r = q != q ? 0x7fffffffu : bits_of_f32(q);
        } else if (x != x || y != y)
            r = (nan_mode || (x != x && y != y)) ? 0x7fffffffu : x != x ? b : a;
        else {
            bool a_first = x == y ? (a & 0x80000000u) != 0 : x < y; /* a is the minimum */
            r = op == OP_MAX ? (a_first ? b : a) : (a_first ? a : b);
        }
        t->r[in->o[0].r] = r;
    }
    return true;
}

static inline bool
reg_or_imm(const Opd *o)
{
    return o->kind == OPD_REG || o->kind == OPD_IMM;
}

static inline uint64_t
lane_val(const Thread *t, const Opd *o)
{
    return o->kind == OPD_REG ? t->r[o->r] : (uint64_t)o->imm;
}

bool
warp_move_fast(Exec *x, Thread *th, uint32_t mask, const Inst *in)
{
    if (in->guard != NOREG)
        return false;
    if (in->op == OP_MOV) {
        int sr = in->o[1].kind == OPD_SREG ? in->o[1].aux : -1;
        if (in->ty[0] == TY_PRED || in->o[0].kind != OPD_REG || (!reg_or_imm(&in->o[1]) && sr < 0))
            return false;
        uint64_t m = ty_mask(in->ty[0]);
        if (sr >= 0) { /* a special register; not the clocks, which read the lane's count */
            if (sr >= SREG_CLOCK && sr <= SREG_GLOBALTIMER_HI)
                return false;
            for (; mask; mask &= mask - 1) {
                Thread *t = &th[__builtin_ctz(mask)];
                t->r[in->o[0].r] = sreg_read(x, t, sr) & m;
            }
            return true;
        }
        for (; mask; mask &= mask - 1) {
            Thread *t = &th[__builtin_ctz(mask)];
            t->r[in->o[0].r] = lane_val(t, &in->o[1]) & m;
        }
        return true;
    }
    if (in->op == OP_ADD || in->op == OP_SUB) {
        int ty = in->ty[0];
        if (type_info[ty].kind == TK_FLOAT || (in->flags & (F_SAT | F_CC)) ||
            in->o[0].kind != OPD_REG || !reg_or_imm(&in->o[1]) || !reg_or_imm(&in->o[2]))
            return false;
        uint64_t m = ty_mask(ty);
        bool sub = in->op == OP_SUB;
        for (; mask; mask &= mask - 1) {
            Thread *t = &th[__builtin_ctz(mask)];
            uint64_t a = lane_val(t, &in->o[1]), b = lane_val(t, &in->o[2]);
            t->r[in->o[0].r] = (sub ? a - b : a + b) & m;
        }
        return true;
    }
    if (in->op != OP_MOVPACK && in->op != OP_MOVUNPACK)
        return false;
    bool pack = in->op == OP_MOVPACK;
    const Opd *v = &in->o[pack ? 1 : 0], *w = &in->o[pack ? 0 : 1];
    if (pack ? w->kind != OPD_REG : !reg_or_imm(w))
        return false;
    const Opd *el = &x->vecs[v->r];
    for (unsigned i = 0; i < v->n; i++)
        if (pack ? !reg_or_imm(&el[i]) : el[i].kind != OPD_REG && el[i].kind != OPD_NONE)
            return false;
    unsigned eb = 8 * type_info[in->ty[0]].bytes / v->n;
    uint64_t em = eb >= 64 ? ~0ull : (1ull << eb) - 1;
    for (; mask; mask &= mask - 1) {
        Thread *t = &th[__builtin_ctz(mask)];
        if (pack) {
            uint64_t r = 0;
            for (unsigned i = 0; i < v->n; i++)
                r |= (lane_val(t, &el[i]) & em) << (eb * i);
            t->r[w->r] = r;
        } else {
            uint64_t a = lane_val(t, w);
            for (unsigned i = 0; i < v->n; i++)
                if (el[i].kind == OPD_REG)
                    t->r[el[i].r] = (a >> (eb * i)) & em;
        }
    }
    return true;
}

/* ---- integer helpers ---- */

static void
umul128(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    *lo = (mid << 32) | (ll & 0xffffffffu);
    *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

static uint64_t
ival(int ty, uint64_t v)
{
    unsigned bits = 8 * type_info[ty].bytes;
    return type_info[ty].kind == TK_SINT ? (uint64_t)sext(v, bits) : v & ty_mask(ty);
}

/* mul.lo/.hi/.wide of a and b as type ty; the result in slot form. */
static uint64_t
int_mul(const Inst *in, int ty, uint64_t a, uint64_t b)
{
    unsigned bits = 8 * type_info[ty].bytes;
    bool sgn = type_info[ty].kind == TK_SINT;
    a = ival(ty, a);
    b = ival(ty, b);
    if (in->flags & F_WIDE)
        return bits == 64 ? a * b : (a * b) & ((2 * bits >= 64) ? ~0ull : (1ull << 2 * bits) - 1);
    if (!(in->flags & F_HI))
        return (a * b) & ty_mask(ty);
    if (bits < 64)
        return ((uint64_t)((sgn ? (int64_t)a * (int64_t)b : (int64_t)(a * b)) >> bits)) &
               ty_mask(ty);
    uint64_t hi, lo;
    umul128(a, b, &hi, &lo);
    if (sgn)
        hi -= ((int64_t)a < 0 ? b : 0) + ((int64_t)b < 0 ? a : 0);
    return hi;
}

static uint64_t
sat_s32(int64_t v)
{
    return (uint32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}

/* ---- arithmetic ---- */

int
ex_add(Exec *x, Thread *t, const Inst *in)
{
    if (f32_fast(in))
        return f32_done(t, in, f32_in(x, t, in, 1) + f32_in(x, t, in, 2));
    int ty = in->ty[0];
    if (is_float(ty))
        return fp_exec(x, t, in, f_add);
    uint64_t a = src(x, t, in, 1), b = src(x, t, in, 2);
    if (in->flags & F_SAT)
        return done(t, in, sat_s32((int64_t)(int32_t)a + (int32_t)b));
    return done(t, in, (a + b) & ty_mask(ty));
}

int
ex_sub(Exec *x, Thread *t, const Inst *in)
{
    if (f32_fast(in))
        return f32_done(t, in, f32_in(x, t, in, 1) - f32_in(x, t, in, 2));
    int ty = in->ty[0];
    if (is_float(ty))
        return fp_exec(x, t, in, f_sub);
    uint64_t a = src(x, t, in, 1), b = src(x, t, in, 2);
    if (in->flags & F_SAT)
        return done(t, in, sat_s32((int64_t)(int32_t)a - (int32_t)b));
    return done(t, in, (a - b) & ty_mask(ty));
}

int
ex_mul(Exec *x, Thread *t, const Inst *in)
{
    if (f32_fast(in))
        return f32_done(t, in, f32_in(x, t, in, 1) * f32_in(x, t, in, 2));
    int ty = in->ty[0];
    if (is_float(ty))
        return fp_exec(x, t, in, f_mul);
    return done(t, in, int_mul(in, ty, src(x, t, in, 1), src(x, t, in, 2)));
}

int
ex_mad(Exec *x, Thread *t, const Inst *in)
{
    if (f32_fast(in))
        return f32_done(t, in, fmaf(f32_in(x, t, in, 1), f32_in(x, t, in, 2), f32_in(x, t, in, 3)));
    int ty = in->ty[0];
    if (is_float(ty))
        return fp_exec(x, t, in, f_fma);
    uint64_t p = int_mul(in, ty, src(x, t, in, 1), src(x, t, in, 2)), c = src(x, t, in, 3);
    if ((in->flags & F_SAT) && ty == TY_S32)
        return done(t, in, sat_s32((int64_t)(int32_t)p + (int32_t)c));
    unsigned bits = 8 * type_info[ty].bytes * ((in->flags & F_WIDE) ? 2 : 1);
    return done(t, in, bits >= 64 ? p + c : (p + c) & ((1ull << bits) - 1));
}

int
ex_mul24(Exec *x, Thread *t, const Inst *in)
{
    bool sgn = type_info[in->ty[0]].kind == TK_SINT;
    uint64_t a = src(x, t, in, 1) & 0xffffff, b = src(x, t, in, 2) & 0xffffff;
    int64_t p = sgn ? sext(a, 24) * sext(b, 24) : (int64_t)(a * b);
    uint64_t r = (in->flags & F_HI) ? ((uint64_t)p >> 16) : (uint64_t)p;
    if (in->op == OP_MAD24)
        r += src(x, t, in, 3);
    return done(t, in, r & 0xffffffffu);
}

int
ex_fma(Exec *x, Thread *t, const Inst *in)
{
    if (f32_fast(in))
        return f32_done(t, in, fmaf(f32_in(x, t, in, 1), f32_in(x, t, in, 2), f32_in(x, t, in, 3)));
    return fp_exec(x, t, in, f_fma);
}

int
ex_div(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    if (is_float(ty)) {
        if (in->flags & (F_APPROX | F_FULL)) {
            double a = fp_value(ty, src(x, t, in, 1), in->flags),
                   b = fp_value(ty, src(x, t, in, 2), in->flags);
            return done(t, in, fp_from_double(ty, a / b, 0, RND_RN, fpflags(in)));
        }
        return fp_exec(x, t, in, f_div);
    }
    unsigned bits = 8 * type_info[ty].bytes;
    uint64_t a = ival(ty, src(x, t, in, 1)), b = ival(ty, src(x, t, in, 2)), m = ty_mask(ty);
    if (b == 0)
        return done(t, in, m); /* unspecified by the ISA; hardware gives all ones */
    if (type_info[ty].kind != TK_SINT)
        return done(t, in, (a / b) & m);
    if ((int64_t)b == -1)
        return done(t, in, (0 - a) & m); /* INT_MIN / -1 wraps */
    (void)bits;
    return done(t, in, (uint64_t)((int64_t)a / (int64_t)b) & m);
}

int
ex_rem(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    uint64_t a = ival(ty, src(x, t, in, 1)), b = ival(ty, src(x, t, in, 2)), m = ty_mask(ty);
    if (b == 0)
        return done(t, in, a & m);
    if (type_info[ty].kind != TK_SINT)
        return done(t, in, (a % b) & m);
    if ((int64_t)b == -1)
        return done(t, in, 0);
    return done(t, in, (uint64_t)((int64_t)a % (int64_t)b) & m);
}

static uint64_t
f_abs(int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t fl)
{
    (void)b, (void)c, (void)rnd;
    if (fl & F_FTZ)
        a = fp_value(ty, a, F_FTZ) == 0 ? a & sign_bit(ty) : a;
    return a & ~sign_bit(ty);
}

static uint64_t
f_neg(int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t fl)
{
    (void)b, (void)c, (void)rnd;
    if (fl & F_FTZ)
        a = fp_value(ty, a, F_FTZ) == 0 ? a & sign_bit(ty) : a;
    return a ^ sign_bit(ty);
}

int
ex_abs(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    uint64_t a = src(x, t, in, 1);
    if (is_float(ty))
        return done(t, in, fp_apply(f_abs, ty, a, 0, 0, 0, fpflags(in)));
    int64_t v = (int64_t)ival(ty, a);
    return done(t, in, (v < 0 ? 0 - (uint64_t)v : (uint64_t)v) & ty_mask(ty));
}

int
ex_neg(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    uint64_t a = src(x, t, in, 1);
    if (is_float(ty))
        return done(t, in, fp_apply(f_neg, ty, a, 0, 0, 0, fpflags(in)));
    return done(t, in, (0 - a) & ty_mask(ty));
}

static uint64_t
f_min(int ty, uint64_t a, uint64_t b, uint64_t c, int nan, uint32_t fl)
{
    (void)c;
    return f_minmax(ty, a, b, 0, nan, fl);
}

static uint64_t
f_max(int ty, uint64_t a, uint64_t b, uint64_t c, int nan, uint32_t fl)
{
    (void)c;
    return f_minmax(ty, a, b, 1, nan, fl);
}

int
ex_minmax(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    bool max = in->op == OP_MAX;
    uint64_t a = src(x, t, in, 1), b = src(x, t, in, 2);
    if (is_float(ty)) {
        uint64_t r =
            fp_apply(max ? f_max : f_min, ty, a, b, 0, (in->flags & F_NAN) != 0, in->flags & F_FTZ);
        return done(t, in, r);
    }
    uint64_t va = ival(ty, a), vb = ival(ty, b);
    bool a_less = type_info[ty].kind == TK_SINT ? (int64_t)va < (int64_t)vb : va < vb;
    uint64_t r = (max ? (a_less ? vb : va) : (a_less ? va : vb)) & ty_mask(ty);
    if ((in->flags & F_RELU) && type_info[ty].kind == TK_SINT && (int64_t)ival(ty, r) < 0)
        r = 0;
    return done(t, in, r);
}

int
ex_copysign(Exec *x, Thread *t, const Inst *in)
{
    uint64_t sb = sign_bit(in->ty[0]);
    return done(t, in, (src(x, t, in, 2) & ~sb) | (src(x, t, in, 1) & sb));
}

/* rcp sqrt rsqrt sin cos lg2 ex2 tanh [PTX §9.7.3.10-9.7.3.21, §9.7.4.x] */
static double
sfu_value(int op, double v)
{
    switch (op) {
    case OP_RCP:
        return 1.0 / v;
    case OP_SQRT:
        return sqrt(v);
    case OP_RSQRT:
        return 1.0 / sqrt(v);
    case OP_SIN:
        return sin(v);
    case OP_COS:
        return cos(v);
    case OP_LG2:
        return log2(v);
    case OP_EX2:
        return exp2(v);
    default:
        return tanh(v);
    }
}

static uint64_t
sfu_one(const Inst *in, int ty, uint64_t a)
{
    uint32_t fl = in->flags & F_FTZ;
    if (!(in->flags & F_APPROX) && in->op == OP_RCP)
        return fp_div(ty, fp_from_double(ty, 1.0, 0, RND_RN, 0), a, in->rnd, fl);
    if (!(in->flags & F_APPROX) && in->op == OP_SQRT)
        return fp_sqrt(ty, a, in->rnd, fl);
    return fp_from_double(ty, sfu_value(in->op, fp_value(ty, a, fl)), 0, RND_RN, fl);
}

int
ex_sfu(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    uint64_t a = src(x, t, in, 1);
    if (!is_x2(ty))
        return done(t, in, sfu_one(in, ty, a));
    int h = half_of(ty);
    return done(t, in, sfu_one(in, h, a & 0xffff) | sfu_one(in, h, (a >> 16) & 0xffff) << 16);
}

int
ex_testp(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    uint64_t a = src(x, t, in, 1);
    double v = fp_value(ty, a, 0);
    bool r;
    switch (in->sub) {
    case SUB_FINITE:
        r = isfinite(v);
        break;
    case SUB_INFINITE:
        r = isinf(v);
        break;
    case SUB_NUMBER:
        r = v == v;
        break;
    case SUB_NOTANUMBER:
        r = v != v;
        break;
    case SUB_NORMAL:
        r = isnormal((float)v) || (ty == TY_F64 && isnormal(v));
        break;
    default:
        r = v != 0 && isfinite(v) && !(ty == TY_F64 ? isnormal(v) : isnormal((float)v));
        break;
    }
    return done(t, in, r);
}

int
ex_dp4a(Exec *x, Thread *t, const Inst *in)
{
    uint32_t a = (uint32_t)src(x, t, in, 1), b = (uint32_t)src(x, t, in, 2);
    bool sa = in->ty[0] == TY_S32, sb = in->nty > 1 ? in->ty[1] == TY_S32 : sa;
    int64_t acc = (int32_t)src(x, t, in, 3);
    for (int i = 0; i < 4; i++) {
        uint64_t ea = (a >> 8 * i) & 0xff, eb = (b >> 8 * i) & 0xff;
        acc += (sa ? sext(ea, 8) : (int64_t)ea) * (sb ? sext(eb, 8) : (int64_t)eb);
    }
    return done(t, in, (uint32_t)acc);
}

/* ---- logic and bits ---- */

int
ex_logic(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    uint64_t m = ty == TY_PRED ? 1 : ty_mask(ty);
    uint64_t a = src(x, t, in, 1) & m, b = in->nopd > 2 ? src(x, t, in, 2) & m : 0;
    if (ty == TY_PRED) {
        a ^= in->o[1].neg;
        b ^= in->nopd > 2 ? in->o[2].neg : 0;
    }
    switch (in->op) {
    case OP_AND:
        return done(t, in, a & b);
    case OP_OR:
        return done(t, in, a | b);
    case OP_XOR:
        return done(t, in, a ^ b);
    case OP_NOT:
        return done(t, in, ~a & m);
    default:
        return done(t, in, a == 0);
    }
}

int
ex_lop3(Exec *x, Thread *t, const Inst *in)
{
    uint32_t a = (uint32_t)src(x, t, in, 1), b = (uint32_t)src(x, t, in, 2),
             c = (uint32_t)src(x, t, in, 3);
    uint32_t lut = (uint32_t)src(x, t, in, 4), r = 0;
    for (int i = 0; i < 8; i++)
        if (lut >> i & 1)
            r |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
    return done(t, in, r);
}

int
ex_shift(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    unsigned bits = 8 * type_info[ty].bytes;
    uint64_t a = src(x, t, in, 1) & ty_mask(ty), n = (uint32_t)src(x, t, in, 2);
    if (in->op == OP_SHL)
        return done(t, in, n >= bits ? 0 : (a << n) & ty_mask(ty));
    if (type_info[ty].kind == TK_SINT) {
        int64_t v = sext(a, bits);
        return done(t, in, (uint64_t)(v >> (n >= bits ? bits - 1 : n)) & ty_mask(ty));
    }
    return done(t, in, n >= bits ? 0 : a >> n);
}

/* shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: funnel shift of b:a [§9.7.8.7] */
int
ex_shf(Exec *x, Thread *t, const Inst *in)
{
    uint64_t v = (src(x, t, in, 2) & 0xffffffffu) << 32 | (src(x, t, in, 1) & 0xffffffffu);
    uint32_t c = (uint32_t)src(x, t, in, 3);
    uint32_t n = (in->flags & F_WRAP) ? c & 31 : (c > 32 ? 32 : c);
    if (in->flags & F_L)
        return done(t, in, (uint32_t)((v << n) >> 32));
    return done(t, in, (uint32_t)(v >> n));
}

int
ex_bfe(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    unsigned msb = 8 * type_info[ty].bytes - 1;
    uint64_t a = src(x, t, in, 1);
    unsigned pos = (uint32_t)src(x, t, in, 2) & 0xff, len = (uint32_t)src(x, t, in, 3) & 0xff;
    unsigned top = pos + len - 1 > msb ? msb : pos + len - 1;
    uint64_t sbit = (type_info[ty].kind != TK_SINT || len == 0) ? 0 : (a >> top) & 1;
    uint64_t r = 0;
    for (unsigned i = 0; i <= msb; i++) {
        uint64_t bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : sbit;
        r |= bit << i;
    }
    return done(t, in, r);
}

int
ex_bfi(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    unsigned msb = 8 * type_info[ty].bytes - 1;
    uint64_t a = src(x, t, in, 1), r = src(x, t, in, 2) & ty_mask(ty);
    unsigned pos = (uint32_t)src(x, t, in, 3) & 0xff, len = (uint32_t)src(x, t, in, 4) & 0xff;
    for (unsigned i = 0; i < len && pos + i <= msb; i++)
        r = (r & ~(1ull << (pos + i))) | ((a >> i) & 1) << (pos + i);
    return done(t, in, r);
}

/* prmt.b32 d, a, b, c (default mode): byte i of d is byte c[4i+2:4i] of
 * {b, a}, replicated sign if c[4i+3] [§9.7.9.7] */
int
ex_prmt(Exec *x, Thread *t, const Inst *in)
{
    uint64_t v = (src(x, t, in, 2) & 0xffffffffu) << 32 | (src(x, t, in, 1) & 0xffffffffu);
    uint32_t c = (uint32_t)src(x, t, in, 3), r = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t sel = (c >> 4 * i) & 0xf, byte = (uint32_t)(v >> 8 * (sel & 7)) & 0xff;
        if (sel & 8)
            byte = (byte & 0x80) ? 0xff : 0;
        r |= byte << 8 * i;
    }
    return done(t, in, r);
}

int
ex_bitcount(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    unsigned bits = 8 * type_info[ty].bytes;
    uint64_t a = src(x, t, in, 1) & ty_mask(ty);
    uint64_t r = 0;
    switch (in->op) {
    case OP_POPC:
        for (; a; a &= a - 1)
            r++;
        break;
    case OP_CLZ:
        for (r = 0; r < bits && !(a >> (bits - 1 - r) & 1); r++)
            ;
        break;
    case OP_BREV:
        for (unsigned i = 0; i < bits; i++)
            r |= ((a >> i) & 1) << (bits - 1 - i);
        break;
    default: /* bfind */
        if (type_info[ty].kind == TK_SINT && (a >> (bits - 1) & 1))
            a = ~a & ty_mask(ty);
        r = 0xffffffffu;
        for (int i = (int)bits - 1; i >= 0; i--)
            if (a >> i & 1) {
                r = (in->flags & F_SHIFTAMT) ? bits - 1 - (unsigned)i : (unsigned)i;
                break;
            }
    }
    return done(t, in, r);
}

/* ---- compare and select ---- */

static bool
compare(int cmp, int ty, uint64_t a, uint64_t b, uint32_t fl)
{
    if (is_float(ty)) {
        double x = fp_value(ty, a, fl), y = fp_value(ty, b, fl);
        bool nan = x != x || y != y;
        switch (cmp) {
        case CMP_EQ:
            return !nan && x == y;
        case CMP_NE:
            return !nan && x != y;
        case CMP_LT:
            return !nan && x < y;
        case CMP_LE:
            return !nan && x <= y;
        case CMP_GT:
            return !nan && x > y;
        case CMP_GE:
            return !nan && x >= y;
        case CMP_EQU:
            return nan || x == y;
        case CMP_NEU:
            return nan || x != y;
        case CMP_LTU:
            return nan || x < y;
        case CMP_LEU:
            return nan || x <= y;
        case CMP_GTU:
            return nan || x > y;
        case CMP_GEU:
            return nan || x >= y;
        case CMP_NUM:
            return !nan;
        case CMP_NAN:
            return nan;
        default:
            return false;
        }
    }
    uint64_t ua = a & ty_mask(ty), ub = b & ty_mask(ty);
    int64_t sa = (int64_t)ival(ty, a), sb = (int64_t)ival(ty, b);
    bool sgn = type_info[ty].kind == TK_SINT;
    switch (cmp) {
    case CMP_EQ:
        return ua == ub;
    case CMP_NE:
        return ua != ub;
    case CMP_LT:
        return sgn ? sa < sb : ua < ub;
    case CMP_LE:
        return sgn ? sa <= sb : ua <= ub;
    case CMP_GT:
        return sgn ? sa > sb : ua > ub;
    case CMP_GE:
        return sgn ? sa >= sb : ua >= ub;
    case CMP_LO:
        return ua < ub;
    case CMP_LS:
        return ua <= ub;
    case CMP_HI:
        return ua > ub;
    case CMP_HS:
        return ua >= ub;
    default:
        return false;
    }
}

static bool
boolop(int sub, bool r, bool c)
{
    switch (sub) {
    case SUB_AND:
        return r && c;
    case SUB_OR:
        return r || c;
    case SUB_XOR:
        return r != c;
    default:
        return r;
    }
}

int
ex_setp(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    uint64_t a = src(x, t, in, 2), b = src(x, t, in, 3);
    bool c = in->o[4].kind != OPD_NONE && pred_read(x, t, &in->o[4]);
    uint32_t fl = in->flags & F_FTZ;
    if (is_x2(ty)) { /* p from the low halves, q from the high halves */
        int h = half_of(ty);
        bool lo = compare(in->cmp, h, a & 0xffff, b & 0xffff, fl);
        bool hi = compare(in->cmp, h, a >> 16 & 0xffff, b >> 16 & 0xffff, fl);
        reg_write(t, &in->o[0], boolop(in->sub, lo, c));
        reg_write(t, &in->o[1], boolop(in->sub, hi, c));
        return EX_NEXT;
    }
    bool r = compare(in->cmp, ty, a, b, fl);
    reg_write(t, &in->o[0], boolop(in->sub, r, c));
    reg_write(t, &in->o[1], boolop(in->sub, !r, c));
    return EX_NEXT;
}

int
ex_set(Exec *x, Thread *t, const Inst *in)
{
    int dt = in->ty[0], st = in->ty[1];
    bool c = in->o[3].kind != OPD_NONE && pred_read(x, t, &in->o[3]);
    bool r = boolop(in->sub,
                    compare(in->cmp, st, src(x, t, in, 1), src(x, t, in, 2), in->flags & F_FTZ), c);
    if (dt == TY_F32)
        return done(t, in, r ? 0x3f800000u : 0);
    return done(t, in, r ? ty_mask(dt) : 0);
}

int
ex_selp(Exec *x, Thread *t, const Inst *in)
{
    return done(t, in, pred_read(x, t, &in->o[3]) ? src(x, t, in, 1) : src(x, t, in, 2));
}

int
ex_slct(Exec *x, Thread *t, const Inst *in)
{
    uint64_t c = src(x, t, in, 3);
    bool ge = in->ty[1] == TY_F32 ? f32_of((uint32_t)c) >= 0 : (int32_t)c >= 0;
    return done(t, in, ge ? src(x, t, in, 1) : src(x, t, in, 2));
}

/* ---- mov [PTX §9.7.9.4] ---- */

int
ex_mov(Exec *x, Thread *t, const Inst *in)
{
    uint64_t m = in->ty[0] == TY_PRED ? 1 : ty_mask(in->ty[0]);
    uint64_t v = src(x, t, in, 1);
    if (in->ty[0] == TY_PRED)
        v = (v & 1) ^ in->o[1].neg;
    return done(t, in, v & m);
}

/* mov.b32 d, {lo, hi}: element 0 in the low bits */
int
ex_movpack(Exec *x, Thread *t, const Inst *in)
{
    const Opd *v = &in->o[1];
    unsigned eb = 8 * type_info[in->ty[0]].bytes / v->n;
    uint64_t em = eb >= 64 ? ~0ull : (1ull << eb) - 1, r = 0;
    for (unsigned i = 0; i < v->n; i++)
        r |= (opd_read(x, t, &x->vecs[v->r + i]) & em) << (eb * i);
    return done(t, in, r);
}

int
ex_movunpack(Exec *x, Thread *t, const Inst *in)
{
    const Opd *v = &in->o[0];
    unsigned eb = 8 * type_info[in->ty[0]].bytes / v->n;
    uint64_t em = eb >= 64 ? ~0ull : (1ull << eb) - 1, a = src(x, t, in, 1);
    for (unsigned i = 0; i < v->n; i++)
        reg_write(t, &x->vecs[v->r + i], (a >> (eb * i)) & em);
    return EX_NEXT;
}

/* ---- cvt [PTX §9.7.9.21] ---- */

static double
round_integral(int rnd, double v)
{
    switch (rnd) {
    case RND_RZI:
        return trunc(v);
    case RND_RMI:
        return floor(v);
    case RND_RPI:
        return ceil(v);
    default:
        return nearbyint(v); /* .rni: nearest, ties to even */
    }
}

static uint64_t
float_to_int(const Inst *in, int dt, double v)
{
    if (v != v)
        return 0;
    v = round_integral(in->rnd, v);
    unsigned bits = 8 * type_info[dt].bytes;
    if (type_info[dt].kind == TK_SINT) { /* saturate to the destination range */
        double lim = ldexp(1.0, (int)bits - 1);
        if (v <= -lim)
            return (uint64_t)(bits == 64 ? INT64_MIN : -(int64_t)lim) & ty_mask(dt);
        if (v >= lim)
            return (bits == 64 ? (uint64_t)INT64_MAX : (uint64_t)lim - 1) & ty_mask(dt);
        return (uint64_t)(int64_t)v & ty_mask(dt);
    }
    double hi = ldexp(1.0, (int)bits);
    if (v <= 0)
        return 0;
    if (v >= hi)
        return ty_mask(dt);
    return (uint64_t)v;
}

static uint64_t
float_to_float(const Inst *in, int dt, int st, uint64_t a)
{
    uint32_t fl = fpflags(in);
    double v = fp_value(st, a, in->flags & F_FTZ);
    int rnd = in->rnd;
    if (rnd >= RND_RNI) {
        v = round_integral(rnd, v);
        rnd = RND_RN;
    }
    if (dt == TY_TF32) {
        if (v != v)
            return 0x7fffffffu;
        return fp_round(v, 0, &FMT_TF32, rnd ? rnd : RND_RNA) << 13;
    }
    uint64_t r = fp_from_double(dt, v, 0, rnd, fl);
    if ((in->flags & F_SATFINITE) && !fp_isnan(dt, r) && isinf(fp_value(dt, r, 0)))
        r = fp_round(v < 0 ? -HUGE_VAL : HUGE_VAL, 0,
                     dt == TY_F16    ? &FMT_F16
                     : dt == TY_BF16 ? &FMT_BF16
                                     : &FMT_F32,
                     RND_RZ);
    return r;
}

static uint64_t
int_to_float(const Inst *in, int dt, int st, uint64_t a)
{
    uint64_t v = ival(st, a);
    double hp, lp, s, e;
    if (type_info[st].kind == TK_SINT)
        hp = (double)((int64_t)v >> 32) * 4294967296.0;
    else
        hp = (double)(v >> 32) * 4294967296.0;
    lp = (double)(v & 0xffffffffu);
    s = hp + lp;
    double bb = s - hp;
    e = (hp - (s - bb)) + (lp - bb);
    return fp_from_double(dt, s, e, in->rnd, fpflags(in));
}

static uint64_t
int_to_int(const Inst *in, int dt, int st, uint64_t a)
{
    uint64_t v = ival(st, a);
    unsigned db = 8 * type_info[dt].bytes;
    bool ds = type_info[dt].kind == TK_SINT, ss = type_info[st].kind == TK_SINT;
    if (in->flags & F_SAT) {
        int64_t smin = db >= 64 ? INT64_MIN : -(int64_t)(1ull << (db - 1));
        int64_t smax = db >= 64 ? INT64_MAX : (int64_t)((1ull << (db - 1)) - 1);
        uint64_t umax = ty_mask(dt);
        if (ds)
            v = ss ? (uint64_t)((int64_t)v < smin   ? smin
                                : (int64_t)v > smax ? smax
                                                    : (int64_t)v)
                   : (v > (uint64_t)smax ? (uint64_t)smax : v);
        else
            v = ss && (int64_t)v < 0 ? 0 : v > umax ? umax : v;
    }
    return ds ? (uint64_t)sext(v, db) : v & ty_mask(dt);
}

int
ex_cvt(Exec *x, Thread *t, const Inst *in)
{
    int dt = in->ty[0], st = in->ty[1];
    if (in->nopd == 3) { /* cvt.rn.f16x2.f32 d, a, b: a -> high half, b -> low half */
        int h = half_of(dt);
        uint64_t hi = float_to_float(in, h, TY_F32, src(x, t, in, 1));
        uint64_t lo = float_to_float(in, h, TY_F32, src(x, t, in, 2));
        return done(t, in, (lo & 0xffff) | (hi & 0xffff) << 16);
    }
    uint64_t a = src(x, t, in, 1) & ty_mask(st);
    bool df = is_float(dt), sf = is_float(st);
    if (sf && df)
        return done(t, in, float_to_float(in, dt, st, a));
    if (sf)
        return done(t, in, float_to_int(in, dt, fp_value(st, a, in->flags & F_FTZ)));
    if (df)
        return done(t, in, int_to_float(in, dt, st, a));
    return done(t, in, int_to_int(in, dt, st, a));
}

/* Integer mul/mad (.lo, .hi, .wide; not mad.sat) for the lanes of mask at once, with
 * ex_mul's and ex_mad's arithmetic (int_mul, then the sum in the result's width). */
bool
warp_int_fast(Thread *th, uint32_t mask, const Inst *in)
{
    int op = in->op, ty = in->ty[0];
    bool mad = op == OP_MAD;
    if ((op != OP_MUL && !mad) || is_float(ty) || in->guard != NOREG || in->o[0].kind != OPD_REG ||
        (in->flags & F_SAT) || !reg_or_imm(&in->o[1]) || !reg_or_imm(&in->o[2]) ||
        (mad && !reg_or_imm(&in->o[3])))
        return false;
    if (type_info[ty].bytes == 4 && !(in->flags & F_HI)) { /* the usual 32-bit .lo and .wide */
        const Opd *o1 = &in->o[1], *o2 = &in->o[2], *o3 = &in->o[3];
        uint32_t d = in->o[0].r;
        bool wide = (in->flags & F_WIDE) != 0, sgn = type_info[ty].kind == TK_SINT;
        for (; mask; mask &= mask - 1) {
            Thread *t = &th[__builtin_ctz(mask)];
            uint32_t a = (uint32_t)lane_val(t, o1), b = (uint32_t)lane_val(t, o2);
            uint64_t p;
            if (!wide) /* the low 32 bits, the same signed or not */
                p = (uint32_t)(a * b + (mad ? (uint32_t)lane_val(t, o3) : 0u));
            else {
                p = sgn ? (uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b)
                        : (uint64_t)a * (uint64_t)b;
                if (mad)
                    p += lane_val(t, o3);
            }
            t->r[d] = p;
        }
        return true;
    }
    unsigned bits = 8 * type_info[ty].bytes * ((in->flags & F_WIDE) ? 2 : 1);
    uint64_t m = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    for (; mask; mask &= mask - 1) {
        Thread *t = &th[__builtin_ctz(mask)];
        uint64_t p = int_mul(in, ty, lane_val(t, &in->o[1]), lane_val(t, &in->o[2]));
        if (mad)
            p = (p + lane_val(t, &in->o[3])) & m;
        t->r[in->o[0].r] = p;
    }
    return true;
}

/* and/or/xor/shl/shr (not .pred) for the lanes of mask at once, as ex_logic and ex_shift
 * compute them (shift amounts past the width: 0, or the sign for shr.s). */
bool
warp_bit_fast(Thread *th, uint32_t mask, const Inst *in)
{
    int op = in->op, ty = in->ty[0];
    if ((op != OP_AND && op != OP_OR && op != OP_XOR && op != OP_SHL && op != OP_SHR) ||
        ty == TY_PRED || in->guard != NOREG || in->nopd != 3 || in->o[0].kind != OPD_REG ||
        !reg_or_imm(&in->o[1]) || !reg_or_imm(&in->o[2]))
        return false;
    uint64_t m = ty_mask(ty);
    unsigned bits = 8 * type_info[ty].bytes;
    bool sgn = type_info[ty].kind == TK_SINT;
    for (; mask; mask &= mask - 1) {
        Thread *t = &th[__builtin_ctz(mask)];
        uint64_t a = lane_val(t, &in->o[1]) & m, b = lane_val(t, &in->o[2]), r;
        uint32_t n = (uint32_t)b;
        switch (op) {
        case OP_AND:
            r = a & b & m;
            break;
        case OP_OR:
            r = (a | b) & m;
            break;
        case OP_XOR:
            r = (a ^ b) & m;
            break;
        case OP_SHL:
            r = n >= bits ? 0 : (a << n) & m;
            break;
        default:
            r = sgn ? (uint64_t)(sext(a, bits) >> (n >= bits ? bits - 1 : n)) & m
                    : (n >= bits ? 0 : a >> n);
            break;
        }
        t->r[in->o[0].r] = r;
    }
    return true;
}
