// A full GEMM over a grid: C = A * B for any M, N, K (A is M x K, B is K x N, f16; C
// is M x N, f32), one 128x128 tile of C per workgroup of 8 warps, K in steps of 32.
// The contract names its mma.sync kind and its 2x4 warp split; distribute stages
// both operands through swizzled shared memory with 16-byte cp.async copies and
// pipelines the K loop over 3 stages (docs/staging.md).  in_bounds = false on every
// dim: the copies zero-fill past M, N and K, and the store of C clips.  Rows whose
// length (K for A, N for B) is not a multiple of 8 are copied element by element
// (a uniform branch; cp.async needs rows on 16 bytes).
// RUN: %vptx check %s --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck %s
// RUN: %vptx check %s --grid=2,2 --dim=130,66,66,130,130,130 | %filecheck %s
// RUN: %vptx check %s --grid=1,1 --dim=128,64,64,128,128,128 --stats | %filecheck --check-prefix=STATS %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx
// CHECK: PASS gemm (sim vs eval
// STATS: global loads {{.*}}, 100.0% efficient)
// STATS: shared loads {{.*}}, 100.0% conflict-free)
// STATS-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// PTX: cp.async.cg.shared.global
// PTX: cp.async.wait_group 1;
// PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 4, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}
