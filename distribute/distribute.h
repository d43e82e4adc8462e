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

#include "distribute/core/options.h"
#include "ir/ir.h"
#include "layout/layout.h"

/* distribute.c */

/* Rewrites every function of m whose ops carry `vptx.layout` (or that holds a
 * whole-workgroup op) into per-thread code, with the options opt (NULL: the defaults).
 * Returns false after reporting at least one located error to d. */
bool distribute_module(Module *m, const DistributeOptions *opt, Diag *d);

/* Before layout, on sm_90a: a kernel of 256 threads whose TMA ring asks for both a
 * persistent tile loop and ping-pong (vptx.persistent and vptx.ping_pong on the loop, or
 * opt's persistent and ping_pong > 0) becomes one warpgroup's program (128 threads,
 * vptx.whole_tile): its two consumer warpgroups then take alternate tiles, each with the
 * whole accumulator (docs/hopper.md).  A located error where the attributes ask for it
 * and it cannot be (a remark under opt->remarks for the options). */
bool dist_whole_tile_prepare(Module *m, const DistributeOptions *opt, Diag *d);

/* sm_100a, before layout selection: a K loop whose contract would take tcgen05 and whose
 * A or B rows have a dynamic length is put in a uniform branch on those rows being whole
 * 16-byte pieces (TMA's need), with a copy of the loop marked 1 stage, which selection
 * gives mma.sync, in the other arm (distribute/schedule/tma_ring.c, docs/blackwell.md). */
bool dist_tc05_split_prepare(Module *m, const DistributeOptions *opt,
                             const LayoutSelectOptions *sopt);

/* True when some op of m still needs distribution: a whole-workgroup (T_WG)
 * op or a `vptx.layout` attribute. */
bool distribute_needed(Module *m);

/* True when every op of m with a vector result already carries `vptx.layout`
 * (the layout pass may then be skipped). */
bool distribute_has_layouts(Module *m);

#endif
