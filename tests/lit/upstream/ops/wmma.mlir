// WMMA (gpu.subgroup_mma_*, issue 25 part 3) lowered as upstream's GPUToNVVM lowers it,
// to wmma.load / wmma.mma / wmma.store.d, run on the simulator and compared with eval
// of Inputs/wmma-ref.mlir, which computes the same with scalar loops (the sums of f16
// products are exact in f32, so the two agree to the bit):
//   bias_relu  one warp: relu(A B + C + bias), m16n16k16, f32 accumulator; A the right
//              half of a 16x32 memref (leadDimension 32), B loaded transposed (stored
//              N x K, `transpose` and `b_transpose`), bias added with
//              subgroup_mma_elementwise addf, relu as maxf with a constant matrix in a
//              device function that takes and returns the fragment
//   tiles      four warps, each a 32x8 tile (m32n8k16) of a 64x16 product with K = 32
//              in a loop carrying an f16 accumulator, A stored K x M (transposed), the
//              result stored transposed; then |0.5 D| with mulf, negatef and maxf on f16
//              fragments
//   ops        subf, divf and minf on f16 fragments (m16n16k16, an f16 accumulator
//              loaded from memory) and on f32 ones (m8n32k16)
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/wmma-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS bias_relu
// CHECK: PASS tiles
// CHECK: PASS ops
// PTX-LABEL: .entry bias_relu(
// PTX: wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, {{.*}}}, [%rd_{{[A-Za-z0-9_$]+_[0-9]+}}+32], 32;
// PTX: wmma.load.b.sync.aligned.col.m16n16k16.global.f16
// PTX: wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32
// PTX: call.uni (vptx_c0_r0), relu,
// PTX: wmma.store.d.sync.aligned.row.m16n16k16.global.f32
// PTX-LABEL: .entry tiles(
// PTX: wmma.load.a.sync.aligned.col.m32n8k16.global.f16
// PTX: wmma.mma.sync.aligned.col.col.m32n8k16.f16.f16
// PTX: wmma.store.d.sync.aligned.col.m32n8k16.global.f16
!a = !gpu.mma_matrix<16x16xf16, "AOp">
!b = !gpu.mma_matrix<16x16xf16, "BOp">
!c = !gpu.mma_matrix<16x16xf32, "COp">
!a32 = !gpu.mma_matrix<32x16xf16, "AOp">
!b8 = !gpu.mma_matrix<16x8xf16, "BOp">
!c32 = !gpu.mma_matrix<32x8xf16, "COp">
func.func @bias_relu(%a: memref<16x32xf16>, %bt: memref<16x16xf16>, %c: memref<16x16xf32>,
                     %bias: memref<16x16xf32>, %out: memref<16x16xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %A = gpu.subgroup_mma_load_matrix %a[%c0, %c16] {leadDimension = 32 : index} : memref<16x32xf16> -> !a
  %B = gpu.subgroup_mma_load_matrix %bt[%c0, %c0] {leadDimension = 16 : index, transpose} : memref<16x16xf16> -> !b
  %C = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !c
  %D = gpu.subgroup_mma_compute %A, %B, %C {b_transpose} : !a, !b -> !c
  %Bi = gpu.subgroup_mma_load_matrix %bias[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !c
  %E = gpu.subgroup_mma_elementwise addf %D, %Bi : (!c, !c) -> !c
  %R = func.call @relu(%E) : (!c) -> !c
  gpu.subgroup_mma_store_matrix %R, %out[%c0, %c0] {leadDimension = 16 : index} : !c, memref<16x16xf32>
  return
}

// a device function taking and returning a fragment (its 8 registers in .param)
func.func @relu(%x: !c) -> !c {
  %zero = arith.constant 0.0 : f32
  %Z = gpu.subgroup_mma_constant_matrix %zero : !c
  %R = gpu.subgroup_mma_elementwise maxf %x, %Z : (!c, !c) -> !c
  return %R : !c
}

func.func @tiles(%at: memref<32x64xf16>, %bt: memref<16x32xf16>, %out: memref<16x64xf16>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f16
  %half = arith.constant 0.5 : f16
  %w = gpu.subgroup_id : index
  %ti = arith.divui %w, %c2 : index
  %tj = arith.remui %w, %c2 : index
  %i0 = arith.muli %ti, %c32 : index
  %j0 = arith.muli %tj, %c8 : index
  %init = gpu.subgroup_mma_constant_matrix %zero : !c32
  %D = scf.for %kk = %c0 to %c32 step %c16 iter_args(%acc = %init) -> (!c32) {
    %A = gpu.subgroup_mma_load_matrix %at[%kk, %i0] {leadDimension = 64 : index, transpose} : memref<32x64xf16> -> !a32
    %B = gpu.subgroup_mma_load_matrix %bt[%j0, %kk] {leadDimension = 32 : index, transpose} : memref<16x32xf16> -> !b8
    %n = gpu.subgroup_mma_compute %A, %B, %acc {a_transpose, b_transpose} : !a32, !b8 -> !c32
    scf.yield %n : !c32
  }
  %H = gpu.subgroup_mma_constant_matrix %half : !c32
  %E = gpu.subgroup_mma_elementwise mulf %D, %H : (!c32, !c32) -> !c32
  %N = gpu.subgroup_mma_elementwise negatef %E : (!c32) -> !c32
  %F = gpu.subgroup_mma_elementwise maxf %E, %N : (!c32, !c32) -> !c32
  gpu.subgroup_mma_store_matrix %F, %out[%j0, %i0] {leadDimension = 64 : index, transpose} : !c32, memref<16x64xf16>
  return
}

!a8 = !gpu.mma_matrix<8x16xf16, "AOp">
!b32 = !gpu.mma_matrix<16x32xf16, "BOp">
!c8 = !gpu.mma_matrix<8x32xf32, "COp">
!h = !gpu.mma_matrix<16x16xf16, "COp">
func.func @ops(%a: memref<16x16xf16>, %b: memref<16x32xf16>, %c: memref<16x16xf16>,
               %c32: memref<8x32xf32>, %out16: memref<16x16xf16>, %out32: memref<8x32xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f16
  %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !a
  %B = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 32 : index} : memref<16x32xf16> -> !b
  %C = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !h
  %D = gpu.subgroup_mma_compute %A, %B, %C : !a, !b -> !h
  %E = gpu.subgroup_mma_elementwise subf %D, %C : (!h, !h) -> !h
  %T = gpu.subgroup_mma_constant_matrix %two : !h
  %H = gpu.subgroup_mma_elementwise divf %E, %T : (!h, !h) -> !h
  %F = gpu.subgroup_mma_elementwise minf %H, %C : (!h, !h) -> !h
  gpu.subgroup_mma_store_matrix %F, %out16[%c0, %c0] {leadDimension = 16 : index} : !h, memref<16x16xf16>
  %A8 = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !a8
  %B32 = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 32 : index} : memref<16x32xf16> -> !b32
  %C8 = gpu.subgroup_mma_load_matrix %c32[%c0, %c0] {leadDimension = 32 : index} : memref<8x32xf32> -> !c8
  %D8 = gpu.subgroup_mma_compute %A8, %B32, %C8 : !a8, !b32 -> !c8
  %Q = gpu.subgroup_mma_elementwise divf %D8, %C8 : (!c8, !c8) -> !c8
  %S = gpu.subgroup_mma_elementwise subf %Q, %D8 : (!c8, !c8) -> !c8
  gpu.subgroup_mma_store_matrix %S, %out32[%c0, %c0] {leadDimension = 32 : index} : !c8, memref<8x32xf32>
  return
}
