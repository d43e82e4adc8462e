// An NV_WGMMA_* mma_kind on a target other than sm_90a is a located error that says
// what to change, and no PTX file is written (issue 14 part 1).
// RUN: not %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx 2>&1 | %filecheck %s
// RUN: test ! -e %t.ptx
// RUN: not %vptx --emit=ptx --arch=sm_90 %s -o %t.ptx 2>&1 | %filecheck --check-prefix=SM90 %s
// RUN: test ! -e %t.ptx
// CHECK: err-wgmma-arch.mlir:[[@LINE+11]]:8: error: 'vptx.wgmma' (a vector.contract with an NV_WGMMA_* mma_kind) needs wgmma, which only sm_90a has, but the target is sm_80: compile with --arch=sm_90a, or use an NV_MMA_SYNC_* mma_kind
// SM90: err-wgmma-arch.mlir:[[@LINE+10]]:8: error: {{.*}}but the target is sm_90: compile with --arch=sm_90a
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @k(%A: memref<64x16xf16>, %B: memref<16x8xf16>, %out: memref<64x8xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xf16>, vector<64x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  %z = arith.constant dense<0.0> : vector<64x8xf32>
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x8x16_F16>} %a, %b, %z : vector<64x16xf16>, vector<16x8xf16> into vector<64x8xf32>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x8xf32>, memref<64x8xf32>
  return
}
