// arith.remf is C's fmod: exact, so vptx check compares it with eval's fmod at zero
// tolerance in effect (the result is representable).  f32 and f64 run an exact
// subtract-by-binade loop in f64 (ptxgen/isel_math64.c); f16 goes through f32.
// RUN: %vptx check %s --backend=sim | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_80 %s | %filecheck --check-prefix=PTX %s
// CHECK: PASS rem32 ({{.*}}max abs err 0,
// CHECK: PASS rem64 ({{.*}}max abs err 0,
// CHECK: PASS rem16 ({{.*}}max abs err 0,
// PTX-LABEL: .entry rem32(
// PTX: cvt.f64.f32
// PTX: sub.rn.f64
// PTX: bra.uni
// PTX: copysign.f64
func.func @rem32(%x: memref<256xf32>, %y: memref<256xf32>, %o: memref<256xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %a = vector.transfer_read %x[%c0], %p {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %b = vector.transfer_read %y[%c0], %p {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %s = arith.constant dense<1000.0> : vector<256xf32>
  %big = arith.mulf %a, %s : vector<256xf32>
  %r = arith.remf %big, %b : vector<256xf32>
  vector.transfer_write %r, %o[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
func.func @rem64(%x: memref<128xf64>, %y: memref<128xf64>, %o: memref<128xf64>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f64
  %a = vector.transfer_read %x[%c0], %p {in_bounds = [true]} : memref<128xf64>, vector<128xf64>
  %b = vector.transfer_read %y[%c0], %p {in_bounds = [true]} : memref<128xf64>, vector<128xf64>
  %s = arith.constant dense<1.0e200> : vector<128xf64>
  %big = arith.mulf %a, %s : vector<128xf64>
  %r = arith.remf %big, %b : vector<128xf64>
  vector.transfer_write %r, %o[%c0] {in_bounds = [true]} : vector<128xf64>, memref<128xf64>
  return
}
func.func @rem16(%x: memref<64xf16>, %y: memref<64xf16>, %o: memref<64xf16>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f16
  %a = vector.transfer_read %x[%c0], %p {in_bounds = [true]} : memref<64xf16>, vector<64xf16>
  %b = vector.transfer_read %y[%c0], %p {in_bounds = [true]} : memref<64xf16>, vector<64xf16>
  %r = arith.remf %a, %b : vector<64xf16>
  vector.transfer_write %r, %o[%c0] {in_bounds = [true]} : vector<64xf16>, memref<64xf16>
  return
}
