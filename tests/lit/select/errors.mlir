// An explicit mma_kind that does not fit the contract is a located error naming the
// mismatch (layout/select.c), whether it is an attribute or inside lowering_config;
// every such contract is reported, not only the first.
// RUN: not %vptx --emit=layout %s 2>&1 | %filecheck %s
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @types(%a: vector<16x16xbf16>, %b: vector<16x8xbf16>, %c: vector<16x8xf32>) -> vector<16x8xf32>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: 'vector.contract' has mma_kind NV_MMA_SYNC_F32_16x8x16_F16, which needs f16 x f16 -> f32 operands, but its operands are bf16 x bf16 -> f32
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>} %a, %b, %c : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  return %d : vector<16x8xf32>
}

func.func @acc(%a: vector<16x16xf16>, %b: vector<16x8xf16>, %c: vector<16x8xf16>) -> vector<16x8xf16>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: 'vector.contract' has mma_kind NV_MMA_SYNC_F32_16x8x16_F16, which needs f16 x f16 -> f32 operands, but its operands are f16 x f16 -> f16
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>} %a, %b, %c : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf16>
  return %d : vector<16x8xf16>
}

func.func @k(%a: vector<16x8xf16>, %b: vector<8x8xf16>, %c: vector<16x8xf32>) -> vector<16x8xf32>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: 'vector.contract' has mma_kind NV_MMA_SYNC_F32_16x8x16_F16, which needs M a multiple of 16, N of 8 and K of 16, but the contract is 16x8x8: K = 8 is not a multiple of 16
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>}>} %a, %b, %c : vector<16x8xf16>, vector<8x8xf16> into vector<16x8xf32>
  return %d : vector<16x8xf32>
}

func.func @n(%a: vector<16x32xi8>, %b: vector<32x12xi8>, %c: vector<16x12xi32>) -> vector<16x12xi32>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: 'vector.contract' has mma_kind NV_MMA_SYNC_I32_16x8x32_I8, which needs M a multiple of 16, N of 8 and K of 32, but the contract is 16x12x32: N = 12 is not a multiple of 8
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_I32_16x8x32_I8>} %a, %b, %c : vector<16x32xi8>, vector<32x12xi8> into vector<16x12xi32>
  return %d : vector<16x12xi32>
}
