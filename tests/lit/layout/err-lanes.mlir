// A layout that needs more than a warp's 32 lanes parses and prints (other
// targets have 64-lane subgroups) but is rejected, once per function, when vptx
// compiles it for NVIDIA (issue 25 part 4).
// RUN: %vptx --emit=mlir %s | %filecheck %s --check-prefix=PARSE
// RUN: not %vptx --emit=layout %s 2>&1 | %filecheck %s
// PARSE: thread_tile = [8, 8]
func.func @lanes(%v: vector<16x16xf16>) -> vector<16x16xf16> attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  // CHECK: err-lanes.mlir:[[@LINE+2]]:8: error: 'func.func' @lanes uses a layout for 64-lane subgroups (wave64, AMD's subgroup size) (in 'iree_vector_ext.to_layout'): NVIDIA subgroups (warps) have 32 lanes, and vptx compiles 32-lane layouts only
  // CHECK-NOT: error
  %r = iree_vector_ext.to_layout %v to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [8, 8], element_tile = [2, 2], subgroup_strides = [0, 0], thread_strides = [8, 1]>) : vector<16x16xf16>
  %s = iree_vector_ext.to_layout %r to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [8, 8], element_tile = [2, 2], subgroup_strides = [0, 0], thread_strides = [8, 1]>) : vector<16x16xf16>
  return %s : vector<16x16xf16>
}
