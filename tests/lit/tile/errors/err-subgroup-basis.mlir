// subgroup_basis counts times 32 must be the workgroup size of translation_info.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 8:8: error: 'linalg.reduce' lowering_config 'subgroup_basis' counts multiply to 2 subgroups (64 threads) but translation_info workgroup_size has 128 threads (4 subgroups): make them agree
// CHECK-NOT: error
#config = #iree_gpu.lowering_config<{workgroup = [1, 0], partial_reduction = [0, 256], thread = [0, 4], lane_basis = [[1, 32], [0, 1]], subgroup_basis = [[1, 2], [0, 1]]}>
func.func @f(%x: tensor<8x1024xf32>, %o: tensor<8xf32>) -> tensor<8xf32>
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<8x1024xf32>) outs(%o : tensor<8xf32>) dimensions = [1] {lowering_config = #config}
  return %r : tensor<8xf32>
}
