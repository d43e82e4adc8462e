/*
 * attn_pingpong.c -- FlashAttention-3's inter-warpgroup ping-pong for an attention key
 * loop on wgmma whose key and value blocks come through attn_ring.c's TMA ring
 * (docs/hopper.md, section 1e, "Ping-pong warpgroups").
 *
 * The warpgroups of the workgroup split the query rows; each runs the whole key loop
 * (S_j = Q K_j^T, the softmax, O += P_j V_j).  With ping-pong (`vptx.ping_pong = true`
 * on the loop, or --ping-pong), warpgroups 2p and 2p + 1 take turns to issue their
 * wgmma: warpgroup w owns named barrier 3 + w (256 threads: its 128 waiting, its
 * partner's 128 arriving), and a turn is
 *
 *     bar.sync 3 + w, 256            (mine)
 *     wgmma P_j V_j; commit          (block j's, end of iteration j)
 *     -- back edge --
 *     wait K_{j+1} full; wgmma S_{j+1}; commit
 *     bar.arrive 3 + (w ^ 1), 256    (the partner's turn)
 *     wgmma.wait_group 0             (S_{j+1} and P_j V_j done)
 *
 * so that one warpgroup's softmax runs while its partner's S and P V are on the tensor
 * cores, as FlashAttention-3 orders them (one turn issues P V of one block and S of the
 * next).  The first turn, S_0's, starts before the loop: the odd warpgroup arrives once
 * on its partner's barrier, then every warpgroup syncs on its own.  The last turn, P V
 * of the last block, ends after the loop with the arrival on the partner's barrier, and
 * the even warpgroup then syncs once more on its own, taking the odd one's last
 * arrival.  So each barrier has as many 128-thread syncs as 128-thread arrivals whatever
 * the trip count (0 and 1 included): one of each per iteration, and outside the loop two
 * (the even warpgroup's barrier: its syncs before and after, the odd one's arrivals
 * before and after) or one (the odd warpgroup's: its sync before, the even one's arrival
 * after).  Barriers 1 and 2 stay the GEMM ping-pong's (tma_ring.c), barrier 0 the
 * gpu.barrier of the rest of the kernel.
 *
 * A turn contains no workgroup-wide barrier: attn_ring.c's loop has none (thread 0's
 * refills wait on the empty mbarriers after S's wait, outside the turn).  The register
 * copy of the blocks (vptx.pipeline_stages = 1, or a ring that does not fit) stores K
 * and V between bar.sync 0 of all threads, which a turn spanning the back edge would
 * deadlock: such loops, and one warpgroup or an odd count, keep the plain schedule (a
 * remark says why).
 *
 * Requires:    distribute.c's Ctx; called from attention.c's hooks (which says whether
 *              attn_ring.c took the loop): dist_attn_pp_begin after
 *              dist_attn_ring_begin, before the loop is
 *              pushed; dist_attn_pp_before / dist_attn_pp_defer / dist_attn_pp_after at
 *              the contracts (contract.c); dist_attn_pp_end after the body, before
 *              dist_attn_loop_end's wait.
 * Ensures:     the loop's wgmma issue is ordered between the pairs' named barriers, each
 *              barrier balanced for any trip count; S's wgmma.wait_group 0 follows the
 *              arrival (nothing reads S before it); the values computed are unchanged.
 * Invalidates: nothing.
 */
#include "distribute/schedule/schedule.h"

#include <string.h>

enum {
    PP_FIRST_ID = 3, /* warpgroup w's barrier is PP_FIRST_ID + w (1, 2: the GEMM's) */
    PP_COUNT = 256   /* threads of a barrier: two warpgroups */
};

typedef struct AttnPP {
    OpId loop, s, pv;    /* the loop, its S = Q K^T and P V contracts */
    ValueId mine, other; /* i32 barrier ids: this warpgroup's, its partner's */
    ValueId even;        /* i1: the first warpgroup of its pair */
} AttnPP;

struct AttnPPs {
    ARRAY(AttnPP) loops;
};

static AttnPP *
pp_of(Ctx *c, OpId loop, OpId contract)
{
    for (uint32_t i = 0; c->attn_pp && i < c->attn_pp->loops.n; i++) {
        AttnPP *p = &c->attn_pp->loops.items[i];
        if ((loop && p->loop == loop) || (contract && (p->s == contract || p->pv == contract)))
            return p;
    }
    return NULL;
}

/* A bar.sync (or bar.arrive) of PP_COUNT threads on named barrier `id` (i32). */
static void
named_barrier(Ctx *c, ValueId id, bool arrive)
{
    OpId o = emit(c, OP_NAMED_BARRIER, 1, &id, 0, NULL, 0);
    op_set_attr(c->m, o, "count", attr_int(c->m, PP_COUNT, TY_I64));
    if (arrive)
        op_set_attr(c->m, o, "arrive", attr_unit(c->m));
}

/* The S (A defined before the loop) and P V (A from registers) contracts of the body. */
static bool
find_contracts(Module *m, OpId loop, OpId *s, OpId *pv)
{
    const Block *b = block_get(m, op_entry_block(m, loop, 0));
    *s = *pv = 0;
    for (uint32_t i = 0; i < b->ops.n; i++) {
        OpId x = b->ops.items[i];
        if (op_get(m, x)->kind != OP_CONTRACT)
            continue;
        if (layout_wgmma_reg_a(op_attr(m, x, "vptx.wgmma_a")))
            *pv = x;
        else if (!*s && value_defined_outside(m, op_get(m, x)->args[0], loop))
            *s = x;
    }
    return *s && *pv;
}

/* Why ping-pong cannot apply to attention loop `loop`, or NULL. */
static const char *
pp_obstacle(Ctx *c, bool ring)
{
    if (c->nthreads < 2 * 128)
        return "one warpgroup";
    if (c->nthreads % 256)
        return "an odd number of warpgroups (they take turns in pairs)";
    if (PP_FIRST_ID + c->nthreads / 128 > 16)
        return "more warpgroups than named barriers";
    if (!ring)
        return "the key and value blocks are copied through registers between workgroup "
               "barriers, not by the TMA ring";
    return NULL;
}

bool
dist_attn_pp_begin(Ctx *c, OpId loop, bool ring)
{
    Module *m = c->m;
    bool on, a; /* checked by distribute.c at every loop */
    dist_loop_flag(c, loop, "vptx.ping_pong", c->opt.ping_pong >= 0, &on, &a);
    OpId s, pv;
    if (!find_contracts(m, loop, &s, &pv))
        return true; /* not an attention loop: tma_ring.c's option, or nothing */
    /* on by default: the h100 model finds it faster on every 2-warpgroup bench kernel
       (docs/hopper.md, "Ping-pong warpgroups") */
    if (!on)
        return true;
    const char *why = pp_obstacle(c, ring);
    if (why) {
        if (c->opt.remarks && (a || c->opt.ping_pong > 0)) /* asked for, not the default */
            diag_remark(c->d, op_get(m, loop)->loc,
                        "'scf.for' keeps the plain schedule of its wgmma (no ping-pong): %s", why);
        return true;
    }
    if (!c->attn_pp) {
        c->attn_pp = arena_alloc(&m->arena, sizeof *c->attn_pp);
        memset(c->attn_pp, 0, sizeof *c->attn_pp);
    }
    AttnPP p = { loop, s, pv, 0, 0, 0 };
    ValueId d[2] = { thread_id(c), const_index(c, 128) };
    ValueId w = emit1(c, OP_DIVUI, 2, d, TY_INDEX);
    ValueId w32 = emit1(c, OP_INDEX_CAST, 1, &w, TY_I32);
    p.mine = ring_i32(c, OP_ADDI, w32, PP_FIRST_ID);
    ValueId x[2] = { w32, const_int(c, 1, TY_I32) };
    ValueId partner = emit1(c, OP_XORI, 2, x, TY_I32);
    p.other = ring_i32(c, OP_ADDI, partner, PP_FIRST_ID);
    ValueId odd = ring_i32(c, OP_ANDI, w32, 1);
    p.even = cmp_i(c, CMPI_EQ, odd, const_int(c, 0, TY_I32));
    /* the first turn (S_0's) is the even warpgroup's: the odd one gives it, then each
       waits for its own */
    RegionSave rs;
    region_enter(c, emit_if(c, cmp_i(c, CMPI_NE, odd, const_int(c, 0, TY_I32)), 0, NULL, false), 0,
                 &rs);
    named_barrier(c, p.other, true);
    region_leave(c, NULL, 0, &rs);
    named_barrier(c, p.mine, false);
    ARRAY_PUSH(&m->arena, c->attn_pp->loops, p);
    if (c->opt.remarks)
        diag_remark(c->d, op_get(m, loop)->loc,
                    "'scf.for' ping-pong: its %lld warpgroups take turns in pairs to issue their "
                    "wgmma (P V of a block and S of the next in one turn; named barriers %d to "
                    "%lld, 256 threads), so that one's softmax runs while the other's wgmma are "
                    "on the tensor cores",
                    (long long)(c->nthreads / 128), PP_FIRST_ID,
                    (long long)(PP_FIRST_ID + c->nthreads / 128 - 1));
    return !c->failed;
}

void
dist_attn_pp_before(Ctx *c, OpId contract)
{
    AttnPP *p = pp_of(c, 0, contract);
    if (p && p->pv == contract) /* my turn: P V, then (after the back edge) S */
        named_barrier(c, p->mine, false);
}

bool
dist_attn_pp_defer(Ctx *c, OpId contract)
{
    AttnPP *p = pp_of(c, 0, contract);
    return p && p->s == contract;
}

void
dist_attn_pp_after(Ctx *c, OpId contract)
{
    AttnPP *p = pp_of(c, 0, contract);
    if (!p || p->s != contract)
        return;
    named_barrier(c, p->other, true);                     /* S issued: the partner's turn */
    OpId w = emit(c, OP_WGMMA_WAIT, 0, NULL, 0, NULL, 0); /* S (and the previous P V) done */
    op_set_attr(c->m, w, "pending", attr_int(c->m, 0, TY_I64));
}

void
dist_attn_pp_end(Ctx *c, OpId loop)
{
    AttnPP *p = pp_of(c, loop, 0);
    if (!p)
        return;
    named_barrier(c, p->other, true); /* the last turn (P V of the last block, or S_0's) */
    RegionSave rs;
    region_enter(c, emit_if(c, p->even, 0, NULL, false), 0, &rs);
    named_barrier(c, p->mine, false); /* the odd warpgroup's last arrival */
    region_leave(c, NULL, 0, &rs);
}
