// arith.cmpi on indices that the range analysis (regs.c) decides becomes a constant,
// and scf.if on it emits only the branch taken: the prefetch guard of a staged loop,
// `k + 2 * step < ub` for k from 0 below ub = 2 * step, is false on every iteration
// (examples/attention.mlir: 1,232 -> 1,120 SASS instructions, as ptxas keeps that loop
// rolled).  A guard the ranges do not decide keeps its branch.  `vptx check` compares
// the results with the evaluator, which computes every comparison.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck %s < %t.ptx
// RUN: %vptx check %s | %filecheck --check-prefix=OK %s
// CHECK-LABEL: .visible .entry guards(
// CHECK: [[TOP:\$L__guards_[A-Za-z0-9_$]+_[0-9]+]]:
// CHECK-NOT: st.global
// CHECK: setp.lt.s32 [[P:%p_[A-Za-z0-9_$]+_[0-9]+]]
// CHECK: @!{{%p_[A-Za-z0-9_$]+_[0-9]+}} bra
// CHECK: st.global.f32
// CHECK-NOT: st.global
// CHECK: @{{%p_[A-Za-z0-9_$]+_[0-9]+}} bra [[TOP]];
// CHECK-NOT: setp
// CHECK: st.global.f32
// CHECK: ret;
// OK: PASS guards (sim vs eval
func.func @guards(%x: memref<256xf32>, %out: memref<4xf32>)
    attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %c128 step %c64 iter_args(%acc = %z) -> (f32) {
    %v = memref.load %x[%k] : memref<256xf32>
    %s = arith.addf %acc, %v : f32
    // never true: k + 128 >= 128
    %n = arith.addi %k, %c128 : index
    %dead = arith.cmpi slt, %n, %c128 : index
    scf.if %dead {
      memref.store %s, %out[%c0] : memref<4xf32>
    }
    // true for k = 0 only: not decided
    %m = arith.addi %k, %c64 : index
    %live = arith.cmpi slt, %m, %c128 : index
    scf.if %live {
      memref.store %s, %out[%c1] : memref<4xf32>
    }
    scf.yield %s : f32
  }
  // constants: always true
  %t = arith.cmpi ult, %c2, %c3 : index
  scf.if %t {
    memref.store %r, %out[%c2] : memref<4xf32>
  }
  return
}
