// An op ptxgen cannot lower is a located error naming the op, never silent code.
// (arith.remf: PTX has no fmod instruction and vptx has no exact sequence for it yet.)
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
// CHECK: err-unsupported-op.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'arith.remf' has no exact PTX lowering (no fmod instruction)
// CHECK-NOT: .entry
module {
  func.func @k(%x: f32, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %e = arith.remf %x, %x : f32
    memref.store %e, %out[%c0] : memref<1xf32>
    return
  }
}
