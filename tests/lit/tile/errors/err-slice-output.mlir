// A slice returned as it is: tile/ writes the tensors linalg ops compute, so a slice that
// no op reads is an error that says to copy it.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 7:8: error: 'tensor.extract_slice' is tensor output #0 as it is: tile/ writes the tensors linalg ops compute (copy the slice with linalg.copy into a tensor.empty)
// CHECK-NOT: error
func.func @f(%x: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %s = tensor.extract_slice %x[2, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
  return %s : tensor<4x16xf32>
}
