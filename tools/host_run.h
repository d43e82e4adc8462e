/*
 * host_run.h -- running a program with host code (docs/host-code.md; driver/host.h
 * outlines and strips it for the pipeline):
 *
 *   host_run   `vptx run PROGRAM.mlir`: the host code runs in eval (eval_host), each
 *              launch compiled once and run on the simulator or the GPU;
 *              `vptx check PROGRAM.mlir` (o->check): the same run, each launch of a
 *              vector-level kernel checked against eval
 */
#ifndef VPTX_TOOLS_HOST_RUN_H
#define VPTX_TOOLS_HOST_RUN_H

#include "runtime/launch.h"
#include "driver/vptx.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct HostRunOptions {
    const char *input; /* the file, for messages */
    const char *entry; /* the function to run (default "main") */
    const char *backend;
    VptxOptions opt; /* arch and compile flags */
    SimLimits limits;
    bool keep;           /* write the PTX to DIR/NAME.ptx */
    const char *out_dir; /* for --keep */
    /* vptx check: the program's output is not printed; every launch of a vector-level
     * kernel is compared with eval on the same inputs; one PASS / FAIL / SKIP line per
     * kernel */
    bool check;
    double rtol, atol; /* < 0: computed as vptx check computes them */
    bool verbose;      /* the tolerances */
} HostRunOptions;

/* Parses, compiles and runs the program in text; the exit status (0, 1, or 77 when
 * --backend=cuda finds no GPU). */
int host_run(const char *text, size_t len, const HostRunOptions *o);

#endif
