// Found by `vptx fuzz-diff --seed=1 --index=156` (fault: misaligned global read):
// an i8 element alone in a slot (here the mma.sync B operand stored K x N, so
// each lane gathers single bytes) was loaded with ld.b16, two bytes from an odd
// address; a lone i8 store wrote two bytes.  Now ld.u8 / st.b8.
// RUN: %vptx check %s --backend=sim | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: PASS fz
// CHECK: PASS bytes
// PTX: ld.global.nc.u8
// PTX: st.global.b8
func.func @fz(%in0: memref<16x32xi8>, %in1: memref<32x8xi8>, %out0: memref<16x8xi32>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pi8 = arith.constant 0 : i8
  %v0 = arith.constant dense<0> : vector<16x8xi32>
  %v2 = vector.transfer_read %in0[%c0, %c0], %pi8 {in_bounds = [true, true]} : memref<16x32xi8>, vector<16x32xi8>
  %v3 = vector.transfer_read %in1[%c0, %c0], %pi8 {in_bounds = [true, true]} : memref<32x8xi8>, vector<32x8xi8>
  %v4 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_I32_16x8x32_I8>} %v2, %v3, %v0 : vector<16x32xi8>, vector<32x8xi8> into vector<16x8xi32>
  vector.transfer_write %v4, %out0[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xi32>, memref<16x8xi32>
  return
}
// One byte per thread, widened with sign, compared and written back as bytes.
func.func @bytes(%in: memref<32xi8>, %wide: memref<32xi32>, %out: memref<32xi8>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i8
  %r = vector.transfer_read %in[%c0], %p {in_bounds = [true]} : memref<32xi8>, vector<32xi8>
  %x = iree_vector_ext.to_layout %r to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [1], subgroup_strides = [0], thread_strides = [1]>) : vector<32xi8>
  %w = arith.extsi %x : vector<32xi8> to vector<32xi32>
  vector.transfer_write %w, %wide[%c0] {in_bounds = [true]} : vector<32xi32>, memref<32xi32>
  %z = arith.constant dense<0> : vector<32xi8>
  %neg = arith.cmpi slt, %x, %z : vector<32xi8>
  %y = arith.select %neg, %z, %x : vector<32xi1>, vector<32xi8>
  vector.transfer_write %y, %out[%c0] {in_bounds = [true]} : vector<32xi8>, memref<32xi8>
  return
}
