// 128x128x64 f16 GEMM with ldmatrix + mma.sync, 4 warps per CTA: the simulator speed benchmark.
extern "C" __global__ void gemm4(float *C, const unsigned short *A, const unsigned short *B, int M, int N, int K)
{
    __shared__ __align__(16) unsigned short sA[4][16 * 16];
    __shared__ __align__(16) unsigned short sB[4][16 * 8];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    int m0 = blockIdx.y * 32 + (warp / 2) * 16, n0 = blockIdx.x * 16 + (warp % 2) * 8;
    float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int e = lane; e < 256; e += 32) sA[warp][e] = A[(m0 + e / 16) * K + k0 + e % 16];
        for (int e = lane; e < 128; e += 32) sB[warp][e] = B[(k0 + e / 8) * N + n0 + e % 8];
        __syncwarp();
        unsigned a0, a1, a2, a3, b0, b1;
        unsigned pa = (unsigned)__cvta_generic_to_shared(&sA[warp][(lane % 16) * 16 + 8 * (lane / 16)]);
        unsigned pb = (unsigned)__cvta_generic_to_shared(&sB[warp][(lane % 16) * 8]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];\n" : "=r"(b0), "=r"(b1) : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        __syncwarp();
    }
    int g = lane >> 2, t = lane & 3;
    C[(m0 + g) * N + n0 + 2 * t] = d0; C[(m0 + g) * N + n0 + 2 * t + 1] = d1;
    C[(m0 + g + 8) * N + n0 + 2 * t] = d2; C[(m0 + g + 8) * N + n0 + 2 * t + 1] = d3;
}
