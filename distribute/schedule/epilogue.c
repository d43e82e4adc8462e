/*
 * epilogue.c -- a tensor-core result written to global memory with 128-bit,
 * coalesced, edge-clipped stores, through the idle shared memory of the K
 * loop's pipeline, in passes of rows (docs/staging.md, Epilogue).
 *
 * An mma.sync accumulator leaves the registers in fragments: an f32 thread
 * holds 2 adjacent elements of a row (8 bytes), and where the memref's dims are
 * dynamic (in_bounds = false) each element is guarded on its own, so every
 * store is 4 bytes.  Instead, the rows of the tile are moved through workgroup
 * memory into the row-major layout in which each lane holds 16 contiguous
 * bytes and the lanes of a warp cover whole rows (or 32 * 16 bytes of one):
 *
 *   pass p (one batch x outer digit of the row dim, so every thread writes
 *   the same number of elements in every pass: for a 4x2 warp split of a
 *   128x128 f32 tile, rows {32 w + 16 b + 8 o + 0..7} of every warp w):
 *       write the thread's fragments of the pass into a compact rows' x cols
 *       tile (rows padded against bank conflicts, dist_best_pad),
 *       barrier,
 *       read it back, 16 bytes per lane, and store them to global memory:
 *       one 128-bit store where the row is inside the memref, the 16 bytes
 *       are inside the row and the row length is a multiple of 16 bytes (a
 *       uniform test), else element by element with each element's guard.
 *
 * The tile lives in the byte buffer of a pipelined loop that has ended
 * (stage.c's arena): the stage buffers are idle then.  Where two compact
 * tiles fit, passes alternate between them, so one barrier per pass
 * suffices (the barrier of pass p + 1 also orders pass p's reads before pass
 * p + 2's writes).  Elementwise ops on the accumulator were distributed in
 * its own layout before, in registers; only the store moves.
 *
 * Requires:    a vector.transfer_write being rewritten at the function's top
 *              level (distribute.c), its value's per-thread form, and the
 *              global row of each read-back row an affine function of the
 *              thread (checked over every thread; else nothing is done).
 * Ensures:     the write's elements inside the memref are stored once each,
 *              none outside it; no thread writes the pipeline's buffers before
 *              every thread has left the loop (the first barrier).
 * Invalidates: nothing beyond the rewritten write.
 */
#include "distribute/schedule/schedule.h"

#include <string.h>

enum { MAX_PASSES = 64 };

/* Global row offset (from the pass's first row) of compact row j: j = s*TE + t*E + e. */
static int64_t
row_of(int64_t j, int64_t te, int64_t bote)
{
    return j / te * bote + j % te;
}

/* The row-major layout of a rows x cols tile: vec elements per lane, lanes along a
 * row, the warps stacked along the rows. */
static bool
row_major(Ctx *c, int64_t rows, int64_t cols, int64_t vec, NestedLayout *to)
{
    if (cols < vec || cols % vec != 0 || c->nwarps < 1)
        return false;
    int64_t tc = cols / vec < 32 ? cols / vec : 32, tr = 32 / tc, w = c->nwarps;
    if (32 % tc != 0 || rows % (tr * w) != 0 || cols % (vec * tc) != 0)
        return false;
    layout_init(to, 2);
    layout_set_dim(to, 0, w, rows / (tr * w), 1, tr, 1, 1, tc);
    layout_set_dim(to, 1, 1, cols / (vec * tc), 1, tc, vec, 0, 1);
    layout_normalize(to);
    return true;
}

/* The global row of every read-back row is the thread's first one plus a constant. */
static bool
rows_affine(Ctx *c, const NestedLayout *to, int64_t te, int64_t bote)
{
    for (int64_t tid = 0; tid < c->nthreads; tid++) {
        int64_t x[LAYOUT_MAX_RANK];
        layout_element_of(to, tid / 32, tid % 32, 0, x);
        int64_t jt = x[0];
        for (int64_t b = 0; b < to->batch_tile[0]; b++) {
            int64_t so = slot_offset(to, 0, b, 0, 0);
            if (row_of(jt + so, te, bote) != row_of(jt, te, bote) + row_of(so, te, bote))
                return false;
        }
    }
    return true;
}

typedef struct Edge {
    ValueId dim[2];  /* memref.dim of the rows, the columns; 0 where in bounds */
    ValueId aligned; /* the row length is a multiple of vec (i1), 0 = known true */
    int64_t vec;
} Edge;

/* One row piece of vec elements at (row, col): 128 bits where it is whole and aligned. */
/* col_fast: the row length is aligned and the piece at col lies inside the row (0 = true) */
static void
store_piece(Ctx *c, const Transfer *t, const Edge *g, const ValueId *el, TypeId elem, ValueId row,
            ValueId col, ValueId col_fast)
{
    ValueId row_ok = g->dim[0] ? cmp_i(c, CMPI_ULT, row, g->dim[0]) : 0;
    ValueId fast = and_i1(c, row_ok, col_fast);
    RegionSave rs;
    OpId ifop = 0;
    if (fast) {
        ifop = emit_if(c, fast, 0, NULL, true);
        region_enter(c, ifop, 0, &rs);
    }
    ValueId args[4] = { from_elements(c, el, (uint32_t)g->vec, elem), t->memref, row, col };
    OpId st = emit(c, OP_VSTORE, 4, args, 0, NULL, 0);
    /* MLIR's vector.store alignment: the address is a multiple of 16 bytes here (the
       column is a multiple of vec, and so is the row length) */
    int64_t esize = (type_bitwidth(elem) + 7) / 8;
    op_set_attr(c->m, st, "alignment", attr_int(c->m, g->vec * esize, TY_I64));
    if (!fast)
        return;
    region_leave(c, NULL, 0, &rs);
    region_enter(c, ifop, 1, &rs);
    for (int64_t e = 0; e < g->vec; e++) {
        ValueId ce = idx_add_c(c, col, e);
        ValueId ok = and_i1(c, row_ok, g->dim[1] ? cmp_i(c, CMPI_ULT, ce, g->dim[1]) : 0);
        RegionSave inner;
        OpId guard = ok ? emit_if(c, ok, 0, NULL, false) : 0;
        if (guard)
            region_enter(c, guard, 0, &inner);
        ValueId a[4] = { el[e], t->memref, row, ce };
        emit(c, OP_MSTORE, 4, a, 0, NULL, 0);
        if (guard)
            region_leave(c, NULL, 0, &inner);
    }
    region_leave(c, NULL, 0, &rs);
}

/* How one pass's compact tile is read back and stored: the row-major layout (vec
 * elements per lane), the thread's first global row, and per column piece its global
 * column and whether a vec-element store there is whole and aligned. */
typedef struct ReadBack {
    NestedLayout to;
    ValueId row0;
    ValueId col[64], col_fast[64];
} ReadBack;

static bool
readback_fits(Ctx *c, const int64_t *bshape, int64_t vec, int64_t te, int64_t bote,
              NestedLayout *to)
{
    return row_major(c, bshape[0], bshape[1], vec, to) && to->batch_tile[1] <= 64 &&
           rows_affine(c, to, te, bote);
}

/* rb's values for rb->to (readback_fits), at c->out. */
static void
readback_init(Ctx *c, const Transfer *t, const Edge *g, int64_t vec, int64_t te, int64_t bote,
              ReadBack *rb)
{
    /* the thread's first row and column: row_of(jt) past the tile's base */
    ValueId jt = thread_offset(c, &rb->to, 0);
    ValueId q[2] = { jt, const_index(c, te) };
    ValueId hi = idx_mul_c(c, emit1(c, OP_DIVUI, 2, q, TY_INDEX), bote);
    rb->row0 = idx_add(c, t->base[0], idx_add(c, hi, emit1(c, OP_REMUI, 2, q, TY_INDEX)));
    ValueId col0 = idx_add(c, t->base[1], thread_offset(c, &rb->to, 1));
    for (int64_t bc = 0; bc < rb->to.batch_tile[1]; bc++) { /* per column piece, once */
        rb->col[bc] = idx_add_c(c, col0, slot_offset(&rb->to, 1, bc, 0, 0));
        rb->col_fast[bc] = g->aligned;
        if (g->dim[1] && vec > 1)
            rb->col_fast[bc] =
                and_i1(c, rb->col_fast[bc],
                       cmp_i(c, CMPI_ULT, idx_add_c(c, rb->col[bc], vec - 1), g->dim[1]));
    }
}

/* Pass p's compact tile `buf` read back in rb's layout and stored: vec-element pieces
 * (store_piece), or, with one element a lane, each element under its guard, the lanes
 * of a warp adjacent along a row. */
static bool
readback_store(Ctx *c, const Transfer *t, const Edge *g, const ReadBack *rb, ValueId buf,
               TypeId elem, int64_t vec, int64_t p, int64_t te, int64_t bote)
{
    Transfer tb;
    dist_whole_transfer(c, &tb, buf, 2);
    Dist *r = read_tiles(c, &tb, &rb->to, elem);
    if (!r)
        return false;
    for (int64_t br = 0; br < rb->to.batch_tile[0]; br++)
        for (int64_t bc = 0; bc < rb->to.batch_tile[1]; bc++) {
            int64_t b[2] = { br, bc }, o[2] = { 0, 0 }, e[2] = { 0, 0 };
            ValueId el[16];
            for (e[1] = 0; e[1] < vec; e[1]++)
                el[e[1]] = dist_elem(c, r, (uint32_t)layout_slot_pack(&rb->to, b, o, e));
            int64_t dr = row_of(slot_offset(&rb->to, 0, br, 0, 0), te, bote) + p * te;
            ValueId row = idx_add_c(c, rb->row0, dr);
            if (vec > 1) {
                store_piece(c, t, g, el, elem, row, rb->col[bc], rb->col_fast[bc]);
                continue;
            }
            ValueId ok = g->dim[0] ? cmp_i(c, CMPI_ULT, row, g->dim[0]) : 0;
            if (g->dim[1])
                ok = and_i1(c, ok, cmp_i(c, CMPI_ULT, rb->col[bc], g->dim[1]));
            RegionSave rs;
            OpId guard = ok ? emit_if(c, ok, 0, NULL, false) : 0;
            if (guard)
                region_enter(c, guard, 0, &rs);
            ValueId a[4] = { el[0], t->memref, row, rb->col[bc] };
            emit(c, OP_MSTORE, 4, a, 0, NULL, 0);
            if (guard)
                region_leave(c, NULL, 0, &rs);
        }
    return !c->failed;
}

bool
dist_epilogue_write(Ctx *c, const Transfer *t, Dist *v, ValueId arena, int64_t off, int64_t avail,
                    bool *done)
{
    *done = false;
    const NestedLayout *l = v->layout;
    const Type *mt = type_get(c->m, value_type(c->m, t->memref));
    int64_t esize = (type_bitwidth(v->elem) + 7) / 8, shape[2];
    if (l->rank != 2 || t->mrank != 2 || t->mask || t->dim_of[0] != 0 || t->dim_of[1] != 1 ||
        mt->kind != TY_MEMREF || mt->layout || mt->memspace == MS_WORKGROUP ||
        mt->memspace == MS_PRIVATE || (esize != 2 && esize != 4) || c->nthreads % 32 != 0 ||
        l->element_tile[1] * esize >= 16)
        return true; /* not a fragment layout, or its stores are 128 bits already */
    /* a warp's stores cover runs of E * T contiguous elements when its lanes are adjacent
       along the row: fragments that fill whole 32-byte sectors and need no guard per
       element (the column dim in bounds) keep their direct stores */
    int64_t run = l->element_tile[1] * (l->thread_strides[1] == 1 ? l->thread_tile[1] : 1);
    if (t->in_bounds[1] && run * esize >= 32)
        return true;
    int64_t vec = 16 / esize, passes = l->batch_tile[0] * l->outer_tile[0];
    layout_shape(l, shape);
    if (!arena || passes < 1 || passes > MAX_PASSES || shape[0] % passes != 0 ||
        dist_pow2_divisor(c, t->base[1]) < vec)
        return true;
    NestedLayout part = *l, to; /* one pass's fragments, and how they are read back */
    part.batch_tile[0] = part.outer_tile[0] = 1;
    int64_t rows = shape[0] / passes, te = l->thread_tile[0] * l->element_tile[0];
    int64_t bote = passes * te, bshape[2] = { rows, shape[1] };
    if (!row_major(c, rows, shape[1], vec, &to) || to.batch_tile[1] > 64 ||
        !rows_affine(c, &to, te, bote))
        return true;
    const NestedLayout *both[2] = { &part, &to };
    int64_t pad = dist_best_pad(v->elem, 2, bshape, both, 2);
    int64_t bytes = (rows * (shape[1] + pad) * esize + 127) / 128 * 128;
    if (bytes > avail)
        return true;
    *done = true;
    int64_t nbuf = 2 * bytes <= avail ? 2 : 1;
    ValueId buf[2];
    bshape[1] += pad;
    TypeId bt = type_memref(c->m, v->elem, 2, bshape, NULL, MS_WORKGROUP, true);
    OpList *saved = c->out;
    c->out = &c->prologue;
    for (int64_t i = 0; i < nbuf; i++) {
        ValueId a[2] = { arena, const_index(c, off + i * bytes) };
        buf[i] = emit1(c, OP_VIEW, 2, a, bt);
    }
    c->out = saved;
    Edge g = { { 0, 0 }, 0, vec };
    for (uint32_t d = 0; d < 2; d++)
        if (!t->in_bounds[d])
            g.dim[d] = memref_dim(c, t->memref, d);
    if (mt->shape[1] == DIM_DYNAMIC) {
        ValueId rem[2] = { memref_dim(c, t->memref, 1), const_index(c, vec) };
        ValueId r = emit1(c, OP_REMUI, 2, rem, TY_INDEX);
        g.aligned = cmp_i(c, CMPI_EQ, r, const_index(c, 0));
    } else if (mt->shape[1] % vec != 0) {
        g.aligned = const_bool(c, false);
    }
    /* where the row length is not a multiple of vec (a uniform test), the pieces would
       go out element by element, each lane's 16 bytes apart: read back one element a
       lane instead, so that a warp's stores are one run of a row */
    ReadBack rb[2], *fast = &rb[0], *slow = &rb[1];
    int64_t tshape[2] = { rows, shape[1] }, known = 1;
    fast->to = to;
    bool has_slow = g.aligned && (!const_value_of(c, g.aligned, &known) || !known) &&
                    readback_fits(c, tshape, 1, te, bote, &slow->to);
    bool has_fast = !has_slow || !const_value_of(c, g.aligned, &known) || known;
    if (has_fast)
        readback_init(c, t, &g, vec, te, bote, fast);
    barrier(c); /* every thread is past the loop: its buffers are idle */
    for (int64_t p = 0; p < passes && !c->failed; p++) {
        Dist *d = dist_new(c, &part, v->elem);
        for (uint32_t k = 0; k < d->n; k++) {
            int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
            layout_slot_unpack(&part, k, b, o, e);
            b[0] = p / l->outer_tile[0];
            o[0] = p % l->outer_tile[0];
            dist_set_elem(c, d, k, dist_elem(c, v, (uint32_t)layout_slot_pack(l, b, o, e)));
        }
        Transfer tb;
        dist_whole_transfer(c, &tb, buf[p % nbuf], 2);
        if (p && nbuf == 1)
            barrier(c); /* the previous pass's reads are done */
        if (!write_tiles(c, &tb, d, true))
            return false;
        barrier(c);
        if (!has_fast)
            readback_init(c, t, &g, 1, te, bote, slow);
        if (!has_slow || !has_fast) {
            if (!readback_store(c, t, &g, has_fast ? fast : slow, buf[p % nbuf], v->elem,
                                has_fast ? vec : 1, p, te, bote))
                return false;
            continue;
        }
        RegionSave rs;
        OpId ifop = emit_if(c, g.aligned, 0, NULL, true);
        region_enter(c, ifop, 0, &rs);
        if (!readback_store(c, t, &g, fast, buf[p % nbuf], v->elem, vec, p, te, bote))
            return false;
        region_leave(c, NULL, 0, &rs);
        region_enter(c, ifop, 1, &rs);
        readback_init(c, t, &g, 1, te, bote, slow); /* in the branch: nothing live before */
        if (!readback_store(c, t, &g, slow, buf[p % nbuf], v->elem, 1, p, te, bote))
            return false;
        region_leave(c, NULL, 0, &rs);
    }
    return !c->failed;
}
