/*
 * test_verify.c -- unit tests for ir_verify: for every op in ir/ops.def one
 * correct use that verifies and at least one wrong use rejected with the
 * expected message, located at the op.  IR is built with the ir.h builder
 * API: each test makes a func.func whose entry-block arguments supply the
 * operands, appends the ops under test, then a func.return.
 */
#include "ir/ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, ntests;
static Module M;
static Diag D;
static BlockId body;
static OpId fn;
static TypeId fn_args[64];
static uint32_t nfn_args;
static uint32_t last_line; /* line of the last op built: where errors are expected */

#define V(...) ((const ValueId[]){ __VA_ARGS__ })
#define T(...) ((const TypeId[]){ __VA_ARGS__ })

/* a macro, not a function: tcc 0.9.27 returns a 12-byte struct over its neighbour (port.h) */
#define at(line) ((Loc){ 0, (line), 1, 0 })

static void
begin(void)
{
    module_init(&M);
    diag_init(&D);
    fn = op_new(&M, OP_FUNC, at(1), 0, NULL, 0, NULL, 1);
    RegionId r = region_new(&M, fn);
    M.ops[fn].regions[0] = r;
    body = block_new(&M);
    region_append(&M, r, body);
    block_append(&M, op_entry_block(&M, M.top, 0), fn);
    nfn_args = 0;
    last_line = 0;
}

static ValueId
arg(TypeId t)
{
    fn_args[nfn_args++] = t;
    return block_add_arg(&M, body, t, at(1), NULL);
}

/* op k at `line` in block b with regions left empty */
static OpId
mk_in(BlockId b, uint32_t line, OpKind k, uint32_t na, const ValueId *a, uint32_t nr,
      const TypeId *r, uint32_t nregions)
{
    OpId o = op_new(&M, k, at(line), na, a, nr, r, nregions);
    block_append(&M, b, o);
    last_line = line;
    return o;
}

#define MK(k, na, a, nr, r) mk_in(body, __LINE__, k, na, a, nr, r, 0)

static ValueId
res(OpId o, uint32_t i)
{
    return M.ops[o].res[i];
}

static void
set(OpId o, const char *name, const Attr *a)
{
    op_set_attr(&M, o, name, a);
}

/* ---- types and attributes ---- */

static TypeId
vec(TypeId e, uint32_t rank, int64_t a, int64_t b, int64_t c)
{
    int64_t s[3] = { a, b, c };
    return type_vector(&M, e, rank, s);
}
#define VEC1(e, a)       vec(e, 1, a, 0, 0)
#define VEC2(e, a, b)    vec(e, 2, a, b, 0)
#define VEC3(e, a, b, c) vec(e, 3, a, b, c)

static TypeId
mem(TypeId e, uint32_t rank, int64_t a, int64_t b, int32_t ms)
{
    int64_t s[2] = { a, b };
    return type_memref(&M, e, rank, s, NULL, ms, false);
}

static const Attr *
ints(uint32_t n, const int64_t *v)
{
    return attr_int_array(&M, v, n, TY_I64);
}
#define INTS(...)                                                                                  \
    ints(sizeof((const int64_t[]){ __VA_ARGS__ }) / sizeof(int64_t),                               \
         (const int64_t[]){ __VA_ARGS__ })

static const Attr *
dense(uint32_t n, const int64_t *v, TypeId e)
{
    return attr_dense_array(&M, e, v, NULL, n);
}
#define DENSE(...)                                                                                 \
    dense(sizeof((const int64_t[]){ __VA_ARGS__ }) / sizeof(int64_t),                              \
          (const int64_t[]){ __VA_ARGS__ }, TY_I64)
#define SEGS(...)                                                                                  \
    dense(sizeof((const int64_t[]){ __VA_ARGS__ }) / sizeof(int64_t),                              \
          (const int64_t[]){ __VA_ARGS__ }, TY_I32)
#define EMPTY_DENSE dense(0, NULL, TY_I64)

/* (d0..d{ndims-1}) -> (results): a result r >= 0 is d_r, -1 the constant 0 */
static const Attr *
amap(uint32_t ndims, uint32_t n, const int *r)
{
    const AffineExpr *e[8];
    for (uint32_t i = 0; i < n; i++)
        e[i] = r[i] < 0 ? affine_const(&M, 0) : affine_dim(&M, (uint32_t)r[i]);
    return attr_affine_map(&M, affine_map_new(&M, ndims, 0, n, e));
}
#define MAP(nd, ...)                                                                               \
    amap(nd, sizeof((const int[]){ __VA_ARGS__ }) / sizeof(int), (const int[]){ __VA_ARGS__ })
#define MAP0(nd) amap(nd, 0, NULL)

static const Attr *
enm(const char *dialect, const char *name, const char *value)
{
    return attr_enum(&M, dialect, name, value, false);
}

static const Attr *
bools(uint32_t n, bool a, bool b)
{
    const Attr *items[2] = { attr_bool(&M, a), attr_bool(&M, b) };
    return attr_array(&M, items, n);
}

/* ---- running ---- */

static void
finish(void)
{
    set(fn, "sym_name", attr_string(&M, "f", 1));
    set(fn, "function_type", attr_type(&M, type_function(&M, nfn_args, fn_args, 0, NULL)));
    OpId r = op_new(&M, OP_RETURN, at(2), 0, NULL, 0, NULL, 0);
    block_append(&M, body, r);
}

static void
end(void)
{
    diag_free(&D);
    module_free(&M);
}

static void
dump(void)
{
    for (uint32_t i = 0; i < D.nrecs; i++)
        fprintf(stderr, "    line %u: %s\n", D.recs[i].loc.line, D.recs[i].msg);
}

static void
ok_at(int line)
{
    ntests++;
    finish();
    if (!ir_verify(&M, &D)) {
        fprintf(stderr, "%s:%d: expected the IR to verify, got:\n", __FILE__, line);
        dump();
        failures++;
    }
    end();
}
#define OK() ok_at(__LINE__)

/* The IR must be rejected with an error that contains `msg` and sits at where_line. */
static void
error_at(int line, uint32_t where_line, const char *msg)
{
    ntests++;
    finish();
    bool ok = ir_verify(&M, &D), found = false;
    for (uint32_t i = 0; i < D.nrecs; i++)
        found |= strstr(D.recs[i].msg, msg) && D.recs[i].loc.line == where_line;
    if (ok || D.nrecs == 0) {
        fprintf(stderr, "%s:%d: expected error '%s', but the IR verified\n", __FILE__, line, msg);
        failures++;
    } else if (!found) {
        fprintf(stderr, "%s:%d: expected error '%s' at line %u, got:\n", __FILE__, line, msg,
                where_line);
        dump();
        failures++;
    }
    end();
}
#define ERR(msg)           error_at(__LINE__, last_line, msg)
#define ERR_AT(where, msg) error_at(__LINE__, where, msg)

#define F16  TY_F16
#define BF16 TY_BF16
#define F32  TY_F32
#define F64  TY_F64
#define I1   TY_I1
#define I8   TY_I8
#define I16  TY_I16
#define I32  TY_I32
#define I64  TY_I64
#define IDX  TY_INDEX
#define WG   MS_WORKGROUP

/* ---------------------------------------------------------- arith, math */

static void
test_arith(void)
{
    static const OpKind int_ops[] = {
        OP_ADDI,       OP_SUBI,  OP_MULI,  OP_DIVSI, OP_DIVUI, OP_CEILDIVSI, OP_CEILDIVUI,
        OP_FLOORDIVSI, OP_REMSI, OP_REMUI, OP_MAXSI, OP_MAXUI, OP_MINSI,     OP_MINUI,
        OP_ANDI,       OP_ORI,   OP_XORI,  OP_SHLI,  OP_SHRSI, OP_SHRUI
    };
    static const OpKind float_ops[] = { OP_ADDF,     OP_SUBF,     OP_MULF,    OP_DIVF,    OP_REMF,
                                        OP_MAXIMUMF, OP_MINIMUMF, OP_MAXNUMF, OP_MINNUMF, OP_POWF };
    static const OpKind unary_float[] = { OP_NEGF,  OP_EXP,  OP_EXP2, OP_LOG, OP_LOG2, OP_SQRT,
                                          OP_RSQRT, OP_TANH, OP_ABSF, OP_SIN, OP_COS,  OP_ERF };
    for (size_t i = 0; i < sizeof int_ops / sizeof int_ops[0]; i++) {
        begin();
        ValueId a = arg(I32), b = arg(I32);
        MK(int_ops[i], 2, V(a, b), 1, T(I32));
        OK();
        begin();
        a = arg(VEC1(IDX, 4)), b = arg(VEC1(IDX, 4));
        MK(int_ops[i], 2, V(a, b), 1, T(VEC1(IDX, 4)));
        OK();
        begin();
        a = arg(I32), b = arg(I64);
        MK(int_ops[i], 2, V(a, b), 1, T(I32));
        ERR("operand #1 has type i64 but operand #0 has type i32");
        begin();
        a = arg(F32), b = arg(F32);
        MK(int_ops[i], 2, V(a, b), 1, T(F32));
        ERR("operand #0 has type f32 but must be an integer or index or a vector of them");
    }
    for (size_t i = 0; i < sizeof float_ops / sizeof float_ops[0]; i++) {
        begin();
        ValueId a = arg(VEC2(F16, 4, 8)), b = arg(VEC2(F16, 4, 8));
        MK(float_ops[i], 2, V(a, b), 1, T(VEC2(F16, 4, 8)));
        OK();
        begin();
        a = arg(F32), b = arg(F32);
        MK(float_ops[i], 2, V(a, b), 1, T(F16));
        ERR("result #0 has type f16 but operand #0 has type f32");
        begin();
        a = arg(I32), b = arg(I32);
        MK(float_ops[i], 2, V(a, b), 1, T(I32));
        ERR("operand #0 has type i32 but must be a float or a vector of them");
    }
    for (size_t i = 0; i < sizeof unary_float / sizeof unary_float[0]; i++) {
        begin();
        ValueId a = arg(F32);
        MK(unary_float[i], 1, V(a), 1, T(F32));
        OK();
        begin();
        a = arg(I32);
        MK(unary_float[i], 1, V(a), 1, T(I32));
        ERR("operand #0 has type i32 but must be a float");
        begin();
        a = arg(F32);
        MK(unary_float[i], 2, V(a, a), 1, T(F32));
        ERR("expects 1 operands but has 2");
    }
    begin();
    ValueId a = arg(F32), b = arg(F32), c = arg(F32);
    MK(OP_FMA, 3, V(a, b, c), 1, T(F32));
    OK();
    begin();
    a = arg(F32), b = arg(F32), c = arg(F64);
    MK(OP_FMA, 3, V(a, b, c), 1, T(F32));
    ERR("operand #2 has type f64 but operand #0 has type f32");
}

static void
test_compare_select(void)
{
    begin();
    ValueId a = arg(I32), b = arg(I32);
    OpId o = MK(OP_CMPI, 2, V(a, b), 1, T(I1));
    set(o, "predicate", attr_int(&M, CMPI_SLT, I64));
    OK();
    begin();
    a = arg(I32), b = arg(I32);
    o = MK(OP_CMPI, 2, V(a, b), 1, T(I32));
    set(o, "predicate", attr_int(&M, CMPI_SLT, I64));
    ERR("result #0 has type i32 but must be i1");
    begin();
    a = arg(I32), b = arg(I32);
    o = MK(OP_CMPI, 2, V(a, b), 1, T(I1));
    set(o, "predicate", attr_int(&M, 10, I64));
    ERR("attribute 'predicate' is 10 but must be in [0, 10)");
    begin();
    a = arg(I32), b = arg(I32);
    MK(OP_CMPI, 2, V(a, b), 1, T(I1));
    ERR("requires attribute 'predicate'");

    begin();
    a = arg(VEC1(F32, 4)), b = arg(VEC1(F32, 4));
    o = MK(OP_CMPF, 2, V(a, b), 1, T(VEC1(I1, 4)));
    set(o, "predicate", attr_int(&M, CMPF_OLT, I64));
    OK();
    begin();
    a = arg(VEC1(F32, 4)), b = arg(VEC1(F32, 4));
    o = MK(OP_CMPF, 2, V(a, b), 1, T(VEC1(I1, 8)));
    set(o, "predicate", attr_int(&M, CMPF_OLT, I64));
    ERR("result #0 has type vector<8xi1> but must be vector<4xi1>");
    begin();
    a = arg(I32), b = arg(I32);
    o = MK(OP_CMPF, 2, V(a, b), 1, T(I1));
    set(o, "predicate", attr_string(&M, "olt", 3));
    ERR("operand #0 has type i32 but must be a float or a vector of them");

    begin();
    ValueId c = arg(I1);
    a = arg(F32), b = arg(F32);
    MK(OP_SELECT, 3, V(c, a, b), 1, T(F32));
    OK();
    begin();
    c = arg(VEC1(I1, 4));
    a = arg(VEC1(F32, 4)), b = arg(VEC1(F32, 4));
    MK(OP_SELECT, 3, V(c, a, b), 1, T(VEC1(F32, 4)));
    OK();
    begin();
    c = arg(VEC1(I1, 8));
    a = arg(VEC1(F32, 4)), b = arg(VEC1(F32, 4));
    MK(OP_SELECT, 3, V(c, a, b), 1, T(VEC1(F32, 4)));
    ERR("operand #0 has type vector<8xi1> but must be i1 or vector<4xi1>");
}

static void
cast_case(int line, OpKind k, TypeId from, TypeId to, const char *msg)
{
    ValueId a = arg(from);
    mk_in(body, (uint32_t)line, k, 1, V(a), 1, T(to), 0);
    if (msg)
        error_at(line, (uint32_t)line, msg);
    else
        ok_at(line);
}
/* begin() first: the types are interned in the new module */
#define CAST_OK(k, from, to)                                                                       \
    do {                                                                                           \
        begin();                                                                                   \
        cast_case(__LINE__, k, from, to, NULL);                                                    \
    } while (0)
#define CAST_ERR(k, from, to, msg)                                                                 \
    do {                                                                                           \
        begin();                                                                                   \
        cast_case(__LINE__, k, from, to, msg);                                                     \
    } while (0)

static void
test_casts(void)
{
    CAST_OK(OP_EXTF, F16, F32);
    CAST_OK(OP_EXTF, BF16, F32);
    CAST_ERR(OP_EXTF, F32, F16, "result #0 has type f16 but must be wider than f32");
    CAST_ERR(OP_EXTF, VEC1(F16, 4), VEC1(F32, 8),
             "result #0 has type vector<8xf32> but must have the shape of operand #0 "
             "(vector<4xf16>)");
    CAST_OK(OP_TRUNCF, F32, BF16);
    CAST_ERR(OP_TRUNCF, F16, F32, "result #0 has type f32 but must be narrower than f16");
    CAST_OK(OP_EXTSI, I8, I32);
    CAST_ERR(OP_EXTSI, I32, I32, "result #0 has type i32 but must be wider than i32");
    CAST_OK(OP_EXTUI, VEC1(I1, 4), VEC1(I32, 4));
    CAST_ERR(OP_EXTUI, IDX, I64, "operand #0 has type index but must be an integer or a vector");
    CAST_OK(OP_TRUNCI, I32, I8);
    CAST_ERR(OP_TRUNCI, I8, I32, "result #0 has type i32 but must be narrower than i8");
    CAST_OK(OP_SITOFP, I32, F32);
    CAST_ERR(OP_SITOFP, F32, F32, "operand #0 has type f32 but must be an integer");
    CAST_OK(OP_UITOFP, I8, F16);
    CAST_ERR(OP_UITOFP, I32, I32, "result #0 has type i32 but must be a float");
    CAST_OK(OP_FPTOSI, F32, I32);
    CAST_ERR(OP_FPTOSI, I32, I32, "operand #0 has type i32 but must be a float");
    CAST_OK(OP_FPTOUI, F16, I16);
    CAST_ERR(OP_FPTOUI, F16, F16, "result #0 has type f16 but must be an integer");
    CAST_OK(OP_INDEX_CAST, I32, IDX);
    CAST_OK(OP_INDEX_CAST, IDX, I64);
    CAST_ERR(OP_INDEX_CAST, IDX, IDX, "casts index to index but exactly one side must be index");
    CAST_OK(OP_INDEX_CASTUI, VEC1(IDX, 2), VEC1(I32, 2));
    CAST_ERR(OP_INDEX_CASTUI, I32, I64, "casts i32 to i64 but exactly one side must be index");
    CAST_OK(OP_BITCAST, F32, I32);
    CAST_OK(OP_BITCAST, BF16, F16);
    CAST_ERR(OP_BITCAST, F32, I16, "result #0 has type i16 but must have the bit width of f32");
}

static void
test_constant(void)
{
    begin();
    OpId o = MK(OP_CONSTANT, 0, NULL, 1, T(I32));
    set(o, "value", attr_int(&M, 7, I32));
    OK();
    begin();
    o = MK(OP_CONSTANT, 0, NULL, 1, T(F16));
    set(o, "value", attr_float(&M, 1.0, F32));
    ERR("result #0 has type f16 but the value has type f32");
    begin();
    MK(OP_CONSTANT, 0, NULL, 1, T(F32));
    ERR("requires attribute 'value'");
    begin();
    o = MK(OP_CONSTANT, 0, NULL, 1, T(F32));
    set(o, "value", attr_string(&M, "x", 1));
    ERR("attribute 'value' must be an integer, float, bool or dense attribute but is a string");
    /* dense splat */
    begin();
    TypeId vt = VEC2(F32, 4, 8);
    Attr *d = arena_alloc(&M.arena, sizeof *d);
    static const double zero = 0.0;
    d->kind = ATTR_DENSE;
    d->type = vt;
    d->splat = true;
    d->n = 1;
    d->floats = &zero;
    o = MK(OP_CONSTANT, 0, NULL, 1, T(vt));
    set(o, "value", d);
    OK();
    begin();
    vt = VEC2(F32, 4, 8);
    d = arena_alloc(&M.arena, sizeof *d);
    d->kind = ATTR_DENSE;
    d->type = VEC1(F32, 32);
    d->splat = true;
    d->n = 1;
    d->floats = &zero;
    o = MK(OP_CONSTANT, 0, NULL, 1, T(vt));
    set(o, "value", d);
    ERR("result #0 has type vector<4x8xf32> but the value has type vector<32xf32>");
}

/* ------------------------------------------------- structure, func, scf */

/* a new op in block b (not the function body) */
#define MK_IN(b, k, na, a, nr, r, nreg) mk_in(b, __LINE__, k, na, a, nr, r, nreg)

static BlockId
add_region(OpId o, uint32_t i)
{
    RegionId r = region_new(&M, o);
    M.ops[o].regions[i] = r;
    BlockId b = block_new(&M);
    region_append(&M, r, b);
    return b;
}

static void
test_dominance(void)
{
    /* a use before the definition */
    begin();
    ValueId a = arg(F32);
    OpId use = MK(OP_NEGF, 1, V(a), 1, T(F32));
    uint32_t use_line = last_line;
    OpId def = MK(OP_NEGF, 1, V(a), 1, T(F32));
    op_set_args(&M, use, 1, V(res(def, 0)));
    ERR_AT(use_line, "operand #0 does not dominate this use");
    /* an op using its own result */
    begin();
    a = arg(F32);
    OpId self = MK(OP_NEGF, 1, V(a), 1, T(F32));
    op_set_args(&M, self, 1, V(res(self, 0)));
    ERR("operand #0 does not dominate this use");
    /* a value from inside a loop body used after the loop */
    begin();
    ValueId lb = arg(IDX), ub = arg(IDX), st = arg(IDX);
    OpId loop = mk_in(body, __LINE__, OP_FOR, 3, V(lb, ub, st), 0, NULL, 1);
    BlockId lbody = add_region(loop, 0);
    ValueId iv = block_add_arg(&M, lbody, IDX, at(1), NULL);
    OpId inner = MK_IN(lbody, OP_ADDI, 2, V(iv, iv), 1, T(IDX), 0);
    MK_IN(lbody, OP_YIELD, 0, NULL, 0, NULL, 0);
    MK(OP_ADDI, 2, V(res(inner, 0), lb), 1, T(IDX));
    ERR("operand #0 does not dominate this use");
    /* a value of the loop's enclosing block used inside it: fine */
    begin();
    lb = arg(IDX), ub = arg(IDX), st = arg(IDX);
    ValueId x = arg(F32);
    loop = mk_in(body, __LINE__, OP_FOR, 3, V(lb, ub, st), 0, NULL, 1);
    lbody = add_region(loop, 0);
    block_add_arg(&M, lbody, IDX, at(1), NULL);
    MK_IN(lbody, OP_NEGF, 1, V(x), 1, T(F32), 0);
    MK_IN(lbody, OP_YIELD, 0, NULL, 0, NULL, 0);
    OK();
    /* functions are isolated from above */
    begin();
    OpId k = mk_in(op_entry_block(&M, M.top, 0), __LINE__, OP_CONSTANT, 0, NULL, 1, T(F32), 0);
    set(k, "value", attr_float(&M, 1.0, F32));
    MK(OP_NEGF, 1, V(res(k, 0)), 1, T(F32));
    ERR("operand #0 is defined outside 'func.func' @f, which is isolated from above");
    /* a dangling operand id does not crash */
    begin();
    MK(OP_NEGF, 1, V(9999), 1, T(F32));
    ERR("operand #0 is not a value with a type");
    /* a terminator in the middle of a block */
    begin();
    a = arg(F32);
    MK(OP_RETURN, 0, NULL, 0, NULL);
    MK(OP_NEGF, 1, V(a), 1, T(F32));
    ERR_AT(last_line - 1, "must be the last operation in its block");
}

static void
test_func(void)
{
    /* entry block arguments must match function_type */
    begin();
    arg(F32);
    finish();
    set(fn, "function_type", attr_type(&M, type_function(&M, 1, T(F16), 0, NULL)));
    M.ops[fn].nregions = 1;
    ntests++;
    if (ir_verify(&M, &D) || !strstr(D.recs[0].msg, "'func.func' entry block argument #0 has "
                                                    "type f32 but the function type says f16")) {
        fprintf(stderr, "%s:%d: expected an entry block argument error\n", __FILE__, __LINE__);
        dump();
        failures++;
    }
    end();
    /* func.return must match the results */
    begin();
    ValueId a = arg(F32);
    OpId r = MK(OP_RETURN, 1, V(a), 0, NULL);
    (void)r;
    ntests++;
    set(fn, "sym_name", attr_string(&M, "f", 1));
    set(fn, "function_type", attr_type(&M, type_function(&M, 1, T(F32), 1, T(F16))));
    if (ir_verify(&M, &D) ||
        !strstr(D.recs[0].msg, "'func.return' operand #0 has type f32 but 'func.func' returns "
                               "f16")) {
        fprintf(stderr, "%s:%d: expected a func.return error\n", __FILE__, __LINE__);
        dump();
        failures++;
    }
    end();
    /* body without func.return; missing function_type */
    begin();
    ntests++;
    set(fn, "sym_name", attr_string(&M, "f", 1));
    if (ir_verify(&M, &D) || D.nrecs != 2 ||
        !strstr(D.recs[0].msg, "'func.func' requires attribute 'function_type'") ||
        !strstr(D.recs[1].msg, "'func.func' body block #0 must end with 'func.return'")) {
        fprintf(stderr, "%s:%d: expected function_type and func.return errors\n", __FILE__,
                __LINE__);
        dump();
        failures++;
    }
    end();
    /* func.return with a value in a function returning nothing */
    begin();
    a = arg(F32);
    MK(OP_RETURN, 1, V(a), 0, NULL);
    ERR("has 1 operands but 'func.func' returns 0");
}

/* a func.func @g : (f32) -> f32 at the top level, for calls */
static void
add_callee(void)
{
    BlockId top = op_entry_block(&M, M.top, 0);
    OpId g = mk_in(top, 3, OP_FUNC, 0, NULL, 0, NULL, 1);
    set(g, "sym_name", attr_string(&M, "g", 1));
    set(g, "function_type", attr_type(&M, type_function(&M, 1, T(F32), 1, T(F32))));
    BlockId gb = add_region(g, 0);
    ValueId x = block_add_arg(&M, gb, F32, at(3), NULL);
    mk_in(gb, 3, OP_RETURN, 1, V(x), 0, NULL, 0);
}

static void
test_call(void)
{
    begin();
    add_callee();
    ValueId a = arg(F32);
    OpId c = MK(OP_CALL, 1, V(a), 1, T(F32));
    set(c, "callee", attr_symbol(&M, "g"));
    OK();
    begin();
    add_callee();
    a = arg(I32);
    c = MK(OP_CALL, 1, V(a), 1, T(F32));
    set(c, "callee", attr_symbol(&M, "g"));
    ERR("operand #0 has type i32 but must be f32");
    begin();
    a = arg(F32);
    c = MK(OP_CALL, 1, V(a), 1, T(F32));
    set(c, "callee", attr_symbol(&M, "h"));
    ERR("refers to @h, which is not a 'func.func' or 'gpu.func' in this module");
}

static void
test_scf(void)
{
    /* for with an iter_arg */
    begin();
    ValueId lb = arg(IDX), ub = arg(IDX), st = arg(IDX), init = arg(F32);
    OpId loop = mk_in(body, __LINE__, OP_FOR, 4, V(lb, ub, st, init), 1, T(F32), 1);
    BlockId lb_ = add_region(loop, 0);
    block_add_arg(&M, lb_, IDX, at(1), NULL);
    ValueId acc = block_add_arg(&M, lb_, F32, at(1), NULL);
    OpId n = MK_IN(lb_, OP_NEGF, 1, V(acc), 1, T(F32), 0);
    MK_IN(lb_, OP_YIELD, 1, V(res(n, 0)), 0, NULL, 0);
    OK();
    /* yield of the wrong type */
    begin();
    lb = arg(IDX), ub = arg(IDX), st = arg(IDX), init = arg(F32);
    ValueId h = arg(F16);
    loop = mk_in(body, __LINE__, OP_FOR, 4, V(lb, ub, st, init), 1, T(F32), 1);
    lb_ = add_region(loop, 0);
    block_add_arg(&M, lb_, IDX, at(1), NULL);
    block_add_arg(&M, lb_, F32, at(1), NULL);
    MK_IN(lb_, OP_YIELD, 1, V(h), 0, NULL, 0);
    ERR("'scf.yield' operand #0 has type f16 but 'scf.for' has results of type f32");
    /* no yield; mixed bound types */
    begin();
    lb = arg(IDX), ub = arg(I32), st = arg(IDX);
    loop = mk_in(body, __LINE__, OP_FOR, 3, V(lb, ub, st), 0, NULL, 1);
    lb_ = add_region(loop, 0);
    block_add_arg(&M, lb_, IDX, at(1), NULL);
    ERR("lower bound, upper bound and step must have one integer or index type, but have index, "
        "i32 and index");
    begin();
    lb = arg(IDX), ub = arg(IDX), st = arg(IDX);
    loop = mk_in(body, __LINE__, OP_FOR, 3, V(lb, ub, st), 0, NULL, 1);
    lb_ = add_region(loop, 0);
    block_add_arg(&M, lb_, IDX, at(1), NULL);
    ERR("body must end with 'scf.yield'");
    /* a for without its region does not crash */
    begin();
    lb = arg(IDX), ub = arg(IDX), st = arg(IDX);
    MK(OP_FOR, 3, V(lb, ub, st), 0, NULL);
    ERR("expects 1 regions but has 0");

    /* if / else yielding f32 */
    begin();
    ValueId c = arg(I1), x = arg(F32);
    OpId i = mk_in(body, __LINE__, OP_IF, 1, V(c), 1, T(F32), 2);
    MK_IN(add_region(i, 0), OP_YIELD, 1, V(x), 0, NULL, 0);
    MK_IN(add_region(i, 1), OP_YIELD, 1, V(x), 0, NULL, 0);
    OK();
    begin();
    c = arg(I32);
    i = mk_in(body, __LINE__, OP_IF, 1, V(c), 0, NULL, 1);
    MK_IN(add_region(i, 0), OP_YIELD, 0, NULL, 0, NULL, 0);
    ERR_AT(last_line - 1, "operand #0 has type i32 but must be i1");
    begin();
    c = arg(I1), x = arg(F32);
    i = mk_in(body, __LINE__, OP_IF, 1, V(c), 1, T(F32), 1);
    MK_IN(add_region(i, 0), OP_YIELD, 1, V(x), 0, NULL, 0);
    ERR_AT(last_line - 1, "has results and must have an 'else' region");
    /* scf.yield outside scf */
    begin();
    i = mk_in(body, __LINE__, OP_IF, 1, V(arg(I1)), 0, NULL, 1);
    MK_IN(add_region(i, 0), OP_RETURN, 0, NULL, 0, NULL, 0);
    ERR("'func.return' must be inside a 'func.func'");
    begin();
    MK(OP_YIELD, 0, NULL, 0, NULL);
    ERR("must be inside 'scf.for' or 'scf.if'");
}

/* --------------------------------------------------------------- vector */

/* transfer_read %m[%i, %j], %pad (, %mask) from memref<16x32xf32> into vt with `map` */
static OpId
transfer_read(uint32_t line, TypeId vt, const Attr *map, TypeId pad_type, TypeId mask)
{
    ValueId m = arg(mem(F32, 2, 16, 32, 0)), i = arg(IDX), j = arg(IDX), pad = arg(pad_type);
    ValueId k = mask ? arg(mask) : 0;
    OpId o = mk_in(body, line, OP_TRANSFER_READ, mask ? 5 : 4, V(m, i, j, pad, k), 1, T(vt), 0);
    set(o, "permutation_map", map);
    set(o, "in_bounds", bools(M.types[vt].rank, true, true));
    set(o, "operandSegmentSizes", SEGS(1, 2, 1, mask != 0));
    return o;
}
#define READ(vt, map, pad, mask) transfer_read(__LINE__, vt, map, pad, mask)

static void
test_transfer(void)
{
    begin();
    READ(VEC2(F32, 4, 8), MAP(2, 0, 1), F32, 0);
    OK();
    begin();
    READ(VEC2(F32, 8, 4), MAP(2, 1, 0), F32, VEC2(I1, 4, 8));
    OK();
    begin();
    READ(VEC2(F32, 4, 8), MAP(2, -1, 1), F32, 0); /* broadcast along dim 0, in bounds */
    OK();
    begin();
    READ(VEC2(F16, 4, 8), MAP(2, 0, 1), F32, 0);
    ERR("result #0 has type vector<4x8xf16> but its element type must be f32, the memref's");
    begin();
    READ(VEC2(F32, 4, 8), MAP(2, 0, 1), F16, 0);
    ERR("operand #3 has type f16 but must be f32");
    begin();
    READ(VEC2(F32, 4, 8), MAP(2, 0), F32, 0);
    ERR("attribute 'permutation_map' must map the memref's 2 dims to the vector's 2 dims without "
        "symbols, but has 2 dims, 0 symbols and 1 results");
    begin();
    READ(VEC2(F32, 4, 8), MAP(2, 0, 0), F32, 0);
    ERR("attribute 'permutation_map' must be a projected permutation");
    begin();
    READ(VEC2(F32, 8, 4), MAP(2, 1, 0), F32, VEC2(I1, 8, 4));
    ERR("operand #4 (the mask) has type vector<8x4xi1> but must be vector<4x8xi1>");
    begin();
    OpId o = READ(VEC2(F32, 4, 8), MAP(2, -1, 1), F32, 0);
    set(o, "in_bounds", bools(2, false, true));
    ERR("broadcast dimension #0 must be in bounds");
    begin();
    o = READ(VEC2(F32, 4, 8), MAP(2, 0, 1), F32, 0);
    set(o, "in_bounds", bools(1, true, true));
    ERR("attribute 'in_bounds' has 1 entries but the vector has rank 2");
    begin();
    o = READ(VEC2(F32, 4, 8), MAP(2, 0, 1), F32, 0);
    op_remove_attr(&M, o, "operandSegmentSizes");
    ERR("requires attribute 'operandSegmentSizes'");
    begin();
    o = READ(VEC2(F32, 4, 8), MAP(2, 0, 1), F32, 0);
    set(o, "operandSegmentSizes", SEGS(1, 1, 1, 0));
    ERR("attribute 'operandSegmentSizes' adds up to 3 but the op has 4 operands");
    begin();
    o = READ(VEC2(F32, 4, 8), MAP(2, 0, 1), F32, 0);
    set(o, "operandSegmentSizes", SEGS(1, 1, 2, 0));
    ERR("attribute 'operandSegmentSizes' entry #2 is 2 but must be 1");
    begin();
    o = READ(VEC2(F32, 4, 8), MAP(2, 0, 1), F32, 0);
    set(o, "permutation_map", attr_int(&M, 3, I64));
    ERR("attribute 'permutation_map' must be an affine map attribute but is an integer attribute");

    /* transfer_write %v, %m[%i, %j] */
    begin();
    ValueId v = arg(VEC2(F32, 4, 8)), m = arg(mem(F32, 2, 16, 32, 0)), i = arg(IDX), j = arg(IDX);
    o = MK(OP_TRANSFER_WRITE, 4, V(v, m, i, j), 0, NULL);
    set(o, "permutation_map", MAP(2, 0, 1));
    set(o, "in_bounds", bools(2, false, false));
    set(o, "operandSegmentSizes", SEGS(1, 1, 2, 0));
    OK();
    begin();
    v = arg(VEC2(F32, 4, 8)), m = arg(mem(F32, 2, 16, 32, 0)), i = arg(IDX), j = arg(IDX);
    o = MK(OP_TRANSFER_WRITE, 4, V(v, m, i, j), 0, NULL);
    set(o, "permutation_map", MAP(2, -1, 1));
    set(o, "operandSegmentSizes", SEGS(1, 1, 2, 0));
    ERR("attribute 'permutation_map' must be a projected permutation (each result a distinct "
        "dim)");
    begin();
    v = arg(VEC2(F32, 4, 8)), m = arg(mem(F32, 2, 16, 32, 0)), i = arg(IDX);
    o = MK(OP_TRANSFER_WRITE, 3, V(v, m, i), 0, NULL);
    set(o, "permutation_map", MAP(2, 0, 1));
    set(o, "operandSegmentSizes", SEGS(1, 1, 1, 0));
    ERR("has 1 indices but the memref has rank 2");

    /* vector.load / vector.store */
    begin();
    m = arg(mem(F32, 2, 16, 32, 0)), i = arg(IDX), j = arg(IDX);
    MK(OP_VLOAD, 3, V(m, i, j), 1, T(VEC1(F32, 8)));
    OK();
    begin();
    m = arg(mem(F32, 2, 16, 32, 0)), i = arg(IDX);
    MK(OP_VLOAD, 2, V(m, i), 1, T(VEC1(F32, 8)));
    ERR("has 1 indices but the memref has rank 2");
    begin();
    v = arg(VEC1(F32, 8)), m = arg(mem(F32, 2, 16, 32, 0)), i = arg(IDX), j = arg(IDX);
    MK(OP_VSTORE, 4, V(v, m, i, j), 0, NULL);
    OK();
    begin();
    v = arg(VEC1(F16, 8)), m = arg(mem(F32, 2, 16, 32, 0)), i = arg(IDX), j = arg(IDX);
    MK(OP_VSTORE, 4, V(v, m, i, j), 0, NULL);
    ERR("operand #0 has type vector<8xf16> but its element type must be f32, the memref's");
}

/* C[m, n] += A[m, k] * B[k, n] with (d0, d1, d2) = (m, n, k) */
static OpId
contract(uint32_t line, TypeId a, TypeId b, TypeId c)
{
    ValueId x = arg(a), y = arg(b), z = arg(c);
    OpId o = mk_in(body, line, OP_CONTRACT, 3, V(x, y, z), 1, T(c), 0);
    const Attr *maps[3] = { MAP(3, 0, 2), MAP(3, 2, 1), MAP(3, 0, 1) };
    const Attr *its[3] = { enm("vector", "iterator_type", "parallel"),
                           enm("vector", "iterator_type", "parallel"),
                           enm("vector", "iterator_type", "reduction") };
    set(o, "indexing_maps", attr_array(&M, maps, 3));
    set(o, "iterator_types", attr_array(&M, its, 3));
    set(o, "kind", enm("vector", "kind", "add"));
    return o;
}
#define CONTRACT(a, b, c) contract(__LINE__, a, b, c)

static void
test_contract_reduce(void)
{
    begin();
    CONTRACT(VEC2(F16, 16, 8), VEC2(F16, 8, 32), VEC2(F32, 16, 32));
    OK();
    begin();
    CONTRACT(VEC2(F16, 16, 8), VEC2(F16, 8, 32), VEC2(F32, 16, 16));
    ERR("'vector.contract' operand #2 has type vector<16x16xf32> but the indexing maps and "
        "operand shapes need vector<16x32xf32>");
    begin();
    CONTRACT(VEC2(F16, 16, 8), VEC2(F16, 4, 32), VEC2(F32, 16, 32));
    ERR("operand #1 has type vector<4x32xf16> but iteration dim d2 has size 8 in operand #0");
    begin();
    OpId o = CONTRACT(VEC2(F16, 16, 8), VEC2(F16, 8, 32), VEC2(F32, 16, 32));
    set(o, "kind", enm("vector", "kind", "maxsi"));
    ERR("combining kind 'maxsi' does not apply to element type f32");
    begin();
    o = CONTRACT(VEC2(F16, 16, 8), VEC2(F16, 8, 32), VEC2(F32, 16, 32));
    const Attr *its[3] = { attr_string(&M, "parallel", 8), attr_string(&M, "reduction", 9),
                           attr_string(&M, "reduction", 9) };
    set(o, "iterator_types", attr_array(&M, its, 3));
    ERR("reduction dim d1 must appear in both lhs and rhs");
    begin();
    o = CONTRACT(VEC2(F16, 16, 8), VEC2(F16, 8, 32), VEC2(F32, 16, 32));
    op_remove_attr(&M, o, "indexing_maps");
    ERR("requires attribute 'indexing_maps'");

    /* multi_reduction */
    begin();
    ValueId s = arg(VEC2(F32, 4, 8)), acc = arg(VEC1(F32, 4));
    o = MK(OP_MULTI_REDUCTION, 2, V(s, acc), 1, T(VEC1(F32, 4)));
    set(o, "kind", enm("vector", "kind", "maximumf"));
    set(o, "reduction_dims", INTS(1));
    OK();
    begin();
    s = arg(VEC2(F32, 4, 8)), acc = arg(F32);
    o = MK(OP_MULTI_REDUCTION, 2, V(s, acc), 1, T(F32));
    set(o, "kind", enm("vector", "kind", "add"));
    set(o, "reduction_dims", DENSE(0, 1));
    OK();
    begin();
    s = arg(VEC2(F32, 4, 8)), acc = arg(VEC1(F32, 8));
    o = MK(OP_MULTI_REDUCTION, 2, V(s, acc), 1, T(VEC1(F32, 8)));
    set(o, "kind", enm("vector", "kind", "add"));
    set(o, "reduction_dims", INTS(1));
    ERR("operand #1 has type vector<8xf32> but reducing the source needs vector<4xf32>");
    begin();
    s = arg(VEC2(F32, 4, 8)), acc = arg(VEC1(F32, 4));
    o = MK(OP_MULTI_REDUCTION, 2, V(s, acc), 1, T(VEC1(F32, 4)));
    set(o, "kind", enm("vector", "kind", "add"));
    set(o, "reduction_dims", INTS(2));
    ERR("reduction dim 2 is out of range or repeated for a rank-2 source");

    /* reduction */
    begin();
    s = arg(VEC1(F32, 8));
    o = MK(OP_REDUCTION, 1, V(s), 1, T(F32));
    set(o, "kind", enm("vector", "kind", "add"));
    OK();
    begin();
    s = arg(VEC1(F32, 8));
    o = MK(OP_REDUCTION, 1, V(s), 1, T(F16));
    set(o, "kind", enm("vector", "kind", "add"));
    ERR("result #0 has type f16 but must be f32");
    begin();
    s = arg(VEC1(F32, 8));
    o = MK(OP_REDUCTION, 1, V(s), 1, T(F32));
    set(o, "kind", enm("vector", "kind", "xor"));
    ERR("combining kind 'xor' does not apply to element type f32");
}

static void
test_vector_shapes(void)
{
    /* broadcast */
    begin();
    MK(OP_BROADCAST, 1, V(arg(F32)), 1, T(VEC2(F32, 4, 8)));
    OK();
    begin();
    MK(OP_BROADCAST, 1, V(arg(VEC2(F32, 1, 8))), 1, T(VEC3(F32, 2, 4, 8)));
    OK();
    begin();
    MK(OP_BROADCAST, 1, V(arg(VEC1(F32, 4))), 1, T(VEC2(F32, 4, 8)));
    ERR("operand #0 has type vector<4xf32> but dim 0 (4) must be 1 or 8 to broadcast to "
        "vector<4x8xf32>");
    begin();
    MK(OP_BROADCAST, 1, V(arg(F16)), 1, T(VEC2(F32, 4, 8)));
    ERR("result #0 has type vector<4x8xf32> but operand #0 has element type f16");
    /* transpose */
    begin();
    OpId o = MK(OP_TRANSPOSE, 1, V(arg(VEC2(F32, 4, 8))), 1, T(VEC2(F32, 8, 4)));
    set(o, "permutation", DENSE(1, 0));
    OK();
    begin();
    o = MK(OP_TRANSPOSE, 1, V(arg(VEC2(F32, 4, 8))), 1, T(VEC2(F32, 4, 8)));
    set(o, "permutation", DENSE(1, 0));
    ERR("result #0 has type vector<4x8xf32> but transposing operand #0 gives vector<8x4xf32>");
    begin();
    o = MK(OP_TRANSPOSE, 1, V(arg(VEC2(F32, 4, 8))), 1, T(VEC2(F32, 8, 4)));
    set(o, "permutation", DENSE(0, 0));
    ERR("attribute 'permutation' must be a permutation of the 2 dims of operand #0");
    /* shape_cast */
    begin();
    MK(OP_SHAPE_CAST, 1, V(arg(VEC2(F32, 4, 8))), 1, T(VEC1(F32, 32)));
    OK();
    begin();
    MK(OP_SHAPE_CAST, 1, V(arg(VEC2(F32, 4, 8))), 1, T(VEC1(F32, 16)));
    ERR("result #0 has type vector<16xf32> but must have the element type and element count (32) "
        "of operand #0 (vector<4x8xf32>)");
    /* extract */
    begin();
    o = MK(OP_EXTRACT, 1, V(arg(VEC2(F32, 4, 8))), 1, T(VEC1(F32, 8)));
    set(o, "static_position", DENSE(1));
    OK();
    begin();
    ValueId vv = arg(VEC2(F32, 4, 8)), i = arg(IDX);
    o = MK(OP_EXTRACT, 2, V(vv, i), 1, T(F32));
    set(o, "static_position", DENSE(DIM_DYNAMIC, 3));
    OK();
    begin();
    o = MK(OP_EXTRACT, 1, V(arg(VEC2(F32, 4, 8))), 1, T(VEC1(F32, 8)));
    set(o, "static_position", DENSE(5));
    ERR("position #0 is 5, out of range for dim 0 of vector<4x8xf32>");
    begin();
    o = MK(OP_EXTRACT, 1, V(arg(VEC2(F32, 4, 8))), 1, T(F32));
    set(o, "static_position", DENSE(1));
    ERR("result #0 has type f32 but must be vector<8xf32>");
    begin();
    o = MK(OP_EXTRACT, 1, V(arg(VEC2(F32, 4, 8))), 1, T(F32));
    set(o, "static_position", DENSE(DIM_DYNAMIC, 1));
    ERR("has 0 dynamic position operands but attribute 'static_position' asks for 1");
    /* insert */
    begin();
    ValueId x = arg(F32), d = arg(VEC2(F32, 4, 8));
    o = MK(OP_INSERT, 2, V(x, d), 1, T(VEC2(F32, 4, 8)));
    set(o, "static_position", DENSE(1, 2));
    OK();
    begin();
    x = arg(VEC1(F32, 4)), d = arg(VEC2(F32, 4, 8));
    o = MK(OP_INSERT, 2, V(x, d), 1, T(VEC2(F32, 4, 8)));
    set(o, "static_position", DENSE(1));
    ERR("operand #0 has type vector<4xf32> but must be vector<8xf32>");
    /* extract_strided_slice */
    begin();
    o = MK(OP_EXTRACT_STRIDED_SLICE, 1, V(arg(VEC2(F32, 4, 8))), 1, T(VEC2(F32, 2, 4)));
    set(o, "offsets", INTS(0, 4));
    set(o, "sizes", INTS(2, 4));
    set(o, "strides", INTS(1, 1));
    OK();
    begin();
    o = MK(OP_EXTRACT_STRIDED_SLICE, 1, V(arg(VEC2(F32, 4, 8))), 1, T(VEC2(F32, 2, 4)));
    set(o, "offsets", INTS(0, 6));
    set(o, "sizes", INTS(2, 4));
    set(o, "strides", INTS(1, 1));
    ERR("slice of dim 1 (offset 6, size 4, stride 1) does not fit in 8 with stride 1");
    /* insert_strided_slice */
    begin();
    x = arg(VEC2(F32, 2, 4)), d = arg(VEC2(F32, 4, 8));
    o = MK(OP_INSERT_STRIDED_SLICE, 2, V(x, d), 1, T(VEC2(F32, 4, 8)));
    set(o, "offsets", INTS(2, 4));
    set(o, "strides", INTS(1, 1));
    OK();
    begin();
    x = arg(VEC2(F32, 2, 4)), d = arg(VEC2(F32, 4, 8));
    o = MK(OP_INSERT_STRIDED_SLICE, 2, V(x, d), 1, T(VEC2(F32, 4, 8)));
    set(o, "offsets", INTS(3, 4));
    set(o, "strides", INTS(1, 1));
    ERR("slice does not fit dim 0 of vector<4x8xf32> at offset 3 with stride 1");
}

static void
test_vector_misc(void)
{
    begin();
    MK(OP_SPLAT, 1, V(arg(F32)), 1, T(VEC1(F32, 4)));
    OK();
    begin();
    MK(OP_SPLAT, 1, V(arg(F16)), 1, T(VEC1(F32, 4)));
    ERR("operand #0 has type f16 but must be f32");
    begin();
    ValueId a = arg(VEC1(F32, 4)), b = arg(VEC1(F32, 4)), c = arg(VEC1(F32, 4));
    MK(OP_VFMA, 3, V(a, b, c), 1, T(VEC1(F32, 4)));
    OK();
    begin();
    a = arg(VEC1(F32, 4)), b = arg(VEC1(F16, 4)), c = arg(VEC1(F32, 4));
    MK(OP_VFMA, 3, V(a, b, c), 1, T(VEC1(F32, 4)));
    ERR("operand #1 has type vector<4xf16> but operand #0 has type vector<4xf32>");
    begin();
    a = arg(F32);
    MK(OP_VFMA, 3, V(a, a, a), 1, T(F32));
    ERR("operand #0 has type f32 but must be a vector");
    begin();
    MK(OP_STEP, 0, NULL, 1, T(VEC1(IDX, 8)));
    OK();
    begin();
    MK(OP_STEP, 0, NULL, 1, T(VEC1(I32, 8)));
    ERR("result #0 has type vector<8xi32> but must be a vector of index of rank 1");
    begin();
    a = arg(IDX), b = arg(IDX);
    MK(OP_CREATE_MASK, 2, V(a, b), 1, T(VEC2(I1, 4, 8)));
    OK();
    begin();
    MK(OP_CREATE_MASK, 1, V(arg(IDX)), 1, T(VEC2(I1, 4, 8)));
    ERR("expects 2 operands (one per result dim) but has 1");
    begin();
    OpId o = MK(OP_CONSTANT_MASK, 0, NULL, 1, T(VEC2(I1, 4, 8)));
    set(o, "mask_dim_sizes", DENSE(2, 3));
    OK();
    begin();
    o = MK(OP_CONSTANT_MASK, 0, NULL, 1, T(VEC2(I1, 4, 8)));
    set(o, "mask_dim_sizes", DENSE(5, 3));
    ERR("mask dim size #0 is 5, outside [0, 4]");
    begin();
    MK(OP_VBITCAST, 1, V(arg(VEC2(F16, 4, 8))), 1, T(VEC2(F32, 4, 4)));
    OK();
    begin();
    MK(OP_VBITCAST, 1, V(arg(VEC2(F16, 4, 8))), 1, T(VEC2(F32, 4, 8)));
    ERR("result #0 has type vector<4x8xf32> but must have the rank, leading dims and bits per row "
        "of vector<4x8xf16>");
    begin();
    a = arg(F32);
    MK(OP_FROM_ELEMENTS, 4, V(a, a, a, a), 1, T(VEC2(F32, 2, 2)));
    OK();
    begin();
    a = arg(F32);
    MK(OP_FROM_ELEMENTS, 3, V(a, a, a), 1, T(VEC1(F32, 4)));
    ERR("expects 4 operands (one per element) but has 3");
}

/* --------------------------------------------------------------- memref */

static OpId
add_global(TypeId t)
{
    OpId g = mk_in(op_entry_block(&M, M.top, 0), 3, OP_GLOBAL, 0, NULL, 0, NULL, 0);
    set(g, "sym_name", attr_string(&M, "g", 1));
    set(g, "type", attr_type(&M, t));
    return g;
}

static void
test_memref(void)
{
    int64_t dyn[2] = { 4, DIM_DYNAMIC };
    begin();
    TypeId t = type_memref(&M, F32, 2, dyn, NULL, WG, false);
    OpId o = MK(OP_ALLOC, 1, V(arg(IDX)), 1, T(t));
    set(o, "operandSegmentSizes", SEGS(1, 0));
    OK();
    begin();
    t = type_memref(&M, F32, 2, dyn, NULL, WG, false);
    o = MK(OP_ALLOC, 0, NULL, 1, T(t));
    set(o, "operandSegmentSizes", SEGS(0, 0));
    ERR("has 0 dynamic sizes but memref<4x?xf32, 3> has 1 dynamic dims");
    begin();
    o = MK(OP_ALLOCA, 0, NULL, 1, T(mem(F32, 1, 4, 0, MS_PRIVATE)));
    set(o, "operandSegmentSizes", SEGS(0, 0));
    OK();
    begin();
    MK(OP_ALLOCA, 0, NULL, 1, T(mem(F32, 1, 4, 0, MS_PRIVATE)));
    ERR("requires attribute 'operandSegmentSizes'");

    begin();
    ValueId m = arg(mem(F32, 2, 4, 8, 0)), i = arg(IDX), j = arg(IDX);
    MK(OP_MLOAD, 3, V(m, i, j), 1, T(F32));
    OK();
    begin();
    m = arg(mem(F32, 2, 4, 8, 0)), i = arg(IDX), j = arg(IDX);
    MK(OP_MLOAD, 3, V(m, i, j), 1, T(F16));
    ERR("result #0 has type f16 but must be f32");
    begin();
    m = arg(mem(F32, 2, 4, 8, 0)), i = arg(I32), j = arg(IDX);
    MK(OP_MLOAD, 3, V(m, i, j), 1, T(F32));
    ERR("operand #1 has type i32 but must be index");
    begin();
    ValueId x = arg(F32);
    m = arg(mem(F32, 2, 4, 8, 0)), i = arg(IDX), j = arg(IDX);
    MK(OP_MSTORE, 4, V(x, m, i, j), 0, NULL);
    OK();
    begin();
    x = arg(F16);
    m = arg(mem(F32, 2, 4, 8, 0)), i = arg(IDX), j = arg(IDX);
    MK(OP_MSTORE, 4, V(x, m, i, j), 0, NULL);
    ERR("operand #0 has type f16 but must be f32");

    /* subview */
    begin();
    o = MK(OP_SUBVIEW, 1, V(arg(mem(F32, 2, 16, 32, 0))), 1, T(mem(F32, 2, 4, 8, 0)));
    set(o, "static_offsets", DENSE(0, 8));
    set(o, "static_sizes", DENSE(4, 8));
    set(o, "static_strides", DENSE(1, 1));
    set(o, "operandSegmentSizes", SEGS(1, 0, 0, 0));
    OK();
    begin(); /* rank-reducing, with a dynamic offset */
    ValueId src = arg(mem(F32, 2, 16, 32, 0)), off = arg(IDX);
    o = MK(OP_SUBVIEW, 2, V(src, off), 1, T(mem(F32, 1, 8, 0, 0)));
    set(o, "static_offsets", DENSE(DIM_DYNAMIC, 8));
    set(o, "static_sizes", DENSE(1, 8));
    set(o, "static_strides", DENSE(1, 1));
    set(o, "operandSegmentSizes", SEGS(1, 1, 0, 0));
    OK();
    begin();
    o = MK(OP_SUBVIEW, 1, V(arg(mem(F32, 2, 16, 32, 0))), 1, T(mem(F32, 2, 4, 40, 0)));
    set(o, "static_offsets", DENSE(0, 8));
    set(o, "static_sizes", DENSE(4, 40));
    set(o, "static_strides", DENSE(1, 1));
    set(o, "operandSegmentSizes", SEGS(1, 0, 0, 0));
    ERR("slice of dim 1 (offset 8, size 40, stride 1) runs outside 32");

    /* view */
    begin();
    src = arg(mem(I8, 1, 2048, 0, WG));
    ValueId shift = arg(IDX);
    MK(OP_VIEW, 2, V(src, shift), 1, T(mem(F32, 2, 16, 32, WG)));
    OK();
    begin();
    src = arg(mem(I8, 1, 2048, 0, WG));
    shift = arg(IDX);
    MK(OP_VIEW, 2, V(src, shift), 1, T(mem(F32, 2, 16, 32, 0)));
    ERR("result #0 has type memref<16x32xf32> but must be in the memory space of "
        "memref<2048xi8, 3>");

    /* global / get_global */
    begin();
    add_global(mem(F32, 1, 4, 0, 0));
    o = MK(OP_GET_GLOBAL, 0, NULL, 1, T(mem(F32, 1, 4, 0, 0)));
    set(o, "name", attr_symbol(&M, "g"));
    OK();
    begin();
    add_global(mem(F32, 1, 4, 0, 0));
    o = MK(OP_GET_GLOBAL, 0, NULL, 1, T(mem(F32, 1, 8, 0, 0)));
    set(o, "name", attr_symbol(&M, "g"));
    ERR("result #0 has type memref<8xf32> but @g has type memref<4xf32>");
    begin();
    o = MK(OP_GET_GLOBAL, 0, NULL, 1, T(mem(F32, 1, 8, 0, 0)));
    set(o, "name", attr_symbol(&M, "h"));
    ERR("refers to @h, which is not a 'memref.global' in this module");
    begin();
    add_global(mem(F32, 1, DIM_DYNAMIC, 0, 0));
    ERR_AT(3, "attribute 'type' is memref<?xf32> but must be a statically shaped memref");

    /* dim */
    begin();
    m = arg(mem(F32, 1, DIM_DYNAMIC, 0, 0)), i = arg(IDX);
    MK(OP_DIM, 2, V(m, i), 1, T(IDX));
    OK();
    begin();
    m = arg(mem(F32, 1, DIM_DYNAMIC, 0, 0)), i = arg(IDX);
    MK(OP_DIM, 2, V(m, i), 1, T(I32));
    ERR("result #0 has type i32 but must be index");
}

/* --------------------------------------------------------------- affine */

static void
test_affine_ops(void)
{
    begin();
    ValueId a = arg(IDX), b = arg(IDX);
    OpId o = MK(OP_AFFINE_APPLY, 2, V(a, b), 1, T(IDX));
    set(o, "map", MAP(2, 1));
    OK();
    begin();
    o = MK(OP_AFFINE_APPLY, 1, V(arg(IDX)), 1, T(IDX));
    set(o, "map", MAP(2, 1));
    ERR("expects 2 operands (the map's dims and symbols) but has 1");
    begin();
    a = arg(IDX), b = arg(IDX);
    o = MK(OP_LINEARIZE_INDEX, 2, V(a, b), 1, T(IDX));
    set(o, "static_basis", DENSE(4, 8));
    set(o, "operandSegmentSizes", SEGS(2, 0));
    OK();
    begin();
    a = arg(IDX), b = arg(IDX);
    o = MK(OP_LINEARIZE_INDEX, 2, V(a, b), 1, T(IDX));
    set(o, "static_basis", DENSE(4, 8, 2));
    set(o, "operandSegmentSizes", SEGS(2, 0));
    ERR("has 2 indices but a basis of 3");
    begin();
    o = MK(OP_DELINEARIZE_INDEX, 1, V(arg(IDX)), 3, T(IDX, IDX, IDX));
    set(o, "static_basis", DENSE(4, 8));
    OK();
    begin();
    o = MK(OP_DELINEARIZE_INDEX, 1, V(arg(IDX)), 4, T(IDX, IDX, IDX, IDX));
    set(o, "static_basis", DENSE(4, 8));
    ERR("has 4 results but a basis of 2");
}

/* ------------------------------------------------------------------ gpu */

/* gpu.module @m { gpu.func @k(args) kernel { ... gpu.return } }; returns the body block */
static OpId gfn;

static BlockId
gpu_kernel(uint32_t nargs, const TypeId *args, int64_t nwg, uint32_t nextra, const TypeId *extra)
{
    BlockId top = op_entry_block(&M, M.top, 0);
    OpId gm = mk_in(top, 4, OP_GPU_MODULE, 0, NULL, 0, NULL, 1);
    set(gm, "sym_name", attr_string(&M, "m", 1));
    BlockId gb = add_region(gm, 0);
    gfn = mk_in(gb, 5, OP_GPU_FUNC, 0, NULL, 0, NULL, 1);
    set(gfn, "sym_name", attr_string(&M, "k", 1));
    set(gfn, "function_type", attr_type(&M, type_function(&M, nargs, args, 0, NULL)));
    set(gfn, "gpu.kernel", attr_unit(&M));
    if (nwg)
        set(gfn, "workgroup_attributions", attr_int(&M, nwg, I64));
    BlockId b = add_region(gfn, 0);
    for (uint32_t i = 0; i < nargs; i++)
        block_add_arg(&M, b, args[i], at(5), NULL);
    for (uint32_t i = 0; i < nextra; i++)
        block_add_arg(&M, b, extra[i], at(5), NULL);
    return b;
}

static void
test_gpu_func(void)
{
    begin();
    BlockId b = gpu_kernel(1, T(F32), 1, 1, T(mem(F32, 1, 64, 0, WG)));
    mk_in(b, 6, OP_GPU_RETURN, 0, NULL, 0, NULL, 0);
    OK();
    begin();
    b = gpu_kernel(1, T(F32), 1, 1, T(mem(F32, 1, 64, 0, 0)));
    mk_in(b, 6, OP_GPU_RETURN, 0, NULL, 0, NULL, 0);
    ERR_AT(5, "workgroup attribution (entry block argument #1) has type memref<64xf32> but must "
              "be a memref in workgroup memory");
    begin();
    b = gpu_kernel(0, NULL, 0, 0, NULL);
    mk_in(b, 6, OP_GPU_RETURN, 1, V(arg(F32)), 0, NULL, 0);
    ERR_AT(6, "'gpu.return' has 1 operands but 'gpu.func' returns 0");
    begin();
    b = gpu_kernel(0, NULL, 0, 0, NULL);
    ERR_AT(5, "'gpu.func' body block #0 must end with 'gpu.return'");
    begin();
    b = gpu_kernel(0, NULL, 0, 0, NULL);
    mk_in(b, 6, OP_GPU_RETURN, 0, NULL, 0, NULL, 0);
    op_remove_attr(&M, block_parent_op(&M, M.ops[gfn].parent), "sym_name");
    ERR_AT(4, "'gpu.module' requires attribute 'sym_name'");
    /* gpu.func outside gpu.module */
    begin();
    OpId g = mk_in(op_entry_block(&M, M.top, 0), 5, OP_GPU_FUNC, 0, NULL, 0, NULL, 1);
    set(g, "sym_name", attr_string(&M, "k", 1));
    set(g, "function_type", attr_type(&M, type_function(&M, 0, NULL, 0, NULL)));
    mk_in(add_region(g, 0), 6, OP_GPU_RETURN, 0, NULL, 0, NULL, 0);
    ERR_AT(5, "must be directly inside 'gpu.module'");
    /* gpu.return in a func.func */
    begin();
    MK(OP_GPU_RETURN, 0, NULL, 0, NULL);
    ERR("must be inside a 'gpu.func'");
    /* translation_info */
    begin();
    TranslationInfoAttr *ti = arena_alloc(&M.arena, sizeof *ti);
    ti->subgroup_size = 32;
    ti->nworkgroup = 3;
    ti->workgroup_size[0] = 128, ti->workgroup_size[1] = ti->workgroup_size[2] = 1;
    Attr *a = arena_alloc(&M.arena, sizeof *a);
    a->kind = ATTR_TRANSLATION_INFO;
    a->translation = ti;
    set(fn, "translation_info", a);
    OK();
    begin();
    ti = arena_alloc(&M.arena, sizeof *ti);
    ti->subgroup_size = 64;
    a = arena_alloc(&M.arena, sizeof *a);
    a->kind = ATTR_TRANSLATION_INFO;
    a->translation = ti;
    set(fn, "translation_info", a);
    OK(); /* a 64-lane subgroup is a target error, reported by layout_assign */
}

static void
test_gpu_ops(void)
{
    static const OpKind dim_ops[] = { OP_THREAD_ID, OP_BLOCK_ID, OP_BLOCK_DIM, OP_GRID_DIM };
    for (size_t k = 0; k < 4; k++) {
        begin();
        OpId o = MK(dim_ops[k], 0, NULL, 1, T(IDX));
        set(o, "dimension", enm("gpu", "dim", "y"));
        OK();
        begin();
        o = MK(dim_ops[k], 0, NULL, 1, T(IDX));
        set(o, "dimension", enm("gpu", "dim", "w"));
        ERR("attribute 'dimension' is 'w' but must be x, y or z");
        begin();
        MK(dim_ops[k], 0, NULL, 1, T(IDX));
        ERR("requires attribute 'dimension'");
    }
    static const OpKind id_ops[] = { OP_LANE_ID, OP_SUBGROUP_ID };
    for (size_t k = 0; k < 2; k++) {
        begin();
        MK(id_ops[k], 0, NULL, 1, T(IDX));
        OK();
        begin();
        MK(id_ops[k], 0, NULL, 1, T(I32));
        ERR("result #0 has type i32 but must be index");
    }
    begin();
    MK(OP_BARRIER, 0, NULL, 0, NULL);
    OK();
    begin();
    MK(OP_BARRIER, 1, V(arg(IDX)), 0, NULL);
    ERR("expects 0 operands but has 1");

    begin();
    ValueId x = arg(F32), off = arg(I32), w = arg(I32);
    OpId o = MK(OP_SHUFFLE, 3, V(x, off, w), 2, T(F32, I1));
    set(o, "mode", enm("gpu", "shuffle_mode", "xor"));
    OK();
    begin();
    x = arg(VEC1(F16, 2)), off = arg(I32), w = arg(I32);
    o = MK(OP_SHUFFLE, 3, V(x, off, w), 2, T(VEC1(F16, 2), I1));
    set(o, "mode", enm("gpu", "shuffle_mode", "idx"));
    OK();
    begin();
    x = arg(F16), off = arg(I32), w = arg(I32);
    o = MK(OP_SHUFFLE, 3, V(x, off, w), 2, T(F16, I1));
    set(o, "mode", enm("gpu", "shuffle_mode", "xor"));
    ERR("operand #0 has type f16 but must be a 32- or 64-bit integer or float, or a 1-d vector of "
        "32 or 64 bits");
    begin();
    x = arg(F32), off = arg(I32), w = arg(I32);
    o = MK(OP_SHUFFLE, 3, V(x, off, w), 2, T(F32, I1));
    set(o, "mode", enm("gpu", "shuffle_mode", "rotate"));
    ERR("attribute 'mode' is 'rotate' but must be xor, up, down or idx");

    begin();
    o = MK(OP_SUBGROUP_REDUCE, 1, V(arg(F32)), 1, T(F32));
    set(o, "op", enm("gpu", "all_reduce_op", "add"));
    set(o, "cluster_size", attr_int(&M, 8, I32));
    OK();
    begin();
    o = MK(OP_SUBGROUP_REDUCE, 1, V(arg(F32)), 1, T(F32));
    set(o, "op", enm("gpu", "all_reduce_op", "and"));
    ERR("combining kind 'and' does not apply to element type f32");
    begin();
    o = MK(OP_SUBGROUP_REDUCE, 1, V(arg(I32)), 1, T(I32));
    set(o, "op", enm("gpu", "all_reduce_op", "and"));
    set(o, "cluster_size", attr_int(&M, 24, I32));
    ERR("attribute 'cluster_size' is 24 but must be a power of two");

    int64_t q[1] = { DIM_DYNAMIC };
    begin();
    MK(OP_DYNAMIC_SHARED_MEMORY, 0, NULL, 1, T(type_memref(&M, I8, 1, q, NULL, WG, true)));
    OK();
    begin();
    MK(OP_DYNAMIC_SHARED_MEMORY, 0, NULL, 1, T(type_memref(&M, I8, 1, q, NULL, 0, false)));
    ERR("result #0 has type memref<?xi8> but must be memref<?xi8, "
        "#gpu.address_space<workgroup>>");
}

/* ---------------------------------------------------------------- nvgpu */

static TypeId
barriers(int32_t ms)
{
    return type_intern(&M, &(Type){ .kind = TY_MBARRIER_GROUP,
                                    .memspace = ms,
                                    .memspace_gpu = true,
                                    .num_barriers = 1 });
}

static TypeId
tensormap(TypeId tensor, Swizzle sw)
{
    return type_intern(&M, &(Type){ .kind = TY_TENSORMAP, .elem = tensor, .swizzle = sw });
}

static TypeId
simple(TypeKind k, TypeId elem)
{
    return type_intern(&M, &(Type){ .kind = k, .elem = elem });
}

static void
test_ldmatrix_mma(void)
{
    begin();
    ValueId m = arg(mem(F16, 2, 64, 64, WG)), i = arg(IDX), j = arg(IDX);
    OpId o = MK(OP_LDMATRIX, 3, V(m, i, j), 1, T(VEC2(F16, 4, 2)));
    set(o, "numTiles", attr_int(&M, 4, I32));
    set(o, "transpose", attr_bool(&M, false));
    OK();
    begin();
    m = arg(mem(F16, 2, 64, 64, WG)), i = arg(IDX), j = arg(IDX);
    o = MK(OP_LDMATRIX, 3, V(m, i, j), 1, T(VEC2(F16, 4, 2)));
    set(o, "numTiles", attr_int(&M, 3, I32));
    set(o, "transpose", attr_bool(&M, false));
    ERR("attribute 'numTiles' is 3 but must be 1, 2 or 4");
    begin();
    m = arg(mem(F16, 2, 64, 64, WG)), i = arg(IDX), j = arg(IDX);
    o = MK(OP_LDMATRIX, 3, V(m, i, j), 1, T(VEC2(F16, 2, 2)));
    set(o, "numTiles", attr_int(&M, 4, I32));
    set(o, "transpose", attr_bool(&M, true));
    ERR("result #0 has type vector<2x2xf16> but numTiles = 4 needs vector<4x2xf16>");
    begin();
    m = arg(mem(F16, 2, 64, 64, MS_GLOBAL)), i = arg(IDX), j = arg(IDX);
    o = MK(OP_LDMATRIX, 3, V(m, i, j), 1, T(VEC2(F16, 4, 2)));
    set(o, "numTiles", attr_int(&M, 4, I32));
    set(o, "transpose", attr_bool(&M, false));
    ERR("operand #0 has type memref<64x64xf16, 1> but must be a memref in workgroup memory");
    begin();
    m = arg(mem(I8, 2, 64, 64, WG)), i = arg(IDX), j = arg(IDX);
    o = MK(OP_LDMATRIX, 3, V(m, i, j), 1, T(VEC2(I8, 1, 4)));
    set(o, "numTiles", attr_int(&M, 1, I32));
    set(o, "transpose", attr_bool(&M, true));
    ERR("transposes at 16-bit granularity but the elements are i8");

    /* mma.sync: m16n8k16 f16, m16n8k8 tf32, m16n8k32 s8 */
    begin();
    ValueId a = arg(VEC2(F16, 4, 2)), b = arg(VEC2(F16, 2, 2)), c = arg(VEC2(F32, 2, 2));
    o = MK(OP_MMA_SYNC, 3, V(a, b, c), 1, T(VEC2(F32, 2, 2)));
    set(o, "mmaShape", INTS(16, 8, 16));
    OK();
    begin();
    a = arg(VEC2(F32, 4, 1)), b = arg(VEC2(F32, 2, 1)), c = arg(VEC2(F32, 2, 2));
    o = MK(OP_MMA_SYNC, 3, V(a, b, c), 1, T(VEC2(F32, 2, 2)));
    set(o, "mmaShape", INTS(16, 8, 8));
    set(o, "tf32Enabled", attr_unit(&M));
    OK();
    begin();
    a = arg(VEC2(I8, 4, 4)), b = arg(VEC2(I8, 2, 4)), c = arg(VEC2(I32, 2, 2));
    o = MK(OP_MMA_SYNC, 3, V(a, b, c), 1, T(VEC2(I32, 2, 2)));
    set(o, "mmaShape", INTS(16, 8, 32));
    OK();
    begin();
    a = arg(VEC2(F16, 2, 2)), b = arg(VEC2(F16, 2, 2)), c = arg(VEC2(F32, 2, 2));
    o = MK(OP_MMA_SYNC, 3, V(a, b, c), 1, T(VEC2(F32, 2, 2)));
    set(o, "mmaShape", INTS(16, 8, 16));
    ERR("operand #0 has type vector<2x2xf16> but mmaShape [16, 8, 16] needs vector<4x2xf16>");
    begin();
    a = arg(VEC2(F16, 4, 2)), b = arg(VEC2(F16, 2, 2)), c = arg(VEC2(F32, 2, 2));
    o = MK(OP_MMA_SYNC, 3, V(a, b, c), 1, T(VEC2(F32, 2, 2)));
    set(o, "mmaShape", INTS(16, 8, 32));
    ERR("has mmaShape [16, 8, 32] with f16 operands, which is no mma.sync form");
    begin();
    a = arg(VEC2(BF16, 4, 2)), b = arg(VEC2(BF16, 2, 2)), c = arg(VEC2(F16, 2, 2));
    o = MK(OP_MMA_SYNC, 3, V(a, b, c), 1, T(VEC2(F16, 2, 2)));
    set(o, "mmaShape", INTS(16, 8, 16));
    ERR("operand #2 has type vector<2x2xf16> but bf16 operands accumulate in f32");
}

static void
test_async_copy_mbarrier(void)
{
    TypeId tok;
    begin();
    tok = simple(TY_ASYNC_TOKEN, 0);
    ValueId d = arg(mem(F32, 1, 64, 0, WG)), i = arg(IDX), s = arg(mem(F32, 1, 256, 0, 0)),
            j = arg(IDX);
    OpId o = MK(OP_DEVICE_ASYNC_COPY, 4, V(d, i, s, j), 1, T(tok));
    set(o, "operandSegmentSizes", SEGS(1, 1, 1, 1, 0));
    set(o, "dstElements", attr_int(&M, 4, IDX));
    OK();
    begin();
    tok = simple(TY_ASYNC_TOKEN, 0);
    d = arg(mem(F32, 1, 64, 0, WG)), i = arg(IDX), s = arg(mem(F32, 1, 256, 0, 0)), j = arg(IDX);
    o = MK(OP_DEVICE_ASYNC_COPY, 4, V(d, i, s, j), 1, T(tok));
    set(o, "operandSegmentSizes", SEGS(1, 1, 1, 1, 0));
    set(o, "dstElements", attr_int(&M, 3, IDX));
    ERR("copies 3 elements of f32 (12 bytes) but cp.async moves 4, 8 or 16 bytes");
    begin();
    tok = simple(TY_ASYNC_TOKEN, 0);
    d = arg(mem(F32, 1, 64, 0, 0)), i = arg(IDX), s = arg(mem(F32, 1, 256, 0, 0)), j = arg(IDX);
    o = MK(OP_DEVICE_ASYNC_COPY, 4, V(d, i, s, j), 1, T(tok));
    set(o, "operandSegmentSizes", SEGS(1, 1, 1, 1, 0));
    set(o, "dstElements", attr_int(&M, 4, IDX));
    ERR("operand #0 has type memref<64xf32> but must be a memref in workgroup memory");

    begin();
    tok = simple(TY_ASYNC_TOKEN, 0);
    MK(OP_DEVICE_ASYNC_CREATE_GROUP, 1, V(arg(tok)), 1, T(tok));
    OK();
    begin();
    tok = simple(TY_ASYNC_TOKEN, 0);
    MK(OP_DEVICE_ASYNC_CREATE_GROUP, 1, V(arg(F32)), 1, T(tok));
    ERR("operand #0 has type f32 but must be !nvgpu.device.async.token");
    begin();
    tok = simple(TY_ASYNC_TOKEN, 0);
    o = MK(OP_DEVICE_ASYNC_WAIT, 1, V(arg(tok)), 0, NULL);
    set(o, "numGroups", attr_int(&M, 1, I32));
    OK();
    begin();
    tok = simple(TY_ASYNC_TOKEN, 0);
    o = MK(OP_DEVICE_ASYNC_WAIT, 1, V(arg(tok)), 0, NULL);
    set(o, "numGroups", attr_int(&M, -1, I32));
    ERR("attribute 'numGroups' is -1 but must not be negative");

    begin();
    MK(OP_MBARRIER_CREATE, 0, NULL, 1, T(barriers(WG)));
    OK();
    begin();
    MK(OP_MBARRIER_CREATE, 0, NULL, 1, T(barriers(MS_GLOBAL)));
    ERR("result #0 has type !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<global>> but "
        "must be an !nvgpu.mbarrier.group in workgroup memory");
    begin();
    ValueId g = arg(barriers(WG)), n = arg(IDX), id = arg(IDX);
    MK(OP_MBARRIER_INIT, 3, V(g, n, id), 0, NULL);
    OK();
    begin();
    g = arg(barriers(WG)), n = arg(I32), id = arg(IDX);
    MK(OP_MBARRIER_INIT, 3, V(g, n, id), 0, NULL);
    ERR("operand #1 has type i32 but must be index");
    begin();
    g = arg(barriers(WG)), id = arg(IDX);
    MK(OP_MBARRIER_ARRIVE, 2, V(g, id), 1, T(simple(TY_MBARRIER_TOKEN, 0)));
    OK();
    begin();
    g = arg(barriers(WG)), id = arg(IDX);
    MK(OP_MBARRIER_ARRIVE, 2, V(g, id), 1, T(I64));
    ERR("result #0 has type i64 but must be !nvgpu.mbarrier.token");
    begin();
    g = arg(barriers(WG)), n = arg(IDX), id = arg(IDX);
    ValueId p = arg(I1);
    MK(OP_MBARRIER_ARRIVE_EXPECT_TX, 4, V(g, n, id, p), 0, NULL);
    OK();
    begin();
    g = arg(barriers(WG)), n = arg(IDX);
    MK(OP_MBARRIER_ARRIVE_EXPECT_TX, 2, V(g, n), 0, NULL);
    ERR("expects 3 to 4 operands but has 2");
    begin();
    g = arg(barriers(WG)), p = arg(I1), n = arg(IDX), id = arg(IDX);
    MK(OP_MBARRIER_TRY_WAIT_PARITY, 4, V(g, p, n, id), 0, NULL);
    OK();
    begin();
    g = arg(barriers(WG)), p = arg(IDX), n = arg(IDX), id = arg(IDX);
    MK(OP_MBARRIER_TRY_WAIT_PARITY, 4, V(g, p, n, id), 0, NULL);
    ERR("operand #1 has type index but must be i1");
    begin();
    g = arg(F32), n = arg(IDX), id = arg(IDX);
    MK(OP_MBARRIER_INIT, 3, V(g, n, id), 0, NULL);
    ERR("operand #0 has type f32 but must be an !nvgpu.mbarrier.group");
}

static void
test_tma_wgmma(void)
{
    TypeId smem, desc;
    begin();
    smem = mem(F16, 2, 64, 64, WG), desc = tensormap(smem, SWIZZLE_128B);
    ValueId d = arg(smem), g = arg(barriers(WG)), t = arg(desc), c0 = arg(IDX), c1 = arg(IDX),
            id = arg(IDX);
    OpId o = MK(OP_TMA_ASYNC_LOAD, 6, V(d, g, t, c0, c1, id), 0, NULL);
    set(o, "operandSegmentSizes", SEGS(1, 1, 1, 2, 1, 0, 0));
    OK();
    begin();
    smem = mem(F16, 2, 64, 64, WG), desc = tensormap(smem, SWIZZLE_128B);
    d = arg(smem), g = arg(barriers(WG)), t = arg(desc), c0 = arg(IDX), id = arg(IDX);
    o = MK(OP_TMA_ASYNC_LOAD, 5, V(d, g, t, c0, id), 0, NULL);
    set(o, "operandSegmentSizes", SEGS(1, 1, 1, 1, 1, 0, 0));
    ERR("has 1 coordinates but needs 1 to 5, one per dim of memref<64x64xf16, 3>");
    begin();
    smem = mem(F16, 2, 64, 64, WG), desc = tensormap(smem, SWIZZLE_128B);
    d = arg(smem), t = arg(desc), c0 = arg(IDX), c1 = arg(IDX);
    o = MK(OP_TMA_ASYNC_STORE, 4, V(d, t, c0, c1), 0, NULL);
    set(o, "operandSegmentSizes", SEGS(1, 1, 2, 0));
    OK();
    begin();
    smem = mem(F16, 2, 64, 64, WG), desc = tensormap(smem, SWIZZLE_128B);
    d = arg(mem(F16, 2, 64, 64, MS_GLOBAL)), t = arg(desc), c0 = arg(IDX), c1 = arg(IDX);
    o = MK(OP_TMA_ASYNC_STORE, 4, V(d, t, c0, c1), 0, NULL);
    set(o, "operandSegmentSizes", SEGS(1, 1, 2, 0));
    ERR("operand #0 has type memref<64x64xf16, 1> but must be a memref in workgroup memory");
    begin();
    smem = mem(F16, 2, 64, 64, WG), desc = tensormap(smem, SWIZZLE_128B);
    ValueId src = arg(mem(F16, 2, 1024, 1024, 0)), b0 = arg(IDX), b1 = arg(IDX);
    MK(OP_TMA_CREATE_DESCRIPTOR, 3, V(src, b0, b1), 1, T(desc));
    OK();
    begin();
    smem = mem(F16, 2, 64, 64, WG), desc = tensormap(smem, SWIZZLE_128B);
    src = arg(mem(F16, 2, 1024, 1024, 0)), b0 = arg(IDX);
    MK(OP_TMA_CREATE_DESCRIPTOR, 2, V(src, b0), 1, T(desc));
    ERR("has 1 box dimensions but memref<64x64xf16, 3> has rank 2");
    begin();
    desc = tensormap(mem(F16, 2, 64, 64, WG), SWIZZLE_128B);
    MK(OP_TMA_PREFETCH_DESCRIPTOR, 1, V(arg(desc)), 0, NULL);
    OK();
    begin();
    desc = tensormap(mem(F16, 2, 64, 64, WG), SWIZZLE_128B);
    t = arg(desc);
    MK(OP_TMA_PREFETCH_DESCRIPTOR, 2, V(t, arg(I32)), 0, NULL);
    ERR("operand #1 has type i32 but must be i1");
    begin();
    desc = tensormap(mem(F16, 2, 64, 64, WG), SWIZZLE_128B);
    MK(OP_TMA_FENCE_DESCRIPTOR, 1, V(arg(desc)), 0, NULL);
    OK();
    begin();
    MK(OP_TMA_FENCE_DESCRIPTOR, 1, V(arg(F32)), 0, NULL);
    ERR("operand #0 has type f32 but must be an !nvgpu.tensormap.descriptor");

    /* warpgroup */
    begin();
    smem = mem(F16, 2, 64, 64, WG), desc = tensormap(smem, SWIZZLE_128B);
    d = arg(smem), t = arg(desc);
    MK(OP_WARPGROUP_GENERATE_DESCRIPTOR, 2, V(d, t), 1, T(simple(TY_WG_DESCRIPTOR, smem)));
    OK();
    begin();
    smem = mem(F16, 2, 64, 64, WG), desc = tensormap(smem, SWIZZLE_NONE);
    d = arg(smem), t = arg(desc);
    MK(OP_WARPGROUP_GENERATE_DESCRIPTOR, 2, V(d, t), 1, T(simple(TY_WG_DESCRIPTOR, smem)));
    ERR("supports only tensor maps with swizzle_128b and no interleave");

    begin();
    TypeId acc = simple(TY_WG_ACCUMULATOR, VEC2(F32, 64, 128));
    ValueId a = arg(simple(TY_WG_DESCRIPTOR, mem(F16, 2, 64, 16, WG)));
    ValueId b = arg(simple(TY_WG_DESCRIPTOR, mem(F16, 2, 16, 128, WG)));
    ValueId c = arg(acc);
    MK(OP_WARPGROUP_MMA, 3, V(a, b, c), 1, T(acc));
    OK();
    begin();
    acc = simple(TY_WG_ACCUMULATOR, VEC2(F32, 64, 64));
    a = arg(simple(TY_WG_DESCRIPTOR, mem(F16, 2, 64, 16, WG)));
    b = arg(simple(TY_WG_DESCRIPTOR, mem(F16, 2, 16, 128, WG)));
    c = arg(acc);
    MK(OP_WARPGROUP_MMA, 3, V(a, b, c), 1, T(acc));
    ERR("operand #2 has type !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>> but A "
        "and B need an accumulator of 64x128");
    begin();
    acc = simple(TY_WG_ACCUMULATOR, VEC2(F32, 64, 128));
    c = arg(acc);
    MK(OP_WARPGROUP_MMA_STORE, 2, V(c, arg(mem(F32, 2, 64, 128, 0))), 0, NULL);
    OK();
    begin();
    acc = simple(TY_WG_ACCUMULATOR, VEC2(F32, 64, 128));
    c = arg(acc);
    MK(OP_WARPGROUP_MMA_STORE, 2, V(c, arg(mem(F32, 2, 64, 64, 0))), 0, NULL);
    ERR("operand #1 has type memref<64x64xf32> but must be a 2-d memref of the accumulator's "
        "shape and element type (vector<64x128xf32>)");
    begin();
    MK(OP_WARPGROUP_MMA_INIT_ACCUMULATOR, 0, NULL, 1,
       T(simple(TY_WG_ACCUMULATOR, VEC2(F32, 64, 128))));
    OK();
    begin();
    MK(OP_WARPGROUP_MMA_INIT_ACCUMULATOR, 0, NULL, 1,
       T(simple(TY_WG_ACCUMULATOR, VEC2(F32, 32, 128))));
    ERR("with M a multiple of 64");
}

/* ------------------------------------------------------ iree_vector_ext */

/* a 2-d nested layout: per dim {subgroup, batch, outer, thread, element, sg stride, th stride} */
static const Attr *
nested(uint32_t rank, const int64_t (*d)[7])
{
    NestedLayoutAttr *l = arena_alloc(&M.arena, sizeof *l);
    int64_t *f[7];
    for (int k = 0; k < 7; k++) {
        f[k] = arena_alloc(&M.arena, (rank + 1) * sizeof(int64_t));
        for (uint32_t i = 0; i < rank; i++)
            f[k][i] = d[i][k];
    }
    l->rank = rank;
    l->subgroup_tile = f[0], l->batch_tile = f[1], l->outer_tile = f[2];
    l->thread_tile = f[3], l->element_tile = f[4];
    l->subgroup_strides = f[5], l->thread_strides = f[6];
    Attr *a = arena_alloc(&M.arena, sizeof *a);
    a->kind = ATTR_NESTED_LAYOUT;
    a->nested = l;
    return a;
}

static void
layout_case(int line, uint32_t rank, const int64_t (*d)[7], const char *msg)
{
    begin();
    TypeId t = VEC2(F16, 16, 16);
    OpId o = mk_in(body, (uint32_t)line, OP_TO_LAYOUT, 1, V(arg(t)), 1, T(t), 0);
    set(o, "layout", nested(rank, d));
    if (msg)
        error_at(line, (uint32_t)line, msg);
    else
        ok_at(line);
}

static void
test_layouts(void)
{
    /* the mma.sync A operand on 16x16: lane = 4 * row-group + column-pair */
    const int64_t good[2][7] = { { 1, 1, 2, 8, 1, 0, 4 }, { 1, 2, 1, 4, 2, 0, 1 } };
    layout_case(__LINE__, 2, good, NULL);
    /* two subgroups along dim 0 */
    const int64_t sg[2][7] = { { 2, 1, 1, 8, 1, 1, 4 }, { 1, 2, 1, 4, 2, 0, 1 } };
    layout_case(__LINE__, 2, sg, NULL);
    const int64_t product[2][7] = { { 1, 1, 2, 8, 1, 0, 4 }, { 1, 1, 1, 4, 2, 0, 1 } };
    layout_case(__LINE__, 2, product,
                "layout tiles of dim 1 multiply to 8 (1*1*1*4*2) but vector<16x16xf16> has 16");
    layout_case(__LINE__, 1, good, "layout has rank 1 but vector<16x16xf16> has rank 2");
    const int64_t overlap[2][7] = { { 1, 1, 2, 8, 1, 0, 1 }, { 1, 2, 1, 4, 2, 0, 1 } };
    layout_case(__LINE__, 2, overlap,
                "layout thread ids of dims 0 and 1 overlap: thread_strides[1] = 1 is not a "
                "multiple of thread_strides[0] * thread_tile[0] = 8");
    const int64_t sg_overlap[2][7] = { { 2, 1, 1, 8, 1, 1, 4 }, { 2, 1, 1, 4, 2, 1, 1 } };
    layout_case(__LINE__, 2, sg_overlap, "layout subgroup ids of dims 0 and 1 overlap");
    const int64_t nostride[2][7] = { { 1, 1, 2, 8, 1, 0, 0 }, { 1, 2, 1, 4, 2, 0, 1 } };
    layout_case(__LINE__, 2, nostride, "layout thread_tile[0] = 8 needs a positive thread stride");

    begin();
    TypeId t = VEC2(F16, 16, 16);
    MK(OP_TO_LAYOUT, 1, V(arg(t)), 1, T(t));
    ERR("requires attribute 'layout'");
    begin();
    t = VEC2(F16, 16, 16);
    OpId o = MK(OP_TO_LAYOUT, 1, V(arg(t)), 1, T(VEC2(F32, 16, 16)));
    set(o, "layout", nested(2, good));
    ERR("result #0 has type vector<16x16xf32> but operand #0 has type vector<16x16xf16>");

    begin();
    MK(OP_TO_SIMT, 1, V(arg(VEC2(F16, 16, 16))), 1, T(VEC1(F16, 8)));
    OK();
    begin();
    MK(OP_TO_SIMT, 1, V(arg(VEC2(F16, 16, 16))), 1, T(VEC1(F32, 8)));
    ERR("result #0 has type vector<8xf32> but must have the element type of operand #0 "
        "(vector<16x16xf16>)");
    begin();
    MK(OP_TO_SIMD, 1, V(arg(VEC1(F16, 8))), 1, T(VEC2(F16, 16, 16)));
    OK();
    begin();
    MK(OP_TO_SIMD, 1, V(arg(F16)), 1, T(VEC2(F16, 16, 16)));
    ERR("operand #0 has type f16 but must be a vector");
}

/* ops.def's class and cast columns agree: an op is elementwise (T_ELEMWISE) exactly when
   it has a class, and has a cast kind exactly when its class is EW_CAST; the class of
   each op the rules above test is the one its rule is */
static void
test_op_columns(void)
{
    for (int k = 0; k < OP_COUNT; k++) {
        const OpInfo *in = &op_info[k];
        bool ok = ((in->traits & T_ELEMWISE) != 0) == (in->ew != EW_NONE) &&
                  (in->ew == EW_CAST) == (in->cast != CAST_NONE);
        ntests++;
        if (!ok) {
            fprintf(stderr, "ops.def: %s: class %d and cast %d disagree\n", in->name, in->ew,
                    in->cast);
            failures++;
        }
    }
    static const struct {
        OpKind k;
        EwClass ew;
        CastKind cast;
    } spot[] = {
        { OP_ADDI, EW_INT, CAST_NONE },        { OP_NEGF, EW_FLOAT, CAST_NONE },
        { OP_ERF, EW_MATH, CAST_NONE },        { OP_CMPF, EW_CMP, CAST_NONE },
        { OP_SELECT, EW_SELECT, CAST_NONE },   { OP_EXTUI, EW_CAST, CAST_IEXT },
        { OP_FPTOSI, EW_CAST, CAST_FTOI },     { OP_INDEX_CASTUI, EW_CAST, CAST_INDEX },
        { OP_BITCAST, EW_CAST, CAST_BITCAST }, { OP_VFMA, EW_VECTOR, CAST_NONE },
        { OP_CONTRACT, EW_NONE, CAST_NONE },
    };
    for (size_t i = 0; i < sizeof spot / sizeof spot[0]; i++) {
        ntests++;
        if (op_info[spot[i].k].ew != spot[i].ew || op_info[spot[i].k].cast != spot[i].cast) {
            fprintf(stderr, "ops.def: %s: class %d cast %d, expected %d %d\n",
                    op_info[spot[i].k].name, op_info[spot[i].k].ew, op_info[spot[i].k].cast,
                    spot[i].ew, spot[i].cast);
            failures++;
        }
    }
}

int
main(void)
{
    test_op_columns();
    test_arith();
    test_compare_select();
    test_casts();
    test_constant();
    test_dominance();
    test_func();
    test_call();
    test_scf();
    test_transfer();
    test_contract_reduce();
    test_vector_shapes();
    test_vector_misc();
    test_memref();
    test_affine_ops();
    test_gpu_func();
    test_gpu_ops();
    test_ldmatrix_mma();
    test_async_copy_mbarrier();
    test_tma_wgmma();
    test_layouts();
    if (failures) {
        fprintf(stderr, "test_verify: %d of %d checks failed\n", failures, ntests);
        return 1;
    }
    printf("test_verify: %d checks ok\n", ntests);
    return 0;
}
