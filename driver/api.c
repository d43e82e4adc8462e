/*
 * api.c -- the public C API (vptx.h) and the compilation pipeline.
 *
 * The pipeline is listed here, in one place:
 *
 *   parse -> verify -> [tile -> verify] -> [select -> layout -> verify -> budget -> distribute
 *   -> verify] -> ptxgen
 *
 * tile (tile/tile.h) turns op-level input (linalg on tensors or memrefs) into the
 * vector-level kernel the rest compiles; it runs only when the module has op-level ops.
 * select (layout/select.c) picks tensor-core intrinsics and subgroup splits
 * for contracts without an mma_kind; budget (layout/budget.c) checks the
 * registers the assigned layouts need.
 * The bracketed passes run only for vector-level input (a module with
 * whole-workgroup vector ops); SIMT-level input goes straight to ptxgen.
 * The verifier runs between passes always under --verify-each, and in any
 * case once after parsing.
 */
#define _GNU_SOURCE /* fopencookie */
#include "driver/vptx.h"
#include "driver/driver.h"

#include "distribute/distribute.h"
#include "frontend/frontend.h"
#include "ir/ir.h"
#include "layout/layout.h"
#include "ptxgen/ptxgen.h"
#include "tile/tile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Locations are 32-bit line and column numbers: an input must stay below 2 GiB. */
#define VPTX_MAX_INPUT 0x7fffffffu

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
    if (!opt)
        return;
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

/* Tensor-core selection, then layout assignment. */
static bool
run_layout(Module *m, const VptxOptions *opt, Diag *d, PassTrace *t)
{
    LayoutSelectOptions sopt = { opt->allow_tf32 != 0, opt->remarks != 0,
                                 opt->arch && strcmp(opt->arch, "sm_90a") == 0,
                                 opt->pipeline_stages };
    if (sopt.wgmma &&
        !dist_whole_tile_prepare(m, opt->persistent != 0, opt->ping_pong > 0, opt->remarks != 0, d))
        return false;
    uint64_t start = trace_begin(t);
    bool ok = layout_select(m, d, &sopt);
    trace_end(t, "select", start, m, ok);
    if (!ok || !trace_pass(t, "layout", layout_assign, m, d) ||
        !trace_pass(t, "verify", ir_verify, m, d))
        return false;
    start = trace_begin(t);
    ok = layout_budget(m, d, opt->remarks != 0);
    trace_end(t, "budget", start, m, ok);
    return ok;
}

bool
pipeline_run(Module *m, const VptxOptions *opt, Diag *d, FILE *out)
{
    return pipeline_run_traced(m, opt, d, out, NULL);
}

/* Every pass runs through trace_pass / trace_end (driver/passes.c), which only
 * calls it when t is NULL, and times it or prints the IR after it otherwise. */
bool
pipeline_run_traced(Module *m, const VptxOptions *opt, Diag *d, FILE *out, PassTrace *t)
{
    if (!trace_pass(t, "verify", ir_verify, m, d))
        return false;
    if (opt->emit == VPTX_EMIT_MLIR) {
        ir_print(m, out);
        return true;
    }
    if (tile_needed(m) || opt->emit == VPTX_EMIT_CONFIG || opt->emit == VPTX_EMIT_VECTOR) {
        /* op-level input: tile it into the vector-level kernel first */
        TileOptions topt = { opt->arch, opt->remarks != 0 };
        bool configure = opt->emit == VPTX_EMIT_CONFIG;
        uint64_t start = trace_begin(t);
        bool ok =
            !tile_needed(m) || (configure ? tile_configure(m, &topt, d) : tile_module(m, &topt, d));
        trace_end(t, "tile", start, m, ok);
        if (!ok || !trace_pass(t, "verify", ir_verify, m, d))
            return false;
        if (configure || opt->emit == VPTX_EMIT_VECTOR) {
            ir_print(m, out);
            return true;
        }
    }
    if (opt->emit == VPTX_EMIT_LAYOUT) {
        if (!run_layout(m, opt, d, t))
            return false;
        ir_print(m, out);
        return true;
    }
    if (is_vector_level(m) || distribute_needed(m) || opt->emit == VPTX_EMIT_SIMT) {
        /* inputs with hand-written `vptx.layout` on every vector op skip the layout pass */
        if (!distribute_has_layouts(m) && !run_layout(m, opt, d, t))
            return false;
        uint64_t start = trace_begin(t);
        bool ok = distribute_module_persist(m, opt->pipeline_stages, opt->remarks != 0,
                                            opt->no_warp_specialize == 0, opt->ping_pong,
                                            opt->overlap_softmax != 0, opt->persistent != 0, d);
        trace_end(t, "distribute", start, m, ok);
        if (!ok || !trace_pass(t, "verify", ir_verify, m, d))
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
    uint64_t start = trace_begin(t);
    bool ok = ptxgen_emit(m, &popt, out, d);
    trace_end(t, "ptxgen", start, NULL, ok);
    return ok;
}

/* The compilation proper, inside an OomScope: an allocation that fails anywhere
 * below frees the scope's blocks (the module, the passes' tables, ptxgen's
 * streams) and returns here through longjmp (ir/alloc.c), so running out of
 * memory is an error result, never an abort of the embedding program. */
bool
driver_compile(Diag *d, const char *name, const char *text, size_t len, const VptxOptions *opt,
               char **out, size_t *out_len)
{
    return driver_compile_traced(d, name, text, len, opt, NULL, out, out_len);
}

/* The caller's output buffer: a stream that appends to a block grown by half each time
 * (plain realloc: the buffer outlives the compilation's OomScope, and vptx_result_free
 * frees it), never zeroing its spare room.  glibc's open_memstream doubles and zeroes
 * the whole new block, so 17 MB of PTX held up to 51 MB, all of it resident, plus the
 * old block while copying.  A failed growth is a write error (out of memory). */
typedef struct OutBuf {
    char *data;
    size_t len, cap, pos;
} OutBuf;

static bool
outbuf_room(OutBuf *b, size_t need)
{
    if (need < b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap <= need) {
        if (cap > SIZE_MAX / 3)
            return false;
        cap += cap / 2;
    }
    char *data = ir_alloc_should_fail() ? NULL : realloc(b->data, cap);
    if (!data)
        return false;
    b->data = data;
    b->cap = cap;
    return true;
}

#if defined(__GLIBC__)
static ssize_t
outbuf_write(void *cookie, const char *buf, size_t size)
{
    OutBuf *b = cookie;
    if (size > SIZE_MAX - b->pos - 1 || !outbuf_room(b, b->pos + size)) {
        errno = ENOMEM;
        return -1;
    }
    if (b->pos > b->len) /* a seek past the end leaves a hole of zeros, as files do */
        memset(b->data + b->len, 0, b->pos - b->len);
    memcpy(b->data + b->pos, buf, size);
    b->pos += size;
    if (b->pos > b->len)
        b->len = b->pos;
    return (ssize_t)size;
}

static int
outbuf_seek(void *cookie, off64_t *offset, int whence)
{
    OutBuf *b = cookie;
    off64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (off64_t)b->pos : (off64_t)b->len;
    if (*offset < -base)
        return -1;
    b->pos = (size_t)(base + *offset);
    *offset = (off64_t)b->pos;
    return 0;
}

static FILE *
outbuf_open(OutBuf *b)
{
    cookie_io_functions_t io = { NULL, outbuf_write, outbuf_seek, NULL };
    return ir_alloc_should_fail() ? NULL : fopencookie(b, "w", io);
}
#else
static FILE *
outbuf_open(OutBuf *b)
{
    return ir_alloc_should_fail() ? NULL : open_memstream(&b->data, &b->len);
}
#endif

static bool check_arguments(Diag *d, const char *text, size_t len, const VptxOptions *opt);

/* Parses and compiles text into out: the OomScope below is the API boundary. */
bool
driver_compile_to(Diag *d, const char *name, const char *text, size_t len, const VptxOptions *opt,
                  PassTrace *t, FILE *out)
{
    if (!check_arguments(d, text, len, opt))
        return false;
    OomScope scope;
    Module m;
    volatile bool ok = false;
    /* the diagnostics point into text while it is compiled, and keep a copy only when
       one of them needs its lines (diag_keep_texts below) */
    d->borrow_next = true;
    if (setjmp(scope.jump) == 0) {
        ir_oom_enter(&scope);
        module_init(&m);
        uint64_t start = trace_begin(t);
        ok = frontend_parse(&m, d, name, text, len);
        trace_end(t, "parse", start, &m, ok);
        ok = ok && pipeline_run_traced(&m, opt, d, out, t);
        module_free(&m);
        ir_oom_leave(&scope, false);
    } else {
        /* the scope's blocks include the module's: free them, never module_free */
        ir_oom_leave(&scope, true);
        diag_error(d, (Loc){ 0, 0, 0 }, "out of memory");
        ok = false;
    }
    diag_keep_texts(d);
    return ok;
}

bool
driver_compile_traced(Diag *d, const char *name, const char *text, size_t len,
                      const VptxOptions *opt, PassTrace *t, char **out, size_t *out_len)
{
    *out = NULL;
    *out_len = 0;
    OutBuf b = { 0 };
    FILE *f = outbuf_open(&b);
    if (!f) {
        diag_error(d, (Loc){ 0, 0, 0 }, "out of memory");
        return false;
    }
    bool ok = driver_compile_to(d, name, text, len, opt, t, f);
    bool written = !ferror(f);
    bool closed = fclose(f) == 0;
    /* the text is NUL-terminated, as open_memstream's was */
    if (ok && (!written || !closed || d->out_of_memory || !outbuf_room(&b, b.len))) {
        diag_error(d, (Loc){ 0, 0, 0 }, "out of memory");
        ok = false;
    }
    if (ok) {
        b.data[b.len] = 0;
        *out = b.data;
        *out_len = b.len;
        return true;
    }
    free(b.data);
    return false;
}

static const char *
keep_string(VptxResult *r, const char *s)
{
    char **strings =
        ir_alloc_should_fail() ? NULL : realloc(r->strings, (r->nstrings + 1) * sizeof *strings);
    char *copy = s && !ir_alloc_should_fail() ? strdup(s) : NULL;
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

/* Copies the diagnostics into r; false when one did not fit in memory. */
static bool
collect_diagnostics(VptxResult *r, const Diag *d)
{
    bool ok = true;
    r->diags = ir_alloc_should_fail() ? NULL : calloc(d->nrecs ? d->nrecs : 1, sizeof *r->diags);
    if (!r->diags)
        return false;
    for (uint32_t i = 0; i < d->nrecs; i++) {
        const DiagRecord *rec = &d->recs[i];
        VptxDiagnostic *v = &r->diags[r->ndiags];
        v->level = rec->level == DIAG_ERROR     ? VPTX_ERROR
                   : rec->level == DIAG_WARNING ? VPTX_WARNING
                   : rec->level == DIAG_REMARK  ? VPTX_REMARK
                                                : VPTX_NOTE;
        v->file = rec->loc.file ? keep_string(r, diag_file_name(d, rec->loc.file)) : NULL;
        v->line = rec->loc.line;
        v->col = rec->loc.col;
        v->message = keep_string(r, rec->msg);
        /* a diagnostic whose strings did not fit is left out, never half there (fuzz_api) */
        if ((rec->loc.file && !v->file) || !v->message)
            ok = false;
        else
            r->ndiags++;
    }
    size_t len = 0;
    FILE *f = ir_alloc_should_fail() ? NULL : open_memstream(&r->diag_text, &len);
    if (!f)
        return false;
    diag_render(d, f);
    return fclose(f) == 0 && ok;
}

/* The arguments vptx_compile cannot work with, as error diagnostics. */
static bool
check_arguments(Diag *d, const char *text, size_t len, const VptxOptions *opt)
{
    Loc none = { 0, 0, 0 };
    if (!text && len)
        diag_error(d, none, "vptx_compile: text is NULL but len is %zu", len);
    else if (len > VPTX_MAX_INPUT)
        diag_error(d, none, "vptx_compile: the input is %zu bytes (at most %u)", len,
                   VPTX_MAX_INPUT);
    else if (!opt->arch)
        diag_error(d, none, "vptx_compile: opt->arch is NULL");
    else if ((unsigned)opt->emit > VPTX_EMIT_CONFIG)
        diag_error(d, none, "vptx_compile: opt->emit is %d (expected a VptxEmit)", (int)opt->emit);
    else
        return true;
    return false;
}

int
vptx_compile(const char *name, const char *text, size_t len, const VptxOptions *opt,
             VptxResult **out)
{
    if (!out)
        return -1;
    *out = NULL;
    VptxOptions defaults;
    if (!opt) {
        vptx_options_init(&defaults);
        opt = &defaults;
    }
    VptxResult *r = ir_alloc_should_fail() ? NULL : calloc(1, sizeof *r);
    *out = r;
    if (!r)
        return -1;
    Diag d;
    diag_init(&d);
    bool ok = false;
    if (!text && len == 0)
        text = ""; /* an empty input; the lexer does no arithmetic on a NULL pointer */
    if (check_arguments(&d, text, len, opt))
        ok =
            driver_compile(&d, name ? name : "<input>", text, len, opt, &r->output, &r->output_len);
    bool oom = !collect_diagnostics(r, &d) || d.out_of_memory;
    diag_free(&d);
    if (oom) { /* a result that lost part of itself is no result */
        free(r->output);
        r->output = NULL;
        r->output_len = 0;
        return -1;
    }
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
