// calib.cu -- this project's own kernels for the calibration cases that CI can run
// (tests/unit/test_timing_calib.c; docs/timing.md, "Calibration"): each stands in for a
// class of kernel whose throughput on a part has been measured and published.
//     nvcc -ptx -arch=sm_80 -O3 tests/timing/calib.cu -o tests/timing/calib.ptx
// (tests/timing/regen.sh); the PTX is shipped so the tests run without nvcc.
//
//   copy4     a device copy, 16 bytes a thread: the class of the A100's measured device
//             copy bandwidth
//   read_sum  a streaming read reduction: each thread sums 16 int4 words spread a CTA
//             apart, the warp sums with shuffles and lane 0 adds to *out: the class of
//             the H100's measured reduction bandwidth
//   attn_like tensor work with one ex2 per 512 of its FMAs, as a flash attention's
//             softmax has (head dimension 256): the attention class, whose best published
//             throughput caps the model

#include <cuda_fp16.h>

extern "C" __global__ void copy4(int4 *out, const int4 *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}

extern "C" __global__ void read_sum(const int4 *in, int *out, int n)
{
    unsigned i = blockIdx.x * 1024u * 16u + threadIdx.x;
    int s = 0;
#pragma unroll
    for (int k = 0; k < 16; k++) {
        if (i + k * 1024u < (unsigned)n) {
            int4 v = __ldcg(&in[i + k * 1024u]);
            s += v.x + v.y + v.z + v.w;
        }
    }
    for (int off = 16; off > 0; off >>= 1)
        s += __shfl_down_sync(0xffffffffu, s, off);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(out, s);
}

// iters x (8 mma.sync.m16n8k16 = 16384 f16 FMAs a warp, and an ex2 a lane = 32 a warp),
// the mma chains independent of the ex2 chain: tensor-bound
extern "C" __global__ void attn_like(float *out, int iters)
{
    unsigned a0 = 0x3c003c00u, a1 = a0, a2 = a0, a3 = a0, b0 = a0, b1 = a0;
    float c[8][4] = {};
    float e = threadIdx.x * 1e-3f;
    for (int it = 0; it < iters; it++) {
#pragma unroll
        for (int j = 0; j < 8; j++)
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
                         "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                         : "+f"(c[j][0]), "+f"(c[j][1]), "+f"(c[j][2]), "+f"(c[j][3])
                         : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("ex2.approx.f32 %0, %0;" : "+f"(e));
    }
    float s = e;
#pragma unroll
    for (int j = 0; j < 8; j++)
        s += c[j][0] + c[j][1] + c[j][2] + c[j][3];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
