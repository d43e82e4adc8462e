// Edges: M, N, K that are not multiples of the 64x64x32 tile.  Reads with
// in_bounds = false give cp.async a src-size operand (the bytes of the chunk inside
// the memref; 0 for a chunk on a row past the end), so the buffers are zero-filled
// past M, N and K; the store of C clips.  Checked against eval at 5 sizes on grids of
// up to 2 x 2 workgroups; with K or N not a multiple of 8 the rows do not start on 16
// bytes and a uniform branch copies them element by element instead (in the SIMT IR: scf.if on
// the row length, in its else branch guarded plain loads of A itself and one 2-byte store
// each).  A's cp.async copies read a view whose origin is the copy's row and column
// (copy-address.mlir).  The element copies are lane-adjacent (thread t reads elements t,
// t + 128, ... of the tile, row-major): a warp's load is one 64-byte run of a row, so at
// K = 42 the loads take 1458 sectors for their 28560 bytes (70%: a run that does not
// start on 32 bytes touches 3 sectors), where one element from each thread's 8-element
// chunk took 9256 (11.6%).
// RUN: %vptx check %s --grid=2,2 --dim=100,40,40,72,100,72 | %filecheck %s
// RUN: %vptx check %s --grid=2,2 --dim=65,8,8,120,65,120 | %filecheck %s
// RUN: %vptx check %s --grid=2,2 --dim=100,42,42,70,100,70 | %filecheck %s
// RUN: %vptx check %s --grid=1,1 --dim=3,5,5,7,3,7 | %filecheck %s
// RUN: %vptx check %s --grid=1,1 --dim=64,96,96,64,64,64 --stats | %filecheck --check-prefix=FULL %s
// RUN: %vptx check %s --grid=2,2 --dim=100,42,42,70,100,70 --stats | %filecheck --check-prefix=COLD %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: PASS edges (sim vs eval
// FULL: global loads {{.*}}, 100.0% efficient)
// FULL: PASS edges (sim vs eval
// COLD: global loads   652 requests, 1458 sectors (ideal 1020, 70.0% efficient), 28560 bytes
// COLD: PASS edges (sim vs eval
// SIMT: memref.dim %A
// SIMT: [[VA:%[0-9]+]] = memref.subview %A[
// SIMT: arith.maxsi
// SIMT: arith.minsi
// SIMT: arith.select
// SIMT: nvgpu.device_async_copy [[VA]][{{.*}}], %{{.*}}[{{.*}}], 8, %{{[0-9]+}} {bypassL1}
// SIMT: } else {
// SIMT: [[TR:%[0-9]+]] = arith.divui [[TID:%[0-9]+]], %{{[0-9]+}} : index
// SIMT-NEXT: [[TC:%[0-9]+]] = arith.remui [[TID]], %{{[0-9]+}} : index
// SIMT: memref.load %A[%{{[0-9]+}}, [[TC]]] : memref<?x?xf16>
// SIMT: memref.store %{{[0-9]+}}, %{{[0-9]+}}[%{{[0-9]+}}, %{{[0-9]+}}] : memref<4x2048xf16, #gpu.address_space<workgroup>>
// PTX: cp.async.cg.shared.global [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], [%rd_{{[A-Za-z0-9_$]+_[0-9]+}}], 16, %r_{{[A-Za-z0-9_$]+_[0-9]+}};
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @edges(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
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
