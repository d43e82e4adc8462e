/*
 * cleanup.c -- common-subexpression and dead-code removal on a kernel's finished PTX
 * body, as it is written out.
 *
 * Selection lowers one op at a time, so it cannot know whether a result will be read
 * or was already computed: a vector.extract unpacks a whole .b32 pair (`mov.b32 {%rs1,
 * %rs2}, %r7;`) when only one half is used, or none at all once vector.from_elements
 * has put the pair back together (regs.c halves_joined); distribute repeats the same
 * index product for every fragment (`mul.lo.s32 %r20, %r14, 8;` 70 times in the
 * attention kernel); index arithmetic for an address that folded into an immediate
 * offset stays behind.  ptxas removes such code too, but the PTX is what users read,
 * diff and count, so it is removed here.
 *
 * The pass works on the text, one instruction per line, which ptxgen writes in a fixed
 * shape: "\t[@%p ]opcode operands;" with the destination first.  Only "pure" lines take
 * part: an opcode in the `pure` table (a value and nothing else: no memory, no control
 * flow, no synchronisation), no guard, no carry (.cc).
 *
 *  1. CSE.  Within a straight-line stretch (labels end one: control may arrive from
 *     elsewhere; a branch out of the middle does not matter), a pure line whose opcode
 *     and sources are those of an earlier one is deleted and its destination renamed to
 *     the earlier one's everywhere.  The destination must be written only there; a
 *     source written more than once (a loop counter) is tagged with how often it has
 *     been written so far, and special registers other than ids and launch sizes
 *     (%clock, %warpid) are refused, so equal text means equal values.
 *  2. DCE.  A pure line whose destination registers occur nowhere else is deleted;
 *     that lowers the use counts of its sources, which may make their defining lines
 *     dead in turn (a worklist, so the pass is linear in the body).
 *  3. A comment line `// op file:line` whose instructions all went is dropped too, as
 *     selection writes the comment only for ops that emit something.
 *
 * Registers are counted by token: '%', a class prefix (p rs r rd f fd), digits.  A
 * register written more than once (loop-carried values, written by the copies at
 * yields) is never renamed, and occurs at least twice, so it is never deleted.
 *
 * Cost (the pass is a large part of compiling a long kernel): the body is split into
 * lines and each line parsed once (scan_body: its kind, its first operand's span, and
 * every register's writes and occurrences); CSE then reads only the lines that write
 * something, and corrects the occurrence counts for what it renamed and deleted
 * (recount_renamed) instead of counting them all again; DCE visits only pure lines.
 * The CSE table is 8 bytes a slot (a tag and an index; the keys in a pool that
 * restarts with each stretch), so the 64K slots of a long stretch take 512 KB.
 *
 * Requires:    one kernel's body as ptxgen wrote it (one instruction per line, in the
 *              shape above), its registers already declared from Emit's counts.
 * Ensures:     the body written out computes the same values and has the same memory,
 *              control and synchronisation effects; no line outside the `pure` table
 *              is removed or changed; output is deterministic.
 * Invalidates: nothing outside the text (the .reg counts may exceed what is used).
 */
#include "ptxgen/emit.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Opcodes (the text before the first '.' or blank) whose only effect is their result. */
static const char *const pure[] = {
    "mov",  "cvt", "cvta", "add",      "sub",   "mul",  "mad",   "fma",   "and", "or",   "xor",
    "not",  "shl", "shr",  "selp",     "setp",  "neg",  "abs",   "min",   "max", "rem",  "div",
    "bfe",  "bfi", "ex2",  "lg2",      "rcp",   "sqrt", "rsqrt", "sin",   "cos", "tanh", "prmt",
    "popc", "clz", "brev", "copysign", "testp", "cnot", "mul24", "mad24", "sad", "lop3", "set",
};

/* A line of the body, parsed once (scan_body): where it starts, as an offset into the
 * body (the lines are contiguous, and the array ends with one more entry just past the
 * last newline, so a line's length is the distance to the next one), and the span of
 * its first operand (its destination, see first_operand) when the line has one that
 * fits in 16 bits; what kind of line it is goes in a byte of its own (LF_*). */
typedef struct Line {
    uint32_t off;
    uint16_t b, e; /* first operand [b, e), offsets from the start of the line */
} Line;

enum {
    LF_INSTR = 1,    /* an instruction (is_instruction) */
    LF_COMMENT = 2,  /* a comment line (is_comment) */
    LF_LABEL = 4,    /* a label ('$' first) */
    LF_OPERAND = 8,  /* first_operand found a destination; b, e hold it unless LF_LONG */
    LF_PURE = 16,    /* pure_line */
    LF_DEAD = 32,    /* deleted */
    LF_LONG = 64,    /* the operand span does not fit b, e: found again when needed */
    LF_SPECIAL = 128 /* a '%' in the operand span that is not a register (%tid.x) */
};

typedef struct Body {
    const char *text;
    Line *lines; /* n + 1 */
    uint8_t *flags;
    uint32_t n;
} Body;

static inline const char *
line_text(const Body *bd, uint32_t i)
{
    return bd->text + bd->lines[i].off;
}

/* line i's length without the newline */
static inline uint32_t
line_len(const Body *bd, uint32_t i)
{
    return bd->lines[i + 1].off - bd->lines[i].off - 1;
}

typedef struct Regs {
    uint32_t cap[RC_COUNT];
    uint32_t *n[RC_COUNT];    /* occurrences (after renaming) */
    uint32_t *ndef[RC_COUNT]; /* lines writing it */
    uint32_t *def[RC_COUNT];  /* 1 + the line of its (first) write, 0 = none */
    uint32_t *ren[RC_COUNT];  /* 1 + the register it was renamed to, 0 = none */
    uint32_t *ver[RC_COUNT];  /* CSE: writes seen so far, in line order */
    uint32_t renames;         /* registers renamed */
} Regs;

/* A register token at p ("%rd12"): its class and number; returns the length, 0 if p
 * does not start one. */
static size_t
reg_token(const char *p, const char *end, int *cls, uint32_t *num)
{
    size_t k = 2;
    if (end - p < 3 || p[0] != '%')
        return 0;
    switch (p[1]) {
    case 'r':
        *cls = p[2] == 'd' ? RC_B64 : p[2] == 's' ? RC_B16 : RC_B32;
        break;
    case 'f':
        *cls = p[2] == 'd' ? RC_F64 : RC_F32;
        break;
    case 'p':
        *cls = RC_PRED;
        break;
    default:
        return 0;
    }
    if (*cls == RC_B64 || *cls == RC_B16 || *cls == RC_F64)
        k = 3;
    if (p + k >= end || p[k] < '0' || p[k] > '9')
        return 0;
    uint32_t v = 0;
    while (p + k < end && p[k] >= '0' && p[k] <= '9')
        v = v * 10 + (uint32_t)(p[k++] - '0');
    if (p + k < end && ((p[k] >= 'a' && p[k] <= 'z') || p[k] == '_'))
        return 0; /* part of a longer name */
    *num = v;
    return k;
}

/* The register number that register (cls, num) stands for after renaming. */
static uint32_t
renamed(const Regs *r, int cls, uint32_t num)
{
    /* with nothing renamed the table is not read: its pages are never touched */
    return r->renames && num < r->cap[cls] && r->ren[cls][num] ? r->ren[cls][num] - 1 : num;
}

typedef void RegFn(Regs *r, int cls, uint32_t num, void *ctx);

/* Calls fn on every register token (renamed) of text [p, end). */
static void
each_reg(Regs *r, const char *p, const char *end, RegFn *fn, void *ctx)
{
    while (p < end) {
        if (*p == '/' && p + 1 < end && p[1] == '/')
            return; /* a trailing comment */
        int cls;
        uint32_t num;
        size_t n = *p == '%' ? reg_token(p, end, &cls, &num) : 0;
        if (n) {
            num = renamed(r, cls, num);
            if (num < r->cap[cls])
                fn(r, cls, num, ctx);
            p += n;
        } else {
            p++;
        }
    }
}

static bool
is_instruction(const char *s, uint32_t len)
{
    return len > 1 && s[0] == '\t' && s[1] != '/' && s[1] != '.';
}

static bool
is_comment(const char *s, uint32_t len)
{
    return len > 2 && s[0] == '\t' && s[1] == '/' && s[2] == '/';
}

/* The first operand of an instruction line s of length len, [*b, *e) as offsets, and
 * where its opcode starts; false for lines without one (ret;, bar.sync 0; labels,
 * comments). */
static bool
first_operand(const char *s, uint32_t len, size_t *op, size_t *b, size_t *e)
{
    const char *end = s + len, *p = s + 1;
    if (!is_instruction(s, len) || end[-1] != ';')
        return false;
    if (*p == '@') { /* guard */
        while (p < end && *p != ' ' && *p != '\t')
            p++;
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
    }
    *op = (size_t)(p - s);
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
        return false; /* one operand or none: no destination */
    *b = (size_t)(p - s);
    *e = (size_t)(q - s);
    return true;
}

/* Is the instruction s, whose opcode starts at offset op (first_operand), pure (see the
 * top)? */
static bool
pure_opcode(const char *s, uint32_t len, size_t op)
{
    if (s[1] == '@')
        return false;
    const char *o = s + op, *p = o, *end = s + len;
    while (p < end && *p != '.' && *p != ' ' && *p != '\t')
        p++;
    size_t n = (size_t)(p - o);
    if (!n || n > 8)
        return false; /* no pure opcode is longer */
    bool found = false;
    for (size_t i = 0; i < sizeof pure / sizeof pure[0] && !found; i++)
        found = pure[i][0] == o[0] && strncmp(pure[i], o, n) == 0 && pure[i][n] == '\0';
    if (!found)
        return false;
    for (; p + 2 < end && *p != ' ' && *p != '\t'; p++)
        if (p[0] == '.' && p[1] == 'c' && p[2] == 'c')
            return false; /* carry in or out */
    return true;
}

/* Line i's first operand [*b, *e); the line has one (LF_OPERAND). */
static void
operand_span(const Body *bd, uint32_t i, size_t *b, size_t *e)
{
    if (bd->flags[i] & LF_LONG) {
        size_t op;
        first_operand(line_text(bd, i), line_len(bd, i), &op, b, e);
        return;
    }
    *b = bd->lines[i].b;
    *e = bd->lines[i].e;
}

/* Parses every line of the body once: its kind and first operand into the line table,
 * and, for the registers, how often each is written (the first operand of every
 * instruction but stores, [address]), where it is first written, and how often it
 * occurs in the lines that are not comments (before any renaming: cse corrects the
 * counts for what it renames and deletes). */
static void
scan_body(Body *bd, Regs *r)
{
    for (uint32_t i = 0; i < bd->n; i++) {
        const char *s = line_text(bd, i), *end = s + line_len(bd, i);
        uint32_t len = line_len(bd, i);
        uint8_t f = 0;
        size_t op, b = 0, e = 0;
        if (is_comment(s, len)) {
            bd->flags[i] = LF_COMMENT;
            continue; /* no registers counted */
        }
        if (is_instruction(s, len))
            f |= LF_INSTR;
        if (len && s[0] == '$')
            f |= LF_LABEL;
        if ((f & LF_INSTR) && first_operand(s, len, &op, &b, &e)) {
            f |= LF_OPERAND;
            if (e <= UINT16_MAX) {
                bd->lines[i].b = (uint16_t)b;
                bd->lines[i].e = (uint16_t)e;
            } else {
                f |= LF_LONG;
            }
            if (pure_opcode(s, len, op))
                f |= LF_PURE;
        }
        bool writes = (f & LF_OPERAND) && s[b] != '[';
        /* every register token up to a trailing comment: an occurrence, and in the
           first operand a write */
        for (const char *p = s; p < end;) {
            if (*p == '/' && p + 1 < end && p[1] == '/')
                break;
            if (*p != '%') {
                p++;
                continue;
            }
            int cls;
            uint32_t num;
            size_t k = reg_token(p, end, &cls, &num);
            bool in_operand = (size_t)(p - s) >= b && (size_t)(p - s) < e;
            if (!k) {
                if (in_operand)
                    f |= LF_SPECIAL;
                p++;
                continue;
            }
            if (num < r->cap[cls]) {
                r->n[cls][num]++;
                if (writes && in_operand) {
                    r->ndef[cls][num]++;
                    if (!r->def[cls][num])
                        r->def[cls][num] = i + 1;
                }
            }
            p += k;
        }
        bd->flags[i] = f;
    }
}

/* ---- CSE ---- */

/* The table is 8 bytes a slot, so that a long stretch's (64K slots) stays in a core's
 * L2: a tag (the high half of the key's hash, never 0; 0 = empty) and the index of the
 * entry's record, read only when the tag matches. */
typedef struct Slot8 {
    uint32_t tag;
    uint32_t rec;
} Slot8;

typedef struct Entry {
    uint32_t key;  /* offset of the key in the pool, after its length (4 bytes) */
    uint32_t reg;  /* the register it computed */
    uint32_t slot; /* its slot in the table, emptied when the stretch ends */
    int cls;
} Entry;

typedef struct Cse {
    Slot8 *tab;
    uint32_t cap;  /* a power of two */
    Entry *recs;   /* the entries of this stretch, cap / 2 at most */
    uint32_t live; /* how many */
    char *pool;
    size_t npool, cappool;
} Cse;

/* Is the special register at p one whose value is the same at every read by a thread
 * (its ids and the launch shape)? */
static bool
constant_sreg(const char *p, const char *end)
{
    static const char *const fixed[] = { "%tid.",           "%ntid.",       "%ctaid.",
                                         "%nctaid.",        "%laneid",      "%lanemask_",
                                         "%cluster",        "%nclusterid.", "%dynamic_smem_size",
                                         "%total_smem_size" };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        size_t n = strlen(fixed[i]);
        if ((size_t)(end - p) >= n && memcmp(p, fixed[i], n) == 0)
            return true;
    }
    return false;
}

static char *
put_num(char *o, uint32_t v)
{
    char digits[10];
    int k = 0;
    do
        digits[k++] = (char)('0' + v % 10);
    while (v /= 10);
    while (k)
        *o++ = digits[--k];
    return o;
}

/* The key of pure line l with destination span [b, e): its opcode text and its source
 * operands with registers renamed (a register written more than once tagged with how
 * often it has been written so far), into the pool at *klen bytes; false if a source
 * is the destination. */
static bool
line_key(Cse *c, Regs *r, const char *s, uint32_t len, size_t b, size_t e, int dcls, uint32_t dnum,
         uint32_t *klen)
{
    const char *end = s + len;
    size_t need = 4 + len + 16 * 8;
    if (c->npool + need > c->cappool) {
        c->cappool = (c->npool + need) * 2;
        c->pool = ir_realloc(c->pool, c->cappool);
        if (!c->pool)
            ICE("out of memory");
    }
    char *out = c->pool + c->npool + 4, *o = out; /* after the length */
    memcpy(o, s + 1, b - 1);                      /* opcode and blanks */
    o += b - 1;
    for (const char *p = s + e; p < end;) {
        int cls;
        uint32_t num;
        size_t n = *p == '%' ? reg_token(p, end, &cls, &num) : 0;
        if (!n) {
            if (*p == '%' && !constant_sreg(p, end))
                return false; /* %clock, %warpid, ...: may differ between two reads */
            *o++ = *p++;
            continue;
        }
        num = renamed(r, cls, num);
        if (num >= r->cap[cls] || (cls == dcls && num == dnum))
            return false;
        *o++ = (char)('0' + cls);
        *o++ = '%';
        o = put_num(o, num);
        if (r->ndef[cls][num] > 1) { /* written again (a loop counter): which value */
            *o++ = 'v';
            o = put_num(o, r->ver[cls][num]);
        }
        p += n;
    }
    *klen = (uint32_t)(o - out);
    return true;
}

static void
bump_version(Regs *r, int cls, uint32_t num, void *ctx)
{
    (void)ctx;
    if (r->ndef[cls][num] > 1) /* only read for those (line_key) */
        r->ver[cls][num]++;
}

/* Eight bytes at a time (the keys are some 20 bytes): a multiply and a shift each, then
 * the last bytes. */
static uint64_t
hash_bytes(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603u ^ n;
    for (; n >= 8; p += 8, n -= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15u;
        h ^= h >> 29;
    }
    uint64_t w = 0;
    for (size_t k = 0; k < n; k++) /* fewer than 8 */
        w |= (uint64_t)(unsigned char)p[k] << (8 * k);
    h = (h ^ w) * 0x9E3779B97F4A7C15u;
    return h ^ (h >> 32);
}

/* Looks the key (at the pool's end, after room for its length) up; if absent, adds it
 * for (cls, reg).  Returns the entry that was there, or NULL. */
static const Entry *
cse_find_or_add(Cse *c, uint32_t klen, int cls, uint32_t reg)
{
    const char *key = c->pool + c->npool + 4;
    uint64_t h64 = hash_bytes(key, klen);
    uint32_t tag = (uint32_t)(h64 >> 32) | 1, i = (uint32_t)h64 & (c->cap - 1);
    for (; c->tab[i].tag; i = (i + 1) & (c->cap - 1)) {
        if (c->tab[i].tag != tag)
            continue;
        const Entry *old = &c->recs[c->tab[i].rec];
        uint32_t olen;
        memcpy(&olen, c->pool + old->key - 4, 4);
        if (olen == klen && memcmp(c->pool + old->key, key, klen) == 0)
            return old;
    }
    memcpy(c->pool + c->npool, &klen, 4);
    c->recs[c->live] = (Entry){ (uint32_t)c->npool + 4, reg, i, cls };
    c->tab[i] = (Slot8){ tag, c->live++ };
    c->npool += 4 + klen;
    return NULL;
}

/* Starts a new stretch: every entry so far is forgotten (its slot emptied), and so are
 * their keys. */
static void
cse_forget(Cse *c)
{
    for (uint32_t k = 0; k < c->live; k++)
        c->tab[c->recs[k].slot].tag = 0;
    c->live = 0;
    c->npool = 0;
}

static uint32_t
cse(Regs *r, Body *bd)
{
    Cse c = { 0 };
    uint32_t n = bd->n;
    c.cap = 64; /* at most 64K slots (512 KB): a longer stretch starts afresh */
    while (c.cap < 2 * n + 2 && c.cap < 65536)
        c.cap *= 2;
    c.tab = ir_calloc(c.cap, sizeof *c.tab);
    c.recs = ir_malloc(c.cap / 2 * sizeof *c.recs);
    uint32_t removed = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint8_t f = bd->flags[i];
        if (f & LF_LABEL) { /* a label: a new stretch */
            cse_forget(&c);
            continue;
        }
        const char *s = line_text(bd, i);
        size_t b, e;
        if (!(f & LF_OPERAND))
            continue;
        operand_span(bd, i, &b, &e);
        if (s[b] == '[')
            continue;
        int cls;
        uint32_t num, klen;
        size_t tl = reg_token(s + b, s + e, &cls, &num);
        bool one = (f & LF_PURE) && tl && b + tl == e && num < r->cap[cls] &&
                   r->ndef[cls][num] == 1;  /* one register, written only here */
        if (one && c.live + 1 >= c.cap / 2) /* keep the table half empty: start afresh */
            cse_forget(&c);
        if (one && line_key(&c, r, s, line_len(bd, i), b, e, cls, num, &klen)) {
            const Entry *old = cse_find_or_add(&c, klen, cls, num);
            if (old && old->cls == cls) {
                r->ren[cls][num] = old->reg + 1;
                r->renames++;
                bd->flags[i] |= LF_DEAD;
                removed++;
            }
        }
        if (!one) /* the values it writes (one register written once has no versions) */
            each_reg(r, s + b, s + e, bump_version, NULL);
    }
    ir_free(c.tab);
    ir_free(c.recs);
    ir_free(c.pool);
    return removed;
}

static void
uncount_one(Regs *r, int cls, uint32_t num, void *ctx)
{
    (void)ctx;
    r->n[cls][num]--;
}

/* scan_body counted the occurrences of every register before cse: now count each
 * renamed one as the register it became, and leave out the lines cse deleted, so that
 * the counts are those of the lines left, renamed. */
static void
recount_renamed(Regs *r, const Body *bd)
{
    if (!r->renames)
        return;
    for (int k = 0; k < RC_COUNT; k++)
        for (uint32_t num = 0; num < r->cap[k]; num++)
            if (r->ren[k][num]) {
                r->n[k][r->ren[k][num] - 1] += r->n[k][num];
                r->n[k][num] = 0;
            }
    for (uint32_t i = 0; i < bd->n; i++)
        if (bd->flags[i] & LF_DEAD)
            each_reg(r, line_text(bd, i), line_text(bd, i) + line_len(bd, i), uncount_one, NULL);
}

/* ---- DCE ---- */

/* The lines whose registers just lost their last use but one (their own write): a
 * stack, grown by half. */
typedef struct Work {
    uint32_t *items;
    uint32_t n, cap;
} Work;

static void
uncount(Regs *r, int cls, uint32_t num, void *ctx)
{
    Work *w = ctx;
    if (r->n[cls][num] > 0 && --r->n[cls][num] == 1 && r->def[cls][num]) {
        if (w->n == w->cap) {
            w->cap += w->cap / 2 + 16;
            w->items = ir_realloc(w->items, w->cap * sizeof *w->items);
        }
        w->items[w->n++] = r->def[cls][num] - 1;
    }
}

typedef struct Unused {
    bool ok;
    uint32_t self;
} Unused;

static void
check_unused(Regs *r, int cls, uint32_t num, void *ctx)
{
    Unused *u = ctx;
    u->ok = u->ok && r->n[cls][num] == 1 && r->def[cls][num] == u->self + 1;
}

/* Deletes line i if it is pure and its results are read nowhere, and then, in turn, the
 * lines that only fed it; returns how many went. */
static uint32_t
dce_from(Regs *r, Body *bd, Work *w, uint32_t i)
{
    uint32_t removed = 0;
    for (;;) {
        uint8_t f = bd->flags[i];
        /* %tid.x and the like (LF_SPECIAL): not a register we count */
        if ((f & (LF_PURE | LF_DEAD | LF_SPECIAL)) == LF_PURE) {
            const char *s = line_text(bd, i);
            size_t b, e;
            operand_span(bd, i, &b, &e);
            Unused u = { true, i };
            each_reg(r, s + b, s + e, check_unused, &u);
            if (u.ok) {
                bd->flags[i] |= LF_DEAD;
                removed++;
                each_reg(r, s, s + line_len(bd, i), uncount, w);
            }
        }
        if (!w->n)
            return removed;
        i = w->items[--w->n];
    }
}

/* Every line in order, each followed by the lines its deletion made dead, the last
 * found first (a stack holds only those, not every line). */
static uint32_t
dce(Regs *r, Body *bd)
{
    Work w = { 0 };
    uint32_t removed = 0;
    for (uint32_t i = 0; i < bd->n; i++)
        if ((bd->flags[i] & (LF_PURE | LF_DEAD)) == LF_PURE)
            removed += dce_from(r, bd, &w, i);
    ir_free(w.items);
    return removed;
}

/* ---- driver ---- */

/* A label token at p (`$L__<kernel>_<num>`, regs.c label): its number; returns the
 * length, 0 if p does not start one. */
static size_t
label_token(const Emit *e, const char *p, const char *end, uint32_t *num)
{
    size_t k = strlen(e->kname), n = 4 + k + 1;
    if ((size_t)(end - p) <= n || memcmp(p, "$L__", 4) != 0 || memcmp(p + 4, e->kname, k) != 0 ||
        p[4 + k] != '_' || p[n] < '0' || p[n] > '9')
        return 0;
    uint32_t v = 0;
    while (p + n < end && p[n] >= '0' && p[n] <= '9')
        v = v * 10 + (uint32_t)(p[n++] - '0');
    if (p + n < end && (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '$'))
        return 0; /* part of a longer name */
    *num = v;
    return n;
}

/* The text written out, gathered in a buffer of the stack and written a buffer at a time
 * (an fwrite per register was a tenth of compiling a large kernel). */
typedef struct Out {
    FILE *f;
    size_t n;
    char buf[16384];
} Out;

static void
out_flush(Out *o)
{
    if (o->n)
        fwrite(o->buf, 1, o->n, o->f);
    o->n = 0;
}

/* Room for k more bytes (k <= sizeof o->buf). */
static void
out_reserve(Out *o, size_t k)
{
    if (o->n + k > sizeof o->buf)
        out_flush(o);
}

static void
out_put(Out *o, const char *s, size_t n)
{
    if (n > sizeof o->buf / 2) { /* a long piece goes out as it is */
        out_flush(o);
        fwrite(s, 1, n, o->f);
        return;
    }
    out_reserve(o, n);
    memcpy(o->buf + o->n, s, n);
    o->n += n;
}

/* Line i and its newline, with its registers renamed and named (names.c: `%f12` is
 * written `%f_sum_3`, `$L__k_4` `$L__k_sum_0`), to o.  room: the longest label name. */
static void
write_line(const Emit *e, const Regs *r, const Body *bd, uint32_t i, Out *o, size_t room)
{
    const char *p = line_text(bd, i), *end = p + line_len(bd, i), *run = p;
    while (p < end && !(bd->flags[i] & LF_COMMENT)) {
        if (*p == '/' && p + 1 < end && p[1] == '/')
            break; /* a trailing comment */
        int cls;
        uint32_t num;
        size_t n = *p == '%' ? reg_token(p, end, &cls, &num) : 0;
        if (n) {
            out_put(o, run, (size_t)(p - run));
            out_reserve(o, NAMES_MAX);
            o->n =
                (size_t)(names_put(e, o->buf + o->n, (RegClass)cls, renamed(r, cls, num)) - o->buf);
            run = p + n;
        } else if (*p == '$' && (n = label_token(e, p, end, &num))) {
            out_put(o, run, (size_t)(p - run));
            if (room <= sizeof o->buf / 2) {
                out_reserve(o, room);
                o->n = (size_t)(names_put_label(e, o->buf + o->n, num) - o->buf);
            } else { /* a kernel name of thousands of characters */
                char *t = ir_malloc(room);
                out_put(o, t, (size_t)(names_put_label(e, t, num) - t));
                ir_free(t);
            }
            run = p + n;
        }
        p += n ? n : 1;
    }
    out_put(o, run, (size_t)(end + 1 - run)); /* with the newline */
}

uint32_t
ptx_cleanup_write(Emit *e, const char *buf, size_t len, FILE *out)
{
    if (len >= UINT32_MAX) /* line offsets are 32-bit */
        ir_oom();
    /* room for lines of 24 bytes on average, grown by half if they are shorter */
    uint32_t caplines = (uint32_t)(len / 24) + 16;
    Body bd = { buf, ir_malloc(caplines * sizeof *bd.lines), NULL, 0 };
    Regs r = { 0 };
    for (int k = 0; k < RC_COUNT; k++) {
        r.cap[k] = e->nregs[k] + 1;
        r.n[k] = ir_calloc(r.cap[k], sizeof *r.n[k]);
        r.ndef[k] = ir_calloc(r.cap[k], sizeof *r.ndef[k]);
        r.def[k] = ir_calloc(r.cap[k], sizeof *r.def[k]);
        r.ren[k] = ir_calloc(r.cap[k], sizeof *r.ren[k]);
        r.ver[k] = ir_calloc(r.cap[k], sizeof *r.ver[k]);
        if (!r.n[k] || !r.ndef[k] || !r.def[k] || !r.ren[k] || !r.ver[k])
            ICE("out of memory");
    }
    uint32_t n = 0, after = 0; /* just past the last newline */
    for (const char *p = buf, *end = buf + len, *nl; (nl = memchr(p, '\n', (size_t)(end - p)));
         p = nl + 1) {
        if (n + 1 >= caplines) {
            caplines += caplines / 2;
            bd.lines = ir_realloc(bd.lines, caplines * sizeof *bd.lines);
        }
        bd.lines[n++] = (Line){ (uint32_t)(p - buf), 0, 0 };
        after = (uint32_t)(nl + 1 - buf);
    }
    bd.flags = ir_malloc(n + 1);
    bd.lines[n] = (Line){ after, 0, 0 }; /* the end of the last line, for line_len */
    bd.n = n;
    scan_body(&bd, &r);
    uint32_t removed = cse(&r, &bd);
    recount_renamed(&r, &bd);
    removed += dce(&r, &bd);
    /* comments whose instructions all went */
    for (uint32_t i = 0; i < n; i++) {
        if (!(bd.flags[i] & LF_COMMENT))
            continue;
        uint32_t j = i + 1;
        while (j < n && (bd.flags[j] & LF_DEAD))
            j++;
        if (j > i + 1 && !(j < n && (bd.flags[j] & LF_INSTR)))
            bd.flags[i] |= LF_DEAD;
    }
    Out o;
    o.f = out;
    o.n = 0;
    size_t room = strlen(e->kname) + NAMES_MAX;
    for (uint32_t i = 0; i < n; i++)
        if (!(bd.flags[i] & LF_DEAD))
            write_line(e, &r, &bd, i, &o, room);
    out_flush(&o);
    for (int k = 0; k < RC_COUNT; k++)
        ir_free(r.n[k]), ir_free(r.ndef[k]), ir_free(r.def[k]), ir_free(r.ren[k]),
            ir_free(r.ver[k]);
    ir_free(bd.lines);
    ir_free(bd.flags);
    return removed;
}
