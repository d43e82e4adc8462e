/*
 * fuzz_ptx.c -- fuzz target: the simulator's PTX parser and loader, and a
 * bounded launch of what loads.
 *
 * The input is PTX text.  sim_module_load must accept it or report an
 * error, never crash.  Each entry of a module that loads (the first two)
 * is then launched once on one CTA, with a budget of 20,000 instructions
 * (SIM_OPT_MAX_INSTRUCTIONS), so that no input can hang: the launch ends
 * normally or with a reported fault.  Pointer-sized parameters point into
 * one 64 KiB buffer; other scalars are small numbers; aggregates are zero.
 * A hash of the input picks the block size (32, 64, 96 or 128 threads).
 */
#include "tests/fuzz/fuzz.h"

#include "sim/sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const FuzzSeedDir fuzz_seed_dirs[] = {
    { "tests/lit", ".ptx" }, { "tests/golden", ".ptx" },
    { "examples", ".ptx" },  { "tests/fuzz/corpus/ptx", NULL },
    { NULL, NULL },
};

enum { MAX_PARAMS = 32, MAX_PARAM_BYTES = 1024, BUFFER_BYTES = 64 * 1024 };

static void
launch(SimFunc *f, SimDevPtr buf, unsigned threads)
{
    int n = sim_func_param_count(f);
    if (n < 0 || n > MAX_PARAMS)
        return;
    static _Alignas(64) unsigned char storage[MAX_PARAMS][MAX_PARAM_BYTES];
    void *params[MAX_PARAMS + 1];
    for (int i = 0; i < n; i++) {
        SimParamInfo info;
        if (sim_func_param_info(f, i, &info) != SIM_OK)
            fuzz_fail("sim_func_param_info(%d) fails below sim_func_param_count", i);
        if (info.size > MAX_PARAM_BYTES)
            return;
        unsigned char *p = storage[i];
        memset(p, 0, MAX_PARAM_BYTES);
        switch (info.kind) {
        case SIM_PARAM_U64:
        case SIM_PARAM_S64:
        case SIM_PARAM_B64:
            memcpy(p, &buf, sizeof buf);
            break;
        case SIM_PARAM_F32: {
            float one = 1.0f;
            memcpy(p, &one, sizeof one);
            break;
        }
        case SIM_PARAM_F64: {
            double one = 1.0;
            memcpy(p, &one, sizeof one);
            break;
        }
        case SIM_PARAM_BYTES:
            break;
        default:
            p[0] = 16; /* a small count or size (little-endian) */
            break;
        }
        params[i] = p;
    }
    params[n] = NULL;
    sim_launch(f, 1, 1, 1, threads, 1, 1, 0, params);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1); /* sim_module_load reads a C string */
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    unsigned hash = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < size; i++)
        hash = (hash ^ data[i]) * 16777619u;

    SimCtx *ctx = sim_create();
    if (!ctx)
        abort();
    sim_set_option(ctx, SIM_OPT_MAX_INSTRUCTIONS, 20000);
    SimModule *m = NULL;
    SimResult r = sim_module_load(ctx, text, "fuzz.ptx", &m);
    if (r == SIM_OK) {
        SimDevPtr buf = 0;
        if (sim_mem_alloc(ctx, &buf, BUFFER_BYTES) != SIM_OK)
            fuzz_fail("sim_mem_alloc: %s", sim_error(ctx));
        sim_memset_d8(ctx, buf, 0, BUFFER_BYTES);
        int entries = sim_module_entry_count(m);
        for (int i = 0; i < entries && i < 2; i++) {
            const char *name = sim_module_entry_name(m, i);
            SimFunc *f = NULL;
            if (!name || sim_module_get_function(m, name, &f) != SIM_OK)
                fuzz_fail("entry %d cannot be found by its name", i);
            launch(f, buf, 32 * (1 + hash % 4));
        }
        sim_module_unload(m);
    } else if (!sim_error(ctx)[0]) {
        fuzz_fail("sim_module_load failed (%s) without a message", sim_result_name(r));
    }
    sim_destroy(ctx);
    free(text);
    return 0;
}
