// REQUIRES: ptxas
// Warp specialization of the sm_90a TMA ring (issue 14 part 4, distribute/schedule/tma_ring.c):
// the workgroup gains a producer warpgroup of 128 threads after the kernel's own, whose
// first thread issues every TMA copy; the consumers only wait on full barriers, run the
// wgmma and release stages.  Expected values worked out from the sizes, not the output:
//   ring (256 threads, 2 consumer warpgroups): block 256 + 128 = 384 (.reqntid and the
//   launchers' comment line), .minnctapersm 1 (ptxas honours setmaxnreg only then);
//   full barriers count 1 (the producer's expect_tx), empty ones 256 (the consumer
//   threads, not 384); the producer branch is taken by threads >= 256 (warpgroup 2);
//   producer setmaxnreg.dec 40; consumers setmaxnreg.inc min(232, floor((65536 - 128 *
//   40) / 256 / 8) * 8 = 236 -> 232) = 232;
//   the producer's loop refills stage it % 3 after waiting empty with parity
//   ((it - 3) / 3) & 1 when it >= 3; the consumers have no TMA copies and no
//   expect_tx: 4 K steps x 3 copies = 12 copies, all in the producer (one per stage
//   branch: 3 x 3 = 9 in the PTX text), none before the loop.  In the text of the
//   whole file: ring 9, ring4 (A one box, B two 128-byte column blocks) 3 x 3 = 9,
//   ring_off (2 + 2 copies per stage) 2 prefilled stages x 2 + 3 branches x 2 = 10,
//   ring_one 1 x 2 + 3 x 2 = 8 (stage 1's prefill would be step 64 = the loop's end,
//   known at compile time: not emitted): 36.
//   ring4 (512 threads, 4 warpgroups): block 640; inc floor(60416 / 512 / 8) * 8 = 112
//   (232 would need 5120 + 512 * 232 = 123904 > 65536 registers).
//   ring_off (vptx.warp_specialize = false): no producer, thread 0 refills (the
//   structure of tma-ring.mlir), .reqntid 256.
//   ring_one: a loop of one K step (0 to 64 step 64) has no copy to overlap: not
//   specialized, .reqntid 128 (its 2 prefill copies count below).
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | %filecheck --check-prefix=PTXAS --allow-empty %s
// RUN: grep -c 'cp.async.bulk.tensor' %t.ptx | %filecheck --check-prefix=COPIES %s
// RUN: %vptx check --arch=sm_90a %s --backend=sim | %filecheck --check-prefix=SIM %s
// RUN: %vptx check --arch=sm_90a --no-warp-specialize %s --backend=sim | %filecheck --check-prefix=SIM %s
// RUN: %vptx --emit=ptx --arch=sm_90a --no-warp-specialize %s -o %t0.ptx && %filecheck --check-prefix=OFF %s < %t0.ptx
// CHECK: // vptx: block size 384 threads (128 of a producer warpgroup after the kernel's 256)
// CHECK-NEXT: // vptx: hidden tensor map of argument 0, box 128x64, swizzle 128
// CHECK-NEXT: // vptx: hidden tensor map of argument 1, box 64x64, swizzle 128
// CHECK-NEXT: // vptx: dynamic shared memory 98304 bytes
// CHECK-NEXT: .visible .entry ring(
// CHECK: .reqntid 384, 1, 1
// CHECK-NEXT: .minnctapersm 1
// CHECK: mbarrier.init.shared.b64 {{\[}}[[FULL:%r_[A-Za-z0-9_$]+_[0-9]+]]{{\]}}, 1;
// CHECK: mbarrier.init.shared.b64 {{\[}}[[EMPTY:%r_[A-Za-z0-9_$]+_[0-9]+]]{{\]}}, 256;
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: bar.sync 0;
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: setp.ge.s32 [[PROD:%p_[A-Za-z0-9_$]+_[0-9]+]], [[TID:%r_[A-Za-z0-9_$]+_[0-9]+]], 256;
// CHECK: @![[PROD]] bra [[CONSUMERS:\$L__[A-Za-z_0-9$]+]];
// CHECK: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK: setp.eq.u32 [[FIRST:%p_[A-Za-z0-9_$]+_[0-9]+]], [[TID]], 256;
// CHECK: setp.ge.s32 {{%p_[A-Za-z0-9_$]+_[0-9]+}}, [[IT:%r_[A-Za-z0-9_$]+_[0-9]+]], 3;
// CHECK: sub.s32 [[PREV:%r_[A-Za-z0-9_$]+_[0-9]+]], [[IT]], 3;
// CHECK: div.u32 [[PH:%r_[A-Za-z0-9_$]+_[0-9]+]], [[PREV]], 3;
// CHECK: and.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, [[PH]], 1;
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, {{\[}}[[FULL]]{{\]}}, 32768;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, {{\[}}[[FULL]]+8{{\]}}, 32768;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, {{\[}}[[FULL]]+16{{\]}}, 32768;
// CHECK: ret;
// CHECK-NEXT: [[CONSUMERS]]:
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK-NOT: cp.async.bulk.tensor
// CHECK-NOT: expect_tx
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK: mbarrier.arrive.shared.b64 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{\[%r_[A-Za-z0-9_$]+_[0-9]+\]}};
// CHECK-NOT: cp.async.bulk.tensor
// CHECK-NOT: expect_tx
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: // vptx: block size 640 threads (128 of a producer warpgroup after the kernel's 512)
// CHECK: .visible .entry ring4(
// CHECK: .reqntid 640, 1, 1
// CHECK: mbarrier.init.shared.b64 {{\[%r_[A-Za-z0-9_$]+_[0-9]+\]}}, 512;
// CHECK: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK: setmaxnreg.inc.sync.aligned.u32 112;
// CHECK-NOT: block size
// CHECK: .visible .entry ring_off(
// CHECK-NEXT: .param
// CHECK-NOT: setmaxnreg
// CHECK: .reqntid 256, 1, 1
// CHECK-NOT: setmaxnreg
// CHECK: mbarrier.init.shared.b64 {{\[%r_[A-Za-z0-9_$]+_[0-9]+\]}}, 256;
// CHECK-NOT: setmaxnreg
// CHECK: ret;
// CHECK-NOT: block size
// CHECK: .visible .entry ring_one(
// CHECK-NOT: setmaxnreg
// CHECK: .reqntid 128, 1, 1
// CHECK-NOT: setmaxnreg
// CHECK: ret;
// PTXAS-NOT: setmaxnreg
// PTXAS-NOT: warning
// COPIES: 36
// SIM: PASS ring (sim vs eval, max abs err 0,
// SIM: PASS ring4 (sim vs eval, max abs err 0,
// SIM: PASS ring_off (sim vs eval, max abs err 0,
// SIM: PASS ring_one (sim vs eval, max abs err 0,
// OFF-NOT: setmaxnreg
// OFF-NOT: block size
// OFF-NOT: .minnctapersm
// OFF: .reqntid 256, 1, 1
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
func.func @ring4(%A: memref<256x128xf16>, %B: memref<128x128xf16>, %C: memref<256x128xf32>) attributes {gpu.known_block_size = array<i32: 512, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<256x128xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<256x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<256x128xf16>, vector<256x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>}
         %a, %b, %acc : vector<256x32xf16>, vector<32x128xf16> into vector<256x128xf32>
    scf.yield %d : vector<256x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<256x128xf32>, memref<256x128xf32>
  return
}
func.func @ring_off(%A: memref<64x256xf16>, %B: memref<64x256xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
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
  } {vptx.warp_specialize = false}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
func.func @ring_one(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %cs step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>}
         %a, %b, %acc : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
