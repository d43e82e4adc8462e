// gpu.subgroup_mma_extract_thread_local / insert_thread_local (issue 25): element i of
// a lane's own part of a WMMA fragment, in the order the fragment's registers hold it.
// Upstream leaves that order to the target; these kernels do not depend on it (each
// element is changed on its own, or all are summed), so the simulator's order serves, run
// against eval of Inputs/wmma-thread-local-ref.mlir's scalar loops:
//   square_f32  an f32 "COp" 16x16 (8 elements a lane): x -> x * x + x, stored
//   square_f16  an f16 "COp" 16x16 (8 a lane, two a register): x -> x * x - x
//   int_c       an i32 "COp" 16x16: x -> x * x + 7, with one element taken, then inserted
//               twice (the second insert wins)
//   total       a tf32 "AOp" 16x8 (4 a lane) summed in the lane, then across the warp
//   square_a    an f16 "AOp" 32x16 (m32n8k16, 16 a lane) squared, then multiplied by B
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/wmma-thread-local-ref.mlir --rtol=1e-5 --atol=1e-5 | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=mlir %s | %filecheck --check-prefix=IR %s
// RUN: %vptx --emit=mlir %S/Inputs/wmma-thread-local-generic.mlir | %filecheck --check-prefix=IR %s
// CHECK: PASS square_f32
// CHECK: PASS square_f16
// CHECK: PASS int_c
// CHECK: PASS total
// CHECK: PASS square_a
// PTX-LABEL: .entry square_f32(
// PTX: wmma.load.c.sync.aligned.row.m16n16k16.global.f32
// PTX: mul.f32
// PTX: wmma.store.d.sync.aligned.row.m16n16k16.global.f32
// PTX-LABEL: .entry square_f16(
// PTX: mov.b32 {%rs_{{[A-Za-z0-9_$]+_[0-9]+}}, %rs_{{[A-Za-z0-9_$]+_[0-9]+}}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}};
// PTX: mul.f16
// PTX: mov.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, {%rs_{{[A-Za-z0-9_$]+_[0-9]+}}, %rs_{{[A-Za-z0-9_$]+_[0-9]+}}};
// IR: %{{.*}} = gpu.subgroup_mma_extract_thread_local %{{.*}}[%{{.*}}] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
// IR: %{{.*}} = gpu.subgroup_mma_insert_thread_local %{{.*}}, %{{.*}}[%{{.*}}] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
func.func @square_f32(%in: memref<16x16xf32>, %out: memref<16x16xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %i5 = arith.constant 5 : index
  %i6 = arith.constant 6 : index
  %i7 = arith.constant 7 : index
  %M = gpu.subgroup_mma_load_matrix %in[%i0, %i0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
  %x0 = gpu.subgroup_mma_extract_thread_local %M[%i0] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %s0 = arith.mulf %x0, %x0 : f32
  %y0 = arith.addf %s0, %x0 : f32
  %m0 = gpu.subgroup_mma_insert_thread_local %y0, %M[%i0] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %x1 = gpu.subgroup_mma_extract_thread_local %m0[%i1] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %s1 = arith.mulf %x1, %x1 : f32
  %y1 = arith.addf %s1, %x1 : f32
  %m1 = gpu.subgroup_mma_insert_thread_local %y1, %m0[%i1] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %x2 = gpu.subgroup_mma_extract_thread_local %m1[%i2] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %s2 = arith.mulf %x2, %x2 : f32
  %y2 = arith.addf %s2, %x2 : f32
  %m2 = gpu.subgroup_mma_insert_thread_local %y2, %m1[%i2] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %x3 = gpu.subgroup_mma_extract_thread_local %m2[%i3] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %s3 = arith.mulf %x3, %x3 : f32
  %y3 = arith.addf %s3, %x3 : f32
  %m3 = gpu.subgroup_mma_insert_thread_local %y3, %m2[%i3] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %x4 = gpu.subgroup_mma_extract_thread_local %m3[%i4] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %s4 = arith.mulf %x4, %x4 : f32
  %y4 = arith.addf %s4, %x4 : f32
  %m4 = gpu.subgroup_mma_insert_thread_local %y4, %m3[%i4] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %x5 = gpu.subgroup_mma_extract_thread_local %m4[%i5] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %s5 = arith.mulf %x5, %x5 : f32
  %y5 = arith.addf %s5, %x5 : f32
  %m5 = gpu.subgroup_mma_insert_thread_local %y5, %m4[%i5] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %x6 = gpu.subgroup_mma_extract_thread_local %m5[%i6] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %s6 = arith.mulf %x6, %x6 : f32
  %y6 = arith.addf %s6, %x6 : f32
  %m6 = gpu.subgroup_mma_insert_thread_local %y6, %m5[%i6] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %x7 = gpu.subgroup_mma_extract_thread_local %m6[%i7] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %s7 = arith.mulf %x7, %x7 : f32
  %y7 = arith.addf %s7, %x7 : f32
  %m7 = gpu.subgroup_mma_insert_thread_local %y7, %m6[%i7] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %m7, %out[%i0, %i0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
  return
}

func.func @square_f16(%in: memref<16x16xf16>, %out: memref<16x16xf16>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %i5 = arith.constant 5 : index
  %i6 = arith.constant 6 : index
  %i7 = arith.constant 7 : index
  %M = gpu.subgroup_mma_load_matrix %in[%i0, %i0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
  %x0 = gpu.subgroup_mma_extract_thread_local %M[%i0] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  %s0 = arith.mulf %x0, %x0 : f16
  %y0 = arith.subf %s0, %x0 : f16
  %m0 = gpu.subgroup_mma_insert_thread_local %y0, %M[%i0] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %x1 = gpu.subgroup_mma_extract_thread_local %m0[%i1] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  %s1 = arith.mulf %x1, %x1 : f16
  %y1 = arith.subf %s1, %x1 : f16
  %m1 = gpu.subgroup_mma_insert_thread_local %y1, %m0[%i1] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %x2 = gpu.subgroup_mma_extract_thread_local %m1[%i2] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  %s2 = arith.mulf %x2, %x2 : f16
  %y2 = arith.subf %s2, %x2 : f16
  %m2 = gpu.subgroup_mma_insert_thread_local %y2, %m1[%i2] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %x3 = gpu.subgroup_mma_extract_thread_local %m2[%i3] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  %s3 = arith.mulf %x3, %x3 : f16
  %y3 = arith.subf %s3, %x3 : f16
  %m3 = gpu.subgroup_mma_insert_thread_local %y3, %m2[%i3] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %x4 = gpu.subgroup_mma_extract_thread_local %m3[%i4] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  %s4 = arith.mulf %x4, %x4 : f16
  %y4 = arith.subf %s4, %x4 : f16
  %m4 = gpu.subgroup_mma_insert_thread_local %y4, %m3[%i4] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %x5 = gpu.subgroup_mma_extract_thread_local %m4[%i5] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  %s5 = arith.mulf %x5, %x5 : f16
  %y5 = arith.subf %s5, %x5 : f16
  %m5 = gpu.subgroup_mma_insert_thread_local %y5, %m4[%i5] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %x6 = gpu.subgroup_mma_extract_thread_local %m5[%i6] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  %s6 = arith.mulf %x6, %x6 : f16
  %y6 = arith.subf %s6, %x6 : f16
  %m6 = gpu.subgroup_mma_insert_thread_local %y6, %m5[%i6] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %x7 = gpu.subgroup_mma_extract_thread_local %m6[%i7] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  %s7 = arith.mulf %x7, %x7 : f16
  %y7 = arith.subf %s7, %x7 : f16
  %m7 = gpu.subgroup_mma_insert_thread_local %y7, %m6[%i7] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  gpu.subgroup_mma_store_matrix %m7, %out[%i0, %i0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16>
  return
}

func.func @int_c(%in: memref<16x16xi32>, %out: memref<16x16xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %i5 = arith.constant 5 : index
  %i6 = arith.constant 6 : index
  %i7 = arith.constant 7 : index
  %c7 = arith.constant 7 : i32
  %c99 = arith.constant 99 : i32
  %M = gpu.subgroup_mma_load_matrix %in[%i0, %i0] {leadDimension = 16 : index} : memref<16x16xi32> -> !gpu.mma_matrix<16x16xi32, "COp">
  %x0 = gpu.subgroup_mma_extract_thread_local %M[%i0] : !gpu.mma_matrix<16x16xi32, "COp"> -> i32
  %s0 = arith.muli %x0, %x0 : i32
  %y0 = arith.addi %s0, %c7 : i32
  %m0 = gpu.subgroup_mma_insert_thread_local %y0, %M[%i0] : i32, !gpu.mma_matrix<16x16xi32, "COp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  %x1 = gpu.subgroup_mma_extract_thread_local %m0[%i1] : !gpu.mma_matrix<16x16xi32, "COp"> -> i32
  %s1 = arith.muli %x1, %x1 : i32
  %y1 = arith.addi %s1, %c7 : i32
  %m1 = gpu.subgroup_mma_insert_thread_local %y1, %m0[%i1] : i32, !gpu.mma_matrix<16x16xi32, "COp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  %x2 = gpu.subgroup_mma_extract_thread_local %m1[%i2] : !gpu.mma_matrix<16x16xi32, "COp"> -> i32
  %s2 = arith.muli %x2, %x2 : i32
  %y2 = arith.addi %s2, %c7 : i32
  %m2 = gpu.subgroup_mma_insert_thread_local %y2, %m1[%i2] : i32, !gpu.mma_matrix<16x16xi32, "COp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  %x3 = gpu.subgroup_mma_extract_thread_local %m2[%i3] : !gpu.mma_matrix<16x16xi32, "COp"> -> i32
  %s3 = arith.muli %x3, %x3 : i32
  %y3 = arith.addi %s3, %c7 : i32
  %m3 = gpu.subgroup_mma_insert_thread_local %y3, %m2[%i3] : i32, !gpu.mma_matrix<16x16xi32, "COp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  %x4 = gpu.subgroup_mma_extract_thread_local %m3[%i4] : !gpu.mma_matrix<16x16xi32, "COp"> -> i32
  %s4 = arith.muli %x4, %x4 : i32
  %y4 = arith.addi %s4, %c7 : i32
  %m4 = gpu.subgroup_mma_insert_thread_local %y4, %m3[%i4] : i32, !gpu.mma_matrix<16x16xi32, "COp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  %x5 = gpu.subgroup_mma_extract_thread_local %m4[%i5] : !gpu.mma_matrix<16x16xi32, "COp"> -> i32
  %s5 = arith.muli %x5, %x5 : i32
  %y5 = arith.addi %s5, %c7 : i32
  %m5 = gpu.subgroup_mma_insert_thread_local %y5, %m4[%i5] : i32, !gpu.mma_matrix<16x16xi32, "COp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  %x6 = gpu.subgroup_mma_extract_thread_local %m5[%i6] : !gpu.mma_matrix<16x16xi32, "COp"> -> i32
  %s6 = arith.muli %x6, %x6 : i32
  %y6 = arith.addi %s6, %c7 : i32
  %m6 = gpu.subgroup_mma_insert_thread_local %y6, %m5[%i6] : i32, !gpu.mma_matrix<16x16xi32, "COp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  %x7 = gpu.subgroup_mma_extract_thread_local %m6[%i7] : !gpu.mma_matrix<16x16xi32, "COp"> -> i32
  %s7 = arith.muli %x7, %x7 : i32
  %y7 = arith.addi %s7, %c7 : i32
  %m7 = gpu.subgroup_mma_insert_thread_local %y7, %m6[%i7] : i32, !gpu.mma_matrix<16x16xi32, "COp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  %w = gpu.subgroup_mma_insert_thread_local %c99, %m7[%i3] : i32, !gpu.mma_matrix<16x16xi32, "COp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  %v = gpu.subgroup_mma_insert_thread_local %y3, %w[%i3] : i32, !gpu.mma_matrix<16x16xi32, "COp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  gpu.subgroup_mma_store_matrix %v, %out[%i0, %i0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xi32, "COp">, memref<16x16xi32>
  return
}

func.func @total(%in: memref<16x8xf32>, %out: memref<1xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %A = gpu.subgroup_mma_load_matrix %in[%i0, %i0] {leadDimension = 8 : index} : memref<16x8xf32> -> !gpu.mma_matrix<16x8xf32, "AOp">
  %x0 = gpu.subgroup_mma_extract_thread_local %A[%i0] : !gpu.mma_matrix<16x8xf32, "AOp"> -> f32
  %x1 = gpu.subgroup_mma_extract_thread_local %A[%i1] : !gpu.mma_matrix<16x8xf32, "AOp"> -> f32
  %x2 = gpu.subgroup_mma_extract_thread_local %A[%i2] : !gpu.mma_matrix<16x8xf32, "AOp"> -> f32
  %x3 = gpu.subgroup_mma_extract_thread_local %A[%i3] : !gpu.mma_matrix<16x8xf32, "AOp"> -> f32
  %s0 = arith.addf %x0, %x1 : f32
  %s1 = arith.addf %x2, %x3 : f32
  %s = arith.addf %s0, %s1 : f32
  %t = gpu.subgroup_reduce add %s : (f32) -> f32
  memref.store %t, %out[%i0] : memref<1xf32>
  return
}

func.func @square_a(%a: memref<32x16xf16>, %b: memref<16x16xf16>, %out: memref<32x8xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %i5 = arith.constant 5 : index
  %i6 = arith.constant 6 : index
  %i7 = arith.constant 7 : index
  %i8 = arith.constant 8 : index
  %i9 = arith.constant 9 : index
  %i10 = arith.constant 10 : index
  %i11 = arith.constant 11 : index
  %i12 = arith.constant 12 : index
  %i13 = arith.constant 13 : index
  %i14 = arith.constant 14 : index
  %i15 = arith.constant 15 : index
  %zero = arith.constant 0.0 : f32
  %A = gpu.subgroup_mma_load_matrix %a[%i0, %i0] {leadDimension = 16 : index} : memref<32x16xf16> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x0 = gpu.subgroup_mma_extract_thread_local %A[%i0] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y0 = arith.mulf %x0, %x0 : f16
  %m0 = gpu.subgroup_mma_insert_thread_local %y0, %A[%i0] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x1 = gpu.subgroup_mma_extract_thread_local %m0[%i1] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y1 = arith.mulf %x1, %x1 : f16
  %m1 = gpu.subgroup_mma_insert_thread_local %y1, %m0[%i1] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x2 = gpu.subgroup_mma_extract_thread_local %m1[%i2] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y2 = arith.mulf %x2, %x2 : f16
  %m2 = gpu.subgroup_mma_insert_thread_local %y2, %m1[%i2] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x3 = gpu.subgroup_mma_extract_thread_local %m2[%i3] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y3 = arith.mulf %x3, %x3 : f16
  %m3 = gpu.subgroup_mma_insert_thread_local %y3, %m2[%i3] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x4 = gpu.subgroup_mma_extract_thread_local %m3[%i4] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y4 = arith.mulf %x4, %x4 : f16
  %m4 = gpu.subgroup_mma_insert_thread_local %y4, %m3[%i4] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x5 = gpu.subgroup_mma_extract_thread_local %m4[%i5] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y5 = arith.mulf %x5, %x5 : f16
  %m5 = gpu.subgroup_mma_insert_thread_local %y5, %m4[%i5] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x6 = gpu.subgroup_mma_extract_thread_local %m5[%i6] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y6 = arith.mulf %x6, %x6 : f16
  %m6 = gpu.subgroup_mma_insert_thread_local %y6, %m5[%i6] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x7 = gpu.subgroup_mma_extract_thread_local %m6[%i7] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y7 = arith.mulf %x7, %x7 : f16
  %m7 = gpu.subgroup_mma_insert_thread_local %y7, %m6[%i7] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x8 = gpu.subgroup_mma_extract_thread_local %m7[%i8] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y8 = arith.mulf %x8, %x8 : f16
  %m8 = gpu.subgroup_mma_insert_thread_local %y8, %m7[%i8] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x9 = gpu.subgroup_mma_extract_thread_local %m8[%i9] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y9 = arith.mulf %x9, %x9 : f16
  %m9 = gpu.subgroup_mma_insert_thread_local %y9, %m8[%i9] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x10 = gpu.subgroup_mma_extract_thread_local %m9[%i10] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y10 = arith.mulf %x10, %x10 : f16
  %m10 = gpu.subgroup_mma_insert_thread_local %y10, %m9[%i10] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x11 = gpu.subgroup_mma_extract_thread_local %m10[%i11] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y11 = arith.mulf %x11, %x11 : f16
  %m11 = gpu.subgroup_mma_insert_thread_local %y11, %m10[%i11] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x12 = gpu.subgroup_mma_extract_thread_local %m11[%i12] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y12 = arith.mulf %x12, %x12 : f16
  %m12 = gpu.subgroup_mma_insert_thread_local %y12, %m11[%i12] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x13 = gpu.subgroup_mma_extract_thread_local %m12[%i13] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y13 = arith.mulf %x13, %x13 : f16
  %m13 = gpu.subgroup_mma_insert_thread_local %y13, %m12[%i13] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x14 = gpu.subgroup_mma_extract_thread_local %m13[%i14] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y14 = arith.mulf %x14, %x14 : f16
  %m14 = gpu.subgroup_mma_insert_thread_local %y14, %m13[%i14] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %x15 = gpu.subgroup_mma_extract_thread_local %m14[%i15] : !gpu.mma_matrix<32x16xf16, "AOp"> -> f16
  %y15 = arith.mulf %x15, %x15 : f16
  %m15 = gpu.subgroup_mma_insert_thread_local %y15, %m14[%i15] : f16, !gpu.mma_matrix<32x16xf16, "AOp"> -> !gpu.mma_matrix<32x16xf16, "AOp">
  %B = gpu.subgroup_mma_load_matrix %b[%i0, %i0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x8xf16, "BOp">
  %C = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<32x8xf32, "COp">
  %D = gpu.subgroup_mma_compute %m15, %B, %C : !gpu.mma_matrix<32x16xf16, "AOp">, !gpu.mma_matrix<16x8xf16, "BOp"> -> !gpu.mma_matrix<32x8xf32, "COp">
  gpu.subgroup_mma_store_matrix %D, %out[%i0, %i0] {leadDimension = 8 : index} : !gpu.mma_matrix<32x8xf32, "COp">, memref<32x8xf32>
  return
}
