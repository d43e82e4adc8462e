/*
 * cleanup.c -- dead-code removal on a kernel's finished PTX body.
 *
 * Selection lowers one op at a time, so it cannot know whether a result will be read:
 * a vector.extract unpacks a whole .b32 pair (`mov.b32 {%rs1, %rs2}, %r7;`) when only
 * one half is used, or none at all once vector.from_elements has put the pair back
 * together (regs.c halves_joined), and index arithmetic for an address that folded
 * into an immediate offset stays behind.  ptxas removes such code too, but the PTX is
 * what users read, diff and count, so it is removed here.
 *
 * The pass works on the text, one instruction per line, which ptxgen writes in a fixed
 * shape: "\t[@%p ]opcode operands;" with the destination first.  A line is dead when
 *   - its opcode computes a value and nothing else (the `pure` table: no memory, no
 *     control flow, no synchronisation, no side effects), it has no guard, and
 *   - every destination register occurs nowhere else in the body.
 * Deleting a line lowers the use counts of its sources, which may make their defining
 * lines dead in turn (a worklist, so the whole pass is linear in the body).  A comment
 * line `// op file:line` whose instructions were all deleted goes too, as selection
 * writes the comment only for ops that emit something.
 *
 * Registers are counted by token: '%', a class prefix (p rs r rd f fd), digits.  A
 * register written more than once (loop-carried values, written by the copies at
 * yields) occurs at least twice, so it is never deleted.
 */
#include "ptxgen/emit.h"

#include <stdlib.h>
#include <string.h>

/* Opcodes (the text before the first '.' or blank) whose only effect is their result. */
static const char *const pure[] = {
    "mov",  "cvt", "cvta", "add",      "sub",   "mul",  "mad",   "fma",   "and", "or",   "xor",
    "not",  "shl", "shr",  "selp",     "setp",  "neg",  "abs",   "min",   "max", "rem",  "div",
    "bfe",  "bfi", "ex2",  "lg2",      "rcp",   "sqrt", "rsqrt", "sin",   "cos", "tanh", "prmt",
    "popc", "clz", "brev", "copysign", "testp", "cnot", "mul24", "mad24", "sad", "lop3", "set",
};

typedef struct Line {
    const char *s; /* start, at the tab */
    uint32_t len;  /* without the newline */
    bool dead;
} Line;

/* A register token at p ("%rd12"): its class and number; returns the length, 0 if p
 * does not start one. */
static size_t
reg_token(const char *p, const char *end, int *cls, uint32_t *num)
{
    static const struct {
        const char *pre;
        int cls;
    } pres[] = { { "%rd", RC_B64 }, { "%rs", RC_B16 }, { "%fd", RC_F64 },
                 { "%r", RC_B32 },  { "%f", RC_F32 },  { "%p", RC_PRED } };
    for (size_t i = 0; i < sizeof pres / sizeof pres[0]; i++) {
        size_t n = strlen(pres[i].pre);
        if ((size_t)(end - p) <= n || memcmp(p, pres[i].pre, n) != 0 || p[n] < '0' || p[n] > '9')
            continue;
        uint32_t v = 0;
        size_t k = n;
        while (p + k < end && p[k] >= '0' && p[k] <= '9')
            v = v * 10 + (uint32_t)(p[k++] - '0');
        if (p + k < end && ((p[k] >= 'a' && p[k] <= 'z') || p[k] == '_'))
            return 0; /* part of a longer name */
        *cls = pres[i].cls;
        *num = v;
        return k;
    }
    return 0;
}

typedef struct Counts {
    uint32_t *n[RC_COUNT];   /* occurrences of each register */
    uint32_t *def[RC_COUNT]; /* 1 + the line that is its first destination, 0 = none */
    uint32_t cap[RC_COUNT];
} Counts;

/* Calls fn on every register token of the line's text after skip bytes. */
static void
each_reg(const Line *l, size_t skip, void (*fn)(Counts *, int, uint32_t, void *), Counts *c,
         void *ctx)
{
    const char *p = l->s + skip, *end = l->s + l->len;
    while (p < end) {
        if (*p == '/' && p + 1 < end && p[1] == '/')
            return; /* a trailing comment */
        int cls;
        uint32_t num;
        size_t n = *p == '%' ? reg_token(p, end, &cls, &num) : 0;
        if (n) {
            if (num < c->cap[cls])
                fn(c, cls, num, ctx);
            p += n;
        } else {
            p++;
        }
    }
}

static void
count_one(Counts *c, int cls, uint32_t num, void *ctx)
{
    (void)ctx;
    c->n[cls][num]++;
}

static bool
is_pure(const char *op, size_t n)
{
    for (size_t i = 0; i < sizeof pure / sizeof pure[0]; i++)
        if (strlen(pure[i]) == n && memcmp(pure[i], op, n) == 0)
            return true;
    return false;
}

/* The destinations of an instruction line: offsets of its first operand text [*b, *e)
 * (a register, a {list} or a%p|%q pair); false if the line is not a pure instruction. */
static bool
dest_span(const Line *l, size_t *b, size_t *e)
{
    const char *s = l->s, *end = l->s + l->len;
    if (l->len < 2 || s[0] != '\t' || s[1] == '/' || s[1] == '@' || s[1] == '.' || end[-1] != ';')
        return false;
    const char *op = s + 1, *p = op;
    while (p < end && *p != '.' && *p != ' ' && *p != '\t')
        p++;
    if (!is_pure(op, (size_t)(p - op)))
        return false;
    while (p < end && *p != ' ' && *p != '\t')
        p++;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    const char *q = p;
    if (*q == '{') {
        while (q < end && *q != '}')
            q++;
        if (q == end)
            return false;
        q++;
    } else {
        while (q < end && *q != ',' && *q != ';')
            q++;
    }
    if (q == end || *q != ',')
        return false; /* one operand: not a value-producing form */
    *b = (size_t)(p - s);
    *e = (size_t)(q - s);
    return true;
}

/* Are all register tokens of the destination span used nowhere else? */
static bool
dests_unused(Counts *c, const Line *l, size_t b, size_t e, uint32_t self)
{
    const char *p = l->s + b, *end = l->s + e;
    bool any = false;
    while (p < end) {
        int cls;
        uint32_t num;
        size_t n = *p == '%' ? reg_token(p, end, &cls, &num) : 0;
        if (!n) {
            if (*p == '%')
                return false; /* a special register or an unknown name */
            p++;
            continue;
        }
        if (num >= c->cap[cls] || c->n[cls][num] != 1)
            return false;
        if (c->def[cls][num] != self + 1)
            return false;
        any = true;
        p += n;
    }
    return any;
}

static void
note_def(Counts *c, int cls, uint32_t num, void *ctx)
{
    uint32_t line = *(uint32_t *)ctx;
    if (!c->def[cls][num])
        c->def[cls][num] = line + 1;
}

typedef struct Drop {
    uint32_t *work;
    uint32_t nwork;
} Drop;

static void
uncount(Counts *c, int cls, uint32_t num, void *ctx)
{
    Drop *d = ctx;
    if (c->n[cls][num] > 0 && --c->n[cls][num] == 1 && c->def[cls][num])
        d->work[d->nwork++] = c->def[cls][num] - 1;
}

/* Removes dead instructions from buf[0..*len) in place; returns the number removed. */
uint32_t
ptx_cleanup(Emit *e, char *buf, size_t *len)
{
    if (!buf || !*len)
        return 0;
    uint32_t nlines = 0;
    for (size_t i = 0; i < *len; i++)
        nlines += buf[i] == '\n';
    Line *lines = calloc(nlines + 1, sizeof *lines);
    uint32_t *work = calloc(nlines + 1, sizeof *work);
    Counts c = { 0 };
    for (int k = 0; k < RC_COUNT; k++) {
        c.cap[k] = e->nregs[k] + 1;
        c.n[k] = calloc(c.cap[k], sizeof *c.n[k]);
        c.def[k] = calloc(c.cap[k], sizeof *c.def[k]);
        if (!c.n[k] || !c.def[k])
            ICE("out of memory");
    }
    if (!lines || !work)
        ICE("out of memory");
    uint32_t n = 0;
    for (size_t i = 0, start = 0; i < *len; i++)
        if (buf[i] == '\n') {
            lines[n++] = (Line){ buf + start, (uint32_t)(i - start), false };
            start = i + 1;
        }
    /* counts and first definitions */
    for (uint32_t i = 0; i < n; i++) {
        if (lines[i].len > 1 && lines[i].s[1] == '/')
            continue;
        each_reg(&lines[i], 0, count_one, &c, NULL);
        size_t b, en;
        if (dest_span(&lines[i], &b, &en)) {
            Line d = { lines[i].s, (uint32_t)en, false };
            each_reg(&d, b, note_def, &c, &i);
        }
    }
    Drop drop = { work, 0 };
    for (uint32_t i = 0; i < n; i++)
        work[drop.nwork++] = i;
    uint32_t removed = 0;
    while (drop.nwork) {
        uint32_t i = work[--drop.nwork];
        size_t b, en;
        if (lines[i].dead || !dest_span(&lines[i], &b, &en) ||
            !dests_unused(&c, &lines[i], b, en, i))
            continue;
        lines[i].dead = true;
        removed++;
        each_reg(&lines[i], 0, uncount, &c, &drop);
    }
    /* comments whose instructions all went */
    for (uint32_t i = 0; i < n; i++) {
        if (!(lines[i].len > 2 && lines[i].s[0] == '\t' && lines[i].s[1] == '/' &&
              lines[i].s[2] == '/'))
            continue;
        uint32_t j = i + 1;
        while (j < n && lines[j].dead)
            j++;
        bool next_is_ins = j < n && lines[j].len > 1 && lines[j].s[0] == '\t' &&
                           lines[j].s[1] != '/' && lines[j].s[1] != '.';
        if (j > i + 1 && !next_is_ins)
            lines[i].dead = true;
    }
    size_t out = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (lines[i].dead)
            continue;
        memmove(buf + out, lines[i].s, lines[i].len);
        out += lines[i].len;
        buf[out++] = '\n';
    }
    buf[out] = 0;
    *len = out;
    for (int k = 0; k < RC_COUNT; k++)
        free(c.n[k]), free(c.def[k]);
    free(lines);
    free(work);
    return removed;
}
