// No silent default for the launch: a vector-level kernel without a block size is a
// located error at compile time that names the attribute to add (it used to compile to
// `.reqntid 32`, and `vptx check --block=128` then failed in the simulator).
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: not %vptx check %s 2>&1 | %filecheck %s
// RUN: not %vptx run %s 2>&1 | %filecheck %s
// CHECK: err-no-block-size.mlir:[[@LINE+2]]:1: error: kernel 'scale' has no block size: add `attributes {gpu.known_block_size = array<i32: 32, 1, 1>}` (threads per workgroup, x, y, z; a multiple of 32), or a translation_info with workgroup_size
// CHECK-NOT: error:
func.func @scale(%x: memref<256xf32>, %out: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<256xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %r = arith.mulf %v, %two : vector<256xf32>
  vector.transfer_write %r, %out[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
