// Two accumulator tiles per warpgroup (M = 128 on one warpgroup: two 64-row wgmma
// instructions a K step, rows interleaved as the D fragment tiles them): both chains are
// in flight together, each commits its group and only the last waits (wait_group 0
// waits for both).  ptxas reports no repaired ordering (C7517: a D register used before
// its wait; C7519: a missing wgmma.fence).
// REQUIRES: ptxas
// RUN: %vptx --emit=ptx --arch=sm_90a --pipeline-stages=1 %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin > %t.log 2>&1; ! grep -E 'C7517|C7519' %t.log
// CHECK:      wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
// CHECK-NOT:  wgmma.wait_group
// CHECK:      wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT:  wgmma.{{[a-z_]+}}.sync
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
