// barpartial.cu -- named barriers with thread counts: threads 0-63 exchange
// through shared memory with `bar.sync 1, 64` while threads 64-127 do the
// same with `bar.sync 2, 64`; nobody waits for the other group.
extern "C" __global__ void groups(int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = t * t;
    if (t < 64) {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        out[t] = s[63 - t] + 1;
    } else {
        asm volatile("bar.sync 2, 64;" ::: "memory");
        out[t] = s[191 - t] + 2;
    }
}
