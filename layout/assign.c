/*
 * assign.c -- the layout assignment pass: give every vector value of a
 * vector-level kernel a NestedLayout (seed 002), so that distribute knows
 * which thread holds which element.
 *
 * Requires:    ir_verify() clean; vector-level input (whole-workgroup vectors).
 * Ensures:     every op with a vector result carries `vptx.layout`, an array
 *              with one entry per result: its #iree_vector_ext.nested_layout,
 *              or unit for a non-vector result.  scf.for body arguments have
 *              the layout of the matching scf.for result.  Every operand's
 *              layout is the one its op computes in; where they differed a
 *              producer was re-materialised or an `iree_vector_ext.to_layout`
 *              was inserted, carrying `vptx.conversion = "registers"` (a
 *              per-thread register permutation) or `"shared"` (through shared
 *              memory).  Functions carry `gpu.known_block_size`.
 * Invalidates: use lists (ops are inserted and operands rewritten).
 *
 * The algorithm, in five steps (per function):
 *
 *  1. Launch shape (assign_anchor.c): threads from translation_info's
 *     workgroup_size or gpu.known_block_size; subgroups = threads / 32.
 *  2. Cheap values.  A value whose producer can be re-created anywhere for
 *     next to nothing -- a vector constant, broadcast, splat, step, mask, and
 *     transposes / shape_casts / elementwise ops of those (chains up to 8
 *     deep) -- takes no part in propagation: its users decide its layout.
 *  3. Flood.  Anchors are seeded in order of authority: to_layout results,
 *     mma contracts (fragment layouts tiled over the subgroups), ops with a
 *     lowering_config.  From each newly laid-out value the layout flows
 *     forward into the results of its users and backward into the operands
 *     of its producer (assign_rules.c: elementwise, transpose, shape_cast,
 *     multi_reduction, contract, extract/insert, scf.for/if/yield) until
 *     nothing changes.  A value keeps the first layout that reaches it.
 *  4. Defaults: the inputs of user to_layouts take its layout; any other
 *     vector value still without one gets the coalesced default
 *     (assign_rules.c: assign_default) and floods it like an anchor.
 *  5. Resolution (assign_resolve.c): walk every op; for each operand whose
 *     layout differs from the one the op computes in, compare the cost of
 *     re-materialising its producer chain in the wanted layout with the cost
 *     of a conversion, and do the cheaper.
 */
#include "layout/assign_impl.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Grow a per-id table from old to new entries, zeroing the new part. */
static void *
grow(void *p, size_t elem, uint32_t old, uint32_t new)
{
    char *q = ir_realloc(p, (size_t) new *elem);
    memset(q + (size_t)old * elem, 0, (size_t)(new - old) * elem);
    return q;
}

void
assign_grow(Assign *a)
{
    if (a->m->nvalues > a->cap) {
        uint32_t n = a->m->nvalues + a->m->nvalues / 2 + 16;
        a->lid = grow(a->lid, sizeof *a->lid, a->cap, n);
        a->has = grow(a->has, sizeof *a->has, a->cap, n);
        a->cheap = grow(a->cheap, sizeof *a->cheap, a->cap, n);
        a->uses = grow(a->uses, sizeof *a->uses, a->cap, n);
        a->cap = n;
    }
    if (a->m->nops > a->opcap) {
        uint32_t n = a->m->nops + a->m->nops / 2 + 16;
        a->anchor = grow(a->anchor, sizeof *a->anchor, a->opcap, n);
        a->opcap = n;
    }
}

static uint64_t
layout_hash(const NestedLayout *l)
{
    uint64_t h = 1469598103934665603ull ^ (uint64_t)(uint32_t)l->rank;
    const int64_t *arrays[7] = { l->subgroup_tile, l->batch_tile,   l->outer_tile,
                                 l->thread_tile,   l->element_tile, l->subgroup_strides,
                                 l->thread_strides };
    for (int k = 0; k < 7; k++)
        for (int d = 0; d < LAYOUT_MAX_RANK; d++) {
            h ^= (uint64_t)arrays[k][d];
            h *= 1099511628211ull;
            h ^= h >> 29;
        }
    return h;
}

/* Exact equality, every field (not layout_equal's normalised comparison): the layout
 * written out for a value is the very one it was given. */
static bool
layout_same(const NestedLayout *x, const NestedLayout *y)
{
    return x->rank == y->rank &&
           memcmp(x->subgroup_tile, y->subgroup_tile, sizeof x->subgroup_tile) == 0 &&
           memcmp(x->batch_tile, y->batch_tile, sizeof x->batch_tile) == 0 &&
           memcmp(x->outer_tile, y->outer_tile, sizeof x->outer_tile) == 0 &&
           memcmp(x->thread_tile, y->thread_tile, sizeof x->thread_tile) == 0 &&
           memcmp(x->element_tile, y->element_tile, sizeof x->element_tile) == 0 &&
           memcmp(x->subgroup_strides, y->subgroup_strides, sizeof x->subgroup_strides) == 0 &&
           memcmp(x->thread_strides, y->thread_strides, sizeof x->thread_strides) == 0;
}

static void
rehash_layouts(Assign *a, uint32_t cap)
{
    ir_free(a->lhash);
    a->lhash = ir_calloc(cap, sizeof *a->lhash);
    a->lhash_cap = cap;
    for (uint32_t id = 1; id <= a->nlayouts; id++) {
        uint32_t i = (uint32_t)assign_entry(a, id)->hash & (cap - 1);
        while (a->lhash[i])
            i = (i + 1) & (cap - 1);
        a->lhash[i] = id;
    }
}

uint32_t
assign_intern(Assign *a, const NestedLayout *l)
{
    /* the last layout again (a chain of elementwise ops): one comparison, no hash */
    if (a->last_id && layout_same(&assign_entry(a, a->last_id)->l, l))
        return a->last_id;
    uint64_t h = layout_hash(l);
    if (a->lhash_cap) {
        for (uint32_t i = (uint32_t)h & (a->lhash_cap - 1); a->lhash[i];
             i = (i + 1) & (a->lhash_cap - 1)) {
            LayoutEntry *e = assign_entry(a, a->lhash[i]);
            if (e->hash == h && layout_same(&e->l, l))
                return a->last_id = a->lhash[i];
        }
    }
    NestedLayout copy = *l; /* l may be an entry of the table */
    uint32_t id = a->nlayouts + 1;
    if (id >> LAYOUT_BLOCK_BITS >= a->nblocks) {
        uint32_t nb = a->nblocks ? 2 * a->nblocks : 4;
        a->blocks = grow(a->blocks, sizeof *a->blocks, a->nblocks, nb);
        a->nblocks = nb;
    }
    if (!a->blocks[id >> LAYOUT_BLOCK_BITS])
        a->blocks[id >> LAYOUT_BLOCK_BITS] =
            ir_calloc((size_t)1 << LAYOUT_BLOCK_BITS, sizeof(LayoutEntry));
    LayoutEntry *e = assign_entry(a, id);
    e->l = copy;
    e->hash = h;
    a->nlayouts = id;
    if (2 * (a->nlayouts + 1) > a->lhash_cap)
        rehash_layouts(a, a->lhash_cap ? 2 * a->lhash_cap : 64);
    else {
        uint32_t i = (uint32_t)h & (a->lhash_cap - 1);
        while (a->lhash[i])
            i = (i + 1) & (a->lhash_cap - 1);
        a->lhash[i] = id;
    }
    return a->last_id = id;
}

void
assign_error(Assign *a, OpId op, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(a->d, op_get(a->m, op)->loc, "'%s' %s", op_name(a->m, op), msg);
    a->failed = true;
}

bool
assign_is_vector(const Assign *a, ValueId v)
{
    return v && type_is_vector(a->m, value_type(a->m, v));
}

bool
assign_shape(const Assign *a, ValueId v, int32_t *rank, int64_t *shape)
{
    if (!assign_is_vector(a, v))
        return false;
    const Type *t = type_get(a->m, value_type(a->m, v));
    if (t->rank > LAYOUT_MAX_RANK)
        return false;
    *rank = (int32_t)t->rank;
    for (uint32_t d = 0; d < t->rank; d++)
        shape[d] = t->shape[d];
    return true;
}

void
assign_type_name(const Assign *a, ValueId v, char *buf, size_t cap)
{
    const Type *t = type_get(a->m, value_type(a->m, v));
    size_t n = (size_t)snprintf(buf, cap, "vector<");
    for (uint32_t d = 0; d < t->rank && n < cap; d++)
        n += (size_t)snprintf(buf + n, cap - n, "%lldx", (long long)t->shape[d]);
    if (n < cap)
        snprintf(buf + n, cap - n, "%s>", scalar_type_name(t->elem));
}

/* The scf.for whose body has block argument v (iter arg), or 0. */
static OpId
iter_arg_loop(const Assign *a, ValueId v)
{
    const Value *val = value_get(a->m, v);
    if (val->def || !val->block || val->index == 0)
        return 0;
    OpId o = block_parent_op(a->m, val->block);
    return o && op_get(a->m, o)->kind == OP_FOR ? o : 0;
}

/* Record v's layout and queue v; scf.for results and iter args move together. */
void
assign_set(Assign *a, ValueId v, const NestedLayout *l)
{
    if (!assign_is_vector(a, v) || a->has[v] || a->cheap[v])
        return;
    int32_t rank;
    int64_t shape[LAYOUT_MAX_RANK];
    if (!assign_shape(a, v, &rank, shape) || !layout_verify(l, rank, shape, NULL, 0))
        return;
    a->lid[v] = assign_intern(a, l);
    a->has[v] = true;
    ARRAY_PUSH(&a->scratch, a->work, v);
    const Value *val = value_get(a->m, v);
    OpId loop = iter_arg_loop(a, v);
    if (loop)
        assign_set(a, op_get(a->m, loop)->res[val->index - 1], l);
    else if (val->def && op_get(a->m, val->def)->kind == OP_FOR) {
        BlockId body = op_entry_block(a->m, val->def, 0);
        if (body && val->index + 1 < block_get(a->m, body)->args.n)
            assign_set(a, block_get(a->m, body)->args.items[val->index + 1], l);
    }
}

/* Pull layouts through the producer of v (backward) and its users (forward). */
static void
flood_value(Assign *a, ValueId v)
{
    OpId def = value_get(a->m, v)->def;
    if (def) {
        uint32_t nargs = op_get(a->m, def)->nargs;
        for (uint32_t i = 0; i < nargs; i++) {
            NestedLayout l;
            ValueId arg = op_get(a->m, def)->args[i];
            if (assign_is_vector(a, arg) && !a->has[arg] &&
                assign_required(a, def, i, &l) == REQ_HARD)
                assign_set(a, arg, &l);
        }
    }
    /* scf.for / scf.if results: the yields of their regions */
    if (def && (op_get(a->m, def)->kind == OP_FOR || op_get(a->m, def)->kind == OP_IF)) {
        uint32_t index = value_get(a->m, v)->index;
        for (uint32_t r = 0; r < op_get(a->m, def)->nregions; r++) {
            BlockId b = op_entry_block(a->m, def, r);
            const Block *bl = b ? block_get(a->m, b) : NULL;
            OpId y = bl && bl->ops.n ? bl->ops.items[bl->ops.n - 1] : 0;
            if (y && op_get(a->m, y)->kind == OP_YIELD && index < op_get(a->m, y)->nargs)
                assign_set(a, op_get(a->m, y)->args[index], assign_lay(a, v));
        }
    }
    for (uint32_t u = 0; u < a->uses[v].n; u++)
        assign_forward(a, a->uses[v].items[u].op, a->uses[v].items[u].idx);
}

void
assign_flood(Assign *a)
{
    while (a->work_head < a->work.n)
        flood_value(a, a->work.items[a->work_head++]);
}

/* ---------------------------------------------------------------- uses */

static bool
collect_op(Module *m, OpId op, void *ctx)
{
    Assign *a = ctx;
    const Op *o = op_get(m, op);
    for (uint32_t i = 0; i < o->nargs; i++)
        if (o->args[i] < a->cap)
            ARRAY_PUSH(&a->scratch, a->uses[o->args[i]], ((Use){ op, i }));
    return true;
}

/* ---------------------------------------------------------- cheap values */

enum { CHEAP_DEPTH = 8 };

static bool is_cheap(Assign *a, ValueId v, int depth);

/* Leaves: ops whose result is made from nothing a thread does not have. */
static bool
is_cheap_leaf(const Op *o)
{
    switch (o->kind) {
    case OP_CONSTANT:
    case OP_BROADCAST:
    case OP_SPLAT:
    case OP_STEP:
    case OP_CREATE_MASK:
    case OP_CONSTANT_MASK:
        return true;
    default:
        return false;
    }
}

static bool
is_cheap(Assign *a, ValueId v, int depth)
{
    OpId def = value_get(a->m, v)->def;
    if (!def || depth > CHEAP_DEPTH || !assign_is_vector(a, v))
        return false;
    const Op *o = op_get(a->m, def);
    if (is_cheap_leaf(o))
        return true;
    bool chain = o->kind == OP_TRANSPOSE || o->kind == OP_SHAPE_CAST ||
                 ((op_info[o->kind].traits & (T_ELEMWISE | T_PURE)) == (T_ELEMWISE | T_PURE));
    if (!chain || o->nres != 1)
        return false;
    bool any = false;
    for (uint32_t i = 0; i < o->nargs; i++) {
        ValueId arg = op_get(a->m, def)->args[i];
        if (!assign_is_vector(a, arg))
            continue;
        if (!is_cheap(a, arg, depth + 1))
            return false;
        any = true;
    }
    return any;
}

static bool
mark_cheap(Module *m, OpId op, void *ctx)
{
    Assign *a = ctx;
    const Op *o = op_get(m, op);
    for (uint32_t i = 0; i < o->nres; i++)
        a->cheap[o->res[i]] = is_cheap(a, o->res[i], 0);
    return true;
}

/* ----------------------------------------------------------- defaults */

/* The inputs of user-written to_layouts take the to_layout's layout. */
static bool
seed_to_layout_inputs(Module *m, OpId op, void *ctx)
{
    Assign *a = ctx;
    NestedLayout l;
    if (op_get(m, op)->kind == OP_TO_LAYOUT && layout_of_attr(op_attr(m, op, "layout"), &l))
        assign_set(a, op_get(m, op)->args[0], &l);
    return true;
}

static void
default_value(Assign *a, ValueId v)
{
    if (!assign_is_vector(a, v) || a->has[v] || a->cheap[v])
        return;
    NestedLayout l;
    assign_default(a, v, &l);
    assign_set(a, v, &l);
    assign_flood(a);
}

static bool
seed_defaults(Module *m, OpId op, void *ctx)
{
    Assign *a = ctx;
    for (uint32_t r = 0; r < op_get(m, op)->nregions; r++) {
        BlockId b = op_entry_block(m, op, r);
        for (uint32_t i = 0; b && i < block_get(m, b)->args.n; i++)
            default_value(a, block_get(m, b)->args.items[i]);
    }
    for (uint32_t i = 0; i < op_get(m, op)->nres; i++)
        default_value(a, op_get(m, op)->res[i]);
    return true;
}

/* ------------------------------------------------------------- entry */

static void
assign_function(Assign *a, OpId func)
{
    a->func = func;
    if (!assign_launch_shape(a))
        return;
    module_walk(a->m, func, collect_op, a);
    module_walk(a->m, func, mark_cheap, a);
    assign_seed_anchors(a);
    if (a->failed)
        return;
    module_walk(a->m, func, seed_to_layout_inputs, a);
    assign_flood(a);
    BlockId entry = op_entry_block(a->m, func, 0);
    for (uint32_t i = 0; entry && i < block_get(a->m, entry)->args.n; i++)
        default_value(a, block_get(a->m, entry)->args.items[i]);
    module_walk(a->m, func, seed_defaults, a);
    assign_resolve(a);
    if (!a->failed)
        assign_write_attrs(a);
}

/*
 * A 2-d tile of global memory read transposed (permutation_map (d0, d1) -> (d1, d0)
 * over the memref's last two dims, as attention's K^T of a K stored head-dim-major)
 * whose one use is an A or B operand of a vector.contract is read in the memref's own
 * orientation, and the contract's map of that operand has its two results swapped: the
 * contract computes the same sums, and the read's rows are the memref's, which the
 * fragment loads, staging (cp.async, ldmatrix .trans) and TMA rings take whole.
 * Reads of workgroup memory keep their map (ldmatrix .trans reads them as they are).
 */
typedef struct Untranspose {
    ValueId v;
    OpId user;
    uint32_t uses, operand;
} Untranspose;

static bool
count_uses(Module *m, OpId o, void *ctx)
{
    Untranspose *u = ctx;
    const Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nargs; i++)
        if (op->args[i] == u->v) {
            u->uses++;
            u->user = o;
            u->operand = i;
        }
    return u->uses < 2;
}

static bool
untranspose_read(Module *m, OpId o, void *ctx)
{
    OpId func = *(const OpId *)ctx;
    Op *op = op_get(m, o);
    if (op->kind != OP_TRANSFER_READ || op->nres != 1)
        return true;
    const Type *mt = type_get(m, value_type(m, op->args[0]));
    const Type *vt = type_get(m, value_type(m, op->res[0]));
    const Attr *pm = op_attr(m, o, "permutation_map");
    if (!pm || pm->kind != ATTR_AFFINE_MAP || mt->kind != TY_MEMREF || mt->rank < 2 ||
        (mt->memspace != MS_DEFAULT && mt->memspace != MS_GLOBAL) || vt->kind != TY_VECTOR ||
        vt->rank != 2 || op->nargs != mt->rank + 2 || pm->map->nresults != 2 ||
        affine_map_result_dim(pm->map, 0) != (int32_t)mt->rank - 1 ||
        affine_map_result_dim(pm->map, 1) != (int32_t)mt->rank - 2 || op_attr(m, o, "vptx.layout"))
        return true; /* no mask: the memref, its indices and the padding */
    Untranspose u = { op->res[0], 0, 0, 0 };
    module_walk(m, func, count_uses, &u);
    if (u.uses != 1 || op_get(m, u.user)->kind != OP_CONTRACT || u.operand > 1 ||
        op_attr(m, u.user, "vptx.layout"))
        return true;
    const Attr *maps = op_attr(m, u.user, "indexing_maps");
    if (!maps || maps->kind != ATTR_ARRAY || maps->n != 3 ||
        maps->items[u.operand]->kind != ATTR_AFFINE_MAP ||
        maps->items[u.operand]->map->nresults != 2)
        return true;
    const AffineMap *om = maps->items[u.operand]->map;
    const AffineExpr *res[2] = { om->results[1], om->results[0] };
    const Attr *items[3] = { maps->items[0], maps->items[1], maps->items[2] };
    items[u.operand] = attr_affine_map(m, affine_map_new(m, om->ndims, om->nsyms, 2, res));
    const Attr *ib = op_attr(m, o, "in_bounds");
    if (ib) {
        const Attr *b[2] = { attr_bool(m, attr_bool_at(ib, 1)), attr_bool(m, attr_bool_at(ib, 0)) };
        op_set_attr(m, o, "in_bounds", attr_array(m, b, 2));
    }
    int64_t shape[2] = { vt->shape[1], vt->shape[0] };
    value_get(m, op->res[0])->type = type_vector(m, vt->elem, 2, shape);
    const AffineExpr *minor[2] = { affine_dim(m, mt->rank - 2), affine_dim(m, mt->rank - 1) };
    op_set_attr(m, o, "permutation_map",
                attr_affine_map(m, affine_map_new(m, pm->map->ndims, pm->map->nsyms, 2, minor)));
    op_set_attr(m, u.user, "indexing_maps", attr_array(m, items, 3));
    return true;
}

/*
 * One Assign for the whole module: its side tables are indexed by module-wide ids, and
 * the values and ops of one function are never those of another, so the entries a
 * function leaves behind are never read again.  Allocating (and zeroing) the tables once
 * keeps a module of many small functions linear; per function only the worklists and the
 * launch shape start afresh.
 */
bool
layout_assign(Module *m, Diag *d)
{
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    bool ok = true;
    Assign a;
    memset(&a, 0, sizeof a);
    a.m = m;
    a.d = d;
    for (uint32_t f = 0; f < funcs.n; f++) {
        assign_grow(&a);
        a.func = 0;
        a.threads = a.subgroups = 0;
        a.work.n = a.work_head = 0;
        a.order.n = 0;
        a.nconflicts = 0;
        a.failed = false;
        module_walk(m, funcs.items[f], untranspose_read, &funcs.items[f]);
        assign_function(&a, funcs.items[f]);
        ok &= !a.failed;
    }
    for (uint32_t i = 0; i < a.opcap; i++)
        ir_free(a.anchor[i]); /* one block each, arrays included */
    ir_free(a.lid), ir_free(a.has), ir_free(a.cheap), ir_free(a.uses), ir_free(a.anchor);
    for (uint32_t b = 0; b < a.nblocks; b++)
        ir_free(a.blocks[b]);
    ir_free(a.blocks), ir_free(a.lhash);
    arena_free(&a.scratch);
    return ok;
}
