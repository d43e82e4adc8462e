/*
 * test_sim_hopper_nvcc.c -- the simulator runs sm_90a PTX written by nvcc:
 * nvcc -ptx -arch=sm_90a builds tests/sim/hopper_gemm.cu (TMA with 128B
 * swizzle -> mbarrier -> wgmma.m64n64k16 with an MN-major B -> fragment
 * stores) at test time; the simulator runs it on pseudo-random data with
 * host-encoded tensor maps passed by value, and a C GEMM checks the result
 * exactly (the inputs are small multiples of 1/8, so every sum is exact).
 * Exits 77 ("SKIP") when nvcc is not installed or cannot target sm_90a.
 * Run from the repository root.
 */
#include "tests/sim/simtest.h"

#include <unistd.h>

static uint32_t seed = 90;

static int
small(void)
{
    seed = seed * 1664525u + 1013904223u;
    return (int)(seed >> 8) % 17 - 8;
}

static void
test_gemm(const char *ptx)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "hopper_gemm");
    static float Af[64][64], Bf[64][64], D[64][64];
    static uint16_t A[64][64], B[64][64];
    for (int i = 0; i < 64; i++)
        for (int k = 0; k < 64; k++) {
            Af[i][k] = (float)small() / 8;
            A[i][k] = half_of(Af[i][k]);
            Bf[i][k] = (float)small() / 4; /* B[k][n] */
            B[i][k] = half_of(Bf[i][k]);
        }
    SimDevPtr dA = dev_upload(ctx, A, sizeof A), dB = dev_upload(ctx, B, sizeof B),
              dD = dev_upload(ctx, D, sizeof D);
    SimTensorMap ta, tb;
    uint64_t dim[2] = { 64, 64 }, stride[1] = { 128 };
    uint32_t box[2] = { 64, 64 }, es[2] = { 1, 1 };
    CHECK(sim_tensor_map_encode_tiled(&ta, SIM_TMAP_FLOAT16, 2, dA, dim, stride, box, es, 0,
                                      SIM_TMAP_SWIZZLE_128B, 0, 0) == SIM_OK &&
              sim_tensor_map_encode_tiled(&tb, SIM_TMAP_FLOAT16, 2, dB, dim, stride, box, es, 0,
                                          SIM_TMAP_SWIZZLE_128B, 0, 0) == SIM_OK,
          "encode maps");
    void *params[] = { &ta, &tb, &dD };
    if (launch_ok(ctx, f, 1, 128, 0, params) == 0) {
        dev_download(ctx, D, dD, sizeof D);
        unsigned bad = 0;
        for (int i = 0; i < 64; i++)
            for (int j = 0; j < 64; j++) {
                double want = 0;
                for (int k = 0; k < 64; k++)
                    want += (double)Af[i][k] * Bf[k][j];
                if (D[i][j] != (float)want && bad++ < 4)
                    printf("FAIL hopper_gemm D[%d][%d] = %g, want %g\n", i, j, D[i][j], want);
            }
        CHECK(bad == 0, "hopper_gemm: %u wrong elements", bad);
    }
    sim_destroy(ctx);
}

int
main(void)
{
    static const char *const candidates[] = { "/usr/local/cuda/bin/nvcc", "/usr/bin/nvcc" };
    const char *nvcc = NULL;
    for (size_t i = 0; i < 2 && !nvcc; i++)
        if (access(candidates[i], X_OK) == 0)
            nvcc = candidates[i];
    if (!nvcc) {
        printf("SKIP: nvcc not found\n");
        return 77;
    }
    char out[96], cmd[512];
    snprintf(out, sizeof out, "/tmp/vptx_sim_hopper_nvcc_%ld.ptx", (long)getpid());
    snprintf(cmd, sizeof cmd, "%s -ptx -arch=sm_90a tests/sim/hopper_gemm.cu -o %s", nvcc, out);
    if (system(cmd) != 0) {
        remove(out);
        printf("SKIP: %s failed (no sm_90a support?)\n", cmd);
        return 77;
    }
    char *ptx = read_file(out);
    remove(out);
    CHECK(ptx != NULL, "reading %s", out);
    if (ptx)
        test_gemm(ptx);
    free(ptx);
    return test_exit("test_sim_hopper_nvcc");
}
