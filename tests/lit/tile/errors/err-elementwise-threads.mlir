// An elementwise kernel's workgroup / thread must give whole warps (IREE's reading: the
// threads are the product of workgroup / thread over the loops with a thread tile).
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 9:8: error: 'linalg.generic' lowering_config 'workgroup' / 'thread' gives 48 threads: a workgroup runs a multiple of 32 up to 1024; change 'thread'
// CHECK-NOT: error
#config = #iree_gpu.lowering_config<{workgroup = [1, 192], thread = [0, 4]}>
func.func @f(%x: tensor<8x1024xf32>) -> tensor<8x1024xf32> {
  %e = tensor.empty() : tensor<8x1024xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x1024xf32>) outs(%e : tensor<8x1024xf32>) attrs = {lowering_config = #config} {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<8x1024xf32>
  return %y : tensor<8x1024xf32>
}
