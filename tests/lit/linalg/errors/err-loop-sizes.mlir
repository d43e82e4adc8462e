// The static sizes of a loop must agree wherever an operand names it.
// RUN: not %vptx --emit=mlir %s 2>&1 | %filecheck %s
// CHECK: err-loop-sizes.mlir:6:8: error: 'linalg.matmul' loop d2 has size 8 from operand #0 dim 1 but 16 from operand #1 dim 0
func.func @f(%a: tensor<4x8xf32>, %b: tensor<16x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // the K of A is 8, the K of B 16
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<16x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
