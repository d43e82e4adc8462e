/*
 * regs.c -- registers, slots, value representations, instruction output, the
 * ptx.def template expander and the integer range analysis that keeps index
 * arithmetic in 32-bit registers where that is provably exact.
 *
 * Registers are numbered per class in definition order, from 1, so the same
 * input always gives byte-identical PTX.  The numbers are internal (the body text,
 * coalesce.c and cleanup.c use them): the PTX names each register after the source op
 * that made it (names.c: `%f_sum_3`), so that an edit of one op renames no other op's.
 *
 * Requires:    ptxgen.c's Emit for one kernel; compute_ranges runs once on the
 *              verified SIMT-level function before any op is selected.
 * Ensures:     new_reg numbers each class from 1 in call order; a value's Rep, once
 *              made, does not change (registers are written once, but loop-carried
 *              and scf.if result registers); a range says 0 <= v < 2^31 only when
 *              that holds on every path, so narrowing an index to 32 bits is exact.
 * Invalidates: nothing (the IR is only read).
 */
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- register classes ---- */

static const struct {
    const char *prefix, *decl, *bits;
    unsigned width;
} classes[RC_COUNT] = {
    [RC_PRED] = { "%p", ".pred", "pred", 1 }, [RC_B16] = { "%rs", ".b16", "b16", 16 },
    [RC_B32] = { "%r", ".b32", "b32", 32 },   [RC_B64] = { "%rd", ".b64", "b64", 64 },
    [RC_F32] = { "%f", ".f32", "f32", 32 },   [RC_F64] = { "%fd", ".f64", "f64", 64 },
};

const char *
cls_bits(RegClass c)
{
    return c == RC_F32 ? "b32" : c == RC_F64 ? "b64" : classes[c].bits;
}

unsigned
cls_width(RegClass c)
{
    return classes[c].width;
}

const char *
cls_prefix(RegClass c)
{
    return classes[c].prefix;
}

const char *
cls_decl(RegClass c)
{
    return classes[c].decl;
}

RegClass
reg_class_of(TypeId t)
{
    switch (t) {
    case TY_I1:
        return RC_PRED;
    case TY_I8:
    case TY_I16:
    case TY_F16:
    case TY_BF16:
    case TY_F8E4M3FN: /* bytes moved, never computed on: fp8_visit (ptxgen.c) */
    case TY_F8E5M2:
    case TY_F8E4M3FNUZ:
    case TY_F8E5M2FNUZ:
        return RC_B16;
    case TY_I4: /* packed 8 to a register in vectors; a scalar in the low nibble */
    case TY_I32:
    case TY_TF32:
        return RC_B32;
    case TY_F32:
        return RC_F32;
    case TY_F64:
        return RC_F64;
    default:
        return RC_B64; /* i64, index */
    }
}

Slot
new_reg(Emit *e, RegClass c)
{
    Slot s = { .cls = (uint8_t)c, .reg = ++e->nregs[c] };
    names_note(e, c, s.reg);
    return s;
}

Slot
imm_slot(RegClass c, uint64_t bits)
{
    Slot s = { .cls = (uint8_t)c, .is_imm = 1, .bits = bits };
    return s;
}

/* Decimal digits of v at p; returns the end.  The hot path of the PTX writer: register
 * names and the `// op file:line` comments are built with it, not with printf. */
static char *
put_u32(char *p, uint32_t v)
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

/* Copies the string s to p; returns the end. */
static char *
put_str(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* Operand text.  Sixteen rotating buffers: enough for the longest instruction. */
const char *
S(Emit *e, Slot s)
{
    char *b = e->operand_text[e->operand_next++ % 16];
    if (!s.is_imm) {
        *put_u32(put_str(b, classes[s.cls].prefix), s.reg) = 0;
        return b;
    }
    switch ((RegClass)s.cls) {
    case RC_F32:
        snprintf(b, sizeof e->operand_text[0], "0f%08" PRIX32, (uint32_t)s.bits);
        break;
    case RC_F64:
        snprintf(b, sizeof e->operand_text[0], "0d%016" PRIX64, s.bits);
        break;
    case RC_B16:
        snprintf(b, sizeof e->operand_text[0], "%" PRIu64, s.bits & 0xffff);
        break;
    case RC_B32:
        snprintf(b, sizeof e->operand_text[0], "%" PRId32, (int32_t)(uint32_t)s.bits);
        break;
    case RC_PRED:
        snprintf(b, sizeof e->operand_text[0], "%d", (int)(s.bits & 1));
        break;
    default:
        snprintf(b, sizeof e->operand_text[0], "%" PRId64, (int64_t)s.bits);
    }
    return b;
}

Slot
as_reg(Emit *e, Slot s)
{
    if (!s.is_imm)
        return s;
    Slot r = new_reg(e, (RegClass)s.cls);
    if (s.cls == RC_PRED)
        ins(e, "setp.ne.u32 %s, %d, 0;", S(e, r), (int)(s.bits & 1));
    else if (s.cls == RC_B16)
        ins(e, "mov.b16 %s, 0x%04X;", S(e, r), (unsigned)(s.bits & 0xffff));
    else
        ins(e, "mov.%s %s, %s;", cls_bits((RegClass)s.cls), S(e, r), S(e, s));
    return r;
}

/* Integer width change (sign- or zero-extending, truncating) or, between a float
 * class and the integer class of the same width, a bit reinterpretation. */
Slot
to_cls(Emit *e, Slot s, RegClass c, bool sign)
{
    if (s.cls == c)
        return s;
    unsigned from = cls_width((RegClass)s.cls), to = cls_width(c);
    if (s.is_imm) {
        uint64_t v = s.bits;
        if (sign && from < 64 && (v >> (from - 1)) & 1)
            v |= ~0ull << from;
        if (to < 64)
            v &= (1ull << to) - 1;
        return imm_slot(c, v);
    }
    Slot d = new_reg(e, c);
    if (from == to)
        ins(e, "mov.b%u %s, %s;", to, S(e, d), S(e, s));
    else if (s.cls == RC_PRED)
        ins(e, "selp.u%u %s, 1, 0, %s;", to, S(e, d), S(e, s));
    else
        ins(e, "cvt.%c%u.%c%u %s, %s;", sign ? 's' : 'u', to, sign ? 's' : 'u', from, S(e, d),
            S(e, s));
    return d;
}

/* ---- representations ---- */

uint8_t
pack_factor(const Module *m, TypeId t)
{
    const Type *ty = type_get(m, t);
    if (ty->kind == TY_MMA_MATRIX) {
        uint8_t per;
        wmma_frag_regs(m, t, &per);
        return per;
    }
    if (ty->kind != TY_VECTOR)
        return 1;
    unsigned w = type_bitwidth(ty->elem);
    int64_t n = type_num_elements(m, t);
    if ((w == 16 && n % 2 == 0) || (w == 8 && n % 4 == 0) || (w == 4 && n % 8 == 0))
        return (uint8_t)(32 / w);
    return 1;
}

uint32_t
slot_count(const Module *m, TypeId t)
{
    const Type *ty = type_get(m, t);
    if (ty->kind == TY_WG_ACCUMULATOR) {
        const Type *v = type_get(m, ty->elem);
        return v->rank == 2 ? (uint32_t)(v->shape[1] / 2) : 0;
    }
    if (ty->kind == TY_MMA_MATRIX) {
        uint8_t per;
        return wmma_frag_regs(m, t, &per);
    }
    if (t == TY_I128) /* two b64 registers, the low half first (only moved) */
        return 2;
    if (ty->kind == TY_VECTOR && ty->elem == TY_I128) /* two an element, in order */
        return 2 * (uint32_t)type_num_elements(m, t);
    if (ty->kind != TY_VECTOR)
        return 1;
    return (uint32_t)(type_num_elements(m, t) / pack_factor(m, t));
}

Rep *
rep_new(Emit *e, ValueId v, uint32_t nslots, uint8_t per, TypeId elem)
{
    Rep *r = &e->rep[v];
    r->set = true;
    r->n = nslots;
    r->per = per;
    r->elem = elem;
    r->slots = arena_alloc(&e->m->arena, (nslots ? nslots : 1) * sizeof *r->slots);
    return r;
}

void
rep_scalar(Emit *e, ValueId v, Slot s)
{
    Rep *r = rep_new(e, v, 1, 1, type_element(e->m, value_type(e->m, v)));
    r->slots[0] = s;
}

Rep *
rep_of(Emit *e, ValueId v)
{
    if (!e->rep[v].set)
        ICE("ptxgen: operand used before its definition was lowered");
    return &e->rep[v];
}

Slot
scalar_of(Emit *e, ValueId v)
{
    return rep_of(e, v)->slots[0];
}

/* ---- output ---- */

/* ---- the kernel body (Emit.body) ---- */

/* Room for n more bytes and a NUL at the end of the body; returns where they go. */
static char *
body_room(Emit *e, size_t n)
{
    if (e->body_cap - e->body_len <= n) {
        size_t cap = e->body_cap ? e->body_cap : 4096;
        while (cap - e->body_len <= n)
            cap += cap / 2;
        e->body = ir_realloc(e->body, cap);
        e->body_cap = cap;
    }
    return e->body + e->body_len;
}

static void
body_put(Emit *e, const char *s, size_t n)
{
    memcpy(body_room(e, n), s, n);
    e->body_len += n;
}

static void body_vprintf(Emit *e, const char *fmt, va_list ap) PRINTF_LIKE(2, 0);

static void
body_vprintf(Emit *e, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    char *p = body_room(e, 255);
    int n = vsnprintf(p, e->body_cap - e->body_len, fmt, ap);
    if (n >= 0 && (size_t)n >= e->body_cap - e->body_len)
        n = vsnprintf(body_room(e, (size_t)n), (size_t)n + 1, fmt, again);
    va_end(again);
    if (n > 0)
        e->body_len += (size_t)n;
}

static void body_printf(Emit *e, const char *fmt, ...) PRINTF_LIKE(2, 3);

static void
body_printf(Emit *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    body_vprintf(e, fmt, ap);
    va_end(ap);
}

static void
flush_comment(Emit *e)
{
    if (e->comment_done || !e->cur_op)
        return;
    e->comment_done = true;
    const Op *op = op_get(e->m, e->cur_op);
    const char *name = op_name(e->m, e->cur_op), *file = "", *slash = NULL;
    /* by default no line number: an edit that moves the source leaves the PTX alone */
    bool at = op->loc.line && e->opt->loc_comments;
    if (at) {
        file = diag_file_name(e->d, op->loc.file);
        slash = strrchr(file, '/');
        if (slash)
            file = slash + 1;
    }
    size_t need = strlen(name) + strlen(file) + 32;
    char small[256], *line = need <= sizeof small ? small : ir_malloc(need);
    if (!line)
        ICE("out of memory");
    char *p = put_str(line, "\t// ");
    p = put_str(p, name);
    if (at) {
        *p++ = ' ';
        p = put_str(p, file);
        *p++ = ':';
        p = put_u32(p, op->loc.line);
    }
    *p++ = '\n';
    body_put(e, line, (size_t)(p - line));
    if (line != small)
        ir_free(line);
    if (e->opt->debug_loc && op->loc.line)
        body_printf(e, "\t.loc %" PRIu32 " %" PRIu32 " %" PRIu32 "\n", op->loc.file, op->loc.line,
                    op->loc.col);
}

void
ins(Emit *e, const char *fmt, ...)
{
    flush_comment(e);
    va_list ap;
    va_start(ap, fmt);
    body_put(e, "\t", 1);
    body_vprintf(e, fmt, ap);
    body_put(e, "\n", 1);
    va_end(ap);
}

/* One instruction line given as its whole text, tab and newline included (no format
 * string to parse, one write). */
static void
ins_text(Emit *e, const char *line, size_t n)
{
    flush_comment(e);
    body_put(e, line, n);
}

uint32_t
new_label(Emit *e)
{
    names_note(e, NAMES_LABEL, ++e->nlabels);
    return e->nlabels;
}

void
label(Emit *e, uint32_t l)
{
    flush_comment(e);
    body_printf(e, "$L__%s_%" PRIu32 ":\n", e->kname, l);
    e->naddr_terms = 0; /* code after a label is reached from elsewhere */
    halves_forget(e);
}

/* ---- 16-bit halves of packed registers ---- */

void
halves_forget(Emit *e)
{
    e->halves_gen++;
}

void
halves_new_kernel(Emit *e)
{
    e->halves_gen++;
    e->kernel_gen++;
}

void
halves_free(Emit *e)
{
    ir_free(e->split);
    ir_free(e->half_of);
    ir_free(e->writes);
    ir_free(e->joined);
    e->split = NULL;
    e->half_of = NULL;
    e->writes = NULL;
    e->joined = NULL;
    e->nsplit = e->nhalf_of = e->nwrites = e->njoined = 0;
}

/* Makes table t (of *n entries of size sz) hold index i. */
static void *
halves_room(void *t, uint32_t *n, size_t sz, uint32_t i)
{
    if (i < *n)
        return t;
    uint32_t m = i + i / 2 + 64;
    char *q = ir_realloc(t, (size_t)m * sz);
    if (!q)
        ICE("out of memory");
    memset(q + (size_t)*n * sz, 0, (size_t)(m - *n) * sz);
    *n = m;
    return q;
}

/* How often .b32 register r has been assigned after its definition, in this kernel. */
static uint32_t
writes_of(Emit *e, uint32_t r)
{
    return r < e->nwrites && e->writes[r].kgen == e->kernel_gen ? e->writes[r].n : 0;
}

void
halves_rewritten(Emit *e, Slot dst)
{
    halves_forget(e);
    if (dst.is_imm || dst.cls != RC_B32)
        return;
    uint32_t n = writes_of(e, dst.reg);
    e->writes = halves_room(e->writes, &e->nwrites, sizeof *e->writes, dst.reg);
    e->writes[dst.reg] = (struct Writes){ e->kernel_gen, n + 1 };
}

/* The halves of packed register s, unpacked once per straight-line stretch. */
void
halves_split(Emit *e, Slot s, Slot *lo, Slot *hi)
{
    if (s.reg < e->nsplit && e->split[s.reg].gen == e->halves_gen) {
        *lo = (Slot){ .cls = RC_B16, .reg = e->split[s.reg].lo };
        *hi = (Slot){ .cls = RC_B16, .reg = e->split[s.reg].hi };
        return;
    }
    *lo = new_reg(e, RC_B16);
    *hi = new_reg(e, RC_B16);
    ins(e, "mov.b32 {%s, %s}, %s;", S(e, *lo), S(e, *hi), S(e, s));
    e->split = halves_room(e->split, &e->nsplit, sizeof *e->split, s.reg);
    e->split[s.reg] = (struct SplitEntry){ e->halves_gen, lo->reg, hi->reg };
    uint32_t w = writes_of(e, s.reg);
    e->half_of = halves_room(e->half_of, &e->nhalf_of, sizeof *e->half_of, hi->reg);
    e->half_of[lo->reg] = (struct HalfOf){ e->kernel_gen, s.reg, 0, w };
    e->half_of[hi->reg] = (struct HalfOf){ e->kernel_gen, s.reg, 1, w };
}

/* A register holding the pair {lo, hi} (16-bit registers): the one packed from them
 * earlier in this straight-line stretch, else a new `mov.b32 d, {lo, hi}`. */
Slot
halves_pack(Emit *e, Slot lo, Slot hi)
{
    bool key = !lo.is_imm && !hi.is_imm && lo.cls == RC_B16 && hi.cls == RC_B16;
    if (key && lo.reg < e->njoined && e->joined[lo.reg].gen == e->halves_gen &&
        e->joined[lo.reg].hi == hi.reg)
        return (Slot){ .cls = RC_B32, .reg = e->joined[lo.reg].packed };
    Slot d = new_reg(e, RC_B32);
    ins(e, "mov.b32 %s, {%s, %s};", S(e, d), S(e, as_reg(e, lo)), S(e, as_reg(e, hi)));
    if (key) {
        e->joined = halves_room(e->joined, &e->njoined, sizeof *e->joined, lo.reg);
        e->joined[lo.reg] = (struct Joined){ e->halves_gen, hi.reg, d.reg };
    }
    return d;
}

/* If lo and hi are the low and high halves of one packed register that still holds
 * them, that register: packing them again needs no instruction.  (The unpack that
 * defined lo dominates this use; the register can only have changed since through a
 * copy into it, which writes[] counts.) */
bool
halves_joined(Emit *e, Slot lo, Slot hi, Slot *packed)
{
    if (lo.is_imm || hi.is_imm || lo.cls != RC_B16 || hi.cls != RC_B16 || lo.reg >= e->nhalf_of ||
        hi.reg >= e->nhalf_of)
        return false;
    const struct HalfOf *a = &e->half_of[lo.reg], *b = &e->half_of[hi.reg];
    if (a->kgen != e->kernel_gen || b->kgen != e->kernel_gen || a->reg != b->reg || a->hi ||
        !b->hi || a->writes != writes_of(e, a->reg) || b->writes != a->writes)
        return false;
    *packed = (Slot){ .cls = RC_B32, .reg = a->reg };
    return true;
}

bool
fail(Emit *e, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(e->d, DIAG_ERROR, loc, fmt, ap);
    va_end(ap);
    e->failed = true;
    return false;
}

bool
fail_op(Emit *e, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return fail(e, op_get(e->m, e->cur_op)->loc, "'%s' %s", op_name(e->m, e->cur_op), msg);
}

bool
need_feature(Emit *e, unsigned f, const char *what)
{
    if (target_has(e->target, f))
        return true;
    const Target *t = target_first_with(f);
    return fail_op(e, "needs %s (%s), but the target is %s", what, t ? t->name : "?",
                   e->target->name);
}

void
need_version(Emit *e, int v10)
{
    if (v10 > e->version)
        e->version = v10;
}

/* ---- templates ---- */

static const struct {
    OpKind op;
    Family fam;
    int sm;
    const char *tpl;
} templates[] = {
#define PTX(op, fam, sm, tpl) { OP_##op, fam, sm, tpl },
#include "ptxgen/ptx.def"
#undef PTX
};

bool
tpl_find(OpKind k, Family f, int sm, const char **tpl)
{
    for (size_t i = 0; i < sizeof templates / sizeof templates[0]; i++)
        if (templates[i].op == k && templates[i].fam == f && templates[i].sm <= sm) {
            *tpl = templates[i].tpl;
            return true;
        }
    return false;
}

/* A register holding a 16-bit constant (x2 when the type is packed). */
static Slot
half_const(Emit *e, const char *type, uint16_t bits)
{
    bool x2 = strchr(type, 'x') != NULL;
    Slot r = new_reg(e, x2 ? RC_B32 : RC_B16);
    if (x2)
        ins(e, "mov.b32 %s, 0x%04X%04X;", S(e, r), bits, bits);
    else
        ins(e, "mov.b16 %s, 0x%04X;", S(e, r), bits);
    return r;
}

/* Expands a ptx.def template.  `type` is the $t suffix.  The line is assembled by
 * copying pieces (no printf), since every elementwise op of every kernel comes here. */
void
tpl_emit(Emit *e, const char *tpl, const char *type, Slot d, const Slot *a, int na)
{
    char line[256];
    size_t n = 1;
    line[0] = '\t';
    const char *bits = "pred";
    static const char *const widths[] = { "b1", "b16", "b32", "b64", "b32", "b64" };
    if (d.cls != RC_PRED)
        bits = widths[d.cls];
    for (const char *p = tpl; *p; p++) {
        const char *piece = NULL;
        if (*p != '$') {
            if (n + 2 >= sizeof line)
                ICE("ptxgen: template line too long");
            line[n++] = *p;
            continue;
        }
        p++;
        if (*p == 'd') {
            piece = S(e, d);
        } else if (*p >= '0' && *p <= '2') {
            int i = *p - '0';
            if (p[1] == 'h') { /* $1h: constant 1.0 */
                p++;
                piece = S(e, half_const(e, type, 0x3F80));
            } else {
                piece = i < na ? S(e, a[i]) : "?";
            }
        } else if (*p == 't') {
            piece = type;
        } else if (*p == 'b') {
            piece = bits;
        } else if (*p == 'r') {
            piece = e->opt->precise_math ? ".rn" : "";
        } else if (*p == 'm' && p[1] == 'z') {
            p++;
            piece = S(e, half_const(e, type, 0x8000));
        }
        if (!piece)
            ICE("ptxgen: bad template");
        size_t l = strlen(piece);
        if (n + l + 1 >= sizeof line)
            ICE("ptxgen: template line too long");
        memcpy(line + n, piece, l);
        n += l;
    }
    line[n++] = '\n';
    ins_text(e, line, n);
}

/* ---- ranges ---- */

static const Range full = { INT64_MIN, INT64_MAX, 1 };

const Range *
range_of(Emit *e, ValueId v)
{
    return &e->range[v];
}

bool
is_narrow(Emit *e, ValueId v)
{
    TypeId t = value_type(e->m, v);
    const Range *r = &e->range[v];
    return t == TY_INDEX && r->lo >= 0 && r->hi <= INT32_MAX;
}

static int64_t
pow2_div(int64_t v)
{
    if (v == 0)
        return (int64_t)1 << 40;
    uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v; /* INT64_MIN too, without UB */
    uint64_t low = u & -u;
    return low > (uint64_t)1 << 40 ? (int64_t)1 << 40 : (int64_t)low;
}

static Range
mk(int64_t lo, int64_t hi, int64_t div)
{
    Range r = { lo, hi, div < 1 ? 1 : div };
    return r;
}

static Range
r_add(Range a, Range b)
{
    int64_t lo, hi;
    int64_t div = a.div < b.div ? a.div : b.div;
    if (__builtin_add_overflow(a.lo, b.lo, &lo) || __builtin_add_overflow(a.hi, b.hi, &hi))
        return mk(INT64_MIN, INT64_MAX, div);
    return mk(lo, hi, div);
}

static Range
r_mul(Range a, Range b)
{
    int64_t c[4];
    int64_t div = a.div > (1 << 20) || b.div > (1 << 20) ? (1 << 20) : a.div * b.div;
    if (__builtin_mul_overflow(a.lo, b.lo, &c[0]) || __builtin_mul_overflow(a.lo, b.hi, &c[1]) ||
        __builtin_mul_overflow(a.hi, b.lo, &c[2]) || __builtin_mul_overflow(a.hi, b.hi, &c[3]))
        return mk(INT64_MIN, INT64_MAX, div);
    int64_t lo = c[0], hi = c[0];
    for (int i = 1; i < 4; i++) {
        lo = c[i] < lo ? c[i] : lo;
        hi = c[i] > hi ? c[i] : hi;
    }
    return mk(lo, hi, div);
}

static Range
r_div(Range a, Range b)
{
    if (b.lo != b.hi || b.lo <= 0 || a.lo < 0)
        return mk(a.lo >= 0 ? 0 : INT64_MIN, a.lo >= 0 ? a.hi : INT64_MAX, 1);
    int64_t c = b.lo;
    return mk(a.lo / c, a.hi / c, a.div % c == 0 ? a.div / c : 1);
}

static Range
r_rem(Range a, Range b)
{
    if (b.lo != b.hi || b.lo <= 0 || a.lo < 0)
        return full;
    int64_t c = b.lo;
    int64_t hi = a.hi < c - 1 ? a.hi : c - 1;
    int64_t pc = pow2_div(c);
    if (a.hi < c)
        return a;
    return mk(0, hi, a.div < pc ? a.div : pc);
}

static Range
default_range(TypeId t)
{
    unsigned w = type_bitwidth(t);
    if (t == TY_I1)
        return mk(0, 1, 1);
    if (w > 0 && w < 64)
        return mk(-((int64_t)1 << (w - 1)), ((int64_t)1 << (w - 1)) - 1, 1);
    return full;
}

static Range
r_affine(const Range *dims, uint32_t nd, const Range *syms, uint32_t ns, const AffineExpr *x)
{
    switch (x->kind) {
    case AFF_CONST:
        return mk(x->value, x->value, pow2_div(x->value));
    case AFF_DIM:
        return x->value < nd ? dims[x->value] : full;
    case AFF_SYM:
        return x->value < ns ? syms[x->value] : full;
    case AFF_ADD:
        return r_add(r_affine(dims, nd, syms, ns, x->lhs), r_affine(dims, nd, syms, ns, x->rhs));
    case AFF_MUL:
        return r_mul(r_affine(dims, nd, syms, ns, x->lhs), r_affine(dims, nd, syms, ns, x->rhs));
    case AFF_MOD:
        return r_rem(r_affine(dims, nd, syms, ns, x->lhs), r_affine(dims, nd, syms, ns, x->rhs));
    case AFF_FLOORDIV:
        return r_div(r_affine(dims, nd, syms, ns, x->lhs), r_affine(dims, nd, syms, ns, x->rhs));
    case AFF_CEILDIV: {
        Range a = r_affine(dims, nd, syms, ns, x->lhs), b = r_affine(dims, nd, syms, ns, x->rhs);
        if (b.lo == b.hi && b.lo > 0 && a.lo >= 0 && a.hi < INT64_MAX - b.lo)
            return mk(a.lo / b.lo, (a.hi + b.lo - 1) / b.lo, 1);
        return full;
    }
    }
    return full;
}

static int64_t
dim_index(const Attr *a)
{
    const char *v = attr_enum_value(a);
    return v && v[0] >= 'x' && v[0] <= 'z' ? v[0] - 'x' : 0;
}

static Range
range_of_gpu(Emit *e, const Op *op, OpId o)
{
    int64_t d = dim_index(op_attr(e->m, o, "dimension"));
    int64_t bs = e->block_size[d];
    /* a warp-specialized kernel has a producer warpgroup after its known_block_size
       threads (ptxgen.c write_kernel's .reqntid) */
    const Attr *prod = e->func ? op_attr(e->m, e->func, "vptx.producer_threads") : NULL;
    if (d == 0 && bs && prod && prod->kind == ATTR_INT && prod->i > 0)
        bs += prod->i;
    switch (op->kind) {
    case OP_THREAD_ID:
        return mk(0, bs ? bs - 1 : (d == 2 ? 63 : 1023), 1);
    case OP_BLOCK_DIM:
        return mk(bs ? bs : 1, bs ? bs : 1024, 1);
    case OP_BLOCK_ID:
        return mk(0, d == 0 ? INT32_MAX - 1 : 65534, 1);
    case OP_GRID_DIM:
        return mk(1, d == 0 ? INT32_MAX : 65535, 1);
    case OP_LANE_ID:
        return mk(0, 31, 1);
    case OP_SUBGROUP_ID:
        return mk(0, 31, 1);
    default:
        return full;
    }
}

static Range
range_affine_op(Emit *e, const Op *op, OpId o)
{
    const Attr *ma = op_attr(e->m, o, "map");
    if (!ma || ma->kind != ATTR_AFFINE_MAP || ma->map->nresults != 1)
        return full;
    const AffineMap *map = ma->map;
    Range rs[16];
    if (op->nargs > 16)
        return full;
    for (uint32_t i = 0; i < op->nargs; i++)
        rs[i] = e->range[op->args[i]];
    return r_affine(rs, map->ndims, rs + map->ndims, map->nsyms, map->results[0]);
}

/*
 * arith.cmpi on index operands whose ranges decide it: [1, 1] (always true) or [0, 0]
 * (never), else r.  The guard of a staged loop's prefetch, `k + S * step < ub` with k
 * from 0, is false on every iteration when the loop has no more than S - 1 of them
 * (examples/attention.mlir: 112 SASS instructions that ptxas keeps, since it does not
 * unroll that loop); lower_if then emits only the branch taken.  Unsigned predicates
 * are decided only for ranges of non-negative values, where they agree with signed.
 */
static Range
cmpi_range(Emit *e, OpId o, Range a, Range b, Range r)
{
    const Op *op = op_get(e->m, o);
    if (op->nargs != 2 || value_type(e->m, op->args[0]) != TY_INDEX)
        return r;
    int p = (int)attr_int_or(op_attr(e->m, o, "predicate"), -1);
    if (p >= CMPI_ULT && (a.lo < 0 || b.lo < 0))
        return r;
    int t = -1;
    switch (p) {
    case CMPI_EQ:
    case CMPI_NE:
        if (a.hi < b.lo || b.hi < a.lo)
            t = p == CMPI_NE;
        else if (a.lo == a.hi && b.lo == b.hi && a.lo == b.lo)
            t = p == CMPI_EQ;
        break;
    case CMPI_SLT:
    case CMPI_ULT:
        t = a.hi < b.lo ? 1 : a.lo >= b.hi ? 0 : -1;
        break;
    case CMPI_SLE:
    case CMPI_ULE:
        t = a.hi <= b.lo ? 1 : a.lo > b.hi ? 0 : -1;
        break;
    case CMPI_SGT:
    case CMPI_UGT:
        t = a.lo > b.hi ? 1 : a.hi <= b.lo ? 0 : -1;
        break;
    case CMPI_SGE:
    case CMPI_UGE:
        t = a.lo >= b.hi ? 1 : a.hi < b.lo ? 0 : -1;
        break;
    default:
        break;
    }
    return t < 0 ? r : mk(t, t, 1);
}

static Range
range_for_op(Emit *e, OpId o, uint32_t res)
{
    const Op *op = op_get(e->m, o);
    const Range *a = op->nargs > 0 ? &e->range[op->args[0]] : NULL;
    const Range *b = op->nargs > 1 ? &e->range[op->args[1]] : NULL;
    TypeId t = value_type(e->m, op->res[res]);
    Range r = default_range(t);
    switch (op->kind) {
    case OP_CONSTANT: {
        const Attr *v = op_attr(e->m, o, "value");
        if (v && v->kind == ATTR_INT)
            return mk(v->i, v->i, pow2_div(v->i));
        if (v && v->kind == ATTR_BOOL)
            return mk(v->b, v->b, 1);
        return r;
    }
    case OP_ADDI:
        return type_bitwidth(t) == 64 ? r_add(*a, *b) : r;
    case OP_MULI:
        return type_bitwidth(t) == 64 ? r_mul(*a, *b) : r;
    case OP_SUBI: {
        Range nb = r_mul(*b, mk(-1, -1, 1));
        return type_bitwidth(t) == 64 ? r_add(*a, nb) : r;
    }
    case OP_DIVUI:
    case OP_DIVSI:
    case OP_FLOORDIVSI:
        return a->lo >= 0 ? r_div(*a, *b) : r;
    case OP_REMUI:
    case OP_REMSI:
        return a->lo >= 0 ? r_rem(*a, *b) : r;
    case OP_ANDI:
        if (b->lo == b->hi && b->lo >= 0)
            return mk(0, b->lo, 1);
        return r;
    case OP_XORI: /* of multiples of 2^k: a multiple of 2^k, below the next power of two */
    case OP_ORI: {
        if (a->lo < 0 || b->lo < 0 || type_bitwidth(t) != 64)
            return r;
        int64_t da = pow2_div(a->div), db = pow2_div(b->div), m = a->hi > b->hi ? a->hi : b->hi;
        int64_t h = 1;
        while (h <= m && h < ((int64_t)1 << 61))
            h <<= 1;
        return mk(0, h - 1, da < db ? da : db);
    }
    case OP_INDEX_CAST:
    case OP_INDEX_CASTUI:
    case OP_EXTSI:
        return *a;
    case OP_EXTUI:
        return a->lo >= 0 ? *a : r;
    case OP_MINUI:
    case OP_MINSI:
        if (a->lo >= 0 && b->lo >= 0)
            return mk(0, a->hi < b->hi ? a->hi : b->hi, 1);
        return r;
    case OP_MAXUI:
    case OP_MAXSI:
        if (a->lo >= 0 && b->lo >= 0)
            return mk(a->lo > b->lo ? a->lo : b->lo, a->hi > b->hi ? a->hi : b->hi, 1);
        return r;
    case OP_SELECT:
        return mk(b->lo < e->range[op->args[2]].lo ? b->lo : e->range[op->args[2]].lo,
                  b->hi > e->range[op->args[2]].hi ? b->hi : e->range[op->args[2]].hi, 1);
    case OP_AFFINE_APPLY:
        return range_affine_op(e, op, o);
    case OP_DELINEARIZE_INDEX: {
        /* results: x / prod(basis[1..]), then x mod basis[r] (basis without its
         * outer bound: one more result than basis entries) */
        const Attr *basis = op_attr(e->m, o, "static_basis");
        if (!basis || basis->kind != ATTR_DENSE_ARRAY || !basis->ints)
            return mk(0, INT64_MAX, 1);
        uint32_t bi = basis->n == op->nres ? res : res - 1;
        if ((res > 0 || basis->n == op->nres) && bi < basis->n && basis->ints[bi] > 0)
            return mk(0, basis->ints[bi] - 1, 1);
        return a->lo >= 0 ? mk(0, a->hi, 1) : mk(0, INT64_MAX, 1);
    }
    case OP_THREAD_ID:
    case OP_BLOCK_DIM:
    case OP_BLOCK_ID:
    case OP_GRID_DIM:
    case OP_LANE_ID:
    case OP_SUBGROUP_ID:
        return range_of_gpu(e, op, o);
    case OP_NVVM_SREG: { /* its `range` [lo, hi): a value outside is poison (LLVM's meaning) */
        unsigned bits;
        int64_t lo, hi;
        if (nvvm_sreg_range(op_attr(e->m, o, "range"), &bits, &lo, &hi) && lo >= 0 && lo < hi &&
            bits == 32 && hi <= INT32_MAX)
            return mk(lo, hi - 1, 1);
        return r;
    }
    case OP_DIM:
        return mk(0, (int64_t)1 << 40, 1);
    case OP_CMPI:
        return cmpi_range(e, o, *a, *b, r);
    default:
        return r;
    }
}

static bool
range_visit(Module *m, OpId o, void *ctx)
{
    Emit *e = ctx;
    Op *op = op_get(m, o);
    if (op->kind == OP_FOR && op->nargs >= 3) {
        /* induction variable: [lb, ub - 1] when both are bounded and step > 0 */
        BlockId body = op_entry_block(m, o, 0);
        if (body && block_get(m, body)->args.n) {
            ValueId iv = block_get(m, body)->args.items[0];
            Range lb = e->range[op->args[0]], ub = e->range[op->args[1]];
            Range st = e->range[op->args[2]];
            if (st.lo > 0 && lb.lo != INT64_MIN && ub.hi != INT64_MAX && ub.hi > INT64_MIN)
                e->range[iv] = mk(lb.lo, ub.hi - 1 > lb.lo ? ub.hi - 1 : lb.lo,
                                  lb.div < st.div ? lb.div : st.div);
        }
    }
    for (uint32_t i = 0; i < op->nres; i++)
        e->range[op->res[i]] = range_for_op(e, o, i);
    return true;
}

/* Start the side tables of value v afresh: no representation, no uses, the range of
 * its type. */
static void
reset_value(Emit *e, ValueId v)
{
    TypeId t = value_type(e->m, v);
    e->range[v] = default_range(t <= TY_LAST_SCALAR ? t : TY_INDEX);
    memset(&e->rep[v], 0, sizeof e->rep[v]);
    e->uses[v] = 0;
}

/* The block arguments of op o's regions. */
static void
reset_region_args(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    for (uint32_t i = 0; i < op->nregions; i++) {
        if (!op->regions[i])
            continue;
        const Region *r = region_get(e->m, op->regions[i]);
        for (uint32_t bi = 0; bi < r->blocks.n; bi++) {
            const Block *b = block_get(e->m, r->blocks.items[bi]);
            for (uint32_t k = 0; k < b->args.n; k++)
                reset_value(e, b->args.items[k]);
        }
    }
}

static bool
reset_visit(Module *m, OpId o, void *ctx)
{
    Emit *e = ctx;
    const Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nres; i++)
        reset_value(e, op->res[i]);
    reset_region_args(e, o);
    return true;
}

/* Per-kernel side tables are indexed by module-wide ValueIds, but a kernel only reads
 * the entries of its own values (a function is isolated from above), so only those are
 * reset: the work is proportional to the kernel, not to the module. */
void
reset_kernel_values(Emit *e, OpId func)
{
    reset_value(e, 0); /* "none", read by a missing operand */
    reset_region_args(e, func);
    module_walk(e->m, func, reset_visit, e);
}

void
compute_ranges(Emit *e, OpId func)
{
    module_walk(e->m, func, range_visit, e);
}

Range
affine_expr_range(Emit *e, const ValueId *ops, const AffineMap *map, const AffineExpr *x)
{
    Range rs[32];
    uint32_t n = map->ndims + map->nsyms;
    for (uint32_t i = 0; i < n && i < 32; i++)
        rs[i] = e->range[ops[i]];
    return r_affine(rs, map->ndims, rs + map->ndims, map->nsyms, x);
}
