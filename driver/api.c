/*
 * api.c -- the public C API (vptx.h) and the compilation pipeline.
 *
 * The pipeline is listed here, in one place:
 *
 *   parse -> verify -> [layout -> verify -> distribute -> verify] -> ptxgen
 *
 * The bracketed passes run only for vector-level input (a module with
 * whole-workgroup vector ops); SIMT-level input goes straight to ptxgen.
 * The verifier runs between passes always under --verify-each, and in any
 * case once after parsing.
 */
#include "driver/vptx.h"
#include "driver/driver.h"

#include "distribute/distribute.h"
#include "frontend/frontend.h"
#include "ir/ir.h"
#include "layout/layout.h"
#include "ptxgen/ptxgen.h"

#include <stdlib.h>
#include <string.h>

struct VptxResult {
    char *output;
    size_t output_len;
    VptxDiagnostic *diags;
    size_t ndiags;
    char *diag_text;
    char **strings; /* file names and messages owned by the result */
    size_t nstrings;
};

void
vptx_options_init(VptxOptions *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->arch = "sm_80";
    opt->emit = VPTX_EMIT_PTX;
}

const char *
vptx_version(void)
{
    return VPTX_VERSION;
}

static bool
has_wg_op(Module *m, OpId op, void *ctx)
{
    (void)ctx;
    return !(op_info[op_get(m, op)->kind].traits & T_WG);
}

/* True when the module holds whole-workgroup vector ops (vector level). */
static bool
is_vector_level(Module *m)
{
    return !module_walk(m, m->top, has_wg_op, NULL);
}

bool
pipeline_run(Module *m, const VptxOptions *opt, Diag *d, FILE *out)
{
    if (!ir_verify(m, d))
        return false;
    if (opt->emit == VPTX_EMIT_MLIR) {
        ir_print(m, out);
        return true;
    }
    if (opt->emit == VPTX_EMIT_LAYOUT) {
        if (!layout_assign(m, d) || !ir_verify(m, d))
            return false;
        ir_print(m, out);
        return true;
    }
    if (is_vector_level(m) || distribute_needed(m) || opt->emit == VPTX_EMIT_SIMT) {
        /* inputs with hand-written `vptx.layout` on every vector op skip the layout pass */
        if (!distribute_has_layouts(m) && (!layout_assign(m, d) || !ir_verify(m, d)))
            return false;
        if (!distribute_module_staged(m, opt->pipeline_stages, d) || !ir_verify(m, d))
            return false;
        if (opt->emit == VPTX_EMIT_SIMT) {
            ir_print(m, out);
            return true;
        }
    }
    PtxOptions popt = { opt->arch, opt->precise_math != 0, opt->debug_loc != 0 };
    if (!ptxgen_arch_valid(opt->arch)) {
        diag_error(d, (Loc){ 0, 0, 0 },
                   "unknown --arch '%s' (expected sm_80, sm_86, sm_89, sm_90, sm_90a or sm_100a)",
                   opt->arch);
        return false;
    }
    return ptxgen_emit(m, &popt, out, d);
}

bool
driver_compile(Diag *d, const char *name, const char *text, size_t len, const VptxOptions *opt,
               char **out, size_t *out_len)
{
    Module m;
    module_init(&m);
    *out = NULL;
    *out_len = 0;
    FILE *f = open_memstream(out, out_len);
    if (!f) {
        module_free(&m);
        diag_error(d, (Loc){ 0, 0, 0 }, "out of memory");
        return false;
    }
    bool ok = frontend_parse(&m, d, name, text, len) && pipeline_run(&m, opt, d, f);
    fclose(f);
    module_free(&m);
    if (!ok) {
        free(*out);
        *out = NULL;
        *out_len = 0;
    }
    return ok;
}

static const char *
keep_string(VptxResult *r, const char *s)
{
    char **strings = realloc(r->strings, (r->nstrings + 1) * sizeof *strings);
    char *copy = s ? strdup(s) : NULL;
    if (!strings || (s && !copy)) {
        free(copy);
        if (strings)
            r->strings = strings;
        return NULL;
    }
    r->strings = strings;
    r->strings[r->nstrings++] = copy;
    return copy;
}

static void
collect_diagnostics(VptxResult *r, const Diag *d)
{
    r->diags = calloc(d->nrecs ? d->nrecs : 1, sizeof *r->diags);
    if (!r->diags)
        return;
    for (uint32_t i = 0; i < d->nrecs; i++) {
        const DiagRecord *rec = &d->recs[i];
        VptxDiagnostic *v = &r->diags[r->ndiags++];
        v->level = rec->level == DIAG_ERROR     ? VPTX_ERROR
                   : rec->level == DIAG_WARNING ? VPTX_WARNING
                                                : VPTX_NOTE;
        v->file = rec->loc.file ? keep_string(r, diag_file_name(d, rec->loc.file)) : NULL;
        v->line = rec->loc.line;
        v->col = rec->loc.col;
        v->message = keep_string(r, rec->msg);
    }
    size_t len = 0;
    FILE *f = open_memstream(&r->diag_text, &len);
    if (f) {
        diag_render(d, f);
        fclose(f);
    }
}

int
vptx_compile(const char *name, const char *text, size_t len, const VptxOptions *opt,
             VptxResult **out)
{
    VptxOptions defaults;
    if (!opt) {
        vptx_options_init(&defaults);
        opt = &defaults;
    }
    VptxResult *r = calloc(1, sizeof *r);
    *out = r;
    if (!r)
        return -1;
    Diag d;
    diag_init(&d);
    bool ok =
        driver_compile(&d, name ? name : "<input>", text, len, opt, &r->output, &r->output_len);
    collect_diagnostics(r, &d);
    diag_free(&d);
    return ok ? 0 : 1;
}

const char *
vptx_result_output(const VptxResult *r, size_t *len)
{
    if (len)
        *len = r && r->output ? r->output_len : 0;
    return r ? r->output : NULL;
}

size_t
vptx_result_num_diagnostics(const VptxResult *r)
{
    return r ? r->ndiags : 0;
}

const VptxDiagnostic *
vptx_result_diagnostic(const VptxResult *r, size_t i)
{
    return r && i < r->ndiags ? &r->diags[i] : NULL;
}

const char *
vptx_result_diagnostics_text(const VptxResult *r)
{
    return r && r->diag_text ? r->diag_text : "";
}

void
vptx_result_free(VptxResult *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nstrings; i++)
        free(r->strings[i]);
    free(r->strings);
    free(r->output);
    free(r->diags);
    free(r->diag_text);
    free(r);
}
