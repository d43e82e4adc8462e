// Packed 16-bit math: math.exp / math.exp2 on f16 pairs become mul/fma/ex2.approx.f16x2
// (bf16x2 on sm_90; sm_80 has no bf16x2 ex2, so bf16 stays on the f32 route there), and
// ops without a 16-bit instruction (divf) round two results back with one
// cvt.rn.f16x2.f32.  An f16 divf is a/b in f32 without div.rn.f32: rcp.approx, a
// product and one fma correction, correctly rounded once it is rounded to f16
// (ptxgen/isel_arith.c f16_quotient); zeros, infinities and NaN keep the product.
// tests/unit/test_packed16.c checks the values against C.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90 %s -o %t90.ptx && %filecheck --check-prefix=SM90 %s < %t90.ptx
// RUN: %vptx --emit=ptx --arch=sm_80 --precise-math %s -o %tp.ptx && %filecheck --check-prefix=PRECISE %s < %tp.ptx
// RUN: %vptx check %s --backend=sim | %filecheck --check-prefix=SIM %s
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: %ptxas -arch=sm_90 %t90.ptx -o %t90.cubin

// CHECK-LABEL: .visible .entry exp_f16(
// CHECK: mov.b32 [[LO:%r_[A-Za-z0-9_$]+_[0-9]+]], 220073246;
// CHECK: mul.f16x2 [[M:%r_[A-Za-z0-9_$]+_[0-9]+]], [[X:%r_[A-Za-z0-9_$]+_[0-9]+]], [[LO]];
// CHECK: fma.rn.f16x2 [[T:%r_[A-Za-z0-9_$]+_[0-9]+]], [[X]], {{%r_[A-Za-z0-9_$]+_[0-9]+}}, [[M]];
// CHECK: ex2.approx.f16x2 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, [[T]];
// CHECK-NOT: cvt.f32.f16
// CHECK-LABEL: .visible .entry div_f16(
// CHECK-NOT: div.rn.f32
// CHECK: cvt.f32.f16 [[A:%f_[A-Za-z0-9_$]+_[0-9]+]],
// CHECK: cvt.f32.f16 [[B:%f_[A-Za-z0-9_$]+_[0-9]+]],
// CHECK: rcp.approx.ftz.f32 [[R:%f_[A-Za-z0-9_$]+_[0-9]+]], [[B]];
// CHECK: neg.f32 [[NB:%f_[A-Za-z0-9_$]+_[0-9]+]], [[B]];
// CHECK: mul.rn.f32 [[Q0:%f_[A-Za-z0-9_$]+_[0-9]+]], [[A]], [[R]];
// CHECK: fma.rn.f32 [[E:%f_[A-Za-z0-9_$]+_[0-9]+]], [[NB]], [[Q0]], [[A]];
// CHECK: fma.rn.f32 [[Q1:%f_[A-Za-z0-9_$]+_[0-9]+]], [[E]], [[R]], [[Q0]];
// CHECK: testp.normal.f32 [[P:%p_[A-Za-z0-9_$]+_[0-9]+]], [[Q0]];
// CHECK: selp.f32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}, [[Q1]], [[Q0]], [[P]];
// CHECK: cvt.rn.f16x2.f32
// CHECK-NOT: cvt.rn.f16.f32
// CHECK-NOT: div.rn.f32
// CHECK-LABEL: .visible .entry exp_bf16(
// CHECK-NOT: ex2.approx.ftz.bf16x2
// CHECK: cvt.rn.bf16x2.f32
// SM90-LABEL: .visible .entry exp_bf16(
// SM90: mul.rn.bf16x2
// SM90: fma.rn.bf16x2
// SM90: ex2.approx.ftz.bf16x2
// PRECISE-LABEL: .visible .entry exp_f16(
// PRECISE-NOT: ex2.approx.f16x2
// PRECISE: cvt.rn.f16x2.f32
// SIM: PASS exp_f16
// SIM: PASS div_f16
// SIM: PASS exp_bf16
func.func @exp_f16(%a: memref<128xf16>, %b: memref<128xf16>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf16>, vector<128xf16>
  %w = math.exp %v : vector<128xf16>
  vector.transfer_write %w, %b[%c0] {in_bounds = [true]} : vector<128xf16>, memref<128xf16>
  return
}
func.func @div_f16(%a: memref<128xf16>, %b: memref<128xf16>, %c: memref<128xf16>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  %x = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf16>, vector<128xf16>
  %y = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<128xf16>, vector<128xf16>
  %q = arith.divf %x, %y : vector<128xf16>
  vector.transfer_write %q, %c[%c0] {in_bounds = [true]} : vector<128xf16>, memref<128xf16>
  return
}
func.func @exp_bf16(%a: memref<128xbf16>, %b: memref<128xbf16>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xbf16>, vector<128xbf16>
  %w = math.exp %v : vector<128xbf16>
  vector.transfer_write %w, %b[%c0] {in_bounds = [true]} : vector<128xbf16>, memref<128xbf16>
  return
}
