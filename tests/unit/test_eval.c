/*
 * test_eval.c -- the reference evaluator against hand-computed results.
 *
 * Every expected value below is worked out from first principles (the
 * arithmetic is in the comments), never taken from eval itself.  The IR is
 * built with the ir.h builder API: each test opens a function with
 * fn_begin(), emits ops into it and runs it with eval_function() or
 * eval_kernel().  The kernel tests at the end are MLIR text, parsed by the
 * frontend.
 */
#include "eval/eval.h"

#include "ir/frontend.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

/* doubles equal bit for bit in value (NaN equals NaN) */
static bool
same(double a, double b)
{
    return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b));
}

#define CHECK_F(got, want)                                                                         \
    do {                                                                                           \
        double g_ = (got), w_ = (want);                                                            \
        checks++;                                                                                  \
        if (!same(g_, w_)) {                                                                       \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: got %.17g, want %.17g (%s)\n", __FILE__, __LINE__, g_, w_,     \
                    #got);                                                                         \
        }                                                                                          \
    } while (0)

#define CHECK_I(got, want)                                                                         \
    do {                                                                                           \
        long long g_ = (got), w_ = (want);                                                         \
        checks++;                                                                                  \
        if (g_ != w_) {                                                                            \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: got %lld, want %lld (%s)\n", __FILE__, __LINE__, g_, w_,       \
                    #got);                                                                         \
        }                                                                                          \
    } while (0)

/* ------------------------------------------------------------ IR builder */

static Module M;
static Diag D;
static BlockId B; /* where emit() appends */
static OpId FN;   /* the function being built */
static uint32_t FILE_ID, LINE;

static void
reset(void)
{
    module_free(&M);
    diag_free(&D);
    module_init(&M);
    diag_init(&D);
    FILE_ID = diag_add_file(&D, "test.mlir", NULL, 0);
    LINE = 1;
}

/* a macro, not a function: tcc 0.9.27 returns a 12-byte struct over its neighbour (port.h) */
#define next_loc() ((Loc){ FILE_ID, ++LINE, 3, 0 })

static TypeId
vec(TypeId elem, uint32_t rank, ...)
{
    int64_t shape[8];
    va_list ap;
    va_start(ap, rank);
    for (uint32_t i = 0; i < rank; i++)
        shape[i] = va_arg(ap, int);
    va_end(ap);
    return type_vector(&M, elem, rank, shape);
}

static TypeId
mref(TypeId elem, uint32_t rank, ...)
{
    int64_t shape[8];
    va_list ap;
    va_start(ap, rank);
    for (uint32_t i = 0; i < rank; i++)
        shape[i] = va_arg(ap, int);
    va_end(ap);
    return type_memref(&M, elem, rank, shape, NULL, 0, false);
}

/* func.func @name(params) -> (results); its arguments go to args[] */
static void
fn_begin(const char *name, uint32_t n, const TypeId *params, ValueId *args)
{
    FN = op_new(&M, OP_FUNC, next_loc(), 0, NULL, 0, NULL, 1);
    RegionId r = region_new(&M, FN);
    op_get(&M, FN)->regions[0] = r;
    B = block_new(&M);
    region_append(&M, r, B);
    for (uint32_t i = 0; i < n; i++)
        args[i] = block_add_arg(&M, B, params[i], next_loc(), NULL);
    op_set_attr(&M, FN, "sym_name", attr_string(&M, name, (uint32_t)strlen(name)));
    block_append(&M, op_entry_block(&M, M.top, 0), FN);
}

/* Appends op k with n operands (varargs ValueIds) and one result of type rt
 * (0: none); returns the op. */
static OpId
emit_op(OpKind k, TypeId rt, uint32_t n, ...)
{
    ValueId args[16];
    va_list ap;
    va_start(ap, n);
    for (uint32_t i = 0; i < n; i++)
        args[i] = va_arg(ap, ValueId);
    va_end(ap);
    OpId o = op_new(&M, k, next_loc(), n, args, rt ? 1 : 0, &rt, 0);
    block_append(&M, B, o);
    return o;
}

static ValueId
res(OpId o)
{
    return op_get(&M, o)->res[0];
}

#define EMIT(k, rt, ...) res(emit_op(k, rt, __VA_ARGS__))

static void
ret(uint32_t n, ...)
{
    ValueId args[32];
    va_list ap;
    va_start(ap, n);
    for (uint32_t i = 0; i < n; i++)
        args[i] = va_arg(ap, ValueId);
    va_end(ap);
    block_append(&M, B, op_new(&M, OP_RETURN, next_loc(), n, args, 0, NULL, 0));
}

static ValueId
cst_f(TypeId t, double v)
{
    OpId o = emit_op(OP_CONSTANT, t, 0);
    op_set_attr(&M, o, "value", attr_float(&M, v, t));
    return res(o);
}

static ValueId
cst_i(TypeId t, int64_t v)
{
    OpId o = emit_op(OP_CONSTANT, t, 0);
    op_set_attr(&M, o, "value", attr_int(&M, v, t));
    return res(o);
}

/* dense<[...]> constant of vector type t from n doubles */
static ValueId
cst_vf(TypeId t, uint32_t n, const double *v)
{
    OpId o = emit_op(OP_CONSTANT, t, 0);
    Attr *a = arena_alloc(&M.arena, sizeof *a);
    a->kind = ATTR_DENSE;
    a->type = t;
    a->n = n;
    a->splat = n == 1;
    a->floats = arena_copy(&M.arena, v, n * sizeof *v);
    op_set_attr(&M, o, "value", a);
    return res(o);
}

static ValueId
cst_vi(TypeId t, uint32_t n, const int64_t *v)
{
    OpId o = emit_op(OP_CONSTANT, t, 0);
    Attr *a = arena_alloc(&M.arena, sizeof *a);
    a->kind = ATTR_DENSE;
    a->type = t;
    a->n = n;
    a->splat = n == 1;
    a->ints = arena_copy(&M.arena, v, n * sizeof *v);
    op_set_attr(&M, o, "value", a);
    return res(o);
}

static void
set_ints(OpId o, const char *name, uint32_t n, const int64_t *v)
{
    op_set_attr(&M, o, name, attr_int_array(&M, v, n, TY_I64));
}

static void
set_dense(OpId o, const char *name, uint32_t n, const int64_t *v)
{
    op_set_attr(&M, o, name, attr_dense_array(&M, TY_I64, v, NULL, n));
}

static void
set_kind(OpId o, const char *kind)
{
    op_set_attr(&M, o, "kind", attr_enum(&M, "vector", "kind", kind, false));
}

static void
set_bools(OpId o, const char *name, uint32_t n, const bool *v)
{
    const Attr *items[8];
    for (uint32_t i = 0; i < n; i++)
        items[i] = attr_bool(&M, v[i]);
    op_set_attr(&M, o, name, attr_array(&M, items, n));
}

/* affine_map<(d0..d{nd-1}) -> (r...)>: r >= 0 is dim r, -1 is the constant 0 */
static const Attr *
perm_map(uint32_t nd, uint32_t nr, const int *r)
{
    const AffineExpr *e[8];
    for (uint32_t i = 0; i < nr; i++)
        e[i] = r[i] >= 0 ? affine_dim(&M, (uint32_t)r[i]) : affine_const(&M, 0);
    return attr_affine_map(&M, affine_map_new(&M, nd, 0, nr, e));
}

/* --------------------------------------------------------------- running */

static float fbuf[32][64]; /* result buffers (f32) */
static int32_t ibuf[32][64];

/* Runs FN with args; vector results of f32 land in fbuf[k], i32/i1 in ibuf[k]
 * (i1 results are returned as stored: 0/1 bytes, read via ibuf as bytes). */
static bool
run(uint32_t nargs, const EvalArg *args, uint32_t nres, EvalArg *out)
{
    for (uint32_t k = 0; k < nres; k++) {
        memset(&out[k], 0, sizeof out[k]);
        const Op *r = NULL;
        (void)r;
        out[k].buf.data = NULL;
    }
    /* give each vector result a buffer of the right element type */
    const Block *blk = block_get(&M, B);
    OpId term = blk->ops.items[blk->ops.n - 1];
    for (uint32_t k = 0; k < nres; k++) {
        TypeId t = value_type(&M, op_get(&M, term)->args[k]);
        if (type_is_vector(&M, t))
            out[k].buf.data = type_element(&M, t) == TY_F32 ? (void *)fbuf[k] : (void *)ibuf[k];
    }
    EvalOptions opt = { { 1, 1, 1 }, { 1, 1, 1 }, 100000 };
    bool ok = eval_function(&M, FN, args, nargs, out, nres, &opt, &D);
    if (!ok && getenv("TEST_VERBOSE"))
        diag_render(&D, stderr);
    return ok;
}

/* The error message recorded in D (first error), or "". */
static const char *
first_error(uint32_t *line)
{
    for (uint32_t i = 0; i < D.nrecs; i++)
        if (D.recs[i].level == DIAG_ERROR) {
            if (line)
                *line = D.recs[i].loc.line;
            return D.recs[i].msg;
        }
    return "";
}

/* ------------------------------------------------------------ the tests */

static void
test_formats(void)
{
    /* 1/3 = 1.0101010101|0101..b x 2^-2: the dropped bits are < half, so the
     * f16 significand is 0101010101b = 0x155, biased exponent 13. */
    CHECK_I(eval_f16_bits(1.0 / 3), (13 << 10) | 0x155);
    CHECK_F(eval_round(1.0 / 3, TY_F16), 0x555 / 4096.0); /* 1.0101010101b / 4 = 1365/4096 */
    CHECK_I(eval_f16_bits(1.0), 0x3c00);
    CHECK_I(eval_f16_bits(-2.0), 0xc000);
    CHECK_I(eval_f16_bits(65504), 0x7bff);             /* largest finite */
    CHECK_I(eval_f16_bits(65519), 0x7bff);             /* below the halfway point 65520 */
    CHECK_I(eval_f16_bits(65520), 0x7c00);             /* tie rounds to even: 65536 = inf */
    CHECK_I(eval_f16_bits(ldexp(1, -24)), 0x0001);     /* smallest subnormal */
    CHECK_I(eval_f16_bits(ldexp(1, -25)), 0x0000);     /* tie between 0 and 2^-24: even is 0 */
    CHECK_I(eval_f16_bits(ldexp(3, -26)), 0x0001);     /* 0.75 ulp rounds up */
    CHECK_I(eval_f16_bits(ldexp(1, -14)), 0x0400);     /* smallest normal */
    CHECK_I(eval_f16_bits(1 + ldexp(1, -11)), 0x3c00); /* tie: to even (1.0) */
    CHECK_I(eval_f16_bits(1 + ldexp(3, -11)), 0x3c02); /* tie: 1+2^-10 is odd, 1+2^-9 even */
    CHECK_I(eval_f16_bits(-0.0), 0x8000);
    CHECK_I(eval_f16_bits(INFINITY), 0x7c00);
    CHECK_I(eval_f16_bits(NAN) & 0x7c00, 0x7c00);
    CHECK(eval_f16_bits(NAN) & 0x3ff);
    CHECK_F(eval_f16_value(0x0001), ldexp(1, -24));
    CHECK_F(eval_f16_value(0x3555), 1365 / 4096.0);
    CHECK_F(eval_f16_value(0xfc00), -INFINITY);
    CHECK(isnan(eval_f16_value(0x7e00)));
    /* bf16: 1/3 in f32 is 0x3eaaaaab; the low half 0xaaab > 0x8000 rounds up */
    CHECK_I(eval_bf16_bits(1.0 / 3), 0x3eab);
    CHECK_F(eval_bf16_value(0x3eab), 0.333984375); /* 1.0101011b x 2^-2 = 171/512 */
    CHECK_I(eval_bf16_bits(1.0), 0x3f80);
    CHECK_I(eval_bf16_bits(1 + ldexp(1, -8)), 0x3f80);   /* tie to even */
    CHECK_I(eval_bf16_bits(1 + ldexp(3, -8)), 0x3f82);   /* tie, odd below: up */
    CHECK_F(eval_round(1 + ldexp(1, -24), TY_F32), 1.0); /* f32 tie to even */
    CHECK_F(eval_round(1 + ldexp(3, -24), TY_F32), 1 + ldexp(1, -22));
    CHECK_F(eval_round(1 + ldexp(1, -11), TY_TF32), 1.0);
    CHECK_F(eval_round(ldexp(1, -149), TY_F32), ldexp(1, -149)); /* f32 subnormal kept */
    CHECK_F(eval_round(ldexp(1, -150), TY_F32), 0.0);            /* tie to even: 0 */
}

/* f16 arithmetic rounds after every op; f32 is single precision; fma fuses */
static void
test_float_arith(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    ValueId one = cst_f(TY_F16, 1), three = cst_f(TY_F16, 3);
    ValueId third = EMIT(OP_DIVF, TY_F16, 2, one, three);
    ValueId big = cst_f(TY_F16, 2048);
    ValueId sum = EMIT(OP_ADDF, TY_F16, 2, big, one); /* 2049: spacing at 2048 is 2, tie -> 2048 */
    ValueId third32 = EMIT(OP_EXTF, TY_F32, 1, third);
    ValueId sum32 = EMIT(OP_EXTF, TY_F32, 1, sum);
    /* (1+2^-23)(1-2^-23) - 1 = -2^-46 exactly with fma; mulf rounds the product to 1 */
    ValueId p = cst_f(TY_F32, 1 + ldexp(1, -23)), q = cst_f(TY_F32, 1 - ldexp(1, -23));
    ValueId m1 = cst_f(TY_F32, -1);
    ValueId fused = EMIT(OP_FMA, TY_F32, 3, p, q, m1);
    ValueId unfused = EMIT(OP_ADDF, TY_F32, 2, EMIT(OP_MULF, TY_F32, 2, p, q), m1);
    /* f32 1/3 = 0x3eaaaaab = 11184811 / 2^25 */
    ValueId d32 = EMIT(OP_DIVF, TY_F32, 2, cst_f(TY_F32, 1), cst_f(TY_F32, 3));
    ValueId sq = EMIT(OP_SQRT, TY_F32, 1, cst_f(TY_F32, 4));
    ValueId ex = EMIT(OP_EXP, TY_F32, 1, cst_f(TY_F32, 0));
    ValueId ng = EMIT(OP_NEGF, TY_F32, 1, cst_f(TY_F32, 0));
    ValueId ab = EMIT(OP_ABSF, TY_F32, 1, cst_f(TY_F32, -2.5));
    ValueId rm = EMIT(OP_REMF, TY_F32, 2, cst_f(TY_F32, -7), cst_f(TY_F32, 3)); /* fmod: -1 */
    ValueId tr = EMIT(OP_TRUNCF, TY_BF16, 1, cst_f(TY_F32, 1.0 / 3));
    ValueId tr32 = EMIT(OP_EXTF, TY_F32, 1, tr);
    ret(11, third32, sum32, fused, unfused, d32, sq, ex, ng, ab, rm, tr32);
    EvalArg out[11];
    CHECK(run(0, NULL, 11, out));
    CHECK_F(out[0].f, 1365 / 4096.0);
    CHECK_F(out[1].f, 2048);
    CHECK_F(out[2].f, -ldexp(1, -46));
    CHECK_F(out[3].f, 0);
    CHECK_F(out[4].f, 11184811 / 33554432.0);
    CHECK_F(out[5].f, 2);
    CHECK_F(out[6].f, 1);
    CHECK_F(out[7].f, -0.0);
    CHECK_F(out[8].f, 2.5);
    CHECK_F(out[9].f, -1);
    CHECK_F(out[10].f, 0.333984375);
}

static void
test_minmax_cmp(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    ValueId nan = cst_f(TY_F32, NAN), one = cst_f(TY_F32, 1), two = cst_f(TY_F32, 2);
    ValueId pz = cst_f(TY_F32, 0), nz = cst_f(TY_F32, -0.0);
    ValueId r0 = EMIT(OP_MAXIMUMF, TY_F32, 2, nan, one);
    ValueId r1 = EMIT(OP_MAXNUMF, TY_F32, 2, nan, one);
    ValueId r2 = EMIT(OP_MINIMUMF, TY_F32, 2, one, nan);
    ValueId r3 = EMIT(OP_MINNUMF, TY_F32, 2, one, nan);
    ValueId r4 = EMIT(OP_MAXIMUMF, TY_F32, 2, nz, pz); /* +0 > -0 */
    ValueId r5 = EMIT(OP_MINIMUMF, TY_F32, 2, pz, nz);
    ValueId r6 = EMIT(OP_MAXNUMF, TY_F32, 2, one, two);
    OpId c0 = emit_op(OP_CMPF, TY_I1, 2, nan, one);
    op_set_attr(&M, c0, "predicate", attr_int(&M, CMPF_UNO, TY_I64)); /* true */
    OpId c1 = emit_op(OP_CMPF, TY_I1, 2, nan, nan);
    op_set_attr(&M, c1, "predicate", attr_int(&M, CMPF_OEQ, TY_I64)); /* false */
    OpId c2 = emit_op(OP_CMPF, TY_I1, 2, nan, one);
    op_set_attr(&M, c2, "predicate", attr_int(&M, CMPF_UNE, TY_I64)); /* true */
    OpId c3 = emit_op(OP_CMPF, TY_I1, 2, one, two);
    op_set_attr(&M, c3, "predicate", attr_int(&M, CMPF_OLT, TY_I64)); /* true */
    ValueId s = EMIT(OP_SELECT, TY_F32, 3, res(c3), one, two);
    ValueId e0 = EMIT(OP_EXTUI, TY_I32, 1, res(c0));
    ValueId e1 = EMIT(OP_EXTUI, TY_I32, 1, res(c1));
    ValueId e2 = EMIT(OP_EXTSI, TY_I32, 1, res(c2)); /* true sign-extends to -1 */
    ret(11, r0, r1, r2, r3, r4, r5, r6, s, e0, e1, e2);
    EvalArg out[11];
    CHECK(run(0, NULL, 11, out));
    CHECK(isnan(out[0].f));
    CHECK_F(out[1].f, 1);
    CHECK(isnan(out[2].f));
    CHECK_F(out[3].f, 1);
    CHECK_F(out[4].f, 0.0);
    CHECK_F(out[5].f, -0.0);
    CHECK_F(out[6].f, 2);
    CHECK_F(out[7].f, 1);
    CHECK_I(out[8].i, 1);
    CHECK_I(out[9].i, 0);
    CHECK_I(out[10].i, -1);
}

static void
test_int_arith(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    ValueId max = cst_i(TY_I32, 2147483647), one = cst_i(TY_I32, 1);
    ValueId m7 = cst_i(TY_I32, -7), two = cst_i(TY_I32, 2), m1 = cst_i(TY_I32, -1);
    ValueId seven = cst_i(TY_I32, 7), m8 = cst_i(TY_I32, -8);
    ValueId r[20];
    int n = 0;
    r[n++] = EMIT(OP_ADDI, TY_I32, 2, max, one);               /* wraps to -2^31 */
    r[n++] = EMIT(OP_DIVSI, TY_I32, 2, m7, two);               /* -3 (toward zero) */
    r[n++] = EMIT(OP_REMSI, TY_I32, 2, m7, two);               /* -1 */
    r[n++] = EMIT(OP_FLOORDIVSI, TY_I32, 2, m7, two);          /* -4 */
    r[n++] = EMIT(OP_CEILDIVSI, TY_I32, 2, seven, two);        /* 4 */
    r[n++] = EMIT(OP_DIVUI, TY_I32, 2, m1, two);               /* 0xffffffff / 2 = 0x7fffffff */
    r[n++] = EMIT(OP_REMUI, TY_I32, 2, m1, seven);             /* 4294967295 mod 7 = 3 */
    r[n++] = EMIT(OP_SHRSI, TY_I32, 2, m8, one);               /* -4 */
    r[n++] = EMIT(OP_SHRUI, TY_I32, 2, m8, cst_i(TY_I32, 28)); /* 0xfffffff8 >> 28 = 15 */
    r[n++] = EMIT(OP_SHLI, TY_I32, 2, one, cst_i(TY_I32, 31)); /* -2^31 */
    r[n++] = EMIT(OP_MAXUI, TY_I32, 2, m1, one);               /* -1 is the unsigned max */
    r[n++] = EMIT(OP_MINSI, TY_I32, 2, m1, one);               /* -1 */
    r[n++] = EMIT(OP_XORI, TY_I32, 2, cst_i(TY_I32, 12), cst_i(TY_I32, 10));       /* 6 */
    r[n++] = EMIT(OP_MULI, TY_I32, 2, cst_i(TY_I32, 65536), cst_i(TY_I32, 65536)); /* 2^32 -> 0 */
    r[n++] = EMIT(OP_EXTUI, TY_I32, 1, cst_i(TY_I8, -1));                          /* 255 */
    r[n++] = EMIT(OP_EXTSI, TY_I32, 1, cst_i(TY_I8, -1));                          /* -1 */
    r[n++] = EMIT(OP_EXTSI, TY_I32, 1, EMIT(OP_TRUNCI, TY_I8, 1, cst_i(TY_I32, 300))); /* 44 */
    r[n++] = EMIT(OP_FPTOSI, TY_I32, 1, cst_f(TY_F32, -2.7));                          /* -2 */
    r[n++] = EMIT(OP_BITCAST, TY_I32, 1, cst_f(TY_F32, 1.0)); /* 0x3f800000 */
    r[n++] = EMIT(OP_INDEX_CAST, TY_I32, 1,
                  EMIT(OP_ADDI, TY_INDEX, 2, cst_i(TY_INDEX, 5), cst_i(TY_INDEX, 4294967296LL)));
    block_append(&M, B, op_new(&M, OP_RETURN, next_loc(), (uint32_t)n, r, 0, NULL, 0));
    EvalArg out[20];
    CHECK(run(0, NULL, (uint32_t)n, out));
    static const long long want[] = { -2147483648LL, -3, -1, -4, 4, 2147483647, 3,  -4, 15,
                                      -2147483648LL, -1, -1, 6,  0, 255,        -1, 44, -2,
                                      0x3f800000,    5 };
    for (int i = 0; i < n; i++) {
        if (out[i].i != want[i])
            fprintf(stderr, "  int result #%d\n", i);
        CHECK_I(out[i].i, want[i]);
    }
}

static void
test_casts(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    ValueId r0 = EMIT(OP_SITOFP, TY_F32, 1, cst_i(TY_I32, 16777217)); /* 2^24+1 -> tie -> 2^24 */
    ValueId r1 = EMIT(OP_UITOFP, TY_F32, 1, cst_i(TY_I8, -1));        /* 255 */
    ValueId r2 = EMIT(OP_EXTF, TY_F32, 1, EMIT(OP_SITOFP, TY_F16, 1, cst_i(TY_I32, 2049)));
    ValueId r3 = EMIT(OP_BITCAST, TY_F32, 1, cst_i(TY_I32, 0x40490fdb)); /* pi in f32 */
    ValueId r4 = EMIT(OP_FPTOUI, TY_I32, 1, cst_f(TY_F32, 3.9));         /* 3 */
    ValueId r5 = EMIT(OP_INDEX_CASTUI, TY_INDEX, 1, cst_i(TY_I32, -1));  /* 4294967295 */
    ValueId r6 = EMIT(OP_EXTF, TY_F32, 1, EMIT(OP_BITCAST, TY_F16, 1, cst_i(TY_I16, 0x3555)));
    ret(7, r0, r1, r2, r3, r4, r5, r6);
    EvalArg out[7];
    CHECK(run(0, NULL, 7, out));
    CHECK_F(out[0].f, 16777216);
    CHECK_F(out[1].f, 255);
    CHECK_F(out[2].f, 2048);
    CHECK_F(out[3].f, 13176795 / 4194304.0); /* 0x490fdb = 4788187; (4788187+8388608)/2^22 */
    CHECK_I(out[4].i, 3);
    CHECK_I(out[5].i, 4294967295LL);
    CHECK_F(out[6].f, 1365 / 4096.0);
}

/* vector.contract: C = A B + acc with f16 operands widened to f32 */
static void
test_contract(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    static const double A[] = { 1, 2, 3, 4, 5, 6 };     /* 2x3 */
    static const double Bm[] = { 7, 8, 9, 10, 11, 12 }; /* 3x2 */
    static const double Bt[] = { 7, 9, 11, 8, 10, 12 }; /* B transposed, 2x3 */
    static const double acc1[] = { 1 };
    ValueId va = cst_vf(vec(TY_F16, 2, 2, 3), 6, A);
    ValueId vb = cst_vf(vec(TY_F16, 2, 3, 2), 6, Bm);
    ValueId vbt = cst_vf(vec(TY_F16, 2, 2, 3), 6, Bt);
    ValueId vacc = cst_vf(vec(TY_F32, 2, 2, 2), 1, acc1);
    const Attr *iters[3] = { attr_enum(&M, "vector", "iterator_type", "parallel", false),
                             attr_enum(&M, "vector", "iterator_type", "parallel", false),
                             attr_enum(&M, "vector", "iterator_type", "reduction", false) };
    /* (d0, d1, d2): A(d0, d2), B(d2, d1), C(d0, d1) */
    const Attr *maps[3] = { perm_map(3, 2, (int[]){ 0, 2 }), perm_map(3, 2, (int[]){ 2, 1 }),
                            perm_map(3, 2, (int[]){ 0, 1 }) };
    OpId c = emit_op(OP_CONTRACT, vec(TY_F32, 2, 2, 2), 3, va, vb, vacc);
    op_set_attr(&M, c, "indexing_maps", attr_array(&M, maps, 3));
    op_set_attr(&M, c, "iterator_types", attr_array(&M, iters, 3));
    set_kind(c, "add");
    /* the same with B given transposed: B^T(d1, d2) */
    const Attr *maps_t[3] = { maps[0], perm_map(3, 2, (int[]){ 1, 2 }), maps[2] };
    OpId ct = emit_op(OP_CONTRACT, vec(TY_F32, 2, 2, 2), 3, va, vbt, vacc);
    op_set_attr(&M, ct, "indexing_maps", attr_array(&M, maps_t, 3));
    op_set_attr(&M, ct, "iterator_types", attr_array(&M, iters, 3));
    /* a dot product into an f16 scalar: 2048 + 1 + 1 + 1, rounding each step
     * (2049 -> 2048 three times) gives 2048 */
    static const double ones[] = { 1 };
    ValueId o16 = cst_vf(vec(TY_F16, 1, 3), 1, ones);
    const Attr *dmaps[3] = { perm_map(1, 1, (int[]){ 0 }), perm_map(1, 1, (int[]){ 0 }),
                             perm_map(1, 0, NULL) };
    const Attr *diter[1] = { attr_string(&M, "reduction", 9) };
    OpId dot = emit_op(OP_CONTRACT, TY_F16, 3, o16, o16, cst_f(TY_F16, 2048));
    op_set_attr(&M, dot, "indexing_maps", attr_array(&M, dmaps, 3));
    op_set_attr(&M, dot, "iterator_types", attr_array(&M, diter, 1));
    ValueId dot32 = EMIT(OP_EXTF, TY_F32, 1, res(dot));
    /* integer: i8 x i8 into i32, sign-extended: (-128)(-128) + (127)(2) = 16638 */
    static const int64_t ia[] = { -128, 127 }, ib[] = { -128, 2 };
    OpId idot = emit_op(OP_CONTRACT, TY_I32, 3, cst_vi(vec(TY_I8, 1, 2), 2, ia),
                        cst_vi(vec(TY_I8, 1, 2), 2, ib), cst_i(TY_I32, 0));
    op_set_attr(&M, idot, "indexing_maps", attr_array(&M, dmaps, 3));
    op_set_attr(&M, idot, "iterator_types", attr_array(&M, diter, 1));
    ret(4, res(c), res(ct), dot32, res(idot));
    EvalArg out[4];
    CHECK(run(0, NULL, 4, out));
    /* AB = [[1*7+2*9+3*11, 1*8+2*10+3*12], [4*7+5*9+6*11, 4*8+5*10+6*12]]
     *    = [[58, 64], [139, 154]]; plus 1 */
    static const float want[] = { 59, 65, 140, 155 };
    for (int i = 0; i < 4; i++) {
        CHECK_F(fbuf[0][i], want[i]);
        CHECK_F(fbuf[1][i], want[i]);
    }
    CHECK_F(out[2].f, 2048);
    CHECK_I(out[3].i, 16638);
}

static void
test_reductions(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    static const double m[] = { 1, 2, 3, 4, 5, 6 }; /* 2x3 */
    ValueId vm = cst_vf(vec(TY_F32, 2, 2, 3), 6, m);
    static const double acc2[] = { 10, 20 }, zero[] = { 0 };
    /* rows: 10+1+2+3 = 16, 20+4+5+6 = 35 */
    OpId r0 =
        emit_op(OP_MULTI_REDUCTION, vec(TY_F32, 1, 2), 2, vm, cst_vf(vec(TY_F32, 1, 2), 2, acc2));
    set_kind(r0, "add");
    set_ints(r0, "reduction_dims", 1, (int64_t[]){ 1 });
    /* columns: 1+4, 2+5, 3+6 */
    OpId r1 =
        emit_op(OP_MULTI_REDUCTION, vec(TY_F32, 1, 3), 2, vm, cst_vf(vec(TY_F32, 1, 3), 1, zero));
    set_kind(r1, "add");
    set_dense(r1, "reduction_dims", 1, (int64_t[]){ 0 });
    /* both dims with mul: 1*2*3*4*5*6 = 720, times acc 2 */
    OpId r2 = emit_op(OP_MULTI_REDUCTION, TY_F32, 2, vm, cst_f(TY_F32, 2));
    set_kind(r2, "mul");
    set_ints(r2, "reduction_dims", 2, (int64_t[]){ 0, 1 });
    /* NaN: [[1, NaN], [3, 4]] along dim 1 */
    const double nm[] = { 1, NAN, 3, 4 }, ninf[] = { -INFINITY };
    ValueId vn = cst_vf(vec(TY_F32, 2, 2, 2), 4, nm);
    ValueId accn = cst_vf(vec(TY_F32, 1, 2), 1, ninf);
    OpId r3 = emit_op(OP_MULTI_REDUCTION, vec(TY_F32, 1, 2), 2, vn, accn);
    set_kind(r3, "maximumf"); /* [NaN, 4] */
    set_ints(r3, "reduction_dims", 1, (int64_t[]){ 1 });
    OpId r4 = emit_op(OP_MULTI_REDUCTION, vec(TY_F32, 1, 2), 2, vn, accn);
    set_kind(r4, "maxnumf"); /* [1, 4] */
    set_ints(r4, "reduction_dims", 1, (int64_t[]){ 1 });
    static const double pinf[] = { INFINITY };
    OpId r5 =
        emit_op(OP_MULTI_REDUCTION, vec(TY_F32, 1, 2), 2, vn, cst_vf(vec(TY_F32, 1, 2), 1, pinf));
    set_kind(r5, "minimumf"); /* [NaN, 3] */
    set_ints(r5, "reduction_dims", 1, (int64_t[]){ 1 });
    OpId r6 =
        emit_op(OP_MULTI_REDUCTION, vec(TY_F32, 1, 2), 2, vn, cst_vf(vec(TY_F32, 1, 2), 1, pinf));
    set_kind(r6, "minnumf"); /* [1, 3] */
    set_ints(r6, "reduction_dims", 1, (int64_t[]){ 1 });
    /* vector.reduction over i32 [5, -3, 12, 6] */
    static const int64_t iv[] = { 5, -3, 12, 6 };
    ValueId vi = cst_vi(vec(TY_I32, 1, 4), 4, iv);
    static const char *const kinds[] = { "add",   "mul", "minsi", "maxsi", "minui",
                                         "maxui", "and", "or",    "xor" };
    ValueId rr[9];
    for (int k = 0; k < 9; k++) {
        OpId o = emit_op(OP_REDUCTION, TY_I32, 1, vi);
        set_kind(o, kinds[k]);
        rr[k] = res(o);
    }
    OpId racc =
        emit_op(OP_REDUCTION, TY_F32, 2, cst_vf(vec(TY_F32, 1, 6), 6, m), cst_f(TY_F32, 0.5));
    set_kind(racc, "add"); /* 0.5 + 21 */
    ret(17, res(r0), res(r1), res(r2), res(r3), res(r4), res(r5), res(r6), rr[0], rr[1], rr[2],
        rr[3], rr[4], rr[5], rr[6], rr[7], rr[8], res(racc));
    EvalArg out[17];
    CHECK(run(0, NULL, 17, out));
    CHECK_F(fbuf[0][0], 16);
    CHECK_F(fbuf[0][1], 35);
    CHECK_F(fbuf[1][0], 5);
    CHECK_F(fbuf[1][1], 7);
    CHECK_F(fbuf[1][2], 9);
    CHECK_F(out[2].f, 1440);
    CHECK(isnan(fbuf[3][0]));
    CHECK_F(fbuf[3][1], 4);
    CHECK_F(fbuf[4][0], 1);
    CHECK_F(fbuf[4][1], 4);
    CHECK(isnan(fbuf[5][0]));
    CHECK_F(fbuf[5][1], 3);
    CHECK_F(fbuf[6][0], 1);
    CHECK_F(fbuf[6][1], 3);
    /* 5-3+12+6 = 20; 5*-3*12*6 = -1080; min -3; max 12; unsigned: -3 is
     * 0xfffffffd, the largest, 5 the smallest; 5&-3&12&6 = 0101 & ..1101 & 1100 &
     * 0110 = 0100 = 4; 5|-3|12|6 = -1 (…1101 | 0010 from 6); 5^-3 = -8 (0101 ^
     * …1101 = …1000), ^12 = -12 (…11111000 ^ 1100 = …11110100), ^6 = -14
     * (…11110100 ^ 0110 = …11110010) */
    CHECK_I(out[7].i, 20);
    CHECK_I(out[8].i, -1080);
    CHECK_I(out[9].i, -3);
    CHECK_I(out[10].i, 12);
    CHECK_I(out[11].i, 5);
    CHECK_I(out[12].i, -3);
    CHECK_I(out[13].i, 4);
    CHECK_I(out[14].i, -1);
    CHECK_I(out[15].i, -14);
    CHECK_F(out[16].f, 21.5);
}

static void
test_shape_ops(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    static const double m[] = { 1, 2, 3, 4, 5, 6 }; /* [[1,2,3],[4,5,6]] */
    ValueId vm = cst_vf(vec(TY_F32, 2, 2, 3), 6, m);
    ValueId r[12];
    /* broadcast f32 7 -> 2x2 */
    r[0] = EMIT(OP_BROADCAST, vec(TY_F32, 2, 2, 2), 1, cst_f(TY_F32, 7));
    /* broadcast [1,2,3] -> 2x3: rows repeat */
    static const double row[] = { 1, 2, 3 };
    r[1] = EMIT(OP_BROADCAST, vec(TY_F32, 2, 2, 3), 1, cst_vf(vec(TY_F32, 1, 3), 3, row));
    /* broadcast 2x1 [[8],[9]] -> 2x3: the unit dim stretches */
    static const double col[] = { 8, 9 };
    r[2] = EMIT(OP_BROADCAST, vec(TY_F32, 2, 2, 3), 1, cst_vf(vec(TY_F32, 2, 2, 1), 2, col));
    /* transpose -> [[1,4],[2,5],[3,6]] */
    OpId t = emit_op(OP_TRANSPOSE, vec(TY_F32, 2, 3, 2), 1, vm);
    set_dense(t, "permutation", 2, (int64_t[]){ 1, 0 });
    r[3] = res(t);
    /* shape_cast to 3x2 keeps row-major order */
    r[4] = EMIT(OP_SHAPE_CAST, vec(TY_F32, 2, 3, 2), 1, vm);
    /* extract [1] -> [4,5,6]; extract [%c1, 2] -> 6 (dynamic first position) */
    OpId e0 = emit_op(OP_EXTRACT, vec(TY_F32, 1, 3), 1, vm);
    set_dense(e0, "static_position", 1, (int64_t[]){ 1 });
    r[5] = res(e0);
    OpId e1 = emit_op(OP_EXTRACT, TY_F32, 2, vm, cst_i(TY_INDEX, 1));
    set_dense(e1, "static_position", 2, (int64_t[]){ DIM_DYNAMIC, 2 });
    r[6] = res(e1);
    /* insert 0 at [0, 1] -> [[1,0,3],[4,5,6]] */
    OpId in = emit_op(OP_INSERT, vec(TY_F32, 2, 2, 3), 2, cst_f(TY_F32, 0), vm);
    set_dense(in, "static_position", 2, (int64_t[]){ 0, 1 });
    r[7] = res(in);
    /* 4x4 [0..15]; slice rows 1..2, columns 0 and 2 -> [[4,6],[8,10]] */
    double sq[16];
    for (int i = 0; i < 16; i++)
        sq[i] = i;
    ValueId v44 = cst_vf(vec(TY_F32, 2, 4, 4), 16, sq);
    OpId xs = emit_op(OP_EXTRACT_STRIDED_SLICE, vec(TY_F32, 2, 2, 2), 1, v44);
    set_ints(xs, "offsets", 2, (int64_t[]){ 1, 0 });
    set_ints(xs, "sizes", 2, (int64_t[]){ 2, 2 });
    set_ints(xs, "strides", 2, (int64_t[]){ 1, 2 });
    r[8] = res(xs);
    /* insert [[-1,-2]] (1x2) at [2, 1] with stride 2 -> (2,1) = -1, (2,3) = -2 */
    static const double ins[] = { -1, -2 };
    OpId is = emit_op(OP_INSERT_STRIDED_SLICE, vec(TY_F32, 2, 4, 4), 2,
                      cst_vf(vec(TY_F32, 1, 2), 2, ins), v44);
    set_ints(is, "offsets", 2, (int64_t[]){ 2, 1 });
    set_ints(is, "strides", 1, (int64_t[]){ 2 });
    r[9] = res(is);
    /* splat, vector.fma: 2*3+1 = 7 */
    ValueId sp = EMIT(OP_SPLAT, vec(TY_F32, 1, 3), 1, cst_f(TY_F32, 2));
    r[10] = EMIT(OP_VFMA, vec(TY_F32, 1, 3), 3, sp,
                 EMIT(OP_SPLAT, vec(TY_F32, 1, 3), 1, cst_f(TY_F32, 3)),
                 EMIT(OP_SPLAT, vec(TY_F32, 1, 3), 1, cst_f(TY_F32, 1)));
    /* from_elements */
    r[11] = EMIT(OP_FROM_ELEMENTS, vec(TY_F32, 2, 1, 2), 2, cst_f(TY_F32, 5), cst_f(TY_F32, 6));
    block_append(&M, B, op_new(&M, OP_RETURN, next_loc(), 12, r, 0, NULL, 0));
    EvalArg out[12];
    CHECK(run(0, NULL, 12, out));
    static const float w0[] = { 7, 7, 7, 7 }, w1[] = { 1, 2, 3, 1, 2, 3 };
    static const float w2[] = { 8, 8, 8, 9, 9, 9 }, w3[] = { 1, 4, 2, 5, 3, 6 };
    static const float w4[] = { 1, 2, 3, 4, 5, 6 }, w5[] = { 4, 5, 6 };
    static const float w7[] = { 1, 0, 3, 4, 5, 6 }, w8[] = { 4, 6, 8, 10 };
    static const float w10[] = { 7, 7, 7 };
    for (int i = 0; i < 4; i++)
        CHECK_F(fbuf[0][i], w0[i]);
    for (int i = 0; i < 6; i++) {
        CHECK_F(fbuf[1][i], w1[i]);
        CHECK_F(fbuf[2][i], w2[i]);
        CHECK_F(fbuf[3][i], w3[i]);
        CHECK_F(fbuf[4][i], w4[i]);
        CHECK_F(fbuf[7][i], w7[i]);
    }
    for (int i = 0; i < 3; i++) {
        CHECK_F(fbuf[5][i], w5[i]);
        CHECK_F(fbuf[10][i], w10[i]);
    }
    CHECK_F(out[6].f, 6);
    for (int i = 0; i < 4; i++)
        CHECK_F(fbuf[8][i], w8[i]);
    for (int i = 0; i < 16; i++)
        CHECK_F(fbuf[9][i], i == 9 ? -1 : i == 11 ? -2 : i);
    CHECK_F(fbuf[11][0], 5);
    CHECK_F(fbuf[11][1], 6);
}

static void
test_masks_step_bitcast(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    ValueId r[5];
    r[0] = EMIT(OP_STEP, vec(TY_INDEX, 1, 4), 0);
    r[0] = EMIT(OP_INDEX_CAST, vec(TY_I32, 1, 4), 1, r[0]);
    /* create_mask 2, 3 over 3x4: rows 0-1, columns 0-2 */
    ValueId cm =
        EMIT(OP_CREATE_MASK, vec(TY_I1, 2, 3, 4), 2, cst_i(TY_INDEX, 2), cst_i(TY_INDEX, 3));
    r[1] = EMIT(OP_EXTUI, vec(TY_I32, 2, 3, 4), 1, cm);
    OpId k = emit_op(OP_CONSTANT_MASK, vec(TY_I1, 2, 2, 3), 0);
    set_dense(k, "mask_dim_sizes", 2, (int64_t[]){ 1, 2 });
    r[2] = EMIT(OP_EXTUI, vec(TY_I32, 2, 2, 3), 1, res(k));
    /* [1.0, 2.0] f16 = [0x3c00, 0x4000]; little-endian: element 0 is the low half */
    static const double h[] = { 1, 2 };
    r[3] = EMIT(OP_VBITCAST, vec(TY_I32, 1, 1), 1, cst_vf(vec(TY_F16, 1, 2), 2, h));
    /* and back: i32 0x3c004000 -> [2.0, 1.0] */
    static const int64_t w[] = { 0x3c004000 };
    r[4] = EMIT(OP_EXTF, vec(TY_F32, 1, 2), 1,
                EMIT(OP_VBITCAST, vec(TY_F16, 1, 2), 1, cst_vi(vec(TY_I32, 1, 1), 1, w)));
    block_append(&M, B, op_new(&M, OP_RETURN, next_loc(), 5, r, 0, NULL, 0));
    EvalArg out[5];
    CHECK(run(0, NULL, 5, out));
    for (int i = 0; i < 4; i++)
        CHECK_I(ibuf[0][i], i);
    for (int i = 0; i < 12; i++)
        CHECK_I(ibuf[1][i], (i / 4 < 2 && i % 4 < 3));
    static const int w2[] = { 1, 1, 0, 0, 0, 0 };
    for (int i = 0; i < 6; i++)
        CHECK_I(ibuf[2][i], w2[i]);
    CHECK_I(ibuf[3][0], 0x40003c00);
    CHECK_F(fbuf[4][0], 2);
    CHECK_F(fbuf[4][1], 1);
}

/* transfer_read: padding, in_bounds = false, a transposed and a broadcast
 * permutation map, a mask; transfer_write: dropped out-of-bounds and masked
 * elements; vector.load / store */
static void
test_transfers(void)
{
    reset();
    TypeId m33 = mref(TY_F32, 2, 3, 3);
    TypeId params[2] = { m33, mref(TY_F32, 2, 4, 4) };
    ValueId a[2];
    fn_begin("f", 2, params, a);
    ValueId c0 = cst_i(TY_INDEX, 0), c1 = cst_i(TY_INDEX, 1), pad = cst_f(TY_F32, -1);
    ValueId r[6];
    /* M = [[1,2,3],[4,5,6],[7,8,9]]; 2x4 at [1,1], both dims may overrun:
     * [[5,6,-1,-1],[8,9,-1,-1]] */
    OpId t0 = emit_op(OP_TRANSFER_READ, vec(TY_F32, 2, 2, 4), 4, a[0], c1, c1, pad);
    set_bools(t0, "in_bounds", 2, (bool[]){ false, false });
    r[0] = res(t0);
    /* transposed: (d0, d1) -> (d1, d0), 3x2 at [0, 0]: v[i][j] = M[j][i] -> [[1,4],[2,5],[3,6]] */
    OpId t1 = emit_op(OP_TRANSFER_READ, vec(TY_F32, 2, 3, 2), 4, a[0], c0, c0, pad);
    op_set_attr(&M, t1, "permutation_map", perm_map(2, 2, (int[]){ 1, 0 }));
    set_bools(t1, "in_bounds", 2, (bool[]){ true, true });
    r[1] = res(t1);
    /* broadcast: (d0, d1) -> (0, d1), 2x3 at [2, 0]: row 2 twice -> [[7,8,9],[7,8,9]] */
    OpId t2 = emit_op(OP_TRANSFER_READ, vec(TY_F32, 2, 2, 3), 4, a[0], cst_i(TY_INDEX, 2), c0, pad);
    op_set_attr(&M, t2, "permutation_map", perm_map(2, 2, (int[]){ -1, 1 }));
    r[2] = res(t2);
    /* masked and transposed: vector 3x2 (v[i][j] = M[j][i]); the mask is in
     * memref order, 2x3, mask[j][i] = (j < 1 && i < 2) -> v = [[1,-1],[2,-1],[-1,-1]] */
    ValueId mask = EMIT(OP_CREATE_MASK, vec(TY_I1, 2, 2, 3), 2, c1, cst_i(TY_INDEX, 2));
    OpId t3 = emit_op(OP_TRANSFER_READ, vec(TY_F32, 2, 3, 2), 5, a[0], c0, c0, pad, mask);
    op_set_attr(&M, t3, "permutation_map", perm_map(2, 2, (int[]){ 1, 0 }));
    r[3] = res(t3);
    /* minor identity 1-D read of row 1 from column 2: [6, -1] */
    r[4] = EMIT(OP_TRANSFER_READ, vec(TY_F32, 1, 2), 4, a[0], c1, cst_i(TY_INDEX, 2), pad);
    /* vector.load row 2 columns 1..2: [8, 9] */
    r[5] = EMIT(OP_VLOAD, vec(TY_F32, 1, 2), 3, a[0], cst_i(TY_INDEX, 2), c1);
    /* writes into the 4x4 zero buffer W:
     * 2x2 [[1,2],[3,4]] at [3, 3] with in_bounds false: only (3,3) = 1 lands;
     * 1x4 [5,6,7,8] at [0, 0] with mask [1,0,1,0]: (0,0) = 5, (0,2) = 7;
     * vector.store [9, 9] at [1, 2]: (1,2) = (1,3) = 9 */
    static const double w22[] = { 1, 2, 3, 4 }, w4[] = { 5, 6, 7, 8 };
    static const int64_t mk[] = { 1, 0, 1, 0 };
    OpId w0 = emit_op(OP_TRANSFER_WRITE, 0, 4, cst_vf(vec(TY_F32, 2, 2, 2), 4, w22), a[1],
                      cst_i(TY_INDEX, 3), cst_i(TY_INDEX, 3));
    set_bools(w0, "in_bounds", 2, (bool[]){ false, false });
    emit_op(OP_TRANSFER_WRITE, 0, 5, cst_vf(vec(TY_F32, 1, 4), 4, w4), a[1], c0, c0,
            cst_vi(vec(TY_I1, 1, 4), 4, mk));
    emit_op(OP_VSTORE, 0, 4, EMIT(OP_SPLAT, vec(TY_F32, 1, 2), 1, cst_f(TY_F32, 9)), a[1], c1,
            cst_i(TY_INDEX, 2));
    block_append(&M, B, op_new(&M, OP_RETURN, next_loc(), 6, r, 0, NULL, 0));
    float mem[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 }, w[16] = { 0 };
    EvalArg args[2] = { { .buf = { mem, TY_F32, 2, { 3, 3 }, { 3, 1 } } },
                        { .buf = { w, TY_F32, 2, { 4, 4 }, { 4, 1 } } } };
    EvalArg out[6];
    CHECK(run(2, args, 6, out));
    static const float e0[] = { 5, 6, -1, -1, 8, 9, -1, -1 }, e1[] = { 1, 4, 2, 5, 3, 6 };
    static const float e2[] = { 7, 8, 9, 7, 8, 9 }, e3[] = { 1, -1, 2, -1, -1, -1 };
    for (int i = 0; i < 8; i++)
        CHECK_F(fbuf[0][i], e0[i]);
    for (int i = 0; i < 6; i++) {
        CHECK_F(fbuf[1][i], e1[i]);
        CHECK_F(fbuf[2][i], e2[i]);
        CHECK_F(fbuf[3][i], e3[i]);
    }
    CHECK_F(fbuf[4][0], 6);
    CHECK_F(fbuf[4][1], -1);
    CHECK_F(fbuf[5][0], 8);
    CHECK_F(fbuf[5][1], 9);
    static const float ew[16] = { 5, 0, 7, 0, 0, 0, 9, 9, 0, 0, 0, 0, 0, 0, 0, 1 };
    for (int i = 0; i < 16; i++)
        CHECK_F(w[i], ew[i]);
    /* a strided (column-major) f16 buffer reads the same values */
    reset();
    TypeId p16 = mref(TY_F16, 2, 2, 2);
    fn_begin("g", 1, &p16, a);
    ValueId z = cst_i(TY_INDEX, 0);
    OpId rd = emit_op(OP_TRANSFER_READ, vec(TY_F16, 2, 2, 2), 4, a[0], z, z, cst_f(TY_F16, 0));
    ret(1, EMIT(OP_EXTF, vec(TY_F32, 2, 2, 2), 1, res(rd)));
    uint16_t h[4] = { 0x3c00, 0x4200, 0x4000, 0x4400 }; /* 1, 3, 2, 4 in column-major */
    EvalArg hargs[1] = { { .buf = { h, TY_F16, 2, { 2, 2 }, { 1, 2 } } } };
    CHECK(run(1, hargs, 1, out));
    for (int i = 0; i < 4; i++)
        CHECK_F(fbuf[0][i], i + 1);
}

/* scf.for with iter_args, scf.if, func.call, memref.alloc/load/store,
 * subview, dim, get_global, affine ops */
static void
test_control_memref(void)
{
    reset();
    /* func.func @sq(%x: i32) -> i32 { %y = arith.muli %x, %x; return %y } */
    TypeId i32 = TY_I32;
    ValueId a[2];
    fn_begin("sq", 1, &i32, a);
    ret(1, EMIT(OP_MULI, TY_I32, 2, a[0], a[0]));
    /* memref.global @tab : memref<3xi32> = dense<[10, 20, 30]> */
    TypeId g3 = mref(TY_I32, 1, 3);
    OpId g = op_new(&M, OP_GLOBAL, next_loc(), 0, NULL, 0, NULL, 0);
    op_set_attr(&M, g, "sym_name", attr_string(&M, "tab", 3));
    op_set_attr(&M, g, "type", attr_type(&M, g3));
    Attr *init = arena_alloc(&M.arena, sizeof *init);
    init->kind = ATTR_DENSE;
    init->type = type_vector(&M, TY_I32, 1, (int64_t[]){ 3 });
    init->n = 3;
    init->ints = arena_copy(&M.arena, (int64_t[]){ 10, 20, 30 }, 3 * sizeof(int64_t));
    op_set_attr(&M, g, "initial_value", init);
    block_append(&M, op_entry_block(&M, M.top, 0), g);

    fn_begin("f", 0, NULL, a);
    ValueId c0 = cst_i(TY_INDEX, 0), c1 = cst_i(TY_INDEX, 1), c5 = cst_i(TY_INDEX, 5);
    /* sum = 0; for i in 0..5: sum += sq(i) -> 0+1+4+9+16 = 30; count the odd i: 2 */
    ValueId lb = c0;
    OpId loop = op_new(&M, OP_FOR, next_loc(), 5,
                       (ValueId[]){ lb, c5, c1, cst_i(TY_I32, 0), cst_i(TY_I32, 0) }, 2,
                       (TypeId[]){ TY_I32, TY_I32 }, 1);
    block_append(&M, B, loop);
    RegionId lr = region_new(&M, loop);
    op_get(&M, loop)->regions[0] = lr;
    BlockId outer = B, body = block_new(&M);
    region_append(&M, lr, body);
    ValueId iv = block_add_arg(&M, body, TY_INDEX, next_loc(), "i");
    ValueId sum = block_add_arg(&M, body, TY_I32, next_loc(), "sum");
    ValueId odd = block_add_arg(&M, body, TY_I32, next_loc(), "odd");
    B = body;
    ValueId ivi = EMIT(OP_INDEX_CAST, TY_I32, 1, iv);
    OpId call = emit_op(OP_CALL, TY_I32, 1, ivi);
    op_set_attr(&M, call, "callee", attr_symbol(&M, "sq"));
    ValueId nsum = EMIT(OP_ADDI, TY_I32, 2, sum, res(call));
    ValueId bit = EMIT(OP_TRUNCI, TY_I1, 1, ivi);
    /* %n = scf.if %bit -> i32 { yield %odd + 1 } else { yield %odd } */
    OpId iff = op_new(&M, OP_IF, next_loc(), 1, &bit, 1, (TypeId[]){ TY_I32 }, 2);
    block_append(&M, B, iff);
    for (int k = 0; k < 2; k++) {
        RegionId rr = region_new(&M, iff);
        op_get(&M, iff)->regions[k] = rr;
        BlockId bb = block_new(&M);
        region_append(&M, rr, bb);
        B = bb;
        ValueId y = k == 0 ? EMIT(OP_ADDI, TY_I32, 2, odd, cst_i(TY_I32, 1)) : odd;
        block_append(&M, bb, op_new(&M, OP_YIELD, next_loc(), 1, &y, 0, NULL, 0));
    }
    B = body;
    block_append(&M, body,
                 op_new(&M, OP_YIELD, next_loc(), 2, (ValueId[]){ nsum, res(iff) }, 0, NULL, 0));
    B = outer;
    /* alloc 2x3, store 7 at [1, 2], subview [1, 1][1, 2][1, 1] -> memref<2xi32>,
     * load its [1] -> 7; memref.dim of the alloc dim 1 -> 3 */
    TypeId a23 = mref(TY_I32, 2, 2, 3);
    ValueId al = EMIT(OP_ALLOC, a23, 0);
    emit_op(OP_MSTORE, 0, 4, cst_i(TY_I32, 7), al, c1, cst_i(TY_INDEX, 2));
    Attr *lay = arena_alloc(&M.arena, sizeof *lay);
    lay->kind = ATTR_STRIDED;
    lay->n = 1;
    lay->ints = arena_copy(&M.arena, (int64_t[]){ 1 }, sizeof(int64_t));
    lay->i = 4;
    TypeId sv_t = type_memref(&M, TY_I32, 1, (int64_t[]){ 2 }, lay, 0, false);
    OpId sv = emit_op(OP_SUBVIEW, sv_t, 1, al);
    set_dense(sv, "static_offsets", 2, (int64_t[]){ 1, 1 });
    set_dense(sv, "static_sizes", 2, (int64_t[]){ 1, 2 });
    set_dense(sv, "static_strides", 2, (int64_t[]){ 1, 1 });
    ValueId ld = EMIT(OP_MLOAD, TY_I32, 2, res(sv), c1);
    ValueId dm = EMIT(OP_INDEX_CAST, TY_I32, 1, EMIT(OP_DIM, TY_INDEX, 2, al, c1));
    /* get_global @tab, load [2] -> 30 */
    OpId gg = emit_op(OP_GET_GLOBAL, g3, 0);
    op_set_attr(&M, gg, "name", attr_symbol(&M, "tab"));
    ValueId gl = EMIT(OP_MLOAD, TY_I32, 2, res(gg), cst_i(TY_INDEX, 2));
    /* affine.apply (d0)[s0] -> (d0 mod 4 + s0 floordiv 2) at d0 = -1, s0 = -3:
     * -1 mod 4 = 3, -3 floordiv 2 = -2 -> 1 */
    const AffineExpr *ex = affine_binary(
        &M, AFF_ADD, affine_binary(&M, AFF_MOD, affine_dim(&M, 0), affine_const(&M, 4)),
        affine_binary(&M, AFF_FLOORDIV, affine_sym(&M, 0), affine_const(&M, 2)));
    OpId ap = emit_op(OP_AFFINE_APPLY, TY_INDEX, 2, cst_i(TY_INDEX, -1), cst_i(TY_INDEX, -3));
    op_set_attr(&M, ap, "map", attr_affine_map(&M, affine_map_new(&M, 1, 1, 1, &ex)));
    /* linearize [1, 2, 3] by (2, 3, 4) -> 1*12 + 2*4 + 3 = 23; delinearize 23 by (3, 4) ->
     * (1, 2, 3) with the outer result unbounded */
    OpId li = emit_op(OP_LINEARIZE_INDEX, TY_INDEX, 3, c1, cst_i(TY_INDEX, 2), cst_i(TY_INDEX, 3));
    set_dense(li, "static_basis", 3, (int64_t[]){ 2, 3, 4 });
    OpId de = op_new(&M, OP_DELINEARIZE_INDEX, next_loc(), 1, (ValueId[]){ res(li) }, 3,
                     (TypeId[]){ TY_INDEX, TY_INDEX, TY_INDEX }, 0);
    block_append(&M, B, de);
    set_dense(de, "static_basis", 2, (int64_t[]){ 3, 4 });
    const Op *dop = op_get(&M, de);
    ValueId d0 = dop->res[0], d1 = dop->res[1], d2 = dop->res[2];
    ret(10, op_get(&M, loop)->res[0], op_get(&M, loop)->res[1], ld, dm, gl,
        EMIT(OP_INDEX_CAST, TY_I32, 1, res(ap)), EMIT(OP_INDEX_CAST, TY_I32, 1, res(li)),
        EMIT(OP_INDEX_CAST, TY_I32, 1, d0), EMIT(OP_INDEX_CAST, TY_I32, 1, d1),
        EMIT(OP_INDEX_CAST, TY_I32, 1, d2));
    EvalArg out[10];
    CHECK(run(0, NULL, 10, out));
    static const long long want[] = { 30, 2, 7, 3, 30, 1, 23, 1, 2, 3 };
    for (int i = 0; i < 10; i++)
        CHECK_I(out[i].i, want[i]);
}

/* a kernel over a 3x2 grid: out[y][x] = 10 * y + x, via gpu.block_id */
static void
test_kernel_grid(void)
{
    reset();
    TypeId p = mref(TY_I32, 2, 2, 3);
    ValueId a[1];
    fn_begin("k", 1, &p, a);
    OpId bx = emit_op(OP_BLOCK_ID, TY_INDEX, 0);
    op_set_attr(&M, bx, "dimension", attr_enum(&M, "gpu", "dim", "x", false));
    OpId by = emit_op(OP_BLOCK_ID, TY_INDEX, 0);
    op_set_attr(&M, by, "dimension", attr_enum(&M, "gpu", "dim", "y", false));
    ValueId v = EMIT(OP_ADDI, TY_INDEX, 2, EMIT(OP_MULI, TY_INDEX, 2, res(by), cst_i(TY_INDEX, 10)),
                     res(bx));
    emit_op(OP_MSTORE, 0, 4, EMIT(OP_INDEX_CAST, TY_I32, 1, v), a[0], res(by), res(bx));
    ret(0);
    int32_t out[6] = { 0 };
    EvalArg args[1] = { { .buf = { out, TY_I32, 2, { 2, 3 }, { 3, 1 } } } };
    EvalOptions opt = { { 3, 2, 1 }, { 64, 1, 1 }, 0 };
    CHECK(eval_kernel(&M, eval_find_func(&M, "k"), args, 1, &opt, &D));
    static const int want[] = { 0, 1, 2, 10, 11, 12 };
    for (int i = 0; i < 6; i++)
        CHECK_I(out[i], want[i]);
}

/* errors are located at the op and never crash */
static void
test_errors(void)
{
    /* memref.load out of bounds */
    reset();
    TypeId p = mref(TY_F32, 1, 4);
    ValueId a[1];
    fn_begin("f", 1, &p, a);
    ValueId x = EMIT(OP_MLOAD, TY_F32, 2, a[0], cst_i(TY_INDEX, 4));
    uint32_t bad_line = LINE;
    ret(1, x);
    float buf[4] = { 0 };
    EvalArg args[1] = { { .buf = { buf, TY_F32, 1, { 4 }, { 1 } } } };
    EvalArg out[1];
    uint32_t line = 0;
    CHECK(!run(1, args, 1, out));
    CHECK(strstr(first_error(&line), "'memref.load' index 4 is out of bounds for dimension 0"));
    CHECK_I(line, bad_line);

    /* transfer_read with in_bounds = true that overruns */
    reset();
    p = mref(TY_F32, 1, 4);
    fn_begin("f", 1, &p, a);
    OpId t =
        emit_op(OP_TRANSFER_READ, vec(TY_F32, 1, 4), 3, a[0], cst_i(TY_INDEX, 1), cst_f(TY_F32, 0));
    set_bools(t, "in_bounds", 1, (bool[]){ true });
    ret(1, res(t));
    CHECK(!run(1, args, 1, out));
    CHECK(strstr(first_error(NULL), "'vector.transfer_read' index 4 is out of bounds"));

    /* a runaway loop hits the step limit */
    reset();
    fn_begin("f", 0, NULL, a);
    OpId loop =
        op_new(&M, OP_FOR, next_loc(), 3,
               (ValueId[]){ cst_i(TY_INDEX, 0), cst_i(TY_INDEX, INT64_MAX), cst_i(TY_INDEX, 1) }, 0,
               NULL, 1);
    block_append(&M, B, loop);
    RegionId lr = region_new(&M, loop);
    op_get(&M, loop)->regions[0] = lr;
    BlockId body = block_new(&M), outer = B;
    region_append(&M, lr, body);
    block_add_arg(&M, body, TY_INDEX, next_loc(), "i");
    block_append(&M, body, op_new(&M, OP_YIELD, next_loc(), 0, NULL, 0, NULL, 0));
    B = outer;
    ret(0);
    CHECK(!run(0, NULL, 0, out));
    CHECK(strstr(first_error(NULL), "step limit"));

    /* per-thread ops are rejected */
    reset();
    fn_begin("f", 0, NULL, a);
    OpId tid = emit_op(OP_THREAD_ID, TY_INDEX, 0);
    op_set_attr(&M, tid, "dimension", attr_enum(&M, "gpu", "dim", "x", false));
    ret(1, res(tid));
    CHECK(!run(0, NULL, 1, out));
    CHECK(strstr(first_error(NULL), "eval runs vector-level kernels only"));

    /* division by zero */
    reset();
    fn_begin("f", 0, NULL, a);
    ret(1, EMIT(OP_DIVSI, TY_I32, 2, cst_i(TY_I32, 1), cst_i(TY_I32, 0)));
    CHECK(!run(0, NULL, 1, out));
    CHECK(strstr(first_error(NULL), "'arith.divsi' division by zero"));

    /* a buffer that does not match the parameter */
    reset();
    p = mref(TY_F32, 1, 4);
    fn_begin("f", 1, &p, a);
    ret(0);
    EvalArg wrong[1] = { { .buf = { buf, TY_F32, 1, { 3 }, { 1 } } } };
    CHECK(!run(1, wrong, 0, out));
    CHECK(strstr(first_error(NULL), "argument #0: dimension 0 is 3, the parameter's 4"));
}

/* the math.* ops at points where libm is exact, and bf16 / f16 rounding */
static void
test_math(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    ValueId r[16];
    int n = 0;
    r[n++] = EMIT(OP_EXP2, TY_F32, 1, cst_f(TY_F32, 3));                      /* 8 */
    r[n++] = EMIT(OP_LOG, TY_F32, 1, cst_f(TY_F32, 1));                       /* 0 */
    r[n++] = EMIT(OP_LOG2, TY_F32, 1, cst_f(TY_F32, 8));                      /* 3 */
    r[n++] = EMIT(OP_RSQRT, TY_F32, 1, cst_f(TY_F32, 4));                     /* 0.5 */
    r[n++] = EMIT(OP_TANH, TY_F32, 1, cst_f(TY_F32, 0));                      /* 0 */
    r[n++] = EMIT(OP_SIN, TY_F32, 1, cst_f(TY_F32, 0));                       /* 0 */
    r[n++] = EMIT(OP_COS, TY_F32, 1, cst_f(TY_F32, 0));                       /* 1 */
    r[n++] = EMIT(OP_ERF, TY_F32, 1, cst_f(TY_F32, 0));                       /* 0 */
    r[n++] = EMIT(OP_POWF, TY_F32, 2, cst_f(TY_F32, 2), cst_f(TY_F32, 10));   /* 1024 */
    r[n++] = EMIT(OP_SUBF, TY_F32, 2, cst_f(TY_F32, 1), cst_f(TY_F32, 0.25)); /* 0.75 */
    /* bf16: 1 + 2^-8 is a tie between 1 and 1 + 2^-7: even is 1 */
    r[n++] = EMIT(OP_EXTF, TY_F32, 1,
                  EMIT(OP_ADDF, TY_BF16, 2, cst_f(TY_BF16, 1), cst_f(TY_BF16, ldexp(1, -8))));
    /* f16 overflow: 60000 + 10000 = 70000 > 65520 -> inf */
    r[n++] = EMIT(OP_EXTF, TY_F32, 1,
                  EMIT(OP_ADDF, TY_F16, 2, cst_f(TY_F16, 60000), cst_f(TY_F16, 10000)));
    /* f16 exp(0) = 1; f16 sqrt(2) = 1.4140625 (1.0110101000001..b: 1448/1024 = 1.4140625,
     * the next bits 0.0100.. < half) */
    r[n++] = EMIT(OP_EXTF, TY_F32, 1, EMIT(OP_SQRT, TY_F16, 1, cst_f(TY_F16, 2)));
    /* f16 subnormal: 2^-14 * 2^-3 = 2^-17 is a subnormal (2^7 ulps of 2^-24) */
    r[n++] = EMIT(OP_EXTF, TY_F32, 1,
                  EMIT(OP_MULF, TY_F16, 2, cst_f(TY_F16, ldexp(1, -14)), cst_f(TY_F16, 0.125)));
    block_append(&M, B, op_new(&M, OP_RETURN, next_loc(), (uint32_t)n, r, 0, NULL, 0));
    EvalArg out[16];
    CHECK(run(0, NULL, (uint32_t)n, out));
    static const double want[] = { 8, 0,    3,    0.5, 0,        0,         1,
                                   0, 1024, 0.75, 1,   INFINITY, 1.4140625, 0x1p-17 };
    for (int i = 0; i < n; i++)
        CHECK_F(out[i].f, want[i]);
}

static void
test_cmpi(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    ValueId m1 = cst_i(TY_I32, -1), one = cst_i(TY_I32, 1);
    ValueId r[CMPI_COUNT];
    for (int p = 0; p < CMPI_COUNT; p++) {
        OpId c = emit_op(OP_CMPI, TY_I1, 2, m1, one);
        op_set_attr(&M, c, "predicate", attr_int(&M, p, TY_I64));
        r[p] = EMIT(OP_EXTUI, TY_I32, 1, res(c));
    }
    block_append(&M, B, op_new(&M, OP_RETURN, next_loc(), CMPI_COUNT, r, 0, NULL, 0));
    EvalArg out[CMPI_COUNT];
    CHECK(run(0, NULL, CMPI_COUNT, out));
    /* -1 vs 1: eq ne slt sle sgt sge; unsigned -1 is 0xffffffff: ult ule ugt uge */
    static const int want[CMPI_COUNT] = { 0, 1, 1, 1, 0, 0, 0, 0, 1, 1 };
    for (int p = 0; p < CMPI_COUNT; p++)
        CHECK_I(out[p].i, want[p]);
}

/* to_layout / to_simd are the identity; gpu.barrier does nothing */
static void
test_identity_ops(void)
{
    reset();
    ValueId a[1];
    fn_begin("f", 0, NULL, a);
    static const double v[] = { 1, 2, 3, 4 };
    ValueId x = cst_vf(vec(TY_F32, 2, 2, 2), 4, v);
    ValueId y = EMIT(OP_TO_LAYOUT, vec(TY_F32, 2, 2, 2), 1, x);
    emit_op(OP_BARRIER, 0, 0);
    ValueId z = EMIT(OP_TO_SIMD, vec(TY_F32, 2, 2, 2), 1, y);
    ret(1, z);
    EvalArg out[1];
    CHECK(run(0, NULL, 1, out));
    for (int i = 0; i < 4; i++)
        CHECK_F(fbuf[0][i], v[i]);
}

/* ------------------------------------------------------ kernels as text */

static bool
parse(const char *text)
{
    reset();
    bool ok = frontend_parse(&M, &D, "kernel.mlir", text, strlen(text));
    CHECK(ok);
    if (!ok)
        diag_render(&D, stderr);
    return ok;
}

static bool
launch(const char *name, EvalArg *args, uint32_t nargs, int64_t gx)
{
    EvalOptions opt = { { gx, 1, 1 }, { 128, 1, 1 }, 0 };
    OpId f = eval_find_func(&M, name);
    CHECK(f != 0);
    bool ok = f && eval_kernel(&M, f, args, nargs, &opt, &D);
    if (!ok && getenv("TEST_VERBOSE"))
        diag_render(&D, stderr);
    return ok;
}

/* one workgroup per row: out[r] = sum_c in[r][c] */
static void
test_text_rowsum(void)
{
    static const char text[] =
        "func.func @rowsum(%in: memref<4x8xf32>, %out: memref<4xf32>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %pad = arith.constant 0.0 : f32\n"
        "  %row = gpu.block_id x\n"
        "  %v = vector.transfer_read %in[%row, %c0], %pad {in_bounds = [true]}"
        " : memref<4x8xf32>, vector<8xf32>\n"
        "  %s = vector.multi_reduction <add>, %v, %pad [0] : vector<8xf32> to f32\n"
        "  memref.store %s, %out[%row] : memref<4xf32>\n"
        "  return\n"
        "}\n";
    if (!parse(text))
        return;
    float in[32], out[4] = { 0 };
    for (int i = 0; i < 32; i++)
        in[i] = (float)i; /* in[r][c] = 8r + c */
    EvalArg args[2] = { { .buf = { in, TY_F32, 2, { 4, 8 }, { 8, 1 } } },
                        { .buf = { out, TY_F32, 1, { 4 }, { 1 } } } };
    CHECK(launch("rowsum", args, 2, 4));
    for (int r = 0; r < 4; r++)
        CHECK_F(out[r], 64 * r + 28); /* 8 * 8r + (0 + 1 + ... + 7) */
}

/* y = x < 0 ? x * alpha : x in f16, alpha a scalar f32 argument */
static void
test_text_leaky_relu(void)
{
    static const char text[] =
        "func.func @lrelu(%x: memref<8xf16>, %y: memref<8xf16>, %alpha: f32) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %p = arith.constant 0.0 : f16\n"
        "  %z = arith.constant dense<0.0> : vector<8xf16>\n"
        "  %a16 = arith.truncf %alpha : f32 to f16\n"
        "  %av = vector.broadcast %a16 : f16 to vector<8xf16>\n"
        "  %v = vector.transfer_read %x[%c0], %p {in_bounds = [true]} : memref<8xf16>, "
        "vector<8xf16>\n"
        "  %neg = arith.cmpf olt, %v, %z : vector<8xf16>\n"
        "  %s = arith.mulf %v, %av : vector<8xf16>\n"
        "  %r = arith.select %neg, %s, %v : vector<8xi1>, vector<8xf16>\n"
        "  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<8xf16>, memref<8xf16>\n"
        "  return\n"
        "}\n";
    if (!parse(text))
        return;
    static const double x[8] = { -1, 2, -3, 4, -0.5, 0, -10, 1 };
    uint16_t xb[8], yb[8] = { 0 };
    for (int i = 0; i < 8; i++)
        xb[i] = eval_f16_bits(x[i]);
    EvalArg args[3] = { { .buf = { xb, TY_F16, 1, { 8 }, { 1 } } },
                        { .buf = { yb, TY_F16, 1, { 8 }, { 1 } } },
                        { .f = 0.1 } };
    CHECK(launch("lrelu", args, 3, 1));
    /* f16(0.1) = 1638/16384 (0.1 * 16384 = 1638.4).  -3a = -4914/16384: ulp in
     * [0.25, 0.5) is 2^-12, 4914/4 = 1228.5, a tie -> 1228/4096.  -10a =
     * -16380/16384: ulp in [0.5, 1) is 2^-11, 2047.5 is a tie -> 2048/2048 = 1. */
    static const double want[8] = {
        -1638 / 16384.0, 2, -1228 / 4096.0, 4, -819 / 16384.0, 0, -1, 1
    };
    for (int i = 0; i < 8; i++)
        CHECK_F(eval_f16_value(yb[i]), want[i]);
}

/* C += A B over a K loop of two steps; B comes in as B^T (N x K) and is read
 * through a transposing permutation map */
static void
test_text_gemm(void)
{
    static const char text[] =
        "#mapA = affine_map<(d0, d1, d2) -> (d0, d2)>\n"
        "#mapB = affine_map<(d0, d1, d2) -> (d2, d1)>\n"
        "#mapC = affine_map<(d0, d1, d2) -> (d0, d1)>\n"
        "#tr = affine_map<(d0, d1) -> (d1, d0)>\n"
        "func.func @gemm(%a: memref<4x8xf16>, %bt: memref<4x8xf16>, %c: memref<4x4xf32>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c4 = arith.constant 4 : index\n"
        "  %c8 = arith.constant 8 : index\n"
        "  %p16 = arith.constant 0.0 : f16\n"
        "  %p32 = arith.constant 0.0 : f32\n"
        "  %init = vector.transfer_read %c[%c0, %c0], %p32 {in_bounds = [true, true]}"
        " : memref<4x4xf32>, vector<4x4xf32>\n"
        "  %r = scf.for %k = %c0 to %c8 step %c4 iter_args(%acc = %init) -> (vector<4x4xf32>) {\n"
        "    %va = vector.transfer_read %a[%c0, %k], %p16 {in_bounds = [true, true]}"
        " : memref<4x8xf16>, vector<4x4xf16>\n"
        "    %vb = vector.transfer_read %bt[%c0, %k], %p16 {in_bounds = [true, true],"
        " permutation_map = #tr} : memref<4x8xf16>, vector<4x4xf16>\n"
        "    %d = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types ="
        " [\"parallel\", \"parallel\", \"reduction\"], kind = #vector.kind<add>} %va, %vb, %acc"
        " : vector<4x4xf16>, vector<4x4xf16> into vector<4x4xf32>\n"
        "    scf.yield %d : vector<4x4xf32>\n"
        "  }\n"
        "  vector.transfer_write %r, %c[%c0, %c0] {in_bounds = [true, true]}"
        " : vector<4x4xf32>, memref<4x4xf32>\n"
        "  return\n"
        "}\n";
    if (!parse(text))
        return;
    uint16_t a[32], bt[32];
    float c[16];
    for (int m = 0; m < 4; m++)
        for (int k = 0; k < 8; k++)
            a[m * 8 + k] = eval_f16_bits(m + k);
    for (int n = 0; n < 4; n++)
        for (int k = 0; k < 8; k++)
            bt[n * 8 + k] = eval_f16_bits(k == n || k == n + 4); /* B[k][n] */
    for (int i = 0; i < 16; i++)
        c[i] = 100;
    EvalArg args[3] = { { .buf = { a, TY_F16, 2, { 4, 8 }, { 8, 1 } } },
                        { .buf = { bt, TY_F16, 2, { 4, 8 }, { 8, 1 } } },
                        { .buf = { c, TY_F32, 2, { 4, 4 }, { 4, 1 } } } };
    CHECK(launch("gemm", args, 3, 1));
    /* C[m][n] = 100 + A[m][n] + A[m][n+4] = 100 + (m+n) + (m+n+4) */
    for (int m = 0; m < 4; m++)
        for (int n = 0; n < 4; n++)
            CHECK_F(c[m * 4 + n], 104 + 2 * m + 2 * n);
}

/* a parsed kernel's error points at the op's line and column */
static void
test_text_error_location(void)
{
    static const char text[] = "func.func @oob(%in: memref<4xf32>, %out: memref<4xf32>) {\n"
                               "  %c0 = arith.constant 0 : index\n"
                               "  %pad = arith.constant 0.0 : f32\n"
                               "  %v = vector.load %in[%c0] : memref<4xf32>, vector<4xf32>\n"
                               "  %c2 = arith.constant 2 : index\n"
                               "  vector.store %v, %out[%c2] : memref<4xf32>, vector<4xf32>\n"
                               "  return\n"
                               "}\n";
    if (!parse(text))
        return;
    float in[4] = { 1, 2, 3, 4 }, out[4] = { 0 };
    EvalArg args[2] = { { .buf = { in, TY_F32, 1, { 4 }, { 1 } } },
                        { .buf = { out, TY_F32, 1, { 4 }, { 1 } } } };
    CHECK(!launch("oob", args, 2, 1));
    uint32_t line = 0;
    CHECK(strstr(first_error(&line), "'vector.store' index 4 is out of bounds for dimension 0"));
    CHECK_I(line, 6);
    CHECK_I(D.recs[0].loc.col, 3);
}

/* dynamic memref dims, memref.dim, block/grid dims, a workgroup alloc that is
 * fresh per workgroup, scf.if without else, memref.subview of a parameter */
static void
test_text_misc(void)
{
    static const char text[] =
        "func.func @misc(%in: memref<?xf32>, %out: memref<2x4xf32>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %c2 = arith.constant 2 : index\n"
        "  %c3 = arith.constant 3 : index\n"
        "  %wg = gpu.block_id x\n"
        "  %n = memref.dim %in, %c0 : memref<?xf32>\n"
        "  %bd = gpu.block_dim x\n"
        "  %gd = gpu.grid_dim x\n"
        "  %tmp = memref.alloc() : memref<1xf32, 3>\n"
        "  %old = memref.load %tmp[%c0] : memref<1xf32, 3>\n"
        "  %one = arith.constant 1.0 : f32\n"
        "  %inc = arith.addf %old, %one : f32\n"
        "  memref.store %inc, %tmp[%c0] : memref<1xf32, 3>\n"
        "  gpu.barrier\n"
        "  %row = memref.subview %out[%wg, 0] [1, 4] [1, 1] : memref<2x4xf32> to "
        "memref<4xf32, strided<[1], offset: ?>>\n"
        "  %t = memref.load %tmp[%c0] : memref<1xf32, 3>\n"
        "  memref.store %t, %row[%c0] : memref<4xf32, strided<[1], offset: ?>>\n"
        "  %nf = arith.index_cast %n : index to i32\n"
        "  %nff = arith.sitofp %nf : i32 to f32\n"
        "  memref.store %nff, %row[%c1] : memref<4xf32, strided<[1], offset: ?>>\n"
        "  %big = arith.cmpi sgt, %n, %c2 : index\n"
        "  scf.if %big {\n"
        "    %last = memref.load %in[%c2] : memref<?xf32>\n"
        "    memref.store %last, %row[%c2] : memref<4xf32, strided<[1], offset: ?>>\n"
        "  }\n"
        "  %dims = arith.addi %bd, %gd : index\n"
        "  %di = arith.index_cast %dims : index to i32\n"
        "  %df = arith.sitofp %di : i32 to f32\n"
        "  memref.store %df, %row[%c3] : memref<4xf32, strided<[1], offset: ?>>\n"
        "  return\n"
        "}\n";
    if (!parse(text))
        return;
    float in[3] = { 5, 6, 7 }, out[8] = { 0 };
    EvalArg args[2] = { { .buf = { in, TY_F32, 1, { 3 }, { 1 } } },
                        { .buf = { out, TY_F32, 2, { 2, 4 }, { 4, 1 } } } };
    CHECK(launch("misc", args, 2, 2));
    /* each workgroup: its fresh scratch 0 + 1 = 1, n = 3, in[2] = 7 (3 > 2),
     * block_dim 128 + grid_dim 2 = 130 */
    static const float want[8] = { 1, 3, 7, 130, 1, 3, 7, 130 };
    for (int i = 0; i < 8; i++)
        CHECK_F(out[i], want[i]);
    /* with n = 2 the scf.if does not run */
    memset(out, 0, sizeof out);
    args[0].buf.shape[0] = 2;
    CHECK(launch("misc", args, 2, 1));
    CHECK_F(out[1], 2);
    CHECK_F(out[2], 0);
}

int
main(void)
{
    module_init(&M);
    diag_init(&D);
    test_formats();
    test_float_arith();
    test_minmax_cmp();
    test_int_arith();
    test_casts();
    test_contract();
    test_reductions();
    test_shape_ops();
    test_masks_step_bitcast();
    test_transfers();
    test_control_memref();
    test_kernel_grid();
    test_errors();
    test_math();
    test_cmpi();
    test_identity_ops();
    test_text_rowsum();
    test_text_leaky_relu();
    test_text_gemm();
    test_text_error_location();
    test_text_misc();
    module_free(&M);
    diag_free(&D);
    if (failures) {
        fprintf(stderr, "test_eval: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("test_eval: %d checks passed\n", checks);
    return 0;
}
