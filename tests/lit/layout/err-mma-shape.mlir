// An mma contract whose shape the fragment does not tile: the explicit mma_kind is
// checked against the contract before layout assignment (layout/select.c), and the
// error names the dim that does not fit.  (The workgroup that is not a whole number
// of warps, which this file also tested, is err-workgroup-threads.mlir: the first
// error stops the pipeline before layout assignment.)
// RUN: not %vptx --emit=layout %s 2>&1 | %filecheck %s

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#acc = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @shape(%a: vector<24x16xf16>, %b: vector<16x8xf16>, %c: vector<24x8xf32>) -> vector<24x8xf32>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>} %a, %b, %c : vector<24x16xf16>, vector<16x8xf16> into vector<24x8xf32>
  return %d : vector<24x8xf32>
}
// CHECK: err-mma-shape.mlir:13:8: error: 'vector.contract' has mma_kind NV_MMA_SYNC_F32_16x8x16_F16, which needs M a multiple of 16, N of 8 and K of 16, but the contract is 24x8x16: M = 24 is not a multiple of 16

