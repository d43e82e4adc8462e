/*
 * assign_resolve.c -- conflicts, decided by cost, and the output attributes.
 *
 * After the flood every non-cheap vector value has one layout.  Each op
 * computes in the layouts assign_required() derives from its results; an
 * operand whose layout differs is a conflict at that use.  For a value v
 * used where layout R is wanted there are up to two fixes:
 *
 *   re-materialise  clone v's producer chain (cheap values only, assign.c)
 *                   so that it computes R directly.  Cost: the per-thread
 *                   instructions of the cloned ops (an elementwise op costs
 *                   one per slot; constants, broadcasts, transposes and
 *                   shape_casts are free: register renaming) plus whatever the
 *                   chain's own inputs then need, recursively.
 *   convert         insert `iree_vector_ext.to_layout v -> R` before the user.
 *                   Cost from layout_conversion(): REGISTERS = one move per
 *                   slot of R; THREADS (shared memory) = 8 per slot written
 *                   and read, plus 64 for the two barriers.
 *
 * The cheaper wins (ties go to re-materialising).  A cheap value that has
 * no layout yet simply takes R: its producer is computed in the users'
 * layout.  When that differs from what its input would have propagated (a
 * broadcast of a laid-out vector: seed 003's "Layout Conflict #1"), the op
 * is marked `vptx.rematerialized`; clones are marked too.  Inserted
 * conversions carry `vptx.conversion = "registers"` or `"shared"`.
 *
 * Requires:    assign.c's pass state after the flood and the defaults: every
 *              non-cheap vector value has a layout; the use lists are those of the
 *              function before this step.
 * Ensures:     assign_resolve: every operand of every op is in the layout the op
 *              computes it in (assign_required): a cheap producer re-materialised
 *              (clones inserted after the original, marked vptx.rematerialized) or
 *              an iree_vector_ext.to_layout inserted before the user (with
 *              vptx.conversion); cheap values no user constrains get the default.
 *              assign_write_attrs: every op with a vector result carries
 *              `vptx.layout` (one entry per result, unit for non-vectors) and every
 *              to_layout carries vptx.conversion = "none" | "registers" | "shared".
 * Invalidates: use lists (Assign.uses is stale once clones and conversions are
 *              inserted; ops are added to blocks and operands rewritten).
 */
#include "layout/assign_impl.h"

#include <string.h>

enum {
    COST_REGISTER_SLOT = 1,
    COST_SHARED_SLOT = 8,
    COST_BARRIERS = 64,
    REMAT_DEPTH = 8,
};

static int64_t
conversion_cost(const NestedLayout *from, const NestedLayout *to)
{
    switch (layout_conversion(from, to, NULL, 0)) {
    case LAYOUT_CONV_SAME:
        return 0;
    case LAYOUT_CONV_REGISTERS:
        return COST_REGISTER_SLOT * layout_num_slots(to);
    case LAYOUT_CONV_THREADS:
        return COST_SHARED_SLOT * (layout_num_slots(from) + layout_num_slots(to)) + COST_BARRIERS;
    }
    UNREACHABLE();
}

static int64_t
op_cost(const Assign *a, OpId op, const NestedLayout *l)
{
    const Op *o = op_get(a->m, op);
    const Attr *value = op_attr(a->m, op, "value");
    switch (o->kind) {
    case OP_CONSTANT:
        return value && value->kind == ATTR_DENSE && !value->splat ? layout_num_slots(l) : 0;
    case OP_BROADCAST:
    case OP_SPLAT:
    case OP_TRANSPOSE:
    case OP_SHAPE_CAST:
        return 0;
    default:
        return layout_num_slots(l);
    }
}

/* What op would require of operand i if its result had layout l. */
static ReqKind
required_given(Assign *a, OpId op, uint32_t i, const NestedLayout *l, NestedLayout *out)
{
    ValueId r = op_get(a->m, op)->res[0];
    uint32_t saved = a->lid[r];
    bool had = a->has[r];
    a->lid[r] = assign_intern(a, l);
    a->has[r] = true;
    ReqKind k = assign_required(a, op, i, out);
    a->lid[r] = saved;
    a->has[r] = had;
    return k;
}

static int64_t
remat_cost(Assign *a, ValueId v, const NestedLayout *want, int depth)
{
    OpId def = value_get(a->m, v)->def;
    if (!a->cheap[v] || depth > REMAT_DEPTH)
        return INT64_MAX / 4;
    int64_t cost = op_cost(a, def, want);
    for (uint32_t j = 0; j < op_get(a->m, def)->nargs; j++) {
        ValueId w = op_get(a->m, def)->args[j];
        NestedLayout need;
        if (!assign_is_vector(a, w) || required_given(a, def, j, want, &need) != REQ_HARD ||
            !a->has[w] || layout_equal(assign_lay(a, w), &need))
            continue;
        int64_t convert = conversion_cost(assign_lay(a, w), &need);
        int64_t remat = a->cheap[w] ? remat_cost(a, w, &need, depth + 1) : convert;
        cost += remat < convert ? remat : convert;
    }
    return cost;
}

static void
put(Assign *a, ValueId v, const NestedLayout *l)
{
    assign_grow(a);
    a->lid[v] = assign_intern(a, l);
    a->has[v] = true;
}

/* Puts new_op into op's block, before op or after it. */
static void
insert_next_to(Assign *a, OpId op, OpId new_op, bool after)
{
    Module *m = a->m;
    BlockId b = op_get(m, op)->parent;
    Block *bl = block_get(m, b);
    OpId *items = arena_alloc(&m->arena, (bl->ops.n + 1) * sizeof *items);
    uint32_t n = 0;
    for (uint32_t i = 0; i < bl->ops.n; i++) {
        if (bl->ops.items[i] == op && !after)
            items[n++] = new_op;
        items[n++] = bl->ops.items[i];
        if (bl->ops.items[i] == op && after)
            items[n++] = new_op;
    }
    bl->ops.items = items;
    bl->ops.n = bl->ops.cap = n;
    op_get(m, new_op)->parent = b;
}

/* to_layout(v) -> want, before user. */
static ValueId
convert(Assign *a, ValueId v, const NestedLayout *want, OpId user)
{
    Module *m = a->m;
    LayoutConversion c = layout_conversion(assign_lay(a, v), want, NULL, 0);
    TypeId t = value_type(m, v);
    OpId op = op_new(m, OP_TO_LAYOUT, op_get(m, user)->loc, 1, &v, 1, &t, 0);
    op_set_attr(m, op, "layout", layout_attr_new(m, want));
    const char *how = c == LAYOUT_CONV_REGISTERS ? "registers" : "shared";
    op_set_attr(m, op, "vptx.conversion", attr_string(m, how, (uint32_t)strlen(how)));
    insert_next_to(a, user, op, false);
    ValueId r = op_get(m, op)->res[0];
    put(a, r, want);
    a->nconflicts++;
    return r;
}

static ValueId materialize(Assign *a, ValueId v, const NestedLayout *want, OpId user, int depth);

/* Operand j of op must be in `want`: re-materialise or convert as needed. */
static void
fix_use(Assign *a, OpId op, uint32_t j, const NestedLayout *want, int depth)
{
    ValueId w = op_get(a->m, op)->args[j];
    ValueId nw = w;
    if (a->cheap[w])
        nw = materialize(a, w, want, op, depth);
    else if (!a->has[w])
        put(a, w, want);
    else if (!layout_equal(assign_lay(a, w), want))
        nw = convert(a, w, want, op);
    if (nw != w)
        op_get(a->m, op)->args[j] = nw;
}

/* The operands of op, whose results have just been laid out. */
static void
relayout_operands(Assign *a, OpId op, int depth)
{
    for (uint32_t j = 0; j < op_get(a->m, op)->nargs; j++) {
        NestedLayout want;
        ValueId w = op_get(a->m, op)->args[j];
        ReqKind k = assign_required(a, op, j, &want);
        if (k == REQ_HARD)
            fix_use(a, op, j, &want, depth);
        else if (k == REQ_SOFT && a->cheap[w] && !a->has[w])
            materialize(a, w, &want, op, depth);
    }
}

/* Would op's input have propagated a different layout than l?  (broadcast) */
static bool
differs_from_forward(Assign *a, OpId op, const NestedLayout *l)
{
    const Op *o = op_get(a->m, op);
    if (o->kind != OP_BROADCAST || !assign_is_vector(a, o->args[0]) || !a->has[o->args[0]])
        return false;
    int64_t shape[LAYOUT_MAX_RANK];
    NestedLayout fwd;
    layout_shape(l, shape);
    int32_t lead = l->rank - assign_lay(a, o->args[0])->rank;
    return !layout_broadcast(assign_lay(a, o->args[0]), lead, shape, &fwd) ||
           !layout_equal(&fwd, l);
}

static OpId
clone_after(Assign *a, OpId op)
{
    Module *m = a->m;
    const Op *o = op_get(m, op);
    TypeId t = value_type(m, o->res[0]);
    OpId c = op_new(m, o->kind, o->loc, o->nargs, o->args, 1, &t, 0);
    for (uint32_t i = 0; i < op_get(m, op)->nattrs; i++)
        if (strncmp(op_get(m, op)->attrs[i].name, "vptx.", 5) != 0)
            op_set_attr(m, c, op_get(m, op)->attrs[i].name, op_get(m, op)->attrs[i].value);
    insert_next_to(a, op, c, true);
    assign_grow(a);
    a->cheap[op_get(m, c)->res[0]] = true;
    return c;
}

/* The value to use for cheap v where `want` is needed (v itself, a clone or a conversion). */
static ValueId
materialize(Assign *a, ValueId v, const NestedLayout *want, OpId user, int depth)
{
    OpId def = value_get(a->m, v)->def;
    if (!a->has[v]) {
        put(a, v, want);
        if (differs_from_forward(a, def, want)) {
            op_set_attr(a->m, def, "vptx.rematerialized", attr_unit(a->m));
            a->nconflicts++;
        }
        relayout_operands(a, def, depth + 1);
        return v;
    }
    if (layout_equal(assign_lay(a, v), want))
        return v;
    if (remat_cost(a, v, want, depth) > conversion_cost(assign_lay(a, v), want))
        return convert(a, v, want, user);
    OpId c = clone_after(a, def);
    ValueId r = op_get(a->m, c)->res[0];
    put(a, r, want);
    op_set_attr(a->m, c, "vptx.rematerialized", attr_unit(a->m));
    a->nconflicts++;
    relayout_operands(a, c, depth + 1);
    return r;
}

/* ---------------------------------------------------------------- driver */

static bool
collect(Module *m, OpId op, void *ctx)
{
    Assign *a = ctx;
    (void)m;
    ARRAY_PUSH(&a->scratch, a->order, op);
    return true;
}

static bool
has_cheap_result(const Assign *a, OpId op)
{
    const Op *o = op_get(a->m, op);
    return o->nres == 1 && a->cheap[o->res[0]];
}

void
assign_resolve(Assign *a)
{
    a->order.n = 0;
    module_walk(a->m, a->func, collect, a);
    for (uint32_t k = 0; k < a->order.n; k++)
        if (!has_cheap_result(a, a->order.items[k]))
            relayout_operands(a, a->order.items[k], 0);
    /* Cheap values no user constrains: the default, demanded from the last user up. */
    for (uint32_t k = a->order.n; k-- > 0;) {
        OpId op = a->order.items[k];
        ValueId v = op_get(a->m, op)->nres == 1 ? op_get(a->m, op)->res[0] : 0;
        if (v && has_cheap_result(a, op) && !a->has[v]) {
            NestedLayout l;
            assign_default(a, v, &l);
            put(a, v, &l);
            relayout_operands(a, op, 1);
        }
    }
}

/* ---------------------------------------------------------------- output */

/* The #iree_vector_ext.nested_layout of layout id, built once and shared. */
static const Attr *
layout_attr_of(Assign *a, uint32_t id)
{
    LayoutEntry *e = assign_entry(a, id);
    if (!e->attr)
        e->attr = layout_attr_new(a->m, &e->l);
    return e->attr;
}

static bool
write_op(Module *m, OpId op, void *ctx)
{
    Assign *a = ctx;
    const Op *o = op_get(m, op);
    bool any = false;
    for (uint32_t r = 0; r < o->nres; r++)
        any |= assign_is_vector(a, o->res[r]);
    if (!any)
        return true;
    for (uint32_t r = 0; r < o->nres; r++) {
        ValueId v = op_get(m, op)->res[r];
        if (assign_is_vector(a, v) && !a->has[v]) {
            NestedLayout l;
            assign_default(a, v, &l);
            put(a, v, &l);
        }
    }
    o = op_get(m, op);
    const Attr *attr;
    if (o->nres == 1) { /* the common case: one array per distinct layout, shared */
        LayoutEntry *e = assign_entry(a, a->lid[o->res[0]]);
        if (!e->arr1) {
            const Attr *item = layout_attr_of(a, a->lid[o->res[0]]);
            e->arr1 = attr_array(m, &item, 1);
        }
        attr = e->arr1;
    } else {
        const Attr **items = arena_alloc(&m->arena, o->nres * sizeof *items);
        for (uint32_t r = 0; r < o->nres; r++) {
            ValueId v = op_get(m, op)->res[r];
            items[r] = assign_is_vector(a, v) ? layout_attr_of(a, a->lid[v]) : attr_unit(m);
        }
        attr = attr_array(m, items, o->nres);
    }
    op_set_attr(m, op, "vptx.layout", attr);
    ValueId in = op_get(m, op)->nargs ? op_get(m, op)->args[0] : 0;
    if (op_get(m, op)->kind == OP_TO_LAYOUT && !op_attr(m, op, "vptx.conversion") && a->has[in]) {
        LayoutConversion c =
            layout_conversion(assign_lay(a, in), assign_lay(a, o->res[0]), NULL, 0);
        const char *how = c == LAYOUT_CONV_SAME        ? "none"
                          : c == LAYOUT_CONV_REGISTERS ? "registers"
                                                       : "shared";
        op_set_attr(m, op, "vptx.conversion", attr_string(m, how, (uint32_t)strlen(how)));
    }
    return true;
}

void
assign_write_attrs(Assign *a)
{
    module_walk(a->m, a->func, write_op, a);
}
