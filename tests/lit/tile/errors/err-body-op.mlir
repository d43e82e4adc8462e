// A body op without a vector form: one located error at it, no cascade.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 9:10: error: 'gpu.thread_id' in the body of 'linalg.generic' has no vector form
// CHECK-NOT: error
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<64xf32>, %o: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<64xf32>) outs(%o : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %t = gpu.thread_id x
    %i = arith.index_cast %t : index to i32
    %f = arith.sitofp %i : i32 to f32
    %s = arith.addf %x, %f : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
