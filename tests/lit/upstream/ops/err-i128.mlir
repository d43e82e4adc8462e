// i128 beyond moving it: each a located error naming the op or the argument (vptx only
// moves i128: memref<...xi128> arguments, memref.load, memref.store, arith.select; a
// vector of i128 is refused at the op that loads it).
// CONFORMANCE: refused
// RUN: not %vptx --arch=sm_80 %s 2>&1 | %filecheck %s
func.func @add(%a: memref<4xi128>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xi128>
  // CHECK: err-i128.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'arith.addi' operand #0 is i128: vptx only moves i128 (memref<...xi128> arguments, memref.load, memref.store, arith.select of scalars)
  %y = arith.addi %x, %x : i128
  memref.store %y, %a[%c0] : memref<4xi128>
  return
}
func.func @trunc(%a: memref<4xi128>, %b: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xi128>
  // CHECK: err-i128.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'arith.trunci' operand #0 is i128: vptx only moves i128
  %y = arith.trunci %x : i128 to i64
  memref.store %y, %b[%c0] : memref<4xi64>
  return
}
func.func @vec(%a: memref<4xi128>) {
  %c0 = arith.constant 0 : index
  // CHECK: err-i128.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.load' operand #0 is memref<4xi128>: vptx only moves i128
  %v = vector.load %a[%c0] : memref<4xi128>, vector<2xi128>
  vector.store %v, %a[%c0] : memref<4xi128>, vector<2xi128>
  return
}
// CHECK: err-i128.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'func.func' argument #0 is i128: vptx takes i128 in memory only (a memref<...xi128> argument)
func.func @scalar_arg(%x: i128, %a: memref<4xi128>) {
  %c0 = arith.constant 0 : index
  memref.store %x, %a[%c0] : memref<4xi128>
  return
}
func.func @loop(%a: memref<4xi128>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = memref.load %a[%c0] : memref<4xi128>
  // CHECK: err-i128.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'scf.for' operand #3 is i128: vptx only moves i128
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (i128) {
    scf.yield %acc : i128
  }
  memref.store %r, %a[%c0] : memref<4xi128>
  return
}
