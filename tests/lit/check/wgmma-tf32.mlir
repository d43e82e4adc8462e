// tf32 wgmma (issue 14 part 1): f32 x f32 -> f32 contracts on sm_90a with --allow-tf32
// become wgmma m64nNk8 .tf32 (4-byte elements: an instruction reads 32 bytes = 8 elements
// of each K-major row, a 128-byte swizzle row holds 32 elements), run on the simulator
// against eval.  The tolerance is check's with --allow-tf32 (unit roundoff 2^-11, tf32's
// 10 mantissa bits), so a wrong swizzle, descriptor or K step shows as an O(1) error.
//   tf32_ring_nk  default selection, B as (n, k): a TMA ring (boxes of 32 f32 = 128 bytes)
//   tf32_copy_kn  explicit NV_WGMMA_F32_64x32x8_TF32, B as (k, n): wgmma cannot transpose
//                 tf32, so contract.c's register copy stores B K-major (the ring refuses it)
// Without --allow-tf32 the default selection keeps f32 off tf32 (remark checked), and an
// explicit tf32 kind still gets check's tf32 tolerance (tools/check.c, tf32_kind).
// RUN: %vptx check --arch=sm_90a %s --backend=sim | %filecheck --check-prefix=EXPLICIT %s
// EXPLICIT: PASS tf32_copy_kn (sim vs eval
// RUN: %vptx check --arch=sm_90a --allow-tf32 %s --backend=sim | %filecheck %s
// RUN: %vptx --arch=sm_90a --allow-tf32 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --arch=sm_90a --remarks --emit=layout %s -o %t.mlir 2>&1 | %filecheck --check-prefix=NOTF32 %s
// CHECK: PASS tf32_ring_nk (sim vs eval
// CHECK: PASS tf32_copy_kn (sim vs eval
// PTX: // vptx: hidden tensor map of argument 0, box 128x32, swizzle 128
// PTX-NEXT: // vptx: hidden tensor map of argument 1, box 64x32, swizzle 128
// PTX: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}, 1, 1;
// PTX: wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32 {{.*}}, 1, 1;
// NOTF32: remark: 'vector.contract' keeps the per-thread path: f32 x f32 -> f32 fits only tf32 mma.sync, {{.*}}; not wgmma: f32 x f32 -> f32 fits only tf32 wgmma, which rounds the inputs to 10 mantissa bits (allow it with --allow-tf32)
func.func @tf32_ring_nk(%A: memref<128x128xf32>, %B: memref<64x128xf32>, %C: memref<128x64xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 128 : index
  %h = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x128xf32>, vector<128x32xf32>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf32>, vector<64x32xf32>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
         %a, %b, %acc : vector<128x32xf32>, vector<64x32xf32> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @tf32_copy_kn(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 16 : index
  %cK = arith.constant 64 : index
  %h = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf32>, vector<64x16xf32>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf32>, vector<16x64xf32>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x32x8_TF32>}
         %a, %b, %acc : vector<64x16xf32>, vector<16x64xf32> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
