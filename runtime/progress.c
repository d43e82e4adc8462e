/*
 * progress.c -- a progress line for long launches: `vptx check`, `vptx run` and
 * --timing on big grids tell a waiting user where they are.
 *
 *   vptx check: gemm on the simulator: CTA 1200 of 4096 (29%), 34 s
 *
 * The line goes to stderr, only when stderr is a terminal and the work has already
 * taken 2 seconds, at most 4 times a second, and is erased when the work ends, so a
 * short run or a redirected one prints nothing.  VPTX_PROGRESS=always shows it from
 * the start on any stderr (tests), VPTX_PROGRESS=never never.
 */
#include "runtime/progress.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { DELAY_NS = 2000000000, PERIOD_NS = 250000000 };

static uint64_t
now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void
progress_begin(Progress *p, const char *who, const char *what)
{
    memset(p, 0, sizeof *p);
    p->who = who;
    p->what = what;
    const char *env = getenv("VPTX_PROGRESS");
    p->always = env && strcmp(env, "always") == 0;
    p->on = p->always || (isatty(STDERR_FILENO) && !(env && strcmp(env, "never") == 0));
    p->start_ns = p->on ? now_ns() : 0;
}

void
progress_update(void *user, uint64_t done, uint64_t total)
{
    Progress *p = user;
    if (!p->on)
        return;
    uint64_t t = now_ns();
    if (!p->always && (t - p->start_ns < DELAY_NS || (p->shown && t - p->last_ns < PERIOD_NS)))
        return;
    p->last_ns = t;
    p->shown = true;
    /* \r and erase to the end of the line; a pipe (always) gets one line per update */
    fprintf(stderr, "%s%s: %s: %s %llu of %llu (%d%%), %.0f s%s", p->always ? "" : "\r\033[K",
            p->who, p->what, p->unit ? p->unit : "CTA", (unsigned long long)done,
            (unsigned long long)total, total ? (int)(100 * done / total) : 100,
            (double)(t - p->start_ns) * 1e-9, p->always ? "\n" : "");
    fflush(stderr);
}

void
progress_end(Progress *p)
{
    if (p->on && p->shown && !p->always) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    p->shown = false;
}
