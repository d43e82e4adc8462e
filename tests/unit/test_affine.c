/*
 * test_affine.c -- unit tests for ir/affine.c: evaluation (MLIR's floordiv,
 * ceildiv and mod on negative numbers), composition, simplification, the map
 * predicates and builders.  Expected values are worked out by hand from the
 * definitions in MLIR's Affine dialect documentation, not by the code under
 * test.
 */
#include "ir/ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static Module mod;

static const AffineExpr *
d(uint32_t i)
{
    return affine_dim(&mod, i);
}

static const AffineExpr *
s(uint32_t i)
{
    return affine_sym(&mod, i);
}

static const AffineExpr *
c(int64_t v)
{
    return affine_const(&mod, v);
}

static const AffineExpr *
bin(AffineKind k, const AffineExpr *l, const AffineExpr *r)
{
    return affine_binary(&mod, k, l, r);
}

/* evaluates k applied to dims (a, b), so that nothing is folded at build time */
static bool
eval2(AffineKind k, int64_t a, int64_t b, int64_t *out)
{
    const int64_t dims[2] = { a, b };
    return affine_expr_eval(bin(k, d(0), d(1)), dims, 2, NULL, 0, out);
}

static int64_t
ev2(AffineKind k, int64_t a, int64_t b)
{
    int64_t v = 0x7777;
    if (!eval2(k, a, b, &v)) {
        fprintf(stderr, "eval of kind %d on (%lld, %lld) failed\n", (int)k, (long long)a,
                (long long)b);
        failures++;
    }
    return v;
}

static void
test_eval_division(void)
{
    /* floordiv: toward -inf */
    CHECK(ev2(AFF_FLOORDIV, 7, 2) == 3);
    CHECK(ev2(AFF_FLOORDIV, -7, 2) == -4);
    CHECK(ev2(AFF_FLOORDIV, 7, -2) == -4);
    CHECK(ev2(AFF_FLOORDIV, -7, -2) == 3);
    CHECK(ev2(AFF_FLOORDIV, -8, 2) == -4);
    CHECK(ev2(AFF_FLOORDIV, 0, 5) == 0);
    CHECK(ev2(AFF_FLOORDIV, -1, 32) == -1);
    /* ceildiv: toward +inf */
    CHECK(ev2(AFF_CEILDIV, 7, 2) == 4);
    CHECK(ev2(AFF_CEILDIV, -7, 2) == -3);
    CHECK(ev2(AFF_CEILDIV, 7, -2) == -3);
    CHECK(ev2(AFF_CEILDIV, -7, -2) == 4);
    CHECK(ev2(AFF_CEILDIV, 8, 2) == 4);
    CHECK(ev2(AFF_CEILDIV, 1, 32) == 1);
    CHECK(ev2(AFF_CEILDIV, -31, 32) == 0);
    /* mod: non-negative for a positive divisor */
    CHECK(ev2(AFF_MOD, 7, 3) == 1);
    CHECK(ev2(AFF_MOD, -7, 3) == 2);
    CHECK(ev2(AFF_MOD, -1, 32) == 31);
    CHECK(ev2(AFF_MOD, -32, 32) == 0);
    CHECK(ev2(AFF_MOD, -33, 32) == 31);
    CHECK(ev2(AFF_MOD, 5, 5) == 0);
    /* a mod b = a - (a floordiv b) * b for a negative divisor too: 7 - (-3)(-3) = -2 */
    CHECK(ev2(AFF_MOD, 7, -3) == -2);
    CHECK(ev2(AFF_MOD, INT64_MIN, -1) == 0);

    int64_t v;
    CHECK(!eval2(AFF_FLOORDIV, 1, 0, &v));
    CHECK(!eval2(AFF_CEILDIV, 1, 0, &v));
    CHECK(!eval2(AFF_MOD, 1, 0, &v));
    CHECK(!eval2(AFF_FLOORDIV, INT64_MIN, -1, &v));
    CHECK(!eval2(AFF_CEILDIV, INT64_MIN, -1, &v));
    CHECK(!eval2(AFF_ADD, INT64_MAX, 1, &v));
    CHECK(!eval2(AFF_MUL, INT64_MAX / 2 + 1, 2, &v));
    CHECK(ev2(AFF_MUL, -3, 4) == -12);
    CHECK(ev2(AFF_ADD, -3, 4) == 1);
}

static void
test_eval_map(void)
{
    /* (d0, d1)[s0] -> (d0 * 4 + d1 floordiv 8, (d1 + s0) mod 16, 42) */
    const AffineExpr *r[3] = {
        bin(AFF_ADD, bin(AFF_MUL, d(0), c(4)), bin(AFF_FLOORDIV, d(1), c(8))),
        bin(AFF_MOD, bin(AFF_ADD, d(1), s(0)), c(16)),
        c(42),
    };
    AffineMap *map = affine_map_new(&mod, 2, 1, 3, r);
    int64_t dims[2] = { 3, 19 }, syms[1] = { -20 }, out[3];
    CHECK(affine_map_eval(map, dims, syms, out));
    CHECK(out[0] == 14); /* 12 + 2 */
    CHECK(out[1] == 15); /* -1 mod 16 */
    CHECK(out[2] == 42);

    /* a position beyond the map's dims is an error, not a read out of bounds */
    int64_t v;
    CHECK(!affine_expr_eval(d(2), dims, 2, syms, 1, &v));
    CHECK(!affine_expr_eval(s(1), dims, 2, syms, 1, &v));
    CHECK(!affine_expr_eval(NULL, dims, 2, syms, 1, &v));

    /* division by zero through a symbol */
    const AffineExpr *e = bin(AFF_FLOORDIV, d(0), s(0));
    syms[0] = 0;
    CHECK(!affine_expr_eval(e, dims, 2, syms, 1, &v));
}

static void
test_simplify(void)
{
    const AffineExpr *e;
    e = affine_expr_simplify(&mod, bin(AFF_ADD, d(0), c(0)));
    CHECK(e->kind == AFF_DIM && e->value == 0);
    e = affine_expr_simplify(&mod, bin(AFF_ADD, c(0), d(1)));
    CHECK(e->kind == AFF_DIM && e->value == 1);
    e = affine_expr_simplify(&mod, bin(AFF_MUL, d(0), c(1)));
    CHECK(e->kind == AFF_DIM && e->value == 0);
    e = affine_expr_simplify(&mod, bin(AFF_MUL, c(1), d(0)));
    CHECK(e->kind == AFF_DIM && e->value == 0);
    e = affine_expr_simplify(&mod, bin(AFF_MUL, d(0), c(0)));
    CHECK(e->kind == AFF_CONST && e->value == 0);
    e = affine_expr_simplify(&mod, bin(AFF_FLOORDIV, d(0), c(1)));
    CHECK(e->kind == AFF_DIM);
    e = affine_expr_simplify(&mod, bin(AFF_MOD, d(0), c(1)));
    CHECK(e->kind == AFF_CONST && e->value == 0);

    /* (d0 floordiv 4) floordiv 8 -> d0 floordiv 32 */
    e = affine_expr_simplify(&mod, bin(AFF_FLOORDIV, bin(AFF_FLOORDIV, d(0), c(4)), c(8)));
    CHECK(e->kind == AFF_FLOORDIV && e->lhs->kind == AFF_DIM && e->rhs->kind == AFF_CONST &&
          e->rhs->value == 32);
    /* (d0 * 8) floordiv 4 -> d0 * 2 */
    e = affine_expr_simplify(&mod, bin(AFF_FLOORDIV, bin(AFF_MUL, d(0), c(8)), c(4)));
    CHECK(e->kind == AFF_MUL && e->lhs->kind == AFF_DIM && e->rhs->value == 2);
    /* (d0 * 8) mod 4 -> 0 */
    e = affine_expr_simplify(&mod, bin(AFF_MOD, bin(AFF_MUL, d(0), c(8)), c(4)));
    CHECK(e->kind == AFF_CONST && e->value == 0);
    /* (d0 mod 32) mod 8 -> d0 mod 8 */
    e = affine_expr_simplify(&mod, bin(AFF_MOD, bin(AFF_MOD, d(0), c(32)), c(8)));
    CHECK(e->kind == AFF_MOD && e->lhs->kind == AFF_DIM && e->rhs->value == 8);
    /* (d0 mod 8) mod 32 stays */
    e = affine_expr_simplify(&mod, bin(AFF_MOD, bin(AFF_MOD, d(0), c(8)), c(32)));
    CHECK(e->kind == AFF_MOD && e->lhs->kind == AFF_MOD);
    /* ((d0 + 3) + 4) -> d0 + 7; (d0 * 3) * 4 -> d0 * 12 */
    e = affine_expr_simplify(&mod, bin(AFF_ADD, bin(AFF_ADD, d(0), c(3)), c(4)));
    CHECK(e->kind == AFF_ADD && e->lhs->kind == AFF_DIM && e->rhs->value == 7);
    e = affine_expr_simplify(&mod, bin(AFF_MUL, bin(AFF_MUL, c(3), d(0)), c(4)));
    CHECK(e->kind == AFF_MUL && e->lhs->kind == AFF_DIM && e->rhs->value == 12);
    /* constants fold with MLIR semantics: (-7) floordiv 2 = -4, -7 mod 2 = 1 */
    e = affine_expr_simplify(
        &mod, bin(AFF_ADD, bin(AFF_FLOORDIV, c(-7), c(2)), bin(AFF_MOD, c(-7), c(2))));
    CHECK(e->kind == AFF_CONST && e->value == -3);
    /* division by zero is left alone, not folded */
    e = affine_expr_simplify(&mod, bin(AFF_FLOORDIV, c(1), c(0)));
    CHECK(e->kind == AFF_FLOORDIV);
    /* x floordiv -1 is not rewritten by the positive-divisor rules */
    e = affine_expr_simplify(&mod, bin(AFF_FLOORDIV, bin(AFF_FLOORDIV, d(0), c(2)), c(-1)));
    CHECK(e->kind == AFF_FLOORDIV && e->lhs->kind == AFF_FLOORDIV);

    /* simplification preserves values: check on a grid */
    const AffineExpr *orig =
        bin(AFF_ADD, bin(AFF_FLOORDIV, bin(AFF_FLOORDIV, bin(AFF_ADD, d(0), c(0)), c(4)), c(8)),
            bin(AFF_MOD, bin(AFF_MOD, bin(AFF_MUL, c(1), d(1)), c(32)), c(8)));
    const AffineExpr *simp = affine_expr_simplify(&mod, orig);
    for (int64_t x = -70; x <= 70; x += 3)
        for (int64_t y = -40; y <= 40; y += 7) {
            int64_t dims[2] = { x, y }, a, b;
            CHECK(affine_expr_eval(orig, dims, 2, NULL, 0, &a));
            CHECK(affine_expr_eval(simp, dims, 2, NULL, 0, &b));
            CHECK(a == b);
        }
}

static void
test_compose(void)
{
    /* a = (d0, d1)[s0] -> (d0 + d1 * 2 + s0);  b = (d0)[s0] -> (d0 floordiv 4, d0 mod 4 + s0)
     * a ∘ b = (d0)[s0, s1] -> (d0 floordiv 4 + (d0 mod 4 + s1) * 2 + s0) */
    const AffineExpr *ar[1] = { bin(AFF_ADD, bin(AFF_ADD, d(0), bin(AFF_MUL, d(1), c(2))), s(0)) };
    const AffineExpr *br[2] = { bin(AFF_FLOORDIV, d(0), c(4)),
                                bin(AFF_ADD, bin(AFF_MOD, d(0), c(4)), s(0)) };
    AffineMap *a = affine_map_new(&mod, 2, 1, 1, ar);
    AffineMap *b = affine_map_new(&mod, 1, 1, 2, br);
    AffineMap *ab = affine_map_compose(&mod, a, b);
    CHECK(ab && ab->ndims == 1 && ab->nsyms == 2 && ab->nresults == 1);
    if (ab) {
        for (int64_t x = -9; x <= 9; x++) {
            int64_t dims[1] = { x }, syms[2] = { 100, 1000 }, out;
            CHECK(affine_map_eval(ab, dims, syms, &out));
            int64_t q = x >= 0 ? x / 4 : -((-x + 3) / 4); /* floor(x / 4) */
            int64_t r = x - 4 * q;
            CHECK(out == q + (r + 1000) * 2 + 100);
        }
    }
    /* mismatched arity */
    CHECK(affine_map_compose(&mod, b, b) == NULL);

    /* permutation ∘ permutation */
    int32_t p[3] = { 2, 0, 1 }, q[3] = { 1, 2, 0 };
    AffineMap *pm = affine_map_permutation(&mod, 3, p);
    AffineMap *qm = affine_map_permutation(&mod, 3, q);
    AffineMap *pq = affine_map_compose(&mod, pm, qm);
    /* (pm ∘ qm)(x)[i] = qm(x)[p[i]] = x[q[p[i]]]: q[2]=0, q[0]=1, q[1]=2 -> identity */
    CHECK(pq && affine_map_is_identity(pq));
}

static void
test_predicates(void)
{
    AffineMap *id = affine_map_identity(&mod, 3);
    CHECK(affine_map_is_identity(id));
    CHECK(affine_map_is_minor_identity(id));
    CHECK(affine_map_is_permutation(id, NULL));
    CHECK(affine_map_is_projected_permutation(id, false));
    CHECK(!affine_map_is_constant(id));

    AffineMap *minor = affine_map_minor_identity(&mod, 4, 2); /* (d0..d3) -> (d2, d3) */
    CHECK(minor->ndims == 4 && minor->nresults == 2);
    CHECK(affine_map_result_dim(minor, 0) == 2 && affine_map_result_dim(minor, 1) == 3);
    CHECK(affine_map_is_minor_identity(minor));
    CHECK(!affine_map_is_identity(minor));
    CHECK(!affine_map_is_permutation(minor, NULL));
    CHECK(affine_map_is_projected_permutation(minor, false));
    CHECK(affine_map_minor_identity(&mod, 2, 3) == NULL);

    int32_t p[3] = { 1, 2, 0 }, got[3];
    AffineMap *pm = affine_map_permutation(&mod, 3, p);
    CHECK(affine_map_is_permutation(pm, got));
    CHECK(got[0] == 1 && got[1] == 2 && got[2] == 0);
    CHECK(!affine_map_is_minor_identity(pm));
    int32_t bad[3] = { 1, 1, 0 }, bad2[2] = { 0, 2 };
    CHECK(affine_map_permutation(&mod, 3, bad) == NULL);
    CHECK(affine_map_permutation(&mod, 2, bad2) == NULL);

    /* (d0, d1, d2) -> (d2, 0): projected permutation with a broadcast */
    const AffineExpr *bc[2] = { d(2), c(0) };
    AffineMap *bm = affine_map_new(&mod, 3, 0, 2, bc);
    CHECK(!affine_map_is_projected_permutation(bm, false));
    CHECK(affine_map_is_projected_permutation(bm, true));
    CHECK(affine_map_result_dim(bm, 1) == -1);
    CHECK(affine_map_result_dim(bm, 5) == -1);
    /* (d0, d1) -> (d0, d0) repeats a dim */
    const AffineExpr *rep[2] = { d(0), d(0) };
    CHECK(!affine_map_is_projected_permutation(affine_map_new(&mod, 2, 0, 2, rep), true));
    /* (d0)[s0] -> (d0) has a symbol: identity (symbols ignored) but not a projected permutation */
    const AffineExpr *one[1] = { d(0) };
    AffineMap *withsym = affine_map_new(&mod, 1, 1, 1, one);
    CHECK(affine_map_is_identity(withsym));
    CHECK(!affine_map_is_projected_permutation(withsym, false));
    /* (d0 + 1) is not a dim */
    const AffineExpr *plus[1] = { bin(AFF_ADD, d(0), c(1)) };
    CHECK(!affine_map_is_projected_permutation(affine_map_new(&mod, 1, 0, 1, plus), false));

    /* constants */
    const AffineExpr *k[2] = { c(3), bin(AFF_FLOORDIV, c(1), c(0)) };
    AffineMap *km = affine_map_new(&mod, 2, 0, 2, k);
    CHECK(affine_map_is_constant(km));
    CHECK(affine_expr_is_constant(k[1]));
    CHECK(!affine_expr_is_constant(bin(AFF_MUL, s(0), c(2))));
    AffineMap *empty = affine_map_new(&mod, 2, 0, 0, NULL);
    CHECK(affine_map_is_constant(empty));
    CHECK(affine_map_is_minor_identity(empty));
}

int
main(void)
{
    module_init(&mod);
    test_eval_division();
    test_eval_map();
    test_simplify();
    test_compose();
    test_predicates();
    module_free(&mod);
    if (failures) {
        fprintf(stderr, "test_affine: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_affine: ok\n");
    return 0;
}
