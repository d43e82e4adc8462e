/*
 * attn_tc05.c -- an attention key loop on tcgen05 (sm_100a, docs/blackwell.md section
 * 5): S = Q K^T and O += P V issued by one thread into tensor memory.
 *
 * layout/select.c gives both contracts of the chain an NV_TCGEN05_* kind (one warpgroup,
 * 128 query rows) and marks P V vptx.wgmma_a = "registers", so the loop is the attention
 * schedule's (attention.c): attn_ring.c loads K and V by TMA into its rings, contract.c's
 * hoist stores Q's image once before the loop.  The accumulators' layout is
 * layout_tcgen05_acc's: thread t holds row t, all of its columns, as tcgen05.ld 32x32b
 * leaves them, so the softmax between the contracts is per-thread work.  Here (N the key
 * block, D the head dim; thread 0 issues every MMA and commit):
 *
 *   before the loop   thread 0 initializes three mbarriers (count 1): S[0], S[1] (the
 *                     commits of the two S buffers), O (P V's); warp 0 allocates a power
 *                     of two >= 2N + D columns (S buffers at 0 and N, O at 2N);
 *                     fence::before; [the ring's barrier]; ::after; the address; O
 *                     resident (below): every thread stores its row of O's first value
 *   S (block j)       j == 0: thread 0 issues S_0 into buffer 0; every thread waits
 *                     S[j % 2], loads its row of S_j (tcgen05.ld 32x32b), releases K_j's
 *                     stage; thread 0 issues S_{j+1} into the other buffer (after P V_{j-1}
 *                     is done: S_{j+1} overwrites P_{j-1}), which runs during the softmax
 *   P V (block j)     O resident: every thread waits O (P V_{j-1}), releases V_{j-1}'s
 *                     stage, loads its row of O, multiplies it by the correction and stores
 *                     it back; stores P (f16 pairs in 32-bit cells, K-major) over S_j;
 *                     wait::st, fence, bar.sync, fence; thread 0 issues P V_j with A in
 *                     tensor memory and commits to O; nobody waits for it in this step
 *   after the loop    O resident: wait O (the last P V) and load O: the loop's result;
 *                     fence, bar.sync, fence; warp 0 frees the columns
 *
 * O is resident when P V's accumulator is mulf(O iter_arg, correction) with O the loop's
 * last iter_arg used there alone and P V's result yielded into it alone; otherwise O's
 * value is stored before each P V, which is then waited for and O loaded (and V_j's stage
 * released).  S is double-buffered when its accumulator is a zero splat and 2N + D
 * columns fit 512; otherwise S's accumulator is stored before each S, issued at its step.
 *
 * Ordering: tcgen05.commit tracks every earlier MMA of the thread; each mbarrier's phase
 * is waited for by every thread before the next commit to it can be issued (the next
 * bar.sync separates them), so parity (step / buffers) & 1 names the right phase.
 *
 * Requires:    layout/select.c's marks; attention.c's hooks calling dist_attn_tc05_begin
 *              before attn_ring.c's barrier, dist_attn_tc05_ready after it,
 *              dist_attn_tc05_end after the loop; contract.c routing both contracts here.
 * Ensures:     the contracts' results (and the loop's O) are S = Q K^T (+ C) and
 *              O = P V + C in layout_tcgen05_acc's layout; every column allocated is
 *              freed; attn_ring.c's stages are each released once their reader is done.
 * Invalidates: nothing beyond attn_ring.c's.
 */
#include "distribute/schedule/schedule.h"

#include <string.h>

enum { TC05A_CHUNK = 64 }; /* columns of one tcgen05.ld / st */

struct AttnTc05 {
    OpId loop;
    ValueId slot, bars, tmem;
    int64_t cols, ocol; /* columns allocated; O's first column */
    ValueId it32;       /* this iteration's number (set at S) */
    bool pipe;          /* S double-buffered, S_{j+1} issued during the softmax of j */
    /* O resident: O stays in tensor memory across the loop (P V's accumulator is
       `mulf(O iter_arg, scale)`, its result yielded back), rescaled there */
    bool ores;
    ValueId scale; /* the mulf's other operand (old value): the correction */
    uint32_t oarg; /* O's iter_arg (its position among the loop's results) */
    ValueId oinit; /* O's initial value (distributed) */
    OpId pv;       /* the P V contract */
};

/* S's operands: Q's image, K's ring, their swizzle spans; K (head dim), N (key block) */
typedef struct SGeom {
    ValueId qbuf, kbuf;
    int64_t qs, ks, kdim, n, krows;
    TypeId elem;
} SGeom;

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

/* fence::before; bar.sync; fence::after: tensor-memory accesses ordered across threads */
static void
fenced_barrier(Ctx *c)
{
    dist_tc05_fence(c, "before");
    barrier(c);
    dist_tc05_fence(c, "after");
}

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

/* Is contract o one of a tcgen05 attention chain? */
static bool
tc05_contract(Ctx *c, OpId o)
{
    MmaIntrinsic mma;
    return op_get(c->m, o)->kind == OP_CONTRACT && dist_wgmma_kind(c, o, &mma) &&
           layout_mma_is_tcgen05(mma.kind);
}

bool
dist_attn_tc05_loop(Ctx *c, OpId loop)
{
    BlockId body = op_entry_block(c->m, loop, 0);
    const Block *b = body ? block_get(c->m, body) : NULL;
    for (uint32_t i = 0; b && i < b->ops.n; i++)
        if (tc05_contract(c, b->ops.items[i]) &&
            layout_wgmma_reg_a(op_attr(c->m, b->ops.items[i], "vptx.wgmma_a")))
            return true;
    return false;
}

/* N of the chain's contract j (0: S, 1: P V) in loop's body */
static int64_t
chain_n(Ctx *c, OpId loop, int j)
{
    const Block *b = block_get(c->m, op_entry_block(c->m, loop, 0));
    int seen = 0;
    for (uint32_t i = 0; i < b->ops.n; i++) {
        OpId o = b->ops.items[i];
        if (!tc05_contract(c, o))
            continue;
        if (seen++ == j) {
            const Type *t = type_get(c->m, value_type(c->m, op_get(c->m, o)->res[0]));
            return t->shape[1];
        }
    }
    return 0;
}

/* Is the accumulator of the chain's S (the first tcgen05 contract) a zero splat? */
static bool
chain_zero_c(Ctx *c, OpId loop)
{
    const Block *b = block_get(c->m, op_entry_block(c->m, loop, 0));
    for (uint32_t i = 0; i < b->ops.n; i++)
        if (tc05_contract(c, b->ops.items[i]))
            return dist_zero_splat(c->m, op_get(c->m, b->ops.items[i])->args[2]);
    return false;
}

static int64_t
pow2_at_least(int64_t n)
{
    int64_t v = 32;
    while (v < n)
        v *= 2;
    return v;
}

/* Is loop's O carried in tensor memory (t->ores)?  P V's accumulator is
   mulf(O, scale) with O the loop's last iter_arg, used there alone, and P V's result is
   yielded into it and used nowhere else (and S is pipelined). */
static void
find_resident_o(Ctx *c, struct AttnTc05 *t)
{
    Module *m = c->m;
    const Block *b = block_get(m, op_entry_block(m, t->loop, 0));
    OpId pv = 0;
    for (uint32_t i = 0; i < b->ops.n; i++)
        if (tc05_contract(c, b->ops.items[i]) &&
            layout_wgmma_reg_a(op_attr(m, b->ops.items[i], "vptx.wgmma_a")))
            pv = b->ops.items[i];
    OpId y = b->ops.items[b->ops.n - 1];
    if (!pv || !t->pipe || op_get(m, y)->kind != OP_YIELD || b->args.n < 2)
        return;
    uint32_t k = b->args.n - 2; /* O: the last iter_arg (after the induction variable) */
    ValueId o = b->args.items[k + 1], res = op_get(m, pv)->res[0];
    OpId mul = value_get(m, op_get(m, pv)->args[2])->def;
    if (!mul || op_get(m, mul)->kind != OP_MULF || op_get(m, y)->args[k] != res)
        return;
    const Op *mo = op_get(m, mul);
    int which = mo->args[0] == o ? 0 : mo->args[1] == o ? 1 : -1;
    if (which < 0 || !value_used_only_by(m, t->loop, o, mul, which) ||
        !value_used_only_by(m, t->loop, res, y, k) ||
        !value_used_only_by(m, t->loop, mo->res[0], pv, 2))
        return;
    t->ores = true;
    t->scale = mo->args[1 - which];
    t->oarg = k;
    t->pv = pv;
}

/* The remark of dist_attn_tc05_begin: how S and O are kept, and why not otherwise. */
static void
say_tc05_attn(Ctx *c, const struct AttnTc05 *t, int64_t n, int64_t d)
{
    char s1[160], s2[160];
    if (t->pipe)
        snprintf(s1, sizeof s1,
                 "S double-buffered in tensor memory (S of the next key block "
                 "issued before this one's softmax)");
    else if (!chain_zero_c(c, t->loop))
        snprintf(s1, sizeof s1,
                 "S in one tensor-memory buffer (its accumulator is not zero: "
                 "stored there before each S)");
    else
        snprintf(s1, sizeof s1,
                 "S in one tensor-memory buffer (two S buffers and O would take %lld columns, "
                 "more than 512)",
                 (long long)pow2_at_least(2 * n + d));
    if (t->ores)
        snprintf(s2, sizeof s2, "O kept in tensor memory across the loop and rescaled there");
    else if (!t->pipe)
        snprintf(s2, sizeof s2,
                 "O read back into registers after each P V (O stays in tensor "
                 "memory only with S double-buffered)");
    else
        snprintf(s2, sizeof s2,
                 "O read back into registers after each P V (the loop does not "
                 "carry it as mulf(O, correction) into P V alone)");
    diag_remark(c->d, op_get(c->m, t->loop)->loc,
                "'scf.for' runs attention on tcgen05: %s; %s; %lld tensor-memory columns", s1, s2,
                (long long)t->cols);
}

bool
dist_attn_tc05_begin(Ctx *c, OpId loop)
{
    if (!dist_attn_tc05_loop(c, loop))
        return true;
    Module *m = c->m;
    struct AttnTc05 *t = arena_alloc(&m->arena, sizeof *t);
    memset(t, 0, sizeof *t);
    c->atc5 = t;
    t->loop = loop;
    int64_t n = chain_n(c, loop, 0), d = chain_n(c, loop, 1);
    /* S double-buffered where S's accumulator is zero (its C need not be stored first) */
    t->pipe = chain_zero_c(c, loop) && pow2_at_least(2 * n + d) <= 512;
    t->ocol = t->pipe ? 2 * n : n;
    find_resident_o(c, t);

    t->cols = pow2_at_least(t->ocol + d);
    if (c->opt.remarks && t->cols <= 512)
        say_tc05_attn(c, t, n, d);
    if (t->cols > 512)
        return dist_error(c,
                          "attention on tcgen05 needs %lld tensor-memory columns for S and O, "
                          "more than 512",
                          (long long)(t->ocol + d));
    int64_t one = 1;
    OpList *saved = c->out;
    c->out = &c->prologue;
    t->slot =
        emit1(c, OP_ALLOC, 0, NULL, type_memref(m, TY_I32, 1, &one, NULL, MS_WORKGROUP, true));
    int64_t seg[2] = { 0, 0 };
    op_set_attr(m, value_get(m, t->slot)->def, "operandSegmentSizes",
                attr_dense_array(m, TY_I32, seg, NULL, 2));
    Type gt;
    memset(&gt, 0, sizeof gt);
    gt.kind = TY_MBARRIER_GROUP;
    gt.memspace = MS_WORKGROUP;
    gt.memspace_gpu = true;
    gt.num_barriers = 3; /* S's commits (two buffers), P V's */
    t->bars = emit1(c, OP_MBARRIER_CREATE, 0, NULL, type_intern(m, &gt));
    c->out = saved;
    ValueId t0 = cmp_i(c, CMPI_EQ, thread_id(c), const_index(c, 0));
    for (int64_t i = 0; i < 3; i++) {
        ValueId b[4] = { t->bars, const_index(c, 1), const_index(c, i), t0 };
        op0(c, OP_MBARRIER_INIT, 4, b);
    }
    ValueId a[2] = { t->slot, const_index(c, 0) };
    warp0_op(c, OP_TCGEN05_ALLOC, 2, a, t->cols);
    dist_tc05_fence(c, "before");
    return true;
}

/* The thread's row of tensor memory at column col: tmem + (32 (w % 4) << 16) + col */
static ValueId
row_addr(Ctx *c, const struct AttnTc05 *t, int64_t col)
{
    ValueId q[2] = { warp_id(c), const_index(c, 4) };
    ValueId lanes = idx_mul_c(c, emit1(c, OP_REMUI, 2, q, TY_INDEX), 32 << 16);
    ValueId off = idx_add_c(c, lanes, col);
    ValueId a[2] = { t->tmem, emit1(c, OP_INDEX_CAST, 1, &off, TY_I32) };
    return emit1(c, OP_ADDI, 2, a, TY_I32);
}

static int64_t
chunk_of(int64_t per)
{
    int64_t w = 1;
    while (w * 2 <= TC05A_CHUNK && per % (w * 2) == 0)
        w *= 2;
    return w;
}

/* store n cells (i32 or f32) of the thread's row from column col */
static void
store_row(Ctx *c, ValueId base, const ValueId *cells, int64_t n, TypeId ct)
{
    int64_t w = chunk_of(n);
    for (int64_t at = 0; at < n; at += w) {
        ValueId a[2] = { ring_i32(c, OP_ADDI, base, at),
                         from_elements(c, cells + at, (uint32_t)w, ct) };
        set_str(c, op0(c, OP_TCGEN05_ST, 2, a), "shape", "32x32b");
    }
}

/* load n f32 cells of the thread's row into d's slots 0 .. n - 1 */
static void
load_row(Ctx *c, ValueId base, int64_t n, Dist *d)
{
    int64_t w = chunk_of(n);
    TypeId vt = type_vector(c->m, TY_F32, 1, &w);
    for (int64_t at = 0; at < n; at += w) {
        ValueId addr = ring_i32(c, OP_ADDI, base, at);
        ValueId v = emit1(c, OP_TCGEN05_LD, 1, &addr, vt);
        set_str(c, value_get(c->m, v)->def, "shape", "32x32b");
        for (int64_t i = 0; i < w; i++)
            dist_set_elem(c, d, (uint32_t)(at + i), extract_elem(c, v, i, TY_F32));
    }
    dist_tc05_wait(c, "ld");
}

/* The instruction descriptor (PTX ISA Table 42): f32 D, A and B f16 (0) or bf16 (1),
   B MN-major (transpose B), N >> 3, M 128 >> 4. */
static int64_t
idesc(TypeId ab, bool b_mn, int64_t n)
{
    int64_t code = ab == TY_BF16 ? 1 : 0;
    return 1 << 4 | code << 7 | code << 10 | (int64_t)b_mn << 16 | (n >> 3) << 17 | 8LL << 24;
}

/* The stage-0 descriptor of image buf (K-major or MN-major with span bytes) */
static ValueId
desc0(Ctx *c, ValueId buf, int64_t span, int64_t lbo)
{
    ValueId z = const_index(c, 0);
    ValueId a[3] = { buf, z, z };
    ValueId d = emit1(c, OP_TCGEN05_SMEM_DESC, 3, a, TY_I64);
    OpId o = value_get(c->m, d)->def;
    op_set_attr(c->m, o, "swizzle", attr_int(c->m, span, TY_I64));
    op_set_attr(c->m, o, "lbo", attr_int(c->m, lbo, TY_I64));
    op_set_attr(c->m, o, "sbo", attr_int(c->m, 8 * span, TY_I64));
    return d;
}

/* desc + (base + off) / 16, base an i64 byte offset (or 0) */
static ValueId
desc_plus(Ctx *c, ValueId desc, ValueId base, int64_t off)
{
    ValueId k = const_int(c, off / 16, TY_I64);
    if (base) {
        ValueId b[2] = { base, const_int(c, 16, TY_I64) };
        ValueId q = emit1(c, OP_DIVUI, 2, b, TY_I64);
        ValueId s[2] = { q, k };
        k = emit1(c, OP_ADDI, 2, s, TY_I64);
    }
    ValueId a[2] = { desc, k };
    return emit1(c, OP_ADDI, 2, a, TY_I64);
}

static ValueId
is_t0(Ctx *c)
{
    return cmp_i(c, CMPI_EQ, thread_id(c), const_index(c, 0));
}

/* this iteration's number (i32): (iv - lb) / step */
static ValueId
iter32(Ctx *c, OpId loop)
{
    const Op *op = op_get(c->m, loop);
    ValueId iv = block_get(c->m, op_entry_block(c->m, loop, 0))->args.items[0];
    ValueId a[2] = { iv, dist_scalar(c, op->args[0]) };
    ValueId d[2] = { emit1(c, OP_SUBI, 2, a, TY_INDEX), dist_scalar(c, op->args[2]) };
    ValueId it = emit1(c, OP_DIVUI, 2, d, TY_INDEX);
    return emit1(c, OP_INDEX_CAST, 1, &it, TY_I32);
}

/* the f32 values of d's slots 0 .. n - 1 as cells */
static void
f32_cells(Ctx *c, Dist *d, int64_t n, ValueId *cells)
{
    for (int64_t i = 0; i < n; i++)
        cells[i] = dist_elem(c, d, (uint32_t)i);
}

/* this iteration's S buffer (0 or 1; always 0 unpipelined), as an i32 column offset */
static ValueId
s_col(Ctx *c, const struct AttnTc05 *t, ValueId it32, int64_t n)
{
    if (!t->pipe)
        return const_int(c, 0, TY_I32);
    return ring_i32(c, OP_MULI, ring_i32(c, OP_REMUI, it32, 2), n);
}

/* the thread's row of tensor memory at the dynamic i32 column col */
static ValueId
row_at(Ctx *c, const struct AttnTc05 *t, ValueId col)
{
    ValueId a[2] = { row_addr(c, t, 0), col };
    return emit1(c, OP_ADDI, 2, a, TY_I32);
}

/* Thread 0 (the caller's branch): S of step it32 = Q K^T into its S buffer, the K stage
   from row0 (index) of image kbuf; commit to S's barrier of that step */
static void
issue_s(Ctx *c, const struct AttnTc05 *t, const SGeom *g, ValueId row0, ValueId it32, bool acc_in)
{
    dist_tc05_fence(c, "after");
    ValueId dq = desc0(c, g->qbuf, g->qs, 16), dk = desc0(c, g->kbuf, g->ks, 16);
    ValueId r0 = emit1(c, OP_INDEX_CAST, 1, &row0, TY_I64);
    ValueId kb[2] = { r0, const_int(c, g->ks, TY_I64) };
    ValueId kbase = emit1(c, OP_MULI, 2, kb, TY_I64); /* the stage's first row, in bytes */
    ValueId id = const_int(c, idesc(g->elem, false, g->n), TY_I32);
    ValueId sa[2] = { t->tmem, s_col(c, t, it32, g->n) };
    ValueId d = emit1(c, OP_ADDI, 2, sa, TY_I32);
    for (int64_t b = 0; b < 2 * g->kdim; b += 32) {
        int64_t oq = b % g->qs + b / g->qs * 128 * g->qs;
        int64_t ok = b % g->ks + b / g->ks * g->krows * g->ks;
        ValueId da = desc_plus(c, dq, 0, oq);
        ValueId db = desc_plus(c, dk, kbase, ok);
        ValueId a[5] = { d, da, db, id, const_bool(c, acc_in || b > 0) };
        set_str(c, op0(c, OP_TCGEN05_MMA, 5, a), "kind", "f16");
    }
    ValueId cb[2] = { t->bars,
                      t->pipe ? ring_index(c, ring_i32(c, OP_REMUI, it32, 2)) : const_index(c, 0) };
    op0(c, OP_TCGEN05_COMMIT, 2, cb);
}

/* S = Q K^T (+ C).  Pipelined (t->pipe): S_0 issued at the first step, S_{j+1} right
   after S_j is read, into the other S buffer, so that it runs during the softmax. */
static bool
contract_s(Ctx *c, OpId o, Dist **ops, const SGeom *g, const WgmmaFeed *f, Dist *r)
{
    struct AttnTc05 *t = c->atc5;
    Module *m = c->m;
    bool acc_in = !dist_zero_splat(m, op_get(m, o)->args[2]);
    t->it32 = iter32(c, t->loop);
    ValueId base = row_at(c, t, s_col(c, t, t->it32, g->n));
    if (acc_in) {
        ValueId cells[256];
        f32_cells(c, ops[2], g->n, cells);
        store_row(c, base, cells, g->n, TY_F32);
        dist_tc05_wait(c, "st");
        fenced_barrier(c);
    }
    RegionSave rs;
    ValueId go = is_t0(c);
    if (t->pipe) /* S_0: later steps' S was issued by the step before */
        go = and_i1(c, go, cmp_i(c, CMPI_EQ, t->it32, const_int(c, 0, TY_I32)));
    region_enter(c, emit_if(c, go, 0, NULL, false), 0, &rs);
    issue_s(c, t, g, f->row0[1], t->it32, acc_in);
    region_leave(c, NULL, 0, &rs);
    ValueId widx = t->pipe ? ring_index(c, ring_i32(c, OP_REMUI, t->it32, 2)) : const_index(c, 0);
    ring_wait_parity(c, t->bars, widx, ring_parity(c, t->it32, t->pipe ? 2 : 1));
    dist_tc05_fence(c, "after");
    load_row(c, base, g->n, r);
    if (!t->pipe)
        return true;
    dist_attn_ring_release_now(c, t->loop, 0); /* S_j has read K_j's stage */
    const Op *lo = op_get(m, t->loop);
    ValueId iv = block_get(m, op_entry_block(m, t->loop, 0))->args.items[0];
    ValueId next = idx_add(c, iv, dist_scalar(c, lo->args[2]));
    ValueId more = and_i1(c, is_t0(c), cmp_i(c, CMPI_SLT, next, dist_scalar(c, lo->args[1])));
    region_enter(c, emit_if(c, more, 0, NULL, false), 0, &rs);
    if (t->ores) { /* S_{j+1} overwrites P_{j-1}: P V_{j-1} must be done (tcgen05.mma
                      orders only the MMAs of one accumulator) */
        RegionSave rs2;
        ValueId later = cmp_i(c, CMPI_SGT, t->it32, const_int(c, 0, TY_I32));
        region_enter(c, emit_if(c, later, 0, NULL, false), 0, &rs2);
        ValueId prev = ring_i32(c, OP_SUBI, t->it32, 1);
        ring_wait_parity(c, t->bars, const_index(c, 2), ring_parity(c, prev, 1));
        region_leave(c, NULL, 0, &rs2);
    }
    ValueId row0 = dist_attn_ring_next_k(c, t->loop);
    issue_s(c, t, g, row0, ring_i32(c, OP_ADDI, t->it32, 1), false);
    region_leave(c, NULL, 0, &rs);
    return true;
}

/* O resident: once P V of the previous step is done (its V stage released), O's row is
   loaded, multiplied by the mulf's other operand and stored back: the correction */
static bool
rescale_o(Ctx *c, const struct AttnTc05 *t, ValueId obase, int64_t n)
{
    ValueId later = cmp_i(c, CMPI_SGT, t->it32, const_int(c, 0, TY_I32));
    RegionSave rs;
    region_enter(c, emit_if(c, later, 0, NULL, false), 0, &rs);
    ValueId prev = ring_i32(c, OP_SUBI, t->it32, 1);
    ring_wait_parity(c, t->bars, const_index(c, 2), ring_parity(c, prev, 1));
    region_leave(c, NULL, 0, &rs);
    dist_tc05_fence(c, "after");
    dist_attn_ring_release_prev(c, t->loop, 1); /* P V_{j-1} has read V_{j-1}'s stage */
    Dist *sc = dist_of(c, t->scale);
    if (!sc || sc->n != (uint32_t)n)
        return dist_error(c, "attention on tcgen05: O's correction is not a row a thread");
    int64_t w = n < TC05A_CHUNK ? n : TC05A_CHUNK;
    TypeId vt = type_vector(c->m, TY_F32, 1, &w);
    ValueId v[256], cells[256];
    for (int64_t at = 0; at < n; at += w) {
        ValueId addr = ring_i32(c, OP_ADDI, obase, at);
        v[at / w] = emit1(c, OP_TCGEN05_LD, 1, &addr, vt);
        set_str(c, value_get(c->m, v[at / w])->def, "shape", "32x32b");
    }
    dist_tc05_wait(c, "ld");
    for (int64_t i = 0; i < n; i++) {
        ValueId x[2] = { extract_elem(c, v[i / w], i % w, TY_F32), dist_elem(c, sc, (uint32_t)i) };
        cells[i] = emit1(c, OP_MULF, 2, x, TY_F32);
    }
    store_row(c, obase, cells, n, TY_F32);
    return true;
}

/* O = P V + C: P and C stored into tensor memory by the threads, V's stage from the feed */
static bool
contract_pv(Ctx *c, OpId o, Dist **ops, WgmmaFeed *f, Dist *r)
{
    struct AttnTc05 *t = c->atc5;
    Module *m = c->m;
    const Type *at = type_get(m, value_type(m, op_get(m, o)->args[0]));
    int64_t kdim = at->shape[1], n = type_get(m, value_type(m, op_get(m, o)->res[0]))->shape[1];
    ValueId cells[256];
    for (int64_t i = 0; i < kdim / 2; i++) { /* P's f16 pairs, the first in the low half */
        ValueId h[2];
        for (int j = 0; j < 2; j++) {
            ValueId e = dist_elem(c, ops[0], (uint32_t)(2 * i + j));
            ValueId b16 = emit1(c, OP_BITCAST, 1, &e, TY_I16);
            h[j] = emit1(c, OP_EXTUI, 1, &b16, TY_I32);
        }
        ValueId sh[2] = { h[1], const_int(c, 16, TY_I32) };
        ValueId hi = emit1(c, OP_SHLI, 2, sh, TY_I32);
        ValueId hl[2] = { hi, h[0] };
        cells[i] = emit1(c, OP_ORI, 2, hl, TY_I32);
    }
    ValueId pcol = s_col(c, t, t->it32, kdim); /* P over this step's S (read already) */
    ValueId obase = row_addr(c, t, t->ocol);
    if (t->ores) { /* after P V_{j-1} (issued by thread 0, maybe after this warp got
                      here) is done with P_{j-1}'s columns */
        if (!rescale_o(c, t, obase, n))
            return false;
        store_row(c, row_at(c, t, pcol), cells, kdim / 2, TY_I32);
    } else {
        store_row(c, row_at(c, t, pcol), cells, kdim / 2, TY_I32);
        f32_cells(c, ops[2], n, cells);
        store_row(c, obase, cells, n, TY_F32);
    }
    dist_tc05_wait(c, "st");
    fenced_barrier(c);
    if (!sched_feed(c, o, f)) /* waits for V's stage */
        return dist_error(c, "attention on tcgen05: P V's V block is not fed by the TMA ring");
    int64_t vs = dist_wgmma_mn_span(n);
    RegionSave rs;
    region_enter(c, emit_if(c, is_t0(c), 0, NULL, false), 0, &rs);
    dist_tc05_fence(c, "after");
    int64_t rows = f->stage_rows[1];
    ValueId dv = desc0(c, f->buf[1], vs, rows * vs);
    ValueId r0 = emit1(c, OP_INDEX_CAST, 1, &f->row0[1], TY_I64);
    ValueId vb[2] = { r0, const_int(c, 2 * rows, TY_I64) };
    ValueId vbase = emit1(c, OP_MULI, 2, vb, TY_I64); /* the stage's first column, in bytes */
    ValueId id = const_int(c, idesc(at->elem, true, n), TY_I32);
    ValueId ocell = ring_i32(c, OP_ADDI, t->tmem, t->ocol);
    ValueId pa0[2] = { t->tmem, pcol };
    ValueId pbase = emit1(c, OP_ADDI, 2, pa0, TY_I32);
    for (int64_t k = 0; k < kdim; k += 16) {
        ValueId pa = ring_i32(c, OP_ADDI, pbase, k / 2); /* 16 f16: 8 columns */
        ValueId a[5] = { ocell, pa, desc_plus(c, dv, vbase, k * vs), id, const_bool(c, true) };
        set_str(c, op0(c, OP_TCGEN05_MMA, 5, a), "kind", "f16");
    }
    ValueId cb[2] = { t->bars, const_index(c, 2) };
    op0(c, OP_TCGEN05_COMMIT, 2, cb);
    region_leave(c, NULL, 0, &rs);
    if (t->ores) /* O stays in tensor memory: the next step's rescale waits for P V */
        return true;
    ring_wait_parity(c, t->bars, const_index(c, 2), ring_parity(c, t->it32, 1));
    dist_tc05_fence(c, "after");
    load_row(c, obase, n, r);
    if (t->pipe)
        dist_attn_ring_release_now(c, t->loop, 1); /* P V_j has read V_j's stage */
    return true;
}

bool
dist_attn_tc05_contract(Ctx *c, OpId o, Dist **ops, ValueId qbuf, bool *handled)
{
    *handled = false;
    struct AttnTc05 *t = c->atc5;
    if (!t || !tc05_contract(c, o) || block_parent_op(c->m, op_get(c->m, o)->parent) != t->loop)
        return true;
    *handled = true;
    NestedLayout rl;
    if (!result_layout(c, o, 0, &rl))
        return dist_error(c, "'vector.contract' result has no layout");
    Dist *r = dist_new(c, &rl, TY_F32);
    if (t->ores && o == t->pv) { /* O in tensor memory: the iter_arg's registers pass on */
        BlockId body = op_entry_block(c->m, t->loop, 0);
        r = dist_of(c, block_get(c->m, body)->args.items[t->oarg + 1]);
        if (!r)
            return false;
    }
    int64_t n = type_get(c->m, value_type(c->m, op_get(c->m, o)->res[0]))->shape[1];
    if (r->n != (uint32_t)n || ops[2]->n != (uint32_t)n)
        return dist_error(c, "attention on tcgen05: the accumulator is not a row a thread");
    WgmmaFeed f = { .reg_a = true };
    bool pv = layout_wgmma_reg_a(op_attr(c->m, o, "vptx.wgmma_a"));
    if (pv) {
        if (!contract_pv(c, o, ops, &f, r))
            return false;
    } else {
        if (!qbuf)
            return dist_error(c, "attention on tcgen05: Q's image was not stored before the loop");
        f.reg_a = false;
        if (!sched_feed(c, o, &f)) /* waits for K's stage */
            return dist_error(c, "attention on tcgen05: S's K block is not fed by the TMA ring");
        const Type *qt = type_get(c->m, value_type(c->m, op_get(c->m, o)->args[0]));
        SGeom g = { qbuf, f.buf[1], 0, 0, qt->shape[1], n, f.stage_rows[1], qt->elem };
        g.qs = g.ks = (2 * g.kdim) % 128 == 0 ? 128 : (2 * g.kdim) % 64 == 0 ? 64 : 32;
        if (!contract_s(c, o, ops, &g, &f, r))
            return false;
    }
    if (!t->pipe) /* S: the ring releases K's stage and the previous V's */
        sched_issued(c, o, &f);
    dist_bind(c, op_get(c->m, o)->res[0], r);
    return !c->failed;
}

/* After the loop, O resident: wait for the last P V (if the loop ran), load O: the loop's
   result */
static void
resident_o_result(Ctx *c, struct AttnTc05 *t)
{
    Module *m = c->m;
    const Op *lo = op_get(m, t->loop);
    ValueId lb = dist_scalar(c, lo->args[0]), ub = dist_scalar(c, lo->args[1]);
    ValueId step = dist_scalar(c, lo->args[2]);
    RegionSave rs;
    region_enter(c, emit_if(c, cmp_i(c, CMPI_SLT, lb, ub), 0, NULL, false), 0, &rs);
    ValueId d[2] = { ub, lb };
    ValueId span = idx_add(c, emit1(c, OP_SUBI, 2, d, TY_INDEX), step);
    ValueId q[2] = { idx_add_c(c, span, -1), step };
    ValueId trips = emit1(c, OP_DIVUI, 2, q, TY_INDEX); /* ceil((ub - lb) / step) */
    ValueId last = emit1(c, OP_INDEX_CAST, 1, &trips, TY_I32);
    last = ring_i32(c, OP_SUBI, last, 1);
    ring_wait_parity(c, t->bars, const_index(c, 2), ring_parity(c, last, 1));
    region_leave(c, NULL, 0, &rs);
    dist_tc05_fence(c, "after");
    NestedLayout l;
    if (!result_layout(c, t->loop, t->oarg, &l)) {
        dist_error(c, "the attention loop's O has no layout");
        return;
    }
    Dist *r = dist_new(c, &l, TY_F32);
    load_row(c, row_addr(c, t, t->ocol), (int64_t)r->n, r);
    dist_bind(c, lo->res[t->oarg], r);
}

void
dist_attn_tc05_ready(Ctx *c, OpId loop, ValueId init)
{
    struct AttnTc05 *t = c->atc5;
    if (!t || t->loop != loop)
        return;
    dist_tc05_fence(c, "after");
    ValueId a[2] = { t->slot, const_index(c, 0) };
    t->tmem = emit1(c, OP_MLOAD, 2, a, TY_I32);
    if (!t->ores)
        return;
    int64_t d = chain_n(c, loop, 1); /* O's first value into its columns */
    ValueId cells[256];
    for (int64_t i = 0; i < d; i++)
        cells[i] = extract_elem(c, init, i, TY_F32);
    store_row(c, row_addr(c, t, t->ocol), cells, d, TY_F32);
    dist_tc05_wait(c, "st");
    fenced_barrier(c);
}

void
dist_attn_tc05_end(Ctx *c, OpId loop)
{
    struct AttnTc05 *t = c->atc5;
    if (!t || t->loop != loop)
        return;
    if (t->ores)
        resident_o_result(c, t);
    fenced_barrier(c); /* every thread's loads done before warp 0 frees the columns */
    warp0_op(c, OP_TCGEN05_DEALLOC, 1, &t->tmem, t->cols);
    c->atc5 = NULL;
}
