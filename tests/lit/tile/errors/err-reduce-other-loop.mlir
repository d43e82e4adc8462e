// A reduction over another loop than the root's does not fuse.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 7:8: error: 'linalg.reduce' reduces over loop d0, which the kernel's root ('linalg.reduce' on line 6) does not reduce: one kernel reduces over one set of loops (compute it in a separate function)
// CHECK-NOT: error
func.func @f(%x: tensor<8x64xf32>, %o: tensor<8xf32>, %p: tensor<64xf32>) -> (tensor<8xf32>, tensor<64xf32>) {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<8x64xf32>) outs(%o : tensor<8xf32>) dimensions = [1]
  %c = linalg.reduce { arith.addf } ins(%x : tensor<8x64xf32>) outs(%p : tensor<64xf32>) dimensions = [0]
  return %r, %c : tensor<8xf32>, tensor<64xf32>
}
