// Upstream MLIR ops of issue 25 part 3 that need sm_90: nvvm.elect.sync, the nvvm
// fences, nvgpu.mbarrier.arrive.nocomplete and nvgpu.mbarrier.test.wait, and thread
// block clusters (gpu.cluster_id / cluster_dim / cluster_block_id / cluster_dim_blocks
// in a kernel with nvvm.cluster_dim = 2x1x1, launched on 4 blocks).  Run on the
// simulator against eval of Inputs/upstream-ops-sm90-ref.mlir, which writes what each
// thread must see from block ids and lane numbers alone.
// ARCH: sm_90a
// RUN: %vptx check --arch=sm_90a %s --backend=sim --grid=4 --reference=%S/Inputs/upstream-ops-sm90-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck --check-prefix=SM80 %s
// CHECK: PASS h
// PTX: .explicitcluster
// PTX-NEXT: .reqnctapercluster 2, 1, 1
// PTX: elect.sync _|{{%p_[A-Za-z0-9_$]+_[0-9]+}}, -1;
// PTX: fence.proxy.async.shared::cta;
// PTX: fence.mbarrier_init.release.cluster;
// PTX: fence.sc.cluster;
// PTX: mbarrier.arrive.noComplete.shared.b64
// PTX: mbarrier.test_wait.shared.b64
// PTX: %clusterid.x
// PTX: %nclusterid.x
// PTX: %cluster_ctaid.x
// PTX: %cluster_nctaid.x
// SM80: error: {{.*}}thread block clusters (nvvm.cluster_dim){{.*}}sm_80
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tok = !nvgpu.mbarrier.token
module {
  gpu.module @m {
    gpu.func @h(%o: memref<4x8x64xi32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c128 = arith.constant 128 : index
      %e = nvvm.elect.sync -> i1
      %ei = arith.extui %e : i1 to i32
      memref.store %ei, %o[%b, %c0, %t] : memref<4x8x64xi32>
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      nvvm.fence.mbarrier.init
      nvvm.fence.sc.cluster
      %bar = nvgpu.mbarrier.create -> !bar
      %is0 = arith.cmpi eq, %t, %c0 : index
      nvgpu.mbarrier.init %bar[%c0], %c128, predicate = %is0 : !bar
      gpu.barrier
      // 64 of the 128 arrivals, none completing the phase: not done yet
      %tk = nvgpu.mbarrier.arrive.nocomplete %bar[%c0], %c1 : !bar -> !tok
      gpu.barrier
      %d1 = nvgpu.mbarrier.test.wait %bar[%c0], %tk : !bar, !tok
      %d1i = arith.extui %d1 : i1 to i32
      memref.store %d1i, %o[%b, %c1, %t] : memref<4x8x64xi32>
      gpu.barrier
      // the other 64: the phase completes
      %tk2 = nvgpu.mbarrier.arrive %bar[%c0] : !bar -> !tok
      gpu.barrier
      %d2 = nvgpu.mbarrier.test.wait %bar[%c0], %tk2 : !bar, !tok
      %d2i = arith.extui %d2 : i1 to i32
      memref.store %d2i, %o[%b, %c2, %t] : memref<4x8x64xi32>
      %cid = gpu.cluster_id x
      %cdim = gpu.cluster_dim x
      %cbi = gpu.cluster_block_id x
      %cdb = gpu.cluster_dim_blocks x
      %v0 = arith.index_cast %cid : index to i32
      %v1 = arith.index_cast %cdim : index to i32
      %v2 = arith.index_cast %cbi : index to i32
      %v3 = arith.index_cast %cdb : index to i32
      memref.store %v0, %o[%b, %c3, %t] : memref<4x8x64xi32>
      memref.store %v1, %o[%b, %c4, %t] : memref<4x8x64xi32>
      memref.store %v2, %o[%b, %c5, %t] : memref<4x8x64xi32>
      %c6 = arith.constant 6 : index
      memref.store %v3, %o[%b, %c6, %t] : memref<4x8x64xi32>
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %c7 = arith.constant 7 : index
      memref.store %rank, %o[%b, %c7, %t] : memref<4x8x64xi32>
      gpu.return
    }
  }
}
