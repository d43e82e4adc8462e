/*
 * test_api_threads.c -- the C API (driver/vptx.h) is safe to call from several
 * threads at once: 4 threads compile the same kernels (SIMT-level goldens and
 * vector-level examples, through layout and distribute) again and again, and
 * every output must equal, byte for byte, what one thread produced alone.
 * Diagnostics too: a kernel with an error is in the set.
 *
 * Runs from the repository root (tests/run.sh does), reading the inputs there.
 */
#include "driver/vptx.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/files.h"

#define NTHREADS 4
#define ROUNDS   3

static const char *const inputs[] = {
    "tests/golden/k1_reduce.mlir", "tests/golden/k2_mma.mlir", "tests/golden/k3_exp.mlir",
    "examples/gemm64.mlir",        "examples/softmax.mlir",    "examples/reduce.mlir",
};
#define NINPUTS (sizeof inputs / sizeof inputs[0])

/* one extra input, compiled from memory: an error with a location */
static const char bad_kernel[] = "func.func @bad(%x: memref<4xf32>) {\n"
                                 "  %c = arith.constant 0 : index\n"
                                 "  %v = memref.load %x[%c] : memref<4xf32>\n"
                                 "  %w = arith.addf %v, %undefined : f32\n"
                                 "  return\n"
                                 "}\n";

typedef struct Output {
    int rc;
    char *text; /* PTX, or the rendered diagnostics after an error */
    size_t len;
} Output;

static char *texts[NINPUTS + 1];
static size_t lens[NINPUTS + 1];
static Output expected[NINPUTS + 1];

static const char *
name_of(size_t i)
{
    return i < NINPUTS ? inputs[i] : "bad.mlir";
}

static Output
compile(size_t i)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = "sm_80";
    VptxResult *r = NULL;
    Output o = { 0, NULL, 0 };
    o.rc = vptx_compile(name_of(i), texts[i], lens[i], &opt, &r);
    if (!r) {
        o.rc = -1;
        return o;
    }
    size_t n = 0;
    const char *s = o.rc == 0 ? vptx_result_output(r, &n) : vptx_result_diagnostics_text(r);
    if (o.rc != 0)
        n = strlen(s);
    o.text = malloc(n + 1);
    if (o.text) {
        memcpy(o.text, s, n);
        o.text[n] = 0;
        o.len = n;
    }
    /* structured diagnostics agree with the rendered text */
    if (o.rc != 0 && vptx_result_num_diagnostics(r) == 0)
        o.rc = -2;
    vptx_result_free(r);
    return o;
}

static void *
worker(void *arg)
{
    size_t start = (size_t)(uintptr_t)arg, failures = 0;
    for (int round = 0; round < ROUNDS; round++)
        for (size_t k = 0; k <= NINPUTS; k++) {
            size_t i = (start + k) % (NINPUTS + 1); /* threads start at different inputs */
            Output o = compile(i);
            if (o.rc != expected[i].rc || o.len != expected[i].len ||
                (o.len && memcmp(o.text, expected[i].text, o.len) != 0)) {
                fprintf(stderr,
                        "thread %zu round %d: %s differs from the single-threaded "
                        "compile (rc %d vs %d, %zu vs %zu bytes)\n",
                        start, round, name_of(i), o.rc, expected[i].rc, o.len, expected[i].len);
                failures++;
            }
            free(o.text);
        }
    return (void *)(uintptr_t)failures;
}

int
main(void)
{
    for (size_t i = 0; i < NINPUTS; i++) {
        texts[i] = read_file(inputs[i], &lens[i]);
        if (!texts[i]) {
            fprintf(stderr, "cannot read %s (run from the repository root)\n", inputs[i]);
            return 1;
        }
    }
    texts[NINPUTS] = strdup(bad_kernel);
    lens[NINPUTS] = strlen(bad_kernel);
    int failures = 0;
    for (size_t i = 0; i <= NINPUTS; i++) {
        expected[i] = compile(i);
        bool should_fail = i == NINPUTS;
        if ((expected[i].rc != 0) != should_fail || !expected[i].text) {
            fprintf(stderr, "%s: single-threaded compile gave rc %d%s%s\n", name_of(i),
                    expected[i].rc, expected[i].text ? ":\n" : "",
                    expected[i].text ? expected[i].text : "");
            failures++;
        }
    }
    if (!strstr(expected[NINPUTS].text ? expected[NINPUTS].text : "", "bad.mlir:4:")) {
        fprintf(stderr, "the error of bad.mlir is not located at line 4:\n%s\n",
                expected[NINPUTS].text ? expected[NINPUTS].text : "");
        failures++;
    }
    pthread_t t[NTHREADS];
    for (size_t i = 0; i < NTHREADS; i++)
        if (pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)i) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    for (size_t i = 0; i < NTHREADS; i++) {
        void *r;
        pthread_join(t[i], &r);
        failures += (int)(uintptr_t)r;
    }
    for (size_t i = 0; i <= NINPUTS; i++) {
        free(texts[i]);
        free(expected[i].text);
    }
    if (failures) {
        fprintf(stderr, "test_api_threads: %d failures\n", failures);
        return 1;
    }
    printf("test_api_threads: %zu kernels x %d rounds x %d threads, all identical\n", NINPUTS + 1,
           ROUNDS, NTHREADS);
    return 0;
}
