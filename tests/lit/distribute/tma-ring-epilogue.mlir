// The epilogue of a TMA ring by TMA store (issue 14 part 5), opted in with the loop's
// {vptx.tma_epilogue}: the 128x128 f32 accumulator goes to an unswizzled image in shared
// memory of N/8 = 16 blocks of 128 rows x 8 f32 (32 bytes), then the first thread of each
// of the 8 warps stores two 128 x 8 boxes with cp.async.bulk.tensor (16 in all), in one
// bulk group per thread (one commit and wait after its second store); no thread stores to
// global memory.  The kernel gains a third hidden tensor map, for %C (argument 2,
// parameter 2), after the maps of A and B.  Shared memory: the 3-stage ring (98304 B) then
// the image (128 * 128 * 4 = 65536 B) at the next 1024-byte boundary: 163840 B.
// The stores: a thread's element (x, y) = (tx + cx, ty + cy), thread part + slot constant,
// goes to byte 32 * ((y / 8) * 128 + x) + 4 * (y % 8) of the image: one address per
// thread (the mad.lo pair), then [reg + 4096 * (cy / 8) + 32 * cx] per store.
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck %s < %t.ptx
// CHECK: // vptx: hidden tensor map of argument 0, box 128x64, swizzle 128, parameter 0
// CHECK-NEXT: // vptx: hidden tensor map of argument 1, box 64x64, swizzle 128, parameter 1
// CHECK-NEXT: // vptx: hidden tensor map of argument 2, box 128x8, swizzle 0, parameter 2
// CHECK-NEXT: // vptx: dynamic shared memory 163840 bytes
// CHECK: .param .align 64 .b8 ring_param_5[128]
// CHECK-NOT: st.global
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: xor.b32
// CHECK: st.shared.v2.f32 [[[A:%r_[A-Za-z0-9_$]+_[0-9]+]]], {
// CHECK-NEXT: // vector.store
// CHECK-NEXT: st.shared.v2.f32 [[[A]]+4096], {
// CHECK: st.shared.v2.f32 [[[A]]+61440], {
// CHECK-NEXT: // vector.store
// CHECK-NEXT: st.shared.v2.f32 [[[A]]+256], {
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK-NEXT: cp.async.bulk.commit_group;
// CHECK-NEXT: cp.async.bulk.wait_group.read 0;
// CHECK-COUNT-14: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK-NOT: cp.async.bulk.tensor.2d.global
// CHECK-NOT: st.global
// CHECK: ret;
// The staging stores are free of bank conflicts: 8 warps x 32 stores of 8 bytes = 256
// requests; each is 256 bytes, two 128-byte wavefronts at best, and takes exactly two
// (the 128-byte swizzle of the earlier image took 1024).
// RUN: %vptx check --arch=sm_90a --stats %s | %filecheck --check-prefix=BANKS %s
// BANKS: shared stores  256 requests, 512 wavefronts (ideal 512, 100.0% conflict-free)
// TMA moves each byte once: A and B (2 x 128x256 f16 = 131072 bytes) in 4 K steps of
// 3 boxes, C (128x128 f32 = 65536 bytes) in 16 boxes; 2 warpgroups x 4 steps x 4 (k16)
// wgmma in 8 groups.
// BANKS: TMA{{ +}}12 loads, 131072 bytes (0 zero-filled); 16 stores, 65536 bytes
// BANKS-NEXT: wgmma{{ +}}32 mma_async in 8 groups
// BANKS: PASS ring (sim vs eval, max abs err 0, max rel err 0, tol {{.*}})
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
