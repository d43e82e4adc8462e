// Only the two pipelines vptx lowers are accepted.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 5:1: error: 'func.func' has translation_info pipeline LLVMGPUWarpReduction, which vptx does not lower: use LLVMGPUVectorDistribute or LLVMGPUTileAndFuse
// CHECK-NOT: error
func.func @f(%x: tensor<8x1024xf32>, %o: tensor<8xf32>) -> tensor<8xf32>
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUWarpReduction workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<8x1024xf32>) outs(%o : tensor<8xf32>) dimensions = [1]
  return %r : tensor<8xf32>
}
