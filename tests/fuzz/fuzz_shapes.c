/*
 * fuzz_shapes.c -- fuzz target: shapes whose products come near or past 2^63.
 *
 * The input's bytes pick a memref type, a vector type (same rank) and an
 * element type; the target writes a kernel that reads the vector from the
 * memref and writes it back, and compiles it through the C API to the
 * level the input picks:
 *
 *   byte 0      rank (1-4), element type, emit level
 *   then        per dim of the memref, then of the vector: one byte choosing
 *               a value from `edge` below, or (>= the table's size) the next
 *               8 bytes as a 63-bit number
 *
 * The oracle is computed here, independently of the compiler: when a type's
 * element count or byte size does not fit in int64, the compile must fail
 * with an error that says so ("2^63").  Every compile must end quickly
 * (libFuzzer's -timeout) and within the memory cap (-rss_limit_mb), whatever
 * the numbers: the per-thread limit is checked before distribute plans.
 */
#include "tests/fuzz/fuzz.h"
#include "port.h"

#include "driver/vptx.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const FuzzSeedDir fuzz_seed_dirs[] = {
    { "tests/fuzz/corpus/shapes", NULL },
    { NULL, NULL },
};

static const int64_t edge[] = {
    1,
    2,
    3,
    7,
    32,
    64,
    1024,
    65536,
    274177,
    2147483647,
    2147483648,
    4294967296,
    3037000499,
    3037000500,
    1000000000,
    67280421310721,
    (int64_t)1 << 62,
    INT64_MAX,
    (int64_t)1 << 32 | 1,
    6700417,
};
#define NEDGE (sizeof edge / sizeof edge[0])

static const struct {
    const char *name, *pad;
    int bytes;
} elems[] = {
    { "f32", "0.0", 4 }, { "f16", "0.0", 2 }, { "f64", "0.0", 8 },
    { "i8", "0", 1 },    { "i64", "0", 8 },   { "i32", "0", 4 },
};
#define NELEMS (sizeof elems / sizeof elems[0])

typedef struct {
    const uint8_t *p;
    size_t n;
} Bytes;

static int64_t
next_dim(Bytes *b)
{
    if (b->n == 0)
        return 1;
    unsigned k = *b->p++;
    b->n--;
    if (k < NEDGE)
        return edge[k];
    uint64_t v = 0;
    for (int i = 0; i < 8 && b->n; i++, b->n--)
        v = v << 8 | *b->p++;
    v &= INT64_MAX;
    return v ? (int64_t)v : 1;
}

/* true when the dims times `bytes` overflow int64 (the independent oracle) */
static bool
overflows(const int64_t *dims, int rank, int bytes)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++)
        if (__builtin_mul_overflow(n, dims[i], &n))
            return true;
    return __builtin_mul_overflow(n, (int64_t)bytes, &n);
}

static size_t
shape(char *buf, size_t cap, const int64_t *dims, int rank)
{
    size_t o = 0;
    for (int i = 0; i < rank && o < cap; i++)
        o += (size_t)snprintf(buf + o, cap - o, "%" PRId64 "x", dims[i]);
    return o;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int rank = 1 + (data[0] & 3);
    unsigned e = (data[0] >> 2) % NELEMS;
    VptxEmit emit = (VptxEmit)(data[0] >> 5 & 3);
    Bytes b = { data + 1, size - 1 };
    int64_t mdims[4], vdims[4];
    for (int i = 0; i < rank; i++)
        mdims[i] = next_dim(&b);
    for (int i = 0; i < rank; i++)
        vdims[i] = next_dim(&b);

    char ms[200], vs[200], idx[64] = "", inb[64] = "";
    shape(ms, sizeof ms, mdims, rank);
    shape(vs, sizeof vs, vdims, rank);
    for (int i = 0; i < rank; i++) {
        strcat(idx, i ? ", %c0" : "%c0");
        strcat(inb, i ? ", true" : "true");
    }
    const char *t = elems[e].name;
    char text[2048];
    int len = snprintf(
        text, sizeof text,
        "func.func @k(%%x: memref<%s%s>) attributes {gpu.known_block_size = array<i32: 64, 1, "
        "1>} {\n"
        "  %%c0 = arith.constant 0 : index\n"
        "  %%pad = arith.constant %s : %s\n"
        "  %%v = vector.transfer_read %%x[%s], %%pad {in_bounds = [%s]} : memref<%s%s>, "
        "vector<%s%s>\n"
        "  vector.transfer_write %%v, %%x[%s] {in_bounds = [%s]} : vector<%s%s>, memref<%s%s>\n"
        "  return\n"
        "}\n",
        ms, t, elems[e].pad, t, idx, inb, ms, t, vs, t, idx, inb, vs, t, ms, t);
    if (len < 0 || (size_t)len >= sizeof text)
        return 0;

    VptxOptions opt;
    vptx_options_init(&opt);
    opt.emit = emit;
    VptxResult *r = NULL;
    int rc = vptx_compile("shapes.mlir", text, (size_t)len, &opt, &r);
    if (!r)
        return 0; /* out of memory */
    bool too_big = overflows(mdims, rank, elems[e].bytes) || overflows(vdims, rank, elems[e].bytes);
    if (too_big) {
        if (rc == 0)
            fuzz_fail("a type past 2^63 elements or bytes compiled:\n%s", text);
        if (!strstr(vptx_result_diagnostics_text(r), "2^63"))
            fuzz_fail("no 2^63 error for:\n%s\ngot:\n%s", text, vptx_result_diagnostics_text(r));
    }
    if (rc != 0 && vptx_result_output(r, NULL))
        fuzz_fail("an output after a failure");
    vptx_result_free(r);
    return 0;
}
