// The reference of ../i128-vectors.mlir (eval): the same moves, one scalar i128 at a time.
func.func @rev(%a: memref<8x4xi128>, %b: memref<8x4xi128>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  scf.for %t = %c0 to %c8 step %c1 {
    %r = arith.subi %c7, %t : index
    scf.for %j = %c0 to %c4 step %c1 {
      %k = arith.subi %c3, %j : index
      %x = memref.load %a[%t, %k] : memref<8x4xi128>
      memref.store %x, %b[%r, %j] : memref<8x4xi128>
    }
  }
  return
}
func.func @cast(%a: memref<8x2x2xi128>, %b: memref<8x4xi128>, %c: memref<8xi128>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %t = %c0 to %c8 step %c1 {
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %x = memref.load %a[%t, %i, %j] : memref<8x2x2xi128>
        %i2 = arith.muli %i, %c2 : index
        %k = arith.addi %i2, %j : index
        memref.store %x, %b[%t, %k] : memref<8x4xi128>
      }
    }
    %e = memref.load %a[%t, %c0, %c1] : memref<8x2x2xi128>
    memref.store %e, %c[%t] : memref<8xi128>
  }
  return
}
func.func @calls(%a: memref<8x4xi128>, %b: memref<8x4xi128>, %x: i128) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  scf.for %t = %c0 to %c8 step %c1 {
    %e = memref.load %a[%t, %c2] : memref<8x4xi128>
    %f = memref.load %a[%t, %c1] : memref<8x4xi128>
    memref.store %e, %b[%t, %c0] : memref<8x4xi128>
    memref.store %f, %b[%t, %c1] : memref<8x4xi128>
    memref.store %x, %b[%t, %c2] : memref<8x4xi128>
    memref.store %x, %b[%t, %c3] : memref<8x4xi128>
  }
  return
}
