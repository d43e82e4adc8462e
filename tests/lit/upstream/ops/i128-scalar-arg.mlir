// A scalar i128 kernel argument (issue 25): passed by value as 16 bytes, the low half
// first (`.param .align 16 .b8 [16]`, read by one ld.param.v2.b64; `.param .b128` needs PTX
// 8.3), and only moved: here stored to every element of a chosen row. `vptx check` and
// `vptx run` take its value from --scalar (or draw one) in int64's range, sign-extended
// to 128 bits (docs/check-and-run.md). Checked on the simulator against eval of the same
// kernel's reference (Inputs/i128-scalar-arg-ref.mlir: a loop), with a drawn value and
// with -5 (both halves matter: the high half all ones); and `vptx run` with -7 against
// an array written by Inputs/i128-scalar-arg-gen.py.
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i128-scalar-arg-ref.mlir | %filecheck %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i128-scalar-arg-ref.mlir --scalar=-5 | %filecheck --check-prefix=NEG %s
// RUN: %vptx run %s %S/Inputs/i128-scalar-a.npy -7 %S/Inputs/i128-scalar-sel.npy --out %t.d && cmp %t.d/arg0.npy %S/Inputs/i128-scalar-want.npy
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS fill
// NEG: PASS fill
// PTX: .param .align 16 .b8 fill_param_1[16]
// PTX: ld.param.v2.b64 {[[LO:%rd_[A-Za-z0-9_$]+]], [[HI:%rd_[A-Za-z0-9_$]+]]}, [fill_param_1];
// PTX: selp.b64 {{%rd_[A-Za-z0-9_$]+}}, [[LO]], {{%rd_[A-Za-z0-9_$]+}},
// PTX: selp.b64 {{%rd_[A-Za-z0-9_$]+}}, [[HI]], {{%rd_[A-Za-z0-9_$]+}},
func.func @fill(%a: memref<4x8xi128>, %x: i128, %sel: memref<4xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %t = gpu.thread_id x
  %c8 = arith.constant 8 : index
  %r = arith.divui %t, %c8 : index
  %c = arith.remui %t, %c8 : index
  %k = memref.load %sel[%r] : memref<4xi32>
  %z = arith.constant 0 : i32
  %p = arith.cmpi sgt, %k, %z : i32
  %old = memref.load %a[%r, %c] : memref<4x8xi128>
  %v = arith.select %p, %x, %old : i128
  memref.store %v, %a[%r, %c] : memref<4x8xi128>
  return
}
