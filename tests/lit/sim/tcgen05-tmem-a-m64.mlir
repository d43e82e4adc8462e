// tcgen05.mma with A in tensor memory (the [a-tmem] form: an i32 A operand) and M = 64,
// compiled by vptx, assembled by ptxas and run on the simulator (docs/blackwell.md).  A 64x32x16
// f16 tile: with M = 64 the data-path layout F of the PTX ISA (9.7.16.10.5) puts rows
// 16q .. 16q + 15 of D, and of A in tensor memory, at lanes 32q .. 32q + 15.  Every warp
// writes its 16 rows of A, 16 f16 values packed in 8 columns, with tcgen05.st 32x32b.x8;
// the first warp writes B to shared memory (K-major, no swizzle); thread 0 issues one
// mma and commits; each warp reads its lanes back with tcgen05.ld 32x32b.x32.  A scalar
// loop sums the same products into `ref`: the two outputs must be equal bytes.
// REQUIRES: ptxas
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// RUN: printf "\x93NUMPY\x01\x00\x76\x00{'descr': '<f4', 'fortran_order': False, 'shape': (64, 32), }                                                        \n" > %t.npy
// RUN: head -c 8192 /dev/zero >> %t.npy
// RUN: %vptx run %t.ptx --grid 1 --block 128 %t.npy %t.npy --out %t.d
// RUN: cmp %t.d/arg0.npy %t.d/arg1.npy
// CHECK: tcgen05.mma.cta_group::1.kind::f16 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %p_{{[A-Za-z0-9_$]+_[0-9]+}};

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @slot : memref<1xi32, 3> {alignment = 4}
    memref.global "private" @sb : memref<512xf16, 3> {alignment = 128}
    gpu.func @tile(%out: memref<64x32xf32>, %ref: memref<64x32xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
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
      %b = memref.get_global @sb : memref<512xf16, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi ult, %t, %c32 : index
      // the row this thread's lane holds in layout F: 16 (t / 32) + t % 32 (if t % 32 < 16)
      %w = arith.divui %t, %c32 : index
      %l = arith.remui %t, %c32 : index
      %w16 = arith.muli %w, %c16 : index
      %row = arith.addi %w16, %l : index
      %mine = arith.cmpi ult, %l, %c16 : index
      // B: row t of 32 in the K-major canonical layout, (r/8)*128 + (r%8)*8 + (k/8)*64 + k%8
      %rg = arith.divui %t, %c8 : index
      %rr = arith.remui %t, %c8 : index
      %rgo = arith.muli %rg, %c128 : index
      %rro = arith.muli %rr, %c8 : index
      %rowoff = arith.addi %rgo, %rro : index
      scf.if %warp0 {
        scf.for %k = %c0 to %c16 step %c1 {
          %kg = arith.divui %k, %c8 : index
          %kr = arith.remui %k, %c8 : index
          %kgo = arith.muli %kg, %c64 : index
          %ko = arith.addi %kgo, %kr : index
          %off = arith.addi %rowoff, %ko : index
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
        "vptx.tcgen05_alloc"(%slot, %c0) {cols = 128 : i64} : (memref<1xi32, 3>, index) -> ()
        "vptx.tcgen05_relinquish_alloc_permit"() : () -> ()
      }
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
      %w32 = arith.index_cast %w : index to i32
      %sh = arith.constant 21 : i32
      %lane = arith.shli %w32, %sh : i32
      %addr = arith.addi %tmem, %lane : i32
      // A: a(r, k) = ((3r + 5k) mod 7) - 3, k = 0..15, packed two f16 a column at column 64
      %ri = arith.index_cast %row : index to i32
      %k3i = arith.constant 3 : i32
      %r3 = arith.muli %ri, %k3i : i32
      %r3v = vector.broadcast %r3 : i32 to vector<16xi32>
      %kv = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi32>
      %k5v = arith.constant dense<5> : vector<16xi32>
      %k7v = arith.constant dense<7> : vector<16xi32>
      %kk = arith.muli %kv, %k5v : vector<16xi32>
      %sa = arith.addi %r3v, %kk : vector<16xi32>
      %ma = arith.remui %sa, %k7v : vector<16xi32>
      %af = arith.sitofp %ma : vector<16xi32> to vector<16xf32>
      %k3f = arith.constant dense<3.0> : vector<16xf32>
      %av = arith.subf %af, %k3f : vector<16xf32>
      %ah = arith.truncf %av : vector<16xf32> to vector<16xf16>
      %apk = vector.bitcast %ah : vector<16xf16> to vector<8xi32>
      %k64 = arith.constant 64 : i32
      %aaddr = arith.addi %addr, %k64 : i32
      "vptx.tcgen05_st"(%aaddr, %apk) {shape = "32x32b"} : (i32, vector<8xi32>) -> ()
      "vptx.tcgen05_wait"() {kind = "st"} : () -> ()
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      scf.if %is0 {
        // M = 64, N = 32, f32 D, f16 A and B, K-major: 4 << 24 | 4 << 17 | 1 << 4
        %idesc = arith.constant 67633168 : i32
        %ta = arith.addi %tmem, %k64 : i32
        %db = "vptx.tcgen05_smem_desc"(%b, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<512xf16, 3>, index) -> i64
        %false = arith.constant false
        "vptx.tcgen05_mma"(%tmem, %ta, %db, %idesc, %false) {kind = "f16"} : (i32, i32, i64, i32, i1) -> ()
        "vptx.tcgen05_commit"(%bar, %c0) : (!bar, index) -> ()
      }
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !bar
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %v = "vptx.tcgen05_ld"(%addr) {shape = "32x32b"} : (i32) -> vector<32xf32>
      "vptx.tcgen05_wait"() {kind = "ld"} : () -> ()
      scf.if %mine {
        vector.store %v, %out[%row, %c0] : memref<64x32xf32>, vector<32xf32>
        // the reference: the same products in a scalar loop
        scf.for %j = %c0 to %c32 step %c1 {
          %zero = arith.constant 0.0 : f32
          %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
            %t3 = arith.muli %row, %c3 : index
            %k5 = arith.muli %k, %c5 : index
            %sa0 = arith.addi %t3, %k5 : index
            %mx = arith.remui %sa0, %c7 : index
            %ai = arith.index_cast %mx : index to i32
            %aif = arith.sitofp %ai : i32 to f32
            %three = arith.constant 3.0 : f32
            %a1 = arith.subf %aif, %three : f32
            %j5 = arith.muli %j, %c5 : index
            %k3 = arith.muli %k, %c3 : index
            %sb0 = arith.addi %j5, %k3 : index
            %mb = arith.remui %sb0, %c9 : index
            %bi = arith.index_cast %mb : index to i32
            %bf = arith.sitofp %bi : i32 to f32
            %four = arith.constant 4.0 : f32
            %b1 = arith.subf %bf, %four : f32
            %p = arith.mulf %a1, %b1 : f32
            %n = arith.addf %acc, %p : f32
            scf.yield %n : f32
          }
          memref.store %s, %ref[%row, %j] : memref<64x32xf32>
        }
      }
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      scf.if %warp0 {
        "vptx.tcgen05_dealloc"(%tmem) {cols = 128 : i64} : (i32) -> ()
      }
      gpu.return
    }
  }
}
