// tf32 wgmma with dynamic sizes (issue 14 part 1, and docs/hopper.md 1d): examples/gemm.mlir
// in f32 with B given as (n, k) (tf32 operands are K-major only), --allow-tf32 on sm_90a:
// NV_WGMMA_F32_64x128x8_TF32 fed by a TMA ring whose maps hold 4-byte elements (boxes of
// 32 f32 = 128 bytes); where the rows are not whole 16-byte pieces (K = 66: 264 bytes) the
// kernel's test of the sizes takes the register-copy loop (a multiple of 4 f32, not 8).
// K = 68 (272 bytes: a multiple of 4 f32, not of 8) takes the ring.  Both run against
// eval with check's tf32 tolerance; --stats says which path ran.
// RUN: %vptx --arch=sm_90a --allow-tf32 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx check --arch=sm_90a --allow-tf32 --stats %s --grid=2,2 --dim=130,68,130,68,130,130 | %filecheck --check-prefix=TMA %s
// RUN: %vptx check --arch=sm_90a --allow-tf32 --stats %s --grid=2,2 --dim=130,66,130,66,130,130 | %filecheck --check-prefix=COPY %s
// PTX: // vptx: hidden tensor map of argument 0, box 128x32, swizzle 128, parameter 0, unused when its rows are not whole 16-byte pieces
// PTX: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// TMA: cp.async 24
// TMA: global loads 0 requests
// TMA: PASS gemm (sim vs eval
// COPY-NOT: cp.async
// COPY: global loads {{[1-9]}}
// COPY: PASS gemm (sim vs eval
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (n, k)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f32
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf32>, vector<128x32xf32>
    %b = vector.transfer_read %B[%n0, %k], %h {in_bounds = [false, false]} : memref<?x?xf32>, vector<128x32xf32>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf32>, vector<128x32xf32> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}
