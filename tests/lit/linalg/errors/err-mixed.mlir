// Tensor and memref operands do not mix in one structured op.
// RUN: not %vptx --emit=mlir %s 2>&1 | %filecheck %s
// CHECK: 5:3: error: 'linalg.copy' mixes tensor and memref operands: use tensors only, or memrefs only
func.func @f(%a: tensor<4xf32>, %b: memref<4xf32>) {
  linalg.copy ins(%a : tensor<4xf32>) outs(%b : memref<4xf32>)
  return
}
