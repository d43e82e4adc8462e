// Input of ../err-device-functions.mlir: recursion in vector-level code (inlined).
func.func @rec(%x: vector<64xf32>) -> vector<64xf32> {
  %r = func.call @rec(%x) : (vector<64xf32>) -> vector<64xf32>
  return %r : vector<64xf32>
}
func.func @k(%a: memref<64xf32>) attributes {gpu.kernel, gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %a[%c0], %z : memref<64xf32>, vector<64xf32>
  %w = func.call @rec(%v) : (vector<64xf32>) -> vector<64xf32>
  vector.transfer_write %w, %a[%c0] : vector<64xf32>, memref<64xf32>
  return
}
