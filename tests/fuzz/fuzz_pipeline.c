/*
 * fuzz_pipeline.c -- fuzz target: the whole compiler through the C API
 * (driver/vptx.h): parse -> verify -> layout -> distribute -> ptxgen.
 *
 * Every input is compiled for sm_80 and for sm_90a (Hopper ops are
 * rejected on sm_80 and lowered on sm_90a).  A hash of the input picks
 * --precise-math and -g, so that mutations reach both settings while the
 * input stays plain MLIR text.  Diagnostics are expected; a crash, a leak,
 * undefined behaviour or a result that breaks the API contract is not.
 */
#include "tests/fuzz/fuzz.h"

#include "driver/vptx.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const FuzzSeedDir fuzz_seed_dirs[] = {
    { "tests/lit", ".mlir" },
    { "examples", ".mlir" },
    { "tests/golden", ".mlir" },
    { "tests/fuzz/corpus/pipeline", NULL },
    { NULL, NULL },
};

static void
compile(const char *text, size_t len, const char *arch, unsigned flags)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = arch;
    opt.precise_math = flags & 1;
    opt.debug_loc = (flags >> 1) & 1;
    opt.remarks = (flags >> 4) & 1;
    opt.allow_tf32 = (flags >> 5) & 1;
    VptxResult *r = NULL;
    int rc = vptx_compile("fuzz.mlir", text, len, &opt, &r);
    if (!r)
        return; /* out of memory */
    size_t out_len;
    const char *out = vptx_result_output(r, &out_len);
    size_t n = vptx_result_num_diagnostics(r);
    if (rc == 0 && (!out || strlen(out) != out_len))
        fuzz_fail("success without a NUL-terminated output");
    if (rc != 0 && out)
        fuzz_fail("an output after a failure");
    bool has_error = false;
    for (size_t i = 0; i < n; i++) {
        const VptxDiagnostic *d = vptx_result_diagnostic(r, i);
        if (!d || !d->message)
            fuzz_fail("diagnostic %zu has no message", i);
        has_error |= d->level == VPTX_ERROR;
    }
    if (rc != 0 && !has_error)
        fuzz_fail("a failure without an error diagnostic");
    if (!vptx_result_diagnostics_text(r))
        fuzz_fail("no diagnostics text");
    vptx_result_free(r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1); /* exactly `size` bytes */
    if (!text)
        return 0;
    memcpy(text, data, size);
    unsigned hash = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < size; i++)
        hash = (hash ^ data[i]) * 16777619u;
    compile(text, size, "sm_80", hash);
    compile(text, size, "sm_90a", hash >> 2);
    free(text);
    return 0;
}
