// Operands already anchored (iree_vector_ext.to_layout) to an intrinsic's fragment
// layouts choose that intrinsic and its split (layout/select.c).
// @k8: f16 x f16 -> f32 with K = 16 would get m16n8k16 from its types alone
// (@plain), but its lhs is anchored to the m16n8k8 A fragment (outer [2, 1]; the k16
// A fragment has outer [2, 2]), so it gets NV_MMA_SYNC_F32_16x8x8_F16: two m16n8k8
// per 16x8 tile instead of one m16n8k16.
// @split: a 32x16 accumulator over 2 warps would be split M2 x N1 (balanced: A 4 + B 4
// + C 8 registers against 8 + 2 + 8), but its acc is anchored to the C fragment tiled
// N-wise over the 2 warps (subgroup_tile [1, 2]): the split follows the anchor.
// @coalesced: an anchor that is not a fragment (B read in a coalesced layout whose
// 4 subgroups split K) says nothing about the split: the balanced M2 x N2 (A 16 +
// B 8 + C 4 registers, all 4 warps busy without splitting K), not K4.
// RUN: %vptx --emit=layout %s | %filecheck --check-prefix=LAYOUT %s
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=ptx %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// LAYOUT-LABEL: func.func @k8(
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x8_F16>
// LAYOUT-LABEL: func.func @plain(
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>
// LAYOUT-LABEL: func.func @split(
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>{{.*}}vptx.subgroup_split = array<i64: 1, 2, 1, 0, 1, 0>
// LAYOUT-LABEL: func.func @balanced(
// LAYOUT: vector.contract {{.*}}vptx.subgroup_split = array<i64: 2, 1, 1, 1, 0, 0>
// LAYOUT-LABEL: func.func @coalesced(
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>{{.*}}vptx.subgroup_split = array<i64: 2, 2, 1, 2, 1, 0>
// CHECK: PASS k8 (sim vs eval
// CHECK: PASS plain (sim vs eval
// CHECK: PASS split (sim vs eval
// CHECK: PASS balanced (sim vs eval
// CHECK: PASS coalesced (sim vs eval
// PTX-LABEL: .entry k8(
// PTX-COUNT-2: mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {
// PTX-NOT: mma.sync.aligned
// PTX-LABEL: .entry plain(
// PTX-COUNT-1: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {
// PTX-NOT: mma.sync.aligned
// PTX-LABEL: .entry split(
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
#k8a = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 2], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [4, 1]>
#bk4 = #iree_vector_ext.nested_layout<subgroup_tile = [4, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [16, 2], element_tile = [1, 8], subgroup_strides = [1, 0], thread_strides = [2, 1]>
#cn2 = #iree_vector_ext.nested_layout<subgroup_tile = [1, 2], batch_tile = [2, 1], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 1], thread_strides = [4, 1]>
func.func @k8(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a0 = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %a = iree_vector_ext.to_layout %a0 to layout(#k8a) : vector<16x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  %c = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}

func.func @plain(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
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

func.func @split(%A: memref<32x16xf16>, %B: memref<16x16xf16>, %C: memref<32x16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x16xf16>, vector<32x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %c0v = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %c = iree_vector_ext.to_layout %c0v to layout(#cn2) : vector<32x16xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x16xf16>, vector<16x16xf16> into vector<32x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf32>, memref<32x16xf32>
  return
}

func.func @balanced(%A: memref<32x16xf16>, %B: memref<16x16xf16>, %C: memref<32x16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x16xf16>, vector<32x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %c = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x16xf16>, vector<16x16xf16> into vector<32x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf32>, memref<32x16xf32>
  return
}

func.func @coalesced(%A: memref<32x64xf16>, %B: memref<64x16xf16>, %C: memref<32x16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %b0 = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xf16>, vector<64x16xf16>
  %b = iree_vector_ext.to_layout %b0 to layout(#bk4) : vector<64x16xf16>
  %c = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x64xf16>, vector<64x16xf16> into vector<32x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf32>, memref<32x16xf32>
  return
}
