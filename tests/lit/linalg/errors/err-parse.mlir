// Parse errors of the op level: one located error each, no cascade.
// RUN: not %vptx --emit=mlir %s 2>&1 | %filecheck %s
// CHECK: 6:21: error: 'scf.for' cannot be a short-form body (an elementwise arith or math op)
// CHECK-NOT: error
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.map { scf.for } ins(%a : tensor<4xf32>) outs(%o : tensor<4xf32>)
  return %r : tensor<4xf32>
}
