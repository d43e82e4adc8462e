/*
 * test_diag_source.c -- a compilation holds its input once (issue 18, part 4): the
 * diagnostics borrow the caller's text while it is compiled (ir/diag.c, borrow_next)
 * and copy it only when a diagnostic points into it, for the caret line.
 *
 *   - after a successful compile the diagnostics keep no text of the input;
 *   - after an error in ptxgen (long after parsing) they keep a copy: the caret line
 *     renders from it although the caller's buffer has been overwritten since;
 *   - a file registered without borrowing is copied at once, as before.
 */
#include "driver/driver.h"
#include "ir/ir.h"
#include "tests/unit/unit.h"

#include <stdlib.h>
#include <string.h>

#define GOOD                                                                                       \
    "func.func @a_b(%x: memref<2xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} "  \
    "{\n"                                                                                          \
    "  return\n"                                                                                   \
    "}\n"
/* two kernels with one PTX name, a_b: ptxgen reports it at the second one (line 4) */
#define BAD                                                                                        \
    GOOD "func.func @a.b(%x: memref<2xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, " \
         "1>} {\n"                                                                                 \
         "  return\n"                                                                              \
         "}\n"

/* Compiles text (a heap copy the caller may overwrite) into a scratch file. */
static bool
compile(Diag *d, char *text)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    FILE *f = tmpfile();
    bool ok = f && driver_compile_to(d, "in.mlir", text, strlen(text), &opt, NULL, f);
    if (f)
        fclose(f);
    return ok;
}

int
main(void)
{
    Diag d;
    diag_init(&d);
    char *text = malloc(sizeof GOOD);
    memcpy(text, GOOD, sizeof GOOD);
    CHECK(compile(&d, text), "the good module compiles");
    CHECK(d.nfiles == 2 && d.files[1].text == NULL && !d.files[1].borrowed,
          "no copy of a good input is kept (%u files)", d.nfiles);
    diag_free(&d);
    free(text);

    diag_init(&d);
    const char bad[] = BAD;
    char *copy = malloc(sizeof bad);
    memcpy(copy, bad, sizeof bad);
    CHECK(!compile(&d, copy), "two kernels named a_b fail in ptxgen");
    memset(copy, '#', sizeof bad - 1); /* the caller reuses its buffer */
    CHECK(d.nfiles == 2 && d.files[1].text && d.files[1].text != copy &&
              d.files[1].len == sizeof bad - 1 && memcmp(d.files[1].text, bad, sizeof bad - 1) == 0,
          "an input a diagnostic points into is copied");
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    diag_render(&d, f);
    fclose(f);
    CHECK(out && strstr(out, "in.mlir:4:") && strstr(out, "\n    func.func @a.b(") &&
              !strchr(out, '#'),
          "the caret line comes from the copy:\n%s", out ? out : "");
    free(out);
    diag_free(&d);
    free(copy);

    diag_init(&d);
    char own[] = "abc";
    uint32_t file = diag_add_file(&d, "own", own, 3);
    own[0] = 'x';
    CHECK(file == 1 && d.files[1].text && memcmp(d.files[1].text, "abc", 3) == 0,
          "without borrow_next the text is copied when added");
    diag_free(&d);
    return unit_report();
}
