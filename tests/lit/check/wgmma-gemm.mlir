// Vector-level GEMMs with an NV_WGMMA_* mma_kind run on the simulator against eval
// (issue 14 part 1): one and two warpgroups, M split over warpgroups (and two 64-row
// instructions per warpgroup, whose rows interleave in M), N split over warpgroups,
// N batched over instructions, B as (k, n) or (n, k), f16 and bf16, K steps of 16
// (32-byte swizzle), 32 (64 B), 48 (three 32-byte blocks) and 64 (128 B).  The
// simulator executes wgmma from the ISA's descriptor formula (sim/exec_sm90.c).
// Also: four warpgroups on one 64x64 tile (each computes it), N split over four
// warpgroups, and two contracts chained on one accumulator (N = 32 then 64
// instructions: a register layout conversion between them) with an epilogue, and an
// accumulator still used after the contract (its registers must not be updated in
// place: ptxgen/isel_sm90.c acc_in_place).
// RUN: %vptx check --arch=sm_90a %s --backend=sim | %filecheck %s
// CHECK: PASS wg1_m128_k64 (sim vs eval
// CHECK: PASS wg1_k16_n128 (sim vs eval
// CHECK: PASS wg2_bt (sim vs eval
// CHECK: PASS wg2_mn (sim vs eval
// CHECK: PASS bf16 (sim vs eval
// CHECK: PASS wg1_k48 (sim vs eval
// CHECK: PASS wg2_m128 (sim vs eval
// CHECK: PASS e512 (sim vs eval
// CHECK: PASS e_nsplit4 (sim vs eval
// CHECK: PASS chain (sim vs eval
// CHECK: PASS reuse (sim vs eval
// CHECK: PASS n24_kn (sim vs eval
func.func @wg1_m128_k64(%A: memref<128x128xf16>, %B: memref<128x64xf16>, %C: memref<128x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<128x64xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<64x64xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>} %a, %b, %acc : vector<128x64xf16>, vector<64x64xf16> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
func.func @wg1_k16_n128(%A: memref<64x64xf16>, %B: memref<64x128xf16>, %C: memref<64x128xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 16 : index
  %cK = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x128xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x16xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<16x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>} %a, %b, %acc : vector<64x16xf16>, vector<16x128xf16> into vector<64x128xf32>
    scf.yield %d : vector<64x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x128xf32>, memref<64x128xf32>
  return
}
func.func @wg2_bt(%A: memref<128x64xf16>, %B: memref<32x64xf16>, %C: memref<128x32xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x32xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x32xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x32xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x32x16_F16>} %a, %b, %acc : vector<128x32xf16>, vector<32x32xf16> into vector<128x32xf32>
    scf.yield %d : vector<128x32xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x32xf32>, memref<128x32xf32>
  return
}
func.func @wg2_mn(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x32x16_F16>} %a, %b, %acc : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
func.func @bf16(%A: memref<64x32xbf16>, %B: memref<32x16xbf16>, %C: memref<64x16xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 32 : index
  %h = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<64x16xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x16xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x32xbf16>, vector<64x32xbf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<32x16xbf16>, vector<32x16xbf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x16x16_BF16>} %a, %b, %acc : vector<64x32xbf16>, vector<32x16xbf16> into vector<64x16xf32>
    scf.yield %d : vector<64x16xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x16xf32>, memref<64x16xf32>
  return
}
func.func @wg1_k48(%A: memref<64x48xf16>, %B: memref<48x8xf16>, %C: memref<64x8xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 48 : index
  %cK = arith.constant 48 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x8xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x8xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x48xf16>, vector<64x48xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<48x8xf16>, vector<48x8xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x8x16_F16>} %a, %b, %acc : vector<64x48xf16>, vector<48x8xf16> into vector<64x8xf32>
    scf.yield %d : vector<64x8xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x8xf32>, memref<64x8xf32>
  return
}
func.func @wg2_m128(%A: memref<128x64xf16>, %B: memref<64x64xf16>, %C: memref<128x64xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>} %a, %b, %acc : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
func.func @e512(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 512, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
func.func @e_nsplit4(%A: memref<64x32xf16>, %B: memref<32x256xf16>, %C: memref<64x256xf32>) attributes {gpu.known_block_size = array<i32: 512, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 32 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x256xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x256xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<32x256xf16>, vector<32x256xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>} %a, %b, %acc : vector<64x32xf16>, vector<32x256xf16> into vector<64x256xf32>
    scf.yield %d : vector<64x256xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x256xf32>, memref<64x256xf32>
  return
}
func.func @chain(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %A2: memref<64x16xf16>, %B2: memref<64x16xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %a2 = vector.transfer_read %A2[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xf16>, vector<64x16xf16>
  %b2 = vector.transfer_read %B2[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xf16>, vector<64x16xf16>
  %z = arith.constant dense<0.0> : vector<64x64xf32>
  %d1 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x32x16_F16>} %a, %b, %z : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
  %d2 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>} %a2, %b2, %d1 : vector<64x16xf16>, vector<64x16xf16> into vector<64x64xf32>
  %s = arith.constant dense<0.5> : vector<64x64xf32>
  %r = arith.mulf %d2, %s : vector<64x64xf32>
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
func.func @reuse(%A: memref<64x32xf16>, %B: memref<64x32xf16>, %C: memref<64x64xf32>, %D: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x32xf16>
  %acc = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : memref<64x64xf32>, vector<64x64xf32>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>} %a, %b, %acc : vector<64x32xf16>, vector<64x32xf16> into vector<64x64xf32>
  %r = arith.subf %d, %acc : vector<64x64xf32>
  vector.transfer_write %r, %D[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

// B as (k, n) with 24-column instructions: 48 bytes per k row hold no whole 32-byte
// swizzle span, so B is stored K-major (an MN-major image with S_B = 32 read the
// wrong columns on the simulator before contract.c's dist_wgmma_mn_span).
func.func @n24_kn(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 16 : index
  %cK = arith.constant 32 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x48xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x48xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x16xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<32x48xf16>, vector<16x48xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x24x16_F16>} %a, %b, %acc : vector<64x16xf16>, vector<16x48xf16> into vector<64x48xf32>
    scf.yield %d : vector<64x48xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x48xf32>, memref<64x48xf32>
  return
}
