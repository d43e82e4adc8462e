// A splat constant of 10^9 elements is a located error, not 4 GB written out.
// RUN: not %vptx %s 2>&1 | %filecheck %s
// CHECK: limit-splat-per-thread.mlir:[[@LINE+4]]:8: error: 'arith.constant' result #0 (1000000000 elements) leaves 15625000 elements to each thread; vptx allows at most 1024 per thread
func.func @k(%x: memref<1000000000xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %v = arith.constant dense<0.0> : vector<1000000000xf32>
  vector.transfer_write %v, %x[%c0] {in_bounds = [true]} : vector<1000000000xf32>, memref<1000000000xf32>
  return
}
