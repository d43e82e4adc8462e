// Input of ../err-i4-view.mlir: a subview of i4 memory at a dynamic offset
func.func @dyn(%a: memref<64xi4>, %o: memref<8xi32>, %k: index)
    attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
  %t = gpu.thread_id x
  %v = memref.subview %a[%k] [8] [1] : memref<64xi4> to memref<8xi4, strided<[1], offset: ?>>
  %x = memref.load %v[%t] : memref<8xi4, strided<[1], offset: ?>>
  %w = arith.extsi %x : i4 to i32
  memref.store %w, %o[%t] : memref<8xi32>
  return
}
