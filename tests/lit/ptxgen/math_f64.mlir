// f64 math.*, math.erf on f32 (through f64) and --precise-math sin/cos/powf on f32 (through
// f64): straight-line IEEE f64 sequences (ptxgen/isel_math64.c); their accuracy is
// measured on the simulator by tests/unit/test_math_precision.c.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_80 --precise-math %s -o %t.p.ptx && %filecheck --check-prefix=PRECISE %s < %t.p.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: %ptxas -arch=sm_80 %t.p.ptx -o %t.p.cubin

// CHECK-LABEL: .visible .entry f64math(
// exp: rint(x log2 e), two fma reduction steps, 2^k built from the exponent bits
// CHECK: mul.rn.f64 [[K:%fd_[A-Za-z0-9_$]+_[0-9]+]], {{%fd_[A-Za-z0-9_$]+_[0-9]+}}, 0d3FF71547652B82FE;
// CHECK-NEXT: cvt.rni.f64.f64 {{%fd_[A-Za-z0-9_$]+_[0-9]+}}, [[K]];
// CHECK: shl.b64 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, 52;
// log: s = f / (f + 2)
// CHECK: div.rn.f64
// sin: three-part pi/2
// CHECK: fma.rn.f64 {{%fd_[A-Za-z0-9_$]+_[0-9]+}}, {{%fd_[A-Za-z0-9_$]+_[0-9]+}}, 0d3FF921FB54442D18, {{%fd_[A-Za-z0-9_$]+_[0-9]+}};
// rsqrt
// CHECK: sqrt.rn.f64
// CHECK-NEXT: rcp.rn.f64
// CHECK-NOT: .approx.f64
// CHECK-LABEL: .visible .entry f32math(
// erf in f64, rounded once
// CHECK: cvt.f64.f32
// CHECK: cvt.rn.f32.f64
// default sin/powf stay .approx
// CHECK: sin.approx.ftz.f32
// CHECK: lg2.approx.ftz.f32
// PRECISE-LABEL: .visible .entry f32math(
// PRECISE-NOT: sin.approx
// PRECISE-NOT: lg2.approx
// PRECISE: cvt.rzi.f64.f64
// PRECISE: cvt.rn.f32.f64

module {
  func.func @f64math(%x: f64, %out: memref<9xf64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %a = math.exp %x : f64
    memref.store %a, %out[%c0] : memref<9xf64>
    %b = math.log %x : f64
    memref.store %b, %out[%c1] : memref<9xf64>
    %c = math.sin %x : f64
    memref.store %c, %out[%c2] : memref<9xf64>
    %d = math.rsqrt %x : f64
    memref.store %d, %out[%c3] : memref<9xf64>
    %e = math.cos %x : f64
    memref.store %e, %out[%c4] : memref<9xf64>
    %f = math.tanh %x : f64
    memref.store %f, %out[%c5] : memref<9xf64>
    %g = math.erf %x : f64
    memref.store %g, %out[%c6] : memref<9xf64>
    %h = math.exp2 %x : f64
    memref.store %h, %out[%c7] : memref<9xf64>
    %i = math.log2 %x : f64
    memref.store %i, %out[%c8] : memref<9xf64>
    return
  }
  func.func @f32math(%x: f32, %y: f32, %out: memref<3xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = math.erf %x : f32
    memref.store %a, %out[%c0] : memref<3xf32>
    %b = math.sin %x : f32
    memref.store %b, %out[%c1] : memref<3xf32>
    %c = math.powf %x, %y : f32
    memref.store %c, %out[%c2] : memref<3xf32>
    return
  }
}
