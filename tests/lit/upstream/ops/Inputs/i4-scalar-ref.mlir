// The reference of ../i4-scalar.mlir, run by eval: one element after another (eval holds
// an i4 in memory one a byte, as the host does).
func.func @mix(%a: memref<128xi4>, %b: memref<128xi4>, %o: memref<128xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c127 = arith.constant 127 : index
  %c3 = arith.constant 3 : i32
  scf.for %t = %c0 to %c128 step %c1 {
    %r = arith.subi %c127, %t : index
    %x = memref.load %a[%t] : memref<128xi4>
    %y = memref.load %a[%r] : memref<128xi4>
    %xs = arith.extsi %x : i4 to i32
    %yu = arith.extui %y : i4 to i32
    %x3 = arith.muli %xs, %c3 : i32
    %s = arith.addi %x3, %yu : i32
    %n = arith.trunci %s : i32 to i4
    memref.store %n, %b[%t] : memref<128xi4>
    memref.store %yu, %o[%t] : memref<128xi32>
  }
  return
}
func.func @grid(%a: memref<4x32xi4>, %b: memref<4x32xi4>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant -7 : i16
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %c = %c0 to %c32 step %c1 {
      %x = memref.load %a[%r, %c] : memref<4x32xi4>
      %w = arith.extsi %x : i4 to i16
      %p = arith.muli %w, %m : i16
      %n = arith.trunci %p : i16 to i4
      memref.store %n, %b[%r, %c] : memref<4x32xi4>
    }
  }
  return
}
