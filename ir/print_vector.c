/*
 * print_vector.c -- custom forms of the vector and iree_vector_ext ops (and,
 * through custom_printer_nvgpu, the nvgpu ops), mirroring
 * ir/parse_vector.c.  Transfer ops elide a minor-identity
 * permutation_map and an all-false in_bounds, as MLIR does; the frontend
 * puts them back.
 */
#include "ir/printer.h"

#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static TypeId
at_(Printer *p, const Op *op, uint32_t i)
{
    return value_type(p->m, op->args[i]);
}

static TypeId
rt_(Printer *p, const Op *op)
{
    return value_type(p->m, op->res[0]);
}

static bool
is_kind(Printer *p, TypeId t, TypeKind k)
{
    return type_get(p->m, t)->kind == k;
}

static bool
all_index(Printer *p, const ValueId *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (value_type(p->m, v[i]) != TY_INDEX)
            return false;
    return true;
}

static bool
is_i64_array(const Attr *a)
{
    return a && a->kind == ATTR_DENSE_ARRAY && (a->ints || !a->n) && !a->floats;
}

/* The operandSegmentSizes entries, if present and of length n. */
static const int64_t *
segments(Printer *p, OpId o, uint32_t n)
{
    const Attr *a = op_attr(p->m, o, "operandSegmentSizes");
    if (!a || a->kind != ATTR_DENSE_ARRAY || a->n != n || !a->ints)
        return NULL;
    for (uint32_t i = 0; i < n; i++)
        if (a->ints[i] < 0)
            return NULL;
    return a->ints;
}

static void
head(Printer *p, OpId o)
{
    pr_op_name(p, o);
    pr(p, " ");
}

static void
colon(Printer *p, TypeId t)
{
    pr(p, " : ");
    pr_type(p, t);
}

static void
colon2(Printer *p, TypeId a, const char *sep, TypeId b)
{
    colon(p, a);
    pr(p, sep);
    pr_type(p, b);
}

static void
index_list(Printer *p, const ValueId *v, uint32_t n)
{
    pr(p, "[");
    pr_values(p, v, n);
    pr(p, "]");
}

/* ---- transfers ---- */

static bool
is_minor_identity(const Attr *a, uint32_t r, uint32_t k)
{
    if (!a || a->kind != ATTR_AFFINE_MAP || a->map->ndims != r || a->map->nsyms ||
        a->map->nresults != k || k > r)
        return false;
    for (uint32_t i = 0; i < k; i++)
        if (a->map->results[i]->kind != AFF_DIM || a->map->results[i]->value != r - k + i)
            return false;
    return true;
}

static bool
all_false(const Attr *a, uint32_t n)
{
    if (!a || a->kind != ATTR_ARRAY || a->n != n)
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (a->items[i]->kind != ATTR_BOOL || a->items[i]->b)
            return false;
    return true;
}

static void
transfer_attrs(Printer *p, OpId o, TypeId mem, TypeId vec)
{
    const char *el[3] = { "operandSegmentSizes", NULL, NULL };
    uint32_t n = 1;
    uint32_t r = type_get(p->m, mem)->rank, k = type_get(p->m, vec)->rank;
    const Attr *pm = op_attr(p->m, o, "permutation_map");
    if (is_minor_identity(pm, r, k))
        el[n++] = "permutation_map";
    if (pm && pm->kind == ATTR_AFFINE_MAP &&
        all_false(op_attr(p->m, o, "in_bounds"), pm->map->nresults))
        el[n++] = "in_bounds";
    pr_attr_dict(p, o, el, n);
}

/* `%base[%i..], %pad, %mask attrs : memref, vector` */
static bool
print_transfer_read(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const int64_t *s = segments(p, o, 4);
    if (!s || s[0] != 1 || s[2] > 1 || s[3] > 1 || s[0] + s[1] + s[2] + s[3] != op->nargs ||
        op->nres != 1 || (s[3] && !s[2]))
        return false;
    TypeId mt = at_(p, op, 0), vt = rt_(p, op);
    uint32_t n = (uint32_t)s[1];
    if (!is_kind(p, mt, TY_MEMREF) || !is_kind(p, vt, TY_VECTOR) ||
        !all_index(p, op->args + 1, n) || (s[2] && at_(p, op, 1 + n) != type_get(p->m, mt)->elem))
        return false;
    head(p, o);
    pr_value(p, op->args[0]);
    index_list(p, op->args + 1, n);
    for (uint32_t i = 1 + n; i < op->nargs; i++) {
        pr(p, ", ");
        pr_value(p, op->args[i]);
    }
    transfer_attrs(p, o, mt, vt);
    colon2(p, mt, ", ", vt);
    return true;
}

/* `%v, %base[%i..], %mask attrs : vector, memref` */
static bool
print_transfer_write(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const int64_t *s = segments(p, o, 4);
    if (!s || s[0] != 1 || s[1] != 1 || s[3] > 1 || s[0] + s[1] + s[2] + s[3] != op->nargs ||
        op->nres)
        return false;
    TypeId vt = at_(p, op, 0), mt = at_(p, op, 1);
    uint32_t n = (uint32_t)s[2];
    if (!is_kind(p, mt, TY_MEMREF) || !is_kind(p, vt, TY_VECTOR) || !all_index(p, op->args + 2, n))
        return false;
    head(p, o);
    pr_values(p, op->args, 2);
    index_list(p, op->args + 2, n);
    if (s[3]) {
        pr(p, ", ");
        pr_value(p, op->args[2 + n]);
    }
    transfer_attrs(p, o, mt, vt);
    colon2(p, vt, ", ", mt);
    return true;
}

static bool
print_vload_store(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    bool store = op->kind == OP_VSTORE;
    uint32_t b = store ? 1 : 0;
    if (op->nargs < b + 1 || op->nres != (store ? 0u : 1u) ||
        !is_kind(p, at_(p, op, b), TY_MEMREF) || !all_index(p, op->args + b + 1, op->nargs - b - 1))
        return false;
    TypeId vt = store ? at_(p, op, 0) : rt_(p, op);
    head(p, o);
    pr_values(p, op->args, b + 1);
    index_list(p, op->args + b + 1, op->nargs - b - 1);
    pr_attr_dict(p, o, NULL, 0);
    colon2(p, at_(p, op, b), ", ", vt);
    return true;
}

/* ---- contraction and reductions ---- */

static bool
print_contract(Printer *p, OpId o)
{
    static const char *const trait[] = { "indexing_maps", "iterator_types", "kind" };
    const Op *op = op_get(p->m, o);
    if ((op->nargs != 3 && op->nargs != 5) || op->nres != 1 || at_(p, op, 2) != rt_(p, op))
        return false;
    NamedAttr items[3];
    uint32_t n = 0;
    for (int i = 0; i < 3; i++) {
        const Attr *a = op_attr(p->m, o, trait[i]);
        if (a)
            items[n++] = (NamedAttr){ trait[i], a };
    }
    const Attr *it = op_attr(p->m, o, "iterator_types");
    if (it && it->kind == ATTR_ARRAY) { /* printed as strings, as MLIR does */
        const Attr **s = arena_alloc(&p->arena, (it->n + 1) * sizeof *s);
        for (uint32_t i = 0; i < it->n; i++) {
            const Attr *x = it->items[i];
            if (!attr_is(x, "vector", "iterator_type") && x->kind != ATTR_STRING)
                return false;
            Attr *str = arena_alloc(&p->arena, sizeof *str);
            str->kind = ATTR_STRING;
            str->str = x->str;
            str->len = (uint32_t)strlen(x->str);
            s[i] = str;
        }
        Attr *arr = arena_alloc(&p->arena, sizeof *arr);
        *arr = (Attr){ .kind = ATTR_ARRAY, .n = it->n, .items = s };
        for (uint32_t i = 0; i < n; i++)
            if (strcmp(items[i].name, "iterator_types") == 0)
                items[i].value = arr;
    }
    head(p, o);
    pr_attr(p, &(Attr){ .kind = ATTR_DICT, .n = n, .dict = items });
    pr(p, " ");
    pr_values(p, op->args, op->nargs);
    pr_attr_dict(p, o, trait, 3);
    colon2(p, at_(p, op, 0), ", ", at_(p, op, 1));
    pr(p, " into ");
    pr_type(p, rt_(p, op));
    return true;
}

static bool
print_multi_reduction(Printer *p, OpId o)
{
    static const char *const el[] = { "kind", "reduction_dims" };
    const Op *op = op_get(p->m, o);
    const Attr *kind = op_attr(p->m, o, "kind");
    const Attr *dims = op_attr(p->m, o, "reduction_dims");
    if (op->nargs != 2 || op->nres != 1 || !attr_is(kind, "vector", "kind") ||
        !is_i64_array(dims) || at_(p, op, 1) != rt_(p, op))
        return false;
    head(p, o);
    fprintf(p->out, "<%s>, ", kind->str);
    pr_values(p, op->args, 2);
    pr(p, " [");
    for (uint32_t i = 0; i < dims->n; i++)
        fprintf(p->out, "%s%lld", i ? ", " : "", (long long)dims->ints[i]);
    pr(p, "]");
    pr_attr_dict(p, o, el, 2);
    colon2(p, at_(p, op, 0), " to ", rt_(p, op));
    return true;
}

static bool
print_reduction(Printer *p, OpId o)
{
    static const char *const el[] = { "kind", "fastmath" };
    const Op *op = op_get(p->m, o);
    const Attr *kind = op_attr(p->m, o, "kind");
    const Attr *fm = op_attr(p->m, o, "fastmath");
    if ((op->nargs != 1 && op->nargs != 2) || op->nres != 1 || !attr_is(kind, "vector", "kind") ||
        (fm && !attr_is(fm, "arith", "fastmath")) ||
        (op->nargs == 2 && at_(p, op, 1) != rt_(p, op)))
        return false;
    head(p, o);
    fprintf(p->out, "<%s>, ", kind->str);
    pr_values(p, op->args, op->nargs);
    if (fm && strcmp(fm->str, "none") != 0)
        fprintf(p->out, " fastmath<%s>", fm->str);
    pr_attr_dict(p, o, el, 2);
    colon2(p, at_(p, op, 0), " into ", rt_(p, op));
    return true;
}

/* ---- shape ops ---- */

/* `%v attrs : A to B` */
static bool
print_vcast(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 1 || op->nres != 1)
        return false;
    head(p, o);
    pr_value(p, op->args[0]);
    pr_attr_dict(p, o, NULL, 0);
    colon2(p, at_(p, op, 0), " to ", rt_(p, op));
    return true;
}

static bool
print_transpose(Printer *p, OpId o)
{
    static const char *const el[] = { "permutation" };
    const Op *op = op_get(p->m, o);
    const Attr *perm = op_attr(p->m, o, "permutation");
    if (op->nargs != 1 || op->nres != 1 || !is_i64_array(perm))
        return false;
    head(p, o);
    pr_value(p, op->args[0]);
    pr(p, ", [");
    for (uint32_t i = 0; i < perm->n; i++)
        fprintf(p->out, "%s%lld", i ? ", " : "", (long long)perm->ints[i]);
    pr(p, "]");
    pr_attr_dict(p, o, el, 1);
    colon2(p, at_(p, op, 0), " to ", rt_(p, op));
    return true;
}

/* `[0, %i]`: static positions, INT64_MIN taking the dynamic operands from `first` */
static bool
position_ok(Printer *p, const Op *op, const Attr *pos, uint32_t first)
{
    if (!is_i64_array(pos))
        return false;
    uint32_t ndyn = 0;
    for (uint32_t i = 0; i < pos->n; i++)
        ndyn += pos->ints[i] == INT64_MIN;
    return first + ndyn == op->nargs && all_index(p, op->args + first, ndyn);
}

static void
pr_position(Printer *p, const Op *op, const Attr *pos, uint32_t first)
{
    pr(p, "[");
    for (uint32_t i = 0; i < pos->n; i++) {
        if (i)
            pr(p, ", ");
        if (pos->ints[i] == INT64_MIN)
            pr_value(p, op->args[first++]);
        else
            pr_int(p, pos->ints[i]);
    }
    pr(p, "]");
}

static bool
print_extract(Printer *p, OpId o)
{
    static const char *const el[] = { "static_position" };
    const Op *op = op_get(p->m, o);
    const Attr *pos = op_attr(p->m, o, "static_position");
    if (op->nargs < 1 || op->nres != 1 || !position_ok(p, op, pos, 1))
        return false;
    head(p, o);
    pr_value(p, op->args[0]);
    pr_position(p, op, pos, 1);
    pr_attr_dict(p, o, el, 1);
    colon2(p, rt_(p, op), " from ", at_(p, op, 0));
    return true;
}

static bool
print_insert(Printer *p, OpId o)
{
    static const char *const el[] = { "static_position" };
    const Op *op = op_get(p->m, o);
    const Attr *pos = op_attr(p->m, o, "static_position");
    if (op->nargs < 2 || op->nres != 1 || at_(p, op, 1) != rt_(p, op) ||
        !position_ok(p, op, pos, 2))
        return false;
    head(p, o);
    pr_values(p, op->args, 2);
    pr_position(p, op, pos, 2);
    pr_attr_dict(p, o, el, 1);
    colon2(p, at_(p, op, 0), " into ", rt_(p, op));
    return true;
}

static bool
print_strided_slice(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    bool insert = op->kind == OP_INSERT_STRIDED_SLICE;
    if (op->nargs != (insert ? 2u : 1u) || op->nres != 1 || (insert && at_(p, op, 1) != rt_(p, op)))
        return false;
    head(p, o);
    pr_values(p, op->args, op->nargs);
    pr_attr_dict(p, o, NULL, 0);
    colon2(p, at_(p, op, 0), insert ? " into " : " to ", rt_(p, op));
    return true;
}

/* `%a, %b attrs : V` where operands have type `want` (0: the result type) */
static bool
print_uses_type(Printer *p, OpId o, TypeId want)
{
    const Op *op = op_get(p->m, o);
    if (op->nres != 1 || !is_kind(p, rt_(p, op), TY_VECTOR))
        return false;
    for (uint32_t i = 0; i < op->nargs; i++)
        if (at_(p, op, i) != (want ? want : rt_(p, op)))
            return false;
    head(p, o);
    pr_values(p, op->args, op->nargs);
    pr_attr_dict(p, o, NULL, 0);
    colon(p, rt_(p, op));
    return true;
}

static bool
print_splat(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    return op->nargs == 1 && op->nres == 1 && print_uses_type(p, o, type_element(p->m, rt_(p, op)));
}

static bool
print_from_elements(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    return op->nres == 1 && op->nargs && print_uses_type(p, o, type_element(p->m, rt_(p, op)));
}

static bool
print_vfma(Printer *p, OpId o)
{
    return op_get(p->m, o)->nargs == 3 && print_uses_type(p, o, 0);
}

static bool
print_create_mask(Printer *p, OpId o)
{
    return op_get(p->m, o)->nargs > 0 && print_uses_type(p, o, TY_INDEX);
}

static bool
print_step(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs || op->nres != 1)
        return false;
    pr_op_name(p, o);
    pr_attr_dict(p, o, NULL, 0);
    colon(p, rt_(p, op));
    return true;
}

static bool
print_constant_mask(Printer *p, OpId o)
{
    static const char *const el[] = { "mask_dim_sizes" };
    const Op *op = op_get(p->m, o);
    const Attr *dims = op_attr(p->m, o, "mask_dim_sizes");
    if (op->nargs || op->nres != 1 || !is_i64_array(dims))
        return false;
    head(p, o);
    pr(p, "[");
    for (uint32_t i = 0; i < dims->n; i++)
        fprintf(p->out, "%s%lld", i ? ", " : "", (long long)dims->ints[i]);
    pr(p, "]");
    pr_attr_dict(p, o, el, 1);
    colon(p, rt_(p, op));
    return true;
}

/* ---- iree_vector_ext ---- */

static bool
print_to_layout(Printer *p, OpId o)
{
    static const char *const el[] = { "layout" };
    const Op *op = op_get(p->m, o);
    const Attr *l = op_attr(p->m, o, "layout");
    if (op->nargs != 1 || op->nres != 1 || !l || at_(p, op, 0) != rt_(p, op))
        return false;
    head(p, o);
    pr_value(p, op->args[0]);
    pr(p, " to layout(");
    pr_attr(p, l);
    pr(p, ")");
    pr_attr_dict(p, o, el, 1);
    colon(p, rt_(p, op));
    return true;
}

static bool
print_to_simx(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 1 || op->nres != 1)
        return false;
    head(p, o);
    pr_value(p, op->args[0]);
    pr_attr_dict(p, o, NULL, 0);
    colon2(p, at_(p, op, 0), " -> ", rt_(p, op));
    return true;
}

CustomPrintFn *custom_printer_nvgpu(OpKind k); /* print_nvgpu.c */
CustomPrintFn *custom_printer_vector(OpKind k);

CustomPrintFn *
custom_printer_vector(OpKind k)
{
    static CustomPrintFn *const table[OP_COUNT] = {
        [OP_TRANSFER_READ] = print_transfer_read,
        [OP_TRANSFER_WRITE] = print_transfer_write,
        [OP_VLOAD] = print_vload_store,
        [OP_VSTORE] = print_vload_store,
        [OP_CONTRACT] = print_contract,
        [OP_MULTI_REDUCTION] = print_multi_reduction,
        [OP_REDUCTION] = print_reduction,
        [OP_BROADCAST] = print_vcast,
        [OP_TRANSPOSE] = print_transpose,
        [OP_SHAPE_CAST] = print_vcast,
        [OP_EXTRACT] = print_extract,
        [OP_INSERT] = print_insert,
        [OP_EXTRACT_STRIDED_SLICE] = print_strided_slice,
        [OP_INSERT_STRIDED_SLICE] = print_strided_slice,
        [OP_SPLAT] = print_splat,
        [OP_VFMA] = print_vfma,
        [OP_STEP] = print_step,
        [OP_CREATE_MASK] = print_create_mask,
        [OP_CONSTANT_MASK] = print_constant_mask,
        [OP_VBITCAST] = print_vcast,
        [OP_FROM_ELEMENTS] = print_from_elements,
        [OP_TO_LAYOUT] = print_to_layout,
        [OP_TO_SIMT] = print_to_simx,
        [OP_TO_SIMD] = print_to_simx,
    };
    CustomPrintFn *fn = table[k];
    return fn ? fn : custom_printer_nvgpu(k);
}
