// RUN: %vptx --emit=mlir %s | %filecheck %s
// Seed 002 (nested layouts): the full example of the layout documentation on a
// vector<64x64xf16>, and the 4x2 subgroup example.

// CHECK: #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>
#full = #iree_vector_ext.nested_layout<
    subgroup_tile = [2, 1],
    batch_tile = [2, 4],
    outer_tile = [1, 1],
    thread_tile = [16, 4],
    element_tile = [1, 4],
    subgroup_strides = [1, 0],
    thread_strides = [1, 16]>
#subgroups = #iree_vector_ext.nested_layout<subgroup_tile = [4, 2], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [1, 1], element_tile = [1, 1], subgroup_strides = [1, 4], thread_strides = [0, 0]>
#outer = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [2, 1], thread_tile = [2, 5], element_tile = [1, 1], subgroup_strides = [0, 0], thread_strides = [5, 1]>
func.func @layouts(%v: vector<64x64xf16>, %s: vector<4x2xf16>, %o: vector<4x5xf16>) {
  %0 = iree_vector_ext.to_layout %v to layout(#full) : vector<64x64xf16>
  // CHECK: subgroup_tile = [4, 2]{{.*}}subgroup_strides = [1, 4]
  %1 = iree_vector_ext.to_layout %s to layout(#subgroups) : vector<4x2xf16>
  %2 = iree_vector_ext.to_layout %o to layout(#outer) : vector<4x5xf16>
  return
}
