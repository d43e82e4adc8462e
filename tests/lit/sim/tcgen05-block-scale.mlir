// A block-scaled tcgen05.mma (kind::mxf8f6f4, scale_vec::1X, E4M3 x E4M3, UE8M0 scales;
// docs/blackwell.md, "Block-scaled kinds"), compiled by vptx, assembled by ptxas and run
// on the simulator: a 128x32x32 tile.  Every thread writes its row of A (the first 32 their
// row of B) as E4M3 codes of -2..2 (chosen by selects) into shared memory, K-major without swizzle (8-row x
// 16-byte core matrices, LBO 128, SBO 256), and its lane's scale-factor cells with
// tcgen05.st 32x32b.x8 at column 64: cell 64 + j of lane l holds A row l + 32 j's scale in
// byte 1 (the descriptor's A scale factor ID), cell 68 B column l's in byte 2 (B's ID), the
// other bytes 0xff (UE8M0 NaN, which must not be read); every warp writes the same cells
// (the ISA's duplication across the four lane partitions).  Thread 0 issues the mma and
// commits; each warp reads its 32 lanes of D back.  A scalar loop computes
// sum_k a(r,k) b(n,k) 2^(sa(r) + sb(n)) into `ref` (exact in f32): equal bytes.
// REQUIRES: ptxas
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// RUN: printf "\x93NUMPY\x01\x00\x76\x00{'descr': '<f4', 'fortran_order': False, 'shape': (128, 32), }                                                       \n" > %t.npy
// RUN: head -c 16384 /dev/zero >> %t.npy
// RUN: %vptx run %t.ptx --grid 1 --block 128 %t.npy %t.npy --out %t.d
// RUN: cmp %t.d/arg0.npy %t.d/arg1.npy
// CHECK: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %p_{{[A-Za-z0-9_$]+_[0-9]+}};

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @slot : memref<1xi32, 3> {alignment = 4}
    memref.global "private" @sa : memref<4096xi8, 3> {alignment = 128}
    memref.global "private" @sb : memref<1024xi8, 3> {alignment = 128}
    gpu.func @tile(%out: memref<128x32xf32>, %ref: memref<128x32xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %parity = arith.constant false
      %ticks = arith.constant 10000000 : index
      %slot = memref.get_global @slot : memref<1xi32, 3>
      %a = memref.get_global @sa : memref<4096xi8, 3>
      %b = memref.get_global @sb : memref<1024xi8, 3>
      // e4m3 of i - 2 for i in 0..4: 0xc0 (-2), 0xb8 (-1), 0, 0x38 (1), 0x40 (2)
      %e0 = arith.constant -64 : i8
      %e1 = arith.constant -72 : i8
      %e2 = arith.constant 0 : i8
      %e3 = arith.constant 56 : i8
      %e4 = arith.constant 64 : i8
      %bar = nvgpu.mbarrier.create -> !bar
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi ult, %t, %c32 : index
      // byte (r, k) of a K-major tile: (r/8)*256 + (r%8)*16 + (k/16)*128 + k%16
      %rg = arith.divui %t, %c8 : index
      %rr = arith.remui %t, %c8 : index
      %rgo = arith.muli %rg, %c256 : index
      %rro = arith.muli %rr, %c16 : index
      %rowoff = arith.addi %rgo, %rro : index
      scf.for %k = %c0 to %c32 step %c1 {
        %kg = arith.divui %k, %c16 : index
        %kr = arith.remui %k, %c16 : index
        %kgo = arith.muli %kg, %c128 : index
        %ko = arith.addi %kgo, %kr : index
        %off = arith.addi %rowoff, %ko : index
        // a(r, k) = ((5r + 3k) mod 5) - 2, stored as the code of index (5r + 3k) mod 5
        %r5 = arith.muli %t, %c5 : index
        %k3 = arith.muli %k, %c3 : index
        %sa0 = arith.addi %r5, %k3 : index
        %ia = arith.remui %sa0, %c5 : index
        %caq0 = arith.cmpi eq, %ia, %c0 : index
        %caq1 = arith.cmpi eq, %ia, %c1 : index
        %caq2 = arith.cmpi eq, %ia, %c2 : index
        %caq3 = arith.cmpi eq, %ia, %c3 : index
        %cas3 = arith.select %caq3, %e3, %e4 : i8
        %cas2 = arith.select %caq2, %e2, %cas3 : i8
        %cas1 = arith.select %caq1, %e1, %cas2 : i8
        %ca = arith.select %caq0, %e0, %cas1 : i8
        memref.store %ca, %a[%off] : memref<4096xi8, 3>
        scf.if %warp0 {
          // b(n, k) = ((3n + 7k) mod 5) - 2
          %n3 = arith.muli %t, %c3 : index
          %k7 = arith.muli %k, %c7 : index
          %sb0 = arith.addi %n3, %k7 : index
          %ib = arith.remui %sb0, %c5 : index
          %cbq0 = arith.cmpi eq, %ib, %c0 : index
          %cbq1 = arith.cmpi eq, %ib, %c1 : index
          %cbq2 = arith.cmpi eq, %ib, %c2 : index
          %cbq3 = arith.cmpi eq, %ib, %c3 : index
          %cbs3 = arith.select %cbq3, %e3, %e4 : i8
          %cbs2 = arith.select %cbq2, %e2, %cbs3 : i8
          %cbs1 = arith.select %cbq1, %e1, %cbs2 : i8
          %cb = arith.select %cbq0, %e0, %cbs1 : i8
          memref.store %cb, %b[%off] : memref<1024xi8, 3>
        }
      }
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %is0 : !bar
      scf.if %warp0 {
        "vptx.tcgen05_alloc"(%slot, %c0) {cols = 128 : i64} : (memref<1xi32, 3>, index) -> ()
        "vptx.tcgen05_relinquish_alloc_permit"() : () -> ()
      }
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
      %w = arith.divui %t, %c32 : index
      %w32 = arith.index_cast %w : index to i32
      %sh = arith.constant 21 : i32
      %lanebits = arith.shli %w32, %sh : i32
      %addr = arith.addi %tmem, %lanebits : i32
      // scale-factor cells of lane l = t % 32: A row l + 32 j (UE8M0 127 + (r % 4) - 1) in
      // byte 1 of cell j, B column l (127 + (l % 3) - 1) in byte 2 of cell 4
      %l = arith.remui %t, %c32 : index
      %li = arith.index_cast %l : index to i32
      %k1 = arith.constant 1 : i32
      %k3i = arith.constant 3 : i32
      %k4i = arith.constant 4 : i32
      %k8i = arith.constant 8 : i32
      %k16i = arith.constant 16 : i32
      %k126 = arith.constant 126 : i32
      %ones = arith.constant -1 : i32
      %m1 = arith.constant -65281 : i32
      %m2 = arith.constant -16711681 : i32
      %l4 = arith.remui %li, %k4i : i32
      %ea = arith.addi %l4, %k126 : i32
      %eas = arith.shli %ea, %k8i : i32
      %cella = arith.ori %eas, %m1 : i32
      %l3 = arith.remui %li, %k3i : i32
      %eb = arith.addi %l3, %k126 : i32
      %ebs = arith.shli %eb, %k16i : i32
      %cellb = arith.ori %ebs, %m2 : i32
      // row l + 32 j has the same r % 4 as l: all four A cells alike
      %sf = vector.broadcast %ones : i32 to vector<8xi32>
      %sf0 = vector.insert %cella, %sf [0] : i32 into vector<8xi32>
      %sf1 = vector.insert %cella, %sf0 [1] : i32 into vector<8xi32>
      %sf2 = vector.insert %cella, %sf1 [2] : i32 into vector<8xi32>
      %sf3 = vector.insert %cella, %sf2 [3] : i32 into vector<8xi32>
      %sf4 = vector.insert %cellb, %sf3 [4] : i32 into vector<8xi32>
      %k64 = arith.constant 64 : i32
      %sfaddr = arith.addi %addr, %k64 : i32
      "vptx.tcgen05_st"(%sfaddr, %sf4) {shape = "32x32b"} : (i32, vector<8xi32>) -> ()
      "vptx.tcgen05_wait"() {kind = "st"} : () -> ()
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      scf.if %is0 {
        // B's scale ID 2, E4M3 x E4M3, N 32, UE8M0, M 128, A's scale ID 1
        %idesc = arith.constant 680001568 : i32
        %da = "vptx.tcgen05_smem_desc"(%a, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<4096xi8, 3>, index) -> i64
        %db = "vptx.tcgen05_smem_desc"(%b, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<1024xi8, 3>, index) -> i64
        %sfa = arith.addi %tmem, %k64 : i32
        %k68 = arith.constant 68 : i32
        %sfb = arith.addi %tmem, %k68 : i32
        %false = arith.constant false
        "vptx.tcgen05_mma_block_scale"(%tmem, %da, %db, %idesc, %sfa, %sfb, %false) {kind = "mxf8f6f4", scale_vec = "1X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
        "vptx.tcgen05_commit"(%bar, %c0) : (!bar, index) -> ()
      }
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !bar
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %v = "vptx.tcgen05_ld"(%addr) {shape = "32x32b"} : (i32) -> vector<32xf32>
      "vptx.tcgen05_wait"() {kind = "ld"} : () -> ()
      vector.store %v, %out[%t, %c0] : memref<128x32xf32>, vector<32xf32>
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      scf.if %warp0 {
        "vptx.tcgen05_dealloc"(%tmem) {cols = 128 : i64} : (i32) -> ()
      }
      // the reference: row r = t, a(r,k) b(n,k) 2^((r % 4 - 1) + (n % 3 - 1))
      %ti = arith.index_cast %t : index to i32
      %r4 = arith.remui %ti, %k4i : i32
      %zero = arith.constant 0.0 : f32
      %two = arith.constant 2.0 : f32
      %half = arith.constant 0.5 : f32
      %onef = arith.constant 1.0 : f32
      %fourf = arith.constant 4.0 : f32
      scf.for %n = %c0 to %c32 step %c1 {
        %sum = scf.for %k = %c0 to %c32 step %c1 iter_args(%s = %zero) -> (f32) {
          %r5 = arith.muli %t, %c5 : index
          %k3 = arith.muli %k, %c3 : index
          %sa0 = arith.addi %r5, %k3 : index
          %ia = arith.remui %sa0, %c5 : index
          %n3 = arith.muli %n, %c3 : index
          %k7 = arith.muli %k, %c7 : index
          %sb0 = arith.addi %n3, %k7 : index
          %ib = arith.remui %sb0, %c5 : index
          %ai = arith.index_cast %ia : index to i32
          %bi = arith.index_cast %ib : index to i32
          %af = arith.sitofp %ai : i32 to f32
          %bf = arith.sitofp %bi : i32 to f32
          %av = arith.subf %af, %two : f32
          %bv = arith.subf %bf, %two : f32
          %p = arith.mulf %av, %bv : f32
          %s1 = arith.addf %s, %p : f32
          scf.yield %s1 : f32
        }
        // 2^(r % 4 - 1) in {0.5, 1, 2, 4}, 2^(n % 3 - 1) in {0.5, 1, 2}
        %isr0 = arith.cmpi eq, %r4, %k1 : i32
        %ni = arith.index_cast %n : index to i32
        %n3i = arith.remui %ni, %k3i : i32
        %r0 = arith.constant 0 : i32
        %r2 = arith.constant 2 : i32
        %rz = arith.cmpi eq, %r4, %r0 : i32
        %r2e = arith.cmpi eq, %r4, %r2 : i32
        %sa1 = arith.select %r2e, %two, %fourf : f32
        %sa2 = arith.select %isr0, %onef, %sa1 : f32
        %sar = arith.select %rz, %half, %sa2 : f32
        %nz = arith.cmpi eq, %n3i, %r0 : i32
        %n1 = arith.cmpi eq, %n3i, %k1 : i32
        %sb1 = arith.select %n1, %onef, %two : f32
        %sbn = arith.select %nz, %half, %sb1 : f32
        %scaled = arith.mulf %sum, %sar : f32
        %d = arith.mulf %scaled, %sbn : f32
        memref.store %d, %ref[%t, %n] : memref<128x32xf32>
      }
      gpu.return
    }
  }
}
