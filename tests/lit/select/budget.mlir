// A user's own layout that cannot fit in registers: a located warning at the value,
// with vptx's estimate and the dim to shrink (layout/budget.c).  #whole leaves the
// whole 32x16 f32 tile to every lane: 512 elements = 512 registers per thread, above
// the 255 a thread has.  The same kernel with the tile spread over the 32 lanes
// (#spread: 16 elements per lane) gets no warning.  The read takes the to_layout's
// layout (layout assignment gives a to_layout's input its layout), so it is named.
// RUN: %vptx --emit=layout %s -o %t.mlir 2>&1 | %filecheck %s
// CHECK: budget.mlir:[[@LINE+8]]:8: warning: kernel 'whole' needs about 512 registers per thread for its vectors, more than the 255 a thread has (ptxas will spill); the largest is the result of 'vector.transfer_read', vector<32x16xf32>, 512 registers per thread: shrink its dim 0 (32 elements of it in each thread) or spread it over more lanes or subgroups
// CHECK-NOT: warning
#whole = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [32, 16], outer_tile = [1, 1], thread_tile = [1, 1], element_tile = [1, 1], subgroup_strides = [0, 0], thread_strides = [0, 0]>
#spread = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [4, 1], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [4, 1]>
func.func @whole(%m: memref<32x16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %m[%c0, %c0], %f {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %b = iree_vector_ext.to_layout %a to layout(#whole) : vector<32x16xf32>
  %c = arith.addf %b, %b : vector<32x16xf32>
  vector.transfer_write %c, %m[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf32>, memref<32x16xf32>
  return
}

func.func @spread(%m: memref<32x16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %m[%c0, %c0], %f {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %b = iree_vector_ext.to_layout %a to layout(#spread) : vector<32x16xf32>
  %c = arith.addf %b, %b : vector<32x16xf32>
  vector.transfer_write %c, %m[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf32>, memref<32x16xf32>
  return
}
