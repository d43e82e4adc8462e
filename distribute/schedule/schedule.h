/*
 * schedule.h -- the schedules of distribute/: each decides how the operands of a loop's
 * tensor-core contracts arrive and when, behind the one interface of core.h (a table of
 * hooks), and may use the lowerings below it.
 *
 *   stage.c          cp.async staging through shared memory, software-pipelined K loops
 *   epilogue.c       (stage.c's) results stored 128 bits wide through a pipeline's idle
 *                    buffers; (tma_ring.c's) by rows on whole 32-byte sectors through a
 *                    ring's idle stages
 *   tma_ring.c       wgmma K loops fed by TMA through a ring of mbarrier stages,
 *                    warp-specialized, ping-pong, persistent
 *   persist.c        (tma_ring.c's) the persistent tile loop; whole-tile ping-pong
 *   attention.c      attention key loops on wgmma: the face of the four attn_ files
 *   attn_ring.c      their key and value blocks by TMA
 *   attn_pingpong.c  their warpgroups taking turns
 *   attn_overlap.c   the softmax overlapped with the next block's S
 *   attn_reads.c     the blocks' reads issued first; P V's groups left in flight
 */
#ifndef VPTX_DISTRIBUTE_SCHEDULE_SCHEDULE_H
#define VPTX_DISTRIBUTE_SCHEDULE_SCHEDULE_H

#include "distribute/core/core.h"
#include "distribute/lowering/lowering.h"

/* ---- the schedules (each a table of the interface above) ---- */
extern const Schedule stage_schedule;     /* stage.c: cp.async staging, pipelined K loops */
extern const Schedule ring_schedule;      /* tma_ring.c: wgmma K loops fed by a TMA ring */
extern const Schedule attention_schedule; /* attention.c: attention key loops on wgmma */

/* ---- epilogue.c (stage.c's and tma_ring.c's store hooks) ---- */
/* *done: v was written with 128-bit stores through arena, the byte buffer of an ended
   pipeline (avail bytes from byte off; 0: none) */
bool dist_epilogue_write(Ctx *c, const Transfer *t, Dist *v, ValueId arena, int64_t off,
                         int64_t avail, bool *done);
/* *done: v was written through arena (its idle buffers, `where` in the remark) by rows,
   every store request on whole 32-byte sectors, where the row length is not a multiple
   of a sector (a test when it is dynamic; the fragments' own stores where it is and they
   fill whole sectors then) */
bool dist_epilogue_rows(Ctx *c, const Transfer *t, Dist *v, ValueId arena, int64_t off,
                        int64_t avail, const char *where, bool *done);

/* ---- persist.c: the persistent tile loop of a warp-specialized ring ---- */
/* Wraps func's body in the loop over the logical workgroups (the loop at the top of its
   entry block); keep: the values the producer needs outside the consumers' branch.
   NULL when done, else why not (nothing changed). */
typedef struct PersistWrap {
    OpId tiles, ptiles;     /* the consumers' tile loop, the producer's */
    ValueId start, stride;  /* the CTA's tiles: w = start + j stride */
    ValueId from[8], to[8]; /* a kept value, and its copy in the producer's loop */
    uint32_t n;
} PersistWrap;
const char *dist_persist_wrap(Ctx *c, OpId func, OpId loop, const ValueId *keep, uint32_t nkeep,
                              PersistWrap *out);
bool dist_persist_depends_on_block(Module *m, ValueId v, int depth); /* depth: 0 */
/* dist_whole_tile_prepare (distribute.h) for function f */
void dist_whole_tile_func(Module *m, OpId f, bool persistent, bool ping_pong, bool remarks,
                          Diag *d);

/* ---- tma_ring.c, before layout selection (dist_tc05_split_prepare, distribute.h) ---- */
bool dist_tc05_split_func(Module *m, OpId func, const Target *target, int64_t pipeline_stages,
                          const LayoutSelectOptions *sopt);

/* ---- attn_ring.c (attention.c's parts, here to the end of the section) ---- */
/* Plans the attention loops whose key and value blocks come by TMA through a ring (other:
   the shared memory used so far; overlapped: does a loop take attn_overlap.c's schedule);
   returns the dynamic shared memory they take. */
int64_t dist_plan_attn_ring(Ctx *c, OpId func, int64_t other,
                            bool (*overlapped)(Ctx *c, OpId loop));
bool dist_attn_ring_read(Ctx *c, OpId read, bool *done);   /* *done: the ring loads it */
bool dist_attn_ring_begin(Ctx *c, OpId loop);              /* barriers, first stages */
bool dist_attn_ring_loop(Ctx *c, OpId loop);               /* is loop such a ring's? */
ValueId dist_attn_ring_q(Ctx *c, OpId contract, TypeId t); /* Q's image after the ring */
/* A contract whose B comes from an attention ring: u's B fields (and, at S, the wait for
   the stage); false if not one */
bool dist_attn_ring_contract(Ctx *c, OpId contract, WgmmaFeed *u);
void dist_attn_ring_after(Ctx *c, OpId contract); /* release the previous stage, refill */
/* whether the ring the softmax overlap needs (3 joint stages, or 2 of K and of V) fits
   the shared memory with Q's image; need: its bytes */
bool dist_attn_overlap_fits(Ctx *c, int64_t q, int64_t kb, int64_t vb, bool joint, int64_t *need);
/* attn_overlap.c's schedule: S reads block 0 before the loop (PEEL, ivn the lower bound),
   the next block (NEXT, ivn its induction value), or this one (OFF) */
typedef enum { ATTN_OVERLAP_OFF, ATTN_OVERLAP_PEEL, ATTN_OVERLAP_NEXT } AttnOverlapMode;
void dist_attn_ring_overlap(Ctx *c, OpId loop, AttnOverlapMode mode, ValueId ivn);
/* j = 1: after P V_{j-1}'s wait, V's stage of block j - 1 (a joint ring's); j = 0: after
   S_{j+1}'s, K's stage of block j + 1 (not in the last step) */
void dist_attn_ring_overlap_release(Ctx *c, OpId loop, int j, ValueId ivn);

/* attn_ring.c for attn_tc05.c: release this step's stage of ring j now (or the previous
   step's); thread 0's wait for the next step's K stage (its first image row) */
void dist_attn_ring_release_now(Ctx *c, OpId loop, int j);
void dist_attn_ring_release_prev(Ctx *c, OpId loop, int j); /* the previous step's (it > 0) */
ValueId dist_attn_ring_next_k(Ctx *c, OpId loop);

/* tc05_ring.c: tcgen05.fence::before_ / after_thread_sync (kind "before", "after") and
   tcgen05.wait::ld / st (kind "ld", "st") */
void dist_tc05_fence(Ctx *c, const char *kind);
void dist_tc05_wait(Ctx *c, const char *kind);

/* ---- attn_tc05.c: attention on tcgen05 (sm_100a) ---- */
bool dist_attn_tc05_loop(Ctx *c, OpId loop);  /* its contracts are tcgen05's */
bool dist_attn_tc05_begin(Ctx *c, OpId loop); /* before the ring's barrier: alloc, mbarriers */
/* after it: the tensor-memory address (and O's first value, init, when O stays there) */
void dist_attn_tc05_ready(Ctx *c, OpId loop, ValueId init);
void dist_attn_tc05_end(Ctx *c, OpId loop); /* after the loop: free the columns */
/* a contract of the tcgen05 attention loop being rewritten (*handled), Q's image qbuf for
   S; false after a located error (the schedule's contract hook) */
bool dist_attn_tc05_contract(Ctx *c, OpId o, Dist **ops, ValueId qbuf, bool *handled);

/* ---- attn_reads.c ---- */
/* Before the body of scf.for `loop` is rewritten: in an attention key loop (a wgmma
   contract with A from registers), move the reads of never-written kernel arguments, and
   the index arithmetic they need, to the top of the body. */
void dist_attn_early_reads(Ctx *c, OpId loop, bool ring);
bool dist_attn_key_loop(Module *m, BlockId body); /* a wgmma contract with A from registers */
/* May attention's P V (register-A wgmma contract o) leave its groups in flight past the
   back edge (S's wait_group 0 in the next iteration covers them)?  Then the loop gets a
   wgmma.wait_group 0 after it (dist_attn_loop_end, after the body's rewrite). */
bool dist_attn_defer_wait(Ctx *c, OpId o);
void dist_attn_loop_end(Ctx *c, OpId loop);

/* ---- attn_overlap.c ---- */
/* Before the values are counted: the attention loops taking the overlap (the attribute,
   or the option) get an iter_arg carrying S; false after an error. */
bool dist_attn_overlap_prepare(Ctx *c, OpId func);
bool dist_attn_overlap_loop(Ctx *c, OpId loop); /* does loop take it? */
/* Before the loop is pushed: S_0; *init (the carried S's initial value) becomes it. */
bool dist_attn_overlap_begin(Ctx *c, OpId loop, ValueId *init);
/* Before each op of such a loop's body: true when the op was rewritten here (K's read,
   S); emits the waits before the ops that need them. */
bool dist_attn_overlap_op(Ctx *c, OpId o);

/* ---- attn_pingpong.c: attention rings' warpgroups take turns (FlashAttention-3) ---- */
/* after dist_attn_ring_begin: the first turn (ring: the loop's blocks come by the ring) */
bool dist_attn_pp_begin(Ctx *c, OpId loop, bool ring);
void dist_attn_pp_before(Ctx *c, OpId contract); /* before P V's wgmma: wait for my turn */
bool dist_attn_pp_defer(Ctx *c, OpId contract);  /* S: no wait of its own (it follows the turn) */
void dist_attn_pp_after(Ctx *c, OpId contract);  /* after S's wgmma: the partner's turn, wait */
void dist_attn_pp_end(Ctx *c, OpId loop);        /* after the body: the last turn, balance */

#endif
