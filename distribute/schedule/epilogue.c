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

#include <inttypes.h>
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
    mt = type_get(c->m, value_type(c->m, t->memref)); /* type_memref may grow the table */
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

/* ---- the rows form: any row length, every request on whole sectors (tma_ring.c) ---- */

/*
 * Where the row length is not a multiple of a 32-byte sector, a fragment's stores
 * straddle sectors however wide they are (a wgmma f32 accumulator's quarter warp writes
 * 32 bytes of a row, which then start inside a sector: 28.5% of the bytes it moves at
 * N = 129), and so does a warp that stores a row from its first column: the row starts
 * inside a sector.  The rows form reads a pass's compact tile back a row at a time, warp
 * w taking compact rows w, w + nw, ...: the row's first element lies d = (row * pitch +
 * col0) % S elements past a sector boundary (S elements a sector, the memref's base on
 * 32 bytes as allocations are), and chunk k of the row is the 32 lanes' vec elements at
 * tile columns 32 vec k + vec lane - d.  Each chunk is then whole aligned sectors, of
 * which its lanes inside the tile (and the memref) fill all but the row's first and last
 * partial ones: a request's sectors are the fewest its bytes need.  vec is the widest of
 * 16 bytes or less that divides the row length (a uniform test where it is dynamic; 1
 * else).  Where the fragments' own stores fill whole sectors when the row length is a
 * multiple of S, they stay: at compile time for a static length, by a uniform test of
 * the length for a dynamic one.
 */
typedef struct Rows {
    const Transfer *t;
    TypeId elem;
    int64_t esize, se;    /* bytes of an element; elements of a 32-byte sector */
    int64_t rows, cols;   /* one pass's compact tile */
    int64_t te, bote, nw; /* row_of's digits; the warps */
    ValueId dim[2];       /* memref.dim of the rows, the columns; 0 where in bounds */
    ValueId pitch;        /* the row length */
    ValueId roww;         /* the global row of the warp's first compact row, less the pass's */
} Rows;

/* Compact row w + nw i is row_of(w) + row_of(nw i) for every warp w and i. */
static bool
rows_additive(int64_t nw, int64_t rows, int64_t te, int64_t bote)
{
    for (int64_t w = 0; w < nw; w++)
        for (int64_t i = 0; i < rows / nw; i++)
            if (row_of(w + nw * i, te, bote) != row_of(w, te, bote) + row_of(nw * i, te, bote))
                return false;
    return true;
}

/* Pass p's compact tile `buf` stored by rows, vec elements a lane (the rows form). */
static void
rows_store(Ctx *c, const Rows *R, ValueId buf, int64_t p, int64_t vec)
{
    const Transfer *t = R->t;
    int64_t span = 32 * vec, nch = (R->cols - 1 + R->se - vec) / span + 1, wl = vec;
    TypeId vt = vec > 1 ? type_vector(c->m, R->elem, 1, &wl) : R->elem;
    for (int64_t i = 0; i < R->rows / R->nw; i++) {
        ValueId row = idx_add_c(c, R->roww, row_of(R->nw * i, R->te, R->bote) + p * R->te);
        ValueId jv = idx_add_c(c, warp_id(c), R->nw * i); /* the compact row */
        ValueId rp[2] = { row, R->pitch };
        ValueId at[2] = { idx_add(c, emit1(c, OP_MULI, 2, rp, TY_INDEX), t->base[1]),
                          const_index(c, R->se) };
        ValueId d = emit1(c, OP_REMUI, 2, at, TY_INDEX); /* the row's start past a sector */
        ValueId dv[2] = { d, const_index(c, vec) };      /* in pieces (d is a multiple of vec) */
        if (vec > 1)
            d = emit1(c, OP_DIVUI, 2, dv, TY_INDEX);
        ValueId row_ok = R->dim[0] ? cmp_i(c, CMPI_ULT, row, R->dim[0]) : 0;
        for (int64_t k = 0; k < nch; k++) {
            /* below 0 (wrapped) in chunk 0; a multiple of vec, as the loads need */
            ValueId cd[2] = { idx_add_c(c, lane_id(c), 32 * k), d };
            ValueId col = idx_mul_c(c, emit1(c, OP_SUBI, 2, cd, TY_INDEX), vec);
            ValueId ok = row_ok;
            if (k == 0 || span * (k + 1) > R->cols)
                ok = and_i1(c, ok, cmp_i(c, CMPI_ULT, col, const_index(c, R->cols)));
            ValueId gcol = idx_add(c, t->base[1], col);
            if (R->dim[1]) /* a piece starts on vec, and so does the row's end */
                ok = and_i1(c, ok, cmp_i(c, CMPI_ULT, gcol, R->dim[1]));
            RegionSave rs;
            OpId guard = ok ? emit_if(c, ok, 0, NULL, false) : 0;
            if (guard)
                region_enter(c, guard, 0, &rs);
            ValueId la[3] = { buf, jv, col };
            ValueId x = emit1(c, vec > 1 ? OP_VLOAD : OP_MLOAD, 3, la, vt);
            ValueId sa[4] = { x, t->memref, row, gcol };
            OpId st = emit(c, vec > 1 ? OP_VSTORE : OP_MSTORE, 4, sa, 0, NULL, 0);
            if (vec > 1) /* the row length and the column are multiples of vec */
                op_set_attr(c->m, st, "alignment", attr_int(c->m, vec * R->esize, TY_I64));
            if (guard)
                region_leave(c, NULL, 0, &rs);
        }
    }
}

/* The fragments of pass p of v (layout l; part: one pass's) written to buf. */
static bool
rows_write_pass(Ctx *c, Dist *v, const NestedLayout *part, ValueId buf, int64_t p)
{
    const NestedLayout *l = v->layout;
    Dist *d = dist_new(c, part, v->elem);
    for (uint32_t k = 0; k < d->n; k++) {
        int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
        layout_slot_unpack(part, k, b, o, e);
        b[0] = p / l->outer_tile[0];
        o[0] = p % l->outer_tile[0];
        dist_set_elem(c, d, k, dist_elem(c, v, (uint32_t)layout_slot_pack(l, b, o, e)));
    }
    Transfer tb;
    dist_whole_transfer(c, &tb, buf, 2);
    return write_tiles(c, &tb, d, true);
}

/* The passes of the rows form: fragments to buf, barrier, read back by rows; vec == 0:
   the widest vmax where the row length is a multiple of it (a test), else 1. */
static bool
rows_passes(Ctx *c, Rows *R, Dist *v, const NestedLayout *part, const ValueId *buf, int64_t nbuf,
            int64_t passes, int64_t vec, int64_t vmax)
{
    ValueId q[2] = { warp_id(c), const_index(c, R->te) };
    ValueId hi = idx_mul_c(c, emit1(c, OP_DIVUI, 2, q, TY_INDEX), R->bote);
    R->roww = idx_add(c, R->t->base[0], idx_add(c, hi, emit1(c, OP_REMUI, 2, q, TY_INDEX)));
    ValueId wide = 0;
    if (!vec) {
        ValueId rem[2] = { R->pitch, const_index(c, vmax) };
        wide = cmp_i(c, CMPI_EQ, emit1(c, OP_REMUI, 2, rem, TY_INDEX), const_index(c, 0));
    }
    barrier(c); /* every thread is past the loop: its buffers are idle */
    for (int64_t p = 0; p < passes && !c->failed; p++) {
        if (p && nbuf == 1)
            barrier(c); /* the previous pass's reads are done */
        if (!rows_write_pass(c, v, part, buf[p % nbuf], p))
            return false;
        barrier(c);
        if (!wide) {
            rows_store(c, R, buf[p % nbuf], p, vec);
            continue;
        }
        RegionSave rs;
        OpId ifop = emit_if(c, wide, 0, NULL, true);
        region_enter(c, ifop, 0, &rs);
        rows_store(c, R, buf[p % nbuf], p, vmax);
        region_leave(c, NULL, 0, &rs);
        region_enter(c, ifop, 1, &rs);
        rows_store(c, R, buf[p % nbuf], p, 1);
        region_leave(c, NULL, 0, &rs);
    }
    return !c->failed;
}

bool
dist_epilogue_rows(Ctx *c, const Transfer *t, Dist *v, ValueId arena, int64_t off, int64_t avail,
                   const char *where, bool *done)
{
    *done = false;
    const NestedLayout *l = v->layout;
    const Type *mt = type_get(c->m, value_type(c->m, t->memref));
    int64_t esize = (type_bitwidth(v->elem) + 7) / 8, shape[2];
    if (!arena || l->rank != 2 || t->mrank != 2 || t->mask || t->dim_of[0] != 0 ||
        t->dim_of[1] != 1 || mt->kind != TY_MEMREF || mt->layout || mt->memspace == MS_WORKGROUP ||
        mt->memspace == MS_PRIVATE || (esize != 2 && esize != 4) || c->nthreads % 32 != 0 ||
        c->nwarps < 1 || l->element_tile[1] * esize >= 16)
        return true; /* not a fragment layout, or its stores are 128 bits already */
    int64_t se = 32 / esize, calign = dist_pow2_divisor(c, t->base[1]);
    /* the fragments' runs: E * T contiguous elements when a warp's lanes are adjacent */
    int64_t run = l->element_tile[1] * (l->thread_strides[1] == 1 ? l->thread_tile[1] : 1);
    bool direct = run * esize >= 32 && run % se == 0 && calign >= se;
    bool dyn = mt->shape[1] == DIM_DYNAMIC;
    if (direct && !dyn && mt->shape[1] % se == 0)
        return true; /* whole sectors already */
    int64_t passes = l->batch_tile[0] * l->outer_tile[0], nw = c->nwarps;
    layout_shape(l, shape);
    if (passes < 1 || passes > MAX_PASSES || shape[0] % passes != 0)
        return true;
    NestedLayout part = *l, to;
    part.batch_tile[0] = part.outer_tile[0] = 1;
    int64_t rows = shape[0] / passes, te = l->thread_tile[0] * l->element_tile[0];
    int64_t bote = passes * te, bshape[2] = { rows, shape[1] };
    if (rows % nw != 0 || !rows_additive(nw, rows, te, bote))
        return true;
    /* at most 16 bytes, and a row of the tile in two requests at least: the row's first
       and last partial sectors in different ones */
    int64_t vmax = 16 / esize;
    while (vmax > 1 && (vmax > calign || 32 * vmax > shape[1]))
        vmax /= 2;
    /* the pad: the fragments' writes and rows of vmax-element reads, conflict-free */
    const NestedLayout *both[2] = { &part, &to };
    int64_t pad =
        dist_best_pad(v->elem, 2, bshape, both, row_major(c, rows, shape[1], vmax, &to) ? 2 : 1);
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
    Rows R = { t, v->elem, esize, se, rows, shape[1], te, bote, nw, { 0, 0 }, 0, 0 };
    for (uint32_t d = 0; d < 2; d++)
        if (!t->in_bounds[d])
            R.dim[d] = memref_dim(c, t->memref, d);
    mt = type_get(c->m, value_type(c->m, t->memref)); /* type_memref may grow the table */
    R.pitch = dyn ? memref_dim(c, t->memref, 1) : const_index(c, mt->shape[1]);
    int64_t vec = vmax; /* 0: a test */
    if (!dyn)
        while (mt->shape[1] % vec != 0)
            vec /= 2;
    else if (vmax > 1)
        vec = 0;
    if (c->opt.remarks) {
        char how[96] = "";
        if (!vec)
            snprintf(how, sizeof how,
                     " where the row length is a multiple of %" PRId64 " elements, else %" PRId64
                     "-byte",
                     vmax, esize);
        diag_remark(c->d, c->loc,
                    "'vector.transfer_write' goes through %s: the fragments in %" PRId64
                    " pass(es) of %" PRId64 " rows to shared memory (rows padded by %" PRId64
                    " elements), read back a row at a time, consecutive lanes on consecutive "
                    "columns from a 32-byte sector boundary of the row (every store request on "
                    "whole sectors), %" PRId64 "-byte stores%s%s",
                    where, passes, rows, pad, (vec ? vec : vmax) * esize, how,
                    !direct ? ""
                    : dyn   ? "; where the row length is a multiple of 32 bytes (a test of the "
                              "sizes) the fragments' own stores, which then fill whole sectors"
                            : "");
    }
    if (!direct || !dyn)
        return rows_passes(c, &R, v, &part, buf, nbuf, passes, vec, vmax);
    /* the fragments' own stores where the row length is a multiple of se */
    ValueId rem[2] = { R.pitch, const_index(c, se) };
    ValueId whole = cmp_i(c, CMPI_EQ, emit1(c, OP_REMUI, 2, rem, TY_INDEX), const_index(c, 0));
    RegionSave rs;
    OpId ifop = emit_if(c, whole, 0, NULL, true);
    region_enter(c, ifop, 0, &rs);
    if (!write_tiles(c, t, v, true))
        return false;
    region_leave(c, NULL, 0, &rs);
    region_enter(c, ifop, 1, &rs);
    if (!rows_passes(c, &R, v, &part, buf, nbuf, passes, vec, vmax))
        return false;
    region_leave(c, NULL, 0, &rs);
    return !c->failed;
}
