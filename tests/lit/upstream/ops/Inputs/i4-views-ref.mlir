// The reference of ../i4-views.mlir (eval): the same views, loops over their elements.
func.func @sub(%a: memref<8x32xi4>, %b: memref<8x32xi4>) {
  %va = memref.subview %a[2, 6] [4, 16] [1, 1] : memref<8x32xi4> to memref<4x16xi4, strided<[32, 1], offset: 70>>
  %vb = memref.subview %b[2, 6] [4, 16] [1, 1] : memref<8x32xi4> to memref<4x16xi4, strided<[32, 1], offset: 70>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c5 = arith.constant 5 : i32
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %c = %c0 to %c16 step %c1 {
      %x = memref.load %va[%r, %c] : memref<4x16xi4, strided<[32, 1], offset: 70>>
      %w = arith.extsi %x : i4 to i32
      %m = arith.muli %w, %c5 : i32
      %n = arith.trunci %m : i32 to i4
      memref.store %n, %vb[%r, %c] : memref<4x16xi4, strided<[32, 1], offset: 70>>
    }
  }
  return
}
func.func @vsub(%a: memref<8x32xi4>, %o: memref<8x8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  scf.for %t = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %p0 = arith.muli %t, %c8 : index
      %p = arith.addi %p0, %j : index
      %r0 = arith.divui %p, %c16 : index
      %r = arith.addi %r0, %c1 : index
      %q = arith.remui %p, %c16 : index
      %c = arith.addi %q, %c16 : index
      %x = memref.load %a[%r, %c] : memref<8x32xi4>
      %w = arith.extsi %x : i4 to i32
      memref.store %w, %o[%t, %j] : memref<8x8xi32>
    }
  }
  return
}
func.func @strided(%s: memref<4x16xi4, strided<[32, 1], offset: 8>>,
    %d: memref<4x16xi4, strided<[32, 1], offset: 8>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0 : i32
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %c = %c0 to %c16 step %c1 {
      %x = memref.load %s[%r, %c] : memref<4x16xi4, strided<[32, 1], offset: 8>>
      %w = arith.extsi %x : i4 to i32
      %m = arith.subi %z, %w : i32
      %n = arith.trunci %m : i32 to i4
      memref.store %n, %d[%r, %c] : memref<4x16xi4, strided<[32, 1], offset: 8>>
    }
  }
  return
}
