/*
 * test_timing_sass.c -- the timing model costs machine instructions, not PTX ones: two
 * PTX files that ptxas assembles to the same SASS are modeled within 5% of each other
 * (sim/timing.c, "what ptxas makes of the PTX"; docs/timing.md, "Machine-level costs").
 *
 * The pairs are in tests/timing/sass/ (each file says where it comes from and what
 * ptxas 11.8 made of it, checked offline with its disassembler):
 *   - K1 as vptx and as nvcc compile it (the same 120 SASS instructions; nvcc's PTX has
 *     46 more instructions: bit-cast movs and immediates in registers);
 *   - an axpy loop written tidily and verbosely (parameters copied through registers,
 *     cvta.to.global, a bit-cast round trip, the predicate through selp/setp);
 *   - a guarded store next to the same store behind a short branch, with a load offset
 *     folded into [R+16] next to the same offset in its own add.
 * Compared: the kernel's modeled cycles without the launch overhead, on both GPUs.
 * Before the machine-level costs K1's pair was 19% apart on the A100 model.
 */
#include "tests/sim/simtest.h"

#include <math.h>

typedef struct {
    const char *a, *b, *entry;
    unsigned block;
    int nbuf;       /* buffers of 4-byte elements, then the scalars */
    unsigned elems; /* per buffer */
    int nscal;      /* u32 scalars (an f32 one is given as its bits) */
    uint32_t scal[2];
} SassPair;

static const SassPair pairs[] = {
    { "k1_reduce.vptx.ptx", "k1_reduce.nvcc.ptx", "k1_reduce", 64, 2, 8 * 64, 0, { 0 } },
    { "axpy.tidy.ptx", "axpy.verbose.ptx", "axpy", 256, 2, 16384, 2, { 0x3fc00000, 16384 } },
    { "posmax.guarded.ptx", "posmax.branch.ptx", "posmax", 256, 2, 16384 + 4, 1, { 16384 } },
};

static double
modeled(const char *dir, const char *file, const SassPair *p, const char *gpu)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    char *ptx = read_file(path);
    CHECK(ptx, "cannot read %s", path);
    if (!ptx)
        return -1;
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, p->entry);
    double body = -1;
    if (f) {
        SimDevPtr buf[2];
        void *params[4];
        size_t bytes = (size_t)p->elems * 4;
        float *fill = malloc(bytes);
        for (unsigned i = 0; i < p->elems; i++) /* both signs, no NaN */
            fill[i] = (float)((int)(i * 37 % 101) - 50) / 8;
        for (int i = 0; i < p->nbuf; i++) {
            sim_mem_alloc(ctx, &buf[i], bytes);
            sim_memcpy_htod(ctx, buf[i], fill, bytes);
            params[i] = &buf[i];
        }
        free(fill);
        uint32_t scal[2];
        for (int i = 0; i < p->nscal; i++) {
            scal[i] = p->scal[i];
            params[p->nbuf + i] = &scal[i];
        }
        sim_set_timing(ctx, gpu);
        SimTiming t;
        if (sim_launch(f, 1, 1, 1, p->block, 1, 1, 0, params) == SIM_OK &&
            sim_timing(ctx, &t) == SIM_OK)
            body = (double)t.cycles - (double)t.bound[SIM_LIM_LAUNCH];
        else
            CHECK(0, "%s on %s: %s", file, gpu, sim_error(ctx));
    }
    sim_destroy(ctx);
    free(ptx);
    return body;
}

int
main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/timing/sass";
    static const char *const gpus[] = { "a100", "h100" };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        for (int g = 0; g < 2; g++) {
            const SassPair *p = &pairs[i];
            double a = modeled(dir, p->a, p, gpus[g]), b = modeled(dir, p->b, p, gpus[g]);
            if (a <= 0 || b <= 0)
                continue;
            double d = fabs(a - b) / fmin(a, b);
            if (getenv("TIMING_SASS_TABLE"))
                printf("%s %-20s %-20s %8.0f %8.0f cycles  %.1f%% apart\n", gpus[g], p->a, p->b, a,
                       b, 100 * d);
            CHECK(d <= 0.05, "%s: %s %.0f cycles vs %s %.0f cycles: %.1f%% apart (want <= 5%%)",
                  gpus[g], p->a, a, p->b, b, 100 * d);
        }
    if (failures)
        printf("%d failure(s)\n", failures);
    return failures != 0;
}
