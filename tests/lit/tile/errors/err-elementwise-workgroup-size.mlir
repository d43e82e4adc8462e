// An elementwise config's workgroup / thread and translation_info's workgroup_size must
// agree.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 9:8: error: 'linalg.generic' lowering_config 'workgroup' / 'thread' gives 64 threads but translation_info workgroup_size has 128: make them agree
// CHECK-NOT: error
#config = #iree_gpu.lowering_config<{workgroup = [2, 128], thread = [1, 4]}>
func.func @f(%x: tensor<8x1024xf32>) -> tensor<8x1024xf32> attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %e = tensor.empty() : tensor<8x1024xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x1024xf32>) outs(%e : tensor<8x1024xf32>) attrs = {lowering_config = #config} {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<8x1024xf32>
  return %y : tensor<8x1024xf32>
}
