// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%v: vector<4x4xf32>) {
  %0 = iree_vector_ext.to_layout %v to layout(#iree_vector_ext.nested_layout<thread_tile = [4, 4], element_tile = [1]>) : vector<4x4xf32>
  return
}
// CHECK: 3:113: error: 'element_tile' has 1 entries, expected 2
