// The upstream MLIR ops of issue 25 part 3 parse in their custom and generic forms and
// print back in upstream's custom form (the runner also checks the round trip).
// RUN: %vptx --emit=mlir %s | %filecheck %s
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tok = !nvgpu.mbarrier.token
module {
  gpu.module @m {
    gpu.func @forms(%x: f32, %i: i32, %v: vector<4xf32>, %m: memref<16xf32>, %k: index) kernel {
      // CHECK: %{{.*}} = gpu.cluster_id x
      %a = gpu.cluster_id x
      // CHECK: %{{.*}} = gpu.cluster_dim y
      %b = gpu.cluster_dim y
      // CHECK: %{{.*}} = gpu.cluster_block_id z
      %c = gpu.cluster_block_id z
      // CHECK: %{{.*}} = gpu.cluster_dim_blocks x
      %d = gpu.cluster_dim_blocks x
      // CHECK: %{{.*}} = nvvm.read.ptx.sreg.tid.x : i32
      %t = nvvm.read.ptx.sreg.tid.x : i32
      // CHECK: %{{.*}} = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %r = "nvvm.read.ptx.sreg.cluster.ctarank"() : () -> i32
      // CHECK: nvvm.barrier0
      nvvm.barrier0
      // CHECK: %{{.*}} = nvvm.shfl.sync up %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
      %s = nvvm.shfl.sync up %i, %i, %i, %i : i32 -> i32
      // CHECK: %{{.*}} = nvvm.elect.sync -> i1
      %e = nvvm.elect.sync -> i1
      // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cluster>}
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cluster>}
      // CHECK: nvvm.fence.mbarrier.init
      nvvm.fence.mbarrier.init
      // CHECK: nvvm.fence.sc.cluster
      "nvvm.fence.sc.cluster"() : () -> ()
      // CHECK: %{{.*}} = nvgpu.rcp %{{.*}} {rounding = approx, ftz} : vector<4xf32>
      %rc = nvgpu.rcp %v {rounding = approx, ftz} : vector<4xf32>
      %bar = nvgpu.mbarrier.create -> !bar
      // CHECK: %[[T:.*]] = nvgpu.mbarrier.arrive.nocomplete %{{.*}}[%{{.*}}], %{{.*}} : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>> -> !nvgpu.mbarrier.token
      %tk = nvgpu.mbarrier.arrive.nocomplete %bar[%k], %k : !bar -> !tok
      // CHECK: %{{.*}} = nvgpu.mbarrier.test.wait %{{.*}}[%{{.*}}], %[[T]] : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>, !nvgpu.mbarrier.token
      %done = nvgpu.mbarrier.test.wait %bar[%k], %tk : !bar, !tok
      // CHECK: nvgpu.device_async_wait {numGroups = 1 : i32}
      nvgpu.device_async_wait {numGroups = 1 : i32}
      // CHECK: %{{.*}} = ub.poison : vector<4xf32>
      %p = ub.poison : vector<4xf32>
      // CHECK: %{{.*}} = ub.poison : i32
      %p2 = "ub.poison"() <{value = #ub.poison}> : () -> i32
      // CHECK: %{{.*}} = memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [2, 4], strides: [4, 1] : memref<16xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
      %rv = memref.reinterpret_cast %m to offset: [%k], sizes: [2, 4], strides: [4, 1] : memref<16xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
      // CHECK: %{{.*}} = memref.atomic_rmw addf %{{.*}}, %{{.*}}[%{{.*}}] : (f32, memref<16xf32>) -> f32
      %at = memref.atomic_rmw addf %x, %m[%k] : (f32, memref<16xf32>) -> f32
      // CHECK: %{{.*}} = memref.atomic_rmw maxs %{{.*}}, %{{.*}}[] : (i32, memref<i32>) -> i32
      %mi = memref.alloca() : memref<i32>
      %at2 = "memref.atomic_rmw"(%i, %mi) <{kind = 6 : i64}> : (i32, memref<i32>) -> i32
      // CHECK: %{{.*}} = gpu.all_reduce mul %{{.*}} uniform {
      // CHECK: } : (f32) -> (f32)
      %ar = gpu.all_reduce mul %x uniform {} : (f32) -> (f32)
      // CHECK: gpu.yield %{{.*}} : i32
      %ar2 = gpu.all_reduce %i {
      ^bb0(%l: i32, %h: i32):
        %o = arith.ori %l, %h : i32
        gpu.yield %o : i32
      } : (i32) -> i32
      // CHECK: gpu.printf "x = %f, i = %d\n", %{{.*}}, %{{.*}} : f32, i32
      gpu.printf "x = %f, i = %d\n", %x, %i : f32, i32
      // CHECK: gpu.printf "plain\n"
      gpu.printf "plain\n"
      // CHECK: %[[G:.*]] = vector.gather %{{.*}}[%{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      %gi = arith.constant dense<[3, 1, 2, 0]> : vector<4xindex>
      %gm = arith.constant dense<true> : vector<4xi1>
      %g = "vector.gather"(%m, %k, %gi, %gm, %v) : (memref<16xf32>, index, vector<4xindex>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
      // CHECK: vector.scatter %{{.*}}[%{{.*}}] [%{{.*}}], %{{.*}}, %[[G]] : memref<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32>
      "vector.scatter"(%m, %k, %gi, %gm, %g) : (memref<16xf32>, index, vector<4xindex>, vector<4xi1>, vector<4xf32>) -> ()
      // CHECK: %{{.*}}:2 = vector.scan <mul>, %[[G]], %{{.*}} {inclusive = false, reduction_dim = 0 : i64} : vector<4xf32>, vector<f32>
      %z = arith.constant dense<1.0> : vector<f32>
      %sc:2 = "vector.scan"(%g, %z) <{inclusive = false, kind = #vector.kind<mul>, reduction_dim = 0 : i64}> : (vector<4xf32>, vector<f32>) -> (vector<4xf32>, vector<f32>)
      gpu.return
    }
    gpu.func @wmma_forms(%m: memref<16x16xf16>, %c: !gpu.mma_matrix<16x16xf16, "COp">) kernel {
      %c0 = arith.constant 0 : index
      // CHECK: %[[A:.*]] = gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 16 : index, transpose} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %a = "gpu.subgroup_mma_load_matrix"(%m, %c0, %c0) {leadDimension = 16 : index, transpose} : (memref<16x16xf16>, index, index) -> !gpu.mma_matrix<16x16xf16, "AOp">
      %b = gpu.subgroup_mma_load_matrix %m[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      // CHECK: %[[D:.*]] = gpu.subgroup_mma_compute %[[A]], %{{.*}}, %{{.*}} {a_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
      %d = "gpu.subgroup_mma_compute"(%a, %b, %c) {a_transpose} : (!gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      // CHECK: %[[E:.*]] = gpu.subgroup_mma_elementwise subf %[[D]], %{{.*}} : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      %e = "gpu.subgroup_mma_elementwise"(%d, %c) <{opType = #gpu<mma_element_wise subf>}> : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      %h = arith.constant 2.0 : f16
      // CHECK: %{{.*}} = gpu.subgroup_mma_constant_matrix %{{.*}} : !gpu.mma_matrix<16x16xf16, "COp">
      %k = "gpu.subgroup_mma_constant_matrix"(%h) : (f16) -> !gpu.mma_matrix<16x16xf16, "COp">
      // CHECK: gpu.subgroup_mma_store_matrix %[[E]], %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16>
      "gpu.subgroup_mma_store_matrix"(%e, %m, %c0, %c0) {leadDimension = 16 : index} : (!gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16>, index, index) -> ()
      gpu.return
    }
  }
}
