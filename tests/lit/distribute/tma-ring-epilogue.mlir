// The epilogue of a TMA ring by TMA store (issue 14 part 5), opted in with the loop's
// {vptx.tma_epilogue}: the 128x128 f32 accumulator goes to a 128-byte-swizzled image in
// shared memory (N = 128 f32 = four blocks of 32 columns, one 128-byte row each), then
// thread 0 stores the four 128 x 32 boxes with cp.async.bulk.tensor; no thread stores to
// global memory.  The kernel gains a third hidden tensor map, for %C (argument 2), after
// the maps of A and B.  Shared memory: the 3-stage ring (98304 B) then the image
// (128 * 128 * 4 = 65536 B) at the next 1024-byte boundary: 163840 B.
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck %s < %t.ptx
// CHECK: // vptx: hidden tensor map of argument 0, box 128x64, swizzle 128
// CHECK-NEXT: // vptx: hidden tensor map of argument 1, box 64x64, swizzle 128
// CHECK-NEXT: // vptx: hidden tensor map of argument 2, box 128x32, swizzle 128
// CHECK-NEXT: // vptx: dynamic shared memory 163840 bytes
// CHECK: .param .align 64 .b8 ring_param_5[128]
// CHECK-NOT: st.global
// CHECK: wgmma.wait_group.sync.aligned 0;
// the swizzle: column (y % 32) ^ 4 * (x % 8), 8-byte stores of the fragment's pairs
// CHECK: xor.b32
// CHECK: st.shared.v2.f32
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK-COUNT-4: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK-NOT: st.global
// CHECK: ret;
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
  } {vptx.tma_epilogue}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}
