/*
 * options.h -- the compile options record (VptxOptions, driver/vptx.h): one parser
 * of its command-line spellings, shared by every subcommand (vptx, vptx check,
 * vptx run X.mlir, vptx fuzz-diff), and one validator, shared by the command line
 * and vptx_compile, so that both refuse the same values with the same words.
 */
#ifndef VPTX_DRIVER_OPTIONS_H
#define VPTX_DRIVER_OPTIONS_H

#include "driver/vptx.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* options.c */
/* How the validator names an option: as the command line spells it (`--arch=sm_75`)
 * or as the C API does (`VptxOptions.arch = "sm_75"`). */
typedef enum { OPTIONS_CLI, OPTIONS_API } OptionsSpelling;

/* Checks every rule on opt; false with the first broken rule's message in err. */
bool options_validate(const VptxOptions *opt, OptionsSpelling spelling, char *err, size_t n);

/* The compile options on a command line, in every spelling vptx takes:
 *   --arch=ARCH, -arch=ARCH, -arch ARCH, --gpu-architecture=ARCH (nvcc's)
 *   --pipeline-stages=N  -g, --loc, -lineinfo (.loc lines)  --verify-each
 *   -O, -O1, -O2, -O3 (vptx has one optimisation level: accepted, no effect)
 *   --precise-math --allow-tf32 --remarks --no-warp-specialize --ping-pong
 *   --no-ping-pong --persistent --overlap-softmax
 * Returns 1 when argv[*i] is one of them (set in opt; *i moved past a separate
 * value), 0 when it is not, -1 after an error printed to err as "CMD: error: ...".
 * The values are not validated here: call options_validate once all are read. */
int cli_compile_option(int argc, char **argv, int *i, VptxOptions *opt, const char *cmd, FILE *err);

/* `CMD: error: unknown option 'ARG'`, with "did you mean '--X'?" when one of the
 * options named in the help texts (NULL-terminated list) is a likely spelling. */
void cli_unknown_option(FILE *err, const char *cmd, const char *arg, const char *const *help_texts);

/* True for a name that ends in .mlir or .ptx: an input file, never the separate value
 * of an option that takes no file (`vptx check --timing k.mlir` misses --timing's
 * value; it does not take k.mlir as the GPU's name). */
bool cli_is_input_name(const char *s);

/* `CMD: error: option 'X' needs a value`, for argv[i] (whose value is missing), saying
 * when the next argument was left as the input file. */
void cli_missing_value(FILE *err, const char *cmd, int argc, char **argv, int i);

/* A close spelling of word among names (NULL-terminated), or NULL: the one at the
 * smallest edit distance, when that is at most a third of the word's length (and 2). */
const char *cli_closest(const char *word, const char *const *names);

/* A count on the command line: decimal digits, or 0x and hex digits; no sign, no
 * blanks, no octal (010 is ten), at most max.  False when s is anything else. */
bool cli_count(const char *s, unsigned long long max, unsigned long long *out);

#endif
