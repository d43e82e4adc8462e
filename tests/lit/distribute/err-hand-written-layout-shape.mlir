// A hand-written `vptx.layout` whose tiles do not multiply to the vector's shape is an
// error in distribute (the layout pass is skipped when every op has a layout).
// RUN: not %vptx --emit=simt %s 2>&1 | %filecheck %s

#l = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [4, 1]>
#too_big = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [2], outer_tile = [1], thread_tile = [4], element_tile = [4], subgroup_strides = [0], thread_strides = [1]>

func.func @too_big(%in: memref<16x16xi32>, %out: memref<16xi32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i32
  %x = vector.transfer_read %in[%c0, %c0], %p {in_bounds = [true, true], vptx.layout = [#l]} : memref<16x16xi32>, vector<16x16xi32>
  // CHECK: err-hand-written-layout-shape.mlir:[[@LINE+1]]:11: error: 'arith.constant' result #0 has an invalid layout: its tiles multiply to more than the vector's shape
  %init = arith.constant {vptx.layout = [#too_big]} dense<0> : vector<16xi32>
  %m = vector.multi_reduction <add>, %x, %init [0] {vptx.layout = [#too_big]} : vector<16x16xi32> to vector<16xi32>
  vector.transfer_write %m, %out[%c0] {in_bounds = [true]} : vector<16xi32>, memref<16xi32>
  return
}
