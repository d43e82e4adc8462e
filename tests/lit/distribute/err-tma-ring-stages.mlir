// A TMA ring's stage count from the loop's vptx.pipeline_stages must be 1 to 8: 9 is a
// located error at the loop, and no PTX file is written.  1 is accepted and turns the
// ring off (the register copy: no TMA copies, no hidden tensor maps).
// RUN: not %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx 2>&1 | %filecheck %s
// RUN: test ! -e %t.ptx
// RUN: sed 's/pipeline_stages = 9/pipeline_stages = 1/' %s > %t1.mlir && %vptx --emit=ptx --arch=sm_90a %t1.mlir -o %t1.ptx && %filecheck --check-prefix=ONE %s < %t1.ptx
// CHECK: err-tma-ring-stages.mlir:[[@LINE+10]]:8: error: 'pipeline_stages' must be an integer from 1 to 8
// ONE-NOT: hidden tensor map
// ONE-NOT: cp.async.bulk
// ONE: wgmma.mma_async
func.func @ring(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>}
         %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  } {vptx.pipeline_stages = 9 : i64}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
