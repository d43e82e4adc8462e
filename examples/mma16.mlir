// One tensor-core tile: D = A * B^T with A 16x16 f16, Bt 8x16 f16 (B stored transposed,
// as mma.sync's "col" operand wants it) and D 16x8 f32: a single mma.sync m16n8k16 on
// one warp.  examples/simt/k2_mma.mlir is the same tile written by hand at the SIMT
// level (ldmatrix + mma.sync) and is checked against this file.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS k2_mma (sim vs eval
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (n, k)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @k2_mma(%a: memref<16x16xf16>, %bt: memref<8x16xf16>, %d: memref<16x8xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %B = vector.transfer_read %bt[%c0, %c0], %h {in_bounds = [true, true]} : memref<8x16xf16>, vector<8x16xf16>
  %z = arith.constant dense<0.0> : vector<16x8xf32>
  %D = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>}>} %A, %B, %z : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf32>
  vector.transfer_write %D, %d[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}
