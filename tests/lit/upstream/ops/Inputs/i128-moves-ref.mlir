// The reference of ../i128-moves.mlir, run by eval: scf.if instead of arith.select, the
// rows copied by nested loops in the kernel itself.
func.func @pick(%a: memref<64xi128>, %b: memref<64xi128>, %c: memref<64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %z = arith.constant 0 : i32
  scf.for %i = %c0 to %c64 step %c1 {
    %k = memref.load %c[%i] : memref<64xi32>
    %p = arith.cmpi sgt, %k, %z : i32
    scf.if %p {
      %x = memref.load %a[%i] : memref<64xi128>
      memref.store %x, %b[%i] : memref<64xi128>
    }
  }
  return
}
func.func @rows(%a: memref<4x8xi128>, %b: memref<4x8xi128>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %r = arith.subi %c3, %i : index
    scf.for %j = %c0 to %c8 step %c1 {
      %x = memref.load %a[%i, %j] : memref<4x8xi128>
      memref.store %x, %b[%r, %j] : memref<4x8xi128>
    }
  }
  return
}
