// A TMA ring that does not fit shared memory is a located error naming the bytes needed
// and available, and no PTX file is written (issue 14 part 3).  Per stage: A 128 x 64
// f16 = 16384 B and B 64 x 128 f16 = 16384 B, so 8 stages need 262144 B, more than
// sm_90a's 232448 (227 KiB) of shared memory per workgroup; 7 stages (229376 B) fit.
// RUN: not %vptx --emit=ptx --arch=sm_90a --pipeline-stages=8 %s -o %t.ptx 2>&1 | %filecheck %s
// RUN: test ! -e %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a --pipeline-stages=7 %s -o %t7.ptx && %filecheck --check-prefix=SEVEN %s < %t7.ptx
// RUN: %vptx check --arch=sm_90a --pipeline-stages=7 %s --backend=sim | %filecheck --check-prefix=RUN7 %s
// CHECK: err-tma-ring-smem.mlir:[[@LINE+9]]:8: error: a 8-stage TMA ring of this loop's wgmma operands needs 262144 bytes of shared memory (32768 per stage, 0 in the kernel's other buffers), but sm_90a has 232448 per workgroup; use fewer stages (--pipeline-stages or vptx.pipeline_stages) or a smaller tile
// SEVEN: // vptx: dynamic shared memory 229376 bytes
// RUN7: PASS ring (sim vs eval, max abs err 0,
func.func @ring(%A: memref<128x256xf16>, %B: memref<256x128xf16>, %C: memref<128x128xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x256xf16>, vector<128x64xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<256x128xf16>, vector<64x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>}
         %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}
