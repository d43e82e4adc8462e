// The reference of ../shfl-valid-partial.mlir: each lane's source lane j and valid bit from
// the pseudocode of PTX's shfl.sync (ISA 9.7.9.6): maxLane = (lane & segmask) | (clamp &
// ~segmask), minLane = lane & segmask; down: j = lane + b, valid j <= maxLane; up:
// j = lane - b, valid j >= maxLane; idx: j = minLane | (b & ~segmask); an invalid lane
// keeps its own value.
func.func @valid(%x: memref<32xf32>, %xi: memref<32xi32>, %y: memref<2x32xf32>, %ok: memref<2x32xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  scf.for %t = %c0 to %c32 step %c1 {
    // down 5, clamp 31, no segments: valid while lane + 5 <= 31
    %j = arith.addi %t, %c5 : index
    %ok0 = arith.cmpi ule, %j, %c31 : index
    %src = arith.select %ok0, %j, %t : index
    %v = memref.load %x[%src] : memref<32xf32>
    %oki = arith.extui %ok0 : i1 to i32
    memref.store %v, %y[%c0, %t] : memref<2x32xf32>
    memref.store %oki, %ok[%c0, %t] : memref<2x32xi32>
    // up 3, c = 0: maxLane 0, valid while lane - 3 >= 0
    %ok1 = arith.cmpi uge, %t, %c3 : index
    %ju = arith.subi %t, %c3 : index
    %srcu = arith.select %ok1, %ju, %t : index
    %u = memref.load %xi[%srcu] : memref<32xi32>
    %uf = arith.sitofp %u : i32 to f32
    %ok1i = arith.extui %ok1 : i1 to i32
    memref.store %uf, %y[%c1, %t] : memref<2x32xf32>
    memref.store %ok1i, %ok[%c1, %t] : memref<2x32xi32>
  }
  return
}
func.func @partial(%x: memref<32xf32>, %y: memref<3x32xf32>, %ok: memref<3x32xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  // lanes 0-15: down 4, clamp 15 (segmask 0): valid while lane + 4 <= 15
  scf.for %t = %c0 to %c16 step %c1 {
    %j = arith.addi %t, %c4 : index
    %ok0 = arith.cmpi ule, %j, %c15 : index
    %src = arith.select %ok0, %j, %t : index
    %v = memref.load %x[%src] : memref<32xf32>
    %oki = arith.extui %ok0 : i1 to i32
    memref.store %v, %y[%c0, %t] : memref<3x32xf32>
    memref.store %oki, %ok[%c0, %t] : memref<3x32xi32>
  }
  scf.for %t = %c0 to %c32 step %c1 {
    // segmask 24 (8-lane segments), clamp 7: idx 2 reads lane (t & 24) | 2
    %min = arith.andi %t, %c24 : index
    %g = arith.ori %min, %c2 : index
    %gv = memref.load %x[%g] : memref<32xf32>
    memref.store %gv, %y[%c1, %t] : memref<3x32xf32>
    // segmask 24, clamp 0: maxLane = t & 24; up 1 valid while t - 1 >= t & 24
    %ok2 = arith.cmpi ugt, %t, %min : index
    %ju = arith.subi %t, %c1 : index
    %srcu = arith.select %ok2, %ju, %t : index
    %uv = memref.load %x[%srcu] : memref<32xf32>
    %ok2i = arith.extui %ok2 : i1 to i32
    memref.store %uv, %y[%c2, %t] : memref<3x32xf32>
    memref.store %ok2i, %ok[%c2, %t] : memref<3x32xi32>
  }
  return
}
