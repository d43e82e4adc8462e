/*
 * output.h -- writing output files safely (see output.c for the rules).
 */
#ifndef VPTX_DRIVER_OUTPUT_H
#define VPTX_DRIVER_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

/* output.c */
/* Writes len bytes to path: atomically (temporary file + rename) when path
 * is a regular file or absent, through a symbolic link, in place for a
 * device or FIFO.  False with errno set on failure; path is then unchanged
 * when it was a regular file. */
bool output_write(const char *path, const void *data, size_t len);
/* Checks an output folder name and creates it and its parents. */
bool output_dir(const char *dir, char *err, size_t errsize);
/* buf = dir/name; false (with a message) when it does not fit in size or PATH_MAX. */
bool output_join(char *buf, size_t size, const char *dir, const char *name, char *err,
                 size_t errsize);

#endif
