/*
 * assign_anchor.c -- the launch shape and the anchors of layout assignment.
 *
 * Launch shape.  threads = the product of translation_info's workgroup_size
 * (any attribute of the function whose value is #iree_codegen.translation_info),
 * else of `gpu.known_block_size`; subgroup_size must be 32.  Without either,
 * the workgroup is as many warps as the to_layout anchors need (at least
 * one).  The result is recorded as `gpu.known_block_size = array<i32: x, y, z>`
 * when the function has none, so that distribute reads the same shape.
 *
 * Anchors, in order of authority (each class floods before the next):
 *   1. iree_vector_ext.to_layout: its result has the layout attribute.
 *   2. vector.contract with `mma_kind = #iree_gpu.mma_layout<NV_...>`, or a
 *      lowering_config holding mma_kind: lhs, rhs, acc and result get the
 *      instruction's fragment layouts tiled over the subgroups
 *      (layout_mma_tile).  The split of the subgroups over M and N (and K:
 *      A and B split along K, the accumulator replicated over the K
 *      subgroups, which distribute sums) comes from the config's
 *      subgroup_basis; by default as many subgroups as
 *      possible go to M (powers of two, M % (sm * 16) == 0), the rest to N.
 *      Splitting M first keeps a row of the accumulator inside one warp, so
 *      row reductions (softmax) need no shared memory and the accumulator of
 *      one contract can feed the next as its A operand in registers.
 *      wgmma (NV_WGMMA_*) reads A and B from shared memory: they get a copy
 *      layout over the workgroup instead (copy_layout), only the accumulator
 *      a fragment layout.
 *   3. other ops with a lowering_config: layout_from_config over the op's
 *      iteration space, whose bounds are the vector shapes (at the vector
 *      level a value is one step's tile); each operand gets it through its
 *      indexing map, a multi_reduction's result the projection.
 *
 * Requires:    assign.c's pass state for one verified vector-level function: the
 *              per-value tables sized (assign_grow) and the use lists filled;
 *              to_layout ops carry a `layout` the verifier accepted.
 * Ensures:     assign_launch_shape: Assign.threads and .subgroups are set, and the
 *              function carries gpu.known_block_size (added when it had none, from
 *              translation_info or from the anchors); false, with a located error,
 *              for a subgroup_size other than 32 or a workgroup that is not 1 to 32
 *              whole warps.  assign_seed_anchors: every anchor's demands are in
 *              Assign.anchor and its values have their layouts, flooded class by
 *              class; a bad anchor (unknown mma_kind, invalid config or layout, too
 *              few subgroups) is a located error and sets Assign.failed.
 * Invalidates: nothing: no op or value is created; only the function's attribute
 *              list may grow (gpu.known_block_size).
 */
#include "layout/assign_impl.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- launch shape */

static const TranslationInfoAttr *
translation_info(const Module *m, OpId func)
{
    const Op *o = op_get(m, func);
    for (uint32_t i = 0; i < o->nattrs; i++)
        if (o->attrs[i].value && o->attrs[i].value->kind == ATTR_TRANSLATION_INFO)
            return o->attrs[i].value->translation;
    return NULL;
}

static bool
max_anchor_subgroups(Module *m, OpId op, void *ctx)
{
    int64_t *most = ctx;
    NestedLayout l;
    if (op_get(m, op)->kind == OP_TO_LAYOUT && layout_of_attr(op_attr(m, op, "layout"), &l) &&
        layout_subgroup_count(&l) > *most)
        *most = layout_subgroup_count(&l);
    return true;
}

static bool
no_wg_op(Module *m, OpId op, void *ctx)
{
    (void)ctx;
    return !(op_info[op_get(m, op)->kind].traits & T_WG);
}

bool
assign_launch_shape(Assign *a)
{
    Module *m = a->m;
    const TranslationInfoAttr *t = translation_info(m, a->func);
    const Attr *known = op_attr(m, a->func, "gpu.known_block_size");
    if (!known) /* upstream's own spelling on a gpu.func */
        known = op_attr(m, a->func, "known_block_size");
    int64_t dims[3] = { 1, 1, 1 };
    bool given = false;
    if (t && t->subgroup_size != 0 && t->subgroup_size != LAYOUT_WARP_SIZE) {
        assign_error(a, a->func,
                     "has subgroup_size = %lld but NVIDIA subgroups (warps) have 32 lanes",
                     (long long)t->subgroup_size);
        return false;
    }
    if (t && t->nworkgroup > 0) {
        for (uint32_t k = 0; k < t->nworkgroup && k < 3; k++)
            dims[k] = t->workgroup_size[k];
        given = true;
    } else if (known && known->kind == ATTR_DENSE_ARRAY && known->ints && known->n >= 1) {
        for (uint32_t k = 0; k < known->n && k < 3; k++)
            dims[k] = known->ints[k];
        given = true;
    } else if (module_walk(m, a->func, no_wg_op, NULL)) {
        /* a SIMT-level kernel: its launcher gives the block (no .reqntid is recorded) */
        dims[0] = LAYOUT_WARP_SIZE;
    } else {
        /* no silent default: the launch is the user's to state */
        int64_t most = 1;
        module_walk(m, a->func, max_anchor_subgroups, &most);
        const Attr *sym = op_attr(m, a->func, "sym_name");
        diag_error(a->d, op_get(m, a->func)->loc,
                   "kernel '%s' has no block size: add `attributes {gpu.known_block_size = "
                   "array<i32: %lld, 1, 1>}` (threads per workgroup, x, y, z; a multiple of "
                   "32), or a translation_info with workgroup_size",
                   sym && sym->str ? sym->str : "?", (long long)(most * LAYOUT_WARP_SIZE));
        a->failed = true;
        return false;
    }
    a->threads = dims[0] * dims[1] * dims[2];
    if (a->threads < 1 || a->threads > 1024 || a->threads % LAYOUT_WARP_SIZE != 0) {
        assign_error(a, a->func,
                     "has a workgroup of %lld threads; layout assignment needs a whole number "
                     "of 32-lane subgroups, at most 1024 threads",
                     (long long)a->threads);
        return false;
    }
    a->subgroups = a->threads / LAYOUT_WARP_SIZE;
    /* recorded for the functions that distribute rewrites (whole-workgroup vector ops): a
       SIMT-level kernel beside them keeps the launch shape its launcher gives */
    if ((!known || !given) && !module_walk(m, a->func, no_wg_op, NULL))
        op_set_attr(m, a->func, "gpu.known_block_size", attr_dense_array(m, TY_I32, dims, NULL, 3));
    return true;
}

/* ---------------------------------------------------------------- anchors */

static Anchor *
anchor_new(Assign *a, OpId op)
{
    const Op *o = op_get(a->m, op);
    size_t size = sizeof(Anchor) + (o->nargs + o->nres) * (sizeof(bool) + sizeof(NestedLayout));
    Anchor *an = ir_calloc(1, size);
    an->nargs = o->nargs;
    an->nres = o->nres;
    an->arg = (NestedLayout *)(an + 1);
    an->res = an->arg + o->nargs;
    an->has_arg = (bool *)(an->res + o->nres);
    an->has_res = an->has_arg + o->nargs;
    ir_free(a->anchor[op]);
    a->anchor[op] = an;
    return an;
}

/* Checks l against v's shape and the workgroup; records it as operand/result. */
static bool
anchor_put(Assign *a, OpId op, bool *has, NestedLayout *slot, ValueId v, const NestedLayout *l,
           const char *what)
{
    char reason[LAYOUT_REASON_SIZE];
    int32_t rank;
    int64_t shape[LAYOUT_MAX_RANK];
    if (!assign_shape(a, v, &rank, shape))
        return true; /* a scalar operand or result: nothing to lay out */
    if (!layout_verify(l, rank, shape, reason, sizeof reason)) {
        char type[128];
        assign_type_name(a, v, type, sizeof type);
        assign_error(a, op, "%slayout is invalid for %s: %s", what, type, reason);
        return false;
    }
    if (layout_subgroup_count(l) > a->subgroups) {
        assign_error(
            a, op, "%slayout needs %lld subgroups but the workgroup has %lld (%lld threads)", what,
            (long long)layout_subgroup_count(l), (long long)a->subgroups, (long long)a->threads);
        return false;
    }
    *has = true;
    *slot = *l;
    return true;
}

static void
seed_anchor(Assign *a, OpId op)
{
    const Anchor *an = a->anchor[op];
    const Op *o = op_get(a->m, op);
    for (uint32_t r = 0; r < an->nres; r++)
        if (an->has_res[r])
            assign_set(a, o->res[r], &an->res[r]);
    for (uint32_t i = 0; i < an->nargs; i++)
        if (an->has_arg[i])
            assign_set(a, o->args[i], &an->arg[i]);
}

/* 1. to_layout */
static bool
seed_to_layout(Module *m, OpId op, void *ctx)
{
    Assign *a = ctx;
    NestedLayout l;
    if (op_get(m, op)->kind != OP_TO_LAYOUT)
        return true;
    if (!layout_of_attr(op_attr(m, op, "layout"), &l)) {
        assign_error(a, op, "requires a nested layout attribute 'layout'");
        return true;
    }
    Anchor *an = anchor_new(a, op);
    an->nargs = 0; /* the input is not constrained: to_layout converts */
    if (anchor_put(a, op, &an->has_res[0], &an->res[0], op_get(m, op)->res[0], &l, ""))
        seed_anchor(a, op);
    return true;
}

static bool
map_dims(const Module *m, const Attr *maps, uint32_t k, int32_t *dims)
{
    const Attr *a = maps->items[k];
    if (!a || a->kind != ATTR_AFFINE_MAP || a->map->nresults != 2 || a->map->ndims != 3)
        return false;
    dims[0] = affine_map_result_dim(a->map, 0);
    dims[1] = affine_map_result_dim(a->map, 1);
    (void)m;
    return dims[0] >= 0 && dims[1] >= 0;
}

static bool
in2(const int32_t *d, int32_t x)
{
    return d[0] == x || d[1] == x;
}

bool
assign_contract_dims(const Module *m, OpId op, ContractDims *c)
{
    const Attr *maps = op_attr(m, op, "indexing_maps");
    if (!maps || maps->kind != ATTR_ARRAY || maps->n != 3)
        return false;
    for (uint32_t k = 0; k < 3; k++)
        if (!map_dims(m, maps, k, c->dims[k]))
            return false;
    c->m = in2(c->dims[2], c->dims[0][0]) ? c->dims[0][0] : c->dims[0][1];
    c->k = c->m == c->dims[0][0] ? c->dims[0][1] : c->dims[0][0];
    c->n = c->dims[2][0] == c->m ? c->dims[2][1] : c->dims[2][0];
    if (!in2(c->dims[2], c->m) || !in2(c->dims[1], c->n) || !in2(c->dims[1], c->k) ||
        in2(c->dims[2], c->k))
        return false;
    if (op_get(m, op)->nargs < 3 || !type_is_vector(m, value_type(m, op_get(m, op)->args[0])) ||
        !type_is_vector(m, value_type(m, op_get(m, op)->args[1])) ||
        !type_is_vector(m, value_type(m, op_get(m, op)->args[2])))
        return false;
    const Type *lhs = type_get(m, value_type(m, op_get(m, op)->args[0]));
    const Type *rhs = type_get(m, value_type(m, op_get(m, op)->args[1]));
    if (lhs->rank != 2 || rhs->rank != 2)
        return false;
    c->size_m = lhs->shape[c->dims[0][0] == c->m ? 0 : 1];
    c->size_k = lhs->shape[c->dims[0][0] == c->k ? 0 : 1];
    c->size_n = rhs->shape[c->dims[1][0] == c->n ? 0 : 1];
    return true;
}

/* Default split: powers of two, M first (see the file comment). */
static void
default_split(int64_t units, int64_t tiles_m, int64_t tiles_n, int64_t *sm, int64_t *sn)
{
    *sm = 1;
    while (*sm * 2 <= units && units % (*sm * 2) == 0 && tiles_m % (*sm * 2) == 0)
        *sm *= 2;
    *sn = 1;
    while (*sm * *sn * 2 <= units && tiles_n % (*sn * 2) == 0)
        *sn *= 2;
}

/* The subgroup split over M, N and K: counts and strides, in instruction groups. */
static bool
mma_split(Assign *a, OpId op, const ContractDims *c, MmaIntrinsic mma, int64_t *counts,
          int64_t *strides)
{
    const MmaInfo *info = layout_mma_info(mma.kind);
    int64_t fn = info->n ? info->n : mma.n;
    int64_t units = a->subgroups / info->subgroups;
    const Attr *cfg = op_attr(a->m, op, "lowering_config");
    const Attr *basis = cfg ? dict_get(cfg, "subgroup_basis") : NULL;
    if (units < 1) {
        assign_error(a, op, "needs %d subgroups for one %s but the workgroup has %lld",
                     (int)info->subgroups, info->name, (long long)a->subgroups);
        return false;
    }
    if (basis) {
        LayoutConfig lc;
        char reason[LAYOUT_REASON_SIZE];
        int64_t bounds[3] = { 1, 1, 1 }, tiles[3], ss[3];
        if (!layout_config_from_attr(cfg, 3, bounds, &lc, reason, sizeof reason) ||
            !layout_basis_to_tiles(&lc.subgroup_basis, 3, tiles, ss, reason, sizeof reason)) {
            assign_error(a, op, "has a bad lowering_config: %s", reason);
            return false;
        }
        /* K over subgroups too: A and B are split along K, the accumulator is
           replicated over the K subgroups (distribute sums their partial tiles) */
        counts[0] = tiles[c->m], counts[1] = tiles[c->n], counts[2] = tiles[c->k];
        strides[0] = ss[c->m], strides[1] = ss[c->n], strides[2] = ss[c->k];
        return true;
    }
    /* the split layout_select chose (select.c): counts M, N, K, then their strides */
    int64_t split[6];
    const Attr *split_attr = op_attr(a->m, op, "vptx.subgroup_split");
    int nsplit = split_attr ? layout_attr_ints(split_attr, split, 6) : -1;
    if (nsplit == 6) {
        for (int j = 0; j < 3; j++)
            counts[j] = split[j], strides[j] = split[3 + j];
        return true;
    }
    default_split(units, c->size_m / info->m, c->size_n / fn, &counts[0], &counts[1]);
    strides[0] = counts[0] > 1 ? counts[1] : 0;
    strides[1] = counts[1] > 1 ? 1 : 0;
    counts[2] = 1, strides[2] = 0;
    return true;
}

/* One operand's tiled fragment, turned to the operand's own dim order. */
static bool
mma_operand(Assign *a, OpId op, MmaIntrinsic mma, MmaOperand which, const int64_t *shape,
            const int64_t *counts, const int64_t *strides, bool swapped, NestedLayout *out,
            bool *present)
{
    static const int32_t swap[2] = { 1, 0 };
    char reason[LAYOUT_REASON_SIZE], name[64];
    NestedLayout frag, tiled;
    *present = layout_mma_fragment(mma, which, &frag);
    if (!*present)
        return true; /* e.g. wgmma's B comes from shared memory */
    if (!layout_mma_tile(mma, which, shape, counts, strides, &tiled, reason, sizeof reason)) {
        layout_mma_name(mma, name, sizeof name);
        assign_error(a, op, "cannot tile %s operand %c over %lldx%lld: %s", name, "ABC"[which],
                     (long long)shape[0], (long long)shape[1], reason);
        return false;
    }
    if (swapped)
        return layout_permute(&tiled, swap, out);
    *out = tiled;
    return true;
}

static int64_t
pow2_dividing(int64_t x, int64_t cap)
{
    int64_t p = 1;
    while (p * 2 <= cap && x % (p * 2) == 0)
        p *= 2;
    return p;
}

/*
 * wgmma reads A and B from shared memory, so their registers only carry the
 * copy into it: a copy layout over the whole workgroup, up to 8 contiguous
 * elements a thread along the last (usually contiguous) dim, lanes across it,
 * then rows, subgroups over the rows.
 */
static bool
copy_layout(Assign *a, OpId op, const int64_t *shape, NestedLayout *out)
{
    int64_t e1 = pow2_dividing(shape[1], 8);
    int64_t t1 = pow2_dividing(shape[1] / e1, 32);
    int64_t t0 = pow2_dividing(shape[0], 32 / t1);
    int64_t s0 = pow2_dividing(shape[0] / t0, a->subgroups);
    layout_init(out, 2);
    layout_set_dim(out, 0, s0, shape[0] / (t0 * s0), 1, t0, 1, 1, t1);
    layout_set_dim(out, 1, 1, shape[1] / (e1 * t1), 1, t1, e1, 0, 1);
    layout_normalize(out);
    char reason[LAYOUT_REASON_SIZE];
    if (!layout_check(out, reason, sizeof reason)) {
        assign_error(a, op, "has no copy layout for a %lldx%lld wgmma operand: %s",
                     (long long)shape[0], (long long)shape[1], reason);
        return false;
    }
    return true;
}

static void
mma_anchor(Assign *a, OpId op, MmaIntrinsic mma)
{
    ContractDims c;
    const Op *o = op_get(a->m, op);
    if (!assign_contract_dims(a->m, op, &c)) {
        assign_error(a, op,
                     "with mma_kind needs 2-D operands indexed (m, k), (k, n) or "
                     "(n, k), and (m, n)");
        return;
    }
    int64_t counts[3], strides[3]; /* M, N, K */
    if (!mma_split(a, op, &c, mma, counts, strides))
        return;
    int64_t shapes[3][2] = { { c.size_m, c.size_k },
                             { c.size_k, c.size_n },
                             { c.size_m, c.size_n } };
    int64_t cnt[3][2] = { { counts[0], counts[2] },
                          { counts[2], counts[1] },
                          { counts[0], counts[1] } };
    int64_t str[3][2] = { { strides[0], strides[2] },
                          { strides[2], strides[1] },
                          { strides[0], strides[1] } };
    bool swapped[3] = { c.dims[0][0] != c.m, c.dims[1][0] != c.k, c.dims[2][0] != c.m };
    Anchor *an = anchor_new(a, op);
    static const char *const what[3] = { "lhs (A) ", "rhs (B) ", "acc (C) " };
    for (int k = 0; k < 3; k++) {
        NestedLayout l;
        bool present = true;
        bool tmem_a = k == 0 && layout_mma_is_tcgen05(mma.kind) &&
                      layout_wgmma_reg_a(op_attr(a->m, op, "vptx.wgmma_a"));
        if ((k == 2 || tmem_a) && layout_mma_is_tcgen05(mma.kind)) {
            /* tensor memory holds D: registers see it as tcgen05.ld 32x32b leaves it; an A
               from registers (attention's P) is stored there in the same layout */
            char reason[LAYOUT_REASON_SIZE];
            if (swapped[k] ||
                !layout_tcgen05_acc(shapes[k], a->subgroups, &l, reason, sizeof reason)) {
                assign_error(a, op, "cannot take a tcgen05 mma_kind: %s",
                             swapped[2] ? "its accumulator is not (m, n)" : reason);
                return;
            }
        } else if (k < 2 && layout_mma_info(mma.kind)->subgroups == 4 &&
                   !(k == 0 && layout_wgmma_reg_a(op_attr(a->m, op, "vptx.wgmma_a")))) {
            const Type *t = type_get(a->m, value_type(a->m, o->args[k]));
            if (!copy_layout(a, op, t->shape, &l))
                return;
        } else if (!mma_operand(a, op, mma, (MmaOperand)k, shapes[k], cnt[k], str[k], swapped[k],
                                &l, &present)) {
            return;
        }
        if (present && !anchor_put(a, op, &an->has_arg[k], &an->arg[k], o->args[k], &l, what[k]))
            return;
        if (present && k == 2 &&
            !anchor_put(a, op, &an->has_res[0], &an->res[0], o->res[0], &l, "result "))
            return;
    }
    seed_anchor(a, op);
}

static bool
seed_mma(Module *m, OpId op, void *ctx)
{
    Assign *a = ctx;
    MmaIntrinsic mma;
    if (op_get(m, op)->kind != OP_CONTRACT)
        return true;
    const Attr *kind = op_attr(m, op, "mma_kind");
    const Attr *cfg = op_attr(m, op, "lowering_config");
    const Attr *cfg_kind = cfg ? dict_get(cfg, "mma_kind") : NULL;
    if ((kind && !layout_mma_from_attr(kind, &mma)) ||
        (!kind && cfg_kind && !layout_mma_from_attr(cfg_kind, &mma))) {
        const Attr *k = kind ? kind : cfg_kind;
        const char *s = k->str ? strstr(k->str, "NV_WGMMA_") : NULL;
        if (s)
            assign_error(a, op,
                         "has mma_kind %s, which wgmma cannot take: the name is "
                         "NV_WGMMA_<F32|F16>_64x<N>x16_<F16|BF16> with N a multiple of 8 in "
                         "8..256",
                         s);
        else
            assign_error(a, op, "has an unknown mma_kind");
        return true;
    }
    if (kind || (cfg && layout_mma_from_attr(cfg, &mma)))
        mma_anchor(a, op, mma);
    return true;
}

/* ------------------------------------------------------ lowering configs */

static uint32_t
reduction_mask(const Module *m, OpId op, int32_t rank)
{
    const Attr *a = op_attr(m, op, "reduction_dims");
    uint32_t mask = 0;
    for (uint32_t i = 0; a && i < a->n; i++) {
        int64_t d = a->kind == ATTR_DENSE_ARRAY ? a->ints[i]
                    : a->kind == ATTR_ARRAY     ? a->items[i]->i
                                                : -1;
        if (d >= 0 && d < rank)
            mask |= 1u << d;
    }
    return mask;
}

/* The iteration-space layout of op's config over `bounds`; false after an error. */
static bool
config_layout(Assign *a, OpId op, int32_t rank, const int64_t *bounds, uint32_t reduced,
              NestedLayout *out)
{
    LayoutConfig lc;
    LayoutConfigResult r;
    char reason[LAYOUT_REASON_SIZE];
    const Attr *cfg = op_attr(a->m, op, "lowering_config");
    if (!layout_config_from_attr(cfg, rank, bounds, &lc, reason, sizeof reason) ||
        !layout_from_config(&lc, &r, reason, sizeof reason)) {
        assign_error(a, op, "has a bad lowering_config: %s", reason);
        return false;
    }
    (void)reduced;
    if (r.padded) {
        assign_error(a, op,
                     "lowering_config does not tile the op's vectors exactly (it needs "
                     "padding, which the vector level cannot express)");
        return false;
    }
    *out = r.layout;
    return true;
}

/* A contract without mma_kind: the config over (d0, ..., dn), through each map. */
static void
config_contract(Assign *a, OpId op, Anchor *an)
{
    const Attr *maps = op_attr(a->m, op, "indexing_maps");
    const Op *o = op_get(a->m, op);
    int64_t bounds[LAYOUT_MAX_RANK];
    int32_t dims[3][LAYOUT_MAX_RANK], rank = 0;
    for (uint32_t k = 0; k < 3; k++) {
        const AffineMap *map = maps->items[k]->map;
        const Type *t = type_get(a->m, value_type(a->m, o->args[k]));
        rank = (int32_t)map->ndims;
        for (uint32_t r = 0; r < map->nresults && r < LAYOUT_MAX_RANK; r++) {
            dims[k][r] = affine_map_result_dim(map, r);
            if (dims[k][r] >= 0 && dims[k][r] < LAYOUT_MAX_RANK && t->rank == map->nresults)
                bounds[dims[k][r]] = t->shape[r];
        }
    }
    NestedLayout it, l;
    if (rank > LAYOUT_MAX_RANK || !config_layout(a, op, rank, bounds, 0, &it))
        return;
    for (uint32_t k = 0; k < 3; k++) {
        const AffineMap *map = maps->items[k]->map;
        if (!layout_apply_map(&it, (int32_t)map->nresults, dims[k], &l) ||
            !anchor_put(a, op, &an->has_arg[k], &an->arg[k], o->args[k], &l, "operand "))
            return;
        if (k == 2 && !anchor_put(a, op, &an->has_res[0], &an->res[0], o->res[0], &l, "result "))
            return;
    }
    seed_anchor(a, op);
}

static void
config_anchor(Assign *a, OpId op)
{
    const Op *o = op_get(a->m, op);
    Anchor *an = anchor_new(a, op);
    if (o->kind == OP_CONTRACT) {
        config_contract(a, op, an);
        return;
    }
    /* The iteration space is the source of a reduction, else the result. */
    ValueId space = o->kind == OP_MULTI_REDUCTION || o->nres == 0 ? o->args[0] : o->res[0];
    int32_t rank;
    int64_t shape[LAYOUT_MAX_RANK];
    NestedLayout l, p;
    if (!assign_shape(a, space, &rank, shape) || rank == 0) {
        assign_error(a, op, "has a lowering_config but no vector to lay out");
        return;
    }
    uint32_t reduced = o->kind == OP_MULTI_REDUCTION ? reduction_mask(a->m, op, rank) : 0;
    if (!config_layout(a, op, rank, shape, reduced, &l) || !layout_project(&l, reduced, &p))
        return;
    for (uint32_t i = 0; i < o->nargs; i++) {
        ValueId v = o->args[i];
        const NestedLayout *want = NULL;
        if (v == space)
            want = &l;
        else if (reduced)
            want = &p; /* the accumulator */
        else if (value_type(a->m, v) == value_type(a->m, space))
            want = &l;
        if (want && assign_is_vector(a, v) &&
            !anchor_put(a, op, &an->has_arg[i], &an->arg[i], v, want, "operand "))
            return;
    }
    for (uint32_t r = 0; r < o->nres; r++)
        if (!anchor_put(a, op, &an->has_res[r], &an->res[r], o->res[r], reduced ? &p : &l,
                        "result "))
            return;
    seed_anchor(a, op);
}

static bool
seed_config(Module *m, OpId op, void *ctx)
{
    Assign *a = ctx;
    MmaIntrinsic mma;
    const Attr *cfg = op_attr(m, op, "lowering_config");
    if (!cfg || cfg->kind != ATTR_LOWERING_CONFIG || op_get(m, op)->kind == OP_TO_LAYOUT ||
        (op_get(m, op)->kind == OP_CONTRACT &&
         (op_attr(m, op, "mma_kind") || layout_mma_from_attr(cfg, &mma))))
        return true;
    config_anchor(a, op);
    return true;
}

void
assign_seed_anchors(Assign *a)
{
    module_walk(a->m, a->func, seed_to_layout, a);
    assign_flood(a);
    module_walk(a->m, a->func, seed_mma, a);
    assign_flood(a);
    module_walk(a->m, a->func, seed_config, a);
    assign_flood(a);
}
