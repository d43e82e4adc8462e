// Where staging does not apply, the direct fragment reads stay, and the results
// still match eval: @written zeroes the next A tile inside the loop (between
// barriers; a copy issued iterations ahead would read the old data), so A keeps its
// direct reads while B is pipelined; @once reads its tiles outside any loop.  @moving
// reads B at an index computed inside the loop (not the induction variable): B is
// staged on its own, without the pipeline (copy, wait_group 0, barrier), while A,
// indexed by the induction variable, is pipelined.  @guarded reads its tiles under an
// scf.if in the loop: staging's barriers could be divergent there, so they stay direct
// (not-staged-divergent.mlir: a loop bound computed from the thread id).
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS written (sim vs eval
// CHECK: PASS once (sim vs eval
// CHECK: PASS moving (sim vs eval
// CHECK: PASS guarded (sim vs eval
// SIMT-LABEL: func.func @written
// SIMT-NOT: nvgpu.device_async_copy %A
// SIMT-NOT: memref.subview %A
// SIMT-LABEL: func.func @once
// SIMT-NOT: nvgpu.device_async_copy
// SIMT-LABEL: func.func @moving
// SIMT: memref<4x2048xf16, #gpu.address_space<workgroup>>
// SIMT: memref<1x2048xf16, #gpu.address_space<workgroup>>
// SIMT: memref.subview %A
// SIMT: nvgpu.device_async_copy
// SIMT: scf.for
// SIMT: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// SIMT: gpu.barrier
// SIMT: nvgpu.device_async_copy %B
// SIMT: nvgpu.device_async_copy %B
// SIMT-NEXT: nvgpu.device_async_create_group
// SIMT-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// SIMT-NEXT: gpu.barrier
// SIMT-LABEL: func.func @guarded
// SIMT-NOT: gpu.barrier
// SIMT-NOT: nvgpu.device_async_copy
// SIMT: return
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @written(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c96 = arith.constant 96 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    %z = arith.constant dense<0.0> : vector<64x32xf16>
    %next = arith.addi %k, %c32 : index
    %in = arith.cmpi ult, %next, %c96 : index
    gpu.barrier
    scf.if %in {
      vector.transfer_write %z, %A[%c0, %next] {in_bounds = [true, true]} : vector<64x32xf16>, memref<64x128xf16>
    }
    gpu.barrier
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @once(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %zero : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @moving(%A: memref<64x128xf16>, %B: memref<160x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %kb = arith.addi %k, %c32 : index
    %b = vector.transfer_read %B[%kb, %c0], %h {in_bounds = [true, true]} : memref<160x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @guarded(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c96 = arith.constant 96 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %in = arith.cmpi ult, %k, %c96 : index
    %n = scf.if %in -> (vector<64x64xf32>) {
      %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
      %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
      %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
      scf.yield %d : vector<64x64xf32>
    } else {
      scf.yield %acc : vector<64x64xf32>
    }
    scf.yield %n : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
