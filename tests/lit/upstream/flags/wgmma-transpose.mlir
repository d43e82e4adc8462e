// nvgpu.warpgroup.mma's transpose flags mean what upstream MLIR's NVGPUToNVVM makes of them
// (issue 25 part 0): the descriptor types always say A is MxK and B is KxN; the flags say
// which dim of the tile in shared memory is contiguous.
//   wg_kmajor_b   no flag: B is held as N rows of K (K contiguous, imm-trans-b = 0); N = 128
//                 and K = 64, so B read the other way round would not even fit.
//   wg_trans_ab   {transposeA, transposeB}: A is held as K rows of M (imm-trans-a = 1) and B
//                 as K rows of N (imm-trans-b = 1); K = 32, M = N = 64.
// Each is run on the simulator and compared with eval of the vector-level GEMM in
// Inputs/wgmma-transpose-ref.mlir, whose vector.contract maps say how A and B are held;
// the random inputs are not symmetric, so a transposed operand fails the comparison.
// ARCH: sm_90a
// RUN: %vptx check --arch=sm_90a %s --backend=sim --reference=%S/Inputs/wgmma-transpose-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS wg_kmajor_b
// CHECK: PASS wg_trans_ab
// PTX-LABEL: .entry wg_kmajor_b(
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, 0, 1, 1, 0, 0;
// PTX-LABEL: .entry wg_trans_ab(
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 0, 1, 1, 1, 1;
!tmA = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmBt = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tm32 = !nvgpu.tensormap.descriptor<tensor = memref<32x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @wg {
    memref.global "private" @a1 : memref<64x64xf16, 3> {alignment = 1024}
    memref.global "private" @b1 : memref<128x64xf16, 3> {alignment = 1024}
    memref.global "private" @a2 : memref<32x64xf16, 3> {alignment = 1024}
    memref.global "private" @b2 : memref<32x64xf16, 3> {alignment = 1024}
    gpu.func @wg_kmajor_b(%A: memref<64x64xf16>, %Bt: memref<128x64xf16>,
                          %ta: !tmA {vptx.tma_source = 0 : i64}, %tb: !tmBt {vptx.tma_source = 1 : i64},
                          %d: memref<64x128xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %bytes = arith.constant 24576 : index
      %parity = arith.constant false
      %ticks = arith.constant 10000000 : index
      %a = memref.get_global @a1 : memref<64x64xf16, 3>
      %b = memref.get_global @b1 : memref<128x64xf16, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %is0 : !bar
      gpu.barrier
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes, predicate = %is0 : !bar
      nvgpu.tma.async.load %ta[%c0, %c0], %bar[%c0] to %a, predicate = %is0 : !tmA, !bar -> memref<64x64xf16, 3>
      nvgpu.tma.async.load %tb[%c0, %c0], %bar[%c0] to %b, predicate = %is0 : !tmBt, !bar -> memref<128x64xf16, 3>
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !bar
      %da = nvgpu.warpgroup.generate.descriptor %a, %ta : memref<64x64xf16, 3>, !tmA -> !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
      %db = nvgpu.warpgroup.generate.descriptor %b, %tb : memref<128x64xf16, 3>, !tmBt -> !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
      %z = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
      %r = nvgpu.warpgroup.mma %da, %db, %z : !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>, !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>> -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
      nvgpu.warpgroup.mma.store %r, %d : !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>> to memref<64x128xf32>
      gpu.return
    }
    gpu.func @wg_trans_ab(%At: memref<32x64xf16>, %B: memref<32x64xf16>,
                          %ta: !tm32 {vptx.tma_source = 0 : i64}, %tb: !tm32 {vptx.tma_source = 1 : i64},
                          %d: memref<64x64xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %bytes = arith.constant 8192 : index
      %parity = arith.constant false
      %ticks = arith.constant 10000000 : index
      %a = memref.get_global @a2 : memref<32x64xf16, 3>
      %b = memref.get_global @b2 : memref<32x64xf16, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %is0 : !bar
      gpu.barrier
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes, predicate = %is0 : !bar
      nvgpu.tma.async.load %ta[%c0, %c0], %bar[%c0] to %a, predicate = %is0 : !tm32, !bar -> memref<32x64xf16, 3>
      nvgpu.tma.async.load %tb[%c0, %c0], %bar[%c0] to %b, predicate = %is0 : !tm32, !bar -> memref<32x64xf16, 3>
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !bar
      %da = nvgpu.warpgroup.generate.descriptor %a, %ta : memref<32x64xf16, 3>, !tm32 -> !nvgpu.warpgroup.descriptor<tensor = memref<64x32xf16, 3>>
      %db = nvgpu.warpgroup.generate.descriptor %b, %tb : memref<32x64xf16, 3>, !tm32 -> !nvgpu.warpgroup.descriptor<tensor = memref<32x64xf16, 3>>
      %z = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
      %r = nvgpu.warpgroup.mma %da, %db, %z {transposeA, transposeB} : !nvgpu.warpgroup.descriptor<tensor = memref<64x32xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xf16, 3>>, !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>> -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
      nvgpu.warpgroup.mma.store %r, %d : !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>> to memref<64x64xf32>
      gpu.return
    }
  }
}
