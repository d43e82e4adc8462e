// The staging cost rule (distribute/schedule/stage.c, worth_staging): a K loop that
// runs once (K = 32 in one step of 32) has no later iteration whose copies could overlap
// its mma ops, so its operands are read straight into the mma.sync fragments, and
// --remarks says so; the same tile with K = 64 (two trips) is still staged.  The rule
// weighs the trip count alone: the direct loads are 50.0% sector-efficient (warp 0's
// requests from the fragment layouts: 4 lanes x 4 bytes of a row, as the simulator
// counts them: `vptx check --stats`), the least any 16-bit fragment layout reaches, so no
// efficiency figure could tip it (a branch that staged a one-trip loop under 50% was
// never taken, and is gone).  Both against eval.
// RUN: %vptx check --stats --kernel=k32 %s | %filecheck --check-prefix=STATS %s
// STATS: global loads   192 requests, 1024 sectors (ideal 512, 50.0% efficient)
// RUN: %vptx --remarks --emit=simt %s -o %t.mlir 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %filecheck --check-prefix=SIMT %s < %t.mlir
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// REMARK: small-k.mlir:[[@LINE+22]]:8: remark: 'scf.for' runs 1 time: its contract operands are read straight into the mma.sync fragments, not staged through shared memory (with no later iteration to overlap, the copies, barrier and ldmatrix would cost more than they hide){{$}}
// REMARK-NOT: small-k.mlir:[[@LINE+21]]:8: remark: 'scf.for' stages
// REMARK: small-k.mlir:[[@LINE+36]]:8: remark: 'scf.for' stages its contract operands through XOR-swizzled shared memory
// REMARK-NOT: runs 1 time
// SIMT-LABEL: func.func @k32
// SIMT-NOT:   nvgpu.device_async_copy
// SIMT-NOT:   nvgpu.ldmatrix
// SIMT:       nvgpu.mma.sync
// SIMT-LABEL: func.func @k64
// SIMT:       nvgpu.device_async_copy
// SIMT:       nvgpu.ldmatrix
// CHECK: PASS k32 (sim vs eval
// CHECK: PASS k64 (sim vs eval
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @k32(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c32 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
func.func @k64(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
