/*
 * test_api_robust.c -- the C API validates its arguments and never aborts
 * its host (issue 17, items 5 and 6).
 *
 * Arguments: NULL text with a length, NULL out, a SIZE_MAX length, NULL
 * arch, an out-of-range emit level: each gives a status and (where there is
 * a result) a diagnostic naming the argument, never a crash.
 *
 * Out of memory: for a few kernels (vector level through layout and
 * distribute, SIMT level, an error kernel) and every emit level, make the
 * Nth allocation fail for every N from 1 until a compile completes without
 * reaching N.  Each failing compile must return -1 or 1 with "out of memory"
 * among the diagnostics (or no result at all), and the one that completes
 * must equal the output of a compile with no failure.  ASan/LSan (make test)
 * turns any leak or use-after-free on these unwinding paths into a failure.
 *
 * Runs from the repository root (tests/run.sh does), reading the inputs there.
 */
#include "driver/vptx.h"
#include "ir/ir.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/files.h"
#include "tests/unit/unit.h"

static const char *const inputs[] = {
    "examples/reduce.mlir",
    "examples/softmax.mlir",
    "tests/golden/k2_mma.mlir",
    "examples/simt/k1_reduce.mlir",
};
#define NINPUTS (sizeof inputs / sizeof inputs[0])

static const char bad_kernel[] = "func.func @bad(%x: memref<4xf32>) {\n"
                                 "  %w = arith.addf %v, %undefined : f32\n"
                                 "  return\n"
                                 "}\n";

static bool
has_message(const VptxResult *r, const char *text)
{
    for (size_t i = 0; i < vptx_result_num_diagnostics(r); i++) {
        const VptxDiagnostic *dg = vptx_result_diagnostic(r, i);
        if (dg->message && strstr(dg->message, text))
            return true;
    }
    return false;
}

static void
test_arguments(void)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    vptx_options_init(NULL); /* no crash */
    VptxResult *r = NULL;

    CHECK(vptx_compile("k", "x", 1, &opt, NULL) == -1, "out = NULL must return -1");

    int rc = vptx_compile("k", NULL, 100, &opt, &r);
    CHECK(rc == 1 && r && has_message(r, "text is NULL but len is 100"),
          "NULL text with len 100: rc %d", rc);
    vptx_result_free(r);

    rc = vptx_compile("k", "func.func", SIZE_MAX, &opt, &r);
    CHECK(rc == 1 && r && has_message(r, "bytes (at most"), "len SIZE_MAX: rc %d", rc);
    vptx_result_free(r);

    rc = vptx_compile(NULL, NULL, 0, &opt, &r); /* empty input, no name: an empty module */
    CHECK(rc == 0 || rc == 1, "NULL text with len 0: rc %d", rc);
    vptx_result_free(r);

    opt.arch = NULL;
    rc = vptx_compile("k", bad_kernel, sizeof bad_kernel - 1, &opt, &r);
    CHECK(rc == 1 && has_message(r, "VptxOptions.arch is NULL"), "arch NULL: rc %d", rc);
    vptx_result_free(r);

    vptx_options_init(&opt);
    opt.emit = (VptxEmit)99;
    rc = vptx_compile("k", bad_kernel, sizeof bad_kernel - 1, &opt, &r);
    CHECK(rc == 1 && has_message(r, "VptxOptions.emit = 99: unknown output level"),
          "emit 99: rc %d", rc);
    vptx_result_free(r);

    /* the command line's rules, in the API's names (driver/options.c: one validator) */
    vptx_options_init(&opt);
    opt.pipeline_stages = 9;
    rc = vptx_compile("k", bad_kernel, sizeof bad_kernel - 1, &opt, &r);
    CHECK(rc == 1 && has_message(r, "VptxOptions.pipeline_stages = 9: the stage count must be "
                                    "from 1 to 8"),
          "pipeline_stages 9: rc %d", rc);
    vptx_result_free(r);
    opt.pipeline_stages = -1;
    rc = vptx_compile("k", bad_kernel, sizeof bad_kernel - 1, &opt, &r);
    CHECK(rc == 1 && has_message(r, "VptxOptions.pipeline_stages = -1"), "pipeline_stages -1");
    vptx_result_free(r);
    vptx_options_init(&opt);
    opt.arch = "sm_75";
    rc = vptx_compile("k", bad_kernel, sizeof bad_kernel - 1, &opt, &r);
    CHECK(rc == 1 && has_message(r, "VptxOptions.arch = 'sm_75': unknown target (expected "
                                    "sm_80, sm_86, sm_89, sm_90, sm_90a or sm_100a)"),
          "arch sm_75: rc %d", rc);
    vptx_result_free(r);

    /* the accessors take NULL */
    CHECK(vptx_result_output(NULL, NULL) == NULL, "output(NULL)");
    CHECK(vptx_result_num_diagnostics(NULL) == 0, "num_diagnostics(NULL)");
    CHECK(vptx_result_diagnostic(NULL, 0) == NULL, "diagnostic(NULL)");
    CHECK(strcmp(vptx_result_diagnostics_text(NULL), "") == 0, "diagnostics_text(NULL)");
    vptx_result_free(NULL);
}

/* Compiles text with allocation n failing; returns false once n was never reached. */
static bool
compile_failing(const char *name, const char *text, size_t len, VptxEmit emit, long n,
                const char *want, size_t want_len, int want_rc)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.emit = emit;
    VptxResult *r = NULL;
    ir_alloc_fail_at(n);
    int rc = vptx_compile(name, text, len, &opt, &r);
    bool reached = ir_alloc_fail_at(0) == 0; /* countdown spent: the failure happened */
    if (!reached) {
        size_t got_len = 0;
        const char *got = vptx_result_output(r, &got_len);
        CHECK(rc == want_rc, "%s emit %d: rc %d without a failure, want %d", name, (int)emit, rc,
              want_rc);
        CHECK(got_len == want_len && (!want || (got && memcmp(got, want, want_len) == 0)),
              "%s emit %d: output differs from the unfailed compile", name, (int)emit);
        vptx_result_free(r);
        return false;
    }
    CHECK(rc == -1 || rc == 1, "%s emit %d, allocation %ld failing: rc %d", name, (int)emit, n, rc);
    CHECK(!r || vptx_result_output(r, NULL) == NULL, "%s: output after a failure", name);
    CHECK(!r || rc == -1 || has_message(r, "out of memory"),
          "%s emit %d, allocation %ld failing: no 'out of memory' diagnostic", name, (int)emit, n);
    vptx_result_free(r);
    return true;
}

static void
test_out_of_memory(void)
{
    long total = 0;
    for (size_t i = 0; i <= NINPUTS; i++) {
        size_t len = sizeof bad_kernel - 1;
        char *text = i < NINPUTS ? read_file(inputs[i], &len) : NULL;
        const char *src = i < NINPUTS ? text : bad_kernel;
        const char *name = i < NINPUTS ? inputs[i] : "bad.mlir";
        if (!src) {
            CHECK(0, "cannot read %s", name);
            continue;
        }
        for (int emit = VPTX_EMIT_MLIR; emit <= VPTX_EMIT_PTX; emit++) {
            VptxOptions opt;
            vptx_options_init(&opt);
            opt.emit = (VptxEmit)emit;
            VptxResult *ref = NULL;
            int want_rc = vptx_compile(name, src, len, &opt, &ref);
            size_t want_len = 0;
            const char *want = vptx_result_output(ref, &want_len);
            long n = 1;
            while (compile_failing(name, src, len, (VptxEmit)emit, n, want, want_len, want_rc))
                n++;
            total += n;
            vptx_result_free(ref);
        }
        free(text);
    }
    CHECK(total > 100, "only %ld allocations failed in all: the hook is not reached", total);
    printf("test_api_robust: %ld compiles with one failing allocation each\n", total);
}

int
main(void)
{
    test_arguments();
    test_out_of_memory();
    return unit_report();
}
