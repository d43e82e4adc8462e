/*
 * tc05_ring.c -- a K loop's contract on tcgen05 (sm_100a, docs/blackwell.md section 4):
 * the TMA ring of tma_ring.c (its plan, stages, maps, copies and full barriers) feeds
 * tcgen05.mma issued by one thread into an accumulator in tensor memory.
 *
 * A contract with an NV_TCGEN05_* kind (layout/select.c) is a ring's (tma_ring.c,
 * ring_candidate) with r->tc05 set: M = 128, N columns of tensor memory, in an scf.for
 * at the top of the kernel whose one iter_arg is its accumulator.  Instead of vptx.wgmma:
 *
 *   setup        thread 0 initializes full[S] (count 1), empty[S] (count 1: the commit),
 *                done (count 1); warp 0 allocates `cols` tensor-memory columns (a power
 *                of two >= 32 and >= N) into a shared slot and gives up its permit;
 *                tcgen05.fence::before_thread_sync, the ring's barrier, ::after; every
 *                thread reads the address; A's and B's descriptors of stage 0
 *   enter        every thread stores its part of the accumulator's initial value into
 *                tensor memory (tcgen05.st 32x32b: warp w lanes 32 (w % 4).., warpgroup
 *                w / 4 its N / G columns), waits, fences, a barrier
 *   iteration it thread 0: waits full[it % S]; per 32 bytes of K one tcgen05.mma M128
 *                N K16 (K8 for tf32) with A and B from their descriptors moved to the
 *                stage and the K offset, enable-input-d true; tcgen05.commit to
 *                empty[it % S]; refills stage (it - 1) % S with step it + S - 1 after
 *                waiting empty there (the commit of step it - 1).  Other threads: nothing
 *   leave        thread 0 commits to done; every thread waits done (parity 0); a barrier
 *                (warp 0's lanes together again for the .sync.aligned loads); fences,
 *                loads its rows and columns (tcgen05.ld 32x32b, wait::ld): that is the
 *                loop's result, in layout_tcgen05_acc's layout; fence, barrier, warp 0
 *                frees the columns
 *   the store    tma_ring.c's store hook hands the write of the result to tc05_store:
 *                through the idle stages, by rows, whole 128-byte lines a warp store
 *
 * The descriptor (PTX ISA 9.7.16.4.1) takes the ring's image as contract.c makes it for
 * wgmma: A (and B given as (n, k)) K-major swizzled with the span S, SBO 8 rows of S
 * bytes (LBO unused, 16); B given as (k, n) MN-major, LBO the next S-wide block of N (K
 * rows of S bytes), SBO 8 rows of K.  The instruction descriptor (Table 42) is a constant.
 *
 * Requires:    tma_ring.c's plan of the ring (r->tc05), its hooks calling these.
 * Ensures:     the loop's result is the contract's (the sum over K of A B plus the
 *              initial accumulator), every thread holding it in layout_tcgen05_acc's
 *              layout; every allocated column is freed before the kernel goes on.
 * Invalidates: nothing beyond the ring's.
 */
#include "distribute/schedule/ring.h"

#include <string.h>

enum { TC05_CHUNK = 64 }; /* columns of one tcgen05.ld / st (a power of two <= 128) */

static OpId
op0(Ctx *c, OpKind k, uint32_t n, const ValueId *args)
{
    return emit(c, k, n, args, 0, NULL, 0);
}

static void
set_str(Ctx *c, OpId o, const char *name, const char *v)
{
    op_set_attr(c->m, o, name, attr_string(c->m, v, (uint32_t)strlen(v)));
}

void
dist_tc05_fence(Ctx *c, const char *kind)
{
    set_str(c, op0(c, OP_TCGEN05_FENCE, 0, NULL), "kind", kind);
}

void
dist_tc05_wait(Ctx *c, const char *kind)
{
    set_str(c, op0(c, OP_TCGEN05_WAIT, 0, NULL), "kind", kind);
}

static void
tc05_commit(Ctx *c, ValueId bars, ValueId idx)
{
    ValueId a[2] = { bars, idx };
    op0(c, OP_TCGEN05_COMMIT, 2, a);
}

/* if warp 0: ops of kind k (args, cols) */
static void
warp0_op(Ctx *c, OpKind k, uint32_t n, const ValueId *args, int64_t cols)
{
    RegionSave rs;
    ValueId w0 = cmp_i(c, CMPI_EQ, warp_id(c), const_index(c, 0));
    region_enter(c, emit_if(c, w0, 0, NULL, false), 0, &rs);
    OpId o = op0(c, k, n, args);
    op_set_attr(c->m, o, "cols", attr_int(c->m, cols, TY_I64));
    if (k == OP_TCGEN05_ALLOC)
        op0(c, OP_TCGEN05_RELINQUISH, 0, NULL);
    region_leave(c, NULL, 0, &rs);
}

int64_t
tc05_cols(int64_t n)
{
    int64_t cols = 32;
    while (cols < n)
        cols *= 2;
    return cols;
}

void
tc05_setup(Ctx *c, Ring *r, ValueId t0)
{
    Module *m = c->m;
    r->cols = tc05_cols(r->n);
    int64_t one = 1;
    OpList *saved = c->out;
    c->out = &c->prologue;
    r->slot =
        emit1(c, OP_ALLOC, 0, NULL, type_memref(m, TY_I32, 1, &one, NULL, MS_WORKGROUP, true));
    int64_t seg[2] = { 0, 0 };
    op_set_attr(m, value_get(m, r->slot)->def, "operandSegmentSizes",
                attr_dense_array(m, TY_I32, seg, NULL, 2));
    Type gt;
    memset(&gt, 0, sizeof gt);
    gt.kind = TY_MBARRIER_GROUP;
    gt.memspace = MS_WORKGROUP;
    gt.memspace_gpu = true;
    gt.num_barriers = 1;
    r->done = emit1(c, OP_MBARRIER_CREATE, 0, NULL, type_intern(m, &gt));
    c->out = saved;
    ValueId c1 = const_index(c, 1), c0 = const_index(c, 0);
    ValueId b[4] = { r->done, c1, c0, t0 };
    op0(c, OP_MBARRIER_INIT, 4, b);
    ValueId a[2] = { r->slot, const_index(c, 0) };
    warp0_op(c, OP_TCGEN05_ALLOC, 2, a, r->cols);
    dist_tc05_fence(c, "before");
}

/* the shared memory descriptor of operand j's ring at stage 0 */
static ValueId
stage0_desc(Ctx *c, Ring *r, int j)
{
    Module *m = c->m;
    ValueId z = const_index(c, 0);
    ValueId a[3] = { r->ring[j], z, z };
    ValueId d = emit1(c, OP_TCGEN05_SMEM_DESC, 3, a, TY_I64);
    OpId o = value_get(m, d)->def;
    int64_t s = r->span[j], lbo = j == 1 && r->b_mn ? r->rows[1] * s : 16;
    op_set_attr(m, o, "swizzle", attr_int(m, s, TY_I64));
    op_set_attr(m, o, "lbo", attr_int(m, lbo, TY_I64));
    op_set_attr(m, o, "sbo", attr_int(m, 8 * s, TY_I64));
    return d;
}

void
tc05_ready(Ctx *c, Ring *r)
{
    dist_tc05_fence(c, "after");
    ValueId a[2] = { r->slot, const_index(c, 0) };
    r->tmem = emit1(c, OP_MLOAD, 2, a, TY_I32);
    for (int j = 0; j < 2; j++)
        r->desc[j] = stage0_desc(c, r, j);
}

/* Columns a thread holds (N / G), and its tensor-memory address: lane 32 (w % 4), column
   (w / 4) N / G, w the warp. */
static ValueId
thread_taddr(Ctx *c, Ring *r, int64_t *per)
{
    *per = r->n / (c->nthreads / 128);
    ValueId w = warp_id(c);
    ValueId q[2] = { w, const_index(c, 4) };
    ValueId lanes = idx_mul_c(c, emit1(c, OP_REMUI, 2, q, TY_INDEX), 32 << 16);
    ValueId cols = idx_mul_c(c, emit1(c, OP_DIVUI, 2, q, TY_INDEX), *per);
    ValueId off = idx_add(c, lanes, cols);
    ValueId a[2] = { r->tmem, emit1(c, OP_INDEX_CAST, 1, &off, TY_I32) };
    return emit1(c, OP_ADDI, 2, a, TY_I32);
}

static int64_t
chunk_of(int64_t per)
{
    int64_t w = 1;
    while (w * 2 <= TC05_CHUNK && per % (w * 2) == 0)
        w *= 2;
    return w;
}

/* The accumulator's element type: f32, i32 (kind::i8) or f16 (kind::f16 with an f16 D) */
static TypeId
acc_elem(const Ring *r)
{
    const char *t = layout_mma_info(r->mma.kind)->type[2];
    return strcmp(t, "f16") == 0 ? TY_F16 : strcmp(t, "i32") == 0 ? TY_I32 : TY_F32;
}

/* An element of the accumulator as a tensor-memory cell (f32 and i32 as they are; an f16
   D is the low half of its cell, PTX ISA 9.7.16.10.5.4), and back */
static ValueId
to_cell(Ctx *c, ValueId v, TypeId t)
{
    if (t != TY_F16)
        return v;
    ValueId h = emit1(c, OP_BITCAST, 1, &v, TY_I16);
    return emit1(c, OP_EXTUI, 1, &h, TY_I32);
}

static ValueId
from_cell(Ctx *c, ValueId cell, TypeId t)
{
    if (t != TY_F16)
        return cell;
    ValueId h = emit1(c, OP_TRUNCI, 1, &cell, TY_I16);
    return emit1(c, OP_BITCAST, 1, &h, TY_F16);
}

void
tc05_enter(Ctx *c, Ring *r, ValueId init)
{
    int64_t per;
    ValueId base = thread_taddr(c, r, &per);
    int64_t w = chunk_of(per);
    TypeId t = acc_elem(r), ct = t == TY_F16 ? TY_I32 : t;
    for (int64_t at = 0; at < per; at += w) {
        ValueId el[TC05_CHUNK];
        for (int64_t i = 0; i < w; i++)
            el[i] = to_cell(c, extract_elem(c, init, at + i, t), t);
        ValueId addr = ring_i32(c, OP_ADDI, base, at);
        ValueId a[2] = { addr, from_elements(c, el, (uint32_t)w, ct) };
        set_str(c, op0(c, OP_TCGEN05_ST, 2, a), "shape", "32x32b");
    }
    dist_tc05_wait(c, "st");
    dist_tc05_fence(c, "before");
    barrier(c);
    dist_tc05_fence(c, "after");
}

/* The PTX kind of r's instruction, and the instruction descriptor's code for an A or B
   element type (Table 42: kind::f16 F16 0, BF16 1; kind::tf32 TF32 2; kind::f8f6f4 E4M3
   0, E5M2 1; kind::i8 S8 1) */
static const char *
kind_of(const Ring *r)
{
    const MmaInfo *info = layout_mma_info(r->mma.kind);
    return info->k == 8                                                              ? "tf32"
           : strcmp(info->type[0], "i8") == 0                                        ? "i8"
           : strcmp(info->type[0], "f16") == 0 || strcmp(info->type[0], "bf16") == 0 ? "f16"
                                                                                     : "f8f6f4";
}

static int64_t
ab_code(const char *t)
{
    return strcmp(t, "f32") == 0                                                        ? 2
           : strcmp(t, "bf16") == 0 || strcmp(t, "f8E5M2") == 0 || strcmp(t, "i8") == 0 ? 1
                                                                                        : 0;
}

/* The instruction descriptor (PTX ISA 9.7.16.4.2, Table 42): D type (F16 0, F32 1, S32
   2), A and B types, B MN-major (transpose B), N >> 3, M >> 4. */
static int64_t
idesc_of(const Ring *r)
{
    const MmaInfo *info = layout_mma_info(r->mma.kind);
    TypeId d = acc_elem(r);
    int64_t dt = d == TY_F16 ? 0 : d == TY_I32 ? 2 : 1;
    return dt << 4 | ab_code(info->type[0]) << 7 | ab_code(info->type[1]) << 10 |
           (int64_t)r->b_mn << 16 | (r->n >> 3) << 17 | (int64_t)(128 >> 4) << 24;
}

/* desc + (stage * bytes + off) / 16: the descriptor's address field counts 16 bytes */
static ValueId
desc_at(Ctx *c, ValueId desc, ValueId stage64, int64_t bytes, int64_t off)
{
    ValueId a[2] = { stage64, const_int(c, bytes / 16, TY_I64) };
    ValueId prod = emit1(c, OP_MULI, 2, a, TY_I64);
    ValueId b[2] = { prod, const_int(c, off / 16, TY_I64) };
    ValueId d[2] = { desc, emit1(c, OP_ADDI, 2, b, TY_I64) };
    return emit1(c, OP_ADDI, 2, d, TY_I64);
}

/* the MMAs of this step, one per 32 bytes of K, then the commit that frees the stage */
static void
issue_mmas(Ctx *c, Ring *r, ValueId rd)
{
    ValueId s64 = emit1(c, OP_INDEX_CAST, 1, &rd, TY_I64);
    ValueId id = const_int(c, idesc_of(r), TY_I32), on = const_bool(c, true);
    int64_t s0 = r->span[0], s1 = r->span[1];
    for (int64_t kb = 0; kb < r->esize * r->k; kb += 32) {
        int64_t oa = kb % s0 + kb / s0 * r->rows[0] * s0;
        int64_t ob = r->b_mn ? kb / r->esize * s1 : kb % s1 + kb / s1 * r->rows[1] * s1;
        ValueId da = desc_at(c, r->desc[0], s64, r->bytes[0], oa);
        ValueId a[5] = { r->tmem, da, desc_at(c, r->desc[1], s64, r->bytes[1], ob), id, on };
        set_str(c, op0(c, OP_TCGEN05_MMA, 5, a), "kind", kind_of(r));
    }
    tc05_commit(c, r->empty, rd);
}

/* Warp specialization (the default; off with --no-warp-specialize or
   `vptx.warp_specialize = false` on the loop): thread 0 of warp 0 issues the copies and
   thread 32 (warp 1) the MMAs, so the MMA thread never waits for a commit before issuing
   the next step, nor the producer for a full stage. */
void
tc05_plan(Ctx *c, Ring *r)
{
    bool ws;
    if (!dist_loop_flag(c, r->loop, "vptx.warp_specialize", true, &ws, NULL))
        return;
    r->tc05_ws = ws && !c->opt.no_warp_specialize && c->nthreads >= 64;
}

/* this iteration's number (i32): (iv - lb) / step */
static ValueId
iter32(Ctx *c, Ring *r)
{
    const Op *op = op_get(c->m, r->loop);
    ValueId iv = block_get(c->m, op_entry_block(c->m, r->loop, 0))->args.items[0];
    ValueId lb = dist_scalar(c, op->args[0]), step = dist_scalar(c, op->args[2]);
    ValueId a[2] = { iv, lb };
    ValueId d[2] = { emit1(c, OP_SUBI, 2, a, TY_INDEX), step };
    ValueId it = emit1(c, OP_DIVUI, 2, d, TY_INDEX);
    return emit1(c, OP_INDEX_CAST, 1, &it, TY_I32);
}

/* the thread that issues the MMAs (and commits): 32 when warp-specialized, else 0 */
static ValueId
is_mma_thread(Ctx *c, const Ring *r)
{
    return cmp_i(c, CMPI_EQ, thread_id(c), const_index(c, r->tc05_ws ? 32 : 0));
}

void
tc05_issue(Ctx *c, Ring *r)
{
    const Op *op = op_get(c->m, r->loop);
    ValueId iv = block_get(c->m, op_entry_block(c->m, r->loop, 0))->args.items[0];
    ValueId ub = dist_scalar(c, op->args[1]);
    ValueId step = dist_scalar(c, op->args[2]);
    RegionSave rs, rs2, rs3;
    region_enter(c, emit_if(c, is_mma_thread(c, r), 0, NULL, false), 0, &rs);
    ValueId it32 = iter32(c, r);
    ValueId rd = ring_index(c, ring_i32(c, OP_REMUI, it32, r->stages));
    ring_wait_parity(c, r->full, rd, ring_parity(c, it32, r->stages));
    dist_tc05_fence(c, "after");
    issue_mmas(c, r, rd);
    if (r->tc05_ws) { /* the producer, warp 0, on its own */
        region_leave(c, NULL, 0, &rs);
        ValueId t0 = cmp_i(c, CMPI_EQ, thread_id(c), const_index(c, 0));
        region_enter(c, emit_if(c, t0, 0, NULL, false), 0, &rs);
        it32 = iter32(c, r);
    }
    /* refill stage (it - 1) % S, that step's MMAs complete (its commit), with it + S - 1 */
    ValueId prev32 = ring_i32(c, OP_REMUI, ring_i32(c, OP_ADDI, it32, r->stages - 1), r->stages);
    ValueId next = idx_add(c, iv, idx_mul_c(c, step, r->stages - 1));
    region_enter(c, emit_if(c, cmp_i(c, CMPI_SLT, next, ub), 0, NULL, false), 0, &rs2);
    ValueId later = cmp_i(c, CMPI_SGT, it32, const_int(c, 0, TY_I32));
    region_enter(c, emit_if(c, later, 0, NULL, false), 0, &rs3);
    /* one op at a time: argument lists are evaluated in no fixed order */
    ValueId par = ring_parity(c, ring_i32(c, OP_SUBI, it32, 1), r->stages);
    ring_wait_parity(c, r->empty, ring_index(c, prev32), par);
    region_leave(c, NULL, 0, &rs3);
    ring_issue_loads_at(c, r, prev32, next);
    region_leave(c, NULL, 0, &rs2);
    region_leave(c, NULL, 0, &rs);
}

void
tc05_leave(Ctx *c, Ring *r)
{
    Module *m = c->m;
    RegionSave rs;
    region_enter(c, emit_if(c, is_mma_thread(c, r), 0, NULL, false), 0, &rs);
    tc05_commit(c, r->done, const_index(c, 0)); /* every MMA issued: done when they are */
    region_leave(c, NULL, 0, &rs);
    ValueId zero = const_index(c, 0);
    ring_wait_parity(c, r->done, zero, const_bool(c, false));
    /* warp 0's lanes left thread 0 to its loop: a barrier gathers them again before the
       .sync.aligned loads (and costs one per tile) */
    barrier(c);
    dist_tc05_fence(c, "after");
    ValueId res = op_get(m, r->loop)->res[0];
    NestedLayout l;
    if (!result_layout(c, r->loop, 0, &l)) {
        dist_error(c, "the tcgen05 loop's result has no layout");
        return;
    }
    TypeId t = acc_elem(r), ct = t == TY_F16 ? TY_I32 : t;
    Dist *d = dist_new(c, &l, t);
    int64_t per;
    ValueId base = thread_taddr(c, r, &per);
    int64_t w = chunk_of(per);
    TypeId vt = type_vector(m, ct, 1, &w);
    for (int64_t at = 0; at < per && (uint32_t)at < d->n; at += w) {
        ValueId addr = ring_i32(c, OP_ADDI, base, at);
        ValueId v = emit1(c, OP_TCGEN05_LD, 1, &addr, vt);
        set_str(c, value_get(m, v)->def, "shape", "32x32b");
        for (int64_t i = 0; i < w; i++)
            dist_set_elem(c, d, (uint32_t)(at + i), from_cell(c, extract_elem(c, v, i, ct), t));
    }
    dist_tc05_wait(c, "ld");
    dist_bind(c, res, d);
    /* every thread's loads are done before warp 0 frees the columns */
    dist_tc05_fence(c, "before");
    barrier(c);
    dist_tc05_fence(c, "after");
    warp0_op(c, OP_TCGEN05_DEALLOC, 1, &r->tmem, r->cols);
}

/* ---- the epilogue: the result stored by rows through the ring's idle stages ---- */

/* Does v hold a tcgen05 accumulator's 128 x n tile as tcgen05.ld left it (thread 32 w +
   lane: row 32 (w % 4) + lane, columns (w / 4) n / G ..), stored at dims 0, 1 of a global
   memref of 16- or 32-bit elements without a mask? */
static bool
tc05_store_shape(Ctx *c, const Transfer *t, const Dist *v, int64_t *n)
{
    const NestedLayout *l = v->layout;
    const Type *mt = type_get(c->m, value_type(c->m, t->memref));
    int64_t esize = (type_bitwidth(v->elem) + 7) / 8, shape[2];
    if (l->rank != 2 || t->mrank != 2 || t->mask || t->dim_of[0] != 0 || t->dim_of[1] != 1 ||
        mt->kind != TY_MEMREF || mt->layout || mt->memspace == MS_WORKGROUP ||
        mt->memspace == MS_PRIVATE || (esize != 2 && esize != 4) || c->nwarps % 4 != 0)
        return false;
    layout_shape(l, shape);
    NestedLayout acc;
    char why[160];
    *n = shape[1];
    return shape[0] == 128 && layout_tcgen05_acc(shape, c->nwarps, &acc, why, sizeof why) &&
           layout_equal(l, &acc);
}

/* Compact row `row` (its warpgroup's tile row rt), pieces of vec elements from x stored
   at (base0 + rt, gcol): a vec-wide store where the row is inside the memref, the piece
   inside the row and the row length a multiple of vec (aligned; 0 = known), else each
   element under its guard. */
static void
tc05_store_piece(Ctx *c, const Transfer *t, ValueId x, TypeId elem, int64_t vec, ValueId grow,
                 ValueId gcol, ValueId aligned)
{
    ValueId dim0 = t->in_bounds[0] ? 0 : memref_dim(c, t->memref, 0);
    ValueId dim1 = t->in_bounds[1] ? 0 : memref_dim(c, t->memref, 1);
    ValueId row_ok = dim0 ? cmp_i(c, CMPI_ULT, grow, dim0) : 0;
    ValueId fast = and_i1(c, row_ok, aligned);
    if (dim1)
        fast = and_i1(c, fast, cmp_i(c, CMPI_ULE, idx_add_c(c, gcol, vec), dim1));
    RegionSave rs;
    OpId ifop = fast ? emit_if(c, fast, 0, NULL, true) : 0;
    if (ifop)
        region_enter(c, ifop, 0, &rs);
    ValueId sa[4] = { x, t->memref, grow, gcol };
    OpId st = emit(c, OP_VSTORE, 4, sa, 0, NULL, 0);
    op_set_attr(c->m, st, "alignment",
                attr_int(c->m, vec * ((type_bitwidth(elem) + 7) / 8), TY_I64));
    if (!ifop)
        return;
    region_leave(c, NULL, 0, &rs);
    region_enter(c, ifop, 1, &rs);
    for (int64_t e = 0; e < vec; e++) {
        ValueId ce = idx_add_c(c, gcol, e);
        ValueId ok = and_i1(c, row_ok, dim1 ? cmp_i(c, CMPI_ULT, ce, dim1) : 0);
        RegionSave inner;
        OpId guard = ok ? emit_if(c, ok, 0, NULL, false) : 0;
        if (guard)
            region_enter(c, guard, 0, &inner);
        ValueId a[4] = { extract_elem(c, x, e, elem), t->memref, grow, ce };
        emit(c, OP_MSTORE, 4, a, 0, NULL, 0);
        if (guard)
            region_leave(c, NULL, 0, &inner);
    }
    region_leave(c, NULL, 0, &rs);
}

/* Pass k: every thread's columns k cw .. of its row to row tid of buf, a barrier, and the
   warpgroup's 128 rows read back 8 lanes a row, 16 bytes a lane, and stored. */
static void
tc05_store_pass(Ctx *c, const Transfer *t, Dist *v, ValueId buf, int64_t k, int64_t cw, int64_t per,
                ValueId aligned)
{
    TypeId elem = v->elem;
    int64_t vec = 16 / ((type_bitwidth(elem) + 7) / 8), wl = vec;
    TypeId vt = type_vector(c->m, elem, 1, &wl);
    const NestedLayout *l = v->layout;
    ValueId tid = thread_id(c);
    for (int64_t q = 0; q < cw / vec; q++) {
        ValueId el[16];
        for (int64_t e = 0; e < vec; e++) {
            int64_t b[2] = { 0, 0 }, o[2] = { 0, 0 }, x[2] = { 0, k * cw + q * vec + e };
            el[e] = dist_elem(c, v, (uint32_t)layout_slot_pack(l, b, o, x));
        }
        ValueId piece = from_elements(c, el, (uint32_t)vec, elem); /* one op a statement */
        ValueId sa[4] = { piece, buf, tid, const_index(c, q * vec) };
        OpId st = emit(c, OP_VSTORE, 4, sa, 0, NULL, 0);
        op_set_attr(c->m, st, "alignment", attr_int(c->m, 16, TY_I64));
    }
    barrier(c);
    ValueId d128[2] = { tid, const_index(c, 128) }, d8[2];
    ValueId wg = emit1(c, OP_DIVUI, 2, d128, TY_INDEX), i = emit1(c, OP_REMUI, 2, d128, TY_INDEX);
    d8[0] = i, d8[1] = const_index(c, cw / vec);
    ValueId lr = emit1(c, OP_DIVUI, 2, d8, TY_INDEX), lq = emit1(c, OP_REMUI, 2, d8, TY_INDEX);
    ValueId col = idx_mul_c(c, lq, vec), wrow = idx_mul_c(c, wg, 128);
    ValueId gcol = idx_add(c, t->base[1], idx_mul_c(c, wg, per));
    gcol = idx_add(c, gcol, idx_add_c(c, col, k * cw));
    int64_t step = 128 / (cw / vec);
    for (int64_t it = 0; it < 128 / step; it++) {
        ValueId rt = idx_add_c(c, lr, it * step);
        ValueId la[3] = { buf, idx_add(c, wrow, rt), col };
        ValueId x = emit1(c, OP_VLOAD, 3, la, vt);
        tc05_store_piece(c, t, x, elem, vec, idx_add(c, t->base[0], rt), gcol, aligned);
    }
}

/*
 * v, the loop's result as tcgen05.ld left it, stored by t through the ring's idle stages
 * (avail bytes of arena from byte off): each thread holds one row, so its own stores put
 * a warp's 32 lanes on 32 rows, a sector each.  Instead, in passes of cw columns (128
 * bytes of a row) of each warpgroup's n / G: thread tid writes its row's cw elements to
 * row tid of a G 128 x cw tile (rows padded by 16 bytes: the 16-byte writes and reads
 * conflict-free), a barrier, and each warpgroup reads its 128 rows back, 8 lanes a row
 * and 16 bytes a lane, and stores them: a warp store is 4 rows' 128 contiguous bytes.
 * Ragged rows and columns are guarded per piece (store_piece's form).  *done when so.
 */
bool
tc05_store(Ctx *c, const Transfer *t, Dist *v, ValueId arena, int64_t off, int64_t avail,
           bool *done)
{
    *done = false;
    int64_t n, esize = (type_bitwidth(v->elem) + 7) / 8;
    if (!arena || !tc05_store_shape(c, t, v, &n))
        return true;
    int64_t g = c->nwarps / 4, per = n / g, cw = 128 / esize, vec = 16 / esize;
    int64_t pitch = cw + vec, bytes = g * 128 * pitch * esize;
    if (per % cw != 0 || bytes > avail || dist_pow2_divisor(c, t->base[1]) < vec)
        return true;
    *done = true;
    int64_t bshape[2] = { g * 128, pitch };
    TypeId bt = type_memref(c->m, v->elem, 2, bshape, NULL, MS_WORKGROUP, true);
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId va[2] = { arena, const_index(c, off) };
    ValueId buf = emit1(c, OP_VIEW, 2, va, bt);
    c->out = saved;
    /* the row length a multiple of vec: every piece's address on 16 bytes */
    const Type *mt = type_get(c->m, value_type(c->m, t->memref));
    ValueId aligned = 0;
    if (mt->shape[1] == DIM_DYNAMIC) {
        ValueId len = memref_dim(c, t->memref, 1);
        ValueId rem[2] = { len, const_index(c, vec) };
        ValueId r0 = emit1(c, OP_REMUI, 2, rem, TY_INDEX);
        aligned = cmp_i(c, CMPI_EQ, r0, const_index(c, 0));
    } else if (mt->shape[1] % vec != 0) {
        aligned = const_bool(c, false);
    }
    if (c->opt.remarks)
        diag_remark(c->d, c->loc,
                    "'vector.transfer_write' goes through the TMA ring's idle stages: the "
                    "tcgen05 accumulator's rows (a thread each) in %lld pass(es) of %lld "
                    "columns a warpgroup to shared memory, read back 8 lanes a row, %lld-byte "
                    "stores of 4 rows' whole 128-byte lines a warp (each thread's own stores "
                    "would put a warp on 32 rows, a sector each)",
                    (long long)(per / cw), (long long)cw, (long long)(vec * esize));
    barrier(c); /* every thread is past the loop: the stages are idle */
    for (int64_t k = 0; k < per / cw && !c->failed; k++) {
        if (k)
            barrier(c); /* the previous pass's reads are done */
        tc05_store_pass(c, t, v, buf, k, cw, per, aligned);
    }
    return !c->failed;
}
