/*
 * print_ops.c -- the custom form of every op in ops.def, as MLIR prints it.
 *
 * Each printer first checks that the op fits its custom form (operand
 * counts, types the syntax implies, attribute kinds) and returns false,
 * printing nothing, when it does not; print.c then prints the generic form.
 * Attributes the syntax shows are elided from the trailing dictionary.
 */
#include "ir/printer.h"

#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static TypeId
arg_type(Printer *p, const Op *op, uint32_t i)
{
    return value_type(p->m, op->args[i]);
}

static TypeId
res_type(Printer *p, const Op *op, uint32_t i)
{
    return value_type(p->m, op->res[i]);
}

static void
name(Printer *p, OpId o)
{
    pr_op_name(p, o);
}

static void
type_(Printer *p, TypeId t)
{
    pr_type(p, t);
}

static bool
all_type(Printer *p, const ValueId *v, uint32_t n, TypeId t)
{
    for (uint32_t i = 0; i < n; i++)
        if (value_type(p->m, v[i]) != t)
            return false;
    return true;
}

static const Attr *
attr_of(Printer *p, OpId o, const char *n, AttrKind k)
{
    const Attr *a = op_attr(p->m, o, n);
    return a && a->kind == k ? a : NULL;
}

/* Checks operandSegmentSizes (if present) against the expected sizes. */
static bool
segments_ok(Printer *p, OpId o, const int64_t *want, uint32_t n)
{
    const Attr *a = op_attr(p->m, o, "operandSegmentSizes");
    if (!a)
        return true;
    if (a->kind != ATTR_DENSE_ARRAY || a->n != n || !a->ints)
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (a->ints[i] != want[i])
            return false;
    return true;
}

/* the operandSegmentSizes entry k, or -1 */
static int64_t
segment(Printer *p, OpId o, uint32_t k, uint32_t n)
{
    const Attr *a = op_attr(p->m, o, "operandSegmentSizes");
    if (!a || a->kind != ATTR_DENSE_ARRAY || a->n != n || !a->ints || a->ints[k] < 0)
        return -1;
    return a->ints[k];
}

static void
index_list(Printer *p, const ValueId *v, uint32_t n)
{
    pr(p, "[");
    pr_values(p, v, n);
    pr(p, "]");
}

static const char *const seg_only[] = { "operandSegmentSizes" };

/* ---- arith / math ---- */

/* `fastmath<..>` / `overflow<..>` when set to something other than none */
static void
flags(Printer *p, OpId o)
{
    const Attr *fm = op_attr(p->m, o, "fastmath");
    if (attr_is(fm, "arith", "fastmath") && strcmp(fm->str, "none") != 0)
        fprintf(p->out, " fastmath<%s>", fm->str);
    const Attr *ov = op_attr(p->m, o, "overflowFlags");
    if (attr_is(ov, "arith", "overflow") && strcmp(ov->str, "none") != 0)
        fprintf(p->out, " overflow<%s>", ov->str);
}

static bool
flags_ok(Printer *p, OpId o)
{
    const Attr *fm = op_attr(p->m, o, "fastmath");
    const Attr *ov = op_attr(p->m, o, "overflowFlags");
    return (!fm || attr_is(fm, "arith", "fastmath")) && (!ov || attr_is(ov, "arith", "overflow"));
}

static const char *const flag_names[] = { "fastmath", "overflowFlags" };

/* value-use (`,` value-use)* flags attr-dict `:` type */
static bool
print_same_type(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    int want = op_info[op->kind].nargs;
    if ((int)op->nargs != want || op->nres != 1 || !flags_ok(p, o) ||
        !all_type(p, op->args, op->nargs, res_type(p, op, 0)))
        return false;
    name(p, o);
    pr(p, " ");
    pr_values(p, op->args, op->nargs);
    flags(p, o);
    pr_attr_dict(p, o, flag_names, 2);
    pr(p, " : ");
    type_(p, res_type(p, op, 0));
    return true;
}

static bool
print_constant(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const Attr *v = op_attr(p->m, o, "value");
    if (op->nargs || op->nres != 1 || !v)
        return false;
    TypeId t = res_type(p, op, 0);
    bool ok = ((v->kind == ATTR_INT || v->kind == ATTR_FLOAT) && v->type == t) ||
              (v->kind == ATTR_BOOL && t == TY_I1) ||
              (v->kind == ATTR_DENSE && v->type == t && type_is_vector(p->m, t));
    if (!ok)
        return false;
    name(p, o);
    static const char *const el[] = { "value" };
    pr_attr_dict(p, o, el, 1);
    pr(p, " ");
    pr_attr(p, v);
    return true;
}

static TypeId
bool_like(Printer *p, TypeId t)
{
    const Type *ty = type_get(p->m, t);
    if (ty->kind != TY_VECTOR)
        return TY_I1;
    Type v = { .kind = TY_VECTOR, .elem = TY_I1, .rank = ty->rank, .shape = ty->shape };
    for (TypeId i = 1; i < p->m->ntypes; i++) { /* find without interning (m is const) */
        const Type *c = type_get(p->m, i);
        if (c->kind == TY_VECTOR && c->elem == TY_I1 && c->rank == v.rank &&
            (!v.rank || memcmp(c->shape, v.shape, v.rank * sizeof *v.shape) == 0))
            return i;
    }
    return 0;
}

static bool
print_cmp(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    bool is_f = op->kind == OP_CMPF;
    const Attr *pred = attr_of(p, o, "predicate", ATTR_INT);
    int64_t count = is_f ? CMPF_COUNT : CMPI_COUNT;
    if (op->nargs != 2 || op->nres != 1 || !pred || pred->i < 0 || pred->i >= count ||
        arg_type(p, op, 0) != arg_type(p, op, 1) || !flags_ok(p, o))
        return false;
    const Type *rt = type_get(p->m, res_type(p, op, 0));
    const Type *at = type_get(p->m, arg_type(p, op, 0));
    if (rt->kind == TY_VECTOR ? bool_like(p, arg_type(p, op, 0)) != res_type(p, op, 0)
                              : (res_type(p, op, 0) != TY_I1 || at->kind == TY_VECTOR))
        return false;
    name(p, o);
    fprintf(p->out, " %s, ", (is_f ? cmpf_names : cmpi_names)[pred->i]);
    pr_values(p, op->args, 2);
    flags(p, o);
    static const char *const el[] = { "predicate", "fastmath", "overflowFlags" };
    pr_attr_dict(p, o, el, COUNT(el));
    pr(p, " : ");
    type_(p, arg_type(p, op, 0));
    return true;
}

static bool
print_select(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 3 || op->nres != 1 || !all_type(p, op->args + 1, 2, res_type(p, op, 0)))
        return false;
    name(p, o);
    pr(p, " ");
    pr_values(p, op->args, 3);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    if (arg_type(p, op, 0) != TY_I1) {
        type_(p, arg_type(p, op, 0));
        pr(p, ", ");
    }
    type_(p, res_type(p, op, 0));
    return true;
}

/* value-use flags attr-dict `:` type `to` type */
static bool
print_cast(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 1 || op->nres != 1 || !flags_ok(p, o))
        return false;
    name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    flags(p, o);
    pr_attr_dict(p, o, flag_names, 2);
    pr(p, " : ");
    type_(p, arg_type(p, op, 0));
    pr(p, " to ");
    type_(p, res_type(p, op, 0));
    return true;
}

/* ---- func / scf terminators ---- */

/* attr-dict (value-uses `:` types)? */
static bool
print_return(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nres)
        return false;
    name(p, o);
    pr_attr_dict(p, o, NULL, 0);
    if (op->nargs) {
        pr(p, " ");
        pr_values(p, op->args, op->nargs);
        pr(p, " : ");
        pr_types(p, op->args, op->nargs);
    }
    return true;
}

static bool
print_call(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const Attr *callee = attr_of(p, o, "callee", ATTR_SYMBOL);
    if (!callee)
        return false;
    name(p, o);
    pr(p, " ");
    pr_attr(p, callee);
    pr(p, "(");
    pr_values(p, op->args, op->nargs);
    pr(p, ")");
    static const char *const el[] = { "callee" };
    pr_attr_dict(p, o, el, 1);
    pr(p, " : (");
    pr_types(p, op->args, op->nargs);
    pr(p, ") -> ");
    if (op->nres != 1)
        pr(p, "(");
    pr_types(p, op->res, op->nres);
    if (op->nres != 1)
        pr(p, ")");
    return true;
}

/* ---- scf ---- */

static bool
region_is_simple(Printer *p, RegionId r, uint32_t nargs)
{
    const Region *reg = region_get(p->m, r);
    return r && reg->blocks.n == 1 && block_get(p->m, reg->blocks.items[0])->args.n == nargs;
}

static bool
print_for(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs < 3 || op->nregions != 1 || op->nres != op->nargs - 3 ||
        !region_is_simple(p, op->regions[0], op->nargs - 2))
        return false;
    const Block *body = block_get(p->m, region_get(p->m, op->regions[0])->blocks.items[0]);
    TypeId ivt = value_type(p->m, body->args.items[0]);
    if (!all_type(p, op->args, 3, ivt) || !type_is_int(ivt))
        return false;
    for (uint32_t i = 0; i < op->nres; i++)
        if (res_type(p, op, i) != arg_type(p, op, 3 + i) ||
            value_type(p->m, body->args.items[1 + i]) != res_type(p, op, i))
            return false;
    name(p, o);
    if (op_attr(p->m, o, "unsignedCmp"))
        pr(p, " unsigned");
    pr(p, " ");
    pr_value(p, body->args.items[0]);
    pr(p, " = ");
    pr_value(p, op->args[0]);
    pr(p, " to ");
    pr_value(p, op->args[1]);
    pr(p, " step ");
    pr_value(p, op->args[2]);
    if (op->nres) {
        pr(p, " iter_args(");
        for (uint32_t i = 0; i < op->nres; i++) {
            if (i)
                pr(p, ", ");
            pr_value(p, body->args.items[1 + i]);
            pr(p, " = ");
            pr_value(p, op->args[3 + i]);
        }
        pr(p, ") -> (");
        pr_types(p, op->res, op->nres);
        pr(p, ")");
    }
    if (ivt != TY_INDEX) {
        pr(p, " : ");
        type_(p, ivt);
    }
    pr(p, " ");
    pr_region(p, op->regions[0], false, op->nres == 0);
    static const char *const el[] = { "unsignedCmp" };
    pr_attr_dict(p, o, el, 1);
    return true;
}

static bool
print_if(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 1 || op->nregions != 2 || arg_type(p, op, 0) != TY_I1 ||
        !region_is_simple(p, op->regions[0], 0))
        return false;
    const Region *els = region_get(p->m, op->regions[1]);
    if (!op->regions[1] || (els->blocks.n && !region_is_simple(p, op->regions[1], 0)))
        return false;
    name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    if (op->nres) {
        pr(p, " -> (");
        pr_types(p, op->res, op->nres);
        pr(p, ")");
    }
    pr(p, " ");
    pr_region(p, op->regions[0], false, op->nres == 0);
    if (els->blocks.n) {
        pr(p, " else ");
        pr_region(p, op->regions[1], false, op->nres == 0);
    }
    pr_attr_dict(p, o, NULL, 0);
    return true;
}

/* ---- memref ---- */

static bool
print_alloc(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    int64_t ndyn = segment(p, o, 0, 2), nsym = segment(p, o, 1, 2);
    if (ndyn < 0) {
        ndyn = op->nargs;
        nsym = 0;
    }
    if (op->nres != 1 || ndyn + nsym != op->nargs || !type_is_memref(p->m, res_type(p, op, 0)) ||
        !all_type(p, op->args, op->nargs, TY_INDEX) ||
        (op_attr(p->m, o, "operandSegmentSizes") &&
         !segments_ok(p, o, (int64_t[]){ ndyn, nsym }, 2)))
        return false;
    name(p, o);
    pr(p, "(");
    pr_values(p, op->args, (uint32_t)ndyn);
    pr(p, ")");
    if (nsym)
        index_list(p, op->args + ndyn, (uint32_t)nsym);
    pr_attr_dict(p, o, seg_only, 1);
    pr(p, " : ");
    type_(p, res_type(p, op, 0));
    return true;
}

static bool
print_mload(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs < 1 || op->nres != 1 || !type_is_memref(p->m, arg_type(p, op, 0)) ||
        type_get(p->m, arg_type(p, op, 0))->elem != res_type(p, op, 0) ||
        !all_type(p, op->args + 1, op->nargs - 1, TY_INDEX))
        return false;
    name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    index_list(p, op->args + 1, op->nargs - 1);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    type_(p, arg_type(p, op, 0));
    return true;
}

static bool
print_mstore(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs < 2 || op->nres || !type_is_memref(p->m, arg_type(p, op, 1)) ||
        type_get(p->m, arg_type(p, op, 1))->elem != arg_type(p, op, 0) ||
        !all_type(p, op->args + 2, op->nargs - 2, TY_INDEX))
        return false;
    name(p, o);
    pr(p, " ");
    pr_values(p, op->args, 2);
    index_list(p, op->args + 2, op->nargs - 2);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    type_(p, arg_type(p, op, 1));
    return true;
}

/* A list of static values with DIM_DYNAMIC taken from the operands at *k. */
static void
mixed_list(Printer *p, const Op *op, const Attr *a, uint32_t *k, bool parens)
{
    pr(p, parens ? "(" : "[");
    for (uint32_t i = 0; i < a->n; i++) {
        if (i)
            pr(p, ", ");
        if (a->ints[i] == DIM_DYNAMIC)
            pr_value(p, op->args[(*k)++]);
        else
            pr_int(p, a->ints[i]);
    }
    pr(p, parens ? ")" : "]");
}

static uint32_t
count_dynamic(const Attr *a)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < a->n; i++)
        n += a->ints[i] == DIM_DYNAMIC;
    return n;
}

static bool
is_i64_array(const Attr *a)
{
    return a && a->kind == ATTR_DENSE_ARRAY && (a->ints || a->n == 0) && !a->floats;
}

static bool
print_subview(Printer *p, OpId o)
{
    static const char *const el[] = { "static_offsets", "static_sizes", "static_strides",
                                      "operandSegmentSizes" };
    const Op *op = op_get(p->m, o);
    const Attr *lists[3];
    int64_t seg[4] = { 1, 0, 0, 0 };
    for (int i = 0; i < 3; i++) {
        lists[i] = op_attr(p->m, o, el[i]);
        if (!is_i64_array(lists[i]))
            return false;
        seg[i + 1] = count_dynamic(lists[i]);
    }
    if (op->nres != 1 || op->nargs != 1 + seg[1] + seg[2] + seg[3] ||
        !all_type(p, op->args + 1, op->nargs - 1, TY_INDEX) || !segments_ok(p, o, seg, 4))
        return false;
    name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    uint32_t k = 1;
    for (int i = 0; i < 3; i++)
        mixed_list(p, op, lists[i], &k, false);
    pr_attr_dict(p, o, el, 4);
    pr(p, " : ");
    type_(p, arg_type(p, op, 0));
    pr(p, " to ");
    type_(p, res_type(p, op, 0));
    return true;
}

static bool
print_view(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs < 2 || op->nres != 1 || !all_type(p, op->args + 1, op->nargs - 1, TY_INDEX))
        return false;
    name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    index_list(p, op->args + 1, 1);
    index_list(p, op->args + 2, op->nargs - 2);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    type_(p, arg_type(p, op, 0));
    pr(p, " to ");
    type_(p, res_type(p, op, 0));
    return true;
}

static bool
print_get_global(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const Attr *n = attr_of(p, o, "name", ATTR_SYMBOL);
    if (op->nargs || op->nres != 1 || !n)
        return false;
    name(p, o);
    pr(p, " ");
    pr_attr(p, n);
    static const char *const el[] = { "name" };
    pr_attr_dict(p, o, el, 1);
    pr(p, " : ");
    type_(p, res_type(p, op, 0));
    return true;
}

static bool
print_global(Printer *p, OpId o)
{
    static const char *const el[] = { "sym_visibility", "constant", "sym_name", "type",
                                      "initial_value" };
    const Op *op = op_get(p->m, o);
    const Attr *vis = op_attr(p->m, o, "sym_visibility");
    const Attr *sym = attr_of(p, o, "sym_name", ATTR_STRING);
    const Attr *ty = attr_of(p, o, "type", ATTR_TYPE);
    const Attr *init = op_attr(p->m, o, "initial_value");
    const Attr *c = op_attr(p->m, o, "constant");
    if (op->nargs || op->nres || op->nregions || !sym || !ty || !type_is_memref(p->m, ty->type) ||
        (vis && vis->kind != ATTR_STRING) || (c && c->kind != ATTR_UNIT) ||
        (init && init->kind != ATTR_UNIT &&
         !(init->kind == ATTR_DENSE && init->type == ty->type)) ||
        strlen(sym->str) != sym->len)
        return false;
    name(p, o);
    if (vis) {
        pr(p, " ");
        pr_attr(p, vis);
    }
    if (c)
        pr(p, " constant");
    pr(p, " ");
    pr_attr(p, &(Attr){ .kind = ATTR_SYMBOL, .str = sym->str });
    pr(p, " : ");
    type_(p, ty->type);
    if (init && init->kind == ATTR_UNIT) {
        pr(p, " = uninitialized");
    } else if (init) {
        pr(p, " = ");
        pr_dense_body(p, init);
    }
    pr_attr_dict(p, o, el, COUNT(el));
    return true;
}

static bool
print_dim(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 2 || op->nres != 1 || res_type(p, op, 0) != TY_INDEX ||
        arg_type(p, op, 1) != TY_INDEX)
        return false;
    name(p, o);
    pr(p, " ");
    pr_values(p, op->args, 2);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    type_(p, arg_type(p, op, 0));
    return true;
}

/* ---- affine ---- */

static bool
print_apply(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const Attr *map = attr_of(p, o, "map", ATTR_AFFINE_MAP);
    if (!map || op->nres != 1 || res_type(p, op, 0) != TY_INDEX || map->map->nresults != 1 ||
        op->nargs != map->map->ndims + map->map->nsyms ||
        !all_type(p, op->args, op->nargs, TY_INDEX))
        return false;
    name(p, o);
    pr(p, " ");
    pr_attr(p, map);
    pr(p, "(");
    pr_values(p, op->args, map->map->ndims);
    pr(p, ")");
    if (map->map->nsyms)
        index_list(p, op->args + map->map->ndims, map->map->nsyms);
    static const char *const el[] = { "map" };
    pr_attr_dict(p, o, el, 1);
    return true;
}

static bool
print_linearize(Printer *p, OpId o)
{
    static const char *const el[] = { "disjoint", "static_basis", "operandSegmentSizes" };
    const Op *op = op_get(p->m, o);
    const Attr *basis = op_attr(p->m, o, "static_basis");
    const Attr *dis = op_attr(p->m, o, "disjoint");
    if (!is_i64_array(basis) || op->nres != 1 || (dis && dis->kind != ATTR_UNIT))
        return false;
    uint32_t ndyn = count_dynamic(basis);
    int64_t n = segment(p, o, 0, 2);
    if (n < 0 || n + ndyn != op->nargs || !segments_ok(p, o, (int64_t[]){ n, ndyn }, 2) ||
        !all_type(p, op->args, op->nargs, TY_INDEX))
        return false;
    name(p, o);
    if (dis)
        pr(p, " disjoint");
    pr(p, " ");
    index_list(p, op->args, (uint32_t)n);
    pr(p, " by ");
    uint32_t k = (uint32_t)n;
    mixed_list(p, op, basis, &k, true);
    pr_attr_dict(p, o, el, COUNT(el));
    pr(p, " : ");
    type_(p, res_type(p, op, 0));
    return true;
}

static bool
print_delinearize(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const Attr *basis = op_attr(p->m, o, "static_basis");
    if (!is_i64_array(basis) || op->nres < 1 || op->nargs != 1 + count_dynamic(basis) ||
        !all_type(p, op->args, op->nargs, TY_INDEX))
        return false;
    name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    pr(p, " into ");
    uint32_t k = 1;
    mixed_list(p, op, basis, &k, true);
    static const char *const el[] = { "static_basis" };
    pr_attr_dict(p, o, el, 1);
    pr(p, " : ");
    pr_types(p, op->res, op->nres);
    return true;
}

/* ---- gpu ---- */

static bool
print_gpu_index(Printer *p, OpId o)
{
    static const char *const el[] = { "dimension", "upper_bound" };
    const Op *op = op_get(p->m, o);
    bool has_dim = op->kind != OP_LANE_ID && op->kind != OP_SUBGROUP_ID;
    const Attr *dim = op_attr(p->m, o, "dimension");
    const Attr *ub = op_attr(p->m, o, "upper_bound");
    if (op->nargs || op->nres != 1 || res_type(p, op, 0) != TY_INDEX ||
        (ub && (ub->kind != ATTR_INT || ub->type != TY_INDEX)))
        return false;
    if (has_dim && !(attr_is(dim, "gpu", "dim") && dim->short_form &&
                     (!strcmp(dim->str, "x") || !strcmp(dim->str, "y") || !strcmp(dim->str, "z"))))
        return false;
    if (!has_dim && dim)
        return false;
    name(p, o);
    if (has_dim)
        fprintf(p->out, " %s", dim->str);
    if (ub)
        fprintf(p->out, " upper_bound %lld", (long long)ub->i);
    pr_attr_dict(p, o, el, 2);
    if (op->kind == OP_SUBGROUP_ID)
        pr(p, " : index");
    return true;
}

static bool
print_attrs_only(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs || op->nres)
        return false;
    name(p, o);
    pr_attr_dict(p, o, NULL, 0);
    return true;
}

static bool
print_shuffle(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const Attr *mode = op_attr(p->m, o, "mode");
    if (op->nargs != 3 || op->nres != 2 || !attr_is(mode, "gpu", "shuffle_mode") ||
        !mode->short_form || res_type(p, op, 0) != arg_type(p, op, 0) ||
        res_type(p, op, 1) != TY_I1 || !all_type(p, op->args + 1, 2, TY_I32))
        return false;
    static const char *const modes[] = { "xor", "up", "down", "idx" };
    bool known = false;
    for (int i = 0; i < 4; i++)
        known = known || strcmp(mode->str, modes[i]) == 0;
    if (!known)
        return false;
    name(p, o);
    fprintf(p->out, " %s ", mode->str);
    pr_values(p, op->args, 3);
    static const char *const el[] = { "mode" };
    pr_attr_dict(p, o, el, 1);
    pr(p, " : ");
    type_(p, arg_type(p, op, 0));
    return true;
}

static bool
print_subgroup_reduce(Printer *p, OpId o)
{
    static const char *const el[] = { "op", "uniform", "cluster_size", "cluster_stride" };
    const Op *op = op_get(p->m, o);
    const Attr *kind = op_attr(p->m, o, "op");
    const Attr *uni = op_attr(p->m, o, "uniform");
    const Attr *size = op_attr(p->m, o, "cluster_size");
    const Attr *stride = op_attr(p->m, o, "cluster_stride");
    if (op->nargs != 1 || op->nres != 1 || !attr_is(kind, "gpu", "all_reduce_op") ||
        !kind->short_form || combining_kind_lookup(kind->str) < 0 ||
        strcmp(combining_kind_names[combining_kind_lookup(kind->str)], kind->str) != 0 ||
        (uni && uni->kind != ATTR_UNIT) ||
        (size && (size->kind != ATTR_INT || size->type != TY_I32)) ||
        (stride && (stride->kind != ATTR_INT || stride->type != TY_I32 || !size)))
        return false;
    name(p, o);
    fprintf(p->out, " %s ", kind->str);
    pr_value(p, op->args[0]);
    if (uni)
        pr(p, " uniform");
    if (size) {
        fprintf(p->out, " cluster(size = %lld", (long long)size->i);
        if (stride && stride->i != 1)
            fprintf(p->out, ", stride = %lld", (long long)stride->i);
        pr(p, ")");
    }
    pr_attr_dict(p, o, el, 4);
    pr(p, " : (");
    type_(p, arg_type(p, op, 0));
    pr(p, ") -> ");
    type_(p, res_type(p, op, 0));
    return true;
}

static bool
print_attrs_type(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs || op->nres != 1)
        return false;
    name(p, o);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    type_(p, res_type(p, op, 0));
    return true;
}

bool print_func_like(Printer *p, OpId o);       /* print_func.c */
CustomPrintFn *custom_printer_vector(OpKind k); /* print_vector.c */
CustomPrintFn *custom_printer_linalg(OpKind k); /* print_linalg.c */

CustomPrintFn *
custom_printer(OpKind k)
{
    static CustomPrintFn *const table[OP_COUNT] = {
        [OP_MODULE] = print_func_like,
        [OP_GPU_MODULE] = print_func_like,
        [OP_FUNC] = print_func_like,
        [OP_GPU_FUNC] = print_func_like,
        [OP_RETURN] = print_return,
        [OP_CALL] = print_call,
        [OP_CONSTANT] = print_constant,
        [OP_ADDI] = print_same_type,
        [OP_SUBI] = print_same_type,
        [OP_MULI] = print_same_type,
        [OP_DIVSI] = print_same_type,
        [OP_DIVUI] = print_same_type,
        [OP_CEILDIVSI] = print_same_type,
        [OP_CEILDIVUI] = print_same_type,
        [OP_FLOORDIVSI] = print_same_type,
        [OP_REMSI] = print_same_type,
        [OP_REMUI] = print_same_type,
        [OP_MAXSI] = print_same_type,
        [OP_MAXUI] = print_same_type,
        [OP_MINSI] = print_same_type,
        [OP_MINUI] = print_same_type,
        [OP_ANDI] = print_same_type,
        [OP_ORI] = print_same_type,
        [OP_XORI] = print_same_type,
        [OP_SHLI] = print_same_type,
        [OP_SHRSI] = print_same_type,
        [OP_SHRUI] = print_same_type,
        [OP_ADDF] = print_same_type,
        [OP_SUBF] = print_same_type,
        [OP_MULF] = print_same_type,
        [OP_DIVF] = print_same_type,
        [OP_REMF] = print_same_type,
        [OP_NEGF] = print_same_type,
        [OP_MAXIMUMF] = print_same_type,
        [OP_MINIMUMF] = print_same_type,
        [OP_MAXNUMF] = print_same_type,
        [OP_MINNUMF] = print_same_type,
        [OP_CMPI] = print_cmp,
        [OP_CMPF] = print_cmp,
        [OP_SELECT] = print_select,
        [OP_EXP] = print_same_type,
        [OP_EXP2] = print_same_type,
        [OP_LOG] = print_same_type,
        [OP_LOG2] = print_same_type,
        [OP_SQRT] = print_same_type,
        [OP_RSQRT] = print_same_type,
        [OP_TANH] = print_same_type,
        [OP_ABSF] = print_same_type,
        [OP_FMA] = print_same_type,
        [OP_POWF] = print_same_type,
        [OP_SIN] = print_same_type,
        [OP_COS] = print_same_type,
        [OP_ERF] = print_same_type,
        [OP_FOR] = print_for,
        [OP_IF] = print_if,
        [OP_YIELD] = print_return,
        [OP_ALLOC] = print_alloc,
        [OP_ALLOCA] = print_alloc,
        [OP_MLOAD] = print_mload,
        [OP_MSTORE] = print_mstore,
        [OP_SUBVIEW] = print_subview,
        [OP_VIEW] = print_view,
        [OP_GET_GLOBAL] = print_get_global,
        [OP_GLOBAL] = print_global,
        [OP_DIM] = print_dim,
        [OP_AFFINE_APPLY] = print_apply,
        [OP_LINEARIZE_INDEX] = print_linearize,
        [OP_DELINEARIZE_INDEX] = print_delinearize,
        [OP_GPU_RETURN] = print_return,
        [OP_THREAD_ID] = print_gpu_index,
        [OP_BLOCK_ID] = print_gpu_index,
        [OP_BLOCK_DIM] = print_gpu_index,
        [OP_GRID_DIM] = print_gpu_index,
        [OP_LANE_ID] = print_gpu_index,
        [OP_SUBGROUP_ID] = print_gpu_index,
        [OP_CLUSTER_ID] = print_gpu_index,
        [OP_CLUSTER_DIM] = print_gpu_index,
        [OP_CLUSTER_BLOCK_ID] = print_gpu_index,
        [OP_CLUSTER_DIM_BLOCKS] = print_gpu_index,
        [OP_BARRIER] = print_attrs_only,
        [OP_SHUFFLE] = print_shuffle,
        [OP_SUBGROUP_REDUCE] = print_subgroup_reduce,
        [OP_DYNAMIC_SHARED_MEMORY] = print_attrs_type,
    };
    CustomPrintFn *fn = op_info[k].cast != CAST_NONE ? print_cast : table[k]; /* ops.def's casts */
    if (!fn)
        fn = custom_printer_host(k);
    if (!fn)
        fn = custom_printer_vector(k);
    return fn ? fn : custom_printer_linalg(k);
}
