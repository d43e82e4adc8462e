// Hand-written `vptx.layout`s skip the layout pass, so distribute checks them: a
// subgroup tile above 1 with stride 0 used to divide by zero in layout_virtual_ids.
// Found by tests/fuzz/fuzz_pipeline.c; see also err-hand-written-layout-shape.mlir.
// RUN: not %vptx --emit=simt %s 2>&1 | %filecheck %s

#l = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [4, 1]>
#zero_stride = #iree_vector_ext.nested_layout<subgroup_tile = [2], batch_tile = [1], outer_tile = [1], thread_tile = [4], element_tile = [2], subgroup_strides = [0], thread_strides = [1]>

func.func @zero_stride(%in: memref<16x16xi32>, %out: memref<16xi32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i32
  %x = vector.transfer_read %in[%c0, %c0], %p {in_bounds = [true, true], vptx.layout = [#l]} : memref<16x16xi32>, vector<16x16xi32>
  // CHECK: err-hand-written-layout.mlir:[[@LINE+1]]:11: error: 'arith.constant' result #0 has an invalid layout: a subgroup or thread tile above 1 has no positive stride
  %init = arith.constant {vptx.layout = [#zero_stride]} dense<0> : vector<16xi32>
  %m = vector.multi_reduction <add>, %x, %init [0] {vptx.layout = [#zero_stride]} : vector<16x16xi32> to vector<16xi32>
  vector.transfer_write %m, %out[%c0] {in_bounds = [true]} : vector<16xi32>, memref<16xi32>
  return
}
