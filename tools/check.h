/* check.h -- `vptx check FILE.mlir`: run kernels on random inputs against a reference. */
#ifndef VPTX_TOOLS_CHECK_H
#define VPTX_TOOLS_CHECK_H

#include "driver/vptx.h"
#include "ir/ir.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* argv[0] is "check"; returns the exit status (0 pass, 1 fail, 77 backend missing). */
int check_main(int argc, char **argv);

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

/* tolerance.c -- how far a compiled float output may be from its reference, derived
 * from the ops that compute it (see tolerance.c for the formula). */
typedef struct Tolerance {
    double rtol, atol; /* |got - want| <= atol + rtol * |want| */
    double n;          /* the longest accumulation on the chain (elements x loop trips) */
    double u_acc;      /* the unit roundoff of its type */
    double rounds;     /* float rounding ops on the chain (x loop trips) */
    double u;          /* the coarsest unit roundoff they (and the output) round to */
    double math;       /* the largest math.* error */
    bool exact;        /* an integer output: compared exactly */
    bool written;      /* some op writes the argument (else it is compared exactly) */
} Tolerance;

/* The tolerance of memref argument `arg` of kernel func compiled with opt (its
 * precise_math, fast_math and allow_tf32 count).  False when out of memory or arg is not
 * an argument (t is then the output type's rounding alone). */
bool tolerance_of_arg(Module *m, OpId func, uint32_t arg, const VptxOptions *opt, Tolerance *t);
/* The unit roundoff of a float type (f16 2^-11, ...), 0 for others. */
double tolerance_unit_roundoff(TypeId t);
/* rtol and atol of t from its n, u_acc, rounds, u and math (after a change to them) */
void tolerance_finish(Tolerance *t);

#endif
