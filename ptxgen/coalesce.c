/*
 * coalesce.c -- no copies at a yield for values that can be made in the carried
 * register itself (the classic coalescing of phi copies).
 *
 * An scf.for carries its iter_args in registers of their own (ptxgen.c lower_for), and
 * every iteration ends with a parallel copy from the yielded values into them; an
 * scf.if copies each branch's yielded values into its result registers.  When a
 * yielded register Y was born in the region (numbered after its start, so all its
 * occurrences are in the region's text) and the carried register A's old value is
 * not read after Y is written, Y's live range does not overlap A's within the
 * iteration, and Y can be A: every `%rY` of the region's text is renamed
 * `%rA` and the copy disappears.  The test is made on the text already written, one
 * instruction per line:
 *
 *     no path of the region's text leads from a line where Y occurs to a line where A
 *     occurs (a path: the next line unless the line is an unguarded branch, and the
 *     label a branch names; an instruction reads its sources before it writes, so
 *     `add.f32 %fY, %fA, %f9;` may become %fA, %fA)
 *     A is no source of another copy of the same yield (that copy wants A's old value)
 *
 * Most yields pass a quicker test instead: A's last line is no later than Y's first,
 * and no backward branch (an inner loop) goes from at or after Y's first line to a
 * label at or before A's last.  A value yielded twice is renamed once; the other copy
 * then reads A.  A `mov` made an identity by the renaming is deleted.
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

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t first, last; /* 1 + the line of the first / last occurrence, 0 = none */
    uint32_t to;          /* renamed to this register (same class), 0 = not */
    uint32_t srcs;        /* copies of the yield that read it */
} Occ;

/* The registers looked at: keys (class << 32 | number), sorted and distinct once
 * collected, so that a token is found by binary search; occ[i] belongs to key[i]. */
typedef struct {
    uint64_t *key;
    Occ *occ;
    uint32_t n;
} Track;

static bool
same_reg(Slot a, Slot b)
{
    return !a.is_imm && !b.is_imm && a.cls == b.cls && a.reg == b.reg;
}

static uint64_t
key_of(Slot s)
{
    return (uint64_t)s.cls << 32 | s.reg;
}

static int
cmp_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Sorts the keys, drops repeats and gives each an Occ. */
static void
track_done(Track *t)
{
    qsort(t->key, t->n, sizeof *t->key, cmp_key);
    uint32_t w = 0;
    for (uint32_t i = 0; i < t->n; i++)
        if (!w || t->key[w - 1] != t->key[i])
            t->key[w++] = t->key[i];
    t->n = w;
    t->occ = ir_calloc(w + 1, sizeof *t->occ);
}

static Occ *
occ_of(const Track *t, Slot s)
{
    if (s.is_imm)
        return NULL;
    uint64_t k = key_of(s);
    if (!t->n || k < t->key[0] || k > t->key[t->n - 1])
        return NULL;
    uint32_t lo = 0, hi = t->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (t->key[mid] < k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < t->n && t->key[lo] == k ? &t->occ[lo] : NULL;
}

/* The register token at p ('%' then a class prefix then digits): its slot, or an
 * immediate slot when p starts none (%tid, %laneid, ...); *len its length.  The
 * prefixes are regs.c's: %p %rs %r %rd %f %fd. */
static Slot
reg_token(const char *p, const char *end, size_t *len)
{
    const char *q = p + 1;
    Slot none = { .is_imm = 1 };
    int c;
    if (q < end && *q == 'p') {
        c = RC_PRED, q++;
    } else if (q < end && *q == 'r') {
        q++;
        c = q < end && *q == 's' ? RC_B16 : q < end && *q == 'd' ? RC_B64 : RC_B32;
        q += c != RC_B32;
    } else if (q < end && *q == 'f') {
        q++;
        c = q < end && *q == 'd' ? RC_F64 : RC_F32;
        q += c == RC_F64;
    } else {
        *len = (size_t)(q - p);
        return none;
    }
    const char *d = q;
    uint32_t v = 0;
    while (q < end && *q >= '0' && *q <= '9' && v < 100000000)
        v = v * 10 + (uint32_t)(*q++ - '0');
    *len = (size_t)(q - p);
    if (d == q || (q < end && ((*q >= 'a' && *q <= 'z') || *q == '_')))
        return none;
    return (Slot){ .cls = (uint8_t)c, .reg = v };
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

/* Is [p, nl) a branch to a label (`\t[@[!]%pN ]bra[.uni] $L__...;`)? */
static bool
has_branch(const char *p, const char *nl)
{
    const char *q = p + 1;
    if (q < nl && *q == '@')
        while (q < nl && *q != ' ')
            q++;
    while (q < nl && *q == ' ')
        q++;
    return nl - q > 8 && !memcmp(q, "bra", 3) && (q[3] == ' ' || q[3] == '.') &&
           memchr(q, '$', (size_t)(nl - q));
}

/* The region's control flow, line by line (lines from 1), and where the tracked
 * registers occur. */
typedef struct {
    uint32_t nlines, cap;
    uint32_t *jump; /* by line: the label number its branch goes to, then (resolved) the
                       label's line; 0 = none or outside the region */
    uint8_t *fall;  /* by line: control may go on to the next line */
    struct Use {
        uint32_t occ, line; /* Track index, line */
    } * use;
    uint32_t nuse, capuse;
    uint32_t backs, capback; /* backward branches */
    struct Back {
        uint32_t from, to; /* a branch on line `to` back to the label on line `from` */
    } * back;
} Flow;

static int
cmp_pair(const void *a, const void *b)
{
    const uint32_t *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* One pass over the region: occurrences of the tracked registers, the branches. */
static void
scan(Emit *e, const Track *t, size_t from, Flow *f)
{
    uint32_t nlab = 0, caplab = 0, *lab = NULL; /* pairs (label number, line) */
    const char *p = e->body + from, *end = e->body + e->body_len;
    for (uint32_t line = 1; p < end; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            nl = end;
        if (line >= f->cap) {
            f->cap = f->cap * 2 + 256;
            f->jump = ir_realloc(f->jump, (size_t)f->cap * sizeof *f->jump);
            f->fall = ir_realloc(f->fall, f->cap);
        }
        f->nlines = line;
        f->jump[line] = 0;
        f->fall[line] = 1;
        if (p[0] == '$' && nl > p && nl[-1] == ':') { /* a label */
            if (nlab == caplab) {
                caplab = caplab * 2 + 16;
                lab = ir_realloc(lab, (size_t)caplab * 2 * sizeof *lab);
            }
            lab[2 * nlab] = label_number(p, nl - 1);
            lab[2 * nlab++ + 1] = line;
        } else if (!(p + 1 < nl && p[1] == '/')) {
            for (const char *q = p; (q = memchr(q, '%', (size_t)(nl - q))) != NULL; q++) {
                size_t len;
                Occ *o = occ_of(t, reg_token(q, nl, &len));
                if (o) {
                    if (!o->first)
                        o->first = line;
                    o->last = line;
                    if (f->nuse == f->capuse) {
                        f->capuse = f->capuse * 2 + 64;
                        f->use = ir_realloc(f->use, (size_t)f->capuse * sizeof *f->use);
                    }
                    f->use[f->nuse++] = (struct Use){ (uint32_t)(o - t->occ), line };
                }
                q += len - 1;
            }
            if (nl - p > 8 && nl[-1] == ';' && has_branch(p, nl)) {
                f->jump[line] = label_number(p, nl - 1);
                f->fall[line] = p[1] == '@'; /* a guarded branch may fall through */
            }
        }
        p = nl + (nl < end);
    }
    /* branch targets to lines (0: outside the region), backward branches */
    if (nlab)
        qsort(lab, nlab, 2 * sizeof *lab, cmp_pair);
    for (uint32_t line = 1; line <= f->nlines; line++) {
        if (!f->jump[line])
            continue;
        uint32_t lo = 0, hi = nlab, num = f->jump[line];
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (lab[2 * mid] < num)
                lo = mid + 1;
            else
                hi = mid;
        }
        f->jump[line] = lo < nlab && lab[2 * lo] == num ? lab[2 * lo + 1] : 0;
        if (f->jump[line] && f->jump[line] <= line) {
            if (f->backs == f->capback) {
                f->capback = f->capback * 2 + 8;
                f->back = ir_realloc(f->back, (size_t)f->capback * sizeof *f->back);
            }
            f->back[f->backs++] = (struct Back){ f->jump[line], line };
        }
    }
    ir_free(lab);
}

static void
flow_free(Flow *f)
{
    ir_free(f->jump);
    ir_free(f->fall);
    ir_free(f->use);
    ir_free(f->back);
}

/* Is there a path in the region from a line where register y occurs (after it) to a
 * line where a occurs?  (Then a's old value is read after y was written.) */
static bool
reaches(const Flow *f, uint32_t y, uint32_t a)
{
    uint8_t *seen = ir_calloc((size_t)f->nlines + 2, 1);
    uint32_t *stack = ir_calloc((size_t)f->nlines + 2, sizeof *stack), sp = 0;
    for (uint32_t u = 0; u < f->nuse; u++) {
        if (f->use[u].occ != y)
            continue;
        stack[sp++] = f->use[u].line; /* its successors, below; not itself */
        while (sp) {
            uint32_t l = stack[--sp], next[2] = { f->fall[l] ? l + 1 : 0, f->jump[l] };
            for (int k = 0; k < 2; k++)
                if (next[k] && next[k] <= f->nlines && !seen[next[k]]) {
                    seen[next[k]] = 1;
                    stack[sp++] = next[k];
                }
        }
    }
    bool hit = false;
    for (uint32_t u = 0; u < f->nuse && !hit; u++)
        hit = f->use[u].occ == a && seen[f->use[u].line];
    ir_free(seen);
    ir_free(stack);
    return hit;
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

/* Rewrites lines lo .. hi of the region (1 = its first) in place with the renames of
 * t (never longer: a register is renamed only to a smaller number of its class) and
 * drops identity movs. */
static void
rename_text(Emit *e, const Track *t, size_t from, uint32_t lo, uint32_t hi)
{
    const char *p = e->body + from, *end = e->body + e->body_len;
    for (uint32_t line = 1; line < lo && p < end; line++) { /* unchanged before lo */
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    char *w = e->body + (p - e->body);
    for (uint32_t line = lo; line <= hi && p < end; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            nl = end;
        char *w0 = w;
        for (const char *q = p; q < nl;) {
            const char *pc = memchr(q, '%', (size_t)(nl - q));
            if (!pc)
                pc = nl;
            memmove(w, q, (size_t)(pc - q)); /* the text up to the next register */
            w += pc - q;
            q = pc;
            if (q == nl)
                break;
            size_t len;
            Slot s = reg_token(q, nl, &len);
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
    memmove(w, p, (size_t)(end - p)); /* unchanged after hi */
    w += end - p;
    e->body_len = (size_t)(w - e->body);
    e->body[e->body_len] = 0;
}

void
coalesce_yield(Emit *e, const Slot *dst, Slot *src, uint32_t n, size_t from,
               const uint32_t *nregs_from)
{
    Track t = { 0 };
    for (uint32_t i = 0; i < n; i++)
        if (!src[i].is_imm && !dst[i].is_imm && src[i].cls == dst[i].cls &&
            src[i].reg > nregs_from[src[i].cls] && dst[i].reg < src[i].reg) {
            if (!t.key)
                t.key = ir_calloc((size_t)2 * n + 1, sizeof *t.key);
            t.key[t.n++] = key_of(dst[i]);
            t.key[t.n++] = key_of(src[i]);
        }
    if (!t.n)
        return;
    track_done(&t);
    for (uint32_t j = 0; j < n; j++) {
        Occ *o = occ_of(&t, src[j]);
        if (o)
            o->srcs++;
    }
    Flow f = { 0 };
    scan(e, &t, from, &f);
    bool renamed = false;
    uint32_t lo = UINT32_MAX, hi = 0; /* the lines of the renamed registers */
    for (uint32_t i = 0; i < n; i++) {
        Occ *a = occ_of(&t, dst[i]), *y = occ_of(&t, src[i]);
        if (!a || !y || y->to || same_reg(dst[i], src[i]) || src[i].reg <= nregs_from[src[i].cls])
            continue;
        if (a->srcs) /* another copy of the yield wants dst's old value */
            continue;
        /* the quick test: in line order, and no loop around both */
        bool ok = !(a->last && y->first && a->last > y->first);
        for (uint32_t k = 0; ok && a->last && y->first && k < f.backs; k++)
            if (f.back[k].from <= a->last && f.back[k].to >= y->first)
                ok = false;
        if (!ok && reaches(&f, (uint32_t)(y - t.occ), (uint32_t)(a - t.occ)))
            continue;
        y->to = dst[i].reg;
        renamed = true;
        if (y->first && y->first < lo)
            lo = y->first;
        if (y->last > hi)
            hi = y->last;
    }
    if (renamed && lo <= hi)
        rename_text(e, &t, from, lo, hi);
    if (renamed) {
        for (uint32_t j = 0; j < n; j++) {
            Occ *o = occ_of(&t, src[j]);
            if (o && o->to)
                src[j].reg = o->to;
        }
    }
    flow_free(&f);
    ir_free(t.occ);
    ir_free(t.key);
}
