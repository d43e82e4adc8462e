/*
 * progress.h -- a progress line on a terminal's stderr for long simulator launches
 * (progress.c).
 */
#ifndef VPTX_RUNTIME_PROGRESS_H
#define VPTX_RUNTIME_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Progress {
    const char *who, *what; /* "vptx check", "gemm on the simulator" */
    const char *unit;       /* what is counted: "CTA" (NULL), "workgroup" */
    uint64_t start_ns, last_ns;
    bool on, always, shown;
} Progress;
/* Starts timing work: a line appears on a terminal's stderr once it has run 2 s. */
void progress_begin(Progress *p, const char *who, const char *what);
/* done of total units (a SimProgressFn; user is the Progress). */
void progress_update(void *user, uint64_t done, uint64_t total);
/* Erases the line, if one was shown. */
void progress_end(Progress *p);

#endif
