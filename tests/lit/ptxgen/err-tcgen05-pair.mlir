// Located errors for CTA pairs and clusters (docs/blackwell.md, "CTA pairs and clusters"):
// cta_group::2 needs the kernel in clusters of an even number of CTAs; a kernel uses one
// CTA group (ptxas rejects a mix); a cluster shape the part cannot launch (more than 8
// CTAs, the portable size). The file as written compiles.
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ok.ptx
// RUN: sed -e 's/, nvvm.cluster_dim = array<i32: 2, 1, 1>//' %s > %t.1.mlir
// RUN: not %vptx --emit=ptx --arch=sm_100a %t.1.mlir 2>&1 | %filecheck --check-prefix=NONE %s
// RUN: sed -e 's/array<i32: 2, 1, 1>/array<i32: 3, 1, 1>/' %s > %t.2.mlir
// RUN: not %vptx --emit=ptx --arch=sm_100a %t.2.mlir 2>&1 | %filecheck --check-prefix=ODD %s
// RUN: sed -e 's/{cols = 32 : i64, cta_group = 2 : i64} : (i32)/{cols = 32 : i64} : (i32)/' %s > %t.3.mlir
// RUN: not %vptx --emit=ptx --arch=sm_100a %t.3.mlir 2>&1 | %filecheck --check-prefix=MIX %s
// RUN: sed -e 's/array<i32: 2, 1, 1>/array<i32: 4, 4, 1>/' %s > %t.4.mlir
// RUN: not %vptx --emit=ptx --arch=sm_100a %t.4.mlir 2>&1 | %filecheck --check-prefix=BIG %s
// NONE: .mlir:[[@LINE+11]]:7: error: 'vptx.tcgen05_alloc' uses cta_group::2 (a CTA pair), but kernel 'pair' has no clusters: give it nvvm.cluster_dim with an even number of CTAs (a pair is cluster ranks 2k and 2k + 1)
// ODD: .mlir:[[@LINE+10]]:7: error: 'vptx.tcgen05_alloc' uses cta_group::2 (a CTA pair), but kernel 'pair' runs in clusters of an odd number of CTAs
// MIX: .mlir:[[@LINE+16]]:7: error: 'vptx.tcgen05_dealloc' uses cta_group::1, but kernel 'pair' also uses cta_group::2: a kernel uses one CTA group (ptxas rejects the mix)
// BIG: .mlir:[[@LINE+5]]:5: error: kernel 'pair': nvvm.cluster_dim asks for clusters of 16 CTAs, but the part launches at most 8 (the portable cluster size)

module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @slot : memref<1xi32, 3> {alignment = 4}
    gpu.func @pair() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %slot = memref.get_global @slot : memref<1xi32, 3>
      "vptx.tcgen05_alloc"(%slot, %c0) {cols = 32 : i64, cta_group = 2 : i64} : (memref<1xi32, 3>, index) -> ()
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_dealloc"(%tmem) {cols = 32 : i64, cta_group = 2 : i64} : (i32) -> ()
      gpu.return
    }
  }
}
