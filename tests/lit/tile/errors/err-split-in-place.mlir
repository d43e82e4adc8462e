// A split function's later kernel must not read a memref argument as it was on entry
// once an earlier kernel wrote it in place: the kernels run one after the other.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 9:8: error: 'linalg.reduce' reads argument #2 as it was on entry, but kernel 1 of the split function writes it before this op's kernel 2 runs: write the result to another buffer
// CHECK-NOT: error
func.func @h(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>, %o: tensor<64xf32>) -> tensor<64xf32> {
  %t = bufferization.to_tensor %C : memref<64x64xf32> to tensor<64x64xf32>
  linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
  %r = linalg.reduce { arith.addf } ins(%t : tensor<64x64xf32>) outs(%o : tensor<64xf32>) dimensions = [1]
  return %r : tensor<64xf32>
}
