// i128 beyond moving it: each a located error naming the op or the argument (vptx only
// moves i128: memref<...xi128> arguments, memref.load, memref.store, arith.select of
// scalars; vector.load, vector.store, vector.extract at static positions,
// vector.from_elements and vector.shape_cast of vectors; arguments and results of
// functions and calls).
// CONFORMANCE: refused
// RUN: not %vptx --arch=sm_80 %s 2>&1 | %filecheck %s
func.func @add(%a: memref<4xi128>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xi128>
  // CHECK: err-i128.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'arith.addi' operand #0 is i128: vptx only moves i128 (memref<...xi128> arguments, memref.load, memref.store, arith.select of scalars; vector.load, vector.store, vector.extract, vector.from_elements, vector.shape_cast of vectors)
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
  %v = vector.load %a[%c0] : memref<4xi128>, vector<2xi128>
  // CHECK: err-i128.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.broadcast' operand #0 is vector<2xi128>: vptx only moves i128
  %w = vector.broadcast %v : vector<2xi128> to vector<2x2xi128>
  %x = vector.extract %w[0] : vector<2xi128> from vector<2x2xi128>
  vector.store %x, %a[%c0] : memref<4xi128>, vector<2xi128>
  return
}
func.func @dyn(%a: memref<4xi128>, %i: index) {
  %c0 = arith.constant 0 : index
  %v = vector.load %a[%c0] : memref<4xi128>, vector<2xi128>
  // CHECK: err-i128.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.extract' operand #0 is vector<2xi128>: vptx takes vector.extract of i128 only at static positions
  %x = vector.extract %v[%i] : i128 from vector<2xi128>
  memref.store %x, %a[%c0] : memref<4xi128>
  return
}
func.func @insert(%a: memref<4xi128>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %a[%c0] : memref<4xi128>, vector<2xi128>
  %x = memref.load %a[%c0] : memref<4xi128>
  // CHECK: err-i128.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.insert' operand #0 is i128: vptx only moves i128
  %w = vector.insert %x, %v[1] : i128 into vector<2xi128>
  vector.store %w, %a[%c0] : memref<4xi128>, vector<2xi128>
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
