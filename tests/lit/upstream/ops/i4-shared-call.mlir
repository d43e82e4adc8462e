// Packed i4 in workgroup memory and across calls (issue 25): a memref.alloc of i4 in
// workgroup memory (two elements a byte, in whole 32-bit words), written and read by
// scalar memref.store / load across a gpu.barrier; and a device function taking an i4
// memref argument and an i4 vector argument and returning an i4 vector (memref: its
// address; vector<8xi4>: one b32 .param). Checked on the simulator against eval of
// Inputs/i4-shared-call-ref.mlir (loops, no workgroup memory, no call) on random inputs.
//   smem   thread t (of 128): s[t] = trunci(3 a[t]); barrier; o[t] = extsi(s[127 - t]).
//          Threads t and t + 1 write one byte of s.
//   calls  thread t (of 16): v = a[8t .. 8t+7]; b[8t ..] = f(a, 15 - t, v), f adding the
//          8 elements of a from 8 times its index to v (extsi, addi, trunci; the index
//          times 8 shows the access a multiple of 8, as vector access to i4 needs).
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-shared-call-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS smem
// CHECK: PASS calls
// PTX-LABEL: .func (.param .b32 {{[A-Za-z0-9_$]+}}) add8(
// PTX: ld.global.b32
// PTX-LABEL: .entry smem(
// PTX: .shared .align 16 .b8 {{[A-Za-z0-9_$]+}}[64];
// PTX: red.shared.and.b32
// PTX: red.shared.or.b32
// PTX: bar.sync 0;
// PTX: ld.shared.u8
func.func @smem(%a: memref<128xi4>, %o: memref<128xi32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %s = memref.alloc() : memref<128xi4, #gpu.address_space<workgroup>>
  %t = gpu.thread_id x
  %x = memref.load %a[%t] : memref<128xi4>
  %w = arith.extsi %x : i4 to i32
  %c3 = arith.constant 3 : i32
  %m = arith.muli %w, %c3 : i32
  %n = arith.trunci %m : i32 to i4
  memref.store %n, %s[%t] : memref<128xi4, #gpu.address_space<workgroup>>
  gpu.barrier
  %c127 = arith.constant 127 : index
  %r = arith.subi %c127, %t : index
  %y = memref.load %s[%r] : memref<128xi4, #gpu.address_space<workgroup>>
  %z = arith.extsi %y : i4 to i32
  memref.store %z, %o[%t] : memref<128xi32>
  return
}
func.func @calls(%a: memref<128xi4>, %b: memref<128xi4>)
    attributes {gpu.known_block_size = array<i32: 16, 1, 1>} {
  %t = gpu.thread_id x
  %c8 = arith.constant 8 : index
  %c15 = arith.constant 15 : index
  %i = arith.muli %t, %c8 : index
  %r = arith.subi %c15, %t : index
  %v = vector.load %a[%i] : memref<128xi4>, vector<8xi4>
  %w = func.call @add8(%a, %r, %v) : (memref<128xi4>, index, vector<8xi4>) -> vector<8xi4>
  vector.store %w, %b[%i] : memref<128xi4>, vector<8xi4>
  return
}
func.func private @add8(%m: memref<128xi4>, %g: index, %v: vector<8xi4>) -> vector<8xi4> {
  %c8 = arith.constant 8 : index
  %k = arith.muli %g, %c8 : index
  %u = vector.load %m[%k] : memref<128xi4>, vector<8xi4>
  %ue = arith.extsi %u : vector<8xi4> to vector<8xi8>
  %ve = arith.extsi %v : vector<8xi4> to vector<8xi8>
  %s = arith.addi %ue, %ve : vector<8xi8>
  %r = arith.trunci %s : vector<8xi8> to vector<8xi4>
  return %r : vector<8xi4>
}
