/*
 * distribute.h -- the distribution pass: whole-workgroup vector ops -> per-thread SIMT ops.
 *
 * Sits between layout (which gives every vector value a NestedLayout, the
 * `vptx.layout` attribute) and ptxgen (which lowers the SIMT-level result).
 * See distribute/distribute.c for the contract and distribute/core/core.h for the
 * per-thread value representation.
 */
#ifndef VPTX_DISTRIBUTE_DISTRIBUTE_H
#define VPTX_DISTRIBUTE_DISTRIBUTE_H

#include <stdbool.h>

#include "ir/ir.h"

/* distribute.c */

/* Rewrites every function of m whose ops carry `vptx.layout` (or that holds a
 * whole-workgroup op) into per-thread code.  Returns false after reporting at
 * least one located error to d. */
bool distribute_module(Module *m, Diag *d);

/* distribute_module with the stage count of every pipelined K loop that does not
 * name its own (`vptx.pipeline_stages`); 0 chooses per loop (stage.c). */
bool distribute_module_staged(Module *m, int64_t pipeline_stages, bool remarks, Diag *d);
/* ... and warp_specialize: sm_90a TMA rings get a producer warpgroup; ping_pong (a loop's
 * `vptx.ping_pong` wins): > 0, their two consumer warpgroups and attention key loops'
 * warpgroups in pairs take turns to issue wgmma; 0, attention loops' warpgroups only (the
 * default); < 0, none (docs/hopper.md) */
bool distribute_module_opts(Module *m, int64_t pipeline_stages, bool remarks, bool warp_specialize,
                            int ping_pong, Diag *d);
/* ... and overlap_softmax: attention key loops on wgmma compute S_{j+1} while the softmax
 * of block j runs (vptx.overlap_softmax; docs/hopper.md, section 1e) */
bool distribute_module_overlap(Module *m, int64_t pipeline_stages, bool remarks,
                               bool warp_specialize, int ping_pong, bool overlap_softmax, Diag *d);
/* ... and persistent: warp-specialized GEMM rings loop over the logical workgroups, a
 * hidden parameter giving the grid (docs/hopper.md, section 1c) */
bool distribute_module_persist(Module *m, int64_t pipeline_stages, bool remarks,
                               bool warp_specialize, int ping_pong, bool overlap_softmax,
                               bool persistent, Diag *d);

/* Before layout, on sm_90a: a kernel of 256 threads whose TMA ring asks for both a
 * persistent tile loop and ping-pong (vptx.persistent and vptx.ping_pong on the loop, or
 * the options) becomes one warpgroup's program (128 threads, vptx.whole_tile): its two
 * consumer warpgroups then take alternate tiles, each with the whole accumulator
 * (docs/hopper.md).  A located error where the attributes ask for it and it cannot be
 * (a remark under remarks for the options). */
bool dist_whole_tile_prepare(Module *m, bool persistent, bool ping_pong, bool remarks, Diag *d);

/* True when some op of m still needs distribution: a whole-workgroup (T_WG)
 * op or a `vptx.layout` attribute. */
bool distribute_needed(Module *m);

/* True when every op of m with a vector result already carries `vptx.layout`
 * (the layout pass may then be skipped). */
bool distribute_has_layouts(Module *m);

#endif
