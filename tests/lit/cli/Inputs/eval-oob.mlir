// NO-ROUNDTRIP: not needed; papercuts.mlir checks that eval's error names line 6
func.func @oob(%x: memref<64xf32>, %out: memref<64xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c80 = arith.constant 80 : index
  %s = memref.load %x[%c80] : memref<64xf32>
  %v = vector.broadcast %s : f32 to vector<64xf32>
  vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  return
}
