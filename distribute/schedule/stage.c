/*
 * stage.c -- mma.sync operands staged through shared memory, and K loops
 * software-pipelined over several stages (docs/staging.md).
 *
 * A vector.transfer_read inside an scf.for qualifies when it reads a 2-d tile
 * of 16-bit elements from a global memref (identity layout, or a view of one
 * through unit-stride memref.subview ops: view_chain; identity
 * permutation map, no mask) into an mma.sync fragment layout that ldmatrix can
 * load (ldmatrix.c), its only users are vector.contract operands, and the
 * kernel never writes that memref (the copies read it iterations ahead of the
 * loop's own order).  Instead of per-thread loads of fragments straight from
 * global memory, it becomes:
 *
 *   copies    every thread moves whole 16-byte chunks of the tile with
 *             cp.async.cg (nvgpu.device_async_copy) into a workgroup buffer that
 *             this file allocates: one rows x cols slice per pipeline stage,
 *             stored as memref<S x rows*cols>.  Chunk q = tid + i * nthreads is
 *             row q / C, chunk q % C (C = cols / 8), so a warp's global reads are
 *             consecutive 16-byte pieces of whole rows.
 *   swizzle   the chunks of a row are stored XOR-permuted (dist_swizzle_col): the
 *             copies and the ldmatrix rows of one 8x8 matrix each hit eight
 *             different 16-byte bank groups, so both are conflict-free without
 *             padding.
 *   reads     ldmatrix (.trans where the fragment wants it: a K x N operand) from
 *             the slice of the current stage; each lane's offset inside a slice is
 *             computed once, in the function prologue.
 *   edges     an index dim with in_bounds = false gets cp.async's src-size
 *             operand: the part of a chunk past the memref's end (or all of a
 *             chunk on a row past it) is zero-filled, not read.
 *
 * Pipelining.  When a qualifying read sits directly in the body of an scf.for
 * and each of its indices is either the loop's induction variable or defined
 * outside the loop, all such reads of the loop form one pipeline of N stages
 * (N = the loop's `vptx.pipeline_stages`, else --pipeline-stages, else the
 * largest of 4, 3, 2 whose buffers fit the 48 KiB of static shared memory):
 *
 *   before the loop   the copies' loop-invariant rows, row guards, column and
 *                     chunk length, and views of the operand whose origin is
 *                     the copies' invariant row and column, so that in the loop a
 *                     copy adds only the part k moves (hoist_pipe, copy_view);
 *                     iterations 0 .. N-2: copies
 *                     into stages 0 .. N-2, one cp.async group each (skipped
 *                     past the loop's end)
 *   iteration it      wait_group N-2 (the group of `it` has landed); one
 *                     barrier (every thread's copies visible, and every
 *                     thread done reading the slice overwritten next);
 *                     copies of iteration it+N-1 into stage (it+N-1) % N
 *                     (their arithmetic, then the copies under one scf.if:
 *                     skipped past the end), commit; then the ldmatrix reads
 *                     of stage it % N and the mma.sync ops (contract.c issues
 *                     the mma ops K step by K step, with the ldmatrix of step
 *                     k+1 between those of step k, and stage_spread then
 *                     moves the copies between the last K step's mma ops)
 *   after the loop    wait_group 0
 *
 * Sector windows (opt-in, vptx.sector_windows on the loop, N >= 3): rows of A that start
 * inside a 32-byte sector are copied from that sector's start, the tile's last chunk with
 * the next tile's copies, one group later (window_plan and the functions after it).
 *
 * With N = 1 (or a read that cannot be pipelined) each iteration copies,
 * waits for its own group and synchronizes before reading.
 *
 * A tile read at the function's top level before the loop whose contracts use it
 * (attention's Q) is staged too, once: copied into the last stage's slice of one of
 * the loop's reads, waited for and read with ldmatrix after the loop's prologue
 * copies (place_invariant).
 *
 * Requires:    the function's layouts assigned and verified; its hooks called through
 *              the schedule interface (stage_schedule, at the end of the file: the plan
 *              before the rewrite, the loop, read and store hooks while it runs).
 * Ensures:     each staged read yields the same per-thread fragment values as a
 *              direct read; every buffer a stage overwrites has been read by every
 *              thread first (the barrier per iteration); the workgroup buffers fit
 *              48 KiB, or the opt-in size with vptx.dynamic_smem set on the kernel.
 * Invalidates: the staged transfer_reads (replaced), the function's workgroup
 *              memory total.
 *
 * A top-level pipelined loop's buffers are views of one byte buffer (an arena),
 * which epilogue.c reuses after the loop (stage_arena).
 */
#include "distribute/schedule/schedule.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

typedef struct Staged {
    OpId read;
    uint32_t pipe;
    TypeId elem;
    int64_t rows, cols, chunks; /* the tile as in memory; chunks = cols / 8 per row */
    bool in_bounds[2];          /* of the memref's rows and columns */
    /* a view (view_chain): the identity-layout memref under it, the static part of its
       column offset there and the offsets' SSA values (original IR); whether 16-byte
       alignment of its rows needs a check when the kernel runs */
    ValueId root;
    int64_t vcol;
    ValueId vcol_dyn[LAYOUT_MAX_RANK];
    uint32_t nvcol_dyn;
    bool view, view_check;
    /* a view whose rows are not contiguous in memory (a column stride other than 1
       somewhere in its chain: strided_view_step): copied element by element only */
    bool elems;
    int64_t colstride; /* that stride in elements of the root (DIM_DYNAMIC: unknown) */
    ValueId h_aligned; /* that check, made before a pipelined loop (hoist_pipe) */
    bool tr;           /* read transposed (vector dim 0 along the memref's columns, as K^T) */
    uint32_t mrank;    /* the memref's rank: the tile is in its last two dims */
    bool iv[LAYOUT_MAX_RANK]; /* memref index d is the loop's induction variable */
    ValueId buf;              /* memref<stages x rows*cols>, workgroup (built at the first use) */
    uint32_t ncopy;
    ValueId *row, *dcol; /* per copy i: row in the tile, offset in a slice (prologue) */
    ValueId col;         /* column of this thread's chunk (prologue) */
    /* loop-invariant parts of a pipelined read's copies, made before its loop (0: none):
       the global column and the elements left in the chunk when the column index is not
       the induction variable; the global rows and their row guards when the row is not */
    ValueId h_gcol, h_left;
    ValueId *h_grow, *h_in;
    /* per copy: a view of the memref whose origin is the copy's loop-invariant part of
       the address (hoist_pipe), indexed in the loop by the induction variable alone */
    ValueId *h_src;
    bool h_rowfull; /* h_src's origin is row 0: the copies index it by their global row */
    /* a loop-invariant read (read before the loop whose contract uses it, at the
       function's top level): that loop (host_loop), and, when it borrows the last
       stage's slice of a read of the loop's pipeline, that read's index + 1 (host) */
    OpId host_loop;
    uint32_t host;
    bool lent;  /* its last stage's slice holds a loop-invariant read before the loop */
    int64_t at; /* byte offset of buf in its pipe's arena (top-level or dynamic pipes) */
    /* sector windows (window_plan): each copy's 16-byte chunk starts its row's copy at the
       32-byte sector at or below the row's first element; per copy, made before the loop:
       the window's column (s->col or 8 less), whether its chunk is the previous tile's
       last (its stage is the one before), its offset in the slice */
    bool win;
    ValueId *w_col, *w_prev, *w_dcol;
} Staged;

typedef struct Pipe {
    OpId loop;      /* 0: one read outside a pipelinable loop */
    int64_t stages; /* 1: copy, wait, read in every iteration */
    int64_t bytes;  /* shared memory of one stage */
    ValueId token;  /* a group token that dominates the loop */
    ValueId rd;     /* this iteration's stage, once begun */
    bool begun;
    bool dynamic; /* its buffers are views of the dynamic shared memory */
    bool top;     /* its loop is in the function's entry block (the epilogue may reuse it) */
    bool ended;   /* the loop is rewritten and drained: its buffers are idle after a barrier */
    /* a top-level pipe's buffers are views of one byte buffer (arena, from byte
       arena_off, arena_bytes long), so that epilogue.c can reuse them after the loop */
    ValueId arena;
    int64_t arena_off, arena_bytes;
    /* this iteration's copies of a later one (begin_iteration): ops [sec_begin,
       sec_end) of the op list sec_list, until stage_spread moves them */
    OpList *sec_list;
    uint32_t sec_begin, sec_end;
    /* the wait, barrier and ldmatrix reads of loop-invariant reads before this loop,
       put after the loop's prologue copies (stage_before) */
    OpList pend;
    /* i1, made before the loop: some row of a read with sector windows does not start on
       32 bytes (its tile's last chunk comes with the next tile's copies) */
    ValueId w_on;
} Pipe;

struct StagePlan {
    ARRAY(Staged) reads;
    ARRAY(Pipe) pipes;
};

/* sector windows: defined with the copies */
static void window_plan(Ctx *c, Staged *s);
static ValueId window_target(Ctx *c, Staged *s, ValueId stage, uint32_t i, ValueId *dcol);
static ValueId window_left(Ctx *c, Staged *s, const ValueId *base, ValueId dim1, uint32_t i);

/* ---- planning ---- */

/* Every user of v is a vector.contract reading it as its lhs or rhs. */
typedef struct UseScan {
    ValueId v;
    bool bad;
} UseScan;

static bool
scan_uses(Module *m, OpId o, void *ctx)
{
    UseScan *u = ctx;
    const Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nargs; i++)
        if (op->args[i] == u->v && (op->kind != OP_CONTRACT || i > 1))
            u->bad = true;
    return !u->bad;
}

/* The memref under the memref.subview ops that v is a view of (v itself if none). */
static ValueId
memref_root(Module *m, ValueId v)
{
    for (uint32_t n = 0; n < 64 && value_get(m, v)->def; n++) {
        const Op *op = op_get(m, value_get(m, v)->def);
        if (op->kind != OP_SUBVIEW)
            break;
        v = op->args[0];
    }
    return v;
}

/* Some op may write memref v (or a view of it): its reads cannot move ahead (the
 * copies run iterations early).  Only reads and memref.dim are known not to. */
static bool
scan_writes(Module *m, OpId o, void *ctx)
{
    UseScan *u = ctx;
    const Op *op = op_get(m, o);
    bool reads_only = op->kind == OP_TRANSFER_READ || op->kind == OP_VLOAD ||
                      op->kind == OP_MLOAD || op->kind == OP_DIM || op->kind == OP_SUBVIEW;
    for (uint32_t i = 0; i < op->nargs && !reads_only; i++)
        if (memref_root(m, op->args[i]) == u->v)
            u->bad = true;
    return !u->bad;
}

/* The vector's two dims read the memref's last two, in order (the minor identity),
 * or swapped (*tr: a transposed read, as K^T of a K stored head-dim-major). */
static bool
minor_map(Ctx *c, OpId o, int32_t mrank, bool *tr)
{
    const Attr *pm = op_attr(c->m, o, "permutation_map");
    *tr = false;
    if (!pm)
        return true;
    if (pm->kind != ATTR_AFFINE_MAP || pm->map->nresults != 2)
        return false;
    int32_t d0 = affine_map_result_dim(pm->map, 0), d1 = affine_map_result_dim(pm->map, 1);
    *tr = d0 == mrank - 1 && d1 == mrank - 2;
    return *tr || (d0 == mrank - 2 && d1 == mrank - 1);
}

/*
 * One dim's stride of a memref.subview in a view chain (view_chain).  A stride along
 * the rows (a leading dim) keeps each row contiguous, and a row's start is still a
 * multiple of the root's row length: the 16-byte copies and their alignment test stand
 * as for unit strides.  A stride other than 1 along the last dim (static or dynamic)
 * spreads a row's elements apart, so no 16-byte piece of a row is contiguous: the view
 * is not staged (v->elems, say_not_staged; the strides of the chain multiply).
 */
static void
strided_view_step(Staged *v, bool last, int64_t stride)
{
    if (!last || stride == 1)
        return;
    if (!v->elems)
        v->colstride = 1;
    v->elems = true;
    v->colstride =
        stride == DIM_DYNAMIC || v->colstride == DIM_DYNAMIC ? DIM_DYNAMIC : v->colstride * stride;
}

/*
 * A view the copies read as they read a memref argument: a chain of memref.subview ops
 * that keep the rank, over an identity-layout global memref (the form tile/ gives a
 * tensor.extract_slice).  With unit strides along the last dim its rows start on 16
 * bytes when the root's row length and the chain's column offset are multiples of 8
 * elements (the leading dims' strides are multiples of the row length): v gets the
 * root, the static part of the column offset and its SSA parts; false when the chain is
 * of another form or is misaligned for certain.  With another stride along the last
 * dim, v->elems (strided_view_step).
 */
static bool
view_chain(Ctx *c, ValueId mem, Staged *v)
{
    Module *m = c->m;
    uint32_t rank = type_get(m, value_type(m, mem))->rank;
    v->view = true;
    for (uint32_t n = 0; n < 64; n++) {
        const Type *t = type_get(m, value_type(m, mem));
        OpId d = value_get(m, mem)->def;
        if (!t->layout) {
            if (t->rank != rank ||
                (!v->elems && t->shape[rank - 1] != DIM_DYNAMIC && t->shape[rank - 1] % 8))
                return false;
            v->root = mem;
            v->view_check = !v->elems && (v->nvcol_dyn || t->shape[rank - 1] == DIM_DYNAMIC);
            return v->elems || v->view_check || v->vcol % 8 == 0;
        }
        if (!d || op_get(m, d)->kind != OP_SUBVIEW)
            return false;
        const Op *op = op_get(m, d);
        const Attr *offs = op_attr(m, d, "static_offsets"), *sts = op_attr(m, d, "static_strides");
        if (!offs || !sts || offs->n != rank || sts->n != rank ||
            type_get(m, value_type(m, op->args[0]))->rank != rank)
            return false;
        uint32_t k = 1;
        for (uint32_t i = 0; i < rank; i++) {
            strided_view_step(v, i + 1 == rank, sts->ints[i]);
            if (offs->ints[i] != DIM_DYNAMIC)
                continue;
            if (i + 1 == rank) {
                if (v->nvcol_dyn == LAYOUT_MAX_RANK)
                    return false;
                v->vcol_dyn[v->nvcol_dyn++] = op->args[k];
            }
            k++;
        }
        if (offs->ints[rank - 1] != DIM_DYNAMIC)
            v->vcol += offs->ints[rank - 1];
        mem = op->args[0];
    }
    return false;
}

/* The read o as a staging candidate (s filled), or false. */
static bool
candidate(Ctx *c, OpId o, OpId func, Staged *s)
{
    Op *op = op_get(c->m, o);
    const Attr *seg = op_attr(c->m, o, "operandSegmentSizes");
    const Type *mt = type_get(c->m, value_type(c->m, op->args[0]));
    const Type *vt = type_get(c->m, value_type(c->m, op->res[0]));
    bool tr;
    Staged v = { 0 };
    if (mt->kind != TY_MEMREF || mt->rank < 2 || mt->rank > LAYOUT_MAX_RANK ||
        (mt->layout && !view_chain(c, op->args[0], &v)) ||
        (mt->memspace != MS_DEFAULT && mt->memspace != MS_GLOBAL) || vt->kind != TY_VECTOR ||
        vt->rank != 2 || type_bitwidth(vt->elem) != 16 || !minor_map(c, o, (int32_t)mt->rank, &tr))
        return false;
    uint32_t r = mt->rank;
    if (op->nargs != r + 2 || (seg && seg->kind == ATTR_DENSE_ARRAY && seg->n >= 4 && seg->ints[3]))
        return false; /* memref, its indices, padding; no mask */
    if (!v.view && mt->shape[r - 1] != DIM_DYNAMIC && mt->shape[r - 1] % 8 != 0)
        return false; /* rows of a static memref must start on 16 bytes */
    NestedLayout l;
    bool trans;
    if (!result_layout(c, o, 0, &l) || l.rank != 2 || !dist_ldmatrix_layout(&l, tr, !tr, &trans))
        return false;
    *s = v;
    s->read = o;
    s->mrank = r;
    s->elem = vt->elem;
    s->tr = tr;
    s->rows = vt->shape[tr];
    s->cols = vt->shape[!tr];
    if (s->cols % 8 != 0)
        return false;
    s->chunks = s->cols / 8;
    if (s->chunks & (s->chunks - 1))
        return false; /* the swizzle permutes a power of two of chunks */
    if (c->nthreads % 32 != 0 || c->nthreads % s->chunks != 0 ||
        (s->rows * s->chunks) % c->nthreads != 0 || (s->rows * s->chunks) % 8 != 0)
        return false;
    if (dist_pow2_divisor(c, op_get(c->m, o)->args[r]) < 8)
        return false; /* the column base must keep the chunks 16-byte aligned */
    UseScan u = { op_get(c->m, o)->res[0], false };
    module_walk(c->m, func, scan_uses, &u);
    if (u.bad)
        return false;
    UseScan w = { memref_root(c->m, op_get(c->m, o)->args[0]), false };
    module_walk(c->m, func, scan_writes, &w);
    if (w.bad)
        return false; /* the kernel writes the operand's memref */
    for (uint32_t i = 0; i < 2; i++)
        s->in_bounds[i ^ tr] = attr_bool_at(op_attr(c->m, o, "in_bounds"), i);
    s->ncopy = (uint32_t)(s->rows * s->chunks / c->nthreads);
    return s->ncopy <= 64; /* copies per thread (issue_copies) */
}

/* The scf.for whose body holds o and where o's indices are its iv or invariant, or 0. */
static OpId
pipeline_loop(Ctx *c, OpId o, Staged *s)
{
    OpId loop = block_parent_op(c->m, op_get(c->m, o)->parent);
    if (!loop || op_get(c->m, loop)->kind != OP_FOR)
        return 0;
    ValueId iv = block_get(c->m, op_entry_block(c->m, loop, 0))->args.items[0];
    if (value_type(c->m, iv) != TY_INDEX)
        return 0; /* the pipeline's arithmetic is on index */
    for (uint32_t d = 0; d < s->mrank; d++) {
        ValueId x = op_get(c->m, o)->args[1 + d];
        s->iv[d] = x == iv;
        if (!s->iv[d] && !value_defined_outside(c->m, x, loop))
            return 0;
    }
    if (!value_defined_outside(c->m, op_get(c->m, o)->args[0], loop) ||
        !value_defined_outside(c->m, op_get(c->m, o)->args[1 + s->mrank], loop))
        return 0;
    return loop;
}

/* Directly in the body of a loop that every thread runs together: the barriers of
 * staging are then met by all threads.  A tile read once is left to the direct
 * fragment loads, and so is a read under an scf.if. */
static bool
in_loop(Module *m, OpId o)
{
    OpId p = block_parent_op(m, op_get(m, o)->parent);
    return p && op_get(m, p)->kind == OP_FOR && dist_uniform_loop(m, p);
}

/* The loop holding a contract that reads o's result, when o sits at the function's
 * top level (outside every region, so all threads reach it) and that contract is
 * directly in the body of a top-level loop: o is a loop-invariant operand of that
 * loop.  0 otherwise. */
typedef struct HostScan {
    ValueId v;
    OpId loop;
} HostScan;

static bool
scan_host(Module *m, OpId o, void *ctx)
{
    HostScan *h = ctx;
    const Op *op = op_get(m, o);
    if (h->loop || op->kind != OP_CONTRACT || (op->args[0] != h->v && op->args[1] != h->v))
        return true;
    OpId p = block_parent_op(m, op->parent);
    if (p && op_get(m, p)->kind == OP_FOR && dist_uniform_loop(m, p)) {
        OpId f = block_parent_op(m, op_get(m, p)->parent);
        if (f && (op_get(m, f)->kind == OP_FUNC || op_get(m, f)->kind == OP_GPU_FUNC))
            h->loop = p;
    }
    return true;
}

static OpId
invariant_host(Module *m, OpId o, OpId func)
{
    if (block_parent_op(m, op_get(m, o)->parent) != func)
        return 0;
    HostScan h = { op_get(m, o)->res[0], 0 };
    module_walk(m, func, scan_host, &h);
    return h.loop;
}

typedef struct PlanScan {
    Ctx *c;
    OpId func;
    struct StagePlan *p;
    int64_t other;  /* bytes of the kernel's own workgroup buffers */
    OpId said_once; /* the last loop whose one trip was judged (one remark each) */
} PlanScan;

/* The trip count of scf.for `loop` when its bounds and step are constants, else -1. */
static int64_t
static_trips(Ctx *c, OpId loop)
{
    const Op *op = op_get(c->m, loop);
    int64_t lb, ub, step;
    if (op->nargs < 3 || !const_value_of(c, op->args[0], &lb) ||
        !const_value_of(c, op->args[1], &ub) || !const_value_of(c, op->args[2], &step) || step <= 0)
        return -1;
    return ub <= lb ? 0 : (ub - lb + step - 1) / step;
}

/*
 * The cost rule: staging pays by overlapping the copies of later iterations with this
 * one's mma ops.  A loop that runs at most once has nothing to overlap, and its
 * prologue (cp.async, commit, wait, barrier, ldmatrix) costs more than the direct
 * fragment loads it replaces (a 64x64 tile at K = 32 in one step of 32: 4500 modeled
 * A100 cycles staged, 4271 not; docs/staging.md), so its reads keep the direct loads.
 * A loop of unknown trip count, or of two or more, is staged.  (The direct loads move
 * twice the sectors of the 16-byte copies: a fragment row is 4 lanes x 4 bytes, half a
 * sector, and no 16-bit fragment layout that ldmatrix loads does worse, so sector
 * efficiency never tips the rule and is not weighed.)
 */
static bool
worth_staging(PlanScan *ps, OpId loop)
{
    int64_t trips = static_trips(ps->c, loop);
    if (trips < 0 || trips >= 2)
        return true;
    if (ps->said_once == loop || !ps->c->opt.remarks)
        return false;
    ps->said_once = loop;
    diag_remark(ps->c->d, op_get(ps->c->m, loop)->loc,
                "'scf.for' runs %" PRId64 " time%s: its contract operands are read straight "
                "into the mma.sync fragments, not staged through shared memory (with no later "
                "iteration to overlap, the copies, barrier and ldmatrix would cost more than "
                "they hide)",
                trips, trips == 1 ? "" : "s");
    return false;
}

/*
 * The cost rule for a view whose rows are not contiguous (s->elems: a stride along the
 * last dim).  Its tile could only be staged by element copies, a 2-byte load and store
 * per element, which load the same strided elements the direct fragment loads do and
 * add the shared stores, the barriers and ldmatrix; the model puts every such kernel
 * measured slower staged than read straight into the fragments (2% to 46% on the A100
 * and H100 models; docs/staging.md), so the read is not staged.  A remark says so.
 */
static void
say_not_staged(Ctx *c, const Staged *s)
{
    if (!c->opt.remarks)
        return;
    char st[32] = "a dynamic stride";
    if (s->colstride != DIM_DYNAMIC)
        snprintf(st, sizeof st, "stride %" PRId64, s->colstride);
    diag_remark(c->d, op_get(c->m, s->read)->loc,
                "'vector.transfer_read' of a %" PRId64 "x%" PRId64
                " tile of a view with %s along its rows is read straight into the mma.sync "
                "fragments, not staged through shared memory: no 16 bytes of a row are "
                "contiguous, and copies element by element would load the same elements and "
                "add shared stores, barriers and ldmatrix (a negative modeled gain)",
                s->rows, s->cols, st);
}

static bool
scan_reads(Module *m, OpId o, void *ctx)
{
    PlanScan *ps = ctx;
    const Op *op = op_get(m, o);
    if (op->kind == OP_CONTRACT) { /* subgroups splitting K sum their tiles in a buffer */
        NestedLayout rl;
        const Type *rt = type_get(m, value_type(m, op->res[0]));
        if (rt->kind == TY_VECTOR && result_layout(ps->c, o, 0, &rl)) {
            int64_t sg = 1, n = (type_bitwidth(rt->elem) + 7) / 8;
            for (int32_t d = 0; d < rl.rank; d++)
                sg *= rl.subgroup_tile[d];
            for (uint32_t d = 0; d < rt->rank; d++)
                n *= rt->shape[d];
            if (sg > 0 && ps->c->nwarps / sg > 1)
                ps->other += ps->c->nwarps / sg * n * 9 / 8; /* rows padded by up to 1/8 */
        }
        return true;
    }
    if (op->kind == OP_ALLOC) {
        const Type *t = type_get(m, value_type(m, op->res[0]));
        if (t->memspace == MS_WORKGROUP && t->kind == TY_MEMREF) {
            int64_t n = (type_bitwidth(t->elem) + 7) / 8;
            for (uint32_t d = 0; d < t->rank; d++)
                n *= t->shape[d] == DIM_DYNAMIC ? 0 : t->shape[d];
            ps->other += n;
        }
        return true;
    }
    Staged s;
    if (op->kind != OP_TRANSFER_READ)
        return true;
    OpId host = in_loop(m, o) ? 0 : invariant_host(m, o, ps->func);
    if ((!host && !in_loop(m, o)) || !candidate(ps->c, o, ps->func, &s))
        return true;
    if (s.elems) {
        say_not_staged(ps->c, &s);
        return true;
    }
    s.host_loop = host;
    OpId loop = host ? 0 : pipeline_loop(ps->c, o, &s);
    if (loop && !worth_staging(ps, loop))
        return true;
    if (!loop)
        memset(s.iv, 0, sizeof s.iv);
    uint32_t k = ps->p->pipes.n;
    for (uint32_t i = 0; loop && i < ps->p->pipes.n; i++)
        if (ps->p->pipes.items[i].loop == loop)
            k = i;
    if (k == ps->p->pipes.n) {
        Pipe pipe;
        memset(&pipe, 0, sizeof pipe);
        pipe.loop = loop;
        pipe.stages = 1;
        pipe.top = loop && block_parent_op(m, op_get(m, loop)->parent) == ps->func;
        ARRAY_PUSH(&m->arena, ps->p->pipes, pipe);
    }
    s.pipe = k;
    if (!host) /* a loop-invariant read's buffer is placed after the stage counts */
        ps->p->pipes.items[k].bytes += s.rows * s.cols * 2;
    ARRAY_PUSH(&m->arena, ps->p->reads, s);
    return true;
}

static bool
choose_stages(Ctx *c, Pipe *p, int64_t other)
{
    LoopStages ls;
    const char *bad = layout_loop_stages(c->m, p->loop, c->opt.pipeline_stages, &ls);
    if (bad) {
        c->loc = op_get(c->m, p->loop)->loc;
        return dist_error(c, "%s", bad);
    }
    int64_t n = ls.n;
    bool explicit_n = n > 0;
    const char *why = layout_stages_from_name(ls.from);
    if (n <= 0) {
        why = "the most of 4, 3, 2 whose buffers fit 48 KiB";
        n = 4;
        while (n > 1 && n * p->bytes + other > TARGET_SMEM_STATIC)
            n--;
    }
    if (n * p->bytes + other > TARGET_SMEM_STATIC &&
        (!explicit_n || other > TARGET_SMEM_STATIC ||
         n * p->bytes + other > c->opt.target->smem_block)) {
        c->loc = op_get(c->m, p->loop)->loc;
        int64_t opt_in = c->opt.target->smem_block;
        int64_t avail = explicit_n && other <= TARGET_SMEM_STATIC ? opt_in : TARGET_SMEM_STATIC;
        return dist_error(c,
                          "a %" PRId64 "-stage pipeline of this loop's operands needs %" PRId64
                          " bytes of shared memory (%" PRId64 " per stage, %" PRId64
                          " in the kernel's other buffers), but %" PRId64
                          " are available%s%s%s; use fewer stages or a smaller tile",
                          n, n * p->bytes + other, p->bytes, other, avail,
                          avail == opt_in ? " (" : "", avail == opt_in ? c->opt.target->name : "",
                          avail == opt_in ? "'s opt-in maximum)" : "");
    }
    /* above 48 KiB: the opt-in dynamic shared memory, its size reported to launchers */
    p->dynamic = n * p->bytes + other > TARGET_SMEM_STATIC;
    p->stages = n;
    if (c->opt.remarks)
        diag_remark(c->d, op_get(c->m, p->loop)->loc,
                    "'scf.for' stages its contract operands through XOR-swizzled shared memory "
                    "(16-byte cp.async.cg copies, ldmatrix reads): %" PRId64 " stage(s) of %" PRId64
                    " bytes (stage count from %s)%s",
                    n, p->bytes, why, p->dynamic ? ", in dynamic shared memory above 48 KiB" : "");
    return true;
}

/*
 * A loop-invariant read (s->host_loop) is copied, waited for and read with ldmatrix
 * before its loop, so its buffer is dead once the loop begins.  Where the loop is
 * pipelined at the top level, it borrows the last stage's slice of one of the
 * pipeline's reads: the loop's prologue fills stages 0 .. N-2 only, and iteration 0
 * writes stage N-1 after its barrier, which every thread reaches after its ldmatrix
 * reads of the invariant tile.  Else it gets its own buffer when that fits the 48
 * KiB, or keeps its direct fragment loads.  The bytes it adds to the total.
 */
static int64_t
place_invariant(Ctx *c, Staged *s, int64_t total)
{
    struct StagePlan *p = c->stage;
    if (!s->host_loop)
        return 0;
    for (uint32_t k = 0; k < p->pipes.n; k++) {
        Pipe *pi = &p->pipes.items[k];
        if (pi->loop != s->host_loop || pi->stages < 2 || (!pi->top && !pi->dynamic))
            continue;
        for (uint32_t i = 0; i < p->reads.n; i++) {
            Staged *h = &p->reads.items[i];
            if (h->pipe == k && !h->lent && !h->host_loop &&
                h->rows * h->cols >= s->rows * s->cols) {
                h->lent = true;
                s->host = i + 1;
                return 0;
            }
        }
    }
    int64_t bytes = s->rows * s->cols * 2;
    if (total + bytes > TARGET_SMEM_STATIC) {
        s->read = 0; /* no room: the direct fragment loads */
        return 0;
    }
    p->pipes.items[s->pipe].bytes += bytes;
    return bytes;
}

static int64_t
stage_plan(Ctx *c, OpId func, int64_t smem)
{
    struct StagePlan *p = arena_alloc(&c->m->arena, sizeof *p);
    memset(p, 0, sizeof *p);
    c->stage = p;
    PlanScan ps = { c, func, p, 0, 0 };
    module_walk(c->m, func, scan_reads, &ps);
    int64_t total = ps.other;
    for (uint32_t i = 0; i < p->pipes.n; i++)
        if (!p->pipes.items[i].loop)
            total += p->pipes.items[i].bytes;
    for (uint32_t i = 0; i < p->pipes.n && !c->failed; i++) {
        Pipe *pi = &p->pipes.items[i];
        if (pi->loop && choose_stages(c, pi, total))
            total += pi->stages * pi->bytes;
    }
    for (uint32_t i = 0; i < p->reads.n && !c->failed; i++)
        total += place_invariant(c, &p->reads.items[i], total);
    for (uint32_t i = 0; i < p->reads.n && !c->failed; i++)
        window_plan(c, &p->reads.items[i]);
    return smem + total;
}

/* ---- building ---- */

static ValueId
binop_idx(Ctx *c, OpKind k, ValueId a, ValueId b)
{
    ValueId args[2] = { a, b };
    return emit1(c, k, 2, args, TY_INDEX);
}

static void prepare_offsets(Ctx *c, Staged *s);

/* The buffer and the loop-invariant per-thread offsets of s, in the prologue. */
static void
prepare(Ctx *c, Staged *s, int64_t stages)
{
    if (s->buf)
        return;
    struct StagePlan *p = c->stage;
    if (s->host) { /* the last stage's slice of a read of the loop's pipeline */
        Staged *h = &p->reads.items[s->host - 1];
        Pipe *hp = &p->pipes.items[h->pipe];
        prepare(c, h, hp->stages);
        h = &p->reads.items[s->host - 1];
        hp = &p->pipes.items[h->pipe];
        OpList *saved = c->out;
        c->out = &c->prologue;
        int64_t shape[2] = { 1, s->rows * s->cols };
        TypeId t = type_memref(c->m, s->elem, 2, shape, NULL, MS_WORKGROUP, true);
        ValueId args[2] = { hp->arena,
                            const_index(c, h->at + (hp->stages - 1) * h->rows * h->cols * 2) };
        s->buf = emit1(c, OP_VIEW, 2, args, t);
        c->out = saved;
        prepare_offsets(c, s);
        return;
    }
    OpList *saved = c->out;
    c->out = &c->prologue;
    int64_t shape[2] = { stages, s->rows * s->cols };
    TypeId t = type_memref(c->m, s->elem, 2, shape, NULL, MS_WORKGROUP, true);
    Pipe *pipe = &p->pipes.items[s->pipe];
    int64_t bytes = (stages * s->rows * s->cols * 2 + 127) / 128 * 128;
    if (pipe->dynamic) {
        ValueId dyn = dist_dynamic_base(c);
        int64_t at = dist_dynamic_alloc(c, bytes, 1);
        if (!pipe->arena) { /* the pipe's buffers are consecutive (prepare_pipe) */
            pipe->arena = dyn;
            pipe->arena_off = at;
        }
        ValueId args[2] = { dyn, const_index(c, at) };
        s->buf = emit1(c, OP_VIEW, 2, args, t);
        s->at = at;
        pipe->arena_bytes += bytes;
    } else if (pipe->top && stages > 1) {
        if (!pipe->arena) { /* one byte buffer for all of the pipe's reads */
            int64_t total = 0;
            for (uint32_t i = 0; i < p->reads.n; i++)
                if (p->reads.items[i].pipe == s->pipe)
                    total += (stages * p->reads.items[i].rows * p->reads.items[i].cols * 2 + 127) /
                             128 * 128;
            TypeId bt = type_memref(c->m, TY_I8, 1, &total, NULL, MS_WORKGROUP, true);
            pipe->arena = emit1(c, OP_ALLOC, 0, NULL, bt);
            OpId a = value_get(c->m, pipe->arena)->def;
            int64_t seg[2] = { 0, 0 };
            op_set_attr(c->m, a, "operandSegmentSizes",
                        attr_dense_array(c->m, TY_I32, seg, NULL, 2));
            op_set_attr(c->m, a, "alignment", attr_int(c->m, 128, TY_I64));
        }
        ValueId args[2] = { pipe->arena, const_index(c, pipe->arena_bytes) };
        s->buf = emit1(c, OP_VIEW, 2, args, t);
        s->at = pipe->arena_bytes;
        pipe->arena_bytes += bytes;
    } else {
        s->buf = emit1(c, OP_ALLOC, 0, NULL, t);
        OpId a = value_get(c->m, s->buf)->def;
        int64_t seg[2] = { 0, 0 };
        op_set_attr(c->m, a, "operandSegmentSizes", attr_dense_array(c->m, TY_I32, seg, NULL, 2));
        op_set_attr(c->m, a, "alignment", attr_int(c->m, 128, TY_I64));
    }
    c->out = saved;
    prepare_offsets(c, s);
}

/* The per-thread row and slice offset of each of s's copies, in the prologue. */
static void
prepare_offsets(Ctx *c, Staged *s)
{
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId tid = thread_id(c);
    ValueId row0 = binop_idx(c, OP_DIVUI, tid, const_index(c, s->chunks));
    s->col = idx_mul_c(c, binop_idx(c, OP_REMUI, tid, const_index(c, s->chunks)), 8);
    s->row = arena_alloc(&c->m->arena, s->ncopy * sizeof *s->row);
    s->dcol = arena_alloc(&c->m->arena, s->ncopy * sizeof *s->dcol);
    for (uint32_t i = 0; i < s->ncopy; i++) {
        s->row[i] = idx_add_c(c, row0, (int64_t)i * (c->nthreads / s->chunks));
        ValueId row = idx_mul_c(c, s->row[i], s->cols);
        s->dcol[i] = idx_add(c, row, dist_swizzle_col(c, s->row[i], s->col, s->chunks));
    }
    c->out = saved;
}

/*
 * cp.async of s's tile at global base[] (its last two entries: row and column of
 * the tile; the leading ones pass through) into stage `stage`.  A row
 * length that is dynamic may not be a multiple of 8 elements, and then the rows
 * do not start on 16 bytes: a uniform branch on it takes the element-by-element
 * copy (copy_elements) instead of cp.async.
 */
/* Copy i of s: one cp.async of 16 bytes (with edge, n of them read, the rest zeros). */
static void
async_copy(Ctx *c, Staged *s, ValueId src, const ValueId *idx, uint32_t r, ValueId stage, ValueId n,
           uint32_t i, bool edge)
{
    ValueId dcol = s->dcol[i];
    if (s->win)
        stage = window_target(c, s, stage, i, &dcol);
    ValueId args[LAYOUT_MAX_RANK + 6] = { s->buf, stage, dcol, src };
    uint32_t k = 4;
    for (uint32_t d = 0; d < r; d++)
        args[k++] = idx[d];
    if (edge)
        args[k++] = n;
    TypeId tok = type_intern(c->m, &(Type){ .kind = TY_ASYNC_TOKEN });
    ValueId res = emit1(c, OP_DEVICE_ASYNC_COPY, k, args, tok);
    OpId o = value_get(c->m, res)->def;
    int64_t seg[5] = { 1, 2, 1, r, edge };
    op_set_attr(c->m, o, "operandSegmentSizes", attr_dense_array(c->m, TY_I32, seg, NULL, 5));
    op_set_attr(c->m, o, "dstElements", attr_int(c->m, 8, TY_INDEX));
    op_set_attr(c->m, o, "bypassL1", attr_unit(c->m));
}

/* The arithmetic of s's copies at one tile origin: made before the copies, and, in a
 * pipelined loop, apart from them (issue_pipe). */
typedef struct CopyPlan {
    ValueId mem, gcol;
    ValueId lead[LAYOUT_MAX_RANK];    /* indices before the tile's two dims */
    ValueId grow[64], n[64];          /* per copy: global row, elements read (edges) */
    ValueId src[64];                  /* per copy: the memref the copy reads (mem or h_src) */
    ValueId idx[64][LAYOUT_MAX_RANK]; /* and its indices there */
    uint32_t srank;                   /* the rank of src */
    ValueId aligned;                  /* the dynamic row length is a multiple of 8 (i1) */
    ValueId live; /* i1 or 0: the tile is the loop's (not the one after it: window_mask) */
    ValueId base[LAYOUT_MAX_RANK]; /* the tile's origin in mem (copy_elements) */
    bool dyn_rows, edge;
} CopyPlan;

/*
 * The tile element by element, for rows that may not start on 16 bytes (the cold
 * path).  Lane-adjacent threads read adjacent elements of a row: thread t takes the
 * elements t, t + T, t + 2T, ... of the tile in row-major order (T threads), so that
 * a warp's load reads one run of a row, whole sectors but for the run's ends, instead
 * of one element from each of 32 chunks.  Each element is 0 past the memref's edges,
 * and goes to its place in the swizzled slice by a 2-byte store.  Reads mem at the
 * tile's origin, not the hoisted views (their origin is the thread's own chunk).
 */
static void
copy_elements(Ctx *c, Staged *s, ValueId stage, const CopyPlan *cp)
{
    uint32_t r = s->mrank;
    int64_t nt = c->nthreads, cols = s->cols;
    bool is_float = s->elem == TY_F16 || s->elem == TY_BF16;
    ValueId zero = is_float ? const_float(c, 0.0, s->elem) : const_int(c, 0, s->elem);
    ValueId tid = thread_id(c), dim[2] = { 0, 0 };
    for (uint32_t d = 0; d < 2; d++)
        if (!s->in_bounds[d])
            dim[d] = memref_dim(c, cp->mem, r - 2 + d);
    ValueId trow = 0, tcol = 0, gcol = 0, col_in = 0; /* T a multiple of the row: one column */
    if (nt % cols == 0) {
        trow = binop_idx(c, OP_DIVUI, tid, const_index(c, cols));
        tcol = binop_idx(c, OP_REMUI, tid, const_index(c, cols));
        gcol = idx_add(c, cp->base[r - 1], tcol);
        col_in = dim[1] ? cmp_i(c, CMPI_SLT, gcol, dim[1]) : 0;
    }
    for (int64_t e = 0; e < 8 * (int64_t)s->ncopy; e++) {
        ValueId lrow, lcol;
        if (trow) {
            lrow = idx_add_c(c, trow, e * (nt / cols));
            lcol = tcol;
        } else {
            ValueId f = idx_add_c(c, tid, e * nt);
            lrow = binop_idx(c, OP_DIVUI, f, const_index(c, cols));
            lcol = binop_idx(c, OP_REMUI, f, const_index(c, cols));
        }
        ValueId li[LAYOUT_MAX_RANK + 1];
        li[0] = cp->mem;
        for (uint32_t d = 0; d + 2 < r; d++)
            li[1 + d] = cp->base[d];
        li[r - 1] = idx_add(c, cp->base[r - 2], lrow);
        li[r] = trow ? gcol : idx_add(c, cp->base[r - 1], lcol);
        ValueId in = dim[0] ? cmp_i(c, CMPI_SLT, li[r - 1], dim[0]) : 0, v;
        if (dim[1])
            in = and_i1(c, in, trow ? col_in : cmp_i(c, CMPI_SLT, li[r], dim[1]));
        if (in) {
            OpId ifop = emit_if(c, in, 1, &s->elem, true);
            RegionSave rs;
            region_enter(c, ifop, 0, &rs);
            v = emit1(c, OP_MLOAD, r + 1, li, s->elem);
            region_leave(c, &v, 1, &rs);
            region_enter(c, ifop, 1, &rs);
            region_leave(c, &zero, 1, &rs);
            v = op_get(c->m, ifop)->res[0];
        } else {
            v = emit1(c, OP_MLOAD, r + 1, li, s->elem);
        }
        ValueId rowoff = idx_mul_c(c, lrow, cols); /* in order: arguments' order is unspecified */
        ValueId off = idx_add(c, rowoff, dist_swizzle_col(c, lrow, lcol, s->chunks));
        ValueId args[4] = { v, s->buf, stage, off };
        emit(c, OP_MSTORE, 4, args, 0, NULL, 0);
    }
}

/* Whether the rows of view s start on 16 bytes, when the kernel runs (i1, at c->out:
 * its operands are defined before the view, not in the prologue): the root's row
 * length and the column offset, multiples of 8 elements. */
static ValueId
view_aligned(Ctx *c, Staged *s)
{
    uint32_t r = s->mrank;
    ValueId col = const_index(c, s->vcol);
    for (uint32_t i = 0; i < s->nvcol_dyn; i++)
        col = binop_idx(c, OP_ADDI, col, dist_scalar(c, s->vcol_dyn[i]));
    ValueId root = dist_scalar(c, s->root);
    if (type_get(c->m, value_type(c->m, root))->shape[r - 1] == DIM_DYNAMIC)
        col = binop_idx(c, OP_ORI, col, memref_dim(c, root, r - 1));
    ValueId rem = binop_idx(c, OP_REMUI, col, const_index(c, 8));
    return cmp_i(c, CMPI_EQ, rem, const_index(c, 0));
}

static void
plan_copies(Ctx *c, Staged *s, const ValueId *base, CopyPlan *cp)
{
    ValueId mem = dist_scalar(c, op_get(c->m, s->read)->args[0]);
    uint32_t r = s->mrank;
    cp->mem = mem;
    cp->live = 0;
    for (uint32_t d = 0; d < r; d++)
        cp->base[d] = base[d];
    for (uint32_t d = 0; d + 2 < r; d++)
        cp->lead[d] = base[d];
    cp->edge = !s->in_bounds[0] || !s->in_bounds[1];
    cp->dyn_rows = type_get(c->m, value_type(c->m, mem))->shape[r - 1] == DIM_DYNAMIC;
    ValueId dim[2] = { 0, 0 };
    for (uint32_t d = 0; d < 2; d++)
        if (!s->in_bounds[d])
            dim[d] = memref_dim(c, mem, r - 2 + d);
    cp->gcol = s->h_gcol ? s->h_gcol : idx_add(c, base[r - 1], s->col);
    ValueId left = s->h_left; /* elements of this thread's chunk inside the memref */
    if (!s->in_bounds[1] && !left) {
        left = binop_idx(c, OP_SUBI, dim[1], cp->gcol);
        left = binop_idx(c, OP_MAXSI, left, const_index(c, 0));
        left = binop_idx(c, OP_MINSI, left, const_index(c, 8));
    }
    for (uint32_t i = 0; i < s->ncopy; i++) {
        cp->grow[i] = s->h_grow ? s->h_grow[i] : idx_add(c, base[r - 2], s->row[i]);
        cp->n[i] = s->win ? window_left(c, s, base, dim[1], i) : left ? left : const_index(c, 8);
        /* the cp.async: through copy_view's view (its dims: the induction variable's
           and the last), else mem at the global row and column; the element copies
           always read mem */
        cp->src[i] = s->h_src ? s->h_src[i] : mem;
        cp->srank = 0;
        for (uint32_t d = 0; d < r; d++) {
            if (!s->h_src)
                cp->idx[i][cp->srank++] = d + 2 < r ? base[d] : d + 2 == r ? cp->grow[i] : cp->gcol;
            else if (s->iv[d] || d + 1 == r)
                cp->idx[i][cp->srank++] = !s->iv[d]                    ? const_index(c, 0)
                                          : d + 2 == r && s->h_rowfull ? cp->grow[i]
                                                                       : base[d];
        }
        if (!s->in_bounds[0]) {
            ValueId in = s->h_grow ? s->h_in[i] : cmp_i(c, CMPI_SLT, cp->grow[i], dim[0]);
            ValueId sel[3] = { in, cp->n[i], const_index(c, 0) };
            cp->n[i] = emit1(c, OP_SELECT, 3, sel, TY_INDEX);
        }
    }
    cp->aligned = 0;
    if (s->view) {
        cp->dyn_rows = s->view_check;
        if (cp->dyn_rows)
            cp->aligned = s->h_aligned ? s->h_aligned : view_aligned(c, s);
    } else if (cp->dyn_rows) {
        OpList *saved = c->out;
        c->out = &c->prologue; /* rows of whole 16-byte chunks: once per kernel */
        ValueId ld = memref_dim(c, mem, r - 1);
        ValueId rem = binop_idx(c, OP_REMUI, ld, const_index(c, 8));
        cp->aligned = cmp_i(c, CMPI_EQ, rem, const_index(c, 0));
        c->out = saved;
    }
}

/* The copies of a plan into stage `stage`: cp.async, or, when the dynamic row length
 * is not a multiple of 8 (a uniform branch), element by element (copy_elements). */
static void
emit_copies(Ctx *c, Staged *s, ValueId stage, const CopyPlan *cp)
{
    RegionSave rs;
    OpId ifop = 0;
    if (cp->dyn_rows) {
        ifop = emit_if(c, cp->aligned, 0, NULL, true);
        region_enter(c, ifop, 0, &rs);
    }
    for (uint32_t i = 0; i < s->ncopy; i++)
        async_copy(c, s, cp->src[i], cp->idx[i], cp->srank, stage, cp->n[i], i, cp->edge);
    if (!cp->dyn_rows)
        return;
    region_leave(c, NULL, 0, &rs);
    region_enter(c, ifop, 1, &rs);
    RegionSave rs2;
    if (cp->live) /* the tile after the loop: no element copies */
        region_enter(c, emit_if(c, cp->live, 0, NULL, false), 0, &rs2);
    copy_elements(c, s, stage, cp);
    if (cp->live)
        region_leave(c, NULL, 0, &rs2);
    region_leave(c, NULL, 0, &rs);
}

/* The copies of s into stage `stage` of its buffer, tile origin base[] (new index
 * values): the arithmetic, then the copies. */
static void
issue_copies(Ctx *c, Staged *s, ValueId stage, const ValueId *base)
{
    CopyPlan cp;
    Loc loc = c->loc;
    c->loc = op_get(c->m, s->read)->loc; /* the read's: its registers are named after it */
    plan_copies(c, s, base, &cp);
    emit_copies(c, s, stage, &cp);
    c->loc = loc;
}

static ValueId
commit(Ctx *c)
{
    TypeId tok = type_intern(c->m, &(Type){ .kind = TY_ASYNC_TOKEN });
    return emit1(c, OP_DEVICE_ASYNC_CREATE_GROUP, 0, NULL, tok);
}

static void
wait_groups(Ctx *c, ValueId token, int64_t n)
{
    OpId o = emit(c, OP_DEVICE_ASYNC_WAIT, 1, &token, 0, NULL, 0);
    op_set_attr(c->m, o, "numGroups", attr_int(c->m, n, TY_I32));
}

/* The new index values of s's tile with the induction variable at iv. */
static void
bases_at(Ctx *c, Staged *s, ValueId iv, ValueId *base)
{
    for (uint32_t d = 0; d < s->mrank; d++)
        base[d] = s->iv[d] ? iv : dist_scalar(c, op_get(c->m, s->read)->args[1 + d]);
}

/*
 * Sector windows.  Where a row's length is not a multiple of 16 elements (32 bytes), every
 * other row of a tile starts halfway into a sector, and its copies (the tile's chunks at
 * the tile's columns) straddle sectors: a 64-byte piece of a row touches 3 of them, one
 * it shares with the previous tile and one with the next, so the loop fetches those twice.
 * For a read whose column is the loop's induction variable (A, M x K: consecutive
 * iterations copy consecutive pieces of the same rows), each row's copies instead start
 * at the sector at or below the row's first element: a row that starts 8 elements into a
 * sector copies the chunks -1 .. C-2 of the tile (whole sectors), chunk -1 being the
 * previous tile's last, which goes to the previous stage's slice; the tile's own last
 * chunk comes with the next tile's copies.  So a tile is complete once the copies of the
 * next one have landed: iteration it waits for one group more (wait_group N-3, window_wait,
 * on a uniform test of the row length), the copies of iteration it + N - 1 write stages
 * (it - 1) % N and (it - 2) % N, neither read by iteration it (N >= 3), and the loop's last
 * tile gets its last chunk from one more copy, of the tile after the loop (window_tail).
 * Whether a row starts inside a sector ((row * ld + column) / 8 % 2, the memref's base
 * taken as 32-byte aligned, as the allocators give it) does not change from one iteration
 * to the next when the step is a multiple of 16 elements; it is computed before the loop
 * (window_hoist), and where no row needs it (ld and the first column multiples of 16) the
 * copies are the plain ones.  Only rows that start on 16 bytes take the windows (cp.async);
 * the element copies of other row lengths keep their lane-adjacent runs.
 */
static void
window_plan(Ctx *c, Staged *s)
{
    struct StagePlan *p = c->stage;
    Pipe *pipe = &p->pipes.items[s->pipe];
    bool on = false, asked = false;
    int64_t step;
    if (!s->read || !pipe->loop || /* s->read = 0: an invariant read left to the direct loads */
        !dist_loop_flag(c, pipe->loop, "vptx.sector_windows", false, &on, &asked) || !on)
        return;
    const Type *mt = type_get(c->m, value_type(c->m, op_get(c->m, s->read)->args[0]));
    const char *no = NULL;
    if (pipe->stages < 3)
        no = "it has fewer than 3 stages (a tile completes with the next one's copies)";
    else if (s->mrank != 2 || s->tr || s->view || s->lent || s->host_loop || s->host || !s->iv[1] ||
             s->iv[0])
        no = "its column index is not the loop's induction variable over a 2-d memref";
    else if (!const_value_of(c, dist_scalar(c, op_get(c->m, pipe->loop)->args[2]), &step) ||
             step % 16 != 0)
        no = "its step is not a constant multiple of 16 elements";
    else if (mt->shape[1] != DIM_DYNAMIC && mt->shape[1] % 16 == 0)
        no = "its rows all start on 32 bytes";
    s->win = !no;
    if (c->opt.remarks)
        diag_remark(c->d, op_get(c->m, s->read)->loc,
                    "'vector.transfer_read' %s (vptx.sector_windows)%s%s",
                    no ? "keeps the tile's copy windows"
                       : "copies its rows in sector windows: a row that starts inside a "
                         "32-byte sector copies from that sector's start, the tile's last "
                         "chunk comes with the next tile's copies, and the loop waits for "
                         "one cp.async group more",
                    no ? ": " : "", no ? no : "");
}

/* Before the loop (hoist_pipe, which made h_grow): the windows of s's copies, and the
 * pipe's test that some row needs them. */
static void
window_hoist(Ctx *c, Staged *s, ValueId mem)
{
    if (!s->win)
        return;
    Pipe *pipe = &c->stage->pipes.items[s->pipe];
    ValueId ld = memref_dim(c, mem, 1);
    ValueId col0 = dist_scalar(c, op_get(c->m, pipe->loop)->args[0]); /* the first column */
    ValueId any = binop_idx(c, OP_ORI, ld, col0);
    any = binop_idx(c, OP_REMUI, any, const_index(c, 16));
    ValueId on = cmp_i(c, CMPI_NE, any, const_index(c, 0));
    if (pipe->w_on) {
        ValueId a[2] = { pipe->w_on, on };
        on = emit1(c, OP_ORI, 2, a, TY_I1);
    }
    pipe->w_on = on;
    s->w_col = arena_alloc(&c->m->arena, s->ncopy * sizeof *s->w_col);
    s->w_prev = arena_alloc(&c->m->arena, s->ncopy * sizeof *s->w_prev);
    s->w_dcol = arena_alloc(&c->m->arena, s->ncopy * sizeof *s->w_dcol);
    for (uint32_t j = 0; j < s->ncopy; j++) {
        ValueId f = binop_idx(c, OP_MULI, s->h_grow[j], ld);
        f = idx_add(c, f, col0);
        f = binop_idx(c, OP_DIVUI, f, const_index(c, 8));
        ValueId half = binop_idx(c, OP_REMUI, f, const_index(c, 2)); /* 1: starts 8 in */
        s->w_col[j] = binop_idx(c, OP_SUBI, s->col, idx_mul_c(c, half, 8));
        s->w_prev[j] = cmp_i(c, CMPI_SLT, s->w_col[j], const_index(c, 0));
        ValueId sel[3] = { s->w_prev[j], const_index(c, s->cols - 8), s->w_col[j] };
        ValueId col = emit1(c, OP_SELECT, 3, sel, TY_INDEX);
        ValueId row = idx_mul_c(c, s->row[j], s->cols); /* in order (tcc) */
        s->w_dcol[j] = idx_add(c, row, dist_swizzle_col(c, s->row[j], col, s->chunks));
    }
}

/* Copy i of s into stage `stage`: the stage its window's chunk goes to (the one before
 * for the previous tile's last chunk) and its offset in the slice (*dcol). */
static ValueId
window_target(Ctx *c, Staged *s, ValueId stage, uint32_t i, ValueId *dcol)
{
    int64_t n = c->stage->pipes.items[s->pipe].stages;
    ValueId first = cmp_i(c, CMPI_EQ, stage, const_index(c, 0));
    ValueId back = binop_idx(c, OP_SUBI, stage, const_index(c, 1));
    ValueId sel[3] = { first, const_index(c, n - 1), back };
    ValueId prev = emit1(c, OP_SELECT, 3, sel, TY_INDEX);
    ValueId sel2[3] = { s->w_prev[i], prev, stage };
    *dcol = s->w_dcol[i];
    return emit1(c, OP_SELECT, 3, sel2, TY_INDEX);
}

/* The elements copy i of s reads at the tile origin base[]: 8, or, past the row's end
 * (dim1, when the columns are not in bounds), fewer. */
static ValueId
window_left(Ctx *c, Staged *s, const ValueId *base, ValueId dim1, uint32_t i)
{
    if (!dim1)
        return const_index(c, 8);
    ValueId gcol = idx_add(c, base[1], s->w_col[i]);
    ValueId left = binop_idx(c, OP_SUBI, dim1, gcol);
    left = binop_idx(c, OP_MAXSI, left, const_index(c, 0));
    return binop_idx(c, OP_MINSI, left, const_index(c, 8));
}

/* Iteration it's wait: its tile and, where some row needs sector windows, the next. */
static void
window_wait(Ctx *c, uint32_t k, int64_t n)
{
    Pipe *pipe = &c->stage->pipes.items[k];
    if (!pipe->w_on) {
        wait_groups(c, pipe->token, n - 2);
        return;
    }
    RegionSave rs;
    OpId ifop = emit_if(c, pipe->w_on, 0, NULL, true);
    region_enter(c, ifop, 0, &rs);
    wait_groups(c, pipe->token, n - 3);
    region_leave(c, NULL, 0, &rs);
    region_enter(c, ifop, 1, &rs);
    wait_groups(c, c->stage->pipes.items[k].token, n - 2);
    region_leave(c, NULL, 0, &rs);
}

/*
 * The copies for the tile after the loop as well, where some row needs sector windows:
 * iv in [ub, ub + step) copies only the chunks of windows that hold the previous tile's
 * last chunk (into a stage no iteration reads any more, the rest reads nothing: src-size
 * 0).  The loop's bound for the copies (in issue_pipe) and, per copy of plan cp, that
 * mask on its src-size; live: iv < ub.
 */
static ValueId
window_bound(Ctx *c, uint32_t k, ValueId ub)
{
    Pipe *pipe = &c->stage->pipes.items[k];
    if (!pipe->w_on)
        return ub;
    ValueId step = dist_scalar(c, op_get(c->m, pipe->loop)->args[2]);
    ValueId sel[3] = { pipe->w_on, idx_add(c, ub, step), ub };
    return emit1(c, OP_SELECT, 3, sel, TY_INDEX);
}

static void
window_mask(Ctx *c, Staged *s, CopyPlan *cp, ValueId live)
{
    if (!c->stage->pipes.items[s->pipe].w_on)
        return;
    for (uint32_t j = 0; j < s->ncopy; j++) {
        ValueId on = live;
        if (s->win) {
            ValueId a[2] = { live, s->w_prev[j] };
            on = emit1(c, OP_ORI, 2, a, TY_I1);
        }
        ValueId sel[3] = { on, cp->n[j], const_index(c, 0) };
        cp->n[j] = emit1(c, OP_SELECT, 3, sel, TY_INDEX);
    }
    cp->edge = true;
    cp->live = live;
}

/* Copies of every read of pipe k at induction value iv into stage `stage`, skipped
 * when iv is not below the loop's upper bound ub.  Under one scf.if, or (split,
 * inside the loop) with the arithmetic of all the reads first, unguarded (pure ops),
 * and only the copies under the scf.if, so that stage_spread can spread the
 * arithmetic between the mma ops. */
static void
issue_pipe(Ctx *c, uint32_t k, ValueId stage, ValueId iv, ValueId ub, bool split)
{
    struct StagePlan *p = c->stage;
    ValueId live = c->stage->pipes.items[k].w_on ? cmp_i(c, CMPI_SLT, iv, ub) : 0;
    ValueId cond = cmp_i(c, CMPI_SLT, iv, window_bound(c, k, ub));
    int64_t always;
    bool guard = !const_value_of(c, cond, &always);
    if (!guard && !always)
        return;
    ArenaMark mk = arena_mark(&c->scratch);
    CopyPlan *cp = arena_alloc(&c->scratch, (p->reads.n + 1) * sizeof *cp);
    RegionSave rs;
    if (guard && !split)
        region_enter(c, emit_if(c, cond, 0, NULL, false), 0, &rs);
    for (uint32_t i = 0; i < p->reads.n; i++) {
        Staged *s = &p->reads.items[i];
        ValueId base[LAYOUT_MAX_RANK];
        if (s->pipe != k)
            continue;
        Loc loc = c->loc;
        c->loc = op_get(c->m, s->read)->loc; /* the copies are named after their read */
        bases_at(c, s, iv, base);
        plan_copies(c, s, base, &cp[i]);
        window_mask(c, s, &cp[i], live);
        if (!split)
            emit_copies(c, s, stage, &cp[i]);
        c->loc = loc;
    }
    if (guard && split)
        region_enter(c, emit_if(c, cond, 0, NULL, false), 0, &rs);
    for (uint32_t i = 0; split && i < p->reads.n; i++)
        if (p->reads.items[i].pipe == k) {
            Loc loc = c->loc;
            c->loc = op_get(c->m, p->reads.items[i].read)->loc;
            emit_copies(c, &p->reads.items[i], stage, &cp[i]);
            c->loc = loc;
        }
    if (guard)
        region_leave(c, NULL, 0, &rs);
    arena_release(&c->scratch, mk);
}

static Pipe *
pipe_of_loop(Ctx *c, OpId loop, uint32_t *k)
{
    struct StagePlan *p = c->stage;
    for (uint32_t i = 0; p && i < p->pipes.n; i++)
        if (p->pipes.items[i].loop == loop) {
            *k = i;
            return &p->pipes.items[i];
        }
    return NULL;
}

static void
prepare_pipe(Ctx *c, uint32_t k)
{
    struct StagePlan *p = c->stage;
    for (uint32_t i = 0; i < p->reads.n; i++)
        if (p->reads.items[i].pipe == k)
            prepare(c, &p->reads.items[i], p->pipes.items[k].stages);
}

/*
 * A view of global memref mem (identity layout, rank r) whose origin is element off[]:
 * a copy's loop-invariant offset, computed once, so that inside the loop the copy's
 * address is this base plus the induction variable's part only (strength reduction;
 * the cleanup's CSE shares that part between the copies).  The view keeps the dims
 * the induction variable indexes and the last one (the element copies step along it),
 * with mem's sizes and strides; the others are dropped (size 1).  Only its base and
 * strides are used, by copies that stay inside mem.
 */
static ValueId
copy_view(Ctx *c, Staged *s, ValueId mem, const ValueId *off)
{
    const Type *mt = type_get(c->m, value_type(c->m, mem));
    uint32_t r = s->mrank, rank = 0, k = 0, nsize = 0;
    int64_t shape[LAYOUT_MAX_RANK], stat_off[LAYOUT_MAX_RANK], stat_size[LAYOUT_MAX_RANK],
        stat_stride[LAYOUT_MAX_RANK], full[LAYOUT_MAX_RANK];
    int64_t *strides = arena_alloc(&c->m->arena, r * sizeof(int64_t));
    ValueId args[1 + 2 * LAYOUT_MAX_RANK];
    args[k++] = mem;
    int64_t st = 1;
    for (uint32_t d = r; d-- > 0;) {
        full[d] = mt->layout && mt->layout->kind == ATTR_STRIDED ? mt->layout->ints[d] : st;
        st = st == DIM_DYNAMIC || mt->shape[d] == DIM_DYNAMIC ? DIM_DYNAMIC : st * mt->shape[d];
    }
    for (uint32_t d = 0; d < r; d++) {
        bool keep = s->iv[d] || d + 1 == r;
        stat_off[d] = DIM_DYNAMIC;
        stat_size[d] = keep ? mt->shape[d] : 1;
        stat_stride[d] = 1;
        args[k++] = off[d];
        if (keep) {
            shape[rank] = mt->shape[d];
            strides[rank++] = full[d];
        }
    }
    for (uint32_t d = 0; d < r; d++)
        if (stat_size[d] == DIM_DYNAMIC) {
            args[k++] = memref_dim(c, mem, d);
            nsize++;
        }
    Attr *lay = arena_alloc(&c->m->arena, sizeof *lay);
    memset(lay, 0, sizeof *lay);
    lay->kind = ATTR_STRIDED;
    lay->n = rank;
    lay->ints = strides;
    lay->i = DIM_DYNAMIC;
    TypeId t = type_memref(c->m, mt->elem, rank, shape, lay, mt->memspace, mt->memspace_gpu);
    ValueId v = emit1(c, OP_SUBVIEW, k, args, t);
    OpId o = value_get(c->m, v)->def;
    int64_t seg[4] = { 1, r, nsize, 0 };
    op_set_attr(c->m, o, "static_offsets", dense_i64(c, stat_off, r));
    op_set_attr(c->m, o, "static_sizes", dense_i64(c, stat_size, r));
    op_set_attr(c->m, o, "static_strides", dense_i64(c, stat_stride, r));
    op_set_attr(c->m, o, "operandSegmentSizes", attr_dense_array(c->m, TY_I32, seg, NULL, 4));
    return v;
}

/*
 * Before a pipelined loop (at c->out): the parts of its reads' copies that do not
 * change from one iteration to the next, so the loop issues only the rest.  The
 * tile's row or column index that is not the induction variable is defined
 * outside the loop (pipeline_loop), and so are the memref and its dims.
 */
static void
hoist_pipe(Ctx *c, uint32_t k)
{
    struct StagePlan *p = c->stage;
    for (uint32_t i = 0; i < p->reads.n; i++) {
        Staged *s = &p->reads.items[i];
        if (s->pipe != k)
            continue;
        Loc loc = c->loc;
        c->loc = op_get(c->m, s->read)->loc; /* the read's values: named after it */
        uint32_t r = s->mrank;
        ValueId mem = dist_scalar(c, op_get(c->m, s->read)->args[0]);
        ValueId base[LAYOUT_MAX_RANK];
        bases_at(c, s, 0, base);
        if (s->view && s->view_check)
            s->h_aligned = view_aligned(c, s);
        if (!s->iv[r - 1]) {
            s->h_gcol = idx_add(c, base[r - 1], s->col);
            if (!s->in_bounds[1]) {
                ValueId left = binop_idx(c, OP_SUBI, memref_dim(c, mem, r - 1), s->h_gcol);
                left = binop_idx(c, OP_MAXSI, left, const_index(c, 0));
                s->h_left = binop_idx(c, OP_MINSI, left, const_index(c, 8));
            }
        }
        if (!s->iv[r - 2]) {
            ValueId *g = arena_alloc(&c->m->arena, s->ncopy * sizeof *g);
            ValueId *in = arena_alloc(&c->m->arena, s->ncopy * sizeof *in);
            ValueId dim0 = s->in_bounds[0] ? 0 : memref_dim(c, mem, r - 2);
            for (uint32_t j = 0; j < s->ncopy; j++) {
                g[j] = idx_add(c, base[r - 2], s->row[j]);
                in[j] = dim0 ? cmp_i(c, CMPI_SLT, g[j], dim0) : 0;
            }
            s->h_in = in;
            s->h_grow = g;
        }
        window_hoist(c, s, mem);
        /* views (copy_view): where the rows do not move with the induction variable
           (A, M x K), one per copy at its row and column, so that a copy's address in
           the loop is its base plus the induction variable times 2 bytes; where only
           they do (B, K x N), one per thread at its column in row 0, indexed by the
           copy's global row (a view per copy there cost examples/gemm.mlir 5 to 36
           more registers in ptxas, more than the row product it saves) */
        s->h_src = arena_alloc(&c->m->arena, s->ncopy * sizeof *s->h_src);
        for (uint32_t j = 0; j < s->ncopy; j++) {
            if (s->iv[r - 2] && !s->iv[r - 1]) { /* B: one view at the column, row 0 */
                ValueId off[LAYOUT_MAX_RANK];
                for (uint32_t d = 0; d + 2 < r; d++)
                    off[d] = s->iv[d] ? const_index(c, 0) : base[d];
                off[r - 2] = const_index(c, 0);
                off[r - 1] = s->h_gcol;
                s->h_src[j] = j ? s->h_src[0] : copy_view(c, s, mem, off);
                s->h_rowfull = true;
                continue;
            }
            if (s->iv[r - 2]) {
                s->h_src = NULL;
                break;
            }
            ValueId off[LAYOUT_MAX_RANK];
            for (uint32_t d = 0; d + 2 < r; d++)
                off[d] = s->iv[d] ? const_index(c, 0) : base[d];
            off[r - 2] = s->iv[r - 2] ? s->row[j] : s->h_grow[j];
            off[r - 1] = s->win ? s->w_col[j] : s->iv[r - 1] ? s->col : s->h_gcol;
            s->h_src[j] = copy_view(c, s, mem, off);
        }
        c->loc = loc;
    }
}

static bool
stage_check(Ctx *c, OpId func)
{
    struct StagePlan *p = c->stage;
    for (uint32_t i = 0; p && i < p->pipes.n; i++) {
        Pipe *pi = &p->pipes.items[i];
        if (!pi->loop || pi->stages < 2)
            continue;
        int64_t sum = dist_static_smem(c, func);
        int64_t opt_in = c->opt.target->smem_block;
        if (sum <= TARGET_SMEM_STATIC && sum + c->dyn_bytes <= opt_in)
            return true;
        c->loc = op_get(c->m, pi->loop)->loc;
        return dist_error(c,
                          "the %" PRId64 "-stage pipeline of this loop (%" PRId64
                          " bytes) and the kernel's other workgroup buffers need %" PRId64
                          " bytes of shared memory, but %" PRId64
                          " are available; use fewer stages "
                          "(--pipeline-stages or vptx.pipeline_stages)",
                          pi->stages, pi->stages * pi->bytes, sum + c->dyn_bytes,
                          c->dyn_bytes ? opt_in : (int64_t)TARGET_SMEM_STATIC);
    }
    return true;
}

static bool
stage_owns(Ctx *c, OpId loop)
{
    uint32_t k;
    return pipe_of_loop(c, loop, &k) != NULL;
}

/* Before a pipelined loop: its copies of iterations 0 .. N-2, then the waits and reads
   of the loop-invariant reads before it (pend) */
static bool
stage_before(Ctx *c, OpId loop)
{
    uint32_t k;
    Pipe *pipe = pipe_of_loop(c, loop, &k);
    if (!pipe || pipe->stages < 2)
        return true;
    prepare_pipe(c, k);
    hoist_pipe(c, k);
    const Op *op = op_get(c->m, loop);
    ValueId lb = dist_scalar(c, op->args[0]), ub = dist_scalar(c, op->args[1]);
    ValueId step = dist_scalar(c, op_get(c->m, loop)->args[2]);
    for (int64_t s = 0; s + 1 < pipe->stages; s++) {
        ValueId iv = s ? idx_add(c, lb, idx_mul_c(c, step, s)) : lb;
        issue_pipe(c, k, const_index(c, s), iv, ub, false);
        c->stage->pipes.items[k].token = commit(c);
    }
    pipe = &c->stage->pipes.items[k];
    for (uint32_t i = 0; i < pipe->pend.n; i++)
        ARRAY_PUSH(&c->m->arena, *c->out, pipe->pend.items[i]);
    pipe->pend.n = 0;
    return !c->failed;
}

/* After the loop: drain the copies */
static void
stage_leave(Ctx *c, OpId loop)
{
    uint32_t k;
    Pipe *pipe = pipe_of_loop(c, loop, &k);
    if (pipe) /* that op list is gone (and its address may be another body's next) */
        pipe->sec_list = NULL;
    if (pipe && pipe->stages >= 2) {
        wait_groups(c, pipe->token, 0);
        pipe->ended = true;
    }
}

/*
 * The byte buffer of a pipelined loop that has ended, in which the epilogue
 * (epilogue.c) may stage a result: 0 when there is none.  Only for code at the
 * function's top level (after the loop, outside every region); the caller puts
 * a barrier before its first write (the last iteration's ldmatrix reads, and
 * every thread's copies, are then done: each thread drained its own with
 * wait_group 0).
 */
static ValueId
stage_arena(Ctx *c, int64_t *offset, int64_t *bytes)
{
    struct StagePlan *p = c->stage;
    ValueId best = 0;
    *offset = *bytes = 0;
    for (uint32_t i = 0; p && c->loops == 0 && c->depth == 0 && i < p->pipes.n; i++) {
        Pipe *pi = &p->pipes.items[i];
        if (pi->top && pi->ended && pi->arena && pi->arena_bytes > *bytes) {
            best = pi->arena;
            *offset = pi->arena_off;
            *bytes = pi->arena_bytes;
        }
    }
    return best;
}

/* At the first staged read of a loop's body: wait, synchronize, issue the next copies. */
static void
begin_iteration(Ctx *c, uint32_t k)
{
    Pipe *pipe = &c->stage->pipes.items[k];
    pipe->begun = true;
    const Op *op = op_get(c->m, pipe->loop);
    ValueId iv = block_get(c->m, op_entry_block(c->m, pipe->loop, 0))->args.items[0];
    ValueId lb = dist_scalar(c, op->args[0]), ub = dist_scalar(c, op->args[1]);
    ValueId step = dist_scalar(c, op_get(c->m, pipe->loop)->args[2]);
    int64_t n = pipe->stages;
    if (n == 1) {
        prepare_pipe(c, k);
        barrier(c);
        issue_pipe(c, k, const_index(c, 0), iv, ub, false);
        ValueId tok = commit(c);
        wait_groups(c, tok, 0);
        barrier(c);
        c->stage->pipes.items[k].rd = const_index(c, 0);
        return;
    }
    /* the stages of iteration it = (iv - lb) / step, in 32 bits (trip counts below
       2^31): a remainder by a constant is a few instructions there, not 64-bit code */
    ValueId it = binop_idx(c, OP_DIVUI, binop_idx(c, OP_SUBI, iv, lb), step);
    ValueId it32 = emit1(c, OP_INDEX_CAST, 1, &it, TY_I32);
    ValueId a[2] = { it32, const_int(c, n, TY_I32) };
    ValueId rd32 = emit1(c, OP_REMUI, 2, a, TY_I32);
    ValueId b[2] = { it32, const_int(c, n - 1, TY_I32) };
    a[0] = emit1(c, OP_ADDI, 2, b, TY_I32);
    ValueId wr32 = emit1(c, OP_REMUI, 2, a, TY_I32);
    ValueId rd = emit1(c, OP_INDEX_CAST, 1, &rd32, TY_INDEX);
    ValueId wr = emit1(c, OP_INDEX_CAST, 1, &wr32, TY_INDEX);
    window_wait(c, k, n);
    barrier(c);
    /* the copies of iteration it + n - 1: ops [sec_begin, sec_end) of this body, which
       stage_spread may move between the contract's mma ops */
    pipe->sec_list = c->out;
    pipe->sec_begin = c->out->n;
    ValueId next = idx_add(c, iv, idx_mul_c(c, step, n - 1));
    issue_pipe(c, k, wr, next, ub, true);
    commit(c);
    pipe->sec_end = c->out->n;
    pipe->rd = rd;
}

/* May a copy of the next stage move past op o?  Not past memory writes, barriers or
 * regions; ldmatrix reads stage it % N, which the copies (stage (it - 1) % N) do not
 * write. */
static bool
copies_may_pass(const Module *m, OpId o)
{
    const Op *op = op_get(m, o);
    if (op->nregions)
        return false;
    return op->kind == OP_LDMATRIX || op->kind == OP_MMA_SYNC ||
           (op_info[op->kind].traits & T_PURE);
}

/*
 * cp.async / mma interleave: the copies that begin_iteration issued as a block
 * after the barrier (their address arithmetic, the cp.async ops, the commit)
 * move, in order, between the mma ops of the contract that reads the stage
 * (mmas[]: nmma in issue order, per_step for each K step, all in c->out after
 * them): two just before the first mma of the iteration's last K step, the
 * rest evenly over the gaps between that step's following mma ops.  Each mma
 * keeps its warp's tensor pipe busy for several cycles, so the copies' integer
 * ops issue in its shadow instead of between the barrier and the first mma;
 * in the last step the fragments of the earlier steps are dead, which keeps
 * the registers the copies need from adding to the most ever live.  The
 * copies land later in the iteration; the next wait for them is N - 1
 * iterations away.  They never pass a memory write, a barrier or a region
 * (copies_may_pass).
 */
static void
stage_spread(Ctx *c, const OpId *mmas, int64_t nmma, int64_t per_step)
{
    struct StagePlan *p = c->stage;
    for (uint32_t k = 0; p && k < p->pipes.n; k++) {
        Pipe *pi = &p->pipes.items[k];
        OpList *out = c->out;
        if (pi->sec_list != out || pi->sec_end <= pi->sec_begin || pi->sec_end > out->n)
            continue;
        pi->sec_list = NULL;
        uint32_t b = pi->sec_begin, e = pi->sec_end, n = e - b, limit = e;
        while (limit < out->n && copies_may_pass(c->m, out->items[limit]))
            limit++;
        ArenaMark mk = arena_mark(&c->scratch);
        uint32_t *gap = arena_alloc(&c->scratch, ((size_t)nmma + 1) * sizeof *gap), ngap = 0;
        for (uint32_t j = e; j < limit && ngap < nmma; j++)
            for (int64_t q = 0; q < nmma; q++)
                if (mmas[q] == out->items[j])
                    gap[ngap++] = j;
        if (ngap == 0) {
            arena_release(&c->scratch, mk);
            continue;
        }
        OpId *sec = arena_alloc(&c->scratch, (size_t)n * sizeof *sec);
        OpId *list = arena_alloc(&c->scratch, (size_t)out->n * sizeof *list);
        memcpy(sec, out->items + b, n * sizeof *sec);
        /* gaps g0 .. ngap-1: the last K step's mma ops (or all of them when they are
           not all in this list) */
        uint32_t g0 =
            ngap == nmma && per_step > 0 && per_step < nmma ? ngap - (uint32_t)per_step : 0;
        uint32_t first = n < 2 || g0 + 1 == ngap ? n : 2;
        uint32_t w = b, i = 0, g = 0;
        for (uint32_t j = e; j < out->n; j++) {
            if (g < ngap && j == gap[g]) { /* the section ops due before gap g */
                uint32_t upto = g < g0
                                    ? 0
                                    : first + (uint32_t)((uint64_t)(n - first) * (g - g0) /
                                                         (ngap - 1 - g0 > 0 ? ngap - 1 - g0 : 1));
                if (g + 1 == ngap)
                    upto = n;
                while (i < upto)
                    list[w++] = sec[i++];
                g++;
            }
            if (j == limit)
                while (i < n)
                    list[w++] = sec[i++];
            list[w++] = out->items[j];
        }
        while (i < n)
            list[w++] = sec[i++];
        memcpy(out->items + b, list + b, (w - b) * sizeof *list);
        arena_release(&c->scratch, mk);
    }
}

static bool
stage_read(Ctx *c, OpId o, bool *done)
{
    struct StagePlan *p = c->stage;
    *done = false;
    Staged *s = NULL;
    for (uint32_t i = 0; p && i < p->reads.n; i++)
        if (p->reads.items[i].read == o)
            s = &p->reads.items[i];
    if (!s)
        return true;
    *done = true;
    uint32_t k = s->pipe;
    Pipe *pipe = &p->pipes.items[k];
    OpList *saved = c->out;
    if (!pipe->loop) {
        prepare(c, s, 1);
        if (c->loops)
            barrier(c);
        ValueId base[LAYOUT_MAX_RANK];
        bases_at(c, s, 0, base);
        issue_copies(c, s, const_index(c, 0), base);
        uint32_t hk;
        Pipe *hp = s->host_loop && c->loops == 0 && c->depth == 0
                       ? pipe_of_loop(c, s->host_loop, &hk)
                       : NULL;
        ValueId tok = commit(c);
        if (hp && hp->stages >= 2 && !hp->begun) {
            /* loop-invariant: waited for and read after the loop's prologue copies, so
               that their latency overlaps (one wait and barrier for all such reads) */
            c->out = &hp->pend;
            if (!hp->pend.n) {
                wait_groups(c, tok, hp->stages - 1);
                barrier(c);
            }
        } else {
            wait_groups(c, tok, 0);
            barrier(c);
        }
        pipe->rd = const_index(c, 0);
    } else if (!pipe->begun) {
        begin_iteration(c, k);
    }
    Transfer t;
    memset(&t, 0, sizeof t);
    t.memref = s->buf;
    t.mrank = 2;
    t.base[0] = pipe->rd;
    t.base[1] = const_index(c, 0);
    for (uint32_t i = 0; i < LAYOUT_MAX_RANK; i++)
        t.dim_of[i] = t.mask_dim[i] = -1;
    t.dim_of[0] = s->tr; /* the row dim stands for the stage: load_group makes the index */
    t.dim_of[1] = !s->tr;
    t.in_bounds[0] = t.in_bounds[1] = true;
    t.swizzle = s->chunks;
    NestedLayout l;
    result_layout(c, o, 0, &l);
    Dist *d = dist_read_ldmatrix(c, &t, &l, s->elem);
    c->out = saved;
    if (!d)
        return dist_error(c, "internal: a staged operand cannot be read with ldmatrix");
    dist_bind(c, op_get(c->m, o)->res[0], d);
    return true;
}

/* A result written through the idle buffers of an ended pipeline (epilogue.c). */
static bool
stage_store(Ctx *c, const Transfer *t, Dist *v, bool *done)
{
    int64_t offset, bytes;
    ValueId arena = stage_arena(c, &offset, &bytes);
    return dist_epilogue_write(c, t, v, arena, offset, bytes, done);
}

/* cp.async staging and software-pipelined K loops (the list of distribute.c) */
const Schedule stage_schedule = {
    .name = "stage",
    .plan = stage_plan,
    .check = stage_check,
    .owns = stage_owns,
    .before = stage_before,
    .leave = stage_leave,
    .spread = stage_spread,
    .read = stage_read,
    .store = stage_store,
};
