// pairs.cu -- kernel pairs whose order on real hardware follows from first principles,
// for the timing model's validation (tests/unit/test_timing_pairs.c, make bench, and
// tests/gpu/timing_calib.c on a GPU).  Built with
//     nvcc -ptx -arch=sm_80 -O3 tests/timing/pairs.cu -o tests/timing/pairs.ptx
// (tests/timing/regen.sh); the PTX is shipped so the tests run without nvcc.
//
// Each pair: the first kernel should be the faster one.
//   copy_coalesced   / copy_strided        consecutive lanes, consecutive words; or 32 words apart
//   transpose_padded / transpose_conflict  32x33 vs 32x32 shared tile (column reads conflict)
//   atomic_warp      / atomic_contended    one atomicAdd per warp vs one per thread, one address
//   gemm_tiled       / gemm_naive          16x16 shared-memory tiles vs straight from global
//   branch_uniform   / branch_divergent    the branch splits warps apart or not
//   fma_chain (16 warps/SM) / fma_chain (1 warp/SM)   latency hidden or not (per FMA)
//   cpasync_pipelined / cpasync_serial     next tile's cp.async in flight during compute
//   gemm_mma         / gemm_fma            mma.sync.m16n8k16 vs FMAs for one 16x8 tile a warp
#include <cuda_fp16.h>
#include <cuda_pipeline.h>

extern "C" __global__ void copy_coalesced(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}

// the same words, visited column-wise through an (n/32) x 32 view: consecutive lanes
// touch words 32 apart (one 32-byte sector each, 4 of its 32 bytes used)
extern "C" __global__ void copy_strided(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, rows = n / 32;
    int j = (i % rows) * 32 + i / rows;
    if (j < n)
        out[j] = in[j];
}

#define TILE 32
extern "C" __global__ void transpose_padded(float *out, const float *in, int n)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    for (int k = 0; k < TILE; k += 8)
        tile[threadIdx.y + k][threadIdx.x] = in[(y + k) * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int k = 0; k < TILE; k += 8)
        out[(y + k) * n + x] = tile[threadIdx.x][threadIdx.y + k];
}

extern "C" __global__ void transpose_conflict(float *out, const float *in, int n)
{
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    for (int k = 0; k < TILE; k += 8)
        tile[threadIdx.y + k][threadIdx.x] = in[(y + k) * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int k = 0; k < TILE; k += 8)
        out[(y + k) * n + x] = tile[threadIdx.x][threadIdx.y + k];
}

extern "C" __global__ void atomic_warp(unsigned *count, const unsigned *flags, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = i < n ? flags[i] : 0;
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(count, v);
}

extern "C" __global__ void atomic_contended(unsigned *count, const unsigned *flags, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(count, flags[i]);
}

// c = a * b, all n x n row-major, n a multiple of 16; block 16x16
extern "C" __global__ void gemm_tiled(float *c, const float *a, const float *b, int n)
{
    __shared__ float as[16][16], bs[16][16];
    int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
    float acc = 0;
    for (int k0 = 0; k0 < n; k0 += 16) {
        as[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
        bs[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < 16; k++)
            acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = acc;
}

extern "C" __global__ void gemm_naive(float *c, const float *a, const float *b, int n)
{
    int row = blockIdx.x * 16 + threadIdx.x, col = blockIdx.y * 16 + threadIdx.y;
    float acc = 0;
    for (int k = 0; k < n; k++)
        acc += a[row * n + k] * b[k * n + col];
    c[row * n + col] = acc;
}

__device__ float work(float x, int iters)
{
    for (int k = 0; k < iters; k++)
        x = x * 0.999f + 0.5f;
    return x;
}

extern "C" __global__ void branch_uniform(float *out, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = (float)i;
    if ((threadIdx.x / 32) & 1)
        x = work(x, iters);
    else
        x = work(x + 1.0f, iters) * 2.0f;
    out[i] = x;
}

extern "C" __global__ void branch_divergent(float *out, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = (float)i;
    if (threadIdx.x & 1)
        x = work(x, iters);
    else
        x = work(x + 1.0f, iters) * 2.0f;
    out[i] = x;
}

extern "C" __global__ void fma_chain(float *out, float a, float b, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = (float)i;
    for (int k = 0; k < iters; k++) {
        x = fmaf(x, a, b);
        x = fmaf(x, a, b);
        x = fmaf(x, a, b);
        x = fmaf(x, a, b);
    }
    out[i] = x;
}

// each block sums `tiles` tiles of 256 floats (block 256): cp.async into shared memory
#define CT 256
extern "C" __global__ void cpasync_serial(float *out, const float *in, int tiles)
{
    __shared__ float buf[CT];
    const float *src = in + (size_t)blockIdx.x * tiles * CT;
    float acc = 0;
    for (int t = 0; t < tiles; t++) {
        __pipeline_memcpy_async(&buf[threadIdx.x], &src[t * CT + threadIdx.x], 4);
        __pipeline_commit();
        __pipeline_wait_prior(0);
        __syncthreads();
        acc += buf[(threadIdx.x * 7) % CT];
        __syncthreads();
    }
    out[blockIdx.x * CT + threadIdx.x] = acc;
}

extern "C" __global__ void cpasync_pipelined(float *out, const float *in, int tiles)
{
    __shared__ float buf[4][CT];
    const float *src = in + (size_t)blockIdx.x * tiles * CT;
    float acc = 0;
    for (int s = 0; s < 3 && s < tiles; s++) {
        __pipeline_memcpy_async(&buf[s][threadIdx.x], &src[s * CT + threadIdx.x], 4);
        __pipeline_commit();
    }
    for (int t = 0; t < tiles; t++) {
        if (t + 3 < tiles)
            __pipeline_memcpy_async(&buf[(t + 3) % 4][threadIdx.x], &src[(t + 3) * CT + threadIdx.x], 4);
        __pipeline_commit();
        __pipeline_wait_prior(3);
        __syncthreads();
        acc += buf[t % 4][(threadIdx.x * 7) % CT];
        __syncthreads();
    }
    out[blockIdx.x * CT + threadIdx.x] = acc;
}

// one warp per 16x8 tile of c (f32) = a (16 x k, f16 row-major) * b (k x 8, f16 col-major,
// i.e. b^T row-major): the fragments of mma.sync.m16n8k16 read straight from global
extern "C" __global__ void gemm_mma(float *c, const __half *a, const __half *bt, int k)
{
    int lane = threadIdx.x & 31, tile = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    const __half *at = a + (size_t)tile * 16 * k, *bb = bt + (size_t)tile * 8 * k;
    int g = lane / 4, q = lane % 4;
    float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    for (int k0 = 0; k0 < k; k0 += 16) {
        unsigned a0 = *(const unsigned *)&at[g * k + k0 + q * 2];
        unsigned a1 = *(const unsigned *)&at[(g + 8) * k + k0 + q * 2];
        unsigned a2 = *(const unsigned *)&at[g * k + k0 + q * 2 + 8];
        unsigned a3 = *(const unsigned *)&at[(g + 8) * k + k0 + q * 2 + 8];
        unsigned b0 = *(const unsigned *)&bb[g * k + k0 + q * 2];
        unsigned b1 = *(const unsigned *)&bb[g * k + k0 + q * 2 + 8];
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
                     "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    }
    float *ct = c + (size_t)tile * 16 * 8;
    ct[g * 8 + q * 2] = d0;
    ct[g * 8 + q * 2 + 1] = d1;
    ct[(g + 8) * 8 + q * 2] = d2;
    ct[(g + 8) * 8 + q * 2 + 1] = d3;
}

// the same tiles with FMAs: lane computes 4 of the 128 outputs of its warp's tile
extern "C" __global__ void gemm_fma(float *c, const __half *a, const __half *bt, int k)
{
    int lane = threadIdx.x & 31, tile = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    const __half *at = a + (size_t)tile * 16 * k, *bb = bt + (size_t)tile * 8 * k;
    int g = lane / 4, q = lane % 4;
    float d[4] = { 0, 0, 0, 0 };
    for (int kk = 0; kk < k; kk++) {
        float x0 = __half2float(at[g * k + kk]), x1 = __half2float(at[(g + 8) * k + kk]);
        float y0 = __half2float(bb[(q * 2) * k + kk]), y1 = __half2float(bb[(q * 2 + 1) * k + kk]);
        d[0] = fmaf(x0, y0, d[0]);
        d[1] = fmaf(x0, y1, d[1]);
        d[2] = fmaf(x1, y0, d[2]);
        d[3] = fmaf(x1, y1, d[3]);
    }
    float *ct = c + (size_t)tile * 16 * 8;
    ct[g * 8 + q * 2] = d[0];
    ct[g * 8 + q * 2 + 1] = d[1];
    ct[(g + 8) * 8 + q * 2] = d[2];
    ct[(g + 8) * 8 + q * 2 + 1] = d[3];
}
