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
#include "distribute/lowering/lowering.h"

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

/* The (m, k), (k, n), (m, n) orientation of the three operands: perm and canon. */
static bool
canonical_operands(const Contract *ct, Dist *const *ops, Mma *mm)
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
        if (!layout_permute(ops[j]->layout, mm->perm[j], &mm->canon[j]))
            return false;
    }
    return true;
}

/* Finds the mma.sync intrinsic whose fragments the three layouts tile. */
static bool
find_mma(const Contract *ct, Dist *const *ops, Mma *mm)
{
    if (!canonical_operands(ct, ops, mm))
        return false;
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
        slots[i] = layout_slot_pack(op->layout, ob, oo, oe);
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
    const NestedLayout *cl = partial->layout;
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

/* May op o sit anywhere between an ldmatrix and the mma ops that use it? (no
 * memory writes, barriers or regions: moving a shared-memory read past it is safe) */
static bool
movable_past(const Module *m, OpId o)
{
    const Op *op = op_get(m, o);
    if (op->nregions)
        return false;
    return op->kind == OP_LDMATRIX || op->kind == OP_MMA_SYNC ||
           (op_info[op->kind].traits & T_PURE);
}

/*
 * Fragment double-buffering within an iteration: an ldmatrix in c->out whose
 * first user among the contract's mma ops (mmas[], T per K step, in issue
 * order) is of step s >= 1 is moved, with the ops after it that depend on it,
 * to between the mma ops of step s-1: the i-th such load of step s goes just
 * before step s-1's mma number i+1.  Its shared-memory latency then overlaps
 * those mma ops instead of delaying the first mma of the iteration.  Only pure
 * ops, ldmatrix and mma may lie between the load's old and new places.
 */
static void
interleave_loads(Ctx *c, const OpId *mmas, int64_t nmma, int64_t T)
{
    Module *m = c->m;
    OpList *out = c->out;
    if (T < 2 || nmma <= T)
        return;
    ArenaMark mk = arena_mark(&c->scratch);
    uint8_t *mark = arena_alloc(&c->scratch, (size_t)m->nvalues + 1);
    int64_t *placed = arena_alloc(&c->scratch, (size_t)(nmma / T + 1) * sizeof *placed);
    OpId *moved = arena_alloc(&c->scratch, (size_t)out->n * sizeof *moved + 1);
    OpId *done = arena_alloc(&c->scratch, (size_t)out->n * sizeof *done + 1);
    uint32_t ndone = 0;
    for (uint32_t p = 0; p < out->n; p++) {
        OpId l = out->items[p];
        bool seen = false;
        for (uint32_t i = 0; i < ndone; i++)
            seen = seen || done[i] == l;
        if (op_get(m, l)->kind != OP_LDMATRIX || seen)
            continue;
        /* the first mma that depends on l, and the ops in between that do */
        memset(mark, 0, (size_t)m->nvalues + 1);
        for (uint32_t r = 0; r < op_get(m, l)->nres; r++)
            mark[op_get(m, l)->res[r]] = 1;
        int64_t first = -1;
        uint32_t q;
        bool ok = true;
        for (q = p + 1; q < out->n && first < 0; q++) {
            const Op *op = op_get(m, out->items[q]);
            if (!movable_past(m, out->items[q])) {
                ok = false;
                break;
            }
            bool dep = false;
            for (uint32_t i = 0; i < op->nargs; i++)
                dep = dep || mark[op->args[i]];
            if (!dep)
                continue;
            for (uint32_t i = 0; i < op->nres; i++)
                mark[op->res[i]] = 1;
            if (op->kind == OP_MMA_SYNC)
                for (int64_t j = 0; j < nmma; j++)
                    if (mmas[j] == out->items[q])
                        first = j;
        }
        int64_t step = first < 0 ? 0 : first / T;
        if (!ok || step < 1 || placed[step] + 1 >= T)
            continue;
        OpId target = mmas[(step - 1) * T + placed[step] + 1];
        placed[step]++;
        done[ndone++] = l;
        /* l and its dependents before target move to just before target */
        memset(mark, 0, (size_t)m->nvalues + 1);
        uint32_t nm = 0, w = p;
        for (q = p; q < out->n && out->items[q] != target; q++) {
            OpId x = out->items[q];
            const Op *op = op_get(m, x);
            bool dep = q == p;
            for (uint32_t i = 0; i < op->nargs; i++)
                dep = dep || mark[op->args[i]];
            if (dep) {
                for (uint32_t i = 0; i < op->nres; i++)
                    mark[op->res[i]] = 1;
                moved[nm++] = x;
            } else {
                out->items[w++] = x;
            }
        }
        if (q == out->n) /* target not after l: leave the list as it was */
            break;
        memcpy(&out->items[w], moved, nm * sizeof *moved);
        p--; /* out->items[p] is now the op that followed l */
    }
    arena_release(&c->scratch, mk);
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
    Dist *r = dist_new(c, acc->layout, acc->elem);
    TypeId ct = 0;
    /*
     * K steps outermost: every accumulator tile gets its mma of step k before
     * any tile gets that of step k+1, so consecutive mma ops are independent
     * (no mma waits for the previous one's result), and the fragments of step
     * k+1 are first needed only after all the mma ops of step k are issued
     * (interleave_loads moves their ldmatrix between those mma ops).
     */
    ValueId *cvs = arena_alloc(&c->scratch, (size_t)(bm * bn + 1) * sizeof *cvs);
    OpId *mmas = arena_alloc(&c->scratch, (size_t)(bm * bn * bk + 1) * sizeof *mmas);
    for (int64_t m = 0; m < bm; m++)
        for (int64_t n = 0; n < bn; n++) {
            int64_t cb[2] = { m, n };
            ValueId cv = gather_tile(c, mm, 2, acc, cb);
            ct = value_type(c->m, cv);
            if (nk > 1) /* the accumulator is added once, after the K slices are summed */
                cv = zero_tile(c, ct);
            cvs[m * bn + n] = cv;
        }
    for (int64_t k = 0; k < bk; k++)
        for (int64_t m = 0; m < bm; m++)
            for (int64_t n = 0; n < bn; n++) {
                int64_t ab[2] = { m, k }, bb[2] = { k, n };
                ValueId args[3] = { gather_tile(c, mm, 0, a, ab), gather_tile(c, mm, 1, b, bb),
                                    cvs[m * bn + n] };
                ValueId cv = emit1(c, OP_MMA_SYNC, 3, args, ct);
                int64_t shape[3] = { mm->info->m, mm->info->n, mm->info->k };
                const Attr *items[3];
                for (int i = 0; i < 3; i++)
                    items[i] = attr_int(c->m, shape[i], TY_I64);
                op_set_attr(c->m, value_get(c->m, cv)->def, "mmaShape", attr_array(c->m, items, 3));
                if (mm->mma.kind ==
                    MMA_NV_MMA_SYNC_F32_16x8x8_TF32) /* f32 registers read as tf32 */
                    op_set_attr(c->m, value_get(c->m, cv)->def, "tf32Enabled", attr_unit(c->m));
                if (mm->mma.kind == MMA_NV_MMA_SYNC_I32_16x8x32_I8) /* i32 sums wrap, as eval */
                    op_set_attr(c->m, value_get(c->m, cv)->def, "vptx.wrapped", attr_unit(c->m));
                cvs[m * bn + n] = cv;
                mmas[(k * bm + m) * bn + n] = value_get(c->m, cv)->def;
            }
    interleave_loads(c, mmas, bm * bn * bk, bm * bn);
    sched_spread(c, mmas, bm * bn * bk, bm * bn);
    for (int64_t m = 0; m < bm; m++)
        for (int64_t n = 0; n < bn; n++) {
            int64_t cb[2] = { m, n }, slots[64];
            ValueId cv = cvs[m * bn + n];
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

/* ---- wgmma (sm_90a) ---- */

/*
 * A contract whose mma_kind (its own, or its lowering_config's) is an
 * NV_WGMMA_* kind.  Per K step (one contract):
 *
 *   barrier (in a loop: the previous step's wgmma may still read the buffers)
 *   every thread stores the A and B elements it holds into two workgroup
 *   buffers, K-major, with the S-byte swizzle (dist_wgmma_smem below)
 *   barrier (ptxgen puts fence.proxy.async before it: wgmma reads through
 *   the async proxy)
 *   per accumulator tile (bm, bn) of the warpgroup: vptx.wgmma
 *
 * A contract marked vptx.wgmma_a = "registers" (attention's P V) stages only B and
 * becomes vptx.wgmma_ra, A taken from its registers (wgmma_reg_a_fits, reg_a_tile);
 * an A defined before the contract's loop is staged once, before the loop
 * (dist_wgmma_hoist).
 *
 * STAGING PLUG-IN POINT: the synchronous register -> shared copy below is
 * where the shared staging machinery (cp.async / TMA ring with mbarriers)
 * takes over; vptx.wgmma only needs the two buffers in this image.
 *
 * The accumulator is the wgmma D fragment tiled by layout_mma_tile: warp w of
 * the warpgroup owns 16 rows of each 64-row instruction tile, and dim 0 of
 * the canonical C layout is [subgroup 4*G][batch BM][16 rows], so the rows of
 * the instruction (g, bm) are not contiguous in M when BM > 1.  A is
 * therefore stored at buffer row p(m) = ((sg/4 * BM + b) * 4 + sg % 4) * 16 + r
 * for m = sg * BM * 16 + b * 16 + r, which makes the instruction's 64 rows
 * the buffer rows (g * BM + bm) * 64 ... + 63.  N needs no permutation.
 */
static ValueId
idx_op(Ctx *c, OpKind k, ValueId a, int64_t b)
{
    int64_t va;
    if (const_value_of(c, a, &va)) {
        switch (k) {
        case OP_DIVUI:
            return const_index(c, va / b);
        case OP_REMUI:
            return const_index(c, va % b);
        default:
            return const_index(c, va ^ b);
        }
    }
    if ((k == OP_DIVUI && b == 1) || (k == OP_XORI && b == 0))
        return a;
    if (k == OP_REMUI && b == 1)
        return const_index(c, 0);
    ValueId args[2] = { a, const_index(c, b) };
    return emit1(c, k, 2, args, TY_INDEX);
}

static ValueId
idx_xor(Ctx *c, ValueId a, ValueId b)
{
    int64_t vb;
    if (const_value_of(c, b, &vb))
        return idx_op(c, OP_XORI, a, vb);
    ValueId args[2] = { a, b };
    return emit1(c, OP_XORI, 2, args, TY_INDEX);
}

typedef struct Wgmma {
    int64_t m, n, k; /* contract tile */
    int64_t s;       /* swizzle span in bytes: 128, 64 or 32 */
    int64_t sb;      /* B's span when B is staged MN-major, else 0 */
    int64_t bm, bn;  /* accumulator batches: instructions per warpgroup */
    int64_t inst_n;  /* N of one instruction */
    ValueId buf[2];  /* A, B: the images wgmma reads */
    bool reg_a;      /* A from registers (vptx.wgmma_ra) */
    bool by_tma;     /* A and B in a TMA ring's stage (tma_ring.c) */
    bool b_tma;      /* B alone in a TMA ring's stage (attn_ring.c) */
} Wgmma;

/*
 * Stores one operand into its buffer: with E-byte elements (E = 2 for f16/bf16, 4 for
 * tf32) and W = S/E elements per S-byte row, element (x, k) of a K-major tile of
 * `rows` rows goes to row (k / W) * rows + x, column
 * (k % W) ^ (16/E) * ((x * S / 128) % (S / 16)): the byte (row * S + E * (k % W))
 * with its 16-byte chunk XORed with (address / 128) % (S / 16) (ptx-sm90.md 3), the
 * image wgmma's K-major descriptor reads (ptx-sm90.md 4.3).
 */
static void
stage_operand(Ctx *c, int64_t span, Dist *op, int xd, int kd, int64_t rows, int64_t perm_bm,
              ValueId buf)
{
    const NestedLayout *l = op->layout;
    ValueId holder = canonical_holder(c, l);
    int64_t known = 1;
    if (holder && const_value_of(c, holder, &known))
        holder = 0;
    if (!known)
        return;
    for (uint32_t sl = 0; sl < op->n; sl++)
        dist_elem(c, op, sl);
    RegionSave rs;
    OpId ifop = 0;
    if (holder) {
        ifop = emit_if(c, holder, 0, NULL, false);
        region_enter(c, ifop, 0, &rs);
    }
    int64_t esize = (int64_t)type_scalar_bytes(op->elem), half = span / esize,
            chunk_el = 16 / esize;
    /* K the operand's last dim, held R > 1 at a time (an element tile): the R
       elements start at a multiple of R and stay in one 16-byte chunk, which the
       swizzle moves whole, so they go out as one vector store */
    uint32_t run = 1;
    if (kd == l->rank - 1 && l->element_tile[kd] > 1 && l->element_tile[xd] == 1 &&
        chunk_el % l->element_tile[kd] == 0)
        run = (uint32_t)l->element_tile[kd];
    for (uint32_t sl = 0; sl < op->n; sl += run) {
        ValueId x = element_index(c, l, xd, sl), k = element_index(c, l, kd, sl);
        if (perm_bm > 1) {
            ValueId r = idx_op(c, OP_REMUI, x, 16);
            ValueId b = idx_op(c, OP_REMUI, idx_op(c, OP_DIVUI, x, 16), perm_bm);
            ValueId sg = idx_op(c, OP_DIVUI, x, perm_bm * 16);
            ValueId g = idx_op(c, OP_DIVUI, sg, 4), wi = idx_op(c, OP_REMUI, sg, 4);
            ValueId q = idx_add(c, idx_mul_c(c, g, perm_bm), b);
            x = idx_add(c, idx_mul_c(c, idx_add(c, idx_mul_c(c, q, 4), wi), 16), r);
        }
        ValueId blk = idx_op(c, OP_DIVUI, k, half), kin = idx_op(c, OP_REMUI, k, half);
        ValueId line = idx_op(c, OP_DIVUI, idx_mul_c(c, x, span), 128);
        ValueId chunk = idx_mul_c(c, idx_op(c, OP_REMUI, line, span / 16), chunk_el);
        ValueId el[8];
        for (uint32_t e = 0; e < run; e++)
            el[e] = dist_elem(c, op, sl + e);
        ValueId args[4] = { run > 1 ? from_elements(c, el, run, op->elem) : el[0], buf,
                            idx_add(c, idx_mul_c(c, blk, rows), x), idx_xor(c, kin, chunk) };
        emit(c, run > 1 ? OP_VSTORE : OP_MSTORE, 4, args, 0, NULL, 0);
    }
    if (holder)
        region_leave(c, NULL, 0, &rs);
}

/* A workgroup buffer for this contract alone (get_buffer shares buffers of one type). */
static ValueId
wgmma_buffer(Ctx *c, TypeId elem, const int64_t *shape)
{
    TypeId t = type_memref(c->m, elem, 2, shape, NULL, MS_WORKGROUP, true);
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId v = emit1(c, OP_ALLOC, 0, NULL, t);
    int64_t seg[2] = { 0, 0 };
    op_set_attr(c->m, value_get(c->m, v)->def, "operandSegmentSizes",
                attr_dense_array(c->m, TY_I32, seg, NULL, 2));
    c->out = saved;
    return v;
}

/* Contract o's image buffer of operand j: the one made when o was distributed before (S
   of an overlapped attention loop is distributed twice: attn_overlap.c), else a new one. */
static ValueId
contract_buffer(Ctx *c, OpId o, int j, TypeId elem, const int64_t *shape)
{
    for (uint32_t i = 0; i < c->images.n; i++)
        if (c->images.items[i].contract == o && c->images.items[i].operand == j)
            return c->images.items[i].buf;
    ImageBuf b = { o, j, wgmma_buffer(c, elem, shape) };
    ARRAY_PUSH(&c->m->arena, c->images, b);
    return b.buf;
}

/* The swizzle span S_B of an MN-major B image for wgmma instructions n columns wide:
 * the widest of 128, 64, 32 bytes that holds whole instructions' columns (2n a
 * multiple of it), or 0 when none does and B is stored K-major. */
int64_t
dist_wgmma_mn_span(int64_t n)
{
    int64_t bytes = 2 * n;
    return bytes % 128 == 0 ? 128 : bytes % 64 == 0 ? 64 : bytes % 32 == 0 ? 32 : 0;
}

/* Largest swizzle span (128, 64, 32 bytes) that divides a K-major row of `bytes` bytes. */
static int64_t
wgmma_span(int64_t bytes)
{
    return bytes % 128 == 0 ? 128 : bytes % 64 == 0 ? 64 : 32;
}

/*
 * A wgmma contract of the loop body whose lhs is defined before the loop (attention's
 * Q K^T: Q is read once) has its A image stored once, here, before the loop: the same
 * image contract_wgmma's register copy makes (span from K, rows permuted by the
 * accumulator's M batches), in a buffer of its own that nothing rewrites.  The loop's
 * own barrier after B's copy (with ptxgen's proxy fence) makes it visible to wgmma.
 * Only the plain case: A indexed (m, k) like the accumulator's rows, not from registers,
 * not loaded by a TMA ring (whose reads are in the loop body).
 */
static const HoistedA *
hoisted_a(Ctx *c, OpId o)
{
    for (uint32_t i = 0; i < c->hoisted_a.n; i++)
        if (c->hoisted_a.items[i].contract == o)
            return &c->hoisted_a.items[i];
    return NULL;
}

static void
hoist_a(Ctx *c, OpId o)
{
    Module *m = c->m;
    const Op *op = op_get(m, o);
    MmaIntrinsic mma;
    if (op->kind != OP_CONTRACT || op->nargs != 3 || !dist_wgmma_kind(c, o, &mma) ||
        layout_wgmma_reg_a(op_attr(m, o, "vptx.wgmma_a")) || hoisted_a(c, o))
        return;
    ValueId a = op->args[0];
    const Attr *maps = op_attr(m, o, "indexing_maps");
    if (a >= c->nold || !c->dist[a] || !maps || maps->kind != ATTR_ARRAY || maps->n != 3 ||
        maps->items[0]->kind != ATTR_AFFINE_MAP || maps->items[2]->kind != ATTR_AFFINE_MAP)
        return;
    const AffineMap *ma = maps->items[0]->map, *mc = maps->items[2]->map;
    if (ma->nresults != 2 || mc->nresults != 2 || affine_map_result_dim(ma, 0) < 0 ||
        affine_map_result_dim(ma, 0) != affine_map_result_dim(mc, 0))
        return;
    NestedLayout rl;
    Dist *da = c->dist[a];
    if (da->layout->rank != 2 || !result_layout(c, o, 0, &rl))
        return;
    int64_t shape[2];
    layout_shape(da->layout, shape);
    int64_t esize = (int64_t)type_scalar_bytes(da->elem);
    if ((esize * shape[1]) % 32 || shape[0] % 64)
        return;
    int64_t span = wgmma_span(esize * shape[1]);
    int64_t img[2] = { esize * shape[1] / span * shape[0], span / esize };
    /* attention's Q with K and V by TMA (attn_ring.c): in the dynamic shared memory,
       after the ring's stages, so that Q and the stages share the opt-in 227 KiB */
    ValueId buf = sched_image(c, o, type_memref(m, da->elem, 2, img, NULL, MS_WORKGROUP, true));
    HoistedA h = { o, buf ? buf : wgmma_buffer(c, da->elem, img), buf != 0 };
    stage_operand(c, span, da, 0, 1, shape[0], rl.batch_tile[0], h.buf);
    ARRAY_PUSH(&c->m->arena, c->hoisted_a, h);
    if (c->opt.remarks)
        diag_remark(c->d, op_get(m, o)->loc, /* staging added ops: op may have moved */
                    "'vector.contract' (wgmma) has its A (%lldx%lld), defined before the loop, "
                    "stored into shared memory once, before the loop%s",
                    (long long)shape[0], (long long)shape[1],
                    h.dynamic ? " (dynamic shared memory, after the TMA ring's stages)" : "");
}

void
dist_wgmma_hoist(Ctx *c, OpId loop)
{
    BlockId body = op_entry_block(c->m, loop, 0);
    for (uint32_t i = 0; body && i < block_get(c->m, body)->ops.n; i++)
        hoist_a(c, block_get(c->m, body)->ops.items[i]);
}

/*
 * Register A (attention's P V).  The A fragment of m64nNk16 puts element (row, k) of a
 * 16-wide K slice in the thread and register where the D fragment of the previous
 * contract has (row, col) of the same 16 columns (ptx-sm90.md 4.4: both are row 16w +
 * l/4 + 8((i>>1)&1), column 8(i>>2) + 2(l%4) + (i&1)), so P arrives in this layout by a
 * register renaming (the layout pass's "registers" conversion) and a cast.  The layout
 * must be the A fragment, tiled with the accumulator's M batches and warpgroups, and K/16
 * batches along K.
 */
static bool
wgmma_reg_a_fits(const NestedLayout *al, const NestedLayout *cl, MmaIntrinsic mma, int64_t k)
{
    NestedLayout f;
    return layout_mma_fragment(mma, MMA_OPERAND_A, &f) && fragment_fits(al, &f) &&
           al->batch_tile[0] == cl->batch_tile[0] && al->batch_tile[1] == k / 16 &&
           al->subgroup_tile[0] == cl->subgroup_tile[0] &&
           al->subgroup_strides[0] == cl->subgroup_strides[0] && al->subgroup_tile[1] == 1;
}

/* The A fragments of M batch m, all of K: vector<(k/4) x 2 x T>, 4 registers per k16. */
static ValueId
reg_a_tile(Ctx *c, const Mma *mm, MmaIntrinsic mma, Dist *a, int64_t m, int64_t k)
{
    ValueId el[256];
    uint32_t n = 0;
    for (int64_t ks = 0; ks < k / 16; ks++) {
        int64_t batch[2] = { m, ks }, canon[64];
        layout_mma_register_slots(mma, MMA_OPERAND_A, &mm->canon[0], batch, canon);
        for (int i = 0; i < 8; i++) {
            int64_t b[2], oo[2], e[2], ob[2], o2[2], oe[2];
            layout_slot_unpack(&mm->canon[0], canon[i], b, oo, e);
            for (int d = 0; d < 2; d++) {
                ob[mm->perm[0][d]] = b[d];
                o2[mm->perm[0][d]] = oo[d];
                oe[mm->perm[0][d]] = e[d];
            }
            el[n++] = dist_elem(c, a, (uint32_t)layout_slot_pack(a->layout, ob, o2, oe));
        }
    }
    int64_t shape[2] = { k / 4, 2 };
    return emit1(c, OP_FROM_ELEMENTS, n, el, type_vector(c->m, a->elem, 2, shape));
}

/* The rules of a wgmma contract (a plain 2-d matmul of the kind's element types, whole
 * warpgroups, the accumulator in the wgmma fragment tiled over warpgroups): a located
 * error, or true with mm (its operands in canonical order). */
static bool
wgmma_checks(Ctx *c, const Contract *ct, MmaIntrinsic mma, Dist **ops, const char *name, Mma *mm)
{
    const MmaInfo *info = layout_mma_info(mma.kind);
    if (ct->rank[0] != 2 || ct->rank[1] != 2 || ct->rank[2] != 2 ||
        !canonical_operands(ct, ops, mm))
        return dist_error(c,
                          "'vector.contract' with mma_kind %s needs a plain 2-d matmul: "
                          "operands (m, k), (k, n) or (n, k), and (m, n), kind add",
                          name);
    if (!type_named(ops[2]->elem, info->type[2]))
        return dist_error(c,
                          "'vector.contract' with mma_kind %s needs a %s accumulator, but it "
                          "is %s",
                          name, info->type[2], scalar_type_name(ops[2]->elem));
    for (int j = 0; j < 2; j++)
        if (!type_named(ops[j]->elem, info->type[j]))
            return dist_error(c,
                              "'vector.contract' with mma_kind %s needs %s operands, but %s is "
                              "%s",
                              name, info->type[j], j ? "the rhs" : "the lhs",
                              scalar_type_name(ops[j]->elem));
    if (c->nthreads % 128)
        return dist_error(c,
                          "'vector.contract' with mma_kind %s needs whole warpgroups (a "
                          "multiple of 128 threads), but the workgroup has %lld",
                          name, (long long)c->nthreads);
    NestedLayout f;
    layout_mma_fragment(mma, MMA_OPERAND_C, &f);
    const NestedLayout *cl = &mm->canon[2];
    if (!fragment_fits(cl, &f) || cl->subgroup_tile[0] % 4 ||
        (cl->subgroup_tile[0] > 1 && cl->subgroup_strides[0] != 1))
        return dist_error(c,
                          "'vector.contract' with mma_kind %s: the accumulator's layout is not "
                          "the wgmma fragment tiled over warpgroups (let the layout pass "
                          "choose it, or split M over warpgroups first)",
                          name);
    return true;
}

/* A and B into the images wgmma reads: their ring stages when a schedule feeds them
 * (nothing to copy), else this contract's buffers, stored by every thread between two
 * barriers (A skipped when it comes from registers or was stored before the loop). */
static void
wgmma_stage_operands(Ctx *c, OpId o, Wgmma *w, const Mma *mm, Dist **ops, const WgmmaFeed *ring,
                     ValueId pre, const int64_t *shape_a, const int64_t *shape_b)
{
    if (w->by_tma) {
        w->buf[0] = ring->buf[0];
        w->buf[1] = ring->buf[1];
        return;
    }
    w->buf[0] = w->reg_a ? 0 : pre ? pre : contract_buffer(c, o, 0, ops[0]->elem, shape_a);
    /* fp8: B's element type may differ from A's */
    w->buf[1] = w->b_tma ? ring->buf[1] : contract_buffer(c, o, 1, ops[1]->elem, shape_b);
    bool copy_a = !w->reg_a && !pre;
    if (c->loops && (copy_a || !w->b_tma)) /* the previous iteration's wgmma may read them */
        barrier(c);
    if (copy_a)
        stage_operand(c, w->s, ops[0], mm->perm[0][0], mm->perm[0][1], w->m, w->bm, w->buf[0]);
    if (w->b_tma)
        ;
    else if (w->sb) /* the same image with the roles of N and K swapped: rows are k */
        stage_operand(c, w->sb, ops[1], mm->perm[1][0], mm->perm[1][1], w->k, 1, w->buf[1]);
    else
        stage_operand(c, w->s, ops[1], mm->perm[1][1], mm->perm[1][0], w->n, 1, w->buf[1]);
    if (copy_a || !w->b_tma)
        barrier(c);
}

/* One vptx.wgmma (vptx.wgmma_ra: A from registers) per accumulator tile (bm, bn) of the
 * warpgroup, its results into r's slots; defer: no tile waits (the groups stay in
 * flight). */
static void
wgmma_tiles(Ctx *c, const Wgmma *w, const Mma *mm, MmaIntrinsic mma, Dist **ops,
            const WgmmaFeed *ring, bool defer, Dist *r)
{
    const NestedLayout *cl = &mm->canon[2];
    Dist *acc = ops[2];
    ValueId g = idx_op(c, OP_DIVUI, virtual_subgroup(c, cl, 0), 4);
    ValueId gn = cl->subgroup_tile[1] > 1 ? virtual_subgroup(c, cl, 1) : const_index(c, 0);
    int64_t nregs = w->inst_n / 2;
    for (int64_t m = 0; m < w->bm; m++)
        for (int64_t n = 0; n < w->bn; n++) {
            int64_t cb[2] = { m, n }, canon[128], slots[128];
            layout_mma_register_slots(mma, MMA_OPERAND_C, cl, cb, canon);
            ValueId el_in[128];
            for (int64_t i = 0; i < nregs; i++) {
                int64_t b[2], oo[2], e[2], ob[2], o2[2], oe[2];
                layout_slot_unpack(cl, canon[i], b, oo, e);
                for (int d = 0; d < 2; d++) {
                    ob[mm->perm[2][d]] = b[d];
                    o2[mm->perm[2][d]] = oo[d];
                    oe[mm->perm[2][d]] = e[d];
                }
                slots[i] = layout_slot_pack(acc->layout, ob, o2, oe);
                el_in[i] = dist_elem(c, acc, (uint32_t)slots[i]);
            }
            ValueId args[5] = { w->buf[0],
                                idx_mul_c(c, idx_add_c(c, idx_mul_c(c, g, w->bm), m), 64),
                                w->buf[1],
                                idx_mul_c(c, idx_add_c(c, idx_mul_c(c, gn, w->bn), n), w->inst_n),
                                from_elements(c, el_in, (uint32_t)nregs, acc->elem) };
            if (w->by_tma) /* this iteration's stage of the ring */
                args[1] = idx_add(c, ring->row0[0], args[1]);
            if (w->by_tma || w->b_tma)
                args[3] = idx_add(c, ring->row0[1], args[3]);
            ValueId v;
            if (w->reg_a) {
                ValueId ra[4] = { reg_a_tile(c, mm, mma, ops[0], m, w->k), args[2], args[3],
                                  args[4] };
                v = emit1(c, OP_WGMMA_REG_A, 4, ra, value_type(c->m, args[4]));
            } else {
                v = emit1(c, OP_WGMMA_SHARED, 5, args, value_type(c->m, args[4]));
            }
            OpId def = value_get(c->m, v)->def;
            op_set_attr(c->m, def, "k", attr_int(c->m, w->k, TY_I64));
            op_set_attr(c->m, def, "swizzle", attr_int(c->m, w->s, TY_I64));
            if (w->sb)
                op_set_attr(c->m, def, "b_mn_swizzle", attr_int(c->m, w->sb, TY_I64));
            /* the tiles' chains are in flight together: only the last one waits (for all);
               nothing reads an earlier tile's registers before that */
            if (m + 1 < w->bm || n + 1 < w->bn || defer)
                op_set_attr(c->m, def, "no_wait", attr_unit(c->m));
            else if (w->by_tma) /* this step's groups stay in flight into the next step */
                op_set_attr(c->m, def, "wait", attr_int(c->m, w->bm * w->bn, TY_I64));
            if (w->by_tma)
                op_set_attr(c->m, def, "a_rows", attr_int(c->m, ring->stage_rows[0], TY_I64));
            if ((w->by_tma || w->b_tma) && !w->sb)
                op_set_attr(c->m, def, "b_rows", attr_int(c->m, ring->stage_rows[1], TY_I64));
            for (int64_t i = 0; i < nregs; i++)
                dist_set_elem(c, r, (uint32_t)slots[i], extract_elem(c, v, i, acc->elem));
        }
}

static bool
contract_wgmma(Ctx *c, OpId o, const Contract *ct, MmaIntrinsic mma, Dist **ops)
{
    char name[64];
    layout_mma_name(mma, name, sizeof name);
    const MmaInfo *info = layout_mma_info(mma.kind);
    Mma mm;
    if (!wgmma_checks(c, ct, mma, ops, name, &mm))
        return false;
    const NestedLayout *cl = &mm.canon[2];
    Wgmma w;
    int64_t sa[2], sb[2];
    layout_shape(&mm.canon[0], sa);
    layout_shape(&mm.canon[1], sb);
    w.m = sa[0], w.k = sa[1], w.n = sb[1];
    /* E bytes an element: one instruction reads 32 bytes of each K-major row (k16 of
       f16/bf16, k8 of tf32) */
    int64_t esize = (int64_t)type_scalar_bytes(ops[0]->elem);
    if (w.k % info->k)
        return dist_error(c,
                          "'vector.contract' with mma_kind %s: K = %lld is not a multiple of "
                          "%lld (wgmma's k%lld)",
                          name, (long long)w.k, (long long)info->k, (long long)info->k);
    w.s = wgmma_span(esize * w.k), w.bm = cl->batch_tile[0], w.bn = cl->batch_tile[1];
    w.inst_n = mma.n;
    /* B given as (k, n), N contiguous: an MN-major image (N rows of S_B bytes per k),
       so that the copy layout's runs along N stay 16-byte stores; S_B must hold whole
       instructions' columns (2 N_inst a multiple of S_B), else B is K-major too.  wgmma
       transposes 16-bit operands only: tf32's B is always K-major */
    w.sb = mm.perm[1][0] == 0 && esize == 2 ? dist_wgmma_mn_span(w.inst_n) : 0;
    int64_t blocks = esize * w.k / w.s;
    int64_t shape_a[2] = { blocks * w.m, w.s / esize }, shape_b[2] = { blocks * w.n, w.s / esize };
    if (w.sb) {
        shape_b[0] = 2 * w.n / w.sb * w.k;
        shape_b[1] = w.sb / 2;
    }
    /* A from registers (layout/select.c marks attention's P V): its layout must be the
       A fragment tiled like the accumulator, else it is staged like any A */
    w.reg_a = layout_wgmma_reg_a(op_attr(c->m, o, "vptx.wgmma_a")) && w.k <= 256 && esize == 2 &&
              ops[2]->elem == TY_F32 && wgmma_reg_a_fits(&mm.canon[0], cl, mma, w.k);
    int64_t bytes = esize * ((w.reg_a ? 0 : shape_a[0] * shape_a[1]) + shape_b[0] * shape_b[1]);
    /* A and B loaded by TMA through a ring of stages (tma_ring.c), or B alone (attention's
       K and V blocks, attn_ring.c) */
    WgmmaFeed ring = { .reg_a = w.reg_a };
    bool fed = sched_feed(c, o, &ring);
    w.by_tma = fed && ring.ring[0], w.b_tma = fed && !ring.ring[0] && ring.ring[1];
    sched_issue(c, o, &ring);
    if (w.b_tma)
        bytes -= esize * shape_b[0] * shape_b[1];
    const HoistedA *h = w.reg_a ? NULL : hoisted_a(c, o); /* A staged before the loop */
    ValueId pre = h ? h->buf : 0;
    if (h && h->dynamic) /* Q beside attention's ring (hoist_a) */
        bytes -= esize * shape_a[0] * shape_a[1];
    if (!w.by_tma && bytes > TARGET_SMEM_STATIC) /* static .shared above 48 KiB: no launch */
        return dist_error(c,
                          "'vector.contract' with mma_kind %s stages A (%lldx%lld) and B "
                          "(%lldx%lld) in %lld bytes of shared memory, more than the 49152 a "
                          "kernel may declare statically: use a smaller K step or tile",
                          name, (long long)w.m, (long long)w.k, (long long)w.k, (long long)w.n,
                          (long long)bytes);
    wgmma_stage_operands(c, o, &w, &mm, ops, &ring, pre, shape_a, shape_b);
    NestedLayout rl;
    if (!result_layout(c, o, 0, &rl))
        return dist_error(c, "'vector.contract' result has no layout");
    Dist *r = dist_new(c, ops[2]->layout, ops[2]->elem);
    /* attention's P V: its groups stay in flight into the next iteration */
    wgmma_tiles(c, &w, &mm, mma, ops, &ring, sched_defer(c, o, &ring), r);
    sched_issued(c, o, &ring);
    Dist *res = convert_dist(c, r, &rl);
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
    Dist *r = dist_new(c, d->layout, to);
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
        const NestedLayout *src = pr >= 0 ? acc->layout : pa >= 0 ? a->layout : b->layout;
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
    MmaIntrinsic wg;
    bool tc05_attn = false;
    const HoistedA *h = hoisted_a(c, o);
    if (!sched_contract(c, o, ops, h ? h->buf : 0, &tc05_attn))
        return false;
    if (tc05_attn) /* attention on tcgen05: the attention schedule rewrote it */
        return true;
    if (dist_wgmma_kind(c, o, &wg) && layout_mma_is_tcgen05(wg.kind))
        return dist_error(c,
                          "'vector.contract' with a tcgen05 mma_kind must be the contract of a K "
                          "loop that a TMA ring feeds (docs/blackwell.md, section 4): in an "
                          "scf.for at the top of the kernel carrying its accumulator alone, A "
                          "and B read there from 2-d memref arguments TMA can load, M = 128, "
                          "2 or more stages");
    if (dist_wgmma_kind(c, o, &wg))
        return contract_wgmma(c, o, &ct, wg, ops);
    Mma mm;
    if (ct.rank[0] == 2 && ct.rank[1] == 2 && ct.rank[2] == 2 && find_mma(&ct, ops, &mm))
        return contract_mma(c, o, &mm, ops[0], ops[1], ops[2]);
    return contract_generic(c, o, &ct, ops[0], ops[1], ops[2]);
}
