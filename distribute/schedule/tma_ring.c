/*
 * tma_ring.c -- the operands of a wgmma K loop loaded by TMA through a ring
 * of shared-memory stages with full and empty mbarriers (docs/hopper.md).
 *
 * A vector.contract with an NV_WGMMA_* kind directly in the body of an scf.for
 * (at the top of the kernel, every thread running its iterations together)
 * whose lhs and rhs are vector.transfer_reads, in that body, of 2-d global
 * memrefs that are kernel arguments (identity layout, static shape, rows of
 * whole 16-byte pieces, never written by the kernel), in bounds, indexed by the
 * loop's induction variable or by values defined outside the loop, takes this
 * route.  Instead of the register copy of contract.c:
 *
 *   kernel arguments   one tensor map per operand, added after the kernel's own
 *                      arguments (hidden: the launchers encode them, the PTX
 *                      says which memref each maps in a comment line)
 *   shared memory      S stages, each the swizzled image vptx.wgmma reads
 *                      (A: [2K/span blocks][M rows]; B K-major the same with N;
 *                      B MN-major [2N/span blocks][K rows]), in the dynamic
 *                      shared memory; full[S] (count 1 + the tile bytes) and
 *                      empty[S] (count = threads) mbarriers
 *   before the loop    thread 0 initializes the barriers; barrier; thread 0
 *                      fills stages 0 .. S-2: expect_tx(full[s], bytes), one
 *                      cp.async.bulk.tensor per column block
 *   iteration it       every thread waits full[it % S] with parity (it / S) & 1;
 *                      the wgmma groups of this step (commit; wait_group T, T
 *                      = this step's groups: the previous step's are done);
 *                      it > 0: every thread arrives on empty[(it-1) % S] (that
 *                      stage's wgmma are complete); thread 0 refills that stage
 *                      with iteration it+S-1 (past the end: nothing), after
 *                      waiting empty with parity ((it-1) / S) & 1
 *   after the loop     wgmma.wait_group 0
 *
 * The memrefs may have dynamic sizes, and the reads may be in_bounds = false with a zero
 * padding: the launcher encodes the maps with the real sizes and TMA zero-fills past
 * them.  A loop whose A or B rows have a dynamic length is first put in a uniform branch
 * on those lengths being whole 16-byte pieces, with a copy of the loop marked 1 stage
 * (register copies) in the other arm (split_rings, before distribution), when that
 * copy fits beside the ring.
 *
 * Ping-pong (`vptx.ping_pong = true` on the loop, or --ping-pong; warp-specialized rings
 * with exactly two consumer warpgroups): warpgroup w issues each step's wgmma between
 * bar.sync 1 + w and bar.arrive 2 - w (256 threads each), so the two take turns;
 * warpgroup 1 arrives on barrier 1 once before the loop and warpgroup 0 syncs on it once
 * after, which balances both barriers for any trip count.
 *
 * Persistent (`vptx.persistent = true`, --persistent; persist.c builds the tile loops):
 * the ring's barriers are set up once before the consumers' and the producer's tile
 * loops, step it of a tile's K loop is the ring's step j T + it (j: the workgroup's tile
 * number, T: the trip count), and the consumers release a tile's last stage after its K
 * loop.  Whole-tile (vptx.whole_tile, with ping-pong): the two consumer warpgroups run
 * alternate tiles, each K loop between bar.sync 1 + w and bar.arrive 2 - w.
 *
 * Requires:    distribute.c's Ctx, stage.c's plan (dynamic shared memory handed out
 *              so far); layouts on the contract and its reads; its hooks called through
 *              the schedule interface (ring_schedule, at the end of the file).
 * Ensures:     each planned contract's operands reach vptx.wgmma through the ring
 *              with the same swizzled image per stage as contract.c's register
 *              copy, so its result equals sum over K of lhs * rhs plus acc; the
 *              kernel gains the tensor-map arguments listed in vptx.hidden_tmaps
 *              (function_type updated) and vptx.dynamic_smem grows by the ring; a
 *              ring that does not fit 227 KiB is a located error at the loop.
 *              split_rings: both arms compute the loop's results (the same contract
 *              over the same reads), the branch's results replace the loop's.
 * Invalidates: the kernel's signature (new trailing arguments); split_rings adds ops
 *              (the size test, the branch, the copy) to the function's entry block.
 */
#include "distribute/schedule/ring.h"

#include <inttypes.h>
#include <string.h>

struct RingPlan {
    ARRAY(Ring) rings;
    bool ended; /* the one ring's loop has ended: its stages are idle (ring_store) */
};

/* ---- planning ---- */

typedef struct Uses {
    ValueId v;
    OpId only;   /* the one allowed user (as lhs/rhs), or 0 */
    bool writes; /* scan for writes of memref v instead */
    bool bad;
} Uses;

static bool
scan_uses(Module *m, OpId o, void *ctx)
{
    Uses *u = ctx;
    const Op *op = op_get(m, o);
    bool reads = op->kind == OP_TRANSFER_READ || op->kind == OP_VLOAD || op->kind == OP_MLOAD ||
                 op->kind == OP_DIM;
    for (uint32_t i = 0; i < op->nargs; i++)
        if (op->args[i] == u->v && (u->writes ? !reads : (o != u->only || i > 1)))
            u->bad = true;
    return !u->bad;
}

/* The function a ring's loop sits at the top of: its parent, or the parent of the
 * uniform branch split_rings put it in; 0 otherwise. */
static OpId
ring_level(Module *m, OpId loop)
{
    OpId p = block_parent_op(m, op_get(m, loop)->parent);
    if (p && op_get(m, p)->kind == OP_IF && op_attr(m, p, "vptx.ring_split"))
        p = block_parent_op(m, op_get(m, p)->parent);
    return p && (op_get(m, p)->kind == OP_FUNC || op_get(m, p)->kind == OP_GPU_FUNC) ? p : 0;
}

/* Read j of ring r (its tile rows x cols): a TMA source, or false. */
static bool
ring_operand(Ctx *c, OpId func, Ring *r, int j, ValueId v, int64_t *rows, int64_t *cols,
             uint32_t *src)
{
    Module *m = c->m;
    OpId o = value_get(m, v)->def;
    if (!o || op_get(m, o)->kind != OP_TRANSFER_READ ||
        op_get(m, o)->parent != op_get(m, r->contract)->parent)
        return false;
    const Op *op = op_get(m, o);
    if (!layout_tma_read(m, o))
        return false; /* 2-d, 16-bit, 16-byte rows, in bounds or zero-padded (TMA's fill) */
    ValueId mem = op->args[0];
    const Value *mv = value_get(m, mem);
    BlockId entry = op_entry_block(m, func, 0);
    if (mv->def || mv->block != entry)
        return false; /* a kernel argument: the launcher maps its buffer */
    const Type *vt = type_get(m, value_type(m, op->res[0]));
    Uses u = { op->res[0], r->contract, false, false };
    module_walk(m, func, scan_uses, &u);
    Uses w = { mem, 0, true, false };
    module_walk(m, func, scan_uses, &w);
    if (u.bad || w.bad)
        return false;
    ValueId iv = block_get(m, op_entry_block(m, r->loop, 0))->args.items[0];
    for (int d = 0; d < 2; d++) {
        r->iv[j][d] = op->args[1 + d] == iv;
        if (!r->iv[j][d] && !value_defined_outside(m, op->args[1 + d], r->loop))
            return false;
    }
    r->read[j] = o;
    *rows = vt->shape[0];
    *cols = vt->shape[1];
    *src = mv->index;
    return true;
}

/* The contract o as a ring (r filled but for stages and arguments), or false. */
static bool
ring_candidate(Ctx *c, OpId func, OpId o, Ring *r)
{
    Module *m = c->m;
    MmaIntrinsic mma;
    if (op_get(m, o)->kind != OP_CONTRACT || !dist_wgmma_kind(c, o, &mma))
        return false;
    memset(r, 0, sizeof *r);
    r->contract = o;
    r->tc05 = layout_mma_is_tcgen05(mma.kind); /* tc05_ring.c issues it */
    r->mma = mma;
    OpId loop = block_parent_op(m, op_get(m, o)->parent);
    if (!loop || op_get(m, loop)->kind != OP_FOR || ring_level(m, loop) != func ||
        !dist_uniform_loop(m, loop))
        return false;
    ValueId iv = block_get(m, op_entry_block(m, loop, 0))->args.items[0];
    if (value_type(m, iv) != TY_INDEX)
        return false;
    r->loop = loop;
    const Attr *maps = op_attr(m, o, "indexing_maps");
    const Attr *its = op_attr(m, o, "iterator_types");
    if (!maps || maps->kind != ATTR_ARRAY || maps->n != 3 || !its || its->kind != ATTR_ARRAY ||
        its->n != 3)
        return false;
    int32_t d[3][2];
    for (int j = 0; j < 3; j++) {
        const AffineMap *am = maps->items[j]->map;
        if (maps->items[j]->kind != ATTR_AFFINE_MAP || am->nresults != 2)
            return false;
        d[j][0] = affine_map_result_dim(am, 0);
        d[j][1] = affine_map_result_dim(am, 1);
    }
    /* (m, n, k): A (m, k), B (k, n) or (n, k), C (m, n) */
    if (d[0][0] != 0 || d[0][1] != 2 || d[2][0] != 0 || d[2][1] != 1)
        return false;
    if (d[1][0] == 2 && d[1][1] == 1)
        r->b_mn = true;
    else if (!(d[1][0] == 1 && d[1][1] == 2))
        return false;
    int64_t ar, ac, br, bc;
    uint32_t src[2];
    if (!ring_operand(c, func, r, 0, op_get(m, o)->args[0], &ar, &ac, &src[0]) ||
        !ring_operand(c, func, r, 1, op_get(m, o)->args[1], &br, &bc, &src[1]))
        return false;
    r->m = ar, r->k = ac, r->n = r->b_mn ? bc : br;
    /* E bytes an element (f16/bf16 2, tf32 4): the images count bytes, one instruction
       reads 32 of each K-major row; wgmma transposes 16-bit operands only, so a tf32 B
       read as (k, n) cannot be loaded MN-major (contract.c copies it through registers) */
    int64_t es = (int64_t)type_scalar_bytes(type_element(m, value_type(m, op_get(m, o)->args[0])));
    r->esize = es;
    if ((es * r->k) % 32 || r->m % 64 || r->m > 256 || (r->b_mn && es != 2) ||
        (r->tc05 && (r->m != 128 || op_get(m, loop)->nres != 1)))
        return false;
    NestedLayout rl;
    if (!result_layout(c, o, 0, &rl) || rl.rank != 2 || rl.batch_tile[0] < 1)
        return false;
    /* BM > 1 instructions per warpgroup in M: contract.c's image permutes A's rows in
       pieces of 16, so A is copied 16 rows at a time */
    r->bm = rl.batch_tile[0];
    r->span[0] = (es * r->k) % 128 == 0 ? 128 : (es * r->k) % 64 == 0 ? 64 : 32;
    r->blocks[0] = es * r->k / r->span[0];
    r->rows[0] = r->m;
    if (r->b_mn) {
        r->span[1] = dist_wgmma_mn_span(mma.n);
        if (!r->span[1] || r->k > 256)
            return false; /* contract.c stores such instructions' B K-major: TMA cannot */
        r->blocks[1] = 2 * r->n / r->span[1];
        r->rows[1] = r->k;
    } else {
        if (r->n > 256 || r->n % 8)
            return false;
        r->span[1] = r->span[0];
        r->blocks[1] = r->blocks[0];
        r->rows[1] = r->n;
    }
    if (r->blocks[0] > RING_MAX_BLOCKS || r->blocks[1] > RING_MAX_BLOCKS)
        return false;
    r->bytes[0] = es * r->m * r->k;
    r->bytes[1] = es * r->k * r->n;
    r->tmap[0] = src[0]; /* argument numbers until the maps are added */
    r->tmap[1] = src[1];
    return true;
}

/*
 * The epilogue by TMA store (issue 14 part 5), when the loop has the unit attribute
 * vptx.tma_epilogue: the loop's only result is the
 * contract's accumulator and its only use is an in-bounds transfer_write of the
 * whole tile to a 2-d f32 memref argument (identity layout, static shape, rows of
 * whole 16-byte pieces) that nothing else uses, right before the return.  The tile
 * goes registers -> unswizzled shared memory (blocks of EPI_W = 8 columns) ->
 * cp.async.bulk.tensor stores.
 */
static void
plan_epilogue(Ctx *c, OpId func, Ring *r)
{
    Module *m = c->m;
    const Op *loop = op_get(m, r->loop);
    if (loop->nres != 1 || !op_attr(m, r->loop, "vptx.tma_epilogue"))
        return; /* opt-in: on the simulator's h100 model it is not faster yet (docs/hopper.md) */
    ValueId res = loop->res[0];
    OpId w = 0;
    BlockId pb = loop->parent;
    const Block *b = block_get(m, pb);
    for (uint32_t i = 0; i + 1 < b->ops.n; i++) {
        const Op *op = op_get(m, b->ops.items[i]);
        if (op->kind == OP_TRANSFER_WRITE && op->nargs == 4 && op->args[0] == res)
            w = b->ops.items[i];
        if (w && b->ops.items[i] == w) {
            OpKind nk = op_get(m, b->ops.items[i + 1])->kind;
            if (nk != OP_RETURN && nk != OP_GPU_RETURN)
                return; /* the stores must be the kernel's last work */
            break;
        }
    }
    if (!w)
        return;
    Uses u = { res, w, false, false };
    module_walk(m, func, scan_uses, &u);
    if (u.bad)
        return;
    const Op *op = op_get(m, w);
    const Attr *pm = op_attr(m, w, "permutation_map");
    const Attr *ib = op_attr(m, w, "in_bounds");
    if ((pm &&
         !(pm->kind == ATTR_AFFINE_MAP && pm->map->nresults == 2 &&
           affine_map_result_dim(pm->map, 0) == 0 && affine_map_result_dim(pm->map, 1) == 1)) ||
        !attr_bool_at(ib, 0) || !attr_bool_at(ib, 1))
        return;
    ValueId mem = op->args[1];
    const Value *mv = value_get(m, mem);
    if (mv->def || mv->block != op_entry_block(m, func, 0))
        return;
    const Type *mt = type_get(m, value_type(m, mem));
    const Type *vt = type_get(m, value_type(m, res));
    if (mt->kind != TY_MEMREF || mt->rank != 2 || mt->layout || mt->unranked ||
        mt->elem != TY_F32 || (mt->memspace != MS_DEFAULT && mt->memspace != MS_GLOBAL) ||
        mt->shape[0] == DIM_DYNAMIC || mt->shape[1] == DIM_DYNAMIC || mt->shape[1] % 4 ||
        vt->kind != TY_VECTOR || vt->rank != 2 || vt->elem != TY_F32 || vt->shape[0] > 256 ||
        vt->shape[1] % EPI_W)
        return;
    Uses only = { mem, w, false, false }; /* C: written by this store alone */
    module_walk(m, func, scan_uses, &only);
    for (uint32_t i = 0; i < 2 && !only.bad; i++)
        only.bad = op->args[2 + i] == mem;
    if (only.bad)
        return;
    r->write = w;
    r->cm = vt->shape[0];
    r->cn = vt->shape[1];
    r->csrc = mv->index;
}

/* `pipeline_stages` of the loop (its attribute, the contract's lowering_config), the
 * option, or the default; 1 = no ring. */
static bool
ring_stages(Ctx *c, Ring *r)
{
    LoopStages ls;
    const char *bad = layout_loop_stages(c->m, r->loop, c->opt.pipeline_stages, &ls);
    if (bad) {
        c->loc = op_get(c->m, r->loop)->loc;
        return dist_error(c, "%s", bad);
    }
    r->stages = ls.n ? ls.n : RING_DEFAULT_STAGES;
    return true;
}

static ValueId dynamic_pitch(Module *m, OpId read);

/* Appends the tensor map arguments of r to the kernel (after its own): A's and B's (boxes
 * of one swizzled image block; A's in 16-row pieces when several tiles share it), and C's
 * for a TMA-store epilogue (M rows x EPI_W f32, 32 bytes, unswizzled).  Per A and B, 1 in
 * vptx.hidden_tmaps_tested when the kernel tests its rows and does not use it for rows TMA
 * cannot map (a split loop, split_rings): the hidden-map lines tell the launchers. */
static bool
add_maps(Ctx *c, OpId func, Ring *r)
{
    Module *m = c->m;
    BlockId entry = op_entry_block(m, func, 0);
    bool split = op_attr(m, block_parent_op(m, op_get(m, r->loop)->parent), "vptx.ring_split");
    TypeId t[3];
    int64_t src[3], tested[3] = { 0 };
    uint32_t n = r->write ? 3 : 2;
    for (int j = 0; j < 2; j++) {
        src[j] = r->tmap[j];
        TypeId el = type_get(m, value_type(m, block_get(m, entry)->args.items[src[j]]))->elem;
        t[j] = ring_tmap_type(c, el, j == 0 && r->bm > 1 ? 16 : r->rows[j], r->span[j] / r->esize,
                              r->span[j]);
        tested[j] = split && dynamic_pitch(m, r->read[j]);
    }
    if (r->write) {
        src[2] = r->csrc;
        t[2] = ring_tmap_type(c, TY_F32, r->cm, EPI_W, 0);
    }
    ValueId maps[3];
    if (!ring_append_maps(c, func, n, t, src, tested, maps))
        return false;
    for (uint32_t j = 0; j < n; j++)
        r->tmap[j] = maps[j];
    return true;
}

typedef struct PlanWalk {
    Ctx *c;
    OpId func;
    struct RingPlan *p;
} PlanWalk;

/*
 * Does the user ask for a ring for wgmma contract o explicitly?  A stage count of 2 or
 * more (vptx.pipeline_stages on its scf.for, or pipeline_stages in its lowering_config:
 * on sm_90a's wgmma path stages are the ring's), or vptx.tma_epilogue on the loop.
 * The attribute's name goes in *what.
 */
static bool
ring_requested(Module *m, OpId o, const char **what)
{
    OpId loop = block_parent_op(m, op_get(m, o)->parent);
    if (!loop || op_get(m, loop)->kind != OP_FOR)
        return false;
    LoopStages ls;
    if (!layout_loop_stages(m, loop, 0, &ls) && ls.n >= 2) {
        *what = ls.from == STAGES_ATTRIBUTE ? "vptx.pipeline_stages on its loop"
                                            : "pipeline_stages in its lowering_config";
        return true;
    }
    *what = "vptx.tma_epilogue on its loop";
    return op_attr(m, loop, "vptx.tma_epilogue") != NULL;
}

/*
 * Bad input (issue 14): a wgmma contract whose ring the user asks for (ring_requested)
 * but whose operand is a memref TMA cannot map gets a located error at the read, saying
 * what to change, instead of the register copy in silence.  Only the memref's side is
 * reported here (layout_tma_read_why: contiguity, row pitch, alignment, element type,
 * mask, padding, and being a kernel argument); automatic selection never picks wgmma
 * for such reads (layout/select.c says why in its remark).
 */
static void
ring_refused(Ctx *c, OpId func, OpId o)
{
    Module *m = c->m;
    MmaIntrinsic mma;
    const char *what = NULL;
    if (op_get(m, o)->kind != OP_CONTRACT || op_get(m, o)->nargs != 3 ||
        !dist_wgmma_kind(c, o, &mma) || !ring_requested(m, o, &what))
        return;
    for (int j = 0; j < 2; j++) {
        ValueId v = op_get(m, o)->args[j];
        OpId rd = value_get(m, v)->def;
        if (!rd || op_get(m, rd)->kind != OP_TRANSFER_READ ||
            op_get(m, rd)->parent != op_get(m, o)->parent)
            continue; /* not read in the loop body: not a ring operand (attention's Q) */
        ValueId mem = op_get(m, rd)->args[0];
        const Value *mv = value_get(m, mem);
        char why[400], name[64];
        snprintf(name, sizeof name, "%s%s", mv->name ? "%" : "a memref", mv->name ? mv->name : "");
        bool arg = !mv->def && mv->block == op_entry_block(m, func, 0);
        if (arg && layout_tma_read_why(m, rd, why, sizeof why))
            continue;
        if (!arg)
            snprintf(why, sizeof why,
                     "it is not an argument of the kernel, and TMA's tensor maps are encoded "
                     "by the launcher from the kernel's memref arguments");
        c->loc = op_get(m, rd)->loc;
        dist_error(c,
                   "'vector.transfer_read' of %s, the %s of a wgmma contract whose TMA ring is "
                   "asked for (%s), cannot be loaded by TMA: %s",
                   name, j ? "rhs" : "lhs", what, why);
        return;
    }
}

static bool
plan_visit(Module *m, OpId o, void *ctx)
{
    PlanWalk *pw = ctx;
    Ring r;
    (void)m;
    if (ring_candidate(pw->c, pw->func, o, &r))
        ARRAY_PUSH(&pw->c->m->arena, pw->p->rings, r);
    else
        ring_refused(pw->c, pw->func, o);
    return true;
}

/*
 * Warp specialization (issue 14 part 4): the workgroup gains a producer warpgroup after
 * its own threads, whose one thread issues every TMA copy; the consumers only wait on
 * full barriers, run wgmma and release stages.  Taken by default for the one ring of a
 * kernel when the block is 1-d whole warpgroups with room for 128 more threads, the
 * loop body is just the two reads and the contract (no barrier the producer would have
 * to meet), and everything before the loop is free of memory accesses and regions (the
 * producer threads run it too, with thread ids past the layouts'); off with
 * --no-warp-specialize or `vptx.warp_specialize = false` on the loop.
 */
static bool
ws_prefix_ok(Module *m, OpId func, OpId loop)
{
    if (ring_level(m, loop) != func)
        return false;
    /* the ops before the loop in its block, and before the split's branch around it */
    for (OpId at = loop; at && at != func; at = block_parent_op(m, op_get(m, at)->parent)) {
        const Block *b = block_get(m, op_get(m, at)->parent);
        for (uint32_t i = 0; i < b->ops.n && b->ops.items[i] != at; i++) {
            const Op *op = op_get(m, b->ops.items[i]);
            if (op->nregions || (op_info[op->kind].traits & (T_READS | T_WRITES)) ||
                op->kind == OP_BARRIER || op->kind == OP_CALL)
                return false;
        }
    }
    return true;
}

static void
plan_ws(Ctx *c, OpId func, Ring *r)
{
    Module *m = c->m;
    bool ws, pp;
    if (!dist_loop_flag(c, r->loop, "vptx.warp_specialize", true, &ws, NULL) ||
        !dist_loop_flag(c, r->loop, "vptx.ping_pong", c->opt.ping_pong > 0, &pp, NULL))
        return;
    if (c->opt.no_warp_specialize || !ws) /* the option turns it off, even where asked */
        return;
    const Op *lo = op_get(m, r->loop);
    int64_t lb, ub, st;
    if (const_value_of(c, lo->args[0], &lb) && const_value_of(c, lo->args[1], &ub) &&
        const_value_of(c, lo->args[2], &st) && st > 0 && ub - lb <= st)
        return; /* one K step: no copy to overlap with math (the h100 model: no gain) */
    if (c->block[0] <= 0 || c->block[1] != 1 || c->block[2] != 1 || c->nthreads % 128 ||
        c->nthreads + 128 > 1024)
        return;
    const Block *body = block_get(m, op_entry_block(m, r->loop, 0));
    for (uint32_t i = 0; i < body->ops.n; i++) {
        OpId o = body->ops.items[i];
        if (o != r->read[0] && o != r->read[1] && o != r->contract &&
            op_get(m, o)->kind != OP_YIELD)
            return;
    }
    if (!ws_prefix_ok(m, func, r->loop))
        return;
    r->ws = true;
    /* two consumer warpgroups, ordered by named barriers 1 and 2 (256 threads each) */
    r->pp = pp && c->nthreads == 256;
    /* whole-tile (persist.c): a second consumer warpgroup runs the kernel's 128 threads */
    r->wt = c->whole_tile && c->nthreads == 128;
    op_set_attr(m, func, "vptx.producer_threads", attr_int(m, r->wt ? 256 : 128, TY_I64));
}

/*
 * The persistent tile loop (persist.c), when asked for: `vptx.persistent = true` on the
 * loop (a located error where it cannot be built) or --persistent (a remark under
 * --remarks where it cannot; `vptx.persistent = false` turns the option off for a loop).
 * It needs a warp-specialized ring, no TMA-store epilogue, and a trip count that does not
 * depend on the tile, so that the ring's steps can be numbered across tiles.
 */
static void
plan_persist(Ctx *c, OpId func, Ring *r)
{
    Module *m = c->m;
    bool on, a;
    if (!dist_loop_flag(c, r->loop, "vptx.persistent", c->opt.persistent, &on, &a) || !on)
        return;
    const Op *lo = op_get(m, r->loop);
    const char *why = NULL;
    if (!r->ws)
        why = "the ring is not warp-specialized (docs/hopper.md, section 1c, says when it is)";
    else if (r->write)
        why = "the TMA-store epilogue (vptx.tma_epilogue) is not built for a tile loop";
    for (uint32_t i = 0; i < 3 && !why; i++)
        if (dist_persist_depends_on_block(m, lo->args[i], 0))
            why = "the loop's bounds depend on gpu.block_id, so that tiles would have different "
                  "numbers of K steps";
    if (!why) {
        ValueId keep[7] = { lo->args[0], lo->args[1], lo->args[2] };
        uint32_t nk = 3;
        for (int j = 0; j < 2; j++)
            for (int d = 0; d < 2; d++)
                if (!r->iv[j][d])
                    keep[nk++] = op_get(m, r->read[j])->args[1 + d];
        why = dist_persist_wrap(c, func, r->loop, keep, nk, &r->pw);
    }
    if (why && r->wt) { /* one warpgroup's kernel after all: no second consumer */
        r->wt = false;
        c->whole_tile = false;
        op_remove_attr(m, func, "vptx.whole_tile");
        if (r->ws)
            op_set_attr(m, func, "vptx.producer_threads", attr_int(m, 128, TY_I64));
    }
    if (why) {
        c->loc = op_get(m, r->loop)->loc;
        if (a)
            dist_error(c, "'vptx.persistent' cannot be honoured: %s", why);
        else if (c->opt.remarks)
            diag_remark(c->d, c->loc, "'scf.for' gets no persistent tile loop (--persistent): %s",
                        why);
        return;
    }
    r->persist = true;
    r->tiles = r->pw.tiles;
}

/* --remarks: the ring, and the row rule the launcher checks when a size is dynamic */
static void
ring_remark(Ctx *c, const Ring *r)
{
    Module *m = c->m;
    bool split = op_attr(m, block_parent_op(m, op_get(m, r->loop)->parent), "vptx.ring_split");
    char dyn[256] = "";
    size_t at = 0;
    for (int j = 0; j < 2; j++) {
        const Op *rd = op_get(m, r->read[j]);
        const Type *mt = type_get(m, value_type(m, rd->args[0]));
        bool pitch = mt->layout ? mt->layout->ints[0] == DIM_DYNAMIC : mt->shape[1] == DIM_DYNAMIC;
        const char *name = value_get(m, rd->args[0])->name;
        if (pitch && at < sizeof dyn)
            at += (size_t)snprintf(dyn + at, sizeof dyn - at, "%s%s%s", at ? " and " : "",
                                   name ? "%" : "argument ",
                                   name ? name
                                   : j  ? "B"
                                        : "A");
    }
    if (r->tc05) {
        diag_remark(
            c->d, op_get(m, r->loop)->loc,
            "'scf.for' feeds its tcgen05 operands through a TMA ring (cp.async.bulk.tensor, "
            "full and empty mbarriers): %" PRId64 " stages of %" PRId64
            " bytes in dynamic shared memory; %s; the tcgen05.commit of a step's MMAs frees its "
            "stage; "
            "the accumulator lives in %" PRId64 " tensor-memory columns until the loop ends%s",
            r->stages, r->bytes[0] + r->bytes[1],
            r->tc05_ws ? "warp-specialized: warp 0 (the producer, one thread) issues the "
                         "copies as stages free up and warp 1 (the MMA warp, one thread) waits "
                         "for each stage and issues its tcgen05.mma, so neither waits for the "
                         "other's work; after the loop the MMA warp's last commit hands the "
                         "accumulator to every warp, which drain it with tcgen05.ld "
                         "(--no-warp-specialize: thread 0 does both)"
                       : "thread 0 issues the copies and each step's tcgen05.mma",
            tc05_cols(r->n),
            !at     ? ""
            : split ? "; where rows of a dynamic length are not whole 16-byte pieces, which "
                      "TMA needs, a test of the sizes takes a copy of the loop on mma.sync "
                      "(docs/blackwell.md)"
                    : "; rows of a dynamic length must be whole 16-byte pieces, which the "
                      "launcher checks (docs/blackwell.md)");
        return;
    }
    diag_remark(c->d, op_get(m, r->loop)->loc,
                "'scf.for' feeds its wgmma operands through a TMA ring (cp.async.bulk.tensor, full "
                "and empty mbarriers): %" PRId64 " stages of %" PRId64
                " bytes in dynamic shared memory%s%s%s%s%s%s%s",
                r->stages, r->bytes[0] + r->bytes[1],
                r->ws ? "; warp-specialized: a producer warpgroup issues the copies (the block "
                        "gains 128 threads)"
                      : "",
                r->pp ? "; ping-pong: the two consumer warpgroups take turns to issue each K "
                        "step's wgmma (named barriers 1 and 2)"
                      : "",
                r->persist ? "; persistent: the workgroup loops over the logical workgroups, "
                             "whose grid is a hidden parameter (the launcher starts at most one "
                             "workgroup per SM)"
                           : "",
                r->wt ? "; whole-tile ping-pong: two consumer warpgroups of the kernel's 128 "
                        "threads take alternate tiles, their K loops in turn (named barriers 1 "
                        "and 2)"
                      : "",
                at ? "; the rows of " : "", dyn,
                !at ? ""
                : split
                    ? " have a dynamic length: where they are not whole 16-byte pieces, which "
                      "TMA needs, a test of the sizes takes a copy of the loop with register "
                      "copies instead (docs/hopper.md)"
                    : " have a dynamic length: TMA needs them a multiple of 16 bytes, which the "
                      "launcher checks (no copy of the loop: its register copy would not fit "
                      "beside the ring; docs/hopper.md)");
}

static int64_t
ring_plan(Ctx *c, OpId func, int64_t other)
{
    struct RingPlan *p = arena_alloc(&c->m->arena, sizeof *p);
    memset(p, 0, sizeof *p);
    c->ring = p;
    PlanWalk pw = { c, func, p };
    module_walk(c->m, func, plan_visit, &pw);
    int64_t used = other + dist_dynamic_bytes(c);
    struct RingPlan kept = { 0 };
    for (uint32_t i = 0; i < p->rings.n && !c->failed; i++) {
        Ring *r = &p->rings.items[i];
        bool dup = false;
        for (uint32_t j = 0; j < kept.rings.n; j++)
            dup = dup || kept.rings.items[j].loop == r->loop;
        if (dup || !ring_stages(c, r) || r->stages < 2)
            continue; /* one ring per loop; 1 stage: the register copy of contract.c */
        int64_t need = r->stages * (r->bytes[0] + r->bytes[1]) + used;
        if (block_parent_op(c->m, op_get(c->m, r->loop)->parent) != func)
            need += r->bytes[0] + r->bytes[1] + SPLIT_SMEM_SLACK; /* the copy's static buffers */
        if (!r->tc05) /* tcgen05's epilogue drains tensor memory (tc05_ring.c) */
            plan_epilogue(c, func, r);
        if (r->write && need + r->cm * r->cn * 4 + 1024 <= c->opt.target->smem_block)
            need += r->cm * r->cn * 4 + 1024;
        else
            r->write = 0; /* the plain stores of transfer.c */
        if (need > c->opt.target->smem_block) {
            c->loc = op_get(c->m, r->loop)->loc;
            dist_error(c,
                       "a %" PRId64 "-stage TMA ring of this loop's wgmma operands needs %" PRId64
                       " bytes of shared memory (%" PRId64 " per stage, %" PRId64
                       " in the kernel's other buffers), but %s has %" PRId64 " per workgroup; use "
                       "fewer stages (--pipeline-stages or vptx.pipeline_stages) or a smaller "
                       "tile",
                       r->stages, need, r->bytes[0] + r->bytes[1], used, c->opt.target->name,
                       c->opt.target->smem_block);
            return other;
        }
        if (!add_maps(c, func, r))
            continue;
        used = need;
        ARRAY_PUSH(&c->m->arena, kept.rings, *r);
    }
    p->rings = kept.rings;
    if (p->rings.n == 1 && !p->rings.items[0].tc05)
        plan_ws(c, func, &p->rings.items[0]);
    if (p->rings.n == 1 && p->rings.items[0].tc05)
        tc05_plan(c, &p->rings.items[0]);
    if (p->rings.n == 1 && !c->failed && !p->rings.items[0].tc05)
        plan_persist(c, func, &p->rings.items[0]);
    for (uint32_t i = 0; c->opt.remarks && !c->failed && i < p->rings.n; i++)
        ring_remark(c, &p->rings.items[i]);
    return other;
}

/* ---- building ---- */

static Ring *
ring_of_loop(Ctx *c, OpId loop)
{
    for (uint32_t i = 0; c->ring && i < c->ring->rings.n; i++)
        if (c->ring->rings.items[i].loop == loop)
            return &c->ring->rings.items[i];
    return NULL;
}

static Ring *
ring_of_contract(Ctx *c, OpId o)
{
    for (uint32_t i = 0; c->ring && i < c->ring->rings.n; i++)
        if (c->ring->rings.items[i].contract == o)
            return &c->ring->rings.items[i];
    return NULL;
}

static bool
ring_read(Ctx *c, OpId o, bool *done)
{
    for (uint32_t i = 0; c->ring && i < c->ring->rings.n; i++) {
        Ring *r = &c->ring->rings.items[i];
        if (r->read[0] != o && r->read[1] != o)
            continue;
        *done = true;
        return ring_bind_read(c, o);
    }
    return true;
}

static OpId
bar_op(Ctx *c, OpKind k, uint32_t n, const ValueId *args)
{
    return emit(c, k, n, args, 0, NULL, 0);
}

/* Operand v of the K loop or its reads: in the producer's tile loop, its copy there. */
static ValueId
ring_arg(Ctx *c, const Ring *r, ValueId v)
{
    for (uint32_t i = 0; r->in_producer && i < r->pw.n; i++)
        if (r->pw.from[i] == v)
            return r->pw.to[i];
    return dist_scalar(c, v);
}

/* expect_tx on full[stage] and the TMA copies of iteration iv into stage `stage` (constant). */
static void
issue_loads(Ctx *c, Ring *r, int64_t stage, ValueId iv)
{
    ValueId a[3] = { r->full, const_index(c, r->bytes[0] + r->bytes[1]), const_index(c, stage) };
    bar_op(c, OP_MBARRIER_ARRIVE_EXPECT_TX, 3, a);
    for (int j = 0; j < 2; j++) {
        const Op *rd = op_get(c->m, r->read[j]);
        ValueId idx[2];
        for (int d = 0; d < 2; d++)
            idx[d] = r->iv[j][d] ? iv : ring_arg(c, r, rd->args[1 + d]);
        int64_t pieces = j == 0 && r->bm > 1 ? r->m / 16 : 1;
        for (int64_t b = 0; b < r->blocks[j]; b++)
            for (int64_t q = 0; q < pieces; q++) {
                /* A's 16-row piece q = (sg, bb) goes to image row 16 p, p = ((sg / 4) BM +
                   bb) 4 + sg % 4 (contract.c's permutation); otherwise one box */
                int64_t sg = q / r->bm, bb = q % r->bm;
                int64_t p = pieces > 1 ? ((sg / 4 * r->bm + bb) * 4 + sg % 4) * 16 : 0;
                ValueId dst = dist_dynamic_view(
                    c, r->box_t[j],
                    r->at[j] + ((stage * r->blocks[j] + b) * r->rows[j] + p) * r->span[j]);
                /* coordinates innermost first: the column of block b, then the row */
                ValueId col = idx_add_c(c, idx[1], b * (r->span[j] / r->esize));
                ValueId row = pieces > 1 ? idx_add_c(c, idx[0], 16 * q) : idx[0];
                ring_tma_load(c, dst, r->full, r->tmap[j], col, row, stage);
            }
    }
}

/* The loads of iteration iv into the stage numbered ws (i32, dynamic): one branch per stage. */
void
ring_issue_loads_at(Ctx *c, Ring *r, ValueId ws32, ValueId iv)
{
    for (int64_t s = 0; s < r->stages; s++) {
        ValueId is = cmp_i(c, CMPI_EQ, ws32, const_int(c, s, TY_I32));
        RegionSave rs;
        region_enter(c, emit_if(c, is, 0, NULL, false), 0, &rs);
        issue_loads(c, r, s, iv);
        region_leave(c, NULL, 0, &rs);
    }
}

static void
set_maxnreg(Ctx *c, int64_t regs, bool dec)
{
    OpId o = emit(c, OP_SETMAXNREG, 0, NULL, 0, NULL, 0);
    op_set_attr(c->m, o, "regs", attr_int(c->m, regs, TY_I64));
    if (dec)
        op_set_attr(c->m, o, "dec", attr_unit(c->m));
}

/* the consumers' setmaxnreg.inc: what the producer gave back, within the register file */
static int64_t
ws_consumer_regs(const Ctx *c)
{
    /* the register file of one SM, one workgroup on it (.minnctapersm 1) */
    int64_t regs = (c->opt.target->regs_sm - 128 * WS_PRODUCER_REGS) / c->nthreads / 8 * 8;
    return regs < WS_CONSUMER_REGS ? regs : WS_CONSUMER_REGS;
}

/* A bar.sync (or bar.arrive) of the two consumer warpgroups on named barrier `id` (i32). */
static void
named_barrier(Ctx *c, ValueId id, bool arrive)
{
    OpId o = emit(c, OP_NAMED_BARRIER, 1, &id, 0, NULL, 0);
    op_set_attr(c->m, o, "count", attr_int(c->m, 256, TY_I64));
    if (arrive)
        op_set_attr(c->m, o, "arrive", attr_unit(c->m));
}

/*
 * Ping-pong: consumer warpgroup w (0 or 1) issues the wgmma of each K step after
 * bar.sync 1 + w and then bar.arrive 2 - w, so the two warpgroups' issues alternate,
 * warpgroup 0 first.  Warpgroup 1 arrives once on barrier 1 before the loop (its turn
 * comes second) and warpgroup 0 syncs once on it after the loop, so every phase of both
 * barriers has its 128 + 128 threads whatever the trip count, K = 0 included.
 */
static void
pp_begin(Ctx *c, Ring *r, ValueId tid)
{
    ValueId a[2] = { tid, const_index(c, 128) };
    ValueId w = emit1(c, OP_DIVUI, 2, a, TY_INDEX);
    ValueId w32 = emit1(c, OP_INDEX_CAST, 1, &w, TY_I32);
    r->pp_wait = ring_i32(c, OP_ADDI, w32, 1);
    ValueId b[2] = { const_int(c, 2, TY_I32), w32 };
    r->pp_signal = emit1(c, OP_SUBI, 2, b, TY_I32);
    RegionSave rs;
    region_enter(c, emit_if(c, cmp_i(c, CMPI_NE, w32, const_int(c, 0, TY_I32)), 0, NULL, false), 0,
                 &rs);
    named_barrier(c, const_int(c, 1, TY_I32), true);
    region_leave(c, NULL, 0, &rs);
}

/*
 * The producer warpgroup (threads nthreads .. nthreads+127): gives registers back, its
 * first thread fills every step j into stage j % S (from j = S on, after the consumers
 * released step j - S: empty[j % S] with parity ((j - S) / S) & 1), and it leaves the
 * kernel.  The consumers then take the registers (setmaxnreg.inc) and run the loop.
 */
/* The producer's loop over one K loop's steps: step it of the K loop is the ring's step
   base + it (i32; 0: not persistent). */
static void
producer_loop(Ctx *c, Ring *r, ValueId lb, ValueId ub, ValueId step, ValueId base32)
{
    Module *m = c->m;
    RegionSave rs2, rs3;
    ValueId fa[3] = { lb, ub, step };
    OpId fo = emit(c, OP_FOR, 3, fa, 0, NULL, 1);
    RegionId reg = region_new(m, fo);
    op_get(m, fo)->regions[0] = reg;
    BlockId fb = block_new(m);
    region_append(m, reg, fb);
    ValueId iv = block_add_arg(m, fb, TY_INDEX, c->loc, NULL);
    region_enter(c, fo, 0, &rs2);
    ValueId a[2] = { iv, lb };
    ValueId d[2] = { emit1(c, OP_SUBI, 2, a, TY_INDEX), step };
    ValueId it = emit1(c, OP_DIVUI, 2, d, TY_INDEX);
    ValueId it32 = emit1(c, OP_INDEX_CAST, 1, &it, TY_I32);
    if (base32) {
        ValueId g[2] = { base32, it32 };
        it32 = emit1(c, OP_ADDI, 2, g, TY_I32);
    }
    ValueId s32 = ring_i32(c, OP_REMUI, it32, r->stages);
    ValueId again = cmp_i(c, CMPI_SGE, it32, const_int(c, r->stages, TY_I32));
    region_enter(c, emit_if(c, again, 0, NULL, false), 0, &rs3);
    ValueId slot = ring_index(c, s32);
    ring_wait_parity(c, r->empty, slot,
                     ring_parity(c, ring_i32(c, OP_SUBI, it32, r->stages), r->stages));
    region_leave(c, NULL, 0, &rs3);
    ring_issue_loads_at(c, r, s32, iv);
    region_leave(c, NULL, 0, &rs2);
}

static void
ws_producer(Ctx *c, Ring *r, ValueId lb, ValueId ub, ValueId step)
{
    ValueId tid = thread_id(c);
    ValueId prod = cmp_i(c, CMPI_SGE, tid, const_index(c, c->nthreads));
    RegionSave rs, rs1;
    region_enter(c, emit_if(c, prod, 0, NULL, false), 0, &rs);
    set_maxnreg(c, WS_PRODUCER_REGS, true);
    ValueId first = cmp_i(c, CMPI_EQ, tid, const_index(c, c->nthreads));
    region_enter(c, emit_if(c, first, 0, NULL, false), 0, &rs1);
    producer_loop(c, r, lb, ub, step, 0);
    region_leave(c, NULL, 0, &rs1);
    emit(c, OP_EXIT, 0, NULL, 0, NULL, 0);
    region_leave(c, NULL, 0, &rs);
    set_maxnreg(c, ws_consumer_regs(c), false);
    if (r->pp)
        pp_begin(c, r, tid);
}

/* The ring's stages and barriers, initialized by consumer thread 0, then a barrier;
   returns the i1 tid == 0. */
static ValueId
ring_setup(Ctx *c, Ring *r)
{
    Module *m = c->m;
    /* the stages: each operand's ring, 1024-aligned (the swizzle pattern's period) */
    for (int j = 0; j < 2; j++) {
        int64_t at = dist_dynamic_alloc(c, r->stages * r->bytes[j], 1024);
        TypeId el = type_get(m, value_type(m, op_get(m, r->read[j])->res[0]))->elem;
        int64_t shape[2] = { r->stages * r->blocks[j] * r->rows[j], r->span[j] / r->esize };
        r->ring[j] =
            dist_dynamic_view(c, type_memref(m, el, 2, shape, NULL, MS_WORKGROUP, true), at);
        int64_t box[2] = { j == 0 && r->bm > 1 ? 16 : r->rows[j], r->span[j] / r->esize };
        r->box_t[j] = type_memref(m, el, 2, box, NULL, MS_WORKGROUP, true);
        r->at[j] = at;
    }
    Type gt;
    memset(&gt, 0, sizeof gt);
    gt.kind = TY_MBARRIER_GROUP;
    gt.memspace = MS_WORKGROUP;
    gt.memspace_gpu = true;
    gt.num_barriers = r->stages;
    TypeId group = type_intern(m, &gt);
    OpList *saved = c->out;
    c->out = &c->prologue;
    r->full = emit1(c, OP_MBARRIER_CREATE, 0, NULL, group);
    r->empty = emit1(c, OP_MBARRIER_CREATE, 0, NULL, group);
    c->out = saved;
    ValueId tid = thread_id_real(c);
    ValueId t0 = cmp_i(c, CMPI_EQ, tid, const_index(c, 0));
    for (int64_t s = 0; s < r->stages; s++) {
        ValueId a[4] = { r->full, const_index(c, 1), const_index(c, s), t0 };
        bar_op(c, OP_MBARRIER_INIT, 4, a);
        /* tcgen05: one arrival, the commit of the stage's MMAs */
        ValueId arrivals = const_index(c, r->tc05 ? 1 : c->nthreads); /* in order */
        ValueId b[4] = { r->empty, arrivals, const_index(c, s), t0 };
        bar_op(c, OP_MBARRIER_INIT, 4, b);
    }
    if (r->tc05)
        tc05_setup(c, r, t0);
    barrier(c); /* the barriers are initialized before anyone uses them */
    if (r->tc05)
        tc05_ready(c, r);
    return t0;
}

/* The persistent ring of the function, or NULL. */
static Ring *
persistent_ring(Ctx *c)
{
    for (uint32_t i = 0; c->ring && i < c->ring->rings.n; i++)
        if (c->ring->rings.items[i].persist)
            return &c->ring->rings.items[i];
    return NULL;
}

/* Before the branch between the consumers' and the producer's tile loops (rewrite_if):
   the ring's stages and barriers, for every tile. */
static bool
ring_branch(Ctx *c, OpId o)
{
    Ring *r = persistent_ring(c);
    if (r && op_attr(c->m, o, "vptx.persistent_sides"))
        ring_setup(c, r);
    return !c->failed;
}

/*
 * In a tile loop (`tiles`, the consumers' or the producer's): this tile's first ring step
 * base = j T (j: the tiles this workgroup did before, T: the K loop's trip count, bounds
 * lb, ub, step, the same for every tile), in r->base32 and T in r->trips32.
 */
static void
tile_base(Ctx *c, Ring *r, OpId tiles, ValueId lb, ValueId ub, ValueId step)
{
    Module *m = c->m;
    ValueId w = block_get(m, op_entry_block(m, tiles, 0))->args.items[0];
    ValueId a[2] = { w, r->pw.start };
    ValueId d[2] = { emit1(c, OP_SUBI, 2, a, TY_INDEX), r->pw.stride };
    ValueId j = emit1(c, OP_DIVUI, 2, d, TY_INDEX);
    ValueId span[2] = { ub, lb };
    ValueId len[2] = { emit1(c, OP_SUBI, 2, span, TY_INDEX), const_index(c, 0) };
    ValueId up[2] = { idx_add(c, emit1(c, OP_MAXSI, 2, len, TY_INDEX), step), const_index(c, 1) };
    ValueId trips[2] = { emit1(c, OP_SUBI, 2, up, TY_INDEX), step };
    ValueId t = emit1(c, OP_DIVUI, 2, trips, TY_INDEX);
    ValueId jt[2] = { j, t };
    ValueId base = emit1(c, OP_MULI, 2, jt, TY_INDEX);
    r->base32 = emit1(c, OP_INDEX_CAST, 1, &base, TY_I32);
    r->trips32 = emit1(c, OP_INDEX_CAST, 1, &t, TY_I32);
}

/*
 * The end of the producer's tile loop body (after it was rewritten): its first thread
 * issues the tile's copies, ring steps base .. base + T - 1, with the copies of the
 * coordinates; the other producer threads go on to the next tile.
 */
static void
persist_producer(Ctx *c, Ring *r)
{
    Module *m = c->m;
    BlockId body = op_entry_block(m, r->pw.ptiles, 0);
    OpList list = { 0 };
    uint32_t n = block_get(m, body)->ops.n;
    for (uint32_t i = 0; i + 1 < n; i++)
        ARRAY_PUSH(&m->arena, list, block_get(m, body)->ops.items[i]);
    OpId yield = block_get(m, body)->ops.items[n - 1];
    OpList *saved = c->out;
    c->out = &list;
    r->in_producer = true;
    const Op *lo = op_get(m, r->loop);
    ValueId lb = ring_arg(c, r, lo->args[0]), ub = ring_arg(c, r, lo->args[1]);
    ValueId step = ring_arg(c, r, lo->args[2]);
    tile_base(c, r, r->pw.ptiles, lb, ub, step);
    ValueId tid = thread_id_real(c);
    ValueId first = cmp_i(c, CMPI_EQ, tid, const_index(c, (r->wt ? 2 : 1) * c->nthreads));
    RegionSave rs;
    region_enter(c, emit_if(c, first, 0, NULL, false), 0, &rs);
    producer_loop(c, r, lb, ub, step, r->base32);
    region_leave(c, NULL, 0, &rs);
    r->in_producer = false;
    ARRAY_PUSH(&m->arena, list, yield);
    c->out = saved;
    install_ops(c, body, &list);
}

static bool
ring_before(Ctx *c, OpId loop)
{
    Ring *r = ring_of_loop(c, loop);
    if (!r && op_attr(c->m, loop, "vptx.ring_fallback") && c->ring && c->ring->rings.n == 1 &&
        c->ring->rings.items[0].ws) {
        /* the copy of a warp-specialized ring's loop for rows TMA cannot map: the producer
           warpgroup has nothing to do in it, and gives its registers to the consumers as
           in the ring (whose accumulators need them: 168 at launch for 384 threads) */
        ValueId tid = thread_id(c);
        ValueId prod = cmp_i(c, CMPI_SGE, tid, const_index(c, c->nthreads));
        RegionSave rs;
        region_enter(c, emit_if(c, prod, 0, NULL, false), 0, &rs);
        set_maxnreg(c, WS_PRODUCER_REGS, true);
        emit(c, OP_EXIT, 0, NULL, 0, NULL, 0);
        region_leave(c, NULL, 0, &rs);
        set_maxnreg(c, ws_consumer_regs(c), false);
        return !c->failed;
    }
    Ring *pr = persistent_ring(c);
    if (pr && (loop == pr->pw.tiles || loop == pr->pw.ptiles)) {
        /* once for all tiles, before its loop: the producer gives registers back, the
           consumers take them (the two loops never meet: ptxas honours both) */
        if (loop == pr->pw.ptiles) {
            set_maxnreg(c, WS_PRODUCER_REGS, true);
        } else {
            set_maxnreg(c, ws_consumer_regs(c), false);
            /* the two consumers' turns alternate across the tiles (both have the same
               steps): per tile, warpgroup 1 could arrive twice on barrier 1, for this
               tile's last turn and the next tile's first, before warpgroup 0 syncs */
            if (pr->pp || pr->wt)
                pp_begin(c, pr, thread_id_real(c));
        }
        return !c->failed;
    }
    if (!r)
        return true;
    if (r->persist) { /* the ring is set up before the tile loops, the copies issued by the
                         producer's: the ring's first step at this tile */
        const Op *lo = op_get(c->m, loop);
        ValueId lb = dist_scalar(c, lo->args[0]), ub = dist_scalar(c, lo->args[1]);
        tile_base(c, r, r->tiles, lb, ub, dist_scalar(c, lo->args[2]));
        if (r->wt) /* whole-tile: this warpgroup's turn to run a K loop */
            named_barrier(c, r->pp_wait, false);
        return !c->failed;
    }
    ValueId t0 = ring_setup(c, r);
    const Op *op = op_get(c->m, loop);
    ValueId lb = dist_scalar(c, op->args[0]), ub = dist_scalar(c, op->args[1]);
    ValueId step = dist_scalar(c, op->args[2]);
    if (r->ws) {
        ws_producer(c, r, lb, ub, step);
        return !c->failed;
    }
    for (int64_t s = 0; s + 1 < r->stages; s++) {
        ValueId iv = s ? idx_add(c, lb, idx_mul_c(c, step, s)) : lb;
        ValueId go = cmp_i(c, CMPI_SLT, iv, ub);
        RegionSave rs;
        region_enter(c, emit_if(c, t0, 0, NULL, false), 0, &rs);
        int64_t always = 0;
        if (const_value_of(c, go, &always) && always) {
            issue_loads(c, r, s, iv);
        } else {
            RegionSave rs2;
            region_enter(c, emit_if(c, go, 0, NULL, false), 0, &rs2);
            issue_loads(c, r, s, iv);
            region_leave(c, NULL, 0, &rs2);
        }
        region_leave(c, NULL, 0, &rs);
    }
    return !c->failed;
}

/*
 * Whole-tile ping-pong, after the consumers' tile loops: warpgroup w ran its K loops
 * between bar.sync 1 + w and bar.arrive 2 - w, warpgroup 1 arriving on barrier 1 once
 * before; the last arrival is warpgroup 1's on barrier 1 when the CTA had an even number
 * of tiles n (0 included), warpgroup 0's on barrier 2 when odd: the other warpgroup
 * takes it, so that no barrier keeps a pending phase.
 */
static void
wt_end(Ctx *c, Ring *r)
{
    const Op *to = op_get(c->m, r->tiles);
    ValueId a[2] = { to->args[1], r->pw.start }; /* n = ceil((total - start) / stride) */
    ValueId len[2] = { emit1(c, OP_SUBI, 2, a, TY_INDEX), const_index(c, 0) };
    ValueId up[2] = { idx_add(c, emit1(c, OP_MAXSI, 2, len, TY_INDEX), r->pw.stride),
                      const_index(c, 1) };
    ValueId q[2] = { emit1(c, OP_SUBI, 2, up, TY_INDEX), r->pw.stride };
    ValueId n = emit1(c, OP_DIVUI, 2, q, TY_INDEX);
    ValueId two[2] = { n, const_index(c, 2) };
    ValueId p = emit1(c, OP_REMUI, 2, two, TY_INDEX);
    ValueId p32 = emit1(c, OP_INDEX_CAST, 1, &p, TY_I32);
    ValueId ws[2] = { const_int(c, 2, TY_I32), r->pp_signal }; /* w = 2 - (2 - w) */
    ValueId w32 = emit1(c, OP_SUBI, 2, ws, TY_I32);
    RegionSave rs; /* even and w = 0 (barrier 1), or odd and w = 1 (barrier 2): 1 + w */
    region_enter(c, emit_if(c, cmp_i(c, CMPI_EQ, p32, w32), 0, NULL, false), 0, &rs);
    named_barrier(c, r->pp_wait, false);
    region_leave(c, NULL, 0, &rs);
}

/* Ping-pong: warpgroup 0 takes warpgroup 1's last arrival on barrier 1. */
static void
pp_end(Ctx *c, Ring *r)
{
    RegionSave rs;
    ValueId w0 = cmp_i(c, CMPI_EQ, r->pp_signal, const_int(c, 2, TY_I32));
    region_enter(c, emit_if(c, w0, 0, NULL, false), 0, &rs);
    named_barrier(c, const_int(c, 1, TY_I32), false);
    region_leave(c, NULL, 0, &rs);
}

static void
ring_leave(Ctx *c, OpId loop)
{
    Ring *pr = persistent_ring(c);
    if (pr && loop == pr->pw.ptiles) {
        persist_producer(c, pr);
        return;
    }
    if (pr && loop == pr->pw.tiles) { /* a persistent ping-pong: after all the tiles */
        if (pr->pp)
            pp_end(c, pr);
        if (pr->wt)
            wt_end(c, pr);
        return;
    }
    Ring *r = ring_of_loop(c, loop);
    if (!r)
        return;
    if (r->tc05) {
        tc05_leave(c, r);
        c->ring->ended = true; /* every mma done, every thread past the drain's barrier */
        return;
    }
    if (r->pp && !r->persist)
        pp_end(c, r);
    OpId o = emit(c, OP_WGMMA_WAIT, 0, NULL, 0, NULL, 0); /* the last steps' groups */
    op_set_attr(c->m, o, "pending", attr_int(c->m, 0, TY_I64));
    c->ring->ended = !r->persist;
    if (r->persist) { /* the tile's last step is complete: its stage goes to a later tile */
        ValueId some = cmp_i(c, CMPI_SGT, r->trips32, const_int(c, 0, TY_I32));
        RegionSave rs;
        region_enter(c, emit_if(c, some, 0, NULL, false), 0, &rs);
        ValueId a[2] = { r->base32, r->trips32 };
        ValueId last = ring_i32(c, OP_SUBI, emit1(c, OP_ADDI, 2, a, TY_I32), 1);
        TypeId tok = type_intern(c->m, &(Type){ .kind = TY_MBARRIER_TOKEN });
        ValueId ar[2] = { r->empty, ring_index(c, ring_i32(c, OP_REMUI, last, r->stages)) };
        emit(c, OP_MBARRIER_ARRIVE, 2, ar, 1, &tok, 0);
        region_leave(c, NULL, 0, &rs);
        if (r->wt) /* whole-tile: the other warpgroup's turn; this one stores its C */
            named_barrier(c, r->pp_signal, true);
    }
}

static bool
ring_feed(Ctx *c, OpId o, WgmmaFeed *u)
{
    Ring *r = ring_of_contract(c, o);
    if (!r || u->reg_a)
        return false;
    u->ring[0] = u->ring[1] = true;
    const Op *op = op_get(c->m, r->loop);
    ValueId iv = block_get(c->m, op_entry_block(c->m, r->loop, 0))->args.items[0];
    ValueId lb = dist_scalar(c, op->args[0]), step = dist_scalar(c, op->args[2]);
    ValueId a[2] = { iv, lb };
    ValueId d[2] = { emit1(c, OP_SUBI, 2, a, TY_INDEX), step };
    ValueId it = emit1(c, OP_DIVUI, 2, d, TY_INDEX);
    r->it32 = emit1(c, OP_INDEX_CAST, 1, &it, TY_I32);
    if (r->persist) { /* the ring's step, counted across this workgroup's tiles */
        ValueId g[2] = { r->base32, r->it32 };
        r->it32 = emit1(c, OP_ADDI, 2, g, TY_I32);
    }
    ValueId rd = ring_index(c, ring_i32(c, OP_REMUI, r->it32, r->stages));
    ring_wait_parity(c, r->full, rd, ring_parity(c, r->it32, r->stages));
    if (r->pp) /* this warpgroup's turn to issue */
        named_barrier(c, r->pp_wait, false);
    for (int j = 0; j < 2; j++) {
        u->buf[j] = r->ring[j];
        u->stage_rows[j] = r->rows[j];
    }
    u->row0[0] = idx_mul_c(c, rd, r->blocks[0] * r->rows[0]);
    /* MN-major B: vptx.wgmma's row operand counts columns of N, 2K bytes each; a stage
       is N of them */
    u->row0[1] = idx_mul_c(c, rd, r->b_mn ? r->n : r->blocks[1] * r->rows[1]);
    return true;
}

static void
ring_issued(Ctx *c, OpId o, const WgmmaFeed *f)
{
    Ring *r = ring_of_contract(c, o);
    if (!r || !f->ring[0])
        return;
    const Op *op = op_get(c->m, r->loop);
    ValueId iv = block_get(c->m, op_entry_block(c->m, r->loop, 0))->args.items[0];
    ValueId ub = dist_scalar(c, op->args[1]), step = dist_scalar(c, op->args[2]);
    if (r->pp) /* the other warpgroup's turn */
        named_barrier(c, r->pp_signal, true);
    /* the previous step's wgmma are complete (wait_group above): release its stage */
    ValueId prev32 = ring_i32(c, OP_REMUI, ring_i32(c, OP_ADDI, r->it32, r->stages - 1), r->stages);
    ValueId prev = ring_index(c, prev32);
    ValueId later = cmp_i(c, CMPI_SGT, r->it32, r->persist ? r->base32 : const_int(c, 0, TY_I32));
    RegionSave rs;
    region_enter(c, emit_if(c, later, 0, NULL, false), 0, &rs);
    TypeId tok = type_intern(c->m, &(Type){ .kind = TY_MBARRIER_TOKEN });
    ValueId ar[2] = { r->empty, prev };
    emit(c, OP_MBARRIER_ARRIVE, 2, ar, 1, &tok, 0);
    region_leave(c, NULL, 0, &rs);
    if (r->ws)
        return; /* the producer warpgroup refills it */
    /* thread 0 refills it with step it + S - 1 once every thread has released it */
    ValueId next = idx_add(c, iv, idx_mul_c(c, step, r->stages - 1));
    ValueId tid = thread_id(c), zero = const_index(c, 0);
    ValueId first = cmp_i(c, CMPI_EQ, tid, zero);
    ValueId go = and_i1(c, first, cmp_i(c, CMPI_SLT, next, ub));
    region_enter(c, emit_if(c, go, 0, NULL, false), 0, &rs);
    RegionSave rs2;
    region_enter(c, emit_if(c, later, 0, NULL, false), 0, &rs2);
    ring_wait_parity(c, r->empty, prev,
                     ring_parity(c, ring_i32(c, OP_SUBI, r->it32, 1), r->stages));
    region_leave(c, NULL, 0, &rs2);
    ring_issue_loads_at(c, r, prev32, next);
    region_leave(c, NULL, 0, &rs);
}

/*
 * Whether the image of the epilogue can address slot `sl` of every thread as
 * (thread part) + (slot constant) without a carry across a block of EPI_W columns:
 * ty % W + cy % W < W for every thread and slot, y = ty + cy being the element's
 * column with ty the thread part (thread_offset) and cy the slot part (slot_offset).
 * Then y / W = ty / W + cy / W and y % W = ty % W + cy % W.
 */
static bool
epi_no_carry(Ctx *c, const NestedLayout *l, uint32_t nslots)
{
    for (uint32_t sl = 0; sl < nslots; sl++) {
        int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK], x[LAYOUT_MAX_RANK];
        layout_slot_unpack(l, sl, b, o, e);
        int64_t cy = slot_offset(l, 1, b[1], o[1], e[1]);
        for (int64_t t = 0; t < c->nthreads; t++) {
            layout_element_of(l, t / 32, t % 32, sl, x);
            int64_t ty = x[1] - cy;
            if (ty < 0 || ty % EPI_W + cy % EPI_W >= EPI_W)
                return false;
        }
    }
    return true;
}

/*
 * The epilogue of a ring (plan_epilogue): registers -> shared memory -> TMA store.
 * The image is N/W blocks of M rows of W = 8 f32 (32 bytes), unswizzled: element
 * (x, y) at row (y / W) * M + x, column y % W.  A wgmma accumulator fragment has
 * each quarter warp (lanes 4r..4r+3) on one row x = x0 + r, its lanes on the 8
 * consecutive columns 8j + 2q, 8j + 2q + 1: so the 16 lanes of a half warp write
 * 4 rows x 32 bytes = 128 contiguous bytes per 64-bit store, one wavefront, where
 * the 128-byte swizzle put rows r and r ^ 1 on the same banks (2 wavefronts).  The
 * address is a per-thread part computed once plus a constant per store.
 */
static bool
ring_write(Ctx *c, OpId o, bool *done)
{
    *done = false;
    Ring *r = NULL;
    for (uint32_t i = 0; c->ring && i < c->ring->rings.n; i++)
        if (c->ring->rings.items[i].write == o)
            r = &c->ring->rings.items[i];
    if (!r)
        return true;
    Dist *v = dist_of(c, op_get(c->m, o)->args[0]);
    if (!v)
        return false;
    *done = true;
    Module *m = c->m;
    int64_t nb = r->cn / EPI_W;
    int64_t at = dist_dynamic_alloc(c, r->cm * r->cn * 4, 1024);
    int64_t shape[2] = { nb * r->cm, EPI_W }, box[2] = { r->cm, EPI_W };
    ValueId img =
        dist_dynamic_view(c, type_memref(m, TY_F32, 2, shape, NULL, MS_WORKGROUP, true), at);
    TypeId bt = type_memref(m, TY_F32, 2, box, NULL, MS_WORKGROUP, true);
    const NestedLayout *l = v->layout;
    ValueId holder = canonical_holder(c, l);
    int64_t known = 1;
    if (holder && const_value_of(c, holder, &known))
        holder = 0;
    if (known) {
        for (uint32_t sl = 0; sl < v->n; sl++)
            dist_elem(c, v, sl);
        RegionSave rs;
        if (holder)
            region_enter(c, emit_if(c, holder, 0, NULL, false), 0, &rs);
        /* E = 2 or 4 elements of a row stay in one block: one vector store */
        uint32_t run = 1;
        if (l->element_tile[0] == 1 && (l->element_tile[1] == 2 || l->element_tile[1] == 4))
            run = (uint32_t)l->element_tile[1];
        bool split = epi_no_carry(c, l, v->n);
        ValueId prow = 0, pcol = 0; /* the thread parts of row and column */
        if (split) {
            ValueId ty = thread_offset(c, l, 1), wv = const_index(c, EPI_W);
            ValueId q[2] = { ty, wv };
            pcol = emit1(c, OP_REMUI, 2, q, TY_INDEX);
            ValueId rows = idx_mul_c(c, emit1(c, OP_DIVUI, 2, q, TY_INDEX), r->cm);
            prow = idx_add(c, rows, thread_offset(c, l, 0));
        }
        for (uint32_t sl = 0; sl < v->n; sl += run) {
            ValueId row, col;
            if (split) {
                int64_t b[LAYOUT_MAX_RANK], ot[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
                layout_slot_unpack(l, sl, b, ot, e);
                int64_t cx = slot_offset(l, 0, b[0], ot[0], e[0]);
                int64_t cy = slot_offset(l, 1, b[1], ot[1], e[1]);
                row = idx_add_c(c, prow, cx + r->cm * (cy / EPI_W));
                col = idx_add_c(c, pcol, cy % EPI_W);
            } else { /* the general form: a division per element */
                ValueId x = element_index(c, l, 0, sl), y = element_index(c, l, 1, sl);
                ValueId a[2] = { y, const_index(c, EPI_W) };
                row = idx_add(c, idx_mul_c(c, emit1(c, OP_DIVUI, 2, a, TY_INDEX), r->cm), x);
                col = emit1(c, OP_REMUI, 2, a, TY_INDEX);
            }
            ValueId el[4];
            for (uint32_t e = 0; e < run; e++)
                el[e] = dist_elem(c, v, sl + e);
            ValueId args[4] = { run > 1 ? from_elements(c, el, run, TY_F32) : el[0], img, row,
                                col };
            emit(c, run > 1 ? OP_VSTORE : OP_MSTORE, 4, args, 0, NULL, 0);
        }
        if (holder)
            region_leave(c, NULL, 0, &rs);
    }
    barrier(c); /* every thread's part is written (and fenced for the async proxy) */
    /* the first thread of warp w stores blocks w, w + nw, ...: the warps issue in parallel */
    const Op *w = op_get(m, o);
    ValueId r0 = dist_scalar(c, w->args[2]), c0 = dist_scalar(c, w->args[3]);
    int64_t nw = c->nthreads / 32 < nb ? c->nthreads / 32 : nb;
    ValueId tid = thread_id(c), m32[2] = { tid, const_index(c, 32) };
    ValueId rem = emit1(c, OP_REMUI, 2, m32, TY_INDEX);
    ValueId lane0 = cmp_i(c, CMPI_EQ, rem, const_index(c, 0));
    ValueId first = and_i1(c, lane0, cmp_i(c, CMPI_ULT, tid, const_index(c, 32 * nw)));
    RegionSave rs0; /* the issuing threads only: the others skip the dispatch */
    region_enter(c, emit_if(c, first, 0, NULL, false), 0, &rs0);
    for (int64_t wi = 0; wi < nw; wi++) {
        ValueId t0 = cmp_i(c, CMPI_EQ, tid, const_index(c, 32 * wi));
        RegionSave rs;
        region_enter(c, emit_if(c, t0, 0, NULL, false), 0, &rs);
        for (int64_t k = wi; k < nb; k += nw) {
            ValueId view = dist_dynamic_view(c, bt, at + k * r->cm * EPI_W * 4);
            ValueId args[4] = { view, r->tmap[2], idx_add_c(c, c0, EPI_W * k), r0 };
            OpId st = emit(c, OP_TMA_ASYNC_STORE, 4, args, 0, NULL, 0);
            int64_t seg[4] = { 1, 1, 2, 0 };
            op_set_attr(m, st, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 4));
            if (k + nw < nb) /* one bulk group per thread: one commit and wait after its last */
                op_set_attr(m, st, "vptx.tma_store_more", attr_unit(m));
        }
        region_leave(c, NULL, 0, &rs);
    }
    region_leave(c, NULL, 0, &rs0);
    return true;
}

/*
 * A result stored after the loop of the function's one wgmma ring, at its top level
 * (not by TMA store, not in a persistent tile loop, whose producer refills the stages
 * for the next tile): through the ring's stages, idle once the loop has ended (every
 * copy issued was waited for, every wgmma with wait_group 0; epilogue.c's first barrier
 * waits for every thread), by rows on whole sectors (epilogue.c, dist_epilogue_rows).
 * A tcgen05 ring's (every mma done at the `done` barrier, every thread past it): in its
 * own form (tc05_ring.c, tc05_store), at the top level or in the uniform branch of its
 * split (the loop and everything after it, dist_tc05_split_func).
 */
static bool
ring_store(Ctx *c, const Transfer *t, Dist *v, bool *done)
{
    *done = false;
    struct RingPlan *p = c->ring;
    if (!p || p->rings.n != 1 || !p->ended || c->loops)
        return true;
    const Ring *r = &p->rings.items[0];
    Module *m = c->m;
    bool split =
        r->tc05 && op_attr(m, block_parent_op(m, op_get(m, r->loop)->parent), "vptx.ring_split");
    if (c->depth != (split ? 1u : 0u) || r->persist || r->write)
        return true;
    int64_t lo = r->at[0], n0 = r->stages * r->bytes[0], n1 = r->stages * r->bytes[1];
    int64_t bytes = n0;
    if (r->at[1] == r->at[0] + n0) /* A's stages, then B's */
        bytes = n0 + n1;
    else if (n1 > n0) {
        lo = r->at[1];
        bytes = n1;
    }
    if (r->tc05)
        return tc05_store(c, t, v, dist_dynamic_base(c), lo, bytes, done);
    return dist_epilogue_rows(c, t, v, dist_dynamic_base(c), lo, bytes,
                              "the TMA ring's idle stages", done);
}

/* ---- rows of a dynamic length: a uniform branch to a copy of the loop without the ring ---- */

typedef struct Clone {
    ValueId *map; /* old value -> its copy (0: not copied) */
    uint32_t n;
} Clone;

static ValueId
cloned(const Clone *cl, ValueId v)
{
    return v < cl->n && cl->map[v] ? cl->map[v] : v;
}

/* A deep copy of op o (regions, blocks, attributes); its results and block arguments are
 * recorded in cl, so that the ops inside use the copies. */
static OpId
clone_op(Module *m, Clone *cl, OpId o)
{
    uint32_t na = op_get(m, o)->nargs, nr = op_get(m, o)->nres, ng = op_get(m, o)->nregions;
    ValueId *args = arena_alloc(&m->arena, (na + 1) * sizeof *args);
    TypeId *types = arena_alloc(&m->arena, (nr + 1) * sizeof *types);
    for (uint32_t i = 0; i < na; i++)
        args[i] = cloned(cl, op_get(m, o)->args[i]);
    for (uint32_t i = 0; i < nr; i++)
        types[i] = value_type(m, op_get(m, o)->res[i]);
    OpId n = op_new(m, op_get(m, o)->kind, op_get(m, o)->loc, na, args, nr, types, ng);
    for (uint32_t i = 0; i < nr; i++)
        if (op_get(m, o)->res[i] < cl->n)
            cl->map[op_get(m, o)->res[i]] = op_get(m, n)->res[i];
    for (uint32_t i = 0; i < op_get(m, o)->nattrs; i++)
        op_set_attr(m, n, op_get(m, o)->attrs[i].name, op_get(m, o)->attrs[i].value);
    for (uint32_t g = 0; g < ng; g++) {
        RegionId nreg = region_new(m, n);
        op_get(m, n)->regions[g] = nreg;
        RegionId oreg = op_get(m, o)->regions[g];
        for (uint32_t bi = 0; oreg && bi < m->regions[oreg].blocks.n; bi++) {
            BlockId ob = m->regions[oreg].blocks.items[bi], nb = block_new(m);
            region_append(m, nreg, nb);
            for (uint32_t a = 0; a < block_get(m, ob)->args.n; a++) {
                ValueId v = block_get(m, ob)->args.items[a];
                ValueId nv = block_add_arg(m, nb, value_type(m, v), value_get(m, v)->loc,
                                           value_get(m, v)->name);
                if (v < cl->n)
                    cl->map[v] = nv;
            }
            for (uint32_t k = 0; k < block_get(m, ob)->ops.n; k++)
                block_append(m, nb, clone_op(m, cl, block_get(m, ob)->ops.items[k]));
        }
    }
    return n;
}

static ValueId
new_value_op(Module *m, OpKind k, Loc loc, uint32_t n, const ValueId *args, TypeId t, OpIdList *out)
{
    OpId o = op_new(m, k, loc, n, args, 1, &t, 0);
    ARRAY_PUSH(&m->arena, *out, o);
    return op_get(m, o)->res[0];
}

static ValueId
new_index(Module *m, Loc loc, int64_t v, OpIdList *out)
{
    ValueId r = new_value_op(m, OP_CONSTANT, loc, 0, NULL, TY_INDEX, out);
    op_set_attr(m, value_get(m, r)->def, "value", attr_int(m, v, TY_INDEX));
    return r;
}

typedef struct SplitWalk {
    const Target *target;
    OpId func;
    int64_t pipeline_stages;
    bool persistent;
    OpIdList loops;
} SplitWalk;

/* The memref of read j of the contract whose row pitch only the launch knows (identity
 * layout, a dynamic last size), or 0. */
static ValueId
dynamic_pitch(Module *m, OpId read)
{
    ValueId mem = op_get(m, read)->args[0];
    const Type *t = type_get(m, value_type(m, mem));
    return !t->layout && t->shape[1] == DIM_DYNAMIC ? mem : 0;
}

static bool
split_visit(Module *m, OpId o, void *ctx)
{
    SplitWalk *w = ctx;
    Ctx tmp; /* ring_candidate reads the module and the layouts only */
    memset(&tmp, 0, sizeof tmp);
    tmp.m = m;
    Ring r;
    if (!ring_candidate(&tmp, w->func, o, &r) || r.tc05 ||
        op_attr(m, r.loop, "vptx.ring_fallback") ||
        block_parent_op(m, op_get(m, r.loop)->parent) != w->func)
        return true;
    LoopStages ls;
    layout_loop_stages(m, r.loop, w->pipeline_stages, &ls); /* a bad count: planning says so */
    int64_t stages = ls.n ? ls.n : RING_DEFAULT_STAGES;
    if (stages == 1 || (!dynamic_pitch(m, r.read[0]) && !dynamic_pitch(m, r.read[1])))
        return true;
    bool persistent; /* a bad attribute: planning says so */
    layout_loop_flag(m, r.loop, "vptx.persistent", w->persistent, &persistent, NULL);
    if (persistent)
        return true; /* the tile loop wraps the loop itself: the launcher checks the rows */
    /* the copy stages A and B of one step in static shared memory beside the ring: when both
       do not fit, the rows are left to the launcher's check (docs/hopper.md, section 1d) */
    if ((stages + 1) * (r.bytes[0] + r.bytes[1]) + SPLIT_SMEM_SLACK > w->target->smem_block)
        return true;
    /* and it holds A and B of one step in registers beside the accumulator, under the
       consumers' setmaxnreg: where that would spill, the rows are left to the launcher too
       (the 128x256x64 tile: 128 + 48 registers of data; ptxas needs 254 in all) */
    NestedLayout la, lb, lc2;
    if (!result_layout(&tmp, r.read[0], 0, &la) || !result_layout(&tmp, r.read[1], 0, &lb) ||
        !result_layout(&tmp, o, 0, &lc2) ||
        layout_num_slots(&lc2) + (layout_num_slots(&la) + layout_num_slots(&lb)) / 2 +
                SPLIT_REG_OVERHEAD >
            WS_CONSUMER_REGS)
        return true;
    ARRAY_PUSH(&m->arena, w->loops, r.loop);
    return true;
}

/* The uses of v in block b and the regions of its ops; *contract: the last one seen is a
 * vector.contract. */
static uint32_t
count_uses(Module *m, BlockId b, ValueId v, bool *contract)
{
    uint32_t uses = 0;
    const Block *blk = block_get(m, b);
    for (uint32_t i = 0; i < blk->ops.n; i++) {
        const Op *op = op_get(m, blk->ops.items[i]);
        for (uint32_t a = 0; a < op->nargs; a++)
            if (op->args[a] == v) {
                uses++;
                *contract = op->kind == OP_CONTRACT;
            }
        for (uint32_t r = 0; r < op->nregions; r++) {
            const Region *reg = region_get(m, op->regions[r]);
            for (uint32_t k = 0; k < reg->blocks.n; k++) {
                bool inner = false;
                uses += count_uses(m, reg->blocks.items[k], v, &inner);
            }
        }
    }
    return uses;
}

/*
 * The register copy's reads (split_rings' copy of the loop) are guarded element by
 * element (their rows have a dynamic length that need not be a multiple of 16 bytes),
 * so the ring's read layout (8 consecutive elements a lane, the lanes 16 bytes apart)
 * makes each 2-byte load of a warp touch up to 32 sectors.  Their layout becomes one
 * element a lane, the lanes of a warp along the row (32 of them, or the row), the warps
 * as before: each load of a warp reads one run of a row.  Only where the read is not
 * transposed, of a 2-d memref, and its one use is the contract (which stores it into
 * its image element by element, any layout).
 */
static void
lane_adjacent_reads(Module *m, OpId loop)
{
    BlockId bb = op_entry_block(m, loop, 0);
    const Block *body = block_get(m, bb);
    for (uint32_t i = 0; i < body->ops.n; i++) {
        OpId o = body->ops.items[i];
        const Op *op = op_get(m, o);
        bool contract = false;
        if (op->kind != OP_TRANSFER_READ)
            continue;
        const Attr *pm = op_attr(m, o, "permutation_map"); /* (d0, d1): not transposed */
        if (pm &&
            (pm->kind != ATTR_AFFINE_MAP || pm->map->nresults != 2 ||
             affine_map_result_dim(pm->map, 0) != 0 || affine_map_result_dim(pm->map, 1) != 1))
            continue;
        const Type *mt = type_get(m, value_type(m, op->args[0]));
        const Type *vt = type_get(m, value_type(m, op->res[0]));
        Ctx tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.m = m;
        NestedLayout l, n;
        if (mt->kind != TY_MEMREF || mt->rank != 2 || vt->kind != TY_VECTOR || vt->rank != 2 ||
            !result_layout(&tmp, o, 0, &l) || l.rank != 2 || l.element_tile[1] == 1 ||
            count_uses(m, bb, op->res[0], &contract) != 1 || !contract)
            continue;
        int64_t sg0 = l.subgroup_tile[0], sg1 = l.subgroup_tile[1];
        int64_t rows = vt->shape[0] / sg0, cols = vt->shape[1] / sg1;
        int64_t t1 = cols < 32 ? cols : 32, t0 = 32 / t1;
        if (vt->shape[0] % sg0 || vt->shape[1] % sg1 || 32 % t1 || cols % t1 || rows % t0)
            continue;
        layout_init(&n, 2);
        layout_set_dim(&n, 0, sg0, rows / t0, 1, t0, 1, l.subgroup_strides[0], t1);
        layout_set_dim(&n, 1, sg1, cols / t1, 1, t1, 1, l.subgroup_strides[1], 1);
        layout_normalize(&n);
        if (!layout_check(&n, NULL, 0))
            continue;
        const Attr *item = layout_attr_new(m, &n);
        op_set_attr(m, o, "vptx.layout", attr_array(m, &item, 1));
    }
}

/*
 * A ring loop whose operands' rows have a dynamic length (memref<?x?xf16>) may meet rows
 * TMA cannot map (not a multiple of 16 bytes): those sizes go, through a branch that is
 * the same in every thread, to a copy of the loop marked 1 stage (contract.c's register
 * copy) and vptx.ring_fallback:
 *
 *   %ok = (dim(A, 1) % P == 0) && (dim(B, 1) % P == 0)     (the dynamic ones; P = 16 / E,
 *                                                          8 of f16/bf16, 4 of tf32's f32)
 *   %r = scf.if %ok { the loop (the ring) } else { its copy } {vptx.ring_split}
 *
 * The launcher then leaves the maps of such rows unencoded (the kernel does not use them):
 * the hidden-map lines say so.  Runs before distribute's Ctx counts the values, on every
 * function that would get such a ring.
 */
/* Puts `loop` in a uniform branch on the rows of reads[0..1] whose length is dynamic being
   whole 16-byte pieces (esize bytes an element), with a copy of the loop marked 1 stage and
   vptx.ring_fallback in the other arm. */
/* The i1 test that the rows of reads[0..1] whose length is dynamic are whole 16-byte
   pieces (esize bytes an element), its ops appended to pre. */
static ValueId
rows_test(Module *m, Loc loc, const OpId *reads, int64_t esize, OpIdList *pre)
{
    ValueId ok = 0, c0 = new_index(m, loc, 0, pre), c1 = new_index(m, loc, 1, pre);
    ValueId c8 = new_index(m, loc, 16 / esize, pre);
    for (int j = 0; j < 2; j++) {
        ValueId mem = dynamic_pitch(m, reads[j]);
        if (!mem || (j == 1 && mem == dynamic_pitch(m, reads[0])))
            continue;
        ValueId da[2] = { mem, c1 };
        ValueId dim = new_value_op(m, OP_DIM, loc, 2, da, TY_INDEX, pre);
        ValueId ra[2] = { dim, c8 };
        ValueId rem = new_value_op(m, OP_REMUI, loc, 2, ra, TY_INDEX, pre);
        ValueId ca[2] = { rem, c0 };
        ValueId eq = new_value_op(m, OP_CMPI, loc, 2, ca, TY_I1, pre);
        op_set_attr(m, value_get(m, eq)->def, "predicate", attr_int(m, CMPI_EQ, TY_I64));
        ValueId aa[2] = { ok, eq };
        ok = ok ? new_value_op(m, OP_ANDI, loc, 2, aa, TY_I1, pre) : eq;
    }
    return ok;
}

/*
 * tcgen05's split (dist_tc05_split_func): the loop and everything after it in its block
 * but the terminator go into the branch on rows_test, a copy of them (the loop's marked 1
 * stage and vptx.ring_fallback: mma.sync) into its other arm.  Unlike split_loop's, the
 * branch has no results: the two arms' accumulators have different layouts (tensor
 * memory's rows, mma.sync's fragments), which a branch result would convert through 64 KiB
 * of shared memory.
 */
static bool
split_tail(Module *m, OpId loop, const OpId *reads, int64_t esize)
{
    Loc loc = op_get(m, loop)->loc;
    BlockId eb = op_get(m, loop)->parent;
    const Block *e = block_get(m, eb);
    uint32_t at = 0, n = e->ops.n;
    while (at < n && e->ops.items[at] != loop)
        at++;
    OpKind last = op_get(m, e->ops.items[n - 1])->kind;
    if (at + 1 >= n || (last != OP_RETURN && last != OP_GPU_RETURN))
        return true; /* no return after the loop: leave it (the launcher checks rows) */
    OpIdList pre = { 0 };
    ValueId ok = rows_test(m, loc, reads, esize, &pre);
    OpId br = op_new(m, OP_IF, loc, 1, &ok, 0, NULL, 2);
    op_set_attr(m, br, "vptx.ring_split", attr_unit(m));
    Clone cl = { ir_calloc(m->nvalues + 1, sizeof(ValueId)), m->nvalues + 1 };
    if (!cl.map)
        return false;
    BlockId arm[2];
    for (uint32_t g = 0; g < 2; g++) {
        RegionId reg = region_new(m, br);
        op_get(m, br)->regions[g] = reg;
        arm[g] = block_new(m);
        region_append(m, reg, arm[g]);
    }
    for (uint32_t k = at; k + 1 < n; k++) {
        OpId o = block_get(m, eb)->ops.items[k];
        OpId c = clone_op(m, &cl, o);
        if (o == loop) {
            op_set_attr(m, c, "vptx.pipeline_stages", attr_int(m, 1, TY_I64));
            op_set_attr(m, c, "vptx.ring_fallback", attr_unit(m));
        }
        block_append(m, arm[0], o);
        block_append(m, arm[1], c);
    }
    ir_free(cl.map);
    for (uint32_t g = 0; g < 2; g++)
        block_append(m, arm[g], op_new(m, OP_YIELD, loc, 0, NULL, 0, NULL, 0));
    OpIdList ops = { 0 };
    for (uint32_t k = 0; k < at; k++)
        ARRAY_PUSH(&m->arena, ops, block_get(m, eb)->ops.items[k]);
    for (uint32_t q = 0; q < pre.n; q++) {
        ARRAY_PUSH(&m->arena, ops, pre.items[q]);
        op_get(m, pre.items[q])->parent = eb;
    }
    ARRAY_PUSH(&m->arena, ops, br);
    op_get(m, br)->parent = eb;
    ARRAY_PUSH(&m->arena, ops, block_get(m, eb)->ops.items[n - 1]);
    Block *blk = block_get(m, eb);
    blk->ops.n = 0;
    for (uint32_t k = 0; k < ops.n; k++)
        ARRAY_PUSH(&m->arena, blk->ops, ops.items[k]);
    return true;
}

static bool
split_loop(Module *m, OpId loop, const OpId *reads, int64_t esize)
{
    Loc loc = op_get(m, loop)->loc;
    BlockId eb = op_get(m, loop)->parent;
    OpIdList pre = { 0 };
    ValueId ok = rows_test(m, loc, reads, esize, &pre);
    /* the copy, before anything else is added (the map covers the old values) */
    Clone cl = { ir_calloc(m->nvalues + 1, sizeof(ValueId)), m->nvalues + 1 };
    if (!cl.map)
        return false;
    OpId copy = clone_op(m, &cl, loop);
    ir_free(cl.map);
    op_set_attr(m, copy, "vptx.pipeline_stages", attr_int(m, 1, TY_I64));
    op_set_attr(m, copy, "vptx.ring_fallback", attr_unit(m));
    lane_adjacent_reads(m, copy);
    uint32_t nres = op_get(m, loop)->nres;
    TypeId *types = arena_alloc(&m->arena, (nres + 1) * sizeof *types);
    for (uint32_t k = 0; k < nres; k++)
        types[k] = value_type(m, op_get(m, loop)->res[k]);
    OpId br = op_new(m, OP_IF, loc, 1, &ok, nres, types, 2);
    op_set_attr(m, br, "vptx.ring_split", attr_unit(m));
    const Attr *lay = op_attr(m, loop, "vptx.layout");
    if (lay)
        op_set_attr(m, br, "vptx.layout", lay);
    /* every later use of the loop's results takes the branch's */
    const Block *e = block_get(m, eb);
    uint32_t at = 0;
    while (at < e->ops.n && e->ops.items[at] != loop)
        at++;
    for (uint32_t k = at + 1; k < e->ops.n; k++) {
        OpId u = e->ops.items[k];
        const ValueId *from = op_get(m, loop)->res, *to = op_get(m, br)->res;
        op_replace_uses(m, u, from, to, nres);
        module_replace_uses(m, u, from, to, nres);
    }
    OpId legs[2] = { loop, copy };
    for (uint32_t g = 0; g < 2; g++) {
        RegionId reg = region_new(m, br);
        op_get(m, br)->regions[g] = reg;
        BlockId b = block_new(m);
        region_append(m, reg, b);
        block_append(m, b, legs[g]);
        OpId y = op_new(m, OP_YIELD, loc, nres, op_get(m, legs[g])->res, 0, NULL, 0);
        block_append(m, b, y);
    }
    /* the entry block: the test, then the branch where the loop was */
    Block *eb2 = block_get(m, eb);
    OpIdList ops = { 0 };
    for (uint32_t k = 0; k < eb2->ops.n; k++) {
        if (k == at) {
            for (uint32_t q = 0; q < pre.n; q++) {
                ARRAY_PUSH(&m->arena, ops, pre.items[q]);
                op_get(m, pre.items[q])->parent = eb;
            }
            ARRAY_PUSH(&m->arena, ops, br);
            op_get(m, br)->parent = eb;
        } else {
            ARRAY_PUSH(&m->arena, ops, block_get(m, eb)->ops.items[k]);
        }
    }
    Block *blk = block_get(m, eb);
    blk->ops.n = 0;
    for (uint32_t k = 0; k < ops.n; k++)
        ARRAY_PUSH(&m->arena, blk->ops, ops.items[k]);
    return true;
}

/*
 * A ring loop whose operands' rows have a dynamic length (memref<?x?xf16>) may meet rows
 * TMA cannot map (not a multiple of 16 bytes): those sizes go, through a branch that is
 * the same in every thread, to a copy of the loop marked 1 stage (contract.c's register
 * copy) and vptx.ring_fallback (split_loop):
 *
 *   %ok = (dim(A, 1) % P == 0) && (dim(B, 1) % P == 0)     (the dynamic ones; P = 16 / E,
 *                                                          8 of f16/bf16, 4 of tf32's f32)
 *   %r = scf.if %ok { the loop (the ring) } else { its copy } {vptx.ring_split}
 *
 * The launcher then leaves the maps of such rows unencoded (the kernel does not use them):
 * the hidden-map lines say so.  Runs before distribute's Ctx counts the values, on every
 * function that would get such a ring.
 */
static bool
split_rings(Module *m, const Target *target, OpId func, int64_t pipeline_stages, bool persistent)
{
    SplitWalk w = { target, func, pipeline_stages, persistent, { 0 } };
    module_walk(m, w.func, split_visit, &w);
    for (uint32_t i = 0; i < w.loops.n; i++) {
        OpId loop = w.loops.items[i];
        /* the contract's reads: the rows whose length the kernel tests */
        Ctx tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.m = m;
        Ring r;
        const Block *body = block_get(m, op_entry_block(m, loop, 0));
        bool found = false;
        for (uint32_t k = 0; k < body->ops.n && !found; k++)
            found = ring_candidate(&tmp, w.func, body->ops.items[k], &r);
        if (found && !split_loop(m, loop, r.read, r.esize))
            return false;
    }
    return true;
}

/* tcgen05's loops, before layout selection (dist_tc05_split_prepare) */
typedef struct Tc05Split {
    const LayoutSelectOptions *sopt;
    const Target *target;
    OpId func;
    int64_t pipeline_stages;
    OpIdList loops, contracts;
} Tc05Split;

static bool
tc05_split_visit(Module *m, OpId o, void *ctx)
{
    Tc05Split *w = ctx;
    if (op_get(m, o)->kind != OP_CONTRACT || !layout_tcgen05_candidate(m, w->func, o, w->sopt))
        return true;
    const Op *op = op_get(m, o);
    OpId loop = block_parent_op(m, op->parent);
    OpId rd[2] = { value_get(m, op->args[0])->def, value_get(m, op->args[1])->def };
    if (!dynamic_pitch(m, rd[0]) && !dynamic_pitch(m, rd[1]))
        return true;
    /* fp8 has no mma.sync for the copy: its rows are left to the launcher's check */
    for (int j = 0; j < 2; j++) {
        TypeId e = type_element(m, value_type(m, op->args[j]));
        if (e == TY_F8E4M3FN || e == TY_F8E5M2)
            return true;
    }
    /* the copy stages A and B of one step beside the ring (as split_visit) */
    LoopStages ls;
    layout_loop_stages(m, loop, w->pipeline_stages, &ls);
    int64_t stages = ls.n ? ls.n : RING_DEFAULT_STAGES, bytes = 0, elems = 0;
    for (int j = 0; j < 2; j++) {
        const Type *t = type_get(m, value_type(m, op->args[j]));
        bytes += t->shape[0] * t->shape[1] * (int64_t)type_scalar_bytes(t->elem);
        elems += t->shape[0] * t->shape[1];
    }
    /* ring_plan's count: the copy's staging buffers, also among the kernel's others */
    if ((stages + 2) * bytes + SPLIT_SMEM_SLACK > w->target->smem_block)
        return true;
    /* and the copy holds the accumulator and a step of A and B in registers (mma.sync):
       where that would spill, the rows are left to the launcher's check */
    const Type *ct = type_get(m, value_type(m, op->args[2]));
    Ctx tmp; /* dist_func_threads reads the function's launch shape only */
    memset(&tmp, 0, sizeof tmp);
    tmp.m = m;
    int64_t threads = dist_func_threads(&tmp, w->func);
    if (threads <= 0 ||
        ct->shape[0] * ct->shape[1] / threads + elems / threads / 2 + SPLIT_REG_OVERHEAD >
            WS_CONSUMER_REGS)
        return true;
    ARRAY_PUSH(&m->arena, w->loops, loop);
    ARRAY_PUSH(&m->arena, w->contracts, o);
    return true;
}

bool
dist_tc05_split_func(Module *m, OpId func, const Target *target, int64_t pipeline_stages,
                     const LayoutSelectOptions *sopt)
{
    Tc05Split w = { sopt, target, func, pipeline_stages, { 0 }, { 0 } };
    module_walk(m, w.func, tc05_split_visit, &w);
    for (uint32_t i = 0; i < w.loops.n; i++) {
        const Op *op = op_get(m, w.contracts.items[i]);
        OpId rd[2] = { value_get(m, op->args[0])->def, value_get(m, op->args[1])->def };
        int64_t es = (int64_t)type_scalar_bytes(type_element(m, value_type(m, op->args[0])));
        if (!split_tail(m, w.loops.items[i], rd, es))
            return false;
    }
    return true;
}

static bool
ring_prepare(Ctx *c, OpId func)
{
    return split_rings(c->m, c->opt.target, func, c->opt.pipeline_stages, c->opt.persistent);
}

/* The loops of the ring's hooks: its K loop; the copy of a warp-specialized ring's loop
   for rows TMA cannot map; a persistent ring's tile loops. */
static bool
ring_owns(Ctx *c, OpId loop)
{
    Ring *pr = persistent_ring(c);
    return ring_of_loop(c, loop) ||
           (op_attr(c->m, loop, "vptx.ring_fallback") && c->ring && c->ring->rings.n == 1 &&
            c->ring->rings.items[0].ws) ||
           (pr && (loop == pr->pw.tiles || loop == pr->pw.ptiles));
}

/* wgmma K loops fed by TMA through a ring of stages (the list of distribute.c) */
/* tcgen05 rings (tc05_ring.c): the accumulator's first value goes to tensor memory */
static bool
ring_enter(Ctx *c, OpId loop, ValueId *carried)
{
    Ring *r = ring_of_loop(c, loop);
    if (r && r->tc05)
        tc05_enter(c, r, *carried);
    return !c->failed;
}

/* tcgen05 rings: the contract is issued by one thread; its result is its accumulator,
   unchanged in registers (the sum lives in tensor memory until the loop ends) */
static bool
ring_op(Ctx *c, OpId o)
{
    Ring *r = ring_of_contract(c, o);
    if (!r || !r->tc05)
        return false;
    tc05_issue(c, r);
    Dist *acc = dist_of(c, op_get(c->m, o)->args[2]);
    if (acc)
        dist_bind(c, op_get(c->m, o)->res[0], acc);
    return true;
}

const Schedule ring_schedule = {
    .name = "tma-ring",
    .prepare = ring_prepare,
    .plan = ring_plan,
    .owns = ring_owns,
    .before = ring_before,
    .enter = ring_enter,
    .op = ring_op,
    .leave = ring_leave,
    .feed = ring_feed,
    .issued = ring_issued,
    .branch = ring_branch,
    .read = ring_read,
    .write = ring_write,
    .store = ring_store,
};
