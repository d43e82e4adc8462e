// A body yields one value per out, of the out's element type.
// RUN: not %vptx --emit=mlir %s 2>&1 | %filecheck %s
// CHECK: 9:5: error: 'linalg.yield' operand #0 has type f16 but out #0's element is f32
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
