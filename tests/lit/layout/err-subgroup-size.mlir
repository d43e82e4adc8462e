// Only 32-lane subgroups exist on NVIDIA GPUs.
// RUN: not %vptx --emit=layout %s 2>&1 | %filecheck %s

func.func @f(%m: memref<16xf32>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 64>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %a = vector.transfer_read %m[%c0], %p {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  vector.transfer_write %a, %m[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}
// CHECK: err-subgroup-size.mlir:4:1: error: {{.*}}subgroup_size = 64 but {{.*}}32 lanes
