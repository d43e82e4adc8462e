/*
 * test_sim_run.c -- the .npy reader/writer (round trip, every supported
 * dtype, rejection of unsupported and malformed files, every truncation and
 * many byte flips of a valid file without a crash) and `vptx run`
 * end to end through run_ptx_main().
 */
#include "runtime/npy.h"
#include "tools/run_ptx.h"
#include "tests/sim/simtest.h"

#include <unistd.h>

static char dir[64];

static void
write_bytes(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(p, 1, n, f);
        fclose(f);
    }
}

static size_t
make_npy(unsigned char *buf, const char *dict, const void *data, size_t n)
{
    size_t hl = strlen(dict);
    memcpy(buf, "\x93NUMPY\x01\x00", 8);
    buf[8] = (unsigned char)(hl & 0xff);
    buf[9] = (unsigned char)(hl >> 8);
    memcpy(buf + 10, dict, hl);
    memcpy(buf + 10 + hl, data, n);
    return 10 + hl + n;
}

static void
test_npy(void)
{
    char err[256], path[128];
    float v[6] = { 1, 2, 3, 4, 5, 6 };
    NpyArray a = { NPY_F4, 2, { 2, 3 }, 6, 4, v }, b;
    snprintf(path, sizeof path, "%s/x.npy", dir);
    CHECK(npy_write(path, &a, err, sizeof err) == 0, "npy_write: %s", err);
    CHECK(npy_read(path, &b, err, sizeof err) == 0, "npy_read: %s", err);
    CHECK(b.dtype == NPY_F4 && b.ndim == 2 && b.shape[0] == 2 && b.shape[1] == 3 && b.count == 6 &&
              !memcmp(b.data, v, sizeof v),
          "round trip");
    npy_free(&b);
    static const char *const ok[] = { "<f4", "<f2", "<f8", "|i1", "<i4",
                                      "<i8", "|u1", "<u2", "<u4", "<u8" };
    static const size_t sizes[] = { 4, 2, 8, 1, 4, 8, 1, 2, 4, 8 };
    unsigned char buf[512];
    for (int i = 0; i < 10; i++) {
        char dict[128];
        snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (3,), }\n",
                 ok[i]);
        size_t n = make_npy(buf, dict, "abcdefghijklmnopqrstuvwx", 3 * sizes[i]);
        CHECK(npy_parse(buf, n, &b, err, sizeof err) == 0 && b.itemsize == sizes[i] && b.count == 3,
              "dtype %s: %s", ok[i], err);
        npy_free(&b);
    }
    static const struct {
        const char *dict;
        const char *want;
    } bad[] = {
        { "{'descr': '>f4', 'fortran_order': False, 'shape': (3,), }", "unsupported dtype '>f4'" },
        { "{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }", "unsupported dtype" },
        { "{'descr': '<f4', 'fortran_order': True, 'shape': (3,), }", "Fortran-order" },
        { "{'descr': '<f4', 'fortran_order': False, 'shape': (300,), }", "promises more" },
        { "{'descr': '<f4', 'fortran_order': False, 'shape': (3, }", "malformed 'shape'" },
        { "{'fortran_order': False, 'shape': (3,), }", "no 'descr'" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t n = make_npy(buf, bad[i].dict, "abcdefghijkl", 12);
        CHECK(npy_parse(buf, n, &b, err, sizeof err) != 0 && strstr(err, bad[i].want),
              "bad %zu: got '%s'", i, err);
    }
    /* never crash: every truncation and single-byte corruption */
    size_t n = make_npy(buf, "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 2), }",
                        "0123456789abcdef", 16);
    for (size_t k = 0; k <= n; k++)
        if (npy_parse(buf, k, &b, err, sizeof err) == 0)
            npy_free(&b);
    for (size_t k = 0; k < n; k++)
        for (int x = 1; x < 256; x += 37) {
            buf[k] ^= (unsigned char)x;
            if (npy_parse(buf, n, &b, err, sizeof err) == 0)
                npy_free(&b);
            buf[k] ^= (unsigned char)x;
        }
}

static const char saxpy_ptx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry saxpy(.param .u64 y, .param .u64 x, .param .f32 a, .param .u32 n)\n{\n"
    ".reg .b32 %r<4>; .reg .f32 %f<4>; .reg .b64 %rd<6>; .reg .pred %p;\n"
    "ld.param.u64 %rd1, [y];\nld.param.u64 %rd2, [x];\nld.param.f32 %f1, [a];\nld.param.u32 %r1, "
    "[n];\n"
    "mov.u32 %r2, %tid.x;\nsetp.ge.u32 %p, %r2, %r1;\n@%p ret;\n"
    "mul.wide.u32 %rd3, %r2, 4;\nadd.s64 %rd4, %rd1, %rd3;\nadd.s64 %rd5, %rd2, %rd3;\n"
    "ld.global.f32 %f2, [%rd4];\nld.global.f32 %f3, [%rd5];\nfma.rn.f32 %f2, %f1, %f3, %f2;\n"
    "st.global.f32 [%rd4], %f2;\nret;\n}\n";

static int
run_cli(const char *const *args, int n)
{
    char *argv[32];
    for (int i = 0; i < n; i++)
        argv[i] = (char *)args[i];
    return run_ptx_main(n, argv);
}

static void
test_run(void)
{
    char ptx[128], ypath[128], xpath[128], out[128], err[256];
    snprintf(ptx, sizeof ptx, "%s/saxpy.ptx", dir);
    snprintf(ypath, sizeof ypath, "%s/y.npy", dir);
    snprintf(xpath, sizeof xpath, "%s/x.npy", dir);
    write_bytes(ptx, saxpy_ptx, strlen(saxpy_ptx));
    float y[40], x[40];
    for (int i = 0; i < 40; i++) {
        y[i] = (float)i;
        x[i] = (float)(2 * i);
    }
    NpyArray ya = { NPY_F4, 1, { 40 }, 40, 4, y }, xa = { NPY_F4, 1, { 40 }, 40, 4, x };
    npy_write(ypath, &ya, err, sizeof err);
    npy_write(xpath, &xa, err, sizeof err);
    const char *args[] = { "run", ptx,   "--grid", "1",     "--block=64", ypath,
                           xpath, "0.5", "37",     "--out", dir };
    CHECK(run_cli(args, 11) == 0, "vptx run saxpy failed");
    snprintf(out, sizeof out, "%s/arg0.npy", dir);
    NpyArray r;
    if (npy_read(out, &r, err, sizeof err) == 0) {
        const float *ry = r.data;
        for (int i = 0; i < 40; i++) {
            float want = i < 37 ? (float)i + 0.5f * (float)(2 * i) : (float)i;
            CHECK(ry[i] == want, "arg0[%d] = %g, want %g", i, ry[i], want);
        }
        npy_free(&r);
    } else {
        CHECK(0, "%s", err);
    }
    /* errors: wrong argument count, array for a scalar, a fault */
    const char *few[] = { "run", ptx, "--grid", "1", "--block", "64", ypath };
    CHECK(run_cli(few, 7) == 1, "missing arguments accepted");
    const char *wrong[] = { "run", ptx, "--grid", "1", "--block", "64", ypath, xpath, xpath, "3" };
    CHECK(run_cli(wrong, 10) == 1, "array for a scalar accepted");
    const char *oob[] = { "run", ptx,   "--grid", "1",  "--block", "64",
                          ypath, xpath, "1",      "64", "--out",   dir };
    CHECK(run_cli(oob, 12) == 1, "out-of-bounds run succeeded");
    const char *nogrid[] = { "run", ptx, ypath };
    CHECK(run_cli(nogrid, 3) == 1, "missing --grid accepted");
    remove(ptx);
    remove(ypath);
    remove(xpath);
    remove(out);
    snprintf(out, sizeof out, "%s/arg1.npy", dir);
    remove(out);
}

int
main(void)
{
    snprintf(dir, sizeof dir, "/tmp/vptx_sim_run_%ld", (long)getpid());
    char cmd[128];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    if (system(cmd) != 0)
        return 1;
    test_npy();
    test_run();
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        return 1;
    return test_exit("test_sim_run");
}
