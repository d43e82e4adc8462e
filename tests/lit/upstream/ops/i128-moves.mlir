// i128 where it only moves (issue 25): memref<...xi128> arguments of kernels and of a
// device function, memref.load / memref.store and arith.select. ptxgen holds an i128 in
// two b64 registers, the low half first: a load or store is one ld / st .v2.b64 (16
// bytes, the same access as .b128, which needs PTX 8.3), a select two selp.b64 (PTX has
// no selp.b128). eval holds it as two 64-bit halves; the .npy files as a trailing dim of
// two int64, low half first (docs/check-and-run.md, "i128 buffers"). Checked on the
// simulator against eval of Inputs/i128-moves-ref.mlir (scf.if and plain copies instead
// of the select and the device function) on random inputs, and against arrays written by
// Inputs/i128-moves-gen.py (the EXPECT lines; `vptx run` writes the same array back). Arithmetic on i128 is a located error
// naming the op (err-i128.mlir).
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i128-moves-ref.mlir | %filecheck %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i128-moves-ref.mlir --kernel=pick --input=a:%S/Inputs/i128-a.npy --input=b:%S/Inputs/i128-b.npy --input=c:%S/Inputs/i128-c.npy --expect=b:%S/Inputs/i128-want.npy | %filecheck --check-prefix=EXPECT %s
// RUN: %vptx run %s --kernel=pick %S/Inputs/i128-a.npy %S/Inputs/i128-b.npy %S/Inputs/i128-c.npy --out %t.d && cmp %t.d/arg1.npy %S/Inputs/i128-want.npy
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS pick
// CHECK: PASS rows
// EXPECT: PASS pick
// EXPECT: PASS pick: argument #1 %b matches
// PTX: .version 7.0
// PTX-LABEL: .func copy_rev(
// PTX: ld.global.v2.b64
// PTX: st.global.v2.b64
// PTX-LABEL: .entry pick(
// PTX: ld.global.nc.v2.b64 {[[XL:%rd_[A-Za-z0-9_$]+]], [[XH:%rd_[A-Za-z0-9_$]+]]}
// PTX: ld.global.v2.b64 {[[YL:%rd_[A-Za-z0-9_$]+]], [[YH:%rd_[A-Za-z0-9_$]+]]}
// PTX: selp.b64 [[SL:%rd_[A-Za-z0-9_$]+]], [[XL]], [[YL]],
// PTX: selp.b64 [[SH:%rd_[A-Za-z0-9_$]+]], [[XH]], [[YH]],
// PTX: st.global.v2.b64 [{{%rd_[A-Za-z0-9_$]+}}], {[[SL]], [[SH]]};
module {
  // b[i] = c[i] > 0 ? a[i] : b[i]
  func.func @pick(%a: memref<64xi128>, %b: memref<64xi128>, %c: memref<64xi32>)
      attributes {gpu.kernel, gpu.known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %x = memref.load %a[%t] : memref<64xi128>
    %y = memref.load %b[%t] : memref<64xi128>
    %k = memref.load %c[%t] : memref<64xi32>
    %z = arith.constant 0 : i32
    %p = arith.cmpi sgt, %k, %z : i32
    %s = arith.select %p, %x, %y : i128
    memref.store %s, %b[%t] : memref<64xi128>
    return
  }
  // each thread copies row t of a into row 3 - t of b, through the device function
  func.func @rows(%a: memref<4x8xi128>, %b: memref<4x8xi128>)
      attributes {gpu.kernel, gpu.known_block_size = array<i32: 4, 1, 1>} {
    %t = gpu.thread_id x
    %c3 = arith.constant 3 : index
    %r = arith.subi %c3, %t : index
    call @copy_rev(%a, %b, %t, %r) : (memref<4x8xi128>, memref<4x8xi128>, index, index) -> ()
    return
  }
  func.func private @copy_rev(%src: memref<4x8xi128>, %dst: memref<4x8xi128>, %i: index, %o: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %j = %c0 to %c8 step %c1 {
      %x = memref.load %src[%i, %j] : memref<4x8xi128>
      memref.store %x, %dst[%o, %j] : memref<4x8xi128>
    }
    return
  }
}
