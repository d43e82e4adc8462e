// An op ptxgen cannot lower is a located error naming the op, never silent code.
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
// CHECK: err-unsupported-op.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'math.powf' on f64 has no PTX lowering
// CHECK-NOT: .entry
module {
  func.func @k(%x: f64, %out: memref<1xf64>) {
    %c0 = arith.constant 0 : index
    %e = math.powf %x, %x : f64
    memref.store %e, %out[%c0] : memref<1xf64>
    return
  }
}
