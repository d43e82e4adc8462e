/*
 * hopper_gemm.cu -- sm_90a kernel for tests/unit/test_sim_nvcc_sm90.c: two
 * 64x64 f16 tiles arrive by TMA (SWIZZLE_128B) on one mbarrier, four
 * wgmma.m64n64k16 compute D = A * B (A K-major, B given as [K][N] so
 * MN-major, tnspB = 1), and each thread stores its accumulator fragment
 * (ptx-sm90.md §4.4).  Built with nvcc -ptx -arch=sm_90a; all sm_90
 * instructions are inline PTX.
 */
#include <cuda.h>
#include <stdint.h>

extern "C" __global__ void __launch_bounds__(128)
    hopper_gemm(const __grid_constant__ CUtensorMap tmA, const __grid_constant__ CUtensorMap tmB,
                float *D)
{
    __shared__ alignas(1024) uint16_t sA[64 * 64];
    __shared__ alignas(1024) uint16_t sB[64 * 64];
    __shared__ alignas(8) uint64_t bar;
    unsigned t = threadIdx.x;
    unsigned a = (unsigned)__cvta_generic_to_shared(sA);
    unsigned b = (unsigned)__cvta_generic_to_shared(sB);
    unsigned mb = (unsigned)__cvta_generic_to_shared(&bar);
    if (t == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(mb));
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (t == 0) {
        asm volatile("prefetch.tensormap [%0];" ::"l"(&tmA) : "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 16384;" ::"r"(mb)
                     : "memory");
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::"
                     "bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(a),
                     "l"(&tmA), "r"(0), "r"(0), "r"(mb)
                     : "memory");
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::"
                     "bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(b),
                     "l"(&tmB), "r"(0), "r"(0), "r"(mb)
                     : "memory");
    }
    unsigned done = 0;
    while (!done)
        asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0;\n"
                     " selp.u32 %0, 1, 0, p;\n}"
                     : "=r"(done)
                     : "r"(mb)
                     : "memory");
    uint64_t da = (uint64_t)((a & 0x3FFFF) >> 4) | (1ull << 16) | (64ull << 32) | (1ull << 62);
    uint64_t db = (uint64_t)((b & 0x3FFFF) >> 4) | (512ull << 16) | (64ull << 32) | (1ull << 62);
    float d[32];
#pragma unroll
    for (int i = 0; i < 32; i++)
        d[i] = 0.0f;
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int k = 0; k < 4; k++) {
        uint64_t dak = da + 2 * k, dbk = db + 128 * k;
        asm volatile("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, 1, 1, "
                     "1, 0, 1;"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
                     : "l"(dak), "l"(dbk)
                     : "memory");
    }
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    unsigned w = t / 32, l = t % 32;
#pragma unroll
    for (int i = 0; i < 32; i++) {
        unsigned row = 16 * w + l / 4 + 8 * ((i >> 1) & 1);
        unsigned col = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
        D[row * 64 + col] = d[i];
    }
    __syncthreads();
    if (t == 0)
        asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(mb) : "memory");
}
