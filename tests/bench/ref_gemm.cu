// ref_gemm.cu -- a CUTLASS-style reference for examples/gemm.mlir (tests/bench/staging.sh).
//
// C[M x N] (f32) = A[M x K] * B[K x N] (f16, row-major), the same tile as vptx's
// example: 128x128 per CTA, K in steps of 32, 8 warps in a 2 (M) x 4 (N) grid of
// 64x32 warp tiles.  Inline PTX for the tensor-core path, as CUTLASS's sm80
// mainloop: 16-byte cp.async.cg with src-size zero fill at the edges, a 3-stage
// multibuffer (wait_group 1, one __syncthreads per iteration), XOR-swizzled shared
// memory, ldmatrix.x4 (A) / ldmatrix.x4.trans (B), fragments double-buffered across
// the two k16 steps of a tile, mma.sync m16n8k16.  K and N must be multiples of 8.
//
// Built with: nvcc -arch=sm_80 -ptx -O3 ref_gemm.cu -o ref_gemm.ptx (the PTX is shipped).

#define BM 128
#define BN 128
#define BK 32
#define STAGES 3

__device__ __forceinline__ unsigned smem_u32(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}

__device__ __forceinline__ void cp_async16(unsigned dst, const void *src, int bytes)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(src), "r"(bytes));
}

// A tile: 128 rows x 4 chunks (64 bytes); swizzle chunk ^ ((row / 2) % 4).
__device__ __forceinline__ int a_off(int row, int chunk)
{
    return row * BK + ((chunk ^ ((row >> 1) & 3)) << 3);
}

// B tile: 32 rows x 16 chunks (256 bytes); swizzle chunk ^ (row % 8) on the low 3 bits.
__device__ __forceinline__ int b_off(int row, int chunk)
{
    return row * BN + ((chunk ^ (row & 7)) << 3);
}

extern "C" __global__ void __launch_bounds__(256) ref_gemm(const unsigned short *A,
                                                            const unsigned short *B, float *C,
                                                            int M, int N, int K)
{
    __shared__ __align__(128) unsigned short sA[STAGES][BM * BK];
    __shared__ __align__(128) unsigned short sB[STAGES][BK * BN];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    int wm = (warp >> 2) * 64, wn = (warp & 3) * 32;
    int ktiles = (K + BK - 1) / BK;

    auto load_tile = [&](int stage, int kt) {
        int k0 = kt * BK;
#pragma unroll
        for (int i = 0; i < 2; i++) { // A: 512 chunks, 2 per thread
            int q = tid + i * 256, row = q >> 2, chunk = q & 3;
            int gr = m0 + row, gc = k0 + chunk * 8;
            int left = K - gc;
            int bytes = gr < M ? (left >= 8 ? 16 : left > 0 ? left * 2 : 0) : 0;
            const unsigned short *src = bytes ? A + (size_t)gr * K + gc : A;
            cp_async16(smem_u32(&sA[stage][a_off(row, chunk)]), src, bytes);
        }
#pragma unroll
        for (int i = 0; i < 2; i++) { // B: 512 chunks, 2 per thread
            int q = tid + i * 256, row = q >> 4, chunk = q & 15;
            int gr = k0 + row, gc = n0 + chunk * 8;
            int left = N - gc;
            int bytes = gr < K ? (left >= 8 ? 16 : left > 0 ? left * 2 : 0) : 0;
            const unsigned short *src = bytes ? B + (size_t)gr * N + gc : B;
            cp_async16(smem_u32(&sB[stage][b_off(row, chunk)]), src, bytes);
        }
    };

    float acc[4][4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++)
#pragma unroll
            for (int r = 0; r < 4; r++)
                acc[i][j][r] = 0.f;

#pragma unroll
    for (int s = 0; s < STAGES - 1; s++) {
        if (s < ktiles)
            load_tile(s, s);
        asm volatile("cp.async.commit_group;\n" ::);
    }

    unsigned fa[2][4][4], fb[2][4][2];
    auto load_frags = [&](int stage, int kk, int buf) {
#pragma unroll
        for (int i = 0; i < 4; i++) { // 16x16 A blocks: lanes 0-15 rows, 16-31 the +8 column chunk
            int row = wm + i * 16 + (lane & 15), chunk = kk * 2 + (lane >> 4);
            unsigned p = smem_u32(&sA[stage][a_off(row, chunk)]);
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                         : "=r"(fa[buf][i][0]), "=r"(fa[buf][i][1]), "=r"(fa[buf][i][2]),
                           "=r"(fa[buf][i][3])
                         : "r"(p));
        }
#pragma unroll
        for (int j = 0; j < 2; j++) { // two n8 blocks per x4.trans: k rows 0-15, n chunks j*2, j*2+1
            int row = kk * 16 + (lane & 15), chunk = (wn >> 3) + j * 2 + (lane >> 4);
            unsigned p = smem_u32(&sB[stage][b_off(row, chunk)]);
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                         : "=r"(fb[buf][2 * j][0]), "=r"(fb[buf][2 * j][1]),
                           "=r"(fb[buf][2 * j + 1][0]), "=r"(fb[buf][2 * j + 1][1])
                         : "r"(p));
        }
    };

    for (int kt = 0; kt < ktiles; kt++) {
        int stage = kt % STAGES;
        asm volatile("cp.async.wait_group %0;\n" ::"n"(STAGES - 2));
        __syncthreads();
        int next = kt + STAGES - 1;
        if (next < ktiles)
            load_tile(next % STAGES, next);
        asm volatile("cp.async.commit_group;\n" ::);
        load_frags(stage, 0, 0);
#pragma unroll
        for (int kk = 0; kk < 2; kk++) {
            if (kk + 1 < 2)
                load_frags(stage, kk + 1, (kk + 1) & 1); // overlaps the mma of step kk
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++)
                    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                                 : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]),
                                   "+f"(acc[i][j][3])
                                 : "r"(fa[kk & 1][i][0]), "r"(fa[kk & 1][i][1]),
                                   "r"(fa[kk & 1][i][2]), "r"(fa[kk & 1][i][3]),
                                   "r"(fb[kk & 1][j][0]), "r"(fb[kk & 1][j][1]));
        }
    }
    asm volatile("cp.async.wait_group 0;\n" ::);

    int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++)
#pragma unroll
            for (int h = 0; h < 2; h++) {
                int r = m0 + wm + i * 16 + g + h * 8, c = n0 + wn + j * 8 + 2 * t;
                if (r < M && c + 1 < N) {
                    *(float2 *)&C[(size_t)r * N + c] = make_float2(acc[i][j][2 * h], acc[i][j][2 * h + 1]);
                } else if (r < M && c < N) {
                    C[(size_t)r * N + c] = acc[i][j][2 * h];
                }
            }
}
