/*
 * ptxnotes.c -- the `// vptx:` lines that vptx writes above a kernel's .entry, read
 * once per module and checked (docs/runtime-api.md, "Kernel parameters"):
 *
 *   // vptx: block size B threads (E of a producer warpgroup after the kernel's K)
 *   // vptx: hidden tensor map of argument N, box RxC, swizzle S, parameter P
 *            [, unused when its rows are not whole 16-byte pieces]
 *   // vptx: hidden logical grid (x, y, z: .u32), parameter P
 *   // vptx: dynamic shared memory N bytes
 *   // vptx: grid X, Y, Z workgroups
 *   // vptx: static shared memory N bytes
 *
 * and an op-level kernel's header (tile/), read by ptx_op_level_header (launch.c), which
 * checks its argument numbers where they are used:
 *
 *   // vptx: sizes s0 = argument A dim D (parameter P), ...
 *   // vptx: grid affine_map<(...)[s0, ...] -> (X, Y, Z)>
 *   // vptx: result K is argument A of shape affine_map<...>   (and `scratch K ...`)
 *   // vptx: kernel I of N: NAME ...
 *
 * The lines of an entry are the `// vptx: ` lines directly above its `.entry` line.
 * Every one must be one of these, whole, with its numbers in range; a line that is
 * not, a repeated line or more than PTX_MAX_HIDDEN maps gives the entry an error
 * ("NAME:LINE: error: ..."), which every launcher reports instead of launching.  The
 * launchers then check the lines against the entry's parameters as the device parsed
 * them (ptx_notes_check): the text is comments, and a hostile one must not make a
 * launcher read past the caller's parameter array.
 */
#include "runtime/ptxnotes.h"
#include "driver/vptx.h"
#include "sim/sim.h"
#include "target/target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a small matcher over one line [p, end) ---- */

static bool
lit(const char **p, const char *end, const char *s)
{
    size_t n = strlen(s);
    if ((size_t)(end - *p) < n || memcmp(*p, s, n) != 0)
        return false;
    *p += n;
    return true;
}

/* A decimal number without sign or leading '+', at most max. */
static bool
num(const char **p, const char *end, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    const char *s = *p;
    while (*p < end && **p >= '0' && **p <= '9') {
        unsigned d = (unsigned)(**p - '0');
        if (v > (max - d) / 10)
            return false;
        v = v * 10 + d;
        (*p)++;
    }
    *out = v;
    return *p > s;
}

/* What remains of the line is blank (trailing spaces, a '\r'). */
static bool
done(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    return p == end;
}

/* `block size B threads (E of a producer warpgroup after the kernel's K)` */
static const char *
block_line(PtxEntryNotes *e, const char *p, const char *end)
{
    uint64_t b, x, k;
    if (e->block_threads)
        return "a second 'block size' line";
    if (!num(&p, end, 1024, &b) || !lit(&p, end, " threads (") || !num(&p, end, 1024, &x) ||
        !lit(&p, end, " of a producer warpgroup after the kernel's ") || !num(&p, end, 1024, &k) ||
        !lit(&p, end, ")") || !done(p, end) || b == 0 || b != x + k)
        return "expected 'block size B threads (E of a producer warpgroup after the kernel's K)' "
               "with B = E + K, from 1 to 1024";
    e->block_threads = (unsigned)b;
    return NULL;
}

/* `hidden tensor map of argument N, box RxC, swizzle S[, parameter P][, unused when its
   rows are not whole 16-byte pieces]` (P is absent in the PTX of vptx 0.1) */
static const char *
tmap_line(PtxEntryNotes *e, const char *p, const char *end)
{
    static const char want[] =
        "expected 'hidden tensor map of argument N, box RxC, swizzle S, parameter P' with R and C "
        "from 1 to 256, S 0, 32, 64 or 128, and N and P below 32768";
    uint64_t a, r, c, sw, par = 0;
    if (!num(&p, end, PTX_MAX_PARAMS - 1, &a) || !lit(&p, end, ", box ") ||
        !num(&p, end, 256, &r) || !lit(&p, end, "x") || !num(&p, end, 256, &c) ||
        !lit(&p, end, ", swizzle ") || !num(&p, end, 128, &sw) || !r || !c ||
        (sw != 0 && sw != 32 && sw != 64 && sw != 128))
        return want;
    bool has_param = lit(&p, end, ", parameter ");
    if (has_param && !num(&p, end, PTX_MAX_PARAMS - 1, &par))
        return want;
    bool optional = lit(&p, end, ", unused when its rows are not whole 16-byte pieces");
    if (!done(p, end))
        return want;
    if (e->nhidden == PTX_MAX_HIDDEN)
        return "more than 16 hidden tensor maps";
    e->hidden[e->nhidden++] = (HiddenTmap){ (uint32_t)a,
                                            has_param ? (int64_t)par : -1,
                                            { (int64_t)r, (int64_t)c },
                                            (unsigned)sw,
                                            optional };
    return NULL;
}

/* One `// vptx: ` line of entry e, from just after the tag to end: NULL, or what is
   wrong with it. */
static const char *
note_line(PtxEntryNotes *e, const char *p, const char *end)
{
    uint64_t v;
    if (lit(&p, end, "block size "))
        return block_line(e, p, end);
    if (lit(&p, end, "hidden tensor map of argument "))
        return tmap_line(e, p, end);
    if (lit(&p, end, "hidden logical grid (x, y, z: .u32), parameter ")) {
        if (e->grid_param >= 0)
            return "a second 'hidden logical grid' line";
        if (!num(&p, end, PTX_MAX_PARAMS - 1, &v) || !done(p, end))
            return "expected 'hidden logical grid (x, y, z: .u32), parameter P' with P below "
                   "32768";
        e->grid_param = (int64_t)v;
        return NULL;
    }
    if (lit(&p, end, "dynamic shared memory ")) {
        if (e->dynamic_smem)
            return "a second 'dynamic shared memory' line";
        if (!num(&p, end, 0x7fffffff, &v) || !lit(&p, end, " bytes") || !done(p, end) || !v)
            return "expected 'dynamic shared memory N bytes' with N from 1 to 2147483647";
        e->dynamic_smem = (unsigned)v;
        return NULL;
    }
    if (lit(&p, end, "grid affine_map<") || lit(&p, end, "sizes") || lit(&p, end, "result ") ||
        lit(&p, end, "scratch ") || lit(&p, end, "kernel "))
        return NULL; /* an op-level kernel's header */
    if (lit(&p, end, "grid ")) {
        uint64_t g[3];
        if (e->grid[0])
            return "a second 'grid' line";
        if (!num(&p, end, 0x7fffffff, &g[0]) || !lit(&p, end, ", ") ||
            !num(&p, end, 65535, &g[1]) || !lit(&p, end, ", ") || !num(&p, end, 65535, &g[2]) ||
            !lit(&p, end, " workgroups") || !done(p, end) || !g[0] || !g[1] || !g[2])
            return "expected 'grid X, Y, Z workgroups' with X from 1 to 2147483647, Y and Z from "
                   "1 to 65535";
        for (int i = 0; i < 3; i++)
            e->grid[i] = (unsigned)g[i];
        return NULL;
    }
    if (lit(&p, end, "static shared memory ")) {
        if (e->static_smem)
            return "a second 'static shared memory' line";
        if (!num(&p, end, 0x7fffffff, &v) || !lit(&p, end, " bytes") || !done(p, end) || !v)
            return "expected 'static shared memory N bytes' with N from 1 to 2147483647";
        e->static_smem = (unsigned)v;
        return NULL;
    }
    return "unknown '// vptx:' line (vptx writes 'block size', 'hidden tensor map', 'hidden "
           "logical grid', 'dynamic shared memory', 'grid', 'static shared memory' and an "
           "op-level kernel's 'sizes', 'result', 'scratch' and 'kernel' lines above an entry)";
}

/* The entry name on a line `[.visible|.weak] .entry NAME(` (leading blanks allowed), or
   NULL; *len its length. */
static const char *
entry_name(const char *p, const char *end, size_t *len)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    (void)(lit(&p, end, ".visible ") || lit(&p, end, ".weak "));
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (!lit(&p, end, ".entry") || p == end || (*p != ' ' && *p != '\t'))
        return NULL;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    const char *s = p;
    while (p < end && *p != '(' && *p != ' ' && *p != '\t' && *p != '\r')
        p++;
    *len = (size_t)(p - s);
    return *len ? s : NULL;
}

static int
by_name(const void *a, const void *b)
{
    return strcmp(((const PtxEntryNotes *)a)->name, ((const PtxEntryNotes *)b)->name);
}

/* Adds the entry on line `line` named [s, s+len), whose note lines are the `nnotes`
   lines starting at `first` (line number first_line). */
static bool
add_entry(PtxNotes *out, uint32_t *cap, const char *name, const char *s, size_t len, uint32_t line,
          const char *first, uint32_t first_line, uint32_t nnotes)
{
    if (out->n == *cap) {
        uint32_t c = *cap ? *cap * 2 : 8;
        PtxEntryNotes *grown = realloc(out->entries, c * sizeof *grown);
        if (!grown)
            return false;
        out->entries = grown;
        *cap = c;
    }
    PtxEntryNotes *e = &out->entries[out->n];
    memset(e, 0, sizeof *e);
    e->grid_param = -1;
    e->line = line;
    e->name = malloc(len + 1);
    if (!e->name)
        return false;
    memcpy(e->name, s, len);
    e->name[len] = 0;
    out->n++;
    const char *p = first;
    for (uint32_t i = 0; i < nnotes; i++) {
        const char *eol = strchr(p, '\n'), *why = note_line(e, p + 9, eol);
        if (why && !e->error) { /* the first error of the entry */
            size_t n = strlen(name) + strlen(e->name) + strlen(why) + 64;
            if (!(e->error = malloc(n)))
                return false;
            snprintf(e->error, n, "%s:%u: error: entry '%s': %s", name, first_line + i, e->name,
                     why);
        }
        p = eol + 1;
    }
    return true;
}

bool
ptx_notes_parse(const char *ptx, const char *name, PtxNotes *out)
{
    memset(out, 0, sizeof *out);
    uint32_t cap = 0, line = 1, nnotes = 0, first_line = 0;
    const char *first = NULL;
    if (!name)
        name = "<ptx>";
    for (const char *p = ptx; p && *p; line++) {
        const char *eol = strchr(p, '\n');
        const char *end = eol ? eol : p + strlen(p);
        size_t len = 0;
        const char *s;
        if (eol && strncmp(p, "// vptx: ", 9) == 0) {
            if (!nnotes++) {
                first = p;
                first_line = line;
            }
        } else if ((s = entry_name(p, end, &len))) {
            if (!add_entry(out, &cap, name, s, len, line, first, first_line, nnotes)) {
                ptx_notes_free(out);
                return false;
            }
            nnotes = 0;
        } else {
            nnotes = 0;
        }
        p = eol ? eol + 1 : NULL;
    }
    if (out->n)
        qsort(out->entries, out->n, sizeof *out->entries, by_name);
    return true;
}

const PtxEntryNotes *
ptx_notes_find(const PtxNotes *notes, const char *entry)
{
    if (!notes || !entry || !notes->n)
        return NULL;
    PtxEntryNotes key;
    key.name = (char *)entry;
    return bsearch(&key, notes->entries, notes->n, sizeof key, by_name);
}

void
ptx_notes_free(PtxNotes *notes)
{
    for (uint32_t i = 0; notes && i < notes->n; i++) {
        free(notes->entries[i].name);
        free(notes->entries[i].error);
    }
    if (notes) {
        free(notes->entries);
        memset(notes, 0, sizeof *notes);
    }
}

bool
ptx_notes_check(const PtxEntryNotes *e, const uint32_t *sizes, uint32_t n, uint32_t *own, char *err,
                size_t errsize)
{
    uint32_t ngrid = e->grid_param >= 0 ? 3 : 0;
    if ((uint64_t)e->nhidden + ngrid > n) {
        snprintf(err, errsize,
                 "kernel '%s' has %u parameters, fewer than the %u hidden ones its '// vptx:' "
                 "lines announce",
                 e->name, n, e->nhidden + ngrid);
        return false;
    }
    *own = n - e->nhidden - ngrid;
    for (uint32_t i = 0; i < e->nhidden; i++) {
        const HiddenTmap *h = &e->hidden[i];
        if (sizes[*own + i] != 128) {
            snprintf(err, errsize,
                     "kernel '%s': parameter %u is %u bytes, but its '// vptx: hidden tensor map' "
                     "line makes it a 128-byte tensor map",
                     e->name, *own + i, sizes[*own + i]);
            return false;
        }
        if (h->param >= 0 && (h->param >= *own || sizes[h->param] != 8)) {
            snprintf(err, errsize,
                     "kernel '%s': the hidden tensor map of argument %u names parameter %lld, "
                     "which is not one of its %u own 8-byte parameters",
                     e->name, h->arg, (long long)h->param, *own);
            return false;
        }
    }
    if (ngrid && e->grid_param != (int64_t)(*own + e->nhidden)) {
        snprintf(err, errsize,
                 "kernel '%s': its '// vptx: hidden logical grid' line names parameter %lld; the "
                 "grid follows the %u own parameters and %u maps (parameter %u)",
                 e->name, (long long)e->grid_param, *own, e->nhidden, *own + e->nhidden);
        return false;
    }
    for (uint32_t j = 0; j < ngrid; j++)
        if (sizes[*own + e->nhidden + j] != 4) {
            snprintf(err, errsize,
                     "kernel '%s': parameter %u of its hidden logical grid is %u bytes, not a .u32",
                     e->name, *own + e->nhidden + j, sizes[*own + e->nhidden + j]);
            return false;
        }
    return true;
}

/* ---- entry names, op-level headers, and the public helpers of vptx.h ---- */

char *
ptx_entry_name(const char *ptx, uint32_t n)
{
    uint32_t seen = 0;
    for (const char *p = strstr(ptx, ".entry"); p; p = strstr(p + 6, ".entry")) {
        if (p[6] != ' ' && p[6] != '\t')
            continue;
        const char *s = p + 6;
        while (*s == ' ' || *s == '\t')
            s++;
        size_t len = strcspn(s, " \t\n(");
        if (seen++ == n) {
            char *name = malloc(len + 1);
            if (name) {
                memcpy(name, s, len);
                name[len] = 0;
            }
            return name;
        }
    }
    return NULL;
}

/* The notes of `entry` for one call of the public helpers below (parsed afresh: they
   take only the text); NULL for a NULL argument, an unknown entry or a bad line. */
static const PtxEntryNotes *
public_notes(const char *ptx, const char *entry, PtxNotes *all)
{
    memset(all, 0, sizeof *all);
    if (!ptx || !entry || !ptx_notes_parse(ptx, NULL, all))
        return NULL;
    const PtxEntryNotes *e = ptx_notes_find(all, entry);
    return e && !e->error ? e : NULL;
}

/* ---- op-level kernels: the sizes / grid / result header lines ---- */

typedef struct ExprText {
    const char *p;
    const int64_t *syms;
    uint32_t nsyms;
    bool ok;
} ExprText;

static int64_t expr_sum(ExprText *x);

static void
expr_blank(ExprText *x)
{
    while (*x->p == ' ')
        x->p++;
}

static bool
expr_word(ExprText *x, const char *w)
{
    size_t n = strlen(w);
    expr_blank(x);
    if (strncmp(x->p, w, n) != 0)
        return false;
    x->p += n;
    return true;
}

static int64_t
expr_atom(ExprText *x)
{
    expr_blank(x);
    if (*x->p == '(') {
        x->p++;
        int64_t v = expr_sum(x);
        x->ok &= expr_word(x, ")");
        return v;
    }
    if (*x->p == '-') {
        x->p++;
        return -expr_atom(x);
    }
    bool sym = *x->p == 's';
    if (sym)
        x->p++;
    if (*x->p < '0' || *x->p > '9') {
        x->ok = false;
        return 0;
    }
    char *end;
    long long v = strtoll(x->p, &end, 10);
    x->p = end;
    if (!sym)
        return v;
    if (v < 0 || (uint64_t)v >= x->nsyms) {
        x->ok = false;
        return 0;
    }
    return x->syms[v];
}

static int64_t
expr_product(ExprText *x)
{
    int64_t v = expr_atom(x);
    for (;;) {
        int op = expr_word(x, "*")          ? 1
                 : expr_word(x, "ceildiv")  ? 2
                 : expr_word(x, "floordiv") ? 3
                 : expr_word(x, "mod")      ? 4
                                            : 0;
        if (!op)
            return v;
        int64_t r = expr_atom(x);
        if (op > 1 && r == 0) {
            x->ok = false;
            return 0;
        }
        if (op == 1)
            v *= r;
        else if (op == 2)
            v = v / r + (v % r != 0 && (v < 0) == (r < 0));
        else if (op == 3)
            v = v / r - (v % r != 0 && (v < 0) != (r < 0));
        else
            v = ((v % r) + r) % r;
    }
}

static int64_t
expr_sum(ExprText *x)
{
    int64_t v = expr_product(x);
    for (;;) {
        if (expr_word(x, "+"))
            v += expr_product(x);
        else if (expr_word(x, "- "))
            v -= expr_product(x);
        else
            return v;
    }
}

bool
oplevel_eval_map(const char *text, const int64_t *syms, uint32_t nsyms, int64_t *out, uint32_t max,
                 uint32_t *n)
{
    const char *arrow = strstr(text, "-> (");
    *n = 0;
    if (!arrow)
        return false;
    ExprText x = { arrow + 4, syms, nsyms, true };
    expr_blank(&x);
    if (*x.p == ')')
        return true;
    do {
        int64_t v = expr_sum(&x);
        if (!x.ok || *n >= max)
            return false;
        out[(*n)++] = v;
    } while (expr_word(&x, ","));
    return expr_word(&x, ")") && x.ok;
}

static const char *entry_comments(const char *ptx, const char *entry, const char **end);

/* The comment lines `// vptx: ...` directly above `.visible .entry ENTRY(`: their start,
   or NULL (and *end the entry). */
static const char *
entry_comments(const char *ptx, const char *entry, const char **end)
{
    size_t en = strlen(entry);
    const char *e = NULL;
    for (const char *p = strstr(ptx, ".visible .entry "); p; p = strstr(p + 1, ".visible .entry "))
        if (strncmp(p + 16, entry, en) == 0 && p[16 + en] == '(') {
            e = p;
            break;
        }
    if (!e)
        return NULL;
    const char *start = e;
    while (start > ptx && start[-1] == '\n') {
        const char *l = start - 1;
        while (l > ptx && l[-1] != '\n')
            l--;
        if (strncmp(l, "// vptx: ", 9) != 0)
            break;
        start = l;
    }
    *end = e;
    return start;
}

/* A copy of the rest of the line at p into buf. */
static void
line_copy(const char *p, char *buf, size_t cap)
{
    size_t n = strcspn(p, "\n");
    if (n >= cap)
        n = cap - 1;
    memcpy(buf, p, n);
    buf[n] = 0;
}

bool
ptx_op_level_header(const char *ptx, const char *entry, OpLevelHeader *h)
{
    memset(h, 0, sizeof *h);
    const char *e = NULL, *p = entry_comments(ptx, entry, &e);
    bool have_grid = false;
    for (; p && p < e; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : e) {
        if (!strncmp(p, "// vptx: sizes", 14)) {
            const char *q = p + 14, *nl = strchr(p, '\n');
            while (h->nsyms < OPLEVEL_MAX_SYMS && (q = strstr(q, " = ")) && q < e &&
                   (!nl || q < nl)) {
                char *end;
                uint32_t i = h->nsyms++;
                static const char sms[] = " = the SM count of the device";
                if (!strncmp(q, sms, sizeof sms - 1)) {
                    h->sym_arg[i] = OPLEVEL_SYM_SMS;
                    h->sym_dim[i] = 0;
                    h->sym_param[i] = -1;
                    q += sizeof sms - 1;
                    continue;
                }
                if (strncmp(q, " = argument ", 12) != 0) {
                    h->nsyms--;
                    q += 3;
                    continue;
                }
                h->sym_arg[i] = (int32_t)strtol(q + 12, &end, 10);
                h->sym_dim[i] = -1;
                if (!strncmp(end, " dim ", 5))
                    h->sym_dim[i] = (int32_t)strtol(end + 5, &end, 10);
                h->sym_param[i] =
                    !strncmp(end, " (parameter ", 12) ? strtoll(end + 12, &end, 10) : -1;
                q = end;
            }
        } else if (!strncmp(p, "// vptx: grid ", 14)) {
            line_copy(p + 14, h->grid, sizeof h->grid);
            have_grid = true;
        } else if ((!strncmp(p, "// vptx: result ", 16) || !strncmp(p, "// vptx: scratch ", 17)) &&
                   h->nresults < OPLEVEL_MAX_RESULTS) {
            /* a split function's scratch buffers follow its results */
            const char *a = strstr(p, " is argument "), *s = strstr(p, " of shape ");
            if (a && s && s < e) {
                h->result_arg[h->nresults] = (uint32_t)strtoul(a + 13, NULL, 10);
                line_copy(s + 10, h->result_shape[h->nresults], sizeof h->result_shape[0]);
                h->nresults++;
            }
        }
    }
    return have_grid;
}

int64_t
oplevel_sm_count(int sms, const char *timing, const char *target)
{
    int64_t n = sms;
    if (n <= 0 && timing && *timing)
        n = sim_timing_sms(timing);
    if (n <= 0) {
        const Target *t = target ? target_find(target) : NULL;
        n = t ? t->sms : 132;
    }
    return n > OPLEVEL_MAX_SMS ? OPLEVEL_MAX_SMS : n;
}

const char *
ptx_target(const char *ptx, char *buf, size_t cap)
{
    const char *t = ptx ? strstr(ptx, "\n.target ") : NULL;
    size_t n = t ? strcspn(t + 9, " ,\r\n") : 0;
    if (n >= cap)
        n = cap - 1;
    if (cap) {
        memcpy(buf, t ? t + 9 : "", n);
        buf[n] = 0;
    }
    return buf;
}

unsigned
vptx_dynamic_smem(const char *ptx, const char *entry)
{
    PtxNotes all;
    const PtxEntryNotes *e = public_notes(ptx, entry, &all);
    unsigned v = e ? e->dynamic_smem : 0;
    ptx_notes_free(&all);
    return v;
}

unsigned
vptx_block_threads(const char *ptx, const char *entry)
{
    PtxNotes all;
    const PtxEntryNotes *e = public_notes(ptx, entry, &all);
    unsigned v = e ? e->block_threads : 0;
    ptx_notes_free(&all);
    return v;
}

int
vptx_hidden_grid(const char *ptx, const char *entry)
{
    PtxNotes all;
    const PtxEntryNotes *e = public_notes(ptx, entry, &all);
    int v = e ? (int)e->grid_param : -1;
    ptx_notes_free(&all);
    return v;
}

unsigned
vptx_persistent_workgroups(const unsigned grid[3], unsigned max)
{
    if (!grid)
        return 0;
    uint64_t total = (uint64_t)grid[0] * grid[1] * grid[2];
    if (max == 0)
        max = VPTX_PERSISTENT_WORKGROUPS;
    return total == 0 ? 1 : total < max ? (unsigned)total : max;
}
