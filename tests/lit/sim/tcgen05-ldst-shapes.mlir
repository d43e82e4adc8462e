// tcgen05.ld / st shapes beyond 32x32b (docs/blackwell.md), compiled by vptx, assembled by
// ptxas and run on the simulator.  One warp fills lanes 0..31, columns 0..31 of tensor
// memory with t * 1000 + c (tcgen05.st 32x32b), then reads them back through
// 16x256b.x1, 16x32bx2.x2 (second half at column 16), 16x128b.x1, 16x64b.x1.pack::16b
// and 32x32b.x1.  `ref` gets the same cells by scalar arithmetic written from the PTX ISA's
// fragment figures (9.7.16.8.3; mma.sync's m16n8 accumulator layout for 16x256b): the two
// outputs must be equal bytes.  The stores of the other shapes are assembled only.
// REQUIRES: ptxas
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// RUN: printf "\x93NUMPY\x01\x00\x76\x00{'descr': '<i4', 'fortran_order': False, 'shape': (32, 10), }                                                        \n" > %t.npy
// RUN: head -c 1280 /dev/zero >> %t.npy
// RUN: %vptx run %t.ptx --grid 1 --block 32 %t.npy %t.npy --out %t.d
// RUN: cmp %t.d/arg0.npy %t.d/arg1.npy
// CHECK: tcgen05.st.sync.aligned.32x32b.x32.b32 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], {
// CHECK: tcgen05.ld.sync.aligned.16x256b.x1.b32 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}];
// CHECK: tcgen05.ld.sync.aligned.16x32bx2.x2.b32 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 16;
// CHECK: tcgen05.ld.sync.aligned.16x128b.x1.b32 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}];
// CHECK: tcgen05.ld.sync.aligned.16x64b.x1.pack::16b.b32 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}}, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}];
// CHECK: tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}}, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}];
// CHECK: tcgen05.st.sync.aligned.16x256b.x2.unpack::16b.b32 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], {
// CHECK: tcgen05.st.sync.aligned.16x32bx2.x2.b32 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 16, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}};
// CHECK: tcgen05.st.sync.aligned.16x64b.x4.b32 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], {
// CHECK: tcgen05.st.sync.aligned.16x128b.x1.b32 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], {

module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @slot : memref<1xi32, 3> {alignment = 4}
    gpu.func @ldst(%out: memref<32x10xi32>, %ref: memref<32x10xi32>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c6 = arith.constant 6 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %slot = memref.get_global @slot : memref<1xi32, 3>
      %t = gpu.thread_id x
      "vptx.tcgen05_alloc"(%slot, %c0) {cols = 128 : i64} : (memref<1xi32, 3>, index) -> ()
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_fence"() {kind = "after"} : () -> ()
      %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
      // lane t, columns 0..31: t * 1000 + c
      %ti = arith.index_cast %t : index to i32
      %k1000 = arith.constant 1000 : i32
      %t1000 = arith.muli %ti, %k1000 : i32
      %tb = vector.broadcast %t1000 : i32 to vector<32xi32>
      %iota = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]> : vector<32xi32>
      %fill = arith.addi %tb, %iota : vector<32xi32>
      %k16 = arith.constant 16 : i32
      %lane16 = arith.shli %ti, %k16 : i32
      %mine = arith.addi %tmem, %lane16 : i32
      "vptx.tcgen05_st"(%tmem, %fill) {shape = "32x32b"} : (i32, vector<32xi32>) -> ()
      "vptx.tcgen05_wait"() {kind = "st"} : () -> ()
      %a = "vptx.tcgen05_ld"(%tmem) {shape = "16x256b"} : (i32) -> vector<4xi32>
      %b = "vptx.tcgen05_ld"(%tmem) {shape = "16x32bx2", half = 16 : i64} : (i32) -> vector<2xi32>
      %c = "vptx.tcgen05_ld"(%tmem) {shape = "16x128b"} : (i32) -> vector<2xi32>
      %d = "vptx.tcgen05_ld"(%tmem) {shape = "16x64b", pack} : (i32) -> vector<1xi32>
      %k5 = arith.constant 5 : i32
      %col5 = arith.addi %tmem, %k5 : i32
      %e = "vptx.tcgen05_ld"(%col5) {shape = "32x32b"} : (i32) -> vector<1xi32>
      "vptx.tcgen05_wait"() {kind = "ld"} : () -> ()
      vector.store %a, %out[%t, %c0] : memref<32x10xi32>, vector<4xi32>
      vector.store %b, %out[%t, %c4] : memref<32x10xi32>, vector<2xi32>
      vector.store %c, %out[%t, %c6] : memref<32x10xi32>, vector<2xi32>
      vector.store %d, %out[%t, %c8] : memref<32x10xi32>, vector<1xi32>
      vector.store %e, %out[%t, %c9] : memref<32x10xi32>, vector<1xi32>
      // stores of the other shapes, into columns 64..127 (assembled, not compared)
      %k64 = arith.constant 64 : i32
      %hi = arith.addi %tmem, %k64 : i32
      %f8 = vector.extract_strided_slice %fill {offsets = [0], sizes = [8], strides = [1]} : vector<32xi32> to vector<8xi32>
      %f4 = vector.extract_strided_slice %fill {offsets = [0], sizes = [4], strides = [1]} : vector<32xi32> to vector<4xi32>
      "vptx.tcgen05_st"(%hi, %f8) {shape = "16x256b", unpack} : (i32, vector<8xi32>) -> ()
      "vptx.tcgen05_st"(%hi, %b) {shape = "16x32bx2", half = 16 : i64} : (i32, vector<2xi32>) -> ()
      "vptx.tcgen05_st"(%hi, %f4) {shape = "16x64b"} : (i32, vector<4xi32>) -> ()
      "vptx.tcgen05_st"(%hi, %c) {shape = "16x128b"} : (i32, vector<2xi32>) -> ()
      "vptx.tcgen05_wait"() {kind = "st"} : () -> ()
      "vptx.tcgen05_fence"() {kind = "before"} : () -> ()
      gpu.barrier
      "vptx.tcgen05_dealloc"(%tmem) {cols = 128 : i64} : (i32) -> ()
      // the reference: cell (lane l, column c) holds l * 1000 + c
      %k1 = arith.constant 1 : i32
      %k2 = arith.constant 2 : i32
      %k4 = arith.constant 4 : i32
      %k8 = arith.constant 8 : i32
      %g = arith.divui %ti, %k4 : i32
      %q = arith.remui %ti, %k4 : i32
      %g1000 = arith.muli %g, %k1000 : i32
      %g8 = arith.addi %g, %k8 : i32
      %g81000 = arith.muli %g8, %k1000 : i32
      // 16x256b: r0, r1: lane t/4, columns 2(t%4), +1; r2, r3: lane t/4 + 8
      %q2 = arith.muli %q, %k2 : i32
      %a0 = arith.addi %g1000, %q2 : i32
      %a1 = arith.addi %a0, %k1 : i32
      %a2 = arith.addi %g81000, %q2 : i32
      %a3 = arith.addi %a2, %k1 : i32
      memref.store %a0, %ref[%t, %c0] : memref<32x10xi32>
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c5 = arith.constant 5 : index
      %c7 = arith.constant 7 : index
      memref.store %a1, %ref[%t, %c1] : memref<32x10xi32>
      memref.store %a2, %ref[%t, %c2] : memref<32x10xi32>
      memref.store %a3, %ref[%t, %c3] : memref<32x10xi32>
      // 16x32bx2.x2, half 16: lane t % 16, columns r (+ 16 for threads 16..31)
      %l16 = arith.remui %ti, %k16 : i32
      %h16 = arith.subi %ti, %l16 : i32
      %l1000 = arith.muli %l16, %k1000 : i32
      %b0 = arith.addi %l1000, %h16 : i32
      %b1 = arith.addi %b0, %k1 : i32
      memref.store %b0, %ref[%t, %c4] : memref<32x10xi32>
      memref.store %b1, %ref[%t, %c5] : memref<32x10xi32>
      // 16x128b.x1: r0 lane t/4, column t%4; r1 lane t/4 + 8
      %c0v = arith.addi %g1000, %q : i32
      %c1v = arith.addi %g81000, %q : i32
      memref.store %c0v, %ref[%t, %c6] : memref<32x10xi32>
      memref.store %c1v, %ref[%t, %c7] : memref<32x10xi32>
      // 16x64b.x1.pack::16b: lane t/4 + 8 (t%2), logical column (t/2)%2 = physical
      // columns 2 ((t/2)%2) and + 1, their low 16 bits packed low | high << 16
      %t2 = arith.remui %ti, %k2 : i32
      %t28 = arith.muli %t2, %k8 : i32
      %dl = arith.addi %g, %t28 : i32
      %th = arith.divui %ti, %k2 : i32
      %dc = arith.remui %th, %k2 : i32
      %dc2 = arith.muli %dc, %k2 : i32
      %dl1000 = arith.muli %dl, %k1000 : i32
      %lo = arith.addi %dl1000, %dc2 : i32
      %hiv = arith.addi %lo, %k1 : i32
      %hish = arith.shli %hiv, %k16 : i32
      %dv = arith.ori %lo, %hish : i32
      memref.store %dv, %ref[%t, %c8] : memref<32x10xi32>
      %ev = arith.addi %t1000, %k5 : i32
      memref.store %ev, %ref[%t, %c9] : memref<32x10xi32>
      gpu.return
    }
  }
}
