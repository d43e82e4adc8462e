/*
 * names.c -- stable register names: each PTX register is named after the source op
 * whose lowering made it, so that an edit of one op renames no register of another.
 *
 *     %f_sum_3      the fourth .f32 register made for the op `%sum = ...`
 *     %rd_in_1      the second .b64 register of the kernel argument %in
 *     %r_tid_x_0    the .b32 register of `mov.u32 ..., %tid.x`
 *     %rd_store$v_2 the third .b64 register of the result-less op `vector.store %v, ...`
 *                   (its kind and its first named operand)
 *
 * A register's name is its class prefix (regs.c: p rs r rd f fd), '_', the body of
 * its origin, '_', and its number among the registers of that class made for that
 * origin.  Origins:
 *   - a source op (Loc.origin, set by the parser and inherited by every op that tile/
 *     and distribute/ make from it): its first result's name, sanitized (below); an
 *     op without results: the last part of its kind, '$' and its first named operand
 *     (`store$v`; a second such op `store$v$1`), or, with no named operand, the kind
 *     and the first free `$n`;
 *   - fixed ones: a kernel argument (its name, or `arg<i>`), the special registers
 *     (`tid_x`, `ctaid_y`, `laneid`), the prologue of a function (`entry`);
 *   - an op with no source op (made without a location): like a result-less op.
 * Bodies are unique within a kernel: a body already taken by another origin (two
 * source functions with a %sum, inlined into one kernel) gets the first free `$n`.
 *
 * Sanitizing is injective and leaves the common names alone: [A-Za-z0-9_] stay, '$'
 * becomes "$$", '.' "$d", '-' "$m", '#' "$h", any other byte "$u" and two hex digits.
 * Names are unique: a name splits back into its prefix (always followed by '_', and
 * "r_", "rd", "rs" differ at their second letter), its body and its counter (the
 * digits after the last '_'; a body may end in `_1` itself, as %x_1 does), and the
 * bodies of a kernel are all different.
 *
 * Selection numbers registers internally (Slot.reg, per class from 1, in the body
 * text as `%f12`): coalesce.c and cleanup.c work on those numbers; the names are put
 * in only as the body is written (cleanup.c write_line, names_put) and declared by
 * names_declare, one `.reg` line per origin and class (`.reg .f32 %f_sum_<4>;`), in
 * the order the origins made their first register.  An edit of one op changes that
 * op's .reg lines and no other.
 *
 * Labels are named the same way (`$L__<kernel>_<body>_<n>`, names_write_label), so that
 * an op that gains a branch renumbers no label of another op.
 *
 * Requires:    emit_kernel's names_new_kernel before a kernel's first new_reg.
 * Ensures:     a register's (label's) name depends only on its origin's body and its
 *              number within that origin; names are unique within a kernel; the same
 *              input gives the same names.
 * Invalidates: nothing (the IR is only read).
 */
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- bodies ---- */

/* Appends the n bytes s to the pool; returns their offset. */
static uint32_t
pool_add(Emit *e, const char *s, size_t n)
{
    if (e->npool + n + 1 > e->cappool) {
        size_t cap = e->cappool + e->cappool / 2 + n + 256;
        if (cap > UINT32_MAX)
            ir_oom();
        e->pool = ir_realloc(e->pool, cap);
        e->cappool = (uint32_t)cap;
    }
    uint32_t off = e->npool;
    memcpy(e->pool + off, s, n);
    e->pool[off + n] = 0;
    e->npool = off + (uint32_t)n + 1;
    return off;
}

/* The sanitized form of the source name s (see the top) into buf; returns its length,
 * or 0 when it does not fit. */
static size_t
sanitize(const char *s, char *buf, size_t cap)
{
    size_t n = 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char esc = c == '$' ? '$' : c == '.' ? 'd' : c == '-' ? 'm' : c == '#' ? 'h' : 0;
        bool plain =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        if (n + 5 >= cap)
            return 0;
        if (plain)
            buf[n++] = (char)c;
        else if (esc)
            buf[n++] = '$', buf[n++] = esc;
        else
            n += (size_t)snprintf(buf + n, cap - n, "$u%02X", c);
    }
    buf[n] = 0;
    return n;
}

/* The last part of kind k's name with '.' made '_' (vector.store -> store,
 * nvgpu.warpgroup.mma -> warpgroup_mma) into buf. */
static void
kind_body(OpKind k, char *buf, size_t cap)
{
    const char *s = strchr(op_info[k].name, '.');
    snprintf(buf, cap, "%s", s ? s + 1 : op_info[k].name);
    for (char *p = buf; *p; p++)
        if (*p == '.' || *p == '-')
            *p = '_';
}

static uint32_t
body_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The origin whose body is s, or -1. */
static int64_t
body_find(const Emit *e, const char *s)
{
    if (!e->name_cap)
        return -1;
    for (uint32_t i = body_hash(s) & (e->name_cap - 1); e->name_hash[i];
         i = (i + 1) & (e->name_cap - 1))
        if (strcmp(e->pool + e->origins[e->name_hash[i] - 1].body, s) == 0)
            return e->name_hash[i] - 1;
    return -1;
}

static void
hash_insert(Emit *e, uint32_t idx)
{
    uint32_t i = body_hash(e->pool + e->origins[idx].body) & (e->name_cap - 1);
    while (e->name_hash[i])
        i = (i + 1) & (e->name_cap - 1);
    e->name_hash[i] = idx + 1;
}

/* A new origin with body s (taken by no other). */
static uint32_t
origin_add(Emit *e, const char *s, bool fixed)
{
    if (e->norigins == e->caporigins) {
        e->caporigins += e->caporigins / 2 + 64;
        e->origins = ir_realloc(e->origins, e->caporigins * sizeof *e->origins);
    }
    uint32_t idx = e->norigins++;
    memset(&e->origins[idx], 0, sizeof e->origins[idx]);
    e->origins[idx].body = pool_add(e, s, strlen(s));
    e->origins[idx].blen = (uint32_t)strlen(s);
    e->origins[idx].fixed = fixed;
    if (2 * e->norigins > e->name_cap) {
        e->name_cap = e->name_cap ? 2 * e->name_cap : 256;
        ir_free(e->name_hash);
        e->name_hash = ir_calloc(e->name_cap, sizeof *e->name_hash);
        for (uint32_t k = 0; k < e->norigins; k++)
            hash_insert(e, k);
    } else {
        hash_insert(e, idx);
    }
    return idx;
}

/* A new origin named s, or, when s is taken (or `numbered`), s$n with the first free n
 * (from 0 when numbered, else from 1). */
static uint32_t
origin_unique(Emit *e, const char *s, bool numbered)
{
    if (!numbered && body_find(e, s) < 0)
        return origin_add(e, s, false);
    char buf[160];
    for (uint32_t n = numbered ? 0 : 1;; n++) {
        snprintf(buf, sizeof buf, "%s$%" PRIu32, s, n);
        if (body_find(e, buf) < 0)
            return origin_add(e, buf, false);
    }
}

/* ---- the origin of the registers made now ---- */

/* The fixed origin named s (found or made); registers made from now until
 * names_fixed_end are its.  A fixed origin is found by its key (s sanitized), not by
 * its body: a source op may have taken that body first (%tid_x), and the fixed one then
 * has the body s$1. */
void
names_fixed(Emit *e, const char *s)
{
    char buf[128];
    if (!sanitize(s, buf, sizeof buf))
        snprintf(buf, sizeof buf, "fixed");
    int64_t k = body_find(e, buf);
    if (k >= 0 && e->origins[k].fixed) {
        e->fixed_origin = (uint32_t)k + 1;
        return;
    }
    for (uint32_t i = 0; k >= 0 && i < e->norigins; i++)
        if (e->origins[i].fixed && strcmp(e->pool + e->origins[i].key, buf) == 0) {
            e->fixed_origin = i + 1;
            return;
        }
    uint32_t idx = k < 0 ? origin_add(e, buf, true) : origin_unique(e, buf, false);
    e->origins[idx].fixed = true;
    e->origins[idx].key = pool_add(e, buf, strlen(buf));
    e->fixed_origin = idx + 1;
}

void
names_fixed_end(Emit *e)
{
    e->fixed_origin = 0;
}

/* The slot of key in a stamped table (grown to hold it). */
static struct OriginSlot *
slot_at(struct OriginSlot **t, uint32_t *n, uint32_t key)
{
    if (key >= *n) {
        uint32_t cap = key + key / 2 + 64;
        *t = ir_realloc(*t, cap * sizeof **t);
        memset(*t + *n, 0, (cap - *n) * sizeof **t);
        *n = cap;
    }
    return &(*t)[key];
}

/* The origin of the op being lowered (e->cur_op), found or made. */
static uint32_t
op_origin(Emit *e)
{
    OpId o = e->cur_op;
    if (!o) {
        names_fixed(e, "entry");
        uint32_t idx = e->fixed_origin - 1;
        e->fixed_origin = 0;
        return idx;
    }
    const Op *op = op_get(e->m, o);
    uint32_t src = op->loc.origin < e->m->norigins ? op->loc.origin : 0;
    struct OriginSlot *slot =
        src ? slot_at(&e->by_src, &e->nby_src, src) : slot_at(&e->by_op, &e->nby_op, o);
    if (slot->gen == e->names_gen)
        return slot->idx;
    const struct Origin *g = src ? &e->m->origins[src] : NULL;
    const char *name = g && g->value ? value_get(e->m, g->value)->name : NULL;
    char num[12];
    if (g && !name && g->num) { /* %12 */
        snprintf(num, sizeof num, "%" PRIu32, g->num - 1);
        name = num;
    }
    char buf[128];
    uint32_t idx;
    bool operand = g && g->value && value_get(e->m, g->value)->loc.origin != src;
    if (operand && name && sanitize(name, buf + 64, sizeof buf - 64)) {
        char kb[64]; /* a result-less op: its kind and its first named operand */
        kind_body(g->kind, kb, sizeof kb);
        char full[160];
        snprintf(full, sizeof full, "%s$%s", kb, buf + 64);
        idx = origin_unique(e, full, false);
    } else if (!operand && name && sanitize(name, buf, sizeof buf)) {
        idx = origin_unique(e, buf, false);
    } else {
        kind_body(g ? g->kind : op->kind, buf, sizeof buf);
        idx = origin_unique(e, buf, true);
    }
    *slot = (struct OriginSlot){ e->names_gen, idx };
    return idx;
}

/* Records register num of class c, just made (regs.c new_reg), as its origin's next; or,
 * with c NAMES_LABEL, label num (regs.c new_label). */
void
names_note(Emit *e, unsigned c, uint32_t num)
{
    uint32_t idx;
    if (e->fixed_origin) {
        idx = e->fixed_origin - 1;
    } else if (e->origin_op == e->cur_op && e->origin_cached) {
        idx = e->origin_idx;
    } else {
        idx = op_origin(e);
        e->origin_op = e->cur_op;
        e->origin_idx = idx;
        e->origin_cached = true;
    }
    if (num >= e->reg_cap[c]) {
        uint32_t cap = num + num / 2 + 64;
        e->reg_origin[c] = ir_realloc(e->reg_origin[c], cap * sizeof *e->reg_origin[c]);
        e->reg_index[c] = ir_realloc(e->reg_index[c], cap * sizeof *e->reg_index[c]);
        e->reg_cap[c] = cap;
    }
    e->reg_origin[c][num] = idx;
    e->reg_index[c][num] = e->origins[idx].count[c]++;
}

/* ---- output ---- */

/* Decimal digits of v at p; returns the end (the hot path: every register written). */
static char *
put_digits(char *p, uint32_t v)
{
    char tmp[10];
    int n = 0;
    do
        tmp[n++] = (char)('0' + v % 10);
    while (v /= 10);
    while (n)
        *p++ = tmp[--n];
    return p;
}

/* Writes the name of register num of class c at p; returns the end.  Room: NAMES_MAX
 * (the prefix, the longest body: sanitize's 128 and the `$n` of origin_unique, 11). */
char *
names_put(const Emit *e, char *p, RegClass c, uint32_t num)
{
    static const char prefix[RC_COUNT][4] = {
        [RC_PRED] = "%p", [RC_B16] = "%rs", [RC_B32] = "%r",
        [RC_B64] = "%rd", [RC_F32] = "%f",  [RC_F64] = "%fd",
    };
    size_t n = prefix[c][2] ? 3 : 2;
    memcpy(p, prefix[c], n);
    p += n;
    if (num >= e->reg_cap[c]) /* not made by new_reg: cannot happen, kept readable */
        return put_digits(p, num);
    const struct RegOrigin *o = &e->origins[e->reg_origin[c][num]];
    *p++ = '_';
    memcpy(p, e->pool + o->body, o->blen);
    p += o->blen;
    *p++ = '_';
    return put_digits(p, e->reg_index[c][num]);
}

/* Writes label num, `$L__<kernel>_<body>_<n>`, at p; returns the end.  Room: the
 * kernel's name and NAMES_MAX.  Labels are named as registers are, so that an op that
 * gains a branch renumbers no other op's labels. */
char *
names_put_label(const Emit *e, char *p, uint32_t num)
{
    size_t n = strlen(e->kname);
    memcpy(p, "$L__", 4);
    memcpy(p + 4, e->kname, n);
    p += 4 + n;
    *p++ = '_';
    if (num >= e->reg_cap[NAMES_LABEL])
        return put_digits(p, num);
    const struct RegOrigin *o = &e->origins[e->reg_origin[NAMES_LABEL][num]];
    memcpy(p, e->pool + o->body, o->blen);
    p += o->blen;
    *p++ = '_';
    return put_digits(p, e->reg_index[NAMES_LABEL][num]);
}

/* The kernel's .reg declarations: one line per origin and class, origins in the order
 * they made their first register. */
void
names_declare(const Emit *e, FILE *out)
{
    for (uint32_t i = 0; i < e->norigins; i++)
        for (int c = 0; c < RC_COUNT; c++)
            if (e->origins[i].count[c])
                fprintf(out, "\t.reg %s %s_%s_<%" PRIu32 ">;\n", cls_decl((RegClass)c),
                        cls_prefix((RegClass)c), e->pool + e->origins[i].body,
                        e->origins[i].count[c]);
}

void
names_new_kernel(Emit *e)
{
    e->names_gen++;
    e->norigins = 0;
    e->npool = 0;
    e->fixed_origin = 0;
    e->origin_cached = false;
    if (e->name_cap)
        memset(e->name_hash, 0, e->name_cap * sizeof *e->name_hash);
}

void
names_free(Emit *e)
{
    ir_free(e->pool);
    ir_free(e->origins);
    ir_free(e->name_hash);
    ir_free(e->by_src);
    ir_free(e->by_op);
    for (int c = 0; c <= NAMES_LABEL; c++) {
        ir_free(e->reg_origin[c]);
        ir_free(e->reg_index[c]);
        e->reg_origin[c] = e->reg_index[c] = NULL;
        e->reg_cap[c] = 0;
    }
    e->pool = NULL;
    e->origins = NULL;
    e->name_hash = NULL;
    e->by_src = e->by_op = NULL;
    e->npool = e->cappool = e->norigins = e->caporigins = e->name_cap = e->nby_src = e->nby_op = 0;
}
