// The launcher behind `vptx check` builds the tensor maps of a kernel (issue 14 part 3):
// %ta and %tb are !nvgpu.tensormap.descriptor parameters marked {vptx.tma_source = N},
// so the launcher encodes, for memref argument N's device buffer, a 2-d map (dims
// {64, 64} innermost first, row pitch 128 bytes, box {64, 64}, 128-byte swizzle) and
// passes its 128 bytes as the `.param .align 64 .b8 [128]` parameter.  The kernel
// (tests/golden/hopper_tma_wgmma.mlir with the two memrefs added) loads both tiles by
// TMA and multiplies them with wgmma; eval runs the vector-level GEMM of
// Inputs/tma-gemm-ref.mlir on the same random inputs.  A wrong dim, stride, box or
// swizzle in the encoded map moves elements, and the comparison fails.
// RUN: %vptx check --arch=sm_90a %s --backend=sim --reference=%S/Inputs/tma-gemm-ref.mlir | %filecheck %s
// CHECK: PASS tma_wgmma
!tmap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!desc = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
module attributes {gpu.container_module} {
  gpu.module @hopper {
    memref.global "private" @sa : memref<64x64xf16, 3> {alignment = 128}
    memref.global "private" @sb : memref<64x64xf16, 3> {alignment = 128}
    gpu.func @tma_wgmma(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %ta: !tmap {vptx.tma_source = 0 : i64}, %tb: !tmap {vptx.tma_source = 1 : i64}, %d: memref<64x64xf32>)
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
