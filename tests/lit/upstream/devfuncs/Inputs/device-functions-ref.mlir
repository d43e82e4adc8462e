// The reference of ../device-functions.mlir, lane by lane with scalar loads and stores
// (eval): out[t] = w0[31 - t], out[t + 32] = w1[t], where for lane t
//   y = 2 x[t] + 1,  f = (t mod 7)!,  p = t < 16 ? y : f,  (w0, w1) = (p + x[t], x[t] + p).
func.func @fact(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %n1 = arith.addi %n, %c1 : i32
  %r = scf.for %i = %c2 to %n1 step %c1 iter_args(%acc = %c1) -> (i32) : i32 {
    %p = arith.muli %acc, %i : i32
    scf.yield %p : i32
  }
  return %r : i32
}
func.func @dev(%x: memref<?xf32>, %out: memref<?xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %c7 = arith.constant 7 : i32
  scf.for %t = %c0 to %c32 step %c1 {
    %xv = memref.load %x[%t] : memref<?xf32>
    %ax = arith.mulf %two, %xv : f32
    %y = arith.addf %ax, %one : f32
    %ti = arith.index_cast %t : index to i32
    %k = arith.remui %ti, %c7 : i32
    %f = func.call @fact(%k) : (i32) -> i32
    %ff = arith.sitofp %f : i32 to f32
    %lo = arith.cmpi ult, %t, %c16 : index
    %p = arith.select %lo, %y, %ff : f32
    %w0 = arith.addf %p, %xv : f32
    %w1 = arith.addf %xv, %p : f32
    %j = arith.subi %c31, %t : index
    memref.store %w0, %out[%j] : memref<?xf32>
    %t2 = arith.addi %t, %c32 : index
    memref.store %w1, %out[%t2] : memref<?xf32>
  }
  return
}
