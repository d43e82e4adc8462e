/*
 * passes.c -- watching the pipeline run: --time-passes (wall time per pass,
 * a table at the end, as llc's and mlir-opt's timing reports) and
 * --print-after=PASS / --print-after-all (the IR after a pass, as MLIR text).
 *
 * api.c runs every pass through trace_pass / trace_end with a PassTrace, or
 * with NULL when nothing is watched (then they only run the pass).  Dumps
 * and the table go to the FILE the caller gives (the CLI: stderr); the
 * library itself never picks a stream.
 *
 * The pass names, in pipeline order:
 *   parse       text -> IR (frontend/)
 *   verify      the IR verifier, after parsing and after every transform
 *   select      tensor-core intrinsic and subgroup split selection (layout/select.c)
 *   layout      layout assignment (layout/), vector-level input only
 *   budget      the per-thread register estimate and its warnings (layout/budget.c)
 *   distribute  vector + layouts -> per-thread SIMT IR (distribute/)
 *   ptxgen      SIMT IR -> PTX text (ptxgen/); it prints PTX, not IR
 */
#include "driver/driver.h"

#include <string.h>
#include <time.h>

static const char *const pass_names[TRACE_NPASSES] = { "parse",  "verify",     "select", "layout",
                                                       "budget", "distribute", "ptxgen" };

const char *
trace_pass_list(void)
{
    return "parse, verify, select, layout, budget, distribute, ptxgen";
}

int
trace_pass_index(const char *name)
{
    for (int i = 0; i < TRACE_NPASSES; i++)
        if (name && strcmp(name, pass_names[i]) == 0)
            return i;
    return -1;
}

void
trace_init(PassTrace *t, FILE *out)
{
    memset(t, 0, sizeof *t);
    t->out = out;
}

uint64_t
trace_begin(const PassTrace *t)
{
    if (!t || !t->time_passes)
        return 0;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void
trace_end(PassTrace *t, const char *name, uint64_t start, Module *m, bool ok)
{
    if (!t)
        return;
    int i = trace_pass_index(name);
    if (i < 0)
        return;
    if (t->time_passes) {
        t->ns[i] += trace_begin(t) - start;
        t->runs[i]++;
    }
    if (ok && m && (t->print_after_all || (t->print_after & (1u << i)))) {
        fprintf(t->out, "// -----// IR Dump After %s //----- //\n", name);
        ir_print(m, t->out);
    }
}

bool
trace_pass(PassTrace *t, const char *name, bool (*pass)(Module *, Diag *), Module *m, Diag *d)
{
    uint64_t start = trace_begin(t);
    bool ok = pass(m, d);
    trace_end(t, name, start, m, ok);
    return ok;
}

/*
 * The report, passes in pipeline order, those that never ran left out:
 *
 *   ===-------------------------------------------------------------------===
 *                        vptx pass execution timing report
 *   ===-------------------------------------------------------------------===
 *     Total Execution Time: 0.0012 seconds
 *
 *      ---Wall Time---  ---Runs---  ---Name---
 *      0.0003 ( 25.0%)           1  parse
 *      ...
 *      0.0012 (100.0%)              Total
 */
void
trace_report(const PassTrace *t)
{
    if (!t || !t->time_passes)
        return;
    static const char rule[] =
        "===-------------------------------------------------------------------------===\n";
    uint64_t total = 0;
    for (int i = 0; i < TRACE_NPASSES; i++)
        total += t->ns[i];
    double secs = (double)total * 1e-9;
    fprintf(t->out, "%s%*s\n%s", rule, 52, "vptx pass execution timing report", rule);
    fprintf(t->out, "  Total Execution Time: %.4f seconds\n\n", secs);
    fprintf(t->out, "   ---Wall Time---  ---Runs---  ---Name---\n");
    for (int i = 0; i < TRACE_NPASSES; i++) {
        if (!t->runs[i])
            continue;
        double s = (double)t->ns[i] * 1e-9;
        fprintf(t->out, "   %.4f (%5.1f%%)  %10u  %s\n", s, total ? 100.0 * s / secs : 0.0,
                t->runs[i], pass_names[i]);
    }
    fprintf(t->out, "   %.4f (100.0%%)              Total\n", secs);
}
