/*
 * print_linalg.c -- custom forms of the op level (linalg, tensor, bufferization), as
 * upstream mlir-opt prints them; ir/parse_linalg.c reads them back.  An op that
 * does not fit its form (a malformed operandSegmentSizes, say) returns false and is
 * printed in the generic form.  reduce and map print their body in the long form
 * `(%in: f32, %init: f32) { ... }`, which upstream also reads.
 */
#include "ir/printer.h"

#include <string.h>

static bool
segments(Printer *p, OpId o, uint32_t *nins, uint32_t *nouts)
{
    return linalg_segments(p->m, o, nins, nouts);
}

/* `ins(%a, %b : T, U)` / ` outs(...)`; nothing for an empty group */
static void
group(Printer *p, const char *kw, const ValueId *v, uint32_t n, bool space)
{
    if (!n)
        return;
    if (space)
        pr(p, " ");
    pr(p, kw);
    pr(p, "(");
    pr_values(p, v, n);
    pr(p, " : ");
    pr_types(p, v, n);
    pr(p, ")");
}

static void
ins_outs(Printer *p, const Op *op, uint32_t nins, uint32_t nouts)
{
    group(p, "ins", op->args, nins, true);
    group(p, "outs", op->args + nins, nouts, true);
}

static void
arrow_results(Printer *p, const Op *op)
{
    if (!op->nres)
        return;
    pr(p, " -> ");
    if (op->nres > 1)
        pr(p, "(");
    pr_types(p, op->res, op->nres);
    if (op->nres > 1)
        pr(p, ")");
}

static void
int_list(Printer *p, const char *key, const Attr *a)
{
    pr(p, " ");
    pr(p, key);
    pr(p, " = [");
    for (uint32_t i = 0; a && i < a->n; i++) {
        if (i)
            pr(p, ", ");
        pr_int(p, a->kind == ATTR_DENSE_ARRAY ? a->ints[i] : a->items[i]->i);
    }
    pr(p, "]");
}

static bool
is_int_list(const Attr *a)
{
    if (a && a->kind == ATTR_DENSE_ARRAY)
        return a->ints || a->n == 0;
    if (!a || a->kind != ATTR_ARRAY)
        return false;
    for (uint32_t i = 0; i < a->n; i++)
        if (a->items[i]->kind != ATTR_INT)
            return false;
    return true;
}

/* linalg.generic {indexing_maps = [...], iterator_types = [...]} ins outs attrs = {..}
 * region -> types */
static bool
print_generic(Printer *p, OpId o)
{
    static const char *const el[] = { "indexing_maps", "iterator_types", "operandSegmentSizes" };
    const Op *op = op_get(p->m, o);
    uint32_t nins, nouts;
    const Attr *maps = op_attr(p->m, o, "indexing_maps"), *it = op_attr(p->m, o, "iterator_types");
    if (!segments(p, o, &nins, &nouts) || op->nregions != 1 || !maps || !it ||
        it->kind != ATTR_ARRAY)
        return false;
    for (uint32_t i = 0; i < it->n; i++)
        if (it->items[i]->kind != ATTR_ENUM && it->items[i]->kind != ATTR_STRING)
            return false;
    pr_op_name(p, o);
    pr(p, " {indexing_maps = ");
    pr_attr(p, maps);
    pr(p, ", iterator_types = [");
    for (uint32_t i = 0; i < it->n; i++)
        fprintf(p->out, "%s\"%s\"", i ? ", " : "", it->items[i]->str);
    pr(p, "]}");
    ins_outs(p, op, nins, nouts);
    pr_attr_dict_prefixed(p, o, el, 3, " attrs = ");
    pr(p, " ");
    pr_region(p, op->regions[0], true, false);
    arrow_results(p, op);
    return true;
}

/* matmul family, fill, copy: op (indexing_maps = ..)? (cast = ..)? {attrs}? ins outs -> T */
static bool
print_named(Printer *p, OpId o)
{
    static const char *const el[] = { "indexing_maps", "cast", "operandSegmentSizes" };
    const Op *op = op_get(p->m, o);
    uint32_t nins, nouts;
    if (!segments(p, o, &nins, &nouts) || op->nregions)
        return false;
    pr_op_name(p, o);
    for (int i = 0; i < 2; i++) {
        const Attr *a = op_attr(p->m, o, el[i]);
        if (a) {
            fprintf(p->out, " %s = ", el[i]);
            pr_attr(p, a);
        }
    }
    pr_attr_dict(p, o, el, 3);
    ins_outs(p, op, nins, nouts);
    arrow_results(p, op);
    return true;
}

/* linalg.softmax {attrs}? dimension(N) ins outs -> T */
static bool
print_softmax(Printer *p, OpId o)
{
    static const char *const el[] = { "dimension", "operandSegmentSizes" };
    const Op *op = op_get(p->m, o);
    uint32_t nins, nouts;
    const Attr *d = op_attr(p->m, o, "dimension");
    if (!segments(p, o, &nins, &nouts) || op->nregions || !d || d->kind != ATTR_INT)
        return false;
    pr_op_name(p, o);
    pr_attr_dict(p, o, el, 2);
    fprintf(p->out, " dimension(%lld)", (long long)d->i);
    ins_outs(p, op, nins, nouts);
    arrow_results(p, op);
    return true;
}

/* The results of transpose / broadcast / reduce / map are implied: their tensor outs. */
static bool
implied_results(Printer *p, const Op *op, uint32_t nins, uint32_t nouts)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < nouts; i++) {
        TypeId t = value_type(p->m, op->args[nins + i]);
        if (type_is_tensor(p->m, t)) {
            if (k >= op->nres || value_type(p->m, op->res[k]) != t)
                return false;
            k++;
        }
    }
    return k == op->nres;
}

/* linalg.transpose ins outs permutation = [..] {attrs}?  (broadcast: dimensions) */
static bool
print_permute(Printer *p, OpId o)
{
    const char *key = op_get(p->m, o)->kind == OP_LINALG_TRANSPOSE ? "permutation" : "dimensions";
    const char *el[] = { key, "operandSegmentSizes" };
    const Op *op = op_get(p->m, o);
    uint32_t nins, nouts;
    const Attr *a = op_attr(p->m, o, key);
    if (!segments(p, o, &nins, &nouts) || op->nregions || !is_int_list(a) ||
        !implied_results(p, op, nins, nouts))
        return false;
    pr_op_name(p, o);
    ins_outs(p, op, nins, nouts);
    int_list(p, key, a);
    pr_attr_dict(p, o, el, 2);
    return true;
}

/* linalg.reduce ins outs dimensions = [..] {attrs}? (args) {body};  map without dims */
static bool
print_reduce_map(Printer *p, OpId o)
{
    static const char *const el[] = { "dimensions", "operandSegmentSizes" };
    const Op *op = op_get(p->m, o);
    bool reduce = op->kind == OP_LINALG_REDUCE;
    uint32_t nins, nouts;
    const Attr *dims = op_attr(p->m, o, "dimensions");
    BlockId entry = op->nregions == 1 ? op_entry_block(p->m, o, 0) : 0;
    if (!segments(p, o, &nins, &nouts) || !entry ||
        region_get(p->m, op->regions[0])->blocks.n != 1 || (reduce && !is_int_list(dims)) ||
        !implied_results(p, op, nins, nouts))
        return false;
    pr_op_name(p, o);
    ins_outs(p, op, nins, nouts);
    if (reduce)
        int_list(p, "dimensions", dims);
    pr_attr_dict(p, o, reduce ? el : el + 1, reduce ? 2 : 1);
    pr(p, "\n");
    p->indent++;
    for (int i = 0; i < p->indent; i++)
        pr(p, "  ");
    pr(p, "(");
    const Block *b = block_get(p->m, entry);
    for (uint32_t i = 0; i < b->args.n; i++) {
        if (i)
            pr(p, ", ");
        pr_value(p, b->args.items[i]);
        pr(p, ": ");
        pr_type(p, value_type(p->m, b->args.items[i]));
    }
    pr(p, ") ");
    pr_region(p, op->regions[0], false, false);
    p->indent--;
    return true;
}

/* linalg.yield %a, %b : f32, f32 */
static bool
print_yield(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    pr_op_name(p, o);
    pr_attr_dict(p, o, NULL, 0);
    if (op->nargs) {
        pr(p, " ");
        pr_values(p, op->args, op->nargs);
        pr(p, " : ");
        pr_types(p, op->args, op->nargs);
    }
    return true;
}

/* linalg.index N : index */
static bool
print_index(Printer *p, OpId o)
{
    static const char *const el[] = { "dim" };
    const Attr *d = op_attr(p->m, o, "dim");
    if (!d || d->kind != ATTR_INT)
        return false;
    pr_op_name(p, o);
    fprintf(p->out, " %lld", (long long)d->i);
    pr_attr_dict(p, o, el, 1);
    pr(p, " : index");
    return true;
}

/* tensor.empty(%d0, ...) : tensor<...> */
static bool
print_empty(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    pr_op_name(p, o);
    pr(p, "(");
    pr_values(p, op->args, op->nargs);
    pr(p, ")");
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, value_type(p->m, op->res[0]));
    return true;
}

/* tensor.dim %t, %i : tensor<...> */
static bool
print_tensor_dim(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    pr_op_name(p, o);
    pr(p, " ");
    pr_values(p, op->args, 2);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, value_type(p->m, op->args[0]));
    return true;
}

static void
mixed(Printer *p, const Op *op, const Attr *a, uint32_t *k)
{
    pr(p, "[");
    for (uint32_t i = 0; i < a->n; i++) {
        if (i)
            pr(p, ", ");
        if (a->ints[i] == DIM_DYNAMIC)
            pr_value(p, op->args[(*k)++]);
        else
            pr_int(p, a->ints[i]);
    }
    pr(p, "]");
}

/* The three lists of a slice, after `first` operands; false if they do not fit. */
static bool
slice_lists(Printer *p, OpId o, uint32_t first, const Attr **lists)
{
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    const Op *op = op_get(p->m, o);
    uint32_t ndyn = 0;
    for (int i = 0; i < 3; i++) {
        lists[i] = op_attr(p->m, o, names[i]);
        if (!lists[i] || lists[i]->kind != ATTR_DENSE_ARRAY || (!lists[i]->ints && lists[i]->n))
            return false;
        for (uint32_t j = 0; j < lists[i]->n; j++)
            ndyn += lists[i]->ints[j] == DIM_DYNAMIC;
    }
    return op->nargs == first + ndyn;
}

/* tensor.extract_slice %t[..] [..] [..] : T to U;  insert_slice %s into %d[..] .. */
static bool
print_slice(Printer *p, OpId o)
{
    static const char *const el[] = { "static_offsets", "static_sizes", "static_strides",
                                      "operandSegmentSizes" };
    const Op *op = op_get(p->m, o);
    bool insert = op->kind == OP_TENSOR_INSERT_SLICE;
    uint32_t first = insert ? 2 : 1;
    const Attr *lists[3];
    if (!slice_lists(p, o, first, lists))
        return false;
    pr_op_name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    if (insert) {
        pr(p, " into ");
        pr_value(p, op->args[1]);
    }
    uint32_t k = first;
    for (int i = 0; i < 3; i++) {
        if (i)
            pr(p, " ");
        mixed(p, op, lists[i], &k);
    }
    pr_attr_dict(p, o, el, 4);
    pr(p, " : ");
    pr_type(p, value_type(p->m, op->args[0]));
    pr(p, insert ? " into " : " to ");
    pr_type(p, value_type(p->m, insert ? op->args[1] : op->res[0]));
    return true;
}

/* tensor.pad %x nofold? low[..] high[..] { region } : T to U;  tensor.yield %v : T */
static bool
print_pad(Printer *p, OpId o)
{
    static const char *const el[] = { "static_low", "static_high", "nofold",
                                      "operandSegmentSizes" };
    const Op *op = op_get(p->m, o);
    const Attr *lists[2] = { op_attr(p->m, o, "static_low"), op_attr(p->m, o, "static_high") };
    uint32_t ndyn = 0;
    for (int i = 0; i < 2; i++) {
        if (!lists[i] || lists[i]->kind != ATTR_DENSE_ARRAY || (!lists[i]->ints && lists[i]->n))
            return false;
        for (uint32_t j = 0; j < lists[i]->n; j++)
            ndyn += lists[i]->ints[j] == DIM_DYNAMIC;
    }
    if (op->nargs != 1 + ndyn || op->nregions != 1 || op->nres != 1)
        return false;
    pr_op_name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    if (op_attr(p->m, o, "nofold"))
        pr(p, " nofold");
    uint32_t k = 1;
    pr(p, " low");
    mixed(p, op, lists[0], &k);
    pr(p, " high");
    mixed(p, op, lists[1], &k);
    pr(p, " ");
    pr_region(p, op->regions[0], true, false);
    pr_attr_dict(p, o, el, 4);
    pr(p, " : ");
    pr_type(p, value_type(p->m, op->args[0]));
    pr(p, " to ");
    pr_type(p, value_type(p->m, op->res[0]));
    return true;
}

static bool
print_tensor_yield(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    pr_op_name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : ");
    pr_type(p, value_type(p->m, op->args[0]));
    return true;
}

static void
unit_words(Printer *p, OpId o)
{
    if (op_attr(p->m, o, "restrict"))
        pr(p, " restrict");
    if (op_attr(p->m, o, "writable"))
        pr(p, " writable");
}

/* bufferization.to_tensor %m restrict? writable? : memref<..> to tensor<..> */
static bool
print_to_tensor(Printer *p, OpId o)
{
    static const char *const el[] = { "restrict", "writable" };
    const Op *op = op_get(p->m, o);
    pr_op_name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    unit_words(p, o);
    pr_attr_dict(p, o, el, 2);
    pr(p, " : ");
    pr_type(p, value_type(p->m, op->args[0]));
    pr(p, " to ");
    pr_type(p, value_type(p->m, op->res[0]));
    return true;
}

/* bufferization.materialize_in_destination %t in restrict? writable? %d : (T, U) -> V */
static bool
print_materialize(Printer *p, OpId o)
{
    static const char *const el[] = { "restrict", "writable" };
    const Op *op = op_get(p->m, o);
    pr_op_name(p, o);
    pr(p, " ");
    pr_value(p, op->args[0]);
    pr(p, " in");
    unit_words(p, o);
    pr(p, " ");
    pr_value(p, op->args[1]);
    pr_attr_dict(p, o, el, 2);
    pr(p, " : (");
    pr_types(p, op->args, 2);
    pr(p, ") -> ");
    if (op->nres)
        pr_type(p, value_type(p->m, op->res[0]));
    else
        pr(p, "()");
    return true;
}

CustomPrintFn *custom_printer_linalg(OpKind k);

CustomPrintFn *
custom_printer_linalg(OpKind k)
{
    static CustomPrintFn *const table[OP_COUNT] = {
        [OP_LINALG_GENERIC] = print_generic,
        [OP_LINALG_MATMUL] = print_named,
        [OP_LINALG_BATCH_MATMUL] = print_named,
        [OP_LINALG_MATMUL_TRANSPOSE_B] = print_named,
        [OP_LINALG_BATCH_MATMUL_TRANSPOSE_B] = print_named,
        [OP_LINALG_FILL] = print_named,
        [OP_LINALG_COPY] = print_named,
        [OP_LINALG_TRANSPOSE] = print_permute,
        [OP_LINALG_BROADCAST] = print_permute,
        [OP_LINALG_REDUCE] = print_reduce_map,
        [OP_LINALG_SOFTMAX] = print_softmax,
        [OP_LINALG_MAP] = print_reduce_map,
        [OP_LINALG_YIELD] = print_yield,
        [OP_LINALG_INDEX] = print_index,
        [OP_TENSOR_EMPTY] = print_empty,
        [OP_TENSOR_DIM] = print_tensor_dim,
        [OP_TENSOR_EXTRACT_SLICE] = print_slice,
        [OP_TENSOR_INSERT_SLICE] = print_slice,
        [OP_TENSOR_PAD] = print_pad,
        [OP_TENSOR_YIELD] = print_tensor_yield,
        [OP_TO_TENSOR] = print_to_tensor,
        [OP_MATERIALIZE_IN_DESTINATION] = print_materialize,
    };
    return table[k];
}
