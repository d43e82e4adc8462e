// The reference of ../subgroup-reduce.mlir: each reduction of the 32 lanes' values as a
// vector.reduction (eval), broadcast to every lane; the cluster of 8 as a reduction of
// each group of 8 (vector.shape_cast to 4x8, vector.multi_reduction).
func.func @sg(%x: memref<32xi32>, %f: memref<32xf32>, %o: memref<10x32xi32>, %of: memref<2x32xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %zi = arith.constant 0 : i32
  %zf = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0], %zi : memref<32xi32>, vector<32xi32>
  %fv = vector.transfer_read %f[%c0], %zf : memref<32xf32>, vector<32xf32>
  %a = vector.reduction <add>, %v : vector<32xi32> into i32
  %b = vector.reduction <minsi>, %v : vector<32xi32> into i32
  %c = vector.reduction <minui>, %v : vector<32xi32> into i32
  %d = vector.reduction <maxsi>, %v : vector<32xi32> into i32
  %e = vector.reduction <maxui>, %v : vector<32xi32> into i32
  %g = vector.reduction <and>, %v : vector<32xi32> into i32
  %h = vector.reduction <or>, %v : vector<32xi32> into i32
  %i = vector.reduction <xor>, %v : vector<32xi32> into i32
  %j = vector.reduction <mul>, %v : vector<32xi32> into i32
  %fa = vector.reduction <add>, %fv : vector<32xf32> into f32
  %fm = vector.reduction <maxnumf>, %fv : vector<32xf32> into f32
  %g8 = vector.shape_cast %v : vector<32xi32> to vector<4x8xi32>
  %z4 = arith.constant dense<0> : vector<4xi32>
  %k4 = vector.multi_reduction <add>, %g8, %z4 [1] : vector<4x8xi32> to vector<4xi32>
  %k48 = vector.broadcast %k4 : vector<4xi32> to vector<8x4xi32>
  %k84 = vector.transpose %k48, [1, 0] : vector<8x4xi32> to vector<4x8xi32>
  %k = vector.shape_cast %k84 : vector<4x8xi32> to vector<32xi32>
  %ab = vector.broadcast %a : i32 to vector<32xi32>
  %bb = vector.broadcast %b : i32 to vector<32xi32>
  %cb = vector.broadcast %c : i32 to vector<32xi32>
  %db = vector.broadcast %d : i32 to vector<32xi32>
  %eb = vector.broadcast %e : i32 to vector<32xi32>
  %gb = vector.broadcast %g : i32 to vector<32xi32>
  %hb = vector.broadcast %h : i32 to vector<32xi32>
  %ib = vector.broadcast %i : i32 to vector<32xi32>
  %jb = vector.broadcast %j : i32 to vector<32xi32>
  %fab = vector.broadcast %fa : f32 to vector<32xf32>
  %fmb = vector.broadcast %fm : f32 to vector<32xf32>
  vector.transfer_write %ab, %o[%c0, %c0] : vector<32xi32>, memref<10x32xi32>
  vector.transfer_write %bb, %o[%c1, %c0] : vector<32xi32>, memref<10x32xi32>
  vector.transfer_write %cb, %o[%c2, %c0] : vector<32xi32>, memref<10x32xi32>
  vector.transfer_write %db, %o[%c3, %c0] : vector<32xi32>, memref<10x32xi32>
  vector.transfer_write %eb, %o[%c4, %c0] : vector<32xi32>, memref<10x32xi32>
  vector.transfer_write %gb, %o[%c5, %c0] : vector<32xi32>, memref<10x32xi32>
  vector.transfer_write %hb, %o[%c6, %c0] : vector<32xi32>, memref<10x32xi32>
  vector.transfer_write %ib, %o[%c7, %c0] : vector<32xi32>, memref<10x32xi32>
  vector.transfer_write %jb, %o[%c8, %c0] : vector<32xi32>, memref<10x32xi32>
  vector.transfer_write %k, %o[%c9, %c0] : vector<32xi32>, memref<10x32xi32>
  vector.transfer_write %fab, %of[%c0, %c0] : vector<32xf32>, memref<2x32xf32>
  vector.transfer_write %fmb, %of[%c1, %c0] : vector<32xf32>, memref<2x32xf32>
  return
}
