// The reference of ../subgroup-reduce-f32.mlir: each reduction of the 32 lanes' values as
// a vector.reduction (eval), broadcast to every lane.
func.func @sgf(%f: memref<32xf32>, %of: memref<4x32xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zf = arith.constant 0.0 : f32
  %fv = vector.transfer_read %f[%c0], %zf : memref<32xf32>, vector<32xf32>
  %a = vector.reduction <maxnumf>, %fv : vector<32xf32> into f32
  %b = vector.reduction <minnumf>, %fv : vector<32xf32> into f32
  %c = vector.reduction <maximumf>, %fv : vector<32xf32> into f32
  %d = vector.reduction <minimumf>, %fv : vector<32xf32> into f32
  %ab = vector.broadcast %a : f32 to vector<32xf32>
  %bb = vector.broadcast %b : f32 to vector<32xf32>
  %cb = vector.broadcast %c : f32 to vector<32xf32>
  %db = vector.broadcast %d : f32 to vector<32xf32>
  vector.transfer_write %ab, %of[%c0, %c0] : vector<32xf32>, memref<4x32xf32>
  vector.transfer_write %bb, %of[%c1, %c0] : vector<32xf32>, memref<4x32xf32>
  vector.transfer_write %cb, %of[%c2, %c0] : vector<32xf32>, memref<4x32xf32>
  vector.transfer_write %db, %of[%c3, %c0] : vector<32xf32>, memref<4x32xf32>
  return
}
