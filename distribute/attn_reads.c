/*
 * attn_reads.c -- in the key loop of an attention kernel on wgmma, issue the reads of
 * the key and value blocks first.
 *
 * The loop body of attention reads the key block, computes S = Q K^T and the softmax,
 * and only then reads the value block for P V (examples/attention_sm90.mlir, as seed
 * 003 writes it).  On the wgmma route these reads are global loads into registers that
 * are then stored into the wgmma image in shared memory (distribute/contract.c), so a
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
 * and the sm_80 route with its cp.async pipelines (distribute/stage.c), are untouched.
 *
 * Requires:    distribute.c's Ctx; called by rewrite_for before the body is rewritten.
 * Ensures:     the body's op list is reordered as above; nothing is added or removed.
 * Invalidates: nothing (uses are not kept; op order within one block only).
 */
#include "distribute/dist.h"

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

static bool
has_reg_a_contract(Module *m, BlockId body)
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
    return v == iv || mark[v] || dist_defined_outside(m, v, loop);
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
dist_attn_early_reads(Ctx *c, OpId loop)
{
    Module *m = c->m;
    BlockId body = op_entry_block(m, loop, 0);
    if (!body || !has_reg_a_contract(m, body))
        return;
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
        for (uint32_t i = 0; i < b->ops.n; i++)
            if (!moved[i])
                order[n++] = b->ops.items[i];
        memcpy(b->ops.items, order, n * sizeof *order);
    }
    arena_release(&c->scratch, mk);
}
