// An mma_kind inside lowering_config that names no known intrinsic is an error, as it
// is outside lowering_config (it used to be ignored: the contract then took the slow
// generic path).  Found by tests/fuzz/fuzz_pipeline.c.
// RUN: not %vptx --emit=layout %s 2>&1 | %filecheck %s
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @k(%a: vector<16x16xf16>, %b: vector<16x8xf16>, %c: vector<16x8xf32>) -> vector<16x8xf32>
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  // CHECK: err-mma-kind-config.mlir:[[@LINE+1]]:8: error: 'vector.contract' has an unknown mma_kind
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F33_16x8x16_F16>, subgroup_basis = [[1, 1, 1], [0, 1, 2]]}>} %a, %b, %c : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
  return %d : vector<16x8xf32>
}
