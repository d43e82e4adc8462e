/*
 * lowering.h -- the op-family lowerings of distribute/: each rewrites one family of
 * whole-workgroup vector ops into per-thread ops, with the core's helpers (core.h).
 *
 *   transfer.c     transfer_read/write, vector.load/store
 *   elementwise.c  elementwise ops, constants, broadcast, transpose, shape_cast,
 *                  extract/insert (+ strided), step, create/constant_mask, splat
 *   reduction.c    multi_reduction, vector.reduction (seed 001's four stages)
 *   contract.c     vector.contract: mma.sync fragments, wgmma, or per-thread products
 *                  and a reduction
 *
 * A lowering never names a schedule: where a schedule may take part (a staged read, a
 * ring-fed contract) it calls the interface (core.h, hooks.c).
 */
#ifndef VPTX_DISTRIBUTE_LOWERING_LOWERING_H
#define VPTX_DISTRIBUTE_LOWERING_LOWERING_H

#include "distribute/core/core.h"

/* ---- transfer.c ---- */
bool distribute_transfer_read(Ctx *c, OpId op);
bool distribute_transfer_write(Ctx *c, OpId op);
bool distribute_vector_load(Ctx *c, OpId op);
bool distribute_vector_store(Ctx *c, OpId op);

/* ---- elementwise.c ---- */
bool distribute_elementwise(Ctx *c, OpId op);
bool distribute_constant(Ctx *c, OpId op);
bool distribute_broadcast(Ctx *c, OpId op);
bool distribute_transpose(Ctx *c, OpId op);
bool distribute_shape_cast(Ctx *c, OpId op);
bool distribute_extract(Ctx *c, OpId op);
bool distribute_insert(Ctx *c, OpId op);
bool distribute_strided_slice(Ctx *c, OpId op);
bool distribute_step(Ctx *c, OpId op);
bool distribute_mask(Ctx *c, OpId op);
bool distribute_from_elements(Ctx *c, OpId op);
bool distribute_to_layout(Ctx *c, OpId op);

/* ---- reduction.c ---- */
bool distribute_multi_reduction(Ctx *c, OpId op);
bool distribute_reduction(Ctx *c, OpId op);
Dist *reduce_dist(Ctx *c, Dist *src, uint32_t reduced, CombiningKind kind, Dist *acc,
                  ValueId acc_scalar, const NestedLayout *res_layout, ValueId *scalar_out);
/* --fast-math: a loop's row sums carried as lane partials, reduced after the loop (the
   reductions, one per iteration argument, or NULL; lane_partial_end after the body) */
OpId *lane_partial_begin(Ctx *c, OpId loop);
bool lane_partial_end(Ctx *c, OpId loop, const OpId *red);

/* ---- contract.c ---- */
bool distribute_contract(Ctx *c, OpId op);
/* the MN-major swizzle span of wgmma's B for n-column instructions, or 0 */
int64_t dist_wgmma_mn_span(int64_t n);
/* Before scf.for `loop` is emitted: stage, once, the A operand of each wgmma contract of
   its body that is defined before the loop (attention's Q), so that the iterations only
   stage B. */
void dist_wgmma_hoist(Ctx *c, OpId loop);

#endif
