// Found by `vptx fuzz-diff --seed=4 --index=126` (mismatch), minimised: an i8
// constant operand of a sign-sensitive op (divsi by -7) was used as the
// 16-bit immediate 249 instead of -7: i8 immediates are now extended like
// i8 registers (sign for divsi/remsi/maxsi/minsi/shrsi, zero otherwise).
// RUN: %vptx check %s --backend=sim | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS fz
// CHECK: PASS more
func.func @fz(%in0: memref<4x1xi8>, %out0: memref<4x1xi8>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pi8 = arith.constant -3 : i8
  %v0 = vector.transfer_read %in0[%c0, %c0], %pi8 {in_bounds = [true, true]} : memref<4x1xi8>, vector<4x1xi8>
  %v1 = iree_vector_ext.to_layout %v0 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [4, 1], thread_tile = [1, 1], element_tile = [1, 1], subgroup_strides = [0, 0], thread_strides = [0, 0]>) : vector<4x1xi8>
  %v2 = arith.constant dense<-7> : vector<4x1xi8>
  %v3 = arith.divsi %v1, %v2 : vector<4x1xi8>
  vector.transfer_write %v3, %out0[%c0, %c0] {in_bounds = [true, true]} : vector<4x1xi8>, memref<4x1xi8>
  return
}
func.func @more(%in0: memref<4x32xi8>, %out0: memref<4x32xi8>, %out1: memref<4x32xi8>, %out2: memref<4x32xi8>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i8
  %x = vector.transfer_read %in0[%c0, %c0], %p {in_bounds = [true, true]} : memref<4x32xi8>, vector<4x32xi8>
  %m3 = arith.constant dense<-3> : vector<4x32xi8>
  %r = arith.remsi %x, %m3 : vector<4x32xi8>
  vector.transfer_write %r, %out0[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xi8>, memref<4x32xi8>
  %mx = arith.maxsi %x, %m3 : vector<4x32xi8>
  vector.transfer_write %mx, %out1[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xi8>, memref<4x32xi8>
  %mu = arith.minui %x, %m3 : vector<4x32xi8>
  vector.transfer_write %mu, %out2[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xi8>, memref<4x32xi8>
  return
}
