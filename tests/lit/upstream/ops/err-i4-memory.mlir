// A vector access to packed i4 memory must start at an element the index arithmetic
// shows to be a multiple of 8 (8 elements fill a 32-bit register, 4 bytes): an index of
// 4, or a thread id times 4, is a located error naming the op.
// CONFORMANCE: refused
// RUN: not %vptx --arch=sm_80 %s 2>&1 | %filecheck %s
func.func @odd(%a: memref<64xi4>, %o: memref<64xi32>)
    attributes {gpu.known_block_size = array<i32: 4, 1, 1>} {
  %c4 = arith.constant 4 : index
  // CHECK: err-i4-memory.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.load' on packed i4 memory: the first element's index must be a known multiple of 8 (8 elements fill a 32-bit register)
  %v = vector.load %a[%c4] : memref<64xi4>, vector<8xi4>
  %w = arith.extsi %v : vector<8xi4> to vector<8xi32>
  vector.store %w, %o[%c4] : memref<64xi32>, vector<8xi32>
  return
}
