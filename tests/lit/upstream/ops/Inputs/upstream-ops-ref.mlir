// The reference of ../upstream-ops.mlir, with plain loads, arithmetic and stores (eval).
func.func @regs(%x: memref<32xf32>, %o: memref<4x32xi32>, %y: memref<32xf32>, %r: memref<32xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c32 = arith.constant 32 : index
  %n = arith.constant 32 : i32
  %one = arith.constant 1.0 : f32
  scf.for %t = %c0 to %c32 step %c1 {
    %ti = arith.index_cast %t : index to i32
    memref.store %ti, %o[%c0, %t] : memref<4x32xi32>
    memref.store %n, %o[%c1, %t] : memref<4x32xi32>
    memref.store %ti, %o[%c2, %t] : memref<4x32xi32>
    memref.store %n, %o[%c3, %t] : memref<4x32xi32>
    %src = arith.xori %t, %c5 : index
    %s = memref.load %x[%src] : memref<32xf32>
    memref.store %s, %y[%t] : memref<32xf32>
    %xv = memref.load %x[%t] : memref<32xf32>
    %rc = arith.divf %one, %xv : f32
    memref.store %rc, %r[%t] : memref<32xf32>
  }
  return
}
func.func @atomics(%xi: memref<32xi32>, %xf: memref<32xf32>, %acc: memref<6xi32>, %facc: memref<1xf32>,
                   %per: memref<96xf32>, %old: memref<96xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1 : i32
  scf.for %t = %c0 to %c32 step %c1 {
    %v = memref.load %xi[%t] : memref<32xi32>
    %f = memref.load %xf[%t] : memref<32xf32>
    %a0 = memref.load %acc[%c0] : memref<6xi32>
    %a0n = arith.addi %a0, %one : i32
    memref.store %a0n, %acc[%c0] : memref<6xi32>
    %a1 = memref.load %acc[%c1] : memref<6xi32>
    %a1n = arith.maxsi %a1, %v : i32
    memref.store %a1n, %acc[%c1] : memref<6xi32>
    %a2 = memref.load %acc[%c2] : memref<6xi32>
    %a2n = arith.minui %a2, %v : i32
    memref.store %a2n, %acc[%c2] : memref<6xi32>
    %a3 = memref.load %acc[%c3] : memref<6xi32>
    %a3n = arith.andi %a3, %v : i32
    memref.store %a3n, %acc[%c3] : memref<6xi32>
    %a4 = memref.load %acc[%c4] : memref<6xi32>
    %a4n = arith.ori %a4, %v : i32
    memref.store %a4n, %acc[%c4] : memref<6xi32>
    %a5 = memref.load %acc[%c5] : memref<6xi32>
    %a5n = arith.xori %a5, %v : i32
    memref.store %a5n, %acc[%c5] : memref<6xi32>
    %fa = memref.load %facc[%c0] : memref<1xf32>
    %fan = arith.addf %fa, %f : f32
    memref.store %fan, %facc[%c0] : memref<1xf32>
    %t1 = arith.addi %t, %c32 : index
    %t2 = arith.addi %t, %c64 : index
    %m0 = memref.load %per[%t] : memref<96xf32>
    %m0n = arith.mulf %m0, %f : f32
    memref.store %m0n, %per[%t] : memref<96xf32>
    memref.store %m0, %old[%t] : memref<96xf32>
    %m1 = memref.load %per[%t1] : memref<96xf32>
    %m1n = arith.maximumf %m1, %f : f32
    memref.store %m1n, %per[%t1] : memref<96xf32>
    memref.store %m1, %old[%t1] : memref<96xf32>
    %m2 = memref.load %per[%t2] : memref<96xf32>
    memref.store %f, %per[%t2] : memref<96xf32>
    memref.store %m2, %old[%t2] : memref<96xf32>
  }
  return
}
func.func @allred(%xi: memref<64xi32>, %xf: memref<64xf32>, %oi: memref<2x64xi32>, %of: memref<64xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zi = arith.constant 0 : i32
  %zf = arith.constant 0.0 : f32
  %v = vector.transfer_read %xi[%c0], %zi : memref<64xi32>, vector<64xi32>
  %f = vector.transfer_read %xf[%c0], %zf : memref<64xf32>, vector<64xf32>
  %s = vector.reduction <add>, %v : vector<64xi32> into i32
  %b = vector.reduction <maxsi>, %v : vector<64xi32> into i32
  %m = vector.reduction <maxnumf>, %f : vector<64xf32> into f32
  %sb = vector.broadcast %s : i32 to vector<64xi32>
  %bb = vector.broadcast %b : i32 to vector<64xi32>
  %mb = vector.broadcast %m : f32 to vector<64xf32>
  vector.transfer_write %sb, %oi[%c0, %c0] : vector<64xi32>, memref<2x64xi32>
  vector.transfer_write %bb, %oi[%c1, %c0] : vector<64xi32>, memref<2x64xi32>
  vector.transfer_write %mb, %of[%c0] : vector<64xf32>, memref<64xf32>
  return
}
