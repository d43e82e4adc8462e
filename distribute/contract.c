/*
 * contract.c -- vector.contract.
 *
 * Tensor-core path (seed 003).  When the operands' layouts, put in canonical
 * orientation (A: MxK, B: KxN, C: MxN), are tilings of one mma.sync
 * intrinsic's fragments (layout/mma.c: same outer, thread and element tiles
 * and thread strides; batches count the tiles), the contract becomes, per
 * subgroup,
 *
 *     for mb < B_M, nb < B_N:  c = acc[mb, nb]
 *         for kb < B_K:        c = nvgpu.mma.sync(A[mb, kb], B[kb, nb], c)
 *         result[mb, nb] = c
 *
 * Each operand tile is gathered into the instruction's register order
 * (layout_mma_register_slots: for the A operand of m16n8k16 the slots (oM,
 * oK, e) are reordered to (oK, oM, e)), as a vector<regs x per-register>, and
 * the result tile is scattered back to slots.  K spread over subgroups is
 * summed through workgroup memory (sum_k_slices).  Batch dims are not
 * supported on this path.
 *
 * Any other contract: the operands are gathered into the layout of the
 * iteration space (the accumulator's layout on parallel dims, the lhs's on
 * reduction dims, or the reduction dims held whole by each thread when that
 * layout would be invalid), multiplied per thread, and reduced over the
 * reduction dims by the machinery of reduction.c with the accumulator.
 *
 * Requires:    distribute.c's Ctx; the contract's operands and result carry
 *              layouts (vptx.layout) and are distributed already; a contract with
 *              exactly 3 operands and projected-permutation indexing maps (the
 *              verifier's rules).
 * Ensures:     the contract's result is bound (dist_bind) to per-thread values equal
 *              to sum over K of lhs * rhs plus acc, element for element: on the
 *              mma.sync path nvgpu.mma.sync ops (and a workgroup buffer plus
 *              barriers when K is split over subgroups), otherwise per-thread
 *              products reduced by reduction.c's stages (also for batch dims).  A
 *              contract that would put too many elements in one thread, or a
 *              transposed accumulator on the mma path, is a located error.
 * Invalidates: nothing beyond the block being rebuilt.
 */
#include "distribute/dist.h"

#include <string.h>

typedef struct Contract {
    int32_t nit;                     /* iteration dims */
    int32_t map[3][LAYOUT_MAX_RANK]; /* operand dim -> iteration dim */
    int32_t rank[3];
    bool reduction[LAYOUT_MAX_RANK];
    CombiningKind kind;
} Contract;

static bool
read_contract(Ctx *c, OpId o, Contract *ct)
{
    const Attr *maps = op_attr(c->m, o, "indexing_maps");
    const Attr *its = op_attr(c->m, o, "iterator_types");
    const Attr *k = op_attr(c->m, o, "kind");
    if (op_get(c->m, o)->nargs != 3 || !maps || maps->kind != ATTR_ARRAY || maps->n != 3 || !its ||
        its->kind != ATTR_ARRAY)
        return dist_error(c, "'vector.contract' with a mask or without maps cannot be distributed");
    ct->nit = (int32_t)its->n;
    for (uint32_t i = 0; i < its->n; i++)
        ct->reduction[i] = its->items[i]->str && strcmp(its->items[i]->str, "reduction") == 0;
    for (int j = 0; j < 3; j++) {
        const AffineMap *m = maps->items[j]->map;
        ct->rank[j] = (int32_t)m->nresults;
        for (uint32_t r = 0; r < m->nresults; r++)
            if ((ct->map[j][r] = affine_map_result_dim(m, r)) < 0)
                return dist_error(c, "'vector.contract' indexing maps must be projected "
                                     "permutations");
    }
    int kind = k && k->str ? combining_kind_lookup(k->str) : KIND_ADD;
    ct->kind = kind < 0 ? KIND_ADD : (CombiningKind)kind;
    return true;
}

/* position of iteration dim `it` in operand j, or -1 */
static int32_t
pos_in(const Contract *ct, int j, int32_t it)
{
    for (int32_t r = 0; r < ct->rank[j]; r++)
        if (ct->map[j][r] == it)
            return r;
    return -1;
}

/* ---- mma.sync ---- */

typedef struct Mma {
    MmaIntrinsic mma;
    const MmaInfo *info;
    int32_t perm[3][2];    /* canonical dim -> operand dim */
    NestedLayout canon[3]; /* operand layouts, canonical orientation */
} Mma;

static bool
fragment_fits(const NestedLayout *l, const NestedLayout *f)
{
    for (int32_t d = 0; d < 2; d++)
        if (l->outer_tile[d] != f->outer_tile[d] || l->thread_tile[d] != f->thread_tile[d] ||
            l->element_tile[d] != f->element_tile[d] ||
            (f->thread_tile[d] > 1 && l->thread_strides[d] != f->thread_strides[d]))
            return false;
    return true;
}

static bool
type_named(TypeId t, const char *name)
{
    return strcmp(scalar_type_name(t), name) == 0;
}

/* Finds the mma.sync intrinsic whose fragments the three layouts tile. */
static bool
find_mma(const Contract *ct, Dist *const *ops, Mma *mm)
{
    int32_t im = -1, in = -1, ik = -1;
    for (int32_t it = 0; it < ct->nit; it++) {
        bool a = pos_in(ct, 0, it) >= 0, b = pos_in(ct, 1, it) >= 0, r = pos_in(ct, 2, it) >= 0;
        if (ct->reduction[it] && a && b && !r && ik < 0)
            ik = it;
        else if (!ct->reduction[it] && a && !b && r && im < 0)
            im = it;
        else if (!ct->reduction[it] && !a && b && r && in < 0)
            in = it;
        else
            return false;
    }
    if (im < 0 || in < 0 || ik < 0 || ct->kind != KIND_ADD)
        return false;
    int32_t canon_it[3][2] = { { im, ik }, { ik, in }, { im, in } };
    for (int j = 0; j < 3; j++) {
        for (int d = 0; d < 2; d++)
            mm->perm[j][d] = pos_in(ct, j, canon_it[j][d]);
        if (!layout_permute(&ops[j]->layout, mm->perm[j], &mm->canon[j]))
            return false;
    }
    for (int kind = MMA_NV_MMA_SYNC_F32_16x8x16_F16; kind <= MMA_NV_MMA_SYNC_I32_16x8x32_I8;
         kind++) {
        const MmaInfo *info = layout_mma_info((MmaKind)kind);
        MmaIntrinsic mma = { (MmaKind)kind, 0 };
        bool ok = info && info->subgroups == 1;
        for (int j = 0; ok && j < 3; j++) {
            NestedLayout f;
            ok = type_named(ops[j]->elem, info->type[j]) &&
                 layout_mma_fragment(mma, (MmaOperand)j, &f) && fragment_fits(&mm->canon[j], &f);
        }
        if (ok) {
            mm->mma = mma;
            mm->info = info;
            return true;
        }
    }
    return false;
}

/* Slots (of the operand's own layout) of one tile's registers, in register order. */
static bool
tile_slots(const Mma *mm, int j, const Dist *op, const int64_t *batch, int64_t *slots)
{
    int64_t canon[64];
    if (!layout_mma_register_slots(mm->mma, (MmaOperand)j, &mm->canon[j], batch, canon))
        return false;
    NestedLayout f;
    layout_mma_fragment(mm->mma, (MmaOperand)j, &f);
    for (int64_t i = 0; i < layout_num_slots(&f); i++) {
        int64_t b[2], o[2], e[2], ob[2], oo[2], oe[2];
        layout_slot_unpack(&mm->canon[j], canon[i], b, o, e);
        for (int d = 0; d < 2; d++) {
            ob[mm->perm[j][d]] = b[d];
            oo[mm->perm[j][d]] = o[d];
            oe[mm->perm[j][d]] = e[d];
        }
        slots[i] = layout_slot_pack(&op->layout, ob, oo, oe);
    }
    return true;
}

/* A tile as the vector<regs x per> an nvgpu.mma.sync operand is. */
static ValueId
gather_tile(Ctx *c, const Mma *mm, int j, Dist *op, const int64_t *batch)
{
    int64_t slots[64];
    tile_slots(mm, j, op, batch, slots);
    NestedLayout f;
    layout_mma_fragment(mm->mma, (MmaOperand)j, &f);
    int64_t n = layout_num_slots(&f), per = j == 2 ? 2 : 32 / type_bitwidth(op->elem);
    if (op->elem == TY_F32 && j < 2)
        per = 1;
    ValueId el[64];
    for (int64_t i = 0; i < n; i++)
        el[i] = dist_elem(c, op, (uint32_t)slots[i]);
    int64_t shape[2] = { n / per, per };
    return emit1(c, OP_FROM_ELEMENTS, (uint32_t)n, el, type_vector(c->m, op->elem, 2, shape));
}

/* an all-zero mma.sync accumulator tile of type t (vector<R x P x T>) */
static ValueId
zero_tile(Ctx *c, TypeId t)
{
    const Type *ty = type_get(c->m, t);
    int64_t n = ty->shape[0] * ty->shape[1];
    TypeId e = ty->elem;
    ValueId z = type_is_float(e) ? const_float(c, 0.0, e) : const_int(c, 0, e), el[64];
    for (int64_t i = 0; i < n && i < 64; i++)
        el[i] = z;
    return emit1(c, OP_FROM_ELEMENTS, (uint32_t)n, el, t);
}

/*
 * K split over subgroups: the subgroups that differ only in their K digit
 * (stride sk in A's and B's layouts) each multiply their slice of K from a
 * zero accumulator; the partial tiles, seen as a rank-3 value whose new
 * leading dim is spread over those subgroups, are summed by the reduction's
 * cross-subgroup stage (workgroup memory), and the accumulator is added once.
 */
static Dist *
sum_k_slices(Ctx *c, Dist *partial, Dist *acc, int64_t nk, int64_t sk, const NestedLayout *rl)
{
    const NestedLayout *cl = &partial->layout;
    NestedLayout p;
    layout_init(&p, cl->rank + 1);
    layout_set_dim(&p, 0, nk, 1, 1, 1, 1, sk, 0);
    for (int32_t d = 0; d < cl->rank; d++)
        layout_set_dim(&p, d + 1, cl->subgroup_tile[d], cl->batch_tile[d], cl->outer_tile[d],
                       cl->thread_tile[d], cl->element_tile[d], cl->subgroup_strides[d],
                       cl->thread_strides[d]);
    char why[LAYOUT_REASON_SIZE];
    if (!layout_check(&p, why, sizeof why)) {
        dist_error(c,
                   "'vector.contract' K split over subgroups: the accumulator's subgroups "
                   "overlap the K subgroups (%s)",
                   why);
        return NULL;
    }
    Dist *s = dist_new(c, &p, partial->elem);
    for (uint32_t k = 0; k < s->n; k++)
        dist_set_elem(c, s, k, dist_elem(c, partial, k));
    return reduce_dist(c, s, 1u, KIND_ADD, acc, 0, rl, NULL);
}

static bool
contract_mma(Ctx *c, OpId o, Mma *mm, Dist *a, Dist *b, Dist *acc)
{
    int64_t bm = mm->canon[2].batch_tile[0], bn = mm->canon[2].batch_tile[1];
    int64_t bk = mm->canon[0].batch_tile[1];
    int64_t nk = mm->canon[0].subgroup_tile[1], sk = mm->canon[0].subgroup_strides[1];
    if (mm->canon[0].batch_tile[0] != bm || mm->canon[1].batch_tile[1] != bn ||
        mm->canon[1].batch_tile[0] != bk || mm->canon[1].subgroup_tile[0] != nk ||
        (nk > 1 && mm->canon[1].subgroup_strides[0] != sk))
        return dist_error(c, "'vector.contract' operand layouts tile the mma.sync fragments "
                             "inconsistently");
    NestedLayout rl;
    if (!result_layout(c, o, 0, &rl))
        return dist_error(c, "'vector.contract' result has no layout");
    Dist *r = dist_new(c, &acc->layout, acc->elem);
    TypeId ct = 0;
    for (int64_t m = 0; m < bm; m++)
        for (int64_t n = 0; n < bn; n++) {
            int64_t cb[2] = { m, n }, slots[64];
            ValueId cv = gather_tile(c, mm, 2, acc, cb);
            ct = value_type(c->m, cv);
            if (nk > 1) /* the accumulator is added once, after the K slices are summed */
                cv = zero_tile(c, ct);
            for (int64_t k = 0; k < bk; k++) {
                int64_t ab[2] = { m, k }, bb[2] = { k, n };
                ValueId args[3] = { gather_tile(c, mm, 0, a, ab), gather_tile(c, mm, 1, b, bb),
                                    cv };
                cv = emit1(c, OP_MMA_SYNC, 3, args, ct);
                int64_t shape[3] = { mm->info->m, mm->info->n, mm->info->k };
                const Attr *items[3];
                for (int i = 0; i < 3; i++)
                    items[i] = attr_int(c->m, shape[i], TY_I64);
                op_set_attr(c->m, value_get(c->m, cv)->def, "mmaShape", attr_array(c->m, items, 3));
                if (mm->mma.kind ==
                    MMA_NV_MMA_SYNC_F32_16x8x8_TF32) /* f32 registers read as tf32 */
                    op_set_attr(c->m, value_get(c->m, cv)->def, "tf32Enabled", attr_unit(c->m));
            }
            tile_slots(mm, 2, acc, cb, slots);
            const Type *t = type_get(c->m, ct);
            int64_t per = t->shape[1];
            for (int64_t i = 0; i < t->shape[0] * per; i++) {
                int64_t pos[2] = { i / per, i % per };
                ValueId e = emit1(c, OP_EXTRACT, 1, &cv, acc->elem);
                op_set_attr(c->m, value_get(c->m, e)->def, "static_position", dense_i64(c, pos, 2));
                dist_set_elem(c, r, (uint32_t)slots[i], e);
            }
        }
    Dist *res = nk > 1 ? sum_k_slices(c, r, acc, nk, sk, &rl) : convert_dist(c, r, &rl);
    if (!res)
        return false;
    dist_bind(c, op_get(c->m, o)->res[0], res);
    return true;
}

/* ---- any other contract ---- */

static Dist *
widen_elems(Ctx *c, Dist *d, TypeId to)
{
    if (d->elem == to)
        return d;
    OpKind k = type_is_float(to) ? OP_EXTF : OP_EXTSI;
    if (type_is_float(to) != type_is_float(d->elem))
        k = type_is_float(to) ? OP_SITOFP : OP_FPTOSI;
    Dist *r = dist_new(c, &d->layout, to);
    ValueId v = dist_vec(c, d);
    dist_set_vec(c, r, emit1(c, k, 1, &v, dist_type(c, r)));
    return r;
}

static bool
contract_generic(Ctx *c, OpId o, const Contract *ct, Dist *a, Dist *b, Dist *acc)
{
    NestedLayout it;
    layout_init(&it, ct->nit);
    uint32_t reduced = 0;
    for (int32_t i = 0; i < ct->nit; i++) {
        int32_t pr = pos_in(ct, 2, i), pa = pos_in(ct, 0, i), pb = pos_in(ct, 1, i);
        const NestedLayout *src = pr >= 0 ? &acc->layout : pa >= 0 ? &a->layout : &b->layout;
        int32_t d = pr >= 0 ? pr : pa >= 0 ? pa : pb;
        layout_set_dim(&it, i, src->subgroup_tile[d], src->batch_tile[d], src->outer_tile[d],
                       src->thread_tile[d], src->element_tile[d], src->subgroup_strides[d],
                       src->thread_strides[d]);
        if (pr < 0)
            reduced |= 1u << i;
    }
    layout_normalize(&it);
    char why[LAYOUT_REASON_SIZE];
    if (!layout_check(&it, why, sizeof why)) { /* reduction dims held whole per thread */
        int64_t shape[LAYOUT_MAX_RANK];
        layout_shape(&it, shape);
        for (int32_t i = 0; i < ct->nit; i++)
            if (reduced >> i & 1)
                layout_set_dim(&it, i, 1, shape[i], 1, 1, 1, 0, 0);
    }
    int32_t da[LAYOUT_MAX_RANK], db[LAYOUT_MAX_RANK];
    for (int32_t i = 0; i < ct->nit; i++) {
        da[i] = pos_in(ct, 0, i);
        db[i] = pos_in(ct, 1, i);
    }
    Dist *ga = gather_dist(c, a, &it, da), *gb = ga ? gather_dist(c, b, &it, db) : NULL;
    if (!gb)
        return false;
    ga = widen_elems(c, ga, acc->elem);
    gb = widen_elems(c, gb, acc->elem);
    Dist *p = dist_new(c, &it, acc->elem);
    ValueId args[2] = { dist_vec(c, ga), dist_vec(c, gb) };
    dist_set_vec(c, p,
                 emit1(c, type_is_float(acc->elem) ? OP_MULF : OP_MULI, 2, args, dist_type(c, p)));
    NestedLayout rl;
    if (!result_layout(c, o, 0, &rl))
        return dist_error(c, "'vector.contract' result has no layout");
    /* the accumulator's dims are the parallel dims in iteration order: reorder if needed */
    Dist *r = reduce_dist(c, p, reduced, ct->kind, acc, 0, &rl, NULL);
    if (!r)
        return false;
    dist_bind(c, op_get(c->m, o)->res[0], r);
    return true;
}

bool
distribute_contract(Ctx *c, OpId o)
{
    Contract ct;
    memset(&ct, 0, sizeof ct);
    if (!read_contract(c, o, &ct))
        return false;
    Dist *ops[3];
    for (int j = 0; j < 3; j++)
        if (!(ops[j] = dist_of(c, op_get(c->m, o)->args[j])))
            return false;
    if (!type_is_vector(c->m, value_type(c->m, op_get(c->m, o)->res[0])))
        return dist_error(c, "'vector.contract' to a scalar cannot be distributed");
    for (int32_t r = 0; r + 1 < ct.rank[2]; r++)
        if (ct.map[2][r] > ct.map[2][r + 1])
            return dist_error(c, "'vector.contract' with a transposed accumulator");
    Mma mm;
    if (ct.rank[0] == 2 && ct.rank[1] == 2 && ct.rank[2] == 2 && find_mma(&ct, ops, &mm))
        return contract_mma(c, o, &mm, ops[0], ops[1], ops[2]);
    return contract_generic(c, o, &ct, ops[0], ops[1], ops[2]);
}
