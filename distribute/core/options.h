/*
 * options.h -- the options of the distribute pass, one record (DistributeOptions), which
 * the public header distribute.h hands to the driver and the pass keeps in its context
 * (core.h, c->opt).  Where an attribute of a loop names the same choice, the attribute
 * wins.
 */
#ifndef VPTX_DISTRIBUTE_CORE_OPTIONS_H
#define VPTX_DISTRIBUTE_CORE_OPTIONS_H

#include "target/target.h"

#include <stdbool.h>
#include <stdint.h>

/* The options of the pass, one record: zero-initialized, every field is its default.
 * A loop's own attribute wins over the option (vptx.pipeline_stages, vptx.ping_pong,
 * vptx.warp_specialize, vptx.overlap_softmax, vptx.persistent; docs/cli-passes.md). */
typedef struct DistributeOptions {
    /* the GPU (target/targets.def): its shared memory and register file bound the
       schedules' buffers; NULL: sm_80 */
    const Target *target;
    /* stages of every pipelined K loop (cp.async staging, a TMA ring) that names none:
       1-8; 0 chooses per loop (docs/staging.md, docs/hopper.md) */
    int64_t pipeline_stages;
    bool remarks;            /* a remark per schedule decision (diag_remark) */
    bool no_warp_specialize; /* sm_90a TMA rings without a producer warpgroup */
    /* > 0: a warp-specialized ring's two consumer warpgroups and attention key loops'
       warpgroups in pairs take turns to issue wgmma; 0: attention loops' only (the
       default); < 0: none (docs/hopper.md) */
    int ping_pong;
    /* attention key loops on wgmma compute S_{j+1} while the softmax of block j runs
       (docs/hopper.md, section 1e) */
    bool overlap_softmax;
    /* warp-specialized GEMM rings loop over the logical workgroups, a hidden parameter
       giving the grid (docs/hopper.md, section 1c) */
    bool persistent;
    /* --fast-math: a loop's f32 row sums kept as lane partials through the loop, reduced
       across lanes after it (lowering/reduction.c, lane_partial_begin) */
    bool fast_math;
} DistributeOptions;

#endif
