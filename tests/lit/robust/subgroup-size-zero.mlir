// subgroup_size = 0 was read as "not given"; it is an error, as any value below 1.
// RUN: not %vptx %s 2>&1 | %filecheck %s
// CHECK: subgroup-size-zero.mlir:[[@LINE+1]]:{{[0-9]+}}: error: subgroup_size must be positive (got 0)
func.func @f(%m: memref<16xf32>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 0>} {
  return
}
