/*
 * parse.c -- PTX module structure: directives, functions, declarations
 * [PTX §11 directives, §5 state spaces and variables, §4 syntax].
 *
 * Requires:  text that ptxas 13.0 accepts (see ../shared/docs/ptx-sm80.md
 *            section 1); what is outside the supported subset is an error
 *            located at its line.
 * Ensures:   a SimModule whose code array holds every function's decoded
 *            instructions (decode.c), whose symbols have addresses (link():
 *            shared layout, constant bank, global variables allocated in the
 *            context), and whose operands refer to registers by index,
 *            labels by pc and variables by address; no name is looked up
 *            again after this file.
 *
 * Scopes: module symbols live in modtab; a function body's registers and
 * variables are Bindings in loctab, with a stack of nested `{ }` scopes
 * (nvcc wraps inline asm in such blocks and shadows names there).
 */
#include "sim/simint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t *slot; /* index + 1; 0 empty; TOMB removed */
    uint32_t cap, n;
} HTab;
#define TOMB 0xffffffffu

typedef const char *KeyFn(const void *ctx, uint32_t idx);

typedef struct {
    char *name;
    uint32_t pc, line;
} Label;

typedef struct {
    SimCtx *ctx;
    SimModule *m;
    Lexer lx;
    Token tok;
    const char *file;
    char *err;
    HTab modtab;
    /* current function */
    uint32_t fi;
    Binding *binds;
    uint32_t nbinds, capbinds;
    HTab loctab;
    uint32_t scope_start[64];
    uint32_t depth;
    Label *labels;
    uint32_t nlabels, caplabels;
    HTab labtab;
    char **names;
    uint32_t nnames, capnames;
    uint32_t frame;
    uint32_t capregty;
} Parser;

#define GROW(arr, n, cap)                                                                          \
    ((n) < (cap) ? true : grow_array((void **)&(arr), &(cap), sizeof *(arr), (n) + 1))

static bool
grow_array(void **p, uint32_t *cap, size_t elem, uint32_t need)
{
    uint32_t c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * elem);
    if (!q)
        return false;
    memset((char *)q + (size_t)*cap * elem, 0, (size_t)(c - *cap) * elem);
    *p = q;
    *cap = c;
    return true;
}

/* ---- hash tables of names ---- */

static uint32_t
hash_str(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

static bool
key_eq(const char *k, const char *s, size_t n)
{
    return strncmp(k, s, n) == 0 && k[n] == '\0';
}

static uint32_t *
ht_find_slot(const HTab *h, const char *s, size_t n, KeyFn *key, const void *ctx)
{
    if (!h->cap)
        return NULL;
    for (uint32_t i = hash_str(s, n) & (h->cap - 1);; i = (i + 1) & (h->cap - 1)) {
        uint32_t v = h->slot[i];
        if (v == 0)
            return &h->slot[i];
        if (v != TOMB && key_eq(key(ctx, v - 1), s, n))
            return &h->slot[i];
    }
}

static uint32_t
ht_get(const HTab *h, const char *s, size_t n, KeyFn *key, const void *ctx)
{
    uint32_t *p = ht_find_slot(h, s, n, key, ctx);
    return p && *p ? *p - 1 : NOREG;
}

/* Bind name -> idx (replacing an existing binding); idx NOREG removes it. */
static bool
ht_put(HTab *h, const char *name, uint32_t idx, KeyFn *key, const void *ctx)
{
    if ((h->n + 1) * 2 > h->cap) {
        HTab nh = { calloc(h->cap ? h->cap * 2 : 64, sizeof(uint32_t)), h->cap ? h->cap * 2 : 64,
                    0 };
        if (!nh.slot)
            return false;
        for (uint32_t i = 0; i < h->cap; i++) {
            uint32_t v = h->slot[i];
            if (v && v != TOMB) {
                const char *k = key(ctx, v - 1);
                *ht_find_slot(&nh, k, strlen(k), key, ctx) = v;
                nh.n++;
            }
        }
        free(h->slot);
        *h = nh;
    }
    uint32_t *p = ht_find_slot(h, name, strlen(name), key, ctx);
    if (*p == 0)
        h->n++;
    if (idx == NOREG)
        *p = *p ? TOMB : 0;
    else
        *p = idx + 1;
    return true;
}

static void
ht_clear(HTab *h)
{
    free(h->slot);
    h->slot = NULL;
    h->cap = h->n = 0;
}

static const char *
sym_key(const void *ctx, uint32_t i)
{
    return ((const SimModule *)ctx)->syms[i].name;
}

static const char *
bind_key(const void *ctx, uint32_t i)
{
    return ((const Parser *)ctx)->binds[i].name;
}

static const char *
label_key(const void *ctx, uint32_t i)
{
    return ((const Parser *)ctx)->labels[i].name;
}

/* ---- errors and tokens ---- */

SIM_PRINTF(3, 4) static bool perr(Parser *P, uint32_t line, const char *fmt, ...)
{
    if (P->err)
        return false;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t n = strlen(P->file) + strlen(msg) + 32;
    P->err = malloc(n);
    if (P->err)
        snprintf(P->err, n, "%s:%u: error: %s", P->file, line, msg);
    return false;
}

static bool
next(Parser *P)
{
    if (P->err)
        return false;
    if (!lex_next(&P->lx, &P->tok)) {
        P->err = P->lx.err;
        P->lx.err = NULL;
        P->tok.kind = TOK_EOF;
        return false;
    }
    return true;
}

static bool
is_punct(const Parser *P, char c)
{
    return P->tok.kind == TOK_PUNCT && P->tok.punct == c;
}

static bool
is_dir(const Parser *P, const char *d)
{
    return P->tok.kind == TOK_DIRECTIVE && P->tok.len == strlen(d) &&
           !memcmp(P->tok.s, d, P->tok.len);
}

static bool
expect(Parser *P, char c)
{
    if (!is_punct(P, c))
        return perr(P, P->tok.line, "expected '%c' before '%.*s'", c, (int)P->tok.len, P->tok.s);
    return next(P);
}

static char *
tok_dup(const Token *t)
{
    char *s = malloc(t->len + 1);
    if (s) {
        memcpy(s, t->s, t->len);
        s[t->len] = '\0';
    }
    return s;
}

static bool
expect_int(Parser *P, uint64_t *v)
{
    if (P->tok.kind != TOK_INT)
        return perr(P, P->tok.line, "expected an integer before '%.*s'", (int)P->tok.len, P->tok.s);
    *v = P->tok.ival;
    return next(P);
}

/* Skip to just after the next ';' (or a balanced '}' block). */
static bool
skip_statement(Parser *P)
{
    int depth = 0;
    while (P->tok.kind != TOK_EOF) {
        if (is_punct(P, '{'))
            depth++;
        else if (is_punct(P, '}') && --depth <= 0 && depth == 0)
            return next(P);
        else if (is_punct(P, ';') && depth == 0)
            return next(P);
        if (!next(P))
            return false;
    }
    return true;
}

static int
type_from(const char *s, size_t n)
{
    for (int t = 1; t < TY_COUNT; t++)
        if (strlen(type_info[t].name) == n && !memcmp(type_info[t].name, s, n))
            return t;
    return TY_NONE;
}

/* ---- module objects ---- */

static Func *
cur_fn(Parser *P)
{
    return &P->m->funcs[P->fi];
}

static uint32_t
add_sym(Parser *P, const char *name, int kind, int ty, uint32_t size, uint32_t align)
{
    SimModule *m = P->m;
    if (!GROW(m->syms, m->nsyms, m->capsyms))
        return NOREG;
    Sym *s = &m->syms[m->nsyms];
    s->name = strdup(name);
    s->kind = (uint8_t)kind;
    s->ty = (uint8_t)ty;
    s->size = size;
    s->align = align ? align : 1;
    s->func = NOREG;
    return s->name ? m->nsyms++ : NOREG;
}

uint32_t
module_add_vec(SimModule *m, const Opd *elems, uint32_t n)
{
    if (n == 0) /* `()`: no elements, and m->vecs may still be NULL */
        return m->nvecs;
    while (m->nvecs + n > m->capvecs)
        if (!grow_array((void **)&m->vecs, &m->capvecs, sizeof *m->vecs, m->nvecs + n))
            return NOREG;
    memcpy(&m->vecs[m->nvecs], elems, n * sizeof *elems);
    m->nvecs += n;
    return m->nvecs - n;
}

/* Bind a name in the innermost function scope. */
static bool
bind(Parser *P, const char *name, uint32_t idx, bool is_reg, uint32_t line)
{
    uint32_t prev = ht_get(&P->loctab, name, strlen(name), bind_key, P);
    if (prev != NOREG && prev >= P->scope_start[P->depth])
        return perr(P, line, "duplicate definition of '%s'", name);
    if (!GROW(P->binds, P->nbinds, P->capbinds))
        return perr(P, line, "out of memory");
    Binding *b = &P->binds[P->nbinds];
    b->name = strdup(name);
    b->idx = idx;
    b->is_reg = is_reg;
    b->prev = prev;
    if (!b->name || !ht_put(&P->loctab, name, P->nbinds, bind_key, P))
        return perr(P, line, "out of memory");
    P->nbinds++;
    return true;
}

static void
pop_scope(Parser *P)
{
    uint32_t start = P->scope_start[P->depth];
    while (P->nbinds > start) {
        Binding *b = &P->binds[--P->nbinds];
        ht_put(&P->loctab, b->name, b->prev, bind_key, P);
        free(b->name);
    }
}

static uint32_t
align_up(uint32_t v, uint32_t a)
{
    return a ? (v + a - 1) / a * a : v;
}

/* ---- declarations [PTX §5.4] ---- */

typedef struct {
    uint32_t align, vec;
    int ty;
} Attrs;

/* .align N, .v2/.v4/.v8, the type, and pointer attributes, in any order. */
static bool
parse_attrs(Parser *P, Attrs *a)
{
    uint32_t line = P->tok.line;
    memset(a, 0, sizeof *a);
    a->vec = 1;
    while (P->tok.kind == TOK_DIRECTIVE) {
        int ty = type_from(P->tok.s + 1, P->tok.len - 1);
        if (is_dir(P, ".align")) {
            uint64_t v = 0;
            if (!next(P) || !expect_int(P, &v))
                return false;
            if (v == 0 || (v & (v - 1)) || v > 4096)
                return perr(P, line, ".align %llu is not a power of two up to 4096",
                            (unsigned long long)v);
            a->align = (uint32_t)v;
            continue;
        }
        if (is_dir(P, ".v2") || is_dir(P, ".v4") || is_dir(P, ".v8"))
            a->vec = (uint32_t)(P->tok.s[2] - '0');
        else if (ty != TY_NONE)
            a->ty = ty;
        else if (!(is_dir(P, ".ptr") || is_dir(P, ".global") || is_dir(P, ".shared") ||
                   is_dir(P, ".const") || is_dir(P, ".local")))
            return perr(P, P->tok.line, "unexpected '%.*s' in a declaration", (int)P->tok.len,
                        P->tok.s);
        if (!next(P))
            return false;
    }
    if (a->ty == TY_NONE)
        return perr(P, line, "declaration without a type");
    return true;
}

typedef struct {
    char *name;
    uint32_t count, range, line;
    bool unsized, has_range;
} Declarator;

static bool declarator_rest(Parser *P, Declarator *d);

/* name<N>[a][b]...: on failure d->name is freed (and NULL). */
static bool
parse_declarator(Parser *P, Declarator *d)
{
    if (declarator_rest(P, d))
        return true;
    free(d->name);
    d->name = NULL;
    return false;
}

static bool
declarator_rest(Parser *P, Declarator *d)
{
    memset(d, 0, sizeof *d);
    d->count = 1;
    d->line = P->tok.line;
    if (P->tok.kind != TOK_IDENT)
        return perr(P, P->tok.line, "expected a name in a declaration, got '%.*s'", (int)P->tok.len,
                    P->tok.s);
    d->name = tok_dup(&P->tok);
    if (!d->name || !next(P))
        return false;
    if (is_punct(P, '<')) {
        uint64_t v = 0;
        if (!next(P) || !expect_int(P, &v) || !expect(P, '>'))
            return false;
        if (v > 1000000)
            return perr(P, d->line, "register range too large");
        d->range = (uint32_t)v;
        d->has_range = true;
    }
    while (is_punct(P, '[')) {
        if (!next(P))
            return false;
        if (is_punct(P, ']')) {
            d->unsized = true;
        } else {
            uint64_t v = 0;
            if (!expect_int(P, &v))
                return false;
            if (v == 0 || v > (1u << 30) || (uint64_t)d->count * v > (1u << 30))
                return perr(P, d->line, "array size out of range");
            d->count *= (uint32_t)v;
        }
        if (!expect(P, ']'))
            return false;
    }
    return true;
}

typedef struct {
    uint8_t *buf;
    uint32_t len, cap;
} Bytes;

/* Initialiser values [PTX §5.4.4]: numbers, possibly in nested braces. */
static bool
parse_init(Parser *P, int ty, Bytes *b)
{
    if (is_punct(P, '{')) {
        if (!next(P))
            return false;
        while (!is_punct(P, '}')) {
            if (!parse_init(P, ty, b))
                return false;
            if (is_punct(P, ','))
                next(P);
            else if (!is_punct(P, '}'))
                return perr(P, P->tok.line, "expected ',' or '}' in an initialiser");
        }
        return next(P);
    }
    bool neg = is_punct(P, '-');
    if (neg && !next(P))
        return false;
    Opd o = { .kind = OPD_IMM };
    switch (P->tok.kind) {
    case TOK_INT:
        o.aux = LIT_INT;
        o.imm = (int64_t)P->tok.ival;
        break;
    case TOK_F32:
        o.aux = LIT_F32;
        o.imm = (int64_t)P->tok.ival;
        break;
    case TOK_F64:
        o.aux = LIT_F64;
        o.imm = (int64_t)P->tok.ival;
        break;
    case TOK_FLOAT:
        o.aux = LIT_DOUBLE;
        memcpy(&o.imm, &P->tok.fval, 8);
        break;
    default:
        return perr(P, P->tok.line, "unsupported initialiser '%.*s'", (int)P->tok.len, P->tok.s);
    }
    if (neg)
        o.imm = o.aux == LIT_INT   ? (int64_t)(0 - (uint64_t)o.imm) /* -INT64_MIN: no UB */
                : o.aux == LIT_F32 ? o.imm ^ 0x80000000ll
                                   : o.imm ^ INT64_MIN;
    uint64_t v = imm_convert(&o, ty);
    uint32_t n = type_info[ty].bytes;
    while (b->cap < b->len + n)
        if (!grow_array((void **)&b->buf, &b->cap, 1, b->len + n))
            return perr(P, P->tok.line, "out of memory");
    for (uint32_t i = 0; i < n; i++)
        b->buf[b->len++] = (uint8_t)(v >> (8 * i));
    return next(P);
}

/* Give a declared variable its symbol; in_fn binds it in the function scope. */
static bool
make_var(Parser *P, int space, bool ext, bool in_fn, const Attrs *a, Declarator *d, Bytes *init)
{
    SimModule *m = P->m;
    uint32_t esize = type_info[a->ty].bytes * a->vec;
    uint32_t align = a->align ? a->align : esize;
    uint32_t size = d->unsized ? init->len : esize * d->count;
    if (init->len > size)
        return perr(P, d->line, "too many initialisers for '%s'", d->name);
    int kind;
    switch (space) {
    case SP_SHARED:
        kind = ext && d->unsized ? SYM_DYNSHARED : SYM_SHARED;
        break;
    case SP_GLOBAL:
        kind = SYM_GLOBAL;
        break;
    case SP_CONST:
        kind = SYM_CONST;
        break;
    default:
        if (!in_fn)
            return perr(P, d->line, "module-scope variable in this state space is not supported");
        kind = SYM_FRAME;
    }
    uint32_t si = add_sym(P, d->name, kind, a->ty, size, align);
    if (si == NOREG)
        return perr(P, d->line, "out of memory");
    Sym *s = &m->syms[si];
    if (kind == SYM_SHARED)
        s->func = in_fn ? P->fi : NOREG;
    if (kind == SYM_FRAME) {
        P->frame = align_up(P->frame, align);
        if (size > SIM_MAX_LOCAL || P->frame > SIM_MAX_LOCAL - size)
            return perr(P, d->line,
                        "local memory of '%s' exceeds the %u bytes (512 KB) a thread may have "
                        "(PTX ISA 5.1.5: .local)",
                        d->name, SIM_MAX_LOCAL);
        s->addr = P->frame;
        P->frame += size;
    } else if (kind == SYM_CONST) {
        uint32_t off = align_up(m->cbank_size, align);
        uint8_t *nb = realloc(m->cbank, off + size + 1);
        if (!nb)
            return perr(P, d->line, "out of memory");
        memset(nb + m->cbank_size, 0, off + size + 1 - m->cbank_size);
        if (init->len) /* no initialiser: init->buf is NULL */
            memcpy(nb + off, init->buf, init->len);
        m->cbank = nb;
        m->cbank_size = off + size;
        s->addr = off;
    } else if (kind == SYM_GLOBAL) {
        SimDevPtr p;
        SimDevPtr *ng = realloc(m->gvars, (m->ngvars + 1) * sizeof *ng);
        if (!ng)
            return perr(P, d->line, "out of memory");
        m->gvars = ng;
        if (sim_alloc_internal(P->ctx, &p, size ? size : 1) != SIM_OK)
            return perr(P, d->line, "cannot allocate .global '%s'", d->name);
        m->gvars[m->ngvars++] = p;
        if (init->len)
            sim_memcpy_htod(P->ctx, p, init->buf, init->len);
        else
            sim_memset_d8(P->ctx, p, 0, size ? size : 1);
        s->addr = p;
    }
    if (in_fn)
        return bind(P, d->name, si, false, d->line);
    if (ht_get(&P->modtab, d->name, strlen(d->name), sym_key, m) != NOREG)
        return perr(P, d->line, "duplicate definition of '%s'", d->name);
    return ht_put(&P->modtab, d->name, si, sym_key, m) || perr(P, d->line, "out of memory");
}

/* A variable declaration; the state-space directive is the current token. */
static bool
parse_var(Parser *P, int space, bool ext, bool in_fn)
{
    Attrs a;
    if (!next(P) || !parse_attrs(P, &a))
        return false;
    do {
        Declarator d;
        Bytes init = { 0 };
        bool ok = parse_declarator(P, &d);
        if (ok && is_punct(P, '='))
            ok = next(P) && parse_init(P, a.ty, &init);
        ok = ok && make_var(P, space, ext, in_fn, &a, &d, &init);
        free(d.name);
        free(init.buf);
        if (!ok)
            return false;
    } while (is_punct(P, ',') && next(P));
    return expect(P, ';');
}

static bool
add_reg(Parser *P, const char *name, int ty, uint32_t line)
{
    Func *f = cur_fn(P);
    if (!GROW(f->regty, f->nregs, P->capregty))
        return perr(P, line, "out of memory");
    f->regty[f->nregs] = (uint8_t)ty;
    return bind(P, name, f->nregs++, true, line);
}

/* .reg .type %r<N>, %x; [PTX §5.1.1] */
static bool
parse_reg(Parser *P)
{
    Attrs a;
    if (!next(P) || !parse_attrs(P, &a))
        return false;
    if (a.vec != 1)
        return perr(P, P->tok.line, "vector registers are not supported");
    do {
        Declarator d;
        if (!parse_declarator(P, &d))
            return false;
        bool ok = true;
        if (d.has_range) {
            size_t n = strlen(d.name) + 16;
            char *nm = malloc(n);
            for (uint32_t i = 0; ok && nm && i < d.range; i++) {
                snprintf(nm, n, "%s%u", d.name, i);
                ok = add_reg(P, nm, a.ty, d.line);
            }
            ok = ok && nm;
            free(nm);
        } else {
            ok = add_reg(P, d.name, a.ty, d.line);
        }
        free(d.name);
        if (!ok)
            return false;
    } while (is_punct(P, ',') && next(P));
    return expect(P, ';');
}

/* ---- functions [PTX §11.2, §11.4] ---- */

/* ( .param .type name, ... ): kernel parameters live in the parameter
 * buffer; .func formals and return values in the callee's frame. */
static bool
parse_params(Parser *P, bool entry, Param **out, uint32_t *n, uint32_t *size)
{
    uint32_t cap = 0;
    if (!expect(P, '('))
        return false;
    while (!is_punct(P, ')')) {
        if (!is_dir(P, ".param"))
            return perr(P, P->tok.line, "expected .param, got '%.*s'", (int)P->tok.len, P->tok.s);
        Attrs a;
        Declarator d;
        if (!next(P) || !parse_attrs(P, &a) || !parse_declarator(P, &d))
            return false;
        if (!GROW(*out, *n, cap)) {
            free(d.name);
            return perr(P, d.line, "out of memory");
        }
        Param *p = &(*out)[(*n)++];
        p->name = d.name;
        p->ty = (uint8_t)a.ty;
        p->size = type_info[a.ty].bytes * a.vec * d.count;
        p->align = a.align ? a.align : type_info[a.ty].bytes * a.vec;
        uint32_t *off = entry ? size : &P->frame;
        p->offset = align_up(*off, p->align);
        if (!entry && (p->size > SIM_MAX_LOCAL || p->offset > SIM_MAX_LOCAL - p->size))
            return perr(P, d.line,
                        "parameters of this .func exceed the %u bytes of local memory "
                        "a thread may have",
                        SIM_MAX_LOCAL);
        *off = p->offset + p->size;
        if (is_punct(P, ','))
            next(P);
        else if (!is_punct(P, ')'))
            return perr(P, P->tok.line, "expected ',' or ')' in a parameter list");
    }
    return next(P);
}

static void
free_params(Param *p, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        free(p[i].name);
    free(p);
}

/* .maxntid/.reqntid/.minnctapersm/.maxnreg/.noreturn/... between ')' and '{'. */
static bool
parse_perf(Parser *P, Func *f)
{
    while (P->tok.kind == TOK_DIRECTIVE && !is_dir(P, ".pragma")) {
        uint32_t *dst = is_dir(P, ".maxntid")   ? f->maxntid
                        : is_dir(P, ".reqntid") ? f->reqntid
                                                : NULL;
        if (!next(P))
            return false;
        for (int i = 0; P->tok.kind == TOK_INT; i++) {
            if (dst && i < 3)
                dst[i] = (uint32_t)P->tok.ival;
            if (!next(P) || !is_punct(P, ','))
                break;
            if (!next(P))
                return false;
        }
    }
    return true;
}

static bool parse_statement(Parser *P);
static bool resolve_names(Parser *P);

static bool
bind_params(Parser *P, Func *f)
{
    for (int pass = 0; pass < 2; pass++) {
        Param *ps = pass ? f->rets : f->params;
        uint32_t n = pass ? f->nrets : f->nparams;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t si = add_sym(P, ps[i].name, f->entry ? SYM_KPARAM : SYM_FRAME, ps[i].ty,
                                  ps[i].size, ps[i].align);
            if (si == NOREG)
                return perr(P, P->tok.line, "out of memory");
            P->m->syms[si].addr = ps[i].offset;
            if (!bind(P, ps[i].name, si, false, P->tok.line))
                return false;
        }
    }
    return true;
}

static bool
parse_body(Parser *P)
{
    SimModule *m = P->m;
    Func *f = cur_fn(P);
    f->start = m->ncode;
    f->defined = true;
    f->param_size = f->entry ? f->param_size : P->frame;
    P->depth = 0;
    P->scope_start[0] = 0;
    P->capregty = 0;
    if (!bind_params(P, f) || !next(P))
        return false;
    while (!P->err) {
        if (P->tok.kind == TOK_EOF)
            return perr(P, P->tok.line, "end of file inside the body of '%s'", cur_fn(P)->name);
        if (is_punct(P, '}')) {
            if (P->depth == 0)
                break;
            pop_scope(P);
            P->depth--;
            next(P);
        } else if (is_punct(P, '{')) {
            if (P->depth == 63)
                return perr(P, P->tok.line, "blocks nested too deeply");
            P->scope_start[++P->depth] = P->nbinds;
            next(P);
        } else {
            parse_statement(P);
        }
    }
    if (P->err)
        return false;
    /* an implicit ret at the closing brace: falling off the end returns */
    if (!GROW(m->code, m->ncode, m->capcode))
        return perr(P, P->tok.line, "out of memory");
    Inst *ret = &m->code[m->ncode++];
    memset(ret, 0, sizeof *ret);
    ret->op = OP_RET;
    ret->cls = SIM_CLASS_CTRL;
    ret->guard = NOREG;
    ret->slot = NOREG;
    ret->line = P->tok.line;
    if (ret->line > m->maxline)
        m->maxline = ret->line;
    f = cur_fn(P);
    f->end = m->ncode;
    f->frame_size = align_up(P->frame, 16);
    if (!f->entry && f->frame_size > m->max_frame)
        m->max_frame = f->frame_size;
    bool ok = resolve_names(P);
    P->scope_start[0] = 0;
    pop_scope(P);
    ht_clear(&P->loctab);
    ht_clear(&P->labtab);
    for (uint32_t i = 0; i < P->nlabels; i++)
        free(P->labels[i].name);
    P->nlabels = 0;
    return ok && next(P);
}

static bool
parse_function(Parser *P, bool entry)
{
    SimModule *m = P->m;
    Func tmp = { .m = m, .entry = entry };
    P->frame = 0;
    if (!next(P))
        return false;
    if (!entry && is_punct(P, '(') && !parse_params(P, false, &tmp.rets, &tmp.nrets, NULL))
        goto fail;
    if (P->tok.kind != TOK_IDENT) {
        perr(P, P->tok.line, "expected a function name");
        goto fail;
    }
    tmp.name = tok_dup(&P->tok);
    uint32_t line = P->tok.line;
    if (!tmp.name || !next(P))
        goto fail;
    if (is_punct(P, '(') && !parse_params(P, entry, &tmp.params, &tmp.nparams, &tmp.param_size))
        goto fail;
    if (!parse_perf(P, &tmp))
        goto fail;
    uint32_t si = ht_get(&P->modtab, tmp.name, strlen(tmp.name), sym_key, m);
    uint32_t fi;
    if (si != NOREG && m->syms[si].kind != SYM_FUNC) {
        perr(P, line, "'%s' is already a variable", tmp.name);
        goto fail;
    }
    if (si != NOREG) {
        fi = (uint32_t)m->syms[si].addr;
        if (m->funcs[fi].defined && is_punct(P, '{')) {
            perr(P, line, "duplicate definition of '%s'", tmp.name);
            goto fail;
        }
        Func *old = &m->funcs[fi];
        free(old->name);
        free(old->regty); /* a body that failed to parse half-way leaves registers (fuzz_ptx) */
        free_params(old->params, old->nparams);
        free_params(old->rets, old->nrets);
    } else {
        if (!GROW(m->funcs, m->nfuncs, m->capfuncs) ||
            (si = add_sym(P, tmp.name, SYM_FUNC, TY_NONE, 0, 1)) == NOREG ||
            !ht_put(&P->modtab, tmp.name, si, sym_key, m)) {
            perr(P, line, "out of memory");
            goto fail;
        }
        fi = m->nfuncs++;
        m->syms[si].addr = fi;
    }
    m->funcs[fi] = tmp;
    P->fi = fi;
    if (is_punct(P, ';'))
        return next(P);
    if (!is_punct(P, '{'))
        return perr(P, P->tok.line, "expected '{' or ';' after the signature of '%s'", tmp.name);
    return parse_body(P);
fail:
    free(tmp.name);
    free_params(tmp.params, tmp.nparams);
    free_params(tmp.rets, tmp.nrets);
    return false;
}

/* ---- statements and instructions [PTX §4.3, §9] ---- */

static bool
add_label(Parser *P, const Token *t)
{
    char *name = tok_dup(t);
    if (!name || !GROW(P->labels, P->nlabels, P->caplabels)) {
        free(name);
        return perr(P, t->line, "out of memory");
    }
    if (ht_get(&P->labtab, name, strlen(name), label_key, P) != NOREG) {
        perr(P, t->line, "duplicate label '%s'", name);
        free(name);
        return false;
    }
    P->labels[P->nlabels] = (Label){ name, P->m->ncode, t->line };
    return ht_put(&P->labtab, name, P->nlabels++, label_key, P) ||
           perr(P, t->line, "out of memory");
}

/* A name used as an operand: register, special register, variable,
 * function, the sink `_`, or (resolved at the end of the body) a label.
 * name holds the token and room for a 2-character suffix (%tid + .x). */
static bool
ident_named(Parser *P, Opd *o, char *name)
{
    memcpy(name, P->tok.s, P->tok.len);
    name[P->tok.len] = '\0';
    const char *end = P->tok.s + P->tok.len;
    uint32_t line = P->tok.line;
    if (!next(P))
        return false;
    uint32_t b = ht_get(&P->loctab, name, strlen(name), bind_key, P);
    if (b != NOREG) {
        o->kind = P->binds[b].is_reg ? OPD_REG : OPD_SYM;
        o->r = P->binds[b].idx;
        return true;
    }
    if (name[0] == '%') {
        if (P->tok.kind == TOK_DIRECTIVE && P->tok.s == end && P->tok.len == 2) {
            size_t n = strlen(name);
            memcpy(name + n, P->tok.s, 2);
            name[n + 2] = '\0';
            if (!next(P))
                return false;
        }
        static const char *const sregs[SREG_COUNT] = {
#define SREG(id, text) [SREG_##id] = text,
#include "sim/sregs.def"
#undef SREG
        };
        for (int i = 0; i < SREG_COUNT; i++)
            if (!strcmp(sregs[i], name)) {
                o->kind = OPD_SREG;
                o->aux = (uint8_t)i;
                return true;
            }
        return perr(P, line, "unknown register '%s'", name);
    }
    uint32_t si = ht_get(&P->modtab, name, strlen(name), sym_key, P->m);
    if (si != NOREG) {
        Sym *s = &P->m->syms[si];
        o->kind = s->kind == SYM_FUNC ? OPD_FUNC : OPD_SYM;
        o->r = s->kind == SYM_FUNC ? (uint32_t)s->addr : si;
        return true;
    }
    if (!strcmp(name, "_")) {
        o->kind = OPD_NONE;
        return true;
    }
    if (!GROW(P->names, P->nnames, P->capnames) || !(P->names[P->nnames] = strdup(name)))
        return perr(P, line, "out of memory");
    o->kind = OPD_NAME;
    o->r = P->nnames++;
    return true;
}

/* Names have no length limit: a C++ template instance's mangled name (CUTLASS's
 * kernels) runs to several hundred characters. */
static bool
ident_operand(Parser *P, Opd *o)
{
    char small[256], *name = small;
    if (P->tok.len + 3 > sizeof small && !(name = malloc(P->tok.len + 3)))
        return perr(P, P->tok.line, "out of memory");
    bool ok = ident_named(P, o, name);
    if (name != small)
        free(name);
    return ok;
}

static bool
number_operand(Parser *P, Opd *o, bool neg)
{
    o->kind = OPD_IMM;
    switch (P->tok.kind) {
    case TOK_INT:
        o->aux = LIT_INT;
        o->imm = (int64_t)P->tok.ival;
        break;
    case TOK_F32:
        o->aux = LIT_F32;
        o->imm = (int64_t)P->tok.ival;
        break;
    case TOK_F64:
        o->aux = LIT_F64;
        o->imm = (int64_t)P->tok.ival;
        break;
    case TOK_FLOAT:
        o->aux = LIT_DOUBLE;
        memcpy(&o->imm, &P->tok.fval, 8);
        break;
    default:
        return perr(P, P->tok.line, "expected a number after '-'");
    }
    if (neg)
        o->imm = o->aux == LIT_INT   ? (int64_t)(0 - (uint64_t)o->imm) /* -INT64_MIN: no UB */
                 : o->aux == LIT_F32 ? o->imm ^ 0x80000000ll
                                     : o->imm ^ INT64_MIN;
    return next(P);
}

static bool list_operand(Parser *P, Opd *o, char close);

/* [reg], [reg+imm], [var], [var+imm], [imm] [PTX §6.4.1]; with coords != NULL
 * also the tensor form [tmap, {c0, ...}] (sm_90), whose list goes to *coords. */
static bool
addr_operand(Parser *P, Opd *o, Opd *coords, bool *has_coords)
{
    o->kind = OPD_ADDR;
    o->r = NOREG;
    if (!next(P))
        return false;
    if (P->tok.kind == TOK_IDENT) {
        Opd base = { 0 };
        uint32_t line = P->tok.line;
        if (!ident_operand(P, &base))
            return false;
        if (base.kind != OPD_REG && base.kind != OPD_SYM)
            return perr(P, line, "bad address base");
        o->aux = base.kind == OPD_REG ? ADDR_REG : ADDR_SYM;
        o->r = base.r;
        if (is_punct(P, '+') || is_punct(P, '-')) {
            bool neg = is_punct(P, '-');
            if (!next(P))
                return false;
            if (is_punct(P, '-') && !neg) {
                neg = true;
                if (!next(P))
                    return false;
            }
            uint64_t v = 0;
            if (!expect_int(P, &v))
                return false;
            o->imm = neg ? -(int64_t)v : (int64_t)v;
        }
    } else if (P->tok.kind == TOK_INT) {
        o->aux = ADDR_IMM;
        o->imm = (int64_t)P->tok.ival;
        if (!next(P))
            return false;
    } else {
        return perr(P, P->tok.line, "bad address operand");
    }
    if (coords && is_punct(P, ',')) {
        if (!next(P))
            return false;
        if (!is_punct(P, '{'))
            return perr(P, P->tok.line, "expected '{' after ',' in an address operand");
        memset(coords, 0, sizeof *coords);
        if (!list_operand(P, coords, '}'))
            return false;
        *has_coords = true;
    }
    return expect(P, ']');
}

static bool parse_operand(Parser *P, Opd *o, bool in_list);

/* {a, b, ...} or (a, b, ...): elements go to Module.vecs. */
static bool
list_operand(Parser *P, Opd *o, char close)
{
    Opd el[255]; /* Opd.n is 8 bits */
    uint32_t n = 0;
    uint32_t line = P->tok.line;
    if (!next(P))
        return false;
    while (!is_punct(P, close)) {
        if (n == 255)
            return perr(P, line, "operand list too long");
        if (!parse_operand(P, &el[n++], true))
            return false;
        if (is_punct(P, ','))
            next(P);
        else if (!is_punct(P, close))
            return perr(P, P->tok.line, "expected ',' or '%c' in an operand list", close);
    }
    o->kind = OPD_VEC;
    o->n = (uint8_t)n;
    o->r = module_add_vec(P->m, el, n);
    if (o->r == NOREG)
        return perr(P, line, "out of memory");
    return next(P);
}

static bool
parse_operand(Parser *P, Opd *o, bool in_list)
{
    memset(o, 0, sizeof *o);
    if (is_punct(P, '!')) {
        if (!next(P) || !ident_operand(P, o))
            return false;
        o->neg = 1;
        return true;
    }
    if (is_punct(P, '-'))
        return next(P) && number_operand(P, o, true);
    if (P->tok.kind == TOK_INT || P->tok.kind == TOK_FLOAT || P->tok.kind == TOK_F32 ||
        P->tok.kind == TOK_F64)
        return number_operand(P, o, false);
    if (P->tok.kind == TOK_IDENT)
        return ident_operand(P, o);
    if (!in_list && is_punct(P, '['))
        return addr_operand(P, o, NULL, NULL);
    if (!in_list && is_punct(P, '{'))
        return list_operand(P, o, '}');
    if (!in_list && is_punct(P, '('))
        return list_operand(P, o, ')');
    return perr(P, P->tok.line, "unexpected '%.*s' in an operand", (int)P->tok.len, P->tok.s);
}

static bool
parse_inst(Parser *P, const Token *mn, uint32_t guard, bool gneg)
{
    Decoder d = { .m = P->m, .fn = cur_fn(P), .file = P->file, .line = mn->line };
    const char *end = mn->s + mn->len;
    while (P->tok.kind == TOK_DIRECTIVE && P->tok.s == end) {
        end += P->tok.len;
        if (!next(P))
            return false;
    }
    while (!is_punct(P, ';')) {
        if (d.nopd == MAXOPD + 2)
            return perr(P, mn->line, "too many operands");
        if (d.nopd && is_punct(P, '|'))
            d.pipe[d.nopd] = true;
        else if (d.nopd && !expect(P, ','))
            return false;
        if (d.pipe[d.nopd] && !next(P))
            return false;
        if (is_punct(P, '[') && d.nopd + 1 < MAXOPD + 2) {
            bool has = false;
            if (!addr_operand(P, &d.opd[d.nopd], &d.opd[d.nopd + 1], &has))
                return false;
            d.nopd += has ? 2 : 1;
            continue;
        }
        if (!parse_operand(P, &d.opd[d.nopd++], false))
            return false;
    }
    Inst in;
    memset(&in, 0, sizeof in);
    if (!decode_inst(&d, mn->s, (size_t)(end - mn->s), &in)) {
        perr(P, mn->line, "%s", d.msg ? d.msg : "out of memory");
        free(d.msg);
        return false;
    }
    in.guard = guard;
    in.guard_neg = gneg;
    in.line = mn->line;
    if (mn->line > P->m->maxline)
        P->m->maxline = mn->line;
    SimModule *m = P->m;
    if (!GROW(m->code, m->ncode, m->capcode))
        return perr(P, mn->line, "out of memory");
    m->code[m->ncode++] = in;
    return next(P);
}

static bool
parse_directive_stmt(Parser *P)
{
    if (is_dir(P, ".reg"))
        return parse_reg(P);
    if (is_dir(P, ".loc") || is_dir(P, ".file")) {
        lex_skip_line(&P->lx);
        return next(P);
    }
    if (is_dir(P, ".pragma"))
        return skip_statement(P);
    bool ext = is_dir(P, ".extern");
    if (ext && !next(P))
        return false;
    static const struct {
        const char *d;
        int sp;
    } spaces[] = {
        { ".shared", SP_SHARED }, { ".local", SP_LOCAL }, { ".param", SP_PARAM },
        { ".global", SP_GLOBAL }, { ".const", SP_CONST },
    };
    for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++)
        if (is_dir(P, spaces[i].d))
            return parse_var(P, spaces[i].sp, ext, true);
    return perr(P, P->tok.line, "unexpected '%.*s' in a function body", (int)P->tok.len, P->tok.s);
}

static bool
parse_statement(Parser *P)
{
    if (P->tok.kind == TOK_DIRECTIVE)
        return parse_directive_stmt(P);
    uint32_t guard = NOREG;
    bool gneg = false;
    if (is_punct(P, '@')) {
        if (!next(P))
            return false;
        gneg = is_punct(P, '!');
        if (gneg && !next(P))
            return false;
        Opd g = { 0 };
        uint32_t line = P->tok.line;
        if (P->tok.kind != TOK_IDENT || !ident_operand(P, &g))
            return perr(P, line, "expected a predicate after '@'");
        if (g.kind != OPD_REG || cur_fn(P)->regty[g.r] != TY_PRED)
            return perr(P, line, "guard is not a predicate register");
        guard = g.r;
    }
    if (P->tok.kind != TOK_IDENT)
        return perr(P, P->tok.line, "expected an instruction, got '%.*s'", (int)P->tok.len,
                    P->tok.s);
    Token mn = P->tok;
    if (!next(P))
        return false;
    if (guard == NOREG && is_punct(P, ':')) {
        if (!add_label(P, &mn) || !next(P))
            return false;
        if (is_dir(P, ".callprototype"))
            return skip_statement(P);
        return true;
    }
    return parse_inst(P, &mn, guard, gneg);
}

/* Labels may be used before they are defined: patch OPD_NAME operands. */
static bool
resolve_names(Parser *P)
{
    SimModule *m = P->m;
    Func *f = cur_fn(P);
    for (uint32_t pc = f->start; pc < f->end; pc++) {
        Inst *in = &m->code[pc];
        for (int i = 0; i < in->nopd; i++) {
            Opd *o = &in->o[i];
            if (o->kind != OPD_NAME)
                continue;
            const char *name = P->names[o->r];
            uint32_t l = ht_get(&P->labtab, name, strlen(name), label_key, P);
            if (l == NOREG)
                return perr(P, in->line, "unknown symbol '%s'", name);
            o->kind = OPD_LABEL;
            o->r = P->labels[l].pc;
        }
    }
    return true;
}

/* ---- module ---- */

static bool
parse_toplevel(Parser *P)
{
    if (is_dir(P, ".version") || is_dir(P, ".address_size")) {
        if (!next(P))
            return false;
        return P->tok.kind == TOK_INT || P->tok.kind == TOK_FLOAT
                   ? next(P)
                   : perr(P, P->tok.line, "expected a number");
    }
    if (is_dir(P, ".target")) {
        do {
            if (!next(P) || P->tok.kind != TOK_IDENT)
                return perr(P, P->tok.line, "expected a target name");
            if (P->tok.len > 3 && P->tok.len < sizeof P->m->target &&
                !strncmp(P->tok.s, "sm_", 3)) { /* the GPU, for the timing model */
                memcpy(P->m->target, P->tok.s, P->tok.len);
                P->m->target[P->tok.len] = '\0';
            }
        } while (next(P) && is_punct(P, ','));
        return true;
    }
    if (is_dir(P, ".file") || is_dir(P, ".loc")) {
        lex_skip_line(&P->lx);
        return next(P);
    }
    if (is_dir(P, ".pragma") || is_dir(P, ".section"))
        return skip_statement(P);
    bool ext = false;
    while (is_dir(P, ".visible") || is_dir(P, ".extern") || is_dir(P, ".weak") ||
           is_dir(P, ".common")) {
        ext = ext || is_dir(P, ".extern");
        if (!next(P))
            return false;
    }
    if (is_dir(P, ".entry") || is_dir(P, ".func"))
        return parse_function(P, is_dir(P, ".entry"));
    if (is_dir(P, ".global"))
        return parse_var(P, SP_GLOBAL, ext, false);
    if (is_dir(P, ".const"))
        return parse_var(P, SP_CONST, ext, false);
    if (is_dir(P, ".shared"))
        return parse_var(P, SP_SHARED, ext, false);
    return perr(P, P->tok.line, "unexpected '%.*s' at module scope", (int)P->tok.len, P->tok.s);
}

SimModule *
ptx_parse(SimCtx *ctx, const char *src, const char *name)
{
    Parser P;
    memset(&P, 0, sizeof P);
    SimModule *m = calloc(1, sizeof *m);
    if (!m || !(m->name = strdup(name ? name : "<ptx>"))) {
        free(m);
        sim_set_error(ctx, "out of memory");
        return NULL;
    }
    m->ctx = ctx;
    P.ctx = ctx;
    P.m = m;
    P.file = m->name;
    lex_init(&P.lx, src, P.file);
    next(&P);
    while (!P.err && P.tok.kind != TOK_EOF)
        parse_toplevel(&P);
    if (!P.err && !module_link(m))
        perr(&P, 0, "out of memory");
    for (uint32_t i = 0; i < P.nbinds; i++)
        free(P.binds[i].name);
    for (uint32_t i = 0; i < P.nnames; i++)
        free(P.names[i]);
    for (uint32_t i = 0; i < P.nlabels; i++)
        free(P.labels[i].name);
    free(P.binds);
    free(P.names);
    free(P.labels);
    ht_clear(&P.modtab);
    ht_clear(&P.loctab);
    ht_clear(&P.labtab);
    if (P.err) {
        sim_set_error(ctx, "%s", P.err);
        free(P.err);
        sim_module_release(m);
        return NULL;
    }
    return m;
}
