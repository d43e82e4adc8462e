// A CTA pair's 128x32x16 f16 GEMM (tcgen05.mma.cta_group::2 with M = 128: the data-path
// layout B, 64 rows a CTA), compiled by vptx and run on the simulator in clusters of 2.
// CTA c of the pair writes rows 64c .. 64c + 63 of A and rows 16c .. 16c + 15 of B (B is
// N x K) into its own shared memory (K-major, no swizzle: PTX ISA 9.1 9.7.16.3.3, LBO 128
// and SBO 256 bytes), both CTAs allocate 32 columns with cta_group::2 and meet at the
// cluster barrier (nvvm.cluster.arrive / wait), the even CTA's thread 0 issues the mma and
// commits it to both CTAs' mbarriers; then each CTA's lanes hold its 64 rows, columns 0..15
// in lanes 0..63 and 16..31 in lanes 64..127, which every warp reads with
// tcgen05.ld 32x32b.x16 and stores at its row and column.  The same products are summed by
// a scalar loop into `ref`: the two outputs must be equal bytes, and D[0][0] is worked out
// by hand below.
// REQUIRES: ptxas
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// RUN: printf "\x93NUMPY\x01\x00\x76\x00{'descr': '<f4', 'fortran_order': False, 'shape': (128, 32), }                                                       \n" > %t.npy
// RUN: head -c 16384 /dev/zero >> %t.npy
// RUN: %vptx run %t.ptx --grid 2 --block 128 %t.npy %t.npy --out %t.d
// RUN: cmp %t.d/arg0.npy %t.d/arg1.npy
// D[0][0] = sum_k a(0,k) b(0,k), a(0,k) = (5k mod 7) - 3, b(0,k) = (3k mod 9) - 4, k < 16:
//   19 (as in tcgen05-gemm-tile.mlir)
// RUN: tail -c 16384 %t.d/arg0.npy > %t.d0 && head -c 4 %t.d0 | od -An -tf4 | %filecheck %s
// CHECK: 19
// D[127][31]: a(127,k) = (381 + 5k mod 7) - 3 = (3 + 5k mod 7) - 3, b(31,k) = (155 + 3k mod 9) - 4
//   = (2 + 3k mod 9) - 4: a = 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2, b = -2 1 4 repeated
//   sum = 0-2+12-2-1-12-4+0-8-6+1-4+6+2+0+4 = -14
// RUN: tail -c 4 %t.d0 | od -An -tf4 | %filecheck --check-prefix=LAST %s
// LAST: -14

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @slot : memref<1xi32, 3> {alignment = 4}
    memref.global "private" @sa : memref<1024xf16, 3> {alignment = 128}
    memref.global "private" @sb : memref<256xf16, 3> {alignment = 128}
    gpu.func @pair(%out: memref<128x32xf32>, %ref: memref<128x32xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %parity = arith.constant false
      %ticks = arith.constant 10000000 : index
      %slot = memref.get_global @slot : memref<1xi32, 3>
      %a = memref.get_global @sa : memref<1024xf16, 3>
      %b = memref.get_global @sb : memref<256xf16, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %t = gpu.thread_id x
      %rank32 = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %rank = arith.index_cast %rank32 : i32 to index
      %is0 = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi ult, %t, %c32 : index
      %arow = arith.cmpi ult, %t, %c64 : index
      %brow = arith.cmpi ult, %t, %c16 : index
      // this CTA's rows: A row 64 rank + t, B row 16 rank + t
      %ar0 = arith.muli %rank, %c64 : index
      %ar = arith.addi %ar0, %t : index
      %br0 = arith.muli %rank, %c16 : index
      %br = arith.addi %br0, %t : index
      // element (t, k) of a K-major tile: (t/8)*128 + (t%8)*8 + (k/8)*64 + k%8 halves
      %rg = arith.divui %t, %c8 : index
      %rr = arith.remui %t, %c8 : index
      %rgo = arith.muli %rg, %c128 : index
      %rro = arith.muli %rr, %c8 : index
      %rowoff = arith.addi %rgo, %rro : index
      scf.for %k = %c0 to %c16 step %c1 {
        %kg = arith.divui %k, %c8 : index
        %kr = arith.remui %k, %c8 : index
        %kgo = arith.muli %kg, %c64 : index
        %ko = arith.addi %kgo, %kr : index
        %off = arith.addi %rowoff, %ko : index
        scf.if %arow {
          // a(r, k) = ((3r + 5k) mod 7) - 3
          %r3 = arith.muli %ar, %c3 : index
          %k5 = arith.muli %k, %c5 : index
          %sa0 = arith.addi %r3, %k5 : index
          %ma = arith.remui %sa0, %c7 : index
          %ai = arith.index_cast %ma : index to i32
          %af = arith.sitofp %ai : i32 to f32
          %three = arith.constant 3.0 : f32
          %av = arith.subf %af, %three : f32
          %ah = arith.truncf %av : f32 to f16
          memref.store %ah, %a[%off] : memref<1024xf16, 3>
        }
        scf.if %brow {
          // b(j, k) = ((5j + 3k) mod 9) - 4
          %j5 = arith.muli %br, %c5 : index
          %k3 = arith.muli %k, %c3 : index
          %sb0 = arith.addi %j5, %k3 : index
          %mb = arith.remui %sb0, %c9 : index
          %bi = arith.index_cast %mb : index to i32
          %bf = arith.sitofp %bi : i32 to f32
          %four = arith.constant 4.0 : f32
          %bv = arith.subf %bf, %four : f32
          %bh = arith.truncf %bv : f32 to f16
          memref.store %bh, %b[%off] : memref<256xf16, 3>
        }
      }
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %is0 : !bar
      scf.if %warp0 {
        "vptx.tcgen05_alloc"(%slot, %c0) {cols = 32 : i64, cta_group = 2 : i64} : (memref<1xi32, 3>, index) -> ()
        "vptx.tcgen05_relinquish_alloc_permit"() {cta_group = 2 : i64} : () -> ()
      }
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      // both CTAs' tiles, mbarriers and allocations are ready before the pair's mma
      nvvm.cluster.arrive {aligned}
      nvvm.cluster.wait {aligned}
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
      %k1 = arith.constant 1 : i32
      %odd = arith.andi %rank32, %k1 : i32
      %z = arith.constant 0 : i32
      %even = arith.cmpi eq, %odd, %z : i32
      %go = arith.andi %even, %is0 : i1
      scf.if %go {
        // M = 128 (the pair's), N = 32, f32 D, f16 A and B, K-major: 8 << 24 | 4 << 17 | 1 << 4
        %idesc = arith.constant 134742032 : i32
        %da = "vptx.tcgen05_smem_desc"(%a, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<1024xf16, 3>, index) -> i64
        %db = "vptx.tcgen05_smem_desc"(%b, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<256xf16, 3>, index) -> i64
        %false = arith.constant false
        "vptx.tcgen05_mma"(%tmem, %da, %db, %idesc, %false) {kind = "f16", cta_group = 2 : i64} : (i32, i64, i64, i32, i1) -> ()
        %mask = arith.constant 3 : i16
        "vptx.tcgen05_commit_multicast"(%bar, %c0, %mask) {cta_group = 2 : i64} : (!bar, index, i16) -> ()
      }
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !bar
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %w = arith.divui %t, %c32 : index
      %w32 = arith.index_cast %w : index to i32
      %sh = arith.constant 21 : i32
      %lane = arith.shli %w32, %sh : i32
      %addr = arith.addi %tmem, %lane : i32
      %v = "vptx.tcgen05_ld"(%addr) {shape = "32x32b"} : (i32) -> vector<16xf32>
      "vptx.tcgen05_wait"() {kind = "ld"} : () -> ()
      // lane t: row 64 rank + t % 64, columns 16 (t / 64) ..
      %tr = arith.remui %t, %c64 : index
      %row = arith.addi %ar0, %tr : index
      %half = arith.divui %t, %c64 : index
      %col = arith.muli %half, %c16 : index
      vector.store %v, %out[%row, %col] : memref<128x32xf32>, vector<16xf32>
      // the reference: the same products in a scalar loop
      scf.for %jj = %c0 to %c16 step %c1 {
        %j = arith.addi %col, %jj : index
        %zero = arith.constant 0.0 : f32
        %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
          %r3 = arith.muli %row, %c3 : index
          %k5 = arith.muli %k, %c5 : index
          %sa0 = arith.addi %r3, %k5 : index
          %ma = arith.remui %sa0, %c7 : index
          %ai = arith.index_cast %ma : index to i32
          %af = arith.sitofp %ai : i32 to f32
          %three = arith.constant 3.0 : f32
          %av = arith.subf %af, %three : f32
          %j5 = arith.muli %j, %c5 : index
          %k3 = arith.muli %k, %c3 : index
          %sb0 = arith.addi %j5, %k3 : index
          %mb = arith.remui %sb0, %c9 : index
          %bi = arith.index_cast %mb : index to i32
          %bf = arith.sitofp %bi : i32 to f32
          %four = arith.constant 4.0 : f32
          %bv = arith.subf %bf, %four : f32
          %p = arith.mulf %av, %bv : f32
          %n = arith.addf %acc, %p : f32
          scf.yield %n : f32
        }
        memref.store %s, %ref[%row, %j] : memref<128x32xf32>
      }
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      nvvm.cluster.arrive {aligned}
      nvvm.cluster.wait {aligned}
      scf.if %warp0 {
        "vptx.tcgen05_dealloc"(%tmem) {cols = 32 : i64, cta_group = 2 : i64} : (i32) -> ()
      }
      gpu.return
    }
  }
}
