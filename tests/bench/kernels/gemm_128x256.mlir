// examples/gemm.mlir with the tile the H100 model wants: 128x256 of C per workgroup of
// two warpgroups (64x256 each: wgmma m64n256k16, 128 accumulator registers per thread),
// K in steps of 64 (128-byte swizzle).  On sm_90a it takes the Hopper route: a 3-stage
// TMA ring of 48 KiB stages, a producer warpgroup (docs/hopper.md).  A 128x128 tile
// reads 64 bytes of A and B from L2 per 2048 FMAs of an SM-clock; 132 SMs then ask L2
// for more than it gives, and the 4096^3 GEMM is L2-bound at 59% of the tensor peak.
// This tile needs 48: 77% (tests/bench/staging.sh, `make bench`).
// tests/lit/check/wgmma-tma-ring-wide.mlir runs it against eval at ragged sizes.
// vptx check args: --arch=sm_90a --grid=2,2 --dim=200,72,72,400,200,400
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c256 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x256xf32>
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<128x256xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x64xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<64x256xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x64xf16>, vector<64x256xf16> into vector<128x256xf32>
    scf.yield %d : vector<128x256xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x256xf32>, memref<?x?xf32>
  return
}
