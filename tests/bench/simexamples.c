/*
 * simexamples.c -- `make bench` section simspeed: how long sim/ takes to run the
 * examples' kernels (vptx's PTX of examples/NAME.mlir), launch by launch, without the
 * compile and the reference interpreter around them.  Every .u64 parameter gets its
 * own buffer of BUF bytes of 0x30..0x3f (as f16 and f32: finite values of moderate size,
 * varying from element to element); one workgroup of the .reqntid block.
 * Usage: simexamples LAUNCHES FILE.ptx...   prints a line per kernel: its name, the CPU
 * seconds of LAUNCHES launches (the fastest of 5 rounds), the thread instructions of a round, and
 * a hash of its buffers and its sector/wavefront counts (to compare two simulators by).
 */
#include "sim/sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tests/unit/files.h"

#define BUF    (1u << 20)
#define ROUNDS 5

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); /* CPU time: the 2-core machine is shared */
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One kernel: 1 when it ran every launch. */
static int
bench(const char *path, int launches)
{
    char *text = read_file(path, &(size_t){ 0 });
    if (!text) {
        fprintf(stderr, "simexamples: cannot read %s\n", path);
        return 0;
    }
    char entry[128] = "", *e = strstr(text, ".entry ");
    unsigned block[3] = { 1, 1, 1 };
    char *r = strstr(text, ".reqntid");
    if (e)
        sscanf(e + 7, "%127[A-Za-z0-9_$]", entry);
    if (r)
        sscanf(r + 8, "%u , %u , %u", &block[0], &block[1], &block[2]);
    SimCtx *c = sim_create();
    SimModule *m;
    SimFunc *f;
    int ok = 0;
    if (!c || sim_module_load(c, text, path, &m) != SIM_OK ||
        sim_module_get_function(m, entry, &f) != SIM_OK) {
        fprintf(stderr, "simexamples: %s: %s\n", path, c ? sim_error(c) : "out of memory");
        goto done;
    }
    int n = sim_func_param_count(f);
    SimDevPtr ptrs[16];
    void *params[16];
    if (n > 16)
        goto done;
    unsigned char *fill = malloc(BUF);
    for (size_t k = 0; fill && k < BUF; k++)
        fill[k] = (unsigned char)(0x30 + (k * 7 + k / 4096) % 16);
    for (int i = 0; i < n; i++) {
        if (!fill || sim_mem_alloc(c, &ptrs[i], BUF) != SIM_OK ||
            sim_memcpy_htod(c, ptrs[i], fill, BUF) != SIM_OK) {
            free(fill);
            goto done;
        }
        params[i] = &ptrs[i];
    }
    free(fill);
    unsigned long long instructions = 0;
    double secs = 1e30;
    for (int round = 0; round < ROUNDS; round++) { /* the fastest round: the least disturbed */
        double t0 = now();
        instructions = 0;
        for (int i = 0; i < launches; i++) {
            if (sim_launch(f, 1, 1, 1, block[0], block[1], block[2], 0, params) != SIM_OK) {
                fprintf(stderr, "simexamples: %s: %s\n", path, sim_error(c));
                goto done;
            }
            SimStats st;
            sim_stats(c, &st);
            instructions += st.instructions;
        }
        double t = now() - t0;
        secs = t < secs ? t : secs;
    }
    /* what the kernel wrote and what it counted, to compare two simulators by */
    SimStats st;
    sim_stats(c, &st);
    uint64_t h = 1469598103934665603ull;
    unsigned char *buf = malloc(BUF);
    for (int i = 0; buf && i < n; i++)
        if (sim_memcpy_dtoh(c, buf, ptrs[i], BUF) == SIM_OK)
            for (size_t k = 0; k < BUF; k++)
                h = (h ^ buf[k]) * 1099511628211ull;
    free(buf);
    printf("%s %.5f %llu out=%016llx gsec=%llu/%llu min=%llu/%llu bytes=%llu/%llu swf=%llu/%llu "
           "min=%llu/%llu\n",
           entry, secs, instructions, (unsigned long long)h,
           (unsigned long long)st.global_ld_sectors, (unsigned long long)st.global_st_sectors,
           (unsigned long long)st.global_ld_sectors_min,
           (unsigned long long)st.global_st_sectors_min, (unsigned long long)st.global_ld_bytes,
           (unsigned long long)st.global_st_bytes, (unsigned long long)st.shared_ld_wavefronts,
           (unsigned long long)st.shared_st_wavefronts,
           (unsigned long long)st.shared_ld_wavefronts_min,
           (unsigned long long)st.shared_st_wavefronts_min);
    ok = 1;
done:
    sim_destroy(c);
    free(text);
    return ok;
}

int
main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: simexamples LAUNCHES FILE.ptx...\n");
        return 2;
    }
    int launches = atoi(argv[1]), ok = 1;
    for (int i = 2; i < argc; i++)
        ok &= bench(argv[i], launches);
    return ok ? 0 : 1;
}
