/*
 * ring.h -- the record of one TMA ring, shared by tma_ring.c (wgmma) and tc05_ring.c
 * (tcgen05 on sm_100a, which reuses the ring's plan, stages, maps and copies); private to
 * distribute/schedule/.
 */
#ifndef VPTX_DISTRIBUTE_SCHEDULE_RING_H
#define VPTX_DISTRIBUTE_SCHEDULE_RING_H

#include "distribute/schedule/schedule.h"

enum {
    WS_PRODUCER_REGS = 40,  /* setmaxnreg.dec of the producer warpgroup (as CUTLASS) */
    WS_CONSUMER_REGS = 232, /* setmaxnreg.inc of the consumers, at most */
    RING_MAX_BLOCKS = 8,
    EPI_W = 8, /* f32 columns per block of the TMA-store epilogue's image (32 bytes) */
    RING_DEFAULT_STAGES = 3,
    SPLIT_SMEM_SLACK = 2048, /* the mbarriers and buffer alignment beside a split ring */
    SPLIT_REG_OVERHEAD = 80  /* registers of a register copy besides its data (measured) */
};

typedef struct Ring {
    OpId contract, loop, read[2];
    int64_t m, n, k;
    int64_t span[2];   /* swizzle of A's image and of B's (its S_B when MN-major) */
    int64_t esize;     /* bytes of an element of A and B (2, or 4 for tf32) */
    bool b_mn;         /* B read as (k, n) and stored MN-major */
    int64_t blocks[2]; /* column blocks per stage image */
    int64_t rows[2];   /* rows of one block (box rows) */
    int64_t stages;
    int64_t bytes[2]; /* one stage image */
    bool iv[2][2];    /* index d of read j is the induction variable */
    ValueId tmap[3];  /* the hidden arguments: A, B, and C when the epilogue is by TMA */
    OpId write;       /* the transfer_write of the loop's result by TMA store, or 0 */
    int64_t cm, cn;   /* its tile */
    uint32_t csrc;    /* its memref argument */
    /* built at the loop */
    ValueId full, empty, ring[2];
    int64_t at[2];   /* byte offset of each operand's ring in the dynamic shared memory */
    TypeId box_t[2]; /* the memref one TMA copy fills */
    int64_t bm;      /* 64-row instructions per warpgroup in M: A's rows are permuted */
    ValueId it32;    /* this iteration's number (i32), once in the body */
    bool ws;         /* warp-specialized: a producer warpgroup issues the copies */
    bool pp;         /* ping-pong: the two consumer warpgroups take turns to issue wgmma */
    ValueId pp_wait, pp_signal; /* i32: named barrier 1 + w, and 2 - w (w: the warpgroup) */
    /* persistent (persist.c): the K loop runs once per tile of a loop over the tiles, its
       steps numbered across tiles: step it of the CTA's tile j is j T + it (T = the
       loop's trip count, the same for every tile) */
    bool persist;
    bool wt;          /* whole-tile ping-pong: two consumer warpgroups on alternate tiles */
    PersistWrap pw;   /* the consumers' and the producer's tile loops, the producer's copies */
    bool in_producer; /* building the producer's loop: the reads' indices are its copies */
    OpId tiles;       /* the consumers' tile loop */
    ValueId base32;   /* i32: j T at this tile (0 when not persistent) */
    ValueId trips32;  /* i32: T */
    /* tcgen05 (sm_100a, tc05_ring.c): one thread issues tcgen05.mma into tensor memory */
    bool tc05;
    MmaIntrinsic mma; /* its kind; N the tile's */
    int64_t cols;     /* tensor-memory columns allocated: a power of two >= 32, >= N */
    ValueId slot;     /* memref<1xi32, 3>: where tcgen05.alloc writes the address */
    ValueId tmem;     /* i32: the accumulator's tensor-memory address */
    ValueId done;     /* mbarrier group of 1: the last commit, for the epilogue */
    ValueId desc[2];  /* i64: A's and B's shared memory descriptors at stage 0 */
    bool tc05_ws;     /* warp-specialized: warp 0 issues the copies, warp 1 the MMAs */
} Ring;

/* tma_ring.c: expect_tx and the TMA copies of iteration iv into the stage numbered ws32 */
void ring_issue_loads_at(Ctx *c, Ring *r, ValueId ws32, ValueId iv);

/* tc05_ring.c: the tcgen05 parts of a ring (r->tc05) */
int64_t tc05_cols(int64_t n);                 /* tensor-memory columns of N: a power of two >= 32 */
void tc05_plan(Ctx *c, Ring *r);              /* r->tc05_ws, from the loop and the options */
void tc05_setup(Ctx *c, Ring *r, ValueId t0); /* before the ring's barrier */
void tc05_ready(Ctx *c, Ring *r);             /* after it: the address, the descriptors */
void tc05_enter(Ctx *c, Ring *r, ValueId init); /* the accumulator's first value */
void tc05_issue(Ctx *c, Ring *r);               /* the contract, in the loop body */
void tc05_leave(Ctx *c, Ring *r);               /* after the loop: drain, free */
/* the loop's result stored by rows through the idle stages (avail bytes of arena from
   off); *done when so */
bool tc05_store(Ctx *c, const Transfer *t, Dist *v, ValueId arena, int64_t off, int64_t avail,
                bool *done);

#endif
