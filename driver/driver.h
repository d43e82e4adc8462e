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

#endif
