/*
 * test_ptx_stream.c -- ptxgen's two ways of writing a module (ptxgen/ptxgen.c
 * ptxgen_emit) give the same bytes:
 *
 *   direct    the caller's stream can seek (the API's memory stream): header and
 *             module-scope buffers first, each kernel cleaned straight into the stream,
 *             the .version digits rewritten in place when a later kernel needs more;
 *   buffered  the stream cannot seek (a pipe here): kernels collected first.
 *
 * vptx_compile's own output buffer (driver/api.c, a stream that seeks in a block grown by
 * half) and a file must give the same bytes as both.
 *
 * The module has a workgroup global (its .shared line must come before the kernels),
 * a first kernel that needs nothing new and a second that widens bf16 to f32, which
 * needs PTX ISA 7.8 (cvt.f32.bf16: PTX ISA, "cvt", PTX 7.8 for .bf16 sources), so on
 * sm_80 (default .version 7.0) the header must end up as .version 7.8 although the
 * first kernel was written under 7.0.  A module without the widening keeps 7.0.
 */
#include "driver/driver.h"
#include "ir/frontend.h"
#include "ir/ir.h"
#include "tests/unit/unit.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KERNEL_PLAIN                                                                               \
    "func.func @plain(%x: memref<64xf32>, %out: memref<64xf32>) attributes "                       \
    "{gpu.known_block_size = array<i32: 64, 1, 1>} {\n"                                            \
    "  %c0 = arith.constant 0 : index\n"                                                           \
    "  %pad = arith.constant 0.0 : f32\n"                                                          \
    "  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<64xf32>, "            \
    "vector<64xf32>\n"                                                                             \
    "  %w = arith.addf %v, %v : vector<64xf32>\n"                                                  \
    "  vector.transfer_write %w, %out[%c0] {in_bounds = [true]} : vector<64xf32>, "                \
    "memref<64xf32>\n"                                                                             \
    "  return\n"                                                                                   \
    "}\n"

#define KERNEL_WIDEN                                                                               \
    "func.func @widen(%x: memref<64xbf16>, %out: memref<64xf32>) attributes "                      \
    "{gpu.known_block_size = array<i32: 64, 1, 1>} {\n"                                            \
    "  %c0 = arith.constant 0 : index\n"                                                           \
    "  %pad = arith.constant 0.0 : bf16\n"                                                         \
    "  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<64xbf16>, "           \
    "vector<64xbf16>\n"                                                                            \
    "  %w = arith.extf %v : vector<64xbf16> to vector<64xf32>\n"                                   \
    "  vector.transfer_write %w, %out[%c0] {in_bounds = [true]} : vector<64xf32>, "                \
    "memref<64xf32>\n"                                                                             \
    "  return\n"                                                                                   \
    "}\n"

#define GLOBAL "memref.global \"private\" @tile : memref<64xf32, 3>\n"

/* Compiles text to PTX into f; true when the pipeline succeeded. */
static bool
compile_to(const char *text, FILE *f)
{
    Module m;
    Diag d;
    module_init(&m);
    diag_init(&d);
    VptxOptions opt = { 0 };
    opt.arch = "sm_80";
    opt.emit = VPTX_EMIT_PTX;
    bool ok =
        frontend_parse(&m, &d, "stream.mlir", text, strlen(text)) && pipeline_run(&m, &opt, &d, f);
    module_free(&m);
    diag_free(&d);
    return ok;
}

/* Direct: a memory stream.  *buf, *len get the text; the caller frees it. */
static void
via_memstream(const char *text, char **buf, size_t *len, bool *ok)
{
    *buf = NULL;
    FILE *f = open_memstream(buf, len);
    *ok = f && compile_to(text, f);
    if (f)
        fclose(f);
}

/* Buffered: a pipe (ftell fails).  The output is far below the pipe's capacity. */
static char *
via_pipe(const char *text, size_t *len, bool *ok)
{
    int fd[2];
    *ok = false;
    *len = 0;
    if (pipe(fd) != 0)
        return NULL;
    FILE *w = fdopen(fd[1], "w");
    *ok = w && ftell(w) < 0 && compile_to(text, w);
    if (w)
        fclose(w);
    else
        close(fd[1]);
    size_t cap = 1 << 16;
    char *buf = calloc(cap + 1, 1);
    ssize_t n;
    while (buf && *len < cap && (n = read(fd[0], buf + *len, cap - *len)) > 0)
        *len += (size_t)n;
    close(fd[0]);
    return buf;
}

/* The public API: its result buffer (driver/api.c OutBuf). */
static char *
via_api(const char *text, size_t *len, bool *ok)
{
    VptxResult *r = NULL;
    VptxOptions opt;
    vptx_options_init(&opt);
    *ok = vptx_compile("stream.mlir", text, strlen(text), &opt, &r) == 0;
    const char *out = vptx_result_output(r, len);
    char *copy = out ? malloc(*len + 1) : NULL;
    if (copy) {
        memcpy(copy, out, *len + 1);
        *ok = *ok && copy[*len] == 0; /* NUL-terminated */
    }
    vptx_result_free(r);
    return copy;
}

/* A temporary file, read back. */
static char *
via_file(const char *text, size_t *len, bool *ok)
{
    FILE *f = tmpfile();
    *ok = f && compile_to(text, f);
    *len = 0;
    char *buf = f ? calloc(1 << 16, 1) : NULL;
    if (buf && fseek(f, 0, SEEK_SET) == 0)
        *len = fread(buf, 1, (1 << 16) - 1, f);
    if (f)
        fclose(f);
    return buf;
}

static void
same_both_ways(const char *name, const char *text, const char *version, int entries)
{
    size_t la = 0, lb = 0;
    bool oka, okb;
    char *a;
    via_memstream(text, &a, &la, &oka);
    char *b = via_pipe(text, &lb, &okb);
    CHECK(oka && okb, "%s: compiles both ways (memory stream %d, pipe %d)", name, oka, okb);
    CHECK(a && b && la == lb && la > 0 && memcmp(a, b, la) == 0,
          "%s: same bytes both ways (%zu and %zu bytes)", name, la, lb);
    if (a && oka) {
        CHECK(strstr(a, version) != NULL, "%s: header has '%s'", name, version);
        CHECK(la >= 2 && a[la - 2] == '}' && a[la - 1] == '\n', "%s: ends with the last kernel",
              name);
        int n = 0;
        for (const char *p = a; (p = strstr(p, ".visible .entry ")); p++)
            n++;
        CHECK(n == entries, "%s: %d entries, want %d", name, n, entries);
        const char *g = strstr(a, ".shared .align 16 .b8 tile[256];");
        const char *k = strstr(a, ".visible .entry ");
        CHECK(!strstr(text, "@tile") || (g && k && g < k),
              "%s: the workgroup global is declared before the kernels", name);
    }
    size_t lc = 0, ld = 0;
    bool okc, okd;
    char *c = via_api(text, &lc, &okc);
    char *fb = via_file(text, &ld, &okd);
    CHECK(okc && c && b && lc == lb && memcmp(c, b, lb) == 0,
          "%s: vptx_compile's buffer has the same bytes (%zu and %zu bytes)", name, lc, lb);
    CHECK(okd && fb && b && ld == lb && memcmp(fb, b, lb) == 0,
          "%s: a file has the same bytes (%zu and %zu bytes)", name, ld, lb);
    free(a);
    free(b);
    free(c);
    free(fb);
}

int
main(void)
{
    same_both_ways("raised", GLOBAL KERNEL_PLAIN KERNEL_WIDEN, "\n.version 7.8\n.target sm_80\n",
                   2);
    same_both_ways("default", GLOBAL KERNEL_PLAIN, "\n.version 7.0\n.target sm_80\n", 1);
    same_both_ways("no globals", KERNEL_WIDEN KERNEL_PLAIN, "\n.version 7.8\n.target sm_80\n", 2);
    return unit_report();
}
