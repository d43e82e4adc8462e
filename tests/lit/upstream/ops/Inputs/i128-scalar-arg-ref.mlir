// The reference of ../i128-scalar-arg.mlir (eval): rows whose sel is positive get x.
func.func @fill(%a: memref<4x8xi128>, %x: i128, %sel: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  scf.for %r = %c0 to %c4 step %c1 {
    %k = memref.load %sel[%r] : memref<4xi32>
    %p = arith.cmpi sgt, %k, %z : i32
    scf.if %p {
      scf.for %c = %c0 to %c8 step %c1 {
        memref.store %x, %a[%r, %c] : memref<4x8xi128>
      }
    }
  }
  return
}
