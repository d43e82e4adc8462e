/*
 * host.h -- programs with host code: an upstream-style module whose
 * functions outside every gpu.module allocate memory, launch kernels and
 * print (docs/host-code.md).
 *
 *   host_has_code        is m such a program?
 *   host_outline         each gpu.launch becomes a gpu.module + gpu.func kernel
 *                        and a gpu.launch_func (upstream's gpu-kernel-outlining)
 *   host_strip           the host functions leave the module: what stays is the
 *                        device code the pipeline compiles
 *   host_run_main        `vptx run PROGRAM.mlir`: the host code runs in eval
 *                        (eval_host), each launch compiled once and run on the
 *                        simulator or the GPU
 *   host_check_main      `vptx check PROGRAM.mlir`: the same run, each launch of a
 *                        vector-level kernel checked against eval
 */
#ifndef VPTX_DRIVER_HOST_H
#define VPTX_DRIVER_HOST_H

#include "driver/launch.h"
#include "driver/vptx.h"
#include "ir/ir.h"

/* host_outline.c */

/* Whether a function outside every gpu.module holds a host op (gpu.launch_func,
 * gpu.launch, gpu.alloc, gpu.memcpy, gpu.host_register, vector.print, ...) or calls a
 * function without a body.  In such a module every function outside the gpu.modules is
 * host code, and the kernels are the gpu.funcs marked `kernel`. */
bool host_has_code(Module *m);
/* Outlines every gpu.launch of the host functions (a verified module).  False after
 * reporting to d. */
bool host_outline(Module *m, Diag *d);
/* Takes the host functions (and the function declarations) out of the top-level module. */
void host_strip(Module *m);
/* For the pipeline: when m has host code, outline, then strip. */
bool host_prepare(Module *m, Diag *d);

/* host_run.c */

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
