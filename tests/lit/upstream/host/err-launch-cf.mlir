// gpu.launch bodies of several blocks: each block ends in gpu.terminator or a branch, and
// a value defined in one branch is not used where the branches join.
// CONFORMANCE: refused
// RUN: not %vptx run %s 2>&1 | %filecheck %s
func.func @main() {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<1xi32>
  %z = arith.constant 0 : i32
  // CHECK: err-launch-cf.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.launch' body block #1 must end with 'gpu.terminator' or a branch (cf.br, cf.cond_br)
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    cf.br ^next
  ^next:
    memref.store %z, %a[%tx] : memref<1xi32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c = arith.cmpi eq, %tx, %c1 : index
    cf.cond_br %c, ^one, ^join
  ^one:
    %v = arith.constant 1 : i32
    cf.br ^join
  ^join:
    // CHECK: err-launch-cf.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'memref.store' operand #0 does not dominate this use
    memref.store %v, %a[%tx] : memref<1xi32>
    gpu.terminator
  }
  return
}
