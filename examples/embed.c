/*
 * embed.c -- embedding vptx: compile MLIR to PTX in-process through the C API.
 *
 *   cc embed.c $(pkg-config --cflags --libs vptx) -o embed
 *   ./embed [--arch=sm_90a] [--emit=simt] [KERNEL.mlir]
 *
 * Without a file it compiles a small built-in kernel.  On an error it prints
 * the structured diagnostics (level, line, column, message) and then the
 * rendered text, and exits 1.  `make` builds it as build/examples/embed.
 */
/* Installed, the header is <vptx.h>; in the source tree (make) it is driver/vptx.h. */
#if defined(__has_include)
#if __has_include(<vptx.h>)
#include <vptx.h>
#else
#include "driver/vptx.h"
#endif
#else
#include "driver/vptx.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char builtin_kernel[] =
    "// y = 2 * x, vector level: vptx picks the layout and distributes it\n"
    "func.func @twice(%x: memref<256xf32>, %y: memref<256xf32>)\n"
    "    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %pad = arith.constant 0.0 : f32\n"
    "  %two = arith.constant dense<2.0> : vector<256xf32>\n"
    "  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<256xf32>, "
    "vector<256xf32>\n"
    "  %r = arith.mulf %v, %two : vector<256xf32>\n"
    "  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<256xf32>, "
    "memref<256xf32>\n"
    "  return\n"
    "}\n";

static char *
read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf && (n += fread(buf + n, 1, cap - n, f)) == cap) {
        char *bigger = realloc(buf, cap *= 2);
        if (!bigger)
            free(buf);
        buf = bigger;
    }
    fclose(f);
    *len = n;
    return buf;
}

int
main(int argc, char **argv)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--arch=", 7) == 0)
            opt.arch = argv[i] + 7;
        else if (strcmp(argv[i], "--emit=simt") == 0)
            opt.emit = VPTX_EMIT_SIMT;
        else if (strcmp(argv[i], "--emit=layout") == 0)
            opt.emit = VPTX_EMIT_LAYOUT;
        else
            path = argv[i];
    }
    size_t len = strlen(builtin_kernel);
    char *text = path ? read_file(path, &len) : NULL;
    if (path && !text) {
        fprintf(stderr, "embed: cannot read %s\n", path);
        return 1;
    }
    VptxResult *r = NULL;
    int rc = vptx_compile(path ? path : "<builtin>", text ? text : builtin_kernel, len, &opt, &r);
    free(text);
    if (!r) {
        fprintf(stderr, "embed: out of memory\n");
        return 1;
    }
    if (rc == 0) {
        size_t n;
        const char *out = vptx_result_output(r, &n);
        fwrite(out, 1, n, stdout);
    } else {
        static const char *const levels[] = { "error", "warning", "note" };
        for (size_t i = 0; i < vptx_result_num_diagnostics(r); i++) {
            const VptxDiagnostic *d = vptx_result_diagnostic(r, i);
            fprintf(stderr, "embed: diagnostic %zu: %s at %s:%u:%u: %s\n", i, levels[d->level],
                    d->file ? d->file : "?", d->line, d->col, d->message);
        }
        fputs(vptx_result_diagnostics_text(r), stderr);
    }
    vptx_result_free(r);
    fprintf(stderr, "embed: vptx %s, %s\n", vptx_version(), rc == 0 ? "ok" : "failed");
    return rc == 0 ? 0 : 1;
}
