// divergent.cu -- per-thread trip counts, early returns, break and continue
// (Collatz step counts with a cap), plus a warp vote and ballot afterwards
// among the threads that did not return.
extern "C" __global__ void collatz(int *steps, unsigned *ballots, const int *start, int n, int cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    long long x = start[i];
    if (x <= 0) {
        steps[i] = -1;
        return;
    }
    int s = 0;
    while (x != 1) {
        if (s >= cap)
            break;
        s++;
        if (x & 1) {
            x = 3 * x + 1;
            continue;
        }
        x >>= 1;
    }
    steps[i] = s;
    unsigned active = __activemask();
    unsigned b = __ballot_sync(active, s > 10);
    if ((threadIdx.x & 31) == __ffs(active) - 1)
        ballots[i >> 5] = b;
}
