// The TMA ring of a wgmma K loop (issue 14 parts 2-3, distribute/schedule/tma_ring.c): a
// 128x128 f32 accumulator over two warpgroups, K = 256 in steps of 64, A (m, k) and B
// (k, n) read from global memrefs that are kernel arguments.  Expected values worked
// out from the tile sizes, not from the output:
//   A stage = 128 x 64 f16 = 16384 B; B stage = 64 x 128 f16 = 16384 B; one K step's
//   transaction = 32768 B (expect_tx); 3 stages (the default) = 49152 B per operand,
//   A's ring at 0, B's at 49152: 98304 B of dynamic shared memory;
//   full barriers count 1 (the producer's expect_tx arrival), empty ones 256 (every
//   thread of the workgroup releases a stage);
//   boxes: A 128 rows x 64 f16 (128 B, 128-byte swizzle); B MN-major 64 rows (k) x 64
//   f16 (N = 128 is two 128-byte column blocks): per stage 1 + 2 = 3 TMA copies, so the
//   prologue (stages 0, 1) issues 6 and the loop body 3 per stage branch = 9;
//   parity of step it = (it / 3) & 1 (full), ((it - 1) / 3) & 1 (empty);
//   wgmma: 4 k16 instructions per step, then commit and wait_group 1 (this step's one
//   group stays in flight into the next step); wait_group 0 after the loop.
// The kernel gains two tensor-map parameters after its own three (hidden arguments:
// the launcher encodes them; the comment lines say for which memref argument).
// The structure without warp specialization (--no-warp-specialize: thread 0 of the
// consumers issues the copies); tma-ring-ws.mlir checks the producer warpgroup.
// RUN: %vptx --emit=ptx --arch=sm_90a --no-warp-specialize %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a --no-warp-specialize %s -o %t.ptx && grep -c 'cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes' %t.ptx | %filecheck --check-prefix=COPIES %s
// RUN: %vptx --emit=ptx --arch=sm_90a --pipeline-stages=4 %s -o %t4.ptx && %filecheck --check-prefix=FOUR %s < %t4.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a --pipeline-stages=1 %s -o %t1.ptx && %filecheck --check-prefix=ONE %s < %t1.ptx
// CHECK: // vptx: hidden tensor map of argument 0, box 128x64, swizzle 128
// CHECK-NEXT: // vptx: hidden tensor map of argument 1, box 64x64, swizzle 128
// CHECK-NEXT: // vptx: dynamic shared memory 98304 bytes
// CHECK-NEXT: .visible .entry ring(
// CHECK-NEXT: .param .u64 ring_param_0,
// CHECK-NEXT: .param .u64 ring_param_1,
// CHECK-NEXT: .param .u64 ring_param_2,
// CHECK-NEXT: .param .align 64 .b8 ring_param_3[128],
// CHECK-NEXT: .param .align 64 .b8 ring_param_4[128]
// CHECK: mbarrier.init.shared.b64 {{\[}}[[FULL:%r_[A-Za-z0-9_$]+_[0-9]+]]{{\]}}, 1;
// CHECK: mbarrier.init.shared.b64 {{\[}}[[EMPTY:%r_[A-Za-z0-9_$]+_[0-9]+]]{{\]}}, 256;
// CHECK: mbarrier.init.shared.b64 {{\[}}[[FULL]]+8{{\]}}, 1;
// CHECK: mbarrier.init.shared.b64 {{\[}}[[EMPTY]]+8{{\]}}, 256;
// CHECK: mbarrier.init.shared.b64 {{\[}}[[FULL]]+16{{\]}}, 1;
// CHECK: mbarrier.init.shared.b64 {{\[}}[[EMPTY]]+16{{\]}}, 256;
// CHECK-NOT: mbarrier.init
// CHECK: bar.sync 0;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, {{\[}}[[FULL]]{{\]}}, 32768;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, {{\[}}[[FULL]]+8{{\]}}, 32768;
// the loop: wait full[it % 3] with parity (it / 3) & 1
// CHECK: rem.u32 [[RD:%r_[A-Za-z0-9_$]+_[0-9]+]], [[IT:%r_[A-Za-z0-9_$]+_[0-9]+]], 3;
// CHECK: div.u32 [[PH:%r_[A-Za-z0-9_$]+_[0-9]+]], [[IT]], 3;
// CHECK: and.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, [[PH]], 1;
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 1;
// release the previous step's stage (it + 2) % 3 when it > 0
// CHECK: add.s32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, [[IT]], 2;
// CHECK: rem.u32
// CHECK: setp.gt.s32 {{%p_[A-Za-z0-9_$]+_[0-9]+}}, [[IT]], 0;
// CHECK: mbarrier.arrive.shared.b64 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{\[%r_[A-Za-z0-9_$]+_[0-9]+\]}};
// the producer (thread 0) waits empty with parity ((it - 1) / 3) & 1, then refills
// CHECK: sub.s32 [[PREV:%r_[A-Za-z0-9_$]+_[0-9]+]], [[IT]], 1;
// CHECK: div.u32 [[PP:%r_[A-Za-z0-9_$]+_[0-9]+]], [[PREV]], 3;
// CHECK: and.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, [[PP]], 1;
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, {{\[}}[[FULL]]{{\]}}, 32768;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, {{\[}}[[FULL]]+8{{\]}}, 32768;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, {{\[}}[[FULL]]+16{{\]}}, 32768;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: wgmma.wait_group
// CHECK: ret;
// COPIES: 15
// FOUR: // vptx: dynamic shared memory 131072 bytes
// FOUR-COUNT-4: mbarrier.init.shared.b64 {{.*}}, 1;
// FOUR: mbarrier.try_wait.parity
// FOUR: and.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 3;
// ONE-NOT: cp.async.bulk
// ONE-NOT: hidden tensor map
// ONE: st.shared.v4.b32
// ONE: wgmma.wait_group.sync.aligned 0;
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
