/*
 * graph.c -- an op-level function as a dataflow graph, and the one kernel it becomes.
 *
 * tile_build_graph walks the function once, in order (after tile_generalize):
 *
 *   tensor argument          ARR_ARG (its buffer, read only)
 *   memref argument          ARR_ARG; each op that writes it makes a new version (an
 *                            array), and the last version is an output to that memref
 *   tensor.empty             ARR_EMPTY (a shape)
 *   linalg.fill              ARR_FILL (a constant array)
 *   generic / contraction    a Node, whose outs make ARR_NODE arrays
 *   to_tensor %m             the current version of %m
 *   extract_slice %s         of an argument (or a slice of one): ARR_ARG read through a
 *                            subview; of a computed tensor: ARR_SLICE (a later kernel
 *                            reads it from the buffer written before); of a fill / empty:
 *                            a fill / empty of its shape
 *   materialize %t in %m     %m's next version is %t's array
 *   insert_slice %y into %t  (%t the tensor of a memref argument %m as it is on entry,
 *                            generalize.c's copy of another destination, or such an insert)
 *                            no array: the materialize of the result into %m makes one
 *                            output per insert, %y's array written to a subview of %m
 *   func.return              outputs: result k is %t's array (its buffer appended)
 *
 * That is the trivial bufferization: one buffer per result, an init that is a function
 * argument read from that argument where it is (in place), no copies.
 *
 * tile_fuse then makes one kernel of every node.  Its canonical loops are the root's
 * loops (the contraction; else the first reduction; else the node with most loops); the
 * loops of every other node, and the dims of every array, are labelled by them through
 * the indexing maps, from the root outwards.  A node that cannot be labelled, labels
 * that disagree, or a node the kernel class cannot hold (a second contraction, a
 * reduction over another loop, a producer of a matmul operand) is a located error that
 * says what to split.
 */
#include "tile/tile_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

OpId
tile_source_op(const Graph *g, OpId op)
{
    while (g->origin && op < g->norigin && g->origin[op])
        op = g->origin[op];
    return op;
}

const char *
tile_op_name(const Graph *g, OpId op)
{
    return op_name(g->m, tile_source_op(g, op));
}

/* What part of the user's op `op` is, where the op level made several of one
 * (tensor.pad's fill and copy): " (PART)", else "". */
const char *
tile_op_part(const Graph *g, OpId op)
{
    OpId prev = 0;
    while (g->origin && op < g->norigin && g->origin[op] &&
           op_get(g->m, op)->kind != OP_TENSOR_PAD) {
        prev = op;
        op = g->origin[op];
    }
    if (!prev || op_get(g->m, op)->kind != OP_TENSOR_PAD)
        return "";
    return op_get(g->m, prev)->kind == OP_LINALG_COPY ? " (its copy of the source)"
                                                      : " (its fill of the padded result)";
}

void
tile_error(Graph *g, OpId op, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (g->quiet) {
        if (g->why_not && !g->why_not[0])
            snprintf(g->why_not, TILE_WHY, "'%.100s'%s (line %u) %.600s", tile_op_name(g, op),
                     tile_op_part(g, op), op_get(g->m, op)->loc.line, msg);
        return;
    }
    diag_error(g->d, op_get(g->m, op)->loc, "'%s'%s %s", tile_op_name(g, op), tile_op_part(g, op),
               msg);
}

void
tile_remark(Graph *g, OpId op, const char *fmt, ...)
{
    if (!g->opt->remarks || g->quiet)
        return;
    char msg[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_remark(g->d, op_get(g->m, op)->loc, "'%s'%s %s", tile_op_name(g, op), tile_op_part(g, op),
                msg);
}

static uint32_t
new_array(Graph *g, ArrayKind k, TypeId t)
{
    if (g->narrays >= TILE_MAX_ARRAYS)
        return UINT32_MAX;
    Array *a = &g->arrays[g->narrays];
    memset(a, 0, sizeof *a);
    a->kind = k;
    a->type = t;
    for (int i = 0; i < TILE_MAX_LOOPS; i++) {
        a->label[i] = -1;
        a->size[i] = SIZE_SRC(-1, -1, -1);
    }
    a->buffer = -1;
    a->src = -1;
    return g->narrays++;
}

/* The array side table: tensor values and the current version of each memref argument. */
typedef struct Build {
    Graph *g;
    uint32_t *arr_of; /* per ValueId: array + 1, 0 = none */
    uint32_t version[TILE_MAX_ARGS];
    OpId *insert; /* per ValueId: the tensor.insert_slice whose result it is, or 0 */
} Build;

static SizeSrc dim_of_value(Graph *g, ValueId v, int64_t d, uint32_t depth);

/* a OP b on sizes, where b (or a, for addi and muli) is a constant: static when both
 * are; unknown (arg -1) where the result is no argument's size times a constant plus a
 * constant (two dynamic sizes, a constant minus one) */
static SizeSrc
size_arith(OpKind k, SizeSrc a, SizeSrc b)
{
    SizeSrc none = SIZE_SRC(-1, -1, -1);
    if (a.value >= 0 && b.value >= 0) {
        int64_t v = k == OP_ADDI   ? a.value + b.value
                    : k == OP_SUBI ? a.value - b.value
                                   : a.value * b.value;
        return v >= 0 ? SIZE_SRC(v, -1, -1) : none;
    }
    if (a.value >= 0 && k != OP_SUBI) { /* c + z, c * z: z + c, z * c */
        SizeSrc t = a;
        a = b;
        b = t;
    }
    if (k == OP_ADDI && a.arg >= 0 && b.arg >= 0) { /* a sum of argument sizes */
        if (a.nterms + 1 + b.nterms > TILE_SIZE_TERMS)
            return none;
        a.targ[a.nterms] = b.arg;
        a.tdim[a.nterms] = b.dim;
        a.tmul[a.nterms++] = size_mul(b);
        for (uint32_t i = 0; i < b.nterms; i++) {
            a.targ[a.nterms] = b.targ[i];
            a.tdim[a.nterms] = b.tdim[i];
            a.tmul[a.nterms++] = b.tmul[i];
        }
        a.add += b.add;
        return a;
    }
    if (a.arg < 0 || b.value < 0)
        return none;
    switch (k) {
    case OP_ADDI:
        a.add += b.value;
        break;
    case OP_SUBI:
        a.add -= b.value;
        break;
    default:
        if (b.value == 0)
            return SIZE_SRC(0, -1, -1);
        a.mul = size_mul(a) * b.value;
        a.add *= b.value;
        for (uint32_t i = 0; i < a.nterms; i++)
            a.tmul[i] *= b.value;
        break;
    }
    return a;
}

/* The size of dim i of a tensor.empty: its dynamic operand, traced to an argument. */
static SizeSrc
size_of_value(Graph *g, ValueId v)
{
    Module *m = g->m;
    const Value *val = value_get(m, v);
    SizeSrc s = SIZE_SRC(-1, -1, -1);
    if (!val->def) {
        if (block_parent_op(m, val->block) == g->func && value_type(m, v) == TY_INDEX)
            s.arg = (int32_t)val->index, s.dim = -1;
        return s;
    }
    const Op *o = op_get(m, val->def);
    if (o->kind == OP_CONSTANT) {
        const Attr *a = op_attr(m, val->def, "value");
        if (a && a->kind == ATTR_INT)
            s.value = a->i;
        return s;
    }
    if ((o->kind == OP_TENSOR_DIM || o->kind == OP_DIM) && o->nargs == 2) {
        SizeSrc d = size_of_value(g, o->args[1]);
        if (d.value >= 0)
            s = dim_of_value(g, o->args[0], d.value, 0);
    }
    if ((o->kind == OP_ADDI || o->kind == OP_SUBI || o->kind == OP_MULI) && o->nargs == 2)
        s = size_arith(o->kind, size_of_value(g, o->args[0]), size_of_value(g, o->args[1]));
    return s;
}

/* The size of dim d of shaped value v: static in its type, a dim of an argument, or
 * traced through the op that makes v (a tensor.empty's operand, a linalg op's init, a
 * slice's size, an insert's destination, a memref's tensor). */
static SizeSrc
dim_of_value(Graph *g, ValueId v, int64_t d, uint32_t depth)
{
    Module *m = g->m;
    const Value *val = value_get(m, v);
    const Type *t = type_get(m, val->type);
    SizeSrc s = SIZE_SRC(-1, -1, -1);
    if ((uint64_t)d >= t->rank || depth > 64)
        return s;
    if (t->shape[d] != DIM_DYNAMIC)
        return SIZE_SRC(t->shape[d], -1, -1);
    if (!val->def) {
        if (block_parent_op(m, val->block) == g->func)
            s.arg = (int32_t)val->index, s.dim = (int32_t)d;
        return s;
    }
    const Op *o = op_get(m, val->def);
    LinalgInfo li;
    char no[8];
    switch (o->kind) {
    case OP_TENSOR_EMPTY: {
        uint32_t k = 0;
        for (int64_t i = 0; i < d; i++)
            k += t->shape[i] == DIM_DYNAMIC;
        return k < o->nargs ? size_of_value(g, o->args[k]) : s;
    }
    case OP_TENSOR_INSERT_SLICE:
        return dim_of_value(g, o->args[1], d, depth + 1);
    case OP_TO_TENSOR:
        return dim_of_value(g, o->args[0], d, depth + 1);
    default:
        if (o->kind == OP_LINALG_FILL)
            return dim_of_value(g, o->args[1], d, depth + 1);
        if (op_info[o->kind].traits & T_STRUCTURED && linalg_info(m, val->def, &li, no, sizeof no))
            for (uint32_t r = 0; r < o->nres && li.nins + r < o->nargs; r++)
                if (o->res[r] == v)
                    return dim_of_value(g, o->args[li.nins + r], d, depth + 1);
        return s;
    }
}

static bool
set_array(Build *b, ValueId v, uint32_t a)
{
    if (a == UINT32_MAX)
        return false;
    b->arr_of[v] = a + 1;
    return true;
}

/* The array a shaped operand reads: a tensor's, or a memref argument's current version. */
static int64_t
array_of(Build *b, OpId user, ValueId v)
{
    Graph *g = b->g;
    Module *m = g->m;
    if (type_is_tensor(m, value_type(m, v)) && b->insert[v]) {
        tile_error(g, user,
                   "reads the result of a tensor.insert_slice: tile/ only writes such a result "
                   "into the memref it was read from (bufferization.materialize_in_destination)");
        return -1;
    }
    if (type_is_tensor(m, value_type(m, v)))
        return b->arr_of[v] ? (int64_t)b->arr_of[v] - 1 : -1;
    const Value *val = value_get(m, v);
    if (val->def || block_parent_op(m, val->block) != g->func) {
        tile_error(g, user,
                   "uses a memref that is not an argument of the function: op-level kernels "
                   "read and write their argument buffers only");
        return -1;
    }
    return b->version[val->index];
}

/* REDUCTION nodes: each out's yield must be `combine(out, f)` with f free of the outs. */
static bool
find_combiners(Graph *g, Node *n)
{
    static const struct {
        OpKind op;
        CombiningKind kind;
    } table[] = {
        { OP_ADDF, KIND_ADD },          { OP_ADDI, KIND_ADD },
        { OP_MULF, KIND_MUL },          { OP_MULI, KIND_MUL },
        { OP_MAXIMUMF, KIND_MAXIMUMF }, { OP_MINIMUMF, KIND_MINIMUMF },
        { OP_MAXNUMF, KIND_MAXNUMF },   { OP_MINNUMF, KIND_MINNUMF },
        { OP_MAXSI, KIND_MAXSI },       { OP_MINSI, KIND_MINSI },
        { OP_MAXUI, KIND_MAXUI },       { OP_MINUI, KIND_MINUI },
        { OP_ANDI, KIND_AND },          { OP_ORI, KIND_OR },
        { OP_XORI, KIND_XOR },
    };
    Module *m = g->m;
    BlockId body = op_entry_block(m, n->op, 0);
    const Block *blk = block_get(m, body);
    OpId y = blk->ops.items[blk->ops.n - 1];
    for (uint32_t j = 0; j < n->li.nouts; j++) {
        ValueId out = blk->args.items[n->li.nins + j];
        /* the out must be reduced over every reduction loop: its map has no reduction loop */
        const AffineMap *om = n->li.maps[n->li.nins + j];
        for (uint32_t r = 0; r < om->nresults; r++) {
            int32_t d = affine_map_result_dim(om, r);
            if (d >= 0 && n->li.reduction[d]) {
                tile_error(g, n->op,
                           "writes out #%u at every point of reduction loop d%d (its indexing "
                           "map keeps d%d): tile/ lowers outs that reduce over every reduction "
                           "loop, or none",
                           j, d, d);
                return false;
            }
        }
        ValueId yv = op_get(m, y)->args[j];
        OpId c = value_get(m, yv)->def;
        const Op *co = c ? op_get(m, c) : NULL;
        int kind = -1;
        for (size_t i = 0; co && i < sizeof table / sizeof table[0]; i++)
            if (table[i].op == co->kind && co->nargs == 2 &&
                (co->args[0] == out || co->args[1] == out) && co->args[0] != co->args[1])
                kind = (int)table[i].kind;
        if (kind < 0) {
            tile_error(g, n->op,
                       "reduces out #%u with a body tile/ cannot split: it must yield "
                       "`combine(out, value)` with combine one of arith.addf, mulf, maximumf, "
                       "minimumf, maxnumf, minnumf (or their integer forms)",
                       j);
            return false;
        }
        /* the out argument feeds its combiner and nothing else */
        for (uint32_t i = 0; i < blk->ops.n; i++) {
            const Op *bo = op_get(m, blk->ops.items[i]);
            for (uint32_t k = 0; k < bo->nargs; k++)
                if (bo->args[k] == out && blk->ops.items[i] != c) {
                    tile_error(g, blk->ops.items[i],
                               "reads the out of its reduction other than to combine into it: "
                               "tile/ cannot split that reduction");
                    return false;
                }
        }
        n->kind[j] = (CombiningKind)kind;
        n->combiner[j] = c;
    }
    return true;
}

/* A generic whose body is out + cast(a) * cast(b) (float or integer) is a contraction. */
static bool
is_mul_add(Module *m, OpId op)
{
    const Op *o = op_get(m, op);
    if (o->nregions != 1)
        return false;
    BlockId body = op_entry_block(m, op, 0);
    const Block *blk = block_get(m, body);
    if (blk->args.n != 3 || blk->ops.n < 3)
        return false;
    const Op *y = op_get(m, blk->ops.items[blk->ops.n - 1]);
    OpId add = y->nargs == 1 ? value_get(m, y->args[0])->def : 0;
    if (!add || (op_get(m, add)->kind != OP_ADDF && op_get(m, add)->kind != OP_ADDI))
        return false;
    const Op *ao = op_get(m, add);
    ValueId out = blk->args.items[2], prod = ao->args[0] == out ? ao->args[1] : ao->args[0];
    if (ao->args[0] != out && ao->args[1] != out)
        return false;
    OpId mul = value_get(m, prod)->def;
    if (!mul || (op_get(m, mul)->kind != OP_MULF && op_get(m, mul)->kind != OP_MULI))
        return false;
    bool seen[2] = { false, false };
    for (int i = 0; i < 2; i++) {
        ValueId x = op_get(m, mul)->args[i];
        OpId cast = value_get(m, x)->def;
        if (cast && (op_get(m, cast)->kind == OP_EXTF || op_get(m, cast)->kind == OP_EXTSI))
            x = op_get(m, cast)->args[0];
        for (int k = 0; k < 2; k++)
            if (x == blk->args.items[k])
                seen[k] = true;
    }
    /* every body op is the cast, mul, add chain: count them */
    return seen[0] && seen[1] && blk->ops.n <= 5;
}

static bool
add_node(Build *b, OpId op)
{
    Graph *g = b->g;
    Module *m = g->m;
    if (g->nnodes >= TILE_MAX_NODES) {
        tile_error(g, op, "is one op too many: a kernel holds at most %d", TILE_MAX_NODES);
        return false;
    }
    Node *n = &g->nodes[g->nnodes];
    memset(n, 0, sizeof *n);
    n->op = op;
    char why[200];
    if (!linalg_info(m, op, &n->li, why, sizeof why)) {
        tile_error(g, op, "%s", why);
        return false;
    }
    if (n->li.nins > TILE_MAX_IO || n->li.nouts > TILE_MAX_IO) {
        tile_error(g, op, "has more than %d ins or outs", TILE_MAX_IO);
        return false;
    }
    for (uint32_t d = 0; d < TILE_MAX_LOOPS; d++)
        n->label[d] = -1;
    bool any_red = false;
    for (uint32_t d = 0; d < n->li.nloops; d++)
        any_red |= n->li.reduction[d];
    OpKind k = op_get(m, op)->kind;
    n->cls = linalg_is_contraction_kind(k)                              ? NODE_CONTRACTION
             : !any_red                                                 ? NODE_ELEMENTWISE
             : is_mul_add(m, op) && n->li.nins == 2 && n->li.nouts == 1 ? NODE_CONTRACTION
                                                                        : NODE_REDUCTION;
    for (uint32_t i = 0; i < n->li.nouts; i++)
        n->res[i] = UINT32_MAX;
    const Op *o = op_get(m, op);
    for (uint32_t i = 0; i < n->li.nins; i++) {
        ValueId v = o->args[i];
        if (!type_is_shaped(m, value_type(m, v))) {
            n->in[i] = -1;
            n->scalar[i] = v;
            continue;
        }
        int64_t a = array_of(b, op, v);
        if (a < 0)
            return false;
        n->in[i] = (int32_t)a;
    }
    uint32_t r = 0;
    for (uint32_t j = 0; j < n->li.nouts; j++) {
        ValueId v = o->args[n->li.nins + j];
        int64_t a = array_of(b, op, v);
        if (a < 0)
            return false;
        n->init[j] = (uint32_t)a;
        uint32_t res = new_array(g, ARR_NODE, value_type(m, v));
        if (res == UINT32_MAX) {
            tile_error(g, op, "makes one array too many (at most %d)", TILE_MAX_ARRAYS);
            return false;
        }
        g->arrays[res].node = g->nnodes;
        g->arrays[res].out = j;
        n->res[j] = res;
        if (type_is_tensor(m, value_type(m, v)))
            set_array(b, o->res[r++], res);
        else
            b->version[value_get(m, v)->index] = res;
    }
    g->nnodes++;
    if (n->cls == NODE_REDUCTION && !find_combiners(g, n))
        return false;
    return true;
}

/* The source dims an extract_slice keeps: a rank-reducing one drops unit dims, the
 * leading ones first (as ptxgen's memref.subview reads the subview gen.c makes). */
static bool
slice_kept(const Attr *sizes, uint32_t srank, uint32_t rrank, uint32_t *keep)
{
    uint32_t r = 0;
    for (uint32_t d = 0; d < srank; d++) {
        if (r < rrank && !(sizes->ints[d] == 1 && srank - d > rrank - r))
            keep[r++] = d;
        else if (sizes->ints[d] != 1)
            return false;
    }
    return r == rrank;
}

/*
 * tensor.extract_slice %src[offsets] [sizes] [strides] (static or SSA, strides too;
 * rank-reducing results drop unit dims): an array of the slice's sizes, read through a
 * memref.subview of the source's buffer (gen.c).  Of an argument or a slice of one:
 * ARR_ARG.  Of a fill or a tensor.empty: a fill or an empty of the slice's shape.  Of a
 * tensor the function computes: ARR_SLICE, which a kernel reads once an earlier kernel
 * has written the source to a buffer (split.c).
 */
static bool
add_slice(Build *b, OpId op)
{
    Graph *g = b->g;
    Module *m = g->m;
    const Op *o = op_get(m, op);
    int64_t src = array_of(b, op, o->args[0]);
    if (src < 0)
        return false;
    const Array *sa = &g->arrays[src];
    const Type *st = type_get(m, value_type(m, o->args[0]));
    const Type *rt = type_get(m, value_type(m, o->res[0]));
    const Attr *sizes = op_attr(m, op, "static_sizes");
    const Attr *offsets = op_attr(m, op, "static_offsets");
    uint32_t keep[TILE_MAX_LOOPS];
    if (st->rank > TILE_MAX_LOOPS || !sizes || !offsets || sizes->n != st->rank ||
        offsets->n != st->rank || !slice_kept(sizes, st->rank, rt->rank, keep)) {
        tile_error(g, op,
                   "drops a dim whose size is not a static 1: tile/ takes slices whose result "
                   "keeps every dim of the source but static unit ones (give the sizes as "
                   "constants)");
        return false;
    }
    ArrayKind kind = sa->kind == ARR_FILL || sa->kind == ARR_EMPTY ? sa->kind
                     : sa->kind == ARR_ARG                         ? ARR_ARG
                                                                   : ARR_SLICE;
    uint32_t a = new_array(g, kind, value_type(m, o->res[0]));
    if (a == UINT32_MAX) {
        tile_error(g, op, "makes one array too many (at most %d)", TILE_MAX_ARRAYS);
        return false;
    }
    Array *na = &g->arrays[a];
    na->arg = sa->arg;
    na->scalar = sa->scalar;
    if (kind == ARR_ARG || kind == ARR_SLICE) {
        na->slice = op;
        na->src = (int32_t)src;
    }
    /* the dynamic operands follow the source: offsets, then sizes */
    uint32_t k = 1, r = 0;
    for (uint32_t d = 0; d < st->rank; d++)
        k += offsets->ints[d] == DIM_DYNAMIC;
    for (uint32_t d = 0; d < st->rank; d++) {
        SizeSrc sz = sizes->ints[d] != DIM_DYNAMIC ? SIZE_SRC(sizes->ints[d], -1, -1)
                                                   : size_of_value(g, op_get(m, op)->args[k++]);
        if (r < rt->rank && keep[r] == d)
            na->size[r++] = sz;
    }
    return set_array(b, o->res[0], a);
}

static bool
add_fill(Build *b, OpId op)
{
    Graph *g = b->g;
    Module *m = g->m;
    const Op *o = op_get(m, op);
    int64_t init = array_of(b, op, o->args[1]);
    if (init < 0)
        return false;
    uint32_t a = new_array(g, ARR_FILL, value_type(m, o->args[1]));
    if (a == UINT32_MAX) {
        tile_error(g, op, "makes one array too many (at most %d)", TILE_MAX_ARRAYS);
        return false;
    }
    g->arrays[a].scalar = o->args[0];
    memcpy(g->arrays[a].size, g->arrays[init].size, sizeof g->arrays[a].size);
    if (o->nres)
        return set_array(b, o->res[0], a);
    b->version[value_get(m, o->args[1])->index] = a;
    return true;
}

static bool
add_output(Graph *g, OpId op, uint32_t array, uint32_t dest, bool result, uint32_t index)
{
    if (g->nouts >= TILE_MAX_ARGS) {
        tile_error(g, op, "has more than %d outputs", TILE_MAX_ARGS);
        return false;
    }
    g->outs[g->nouts++] = (Output){ array, dest, result, index, false, 0 };
    return true;
}

/* tensor.insert_slice %y into %t (offsets, sizes and strides static or SSA values; %y
 * of the slice's rank or with its unit dims dropped): checked here, written by the
 * materialize or the return of its result (add_inserts, add_returned_inserts) */
static bool
add_insert(Build *b, OpId op)
{
    Graph *g = b->g;
    Module *m = g->m;
    const Op *o = op_get(m, op);
    const Type *dt = type_get(m, value_type(m, o->args[1]));
    const Attr *offs = op_attr(m, op, "static_offsets"), *szs = op_attr(m, op, "static_sizes");
    const Attr *strides = op_attr(m, op, "static_strides");
    if (!offs || !szs || !strides || offs->n != dt->rank || szs->n != dt->rank ||
        strides->n != dt->rank)
        return tile_error(g, op, "has no offsets, sizes and strides"), false;
    int64_t y = array_of(b, op, o->args[0]);
    if (y < 0)
        return false;
    if (g->arrays[y].kind != ARR_NODE) {
        tile_error(g, op,
                   "inserts a tensor the function does not compute (an argument, a fill or an "
                   "empty tensor): tile/ inserts the result of a linalg op (copy it with "
                   "linalg.copy)");
        return false;
    }
    if (!b->insert[o->args[1]]) {
        int64_t d = array_of(b, op, o->args[1]);
        if (d < 0)
            return false;
        const Array *da = &g->arrays[d];
        bool copy = da->kind == ARR_NODE; /* generalize.c's copy of the destination */
        if (!copy && (da->kind != ARR_ARG || da->slice ||
                      !type_is_memref(m, value_type(m, block_get(m, op_entry_block(m, g->func, 0))
                                                           ->args.items[da->arg])))) {
            tile_error(g, op,
                       "inserts into a tensor that is not a memref argument as it is on entry "
                       "(bufferization.to_tensor %%m): tile/ writes the slice in place, into "
                       "that memref");
            return false;
        }
    }
    b->insert[o->res[0]] = op;
    return true;
}

static bool inserts_overlap(Module *m, OpId a, OpId c);
static bool overlap_error(Graph *g, OpId op, OpId earlier, const char *what);

/* return of %r, the result of inserts into the copy of a destination (generalize.c):
 * result i is that copy, then each insert's tensor in its subview of the result buffer */
static bool
add_returned_inserts(Build *b, OpId ret, ValueId r, uint32_t i)
{
    Graph *g = b->g;
    Module *m = g->m;
    ValueId base = r;
    while (b->insert[base])
        base = op_get(m, b->insert[base])->args[1];
    uint32_t ba = b->arr_of[base] - 1, dest = g->nparams + i;
    if (g->arrays[ba].kind != ARR_NODE) {
        tile_error(g, b->insert[r],
                   "makes a result by inserting into the tensor of a memref argument: "
                   "materialize it in that memref (bufferization.materialize_in_destination)");
        return false;
    }
    if (!add_output(g, ret, ba, dest, true, i))
        return false;
    uint32_t first = g->nouts;
    for (ValueId t = r; b->insert[t]; t = op_get(m, b->insert[t])->args[1]) {
        OpId op = b->insert[t];
        for (uint32_t k = first; k < g->nouts; k++)
            if (inserts_overlap(m, op, g->outs[k].slice))
                return overlap_error(g, op, g->outs[k].slice, "buffer");
        if (!add_output(g, op, b->arr_of[op_get(m, op)->args[0]] - 1, dest, false, 0))
            return false;
        g->outs[g->nouts - 1].slice = op;
    }
    return true;
}

/* The SSA value of an insert's dynamic offset (list 0) or size (list 1) on dim d, or 0. */
static ValueId
insert_operand(Module *m, OpId op, int list, uint32_t d)
{
    const Attr *offs = op_attr(m, op, "static_offsets"), *szs = op_attr(m, op, "static_sizes");
    const Attr *l = list ? szs : offs;
    if (l->ints[d] != DIM_DYNAMIC)
        return 0;
    uint32_t k = 2;
    for (uint32_t i = 0; list && i < offs->n; i++)
        k += offs->ints[i] == DIM_DYNAMIC;
    for (uint32_t i = 0; i < d; i++)
        k += l->ints[i] == DIM_DYNAMIC;
    return k < op_get(m, op)->nargs ? op_get(m, op)->args[k] : 0;
}

/* Whether, on dim d, insert a covers [0, %s) with unit strides and insert c starts at
 * that same %s: the two halves of a concatenation. */
static bool
concat_halves(Module *m, OpId a, OpId c, uint32_t d)
{
    const Attr *sa = op_attr(m, a, "static_strides"), *sc = op_attr(m, c, "static_strides");
    ValueId size = insert_operand(m, a, 1, d);
    return op_attr(m, a, "static_offsets")->ints[d] == 0 && sa->ints[d] == 1 && sc->ints[d] == 1 &&
           size && insert_operand(m, c, 0, d) == size;
}

/* Whether the slices of two inserts may overlap: not when, on some dim, the offsets,
 * sizes and strides of both are static and their extents disjoint, or one starts where
 * the other, from 0, ends (concat_halves). */
static bool
inserts_overlap(Module *m, OpId a, OpId c)
{
    const OpId op[2] = { a, c };
    const Attr *l[2][3];
    for (int i = 0; i < 2; i++) {
        l[i][0] = op_attr(m, op[i], "static_offsets");
        l[i][1] = op_attr(m, op[i], "static_sizes");
        l[i][2] = op_attr(m, op[i], "static_strides");
    }
    for (uint32_t d = 0; d < l[0][0]->n; d++) {
        int64_t lo[2], hi[2];
        bool known = true;
        for (int i = 0; i < 2; i++) {
            int64_t off = l[i][0]->ints[d], size = l[i][1]->ints[d], step = l[i][2]->ints[d];
            known &= off != DIM_DYNAMIC && size != DIM_DYNAMIC && step != DIM_DYNAMIC;
            lo[i] = off;
            hi[i] = size > 0 ? off + (size - 1) * step + 1 : off;
        }
        if ((known && (hi[0] <= lo[1] || hi[1] <= lo[0])) || concat_halves(m, a, c, d) ||
            concat_halves(m, c, a, d))
            return false;
    }
    return true;
}

/* Whether an insert has a dynamic offset, size or stride. */
static bool
insert_dynamic(Module *m, OpId op)
{
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    for (int i = 0; i < 3; i++) {
        const Attr *a = op_attr(m, op, names[i]);
        for (uint32_t d = 0; d < a->n; d++)
            if (a->ints[d] == DIM_DYNAMIC)
                return true;
    }
    return false;
}

/* The error for insert op, whose slice may overlap the earlier one's; false. */
static bool
overlap_error(Graph *g, OpId op, OpId earlier, const char *what)
{
    Module *m = g->m;
    if (insert_dynamic(m, op) || insert_dynamic(m, earlier))
        tile_error(g, op,
                   "may write part of the slice of the insert on line %u: tile/ writes the "
                   "inserts into one %s at once, so they must not overlap, and their dynamic "
                   "offsets, sizes or strides do not show that they do not (make them static "
                   "on a dim where the two are disjoint)",
                   op_get(m, earlier)->loc.line, what);
    else
        tile_error(g, op,
                   "writes part of the slice of the insert on line %u: tile/ writes the "
                   "inserts into one %s at once, so they must not overlap",
                   op_get(m, earlier)->loc.line, what);
    return false;
}

/* materialize %r in %m where %r is the result of inserts into %m's tensor: one output
 * per insert, its array written to the subview of %m (the rest of %m is left as it is) */
static bool
add_inserts(Build *b, OpId mat, ValueId r, ValueId mem)
{
    Graph *g = b->g;
    Module *m = g->m;
    uint32_t arg = value_get(m, mem)->index;
    ValueId base = r;
    while (b->insert[base])
        base = op_get(m, b->insert[base])->args[1];
    uint32_t ba = b->arr_of[base] - 1;
    if (g->arrays[ba].kind == ARR_NODE && !add_output(g, mat, ba, arg, false, 0))
        return false; /* a copy of the destination first, whole (its own kernel) */
    uint32_t first = g->nouts;
    for (ValueId t = r; b->insert[t]; t = op_get(m, b->insert[t])->args[1]) {
        OpId op = b->insert[t];
        uint32_t y = b->arr_of[op_get(m, op)->args[0]] - 1;
        for (uint32_t k = first; k < g->nouts; k++)
            if (inserts_overlap(m, op, g->outs[k].slice))
                return overlap_error(g, op, g->outs[k].slice, "memref");
        if (!add_output(g, op, y, arg, false, 0))
            return false;
        g->outs[g->nouts - 1].slice = op;
        ValueId d = op_get(m, op)->args[1];
        if (!b->insert[d] && g->arrays[b->arr_of[d] - 1].kind == ARR_ARG &&
            g->arrays[b->arr_of[d] - 1].arg != arg) {
            tile_error(g, mat,
                       "writes into argument #%u the inserts into the tensor of argument #%u: "
                       "materialize them in the memref they were read from",
                       arg, g->arrays[b->arr_of[d] - 1].arg);
            return false;
        }
    }
    return true;
}

/* Ops that only compute scalars (sizes, constants) stay at the function level: the
 * kernel clones those it needs. */
static bool
is_scalar_op(Module *m, OpId op)
{
    const Op *o = op_get(m, op);
    if (o->kind == OP_TENSOR_DIM || o->kind == OP_DIM)
        return true;
    if (!(op_info[o->kind].traits & T_PURE) || o->nregions)
        return false;
    for (uint32_t i = 0; i < o->nres; i++)
        if (!type_is_scalar(value_type(m, o->res[i])))
            return false;
    for (uint32_t i = 0; i < o->nargs; i++)
        if (!type_is_scalar(value_type(m, o->args[i])))
            return false;
    return true;
}

static bool
walk_op(Build *b, OpId op)
{
    Graph *g = b->g;
    Module *m = g->m;
    const Op *o = op_get(m, op);
    switch (o->kind) {
    case OP_TENSOR_EMPTY: {
        uint32_t a = new_array(g, ARR_EMPTY, value_type(m, o->res[0]));
        if (a == UINT32_MAX)
            break;
        const Type *t = type_get(m, value_type(m, o->res[0]));
        uint32_t k = 0;
        for (uint32_t i = 0; i < t->rank && i < TILE_MAX_LOOPS; i++)
            g->arrays[a].size[i] = t->shape[i] != DIM_DYNAMIC ? SIZE_SRC(t->shape[i], -1, -1)
                                                              : size_of_value(g, o->args[k++]);
        return set_array(b, o->res[0], a);
    }
    case OP_LINALG_FILL:
        return add_fill(b, op);
    case OP_TO_TENSOR: {
        int64_t a = array_of(b, op, o->args[0]);
        return a >= 0 && set_array(b, o->res[0], (uint32_t)a);
    }
    case OP_MATERIALIZE_IN_DESTINATION: {
        if (b->insert[o->args[0]] && !o->nres)
            return array_of(b, op, o->args[1]) >= 0 && add_inserts(b, op, o->args[0], o->args[1]);
        int64_t a = array_of(b, op, o->args[0]);
        if (a < 0)
            return false;
        if (o->nres)
            return set_array(b, o->res[0], (uint32_t)a);
        if (array_of(b, op, o->args[1]) < 0)
            return false;
        b->version[value_get(m, o->args[1])->index] = (uint32_t)a;
        return true;
    }
    case OP_RETURN:
        for (uint32_t i = 0; i < o->nargs; i++) {
            if (b->insert[o->args[i]]) {
                if (!add_returned_inserts(b, op, o->args[i], i))
                    return false;
                continue;
            }
            int64_t a = array_of(b, op, o->args[i]);
            if (a < 0) {
                if (!type_is_tensor(m, value_type(m, o->args[i])))
                    tile_error(g, op,
                               "returns a %s: an op-level function returns tensors (or nothing)",
                               type_is_scalar(value_type(m, o->args[i])) ? "scalar" : "memref");
                return false;
            }
            if (!add_output(g, op, (uint32_t)a, g->nparams + i, true, i))
                return false;
        }
        return true;
    case OP_TENSOR_EXTRACT_SLICE:
        return add_slice(b, op);
    case OP_TENSOR_INSERT_SLICE:
        return add_insert(b, op);
    default:
        if (o->kind == OP_LINALG_GENERIC || linalg_is_contraction_kind(o->kind))
            return add_node(b, op);
        if (is_scalar_op(m, op))
            return true;
        tile_error(g, op,
                   "cannot appear in an op-level function: its body holds linalg, tensor and "
                   "bufferization ops and the scalar ops that compute their sizes");
        return false;
    }
    tile_error(g, op, "makes one array too many (at most %d)", TILE_MAX_ARRAYS);
    return false;
}

bool
tile_build_graph(Graph *g)
{
    Module *m = g->m;
    BlockId entry = op_entry_block(m, g->func, 0);
    const Block *blk = block_get(m, entry);
    Build b = { g,
                arena_alloc(&m->arena, (m->nvalues + 1) * sizeof(uint32_t)),
                { 0 },
                arena_alloc(&m->arena, (m->nvalues + 1) * sizeof(OpId)) };
    g->nparams = blk->args.n;
    if (g->nparams > TILE_MAX_ARGS / 2) {
        tile_error(g, g->func, "has more than %d arguments", TILE_MAX_ARGS / 2);
        return false;
    }
    for (uint32_t i = 0; i < g->nparams; i++) {
        ValueId v = blk->args.items[i];
        TypeId t = value_type(m, v);
        if (!type_is_tensor(m, t) && !type_is_memref(m, t))
            continue;
        uint32_t a = new_array(g, ARR_ARG, t);
        g->arrays[a].arg = i;
        b.version[i] = a;
        set_array(&b, v, a);
    }
    for (uint32_t i = 0; i < block_get(m, entry)->ops.n; i++)
        if (!walk_op(&b, block_get(m, entry)->ops.items[i]))
            return false;
    const Attr *ft = op_attr(m, g->func, "function_type");
    g->nresults = ft ? type_get(m, ft->type)->nouts : 0;
    /* memref arguments that were written: their last version goes back to them */
    for (uint32_t i = 0; i < g->nparams; i++) {
        TypeId t = value_type(m, blk->args.items[i]);
        if (type_is_memref(m, t) && b.version[i] != UINT32_MAX &&
            !(g->arrays[b.version[i]].kind == ARR_ARG && g->arrays[b.version[i]].arg == i) &&
            !add_output(g, g->func, b.version[i], i, false, 0))
            return false;
    }
    if (!g->nouts) {
        tile_error(g, g->func, "computes nothing: it returns no tensor and writes no memref");
        return false;
    }
    for (uint32_t k = 0; k < g->nouts; k++) {
        const Array *a = &g->arrays[g->outs[k].array];
        if (a->slice) {
            tile_error(g, a->slice,
                       "is %s output #%u as it is: tile/ writes the tensors linalg ops compute "
                       "(copy the slice with linalg.copy into a tensor.empty)",
                       g->outs[k].result ? "tensor" : "memref", k);
            return false;
        }
        if (a->kind == ARR_ARG || a->kind == ARR_EMPTY) {
            tile_error(g, g->func,
                       "%s output #%u is %s: there is nothing to compute (copy it with "
                       "linalg.copy)",
                       g->outs[k].result ? "tensor" : "memref", k,
                       a->kind == ARR_ARG ? "an argument unchanged" : "a tensor.empty");
            return false;
        }
    }
    return true;
}

/* ---------------------------------------------------------------- fusion */

LoopSet
tile_node_loops(const Graph *g, const Node *n)
{
    (void)g;
    LoopSet s = 0;
    for (uint32_t d = 0; d < n->li.nloops; d++)
        if (n->label[d] >= 0)
            s |= 1u << n->label[d];
    return s;
}

LoopSet
tile_array_loops(const Graph *g, const Array *a)
{
    LoopSet s = 0;
    uint32_t rank = type_get(g->m, a->type)->rank;
    for (uint32_t r = 0; r < rank && r < TILE_MAX_LOOPS; r++)
        if (a->label[r] >= 0)
            s |= 1u << a->label[r];
    return s;
}

static bool
labelled(const Array *a)
{
    return a->kind == ARR_ARG || a->kind == ARR_NODE;
}

/* Unifies the labels of node n's loops with those of array a's dims through map; sets
 * *changed; false after reporting a conflict. */
static bool
unify(Graph *g, Node *n, Array *a, const AffineMap *map, uint32_t operand, bool *changed)
{
    if (!labelled(a))
        return true;
    for (uint32_t r = 0; r < map->nresults && r < TILE_MAX_LOOPS; r++) {
        int32_t d = affine_map_result_dim(map, r);
        if (d < 0)
            continue;
        if (n->label[d] >= 0 && a->label[r] < 0) {
            a->label[r] = n->label[d];
            *changed = true;
        } else if (n->label[d] < 0 && a->label[r] >= 0) {
            n->label[d] = a->label[r];
            *changed = true;
        } else if (n->label[d] >= 0 && n->label[d] != a->label[r]) {
            tile_error(g, n->op,
                       "walks operand #%u's dim %u with its loop d%d, which is loop %s of the "
                       "kernel's root, but another op walks that dim with loop %s: the two do "
                       "not fuse into one kernel",
                       operand, r, d, g->loops[n->label[d]].name, g->loops[a->label[r]].name);
            return false;
        }
    }
    return true;
}

static bool
propagate(Graph *g)
{
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t i = 0; i < g->nnodes; i++) {
            Node *n = &g->nodes[i];
            const LinalgInfo *li = &n->li;
            for (uint32_t k = 0; k < li->nins; k++)
                if (n->in[k] >= 0 && !unify(g, n, &g->arrays[n->in[k]], li->maps[k], k, &changed))
                    return false;
            for (uint32_t j = 0; j < li->nouts; j++) {
                const AffineMap *map = li->maps[li->nins + j];
                if (!unify(g, n, &g->arrays[n->init[j]], map, li->nins + j, &changed) ||
                    !unify(g, n, &g->arrays[n->res[j]], map, li->nins + j, &changed))
                    return false;
            }
        }
    }
    return true;
}

/* Which root: the contraction; else the first reduction; else the node with most loops
 * (the last of them). */
static bool
pick_root(Graph *g)
{
    int32_t con = -1, red = -1, most = -1;
    for (uint32_t i = 0; i < g->nnodes; i++) {
        const Node *n = &g->nodes[i];
        if (n->cls == NODE_CONTRACTION) {
            if (con >= 0) {
                tile_error(g, n->op,
                           "is a second contraction in the function (the first is line %u): "
                           "one kernel holds one contraction",
                           op_get(g->m, g->nodes[con].op)->loc.line);
                return false;
            }
            con = (int32_t)i;
        }
        if (n->cls == NODE_REDUCTION && red < 0)
            red = (int32_t)i;
        if (most < 0 || n->li.nloops >= g->nodes[most].li.nloops)
            most = (int32_t)i;
    }
    g->root = (uint32_t)(con >= 0 ? con : red >= 0 ? red : most);
    g->cls = con >= 0 ? KERNEL_CONTRACTION : red >= 0 ? KERNEL_REDUCTION : KERNEL_ELEMENTWISE;
    return true;
}

/* The names of the root's loops: m, n, k, b for a contraction, d<i> otherwise. */
static void
name_loops(Graph *g)
{
    Node *r = &g->nodes[g->root];
    const LinalgInfo *li = &r->li;
    static const char *const d[TILE_MAX_LOOPS] = { "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7" };
    for (uint32_t i = 0; i < li->nloops; i++)
        g->loops[i].name = d[i];
    if (g->cls != KERNEL_CONTRACTION)
        return;
    r->contract_m = r->contract_n = -1;
    for (uint32_t i = 0; i < li->nloops; i++) {
        bool in[3] = { false, false, false };
        for (int k = 0; k < 3; k++)
            for (uint32_t x = 0; x < li->maps[k]->nresults; x++)
                in[k] |= affine_map_result_dim(li->maps[k], x) == (int32_t)i;
        g->loops[i].name = li->reduction[i] ? "k" : in[0] && in[1] ? "b" : in[0] ? "m" : "n";
        if (!li->reduction[i] && in[0] && !in[1])
            r->contract_m = (int32_t)i;
        if (!li->reduction[i] && in[1] && !in[0])
            r->contract_n = (int32_t)i;
    }
}

/* Whether elementwise node n is a prologue of the contraction's operand array a: its
 * loops are a's, and its results reach only the contraction, through a or through other
 * prologue nodes of a (which recompute them in each K step). */
static bool
prologue_of(const Graph *g, const Node *n, uint32_t a, uint32_t depth)
{
    const Node *root = &g->nodes[g->root];
    if (n->cls != NODE_ELEMENTWISE || depth > TILE_MAX_NODES ||
        (tile_node_loops(g, n) & ~tile_array_loops(g, &g->arrays[a])))
        return false;
    for (uint32_t j = 0; j < n->li.nouts; j++) {
        uint32_t r = n->res[j];
        for (uint32_t k = 0; k < g->nouts; k++)
            if (g->outs[k].array == r)
                return false;
        for (uint32_t i = 0; i < g->nnodes; i++) {
            const Node *u = &g->nodes[i];
            bool reads = false;
            for (uint32_t k = 0; k < u->li.nins; k++)
                reads |= u->in[k] == (int32_t)r;
            for (uint32_t k = 0; k < u->li.nouts; k++)
                reads |= u->init[k] == r;
            if (!reads)
                continue;
            if (u == root) {
                if (r != a)
                    return false;
                continue;
            }
            if (!prologue_of(g, u, a, depth + 1))
                return false;
        }
    }
    return true;
}

/* What a contraction kernel holds beside its root: elementwise epilogues over the
 * result's loops, and elementwise prologues of its A and B operands. */
static bool
contraction_fuses(const Graph *g, const Node *n)
{
    if (n->cls != NODE_ELEMENTWISE)
        return false;
    if (!(tile_node_loops(g, n) & g->reduced))
        return true;
    const Node *root = &g->nodes[g->root];
    for (int k = 0; k < 2; k++)
        if (g->arrays[root->in[k]].kind == ARR_NODE && prologue_of(g, n, (uint32_t)root->in[k], 0))
            return true;
    return false;
}

/* What the kernel class can hold. */
static bool
check_class(Graph *g)
{
    const Node *root = &g->nodes[g->root];
    g->reduced = 0;
    for (uint32_t d = 0; d < root->li.nloops; d++)
        if (root->li.reduction[d])
            g->reduced |= 1u << d;
    for (uint32_t i = 0; i < g->nnodes; i++) {
        const Node *n = &g->nodes[i];
        for (uint32_t d = 0; d < n->li.nloops; d++) {
            if (n->label[d] < 0) {
                tile_error(g, n->op,
                           "shares no loop with the kernel's root ('%s'%s on line %u) for its "
                           "loop d%u: it does not fuse into that kernel",
                           tile_op_name(g, root->op), tile_op_part(g, root->op),
                           op_get(g->m, root->op)->loc.line, d);
                return false;
            }
            for (uint32_t e = 0; e < d; e++)
                if (n->label[e] == n->label[d]) {
                    tile_error(g, n->op, "walks loop %s of the kernel with two of its loops",
                               g->loops[n->label[d]].name);
                    return false;
                }
            bool red = (g->reduced >> n->label[d]) & 1;
            if (n->li.reduction[d] != red && (n->li.reduction[d] || n->cls != NODE_ELEMENTWISE)) {
                tile_error(g, n->op,
                           "reduces over loop %s, which the kernel's root ('%s'%s on line %u) "
                           "%s: one kernel reduces over one set of loops",
                           g->loops[n->label[d]].name, tile_op_name(g, root->op),
                           tile_op_part(g, root->op), op_get(g->m, root->op)->loc.line,
                           red ? "reduces too, but this op does not" : "does not reduce");
                return false;
            }
        }
        if (g->cls == KERNEL_CONTRACTION && i != g->root && !contraction_fuses(g, n)) {
            tile_error(g, n->op,
                       "does not fuse with the contraction on line %u: only elementwise ops "
                       "over its result's loops (an epilogue) or over one operand's loops "
                       "whose result only that operand reads (a prologue) do",
                       op_get(g->m, root->op)->loc.line);
            return false;
        }
    }
    if (g->cls == KERNEL_CONTRACTION)
        for (int k = 0; k < 2; k++) {
            const Array *a = &g->arrays[root->in[k]];
            if (a->kind == ARR_FILL || a->kind == ARR_EMPTY) {
                tile_error(g, root->op,
                           "reads its %s operand from a %s: give the contraction an operand "
                           "to read (an argument, or elementwise ops on one)",
                           k ? "B" : "A", a->kind == ARR_FILL ? "linalg.fill" : "tensor.empty");
                return false;
            }
        }
    return true;
}

/* The size of every loop: a dim of an argument buffer (static when its type says), else
 * a size of a tensor.empty the kernel fills. */
static bool
loop_sizes(Graph *g)
{
    for (uint32_t c = 0; c < g->nloops; c++)
        g->loops[c].size = SIZE_SRC(-1, -1, -1);
    for (uint32_t i = 0; i < g->narrays; i++) {
        const Array *a = &g->arrays[i];
        if (a->kind != ARR_ARG)
            continue;
        const Type *t = type_get(g->m, a->type);
        for (uint32_t r = 0; r < t->rank && r < TILE_MAX_LOOPS; r++) {
            int32_t c = a->label[r];
            if (c < 0)
                continue;
            SizeSrc *s = &g->loops[c].size;
            if (a->arg >= g->nparams || a->slice) { /* a slice, or an earlier kernel's buffer */
                if (s->value < 0 && s->arg < 0)
                    *s = a->size[r];
                continue;
            }
            if (t->shape[r] != DIM_DYNAMIC)
                *s = SIZE_SRC(t->shape[r], -1, -1);
            else if (s->value < 0 && s->arg < 0)
                *s = SIZE_SRC(-1, (int32_t)a->arg, (int32_t)r);
        }
    }
    /* sizes of tensor.empty / fill inits, through the out maps */
    for (uint32_t i = 0; i < g->nnodes; i++) {
        const Node *n = &g->nodes[i];
        for (uint32_t j = 0; j < n->li.nouts; j++) {
            const Array *a = &g->arrays[n->init[j]];
            if (labelled(a))
                continue;
            const AffineMap *map = n->li.maps[n->li.nins + j];
            for (uint32_t r = 0; r < map->nresults && r < TILE_MAX_LOOPS; r++) {
                int32_t d = affine_map_result_dim(map, r);
                SizeSrc *s = d >= 0 ? &g->loops[n->label[d]].size : NULL;
                if (s && s->value < 0 && s->arg < 0)
                    *s = a->size[r];
            }
        }
    }
    for (uint32_t c = 0; c < g->nloops; c++)
        if (g->loops[c].size.value < 0 && g->loops[c].size.arg < 0) {
            tile_error(g, g->nodes[g->root].op,
                       "has loop %s whose size is no argument's dim and no index argument "
                       "(times or plus a constant): vptx sizes the grid and the result "
                       "buffers from the arguments (give that size as an index argument, or "
                       "read it with tensor.dim of one)",
                       g->loops[c].name);
            return false;
        }
    return true;
}

/* A slice of a tensor the kernel computes is read from the buffer an earlier kernel
 * wrote it to: a node of this kernel may not read one (split.c then cuts before it). */
static bool
reads_no_pending_slice(Graph *g)
{
    for (uint32_t i = 0; i < g->nnodes; i++) {
        const Node *n = &g->nodes[i];
        for (uint32_t k = 0; k < n->li.nins + n->li.nouts; k++) {
            int32_t x = k < n->li.nins ? n->in[k] : (int32_t)n->init[k - n->li.nins];
            if (x < 0 || g->arrays[x].kind != ARR_SLICE)
                continue;
            tile_error(g, n->op,
                       "reads a slice (line %u) of a tensor computed in its kernel: a kernel "
                       "reads slices of the buffers earlier kernels wrote, so this op starts "
                       "a kernel of its own",
                       op_get(g->m, g->arrays[x].slice)->loc.line);
            return false;
        }
    }
    return true;
}

bool
tile_fuse(Graph *g)
{
    if (!g->nnodes) {
        tile_error(g, g->func,
                   "holds no linalg op but fills: tile/ needs a linalg.generic, a named op or "
                   "a contraction to tile");
        return false;
    }
    if (!reads_no_pending_slice(g) || !pick_root(g))
        return false;
    Node *root = &g->nodes[g->root];
    g->nloops = root->li.nloops;
    for (uint32_t d = 0; d < g->nloops; d++) {
        root->label[d] = (int32_t)d;
        g->loops[d].reduction = root->li.reduction[d];
        g->loops[d].grid = -1;
        g->loops[d].in_vector = true;
    }
    name_loops(g);
    if (!propagate(g) || !check_class(g))
        return false;
    for (uint32_t k = 0; k < g->nouts; k++) {
        const Array *a = &g->arrays[g->outs[k].array];
        uint32_t rank = type_get(g->m, a->type)->rank;
        for (uint32_t r = 0; r < rank; r++)
            if (a->kind != ARR_FILL && a->label[r] < 0) {
                tile_error(g, g->func, "output #%u has a dim no loop of the kernel walks", k);
                return false;
            }
        if (a->kind == ARR_FILL) {
            tile_error(g, g->func,
                       "output #%u is a linalg.fill that no op reads: write it with the op "
                       "that uses it, or as a linalg.generic",
                       k);
            return false;
        }
    }
    return loop_sizes(g);
}
