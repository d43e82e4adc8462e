// An op ptxgen cannot lower is a located error naming the op, never silent code.
// (func.call: vptx has no device functions.)
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
// CHECK: err-unsupported-op.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'func.call' cannot be lowered to PTX: vptx has no device functions
// CHECK-NOT: .entry
module {
  func.func @k(%x: f32, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %e = func.call @twice(%x) : (f32) -> f32
    memref.store %e, %out[%c0] : memref<1xf32>
    return
  }
  func.func @twice(%v: f32) -> f32 {
    %r = arith.addf %v, %v : f32
    return %r : f32
  }
}
