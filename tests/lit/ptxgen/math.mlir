// math.exp: ex2.approx.ftz of x*log2(e) by default; nvcc's accurate expf sequence under
// --precise-math (which also keeps mul/add from being contracted).
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_80 --precise-math %s -o %t.p.ptx && %filecheck --check-prefix=PRECISE %s < %t.p.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: %ptxas -arch=sm_80 %t.p.ptx -o %t.p.cubin

// CHECK-LABEL: .visible .entry math(
// CHECK: mul.f32 [[T:%f_[A-Za-z0-9_$]+_[0-9]+]], {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 0f3FB8AA3B;
// CHECK-NEXT: ex2.approx.ftz.f32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}, [[T]];
// CHECK: lg2.approx.ftz.f32
// CHECK: mul.f32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 0f3F317218;
// CHECK: sqrt.rn.f32
// CHECK: rsqrt.approx.ftz.f32
// CHECK: tanh.approx.f32
// CHECK: cvt.f32.f16
// CHECK: ex2.approx.ftz.f32
// CHECK: cvt.rn.f16.f32
// PRECISE: fma.rn.f32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 0f3BBB989D, 0f3F000000;
// PRECISE: cvt.sat.f32.f32
// PRECISE: fma.rm.f32
// PRECISE: ex2.approx.ftz.f32
// PRECISE: add.f32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 0fBF800000;
// PRECISE: copysign.f32
// PRECISE-NOT: tanh.approx

module {
  func.func @math(%x: f32, %h: f16, %out: memref<8xf32>, %outh: memref<8xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %e = math.exp %x : f32
    memref.store %e, %out[%c0] : memref<8xf32>
    %l = math.log %x : f32
    memref.store %l, %out[%c1] : memref<8xf32>
    %s = math.sqrt %x : f32
    memref.store %s, %out[%c2] : memref<8xf32>
    %r = math.rsqrt %x : f32
    memref.store %r, %out[%c3] : memref<8xf32>
    %t = math.tanh %x : f32
    memref.store %t, %out[%c4] : memref<8xf32>
    %eh = math.exp %h : f16
    memref.store %eh, %outh[%c0] : memref<8xf16>
    return
  }
}
