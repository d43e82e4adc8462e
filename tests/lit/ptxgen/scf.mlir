// scf.for with loop-carried registers (a swap, to exercise the parallel copy at the
// yield) and scf.if with results: predicated branches, 32-bit induction variable.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// CHECK-LABEL: .visible .entry loops(
// CHECK: mov.b32 [[IV:%r_[A-Za-z0-9_$]+_[0-9]+]], 0;
// CHECK: [[TOP:\$L__loops_[A-Za-z0-9_$]+_[0-9]+]]:
// CHECK: add.f32
// CHECK: mov.b32 [[TMP:%f_[A-Za-z0-9_$]+_[0-9]+]], {{%f_[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: add.u32 [[IV]], [[IV]], 1;
// CHECK-NEXT: setp.lt.u32 [[P:%p_[A-Za-z0-9_$]+_[0-9]+]], [[IV]], 8;
// CHECK-NEXT: @[[P]] bra [[TOP]];
// CHECK: @!{{%p_[A-Za-z0-9_$]+_[0-9]+}} bra [[ELSE:\$L__loops_[A-Za-z0-9_$]+_[0-9]+]];
// CHECK: bra.uni [[END:\$L__loops_[A-Za-z0-9_$]+_[0-9]+]];
// CHECK: [[ELSE]]:
// CHECK: [[END]]:
// CHECK: st.global.f32
// CHECK: ret;

module {
  func.func @loops(%x: memref<8xf32>, %out: memref<2xf32>, %flag: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %z = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %z, %b = %one) -> (f32, f32) {
      %v = memref.load %x[%i] : memref<8xf32>
      %s = arith.addf %a, %v : f32
      scf.yield %b, %s : f32, f32
    }
    %m = scf.if %flag -> (f32) {
      %p = arith.mulf %r#0, %r#1 : f32
      scf.yield %p : f32
    } else {
      scf.yield %r#0 : f32
    }
    memref.store %m, %out[%c0] : memref<2xf32>
    return
  }
}
