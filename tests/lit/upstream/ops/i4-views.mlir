// Packed i4 through views (issue 25): memref.subview of i4 memrefs at even element
// offsets (byte-aligned: two elements a byte) and kernel arguments with strided layouts.
// Element p of the buffer (its linear position, offset included) is the nibble p mod 2
// of byte p / 2; a view moves the base by offset / 2 bytes. Checked on the simulator
// against eval of Inputs/i4-views-ref.mlir (the same views, loops over their elements)
// on random inputs; the .npy / host form of a strided argument is its span, one int8 an
// element, as for other types.
//   sub      a 4x16 window of an 8x32 memref at [2, 6] (offset 70): thread t (of 64)
//            reads element [t / 16, t mod 16] of it with memref.load and stores 5 times it
//            (trunci) to the same window of b
//   vsub     a 4x16 window at [1, 16] (offset 48, 8-aligned): thread t (of 8) loads 8
//            elements [t / 2, 8 (t mod 2)] with vector.load and stores them extended to o
//   strided  arguments memref<4x16xi4, strided<[32, 1], offset: 8>>: thread t (of 64)
//            stores -x (trunci) of element [t / 16, t mod 16] of s to the same of d
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-views-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS sub
// CHECK: PASS vsub
// CHECK: PASS strided
// PTX-LABEL: .entry sub(
// PTX: add.s64 {{%rd_[A-Za-z0-9_$]+}}, {{%rd_[A-Za-z0-9_$]+}}, 35;
// PTX-LABEL: .entry vsub(
// PTX: add.s64 {{%rd_[A-Za-z0-9_$]+}}, {{%rd_[A-Za-z0-9_$]+}}, 24;
// PTX: ld.global.nc.b32 {{%r_[A-Za-z0-9_$]+}}, [{{%rd_[A-Za-z0-9_$]+}}];
// PTX-LABEL: .entry strided(
// PTX: add.s64 {{%rd_[A-Za-z0-9_$]+}}, {{%rd_[A-Za-z0-9_$]+}}, 4;
func.func @sub(%a: memref<8x32xi4>, %b: memref<8x32xi4>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %va = memref.subview %a[2, 6] [4, 16] [1, 1] : memref<8x32xi4> to memref<4x16xi4, strided<[32, 1], offset: 70>>
  %vb = memref.subview %b[2, 6] [4, 16] [1, 1] : memref<8x32xi4> to memref<4x16xi4, strided<[32, 1], offset: 70>>
  %t = gpu.thread_id x
  %c16 = arith.constant 16 : index
  %r = arith.divui %t, %c16 : index
  %c = arith.remui %t, %c16 : index
  %x = memref.load %va[%r, %c] : memref<4x16xi4, strided<[32, 1], offset: 70>>
  %w = arith.extsi %x : i4 to i32
  %c5 = arith.constant 5 : i32
  %m = arith.muli %w, %c5 : i32
  %n = arith.trunci %m : i32 to i4
  memref.store %n, %vb[%r, %c] : memref<4x16xi4, strided<[32, 1], offset: 70>>
  return
}
func.func @vsub(%a: memref<8x32xi4>, %o: memref<8x8xi32>)
    attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
  %va = memref.subview %a[1, 16] [4, 16] [1, 1] : memref<8x32xi4> to memref<4x16xi4, strided<[32, 1], offset: 48>>
  %t = gpu.thread_id x
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %r = arith.divui %t, %c2 : index
  %h = arith.remui %t, %c2 : index
  %c = arith.muli %h, %c8 : index
  %v = vector.load %va[%r, %c] : memref<4x16xi4, strided<[32, 1], offset: 48>>, vector<8xi4>
  %w = arith.extsi %v : vector<8xi4> to vector<8xi32>
  vector.store %w, %o[%t, %c0] : memref<8x8xi32>, vector<8xi32>
  return
}
func.func @strided(%s: memref<4x16xi4, strided<[32, 1], offset: 8>>,
    %d: memref<4x16xi4, strided<[32, 1], offset: 8>>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %t = gpu.thread_id x
  %c16 = arith.constant 16 : index
  %r = arith.divui %t, %c16 : index
  %c = arith.remui %t, %c16 : index
  %x = memref.load %s[%r, %c] : memref<4x16xi4, strided<[32, 1], offset: 8>>
  %w = arith.extsi %x : i4 to i32
  %z = arith.constant 0 : i32
  %m = arith.subi %z, %w : i32
  %n = arith.trunci %m : i32 to i4
  memref.store %n, %d[%r, %c] : memref<4x16xi4, strided<[32, 1], offset: 8>>
  return
}
