// The four matrices of an ldmatrix.x4 are loaded in the order mma.sync takes its
// fragment registers (ldmatrix.c, order_for_mma; PTX ISA 9.7.14.5.8): A (M x K) as
// (m0, k0), (m8, k0), (m0, k8), (m8, k8), B as (k0, n), (k8, n) per n8 tile, whether B
// is stored K x N (.trans: one x4 is two n8 tiles) or N x K (plain: one x4 is one n8
// tile over K = 32, two k16 steps).  Each mma then names the ldmatrix's
// destination registers in their own order, and ptxas needs no copies to build the
// consecutive register quads HMMA reads (examples/gemm64.mlir: 336 -> 208 SASS
// instructions; docs/ptxgen.md, code size).  The results are checked against the
// evaluator, so a wrong order cannot pass.
// RUN: %vptx check %s | %filecheck --check-prefix=OK %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck %s < %t.ptx
// OK: PASS order_kn (sim vs eval, max abs err 0,
// OK: PASS order_nk (sim vs eval, max abs err 0,
// CHECK-LABEL: .entry order_kn
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {[[A0:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A1:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A2:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A3:%r_[A-Za-z0-9_$]+_[0-9]+]]}
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {[[B0:%r_[A-Za-z0-9_$]+_[0-9]+]], [[B1:%r_[A-Za-z0-9_$]+_[0-9]+]], [[B2:%r_[A-Za-z0-9_$]+_[0-9]+]], [[B3:%r_[A-Za-z0-9_$]+_[0-9]+]]}
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, {[[A0]], [[A1]], [[A2]], [[A3]]}, {[[B0]], [[B1]]}
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, {[[A0]], [[A1]], [[A2]], [[A3]]}, {[[B2]], [[B3]]}
// CHECK-LABEL: .entry order_nk
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {[[A0:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A1:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A2:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A3:%r_[A-Za-z0-9_$]+_[0-9]+]]}
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {[[B0:%r_[A-Za-z0-9_$]+_[0-9]+]], [[B1:%r_[A-Za-z0-9_$]+_[0-9]+]], [[B2:%r_[A-Za-z0-9_$]+_[0-9]+]], [[B3:%r_[A-Za-z0-9_$]+_[0-9]+]]}
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, {[[A0]], [[A1]], [[A2]], [[A3]]}, {[[B0]], [[B1]]}
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, {[[B2]], [[B3]]}
#lhs = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @order_kn(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #kn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
func.func @order_nk(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x32xf16>
    %d = vector.contract {indexing_maps = [#lhs, #nk, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<64x32xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
