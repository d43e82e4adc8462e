// A 128x32x16 f16 GEMM tile through Blackwell's tensor memory, compiled by vptx and run on
// the simulator: every thread writes its row of A (and the first 32 threads their row
// of B) into shared memory in the K-major, no-swizzle canonical layout (PTX ISA 9.1
// 9.7.16.3.3: 8x16-byte core matrices, LBO 128 bytes along K, SBO 256 bytes along M/N),
// warp 0 allocates 32 tensor-memory columns, thread 0 issues one tcgen05.mma kind::f16
// and commits it to an mbarrier, and each warp reads its 32 lanes back with tcgen05.ld
// 32x32b.x32.  The same products are summed by a plain scalar loop into `ref`: the two
// outputs must be equal bytes, and D[0][0] is the value worked out by hand below.
// REQUIRES: ptxas
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// RUN: printf "\x93NUMPY\x01\x00\x76\x00{'descr': '<f4', 'fortran_order': False, 'shape': (128, 32), }                                                       \n" > %t.npy
// RUN: head -c 16384 /dev/zero >> %t.npy
// RUN: %vptx run %t.ptx --grid 1 --block 128 %t.npy %t.npy --out %t.d
// RUN: cmp %t.d/arg0.npy %t.d/arg1.npy
// D[0][0] = sum_k a(0,k) b(0,k), a(0,k) = (5k mod 7) - 3, b(0,k) = (3k mod 9) - 4, k < 16:
//   a = -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2;  b = -4 -1 2 -4 -1 2 -4 -1 2 -4 -1 2 -4 -1 2 -4
//   sum = 12-2+0+8-3+2+4+3+4+0+2+6-4+1-6-8 = 19
// RUN: tail -c 16384 %t.d/arg0.npy > %t.d0 && head -c 4 %t.d0 | od -An -tf4 | %filecheck %s
// CHECK: 19

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @slot : memref<1xi32, 3> {alignment = 4}
    memref.global "private" @sa : memref<2048xf16, 3> {alignment = 128}
    memref.global "private" @sb : memref<512xf16, 3> {alignment = 128}
    gpu.func @tile(%out: memref<128x32xf32>, %ref: memref<128x32xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
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
      %a = memref.get_global @sa : memref<2048xf16, 3>
      %b = memref.get_global @sb : memref<512xf16, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi ult, %t, %c32 : index
      // element (r, k) of a K-major tile: (r/8)*128 + (r%8)*8 + (k/8)*64 + k%8 halves
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
        // a(t, k) = ((3t + 5k) mod 7) - 3
        %t3 = arith.muli %t, %c3 : index
        %k5 = arith.muli %k, %c5 : index
        %sa0 = arith.addi %t3, %k5 : index
        %ma = arith.remui %sa0, %c7 : index
        %ai = arith.index_cast %ma : index to i32
        %af = arith.sitofp %ai : i32 to f32
        %three = arith.constant 3.0 : f32
        %av = arith.subf %af, %three : f32
        %ah = arith.truncf %av : f32 to f16
        memref.store %ah, %a[%off] : memref<2048xf16, 3>
        scf.if %warp0 {
          // b(t, k) = ((5t + 3k) mod 9) - 4
          %t5 = arith.muli %t, %c5 : index
          %k3 = arith.muli %k, %c3 : index
          %sb0 = arith.addi %t5, %k3 : index
          %mb = arith.remui %sb0, %c9 : index
          %bi = arith.index_cast %mb : index to i32
          %bf = arith.sitofp %bi : i32 to f32
          %four = arith.constant 4.0 : f32
          %bv = arith.subf %bf, %four : f32
          %bh = arith.truncf %bv : f32 to f16
          memref.store %bh, %b[%off] : memref<512xf16, 3>
        }
      }
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %is0 : !bar
      scf.if %warp0 {
        "vptx.tcgen05_alloc"(%slot, %c0) {cols = 32 : i64} : (memref<1xi32, 3>, index) -> ()
        "vptx.tcgen05_relinquish_alloc_permit"() : () -> ()
      }
      // the generic-proxy stores above become visible to the tensor core (async proxy)
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
      scf.if %is0 {
        // M = 128, N = 32, f32 D, f16 A and B, K-major: 8 << 24 | 4 << 17 | 1 << 4
        %idesc = arith.constant 134742032 : i32
        %da = "vptx.tcgen05_smem_desc"(%a, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<2048xf16, 3>, index) -> i64
        %db = "vptx.tcgen05_smem_desc"(%b, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<512xf16, 3>, index) -> i64
        %false = arith.constant false
        "vptx.tcgen05_mma"(%tmem, %da, %db, %idesc, %false) {kind = "f16"} : (i32, i64, i64, i32, i1) -> ()
        "vptx.tcgen05_commit"(%bar, %c0) : (!bar, index) -> ()
      }
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !bar
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %w = arith.divui %t, %c32 : index
      %w32 = arith.index_cast %w : index to i32
      %sh = arith.constant 21 : i32
      %lane = arith.shli %w32, %sh : i32
      %addr = arith.addi %tmem, %lane : i32
      %v = "vptx.tcgen05_ld"(%addr) {shape = "32x32b"} : (i32) -> vector<32xf32>
      "vptx.tcgen05_wait"() {kind = "ld"} : () -> ()
      vector.store %v, %out[%t, %c0] : memref<128x32xf32>, vector<32xf32>
      // the reference: the same products in a scalar loop
      scf.for %j = %c0 to %c32 step %c1 {
        %zero = arith.constant 0.0 : f32
        %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
          %t3 = arith.muli %t, %c3 : index
          %k5 = arith.muli %k, %c5 : index
          %sa0 = arith.addi %t3, %k5 : index
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
        memref.store %s, %ref[%t, %j] : memref<128x32xf32>
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
