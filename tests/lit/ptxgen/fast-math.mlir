// --fast-math: an f32 arith.divf is rcp.approx.ftz.f32 with one Newton step on the
// reciprocal, then one mul; the reciprocal's lines depend on the divisor alone, so a
// row of elements divided by one sum pays one rcp.approx and one mul an element.
// Without the flag it stays div.rn.f32; f16 division keeps its exact sequence.
// RUN: %vptx --emit=ptx --arch=sm_80 --fast-math %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_80 %s | %filecheck --check-prefix=IEEE %s
// RUN: not %vptx --fast-math --precise-math %s 2>&1 | %filecheck --check-prefix=BOTH %s
// CHECK-LABEL: .entry scale_rows
// CHECK-NOT:   div.rn.f32
// CHECK:       rcp.approx.ftz.f32 [[R0:%f_[A-Za-z0-9_$]+_[0-9]+]], [[B:%f_[A-Za-z0-9_$]+_[0-9]+]];
// CHECK-NEXT:  neg.f32 [[NB:%f_[A-Za-z0-9_$]+_[0-9]+]], [[B]];
// CHECK-NEXT:  fma.rn.f32 [[E:%f_[A-Za-z0-9_$]+_[0-9]+]], [[NB]], [[R0]], 0f3F800000;
// CHECK-NEXT:  fma.rn.f32 [[R1:%f_[A-Za-z0-9_$]+_[0-9]+]], [[R0]], [[E]], [[R0]];
// CHECK-NEXT:  testp.normal.f32 [[P:%p_[A-Za-z0-9_$]+_[0-9]+]], [[R0]];
// CHECK-NEXT:  selp.f32 [[R:%f_[A-Za-z0-9_$]+_[0-9]+]], [[R1]], [[R0]], [[P]];
// CHECK-NEXT:  mul.f32 %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, [[R]];
// CHECK-NOT:   rcp.approx
// CHECK:       mul.f32 %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, [[R]];
// CHECK-NOT:   rcp.approx
// CHECK-NOT:   div.rn.f32
// CHECK-LABEL: .entry half_div
// CHECK:       rcp.approx.ftz.f32
// CHECK:       testp.normal.f32
// IEEE-LABEL:  .entry scale_rows
// IEEE-COUNT-4: div.rn.f32
// IEEE-NOT:    rcp.approx
// IEEE-LABEL:  .entry half_div
// BOTH: error: --fast-math and --precise-math ask for opposite things: give one of them
func.func @scale_rows(%x: memref<4xf32>, %s: memref<1xf32>, %out: memref<4xf32>)
    attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d = memref.load %s[%c0] : memref<1xf32>
  %a0 = memref.load %x[%c0] : memref<4xf32>
  %a1 = memref.load %x[%c1] : memref<4xf32>
  %a2 = memref.load %x[%c2] : memref<4xf32>
  %a3 = memref.load %x[%c3] : memref<4xf32>
  %q0 = arith.divf %a0, %d : f32
  %q1 = arith.divf %a1, %d : f32
  %q2 = arith.divf %a2, %d : f32
  %q3 = arith.divf %a3, %d : f32
  memref.store %q0, %out[%c0] : memref<4xf32>
  memref.store %q1, %out[%c1] : memref<4xf32>
  memref.store %q2, %out[%c2] : memref<4xf32>
  memref.store %q3, %out[%c3] : memref<4xf32>
  return
}
func.func @half_div(%x: memref<2xf16>, %out: memref<1xf16>)
    attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %x[%c0] : memref<2xf16>
  %b = memref.load %x[%c1] : memref<2xf16>
  %q = arith.divf %a, %b : f16
  memref.store %q, %out[%c0] : memref<1xf16>
  return
}
