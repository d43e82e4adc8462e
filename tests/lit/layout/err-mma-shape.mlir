// An mma contract whose shape the fragment does not tile, and a workgroup
// that is not a whole number of warps.
// RUN: not %vptx --emit=layout %s 2>&1 | %filecheck %s

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#acc = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @shape(%a: vector<24x16xf16>, %b: vector<16x8xf16>, %c: vector<24x8xf32>) -> vector<24x8xf32>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>} %a, %b, %c : vector<24x16xf16>, vector<16x8xf16> into vector<24x8xf32>
  return %d : vector<24x8xf32>
}
// CHECK: err-mma-shape.mlir:10:8: error: 'vector.contract' cannot tile NV_MMA_SYNC_F32_16x8x16_F16 operand A over 24x16: dim 0: size 24 is not a multiple of 1 subgroups x fragment 16

func.func @threads(%m: memref<16xf32>) attributes {gpu.known_block_size = array<i32: 48, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %a = vector.transfer_read %m[%c0], %p {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  vector.transfer_write %a, %m[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}
// CHECK: err-mma-shape.mlir:15:1: error: 'func.func' has a workgroup of 48 threads; layout assignment needs a whole number of 32-lane subgroups, at most 1024 threads
