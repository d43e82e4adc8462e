// The subgroup split of mma contracts without a subgroup_basis (layout/select.c),
// computed here by hand from registers per thread = elements of the warp's tile x
// bytes / 128:
// @balanced  32x64x16 over 2 warps: M2 x N1 costs A 16x16 (4) + B 16x64 (16) + C 16x64
//            f32 (32) = 52; M1 x N2 costs 8 + 8 + 32 = 48: N2 wins.
// @rows      the same contract whose result is reduced along its rows: M2 x N1, so
//            that a row stays in one warp (no cross-warp reduction through memory).
// @ksplit    16x8x64 over 4 warps: M and N are one fragment each, so the 4 warps split
//            K (4 x 16), and distribute sums the partial accumulators.
// @fewer     16x8x16 over 4 warps: nothing to split, one warp's work replicated.
// RUN: %vptx --emit=layout %s | %filecheck --check-prefix=LAYOUT %s
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=ptx %s -o %t.ptx && %ptxas-verify %t.ptx
// LAYOUT-LABEL: func.func @balanced(
// LAYOUT: vptx.subgroup_split = array<i64: 1, 2, 1, 0, 1, 0>
// LAYOUT-LABEL: func.func @rows(
// LAYOUT: vptx.subgroup_split = array<i64: 2, 1, 1, 1, 0, 0>
// LAYOUT-LABEL: func.func @ksplit(
// LAYOUT: vptx.subgroup_split = array<i64: 1, 1, 4, 0, 0, 1>
// LAYOUT-LABEL: func.func @fewer(
// LAYOUT: vptx.subgroup_split = array<i64: 1, 1, 1, 0, 0, 0>
// CHECK: PASS balanced (sim vs eval
// CHECK: PASS rows (sim vs eval
// CHECK: PASS ksplit (sim vs eval
// CHECK: PASS fewer (sim vs eval
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @balanced(%A: memref<32x16xf16>, %B: memref<16x64xf16>, %C: memref<32x64xf32>, %R: memref<32xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x16xf16>, vector<32x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x64xf16>, vector<16x64xf16>
  %c = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : memref<32x64xf32>, vector<32x64xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x16xf16>, vector<16x64xf16> into vector<32x64xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x64xf32>, memref<32x64xf32>
  return
}

func.func @rows(%A: memref<32x16xf16>, %B: memref<16x64xf16>, %C: memref<32x64xf32>, %R: memref<32xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x16xf16>, vector<32x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x64xf16>, vector<16x64xf16>
  %c = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : memref<32x64xf32>, vector<32x64xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x16xf16>, vector<16x64xf16> into vector<32x64xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x64xf32>, memref<32x64xf32>
  %z = arith.constant dense<0.0> : vector<32xf32>
  %s = vector.multi_reduction <add>, %d, %z [1] : vector<32x64xf32> to vector<32xf32>
  vector.transfer_write %s, %R[%c0] {in_bounds = [true]} : vector<32xf32>, memref<32xf32>
  return
}

func.func @ksplit(%A: memref<16x64xf16>, %B: memref<64x8xf16>, %C: memref<16x8xf32>, %R: memref<16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x64xf16>, vector<16x64xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x8xf16>, vector<64x8xf16>
  %c = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<16x64xf16>, vector<64x8xf16> into vector<16x8xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}

func.func @fewer(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>, %R: memref<16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  %c = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}
