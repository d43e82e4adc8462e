/*
 * output.h -- writing output files safely (see output.c for the rules).
 */
#ifndef VPTX_DRIVER_OUTPUT_H
#define VPTX_DRIVER_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* output.c */
/* Writes len bytes to path: atomically (temporary file + rename) when path
 * is a regular file or absent, through a symbolic link, in place for a
 * device or FIFO.  False with errno set on failure; path is then unchanged
 * when it was a regular file. */
bool output_write(const char *path, const void *data, size_t len);
/* An output file written as a stream: a temporary file beside the target, renamed
 * over it by output_commit, removed by output_discard (so a failed compilation leaves
 * the old file, as output_write does, without holding the whole output in memory). */
typedef struct OutputStream {
    FILE *f;      /* write here */
    char *tmp;    /* the temporary file's path */
    char *target; /* the file it replaces */
} OutputStream;
/* Opens o for path when path is a regular file, an absent one, or a link to a regular
 * file.  False otherwise: with errno 0 when path is of another kind (a device, a FIFO,
 * a folder, a dangling link: write it with output_write, which handles or reports it),
 * else with errno set (the temporary file could not be made). */
bool output_begin(OutputStream *o, const char *path);
/* Closes o's stream and renames it over the target; false with errno set on failure
 * (the target is then unchanged). */
bool output_commit(OutputStream *o);
/* Closes o's stream and removes the temporary file; the target is unchanged. */
void output_discard(OutputStream *o);
/* Checks an output folder name and creates it and its parents. */
bool output_dir(const char *dir, char *err, size_t errsize);
/* buf = dir/name; false (with a message) when it does not fit in size or PATH_MAX. */
bool output_join(char *buf, size_t size, const char *dir, const char *name, char *err,
                 size_t errsize);

#endif
