// A stage count whose buffers do not fit even the opt-in shared memory is a located
// error naming the bytes needed and available: 8 stages of 64x128 + 128x64 f16 tiles.
// The opt-in maximum is the target's (target/targets.def): 163 KiB on sm_80, 227 KiB on
// sm_90a.
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: not %vptx --arch=sm_90a %s 2>&1 | %filecheck --check-prefix=SM90A %s
// SM90A: error: a 8-stage pipeline of this loop's operands needs 262144 bytes of shared memory (32768 per stage, 0 in the kernel's other buffers), but 232448 are available (sm_90a's opt-in maximum)
// CHECK: err-stages.mlir:[[@LINE+11]]:8: error: a 8-stage pipeline of this loop's operands needs 262144 bytes of shared memory (32768 per stage, 0 in the kernel's other buffers), but 166912 are available (sm_80's opt-in maximum); use fewer stages or a smaller tile
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @err_stages(%A: memref<64x256xf16>, %B: memref<256x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c256 step %c128 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x128xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<128x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x128xf16>, vector<128x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  } {vptx.pipeline_stages = 8 : i64}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
