/*
 * print_host.c -- the custom forms of the host-side ops (ops.def, "host
 * code"), as MLIR prints them; ir/parse_host.c reads them back.
 *
 * Each printer first checks that the op fits its form and returns false,
 * printing nothing, when it does not (print.c then prints the generic form).
 */
#include "ir/printer.h"

#include <string.h>

static TypeId
vtype(Printer *p, ValueId v)
{
    return value_type(p->m, v);
}

static bool
is_token(Printer *p, ValueId v)
{
    return type_get(p->m, vtype(p, v))->kind == TY_GPU_TOKEN;
}

/* operandSegmentSizes of n entries into seg; false when absent or malformed */
static bool
segments(Printer *p, OpId o, int64_t *seg, uint32_t n)
{
    const Attr *a = op_attr(p->m, o, "operandSegmentSizes");
    if (!a || a->kind != ATTR_DENSE_ARRAY || a->n != n || !a->ints)
        return false;
    int64_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (a->ints[i] < 0)
            return false;
        seg[i] = a->ints[i];
        sum += seg[i];
    }
    return sum == op_get(p->m, o)->nargs;
}

/* How many operands lead with !gpu.async.token, for ops without segments. */
static uint32_t
leading_tokens(Printer *p, const Op *op)
{
    uint32_t n = 0;
    while (n < op->nargs && is_token(p, op->args[n]))
        n++;
    return n;
}

/* ` async` when the last result is a token, then ` [deps]` */
static void
pr_async(Printer *p, const Op *op, uint32_t ndeps)
{
    if (op->nres && is_token(p, op->res[op->nres - 1]))
        pr(p, " async");
    if (ndeps) {
        pr(p, " [");
        pr_values(p, op->args, ndeps);
        pr(p, "]");
    }
}

/* the results are (what the op makes, if any) then at most one token */
static bool
results_ok(Printer *p, const Op *op, uint32_t own)
{
    if (op->nres == own)
        return true;
    return op->nres == own + 1 && is_token(p, op->res[own]);
}

static void
pr_three(Printer *p, const ValueId *v)
{
    pr(p, "(");
    pr_values(p, v, 3);
    pr(p, ")");
}

/* launch-func: see ir/parse_host.c */
static bool
print_launch_func(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    int64_t seg[13];
    const Attr *k = op_attr(p->m, o, "kernel");
    if (!segments(p, o, seg, 13) || !k || k->kind != ATTR_SYMBOL || !results_ok(p, op, 0) ||
        (seg[7] != seg[8] || seg[8] != seg[9]))
        return false;
    uint32_t at = (uint32_t)seg[0];
    TypeId dim = vtype(p, op->args[at]);
    for (uint32_t i = 0; i < 6 + 3 * (uint32_t)seg[7]; i++)
        if (vtype(p, op->args[at + i]) != dim)
            return false;
    pr_op_name(p, o);
    pr_async(p, op, (uint32_t)seg[0]);
    uint32_t obj = at + 6 + 3 * (uint32_t)seg[7] + (uint32_t)seg[10] + (uint32_t)seg[11];
    if (seg[12]) {
        pr(p, " <");
        pr_value(p, op->args[obj]);
        pr(p, " : ");
        pr_type(p, vtype(p, op->args[obj]));
        pr(p, ">");
    }
    pr(p, " ");
    pr_attr(p, k);
    if (seg[7]) {
        pr(p, " clusters in ");
        pr_three(p, op->args + at + 6);
    }
    pr(p, " blocks in ");
    pr_three(p, op->args + at);
    pr(p, " threads in ");
    pr_three(p, op->args + at + 3);
    if (dim != TY_INDEX) {
        pr(p, " : ");
        pr_type(p, dim);
    }
    at += 6 + 3 * (uint32_t)seg[7];
    if (seg[10]) {
        pr(p, " dynamic_shared_memory_size ");
        pr_value(p, op->args[at++]);
    }
    if (seg[11]) {
        pr(p, " args(");
        for (uint32_t i = 0; i < seg[11]; i++) {
            if (i)
                pr(p, ", ");
            pr_value(p, op->args[at + i]);
            pr(p, " : ");
            pr_type(p, vtype(p, op->args[at + i]));
        }
        pr(p, ")");
    }
    static const char *const el[] = { "kernel", "operandSegmentSizes" };
    pr_attr_dict(p, o, el, 2);
    return true;
}

/* `(%a, %b, %c) in (%x = %v, %y = %w, %z = %u)` */
static void
pr_launch_dims(Printer *p, const ValueId *ids, const ValueId *sizes, const ValueId *operands)
{
    pr(p, "(");
    pr_values(p, ids, 3);
    pr(p, ") in (");
    for (int i = 0; i < 3; i++) {
        if (i)
            pr(p, ", ");
        pr_value(p, sizes[i]);
        pr(p, " = ");
        pr_value(p, operands[i]);
    }
    pr(p, ")");
}

static void
pr_attributions(Printer *p, const char *word, const ValueId *v, uint32_t n)
{
    if (!n)
        return;
    fprintf(p->out, " %s(", word);
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            pr(p, ", ");
        pr_value(p, v[i]);
        pr(p, " : ");
        pr_type(p, vtype(p, v[i]));
    }
    pr(p, ")");
}

static bool
print_launch(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    int64_t seg[11];
    if (!segments(p, o, seg, 11) || !results_ok(p, op, 0) || op->nregions != 1 ||
        seg[7] != seg[8] || seg[8] != seg[9])
        return false;
    const Region *r = region_get(p->m, op->regions[0]);
    if (r->blocks.n != 1)
        return false;
    const Block *b = block_get(p->m, r->blocks.items[0]);
    const Attr *wa = op_attr(p->m, o, "workgroup_attributions");
    int64_t nwg = wa && wa->kind == ATTR_INT ? wa->i : 0;
    uint32_t nids = seg[7] ? 18 : 12;
    if (b->args.n < nids || nwg < 0 || b->args.n - nids < nwg)
        return false;
    const ValueId *a = b->args.items, *opnd = op->args + seg[0];
    pr_op_name(p, o);
    pr_async(p, op, (uint32_t)seg[0]);
    if (seg[7]) {
        pr(p, " clusters");
        pr_launch_dims(p, a + 12, a + 15, opnd + 6);
    }
    pr(p, " blocks");
    pr_launch_dims(p, a, a + 6, opnd);
    pr(p, " threads");
    pr_launch_dims(p, a + 3, a + 9, opnd + 3);
    if (seg[10]) {
        pr(p, " dynamic_shared_memory_size ");
        pr_value(p, opnd[6 + 3 * seg[7]]);
    }
    static const char *const kw[2][2] = { { "module", "kernelModule" },
                                          { "function", "kernelFunc" } };
    for (int k = 0; k < 2; k++) {
        const Attr *s = op_attr(p->m, o, kw[k][1]);
        if (s && s->kind == ATTR_SYMBOL) {
            fprintf(p->out, " %s(", kw[k][0]);
            pr_attr(p, s);
            pr(p, ")");
        }
    }
    pr_attributions(p, "workgroup", a + nids, (uint32_t)nwg);
    pr_attributions(p, "private", a + nids + nwg, b->args.n - nids - (uint32_t)nwg);
    pr(p, " ");
    pr_region(p, op->regions[0], false, false);
    static const char *const el[] = { "operandSegmentSizes", "workgroup_attributions",
                                      "kernelModule", "kernelFunc" };
    pr_attr_dict(p, o, el, 4);
    return true;
}

/* gpu.terminator / gpu.wait async? [deps] */
static bool
print_wait(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    if (leading_tokens(p, op) != op->nargs || !results_ok(p, op, 0))
        return false;
    pr_op_name(p, o);
    pr_async(p, op, op->nargs);
    pr_attr_dict(p, o, NULL, 0);
    return true;
}

/* gpu.host_register %v : T, memref.dealloc %v : T, gpu.dealloc async? [deps] %v : T */
static bool
print_one_memref(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    uint32_t nt = op->kind == OP_GPU_DEALLOC ? leading_tokens(p, op) : 0;
    if (op->nargs != nt + 1 || !results_ok(p, op, 0) || (op->kind != OP_GPU_DEALLOC && op->nres))
        return false;
    pr_op_name(p, o);
    pr_async(p, op, nt);
    pr(p, " ");
    pr_value(p, op->args[nt]);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, vtype(p, op->args[nt]));
    return true;
}

static bool
print_gpu_alloc(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    int64_t seg[3];
    const Attr *hs = op_attr(p->m, o, "hostShared");
    if (!segments(p, o, seg, 3) || op->nres < 1 || !results_ok(p, op, 1) ||
        !type_is_memref(p->m, vtype(p, op->res[0])) || (hs && hs->kind != ATTR_UNIT))
        return false;
    pr_op_name(p, o);
    pr_async(p, op, (uint32_t)seg[0]);
    if (hs)
        pr(p, " host_shared");
    pr(p, " (");
    if (seg[1]) /* no operands: args may be NULL */
        pr_values(p, op->args + seg[0], (uint32_t)seg[1]);
    pr(p, ")");
    if (seg[2]) {
        pr(p, "[");
        pr_values(p, op->args + seg[0] + seg[1], (uint32_t)seg[2]);
        pr(p, "]");
    }
    static const char *const el[] = { "operandSegmentSizes", "hostShared" };
    pr_attr_dict(p, o, el, 2);
    pr(p, " : ");
    pr_type(p, vtype(p, op->res[0]));
    return true;
}

/* gpu.memcpy / gpu.memset async? [deps] %a, %b : A, B */
static bool
print_memcpy(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    uint32_t nt = leading_tokens(p, op);
    if (op->nargs != nt + 2 || !results_ok(p, op, 0))
        return false;
    pr_op_name(p, o);
    pr_async(p, op, nt);
    pr(p, " ");
    pr_values(p, op->args + nt, 2);
    pr(p, " : ");
    pr_types(p, op->args + nt, 2);
    pr_attr_dict(p, o, NULL, 0);
    return true;
}

/* memref.cast %a : A to B;  memref.copy %a, %b : A to B */
static bool
print_cast_or_copy(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    bool copy = op->kind == OP_MEMREF_COPY;
    if (op->nargs != (copy ? 2u : 1u) || op->nres != (copy ? 0u : 1u))
        return false;
    pr_op_name(p, o);
    pr(p, " ");
    pr_values(p, op->args, op->nargs);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, vtype(p, op->args[0]));
    pr(p, " to ");
    pr_type(p, copy ? vtype(p, op->args[1]) : vtype(p, op->res[0]));
    return true;
}

static bool
print_print(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const Attr *punct = op_attr(p->m, o, "punctuation");
    const Attr *str = op_attr(p->m, o, "stringLiteral");
    if (op->nargs > 1 || op->nres || (punct && !attr_is(punct, "vector", "punctuation")) ||
        (str && str->kind != ATTR_STRING))
        return false;
    pr_op_name(p, o);
    if (op->nargs) {
        pr(p, " ");
        pr_value(p, op->args[0]);
        pr(p, " : ");
        pr_type(p, vtype(p, op->args[0]));
    }
    if (punct)
        fprintf(p->out, " punctuation <%s>", punct->str);
    if (str) {
        pr(p, " str ");
        pr_attr(p, str);
    }
    static const char *const el[] = { "punctuation", "stringLiteral" };
    pr_attr_dict(p, o, el, 2);
    return true;
}

CustomPrintFn *
custom_printer_host(OpKind k)
{
    static CustomPrintFn *const table[OP_COUNT] = {
        [OP_LAUNCH_FUNC] = print_launch_func,  [OP_LAUNCH] = print_launch,
        [OP_GPU_TERMINATOR] = print_wait,      [OP_GPU_WAIT] = print_wait,
        [OP_HOST_REGISTER] = print_one_memref, [OP_HOST_UNREGISTER] = print_one_memref,
        [OP_DEALLOC] = print_one_memref,       [OP_GPU_DEALLOC] = print_one_memref,
        [OP_GPU_ALLOC] = print_gpu_alloc,      [OP_GPU_MEMCPY] = print_memcpy,
        [OP_GPU_MEMSET] = print_memcpy,        [OP_MEMREF_CAST] = print_cast_or_copy,
        [OP_MEMREF_COPY] = print_cast_or_copy, [OP_PRINT] = print_print,
    };
    return table[k];
}
