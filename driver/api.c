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
 * case once after parsing.  A program with host code (driver/host.h) has its
 * gpu.launch bodies outlined into kernels and its host functions left out
 * before layout: the pipeline compiles its kernels only.
 */
#define _GNU_SOURCE /* fopencookie */
#include "driver/vptx.h"
#include "driver/driver.h"
#include "driver/host.h"
#include "driver/options.h"

#include "distribute/distribute.h"
#include "target/target.h"
#include "ir/frontend.h"
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
    VptxCompileStatus status;
    KernelTable kernels; /* of a PTX output (api_kernels.c) */
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

/* The distribute pass's options record, from the compiler's. */
static DistributeOptions
distribute_options(const VptxOptions *opt)
{
    DistributeOptions d = { .target = target_find(opt->arch),
                            .pipeline_stages = opt->pipeline_stages,
                            .remarks = opt->remarks != 0,
                            .no_warp_specialize = opt->no_warp_specialize != 0,
                            .ping_pong = opt->ping_pong,
                            .overlap_softmax = opt->overlap_softmax != 0,
                            .persistent = opt->persistent != 0,
                            .fast_math = opt->fast_math != 0 };
    return d;
}

/* Tensor-core selection, then layout assignment. */
static bool
run_layout(Module *m, const VptxOptions *opt, Diag *d, PassTrace *t)
{
    DistributeOptions dopt = distribute_options(opt);
    LayoutSelectOptions sopt = { opt->allow_tf32 != 0, opt->remarks != 0,
                                 target_has(target_find(opt->arch), TF_WGMMA), opt->pipeline_stages,
                                 target_has(target_find(opt->arch), TF_TCGEN05) };
    if (sopt.wgmma && !dist_whole_tile_prepare(m, &dopt, d))
        return false;
    if (sopt.tcgen05 && !dist_tc05_split_prepare(m, &dopt, &sopt))
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

/* A kernel that returns a value is the user's mistake, said in the user's words before
 * any pass trips over it.  (A device function returning what vptx cannot pass out is
 * ptxgen's error, at the function.) */
static bool
check_kernel_results(Module *m, Diag *d)
{
    uint8_t *role = module_func_roles(m);
    bool ok = true;
    for (OpId f = 1; f < m->nops; f++) {
        if (role[f] != FUNC_KERNEL)
            continue;
        const Attr *ft = op_attr(m, f, "function_type");
        if (!ft || ft->kind != ATTR_TYPE || !type_get(m, ft->type)->nouts)
            continue;
        const Attr *sym = op_attr(m, f, "sym_name");
        BlockId entry = op_entry_block(m, f, 0);
        const Block *b = entry ? block_get(m, entry) : NULL;
        Loc loc = b && b->ops.n ? op_get(m, b->ops.items[b->ops.n - 1])->loc : op_get(m, f)->loc;
        char type[128];
        diag_error(d, loc,
                   "kernel '%s' returns %s%s: a GPU kernel returns nothing; store the result "
                   "through a memref argument (vector.transfer_write, memref.store) and drop "
                   "the result type",
                   sym && sym->str ? sym->str : "?",
                   ir_type_text(m, type_get(m, ft->type)->outs[0], type, sizeof type),
                   type_get(m, ft->type)->nouts > 1 ? ", ..." : "");
        ok = false;
    }
    ir_free(role);
    return ok;
}

bool
pipeline_run(Module *m, const VptxOptions *opt, Diag *d, FILE *out)
{
    return pipeline_run_traced(m, opt, d, out, NULL);
}

/* --kernel NAME: drops every other kernel from the module (each is compiled on its own,
 * so the one left compiles to the same PTX as in the whole module).  False, with an
 * error naming the kernels there are, when none is called name. */
static bool
keep_only_kernel(Module *m, const char *name, Diag *d)
{
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    bool found = false;
    for (uint32_t i = 0; i < funcs.n; i++) {
        const Attr *sym = op_attr(m, funcs.items[i], "sym_name");
        found = found || (sym && sym->str && strcmp(sym->str, name) == 0);
    }
    if (!found) {
        char list[512] = "";
        size_t used = 0;
        for (uint32_t i = 0; i < funcs.n && used < sizeof list; i++) {
            const Attr *sym = op_attr(m, funcs.items[i], "sym_name");
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
                                     sym && sym->str ? sym->str : "?");
        }
        diag_error(d, (Loc){ 0 }, "--kernel=%s: the module has no kernel of that name (%s: %s)",
                   name, funcs.n == 1 ? "its kernel" : "its kernels", funcs.n ? list : "none");
        return false;
    }
    for (uint32_t i = 0; i < funcs.n; i++) {
        const Attr *sym = op_attr(m, funcs.items[i], "sym_name");
        if (sym && sym->str && strcmp(sym->str, name) == 0)
            continue;
        Block *b = block_get(m, op_get(m, funcs.items[i])->parent);
        uint32_t k = 0;
        for (uint32_t j = 0; j < b->ops.n; j++)
            if (b->ops.items[j] != funcs.items[i])
                b->ops.items[k++] = b->ops.items[j];
        b->ops.n = k;
    }
    return true;
}

/* Every pass runs through trace_pass / trace_end (driver/passes.c), which only
 * calls it when t is NULL, and times it or prints the IR after it otherwise. */
bool
pipeline_run_traced(Module *m, const VptxOptions *opt, Diag *d, FILE *out, PassTrace *t)
{
    if (t && t->kernel && !keep_only_kernel(m, t->kernel, d))
        return false;
    if (!trace_pass(t, "verify", ir_verify, m, d))
        return false;
    if (opt->emit == VPTX_EMIT_MLIR) {
        ir_print(m, out);
        return true;
    }
    /* a program with host code: its kernels are compiled, its host functions are not */
    if (host_has_code(m) && (!host_prepare(m, d) || !trace_pass(t, "verify", ir_verify, m, d)))
        return false;
    if (!ir_check_target(m, d))
        return false;
    /* device functions called from vector-level code are inlined: layouts and
       distribution work within one function (SIMT-level calls become PTX .func calls) */
    if ((is_vector_level(m) || distribute_needed(m)) && !ir_check_structured(m, d))
        return false;
    if (module_has_calls(m) && (is_vector_level(m) || distribute_needed(m)) &&
        (!module_inline_calls(m, d) || !ir_verify(m, d)))
        return false;
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
        if (!check_kernel_results(m, d)) /* before distribute trips over the return */
            return false;
        uint64_t start = trace_begin(t);
        DistributeOptions dopt = distribute_options(opt);
        bool ok = distribute_module(m, &dopt, d);
        trace_end(t, "distribute", start, m, ok);
        if (!ok || !trace_pass(t, "verify", ir_verify, m, d))
            return false;
        if (opt->emit == VPTX_EMIT_SIMT) {
            ir_print(m, out);
            return true;
        }
    }
    if (!check_kernel_results(m, d))
        return false;
    PtxOptions popt = { opt->arch, opt->precise_math != 0, opt->debug_loc == 1, opt->debug_loc != 0,
                        opt->fast_math != 0 };
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

#if defined(__linux__)
/* glibc's and musl's fopencookie; its seek takes an off64_t in glibc, an off_t in musl.
   (musl's open_memstream would not do: after ptxgen rewrites the .version digits and
   seeks back to the end, it reports the length up to the rewrite.) */
#if defined(__GLIBC__)
typedef off64_t CookieOff;
#else
typedef off_t CookieOff;
#endif

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
outbuf_seek(void *cookie, CookieOff *offset, int whence)
{
    OutBuf *b = cookie;
    CookieOff base = whence == SEEK_SET   ? 0
                     : whence == SEEK_CUR ? (CookieOff)b->pos
                                          : (CookieOff)b->len;
    if (*offset < -base)
        return -1;
    b->pos = (size_t)(base + *offset);
    *offset = (CookieOff)b->pos;
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
        diag_error(d, (Loc){ 0 }, "out of memory");
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
        diag_error(d, (Loc){ 0 }, "out of memory");
        return false;
    }
    bool ok = driver_compile_to(d, name, text, len, opt, t, f);
    bool written = !ferror(f);
    bool closed = fclose(f) == 0;
    /* the text is NUL-terminated, as open_memstream's was */
    if (ok && (!written || !closed || d->out_of_memory || !outbuf_room(&b, b.len))) {
        diag_error(d, (Loc){ 0 }, "out of memory");
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

/* *out = the text of line `line` of f (up to 400 bytes, no newline) as a string r owns,
 * or NULL when f's text is not kept; false when it did not fit in memory. */
static bool
keep_source_line(VptxResult *r, const DiagFile *f, uint32_t line, const char **out)
{
    *out = NULL;
    if (!f->text || line == 0)
        return true;
    const char *p = f->text, *end = f->text + f->len;
    for (uint32_t l = 1; l < line && p < end; p++)
        if (*p == '\n')
            l++;
    if (p >= end && line > 1)
        return true;
    size_t n = 0;
    while (p + n < end && p[n] != '\n' && n < 400)
        n++;
    char *copy = ir_alloc_should_fail() ? NULL : malloc(n + 1);
    if (!copy)
        return false;
    memcpy(copy, p, n);
    copy[n] = 0;
    *out = keep_string(r, copy);
    free(copy);
    return *out != NULL;
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
        bool source = !rec->loc.file || rec->loc.file >= d->nfiles ||
                      keep_source_line(r, &d->files[rec->loc.file], rec->loc.line, &v->source);
        /* a diagnostic whose strings did not fit is left out, never half there (fuzz_api) */
        if ((rec->loc.file && !v->file) || !v->message || !source)
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
    Loc none = { 0 };
    char why[256];
    if (!text && len)
        diag_error(d, none, "vptx_compile: text is NULL but len is %zu", len);
    else if (len > VPTX_MAX_INPUT)
        diag_error(d, none, "vptx_compile: the input is %zu bytes (at most %u)", len,
                   VPTX_MAX_INPUT);
    else if (!options_validate(opt, OPTIONS_API, why, sizeof why))
        diag_error(d, none, "%s", why);
    else
        return true;
    return false;
}

int
vptx_compile(const char *name, const char *text, size_t len, const VptxOptions *opt,
             VptxResult **out)
{
    VptxCompileStatus s = vptx_compile2(name, text, len, opt, out);
    return s == VPTX_COMPILE_BAD_OPTIONS ? 1 : (int)s;
}

VptxCompileStatus
vptx_compile2(const char *name, const char *text, size_t len, const VptxOptions *opt,
              VptxResult **out)
{
    if (!out)
        return VPTX_COMPILE_OUT_OF_MEMORY;
    *out = NULL;
    VptxOptions defaults;
    if (!opt) {
        vptx_options_init(&defaults);
        opt = &defaults;
    }
    VptxResult *r = ir_alloc_should_fail() ? NULL : calloc(1, sizeof *r);
    *out = r;
    if (!r)
        return VPTX_COMPILE_OUT_OF_MEMORY;
    Diag d;
    diag_init(&d);
    bool ok = false, args_ok = false;
    if (!text && len == 0)
        text = ""; /* an empty input; the lexer does no arithmetic on a NULL pointer */
    if ((args_ok = check_arguments(&d, text, len, opt)))
        ok =
            driver_compile(&d, name ? name : "<input>", text, len, opt, &r->output, &r->output_len);
    bool oom = !collect_diagnostics(r, &d) || d.out_of_memory;
    diag_free(&d);
    if (!oom && ok && opt->emit == VPTX_EMIT_PTX)
        oom = !(ir_alloc_should_fail() ? false : kernels_parse(&r->kernels, r->output));
    if (oom) { /* a result that lost part of itself is no result */
        free(r->output);
        r->output = NULL;
        r->output_len = 0;
        kernels_free(&r->kernels);
        return r->status = VPTX_COMPILE_OUT_OF_MEMORY;
    }
    r->status = ok        ? VPTX_COMPILE_OK
                : args_ok ? VPTX_COMPILE_INPUT_ERROR
                          : VPTX_COMPILE_BAD_OPTIONS;
    return r->status;
}

VptxCompileStatus
vptx_result_status(const VptxResult *r)
{
    return r ? r->status : VPTX_COMPILE_OUT_OF_MEMORY;
}

const char *
vptx_compile_status_name(VptxCompileStatus s)
{
    switch (s) {
    case VPTX_COMPILE_OK:
        return "ok";
    case VPTX_COMPILE_INPUT_ERROR:
        return "input error";
    case VPTX_COMPILE_BAD_OPTIONS:
        return "bad options";
    case VPTX_COMPILE_OUT_OF_MEMORY:
        return "out of memory";
    }
    return "unknown status";
}

size_t
vptx_result_num_kernels(const VptxResult *r)
{
    return r ? r->kernels.nkernels : 0;
}

const VptxKernel *
vptx_result_kernel(const VptxResult *r, size_t i)
{
    return r && i < r->kernels.nkernels ? &r->kernels.kernels[i] : NULL;
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
    kernels_free(&r->kernels);
    free(r);
}
