// A workgroup that is not a whole number of warps.
// RUN: not %vptx --emit=layout %s 2>&1 | %filecheck %s

func.func @threads(%m: memref<16xf32>) attributes {gpu.known_block_size = array<i32: 48, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %a = vector.transfer_read %m[%c0], %p {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  vector.transfer_write %a, %m[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}
// CHECK: err-workgroup-threads.mlir:4:1: error: 'func.func' has a workgroup of 48 threads; layout assignment needs a whole number of 32-lane subgroups, at most 1024 threads
