// Row sums: out[i] = sum_j x[i, j] for an 8x64 f32 tile, one workgroup of two warps.
// Vector level: the layout pass spreads each row over the 64 threads, distribute
// turns the reduction into a butterfly (gpu.subgroup_reduce) plus a cross-warp step
// through workgroup memory.  examples/simt/k1_reduce.mlir is the same kernel written
// by hand at the SIMT level and is checked against this file.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS k1_reduce (sim vs eval
func.func @k1_reduce(%x: memref<8x64xf32>, %out: memref<8xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x64xf32>, vector<8x64xf32>
  %z = arith.constant dense<0.0> : vector<8xf32>
  %s = vector.multi_reduction <add>, %v, %z [1] : vector<8x64xf32> to vector<8xf32>
  vector.transfer_write %s, %out[%c0] {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
  return
}
