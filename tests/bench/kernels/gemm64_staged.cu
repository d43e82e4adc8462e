// gemm64 (examples/gemm64.mlir) for nvcc, staged the way vptx stages it
// (distribute/schedule/stage.c): C(64x64, f32) = A(64x64, f16) * B(64x64, f16), all row-major, one
// block of four warps in a 2x2 grid, each warp a 32x32 quarter of C as 2x4 mma.sync
// m16n8k16 tiles.  K in steps of 32 through a 3-stage cp.async pipeline in shared memory
// (16-byte chunks, XOR-swizzled so that ldmatrix reads 8 distinct bank groups), fragments
// read with ldmatrix.x4 (A) and ldmatrix.x4.trans (B).  The fair comparison row for
// vptx's gemm64 in tests/bench/sass.sh; gemm64.cu (WMMA, fragments straight from global
// memory) stays as the second row.  gemm64_staged.ptx is this file through
// `nvcc -ptx -arch=sm_80` (CUDA 13.0), shipped so that the bench runs without nvcc.
#include <cuda_fp16.h>

#define STAGES 3
#define KSTEP 32

// One stage: A is 64 rows x 32 halves (64 B a row, 4 chunks), B is 32 rows x 64 halves
// (128 B a row, 8 chunks).  The chunk index is XORed with bits of the row so that the
// eight rows one ldmatrix phase reads fall into different 16-byte bank groups.
__device__ __forceinline__ unsigned a_offset(int row, int chunk)
{
  return row * 64 + ((chunk ^ ((row >> 1) & 3)) << 4);
}
__device__ __forceinline__ unsigned b_offset(int row, int chunk)
{
  return row * 128 + ((chunk ^ (row & 7)) << 4);
}

__device__ __forceinline__ void cp_async16(unsigned dst, const void *src)
{
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(src));
}

extern "C" __global__ void __launch_bounds__(128)
gemm64(const __half *__restrict__ a, const __half *__restrict__ b, float *__restrict__ c)
{
  __shared__ __align__(128) unsigned char sa[STAGES][64 * KSTEP * 2];
  __shared__ __align__(128) unsigned char sb[STAGES][KSTEP * 64 * 2];
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32, wm = warp / 2, wn = warp % 2;
  const unsigned sa0 = (unsigned)__cvta_generic_to_shared(sa);
  const unsigned sb0 = (unsigned)__cvta_generic_to_shared(sb);
  float acc[2][4][4] = {};

  // Each thread copies two 16-byte chunks of A and two of B per stage.
  auto load_stage = [&](int stage, int k0) {
    for (int i = 0; i < 2; i++) {
      int id = tid + i * 128, row = id / 4, chunk = id % 4;
      cp_async16(sa0 + stage * sizeof sa[0] + a_offset(row, chunk), a + row * 64 + k0 + chunk * 8);
    }
    for (int i = 0; i < 2; i++) {
      int id = tid + i * 128, row = id / 8, chunk = id % 8;
      cp_async16(sb0 + stage * sizeof sb[0] + b_offset(row, chunk), b + (k0 + row) * 64 + chunk * 8);
    }
  };
  for (int s = 0; s < STAGES - 1; s++) {
    if (s * KSTEP < 64)
      load_stage(s, s * KSTEP);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < 64 / KSTEP; kt++) {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(STAGES - 2));
    __syncthreads();
    int next = kt + STAGES - 1;
    if (next * KSTEP < 64)
      load_stage(next % STAGES, next * KSTEP);
    asm volatile("cp.async.commit_group;\n" ::);
    const int stage = kt % STAGES;
    for (int kk = 0; kk < KSTEP / 16; kk++) {
      unsigned fa[2][4], fb[2][4];
      for (int i = 0; i < 2; i++) { // rows wm*32+i*16 + lane%16, halves kk*16 + (lane/16)*8
        int row = wm * 32 + i * 16 + lane % 16, chunk = kk * 2 + lane / 16;
        unsigned addr = sa0 + stage * sizeof sa[0] + a_offset(row, chunk);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(fa[i][0]), "=r"(fa[i][1]), "=r"(fa[i][2]), "=r"(fa[i][3])
                     : "r"(addr));
      }
      for (int j = 0; j < 2; j++) { // k rows kk*16 + lane%16, columns wn*32+j*16 + (lane/16)*8
        int row = kk * 16 + lane % 16, chunk = wn * 4 + j * 2 + lane / 16;
        unsigned addr = sb0 + stage * sizeof sb[0] + b_offset(row, chunk);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(fb[j][0]), "=r"(fb[j][1]), "=r"(fb[j][2]), "=r"(fb[j][3])
                     : "r"(addr));
      }
      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 4; j++) {
          float *d = acc[i][j];
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
                       "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                       : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                       : "r"(fa[i][0]), "r"(fa[i][1]), "r"(fa[i][2]), "r"(fa[i][3]),
                         "r"(fb[j / 2][(j % 2) * 2]), "r"(fb[j / 2][(j % 2) * 2 + 1]));
        }
    }
  }
  asm volatile("cp.async.wait_group 0;\n" ::);
  const int g = lane / 4, t = lane % 4;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 4; j++) {
      float *row0 = c + (wm * 32 + i * 16 + g) * 64 + wn * 32 + j * 8 + t * 2;
      *(float2 *)row0 = make_float2(acc[i][j][0], acc[i][j][1]);
      *(float2 *)(row0 + 8 * 64) = make_float2(acc[i][j][2], acc[i][j][3]);
    }
}
