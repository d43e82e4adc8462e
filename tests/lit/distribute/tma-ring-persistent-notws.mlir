// `vptx.persistent = true` on a ring that is not warp-specialized (here turned off with
// `vptx.warp_specialize = false`) cannot be honoured: an error located at the loop, with
// no output (docs/hopper.md section 1c); through --persistent the same is a remark.
// RUN: not %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx 2>&1 | %filecheck %s
// RUN: test ! -e %t.ptx
// CHECK: tma-ring-persistent-notws.mlir:[[@LINE+7]]:8: error: 'vptx.persistent' cannot be honoured: the ring is not warp-specialized
func.func @not_ws(%A: memref<64x256xf16>, %B: memref<64x256xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x32xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>}
         %a, %b, %acc : vector<64x32xf16>, vector<64x32xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  } {vptx.persistent = true, vptx.warp_specialize = false}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
