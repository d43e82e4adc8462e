// gemm64 (examples/gemm64.mlir) for nvcc: C(64x64, f32) = A(64x64, f16) * B(64x64, f16),
// all row-major, one block of four warps in a 2x2 grid, each warp a 32x32 quarter of C
// as 2x2 WMMA 16x16x16 tiles, fragments loaded straight from global memory, K in steps
// of 16.  The comparison row for the examples' tile in tests/bench/sass.sh.
#include <mma.h>
using namespace nvcuda;
extern "C" __global__ void __launch_bounds__(128)
gemm64(const __half* __restrict__ a, const __half* __restrict__ b, float* __restrict__ c) {
  const int warp = threadIdx.x / 32, wm = warp / 2, wn = warp % 2;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      wmma::fill_fragment(acc[i][j], 0.0f);
  for (int k = 0; k < 64; k += 16) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa[2];
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb[2];
    for (int i = 0; i < 2; i++)
      wmma::load_matrix_sync(fa[i], a + (wm * 32 + i * 16) * 64 + k, 64);
    for (int j = 0; j < 2; j++)
      wmma::load_matrix_sync(fb[j], b + k * 64 + wn * 32 + j * 16, 64);
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 2; j++)
        wmma::mma_sync(acc[i][j], fa[i], fb[j], acc[i][j]);
  }
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      wmma::store_matrix_sync(c + (wm * 32 + i * 16) * 64 + wn * 32 + j * 16, acc[i][j], 64,
                              wmma::mem_row_major);
}
