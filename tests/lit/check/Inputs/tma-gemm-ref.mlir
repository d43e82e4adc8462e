// The reference of ../tma-tensor-map.mlir: the same GEMM at the vector level, for eval.
// It takes the same arguments; eval never reads the tensor maps.
!tmap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_wgmma(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %ta: !tmap {vptx.tma_source = 0 : i64}, %tb: !tmap {vptx.tma_source = 1 : i64}, %d: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %z = arith.constant dense<0.0> : vector<64x64xf32>
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %z : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
  vector.transfer_write %r, %d[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
