// arith.* on i32/index/f32/f16/bf16: templates of ptx.def, bf16 via fma on sm_80,
// packed f16x2 for vector<2xf16>, compares, select, casts with their rounding.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90 %s -o %t90.ptx && %filecheck --check-prefix=SM90 %s < %t90.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: %ptxas -arch=sm_90 %t90.ptx -o %t90.cubin

// CHECK-LABEL: .visible .entry arith(
// CHECK: mul.lo.s32
// CHECK: div.s32
// CHECK: rem.u32
// CHECK: shr.s32
// CHECK: setp.lt.s32
// CHECK: selp.b32
// CHECK: add.f32
// CHECK: div.rn.f32
// CHECK: max.NaN.f32
// CHECK: max.f32
// CHECK: setp.gtu.f32
// CHECK: add.f16
// CHECK: mov.b32 [[ONE:%r_[A-Za-z0-9_$]+_[0-9]+]], 0x3F803F80;
// CHECK: fma.rn.bf16x2 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, [[ONE]], {{%r_[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: mov.b32 [[MZ:%r_[A-Za-z0-9_$]+_[0-9]+]], 0x80008000;
// CHECK: fma.rn.bf16x2 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, [[MZ]];
// CHECK: mul.f16x2
// CHECK: cvt.rn.f16x2.f32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, [[HI:%f_[A-Za-z0-9_$]+_[0-9]+]], [[LO:%f_[A-Za-z0-9_$]+_[0-9]+]];
// CHECK: cvt.f32.f16
// CHECK: cvt.rn.bf16.f32
// CHECK: cvt.rzi.s32.f32
// CHECK: cvt.rn.f32.s32
// CHECK: cvt.s64.s32
// CHECK: ret;
// SM90: add.rn.bf16x2
// SM90: mul.rn.bf16x2
// SM90-NOT: 0x3F803F80

module {
  func.func @arith(%a: i32, %b: i32, %x: f32, %y: f32, %h: f16, %out: memref<16xi32>,
                   %outf: memref<16xf32>, %outh: memref<4xvector<2xf16>>,
                   %outb: memref<4xvector<2xbf16>>, %outl: memref<4xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %m = arith.muli %a, %b : i32
    %d = arith.divsi %m, %b : i32
    %r = arith.remui %d, %a : i32
    %s = arith.shrsi %r, %b : i32
    %lt = arith.cmpi slt, %s, %a : i32
    %sel = arith.select %lt, %s, %a : i32
    memref.store %sel, %out[%c0] : memref<16xi32>
    %f1 = arith.addf %x, %y : f32
    %f2 = arith.divf %f1, %y : f32
    %f3 = arith.maximumf %f2, %x : f32
    %f4 = arith.maxnumf %f3, %y : f32
    %ugt = arith.cmpf ugt, %f4, %x : f32
    %f5 = arith.select %ugt, %f4, %x : f32
    memref.store %f5, %outf[%c0] : memref<16xf32>
    %p = memref.load %outb[%c1] : memref<4xvector<2xbf16>>
    %q = memref.load %outb[%c2] : memref<4xvector<2xbf16>>
    %v = memref.load %outh[%c2] : memref<4xvector<2xf16>>
    %h2 = arith.addf %h, %h : f16
    %bs = arith.addf %p, %q : vector<2xbf16>
    %bm = arith.mulf %bs, %q : vector<2xbf16>
    memref.store %bm, %outb[%c0] : memref<4xvector<2xbf16>>
    %vm = arith.mulf %v, %v : vector<2xf16>
    memref.store %vm, %outh[%c0] : memref<4xvector<2xf16>>
    %pair = vector.from_elements %x, %y : vector<2xf32>
    %ph = arith.truncf %pair : vector<2xf32> to vector<2xf16>
    memref.store %ph, %outh[%c1] : memref<4xvector<2xf16>>
    %hf = arith.extf %h2 : f16 to f32
    %hb = arith.truncf %hf : f32 to bf16
    %bf = arith.extf %hb : bf16 to f32
    %i = arith.fptosi %bf : f32 to i32
    %fi = arith.sitofp %i : i32 to f32
    memref.store %fi, %outf[%c1] : memref<16xf32>
    %l = arith.extsi %i : i32 to i64
    memref.store %l, %outl[%c2] : memref<4xi64>
    return
  }
}
