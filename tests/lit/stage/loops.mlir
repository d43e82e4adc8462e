// Two pipelined K loops in one kernel (their stage counts share the 48 KiB: the first
// gets 4 stages, the second what is left, 2), and a pipelined loop nested in another
// whose A operand is a 2-d tile of a 3-d memref indexed by the outer loop (the
// leading index passes through to the copies: to the origin of the view they read).  Both against eval, conflict-free.
// RUN: %vptx check --stats %s | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: shared loads {{.*}}, 100.0% conflict-free)
// CHECK-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// CHECK: PASS two (sim vs eval
// CHECK: shared loads {{.*}}, 100.0% conflict-free)
// CHECK-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// CHECK: PASS nested (sim vs eval
// SIMT-LABEL: func.func @two
// SIMT: memref<4x2048xf16, #gpu.address_space<workgroup>>
// SIMT: memref<2x2048xf16, #gpu.address_space<workgroup>>
// SIMT: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// SIMT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// SIMT-LABEL: func.func @nested
// SIMT: scf.for %j
// SIMT: memref.subview %A[%j, %{{.*}}, %{{.*}}][1, 1, 128][1, 1, 1] : memref<2x64x128xf16> to memref<128xf16, strided<[1], offset: ?>>
// SIMT: scf.for %k
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @two(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %A2: memref<64x96xf16>, %B2: memref<96x64xf16>, %C: memref<64x64xf32>)
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
    scf.yield %d : vector<64x64xf32>
  }
  %r2 = scf.for %k = %c0 to %c96 step %c32 iter_args(%acc = %r) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A2[%c0, %k], %h {in_bounds = [true, true]} : memref<64x96xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B2[%k, %c0], %h {in_bounds = [true, true]} : memref<96x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r2, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @nested(%A: memref<2x64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %o = scf.for %j = %c0 to %c2 step %c1 iter_args(%out = %zero) -> (vector<64x64xf32>) {
    %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %out) -> (vector<64x64xf32>) {
      %a = vector.transfer_read %A[%j, %c0, %k], %h {in_bounds = [true, true]} : memref<2x64x128xf16>, vector<64x32xf16>
      %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
      %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
      scf.yield %d : vector<64x64xf32>
    }
    scf.yield %r : vector<64x64xf32>
  }
  vector.transfer_write %o, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
