// Integer WMMA, as upstream writes it: !gpu.mma_matrix of si8 or ui8 for A and B (the
// signedness of the products; vptx keeps it in the fragment type, its memrefs are of
// signless i8) and i32 for C, lowered as GPUToNVVM lowers it (wmma.load.{a,b}...s8/u8,
// wmma.mma ... .s32.s8.s8.s32 without .satfinite: the sums wrap), run on the simulator
// against eval of Inputs/wmma-int-ref.mlir (scalar loops: extsi / extui, muli, addi):
//   s8      m16n16k16, si8 A, si8 B loaded transposed (`b_transpose`), C loaded
//   u8      m32n8k16, ui8 A, B a constant matrix of 3, C a constant matrix of 7
//   m8      m8n32k16, si8, A read through leadDimension 32 (the right half of a 8x32 memref)
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/wmma-int-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=mlir %s | %filecheck --check-prefix=IR %s
// CHECK: PASS s8
// CHECK: PASS u8
// CHECK: PASS m8
// PTX-LABEL: .entry s8(
// PTX: wmma.load.a.sync.aligned.row.m16n16k16.global.s8 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, [%rd_{{[A-Za-z0-9_$]+_[0-9]+}}], 16;
// PTX: wmma.load.b.sync.aligned.col.m16n16k16.global.s8 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}
// PTX: wmma.load.c.sync.aligned.row.m16n16k16.global.s32
// PTX: wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32
// PTX: wmma.store.d.sync.aligned.row.m16n16k16.global.s32
// PTX-LABEL: .entry u8(
// PTX: wmma.load.a.sync.aligned.row.m32n8k16.global.u8 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}
// PTX: wmma.mma.sync.aligned.row.row.m32n8k16.s32.u8.u8.s32
// PTX-LABEL: .entry m8(
// PTX: wmma.load.a.sync.aligned.row.m8n32k16.global.s8 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}}, [%rd_{{[A-Za-z0-9_$]+_[0-9]+}}+16], 32;
// PTX: wmma.mma.sync.aligned.row.row.m8n32k16.s32.s8.s8.s32
// IR: !gpu.mma_matrix<16x16xsi8, "AOp">
// IR: !gpu.mma_matrix<32x16xui8, "AOp">
func.func @s8(%a: memref<16x16xi8>, %bt: memref<16x16xi8>, %c: memref<16x16xi32>, %out: memref<16x16xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xi8> -> !gpu.mma_matrix<16x16xsi8, "AOp">
  %B = gpu.subgroup_mma_load_matrix %bt[%c0, %c0] {leadDimension = 16 : index, transpose} : memref<16x16xi8> -> !gpu.mma_matrix<16x16xsi8, "BOp">
  %C = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xi32> -> !gpu.mma_matrix<16x16xi32, "COp">
  %D = gpu.subgroup_mma_compute %A, %B, %C {b_transpose} : !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xsi8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  gpu.subgroup_mma_store_matrix %D, %out[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xi32, "COp">, memref<16x16xi32>
  return
}
func.func @u8(%a: memref<32x16xi8>, %out: memref<32x8xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %three = arith.constant 3 : i8
  %seven = arith.constant 7 : i32
  %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<32x16xi8> -> !gpu.mma_matrix<32x16xui8, "AOp">
  %B = gpu.subgroup_mma_constant_matrix %three : !gpu.mma_matrix<16x8xui8, "BOp">
  %C = gpu.subgroup_mma_constant_matrix %seven : !gpu.mma_matrix<32x8xi32, "COp">
  %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<32x16xui8, "AOp">, !gpu.mma_matrix<16x8xui8, "BOp"> -> !gpu.mma_matrix<32x8xi32, "COp">
  gpu.subgroup_mma_store_matrix %D, %out[%c0, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<32x8xi32, "COp">, memref<32x8xi32>
  return
}
func.func @m8(%a: memref<8x32xi8>, %b: memref<16x32xi8>, %out: memref<8x32xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i32
  %A = gpu.subgroup_mma_load_matrix %a[%c0, %c16] {leadDimension = 32 : index} : memref<8x32xi8> -> !gpu.mma_matrix<8x16xsi8, "AOp">
  %B = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 32 : index} : memref<16x32xi8> -> !gpu.mma_matrix<16x32xsi8, "BOp">
  %C = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<8x32xi32, "COp">
  %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<8x16xsi8, "AOp">, !gpu.mma_matrix<16x32xsi8, "BOp"> -> !gpu.mma_matrix<8x32xi32, "COp">
  gpu.subgroup_mma_store_matrix %D, %out[%c0, %c0] {leadDimension = 32 : index} : !gpu.mma_matrix<8x32xi32, "COp">, memref<8x32xi32>
  return
}
