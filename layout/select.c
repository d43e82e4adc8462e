/*
 * select.c -- automatic tensor-core selection, run before layout assignment.
 *
 * Requires:    ir_verify() clean; vector-level input.
 * Ensures:     every 2-D matmul `vector.contract` (kind add, maps (m, k) or
 *              (k, m), (k, n) or (n, k), (m, n)) that has no mma_kind and no
 *              per-thread lowering_config (lane_basis / thread), and whose
 *              element types and shapes fit an mma.sync intrinsic, carries
 *              `mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_...>` (with
 *              opt->wgmma, NV_WGMMA_F32_64x<N>x16_... where rule 0 below
 *              holds); every mma
 *              contract without a subgroup_basis carries
 *              `vptx.subgroup_split = array<i64: sM, sN, sK, tM, tN, tK>`
 *              (subgroup counts over M, N, K, then their id strides), which
 *              layout assignment (assign_anchor.c) tiles the fragments by.
 *              An explicit mma_kind that does not fit the contract's element
 *              types or shape is a located error naming the mismatch.
 * Invalidates: nothing else (attributes are added, no op or value changes).
 *
 * Which intrinsic (first that fits, in this order):
 *   0. on sm_90a (opt->wgmma), a plain contract gets warpgroup wgmma
 *      (select_wgmma below): f16 x f16 -> f32 or f16, bf16 x bf16 -> f32, fp8 x fp8
 *      -> f32 (k32), f32 x f32 -> f32 as tf32 (k8) with --allow-tf32 (tf32 and fp8 not
 *      in a chain, B as (n, k)), no anchored operand and no subgroup_basis,
 *      A (m, k) and C (m, n); in a contract chain (attention) only with the
 *      warpgroups on M alone and the chain's shared operands within 48 KiB, or,
 *      where distribute's TMA ring loads the key and value blocks, Q's image and 2
 *      ring stages within the 227 KiB of dynamic shared memory, the
 *      second contract marked vptx.wgmma_a = "registers" (P from registers,
 *      wgmma_chain_ok); outside a chain, operands
 *      a TMA ring can load; a workgroup of whole warpgroups all of which get 64-row
 *      multiples of M (then N), K % 16 (8, 32), A and B of a K step within 48 KiB of
 *      shared memory, at most 128 accumulator registers per thread.  The
 *      instruction's N is the widest multiple of 8 up to 256 that divides a
 *      warpgroup's columns (with B given as (k, n): a multiple of 16, or 8).
 *      Anything else falls back to mma.sync, and the remark says why not wgmma;
 *   0'. on sm_100a (opt->tcgen05), a plain contract gets tcgen05 (select_tcgen05):
 *      f16 x f16 -> f32, bf16 x bf16 -> f32, f32 x f32 -> f32 as tf32 (--allow-tf32),
 *      M = 128, N % 16 == 0 up to 256, whole warpgroups, A (m, k) and C (m, n), not in
 *      a contract chain, operands a TMA ring can load, in an scf.for at the top of the
 *      kernel that carries the accumulator alone, 2 or more stages that fit; the
 *      remark says which condition failed otherwise (then mma.sync);
 *   1. the one whose fragment layouts the operands are already anchored to
 *      (an `iree_vector_ext.to_layout` producing lhs, rhs or acc whose
 *      outer / thread / element tiles are that intrinsic's fragment);
 *   2. by element types: f16 x f16 -> f32 or f16, bf16 x bf16 -> f32,
 *      i8 x i8 -> i32, and f32 x f32 -> f32 as tf32 only when allowed
 *      (--allow-tf32: tf32 keeps 10 mantissa bits of each input);
 *      m16n8k16 before m16n8k8 (needs K % 16), M % 16, N % 8, K % k.
 * Otherwise the contract keeps the per-thread path.
 *
 * Which split of the workgroup's subgroups (powers of two; the tile must be
 * a whole number of fragments per subgroup):
 *   - anchored operands carrying subgroup tiles give it directly;
 *   - "rows" policy, when the accumulator feeds a row reduction or another
 *     contract, or the lhs comes from another contract (attention): as many
 *     subgroups as possible on M, the rest on N.  A row of the accumulator
 *     then stays inside one warp (softmax needs no shared memory), and the
 *     C fragment of one contract becomes the next one's A fragment by a
 *     register permutation;
 *   - otherwise "balanced": among the splits that use the most subgroups,
 *     the one with the fewest operand registers per thread (A + B + C; a
 *     square warp tile reads the least), ties to more subgroups on M.
 *   K is split only where M and N cannot use all the subgroups (the
 *   partial accumulators are then summed across subgroups).
 *
 * With remarks on, each contract gets one remark saying what it got and why.
 * The staging of operands (shared memory, cp.async, the TMA ring) is decided
 * later, in distribute/, which says so in a remark of its own at the K loop;
 * the contract's remark points there (select_staging_note).
 */
#include "layout/assign_impl.h"
#include "target/target.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    Module *m;
    Diag *d;
    const LayoutSelectOptions *opt;
    OpId func;
    int64_t threads; /* of the launch (launch_threads) */
    int64_t subgroups;
    bool failed;
} Select;

/* ------------------------------------------------------------ helpers */

static void select_error(Select *s, OpId op, const char *fmt, ...) PRINTF_LIKE(3, 4);

static void
select_error(Select *s, OpId op, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(s->d, op_get(s->m, op)->loc, "'%s' %s", op_name(s->m, op), msg);
    s->failed = true;
}

static void select_remark(Select *s, OpId op, const char *fmt, ...) PRINTF_LIKE(3, 4);

static void
select_remark(Select *s, OpId op, const char *fmt, ...)
{
    if (!s->opt || !s->opt->remarks)
        return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_remark(s->d, op_get(s->m, op)->loc, "'%s' %s", op_name(s->m, op), msg);
}

/* Threads of the launch: translation_info's workgroup_size, else gpu.known_block_size (or
 * known_block_size). */
static int64_t
launch_threads(const Module *m, OpId func)
{
    const Op *o = op_get(m, func);
    for (uint32_t i = 0; i < o->nattrs; i++) {
        const Attr *v = o->attrs[i].value;
        if (v && v->kind == ATTR_TRANSLATION_INFO && v->translation->nworkgroup > 0) {
            int64_t t = 1;
            for (uint32_t k = 0; k < v->translation->nworkgroup && k < 3; k++)
                t *= v->translation->workgroup_size[k];
            return t;
        }
    }
    const Attr *known = op_attr(m, func, "gpu.known_block_size");
    if (!known) /* upstream's own spelling on a gpu.func */
        known = op_attr(m, func, "known_block_size");
    if (known && known->kind == ATTR_DENSE_ARRAY && known->ints && known->n >= 1) {
        int64_t t = 1;
        for (uint32_t k = 0; k < known->n && k < 3; k++)
            t *= known->ints[k];
        return t;
    }
    return LAYOUT_WARP_SIZE; /* assignment sizes such a workgroup from its anchors: one warp here */
}

static TypeId
elem_of(const Module *m, ValueId v)
{
    return type_get(m, value_type(m, v))->elem;
}

/* Registers per thread for elems elements of a warp's tile. */
static int64_t
warp_regs(int64_t elems, TypeId t)
{
    return (elems * (int64_t)type_scalar_bytes(t) + 4 * LAYOUT_WARP_SIZE - 1) /
           (4 * LAYOUT_WARP_SIZE);
}

static int64_t
frag_n(MmaIntrinsic mma)
{
    const MmaInfo *info = layout_mma_info(mma.kind);
    return info->n ? info->n : mma.n;
}

static bool
types_fit(const MmaInfo *info, TypeId a, TypeId b, TypeId c)
{
    return strcmp(scalar_type_name(a), info->type[0]) == 0 &&
           strcmp(scalar_type_name(b), info->type[1]) == 0 &&
           strcmp(scalar_type_name(c), info->type[2]) == 0;
}

static bool
shape_fits(MmaIntrinsic mma, const ContractDims *c)
{
    const MmaInfo *info = layout_mma_info(mma.kind);
    return c->size_m % info->m == 0 && c->size_n % frag_n(mma) == 0 && c->size_k % info->k == 0;
}

/* The operand's canonical-orientation layout when a to_layout produces it. */
static bool
anchored(const Module *m, ValueId v, bool swapped, NestedLayout *out)
{
    static const int32_t swap[2] = { 1, 0 };
    OpId def = value_get(m, v)->def;
    NestedLayout l;
    if (!def || op_get(m, def)->kind != OP_TO_LAYOUT ||
        !layout_of_attr(op_attr(m, def, "layout"), &l) || l.rank != 2)
        return false;
    if (swapped)
        return layout_permute(&l, swap, out);
    *out = l;
    return true;
}

static bool
is_fragment(const NestedLayout *l, MmaIntrinsic mma, MmaOperand which)
{
    NestedLayout f;
    if (!layout_mma_fragment(mma, which, &f))
        return false;
    for (int d = 0; d < 2; d++)
        if (l->outer_tile[d] != f.outer_tile[d] || l->thread_tile[d] != f.thread_tile[d] ||
            l->thread_strides[d] != f.thread_strides[d] || l->element_tile[d] != f.element_tile[d])
            return false;
    return true;
}

/* ------------------------------------------------------ use relations */

enum { CHAIN_DEPTH = 8 };

/* Ops a value passes through unchanged in shape of work: elementwise, casts, transposes. */
static bool
passes_through(const Op *o)
{
    return o->kind == OP_TRANSPOSE || o->kind == OP_TO_LAYOUT || o->kind == OP_BROADCAST ||
           (op_info[o->kind].traits & T_ELEMWISE);
}

typedef struct {
    OpId scope; /* the function searched */
    ValueId v;
    int depth;
    bool lhs_only; /* only a contract's lhs counts (not a multi_reduction) */
    bool found;
} UseSearch;

static bool feeds_uses(Module *m, OpId scope, ValueId v, int depth, bool lhs_only);

static bool
feeds_visit(Module *m, OpId op, void *ctx)
{
    UseSearch *u = ctx;
    const Op *o = op_get(m, op);
    if (u->found)
        return false;
    for (uint32_t i = 0; i < o->nargs; i++) {
        if (o->args[i] != u->v)
            continue;
        if ((o->kind == OP_MULTI_REDUCTION && !u->lhs_only) || (o->kind == OP_CONTRACT && i == 0)) {
            u->found = true;
            return false;
        }
        if (passes_through(o) && o->nres == 1 && u->depth < CHAIN_DEPTH &&
            feeds_uses(m, u->scope, o->res[0], u->depth + 1, u->lhs_only)) {
            u->found = true;
            return false;
        }
    }
    return true;
}

/* Does v reach a contract's lhs (or, unless lhs_only, a multi_reduction) through
   elementwise ops? */
static bool
feeds_uses(Module *m, OpId scope, ValueId v, int depth, bool lhs_only)
{
    UseSearch u = { scope, v, depth, lhs_only, false };
    module_walk(m, scope, feeds_visit, &u);
    return u.found;
}

static bool
feeds_rows(Module *m, OpId scope, ValueId v, int depth)
{
    return feeds_uses(m, scope, v, depth, false);
}

/* Does v come from a contract through elementwise ops? */
static bool
from_contract(const Module *m, ValueId v, int depth)
{
    OpId def = value_get(m, v)->def;
    if (!def || depth > CHAIN_DEPTH)
        return false;
    const Op *o = op_get(m, def);
    if (o->kind == OP_CONTRACT)
        return true;
    if (!passes_through(o))
        return false;
    for (uint32_t i = 0; i < o->nargs; i++)
        if (type_is_vector(m, value_type(m, o->args[i])) && from_contract(m, o->args[i], depth + 1))
            return true;
    return false;
}

/* -------------------------------------------------------------- splits */

typedef struct {
    int64_t count[3], stride[3]; /* M, N, K */
    int64_t regs;                /* A + B + C registers per thread */
    int64_t used;                /* subgroups used */
} Split;

static void
split_strides(Split *s)
{
    s->stride[2] = s->count[2] > 1 ? 1 : 0;
    s->stride[1] = s->count[1] > 1 ? s->count[2] : 0;
    s->stride[0] = s->count[0] > 1 ? s->count[1] * s->count[2] : 0;
}

static int64_t
split_regs(const ContractDims *c, const int64_t *count, const TypeId *t)
{
    int64_t mw = c->size_m / count[0], nw = c->size_n / count[1], kw = c->size_k / count[2];
    return warp_regs(mw * kw, t[0]) + warp_regs(kw * nw, t[1]) + warp_regs(mw * nw, t[2]);
}

/* Is a better than b?  rows: fewest N subgroups, then fewest K; else fewest registers, most M. */
static bool
split_better(const Split *a, const Split *b, bool rows)
{
    if (a->used != b->used)
        return a->used > b->used;
    if (a->count[2] != b->count[2])
        return a->count[2] < b->count[2];
    if (rows && a->count[1] != b->count[1])
        return a->count[1] < b->count[1];
    if (a->regs != b->regs)
        return a->regs < b->regs;
    return a->count[0] > b->count[0];
}

static Split
choose_split(const ContractDims *c, MmaIntrinsic mma, int64_t units, const TypeId *t, bool rows)
{
    const MmaInfo *info = layout_mma_info(mma.kind);
    int64_t tiles[3] = { c->size_m / info->m, c->size_n / frag_n(mma), c->size_k / info->k };
    Split best = { { 1, 1, 1 }, { 0, 0, 0 }, 0, 1 };
    best.regs = split_regs(c, best.count, t);
    for (int64_t sk = 1; sk <= units && tiles[2] % sk == 0; sk *= 2)
        for (int64_t sm = 1; sm * sk <= units && tiles[0] % sm == 0; sm *= 2)
            for (int64_t sn = 1; sm * sn * sk <= units && tiles[1] % sn == 0; sn *= 2) {
                if (units % (sm * sn * sk) != 0)
                    continue;
                Split s = { { sm, sn, sk }, { 0, 0, 0 }, 0, sm * sn * sk };
                s.regs = split_regs(c, s.count, t);
                /* K only where M and N cannot use the subgroups by themselves */
                if (sk > 1 && best.count[2] == 1 && best.used == units)
                    continue;
                if (split_better(&s, &best, rows))
                    best = s;
            }
    split_strides(&best);
    return best;
}

/* The split the anchored operands carry (canonical layouts; NULL = not anchored). */
static bool
anchored_split(const NestedLayout *const *l, Split *s)
{
    static const int dims[3][2] = { { 0, 2 }, { 2, 1 }, { 0, 1 } }; /* A: M,K  B: K,N  C: M,N */
    bool any = false, set[3] = { false, false, false };
    for (int j = 0; j < 3; j++)
        s->count[j] = 1, s->stride[j] = 0;
    for (int op = 2; op >= 0; op--) { /* C first: it fixes M and N */
        if (!l[op])
            continue;
        for (int d = 0; d < 2; d++) {
            int it = dims[op][d];
            if (set[it])
                continue;
            set[it] = true;
            s->count[it] = l[op]->subgroup_tile[d];
            s->stride[it] = l[op]->subgroup_strides[d];
            any |= s->count[it] > 1;
        }
    }
    s->used = s->count[0] * s->count[1] * s->count[2];
    return any;
}

/* --------------------------------------------------------- per contract */

/* Hook for the staging decision (distribute/): what the remark says about operand staging. */
static const char *
select_staging_note(void)
{
    return "staging: decided by distribute (a remark on the K loop says when its operands go "
           "through shared memory)";
}

static void
write_split(Select *s, OpId op, const Split *sp)
{
    int64_t v[6];
    for (int j = 0; j < 3; j++)
        v[j] = sp->count[j], v[3 + j] = sp->stride[j];
    op_set_attr(s->m, op, "vptx.subgroup_split", attr_dense_array(s->m, TY_I64, v, NULL, 6));
}

static bool
per_thread_config(const Module *m, OpId op)
{
    const Attr *cfg = op_attr(m, op, "lowering_config");
    return cfg && (dict_get(cfg, "lane_basis") || dict_get(cfg, "thread"));
}

/* An explicit mma_kind: check it against the contract; false after an error. */
static bool
check_explicit(Select *s, OpId op, MmaIntrinsic mma, const ContractDims *c, const TypeId *t)
{
    const MmaInfo *info = layout_mma_info(mma.kind);
    char name[64];
    layout_mma_name(mma, name, sizeof name);
    if (layout_mma_is_tcgen05(mma.kind) && !s->opt->tcgen05) {
        select_error(s, op,
                     "has mma_kind %s, which needs tcgen05 (Blackwell tensor cores): compile "
                     "with --arch=sm_100a",
                     name);
        return false;
    }
    if (layout_mma_is_tcgen05(mma.kind) && (c->size_m != 128 || c->size_n != mma.n)) {
        select_error(s, op,
                     "has mma_kind %s, one instruction for the whole 128x%lld tile, but the "
                     "contract is %lldx%lldx%lld",
                     name, (long long)mma.n, (long long)c->size_m, (long long)c->size_n,
                     (long long)c->size_k);
        return false;
    }
    if (!types_fit(info, t[0], t[1], t[2])) {
        select_error(s, op,
                     "has mma_kind %s, which needs %s x %s -> %s operands, but its operands are "
                     "%s x %s -> %s",
                     name, info->type[0], info->type[1], info->type[2], scalar_type_name(t[0]),
                     scalar_type_name(t[1]), scalar_type_name(t[2]));
        return false;
    }
    if (!shape_fits(mma, c)) {
        const char *dim = c->size_m % info->m ? "M" : c->size_n % frag_n(mma) ? "N" : "K";
        int64_t size = c->size_m % info->m       ? c->size_m
                       : c->size_n % frag_n(mma) ? c->size_n
                                                 : c->size_k;
        int64_t need = c->size_m % info->m       ? info->m
                       : c->size_n % frag_n(mma) ? frag_n(mma)
                                                 : info->k;
        select_error(s, op,
                     "has mma_kind %s, which needs M a multiple of %lld, N of %lld and K of %lld, "
                     "but the contract is %lldx%lldx%lld: %s = %lld is not a multiple of %lld",
                     name, (long long)info->m, (long long)frag_n(mma), (long long)info->k,
                     (long long)c->size_m, (long long)c->size_n, (long long)c->size_k, dim,
                     (long long)size, (long long)need);
        return false;
    }
    return true;
}

/* ------------------------------------------------------- wgmma (sm_90a) */

/* the shared memory one workgroup may have on the target with wgmma (227 KiB) */
static int64_t
wgmma_smem_opt_in(void)
{
    return target_first_with(TF_WGMMA)->smem_block;
}

enum {
    WGMMA_SMEM_LIMIT = TARGET_SMEM_STATIC, /* static .shared a kernel may declare */
    /* f32 accumulator registers per thread a warpgroup may hold: a 64x256 tile (the widest
       instruction) is 128 and assembles without spills; 256 spills (ptxas 13.0, 255
       registers), where mma.sync's independent 16x8 tiles do not */
    WGMMA_ACC_LIMIT = 128
};

/*
 * Can this plain contract take warpgroup wgmma?  On success: the kind
 * (NV_WGMMA_F32_64x<N>x16_<F16|BF16>, N the widest multiple of 8 up to 256
 * that divides a warpgroup's columns) and the warpgroup split (M first, then
 * N, every warpgroup used).  Otherwise why_not says which condition failed,
 * in words a user can act on.
 */
/* a constant zero (integer or float, either sign) */
static bool
zero_constant(const Module *m, ValueId v)
{
    OpId d = value_get(m, v)->def;
    const Attr *a = d && op_get(m, d)->kind == OP_CONSTANT ? op_attr(m, d, "value") : NULL;
    return a && ((a->kind == ATTR_FLOAT && a->f == 0.0) || (a->kind == ATTR_INT && a->i == 0));
}

static bool tma_no(char *why, size_t cap, const char *fmt, ...) PRINTF_LIKE(3, 4);

static bool
tma_no(char *why, size_t cap, const char *fmt, ...)
{
    if (why && cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, cap, fmt, ap);
        va_end(ap);
    }
    return false;
}

bool
layout_tma_read_why(const Module *m, OpId r, char *why, size_t cap)
{
    const Op *rd = op_get(m, r);
    if (rd->kind != OP_TRANSFER_READ)
        return tma_no(why, cap, "it is not a vector.transfer_read (read it with one)");
    const Type *mt = type_get(m, value_type(m, rd->args[0]));
    const Type *vt = type_get(m, value_type(m, rd->res[0]));
    if (mt->kind != TY_MEMREF || mt->rank != 2 || mt->unranked || vt->kind != TY_VECTOR ||
        vt->rank != 2 || rd->nargs < 4)
        return tma_no(why, cap, "TMA (as vptx uses it) loads 2-d tiles of 2-d memrefs");
    const Attr *seg = op_attr(m, r, "operandSegmentSizes");
    if (rd->nargs != 4 || (seg && seg->kind == ATTR_DENSE_ARRAY && seg->n >= 4 && seg->ints[3]))
        return tma_no(why, cap, "the read has a mask, which TMA cannot apply (drop the mask)");
    const Attr *pm = op_attr(m, r, "permutation_map");
    if (pm && !(pm->kind == ATTR_AFFINE_MAP && pm->map->nresults == 2 &&
                affine_map_result_dim(pm->map, 0) == 0 && affine_map_result_dim(pm->map, 1) == 1))
        return tma_no(why, cap,
                      "the read transposes (permutation_map), and TMA copies rows as they are "
                      "(read the memref's own orientation and transpose the contract's map)");
    const Attr *ib = op_attr(m, r, "in_bounds");
    if (!(attr_bool_at(ib, 0) && attr_bool_at(ib, 1)) && !zero_constant(m, rd->args[3]))
        return tma_no(why, cap,
                      "the read may run past the memref with a padding that is not zero, and "
                      "TMA fills with zero (pad with 0, or mark it in_bounds)");
    if (mt->memspace != MS_DEFAULT && mt->memspace != MS_GLOBAL)
        return tma_no(why, cap, "the memref is not in global memory");
    int64_t bits = type_bitwidth(mt->elem);
    if (bits != 8 && bits != 16 && bits != 32)
        return tma_no(why, cap,
                      "its elements are %s; vptx's rings load 8-, 16- and 32-bit elements",
                      scalar_type_name(mt->elem));
    int64_t es = bits / 8;
    const Attr *l = mt->layout;
    if (!l) { /* identity: the row pitch is the row; a dynamic one is the launcher's check */
        if (mt->shape[1] == DIM_DYNAMIC || (mt->shape[1] * es) % 16 == 0)
            return true;
        int64_t pad = (mt->shape[1] * es + 15) / 16 * 16 / es;
        return tma_no(why, cap,
                      "its rows are %lld bytes (%lld x %s), not a multiple of 16, which TMA "
                      "needs of a row pitch: pad the rows to %lld elements (a strided<[%lld, 1]> "
                      "layout over a wider buffer)",
                      (long long)(mt->shape[1] * es), (long long)mt->shape[1],
                      scalar_type_name(mt->elem), (long long)pad, (long long)pad);
    }
    if (l->kind != ATTR_STRIDED || l->n != 2)
        return tma_no(why, cap, "its layout is not strided<[pitch, 1]>");
    if (l->ints[1] != 1)
        return tma_no(why, cap,
                      "it is not contiguous along its rows (inner stride %lld): TMA reads rows "
                      "of adjacent elements (give it an inner stride of 1)",
                      (long long)l->ints[1]);
    if (l->ints[0] != DIM_DYNAMIC && (l->ints[0] <= 0 || (l->ints[0] * es) % 16))
        return tma_no(why, cap,
                      "its row pitch is %lld bytes (stride %lld), not a multiple of 16, which "
                      "TMA needs (make the row stride a multiple of %lld elements)",
                      (long long)(l->ints[0] * es), (long long)l->ints[0], (long long)(16 / es));
    if (l->i != DIM_DYNAMIC && (l->i * es) % 16)
        return tma_no(why, cap,
                      "its offset %lld puts the base %lld bytes past a 16-byte boundary, and "
                      "TMA needs it aligned (an offset that is a multiple of %lld elements)",
                      (long long)l->i, (long long)((l->i * es) % 16), (long long)(16 / es));
    return true;
}

bool
layout_tma_read(const Module *m, OpId r)
{
    return layout_tma_read_why(m, r, NULL, 0);
}

/* Whether operand v of contract op can be loaded by distribute's TMA ring
 * (distribute/schedule/tma_ring.c decides; this is the part of its rule that depends on the
 * program alone): a vector.transfer_read that layout_tma_read accepts, in the
 * contract's block, which is an scf.for body, of a memref argument of the kernel. */
static bool
ring_operand(const Select *s, OpId op, ValueId v)
{
    const Module *m = s->m;
    OpId r = value_get(m, v)->def;
    if (!r || op_get(m, r)->kind != OP_TRANSFER_READ ||
        op_get(m, r)->parent != op_get(m, op)->parent)
        return false;
    OpId loop = block_parent_op(m, op_get(m, op)->parent);
    if (!loop || op_get(m, loop)->kind != OP_FOR)
        return false;
    const Op *rd = op_get(m, r);
    const Value *mv = value_get(m, rd->args[0]);
    if (mv->def || mv->block != op_entry_block(m, s->func, 0))
        return false;
    return layout_tma_read(m, r);
}

/*
 * A contract of a chain (attention: S = Q K^T, softmax, O += P V) on wgmma.  P V reads
 * P from registers: the D fragment of m64nNk16 (f32) and the A fragment of the next
 * m64nNk16 (f16) put the same (row, col) pairs in the same thread, element i of D's
 * columns 16j..16j+15 being element i - 8j of A's k16 slice j (ptx-sm90.md 4.4), so P
 * reaches P V by a cast and a register renaming.  That needs every row of S in one
 * warpgroup, whole, as P V's A: the warpgroups split M only (64-row tiles), on both
 * contracts alike.
 */
typedef struct {
    Select *s;
    int64_t q;     /* A images of the chain's contracts whose A is not from registers */
    int64_t kv[2]; /* the B blocks: S's (K) and P V's (V) */
    bool ring;     /* every B a read that distribute/schedule/attn_ring.c can load by TMA */
    OpId loop;     /* the loop of the chain's contracts (their B reads' loop) */
} ChainBytes;

/* Can distribute/schedule/attn_ring.c load B operand v of chain contract op by TMA?  Its rule as
   far as the program says (attn_operand): a ring operand (ring_operand) of a memref of
   identity layout with a static row length that the kernel only reads, the read used by
   the contract alone, at most 256 rows, indexed by what each copy can recompute. */
static bool
chain_ring_operand(const Select *s, OpId op, ValueId v)
{
    if (!ring_operand(s, op, v))
        return false;
    Module *m = s->m;
    const Op *rd = op_get(m, value_get(m, v)->def);
    const Type *mt = type_get(m, value_type(m, rd->args[0]));
    const Type *vt = type_get(m, value_type(m, v));
    if (mt->layout || mt->shape[1] == DIM_DYNAMIC || vt->shape[0] > 256)
        return false;
    OpId loop = block_parent_op(m, op_get(m, op)->parent);
    ValueId iv = block_get(m, op_entry_block(m, loop, 0))->args.items[0];
    for (int d = 0; d < 2; d++)
        if (!value_index_recomputable(m, rd->args[1 + d], loop, iv, 4)) /* attn_ring.c's depth */
            return false;
    return value_used_only_by(m, s->func, v, op, 1) && value_only_read(m, s->func, rd->args[0]);
}

static bool
chain_bytes_visit(Module *m, OpId op, void *ctx)
{
    ChainBytes *cb = ctx;
    const Op *o = op_get(m, op);
    ContractDims c;
    if (o->kind != OP_CONTRACT || !assign_contract_dims(m, op, &c))
        return true;
    bool reg_a = from_contract(m, o->args[0], 0);
    if (!reg_a && !feeds_uses(m, cb->s->func, o->res[0], 0, true))
        return true;
    if (!reg_a)
        cb->q += 2 * c.size_m * c.size_k;
    cb->kv[reg_a] += 2 * c.size_k * c.size_n;
    if (!chain_ring_operand(cb->s, op, o->args[1]))
        cb->ring = false;
    else if (!cb->loop)
        cb->loop = block_parent_op(m, o->parent);
    else if (cb->loop != block_parent_op(m, o->parent))
        cb->ring = false;
    return true;
}

/*
 * The dynamic shared memory of the chain on distribute/schedule/attn_ring.c's TMA ring with n
 * stages: Q's image (contract.c stores it there when the ring is taken) and the stages
 * (several warpgroups: n of a key and a value block; one: n - 1 key blocks and n value
 * blocks), each 1024-byte aligned; attn_ring.c's dist_plan_attn_ring counts the same.
 */
static int64_t
chain_ring_bytes(const ChainBytes *cb, int64_t threads, int64_t n)
{
    int64_t nk = threads > 128 ? n : n - 1;
    return cb->q + nk * cb->kv[0] + n * cb->kv[1] + 3 * 1024;
}

static bool
wgmma_chain_ok(Select *s, OpId op, const ContractDims *c, int64_t gm, int64_t gn, char *why_not,
               size_t cap)
{
    (void)op;
    /* with the TMA ring (distribute/schedule/attn_ring.c: 2 stages or more) Q's image and the
       ring's stages are dynamic shared memory, up to the opt-in 227 KiB (the ring takes
       fewer stages than asked where that makes it fit); with the register copy of the
       blocks (1 stage, or blocks TMA cannot load) every image is static: 48 KiB */
    ChainBytes cb = { s, 0, { 0, 0 }, true, 0 };
    module_walk(s->m, s->func, chain_bytes_visit, &cb);
    LoopStages ls = { 0, STAGES_DEFAULT };
    if (cb.loop) /* a bad count: distribute says so at the loop */
        layout_loop_stages(s->m, cb.loop, s->opt->pipeline_stages, &ls);
    int64_t stages = ls.n ? ls.n : 2; /* the attention ring's default (attn_ring.c) */
    int64_t flat = cb.q + cb.kv[0] + cb.kv[1];
    bool ring = cb.ring && cb.loop && stages >= 2;
    int64_t ring_bytes = chain_ring_bytes(&cb, s->threads, 2);
    if (flat > WGMMA_SMEM_LIMIT && (!ring || ring_bytes > wgmma_smem_opt_in())) {
        if (ring)
            snprintf(why_not, cap,
                     "it is part of a contract chain (attention) whose wgmma operands in shared "
                     "memory (all but P) need %lld bytes of dynamic shared memory with 2 stages "
                     "of its TMA ring, more than the %lld a workgroup may have (use smaller key "
                     "blocks or head dim per workgroup)",
                     (long long)ring_bytes, (long long)wgmma_smem_opt_in());
        else
            snprintf(why_not, cap,
                     "it is part of a contract chain (attention) whose wgmma operands in shared "
                     "memory (all but P) need %lld bytes, more than the %d a kernel may declare "
                     "statically (%s; use smaller key blocks or head dim per workgroup)",
                     (long long)flat, WGMMA_SMEM_LIMIT,
                     cb.ring && cb.loop
                         ? "the key and value blocks are copied through registers with 1 stage"
                         : "the key and value blocks are not reads TMA can load into a ring");
        return false;
    }
    if (gn != 1) {
        snprintf(why_not, cap,
                 "it is part of a contract chain (attention), whose rows must stay in one "
                 "warpgroup, but its %lld warpgroups would split N = %lld (M = %lld has only "
                 "%lld rows of 64: give each warpgroup 64 rows)",
                 (long long)(s->threads / 128), (long long)c->size_n, (long long)c->size_m,
                 (long long)(c->size_m / 64));
        return false;
    }
    (void)gm;
    return true;
}

/* The wgmma kind vptx selects for operand and accumulator types t (A, B, C), or MMA_NONE
   with why_not said */
static MmaKind
wgmma_kind_of(const Select *s, const TypeId *t, char *why_not, size_t cap)
{
    MmaKind kind = MMA_NONE;
    /* the wgmma kinds vptx selects: operand and accumulator types (ptx-sm90.md 4) */
    static const struct {
        TypeId a, b, acc;
        MmaKind kind;
    } kinds[] = {
        { TY_F16, TY_F16, TY_F32, MMA_NV_WGMMA_F32_64xNx16_F16 },
        { TY_BF16, TY_BF16, TY_F32, MMA_NV_WGMMA_F32_64xNx16_BF16 },
        { TY_F16, TY_F16, TY_F16, MMA_NV_WGMMA_F16_64xNx16_F16 }, /* f16 x f16 -> f16 */
        { TY_F32, TY_F32, TY_F32, MMA_NV_WGMMA_F32_64xNx8_TF32 }, /* with --allow-tf32 */
        { TY_F8E4M3FN, TY_F8E4M3FN, TY_F32, MMA_NV_WGMMA_F32_64xNx32_F8E4M3FN },
        { TY_F8E5M2, TY_F8E5M2, TY_F32, MMA_NV_WGMMA_F32_64xNx32_F8E5M2 },
        { TY_F8E4M3FN, TY_F8E5M2, TY_F32, MMA_NV_WGMMA_F32_64xNx32_F8E4M3FN_F8E5M2 },
        { TY_F8E5M2, TY_F8E4M3FN, TY_F32, MMA_NV_WGMMA_F32_64xNx32_F8E5M2_F8E4M3FN },
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (t[0] == kinds[i].a && t[1] == kinds[i].b && t[2] == kinds[i].acc)
            kind = kinds[i].kind;
    if (kind == MMA_NV_WGMMA_F32_64xNx8_TF32 && !s->opt->allow_tf32) {
        snprintf(why_not, cap,
                 "f32 x f32 -> f32 fits only tf32 wgmma, which rounds the inputs to 10 "
                 "mantissa bits (allow it with --allow-tf32)");
        return MMA_NONE;
    }
    if (kind == MMA_NONE)
        snprintf(why_not, cap,
                 "vptx's wgmma takes f16 x f16 -> f32 or f16, bf16 x bf16 -> f32, fp8 x fp8 -> "
                 "f32, or f32 x f32 -> f32 as tf32 (--allow-tf32), not %s x %s -> %s",
                 scalar_type_name(t[0]), scalar_type_name(t[1]), scalar_type_name(t[2]));
    return kind;
}

static bool
select_wgmma(Select *s, OpId op, const ContractDims *c, const TypeId *t,
             const NestedLayout *const *anch, MmaIntrinsic *out, Split *sp, char *why_not,
             size_t cap)
{
    Module *m = s->m;
    const Op *o = op_get(m, op);
    const Attr *cfg = op_attr(m, op, "lowering_config");
    MmaKind kind = wgmma_kind_of(s, t, why_not, cap);
    if (kind == MMA_NONE)
        return false;
    /* bytes of one element of A and B; one instruction reads 32 bytes of each row (k16
       of f16/bf16, k8 of tf32, k32 of fp8) */
    int64_t esize = (int64_t)type_scalar_bytes(t[0]), kstep = 32 / esize;
    if (anch[0] || anch[1] || anch[2]) {
        snprintf(why_not, cap, "an operand has a layout given by iree_vector_ext.to_layout");
        return false;
    }
    if (cfg && dict_get(cfg, "subgroup_basis")) {
        snprintf(why_not, cap, "its lowering_config gives a subgroup_basis");
        return false;
    }
    if (c->dims[0][0] != c->m || c->dims[2][0] != c->m) {
        snprintf(why_not, cap,
                 "wgmma takes the lhs as (m, k) and the accumulator as (m, n), and this "
                 "contract transposes %s",
                 c->dims[0][0] != c->m ? "the lhs" : "the accumulator");
        return false;
    }
    /* a contract chain (attention): P V takes P from registers (wgmma's register-A
       form), Q K^T's result stays in registers; see wgmma_chain_ok */
    bool reg_a = from_contract(m, o->args[0], 0);
    bool chain = reg_a || feeds_uses(m, s->func, o->res[0], 0, true);
    if (chain && esize != 2) {
        snprintf(why_not, cap,
                 "it is part of a contract chain (attention), which vptx runs on wgmma with "
                 "16-bit operands only");
        return false;
    }
    if (s->threads % 128 != 0) {
        snprintf(why_not, cap,
                 "the workgroup has %lld threads, not whole warpgroups (a multiple of 128)",
                 (long long)s->threads);
        return false;
    }
    if (c->size_m % 64 || c->size_n % 8 || c->size_k % kstep) {
        const char *dim = c->size_m % 64 ? "M" : c->size_n % 8 ? "N" : "K";
        int64_t size = c->size_m % 64 ? c->size_m : c->size_n % 8 ? c->size_n : c->size_k;
        int64_t need = c->size_m % 64 ? 64 : c->size_n % 8 ? 8 : kstep;
        snprintf(why_not, cap, "%s = %lld is not a multiple of %lld (wgmma is m64nNk%lld)", dim,
                 (long long)size, (long long)need, (long long)kstep);
        return false;
    }
    /* warpgroups: M first (64-row tiles), then N (8-column tiles), powers of two */
    int64_t units = s->threads / 128, gm = 1, gn = 1;
    while (gm * 2 <= units && units % (gm * 2) == 0 && (c->size_m / 64) % (gm * 2) == 0)
        gm *= 2;
    while (gm * gn * 2 <= units && units % (gm * gn * 2) == 0 && (c->size_n / 8) % (gn * 2) == 0)
        gn *= 2;
    if (gm * gn != units) {
        snprintf(why_not, cap,
                 "its %lld warpgroups cannot all get a share: M = %lld is %lld rows of 64 and "
                 "N = %lld is %lld columns of 8 (M%lld x N%lld used)",
                 (long long)units, (long long)c->size_m, (long long)(c->size_m / 64),
                 (long long)c->size_n, (long long)(c->size_n / 8), (long long)gm, (long long)gn);
        return false;
    }
    if (chain && t[2] != TY_F32) {
        snprintf(why_not, cap,
                 "it is part of a contract chain (attention) with an %s accumulator: vptx "
                 "passes P from registers with f32 accumulators only",
                 scalar_type_name(t[2]));
        return false;
    }
    if (chain && !wgmma_chain_ok(s, op, c, gm, gn, why_not, cap))
        return false;
    int64_t bytes = esize * ((reg_a ? 0 : c->size_m * c->size_k) + c->size_k * c->size_n);
    if (!chain && bytes > WGMMA_SMEM_LIMIT) { /* a chain's: wgmma_chain_ok */
        snprintf(why_not, cap,
                 "A and B of one K step need %lld bytes of shared memory, more than the %d a "
                 "kernel may declare statically (use a smaller K step)",
                 (long long)bytes, WGMMA_SMEM_LIMIT);
        return false;
    }
    int64_t cols = c->size_n / gn, acc_regs = (c->size_m / gm) * cols / 128;
    if (t[2] == TY_F16) /* two f16 a register */
        acc_regs /= 2;
    if (acc_regs > WGMMA_ACC_LIMIT) {
        snprintf(why_not, cap,
                 "a warpgroup's %lldx%lld accumulator needs %lld registers per thread, more than "
                 "%d: wgmma holds it whole while it runs, and ptxas would spill (use more "
                 "warpgroups or a smaller tile)",
                 (long long)(c->size_m / gm), (long long)cols, (long long)acc_regs,
                 WGMMA_ACC_LIMIT);
        return false;
    }
    /* B given as (k, n) is staged N-major when an instruction's 2N bytes reach 32, and
       that image needs 2N a multiple of 32 (distribute/lowering/contract.c): N % 16 == 0, or 8 */
    bool b_kn = c->dims[1][0] == c->k && esize == 2;
    if (!chain && (!ring_operand(s, op, o->args[0]) || !ring_operand(s, op, o->args[1]))) {
        snprintf(why_not, cap,
                 "its operands are not reads, in its K loop, of 2-d memref arguments that TMA "
                 "can load (unit inner stride, rows of whole 16-byte pieces, in bounds or padded "
                 "with zero, no mask), so TMA cannot feed wgmma through a ring; mma.sync with its "
                 "cp.async pipeline is faster then (docs/hopper.md)");
        return false;
    }
    if (!chain && esize != 2 && c->dims[1][0] == c->k) {
        snprintf(why_not, cap,
                 "its rhs is given as (k, n): wgmma reads %s operands K-major only (no "
                 "transpose for them), so TMA could load B only given as (n, k)",
                 scalar_type_name(t[1]));
        return false;
    }
    int64_t inst_n = 8;
    for (int64_t n = 256; n >= 8; n -= 8)
        if (cols % n == 0 && (!b_kn || n % 16 == 0 || n == 8)) {
            inst_n = n;
            break;
        }
    if (reg_a) /* layout assignment gives A the register fragment (assign_anchor.c) */
        op_set_attr(m, op, "vptx.wgmma_a",
                    attr_string(m, "registers", (uint32_t)strlen("registers")));
    out->kind = kind;
    out->n = inst_n;
    sp->count[0] = gm, sp->count[1] = gn, sp->count[2] = 1;
    /* M innermost: the warps of one 64-row tile and the M warpgroups form one id
       digit, which distribute's wgmma path needs (warpgroup g = id / 4) */
    sp->stride[0] = gm > 1 ? 1 : 0, sp->stride[1] = gn > 1 ? gm : 0, sp->stride[2] = 0;
    sp->used = units;
    /* per thread of a warpgroup: the accumulator; A and B only pass through registers */
    sp->regs = acc_regs;
    return true;
}

/* ------------------------------------------------------- tcgen05 (sm_100a) */

/* The tcgen05 kind for operand and accumulator types t, or MMA_NONE and why not: the
   NV_TCGEN05_* kind whose A, B and D types these are (f32 x f32 -> f32 only with
   --allow-tf32) */
static MmaKind
tcgen05_kind_of(const Select *s, const TypeId *t, char *why_not, size_t cap)
{
    bool tf32 = t[2] == TY_F32 && t[0] == t[1] && t[0] == TY_F32;
    if (tf32 && s->opt->allow_tf32)
        return MMA_NV_TCGEN05_F32_128xNx8_TF32;
    for (int k = MMA_NONE + 1; k < MMA_KIND_COUNT && !tf32; k++)
        if (layout_mma_is_tcgen05((MmaKind)k) &&
            types_fit(layout_mma_info((MmaKind)k), t[0], t[1], t[2]))
            return (MmaKind)k;
    if (tf32)
        snprintf(why_not, cap,
                 "f32 x f32 -> f32 fits only kind::tf32, which rounds the inputs to 10 "
                 "mantissa bits (allow it with --allow-tf32)");
    else
        snprintf(why_not, cap,
                 "vptx's tcgen05 route takes f16 x f16 -> f32 or f16, bf16 x bf16 -> f32, "
                 "f8E4M3FN / f8E5M2 x f8E4M3FN / f8E5M2 -> f32, i8 x i8 -> i32, or f32 x f32 "
                 "-> f32 as tf32 (--allow-tf32), not %s x %s -> %s",
                 scalar_type_name(t[0]), scalar_type_name(t[1]), scalar_type_name(t[2]));
    return MMA_NONE;
}

/* The K loop of contract op as the tcgen05 route needs it: op directly in an scf.for at
   the top of the kernel whose one iter_arg is op's accumulator, yielded by op alone. */
static OpId
tcgen05_loop(const Select *s, OpId op)
{
    const Module *m = s->m;
    const Op *o = op_get(m, op);
    OpId loop = block_parent_op(m, o->parent);
    if (!loop || op_get(m, loop)->kind != OP_FOR || op_get(m, loop)->nres != 1)
        return 0;
    OpId top = block_parent_op(m, op_get(m, loop)->parent);
    if (top && op_get(m, top)->kind == OP_IF && op_attr(m, top, "vptx.ring_split"))
        top = block_parent_op(m, op_get(m, top)->parent); /* the rows' test (tma_ring.c) */
    if (top != s->func)
        return 0;
    const Block *body = block_get(m, o->parent);
    OpId y = body->ops.items[body->ops.n - 1];
    if (body->args.n != 2 || o->args[2] != body->args.items[1] || op_get(m, y)->kind != OP_YIELD ||
        op_get(m, y)->nargs != 1 || op_get(m, y)->args[0] != o->res[0])
        return 0;
    for (uint32_t i = 0; i < body->ops.n; i++) { /* the accumulator: the contract's alone */
        const Op *u = op_get(m, body->ops.items[i]);
        for (uint32_t j = 0; j < u->nargs; j++)
            if ((u->args[j] == body->args.items[1] && body->ops.items[i] != op) ||
                (u->args[j] == o->res[0] && body->ops.items[i] != y))
                return 0;
    }
    return loop;
}

/*
 * A contract of a chain (attention: S = Q K^T, softmax, O += P V) on tcgen05
 * (docs/blackwell.md section 5, distribute/schedule/attn_tc05.c): S and O accumulate in
 * tensor memory, one warpgroup reads S with tcgen05.ld (a row a thread, so the softmax's
 * row max and sum are per-thread work), writes P back to tensor memory as P V's A and
 * O's rescaled value as its accumulator; K and V come by attn_ring.c's TMA ring and Q's
 * image is stored once.  P V is marked vptx.wgmma_a = "registers" (A from the threads,
 * through tensor memory), which puts the loop under the attention schedule.
 */
static bool
tcgen05_chain(Select *s, OpId op, const ContractDims *c, const TypeId *t, MmaKind kind,
              MmaIntrinsic *out, char *why_not, size_t cap)
{
    Module *m = s->m;
    const Op *o = op_get(m, op);
    bool reg_a = from_contract(m, o->args[0], 0);
    ChainBytes cb = { s, 0, { 0, 0 }, true, 0 };
    module_walk(m, s->func, chain_bytes_visit, &cb);
    LoopStages ls = { 0, STAGES_DEFAULT };
    if (cb.loop)
        layout_loop_stages(m, cb.loop, s->opt->pipeline_stages, &ls);
    int64_t stages = ls.n ? ls.n : 2, bytes = chain_ring_bytes(&cb, s->threads, 2);
    const char *why = NULL;
    if (t[0] != TY_F16 && t[0] != TY_BF16)
        why = "it is part of a contract chain (attention), which vptx runs on tcgen05 with "
              "f16 or bf16 operands and an f32 accumulator only";
    else if (t[2] != TY_F32 || t[0] != t[1])
        why = "it is part of a contract chain (attention) whose types are not f16 x f16 or "
              "bf16 x bf16 -> f32";
    else if (s->threads != 128)
        why = "it is part of a contract chain (attention), which vptx runs on tcgen05 with one "
              "warpgroup (128 threads: a row of S and O a thread), and the workgroup has a "
              "different size";
    else if (c->size_m != 128)
        why = "it is part of a contract chain (attention), which vptx runs on tcgen05 with 128 "
              "query rows a workgroup (M = 128: one cta_group::1 instruction)";
    else if (c->size_n % 16 || c->size_n > 256 || c->size_k % 16 || c->size_k > 256)
        why = "it is part of a contract chain (attention) whose N or K is not a multiple of 16 "
              "up to 256 (tcgen05.mma M = 128 shapes, and S and O together in 512 "
              "tensor-memory columns)";
    else if (!cb.ring || !cb.loop || stages < 2)
        why = "it is part of a contract chain (attention) whose key and value blocks are not "
              "reads TMA can load into a ring of 2 or more stages (the only feed of tcgen05)";
    else if (bytes > target_first_with(TF_TCGEN05)->smem_block)
        why = "it is part of a contract chain (attention) whose Q image and 2 ring stages do "
              "not fit the shared memory";
    else if (!reg_a && (cb.q == 0 || !value_defined_outside(m, o->args[0], cb.loop)))
        why = "it is part of a contract chain (attention) whose S = Q K^T reads a Q that is "
              "not read once before the key loop";
    if (why) {
        snprintf(why_not, cap, "%s", why);
        return false;
    }
    if (reg_a) /* P: from the threads' registers into tensor memory (assign_anchor.c) */
        op_set_attr(m, op, "vptx.wgmma_a",
                    attr_string(m, "registers", (uint32_t)strlen("registers")));
    out->kind = kind;
    out->n = c->size_n;
    return true;
}

/*
 * Can this plain contract take tcgen05 (sm_100a)?  One CTA's tile: M = 128 rows (one
 * cta_group::1 instruction), N columns of tensor memory, the K loop fed by
 * distribute's TMA ring, one thread issuing, the warpgroups draining D.
 */
static bool
select_tcgen05(Select *s, OpId op, const ContractDims *c, const TypeId *t,
               const NestedLayout *const *anch, MmaIntrinsic *out, char *why_not, size_t cap)
{
    Module *m = s->m;
    const Op *o = op_get(m, op);
    const Attr *cfg = op_attr(m, op, "lowering_config");
    MmaKind kind = tcgen05_kind_of(s, t, why_not, cap);
    if (kind == MMA_NONE)
        return false;
    int64_t esize = (int64_t)type_scalar_bytes(t[0]), kstep = 32 / esize;
    int64_t g = s->threads / 128, per = g ? c->size_n / g : 0;
    OpId loop = tcgen05_loop(s, op);
    LoopStages ls = { 0, STAGES_DEFAULT };
    if (loop)
        layout_loop_stages(m, loop, s->opt->pipeline_stages, &ls);
    int64_t stages = ls.n ? ls.n : 3;
    int64_t ring = stages * esize * (c->size_m * c->size_k + c->size_k * c->size_n);
    const char *why = NULL;
    if (loop && op_attr(m, loop, "vptx.ring_fallback"))
        why = "this is the copy of its K loop for rows TMA cannot map (not whole 16-byte "
              "pieces), which a test of the sizes takes";
    else if (anch[0] || anch[1] || anch[2])
        why = "an operand has a layout given by iree_vector_ext.to_layout";
    else if (cfg && dict_get(cfg, "subgroup_basis"))
        why = "its lowering_config gives a subgroup_basis";
    else if (c->dims[0][0] != c->m || c->dims[2][0] != c->m)
        why = "tcgen05 takes the lhs as (m, k) and the accumulator as (m, n)";
    else if (from_contract(m, o->args[0], 0) || feeds_uses(m, s->func, o->res[0], 0, true))
        return tcgen05_chain(s, op, c, t, kind, out, why_not, cap);
    else if (s->threads % 128)
        why = "the workgroup is not whole warpgroups (a multiple of 128 threads), which drain "
              "tensor memory by lane quarters";
    if (why) {
        snprintf(why_not, cap, "%s", why);
        return false;
    }
    if (c->size_m != 128) {
        snprintf(why_not, cap,
                 "M = %lld: vptx's tcgen05 route takes tiles of M = 128 (one cta_group::1 "
                 "instruction; 2-CTA pairs are not built)",
                 (long long)c->size_m);
        return false;
    }
    if (c->size_n % 16 || c->size_n > 256 || c->size_k % kstep) {
        snprintf(why_not, cap,
                 "%s = %lld: tcgen05.mma with M = 128 takes N a multiple of 16 up to 256 and "
                 "K steps of %lld",
                 c->size_n % 16 || c->size_n > 256 ? "N" : "K",
                 (long long)(c->size_n % 16 || c->size_n > 256 ? c->size_n : c->size_k),
                 (long long)kstep);
        return false;
    }
    if (per % 8 || per > 128) {
        snprintf(why_not, cap,
                 "its %lld warpgroups would drain %lld accumulator columns a thread (a "
                 "multiple of 8, at most 128)",
                 (long long)g, (long long)c->size_n / g);
        return false;
    }
    if (!ring_operand(s, op, o->args[0]) || !ring_operand(s, op, o->args[1]) ||
        (esize != 2 && c->dims[1][0] == c->k) || !loop) {
        snprintf(why_not, cap, "%s",
                 !loop ? "it is not in an scf.for at the top of the kernel that carries its "
                         "accumulator alone, which tcgen05 keeps in tensor memory"
                 : esize != 2 && c->dims[1][0] == c->k
                     ? (esize == 4 ? "its rhs is a 32-bit (k, n) operand, which the TMA ring "
                                     "loads K-major only"
                                   : "its rhs is an 8-bit (k, n) operand, which the TMA ring "
                                     "loads K-major only")
                     : "its operands are not reads, in its K loop, of 2-d memref arguments "
                       "that TMA can load (unit inner stride, rows of whole 16-byte pieces, in "
                       "bounds or padded with zero, no mask)");
        return false;
    }
    if (stages < 2 || ring > target_first_with(TF_TCGEN05)->smem_block) {
        snprintf(why_not, cap, "%s",
                 stages < 2 ? "1 pipeline stage is asked for, and tcgen05 is fed by a TMA ring "
                              "of 2 or more"
                            : "its TMA ring would not fit the shared memory (fewer stages or a "
                              "smaller K step)");
        return false;
    }
    out->kind = kind;
    out->n = c->size_n;
    return true;
}

/* An mma.sync intrinsic for contract op (dims c, element types t, anchored operands
   anch): one whose fragments the anchored operands already are, else one by element types
   and shape.  False: none, and the remark said why (not_wg: why not wgmma) */
static bool
select_mma_sync(Select *s, OpId op, const ContractDims *c, const TypeId *t,
                const NestedLayout *const *anch, MmaIntrinsic *mma, const char **why,
                const char *not_wg)
{
    bool tf32_refused = false;
    char types[64];
    snprintf(types, sizeof types, "%s x %s -> %s", scalar_type_name(t[0]), scalar_type_name(t[1]),
             scalar_type_name(t[2]));
    /* 1. an intrinsic whose fragments the anchored operands already are */
    for (int k = MMA_NONE + 1; k < MMA_KIND_COUNT && mma->kind == MMA_NONE; k++) {
        MmaIntrinsic cand = { (MmaKind)k, 0 };
        const MmaInfo *info = layout_mma_info(cand.kind);
        bool hit = false, miss = false;
        if (info->subgroups != 1 || !types_fit(info, t[0], t[1], t[2]) || !shape_fits(cand, c))
            continue;
        for (int j = 0; j < 3; j++)
            if (anch[j]) {
                bool f = is_fragment(anch[j], cand, (MmaOperand)j);
                hit |= f;
                miss |= !f;
            }
        if (hit && !miss && (cand.kind != MMA_NV_MMA_SYNC_F32_16x8x8_TF32 || s->opt->allow_tf32)) {
            *mma = cand;
            *why = "its operands are anchored to this intrinsic's fragment layouts";
        }
    }
    /* 2. by element types and shape */
    for (int k = MMA_NONE + 1; k < MMA_KIND_COUNT && mma->kind == MMA_NONE; k++) {
        MmaIntrinsic cand = { (MmaKind)k, 0 };
        const MmaInfo *info = layout_mma_info(cand.kind);
        if (info->subgroups != 1 || !types_fit(info, t[0], t[1], t[2]) || !shape_fits(cand, c))
            continue;
        if (cand.kind == MMA_NV_MMA_SYNC_F32_16x8x8_TF32 && !s->opt->allow_tf32) {
            tf32_refused = true;
            continue;
        }
        *mma = cand;
        *why = "chosen from the element types and shape";
    }
    if (mma->kind == MMA_NONE) {
        if (tf32_refused)
            select_remark(s, op,
                          "keeps the per-thread path: %s fits only tf32 mma.sync, which "
                          "rounds the inputs to 10 mantissa bits (allow it with "
                          "--allow-tf32)%s",
                          types, not_wg);
        else
            select_remark(s, op,
                          "keeps the per-thread path: no mma.sync intrinsic takes %s with "
                          "M = %lld, N = %lld, K = %lld (M %% 16, N %% 8 and K %% 8, 16 or 32 "
                          "must be 0)%s",
                          types, (long long)c->size_m, (long long)c->size_n, (long long)c->size_k,
                          not_wg);
        return false;
    }
    return true;
}

static void
select_contract(Select *s, OpId op)
{
    Module *m = s->m;
    const Op *o = op_get(m, op);
    ContractDims c;
    MmaIntrinsic mma = { MMA_NONE, 0 };
    const Attr *kind_attr = op_attr(m, op, "mma_kind");
    const Attr *cfg = op_attr(m, op, "lowering_config");
    bool explicit_kind =
        kind_attr ? layout_mma_from_attr(kind_attr, &mma) : cfg && layout_mma_from_attr(cfg, &mma);
    if ((kind_attr || (cfg && dict_get(cfg, "mma_kind"))) && !explicit_kind)
        return; /* an unknown name: layout assignment reports it */
    if (!assign_contract_dims(m, op, &c)) {
        if (!explicit_kind)
            select_remark(s, op,
                          "keeps the per-thread path: not a 2-D matmul (maps (m, k), (k, n), "
                          "(m, n) or transposes)");
        return;
    }
    TypeId t[3] = { elem_of(m, o->args[0]), elem_of(m, o->args[1]), elem_of(m, o->args[2]) };
    char types[64];
    snprintf(types, sizeof types, "%s x %s -> %s", scalar_type_name(t[0]), scalar_type_name(t[1]),
             scalar_type_name(t[2]));
    const Attr *kind = op_attr(m, op, "kind");
    bool add = !kind || !kind->str || strcmp(kind->str, "add") == 0;
    const char *why = "";
    if (explicit_kind) {
        if (!check_explicit(s, op, mma, &c, t))
            return;
        why = "named by mma_kind";
    } else if (!add) {
        select_remark(s, op, "keeps the per-thread path: its kind is not add");
        return;
    } else if (per_thread_config(m, op)) {
        select_remark(s, op,
                      "keeps the per-thread path: its lowering_config names lane_basis / thread");
        return;
    }
    /* anchored operands, in canonical orientation */
    NestedLayout al[3];
    const NestedLayout *anch[3] = { NULL, NULL, NULL };
    bool swapped[3] = { c.dims[0][0] != c.m, c.dims[1][0] != c.k, c.dims[2][0] != c.m };
    for (int k = 0; k < 3; k++)
        if (anchored(m, o->args[k], swapped[k], &al[k]))
            anch[k] = &al[k];
    bool wg = false, tc = false;
    char not_wg[320] = "";
    Split wsp;
    if (!explicit_kind && s->opt->tcgen05) {
        char reason[300];
        tc = select_tcgen05(s, op, &c, t, anch, &mma, reason, sizeof reason);
        if (tc)
            why = "sm_100a: tcgen05, chosen from the element types and shape";
        else
            snprintf(not_wg, sizeof not_wg, "; not tcgen05: %s", reason);
    }
    if (!explicit_kind && s->opt->wgmma) {
        char reason[300];
        wg = select_wgmma(s, op, &c, t, anch, &mma, &wsp, reason, sizeof reason);
        if (wg)
            why = "sm_90a: warpgroup wgmma, chosen from the element types and shape";
        else
            snprintf(not_wg, sizeof not_wg, "; not wgmma: %s", reason);
    }
    if (!explicit_kind) {
        if (mma.kind == MMA_NONE && !select_mma_sync(s, op, &c, t, anch, &mma, &why, not_wg))
            return;
        char name[64];
        layout_mma_name(mma, name, sizeof name);
        op_set_attr(m, op, "mma_kind", attr_enum(m, "iree_gpu", "mma_layout", name, false));
    }
    const MmaInfo *info = layout_mma_info(mma.kind);
    char name[64], split_text[400];
    layout_mma_name(mma, name, sizeof name);
    if (explicit_kind && layout_mma_is_tcgen05(mma.kind)) {
        snprintf(split_text, sizeof split_text, "accumulator in tensor memory");
    } else if (tc &&
               (from_contract(m, o->args[0], 0) || feeds_uses(m, s->func, o->res[0], 0, true))) {
        bool pv = from_contract(m, o->args[0], 0);
        snprintf(split_text, sizeof split_text,
                 "attention on tcgen05: one thread issues %lld tcgen05.mma M128 N%lld K%lld, "
                 "%s in tensor memory, read back a row a thread (tcgen05.ld 32x32b); %s",
                 (long long)(c.size_k / info->k), (long long)c.size_n, (long long)info->k,
                 pv ? "O" : "S",
                 pv ? "A = P, stored into tensor memory by the threads (tcgen05.st), with O's "
                      "rescaled value; B (V) from the TMA ring"
                    : "A = Q, its image stored once before the key loop; B (K) from the TMA "
                      "ring");
    } else if (tc) {
        int64_t g = s->threads / 128, cols = 32;
        while (cols < c.size_n)
            cols *= 2;
        snprintf(split_text, sizeof split_text,
                 "one thread issues %lld tcgen05.mma M128 N%lld K%lld per K step, the "
                 "accumulator in %lld tensor-memory columns; %lld warpgroup(s) drain it with "
                 "tcgen05.ld 32x32b, %lld columns a thread",
                 (long long)(c.size_k / info->k), (long long)c.size_n, (long long)info->k,
                 (long long)cols, (long long)g, (long long)(c.size_n / g));
    } else if (cfg && dict_get(cfg, "subgroup_basis")) {
        snprintf(split_text, sizeof split_text,
                 "subgroups from the lowering_config's subgroup_basis");
    } else if (wg) {
        write_split(s, op, &wsp);
        snprintf(split_text, sizeof split_text,
                 "warpgroups M%lld x N%lld of %lld (warpgroup tile %lldx%lldx%lld: %lld x %lld "
                 "wgmma m64n%lldk%lld per %lld of K, ~%lld accumulator registers per thread)",
                 (long long)wsp.count[0], (long long)wsp.count[1], (long long)wsp.used,
                 (long long)(c.size_m / wsp.count[0]), (long long)(c.size_n / wsp.count[1]),
                 (long long)c.size_k, (long long)(c.size_m / wsp.count[0] / 64),
                 (long long)(c.size_n / wsp.count[1] / mma.n), (long long)mma.n, (long long)info->k,
                 (long long)info->k, (long long)wsp.regs);
    } else if (info->subgroups != 1) {
        snprintf(split_text, sizeof split_text, "subgroups split by layout assignment (M first)");
    } else {
        int64_t units = s->subgroups;
        Split sp;
        const char *policy;
        for (int j = 0; j < 3; j++) /* only fragment-shaped anchors say how the warps split */
            if (anch[j] && !is_fragment(anch[j], mma, (MmaOperand)j))
                anch[j] = NULL;
        if (anchored_split(anch, &sp)) {
            policy = "taken from the anchored operands";
            sp.regs = split_regs(&c, sp.count, t);
        } else {
            bool rows = feeds_rows(m, s->func, o->res[0], 0) || from_contract(m, o->args[0], 0);
            sp = choose_split(&c, mma, units, t, rows);
            policy = rows ? "rows policy: the accumulator's rows stay in one warp for the row "
                            "reduction / next contract"
                          : "balanced: fewest operand registers";
        }
        write_split(s, op, &sp);
        snprintf(split_text, sizeof split_text,
                 "subgroups M%lld x N%lld x K%lld of %lld (warp tile %lldx%lldx%lld, %s, ~%lld "
                 "registers per thread for A, B, C)",
                 (long long)sp.count[0], (long long)sp.count[1], (long long)sp.count[2],
                 (long long)units, (long long)(c.size_m / sp.count[0]),
                 (long long)(c.size_n / sp.count[1]), (long long)(c.size_k / sp.count[2]), policy,
                 (long long)sp.regs);
    }
    select_remark(s, op, "%lldx%lldx%lld %s: %s (%s%s); %s; %s", (long long)c.size_m,
                  (long long)c.size_n, (long long)c.size_k, types, name, why, not_wg, split_text,
                  tc && strncmp(split_text, "attention", 9) == 0
                      ? "shared-memory operands read through descriptors"
                  : tc || layout_mma_is_tcgen05(mma.kind)
                      ? "A and B through a TMA ring into swizzled shared memory, which "
                        "tcgen05.mma reads through descriptors"
                  : !wg ? select_staging_note()
                  : layout_wgmma_reg_a(op_attr(m, op, "vptx.wgmma_a"))
                      ? "A from registers (the previous contract's accumulator fragment is "
                        "this one's A fragment: wgmma's register-A form), B through swizzled "
                        "shared memory"
                      : "staging: A and B through swizzled shared memory, which wgmma reads");
}

static bool
select_op(Module *m, OpId op, void *ctx)
{
    Select *s = ctx;
    if (op_get(m, op)->kind == OP_CONTRACT)
        select_contract(s, op);
    return true;
}

bool
layout_tcgen05_candidate(Module *m, OpId func, OpId op, const LayoutSelectOptions *opt)
{
    const Op *o = op_get(m, op);
    const Attr *cfg = op_attr(m, op, "lowering_config");
    const Attr *kind = op_attr(m, op, "kind");
    ContractDims c;
    if (!opt->tcgen05 || o->kind != OP_CONTRACT || op_attr(m, op, "mma_kind") ||
        (cfg && dict_get(cfg, "mma_kind")) || per_thread_config(m, op) ||
        (kind && kind->str && strcmp(kind->str, "add") != 0) || !assign_contract_dims(m, op, &c))
        return false;
    int64_t threads = launch_threads(m, func);
    Select s = {
        m, NULL, opt, func, threads, threads >= LAYOUT_WARP_SIZE ? threads / 32 : 1, false
    };
    TypeId t[3] = { elem_of(m, o->args[0]), elem_of(m, o->args[1]), elem_of(m, o->args[2]) };
    NestedLayout al[3];
    const NestedLayout *anch[3] = { NULL, NULL, NULL };
    bool swapped[3] = { c.dims[0][0] != c.m, c.dims[1][0] != c.k, c.dims[2][0] != c.m };
    for (int k = 0; k < 3; k++)
        if (anchored(m, o->args[k], swapped[k], &al[k]))
            anch[k] = &al[k];
    MmaIntrinsic mma = { MMA_NONE, 0 };
    char why[300];
    if (from_contract(m, o->args[0], 0) || feeds_uses(m, func, o->res[0], 0, true))
        return false; /* a chain (attention) has no copy for rows TMA cannot map */
    return select_tcgen05(&s, op, &c, t, anch, &mma, why, sizeof why);
}

bool
layout_select(Module *m, Diag *d, const LayoutSelectOptions *opt)
{
    static const LayoutSelectOptions none = { false, false, false, 0, false };
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    Select s = { m, d, opt ? opt : &none, 0, LAYOUT_WARP_SIZE, 1, false };
    for (uint32_t f = 0; f < funcs.n; f++) {
        s.func = funcs.items[f];
        int64_t threads = launch_threads(m, s.func);
        s.threads = threads;
        s.subgroups = threads >= LAYOUT_WARP_SIZE ? threads / LAYOUT_WARP_SIZE : 1;
        module_walk(m, s.func, select_op, &s);
    }
    return !s.failed;
}
