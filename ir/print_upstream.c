/*
 * print_upstream.c -- custom forms of the upstream MLIR ops of issue 25, mirroring
 * ir/parse_upstream.c.  A printer returns false (nothing printed) when the op does
 * not fit its custom form; the caller then prints it generically.
 */
#include "ir/printer.h"

#include <string.h>

static TypeId
at_(Printer *p, const Op *op, uint32_t i)
{
    return value_type(p->m, op->args[i]);
}

static TypeId
rt_(Printer *p, const Op *op, uint32_t i)
{
    return value_type(p->m, op->res[i]);
}

static void
head(Printer *p, OpId o)
{
    pr_op_name(p, o);
}

static bool
print_all_reduce(Printer *p, OpId o)
{
    static const char *const el[] = { "op", "uniform" };
    const Op *op = op_get(p->m, o);
    const Attr *kind = op_attr(p->m, o, "op");
    if (op->nargs != 1 || op->nres != 1 || op->nregions != 1 ||
        (kind && !attr_is(kind, "gpu", "all_reduce_op")))
        return false;
    head(p, o);
    if (kind)
        fprintf(p->out, " %s", kind->str);
    pr(p, " ");
    pr_value(p, op->args[0]);
    if (op_attr(p->m, o, "uniform"))
        pr(p, " uniform");
    pr(p, " ");
    pr_region(p, op->regions[0], true, false);
    pr_attr_dict(p, o, el, 2);
    pr(p, " : (");
    pr_type(p, at_(p, op, 0));
    pr(p, ") -> (");
    pr_type(p, rt_(p, op, 0));
    pr(p, ")");
    return true;
}

static bool
print_gpu_yield(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    head(p, o);
    if (op->nargs) {
        pr(p, " ");
        pr_values(p, op->args, op->nargs);
    }
    pr_attr_dict(p, o, NULL, 0);
    if (op->nargs) {
        pr(p, " : ");
        pr_types(p, op->args, op->nargs);
    }
    return true;
}

static bool
print_printf(Printer *p, OpId o)
{
    static const char *const el[] = { "format" };
    const Op *op = op_get(p->m, o);
    const Attr *f = op_attr(p->m, o, "format");
    if (!f || f->kind != ATTR_STRING)
        return false;
    head(p, o);
    pr(p, " ");
    pr_attr(p, f);
    pr_attr_dict(p, o, el, 1);
    if (op->nargs) {
        pr(p, ", ");
        pr_values(p, op->args, op->nargs);
        pr(p, " : ");
        pr_types(p, op->args, op->nargs);
    }
    return true;
}

static bool
print_sreg(Printer *p, OpId o)
{
    static const char *const el[] = { "vptx.sreg", "range" };
    const Op *op = op_get(p->m, o);
    const Attr *s = op_attr(p->m, o, "vptx.sreg");
    if (!s || s->kind != ATTR_STRING || op->nres != 1 || op->nargs)
        return false;
    fprintf(p->out, "nvvm.read.ptx.sreg.%s", s->str);
    unsigned bits;
    int64_t lo, hi;
    const Attr *r = op_attr(p->m, o, "range");
    bool custom = nvvm_sreg_range(r, &bits, &lo, &hi);
    if (custom)
        fprintf(p->out, " range <i%u, %lld, %lld>", bits, (long long)lo, (long long)hi);
    pr_attr_dict(p, o, el, custom || !r ? 2 : 1);
    pr(p, " : ");
    pr_type(p, rt_(p, op, 0));
    return true;
}

static bool
print_attrs_only(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs || op->nres)
        return false;
    head(p, o);
    pr_attr_dict(p, o, NULL, 0);
    return true;
}

static bool
print_nvvm_shfl(Printer *p, OpId o)
{
    static const char *const el[] = { "kind" };
    const Op *op = op_get(p->m, o);
    const Attr *k = op_attr(p->m, o, "kind");
    bool valid = op_attr(p->m, o, "return_value_and_is_valid") != NULL;
    if (op->nargs != 4 || op->nres != (valid ? 2u : 1u) || !k || k->kind != ATTR_ENUM)
        return false;
    head(p, o);
    fprintf(p->out, " %s ", k->str);
    pr_values(p, op->args, 4);
    pr_attr_dict(p, o, el, 1);
    pr(p, " : ");
    pr_type(p, at_(p, op, 1));
    pr(p, " -> ");
    if (valid) { /* the two results are the fields of upstream's LLVM struct */
        pr(p, "!llvm.struct<(");
        pr_type(p, rt_(p, op, 0));
        pr(p, ", ");
        pr_type(p, rt_(p, op, 1));
        pr(p, ")>");
    } else {
        pr_type(p, rt_(p, op, 0));
    }
    return true;
}

static bool
print_elect(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nres != 1 || op->nargs > 1)
        return false;
    head(p, o);
    if (op->nargs) {
        pr(p, " ");
        pr_value(p, op->args[0]);
    }
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " -> ");
    pr_type(p, rt_(p, op, 0));
    return true;
}

static bool
print_rcp(Printer *p, OpId o)
{
    static const char *const el[] = { "rounding", "ftz" };
    const Op *op = op_get(p->m, o);
    const Attr *r = op_attr(p->m, o, "rounding");
    if (op->nargs != 1 || op->nres != 1 || !r || r->kind != ATTR_ENUM)
        return false;
    head(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    fprintf(p->out, " {rounding = %s%s}", r->str, op_attr(p->m, o, "ftz") ? ", ftz" : "");
    pr_attr_dict(p, o, el, 2);
    pr(p, " : ");
    pr_type(p, rt_(p, op, 0));
    return true;
}

static void
barrier_ref(Printer *p, ValueId bar, ValueId id)
{
    pr(p, " ");
    pr_value(p, bar);
    pr(p, "[");
    pr_value(p, id);
    pr(p, "]");
}

static bool
print_mbarrier_more(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 3 || op->nres != 1)
        return false;
    head(p, o);
    if (op->kind == OP_MBARRIER_TEST_WAIT) { /* barriers, token, mbarId */
        barrier_ref(p, op->args[0], op->args[2]);
        pr(p, ", ");
        pr_value(p, op->args[1]);
        pr_attr_dict(p, o, NULL, 0);
        pr(p, " : ");
        pr_type(p, at_(p, op, 0));
        pr(p, ", ");
        pr_type(p, at_(p, op, 1));
        return true;
    }
    barrier_ref(p, op->args[0], op->args[1]); /* barriers, mbarId, count */
    pr(p, ", ");
    pr_value(p, op->args[2]);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    pr(p, " -> ");
    pr_type(p, rt_(p, op, 0));
    return true;
}

static bool
print_poison(Printer *p, OpId o)
{
    static const char *const el[] = { "value" }; /* #ub.poison: the only value */
    const Attr *v = op_attr(p->m, o, "value");
    bool plain = !v || (v->kind == ATTR_OPAQUE && v->str && strstr(v->str, "ub.poison"));
    head(p, o);
    pr_attr_dict(p, o, el, plain ? 1 : 0);
    pr(p, " : ");
    pr_type(p, rt_(p, op_get(p->m, o), 0));
    return true;
}

/* `[` entries `]`: the static ones as numbers, the dynamic ones from operands */
static bool
mixed(Printer *p, const Attr *st, const ValueId *dyn, uint32_t *k, uint32_t ndyn)
{
    pr(p, "[");
    for (uint32_t i = 0; i < st->n; i++) {
        if (i)
            pr(p, ", ");
        if (st->ints[i] == DIM_DYNAMIC) {
            if (*k >= ndyn)
                return false;
            pr_value(p, dyn[(*k)++]);
        } else {
            pr_int(p, st->ints[i]);
        }
    }
    pr(p, "]");
    return true;
}

static bool
print_reinterpret_cast(Printer *p, OpId o)
{
    static const char *const el[] = { "static_offsets", "static_sizes", "static_strides",
                                      "operandSegmentSizes" };
    static const char *const words[] = { "offset", "sizes", "strides" };
    const Op *op = op_get(p->m, o);
    const Attr *st[3] = { op_attr(p->m, o, "static_offsets"), op_attr(p->m, o, "static_sizes"),
                          op_attr(p->m, o, "static_strides") };
    for (int g = 0; g < 3; g++)
        if (!st[g] || st[g]->kind != ATTR_DENSE_ARRAY || (st[g]->n && !st[g]->ints))
            return false;
    if (op->nargs < 1 || op->nres != 1)
        return false;
    /* print into a scratch check first: the dynamic operands must all be used */
    uint32_t need = 0;
    for (int g = 0; g < 3; g++)
        for (uint32_t i = 0; i < st[g]->n; i++)
            need += st[g]->ints[i] == DIM_DYNAMIC;
    if (need != op->nargs - 1)
        return false;
    head(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    pr(p, " to");
    uint32_t k = 0;
    for (int g = 0; g < 3; g++) {
        fprintf(p->out, "%s %s: ", g ? "," : "", words[g]);
        mixed(p, st[g], op->args + 1, &k, op->nargs - 1);
    }
    pr_attr_dict(p, o, el, 4);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    pr(p, " to ");
    pr_type(p, rt_(p, op, 0));
    return true;
}

static bool
print_atomic_rmw(Printer *p, OpId o)
{
    static const char *const el[] = { "kind" };
    const Op *op = op_get(p->m, o);
    const Attr *k = op_attr(p->m, o, "kind");
    if (!k || k->kind != ATTR_INT || k->i < 0 || k->i >= ATOMIC_RMW_COUNT || op->nargs < 2 ||
        op->nres != 1)
        return false;
    head(p, o);
    fprintf(p->out, " %s ", atomic_rmw_kind_names[k->i]);
    pr_value(p, op->args[0]);
    pr(p, ", ");
    pr_value(p, op->args[1]);
    pr(p, "[");
    pr_values(p, op->args + 2, op->nargs - 2);
    pr(p, "]");
    pr_attr_dict(p, o, el, 1);
    pr(p, " : (");
    pr_type(p, at_(p, op, 0));
    pr(p, ", ");
    pr_type(p, at_(p, op, 1));
    pr(p, ") -> ");
    pr_type(p, rt_(p, op, 0));
    return true;
}

/* `^bbN` (`(` values `:` types `)`)? */
static void
successor(Printer *p, int64_t index, const ValueId *args, uint32_t n)
{
    fprintf(p->out, "^bb%lld", (long long)index);
    if (!n)
        return;
    pr(p, "(");
    pr_values(p, args, n);
    pr(p, " : ");
    pr_types(p, args, n);
    pr(p, ")");
}

static bool
print_cf(Printer *p, OpId o)
{
    static const char *const el[] = { "successors", "operandSegmentSizes" };
    const Op *op = op_get(p->m, o);
    const Attr *s = op_attr(p->m, o, "successors");
    bool cond = op->kind == OP_CF_COND_BR;
    if (!s || s->kind != ATTR_DENSE_ARRAY || s->n != (cond ? 2u : 1u) || !s->ints)
        return false;
    head(p, o);
    pr(p, " ");
    if (!cond) {
        successor(p, s->ints[0], op->args, op->nargs);
        pr_attr_dict(p, o, el, 2);
        return true;
    }
    const Attr *seg = op_attr(p->m, o, "operandSegmentSizes");
    if (!seg || seg->kind != ATTR_DENSE_ARRAY || seg->n != 3 || !seg->ints || seg->ints[0] != 1 ||
        1 + seg->ints[1] + seg->ints[2] != op->nargs)
        return false;
    pr_value(p, op->args[0]);
    pr(p, ", ");
    successor(p, s->ints[0], op->args + 1, (uint32_t)seg->ints[1]);
    pr(p, ", ");
    successor(p, s->ints[1], op->args + 1 + seg->ints[1], (uint32_t)seg->ints[2]);
    pr_attr_dict(p, o, el, 2);
    return true;
}

static bool
print_gather_scatter(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    bool gather = op->kind == OP_VGATHER;
    if (op->nargs < 4 || op->nres != (gather ? 1u : 0u))
        return false;
    uint32_t n = op->nargs - 4; /* offsets */
    head(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    pr(p, "[");
    pr_values(p, op->args + 1, n);
    pr(p, "] [");
    pr_value(p, op->args[n + 1]);
    pr(p, "], ");
    pr_value(p, op->args[n + 2]);
    pr(p, ", ");
    pr_value(p, op->args[n + 3]);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    for (uint32_t i = n + 1; i < op->nargs; i++) {
        pr(p, ", ");
        pr_type(p, at_(p, op, i));
    }
    if (gather) {
        pr(p, " into ");
        pr_type(p, rt_(p, op, 0));
    }
    return true;
}

static bool
print_scan(Printer *p, OpId o)
{
    static const char *const el[] = { "kind" };
    const Op *op = op_get(p->m, o);
    const Attr *ka = op_attr(p->m, o, "kind");
    if (!ka || !attr_is(ka, "vector", "kind") || op->nargs != 2 || op->nres != 2)
        return false;
    const char *k = ka->str;
    head(p, o);
    fprintf(p->out, " <%s>, ", k);
    pr_value(p, op->args[0]);
    pr(p, ", ");
    pr_value(p, op->args[1]);
    pr_attr_dict(p, o, el, 1);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    pr(p, ", ");
    pr_type(p, at_(p, op, 1));
    return true;
}

static bool
print_mma(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    bool st = op->kind == OP_MMA_STORE_MATRIX;
    const Attr *k = op_attr(p->m, o, "opType");
    bool fits = op->kind == OP_MMA_LOAD_MATRIX ? op->nargs >= 1 && op->nres == 1
                : st                           ? op->nargs >= 2 && op->nres == 0
                : op->kind == OP_MMA_COMPUTE   ? op->nargs == 3 && op->nres == 1
                : op->kind == OP_MMA_CONSTANT_MATRIX
                    ? op->nargs == 1 && op->nres == 1
                    : k && attr_is(k, "gpu", "mma_element_wise") && op->nres == 1 && op->nargs;
    if (!fits)
        return false;
    head(p, o);
    pr(p, " ");
    switch (op->kind) {
    case OP_MMA_LOAD_MATRIX:
    case OP_MMA_STORE_MATRIX:
        if (st) {
            pr_value(p, op->args[0]);
            pr(p, ", ");
        }
        pr_value(p, op->args[st]);
        pr(p, "[");
        pr_values(p, op->args + st + 1, op->nargs - st - 1);
        pr(p, "]");
        pr_attr_dict(p, o, NULL, 0);
        pr(p, " : ");
        pr_type(p, at_(p, op, 0));
        pr(p, st ? ", " : " -> ");
        pr_type(p, st ? at_(p, op, 1) : rt_(p, op, 0));
        return true;
    case OP_MMA_COMPUTE:
        pr_values(p, op->args, 3);
        pr_attr_dict(p, o, NULL, 0);
        pr(p, " : ");
        pr_type(p, at_(p, op, 0));
        pr(p, ", ");
        pr_type(p, at_(p, op, 1));
        pr(p, " -> ");
        pr_type(p, rt_(p, op, 0));
        return true;
    case OP_MMA_CONSTANT_MATRIX:
        pr_value(p, op->args[0]);
        pr_attr_dict(p, o, NULL, 0);
        pr(p, " : ");
        pr_type(p, rt_(p, op, 0));
        return true;
    default: { /* elementwise */
        static const char *const el[] = { "opType" };
        fprintf(p->out, "%s ", k->str);
        pr_values(p, op->args, op->nargs);
        pr_attr_dict(p, o, el, 1);
        pr(p, " : (");
        pr_types(p, op->args, op->nargs);
        pr(p, ") -> ");
        pr_type(p, rt_(p, op, 0));
        return true;
    }
    }
}

/* gpu.subgroup_mma_extract_thread_local / insert_thread_local */
static bool
print_mma_local(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    uint32_t ins = op->kind == OP_MMA_INSERT_LOCAL;
    if (op->nargs < 1 + ins || op->nres != 1)
        return false;
    head(p, o);
    pr(p, " ");
    if (ins) {
        pr_value(p, op->args[0]);
        pr(p, ", ");
    }
    pr_value(p, op->args[ins]);
    pr(p, "[");
    pr_values(p, op->args + ins + 1, op->nargs - ins - 1);
    pr(p, "]");
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    if (ins) {
        pr(p, ", ");
        pr_type(p, at_(p, op, 1));
    }
    pr(p, " -> ");
    pr_type(p, rt_(p, op, 0));
    return true;
}

CustomPrintFn *
custom_printer_upstream(OpKind k)
{
    static CustomPrintFn *const table[OP_COUNT] = {
        [OP_ALL_REDUCE] = print_all_reduce,
        [OP_GPU_YIELD] = print_gpu_yield,
        [OP_PRINTF] = print_printf,
        [OP_NVVM_SREG] = print_sreg,
        [OP_NVVM_BARRIER0] = print_attrs_only,
        [OP_NVVM_SHFL_SYNC] = print_nvvm_shfl,
        [OP_NVVM_ELECT_SYNC] = print_elect,
        [OP_NVVM_FENCE_PROXY] = print_attrs_only,
        [OP_NVVM_FENCE_MBARRIER_INIT] = print_attrs_only,
        [OP_NVVM_FENCE_SC_CLUSTER] = print_attrs_only,
        [OP_NVVM_CLUSTER_ARRIVE] = print_attrs_only,
        [OP_NVVM_CLUSTER_ARRIVE_RELAXED] = print_attrs_only,
        [OP_NVVM_CLUSTER_WAIT] = print_attrs_only,
        [OP_RCP] = print_rcp,
        [OP_MBARRIER_TEST_WAIT] = print_mbarrier_more,
        [OP_MBARRIER_ARRIVE_NOCOMPLETE] = print_mbarrier_more,
        [OP_POISON] = print_poison,
        [OP_REINTERPRET_CAST] = print_reinterpret_cast,
        [OP_ATOMIC_RMW] = print_atomic_rmw,
        [OP_CF_BR] = print_cf,
        [OP_CF_COND_BR] = print_cf,
        [OP_VGATHER] = print_gather_scatter,
        [OP_VSCATTER] = print_gather_scatter,
        [OP_VSCAN] = print_scan,
        [OP_MMA_LOAD_MATRIX] = print_mma,
        [OP_MMA_STORE_MATRIX] = print_mma,
        [OP_MMA_COMPUTE] = print_mma,
        [OP_MMA_CONSTANT_MATRIX] = print_mma,
        [OP_MMA_ELEMENTWISE] = print_mma,
        [OP_MMA_EXTRACT_LOCAL] = print_mma_local,
        [OP_MMA_INSERT_LOCAL] = print_mma_local,
    };
    return table[k];
}
