// tcgen05.shift (docs/blackwell.md, "tcgen05.cp and tcgen05.shift"), compiled by vptx,
// assembled by ptxas and run on the simulator.  Every thread (4 warps: lane L = t) fills
// its lane, columns 0..15, with L * 1000 + c (tcgen05.st 32x32b.x16); thread 0 shifts
// the 8 columns from column 4 down one lane (tcgen05.shift at lane 0, column 4) and
// commits; every thread reads its lane back.  `ref` gets the same cells by scalar
// arithmetic from the ISA's words (9.7.16.9.3: 32-byte elements move down one row, the
// last row's lost): lane L > 0, columns 4..11 hold (L - 1) * 1000 + c, the rest their
// own values (lane 0 keeps its cells in the simulator's reading).
// REQUIRES: ptxas
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// RUN: printf "\x93NUMPY\x01\x00\x76\x00{'descr': '<i4', 'fortran_order': False, 'shape': (128, 16), }                                                       \n" > %t.npy
// RUN: head -c 8192 /dev/zero >> %t.npy
// RUN: %vptx run %t.ptx --grid 1 --block 128 %t.npy %t.npy --out %t.d
// RUN: cmp %t.d/arg0.npy %t.d/arg1.npy
// CHECK: tcgen05.shift.cta_group::1.down [%r_{{[A-Za-z0-9_$]+_[0-9]+}}];

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @slot : memref<1xi32, 3> {alignment = 4}
    gpu.func @shift(%out: memref<128x16xi32>, %ref: memref<128x16xi32>)
        kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c12 = arith.constant 12 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %parity = arith.constant false
      %ticks = arith.constant 10000000 : index
      %slot = memref.get_global @slot : memref<1xi32, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi ult, %t, %c32 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %is0 : !bar
      scf.if %warp0 {
        "vptx.tcgen05_alloc"(%slot, %c0) {cols = 32 : i64} : (memref<1xi32, 3>, index) -> ()
        "vptx.tcgen05_relinquish_alloc_permit"() : () -> ()
      }
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
      %w = arith.divui %t, %c32 : index
      %w32 = arith.index_cast %w : index to i32
      %sh = arith.constant 21 : i32
      %lane = arith.shli %w32, %sh : i32
      %addr = arith.addi %tmem, %lane : i32
      %ti = arith.index_cast %t : index to i32
      %k1000 = arith.constant 1000 : i32
      %t1000 = arith.muli %ti, %k1000 : i32
      %tb = vector.broadcast %t1000 : i32 to vector<16xi32>
      %iota = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi32>
      %fill = arith.addi %tb, %iota : vector<16xi32>
      "vptx.tcgen05_st"(%addr, %fill) {shape = "32x32b"} : (i32, vector<16xi32>) -> ()
      "vptx.tcgen05_wait"() {kind = "st"} : () -> ()
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      scf.if %is0 {
        %k4 = arith.constant 4 : i32
        %at = arith.addi %tmem, %k4 : i32
        "vptx.tcgen05_shift"(%at) : (i32) -> ()
        "vptx.tcgen05_commit"(%bar, %c0) : (!bar, index) -> ()
      }
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !bar
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %v = "vptx.tcgen05_ld"(%addr) {shape = "32x32b"} : (i32) -> vector<16xi32>
      "vptx.tcgen05_wait"() {kind = "ld"} : () -> ()
      vector.store %v, %out[%t, %c0] : memref<128x16xi32>, vector<16xi32>
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      scf.if %warp0 {
        "vptx.tcgen05_dealloc"(%tmem) {cols = 32 : i64} : (i32) -> ()
      }
      // the reference: (L - 1) * 1000 + c in columns 4..11 of lanes L > 0
      %pos = arith.cmpi ugt, %t, %c0 : index
      scf.for %c = %c0 to %c16 step %c1 {
        %ge = arith.cmpi uge, %c, %c4 : index
        %lt = arith.cmpi ult, %c, %c12 : index
        %in = arith.andi %ge, %lt : i1
        %mv = arith.andi %in, %pos : i1
        %src = scf.if %mv -> (index) {
          %tm1 = arith.subi %t, %c1 : index
          scf.yield %tm1 : index
        } else {
          scf.yield %t : index
        }
        %si = arith.index_cast %src : index to i32
        %s1000 = arith.muli %si, %k1000 : i32
        %ci = arith.index_cast %c : index to i32
        %val = arith.addi %s1000, %ci : i32
        memref.store %val, %ref[%t, %c] : memref<128x16xi32>
      }
      gpu.return
    }
  }
}
