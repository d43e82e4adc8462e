/* check.h -- `vptx check FILE.mlir`: run kernels on random inputs against a reference. */
#ifndef VPTX_DRIVER_CHECK_H
#define VPTX_DRIVER_CHECK_H

#include "ir/ir.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* argv[0] is "check"; returns the exit status (0 pass, 1 fail, 77 backend missing). */
int check_main(int argc, char **argv);

/* The tolerance `vptx check` gives an output of element type elem of kernel func:
 * rtol = atol = (16 + n) * u + math (see check.c). */
double check_tolerance(Module *m, OpId func, TypeId elem, bool precise_math, bool allow_tf32);

/* What check_text found. */
typedef enum {
    CHECK_PASS,     /* every kernel matched its reference */
    CHECK_MISMATCH, /* some element differs beyond the tolerance */
    CHECK_FAULT,    /* the compiled kernel failed to run on the simulator */
    CHECK_REJECTED, /* parsed and verified, but the compiler reported an error */
    CHECK_INVALID,  /* the text does not parse or verify */
    CHECK_ERROR,    /* anything else: eval failed, no simulator, out of memory */
} CheckStatus;

typedef struct CheckTextOptions {
    const char *arch;  /* e.g. "sm_80" */
    uint64_t seed;     /* random inputs, as --seed */
    bool verbose;      /* tolerances and up to 10 mismatches in the log */
    double rtol, atol; /* < 0: computed, as without --rtol / --atol */
    bool precise_math; /* as --precise-math */
} CheckTextOptions;

/* `vptx check --backend=sim` on the text of a module (`name` in messages),
 * in this process: every kernel runs on the simulator against eval.  The
 * PASS/FAIL lines and every diagnostic go to log.  Stops at the first kernel
 * that does not pass. */
CheckStatus check_text(const char *name, const char *text, size_t len, const CheckTextOptions *o,
                       FILE *log);

#endif
