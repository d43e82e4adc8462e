// RUN: %vptx --emit=mlir %s | %filecheck %s
// Custom forms of the nvgpu ops (MLIR's NVGPU dialect assembly formats).

!barrier = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!wgA = !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>
!wgB = !nvgpu.warpgroup.descriptor<tensor = memref<16x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
gpu.module @nv {
  // CHECK-LABEL: gpu.func @ops
  gpu.func @ops(%g: memref<128xf32>, %s: memref<128xf32, 3>, %sm: memref<16x16xf16, 3>, %d: !desc, %tile: memref<64x64xf16, 3>, %a16: memref<64x16xf16, 3>, %b16: memref<16x64xf16, 3>, %out: memref<64x64xf32>, %va: vector<4x2xf16>, %vb: vector<2x2xf16>, %vc: vector<2x2xf32>, %p: i1, %mm: i16, %raw: memref<*xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // CHECK: nvgpu.ldmatrix %sm[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, 3> -> vector<4x2xf16>
    %0 = nvgpu.ldmatrix %sm[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, 3> -> vector<4x2xf16>
    // CHECK: nvgpu.mma.sync(%va, %vb, %vc) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %1 = nvgpu.mma.sync(%va, %vb, %vc) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    // CHECK: %cp = nvgpu.device_async_copy %g[%c0], %s[%c4], 4 : memref<128xf32> to memref<128xf32, 3>
    %cp = nvgpu.device_async_copy %g[%c0], %s[%c4], 4 : memref<128xf32> to memref<128xf32, 3>
    // CHECK: nvgpu.device_async_copy %g[%c0], %s[%c0], 4, %c1 {bypassL1} : memref<128xf32> to memref<128xf32, 3>
    %cp2 = nvgpu.device_async_copy %g[%c0], %s[%c0], 4, %c1 {bypassL1} : memref<128xf32> to memref<128xf32, 3>
    // CHECK: %grp = nvgpu.device_async_create_group %cp, %cp2
    %grp = nvgpu.device_async_create_group %cp, %cp2
    // CHECK: nvgpu.device_async_wait %grp {numGroups = 1 : i32}
    nvgpu.device_async_wait %grp {numGroups = 1 : i32}
    // CHECK: %bar = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
    %bar = nvgpu.mbarrier.create -> !barrier
    // CHECK: nvgpu.mbarrier.init %bar[%c0], %c1 : !nvgpu.mbarrier.group
    nvgpu.mbarrier.init %bar[%c0], %c1 : !barrier
    nvgpu.mbarrier.init %bar[%c1], %c4, predicate = %p : !barrier
    // CHECK: nvgpu.mbarrier.arrive %bar[%c0] : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4> -> !nvgpu.mbarrier.token
    %tok = nvgpu.mbarrier.arrive %bar[%c0] : !barrier -> !nvgpu.mbarrier.token
    // CHECK: nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c4 :
    nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c4 : !barrier
    nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c4, predicate = %p : !barrier
    // CHECK: nvgpu.mbarrier.try_wait.parity %bar[%c0], %p, %c4 :
    nvgpu.mbarrier.try_wait.parity %bar[%c0], %p, %c4 : !barrier
    // CHECK: nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %tile : !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, !nvgpu.mbarrier.group<{{.*}}> -> memref<64x64xf16, 3>
    nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %tile : !desc, !barrier -> memref<64x64xf16, 3>
    // CHECK: nvgpu.tma.async.load %d[%c0, %c1], %bar[%c1] to %tile multicast_mask = %mm, predicate = %p :
    nvgpu.tma.async.load %d[%c0, %c1], %bar[%c1] to %tile multicast_mask = %mm, predicate = %p : !desc, !barrier -> memref<64x64xf16, 3>
    // CHECK: nvgpu.tma.async.store %tile to %d[%c0, %c0] : memref<64x64xf16, 3> -> !nvgpu.tensormap.descriptor
    nvgpu.tma.async.store %tile to %d[%c0, %c0] : memref<64x64xf16, 3> -> !desc
    nvgpu.tma.async.store %tile to %d[%c0, %c0], predicate = %p : memref<64x64xf16, 3> -> !desc
    %c64 = arith.constant 64 : index
    // CHECK: nvgpu.tma.create.descriptor %raw box[%c64, %c64] : memref<*xf16> -> !nvgpu.tensormap.descriptor
    %nd = nvgpu.tma.create.descriptor %raw box[%c64, %c64] : memref<*xf16> -> !desc
    // CHECK: nvgpu.tma.prefetch.descriptor %d : !nvgpu.tensormap.descriptor
    nvgpu.tma.prefetch.descriptor %d : !desc
    nvgpu.tma.prefetch.descriptor %d, predicate = %p : !desc
    nvgpu.tma.fence.descriptor %d : !desc
    // CHECK: nvgpu.warpgroup.generate.descriptor %a16, %d : memref<64x16xf16, 3>, !nvgpu.tensormap.descriptor<{{.*}}> -> !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>
    %da = nvgpu.warpgroup.generate.descriptor %a16, %d : memref<64x16xf16, 3>, !desc -> !wgA
    %db = nvgpu.warpgroup.generate.descriptor %b16, %d : memref<16x64xf16, 3>, !desc -> !wgB
    // CHECK: nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !acc
    // CHECK: nvgpu.warpgroup.mma %da, %db, %acc : !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<16x64xf16, 3>>, !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>> -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
    %r = nvgpu.warpgroup.mma %da, %db, %acc : !wgA, !wgB, !acc -> !acc
    // CHECK: nvgpu.warpgroup.mma.store %r, %out : !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>> to memref<64x64xf32>
    nvgpu.warpgroup.mma.store %r, %out : !acc to memref<64x64xf32>
    gpu.return
  }
}
