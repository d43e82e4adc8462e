// The reference of ../gather-scatter-scan.mlir: the same results with scalar loads,
// arithmetic and stores (eval), no gather, scatter or scan.
func.func @gs(%src: memref<64x8xf32>, %out: memref<64x8xf32>, %dst: memref<64x8xf32>,
              %sc: memref<64x8xi32>, %acc: memref<64xi32>, %sc2: memref<64x8xf32>,
              %acc2: memref<64x2xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c13 = arith.constant 13 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %i1000 = arith.constant 1000 : i32
  %i0 = arith.constant 0 : i32
  %m1 = arith.constant -1.0 : f32
  %init0 = arith.constant -2.5 : f32
  %init1 = arith.constant 0.25 : f32
  scf.for %t = %c0 to %c64 step %c1 {
    %t5 = arith.muli %t, %c5 : index
    %t8 = arith.muli %t, %c8 : index
    %tm = arith.remui %t, %c8 : index
    %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%run = %i0) -> (i32) {
      %k13 = arith.muli %k, %c13 : index
      %s = arith.addi %t5, %k13 : index
      %p = arith.remui %s, %c512 : index
      %low = arith.andi %p, %c3 : index
      %on = arith.cmpi ne, %low, %c1 : index
      %v = scf.if %on -> (f32) {
        %row = arith.divui %p, %c8 : index
        %col = arith.remui %p, %c8 : index
        %x = memref.load %src[%row, %col] : memref<64x8xf32>
        scf.yield %x : f32
      } else {
        scf.yield %m1 : f32
      }
      memref.store %v, %out[%t, %k] : memref<64x8xf32>
      %k3 = arith.muli %k, %c3 : index
      %qs = arith.addi %k3, %t : index
      %q = arith.remui %qs, %c8 : index
      %keep = arith.cmpi ne, %k, %tm : index
      scf.if %keep {
        %v2 = arith.addf %v, %v : f32
        memref.store %v2, %dst[%t, %q] : memref<64x8xf32>
      }
      %pi = arith.index_cast %p : index to i32
      %t8i = arith.index_cast %t8 : index to i32
      %rel = arith.subi %pi, %t8i : i32
      %next = arith.addi %run, %rel : i32
      memref.store %next, %sc[%t, %k] : memref<64x8xi32>
      scf.yield %next : i32
    }
    memref.store %sum, %acc[%t] : memref<64xi32>
    // exclusive maxnumf along each half of out[t]: init, max(init, x0), ...
    scf.for %r = %c0 to %c2 step %c1 {
      %is0 = arith.cmpi eq, %r, %c0 : index
      %init = arith.select %is0, %init0, %init1 : f32
      %b = arith.muli %r, %c4 : index
      %last = scf.for %j = %c0 to %c4 step %c1 iter_args(%run = %init) -> (f32) {
        %col = arith.addi %b, %j : index
        memref.store %run, %sc2[%t, %col] : memref<64x8xf32>
        %x = memref.load %out[%t, %col] : memref<64x8xf32>
        %n = arith.maxnumf %run, %x : f32
        scf.yield %n : f32
      }
      // the accumulated value is the last element of the scan, not the max with x3
      %c3r = arith.addi %b, %c3 : index
      %l = memref.load %sc2[%t, %c3r] : memref<64x8xf32>
      memref.store %l, %acc2[%t, %r] : memref<64x2xf32>
    }
  }
  return
}

func.func @sh(%x: memref<256xi16>, %out: memref<64x4xi16>, %sc: memref<64x4xi16>,
              %acc: memref<64x2xi16>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c37 = arith.constant 37 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %c128 = arith.constant 128 : index
  %pass = arith.constant -7 : i16
  scf.for %t = %c0 to %c64 step %c1 {
    %s7 = arith.muli %t, %c7 : index
    %start = arith.remui %s7, %c128 : index
    %a0 = arith.addi %start, %c0 : index
    %a1 = arith.addi %start, %c37 : index
    %a3 = arith.addi %start, %c100 : index
    %g0 = memref.load %x[%a0] : memref<256xi16>
    %g1 = memref.load %x[%a1] : memref<256xi16>
    %g3 = memref.load %x[%a3] : memref<256xi16>
    memref.store %g0, %out[%t, %c0] : memref<64x4xi16>
    memref.store %g1, %out[%t, %c1] : memref<64x4xi16>
    memref.store %pass, %out[%t, %c2] : memref<64x4xi16>
    memref.store %g3, %out[%t, %c3] : memref<64x4xi16>
    // inclusive maxsi down the columns of [[g0, g1], [-7, g3]]
    %m0 = arith.maxsi %g0, %pass : i16
    %m1 = arith.maxsi %g1, %g3 : i16
    memref.store %g0, %sc[%t, %c0] : memref<64x4xi16>
    memref.store %g1, %sc[%t, %c1] : memref<64x4xi16>
    memref.store %m0, %sc[%t, %c2] : memref<64x4xi16>
    memref.store %m1, %sc[%t, %c3] : memref<64x4xi16>
    memref.store %m0, %acc[%t, %c0] : memref<64x2xi16>
    memref.store %m1, %acc[%t, %c1] : memref<64x2xi16>
  }
  return
}
