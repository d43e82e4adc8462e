// tensor.extract_slice: the result type is the sizes (unit dims may be dropped).
// RUN: not %vptx --emit=mlir %s 2>&1 | %filecheck %s
// CHECK: 5:8: error: 'tensor.extract_slice' static size 4 of dim 0 does not match the slice type tensor<2x32xf32>
func.func @f(%a: tensor<16x32xf32>) -> tensor<2x32xf32> {
  %r = tensor.extract_slice %a[0, 0] [4, 32] [1, 1] : tensor<16x32xf32> to tensor<2x32xf32>
  return %r : tensor<2x32xf32>
}
