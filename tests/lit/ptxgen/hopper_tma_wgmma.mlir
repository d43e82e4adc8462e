// Hopper: two 64x64 f16 tiles loaded by TMA (128B swizzle) signalled by one mbarrier,
// D(64x64 f32) = A(64x64, K contiguous) x B(64x64, [K][N], N contiguous) with four
// wgmma.m64n64k16, accumulator stored to global memory.  One warpgroup (128 threads).
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// CHECK: .version 8.0
// CHECK: .target sm_90a
// CHECK: .shared .align 1024 .b8 sa[8192];
// CHECK: .shared .align 1024 .b8 sb[8192];
// CHECK-LABEL: .visible .entry tma_wgmma(
// CHECK: .param .align 64 .b8 tma_wgmma_param_0[128]
// CHECK: .param .align 64 .b8 tma_wgmma_param_1[128]
// CHECK: .reqntid 128, 1, 1
// CHECK: cvta.param.u64
// CHECK: mbarrier.init.shared.b64
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{%r_[A-Za-z0-9_$]+_[0-9]+}}], 16384;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: [[WAIT:\$L__tma_wgmma_[A-Za-z0-9_$]+_[0-9]+]]:
// CHECK-NEXT: mbarrier.try_wait.parity.shared::cta.b64 [[P:%p_[A-Za-z0-9_$]+_[0-9]+]]
// CHECK-NEXT: @![[P]] bra [[WAIT]];
// CHECK: or.b64 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, 0x4000004002000000;
// CHECK: or.b64 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, 0x4000004002000000;
// CHECK: wgmma.fence.sync.aligned;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 0, 1, 1, 0, 1;
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 1, 1, 1, 0, 1;
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 1, 1, 1, 0, 1;
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 1, 1, 1, 0, 1;
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK: st.global.v2.f32
// CHECK-NOT: wgmma.mma_async

!tmap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!desc = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
module attributes {gpu.container_module} {
  gpu.module @hopper {
    memref.global "private" @sa : memref<64x64xf16, 3> {alignment = 128}
    memref.global "private" @sb : memref<64x64xf16, 3> {alignment = 128}
    gpu.func @tma_wgmma(%ta: !tmap, %tb: !tmap, %d: memref<64x64xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %bytes = arith.constant 16384 : index
      %parity = arith.constant false
      %ticks = arith.constant 10000000 : index
      %a = memref.get_global @sa : memref<64x64xf16, 3>
      %b = memref.get_global @sb : memref<64x64xf16, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %is0 : !bar
      gpu.barrier
      nvgpu.tma.prefetch.descriptor %ta, predicate = %is0 : !tmap
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes, predicate = %is0 : !bar
      nvgpu.tma.async.load %ta[%c0, %c0], %bar[%c0] to %a, predicate = %is0 : !tmap, !bar -> memref<64x64xf16, 3>
      nvgpu.tma.async.load %tb[%c0, %c0], %bar[%c0] to %b, predicate = %is0 : !tmap, !bar -> memref<64x64xf16, 3>
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !bar
      %da = nvgpu.warpgroup.generate.descriptor %a, %ta : memref<64x64xf16, 3>, !tmap -> !desc
      %db = nvgpu.warpgroup.generate.descriptor %b, %tb : memref<64x64xf16, 3>, !tmap -> !desc
      %acc0 = nvgpu.warpgroup.mma.init.accumulator -> !acc
      %acc1 = nvgpu.warpgroup.mma %da, %db, %acc0 {transposeB} : !desc, !desc, !acc -> !acc
      nvgpu.warpgroup.mma.store %acc1, %d : !acc to memref<64x64xf32>
      gpu.return
    }
  }
}
