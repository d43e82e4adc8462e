// RUN: %vptx --emit=mlir %s | %filecheck %s
// Seed 004 (gpu/nvgpu -> NVVM): the ops whose lowering vptx replaces, written
// in MLIR's real syntax (the seed's snippets are abbreviated pseudo-IR).

!barrier = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!desc = !nvgpu.tensormap.descriptor<tensor = memref<128x128xf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_128b, oob = zero, interleave = none>
!store_desc = !nvgpu.tensormap.descriptor<tensor = memref<128x128xf16, 3>, swizzle = none, l2promo = none, oob = nan, interleave = interleave_16b>
module attributes {gpu.container_module} {
  gpu.module @seed004 {
    // CHECK-LABEL: gpu.func @index_queries
    gpu.func @index_queries(%out: memref<16xindex>) kernel {
      // CHECK: gpu.thread_id x
      %i = gpu.thread_id x : index
      %b = gpu.block_id x
      %bd = gpu.block_dim y
      %gd = gpu.grid_dim z
      %l = gpu.lane_id
      gpu.barrier
      %c0 = arith.constant 0 : index
      memref.store %i, %out[%c0] : memref<16xindex>
      gpu.return
    }
    // CHECK-LABEL: gpu.func @libdevice_math
    gpu.func @libdevice_math(%v: vector<4xf32>, %o: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v0 = vector.extract %v[0] : f32 from vector<4xf32>
      %v1 = vector.extract %v[1] : f32 from vector<4xf32>
      %v2 = vector.extract %v[2] : f32 from vector<4xf32>
      %v3 = vector.extract %v[3] : f32 from vector<4xf32>
      %r0 = math.sqrt %v0 : f32
      %r1 = math.sqrt %v1 : f32
      %r2 = math.sqrt %v2 : f32
      %r3 = math.sqrt %v3 : f32
      // CHECK: vector.from_elements %r0, %r1, %r2, %r3 : vector<4xf32>
      %r = vector.from_elements %r0, %r1, %r2, %r3 : vector<4xf32>
      vector.store %r, %o[%c0] : memref<4xf32>, vector<4xf32>
      gpu.return
    }
    // CHECK-LABEL: gpu.func @tma_mbarrier
    gpu.func @tma_mbarrier(%d: !desc, %sd: !store_desc, %smem: memref<128x128xf16, 3>, %mask: i16) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32768 = arith.constant 32768 : index
      %ticks = arith.constant 10000000 : index
      %parity = arith.constant false
      %nthreads = gpu.block_dim x
      // CHECK: nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
      %bar = nvgpu.mbarrier.create -> !barrier
      nvgpu.mbarrier.init %bar[%c0], %nthreads : !barrier
      nvgpu.tma.prefetch.descriptor %d : !desc
      nvgpu.tma.fence.descriptor %d : !desc
      %tid = gpu.thread_id x
      %is0 = arith.cmpi eq, %tid, %c0 : index
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c32768, predicate = %is0 : !barrier
      // CHECK: nvgpu.tma.async.load %d[%c0, %c1], %bar[%c0] to %smem multicast_mask = %mask, predicate = %is0
      nvgpu.tma.async.load %d[%c0, %c1], %bar[%c0] to %smem multicast_mask = %mask, predicate = %is0 : !desc, !barrier -> memref<128x128xf16, 3>
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !barrier
      %tok = nvgpu.mbarrier.arrive %bar[%c0] : !barrier -> !nvgpu.mbarrier.token
      // CHECK: nvgpu.tma.async.store %smem to %sd[%c0, %c0]
      nvgpu.tma.async.store %smem to %sd[%c0, %c0] : memref<128x128xf16, 3> -> !store_desc
      gpu.return
    }
    // CHECK-LABEL: gpu.func @wgmma
    gpu.func @wgmma(%a: memref<128x64xf16, 3>, %b: memref<64x128xf16, 3>, %da_map: !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, %db_map: !nvgpu.tensormap.descriptor<tensor = memref<64x128xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, %out: memref<128x128xf32>) kernel {
      %da = nvgpu.warpgroup.generate.descriptor %a, %da_map : memref<128x64xf16, 3>, !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> -> !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
      %db = nvgpu.warpgroup.generate.descriptor %b, %db_map : memref<64x128xf16, 3>, !nvgpu.tensormap.descriptor<tensor = memref<64x128xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> -> !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
      %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
      // CHECK: nvgpu.warpgroup.mma %da, %db, %acc {waitGroup = 1 : i64} :
      %d = nvgpu.warpgroup.mma %da, %db, %acc {waitGroup = 1} : !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>, !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>> -> !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
      nvgpu.warpgroup.mma.store %d, %out : !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>> to memref<128x128xf32>
      gpu.return
    }
    // CHECK-LABEL: gpu.func @sm80
    gpu.func @sm80(%g: memref<4x5xf32>, %sm: memref<2x7x5xf32, 3>, %smh: memref<16x16xf16, 3>, %va: vector<4x2xf16>, %vb: vector<2x2xf16>, %vc: vector<2x2xf32>) kernel {
      %c0 = arith.constant 0 : index
      %cp1 = nvgpu.device_async_copy %g[%c0, %c0], %sm[%c0, %c0, %c0], 4 : memref<4x5xf32> to memref<2x7x5xf32, 3>
      %t1 = nvgpu.device_async_create_group %cp1
      nvgpu.device_async_wait %t1 {numGroups = 0 : i32}
      %f = nvgpu.ldmatrix %smh[%c0, %c0] {numTiles = 4 : i32, transpose = true} : memref<16x16xf16, 3> -> vector<4x2xf16>
      %m = nvgpu.mma.sync(%f, %vb, %vc) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %ds = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
