// Loop-invariant parts of the pipelined copies are computed once, before the K
// loop: for A (its rows do not move with K) the global rows and their row guards
// (row < M); for B (its columns do not) the global column and the bytes of the
// chunk left in the row.  In the loop, each A copy only selects its src-size
// with the hoisted guard, and each B copy reuses the hoisted column: the origin
// of the view it reads (copy-address.mlir).  The results stay exact at sizes off
// the tile.
// RUN: %vptx check %s --grid=2,2 --dim=100,40,40,72,100,72 | %filecheck %s
// RUN: %vptx check %s --grid=1,1 --dim=3,5,5,7,3,7 | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// CHECK: PASS hoist (sim vs eval, max abs err 0,
// SIMT: [[GROW:%[0-9]+]] = arith.addi %m0, %{{[0-9]+}} : index
// SIMT-NEXT: [[IN:%[0-9]+]] = arith.cmpi slt, [[GROW]], %{{[0-9]+}} : index
// SIMT: [[VA:%[0-9]+]] = memref.subview %A{{.}}[[GROW]], %{{[0-9]+}}]
// SIMT: [[GCOL:%[0-9]+]] = arith.addi %n0, %{{[0-9]+}} : index
// SIMT-NEXT: memref.dim %B
// SIMT-NEXT: arith.subi
// SIMT-NEXT: arith.maxsi
// SIMT-NEXT: [[LEFT:%[0-9]+]] = arith.minsi
// SIMT: [[VB:%[0-9]+]] = memref.subview %B[%{{[0-9]+}}, [[GCOL]]]
// SIMT: scf.for %k
// SIMT: arith.select [[IN]], %{{[0-9]+}}, %{{[0-9]+}} : index
// SIMT: arith.select %{{[0-9]+}}, [[LEFT]], %{{[0-9]+}} : index
// SIMT: nvgpu.device_async_copy [[VA]][%{{[0-9]+}}]
// SIMT: nvgpu.device_async_copy [[VB]][%{{[0-9]+}}, %{{[0-9]+}}]
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @hoist(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c64 : index
  %m0 = arith.muli %by, %c64 : index
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<64x64xf32>, memref<?x?xf32>
  return
}
