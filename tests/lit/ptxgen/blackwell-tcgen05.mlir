// Blackwell (sm_100a): one warp allocates 64 tensor-memory columns, thread 0 issues two
// tcgen05.mma kind::f16 (D 128x64 f32 in tensor memory, A and B from shared-memory
// descriptors, K-major, no swizzle) and commits them to an mbarrier; after the wait every
// warp of the warpgroup reads its 32 lanes with tcgen05.ld 32x32b (docs/blackwell.md).
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// RUN: not %vptx --emit=ptx --arch=sm_90a %s 2>&1 | %filecheck --check-prefix=SM90 %s

// CHECK: .version 8.6
// CHECK: .target sm_100a
// CHECK-LABEL: .visible .entry tc(
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [{{%r_[A-Za-z0-9_$]+_[0-9]+}}], 64;
// CHECK: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK: bar.sync 0;
// CHECK: tcgen05.fence::after_thread_sync;
// lbo 128, sbo 256: 0x0000'4010'0008'0000 | version bit 46
// CHECK: or.b64 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, 0x0000401000080000;
// CHECK: tcgen05.mma.cta_group::1.kind::f16 [{{%r_[A-Za-z0-9_$]+_[0-9]+}}], {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%p_[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.mma.cta_group::1.kind::f16
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [{{%r_[A-Za-z0-9_$]+_[0-9]+}}];
// CHECK: mbarrier.try_wait.parity
// CHECK: tcgen05.ld.sync.aligned.32x32b.x4.b32 {[[R0:%f_[A-Za-z0-9_$]+_[0-9]+]], {{%f_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}}, [{{%r_[A-Za-z0-9_$]+_[0-9]+}}];
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: tcgen05.st.sync.aligned.32x32b.x4.b32
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 64;
// SM90: blackwell-tcgen05.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'vptx.tcgen05_alloc' needs tcgen05 (Blackwell tensor cores) (sm_100a), but the target is sm_90a

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @slot : memref<1xi32, 3> {alignment = 4}
    memref.global "private" @sa : memref<4096xf16, 3> {alignment = 128}
    memref.global "private" @sb : memref<2048xf16, 3> {alignment = 128}
    gpu.func @tc(%out: memref<128x4xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c256 = arith.constant 256 : index
      %parity = arith.constant false
      %ticks = arith.constant 10000000 : index
      %slot = memref.get_global @slot : memref<1xi32, 3>
      %a = memref.get_global @sa : memref<4096xf16, 3>
      %b = memref.get_global @sb : memref<2048xf16, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi ult, %t, %c32 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %is0 : !bar
      scf.if %warp0 {
        "vptx.tcgen05_alloc"(%slot, %c0) {cols = 64 : i64} : (memref<1xi32, 3>, index) -> ()
        "vptx.tcgen05_relinquish_alloc_permit"() : () -> ()
      }
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
      // M = 128, N = 64, f32 D, f16 A and B, K-major: (128 >> 4) << 24 | (64 >> 3) << 17 | 1 << 4
      %idesc = arith.constant 135266320 : i32
      scf.if %is0 {
        %da0 = "vptx.tcgen05_smem_desc"(%a, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<4096xf16, 3>, index) -> i64
        %db0 = "vptx.tcgen05_smem_desc"(%b, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<2048xf16, 3>, index) -> i64
        %off = arith.constant 2048 : index
        %offb = arith.constant 1024 : index
        %da1 = "vptx.tcgen05_smem_desc"(%a, %off) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<4096xf16, 3>, index) -> i64
        %db1 = "vptx.tcgen05_smem_desc"(%b, %offb) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<2048xf16, 3>, index) -> i64
        %false = arith.constant false
        %true = arith.constant true
        "vptx.tcgen05_mma"(%tmem, %da0, %db0, %idesc, %false) {kind = "f16"} : (i32, i64, i64, i32, i1) -> ()
        "vptx.tcgen05_mma"(%tmem, %da1, %db1, %idesc, %true) {kind = "f16"} : (i32, i64, i64, i32, i1) -> ()
        "vptx.tcgen05_commit"(%bar, %c0) : (!bar, index) -> ()
      }
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !bar
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      // warp w reads lanes 32w .. 32w + 31: address (32w << 16) + column
      %w = arith.divui %t, %c32 : index
      %w32 = arith.index_cast %w : index to i32
      %sh = arith.constant 21 : i32
      %lane = arith.shli %w32, %sh : i32
      %addr = arith.addi %tmem, %lane : i32
      %v = "vptx.tcgen05_ld"(%addr) {shape = "32x32b"} : (i32) -> vector<4xf32>
      "vptx.tcgen05_wait"() {kind = "ld"} : () -> ()
      "vptx.tcgen05_st"(%addr, %v) {shape = "32x32b"} : (i32, vector<4xf32>) -> ()
      "vptx.tcgen05_wait"() {kind = "st"} : () -> ()
      vector.store %v, %out[%t, %c0] : memref<128x4xf32>, vector<4xf32>
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      scf.if %warp0 {
        "vptx.tcgen05_dealloc"(%tmem) {cols = 64 : i64} : (i32) -> ()
      }
      gpu.return
    }
  }
}
