// The cross-subgroup stage of reductions (seed 001's third stage) with subgroups
// on both dims of a 4x64 layout (2 x 2 warps): to a scalar (both dims reduced,
// 4 partials per element), over the rows (f16 maximumf) and over the columns (i32
// xor), each with the accumulator.  The partials go through a workgroup buffer
// as two vector transfers (write in the source layout with the reduced dims
// spread over their subgroups, read with them held whole per thread); the target
// is no bank conflict.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx check --seed=2 %s | %filecheck %s
// RUN: %vptx check --stats %s | %filecheck --check-prefix=STATS %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS both (sim vs eval
// CHECK: PASS rows (sim vs eval
// CHECK: PASS cols (sim vs eval
// STATS-COUNT-3: shared loads {{.*}}, 100.0% conflict-free)
#l = #iree_vector_ext.nested_layout<subgroup_tile = [2, 2], batch_tile = [1, 2], outer_tile = [1, 1], thread_tile = [2, 8], element_tile = [1, 2], subgroup_strides = [2, 1], thread_strides = [8, 1]>
func.func @both(%x: memref<4x64xf32>, %y: memref<1xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<4x64xf32>, vector<4x64xf32>
  %a = iree_vector_ext.to_layout %v to layout(#l) : vector<4x64xf32>
  %r = vector.multi_reduction <add>, %a, %f [0, 1] : vector<4x64xf32> to f32
  memref.store %r, %y[%c0] : memref<1xf32>
  return
}
func.func @rows(%x: memref<4x64xf16>, %y: memref<4xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f16
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<4x64xf16>, vector<4x64xf16>
  %a = iree_vector_ext.to_layout %v to layout(#l) : vector<4x64xf16>
  %z = vector.transfer_read %y[%c0], %f {in_bounds = [true]} : memref<4xf16>, vector<4xf16>
  %r = vector.multi_reduction <maximumf>, %a, %z [1] : vector<4x64xf16> to vector<4xf16>
  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<4xf16>, memref<4xf16>
  return
}
func.func @cols(%x: memref<4x64xi32>, %y: memref<64xi32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0 : i32
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<4x64xi32>, vector<4x64xi32>
  %a = iree_vector_ext.to_layout %v to layout(#l) : vector<4x64xi32>
  %z = vector.transfer_read %y[%c0], %f {in_bounds = [true]} : memref<64xi32>, vector<64xi32>
  %r = vector.multi_reduction <xor>, %a, %z [0] : vector<4x64xi32> to vector<64xi32>
  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<64xi32>, memref<64xi32>
  return
}
