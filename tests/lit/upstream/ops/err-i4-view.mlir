// A view of packed i4 memory must start at an even element offset, a known one (two
// elements share a byte): a subview at element 3 and one at a dynamic offset are each a
// located error naming the op (vptx stops at the first kernel that fails, so the second
// case is compiled alone: Inputs/i4-view-dynamic.mlir).
// CONFORMANCE: refused
// RUN: not %vptx --arch=sm_80 %s 2>&1 | %filecheck %s
// RUN: not %vptx --arch=sm_80 %S/Inputs/i4-view-dynamic.mlir 2>&1 | %filecheck --check-prefix=DYN %s
// DYN: i4-view-dynamic.mlir:5:8: error: 'memref.subview' of packed i4 memory with a dynamic offset or stride: two elements share a byte, so the view's first element must be known to start one (an even element offset)
func.func @odd(%a: memref<64xi4>, %o: memref<8xi32>)
    attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
  // CHECK: err-i4-view.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'memref.subview' result #0 is memref<8xi4, strided<[1], offset: 3>>: packed i4 memory must start at an even element offset (two elements share a byte)
  %v = memref.subview %a[3] [8] [1] : memref<64xi4> to memref<8xi4, strided<[1], offset: 3>>
  %t = gpu.thread_id x
  %x = memref.load %v[%t] : memref<8xi4, strided<[1], offset: 3>>
  %w = arith.extsi %x : i4 to i32
  memref.store %w, %o[%t] : memref<8xi32>
  return
}
