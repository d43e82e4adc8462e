// --remarks: one remark per contract saying which intrinsic and split it got and why,
// or why it keeps the per-thread path, and one per function with the register
// estimate (layout/select.c, layout/budget.c).  Remarks are not errors: the
// compilation succeeds, and without --remarks nothing is printed.
// RUN: %vptx --remarks --emit=layout %s -o %t.mlir 2>&1 | %filecheck %s
// RUN: %vptx --emit=layout %s -o %t2.mlir 2>&1 | %filecheck --check-prefix=QUIET --allow-empty %s
// RUN: %vptx --remarks --allow-tf32 --emit=layout %s -o %t3.mlir 2>&1 | %filecheck --check-prefix=TF32 %s
// QUIET-NOT: remark
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
#b3 = affine_map<(b, m, n, k) -> (b, m, k)>
#r3 = affine_map<(b, m, n, k) -> (b, k, n)>
#a3 = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @chosen(%a: vector<64x32xf16>, %b: vector<32x64xf16>, %c: vector<64x64xf32>) -> vector<64x64xf32>
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  // CHECK: remarks.mlir:[[@LINE+1]]:8: remark: 'vector.contract' 64x64x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape); subgroups M2 x N2 x K1 of 4 (warp tile 32x32x32, balanced: fewest operand registers, ~64 registers per thread for A, B, C); staging: decided by distribute
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
  return %d : vector<64x64xf32>
}

func.func @f32(%a: vector<16x8xf32>, %b: vector<8x8xf32>, %c: vector<16x8xf32>) -> vector<16x8xf32>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  // CHECK: remarks.mlir:[[@LINE+2]]:8: remark: 'vector.contract' keeps the per-thread path: f32 x f32 -> f32 fits only tf32 mma.sync, which rounds the inputs to 10 mantissa bits (allow it with --allow-tf32)
  // TF32: remarks.mlir:[[@LINE+1]]:8: remark: 'vector.contract' 16x8x8 f32 x f32 -> f32: NV_MMA_SYNC_F32_16x8x8_TF32 (chosen from the element types and shape)
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<16x8xf32>, vector<8x8xf32> into vector<16x8xf32>
  return %d : vector<16x8xf32>
}

func.func @shape(%a: vector<24x16xf16>, %b: vector<16x8xf16>, %c: vector<24x8xf32>) -> vector<24x8xf32>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  // CHECK: remarks.mlir:[[@LINE+1]]:8: remark: 'vector.contract' keeps the per-thread path: no mma.sync intrinsic takes f16 x f16 -> f32 with M = 24, N = 8, K = 16
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<24x16xf16>, vector<16x8xf16> into vector<24x8xf32>
  return %d : vector<24x8xf32>
}

func.func @batched(%a: vector<2x16x16xf16>, %b: vector<2x16x8xf16>, %c: vector<2x16x8xf32>) -> vector<2x16x8xf32>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  // CHECK: remarks.mlir:[[@LINE+1]]:8: remark: 'vector.contract' keeps the per-thread path: not a 2-D matmul
  %d = vector.contract {indexing_maps = [#b3, #r3, #a3], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x16x16xf16>, vector<2x16x8xf16> into vector<2x16x8xf32>
  return %d : vector<2x16x8xf32>
}

func.func @lanes(%a: vector<16x16xf16>, %b: vector<16x8xf16>, %c: vector<16x8xf32>) -> vector<16x8xf32>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  // CHECK: remarks.mlir:[[@LINE+1]]:8: remark: 'vector.contract' keeps the per-thread path: its lowering_config names lane_basis / thread
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{lane_basis = [[8, 4, 1], [0, 1, 2]], thread = [2, 2, 0]}>} %a, %b, %c : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
  return %d : vector<16x8xf32>
}

func.func @explicit(%a: vector<32x16xf16>, %b: vector<16x8xf16>, %c: vector<32x8xf32>) -> vector<32x8xf32>
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  // CHECK: remarks.mlir:[[@LINE+1]]:8: remark: 'vector.contract' 32x8x16 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (named by mma_kind); subgroups from the lowering_config's subgroup_basis
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 1, 1], [0, 1, 2]]}>} %a, %b, %c : vector<32x16xf16>, vector<16x8xf16> into vector<32x8xf32>
  return %d : vector<32x8xf32>
}
// The estimates come after the selections: layout/budget.c runs after layout assignment.
// CHECK: remark: 'chosen' needs about {{[0-9]+}} registers per thread for its vectors
// CHECK: remark: 'explicit' needs about {{[0-9]+}} registers per thread for its vectors
