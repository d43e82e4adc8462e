// NVIDIA subgroups are 32 threads: subgroup_size = 64 is an error at the function.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 5:1: error: 'func.func' has translation_info subgroup_size = 64: NVIDIA GPUs run subgroups (warps) of 32 threads; use subgroup_size = 32
// CHECK-NOT: error
func.func @f(%x: tensor<8x1024xf32>, %o: tensor<8xf32>) -> tensor<8xf32>
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 64>} {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<8x1024xf32>) outs(%o : tensor<8xf32>) dimensions = [1]
  return %r : tensor<8xf32>
}
