/*
 * npy.h -- read and write NumPy .npy files (format versions 1.0 and 2.0).
 *
 * Only what `vptx run` needs: little-endian, C-order arrays of the dtypes
 * below (bf16 travels as <u2).  Everything else is rejected with a message;
 * a malformed file is an error, never a crash.
 */
#ifndef VPTX_RUNTIME_NPY_H
#define VPTX_RUNTIME_NPY_H

#include <stddef.h>

#define NPY_MAXDIM 16

typedef enum {
    NPY_F4,
    NPY_F2,
    NPY_F8,
    NPY_I1,
    NPY_I4,
    NPY_I8,
    NPY_U1,
    NPY_U2,
    NPY_U4,
    NPY_U8
} NpyDtype;

typedef struct {
    NpyDtype dtype;
    int ndim;
    size_t shape[NPY_MAXDIM];
    size_t count;    /* product of shape (1 for a 0-d array) */
    size_t itemsize; /* bytes per element */
    void *data;      /* count * itemsize bytes, malloc'd */
} NpyArray;

/* Parse a whole .npy image; 0 on success, -1 with a message in err. */
int npy_parse(const void *buf, size_t len, NpyArray *out, char *err, size_t errsize);
int npy_read(const char *path, NpyArray *out, char *err, size_t errsize);
int npy_write(const char *path, const NpyArray *a, char *err, size_t errsize);
/* The .npy image of a (malloc'd into *image, *len bytes); -1 with a message when out of
 * memory. */
int npy_encode(const NpyArray *a, char **image, size_t *len, char *err, size_t errsize);
void npy_free(NpyArray *a);
const char *npy_dtype_descr(NpyDtype t); /* "<f4", ... */

#endif
