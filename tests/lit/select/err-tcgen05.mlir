// An explicit tcgen05 mma_kind is a located error where the route cannot take it: on a
// target without tcgen05, on a tile that is not one instruction's 128 x N (layout/select.c);
// err-tcgen05-ring.mlir: on a contract no TMA ring feeds.
// RUN: not %vptx --arch=sm_90a %s -o %t.ptx 2>&1 | %filecheck --check-prefix=ARCH %s
// RUN: not %vptx --arch=sm_100a %s -o %t.ptx 2>&1 | %filecheck %s
#lhs = affine_map<(m, n, k) -> (m, k)>
#rkn = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @ring(%A: memref<128x64xf16>, %B: memref<64x64xf16>, %C: memref<128x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    // ARCH: err-tcgen05.mlir:[[@LINE+1]]:10: error: 'vector.contract' has mma_kind NV_TCGEN05_F32_128x64x16_F16, which needs tcgen05 (Blackwell tensor cores): compile with --arch=sm_100a
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F32_128x64x16_F16>} %a, %b, %acc : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
func.func @shape(%A: memref<128x32xf16>, %B: memref<32x64xf16>, %C: memref<128x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x32xf16>, vector<128x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  // CHECK: err-tcgen05.mlir:[[@LINE+1]]:8: error: 'vector.contract' has mma_kind NV_TCGEN05_F32_128x32x16_F16, one instruction for the whole 128x32 tile, but the contract is 128x64x32
  %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F32_128x32x16_F16>} %a, %b, %zero : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
