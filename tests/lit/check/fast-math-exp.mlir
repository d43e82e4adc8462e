// --fast-math computes exp(a - b) (f32) as ex2.approx.ftz(fma(a, log2 e, b * -log2 e))
// with b * -log2 e once per row (ptxgen/isel_math.c): one fma an element instead of a
// sub and a mul, at the price of the rounding of b * log2 e, a relative error of
// |b| 2^-24 in the result.  `vptx check --fast-math` adds max(1, n) 2^-24 to the math
// error (tools/tolerance.c; n, the longest accumulation, bounds |b| for check's inputs
// in [-1, 1]): a row softmax numerator exp(x - max x) passes with it.  Shifted by 8192
// (exp((x + 8192) - max(x + 8192)), the same values in exact arithmetic) |b| is 8192,
// past that allowance: the fold's error (up to |b| 2^-24 = 2^-11 relative) is real, and check
// reports it, while the default code (sub.f32, exact here, then mul) passes.
// RUN: %vptx check --backend=sim --fast-math --verbose --kernel=row_exp %s | %filecheck %s
// RUN: not %vptx check --backend=sim --fast-math --kernel=row_exp_far %s | %filecheck --check-prefix=FAR %s
// RUN: %vptx check --backend=sim --kernel=row_exp_far %s | %filecheck --check-prefix=DEFAULT %s
// RUN: %vptx --emit=ptx --arch=sm_80 --fast-math --kernel=row_exp %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_80 --kernel=row_exp %s | %filecheck --check-prefix=IEEE %s
// CHECK: argument #1: rtol {{.*}}, math error 5.72e-06)
// CHECK: PASS row_exp (sim vs eval
// FAR: FAIL row_exp_far
// DEFAULT: PASS row_exp_far (sim vs eval
// The row maximum times -log2 e, once per row, then one fma and one ex2 per element:
// PTX: mul.f32 [[N:%f_[A-Za-z0-9_$]+_[0-9]+]], [[M:%f_[A-Za-z0-9_$]+_[0-9]+]], 0fBFB8AA3B;
// PTX-NEXT: fma.rn.f32 [[T:%f_[A-Za-z0-9_$]+_[0-9]+]], %f_{{[A-Za-z0-9_$]+_[0-9]+}}, 0f3FB8AA3B, [[N]];
// PTX-NEXT: ex2.approx.ftz.f32 %f_{{[A-Za-z0-9_$]+_[0-9]+}}, [[T]];
// PTX-NOT: mul.f32 {{.*}}0fBFB8AA3B
// PTX-NOT: sub.f32
// PTX: fma.rn.f32 {{.*}}, 0f3FB8AA3B, [[N]];
// IEEE: sub.f32
// IEEE: mul.f32 {{.*}}0f3FB8AA3B;
// IEEE-NOT: fma.rn.f32
func.func @row_exp(%in: memref<16x64xf32>, %out: memref<16x64xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %in[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x64xf32>, vector<16x64xf32>
  %minf = arith.constant dense<-1.0e+30> : vector<16xf32>
  %m = vector.multi_reduction <maximumf>, %x, %minf [1] : vector<16x64xf32> to vector<16xf32>
  %mb = vector.broadcast %m : vector<16xf32> to vector<64x16xf32>
  %mt = vector.transpose %mb, [1, 0] : vector<64x16xf32> to vector<16x64xf32>
  %d = arith.subf %x, %mt : vector<16x64xf32>
  %p = math.exp %d : vector<16x64xf32>
  vector.transfer_write %p, %out[%c0, %c0] {in_bounds = [true, true]} : vector<16x64xf32>, memref<16x64xf32>
  return
}
func.func @row_exp_far(%in: memref<16x64xf32>, %out: memref<16x64xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x0 = vector.transfer_read %in[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x64xf32>, vector<16x64xf32>
  %far = arith.constant dense<8192.0> : vector<16x64xf32>
  %x = arith.addf %x0, %far : vector<16x64xf32>
  %minf = arith.constant dense<-1.0e+30> : vector<16xf32>
  %m = vector.multi_reduction <maximumf>, %x, %minf [1] : vector<16x64xf32> to vector<16xf32>
  %mb = vector.broadcast %m : vector<16xf32> to vector<64x16xf32>
  %mt = vector.transpose %mb, [1, 0] : vector<64x16xf32> to vector<16x64xf32>
  %d = arith.subf %x, %mt : vector<16x64xf32>
  %p = math.exp %d : vector<16x64xf32>
  vector.transfer_write %p, %out[%c0, %c0] {in_bounds = [true, true]} : vector<16x64xf32>, memref<16x64xf32>
  return
}
