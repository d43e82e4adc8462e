/*
 * tile.c -- the pass: each op-level function becomes one vector-level kernel.
 *
 *   clone          a copy of the function to work on (the original keeps its ops, so
 *                  that --emit=config can print it with the chosen configs attached)
 *   generalize     named ops -> linalg.generic, softmax -> its four generics
 *   graph, fuse    arrays and nodes; one kernel: root, canonical loops, class
 *   config         the root's lowering_config, else a default (tile_read_config)
 *   emit           the vector program, in place of the original function
 *
 * Requires:    ir_verify() clean.
 * Ensures:     see tile.h.
 * Invalidates: use lists.
 */
#include "tile/tile_impl.h"

#include <stdio.h>
#include <string.h>

static bool
find_op_level(Module *m, OpId op, void *ctx)
{
    (void)ctx;
    return !op_is_op_level(m, op);
}

bool
tile_needed(Module *m)
{
    return tile_op_needed(m, m->top);
}

bool
tile_op_needed(Module *m, OpId root)
{
    return !module_walk(m, root, find_op_level, NULL);
}

/* ---------------------------------------------------------------- clone */

typedef struct Clone {
    Module *m;
    ValueId *map; /* per original value: its copy */
    OpId *origin; /* per copy op: the original */
    uint32_t norigin;
} Clone;

static OpId clone_op(Clone *c, OpId o);

static RegionId
clone_region(Clone *c, RegionId r, OpId parent)
{
    Module *m = c->m;
    RegionId nr = region_new(m, parent);
    for (uint32_t bi = 0; bi < region_get(m, r)->blocks.n; bi++) {
        BlockId b = region_get(m, r)->blocks.items[bi];
        BlockId nb = block_new(m);
        region_append(m, nr, nb);
        for (uint32_t i = 0; i < block_get(m, b)->args.n; i++) {
            ValueId a = block_get(m, b)->args.items[i];
            c->map[a] =
                block_add_arg(m, nb, value_type(m, a), value_get(m, a)->loc, value_get(m, a)->name);
        }
        for (uint32_t i = 0; i < block_get(m, b)->ops.n; i++)
            block_append(m, nb, clone_op(c, block_get(m, b)->ops.items[i]));
    }
    return nr;
}

static OpId
clone_op(Clone *c, OpId o)
{
    Module *m = c->m;
    const Op *op = op_get(m, o);
    uint32_t na = op->nargs, nr = op->nres, ng = op->nregions;
    ValueId args[64];
    TypeId types[64];
    if (na > 64 || nr > 64)
        ICE("op with more than 64 operands or results in an op-level function");
    for (uint32_t i = 0; i < na; i++)
        args[i] =
            c->map[op_get(m, o)->args[i]] ? c->map[op_get(m, o)->args[i]] : op_get(m, o)->args[i];
    for (uint32_t i = 0; i < nr; i++)
        types[i] = value_type(m, op_get(m, o)->res[i]);
    OpId n = op_new(m, op->kind, op->loc, na, args, nr, types, ng);
    op = op_get(m, o);
    if (op->nattrs) {
        op_get(m, n)->attrs = arena_copy(&m->arena, op->attrs, op->nattrs * sizeof *op->attrs);
        op_get(m, n)->nattrs = op->nattrs;
    }
    for (uint32_t i = 0; i < nr; i++) {
        c->map[op_get(m, o)->res[i]] = op_get(m, n)->res[i];
        value_get(m, op_get(m, n)->res[i])->name = value_get(m, op_get(m, o)->res[i])->name;
    }
    for (uint32_t i = 0; i < ng; i++) {
        RegionId r = clone_region(c, op_get(m, o)->regions[i], n);
        op_get(m, n)->regions[i] = r;
    }
    if (n < c->norigin)
        c->origin[n] = o;
    return n;
}

/* ----------------------------------------------------------------- remarks */

void
tile_describe(Graph *g, char *buf, size_t cap)
{
    const KernelConfig *k = &g->cfg;
    size_t n = 0;
    static const char *const cls[] = { "an elementwise", "a reduction", "a contraction" };
    n += (size_t)snprintf(buf + n, cap - n, "tiles as %s kernel of %lld threads: workgroup tile",
                          cls[g->cls], (long long)k->workgroup_size);
    uint32_t np = 0;
    for (uint32_t c = 0; c < g->nloops && n < cap; c++)
        if (!g->loops[c].reduction)
            n += (size_t)snprintf(buf + n, cap - n, "%s %s %lld", np++ ? "," : "", g->loops[c].name,
                                  (long long)g->loops[c].tile);
    for (uint32_t c = 0; c < g->nloops && n < cap; c++)
        if (g->loops[c].reduction)
            n += (size_t)snprintf(buf + n, cap - n, "; %s steps of %lld", g->loops[c].name,
                                  (long long)g->loops[c].tile);
    if (n < cap)
        n += (size_t)snprintf(buf + n, cap - n, " (%s)", k->why ? k->why : "");
    for (uint32_t i = 0; i < g->narrays && n < cap; i++)
        if (tile_array_loops(g, &g->arrays[i]) && tile_stages_transpose(g, &g->arrays[i]))
            n += (size_t)snprintf(buf + n, cap - n,
                                  "; argument #%u read transposed: staged through a workgroup "
                                  "buffer (coalesced reads and writes, rows padded)",
                                  g->arrays[i].arg);
    if (n < cap && tile_flattens(g))
        n += (size_t)snprintf(buf + n, cap - n,
                              "; its %u loops as one over the elements in row-major order, "
                              "every buffer read and written as 1-D (128-bit accesses "
                              "whatever the row length, checked ones in the last workgroup)",
                              g->nloops);
    for (uint32_t i = 0; i < g->narrays && n < cap && tile_flattens(g); i++)
        if (tile_array_loops(g, &g->arrays[i]) && tile_flat_wraps(g, &g->arrays[i]))
            n += (size_t)snprintf(buf + n, cap - n,
                                  "; argument #%u, broadcast along the rows, read at the flat "
                                  "index modulo the row length",
                                  g->arrays[i].arg);
    /* the ops as written: softmax's four generics are the softmax */
    uint32_t fused = 0;
    OpId root = tile_source_op(g, g->nodes[g->root].op), seen[TILE_MAX_NODES];
    for (uint32_t i = 0; i < g->nnodes && n < cap; i++) {
        OpId o = tile_source_op(g, g->nodes[i].op);
        bool dup = o == root;
        for (uint32_t j = 0; j < fused; j++)
            dup |= seen[j] == o;
        if (dup)
            continue;
        n += (size_t)snprintf(buf + n, cap - n, "%s'%s' (line %u)",
                              fused ? ", " : "; fused in registers: ", op_name(g->m, o),
                              op_get(g->m, o)->loc.line);
        seen[fused++] = o;
    }
}

/* ------------------------------------------------------------------ the pass */

/* The tiles the config gives each loop; which loops are vector dims. */
bool
tile_apply_config(Graph *g)
{
    const KernelConfig *k = &g->cfg;
    const Node *root = &g->nodes[g->root];
    for (uint32_t c = 0; c < g->nloops; c++) {
        Loop *l = &g->loops[c];
        l->tile = l->reduction ? k->reduction[c] : k->workgroup[c];
        if (!l->tile)
            l->tile = l->size.value;
        l->in_vector = true;
        if (g->cls == KERNEL_CONTRACTION && !l->reduction && (int32_t)c != root->contract_m &&
            (int32_t)c != root->contract_n) {
            l->in_vector = false;
            l->tile = 1;
        }
        if (l->tile < 1) {
            tile_error(g, root->op, "has loop %s of size 0: nothing to tile", l->name);
            return false;
        }
        if (l->in_vector && l->tile > 65536) {
            tile_error(g, root->op,
                       "would make a tile of %lld elements on loop %s: give a lowering_config "
                       "with a smaller 'workgroup' or step",
                       (long long)l->tile, l->name);
            return false;
        }
    }
    /* a buffer written whole and, by an insert, in part: two kernels, in that order (the
       workgroups of one kernel run in any order) */
    for (uint32_t i = 0; i < g->nouts; i++)
        for (uint32_t j = 0; j < g->nouts; j++)
            if (g->outs[i].slice && !g->outs[j].slice && g->outs[i].dest == g->outs[j].dest) {
                tile_error(g, g->outs[i].slice,
                           "writes a slice of the buffer that this kernel also writes whole: "
                           "the two must be kernels of their own, the whole one first");
                return false;
            }
    return true;
}

/* The graph of function func (a copy, generalized); false after reporting. */
static bool
build(Graph *g, OpId func, OpId *origin)
{
    Module *m = g->m;
    Clone c = { m, arena_alloc(&m->arena, (m->nvalues + 1) * sizeof(ValueId)), origin, g->norigin };
    OpId copy = clone_op(&c, func);
    g->func = copy;
    return tile_generalize(m, copy, g->d, origin, g->norigin) &&
           tile_reslice(m, copy, g->d, g->opt->remarks, origin, g->norigin) && tile_build_graph(g);
}

/* Whether g's ops make one kernel: a quiet trial on a copy. */
static bool
fuses_whole(const Graph *g)
{
    Module *m = g->m;
    Graph *t = arena_alloc(&m->arena, sizeof *t);
    *t = *g;
    t->quiet = true;
    return tile_fuse(t) && tile_read_config(t) && tile_apply_config(t);
}

static bool
has_op_level(Module *m, OpId func)
{
    return !module_walk(m, func, find_op_level, NULL);
}

/* Runs fn on every op-level function; false after the first that fails. */
static bool
each_function(Module *m, const TileOptions *o, Diag *d, bool emit)
{
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    bool ok = true;
    for (uint32_t i = 0; ok && i < funcs.n; i++) {
        OpId f = funcs.items[i];
        if (op_get(m, f)->kind != OP_FUNC || !has_op_level(m, f))
            continue;
        Graph *g = arena_alloc(&m->arena, sizeof *g);
        g->m = m;
        g->d = d;
        g->opt = o;
        g->orig_func = f;
        /* op ids of the copy and of generalize's ops index this table: size it generously */
        OpId *origin = arena_alloc(&m->arena, (4 * (size_t)m->nops + 4096) * sizeof *origin);
        g->origin = origin;
        g->norigin = 4 * m->nops + 4096;
        ok = build(g, f, origin);
        if (!ok)
            break;
        if (g->nnodes && !fuses_whole(g)) {
            ok = tile_split(g, emit);
            continue;
        }
        ok = tile_fuse(g) && tile_read_config(g) && tile_apply_config(g);
        if (!ok)
            break;
        char text[1200];
        tile_describe(g, text, sizeof text);
        OpId root = g->nodes[g->root].op;
        OpId shown = tile_source_op(g, root);
        tile_remark(g, shown, "%s", text);
        bool two = tile_two_stage(g);
        if (two) {
            char why[200];
            char count[32] = "P";
            int64_t parts = tile_parts(g, why, sizeof why);
            if (parts)
                snprintf(count, sizeof count, "%lld", (long long)parts);
            tile_remark(g, shown,
                        "reduces a whole array: two kernels, @%s__1 (%s workgroups, each the "
                        "partial of one part: %s) then @%s (one warp: their total and the "
                        "outputs)",
                        op_attr(m, f, "sym_name")->str, count, why, op_attr(m, f, "sym_name")->str);
        }
        if (emit) {
            ok = two ? tile_emit_two_stage(g) : tile_emit_kernel(g);
        } else {
            uint32_t keep = g->root;
            g->nodes[keep].op = shown; /* the config goes on the op the user wrote */
            g->func = f;
            tile_attach_config(g);
        }
    }
    return ok;
}

bool
tile_configure(Module *m, const TileOptions *o, Diag *d)
{
    return each_function(m, o, d, false);
}

bool
tile_module(Module *m, const TileOptions *o, Diag *d)
{
    return each_function(m, o, d, true);
}
