/*
 * fuzz_frontend.c -- fuzz target: the MLIR frontend, the verifier and the printer.
 *
 * Any input: frontend_parse must return (diagnostics are fine) without a
 * crash, a leak or undefined behaviour.  An input that parses and verifies
 * must also round-trip: its printed text parses and verifies again and
 * prints to the same bytes (the same oracle as run.sh's roundtrip tests).
 * An input that starts with '#' is also parsed as a lone attribute (what
 * `vptx layout 'LAYOUT'` reads) and printed.
 */
#include "tests/fuzz/fuzz.h"

#include "ir/frontend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const FuzzSeedDir fuzz_seed_dirs[] = {
    { "tests/lit", ".mlir" },
    { "examples", ".mlir" },
    { "tests/golden", ".mlir" },
    { "tests/fuzz/corpus/frontend", NULL },
    { NULL, NULL },
};

/* Parses and verifies text; on success returns the printed module (malloc'd). */
static char *
parse_print(const char *text, size_t len, size_t *out_len, bool *parsed)
{
    Module m;
    Diag d;
    module_init(&m);
    diag_init(&d);
    char *out = NULL;
    *out_len = 0;
    *parsed = frontend_parse(&m, &d, "fuzz.mlir", text, len);
    if (*parsed && ir_verify(&m, &d)) {
        FILE *f = open_memstream(&out, out_len);
        if (!f)
            abort();
        ir_print(&m, f);
        fclose(f);
    }
    /* rendering exercises the caret lines of every diagnostic */
    FILE *sink = fopen("/dev/null", "w");
    if (sink) {
        diag_render(&d, sink);
        fclose(sink);
    }
    module_free(&m);
    diag_free(&d);
    return out;
}

static void
parse_attribute(const char *text, size_t len)
{
    Module m;
    Diag d;
    module_init(&m);
    diag_init(&d);
    const Attr *a = frontend_parse_attr(&m, &d, text, len);
    if (a) {
        FILE *sink = fopen("/dev/null", "w");
        if (sink) {
            ir_print_attr(&m, a, sink);
            fclose(sink);
        }
    }
    module_free(&m);
    diag_free(&d);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* exactly `size` bytes, no NUL: the frontend must honour the length */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    if (size && text[0] == '#')
        parse_attribute(text, size);

    size_t len1, len2;
    bool parsed;
    char *once = parse_print(text, size, &len1, &parsed);
    free(text);
    if (!once)
        return 0;
    char *twice = parse_print(once, len1, &len2, &parsed);
    if (!twice)
        fuzz_fail("the printed module does not %s again:\n%s", parsed ? "verify" : "parse", once);
    if (len1 != len2 || memcmp(once, twice, len1) != 0)
        fuzz_fail("printing the printed module changes it:\n--- once\n%s--- twice\n%s", once,
                  twice);
    free(once);
    free(twice);
    return 0;
}
