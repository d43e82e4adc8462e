// WMMA on f32 A and B fragments: tf32, m16n16k8, as upstream's GPUToNVVM lowers it
// (wmma.load.a/b .tf32, wmma.mma .f32.tf32.tf32.f32), run on the simulator against eval
// of Inputs/wmma-tf32-ref.mlir, which keeps the 10 mantissa bits the tensor core reads
// (the low 13 bits cleared) and sums the products in f32: the tolerances allow for the
// order of the sums, not for a wrong element.  The accumulator is stored with the
// m16n16k16 shape, as upstream infers K for a 16x16 f32 "COp" (the same fragment).
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/wmma-tf32-ref.mlir --rtol=1e-5 --atol=1e-5 | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS tf32
// PTX: wmma.load.a.sync.aligned.row.m16n16k8.global.tf32 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}
// PTX: wmma.load.b.sync.aligned.col.m16n16k8.global.tf32
// PTX: wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32
// PTX: wmma.store.d.sync.aligned.row.m16n16k16.global.f32
!a = !gpu.mma_matrix<16x8xf32, "AOp">
!b = !gpu.mma_matrix<8x16xf32, "BOp">
!c = !gpu.mma_matrix<16x16xf32, "COp">
func.func @tf32(%a: memref<16x8xf32>, %bt: memref<16x8xf32>, %out: memref<16x16xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 8 : index} : memref<16x8xf32> -> !a
  %B = gpu.subgroup_mma_load_matrix %bt[%c0, %c0] {leadDimension = 8 : index, transpose} : memref<16x8xf32> -> !b
  %C = gpu.subgroup_mma_constant_matrix %one : !c
  %D = gpu.subgroup_mma_compute %A, %B, %C {b_transpose} : !a, !b -> !c
  gpu.subgroup_mma_store_matrix %D, %out[%c0, %c0] {leadDimension = 16 : index} : !c, memref<16x16xf32>
  return
}
