// vector.gather in vector-level code (no thread ids): vptx gathers in per-thread code
func.func @k(%src: memref<64xf32>, %out: memref<64xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %idx = arith.constant dense<3> : vector<64xi32>
  %m = arith.constant dense<true> : vector<64xi1>
  %pass = arith.constant dense<-1.0> : vector<64xf32>
  %g = vector.gather %src[%c0] [%idx], %m, %pass : memref<64xf32>, vector<64xi32>, vector<64xi1>, vector<64xf32> into vector<64xf32>
  vector.transfer_write %g, %out[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  return
}
