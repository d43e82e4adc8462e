/*
 * ptxas.h -- running NVIDIA's ptxas on the PTX vptx emits: `--emit=cubin`,
 * `--ptxas-stats`, and the demo's "does ptxas accept it" step.
 *
 * ptxas is looked up in $PTXAS (a path), then PATH, then $CUDA_HOME/bin, then
 * /usr/local/cuda/bin, and started with posix_spawn.  Its output is captured
 * and handed back unchanged; on failure the PTX file is kept for inspection.
 */
#ifndef VPTX_RUNTIME_PTXAS_H
#define VPTX_RUNTIME_PTXAS_H

#include "sim/sim.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ptxas's path (malloc'd), or NULL when none is found. */
char *ptxas_find(void);

typedef struct PtxasOptions {
    const char *arch;   /* "sm_80", "sm_90a", ... */
    const char *output; /* the cubin to write, or NULL for none (only check / stats) */
    const char *name;   /* base name for the temporary .ptx ("k" -> .../k.ptx) */
    bool stats;         /* run with -v and print per-kernel registers, spills, smem */
    bool verbose;       /* print the command line first ("+ ptxas ...") */
    bool keep;          /* keep the temporary folder even on success */
    bool quiet;         /* on failure print nothing and keep nothing (spill checks) */
} PtxasOptions;

/* Writes ptx to a temporary file and assembles it.  Messages (the command,
 * ptxas's own output on failure, the statistics, where the PTX was kept) go
 * to msgs.  Returns 0 on success, ptxas's exit status when it fails, 1 when
 * it cannot be run at all ("ptxas not found ..."). */
int ptxas_assemble(const char *ptx, size_t len, const PtxasOptions *opt, FILE *msgs);

/* One kernel's line of `ptxas -v`. */
typedef struct PtxasKernelStats {
    char name[256];
    long registers, spill_stores, spill_loads, stack, smem, barriers;
} PtxasKernelStats;

/* Registers per thread of kernel `entry` by `ptxas -v`, assembling for the PTX's own
 * .target; 0 when ptxas is not found, fails, or does not name the kernel. */
long ptxas_kernel_registers(const char *ptx, const char *entry);

/* The timing model's registers per thread for kernel `entry` of ptx on sim context ctx
 * (a SimCtx: SIM_OPT_TIMING_REGS and SIM_OPT_TIMING_REGS_PTXAS): `given` when nonzero
 * (--timing-regs), else ptxas -v's count, else 0 (the model estimates them from the PTX
 * and says so).  One occupancy truth for the CLI, the C API and the runtime API.
 * Returns the count set (0: the estimate). */
unsigned long ptxas_timing_regs(SimCtx *ctx, const char *ptx, const char *entry,
                                unsigned long given);

/* Parses `ptxas -v` output; returns how many kernels were found (at most max). */
size_t ptxas_parse_stats(const char *log, PtxasKernelStats *out, size_t max);

#endif
