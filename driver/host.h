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
 *
 * Running such a program (`vptx run` / `vptx check PROGRAM.mlir`) is tools/host_run.h.
 */
#ifndef VPTX_DRIVER_HOST_H
#define VPTX_DRIVER_HOST_H

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

#endif
