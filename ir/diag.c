/*
 * diag.c -- user-facing diagnostics: `file:line:col: error: message`, the
 * source line and a caret.  The library only records; the caller decides
 * when and where to render (diag_render).
 */
#include "ir/ir.h"

#include <stdlib.h>
#include <string.h>

/* Diagnostics outlive the compilation that reports them (and the OomScope it
 * runs in), so they use plain malloc and never unwind: a record that cannot
 * be allocated is dropped and d->out_of_memory says so. */
static void *
drealloc(Diag *d, void *p, size_t n)
{
    void *q = ir_alloc_should_fail() ? NULL : realloc(p, n);
    if (!q)
        d->out_of_memory = true;
    return q;
}

static char *
dstrndup(Diag *d, const char *s, size_t n)
{
    char *p = n < SIZE_MAX ? drealloc(d, NULL, n + 1) : NULL;
    if (!p) {
        d->out_of_memory = true;
        return NULL;
    }
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

void
diag_init(Diag *d)
{
    memset(d, 0, sizeof *d);
    d->max_errors = 20;
    diag_add_file(d, "<unknown>", NULL, 0);
}

void
diag_free(Diag *d)
{
    for (uint32_t i = 0; i < d->nfiles; i++) {
        free(d->files[i].name);
        if (!d->files[i].borrowed)
            free(d->files[i].text);
    }
    for (uint32_t i = 0; i < d->nrecs; i++)
        free(d->recs[i].msg);
    free(d->files);
    free(d->recs);
    memset(d, 0, sizeof *d);
}

uint32_t
diag_add_file(Diag *d, const char *name, const char *text, size_t len)
{
    if (d->nfiles == d->capfiles) {
        uint32_t cap = d->capfiles ? 2 * d->capfiles : 4;
        DiagFile *files = drealloc(d, d->files, cap * sizeof *d->files);
        if (!files)
            return 0; /* "<unknown>" */
        d->files = files;
        d->capfiles = cap;
    }
    DiagFile *f = &d->files[d->nfiles];
    /* a borrowed source is copied only if a diagnostic needs it (diag_keep_texts): the
       input of a successful compilation is then held once, by its caller */
    f->borrowed = d->borrow_next && text;
    d->borrow_next = false;
    f->name = dstrndup(d, name, strlen(name));
    f->text = f->borrowed ? (char *)text : text ? dstrndup(d, text, len) : NULL;
    if (!f->name || (text && !f->text)) {
        free(f->name);
        if (!f->borrowed)
            free(f->text);
        return 0;
    }
    f->len = text ? len : 0;
    return d->nfiles++;
}

void
diag_keep_texts(Diag *d)
{
    d->borrow_next = false;
    for (uint32_t i = 0; i < d->nfiles; i++) {
        DiagFile *f = &d->files[i];
        if (!f->borrowed)
            continue;
        bool used = false;
        for (uint32_t r = 0; r < d->nrecs && !used; r++)
            used = d->recs[r].loc.file == i;
        f->text = used ? dstrndup(d, f->text, f->len) : NULL;
        if (!f->text)
            f->len = 0;
        f->borrowed = false;
    }
}

const char *
diag_file_name(const Diag *d, uint32_t file)
{
    return file < d->nfiles ? d->files[file].name : "<unknown>";
}

void
diag_verror(Diag *d, DiagLevel level, Loc loc, const char *fmt, va_list ap)
{
    if (level == DIAG_ERROR && d->nerrors++ >= d->max_errors)
        return;
    /* a note belongs to the error before it: drop it if that was dropped */
    if (level == DIAG_NOTE && d->nerrors > d->max_errors)
        return;
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *msg = n >= 0 ? drealloc(d, NULL, (size_t)n + 1) : NULL;
    if (!msg) {
        va_end(ap2);
        return;
    }
    vsnprintf(msg, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    if (d->nrecs == d->caprecs) {
        uint32_t cap = d->caprecs ? 2 * d->caprecs : 8;
        DiagRecord *recs = drealloc(d, d->recs, cap * sizeof *d->recs);
        if (!recs) {
            free(msg);
            return;
        }
        d->recs = recs;
        d->caprecs = cap;
    }
    d->recs[d->nrecs++] = (DiagRecord){ level, loc, msg };
}

void
diag_error(Diag *d, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(d, DIAG_ERROR, loc, fmt, ap);
    va_end(ap);
}

void
diag_warning(Diag *d, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(d, DIAG_WARNING, loc, fmt, ap);
    va_end(ap);
}

void
diag_note(Diag *d, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(d, DIAG_NOTE, loc, fmt, ap);
    va_end(ap);
}

void
diag_remark(Diag *d, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(d, DIAG_REMARK, loc, fmt, ap);
    va_end(ap);
}

bool
diag_has_errors(const Diag *d)
{
    return d->nerrors > 0;
}

/* Print line `line` of file f and a caret under column col (1-based). */
static void
render_source(const DiagFile *f, uint32_t line, uint32_t col, FILE *out)
{
    if (!f->text || line == 0)
        return;
    const char *p = f->text, *end = f->text + f->len;
    for (uint32_t l = 1; l < line && p < end; p++)
        if (*p == '\n')
            l++;
    if (p >= end && line > 1)
        return;
    const char *e = p;
    while (e < end && *e != '\n' && e - p < 400)
        e++;
    fputs("    ", out);
    for (const char *q = p; q < e; q++)
        fputc((unsigned char)*q >= 0x20 || *q == '\t' ? *q : '?', out);
    fputs("\n    ", out);
    for (uint32_t c = 1; c < col && p + c - 1 < e; c++)
        fputc(p[c - 1] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

void
diag_render(const Diag *d, FILE *out)
{
    static const char *const level_names[] = { "error", "warning", "note", "remark" };
    for (uint32_t i = 0; i < d->nrecs; i++) {
        const DiagRecord *r = &d->recs[i];
        if (r->loc.file && r->loc.file < d->nfiles)
            fprintf(out, "%s:%u:%u: %s: %s\n", d->files[r->loc.file].name, r->loc.line, r->loc.col,
                    level_names[r->level], r->msg);
        else
            fprintf(out, "vptx: %s: %s\n", level_names[r->level], r->msg);
        if (r->loc.file && r->loc.file < d->nfiles)
            render_source(&d->files[r->loc.file], r->loc.line, r->loc.col, out);
    }
    if (d->nerrors > d->max_errors)
        fprintf(out, "vptx: note: %u more errors not shown\n", d->nerrors - d->max_errors);
}
