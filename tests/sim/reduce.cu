// reduce.cu -- block sum with warp shuffles and shared memory (grid-stride
// input loop); checked by tests/unit/test_sim_nvcc.c.
extern "C" __global__ void reduce(float *out, const float *in, int n)
{
    __shared__ float warp_sums[32];
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        v += in[i];
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int nw = (blockDim.x + 31) >> 5;
        v = lane < nw ? warp_sums[lane] : 0.0f;
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_xor_sync(0xffffffffu, v, off);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}
