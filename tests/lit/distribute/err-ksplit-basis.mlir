// A subgroup_basis that splits K is not turned into layouts by the layout pass
// (distribute handles such layouts when they are given: contract-mma-ksplit.mlir);
// the error points at the contract.
// RUN: not %vptx --emit=simt %s 2>&1 | %filecheck %s
// CHECK: err-ksplit-basis.mlir:[[@LINE+11]]:8: error: 'vector.contract' subgroup_basis splits the reduction dim over 2 subgroups
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @ksplit_basis(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 1, 2], [0, 1, 2]]}>} %a, %b, %zero : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
