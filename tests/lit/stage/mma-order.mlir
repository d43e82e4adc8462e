// The mma.sync ops of a contract are issued K step by K step: every accumulator
// tile gets its mma of the first k16 step before any tile gets that of the
// second, so no mma waits for the result of the one issued just before it (on
// the A100 model that wait was 32 cycles per pair and bound the plain GEMM).
// This kernel's warp tile is 32x32 (2 x 4 m16n8 tiles) and each iteration has
// two k16 steps: the first mma's result (D0) is read first by the 9th mma of the
// iteration, never by the 2nd.  Results stay exact (the same K order per tile).
// The ldmatrix of the second step are issued one by one between the mma ops of
// the first (ORDER): only the 4 loads of step 0 precede the iteration's first mma.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %filecheck --check-prefix=ORDER %s < %t.ptx
// CHECK: PASS mma_order (sim vs eval, max abs err 0,
// PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {[[D0:%f_[A-Za-z0-9_$]+_[0-9]+]], %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}}, {{.*}};
// PTX-NOT: , {[[D0]], %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}};
// PTX-COUNT-7: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, {%f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}};
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, {[[D0]], %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}};
// ORDER: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// ORDER: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// ORDER: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// ORDER: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// ORDER-NOT: ldmatrix.sync
// ORDER: mma.sync.aligned
// ORDER-NOT: mma.sync.aligned
// ORDER: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// ORDER-NOT: ldmatrix.sync
// ORDER: mma.sync.aligned
// ORDER-NOT: mma.sync.aligned
// ORDER: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// ORDER-NOT: ldmatrix.sync
// ORDER: mma.sync.aligned
// ORDER-NOT: mma.sync.aligned
// ORDER: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// ORDER-NOT: ldmatrix.sync
// ORDER: mma.sync.aligned
// ORDER-NOT: mma.sync.aligned
// ORDER: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// ORDER-NOT: ldmatrix.sync
// ORDER: mma.sync.aligned
// ORDER-NOT: ldmatrix.sync
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @mma_order(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
