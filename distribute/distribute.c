/*
 * distribute.c -- rewrite whole-workgroup vector ops into per-thread SIMT ops.
 *
 * Requires:    ir_verify() clean; every op with a vector result carries `vptx.layout`
 *              (an array, one NestedLayout per result, unit for non-vectors; scf.for
 *              body arguments take the layout of the matching result); the launch
 *              shape is on the function (gpu.known_block_size or translation_info).
 * Ensures:     no T_WG op and no `vptx.layout` attribute remains in a rewritten
 *              function; a vector value with layout L is, per thread, one
 *              vector<layout_num_slots(L) x elem> holding its slots in order (core/core.h);
 *              scalars stay scalars; the ids are gpu.thread_id x (y, z linearized):
 *              lane = tid % 32, subgroup = tid / 32.  Only ops that ptxgen lowers
 *              are produced: arith, math, vector.{extract,insert,from_elements,
 *              broadcast,load,store,shape_cast}, memref.{alloc,load,store,dim},
 *              gpu.{thread_id,barrier,subgroup_reduce}, nvgpu.{mma.sync,ldmatrix},
 *              scf.{for,if,yield}.
 * Invalidates: use lists; types of scf.for/scf.if results and body arguments that
 *              carried whole-workgroup vectors (they are retyped in place).
 *
 * The driver walks each function's blocks in order and rebuilds every block's op
 * list: an op that needs distribution (T_WG, a `vptx.layout`, or a distributed
 * operand) is replaced by the ops its family file builds; any other op is kept with
 * its scalar operands renamed.  Ops the rewrite needs once per function (thread ids,
 * constants, workgroup buffers) go to a prologue put first in the entry block.
 */
#include "distribute/distribute.h"
#include "distribute/schedule/schedule.h"

#include <stdlib.h>
#include <string.h>

/* ---- control flow ---- */

/* The attributes of a loop that any schedule may read, checked on every loop. */
static bool
check_loop_attrs(Ctx *c, OpId loop)
{
    bool on;
    return dist_loop_flag(c, loop, "vptx.ping_pong", false, &on, NULL);
}

static void rewrite_block(Ctx *c, BlockId b);

/* Per-thread form of `old` in layout l (converted when it has another one). */
static ValueId
vec_in_layout(Ctx *c, ValueId old, const NestedLayout *l)
{
    Dist *d = dist_of(c, old);
    if (!d)
        return old;
    if (l && !layout_equal(d->layout, l))
        d = convert_dist(c, d, l);
    return d ? dist_vec(c, d) : old;
}

/* Retypes a vector value (a result or a body argument) to its per-thread type. */
static Dist *
retype(Ctx *c, ValueId v, const NestedLayout *l)
{
    Dist *d = dist_new(c, l, type_element(c->m, value_type(c->m, v)));
    value_get(c->m, v)->type = dist_type(c, d);
    d->vec = v; /* defined where v is: no undo */
    dist_bind(c, v, d);
    return d;
}

/* scf.for: vector iter_args become per-thread vectors and stay in registers. */
static bool
rewrite_for(Ctx *c, OpId o)
{
    Op *op = op_get(c->m, o);
    uint32_t niter = op->nargs - 3;
    ValueId *args = arena_alloc(&c->m->arena, (op->nargs + 1) * sizeof *args);
    BlockId body = op_entry_block(c->m, o, 0);
    OpId *partial_sums = lane_partial_begin(c, o); /* before the operands are distributed */
    for (uint32_t i = 0; i < op_get(c->m, o)->nargs; i++) {
        ValueId a = op_get(c->m, o)->args[i];
        NestedLayout l;
        if (i >= 3 && type_is_vector(c->m, value_type(c->m, a)) && a < c->nold && c->dist[a]) {
            if (!result_layout(c, o, i - 3, &l))
                return dist_error(c, "'scf.for' result #%u has no layout", i - 3);
            args[i] = vec_in_layout(c, a, &l);
            retype(c, block_get(c->m, body)->args.items[i - 2], &l);
            retype(c, op_get(c->m, o)->res[i - 3], &l);
        } else {
            args[i] = dist_scalar(c, a);
        }
    }
    (void)niter;
    /* the loop's schedule, chosen once: its hooks around the loop, and its contracts' */
    const Schedule *outer = c->sched;
    c->sched = sched_of_loop(c, o);
    if (!sched_before(c, o))
        return false;
    dist_wgmma_hoist(c, o);
    if (!check_loop_attrs(c, o) || !sched_enter(c, o, &args[op_get(c->m, o)->nargs - 1]))
        return false;
    op_set_args(c->m, o, op_get(c->m, o)->nargs, args);
    ARRAY_PUSH(&c->m->arena, *c->out, o);
    scope_push(c);
    c->loops++;
    rewrite_block(c, body);
    c->loops--;
    scope_pop(c);
    sched_leave(c, o);
    c->sched = outer;
    return !c->failed && lane_partial_end(c, o, partial_sums);
}

static bool
rewrite_if(Ctx *c, OpId o)
{
    op_get(c->m, o)->args[0] = dist_scalar(c, op_get(c->m, o)->args[0]);
    if (!sched_branch(c, o))
        return false;
    for (uint32_t i = 0; i < op_get(c->m, o)->nres; i++) {
        ValueId r = op_get(c->m, o)->res[i];
        NestedLayout l;
        if (!type_is_vector(c->m, value_type(c->m, r)))
            continue;
        if (!result_layout(c, o, i, &l))
            return dist_error(c, "'scf.if' result #%u has no layout", i);
        retype(c, r, &l);
    }
    ARRAY_PUSH(&c->m->arena, *c->out, o);
    for (uint32_t r = 0; r < op_get(c->m, o)->nregions; r++) {
        BlockId b = op_entry_block(c->m, o, r);
        if (!b)
            continue;
        scope_push(c);
        rewrite_block(c, b);
        scope_pop(c);
    }
    return !c->failed;
}

/* scf.yield: vector operands in the layout of the parent's matching result. */
static bool
rewrite_yield(Ctx *c, OpId o)
{
    Op *op = op_get(c->m, o);
    OpId parent = block_parent_op(c->m, op->parent);
    ValueId *args = arena_alloc(&c->m->arena, (op->nargs + 1) * sizeof *args);
    for (uint32_t i = 0; i < op_get(c->m, o)->nargs; i++) {
        ValueId a = op_get(c->m, o)->args[i];
        NestedLayout l;
        if (a < c->nold && c->dist[a]) {
            bool has = parent && result_layout(c, parent, i, &l);
            args[i] = vec_in_layout(c, a, has ? &l : NULL);
        } else {
            args[i] = dist_scalar(c, a);
        }
    }
    op_set_args(c->m, o, op_get(c->m, o)->nargs, args);
    ARRAY_PUSH(&c->m->arena, *c->out, o);
    return !c->failed;
}

/* ---- dispatch ---- */

typedef bool RewriteFn(Ctx *c, OpId op);

static RewriteFn *
rewrite_fn(OpKind k)
{
    switch (k) {
    case OP_TRANSFER_READ:
        return distribute_transfer_read;
    case OP_TRANSFER_WRITE:
        return distribute_transfer_write;
    case OP_VLOAD:
        return distribute_vector_load;
    case OP_VSTORE:
        return distribute_vector_store;
    case OP_CONSTANT:
        return distribute_constant;
    case OP_BROADCAST:
    case OP_SPLAT:
        return distribute_broadcast;
    case OP_TRANSPOSE:
        return distribute_transpose;
    case OP_SHAPE_CAST:
        return distribute_shape_cast;
    case OP_EXTRACT:
        return distribute_extract;
    case OP_INSERT:
        return distribute_insert;
    case OP_EXTRACT_STRIDED_SLICE:
    case OP_INSERT_STRIDED_SLICE:
        return distribute_strided_slice;
    case OP_STEP:
        return distribute_step;
    case OP_CREATE_MASK:
    case OP_CONSTANT_MASK:
        return distribute_mask;
    case OP_FROM_ELEMENTS:
        return distribute_from_elements;
    case OP_MULTI_REDUCTION:
        return distribute_multi_reduction;
    case OP_REDUCTION:
        return distribute_reduction;
    case OP_CONTRACT:
        return distribute_contract;
    case OP_TO_LAYOUT:
        return distribute_to_layout;
    default:
        return NULL;
    }
}

static bool
needs_rewrite(Ctx *c, OpId o)
{
    Op *op = op_get(c->m, o);
    if ((op_info[op->kind].traits & T_WG) || op_attr(c->m, o, "vptx.layout"))
        return true;
    for (uint32_t i = 0; i < op->nargs; i++)
        if (op->args[i] < c->nold && c->dist[op->args[i]])
            return true;
    return false;
}

/* An op that stays: scalar operands renamed, nested blocks rewritten. */
static bool
keep_op(Ctx *c, OpId o)
{
    Op *op = op_get(c->m, o);
    for (uint32_t i = 0; i < op->nargs; i++)
        op->args[i] = dist_scalar(c, op->args[i]);
    ARRAY_PUSH(&c->m->arena, *c->out, o);
    for (uint32_t r = 0; r < op_get(c->m, o)->nregions; r++) {
        BlockId b = op_entry_block(c->m, o, r);
        if (!b)
            continue;
        scope_push(c);
        rewrite_block(c, b);
        scope_pop(c);
    }
    return true;
}

static void
rewrite_op(Ctx *c, OpId o)
{
    OpKind k = op_get(c->m, o)->kind;
    c->loc = op_get(c->m, o)->loc;
    bool ok;
    if (sched_op(c, o))
        ok = !c->failed; /* the loop's schedule rewrote it (attn_overlap.c: S_{j+1}, K) */
    else if (k == OP_FOR)
        ok = rewrite_for(c, o);
    else if (k == OP_IF)
        ok = rewrite_if(c, o);
    else if (k == OP_YIELD)
        ok = rewrite_yield(c, o);
    else if (!needs_rewrite(c, o))
        ok = keep_op(c, o);
    else if ((op_info[k].traits & T_ELEMWISE) || k == OP_VFMA)
        ok = distribute_elementwise(c, o);
    else if (rewrite_fn(k))
        ok = rewrite_fn(k)(c, o);
    else
        ok = dist_error(c, "'%s' cannot be distributed", op_name(c->m, o));
    if (!ok)
        c->failed = true;
}

static void
rewrite_block(Ctx *c, BlockId b)
{
    uint32_t n = block_get(c->m, b)->ops.n;
    OpId *ops = arena_copy(&c->m->arena, block_get(c->m, b)->ops.items, (n + 1) * sizeof *ops);
    OpList list = { 0 };
    OpList *saved = c->out;
    c->out = &list;
    for (uint32_t i = 0; i < n && !c->failed; i++)
        rewrite_op(c, ops[i]);
    c->out = saved;
    if (!c->failed)
        install_ops(c, b, &list);
}

/* ---- functions ---- */

/* The schedules, in the order their function hooks run (core/core.h): staging plans first,
   and the rings take the shared memory left after it. */
static const Schedule *const schedules[] = { &stage_schedule, &attention_schedule, &ring_schedule };

static bool
strip_layout(Module *m, OpId o, void *ctx)
{
    (void)ctx;
    op_remove_attr(m, o, "vptx.layout");
    op_remove_attr(m, o, "vptx.conversion");
    return true;
}

/*
 * A transfer_read in the body of a loop at the function's top level that reads the
 * same tile in every iteration (memref, indices and padding defined before the loop;
 * the memref a kernel argument the kernel only reads) moves before the loop, when the
 * loop runs at least once (constant bounds): every thread made the read there anyway,
 * and reading memory nothing writes gives the same values.  Attention's Q written
 * inside the key loop is then read once, as Q written before it, and staged as such
 * (schedule/stage.c, place_invariant; schedule/attn_ring.c on sm_90a).
 */
static void
hoist_invariant_reads(Ctx *c, OpId f)
{
    Module *m = c->m;
    BlockId entry = op_entry_block(m, f, 0);
    for (uint32_t i = 0; i < block_get(m, entry)->ops.n; i++) {
        OpId loop = block_get(m, entry)->ops.items[i];
        const Op *lp = op_get(m, loop);
        int64_t lb, ub, step;
        if (lp->kind != OP_FOR || lp->nargs < 3 || !const_value_of(c, lp->args[0], &lb) ||
            !const_value_of(c, lp->args[1], &ub) || !const_value_of(c, lp->args[2], &step) ||
            lb >= ub || step <= 0)
            continue;
        Block *b = block_get(m, op_entry_block(m, loop, 0));
        for (uint32_t j = 0; j < b->ops.n; j++) {
            OpId o = b->ops.items[j];
            const Op *op = op_get(m, o);
            bool outside = op->kind == OP_TRANSFER_READ && op->nres == 1;
            for (uint32_t a = 0; a < op->nargs && outside; a++)
                outside = value_defined_outside(m, op->args[a], loop);
            const Value *mv = outside ? value_get(m, op->args[0]) : NULL;
            if (!mv || mv->def || mv->block != entry || !value_only_read(m, f, op->args[0]))
                continue;
            memmove(b->ops.items + j, b->ops.items + j + 1,
                    (b->ops.n - j - 1) * sizeof *b->ops.items);
            b->ops.n--;
            j--;
            Block *e = block_get(m, entry);
            ARRAY_PUSH(&m->arena, e->ops, 0);
            memmove(e->ops.items + i + 1, e->ops.items + i,
                    (e->ops.n - i - 1) * sizeof *e->ops.items);
            e->ops.items[i++] = o;
            op_get(m, o)->parent = entry;
            b = block_get(m, op_entry_block(m, loop, 0));
            if (c->opt.remarks)
                diag_remark(c->d, op_get(m, o)->loc,
                            "'vector.transfer_read' reads the same tile in every iteration of "
                            "its loop: read once, before the loop");
        }
    }
}

/* block_shape, and the subgroup size checked */
static bool
launch_shape(Ctx *c, OpId f)
{
    dist_block_shape(c, f);
    const Attr *ti = op_attr(c->m, f, "translation_info");
    if (ti && ti->kind == ATTR_TRANSLATION_INFO && ti->translation->subgroup_size &&
        ti->translation->subgroup_size != 32) {
        c->loc = op_get(c->m, f)->loc;
        return dist_error(c, "subgroup_size %lld: NVIDIA warps have 32 lanes",
                          (long long)ti->translation->subgroup_size);
    }
    return true;
}

static bool
func_needs(Module *m, OpId o, void *ctx)
{
    bool *found = ctx;
    if ((op_info[op_get(m, o)->kind].traits & T_WG) || op_attr(m, o, "vptx.layout")) {
        *found = true;
        return false;
    }
    return true;
}

/* Hand-written layouts (`vptx.layout`, `vptx.to_layout`) skip layout_assign, so
 * what the rewrites rely on is checked here: the rank and the tiles match the
 * vector, every tile is at least 1, and a tile above 1 has a positive stride (the
 * rewrites divide by it).  Overlapping lanes are allowed: such a layout computes
 * the wrong thing without a crash, and tests/lit/check shows that `vptx check`
 * catches it. */
/* The most elements one thread may hold of one vector: ptxgen's limit (1024
 * registers' worth), far above what fits in the 255 registers of a thread. */
enum { DIST_MAX_THREAD_ELEMENTS = 1024 };

static const char *
unsafe_layout(const NestedLayout *l, const Type *t)
{
    if ((uint32_t)l->rank != t->rank)
        return "its rank differs from the vector's";
    for (int32_t d = 0; d < l->rank; d++) {
        const int64_t tiles[5] = { l->subgroup_tile[d], l->batch_tile[d], l->outer_tile[d],
                                   l->thread_tile[d], l->element_tile[d] };
        int64_t product = 1;
        for (int i = 0; i < 5; i++) {
            if (tiles[i] < 1)
                return "a tile is below 1";
            if (tiles[i] > t->shape[d] || product > t->shape[d] / tiles[i])
                return "its tiles multiply to more than the vector's shape";
            product *= tiles[i];
        }
        if (product != t->shape[d])
            return "its tiles do not multiply to the vector's shape";
        if ((l->subgroup_tile[d] > 1 && l->subgroup_strides[d] < 1) ||
            (l->thread_tile[d] > 1 && l->thread_strides[d] < 1))
            return "a subgroup or thread tile above 1 has no positive stride";
        if (l->thread_tile[d] > 1 && l->thread_strides[d] > LAYOUT_WARP_SIZE)
            return "its thread tiles need more lanes than a warp has";
    }
    if (layout_lane_extent(l) > LAYOUT_WARP_SIZE)
        return "its thread tiles need more lanes than a warp has";
    return NULL;
}

static bool
check_layouts(Module *m, OpId o, void *ctx)
{
    Ctx *c = ctx;
    Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nres; i++) {
        const Type *t = type_get(m, value_type(m, op->res[i]));
        NestedLayout l;
        const char *why;
        if (t->kind == TY_VECTOR && result_layout(c, o, i, &l) && (why = unsafe_layout(&l, t))) {
            c->loc = op->loc;
            return dist_error(c, "'%s' result #%u has an invalid layout: %s", op_name(m, o), i,
                              why);
        }
        /* checked before any planning: the plans are as big as the per-thread count */
        if (t->kind == TY_VECTOR && result_layout(c, o, i, &l) &&
            layout_num_slots(&l) > DIST_MAX_THREAD_ELEMENTS) {
            c->loc = op->loc;
            return dist_error(c,
                              "'%s' result #%u (%lld elements) leaves %lld elements to each "
                              "thread; vptx allows at most %d per thread (use a smaller vector "
                              "or more threads)",
                              op_name(m, o), i,
                              (long long)type_num_elements(m, value_type(m, op->res[i])),
                              (long long)layout_num_slots(&l), DIST_MAX_THREAD_ELEMENTS);
        }
    }
    return true;
}

static bool
distribute_func(Ctx *c, OpId f)
{
    bool found = false;
    module_walk(c->m, f, func_needs, &found);
    if (!found)
        return true;
    c->func = f;
    c->tid = c->lane = c->warp = c->tid_real = 0;
    c->whole_tile = op_attr(c->m, f, "vptx.whole_tile") != NULL;
    c->prologue = (OpList){ 0 };
    c->cache.n = 0;
    c->buffers.n = 0;
    c->dyn = 0;
    c->dyn_bytes = 0;
    c->undo.n = 0;
    c->depth = c->loops = 0;
    if (!launch_shape(c, f))
        return false;
    module_walk(c->m, f, check_layouts, c);
    if (c->failed)
        return false;
    BlockId entry = op_entry_block(c->m, f, 0);
    if (!entry)
        return true;
    dist_pad_workgroup_allocs(c, f);
    hoist_invariant_reads(c, f);
    if (!sched_plan(c, f))
        return false;
    rewrite_block(c, entry);
    if (c->failed)
        return false;
    /* prologue first */
    if (!sched_check(c, f))
        return false;
    Block *b = block_get(c->m, entry);
    OpList all = { 0 };
    for (uint32_t i = 0; i < c->prologue.n; i++)
        ARRAY_PUSH(&c->m->arena, all, c->prologue.items[i]);
    b = block_get(c->m, entry);
    for (uint32_t i = 0; i < b->ops.n; i++)
        ARRAY_PUSH(&c->m->arena, all, block_get(c->m, entry)->ops.items[i]);
    install_ops(c, entry, &all);
    module_walk(c->m, f, strip_layout, NULL);
    return true;
}

bool
distribute_module(Module *m, const DistributeOptions *opt, Diag *d)
{
    static const DistributeOptions defaults = { 0 };
    Ctx c = { .m = m,
              .d = d,
              .schedules = schedules,
              .nschedules = sizeof schedules / sizeof schedules[0],
              .opt = opt ? *opt : defaults };
    if (!c.opt.target)
        c.opt.target = &target_table[TARGET_SM_80];
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    for (uint32_t i = 0; i < funcs.n; i++)
        if (!sched_prepare(&c, funcs.items[i]))
            return false;
    c.nold = m->nvalues;
    c.dist = ir_calloc(c.nold + 1, sizeof *c.dist);
    c.map = ir_calloc(c.nold + 1, sizeof *c.map);
    for (uint32_t i = 0; i < funcs.n && !c.failed; i++)
        distribute_func(&c, funcs.items[i]);
    ir_free(c.dist);
    ir_free(c.map);
    arena_free(&c.scratch);
    return !c.failed && !diag_has_errors(d);
}

bool
distribute_needed(Module *m)
{
    bool found = false;
    module_walk(m, m->top, func_needs, &found);
    return found;
}

static bool
missing_layout(Module *m, OpId o, void *ctx)
{
    bool *missing = ctx;
    Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nres; i++)
        if (type_is_vector(m, value_type(m, op->res[i])) && !op_attr(m, o, "vptx.layout")) {
            *missing = true;
            return false;
        }
    return true;
}

bool
distribute_has_layouts(Module *m)
{
    bool missing = false;
    module_walk(m, m->top, missing_layout, &missing);
    return !missing;
}

/* tcgen05's loops with rows TMA may not map, before layout: schedule/tma_ring.c. */
bool
dist_tc05_split_prepare(Module *m, const DistributeOptions *opt, const LayoutSelectOptions *sopt)
{
    const Target *target = opt && opt->target ? opt->target : &target_table[TARGET_SM_80];
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    for (uint32_t i = 0; i < funcs.n; i++)
        if (!dist_tc05_split_func(m, funcs.items[i], target, opt ? opt->pipeline_stages : 0, sopt))
            return false;
    return true;
}

/* Whole-tile ping-pong, before layout: schedule/persist.c, function by function. */
bool
dist_whole_tile_prepare(Module *m, const DistributeOptions *opt, Diag *d)
{
    static const DistributeOptions defaults = { 0 };
    if (!opt)
        opt = &defaults;
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    for (uint32_t i = 0; i < funcs.n; i++)
        dist_whole_tile_func(m, funcs.items[i], opt->persistent, opt->ping_pong > 0, opt->remarks,
                             d);
    return !diag_has_errors(d);
}
