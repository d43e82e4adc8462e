// Softmax of each row of a 16x64 f32 tile: y = exp(x - max(x)) / sum(exp(x - max(x))).
// Two reductions (max, then add), each broadcast back along the row; the layout pass
// keeps everything in registers (clustered shuffles over the lanes of a row).
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx check --fast-math %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS softmax (sim vs eval
func.func @softmax(%in: memref<16x64xf32>, %out: memref<16x64xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %in[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x64xf32>, vector<16x64xf32>
  %ninf = arith.constant dense<0xFF800000> : vector<16xf32>
  %mx = vector.multi_reduction <maximumf>, %x, %ninf [1] : vector<16x64xf32> to vector<16xf32>
  %mb = vector.broadcast %mx : vector<16xf32> to vector<64x16xf32>
  %mt = vector.transpose %mb, [1, 0] : vector<64x16xf32> to vector<16x64xf32>
  %d = arith.subf %x, %mt : vector<16x64xf32>
  %e = math.exp %d : vector<16x64xf32>
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %s = vector.multi_reduction <add>, %e, %zero [1] : vector<16x64xf32> to vector<16xf32>
  %sb = vector.broadcast %s : vector<16xf32> to vector<64x16xf32>
  %st = vector.transpose %sb, [1, 0] : vector<64x16xf32> to vector<16x64xf32>
  %r = arith.divf %e, %st : vector<16x64xf32>
  vector.transfer_write %r, %out[%c0, %c0] {in_bounds = [true, true]} : vector<16x64xf32>, memref<16x64xf32>
  return
}
