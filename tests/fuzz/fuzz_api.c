/*
 * fuzz_api.c -- fuzz target: the C API (driver/vptx.h) called carelessly.
 *
 * The first bytes of an input choose how vptx_compile is called, the rest is
 * the MLIR text:
 *
 *   byte 0   bit 0: name NULL   bit 1: text NULL   bit 2: opt NULL
 *            bit 3: out NULL    bits 4-5: the length passed (the text's own,
 *            0, 2^31 or SIZE_MAX; the last two are past the 2 GiB limit)
 *   byte 1   opt->arch: one of a list that holds NULL, "" and junk
 *   byte 2   opt->emit, as a raw int (0-3 valid, others out of range)
 *   byte 3   the allocation that fails (ir_alloc_fail_at): 0 none, else N*N/4+1
 *            so that early and late failures are both reached
 *
 * The oracle is the API contract: the status is -1, 0 or 1; out NULL gives
 * -1; a result exists unless out of memory; 0 means an output and no error,
 * 1 means no output and at least one error diagnostic; an injected
 * allocation failure that happened never gives 0.  A crash, a leak or
 * undefined behaviour is a finding.
 */
#include "tests/fuzz/fuzz.h"

#include "driver/vptx.h"
#include "ir/ir.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const FuzzSeedDir fuzz_seed_dirs[] = {
    { "tests/fuzz/corpus/api", NULL },
    { NULL, NULL },
};

static const char *const arches[] = { "sm_80", "sm_90a",  NULL,      "",
                                      "sm_7",  "sm_80\n", "sm_100a", "sm_90" };

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    unsigned how = data[0], arch = data[1], emit = data[2], fail = data[3];
    const char *text = (const char *)data + 4;
    size_t text_len = size - 4;
    static const size_t lens[4] = { 0, 0, (size_t)1 << 31, SIZE_MAX };
    size_t len = (how >> 4 & 3) == 0 ? text_len : lens[how >> 4 & 3];
    if (how & 2)
        text = NULL;
    /* text NULL with a length inside the limit would make the caller's own bug; keep
     * such lengths to the real text (NULL text is still tried with 0 and huge lengths) */
    if (!text && len == text_len && len)
        len = 0;

    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = arches[arch % (sizeof arches / sizeof arches[0])];
    opt.emit = (VptxEmit)(int)(signed char)emit;
    opt.precise_math = arch >> 4 & 1;
    opt.debug_loc = arch >> 5 & 1;

    VptxResult *r = (VptxResult *)&opt; /* a junk value: vptx_compile must overwrite it */
    long fail_at = fail ? (long)fail * fail / 4 + 1 : 0;
    ir_alloc_fail_at(fail_at);
    int rc = vptx_compile(how & 1 ? NULL : "fuzz.mlir", text, len, how & 4 ? NULL : &opt,
                          how & 8 ? NULL : &r);
    bool failed_alloc = fail_at && ir_alloc_fail_at(0) == 0;
    ir_alloc_fail_at(0);

    if (rc != -1 && rc != 0 && rc != 1)
        fuzz_fail("status %d", rc);
    if (how & 8) {
        if (rc != -1)
            fuzz_fail("out NULL gave status %d", rc);
        return 0;
    }
    if (r == (VptxResult *)&opt)
        fuzz_fail("*out left unset");
    if (!r) {
        if (rc != -1)
            fuzz_fail("no result with status %d", rc);
        return 0;
    }
    if (failed_alloc && rc == 0)
        fuzz_fail("success although allocation %ld failed", fail_at);
    size_t out_len = 0;
    const char *out = vptx_result_output(r, &out_len);
    if (rc == 0 && (!out || strlen(out) != out_len))
        fuzz_fail("success without a NUL-terminated output");
    if (rc != 0 && out)
        fuzz_fail("an output after status %d", rc);
    bool has_error = false;
    for (size_t i = 0; i < vptx_result_num_diagnostics(r); i++) {
        const VptxDiagnostic *d = vptx_result_diagnostic(r, i);
        if (!d || !d->message)
            fuzz_fail("diagnostic %zu has no message", i);
        has_error |= d->level == VPTX_ERROR;
    }
    if (rc == 1 && !has_error)
        fuzz_fail("status 1 without an error diagnostic");
    if (rc == 0 && has_error)
        fuzz_fail("status 0 with an error diagnostic");
    if (!vptx_result_diagnostics_text(r))
        fuzz_fail("no diagnostics text");
    vptx_result_free(r);
    return 0;
}
