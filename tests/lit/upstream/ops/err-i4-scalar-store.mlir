// A store of one packed i4 element rewrites the 32-bit word holding it with two atomics,
// so the memref must hold whole words: 12 elements (6 bytes) is a located error naming
// the op (the word of elements 8-15 would reach past the buffer).
// CONFORMANCE: refused
// RUN: not %vptx --arch=sm_80 %s 2>&1 | %filecheck %s
func.func @short(%a: memref<12xi4>)
    attributes {gpu.known_block_size = array<i32: 12, 1, 1>} {
  %t = gpu.thread_id x
  %x = memref.load %a[%t] : memref<12xi4>
  // CHECK: err-i4-scalar-store.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'memref.store' of one packed i4 element: the store rewrites the 32-bit word holding it with two atomics (other threads may write the word's other elements), so the memref must hold a known multiple of 8 elements
  memref.store %x, %a[%t] : memref<12xi4>
  return
}
