/*
 * kernel.c -- the vector program of one kernel, in place of the op-level function.
 *
 * Every kernel starts the same way: the argument buffers (tensors become memrefs of the
 * same shape, tensor results memrefs appended after the arguments), the loop sizes, and
 * the tile of this workgroup: the innermost parallel loop on gpu.block_id x, the next on
 * y, the rest linearized on z, each at block_id * tile.  Then, by class:
 *
 *   contraction   acc = the init over (m, n); scf.for k0 = 0 to K step tk iter_args(acc)
 *                 { A and B tiles in their own dim order; vector.contract }; then the
 *                 elementwise consumers on the result, written out.  The form of
 *                 examples/gemm.mlir, so layout and distribute give it tensor cores,
 *                 staging, pipelining and (sm_90a) TMA rings.
 *   reduction     for each reduction op, in order: partial accumulators over the tile
 *                 (rows x step) combined elementwise in an scf.for over the reduction
 *                 loop (none when one step covers it), masked past its end, then one
 *                 vector.multi_reduction with the seed-000 lowering_config; the ops in
 *                 between are recomputed from the inputs in each loop that needs them
 *                 (softmax reads x three times, or once when a row is one step); the
 *                 outputs over the rows are written once, those over the whole tile in a
 *                 last loop.
 *   elementwise   each output's value over its loops, written.
 *
 * The function carries translation_info (its workgroup size), `vptx.grid` (the grid as
 * an affine map of the sizes) and `vptx.sizes` (which argument dim or index argument each
 * symbol of those maps is); each result buffer has `vptx.result` (its shape, as a map).
 * ptxgen writes them into the PTX header for the launchers (docs/op-level.md).
 */
#include "tile/gen.h"
#include "target/target.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- sizes */

typedef struct Syms {
    SizeSrc src[TILE_MAX_ARGS];
    uint32_t n;
} Syms;

/* The affine expression of a size: a constant, or a symbol for an argument's size (times
 * a constant, plus a constant). */
static const AffineExpr *
size_term(Module *m, Syms *s, int32_t arg, int32_t dim, int64_t mul)
{
    uint32_t i = 0;
    while (i < s->n && !(s->src[i].arg == arg && s->src[i].dim == dim))
        i++;
    if (i == s->n && s->n < TILE_MAX_ARGS)
        s->src[s->n++] = SIZE_SRC(-1, arg, dim);
    const AffineExpr *e = affine_sym(m, i);
    if (mul != 1)
        e = affine_binary(m, AFF_MUL, e, affine_const(m, mul));
    return e;
}

static const AffineExpr *
size_expr(Module *m, Syms *s, SizeSrc z)
{
    if (z.value >= 0)
        return affine_const(m, z.value);
    const AffineExpr *e = size_term(m, s, z.arg, z.dim, size_mul(z));
    for (uint32_t t = 0; t < z.nterms; t++)
        e = affine_binary(m, AFF_ADD, e, size_term(m, s, z.targ[t], z.tdim[t], z.tmul[t]));
    if (z.add)
        e = affine_binary(m, AFF_ADD, e, affine_const(m, z.add));
    return e;
}

/* an op of the kernel's prologue (after the constants it uses) */
static ValueId
prologue_op(Gen *G, OpKind k, ValueId a, ValueId b)
{
    ValueId args[2] = { a, b };
    OpId o = op_new(G->m, k, G->loc, 2, args, 1, (TypeId[]){ TY_INDEX }, 0);
    Block *blk = block_get(G->m, G->entry);
    ARRAY_PUSH(&G->m->arena, blk->ops, o);
    blk = block_get(G->m, G->entry);
    memmove(&blk->ops.items[G->nprologue + 1], &blk->ops.items[G->nprologue],
            (blk->ops.n - 1 - G->nprologue) * sizeof *blk->ops.items);
    blk->ops.items[G->nprologue++] = o;
    op_get(G->m, o)->parent = G->entry;
    return op_get(G->m, o)->res[0];
}

static ValueId
loop_size(Gen *G, uint32_t c)
{
    SizeSrc z = G->g->loops[c].size;
    if (z.value >= 0)
        return gen_index(G, z.value);
    for (uint32_t i = 0; i < c; i++) /* one memref.dim per size */
        if (size_same(G->g->loops[i].size, z))
            return G->size[i];
    ValueId v =
        z.dim < 0 ? G->arg[z.arg] : prologue_op(G, OP_DIM, G->arg[z.arg], gen_index(G, z.dim));
    if (size_mul(z) != 1)
        v = prologue_op(G, OP_MULI, v, gen_index(G, size_mul(z)));
    for (uint32_t t = 0; t < z.nterms; t++) {
        int32_t a = z.targ[t];
        ValueId w =
            z.tdim[t] < 0 ? G->arg[a] : prologue_op(G, OP_DIM, G->arg[a], gen_index(G, z.tdim[t]));
        if (z.tmul[t] != 1)
            w = prologue_op(G, OP_MULI, w, gen_index(G, z.tmul[t]));
        v = prologue_op(G, OP_ADDI, v, w);
    }
    if (z.add > 0)
        v = prologue_op(G, OP_ADDI, v, gen_index(G, z.add));
    else if (z.add < 0)
        v = prologue_op(G, OP_SUBI, v, gen_index(G, -z.add));
    return v;
}

/* ------------------------------------------------------------ the grid */

/* Parallel loops on grid axes: innermost x, then y, the rest z (linearized). */
static void
assign_grid(Graph *g, uint32_t *par, uint32_t *npar)
{
    *npar = 0;
    for (uint32_t c = 0; c < g->nloops; c++)
        if (!g->loops[c].reduction)
            par[(*npar)++] = c;
    for (uint32_t i = 0; i < *npar; i++) {
        uint32_t from_end = *npar - 1 - i;
        g->loops[par[i]].grid = from_end == 0 ? 0 : from_end == 1 ? 1 : 2;
    }
}

static const AffineExpr *
tiles_expr(Module *m, Syms *s, const Loop *l)
{
    const AffineExpr *size = size_expr(m, s, l->size);
    return l->tile == 1 ? size : affine_binary(m, AFF_CEILDIV, size, affine_const(m, l->tile));
}

/* vptx.grid and the block ids: base[c] of every parallel loop */
static void
emit_grid(Gen *G, Syms *syms)
{
    Graph *g = G->g;
    Module *m = G->m;
    uint32_t par[TILE_MAX_LOOPS], npar;
    assign_grid(g, par, &npar);
    const AffineExpr *axis[3] = { affine_const(m, 1), affine_const(m, 1), affine_const(m, 1) };
    static const char *const names[3] = { "x", "y", "z" };
    ValueId bid[3] = { 0, 0, 0 };
    for (int a = 0; a < 3; a++) {
        bool used = false;
        for (uint32_t i = 0; i < npar; i++)
            used |= g->loops[par[i]].grid == a;
        if (!used)
            continue;
        OpId o = op_new(m, OP_BLOCK_ID, G->loc, 0, NULL, 1, (TypeId[]){ TY_INDEX }, 0);
        op_set_attr(m, o, "dimension", attr_enum(m, "gpu", "dim", names[a], true));
        block_append(m, G->cur, o);
        bid[a] = op_get(m, o)->res[0];
    }
    /* z: the outer parallel loops, row major, the innermost of them fastest */
    ValueId z = bid[2];
    for (uint32_t i = npar; i-- > 0;) {
        const Loop *l = &g->loops[par[i]];
        const AffineExpr *count = tiles_expr(m, syms, l);
        ValueId idx = bid[l->grid];
        if (l->grid == 2) {
            axis[2] = axis[2]->kind == AFF_CONST && axis[2]->value == 1
                          ? count
                          : affine_binary(m, AFF_MUL, axis[2], count);
            bool last = true;
            for (uint32_t k = 0; k < i; k++)
                last &= g->loops[par[k]].grid != 2;
            if (!last) {
                ValueId tiles =
                    gen_op(G, OP_CEILDIVUI, 2,
                           (ValueId[]){ G->size[par[i]], gen_index(G, l->tile) }, TY_INDEX);
                idx = gen_op(G, OP_REMUI, 2, (ValueId[]){ z, tiles }, TY_INDEX);
                z = gen_op(G, OP_DIVUI, 2, (ValueId[]){ z, tiles }, TY_INDEX);
            } else {
                idx = z;
            }
        } else {
            axis[l->grid] = count;
        }
        G->base[par[i]] = gen_mul_index(G, idx, l->tile);
    }
    const AffineExpr *res[3] = { axis[0], axis[1], axis[2] };
    op_set_attr(m, G->func, "vptx.grid",
                attr_affine_map(m, affine_map_new(m, 0, TILE_MAX_ARGS, 3, res)));
}

/* ------------------------------------------------------------ outputs */

static void
write_output(Gen *G, const Output *o)
{
    const Array *a = &G->g->arrays[o->array];
    LoopSet s = tile_array_loops(G->g, a);
    ValueId v = gen_array(G, o->array, s);
    ValueId buf = o->slice ? gen_insert_view(G, o->slice, o->dest, a->type) : G->arg[o->dest];
    gen_write(G, v, s, buf, a);
}

/* ----------------------------------------------------------- contraction */

static const Attr *
contract_config(Gen *G)
{
    const KernelConfig *k = &G->g->cfg;
    Module *m = G->m;
    NamedAttr items[2];
    uint32_t n = 0;
    if (k->mma_kind)
        items[n++] = (NamedAttr){ "mma_kind", k->mma_kind };
    if (k->subgroup_mn[0] && k->subgroup_mn[1]) {
        int64_t counts[3] = { k->subgroup_mn[0], k->subgroup_mn[1], 1 }, map[3] = { 0, 1, 2 };
        const Attr *two[2] = { attr_int_array(m, counts, 3, TY_I64),
                               attr_int_array(m, map, 3, TY_I64) };
        items[n++] = (NamedAttr){ "subgroup_basis", attr_array(m, two, 2) };
    }
    if (!n)
        return NULL;
    Attr *a = arena_copy(&m->arena, attr_dict(m, items, n), sizeof(Attr));
    a->kind = ATTR_LOWERING_CONFIG;
    return a;
}

/* The contract's map of an operand read in `order`: positions among the vector loops. */
static const Attr *
operand_map(Gen *G, const int32_t *order, uint32_t n, LoopSet vloops)
{
    Module *m = G->m;
    const AffineExpr *res[TILE_MAX_LOOPS];
    uint32_t nd = 0;
    for (uint32_t c = 0; c < G->g->nloops; c++)
        nd += vloops >> c & 1;
    for (uint32_t i = 0; i < n; i++)
        res[i] = affine_dim(m, (uint32_t)gen_position(G, vloops, (uint32_t)order[i]));
    return attr_affine_map(m, affine_map_new(m, nd, 0, n, res));
}

static ValueId reduction_mask(Gen *G, LoopSet s);

/* v is a vector.transfer_read (an argument moved by its producer, as a linalg.transpose
 * or a linalg.copy gives it) that pads every dim with a constant 0 (no in_bounds, no
 * mask): past the end of K it reads zeros already, and its only use can then be the
 * contract, which lets distribute stage it (a select there would be a second use). */
static bool
read_pads_zero(Gen *G, ValueId v)
{
    Module *m = G->m;
    OpId d = value_get(m, v)->def;
    if (!d || op_get(m, d)->kind != OP_TRANSFER_READ)
        return false;
    const Op *rd = op_get(m, d);
    const Type *mt = type_get(m, value_type(m, rd->args[0]));
    const Attr *ib = op_attr(m, d, "in_bounds");
    if (mt->kind != TY_MEMREF || rd->nargs != mt->rank + 2)
        return false; /* a mask */
    for (uint32_t i = 0; ib && ib->kind == ATTR_ARRAY && i < ib->n; i++)
        if (ib->items[i]->kind != ATTR_BOOL || ib->items[i]->b)
            return false;
    OpId pd = value_get(m, rd->args[1 + mt->rank])->def;
    const Attr *pv = pd && op_get(m, pd)->kind == OP_CONSTANT ? op_attr(m, pd, "value") : NULL;
    return pv && ((pv->kind == ATTR_FLOAT && pv->f == 0.0) || (pv->kind == ATTR_INT && pv->i == 0));
}

/* A contraction operand in this K step: an argument read in its own dim order, or the
 * value of its elementwise prologue in canonical loop order, zero past the end of K (the
 * prologue of a padding zero need not be zero). */
static ValueId
contract_operand(Gen *G, uint32_t array, LoopSet *set, int32_t *order, uint32_t *n)
{
    Graph *g = G->g;
    const Array *a = &g->arrays[array];
    if (a->kind == ARR_ARG)
        return gen_read_natural(G, array, set, order, n);
    *set = tile_array_loops(g, a);
    *n = 0;
    bool tail = false;
    for (uint32_t c = 0; c < g->nloops; c++) {
        if (!(*set >> c & 1) || !g->loops[c].in_vector)
            continue;
        order[(*n)++] = (int32_t)c;
        const Loop *l = &g->loops[c];
        tail |= l->reduction && !(l->size.value >= 0 && l->size.value % l->tile == 0);
    }
    ValueId v = gen_array(G, array, *set);
    if (G->failed)
        return 0;
    TypeId vt = value_type(G->m, v);
    if (tail && !read_pads_zero(G, v)) {
        ValueId zero = gen_splat(G, vt, 0, 0);
        v = gen_op(G, OP_SELECT, 3, (ValueId[]){ reduction_mask(G, *set), v, zero }, vt);
    }
    return v;
}

static bool
emit_contraction(Gen *G)
{
    Graph *g = G->g;
    Module *m = G->m;
    Node *root = &g->nodes[g->root];
    LoopSet sout = tile_array_loops(g, &g->arrays[root->res[0]]);
    LoopSet all = 0;
    int32_t k = -1;
    for (uint32_t c = 0; c < g->nloops; c++) {
        if (g->loops[c].in_vector)
            all |= 1u << c;
        if (g->loops[c].reduction)
            k = (int32_t)c;
    }
    ValueId acc0 = gen_array(G, root->init[0], sout);
    TypeId acct = value_type(m, acc0);
    ValueId fargs[4] = { gen_index(G, 0), G->size[k], gen_index(G, g->loops[k].tile), acc0 };
    OpId loop = gen_op_id(G, OP_FOR, 4, fargs, 1, &acct, 1);
    RegionId r = region_new(m, loop);
    op_get(m, loop)->regions[0] = r;
    BlockId body = block_new(m);
    region_append(m, r, body);
    ValueId iv = block_add_arg(m, body, TY_INDEX, G->loc, NULL);
    ValueId acc = block_add_arg(m, body, acct, G->loc, NULL);
    BlockId outer = G->cur;
    uint32_t saved;
    G->cur = body;
    G->base[k] = iv;
    gen_scope_enter(G, &saved);
    LoopSet sa, sb;
    int32_t oa[TILE_MAX_LOOPS], ob[TILE_MAX_LOOPS];
    uint32_t na, nb;
    ValueId a = contract_operand(G, (uint32_t)root->in[0], &sa, oa, &na);
    ValueId b = contract_operand(G, (uint32_t)root->in[1], &sb, ob, &nb);
    if (!a || !b || G->failed)
        return false;
    int32_t oc[TILE_MAX_LOOPS];
    uint32_t nc = 0;
    for (uint32_t c = 0; c < g->nloops; c++)
        if ((sout >> c & 1) && g->loops[c].in_vector)
            oc[nc++] = (int32_t)c;
    const Attr *maps[3] = { operand_map(G, oa, na, all), operand_map(G, ob, nb, all),
                            operand_map(G, oc, nc, all) };
    const Attr *its[TILE_MAX_LOOPS];
    uint32_t nit = 0;
    for (uint32_t c = 0; c < g->nloops; c++)
        if (all >> c & 1)
            its[nit++] = attr_enum(m, "vector", "iterator_type",
                                   g->loops[c].reduction ? "reduction" : "parallel", false);
    ValueId cargs[3] = { a, b, acc };
    OpId con = gen_op_id(G, OP_CONTRACT, 3, cargs, 1, &acct, 0);
    op_set_attr(m, con, "indexing_maps", attr_array(m, maps, 3));
    op_set_attr(m, con, "iterator_types", attr_array(m, its, nit));
    op_set_attr(m, con, "kind", attr_enum(m, "vector", "kind", "add", false));
    const Attr *cfg = contract_config(G);
    if (cfg)
        op_set_attr(m, con, "lowering_config", cfg);
    op_get(m, con)->loc = op_get(m, root->op)->loc;
    ValueId d = op_get(m, con)->res[0];
    gen_op(G, OP_YIELD, 1, &d, 0);
    gen_scope_leave(G, saved);
    G->cur = outer;
    G->base[k] = gen_index(G, 0);
    G->reduced[root->res[0]] = op_get(m, loop)->res[0];
    G->reduced_set[root->res[0]] = sout;
    for (uint32_t i = 0; i < g->nouts; i++)
        write_output(G, &g->outs[i]);
    return !G->failed;
}

/* ------------------------------------------------------------- reductions */

static double
identity_f(CombiningKind k)
{
    switch (k) {
    case KIND_MUL:
        return 1;
    case KIND_MAXIMUMF:
    case KIND_MAXNUMF:
        return -INFINITY;
    case KIND_MINIMUMF:
    case KIND_MINNUMF:
        return INFINITY;
    default:
        return 0;
    }
}

static int64_t
identity_i(CombiningKind k, TypeId t)
{
    unsigned w = type_bitwidth(t);
    int64_t max = w >= 64 ? INT64_MAX : (int64_t)((1ull << (w - 1)) - 1);
    switch (k) {
    case KIND_MUL:
        return 1;
    case KIND_MAXSI:
        return -max - 1;
    case KIND_MINSI:
        return max;
    case KIND_MINUI:
    case KIND_AND:
        return -1;
    default:
        return 0;
    }
}

static OpKind
combine_op(CombiningKind k, bool fl)
{
    switch (k) {
    case KIND_ADD:
        return fl ? OP_ADDF : OP_ADDI;
    case KIND_MUL:
        return fl ? OP_MULF : OP_MULI;
    case KIND_MAXIMUMF:
        return OP_MAXIMUMF;
    case KIND_MINIMUMF:
        return OP_MINIMUMF;
    case KIND_MAXNUMF:
        return OP_MAXNUMF;
    case KIND_MINNUMF:
        return OP_MINNUMF;
    case KIND_MAXSI:
        return OP_MAXSI;
    case KIND_MINSI:
        return OP_MINSI;
    case KIND_MAXUI:
        return OP_MAXUI;
    case KIND_MINUI:
        return OP_MINUI;
    case KIND_AND:
        return OP_ANDI;
    case KIND_OR:
        return OP_ORI;
    case KIND_XOR:
    case KIND_COUNT:
        return OP_XORI;
    }
    return OP_XORI;
}

/* The reduction loops the kernel steps along, outermost first: each one that one step
 * at 0 does not cover exactly (dynamic, longer than its step, or shorter: one masked step).
 * Nested loops, one per entry (Nest below). */
typedef struct Stepped {
    int32_t loops[TILE_MAX_LOOPS];
    uint32_t n;
} Stepped;

static void
stepped_loops(const Gen *G, Stepped *st)
{
    const Graph *g = G->g;
    st->n = 0;
    for (uint32_t c = 0; c < g->nloops; c++) {
        const Loop *l = &g->loops[c];
        if (l->reduction && l->size.value != l->tile)
            st->loops[st->n++] = (int32_t)c;
    }
}

/* The mask of the valid elements over s: the reduction loops past their end are off. */
static ValueId
reduction_mask(Gen *G, LoopSet s)
{
    Graph *g = G->g;
    ValueId ops[TILE_MAX_LOOPS];
    uint32_t n = 0;
    for (uint32_t c = 0; c < g->nloops; c++) {
        if (!(s >> c & 1) || !g->loops[c].in_vector)
            continue;
        ops[n++] = g->loops[c].reduction ? gen_sub_index(G, G->size[c], G->base[c])
                                         : gen_index(G, g->loops[c].tile);
    }
    return gen_op(G, OP_CREATE_MASK, n, ops, gen_vec_type(G, s, TY_I1));
}

/* The seed-000 config of the multi_reduction over the vector loops of s. */
static const Attr *
reduction_config(Gen *G, LoopSet s)
{
    Graph *g = G->g;
    const KernelConfig *k = &g->cfg;
    Module *m = G->m;
    int64_t wg[TILE_MAX_LOOPS], pr[TILE_MAX_LOOPS], th[TILE_MAX_LOOPS];
    int64_t lc[TILE_MAX_LOOPS], lm[TILE_MAX_LOOPS], sc[TILE_MAX_LOOPS], sm[TILE_MAX_LOOPS];
    uint32_t n = 0;
    for (uint32_t c = 0; c < g->nloops; c++) {
        if (!(s >> c & 1) || !g->loops[c].in_vector)
            continue;
        wg[n] = g->loops[c].reduction ? 0 : g->loops[c].tile;
        pr[n] = g->loops[c].reduction ? g->loops[c].tile : 0;
        th[n] = k->thread[c];
        n++;
    }
    /* the bases: the entries on loops of s, their mapping renumbered to positions in s */
    uint32_t nl = 0, ns = 0;
    for (uint32_t i = 0; i < k->nlane; i++)
        if (gen_position(G, s, (uint32_t)k->lane_map[i]) >= 0) {
            lc[nl] = k->lane_counts[i];
            lm[nl++] = gen_position(G, s, (uint32_t)k->lane_map[i]);
        }
    for (uint32_t i = 0; i < k->nsg; i++)
        if (gen_position(G, s, (uint32_t)k->sg_map[i]) >= 0) {
            sc[ns] = k->sg_counts[i];
            sm[ns++] = gen_position(G, s, (uint32_t)k->sg_map[i]);
        }
    NamedAttr items[5];
    uint32_t ni = 0;
    items[ni++] = (NamedAttr){ "workgroup", attr_int_array(m, wg, n, TY_I64) };
    items[ni++] = (NamedAttr){ "partial_reduction", attr_int_array(m, pr, n, TY_I64) };
    items[ni++] = (NamedAttr){ "thread", attr_int_array(m, th, n, TY_I64) };
    if (nl == n) {
        const Attr *two[2] = { attr_int_array(m, lc, n, TY_I64), attr_int_array(m, lm, n, TY_I64) };
        items[ni++] = (NamedAttr){ "lane_basis", attr_array(m, two, 2) };
    }
    if (ns == n) {
        const Attr *two[2] = { attr_int_array(m, sc, n, TY_I64), attr_int_array(m, sm, n, TY_I64) };
        items[ni++] = (NamedAttr){ "subgroup_basis", attr_array(m, two, 2) };
    }
    Attr *a = arena_copy(&m->arena, attr_dict(m, items, ni), sizeof(Attr));
    a->kind = ATTR_LOWERING_CONFIG;
    return a;
}

/* ----------------------------------------------------- steps and versions */

/* One step along the stepped loop: emits its code at the current base, combining into
 * acc (nacc values, updated in place); `masked`: the step may run past the loop's end. */
typedef bool StepFn(Gen *G, void *ctx, ValueId *acc, bool masked);

/* A region for an scf.for / scf.if op, its block the current one; false: none made. */
static BlockId
open_region(Gen *G, OpId op, uint32_t i)
{
    RegionId r = region_new(G->m, op);
    op_get(G->m, op)->regions[i] = r;
    BlockId b = block_new(G->m);
    region_append(G->m, r, b);
    G->cur = b;
    return b;
}

/*
 * The steps of loop `loop` (tile t, size R), carrying acc:
 *
 *   R static, R <= t      one step at 0 (masked when R < t)
 *   otherwise             scf.for r0 = 0 to (R floordiv t) * t step t  (whole steps: in
 *                         bounds, no mask), then the last partial step, masked: always when R
 *                         is static (and not a multiple of t), under scf.if when dynamic
 */
static bool
emit_steps(Gen *G, int32_t loop, uint32_t nacc, const TypeId *types, ValueId *acc, StepFn *fn,
           void *ctx)
{
    Module *m = G->m;
    const Loop *l = &G->g->loops[loop];
    uint32_t saved;
    BlockId outer = G->cur;
    if (!G->red_lo && l->size.value >= 0 && l->size.value <= l->tile) {
        G->base[loop] = gen_index(G, 0);
        G->red_in_bounds = l->size.value == l->tile;
        gen_scope_enter(G, &saved);
        bool ok = fn(G, ctx, acc, l->size.value != l->tile);
        gen_scope_leave(G, saved);
        return ok;
    }
    ValueId start = G->red_lo ? G->red_lo : gen_index(G, 0), whole;
    if (G->red_lo) /* a part [lo, size): lo + whole steps */
        whole = gen_op(
            G, OP_ADDI, 2,
            (ValueId[]){ start,
                         gen_mul_index(G,
                                       gen_op(G, OP_DIVUI, 2,
                                              (ValueId[]){ gen_sub_index(G, G->size[loop], start),
                                                           gen_index(G, l->tile) },
                                              TY_INDEX),
                                       l->tile) },
            TY_INDEX);
    else
        whole = l->size.value >= 0
                    ? gen_index(G, l->size.value / l->tile * l->tile)
                    : gen_mul_index(G,
                                    gen_op(G, OP_DIVUI, 2,
                                           (ValueId[]){ G->size[loop], gen_index(G, l->tile) },
                                           TY_INDEX),
                                    l->tile);
    ValueId fargs[3 + TILE_MAX_IO] = { start, whole, gen_index(G, l->tile) };
    for (uint32_t j = 0; j < nacc; j++)
        fargs[3 + j] = acc[j];
    OpId f = gen_op_id(G, OP_FOR, 3 + nacc, fargs, nacc, types, 1);
    BlockId body = open_region(G, f, 0);
    G->base[loop] = block_add_arg(m, body, TY_INDEX, G->loc, NULL);
    ValueId inner[TILE_MAX_IO];
    for (uint32_t j = 0; j < nacc; j++)
        inner[j] = block_add_arg(m, body, types[j], G->loc, NULL);
    G->red_in_bounds = true;
    gen_scope_enter(G, &saved);
    bool ok = fn(G, ctx, inner, false);
    gen_scope_leave(G, saved);
    gen_op_id(G, OP_YIELD, nacc, inner, 0, NULL, 0);
    G->cur = outer;
    for (uint32_t j = 0; j < nacc; j++)
        acc[j] = op_get(m, f)->res[j];
    if (!ok || l->tile == 1 || (l->size.value >= 0 && l->size.value % l->tile == 0))
        return ok;
    G->base[loop] = whole;
    G->red_in_bounds = false;
    if (l->size.value >= 0 && !G->red_lo) { /* a static partial step */
        gen_scope_enter(G, &saved);
        ok = fn(G, ctx, acc, true);
        gen_scope_leave(G, saved);
        return ok;
    }
    ValueId cond = gen_op(G, OP_CMPI, 2, (ValueId[]){ whole, G->size[loop] }, TY_I1);
    op_set_attr(m, value_get(m, cond)->def, "predicate", attr_int(m, CMPI_ULT, TY_I64));
    OpId iff = gen_op_id(G, OP_IF, 1, &cond, nacc, types, 2);
    open_region(G, iff, 0);
    ValueId tail[TILE_MAX_IO];
    for (uint32_t j = 0; j < nacc; j++)
        tail[j] = acc[j];
    gen_scope_enter(G, &saved);
    ok = fn(G, ctx, tail, true);
    gen_scope_leave(G, saved);
    gen_op_id(G, OP_YIELD, nacc, tail, 0, NULL, 0);
    open_region(G, iff, 1);
    gen_op_id(G, OP_YIELD, nacc, acc, 0, NULL, 0);
    G->cur = outer;
    for (uint32_t j = 0; j < nacc; j++)
        acc[j] = op_get(m, iff)->res[j];
    return ok;
}

/* The steps of several loops, nested (Stepped's order, the outermost first): each step
 * of one level runs the steps of the next, the last runs fn; a step is masked where any
 * level's is, and in bounds where every level's is. */
typedef struct Nest {
    const Stepped *st;
    uint32_t level, nacc;
    const TypeId *types;
    StepFn *fn;
    void *ctx;
    bool masked;
} Nest;

static bool
nest_step(Gen *G, void *ctx, ValueId *acc, bool masked)
{
    Nest *N = ctx;
    bool was = N->masked, ok;
    N->masked = was || masked;
    if (N->level + 1 == N->st->n) {
        G->red_in_bounds = !N->masked;
        ok = N->fn(G, N->ctx, acc, N->masked);
    } else {
        N->level++;
        ok = emit_steps(G, N->st->loops[N->level], N->nacc, N->types, acc, nest_step, N);
        N->level--;
    }
    N->masked = was;
    return ok;
}

/* fn over every step of the stepped loops (once, in bounds, where there are none) */
static bool
emit_nest(Gen *G, const Stepped *st, uint32_t nacc, const TypeId *types, ValueId *acc, StepFn *fn,
          void *ctx)
{
    if (!st->n) {
        G->red_in_bounds = true;
        return fn(G, ctx, acc, false);
    }
    Nest N = { st, 0, nacc, types, fn, ctx, false };
    return emit_steps(G, st->loops[0], nacc, types, acc, nest_step, &N);
}

typedef struct ReduceStep {
    const Node *n;
    TypeId types[TILE_MAX_IO];
    bool fl[TILE_MAX_IO];
    LoopSet s;
} ReduceStep;

/* f_j of this step (masked past the end), combined into the partial accumulators */
static bool
reduce_step(Gen *G, void *ctx, ValueId *acc, bool masked)
{
    ReduceStep *r = ctx;
    const Node *n = r->n;
    Module *m = G->m;
    ValueId f[TILE_MAX_IO];
    if (!gen_body(G, n, f))
        return false;
    ValueId mask = masked ? reduction_mask(G, r->s) : 0;
    for (uint32_t j = 0; j < n->li.nouts; j++) {
        if (mask) {
            ValueId id = gen_splat(G, r->types[j], identity_f(n->kind[j]),
                                   identity_i(n->kind[j], type_element(m, r->types[j])));
            f[j] = gen_op(G, OP_SELECT, 3, (ValueId[]){ mask, f[j], id }, r->types[j]);
        }
        acc[j] = gen_op(G, combine_op(n->kind[j], r->fl[j]), 2, (ValueId[]){ acc[j], f[j] },
                        r->types[j]);
    }
    return !G->failed;
}

/* One reduction node: partial accumulators over the steps, then multi_reduction. */
static bool
emit_reduction_node(Gen *G, const Node *n, const Stepped *st)
{
    Graph *g = G->g;
    Module *m = G->m;
    ReduceStep r = { n, { 0 }, { false }, tile_node_loops(g, n) };
    LoopSet p = r.s & ~g->reduced;
    uint32_t nout = n->li.nouts;
    ValueId acc[TILE_MAX_IO];
    for (uint32_t j = 0; j < nout; j++) {
        TypeId e = type_get(m, g->arrays[n->res[j]].type)->elem;
        r.types[j] = gen_vec_type(G, r.s, e);
        r.fl[j] = type_is_float(e);
        acc[j] = gen_splat(G, r.types[j], identity_f(n->kind[j]),
                           identity_i(n->kind[j], type_element(m, r.types[j])));
    }
    if (!emit_nest(G, st, nout, r.types, acc, reduce_step, &r))
        return false;
    /* the reduced dims: positions of the reduction loops among s's vector loops */
    int64_t dims[TILE_MAX_LOOPS];
    uint32_t nd = 0;
    for (uint32_t c = 0; c < g->nloops; c++)
        if ((g->reduced >> c & 1) && gen_position(G, r.s, c) >= 0)
            dims[nd++] = gen_position(G, r.s, c);
    const Attr *cfg = reduction_config(G, r.s);
    for (uint32_t j = 0; j < nout; j++) {
        ValueId init = G->partial ? gen_splat(G, gen_vec_type(G, p, type_element(m, r.types[j])),
                                              identity_f(n->kind[j]),
                                              identity_i(n->kind[j], type_element(m, r.types[j])))
                                  : gen_array(G, n->init[j], p);
        OpId red = gen_op_id(G, OP_MULTI_REDUCTION, 2, (ValueId[]){ acc[j], init }, 1,
                             (TypeId[]){ value_type(m, init) }, 0);
        op_set_attr(m, red, "kind",
                    attr_enum(m, "vector", "kind", combining_kind_names[n->kind[j]], false));
        op_set_attr(m, red, "reduction_dims", attr_dense_array(m, TY_I64, dims, NULL, nd));
        op_set_attr(m, red, "lowering_config", cfg);
        op_get(m, red)->loc = op_get(m, n->op)->loc;
        G->reduced[n->res[j]] = op_get(m, red)->res[0];
        G->reduced_set[n->res[j]] = p;
    }
    return !G->failed;
}

/* the outputs over the whole tile, one step of them */
static bool
write_step(Gen *G, void *ctx, ValueId *acc, bool masked)
{
    (void)ctx, (void)acc, (void)masked;
    Graph *g = G->g;
    for (uint32_t i = 0; i < g->nouts; i++)
        if (tile_array_loops(g, &g->arrays[g->outs[i].array]) & g->reduced)
            write_output(G, &g->outs[i]);
    return !G->failed;
}

/* A reduction kernel's body (one version): the reductions, then the outputs. */
static bool
emit_reduction_body(Gen *G)
{
    Graph *g = G->g;
    Stepped st;
    stepped_loops(G, &st);
    for (uint32_t c = 0; c < g->nloops; c++)
        if (g->loops[c].reduction)
            G->base[c] = gen_index(G, 0);
    for (uint32_t i = 0; i < g->nnodes; i++)
        if (g->nodes[i].cls == NODE_REDUCTION && !emit_reduction_node(G, &g->nodes[i], &st))
            return false;
    bool any_full = false;
    for (uint32_t i = 0; i < g->nouts; i++) {
        LoopSet s = tile_array_loops(g, &g->arrays[g->outs[i].array]);
        if (s & g->reduced)
            any_full = true;
        else
            write_output(G, &g->outs[i]);
    }
    if (!any_full)
        return !G->failed;
    return emit_nest(G, &st, 0, NULL, NULL, write_step, NULL);
}

static bool
emit_elementwise_body(Gen *G)
{
    for (uint32_t i = 0; i < G->g->nouts; i++)
        write_output(G, &G->g->outs[i]);
    return !G->failed;
}

/*
 * Two versions of the body under one uniform test, where some parallel loop is dynamic
 * or ragged: the workgroups whose tile is inside every array take a copy with in-bounds
 * accesses (128-bit loads and stores), the edge workgroups one with checks.
 */
static bool
emit_versions(Gen *G, bool (*body)(Gen *G))
{
    Graph *g = G->g;
    Module *m = G->m;
    ValueId cond = 0;
    for (uint32_t c = 0; c < g->nloops; c++) {
        const Loop *l = &g->loops[c];
        if (l->reduction || !l->in_vector || (l->size.value >= 0 && l->size.value % l->tile == 0))
            continue;
        ValueId end =
            gen_op(G, OP_ADDI, 2, (ValueId[]){ G->base[c], gen_index(G, l->tile) }, TY_INDEX);
        ValueId in = gen_op(G, OP_CMPI, 2, (ValueId[]){ end, G->size[c] }, TY_I1);
        op_set_attr(m, value_get(m, in)->def, "predicate", attr_int(m, CMPI_ULE, TY_I64));
        cond = cond ? gen_op(G, OP_ANDI, 2, (ValueId[]){ cond, in }, TY_I1) : in;
    }
    if (!cond) {
        G->par_in_bounds = true;
        return body(G);
    }
    BlockId outer = G->cur;
    OpId iff = gen_op_id(G, OP_IF, 1, &cond, 0, NULL, 2);
    bool ok = true;
    for (uint32_t v = 0; v < 2 && ok; v++) {
        uint32_t saved;
        open_region(G, iff, v);
        memset(G->reduced, 0, sizeof G->reduced);
        memset(G->stage_used, 0, sizeof G->stage_used);
        G->par_in_bounds = v == 0;
        gen_scope_enter(G, &saved);
        ok = body(G);
        gen_scope_leave(G, saved);
        gen_op(G, OP_YIELD, 0, NULL, 0);
    }
    G->cur = outer;
    return ok;
}

/* ------------------------------------------------- flat elementwise kernels */

/*
 * An elementwise kernel over two or more loops, tiled along the innermost only (the
 * default config, or one like it: no thread or basis fields), whose arrays all
 * walk every loop in order (no broadcast, transpose, slice, insert or linalg.index), is
 * one loop over its elements in row-major order: every buffer read and written through a
 * 1-D memref.reinterpret_cast of it.  With a dynamic (or ragged) row length the rows'
 * starts have no alignment ptxgen can prove, so a row-by-row kernel accesses memory
 * element by element; the flat one makes 128-bit accesses in the workgroups inside the
 * arrays and checked ones in the last (the tail), whatever the row length.  Static row
 * lengths that are a multiple of the tile keep the row-by-row kernel.
 */
static bool
identity_map(const AffineMap *map, uint32_t n)
{
    if (map->nresults != n)
        return false;
    for (uint32_t r = 0; r < n; r++)
        if (affine_map_result_dim(map, r) != (int32_t)r)
            return false;
    return true;
}

/* A buffer of identity layout (a tensor, or a memref without layout), rank n. */
static bool
plain_buffer(Module *m, TypeId t, uint32_t n)
{
    const Type *x = type_get(m, t);
    return x->rank == n && (x->kind == TY_TENSOR || (x->kind == TY_MEMREF && !x->layout));
}

/* An argument read along the innermost loop only, as a whole 1-D buffer (a bias row
 * broadcast over the rows): the flat kernel reads it at the flat index modulo the row
 * length (gen.c, wrap_read). */
bool
tile_flat_wraps(const Graph *g, const Array *a)
{
    return a->kind == ARR_ARG && !a->slice && plain_buffer(g->m, a->type, 1) &&
           a->label[0] == (int32_t)g->nloops - 1;
}

static bool
flat_nodes(const Graph *g)
{
    Module *m = g->m;
    for (uint32_t i = 0; i < g->nnodes; i++) {
        const Node *n = &g->nodes[i];
        if (n->li.nloops != g->nloops)
            return false;
        for (uint32_t d = 0; d < g->nloops; d++)
            if (n->label[d] != (int32_t)d)
                return false;
        for (uint32_t k = 0; k < n->li.nins + n->li.nouts; k++)
            if ((k >= n->li.nins || n->in[k] >= 0) && !identity_map(n->li.maps[k], g->nloops) &&
                !(k < n->li.nins && tile_flat_wraps(g, &g->arrays[n->in[k]])))
                return false;
        const Block *b = block_get(m, op_entry_block(m, n->op, 0));
        for (uint32_t k = 0; k < b->ops.n; k++)
            if (op_get(m, b->ops.items[k])->kind == OP_LINALG_INDEX)
                return false;
    }
    return true;
}

bool
tile_flattens(const Graph *g)
{
    Module *m = g->m;
    if (g->cls != KERNEL_ELEMENTWISE || g->nloops < 2 || g->cfg.nlane || g->cfg.nsg)
        return false;
    bool aligned = true;
    const Loop *in = &g->loops[g->nloops - 1];
    int64_t bits = tile_widest_bits(g); /* a thread tile of at most 128 bits, as the default */
    for (uint32_t c = 0; c < g->nloops; c++) {
        aligned &= g->loops[c].size.value >= 0;
        int64_t t = g->cfg.thread[c];
        bool def = c + 1 == g->nloops && t * bits <= 128 &&
                   in->tile == t * g->cfg.workgroup_size; /* the default config's thread */
        if ((t && !def) || (c + 1 < g->nloops && g->loops[c].tile != 1))
            return false; /* a config that tiles rows, or places threads */
    }
    if (aligned && in->size.value % in->tile == 0)
        return false;
    for (uint32_t i = 0; i < g->narrays; i++) {
        const Array *a = &g->arrays[i];
        if ((a->kind != ARR_ARG && a->kind != ARR_NODE) || !tile_array_loops(g, a) ||
            (g->nloops > 1 && tile_flat_wraps(g, a)))
            continue;
        if (!plain_buffer(m, a->type, g->nloops) || (a->kind == ARR_ARG && a->slice))
            return false;
        for (uint32_t d = 0; d < g->nloops; d++)
            if (a->label[d] != (int32_t)d)
                return false;
    }
    BlockId entry = op_entry_block(m, g->func, 0);
    for (uint32_t k = 0; k < g->nouts; k++) {
        uint32_t dest = g->outs[k].dest;
        if (g->outs[k].slice ||
            (dest < g->nparams &&
             !plain_buffer(m, value_type(m, block_get(m, entry)->args.items[dest]), g->nloops)))
            return false;
    }
    return flat_nodes(g);
}

/* The 1-D view of buffer buf, of n (total if static) elements. */
static ValueId
flat_view(Gen *G, ValueId buf, ValueId n, int64_t total)
{
    Module *m = G->m;
    const Type *t = type_get(m, value_type(m, buf));
    int64_t shape = total >= 0 ? total : DIM_DYNAMIC;
    TypeId vt = type_memref(m, t->elem, 1, &shape, NULL, t->memspace, t->memspace_gpu);
    int64_t zero = 0, one = 1;
    ValueId args[2] = { buf, n };
    OpId o = gen_op_id(G, OP_REINTERPRET_CAST, total >= 0 ? 1 : 2, args, 1, &vt, 0);
    op_set_attr(m, o, "static_offsets", attr_dense_array(m, TY_I64, &zero, NULL, 1));
    op_set_attr(m, o, "static_sizes", attr_dense_array(m, TY_I64, &shape, NULL, 1));
    op_set_attr(m, o, "static_strides", attr_dense_array(m, TY_I64, &one, NULL, 1));
    int64_t seg[4] = { 1, 0, total >= 0 ? 0 : 1, 0 };
    op_set_attr(m, o, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 4));
    return op_get(m, o)->res[0];
}

/* g's graph over one loop: its arrays 1-D, its nodes' maps the 1-D identity. */
static Graph *
flat_graph(const Graph *g, int64_t total)
{
    Module *m = g->m;
    Graph *f = arena_alloc(&m->arena, sizeof *f);
    *f = *g;
    f->nloops = 1;
    f->loops[0] = g->loops[g->nloops - 1];
    f->loops[0].size = SIZE_SRC(total, -1, -1);
    f->loops[0].grid = 0;
    f->loops[0].name = "d0";
    int64_t shape = total >= 0 ? total : DIM_DYNAMIC;
    for (uint32_t i = 0; i < f->narrays; i++) {
        Array *a = &f->arrays[i];
        const Type *t = type_get(m, a->type);
        if (tile_array_loops(g, a) && tile_flat_wraps(g, a)) {
            a->wrap = true;
            a->label[0] = 0;
            continue;
        }
        if (t->rank != g->nloops)
            continue;
        a->type = t->kind == TY_TENSOR
                      ? type_tensor(m, t->elem, 1, &shape)
                      : type_memref(m, t->elem, 1, &shape, NULL, t->memspace, t->memspace_gpu);
        for (uint32_t d = 1; d < TILE_MAX_LOOPS; d++)
            a->label[d] = -1;
    }
    const AffineMap *id = affine_map_identity(m, 1);
    for (uint32_t i = 0; i < f->nnodes; i++) {
        Node *n = &f->nodes[i];
        uint32_t nm = n->li.nins + n->li.nouts;
        const AffineMap **maps = arena_alloc(&m->arena, nm * sizeof *maps);
        for (uint32_t k = 0; k < nm; k++)
            maps[k] = k < n->li.nins && n->in[k] < 0 ? n->li.maps[k] : id;
        n->li.maps = maps;
        n->li.nloops = 1;
        n->li.reduction[0] = false;
        for (uint32_t d = 1; d < TILE_MAX_LOOPS; d++)
            n->label[d] = -1;
    }
    return f;
}

/* The flat kernel's grid, views and body (G->size holds g's loop sizes). */
static bool
emit_flat(Gen *G, Syms *syms)
{
    Graph *g = G->g;
    Module *m = G->m;
    ValueId n = G->size[0];
    const AffineExpr *count = size_expr(m, syms, g->loops[0].size);
    int64_t total = g->loops[0].size.value;
    for (uint32_t c = 1; c < g->nloops; c++) {
        n = gen_op(G, OP_MULI, 2, (ValueId[]){ n, G->size[c] }, TY_INDEX);
        count = affine_binary(m, AFF_MUL, count, size_expr(m, syms, g->loops[c].size));
        total = total >= 0 && g->loops[c].size.value >= 0 ? total * g->loops[c].size.value : -1;
    }
    G->wrap_n = G->size[g->nloops - 1];
    Graph *f = flat_graph(g, total);
    int64_t tile = f->loops[0].tile;
    const AffineExpr *grid[3] = { affine_binary(m, AFF_CEILDIV, count, affine_const(m, tile)),
                                  affine_const(m, 1), affine_const(m, 1) };
    op_set_attr(m, G->func, "vptx.grid",
                attr_affine_map(m, affine_map_new(m, 0, TILE_MAX_ARGS, 3, grid)));
    OpId b = gen_op_id(G, OP_BLOCK_ID, 0, NULL, 1, (TypeId[]){ TY_INDEX }, 0);
    op_set_attr(m, b, "dimension", attr_enum(m, "gpu", "dim", "x", true));
    G->base[0] = gen_mul_index(G, op_get(m, b)->res[0], tile);
    G->size[0] = n;
    ValueId saved[TILE_MAX_ARGS];
    uint32_t nargs = g->nparams + g->nresults + g->nscratch;
    memcpy(saved, G->arg, sizeof saved);
    bool need[TILE_MAX_ARGS] = { false };
    for (uint32_t i = 0; i < f->narrays; i++)
        if (f->arrays[i].kind == ARR_ARG && tile_array_loops(f, &f->arrays[i]) &&
            !f->arrays[i].wrap)
            need[f->arrays[i].arg] = true;
    for (uint32_t k = 0; k < f->nouts; k++)
        need[f->outs[k].dest] = true;
    for (uint32_t i = 0; i < nargs; i++)
        if (need[i])
            G->arg[i] = flat_view(G, G->arg[i], n, total);
    G->g = f;
    bool ok = emit_versions(G, emit_elementwise_body);
    G->g = g;
    memcpy(G->arg, saved, sizeof saved);
    return ok;
}

/* ------------------------------------------------------------ the function */

static TypeId
buffer_type(Module *m, TypeId t)
{
    const Type *x = type_get(m, t);
    if (x->kind != TY_TENSOR)
        return t;
    return type_memref(m, x->elem, x->rank, x->shape, NULL, 0, false);
}

static const Attr *
translation(Gen *G)
{
    Module *m = G->m;
    TranslationInfoAttr *ti = arena_alloc(&m->arena, sizeof *ti);
    ti->pipeline = "LLVMGPUVectorDistribute";
    ti->nworkgroup = 3;
    ti->workgroup_size[0] = G->g->cfg.workgroup_size;
    ti->workgroup_size[1] = ti->workgroup_size[2] = 1;
    ti->subgroup_size = 32;
    Attr *a = arena_alloc(&m->arena, sizeof *a);
    a->kind = ATTR_TRANSLATION_INFO;
    a->translation = ti;
    return a;
}

/* The new func.func: parameters (tensors as memrefs), then the result buffers. */
static bool
new_function(Gen *G)
{
    Graph *g = G->g;
    Module *m = G->m;
    uint32_t n = g->nparams + g->nresults + g->nscratch;
    TypeId types[TILE_MAX_ARGS];
    const Attr *ft = op_attr(m, g->func, "function_type");
    BlockId old = op_entry_block(m, g->func, 0);
    for (uint32_t i = 0; i < g->nparams; i++)
        types[i] = buffer_type(m, value_type(m, block_get(m, old)->args.items[i]));
    for (uint32_t k = 0; k < g->nresults; k++) { /* buffer_type may grow the type table */
        TypeId out = type_get(m, ft->type)->outs[k];
        types[g->nparams + k] = buffer_type(m, out);
    }
    for (uint32_t k = 0; k < g->nscratch; k++)
        types[g->nparams + g->nresults + k] = g->scratch_type[k];
    G->func = op_new(m, OP_FUNC, op_get(m, g->func)->loc, 0, NULL, 0, NULL, 1);
    RegionId r = region_new(m, G->func);
    op_get(m, G->func)->regions[0] = r;
    G->entry = G->cur = block_new(m);
    region_append(m, r, G->entry);
    for (uint32_t i = 0; i < n; i++) {
        const char *name = i < g->nparams ? value_get(m, block_get(m, old)->args.items[i])->name
                           : i < g->nparams + g->nresults
                               ? arena_printf(&m->arena, "result%u", i - g->nparams)
                               : arena_printf(&m->arena, "scratch%u", i - g->nparams - g->nresults);
        G->arg[i] = block_add_arg(m, G->entry, types[i], G->loc, name);
    }
    op_set_attr(m, G->func, "sym_name",
                g->name ? attr_string(m, g->name, (uint32_t)strlen(g->name))
                        : op_attr(m, g->func, "sym_name"));
    op_set_attr(m, G->func, "function_type", attr_type(m, type_function(m, n, types, 0, NULL)));
    op_set_attr(m, G->func, "translation_info", translation(G));
    if (g->sequence)
        op_set_attr(m, G->func, "vptx.sequence", g->sequence);
    return true;
}

/* vptx.sizes, and vptx.result on each result buffer, vptx.scratch on each scratch
 * buffer (their shapes over the same symbols) */
static void
size_attrs(Gen *G, Syms *syms)
{
    Graph *g = G->g;
    Module *m = G->m;
    uint32_t n = g->nparams + g->nresults + g->nscratch;
    const Attr *arg_attrs[TILE_MAX_ARGS];
    const Attr *none = attr_dict(m, NULL, 0);
    bool any = false;
    for (uint32_t i = 0; i < n; i++)
        arg_attrs[i] = none;
    for (uint32_t k = 0; k < g->nouts; k++) {
        const Output *o = &g->outs[k];
        if (!o->result && !o->scratch)
            continue;
        const Array *a = &g->arrays[o->array];
        uint32_t rank = type_get(m, a->type)->rank;
        const AffineExpr *dims[TILE_MAX_LOOPS];
        for (uint32_t d = 0; d < rank; d++)
            dims[d] = size_expr(m, syms, g->loops[a->label[d]].size);
        NamedAttr na = { o->scratch ? "vptx.scratch" : "vptx.result",
                         attr_affine_map(m, affine_map_new(m, 0, TILE_MAX_ARGS, rank, dims)) };
        arg_attrs[o->dest] = attr_dict(m, &na, 1);
        any = true;
    }
    /* a split function's buffers this kernel does not write: the shapes the others gave */
    for (uint32_t i = g->nparams; i < n; i++) {
        if (arg_attrs[i] != none || !g->app_known[i - g->nparams])
            continue;
        const SizeSrc *z = g->app_size[i - g->nparams];
        uint32_t rank = type_get(m, value_type(m, G->arg[i]))->rank;
        const AffineExpr *dims[TILE_MAX_LOOPS];
        for (uint32_t d = 0; d < rank; d++)
            dims[d] = size_expr(m, syms, z[d]);
        NamedAttr na = { i < g->nparams + g->nresults ? "vptx.result" : "vptx.scratch",
                         attr_affine_map(m, affine_map_new(m, 0, TILE_MAX_ARGS, rank, dims)) };
        arg_attrs[i] = attr_dict(m, &na, 1);
        any = true;
    }
    if (any)
        op_set_attr(m, G->func, "arg_attrs", attr_array(m, arg_attrs, n));
    const Attr *items[TILE_MAX_ARGS];
    for (uint32_t i = 0; i < syms->n; i++) {
        int64_t pair[2] = { syms->src[i].arg, syms->src[i].dim };
        items[i] = attr_int_array(m, pair, 2, TY_I64);
    }
    op_set_attr(m, G->func, "vptx.sizes", attr_array(m, items, syms->n));
}

/* The symbol count of the maps: exactly the symbols used. */
static void
trim_symbols(Gen *G, const Syms *syms)
{
    Module *m = G->m;
    const Attr *grid = op_attr(m, G->func, "vptx.grid");
    AffineMap *gm = affine_map_new(m, 0, syms->n, grid->map->nresults, grid->map->results);
    op_set_attr(m, G->func, "vptx.grid", attr_affine_map(m, gm));
    const Attr *aa = op_attr(m, G->func, "arg_attrs");
    for (uint32_t i = 0; aa && i < aa->n; i++) {
        const char *key = "vptx.result";
        const Attr *r = dict_get(aa->items[i], key);
        if (!r)
            r = dict_get(aa->items[i], key = "vptx.scratch");
        if (!r)
            continue;
        NamedAttr na = { key, attr_affine_map(m, affine_map_new(m, 0, syms->n, r->map->nresults,
                                                                r->map->results)) };
        ((const Attr **)aa->items)[i] = attr_dict(m, &na, 1);
    }
}

/* The kernel in place of the op-level function, or after the kernel before it (a
 * split function's later kernels). */
static void
replace_function(Gen *G)
{
    Module *m = G->m;
    OpId at = G->g->after ? G->g->after : G->g->orig_func;
    BlockId parent = op_get(m, at)->parent;
    for (uint32_t i = 0; i < block_get(m, parent)->ops.n; i++) {
        if (block_get(m, parent)->ops.items[i] != at)
            continue;
        op_get(m, G->func)->parent = parent;
        if (!G->g->after) {
            block_get(m, parent)->ops.items[i] = G->func;
            return;
        }
        Block *b = block_get(m, parent);
        ARRAY_PUSH(&m->arena, b->ops, G->func);
        b = block_get(m, parent);
        memmove(&b->ops.items[i + 2], &b->ops.items[i + 1],
                (b->ops.n - 2 - i) * sizeof *b->ops.items);
        b->ops.items[i + 1] = G->func;
        return;
    }
}

/* ------------------------------------------- a full reduction in two kernels */

/*
 * A reduction of a whole 1-D array (every loop reduced, so no row to give each
 * workgroup) of more than TILE_ONE_WORKGROUP_STEPS steps, or of a dynamic size, runs as
 * two kernels, deterministic (no atomics):
 *
 *   f__1   P workgroups (tile_parts); workgroup p reduces [p C, min(N, (p + 1) C)) from
 *          the identity, C = ceil(N / (P t)) t (t the step), into scratch[p]
 *   f      one warp: the init combined with the P partials, then the outputs
 *          (and the elementwise ops fused after the reduction)
 *
 * Smaller ones are one kernel of one workgroup.  Only a kernel whose one reduction is
 * its root and whose outputs are all 0-d; otherwise one workgroup too.
 */
/* The partials kernel's workgroups: four for each SM of the GPU it runs on (every SM
 * busy, a few workgroups' loads in flight on each), a symbol of the grid and of the
 * scratch buffers' size that every launcher gives (the SM count, at most
 * TILE_MAX_PARTS / 4), or one for each step of a static array with fewer steps than 4
 * for each SM of the target's reference GPU (targets.def), rounded up to a multiple of
 * 32.  why (cap bytes) says which. */
int64_t
tile_parts(const Graph *g, char *why, size_t cap)
{
    const char *arch = g->opt && g->opt->arch ? g->opt->arch : "sm_80";
    const Target *t = target_find(arch);
    int64_t sms = t ? t->sms : 108;
    int64_t most = (TILE_PARTS_PER_SM * sms + 31) / 32 * 32;
    const Loop *l = &g->loops[0];
    int64_t steps = l->size.value >= 0 ? (l->size.value + l->tile - 1) / l->tile : -1;
    if (steps >= 0 && (steps + 31) / 32 * 32 < most) {
        snprintf(why, cap, "one for each of its %lld steps of %lld, rounded up to a multiple of 32",
                 (long long)steps, (long long)l->tile);
        return (steps + 31) / 32 * 32;
    }
    snprintf(why, cap,
             "4 for each SM of the GPU it runs on, up to %d (%lld on the %lld SMs of %s's "
             "reference GPU)",
             TILE_MAX_PARTS, (long long)(TILE_PARTS_PER_SM * sms), (long long)sms,
             t ? t->name : arch);
    return 0;
}

bool
tile_two_stage(const Graph *g)
{
    if (g->cls != KERNEL_REDUCTION || g->nsteps || g->nloops != 1 || !g->loops[0].reduction)
        return false;
    const Loop *l = &g->loops[0];
    if (l->size.value >= 0 && l->size.value <= (int64_t)TILE_ONE_WORKGROUP_STEPS * l->tile)
        return false;
    for (uint32_t i = 0; i < g->nnodes; i++)
        if (g->nodes[i].cls == NODE_REDUCTION && i != g->root)
            return false;
    for (uint32_t i = 0; i < g->nouts; i++)
        if (tile_array_loops(g, &g->arrays[g->outs[i].array]))
            return false;
    return g->nparams + g->nresults + g->nodes[g->root].li.nouts <= TILE_MAX_ARGS;
}

static Gen *
new_gen(Graph *g)
{
    Module *m = g->m;
    Gen *G = arena_alloc(&m->arena, sizeof *G);
    G->g = g;
    G->m = m;
    G->loc = op_get(m, g->func)->loc;
    G->clone = arena_alloc(&m->arena, (m->nvalues + 1) * sizeof *G->clone);
    return G;
}

static void
finish_kernel(Gen *G, Syms *syms)
{
    gen_op(G, OP_RETURN, 0, NULL, 0);
    size_attrs(G, syms);
    trim_symbols(G, syms);
    replace_function(G);
    G->g->emitted = G->func;
}

/* f__1: each workgroup its part's partial, into scratch[p] */
static bool
emit_partials(Graph *g1, uint32_t scratch0)
{
    Module *m = g1->m;
    Gen *G = new_gen(g1);
    if (!new_function(G))
        return false;
    G->size[0] = loop_size(G, 0);
    Syms *syms = arena_alloc(&m->arena, sizeof *syms);
    char why[200];
    int64_t parts = tile_parts(g1, why, sizeof why);
    const AffineExpr *grid[3] = { parts ? affine_const(m, parts)
                                        : size_expr(m, syms, tile_sms_size(TILE_PARTS_PER_SM)),
                                  affine_const(m, 1), affine_const(m, 1) };
    op_set_attr(m, G->func, "vptx.grid",
                attr_affine_map(m, affine_map_new(m, 0, TILE_MAX_ARGS, 3, grid)));
    OpId b = op_new(m, OP_BLOCK_ID, G->loc, 0, NULL, 1, (TypeId[]){ TY_INDEX }, 0);
    op_set_attr(m, b, "dimension", attr_enum(m, "gpu", "dim", "x", true));
    block_append(m, G->cur, b);
    ValueId p = op_get(m, b)->res[0], n = G->size[0];
    const Loop *l = &g1->loops[0];
    ValueId chunk;
    if (parts && l->size.value >= 0) {
        chunk = gen_index(G, (l->size.value + parts * l->tile - 1) / (parts * l->tile) * l->tile);
    } else {
        /* the part count: the scratch buffers' size (the grid's x) */
        ValueId np =
            parts ? gen_index(G, parts) : prologue_op(G, OP_DIM, G->arg[scratch0], gen_index(G, 0));
        chunk = gen_mul_index(
            G,
            gen_op(G, OP_CEILDIVUI, 2, (ValueId[]){ n, gen_mul_index(G, np, l->tile) }, TY_INDEX),
            l->tile);
    }
    ValueId lo = gen_op(G, OP_MINUI, 2,
                        (ValueId[]){ gen_op(G, OP_MULI, 2, (ValueId[]){ p, chunk }, TY_INDEX), n },
                        TY_INDEX);
    ValueId hi = gen_op(G, OP_MINUI, 2,
                        (ValueId[]){ gen_op(G, OP_ADDI, 2, (ValueId[]){ lo, chunk }, TY_INDEX), n },
                        TY_INDEX);
    G->red_lo = lo;
    G->size[0] = hi;
    G->partial = true;
    G->par_in_bounds = true;
    const Node *root = &g1->nodes[g1->root];
    const Stepped st0 = { { 0 }, 1 }; /* loop 0, from red_lo */
    if (!emit_reduction_node(G, root, &st0))
        return false;
    for (uint32_t j = 0; j < root->li.nouts; j++) {
        ValueId st[3] = { G->reduced[root->res[j]], G->arg[scratch0 + j], p };
        gen_op(G, OP_MSTORE, 3, st, 0);
    }
    finish_kernel(G, syms);
    return !G->failed;
}

/* f: one warp combines the init with the partials, then writes the outputs */
static bool
emit_total(Graph *g2, uint32_t scratch0)
{
    Module *m = g2->m;
    Gen *G = new_gen(g2);
    if (!new_function(G))
        return false;
    G->size[0] = loop_size(G, 0);
    Syms *syms = arena_alloc(&m->arena, sizeof *syms);
    emit_grid(G, syms);
    G->par_in_bounds = G->red_in_bounds = true;
    const Node *root = &g2->nodes[g2->root];
    char why[200];
    int64_t parts = tile_parts(g2, why, sizeof why);
    bool masked = !parts; /* as many partials as the scratch buffer has, up to the most */
    if (masked)
        parts = TILE_MAX_PARTS;
    int64_t wg = 0, pr = parts, th = parts / 32, lc = 32, lm = 0, sc = 1, sm = 0;
    const Attr *lane[2] = { attr_int_array(m, &lc, 1, TY_I64), attr_int_array(m, &lm, 1, TY_I64) };
    const Attr *sg[2] = { attr_int_array(m, &sc, 1, TY_I64), attr_int_array(m, &sm, 1, TY_I64) };
    NamedAttr items[5] = {
        { "workgroup", attr_int_array(m, &wg, 1, TY_I64) },
        { "partial_reduction", attr_int_array(m, &pr, 1, TY_I64) },
        { "thread", attr_int_array(m, &th, 1, TY_I64) },
        { "lane_basis", attr_array(m, lane, 2) },
        { "subgroup_basis", attr_array(m, sg, 2) },
    };
    Attr *cfg = arena_copy(&m->arena, attr_dict(m, items, 5), sizeof(Attr));
    cfg->kind = ATTR_LOWERING_CONFIG;
    for (uint32_t j = 0; j < root->li.nouts; j++) {
        ValueId buf = G->arg[scratch0 + j];
        TypeId e = type_get(m, value_type(m, buf))->elem;
        int64_t np = parts;
        /* past the buffer's end, the identity */
        ValueId ops[3] = { buf, gen_index(G, 0),
                           gen_splat(G, e, identity_f(root->kind[j]),
                                     identity_i(root->kind[j], e)) };
        OpId rd =
            gen_op_id(G, OP_TRANSFER_READ, 3, ops, 1, (TypeId[]){ type_vector(m, e, 1, &np) }, 0);
        int64_t seg[4] = { 1, 1, 1, 0 };
        const AffineExpr *d0 = affine_dim(m, 0);
        const Attr *inb = attr_bool(m, !masked);
        op_set_attr(m, rd, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 4));
        op_set_attr(m, rd, "permutation_map", attr_affine_map(m, affine_map_new(m, 1, 0, 1, &d0)));
        op_set_attr(m, rd, "in_bounds", attr_array(m, &inb, 1));
        ValueId init = gen_array(G, root->init[j], 0);
        OpId red = gen_op_id(G, OP_MULTI_REDUCTION, 2, (ValueId[]){ op_get(m, rd)->res[0], init },
                             1, (TypeId[]){ value_type(m, init) }, 0);
        int64_t dims[1] = { 0 };
        op_set_attr(m, red, "kind",
                    attr_enum(m, "vector", "kind", combining_kind_names[root->kind[j]], false));
        op_set_attr(m, red, "reduction_dims", attr_dense_array(m, TY_I64, dims, NULL, 1));
        op_set_attr(m, red, "lowering_config", cfg);
        op_get(m, red)->loc = op_get(m, root->op)->loc;
        G->reduced[root->res[j]] = op_get(m, red)->res[0];
        G->reduced_set[root->res[j]] = 0;
    }
    for (uint32_t i = 0; i < g2->nouts; i++)
        write_output(G, &g2->outs[i]);
    if (G->failed)
        return false;
    finish_kernel(G, syms);
    return true;
}

bool
tile_emit_two_stage(Graph *g)
{
    Module *m = g->m;
    const Node *root = &g->nodes[g->root];
    const Attr *fname = op_attr(m, g->orig_func, "sym_name");
    const char *f = fname && fname->str ? fname->str : "kernel";
    const char *n1 = arena_printf(&m->arena, "%s__1", f);
    const Attr *names[2] = { attr_symbol(m, n1), attr_symbol(m, f) };
    g->nscratch = root->li.nouts;
    uint32_t scratch0 = g->nparams + g->nresults;
    char why[200];
    int64_t np = tile_parts(g, why, sizeof why), shape = np ? np : DIM_DYNAMIC;
    for (uint32_t j = 0; j < root->li.nouts; j++) {
        TypeId e = type_get(m, g->arrays[root->res[j]].type)->elem;
        g->scratch_type[j] = type_memref(m, e, 1, &shape, NULL, 0, false);
        g->app_size[g->nresults + j][0] =
            np ? SIZE_SRC(np, -1, -1) : tile_sms_size(TILE_PARTS_PER_SM);
        g->app_known[g->nresults + j] = true;
    }
    for (uint32_t k = 0; k < g->nouts; k++)
        if (g->outs[k].result)
            g->app_known[g->outs[k].dest - g->nparams] = true; /* 0-d: no dims */
    g->sequence = attr_array(m, names, 2);
    g->nsteps = 2;
    Graph *g1 = arena_alloc(&m->arena, sizeof *g1);
    *g1 = *g;
    g1->step = 1;
    g1->name = n1;
    g1->nouts = 0; /* writes only its scratch buffers */
    if (!emit_partials(g1, scratch0))
        return false;
    Graph *g2 = arena_alloc(&m->arena, sizeof *g2);
    *g2 = *g;
    g2->step = 2;
    g2->name = f;
    g2->after = g1->emitted;
    g2->cfg.workgroup_size = 32;
    if (!emit_total(g2, scratch0))
        return false;
    g->emitted = g2->emitted;
    return true;
}

bool
tile_emit_kernel(Graph *g)
{
    Module *m = g->m;
    Gen *G = arena_alloc(&m->arena, sizeof *G);
    G->g = g;
    G->m = m;
    G->loc = op_get(m, g->func)->loc;
    G->clone = arena_alloc(&m->arena, (m->nvalues + 1) * sizeof *G->clone);
    if (!new_function(G))
        return false;
    for (uint32_t c = 0; c < g->nloops; c++)
        G->size[c] = loop_size(G, c);
    Syms *syms = arena_alloc(&m->arena, sizeof *syms);
    bool ok;
    if (tile_flattens(g)) {
        ok = emit_flat(G, syms);
    } else {
        emit_grid(G, syms);
        ok = g->cls == KERNEL_CONTRACTION ? emit_contraction(G)
             : g->cls == KERNEL_REDUCTION ? emit_versions(G, emit_reduction_body)
                                          : emit_versions(G, emit_elementwise_body);
    }
    if (!ok || G->failed)
        return false;
    gen_op(G, OP_RETURN, 0, NULL, 0);
    size_attrs(G, syms);
    trim_symbols(G, syms);
    replace_function(G);
    g->emitted = G->func;
    return true;
}
