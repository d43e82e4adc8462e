/*
 * persist.c -- the persistent tile loop of a warp-specialized TMA ring, and the
 * whole-tile ping-pong built on it (docs/hopper.md, section 1c).
 *
 * The user's kernel is one workgroup's program, its tile picked by gpu.block_id.  With
 * `vptx.persistent = true` on the ring's scf.for (or --persistent), the kernel instead
 * loops over the user's logical workgroups, the logical grid (gx, gy, gz) arriving in
 * three hidden i32 parameters after the tensor maps, and the launcher starting as few
 * real workgroups as fill the device (dist_persist_wrap, after the ring is planned):
 *
 *   %x, %y, %z: i32 (hidden)       gx = index(%x) ...; total = gx * gy * gz
 *   scf.if (thread_id.x < C) {vptx.persistent_sides}          C: the consumer threads
 *     scf.for %w = block_id.x to total step grid_dim.x {vptx.persistent_tiles} {
 *       bx = w % gx; by = (w / gx) % gy; bz = w / (gx gy)    (the user's gpu.block_id)
 *       the user's ops: those before the K loop, the K loop, the epilogue
 *     }
 *   } else {                                                   the producer warpgroup
 *     scf.for %w = ... {vptx.persistent_producer} {
 *       bx, by, bz; a copy of the ops before the K loop that its bounds and the reads'
 *       indices need (tma_ring.c appends the copies of the tile to this body)
 *     }
 *   }
 *   return
 *
 * tma_ring.c puts the ring's barriers before the branch and a setmaxnreg before each
 * tile loop, and numbers the K steps across tiles.
 *
 * Whole-tile ping-pong (dist_whole_tile_prepare, before layout): a 256-thread kernel
 * whose loop asks for both the tile loop and ping-pong becomes one warpgroup's program
 * (128 threads, vptx.whole_tile); C is then 2 x 128, thread_id() is tid % 128 (build.c),
 * and consumer warpgroup k's tile loop starts at block_id.x + k grid_dim.x with step
 * 2 grid_dim.x: the two warpgroups take alternate tiles.
 *
 * Requires:    dist_persist_wrap: tma_ring.c planned the loop as a warp-specialized
 *              ring at the top of the function's entry block (the ops before it free of
 *              memory accesses and regions).  dist_whole_tile_prepare: vector-level IR.
 * Ensures:     the kernel computes, for every logical workgroup w < gx gy gz, what the
 *              user's program computes for block ids (w % gx, (w / gx) % gy, w / (gx gy));
 *              function_type gains three i32 arguments, their position in
 *              vptx.hidden_grid; nothing changes when it returns a reason.
 *              dist_whole_tile_prepare: the block is 128 threads where it sets
 *              vptx.whole_tile, unchanged elsewhere.
 * Invalidates: use lists; the ops of the entry block move into new regions.
 */
#include "distribute/schedule/schedule.h"

#include <string.h>

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

/* A copy of prefix op o (no regions) at the end of block b, its operands through map. */
static void
clone_into(Module *m, OpId o, ValueId *map, uint32_t nv, BlockId b)
{
    const Op *op = op_get(m, o);
    uint32_t na = op->nargs, nr = op->nres;
    ValueId *args = arena_alloc(&m->arena, (na + 1) * sizeof *args);
    TypeId *types = arena_alloc(&m->arena, (nr + 1) * sizeof *types);
    for (uint32_t i = 0; i < na; i++) {
        ValueId a = op_get(m, o)->args[i];
        args[i] = a < nv && map[a] ? map[a] : a;
    }
    for (uint32_t i = 0; i < nr; i++)
        types[i] = value_type(m, op_get(m, o)->res[i]);
    OpId n = op_new(m, op_get(m, o)->kind, op_get(m, o)->loc, na, args, nr, types, 0);
    for (uint32_t i = 0; i < op_get(m, o)->nattrs; i++)
        op_set_attr(m, n, op_get(m, o)->attrs[i].name, op_get(m, o)->attrs[i].value);
    for (uint32_t i = 0; i < nr; i++)
        map[op_get(m, o)->res[i]] = op_get(m, n)->res[i];
    block_append(m, b, n);
}

/* A tile loop from start to total step stride in block b, with the user's block ids
   computed from its induction variable in id[3]. */
static OpId
tile_loop(Module *m, Loc loc, const ValueId *se, const ValueId *g, BlockId b, const char *attr,
          ValueId *id, BlockId *body)
{
    OpId tiles = op_new(m, OP_FOR, loc, 3, se, 0, NULL, 1);
    op_set_attr(m, tiles, attr, attr_unit(m));
    RegionId reg = region_new(m, tiles);
    op_get(m, tiles)->regions[0] = reg;
    BlockId tb = block_new(m);
    region_append(m, reg, tb);
    ValueId w = block_add_arg(m, tb, TY_INDEX, loc, "tile");
    block_append(m, b, tiles);
    /* x fastest, as the hardware numbers workgroups */
    id[0] = new_bin(m, OP_REMUI, loc, w, g[0], tb);
    ValueId q = new_bin(m, OP_DIVUI, loc, w, g[0], tb);
    id[1] = new_bin(m, OP_REMUI, loc, q, g[1], tb);
    id[2] = new_bin(m, OP_DIVUI, loc, q, g[1], tb);
    *body = tb;
    return tiles;
}

/* A region of if-op `o` (number r) holding one block, returned. */
static BlockId
if_region(Module *m, OpId o, uint32_t r)
{
    RegionId reg = region_new(m, o);
    op_get(m, o)->regions[r] = reg;
    BlockId b = block_new(m);
    region_append(m, reg, b);
    return b;
}

const char *
dist_persist_wrap(Ctx *c, OpId func, OpId loop, const ValueId *keep, uint32_t nkeep,
                  PersistWrap *out)
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
    if (nkeep > sizeof out->from / sizeof out->from[0])
        return "too many values";
    /* the producer's copy: the ops before the loop that the kept values need */
    uint32_t nv = m->nvalues;
    bool *need = ir_calloc(nv + 1, sizeof *need);
    bool *opneed = ir_calloc(n + 1, sizeof *opneed);
    ValueId *map = ir_calloc(nv + 1, sizeof *map);
    const char *why = NULL;
    if (!need || !opneed || !map)
        why = "out of memory";
    for (uint32_t i = 0; !why && i < nkeep; i++)
        if (keep[i] < nv)
            need[keep[i]] = true;
    for (uint32_t k = at; !why && k-- > 0;) {
        const Op *op = op_get(m, eb->ops.items[k]);
        for (uint32_t i = 0; i < op->nres; i++)
            opneed[k] = opneed[k] || need[op->res[i]];
        for (uint32_t i = 0; opneed[k] && i < op->nres; i++)
            if (type_is_vector(m, value_type(m, op->res[i])))
                why = "the loop's bounds or the reads' indices are computed from vectors";
        for (uint32_t i = 0; opneed[k] && i < op->nargs; i++)
            if (op->args[i] < nv)
                need[op->args[i]] = true;
    }
    ValueId grid[3];
    if (!why && !add_grid_args(m, func, loc, grid))
        why = "the kernel's signature cannot take the hidden grid";
    if (why) {
        ir_free(need);
        ir_free(opneed);
        ir_free(map);
        return why;
    }
    /* the entry block: the logical grid, the real workgroup, the two sides */
    OpId *ops = arena_copy(&m->arena, eb->ops.items, (n + 1) * sizeof *ops);
    block_get(m, entry)->ops.n = 0;
    ValueId g[3];
    for (int j = 0; j < 3; j++)
        g[j] = new_op(m, OP_INDEX_CAST, loc, 1, &grid[j], TY_INDEX, entry);
    ValueId total =
        new_bin(m, OP_MULI, loc, new_bin(m, OP_MULI, loc, g[0], g[1], entry), g[2], entry);
    ValueId se[3] = { new_sreg(m, OP_BLOCK_ID, loc, "x", entry), total,
                      new_sreg(m, OP_GRID_DIM, loc, "x", entry) };
    /* whole_tile: two consumer warpgroups, each running the kernel's threads */
    int64_t ncons = c->whole_tile ? 2 * c->nthreads : c->nthreads;
    ValueId tid = new_sreg(m, OP_THREAD_ID, loc, "x", entry);
    ValueId ca[2] = { tid, new_const(m, loc, ncons, entry) };
    ValueId cond = new_op(m, OP_CMPI, loc, 2, ca, TY_I1, entry);
    op_set_attr(m, value_get(m, cond)->def, "predicate", attr_int(m, CMPI_ULT, TY_I64));
    OpId sides = op_new(m, OP_IF, loc, 1, &cond, 0, NULL, 2);
    op_set_attr(m, sides, "vptx.persistent_sides", attr_unit(m));
    BlockId cb = if_region(m, sides, 0), pb = if_region(m, sides, 1);
    block_append(m, entry, sides);
    block_append(m, entry, ops[n - 1]);
    /* the consumers: the user's program per tile */
    ValueId id[3], pid[3];
    BlockId tb, ptb;
    out->start = se[0];
    out->stride = se[2];
    ValueId cse[3] = { se[0], se[1], se[2] };
    if (c->whole_tile) { /* consumer warpgroup k takes the CTA's tiles k, k + 2, ... */
        ValueId k = new_bin(m, OP_DIVUI, loc, tid, new_const(m, loc, c->nthreads, cb), cb);
        cse[0] = new_bin(m, OP_ADDI, loc, se[0], new_bin(m, OP_MULI, loc, k, se[2], cb), cb);
        cse[2] = new_bin(m, OP_MULI, loc, se[2], new_const(m, loc, 2, cb), cb);
    }
    out->tiles = tile_loop(m, loc, cse, g, cb, "vptx.persistent_tiles", id, &tb);
    for (uint32_t k = 0; k + 1 < n; k++)
        block_append(m, tb, ops[k]);
    block_append(m, tb, op_new(m, OP_YIELD, loc, 0, NULL, 0, NULL, 0));
    block_append(m, cb, op_new(m, OP_YIELD, loc, 0, NULL, 0, NULL, 0));
    /* the producer: its own tile loop with a copy of what the copies' coordinates need */
    out->ptiles = tile_loop(m, loc, se, g, pb, "vptx.persistent_producer", pid, &ptb);
    ValueId from[6], to[6]; /* the block ids and grid sizes read, and their logical values */
    uint32_t nsw = 0;
    for (uint32_t k = 0; k + 1 < n; k++) {
        const Op *op = op_get(m, ops[k]);
        if (op->kind != OP_BLOCK_ID && op->kind != OP_GRID_DIM)
            continue;
        const Attr *da = op_attr(m, ops[k], "dimension");
        const char *d = da && (da->kind == ATTR_ENUM || da->kind == ATTR_STRING) ? da->str : NULL;
        int j = d && d[0] >= 'x' && d[0] <= 'z' ? d[0] - 'x' : 0;
        ValueId res = op->res[0];
        if (res < nv)
            map[res] = op->kind == OP_BLOCK_ID ? pid[j] : g[j];
        if (nsw < 6) {
            from[nsw] = res;
            to[nsw++] = op->kind == OP_BLOCK_ID ? id[j] : g[j];
        }
    }
    for (uint32_t k = 0; k < at; k++) {
        OpKind kind = op_get(m, ops[k])->kind;
        if (opneed[k] && kind != OP_BLOCK_ID && kind != OP_GRID_DIM)
            clone_into(m, ops[k], map, nv, ptb);
    }
    block_append(m, ptb, op_new(m, OP_YIELD, loc, 0, NULL, 0, NULL, 0));
    block_append(m, pb, op_new(m, OP_YIELD, loc, 0, NULL, 0, NULL, 0));
    out->n = nkeep;
    for (uint32_t i = 0; i < nkeep; i++) {
        out->from[i] = keep[i];
        out->to[i] = keep[i] < nv && map[keep[i]] ? map[keep[i]] : keep[i];
    }
    ir_free(need);
    ir_free(opneed);
    ir_free(map);
    /* the user's block ids and grid sizes: the logical ones (the dead reads stay) */
    module_replace_uses(m, out->tiles, from, to, nsw);
    return NULL;
}

/* ---- whole-tile ping-pong: before layout ---- */

enum { WHOLE_TILE_ACC_REGS = 128 }; /* f32 accumulators per thread that leave room in 232 */

typedef struct TileScan {
    bool names_threads; /* thread ids, block sizes, layouts the kernel fixes itself */
    OpId loop, contract;
} TileScan;

static bool
scan_threads(Module *m, OpId o, void *ctx)
{
    TileScan *s = ctx;
    OpKind k = op_get(m, o)->kind;
    if (k == OP_THREAD_ID || k == OP_BLOCK_DIM || k == OP_TO_LAYOUT ||
        op_attr(m, o, "vptx.layout") || op_attr(m, o, "lowering_config"))
        s->names_threads = true;
    return true;
}

/* The translation_info attribute of f (any name), or NULL; its name in *name. */
static const Attr *
translation_of(Module *m, OpId f, const char **name)
{
    for (uint32_t i = 0; i < op_get(m, f)->nattrs; i++)
        if (op_get(m, f)->attrs[i].value->kind == ATTR_TRANSLATION_INFO) {
            *name = op_get(m, f)->attrs[i].name;
            return op_get(m, f)->attrs[i].value;
        }
    return NULL;
}

void
dist_whole_tile_func(Module *m, OpId f, bool persistent, bool ping_pong, bool remarks, Diag *d)
{
    BlockId entry = op_entry_block(m, f, 0);
    if (!entry)
        return;
    TileScan s = { false, 0, 0 };
    const Block *eb = block_get(m, entry);
    for (uint32_t i = 0; i < eb->ops.n && !s.loop; i++) {
        OpId o = eb->ops.items[i];
        if (op_get(m, o)->kind != OP_FOR || !op_get(m, o)->nres)
            continue;
        /* a GEMM ring's body: the two reads, the contract, the yield (not attention) */
        const Block *body = block_get(m, op_entry_block(m, o, 0));
        uint32_t nreads = 0, ncontracts = 0;
        for (uint32_t k = 0; k < body->ops.n; k++) {
            OpKind bk = op_get(m, body->ops.items[k])->kind;
            nreads += bk == OP_TRANSFER_READ;
            ncontracts += bk == OP_CONTRACT;
            if (bk == OP_CONTRACT)
                s.contract = body->ops.items[k];
        }
        if (body->ops.n == 4 && nreads == 2 && ncontracts == 1)
            s.loop = o;
    }
    if (!s.loop)
        return;
    bool on_persist, on_pp, pa, pp;
    if (!layout_loop_flag(m, s.loop, "vptx.persistent", persistent, &on_persist, &pa) ||
        !layout_loop_flag(m, s.loop, "vptx.ping_pong", ping_pong, &on_pp, &pp))
        return; /* tma_ring.c reports them */
    if (!on_persist || !on_pp)
        return;
    bool explicit = pa && pp;
    const char *tname = NULL;
    const Attr *ti = translation_of(m, f, &tname);
    const Attr *kb = op_attr(m, f, "gpu.known_block_size");
    int64_t b[3] = { 0, 1, 1 };
    if (ti && ti->translation && ti->translation->nworkgroup)
        for (uint32_t k = 0; k < 3 && k < ti->translation->nworkgroup; k++)
            b[k] = ti->translation->workgroup_size[k];
    else if (kb && kb->kind == ATTR_DENSE_ARRAY && kb->ints && kb->n >= 1)
        for (uint32_t k = 0; k < 3 && k < kb->n; k++)
            b[k] = kb->ints[k];
    module_walk(m, f, scan_threads, &s);
    const Type *rt = type_get(m, value_type(m, op_get(m, s.contract)->res[0]));
    int64_t acc = rt->kind == TY_VECTOR && rt->rank == 2 ? rt->shape[0] * rt->shape[1] / 128 : 0;
    char why[200] = "";
    if (b[0] != 256 || b[1] != 1 || b[2] != 1)
        snprintf(why, sizeof why,
                 "the kernel's block is not 256 threads (two warpgroups sharing each tile)");
    else if (s.names_threads)
        snprintf(why, sizeof why,
                 "the kernel names its threads or layouts (gpu.thread_id, gpu.block_dim, "
                 "layouts, lowering configs), which one warpgroup per tile would change");
    else if (!acc || acc > WHOLE_TILE_ACC_REGS)
        snprintf(why, sizeof why,
                 "one warpgroup would hold the whole %lldx%lld accumulator, %lld registers "
                 "per thread, more than the %d that leave room in the consumers' 232",
                 rt->rank == 2 ? (long long)rt->shape[0] : 0LL,
                 rt->rank == 2 ? (long long)rt->shape[1] : 0LL, (long long)acc,
                 WHOLE_TILE_ACC_REGS);
    Loc loc = op_get(m, s.loop)->loc;
    if (why[0]) {
        if (explicit)
            diag_error(d, loc,
                       "whole-tile ping-pong (vptx.persistent and vptx.ping_pong) cannot be "
                       "built: %s",
                       why);
        else if (remarks)
            diag_remark(d, loc,
                        "'scf.for' gets no whole-tile ping-pong (--persistent --ping-pong): %s; "
                        "the two warpgroups share each tile and take turns per K step",
                        why);
        return;
    }
    /* one warpgroup's program: the layouts give it the whole tile */
    if (ti) {
        Attr *na = arena_alloc(&m->arena, sizeof *na);
        TranslationInfoAttr *nt = arena_alloc(&m->arena, sizeof *nt);
        *na = *ti;
        *nt = *ti->translation;
        nt->workgroup_size[0] = 128;
        na->translation = nt;
        op_set_attr(m, f, tname, na);
    }
    int64_t half[3] = { 128, 1, 1 };
    if (kb || !ti)
        op_set_attr(m, f, "gpu.known_block_size", attr_dense_array(m, TY_I32, half, NULL, 3));
    op_set_attr(m, f, "vptx.whole_tile", attr_unit(m));
}
