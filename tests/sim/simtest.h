/*
 * simtest.h -- small helpers shared by tests/unit/test_sim_*.c: a failure
 * counter, CHECK macros that print one line per failed check, and wrappers
 * that load PTX text and launch a kernel with the sim host API.
 */
#ifndef TESTS_SIM_SIMTEST_H
#define TESTS_SIM_SIMTEST_H

#include "port.h" /* NAN the same under every compiler */
#include "sim/sim.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

/* The whole file at path, NUL-terminated and malloc'd; NULL if it cannot be read. */
static inline char *
read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

/* f32 -> f16 bits for values exactly representable as normal halves (or 0). */
static inline uint16_t
half_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    uint16_t s = (uint16_t)(u >> 16 & 0x8000);
    if ((u & 0x7fffffff) == 0)
        return s;
    int e = (int)(u >> 23 & 0xff) - 127 + 15;
    return (uint16_t)(s | (unsigned)e << 10 | (u >> 13 & 0x3ff));
}

/* Load ptx and look up entry; NULL (after a printed failure) on error. */
static inline SimFunc *
load_entry(SimCtx *ctx, const char *ptx, const char *entry)
{
    SimModule *m;
    SimFunc *f;
    if (sim_module_load(ctx, ptx, "test.ptx", &m) != SIM_OK) {
        printf("FAIL load: %s\n", sim_error(ctx));
        failures++;
        return NULL;
    }
    if (sim_module_get_function(m, entry, &f) != SIM_OK) {
        printf("FAIL entry: %s\n", sim_error(ctx));
        failures++;
        return NULL;
    }
    return f;
}

static inline SimDevPtr
dev_upload(SimCtx *ctx, const void *host, size_t bytes)
{
    SimDevPtr p = 0;
    if (sim_mem_alloc(ctx, &p, bytes) != SIM_OK || sim_memcpy_htod(ctx, p, host, bytes) != SIM_OK) {
        printf("FAIL alloc: %s\n", sim_error(ctx));
        failures++;
    }
    return p;
}

static inline void
dev_download(SimCtx *ctx, void *host, SimDevPtr p, size_t bytes)
{
    if (sim_memcpy_dtoh(ctx, host, p, bytes) != SIM_OK) {
        printf("FAIL download: %s\n", sim_error(ctx));
        failures++;
    }
}

/* Launch and expect success; prints the error otherwise. */
static inline int
launch_ok(SimCtx *ctx, SimFunc *f, unsigned gx, unsigned bx, unsigned shared, void **params)
{
    if (!f)
        return -1;
    SimResult r = sim_launch(f, gx, 1, 1, bx, 1, 1, shared, params);
    if (r != SIM_OK) {
        printf("FAIL launch: %s: %s\n", sim_result_name(r), sim_error(ctx));
        failures++;
        return -1;
    }
    return 0;
}

/* Launch and expect a fault whose message contains want. */
static inline void
launch_fails(SimCtx *ctx, SimFunc *f, unsigned gx, unsigned bx, void **params, const char *want)
{
    if (!f)
        return;
    SimResult r = sim_launch(f, gx, 1, 1, bx, 1, 1, 0, params);
    if (r == SIM_OK || !strstr(sim_error(ctx), want)) {
        printf("FAIL expected a fault with '%s', got %s: %s\n", want, sim_result_name(r),
               sim_error(ctx));
        failures++;
    }
}

static inline int
test_exit(const char *name)
{
    if (failures)
        printf("%s: %d failed checks\n", name, failures);
    return failures ? 1 : 0;
}

#endif
