// vector.transfer_read / transfer_write of i128 (issue 25) in vector-level code: vptx
// distributes the transfers over the workgroup's threads as scalar i128 loads and stores
// (ld / st .v2.b64 each), the padding a ub.poison (zeros, as eval reads it). Checked on
// the simulator against eval of the same functions (the transfers' own meaning) on random
// inputs:
//   shift  a 64x4 block of a (rows 2 to 65 of 66) written to columns 4 to 7 of b
//   tail   a 64x4 read of a 60x4 memref, rows 60 to 63 out of bounds (in_bounds false:
//          the padding), written whole to b
// RUN: %vptx check --arch=sm_80 %s --backend=sim | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS shift
// CHECK: PASS tail
// PTX-LABEL: .entry shift(
// PTX: ld.global.nc.v2.b64
// PTX: st.global.v2.b64
func.func @shift(%a: memref<66x4xi128>, %b: memref<64x8xi128>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %p = ub.poison : i128
  %v = vector.transfer_read %a[%c2, %c0], %p {in_bounds = [true, true]} : memref<66x4xi128>, vector<64x4xi128>
  vector.transfer_write %v, %b[%c0, %c4] {in_bounds = [true, true]} : vector<64x4xi128>, memref<64x8xi128>
  return
}
func.func @tail(%a: memref<60x4xi128>, %b: memref<64x4xi128>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = ub.poison : i128
  %v = vector.transfer_read %a[%c0, %c0], %p {in_bounds = [false, true]} : memref<60x4xi128>, vector<64x4xi128>
  vector.transfer_write %v, %b[%c0, %c0] {in_bounds = [true, true]} : vector<64x4xi128>, memref<64x4xi128>
  return
}
