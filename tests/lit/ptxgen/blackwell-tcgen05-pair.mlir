// cta_group::2 (a CTA pair, docs/blackwell.md, "CTA pairs and clusters"): a kernel in
// clusters of 2 CTAs (nvvm.cluster_dim: .explicitcluster, .reqnctapercluster) allocates,
// issues an M = 256 mma, copies, shifts, commits with a cluster multicast mask and
// deallocates with cta_group::2; %cluster_ctarank picks the pair's leader. ptxas 13.0
// accepts it.
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// CHECK: .explicitcluster
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 128;
// CHECK: tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;
// CHECK: mov.u32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %cluster_ctarank;
// CHECK: tcgen05.mma.cta_group::2.kind::f16 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %p_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.cp.cta_group::2.128x256b [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.shift.cta_group::2.down [%r_{{[A-Za-z0-9_$]+_[0-9]+}}];
// CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rs_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.dealloc.cta_group::2.sync.aligned.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 128;

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @slot : memref<1xi32, 3> {alignment = 4}
    memref.global "private" @sa : memref<8192xf16, 3> {alignment = 128}
    gpu.func @pair() kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %slot = memref.get_global @slot : memref<1xi32, 3>
      %a = memref.get_global @sa : memref<8192xf16, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi ult, %t, %c32 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %is0 : !bar
      scf.if %warp0 {
        "vptx.tcgen05_alloc"(%slot, %c0) {cols = 128 : i64, cta_group = 2 : i64} : (memref<1xi32, 3>, index) -> ()
        "vptx.tcgen05_relinquish_alloc_permit"() {cta_group = 2 : i64} : () -> ()
      }
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %k1 = arith.constant 1 : i32
      %odd = arith.andi %rank, %k1 : i32
      %z = arith.constant 0 : i32
      %leader = arith.cmpi eq, %odd, %z : i32
      %go = arith.andi %leader, %is0 : i1
      scf.if %go {
        // M = 256 (the pair's), N = 128, f32 D, f16 A and B
        %idesc = arith.constant 270532624 : i32
        %d = "vptx.tcgen05_smem_desc"(%a, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<8192xf16, 3>, index) -> i64
        %false = arith.constant false
        "vptx.tcgen05_mma"(%tmem, %d, %d, %idesc, %false) {kind = "f16", cta_group = 2 : i64} : (i32, i64, i64, i32, i1) -> ()
        "vptx.tcgen05_cp"(%tmem, %d) {shape = "128x256b", cta_group = 2 : i64} : (i32, i64) -> ()
        "vptx.tcgen05_shift"(%tmem) {cta_group = 2 : i64} : (i32) -> ()
        %mask = arith.constant 3 : i16
        "vptx.tcgen05_commit_multicast"(%bar, %c0, %mask) {cta_group = 2 : i64} : (!bar, index, i16) -> ()
      }
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      scf.if %warp0 {
        "vptx.tcgen05_dealloc"(%tmem) {cols = 128 : i64, cta_group = 2 : i64} : (i32) -> ()
      }
      gpu.return
    }
  }
}
