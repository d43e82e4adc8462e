// Staging and pipelining apply to every mma.sync kind with 16-bit operands: bf16
// operands (f32 accumulator), f16 with an f16 accumulator (whose result also leaves
// through the 128-bit epilogue) and the k8 shape.  Each checked against eval, with
// conflict-free shared memory on both sides.  kind_nt stores B as N x K (the "col"
// operand): both operands are then read with plain ldmatrix, no .trans.
// RUN: %vptx check --stats %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: shared loads {{.*}}, 100.0% conflict-free)
// CHECK-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// CHECK: PASS kind_bf16 (sim vs eval
// CHECK: shared loads {{.*}}, 100.0% conflict-free)
// CHECK-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// CHECK: PASS kind_f16acc (sim vs eval
// CHECK: shared loads {{.*}}, 100.0% conflict-free)
// CHECK-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// CHECK: PASS kind_k8 (sim vs eval
// CHECK: shared loads {{.*}}, 100.0% conflict-free)
// CHECK-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// CHECK: PASS kind_nt (sim vs eval
// PTX-LABEL: .entry kind_bf16(
// PTX: cp.async.cg.shared.global
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-LABEL: .entry kind_f16acc(
// PTX: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// PTX: st.global.v4.b32
// PTX-LABEL: .entry kind_k8(
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
// PTX-LABEL: .entry kind_nt(
// PTX: cp.async.cg.shared.global
// PTX-NOT: ldmatrix.sync.aligned.m8n8.x4.trans
// PTX: ret;
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
#rhs_nt = affine_map<(m, n, k) -> (n, k)>
func.func @kind_bf16(%A: memref<64x128xbf16>, %B: memref<128x64xbf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xbf16>, vector<64x32xbf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xbf16>, vector<32x64xbf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_BF16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xbf16>, vector<32x64xbf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @kind_f16acc(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf16>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf16>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf16>
    scf.yield %d : vector<64x64xf16>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf16>, memref<64x64xf16>
  return
}

func.func @kind_k8(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x8_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @kind_nt(%A: memref<64x128xf16>, %B: memref<64x128xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs_nt, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<64x32xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
