/*
 * coalesce.c -- no copies at a yield for values that can be made in the carried
 * register itself (the classic coalescing of phi copies).
 *
 * An scf.for carries its iter_args in registers of their own (ptxgen.c lower_for), and
 * every iteration ends with a parallel copy from the yielded values into them; an
 * scf.if copies each branch's yielded values into its result registers.  When a
 * yielded register Y was born in the region (numbered after its start, so all its
 * occurrences are in the region's text) and the carried register A is read for the
 * last time no later than Y is first written, Y's live range does not overlap A's
 * within the iteration, and Y can be A: every `%rY` of the region's text is renamed
 * `%rA` and the copy disappears.  The test is made on the text already written, one
 * instruction per line, with the line of the first and the last occurrence of each
 * register:
 *
 *     last(A) <= first(Y)          (an instruction reads its sources before it writes,
 *                                   so `add.f32 %fY, %fA, %f9;` may become %fA, %fA)
 *     no backward branch in the region jumps from at or after first(Y) to a label at
 *     or before last(A)            (an inner loop would read A again after Y's write)
 *     A is no source of another copy of the same yield (that copy wants A's old value)
 *
 * Forward branches (scf.if) cannot bring an earlier line back, so line order is
 * execution order within an iteration.  A value yielded twice is renamed once; the
 * other copy then reads A.  A `mov` made an identity by the renaming is deleted.
 *
 * Requires:    Emit.body holds the region's text from `from` on, one instruction per
 *              line as ins() writes it; registers of class c numbered above
 *              nregs_from[c] were allocated after `from` (new_reg counts up).
 * Ensures:     the text computes the same values, with the renamed registers
 *              holding the yielded values at the region's end; src[] is updated so
 *              that the remaining parallel copy is still right (a renamed slot is its
 *              own destination); output is deterministic.
 * Invalidates: the Reps of values defined in the region that hold a renamed register
 *              (they are out of scope once the region is lowered).
 */
#include "ptxgen/emit.h"

#include <string.h>

typedef struct {
    uint32_t first, last; /* 1 + the line of the first / last occurrence, 0 = none */
    uint32_t to;          /* renamed to this register (same class), 0 = not */
} Occ;

typedef struct {
    uint32_t *idx[RC_COUNT]; /* by register: 1 + its Occ, 0 = not tracked */
    uint32_t n[RC_COUNT];    /* entries of idx[c] */
    Occ *occ;
    uint32_t nocc;
} Track;

static bool
same_reg(Slot a, Slot b)
{
    return !a.is_imm && !b.is_imm && a.cls == b.cls && a.reg == b.reg;
}

static void
track(Emit *e, Track *t, Slot s)
{
    if (s.is_imm)
        return;
    if (!t->idx[s.cls]) {
        t->n[s.cls] = e->nregs[s.cls] + 1;
        t->idx[s.cls] = ir_calloc(t->n[s.cls], sizeof *t->idx[s.cls]);
    }
    if (s.reg < t->n[s.cls] && !t->idx[s.cls][s.reg])
        t->idx[s.cls][s.reg] = ++t->nocc;
}

static Occ *
occ_of(Track *t, Slot s)
{
    if (s.is_imm || !t->idx[s.cls] || s.reg >= t->n[s.cls] || !t->idx[s.cls][s.reg])
        return NULL;
    return &t->occ[t->idx[s.cls][s.reg] - 1];
}

/* The register token at p ('%' then a class prefix then digits): its slot, or an
 * immediate slot when p starts none (%tid, %laneid, ...); *len its length. */
static Slot
reg_token(const char *p, const char *end, size_t *len)
{
    const char *q = p + 1;
    while (q < end && *q >= 'a' && *q <= 'z')
        q++;
    const char *d = q;
    uint32_t v = 0;
    while (q < end && *q >= '0' && *q <= '9' && v < 100000000)
        v = v * 10 + (uint32_t)(*q++ - '0');
    *len = (size_t)(q - p);
    Slot none = { .is_imm = 1 };
    if (d == q || (q < end && ((*q >= 'a' && *q <= 'z') || *q == '_')))
        return none;
    for (int c = 0; c < RC_COUNT; c++) {
        const char *pre = cls_prefix((RegClass)c);
        if (strlen(pre) == (size_t)(d - p) && !memcmp(pre, p, (size_t)(d - p)))
            return (Slot){ .cls = (uint8_t)c, .reg = v };
    }
    return none;
}

/* The number N of a `$L__kernel_N` label token ending just before p. */
static uint32_t
label_number(const char *start, const char *p)
{
    const char *q = p;
    while (q > start && q[-1] >= '0' && q[-1] <= '9')
        q--;
    uint32_t v = 0;
    for (; q < p; q++)
        v = v * 10 + (uint32_t)(*q - '0');
    return v;
}

/* Is [p, nl) a branch to a label (`[@%p ]bra[.uni] $L__...;`)? */
static bool
has_branch(const char *p, const char *nl)
{
    bool bra = false;
    for (const char *q = p; q + 4 <= nl; q++) {
        if (!memcmp(q, "bra", 3) && (q[3] == ' ' || q[3] == '.'))
            bra = true;
        if (bra && !memcmp(q, "$L__", 4))
            return true;
    }
    return false;
}

typedef struct {
    uint32_t from, to; /* lines: a branch on line `to` back to the label on line `from` */
} Edge;

/* One pass over the region: occurrences of the tracked registers, backward branches. */
static void
scan(Emit *e, Track *t, size_t from, Edge **edges, uint32_t *nedges)
{
    uint32_t nlab = 0, caplab = 0, cap = 0, *lab = NULL, *labline = NULL;
    const char *p = e->body + from, *end = e->body + e->body_len;
    for (uint32_t line = 1; p < end; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            nl = end;
        if (p[0] == '$' && nl > p && nl[-1] == ':') { /* a label */
            if (nlab == caplab) {
                caplab = caplab * 2 + 16;
                lab = ir_realloc(lab, caplab * sizeof *lab);
                labline = ir_realloc(labline, caplab * sizeof *labline);
            }
            lab[nlab] = label_number(p, nl - 1);
            labline[nlab++] = line;
        } else if (!(p + 1 < nl && p[1] == '/')) {
            for (const char *q = p; q < nl; q++) {
                if (*q != '%')
                    continue;
                size_t len;
                Occ *o = occ_of(t, reg_token(q, nl, &len));
                if (o) {
                    if (!o->first)
                        o->first = line;
                    o->last = line;
                }
                q += len - 1;
            }
            if (nl - p > 8 && nl[-1] == ';' && has_branch(p, nl)) {
                uint32_t target = label_number(p, nl - 1);
                for (uint32_t k = 0; k < nlab; k++)
                    if (lab[k] == target) {
                        if (*nedges == cap) {
                            cap = cap * 2 + 8;
                            *edges = ir_realloc(*edges, cap * sizeof **edges);
                        }
                        (*edges)[(*nedges)++] = (Edge){ labline[k], line };
                    }
            }
        }
        p = nl + (nl < end);
    }
    ir_free(lab);
    ir_free(labline);
}

/* Does `\tmov.T X, X;` stand in [s, end)? */
static bool
identity_mov(const char *s, const char *end)
{
    size_t n = (size_t)(end - s);
    if (n < 6 || memcmp(s, "\tmov.", 5) != 0 || end[-1] != ';')
        return false;
    const char *sp = memchr(s, ' ', n);
    const char *comma = sp ? memchr(sp, ',', (size_t)(end - sp)) : NULL;
    if (!comma || memchr(s, '{', n) || comma + 2 > end || comma[1] != ' ')
        return false;
    size_t a = (size_t)(comma - sp - 1), b = (size_t)(end - 1 - comma - 2);
    return a == b && !memcmp(sp + 1, comma + 2, a);
}

/* Rewrites the region in place with the renames of t (never longer: a register is
 * renamed only to a smaller number of its class) and drops identity movs. */
static void
rename_text(Emit *e, Track *t, size_t from)
{
    char *w = e->body + from;
    const char *p = e->body + from, *end = e->body + e->body_len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            nl = end;
        char *w0 = w;
        for (const char *q = p; q < nl;) {
            size_t len = 1;
            Slot s = *q == '%' ? reg_token(q, nl, &len) : (Slot){ .is_imm = 1 };
            Occ *o = occ_of(t, s);
            if (o && o->to) {
                const char *pre = cls_prefix((RegClass)s.cls);
                char num[12];
                int k = 0;
                uint32_t v = o->to;
                do
                    num[k++] = (char)('0' + v % 10);
                while (v /= 10);
                size_t np = strlen(pre);
                memmove(w, pre, np);
                w += np;
                while (k)
                    *w++ = num[--k];
            } else {
                memmove(w, q, len);
                w += len;
            }
            q += len;
        }
        if (identity_mov(w0, w))
            w = w0;
        else if (nl < end)
            *w++ = '\n';
        p = nl + (nl < end);
    }
    e->body_len = (size_t)(w - e->body);
    e->body[e->body_len] = 0;
}

void
coalesce_yield(Emit *e, const Slot *dst, Slot *src, uint32_t n, size_t from,
               const uint32_t *nregs_from)
{
    Track t = { 0 };
    bool any = false;
    for (uint32_t i = 0; i < n; i++)
        if (!src[i].is_imm && !dst[i].is_imm && src[i].cls == dst[i].cls &&
            src[i].reg > nregs_from[src[i].cls] && dst[i].reg < src[i].reg) {
            track(e, &t, dst[i]);
            track(e, &t, src[i]);
            any = true;
        }
    if (!any)
        return;
    t.occ = ir_calloc(t.nocc + 1, sizeof *t.occ);
    Edge *edges = NULL;
    uint32_t nedges = 0;
    scan(e, &t, from, &edges, &nedges);
    bool renamed = false;
    for (uint32_t i = 0; i < n; i++) {
        Occ *a = occ_of(&t, dst[i]), *y = occ_of(&t, src[i]);
        if (!a || !y || y->to || same_reg(dst[i], src[i]) || src[i].reg <= nregs_from[src[i].cls])
            continue;
        bool ok = !(a->last && y->first && a->last > y->first);
        for (uint32_t k = 0; ok && a->last && y->first && k < nedges; k++)
            if (edges[k].from <= a->last && edges[k].to >= y->first)
                ok = false;
        for (uint32_t j = 0; ok && j < n; j++)
            if (j != i && same_reg(src[j], dst[i]))
                ok = false;
        if (!ok)
            continue;
        y->to = dst[i].reg;
        Slot old = src[i];
        for (uint32_t j = 0; j < n; j++)
            if (same_reg(src[j], old))
                src[j] = dst[i];
        renamed = true;
    }
    if (renamed)
        rename_text(e, &t, from);
    ir_free(edges);
    ir_free(t.occ);
    for (int c = 0; c < RC_COUNT; c++)
        ir_free(t.idx[c]);
}
