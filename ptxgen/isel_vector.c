/*
 * isel_vector.c -- per-thread vector.* ops and affine.* index arithmetic.
 *
 * Vectors are register groups (emit.h), so extract / insert / broadcast / shape_cast
 * / from_elements mostly re-arrange slot lists and emit nothing; packed 16-bit
 * elements are unpacked (mov.b32 {lo, hi}) or packed (mov.b32 r, {lo, hi}) only when
 * an element is accessed on its own.
 *
 * Requires:    ptxgen.c's Emit for the kernel being emitted: the op is verified
 *              SIMT-level IR, its operands already have their Reps (ops are visited
 *              in program order), and the range analysis (regs.c) has run.
 * Ensures:     the op's PTX is appended to the kernel's instruction stream and each
 *              result has a Rep; registers are numbered per class in definition
 *              order (the same input gives the same text); an op or type the target
 *              lacks is a located error (false), never invalid PTX.
 * Invalidates: nothing (the IR is only read).
 */
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <string.h>

static bool
get_elems(Emit *e, ValueId v, Slot **out, uint32_t *n)
{
    Rep *r = rep_of(e, v);
    *n = r->n * r->per;
    *out = arena_alloc(&e->m->arena, (*n + 4) * sizeof(Slot));
    unpack_all(e, r, *out);
    return true;
}

static void
set_elems(Emit *e, ValueId v, const Slot *el, uint32_t n)
{
    TypeId t = value_type(e->m, v);
    if (type_is_scalar(t)) {
        rep_scalar(e, v, el[0]);
        return;
    }
    uint8_t per = pack_factor(e->m, t);
    Rep *r = rep_new(e, v, n / per, per, type_element(e->m, t));
    pack_elems(e, r, el, n);
}

/* Slots [first, first+count) of v's elements when they are whole slots, else NULL. */
static bool
slot_range(Rep *r, uint32_t first, uint32_t count, uint8_t dst_per)
{
    return r->per == dst_per && first % r->per == 0 && count % r->per == 0;
}

static const Attr *
positions(Emit *e, OpId o)
{
    const Attr *a = op_attr(e->m, o, "static_position");
    if (!a)
        a = op_attr(e->m, o, "position");
    return a;
}

static int64_t
pos_at(const Attr *a, uint32_t i)
{
    if (a->kind == ATTR_DENSE_ARRAY)
        return a->ints[i];
    if (a->kind == ATTR_ARRAY && a->items[i]->kind == ATTR_INT)
        return a->items[i]->i;
    return DIM_DYNAMIC;
}

/* Linear element offset and element count of vector[pos] in a vector of type vt. */
static bool
linear_pos(Emit *e, OpId o, TypeId vt, uint32_t first_dyn, uint32_t *off, uint32_t *count)
{
    const Type *ty = type_get(e->m, vt);
    const Attr *p = positions(e, o);
    uint32_t np = p ? p->n : 0;
    int64_t lin = 0, stride = type_num_elements(e->m, vt);
    uint32_t dyn = first_dyn;
    for (uint32_t i = 0; i < np; i++) {
        int64_t v = pos_at(p, i);
        if (v == DIM_DYNAMIC || v < 0) {
            Slot s = dyn < op_get(e->m, o)->nargs ? scalar_of(e, op_get(e->m, o)->args[dyn++])
                                                  : imm_slot(RC_B64, 0);
            if (!s.is_imm)
                return fail_op(e, "with a dynamic position is not supported");
            v = (int64_t)s.bits;
        }
        stride /= ty->shape[i];
        lin += v * stride;
    }
    *off = (uint32_t)lin;
    *count = (uint32_t)stride;
    return true;
}

static bool
lower_extract(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    uint32_t off, count;
    if (!linear_pos(e, o, value_type(e->m, op->args[0]), 1, &off, &count))
        return false;
    op = op_get(e->m, o);
    Rep *src = rep_of(e, op->args[0]);
    TypeId rt = value_type(e->m, op->res[0]);
    uint8_t per = pack_factor(e->m, rt);
    if (src->elem == TY_I128) { /* two b64 slots an element (ir/verify.c: moves only) */
        Rep *r = rep_new(e, op->res[0], 2 * count, 1, TY_I128);
        memcpy(r->slots, src->slots + 2 * off, 2 * count * sizeof(Slot));
        return true;
    }
    if (!type_is_scalar(rt) && slot_range(src, off, count, per)) {
        Rep *r = rep_new(e, op->res[0], count / per, per, src->elem);
        memcpy(r->slots, src->slots + off / per, (count / per) * sizeof(Slot));
        return true;
    }
    if (type_is_scalar(rt) && src->per == 1) {
        rep_scalar(e, op->res[0], src->slots[off]);
        return true;
    }
    Slot *el;
    uint32_t n;
    Rep one = *src; /* unpack only the slots that hold the wanted elements */
    uint32_t s0 = off / src->per, s1 = (off + count + src->per - 1) / src->per;
    one.slots = src->slots + s0;
    one.n = s1 - s0;
    el = arena_alloc(&e->m->arena, (one.n * one.per + 4) * sizeof(Slot));
    unpack_all(e, &one, el);
    n = count;
    set_elems(e, op_get(e->m, o)->res[0], el + (off - s0 * src->per), n);
    return true;
}

static bool
lower_insert(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    uint32_t off, count;
    if (!linear_pos(e, o, value_type(e->m, op->args[1]), 2, &off, &count))
        return false;
    op = op_get(e->m, o);
    Rep *dst = rep_of(e, op->args[1]), *src = rep_of(e, op->args[0]);
    TypeId rt = value_type(e->m, op->res[0]);
    Rep *r = rep_new(e, op->res[0], dst->n, dst->per, dst->elem);
    memcpy(r->slots, dst->slots, dst->n * sizeof(Slot));
    if (slot_range(dst, off, count, src->per) && (src->per == dst->per || count == 1) &&
        (dst->per == 1 || src->n * src->per == count)) {
        memcpy(r->slots + off / dst->per, src->slots, (count / dst->per) * sizeof(Slot));
        return true;
    }
    Slot *de, *se;
    uint32_t dn, sn;
    get_elems(e, op->args[1], &de, &dn);
    get_elems(e, op->args[0], &se, &sn);
    memcpy(de + off, se, count * sizeof(Slot));
    (void)rt;
    pack_elems(e, r, de, dn);
    return true;
}

static bool
lower_broadcast(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    TypeId rt = value_type(e->m, op->res[0]);
    uint32_t n = (uint32_t)type_num_elements(e->m, rt);
    Rep *src = rep_of(e, op->args[0]);
    uint8_t per = pack_factor(e->m, rt);
    Rep *r = rep_new(e, op->res[0], n / per, per, type_element(e->m, rt));
    uint32_t sn = src->n * src->per;
    if (src->per == per && sn % per == 0) { /* whole slots repeat */
        for (uint32_t k = 0; k < r->n; k++)
            r->slots[k] = src->slots[k % src->n];
        return true;
    }
    Slot *se = arena_alloc(&e->m->arena, (sn + 4) * sizeof(Slot));
    unpack_all(e, src, se);
    Slot *el = arena_alloc(&e->m->arena, (n + 4) * sizeof(Slot));
    for (uint32_t k = 0; k < n; k++)
        el[k] = se[k % sn];
    if (per == 2 && sn == 1) { /* one packed pair, shared by every slot */
        Slot pair[2] = { se[0], se[0] };
        Rep tmp = { .per = 2, .n = 1, .slots = r->slots };
        pack_elems(e, &tmp, pair, 2);
        for (uint32_t k = 1; k < r->n; k++)
            r->slots[k] = r->slots[0];
        return true;
    }
    pack_elems(e, r, el, n);
    return true;
}

static bool
lower_from_elements(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    Slot el[1024];
    if (op->nargs > 1024)
        return fail_op(e, "with more than 1024 elements per thread: the layout leaves too much of "
                          "a vector to one thread (for a vector.contract, give it an mma_kind)");
    if (type_element(e->m, value_type(e->m, op->res[0])) == TY_I128) { /* two slots each */
        Rep *r = rep_new(e, op->res[0], 2 * op->nargs, 1, TY_I128);
        for (uint32_t i = 0; i < op->nargs; i++)
            memcpy(r->slots + 2 * i, rep_of(e, op_get(e->m, o)->args[i])->slots, 2 * sizeof(Slot));
        return true;
    }
    for (uint32_t i = 0; i < op->nargs; i++)
        el[i] = scalar_of(e, op->args[i]);
    set_elems(e, op->res[0], el, op->nargs);
    return true;
}

static bool
lower_shape_cast(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    Rep *src = rep_of(e, op->args[0]);
    TypeId rt = value_type(e->m, op->res[0]);
    if (pack_factor(e->m, rt) == src->per) {
        Rep *r = rep_new(e, op->res[0], src->n, src->per, src->elem);
        memcpy(r->slots, src->slots, src->n * sizeof(Slot));
        return true;
    }
    Slot *el;
    uint32_t n;
    get_elems(e, op->args[0], &el, &n);
    set_elems(e, op_get(e->m, o)->res[0], el, n);
    return true;
}

/* vector.bitcast: same total bits; reinterpret 32-bit slots */
static bool
lower_vbitcast(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    Rep *src = rep_of(e, op->args[0]);
    TypeId rt = value_type(e->m, op->res[0]);
    uint8_t per = pack_factor(e->m, rt);
    TypeId el = type_element(e->m, rt);
    RegClass dc = per > 1 ? RC_B32 : reg_class_of(el);
    uint32_t n = slot_count(e->m, rt);
    bool src32 = src->per > 1 || cls_width(reg_class_of(src->elem)) == 32;
    if (n != src->n || (cls_width(dc) != 32 && dc != reg_class_of(src->elem)) || !src32)
        return fail_op(e, "between these types is not supported");
    Rep *r = rep_new(e, op->res[0], n, per, el);
    for (uint32_t k = 0; k < n; k++) {
        Slot s = src->slots[k];
        if (s.cls == dc) {
            r->slots[k] = s;
        } else if (s.is_imm) {
            r->slots[k] = imm_slot(dc, s.bits);
        } else {
            r->slots[k] = new_reg(e, dc);
            ins(e, "mov.b32 %s, %s;", S(e, r->slots[k]), S(e, s));
        }
    }
    return true;
}

/* vector.extract_strided_slice {offsets, sizes, strides} on any rank */
static bool
lower_strided_slice(Emit *e, OpId o, bool insert)
{
    Op *op = op_get(e->m, o);
    const Attr *offs = op_attr(e->m, o, "offsets");
    if (!offs || offs->kind != ATTR_ARRAY)
        return fail_op(e, "without offsets");
    TypeId big = value_type(e->m, insert ? op->args[1] : op->args[0]);
    TypeId small = value_type(e->m, insert ? op->args[0] : op->res[0]);
    const Type *bt = type_get(e->m, big), *st = type_get(e->m, small);
    Slot *be, *se;
    uint32_t bn, sn;
    get_elems(e, insert ? op->args[1] : op->args[0], &be, &bn);
    if (insert)
        get_elems(e, op->args[0], &se, &sn);
    else
        se = arena_alloc(&e->m->arena,
                         ((uint32_t)type_num_elements(e->m, small) + 4) * sizeof(Slot)),
        sn = (uint32_t)type_num_elements(e->m, small);
    uint32_t lead = bt->rank - st->rank; /* insert: small may have lower rank */
    for (uint32_t k = 0; k < sn; k++) {
        int64_t rem = k, lin = 0, stride = 1;
        int64_t idx[16] = { 0 };
        for (uint32_t d = st->rank; d-- > 0;) {
            idx[d + lead] = rem % st->shape[d];
            rem /= st->shape[d];
        }
        for (uint32_t d = bt->rank; d-- > 0;) {
            int64_t off = d < offs->n && offs->items[d]->kind == ATTR_INT ? offs->items[d]->i : 0;
            lin += (idx[d] + off) * stride;
            stride *= bt->shape[d];
        }
        if (insert)
            be[lin] = se[k];
        else
            se[k] = be[lin];
    }
    if (insert)
        set_elems(e, op_get(e->m, o)->res[0], be, bn);
    else
        set_elems(e, op_get(e->m, o)->res[0], se, sn);
    return true;
}

/* vector.reduction <kind>, %v [, %acc]: a balanced tree of scalar combines */
static OpKind
combine_op(int kind, bool is_float)
{
    switch (kind) {
    case KIND_ADD:
        return is_float ? OP_ADDF : OP_ADDI;
    case KIND_MUL:
        return is_float ? OP_MULF : OP_MULI;
    case KIND_MINUI:
        return OP_MINUI;
    case KIND_MINSI:
        return OP_MINSI;
    case KIND_MAXUI:
        return OP_MAXUI;
    case KIND_MAXSI:
        return OP_MAXSI;
    case KIND_MINNUMF:
        return OP_MINNUMF;
    case KIND_MAXNUMF:
        return OP_MAXNUMF;
    case KIND_MINIMUMF:
        return OP_MINIMUMF;
    case KIND_MAXIMUMF:
        return OP_MAXIMUMF;
    case KIND_AND:
        return OP_ANDI;
    case KIND_OR:
        return OP_ORI;
    default:
        return OP_XORI;
    }
}

int
combining_kind_of(Emit *e, OpId o)
{
    const Attr *k = op_attr(e->m, o, "kind");
    if (!k)
        k = op_attr(e->m, o, "op");
    const char *s = attr_enum_value(k);
    return s ? combining_kind_lookup(s) : -1;
}

/* Combines two scalars with op k of element type t (via a throw-away IR-less path). */
Slot
combine(Emit *e, OpKind k, TypeId t, Slot a, Slot b)
{
    const char *tpl;
    Family f = t == TY_I1                         ? FAM_PRED
               : t == TY_F16                      ? FAM_HALF
               : t == TY_BF16                     ? FAM_BF16
               : type_is_float(t)                 ? FAM_FLOAT
               : tpl_find(k, FAM_INT, 1000, &tpl) ? FAM_INT
                                                  : FAM_UINT;
    RegClass c = (RegClass)a.cls;
    bool have = tpl_find(k, f, e->sm, &tpl);
    if (!have && (k == OP_MAXIMUMF || k == OP_MINIMUMF) && (t == TY_F32 || t == TY_F64))
        return ptxgen_float_minmax_nan(e, k, t, a, b);
    Slot d = new_reg(e, c);
    if (!have) {
        fail_op(e, "combining kind has no PTX lowering for %s", scalar_type_name(t));
        return a;
    }
    if (t == TY_I8 && c == RC_B16 &&
        (k == OP_MAXSI || k == OP_MINSI || k == OP_MAXUI || k == OP_MINUI)) {
        /* i8 lives in .b16 registers whose high byte is not kept: compare
         * sign- or zero-extended copies */
        bool sign = k == OP_MAXSI || k == OP_MINSI;
        Slot *in[2] = { &a, &b };
        for (int i = 0; i < 2; i++) {
            if (in[i]->is_imm) {
                *in[i] = imm_slot(RC_B16, sign ? (uint64_t)(uint16_t)(int8_t)(in[i]->bits & 255)
                                               : in[i]->bits & 255);
                continue;
            }
            Slot n = new_reg(e, RC_B16);
            if (sign)
                ins(e, "cvt.s16.s8 %s, %s;", S(e, n), S(e, *in[i]));
            else
                ins(e, "and.b16 %s, %s, 255;", S(e, n), S(e, *in[i]));
            *in[i] = n;
        }
    }
    char ty[8];
    if (f == FAM_INT || f == FAM_UINT)
        snprintf(ty, sizeof ty, "%c%u", f == FAM_INT ? 's' : 'u', cls_width(c));
    else
        snprintf(ty, sizeof ty, "%s%s", f == FAM_PRED ? "pred" : ftype(t),
                 c == RC_B32 && (t == TY_F16 || t == TY_BF16) ? "x2" : "");
    Slot ops[2] = { as_reg(e, a),
                    f == FAM_HALF || f == FAM_BF16 || f == FAM_PRED ? as_reg(e, b) : b };
    tpl_emit(e, tpl, ty, d, ops, 2);
    return d;
}

static bool
lower_reduction(Emit *e, OpId o)
{
    int kind = combining_kind_of(e, o);
    if (kind < 0)
        return fail_op(e, "with an unknown combining kind");
    Op *op = op_get(e->m, o);
    TypeId t = value_type(e->m, op->res[0]);
    OpKind k = combine_op(kind, type_is_float(t));
    Slot *el;
    uint32_t n;
    get_elems(e, op->args[0], &el, &n);
    for (uint32_t w = 1; w < n && !e->failed; w *= 2)
        for (uint32_t i = 0; i + w < n; i += 2 * w)
            el[i] = combine(e, k, t, el[i], el[i + w]);
    Slot r = el[0];
    if (op_get(e->m, o)->nargs > 1)
        r = combine(e, k, t, r, scalar_of(e, op_get(e->m, o)->args[1]));
    rep_scalar(e, op_get(e->m, o)->res[0], r);
    return !e->failed;
}

bool
isel_vector(Emit *e, OpId o)
{
    switch (op_get(e->m, o)->kind) {
    case OP_EXTRACT:
        return lower_extract(e, o);
    case OP_INSERT:
        return lower_insert(e, o);
    case OP_BROADCAST:
    case OP_SPLAT:
        return lower_broadcast(e, o);
    case OP_FROM_ELEMENTS:
        return lower_from_elements(e, o);
    case OP_SHAPE_CAST:
        return lower_shape_cast(e, o);
    case OP_VBITCAST:
        return lower_vbitcast(e, o);
    case OP_EXTRACT_STRIDED_SLICE:
        return lower_strided_slice(e, o, false);
    case OP_INSERT_STRIDED_SLICE:
        return lower_strided_slice(e, o, true);
    case OP_REDUCTION:
        return lower_reduction(e, o);
    default:
        return fail_op(e, "is not a per-thread vector op");
    }
}

/* ---- affine ---- */

/* An index slot in 32 bits when the range allows it, else 64 */
static Slot
fit(Emit *e, Slot s, Range r)
{
    bool narrow = r.lo >= 0 && r.hi <= INT32_MAX;
    return narrow ? narrow32(e, s) : widen(e, s);
}

static Slot
aff_binop(Emit *e, const char *op, Slot a, Slot b, Range r)
{
    bool narrow = r.lo >= 0 && r.hi <= INT32_MAX;
    a = narrow ? narrow32(e, a) : widen(e, a);
    b = narrow ? narrow32(e, b) : widen(e, b);
    if (a.is_imm && b.is_imm)
        ICE("ptxgen: unfolded affine constant");
    if (a.is_imm) {
        Slot t = a;
        a = b;
        b = t;
    }
    Slot d = new_reg(e, narrow ? RC_B32 : RC_B64);
    ins(e, "%s.%s %s, %s, %s;", op,
        narrow ? (op[0] == 'm' ? "lo.s32" : "s32") : (op[0] == 'm' ? "lo.s64" : "s64"), S(e, d),
        S(e, a), S(e, b));
    return d;
}

static Slot aff_eval(Emit *e, const ValueId *ops, const AffineMap *map, const AffineExpr *x);

static Slot
aff_divmod(Emit *e, const ValueId *ops, const AffineMap *map, const AffineExpr *x)
{
    Range lr = affine_expr_range(e, ops, map, x->lhs);
    Slot a = aff_eval(e, ops, map, x->lhs);
    if (x->rhs->kind != AFF_CONST || x->rhs->value <= 0) {
        fail_op(e, "with a non-constant or non-positive divisor");
        return a;
    }
    int64_t c = x->rhs->value;
    bool narrow = lr.lo >= 0 && lr.hi <= INT32_MAX;
    bool nonneg = lr.lo >= 0;
    a = as_reg(e, narrow ? narrow32(e, a) : widen(e, a));
    RegClass rc = narrow ? RC_B32 : RC_B64;
    unsigned w = narrow ? 32 : 64;
    Slot d = new_reg(e, rc);
    if (nonneg) {
        const char *ins_name = x->kind == AFF_MOD ? "rem" : "div";
        if (x->kind == AFF_CEILDIV) {
            Slot t = new_reg(e, rc);
            ins(e, "add.s%u %s, %s, %" PRId64 ";", w, S(e, t), S(e, a), c - 1);
            a = t;
        }
        ins(e, "%s.u%u %s, %s, %" PRId64 ";", ins_name, w, S(e, d), S(e, a), c);
        return d;
    }
    /* signed: floor semantics */
    Slot q = new_reg(e, rc), r = new_reg(e, rc), p = new_reg(e, RC_PRED);
    ins(e, "div.s%u %s, %s, %" PRId64 ";", w, S(e, q), S(e, a), c);
    ins(e, "rem.s%u %s, %s, %" PRId64 ";", w, S(e, r), S(e, a), c);
    if (x->kind == AFF_MOD) {
        Slot t = new_reg(e, rc);
        ins(e, "setp.lt.s%u %s, %s, 0;", w, S(e, p), S(e, r));
        ins(e, "add.s%u %s, %s, %" PRId64 ";", w, S(e, t), S(e, r), c);
        ins(e, "selp.b%u %s, %s, %s, %s;", w, S(e, d), S(e, t), S(e, r), S(e, p));
    } else {
        Slot t = new_reg(e, rc);
        bool floor = x->kind == AFF_FLOORDIV;
        ins(e, "setp.%s.s%u %s, %s, 0;", floor ? "lt" : "gt", w, S(e, p), S(e, r));
        ins(e, "add.s%u %s, %s, %d;", w, S(e, t), S(e, q), floor ? -1 : 1);
        ins(e, "selp.b%u %s, %s, %s, %s;", w, S(e, d), S(e, t), S(e, q), S(e, p));
    }
    return d;
}

static Slot
aff_eval(Emit *e, const ValueId *ops, const AffineMap *map, const AffineExpr *x)
{
    Range r = affine_expr_range(e, ops, map, x);
    if (r.lo == r.hi)
        return r.lo >= 0 && r.lo <= INT32_MAX ? imm_slot(RC_B32, (uint64_t)r.lo)
                                              : imm_slot(RC_B64, (uint64_t)r.lo);
    switch (x->kind) {
    case AFF_CONST:
        return imm_slot(RC_B64, (uint64_t)x->value);
    case AFF_DIM:
        return scalar_of(e, ops[x->value]);
    case AFF_SYM:
        return scalar_of(e, ops[map->ndims + x->value]);
    case AFF_ADD: {
        /* a + b * -1 is a subtraction */
        if (x->rhs->kind == AFF_MUL && x->rhs->rhs->kind == AFF_CONST && x->rhs->rhs->value == -1) {
            Slot a = aff_eval(e, ops, map, x->lhs), b = aff_eval(e, ops, map, x->rhs->lhs);
            bool narrow = r.lo >= 0 && r.hi <= INT32_MAX;
            Slot d = new_reg(e, narrow ? RC_B32 : RC_B64);
            a = as_reg(e, narrow ? narrow32(e, a) : widen(e, a));
            b = narrow ? narrow32(e, b) : widen(e, b);
            ins(e, "sub.s%u %s, %s, %s;", narrow ? 32 : 64, S(e, d), S(e, a), S(e, b));
            return d;
        }
        Slot lhs = aff_eval(e, ops, map, x->lhs);
        return aff_binop(e, "add", lhs, aff_eval(e, ops, map, x->rhs), r);
    }
    case AFF_MUL: {
        Slot lhs = aff_eval(e, ops, map, x->lhs);
        return aff_binop(e, "mul", lhs, aff_eval(e, ops, map, x->rhs), r);
    }
    default:
        return aff_divmod(e, ops, map, x);
    }
}

static bool
lower_apply(Emit *e, OpId o)
{
    const Attr *ma = op_attr(e->m, o, "map");
    if (!ma || ma->kind != ATTR_AFFINE_MAP || ma->map->nresults != 1)
        return fail_op(e, "without a single-result affine map");
    Op *op = op_get(e->m, o);
    Slot s = aff_eval(e, op->args, ma->map, ma->map->results[0]);
    ValueId res = op_get(e->m, o)->res[0];
    rep_scalar(e, res, fit(e, s, *range_of(e, res)));
    return !e->failed;
}

/* basis[i] as a slot: static_basis entry or the next dynamic operand */
static Slot
basis_at(Emit *e, OpId o, const Attr *sb, uint32_t i, uint32_t *next)
{
    if (sb && sb->ints[i] != DIM_DYNAMIC)
        return imm_slot(RC_B64, (uint64_t)sb->ints[i]);
    return scalar_of(e, op_get(e->m, o)->args[(*next)++]);
}

static bool
lower_linearize(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    const Attr *sb = op_attr(e->m, o, "static_basis");
    if (!sb || sb->kind != ATTR_DENSE_ARRAY)
        return fail_op(e, "without static_basis");
    uint32_t nidx = op->nargs, next;
    for (uint32_t i = 0; i < sb->n; i++)
        nidx -= sb->ints[i] == DIM_DYNAMIC;
    next = nidx;
    bool narrow = is_narrow(e, op->res[0]);
    RegClass rc = narrow ? RC_B32 : RC_B64;
    uint32_t skip = sb->n - nidx; /* 1 when the outer bound is given */
    Slot acc = index_slot(e, op->args[0], narrow);
    for (uint32_t i = 1; i < nidx; i++) {
        Slot b = basis_at(e, o, sb, i + skip, &next);
        Slot d = new_reg(e, rc);
        Slot ra = as_reg(e, acc), rb = narrow ? narrow32(e, b) : widen(e, b);
        Slot ri = index_slot(e, op_get(e->m, o)->args[i], narrow);
        ins(e, "mad.lo.s%u %s, %s, %s, %s;", narrow ? 32 : 64, S(e, d), S(e, ra), S(e, rb),
            S(e, ri));
        acc = d;
    }
    rep_scalar(e, op_get(e->m, o)->res[0], acc);
    return true;
}

static bool
lower_delinearize(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    const Attr *sb = op_attr(e->m, o, "static_basis");
    if (!sb || sb->kind != ATTR_DENSE_ARRAY)
        return fail_op(e, "without static_basis");
    uint32_t next = 1, nres = op->nres;
    Slot basis[16];
    if (sb->n > 16)
        return fail_op(e, "with more than 16 results");
    for (uint32_t i = 0; i < sb->n; i++)
        basis[i] = basis_at(e, o, sb, i, &next);
    const Range *xr = range_of(e, op->args[0]);
    bool narrow = xr->lo >= 0 && xr->hi <= INT32_MAX;
    unsigned w = narrow ? 32 : 64;
    Slot x = as_reg(e, index_slot(e, op->args[0], narrow));
    uint32_t skip = sb->n - nres + 1; /* basis entries without a result of their own */
    for (uint32_t r = nres; r-- > 0;) {
        ValueId res = op_get(e->m, o)->res[r];
        if (r == 0) {
            rep_scalar(e, res, x);
            break;
        }
        Slot b = basis[r + skip - 1 + (sb->n == nres ? 0 : 0)];
        if (sb->n == nres)
            b = basis[r];
        b = narrow ? narrow32(e, b) : widen(e, b);
        Slot q = new_reg(e, narrow ? RC_B32 : RC_B64), m = new_reg(e, narrow ? RC_B32 : RC_B64);
        RegClass wc = narrow ? RC_B32 : RC_B64;
        if (!pow2_divide(e, OP_REMUI, wc, x, b, m))
            ins(e, "rem.u%u %s, %s, %s;", w, S(e, m), S(e, x), S(e, b));
        if (!pow2_divide(e, OP_DIVUI, wc, x, b, q))
            ins(e, "div.u%u %s, %s, %s;", w, S(e, q), S(e, x), S(e, b));
        rep_scalar(e, res, m);
        x = q;
    }
    return true;
}

bool
isel_affine(Emit *e, OpId o)
{
    switch (op_get(e->m, o)->kind) {
    case OP_AFFINE_APPLY:
        return lower_apply(e, o);
    case OP_LINEARIZE_INDEX:
        return lower_linearize(e, o);
    default:
        return lower_delinearize(e, o);
    }
}
