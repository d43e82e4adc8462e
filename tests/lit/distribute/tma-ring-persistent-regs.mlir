// Whole-tile ping-pong (docs/hopper.md section 1c) where one warpgroup could not hold the
// whole 128x256 f32 accumulator (256 registers per thread, more than the 128 that leave
// room in the consumers' 232) is an error located at the loop that asks for it with
// `vptx.persistent = true, vptx.ping_pong = true`, with no output; through the options
// (--persistent --ping-pong) on tests/bench/kernels/gemm_128x256.mlir it is a remark, and
// the kernel stays persistent with two warpgroups per tile (256 + 128 threads).
// RUN: not %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx 2>&1 | %filecheck %s
// RUN: test ! -e %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a --persistent --ping-pong --remarks %S/../../bench/kernels/gemm_128x256.mlir -o %t.w.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %filecheck --check-prefix=WIDE %s < %t.w.ptx
// CHECK: tma-ring-persistent-regs.mlir:[[@LINE+13]]:8: error: whole-tile ping-pong (vptx.persistent and vptx.ping_pong) cannot be built: one warpgroup would hold the whole 128x256 accumulator, 256 registers per thread
// REMARK: remark: 'scf.for' gets no whole-tile ping-pong (--persistent --ping-pong): one warpgroup would hold the whole 128x256 accumulator, 256 registers per thread, more than the 128
// WIDE: // vptx: block size 384 threads (128 of a producer warpgroup after the kernel's 256)
// WIDE: // vptx: hidden logical grid
func.func @wide(%A: memref<256x256xf16>, %B: memref<256x512xf16>, %C: memref<256x512xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 256 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %bx = gpu.block_id x
  %n0 = arith.muli %bx, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x256xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x256xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<256x256xf16>, vector<128x64xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [true, true]} : memref<256x512xf16>, vector<64x256xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x256x16_F16>}
         %a, %b, %acc : vector<128x64xf16>, vector<64x256xf16> into vector<128x256xf32>
    scf.yield %d : vector<128x256xf32>
  } {vptx.persistent = true, vptx.ping_pong = true}
  vector.transfer_write %r, %C[%c0, %n0] {in_bounds = [true, true]} : vector<128x256xf32>, memref<256x512xf32>
  return
}
