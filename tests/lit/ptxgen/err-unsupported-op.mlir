// An op ptxgen cannot lower is a located error naming the op, never silent code.
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
// CHECK: err-unsupported-op.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'math.erf' has no PTX lowering for this type
// CHECK-NOT: .entry
module {
  func.func @k(%x: f32, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %e = math.erf %x : f32
    memref.store %e, %out[%c0] : memref<1xf32>
    return
  }
}
