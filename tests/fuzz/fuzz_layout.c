/*
 * fuzz_layout.c -- fuzz target: `vptx layout LAYOUT` (layout/picture.c):
 * the nested-layout text parser, layout_check and the picture, slot and CSV
 * renderers.
 *
 * The input is the LAYOUT argument (the body of a nested_layout, or an
 * intrinsic operand such as NV_MMA_SYNC_F32_16x8x16_F16:A); a hash of it
 * adds --slots or --csv.  Output goes to /dev/null.  A bad layout must be
 * an error (exit status 1), never a crash; the status is never 2 (usage),
 * since the arguments are well formed.
 */
#include "tests/fuzz/fuzz.h"

#include "layout/layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const FuzzSeedDir fuzz_seed_dirs[] = {
    { "tests/fuzz/corpus/layout", NULL },
    { NULL, NULL },
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    if (text[0] == '-' || strlen(text) != size) { /* an option, or a NUL inside */
        free(text);
        return 0;
    }
    unsigned hash = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < size; i++)
        hash = (hash ^ data[i]) * 16777619u;
    char csv[] = "--csv", slots[] = "--slots";
    char *argv[3] = { text, NULL, NULL };
    int argc = 1;
    if (hash % 3 == 1)
        argv[argc++] = csv;
    else if (hash % 3 == 2)
        argv[argc++] = slots;
    FILE *sink = fopen("/dev/null", "w");
    if (!sink)
        abort();
    int rc = layout_command(argc, argv, sink, sink);
    fclose(sink);
    if (rc != 0 && rc != 1)
        fuzz_fail("vptx layout exited %d for a well-formed command line", rc);
    free(text);
    return 0;
}
