/*
 * test_run_mlir.c -- `vptx run KERNEL.mlir ARG...` round trips .npy data through a
 * kernel on the simulator, with every kind of kernel-ABI parameter: static and
 * dynamic dims, a strided layout with a dynamic offset and stride, f32 / f16 /
 * i32 / index scalars, and vector-level input (through layout and distribute).
 * Expected outputs are computed by hand below, not by vptx.
 */
#include "runtime/npy.h"
#include "tools/run_mlir.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

static char dir[256];

/* y[i] = a * x[i] + y[i] for i < n; x and y dynamic, x's layout strided with a `?` offset */
static const char axpy[] =
    "gpu.module @m {\n"
    "  gpu.func @axpy(%x: memref<?xf32, strided<[?], offset: ?>>, %y: memref<?xf32>, %a: f32,\n"
    "                 %n: index) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} "
    "{\n"
    "    %t = gpu.thread_id x\n"
    "    %b = gpu.block_id x\n"
    "    %c64 = arith.constant 64 : index\n"
    "    %o = arith.muli %b, %c64 : index\n"
    "    %i = arith.addi %o, %t : index\n"
    "    %ok = arith.cmpi ult, %i, %n : index\n"
    "    scf.if %ok {\n"
    "      %xv = memref.load %x[%i] : memref<?xf32, strided<[?], offset: ?>>\n"
    "      %yv = memref.load %y[%i] : memref<?xf32>\n"
    "      %p = arith.mulf %a, %xv : f32\n"
    "      %s = arith.addf %p, %yv : f32\n"
    "      memref.store %s, %y[%i] : memref<?xf32>\n"
    "    }\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

/* vector level: out[r, c] = x[r, c] * 2 + k (f16), one workgroup, k an i32 scalar */
static const char twice[] =
    "func.func @twice(%x: memref<4x64xf16>, %out: memref<4x64xf16>, %k: i32)\n"
    "    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %pad = arith.constant 0.0 : f16\n"
    "  %two = arith.constant dense<2.0> : vector<4x64xf16>\n"
    "  %kf = arith.sitofp %k : i32 to f16\n"
    "  %kb = vector.broadcast %kf : f16 to vector<4x64xf16>\n"
    "  %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true]} : "
    "memref<4x64xf16>, vector<4x64xf16>\n"
    "  %m = arith.mulf %v, %two : vector<4x64xf16>\n"
    "  %r = arith.addf %m, %kb : vector<4x64xf16>\n"
    "  vector.transfer_write %r, %out[%c0, %c0] {in_bounds = [true, true]} : "
    "vector<4x64xf16>, memref<4x64xf16>\n"
    "  return\n"
    "}\n";

static void
write_text(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static void
write_array(const char *name, NpyDtype t, int ndim, const size_t *shape, size_t itemsize,
            void *data)
{
    NpyArray a = { t, ndim, { 0 }, 1, itemsize, data };
    for (int i = 0; i < ndim; i++) {
        a.shape[i] = shape[i];
        a.count *= shape[i];
    }
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    CHECK(npy_write(path, &a, err, sizeof err) == 0);
}

static int
run(int argc, const char **argv)
{
    return run_mlir_main(argc, (char **)argv);
}

static bool
read_out(const char *name, NpyArray *a)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/out/%s", dir, name);
    bool ok = npy_read(path, a, err, sizeof err) == 0;
    if (!ok)
        fprintf(stderr, "%s: %s\n", path, err);
    return ok;
}

/* IEEE half bits of a small integer-valued or k/2 float (exact cases only). */
static uint16_t
half_bits(float f)
{
    if (f == 0)
        return 0;
    uint16_t sign = f < 0 ? 0x8000 : 0;
    f = fabsf(f);
    int e = 0;
    while (f >= 2) {
        f /= 2;
        e++;
    }
    while (f < 1) {
        f *= 2;
        e--;
    }
    return (uint16_t)(sign | ((e + 15) << 10) | (uint16_t)((f - 1) * 1024));
}

static void
test_axpy(void)
{
    enum { N = 100, CAP = 128 };
    float x[CAP], y[CAP];
    for (int i = 0; i < CAP; i++) {
        x[i] = (float)i;
        y[i] = 1000.0f + (float)i;
    }
    size_t shape[1] = { CAP };
    write_array("x.npy", NPY_F4, 1, shape, 4, x);
    write_array("y.npy", NPY_F4, 1, shape, 4, y);
    write_text("axpy.mlir", axpy);
    char k[512], xa[512], ya[512], out[512];
    snprintf(k, sizeof k, "%s/axpy.mlir", dir);
    snprintf(xa, sizeof xa, "%s/x.npy", dir);
    snprintf(ya, sizeof ya, "%s/y.npy", dir);
    snprintf(out, sizeof out, "--out=%s/out", dir);
    const char *argv[] = { "run", k, "--backend=sim", "--grid=2", out, xa, ya, "0.5", "100" };
    CHECK(run(9, argv) == 0);
    NpyArray a = { 0 }, b = { 0 };
    if (read_out("arg0.npy", &a) && read_out("arg1.npy", &b)) {
        CHECK(a.dtype == NPY_F4 && a.count == CAP && b.count == CAP);
        for (int i = 0; i < CAP && a.count == CAP && b.count == CAP; i++) {
            float want = i < N ? 0.5f * (float)i + 1000.0f + (float)i : 1000.0f + (float)i;
            CHECK(((float *)a.data)[i] == (float)i);
            if (((float *)b.data)[i] != want) {
                fprintf(stderr, "axpy: y[%d] = %g, want %g\n", i, ((float *)b.data)[i], want);
                failures++;
                break;
            }
        }
    }
    npy_free(&a);
    npy_free(&b);
    /* wrong argument count and wrong dtype are errors */
    const char *few[] = { "run", k, "--backend=sim", out, xa };
    CHECK(run(5, few) == 1);
    const char *bad[] = { "run", k, "--backend=sim", out, xa, "0.5", "0.5", "100" };
    CHECK(run(8, bad) == 1);
}

static void
test_twice(void)
{
    uint16_t x[4 * 64];
    for (int i = 0; i < 4 * 64; i++)
        x[i] = half_bits((float)(i % 64 - 32) / 2);
    size_t shape[2] = { 4, 64 };
    write_array("h.npy", NPY_F2, 2, shape, 2, x);
    write_array("o.npy", NPY_F2, 2, shape, 2, x);
    write_text("twice.mlir", twice);
    char k[512], ha[512], oa[512], out[512];
    snprintf(k, sizeof k, "%s/twice.mlir", dir);
    snprintf(ha, sizeof ha, "%s/h.npy", dir);
    snprintf(oa, sizeof oa, "%s/o.npy", dir);
    snprintf(out, sizeof out, "--out=%s/out", dir);
    const char *argv[] = { "run", k, "--backend=sim", out, ha, oa, "3" };
    CHECK(run(7, argv) == 0);
    NpyArray o = { 0 };
    if (read_out("arg1.npy", &o)) {
        CHECK(o.dtype == NPY_F2 && o.ndim == 2 && o.shape[0] == 4 && o.shape[1] == 64);
        for (int i = 0; i < 4 * 64 && o.count == 4 * 64; i++) {
            uint16_t want = half_bits((float)(i % 64 - 32) + 3);
            if (((uint16_t *)o.data)[i] != want) {
                fprintf(stderr, "twice: out[%d] = 0x%04x, want 0x%04x\n", i,
                        ((uint16_t *)o.data)[i], want);
                failures++;
                break;
            }
        }
    }
    npy_free(&o);
}

int
main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/vptx-run-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    char out[300];
    snprintf(out, sizeof out, "%s/out", dir);
    if (mkdir(out, 0755) != 0) {
        perror("mkdir");
        return 1;
    }
    test_axpy();
    test_twice();
    if (failures) {
        fprintf(stderr, "test_run_mlir: %d failures (files kept in %s)\n", failures, dir);
        return 1;
    }
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "test_run_mlir: could not remove %s\n", dir);
    printf("test_run_mlir: ok\n");
    return 0;
}
