// ptxgen's cleanup (ptxgen/cleanup.c) next to loop-carried registers: the loop body
// computes acc * 2 + v with acc carried (written at the yield, so never merged with
// the v * 2 computed before the loop, although the instruction text is alike on the
// first trip), and a scf.if result register written in both branches.  Checked against
// the reference interpreter; the PTX keeps one multiply before the loop and one in it.
// RUN: %vptx check %s --backend=sim | %filecheck --check-prefix=SIM %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// SIM: PASS carried (sim vs eval
// CHECK-LABEL: .visible .entry carried(
// CHECK: mul.f32
// CHECK: $L__carried_
// CHECK: mul.f32
func.func @carried(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf32>, %flag: memref<1xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<64xf32>
  %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<64xf32>, vector<64xf32>
  %v2 = arith.mulf %v, %two : vector<64xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %v) -> (vector<64xf32>) {
    %t = arith.mulf %acc, %two : vector<64xf32>
    %u = arith.addf %t, %v : vector<64xf32>
    scf.yield %u : vector<64xf32>
  }
  %f = memref.load %flag[%c0] : memref<1xi32>
  %zero = arith.constant 0 : i32
  %p = arith.cmpi sgt, %f, %zero : i32
  %s = scf.if %p -> (vector<64xf32>) {
    %w = arith.mulf %v, %two : vector<64xf32>
    scf.yield %w : vector<64xf32>
  } else {
    %w = arith.addf %v, %v : vector<64xf32>
    scf.yield %w : vector<64xf32>
  }
  vector.transfer_write %r, %b[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  %o = arith.addf %s, %v2 : vector<64xf32>
  vector.transfer_write %o, %c[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  return
}
