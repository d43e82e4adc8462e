// An elementwise kernel's 'thread' tile must divide its 'workgroup' tile.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 8:8: error: 'linalg.generic' lowering_config 'thread' = 3 on loop d1 does not divide its 'workgroup' tile 256: make the tile a multiple of it
// CHECK-NOT: error
#config = #iree_gpu.lowering_config<{workgroup = [1, 256], thread = [0, 3]}>
func.func @f(%x: tensor<8x1024xf32>) -> tensor<8x1024xf32> {
  %e = tensor.empty() : tensor<8x1024xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x1024xf32>) outs(%e : tensor<8x1024xf32>) attrs = {lowering_config = #config} {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<8x1024xf32>
  return %y : tensor<8x1024xf32>
}
