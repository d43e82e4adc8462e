/*
 * attn_reads.c -- in the key loop of an attention kernel on wgmma, issue the reads of
 * the key and value blocks first.
 *
 * The loop body of attention reads the key block, computes S = Q K^T and the softmax,
 * and only then reads the value block for P V (examples/attention_sm90.mlir, as seed
 * 003 writes it).  On the wgmma route these reads are global loads into registers that
 * are then stored into the wgmma image in shared memory (distribute/lowering/contract.c), so a
 * value block read after the softmax exposes a second global-memory latency in every
 * iteration.  This step moves, before the body is rewritten, every
 * vector.transfer_read of a kernel argument that the kernel never writes, whose
 * operands are defined before the loop, by the induction variable or by ops moved
 * already, to the top of the body, together with the pure scalar ops (index
 * arithmetic) its indices need.  The moved ops keep their order; the other ops keep
 * theirs.  Reading memory that nothing writes earlier gives the same values, and a
 * pure scalar op depends on nothing but its operands, so the body computes what it did.
 *
 * It applies only to a loop whose body holds a wgmma contract with A from registers
 * (vptx.wgmma_a = "registers": layout/select.c marks attention's P V): other loops,
 * and the sm_80 route with its cp.async pipelines (distribute/schedule/stage.c), are untouched.
 *
 * The second step (dist_attn_defer_wait, below) leaves P V's wgmma group in flight
 * into the next iteration when that is safe, and dist_attn_loop_end puts a
 * wgmma.wait_group 0 after such a loop.
 *
 * Requires:    distribute.c's Ctx; called from attention.c's hooks: dist_attn_early_reads
 *              before the body is rewritten, dist_attn_defer_wait at the contract,
 *              dist_attn_loop_end after the body.
 * Ensures:     the body's op list is reordered as above (nothing added or removed); a
 *              loop whose P V was deferred is followed by vptx.wgmma_wait {pending = 0}.
 * Invalidates: nothing (uses are not kept; op order within one block only).
 */
#include "distribute/schedule/schedule.h"

#include <string.h>

/* Does the kernel write memref argument v anywhere (or pass it to an op that might)? */
typedef struct Writes {
    ValueId v;
    bool found;
} Writes;

static bool
writes_visit(Module *m, OpId o, void *ctx)
{
    Writes *w = ctx;
    const Op *op = op_get(m, o);
    bool reads = op->kind == OP_TRANSFER_READ || op->kind == OP_VLOAD || op->kind == OP_MLOAD ||
                 op->kind == OP_DIM;
    for (uint32_t i = 0; i < op->nargs && !reads; i++)
        if (op->args[i] == w->v)
            w->found = true;
    return !w->found;
}

/* An attention key loop on wgmma: its body holds a contract whose A comes from registers
 * (vptx.wgmma_a = "registers": layout/select.c marks attention's P V). */
bool
dist_attn_key_loop(Module *m, BlockId body)
{
    const Block *b = block_get(m, body);
    for (uint32_t i = 0; i < b->ops.n; i++) {
        OpId o = b->ops.items[i];
        if (op_get(m, o)->kind == OP_CONTRACT && layout_wgmma_reg_a(op_attr(m, o, "vptx.wgmma_a")))
            return true;
    }
    return false;
}

/* Is v available at the top of the body: defined outside the loop, the induction
   variable, or a result of an op already moved (mark)? */
static bool
available(Module *m, ValueId v, OpId loop, ValueId iv, const uint8_t *mark)
{
    return v == iv || mark[v] || value_defined_outside(m, v, loop);
}

static bool
movable(Ctx *c, OpId o, OpId loop, ValueId iv, const uint8_t *mark)
{
    Module *m = c->m;
    const Op *op = op_get(m, o);
    if (op->nregions || op->nres != 1)
        return false;
    for (uint32_t i = 0; i < op->nargs; i++)
        if (!available(m, op->args[i], loop, iv, mark))
            return false;
    if (op->kind == OP_TRANSFER_READ) {
        const Value *mv = value_get(m, op->args[0]);
        if (mv->def || mv->block != op_entry_block(m, c->func, 0))
            return false; /* a kernel argument */
        Writes w = { op->args[0], false };
        module_walk(m, c->func, writes_visit, &w);
        return !w.found;
    }
    /* index arithmetic the reads' indices need */
    return (op_info[op->kind].traits & T_PURE) && !type_is_vector(m, value_type(m, op->res[0])) &&
           type_get(m, value_type(m, op->res[0]))->kind != TY_MEMREF;
}

void
dist_attn_early_reads(Ctx *c, OpId loop, bool ring)
{
    Module *m = c->m;
    BlockId body = op_entry_block(m, loop, 0);
    if (!body || !dist_attn_key_loop(m, body) || ring)
        return; /* a TMA ring (attn_ring.c) loads the blocks: no thread reads them */
    Block *b = block_get(m, body);
    ValueId iv = b->args.items[0];
    ArenaMark mk = arena_mark(&c->scratch);
    uint8_t *mark = arena_alloc(&c->scratch, (size_t)m->nvalues + 1);
    uint8_t *moved = arena_alloc(&c->scratch, (size_t)b->ops.n + 1);
    OpId *order = arena_alloc(&c->scratch, ((size_t)b->ops.n + 1) * sizeof *order);
    memset(mark, 0, (size_t)m->nvalues + 1);
    memset(moved, 0, (size_t)b->ops.n + 1);
    uint32_t n = 0;
    bool any_read = false;
    for (uint32_t i = 0; i < b->ops.n; i++) {
        OpId o = b->ops.items[i];
        if (!movable(c, o, loop, iv, mark))
            continue;
        moved[i] = 1;
        mark[op_get(m, o)->res[0]] = 1;
        order[n++] = o;
        any_read |= op_get(m, o)->kind == OP_TRANSFER_READ;
    }
    if (any_read) {
        uint32_t reads = 0;
        for (uint32_t i = 0; i < n; i++)
            reads += op_get(m, order[i])->kind == OP_TRANSFER_READ;
        for (uint32_t i = 0; i < b->ops.n; i++)
            if (!moved[i])
                order[n++] = b->ops.items[i];
        memcpy(b->ops.items, order, n * sizeof *order);
        if (c->opt.remarks)
            diag_remark(c->d, op_get(m, loop)->loc,
                        "'scf.for' is an attention key loop on wgmma: its %u read(s) of kernel "
                        "arguments are issued at the top of the body, so their global loads "
                        "overlap",
                        reads);
    }
    arena_release(&c->scratch, mk);
}

/* ---- P V's groups left in flight across the back edge ---- */

static uint32_t
position_in(const Block *b, OpId o)
{
    uint32_t k = 0;
    while (k < b->ops.n && b->ops.items[k] != o)
        k++;
    return k;
}

/* Uses of v within block b (directly or nested) by ops at positions before `first`? */
typedef struct EarlyUse {
    ValueId v;
    bool found;
} EarlyUse;

static bool
early_visit(Module *m, OpId o, void *ctx)
{
    EarlyUse *u = ctx;
    const Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nargs; i++)
        if (op->args[i] == u->v)
            u->found = true;
    return !u->found;
}

/* Does op o, or an op nested in it, read v? */
static bool
reads_value(Module *m, OpId o, ValueId v)
{
    EarlyUse u = { v, false };
    early_visit(m, o, &u);
    if (!u.found)
        module_walk(m, o, early_visit, &u);
    return u.found;
}

/*
 * May register-A wgmma contract o (attention's O += P V) leave its groups in flight
 * past the loop's back edge?  Yes when its result is only yielded (as iter_arg i), and
 * an earlier wgmma contract of the body, on the register copy path (its lhs defined
 * before the loop: S = Q K^T), ends with wgmma.wait_group 0 before any op of the next
 * iteration reads iter_arg i.  P V's tensor-core work then overlaps the next
 * iteration's loads, K block copy and S wgmma; the accumulator registers are read
 * again only after S's wait.  After the loop a wgmma.wait_group 0 covers the last one
 * (dist_attn_loop_end).  ptxgen gives the wgmma the iter_arg's registers so that the
 * yield copies nothing (ptxgen/isel_sm90.c).
 */
bool
dist_attn_defer_wait(Ctx *c, OpId o)
{
    Module *m = c->m;
    const Op *op = op_get(m, o);
    BlockId body = op->parent;
    OpId loop = block_parent_op(m, body);
    if (!c->loops || !loop || op_get(m, loop)->kind != OP_FOR)
        return false;
    const Block *b = block_get(m, body);
    if (!b->ops.n)
        return false;
    OpId y = b->ops.items[b->ops.n - 1];
    if (op_get(m, y)->kind != OP_YIELD)
        return false;
    /* the result's one use: the yield */
    uint32_t slot = UINT32_MAX, uses = 0;
    for (uint32_t i = 0; i < op_get(m, y)->nargs; i++)
        if (op_get(m, y)->args[i] == op->res[0])
            slot = i, uses++;
    bool other = false;
    for (uint32_t k = 0; k < b->ops.n && !other; k++)
        if (b->ops.items[k] != y && b->ops.items[k] != o)
            other = reads_value(m, b->ops.items[k], op->res[0]);
    if (uses != 1 || other)
        return false;
    /* the first wgmma contract of the body, before o, on the register copy path */
    uint32_t first = UINT32_MAX;
    for (uint32_t k = 0; k < b->ops.n && b->ops.items[k] != o; k++) {
        OpId x = b->ops.items[k];
        const Op *xo = op_get(m, x);
        if (xo->kind != OP_CONTRACT || !op_attr(m, x, "mma_kind"))
            continue;
        MmaIntrinsic mma;
        if (!layout_mma_from_attr(op_attr(m, x, "mma_kind"), &mma) ||
            layout_mma_info(mma.kind)->subgroups != 4 ||
            !value_defined_outside(m, xo->args[0], loop))
            return false;
        first = k;
        break;
    }
    if (first == UINT32_MAX)
        return false;
    /* nothing reads iter_arg `slot` before that contract */
    bool early = false;
    for (uint32_t k = 0; k <= first && !early; k++)
        early = reads_value(m, b->ops.items[k], b->args.items[1 + slot]);
    if (early || position_in(b, o) <= first)
        return false;
    for (uint32_t i = 0; i < c->attn_wait.n; i++)
        if (c->attn_wait.items[i] == loop)
            return true;
    ARRAY_PUSH(&c->m->arena, c->attn_wait, loop);
    if (c->opt.remarks)
        diag_remark(c->d, op_get(m, o)->loc,
                    "'vector.contract' (P V, A from registers) leaves its wgmma group in flight "
                    "into the next iteration, whose first wgmma waits for both; one "
                    "wgmma.wait_group 0 follows the loop");
    return true;
}

void
dist_attn_loop_end(Ctx *c, OpId loop)
{
    for (uint32_t i = 0; i < c->attn_wait.n; i++)
        if (c->attn_wait.items[i] == loop) {
            OpId w = emit(c, OP_WGMMA_WAIT, 0, NULL, 0, NULL, 0);
            op_set_attr(c->m, w, "pending", attr_int(c->m, 0, TY_I64));
        }
}
