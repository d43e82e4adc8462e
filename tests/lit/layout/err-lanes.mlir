// A layout that needs more than a warp's 32 lanes parses and prints (other
// targets have 64-lane subgroups) but is rejected when vptx lays it out for NVIDIA.
// RUN: %vptx --emit=mlir %s | %filecheck %s --check-prefix=PARSE
// RUN: not %vptx --emit=layout %s 2>&1 | %filecheck %s
// PARSE: thread_tile = [8, 8]
func.func @lanes(%v: vector<16x16xf16>) -> vector<16x16xf16> attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  // CHECK: err-lanes.mlir:[[@LINE+1]]:8: error: 'iree_vector_ext.to_layout' layout is invalid for vector<16x16xf16>: {{.*}}64{{.*}}
  %r = iree_vector_ext.to_layout %v to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [8, 8], element_tile = [2, 2], subgroup_strides = [0, 0], thread_strides = [8, 1]>) : vector<16x16xf16>
  return %r : vector<16x16xf16>
}
