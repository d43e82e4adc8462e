// An explicit tcgen05 mma_kind on a contract that no TMA ring feeds (here: not in a K
// loop) is a located error at distribution (distribute/lowering/contract.c): tcgen05 has
// no register-copy path.
// RUN: not %vptx --arch=sm_100a %s -o %t.ptx 2>&1 | %filecheck %s
#lhs = affine_map<(m, n, k) -> (m, k)>
#rkn = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @noring(%A: memref<128x32xf16>, %B: memref<32x64xf16>, %C: memref<128x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x32xf16>, vector<128x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  // CHECK: err-tcgen05-ring.mlir:[[@LINE+1]]:8: error: 'vector.contract' with a tcgen05 mma_kind must be the contract of a K loop that a TMA ring feeds
  %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F32_128x64x16_F16>} %a, %b, %zero : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
