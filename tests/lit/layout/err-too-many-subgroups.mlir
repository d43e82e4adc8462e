// An anchor that needs more subgroups than the workgroup has.
// RUN: not %vptx --emit=layout %s 2>&1 | %filecheck %s

#l = #iree_vector_ext.nested_layout<subgroup_tile = [4, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [4, 8], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [8, 1]>
func.func @f(%m: memref<16x32xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %a = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true]} : memref<16x32xf32>, vector<16x32xf32>
  %x = iree_vector_ext.to_layout %a to layout(#l) : vector<16x32xf32>
  vector.transfer_write %x, %m[%c0, %c0] {in_bounds = [true, true]} : vector<16x32xf32>, memref<16x32xf32>
  return
}
// CHECK: err-too-many-subgroups.mlir:9:8: error: 'iree_vector_ext.to_layout' layout needs 4 subgroups but the workgroup has 2 (64 threads)
