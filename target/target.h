/*
 * target.h -- the GPU targets, one table (targets.def): the PTX version each needs, what
 * each has (wgmma, TMA, setmaxnreg, tcgen05, ...), its shared memory and register file.
 *
 * Depends on nothing, and every folder may use it: the driver (which targets there are,
 * whether one has wgmma), the passes (shared memory limits), ptxgen (.version, which
 * instructions it may emit), the simulator and its timing model.  A name is compared in
 * target_find alone; everything else asks the table.
 */
#ifndef VPTX_TARGET_TARGET_H
#define VPTX_TARGET_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a target has that vptx may emit (targets.def's features column). */
enum {
    TF_MMA_SYNC = 1 << 0,   /* mma.sync (warp-level tensor cores) */
    TF_LDMATRIX = 1 << 1,   /* ldmatrix */
    TF_CP_ASYNC = 1 << 2,   /* cp.async, mbarrier */
    TF_FP8 = 1 << 3,        /* e4m3 / e5m2 conversions and mma */
    TF_TMA = 1 << 4,        /* cp.async.bulk.tensor, mbarrier expect_tx, tensor-map fences */
    TF_WGMMA = 1 << 5,      /* wgmma.mma_async (warpgroup tensor cores) */
    TF_SETMAXNREG = 1 << 6, /* setmaxnreg */
    TF_TCGEN05 = 1 << 7,    /* tcgen05 (fifth-generation tensor cores) */
    TF_SM90 = 1 << 8,       /* thread block clusters, elect.sync, fence.proxy.async */
    TF_REDUX_F32 = 1 << 9   /* redux.sync.{min,max}{.abs}{.NaN}.f32 (PTX 8.6) */
};

typedef enum {
#define TARGET(id, name, sm, a, ptx, features, smem_block, smem_sm, regs_sm, modeled, sms)         \
    TARGET_##id,
#include "target/targets.def"
#undef TARGET
    TARGET_COUNT
} TargetId;

typedef struct Target {
    const char *name; /* "sm_80" */
    int sm;           /* 80 */
    bool arch_a;      /* an 'a' target */
    int ptx;          /* smallest .version, x 10 */
    unsigned features;
    int64_t smem_block; /* shared memory one workgroup may have (opt-in), bytes */
    int64_t smem_sm;    /* shared memory of one SM */
    int64_t regs_sm;    /* 32-bit registers of one SM */
    bool modeled;       /* the timing model has a GPU for it */
    int sms;            /* SMs of the target's reference GPU */
} Target;

/* target.c */
extern const Target target_table[TARGET_COUNT];
const Target *target_find(const char *name); /* NULL when no target has that name */
/* the names, "sm_80, sm_86, ... or sm_100a", into buf (n bytes), for messages */
void target_names(char *buf, size_t n);
/* The first target (in table order) with every feature of f: the one to name in "needs
 * wgmma (sm_90a)". */
const Target *target_first_with(unsigned f);

static inline bool
target_has(const Target *t, unsigned f)
{
    return t && (t->features & f) == f;
}

/* A kernel may declare at most this much shared memory statically (.shared): ptxas
   refuses more on every target ("0xc000 max"); above it only the opt-in dynamic shared
   memory reaches smem_block. */
enum { TARGET_SMEM_STATIC = 48 * 1024 };

#endif
