// Found by `vptx fuzz-diff --seed=4` (kernels 176 and 753, mismatches), minimised:
// gpu.subgroup_reduce maxsi/minsi over i8 compared the .b16 registers
// without extending them (i8 loads zero-extend, adds leave carries), so
// negative bytes lost; the combining step now compares extended copies.
// RUN: %vptx check %s --backend=sim | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS fz
// CHECK: PASS fz2
func.func @fz(%in0: memref<2x1xi8>, %out0: memref<1xi8>, %out1: memref<2x1xi8>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pi8 = arith.constant -3 : i8
  %v0 = vector.transfer_read %in0[%c0, %c0], %pi8 {in_bounds = [true, true]} : memref<2x1xi8>, vector<2x1xi8>
  %v1 = iree_vector_ext.to_layout %v0 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [2, 1], element_tile = [1, 1], subgroup_strides = [0, 0], thread_strides = [1, 0]>) : vector<2x1xi8>
  %v2 = arith.constant dense<127> : vector<1xi8>
  %v3 = vector.multi_reduction <minsi>, %v1, %v2 [0] : vector<2x1xi8> to vector<1xi8>
  vector.transfer_write %v3, %out0[%c0] {in_bounds = [true]} : vector<1xi8>, memref<1xi8>
  %v4 = vector.broadcast %v3 : vector<1xi8> to vector<2x1xi8>
  %v5 = arith.subi %v4, %v1 : vector<2x1xi8>
  vector.transfer_write %v5, %out1[%c0, %c0] {in_bounds = [true, true]} : vector<2x1xi8>, memref<2x1xi8>
  return
}
func.func @fz2(%in0: memref<4x4xi8>, %out0: memref<4xi8>, %out1: memref<4x4xi8>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pi8 = arith.constant -3 : i8
  %v0 = vector.transfer_read %in0[%c0, %c0], %pi8 {in_bounds = [true, true]} : memref<4x4xi8>, vector<4x4xi8>
  %v1 = iree_vector_ext.to_layout %v0 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [4, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [1, 4], element_tile = [1, 1], subgroup_strides = [1, 0], thread_strides = [0, 1]>) : vector<4x4xi8>
  %v2 = arith.constant dense<5> : vector<4xi8>
  %v3 = vector.multi_reduction <maxsi>, %v1, %v2 [1] : vector<4x4xi8> to vector<4xi8>
  vector.transfer_write %v3, %out0[%c0] {in_bounds = [true]} : vector<4xi8>, memref<4xi8>
  %v4 = vector.broadcast %v3 : vector<4xi8> to vector<4x4xi8>
  %v5 = vector.transpose %v4, [1, 0] : vector<4x4xi8> to vector<4x4xi8>
  %v6 = arith.xori %v1, %v5 : vector<4x4xi8>
  vector.transfer_write %v6, %out1[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xi8>, memref<4x4xi8>
  return
}
