// Verifier errors for iree_vector_ext.to_layout (seed 002): the layout must fit
// the vector -- rank, per-dim tile product, ids that do not overlap.  Lane and
// subgroup counts are target facts, checked by layout_assign (tests/lit/layout).
// RUN: not %vptx %s 2>&1 | %filecheck %s

func.func @product(%v: vector<16x16xf16>) -> vector<16x16xf16> {
  // CHECK: error: 'iree_vector_ext.to_layout' layout tiles of dim 1 multiply to 8 (1*1*1*4*2) but vector<16x16xf16> has 16
  %r = iree_vector_ext.to_layout %v to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [4, 1]>) : vector<16x16xf16>
  return %r : vector<16x16xf16>
}

func.func @rank(%v: vector<16x16xf16>) -> vector<16x16xf16> {
  // CHECK: error: 'iree_vector_ext.to_layout' layout has rank 1 but vector<16x16xf16> has rank 2
  %r = iree_vector_ext.to_layout %v to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [16], element_tile = [1], subgroup_strides = [0], thread_strides = [1]>) : vector<16x16xf16>
  return %r : vector<16x16xf16>
}

func.func @overlap(%v: vector<16x16xf16>) -> vector<16x16xf16> {
  // CHECK: error: 'iree_vector_ext.to_layout' layout thread ids of dims 0 and 1 overlap: thread_strides[1] = 1 is not a multiple of thread_strides[0] * thread_tile[0] = 8
  %r = iree_vector_ext.to_layout %v to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 2], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [1, 1]>) : vector<16x16xf16>
  return %r : vector<16x16xf16>
}
