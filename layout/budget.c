/*
 * budget.c -- register budgets, after layout assignment.
 *
 * Requires:    layout_assign() done (every vector value has a layout).
 * Ensures:     nothing changes in the module.  Diagnostics:
 *   - error, at a vector.contract left on the per-thread path whose
 *     iteration-space vector (the products each thread forms) holds more
 *     than BUDGET_MAX_SLOTS elements: it names the dim to shrink;
 *   - warning, at the largest live vector, when a function's register
 *     estimate is above BUDGET_REGISTERS (255, what a thread can have):
 *     it names the value, its registers and the dim to shrink;
 *   - with remarks on, one remark per function: the estimate.
 * Invalidates: nothing (the module is only read).
 *
 * The estimate: a vector value takes ceil(slots * bytes / 4) 32-bit
 * registers per thread (slots = layout_num_slots).  A value is live from
 * its definition to its last use in the same block (a use inside a nested
 * region counts as a use by the op that holds the region); the estimate is
 * the largest sum of live values at any op, plus, at an op with regions,
 * the peak inside them, plus, at a per-thread contract, its gathered
 * operands and products.  Scalars, addresses and ptxas's own temporaries
 * are not counted, so this is a lower bound of what ptxas needs.
 */
#include "layout/assign_impl.h"

#include <stdlib.h>
#include <string.h>

enum { USE_NONE, USE_STREAMED, USE_HELD };

enum {
    BUDGET_REGISTERS = 255, /* registers a thread can have on sm_80 / sm_90 */
    BUDGET_MAX_SLOTS = 1024 /* ptxgen's limit on one per-thread vector */
};

struct Budget {
    Module *m;
    Diag *d;
    bool remarks;
    int32_t *last; /* [value] position of its last use in its own block, -2 = none */
    uint8_t
        *use; /* [value] USE_NONE, USE_STREAMED (only lhs/rhs of per-thread contracts), USE_HELD */
    ValueId worst; /* the largest vector value of the function */
    int64_t worst_regs;
    bool failed;
};

/* The layout assignment gave v: its op's vptx.layout entry, or its loop's. */
typedef struct Budget Budget;
static bool
value_layout(const Module *m, ValueId v, NestedLayout *out)
{
    const Value *val = value_get(m, v);
    OpId holder = val->def;
    uint32_t index = val->index;
    if (!holder) {
        holder = val->block ? block_parent_op(m, val->block) : 0;
        if (!holder || op_get(m, holder)->kind != OP_FOR || index == 0)
            return false;
        index -= 1; /* body argument i + 1 is loop-carried value i */
    }
    const Attr *a = op_attr(m, holder, "vptx.layout");
    if (!a || a->kind != ATTR_ARRAY || index >= a->n)
        return false;
    return layout_of_attr(a->items[index], out);
}

/* Registers for slots elements, capped at 2^40 (far past any budget), so that the
 * saturated slot counts of absurd shapes and the sums of several stay in range. */
static int64_t
slots_regs(int64_t slots, TypeId elem)
{
    const int64_t cap = (int64_t)1 << 40;
    return slots >= cap ? cap : (slots * (int64_t)type_scalar_bytes(elem) + 3) / 4;
}

static int64_t
value_regs(const Module *m, ValueId v)
{
    NestedLayout l;
    if (!type_is_vector(m, value_type(m, v)) || !value_layout(m, v, &l))
        return 0;
    return slots_regs(layout_num_slots(&l), type_get(m, value_type(m, v))->elem);
}

static bool
is_mma_contract(const Module *m, OpId op)
{
    MmaIntrinsic mma;
    const Attr *cfg = op_attr(m, op, "lowering_config");
    return op_attr(m, op, "mma_kind") || (cfg && layout_mma_from_attr(cfg, &mma));
}

/* A contract on warpgroup wgmma (sm_90a): its operands read from memory are staged in
 * shared memory and read there by the tensor cores, never held in registers. */
static bool
is_wgmma_contract(const Module *m, OpId op)
{
    MmaIntrinsic mma;
    const Attr *kind = op_attr(m, op, "mma_kind"), *cfg = op_attr(m, op, "lowering_config");
    if (!(kind ? layout_mma_from_attr(kind, &mma) : cfg && layout_mma_from_attr(cfg, &mma)))
        return false;
    return layout_mma_info(mma.kind)->subgroups == 4;
}

static bool
read_from_memory(const Module *m, ValueId v)
{
    OpId def = value_get(m, v)->def;
    if (!def)
        return false;
    OpKind k = op_get(m, def)->kind;
    return k == OP_TRANSFER_READ || k == OP_VLOAD;
}

static bool
mark_use_kinds(Module *m, OpId op, void *ctx)
{
    Budget *b = ctx;
    const Op *o = op_get(m, op);
    bool streamed = o->kind == OP_CONTRACT && !is_mma_contract(m, op);
    bool wgmma = o->kind == OP_CONTRACT && !streamed && is_wgmma_contract(m, op);
    for (uint32_t i = 0; i < o->nargs; i++) {
        uint8_t *u = &b->use[o->args[i]];
        if ((streamed || (wgmma && read_from_memory(m, o->args[i]))) && i < 2 && *u != USE_HELD)
            *u = USE_STREAMED;
        else
            *u = USE_HELD;
    }
    return true;
}

/*
 * Registers v holds while live.  The operands of a per-thread contract are
 * not counted: its products are formed element by element, and ptxas sinks
 * the loads of such operands next to their uses.  Nor are a wgmma contract's
 * operands read from memory: they go to shared memory, not registers.
 */
static int64_t
live_regs(const Budget *b, ValueId v)
{
    if (b->use[v] == USE_STREAMED)
        return 0;
    /* a broadcast (transposed or not) repeats its source's values: distribute reads
       them from the source's registers, so it holds no more than the source does */
    const Module *m = b->m;
    ValueId src = v;
    for (int hops = 0; hops < 4; hops++) {
        OpId def = value_get(m, src)->def;
        if (!def)
            break;
        const Op *o = op_get(m, def);
        if (o->kind == OP_TRANSPOSE && o->nargs == 1) {
            src = o->args[0];
            continue;
        }
        if (o->kind == OP_BROADCAST && o->nargs == 1) {
            int64_t own = value_regs(m, v), from = value_regs(m, o->args[0]);
            return from < own ? from : own;
        }
        break;
    }
    return value_regs(m, v);
}

/* The dim of l with the most elements per thread. */
static int32_t
fattest_dim(const NestedLayout *l, int64_t *per_thread)
{
    int32_t best = 0;
    *per_thread = 0;
    for (int32_t d = 0; d < l->rank; d++) {
        int64_t p = l->batch_tile[d] * l->outer_tile[d] * l->element_tile[d];
        if (p > *per_thread)
            *per_thread = p, best = d;
    }
    return best;
}

/* --------------------------------------------- per-thread contracts */

/*
 * The iteration-space layout distribute's generic contract path builds
 * (distribute/lowering/contract.c: contract_generic): the accumulator's layout on
 * parallel dims, the lhs's on reduction dims, or reduction dims held whole.
 */
static bool
generic_space(const Module *m, OpId op, NestedLayout *it, int32_t *iter_of_lhs_dim)
{
    const Op *o = op_get(m, op);
    const Attr *maps = op_attr(m, op, "indexing_maps");
    NestedLayout lay[3];
    if (!maps || maps->kind != ATTR_ARRAY || maps->n != 3 || o->nargs < 3)
        return false;
    for (int j = 0; j < 3; j++)
        if (!value_layout(m, o->args[j], &lay[j]))
            return false;
    const AffineMap *mp[3];
    for (int j = 0; j < 3; j++) {
        if (!maps->items[j] || maps->items[j]->kind != ATTR_AFFINE_MAP)
            return false;
        mp[j] = maps->items[j]->map;
    }
    int32_t nit = (int32_t)mp[0]->ndims;
    if (nit < 1 || nit > LAYOUT_MAX_RANK)
        return false;
    layout_init(it, nit);
    uint32_t reduced = 0;
    for (int32_t i = 0; i < nit; i++) {
        int32_t pos[3] = { -1, -1, -1 };
        for (int j = 0; j < 3; j++)
            for (uint32_t r = 0; r < mp[j]->nresults; r++)
                if (affine_map_result_dim(mp[j], r) == i)
                    pos[j] = (int32_t)r;
        const NestedLayout *src = pos[2] >= 0 ? &lay[2] : pos[0] >= 0 ? &lay[0] : &lay[1];
        int32_t d = pos[2] >= 0 ? pos[2] : pos[0] >= 0 ? pos[0] : pos[1];
        if (d < 0)
            return false;
        layout_set_dim(it, i, src->subgroup_tile[d], src->batch_tile[d], src->outer_tile[d],
                       src->thread_tile[d], src->element_tile[d], src->subgroup_strides[d],
                       src->thread_strides[d]);
        if (pos[2] < 0)
            reduced |= 1u << i;
        iter_of_lhs_dim[i] = pos[0];
    }
    layout_normalize(it);
    if (!layout_check(it, NULL, 0)) {
        int64_t shape[LAYOUT_MAX_RANK];
        layout_shape(it, shape);
        for (int32_t i = 0; i < nit; i++)
            if (reduced >> i & 1)
                layout_set_dim(it, i, 1, shape[i], 1, 1, 1, 0, 0);
    }
    return true;
}

/* Registers of a per-thread contract's temporaries; errors when they cannot exist. */
static int64_t
generic_contract(Budget *b, OpId op)
{
    const Module *m = b->m;
    if (op_attr(m, op, "mma_kind"))
        return 0;
    const Attr *cfg = op_attr(m, op, "lowering_config");
    MmaIntrinsic mma;
    if (cfg && layout_mma_from_attr(cfg, &mma))
        return 0;
    NestedLayout it;
    int32_t lhs_dim[LAYOUT_MAX_RANK];
    if (!generic_space(m, op, &it, lhs_dim))
        return 0;
    int64_t slots = layout_num_slots(&it), per;
    if (slots <= BUDGET_MAX_SLOTS)
        return 0; /* formed and consumed element by element: ptxas keeps few of them live */
    int32_t d = fattest_dim(&it, &per);
    ContractDims c;
    bool named = assign_contract_dims(m, op, &c);
    char dim[32], each[160];
    int64_t shape[LAYOUT_MAX_RANK];
    size_t len = 0;
    layout_shape(&it, shape);
    for (int32_t i = 0; i < it.rank && len < sizeof each; i++) {
        char nm[16];
        snprintf(nm, sizeof nm, "%s", !named ? "" : i == c.m ? "M " : i == c.n ? "N " : "K ");
        if (!named)
            snprintf(nm, sizeof nm, "d%d ", (int)i);
        len +=
            (size_t)snprintf(each + len, sizeof each - len, "%s%s%lld", i ? " x " : "", nm,
                             (long long)(it.batch_tile[i] * it.outer_tile[i] * it.element_tile[i]));
    }
    if (named)
        snprintf(dim, sizeof dim, "%s", d == c.m ? "M" : d == c.n ? "N" : "K");
    else
        snprintf(dim, sizeof dim, "iteration dim %d", (int)d);
    diag_error(b->d, op_get(m, op)->loc,
               "'vector.contract' on the per-thread path (no tensor-core intrinsic fits it; "
               "--remarks says why) needs %lld products per thread (%s), more than the %d a "
               "thread can hold: shrink %s (size %lld, %lld of it in each thread), or lay the "
               "contract out over more threads",
               (long long)slots, each, (int)BUDGET_MAX_SLOTS, dim, (long long)shape[d],
               (long long)per);
    b->failed = true;
    return 0;
}

/* ---------------------------------------------------------- liveness */

/* Every use inside op (nested regions included) counts as a use at pos. */
static void
mark_uses(Budget *b, OpId op, int32_t pos)
{
    const Op *o = op_get(b->m, op);
    for (uint32_t i = 0; i < o->nargs; i++)
        if (b->last[o->args[i]] < pos)
            b->last[o->args[i]] = pos; /* read only for the values of the block being swept */
    for (uint32_t r = 0; r < o->nregions; r++) {
        const Region *rg = region_get(b->m, o->regions[r]);
        for (uint32_t k = 0; k < rg->blocks.n; k++) {
            const Block *bl = block_get(b->m, rg->blocks.items[k]);
            for (uint32_t j = 0; j < bl->ops.n; j++)
                mark_uses(b, bl->ops.items[j], pos);
        }
    }
}

static void
note_value(Budget *b, ValueId v, int64_t regs)
{
    if (regs > b->worst_regs)
        b->worst = v, b->worst_regs = regs;
}

static int64_t block_peak(Budget *b, BlockId blk);

/*
 * The peak of one block.  Positions are op indices; last[v] for a value of
 * this block is found by marking, for each op i in order, every value it
 * (or anything nested in it) uses with i: as ops come in order, the final
 * mark of a value of this block is its last use here.  A nested block's
 * own pass re-marks with its own positions, so the outer block's marks are
 * recomputed here before they are read.
 */
static int64_t
block_peak(Budget *b, BlockId blk)
{
    const Block *bl = block_get(b->m, blk);
    uint32_t n = bl->ops.n;
    int64_t *dying = ir_calloc(n + 1, sizeof *dying);
    int64_t *inner = ir_calloc(n + 1, sizeof *inner);
    if (!dying || !inner)
        ICE("out of memory");
    /* nested peaks first: they overwrite the marks of values they use */
    for (uint32_t i = 0; i < n; i++) {
        OpId op = bl->ops.items[i];
        const Op *o = op_get(b->m, op);
        for (uint32_t r = 0; r < o->nregions; r++) {
            const Region *rg = region_get(b->m, o->regions[r]);
            for (uint32_t k = 0; k < rg->blocks.n; k++) {
                int64_t p = block_peak(b, rg->blocks.items[k]);
                if (p > inner[i])
                    inner[i] = p;
            }
        }
        if (o->kind == OP_CONTRACT)
            inner[i] += generic_contract(b, op);
    }
    /* then this block's marks */
    for (uint32_t j = 0; j < bl->args.n; j++)
        b->last[bl->args.items[j]] = -2;
    for (uint32_t i = 0; i < n; i++) {
        const Op *o = op_get(b->m, bl->ops.items[i]);
        for (uint32_t r = 0; r < o->nres; r++)
            b->last[o->res[r]] = (int32_t)i; /* a result nobody uses dies where it is made */
    }
    for (uint32_t i = 0; i < n; i++)
        mark_uses(b, bl->ops.items[i], (int32_t)i);
    int64_t live = 0, peak = 0;
    for (uint32_t j = 0; j < bl->args.n; j++) {
        ValueId v = bl->args.items[j];
        int64_t r = live_regs(b, v);
        note_value(b, v, r);
        if (b->last[v] >= 0) {
            live += r;
            dying[b->last[v]] += r;
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        const Op *o = op_get(b->m, bl->ops.items[i]);
        /* an op with regions: what dies here is handed to the region (a loop's
           initial values become its iteration arguments), its results come after */
        int64_t before = o->nregions ? live - dying[i] + inner[i] : live;
        if (before > peak)
            peak = before;
        /* a result may take the registers of operands that die here (an mma
           accumulates in place, elementwise ops go element by element) */
        int64_t prior_dying = dying[i];
        for (uint32_t r = 0; r < o->nres; r++) {
            ValueId v = o->res[r];
            int64_t regs = live_regs(b, v);
            note_value(b, v, regs);
            live += regs;
            dying[b->last[v] >= (int32_t)i ? b->last[v] : (int32_t)i] += regs;
        }
        int64_t after = live - prior_dying + (o->nregions ? 0 : inner[i]);
        if (after > peak)
            peak = after;
        live -= dying[i];
    }
    ir_free(dying);
    ir_free(inner);
    return peak;
}

/* The contract whose accumulator v is: its result, or a loop-carried value a contract yields. */
static OpId
accumulator_of(const Module *m, ValueId v)
{
    const Value *val = value_get(m, v);
    OpId loop = val->def && op_get(m, val->def)->kind == OP_FOR ? val->def : 0;
    uint32_t index = val->index;
    if (!val->def && val->block && val->index > 0) {
        loop = block_parent_op(m, val->block);
        index = val->index - 1;
        if (loop && op_get(m, loop)->kind != OP_FOR)
            loop = 0;
    }
    if (loop) {
        BlockId body = op_entry_block(m, loop, 0);
        const Block *bl = body ? block_get(m, body) : NULL;
        OpId y = bl && bl->ops.n ? bl->ops.items[bl->ops.n - 1] : 0;
        if (!y || op_get(m, y)->kind != OP_YIELD || index >= op_get(m, y)->nargs)
            return 0;
        v = op_get(m, y)->args[index];
    }
    OpId def = value_get(m, v)->def;
    return def && op_get(m, def)->kind == OP_CONTRACT ? def : 0;
}

static void
budget_function(Budget *b, OpId func)
{
    const Op *f = op_get(b->m, func);
    int64_t peak = 0;
    b->worst = 0;
    b->worst_regs = 0;
    for (uint32_t r = 0; r < f->nregions; r++) {
        const Region *rg = region_get(b->m, f->regions[r]);
        for (uint32_t k = 0; k < rg->blocks.n; k++) {
            int64_t p = block_peak(b, rg->blocks.items[k]);
            if (p > peak)
                peak = p;
        }
    }
    const Attr *sym = op_attr(b->m, func, "sym_name");
    const char *name = sym && sym->str ? sym->str : "?";
    if (b->remarks)
        diag_remark(b->d, f->loc,
                    "'%s' needs about %lld registers per thread for its vectors (estimate; "
                    "scalars and addresses not counted)",
                    name, (long long)peak);
    if (peak <= BUDGET_REGISTERS || !b->worst || b->failed)
        return;
    NestedLayout l;
    const Value *val = value_get(b->m, b->worst);
    Loc loc = val->def ? op_get(b->m, val->def)->loc : val->loc;
    char what[96], type[160];
    if (val->def)
        snprintf(what, sizeof what, "the result of '%s'", op_name(b->m, val->def));
    else
        snprintf(what, sizeof what, "loop-carried value %%%s", val->name ? val->name : "?");
    const Type *t = type_get(b->m, value_type(b->m, b->worst));
    size_t len = (size_t)snprintf(type, sizeof type, "vector<");
    for (uint32_t d = 0; d < t->rank && len < sizeof type; d++)
        len += (size_t)snprintf(type + len, sizeof type - len, "%lldx", (long long)t->shape[d]);
    if (len < sizeof type)
        snprintf(type + len, sizeof type - len, "%s>", scalar_type_name(t->elem));
    int64_t per = 0;
    int32_t d = value_layout(b->m, b->worst, &l) ? fattest_dim(&l, &per) : 0;
    char dim[96];
    ContractDims c;
    OpId ct = accumulator_of(b->m, b->worst);
    if (ct && assign_contract_dims(b->m, ct, &c) && d < 2)
        snprintf(dim, sizeof dim, "dim %d (the contract's %s; %lld elements of it in each thread)",
                 (int)d, c.dims[2][d] == c.m ? "M" : "N", (long long)per);
    else
        snprintf(dim, sizeof dim, "dim %d (%lld elements of it in each thread)", (int)d,
                 (long long)per);
    diag_warning(b->d, loc,
                 "kernel '%s' needs about %lld registers per thread for its vectors, more than "
                 "the %d a thread has (ptxas will spill); the largest is %s, %s, %lld registers "
                 "per thread: shrink its %s or spread it over more lanes or subgroups",
                 name, (long long)peak, (int)BUDGET_REGISTERS, what, type, (long long)b->worst_regs,
                 dim);
}

bool
layout_budget(Module *m, Diag *d, bool remarks)
{
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    Budget b = { m, d, remarks, NULL, NULL, 0, 0, false };
    b.last = ir_calloc(m->nvalues + 1, sizeof *b.last);
    b.use = ir_calloc(m->nvalues + 1, sizeof *b.use);
    if (!b.last || !b.use)
        ICE("out of memory");
    module_walk(m, m->top, mark_use_kinds, &b);
    for (uint32_t f = 0; f < funcs.n; f++)
        budget_function(&b, funcs.items[f]);
    ir_free(b.last);
    ir_free(b.use);
    return !b.failed;
}
