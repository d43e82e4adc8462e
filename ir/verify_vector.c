/*
 * verify_vector.c -- the verifier's rules for vector ops (transfers, contract,
 * reductions, shape ops, masks), for iree_vector_ext's to_layout / to_simt /
 * to_simd with their nested layouts, and for #iree_codegen.translation_info.
 *
 * Called from the switch in verify.c; shared helpers are in verify_impl.h.
 *
 * Requires:    verify.c's Verifier; the generic checks (counts, dominance) passed.
 * Ensures:     true when the op meets its MLIR definition, and a to_layout's
 *              `layout` is well formed for its vector (same rank, tiles that multiply
 *              to each dim, no two dims sharing lane or subgroup id digits);
 *              otherwise a located error that names the op.  Lane and subgroup
 *              counts are not checked here (layout_assign does: 32-lane warps).
 * Invalidates: nothing (the module is not changed).
 */
#include "ir/verify_impl.h"

#include <string.h>

/* --------------------------------------------------------------- vector */

/* The combining kind in attribute `name`: KIND_ADD when absent and optional,
 * -1 after reporting. */
int
verify_get_combining_kind(Verifier *v, OpId o, const char *name, bool required)
{
    bool present = op_attr(v->m, o, name) != NULL;
    const char *s = verify_get_enum(v, o, name, required);
    if (!s)
        return present || required ? -1 : KIND_ADD;
    int k = combining_kind_lookup(s);
    if (k < 0)
        verify_fail(v, o, "attribute '%s' has unknown combining kind '%s'", name, s);
    return k;
}

/* MLIR's isSupportedCombiningKind */
static bool
kind_fits(int k, TypeId e)
{
    switch ((CombiningKind)k) {
    case KIND_ADD:
    case KIND_MUL:
        return type_is_scalar(e);
    case KIND_MINUI:
    case KIND_MINSI:
    case KIND_MAXUI:
    case KIND_MAXSI:
    case KIND_AND:
    case KIND_OR:
    case KIND_XOR:
        return type_is_int(e);
    case KIND_MINNUMF:
    case KIND_MAXNUMF:
    case KIND_MAXIMUMF:
    case KIND_MINIMUMF:
        return type_is_float(e);
    case KIND_COUNT:
        break;
    }
    return false;
}

void
verify_check_kind_fits(Verifier *v, OpId o, int k, TypeId e)
{
    if (k >= 0 && !kind_fits(k, e))
        verify_fail(v, o, "combining kind '%s' does not apply to element type %s",
                    combining_kind_names[k], verify_tname(v, e));
}

/* in_bounds: `[true, false]` or `array<i1: 1, 0>`; n entries into out; false if malformed */
static int
get_bools(Verifier *v, OpId o, const char *name, bool *out, uint32_t cap)
{
    const Attr *a = op_attr(v->m, o, name);
    if (!a)
        return -1;
    bool ok = a->kind == ATTR_ARRAY || (a->kind == ATTR_DENSE_ARRAY && (a->n == 0 || a->ints));
    for (uint32_t i = 0; ok && a->kind == ATTR_ARRAY && i < a->n; i++)
        ok = a->items[i] && a->items[i]->kind == ATTR_BOOL;
    if (!ok || a->n > cap) {
        verify_fail(v, o, "attribute '%s' must be an array of bools", name);
        return -2;
    }
    for (uint32_t i = 0; i < a->n; i++)
        out[i] = a->kind == ATTR_ARRAY ? a->items[i]->b : a->ints[i] != 0;
    return (int)a->n;
}

/*
 * permutation_map (memref dims -> vector dims; a result may be the constant 0,
 * a broadcast, in a read), in_bounds, and the mask, whose shape is the vector
 * shape put back in memref-dim order over the dims the map uses.
 */
static void
check_transfer_map(Verifier *v, OpId o, TypeId src, TypeId vec, bool is_read, int mask_arg)
{
    const Attr *a = verify_get_attr(v, o, "permutation_map", ATTR_AFFINE_MAP, true);
    if (!a || !a->map)
        return;
    const AffineMap *map = a->map;
    uint32_t mr = rank_of(v, src), vr = rank_of(v, vec);
    if (map->nsyms || map->ndims != mr || map->nresults != vr) {
        verify_fail(v, o,
                    "attribute 'permutation_map' must map the memref's %u dims to the vector's %u "
                    "dims without symbols, but has %u dims, %u symbols and %u results",
                    mr, vr, map->ndims, map->nsyms, map->nresults);
        return;
    }
    if (!affine_map_is_projected_permutation(map, is_read)) {
        verify_fail(v, o,
                    "attribute 'permutation_map' must be a projected permutation (each result a "
                    "distinct dim%s)",
                    is_read ? " or the constant 0" : "");
        return;
    }
    bool inb[VERIFY_MAX_RANK];
    int n = get_bools(v, o, "in_bounds", inb, VERIFY_MAX_RANK);
    if (n >= 0 && (uint32_t)n != vr)
        verify_fail(v, o, "attribute 'in_bounds' has %d entries but the vector has rank %u", n, vr);
    for (uint32_t i = 0; n >= 0 && (uint32_t)n == vr && i < vr; i++)
        if (affine_map_result_dim(map, i) < 0 && !inb[i])
            verify_fail(v, o, "broadcast dimension #%u must be in bounds", i);
    if (mask_arg < 0)
        return;
    int64_t shape[VERIFY_MAX_RANK];
    uint32_t k = 0;
    for (uint32_t d = 0; d < mr; d++)
        for (uint32_t i = 0; i < vr; i++)
            if (affine_map_result_dim(map, i) == (int32_t)d)
                shape[k++] = dim_of(v, vec, i);
    TypeId mt = arg_type(v, o, (uint32_t)mask_arg);
    bool ok = is_vec(v, mt) && elem_of(v, mt) == TY_I1 && rank_of(v, mt) == k;
    for (uint32_t i = 0; ok && i < k; i++)
        ok = dim_of(v, mt, i) == shape[i];
    if (!ok)
        verify_fail(v, o, "operand #%d (the mask) has type %s but must be %s", mask_arg,
                    verify_tname(v, mt), verify_vname(v, shape, k, TY_I1));
}

/* the vector at slot s holds the memref's element type */
static void
check_vector_of_memref(Verifier *v, OpId o, Slot s, TypeId mem)
{
    TypeId t = slot_type(v, o, s);
    if (verify_want_vector(v, o, s) && elem_of(v, t) != elem_of(v, mem))
        verify_fail(v, o, "%s #%u has type %s but its element type must be %s, the memref's",
                    slot_word(s), s.index, verify_tname(v, t), verify_tname(v, elem_of(v, mem)));
}

void
verify_transfer_read(Verifier *v, OpId o)
{
    uint32_t st[4], sz[4];
    if (!verify_segments(v, o, "1*1?", st, sz) ||
        !verify_check_memref_access(v, o, 0, st[1], sz[1]))
        return;
    TypeId mem = arg_type(v, o, 0);
    check_vector_of_memref(v, o, result(0), mem);
    verify_want_type(v, o, operand(st[2]), elem_of(v, mem));
    if (is_vec(v, res_type(v, o, 0)) && rank_of(v, res_type(v, o, 0)) <= VERIFY_MAX_RANK)
        check_transfer_map(v, o, mem, res_type(v, o, 0), true, sz[3] ? (int)st[3] : -1);
}

void
verify_transfer_write(Verifier *v, OpId o)
{
    uint32_t st[4], sz[4];
    if (!verify_segments(v, o, "11*?", st, sz) ||
        !verify_check_memref_access(v, o, 1, st[2], sz[2]))
        return;
    if (!verify_want_count(v, o, "results (writes to a memref return nothing)", v->m->ops[o].nres,
                           0, 0))
        return;
    TypeId mem = arg_type(v, o, 1);
    check_vector_of_memref(v, o, operand(0), mem);
    if (is_vec(v, arg_type(v, o, 0)) && rank_of(v, arg_type(v, o, 0)) <= VERIFY_MAX_RANK)
        check_transfer_map(v, o, mem, arg_type(v, o, 0), false, sz[3] ? (int)st[3] : -1);
}

void
verify_vector_load(Verifier *v, OpId o)
{
    uint32_t n = v->m->ops[o].nargs;
    if (verify_want_count(v, o, "operands", n, 1, UINT32_MAX) &&
        verify_check_memref_access(v, o, 0, 1, n - 1))
        check_vector_of_memref(v, o, result(0), arg_type(v, o, 0));
}

void
verify_vector_store(Verifier *v, OpId o)
{
    uint32_t n = v->m->ops[o].nargs;
    if (verify_want_count(v, o, "operands", n, 2, UINT32_MAX) &&
        verify_check_memref_access(v, o, 1, 2, n - 2))
        check_vector_of_memref(v, o, operand(0), arg_type(v, o, 1));
}

/* iterator_types: "parallel" / "reduction" as #vector.iterator_type<..> or strings */
static int
get_iterators(Verifier *v, OpId o, bool *is_reduction, uint32_t cap)
{
    const Attr *a = verify_get_attr(v, o, "iterator_types", ATTR_ARRAY, true);
    if (!a)
        return -1;
    if (a->n > cap) {
        verify_fail(v, o, "has %u iterator types; at most %u are supported", a->n, cap);
        return -1;
    }
    for (uint32_t i = 0; i < a->n; i++) {
        const Attr *it = a->items[i];
        const char *s = it && (it->kind == ATTR_ENUM || it->kind == ATTR_STRING) ? it->str : NULL;
        if (!s || (strcmp(s, "parallel") != 0 && strcmp(s, "reduction") != 0)) {
            verify_fail(v, o, "iterator type #%u must be parallel or reduction", i);
            return -1;
        }
        is_reduction[i] = strcmp(s, "reduction") == 0;
    }
    return (int)a->n;
}

/*
 * vector.contract: lhs, rhs and acc are indexed by three projected
 * permutations of one iteration space.  Every iteration dim gets its size
 * from lhs or rhs (the same everywhere it appears); reduction dims appear in
 * lhs and rhs but not in acc; parallel dims appear in acc; acc's shape follows.
 */
void
verify_contract(Verifier *v, OpId o)
{
    enum { MAXIT = 16 };
    if (!verify_want_count(v, o, "operands", v->m->ops[o].nargs, 3, 3) ||
        !verify_want_vector(v, o, operand(0)) || !verify_want_vector(v, o, operand(1)))
        return;
    TypeId acc = arg_type(v, o, 2);
    if (!verify_want(v, o, operand(2),
                     type_is_scalar(acc) || (is_vec(v, acc) && rank_of(v, acc) <= VERIFY_MAX_RANK),
                     "a vector or a scalar") ||
        !verify_want_same(v, o, result(0), operand(2)))
        return;
    bool red[MAXIT];
    int nit = get_iterators(v, o, red, MAXIT);
    const Attr *maps = verify_get_attr(v, o, "indexing_maps", ATTR_ARRAY, true);
    if (nit < 0 || !maps)
        return;
    if (maps->n != 3) {
        verify_fail(v, o, "attribute 'indexing_maps' has %u maps but must have 3", maps->n);
        return;
    }
    const AffineMap *map[3];
    for (uint32_t i = 0; i < 3; i++) {
        const Attr *a = maps->items[i];
        if (!a || a->kind != ATTR_AFFINE_MAP || !a->map) {
            verify_fail(v, o, "indexing map #%u must be an affine map", i);
            return;
        }
        map[i] = a->map;
        uint32_t r = rank_of(v, arg_type(v, o, i));
        if (map[i]->nsyms || map[i]->ndims != (uint32_t)nit || map[i]->nresults != r ||
            !affine_map_is_projected_permutation(map[i], false)) {
            verify_fail(v, o,
                        "indexing map #%u must be a projected permutation from the %d iteration "
                        "dims to the %u dims of operand #%u",
                        i, nit, r, i);
            return;
        }
    }
    int64_t extent[MAXIT];
    unsigned used[MAXIT] = { 0 }; /* bit i: appears in operand i */
    for (int d = 0; d < nit; d++)
        extent[d] = -1;
    for (uint32_t i = 0; i < 3; i++)
        for (uint32_t j = 0; j < map[i]->nresults; j++) {
            int32_t d = affine_map_result_dim(map[i], j);
            used[d] |= 1u << i;
            int64_t size = dim_of(v, arg_type(v, o, i), j);
            if (i < 2 && extent[d] >= 0 && extent[d] != size) {
                verify_fail(v, o,
                            "operand #%u has type %s but iteration dim d%d has size %lld in "
                            "operand #0",
                            i, verify_tname(v, arg_type(v, o, i)), d, (long long)extent[d]);
                return;
            }
            if (i < 2)
                extent[d] = size;
        }
    bool any_reduction = false;
    for (int d = 0; d < nit; d++) {
        if (!(used[d] & 3)) {
            verify_fail(v, o, "iteration dim d%d appears in neither lhs nor rhs", d);
            return;
        }
        if (red[d] && (used[d] & 3) != 3) {
            verify_fail(v, o, "reduction dim d%d must appear in both lhs and rhs", d);
            return;
        }
        if (red[d] && (used[d] & 4)) {
            verify_fail(v, o, "reduction dim d%d must not appear in the accumulator", d);
            return;
        }
        if (!red[d] && !(used[d] & 4)) {
            verify_fail(v, o, "parallel dim d%d must appear in the accumulator", d);
            return;
        }
        any_reduction |= red[d];
    }
    if (!any_reduction)
        verify_fail(v, o, "must have at least one reduction dim");
    int64_t want_shape[VERIFY_MAX_RANK];
    bool ok = true;
    for (uint32_t j = 0; j < map[2]->nresults; j++) {
        want_shape[j] = extent[affine_map_result_dim(map[2], j)];
        ok &= want_shape[j] == dim_of(v, acc, j);
    }
    if (!ok)
        verify_fail(v, o, "operand #2 has type %s but the indexing maps and operand shapes need %s",
                    verify_tname(v, acc),
                    verify_vname(v, want_shape, map[2]->nresults, elem_of(v, acc)));
    TypeId el = elem_of(v, arg_type(v, o, 0)), er = elem_of(v, arg_type(v, o, 1));
    TypeId ea = elem_of(v, acc);
    if (type_is_float(el) != type_is_float(er) || type_is_float(el) != type_is_float(ea))
        verify_fail(v, o, "mixes integer and float element types: %s, %s and %s",
                    verify_tname(v, el), verify_tname(v, er), verify_tname(v, ea));
    verify_check_kind_fits(v, o, verify_get_combining_kind(v, o, "kind", false), ea);
}

/* reduction_dims of multi_reduction: the result is the source without them. */
void
verify_multi_reduction(Verifier *v, OpId o)
{
    if (!verify_want_vector(v, o, operand(0)) || !verify_want_same(v, o, result(0), operand(1)))
        return;
    TypeId src = arg_type(v, o, 0), acc = arg_type(v, o, 1);
    uint32_t r = rank_of(v, src);
    int64_t dims[VERIFY_MAX_RANK];
    int n = verify_get_ints(v, o, "reduction_dims", dims, VERIFY_MAX_RANK, true);
    int k = verify_get_combining_kind(v, o, "kind", true);
    verify_check_kind_fits(v, o, k, elem_of(v, src));
    if (n < 0)
        return;
    bool reduced[VERIFY_MAX_RANK] = { false };
    for (int i = 0; i < n; i++) {
        if (dims[i] < 0 || dims[i] >= r || reduced[dims[i]]) {
            verify_fail(v, o, "reduction dim %lld is out of range or repeated for a rank-%u source",
                        (long long)dims[i], r);
            return;
        }
        reduced[dims[i]] = true;
    }
    int64_t shape[VERIFY_MAX_RANK];
    uint32_t k2 = 0;
    for (uint32_t d = 0; d < r; d++)
        if (!reduced[d])
            shape[k2++] = dim_of(v, src, d);
    bool ok;
    if (k2 == 0)
        ok = acc == elem_of(v, src);
    else {
        ok = is_vec(v, acc) && rank_of(v, acc) == k2 && elem_of(v, acc) == elem_of(v, src);
        for (uint32_t i = 0; ok && i < k2; i++)
            ok = dim_of(v, acc, i) == shape[i];
    }
    if (!ok)
        verify_fail(
            v, o, "operand #1 has type %s but reducing the source needs %s", verify_tname(v, acc),
            k2 ? verify_vname(v, shape, k2, elem_of(v, src)) : verify_tname(v, elem_of(v, src)));
}

void
verify_reduction(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    if (!verify_want_count(v, o, "operands", op->nargs, 1, 2) ||
        !verify_want_vector(v, o, operand(0)))
        return;
    TypeId src = arg_type(v, o, 0);
    if (rank_of(v, src) != 1)
        verify_want(v, o, operand(0), false, "a vector of rank 1");
    verify_want_type(v, o, result(0), elem_of(v, src));
    if (op->nargs == 2)
        verify_want_type(v, o, operand(1), elem_of(v, src));
    verify_check_kind_fits(v, o, verify_get_combining_kind(v, o, "kind", true), elem_of(v, src));
}

/* broadcast: source dims align with the result's trailing dims, each equal or 1 */
void
verify_broadcast(Verifier *v, OpId o)
{
    TypeId s = arg_type(v, o, 0), r = res_type(v, o, 0);
    if (!verify_want_vector(v, o, result(0)) ||
        !verify_want(v, o, operand(0),
                     type_is_scalar(s) || (is_vec(v, s) && rank_of(v, s) <= VERIFY_MAX_RANK),
                     "a scalar or a vector"))
        return;
    if (elem_of(v, s) != elem_of(v, r)) {
        verify_fail(v, o, "result #0 has type %s but operand #0 has element type %s",
                    verify_tname(v, r), verify_tname(v, elem_of(v, s)));
        return;
    }
    uint32_t sr = rank_of(v, s), rr = rank_of(v, r);
    if (sr > rr) {
        verify_fail(v, o, "operand #0 has type %s, of higher rank than result #0 (%s)",
                    verify_tname(v, s), verify_tname(v, r));
        return;
    }
    for (uint32_t i = 0; i < sr; i++) {
        int64_t a = dim_of(v, s, i), b = dim_of(v, r, rr - sr + i);
        if (a != 1 && a != b) {
            verify_fail(v, o,
                        "operand #0 has type %s but dim %u (%lld) must be 1 or %lld to "
                        "broadcast to %s",
                        verify_tname(v, s), i, (long long)a, (long long)b, verify_tname(v, r));
            return;
        }
    }
}

void
verify_transpose(Verifier *v, OpId o)
{
    if (!verify_want_vector(v, o, operand(0)) || !verify_want_vector(v, o, result(0)))
        return;
    TypeId s = arg_type(v, o, 0), r = res_type(v, o, 0);
    uint32_t n = rank_of(v, s);
    int64_t perm[VERIFY_MAX_RANK];
    const char *name =
        op_attr(v->m, o, "permutation") || !op_attr(v->m, o, "transp") ? "permutation" : "transp";
    int np = verify_get_ints(v, o, name, perm, VERIFY_MAX_RANK, true);
    if (np < 0)
        return;
    bool seen[VERIFY_MAX_RANK] = { false }, ok = (uint32_t)np == n;
    for (int i = 0; ok && i < np; i++) {
        ok = perm[i] >= 0 && perm[i] < n && !seen[perm[i]];
        if (ok)
            seen[perm[i]] = true;
    }
    if (!ok) {
        verify_fail(v, o, "attribute '%s' must be a permutation of the %u dims of operand #0", name,
                    n);
        return;
    }
    int64_t shape[VERIFY_MAX_RANK];
    for (uint32_t i = 0; i < n; i++)
        shape[i] = dim_of(v, s, (uint32_t)perm[i]);
    ok = rank_of(v, r) == n && elem_of(v, r) == elem_of(v, s);
    for (uint32_t i = 0; ok && i < n; i++)
        ok = dim_of(v, r, i) == shape[i];
    if (!ok)
        verify_fail(v, o, "result #0 has type %s but transposing operand #0 gives %s",
                    verify_tname(v, r), verify_vname(v, shape, n, elem_of(v, s)));
}

void
verify_shape_cast(Verifier *v, OpId o)
{
    if (!verify_want_vector(v, o, operand(0)) || !verify_want_vector(v, o, result(0)))
        return;
    TypeId s = arg_type(v, o, 0), r = res_type(v, o, 0);
    if (elem_of(v, s) != elem_of(v, r) || num_elements(v, s) != num_elements(v, r))
        verify_fail(v, o,
                    "result #0 has type %s but must have the element type and element count "
                    "(%lld) of operand #0 (%s)",
                    verify_tname(v, r), (long long)num_elements(v, s), verify_tname(v, s));
}

/*
 * extract / insert positions: static_position (DIM_DYNAMIC entries take the
 * next dynamic operand, from `first_dyn`).  The part addressed is the
 * container with its leading npos dims dropped: a scalar when npos == rank.
 * Returns npos, or -1 after reporting.
 */
static int
check_positions(Verifier *v, OpId o, TypeId vec, uint32_t first_dyn, TypeId part, Slot part_slot)
{
    int64_t pos[VERIFY_MAX_RANK];
    const char *name = op_attr(v->m, o, "static_position") || !op_attr(v->m, o, "position")
                           ? "static_position"
                           : "position";
    int n = verify_get_ints(v, o, name, pos, VERIFY_MAX_RANK, true);
    if (n < 0)
        return -1;
    uint32_t r = rank_of(v, vec), ndyn = 0;
    if ((uint32_t)n > r) {
        verify_fail(v, o, "has %d positions but the vector has rank %u", n, r);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (pos[i] == DIM_DYNAMIC) {
            ndyn++;
            continue;
        }
        if (pos[i] != -1 && (pos[i] < 0 || pos[i] >= dim_of(v, vec, (uint32_t)i))) {
            verify_fail(v, o, "position #%d is %lld, out of range for dim %d of %s", i,
                        (long long)pos[i], i, verify_tname(v, vec));
            return -1;
        }
    }
    if (v->m->ops[o].nargs != first_dyn + ndyn) {
        verify_fail(v, o, "has %u dynamic position operands but attribute '%s' asks for %u",
                    v->m->ops[o].nargs - first_dyn, name, ndyn);
        return -1;
    }
    verify_want_indices(v, o, first_dyn, ndyn);
    TypeId e = elem_of(v, vec);
    bool ok;
    if ((uint32_t)n == r)
        ok = part == e;
    else {
        ok = is_vec(v, part) && rank_of(v, part) == r - (uint32_t)n && elem_of(v, part) == e;
        for (uint32_t i = 0; ok && i < r - (uint32_t)n; i++)
            ok = dim_of(v, part, i) == dim_of(v, vec, (uint32_t)n + i);
    }
    if (!ok)
        verify_fail(v, o, "%s #%u has type %s but must be %s", slot_word(part_slot),
                    part_slot.index, verify_tname(v, part),
                    (uint32_t)n == r ? verify_tname(v, e)
                                     : verify_vname(v, ty(v, vec)->shape + n, r - (uint32_t)n, e));
    return n;
}

void
verify_extract(Verifier *v, OpId o)
{
    if (verify_want_count(v, o, "operands", v->m->ops[o].nargs, 1, UINT32_MAX) &&
        verify_want_vector(v, o, operand(0)))
        check_positions(v, o, arg_type(v, o, 0), 1, res_type(v, o, 0), result(0));
}

void
verify_insert(Verifier *v, OpId o)
{
    if (verify_want_count(v, o, "operands", v->m->ops[o].nargs, 2, UINT32_MAX) &&
        verify_want_vector(v, o, operand(1)) && verify_want_same(v, o, result(0), operand(1)))
        check_positions(v, o, arg_type(v, o, 1), 2, arg_type(v, o, 0), operand(0));
}

void
verify_extract_strided_slice(Verifier *v, OpId o)
{
    if (!verify_want_vector(v, o, operand(0)) || !verify_want_vector(v, o, result(0)))
        return;
    TypeId s = arg_type(v, o, 0), r = res_type(v, o, 0);
    uint32_t rank = rank_of(v, s);
    int64_t off[VERIFY_MAX_RANK], size[VERIFY_MAX_RANK], stride[VERIFY_MAX_RANK];
    int no = verify_get_ints(v, o, "offsets", off, VERIFY_MAX_RANK, true);
    int ns = verify_get_ints(v, o, "sizes", size, VERIFY_MAX_RANK, true);
    int nt = verify_get_ints(v, o, "strides", stride, VERIFY_MAX_RANK, true);
    if (no < 0 || ns < 0 || nt < 0)
        return;
    if (no != ns || no != nt || (uint32_t)no > rank) {
        verify_fail(v, o,
                    "attributes 'offsets', 'sizes' and 'strides' must have one length, at most the "
                    "source rank %u, but have %d, %d and %d",
                    rank, no, ns, nt);
        return;
    }
    int64_t shape[VERIFY_MAX_RANK];
    for (uint32_t i = 0; i < rank; i++) {
        int64_t d = dim_of(v, s, i);
        if ((int)i < no) {
            if (stride[i] != 1 || off[i] < 0 || size[i] < 1 || off[i] + size[i] > d) {
                verify_fail(v, o,
                            "slice of dim %u (offset %lld, size %lld, stride %lld) does not fit "
                            "in %lld with stride 1",
                            i, (long long)off[i], (long long)size[i], (long long)stride[i],
                            (long long)d);
                return;
            }
            shape[i] = size[i];
        } else
            shape[i] = d;
    }
    bool ok = rank_of(v, r) == rank && elem_of(v, r) == elem_of(v, s);
    for (uint32_t i = 0; ok && i < rank; i++)
        ok = dim_of(v, r, i) == shape[i];
    if (!ok)
        verify_fail(v, o, "result #0 has type %s but the slice is %s", verify_tname(v, r),
                    verify_vname(v, shape, rank, elem_of(v, s)));
}

void
verify_insert_strided_slice(Verifier *v, OpId o)
{
    if (!verify_want_vector(v, o, operand(0)) || !verify_want_vector(v, o, operand(1)) ||
        !verify_want_same(v, o, result(0), operand(1)))
        return;
    TypeId s = arg_type(v, o, 0), d = arg_type(v, o, 1);
    uint32_t sr = rank_of(v, s), dr = rank_of(v, d);
    if (elem_of(v, s) != elem_of(v, d) || sr > dr) {
        verify_fail(v, o,
                    "operand #0 has type %s but must have the element type of %s and no higher "
                    "rank",
                    verify_tname(v, s), verify_tname(v, d));
        return;
    }
    int64_t off[VERIFY_MAX_RANK], stride[VERIFY_MAX_RANK];
    int no = verify_get_ints(v, o, "offsets", off, VERIFY_MAX_RANK, true);
    int nt = verify_get_ints(v, o, "strides", stride, VERIFY_MAX_RANK, true);
    if (no < 0 || nt < 0)
        return;
    if ((uint32_t)no != dr || (uint32_t)nt != sr) {
        verify_fail(v, o,
                    "has %d offsets and %d strides but needs %u (destination rank) and %u "
                    "(source rank)",
                    no, nt, dr, sr);
        return;
    }
    for (uint32_t i = 0; i < dr; i++) {
        int64_t size = i < dr - sr ? 1 : dim_of(v, s, i - (dr - sr));
        int64_t st = i < dr - sr ? 1 : stride[i - (dr - sr)];
        if (st != 1 || off[i] < 0 || off[i] + size > dim_of(v, d, i)) {
            verify_fail(v, o, "slice does not fit dim %u of %s at offset %lld with stride 1", i,
                        verify_tname(v, d), (long long)off[i]);
            return;
        }
    }
}

void
verify_splat(Verifier *v, OpId o)
{
    if (verify_want_vector(v, o, result(0)))
        verify_want_type(v, o, operand(0), elem_of(v, res_type(v, o, 0)));
}

void
verify_step(Verifier *v, OpId o)
{
    TypeId r = res_type(v, o, 0);
    verify_want(v, o, result(0), is_vec(v, r) && rank_of(v, r) == 1 && elem_of(v, r) == TY_INDEX,
                "a vector of index of rank 1");
}

void
verify_create_mask(Verifier *v, OpId o)
{
    TypeId r = res_type(v, o, 0);
    if (!verify_want(v, o, result(0), is_vec(v, r) && elem_of(v, r) == TY_I1, "a vector of i1"))
        return;
    if (verify_want_count(v, o, "operands (one per result dim)", v->m->ops[o].nargs, rank_of(v, r),
                          rank_of(v, r)))
        verify_want_indices(v, o, 0, rank_of(v, r));
}

void
verify_constant_mask(Verifier *v, OpId o)
{
    TypeId r = res_type(v, o, 0);
    if (!verify_want(v, o, result(0),
                     is_vec(v, r) && elem_of(v, r) == TY_I1 && rank_of(v, r) <= VERIFY_MAX_RANK,
                     "a vector of i1"))
        return;
    int64_t sizes[VERIFY_MAX_RANK];
    int n = verify_get_ints(v, o, "mask_dim_sizes", sizes, VERIFY_MAX_RANK, true);
    if (n < 0)
        return;
    if ((uint32_t)n != rank_of(v, r)) {
        verify_fail(v, o, "attribute 'mask_dim_sizes' has %d entries but the result has rank %u", n,
                    rank_of(v, r));
        return;
    }
    for (int i = 0; i < n; i++)
        if (sizes[i] < 0 || sizes[i] > dim_of(v, r, (uint32_t)i))
            verify_fail(v, o, "mask dim size #%d is %lld, outside [0, %lld]", i,
                        (long long)sizes[i], (long long)dim_of(v, r, (uint32_t)i));
}

/* vector.bitcast: same rank and leading dims; the last dim keeps its bit count */
void
verify_vector_bitcast(Verifier *v, OpId o)
{
    if (!verify_want_vector(v, o, operand(0)) || !verify_want_vector(v, o, result(0)))
        return;
    TypeId s = arg_type(v, o, 0), r = res_type(v, o, 0);
    uint32_t n = rank_of(v, s);
    bool ok = rank_of(v, r) == n && type_is_scalar(elem_of(v, s)) && type_is_scalar(elem_of(v, r));
    for (uint32_t i = 0; ok && i + 1 < n; i++)
        ok = dim_of(v, s, i) == dim_of(v, r, i);
    uint64_t bs = type_bitwidth(elem_of(v, s)), br = type_bitwidth(elem_of(v, r));
    if (ok && n)
        ok = bs * (uint64_t)dim_of(v, s, n - 1) == br * (uint64_t)dim_of(v, r, n - 1);
    else if (ok)
        ok = bs == br;
    if (!ok)
        verify_fail(v, o,
                    "result #0 has type %s but must have the rank, leading dims and bits per "
                    "row of %s",
                    verify_tname(v, r), verify_tname(v, s));
}

void
verify_from_elements(Verifier *v, OpId o)
{
    if (!verify_want_vector(v, o, result(0)))
        return;
    TypeId r = res_type(v, o, 0);
    int64_t n = num_elements(v, r);
    if (!verify_want_count(v, o, "operands (one per element)", v->m->ops[o].nargs, (uint32_t)n,
                           (uint32_t)n))
        return;
    for (uint32_t i = 0; i < (uint32_t)n; i++)
        verify_want_type(v, o, operand(i), elem_of(v, r));
}

void
verify_vector_fma(Verifier *v, OpId o)
{
    if (verify_want_vector(v, o, operand(0)))
        verify_same_types(v, o, CLS_FLOAT);
}

/* -------------------------------------------------------- layouts (002) */

/*
 * The digit rule of seed 002 on one level, as layout/layout.h draws it: dims
 * with a tile > 1 need a positive stride; sorted by stride, each stride is a
 * multiple of the previous dim's stride * tile, so no two dims share an id
 * digit.
 */
static bool
check_layout_digits(Verifier *v, OpId o, const int64_t *tile, const int64_t *stride, uint32_t rank,
                    const char *level)
{
    uint32_t order[VERIFY_MAX_RANK], n = 0;
    for (uint32_t d = 0; d < rank; d++) {
        if (tile[d] == 1)
            continue;
        if (stride[d] <= 0) {
            verify_fail(v, o, "layout %s_tile[%u] = %lld needs a positive %s stride", level, d,
                        (long long)tile[d], level);
            return false;
        }
        uint32_t i = n++;
        for (; i > 0 && stride[order[i - 1]] > stride[d]; i--)
            order[i] = order[i - 1];
        order[i] = d;
    }
    for (uint32_t i = 1; i < n; i++) {
        uint32_t p = order[i - 1], d = order[i];
        int64_t end;
        if (__builtin_mul_overflow(stride[p], tile[p], &end) || stride[d] % end != 0) {
            verify_fail(v, o,
                        "layout %s ids of dims %u and %u overlap: %s_strides[%u] = %lld is not a "
                        "multiple of %s_strides[%u] * %s_tile[%u] = %lld",
                        level, p, d, level, d, (long long)stride[d], level, p, level, p,
                        (long long)(stride[p] * tile[p]));
            return false;
        }
    }
    return true;
}

static void
check_nested_layout(Verifier *v, OpId o, const NestedLayoutAttr *l, TypeId vec)
{
    uint32_t r = rank_of(v, vec);
    if (!l ||
        (l->rank && (!l->subgroup_tile || !l->batch_tile || !l->outer_tile || !l->thread_tile ||
                     !l->element_tile || !l->subgroup_strides || !l->thread_strides))) {
        verify_fail(v, o, "has a malformed layout");
        return;
    }
    if (l->rank != r) {
        verify_fail(v, o, "layout has rank %u but %s has rank %u", l->rank, verify_tname(v, vec),
                    r);
        return;
    }
    for (uint32_t d = 0; d < r; d++) {
        const int64_t t[5] = { l->subgroup_tile[d], l->batch_tile[d], l->outer_tile[d],
                               l->thread_tile[d], l->element_tile[d] };
        int64_t p = 1;
        bool ok = l->subgroup_strides[d] >= 0 && l->thread_strides[d] >= 0;
        for (int i = 0; ok && i < 5; i++)
            ok = t[i] >= 1 && !__builtin_mul_overflow(p, t[i], &p);
        if (!ok) {
            verify_fail(v, o,
                        "layout dim %u has a tile below 1, a negative stride or an overflowing "
                        "size",
                        d);
            return;
        }
        if (p != dim_of(v, vec, d)) {
            verify_fail(v, o,
                        "layout tiles of dim %u multiply to %lld (%lld*%lld*%lld*%lld*%lld) but "
                        "%s has %lld",
                        d, (long long)p, (long long)t[0], (long long)t[1], (long long)t[2],
                        (long long)t[3], (long long)t[4], verify_tname(v, vec),
                        (long long)dim_of(v, vec, d));
            return;
        }
    }
    if (!check_layout_digits(v, o, l->subgroup_tile, l->subgroup_strides, r, "subgroup") ||
        !check_layout_digits(v, o, l->thread_tile, l->thread_strides, r, "thread"))
        return;
    /* Lane and subgroup counts are target facts (32-lane warps on NVIDIA):
     * layout_assign checks them, so that IR written for other targets (the
     * seeds use 64-lane subgroups) still parses and prints. */
}

void
verify_to_layout(Verifier *v, OpId o)
{
    if (!verify_want_vector(v, o, operand(0)) || !verify_want_same(v, o, result(0), operand(0)))
        return;
    const Attr *a = verify_get_attr(v, o, "layout", ATTR_NESTED_LAYOUT, true);
    if (a)
        check_nested_layout(v, o, a->nested, arg_type(v, o, 0));
}

void
verify_simt_simd(Verifier *v, OpId o)
{
    if (verify_want_vector(v, o, operand(0)) && verify_want_vector(v, o, result(0)) &&
        elem_of(v, arg_type(v, o, 0)) != elem_of(v, res_type(v, o, 0)))
        verify_fail(v, o, "result #0 has type %s but must have the element type of operand #0 (%s)",
                    verify_tname(v, res_type(v, o, 0)), verify_tname(v, arg_type(v, o, 0)));
}

/* #iree_codegen.translation_info on any op: at most 1024 threads (the subgroup size is
 * checked by layout_assign: it is a target fact) */
void
verify_check_translation_info(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    for (uint32_t i = 0; i < op->nattrs; i++) {
        const Attr *a = op->attrs[i].value;
        if (!a || a->kind != ATTR_TRANSLATION_INFO || !a->translation)
            continue;
        const TranslationInfoAttr *t = a->translation;
        int64_t threads = 1;
        bool ok = t->nworkgroup <= 3;
        for (uint32_t k = 0; ok && k < t->nworkgroup; k++)
            ok = t->workgroup_size[k] >= 1 &&
                 !__builtin_mul_overflow(threads, t->workgroup_size[k], &threads);
        if (!ok || threads > 1024)
            verify_fail(v, o, "attribute '%s' has a workgroup_size that is not 1 to 1024 threads",
                        op->attrs[i].name);
    }
}
