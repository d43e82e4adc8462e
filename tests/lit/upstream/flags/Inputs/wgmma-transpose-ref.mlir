// The reference of ../wgmma-transpose.mlir: each kernel's GEMM at the vector level, for
// eval, with the same arguments (eval never reads the tensor maps).  The contract maps
// say how each operand is held: Bt is B transposed (N x K), At is A transposed (K x M).
!tmA = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmBt = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tm32 = !nvgpu.tensormap.descriptor<tensor = memref<32x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @wg_kmajor_b(%A: memref<64x64xf16>, %Bt: memref<128x64xf16>,
                       %ta: !tmA {vptx.tma_source = 0 : i64}, %tb: !tmBt {vptx.tma_source = 1 : i64},
                       %d: memref<64x128xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %b = vector.transfer_read %Bt[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %z = arith.constant dense<0.0> : vector<64x128xf32>
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %z : vector<64x64xf16>, vector<128x64xf16> into vector<64x128xf32>
  vector.transfer_write %r, %d[%c0, %c0] {in_bounds = [true, true]} : vector<64x128xf32>, memref<64x128xf32>
  return
}
func.func @wg_trans_ab(%At: memref<32x64xf16>, %B: memref<32x64xf16>,
                       %ta: !tm32 {vptx.tma_source = 0 : i64}, %tb: !tm32 {vptx.tma_source = 1 : i64},
                       %d: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %At[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %z = arith.constant dense<0.0> : vector<64x64xf32>
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %z : vector<32x64xf16>, vector<32x64xf16> into vector<64x64xf32>
  vector.transfer_write %r, %d[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
