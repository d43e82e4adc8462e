// An op ptxgen cannot lower is a located error naming the op, never silent code.
// (vector.step in per-thread code: vptx lowers it at the vector level only.)
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
// CHECK: err-unsupported-op.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'vector.step' cannot be lowered to PTX
// CHECK-NOT: .entry
module {
  func.func @k(%out: memref<4xindex>) {
    %c0 = arith.constant 0 : index
    %s = vector.step : vector<4xindex>
    vector.store %s, %out[%c0] : memref<4xindex>, vector<4xindex>
    return
  }
}
