// The address of a pipelined copy whose rows do not move with the K loop (A, M x K):
// the copy's loop-invariant part (global row, and the thread's column in the tile) is
// the origin of a 1-d view of A's row, made once before the loop
// (memref.subview, distribute/schedule/stage.c copy_view); in the loop the copy indexes that
// view with the induction variable alone, so its global address is the view's base
// plus 2 bytes per element of k: one add, where the row x row-length product and two
// more 64-bit adds were recomputed in every iteration before.  B (K x N, its rows
// move with k) reads one view per thread, whose origin is the thread's column in
// row 0: its copies index it by their global row (one multiply, one add each).  The
// cold path for rows that are not a multiple of 8 elements (K = 42, 7) reads A itself,
// lane-adjacent (edges.mlir).  Exact results at sizes off the tile.
// RUN: %vptx check %s --grid=2,2 --dim=100,40,40,72,100,72 | %filecheck %s
// RUN: %vptx check %s --grid=2,2 --dim=100,42,42,70,100,70 | %filecheck %s
// RUN: %vptx check %s --grid=1,1 --dim=3,7,7,5,3,5 | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS copy_address (sim vs eval, max abs err 0,
// SIMT: [[V0:%[0-9]+]] = memref.subview %A[%{{[0-9]+}}, %{{[0-9]+}}][1, %{{[0-9]+}}][1, 1] : memref<?x?xf16> to memref<?xf16, strided<[1], offset: ?>>
// SIMT: [[V1:%[0-9]+]] = memref.subview %A[%{{[0-9]+}}, %{{[0-9]+}}][1, %{{[0-9]+}}][1, 1] : memref<?x?xf16> to memref<?xf16, strided<[1], offset: ?>>
// SIMT: [[VB:%[0-9]+]] = memref.subview %B[%{{[0-9]+}}, %{{[0-9]+}}][%{{[0-9]+}}, %{{[0-9]+}}][1, 1] : memref<?x?xf16> to memref<?x?xf16, strided<[?, 1], offset: ?>>
// SIMT-NOT: memref.subview %B
// SIMT: scf.for %k
// SIMT-NOT: memref.subview
// SIMT: nvgpu.device_async_copy [[V0]][%{{[0-9]+}}], %{{[0-9]+}}[%{{[0-9]+}}, %{{[0-9]+}}], 8, %{{[0-9]+}} {bypassL1} : memref<?xf16, strided<[1], offset: ?>>
// SIMT-NEXT: nvgpu.device_async_copy [[V1]][%{{[0-9]+}}],
// SIMT: } else {
// SIMT: memref.load %A[
// SIMT: nvgpu.device_async_copy [[VB]][%{{[0-9]+}}, %{{[0-9]+}}], %{{[0-9]+}}[%{{[0-9]+}}, %{{[0-9]+}}], 8, %{{[0-9]+}} {bypassL1} : memref<?x?xf16, strided<[?, 1], offset: ?>>
// SIMT-NEXT: nvgpu.device_async_copy [[VB]][%{{[0-9]+}}, %{{[0-9]+}}],
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @copy_address(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
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
