/*
 * isel_sm100.c -- the Blackwell (sm_100a) vptx.tcgen05_* ops: one PTX instruction each,
 * cta_group::1.  Facts from the PTX ISA 9.1, 9.7.16 (tensor memory 9.7.16.1, descriptors
 * 9.7.16.4, tcgen05.alloc 9.7.16.7.1, tcgen05.ld/st/wait 9.7.16.8, tcgen05.mma 9.7.16.10.9,
 * tcgen05.fence 9.7.16.11, tcgen05.commit 9.7.16.12); every form below was checked with
 * ptxas 13.0 -arch=sm_100a.
 *
 *   vptx.tcgen05_alloc (buf, i..) {cols}   tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
 * [a], cols vptx.tcgen05_dealloc (t) {cols}        tcgen05.dealloc.cta_group::1.sync.aligned.b32 t,
 * cols vptx.tcgen05_relinquish_alloc_permit
 * tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned vptx.tcgen05_smem_desc (buf, i..) the
 * 64-bit shared memory descriptor (below), in registers vptx.tcgen05_mma (d, ad, bd, id, en) {kind}
 * tcgen05.mma.cta_group::1.kind::K [d], ad, bd, id, en vptx.tcgen05_commit (bars, id)
 * tcgen05.commit.cta_group::1.mbarrier::arrive::one .shared::cluster.b64 [bar] vptx.tcgen05_ld (t)
 * -> vector<N>       tcgen05.ld.sync.aligned.32x32b.xN.b32 {..}, [t] vptx.tcgen05_st (t, v)
 * tcgen05.st.sync.aligned.32x32b.xN.b32 [t], {..} vptx.tcgen05_wait {kind}
 * tcgen05.wait::{ld,st}.sync.aligned vptx.tcgen05_fence {kind}
 * tcgen05.fence::{before,after}_thread_sync
 *
 * Shared memory descriptor [Table 40]:
 *
 *   63   61 60  53 52 51 49 48 46 45    32 31 30 29     16 15 14 13       0
 *   +------+------+--+-----+-----+--------+-----+---------+-----+----------+
 *   |swizzl|  0   |lm|base | 001 | SBO>>4 |  0  | LBO>>4  |  0  | addr>>4  |
 *   +------+------+--+-----+-----+--------+-----+---------+-----+----------+
 *   swizzle: 0 none, 2 128-byte, 4 64-byte, 6 32-byte; base offset 0 and relative
 *   leading-dimension mode (lm = 0): vptx's tiles start on the swizzle pattern.
 *
 * Requires:    ptxgen.c's Emit; the op is verified (ir/verify_gpu.c: operand types,
 *              cols, kind, a constant instruction descriptor's fields).
 * Ensures:     the op's PTX; .version 8.6; a target without tcgen05 is a located error.
 * Invalidates: nothing (the IR is only read).
 */
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <string.h>

static const char *
kind_attr(Emit *e, OpId o, const char *dflt)
{
    const Attr *a = op_attr(e->m, o, "kind");
    return a && a->str ? a->str : dflt;
}

/* cta_group::1, or ::2 (a CTA pair) with `cta_group = 2` */
static int
cta_grp(Emit *e, OpId o)
{
    return attr_int_or(op_attr(e->m, o, "cta_group"), 1) == 2 ? 2 : 1;
}

/* The descriptor's swizzle field for a span of s bytes (0 = none). */
static uint64_t
swizzle_code(int64_t s)
{
    return s == 128 ? 2 : s == 64 ? 4 : s == 32 ? 6 : 0;
}

static bool
lower_smem_desc(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    int64_t lbo = attr_int_or(op_attr(e->m, o, "lbo"), 0),
            sbo = attr_int_or(op_attr(e->m, o, "sbo"), 0);
    uint64_t bits = swizzle_code(attr_int_or(op_attr(e->m, o, "swizzle"), 0)) << 61 | 1ull << 46 |
                    (uint64_t)(sbo >> 4 & 0x3fff) << 32 | (uint64_t)(lbo >> 4 & 0x3fff) << 16;
    MemRep *mr = mem_of(e, op->args[0]);
    if (mr->space != SP_SHARED)
        return fail_op(e, "operand must be in workgroup (shared) memory");
    /* the descriptor's base offset is 0: a swizzled tile starts on its pattern (8 rows of
       the span: 256, 512, 1024 bytes), any tile on 16 bytes [9.7.16.4.1] */
    int64_t sw = attr_int_or(op_attr(e->m, o, "swizzle"), 0), need = sw ? 8 * sw : 16, off, align;
    Slot a = mem_address(e, mr, op->args + 1, op->nargs - 1, &off, &align);
    if (align < need)
        return fail_op(e,
                       "with swizzle = %" PRId64 " needs its tile aligned to %" PRId64
                       " bytes (the descriptor's base offset is 0), but the address is only "
                       "known to be %" PRId64 "-byte aligned",
                       sw, need, align);
    if (off) {
        Slot d0 = new_reg(e, (RegClass)a.cls);
        ins(e, "add.s%u %s, %s, %" PRId64 ";", cls_width((RegClass)a.cls), S(e, d0), S(e, a), off);
        a = d0;
    }
    Slot w = new_reg(e, RC_B64), sh = new_reg(e, RC_B64), an = new_reg(e, RC_B64);
    Slot d = new_reg(e, RC_B64);
    ins(e, "cvt.u64.u32 %s, %s;", S(e, w), S(e, as_reg(e, a)));
    ins(e, "shr.u64 %s, %s, 4;", S(e, sh), S(e, w));
    ins(e, "and.b64 %s, %s, 16383;", S(e, an), S(e, sh));
    ins(e, "or.b64 %s, %s, 0x%016" PRIX64 ";", S(e, d), S(e, an), bits);
    op = op_get(e->m, o);
    rep_scalar(e, op->res[0], d);
    return true;
}

/* address of barrier [id] of group g: base + 8 * id */
static Slot
barrier_addr(Emit *e, ValueId g, ValueId id)
{
    Slot base = scalar_of(e, g), i = scalar_of(e, id);
    Slot d = new_reg(e, RC_B32);
    if (i.is_imm && i.bits == 0)
        return base;
    if (i.is_imm)
        ins(e, "add.u32 %s, %s, %" PRIu64 ";", S(e, d), S(e, base), i.bits * 8);
    else
        ins(e, "mad.lo.s32 %s, %s, 8, %s;", S(e, d), S(e, as_reg(e, narrow32(e, i))), S(e, base));
    return d;
}

static bool
lower_mma(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    Slot d = as_reg(e, narrow32(e, scalar_of(e, op->args[0])));
    /* A: an i64 shared memory descriptor, or an i32 tensor-memory address ([a-tmem]) */
    bool a_tmem = value_type(e->m, op->args[1]) == TY_I32;
    Slot ad =
        as_reg(e, a_tmem ? narrow32(e, scalar_of(e, op->args[1])) : scalar_of(e, op->args[1]));
    Slot bd = as_reg(e, scalar_of(e, op->args[2]));
    Slot id = as_reg(e, narrow32(e, scalar_of(e, op->args[3])));
    Slot en = scalar_of(e, op->args[4]);
    if (en.is_imm) { /* enable-input-d must be a predicate register */
        Slot p = new_reg(e, RC_PRED);
        ins(e, "setp.ne.u32 %s, %u, 0;", S(e, p), en.bits ? 1u : 0u);
        en = p;
    }
    ins(e, "tcgen05.mma.cta_group::%d.kind::%s [%s], %s%s%s, %s, %s, %s;", cta_grp(e, o),
        kind_attr(e, o, "f16"), S(e, d), a_tmem ? "[" : "", S(e, ad), a_tmem ? "]" : "", S(e, bd),
        S(e, id), S(e, en));
    return true;
}

/* tcgen05.mma.cta_group::1.kind::K.block_scale.scale_vec::V [d], a, b, idesc, [sfa], [sfb],
 * p; kind::mxf4nvf4 needs PTX ISA 8.7 */
static bool
lower_mma_bs(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    const char *kind = kind_attr(e, o, "mxf8f6f4");
    const Attr *sv = op_attr(e->m, o, "scale_vec");
    if (!strcmp(kind, "mxf4nvf4"))
        need_version(e, 87);
    Slot d = as_reg(e, narrow32(e, scalar_of(e, op->args[0])));
    bool a_tmem = value_type(e->m, op->args[1]) == TY_I32;
    Slot ad =
        as_reg(e, a_tmem ? narrow32(e, scalar_of(e, op->args[1])) : scalar_of(e, op->args[1]));
    Slot bd = as_reg(e, scalar_of(e, op->args[2]));
    Slot id = as_reg(e, narrow32(e, scalar_of(e, op->args[3])));
    Slot sa = as_reg(e, narrow32(e, scalar_of(e, op->args[4])));
    Slot sb = as_reg(e, narrow32(e, scalar_of(e, op->args[5])));
    Slot en = scalar_of(e, op->args[6]);
    if (en.is_imm) { /* enable-input-d must be a predicate register */
        Slot p = new_reg(e, RC_PRED);
        ins(e, "setp.ne.u32 %s, %u, 0;", S(e, p), en.bits ? 1u : 0u);
        en = p;
    }
    ins(e,
        "tcgen05.mma.cta_group::%d.kind::%s.block_scale.scale_vec::%s [%s], %s%s%s, %s, %s, [%s], "
        "[%s], %s;",
        cta_grp(e, o), kind, sv && sv->str ? sv->str : "1X", S(e, d), a_tmem ? "[" : "", S(e, ad),
        a_tmem ? "]" : "", S(e, bd), S(e, id), S(e, sa), S(e, sb), S(e, en));
    return true;
}

/* "{%r1, %r2, ...}" of n slots */
static const char *
reg_list(Emit *e, const Slot *s, uint32_t n)
{
    size_t cap = (size_t)n * 12 + 4, len = 1;
    char *b = arena_alloc(&e->m->arena, cap);
    b[0] = '{';
    for (uint32_t i = 0; i < n; i++)
        len += (size_t)snprintf(b + len, cap - len, "%s%s", i ? ", " : "", S(e, s[i]));
    snprintf(b + len, cap - len, "}");
    return b;
}

/* tcgen05.ld / st: ".SHAPE.xN{.pack::16b}" for n registers a thread, and ", half" for
 * .16x32bx2 (the second half's column offset) [9.7.16.8]; the verifier checked n */
typedef struct {
    char mods[48];
    char half[24];
} LdstForm;

static LdstForm
ldst_form(Emit *e, OpId o, uint32_t n, bool st)
{
    const Attr *sh = op_attr(e->m, o, "shape"), *pk = op_attr(e->m, o, st ? "unpack" : "pack");
    const char *shape = sh && sh->str ? sh->str : "32x32b";
    uint32_t per = !strcmp(shape, "16x128b") ? 2 : !strcmp(shape, "16x256b") ? 4 : 1;
    bool pack = pk && (pk->kind == ATTR_UNIT || (pk->kind == ATTR_BOOL && pk->b));
    LdstForm f;
    snprintf(f.mods, sizeof f.mods, "%s.x%" PRIu32 "%s", shape, n / per,
             pack ? (st ? ".unpack::16b" : ".pack::16b") : "");
    f.half[0] = 0;
    if (!strcmp(shape, "16x32bx2"))
        snprintf(f.half, sizeof f.half, ", %" PRId64, attr_int_or(op_attr(e->m, o, "half"), 0));
    return f;
}

static bool
lower_ld(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    TypeId t = value_type(e->m, op->res[0]);
    Slot a = as_reg(e, narrow32(e, scalar_of(e, op->args[0])));
    Rep *r = rep_new(e, op->res[0], slot_count(e->m, t), 1, type_element(e->m, t));
    RegClass c = reg_class_of(r->elem);
    for (uint32_t i = 0; i < r->n; i++)
        r->slots[i] = new_reg(e, c);
    const char *list = reg_list(e, r->slots, r->n); /* S() keeps only 16 strings */
    LdstForm f = ldst_form(e, o, r->n, false);
    ins(e, "tcgen05.ld.sync.aligned.%s.b32 %s, [%s]%s;", f.mods, list, S(e, a), f.half);
    return true;
}

static bool
lower_st(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    Slot a = as_reg(e, narrow32(e, scalar_of(e, op->args[0])));
    Rep *r = rep_of(e, op->args[1]);
    uint32_t n = slot_count(e->m, value_type(e->m, op->args[1]));
    Slot *s = arena_alloc(&e->m->arena, n * sizeof *s);
    unpack_all(e, r, s);
    for (uint32_t i = 0; i < n; i++)
        s[i] = as_reg(e, s[i]);
    const char *list = reg_list(e, s, n); /* S() keeps only 16 strings */
    LdstForm f = ldst_form(e, o, n, true);
    ins(e, "tcgen05.st.sync.aligned.%s.b32 [%s]%s, %s;", f.mods, S(e, a), f.half, list);
    return true;
}

/* tcgen05.cp.cta_group::1.SHAPE{.multicast} [taddr], sdesc: one thread issues it */
static bool
lower_cp(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    Slot t = as_reg(e, narrow32(e, scalar_of(e, op->args[0])));
    Slot d = as_reg(e, scalar_of(e, op->args[1]));
    const Attr *sh = op_attr(e->m, o, "shape"), *mc = op_attr(e->m, o, "multicast");
    ins(e, "tcgen05.cp.cta_group::%d.%s%s%s [%s], %s;", cta_grp(e, o),
        sh && sh->str ? sh->str : "128x256b", mc && mc->str ? "." : "",
        mc && mc->str ? mc->str : "", S(e, t), S(e, d));
    return true;
}

/* ---- a kernel's CTA group: one per kernel (ptxas rejects a mix), and cta_group::2 only
 * in clusters of an even number of CTAs: a pair is cluster ranks 2k and 2k + 1 ---- */

typedef struct {
    OpId first2, first1; /* the first op of each group */
} CtaGroups;

static bool
cta_group_visit(Module *m, OpId o, void *ctx)
{
    CtaGroups *g = ctx;
    switch (op_get(m, o)->kind) {
    case OP_TCGEN05_ALLOC:
    case OP_TCGEN05_DEALLOC:
    case OP_TCGEN05_RELINQUISH:
    case OP_TCGEN05_MMA:
    case OP_TCGEN05_MMA_BS:
    case OP_TCGEN05_COMMIT:
    case OP_TCGEN05_COMMIT_MC:
    case OP_TCGEN05_CP:
    case OP_TCGEN05_SHIFT: {
        OpId *first = attr_int_or(op_attr(m, o, "cta_group"), 1) == 2 ? &g->first2 : &g->first1;
        if (!*first)
            *first = o;
        break;
    }
    default:
        break;
    }
    return true;
}

bool
sm100_check_kernel(Emit *e, OpId f)
{
    CtaGroups g = { 0, 0 };
    module_walk(e->m, f, cta_group_visit, &g);
    if (!g.first2)
        return true;
    if (g.first1) {
        OpId late = g.first1 > g.first2 ? g.first1 : g.first2;
        return fail(e, op_get(e->m, late)->loc,
                    "'%s' uses cta_group::%d, but kernel '%s' also uses cta_group::%d: a kernel "
                    "uses one CTA group (ptxas rejects the mix)",
                    op_name(e->m, late), late == g.first2 ? 2 : 1, e->kname,
                    late == g.first2 ? 1 : 2);
    }
    const Attr *cd = op_attr(e->m, f, "nvvm.cluster_dim");
    int64_t n = 1;
    for (uint32_t i = 0; cd && cd->kind == ATTR_DENSE_ARRAY && i < cd->n; i++)
        n *= cd->ints[i];
    if (!cd || n % 2)
        return fail(e, op_get(e->m, g.first2)->loc,
                    "'%s' uses cta_group::2 (a CTA pair), but kernel '%s' %s: give it "
                    "nvvm.cluster_dim with an even number of CTAs (a pair is cluster ranks 2k "
                    "and 2k + 1)",
                    op_name(e->m, g.first2), e->kname,
                    cd ? "runs in clusters of an odd number of CTAs" : "has no clusters");
    return true;
}

bool
isel_sm100(Emit *e, OpId o)
{
    if (!need_feature(e, TF_TCGEN05, "tcgen05 (Blackwell tensor cores)"))
        return false;
    need_version(e, 86);
    Op *op = op_get(e->m, o);
    int64_t cols = attr_int_or(op_attr(e->m, o, "cols"), 32);
    switch (op->kind) {
    case OP_TCGEN05_ALLOC: {
        if (mem_of(e, op->args[0])->space != SP_SHARED)
            return fail_op(e, "operand must be in workgroup (shared) memory");
        Slot a = shared_addr32(e, op->args[0], op->args + 1, op->nargs - 1);
        ins(e, "tcgen05.alloc.cta_group::%d.sync.aligned.shared::cta.b32 [%s], %" PRId64 ";",
            cta_grp(e, o), S(e, as_reg(e, a)), cols);
        return true;
    }
    case OP_TCGEN05_DEALLOC:
        ins(e, "tcgen05.dealloc.cta_group::%d.sync.aligned.b32 %s, %" PRId64 ";", cta_grp(e, o),
            S(e, as_reg(e, narrow32(e, scalar_of(e, op->args[0])))), cols);
        return true;
    case OP_TCGEN05_RELINQUISH:
        ins(e, "tcgen05.relinquish_alloc_permit.cta_group::%d.sync.aligned;", cta_grp(e, o));
        return true;
    case OP_TCGEN05_SMEM_DESC:
        return lower_smem_desc(e, o);
    case OP_TCGEN05_MMA:
        return lower_mma(e, o);
    case OP_TCGEN05_COMMIT: {
        Slot b = barrier_addr(e, op->args[0], op->args[1]);
        ins(e, "tcgen05.commit.cta_group::%d.mbarrier::arrive::one.shared::cluster.b64 [%s];",
            cta_grp(e, o), S(e, b));
        return true;
    }
    case OP_TCGEN05_COMMIT_MC: { /* every CTA of the mask arrives on its own barrier */
        Slot b = barrier_addr(e, op->args[0], op->args[1]);
        ins(e,
            "tcgen05.commit.cta_group::%d.mbarrier::arrive::one.shared::cluster.multicast::"
            "cluster.b64 [%s], %s;",
            cta_grp(e, o), S(e, b), S(e, as_reg(e, scalar_of(e, op->args[2]))));
        return true;
    }
    case OP_TCGEN05_LD:
        return lower_ld(e, o);
    case OP_TCGEN05_ST:
        return lower_st(e, o);
    case OP_TCGEN05_WAIT:
        ins(e, "tcgen05.wait::%s.sync.aligned;", kind_attr(e, o, "ld"));
        return true;
    case OP_TCGEN05_FENCE:
        ins(e, "tcgen05.fence::%s_thread_sync;", kind_attr(e, o, "before"));
        return true;
    case OP_TCGEN05_CP:
        return lower_cp(e, o);
    case OP_TCGEN05_MMA_BS:
        return lower_mma_bs(e, o);
    case OP_TCGEN05_SHIFT:
        ins(e, "tcgen05.shift.cta_group::%d.down [%s];", cta_grp(e, o),
            S(e, as_reg(e, narrow32(e, scalar_of(e, op->args[0])))));
        return true;
    default:
        return fail_op(e, "is not a tcgen05 op");
    }
}
