// Packed i4 where vptx does not take it, each a located error: arithmetic on a scalar i4,
// a vector whose last dim is not a multiple of 8 (8 share a 32-bit register), arithmetic
// on an i4 vector (extend it first), and i4 in memory other than an argument read and
// written by memref.load / store and vector.load / store (an alloc outside workgroup
// memory), and a view starting inside a byte (an odd element offset).
// CONFORMANCE: refused
// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @scalar(%a: i32) -> i32 {
  %t = arith.trunci %a : i32 to i4
  // CHECK: err-i4.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'arith.addi' operand #0 is i4: vptx holds i4 packed, 8 to a 32-bit register, so it takes i4 only in vectors whose last dim is a multiple of 8, and scalars in memref.load / memref.store and arith.extsi / extui / trunci
  %s = arith.addi %t, %t : i4
  %e = arith.extsi %s : i4 to i32
  return %e : i32
}
func.func @four(%v: vector<2xi8>) -> vector<4xi32> {
  // CHECK: err-i4.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.bitcast' result #0 is vector<4xi4>: vptx holds i4 packed, 8 to a 32-bit register, so it takes i4 only in vectors whose last dim is a multiple of 8
  %q = vector.bitcast %v : vector<2xi8> to vector<4xi4>
  %e = arith.extsi %q : vector<4xi4> to vector<4xi32>
  return %e : vector<4xi32>
}
func.func @add(%v: vector<4xi8>) -> vector<4xi8> {
  %q = vector.bitcast %v : vector<4xi8> to vector<8xi4>
  // CHECK: err-i4.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'arith.addi' operand #0 is vector<8xi4>: vptx takes packed i4 vectors only in moves (loads, stores, transfers, calls, vector.bitcast and the other vector assembly) and arith.extsi / extui / trunci: extend them to compute
  %s = arith.addi %q, %q : vector<8xi4>
  %b = vector.bitcast %s : vector<8xi4> to vector<4xi8>
  return %b : vector<4xi8>
}
func.func @alloc() {
  // CHECK: err-i4.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'memref.alloc' result #0 is memref<16xi4>: packed i4 in memory is taken only as a function argument, a workgroup memref.alloc or a memref.subview, read and written by memref.load / memref.store and by vector.load / vector.store of vectors whose last dim is a multiple of 8
  %m = memref.alloc() : memref<16xi4>
  return
}
// CHECK: err-i4.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'func.func' argument #0 is memref<16xi4, strided<[1], offset: 3>>: packed i4 memory must start at an even element offset (two elements share a byte)
func.func @strided(%m: memref<16xi4, strided<[1], offset: 3>>) {
  return
}
