// atomics.cu -- shared and global atomics: a histogram, max, a CAS loop
// (float max) and a wrapping counter.
extern "C" __global__ void atomics(unsigned *hist, int *imax, float *fmax, unsigned *wrap,
                                   const int *in, int n)
{
    __shared__ unsigned local[16];
    if (threadIdx.x < 16)
        local[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = in[i];
        atomicAdd(&local[v & 15], 1u);
        atomicMax(imax, v);
        float f = (float)v * 0.5f;
        int *addr = (int *)fmax;
        int old = *addr, assumed;
        do {
            assumed = old;
            if (__int_as_float(assumed) >= f)
                break;
            old = atomicCAS(addr, assumed, __float_as_int(f));
        } while (old != assumed);
        atomicInc(wrap, 99u);
    }
    __syncthreads();
    if (threadIdx.x < 16)
        atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}
