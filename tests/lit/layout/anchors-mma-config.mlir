// Anchors: an mma contract over 4 warps (default split, layout/select.c: the
// balanced 2x2, whose 32x32 warp tiles read the fewest operand registers), the same
// with a lowering_config subgroup_basis (2x2), and a reduction whose operand
// layouts come from its lowering_config (seed 000).
// RUN: %vptx --emit=layout %s | %filecheck %s

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#acc = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @mma_default(%a: vector<64x32xf16>, %b: vector<32x64xf16>, %c: vector<64x64xf32>, %m: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>} %a, %b, %c : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
  vector.transfer_write %d, %m[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
// CHECK-LABEL: func.func @mma_default
// CHECK: vector.contract {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [2, 2], batch_tile = [2, 4], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [2, 1], thread_strides = [4, 1]>], vptx.subgroup_split = array<i64: 2, 2, 1, 2, 1, 0>
// Vector function arguments take the fragment layouts directly.
// CHECK-NOT: vptx.conversion = "shared"

func.func @mma_basis(%m: memref<64x64xf32>, %ma: memref<64x32xf16>, %mb: memref<32x64xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f16
  %z = arith.constant dense<0.0> : vector<64x64xf32>
  %a = vector.transfer_read %ma[%c0, %c0], %p {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x32xf16>
  %b = vector.transfer_read %mb[%c0, %c0], %p {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %z : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
  vector.transfer_write %d, %m[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
// CHECK-LABEL: func.func @mma_basis
// CHECK: %z = arith.constant {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [2, 2], batch_tile = [2, 4], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [2, 1], thread_strides = [4, 1]>]}
// A is replicated over the warps that differ in N, B over those that differ in M.
// CHECK: %a = vector.transfer_read {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 2], outer_tile = [2, 2], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [2, 0], thread_strides = [4, 1]>]
// CHECK: %b = vector.transfer_read {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 2], batch_tile = [2, 4], outer_tile = [2, 1], thread_tile = [4, 8], element_tile = [2, 1], subgroup_strides = [0, 1], thread_strides = [1, 4]>]
// CHECK: vector.contract {{.*}}subgroup_tile = [2, 2], batch_tile = [2, 4], outer_tile = [2, 1]
// CHECK-NOT: iree_vector_ext.to_layout

func.func @reduction_config(%m: memref<16x512xf32>, %n: memref<16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %init = arith.constant dense<0.0> : vector<16xf32>
  %x = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true]} : memref<16x512xf32>, vector<16x512xf32>
  %r = vector.multi_reduction <add>, %x, %init [1] {lowering_config = #iree_gpu.lowering_config<{workgroup = [16, 0], partial_reduction = [0, 512], thread = [0, 4], lane_basis = [[1, 32], [0, 1]], subgroup_basis = [[1, 4], [0, 1]]}>} : vector<16x512xf32> to vector<16xf32>
  vector.transfer_write %r, %n[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}
// CHECK-LABEL: func.func @reduction_config
// CHECK: %init = arith.constant {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [16], outer_tile = [1], thread_tile = [1], element_tile = [1], subgroup_strides = [0], thread_strides = [0]>]}
// CHECK: %x = vector.transfer_read {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 4], batch_tile = [16, 1], outer_tile = [1, 1], thread_tile = [1, 32], element_tile = [1, 4], subgroup_strides = [0, 1], thread_strides = [0, 1]>]
// CHECK: vector.multi_reduction <add>, %x, %init [1] {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [16]
