// The reference of ../upstream-flags.mlir, written with plain loads and arithmetic (eval):
// saturation by i64 arithmetic and a clamp; the shuffles by the lane arithmetic upstream's
// lowering gives (width 8: idx 10 and down past lane 7 keep the lane's own value).
func.func @mma_sat(%C: memref<32x4xi32>, %D: memref<32x4xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %add = arith.constant 2147483647 : i64
  %max = arith.constant 2147483647 : i64
  scf.for %l = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %c = memref.load %C[%l, %j] : memref<32x4xi32>
      %w = arith.extsi %c : i32 to i64
      %s = arith.addi %w, %add : i64
      %m = arith.minsi %s, %max : i64
      %t = arith.trunci %m : i64 to i32
      memref.store %t, %D[%l, %j] : memref<32x4xi32>
    }
  }
  return
}
func.func @shfl_w8(%X: memref<32xf32>, %I: memref<8xf32>, %V: memref<8xi32>,
                   %N: memref<8xf32>, %W: memref<8xi32>, %Y: memref<8xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  scf.for %l = %c0 to %c8 step %c1 {
    %x = memref.load %X[%l] : memref<32xf32>
    memref.store %x, %I[%l] : memref<8xf32>
    memref.store %zero, %V[%l] : memref<8xi32>
    %lo = arith.cmpi ult, %l, %c5 : index
    %l3 = arith.addi %l, %c3 : index
    %src = arith.select %lo, %l3, %l : index
    %n = memref.load %X[%src] : memref<32xf32>
    memref.store %n, %N[%l] : memref<8xf32>
    %nv = arith.select %lo, %one, %zero : i32
    memref.store %nv, %W[%l] : memref<8xi32>
    %lx = arith.xori %l, %c4 : index
    %y = memref.load %X[%lx] : memref<32xf32>
    memref.store %y, %Y[%l] : memref<8xf32>
  }
  return
}
