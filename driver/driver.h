/*
 * driver.h -- pieces of the driver shared between the CLI (main.c) and the
 * library API (api.c).
 */
#ifndef VPTX_DRIVER_DRIVER_H
#define VPTX_DRIVER_DRIVER_H

#include "driver/vptx.h"
#include "ir/ir.h"

/* api.c */
/* Runs the pipeline on a parsed module, writing the requested level to out. */
bool pipeline_run(Module *m, const VptxOptions *opt, Diag *d, FILE *out);
/* Parses and compiles `text`; on success *out holds the malloc'd output. */
bool driver_compile(Diag *d, const char *name, const char *text, size_t len, const VptxOptions *opt,
                    char **out, size_t *out_len);

/* api_kernels.c: the kernels of a PTX text (vptx_result_kernel), read from the PTX */
typedef struct KernelTable {
    VptxKernel *kernels;
    size_t nkernels;
    char **strings; /* names, types, PTX types: owned here */
    size_t nstrings;
    bool failed; /* out of memory */
} KernelTable;
/* Fills t from ptx; false when out of memory (free t with kernels_free all the same). */
bool kernels_parse(KernelTable *t, const char *ptx);
void kernels_free(KernelTable *t);

/* passes.c -- --time-passes, --print-after=PASS, --print-after-all */
enum { TRACE_NPASSES = 7 }; /* parse, verify, select, layout, budget, distribute, ptxgen */

typedef struct PassTrace {
    FILE *out;            /* where dumps and the report go */
    const char *kernel;   /* --kernel NAME: compile this kernel of the module alone (NULL: all) */
    bool time_passes;     /* --time-passes */
    bool print_after_all; /* --print-after-all */
    unsigned print_after; /* --print-after: bit i = pass i (trace_pass_index) */
    uint64_t ns[TRACE_NPASSES];
    unsigned runs[TRACE_NPASSES];
} PassTrace;

void trace_init(PassTrace *t, FILE *out);
/* The index of a pass name, or -1; and all the names, for --help and errors. */
int trace_pass_index(const char *name);
const char *trace_pass_list(void);
/* Around one run of a pass (t may be NULL: nothing is watched): the start time, then
 * the time is added and, when the pass succeeded and is selected, m is printed. */
uint64_t trace_begin(const PassTrace *t);
void trace_end(PassTrace *t, const char *name, uint64_t start, Module *m, bool ok);
bool trace_pass(PassTrace *t, const char *name, bool (*pass)(Module *, Diag *), Module *m, Diag *d);
/* The --time-passes table (nothing without time_passes). */
void trace_report(const PassTrace *t);
/* driver_compile with every pass watched by t. */
bool driver_compile_traced(Diag *d, const char *name, const char *text, size_t len,
                           const VptxOptions *opt, PassTrace *t, char **out, size_t *out_len);
/* Parses and compiles text into out (a stream the caller owns and closes): false when
 * it failed, the diagnostics in d; out may then hold part of the output.  The caller
 * also checks d->out_of_memory (a diagnostic that could not be kept) and out's errors. */
bool driver_compile_to(Diag *d, const char *name, const char *text, size_t len,
                       const VptxOptions *opt, PassTrace *t, FILE *out);
/* api.c: pipeline_run with every pass watched by t (NULL: none). */
bool pipeline_run_traced(Module *m, const VptxOptions *opt, Diag *d, FILE *out, PassTrace *t);

#endif
