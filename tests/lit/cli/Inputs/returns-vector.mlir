// NO-ROUNDTRIP: a kernel with an error (papercuts.mlir)
func.func @ret(%x: memref<64xf32>) -> vector<64xf32>
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<64xf32>, vector<64xf32>
  return %v : vector<64xf32>
}
