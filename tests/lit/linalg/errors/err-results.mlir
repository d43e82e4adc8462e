// One result per tensor out, of its type.
// RUN: not %vptx --emit=mlir %s 2>&1 | %filecheck %s
// CHECK: 5:8: error: 'linalg.copy' result #0 has type tensor<8xf32> but must be its out #0's type tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<8xf32> {
  %r = linalg.copy ins(%a : tensor<4xf32>) outs(%o : tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
