/*
 * files.h -- reading a test input whole, for the unit tests.
 */
#ifndef VPTX_TESTS_FILES_H
#define VPTX_TESTS_FILES_H

#include <stdio.h>
#include <stdlib.h>

/* The file's bytes plus a terminating NUL (its length in *len), or NULL. */
static inline char *
read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    char *buf = n >= 0 && fseek(f, 0, SEEK_SET) == 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = (size_t)n;
    }
    return buf;
}

#endif
