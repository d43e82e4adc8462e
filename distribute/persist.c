/*
 * persist.c -- the persistent tile loop of a warp-specialized TMA ring (docs/hopper.md,
 * section 1c, "A persistent tile loop").
 *
 * The user's kernel is one workgroup's program, its tile picked by gpu.block_id.  With
 * `vptx.persistent = true` on the ring's scf.for (or --persistent), the kernel instead
 * loops over the user's logical workgroups, the logical grid (gx, gy, gz) arriving in
 * three hidden i32 parameters after the tensor maps, and the launcher starting as few
 * real workgroups as fill the device:
 *
 *   %x, %y, %z: i32 (hidden)       gx = index(%x) ...; total = gx * gy * gz
 *   scf.for %w = block_id.x to total step grid_dim.x {vptx.persistent_tiles} {
 *     bx = w % gx; by = (w / gx) % gy; bz = w / (gx gy)    (the user's gpu.block_id)
 *     the user's ops before the K loop that have no vector result (the producer needs
 *     the loop's bounds and the reads' indices)
 *     scf.if (thread_id.x < T) {vptx.persistent_consumer} {
 *       the ops before the loop with a vector result (the accumulator's zero), the K
 *       loop, the ops after it (the epilogue)
 *     }
 *   }
 *   return
 *
 * tma_ring.c then puts the ring's barriers before the tile loop, the producer's copies
 * of one tile before the consumers' branch, and numbers the K steps across tiles.
 * gpu.grid_dim becomes the logical grid's size.
 *
 * Requires:    tma_ring.c planned the loop as a warp-specialized ring in the function's
 *              entry block (the ops before it free of memory accesses and regions).
 * Ensures:     the kernel computes, for every logical workgroup w < gx gy gz, what the
 *              user's program computes for block ids (w % gx, (w / gx) % gy, w / (gx gy));
 *              function_type gains three i32 arguments, their position in
 *              vptx.hidden_grid; nothing changes when it returns false.
 * Invalidates: use lists; the ops of the entry block move into new regions.
 */
#include "distribute/dist.h"

#include <string.h>

typedef struct Swap {
    ValueId from[6], to[6];
    uint32_t n;
} Swap;

static bool
swap_visit(Module *m, OpId o, void *ctx)
{
    const Swap *s = ctx;
    Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nargs; i++)
        for (uint32_t k = 0; k < s->n; k++)
            if (op->args[i] == s->from[k])
                op->args[i] = s->to[k];
    return true;
}

static bool
find_barrier(Module *m, OpId o, void *ctx)
{
    bool *bad = ctx;
    OpKind k = op_get(m, o)->kind;
    if (k == OP_BARRIER || k == OP_NAMED_BARRIER)
        *bad = true;
    return !*bad;
}

static ValueId
new_op(Module *m, OpKind k, Loc loc, uint32_t n, const ValueId *args, TypeId t, BlockId b)
{
    OpId o = op_new(m, k, loc, n, args, 1, &t, 0);
    block_append(m, b, o);
    return op_get(m, o)->res[0];
}

static ValueId
new_const(Module *m, Loc loc, int64_t v, BlockId b)
{
    ValueId r = new_op(m, OP_CONSTANT, loc, 0, NULL, TY_INDEX, b);
    op_set_attr(m, value_get(m, r)->def, "value", attr_int(m, v, TY_INDEX));
    return r;
}

static ValueId
new_sreg(Module *m, OpKind k, Loc loc, const char *dim, BlockId b)
{
    ValueId r = new_op(m, k, loc, 0, NULL, TY_INDEX, b);
    op_set_attr(m, value_get(m, r)->def, "dimension", attr_enum(m, "gpu", "dim", dim, true));
    return r;
}

static ValueId
new_bin(Module *m, OpKind k, Loc loc, ValueId a, ValueId b2, BlockId b)
{
    ValueId args[2] = { a, b2 };
    return new_op(m, k, loc, 2, args, TY_INDEX, b);
}

/* Whether v is computed from a gpu.block_id (the K loop's bounds must not be: every
   tile then has the same number of K steps, which numbers the ring's steps). */
bool
dist_persist_depends_on_block(Module *m, ValueId v, int depth)
{
    OpId d = value_get(m, v)->def;
    if (!d || depth > 32)
        return depth > 32;
    if (op_get(m, d)->kind == OP_BLOCK_ID || op_get(m, d)->nregions)
        return true;
    for (uint32_t i = 0; i < op_get(m, d)->nargs; i++)
        if (dist_persist_depends_on_block(m, op_get(m, d)->args[i], depth + 1))
            return true;
    return false;
}

/* The function type with three i32 arguments more (the logical grid), or false. */
static bool
add_grid_args(Module *m, OpId func, Loc loc, ValueId *out)
{
    BlockId entry = op_entry_block(m, func, 0);
    const Attr *ft = op_attr(m, func, "function_type");
    if (!ft || ft->kind != ATTR_TYPE)
        return false;
    const Type *fty = type_get(m, ft->type);
    if (fty->nins != block_get(m, entry)->args.n || fty->nouts || fty->nins + 3 > 64)
        return false;
    uint32_t nin = fty->nins;
    TypeId ins[64];
    for (uint32_t i = 0; i < nin; i++)
        ins[i] = fty->ins[i];
    static const char *names[3] = { "grid_x", "grid_y", "grid_z" };
    for (uint32_t j = 0; j < 3; j++) {
        out[j] = block_add_arg(m, entry, TY_I32, loc, names[j]);
        ins[nin + j] = TY_I32;
    }
    op_set_attr(m, func, "function_type", attr_type(m, type_function(m, nin + 3, ins, 0, NULL)));
    op_set_attr(m, func, "vptx.hidden_grid", attr_int(m, nin, TY_I64));
    return true;
}

const char *
dist_persist_wrap(Ctx *c, OpId func, OpId loop, const ValueId *keep, uint32_t nkeep)
{
    Module *m = c->m;
    Loc loc = op_get(m, loop)->loc;
    BlockId entry = op_entry_block(m, func, 0);
    if (op_get(m, loop)->parent != entry)
        return "the loop is not at the top of the kernel (its rows have a dynamic length and "
               "a test of the sizes put it in a branch?)";
    const Block *eb = block_get(m, entry);
    uint32_t n = eb->ops.n, at = 0;
    while (at < n && eb->ops.items[at] != loop)
        at++;
    OpKind last = n ? op_get(m, eb->ops.items[n - 1])->kind : OP_RETURN;
    if (at + 1 >= n || (last != OP_RETURN && last != OP_GPU_RETURN) ||
        op_get(m, eb->ops.items[n - 1])->nargs)
        return "the kernel does not end with a return after the loop";
    bool bad = false;
    for (uint32_t k = at + 1; k + 1 < n && !bad; k++) {
        find_barrier(m, eb->ops.items[k], &bad);
        module_walk(m, eb->ops.items[k], find_barrier, &bad);
    }
    if (bad)
        return "a barrier follows the loop, which the producer warpgroup would not meet";
    /* the ops before the loop with a vector result, and what uses them, go to the
       consumers' branch; the producer needs the rest */
    bool *moved = ir_calloc(m->nvalues + 1, sizeof *moved);
    if (!moved)
        return "out of memory";
    uint32_t nv = m->nvalues;
    bool *opmove = ir_calloc(n + 1, sizeof *opmove);
    if (!opmove) {
        ir_free(moved);
        return "out of memory";
    }
    for (uint32_t k = 0; k < at; k++) {
        const Op *op = op_get(m, eb->ops.items[k]);
        bool mv = false;
        for (uint32_t i = 0; i < op->nres; i++)
            mv = mv || type_is_vector(m, value_type(m, op->res[i]));
        for (uint32_t i = 0; i < op->nargs; i++)
            mv = mv || (op->args[i] < nv && moved[op->args[i]]);
        opmove[k] = mv;
        for (uint32_t i = 0; mv && i < op->nres; i++)
            moved[op->res[i]] = true;
    }
    const char *why = NULL;
    for (uint32_t i = 0; i < nkeep && !why; i++)
        if (keep[i] < nv && moved[keep[i]])
            why = "the loop's bounds or the reads' indices are computed from vectors";
    ir_free(moved);
    ValueId grid[3];
    if (!why && !add_grid_args(m, func, loc, grid))
        why = "the kernel's signature cannot take the hidden grid";
    if (why) {
        ir_free(opmove);
        return why;
    }
    /* the entry block: the logical grid, the real workgroup and the tile loop */
    OpId *ops = arena_copy(&m->arena, eb->ops.items, (n + 1) * sizeof *ops);
    block_get(m, entry)->ops.n = 0;
    ValueId g[3];
    for (int j = 0; j < 3; j++)
        g[j] = new_op(m, OP_INDEX_CAST, loc, 1, &grid[j], TY_INDEX, entry);
    ValueId total =
        new_bin(m, OP_MULI, loc, new_bin(m, OP_MULI, loc, g[0], g[1], entry), g[2], entry);
    ValueId start = new_sreg(m, OP_BLOCK_ID, loc, "x", entry);
    ValueId stride = new_sreg(m, OP_GRID_DIM, loc, "x", entry);
    ValueId fa[3] = { start, total, stride };
    OpId tiles = op_new(m, OP_FOR, loc, 3, fa, 0, NULL, 1);
    op_set_attr(m, tiles, "vptx.persistent_tiles", attr_unit(m));
    RegionId reg = region_new(m, tiles);
    op_get(m, tiles)->regions[0] = reg;
    BlockId tb = block_new(m);
    region_append(m, reg, tb);
    ValueId w = block_add_arg(m, tb, TY_INDEX, loc, "tile");
    block_append(m, entry, tiles);
    block_append(m, entry, ops[n - 1]);
    /* the user's block ids from w (x fastest, as the hardware numbers workgroups) */
    ValueId bx = new_bin(m, OP_REMUI, loc, w, g[0], tb);
    ValueId q = new_bin(m, OP_DIVUI, loc, w, g[0], tb);
    ValueId by = new_bin(m, OP_REMUI, loc, q, g[1], tb);
    ValueId bz = new_bin(m, OP_DIVUI, loc, q, g[1], tb);
    Swap sw = { { 0 }, { 0 }, 0 };
    for (uint32_t k = 0; k < n - 1; k++) {
        const Op *op = op_get(m, ops[k]);
        if (op->kind != OP_BLOCK_ID && op->kind != OP_GRID_DIM)
            continue;
        const Attr *da = op_attr(m, ops[k], "dimension");
        const char *d = da && (da->kind == ATTR_ENUM || da->kind == ATTR_STRING) ? da->str : NULL;
        int j = d && d[0] >= 'x' && d[0] <= 'z' ? d[0] - 'x' : 0;
        ValueId bid[3] = { bx, by, bz };
        if (sw.n < 6) {
            sw.from[sw.n] = op->res[0];
            sw.to[sw.n++] = op->kind == OP_BLOCK_ID ? bid[j] : g[j];
        }
    }
    for (uint32_t k = 0; k < at; k++)
        if (!opmove[k])
            block_append(m, tb, ops[k]);
    /* the consumers' branch */
    ValueId tid = new_sreg(m, OP_THREAD_ID, loc, "x", tb);
    ValueId ca[2] = { tid, new_const(m, loc, c->nthreads, tb) };
    ValueId cond = new_op(m, OP_CMPI, loc, 2, ca, TY_I1, tb);
    op_set_attr(m, value_get(m, cond)->def, "predicate", attr_int(m, CMPI_ULT, TY_I64));
    OpId cif = op_new(m, OP_IF, loc, 1, &cond, 0, NULL, 1);
    op_set_attr(m, cif, "vptx.persistent_consumer", attr_unit(m));
    RegionId creg = region_new(m, cif);
    op_get(m, cif)->regions[0] = creg;
    BlockId cb = block_new(m);
    region_append(m, creg, cb);
    for (uint32_t k = 0; k < at; k++)
        if (opmove[k])
            block_append(m, cb, ops[k]);
    for (uint32_t k = at; k + 1 < n; k++)
        block_append(m, cb, ops[k]);
    block_append(m, cb, op_new(m, OP_YIELD, loc, 0, NULL, 0, NULL, 0));
    block_append(m, tb, cif);
    block_append(m, tb, op_new(m, OP_YIELD, loc, 0, NULL, 0, NULL, 0));
    ir_free(opmove);
    /* the user's block ids and grid sizes: the logical ones (the dead reads stay) */
    module_walk(m, tiles, swap_visit, &sw);
    return NULL;
}
