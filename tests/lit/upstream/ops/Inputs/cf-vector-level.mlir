// Input of ../cf-branches.mlir: a branch in vector-level code.
func.func @k(%a: memref<64xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %a[%c0], %z : memref<64xf32>, vector<64xf32>
  cf.br ^bb1
^bb1:
  vector.transfer_write %v, %a[%c0] : vector<64xf32>, memref<64xf32>
  return
}
