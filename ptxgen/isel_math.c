/*
 * isel_math.c -- math.* on f32 (f16/bf16 are computed in f32 and rounded back; f64 and
 * the accurate erf/sin/cos/powf sequences are in isel_math64.c).
 *
 * Precision (f32; "ulp" = units in the last place of the f32 result; ex2.approx etc.
 * are PTX ISA 9.1 9.7.3 figures, the precise sequences are those nvcc 13.0 emits for
 * CUDA's expf/logf/tanhf, whose documented maximum errors are quoted):
 *
 *   op          default (fast)                          --precise-math
 *   math.exp    ex2.approx.ftz(x*log2 e): 2 ulp + the     nvcc's expf: 2 ulp, full range,
 *               rounding of x*log2 e (grows with |x|,      subnormal results kept
 *               ~ 2+|x|*2^-23*... ulp); subnormals flushed
 *   math.exp2   ex2.approx.ftz: 2 ulp, ftz                ex2.approx (no ftz): 2 ulp
 *   math.log    lg2.approx.ftz * ln 2: abs err 2^-21.4    nvcc's logf: 1 ulp
 *               on (0.5, 2), else ~2 ulp; ftz
 *   math.log2   lg2.approx.ftz: as lg2 above              lg2.approx: rel err 2^-22
 *   math.sqrt   sqrt.rn: IEEE (both modes)                sqrt.rn
 *   math.rsqrt  rsqrt.approx.ftz: rel err 2^-22.9         rsqrt.approx: same, no ftz
 *   math.tanh   tanh.approx: rel err 2^-10.987 (sm_75+)   nvcc's tanhf: 2 ulp
 *   math.sin/cos sin/cos.approx.ftz: abs err 2^-20.5      f64 sin/cos rounded to f32:
 *               on [-pi, pi], worse outside (no range     0.5 ulp measured (|x| <= 1e5)
 *               reduction)
 *   math.powf   ex2.approx(y * lg2.approx(x)): NaN for    f64 exp(y log|x|) with C's
 *               x < 0 (like CUDA's __powf), ~2 ulp +      special cases, rounded to f32:
 *               |y*log2 x| * 2^-22 relative               0.5 ulp measured
 *   math.erf    f64 erf rounded to f32: 0.5 ulp measured  the same
 *   math.absf, math.fma: exact (abs, fma.rn) in both modes.
 *
 * --fast-math: math.exp(a - b) as ex2.approx.ftz(fma(a, log2 e, b * -log2 e)), + |b|
 * 2^-24 (fast_exp_of_difference below).
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

static Slot
f(Emit *e)
{
    return new_reg(e, RC_F32);
}

static Slot
precise_exp(Emit *e, Slot x)
{
    Slot t1 = f(e), t2 = f(e), j = f(e), t3 = f(e), t4 = f(e), t5 = f(e), t6 = f(e), y = f(e);
    Slot r = new_reg(e, RC_B32), r2 = new_reg(e, RC_B32), sc = f(e), d = f(e);
    ins(e, "fma.rn.f32 %s, %s, 0f3BBB989D, 0f3F000000;", S(e, t1), S(e, x));
    ins(e, "cvt.sat.f32.f32 %s, %s;", S(e, t2), S(e, t1));
    ins(e, "fma.rm.f32 %s, %s, 0f437C0000, 0f4B400001;", S(e, j), S(e, t2));
    ins(e, "add.f32 %s, %s, 0fCB40007F;", S(e, t3), S(e, j));
    ins(e, "neg.f32 %s, %s;", S(e, t4), S(e, t3));
    ins(e, "fma.rn.f32 %s, %s, 0f3FB8AA3B, %s;", S(e, t5), S(e, x), S(e, t4));
    ins(e, "fma.rn.f32 %s, %s, 0f32A57060, %s;", S(e, t6), S(e, x), S(e, t5));
    ins(e, "mov.b32 %s, %s;", S(e, r), S(e, j));
    ins(e, "shl.b32 %s, %s, 23;", S(e, r2), S(e, r));
    ins(e, "mov.b32 %s, %s;", S(e, sc), S(e, r2));
    ins(e, "ex2.approx.ftz.f32 %s, %s;", S(e, y), S(e, t6));
    ins(e, "mul.f32 %s, %s, %s;", S(e, d), S(e, y), S(e, sc));
    return d;
}

/* logf: reduce to m in [0.75, 1.5) and exponent i, log1p polynomial of m-1, + i*ln 2 */
static Slot
precise_log(Emit *e, Slot x)
{
    static const char *const poly[] = { "0f3E1039F6", "0fBDF8CDCC", "0f3E0F2955", "0fBE2AD8B9",
                                        "0f3E4CED0B", "0fBE7FFF22", "0f3EAAAA78", "0fBF000000" };
    Slot p1 = new_reg(e, RC_PRED), p2 = new_reg(e, RC_PRED), p3 = new_reg(e, RC_PRED);
    Slot xs = f(e), a = f(e), bias = f(e), ia = new_reg(e, RC_B32), ib = new_reg(e, RC_B32);
    Slot ie = new_reg(e, RC_B32), im = new_reg(e, RC_B32), m = f(e), fe = f(e), ex = f(e);
    Slot u = f(e), q = f(e);
    ins(e, "setp.lt.f32 %s, %s, 0f00800000;", S(e, p1), S(e, x));
    ins(e, "mul.f32 %s, %s, 0f4B000000;", S(e, xs), S(e, x));
    ins(e, "selp.f32 %s, %s, %s, %s;", S(e, a), S(e, xs), S(e, x), S(e, p1));
    ins(e, "selp.f32 %s, 0fC1B80000, 0f00000000, %s;", S(e, bias), S(e, p1));
    ins(e, "mov.b32 %s, %s;", S(e, ia), S(e, a));
    ins(e, "add.s32 %s, %s, -1059760811;", S(e, ib), S(e, ia));
    ins(e, "and.b32 %s, %s, -8388608;", S(e, ie), S(e, ib));
    ins(e, "sub.s32 %s, %s, %s;", S(e, im), S(e, ia), S(e, ie));
    ins(e, "mov.b32 %s, %s;", S(e, m), S(e, im));
    ins(e, "cvt.rn.f32.s32 %s, %s;", S(e, fe), S(e, ie));
    ins(e, "fma.rn.f32 %s, %s, 0f34000000, %s;", S(e, ex), S(e, fe), S(e, bias));
    ins(e, "add.f32 %s, %s, 0fBF800000;", S(e, u), S(e, m));
    ins(e, "fma.rn.f32 %s, 0fBE055027, %s, %s;", S(e, q), S(e, u), poly[0]);
    for (int i = 1; i < 8; i++) {
        Slot n = f(e);
        ins(e, "fma.rn.f32 %s, %s, %s, %s;", S(e, n), S(e, q), S(e, u), poly[i]);
        q = n;
    }
    Slot uq = f(e), l1 = f(e), r = f(e), d = f(e);
    ins(e, "mul.f32 %s, %s, %s;", S(e, uq), S(e, u), S(e, q));
    ins(e, "fma.rn.f32 %s, %s, %s, %s;", S(e, l1), S(e, uq), S(e, u), S(e, u));
    ins(e, "fma.rn.f32 %s, %s, 0f3F317218, %s;", S(e, r), S(e, ex), S(e, l1));
    ins(e, "setp.lt.u32 %s, %s, 2139095040;", S(e, p2), S(e, ia)); /* finite, >= 0 */
    ins(e, "@!%s fma.rn.f32 %s, %s, 0f7F800000, 0f7F800000;", S(e, p2), S(e, r), S(e, a));
    ins(e, "setp.eq.f32 %s, %s, 0f00000000;", S(e, p3), S(e, a));
    ins(e, "selp.f32 %s, 0fFF800000, %s, %s;", S(e, d), S(e, r), S(e, p3));
    return d;
}

/* tanhf: 1 - 2/(exp(2|x|)+1) with the sign copied, a polynomial below 0.6 */
static Slot
precise_tanh(Emit *e, Slot x)
{
    Slot ax = f(e), t = f(e), ex = f(e), den = f(e), rc = f(e), big = f(e), cl = f(e), sg = f(e);
    Slot x2 = f(e), q = f(e), sm = f(e), d = f(e);
    Slot p1 = new_reg(e, RC_PRED), p2 = new_reg(e, RC_PRED);
    static const char *const poly[] = { "0fBD563CAE", "0f3E085941", "0fBEAAA9ED", "0f00000000" };
    ins(e, "abs.f32 %s, %s;", S(e, ax), S(e, x));
    ins(e, "mul.f32 %s, %s, 0f4038AA3B;", S(e, t), S(e, ax));
    ins(e, "ex2.approx.ftz.f32 %s, %s;", S(e, ex), S(e, t));
    ins(e, "add.f32 %s, %s, 0f3F800000;", S(e, den), S(e, ex));
    ins(e, "rcp.approx.ftz.f32 %s, %s;", S(e, rc), S(e, den));
    ins(e, "fma.rn.f32 %s, %s, 0fC0000000, 0f3F800000;", S(e, big), S(e, rc));
    ins(e, "setp.ge.f32 %s, %s, 0f41102CB4;", S(e, p1), S(e, ax));
    ins(e, "selp.f32 %s, 0f3F800000, %s, %s;", S(e, cl), S(e, big), S(e, p1));
    ins(e, "copysign.f32 %s, %s, %s;", S(e, sg), S(e, x), S(e, cl));
    ins(e, "mul.f32 %s, %s, %s;", S(e, x2), S(e, x), S(e, x));
    ins(e, "fma.rn.f32 %s, 0f3C80F082, %s, %s;", S(e, q), S(e, x2), poly[0]);
    for (int i = 1; i < 4; i++) {
        Slot n = f(e);
        ins(e, "fma.rn.f32 %s, %s, %s, %s;", S(e, n), S(e, q), S(e, x2), poly[i]);
        q = n;
    }
    ins(e, "fma.rn.f32 %s, %s, %s, %s;", S(e, sm), S(e, q), S(e, x), S(e, x));
    ins(e, "setp.ge.f32 %s, %s, 0f3F19999A;", S(e, p2), S(e, ax));
    ins(e, "selp.f32 %s, %s, %s, %s;", S(e, d), S(e, sg), S(e, sm), S(e, p2));
    return d;
}

/* d = x * k (k an f32 immediate) */
static Slot
scale(Emit *e, Slot x, const char *k)
{
    Slot d = f(e);
    ins(e, "mul%s.f32 %s, %s, %s;", e->opt->precise_math ? ".rn" : "", S(e, d), S(e, x), k);
    return d;
}

/* one instruction `name d, x;` */
static Slot
one(Emit *e, const char *name, Slot x)
{
    Slot d = f(e);
    ins(e, "%s %s, %s;", name, S(e, d), S(e, x));
    return d;
}

/* Scalar f32 math; called by elementwise() through lower_float(). */
Slot
math_scalar_f32(Emit *e, OpKind k, const Slot *a, int na)
{
    bool precise = e->opt->precise_math;
    Slot x = as_reg(e, a[0]);
    (void)na;
    switch (k) {
    case OP_EXP:
        if (precise)
            return precise_exp(e, x);
        return one(e, "ex2.approx.ftz.f32", scale(e, x, "0f3FB8AA3B"));
    case OP_EXP2:
        return one(e, precise ? "ex2.approx.f32" : "ex2.approx.ftz.f32", x);
    case OP_LOG:
        if (precise)
            return precise_log(e, x);
        return scale(e, one(e, "lg2.approx.ftz.f32", x), "0f3F317218");
    case OP_LOG2:
        return one(e, precise ? "lg2.approx.f32" : "lg2.approx.ftz.f32", x);
    case OP_RSQRT:
        return one(e, precise ? "rsqrt.approx.f32" : "rsqrt.approx.ftz.f32", x);
    case OP_TANH:
        if (precise)
            return precise_tanh(e, x);
        return one(e, "tanh.approx.f32", x);
    case OP_SIN:
    case OP_COS:
        if (precise)
            return ptxgen_math_f32_via_f64(e, k, a, na);
        return one(e, k == OP_SIN ? "sin.approx.ftz.f32" : "cos.approx.ftz.f32", x);
    case OP_ERF:
        return ptxgen_math_f32_via_f64(e, k, a, na);
    case OP_POWF: {
        if (precise)
            return ptxgen_math_f32_via_f64(e, k, a, na);
        Slot l = one(e, "lg2.approx.ftz.f32", x), p = f(e);
        ins(e, "mul.f32 %s, %s, %s;", S(e, p), S(e, l), S(e, a[1]));
        return one(e, "ex2.approx.ftz.f32", p);
    }
    default:
        break;
    }
    fail_op(e, "has no %sPTX lowering for this type", precise ? "accurate (--precise-math) " : "");
    return x;
}

/*
 * --fast-math: math.exp(a - b) on f32 (softmax's and attention's exp(s - max)) as
 *
 *     n = b * -L                   once per b (cleanup's CSE): once per row
 *     t = fma(a, L, n)             one instruction an element, where the default pays
 *     p = ex2.approx.ftz(t)        sub + mul; the arith.subf, left unused, is removed
 *
 * with L = log2 e rounded to f32.  With u = 2^-24, n = -bL(1 + e1) and t = (aL + n)
 * (1 + e2), |e1|, |e2| <= u, so t is off (a - b) log2 e by at most |a - b| (2^-26.2 + u)
 * log2 e (L's error and the fma's rounding: the default's sub and mul round twice) and
 * |b| u log2 e (the rounding of n, which the default does not have).  In the result,
 * 2^t, that is a relative error of at most
 *
 *     2^-22 (ex2.approx.ftz: 2 ulp) + |a - b| 2^-23.5 + |b| 2^-24
 *
 * (ln 2 log2 e = 1): the default's bound plus |b| 2^-24.  The special values are the
 * default's: a = -inf gives 0, an infinite or NaN b gives NaN (inf - inf), and so does
 * -inf - -inf.  Only while |b| log2 e is finite (|b| < 2^127.4).
 */
/* Is o an f32 arith.subf whose operands have o's result type? */
static bool
is_f32_subf(Emit *e, OpId o)
{
    const Op *op = o ? op_get(e->m, o) : NULL;
    if (!op || op->kind != OP_SUBF || op->nargs != 2)
        return false;
    TypeId t = value_type(e->m, op->res[0]);
    return type_element(e->m, t) == TY_F32 && pack_factor(e->m, t) == 1 &&
           value_type(e->m, op->args[0]) == t && value_type(e->m, op->args[1]) == t;
}

/* The operands of subf op o, element by element, into a[] and b[] (n elements). */
static bool
subf_elements(Emit *e, OpId o, uint32_t n, Slot *a, Slot *b)
{
    const Op *op = op_get(e->m, o);
    Rep *ra = rep_of(e, op->args[0]), *rb = rep_of(e, op->args[1]);
    if (ra->n * ra->per != n || rb->n * rb->per != n)
        return false;
    unpack_all(e, ra, a);
    unpack_all(e, rb, b);
    return true;
}

/*
 * Element i of the f32 vector v as a difference a[i] - b[i]: v an arith.subf, or a
 * vector.from_elements of scalar subfs and of vector.extracts (one static position) of
 * 1-D subfs (the register permutation of attention's P: distribute/'s "registers"
 * conversion).  False where an element is anything else.
 */
static bool
difference_elements(Emit *e, ValueId v, uint32_t nel, Slot *a, Slot *b)
{
    OpId d = value_get(e->m, v)->def;
    if (is_f32_subf(e, d))
        return subf_elements(e, d, nel, a, b);
    const Op *fe = d ? op_get(e->m, d) : NULL;
    if (!fe || fe->kind != OP_FROM_ELEMENTS || fe->nargs != nel)
        return false;
    OpId cached = 0;
    uint32_t cn = 0;
    Slot *ca = NULL, *cb = NULL;
    for (uint32_t i = 0; i < nel; i++) {
        OpId x = value_get(e->m, op_get(e->m, d)->args[i])->def;
        if (is_f32_subf(e, x)) {
            if (!subf_elements(e, x, 1, &a[i], &b[i]))
                return false;
            continue;
        }
        const Op *ex = x ? op_get(e->m, x) : NULL;
        const Attr *p = ex && ex->kind == OP_EXTRACT && ex->nargs == 1
                            ? op_attr(e->m, x, "static_position")
                            : NULL;
        if (!p || p->kind != ATTR_DENSE_ARRAY || p->n != 1)
            return false;
        OpId s = value_get(e->m, ex->args[0])->def;
        TypeId st = value_type(e->m, ex->args[0]);
        if (!is_f32_subf(e, s) || type_get(e->m, st)->rank != 1)
            return false;
        uint32_t sn = (uint32_t)type_num_elements(e->m, st);
        if (s != cached) {
            ca = arena_alloc(&e->m->arena, (sn + 4) * sizeof(Slot));
            cb = arena_alloc(&e->m->arena, (sn + 4) * sizeof(Slot));
            if (!subf_elements(e, s, sn, ca, cb))
                return false;
            cached = s;
            cn = sn;
        }
        if (p->ints[0] < 0 || (uint64_t)p->ints[0] >= cn)
            return false;
        a[i] = ca[p->ints[0]];
        b[i] = cb[p->ints[0]];
    }
    return true;
}

/*
 * --fast-math: math.exp(a - b) on f32 (softmax's and attention's exp(s - max)) as
 *
 *     n = b * -L                   once per b (cleanup's CSE): once per row
 *     t = fma(a, L, n)             one instruction an element, where the default pays
 *     p = ex2.approx.ftz(t)        sub + mul; the arith.subf, left unused, is removed
 *
 * with L = log2 e rounded to f32.  With u = 2^-24, n = -bL(1 + e1) and t = (aL + n)
 * (1 + e2), |e1|, |e2| <= u, so t is off (a - b) log2 e by at most |a - b| (2^-26.2 + u)
 * log2 e (L's error and the fma's rounding: the default's sub and mul round twice) and
 * |b| u log2 e (the rounding of n, which the default does not have).  In the result,
 * 2^t, that is a relative error of at most
 *
 *     2^-22 (ex2.approx.ftz: 2 ulp) + |a - b| 2^-23.5 + |b| 2^-24
 *
 * (ln 2 log2 e = 1): the default's bound plus |b| 2^-24.  The special values are the
 * default's: a = -inf gives 0, an infinite or NaN b gives NaN (inf - inf), and so does
 * -inf - -inf.  Only while |b| log2 e is finite (|b| < 2^127.4).
 */
static bool
fast_exp_of_difference(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    TypeId rt = value_type(e->m, op->res[0]);
    if (!e->opt->fast_math || e->opt->precise_math || op->kind != OP_EXP ||
        type_element(e->m, rt) != TY_F32 || pack_factor(e->m, rt) != 1)
        return false;
    uint32_t nel = (uint32_t)type_num_elements(e->m, rt);
    Slot *a = arena_alloc(&e->m->arena, (nel + 4) * sizeof(Slot));
    Slot *b = arena_alloc(&e->m->arena, (nel + 4) * sizeof(Slot));
    Slot *out = arena_alloc(&e->m->arena, (nel + 1) * sizeof(Slot));
    if (!difference_elements(e, op->args[0], nel, a, b))
        return false;
    Rep *dst = rep_new(e, op_get(e->m, o)->res[0], nel, 1, TY_F32);
    for (uint32_t i = 0; i < nel; i++) {
        Slot n = f(e), t = f(e);
        ins(e, "mul.f32 %s, %s, 0fBFB8AA3B;", S(e, n), S(e, as_reg(e, b[i])));
        ins(e, "fma.rn.f32 %s, %s, 0f3FB8AA3B, %s;", S(e, t), S(e, as_reg(e, a[i])), S(e, n));
        out[i] = one(e, "ex2.approx.ftz.f32", t);
    }
    pack_elems(e, dst, out, nel);
    return !e->failed;
}

bool
isel_math(Emit *e, OpId o)
{
    if (fast_exp_of_difference(e, o))
        return true;
    return elementwise(e, o);
}
