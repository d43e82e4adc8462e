// A vector too big to distribute is a located error before distribute plans
// anything (the plans are as big as the per-thread element count): these took
// 2-8 GB and minutes before.  Limit: 1024 elements per thread.
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: sed 's/4294967296xf32/65536x65536xf32/g; s/\[%%c0\]/[%%c0, %%c0]/g; s/\[true\]/[true, true]/g' %s > %t.2d.mlir && \
// RUN: not %vptx %t.2d.mlir 2>&1 | %filecheck --check-prefix=TWOD %s
// CHECK: limit-vector-per-thread.mlir:[[@LINE+8]]:8: error: 'vector.transfer_read' result #0 (4294967296 elements) leaves 67108864 elements to each thread; vptx allows at most 1024 per thread
// CHECK-NOT: error:
// TWOD: error: 'vector.transfer_read' result #0 (4294967296 elements) leaves 67108864 elements to each thread
// CHECK-NOT: error:
func.func @k(%x: memref<4294967296xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<4294967296xf32>, vector<4294967296xf32>
  vector.transfer_write %v, %x[%c0] {in_bounds = [true]} : vector<4294967296xf32>, memref<4294967296xf32>
  return
}
