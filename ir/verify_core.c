/*
 * verify_core.c -- the verifier's rules for the core dialects: func (with
 * gpu.func and gpu.return, which share its body checks), scf, arith, math,
 * memref and affine.
 *
 * Each verify_<op>() is called from the switch in verify.c after the generic
 * checks (counts from ops.def, dominance) have passed; helpers shared with the
 * other verify_*.c files are declared in verify_impl.h.
 *
 * Requires:    verify.c's Verifier; the generic checks (counts, dominance) passed.
 * Ensures:     true when the op meets its MLIR definition (types, attributes,
 *              regions, terminators); otherwise a located error that names the op.
 * Invalidates: nothing (the module is not changed).
 */
#include "ir/verify_impl.h"

#include <string.h>

/* ---------------------------------------------------------------- types */

static bool
in_class(TypeId e, ElemClass c)
{
    switch (c) {
    case CLS_INT:
        return type_is_int(e);
    case CLS_IWIDTH:
        return type_is_int(e) && e != TY_INDEX;
    case CLS_FLOAT:
        return type_is_float(e);
    case CLS_ANY:
        return type_is_scalar(e);
    }
    return false;
}

static const char *
class_name(ElemClass c)
{
    switch (c) {
    case CLS_INT:
        return "an integer or index";
    case CLS_IWIDTH:
        return "an integer";
    case CLS_FLOAT:
        return "a float";
    case CLS_ANY:
        return "an integer or float";
    }
    return "?";
}

/* t is a scalar of class c or a vector of them */
static bool
scalar_or_vector_of(const Verifier *v, TypeId t, ElemClass c)
{
    if (type_is_scalar(t))
        return in_class(t, c);
    return is_vec(v, t) && in_class(elem_of(v, t), c);
}

static bool
same_shape(const Verifier *v, TypeId a, TypeId b)
{
    if (is_vec(v, a) != is_vec(v, b) || rank_of(v, a) != rank_of(v, b))
        return false;
    for (uint32_t i = 0; i < rank_of(v, a); i++)
        if (dim_of(v, a, i) != dim_of(v, b, i))
            return false;
    return true;
}

/* -------------------------------------------------------------- regions */

/* The block of o's region i when it has exactly one; 0 otherwise (reported). */
static BlockId
single_block(Verifier *v, OpId o, uint32_t i, const char *what)
{
    Module *m = v->m;
    RegionId r = m->ops[o].regions[i];
    if (r == 0 || r >= m->nregions)
        return 0; /* reported by place() */
    if (m->regions[r].blocks.n != 1) {
        verify_fail(v, o, "%s must have exactly one block but has %u", what,
                    m->regions[r].blocks.n);
        return 0;
    }
    BlockId b = m->regions[r].blocks.items[0];
    return b && b < m->nblocks ? b : 0;
}

static uint32_t
region_blocks(const Verifier *v, OpId o, uint32_t i)
{
    RegionId r = v->m->ops[o].regions[i];
    return r && r < v->m->nregions ? v->m->regions[r].blocks.n : 0;
}

/* The last op of block b, or 0 if b is empty. */
static OpId
last_op(const Verifier *v, BlockId b)
{
    const Block *bl = &v->m->blocks[b];
    return bl->ops.n ? bl->ops.items[bl->ops.n - 1] : 0;
}

/* Values yielded by `term` (an scf.yield / func.return) must match `types`. */
static void
check_yield_types(Verifier *v, OpId term, OpId parent, const char *what, uint32_t n,
                  const TypeId *types)
{
    const Op *t = &v->m->ops[term];
    if (t->nargs != n) {
        verify_fail(v, term, "has %u operands but '%s' %s %u", t->nargs, name_of(v, parent), what,
                    n);
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        if (arg_type(v, term, i) != types[i])
            verify_fail(v, term, "operand #%u has type %s but '%s' %s %s", i,
                        verify_tname(v, arg_type(v, term, i)), name_of(v, parent), what,
                        verify_tname(v, types[i]));
}

/* ------------------------------------------------------- func, gpu.func */

static const Type *
function_type(Verifier *v, OpId o)
{
    const Attr *a = verify_get_attr(v, o, "function_type", ATTR_TYPE, true);
    if (!a)
        return NULL;
    if (ty(v, a->type)->kind != TY_FUNCTION) {
        verify_fail(v, o, "attribute 'function_type' must be a function type but is %s",
                    verify_tname(v, a->type));
        return NULL;
    }
    return ty(v, a->type);
}

/* Every block of a function body ends in `ret`; the entry block's arguments
 * start with the function's inputs.  Returns the entry block or 0. */
static BlockId
check_function_body(Verifier *v, OpId o, const Type *fty, OpKind ret)
{
    Module *m = v->m;
    RegionId r = m->ops[o].regions[0];
    if (r == 0 || r >= m->nregions || m->regions[r].blocks.n == 0)
        return 0;
    for (uint32_t bi = 0; bi < m->regions[r].blocks.n; bi++) {
        BlockId b = m->regions[r].blocks.items[bi];
        OpId last = b && b < m->nblocks ? last_op(v, b) : 0;
        if (!last || (kind_of(v, last) != ret && kind_of(v, last) != OP_CF_BR &&
                      kind_of(v, last) != OP_CF_COND_BR))
            verify_fail(v, o, "body block #%u must end with '%s' or a branch (cf.br, cf.cond_br)",
                        bi, op_info[ret].name);
    }
    BlockId entry = m->regions[r].blocks.items[0];
    if (!entry || entry >= m->nblocks || !fty)
        return 0;
    const Block *b = &m->blocks[entry];
    if (b->args.n < fty->nins) {
        verify_fail(v, o, "entry block has %u arguments but the function type has %u inputs",
                    b->args.n, fty->nins);
        return 0;
    }
    for (uint32_t i = 0; i < fty->nins; i++) {
        TypeId t = m->values[b->args.items[i]].type;
        if (t != fty->ins[i])
            verify_fail(v, o, "entry block argument #%u has type %s but the function type says %s",
                        i, verify_tname(v, t), verify_tname(v, fty->ins[i]));
    }
    return entry;
}

void
verify_func(Verifier *v, OpId o)
{
    verify_get_attr(v, o, "sym_name", ATTR_STRING, true);
    const Type *fty = function_type(v, o);
    OpId up = v->owner[o];
    if (up && !(op_info[kind_of(v, up)].traits & T_CONTAINER))
        verify_fail(v, o, "must be directly inside 'builtin.module' or 'gpu.module'");
    BlockId entry = check_function_body(v, o, fty, OP_RETURN);
    if (entry && fty && v->m->blocks[entry].args.n != fty->nins)
        verify_fail(v, o, "entry block has %u arguments but the function type has %u inputs",
                    v->m->blocks[entry].args.n, fty->nins);
}

/*
 * gpu.func: entry block arguments are the inputs, then `workgroup_attributions`
 * memrefs in workgroup memory, then private attributions (private memory).
 */
void
verify_gpu_func(Verifier *v, OpId o)
{
    Module *m = v->m;
    verify_get_attr(v, o, "sym_name", ATTR_STRING, true);
    const Type *fty = function_type(v, o);
    OpId up = v->owner[o];
    if (up && kind_of(v, up) != OP_GPU_MODULE)
        verify_fail(v, o, "must be directly inside 'gpu.module'");
    if (op_attr(m, o, "gpu.kernel") && fty && fty->nouts)
        verify_fail(v, o, "is a kernel and must not return values, but returns %u", fty->nouts);
    if (region_blocks(v, o, 0) == 0) {
        verify_fail(v, o, "requires a body");
        return;
    }
    BlockId entry = check_function_body(v, o, fty, OP_GPU_RETURN);
    int64_t nwg = 0;
    verify_get_int(v, o, "workgroup_attributions", &nwg, false);
    if (!entry || !fty)
        return;
    const Block *b = &m->blocks[entry];
    if (nwg < 0 || fty->nins + (uint64_t)nwg > b->args.n) {
        verify_fail(v, o,
                    "has %lld workgroup attributions but the entry block has only %u arguments "
                    "after %u inputs",
                    (long long)nwg, b->args.n - fty->nins, fty->nins);
        return;
    }
    for (uint32_t i = fty->nins; i < b->args.n; i++) {
        TypeId t = m->values[b->args.items[i]].type;
        bool wg = i < fty->nins + nwg;
        int32_t ms = wg ? MS_WORKGROUP : MS_PRIVATE;
        if (!is_mem(v, t) || !is_memspace(v, t, ms))
            verify_fail(v, o,
                        "%s attribution (entry block argument #%u) has type %s but must be a "
                        "memref in %s memory",
                        wg ? "workgroup" : "private", i, verify_tname(v, t),
                        wg ? "workgroup" : "private");
    }
}

/* func.return / gpu.return: inside the right function, values match its results. */
void
verify_return(Verifier *v, OpId o, OpKind func)
{
    OpId f = v->owner[o];
    if (!f || kind_of(v, f) != func) {
        verify_fail(v, o, "must be inside a '%s'", op_info[func].name);
        return;
    }
    const Attr *a = op_attr(v->m, f, "function_type");
    if (!a || a->kind != ATTR_TYPE || ty(v, a->type)->kind != TY_FUNCTION)
        return; /* reported at the function */
    const Type *fty = ty(v, a->type);
    check_yield_types(v, o, f, "returns", fty->nouts, fty->outs);
}

/* The symbol `name` of kind `kind` in the nearest symbol table around `from`,
 * then in the tables around that (MLIR looks only in the nearest; vptx puts
 * everything in one PTX module, so a kernel may use an outer global).  From the table
 * place() fills: a scan of the table per lookup was quadratic in the number of
 * symbols. */
static OpId
lookup_symbol(Verifier *v, OpId from, const char *name, OpKind kind)
{
    for (OpId table = v->owner[from]; table; table = v->owner[table]) {
        OpId c = symtab_find(&v->syms, table, kind, name);
        if (c)
            return c;
    }
    return 0;
}

void
verify_call(Verifier *v, OpId o)
{
    const Attr *callee = verify_get_attr(v, o, "callee", ATTR_SYMBOL, true);
    if (!callee || !callee->str)
        return;
    OpId f = lookup_symbol(v, o, callee->str, OP_FUNC);
    if (!f) /* upstream calls device gpu.funcs with func.call too */
        f = lookup_symbol(v, o, callee->str, OP_GPU_FUNC);
    if (!f) {
        verify_fail(v, o, "refers to @%s, which is not a 'func.func' or 'gpu.func' in this module",
                    callee->str);
        return;
    }
    const Attr *a = op_attr(v->m, f, "function_type");
    if (!a || a->kind != ATTR_TYPE || ty(v, a->type)->kind != TY_FUNCTION)
        return;
    const Type *fty = ty(v, a->type);
    const Op *op = &v->m->ops[o];
    if (op->nargs != fty->nins || op->nres != fty->nouts) {
        verify_fail(v, o, "has %u operands and %u results but @%s takes %u and returns %u",
                    op->nargs, op->nres, callee->str, fty->nins, fty->nouts);
        return;
    }
    for (uint32_t i = 0; i < fty->nins; i++)
        verify_want_type(v, o, operand(i), fty->ins[i]);
    for (uint32_t i = 0; i < fty->nouts; i++)
        verify_want_type(v, o, result(i), fty->outs[i]);
}

void
verify_container(Verifier *v, OpId o)
{
    if (kind_of(v, o) == OP_GPU_MODULE)
        verify_get_attr(v, o, "sym_name", ATTR_STRING, true);
    BlockId b = single_block(v, o, 0, "body");
    if (b && v->m->blocks[b].args.n)
        verify_fail(v, o, "body must have no block arguments");
}

/* ------------------------------------------------------------------ scf */

void
verify_for(Verifier *v, OpId o)
{
    Module *m = v->m;
    const Op *op = &m->ops[o];
    if (!verify_want_count(v, o, "operands", op->nargs, 3, UINT32_MAX))
        return;
    uint32_t niter = op->nargs - 3;
    TypeId iv = arg_type(v, o, 0);
    if (!in_class(iv, CLS_INT) || arg_type(v, o, 1) != iv || arg_type(v, o, 2) != iv) {
        verify_fail(v, o,
                    "lower bound, upper bound and step must have one integer or index type, but "
                    "have %s, %s and %s",
                    verify_tname(v, iv), verify_tname(v, arg_type(v, o, 1)),
                    verify_tname(v, arg_type(v, o, 2)));
    }
    if (op->nres != niter) {
        verify_fail(v, o, "has %u iter_args but %u results", niter, op->nres);
        return;
    }
    TypeId types[64];
    if (niter > 64) {
        verify_fail(v, o, "has %u iter_args; at most 64 are supported", niter);
        return;
    }
    for (uint32_t i = 0; i < niter; i++) {
        types[i] = res_type(v, o, i);
        if (arg_type(v, o, 3 + i) != types[i])
            verify_fail(v, o, "result #%u has type %s but its iter_arg (operand #%u) has type %s",
                        i, verify_tname(v, types[i]), 3 + i,
                        verify_tname(v, arg_type(v, o, 3 + i)));
    }
    BlockId b = single_block(v, o, 0, "body");
    if (!b)
        return;
    const Block *bl = &m->blocks[b];
    if (bl->args.n != niter + 1) {
        verify_fail(v, o,
                    "body has %u arguments but must have %u (the induction variable and %u "
                    "iter_args)",
                    bl->args.n, niter + 1, niter);
    } else {
        if (m->values[bl->args.items[0]].type != iv)
            verify_fail(v, o, "induction variable has type %s but the bounds have type %s",
                        verify_tname(v, m->values[bl->args.items[0]].type), verify_tname(v, iv));
        for (uint32_t i = 0; i < niter; i++)
            if (m->values[bl->args.items[i + 1]].type != types[i])
                verify_fail(v, o, "body argument #%u has type %s but result #%u has type %s", i + 1,
                            verify_tname(v, m->values[bl->args.items[i + 1]].type), i,
                            verify_tname(v, types[i]));
    }
    OpId last = last_op(v, b);
    if (!last || kind_of(v, last) != OP_YIELD) {
        verify_fail(v, o, "body must end with 'scf.yield'");
        return;
    }
    check_yield_types(v, last, o, "has results of type", niter, types);
}

void
verify_if(Verifier *v, OpId o)
{
    Module *m = v->m;
    const Op *op = &m->ops[o];
    verify_want(v, o, operand(0), arg_type(v, o, 0) == TY_I1, "i1");
    TypeId types[64];
    if (op->nres > 64) {
        verify_fail(v, o, "has %u results; at most 64 are supported", op->nres);
        return;
    }
    for (uint32_t i = 0; i < op->nres; i++)
        types[i] = res_type(v, o, i);
    for (uint32_t r = 0; r < op->nregions; r++) {
        const char *what = r == 0 ? "'then' region" : "'else' region";
        if (r == 1 && region_blocks(v, o, 1) == 0) {
            if (op->nres)
                verify_fail(v, o, "has results and must have an 'else' region");
            continue;
        }
        BlockId b = single_block(v, o, r, what);
        if (!b)
            continue;
        if (m->blocks[b].args.n)
            verify_fail(v, o, "%s must have no arguments", what);
        OpId last = last_op(v, b);
        if (!last || kind_of(v, last) != OP_YIELD) {
            verify_fail(v, o, "%s must end with 'scf.yield'", what);
            continue;
        }
        check_yield_types(v, last, o, "has results of type", op->nres, types);
    }
    if (op->nregions < 2 && op->nres)
        verify_fail(v, o, "has results and must have an 'else' region");
}

void
verify_yield(Verifier *v, OpId o)
{
    OpId up = v->owner[o];
    if (!up || (kind_of(v, up) != OP_FOR && kind_of(v, up) != OP_IF))
        verify_fail(v, o, "must be inside 'scf.for' or 'scf.if'");
}

/* ---------------------------------------------------------- arith, math */

/* Slot s (of type t) is a c-class scalar or a vector of them; the message is only
 * formatted for an error (the verifier runs three times over every op). */
static bool
want_class(Verifier *v, OpId o, Slot s, TypeId t, ElemClass c)
{
    if (scalar_or_vector_of(v, t, c))
        return true;
    char what[64];
    snprintf(what, sizeof what, "%s or a vector of them", class_name(c));
    return verify_want(v, o, s, false, what);
}

/* All operands and results have operand #0's type: a c-class scalar or vector. */
void
verify_same_types(Verifier *v, OpId o, ElemClass c)
{
    const Op *op = &v->m->ops[o];
    if (!want_class(v, o, operand(0), arg_type(v, o, 0), c))
        return;
    for (uint32_t i = 1; i < op->nargs; i++)
        verify_want_same(v, o, operand(i), operand(0));
    for (uint32_t i = 0; i < op->nres; i++)
        verify_want_same(v, o, result(i), operand(0));
}

/* cmpi / cmpf: operands of one c-class type, an i1 result of their shape, a predicate < n. */
void
verify_compare(Verifier *v, OpId o, ElemClass c, int64_t npred)
{
    TypeId t = arg_type(v, o, 0);
    if (want_class(v, o, operand(0), t, c) && verify_want_same(v, o, operand(1), operand(0))) {
        TypeId r = res_type(v, o, 0);
        if (!(elem_of(v, r) == TY_I1 && same_shape(v, r, t)))
            verify_fail(v, o, "result #0 has type %s but must be %s", verify_tname(v, r),
                        is_vec(v, t) ? verify_vname(v, ty(v, t)->shape, rank_of(v, t), TY_I1)
                                     : "i1");
    }
    int64_t p;
    if (verify_get_int(v, o, "predicate", &p, true) && (p < 0 || p >= npred))
        verify_fail(v, o, "attribute 'predicate' is %lld but must be in [0, %lld)", (long long)p,
                    (long long)npred);
}

void
verify_select(Verifier *v, OpId o)
{
    TypeId c = arg_type(v, o, 0), t = arg_type(v, o, 1);
    verify_want_same(v, o, operand(2), operand(1));
    verify_want_same(v, o, result(0), operand(1));
    if (c == TY_I1)
        return;
    if (!(is_vec(v, c) && elem_of(v, c) == TY_I1 && same_shape(v, c, t)))
        verify_fail(v, o, "operand #0 has type %s but must be i1 or %s", verify_tname(v, c),
                    is_vec(v, t) ? verify_vname(v, ty(v, t)->shape, rank_of(v, t), TY_I1)
                                 : "a vector of i1 of the operands' shape");
}

/* One-operand casts: from-class in, to-class out, same shape, a width rule. */
void
verify_cast(Verifier *v, OpId o, ElemClass from, ElemClass to, WidthRule rule)
{
    TypeId a = arg_type(v, o, 0), r = res_type(v, o, 0);
    bool ok = want_class(v, o, operand(0), a, from);
    ok &= want_class(v, o, result(0), r, to);
    if (!ok)
        return;
    if (!same_shape(v, a, r)) {
        verify_fail(v, o, "result #0 has type %s but must have the shape of operand #0 (%s)",
                    verify_tname(v, r), verify_tname(v, a));
        return;
    }
    TypeId ea = elem_of(v, a), er = elem_of(v, r);
    unsigned wa = type_bitwidth(ea), wr = type_bitwidth(er);
    switch (rule) {
    case WIDTH_ANY:
        break;
    case WIDTH_WIDER:
        if (!(wr > wa))
            verify_fail(v, o, "result #0 has type %s but must be wider than %s", verify_tname(v, r),
                        verify_tname(v, a));
        break;
    case WIDTH_NARROWER:
        if (!(wr < wa))
            verify_fail(v, o, "result #0 has type %s but must be narrower than %s",
                        verify_tname(v, r), verify_tname(v, a));
        break;
    case WIDTH_SAME:
        if (wr != wa || ea == TY_INDEX || er == TY_INDEX)
            verify_fail(v, o, "result #0 has type %s but must have the bit width of %s",
                        verify_tname(v, r), verify_tname(v, a));
        break;
    case WIDTH_INDEX:
        if ((ea == TY_INDEX) == (er == TY_INDEX))
            verify_fail(v, o, "casts %s to %s but exactly one side must be index",
                        verify_tname(v, a), verify_tname(v, r));
        break;
    }
}

/* arith.constant: the `value` attribute's type is the result type. */
void
verify_constant(Verifier *v, OpId o)
{
    const Attr *a = op_attr(v->m, o, "value");
    TypeId r = res_type(v, o, 0);
    if (!a) {
        verify_fail(v, o, "requires attribute 'value'");
        return;
    }
    switch (a->kind) {
    case ATTR_INT:
        if (!in_class(r, CLS_INT) || (a->type && a->type != r))
            verify_fail(v, o, "result #0 has type %s but the value has type %s", verify_tname(v, r),
                        verify_tname(v, a->type ? a->type : TY_I64));
        return;
    case ATTR_BOOL:
        verify_want(v, o, result(0), r == TY_I1, "i1 for a bool value");
        return;
    case ATTR_FLOAT:
        if (!type_is_float(r) || (a->type && a->type != r))
            verify_fail(v, o, "result #0 has type %s but the value has type %s", verify_tname(v, r),
                        verify_tname(v, a->type ? a->type : TY_F64));
        return;
    case ATTR_DENSE:
        if (a->type != r)
            verify_fail(v, o, "result #0 has type %s but the value has type %s", verify_tname(v, r),
                        verify_tname(v, a->type));
        else if (!is_vec(v, r) || !type_is_scalar(elem_of(v, r)))
            verify_want(v, o, result(0), false, "a vector of integers or floats for a dense value");
        else if (!a->splat && (int64_t)a->n != num_elements(v, r))
            verify_fail(v, o, "dense value has %u elements but %s has %lld", a->n,
                        verify_tname(v, r), (long long)num_elements(v, r));
        return;
    case ATTR_UNIT:
    case ATTR_STRING:
    case ATTR_TYPE:
    case ATTR_SYMBOL:
    case ATTR_ARRAY:
    case ATTR_DENSE_ARRAY:
    case ATTR_DICT:
    case ATTR_AFFINE_MAP:
    case ATTR_STRIDED:
    case ATTR_ENUM:
    case ATTR_NESTED_LAYOUT:
    case ATTR_LOWERING_CONFIG:
    case ATTR_TRANSLATION_INFO:
    case ATTR_OPAQUE:
        break;
    }
    verify_fail(v, o,
                "attribute 'value' must be an integer, float, bool or dense attribute but is %s "
                "attribute",
                verify_attr_kind_name(a->kind));
}

/* --------------------------------------------------------------- memref */

static uint32_t
count_dynamic(const int64_t *v, uint32_t n)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        k += v[i] == DIM_DYNAMIC;
    return k;
}

/* memref operand at `mem`, then `nidx` index operands from `first` */
bool
verify_check_memref_access(Verifier *v, OpId o, uint32_t mem, uint32_t first, uint32_t nidx)
{
    if (!verify_want_memref(v, o, operand(mem)))
        return false;
    uint32_t r = rank_of(v, arg_type(v, o, mem));
    if (nidx != r) {
        verify_fail(v, o, "has %u indices but the memref has rank %u", nidx, r);
        return false;
    }
    return verify_want_indices(v, o, first, nidx);
}

/* memref.alloc / alloca: one index operand per `?` in the result, then the layout's symbols */
void
verify_alloc(Verifier *v, OpId o)
{
    uint32_t st[2], sz[2];
    if (!verify_want_memref(v, o, result(0)) || !verify_segments(v, o, "**", st, sz))
        return;
    const Type *r = ty(v, res_type(v, o, 0));
    uint32_t ndyn = count_dynamic(r->shape, r->rank);
    uint32_t nsym = r->layout && r->layout->kind == ATTR_AFFINE_MAP ? r->layout->map->nsyms : 0;
    if (sz[0] != ndyn)
        verify_fail(v, o, "has %u dynamic sizes but %s has %u dynamic dims", sz[0],
                    verify_tname(v, res_type(v, o, 0)), ndyn);
    if (sz[1] != nsym)
        verify_fail(v, o, "has %u symbol operands but the layout of %s has %u symbols", sz[1],
                    verify_tname(v, res_type(v, o, 0)), nsym);
    verify_want_indices(v, o, 0, v->m->ops[o].nargs);
    int64_t align;
    if (verify_get_int(v, o, "alignment", &align, false) && (align <= 0 || (align & (align - 1))))
        verify_fail(v, o, "attribute 'alignment' is %lld but must be a power of two",
                    (long long)align);
}

void
verify_memref_load(Verifier *v, OpId o)
{
    uint32_t n = v->m->ops[o].nargs;
    if (verify_want_count(v, o, "operands", n, 1, UINT32_MAX) &&
        verify_check_memref_access(v, o, 0, 1, n - 1))
        verify_want_type(v, o, result(0), elem_of(v, arg_type(v, o, 0)));
}

void
verify_memref_store(Verifier *v, OpId o)
{
    uint32_t n = v->m->ops[o].nargs;
    if (verify_want_count(v, o, "operands", n, 2, UINT32_MAX) &&
        verify_check_memref_access(v, o, 1, 2, n - 2))
        verify_want_type(v, o, operand(0), elem_of(v, arg_type(v, o, 1)));
}

/*
 * memref.subview: static_offsets/sizes/strides have one entry per source dim
 * (DIM_DYNAMIC takes the next operand of that group).  The result keeps the
 * sizes in order, possibly dropping unit dims (rank reduction).
 */
void
verify_subview(Verifier *v, OpId o)
{
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    uint32_t st[4], sz[4];
    if (!verify_segments(v, o, "1***", st, sz) || !verify_want_memref(v, o, operand(0)) ||
        !verify_want_memref(v, o, result(0)))
        return;
    TypeId s = arg_type(v, o, 0), r = res_type(v, o, 0);
    uint32_t rank = rank_of(v, s);
    int64_t vals[3][VERIFY_MAX_RANK];
    for (int k = 0; k < 3; k++) {
        int n = verify_get_ints(v, o, names[k], vals[k], VERIFY_MAX_RANK, true);
        if (n < 0)
            return;
        if ((uint32_t)n != rank) {
            verify_fail(v, o, "attribute '%s' has %d entries but the source has rank %u", names[k],
                        n, rank);
            return;
        }
        if (count_dynamic(vals[k], rank) != sz[k + 1]) {
            verify_fail(v, o, "attribute '%s' has %u dynamic entries but %u operands are given",
                        names[k], count_dynamic(vals[k], rank), sz[k + 1]);
            return;
        }
    }
    verify_want_indices(v, o, 1, v->m->ops[o].nargs - 1);
    for (uint32_t i = 0; i < rank; i++) {
        int64_t off = vals[0][i], size = vals[1][i], stride = vals[2][i], d = dim_of(v, s, i);
        if (off == DIM_DYNAMIC || size == DIM_DYNAMIC || stride == DIM_DYNAMIC || d == DIM_DYNAMIC)
            continue;
        if (off < 0 || size < 0 || (size > 0 && off + (size - 1) * stride >= d))
            verify_fail(v, o,
                        "slice of dim %u (offset %lld, size %lld, stride %lld) runs outside %lld",
                        i, (long long)off, (long long)size, (long long)stride, (long long)d);
    }
    if (elem_of(v, s) != elem_of(v, r) || ty(v, s)->memspace != ty(v, r)->memspace) {
        verify_fail(v, o,
                    "result #0 has type %s but must have the element type and memory space of %s",
                    verify_tname(v, r), verify_tname(v, s));
        return;
    }
    uint32_t j = 0, rr = rank_of(v, r);
    for (uint32_t i = 0; i < rank; i++) {
        int64_t size = vals[1][i];
        if (j < rr && dim_of(v, r, j) == size)
            j++;
        else if (size != 1) {
            j = UINT32_MAX;
            break;
        }
    }
    if (j != rr)
        verify_fail(v, o,
                    "result #0 has type %s, whose shape is not the sizes of the subview (up to "
                    "dropped unit dims)",
                    verify_tname(v, r));
}

void
verify_view(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    if (!verify_want_count(v, o, "operands", op->nargs, 2, UINT32_MAX) ||
        !verify_want_memref(v, o, result(0)) || !verify_want_memref(v, o, operand(0)))
        return;
    TypeId s = arg_type(v, o, 0), r = res_type(v, o, 0);
    verify_want(v, o, operand(0), rank_of(v, s) == 1 && elem_of(v, s) == TY_I8 && !ty(v, s)->layout,
                "a 1-d memref of i8 with the identity layout");
    verify_want_indices(v, o, 1, op->nargs - 1);
    uint32_t ndyn = count_dynamic(ty(v, r)->shape, rank_of(v, r));
    if (op->nargs - 2 != ndyn)
        verify_fail(v, o, "has %u size operands but %s has %u dynamic dims", op->nargs - 2,
                    verify_tname(v, r), ndyn);
    if (ty(v, s)->memspace != ty(v, r)->memspace)
        verify_fail(v, o, "result #0 has type %s but must be in the memory space of %s",
                    verify_tname(v, r), verify_tname(v, s));
}

void
verify_global(Verifier *v, OpId o)
{
    verify_get_attr(v, o, "sym_name", ATTR_STRING, true);
    const Attr *t = verify_get_attr(v, o, "type", ATTR_TYPE, true);
    if (!t)
        return;
    const Type *mt = ty(v, t->type);
    if (mt->kind != TY_MEMREF || count_dynamic(mt->shape, mt->rank))
        verify_fail(v, o, "attribute 'type' is %s but must be a statically shaped memref",
                    verify_tname(v, t->type));
}

void
verify_get_global(Verifier *v, OpId o)
{
    const Attr *name = verify_get_attr(v, o, "name", ATTR_SYMBOL, true);
    if (!name || !name->str || !verify_want_memref(v, o, result(0)))
        return;
    OpId g = lookup_symbol(v, o, name->str, OP_GLOBAL);
    if (!g) {
        verify_fail(v, o, "refers to @%s, which is not a 'memref.global' in this module",
                    name->str);
        return;
    }
    const Attr *t = op_attr(v->m, g, "type");
    if (t && t->kind == ATTR_TYPE && t->type != res_type(v, o, 0))
        verify_fail(v, o, "result #0 has type %s but @%s has type %s",
                    verify_tname(v, res_type(v, o, 0)), name->str, verify_tname(v, t->type));
}

void
verify_dim(Verifier *v, OpId o)
{
    verify_want_memref(v, o, operand(0));
    verify_want_index(v, o, operand(1));
    verify_want_index(v, o, result(0));
}

/* --------------------------------------------------------------- affine */

void
verify_affine_apply(Verifier *v, OpId o)
{
    const Attr *a = verify_get_attr(v, o, "map", ATTR_AFFINE_MAP, true);
    verify_want_index(v, o, result(0));
    if (!a || !a->map)
        return;
    if (a->map->nresults != 1)
        verify_fail(v, o, "attribute 'map' has %u results but must have 1", a->map->nresults);
    uint32_t n = a->map->ndims + a->map->nsyms;
    if (verify_want_count(v, o, "operands (the map's dims and symbols)", v->m->ops[o].nargs, n, n))
        verify_want_indices(v, o, 0, n);
}

void
verify_linearize_index(Verifier *v, OpId o)
{
    uint32_t st[2], sz[2];
    int64_t basis[VERIFY_MAX_RANK];
    verify_want_index(v, o, result(0));
    if (!verify_segments(v, o, "**", st, sz))
        return;
    verify_want_indices(v, o, 0, v->m->ops[o].nargs);
    int n = verify_get_ints(v, o, "static_basis", basis, VERIFY_MAX_RANK, true);
    if (n < 0)
        return;
    if ((uint32_t)n != sz[0] && (uint32_t)n + 1 != sz[0])
        verify_fail(v, o,
                    "has %u indices but a basis of %d; the basis must have as many entries or one "
                    "fewer",
                    sz[0], n);
    if (count_dynamic(basis, (uint32_t)n) != sz[1])
        verify_fail(v, o,
                    "attribute 'static_basis' has %u dynamic entries but %u operands are given",
                    count_dynamic(basis, (uint32_t)n), sz[1]);
}

void
verify_delinearize_index(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    int64_t basis[VERIFY_MAX_RANK];
    if (!verify_want_count(v, o, "operands", op->nargs, 1, UINT32_MAX))
        return;
    verify_want_indices(v, o, 0, op->nargs);
    for (uint32_t i = 0; i < op->nres; i++)
        verify_want_index(v, o, result(i));
    int n = verify_get_ints(v, o, "static_basis", basis, VERIFY_MAX_RANK, true);
    if (n < 0)
        return;
    if (op->nres != (uint32_t)n && op->nres != (uint32_t)n + 1)
        verify_fail(v, o,
                    "has %u results but a basis of %d; it must have as many results or one more",
                    op->nres, n);
    if (count_dynamic(basis, (uint32_t)n) != op->nargs - 1)
        verify_fail(v, o,
                    "attribute 'static_basis' has %u dynamic entries but %u operands are given",
                    count_dynamic(basis, (uint32_t)n), op->nargs - 1);
}
