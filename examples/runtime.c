/*
 * runtime.c -- the whole path in one program: compile an MLIR kernel with
 * vptx.h, load and launch it with vptx_runtime.h, read the result back and
 * compare it with the same computation in plain C.
 *
 *   cc runtime.c $(pkg-config --cflags --libs vptx) -o runtime
 *   ./runtime [--cuda] [KERNEL.mlir]
 *
 * The kernel is y[r][c] = a * x[r][c] + y[r][c] on 8 rows of 256 floats, one
 * workgroup per row; with a file it compiles that instead (it must have the
 * same signature, `@axpy_rows(memref<8x256xf32>, memref<8x256xf32>, f32)`).
 * It runs on the simulator, or with --cuda on GPU 0 (exit 77 when there is
 * none).  Exit status 0 when every element matches, 1 otherwise.  `make`
 * builds it as build/examples/runtime and `make test` runs it.
 */
#if defined(__has_include)
#if __has_include(<vptx_runtime.h>)
#include <vptx.h>
#include <vptx_runtime.h>
#else
#include "driver/vptx.h"
#include "driver/vptx_runtime.h"
#endif
#else
#include "driver/vptx.h"
#include "driver/vptx_runtime.h"
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROWS 8
#define COLS 256

static const char builtin_kernel[] =
    "func.func @axpy_rows(%x: memref<8x256xf32>, %y: memref<8x256xf32>, %a: f32)\n"
    "    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %row = gpu.block_id x\n"
    "  %pad = arith.constant 0.0 : f32\n"
    "  %vx = vector.transfer_read %x[%row, %c0], %pad {in_bounds = [true]}\n"
    "      : memref<8x256xf32>, vector<256xf32>\n"
    "  %vy = vector.transfer_read %y[%row, %c0], %pad {in_bounds = [true]}\n"
    "      : memref<8x256xf32>, vector<256xf32>\n"
    "  %va = vector.broadcast %a : f32 to vector<256xf32>\n"
    "  %r = vector.fma %va, %vx, %vy : vector<256xf32>\n"
    "  vector.transfer_write %r, %y[%row, %c0] {in_bounds = [true]}\n"
    "      : vector<256xf32>, memref<8x256xf32>\n"
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
    if (buf)
        *len = n;
    return buf;
}

/* Compiles the kernel to PTX (malloc'd), or prints the diagnostics and returns NULL. */
static char *
compile(const char *name, const char *text, size_t len)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    VptxResult *r = NULL;
    char *ptx = NULL;
    if (vptx_compile(name, text, len, &opt, &r) == 0) {
        size_t n;
        const char *out = vptx_result_output(r, &n);
        ptx = malloc(n + 1);
        if (ptx)
            memcpy(ptx, out, n + 1);
    } else {
        fputs(r ? vptx_result_diagnostics_text(r) : "runtime: out of memory\n", stderr);
    }
    vptx_result_free(r);
    return ptx;
}

/* A failed runtime call: says which and why, returns 1. */
static int
failed(VptxContext *ctx, const char *call, VptxStatus s)
{
    fprintf(stderr, "runtime: %s: %s: %s\n", call, vptx_status_name(s), vptx_context_error(ctx));
    return 1;
}

/* Loads, launches and reads back; returns the exit status. */
static int
run(VptxContext *ctx, const char *ptx, float *x, float *y)
{
    VptxModule *mod = NULL;
    VptxFunction *fn = NULL;
    VptxDevicePtr dx = 0, dy = 0;
    VptxStatus s;
    size_t bytes = sizeof(float) * ROWS * COLS;
    if ((s = vptx_module_load(ctx, ptx, &mod)) != VPTX_OK)
        return failed(ctx, "vptx_module_load", s);
    if ((s = vptx_module_get_function(ctx, mod, "axpy_rows", &fn)) != VPTX_OK)
        return failed(ctx, "vptx_module_get_function", s);
    if ((s = vptx_mem_alloc(ctx, bytes, &dx)) != VPTX_OK ||
        (s = vptx_mem_alloc(ctx, bytes, &dy)) != VPTX_OK)
        return failed(ctx, "vptx_mem_alloc", s);
    if ((s = vptx_memcpy_htod(ctx, dx, x, bytes)) != VPTX_OK ||
        (s = vptx_memcpy_htod(ctx, dy, y, bytes)) != VPTX_OK)
        return failed(ctx, "vptx_memcpy_htod", s);
    /* The kernel ABI (docs/runtime-api.md): a static memref is its base pointer. */
    float a = 1.5f;
    void *params[] = { &dx, &dy, &a };
    unsigned grid[3] = { ROWS, 1, 1 }, block[3] = { 64, 1, 1 };
    if ((s = vptx_launch(ctx, fn, grid, block, 0, params)) != VPTX_OK)
        return failed(ctx, "vptx_launch", s);
    if ((s = vptx_memcpy_dtoh(ctx, y, dy, bytes)) != VPTX_OK)
        return failed(ctx, "vptx_memcpy_dtoh", s);
    VptxLaunchInfo info;
    if (vptx_last_launch_info(ctx, &info) == VPTX_OK) {
        if (info.ms >= 0)
            printf("runtime: kernel time %.3f ms\n", info.ms);
        else
            printf("runtime: %llu threads ran %llu instructions, loaded %llu bytes, "
                   "stored %llu\n",
                   info.threads, info.instructions, info.global_load_bytes,
                   info.global_store_bytes);
    }
    if ((s = vptx_mem_free(ctx, dx)) != VPTX_OK || (s = vptx_mem_free(ctx, dy)) != VPTX_OK)
        return failed(ctx, "vptx_mem_free", s);
    return (s = vptx_module_unload(ctx, mod)) == VPTX_OK ? 0 : failed(ctx, "vptx_module_unload", s);
}

int
main(int argc, char **argv)
{
    VptxDeviceKind kind = VPTX_DEVICE_SIM;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--cuda") == 0)
            kind = VPTX_DEVICE_CUDA;
        else
            path = argv[i];
    }
    size_t len = sizeof builtin_kernel - 1;
    char *text = path ? read_file(path, &len) : NULL;
    if (path && !text) {
        fprintf(stderr, "runtime: cannot read %s\n", path);
        return 1;
    }
    char *ptx = compile(path ? path : "axpy_rows.mlir", text ? text : builtin_kernel, len);
    free(text);
    if (!ptx)
        return 1;

    static float x[ROWS * COLS], y[ROWS * COLS], want[ROWS * COLS];
    for (int i = 0; i < ROWS * COLS; i++) {
        x[i] = (float)(i % 17) / 4 - 2; /* exact in f32, so is a * x + y below */
        y[i] = (float)(i % 5) - 2;
        want[i] = 1.5f * x[i] + y[i]; /* the C reference */
    }

    VptxContext *ctx = NULL;
    VptxStatus s = vptx_context_create(kind, &ctx);
    int status;
    if (s != VPTX_OK) {
        fprintf(stderr, "runtime: no %s device: %s: %s\n", kind == VPTX_DEVICE_SIM ? "sim" : "cuda",
                vptx_status_name(s), ctx ? vptx_context_error(ctx) : "out of memory");
        status = s == VPTX_ERR_UNAVAILABLE ? 77 : 1;
    } else {
        printf("runtime: device %s\n", vptx_context_device_name(ctx));
        status = run(ctx, ptx, x, y);
    }
    vptx_context_destroy(ctx);
    free(ptx);
    if (status != 0)
        return status;

    int bad = 0;
    for (int i = 0; i < ROWS * COLS; i++)
        if (y[i] != want[i] && bad++ < 5)
            fprintf(stderr, "runtime: y[%d][%d] = %g, expected %g\n", i / COLS, i % COLS, y[i],
                    want[i]);
    printf("runtime: %s (%d of %d elements differ from the C reference)\n", bad ? "FAIL" : "PASS",
           bad, ROWS * COLS);
    return bad ? 1 : 0;
}
