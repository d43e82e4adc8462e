// Packed i4 one element at a time (issue 25): memref.load / memref.store of a scalar i4
// and arith.extsi / extui / trunci of it, two elements a byte on the device. A load
// reads the element's byte and shifts its nibble down; a store rewrites the nibble in the
// 32-bit word holding it with red.and then red.or (as upstream's narrow-type emulation
// stores: two atomics), so neighbouring threads storing into one byte do not race.
// Checked on the simulator against eval of Inputs/i4-scalar-ref.mlir (loops over the
// elements, one thread) on random inputs, and on the fixed input Inputs/i4-mem-a.npy
// (every i4 value) against Inputs/i4-scalar-b.npy, written by Inputs/i4-scalar-gen.py.
//   mix   thread t (of 128): x = a[t], y = a[127 - t] (extsi, extui); b[t] = trunci(
//         3 x + y); o[t] = the extui of y.  Threads t and t + 1 share b's byte.
//   grid  4 x 32 elements, thread (t) stores row t / 32, column (t * 5) mod 32: the
//         writers of one byte are far apart in the warp.
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-scalar-ref.mlir | %filecheck %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-scalar-ref.mlir --kernel=grid --input=a:%S/Inputs/i4-mem-a.npy --expect=b:%S/Inputs/i4-scalar-b.npy | %filecheck --check-prefix=EXPECT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS mix
// CHECK: PASS grid
// EXPECT: PASS grid: argument #1 %b matches
// PTX-LABEL: .entry mix(
// PTX: ld.global.u8 [[W:%r_[A-Za-z0-9_$]+]], [{{%rd_[A-Za-z0-9_$]+}}];
// PTX: shr.u32 {{%r_[A-Za-z0-9_$]+}}, [[W]], {{%r_[A-Za-z0-9_$]+}};
// PTX: and.b64 [[WORD:%rd_[A-Za-z0-9_$]+]], {{%rd_[A-Za-z0-9_$]+}}, -4;
// PTX: red.global.and.b32 [{{%rd_[A-Za-z0-9_$]+}}], {{%r_[A-Za-z0-9_$]+}};
// PTX-NEXT: red.global.or.b32 [{{%rd_[A-Za-z0-9_$]+}}], {{%r_[A-Za-z0-9_$]+}};
func.func @mix(%a: memref<128xi4>, %b: memref<128xi4>, %o: memref<128xi32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %t = gpu.thread_id x
  %c127 = arith.constant 127 : index
  %r = arith.subi %c127, %t : index
  %x = memref.load %a[%t] : memref<128xi4>
  %y = memref.load %a[%r] : memref<128xi4>
  %xs = arith.extsi %x : i4 to i32
  %yu = arith.extui %y : i4 to i32
  %c3 = arith.constant 3 : i32
  %x3 = arith.muli %xs, %c3 : i32
  %s = arith.addi %x3, %yu : i32
  %n = arith.trunci %s : i32 to i4
  memref.store %n, %b[%t] : memref<128xi4>
  memref.store %yu, %o[%t] : memref<128xi32>
  return
}
func.func @grid(%a: memref<4x32xi4>, %b: memref<4x32xi4>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %t = gpu.thread_id x
  %c5 = arith.constant 5 : index
  %c32 = arith.constant 32 : index
  %row = arith.divui %t, %c32 : index
  %t5 = arith.muli %t, %c5 : index
  %col = arith.remui %t5, %c32 : index
  %x = memref.load %a[%row, %col] : memref<4x32xi4>
  %w = arith.extsi %x : i4 to i16
  %m = arith.constant -7 : i16
  %p = arith.muli %w, %m : i16
  %n = arith.trunci %p : i16 to i4
  memref.store %n, %b[%row, %col] : memref<4x32xi4>
  return
}
