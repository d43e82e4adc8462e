// K split across subgroups from a lowering_config: subgroup_basis [[2, 1, 2], ...]
// puts 2 subgroups on M and 2 on K (4 warps).  The layout pass splits A and B
// along K and replicates the accumulator over the K subgroups; distribute sums
// the two K slices' partial tiles through workgroup memory at every step of the
// loop over K, then adds the loop-carried accumulator.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=layout %s | %filecheck --check-prefix=LAYOUT %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS gemm64_ksplit (sim vs eval
// LAYOUT: vector.transfer_read %A{{.*}}subgroup_tile = [2, 2]{{.*}}subgroup_strides = [2, 1]
// LAYOUT: vector.transfer_read %B{{.*}}subgroup_tile = [2, 1]{{.*}}subgroup_strides = [1, 0]
// SIMT:       scf.for
// SIMT-COUNT-16: nvgpu.mma.sync
// SIMT:       gpu.barrier
// SIMT:       scf.yield
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm64_ksplit(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 1, 2], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
