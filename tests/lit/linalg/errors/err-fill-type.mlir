// linalg.fill takes a value of the out's element type.
// RUN: not %vptx --emit=mlir %s 2>&1 | %filecheck %s
// CHECK: 6:8: error: 'linalg.fill' fills f32 elements with a f16 value: convert the value first
func.func @f(%o: tensor<4xf32>) -> tensor<4xf32> {
  %h = arith.constant 1.0 : f16
  %r = linalg.fill ins(%h : f16) outs(%o : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
