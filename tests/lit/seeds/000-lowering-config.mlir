// RUN: %vptx --emit=mlir %s | %filecheck %s
// Seed 000 (lowering configs): the three worked examples, attached to ops as
// `lowering_config`, plus the translation info of the reduction pipeline.

// CHECK-DAG: #iree_gpu.lowering_config<{lane_basis = {{\[\[}}1, 1, 64], [0, 1, 2]], partial_reduction = [0, 0, 512], subgroup_basis = {{\[\[}}1, 1, 1], [0, 1, 2]], thread = [0, 0, 8], workgroup = [4, 1, 0]}>
#config1 = #iree_gpu.lowering_config<{lane_basis = [[1, 1, 64], [0, 1, 2]], partial_reduction = [0, 0, 512], subgroup_basis = [[1, 1, 1], [0, 1, 2]], thread = [0, 0, 8], workgroup = [4, 1, 0]}>
#config2 = #iree_gpu.lowering_config<{workgroup = [16, 0], thread = [0, 1], partial_reduction = [0, 32], lane_basis = [[16, 4], [1, 0]], subgroup_basis = [[1, 2], [0, 1]]}>
#config3 = #iree_gpu.lowering_config<{lane_basis = [[1, 1, 64], [0, 1, 2]], partial_reduction = [0, 1, 128], subgroup_basis = [[1, 1, 1], [0, 1, 2]], thread = [0, 1, 2], workgroup = [8, 0, 0]}>
// CHECK-DAG: #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 64, {gpu_pipeline_options = #iree_gpu.pipeline_options<prefetch_shared_memory = false>}>
#translation = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 64, {gpu_pipeline_options = #iree_gpu.pipeline_options<prefetch_shared_memory = false>}>
// CHECK-DAG: #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 64>
#old_translation = #iree_codegen.translation_info<LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 64>
func.func @reduction_4x6656x16384(%x: vector<4x1x512xf32>, %acc: vector<4x1xf32>) -> vector<4x1xf32> attributes {translation_info = #translation} {
  %0 = vector.multi_reduction <add>, %x, %acc [2] {lowering_config = #config1} : vector<4x1x512xf32> to vector<4x1xf32>
  return %0 : vector<4x1xf32>
}
func.func @reduction_1152x384(%x: vector<16x32xf32>, %acc: vector<16xf32>) -> vector<16xf32> attributes {translation_info = #old_translation} {
  %0 = vector.multi_reduction <add>, %x, %acc [1] {lowering_config = #config2} : vector<16x32xf32> to vector<16xf32>
  return %0 : vector<16xf32>
}
func.func @reduction_4096x32x128(%x: vector<8x1x128xf32>, %acc: vector<8xf32>) -> vector<8xf32> {
  %0 = vector.multi_reduction <add>, %x, %acc [1, 2] {lowering_config = #config3} : vector<8x1x128xf32> to vector<8xf32>
  return %0 : vector<8xf32>
}
// CHECK: mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>
func.func @mma_config(%a: vector<16x16xf16>, %b: vector<8x16xf16>, %c: vector<16x8xf32>) -> vector<16x8xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c {lowering_config = #iree_gpu.lowering_config<{workgroup = [16, 8, 0], reduction = [0, 0, 16], mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[1, 1, 1], [0, 1, 2]]}>} : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf32>
  return %0 : vector<16x8xf32>
}
