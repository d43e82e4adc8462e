// vector.transfer_read / transfer_write of packed i4 (issue 25) in vector-level code:
// vptx distributes the transfers over the workgroup's threads; each thread's part is
// whole 32-bit words of 8 elements (ld / st .v2.b32 for 16), taken apart and put back
// together nibble by nibble (bfe / bfi) where the distributed code moves elements; the
// padding a ub.poison (zeros, as eval reads it). Checked on the simulator against eval of
// the same functions (the transfers' own meaning) on random inputs:
//   widen  a 64x32 i4 block: written extended to i32 and, trunci'd back, to i4
//   tail   a 64x32 read of a 60x32 memref, rows 60 to 63 out of bounds (in_bounds
//          false: the padding), extended to i32
// RUN: %vptx check --arch=sm_80 %s --backend=sim | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS widen
// CHECK: PASS tail
// PTX-LABEL: .entry widen(
// PTX: ld.global.nc.v2.b32
// PTX: bfe.s32 {{%r_[A-Za-z0-9_$]+}}, {{%r_[A-Za-z0-9_$]+}}, 4, 4;
// PTX: st.global.v2.b32
func.func @widen(%a: memref<64x32xi4>, %b: memref<64x32xi32>, %c: memref<64x32xi4>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = ub.poison : i4
  %v = vector.transfer_read %a[%c0, %c0], %p {in_bounds = [true, true]} : memref<64x32xi4>, vector<64x32xi4>
  %w = arith.extsi %v : vector<64x32xi4> to vector<64x32xi32>
  vector.transfer_write %w, %b[%c0, %c0] {in_bounds = [true, true]} : vector<64x32xi32>, memref<64x32xi32>
  %n = arith.trunci %w : vector<64x32xi32> to vector<64x32xi4>
  vector.transfer_write %n, %c[%c0, %c0] {in_bounds = [true, true]} : vector<64x32xi4>, memref<64x32xi4>
  return
}
func.func @tail(%a: memref<60x32xi4>, %b: memref<64x32xi32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = ub.poison : i4
  %v = vector.transfer_read %a[%c0, %c0], %p {in_bounds = [false, true]} : memref<60x32xi4>, vector<64x32xi4>
  %w = arith.extsi %v : vector<64x32xi4> to vector<64x32xi32>
  vector.transfer_write %w, %b[%c0, %c0] {in_bounds = [true, true]} : vector<64x32xi32>, memref<64x32xi32>
  return
}
