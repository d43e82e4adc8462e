// The reference of ../upstream-ops-sm90.mlir: for block b and thread t, the elected lane
// is the first of each warp (t mod 32 = 0); the barrier is not done after the
// no-complete arrivals and done after the others; with clusters of 2 blocks on a grid
// of 4, cluster id b / 2, 2 clusters, block b mod 2 in its cluster of 2, rank b mod 2.
func.func @h(%o: memref<4x8x64xi32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %b = gpu.block_id x
  %bi = arith.index_cast %b : index to i32
  %cid = arith.divui %bi, %two : i32
  %cbi = arith.remui %bi, %two : i32
  scf.for %t = %c0 to %c64 step %c1 {
    %lane = arith.remui %t, %c32 : index
    %first = arith.cmpi eq, %lane, %c0 : index
    %e = arith.select %first, %one, %zero : i32
    memref.store %e, %o[%b, %c0, %t] : memref<4x8x64xi32>
    memref.store %zero, %o[%b, %c1, %t] : memref<4x8x64xi32>
    memref.store %one, %o[%b, %c2, %t] : memref<4x8x64xi32>
    memref.store %cid, %o[%b, %c3, %t] : memref<4x8x64xi32>
    memref.store %two, %o[%b, %c4, %t] : memref<4x8x64xi32>
    memref.store %cbi, %o[%b, %c5, %t] : memref<4x8x64xi32>
    memref.store %two, %o[%b, %c6, %t] : memref<4x8x64xi32>
    memref.store %cbi, %o[%b, %c7, %t] : memref<4x8x64xi32>
  }
  return
}
