// --fast-math's f32 division (rcp.approx.f32 + one Newton step, 2 ulp: 2^-23) enters
// the tolerance as a math error of 2^-22 (tools/tolerance.c); without the flag a
// division is one IEEE rounding and adds none.  A row-wise normalisation, x / sum(x),
// passes either way.
// RUN: %vptx check --backend=sim --fast-math --verbose %s | %filecheck %s
// RUN: %vptx check --backend=sim --verbose %s | %filecheck --check-prefix=IEEE %s
// CHECK: argument #1: rtol {{.*}}, math error 2.38e-07)
// CHECK: PASS normalize (sim vs eval
// IEEE: argument #1: rtol {{.*}}, math error 0)
// IEEE: PASS normalize (sim vs eval
func.func @normalize(%in: memref<16x64xf32>, %out: memref<16x64xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %in[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x64xf32>, vector<16x64xf32>
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %s = vector.multi_reduction <add>, %x, %zero [1] : vector<16x64xf32> to vector<16xf32>
  %sb = vector.broadcast %s : vector<16xf32> to vector<64x16xf32>
  %st = vector.transpose %sb, [1, 0] : vector<64x16xf32> to vector<16x64xf32>
  %r = arith.divf %x, %st : vector<16x64xf32>
  vector.transfer_write %r, %out[%c0, %c0] {in_bounds = [true, true]} : vector<16x64xf32>, memref<16x64xf32>
  return
}
