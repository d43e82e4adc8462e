/*
 * test_frontend.c -- unit tests of the frontend and the printer: generic and
 * custom forms build equal ops, affine expressions parse with the right
 * precedence, predicates and attributes are encoded as MLIR does, errors are
 * located, and no input (junk, truncation, deep nesting) crashes.
 */
#include "ir/frontend.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

typedef struct Parsed {
    Module m;
    Diag d;
    bool ok;
} Parsed;

static void
parse(Parsed *p, const char *text)
{
    module_init(&p->m);
    diag_init(&p->d);
    p->ok = frontend_parse(&p->m, &p->d, "t.mlir", text, strlen(text));
}

static void
done(Parsed *p)
{
    module_free(&p->m);
    diag_free(&p->d);
}

/* The first op of kind k (walk order), or 0. */
typedef struct Find {
    OpKind kind;
    OpId found;
} Find;

static bool
find_fn(Module *m, OpId op, void *ctx)
{
    Find *f = ctx;
    if (op_get(m, op)->kind == f->kind) {
        f->found = op;
        return false;
    }
    return true;
}

static OpId
find(Module *m, OpKind k)
{
    Find f = { k, 0 };
    module_walk(m, m->top, find_fn, &f);
    return f.found;
}

/* Same kind, result types, operand count and attributes (order-insensitive). */
static bool
ops_equal(Module *a, OpId x, Module *b, OpId y)
{
    const Op *p = op_get(a, x), *q = op_get(b, y);
    if (p->kind != q->kind || p->nargs != q->nargs || p->nres != q->nres || p->nattrs != q->nattrs)
        return false;
    for (uint32_t i = 0; i < p->nattrs; i++) {
        const Attr *other = op_attr(b, y, p->attrs[i].name);
        if (!other || !attr_equal(p->attrs[i].value, other))
            return false;
    }
    return true;
}

static void
check_same(const char *custom, const char *generic, OpKind k)
{
    Parsed a, b;
    parse(&a, custom);
    parse(&b, generic);
    CHECK(a.ok && b.ok);
    if (a.ok && b.ok) {
        OpId x = find(&a.m, k), y = find(&b.m, k);
        CHECK(x && y && ops_equal(&a.m, x, &b.m, y));
        if (!(x && y && ops_equal(&a.m, x, &b.m, y)))
            fprintf(stderr, "  custom:  %s\n  generic: %s\n", custom, generic);
    } else {
        diag_render(&a.d, stderr);
        diag_render(&b.d, stderr);
    }
    done(&a);
    done(&b);
}

#define FN(args, body) "func.func @f(" args ") {\n" body "\n  return\n}\n"

static void
test_generic_equals_custom(void)
{
    check_same(
        FN("%a: f32, %b: f32", "%0 = arith.addf %a, %b fastmath<fast> : f32"),
        FN("%a: f32, %b: f32",
           "%0 = \"arith.addf\"(%a, %b) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32"),
        OP_ADDF);
    check_same(FN("%a: f32, %b: f32", "%0 = arith.cmpf ogt, %a, %b : f32"),
               FN("%a: f32, %b: f32",
                  "%0 = \"arith.cmpf\"(%a, %b) {predicate = 2 : i64} : (f32, f32) -> i1"),
               OP_CMPF);
    check_same(FN("%m: memref<8x8xf32>, %i: index, %p: f32",
                  "%0 = vector.transfer_read %m[%i, %i], %p : memref<8x8xf32>, vector<8xf32>"),
               FN("%m: memref<8x8xf32>, %i: index, %p: f32",
                  "%0 = \"vector.transfer_read\"(%m, %i, %i, %p) <{in_bounds = [false], "
                  "operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = "
                  "affine_map<(d0, d1) -> (d1)>}> : (memref<8x8xf32>, index, index, f32) -> "
                  "vector<8xf32>"),
               OP_TRANSFER_READ);
    check_same(
        FN("%v: vector<4x8xf32>, %a: vector<4xf32>",
           "%0 = vector.multi_reduction <maxf>, %v, %a [1] : vector<4x8xf32> to vector<4xf32>"),
        FN("%v: vector<4x8xf32>, %a: vector<4xf32>",
           "%0 = \"vector.multi_reduction\"(%v, %a) <{kind = #vector.kind<maximumf>, "
           "reduction_dims = array<i64: 1>}> : (vector<4x8xf32>, vector<4xf32>) -> vector<4xf32>"),
        OP_MULTI_REDUCTION);
    check_same(FN("%v: vector<2x2xf32>, %i: index",
                  "%0 = vector.extract %v[%i, 1] : f32 from vector<2x2xf32>"),
               FN("%v: vector<2x2xf32>, %i: index",
                  "%0 = \"vector.extract\"(%v, %i) <{static_position = array<i64: "
                  "-9223372036854775808, 1>}> : (vector<2x2xf32>, index) -> f32"),
               OP_EXTRACT);
    check_same(
        FN("%v: vector<2x2xf32>", "%0 = vector.extract %v[1] : vector<2x2xf32>"),
        FN("%v: vector<2x2xf32>", "%0 = vector.extract %v[1] : vector<2xf32> from vector<2x2xf32>"),
        OP_EXTRACT);
    check_same(
        FN("%m: memref<8x8xf32>, %i: index",
           "%0 = memref.subview %m[%i, 0][4, 4][1, 1] : memref<8x8xf32> to "
           "memref<4x4xf32, strided<[8, 1], offset: ?>>"),
        FN("%m: memref<8x8xf32>, %i: index",
           "%0 = \"memref.subview\"(%m, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, "
           "static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 4>, "
           "static_strides = array<i64: 1, 1>}> : (memref<8x8xf32>, index) -> "
           "memref<4x4xf32, strided<[8, 1], offset: ?>>"),
        OP_SUBVIEW);
    check_same(FN("%v: f32",
                  "%0 = gpu.subgroup_reduce add %v cluster(size = 4, stride = 2) : (f32) -> f32"),
               FN("%v: f32",
                  "%0 = \"gpu.subgroup_reduce\"(%v) <{cluster_size = 4 : i32, cluster_stride = "
                  "2 : i32, op = #gpu<all_reduce_op add>}> : (f32) -> f32"),
               OP_SUBGROUP_REDUCE);
    check_same(FN("", "%0 = gpu.thread_id y"),
               FN("", "%0 = \"gpu.thread_id\"() <{dimension = #gpu<dim y>}> : () -> index"),
               OP_THREAD_ID);
}

/* ---- affine expressions: evaluate the parsed tree ---- */

static int64_t
floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static int64_t
eval(const AffineExpr *e, const int64_t *d, const int64_t *s)
{
    switch (e->kind) {
    case AFF_CONST:
        return e->value;
    case AFF_DIM:
        return d[e->value];
    case AFF_SYM:
        return s[e->value];
    case AFF_ADD:
        return eval(e->lhs, d, s) + eval(e->rhs, d, s);
    case AFF_MUL:
        return eval(e->lhs, d, s) * eval(e->rhs, d, s);
    case AFF_MOD: {
        int64_t b = eval(e->rhs, d, s);
        return eval(e->lhs, d, s) - floordiv(eval(e->lhs, d, s), b) * b;
    }
    case AFF_FLOORDIV:
        return floordiv(eval(e->lhs, d, s), eval(e->rhs, d, s));
    case AFF_CEILDIV:
        return -floordiv(-eval(e->lhs, d, s), eval(e->rhs, d, s));
    }
    return 0;
}

static void
test_affine(void)
{
    Module m;
    Diag d;
    module_init(&m);
    diag_init(&d);
    const char *text = "affine_map<(i, j)[s0] -> (i + s0 * 4, j floordiv 2, -i - 3 * (j mod 5), "
                       "i - j * 2 + 1, (i + j) ceildiv 3, -(i + 1) * 2, 7 - -i)>";
    const Attr *a = frontend_parse_attr(&m, &d, text, strlen(text));
    CHECK(a && a->kind == ATTR_AFFINE_MAP && a->map->nresults == 7);
    if (a && a->kind == ATTR_AFFINE_MAP) {
        int64_t dims[2] = { 5, -7 }, syms[1] = { 3 };
        int64_t i = 5, j = -7, s0 = 3;
        int64_t want[7] = {
            i + s0 * 4,    floordiv(j, 2),         -i - 3 * (j - floordiv(j, 5) * 5),
            i - j * 2 + 1, -floordiv(-(i + j), 3), -(i + 1) * 2,
            7 + i
        };
        for (int k = 0; k < 7; k++)
            CHECK(eval(a->map->results[k], dims, syms) == want[k]);
    }
    module_free(&m);
    diag_free(&d);
}

static void
test_predicates(void)
{
    for (int k = 0; k < CMPF_COUNT; k++) {
        char text[256];
        snprintf(text, sizeof text, FN("%%a: f32", "%%0 = arith.cmpf %s, %%a, %%a : f32"),
                 cmpf_names[k]);
        Parsed p;
        parse(&p, text);
        OpId o = find(&p.m, OP_CMPF);
        const Attr *pred = o ? op_attr(&p.m, o, "predicate") : NULL;
        CHECK(p.ok && pred && pred->kind == ATTR_INT && pred->i == k && pred->type == TY_I64);
        done(&p);
    }
    Parsed p;
    parse(&p, FN("%a: i32", "%0 = arith.cmpi uge, %a, %a : i32"));
    OpId o = find(&p.m, OP_CMPI);
    CHECK(o && op_attr(&p.m, o, "predicate")->i == CMPI_UGE);
    done(&p);
}

/* The text of the first diagnostic, as `line:col: msg`. */
static void
first_error(Parsed *p, char *buf, size_t cap)
{
    buf[0] = 0;
    if (p->d.nrecs)
        snprintf(buf, cap, "%u:%u: %s", p->d.recs[0].loc.line, p->d.recs[0].loc.col,
                 p->d.recs[0].msg);
}

static void
test_errors(void)
{
    char big[600], msg[256];
    memset(big, '9', 400);
    big[400] = 0;
    char text[800];
    snprintf(text, sizeof text, FN("", "%%0 = arith.constant %s : i64"), big);
    Parsed p;
    parse(&p, text);
    first_error(&p, msg, sizeof msg);
    CHECK(!p.ok && strcmp(msg, "2:21: integer literal out of range") == 0);
    if (strcmp(msg, "2:21: integer literal out of range") != 0)
        fprintf(stderr, "  got: %s\n", msg);
    done(&p);

    /* errors past the first are reported too, up to max_errors */
    parse(&p, FN("%a: f32",
                 "%0 = arith.addf %a, %x : f32\n  %1 = x.y\n  %2 = arith.addf %a, %y : f32"));
    CHECK(!p.ok && p.d.nerrors == 3);
    done(&p);
}

static char *
repeat(const char *a, int n, const char *mid, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), lm = strlen(mid);
    char *s = malloc(n * (la + lb) + lm + 1), *q = s;
    for (int i = 0; i < n; i++, q += la)
        memcpy(q, a, la);
    memcpy(q, mid, lm);
    q += lm;
    for (int i = 0; i < n; i++, q += lb)
        memcpy(q, b, lb);
    *q = 0;
    return s;
}

static void
test_deep_nesting(void)
{
    char *attr = repeat("[", 10000, "1", "]");
    char *text = malloc(strlen(attr) + 100);
    sprintf(text, "%s%s%s", "func.func @f() attributes {a = ", attr, "} {\n  return\n}\n");
    Parsed p;
    parse(&p, text);
    char msg[256];
    first_error(&p, msg, sizeof msg);
    CHECK(!p.ok && strstr(msg, "nesting too deep"));
    done(&p);
    free(text);
    free(attr);

    char *regions = repeat("scf.if %c {\n", 10000, "", "}\n");
    text = malloc(strlen(regions) + 100);
    sprintf(text, "func.func @f(%%c: i1) {\n%sreturn\n}\n", regions);
    parse(&p, text);
    first_error(&p, msg, sizeof msg);
    CHECK(!p.ok && strstr(msg, "nesting too deep"));
    done(&p);
    free(text);
    free(regions);

    char *types = repeat("memref<4xvector<", 5000, "f32", ">>");
    text = malloc(strlen(types) + 100);
    sprintf(text, "func.func @f(%%c: %s) {\n  return\n}\n", types);
    parse(&p, text);
    CHECK(!p.ok);
    done(&p);
    free(text);
    free(types);
}

static const char sample[] =
    "#map = affine_map<(d0)[s0] -> (d0 * 2 + s0)>\n"
    "module {\n"
    "  func.func @k(%m: memref<16x16xf16, 3>, %v: vector<4xf32>, %i: index) -> f32 {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %z = arith.constant dense<[1.0, 2.0, 3.0, 0x7FC00000]> : vector<4xf32>\n"
    "    %a = affine.apply #map(%i)[%c0]\n"
    "    %r:2 = scf.for %k = %c0 to %i step %a iter_args(%x = %v, %y = %v) -> (vector<4xf32>, "
    "vector<4xf32>) {\n"
    "      %s = arith.addf %x, %z : vector<4xf32>\n"
    "      scf.yield %s, %y : vector<4xf32>, vector<4xf32>\n"
    "    }\n"
    "    %e = vector.reduction <add>, %r#1 : vector<4xf32> into f32\n"
    "    %f = \"arith.negf\"(%e) : (f32) -> f32\n"
    "    return %f : f32\n"
    "  }\n"
    "}\n";

static void
test_junk_and_truncation(void)
{
    size_t n = strlen(sample);
    for (size_t k = 0; k <= n; k++) {
        Parsed p;
        module_init(&p.m);
        diag_init(&p.d);
        char *copy = malloc(k + 1);
        memcpy(copy, sample, k);
        frontend_parse(&p.m, &p.d, "t.mlir", copy, k);
        free(copy);
        done(&p);
    }
    srand(1);
    for (int round = 0; round < 300; round++) {
        char buf[512];
        size_t len = (size_t)(rand() % (int)sizeof buf);
        for (size_t i = 0; i < len; i++)
            buf[i] = round % 2 ? (char)(rand() & 0xff) : sample[rand() % (int)n];
        Parsed p;
        module_init(&p.m);
        diag_init(&p.d);
        frontend_parse(&p.m, &p.d, "junk", buf, len);
        done(&p);
    }
    /* mutations of the sample: one byte replaced */
    for (size_t k = 0; k < n; k += 3) {
        char *copy = malloc(n);
        memcpy(copy, sample, n);
        copy[k] = "%#!@<>[](){}:,=x0-\""[k % 19];
        Parsed p;
        module_init(&p.m);
        diag_init(&p.d);
        if (frontend_parse(&p.m, &p.d, "mut", copy, n)) {
            FILE *out = fopen("/dev/null", "w");
            if (out) {
                ir_print(&p.m, out);
                fclose(out);
            }
        }
        free(copy);
        done(&p);
    }
}

/* print(parse(print(parse(x)))) == print(parse(x)) */
static char *
print_text(const char *text, size_t len)
{
    Parsed p;
    module_init(&p.m);
    diag_init(&p.d);
    char *buf = NULL;
    size_t size = 0;
    if (frontend_parse(&p.m, &p.d, "t.mlir", text, len)) {
        FILE *out = open_memstream(&buf, &size);
        ir_print(&p.m, out);
        fclose(out);
    } else {
        diag_render(&p.d, stderr);
    }
    done(&p);
    return buf;
}

static void
test_roundtrip_and_floats(void)
{
    char *once = print_text(sample, strlen(sample));
    CHECK(once != NULL);
    if (!once)
        return;
    char *twice = print_text(once, strlen(once));
    CHECK(twice && strcmp(once, twice) == 0);
    CHECK(strstr(once, "0x7FC00000"));
    CHECK(strstr(once, "%r:2 = scf.for"));
    CHECK(strstr(once, "%r#1"));
    free(once);
    free(twice);

    /* floats: values that need more digits, f16 rounding, NaN payloads */
    const char *floats = FN("", "%0 = arith.constant 0.1 : f32\n"
                                "  %1 = arith.constant 3.14159265358979 : f64\n"
                                "  %2 = arith.constant 65504.0 : f16\n"
                                "  %3 = arith.constant 0x7E01 : f16\n"
                                "  %4 = arith.constant 1.0e-40 : f32\n"
                                "  %5 = arith.constant -0.0 : bf16");
    once = print_text(floats, strlen(floats));
    twice = once ? print_text(once, strlen(once)) : NULL;
    CHECK(once && twice && strcmp(once, twice) == 0);
    CHECK(once && strstr(once, "0x7E01 : f16") && strstr(once, "-0.000000e+00 : bf16"));
    free(once);
    free(twice);
    CHECK(ir_float_to_bits(ir_float_round(65519.0, TY_F16), TY_F16) == 0x7BFF);
    CHECK(ir_float_to_bits(ir_float_round(65520.0, TY_F16), TY_F16) == 0x7C00);
    CHECK(ir_float_from_bits(0x0001, TY_F16) == 5.9604644775390625e-08);
}

/* A 10,000-op function parses and prints quickly (timed, not asserted:
 * sanitizer builds are slower). */
static void
test_speed(void)
{
    size_t cap = 10000 * 64 + 256, n = 0;
    char *text = malloc(cap);
    n += (size_t)sprintf(text + n,
                         "func.func @big(%%a: f32) -> f32 {\n  %%v0 = arith.addf %%a, %%a : f32\n");
    for (int i = 1; i < 10000; i++)
        n += (size_t)sprintf(text + n, "  %%v%d = arith.mulf %%v%d, %%a : f32\n", i, i - 1);
    n += (size_t)sprintf(text + n, "  return %%v9999 : f32\n}\n");
    clock_t t0 = clock();
    char *out = print_text(text, n);
    double ms = 1000.0 * (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK(out && strstr(out, "%v9999 = arith.mulf %v9998, %a : f32"));
    printf("test_frontend: 10,000-op function parsed and printed in %.1f ms\n", ms);
    free(out);
    free(text);
}

int
main(void)
{
    test_generic_equals_custom();
    test_affine();
    test_predicates();
    test_errors();
    test_deep_nesting();
    test_junk_and_truncation();
    test_roundtrip_and_floats();
    test_speed();
    if (failures) {
        fprintf(stderr, "test_frontend: %d failures\n", failures);
        return 1;
    }
    printf("test_frontend: ok\n");
    return 0;
}
