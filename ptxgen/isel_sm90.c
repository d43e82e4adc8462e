/*
 * isel_sm90.c -- the Hopper nvgpu ops: mbarrier, TMA (cp.async.bulk.tensor) and
 * wgmma.  Facts from ptx-sm90.md (PTX ISA 9.1 9.7.13.15 mbarrier, 9.7.9.27 tensor
 * copies, 9.7.15 wgmma) and MLIR's NVGPUToNVVM.cpp.
 *
 * Operand order is ODS order, as the frontend builds it:
 *   mbarrier.init            barriers, count, mbarId [, predicate]
 *   mbarrier.arrive.expect_tx barriers, txcount, mbarId [, predicate]
 *   mbarrier.arrive          barriers, mbarId
 *   mbarrier.try_wait.parity barriers, phaseParity, ticks, mbarId   (a spin loop)
 *   tma.async.load           dst, barriers, desc, coords..., mbarId [, mask] [, predicate]
 *   tma.async.store          src, desc, coords... [, predicate]
 *   warpgroup.generate.descriptor  tensor, tensorMap
 *   warpgroup.mma            descA, descB, acc
 *   warpgroup.mma.store      acc, dst
 *
 * wgmma operand semantics (D = A x B + D, 64 x N x K, f16/bf16 -> f32), as upstream MLIR's
 * NVGPUToNVVM + NVVM lowering: the descriptor types always say A is 64xK and B is KxN;
 * the flags say how the tiles lie in shared memory:
 *   A: K contiguous ("K-major", imm-trans-a = 0); transposeA: the tile is K rows of 64
 *      (M contiguous, imm-trans-a = 1).
 *   B: K contiguous (N rows of K, "K-major", imm-trans-b = 0); transposeB: the tile is K
 *      rows of N (N contiguous, "MN-major", imm-trans-b = 1): a row-major KxN B.
 *   Tiles are the images of TMA boxes whose inner extent is the swizzle span S; a
 *   contiguous extent longer than S is a sequence of such boxes (ptx-sm90.md 4.3).
 * Descriptors: layout 1/2/3 for 128/64/32-byte swizzle, SBO = 8*S, LBO = dim0 * S
 * (MLIR's rule), start = (address & 0x3FFFF) >> 4.
 *
 * TMA stores and wgmma read shared memory through the async proxy: in a kernel that
 * has either, every gpu.barrier is preceded by `fence.proxy.async.shared::cta` so
 * that generic writes made before the barrier are visible to them.
 *
 * Requires:    ptxgen.c's Emit; the op is verified (operand counts and types as
 *              listed above); a target with the instructions (mbarrier expect_tx and
 *              TMA from sm_90, wgmma on sm_90a only).
 * Ensures:     the op's PTX is appended in the order the ISA needs (wgmma.fence,
 *              mma_async, commit_group, wait_group; a proxy fence before each
 *              gpu.barrier in kernels with TMA stores or wgmma); .version raised to
 *              what the instructions need; a missing target feature is a located
 *              error.
 * Invalidates: nothing (the IR is only read).
 */
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <string.h>

static bool
check_shared_group(Emit *e, ValueId g)
{
    const Type *t = type_get(e->m, value_type(e->m, g));
    if (t->kind != TY_MBARRIER_GROUP || t->memspace != MS_WORKGROUP)
        return fail_op(e,
                       "barrier group must live in workgroup (shared) memory, not in memory "
                       "space %d",
                       t->kind == TY_MBARRIER_GROUP ? t->memspace : -1);
    return true;
}

/* address of barrier [id] of group g: base + 8 * id */
static Slot
mbar_addr(Emit *e, ValueId g, ValueId id, int64_t *off)
{
    Slot base = scalar_of(e, g), i = scalar_of(e, id);
    *off = 0;
    if (i.is_imm) {
        *off = (int64_t)i.bits * 8;
        return base;
    }
    Slot d = new_reg(e, RC_B32);
    ins(e, "mad.lo.s32 %s, %s, 8, %s;", S(e, d), S(e, as_reg(e, narrow32(e, i))), S(e, base));
    return d;
}

static const char *
addr(Emit *e, Slot a, int64_t off)
{
    char *b = e->operand_text[e->operand_next++ % 16]; /* one of S()'s buffers */
    if (off)
        snprintf(b, sizeof e->operand_text[0], "[%s+%" PRId64 "]", S(e, a), off);
    else
        snprintf(b, sizeof e->operand_text[0], "[%s]", S(e, a));
    return b;
}

/* "@%p " for an optional i1 predicate operand (index k, if present) */
static const char *
guard(Emit *e, OpId o, uint32_t k)
{
    char *buf = e->operand_text[e->operand_next++ % 16]; /* one of S()'s buffers */
    Op *op = op_get(e->m, o);
    buf[0] = 0;
    if (k < op->nargs && value_type(e->m, op->args[k]) == TY_I1) {
        Slot p = scalar_of(e, op->args[k]);
        if (!p.is_imm)
            snprintf(buf, sizeof e->operand_text[0], "@%s ", S(e, p));
    }
    return buf;
}

static bool
lower_mbarrier(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    if (op->kind == OP_MBARRIER_CREATE) {
        const Type *t = type_get(e->m, value_type(e->m, op->res[0]));
        if (!check_shared_group(e, op->res[0]))
            return false;
        const char *name = arena_printf(&e->m->arena, "%s_mbar_%" PRIu32, e->kname, e->nshared++);
        fprintf(e->decls, "\t.shared .align 8 .b64 %s[%" PRId64 "];\n", name,
                t->num_barriers > 0 ? t->num_barriers : 1);
        Slot r = new_reg(e, RC_B32);
        ins(e, "mov.u32 %s, %s;", S(e, r), name);
        rep_scalar(e, op->res[0], r);
        return need_feature(e, TF_CP_ASYNC, "mbarrier");
    }
    if (!check_shared_group(e, op->args[0]))
        return false;
    int64_t off;
    switch (op->kind) {
    case OP_MBARRIER_INIT: {
        Slot a = mbar_addr(e, op->args[0], op->args[2], &off);
        Slot n = narrow32(e, scalar_of(e, op_get(e->m, o)->args[1]));
        ins(e, "%smbarrier.init.shared.b64 %s, %s;", guard(e, o, 3), addr(e, a, off), S(e, n));
        return need_feature(e, TF_CP_ASYNC, "mbarrier");
    }
    case OP_MBARRIER_ARRIVE: {
        Slot a = mbar_addr(e, op->args[0], op->args[1], &off), t = new_reg(e, RC_B64);
        ins(e, "mbarrier.arrive.shared.b64 %s, %s;", S(e, t), addr(e, a, off));
        rep_scalar(e, op_get(e->m, o)->res[0], t);
        return need_feature(e, TF_CP_ASYNC, "mbarrier");
    }
    case OP_MBARRIER_TEST_WAIT: { /* barriers, token, mbarId: is the token's phase done? */
        Slot a = mbar_addr(e, op->args[0], op->args[2], &off), p = new_reg(e, RC_PRED);
        ins(e, "mbarrier.test_wait.shared.b64 %s, %s, %s;", S(e, p), addr(e, a, off),
            S(e, as_reg(e, scalar_of(e, op_get(e->m, o)->args[1]))));
        rep_scalar(e, op_get(e->m, o)->res[0], p);
        need_version(e, 70);
        return need_feature(e, TF_CP_ASYNC, "mbarrier");
    }
    case OP_MBARRIER_ARRIVE_NOCOMPLETE: { /* barriers, mbarId, count */
        Slot a = mbar_addr(e, op->args[0], op->args[1], &off), t = new_reg(e, RC_B64);
        Slot n = narrow32(e, scalar_of(e, op_get(e->m, o)->args[2]));
        ins(e, "mbarrier.arrive.noComplete.shared.b64 %s, %s, %s;", S(e, t), addr(e, a, off),
            S(e, as_reg(e, n)));
        rep_scalar(e, op_get(e->m, o)->res[0], t);
        need_version(e, 70);
        return need_feature(e, TF_CP_ASYNC, "mbarrier");
    }
    case OP_MBARRIER_ARRIVE_EXPECT_TX: {
        if (!need_feature(e, TF_TMA, "mbarrier.arrive.expect_tx"))
            return false;
        Slot a = mbar_addr(e, op->args[0], op->args[2], &off);
        Slot n = narrow32(e, scalar_of(e, op_get(e->m, o)->args[1]));
        ins(e, "%smbarrier.arrive.expect_tx.shared::cta.b64 _, %s, %s;", guard(e, o, 3),
            addr(e, a, off), S(e, n));
        need_version(e, 80);
        return true;
    }
    default: { /* try_wait.parity: spin until the phase with this parity completed */
        Slot a = mbar_addr(e, op->args[0], op->args[3], &off);
        Slot par = scalar_of(e, op_get(e->m, o)->args[1]);
        Slot pu = par.cls == RC_PRED ? to_cls(e, par, RC_B32, false) : narrow32(e, par);
        if (par.cls != RC_PRED && !pu.is_imm) {
            Slot t = new_reg(e, RC_B32);
            ins(e, "and.b32 %s, %s, 1;", S(e, t), S(e, pu));
            pu = t;
        }
        Slot p = new_reg(e, RC_PRED);
        uint32_t l = new_label(e);
        label(e, l);
        if (e->sm >= 90)
            ins(e, "mbarrier.try_wait.parity.shared::cta.b64 %s, %s, %s;", S(e, p), addr(e, a, off),
                S(e, pu));
        else
            ins(e, "mbarrier.test_wait.parity.shared.b64 %s, %s, %s;", S(e, p), addr(e, a, off),
                S(e, pu));
        ins(e, "@!%s bra $L__%s_%" PRIu32 ";", S(e, p), e->kname, l);
        need_version(e, e->sm >= 90 ? 78 : 71);
        return true;
    }
    }
}

/* ---- TMA ---- */

static void
segments(Emit *e, OpId o, uint32_t *seg, uint32_t n)
{
    const Attr *ss = op_attr(e->m, o, "operandSegmentSizes");
    for (uint32_t i = 0; i < n; i++)
        seg[i] = ss && ss->kind == ATTR_DENSE_ARRAY && i < ss->n ? (uint32_t)ss->ints[i] : 1;
}

static bool
coords(Emit *e, char *buf, size_t n, const ValueId *c, uint32_t nc)
{
    size_t len = (size_t)snprintf(buf, n, "{");
    for (uint32_t i = 0; i < nc; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "",
                                S(e, as_reg(e, narrow32(e, scalar_of(e, c[i])))));
    snprintf(buf + len, n - len, "}");
    return nc >= 1 && nc <= 5;
}

static bool
lower_tma(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    if (!need_feature(e, TF_TMA, "TMA (cp.async.bulk.tensor)"))
        return false;
    need_version(e, 80);
    char cs[160];
    if (op->kind == OP_TMA_ASYNC_LOAD) {
        uint32_t seg[7];
        segments(e, o, seg, 7); /* dst, barriers, desc, coords, mbarId, mask, pred */
        if (!check_shared_group(e, op->args[1]))
            return false;
        uint32_t ci = 3, nc = seg[3], idi = 3 + nc;
        int64_t off;
        Slot dst = shared_addr32(e, op->args[0], NULL, 0);
        Slot bar = mbar_addr(e, op_get(e->m, o)->args[1], op_get(e->m, o)->args[idi], &off);
        Slot desc = scalar_of(e, op_get(e->m, o)->args[2]);
        if (!coords(e, cs, sizeof cs, op_get(e->m, o)->args + ci, nc))
            return fail_op(e, "needs 1 to 5 coordinates");
        char mask[32] = "";
        if (seg[5])
            snprintf(mask, sizeof mask, ", %s",
                     S(e, as_reg(e, scalar_of(e, op_get(e->m, o)->args[idi + 1]))));
        ins(e,
            "%scp.async.bulk.tensor.%" PRIu32 "d.shared::cluster.global.tile.mbarrier::complete_"
            "tx::bytes%s [%s], [%s, %s], %s%s;",
            guard(e, o, idi + 1 + seg[5]), nc, seg[5] ? ".multicast::cluster" : "", S(e, dst),
            S(e, desc), cs, addr(e, bar, off), mask);
        return true;
    }
    uint32_t seg[4];
    segments(e, o, seg, 4); /* src, desc, coords, pred */
    if (!op_attr(e->m, o, "operandSegmentSizes"))
        seg[2] = op->nargs - 2 - (value_type(e->m, op->args[op->nargs - 1]) == TY_I1);
    Slot src = shared_addr32(e, op->args[0], NULL, 0);
    Slot desc = scalar_of(e, op_get(e->m, o)->args[1]);
    if (!coords(e, cs, sizeof cs, op_get(e->m, o)->args + 2, seg[2]))
        return fail_op(e, "needs 1 to 5 coordinates");
    const char *g = guard(e, o, 2 + seg[2]);
    char gd[24];
    snprintf(gd, sizeof gd, "%s", g);
    ins(e, "%sfence.proxy.async.shared::cta;", gd);
    ins(e, "%scp.async.bulk.tensor.%" PRIu32 "d.global.shared::cta.tile.bulk_group [%s, %s], [%s];",
        gd, seg[2], S(e, desc), cs, S(e, src));
    /* vptx.tma_store_more (distribute/schedule/tma_ring.c's epilogue): more stores follow in the
       same bulk group, so its commit and wait come after the last one only */
    if (op_attr(e->m, o, "vptx.tma_store_more"))
        return true;
    ins(e, "%scp.async.bulk.commit_group;", gd);
    ins(e, "%scp.async.bulk.wait_group.read 0;", gd);
    return true;
}

/* ---- wgmma ---- */

static int64_t
swizzle_bytes(const Type *tmap)
{
    static const int64_t s[] = { 0, 32, 64, 128 };
    return tmap->swizzle <= SWIZZLE_128B ? s[tmap->swizzle] : 0;
}

static bool
lower_generate_descriptor(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    const Type *tm = type_get(e->m, value_type(e->m, op->args[1]));
    const Type *mt = type_get(e->m, value_type(e->m, op->args[0]));
    int64_t s = tm->kind == TY_TENSORMAP ? swizzle_bytes(tm) : 0;
    if (!s)
        return fail_op(e, "needs a tensor map with a 32/64/128-byte swizzle");
    if (mt->memspace != MS_WORKGROUP || mt->rank != 2)
        return fail_op(e, "needs a 2-d memref in workgroup memory");
    uint64_t layout = s == 128 ? 1 : s == 64 ? 2 : 3;
    uint64_t lbo = (uint64_t)(mt->shape[0] * s) >> 4, sbo = (uint64_t)(8 * s) >> 4;
    uint64_t bits = layout << 62 | (sbo & 0x3FFF) << 32 | (lbo & 0x3FFF) << 16;
    Slot a = shared_addr32(e, op->args[0], NULL, 0);
    Slot w = new_reg(e, RC_B64), sh = new_reg(e, RC_B64), an = new_reg(e, RC_B64);
    Slot d = new_reg(e, RC_B64);
    ins(e, "cvt.u64.u32 %s, %s;", S(e, w), S(e, a));
    ins(e, "shr.u64 %s, %s, 4;", S(e, sh), S(e, w));
    ins(e, "and.b64 %s, %s, 16383;", S(e, an), S(e, sh));
    ins(e, "or.b64 %s, %s, 0x%016" PRIX64 ";", S(e, d), S(e, an), bits);
    rep_scalar(e, op_get(e->m, o)->res[0], d);
    return true;
}

static const Type *
desc_tensor(Emit *e, ValueId v)
{
    const Type *t = type_get(e->m, value_type(e->m, v));
    return t->kind == TY_WG_DESCRIPTOR ? type_get(e->m, t->elem) : NULL;
}

/* byte offset of k-step ks (16 elements of K) in a K-major tile of `rows` rows */
/* Matrix descriptor d advanced by `bytes` of shared memory (its address field counts
 * 16-byte units), in a new register; d itself when bytes is 0. */
static Slot
desc_offset(Emit *e, Slot d, int64_t bytes)
{
    if (!bytes)
        return d;
    Slot r = new_reg(e, RC_B64);
    ins(e, "add.s64 %s, %s, %" PRId64 ";", S(e, r), S(e, d), bytes >> 4);
    return r;
}

static int64_t
kmajor_step(int64_t ks, int64_t rows, int64_t e, int64_t s)
{
    int64_t kb = 16 * ks * e;
    return kb % s + (kb / s) * rows * s;
}

static bool
lower_warpgroup_mma(Emit *e, OpId o)
{
    if (!need_feature(e, TF_WGMMA, "wgmma"))
        return false;
    need_version(e, 80);
    Op *op = op_get(e->m, o);
    const Type *ta = desc_tensor(e, op->args[0]), *tb = desc_tensor(e, op->args[1]);
    const Type *acc = type_get(e->m, value_type(e->m, op->args[2]));
    const Type *av = acc->kind == TY_WG_ACCUMULATOR ? type_get(e->m, acc->elem) : NULL;
    if (!ta || !tb || !av || ta->rank != 2 || tb->rank != 2 || av->rank != 2)
        return fail_op(e, "needs warpgroup descriptors and a 2-d accumulator");
    bool trans_a = op_attr(e->m, o, "transposeA"), trans_b = op_attr(e->m, o, "transposeB");
    int64_t m = ta->shape[0], k = ta->shape[1];
    int64_t n = av->shape[1];
    TypeId el = ta->elem;
    if (m != 64 || av->shape[0] != 64 || k % 16 || n % 8 || n < 8 || n > 256 ||
        (el != TY_F16 && el != TY_BF16) || av->elem != TY_F32)
        return fail_op(e, "supports m64nNk16 with f16/bf16 inputs and f32 accumulators "
                          "(M = 64, K a multiple of 16)");
    Rep *in = rep_of(e, op->args[2]);
    bool zero = true;
    for (uint32_t i = 0; i < in->n; i++)
        zero = zero && in->slots[i].is_imm && in->slots[i].bits == 0;
    Rep *r = rep_new(e, op->res[0], in->n, 1, TY_F32);
    char list[4096];
    size_t len = (size_t)snprintf(list, sizeof list, "{");
    for (uint32_t i = 0; i < r->n; i++) {
        r->slots[i] = new_reg(e, RC_F32);
        if (!zero)
            ins(e, "mov.f32 %s, %s;", S(e, r->slots[i]), S(e, in->slots[i]));
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
                                S(e, r->slots[i]));
    }
    snprintf(list + len, sizeof list - len, "}");
    int64_t s = 128; /* byte span of the swizzle: the descriptors say 128B in every case
                        generate.descriptor accepts for K-major 16-bit tiles of 64 columns */
    int64_t esz = 2;
    Slot da = as_reg(e, scalar_of(e, op->args[0])), db = as_reg(e, scalar_of(e, op->args[1]));
    ins(e, "wgmma.fence.sync.aligned;");
    for (int64_t ks = 0; ks < k / 16; ks++) {
        int64_t oa = trans_a ? 16 * ks * s : kmajor_step(ks, m, esz, s);
        int64_t ob = trans_b ? 16 * ks * s : kmajor_step(ks, n, esz, s);
        Slot sa = desc_offset(e, da, oa), sb = desc_offset(e, db, ob);
        ins(e,
            "wgmma.mma_async.sync.aligned.m64n%" PRId64 "k16.f32.%s.%s %s, %s, %s, %d, 1, 1, "
            "%d, %d;",
            n, ftype(el), ftype(el), list, S(e, sa), S(e, sb), ks == 0 && zero ? 0 : 1,
            trans_a ? 1 : 0, trans_b ? 1 : 0);
    }
    ins(e, "wgmma.commit_group.sync.aligned;");
    ins(e, "wgmma.wait_group.sync.aligned %" PRId64 ";",
        attr_int_or(op_attr(e->m, o, "waitGroup"), 0));
    return true;
}

/*
 * vptx.wgmma bufA, rowA, bufB, rowB, acc {k, swizzle}: both operands K-major
 * in workgroup memory, R rows of K elements in 2K/S blocks of S bytes a row
 * (ir/verify_gpu.c).  Descriptor (ptx-sm90.md 4.2): start = address >> 4,
 * LBO encoded 1 (unused for swizzled K-major), SBO = 8 rows of S bytes,
 * layout 1/2/3 for S = 128/64/32.  K step ks reads 32 bytes of each row: the
 * start moves by 32*ks % S within a block and by R*S per block.  With b_mn_swizzle
 * = S_B, B is MN-major (tB = 1; ptx-sm90.md 4.3): LBO = k * S_B (the next S_B-wide
 * block of N), SBO = 8 * S_B (the next 8 k), and K step ks moves 16 * S_B bytes.
 */
/* MN-major (k_rows > 0): LBO = k_rows * S (the next S-wide block of N), row = its first
   N index, a multiple of S/2: the start moves by row / (S/2) blocks. */
static Slot
wgmma_desc(Emit *e, ValueId buf, ValueId row, int64_t s, int64_t k_rows)
{
    uint64_t layout = s == 128 ? 1 : s == 64 ? 2 : 3, sbo = (uint64_t)(8 * s) >> 4;
    uint64_t lbo = k_rows ? (uint64_t)(k_rows * s) >> 4 : 1;
    uint64_t bits = layout << 62 | sbo << 32 | (lbo & 0x3FFF) << 16;
    int64_t scale = k_rows ? 2 * k_rows : s; /* bytes per unit of row */
    Slot a = shared_addr32(e, buf, NULL, 0), r = scalar_of(e, row);
    Slot st = new_reg(e, RC_B32);
    if (r.is_imm && r.bits == 0)
        st = a;
    else if (r.is_imm)
        ins(e, "add.u32 %s, %s, %" PRIu64 ";", S(e, st), S(e, a), r.bits * (uint64_t)scale);
    else
        ins(e, "mad.lo.s32 %s, %s, %" PRId64 ", %s;", S(e, st), S(e, as_reg(e, narrow32(e, r))),
            scale, S(e, a));
    Slot w = new_reg(e, RC_B64), sh = new_reg(e, RC_B64), an = new_reg(e, RC_B64);
    Slot d = new_reg(e, RC_B64);
    ins(e, "cvt.u64.u32 %s, %s;", S(e, w), S(e, st));
    ins(e, "shr.u64 %s, %s, 4;", S(e, sh), S(e, w));
    ins(e, "and.b64 %s, %s, 16383;", S(e, an), S(e, sh));
    ins(e, "or.b64 %s, %s, 0x%016" PRIX64 ";", S(e, d), S(e, an), bits);
    return d;
}

/* The vector V that every element of `acc` (a from_elements of extracts) is taken
   from, or 0. */
static ValueId
acc_source(Emit *e, ValueId acc)
{
    OpId d = value_get(e->m, acc)->def;
    if (!d || op_get(e->m, d)->kind != OP_FROM_ELEMENTS || e->uses[acc] != 1)
        return 0;
    const Op *fe = op_get(e->m, d);
    ValueId v = 0;
    for (uint32_t i = 0; i < fe->nargs; i++) {
        OpId x = value_get(e->m, fe->args[i])->def;
        if (!x || op_get(e->m, x)->kind != OP_EXTRACT || e->uses[fe->args[i]] != 1 ||
            (v && op_get(e->m, x)->args[0] != v))
            return 0;
        v = op_get(e->m, x)->args[0];
    }
    return v;
}

typedef struct Pieces {
    Emit *e;
    ValueId v;
    uint32_t n; /* elements of v taken as pieces of vptx.wgmma accumulators */
} Pieces;

static bool
count_pieces(Module *m, OpId o, void *ctx)
{
    Pieces *p = ctx;
    const Op *op = op_get(m, o);
    if ((op->kind == OP_WGMMA_SHARED || op->kind == OP_WGMMA_REG_A) &&
        acc_source(p->e, op->args[op->nargs - 1]) == p->v)
        p->n += op_get(m, value_get(m, op->args[op->nargs - 1])->def)->nargs;
    return true;
}

/*
 * May the accumulator be updated in its own registers?  Yes when it is pieces of
 * one vector V (from_elements of extracts, as distribute gathers the registers of a
 * tile) whose every use is such a piece of a vptx.wgmma accumulator, and V's
 * registers are distinct: then nothing reads them after the op that takes them
 * (the pieces are disjoint), no copies are needed in, and a loop's yield finds the
 * result in place.
 */
static bool
acc_in_place(Emit *e, ValueId acc)
{
    ValueId v = acc_source(e, acc);
    if (!v)
        return false;
    Pieces p = { e, v, 0 };
    module_walk(e->m, e->func, count_pieces, &p);
    const Rep *vr = rep_of(e, v);
    if (p.n != e->uses[v] || vr->per != 1)
        return false;
    for (uint32_t i = 0; i < vr->n; i++) {
        if (vr->slots[i].is_imm || vr->slots[i].cls != RC_F32)
            return false;
        for (uint32_t j = 0; j < i; j++)
            if (vr->slots[j].reg == vr->slots[i].reg)
                return false;
    }
    return true;
}

/*
 * A wgmma whose groups stay in flight past its loop's back edge (no_wait, its result
 * only yielded: distribute/schedule/attn_reads.c) must write the iter_arg's registers itself:
 * a yield that copied its result would read the accumulator before the wait.  Fills
 * out[i] with the iter_arg register that result element i is yielded to (scf.yield of
 * vector.from_elements of vector.extract, as distribute builds it), when every element
 * has one, distinct, and no later op of the body reads it (mma_hint_safe).
 */
static bool
yield_slots(Emit *e, OpId o, Slot *out, uint32_t n)
{
    const Op *op = op_get(e->m, o);
    const Block *b = block_get(e->m, op->parent);
    OpId loop = block_parent_op(e->m, op->parent);
    if (!loop || op_get(e->m, loop)->kind != OP_FOR || !b->ops.n ||
        op_get(e->m, b->ops.items[b->ops.n - 1])->kind != OP_YIELD || n > 256)
        return false;
    const Op *y = op_get(e->m, b->ops.items[b->ops.n - 1]);
    bool seen[256] = { false };
    for (uint32_t i = 0; i < y->nargs; i++) {
        OpId fe = value_get(e->m, y->args[i])->def;
        const Rep *r = rep_of(e, b->args.items[1 + i]);
        if (!fe || op_get(e->m, fe)->kind != OP_FROM_ELEMENTS || r->per != 1 ||
            op_get(e->m, fe)->nargs != r->n)
            continue;
        OpId x0 = value_get(e->m, op_get(e->m, fe)->args[0])->def;
        if (!x0 || op_get(e->m, x0)->kind != OP_EXTRACT || op_get(e->m, x0)->args[0] != op->res[0])
            continue; /* another iter_arg */
        for (uint32_t j = 0; j < r->n; j++) {
            OpId x = value_get(e->m, op_get(e->m, fe)->args[j])->def;
            const Attr *pos = x ? op_attr(e->m, x, "static_position") : NULL;
            if (!x || op_get(e->m, x)->kind != OP_EXTRACT ||
                op_get(e->m, x)->args[0] != op->res[0] || !pos || pos->kind != ATTR_DENSE_ARRAY ||
                pos->n != 1 || !pos->ints || pos->ints[0] < 0 || pos->ints[0] >= (int64_t)n ||
                seen[pos->ints[0]] || r->slots[j].is_imm || r->slots[j].cls != RC_F32)
                return false;
            seen[pos->ints[0]] = true;
            out[pos->ints[0]] = r->slots[j];
        }
    }
    for (uint32_t i = 0; i < n; i++)
        if (!seen[i] || !mma_hint_safe(e, o, out[i]))
            return false;
    return true;
}

/*
 * The result registers of a vptx.wgmma / vptx.wgmma_ra whose last operand is the
 * accumulator, as the "{%f1, ...}" list: the accumulator's own registers when
 * acc_in_place, else new ones (copied from it unless it is all zero: *zero, and the
 * first mma_async then has scale-d 0).  Returns the instruction's N.
 */
static int64_t
wgmma_acc(Emit *e, OpId o, char *list, size_t cap, bool *zero)
{
    Op *op = op_get(e->m, o);
    ValueId accv = op->args[op->nargs - 1];
    Rep *in = rep_of(e, accv);
    *zero = true;
    for (uint32_t i = 0; i < in->n; i++)
        *zero = *zero && in->slots[i].is_imm && in->slots[i].bits == 0;
    Slot yr[256];
    bool yielded =
        op_attr(e->m, o, "no_wait") && op->kind == OP_WGMMA_REG_A && yield_slots(e, o, yr, in->n);
    bool in_place = !*zero && !yielded && acc_in_place(e, accv);
    Rep *r = rep_new(e, op->res[0], in->n, 1, TY_F32);
    size_t len = (size_t)snprintf(list, cap, "{");
    for (uint32_t i = 0; i < r->n; i++) {
        r->slots[i] = in_place ? in->slots[i] : yielded ? yr[i] : new_reg(e, RC_F32);
        if (!*zero && !in_place)
            ins(e, "mov.f32 %s, %s;", S(e, r->slots[i]), S(e, in->slots[i]));
        len += (size_t)snprintf(list + len, cap - len, "%s%s", i ? ", " : "", S(e, r->slots[i]));
    }
    snprintf(list + len, cap - len, "}");
    return 2 * (int64_t)in->n;
}

/* The group's wait after the last mma_async of a vptx.wgmma / vptx.wgmma_ra. */
static void
wgmma_commit(Emit *e, OpId o)
{
    ins(e, "wgmma.commit_group.sync.aligned;");
    /* no_wait: a later vptx.wgmma waits for this group; wait = N: up to N groups stay in
       flight (the K steps of a TMA ring overlap) */
    if (!op_attr(e->m, o, "no_wait"))
        ins(e, "wgmma.wait_group.sync.aligned %" PRId64 ";",
            attr_int_or(op_attr(e->m, o, "wait"), 0));
}

/*
 * vptx.wgmma_ra a, bufB, rowB, acc: A from registers (ptx-sm90.md 4.1: the register-A
 * form has no tA, A is K-major), 4 .b32 registers (f16x2 / bf16x2) per 16 of K, B
 * through its descriptor as in vptx.wgmma.
 */
static bool
lower_wgmma_reg_a(Emit *e, OpId o)
{
    if (!target_has(e->target, TF_WGMMA))
        return fail_op(e,
                       "(a vector.contract with an NV_WGMMA_* mma_kind) needs wgmma, which "
                       "only sm_90a has, but the target is %s: compile with --arch=sm_90a",
                       e->opt->arch);
    need_version(e, 80);
    Op *op = op_get(e->m, o);
    int64_t k = attr_int_or(op_attr(e->m, o, "k"), 16),
            s = attr_int_or(op_attr(e->m, o, "swizzle"), 128);
    int64_t sbm = attr_int_or(op_attr(e->m, o, "b_mn_swizzle"), 0);
    const Type *tb = type_get(e->m, value_type(e->m, op->args[1]));
    int64_t rb = attr_int_or(op_attr(e->m, o, "b_rows"), tb->shape[0] / (2 * k / s));
    Rep *ra = rep_of(e, op->args[0]);
    if ((int64_t)ra->n != k / 4 || ra->n > 64)
        return fail_op(e, "needs 4 A registers per 16 of K, K at most 256");
    Slot areg[64];
    for (uint32_t i = 0; i < ra->n && i < 64; i++) {
        Slot x = ra->slots[i];
        areg[i] = as_reg(e, x.cls == RC_B32 ? x : to_cls(e, as_reg(e, x), RC_B32, false));
    }
    char list[4096];
    bool zero;
    int64_t n = wgmma_acc(e, o, list, sizeof list, &zero);
    Slot db = sbm ? wgmma_desc(e, op->args[1], op->args[2], sbm, k)
                  : wgmma_desc(e, op->args[1], op->args[2], s, 0);
    const char *el = ftype(tb->elem);
    ins(e, "wgmma.fence.sync.aligned;");
    for (int64_t ks = 0; ks < k / 16; ks++) {
        int64_t kb = 32 * ks, ob = sbm ? 16 * ks * sbm : kb % s + kb / s * rb * s;
        Slot sb = desc_offset(e, db, ob);
        ins(e,
            "wgmma.mma_async.sync.aligned.m64n%" PRId64 "k16.f32.%s.%s %s, {%s, %s, %s, %s}, %s, "
            "%d, 1, 1, %d;",
            n, el, el, list, S(e, areg[4 * ks]), S(e, areg[4 * ks + 1]), S(e, areg[4 * ks + 2]),
            S(e, areg[4 * ks + 3]), S(e, sb), ks == 0 && zero ? 0 : 1, sbm ? 1 : 0);
    }
    wgmma_commit(e, o);
    return true;
}

/*
 * vptx.wgmma with an f16 accumulator (.f16.f16.f16): D is N/4 .b32 registers, each the
 * f16 pair of elements 2j (low half) and 2j + 1 (ptx-sm90.md 4.4), so the pairs are
 * packed before and unpacked after; the op always waits for its group (wait_group 0),
 * since the unpacking reads D.  ra, rb: rows of one column block of A and B.
 */
static bool
lower_wgmma_f16(Emit *e, OpId o, Rep *in, bool zero, int64_t k, int64_t s, int64_t ra, int64_t rb,
                TypeId elem)
{
    Op *op = op_get(e->m, o);
    uint32_t nel = in->n * in->per, np = nel / 2;
    int64_t n = 2 * (int64_t)nel;
    Slot packed[64];
    if (nel % 2 || np > 64 || (in->per != 1 && in->per != 2))
        return fail_op(e, "needs an even number of f16 accumulator elements, at most 128");
    char list[2048];
    size_t len = (size_t)snprintf(list, sizeof list, "{");
    for (uint32_t j = 0; j < np; j++) {
        packed[j] = new_reg(e, RC_B32);
        if (!zero) { /* a copy: the registers of the input may still be read */
            Slot p = in->per == 2 ? as_reg(e, in->slots[j])
                                  : halves_pack(e, in->slots[2 * j], in->slots[2 * j + 1]);
            ins(e, "mov.b32 %s, %s;", S(e, packed[j]), S(e, p));
        }
        len +=
            (size_t)snprintf(list + len, sizeof list - len, "%s%s", j ? ", " : "", S(e, packed[j]));
    }
    snprintf(list + len, sizeof list - len, "}");
    int64_t sbm = attr_int_or(op_attr(e->m, o, "b_mn_swizzle"), 0);
    Slot da = wgmma_desc(e, op->args[0], op->args[1], s, 0);
    Slot db = sbm ? wgmma_desc(e, op->args[2], op->args[3], sbm, k)
                  : wgmma_desc(e, op->args[2], op->args[3], s, 0);
    const char *el = ftype(elem);
    ins(e, "wgmma.fence.sync.aligned;");
    for (int64_t ks = 0; ks < k / 16; ks++) {
        int64_t kb = 32 * ks, oa = kb % s + kb / s * ra * s, ob = kb % s + kb / s * rb * s;
        if (sbm)
            ob = 16 * ks * sbm;
        Slot sa = desc_offset(e, da, oa), sb = desc_offset(e, db, ob);
        ins(e,
            "wgmma.mma_async.sync.aligned.m64n%" PRId64 "k16.f16.%s.%s %s, %s, %s, %d, 1, 1, "
            "0, %d;",
            n, el, el, list, S(e, sa), S(e, sb), ks == 0 && zero ? 0 : 1, sbm ? 1 : 0);
    }
    ins(e, "wgmma.commit_group.sync.aligned;");
    ins(e, "wgmma.wait_group.sync.aligned 0;");
    /* the result: f16 pairs packed in .b32 registers (pack_factor 2), as wgmma left them */
    if (pack_factor(e->m, value_type(e->m, op->res[0])) != 2)
        return fail_op(e, "needs an f16 accumulator of an even number of elements");
    Rep *r = rep_new(e, op->res[0], np, 2, TY_F16);
    for (uint32_t j = 0; j < np; j++)
        r->slots[j] = packed[j];
    return true;
}

static const char *
fp8_name(TypeId t)
{
    return t == TY_F8E5M2 ? "e5m2" : "e4m3";
}

static bool
lower_wgmma_shared(Emit *e, OpId o)
{
    if (!target_has(e->target, TF_WGMMA))
        return fail_op(e,
                       "(a vector.contract with an NV_WGMMA_* mma_kind) needs wgmma, which "
                       "only sm_90a has, but the target is %s: compile with --arch=sm_90a, "
                       "or use an NV_MMA_SYNC_* mma_kind",
                       e->opt->arch);
    need_version(e, 80);
    Op *op = op_get(e->m, o);
    int64_t k = attr_int_or(op_attr(e->m, o, "k"), 16),
            s = attr_int_or(op_attr(e->m, o, "swizzle"), 128);
    const Type *ta = type_get(e->m, value_type(e->m, op->args[0]));
    const Type *tb = type_get(e->m, value_type(e->m, op->args[2]));
    /* E bytes an element: f16/bf16 2 (k16), f32 4 read as tf32 (k8), fp8 1 (k32); each
       instruction reads 32 bytes of every K-major row */
    int64_t es = (int64_t)type_scalar_bytes(ta->elem), kstep = 32 / es;
    int64_t blocks = es * k / s, ra = ta->shape[0] / blocks, rb = tb->shape[0] / blocks;
    /* a ring of stages (distribute/schedule/tma_ring.c): the rows of one stage's column block */
    ra = attr_int_or(op_attr(e->m, o, "a_rows"), ra);
    rb = attr_int_or(op_attr(e->m, o, "b_rows"), rb);
    if (type_element(e->m, value_type(e->m, op->args[4])) == TY_F16) {
        Rep *in = rep_of(e, op->args[4]);
        bool z = true;
        for (uint32_t i = 0; i < in->n; i++)
            z = z && in->slots[i].is_imm && in->slots[i].bits == 0;
        return lower_wgmma_f16(e, o, in, z, k, s, ra, rb, ta->elem);
    }
    char list[4096];
    bool zero;
    int64_t n = wgmma_acc(e, o, list, sizeof list, &zero);
    int64_t sbm = attr_int_or(op_attr(e->m, o, "b_mn_swizzle"), 0); /* B MN-major: tB = 1 */
    Slot da = wgmma_desc(e, op->args[0], op->args[1], s, 0);
    Slot db = sbm ? wgmma_desc(e, op->args[2], op->args[3], sbm, k)
                  : wgmma_desc(e, op->args[2], op->args[3], s, 0);
    /* PTX's names of the operand types: tf32 for f32 buffers, e4m3 / e5m2 for fp8 (A and
       B may differ) */
    const char *el = es == 4 ? "tf32" : es == 1 ? fp8_name(ta->elem) : ftype(ta->elem);
    const char *elb = es == 4 ? "tf32" : es == 1 ? fp8_name(tb->elem) : ftype(tb->elem);
    ins(e, "wgmma.fence.sync.aligned;");
    for (int64_t ks = 0; ks < k / kstep; ks++) {
        int64_t kb = 32 * ks, oa = kb % s + kb / s * ra * s, ob = kb % s + kb / s * rb * s;
        if (sbm)
            ob = 16 * ks * sbm; /* 16 more rows of k */
        Slot sa = desc_offset(e, da, oa), sb = desc_offset(e, db, ob);
        if (es != 2) /* no transpose flags: only 16-bit operands have them (K-major) */
            ins(e,
                "wgmma.mma_async.sync.aligned.m64n%" PRId64 "k%" PRId64
                ".f32.%s.%s %s, %s, %s, %d, 1, 1;",
                n, kstep, el, elb, list, S(e, sa), S(e, sb), ks == 0 && zero ? 0 : 1);
        else
            ins(e,
                "wgmma.mma_async.sync.aligned.m64n%" PRId64 "k16.f32.%s.%s %s, %s, %s, %d, 1, 1, "
                "0, %d;",
                n, el, el, list, S(e, sa), S(e, sb), ks == 0 && zero ? 0 : 1, sbm ? 1 : 0);
    }
    wgmma_commit(e, o);
    return true;
}

/* D fragment: reg i -> row 16w + l/4 + 8((i>>1)&1), col 8(i>>2) + 2(l%4) + (i&1) */
static bool
lower_mma_store(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    Rep *acc = rep_of(e, op->args[0]);
    MemRep *mr = mem_of(e, op->args[1]);
    if (mr->rank != 2 || !mr->strides[0].is_imm || !mr->strides[1].is_imm ||
        mr->strides[1].bits != 1 || mr->esize != 4)
        return fail_op(e, "needs a row-major f32 destination with static strides");
    int64_t ld = (int64_t)mr->strides[0].bits;
    Slot t = new_reg(e, RC_B32), w = new_reg(e, RC_B32), w4 = new_reg(e, RC_B32);
    Slot l = new_reg(e, RC_B32), g = new_reg(e, RC_B32), q = new_reg(e, RC_B32);
    Slot row = new_reg(e, RC_B32), lin = new_reg(e, RC_B32), lin2 = new_reg(e, RC_B32);
    ins(e, "mov.u32 %s, %%tid.x;", S(e, t));
    ins(e, "shr.u32 %s, %s, 5;", S(e, w), S(e, t));
    ins(e, "and.b32 %s, %s, 3;", S(e, w4), S(e, w));
    ins(e, "and.b32 %s, %s, 31;", S(e, l), S(e, t));
    ins(e, "shr.u32 %s, %s, 2;", S(e, g), S(e, l));
    ins(e, "and.b32 %s, %s, 3;", S(e, q), S(e, l));
    ins(e, "mad.lo.s32 %s, %s, 16, %s;", S(e, row), S(e, w4), S(e, g));
    ins(e, "mul.lo.s32 %s, %s, %" PRId64 ";", S(e, lin), S(e, row), ld);
    ins(e, "mad.lo.s32 %s, %s, 2, %s;", S(e, lin2), S(e, q), S(e, lin));
    Slot base;
    if (mr->space == SP_SHARED) {
        base = new_reg(e, RC_B32);
        ins(e, "mad.lo.s32 %s, %s, 4, %s;", S(e, base), S(e, lin2), S(e, mr->base));
    } else {
        base = new_reg(e, RC_B64);
        ins(e, "mad.wide.u32 %s, %s, 4, %s;", S(e, base), S(e, lin2), S(e, mr->base));
    }
    for (uint32_t p = 0; p + 1 < acc->n + 1 && 2 * p + 1 < acc->n; p++) {
        int64_t off = ((8 * (p & 1)) * ld + 8 * (p >> 1)) * 4;
        Slot lo = as_reg(e, acc->slots[2 * p]), hi = as_reg(e, acc->slots[2 * p + 1]);
        ins(e, "st.%s.v2.f32 %s, {%s, %s};", space_name(mr->space), addr(e, base, off), S(e, lo),
            S(e, hi));
    }
    return true;
}

bool
isel_sm90(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    switch (op->kind) {
    case OP_TMA_ASYNC_LOAD:
    case OP_TMA_ASYNC_STORE:
        return lower_tma(e, o);
    case OP_TMA_PREFETCH_DESCRIPTOR:
        if (!need_feature(e, TF_TMA, "prefetch.tensormap"))
            return false;
        need_version(e, 80);
        ins(e, "%sprefetch.tensormap [%s];", guard(e, o, 1), S(e, scalar_of(e, op->args[0])));
        return true;
    case OP_TMA_FENCE_DESCRIPTOR:
        if (!need_feature(e, TF_TMA, "fence.proxy.tensormap"))
            return false;
        need_version(e, 83);
        ins(e, "fence.proxy.tensormap::generic.acquire.sys [%s], 128;",
            S(e, scalar_of(e, op->args[0])));
        return true;
    case OP_WARPGROUP_GENERATE_DESCRIPTOR:
        return lower_generate_descriptor(e, o);
    case OP_WARPGROUP_MMA:
        return lower_warpgroup_mma(e, o);
    case OP_WARPGROUP_MMA_STORE:
        return lower_mma_store(e, o);
    case OP_WGMMA_SHARED:
        return lower_wgmma_shared(e, o);
    case OP_WGMMA_REG_A:
        return lower_wgmma_reg_a(e, o);
    case OP_WGMMA_WAIT:
        ins(e, "wgmma.wait_group.sync.aligned %" PRId64 ";",
            attr_int_or(op_attr(e->m, o, "pending"), 0));
        return true;
    case OP_EXIT:
        ins(e, "ret;");
        return true;
    case OP_NAMED_BARRIER: {
        Slot id = narrow32(e, scalar_of(e, op->args[0]));
        ins(e, "bar.%s %s, %" PRId64 ";", op_attr(e->m, o, "arrive") ? "arrive" : "sync", S(e, id),
            attr_int_or(op_attr(e->m, o, "count"), 0));
        return true;
    }
    case OP_SETMAXNREG:
        ins(e, "setmaxnreg.%s.sync.aligned.u32 %" PRId64 ";",
            op_attr(e->m, o, "dec") ? "dec" : "inc", attr_int_or(op_attr(e->m, o, "regs"), 232));
        return true;
    case OP_WARPGROUP_MMA_INIT_ACCUMULATOR: {
        TypeId t = value_type(e->m, op->res[0]);
        Rep *r = rep_new(e, op->res[0], slot_count(e->m, t), 1, TY_F32);
        for (uint32_t i = 0; i < r->n; i++)
            r->slots[i] = imm_slot(RC_F32, 0);
        return true;
    }
    case OP_TMA_CREATE_DESCRIPTOR:
        return fail_op(e, "is host code: create the tensor map on the host and pass it as a "
                          "kernel argument");
    default:
        return lower_mbarrier(e, o);
    }
}
