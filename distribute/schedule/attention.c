/*
 * attention.c -- the schedule of an attention key loop on wgmma: the face that joins its
 * four parts into one table of hooks (core/core.h, "the schedule interface").
 *
 *   attn_ring.c      the key and value blocks loaded by TMA through a ring of stages
 *   attn_pingpong.c  the warpgroups of a pair take turns to issue their wgmma
 *   attn_overlap.c   S of the next key block computed while the softmax of this one runs
 *   attn_reads.c     without the ring: the blocks' reads issued first; with or without
 *                    it, P V's wgmma group left in flight across the back edge
 *
 * The schedule owns every loop whose body holds a wgmma contract with A from registers
 * (attention's P V, dist_attn_key_loop); the parts then act where their own plans say.
 * They never call each other but through here (attn_overlap.c asks attn_ring.c for the
 * stages it releases).
 *
 * Requires:    distribute.c's Ctx and its list of schedules.
 * Ensures:     each part's hooks run in the order its contract block states.
 * Invalidates: what the parts invalidate.
 */
#include "distribute/schedule/schedule.h"

static bool
attention_owns(Ctx *c, OpId loop)
{
    BlockId body = op_entry_block(c->m, loop, 0);
    return body && dist_attn_key_loop(c->m, body);
}

static int64_t
attention_plan(Ctx *c, OpId func, int64_t smem)
{
    return smem + dist_plan_attn_ring(c, func, smem, dist_attn_overlap_loop);
}

/* After Q's image is stored (the ring's first barrier publishes it): the ring's barriers
   and first stages, the first turn of a ping-pong, the reads issued first, S_0 */
static bool
attention_enter(Ctx *c, OpId loop, ValueId *carried)
{
    bool ring = dist_attn_ring_loop(c, loop);
    if (!dist_attn_tc05_begin(c, loop) || !dist_attn_ring_begin(c, loop) ||
        !dist_attn_pp_begin(c, loop, ring))
        return false;
    dist_attn_tc05_ready(c, loop, *carried);
    dist_attn_early_reads(c, loop, ring);
    return dist_attn_overlap_begin(c, loop, carried);
}

static void
attention_leave(Ctx *c, OpId loop)
{
    dist_attn_pp_end(c, loop);
    dist_attn_loop_end(c, loop);
    dist_attn_tc05_end(c, loop);
}

static bool
attention_read(Ctx *c, OpId read, bool *done)
{
    return dist_attn_ring_read(c, read, done);
}

/* B (K or V) from the ring */
static bool
attention_feed(Ctx *c, OpId contract, WgmmaFeed *f)
{
    if (!dist_attn_ring_contract(c, contract, f))
        return false;
    f->ring[1] = true;
    return true;
}

static void
attention_issue(Ctx *c, OpId contract, const WgmmaFeed *f)
{
    if (f->ring[1]) /* P V waits for its warpgroup's turn */
        dist_attn_pp_before(c, contract);
}

/* P V's groups stay in flight into the next iteration; S's, with ping-pong, wait after
   the turn passes */
static bool
attention_defer(Ctx *c, OpId contract, const WgmmaFeed *f)
{
    return f->reg_a ? dist_attn_defer_wait(c, contract)
                    : f->ring[1] && dist_attn_pp_defer(c, contract);
}

static void
attention_issued(Ctx *c, OpId contract, const WgmmaFeed *f)
{
    if (!f->ring[1])
        return;
    dist_attn_pp_after(c, contract); /* S: the partner's turn, then its wait */
    dist_attn_ring_after(c, contract);
}

/* the attention loops of the function (the list of distribute.c) */
const Schedule attention_schedule = {
    .name = "attention",
    .prepare = dist_attn_overlap_prepare,
    .plan = attention_plan,
    .owns = attention_owns,
    .enter = attention_enter,
    .leave = attention_leave,
    .op = dist_attn_overlap_op,
    .feed = attention_feed,
    .issue = attention_issue,
    .defer = attention_defer,
    .issued = attention_issued,
    .image = dist_attn_ring_q,
    .read = attention_read,
    .contract = dist_attn_tc05_contract,
};
