// ARGS: --arch=sm_80
// Seed 003's contraction D = C + A B^T at the vector level, one warp:
// @contract_16x8x16 is the seed's op as written (A 16x16, B 8x16, f16
// accumulator 16x8: one mma.sync m16n8k16), @contract_16x16x16 the 16x16x16
// one (B 16x16: two mma.sync tiles along N).  A and B come from global memory
// in the fragment layouts (32-bit loads; no ldmatrix, which reads workgroup
// memory only).  mma_kind anchors the layouts (the seed leaves them implicit).
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx
// CHECK: PASS contract_16x8x16 (sim vs eval
// CHECK: PASS contract_16x16x16 (sim vs eval
#map5 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @contract_16x8x16(%0: memref<16x16xf16>, %1: memref<8x16xf16>, %2: memref<16x8xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cst_0 = arith.constant 0.0 : f16
  %cst = arith.constant dense<0.0> : vector<16x8xf16>
  %3 = vector.transfer_read %0[%c0, %c0], %cst_0 {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %4 = vector.transfer_read %1[%c0, %c0], %cst_0 {in_bounds = [true, true]} : memref<8x16xf16>, vector<8x16xf16>
  %5 = vector.contract {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>} %3, %4, %cst : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf16>
  vector.transfer_write %5, %2[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf16>, memref<16x8xf16>
  return
}

func.func @contract_16x16x16(%0: memref<16x16xf16>, %1: memref<16x16xf16>, %2: memref<16x16xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cst_0 = arith.constant 0.0 : f16
  %cst = arith.constant dense<0.0> : vector<16x16xf16>
  %3 = vector.transfer_read %0[%c0, %c0], %cst_0 {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %4 = vector.transfer_read %1[%c0, %c0], %cst_0 {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %5 = vector.contract {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>} %3, %4, %cst : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf16>
  vector.transfer_write %5, %2[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf16>, memref<16x16xf16>
  return
}
