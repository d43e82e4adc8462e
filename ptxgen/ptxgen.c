/*
 * ptxgen.c -- SIMT-level IR to PTX: module and kernel framing, parameters, shared
 * memory declarations, the op loop and structured control flow.
 *
 * Requires:    ir_verify() clean; no whole-workgroup (T_WG) op left (run distribute
 *              first when the input is at the vector level).
 * Ensures:     one PTX module on `out` holding one .visible .entry per kernel (see
 *              ptxgen.h for which functions are kernels and for the parameter ABI);
 *              the same input always gives byte-identical text.
 * Invalidates: nothing (the IR is only read; scratch tables live in the arena).
 *
 * A kernel is produced in pieces (parameters, function-scope shared buffers in memory
 * streams, instructions in Emit.body) and written out, through the cleanup pass, once
 * its register counts are known: straight into `out` when it can seek (the .version,
 * known only after the last kernel, is then patched in place), else after all kernels
 * (see ptxgen_emit).
 */
#include "ptxgen/ptxgen.h"
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- lowering table: which file lowers which op (the ops with a class of ops.def: the
   math dialect's isel_math, the others isel_arith; lower_of) ---- */

typedef bool LowerFn(Emit *e, OpId o);
static LowerFn *const lower_fn[OP_COUNT] = {
    [OP_CONSTANT] = isel_arith,
    [OP_VLOAD] = isel_mem,
    [OP_VSTORE] = isel_mem,
    [OP_MLOAD] = isel_mem,
    [OP_MSTORE] = isel_mem,
    [OP_SUBVIEW] = isel_mem,
    [OP_VIEW] = isel_mem,
    [OP_GET_GLOBAL] = isel_mem,
    [OP_DIM] = isel_mem,
    [OP_ALLOC] = isel_mem,
    [OP_ALLOCA] = isel_mem,
    [OP_REDUCTION] = isel_vector,
    [OP_BROADCAST] = isel_vector,
    [OP_SHAPE_CAST] = isel_vector,
    [OP_EXTRACT] = isel_vector,
    [OP_INSERT] = isel_vector,
    [OP_SPLAT] = isel_vector,
    [OP_VBITCAST] = isel_vector,
    [OP_FROM_ELEMENTS] = isel_vector,
    [OP_EXTRACT_STRIDED_SLICE] = isel_vector,
    [OP_INSERT_STRIDED_SLICE] = isel_vector,
    [OP_AFFINE_APPLY] = isel_affine,
    [OP_LINEARIZE_INDEX] = isel_affine,
    [OP_DELINEARIZE_INDEX] = isel_affine,
    [OP_THREAD_ID] = isel_gpu,
    [OP_BLOCK_ID] = isel_gpu,
    [OP_BLOCK_DIM] = isel_gpu,
    [OP_GRID_DIM] = isel_gpu,
    [OP_LANE_ID] = isel_gpu,
    [OP_SUBGROUP_ID] = isel_gpu,
    [OP_BARRIER] = isel_gpu,
    [OP_SHUFFLE] = isel_gpu,
    [OP_SUBGROUP_REDUCE] = isel_gpu,
    [OP_DYNAMIC_SHARED_MEMORY] = isel_gpu,
    [OP_LDMATRIX] = isel_nvgpu,
    [OP_MMA_SYNC] = isel_nvgpu,
    [OP_MMA_SP_SYNC] = isel_nvgpu,
    [OP_DEVICE_ASYNC_COPY] = isel_nvgpu,
    [OP_DEVICE_ASYNC_CREATE_GROUP] = isel_nvgpu,
    [OP_DEVICE_ASYNC_WAIT] = isel_nvgpu,
    [OP_MBARRIER_CREATE] = isel_sm90,
    [OP_MBARRIER_INIT] = isel_sm90,
    [OP_MBARRIER_ARRIVE] = isel_sm90,
    [OP_MBARRIER_ARRIVE_EXPECT_TX] = isel_sm90,
    [OP_MBARRIER_TRY_WAIT_PARITY] = isel_sm90,
    [OP_MBARRIER_TEST_WAIT] = isel_sm90,
    [OP_MBARRIER_ARRIVE_NOCOMPLETE] = isel_sm90,
    [OP_CLUSTER_ID] = isel_upstream,
    [OP_CLUSTER_DIM] = isel_upstream,
    [OP_CLUSTER_BLOCK_ID] = isel_upstream,
    [OP_CLUSTER_DIM_BLOCKS] = isel_upstream,
    [OP_ALL_REDUCE] = isel_upstream,
    [OP_PRINTF] = isel_upstream,
    [OP_NVVM_SREG] = isel_upstream,
    [OP_NVVM_BARRIER0] = isel_upstream,
    [OP_NVVM_SHFL_SYNC] = isel_upstream,
    [OP_NVVM_ELECT_SYNC] = isel_upstream,
    [OP_NVVM_FENCE_PROXY] = isel_upstream,
    [OP_NVVM_FENCE_MBARRIER_INIT] = isel_upstream,
    [OP_NVVM_FENCE_SC_CLUSTER] = isel_upstream,
    [OP_NVVM_CLUSTER_ARRIVE] = isel_upstream,
    [OP_NVVM_CLUSTER_ARRIVE_RELAXED] = isel_upstream,
    [OP_NVVM_CLUSTER_WAIT] = isel_upstream,
    [OP_RCP] = isel_upstream,
    [OP_POISON] = isel_upstream,
    [OP_REINTERPRET_CAST] = isel_upstream,
    [OP_ATOMIC_RMW] = isel_upstream,
    [OP_VGATHER] = isel_upstream,
    [OP_VSCATTER] = isel_upstream,
    [OP_VSCAN] = isel_upstream,
    [OP_MMA_LOAD_MATRIX] = isel_upstream,
    [OP_MMA_STORE_MATRIX] = isel_upstream,
    [OP_MMA_COMPUTE] = isel_upstream,
    [OP_MMA_CONSTANT_MATRIX] = isel_upstream,
    [OP_MMA_ELEMENTWISE] = isel_upstream,
    [OP_MMA_EXTRACT_LOCAL] = isel_upstream,
    [OP_MMA_INSERT_LOCAL] = isel_upstream,
    [OP_TMA_ASYNC_LOAD] = isel_sm90,
    [OP_TMA_ASYNC_STORE] = isel_sm90,
    [OP_TMA_PREFETCH_DESCRIPTOR] = isel_sm90,
    [OP_TMA_FENCE_DESCRIPTOR] = isel_sm90,
    [OP_WARPGROUP_GENERATE_DESCRIPTOR] = isel_sm90,
    [OP_WARPGROUP_MMA] = isel_sm90,
    [OP_WARPGROUP_MMA_STORE] = isel_sm90,
    [OP_WARPGROUP_MMA_INIT_ACCUMULATOR] = isel_sm90,
    [OP_WGMMA_SHARED] = isel_sm90,
    [OP_WGMMA_REG_A] = isel_sm90,
    [OP_WGMMA_WAIT] = isel_sm90,
    [OP_SETMAXNREG] = isel_sm90,
    [OP_EXIT] = isel_sm90,
    [OP_NAMED_BARRIER] = isel_sm90,
    [OP_TMA_CREATE_DESCRIPTOR] = isel_sm90,
    [OP_TCGEN05_ALLOC] = isel_sm100,
    [OP_TCGEN05_DEALLOC] = isel_sm100,
    [OP_TCGEN05_RELINQUISH] = isel_sm100,
    [OP_TCGEN05_SMEM_DESC] = isel_sm100,
    [OP_TCGEN05_MMA] = isel_sm100,
    [OP_TCGEN05_COMMIT] = isel_sm100,
    [OP_TCGEN05_LD] = isel_sm100,
    [OP_TCGEN05_ST] = isel_sm100,
    [OP_TCGEN05_WAIT] = isel_sm100,
    [OP_TCGEN05_FENCE] = isel_sm100,
    [OP_TCGEN05_CP] = isel_sm100,
    [OP_TCGEN05_SHIFT] = isel_sm100,
    [OP_TCGEN05_MMA_BS] = isel_sm100,
    [OP_TCGEN05_COMMIT_MC] = isel_sm100,
};

/* The lowering of op kind k: its class's (ops.def), else lower_fn's */
static LowerFn *
lower_of(OpKind k)
{
    switch (op_info[k].ew) {
    case EW_MATH:
        return isel_math;
    case EW_INT:
    case EW_FLOAT:
    case EW_CMP:
    case EW_SELECT:
    case EW_CAST:
    case EW_VECTOR:
        return isel_arith;
    case EW_NONE:
        break;
    }
    return lower_fn[k];
}

static bool lower_block(Emit *e, BlockId b, ValueId *yielded, uint32_t *nyielded);
static bool lower_cf_branch(Emit *e, OpId o);

/* ---- small helpers ---- */

/* In-memory streams come from ir_stream_open, so an unwind for want of memory
 * (ir/alloc.c) closes them too. */
static void
mem_open(FILE **f, IrStream **st)
{
    *st = ir_stream_open();
    *f = (*st)->f;
}

static void
mem_close(FILE **f, IrStream **st)
{
    ir_stream_close(*st);
    *st = NULL;
    *f = NULL;
}

static const char *
mem_text(IrStream *st)
{
    return st->buf ? st->buf : "";
}

/* A PTX identifier for an MLIR symbol: [A-Za-z_$][A-Za-z0-9_$]* */
static const char *
ptx_ident(Emit *e, const char *sym)
{
    char *s = arena_strdup(&e->m->arena, sym);
    for (char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_' || *p == '$' ||
              (p != s && *p >= '0' && *p <= '9')))
            *p = '_';
    return s;
}

const char *
ptxgen_ptx_name(Emit *e, const char *sym)
{
    return ptx_ident(e, sym);
}

static const char *
str_attr(Emit *e, OpId o, const char *name)
{
    const Attr *a = op_attr(e->m, o, name);
    if (a && (a->kind == ATTR_STRING || a->kind == ATTR_SYMBOL))
        return a->str;
    return NULL;
}

/* ---- structured control flow ---- */

static void
copy_one(Emit *e, Slot dst, Slot src)
{
    if (dst.cls == RC_PRED) {
        if (src.is_imm)
            ins(e, "setp.ne.u32 %s, %d, 0;", S(e, dst), (int)(src.bits & 1));
        else
            ins(e, "mov.pred %s, %s;", S(e, dst), S(e, src));
    } else if (dst.cls == RC_B16 && src.is_imm) {
        ins(e, "mov.b16 %s, 0x%04X;", S(e, dst), (unsigned)(src.bits & 0xffff));
    } else {
        ins(e, "mov.%s %s, %s;", cls_bits((RegClass)dst.cls), S(e, dst), S(e, src));
    }
}

static bool
is_reg(Slot a, Slot b)
{
    return !a.is_imm && !b.is_imm && a.cls == b.cls && a.reg == b.reg;
}

/*
 * Copies srcs into dsts as one parallel assignment (a source may be a destination; the
 * destinations are distinct).  A copy goes as soon as no pending copy still reads its
 * destination; what is left then are cycles, each broken by saving one destination in
 * a fresh register: a swap takes 3 movs, a rotation of three 4.
 */
static void
parallel_copy(Emit *e, const Slot *dst, Slot *src, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        halves_rewritten(e, dst[i]);
    bool *done = ir_calloc(n + 1, sizeof *done);
    uint32_t left = 0;
    for (uint32_t i = 0; i < n; i++) {
        done[i] = is_reg(src[i], dst[i]);
        left += !done[i];
    }
    while (left) {
        bool progress = false;
        for (uint32_t i = 0; i < n; i++) {
            if (done[i])
                continue;
            bool read = false;
            for (uint32_t j = 0; j < n && !read; j++)
                read = !done[j] && j != i && is_reg(src[j], dst[i]);
            if (read)
                continue;
            copy_one(e, dst[i], src[i]);
            done[i] = true;
            left--;
            progress = true;
        }
        if (progress)
            continue;
        /* only cycles remain: save the first pending destination */
        for (uint32_t i = 0; i < n; i++)
            if (!done[i]) {
                Slot t = new_reg(e, (RegClass)dst[i].cls);
                ins(e, "mov.%s %s, %s;", cls_bits((RegClass)t.cls), S(e, t), S(e, dst[i]));
                for (uint32_t j = 0; j < n; j++)
                    if (!done[j] && is_reg(src[j], dst[i]))
                        src[j] = t;
                break;
            }
    }
    ir_free(done);
}

/* Fresh registers for a value carried across control flow (scf results, iter args). */
static bool
fresh_rep(Emit *e, ValueId v)
{
    TypeId t = value_type(e->m, v);
    const Type *ty = type_get(e->m, t);
    if (ty->kind != TY_VECTOR && !type_is_scalar(t) && ty->kind != TY_WG_ACCUMULATOR &&
        ty->kind != TY_MMA_MATRIX)
        return fail(e, value_get(e->m, v)->loc,
                    "ptxgen: values of this type cannot be carried by scf.for/scf.if");
    uint8_t per = pack_factor(e->m, t);
    TypeId elem = ty->kind == TY_WG_ACCUMULATOR ? TY_F32
                  : ty->kind == TY_MMA_MATRIX   ? ty->elem
                                                : type_element(e->m, t);
    uint32_t n = slot_count(e->m, t);
    Rep *r = rep_new(e, v, n, per, elem);
    RegClass c = per > 1 ? RC_B32 : reg_class_of(elem);
    if (elem == TY_INDEX && ty->kind != TY_VECTOR && is_narrow(e, v))
        c = RC_B32;
    for (uint32_t i = 0; i < n; i++)
        r->slots[i] = new_reg(e, c);
    return true;
}

/* Where a region's text starts, and the registers allocated before it (coalesce.c). */
typedef struct {
    size_t off;
    uint32_t nregs[RC_COUNT];
} RegionStart;

static RegionStart
region_start(Emit *e)
{
    RegionStart r = { .off = e->body_len };
    memcpy(r.nregs, e->nregs, sizeof r.nregs);
    return r;
}

/* Slots of yielded values, converted to the classes of dst (narrow/wide index).  With
 * a region (the yield's), yielded registers born in it are made in dst where they can
 * be (coalesce.c). */
static void
copy_values(Emit *e, const ValueId *dstv, const ValueId *srcv, uint32_t n,
            const RegionStart *region)
{
    uint32_t total = 0;
    for (uint32_t i = 0; i < n; i++)
        total += rep_of(e, dstv[i])->n;
    Slot *dst = ir_calloc(total + 1, sizeof *dst), *src = ir_calloc(total + 1, sizeof *src);
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        Rep *d = rep_of(e, dstv[i]), *s = rep_of(e, srcv[i]);
        for (uint32_t j = 0; j < d->n && j < s->n; j++, k++) {
            dst[k] = d->slots[j];
            src[k] = s->slots[j];
            if (src[k].cls != dst[k].cls)
                src[k] = to_cls(e, src[k], (RegClass)dst[k].cls, false);
        }
    }
    if (region)
        coalesce_yield(e, dst, src, k, region->off, region->nregs);
    parallel_copy(e, dst, src, k);
    ir_free(dst);
    ir_free(src);
}

static Slot
loop_bound(Emit *e, ValueId v, bool narrow)
{
    Slot s = scalar_of(e, v);
    return narrow ? narrow32(e, s) : widen(e, s);
}

/*
 * Result registers for the mma.sync ops whose result elements the loop body yields
 * (scf.yield of vector.from_elements of vector.extract of an mma result): the
 * iter_arg's own registers, so that the yield copies nothing.  An mma.sync takes a
 * hint only where the iter_arg register's old value is read no more after it
 * (mma_hint_safe): the accumulator chains of a K loop read it in their first mma.
 */
static void
hint_yields(Emit *e, BlockId body, uint32_t niter)
{
    const Block *b = block_get(e->m, body);
    if (!b->ops.n || op_get(e->m, b->ops.items[b->ops.n - 1])->kind != OP_YIELD)
        return;
    const Op *y = op_get(e->m, b->ops.items[b->ops.n - 1]);
    for (uint32_t i = 0; i < y->nargs && i < niter; i++) {
        const Rep *r = rep_of(e, b->args.items[1 + i]);
        OpId fe = value_get(e->m, y->args[i])->def;
        if (!fe || r->per != 1 || op_get(e->m, fe)->kind != OP_FROM_ELEMENTS ||
            op_get(e->m, fe)->nargs != r->n)
            continue;
        for (uint32_t j = 0; j < r->n; j++) {
            OpId x = value_get(e->m, op_get(e->m, fe)->args[j])->def;
            const Attr *pos = x ? op_attr(e->m, x, "static_position") : NULL;
            if (!x || op_get(e->m, x)->kind != OP_EXTRACT || !pos ||
                pos->kind != ATTR_DENSE_ARRAY || !pos->ints)
                continue;
            ValueId mv = op_get(e->m, x)->args[0];
            OpId mo = value_get(e->m, mv)->def;
            const Type *mt = type_get(e->m, value_type(e->m, mv));
            if (!mo || op_get(e->m, mo)->kind != OP_MMA_SYNC || mt->kind != TY_VECTOR ||
                pack_factor(e->m, value_type(e->m, mv)) != 1 || pos->n != mt->rank)
                continue;
            int64_t lin = 0;
            for (uint32_t d = 0; d < mt->rank; d++)
                lin = lin * mt->shape[d] + pos->ints[d];
            if (lin < 0 || lin >= 4)
                continue;
            if (!e->mma_hint)
                e->mma_hint = ir_calloc((size_t)(e->m->nvalues + 1) * 4, sizeof *e->mma_hint);
            e->mma_hint[(size_t)mv * 4 + (size_t)lin] = r->slots[j];
        }
    }
}

static bool
reads_reg(Emit *e, OpId o, Slot r)
{
    const Op *op = op_get(e->m, o);
    const Attr *pos = op_attr(e->m, o, "static_position");
    if (op->kind == OP_EXTRACT && op->nargs == 1 && pos && pos->kind == ATTR_DENSE_ARRAY &&
        pos->ints && e->rep[op->args[0]].set && e->rep[op->args[0]].per == 1) {
        /* one element of a vector: only its slot is read */
        const Type *t = type_get(e->m, value_type(e->m, op->args[0]));
        const Rep *rp = &e->rep[op->args[0]];
        int64_t lin = 0;
        for (uint32_t d = 0; t->kind == TY_VECTOR && d < t->rank && d < pos->n; d++)
            lin = lin * t->shape[d] + pos->ints[d];
        if (t->kind == TY_VECTOR && pos->n == t->rank && lin >= 0 && (uint64_t)lin < rp->n) {
            Slot s = rp->slots[lin];
            return !s.is_imm && s.cls == r.cls && s.reg == r.reg;
        }
    }
    for (uint32_t i = 0; i < op->nargs; i++) {
        const Rep *rp = &e->rep[op->args[i]];
        for (uint32_t k = 0; rp->set && k < rp->n; k++)
            if (!rp->slots[k].is_imm && rp->slots[k].cls == r.cls && rp->slots[k].reg == r.reg)
                return true;
    }
    for (uint32_t g = 0; g < op->nregions; g++)
        for (BlockId b = op_entry_block(e->m, o, g); b; b = 0) {
            const Block *bk = block_get(e->m, b);
            for (uint32_t k = 0; k < bk->ops.n; k++)
                if (reads_reg(e, bk->ops.items[k], r))
                    return true;
        }
    return false;
}

/* No op after `mma` in its block (or nested in one) reads a lowered value held in r. */
bool
mma_hint_safe(Emit *e, OpId mma, Slot r)
{
    const Block *b = block_get(e->m, op_get(e->m, mma)->parent);
    uint32_t k = 0;
    while (k < b->ops.n && b->ops.items[k] != mma)
        k++;
    for (k++; k < b->ops.n; k++)
        if (reads_reg(e, b->ops.items[k], r))
            return false;
    return true;
}

/* scf.for: iv and iter_args in fresh registers; the test at the bottom, plus a
 * guard at the top unless lb < ub is known. */
static bool
lower_for(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    BlockId body = op_entry_block(e->m, o, 0);
    Block *bb = block_get(e->m, body);
    ValueId iv = bb->args.items[0];
    const Range *ub = range_of(e, op->args[1]), *st = range_of(e, op->args[2]);
    bool narrow = is_narrow(e, iv) && ub->lo >= 0 && ub->hi <= INT32_MAX && st->hi < INT32_MAX;
    const char *ty = narrow ? "u32" : "s64";
    Slot ivr = new_reg(e, narrow ? RC_B32 : RC_B64);
    rep_scalar(e, iv, ivr);
    Slot lb = loop_bound(e, op->args[0], narrow);
    ins(e, "mov.%s %s, %s;", narrow ? "b32" : "b64", S(e, ivr), S(e, lb));
    uint32_t niter = op->nargs - 3;
    for (uint32_t i = 0; i < niter; i++)
        if (!fresh_rep(e, bb->args.items[1 + i]))
            return false;
    copy_values(e, bb->args.items + 1, op->args + 3, niter, NULL);
    uint32_t top = new_label(e), end = new_label(e);
    const Range *lbr = range_of(e, op->args[0]);
    if (!(lbr->hi < ub->lo)) {
        Slot p = new_reg(e, RC_PRED);
        ins(e, "setp.ge.%s %s, %s, %s;", ty, S(e, p), S(e, ivr),
            S(e, loop_bound(e, op->args[1], narrow)));
        ins(e, "@%s bra $L__%s_%" PRIu32 ";", S(e, p), e->kname, end);
    }
    label(e, top);
    hint_yields(e, body, niter);
    RegionStart region = region_start(e);
    ValueId ys[64];
    uint32_t ny = 0;
    if (!lower_block(e, body, ys, &ny))
        return false;
    e->cur_op = o;
    e->comment_done = true;
    copy_values(e, bb->args.items + 1, ys, niter, &region);
    ins(e, "add.%s %s, %s, %s;", ty, S(e, ivr), S(e, ivr),
        S(e, loop_bound(e, op->args[2], narrow)));
    Slot p = new_reg(e, RC_PRED);
    ins(e, "setp.lt.%s %s, %s, %s;", ty, S(e, p), S(e, ivr),
        S(e, loop_bound(e, op->args[1], narrow)));
    ins(e, "@%s bra $L__%s_%" PRIu32 ";", S(e, p), e->kname, top);
    label(e, end);
    for (uint32_t i = 0; i < op->nres; i++)
        e->rep[op->res[i]] = e->rep[bb->args.items[1 + i]];
    return true;
}

static bool
lower_branch(Emit *e, OpId o, uint32_t region)
{
    Op *op = op_get(e->m, o);
    BlockId b = op_entry_block(e->m, o, region);
    RegionStart start = region_start(e);
    ValueId ys[64];
    uint32_t ny = 0;
    if (b && !lower_block(e, b, ys, &ny))
        return false;
    e->cur_op = o;
    e->comment_done = true;
    if (op_get(e->m, o)->nres)
        copy_values(e, op->res, ys, op->nres, &start);
    return true;
}

/* scf.if: branch around the regions; results in fresh registers. */
static bool
lower_if(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    for (uint32_t i = 0; i < op->nres; i++)
        if (!fresh_rep(e, op->res[i]))
            return false;
    Slot c = scalar_of(e, op->args[0]);
    bool has_else = op->nregions > 1 && op_entry_block(e->m, o, 1) &&
                    block_get(e->m, op_entry_block(e->m, o, 1))->ops.n > 0;
    if (c.is_imm)
        return lower_branch(e, o, (c.bits & 1) ? 0 : 1);
    uint32_t lelse = new_label(e), lend = has_else ? new_label(e) : lelse;
    ins(e, "@!%s bra $L__%s_%" PRIu32 ";", S(e, c), e->kname, lelse);
    if (!lower_branch(e, o, 0))
        return false;
    if (has_else) {
        ins(e, "bra.uni $L__%s_%" PRIu32 ";", e->kname, lend);
        label(e, lelse);
        if (!lower_branch(e, o, 1))
            return false;
    }
    label(e, lend);
    return true;
}

static bool
lower_op(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    e->cur_op = o;
    e->comment_done = false;
    switch (op->kind) {
    case OP_FOR:
        return lower_for(e, o);
    case OP_IF:
        return lower_if(e, o);
    case OP_RETURN:
    case OP_GPU_RETURN:
        if (e->device)
            return ptxgen_device_return(e, o);
        if (op->nargs)
            return fail_op(e, "with operands: kernels return nothing");
        ins(e, "ret;");
        return true;
    case OP_CALL:
        return ptxgen_lower_call(e, o);
    case OP_CF_BR:
    case OP_CF_COND_BR:
        return lower_cf_branch(e, o);
    default:
        break;
    }
    if (op_info[op->kind].traits & T_WG)
        return fail_op(e, "is a whole-workgroup op: run the distribute pass before ptxgen");
    LowerFn *fn = lower_of(op->kind);
    if (!fn)
        return fail_op(e, "cannot be lowered to PTX");
    return fn(e, o);
}

/* ---- unstructured control flow (cf.br, cf.cond_br) ---- */

/* The successor k of branch o: the label of its block, its arguments and the operands
   passed to them. */
static void
branch_edge(Emit *e, OpId o, uint32_t k, uint32_t *lab, const ValueId **args, const ValueId **ops,
            uint32_t *n)
{
    const Op *op = op_get(e->m, o);
    const Attr *s = op_attr(e->m, o, "successors");
    const Region *reg = region_get(e->m, e->cfg_region);
    BlockId b = reg->blocks.items[s->ints[k]];
    uint32_t first = 0, count = op->nargs;
    if (op->kind == OP_CF_COND_BR) {
        const Attr *seg = op_attr(e->m, o, "operandSegmentSizes");
        first = k ? 1 + (uint32_t)seg->ints[1] : 1;
        count = (uint32_t)seg->ints[1 + k];
    }
    *lab = e->cfg_labels[s->ints[k]];
    *args = block_get(e->m, b)->args.items;
    *ops = op->args + first;
    *n = count;
}

static void
take_edge(Emit *e, OpId o, uint32_t k)
{
    uint32_t lab, n;
    const ValueId *args, *ops;
    branch_edge(e, o, k, &lab, &args, &ops, &n);
    if (n)
        copy_values(e, args, ops, n, NULL);
    ins(e, "bra $L__%s_%" PRIu32 ";", e->kname, lab);
}

/* cf.br: the block arguments take the operands (a parallel copy), then a branch;
   cf.cond_br: the false edge's copies behind a branch on the negated condition */
static bool
lower_cf_branch(Emit *e, OpId o)
{
    if (!e->cfg_labels)
        return fail_op(e, "outside a function body of several blocks");
    if (op_get(e->m, o)->kind == OP_CF_BR) {
        take_edge(e, o, 0);
        return true;
    }
    Slot c = scalar_of(e, op_get(e->m, o)->args[0]);
    if (c.is_imm) {
        take_edge(e, o, c.bits & 1 ? 0 : 1);
        return true;
    }
    uint32_t lf = new_label(e);
    ins(e, "@!%s bra $L__%s_%" PRIu32 ";", S(e, c), e->kname, lf);
    take_edge(e, o, 0);
    label(e, lf);
    take_edge(e, o, 1);
    return true;
}

/* A function body of several blocks: each block after the entry gets a label and fresh
   registers for its arguments; the blocks are lowered in order, their branches jump. */
static bool
lower_cfg(Emit *e, RegionId r)
{
    const Region *reg = region_get(e->m, r);
    uint32_t n = reg->blocks.n;
    uint32_t *lab = arena_alloc(&e->m->arena, n * sizeof *lab);
    for (uint32_t i = 1; i < n; i++) {
        lab[i] = new_label(e);
        const Block *b = block_get(e->m, reg->blocks.items[i]);
        for (uint32_t a = 0; a < b->args.n; a++)
            if (!fresh_rep(e, block_get(e->m, reg->blocks.items[i])->args.items[a]))
                return false;
    }
    lab[0] = 0;
    e->cfg_labels = lab;
    e->cfg_region = r;
    bool ok = true;
    ValueId ys[64];
    uint32_t ny;
    for (uint32_t i = 0; i < n && ok; i++) {
        if (i)
            label(e, lab[i]);
        ok = lower_block(e, region_get(e->m, r)->blocks.items[i], ys, &ny);
    }
    e->cfg_labels = NULL;
    return ok;
}

/* Lowers the ops of block b up to a trailing gpu.yield, whose operands it returns in
   yielded (gpu.all_reduce's body, isel_upstream.c). */
bool
ptxgen_lower_body(Emit *e, BlockId b, ValueId *yielded, uint32_t *nyielded)
{
    *nyielded = 0;
    for (uint32_t i = 0; i < block_get(e->m, b)->ops.n; i++) {
        OpId o = block_get(e->m, b)->ops.items[i];
        Op *op = op_get(e->m, o);
        if (op->kind == OP_GPU_YIELD) {
            if (op->nargs > 8)
                return fail(e, op->loc, "'gpu.yield' with more than 8 values");
            memcpy(yielded, op->args, op->nargs * sizeof *yielded);
            *nyielded = op->nargs;
            continue;
        }
        if (!lower_op(e, o) || e->failed) {
            e->failed = true;
            return false;
        }
    }
    return !e->failed;
}

/* Lowers the ops of b; a trailing scf.yield's operands are returned in yielded. */
static bool
lower_block(Emit *e, BlockId b, ValueId *yielded, uint32_t *nyielded)
{
    Block *bl = block_get(e->m, b);
    for (uint32_t i = 0; i < bl->ops.n; i++) {
        OpId o = block_get(e->m, b)->ops.items[i];
        Op *op = op_get(e->m, o);
        if (op->kind == OP_YIELD) {
            if (op->nargs > 64)
                return fail(e, op->loc, "'scf.yield' with more than 64 values");
            if (op->nargs)
                memcpy(yielded, op->args, op->nargs * sizeof *yielded);
            *nyielded = op->nargs;
            continue;
        }
        if (!lower_op(e, o) || e->failed) {
            e->failed = true;
            return false;
        }
    }
    return !e->failed;
}

/* ---- parameters ---- */

static const char *
param_type(TypeId t)
{
    switch (t) {
    case TY_I1:
    case TY_I8:
        return "u8";
    case TY_I16:
        return "u16";
    case TY_F16:
    case TY_BF16:
        return "b16";
    case TY_I32:
        return "u32";
    case TY_F32:
        return "f32";
    case TY_F64:
        return "f64";
    default:
        return "u64";
    }
}

/* Starts the next .param: the comma and the comment of the one before it, then its
 * declaration; its own comment is e->param_arg and role ("arg 0 %x: memref<64xf32>,
 * base address"), written after the next comma or at the end of the list. */
static uint32_t
begin_param(Emit *e, const char *role)
{
    uint32_t n = e->nparams++;
    if (n)
        fprintf(e->params, ",\t// %s\n", e->param_note);
    snprintf(e->param_note, sizeof e->param_note, "%s%s%s", e->param_arg, *e->param_arg ? ", " : "",
             role);
    return n;
}

/* Declares the next .param (what it holds: role) and loads it; returns the register. */
static Slot
load_param(Emit *e, const char *ptype, RegClass c, const char *role)
{
    uint32_t n = begin_param(e, role);
    fprintf(e->params, "\t.param .%s %s_param_%" PRIu32, ptype, e->kname, n);
    Slot r = new_reg(e, c);
    ins(e, "ld.param.%s %s, [%s_param_%" PRIu32 "];", ptype, S(e, r), e->kname, n);
    return r;
}

static bool
memref_param(Emit *e, ValueId v, bool readonly)
{
    const Type *ty = type_get(e->m, value_type(e->m, v));
    if (ty->memspace != MS_DEFAULT && ty->memspace != MS_GLOBAL)
        return fail(e, value_get(e->m, v)->loc,
                    "kernel argument in memory space %d: only global memrefs can be passed",
                    ty->memspace);
    if (ty->layout && ty->layout->kind != ATTR_STRIDED)
        return fail(e, value_get(e->m, v)->loc, "memref layout must be strided or identity");
    Slot raw = load_param(e, "u64", RC_B64, "base address");
    Slot base = new_reg(e, RC_B64);
    ins(e, "cvta.to.global.u64 %s, %s;", S(e, base), S(e, raw));
    MemRep *mr = arena_alloc(&e->m->arena, sizeof *mr);
    mr->space = SP_GLOBAL;
    mr->rank = ty->rank;
    mr->elem = ty->elem;
    mr->esize = (uint32_t)(type_is_scalar(ty->elem)
                               ? (type_bitwidth(ty->elem) + 7) / 8
                               : type_num_elements(e->m, ty->elem) *
                                     ((type_bitwidth(type_element(e->m, ty->elem)) + 7) / 8));
    mr->sizes = arena_alloc(&e->m->arena, (ty->rank + 1) * sizeof(Slot));
    mr->strides = arena_alloc(&e->m->arena, (ty->rank + 1) * sizeof(Slot));
    mr->align = 16;
    mr->readonly = readonly;
    const Attr *lay = ty->layout;
    Slot off = imm_slot(RC_B64, lay ? (uint64_t)lay->i : 0);
    char role[40];
    if (lay && lay->i == DIM_DYNAMIC)
        off = load_param(e, "u64", RC_B64, "offset (elements)");
    for (uint32_t d = 0; d < ty->rank; d++) {
        snprintf(role, sizeof role, "size of dim %u", d);
        mr->sizes[d] = ty->shape[d] == DIM_DYNAMIC ? load_param(e, "u64", RC_B64, role)
                                                   : imm_slot(RC_B64, (uint64_t)ty->shape[d]);
    }
    for (uint32_t d = 0; d < ty->rank; d++)
        if (lay && lay->ints[d] == DIM_DYNAMIC) {
            snprintf(role, sizeof role, "stride of dim %u (elements)", d);
            mr->strides[d] = load_param(e, "u64", RC_B64, role);
        } else if (lay)
            mr->strides[d] = imm_slot(RC_B64, (uint64_t)lay->ints[d]);
    if (!lay)
        identity_strides(e, mr);
    if (ty->elem == TY_I4 && (!off.is_imm || off.bits % 2))
        return fail(e, value_get(e->m, v)->loc,
                    "packed i4 argument with an odd or dynamic offset: two elements share a "
                    "byte, so the first element must start one (an even static offset)");
    if (ty->elem == TY_I4) /* bytes, not elements */
        off.bits /= 2;
    if (off.is_imm && off.bits) {
        Slot b2 = new_reg(e, RC_B64);
        ins(e, "add.s64 %s, %s, %" PRId64 ";", S(e, b2), S(e, base),
            (int64_t)off.bits * (int64_t)mr->esize);
        base = b2;
        mr->align = pow2_align(mr->align, (int64_t)off.bits * mr->esize);
    } else if (!off.is_imm) {
        Slot b2 = new_reg(e, RC_B64);
        ins(e, "mad.lo.s64 %s, %s, %u, %s;", S(e, b2), S(e, off), mr->esize, S(e, base));
        base = b2;
        mr->align = mr->esize < 16 ? mr->esize : 16;
    }
    mr->base = base;
    Rep *r = rep_new(e, v, 1, 1, ty->elem);
    r->slots[0] = base;
    r->mem = mr;
    return true;
}

static bool
scalar_param(Emit *e, ValueId v)
{
    TypeId t = value_type(e->m, v);
    const Type *ty = type_get(e->m, t);
    if (ty->kind == TY_TENSORMAP) {
        uint32_t n = begin_param(e, "tensor map (CUtensorMap, by value)");
        fprintf(e->params, "\t.param .align 64 .b8 %s_param_%" PRIu32 "[128]", e->kname, n);
        Slot r = new_reg(e, RC_B64);
        ins(e, "mov.b64 %s, %s_param_%" PRIu32 ";", S(e, r), e->kname, n);
        ins(e, "cvta.param.u64 %s, %s;", S(e, r), S(e, r));
        need_version(e, 77);
        rep_scalar(e, v, r);
        return true;
    }
    if (!type_is_scalar(t))
        return fail(e, value_get(e->m, v)->loc, "kernel argument of this type is not supported");
    if (t == TY_I128) { /* 16 bytes by value (as a struct: .b128 needs PTX 8.3), low half first */
        uint32_t n = begin_param(e, "value (two 64-bit halves, the low first)");
        fprintf(e->params, "	.param .align 16 .b8 %s_param_%" PRIu32 "[16]", e->kname, n);
        Rep *r = rep_new(e, v, 2, 1, TY_I128);
        r->slots[0] = new_reg(e, RC_B64);
        r->slots[1] = new_reg(e, RC_B64);
        ins(e, "ld.param.v2.b64 {%s, %s}, [%s_param_%" PRIu32 "];", S(e, r->slots[0]),
            S(e, r->slots[1]), e->kname, n);
        return true;
    }
    RegClass c = reg_class_of(t);
    if (t == TY_I1) {
        Slot b = load_param(e, "u8", RC_B16, "value (0 or 1)");
        Slot p = new_reg(e, RC_PRED);
        ins(e, "setp.ne.b16 %s, %s, 0;", S(e, p), S(e, b));
        rep_scalar(e, v, p);
        return true;
    }
    rep_scalar(e, v, load_param(e, param_type(t), c, "value"));
    return true;
}

/* ---- workgroup buffers and the per-kernel prologue ---- */

static int64_t
type_bytes(Emit *e, TypeId memref)
{
    const Type *ty = type_get(e->m, memref);
    TypeId el = ty->elem;
    int64_t es = type_is_scalar(el)
                     ? type_scalar_bytes(el)
                     : type_num_elements(e->m, el) * type_scalar_bytes(type_element(e->m, el));
    int64_t n = type_num_elements(e->m, memref);
    if (el == TY_I4) /* packed two a byte, in whole 32-bit words (a scalar store's atomics) */
        return n < 0 ? -1 : (n + 7) / 8 * 4;
    return n < 0 ? -1 : n * es;
}

/* static .shared bytes per entry that ptxas accepts, for every target (0xc000) */
#define PTX_MAX_STATIC_SHARED TARGET_SMEM_STATIC

static bool add_static_shared(Emit *e, int64_t bytes, int64_t align, Loc loc);

/* A function-scope .shared buffer for a workgroup attribution / alloc; returns its name. */
const char *
declare_shared(Emit *e, TypeId memref, int64_t align, Loc loc)
{
    int64_t bytes = type_bytes(e, memref);
    if (bytes < 0) {
        fail(e, loc, "workgroup buffer with a dynamic shape: use gpu.dynamic_shared_memory");
        return NULL;
    }
    if (!add_static_shared(e, bytes, align, loc))
        return NULL;
    const char *name = arena_printf(&e->m->arena, "%s_smem_%" PRIu32, e->kname, e->nshared++);
    fprintf(e->decls, "\t.shared .align %" PRId64 " .b8 %s[%" PRId64 "];\n", align, name,
            bytes ? bytes : 1);
    return name;
}

/* The module-scope workgroup globals a kernel uses count toward the same limit as its
 * own buffers (ptxas adds every .shared variable the entry references). */
bool
count_shared_global(Emit *e, OpId g, int64_t align, Loc loc)
{
    for (uint32_t i = 0; i < e->shared_globals.n; i++)
        if (e->shared_globals.items[i] == g)
            return true;
    ARRAY_PUSH(&e->m->arena, e->shared_globals, g);
    const Attr *ta = op_attr(e->m, g, "type");
    int64_t bytes = ta && ta->kind == ATTR_TYPE && type_is_memref(e->m, ta->type)
                        ? type_bytes(e, ta->type)
                        : -1;
    return bytes < 0 || add_static_shared(e, bytes ? bytes : 1, align, loc);
}

/* Adds a static .shared buffer of bytes at align to the kernel's total; false (and an
 * error at loc) when the total passes what ptxas accepts. */
static bool
add_static_shared(Emit *e, int64_t bytes, int64_t align, Loc loc)
{
    /* ptxas refuses more than 48 KB of static .shared per entry on every target
     * ("uses too much shared data (..., 0xc000 max)"); only dynamic shared memory
     * reaches the per-block maximum, after the host's opt-in */
    int64_t at = (e->shared_bytes + align - 1) / align * align;
    if (bytes > PTX_MAX_STATIC_SHARED || at > PTX_MAX_STATIC_SHARED - bytes) {
        fail(e, loc,
             "kernel '%s' needs %" PRId64 " bytes of static workgroup memory; ptxas allows %d "
             "(48 KB) on every target: use gpu.dynamic_shared_memory for more (at most %" PRId64
             " KB on %s)",
             e->kname, at + bytes, PTX_MAX_STATIC_SHARED, e->target->smem_block / 1024,
             e->target->name);
        return false;
    }
    e->shared_bytes = at + bytes;
    return true;
}

bool
shared_memref(Emit *e, ValueId v, const char *sym, int64_t align)
{
    TypeId t = value_type(e->m, v);
    const Type *ty = type_get(e->m, t);
    Slot base = new_reg(e, RC_B32);
    ins(e, "mov.u32 %s, %s;", S(e, base), sym);
    MemRep *mr = arena_alloc(&e->m->arena, sizeof *mr);
    mr->base = base;
    mr->space = SP_SHARED;
    mr->rank = ty->rank;
    mr->elem = ty->elem;
    mr->esize = ty->elem == TY_I4
                    ? 1 /* packed: isel_mem.c addresses it by halves */
                    : (uint32_t)(type_bytes(e, t) /
                                 (type_num_elements(e->m, t) ? type_num_elements(e->m, t) : 1));
    mr->sizes = arena_alloc(&e->m->arena, (ty->rank + 1) * sizeof(Slot));
    mr->strides = arena_alloc(&e->m->arena, (ty->rank + 1) * sizeof(Slot));
    int64_t st = 1;
    for (uint32_t d = ty->rank; d-- > 0;) {
        mr->sizes[d] = imm_slot(RC_B64, (uint64_t)ty->shape[d]);
        mr->strides[d] = imm_slot(RC_B64, (uint64_t)st);
        st *= ty->shape[d];
    }
    if (ty->layout && ty->layout->kind == ATTR_STRIDED)
        for (uint32_t d = 0; d < ty->rank; d++)
            mr->strides[d] = imm_slot(RC_B64, (uint64_t)ty->layout->ints[d]);
    mr->align = align;
    mr->sym = sym;
    Rep *r = rep_new(e, v, 1, 1, ty->elem);
    r->slots[0] = base;
    r->mem = mr;
    return true;
}

static int64_t
kernel_block_size(Emit *e, OpId f)
{
    const Attr *a = op_attr(e->m, f, "gpu.known_block_size");
    if (!a)
        a = op_attr(e->m, f, "known_block_size");
    if (a && a->kind == ATTR_DENSE_ARRAY && a->ints && a->n == 3) {
        for (int i = 0; i < 3; i++)
            e->block_size[i] = a->ints[i];
        return 1;
    }
    const Attr *ti = op_attr(e->m, f, "translation_info");
    if (ti && ti->kind == ATTR_TRANSLATION_INFO && ti->translation->nworkgroup) {
        for (uint32_t i = 0; i < 3; i++)
            e->block_size[i] =
                i < ti->translation->nworkgroup ? ti->translation->workgroup_size[i] : 1;
        return 1;
    }
    return 0;
}

/* Marks the kernel arguments that some op may write through. */
static bool
written_visit(Module *m, OpId o, void *ctx)
{
    bool *written = ctx;
    Op *op = op_get(m, o);
    switch (op->kind) {
    case OP_MLOAD:
    case OP_VLOAD:
    case OP_LDMATRIX:
    case OP_SUBVIEW:
    case OP_VIEW:
    case OP_REINTERPRET_CAST:
    case OP_DIM:
    case OP_TMA_ASYNC_STORE:
        return true;
    default:
        break;
    }
    for (uint32_t i = 0; i < op->nargs; i++) {
        ValueId v = op->args[i];
        if (!type_is_memref(m, value_type(m, v)))
            continue;
        if (op->kind == OP_DEVICE_ASYNC_COPY && type_get(m, value_type(m, v))->memspace != 3)
            continue; /* the global source */
        while (value_get(m, v)->def &&
               (op_get(m, value_get(m, v)->def)->kind == OP_SUBVIEW ||
                op_get(m, value_get(m, v)->def)->kind == OP_VIEW ||
                op_get(m, value_get(m, v)->def)->kind == OP_REINTERPRET_CAST))
            v = op_get(m, value_get(m, v)->def)->args[0];
        if (!value_get(m, v)->def)
            written[v] = true;
    }
    return true;
}

static bool
lower_params(Emit *e, OpId f, BlockId entry)
{
    if (e->device)
        return ptxgen_device_params(e, f, entry);
    const Attr *ft = op_attr(e->m, f, "function_type");
    uint32_t nin = ft && ft->kind == ATTR_TYPE ? type_get(e->m, ft->type)->nins
                                               : block_get(e->m, entry)->args.n;
    if (ft && ft->kind == ATTR_TYPE && type_get(e->m, ft->type)->nouts)
        return fail(e, op_get(e->m, f)->loc, "kernel '%s' returns values", e->kname);
    bool *written = e->written; /* only this kernel's arguments are read */
    module_walk(e->m, f, written_visit, written);
    Block *b = block_get(e->m, entry);
    bool ok = true;
    /* the arguments distribute appended (their comments name what they are for) */
    const Attr *hid = op_attr(e->m, f, "vptx.hidden_tmaps");
    const Attr *grid = op_attr(e->m, f, "vptx.hidden_grid");
    uint32_t ngrid = grid && grid->kind == ATTR_INT ? 3 : 0;
    uint32_t nhid = hid && hid->kind == ATTR_DENSE_ARRAY && hid->n + ngrid <= nin ? hid->n : 0;
    uint32_t first_hidden = nin - ngrid - nhid;
    for (uint32_t i = 0; i < b->args.n && ok; i++) {
        ValueId v = block_get(e->m, entry)->args.items[i];
        TypeId t = value_type(e->m, v);
        const char *name = value_get(e->m, v)->name;
        char type[140];
        if (i >= first_hidden && i < nin - ngrid)
            snprintf(e->param_arg, sizeof e->param_arg, "hidden for arg %lld",
                     (long long)hid->ints[i - first_hidden]);
        else if (i >= nin - ngrid && i < nin)
            snprintf(e->param_arg, sizeof e->param_arg, "hidden, the logical grid's %c",
                     "xyz"[i - (nin - ngrid)]);
        else
            snprintf(e->param_arg, sizeof e->param_arg, "arg %u%s%s: %s", i, name ? " %" : "",
                     name ? name : "", ir_type_text(e->m, t, type, sizeof type));
        /* the argument's registers are named after it (names.c) */
        char fixed[32];
        snprintf(fixed, sizeof fixed, "arg%" PRIu32, i);
        names_fixed(e, name && i < first_hidden ? name : fixed);
        if (i >= nin) { /* workgroup attribution */
            const char *sym = declare_shared(
                e, t, e->root_align[e->m->nops + v] > 16 ? e->root_align[e->m->nops + v] : 16,
                value_get(e->m, v)->loc);
            ok = sym && shared_memref(e, v, sym, 16);
        } else if (type_is_memref(e->m, t)) {
            ok = memref_param(e, v, !written[v]);
        } else {
            ok = scalar_param(e, v);
        }
        names_fixed_end(e);
    }
    return ok;
}

static uint32_t
count_uses_visit_n(Module *m, OpId o, uint32_t *uses)
{
    Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nargs; i++)
        uses[op->args[i]]++;
    return 0;
}

static bool
count_uses_visit(Module *m, OpId o, void *ctx)
{
    count_uses_visit_n(m, o, ctx);
    return true;
}

/* Kernels whose shared memory is read by the async proxy (TMA store, wgmma). */
static bool
proxy_visit(Module *m, OpId o, void *ctx)
{
    OpKind k = op_get(m, o)->kind;
    if (k == OP_TMA_ASYNC_STORE || k == OP_WARPGROUP_MMA || k == OP_WGMMA_SHARED ||
        k == OP_WGMMA_REG_A)
        *(bool *)ctx = true;
    return true;
}

/* The index of the first .param of kernel argument `arg` (its base pointer for a memref):
   every earlier argument takes one, a memref one more per dynamic offset, size and stride,
   as memref_param and scalar_param emit them. */
static int64_t
first_param_of(const Emit *e, const Block *b, int64_t arg)
{
    int64_t n = 0;
    for (int64_t i = 0; i < arg && i < (int64_t)b->args.n; i++) {
        const Type *ty = type_get(e->m, value_type(e->m, b->args.items[i]));
        n++;
        if (ty->kind != TY_MEMREF)
            continue;
        const Attr *lay = ty->layout;
        n += lay && lay->i == DIM_DYNAMIC;
        for (uint32_t d = 0; d < ty->rank; d++)
            n += (ty->shape[d] == DIM_DYNAMIC) + (lay && lay->ints[d] == DIM_DYNAMIC);
    }
    return n;
}

/* The first op of the kernel that makes an fp8 value (and that type), for the error below:
   scalars and vectors (registers); memrefs of fp8 are addresses. */
typedef struct Fp8Use {
    OpId op;
    TypeId type;
    const uint32_t *uses; /* by ValueId: a value nothing uses needs no register */
} Fp8Use;

/* Ops that only move fp8 bytes (in .b16 registers, one a register, as i8): the loads
   and vector assembly of wgmma's register copy.  Any other op making fp8 is refused. */
#define FP8_MOVES(k)                                                                               \
    ((k) == OP_TRANSFER_READ || (k) == OP_VLOAD || (k) == OP_MLOAD || (k) == OP_EXTRACT ||         \
     (k) == OP_FROM_ELEMENTS || (k) == OP_SHAPE_CAST)

static bool
fp8_visit(Module *m, OpId o, void *ctx)
{
    const Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nres; i++) {
        TypeId t = type_element(m, value_type(m, op->res[i]));
        if (type_get(m, value_type(m, op->res[i]))->kind == TY_MEMREF)
            continue; /* a memref of fp8 is an address (1-byte elements): TMA and wgmma's
                         fp8 operands need no fp8 register */
        if (!((Fp8Use *)ctx)->uses[op->res[i]])
            continue; /* e.g. the padding of a read that TMA does */
        if (FP8_MOVES(op->kind))
            continue; /* moves bytes: loads, stores, vector assembly (a register copy) */
        if (t == TY_F8E4M3FNUZ || t == TY_F8E5M2FNUZ) { /* AMD's: no instruction at all */
            ((Fp8Use *)ctx)->op = o;
            ((Fp8Use *)ctx)->type = t;
            return false;
        }
        if (t == TY_F8E4M3FN || t == TY_F8E5M2) {
            ((Fp8Use *)ctx)->op = o;
            ((Fp8Use *)ctx)->type = t;
            return false;
        }
    }
    return true;
}

/* An op-level kernel (tile/kernel.c): which argument sizes the symbols are, the grid and
 * each result buffer's shape as affine maps of them.  Read by every launcher, which then
 * needs no --grid and allocates the results (docs/op-level.md). */
static void
write_op_level_header(Emit *e, FILE *out, OpId f)
{
    const Attr *sizes = op_attr(e->m, f, "vptx.sizes"), *grid = op_attr(e->m, f, "vptx.grid");
    if (!sizes || sizes->kind != ATTR_ARRAY || !grid || grid->kind != ATTR_AFFINE_MAP)
        return;
    BlockId entry = op_entry_block(e->m, f, 0);
    if (!entry)
        return;
    const Block *b = block_get(e->m, entry);
    fprintf(out, "\n// vptx: sizes");
    for (uint32_t i = 0; i < sizes->n; i++) {
        const Attr *p = sizes->items[i];
        if (p->kind == ATTR_ARRAY && p->n == 2 && p->items[0]->i == -2) {
            /* tile's [-2, 0]: the launcher's SM count (a whole-array reduction's parts) */
            fprintf(out, "%s s%u = the SM count of the device, at most 256", i ? "," : "", i);
            continue;
        }
        if (p->kind != ATTR_ARRAY || p->n != 2 || p->items[0]->i < 0 ||
            p->items[0]->i >= (int64_t)b->args.n)
            continue;
        int64_t arg = p->items[0]->i, dim = p->items[1]->i, param = first_param_of(e, b, arg);
        const Type *t = type_get(e->m, value_type(e->m, b->args.items[arg]));
        if (dim < 0 || t->kind != TY_MEMREF) {
            fprintf(out, "%s s%u = argument %" PRId64 " (parameter %" PRId64 ")", i ? "," : "", i,
                    arg, param);
            continue;
        }
        /* after the base: a dynamic offset, then the dynamic sizes (ptxgen's kernel ABI) */
        param += 1 + (t->layout && t->layout->i == DIM_DYNAMIC);
        for (int64_t d = 0; d < dim && d < (int64_t)t->rank; d++)
            param += t->shape[d] == DIM_DYNAMIC;
        fprintf(out, "%s s%u = argument %" PRId64 " dim %" PRId64 " (parameter %" PRId64 ")",
                i ? "," : "", i, arg, dim, param);
    }
    fprintf(out, "\n// vptx: grid ");
    ir_print_attr(e->m, grid, out);
    const Attr *aa = op_attr(e->m, f, "arg_attrs");
    static const char *const what[2] = { "result", "scratch" };
    for (int w = 0; w < 2; w++) {
        uint32_t k = 0;
        for (uint32_t i = 0; aa && aa->kind == ATTR_ARRAY && i < aa->n; i++) {
            const Attr *r = aa->items[i]->kind == ATTR_DICT
                                ? dict_get(aa->items[i], w ? "vptx.scratch" : "vptx.result")
                                : NULL;
            if (!r)
                continue;
            fprintf(out, "\n// vptx: %s %u is argument %u of shape ", what[w], k++, i);
            ir_print_attr(e->m, r, out);
        }
    }
    /* a function split into kernels (tile/split.c): they run in this order, on the same
       arguments */
    const Attr *seq = op_attr(e->m, f, "vptx.sequence");
    if (seq && seq->kind == ATTR_ARRAY && seq->n > 1) {
        const Attr *name = op_attr(e->m, f, "sym_name");
        uint32_t step = 0;
        for (uint32_t i = 0; i < seq->n; i++)
            if (seq->items[i]->kind == ATTR_SYMBOL && name && name->str &&
                strcmp(seq->items[i]->str, name->str) == 0)
                step = i + 1;
        fprintf(out, "\n// vptx: kernel %u of %u:", step, seq->n);
        for (uint32_t i = 0; i < seq->n; i++)
            fprintf(out, " %s", seq->items[i]->kind == ATTR_SYMBOL ? seq->items[i]->str : "?");
    }
}

static void
write_kernel(Emit *e, FILE *out, OpId f)
{
    fflush(e->params);
    fflush(e->decls);
    /* a warp-specialized TMA ring (distribute/schedule/tma_ring.c) adds a producer warpgroup after
       the gpu.known_block_size threads: the launchers read this line (vptx_block_threads) */
    const Attr *prod = op_attr(e->m, f, "vptx.producer_threads");
    int64_t extra = prod && prod->kind == ATTR_INT && e->block_size[0] ? prod->i : 0;
    if (extra)
        fprintf(out,
                "\n// vptx: block size %" PRId64 " threads (%" PRId64
                " of a producer warpgroup after the kernel's %" PRId64 ")",
                e->block_size[0] + extra, extra, e->block_size[0]);
    /* tensor maps the compiler added after the kernel's own arguments
       (distribute/schedule/tma_ring.c): read by launchers, which encode them (docs/hopper.md) */
    const Attr *hid = op_attr(e->m, f, "vptx.hidden_tmaps");
    BlockId entry = op_entry_block(e->m, f, 0);
    /* a persistent tile loop's logical grid: three i32 arguments after the maps */
    const Attr *grid = op_attr(e->m, f, "vptx.hidden_grid");
    uint32_t ngrid = grid && grid->kind == ATTR_INT ? 3 : 0;
    if (hid && hid->kind == ATTR_DENSE_ARRAY && entry &&
        block_get(e->m, entry)->args.n >= hid->n + ngrid) {
        const Block *b = block_get(e->m, entry);
        for (uint32_t i = 0; i < hid->n; i++) {
            const Type *tm =
                type_get(e->m, value_type(e->m, b->args.items[b->args.n - ngrid - hid->n + i]));
            const Type *box = type_get(e->m, tm->elem);
            static const int sw[] = { 0, 32, 64, 128 };
            /* a memref whose row length is dynamic, in a kernel that tests it and takes
               register copies when TMA cannot map the rows (distribute/schedule/tma_ring.c) */
            const Attr *ta = op_attr(e->m, f, "vptx.hidden_tmaps_tested");
            bool tested = ta && ta->kind == ATTR_DENSE_ARRAY && i < ta->n && ta->ints[i];
            fprintf(out,
                    "\n// vptx: hidden tensor map of argument %" PRId64 ", box %" PRId64 "x%" PRId64
                    ", swizzle %d, parameter %" PRId64 "%s",
                    hid->ints[i], box->shape[0], box->rank > 1 ? box->shape[1] : 1,
                    tm->swizzle <= SWIZZLE_128B ? sw[tm->swizzle] : 0,
                    first_param_of(e, b, hid->ints[i]),
                    tested ? ", unused when its rows are not whole 16-byte pieces" : "");
        }
    }
    if (ngrid && entry) /* read by launchers: vptx_hidden_grid() */
        fprintf(out, "\n// vptx: hidden logical grid (x, y, z: .u32), parameter %" PRId64,
                first_param_of(e, block_get(e->m, entry), grid->i));
    write_op_level_header(e, out, f);
    const Attr *dyn = op_attr(e->m, f, "vptx.dynamic_smem");
    if (dyn &&
        dyn->kind == ATTR_INT) /* read by launchers: vptx_dynamic_smem(), the line right above */
        fprintf(out, "\n// vptx: dynamic shared memory %" PRId64 " bytes", dyn->i);
    /* the launch shape the kernel was written for (gpu.known_grid_size): launchers may use it */
    const Attr *kg = e->device ? NULL : op_attr(e->m, f, "gpu.known_grid_size");
    if (kg && kg->kind == ATTR_DENSE_ARRAY && kg->ints && kg->n >= 1 && kg->n <= 3)
        fprintf(out, "\n// vptx: grid %" PRId64 ", %" PRId64 ", %" PRId64 " workgroups",
                kg->ints[0], kg->n > 1 ? kg->ints[1] : 1, kg->n > 2 ? kg->ints[2] : 1);
    if (e->shared_bytes && !e->device) /* read by the API (vptx_result_kernel) */
        fprintf(out, "\n// vptx: static shared memory %" PRId64 " bytes", e->shared_bytes);
    if (e->device) {
        if (!ptxgen_device_header(e, f, e->kname, out))
            return;
        fputs("\n", out);
    } else {
        if (e->nparams) /* the last .param's comment */
            fprintf(e->params, "\t// %s", e->param_note);
        fflush(e->params);
        fprintf(out, "\n.visible .entry %s(\n%s\n)\n", e->kname, mem_text(e->params_st));
    }
    if (e->block_size[0] && !e->device)
        fprintf(out, ".reqntid %" PRId64 ", %" PRId64 ", %" PRId64 "\n", e->block_size[0] + extra,
                e->block_size[1] ? e->block_size[1] : 1, e->block_size[2] ? e->block_size[2] : 1);
    /* workgroups per SM asked of ptxas (distribute/schedule/attn_ring.c), which caps registers */
    const Attr *minc = op_attr(e->m, f, "vptx.min_ctas_per_sm");
    /* thread block clusters (upstream's nvvm.cluster_dim / nvvm.cluster_max_blocks) */
    const Attr *cd = e->device ? NULL : op_attr(e->m, f, "nvvm.cluster_dim");
    const Attr *cm = e->device ? NULL : op_attr(e->m, f, "nvvm.cluster_max_blocks");
    if (cd && cd->kind == ATTR_DENSE_ARRAY && cd->n >= 1 && cd->n <= 3)
        fprintf(out, ".explicitcluster\n.reqnctapercluster %" PRId64 ", %" PRId64 ", %" PRId64 "\n",
                cd->ints[0], cd->n > 1 ? cd->ints[1] : 1, cd->n > 2 ? cd->ints[2] : 1);
    if (cm && cm->kind == ATTR_INT)
        fprintf(out, ".maxclusterrank %" PRId64 "\n", cm->i);
    if (e->device)
        ;
    else if (extra) /* ptxas honours setmaxnreg only with .minnctapersm 1 beside .reqntid */
        fprintf(out, ".minnctapersm 1\n");
    else if (minc && minc->kind == ATTR_INT && minc->i > 1 && e->block_size[0])
        fprintf(out, ".minnctapersm %" PRId64 "\n", minc->i);
    fprintf(out, "{\n");
    names_declare(e, out);
    fprintf(out, "%s\n", mem_text(e->decls_st));
    ptx_cleanup_write(e, e->body ? e->body : "", e->body_len, out);
    fputs("}\n", out);
}

static uint32_t
name_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* Adds name to the PTX names of the kernels emitted so far; false when it is one of them.
 * A hash set: comparing each kernel's name with every earlier one was a quarter of the
 * time of a module of 16,000 kernels. */
static bool
entry_name_add(Emit *e, const char *name)
{
    uint32_t cap = e->entry_hash_cap, h = name_hash(name);
    for (uint32_t i = cap ? h & (cap - 1) : 0; cap && e->entry_hash[i]; i = (i + 1) & (cap - 1))
        if (strcmp(e->entry_names.items[e->entry_hash[i] - 1], name) == 0)
            return false;
    ARRAY_PUSH(&e->m->arena, e->entry_names, name);
    if (2 * e->entry_names.n > cap) {
        cap = cap ? 2 * cap : 64;
        ir_free(e->entry_hash);
        e->entry_hash = ir_calloc(cap, sizeof *e->entry_hash);
        e->entry_hash_cap = cap;
        for (uint32_t k = 0; k < e->entry_names.n; k++) {
            uint32_t i = name_hash(e->entry_names.items[k]) & (cap - 1);
            while (e->entry_hash[i])
                i = (i + 1) & (cap - 1);
            e->entry_hash[i] = k + 1;
        }
        return true;
    }
    uint32_t i = h & (cap - 1);
    while (e->entry_hash[i])
        i = (i + 1) & (cap - 1);
    e->entry_hash[i] = e->entry_names.n;
    return true;
}

static bool
emit_kernel(Emit *e, OpId f, FILE *out)
{
    const char *sym = str_attr(e, f, "sym_name");
    e->kname = ptx_ident(e, sym ? sym : "kernel");
    /* ptx_ident maps '.' and other characters to '_': @a.b and @a_b would both be
     * .entry a_b, which ptxas rejects ("Duplicate definition of function") */
    if (!entry_name_add(e, e->kname))
        return fail(e, op_get(e->m, f)->loc,
                    "kernel '@%s' has the PTX name '%s' of an earlier kernel (PTX names keep "
                    "only letters, digits, '_' and '$')",
                    sym ? sym : "kernel", e->kname);
    e->func = f;
    e->device = e->role && e->role[f] == FUNC_DEVICE;
    e->ncalls = 0;
    memset(e->nregs, 0, sizeof e->nregs);
    memset(e->block_size, 0, sizeof e->block_size);
    e->nlabels = e->nparams = e->nshared = 0;
    e->shared_bytes = 0;
    /* the kernel's lowering tables (value slots, memref records, shared_globals) live in
       the module arena after this mark and go when the kernel has been lowered, before
       its body is cleaned up and written */
    ArenaMark mark = arena_mark(&e->m->arena);
    e->shared_globals.items = NULL;
    e->shared_globals.n = e->shared_globals.cap = 0;
    e->naddr_terms = e->nwide_terms = 0;
    halves_new_kernel(e); /* register numbers start again */
    names_new_kernel(e);
    e->cur_op = 0;
    BlockId entry = op_entry_block(e->m, f, 0);
    if (!entry)
        return fail(e, op_get(e->m, f)->loc, "kernel '%s' has no body", e->kname);

    kernel_block_size(e, f);
    if (!e->device &&
        (op_attr(e->m, f, "nvvm.cluster_dim") || op_attr(e->m, f, "nvvm.cluster_max_blocks"))) {
        const Attr *cd = op_attr(e->m, f, "nvvm.cluster_dim");
        if (cd && (cd->kind != ATTR_DENSE_ARRAY || cd->n < 1 || cd->n > 3 || !cd->ints))
            return fail(e, op_get(e->m, f)->loc,
                        "kernel '%s': nvvm.cluster_dim must be array<i32: x[, y[, z]]>", e->kname);
        for (uint32_t i = 0; cd && i < cd->n; i++)
            if (cd->ints[i] < 1)
                return fail(e, op_get(e->m, f)->loc,
                            "kernel '%s': nvvm.cluster_dim has a dimension of %" PRId64
                            "; clusters are at least 1 in every dimension",
                            e->kname, cd->ints[i]);
        int64_t ncta = 1;
        for (uint32_t i = 0; cd && i < cd->n; i++)
            ncta *= cd->ints[i];
        if (ncta > 8) /* cudaLaunchKernelEx's portable limit; vptx does not opt in to more */
            return fail(e, op_get(e->m, f)->loc,
                        "kernel '%s': nvvm.cluster_dim asks for clusters of %" PRId64
                        " CTAs, but the part launches at most 8 (the portable cluster size)",
                        e->kname, ncta);
        if (!need_feature(e, TF_SM90, "thread block clusters (nvvm.cluster_dim)"))
            return false;
        need_version(e, 78);
    }
    if (!e->device && !sm100_check_kernel(e, f))
        return false;
    e->proxy_fence = false;
    module_walk(e->m, f, proxy_visit, &e->proxy_fence);
    reset_kernel_values(e, f);
    module_walk(e->m, f, count_uses_visit, e->uses);
    Fp8Use f8 = { 0, 0, e->uses }; /* fp8 values: eval and the simulator's wgmma take them */
    module_walk(e->m, f, fp8_visit, &f8);
    if (f8.op && (f8.type == TY_F8E4M3FNUZ || f8.type == TY_F8E5M2FNUZ))
        return fail(e, op_get(e->m, f8.op)->loc,
                    "'%s' makes an %s value: NVIDIA GPUs have no instruction for the FNUZ fp8 "
                    "types (AMD's: bias %d, no infinities, no negative zero); convert to %s",
                    op_name(e->m, f8.op), scalar_type_name(f8.type),
                    f8.type == TY_F8E4M3FNUZ ? 8 : 16,
                    f8.type == TY_F8E4M3FNUZ ? "f8E4M3FN" : "f8E5M2");
    if (f8.op)
        return fail(e, op_get(e->m, f8.op)->loc,
                    "'%s' makes an %s value: vptx parses and evaluates the fp8 types, but does "
                    "not generate PTX for them yet (wgmma reads fp8 operands that a TMA ring "
                    "loads; other fp8 values need registers vptx does not give them)",
                    op_name(e->m, f8.op), scalar_type_name(f8.type));
    compute_ranges(e, f);
    mem_open(&e->params, &e->params_st);
    mem_open(&e->decls, &e->decls_st);
    e->body_len = 0;
    bool ok = lower_params(e, f, entry);
    ValueId ys[64];
    uint32_t ny = 0;
    if (region_get(e->m, op_get(e->m, f)->regions[0])->blocks.n > 1)
        ok = ok && lower_cfg(e, op_get(e->m, f)->regions[0]);
    else
        ok = ok && lower_block(e, entry, ys, &ny);
    arena_release(&e->m->arena, mark);
    e->shared_globals.items = NULL;
    e->shared_globals.n = e->shared_globals.cap = 0;
    if (ok)
        write_kernel(e, out, f);
    mem_close(&e->params, &e->params_st);
    mem_close(&e->decls, &e->decls_st);
    return ok && !e->failed;
}

/* ---- module scope ---- */

/* Writes g's module-scope declaration to `to` (when not NULL).  With `report` false a bad
 * global is skipped without a word: the direct path (ptxgen_emit) writes the globals before
 * the kernels, and checks them again, reporting, where the buffered path does. */
static bool
emit_global(Emit *e, OpId g, FILE *to, bool report)
{
    Loc loc = op_get(e->m, g)->loc;
    const char *sym = str_attr(e, g, "sym_name");
    const Attr *ta = op_attr(e->m, g, "type");
    if (!sym || !ta || ta->kind != ATTR_TYPE || !type_is_memref(e->m, ta->type))
        return report && fail(e, loc, "'memref.global' without a memref type");
    const Type *ty = type_get(e->m, ta->type);
    int64_t bytes = type_bytes(e, ta->type);
    int64_t align = attr_int_or(op_attr(e->m, g, "alignment"), 16);
    if (e->root_align[g] > align)
        align = e->root_align[g];
    if (ty->memspace != MS_WORKGROUP)
        return report &&
               fail(e, loc, "'memref.global' @%s: only workgroup (space 3) globals are supported",
                    sym);
    const Attr *init = op_attr(e->m, g, "initial_value");
    if (init && init->kind != ATTR_UNIT && !(init->kind == ATTR_OPAQUE))
        return report &&
               fail(e, loc, "'memref.global' @%s: shared memory cannot have an initial value", sym);
    if (bytes < 0)
        return report && fail(e, loc, "'memref.global' @%s has a dynamic shape", sym);
    if (to)
        fprintf(to, ".shared .align %" PRId64 " .b8 %s[%" PRId64 "];\n", align, ptx_ident(e, sym),
                bytes ? bytes : 1);
    return true;
}

typedef struct Collect {
    ARRAY(OpId) kernels;
    ARRAY(OpId) devices; /* device functions: .func, before the kernels */
    ARRAY(OpId) globals;
    Emit *e;
} Collect;

static bool
collect_visit(Module *m, OpId o, void *ctx)
{
    Collect *c = ctx;
    Op *op = op_get(m, o);
    if (op_info[op->kind].traits & T_FUNC) {
        if (c->e->role[o] == FUNC_KERNEL)
            ARRAY_PUSH(&m->arena, c->kernels, o);
        else if (c->e->role[o] == FUNC_DEVICE)
            ARRAY_PUSH(&m->arena, c->devices, o);
    } else if (op->kind == OP_GLOBAL) {
        ARRAY_PUSH(&m->arena, c->globals, o);
    }
    return true;
}

/* Ops that add module-scope declarations while kernels are lowered (the .extern of
   dynamic shared memory, gpu.printf's strings): the buffered path writes them first. */
static bool
dyn_smem_visit(Module *m, OpId o, void *ctx)
{
    (void)ctx;
    return op_get(m, o)->kind != OP_DYNAMIC_SHARED_MEMORY && op_get(m, o)->kind != OP_PRINTF;
}

/* The module header up to the globals.  Returns the offset in out of the .version
 * digits (for write_version), or -1 when out cannot tell positions. */
static long
write_header(Emit *e, FILE *out, const Diag *d)
{
    fputs("//\n// Generated by vptx\n//\n\n.version ", out);
    long vpos = ftell(out);
    fprintf(out, "%d.%d\n.target %s\n.address_size 64\n", e->version / 10, e->version % 10,
            e->opt->arch);
    if (e->opt->debug_loc)
        for (uint32_t f = 1; f < d->nfiles; f++)
            fprintf(out, ".file %" PRIu32 " \"%s\"\n", f, d->files[f].name);
    return vpos;
}

/*
 * Two ways to the same bytes.  Direct (the usual one): the header, with the target's
 * smallest .version, and the module-scope buffers go to out first, each kernel is cleaned
 * straight into out, and at the end the .version digits are overwritten in place if a
 * kernel needed a newer one (every version is "d.d": same width).  The PTX text then
 * exists once in out plus one kernel body, not three times.  Buffered: when out cannot
 * seek, or the module uses dynamic shared memory (its .extern line, before the kernels,
 * is only known after them), the kernels are collected in a memory stream first.
 */
bool
ptxgen_emit(Module *m, const PtxOptions *opt, FILE *out, Diag *d)
{
    Emit e = { .m = m, .opt = opt, .d = d, .target = target_find(opt->arch) };
    if (!e.target) {
        diag_error(d, (Loc){ 0 }, "unknown target '%s'", opt->arch ? opt->arch : "");
        return false;
    }
    e.sm = e.target->sm;
    e.version = e.target->ptx;
    int first_version = e.version;
    Collect c = { .e = &e };
    e.role = module_func_roles(m);
    module_walk(m, m->top, collect_visit, &c);
    for (uint32_t i = 0; i < c.globals.n; i++) {
        const Attr *sym = op_attr(m, c.globals.items[i], "sym_name");
        if (sym && sym->str)
            symtab_add(&e.globals_by_name, 0, OP_GLOBAL, sym->str, c.globals.items[i]);
    }
    module_index_funcs(m, &e.funcs_by_name);
    e.rep = ir_calloc(m->nvalues + 1, sizeof *e.rep);
    e.range = ir_calloc(m->nvalues + 1, sizeof *e.range);
    e.uses = ir_calloc(m->nvalues + 1, sizeof *e.uses);
    e.written = ir_calloc(m->nvalues + 1, sizeof *e.written);
    e.root_align = ir_calloc(m->nops + m->nvalues + 1, sizeof *e.root_align);
    e.mma_hint = NULL; /* allocated by the first hint (hint_yields) */
    compute_root_align(&e);
    bool direct = module_walk(m, m->top, dyn_smem_visit, NULL) && !diag_has_errors(d) &&
                  ftell(out) >= 0 && fseek(out, 0, SEEK_CUR) == 0;
    long vpos = -1;
    IrStream *kst = NULL;
    FILE *kf = out;
    mem_open(&e.globals, &e.globals_st);
    if (direct) {
        vpos = write_header(&e, out, d);
        for (uint32_t i = 0; i < c.globals.n; i++)
            emit_global(&e, c.globals.items[i], e.globals, false);
        fflush(e.globals);
        if (e.globals_st->len)
            fprintf(out, "\n%s", mem_text(e.globals_st));
        direct = vpos >= 0;
    }
    if (!direct)
        mem_open(&kf, &kst);
    if (c.devices.n) /* every device function declared first: calls in any order */
        fputs("\n", kf);
    for (uint32_t i = 0; i < c.devices.n && !e.failed; i++) {
        const char *sym = str_attr(&e, c.devices.items[i], "sym_name");
        ptxgen_device_prototype(&e, c.devices.items[i], ptx_ident(&e, sym ? sym : "f"), kf);
    }
    for (uint32_t i = 0; i < c.devices.n && !e.failed; i++)
        emit_kernel(&e, c.devices.items[i], kf);
    for (uint32_t i = 0; i < c.kernels.n && !e.failed; i++)
        emit_kernel(&e, c.kernels.items[i], kf);
    for (uint32_t i = 0; i < c.globals.n && !e.failed; i++)
        emit_global(&e, c.globals.items[i], direct ? NULL : e.globals, true);
    if (e.have_dyn_smem)
        fprintf(e.globals, ".extern .shared .align %" PRId64 " .b8 vptx_dynamic_smem[];\n",
                e.dyn_smem_align < 16 ? 16 : e.dyn_smem_align);
    fflush(e.globals);
    bool ok = !e.failed && !diag_has_errors(d);
    if (ok && c.kernels.n == 0)
        diag_warning(d, (Loc){ 0 }, "no kernel in the module");
    if (ok && direct && e.version != first_version) {
        /* both "d.d" (need_version takes at most 9.9).  Back to the end by its offset:
           a memory stream's SEEK_END is its current position, not its length. */
        long end = ftell(out);
        ok = end >= 0 && fseek(out, vpos, SEEK_SET) == 0;
        if (ok)
            fprintf(out, "%d.%d", e.version / 10, e.version % 10);
        ok = ok && fseek(out, end, SEEK_SET) == 0;
        if (!ok)
            diag_error(d, (Loc){ 0 }, "cannot rewrite the .version line of the output");
    }
    if (ok && !direct) {
        fflush(kf);
        write_header(&e, out, d);
        if (e.globals_st->len)
            fprintf(out, "\n%s", mem_text(e.globals_st));
        fputs(mem_text(kst), out);
    }
    if (kst)
        mem_close(&kf, &kst);
    mem_close(&e.globals, &e.globals_st);
    ir_free(e.role);
    ir_free(e.rep);
    ir_free(e.range);
    ir_free(e.uses);
    ir_free(e.written);
    ir_free(e.mma_hint);
    ir_free(e.body);
    halves_free(&e);
    names_free(&e);
    ir_free(e.root_align);
    ir_free(e.entry_hash);
    symtab_free(&e.globals_by_name);
    symtab_free(&e.funcs_by_name);
    return ok;
}
