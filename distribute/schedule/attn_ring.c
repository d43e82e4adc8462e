/*
 * attn_ring.c -- the key and value blocks of an attention loop on wgmma loaded by TMA
 * through a ring of shared-memory stages with full and empty mbarriers
 * (docs/hopper.md, section 1e).
 *
 * An attention key loop (examples/attention_sm90.mlir) holds two wgmma contracts:
 * S = Q K_j^T, whose A (Q) is defined before the loop and staged once before it
 * (contract.c's dist_wgmma_hoist), and O += P V_j, whose A (P) comes from registers
 * (vptx.wgmma_a = "registers").  Their B operands, K_j and V_j, are
 * vector.transfer_reads in the body.  Without this file they are loaded into registers
 * and stored into the wgmma images by every thread, between two barriers, every
 * iteration.  Here, as tma_ring.c does for a GEMM's A and B:
 *
 *   kernel arguments   two tensor maps (K's, V's), after the kernel's own arguments
 *                      (hidden: the launchers encode them from the comment lines)
 *   shared memory      the stages, each K_j's image (K-major, as contract.c stores a B
 *                      given as (n, k)) or V_j's (MN-major, B given as (k, n)), in the
 *                      dynamic shared memory, then Q's image (dist_attn_ring_q, for
 *                      contract.c's hoist: Q and the stages share the opt-in 227 KiB);
 *                      full (count 1 + the bytes) and empty (count = threads) mbarriers
 *                      per stage
 *   before the loop    thread 0 initializes the barriers; barrier (it also publishes
 *                      Q's image); thread 0 fills every stage
 *   iteration it       every thread waits for K_it's stage to be full; S's wgmma and
 *                      its wait_group 0 (which also completes P V of it - 1); every
 *                      thread releases the stages S and P V are done with (arrive on
 *                      empty), thread 0 waits for them to be empty and refills them;
 *                      softmax; every thread waits for V_it's stage; P V
 *
 * With several warpgroups (joint) one ring of S stages holds both blocks, one pair of
 * barriers per stage, and block it - 1's stage is released after S_it.  With one, K and
 * V have rings of their own: K's of S - 1 stages (its stage is released right after
 * S_it, as wait_group covers the whole warpgroup: one stage is enough, and the shared
 * memory saved keeps one more workgroup on an SM), V's of S (block it - 1's released
 * after S_it).  The choice was measured on the h100 model (docs/measurements.md, 1e).
 *
 * The reads' indices may be the induction variable, values defined before the loop,
 * constants, or sums, differences and products of those computed in the body (the
 * head offset plus the key index of a multi-head kernel): the copies of another step
 * recompute them with that step's induction value.
 *
 * Requires:    distribute.c's Ctx, stage.c's plan; layouts on the contracts and reads;
 *              called from attention.c's hooks: dist_plan_attn_ring before the rewrite,
 *              dist_attn_ring_begin before the loop is emitted (after dist_wgmma_hoist),
 *              dist_attn_ring_read at the reads, dist_attn_ring_contract and
 *              dist_attn_ring_after at the contracts; on tcgen05 (attn_tc05.c) the stages
 *              are released where its MMAs are known done instead
 *              (dist_attn_ring_release_now / _prev; dist_attn_ring_next_k: thread 0's
 *              wait for the next K block).
 * Ensures:     each planned loop's K and V reach vptx.wgmma / vptx.wgmma_ra through the
 *              ring, with the image contract.c's register copy would store, so S and P V
 *              compute what they did; the kernel gains two tensor-map arguments listed in
 *              vptx.hidden_tmaps (function_type updated); vptx.dynamic_smem grows by the
 *              ring and Q's image.  A ring takes fewer stages than asked where only
 *              that fits (2 at least); a loop 2 stages do not fit keeps the register copy.
 * Invalidates: the kernel's signature (new trailing arguments).
 */
#include "distribute/schedule/schedule.h"

#include <inttypes.h>
#include <string.h>

enum {
    ATTN_CTA_RESERVED = 1024, /* of an SM's shared memory, each workgroup takes 1 KiB for
                                 the system */
    /* the fewest registers a thread is held to by asking for more workgroups per SM: the
       2-warpgroup kernel with head dim 128 and key blocks of 64 assembles in 124 at that
       cap (138 without), spill-free (ptxas 13.0) */
    ATTN_MIN_REGS = 128,
    ATTN_MAX_BLOCKS = 8,
    ATTN_DEFAULT_STAGES = 2,
    ATTN_TC05_STAGES = 3, /* attention on tcgen05: K's ring 2 stages, V's 3 */
    ATTN_INDEX_DEPTH = 4  /* index arithmetic recomputed for another step: ops deep */
};

typedef struct AttnRing {
    OpId loop, contract[2], read[2]; /* 0: S = Q K^T and K's read; 1: P V and V's read */
    bool mn[2];                      /* the image is MN-major (B given as (k, n)) */
    int64_t rows[2];                 /* rows of one column block (box rows) */
    int64_t cols[2];                 /* the read's columns */
    int64_t span[2], blocks[2], bytes[2];
    int64_t unit[2]; /* vptx.wgmma's B row operand per stage */
    int64_t stages;  /* the option: V's ring has this many stages, K's one fewer */
    int64_t ns[2];   /* stages of K's ring and of V's */
    bool joint;      /* one ring, one pair of barriers, for both (several warpgroups) */
    uint32_t src[2]; /* the memref arguments */
    /* built at the loop */
    ValueId tmap[2], full[2], empty[2], ring[2];
    int64_t at[2];
    TypeId box_t[2];
    ValueId it32, rd[2]; /* this iteration's number and stages (set at S) */
    /* attn_overlap.c: S reads block 0 before the loop (peel) or the next block (next) */
    AttnOverlapMode ov;
    ValueId ivn, itn32, rdn; /* that block's induction value, number and K stage */
    bool allocated;          /* ring_alloc has run */
} AttnRing;

struct AttnPlan {
    ARRAY(AttnRing) rings;
};

/* ---- planning ---- */

/* B of contract j of ring a: a read TMA can load, and its image. */
static bool
attn_operand(Ctx *c, OpId func, AttnRing *a, int j)
{
    Module *m = c->m;
    OpId o = a->contract[j];
    MmaIntrinsic mma;
    if (!dist_wgmma_kind(c, o, &mma))
        return false;
    const Attr *maps = op_attr(m, o, "indexing_maps");
    if (!maps || maps->kind != ATTR_ARRAY || maps->n != 3 ||
        maps->items[1]->kind != ATTR_AFFINE_MAP || maps->items[1]->map->nresults != 2)
        return false;
    int32_t d0 = affine_map_result_dim(maps->items[1]->map, 0);
    int32_t d1 = affine_map_result_dim(maps->items[1]->map, 1);
    if (d0 == 2 && d1 == 1)
        a->mn[j] = true; /* (k, n) */
    else if (!(d0 == 1 && d1 == 2))
        return false; /* (n, k) */
    ValueId v = op_get(m, o)->args[1];
    OpId r = value_get(m, v)->def;
    if (!r || op_get(m, r)->kind != OP_TRANSFER_READ ||
        op_get(m, r)->parent != op_get(m, o)->parent || !layout_tma_read(m, r))
        return false;
    const Op *rd = op_get(m, r);
    const Value *mv = value_get(m, rd->args[0]);
    if (mv->def || mv->block != op_entry_block(m, func, 0))
        return false; /* a kernel argument: the launcher maps its buffer */
    const Type *mt = type_get(m, value_type(m, rd->args[0]));
    if (mt->layout || mt->shape[1] == DIM_DYNAMIC)
        return false; /* a row length the kernel would have to test (tma_ring.c's split) */
    if (!value_used_only_by(m, func, rd->res[0], o, 1) || !value_only_read(m, func, rd->args[0]))
        return false;
    ValueId iv = block_get(m, op_entry_block(m, a->loop, 0))->args.items[0];
    for (int d = 0; d < 2; d++)
        if (!value_index_recomputable(m, rd->args[1 + d], a->loop, iv, ATTN_INDEX_DEPTH))
            return false;
    const Type *vt = type_get(m, value_type(m, rd->res[0]));
    int64_t rows = vt->shape[0], cols = vt->shape[1];
    if (a->mn[j]) { /* k rows of n: [2N/S_B blocks][K rows][S_B bytes] */
        a->span[j] = dist_wgmma_mn_span(mma.n);
        if (!a->span[j] || rows > 256 || rows % 16)
            return false; /* contract.c stores such instructions' B K-major: TMA cannot */
        a->blocks[j] = 2 * cols / a->span[j];
        a->unit[j] = cols;
    } else { /* n rows of k: [2K/S blocks][N rows][S bytes] */
        if (cols % 16 || rows > 256 || rows % 8)
            return false;
        a->span[j] = (2 * cols) % 128 == 0 ? 128 : (2 * cols) % 64 == 0 ? 64 : 32;
        a->blocks[j] = 2 * cols / a->span[j];
        a->unit[j] = a->blocks[j] * rows;
    }
    if (a->blocks[j] > ATTN_MAX_BLOCKS || a->blocks[j] < 1)
        return false;
    a->read[j] = r;
    a->rows[j] = rows;
    a->cols[j] = cols;
    a->bytes[j] = 2 * rows * cols;
    a->src[j] = mv->index;
    return true;
}

/* Loop o as an attention ring, or false. */
static bool
attn_candidate(Ctx *c, OpId func, OpId o, AttnRing *a)
{
    Module *m = c->m;
    if (op_get(m, o)->kind != OP_FOR || block_parent_op(m, op_get(m, o)->parent) != func ||
        !dist_uniform_loop(m, o))
        return false;
    BlockId body = op_entry_block(m, o, 0);
    const Block *b = block_get(m, body);
    if (!b->args.n || value_type(m, b->args.items[0]) != TY_INDEX)
        return false;
    memset(a, 0, sizeof *a);
    a->loop = o;
    for (uint32_t i = 0; i < b->ops.n; i++) {
        OpId x = b->ops.items[i];
        const Op *xo = op_get(m, x);
        if (xo->kind != OP_CONTRACT)
            continue;
        bool reg_a = layout_wgmma_reg_a(op_attr(m, x, "vptx.wgmma_a"));
        if (!reg_a && !a->contract[0] && value_defined_outside(m, xo->args[0], o))
            a->contract[0] = x;
        else if (reg_a && a->contract[0] && !a->contract[1])
            a->contract[1] = x;
        else
            return false; /* one S, then one P V */
    }
    return a->contract[1] && attn_operand(c, func, a, 0) && attn_operand(c, func, a, 1);
}

static bool
attn_stages(Ctx *c, AttnRing *a)
{
    LoopStages ls;
    const char *bad = layout_loop_stages(c->m, a->loop, c->opt.pipeline_stages, &ls);
    if (bad) {
        c->loc = op_get(c->m, a->loop)->loc;
        return dist_error(c, "%s", bad);
    }
    /* on tcgen05 (attn_tc05.c) S_{j+1} is issued right after S_j is read: with a K ring
       of 2 stages its block is there already (with 1, thread 0 waits for its copy) */
    a->stages = ls.n                              ? ls.n
                : dist_attn_tc05_loop(c, a->loop) ? ATTN_TC05_STAGES
                                                  : ATTN_DEFAULT_STAGES;
    return true;
}

/* Appends K's and V's tensor maps to the kernel's arguments (after its own). */
static bool
add_maps(Ctx *c, OpId func, AttnRing *a)
{
    Module *m = c->m;
    BlockId entry = op_entry_block(m, func, 0);
    TypeId t[2];
    int64_t src[2];
    for (int j = 0; j < 2; j++) {
        src[j] = a->src[j];
        TypeId el = type_get(m, value_type(m, block_get(m, entry)->args.items[a->src[j]]))->elem;
        t[j] = ring_tmap_type(c, el, a->rows[j], a->span[j] / 2, a->span[j]);
    }
    return ring_append_maps(c, func, 2, t, src, NULL, a->tmap);
}

typedef struct PlanWalk {
    Ctx *c;
    OpId func;
    struct AttnPlan *p;
} PlanWalk;

static bool
plan_visit(Module *m, OpId o, void *ctx)
{
    PlanWalk *pw = ctx;
    AttnRing a;
    (void)m;
    if (attn_candidate(pw->c, pw->func, o, &a))
        ARRAY_PUSH(&pw->c->m->arena, pw->p->rings, a);
    return true;
}

/* The shared-memory bytes of A's image for the S contract (staged before the loop). */
static int64_t
q_bytes(Module *m, OpId s)
{
    const Type *t = type_get(m, value_type(m, op_get(m, s)->args[0]));
    return t->kind == TY_VECTOR && t->rank == 2 ? 2 * t->shape[0] * t->shape[1] : 0;
}

/* The bytes of an attention ring of `stages` stages of K blocks of kb bytes and V blocks
 * of vb, with Q's image (q bytes) and the 1024-byte alignments: one joint ring (several
 * warpgroups), or K's ring a stage shallower unless the softmax overlap needs them all.
 * ns: the stages of K and of V. */
static int64_t
ring_bytes(int64_t stages, int64_t q, int64_t kb, int64_t vb, bool joint, bool overlap,
           int64_t ns[2])
{
    ns[0] = joint || overlap ? stages : stages - 1;
    ns[1] = stages;
    return ns[0] * kb + ns[1] * vb + q + 3 * 1024;
}

bool
dist_attn_overlap_fits(Ctx *c, int64_t q, int64_t kb, int64_t vb, bool joint, int64_t *need)
{
    int64_t ns[2];
    *need = ring_bytes(joint ? 3 : 2, q, kb, vb, joint, true, ns);
    return *need <= c->opt.target->smem_block;
}

/*
 * As many workgroups per SM as the shared memory (smem bytes a workgroup) allows, as long
 * as each thread keeps min_regs registers: vptx.min_ctas_per_sm, which ptxgen writes
 * as .minnctapersm, and ptxas then holds the registers to the register file's share.
 * Without it ptxas may take a few registers more than that share (138 for the 2-warpgroup
 * kernel with key blocks of 64), and one workgroup an SM is left (docs/measurements.md, 1e).
 */
static void
ask_occupancy(Ctx *c, OpId func, int64_t smem, int64_t min_regs)
{
    const Target *t = c->opt.target;
    int64_t n = t->smem_sm / (smem + ATTN_CTA_RESERVED);
    while (n > 1 && t->regs_sm / (n * c->nthreads) < min_regs)
        n--;
    if (n < 2)
        return;
    op_set_attr(c->m, func, "vptx.min_ctas_per_sm", attr_int(c->m, n, TY_I64));
    const Attr *sym = op_attr(c->m, func, "sym_name");
    if (c->opt.remarks)
        diag_remark(
            c->d, op_get(c->m, func)->loc,
            "'%s' asks ptxas for %" PRId64 " workgroups per SM (.minnctapersm: up to %" PRId64
            " bytes of shared memory each, at most %" PRId64 " registers a thread)",
            sym && sym->str ? sym->str : "?", n, smem, t->regs_sm / (n * c->nthreads) / 8 * 8);
}

int64_t
dist_plan_attn_ring(Ctx *c, OpId func, int64_t other, bool (*overlapped)(Ctx *c, OpId loop))
{
    struct AttnPlan *p = arena_alloc(&c->m->arena, sizeof *p);
    memset(p, 0, sizeof *p);
    c->attn = p;
    PlanWalk pw = { c, func, p };
    module_walk(c->m, func, plan_visit, &pw);
    int64_t used = other + dist_dynamic_bytes(c), added = 0, min_regs = ATTN_MIN_REGS;
    struct AttnPlan kept = { 0 };
    for (uint32_t i = 0; i < p->rings.n && !c->failed; i++) {
        AttnRing *a = &p->rings.items[i];
        if (!attn_stages(c, a) || a->stages < 2)
            continue; /* 1 stage: the register copy of contract.c */
        /* several warpgroups: one ring whose stages hold both blocks (measured faster on
           the h100 model); one warpgroup: K's ring one stage shallower (K's stage is free
           right after S, and the shared memory saved keeps a workgroup more per SM).  Q's
           image goes after the stages (dist_attn_ring_q), each 1024-aligned: as many
           stages as asked where they fit 227 KiB with it, else fewer, down to 2 (layout/
           select.c's chain_ring_bytes counts the same) */
        a->joint = c->nthreads > 128;
        /* S_{j+1} overlapping the softmax (attn_overlap.c): K's ring keeps every stage (with
           one, K_{j+1}'s copy would start only at S_j's wait, half an iteration before
           S_{j+1} needs it: slower where latency bounds the kernel, docs/hopper.md); a joint
           ring holds blocks j - 1 (P V_{j-1} in flight), j (V_j) and j + 1 (K_{j+1}), so it
           needs 3 stages */
        bool overlap = overlapped(c, a->loop);
        int64_t least = overlap && a->joint ? 3 : 2;
        if (a->stages < least)
            a->stages = least;
        int64_t asked = a->stages, ring = 0;
        for (; a->stages >= least; a->stages--) {
            ring = ring_bytes(a->stages, q_bytes(c->m, a->contract[0]), a->bytes[0], a->bytes[1],
                              a->joint, overlap, a->ns);
            if (used + ring <= c->opt.target->smem_block)
                break;
        }
        if (a->stages < least || !add_maps(c, func, a))
            continue; /* the register copy: no error */
        if (c->opt.remarks && a->stages < asked)
            diag_remark(c->d, op_get(c->m, a->loop)->loc,
                        "'scf.for' asks for %" PRId64 " stages of its TMA ring, but only %" PRId64
                        " fit the %" PRId64 " bytes of shared memory with Q's image",
                        asked, a->stages, c->opt.target->smem_block);
        used += ring;
        added += ring;
        /* the overlap's second S (64 x key block f32 over a warpgroup's 128 threads) is live
           across the softmax: a thread needs that many registers more (a 64-key block at
           .minnctapersm 4 and 128 registers spilled 44 bytes) */
        if (overlap && ATTN_MIN_REGS + a->rows[0] / 2 > min_regs)
            min_regs = ATTN_MIN_REGS + a->rows[0] / 2;
        ARRAY_PUSH(&c->m->arena, kept.rings, *a);
        if (c->opt.remarks && a->joint)
            diag_remark(c->d, op_get(c->m, a->loop)->loc,
                        "'scf.for' loads its key and value blocks (%" PRId64 "x%" PRId64
                        " and %" PRId64 "x%" PRId64 ") through a TMA ring (cp.async.bulk.tensor, "
                        "full and empty mbarriers): %" PRId64 " stages of %" PRId64
                        " bytes (a key and a value block each) in dynamic shared memory",
                        a->rows[0], a->cols[0], a->rows[1], a->cols[1], a->stages,
                        a->bytes[0] + a->bytes[1]);
        else if (c->opt.remarks)
            diag_remark(c->d, op_get(c->m, a->loop)->loc,
                        "'scf.for' loads its key and value blocks (%" PRId64 "x%" PRId64
                        " and %" PRId64 "x%" PRId64 ") through TMA rings (cp.async.bulk.tensor, "
                        "full and empty mbarriers): %" PRId64 " stage(s) of %" PRId64
                        " bytes for the key blocks and %" PRId64 " of %" PRId64
                        " for the value blocks, in dynamic shared memory",
                        a->rows[0], a->cols[0], a->rows[1], a->cols[1], a->ns[0], a->bytes[0],
                        a->ns[1], a->bytes[1]);
    }
    p->rings = kept.rings;
    /* attention on tcgen05 (attn_tc05.c) holds a row of S and of O a thread: no cap */
    bool tc05 = false;
    for (uint32_t i = 0; i < p->rings.n; i++)
        tc05 |= dist_attn_tc05_loop(c, p->rings.items[i].loop);
    if (p->rings.n && !tc05)
        ask_occupancy(c, func, used, min_regs);
    return added;
}

/* ---- building ---- */

static AttnRing *
ring_of(Ctx *c, OpId loop, OpId contract, OpId read)
{
    for (uint32_t i = 0; c->attn && i < c->attn->rings.n; i++) {
        AttnRing *a = &c->attn->rings.items[i];
        if ((loop && a->loop == loop) ||
            (contract && (a->contract[0] == contract || a->contract[1] == contract)) ||
            (read && (a->read[0] == read || a->read[1] == read)))
            return a;
    }
    return NULL;
}

bool
dist_attn_ring_loop(Ctx *c, OpId loop)
{
    return ring_of(c, loop, 0, 0) != NULL;
}

bool
dist_attn_ring_read(Ctx *c, OpId o, bool *done)
{
    if (!ring_of(c, 0, 0, o))
        return true;
    *done = true;
    return ring_bind_read(c, o);
}

/* expect_tx on operand j's full[stage] and its TMA copies for the step at iv2 (stage
   constant) */
static void
issue_copies(Ctx *c, AttnRing *a, int j, int64_t stage, ValueId iv2)
{
    /* copied: dist_index_at emits ops, which may move the op table */
    ValueId ri = op_get(c->m, a->read[j])->args[1], ci = op_get(c->m, a->read[j])->args[2];
    ValueId row = dist_index_at(c, ri, a->loop, iv2);
    ValueId col0 = dist_index_at(c, ci, a->loop, iv2);
    for (int64_t b = 0; b < a->blocks[j]; b++) {
        ValueId dst = dist_dynamic_view(
            c, a->box_t[j], a->at[j] + (stage * a->blocks[j] + b) * a->rows[j] * a->span[j]);
        /* coordinates innermost first: the column of block b, then the row */
        ValueId col = idx_add_c(c, col0, b * (a->span[j] / 2));
        ring_tma_load(c, dst, a->full[j], a->tmap[j], col, row, stage);
    }
}

/* expect_tx on full[stage] of ring j and its copies (a joint ring: both operands') */
static void
issue_loads(Ctx *c, AttnRing *a, int j, int64_t stage, ValueId iv2)
{
    int64_t bytes = a->joint ? a->bytes[0] + a->bytes[1] : a->bytes[j];
    ValueId e[3] = { a->full[j], const_index(c, bytes), const_index(c, stage) };
    emit(c, OP_MBARRIER_ARRIVE_EXPECT_TX, 3, e, 0, NULL, 0);
    for (int r = 0; r < 2; r++)
        if (r == j || a->joint)
            issue_copies(c, a, r, stage, iv2);
}

/* operand j's loads of the step at iv2 into its stage numbered ws (i32, dynamic) */
static void
issue_loads_at(Ctx *c, AttnRing *a, int j, ValueId ws32, ValueId iv2)
{
    if (a->ns[j] == 1) {
        issue_loads(c, a, j, 0, iv2);
        return;
    }
    for (int64_t s = 0; s < a->ns[j]; s++) {
        ValueId is = cmp_i(c, CMPI_EQ, ws32, const_int(c, s, TY_I32));
        RegionSave rs;
        region_enter(c, emit_if(c, is, 0, NULL, false), 0, &rs);
        issue_loads(c, a, j, s, iv2);
        region_leave(c, NULL, 0, &rs);
    }
}

/* the loop's lower bound (0), upper bound (1) or step (2), as distributed */
static ValueId
bound(Ctx *c, const AttnRing *a, int i)
{
    ValueId v = op_get(c->m, a->loop)->args[i];
    return dist_scalar(c, v);
}

/* The dynamic shared memory of ring a's stages, each block's ring 1024-aligned (the
   swizzle period), and its views; once (dist_attn_ring_q may come first). */
static void
ring_alloc(Ctx *c, AttnRing *a)
{
    Module *m = c->m;
    if (a->allocated)
        return;
    a->allocated = true;
    for (int j = 0; j < 2; j++) {
        int64_t at = dist_dynamic_alloc(c, a->ns[j] * a->bytes[j], 1024);
        TypeId el = type_get(m, value_type(m, op_get(m, a->read[j])->res[0]))->elem;
        int64_t shape[2] = { a->ns[j] * a->blocks[j] * a->rows[j], a->span[j] / 2 };
        a->ring[j] =
            dist_dynamic_view(c, type_memref(m, el, 2, shape, NULL, MS_WORKGROUP, true), at);
        int64_t box[2] = { a->rows[j], a->span[j] / 2 };
        a->box_t[j] = type_memref(m, el, 2, box, NULL, MS_WORKGROUP, true);
        a->at[j] = at;
    }
}

/* Q's image (contract o's A, staged before the loop by contract.c's hoist) in the
   dynamic shared memory, after the ring's stages, 1024-aligned: a view of type t, or 0
   when o is not the S contract of a ring loop (Q's image is then static). */
ValueId
dist_attn_ring_q(Ctx *c, OpId o, TypeId t)
{
    AttnRing *a = ring_of(c, 0, o, 0);
    if (!a || a->contract[0] != o)
        return 0;
    ring_alloc(c, a);
    const Type *ty = type_get(c->m, t);
    int64_t bytes = (type_bitwidth(ty->elem) + 7) / 8 * ty->shape[0] * ty->shape[1];
    return dist_dynamic_view(c, t, dist_dynamic_alloc(c, bytes, 1024));
}

bool
dist_attn_ring_begin(Ctx *c, OpId loop)
{
    AttnRing *a = ring_of(c, loop, 0, 0);
    if (!a)
        return true;
    Module *m = c->m;
    ValueId tid = thread_id(c), zero = const_index(c, 0);
    ValueId t0 = cmp_i(c, CMPI_EQ, tid, zero);
    ring_alloc(c, a);
    for (int j = 0; j < 2; j++) {
        Type gt;
        memset(&gt, 0, sizeof gt);
        gt.kind = TY_MBARRIER_GROUP;
        gt.memspace = MS_WORKGROUP;
        gt.memspace_gpu = true;
        gt.num_barriers = a->ns[j];
        TypeId group = type_intern(m, &gt);
        if (j == 1 && a->joint) {
            a->full[1] = a->full[0];
            a->empty[1] = a->empty[0];
            continue;
        }
        OpList *saved = c->out;
        c->out = &c->prologue;
        a->full[j] = emit1(c, OP_MBARRIER_CREATE, 0, NULL, group);
        a->empty[j] = emit1(c, OP_MBARRIER_CREATE, 0, NULL, group);
        c->out = saved;
        for (int64_t s = 0; s < a->ns[j]; s++) {
            ValueId f[4] = { a->full[j], const_index(c, 1), const_index(c, s), t0 };
            emit(c, OP_MBARRIER_INIT, 4, f, 0, NULL, 0);
            ValueId e[4] = { a->empty[j], const_index(c, c->nthreads), const_index(c, s), t0 };
            emit(c, OP_MBARRIER_INIT, 4, e, 0, NULL, 0);
        }
    }
    barrier(c); /* the barriers initialized, Q's image stored (with ptxgen's proxy fence) */
    ValueId lb = bound(c, a, 0), ub = bound(c, a, 1), step = bound(c, a, 2);
    /* thread 0 fills every stage of both rings (a joint ring's once): steps 0 .. ns - 1 */
    for (int j = 0; j < (a->joint ? 1 : 2); j++)
        for (int64_t s = 0; s < a->ns[j]; s++) {
            ValueId iv = s ? idx_add(c, lb, idx_mul_c(c, step, s)) : lb;
            ValueId go = cmp_i(c, CMPI_SLT, iv, ub);
            RegionSave rs, rs2;
            region_enter(c, emit_if(c, t0, 0, NULL, false), 0, &rs);
            int64_t always = 0;
            bool known = const_value_of(c, go, &always) && always;
            if (!known)
                region_enter(c, emit_if(c, go, 0, NULL, false), 0, &rs2);
            issue_loads(c, a, j, s, iv);
            if (!known)
                region_leave(c, NULL, 0, &rs2);
            region_leave(c, NULL, 0, &rs);
        }
    return !c->failed;
}

/* this iteration's stage of ring j (index), and the wait for it to be full */
static void
wait_full(Ctx *c, AttnRing *a, int j)
{
    ring_wait_parity(c, a->full[j], a->rd[j], ring_parity(c, a->it32, a->ns[j]));
}

/* the step number (i32) of the step whose induction value is iv: (iv - lb) / step */
static ValueId
step_number(Ctx *c, AttnRing *a, ValueId iv)
{
    ValueId s[2] = { iv, bound(c, a, 0) };
    ValueId d[2] = { emit1(c, OP_SUBI, 2, s, TY_INDEX), bound(c, a, 2) };
    ValueId it = emit1(c, OP_DIVUI, 2, d, TY_INDEX);
    return emit1(c, OP_INDEX_CAST, 1, &it, TY_I32);
}

bool
dist_attn_ring_contract(Ctx *c, OpId o, WgmmaFeed *u)
{
    AttnRing *a = ring_of(c, 0, o, 0);
    if (!a)
        return false;
    int j = a->contract[1] == o;
    if (j == 0) { /* S, the body's first wgmma: this step's stages */
        ValueId iv = block_get(c->m, op_entry_block(c->m, a->loop, 0))->args.items[0];
        ValueId lb = bound(c, a, 0);
        a->it32 = a->ov == ATTN_OVERLAP_PEEL ? const_int(c, 0, TY_I32) : step_number(c, a, iv);
        for (int r = 0; r < 2; r++)
            a->rd[r] = a->ns[r] == 1 ? const_index(c, 0)
                                     : ring_index(c, ring_i32(c, OP_REMUI, a->it32, a->ns[r]));
        a->itn32 = a->it32;
        a->rdn = a->rd[0];
        if (a->ov == ATTN_OVERLAP_NEXT) { /* S_{j+1}: the next block's stage of K */
            a->itn32 = step_number(c, a, a->ivn);
            a->rdn = ring_index(c, ring_i32(c, OP_REMUI, a->itn32, a->ns[0]));
        }
        (void)lb;
    }
    if (j == 0)
        ring_wait_parity(c, a->full[0], a->rdn, ring_parity(c, a->itn32, a->ns[0]));
    else if (!a->joint)
        wait_full(c, a, 1); /* V's before P V */
    u->buf[1] = a->ring[j];
    u->row0[1] = idx_mul_c(c, j ? a->rd[1] : a->rdn, a->unit[j]);
    u->stage_rows[1] = a->rows[j];
    return true;
}

/*
 * Release ring j's stage ws (index; ws32 its i32 form), read by step t (i32), and let
 * thread 0 refill it with the step at `next` once every thread has released it.
 */
static void
release(Ctx *c, AttnRing *a, int j, ValueId ws, ValueId ws32, ValueId t, ValueId next)
{
    ValueId ub = bound(c, a, 1);
    TypeId tok = type_intern(c->m, &(Type){ .kind = TY_MBARRIER_TOKEN });
    ValueId ar[2] = { a->empty[j], ws };
    emit(c, OP_MBARRIER_ARRIVE, 2, ar, 1, &tok, 0);
    ValueId tid = thread_id(c), zero = const_index(c, 0);
    ValueId first = cmp_i(c, CMPI_EQ, tid, zero);
    ValueId go = and_i1(c, first, cmp_i(c, CMPI_SLT, next, ub));
    RegionSave rs;
    region_enter(c, emit_if(c, go, 0, NULL, false), 0, &rs);
    ring_wait_parity(c, a->empty[j], ws, ring_parity(c, t, a->ns[j]));
    issue_loads_at(c, a, j, ws32, next);
    region_leave(c, NULL, 0, &rs);
}

static void release_previous(Ctx *c, AttnRing *a, int j, ValueId iv);

void
dist_attn_ring_after(Ctx *c, OpId o)
{
    AttnRing *a = ring_of(c, 0, o, 0);
    if (!a || a->contract[0] != o)
        return;
    /* S's wait_group 0 has completed every earlier wgmma: S of this step (the last reader
       of K's stage) and P V of the previous one (of V's).  A one-stage K ring releases
       this step's stage at once; a deeper one, as V's, the previous step's (every thread
       has long passed it: thread 0's wait for it is short) */
    ValueId iv = block_get(c->m, op_entry_block(c->m, a->loop, 0))->args.items[0];
    ValueId step = bound(c, a, 2);
    if (a->ov == ATTN_OVERLAP_PEEL) { /* S_0 done: K's stage 0 (a joint ring's waits for V) */
        if (!a->joint) {
            ValueId zero = const_int(c, 0, TY_I32), lb = bound(c, a, 0);
            release(c, a, 0, a->rd[0], zero, a->it32, idx_add(c, lb, idx_mul_c(c, step, a->ns[0])));
        }
        return;
    }
    if (a->ov == ATTN_OVERLAP_NEXT)
        return; /* S_{j+1} in flight: attn_overlap.c's waits release the stages */
    for (int j = a->joint; j < 2; j++) { /* joint: V's release is the ring's */
        if (j == 0 && a->ns[0] == 1) {
            ValueId zero = const_int(c, 0, TY_I32);
            release(c, a, 0, a->rd[0], zero, a->it32, idx_add(c, iv, step));
            continue;
        }
        release_previous(c, a, j, iv);
    }
}

/* ring j's stage of the previous step (it > 0), refilled with the step ns[j] - 1 ahead */
static void
release_previous(Ctx *c, AttnRing *a, int j, ValueId iv)
{
    ValueId step = bound(c, a, 2);
    ValueId prev32 = ring_i32(c, OP_REMUI, ring_i32(c, OP_ADDI, a->it32, a->ns[j] - 1), a->ns[j]);
    ValueId later = cmp_i(c, CMPI_SGT, a->it32, const_int(c, 0, TY_I32));
    RegionSave rs;
    region_enter(c, emit_if(c, later, 0, NULL, false), 0, &rs);
    ValueId slot = ring_index(c, prev32), prev_it = ring_i32(c, OP_SUBI, a->it32, 1);
    release(c, a, j, slot, prev32, prev_it, idx_add(c, iv, idx_mul_c(c, step, a->ns[j] - 1)));
    region_leave(c, NULL, 0, &rs);
}

void
dist_attn_ring_overlap(Ctx *c, OpId loop, AttnOverlapMode mode, ValueId ivn)
{
    AttnRing *a = ring_of(c, loop, 0, 0);
    if (a) {
        a->ov = mode;
        a->ivn = ivn;
    }
}

void
dist_attn_ring_overlap_release(Ctx *c, OpId loop, int j, ValueId ivn)
{
    AttnRing *a = ring_of(c, loop, 0, 0);
    if (!a)
        return;
    ValueId iv = block_get(c->m, op_entry_block(c->m, a->loop, 0))->args.items[0];
    if (j == 1) { /* P V_{j-1} done: V's stage of block j - 1 (a joint ring's: both blocks') */
        release_previous(c, a, 1, iv);
        return;
    }
    if (a->joint)
        return;
    /* S_{j+1} done: K's stage of block j + 1, unless the last step's clamped S re-read
       block j (released already) */
    ValueId step = bound(c, a, 2);
    ValueId next = idx_add(c, iv, step), ub = bound(c, a, 1);
    ValueId real = cmp_i(c, CMPI_SLT, next, ub);
    RegionSave rs;
    region_enter(c, emit_if(c, real, 0, NULL, false), 0, &rs);
    ValueId slot = ring_i32(c, OP_REMUI, a->itn32, a->ns[0]);
    release(c, a, 0, a->rdn, slot, a->itn32, idx_add(c, ivn, idx_mul_c(c, step, a->ns[0])));
    region_leave(c, NULL, 0, &rs);
}

/* ---- attention on tcgen05 (attn_tc05.c): its own release points ---- */

/* Release this step's stage of ring j at once (its reader, S or P V, has completed) and
   let thread 0 refill it with the step ns[j] ahead. */
void
dist_attn_ring_release_now(Ctx *c, OpId loop, int j)
{
    AttnRing *a = ring_of(c, loop, 0, 0);
    if (!a)
        return;
    ValueId iv = block_get(c->m, op_entry_block(c->m, a->loop, 0))->args.items[0];
    ValueId ws32 = ring_i32(c, OP_REMUI, a->it32, a->ns[j]);
    release(c, a, j, a->rd[j], ws32, a->it32,
            idx_add(c, iv, idx_mul_c(c, bound(c, a, 2), a->ns[j])));
}

/* Thread 0's wait for the next step's K block (ring 0) to be full, and its stage's first
   image row (the feed's row0 of that step) */
ValueId
dist_attn_ring_next_k(Ctx *c, OpId loop)
{
    AttnRing *a = ring_of(c, loop, 0, 0);
    ValueId n32 = ring_i32(c, OP_ADDI, a->it32, 1);
    ValueId rd = ring_index(c, ring_i32(c, OP_REMUI, n32, a->ns[0]));
    ring_wait_parity(c, a->full[0], rd, ring_parity(c, n32, a->ns[0]));
    return idx_mul_c(c, rd, a->unit[0]);
}

/* Release the previous step's stage of ring j (it > 0) and refill it ns[j] steps ahead */
void
dist_attn_ring_release_prev(Ctx *c, OpId loop, int j)
{
    AttnRing *a = ring_of(c, loop, 0, 0);
    if (!a)
        return;
    ValueId iv = block_get(c->m, op_entry_block(c->m, a->loop, 0))->args.items[0];
    release_previous(c, a, j, iv);
}
