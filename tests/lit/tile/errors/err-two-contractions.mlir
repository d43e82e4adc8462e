// One kernel holds one contraction: a second one is a located error saying to split.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 7:9: error: 'linalg.matmul' is a second contraction in the function (the first is line 6): one kernel holds one contraction; compute it in a separate function
// CHECK-NOT: error
func.func @f(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>, %c: tensor<64x64xf32>, %d: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r2 = linalg.matmul ins(%b, %a : tensor<64x64xf16>, tensor<64x64xf16>) outs(%d : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r, %r2 : tensor<64x64xf32>, tensor<64x64xf32>
}
