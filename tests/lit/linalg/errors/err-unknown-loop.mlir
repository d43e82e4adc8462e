// Every loop is some operand dim, else its size is unknown.
// RUN: not %vptx --emit=mlir %s 2>&1 | %filecheck %s
// CHECK: 5:8: error: 'linalg.generic' loop d1 is not a dim of any operand, so its size is unknown
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
