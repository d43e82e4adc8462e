// NVIDIA subgroups are 32 threads: subgroup_size = 64 is an error at the function.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 5:1: error: 'func.func' @f has subgroup_size = 64 but NVIDIA subgroups (warps) have 32 lanes
// CHECK-NOT: error
func.func @f(%x: tensor<8x1024xf32>, %o: tensor<8xf32>) -> tensor<8xf32>
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 64>} {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<8x1024xf32>) outs(%o : tensor<8xf32>) dimensions = [1]
  return %r : tensor<8xf32>
}
