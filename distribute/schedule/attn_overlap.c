/*
 * attn_overlap.c -- FlashAttention-3's intra-warpgroup overlap in an attention key loop
 * on wgmma: the softmax of key block j runs while S_{j+1} = Q K_{j+1}^T is computed by
 * the tensor cores (docs/hopper.md, section 1e, "The softmax overlapped with the next
 * block's S").  Opt-in: `vptx.overlap_softmax = true` on the scf.for, or
 * --overlap-softmax (VptxOptions.overlap_softmax) for every loop it fits.
 *
 * Before the rewrite (dist_attn_overlap_prepare, at the vector level) the loop gets one
 * more iter_arg, %sc, of S's type and layout: its initial value is S's accumulator
 * operand (replaced by S_0 when the loop is emitted), the yield passes S's result.
 * Then, while the loop is distributed (groups in flight in brackets):
 *
 *   before the loop   if (lb < ub): S_0 (the key read and S's wgmma for the first block,
 *                     wait_group 0; a TMA ring's K stage 0 released)    -> %sc's init
 *   iteration j       the key read for block j+1, its index clamped to block j in the
 *                     last step (wgmma is warpgroup-collective: every thread issues the
 *                     dropped S rather than a branch around it); S_{j+1}'s wgmma, commit,
 *                     no wait                                  [P V_{j-1}, S_{j+1}]
 *                     the softmax reads %sc (S_j): row max, exp, row sum, P's cast
 *                     before the first op that reads O's iter_arg (O *= correction), or
 *                     P V: wait_group 0; the stages of V_{j-1} and K_{j+1} released
 *                     P V_j's wgmma, commit, no wait           [P V_j]
 *                     yield: S_{j+1} copied into %sc's registers
 *   after the loop    wait_group 0 (attn_reads.c, as without the overlap)
 *
 * The wait before O's first reader is wait_group 0, not the 1 that would leave S_{j+1}
 * in flight into P V: ptxas 13.0 does not see P V_{j-1}, whose group crossed the back
 * edge, retired by a wait_group 1 and serializes every wgmma of the kernel (C7514 on the
 * read of O, C7515 with an empty group committed before the loop to even the count).
 * S_{j+1} still overlaps the whole softmax up to O's rescaling, P V_{j-1} the top of the
 * iteration and the softmax.
 *
 * Eval sees the loop as written: the extra iter_arg is S itself, one block late, and the
 * softmax reads S_j either way.
 *
 * Requires:    distribute.c's Ctx; called from attention.c's hooks:
 *              dist_attn_overlap_prepare before the values are counted (c->nold),
 *              dist_attn_overlap_begin before the loop
 *              is pushed (after the ring's and the hoisted A's prologue),
 *              dist_attn_overlap_op before each op of the loop's body is rewritten.
 * Ensures:     each chosen loop computes what it did (S_j of the same block reaches the
 *              softmax), with S_{j+1} in flight across the softmax of block j; a loop
 *              that does not fit is an error where the attribute asks for it, a remark
 *              where only the option does.
 * Invalidates: the chosen loops' ops (each is replaced by a new scf.for with one more
 *              result; uses of the old results are renamed).
 */
#include "distribute/schedule/schedule.h"

#include <stdio.h>
#include <string.h>

enum { OVERLAP_INDEX_DEPTH = 4 };

typedef struct Overlap {
    OpId loop, read, s; /* the loop (after prepare), K's read, S = Q K^T */
    uint32_t slot;      /* the iter_arg carrying S_j */
    uint32_t o_slot;    /* the iter_arg P V's result is yielded to, or UINT32_MAX */
    /* while the body is rewritten */
    ValueId ivn; /* the next block's induction value, clamped to this block's */
    Dist *next;  /* S_{j+1} */
    bool mid;    /* the wait before O's first reader emitted */
} Overlap;

struct OverlapPlan {
    ARRAY(Overlap) loops;
};

/* ---- choosing the loops (vector level) ---- */

/* Why loop o cannot take the overlap (NULL: it can; ov filled) */
static const char *
why_not(Ctx *c, OpId func, OpId o, Overlap *ov)
{
    static const char no_chain[] = "its body is not an attention chain on wgmma: one S = Q K^T "
                                   "(Q defined before the loop), then one P V (P from registers)";
    Module *m = c->m;
    memset(ov, 0, sizeof *ov);
    BlockId body = op_entry_block(m, o, 0);
    if (!body || !block_get(m, body)->args.n || !dist_uniform_loop(m, o))
        return "its bounds are not the same in every thread";
    const Block *b = block_get(m, body);
    ValueId iv = b->args.items[0];
    OpId pv = 0, y = b->ops.n ? b->ops.items[b->ops.n - 1] : 0;
    MmaIntrinsic mma;
    for (uint32_t i = 0; i < b->ops.n; i++) {
        OpId x = b->ops.items[i];
        if (op_get(m, x)->kind != OP_CONTRACT)
            continue;
        bool reg_a = layout_wgmma_reg_a(op_attr(m, x, "vptx.wgmma_a"));
        if (!dist_wgmma_kind(c, x, &mma))
            return "its contracts are not on wgmma (sm_90a's warpgroup kinds)";
        if (!reg_a && !ov->s && value_defined_outside(m, op_get(m, x)->args[0], o))
            ov->s = x;
        else if (reg_a && ov->s && !pv)
            pv = x;
        else
            return no_chain;
    }
    if (!pv)
        return no_chain;
    const Op *so = op_get(m, ov->s);
    if (!value_defined_outside(m, so->args[2], o))
        return "S's accumulator is defined in the loop";
    if (!y || op_get(m, y)->kind != OP_YIELD)
        return "its body does not end with scf.yield";
    for (uint32_t i = 0; i < op_get(m, y)->nargs; i++)
        if (op_get(m, y)->args[i] == so->res[0])
            return "it yields S itself";
    OpId r = value_get(m, so->args[1])->def;
    if (!r || op_get(m, r)->kind != OP_TRANSFER_READ || op_get(m, r)->parent != body)
        return "the key block is not a vector.transfer_read in the loop's body";
    const Op *ro = op_get(m, r);
    uint32_t rank = type_get(m, value_type(m, ro->args[0]))->rank;
    for (uint32_t i = 0; i < ro->nargs; i++) {
        bool index = i >= 1 && i <= rank;
        if (index ? !value_index_recomputable(m, ro->args[i], o, iv, OVERLAP_INDEX_DEPTH)
                  : !value_defined_outside(m, ro->args[i], o))
            return "the key block's read has operands other than indices computed from the "
                   "induction variable (+, -, * of it, constants and values defined before "
                   "the loop) and values defined before the loop";
    }
    if (!value_used_only_by(m, func, ro->res[0], ov->s, UINT32_MAX))
        return "the key block is used by more than S";
    /* the ring the overlap needs (attn_ring.c) must fit with Q's image: with too little
       shared memory the key and value blocks would fall back to the register copy, whose
       static images cannot hold blocks this large either */
    int64_t need, bytes[3];
    ValueId operand[3] = { so->args[0], so->args[1], op_get(m, pv)->args[1] };
    for (int i = 0; i < 3; i++) {
        const Type *t = type_get(m, value_type(m, operand[i]));
        bytes[i] = t->kind == TY_VECTOR && t->rank == 2
                       ? t->shape[0] * t->shape[1] * (int64_t)type_scalar_bytes(t->elem)
                       : 0;
    }
    if (!dist_attn_overlap_fits(c, bytes[0], bytes[1], bytes[2], dist_func_threads(c, func) > 128,
                                &need)) {
        char *why = arena_alloc(&m->arena, 160);
        snprintf(why, 160,
                 "Q's image and the key and value blocks of the stages it needs take %lld "
                 "bytes of shared memory, more than the 227 KiB a workgroup may have",
                 (long long)need);
        return why;
    }
    ov->read = r;
    ov->o_slot = UINT32_MAX;
    for (uint32_t i = 0; i < op_get(m, y)->nargs; i++)
        if (op_get(m, y)->args[i] == op_get(m, pv)->res[0])
            ov->o_slot = i;
    return NULL;
}

/* The loop with one more iter_arg carrying S (initial value: S's accumulator operand). */
static OpId
add_carried(Ctx *c, OpId func, OpId o, Overlap *ov)
{
    Module *m = c->m;
    const Op *old = op_get(m, o);
    uint32_t na = old->nargs, nr = old->nres;
    ValueId sres = op_get(m, ov->s)->res[0];
    TypeId st = value_type(m, sres);
    ValueId *args = arena_alloc(&m->arena, (na + 1) * sizeof *args);
    TypeId *types = arena_alloc(&m->arena, (nr + 1) * sizeof *types);
    memcpy(args, old->args, na * sizeof *args);
    args[na] = op_get(m, ov->s)->args[2];
    for (uint32_t i = 0; i < nr; i++)
        types[i] = value_type(m, op_get(m, o)->res[i]);
    types[nr] = st;
    OpId n = op_new(m, OP_FOR, op_get(m, o)->loc, na + 1, args, nr + 1, types, 1);
    Op *no = op_get(m, n);
    old = op_get(m, o);
    no->regions[0] = old->regions[0];
    m->regions[old->regions[0]].parent = n;
    no->parent = old->parent;
    for (uint32_t i = 0; i < old->nattrs; i++)
        op_set_attr(m, n, old->attrs[i].name, old->attrs[i].value);
    /* the results' layouts, then S's */
    const Attr *ll = op_attr(m, n, "vptx.layout"), *sl = op_attr(m, ov->s, "vptx.layout");
    if (ll && ll->kind == ATTR_ARRAY && sl) {
        const Attr **items = arena_alloc(&m->arena, (ll->n + 1) * sizeof *items);
        for (uint32_t i = 0; i < ll->n; i++)
            items[i] = ll->items[i];
        items[ll->n] = sl->kind == ATTR_ARRAY && sl->n ? sl->items[0] : sl;
        op_set_attr(m, n, "vptx.layout", attr_array(m, items, ll->n + 1));
    }
    BlockId body = op_entry_block(m, n, 0);
    block_add_arg(m, body, st, op_get(m, o)->loc, "s_carried");
    ov->slot = nr;
    Block *b = block_get(m, body);
    OpId y = b->ops.items[b->ops.n - 1];
    uint32_t ny = op_get(m, y)->nargs;
    ValueId *yargs = arena_alloc(&m->arena, (ny + 1) * sizeof *yargs);
    memcpy(yargs, op_get(m, y)->args, ny * sizeof *yargs);
    yargs[ny] = sres;
    op_set_args(m, y, ny + 1, yargs);
    /* the new op takes the old one's place; later ops read its results */
    Block *pb = block_get(m, op_get(m, n)->parent);
    for (uint32_t i = 0; i < pb->ops.n; i++)
        if (pb->ops.items[i] == o)
            pb->ops.items[i] = n;
    module_replace_uses(m, func, op_get(m, o)->res, op_get(m, n)->res, nr);
    op_get(m, o)->nregions = 0; /* the old op, in no block now, owns no body */
    return n;
}

typedef struct PrepWalk {
    Ctx *c;
    OpId func;
    OpIdList loops;
} PrepWalk;

static bool
collect_fors(Module *m, OpId o, void *ctx)
{
    PrepWalk *pw = ctx;
    if (op_get(m, o)->kind == OP_FOR)
        ARRAY_PUSH(&m->arena, pw->loops, o);
    return true;
}

bool
dist_attn_overlap_prepare(Ctx *c, OpId func)
{
    Module *m = c->m;
    PrepWalk pw = { c, func, { 0 } };
    module_walk(m, func, collect_fors, &pw);
    for (uint32_t i = 0; i < pw.loops.n; i++) {
        OpId o = pw.loops.items[i];
        bool on, a;
        if (!dist_loop_flag(c, o, "vptx.overlap_softmax", c->opt.overlap_softmax, &on, &a))
            return false;
        if (!on)
            continue;
        Overlap ov;
        const char *why = why_not(c, func, o, &ov);
        if (why && a) {
            c->loc = op_get(m, o)->loc;
            return dist_error(c,
                              "'vptx.overlap_softmax' needs an attention key loop on wgmma "
                              "(sm_90a): %s",
                              why);
        }
        if (why) { /* --overlap-softmax: only loops holding a contract are worth a word */
            bool contract = false;
            const Block *b = block_get(m, op_entry_block(m, o, 0));
            for (uint32_t k = 0; b && k < b->ops.n; k++)
                contract |= op_get(m, b->ops.items[k])->kind == OP_CONTRACT;
            if (contract)
                diag_remark(c->d, op_get(m, o)->loc,
                            "'scf.for': --overlap-softmax does not apply: %s", why);
            continue;
        }
        if (c->opt.remarks)
            diag_remark(c->d, op_get(m, o)->loc,
                        "'scf.for' computes S = Q K^T of the next key block while the softmax "
                        "of this one runs (S_0 before the loop; in the last step S of the "
                        "last block again, dropped)");
        ov.loop = add_carried(c, func, o, &ov);
        if (!c->overlap) {
            c->overlap = arena_alloc(&m->arena, sizeof *c->overlap);
            memset(c->overlap, 0, sizeof *c->overlap);
        }
        ARRAY_PUSH(&m->arena, c->overlap->loops, ov);
    }
    return true;
}

static Overlap *
overlap_of(Ctx *c, OpId loop)
{
    for (uint32_t i = 0; c->overlap && loop && i < c->overlap->loops.n; i++)
        if (c->overlap->loops.items[i].loop == loop)
            return &c->overlap->loops.items[i];
    return NULL;
}

bool
dist_attn_overlap_loop(Ctx *c, OpId loop)
{
    return overlap_of(c, loop) != NULL;
}

/* ---- emitting ---- */

/* K's read for the step at ivn: its indices recomputed with ivn for the induction
   variable (the register copy loads that block; a TMA ring's read binds no registers) */
static bool
read_at(Ctx *c, Overlap *ov, ValueId ivn)
{
    Module *m = c->m;
    uint32_t rank = type_get(m, value_type(m, op_get(m, ov->read)->args[0]))->rank;
    ValueId saved[LAYOUT_MAX_RANK + 1] = { 0 }, idx[LAYOUT_MAX_RANK + 1] = { 0 };
    for (uint32_t d = 1; d <= rank && d <= LAYOUT_MAX_RANK; d++) {
        ValueId x = op_get(m, ov->read)->args[d];
        if (!value_defined_outside(m, x, ov->loop))
            idx[d] = dist_index_at(c, x, ov->loop, ivn);
    }
    for (uint32_t d = 1; d <= rank && d <= LAYOUT_MAX_RANK; d++) {
        ValueId x = op_get(m, ov->read)->args[d];
        if (idx[d] && x < c->nold) {
            saved[d] = c->map[x];
            c->map[x] = idx[d];
        }
    }
    bool ok = distribute_transfer_read(c, ov->read);
    for (uint32_t d = rank; d >= 1 && d <= LAYOUT_MAX_RANK; d--) {
        ValueId x = op_get(m, ov->read)->args[d];
        if (idx[d] && x < c->nold)
            c->map[x] = saved[d];
    }
    return ok && !c->failed;
}

/* S's contract on the key block read last: its Dist */
static Dist *
s_now(Ctx *c, Overlap *ov)
{
    if (!distribute_contract(c, ov->s))
        return NULL;
    return c->dist[op_get(c->m, ov->s)->res[0]];
}

/* the next block's induction value, clamped to this block's in the last step (made at
   the first of K's read and S) */
static ValueId
next_iv(Ctx *c, Overlap *ov, ValueId iv)
{
    if (ov->ivn)
        return ov->ivn;
    Module *m = c->m;
    ValueId step = dist_scalar(c, op_get(m, ov->loop)->args[2]);
    ValueId ub = dist_scalar(c, op_get(m, ov->loop)->args[1]);
    ValueId nx = idx_add(c, iv, step);
    ValueId sel[3] = { cmp_i(c, CMPI_SLT, nx, ub), nx, iv };
    ov->ivn = emit1(c, OP_SELECT, 3, sel, TY_INDEX);
    return ov->ivn;
}

bool
dist_attn_overlap_begin(Ctx *c, OpId loop, ValueId *init)
{
    Overlap *ov = overlap_of(c, loop);
    if (!ov)
        return true;
    Module *m = c->m;
    ValueId lb = dist_scalar(c, op_get(m, loop)->args[0]);
    ValueId ub = dist_scalar(c, op_get(m, loop)->args[1]);
    ValueId go = cmp_i(c, CMPI_SLT, lb, ub);
    int64_t always = 0;
    bool known = const_value_of(c, go, &always) && always;
    TypeId t = value_type(m, *init);
    OpId iff = known ? 0 : emit_if(c, go, 1, &t, true);
    RegionSave rs;
    if (!known)
        region_enter(c, iff, 0, &rs);
    dist_attn_ring_overlap(c, loop, ATTN_OVERLAP_PEEL, lb);
    Dist *s0 = read_at(c, ov, lb) ? s_now(c, ov) : NULL;
    dist_attn_ring_overlap(c, loop, ATTN_OVERLAP_OFF, 0);
    if (!s0)
        return false;
    ValueId v = dist_vec(c, s0);
    if (value_type(m, v) != t)
        return dist_error(c, "'scf.for' (vptx.overlap_softmax): S's per-thread form differs "
                             "from the loop's");
    if (known) {
        *init = v;
        return true;
    }
    region_leave(c, &v, 1, &rs);
    region_enter(c, iff, 1, &rs);
    /* no block: the loop does not run and its S result is not read */
    ValueId z[DIST_MAX_SLOTS];
    uint32_t n = (uint32_t)type_get(m, t)->shape[0];
    TypeId el = type_element(m, t);
    for (uint32_t i = 0; i < n && i < DIST_MAX_SLOTS; i++)
        z[i] = const_float(c, 0.0, el);
    ValueId zv = from_elements(c, z, n, el);
    region_leave(c, &zv, 1, &rs);
    *init = op_get(m, iff)->res[0];
    return !c->failed;
}

/* Does op o (or an op nested in it) read v? */
typedef struct Reads {
    ValueId v;
    bool found;
} Reads;

static bool
reads_visit(Module *m, OpId o, void *ctx)
{
    Reads *r = ctx;
    const Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nargs; i++)
        r->found |= op->args[i] == r->v;
    return !r->found;
}

static bool
reads_value(Module *m, OpId o, ValueId v)
{
    Reads r = { v, false };
    reads_visit(m, o, &r);
    if (!r.found)
        module_walk(m, o, reads_visit, &r);
    return r.found;
}

static void
wait_groups(Ctx *c, int64_t pending)
{
    OpId w = emit(c, OP_WGMMA_WAIT, 0, NULL, 0, NULL, 0);
    op_set_attr(c->m, w, "pending", attr_int(c->m, pending, TY_I64));
}

bool
dist_attn_overlap_op(Ctx *c, OpId o)
{
    Module *m = c->m;
    BlockId body = op_get(m, o)->parent;
    Overlap *ov = overlap_of(c, block_parent_op(m, body));
    if (!ov)
        return false;
    const Block *b = block_get(m, body);
    ValueId iv = b->args.items[0];
    if (o == ov->read) { /* the next block's */
        ov->ivn = 0;
        ov->next = NULL;
        if (!read_at(c, ov, next_iv(c, ov, iv)))
            c->failed = true;
        return true;
    }
    if (o == ov->s) {
        ov->mid = false;
        dist_attn_ring_overlap(c, ov->loop, ATTN_OVERLAP_NEXT, next_iv(c, ov, iv));
        uint32_t from = c->out->n;
        Dist *s = s_now(c, ov);
        dist_attn_ring_overlap(c, ov->loop, ATTN_OVERLAP_OFF, 0);
        if (!s) {
            c->failed = true;
            return true;
        }
        /* S_{j+1}'s groups stay in flight across the softmax of block j */
        for (uint32_t i = c->out->n; i > from; i--)
            if (op_get(m, c->out->items[i - 1])->kind == OP_WGMMA_SHARED) {
                op_remove_attr(m, c->out->items[i - 1], "wait");
                op_set_attr(m, c->out->items[i - 1], "no_wait", attr_unit(m));
                break;
            }
        ov->next = s;
        /* the softmax reads S_j, the carried one */
        c->dist[op_get(m, ov->s)->res[0]] = c->dist[b->args.items[1 + ov->slot]];
        return true;
    }
    if (!ov->next)
        return false;                     /* before S */
    if (op_get(m, o)->kind == OP_YIELD) { /* the yield carries S_{j+1} */
        if (!ov->mid)
            ICE("attn_overlap: P V was not reached before the yield");
        c->dist[op_get(m, ov->s)->res[0]] = ov->next;
        ov->next = NULL;
        return false;
    }
    bool reads_o = ov->o_slot != UINT32_MAX && reads_value(m, o, b->args.items[1 + ov->o_slot]);
    bool is_pv =
        op_get(m, o)->kind == OP_CONTRACT && layout_wgmma_reg_a(op_attr(m, o, "vptx.wgmma_a"));
    if (!ov->mid && (reads_o || is_pv)) {
        /* P V_{j-1} and S_{j+1} done: V's stage of block j-1 and K's of block j+1
           released.  wait_group 0, not 1: ptxas 13.0 does not see a group that crossed
           the back edge (P V_{j-1}) retired by wait_group 1, and serializes the wgmma
           (C7514, C7515) */
        wait_groups(c, 0);
        dist_attn_ring_overlap_release(c, ov->loop, 1, ov->ivn);
        dist_attn_ring_overlap_release(c, ov->loop, 0, ov->ivn);
        ov->mid = true;
    }
    return false;
}
