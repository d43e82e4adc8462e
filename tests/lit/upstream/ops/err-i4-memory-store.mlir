// As err-i4-memory.mlir, for a store whose index is a thread id times 4 (vptx stops at
// the first kernel that fails, so each case has its own file).
// CONFORMANCE: refused
// RUN: not %vptx --arch=sm_80 %s 2>&1 | %filecheck %s
func.func @tid4(%a: memref<64xi4>, %o: memref<64xi32>)
    attributes {gpu.known_block_size = array<i32: 4, 1, 1>} {
  %t = gpu.thread_id x
  %c4 = arith.constant 4 : index
  %i = arith.muli %t, %c4 : index
  %c0 = arith.constant dense<0> : vector<8xi32>
  %n = arith.trunci %c0 : vector<8xi32> to vector<8xi4>
  // CHECK: err-i4-memory-store.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.store' on packed i4 memory: the first element's index must be a known multiple of 8
  vector.store %n, %a[%i] : memref<64xi4>, vector<8xi4>
  return
}
