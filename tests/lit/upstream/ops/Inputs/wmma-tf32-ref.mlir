// The reference of ../wmma-tf32.mlir (eval): out = 1 + A B with A and B cut to tf32.
func.func @tf32(%a: memref<16x8xf32>, %bt: memref<16x8xf32>, %out: memref<16x16xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %mask = arith.constant -8192 : i32
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %one) -> (f32) {
        %x = memref.load %a[%i, %k] : memref<16x8xf32>
        %y = memref.load %bt[%j, %k] : memref<16x8xf32>
        %xi = arith.bitcast %x : f32 to i32
        %yi = arith.bitcast %y : f32 to i32
        %xm = arith.andi %xi, %mask : i32
        %ym = arith.andi %yi, %mask : i32
        %xt = arith.bitcast %xm : i32 to f32
        %yt = arith.bitcast %ym : i32 to f32
        %p = arith.mulf %xt, %yt : f32
        %n = arith.addf %acc, %p : f32
        scf.yield %n : f32
      }
      memref.store %s, %out[%i, %j] : memref<16x16xf32>
    }
  }
  return
}
