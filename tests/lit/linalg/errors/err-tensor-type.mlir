// Unranked and encoded tensors are not supported.
// RUN: not %vptx --emit=mlir %s 2>&1 | %filecheck %s
// CHECK: 4:25: error: unranked tensors are not supported: give the rank
func.func @f(%a: tensor<*xf32>) {
  return
}
