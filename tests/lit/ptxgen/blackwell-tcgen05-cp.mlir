// tcgen05.cp (shared memory -> tensor memory) in every shape and multicast, and
// tcgen05.shift, as vptx emits them (docs/blackwell.md, "tcgen05.cp and tcgen05.shift");
// ptxas 13.0 accepts each form. The simulator's semantics: tests/unit/test_sim_tcgen05_cp.c.
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// CHECK: .version 8.6
// CHECK: tcgen05.cp.cta_group::1.128x256b [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.cp.cta_group::1.4x256b [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.cp.cta_group::1.128x128b [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.cp.cta_group::1.64x128b.warpx2::02_13 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.cp.cta_group::1.64x128b.warpx2::01_23 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.shift.cta_group::1.down [%r_{{[A-Za-z0-9_$]+_[0-9]+}}];

module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @slot : memref<1xi32, 3> {alignment = 4}
    memref.global "private" @sa : memref<4096xi8, 3> {alignment = 128}
    gpu.func @cp() kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %slot = memref.get_global @slot : memref<1xi32, 3>
      %a = memref.get_global @sa : memref<4096xi8, 3>
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi ult, %t, %c32 : index
      scf.if %warp0 {
        "vptx.tcgen05_alloc"(%slot, %c0) {cols = 32 : i64} : (memref<1xi32, 3>, index) -> ()
      }
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
      scf.if %is0 {
        %d = "vptx.tcgen05_smem_desc"(%a, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<4096xi8, 3>, index) -> i64
        "vptx.tcgen05_cp"(%tmem, %d) {shape = "128x256b"} : (i32, i64) -> ()
        "vptx.tcgen05_cp"(%tmem, %d) {shape = "4x256b"} : (i32, i64) -> ()
        "vptx.tcgen05_cp"(%tmem, %d) {shape = "128x128b"} : (i32, i64) -> ()
        "vptx.tcgen05_cp"(%tmem, %d) {shape = "64x128b", multicast = "warpx2::02_13"} : (i32, i64) -> ()
        "vptx.tcgen05_cp"(%tmem, %d) {shape = "64x128b", multicast = "warpx2::01_23"} : (i32, i64) -> ()
        "vptx.tcgen05_cp"(%tmem, %d) {shape = "32x128b", multicast = "warpx4"} : (i32, i64) -> ()
        "vptx.tcgen05_shift"(%tmem) : (i32) -> ()
      }
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      scf.if %warp0 {
        "vptx.tcgen05_dealloc"(%tmem) {cols = 32 : i64} : (i32) -> ()
      }
      gpu.return
    }
  }
}
