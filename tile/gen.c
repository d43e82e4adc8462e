/*
 * gen.c -- building the vector program of a kernel: ops and constants, the scalars of
 * the op-level function cloned into the kernel, vectors over loop sets, reads and
 * writes of the argument buffers, and the values of arrays (reads, fills, the bodies of
 * elementwise nodes).
 *
 * Reads and writes.  An array's dim walked by loop c is indexed at base[c] (the tile's
 * first index, or the current step of a reduction loop).  A value over loop set S is
 * read with one vector.transfer_read whose vector dims are S's vector loops in canonical
 * order: the permutation_map sends each to the buffer dim it walks, or to the constant 0
 * where the buffer has no such dim (a broadcast, in bounds).  A dim is in_bounds when its
 * loop's size is static and a multiple of the tile; otherwise the read pads (zero, or the
 * reduction's identity) and the write clips, which is how ragged sizes work:
 *
 *     bias: memref<?xf32>, read over {m, n} (128 x 128):
 *       vector.transfer_read %bias[%n0], %pad
 *           {in_bounds = [true, false], permutation_map = (d0) -> (0, d0)}
 *           : memref<?xf32>, vector<128x128xf32>
 *
 * Between loop sets a value is broadcast (the new dims first) and transposed back to
 * canonical order (gen_expand), as examples/softmax.mlir does by hand.
 */
#include "tile/gen.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------ ops */

static void
insert_prologue(Gen *G, OpId o)
{
    Module *m = G->m;
    Block *b = block_get(m, G->entry);
    ARRAY_PUSH(&m->arena, b->ops, o);
    b = block_get(m, G->entry);
    memmove(&b->ops.items[G->nprologue + 1], &b->ops.items[G->nprologue],
            (b->ops.n - 1 - G->nprologue) * sizeof *b->ops.items);
    b->ops.items[G->nprologue++] = o;
    op_get(m, o)->parent = G->entry;
}

OpId
gen_op_id(Gen *G, OpKind k, uint32_t n, const ValueId *args, uint32_t nres, const TypeId *rt,
          uint32_t nregions)
{
    OpId o = op_new(G->m, k, G->loc, n, args, nres, rt, nregions);
    block_append(G->m, G->cur, o);
    return o;
}

ValueId
gen_op(Gen *G, OpKind k, uint32_t n, const ValueId *args, TypeId rt)
{
    OpId o = gen_op_id(G, k, n, args, rt ? 1 : 0, &rt, 0);
    return rt ? op_get(G->m, o)->res[0] : 0;
}

static ValueId
prologue_const(Gen *G, TypeId t, const Attr *value)
{
    /* the same constant once: look for it among the prologue's ops */
    const Block *b = block_get(G->m, G->entry);
    for (uint32_t i = 0; i < G->nprologue; i++) {
        OpId o = b->ops.items[i];
        const Op *op = op_get(G->m, o);
        if (op->kind == OP_CONSTANT && value_type(G->m, op->res[0]) == t &&
            attr_equal(op_attr(G->m, o, "value"), value))
            return op->res[0];
    }
    OpId o = op_new(G->m, OP_CONSTANT, G->loc, 0, NULL, 1, &t, 0);
    op_set_attr(G->m, o, "value", value);
    insert_prologue(G, o);
    return op_get(G->m, o)->res[0];
}

ValueId
gen_index(Gen *G, int64_t v)
{
    return prologue_const(G, TY_INDEX, attr_int(G->m, v, TY_INDEX));
}

ValueId
gen_splat(Gen *G, TypeId t, double f, int64_t i)
{
    Module *m = G->m;
    TypeId e = type_element(m, t);
    if (type_is_scalar(t))
        return prologue_const(
            G, t, type_is_float(e) ? attr_float(m, ir_float_round(f, e), e) : attr_int(m, i, e));
    Attr *a = arena_alloc(&m->arena, sizeof *a);
    a->kind = ATTR_DENSE;
    a->type = t;
    a->n = 1;
    a->splat = true;
    if (type_is_float(e)) {
        double *v = arena_alloc(&m->arena, sizeof *v);
        *v = ir_float_round(f, e);
        a->floats = v;
    } else {
        int64_t *v = arena_alloc(&m->arena, sizeof *v);
        *v = i;
        a->ints = v;
    }
    return prologue_const(G, t, a);
}

ValueId
gen_mul_index(Gen *G, ValueId a, int64_t k)
{
    if (k == 1)
        return a;
    ValueId args[2] = { a, gen_index(G, k) };
    return gen_op(G, OP_MULI, 2, args, TY_INDEX);
}

ValueId
gen_sub_index(Gen *G, ValueId a, ValueId b)
{
    ValueId args[2] = { a, b };
    return gen_op(G, OP_SUBI, 2, args, TY_INDEX);
}

/* An op-level scalar (a constant, an index computation, tensor.dim / memref.dim of an
 * argument, a scalar argument), cloned into the kernel's prologue. */
ValueId
gen_scalar(Gen *G, ValueId v)
{
    Module *m = G->m;
    if (G->clone[v])
        return G->clone[v];
    const Value *val = value_get(m, v);
    if (!val->def) {
        if (block_parent_op(m, val->block) == G->g->func)
            return G->clone[v] = G->arg[val->index];
        tile_error(G->g, G->g->func, "uses a block argument of a body outside it");
        G->failed = true;
        return gen_index(G, 0);
    }
    OpId d = val->def;
    const Op *o = op_get(m, d);
    ValueId args[8];
    if (o->nargs > 8 || o->nres != 1) {
        tile_error(G->g, d, "cannot be computed in the kernel");
        G->failed = true;
        return gen_index(G, 0);
    }
    for (uint32_t i = 0; i < o->nargs; i++) {
        ValueId a = op_get(m, d)->args[i];
        const Value *av = value_get(m, a);
        /* tensor.dim / memref.dim of an argument: memref.dim of its buffer */
        if (i == 0 && (o->kind == OP_TENSOR_DIM || o->kind == OP_DIM)) {
            if (av->def || block_parent_op(m, av->block) != G->g->func) {
                tile_error(G->g, d,
                           "takes a size of a value computed in the function: take it from an "
                           "argument");
                G->failed = true;
                return gen_index(G, 0);
            }
            args[i] = G->arg[av->index];
            continue;
        }
        args[i] = gen_scalar(G, a);
    }
    o = op_get(m, d);
    if (o->kind == OP_CONSTANT && o->nargs == 0)
        return G->clone[v] = prologue_const(G, value_type(m, v), op_attr(m, d, "value"));
    OpKind k = o->kind == OP_TENSOR_DIM ? OP_DIM : o->kind;
    TypeId rt = value_type(m, o->res[0]);
    OpId c = op_new(m, k, G->loc, o->nargs, args, 1, &rt, 0); /* may move the op table */
    for (uint32_t i = 0; i < op_get(m, d)->nattrs; i++)
        op_set_attr(m, c, op_get(m, d)->attrs[i].name, op_get(m, d)->attrs[i].value);
    insert_prologue(G, c);
    return G->clone[v] = op_get(m, c)->res[0];
}

/* -------------------------------------------------------- loop sets */

uint32_t
gen_shape(const Gen *G, LoopSet s, int64_t *shape)
{
    uint32_t n = 0;
    for (uint32_t c = 0; c < G->g->nloops; c++)
        if ((s >> c & 1) && G->g->loops[c].in_vector)
            shape[n++] = G->g->loops[c].tile;
    return n;
}

TypeId
gen_vec_type(Gen *G, LoopSet s, TypeId elem)
{
    int64_t shape[TILE_MAX_LOOPS];
    uint32_t n = gen_shape(G, s, shape);
    return n ? type_vector(G->m, elem, n, shape) : elem;
}

int
gen_position(const Gen *G, LoopSet s, uint32_t loop)
{
    int pos = 0;
    for (uint32_t c = 0; c < G->g->nloops; c++) {
        if (!(s >> c & 1) || !G->g->loops[c].in_vector)
            continue;
        if (c == loop)
            return pos;
        pos++;
    }
    return -1;
}

static LoopSet
vector_loops(const Gen *G, LoopSet s)
{
    LoopSet v = 0;
    for (uint32_t c = 0; c < G->g->nloops; c++)
        if ((s >> c & 1) && G->g->loops[c].in_vector)
            v |= 1u << c;
    return v;
}

ValueId
gen_expand(Gen *G, ValueId v, LoopSet from, LoopSet to)
{
    from = vector_loops(G, from);
    to = vector_loops(G, to);
    if (from == to)
        return v;
    Module *m = G->m;
    TypeId elem = type_element(m, value_type(m, v));
    LoopSet added = to & ~from;
    int64_t shape[TILE_MAX_LOOPS], perm[TILE_MAX_LOOPS];
    uint32_t n = gen_shape(G, added, shape);
    uint32_t na = n;
    n += gen_shape(G, from, shape + n);
    ValueId b = gen_op(G, OP_BROADCAST, 1, &v, type_vector(m, elem, n, shape));
    /* dim i of the result is loop T_i: from the added dims, or from `from` */
    uint32_t i = 0, ia = 0, ifrom = 0;
    bool identity = true;
    for (uint32_t c = 0; c < G->g->nloops; c++) {
        if (!(to >> c & 1))
            continue;
        perm[i] = (added >> c & 1) ? ia++ : na + ifrom++;
        identity &= perm[i] == (int64_t)i;
        i++;
    }
    if (identity)
        return b;
    int64_t tshape[TILE_MAX_LOOPS];
    gen_shape(G, to, tshape);
    OpId t = gen_op_id(G, OP_TRANSPOSE, 1, &b, 1, (TypeId[]){ type_vector(m, elem, n, tshape) }, 0);
    op_set_attr(m, t, "permutation", attr_dense_array(m, TY_I64, perm, NULL, n));
    return op_get(m, t)->res[0];
}

/* --------------------------------------------------------------- memory */

/* The strides of memref type t: its layout's, else the identity layout's. */
static void
memref_strides(const Type *t, int64_t *strides)
{
    for (uint32_t d = t->rank; d-- > 0;) {
        if (t->layout && t->layout->kind == ATTR_STRIDED)
            strides[d] = t->layout->ints[d];
        else if (d == t->rank - 1)
            strides[d] = 1;
        else
            strides[d] = strides[d + 1] == DIM_DYNAMIC || t->shape[d + 1] == DIM_DYNAMIC
                             ? DIM_DYNAMIC
                             : strides[d + 1] * t->shape[d + 1];
    }
}

/* The memref.subview a slice reads or writes, in the prologue: of its source's buffer
 * (an extract_slice: the array it slices; an insert_slice: the destination argument),
 * the offsets, sizes and strides the slice op gives (static or its SSA operands); the
 * result's strides the source's times the slice's, the dims a rank-reducing slice drops
 * left out (leading unit dims first, as ptxgen reads it), the offset static where the
 * offsets and strides are. */
static ValueId
slice_view(Gen *G, const Array *a)
{
    Module *m = G->m;
    OpId sl = a->slice;
    ValueId src = a->src >= 0 ? gen_buffer(G, &G->g->arrays[a->src]) : G->arg[a->arg];
    const Type *st = type_get(m, value_type(m, src)), *at = type_get(m, a->type);
    const Attr *offs = op_attr(m, sl, "static_offsets"), *szs = op_attr(m, sl, "static_sizes");
    const Attr *sts = op_attr(m, sl, "static_strides");
    uint32_t rank = st->rank;
    int64_t strides[TILE_MAX_LOOPS], out[TILE_MAX_LOOPS], off = 0;
    bool known = true;
    memref_strides(st, strides);
    for (uint32_t d = 0; d < rank; d++) {
        if (offs->ints[d] == DIM_DYNAMIC || strides[d] == DIM_DYNAMIC)
            known = false;
        else
            off += offs->ints[d] * strides[d];
    }
    if (st->layout && st->layout->kind == ATTR_STRIDED) {
        if (st->layout->i == DIM_DYNAMIC)
            known = false;
        else
            off += st->layout->i;
    }
    uint32_t r = 0;
    int64_t shape[TILE_MAX_LOOPS];
    for (uint32_t d = 0; d < rank && r < at->rank; d++) {
        if (szs->ints[d] == 1 && rank - d > at->rank - r)
            continue;
        int64_t step = sts->ints[d];
        shape[r] = szs->ints[d] != DIM_DYNAMIC ? szs->ints[d] : at->shape[r];
        out[r++] =
            step == DIM_DYNAMIC || strides[d] == DIM_DYNAMIC ? DIM_DYNAMIC : step * strides[d];
    }
    Attr *lay = arena_alloc(&m->arena, sizeof *lay);
    lay->kind = ATTR_STRIDED;
    lay->n = at->rank;
    lay->ints = arena_copy(&m->arena, out, (at->rank ? at->rank : 1) * sizeof *out);
    lay->i = known ? off : DIM_DYNAMIC;
    TypeId vt = type_memref(m, at->elem, at->rank, shape, lay, st->memspace, st->memspace_gpu);
    ValueId args[1 + 3 * TILE_MAX_LOOPS];
    /* the dynamic offsets, sizes and strides follow the source (extract_slice) or the
       source and the destination (insert_slice) */
    uint32_t n = 0, k = op_get(m, sl)->kind == OP_TENSOR_INSERT_SLICE ? 2 : 1, cnt[3] = { 0 };
    const Attr *lists[3] = { offs, szs, sts };
    args[n++] = src;
    for (int l = 0; l < 3; l++)
        for (uint32_t d = 0; d < rank; d++)
            if (lists[l]->ints[d] == DIM_DYNAMIC) {
                args[n++] = gen_scalar(G, op_get(m, sl)->args[k++]);
                cnt[l]++;
            }
    OpId o = op_new(m, OP_SUBVIEW, op_get(m, sl)->loc, n, args, 1, &vt, 0);
    int64_t seg[4] = { 1, cnt[0], cnt[1], cnt[2] };
    op_set_attr(m, o, "static_offsets", offs);
    op_set_attr(m, o, "static_sizes", szs);
    op_set_attr(m, o, "static_strides", sts);
    op_set_attr(m, o, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 4));
    insert_prologue(G, o);
    return op_get(m, o)->res[0];
}

ValueId
gen_insert_view(Gen *G, OpId insert, uint32_t dest, TypeId type)
{
    Array a = { 0 };
    a.kind = ARR_ARG;
    a.type = type;
    a.arg = dest;
    a.slice = insert;
    a.src = -1;
    return slice_view(G, &a);
}

ValueId
gen_buffer(Gen *G, const Array *a)
{
    if (a->slice) {
        uint32_t i = (uint32_t)(a - G->g->arrays);
        if (!G->view[i])
            G->view[i] = slice_view(G, a);
        return G->view[i];
    }
    return G->arg[a->arg];
}

/* in_bounds of a vector dim on loop c: its size is static and a multiple of its tile, or
 * this code runs only where the tile is inside (kernel.c's versions and steps) */
static bool
in_bounds(const Gen *G, uint32_t c)
{
    const Loop *l = &G->g->loops[c];
    if (l->reduction ? G->red_in_bounds : G->par_in_bounds)
        return true;
    return l->size.value >= 0 && l->tile > 0 && l->size.value % l->tile == 0;
}

static const Attr *
bools(Module *m, const bool *b, uint32_t n)
{
    const Attr *items[TILE_MAX_LOOPS];
    for (uint32_t i = 0; i < n; i++)
        items[i] = attr_bool(m, b[i]);
    return attr_array(m, items, n);
}

/* the indices of a buffer access: each dim at its loop's base */
static bool
indices(Gen *G, const Array *a, ValueId *idx, uint32_t rank)
{
    for (uint32_t d = 0; d < rank; d++) {
        int32_t c = a->label[d];
        if (c < 0) {
            tile_error(G->g, G->g->func, "reads or writes a buffer dim no loop walks");
            G->failed = true;
            return false;
        }
        idx[d] = G->base[c];
    }
    return true;
}

/* ------------------------------------------------- transposes through shared memory */

/*
 * An elementwise kernel that reads a 2-D buffer transposed (its inner dim walked by an
 * outer loop of the kernel) stages the tile through workgroup memory: a read of the
 * buffer in its own dim order, lanes along its rows (coalesced), written to a
 * memref.alloc in workgroup memory; a barrier; the read of that buffer through the
 * transposing map, lanes along the kernel's inner loop, so that the output is written
 * coalesced too.  distribute pads the buffer's rows (one element for 32-bit elements
 * read transposed: docs/distribution.md, "Bank conflicts").  Each thread takes one
 * element, 32 lanes along a row: every global request is whole sectors, and the buffer's
 * writes and transposed reads are conflict-free (128-bit accesses would make the
 * shared-memory side 2-way conflicted for the same global traffic).
 */

/* The nested layout of a rows x cols tile on `threads` threads, e elements a thread
 * along the row, lanes along the row first; NULL when the tile does not divide so. */
static const Attr *
row_layout(Module *m, int64_t rows, int64_t cols, int64_t e, int64_t threads)
{
    int64_t warps = threads / 32;
    if (threads % 32 || e < 1 || cols % e)
        return NULL;
    int64_t tc = cols / e < 32 ? cols / e : 32;
    if (32 % tc)
        return NULL;
    int64_t tr = 32 / tc;
    if (cols % (e * tc) || rows % (tr * warps))
        return NULL;
    int64_t *v = arena_alloc(&m->arena, 14 * sizeof *v);
    const int64_t init[14] = {
        warps, 1, rows / (tr * warps), cols / (e * tc), 1, 1, tr, tc, 1, e, 1, 0, tc, 1
    };
    memcpy(v, init, sizeof init);
    NestedLayoutAttr *l = arena_alloc(&m->arena, sizeof *l);
    *l = (NestedLayoutAttr){ 2, v, v + 2, v + 4, v + 6, v + 8, v + 10, v + 12 };
    Attr *a = arena_alloc(&m->arena, sizeof *a);
    a->kind = ATTR_NESTED_LAYOUT;
    a->nested = l;
    return a;
}

static ValueId
to_layout(Gen *G, ValueId v, const Attr *layout)
{
    OpId o = gen_op_id(G, OP_TO_LAYOUT, 1, &v, 1, (TypeId[]){ value_type(G->m, v) }, 0);
    op_set_attr(G->m, o, "layout", layout);
    return op_get(G->m, o)->res[0];
}

bool
tile_stages_transpose(const Graph *g, const Array *a)
{
    const Type *t = type_get(g->m, a->type);
    if (g->cls != KERNEL_ELEMENTWISE || a->kind != ARR_ARG || t->rank != 2 ||
        (type_scalar_bytes(t->elem) != 4 && type_scalar_bytes(t->elem) != 2))
        return false;
    int32_t l0 = a->label[0], l1 = a->label[1];
    if (l0 < 0 || l1 < 0 || l0 <= l1 || !g->loops[l0].in_vector || !g->loops[l1].in_vector)
        return false;
    int64_t r = g->loops[l0].tile, c = g->loops[l1].tile, n = g->cfg.workgroup_size;
    return row_layout(g->m, r, c, 1, n) && row_layout(g->m, c, r, 1, n);
}

/* Whether a read of array a over s is a transpose that stages (see above). */
static bool
stages(const Gen *G, const Array *a, LoopSet s)
{
    int32_t l0 = a->label[0], l1 = a->label[1];
    return tile_stages_transpose(G->g, a) && vector_loops(G, s) == ((1u << l0) | (1u << l1));
}

static ValueId
staged_read(Gen *G, uint32_t array, ValueId pad, const bool *inb)
{
    Module *m = G->m;
    const Array *a = &G->g->arrays[array];
    TypeId elem = type_get(m, a->type)->elem;
    uint32_t l0 = (uint32_t)a->label[0], l1 = (uint32_t)a->label[1];
    int64_t shape[2] = { G->g->loops[l0].tile, G->g->loops[l1].tile };
    int64_t threads = G->g->cfg.workgroup_size;
    const Attr *in_rows = row_layout(m, shape[0], shape[1], 1, threads);
    const Attr *out_rows = row_layout(m, shape[1], shape[0], 1, threads);
    if (!in_rows || !out_rows)
        return 0;
    if (!G->stage[array]) {
        TypeId bt = type_memref(m, elem, 2, shape, NULL, 3, true);
        OpId o = op_new(m, OP_ALLOC, G->loc, 0, NULL, 1, &bt, 0);
        op_set_attr(m, o, "operandSegmentSizes",
                    attr_dense_array(m, TY_I32, (int64_t[]){ 0, 0 }, NULL, 2));
        insert_prologue(G, o);
        G->stage[array] = op_get(m, o)->res[0];
    } else if (G->stage_used[array]) {
        gen_op(G, OP_BARRIER, 0, NULL, 0); /* the earlier reads of the buffer are done */
    }
    G->stage_used[array] = true;
    ValueId ops[4] = { gen_buffer(G, a), G->base[l0], G->base[l1], pad };
    TypeId vt = type_vector(m, elem, 2, shape);
    OpId r = gen_op_id(G, OP_TRANSFER_READ, 4, ops, 1, &vt, 0);
    op_set_attr(m, r, "operandSegmentSizes",
                attr_dense_array(m, TY_I32, (int64_t[]){ 1, 2, 1, 0 }, NULL, 4));
    const Attr *id = attr_affine_map(m, affine_map_identity(m, 2));
    op_set_attr(m, r, "permutation_map", id);
    op_set_attr(m, r, "in_bounds", bools(m, (bool[]){ inb[1], inb[0] }, 2));
    ValueId tile = to_layout(G, op_get(m, r)->res[0], in_rows);
    ValueId zero = gen_index(G, 0);
    ValueId wops[4] = { tile, G->stage[array], zero, zero };
    OpId w = gen_op_id(G, OP_TRANSFER_WRITE, 4, wops, 0, NULL, 0);
    op_set_attr(m, w, "operandSegmentSizes",
                attr_dense_array(m, TY_I32, (int64_t[]){ 1, 1, 2, 0 }, NULL, 4));
    op_set_attr(m, w, "permutation_map", id);
    op_set_attr(m, w, "in_bounds", bools(m, (bool[]){ true, true }, 2));
    gen_op(G, OP_BARRIER, 0, NULL, 0);
    ValueId rops[4] = { G->stage[array], zero, zero, pad };
    TypeId tt = type_vector(m, elem, 2, (int64_t[]){ shape[1], shape[0] });
    OpId t = gen_op_id(G, OP_TRANSFER_READ, 4, rops, 1, &tt, 0);
    op_set_attr(m, t, "operandSegmentSizes",
                attr_dense_array(m, TY_I32, (int64_t[]){ 1, 2, 1, 0 }, NULL, 4));
    const AffineExpr *perm[2] = { affine_dim(m, 1), affine_dim(m, 0) };
    op_set_attr(m, t, "permutation_map", attr_affine_map(m, affine_map_new(m, 2, 0, 2, perm)));
    op_set_attr(m, t, "in_bounds", bools(m, (bool[]){ true, true }, 2));
    return to_layout(G, op_get(m, t)->res[0], out_rows);
}

ValueId
gen_read(Gen *G, uint32_t array, LoopSet s, ValueId pad)
{
    Module *m = G->m;
    const Array *a = &G->g->arrays[array];
    const Type *t = type_get(m, a->type);
    uint32_t rank = t->rank;
    TypeId elem = t->elem;
    ValueId ops[TILE_MAX_LOOPS + 2];
    ops[0] = gen_buffer(G, a);
    if (!indices(G, a, ops + 1, rank))
        return gen_splat(G, gen_vec_type(G, s, elem), 0, 0);
    LoopSet v = vector_loops(G, s);
    if (!v) /* a scalar */
        return gen_op(G, OP_MLOAD, rank + 1, ops, elem);
    ops[rank + 1] = pad ? pad : gen_splat(G, elem, 0, 0);
    const AffineExpr *res[TILE_MAX_LOOPS];
    bool inb[TILE_MAX_LOOPS];
    uint32_t n = 0;
    for (uint32_t c = 0; c < G->g->nloops; c++) {
        if (!(v >> c & 1))
            continue;
        int32_t dim = -1;
        for (uint32_t d = 0; d < rank; d++)
            if (a->label[d] == (int32_t)c)
                dim = (int32_t)d;
        res[n] = dim >= 0 ? affine_dim(m, (uint32_t)dim) : affine_const(m, 0);
        inb[n] = dim < 0 || in_bounds(G, c);
        n++;
    }
    if (stages(G, a, s)) {
        ValueId staged = staged_read(G, array, ops[rank + 1], inb);
        if (staged)
            return staged;
    }
    OpId o =
        gen_op_id(G, OP_TRANSFER_READ, rank + 2, ops, 1, (TypeId[]){ gen_vec_type(G, s, elem) }, 0);
    int64_t seg[4] = { 1, rank, 1, 0 };
    op_set_attr(m, o, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 4));
    op_set_attr(m, o, "permutation_map", attr_affine_map(m, affine_map_new(m, rank, 0, n, res)));
    op_set_attr(m, o, "in_bounds", bools(m, inb, n));
    return op_get(m, o)->res[0];
}

ValueId
gen_read_natural(Gen *G, uint32_t array, LoopSet *set, int32_t *order, uint32_t *n)
{
    Module *m = G->m;
    const Array *a = &G->g->arrays[array];
    const Type *t = type_get(m, a->type);
    uint32_t rank = t->rank;
    ValueId ops[TILE_MAX_LOOPS + 2];
    ops[0] = gen_buffer(G, a);
    *n = 0;
    *set = 0;
    if (!indices(G, a, ops + 1, rank))
        return 0;
    ops[rank + 1] = gen_splat(G, t->elem, 0, 0);
    const AffineExpr *res[TILE_MAX_LOOPS];
    bool inb[TILE_MAX_LOOPS];
    int64_t shape[TILE_MAX_LOOPS];
    for (uint32_t d = 0; d < rank; d++) {
        uint32_t c = (uint32_t)a->label[d];
        *set |= 1u << c;
        if (!G->g->loops[c].in_vector)
            continue;
        res[*n] = affine_dim(m, d);
        inb[*n] = in_bounds(G, c);
        shape[*n] = G->g->loops[c].tile;
        order[(*n)++] = (int32_t)c;
    }
    OpId o = gen_op_id(G, OP_TRANSFER_READ, rank + 2, ops, 1,
                       (TypeId[]){ type_vector(m, t->elem, *n, shape) }, 0);
    int64_t seg[4] = { 1, rank, 1, 0 };
    op_set_attr(m, o, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 4));
    op_set_attr(m, o, "permutation_map", attr_affine_map(m, affine_map_new(m, rank, 0, *n, res)));
    op_set_attr(m, o, "in_bounds", bools(m, inb, *n));
    return op_get(m, o)->res[0];
}

void
gen_write(Gen *G, ValueId v, LoopSet s, ValueId buffer, const Array *a)
{
    Module *m = G->m;
    uint32_t rank = type_get(m, a->type)->rank;
    ValueId ops[TILE_MAX_LOOPS + 2];
    ops[0] = v;
    ops[1] = buffer;
    if (!indices(G, a, ops + 2, rank))
        return;
    LoopSet vl = vector_loops(G, s);
    if (!vl) {
        gen_op(G, OP_MSTORE, rank + 2, ops, 0);
        return;
    }
    const AffineExpr *res[TILE_MAX_LOOPS];
    bool inb[TILE_MAX_LOOPS];
    uint32_t n = 0;
    for (uint32_t c = 0; c < G->g->nloops; c++) {
        if (!(vl >> c & 1))
            continue;
        int32_t dim = -1;
        for (uint32_t d = 0; d < rank; d++)
            if (a->label[d] == (int32_t)c)
                dim = (int32_t)d;
        if (dim < 0) {
            tile_error(G->g, G->g->func,
                       "writes an output that does not vary along loop %s of its value",
                       G->g->loops[c].name);
            G->failed = true;
            return;
        }
        res[n] = affine_dim(m, (uint32_t)dim);
        inb[n] = in_bounds(G, c);
        n++;
    }
    OpId o = gen_op_id(G, OP_TRANSFER_WRITE, rank + 2, ops, 0, NULL, 0);
    int64_t seg[4] = { 1, 1, rank, 0 };
    op_set_attr(m, o, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 4));
    op_set_attr(m, o, "permutation_map", attr_affine_map(m, affine_map_new(m, rank, 0, n, res)));
    op_set_attr(m, o, "in_bounds", bools(m, inb, n));
}

/* ---------------------------------------------------------------- values */

void
gen_scope_enter(Gen *G, uint32_t *saved)
{
    *saved = G->ncache;
}

void
gen_scope_leave(Gen *G, uint32_t saved)
{
    G->ncache = saved;
}

static ValueId
cached(Gen *G, uint32_t array, LoopSet s)
{
    for (uint32_t i = G->ncache; i-- > 0;)
        if (G->cache[i].array == array && G->cache[i].set == s)
            return G->cache[i].v;
    return 0;
}

static void
remember(Gen *G, uint32_t array, LoopSet s, ValueId v)
{
    if (G->ncache < GEN_CACHE)
        G->cache[G->ncache++] = (GenEntry){ array, s, 0, v };
}

/* a scalar spread over loop set s */
static ValueId
splat_value(Gen *G, ValueId scalar, LoopSet s)
{
    Module *m = G->m;
    TypeId vt = gen_vec_type(G, s, value_type(m, scalar));
    if (vt == value_type(m, scalar))
        return scalar;
    const Value *sv = value_get(m, scalar);
    if (sv->def && op_get(m, sv->def)->kind == OP_CONSTANT) {
        const Attr *a = op_attr(m, sv->def, "value");
        if (a && (a->kind == ATTR_FLOAT || a->kind == ATTR_INT))
            return gen_splat(G, vt, a->kind == ATTR_FLOAT ? a->f : (double)a->i,
                             a->kind == ATTR_INT ? a->i : 0);
    }
    return gen_op(G, OP_BROADCAST, 1, &scalar, vt);
}

/* vector.transfer_read of 1-D buffer buf at i, vector type vt, masked by mask (or 0), its
 * bounds checked */
static ValueId
read_1d(Gen *G, ValueId buf, ValueId i, TypeId vt, ValueId mask)
{
    Module *m = G->m;
    ValueId ops[4] = { buf, i, gen_splat(G, type_get(m, vt)->elem, 0, 0), mask };
    OpId rd = gen_op_id(G, OP_TRANSFER_READ, mask ? 4 : 3, ops, 1, &vt, 0);
    op_set_attr(m, rd, "operandSegmentSizes",
                attr_dense_array(m, TY_I32, (int64_t[]){ 1, 1, 1, mask ? 1 : 0 }, NULL, 4));
    op_set_attr(m, rd, "permutation_map", attr_affine_map(m, affine_map_identity(m, 1)));
    op_set_attr(m, rd, "in_bounds", bools(m, (bool[]){ false }, 1));
    return op_get(m, rd)->res[0];
}

/*
 * A flat kernel's read of a 1-D argument broadcast along the rows (Array.wrap): the tile
 * of T elements from flat index b reads the argument at (b + t) mod N, N the row length.
 * With s = b mod N, lane t is in row segment j = (s + t) floordiv N and reads element
 * s + t - j N.  Segment 0 is a read at s (lanes past the row's end padded); each further
 * segment j is a read at s - j N (negative: the mask, s + t >= j N, keeps every lane read
 * inside the argument; its bounds check stops at the segment's end) that replaces the
 * lanes of its mask:
 *   v = read(b, s);  scf.for j = 1 to ceildiv(s + T, N): v = select(pos >= j N, read, v)
 * (one more segment where N >= T, at most).
 */
static ValueId
wrap_read(Gen *G, uint32_t array, LoopSet s)
{
    Module *m = G->m;
    const Array *a = &G->g->arrays[array];
    int64_t tile = G->g->loops[0].tile;
    TypeId vt = gen_vec_type(G, s, type_get(m, a->type)->elem);
    TypeId it = type_vector(m, TY_INDEX, 1, &tile), bt = type_vector(m, TY_I1, 1, &tile);
    ValueId n = G->wrap_n, buf = gen_buffer(G, a);
    ValueId s0 = gen_op(G, OP_REMUI, 2, (ValueId[]){ G->base[0], n }, TY_INDEX);
    ValueId end = gen_op(G, OP_ADDI, 2, (ValueId[]){ s0, gen_index(G, tile) }, TY_INDEX);
    ValueId segs = gen_op(G, OP_CEILDIVUI, 2, (ValueId[]){ end, n }, TY_INDEX);
    ValueId step = gen_op(G, OP_STEP, 0, NULL, it);
    ValueId sv = gen_op(G, OP_BROADCAST, 1, &s0, it);
    ValueId pos = gen_op(G, OP_ADDI, 2, (ValueId[]){ sv, step }, it);
    ValueId first = read_1d(G, buf, s0, vt, 0);
    ValueId fargs[4] = { gen_index(G, 1), segs, gen_index(G, 1), first };
    OpId f = gen_op_id(G, OP_FOR, 4, fargs, 1, &vt, 1);
    RegionId r = region_new(m, f);
    op_get(m, f)->regions[0] = r;
    BlockId body = block_new(m);
    region_append(m, r, body);
    ValueId j = block_add_arg(m, body, TY_INDEX, G->loc, NULL);
    ValueId acc = block_add_arg(m, body, vt, G->loc, NULL);
    BlockId outer = G->cur;
    G->cur = body;
    ValueId lo = gen_op(G, OP_MULI, 2, (ValueId[]){ j, n }, TY_INDEX);
    ValueId lov = gen_op(G, OP_BROADCAST, 1, &lo, it);
    ValueId mask = gen_op(G, OP_CMPI, 2, (ValueId[]){ pos, lov }, bt);
    op_set_attr(m, value_get(m, mask)->def, "predicate", attr_int(m, CMPI_UGE, TY_I64));
    ValueId v = read_1d(G, buf, gen_sub_index(G, s0, lo), vt, mask);
    ValueId sel = gen_op(G, OP_SELECT, 3, (ValueId[]){ mask, v, acc }, vt);
    gen_op_id(G, OP_YIELD, 1, &sel, 0, NULL, 0);
    G->cur = outer;
    return op_get(m, f)->res[0];
}

ValueId
gen_array(Gen *G, uint32_t array, LoopSet s)
{
    ValueId v = cached(G, array, s);
    if (v)
        return v;
    const Array *a = &G->g->arrays[array];
    TypeId elem = type_get(G->m, a->type)->elem;
    switch (a->kind) {
    case ARR_ARG:
        v = a->wrap ? wrap_read(G, array, s) : gen_read(G, array, s, 0);
        break;
    case ARR_FILL:
        v = splat_value(G, gen_scalar(G, a->scalar), s);
        break;
    case ARR_EMPTY:
    case ARR_SLICE: /* never read: tile_fuse refuses a kernel that reads one */
        v = gen_splat(G, gen_vec_type(G, s, elem), 0, 0);
        break;
    case ARR_NODE: {
        if (G->reduced[array]) {
            v = gen_expand(G, G->reduced[array], G->reduced_set[array], s);
            break;
        }
        const Node *n = &G->g->nodes[a->node];
        if (n->cls != NODE_ELEMENTWISE) {
            tile_error(G->g, n->op, "is used before the kernel computes it");
            G->failed = true;
            return gen_splat(G, gen_vec_type(G, s, elem), 0, 0);
        }
        ValueId outs[TILE_MAX_IO];
        LoopSet own = tile_node_loops(G->g, n);
        if (!gen_body(G, n, outs))
            return gen_splat(G, gen_vec_type(G, s, elem), 0, 0);
        for (uint32_t j = 0; j < n->li.nouts; j++)
            remember(G, n->res[j], own, outs[j]);
        v = gen_expand(G, outs[a->out], own, s);
        break;
    }
    }
    remember(G, array, s, v);
    return v;
}

static bool
is_combiner(const Node *n, OpId o)
{
    for (uint32_t j = 0; n->cls == NODE_REDUCTION && j < n->li.nouts; j++)
        if (n->combiner[j] == o)
            return true;
    return false;
}

/* linalg.index of canonical loop c over loop set s: the tile's first index plus the
 * position along the loop's vector dim (vector.step), spread over s */
static ValueId
loop_index(Gen *G, uint32_t c, LoopSet s)
{
    Module *m = G->m;
    ValueId base = G->base[c];
    if (!G->g->loops[c].in_vector)
        return gen_expand(G, base, 0, s);
    int64_t tile = G->g->loops[c].tile;
    TypeId vt = type_vector(m, TY_INDEX, 1, &tile);
    ValueId step = gen_op(G, OP_STEP, 0, NULL, vt);
    ValueId b = gen_op(G, OP_BROADCAST, 1, &base, vt);
    ValueId idx = gen_op(G, OP_ADDI, 2, (ValueId[]){ b, step }, vt);
    return gen_expand(G, idx, 1u << c, s);
}

bool
gen_body(Gen *G, const Node *n, ValueId *outs)
{
    Module *m = G->m;
    LoopSet s = tile_node_loops(G->g, n);
    BlockId body = op_entry_block(m, n->op, 0);
    const Block *blk = block_get(m, body);
    const LinalgInfo *li = &n->li;
    for (uint32_t i = 0; i < block_get(m, body)->args.n; i++) {
        ValueId arg = block_get(m, body)->args.items[i];
        if (i < li->nins)
            G->clone[arg] = n->in[i] >= 0 ? gen_array(G, (uint32_t)n->in[i], s)
                                          : splat_value(G, gen_scalar(G, n->scalar[i]), s);
        else if (n->cls == NODE_ELEMENTWISE && !value_used_only_by(m, n->op, arg, 0, UINT32_MAX))
            G->clone[arg] = gen_array(G, n->init[i - li->nins], s);
        else
            G->clone[arg] = 0; /* a reduction's out: read by its combiner only */
    }
    for (uint32_t i = 0; i + 1 < block_get(m, body)->ops.n; i++) {
        OpId o = block_get(m, body)->ops.items[i];
        if (is_combiner(n, o))
            continue;
        const Op *op = op_get(m, o);
        if (op->kind == OP_LINALG_INDEX) {
            const Attr *dim = op_attr(m, o, "dim");
            int64_t d = dim ? dim->i : -1;
            if (d < 0 || d >= (int64_t)li->nloops || n->label[d] < 0) {
                tile_error(G->g, o, "names no loop of '%s'", tile_op_name(G->g, n->op));
                G->failed = true;
                return false;
            }
            ValueId res = op->res[0]; /* loop_index adds ops: op moves */
            ValueId idx = loop_index(G, (uint32_t)n->label[d], s);
            G->clone[res] = idx;
            continue;
        }
        if (!(op_info[op->kind].traits & T_ELEMWISE) && op->kind != OP_CONSTANT) {
            tile_error(G->g, o,
                       "in the body of '%s' has no vector form: bodies of ops vptx tiles hold "
                       "elementwise arith and math ops",
                       tile_op_name(G->g, n->op));
            G->failed = true;
            return false;
        }
        if (op->nres != 1 || op->nargs > 3) {
            tile_error(G->g, o, "has an unexpected number of operands or results");
            G->failed = true;
            return false;
        }
        TypeId rt = gen_vec_type(G, s, type_element(m, value_type(m, op->res[0])));
        if (op->kind == OP_CONSTANT) {
            ValueId res = op->res[0]; /* new ops move op */
            /* the scalar itself, not gen_scalar's cache: G->clone[res] holds this body's
               vector once the body has been built (the checked copy builds it again) */
            ValueId c = prologue_const(G, value_type(m, res), op_attr(m, o, "value"));
            ValueId v = splat_value(G, c, s);
            G->clone[res] = v;
            continue;
        }
        ValueId args[3];
        uint32_t nargs = op->nargs;
        for (uint32_t k = 0; k < nargs; k++) {
            ValueId a = op_get(m, o)->args[k];
            const Value *av = value_get(m, a);
            bool inside = av->def ? op_get(m, av->def)->parent == body : av->block == body;
            args[k] = inside ? G->clone[a] : splat_value(G, gen_scalar(G, a), s);
            if (!args[k]) {
                tile_error(G->g, o, "reads the out of a reduction other than to combine into it");
                G->failed = true;
                return false;
            }
        }
        OpId c = gen_op_id(G, op_get(m, o)->kind, op_get(m, o)->nargs, args, 1, &rt, 0);
        for (uint32_t k = 0; k < op_get(m, o)->nattrs; k++)
            op_set_attr(m, c, op_get(m, o)->attrs[k].name, op_get(m, o)->attrs[k].value);
        G->clone[op_get(m, o)->res[0]] = op_get(m, c)->res[0];
    }
    /* splat_value adds ops and values: the block, the yield and the values move */
    for (uint32_t j = 0; j < li->nouts; j++) {
        blk = block_get(m, body);
        ValueId yv = op_get(m, blk->ops.items[blk->ops.n - 1])->args[j];
        if (n->cls == NODE_REDUCTION) {
            const Op *c = op_get(m, n->combiner[j]);
            ValueId out = blk->args.items[li->nins + j];
            yv = c->args[0] == out ? c->args[1] : c->args[0];
        }
        const Value *val = value_get(m, yv);
        bool inside = val->def ? op_get(m, val->def)->parent == body : val->block == body;
        outs[j] = inside ? G->clone[yv] : splat_value(G, gen_scalar(G, yv), s);
    }
    return !G->failed;
}
