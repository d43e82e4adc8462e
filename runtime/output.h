/*
 * output.h -- writing output files safely (see output.c for the rules).
 */
#ifndef VPTX_RUNTIME_OUTPUT_H
#define VPTX_RUNTIME_OUTPUT_H

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
/* Several output files written all or nothing (`vptx run`'s arrays): output_batch_add
 * stages each one (a temporary file beside a regular, absent or linked-to regular file,
 * written and flushed at once; a copy of the bytes for a device or a FIFO), and
 * output_batch_commit renames every temporary file over its target, then writes the
 * special files in place.  A failed add (a folder, a full disk) leaves every target as
 * it was: discard the batch. */
typedef struct OutputBatch {
    OutputStream *staged; /* regular files: renamed at commit */
    size_t nstaged;
    struct OutputInPlace {
        char *path;
        void *data;
        size_t len;
    } * in_place; /* devices, FIFOs, dangling links: written at commit */
    size_t nin_place;
} OutputBatch;
void output_batch_init(OutputBatch *b);
/* False with errno set when path cannot be written (a folder, no temporary file). */
bool output_batch_add(OutputBatch *b, const char *path, const void *data, size_t len);
/* Renames and writes every staged file; false with errno set, and the path in failed
 * (n bytes), at the first that fails.  The batch is empty afterwards either way. */
bool output_batch_commit(OutputBatch *b, char *failed, size_t n);
/* Removes every temporary file; no target changes. */
void output_batch_discard(OutputBatch *b);
/* Checks an output folder name and creates it and its parents. */
bool output_dir(const char *dir, char *err, size_t errsize);
/* buf = stem + ext, a file name to put in an output folder: false (with a message) when
 * it would leave the folder or hide in it ('/', a leading '.', empty) or does not fit in
 * a file name (NAME_MAX, 255 bytes) or in size. */
bool output_file_name(char *buf, size_t size, const char *stem, const char *ext, char *err,
                      size_t errsize);
/* buf = dir/name; false (with a message) when it does not fit in size or PATH_MAX. */
bool output_join(char *buf, size_t size, const char *dir, const char *name, char *err,
                 size_t errsize);

/* output.c: reading */
/* Reads a whole file (or stdin for "-"); NULL with errno set on failure, EFBIG
 * past CLI_MAX_FILE bytes (so /dev/zero is an error, not a memory blow-up). */
#define CLI_MAX_FILE ((size_t)1 << 31)
char *cli_read_file(const char *path, size_t *len);

#endif
