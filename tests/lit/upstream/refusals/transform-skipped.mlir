// Transform-dialect scripts (issue 25 part 4) are skipped with one remark: vptx makes its
// own schedule, and the payload in the same file compiles.  Two scripts, one remark.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx 2> %t.err && %filecheck --check-prefix=PTX %s < %t.ptx && %filecheck %s < %t.err
// RUN: %vptx --emit=mlir %s | %filecheck --check-prefix=MLIR %s
// CHECK: transform-skipped.mlir:[[@LINE+18]]:3: remark: transform-dialect script skipped: vptx makes its own schedule (the other ops of the file are compiled)
// CHECK-NOT: remark
// PTX: .visible .entry k(
// PTX: .visible .entry k2(
// MLIR: module attributes {transform.with_named_sequence} {
// MLIR-NOT: transform.
// MLIR: func.func @k(
// MLIR: func.func @k2(
// MLIR-NOT: transform.named_sequence
module attributes {transform.with_named_sequence} {
  func.func @k(%a: memref<64xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %v = vector.transfer_read %a[%c0], %z : memref<64xf32>, vector<64xf32>
    %r = arith.addf %v, %v : vector<64xf32>
    vector.transfer_write %r, %a[%c0] : vector<64xf32>, memref<64xf32>
    return
  }
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %1 = transform.apply_registered_pass "canonicalize" to %0
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %1 {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
  "transform.sequence"() <{failure_propagation_mode = 1 : i32}> ({
  ^bb0(%arg1: !transform.any_op):
    "transform.yield"() : () -> ()
  }) : () -> ()
  func.func @k2(%a: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %x = memref.load %a[%c0] : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    return
  }
}
