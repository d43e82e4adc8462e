/*
 * affine.c -- affine expressions and maps: evaluation, composition,
 * simplification, the shape predicates passes ask about (identity, minor
 * identity, permutation, projected permutation, constant) and builders for
 * the common maps.
 *
 * Semantics are MLIR's (Affine dialect, "Affine Expressions"):
 *
 *     a floordiv b   rounds toward -infinity:      -7 floordiv 2 = -4
 *     a ceildiv b    rounds toward +infinity:      -7 ceildiv 2  = -3
 *     a mod b        a - (a floordiv b) * b:       -7 mod 2      =  1
 *
 * so `mod` by a positive divisor is never negative.  Expressions are
 * immutable and arena-allocated; every function that builds returns a new
 * tree (sub-trees may be shared with the input).  Evaluation reports
 * division by zero and int64 overflow by returning false.
 */
#include "ir/ir.h"

/* ---- evaluation ---- */

static bool
eval_floordiv(int64_t a, int64_t b, int64_t *out)
{
    if (b == 0 || (a == INT64_MIN && b == -1))
        return false;
    int64_t q = a / b;
    if (a % b != 0 && ((a < 0) != (b < 0)))
        q--;
    *out = q;
    return true;
}

static bool
eval_ceildiv(int64_t a, int64_t b, int64_t *out)
{
    if (b == 0 || (a == INT64_MIN && b == -1))
        return false;
    int64_t q = a / b;
    if (a % b != 0 && ((a < 0) == (b < 0)))
        q++;
    *out = q;
    return true;
}

static bool
eval_mod(int64_t a, int64_t b, int64_t *out)
{
    if (b == 0)
        return false;
    if (b == -1) { /* INT64_MIN % -1 is undefined in C; the answer is 0 */
        *out = 0;
        return true;
    }
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
        r += b;
    *out = r;
    return true;
}

bool
affine_expr_eval(const AffineExpr *e, const int64_t *dims, uint32_t ndims, const int64_t *syms,
                 uint32_t nsyms, int64_t *out)
{
    int64_t a, b;
    if (!e)
        return false;
    switch (e->kind) {
    case AFF_CONST:
        *out = e->value;
        return true;
    case AFF_DIM:
        if (e->value < 0 || (uint64_t)e->value >= ndims)
            return false;
        *out = dims[e->value];
        return true;
    case AFF_SYM:
        if (e->value < 0 || (uint64_t)e->value >= nsyms)
            return false;
        *out = syms[e->value];
        return true;
    case AFF_ADD:
    case AFF_MUL:
    case AFF_MOD:
    case AFF_FLOORDIV:
    case AFF_CEILDIV:
        break;
    }
    if (!affine_expr_eval(e->lhs, dims, ndims, syms, nsyms, &a) ||
        !affine_expr_eval(e->rhs, dims, ndims, syms, nsyms, &b))
        return false;
    switch (e->kind) {
    case AFF_ADD:
        return !__builtin_add_overflow(a, b, out);
    case AFF_MUL:
        return !__builtin_mul_overflow(a, b, out);
    case AFF_MOD:
        return eval_mod(a, b, out);
    case AFF_FLOORDIV:
        return eval_floordiv(a, b, out);
    case AFF_CEILDIV:
        return eval_ceildiv(a, b, out);
    case AFF_CONST:
    case AFF_DIM:
    case AFF_SYM:
        break;
    }
    return false;
}

bool
affine_map_eval(const AffineMap *map, const int64_t *dims, const int64_t *syms, int64_t *results)
{
    for (uint32_t i = 0; i < map->nresults; i++)
        if (!affine_expr_eval(map->results[i], dims, map->ndims, syms, map->nsyms, &results[i]))
            return false;
    return true;
}

/* ---- substitution and composition ---- */

const AffineExpr *
affine_expr_substitute(Module *m, const AffineExpr *e, const AffineExpr *const *dims,
                       uint32_t ndims, const AffineExpr *const *syms, uint32_t nsyms)
{
    if (!e)
        return NULL;
    switch (e->kind) {
    case AFF_CONST:
        return e;
    case AFF_DIM:
        return e->value >= 0 && (uint64_t)e->value < ndims ? dims[e->value] : NULL;
    case AFF_SYM:
        return e->value >= 0 && (uint64_t)e->value < nsyms ? syms[e->value] : NULL;
    case AFF_ADD:
    case AFF_MUL:
    case AFF_MOD:
    case AFF_FLOORDIV:
    case AFF_CEILDIV:
        break;
    }
    const AffineExpr *l = affine_expr_substitute(m, e->lhs, dims, ndims, syms, nsyms);
    const AffineExpr *r = affine_expr_substitute(m, e->rhs, dims, ndims, syms, nsyms);
    if (!l || !r)
        return NULL;
    return affine_binary(m, e->kind, l, r);
}

/*
 * (a ∘ b)(x) = a(b(x)), as MLIR's AffineMap::compose: the result has b's
 * dims and a->nsyms + b->nsyms symbols, a's symbols first.
 */
AffineMap *
affine_map_compose(Module *m, const AffineMap *a, const AffineMap *b)
{
    if (a->ndims != b->nresults)
        return NULL;
    ArenaMark mark = arena_mark(&m->arena);
    uint32_t nsyms = a->nsyms + b->nsyms;
    const AffineExpr **bdims = arena_alloc(&m->arena, (b->ndims + 1) * sizeof *bdims);
    const AffineExpr **bsyms = arena_alloc(&m->arena, (b->nsyms + 1) * sizeof *bsyms);
    for (uint32_t i = 0; i < b->ndims; i++)
        bdims[i] = affine_dim(m, i);
    for (uint32_t i = 0; i < b->nsyms; i++)
        bsyms[i] = affine_sym(m, a->nsyms + i);
    /* b's results, rewritten over the combined symbol list */
    const AffineExpr **inner = arena_alloc(&m->arena, (b->nresults + 1) * sizeof *inner);
    const AffineExpr **asyms = arena_alloc(&m->arena, (a->nsyms + 1) * sizeof *asyms);
    const AffineExpr **out = arena_alloc(&m->arena, (a->nresults + 1) * sizeof *out);
    for (uint32_t i = 0; i < b->nresults; i++) {
        inner[i] = affine_expr_substitute(m, b->results[i], bdims, b->ndims, bsyms, b->nsyms);
        if (!inner[i])
            goto fail;
    }
    for (uint32_t i = 0; i < a->nsyms; i++)
        asyms[i] = affine_sym(m, i);
    for (uint32_t i = 0; i < a->nresults; i++) {
        out[i] = affine_expr_substitute(m, a->results[i], inner, b->nresults, asyms, a->nsyms);
        if (!out[i])
            goto fail;
        out[i] = affine_expr_simplify(m, out[i]);
    }
    return affine_map_new(m, b->ndims, nsyms, a->nresults, out);
fail:
    arena_release(&m->arena, mark);
    return NULL;
}

/* ---- simplification ---- */

static bool
is_const(const AffineExpr *e, int64_t v)
{
    return e->kind == AFF_CONST && e->value == v;
}

static const AffineExpr *
simplify_add(Module *m, const AffineExpr *l, const AffineExpr *r)
{
    if (l->kind == AFF_CONST && r->kind != AFF_CONST) { /* constants go right */
        const AffineExpr *t = l;
        l = r;
        r = t;
    }
    if (is_const(r, 0))
        return l;
    int64_t v;
    /* (x + c1) + c2 -> x + (c1 + c2) */
    if (r->kind == AFF_CONST && l->kind == AFF_ADD && l->rhs->kind == AFF_CONST &&
        !__builtin_add_overflow(l->rhs->value, r->value, &v))
        return simplify_add(m, l->lhs, affine_const(m, v));
    return affine_binary(m, AFF_ADD, l, r);
}

static const AffineExpr *
simplify_mul(Module *m, const AffineExpr *l, const AffineExpr *r)
{
    if (l->kind == AFF_CONST && r->kind != AFF_CONST) {
        const AffineExpr *t = l;
        l = r;
        r = t;
    }
    if (is_const(r, 1))
        return l;
    if (is_const(r, 0))
        return r;
    int64_t v;
    /* (x * c1) * c2 -> x * (c1 * c2) */
    if (r->kind == AFF_CONST && l->kind == AFF_MUL && l->rhs->kind == AFF_CONST &&
        !__builtin_mul_overflow(l->rhs->value, r->value, &v))
        return simplify_mul(m, l->lhs, affine_const(m, v));
    return affine_binary(m, AFF_MUL, l, r);
}

/* floordiv and ceildiv by a constant c > 0 */
static const AffineExpr *
simplify_div(Module *m, AffineKind k, const AffineExpr *l, const AffineExpr *r)
{
    if (r->kind != AFF_CONST || r->value <= 0)
        return affine_binary(m, k, l, r);
    int64_t c = r->value, v;
    if (c == 1 || is_const(l, 0))
        return l;
    /* (x * a) div c -> x * (a / c) when c divides a */
    if (l->kind == AFF_MUL && l->rhs->kind == AFF_CONST && l->rhs->value % c == 0)
        return simplify_mul(m, l->lhs, affine_const(m, l->rhs->value / c));
    /* (x floordiv a) floordiv c -> x floordiv (a * c), a > 0 */
    if (k == AFF_FLOORDIV && l->kind == AFF_FLOORDIV && l->rhs->kind == AFF_CONST &&
        l->rhs->value > 0 && !__builtin_mul_overflow(l->rhs->value, c, &v))
        return affine_binary(m, AFF_FLOORDIV, l->lhs, affine_const(m, v));
    return affine_binary(m, k, l, r);
}

static const AffineExpr *
simplify_mod(Module *m, const AffineExpr *l, const AffineExpr *r)
{
    if (r->kind != AFF_CONST || r->value <= 0)
        return affine_binary(m, AFF_MOD, l, r);
    int64_t c = r->value;
    if (c == 1)
        return affine_const(m, 0);
    /* (x * a) mod c -> 0 when c divides a */
    if (l->kind == AFF_MUL && l->rhs->kind == AFF_CONST && l->rhs->value % c == 0)
        return affine_const(m, 0);
    /* (x mod a) mod c -> x mod c when c divides a */
    if (l->kind == AFF_MOD && l->rhs->kind == AFF_CONST && l->rhs->value > 0 &&
        l->rhs->value % c == 0)
        return affine_binary(m, AFF_MOD, l->lhs, r);
    return affine_binary(m, AFF_MOD, l, r);
}

/*
 * Bottom-up: fold constants (affine_binary does, unless the result is
 * undefined or overflows), put constants on the right of + and *, and apply
 * the identities x+0, x*1, x*0, x floordiv 1, x mod 1, (x*a) floordiv c,
 * (x*a) mod c, (x floordiv a) floordiv b, (x mod a) mod b, (x+c1)+c2, (x*c1)*c2.
 */
const AffineExpr *
affine_expr_simplify(Module *m, const AffineExpr *e)
{
    if (!e)
        return NULL;
    switch (e->kind) {
    case AFF_CONST:
    case AFF_DIM:
    case AFF_SYM:
        return e;
    case AFF_ADD:
        return simplify_add(m, affine_expr_simplify(m, e->lhs), affine_expr_simplify(m, e->rhs));
    case AFF_MUL:
        return simplify_mul(m, affine_expr_simplify(m, e->lhs), affine_expr_simplify(m, e->rhs));
    case AFF_FLOORDIV:
    case AFF_CEILDIV:
        return simplify_div(m, e->kind, affine_expr_simplify(m, e->lhs),
                            affine_expr_simplify(m, e->rhs));
    case AFF_MOD:
        return simplify_mod(m, affine_expr_simplify(m, e->lhs), affine_expr_simplify(m, e->rhs));
    }
    return e;
}

AffineMap *
affine_map_simplify(Module *m, const AffineMap *map)
{
    const AffineExpr **out = arena_alloc(&m->arena, (map->nresults + 1) * sizeof *out);
    for (uint32_t i = 0; i < map->nresults; i++)
        out[i] = affine_expr_simplify(m, map->results[i]);
    return affine_map_new(m, map->ndims, map->nsyms, map->nresults, out);
}

/* ---- predicates ---- */

bool
affine_expr_is_constant(const AffineExpr *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case AFF_CONST:
        return true;
    case AFF_DIM:
    case AFF_SYM:
        return false;
    case AFF_ADD:
    case AFF_MUL:
    case AFF_MOD:
    case AFF_FLOORDIV:
    case AFF_CEILDIV:
        return affine_expr_is_constant(e->lhs) && affine_expr_is_constant(e->rhs);
    }
    return false;
}

bool
affine_map_is_constant(const AffineMap *map)
{
    for (uint32_t i = 0; i < map->nresults; i++)
        if (!affine_expr_is_constant(map->results[i]))
            return false;
    return true;
}

int32_t
affine_map_result_dim(const AffineMap *map, uint32_t i)
{
    if (i >= map->nresults || !map->results[i] || map->results[i]->kind != AFF_DIM)
        return -1;
    return (int32_t)map->results[i]->value;
}

/* (d0, ..., dn-1) -> (d0, ..., dn-1); symbols are ignored, as in MLIR */
bool
affine_map_is_identity(const AffineMap *map)
{
    if (map->ndims != map->nresults)
        return false;
    for (uint32_t i = 0; i < map->nresults; i++)
        if (affine_map_result_dim(map, i) != (int32_t)i)
            return false;
    return true;
}

/* (d0, ..., dn-1) -> (dn-k, ..., dn-1): the trailing k dims in order */
bool
affine_map_is_minor_identity(const AffineMap *map)
{
    if (map->nresults > map->ndims)
        return false;
    uint32_t first = map->ndims - map->nresults;
    for (uint32_t i = 0; i < map->nresults; i++)
        if (affine_map_result_dim(map, i) != (int32_t)(first + i))
            return false;
    return true;
}

/*
 * Every result is a distinct dim (or, with allow_zero, the constant 0 -- a
 * broadcast in vector.transfer_read) and there are no symbols.
 */
bool
affine_map_is_projected_permutation(const AffineMap *map, bool allow_zero)
{
    if (map->nsyms != 0 || map->nresults > map->ndims + (allow_zero ? map->nresults : 0))
        return false;
    uint64_t seen[4] = { 0 }; /* bitset over dim positions, up to 256 */
    for (uint32_t i = 0; i < map->nresults; i++) {
        const AffineExpr *e = map->results[i];
        if (allow_zero && e && is_const(e, 0))
            continue;
        int32_t d = affine_map_result_dim(map, i);
        if (d < 0 || (uint32_t)d >= map->ndims || d >= 256)
            return false;
        if (seen[d / 64] & (1ull << (d % 64)))
            return false;
        seen[d / 64] |= 1ull << (d % 64);
    }
    return true;
}

/* A projected permutation of all its dims; perm[i] = dim of result i (perm may be NULL). */
bool
affine_map_is_permutation(const AffineMap *map, int32_t *perm)
{
    if (map->ndims != map->nresults || !affine_map_is_projected_permutation(map, false))
        return false;
    if (perm)
        for (uint32_t i = 0; i < map->nresults; i++)
            perm[i] = affine_map_result_dim(map, i);
    return true;
}

/* ---- builders ---- */

AffineMap *
affine_map_minor_identity(Module *m, uint32_t ndims, uint32_t nresults)
{
    if (nresults > ndims)
        return NULL;
    const AffineExpr **r = arena_alloc(&m->arena, (nresults + 1) * sizeof *r);
    for (uint32_t i = 0; i < nresults; i++)
        r[i] = affine_dim(m, ndims - nresults + i);
    return affine_map_new(m, ndims, 0, nresults, r);
}

AffineMap *
affine_map_identity(Module *m, uint32_t n)
{
    return affine_map_minor_identity(m, n, n);
}

/* (d0, ..., dn-1) -> (d[perm[0]], ..., d[perm[n-1]]); NULL if perm is not a permutation */
AffineMap *
affine_map_permutation(Module *m, uint32_t n, const int32_t *perm)
{
    if (n > 256)
        return NULL;
    uint64_t seen[4] = { 0 };
    for (uint32_t i = 0; i < n; i++) {
        if (perm[i] < 0 || (uint32_t)perm[i] >= n || (seen[perm[i] / 64] >> (perm[i] % 64)) & 1)
            return NULL;
        seen[perm[i] / 64] |= 1ull << (perm[i] % 64);
    }
    const AffineExpr **r = arena_alloc(&m->arena, (n + 1) * sizeof *r);
    for (uint32_t i = 0; i < n; i++)
        r[i] = affine_dim(m, (uint32_t)perm[i]);
    return affine_map_new(m, n, 0, n, r);
}
