/*
 * transfer.c -- vector.transfer_read / transfer_write / vector.load / store: the op's
 * memref, indices, permutation map, in_bounds and mask as a Transfer, whose tiles
 * memory.c reads and writes.
 *
 * A schedule may take the op instead (its read and write hooks: a staged or TMA-fed
 * operand, a TMA-store epilogue), and a 2-d store whose layout makes a warp's stores
 * strided is first converted to one of 128-bit stores (epilogue_layout).
 *
 * Requires:    distribute.c's Ctx; the transfer's vector (result or operand)
 *              carries a layout and, for writes, is distributed already; the memref
 *              and indices are scalars (renamed through c->map).
 * Ensures:     what memory.c ensures, for the op's elements.
 * Invalidates: nothing beyond the block being rebuilt.
 */
#include "distribute/lowering/lowering.h"

#include <string.h>

/* ---- stores of 128 bits ---- */

/*
 * A 2-d value written to global memory whose layout makes a warp's stores
 * strided -- runs of less than a 32-byte sector along the memref's contiguous
 * dim, as an f16 mma.sync accumulator's 4 lanes x 2 elements per row -- is first
 * converted, through workgroup memory, to the row-major layout in which every
 * lane holds 16 contiguous bytes and the lanes of a warp cover whole rows: then
 * every store is 128 bits and coalesced.  (An f32 accumulator's runs are 32
 * bytes: its 8-byte stores already fill whole sectors and stay.)
 * Only where the alignment is provable (a static row length of whole 16-byte
 * pieces, a column base that is a multiple of 16 bytes, the column dim in
 * bounds) and the conversion buffer fits the 48 KiB with everything else.
 * Elementwise ops on the value were distributed in its own layout before, in
 * registers; only the store moves.
 */
static Dist *
epilogue_layout(Ctx *c, const Transfer *t, Dist *v)
{
    const NestedLayout *l = v->layout;
    const Type *mt = type_get(c->m, value_type(c->m, t->memref));
    int64_t esize = (type_bitwidth(v->elem) + 7) / 8;
    if (l->rank != 2 || t->mrank != 2 || t->mask || t->dim_of[0] != 0 || t->dim_of[1] != 1 ||
        !t->in_bounds[1] || mt->kind != TY_MEMREF || mt->layout || mt->memspace == MS_WORKGROUP ||
        mt->memspace == MS_PRIVATE || esize > 16 || 16 % esize != 0 || c->nthreads % 32 != 0)
        return v;
    int64_t vec = 16 / esize, shape[2];
    layout_shape(l, shape);
    /* a warp's store covers runs of E * T contiguous elements when its lanes are
       adjacent along the row: convert only where a run is under a 32-byte sector */
    int64_t run = l->element_tile[1] * (l->thread_strides[1] == 1 ? l->thread_tile[1] : 1);
    if (run * esize >= 32 || mt->shape[1] == DIM_DYNAMIC || mt->shape[1] % vec != 0 ||
        shape[1] % vec != 0 || dist_pow2_divisor(c, t->base[1]) < vec)
        return v;
    int64_t tc = shape[1] / vec < 32 ? shape[1] / vec : 32, tr = 32 / tc, w = c->nwarps;
    if (32 % tc != 0 || shape[0] % (tr * w) != 0)
        return v;
    int64_t bytes = shape[0] * shape[1] * esize;
    if (dist_smem_so_far(c) + bytes + bytes / 8 > TARGET_SMEM_STATIC)
        return v;
    NestedLayout to;
    layout_init(&to, 2);
    layout_set_dim(&to, 0, w, shape[0] / (tr * w), 1, tr, 1, 1, tc);
    layout_set_dim(&to, 1, 1, shape[1] / (vec * tc), 1, tc, vec, 0, 1);
    layout_normalize(&to);
    Dist *d = convert_dist(c, v, &to);
    return d ? d : v;
}
/* ---- the ops ---- */

/* permutation_map, in_bounds and the mask of a transfer op; args from `first` are indices */
static bool
describe(Ctx *c, OpId o, uint32_t mem, uint32_t first, uint32_t vrank, int32_t mask_arg,
         Transfer *t)
{
    memset(t, 0, sizeof *t);
    Op *op = op_get(c->m, o);
    t->memref = dist_scalar(c, op->args[mem]);
    t->mrank = type_get(c->m, value_type(c->m, t->memref))->rank;
    if (t->mrank > LAYOUT_MAX_RANK || vrank > LAYOUT_MAX_RANK)
        return dist_error(c, "'%s' of rank > %d", op_name(c->m, o), LAYOUT_MAX_RANK);
    for (uint32_t p = 0; p < t->mrank; p++)
        t->base[p] = dist_scalar(c, op_get(c->m, o)->args[first + p]);
    const Attr *pm = op_attr(c->m, o, "permutation_map");
    const Attr *ib = op_attr(c->m, o, "in_bounds");
    for (uint32_t i = 0; i < LAYOUT_MAX_RANK; i++) {
        t->dim_of[i] = -1;
        t->mask_dim[i] = -1;
    }
    for (uint32_t i = 0; i < vrank; i++) {
        t->dim_of[i] = pm && pm->kind == ATTR_AFFINE_MAP ? affine_map_result_dim(pm->map, i)
                                                         : (int32_t)(t->mrank - vrank + i);
        t->in_bounds[i] = ib ? attr_bool_at(ib, i) : true;
        if (t->dim_of[i] < 0)
            t->in_bounds[i] = true;
    }
    if (mask_arg >= 0) {
        t->mask = dist_of(c, op_get(c->m, o)->args[mask_arg]);
        if (!t->mask)
            return false;
        uint32_t k = 0; /* mask dims: the vector dims in memref-dim order */
        for (uint32_t p = 0; p < t->mrank; p++)
            for (uint32_t i = 0; i < vrank; i++)
                if (t->dim_of[i] == (int32_t)p)
                    t->mask_dim[i] = (int32_t)k++;
    }
    return true;
}

static void
segments(Ctx *c, OpId o, int64_t *seg, uint32_t n)
{
    const Attr *a = op_attr(c->m, o, "operandSegmentSizes");
    for (uint32_t i = 0; i < n; i++)
        seg[i] = a && a->kind == ATTR_DENSE_ARRAY && i < a->n ? a->ints[i] : 0;
}

bool
distribute_transfer_read(Ctx *c, OpId o)
{
    bool staged;
    if (!sched_read(c, o, &staged) || staged)
        return !c->failed;
    int64_t seg[4];
    segments(c, o, seg, 4);
    ValueId res = op_get(c->m, o)->res[0];
    NestedLayout l;
    if (!result_layout(c, o, 0, &l))
        return dist_error(c, "'vector.transfer_read' result has no layout");
    uint32_t vrank = type_get(c->m, value_type(c->m, res))->rank;
    Transfer t;
    if (!describe(c, o, 0, 1, vrank, seg[3] ? (int32_t)(1 + seg[1] + 1) : -1, &t))
        return false;
    t.padding = dist_scalar(c, op_get(c->m, o)->args[1 + seg[1]]);
    Dist *d = read_tiles(c, &t, &l, type_element(c->m, value_type(c->m, res)));
    if (!d)
        return false;
    dist_bind(c, res, d);
    return true;
}

bool
distribute_transfer_write(Ctx *c, OpId o)
{
    bool by_tma; /* a TMA ring's accumulator stored by TMA (tma_ring.c) */
    if (!sched_write(c, o, &by_tma) || by_tma)
        return !c->failed;
    int64_t seg[4];
    segments(c, o, seg, 4);
    Dist *v = dist_of(c, op_get(c->m, o)->args[0]);
    if (!v)
        return false;
    if (op_get(c->m, o)->nres)
        return dist_error(c, "'vector.transfer_write' to a tensor cannot be distributed");
    Transfer t;
    if (!describe(c, o, 1, 2, (uint32_t)v->layout->rank, seg[3] ? (int32_t)(2 + seg[2]) : -1, &t))
        return false;
    Dist *w = epilogue_layout(c, &t, v);
    bool staged = false; /* through the pipeline's idle buffers (epilogue.c) */
    if (w == v && (!sched_store(c, &t, v, &staged) || staged))
        return !c->failed;
    return !c->failed && write_tiles(c, &t, w, true);
}

static bool
plain(Ctx *c, OpId o, uint32_t mem, uint32_t vrank, Transfer *t)
{
    if (!describe(c, o, mem, mem + 1, vrank, -1, t))
        return false;
    for (uint32_t i = 0; i < vrank; i++) {
        t->dim_of[i] = (int32_t)(t->mrank - vrank + i);
        t->in_bounds[i] = true;
    }
    return true;
}

bool
distribute_vector_load(Ctx *c, OpId o)
{
    ValueId res = op_get(c->m, o)->res[0];
    NestedLayout l;
    if (!result_layout(c, o, 0, &l))
        return dist_error(c, "'vector.load' result has no layout");
    Transfer t;
    if (!plain(c, o, 0, type_get(c->m, value_type(c->m, res))->rank, &t))
        return false;
    Dist *d = read_tiles(c, &t, &l, type_element(c->m, value_type(c->m, res)));
    if (!d)
        return false;
    dist_bind(c, res, d);
    return true;
}

bool
distribute_vector_store(Ctx *c, OpId o)
{
    Dist *v = dist_of(c, op_get(c->m, o)->args[0]);
    Transfer t;
    if (!v || !plain(c, o, 1, (uint32_t)v->layout->rank, &t))
        return false;
    return write_tiles(c, &t, v, true);
}
