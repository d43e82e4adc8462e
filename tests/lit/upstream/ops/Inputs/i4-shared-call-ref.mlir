// The reference of ../i4-shared-call.mlir (eval): element loops, no workgroup memory and
// no call; the wrap to i4 by trunci, as the kernels do.
func.func @smem(%a: memref<128xi4>, %o: memref<128xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %c3 = arith.constant 3 : i32
  scf.for %t = %c0 to %c128 step %c1 {
    %r = arith.subi %c127, %t : index
    %x = memref.load %a[%r] : memref<128xi4>
    %w = arith.extsi %x : i4 to i32
    %m = arith.muli %w, %c3 : i32
    %n = arith.trunci %m : i32 to i4
    %z = arith.extsi %n : i4 to i32
    memref.store %z, %o[%t] : memref<128xi32>
  }
  return
}
func.func @calls(%a: memref<128xi4>, %b: memref<128xi4>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c120 = arith.constant 120 : index
  %c128 = arith.constant 128 : index
  %c8 = arith.constant 8 : index
  scf.for %j = %c0 to %c128 step %c1 {
    %e = arith.remui %j, %c8 : index
    %g = arith.subi %j, %e : index
    %og = arith.subi %c120, %g : index
    %oj = arith.addi %og, %e : index
    %x = memref.load %a[%j] : memref<128xi4>
    %y = memref.load %a[%oj] : memref<128xi4>
    %xe = arith.extsi %x : i4 to i32
    %ye = arith.extsi %y : i4 to i32
    %s = arith.addi %xe, %ye : i32
    %n = arith.trunci %s : i32 to i4
    memref.store %n, %b[%j] : memref<128xi4>
  }
  return
}
