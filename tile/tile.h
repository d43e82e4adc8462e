/*
 * tile/tile.h -- the op level -> the vector level: linalg ops on tensors or memrefs with
 * lowering configs in, one workgroup's vector program out (the program a user would
 * otherwise write by hand, which layout and distribute then compile).
 *
 *   func.func @f(%a: tensor<?x?xf16>, ...) -> tensor<?x?xf32>   (linalg.fill, matmul, ...)
 *        --tile_module-->
 *   func.func @f(%a: memref<?x?xf16>, ..., %result0: memref<?x?xf32>)
 *        attributes {translation_info = .., vptx.grid = ..}     (gpu.block_id, scf.for,
 *                                                               vector.transfer_read, ...)
 *
 * Tensor arguments become memrefs, tensor results memrefs appended after the arguments
 * (docs/op-level.md has the kernel ABI); each workgroup computes one tile of the root op
 * (the contraction or reduction, else the last op), with the elementwise ops around it
 * fused in registers.
 */
#ifndef VPTX_TILE_TILE_H
#define VPTX_TILE_TILE_H

#include "ir/ir.h"

typedef struct TileOptions {
    const char *arch; /* "sm_80", "sm_90a", ...: the default configs depend on it */
    bool remarks;     /* say which config each op got and why, and what did not fuse */
} TileOptions;

/* Whether m holds op-level ops (linalg, tensor, bufferization): tile_module's input. */
bool tile_needed(Module *m);
/* Whether the op root (a function) holds op-level ops: a file may mix op-level functions
 * with vector-level ones, which tile_module leaves as they are. */
bool tile_op_needed(Module *m, OpId root);

/* Gives every op-level function a lowering config (the op's own, else a default one) and
 * a translation_info, as attributes on the ops and functions: what --emit=config prints,
 * which reads back with the same meaning.  False after reporting an error. */
bool tile_configure(Module *m, const TileOptions *o, Diag *d);

/* tile_configure, then replaces every op-level function by its vector-level kernel.
 * Requires:    ir_verify() clean.
 * Ensures:     no op-level op remains; each kernel is vector-level IR with memref
 *              arguments, `vptx.grid` (the grid as a function of the argument sizes) and
 *              `vptx.result` on the memrefs that hold tensor results.
 * Invalidates: use lists; the op-level functions' op ids (the ops are left unreachable). */
bool tile_module(Module *m, const TileOptions *o, Diag *d);

#endif
