// Sum of 2^20 floats, 256 threads per CTA: shared-memory tree down to a warp, then
// shuffles; one partial per CTA.  The simulator speed benchmark.
extern "C" __global__ void reduce(float *out, const float *x, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * 256 + threadIdx.x;
    s[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int w = 128; w >= 32; w /= 2) {
        if (threadIdx.x < w)
            s[threadIdx.x] += s[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x < 32) {
        float v = s[threadIdx.x];
        for (int o = 16; o > 0; o /= 2)
            v += __shfl_xor_sync(0xffffffffu, v, o);
        if (threadIdx.x == 0)
            out[blockIdx.x] = v;
    }
}
