// Input of ../kernel-roles.mlir: no kernel marks; @sq is called, @a and @b are not.
func.func @sq(%x: f32) -> f32 {
  %y = arith.mulf %x, %x : f32
  return %y : f32
}
func.func @a(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<4xf32>
  %y = func.call @sq(%x) : (f32) -> f32
  memref.store %y, %m[%c0] : memref<4xf32>
  return
}
func.func @b(%m: memref<4xf32>) {
  return
}
