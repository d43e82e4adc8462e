/*
 * print_nvgpu.c -- custom forms of the nvgpu ops (MLIR's NVGPUOps.td
 * assemblyFormats), mirroring ir/parse_nvgpu.c.
 */
#include "ir/printer.h"

#include <string.h>

static TypeId
at_(Printer *p, const Op *op, uint32_t i)
{
    return value_type(p->m, op->args[i]);
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

static const int64_t *
segments(Printer *p, OpId o, uint32_t n)
{
    const Attr *a = op_attr(p->m, o, "operandSegmentSizes");
    if (!a || a->kind != ATTR_DENSE_ARRAY || a->n != n || !a->ints)
        return NULL;
    int64_t total = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (a->ints[i] < 0)
            return NULL;
        total += a->ints[i];
    }
    return total == op_get(p->m, o)->nargs ? a->ints : NULL;
}

static void
head(Printer *p, OpId o)
{
    pr_op_name(p, o);
    pr(p, " ");
}

static void
index_list(Printer *p, const ValueId *v, uint32_t n)
{
    pr(p, "[");
    pr_values(p, v, n);
    pr(p, "]");
}

static const char *const seg_only[] = { "operandSegmentSizes" };

static bool
print_ldmatrix(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs < 1 || op->nres != 1 || !all_index(p, op->args + 1, op->nargs - 1))
        return false;
    head(p, o);
    pr_value(p, op->args[0]);
    index_list(p, op->args + 1, op->nargs - 1);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    pr(p, " -> ");
    pr_type(p, value_type(p->m, op->res[0]));
    return true;
}

static bool
print_mma_sync(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 3 || op->nres != 1)
        return false;
    pr_op_name(p, o);
    pr(p, "(");
    pr_values(p, op->args, 3);
    pr(p, ")");
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : (");
    pr_types(p, op->args, 3);
    pr(p, ") -> ");
    pr_type(p, value_type(p->m, op->res[0]));
    return true;
}

/* `(%a, %b, %c) metadata(%m) {..} : (A, B, C) -> D` */
static bool
print_mma_sp_sync(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 4 || op->nres != 1)
        return false;
    const Type *mt = type_get(p->m, value_type(p->m, op->args[3]));
    if (mt->kind != TY_VECTOR || mt->rank != 1 || mt->shape[0] != 2 || mt->elem != TY_I16)
        return false;
    pr_op_name(p, o);
    pr(p, "(");
    pr_values(p, op->args, 3);
    pr(p, ") metadata(");
    pr_values(p, op->args + 3, 1);
    pr(p, ")");
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : (");
    pr_types(p, op->args, 3);
    pr(p, ") -> ");
    pr_type(p, value_type(p->m, op->res[0]));
    return true;
}

/* `%src[..], %dst[..], N (, %n)? : S to D`; operands dst, dstIndices, src, srcIndices, srcElements?
 */
static bool
print_async_copy(Printer *p, OpId o)
{
    static const char *const el[] = { "operandSegmentSizes", "dstElements" };
    const Op *op = op_get(p->m, o);
    const int64_t *s = segments(p, o, 5);
    const Attr *n = op_attr(p->m, o, "dstElements");
    if (!s || s[0] != 1 || s[2] != 1 || s[4] > 1 || op->nres != 1 || !n || n->kind != ATTR_INT ||
        n->type != TY_INDEX || !all_index(p, op->args + 1, (uint32_t)s[1]) ||
        !all_index(p, op->args + 2 + s[1], (uint32_t)s[3]) ||
        (s[4] && at_(p, op, op->nargs - 1) != TY_INDEX))
        return false;
    uint32_t nd = (uint32_t)s[1], ns = (uint32_t)s[3], src = 1 + nd;
    head(p, o);
    pr_value(p, op->args[src]);
    index_list(p, op->args + src + 1, ns);
    pr(p, ", ");
    pr_value(p, op->args[0]);
    index_list(p, op->args + 1, nd);
    fprintf(p->out, ", %lld", (long long)n->i);
    if (s[4]) {
        pr(p, ", ");
        pr_value(p, op->args[op->nargs - 1]);
    }
    pr_attr_dict(p, o, el, 2);
    pr(p, " : ");
    pr_type(p, at_(p, op, src));
    pr(p, " to ");
    pr_type(p, at_(p, op, 0));
    return true;
}

static bool
print_create_group(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nres != 1 || !is_kind(p, value_type(p->m, op->res[0]), TY_ASYNC_TOKEN))
        return false;
    for (uint32_t i = 0; i < op->nargs; i++)
        if (!is_kind(p, at_(p, op, i), TY_ASYNC_TOKEN))
            return false;
    head(p, o);
    pr_values(p, op->args, op->nargs);
    pr_attr_dict(p, o, NULL, 0);
    return true;
}

static bool
print_async_wait(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs > 1 || op->nres || (op->nargs && !is_kind(p, at_(p, op, 0), TY_ASYNC_TOKEN)))
        return false;
    if (!op->nargs) { /* no token: `nvgpu.device_async_wait {numGroups = ..}` */
        pr_op_name(p, o);
        pr_attr_dict(p, o, NULL, 0);
        return true;
    }
    head(p, o);
    pr_value(p, op->args[0]);
    pr_attr_dict(p, o, NULL, 0);
    return true;
}

/* attr-dict `->` type */
static bool
print_arrow_type(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs || op->nres != 1)
        return false;
    pr_op_name(p, o);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " -> ");
    pr_type(p, value_type(p->m, op->res[0]));
    return true;
}

static void
barrier_ref(Printer *p, ValueId bar, ValueId id)
{
    pr_value(p, bar);
    pr(p, "[");
    pr_value(p, id);
    pr(p, "]");
}

static void
predicate(Printer *p, const Op *op, bool has, uint32_t at)
{
    if (has) {
        pr(p, ", predicate = ");
        pr_value(p, op->args[at]);
    }
}

/* init / arrive.expect_tx: operands barriers, count, mbarId, predicate? */
static bool
print_mbarrier_init(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if ((op->nargs != 3 && op->nargs != 4) || op->nres || at_(p, op, 1) != TY_INDEX ||
        at_(p, op, 2) != TY_INDEX || (op->nargs == 4 && at_(p, op, 3) != TY_I1))
        return false;
    head(p, o);
    barrier_ref(p, op->args[0], op->args[2]);
    pr(p, ", ");
    pr_value(p, op->args[1]);
    predicate(p, op, op->nargs == 4, 3);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    return true;
}

static bool
print_mbarrier_arrive(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 2 || op->nres != 1 || at_(p, op, 1) != TY_INDEX)
        return false;
    head(p, o);
    barrier_ref(p, op->args[0], op->args[1]);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    pr(p, " -> ");
    pr_type(p, value_type(p->m, op->res[0]));
    return true;
}

/* operands barriers, phaseParity, ticks, mbarId */
static bool
print_try_wait(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 4 || op->nres || at_(p, op, 1) != TY_I1 || at_(p, op, 2) != TY_INDEX ||
        at_(p, op, 3) != TY_INDEX)
        return false;
    head(p, o);
    barrier_ref(p, op->args[0], op->args[3]);
    pr(p, ", ");
    pr_values(p, op->args + 1, 2);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    return true;
}

/* operands dst, barriers, desc, coordinates, mbarId, multicastMask?, predicate? */
static bool
print_tma_load(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const int64_t *s = segments(p, o, 7);
    if (!s || s[0] != 1 || s[1] != 1 || s[2] != 1 || s[4] != 1 || s[5] > 1 || s[6] > 1 || op->nres)
        return false;
    uint32_t n = (uint32_t)s[3], id = 3 + n;
    if (!all_index(p, op->args + 3, n + 1) || (s[5] && at_(p, op, id + 1) != TY_I16) ||
        (s[6] && at_(p, op, op->nargs - 1) != TY_I1))
        return false;
    head(p, o);
    pr_value(p, op->args[2]);
    index_list(p, op->args + 3, n);
    pr(p, ", ");
    barrier_ref(p, op->args[1], op->args[id]);
    pr(p, " to ");
    pr_value(p, op->args[0]);
    if (s[5]) {
        pr(p, " multicast_mask = ");
        pr_value(p, op->args[id + 1]);
    }
    predicate(p, op, s[6], op->nargs - 1);
    pr_attr_dict(p, o, seg_only, 1);
    pr(p, " : ");
    pr_type(p, at_(p, op, 2));
    pr(p, ", ");
    pr_type(p, at_(p, op, 1));
    pr(p, " -> ");
    pr_type(p, at_(p, op, 0));
    return true;
}

/* operands src, desc, coordinates, predicate? */
static bool
print_tma_store(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const int64_t *s = segments(p, o, 4);
    if (!s || s[0] != 1 || s[1] != 1 || s[3] > 1 || op->nres ||
        !all_index(p, op->args + 2, (uint32_t)s[2]) || (s[3] && at_(p, op, op->nargs - 1) != TY_I1))
        return false;
    head(p, o);
    pr_value(p, op->args[0]);
    pr(p, " to ");
    pr_value(p, op->args[1]);
    index_list(p, op->args + 2, (uint32_t)s[2]);
    predicate(p, op, s[3], op->nargs - 1);
    pr_attr_dict(p, o, seg_only, 1);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    pr(p, " -> ");
    pr_type(p, at_(p, op, 1));
    return true;
}

static bool
print_tma_create(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs < 1 || op->nres != 1 || !all_index(p, op->args + 1, op->nargs - 1))
        return false;
    head(p, o);
    pr_value(p, op->args[0]);
    pr(p, " box");
    index_list(p, op->args + 1, op->nargs - 1);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    pr(p, " -> ");
    pr_type(p, value_type(p->m, op->res[0]));
    return true;
}

static bool
print_tma_desc_op(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    bool prefetch = op->kind == OP_TMA_PREFETCH_DESCRIPTOR;
    if (op->nres || op->nargs < 1 || op->nargs > (prefetch ? 2u : 1u) ||
        (op->nargs == 2 && at_(p, op, 1) != TY_I1))
        return false;
    head(p, o);
    pr_value(p, op->args[0]);
    predicate(p, op, op->nargs == 2, 1);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    return true;
}

/* `%a, %b (, %c)? attrs : A, B (, C)? -> R` */
static bool
print_wg_ops(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    uint32_t n = op->kind == OP_WARPGROUP_MMA ? 3 : 2;
    if (op->nargs != n || op->nres != 1)
        return false;
    head(p, o);
    pr_values(p, op->args, n);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_types(p, op->args, n);
    pr(p, " -> ");
    pr_type(p, value_type(p->m, op->res[0]));
    return true;
}

static bool
print_wg_store(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (op->nargs != 2 || op->nres)
        return false;
    head(p, o);
    pr_values(p, op->args, 2);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, at_(p, op, 0));
    pr(p, " to ");
    pr_type(p, at_(p, op, 1));
    return true;
}

CustomPrintFn *custom_printer_nvgpu(OpKind k);

CustomPrintFn *
custom_printer_nvgpu(OpKind k)
{
    static CustomPrintFn *const table[OP_COUNT] = {
        [OP_LDMATRIX] = print_ldmatrix,
        [OP_MMA_SYNC] = print_mma_sync,
        [OP_MMA_SP_SYNC] = print_mma_sp_sync,
        [OP_DEVICE_ASYNC_COPY] = print_async_copy,
        [OP_DEVICE_ASYNC_CREATE_GROUP] = print_create_group,
        [OP_DEVICE_ASYNC_WAIT] = print_async_wait,
        [OP_MBARRIER_CREATE] = print_arrow_type,
        [OP_MBARRIER_INIT] = print_mbarrier_init,
        [OP_MBARRIER_ARRIVE] = print_mbarrier_arrive,
        [OP_MBARRIER_ARRIVE_EXPECT_TX] = print_mbarrier_init,
        [OP_MBARRIER_TRY_WAIT_PARITY] = print_try_wait,
        [OP_TMA_ASYNC_LOAD] = print_tma_load,
        [OP_TMA_ASYNC_STORE] = print_tma_store,
        [OP_TMA_CREATE_DESCRIPTOR] = print_tma_create,
        [OP_TMA_PREFETCH_DESCRIPTOR] = print_tma_desc_op,
        [OP_TMA_FENCE_DESCRIPTOR] = print_tma_desc_op,
        [OP_WARPGROUP_GENERATE_DESCRIPTOR] = print_wg_ops,
        [OP_WARPGROUP_MMA] = print_wg_ops,
        [OP_WARPGROUP_MMA_STORE] = print_wg_store,
        [OP_WARPGROUP_MMA_INIT_ACCUMULATOR] = print_arrow_type,
    };
    return table[k] ? table[k] : custom_printer_upstream(k);
}
