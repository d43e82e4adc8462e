// Default wgmma selection on sm_90a, executed: kernels without mma_kind or layouts that
// layout/select.c gives NV_WGMMA_* kinds, each run on the simulator against eval and
// assembled by ptxas for sm_90a.  Expected kinds and splits, worked out from the rules
// (docs/hopper.md, "Default selection on sm_90a"):
//   mn_split  128x128x32, 4 warpgroups: M has two 64-row tiles -> M2, then N2; a
//             warpgroup's 64 columns -> m64n64k16; split [2, 2, 1, 1, 2, 0] (M innermost)
//   n_split   64x256x32, 4 warpgroups: M1 x N4, 64 columns each -> m64n64k16
//   bf16_nk   128x64x32 bf16, B as (n, k): M2 x N1 -> NV_WGMMA_F32_64x64x16_BF16
//   rows      128x64x32 whose accumulator feeds a row multi_reduction: still wgmma
//   n24_kn    64x24x16, B as (k, n): 24 is not a multiple of 16, so N = 8 (3 instructions)
//   n200_nk   64x200x16, B as (n, k): N = 200 (the whole warpgroup tile, <= 256)
// RUN: %vptx check --arch=sm_90a %s | %filecheck %s
// RUN: %vptx --arch=sm_90a --emit=layout %s -o %t.mlir
// RUN: %filecheck --check-prefix=LAYOUT %s < %t.mlir
// RUN: %vptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: grep -c 'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16' %t.ptx | %filecheck --check-prefix=N8 %s
// CHECK: PASS mn_split (sim vs eval
// CHECK: PASS n_split (sim vs eval
// CHECK: PASS bf16_nk (sim vs eval
// CHECK: PASS rows (sim vs eval
// CHECK: PASS n24_kn (sim vs eval
// CHECK: PASS n200_nk (sim vs eval
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>{{.*}}vptx.subgroup_split = array<i64: 2, 2, 1, 1, 2, 0>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>{{.*}}vptx.subgroup_split = array<i64: 1, 4, 1, 0, 1, 0>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_BF16>{{.*}}vptx.subgroup_split = array<i64: 2, 1, 1, 1, 0, 0>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>{{.*}}vptx.subgroup_split = array<i64: 2, 1, 1, 1, 0, 0>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x8x16_F16>{{.*}}vptx.subgroup_split = array<i64: 1, 1, 1, 0, 0, 0>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x200x16_F16>{{.*}}vptx.subgroup_split = array<i64: 1, 1, 1, 0, 0, 0>
// LAYOUT-NOT: NV_MMA_SYNC
// n24_kn: 3 instructions of N = 8 per 16 of K, one K step of 16 in the loop body: 3
// N8: {{^}}3{{$}}
func.func @mn_split(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [512, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}

func.func @n_split(%A: memref<64x64xf16>, %B: memref<64x256xf16>, %C: memref<64x256xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [512, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x256xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<64x256xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<32x256xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<64x32xf16>, vector<32x256xf16> into vector<64x256xf32>
    scf.yield %d : vector<64x256xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x256xf32>, memref<64x256xf32>
  return
}

func.func @bf16_nk(%A: memref<128x64xbf16>, %B: memref<64x64xbf16>, %C: memref<128x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xbf16>, vector<128x32xbf16>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xbf16>, vector<64x32xbf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xbf16>, vector<64x32xbf16> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @rows(%A: memref<128x64xf16>, %B: memref<64x64xf16>, %C: memref<128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  %z = arith.constant dense<0.0> : vector<128xf32>
  %s = vector.multi_reduction <add>, %r, %z [1] : vector<128x64xf32> to vector<128xf32>
  vector.transfer_write %s, %C[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}

func.func @n24_kn(%A: memref<64x32xf16>, %B: memref<32x24xf16>, %C: memref<64x24xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 16 : index
  %ck = arith.constant 32 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x24xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<64x24xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x16xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<32x24xf16>, vector<16x24xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<64x16xf16>, vector<16x24xf16> into vector<64x24xf32>
    scf.yield %d : vector<64x24xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x24xf32>, memref<64x24xf32>
  return
}

func.func @n200_nk(%A: memref<64x32xf16>, %B: memref<200x32xf16>, %C: memref<64x200xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 16 : index
  %ck = arith.constant 32 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x200xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<64x200xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x16xf16>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<200x32xf16>, vector<200x16xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<64x16xf16>, vector<200x16xf16> into vector<64x200xf32>
    scf.yield %d : vector<64x200xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x200xf32>, memref<64x200xf32>
  return
}

