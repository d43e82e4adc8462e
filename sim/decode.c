/*
 * decode.c -- turn one parsed PTX instruction into an Inst, once.
 *
 * Requires:  the parser's operands (registers by index, literals raw,
 *            variables as OPD_SYM, labels as OPD_NAME).
 * Ensures:   Inst.op from the longest mnemonic match in ops.def; types in
 *            order of appearance in ty[]; every other modifier in its field
 *            (mods.def); operands normalised per op (a missing `|p` becomes
 *            NONE, `red` gets an empty destination, ...); immediates converted
 *            to the register-slot form of the type the instruction reads them
 *            as; the instruction class for the counters.
 * Execution never looks at a string again.
 */
#include "sim/simint.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const TypeInfo type_info[TY_COUNT] = {
#define TY(name, text, bytes, kind) [TY_##name] = { text, bytes, kind },
#include "sim/types.def"
#undef TY
};

const OpInfo sim_op_table[OP_COUNT] = {
#define OP(name, mn, cls, nmin, nmax, mask, fl, dec, ex, wx)                                       \
    [OP_##name] = { mn, CLS_##cls, nmin, nmax, mask, fl, dec, ex, wx },
#define CLS_INT      SIM_CLASS_INT
#define CLS_BIT      SIM_CLASS_BIT
#define CLS_SFU      SIM_CLASS_SFU
#define CLS_CMP      SIM_CLASS_CMP
#define CLS_CVT      SIM_CLASS_CVT
#define CLS_MOV      SIM_CLASS_MOV
#define CLS_CTRL     SIM_CLASS_CTRL
#define CLS_ATOMIC   SIM_CLASS_ATOMIC
#define CLS_WARP     SIM_CLASS_WARP
#define CLS_LDMATRIX SIM_CLASS_LDMATRIX
#define CLS_MMA      SIM_CLASS_MMA
#define CLS_ASYNC    SIM_CLASS_ASYNC
#define CLS_BARRIER  SIM_CLASS_BARRIER
#define CLS_MISC     SIM_CLASS_MISC
#include "sim/ops.def"
#undef OP
};

typedef struct {
    const char *name;
    uint8_t kind;
    uint32_t value;
} ModInfo;

static const ModInfo mod_info[] = {
#define MOD(text, kind, value) { text, kind, value },
#include "sim/mods.def"
#undef MOD
};

bool
dec_error(Decoder *d, const char *fmt, ...)
{
    if (d->msg)
        return false;
    va_list ap;
    va_start(ap, fmt);
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    d->msg = strdup(buf);
    return false;
}

/* ---- literals [PTX §4.5] ---- */

static uint64_t
round_to(int ty, double v)
{
    switch (ty) {
    case TY_F16:
    case TY_B16:
        return fp_round(v, 0, &FMT_F16, RND_RN);
    case TY_BF16:
        return fp_round(v, 0, &FMT_BF16, RND_RN);
    case TY_F64:
    case TY_B64:
        return bits_of_f64(v);
    default:
        return bits_of_f32((float)v);
    }
}

uint64_t
imm_convert(const Opd *o, int ty)
{
    int kind = type_info[ty].kind;
    bool wide_float = ty == TY_F32 || ty == TY_F64;
    switch (o->aux) {
    case LIT_INT:
        if (wide_float)
            return round_to(ty, (double)o->imm);
        return (uint64_t)o->imm;
    case LIT_F32:
        if (ty == TY_F64 || ty == TY_F16 || ty == TY_BF16)
            return round_to(ty, (double)f32_of((uint32_t)o->imm));
        return (uint64_t)o->imm & 0xffffffffu;
    case LIT_F64:
        if (ty == TY_F32 || ty == TY_F16 || ty == TY_BF16 || ty == TY_TF32)
            return round_to(ty, f64_of((uint64_t)o->imm));
        return (uint64_t)o->imm;
    default: {
        double v = f64_of((uint64_t)o->imm);
        if (kind == TK_FLOAT || kind == TK_BITS)
            return round_to(ty, v);
        if (kind == TK_PRED)
            return v != 0;
        /* a float literal as an integer: saturated, since the cast of an out-of-range
         * value is undefined (NaN gives 0) */
        if (!(v > -9223372036854775808.0))
            return v < 0 ? (uint64_t)INT64_MIN : 0;
        if (v >= 9223372036854775808.0)
            return (uint64_t)INT64_MAX;
        return (uint64_t)(int64_t)v;
    }
    }
}

/* An immediate must suit its operand's type, as ptxas checks ("Arguments
 * mismatch"): no floating-point literal for an integer operand, no integer
 * literal for a floating-point one, and a 0f/0d literal for a .bN operand only
 * of its own width. */
static bool
imm_fits(Decoder *d, const Opd *o, int ty)
{
    int kind = type_info[ty].kind;
    unsigned bytes = type_info[ty].bytes;
    bool float_lit = o->aux == LIT_F32 || o->aux == LIT_F64 || o->aux == LIT_DOUBLE;
    if ((kind == TK_SINT || kind == TK_UINT) && float_lit)
        return dec_error(d, "floating-point literal for a .%s operand", type_info[ty].name);
    if (kind == TK_FLOAT && o->aux == LIT_INT)
        return dec_error(d, "integer literal for a .%s operand (write 0f%s or a decimal point)",
                         type_info[ty].name, bytes == 8 ? "/0d" : "");
    if (kind == TK_BITS && ((o->aux == LIT_F32 && bytes != 4) || (o->aux == LIT_F64 && bytes != 8)))
        return dec_error(d, "%s literal for a .%s operand", o->aux == LIT_F32 ? "0f" : "0d",
                         type_info[ty].name);
    return true;
}

static bool
convert_imms(Decoder *d, Inst *in)
{
    for (int i = 0; i < in->nopd; i++) {
        Opd *o = &in->o[i];
        int ty = d->opty[i];
        if (o->kind == OPD_IMM) {
            if (!imm_fits(d, o, ty))
                return false;
            o->imm = (int64_t)imm_convert(o, ty);
        } else if (o->kind == OPD_VEC) {
            for (int k = 0; k < o->n; k++) {
                Opd *e = &d->m->vecs[o->r + (uint32_t)k];
                if (e->kind == OPD_IMM) {
                    if (!imm_fits(d, e, ty))
                        return false;
                    e->imm = (int64_t)imm_convert(e, ty);
                }
            }
        }
    }
    return true;
}

/* ---- modifiers ---- */

static bool
apply_mod(Decoder *d, Inst *in, const OpInfo *oi, const char *s, size_t n)
{
    for (int t = 1; t < TY_COUNT; t++)
        if (strlen(type_info[t].name) == n && !memcmp(type_info[t].name, s, n)) {
            if (in->nty == 4)
                return dec_error(d, "too many types in '%s'", oi->mnemonic);
            in->ty[in->nty++] = (uint8_t)t;
            return true;
        }
    if (n > 5 && !memcmp(s, "m64n", 4)) { /* wgmma m64nNkK (sm_90) */
        unsigned nn = 0, kk = 0;
        size_t i = 4;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            nn = nn * 10 + (unsigned)(s[i++] - '0');
        if (i < n && s[i] == 'k')
            for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
                kk = kk * 10 + (unsigned)(s[i] - '0');
        if (i != n || nn < 8 || nn > 256 || nn % 8 || kk == 0 || kk > 255)
            return dec_error(d, "bad shape '.%.*s'", (int)n, s);
        in->shape = SH_M64;
        in->num = (uint8_t)(nn / 8);
        in->spare = (uint16_t)kk;
        return true;
    }
    if ((n > 4 && (!memcmp(s, "L1::", 4) || !memcmp(s, "L2::", 4))) ||
        (n > 7 && !memcmp(s, "level::", 7)))
        return true;
    const ModInfo *pick = NULL, *fallback = NULL;
    for (size_t i = 0; i < sizeof mod_info / sizeof mod_info[0]; i++) {
        const ModInfo *mi = &mod_info[i];
        if (strlen(mi->name) != n || memcmp(mi->name, s, n))
            continue;
        if (mi->kind == MK_CMP && !(oi->flags & OF_CMP))
            continue; /* .lo/.hi of mul are not comparisons */
        if (mi->kind == MK_CMP || (mi->kind == MK_SUB && (oi->flags & OF_SUB))) {
            pick = mi;
            break;
        }
        if (!fallback || (fallback->kind == MK_SUB && mi->kind != MK_SUB))
            fallback = mi;
    }
    if (!pick)
        pick = fallback;
    if (!pick)
        return dec_error(d, "unknown modifier '.%.*s' for '%s'", (int)n, s, oi->mnemonic);
    switch ((ModKind)pick->kind) {
    case MK_RND:
        in->rnd = (uint8_t)pick->value;
        break;
    case MK_CMP:
        in->cmp = (uint8_t)pick->value;
        break;
    case MK_SUB:
        in->sub = (uint8_t)pick->value;
        break;
    case MK_SPACE:
        in->space = (uint8_t)pick->value;
        break;
    case MK_FLAG:
        in->flags |= pick->value;
        break;
    case MK_NUM:
        in->num = (uint8_t)pick->value;
        break;
    case MK_VEC:
        in->vec = (uint8_t)pick->value;
        break;
    case MK_SHAPE:
        in->shape = (uint8_t)pick->value;
        break;
    case MK_IGNORE:
        break;
    }
    return true;
}

static int
find_op(const char *mn, const char *const *comp, const size_t *clen, int nc, int *used)
{
    for (int k = nc; k >= 1; k--) {
        size_t plen = (size_t)(comp[k - 1] + clen[k - 1] - mn);
        for (int i = 0; i < OP_COUNT; i++) {
            const char *s = sim_op_table[i].mnemonic;
            if (s[0] && strlen(s) == plen && !memcmp(s, mn, plen)) {
                *used = k;
                return i;
            }
        }
    }
    return -1;
}

static uint8_t
class_of(const Inst *in, int cls)
{
    if (cls == CLS_AUTO) {
        switch (in->ty[0]) {
        case TY_F32:
            return SIM_CLASS_FP32;
        case TY_F64:
            return SIM_CLASS_FP64;
        case TY_F16:
        case TY_F16X2:
        case TY_BF16:
        case TY_BF16X2:
            return SIM_CLASS_FP16;
        default:
            return SIM_CLASS_INT;
        }
    }
    if (cls == CLS_MEM) {
        bool st = in->op == OP_ST;
        switch (in->space) {
        case SP_GLOBAL:
            return st ? SIM_CLASS_ST_GLOBAL : SIM_CLASS_LD_GLOBAL;
        case SP_SHARED:
            return st ? SIM_CLASS_ST_SHARED : SIM_CLASS_LD_SHARED;
        case SP_LOCAL:
            return SIM_CLASS_LD_LOCAL;
        case SP_PARAM:
            return SIM_CLASS_LD_PARAM;
        case SP_CONST:
            return SIM_CLASS_LD_CONST;
        default:
            return SIM_CLASS_GENERIC;
        }
    }
    return (uint8_t)cls;
}

/* Copy the parsed operands into the Inst; OF_PIPE ops get a NONE second
 * operand when `d|p` was written as plain `d`. */
static bool
place_operands(Decoder *d, Inst *in, const OpInfo *oi)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < d->nopd; i++) {
        if (d->pipe[i] && !(i == 1 && (oi->flags & OF_PIPE)))
            return dec_error(d, "unexpected '|' in '%s'", oi->mnemonic);
        if (i == 1 && (oi->flags & OF_PIPE) && !d->pipe[1]) {
            if (n == MAXOPD)
                return dec_error(d, "too many operands for '%s'", oi->mnemonic);
            in->o[n++] = (Opd){ .kind = OPD_NONE };
        }
        if (n == MAXOPD)
            return dec_error(d, "too many operands for '%s'", oi->mnemonic);
        in->o[n++] = d->opd[i];
    }
    if ((oi->flags & OF_PIPE) && d->nopd == 1)
        in->o[n++] = (Opd){ .kind = OPD_NONE };
    in->nopd = (uint8_t)n;
    if (n < oi->nmin || n > oi->nmax)
        return dec_error(d, "'%s' takes %s%u operands, not %u", oi->mnemonic,
                         oi->nmin == oi->nmax ? "" : "up to ", oi->nmax, n);
    return true;
}

bool
decode_inst(Decoder *d, const char *mn, size_t len, Inst *in)
{
    const char *comp[32];
    size_t clen[32];
    int nc = 0;
    for (size_t i = 0; i < len && nc < 32;) {
        size_t j = i + (i > 0);
        while (j < len && mn[j] != '.')
            j++;
        comp[nc] = mn + i + (i > 0);
        clen[nc++] = j - i - (i > 0);
        i = j;
    }
    int used = 0;
    int op = find_op(mn, comp, clen, nc, &used);
    if (op < 0)
        return dec_error(d, "unknown instruction '%.*s'", (int)len, mn);
    const OpInfo *oi = &sim_op_table[op];
    in->op = (uint16_t)op;
    in->slot = NOREG;
    for (int k = used; k < nc; k++)
        if (!(oi->flags & OF_NOMODS) && !apply_mod(d, in, oi, comp[k], clen[k]))
            return false;
    if (!place_operands(d, in, oi))
        return false;
    in->maskop = oi->mask;
    for (int i = 0; i < MAXOPD; i++)
        d->opty[i] = (oi->flags & OF_SRC1) && i > 0 ? in->ty[1] : in->ty[0];
    if (oi->mask >= 0) /* a membermask is 32 bits whatever the type (redux.sync's .f32) */
        d->opty[oi->mask] = TY_B32;
    if (oi->decode && !oi->decode(d, in))
        return false;
    in->cls = class_of(in, sim_op_table[in->op].cls);
    return convert_imms(d, in);
}

/* ---- hooks ---- */

static bool
need_types(Decoder *d, const Inst *in, int n)
{
    if (in->nty < n)
        return dec_error(d, "'%s' needs %s type", sim_op_table[in->op].mnemonic,
                         n == 1 ? "a" : "more than one");
    return true;
}

static bool
is_reg_of(const Decoder *d, const Opd *o, int ty)
{
    return o->kind == OPD_REG && d->fn->regty[o->r] == ty;
}

bool
dec_arith(Decoder *d, Inst *in)
{
    if (!need_types(d, in, 1))
        return false;
    if (in->flags & F_CC)
        return dec_error(d, "carry-chain arithmetic (.cc) is not supported");
    if (in->op == OP_SELP)
        d->opty[3] = TY_PRED;
    if (in->op == OP_LOP3)
        d->opty[4] = TY_B32;
    if (in->op == OP_PRMT)
        d->opty[3] = TY_B32;
    if (in->op == OP_TESTP && in->sub < SUB_FINITE)
        return dec_error(d, "'testp' needs a test such as .finite");
    if (in->op == OP_DIV && type_info[in->ty[0]].kind == TK_FLOAT)
        in->cls = SIM_CLASS_SFU;
    return true;
}

bool
dec_shift(Decoder *d, Inst *in)
{
    if (!need_types(d, in, 1))
        return false;
    for (int i = in->op == OP_SHF ? 3 : 2; i < in->nopd; i++)
        d->opty[i] = TY_U32;
    return true;
}

/* setp.cmp{.bool}.type p{|q}, a, b{, {!}c};  set.cmp{.bool}.dtype.stype d, a, b{, {!}c} */
bool
dec_setp(Decoder *d, Inst *in)
{
    if (in->cmp == CMP_NONE)
        return dec_error(d, "'%s' needs a comparison", sim_op_table[in->op].mnemonic);
    if (!need_types(d, in, in->op == OP_SET ? 2 : 1))
        return false;
    int c = in->op == OP_SETP ? 4 : 3;
    if (in->nopd == c)
        in->o[in->nopd++] = (Opd){ .kind = OPD_NONE };
    if ((in->o[c].kind == OPD_NONE) != (in->sub == SUB_NONE))
        return dec_error(d, "a boolean operation and a third predicate go together");
    if (in->op == OP_SET)
        d->opty[1] = d->opty[2] = in->ty[1];
    d->opty[c] = TY_PRED;
    return true;
}

bool
dec_slct(Decoder *d, Inst *in)
{
    if (!need_types(d, in, 2))
        return false;
    d->opty[3] = in->ty[1];
    return true;
}

bool
dec_mov(Decoder *d, Inst *in)
{
    if (!need_types(d, in, 1))
        return false;
    const Opd *v = in->o[0].kind == OPD_VEC   ? &in->o[0]
                   : in->o[1].kind == OPD_VEC ? &in->o[1]
                                              : NULL;
    if (!v)
        return true;
    unsigned bytes = type_info[in->ty[0]].bytes;
    if (v->n < 2 || bytes % v->n || bytes / v->n < 1)
        return dec_error(d, "cannot split a %u-byte mov into %u parts", bytes, v->n);
    in->op = in->o[0].kind == OPD_VEC ? OP_MOVUNPACK : OP_MOVPACK;
    d->opty[1] = bytes / v->n == 2 ? TY_B16 : bytes / v->n == 4 ? TY_B32 : TY_B8;
    return true;
}

bool
dec_cvt(Decoder *d, Inst *in)
{
    if (!need_types(d, in, 2))
        return false;
    if (in->nopd == 3 &&
        !((in->ty[0] == TY_F16X2 || in->ty[0] == TY_BF16X2) && in->ty[1] == TY_F32))
        return dec_error(d, "three-operand cvt is only .f16x2/.bf16x2 from .f32");
    return true;
}

bool
dec_cvta(Decoder *d, Inst *in)
{
    if (!need_types(d, in, 1))
        return false;
    if (in->space == SP_NONE)
        return dec_error(d, "'cvta' needs a state space");
    return true;
}

static bool
check_vec(Decoder *d, const Inst *in, const Opd *data)
{
    unsigned want = in->vec ? in->vec : 1;
    if (want == 1 && data->kind == OPD_VEC)
        return dec_error(d, "vector operand needs .v2 or .v4");
    if (want > 1 && (data->kind != OPD_VEC || data->n != want))
        return dec_error(d, ".v%u needs a list of %u operands", want, want);
    return true;
}

bool
dec_ldst(Decoder *d, Inst *in)
{
    if (!need_types(d, in, 1))
        return false;
    bool st = in->op == OP_ST;
    if (in->o[st ? 0 : 1].kind != OPD_ADDR)
        return dec_error(d, "'%s' needs an address operand in brackets", st ? "st" : "ld");
    if (!check_vec(d, in, &in->o[st ? 1 : 0]))
        return false;
    if (in->space == SP_NONE || in->space == SP_GLOBAL || in->space == SP_SHARED)
        in->slot = d->m->nslots++;
    return true;
}

bool
dec_atom(Decoder *d, Inst *in)
{
    if (!need_types(d, in, 1))
        return false;
    if (in->op == OP_RED) {
        memmove(&in->o[1], &in->o[0], (MAXOPD - 1) * sizeof in->o[0]);
        in->o[0] = (Opd){ .kind = OPD_NONE };
        in->nopd++;
    }
    if (in->o[1].kind != OPD_ADDR)
        return dec_error(d, "'%s' needs an address operand", sim_op_table[in->op].mnemonic);
    if (in->sub < SUB_ADD || in->sub > SUB_XOR)
        return dec_error(d, "'%s' needs an operation such as .add", sim_op_table[in->op].mnemonic);
    if ((in->sub == SUB_CAS) != (in->nopd == 4))
        return dec_error(d, "only .cas takes two value operands");
    return true;
}

/* cp.async.{ca,cg}.shared.global [dst], [src], size{, src-size | , ignore-src} */
bool
dec_cpasync(Decoder *d, Inst *in)
{
    if (in->o[0].kind != OPD_ADDR || in->o[1].kind != OPD_ADDR || in->o[2].kind != OPD_IMM)
        return dec_error(d, "cp.async needs [dst], [src], size");
    int64_t n = in->o[2].imm;
    if (n != 4 && n != 8 && n != 16)
        return dec_error(d, "cp.async size must be 4, 8 or 16");
    d->opty[2] = d->opty[3] = TY_U32;
    if (in->nopd == 4 && is_reg_of(d, &in->o[3], TY_PRED)) {
        in->flags |= F_IGNSRC;
        d->opty[3] = TY_PRED;
    }
    in->slot = d->m->nslots++;
    return true;
}

bool
dec_bra(Decoder *d, Inst *in)
{
    if (in->o[0].kind != OPD_NAME && in->o[0].kind != OPD_LABEL)
        return dec_error(d, "'bra' needs a label");
    return true;
}

/* call{.uni} {(rets),} func{, (args)};  ->  o[0] rets, o[1] func, o[2] args */
bool
dec_call(Decoder *d, Inst *in)
{
    Opd o[3] = { { 0 }, { 0 }, { 0 } };
    int i = 0;
    if (in->o[0].kind == OPD_VEC)
        o[0] = in->o[i++];
    if (i >= in->nopd || in->o[i].kind != OPD_FUNC)
        return dec_error(d, "'call' needs a function name (indirect calls are not supported)");
    o[1] = in->o[i++];
    if (i < in->nopd)
        o[2] = in->o[i++];
    if (i != in->nopd || (o[2].kind != OPD_NONE && o[2].kind != OPD_VEC))
        return dec_error(d, "malformed 'call'");
    const Func *f = &d->m->funcs[o[1].r];
    unsigned nr = o[0].kind == OPD_VEC ? o[0].n : 0, na = o[2].kind == OPD_VEC ? o[2].n : 0;
    if (nr != f->nrets || na != f->nparams)
        return dec_error(d, "call of '%s' with %u results and %u arguments; it has %u and %u",
                         f->name, nr, na, f->nrets, f->nparams);
    memcpy(in->o, o, sizeof o);
    in->nopd = 3;
    return true;
}

/* bar{.cta}.sync a{, b}; bar.arrive a, b; bar.red.op.type d, a{, b}, {!}c;
 * bar.warp.sync mask; barrier.* likewise [PTX §9.7.13.1-2] */
bool
dec_bar(Decoder *d, Inst *in)
{
    if (in->flags & F_WARP) {
        if (in->nopd != 1)
            return dec_error(d, "'bar.warp.sync' takes a member mask");
        in->op = OP_BAR_WARP;
        in->maskop = 0;
        d->opty[0] = TY_B32;
        return true;
    }
    for (int i = 0; i < MAXOPD; i++)
        d->opty[i] = TY_U32;
    if (in->flags & F_RED) {
        if (in->nopd == 3) {
            in->o[3] = in->o[2];
            in->o[2] = (Opd){ .kind = OPD_NONE };
            in->nopd = 4;
        }
        if (in->nopd != 4 || (in->sub != SUB_POPC && in->sub != SUB_AND && in->sub != SUB_OR))
            return dec_error(d, "malformed 'bar.red'");
        d->opty[3] = TY_PRED;
        in->slot = 2;
        return true;
    }
    if (in->nopd < 1 || in->nopd > 2 || ((in->flags & F_ARRIVE) && in->nopd != 2))
        return dec_error(d, "malformed barrier");
    if (in->nopd == 1)
        in->o[in->nopd++] = (Opd){ .kind = OPD_NONE };
    in->slot = (in->flags & F_ARRIVE) ? 1 : 0;
    return true;
}

bool
dec_vote(Decoder *d, Inst *in)
{
    if (in->sub != SUB_ALL && in->sub != SUB_ANY && in->sub != SUB_UNI && in->sub != SUB_BALLOT)
        return dec_error(d, "'vote' needs .all, .any, .uni or .ballot");
    d->opty[1] = TY_PRED;
    d->opty[2] = TY_B32;
    return true;
}

bool
dec_ldmatrix(Decoder *d, Inst *in)
{
    bool st = in->op == OP_STMATRIX;
    const Opd *regs = &in->o[st ? 1 : 0];
    if (in->num == 0 || (in->shape != SH_M8N8 && in->shape != SH_NONE))
        return dec_error(d, "'%s' needs .m8n8 and .x1, .x2 or .x4", sim_op_table[in->op].mnemonic);
    if (in->o[st ? 0 : 1].kind != OPD_ADDR || regs->kind != OPD_VEC || regs->n != in->num)
        return dec_error(d, "'%s' needs an address and a list of %u registers",
                         sim_op_table[in->op].mnemonic, in->num);
    if (in->space != SP_NONE && in->space != SP_SHARED)
        return dec_error(d, "'%s' works on shared memory", sim_op_table[in->op].mnemonic);
    return true;
}

bool
dec_mma(Decoder *d, Inst *in)
{
    unsigned na, nb, nc;
    if (in->nty != 4 || !(in->flags & F_ROW) || !(in->flags & F_COL))
        return dec_error(d, "'mma' needs .row.col and four types (d, a, b, c)");
    int v = mma_variant(in, &na, &nb, &nc);
    if (v < 0)
        return dec_error(d, "unsupported mma shape/type combination");
    const unsigned want[4] = { nc, na, nb, nc };
    for (int i = 0; i < 4; i++)
        if (in->o[i].kind != OPD_VEC || in->o[i].n != want[i])
            return dec_error(d, "mma operand %d needs a list of %u registers", i, want[i]);
    in->slot = (uint32_t)v;
    d->opty[0] = d->opty[3] = in->ty[0];
    return true;
}

/* mma.sp{::ordered_metadata}.sync.aligned.SHAPE.row.col.D.A.B.C d, a, b, c, e, f [PTX ISA
 * 9.7.14.6]: f16/bf16 (m16n8k16, m16n8k32; f32 or, for f16, f16 C and D), tf32 (m16n8k8,
 * m16n8k16), s8/u8 (m16n8k32, m16n8k64; s32 C and D) and e4m3/e5m2 (m16n8k64; f32 C and
 * D); A is half the dense fragment, the metadata e a register or an immediate and the
 * selector f an immediate naming the lane (0..3), the lane pair (0, 1) or, where all four
 * lanes of a quad hold metadata, 0; mma_sp_kind() gives the selector's top value. */
static int
mma_sp_kind(const Inst *in)
{
    int a = in->ty[1], b = in->ty[2], c = in->ty[3], d = in->ty[0], sh = in->shape;
    bool half = a == b && (a == TY_F16 || a == TY_BF16);
    bool i8 = (a == TY_S8 || a == TY_U8) && (b == TY_S8 || b == TY_U8);
    bool f8 = (a == TY_E4M3 || a == TY_E5M2) && (b == TY_E4M3 || b == TY_E5M2);
    if (half && d == c && (c == TY_F32 || (c == TY_F16 && a == TY_F16)))
        return sh == SH_M16N8K16 ? 3 : sh == SH_M16N8K32 ? 1 : -1;
    if (a == TY_TF32 && b == TY_TF32 && d == TY_F32 && c == TY_F32)
        return sh == SH_M16N8K8 ? 3 : sh == SH_M16N8K16 ? 1 : -1;
    if (i8 && d == TY_S32 && c == TY_S32)
        return sh == SH_M16N8K32 ? 1 : sh == SH_M16N8K64 ? 0 : -1;
    if (f8 && d == TY_F32 && c == TY_F32)
        return sh == SH_M16N8K64 ? 0 : -1;
    return -1;
}

bool
dec_mma_sp(Decoder *d, Inst *in)
{
    if (in->nty != 4 || !(in->flags & F_ROW) || !(in->flags & F_COL))
        return dec_error(d, "'mma.sp' needs .row.col and four types (d, a, b, c)");
    int top = mma_sp_kind(in);
    if (top < 0)
        return dec_error(d, "unsupported mma.sp shape/type combination");
    /* A and B take two registers at the smaller K of the type, four at the larger */
    int a = in->ty[1], k0 = a == TY_TF32                  ? SH_M16N8K8
                            : a == TY_F16 || a == TY_BF16 ? SH_M16N8K16
                                                          : SH_M16N8K32;
    unsigned nab = in->shape == k0 ? 2 : 4, nc = in->ty[3] == TY_F16 ? 2 : 4;
    const unsigned want[4] = { nc, nab, nab, nc };
    for (int i = 0; i < 4; i++)
        if (in->o[i].kind != OPD_VEC || in->o[i].n != want[i])
            return dec_error(d, "mma.sp operand %d needs a list of %u registers", i, want[i]);
    if (in->o[4].kind != OPD_REG && in->o[4].kind != OPD_IMM)
        return dec_error(d, "mma.sp metadata must be a register or an immediate");
    if (in->o[5].kind != OPD_IMM || in->o[5].imm < 0 || in->o[5].imm > top)
        return dec_error(d, "mma.sp sparsity selector must be an immediate %s",
                         top == 3   ? "0..3"
                         : top == 1 ? "0 or 1"
                                    : "0");
    d->opty[0] = d->opty[3] = in->ty[0];
    d->opty[1] = d->opty[2] = TY_B32;
    d->opty[4] = d->opty[5] = TY_B32;
    return true;
}
