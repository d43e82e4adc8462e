/*
 * values.c -- the core of distribute/: errors, the layouts of values, the per-thread
 * form of every vector value (Dist, core.h) and the scopes that forget forms built in a
 * region, the launch shape of a function, and which loops every thread runs together.
 *
 * Every lowering (transfer.c, elementwise.c, ...) and every schedule (stage.c,
 * tma_ring.c, ...) uses these; they use nothing of distribute/ but build.c.
 *
 * Requires:    the Ctx of the pass (distribute.c): c->nold values counted before it,
 *              c->dist and c->map sized for them.
 * Ensures:     a value's per-thread form, once built in a scope, is reused there and
 *              forgotten when the scope is left (scope_pop), so no use escapes the
 *              region that defines it; dist_error reports at c->loc and marks c->failed.
 * Invalidates: nothing (install_ops replaces a block's op list, by the caller's choice).
 */
#include "distribute/core/core.h"

#include <stdlib.h>
#include <string.h>

/* ---- errors, layouts, the value tables ---- */

bool
dist_error(Ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(c->d, DIAG_ERROR, c->loc, fmt, ap);
    va_end(ap);
    c->failed = true;
    return false;
}

static void
layout_from_attr(const NestedLayoutAttr *a, NestedLayout *l)
{
    layout_init(l, (int32_t)a->rank);
    for (uint32_t d = 0; d < a->rank; d++)
        layout_set_dim(l, (int32_t)d, a->subgroup_tile[d], a->batch_tile[d], a->outer_tile[d],
                       a->thread_tile[d], a->element_tile[d], a->subgroup_strides[d],
                       a->thread_strides[d]);
    layout_normalize(l);
}

bool
result_layout(Ctx *c, OpId op, uint32_t i, NestedLayout *out)
{
    const Attr *a = op_attr(c->m, op, "vptx.layout");
    if (a && a->kind == ATTR_ARRAY && i < a->n && a->items[i]->kind == ATTR_NESTED_LAYOUT) {
        layout_from_attr(a->items[i]->nested, out);
        return true;
    }
    if (a && a->kind == ATTR_NESTED_LAYOUT && i == 0) {
        layout_from_attr(a->nested, out);
        return true;
    }
    if (op_get(c->m, op)->kind == OP_TO_LAYOUT) {
        a = op_attr(c->m, op, "layout");
        if (a && a->kind == ATTR_NESTED_LAYOUT) {
            layout_from_attr(a->nested, out);
            return true;
        }
    }
    return false;
}

bool
layout_of_value(Ctx *c, ValueId v, NestedLayout *out)
{
    Value *val = value_get(c->m, v);
    if (val->def)
        return result_layout(c, val->def, val->index, out);
    OpId parent = block_parent_op(c->m, val->block);
    if (parent && op_get(c->m, parent)->kind == OP_FOR && val->index > 0)
        return result_layout(c, parent, val->index - 1, out);
    return false;
}

TypeId
dist_type(Ctx *c, const Dist *d)
{
    int64_t n = d->n;
    return type_vector(c->m, d->elem, 1, &n);
}

Dist *
dist_new(Ctx *c, const NestedLayout *l, TypeId elem)
{
    Dist *d = arena_alloc(&c->scratch, sizeof *d);
    const uint32_t nslots = sizeof c->recent / sizeof c->recent[0];
    for (uint32_t i = 0; i < nslots && !d->layout; i++)
        if (c->recent[i] && (c->recent[i] == l || layout_equal(c->recent[i], l)))
            d->layout = c->recent[i];
    if (!d->layout) {
        d->layout = arena_copy(&c->scratch, l, sizeof *l);
        c->recent[c->nrecent++ % nslots] = d->layout;
    }
    d->elem = elem;
    d->n = (uint32_t)layout_num_slots(l);
    d->elems = arena_alloc(&c->scratch, (d->n + 1) * sizeof *d->elems);
    return d;
}

void
dist_bind(Ctx *c, ValueId old, Dist *d)
{
    if (old < c->nold)
        c->dist[old] = d;
}

Dist *
dist_of(Ctx *c, ValueId old)
{
    if (old < c->nold && c->dist[old])
        return c->dist[old];
    if (value_get(c->m, old)->def)
        dist_error(c, "'%s' result is a vector without a layout",
                   op_name(c->m, value_get(c->m, old)->def));
    else
        dist_error(c, "a vector block argument cannot be distributed: a kernel takes its "
                      "vectors through memory");
    return NULL;
}

ValueId
dist_scalar(Ctx *c, ValueId old)
{
    return old < c->nold && c->map[old] ? c->map[old] : old;
}

static void
log_undo(Ctx *c, Dist *d, int32_t slot)
{
    if (c->depth == 0)
        return;
    Undo u = { d, slot, c->depth };
    ARRAY_PUSH(&c->scratch, c->undo, u);
}

void
dist_set_elem(Ctx *c, Dist *d, uint32_t k, ValueId v)
{
    d->elems[k] = v;
    log_undo(c, d, (int32_t)k);
}

void
dist_set_vec(Ctx *c, Dist *d, ValueId v)
{
    d->vec = v;
    log_undo(c, d, -1);
}

void
scope_push(Ctx *c)
{
    c->depth++;
}

/* Forgets the forms built at the current depth: they do not dominate what follows. */
void
scope_pop(Ctx *c)
{
    while (c->undo.n && c->undo.items[c->undo.n - 1].depth == c->depth) {
        Undo u = c->undo.items[--c->undo.n];
        if (u.slot < 0)
            u.d->vec = 0;
        else
            u.d->elems[u.slot] = 0;
    }
    c->depth--;
}

void
install_ops(Ctx *c, BlockId b, OpList *l)
{
    for (uint32_t i = 0; i < l->n; i++)
        op_get(c->m, l->items[i])->parent = b;
    Block *bl = block_get(c->m, b);
    bl->ops.items = l->items;
    bl->ops.n = l->n;
    bl->ops.cap = l->cap;
}

/* ---- the launch shape ---- */

static int64_t
max_subgroups(Module *m, OpId f)
{
    int64_t best = 1;
    for (uint32_t o = 1; o < m->nops; o++) {
        const Attr *a = op_attr(m, o, "vptx.layout");
        for (uint32_t i = 0; a && a->kind == ATTR_ARRAY && i < a->n; i++) {
            if (a->items[i]->kind != ATTR_NESTED_LAYOUT)
                continue;
            NestedLayout l;
            layout_from_attr(a->items[i]->nested, &l);
            if (layout_subgroup_count(&l) > best)
                best = layout_subgroup_count(&l);
        }
    }
    (void)f;
    return best;
}

/* gpu.known_block_size, else translation_info's workgroup_size, else the subgroups of
 * the layouts: c->block, c->nthreads, c->nwarps */
void
dist_block_shape(Ctx *c, OpId f)
{
    const Attr *a = op_attr(c->m, f, "gpu.known_block_size");
    if (!a)
        a = op_attr(c->m, f, "known_block_size");
    const Attr *ti = op_attr(c->m, f, "translation_info");
    c->block[0] = c->block[1] = c->block[2] = 0;
    if (a && a->kind == ATTR_DENSE_ARRAY && a->n >= 1 && a->n <= 3 && a->ints) {
        for (uint32_t i = 0; i < 3; i++)
            c->block[i] = i < a->n ? a->ints[i] : 1;
    } else if (ti && ti->kind == ATTR_TRANSLATION_INFO && ti->translation->nworkgroup) {
        for (uint32_t i = 0; i < 3; i++)
            c->block[i] = i < ti->translation->nworkgroup ? ti->translation->workgroup_size[i] : 1;
    }
    if (c->block[0])
        c->nthreads = c->block[0] * c->block[1] * c->block[2];
    else
        c->nthreads = 32 * max_subgroups(c->m, f);
    c->nwarps = (c->nthreads + 31) / 32;
}

int64_t
dist_func_threads(Ctx *c, OpId f)
{
    dist_block_shape(c, f);
    return c->nthreads;
}

/* ---- loops every thread runs together ---- */

/* The same in every thread of the workgroup: built from constants, arguments,
 * workgroup ids and sizes, memref.dim and pure ops of such values (never from a
 * thread, lane or subgroup id), or the induction variable of a uniform loop. */
static bool uniform_loop(Module *m, OpId loop, int depth);

static bool
uniform_value(Module *m, ValueId v, int depth)
{
    if (depth > 16)
        return false;
    const Value *val = value_get(m, v);
    if (!val->def) {
        OpId p = block_parent_op(m, val->block);
        if (!p || op_get(m, p)->kind == OP_FUNC || op_get(m, p)->kind == OP_GPU_FUNC)
            return true; /* a kernel argument */
        return op_get(m, p)->kind == OP_FOR && val->index == 0 && uniform_loop(m, p, depth + 1);
    }
    const Op *op = op_get(m, val->def);
    if (op->kind == OP_THREAD_ID || op->kind == OP_LANE_ID || op->kind == OP_SUBGROUP_ID ||
        !(op_info[op->kind].traits & T_PURE) || op->nregions)
        return false;
    for (uint32_t i = 0; i < op->nargs; i++)
        if (!uniform_value(m, op->args[i], depth + 1))
            return false;
    return true;
}

/* Every thread runs the loop's iterations together: its bounds are uniform and it
 * sits in loops of that kind only (no scf.if around it). */
static bool
uniform_loop(Module *m, OpId loop, int depth)
{
    const Op *op = op_get(m, loop);
    for (uint32_t i = 0; i < 3; i++)
        if (!uniform_value(m, op->args[i], depth + 1))
            return false;
    OpId p = block_parent_op(m, op->parent);
    /* the branch tma_ring.c adds around a ring loop on a test of sizes (vptx.ring_split) */
    if (p && op_get(m, p)->kind == OP_IF && op_attr(m, p, "vptx.ring_split") &&
        uniform_value(m, op_get(m, p)->args[0], depth + 1))
        p = block_parent_op(m, op_get(m, p)->parent);
    if (!p || op_get(m, p)->kind == OP_FUNC || op_get(m, p)->kind == OP_GPU_FUNC)
        return true;
    return op_get(m, p)->kind == OP_FOR && uniform_loop(m, p, depth + 1);
}

bool
dist_zero_splat(Module *m, ValueId v)
{
    OpId d = value_get(m, v)->def;
    const Attr *a = d && op_get(m, d)->kind == OP_CONSTANT ? op_attr(m, d, "value") : NULL;
    return a && a->kind == ATTR_DENSE && a->splat && a->n >= 1 && a->floats && a->floats[0] == 0.0;
}

bool
dist_uniform_loop(Module *m, OpId loop)
{
    return uniform_loop(m, loop, 0);
}

/* ---- contracts ---- */

/* The NV_WGMMA_* kind of contract o (a warpgroup kind), from its mma_kind or its
 * lowering_config; false when it has none. */
bool
dist_wgmma_kind(Ctx *c, OpId o, MmaIntrinsic *out)
{
    const Attr *k = op_attr(c->m, o, "mma_kind");
    const Attr *cfg = op_attr(c->m, o, "lowering_config");
    if (!(k ? layout_mma_from_attr(k, out) : cfg && layout_mma_from_attr(cfg, out)))
        return false;
    const MmaInfo *info = layout_mma_info(out->kind);
    return info && info->subgroups == 4;
}

/* ---- a loop's switches ---- */

/* A switch of loop `name` (layout_loop_flag: its attribute wins over the option); false
   after a located error when the attribute is not a boolean. */
bool
dist_loop_flag(Ctx *c, OpId loop, const char *name, bool option, bool *on, bool *asked)
{
    if (layout_loop_flag(c->m, loop, name, option, on, asked))
        return true;
    c->loc = op_get(c->m, loop)->loc;
    return dist_error(c, "'%s' must be true or false", name);
}
