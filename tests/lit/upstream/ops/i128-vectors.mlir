// vector<...xi128> where it only moves (issue 25): vector.load / vector.store, and
// vector.extract (static positions), vector.from_elements and vector.shape_cast between
// them. ptxgen holds an element in two b64 registers, the low half first, so a vector of
// N is 2N registers and a load or store one ld / st .v2.b64 an element (16 bytes, as
// .b128 would move them). eval holds each element as its two 64-bit halves. Checked on
// the simulator against eval of Inputs/i128-vectors-ref.mlir (the same moves as scalar
// memref.load / store loops) on random inputs.
//   rev    thread t (of 8): row t of a (vector<4xi128>), its elements reversed by
//          extract / from_elements, stored as row 7 - t of b
//   cast   thread t: a 2x2 block of a (vector<2x2xi128>), shape_cast to vector<4xi128>,
//          element 1 stored to c[t] (memref.store of the scalar) and the whole block to
//          row t of b
//   calls  thread t: row t of a and a scalar i128 argument x through a device function
//          (a vector<4xi128> and an i128 each way: two b64 .params an element), which
//          returns (a0, a1, x, x) and a2; b[t] = (a2, a1, x, x)
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i128-vectors-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS rev
// CHECK: PASS cast
// CHECK: PASS calls
// PTX: .func (.param .align 8 .b8 swap_ret_0[80]) swap(.param .b64 swap_param_0, {{.*}}, .param .b64 swap_param_9)
// PTX-LABEL: .entry rev(
// PTX: ld.global.nc.v2.b64 {[[A0:%rd_[A-Za-z0-9_$]+]], [[A1:%rd_[A-Za-z0-9_$]+]]}
// PTX: ld.global.nc.v2.b64
// PTX: ld.global.nc.v2.b64
// PTX: ld.global.nc.v2.b64 {[[D0:%rd_[A-Za-z0-9_$]+]], [[D1:%rd_[A-Za-z0-9_$]+]]}
// PTX: st.global.v2.b64 [{{%rd_[A-Za-z0-9_$]+}}], {[[D0]], [[D1]]};
// PTX: st.global.v2.b64
// PTX: st.global.v2.b64
// PTX: st.global.v2.b64 [{{%rd_[A-Za-z0-9_$]+}}+48], {[[A0]], [[A1]]};
func.func @rev(%a: memref<8x4xi128>, %b: memref<8x4xi128>)
    attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
  %t = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %r = arith.subi %c7, %t : index
  %v = vector.load %a[%t, %c0] : memref<8x4xi128>, vector<4xi128>
  %e0 = vector.extract %v[0] : i128 from vector<4xi128>
  %e1 = vector.extract %v[1] : i128 from vector<4xi128>
  %e2 = vector.extract %v[2] : i128 from vector<4xi128>
  %e3 = vector.extract %v[3] : i128 from vector<4xi128>
  %w = vector.from_elements %e3, %e2, %e1, %e0 : vector<4xi128>
  vector.store %w, %b[%r, %c0] : memref<8x4xi128>, vector<4xi128>
  return
}
func.func @cast(%a: memref<8x2x2xi128>, %b: memref<8x4xi128>, %c: memref<8xi128>)
    attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
  %t = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %v = vector.load %a[%t, %c0, %c0] : memref<8x2x2xi128>, vector<2x2xi128>
  %f = vector.shape_cast %v : vector<2x2xi128> to vector<4xi128>
  %e = vector.extract %f[1] : i128 from vector<4xi128>
  memref.store %e, %c[%t] : memref<8xi128>
  vector.store %f, %b[%t, %c0] : memref<8x4xi128>, vector<4xi128>
  return
}
func.func @calls(%a: memref<8x4xi128>, %b: memref<8x4xi128>, %x: i128)
    attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
  %t = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %v = vector.load %a[%t, %c0] : memref<8x4xi128>, vector<4xi128>
  %w, %y = func.call @swap(%v, %x) : (vector<4xi128>, i128) -> (vector<4xi128>, i128)
  vector.store %w, %b[%t, %c0] : memref<8x4xi128>, vector<4xi128>
  memref.store %y, %b[%t, %c0] : memref<8x4xi128>
  return
}
func.func private @swap(%v: vector<4xi128>, %x: i128) -> (vector<4xi128>, i128) {
  %e = vector.extract %v[2] : i128 from vector<4xi128>
  %p = vector.extract %v[0] : i128 from vector<4xi128>
  %q = vector.extract %v[1] : i128 from vector<4xi128>
  %w = vector.from_elements %p, %q, %x, %x : vector<4xi128>
  return %w, %e : vector<4xi128>, i128
}
