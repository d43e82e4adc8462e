/*
 * build.c -- building the SIMT ops: the op emitter, constants (deduplicated in
 * the prologue), index arithmetic that folds constants, the thread ids and
 * virtual ids of seed 002, guards (scf.if) and combining steps.
 *
 * Index math (seed 002).  Along dim d of a layout an index is
 *
 *     x = (((s*B + b)*O + o)*T + t)*E + e
 *       = E*(t + T*O*B*s)          thread part: thread_offset(), once per function
 *       + E*T*(o + O*b) + e        slot part:   slot_offset(), a constant per slot
 *
 * with t = (lane / thread_stride) % T and s = (subgroup / subgroup_stride) % S.
 *
 * Requires:    distribute.c's Ctx for the function being rewritten: c->out is the
 *              op list under construction, c->loc the location of the op being
 *              rewritten, the launch shape in c->block / c->nthreads.
 * Ensures:     every op built is appended to c->out (or, for thread ids, virtual
 *              ids and constants, to the prologue, deduplicated through c->cache),
 *              carries c->loc, and uses only values that dominate the insertion
 *              point (cached per-thread forms built inside a region are dropped on
 *              leaving it: the undo log).  Index arithmetic folds constants, so a
 *              dim that is not distributed costs no instruction.
 * Invalidates: nothing beyond the block being rebuilt (its old op list is replaced
 *              by install_ops once the block is done).
 */
#include "distribute/core/core.h"

#include <string.h>

OpId
emit(Ctx *c, OpKind k, uint32_t nargs, const ValueId *args, uint32_t nres, const TypeId *types,
     uint32_t nregions)
{
    OpId o = op_new(c->m, k, c->loc, nargs, args, nres, types, nregions);
    ARRAY_PUSH(&c->m->arena, *c->out, o);
    return o;
}

ValueId
emit1(Ctx *c, OpKind k, uint32_t nargs, const ValueId *args, TypeId type)
{
    return op_get(c->m, emit(c, k, nargs, args, 1, &type, 0))->res[0];
}

const Attr *
dense_i64(Ctx *c, const int64_t *v, uint32_t n)
{
    return attr_dense_array(c->m, TY_I64, v, NULL, n);
}

/* ---- prologue values (dominate the whole function) ---- */

static ValueId
cached(Ctx *c, uint64_t k0, uint64_t k1, uint64_t k2)
{
    for (uint32_t i = 0; i < c->cache.n; i++)
        if (c->cache.items[i].key[0] == k0 && c->cache.items[i].key[1] == k1 &&
            c->cache.items[i].key[2] == k2)
            return c->cache.items[i].v;
    return 0;
}

static void
remember(Ctx *c, uint64_t k0, uint64_t k1, uint64_t k2, ValueId v)
{
    Cached e = { { k0, k1, k2 }, v };
    ARRAY_PUSH(&c->m->arena, c->cache, e);
}

/* Emits into the prologue instead of the current block. */
static ValueId
emit_prologue(Ctx *c, OpKind k, uint32_t nargs, const ValueId *args, TypeId type, const char *attr,
              const Attr *value)
{
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId v = emit1(c, k, nargs, args, type);
    if (attr)
        op_set_attr(c->m, value_get(c->m, v)->def, attr, value);
    c->out = saved;
    return v;
}

enum { KEY_INT = 1, KEY_FLOAT, KEY_TID, KEY_VTHREAD, KEY_VSUB, KEY_TOFF, KEY_DENSE };

ValueId
const_int(Ctx *c, int64_t v, TypeId t)
{
    ValueId r = cached(c, KEY_INT, t, (uint64_t)v);
    if (r)
        return r;
    const Attr *a = t == TY_I1 ? attr_bool(c->m, v != 0) : attr_int(c->m, v, t);
    r = emit_prologue(c, OP_CONSTANT, 0, NULL, t, "value", a);
    remember(c, KEY_INT, t, (uint64_t)v, r);
    return r;
}

ValueId
const_index(Ctx *c, int64_t v)
{
    return const_int(c, v, TY_INDEX);
}

ValueId
const_bool(Ctx *c, bool b)
{
    return const_int(c, b, TY_I1);
}

ValueId
const_float(Ctx *c, double v, TypeId t)
{
    uint64_t bits;
    double r0 = ir_float_round(v, t);
    memcpy(&bits, &r0, sizeof bits);
    ValueId r = cached(c, KEY_FLOAT, t, bits);
    if (r)
        return r;
    r = emit_prologue(c, OP_CONSTANT, 0, NULL, t, "value", attr_float(c->m, r0, t));
    remember(c, KEY_FLOAT, t, bits, r);
    return r;
}

bool
const_value_of(Ctx *c, ValueId v, int64_t *out)
{
    OpId d = value_get(c->m, v)->def;
    if (!d || op_get(c->m, d)->kind != OP_CONSTANT)
        return false;
    const Attr *a = op_attr(c->m, d, "value");
    if (!a || (a->kind != ATTR_INT && a->kind != ATTR_BOOL))
        return false;
    *out = a->kind == ATTR_INT ? a->i : a->b;
    return true;
}

/* ---- index arithmetic with folding ---- */

static ValueId
binop(Ctx *c, OpKind k, ValueId a, ValueId b)
{
    ValueId args[2] = { a, b };
    return emit1(c, k, 2, args, value_type(c->m, a));
}

ValueId
idx_add(Ctx *c, ValueId a, ValueId b)
{
    int64_t x, y;
    bool ca = const_value_of(c, a, &x), cb = const_value_of(c, b, &y);
    if (ca && cb)
        return const_index(c, x + y);
    if (ca && x == 0)
        return b;
    if (cb && y == 0)
        return a;
    return binop(c, OP_ADDI, a, b);
}

ValueId
idx_add_c(Ctx *c, ValueId a, int64_t k)
{
    return k ? idx_add(c, a, const_index(c, k)) : a;
}

ValueId
idx_mul_c(Ctx *c, ValueId a, int64_t k)
{
    int64_t x;
    if (const_value_of(c, a, &x))
        return const_index(c, x * k);
    if (k == 1)
        return a;
    if (k == 0)
        return const_index(c, 0);
    return binop(c, OP_MULI, a, const_index(c, k));
}

ValueId
cmp_i(Ctx *c, CmpIPredicate p, ValueId a, ValueId b)
{
    int64_t x, y;
    if (const_value_of(c, a, &x) && const_value_of(c, b, &y)) {
        switch (p) {
        case CMPI_EQ:
            return const_bool(c, x == y);
        case CMPI_NE:
            return const_bool(c, x != y);
        case CMPI_SLT:
            return const_bool(c, x < y);
        case CMPI_SLE:
            return const_bool(c, x <= y);
        case CMPI_SGT:
            return const_bool(c, x > y);
        case CMPI_SGE:
            return const_bool(c, x >= y);
        case CMPI_ULT:
            return const_bool(c, (uint64_t)x < (uint64_t)y);
        case CMPI_ULE:
            return const_bool(c, (uint64_t)x <= (uint64_t)y);
        case CMPI_UGT:
            return const_bool(c, (uint64_t)x > (uint64_t)y);
        case CMPI_UGE:
            return const_bool(c, (uint64_t)x >= (uint64_t)y);
        case CMPI_COUNT:
            break;
        }
    }
    ValueId args[2] = { a, b };
    ValueId r = emit1(c, OP_CMPI, 2, args, TY_I1);
    op_set_attr(c->m, value_get(c->m, r)->def, "predicate", attr_int(c->m, p, TY_I64));
    return r;
}

ValueId
and_i1(Ctx *c, ValueId a, ValueId b)
{
    int64_t x;
    if (!a)
        return b;
    if (!b)
        return a;
    if (const_value_of(c, a, &x))
        return x ? b : a;
    if (const_value_of(c, b, &x))
        return x ? a : b;
    return binop(c, OP_ANDI, a, b);
}

/* ---- thread ids ---- */

static ValueId
gpu_id(Ctx *c, const char *dim)
{
    return emit_prologue(c, OP_THREAD_ID, 0, NULL, TY_INDEX, "dimension",
                         attr_enum(c->m, "gpu", "dim", dim, true));
}

/* The linear thread id: tid.x, or (tid.z * ny + tid.y) * nx + tid.x. */
ValueId
thread_id(Ctx *c)
{
    if (c->tid)
        return c->tid;
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId t = gpu_id(c, "x");
    if (c->block[1] > 1 || c->block[2] > 1) {
        ValueId y = gpu_id(c, "y");
        if (c->block[2] > 1)
            y = idx_add(c, y, idx_mul_c(c, gpu_id(c, "z"), c->block[1]));
        t = idx_add(c, t, idx_mul_c(c, y, c->block[0]));
    }
    if (c->whole_tile) { /* two copies of the kernel's threads: each sees tid % T */
        c->tid_real = t;
        ValueId a[2] = { t, const_index(c, c->nthreads) };
        t = emit1(c, OP_REMUI, 2, a, TY_INDEX);
    }
    c->out = saved;
    c->tid = t;
    return t;
}

ValueId
thread_id_real(Ctx *c)
{
    ValueId t = thread_id(c);
    return c->whole_tile ? c->tid_real : t;
}

ValueId
lane_id(Ctx *c)
{
    if (!c->lane) {
        ValueId t = thread_id(c);
        OpList *saved = c->out;
        c->out = &c->prologue;
        c->lane = c->nthreads <= 32 ? t : binop(c, OP_REMUI, t, const_index(c, 32));
        c->out = saved;
    }
    return c->lane;
}

ValueId
warp_id(Ctx *c)
{
    if (!c->warp) {
        ValueId t = thread_id(c);
        OpList *saved = c->out;
        c->out = &c->prologue;
        c->warp = c->nthreads <= 32 ? const_index(c, 0) : binop(c, OP_DIVUI, t, const_index(c, 32));
        c->out = saved;
    }
    return c->warp;
}

/* (id / stride) % tile, in the prologue; `count` ids in all (32 lanes, or the warps) */
static ValueId
digit(Ctx *c, int key, ValueId id, int64_t count, int64_t stride, int64_t tile)
{
    if (tile == 1 || stride == 0)
        return const_index(c, 0);
    ValueId r = cached(c, (uint64_t)key, (uint64_t)stride, (uint64_t)tile);
    if (r)
        return r;
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId q = stride == 1 ? id : binop(c, OP_DIVUI, id, const_index(c, stride));
    r = count <= stride * tile ? q : binop(c, OP_REMUI, q, const_index(c, tile));
    if (count <= stride)
        r = const_index(c, 0);
    c->out = saved;
    remember(c, (uint64_t)key, (uint64_t)stride, (uint64_t)tile, r);
    return r;
}

ValueId
virtual_thread(Ctx *c, const NestedLayout *l, int32_t d)
{
    return digit(c, KEY_VTHREAD, lane_id(c), c->nthreads < 32 ? c->nthreads : 32,
                 l->thread_strides[d], l->thread_tile[d]);
}

/* (lane / stride) % tile, in the prologue (shared with virtual_thread's cache) */
ValueId
dist_lane_digit(Ctx *c, int64_t stride, int64_t tile)
{
    return digit(c, KEY_VTHREAD, lane_id(c), c->nthreads < 32 ? c->nthreads : 32, stride, tile);
}

ValueId
virtual_subgroup(Ctx *c, const NestedLayout *l, int32_t d)
{
    return digit(c, KEY_VSUB, warp_id(c), c->nwarps, l->subgroup_strides[d], l->subgroup_tile[d]);
}

/* E*(t + T*O*B*s) for dim d, in the prologue */
ValueId
thread_offset(Ctx *c, const NestedLayout *l, int32_t d)
{
    int64_t E = l->element_tile[d], T = l->thread_tile[d];
    int64_t OB = l->outer_tile[d] * l->batch_tile[d];
    ValueId t = virtual_thread(c, l, d), s = virtual_subgroup(c, l, d);
    uint64_t k1 = ((uint64_t)l->thread_strides[d] << 32) | (uint64_t)l->subgroup_strides[d];
    uint64_t k2 = ((uint64_t)T << 48) ^ ((uint64_t)E << 32) ^ ((uint64_t)OB << 16) ^
                  (uint64_t)l->subgroup_tile[d];
    ValueId r = cached(c, KEY_TOFF, k1, k2);
    if (r)
        return r;
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId te = idx_mul_c(c, t, E);
    r = idx_add(c, te, idx_mul_c(c, s, E * T * OB));
    c->out = saved;
    remember(c, KEY_TOFF, k1, k2, r);
    return r;
}

int64_t
slot_offset(const NestedLayout *l, int32_t d, int64_t b, int64_t o, int64_t e)
{
    return l->element_tile[d] * l->thread_tile[d] * (o + l->outer_tile[d] * b) + e;
}

/*
 * Replicated data is written once: by the thread whose ids are rebuilt from
 * its virtual ids, lane == sum_d ts_d * t_d and subgroup == sum_d ss_d * s_d
 * (seed 002's inverse map).  Lanes or subgroups in a gap or past the layout's
 * extent fail the test.  Returns 0 when every thread passes.
 */
ValueId
canonical_holder(Ctx *c, const NestedLayout *l)
{
    int64_t lanes = 1, groups = 1;
    for (int32_t d = 0; d < l->rank; d++) {
        lanes *= l->thread_tile[d];
        groups *= l->subgroup_tile[d];
    }
    ValueId cond = 0;
    int64_t nlanes = c->nthreads < 32 ? c->nthreads : 32;
    if (lanes != nlanes || layout_lane_extent(l) != lanes) {
        ValueId sum = const_index(c, 0);
        for (int32_t d = 0; d < l->rank; d++)
            sum = idx_add(c, sum, idx_mul_c(c, virtual_thread(c, l, d), l->thread_strides[d]));
        cond = cmp_i(c, CMPI_EQ, lane_id(c), sum);
    }
    if (groups != c->nwarps || layout_subgroup_count(l) != groups) {
        ValueId sum = const_index(c, 0);
        for (int32_t d = 0; d < l->rank; d++)
            sum = idx_add(c, sum, idx_mul_c(c, virtual_subgroup(c, l, d), l->subgroup_strides[d]));
        cond = and_i1(c, cond, cmp_i(c, CMPI_EQ, warp_id(c), sum));
    }
    return cond;
}

/* ---- vectors ---- */

ValueId
extract_elem(Ctx *c, ValueId vec, int64_t pos, TypeId elem)
{
    ValueId r = emit1(c, OP_EXTRACT, 1, &vec, elem);
    op_set_attr(c->m, value_get(c->m, r)->def, "static_position", dense_i64(c, &pos, 1));
    return r;
}

ValueId
from_elements(Ctx *c, const ValueId *elems, uint32_t n, TypeId elem)
{
    int64_t shape = n;
    return emit1(c, OP_FROM_ELEMENTS, n, elems, type_vector(c->m, elem, 1, &shape));
}

/* One combining step of kind k (vector.kind / gpu.all_reduce_op). */
ValueId
combine_values(Ctx *c, CombiningKind k, ValueId a, ValueId b)
{
    bool f = type_is_float(type_element(c->m, value_type(c->m, a)));
    static const OpKind table[KIND_COUNT][2] = {
        [KIND_ADD] = { OP_ADDI, OP_ADDF },
        [KIND_MUL] = { OP_MULI, OP_MULF },
        [KIND_MINUI] = { OP_MINUI, OP_MINUI },
        [KIND_MINSI] = { OP_MINSI, OP_MINSI },
        [KIND_MINNUMF] = { OP_MINNUMF, OP_MINNUMF },
        [KIND_MAXUI] = { OP_MAXUI, OP_MAXUI },
        [KIND_MAXSI] = { OP_MAXSI, OP_MAXSI },
        [KIND_MAXNUMF] = { OP_MAXNUMF, OP_MAXNUMF },
        [KIND_AND] = { OP_ANDI, OP_ANDI },
        [KIND_OR] = { OP_ORI, OP_ORI },
        [KIND_XOR] = { OP_XORI, OP_XORI },
        [KIND_MAXIMUMF] = { OP_MAXIMUMF, OP_MAXIMUMF },
        [KIND_MINIMUMF] = { OP_MINIMUMF, OP_MINIMUMF },
    };
    return binop(c, table[k][f], a, b);
}

/* ---- regions ---- */

OpId
emit_if(Ctx *c, ValueId cond, uint32_t nres, const TypeId *types, bool with_else)
{
    OpId o = emit(c, OP_IF, 1, &cond, nres, types, 2);
    for (uint32_t r = 0; r < 2; r++) {
        RegionId reg = region_new(c->m, o);
        op_get(c->m, o)->regions[r] = reg;
        if (r == 0 || with_else)
            region_append(c->m, reg, block_new(c->m));
    }
    return o;
}

void
region_enter(Ctx *c, OpId op, uint32_t region, RegionSave *s)
{
    s->out = c->out;
    s->list = (OpList){ 0 };
    s->block = op_entry_block(c->m, op, region);
    c->out = &s->list;
    scope_push(c);
}

void
region_leave(Ctx *c, const ValueId *yields, uint32_t n, RegionSave *s)
{
    emit(c, OP_YIELD, n, yields, 0, NULL, 0);
    scope_pop(c);
    c->out = s->out;
    install_ops(c, s->block, &s->list);
}

ValueId
memref_dim(Ctx *c, ValueId memref, uint32_t d)
{
    const Type *t = type_get(c->m, value_type(c->m, memref));
    if (t->shape[d] != DIM_DYNAMIC)
        return const_index(c, t->shape[d]);
    ValueId args[2] = { memref, const_index(c, d) };
    return emit1(c, OP_DIM, 2, args, TY_INDEX);
}

/* ---- element indices ---- */

/* element index along dim d of the element at `slot`: thread part + constant */
ValueId
element_index(Ctx *c, const NestedLayout *l, int32_t d, int64_t slot)
{
    int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
    layout_slot_unpack(l, slot, b, o, e);
    return idx_add_c(c, thread_offset(c, l, d), slot_offset(l, d, b[d], o[d], e[d]));
}

/* Index v of an op in loop's body, recomputed for the step whose induction value is iv2:
 * v must be value_index_recomputable (the induction variable, values defined before the
 * loop, constants, and +, -, * of those); emitted at the insertion point. */
ValueId
dist_index_at(Ctx *c, ValueId v, OpId loop, ValueId iv2)
{
    Module *m = c->m;
    ValueId iv = block_get(m, op_entry_block(m, loop, 0))->args.items[0];
    if (v == iv)
        return iv2;
    if (value_defined_outside(m, v, loop))
        return dist_scalar(c, v);
    const Op *op = op_get(m, value_get(m, v)->def);
    OpKind kind = op->kind;
    int64_t k = 0;
    if (kind == OP_CONSTANT && const_value_of(c, v, &k))
        return const_index(c, k);
    ValueId x = op->args[0], y = op->args[1]; /* copied before emitting */
    ValueId args[2] = { dist_index_at(c, x, loop, iv2), dist_index_at(c, y, loop, iv2) };
    return emit1(c, kind, 2, args, TY_INDEX);
}

/* ---- the forms of a value ---- */

ValueId
dist_vec(Ctx *c, Dist *d)
{
    if (d->vec)
        return d->vec;
    for (uint32_t k = 0; k < d->n; k++)
        if (!d->elems[k])
            ICE("distribute: a per-thread value with neither form");
    dist_set_vec(c, d, from_elements(c, d->elems, d->n, d->elem));
    return d->vec;
}

ValueId
dist_elem(Ctx *c, Dist *d, uint32_t k)
{
    if (d->elems[k])
        return d->elems[k];
    if (!d->vec)
        ICE("distribute: a per-thread value with neither form");
    dist_set_elem(c, d, k, extract_elem(c, d->vec, k, d->elem));
    return d->elems[k];
}
