/*
 * fuzz_npy.c -- fuzz target: the .npy reader (runtime/npy.c, npy_parse, the
 * in-memory half of npy_read).
 *
 * A malformed image must be an error with a message, never a crash.  An
 * image that parses must describe itself consistently (count = product of
 * the shape, itemsize matching the dtype), and all of its data is read so
 * that ASan checks the buffer's size.
 */
#include "tests/fuzz/fuzz.h"

#include "runtime/npy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const FuzzSeedDir fuzz_seed_dirs[] = {
    { "tests/lit", ".npy" },
    { "tests/fuzz/corpus/npy", NULL },
    { NULL, NULL },
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    NpyArray a;
    char err[256];
    err[0] = '\0';
    if (npy_parse(data, size, &a, err, sizeof err) != 0) {
        if (!err[0])
            fuzz_fail("npy_parse failed without a message");
        return 0;
    }
    if (a.ndim < 0 || a.ndim > NPY_MAXDIM)
        fuzz_fail("ndim %d", a.ndim);
    size_t count = 1;
    for (int i = 0; i < a.ndim; i++)
        count *= a.shape[i];
    if (count != a.count)
        fuzz_fail("count %zu but the shape holds %zu", a.count, count);
    if (strlen(npy_dtype_descr(a.dtype)) != 3 ||
        (size_t)(npy_dtype_descr(a.dtype)[2] - '0') != a.itemsize)
        fuzz_fail("itemsize %zu for dtype %s", a.itemsize, npy_dtype_descr(a.dtype));
    unsigned char sum = 0;
    const unsigned char *bytes = a.data;
    for (size_t i = 0; i < a.count * a.itemsize; i++)
        sum += bytes[i];
    volatile unsigned char sink = sum;
    (void)sink;
    npy_free(&a);
    return 0;
}
