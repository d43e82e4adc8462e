// Default tcgen05 selection on sm_100a, executed: plain kernels that layout/select.c gives
// NV_TCGEN05_* kinds (docs/blackwell.md, section 4), each run on the simulator against
// eval and assembled by ptxas for sm_100a.  What each checks:
//   f16_kn    128x128, K 96 in steps of 32 over 256 threads: B given as (k, n), stored
//             MN-major (idesc transpose-B, LBO the next 64-column block); 2 warpgroups
//             drain 64 columns a thread
//   bf16_nk   bf16, B given as (n, k) (K-major, both descriptors alike), N = 64 on one
//             warpgroup (64 columns a thread), 2 stages
//   tf32_nk   f32 read as tf32 (kind::tf32, K 8: 2 MMAs per step of 16), N = 32
//   n256      N = 256 (256 tensor-memory columns; 128 a thread), K steps of 64 (128-byte
//             swizzle for A and B)
//   acc_in    the accumulator starts from C (C += A B): its value goes to tensor memory
//             by tcgen05.st before the loop
// A descriptor that reads B transposed, or an accumulator lane off by one, makes a FAIL
// (the values are random; the sums differ).
// RUN: %vptx check --arch=sm_100a %s | %filecheck %s
// RUN: %vptx check --arch=sm_100a --allow-tf32 %s | %filecheck %s
// RUN: %vptx --arch=sm_100a --allow-tf32 --emit=layout %s -o %t.mlir
// RUN: %filecheck --check-prefix=LAYOUT %s < %t.mlir
// RUN: %vptx --arch=sm_100a --allow-tf32 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: PASS f16_kn (sim vs eval
// CHECK: PASS bf16_nk (sim vs eval
// CHECK: PASS tf32_nk (sim vs eval
// CHECK: PASS n256 (sim vs eval
// CHECK: PASS acc_in (sim vs eval
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F32_128x128x16_F16>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F32_128x64x16_BF16>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F32_128x32x8_TF32>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F32_128x256x16_F16>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F32_128x128x16_F16>
// LAYOUT-NOT: NV_MMA_SYNC
// The instruction descriptors (PTX ISA Table 42): D f32 (bit 4), A/B type at 7 and 10
// (f16 0, bf16 1, tf32 2), transpose B at 16, N >> 3 at 17, M >> 4 = 8 at 24:
//   f16_kn   0x10 | 1 << 16 | 16 << 17 | 8 << 24 = 136380432
//   bf16_nk  0x10 | 1 << 7 | 1 << 10 | 8 << 17 | 8 << 24 = 135267472
//   tf32_nk  0x10 | 2 << 7 | 2 << 10 | 4 << 17 | 8 << 24 = 134744336
//   n256     0x10 | 1 << 16 | 32 << 17 | 8 << 24 = 138477584
// PTX-LABEL: .entry f16_kn
// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [{{.*}}], 128;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global
// PTX: tcgen05.st.sync.aligned.32x32b.x64.b32
// PTX: mbarrier.try_wait.parity
// PTX: mov.b32 [[ID:%r_[A-Za-z0-9_$]+_[0-9]+]], 136380432;
// PTX: tcgen05.mma.cta_group::1.kind::f16 [{{%r_[A-Za-z0-9_$]+_[0-9]+}}], {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, [[ID]],
// PTX: tcgen05.mma.cta_group::1.kind::f16
// PTX: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global
// PTX: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// PTX: tcgen05.ld.sync.aligned.32x32b.x64.b32
// PTX: tcgen05.wait::ld.sync.aligned;
// PTX: tcgen05.dealloc.cta_group::1.sync.aligned.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 128;
// PTX-NOT: mma.sync
// PTX-LABEL: .entry bf16_nk
// PTX: 135267472
// PTX: tcgen05.mma.cta_group::1.kind::f16
// PTX-LABEL: .entry tf32_nk
// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [{{.*}}], 32;
// PTX: 134744336
// PTX: tcgen05.mma.cta_group::1.kind::tf32
// PTX: tcgen05.mma.cta_group::1.kind::tf32
// PTX-LABEL: .entry n256
// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [{{.*}}], 256;
// PTX: 138477584
// PTX: tcgen05.ld.sync.aligned.32x32b.x64.b32
// PTX: tcgen05.ld.sync.aligned.32x32b.x64.b32
#lhs = affine_map<(m, n, k) -> (m, k)>
#rkn = affine_map<(m, n, k) -> (k, n)>
#rnk = affine_map<(m, n, k) -> (n, k)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @f16_kn(%A: memref<128x96xf16>, %B: memref<96x128xf16>, %C: memref<128x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 96 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x96xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<96x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}
func.func @bf16_nk(%A: memref<128x96xbf16>, %B: memref<64x96xbf16>, %C: memref<128x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 96 : index
  %h = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x96xbf16>, vector<128x32xbf16>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<64x96xbf16>, vector<64x32xbf16>
    %d = vector.contract {indexing_maps = [#lhs, #rnk, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xbf16>, vector<64x32xbf16> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  } {vptx.pipeline_stages = 2 : i64}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
func.func @tf32_nk(%A: memref<128x64xf32>, %B: memref<32x64xf32>, %C: memref<128x32xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 16 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<128x32xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x32xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf32>, vector<128x16xf32>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<32x64xf32>, vector<32x16xf32>
    %d = vector.contract {indexing_maps = [#lhs, #rnk, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x16xf32>, vector<32x16xf32> into vector<128x32xf32>
    scf.yield %d : vector<128x32xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x32xf32>, memref<128x32xf32>
  return
}
func.func @n256(%A: memref<128x128xf16>, %B: memref<128x256xf16>, %C: memref<128x256xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %ck = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x256xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x256xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<128x64xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x256xf16>, vector<64x256xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x64xf16>, vector<64x256xf16> into vector<128x256xf32>
    scf.yield %d : vector<128x256xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x256xf32>, memref<128x256xf32>
  return
}
func.func @acc_in(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %init = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : memref<128x128xf32>, vector<128x128xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %init) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}
