// Each indexing map has as many results as its operand has dims.
// RUN: not %vptx --emit=mlir %s 2>&1 | %filecheck %s
// CHECK: 6:8: error: 'linalg.generic' indexing map #0 has 1 results but operand #0 has rank 2
func.func @f(%a: tensor<4x4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  // map #0 drops a dim of the 4x4 input
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
