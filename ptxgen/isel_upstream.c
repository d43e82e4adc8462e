/*
 * isel_upstream.c -- PTX for the upstream MLIR ops of issue 25, each 1:1 with an
 * instruction or with upstream's own lowering (docs/upstream-mlir.md):
 *   gpu.cluster_id / cluster_dim / cluster_block_id / cluster_dim_blocks
 *                          %clusterid / %nclusterid / %cluster_ctaid / %cluster_nctaid
 *   nvvm.read.ptx.sreg.*   mov from the special register
 *   nvvm.barrier0          bar.sync 0
 *   nvvm.shfl.sync         shfl.sync.<kind>.b32 d[|p], a, b, c, membermask (p: the valid
 *                          bit of {return_value_and_is_valid})
 *   nvvm.elect.sync        elect.sync _|p, membermask
 *   nvvm.fence.*           fence.proxy.<kind>, fence.mbarrier_init.release.cluster,
 *                          fence.sc.cluster
 *   nvvm.cluster.arrive{.relaxed} / nvvm.cluster.wait
 *                          barrier.cluster.arrive{.relaxed}{.aligned} / .wait{.aligned}
 *   nvgpu.rcp              rcp.approx.ftz.f32 per element
 *   ub.poison              zeros (any value refines a poison)
 *   memref.reinterpret_cast  a new view: the first element's address moved by the offset
 *   memref.atomic_rmw      atom.<op> (a compare-and-swap loop where PTX has no atom: mulf,
 *                          muli, float min/max), the old value
 *   gpu.all_reduce         a butterfly in each warp, the warps' partials through shared
 *                          memory, then every thread combines them (upstream's lowering:
 *                          warp reduce, shared partials, warp reduce)
 *   gpu.printf             vprintf(format, args): the format a .global string, the
 *                          arguments in a local buffer, floats promoted to f64 and small
 *                          integers to i32 as C's varargs do
 *   vector.gather/scatter  per element: address = &base[offsets] + index * size (mad.wide.s32
 *                          for i32 indices), a load/store predicated on the mask element
 *                          (the gather's pass_thru moved in first)
 *   vector.scan            per-thread combines in upstream's order (LowerVectorScan)
 *   gpu.subgroup_mma_*     wmma.load.{a,b,c} / wmma.mma / wmma.store.d (GPUToNVVM's WMMA
 *                          lowering: f16 m16n16k16, m32n8k16, m8n32k16; f32 A and B as
 *                          tf32 m16n16k8; `transpose` and a_/b_transpose are .col); the
 *                          constant and elementwise ops act on every register alike
 *
 * Requires:    ptxgen.c's Emit; verified ops (verify_upstream.c).
 * Ensures:     each op's PTX in order; a missing target feature is a located error.
 * Invalidates: nothing (the IR is only read).
 */
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <string.h>

static char
dim_char(Emit *e, OpId o)
{
    const char *v = attr_enum_value(op_attr(e->m, o, "dimension"));
    return v && v[0] >= 'x' && v[0] <= 'z' ? v[0] : 'x';
}

/* mov from a special register into the op's result (an index widened, or i32/i64) */
static bool
from_sreg(Emit *e, OpId o, const char *sreg, bool wide)
{
    ValueId res = op_get(e->m, o)->res[0];
    TypeId t = value_type(e->m, res);
    Slot r = new_reg(e, wide ? RC_B64 : RC_B32);
    ins(e, "mov.u%d %s, %s;", wide ? 64 : 32, S(e, r), sreg);
    rep_scalar(e, res, t == TY_INDEX && !wide && !is_narrow(e, res) ? widen(e, r) : r);
    return true;
}

static bool
lower_cluster(Emit *e, OpId o)
{
    static const char *const reg[] = { "clusterid", "nclusterid", "cluster_ctaid",
                                       "cluster_nctaid" };
    if (!need_feature(e, TF_SM90, "thread block clusters"))
        return false;
    need_version(e, 78);
    char buf[32];
    snprintf(buf, sizeof buf, "%%%s.%c", reg[op_get(e->m, o)->kind - OP_CLUSTER_ID],
             dim_char(e, o));
    return from_sreg(e, o, buf, false);
}

static bool
lower_nvvm_sreg(Emit *e, OpId o)
{
    const Attr *a = op_attr(e->m, o, "vptx.sreg");
    const char *n = a && a->kind == ATTR_STRING ? a->str : "";
    if (strcmp(n, "warpsize") == 0) {
        rep_scalar(e, op_get(e->m, o)->res[0], imm_slot(RC_B32, 32));
        return true;
    }
    char buf[40];
    size_t k = 0;
    buf[k++] = '%';
    /* cluster.ctaid.x -> %cluster_ctaid.x, lanemask.lt -> %lanemask_lt */
    bool cluster = strncmp(n, "cluster.", 8) == 0, lanemask = strncmp(n, "lanemask.", 9) == 0;
    for (const char *s = n; *s && k < sizeof buf - 1; s++)
        buf[k++] = (*s == '.' && ((cluster && s == n + 7) || (lanemask && s == n + 8))) ? '_' : *s;
    buf[k] = 0;
    if (strncmp(n, "cluster", 7) == 0 || strncmp(n, "ncluster", 8) == 0) {
        if (!need_feature(e, TF_SM90, "thread block clusters"))
            return false;
        need_version(e, 78);
    }
    bool wide = strcmp(n, "clock64") == 0 || strcmp(n, "globaltimer") == 0;
    return from_sreg(e, o, buf, wide);
}

static bool
lower_nvvm_shfl(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    const char *k = attr_enum_value(op_attr(e->m, o, "kind"));
    TypeId t = value_type(e->m, op->args[1]);
    Slot d = new_reg(e, t == TY_F32 ? RC_F32 : RC_B32);
    /* {return_value_and_is_valid}: the predicate output p of `shfl.sync d|p` */
    char dp[48];
    if (op->nres == 2) {
        Slot p = new_reg(e, RC_PRED);
        snprintf(dp, sizeof dp, "%s|%s", S(e, d), S(e, p));
        rep_scalar(e, op->res[1], p);
    } else {
        snprintf(dp, sizeof dp, "%s", S(e, d));
    }
    ins(e, "shfl.sync.%s.b32 %s, %s, %s, %s, %s;", k ? k : "bfly", dp,
        S(e, as_reg(e, scalar_of(e, op->args[1]))), S(e, scalar_of(e, op->args[2])),
        S(e, scalar_of(e, op->args[3])), S(e, scalar_of(e, op->args[0])));
    rep_scalar(e, op_get(e->m, o)->res[0], d);
    return true;
}

static bool
lower_elect(Emit *e, OpId o)
{
    if (!need_feature(e, TF_SM90, "elect.sync"))
        return false;
    need_version(e, 80);
    const Op *op = op_get(e->m, o);
    Slot p = new_reg(e, RC_PRED);
    const char *mask = op->nargs ? S(e, scalar_of(e, op->args[0])) : "-1";
    ins(e, "elect.sync _|%s, %s;", S(e, p), mask);
    rep_scalar(e, op_get(e->m, o)->res[0], p);
    return true;
}

static bool
lower_fence(Emit *e, OpId o)
{
    OpKind k = op_get(e->m, o)->kind;
    if (k == OP_NVVM_FENCE_PROXY) {
        const char *kind = attr_enum_value(op_attr(e->m, o, "kind"));
        const char *sp = attr_enum_value(op_attr(e->m, o, "space"));
        if (kind && strcmp(kind, "alias") == 0) {
            need_version(e, 75);
            ins(e, "fence.proxy.alias;");
            return true;
        }
        if (!need_feature(e, TF_SM90, "fence.proxy.async"))
            return false;
        need_version(e, 80);
        if (kind && strcmp(kind, "async.shared") == 0)
            ins(e, "fence.proxy.async.shared::%s;", sp ? sp : "cta");
        else if (kind && strcmp(kind, "async.global") == 0)
            ins(e, "fence.proxy.async.global;");
        else
            ins(e, "fence.proxy.async;");
        return true;
    }
    if (!need_feature(e, TF_SM90,
                      k == OP_NVVM_FENCE_SC_CLUSTER ? "fence.sc.cluster" : "fence.mbarrier_init"))
        return false;
    need_version(e, 80);
    ins(e, "%s",
        k == OP_NVVM_FENCE_SC_CLUSTER ? "fence.sc.cluster;"
                                      : "fence.mbarrier_init.release.cluster;");
    return true;
}

/* barrier.cluster.arrive{.relaxed}{.aligned} / barrier.cluster.wait{.aligned} [PTX ISA
 * 9.7.13.2, sm_90, PTX 7.8; .relaxed PTX 8.0]: the default .release / .acquire semantics
 * are left unwritten, as the ISA allows */
static bool
lower_cluster_barrier(Emit *e, OpId o)
{
    OpKind k = op_get(e->m, o)->kind;
    const char *name = k == OP_NVVM_CLUSTER_WAIT             ? "nvvm.cluster.wait"
                       : k == OP_NVVM_CLUSTER_ARRIVE_RELAXED ? "nvvm.cluster.arrive.relaxed"
                                                             : "nvvm.cluster.arrive";
    if (!need_feature(e, TF_SM90, name))
        return false;
    need_version(e, k == OP_NVVM_CLUSTER_ARRIVE_RELAXED ? 80 : 78);
    bool aligned = op_attr(e->m, o, "aligned") != NULL;
    ins(e, "barrier.cluster.%s%s;",
        k == OP_NVVM_CLUSTER_WAIT             ? "wait"
        : k == OP_NVVM_CLUSTER_ARRIVE_RELAXED ? "arrive.relaxed"
                                              : "arrive",
        aligned ? ".aligned" : "");
    return true;
}

static bool
lower_rcp(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    Rep *src = rep_of(e, op->args[0]);
    uint32_t n = (uint32_t)type_num_elements(e->m, value_type(e->m, op->args[0]));
    Rep *r = rep_new(e, op_get(e->m, o)->res[0], n, 1, TY_F32);
    for (uint32_t i = 0; i < n; i++) {
        Slot d = new_reg(e, RC_F32);
        ins(e, "rcp.approx.ftz.f32 %s, %s;", S(e, d), S(e, as_reg(e, unpack_elem(e, src, i))));
        r->slots[i] = d;
    }
    return true;
}

static bool
lower_poison(Emit *e, OpId o)
{
    ValueId v = op_get(e->m, o)->res[0];
    TypeId t = value_type(e->m, v);
    uint32_t n = slot_count(e->m, t);
    Rep *r = rep_new(e, v, n, pack_factor(e->m, t), type_element(e->m, t));
    Slot z = elem_zero(type_element(e->m, t));
    if (pack_factor(e->m, t) > 1)
        z = imm_slot(RC_B32, 0);
    for (uint32_t i = 0; i < n; i++)
        r->slots[i] = z;
    return true;
}

/* memref.reinterpret_cast: the source's first element is its buffer's (a zero offset),
   moved by the cast's offset; sizes and strides from the attributes and operands */
static bool
lower_reinterpret_cast(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    const Type *st = type_get(e->m, value_type(e->m, op->args[0]));
    const Type *rt = type_get(e->m, value_type(e->m, op->res[0]));
    if (st->layout && st->layout->i != 0)
        return fail_op(e,
                       "of a memref with a %s offset: vptx knows the address of its first "
                       "element, not of its buffer's (cast a memref with offset 0)",
                       st->layout->i == DIM_DYNAMIC ? "dynamic" : "non-zero");
    MemRep *src = mem_of(e, op->args[0]);
    const Attr *lists[3] = { op_attr(e->m, o, "static_offsets"), op_attr(e->m, o, "static_sizes"),
                             op_attr(e->m, o, "static_strides") };
    MemRep *mr = arena_alloc(&e->m->arena, sizeof *mr);
    *mr = *src;
    mr->rank = rt->rank;
    mr->sizes = arena_alloc(&e->m->arena, (rt->rank + 1) * sizeof(Slot));
    mr->strides = arena_alloc(&e->m->arena, (rt->rank + 1) * sizeof(Slot));
    uint32_t k = 1;
    Slot off = imm_slot(RC_B64, 0);
    for (int g = 0; g < 3; g++)
        for (uint32_t d = 0; d < lists[g]->n; d++) {
            int64_t v = lists[g]->ints[d];
            Slot s = v == DIM_DYNAMIC ? widen(e, scalar_of(e, op->args[k++]))
                                      : imm_slot(RC_B64, (uint64_t)v);
            if (g == 0)
                off = s;
            else
                (g == 1 ? mr->sizes : mr->strides)[d] = s;
        }
    if (off.is_imm && off.bits) {
        int64_t bytes = (int64_t)off.bits * mr->esize;
        Slot b = new_reg(e, src->base.cls == RC_B32 ? RC_B32 : RC_B64);
        ins(e, "add.s%d %s, %s, %" PRId64 ";", b.cls == RC_B32 ? 32 : 64, S(e, b), S(e, src->base),
            bytes);
        mr->base = b;
        mr->align = pow2_align(src->align, bytes);
    } else if (!off.is_imm) {
        Slot b = new_reg(e, src->base.cls == RC_B32 ? RC_B32 : RC_B64);
        if (b.cls == RC_B32)
            ins(e, "mad.lo.s32 %s, %s, %u, %s;", S(e, b), S(e, narrow32(e, off)), mr->esize,
                S(e, src->base));
        else
            ins(e, "mad.lo.s64 %s, %s, %u, %s;", S(e, b), S(e, off), mr->esize, S(e, src->base));
        mr->base = b;
        mr->align = mr->esize < 16 ? mr->esize : 16;
    }
    /* readonly stays the source's: written_visit (ptxgen.c) follows reinterpret_casts
       back to the argument, so a write through any view of it clears it there (a subview
       keeps it the same way) */
    Rep *r = rep_new(e, op_get(e->m, o)->res[0], 1, 1, rt->elem);
    r->slots[0] = mr->base;
    r->mem = mr;
    return true;
}

/* ---- atomics ---- */

/* PTX atom for kind k on t ("add.f32"), or NULL when a CAS loop must do it */
static const char *
atom_op(int64_t k, TypeId t, int sm, char *buf, size_t n)
{
    unsigned w = type_bitwidth(t);
    bool fl = type_is_float(t);
    const char *op = NULL, *ty = NULL;
    switch (k) {
    case 0: /* addf */
        if (t == TY_F32 || t == TY_F64)
            op = "add", ty = t == TY_F32 ? "f32" : "f64";
        else if (t == TY_F16)
            op = "add.noftz", ty = "f16";
        else if (t == TY_BF16 && sm >= 90)
            op = "add.noftz", ty = "bf16";
        break;
    case 1: /* addi */
        op = "add", ty = w == 64 ? "u64" : w == 32 ? "u32" : NULL;
        break;
    case 2:
        op = "and", ty = w == 64 ? "b64" : w == 32 ? "b32" : NULL;
        break;
    case 3: /* assign */
        op = "exch", ty = w == 64 ? "b64" : w == 32 ? "b32" : NULL;
        break;
    case 6:
        op = "max", ty = w == 64 ? "s64" : w == 32 ? "s32" : NULL;
        break;
    case 7:
        op = "max", ty = w == 64 ? "u64" : w == 32 ? "u32" : NULL;
        break;
    case 10:
        op = "min", ty = w == 64 ? "s64" : w == 32 ? "s32" : NULL;
        break;
    case 11:
        op = "min", ty = w == 64 ? "u64" : w == 32 ? "u32" : NULL;
        break;
    case 14:
        op = "or", ty = w == 64 ? "b64" : w == 32 ? "b32" : NULL;
        break;
    case 15:
        op = "xor", ty = w == 64 ? "b64" : w == 32 ? "b32" : NULL;
        break;
    default: /* mulf, muli, maximumf, maxnumf, minimumf, minnumf */
        break;
    }
    (void)fl;
    if (!op || !ty)
        return NULL;
    snprintf(buf, n, "%s.%s", op, ty);
    return buf;
}

/* old (+) v for the kinds a CAS loop does */
static Slot
cas_combine(Emit *e, int64_t k, TypeId t, Slot old, Slot v)
{
    static const OpKind ops[16] = { [4] = OP_MAXIMUMF, [5] = OP_MAXNUMF, [8] = OP_MINIMUMF,
                                    [9] = OP_MINNUMF,  [12] = OP_MULF,   [13] = OP_MULI };
    if (ops[k] == OP_MAXIMUMF || ops[k] == OP_MINIMUMF)
        return ptxgen_float_minmax_nan(e, ops[k], t, old, v);
    return combine(e, ops[k], t, old, v);
}

static bool
lower_atomic_rmw(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    TypeId t = value_type(e->m, op->args[0]);
    int64_t k = attr_int_or(op_attr(e->m, o, "kind"), 0);
    MemRep *mr = mem_of(e, op->args[1]);
    if (mr->space == SP_LOCAL)
        return fail_op(e, "on private memory: atomics are for global and workgroup memory");
    unsigned w = type_bitwidth(t);
    int64_t imm, al;
    Slot a = mem_address(e, mr, op->args + 2, op->nargs - 2, &imm, &al);
    char where[64], buf[32];
    if (imm)
        snprintf(where, sizeof where, "[%s+%" PRId64 "]", S(e, a), imm);
    else
        snprintf(where, sizeof where, "[%s]", S(e, a));
    const char *sp = space_name(mr->space);
    Slot v = as_reg(e, scalar_of(e, op->args[0]));
    RegClass c = reg_class_of(t);
    const char *ao = atom_op(k, t, e->sm, buf, sizeof buf);
    if (ao) {
        Slot d = new_reg(e, c);
        ins(e, "atom.%s.%s %s, %s, %s;", sp, ao, S(e, d), where, S(e, v));
        if (t == TY_BF16)
            need_version(e, 78);
        rep_scalar(e, op_get(e->m, o)->res[0], d);
        return true;
    }
    if (w != 32 && w != 64)
        return fail_op(e, "%s on %s: no atom instruction and no %u-bit compare-and-swap",
                       atomic_rmw_kind_names[k], scalar_type_name(t), w);
    /* old = *a; do { new = old (+) v; seen = cas(a, old, new); } while (seen != old) */
    RegClass bc = w == 64 ? RC_B64 : RC_B32;
    Slot old = new_reg(e, c), ob = new_reg(e, bc), nb = new_reg(e, bc), seen = new_reg(e, bc);
    Slot p = new_reg(e, RC_PRED);
    ins(e, "ld.%s.b%u %s, %s;", sp, w, S(e, ob), where);
    uint32_t l = new_label(e);
    label(e, l);
    ins(e, "mov.b%u %s, %s;", w, S(e, old), S(e, ob));
    Slot nv = as_reg(e, cas_combine(e, k, t, old, v));
    ins(e, "mov.b%u %s, %s;", w, S(e, nb), S(e, nv));
    ins(e, "atom.%s.cas.b%u %s, %s, %s, %s;", sp, w, S(e, seen), where, S(e, ob), S(e, nb));
    ins(e, "setp.ne.b%u %s, %s, %s;", w, S(e, p), S(e, seen), S(e, ob));
    ins(e, "mov.b%u %s, %s;", w, S(e, ob), S(e, seen));
    ins(e, "@%s bra $L__%s_%" PRIu32 ";", S(e, p), e->kname, l);
    halves_forget(e);
    rep_scalar(e, op_get(e->m, o)->res[0], old);
    return true;
}

/* ---- gpu.all_reduce ---- */

/* a combined with b by combining kind `kind` (named ks) on t */
static Slot
kind_step(Emit *e, const char *ks, int kind, TypeId t, Slot a, Slot b)
{
    static const OpKind fk[KIND_COUNT] = {
        [KIND_ADD] = OP_ADDF,        [KIND_MUL] = OP_MULF,          [KIND_MINNUMF] = OP_MINNUMF,
        [KIND_MAXNUMF] = OP_MAXNUMF, [KIND_MINIMUMF] = OP_MINIMUMF, [KIND_MAXIMUMF] = OP_MAXIMUMF,
    };
    static const OpKind ik[KIND_COUNT] = {
        [KIND_ADD] = OP_ADDI,    [KIND_MUL] = OP_MULI,    [KIND_MINUI] = OP_MINUI,
        [KIND_MINSI] = OP_MINSI, [KIND_MAXUI] = OP_MAXUI, [KIND_MAXSI] = OP_MAXSI,
        [KIND_AND] = OP_ANDI,    [KIND_OR] = OP_ORI,      [KIND_XOR] = OP_XORI,
    };
    OpKind k = kind < 0 ? OP_COUNT : type_is_float(t) ? fk[kind] : ik[kind];
    if (!k || k == OP_COUNT) {
        fail_op(e, "'%s' does not apply to %s", ks, scalar_type_name(t));
        return a;
    }
    if (k == OP_MAXIMUMF || k == OP_MINIMUMF)
        return ptxgen_float_minmax_nan(e, k, t, a, b);
    return combine(e, k, t, a, b);
}

static Slot
reduce_step(Emit *e, OpId o, TypeId t, Slot a, Slot b)
{
    const char *ks = attr_enum_value(op_attr(e->m, o, "op"));
    if (ks) {
        int kind = combining_kind_lookup(ks);
        if (kind < 0 && strcmp(ks, "max") == 0)
            kind = type_is_float(t) ? KIND_MAXNUMF : KIND_MAXSI;
        if (kind < 0 && strcmp(ks, "min") == 0)
            kind = type_is_float(t) ? KIND_MINNUMF : KIND_MINSI;
        return kind_step(e, ks, kind, t, a, b);
    }
    /* the body: its arguments are a and b, its gpu.yield the result */
    BlockId body = op_entry_block(e->m, o, 0);
    const Block *bl = block_get(e->m, body);
    rep_scalar(e, bl->args.items[0], a);
    rep_scalar(e, bl->args.items[1], b);
    ValueId ys[8];
    uint32_t ny;
    if (!ptxgen_lower_body(e, body, ys, &ny) || ny != 1)
        return a;
    return scalar_of(e, ys[0]);
}

static bool
lower_all_reduce(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    TypeId t = value_type(e->m, op->args[0]);
    int64_t bs = e->block_size[0] * (e->block_size[1] ? e->block_size[1] : 1) *
                 (e->block_size[2] ? e->block_size[2] : 1);
    if (!e->block_size[0] || bs % 32)
        return fail_op(e, "needs a known block size (gpu.known_block_size) of whole warps: "
                          "vptx reduces each warp with shuffles");
    if (e->device)
        return fail_op(e, "in a device function: vptx reduces through the kernel's shared "
                          "memory (call it from the kernel)");
    RegClass c = reg_class_of(t);
    unsigned bytes = type_scalar_bytes(t) < 4 ? 4 : type_scalar_bytes(t);
    int64_t nw = bs / 32;
    const char *buf = arena_printf(&e->m->arena, "%s_allred%" PRIu32, e->kname, e->nshared++);
    fprintf(e->decls, "\t.shared .align 8 .b8 %s[%" PRId64 "];\n", buf, nw * (int64_t)bytes);
    Slot v = as_reg(e, scalar_of(e, op->args[0]));
    for (int off = 16; off >= 1 && !e->failed; off /= 2) {
        Slot other = new_reg(e, c);
        if (c == RC_B64 || c == RC_F64) { /* two halves */
            Slot lo = new_reg(e, RC_B32), hi = new_reg(e, RC_B32), l2 = new_reg(e, RC_B32),
                 h2 = new_reg(e, RC_B32);
            ins(e, "mov.b64 {%s, %s}, %s;", S(e, lo), S(e, hi), S(e, v));
            ins(e, "shfl.sync.bfly.b32 %s, %s, %d, 31, -1;", S(e, l2), S(e, lo), off);
            ins(e, "shfl.sync.bfly.b32 %s, %s, %d, 31, -1;", S(e, h2), S(e, hi), off);
            ins(e, "mov.b64 %s, {%s, %s};", S(e, other), S(e, l2), S(e, h2));
        } else if (c == RC_B16) {
            Slot w = new_reg(e, RC_B32), w2 = new_reg(e, RC_B32);
            ins(e, "cvt.u32.u16 %s, %s;", S(e, w), S(e, v));
            ins(e, "shfl.sync.bfly.b32 %s, %s, %d, 31, -1;", S(e, w2), S(e, w), off);
            ins(e, "cvt.u16.u32 %s, %s;", S(e, other), S(e, w2));
        } else {
            ins(e, "shfl.sync.bfly.b32 %s, %s, %d, 31, -1;", S(e, other), S(e, v), off);
        }
        v = as_reg(e, reduce_step(e, o, t, v, other));
    }
    if (nw == 1) {
        rep_scalar(e, op_get(e->m, o)->res[0], v);
        return !e->failed;
    }
    /* lane 0 of each warp stores its warp's total; every thread combines the totals */
    Slot tid = new_reg(e, RC_B32), lane = new_reg(e, RC_B32), warp = new_reg(e, RC_B32);
    Slot at = new_reg(e, RC_B32), base = new_reg(e, RC_B32), p = new_reg(e, RC_PRED);
    if (e->block_size[1] > 1 || e->block_size[2] > 1) {
        Slot y = new_reg(e, RC_B32), z = new_reg(e, RC_B32);
        ins(e, "mov.u32 %s, %%tid.z;", S(e, z));
        ins(e, "mov.u32 %s, %%tid.y;", S(e, y));
        ins(e, "mad.lo.u32 %s, %s, %" PRId64 ", %s;", S(e, y), S(e, z),
            e->block_size[1] ? e->block_size[1] : 1, S(e, y));
        ins(e, "mov.u32 %s, %%tid.x;", S(e, tid));
        ins(e, "mad.lo.u32 %s, %s, %" PRId64 ", %s;", S(e, tid), S(e, y), e->block_size[0],
            S(e, tid));
    } else {
        ins(e, "mov.u32 %s, %%tid.x;", S(e, tid));
    }
    ins(e, "and.b32 %s, %s, 31;", S(e, lane), S(e, tid));
    ins(e, "shr.u32 %s, %s, 5;", S(e, warp), S(e, tid));
    ins(e, "mov.u32 %s, %s;", S(e, base), buf);
    ins(e, "mad.lo.u32 %s, %s, %u, %s;", S(e, at), S(e, warp), bytes, S(e, base));
    ins(e, "setp.eq.u32 %s, %s, 0;", S(e, p), S(e, lane));
    ins(e, "bar.sync 0;"); /* an earlier all_reduce's readers are done with the buffer */
    const char *sty = c == RC_F32 ? "f32" : c == RC_F64 ? "f64" : c == RC_B64 ? "b64" : "b32";
    Slot sv = v;
    if (c == RC_B16) {
        sv = new_reg(e, RC_B32);
        ins(e, "cvt.u32.u16 %s, %s;", S(e, sv), S(e, v));
    }
    ins(e, "@%s st.shared.%s [%s], %s;", S(e, p), sty, S(e, at), S(e, sv));
    ins(e, "bar.sync 0;");
    Slot acc = { 0 };
    for (int64_t w = 0; w < nw && !e->failed; w++) {
        Slot x = new_reg(e, c == RC_B16 ? RC_B32 : c);
        ins(e, "ld.shared.%s %s, [%s+%" PRId64 "];", sty, S(e, x), S(e, base), w * bytes);
        if (c == RC_B16) {
            Slot h = new_reg(e, RC_B16);
            ins(e, "cvt.u16.u32 %s, %s;", S(e, h), S(e, x));
            x = h;
        }
        acc = w ? as_reg(e, reduce_step(e, o, t, acc, x)) : x;
    }
    rep_scalar(e, op_get(e->m, o)->res[0], acc);
    return !e->failed;
}

/* ---- gpu.printf ---- */

static bool
lower_printf(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    const Attr *f = op_attr(e->m, o, "format");
    if (!f || f->kind != ATTR_STRING)
        return fail_op(e, "needs a format string");
    if (!e->printf_declared) {
        fprintf(e->globals, ".extern .func (.param .b32 vprintf_ret) vprintf(.param .b64 "
                            "vprintf_fmt, .param .b64 vprintf_args);\n");
        e->printf_declared = true;
    }
    const char *str = arena_printf(&e->m->arena, "vptx_fmt%" PRIu32, e->nstrings++);
    fprintf(e->globals, ".global .align 1 .b8 %s[%" PRIu32 "] = {", str, f->len + 1);
    for (uint32_t i = 0; i < f->len; i++)
        fprintf(e->globals, "%u, ", (unsigned char)f->str[i]);
    fprintf(e->globals, "0};\n");
    /* the arguments, each at an offset aligned to its size: f16/bf16/f32 as f64, i1/i8/i16
       as i32 (sign-extended), index as i64 */
    uint32_t off = 0, offs[64];
    unsigned sz[64];
    if (op->nargs > 64)
        return fail_op(e, "takes at most 64 values");
    for (uint32_t i = 0; i < op->nargs; i++) {
        TypeId t = value_type(e->m, op->args[i]);
        sz[i] = type_is_float(t) || type_bitwidth(t) == 64 ? 8 : 4;
        off = (off + sz[i] - 1) / sz[i] * sz[i];
        offs[i] = off;
        off += sz[i];
    }
    Slot fmt = new_reg(e, RC_B64), args = imm_slot(RC_B64, 0);
    ins(e, "mov.u64 %s, %s;", S(e, fmt), str);
    ins(e, "cvta.global.u64 %s, %s;", S(e, fmt), S(e, fmt));
    if (op->nargs) {
        const char *depot = arena_printf(&e->m->arena, "%s_pf%" PRIu32, e->kname, e->nshared++);
        fprintf(e->decls, "\t.local .align 8 .b8 %s[%" PRIu32 "];\n", depot, (off + 7) / 8 * 8);
        for (uint32_t i = 0; i < op->nargs; i++) {
            TypeId t = value_type(e->m, op->args[i]);
            Slot v = scalar_of(e, op->args[i]);
            if (type_is_float(t)) {
                Slot d = new_reg(e, RC_F64);
                if (t == TY_F64)
                    d = as_reg(e, v);
                else
                    ins(e, "cvt.f64.%s %s, %s;", ftype(t), S(e, d), S(e, as_reg(e, v)));
                ins(e, "st.local.f64 [%s+%" PRIu32 "], %s;", depot, offs[i], S(e, d));
            } else if (sz[i] == 8) {
                ins(e, "st.local.b64 [%s+%" PRIu32 "], %s;", depot, offs[i],
                    S(e, as_reg(e, widen(e, v))));
            } else {
                Slot w = v;
                if (t == TY_I1) {
                    w = new_reg(e, RC_B32);
                    ins(e, "selp.s32 %s, -1, 0, %s;", S(e, w), S(e, v));
                } else if (type_bitwidth(t) < 32) {
                    w = new_reg(e, RC_B32);
                    ins(e, "cvt.s32.s%u %s, %s;", type_bitwidth(t), S(e, w), S(e, as_reg(e, v)));
                }
                ins(e, "st.local.b32 [%s+%" PRIu32 "], %s;", depot, offs[i], S(e, as_reg(e, w)));
            }
        }
        args = new_reg(e, RC_B64);
        ins(e, "mov.u64 %s, %s;", S(e, args), depot);
        ins(e, "cvta.local.u64 %s, %s;", S(e, args), S(e, args));
    }
    uint32_t c = e->ncalls++;
    ins(e, "{");
    ins(e, ".param .b64 vptx_c%" PRIu32 "_a0;", c);
    ins(e, ".param .b64 vptx_c%" PRIu32 "_a1;", c);
    ins(e, ".param .b32 vptx_c%" PRIu32 "_r0;", c);
    ins(e, "st.param.b64 [vptx_c%" PRIu32 "_a0], %s;", c, S(e, fmt));
    ins(e, "st.param.b64 [vptx_c%" PRIu32 "_a1], %s;", c, S(e, args));
    ins(e,
        "call.uni (vptx_c%" PRIu32 "_r0), vprintf, (vptx_c%" PRIu32 "_a0, vptx_c%" PRIu32 "_a1);",
        c, c, c);
    ins(e, "}");
    return true;
}

/* ---- vector.gather / vector.scatter / vector.scan ---- */

/* v's elements, one scalar slot each (n of them) */
static Slot *
elems_of(Emit *e, ValueId v, uint32_t *n)
{
    Rep *r = rep_of(e, v);
    *n = r->n * r->per;
    Slot *out = arena_alloc(&e->m->arena, (*n + 4) * sizeof(Slot));
    unpack_all(e, r, out);
    return out;
}

static void
def_elems(Emit *e, ValueId v, const Slot *el, uint32_t n)
{
    TypeId t = value_type(e->m, v);
    uint8_t per = pack_factor(e->m, t);
    Rep *r = rep_new(e, v, n / per, per, type_element(e->m, t));
    pack_elems(e, r, el, n);
}

/* addr + index * size, the index (of integer type it) sign-extended as upstream's GEP
   does; an immediate index goes into *off */
static Slot
elem_address(Emit *e, Space sp, Slot addr, Slot idx, TypeId it, unsigned size, int64_t *off)
{
    bool narrow = sp == SP_SHARED;
    unsigned w = it == TY_INDEX ? cls_width((RegClass)idx.cls) : type_bitwidth(it);
    if (idx.is_imm) {
        int64_t v = w >= 64   ? (int64_t)idx.bits
                    : w >= 32 ? (int64_t)(int32_t)idx.bits
                    : w >= 16 ? (int64_t)(int16_t)idx.bits
                              : (int64_t)(int8_t)idx.bits;
        *off += v * (int64_t)size;
        return addr;
    }
    if (idx.cls == RC_B16) { /* i8 / i16 live in .b16 registers */
        Slot t = new_reg(e, RC_B32);
        ins(e, "cvt.s32.s%u %s, %s;", w <= 8 ? 8u : 16u, S(e, t), S(e, idx));
        idx = t;
    }
    Slot d = new_reg(e, narrow ? RC_B32 : RC_B64);
    if (narrow)
        ins(e, "mad.lo.s32 %s, %s, %u, %s;", S(e, d), S(e, narrow32(e, idx)), size, S(e, addr));
    else if (idx.cls == RC_B32)
        ins(e, "mad.wide.s32 %s, %s, %u, %s;", S(e, d), S(e, idx), size, S(e, addr));
    else
        ins(e, "mad.lo.s64 %s, %s, %u, %s;", S(e, d), S(e, idx), size, S(e, addr));
    return d;
}

static bool
lower_gather_scatter(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    bool gather = op->kind == OP_VGATHER;
    uint32_t n = op->nargs - 4;
    MemRep *mr = mem_of(e, op->args[0]);
    TypeId et = mr->elem, it = type_element(e->m, value_type(e->m, op->args[n + 1]));
    if (mr->rank && !(mr->strides[mr->rank - 1].is_imm && mr->strides[mr->rank - 1].bits == 1))
        return fail_op(e, "needs a memref whose innermost stride is 1");
    if (et == TY_I1 || type_bitwidth(et) < 8)
        return fail_op(e, "of %s elements is not supported by vptx (use i8)", scalar_type_name(et));
    int64_t off0, align;
    Slot addr = mem_address(e, mr, op_get(e->m, o)->args + 1, n, &off0, &align);
    op = op_get(e->m, o);
    uint32_t ni, nm, nv;
    Slot *idx = elems_of(e, op->args[n + 1], &ni);
    Slot *msk = elems_of(e, op->args[n + 2], &nm);
    Slot *val = elems_of(e, op->args[n + 3], &nv);
    RegClass c = reg_class_of(et);
    unsigned size = type_bitwidth(et) / 8;
    bool byte = size == 1;
    const char *ty = byte          ? (gather ? "u8" : "b8")
                     : c == RC_F32 ? "f32"
                     : c == RC_F64 ? "f64"
                     : c == RC_B16 ? "b16"
                     : c == RC_B64 ? "b64"
                                   : "b32";
    const char *sp = space_name(mr->space);
    Slot *res = gather ? arena_alloc(&e->m->arena, (nv + 4) * sizeof(Slot)) : NULL;
    for (uint32_t i = 0; i < nv; i++) {
        Slot m = msk[i];
        if (m.is_imm && !m.bits) { /* never accessed */
            if (gather)
                res[i] = val[i];
            continue;
        }
        int64_t off = off0;
        Slot a = elem_address(e, mr->space, addr, idx[i], it, size, &off);
        char at[64], pred[32] = "";
        if (off)
            snprintf(at, sizeof at, "[%s+%" PRId64 "]", S(e, a), off);
        else
            snprintf(at, sizeof at, "[%s]", S(e, a));
        if (!m.is_imm)
            snprintf(pred, sizeof pred, "@%s ", S(e, m));
        if (gather) {
            Slot r = new_reg(e, c);
            if (!m.is_imm)
                ins(e, "mov.%s %s, %s;", byte ? "b16" : ty, S(e, r),
                    S(e, val[i].cls == c ? val[i] : to_cls(e, val[i], c, false)));
            ins(e, "%sld.%s.%s %s, %s;", pred, sp, ty, S(e, r), at);
            res[i] = r;
        } else {
            Slot v = as_reg(e, val[i].cls == c ? val[i] : to_cls(e, val[i], c, false));
            ins(e, "%sst.%s.%s %s, %s;", pred, sp, ty, at, S(e, v));
        }
    }
    if (gather)
        def_elems(e, op_get(e->m, o)->res[0], res, nv);
    (void)ni, (void)nm;
    return true;
}

static bool
lower_scan(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    const Type *st = type_get(e->m, value_type(e->m, op->args[0]));
    const Attr *d = op_attr(e->m, o, "reduction_dim"), *inc = op_attr(e->m, o, "inclusive");
    const char *ks = attr_enum_value(op_attr(e->m, o, "kind"));
    int kind = ks ? combining_kind_lookup(ks) : -1;
    if (!d || !inc || kind < 0)
        return fail_op(e, "has no reduction_dim, inclusive or kind");
    int64_t len = st->shape[d->i], inner = 1, outer = 1;
    for (uint32_t i = 0; i < st->rank; i++)
        if (i < (uint32_t)d->i)
            outer *= st->shape[i];
        else if (i > (uint32_t)d->i)
            inner *= st->shape[i];
    uint32_t ns, ni;
    Slot *src = elems_of(e, op->args[0], &ns);
    Slot *init = elems_of(e, op->args[1], &ni);
    Slot *dst = arena_alloc(&e->m->arena, (ns + 4) * sizeof(Slot));
    Slot *acc = arena_alloc(&e->m->arena, (ni + 4) * sizeof(Slot));
    for (int64_t a = 0; a < outer; a++)
        for (int64_t c = 0; c < inner; c++) {
            Slot last = init[a * inner + c];
            for (int64_t k = 0; k < len && !e->failed; k++) {
                int64_t at = (a * len + k) * inner + c;
                if (k == 0)
                    last = inc->b ? src[at] : init[a * inner + c];
                else
                    last = kind_step(e, ks, kind, st->elem, last, src[inc->b ? at : at - inner]);
                dst[at] = last;
            }
            acc[a * inner + c] = last;
        }
    op = op_get(e->m, o);
    def_elems(e, op->res[0], dst, ns);
    def_elems(e, op->res[1], acc, ni);
    return !e->failed;
}

/* ---- WMMA (gpu.subgroup_mma_*) ---- */

uint32_t
wmma_frag_regs(const Module *m, TypeId t, uint8_t *per)
{
    const Type *ty = type_get(m, t);
    bool half = ty->elem == TY_F16;
    if (ty->elem == TY_I8 && ty->mma_operand != MMA_C) { /* s8 / u8: 4 a register */
        *per = 4;
        return (uint32_t)(ty->shape[0] * ty->shape[1] / 128);
    }
    *per = half ? 2 : 1;
    if (ty->mma_operand == MMA_C)
        return half ? 4 : 8;
    return half ? 8 : 4;
}

/* The wmma shape of a fragment of type t and its type suffix; a located error if none. */
static bool
wmma_shape(Emit *e, TypeId t, int *mnk, const char **sfx)
{
    static const int shapes[4][3] = { { 16, 16, 16 }, { 32, 8, 16 }, { 8, 32, 16 }, { 16, 16, 8 } };
    const Type *ty = type_get(e->m, t);
    int r = (int)ty->shape[0], c = (int)ty->shape[1], op = ty->mma_operand;
    bool half = ty->elem == TY_F16;
    /* integer WMMA: si8 / ui8 A and B, i32 C (the first three shapes, as f16) */
    bool i8 = ty->elem == TY_I8 && op != MMA_C && ty->mma_sign != MMA_SIGNLESS;
    bool i32 = ty->elem == TY_I32 && op == MMA_C;
    if (!half && ty->elem != TY_F32 && !i8 && !i32)
        return fail_op(e,
                       "on %s fragments: vptx lowers WMMA on f16 and f32 (tf32 for A and B), "
                       "and on si8 or ui8 A and B with i32 C",
                       scalar_type_name(ty->elem));
    for (int i = 0; i < 4; i++) {
        const int *s = shapes[i];
        if (op != MMA_C && (i == 3) == (half || i8))
            continue; /* f16, s8, u8 A and B: the first three; f32 (tf32): m16n16k8 */
        if (i32 && i == 3)
            continue;
        bool fits = op == MMA_A   ? s[0] == r && s[2] == c
                    : op == MMA_B ? s[2] == r && s[1] == c
                                  : s[0] == r && s[1] == c;
        if (fits) {
            memcpy(mnk, s, sizeof shapes[0]);
            *sfx = i8            ? (ty->mma_sign == MMA_SIGNED ? "s8" : "u8")
                   : i32         ? "s32"
                   : op == MMA_C ? (half ? "f16" : "f32")
                   : half        ? "f16"
                                 : "tf32";
            return true; /* every target has WMMA, tf32 and s8 / u8 too */
        }
    }
    return fail_op(e,
                   "of a %dx%d %s \"%cOp\" fragment: WMMA has m16n16k16, m32n8k16 and m8n32k16 "
                   "(f16, si8, ui8) and m16n16k8 (tf32)",
                   r, c, scalar_type_name(ty->elem), "ABC"[op % 3]);
}

/* the register class of a fragment's registers: .f32 for f32 accumulators, else .b32
   (f16x2, and tf32, which wmma wants in .b32 registers) */
static RegClass
frag_cls(const Module *m, TypeId t)
{
    const Type *ty = type_get(m, t);
    return ty->elem == TY_F32 && ty->mma_operand == MMA_C ? RC_F32 : RC_B32;
}

/* "{r0, r1, ..}" of v's registers (immediates and registers of another class moved) */
static void
frag_list(Emit *e, ValueId v, char *buf, size_t n)
{
    Rep *r = rep_of(e, v);
    RegClass c = frag_cls(e->m, value_type(e->m, v));
    size_t k = (size_t)snprintf(buf, n, "{");
    for (uint32_t i = 0; i < r->n && k < n; i++) {
        Slot s = r->slots[i];
        if (s.is_imm || s.cls != c) {
            Slot d = new_reg(e, c);
            ins(e, "mov.b32 %s, %s;", S(e, d), S(e, s));
            s = d;
        }
        k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? ", " : "", S(e, s));
    }
    if (k < n)
        snprintf(buf + k, n - k, "}");
}

/* fresh registers for a fragment of type t, the result v */
static Rep *
frag_new(Emit *e, ValueId v, TypeId t)
{
    uint8_t per;
    uint32_t n = wmma_frag_regs(e->m, t, &per);
    Rep *r = rep_new(e, v, n, per, type_get(e->m, t)->elem);
    for (uint32_t i = 0; i < n; i++)
        r->slots[i] = new_reg(e, frag_cls(e->m, t));
    return r;
}

static bool
lower_mma_ldst(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    bool st = op->kind == OP_MMA_STORE_MATRIX;
    ValueId frag = st ? op->args[0] : op->res[0];
    TypeId ft = value_type(e->m, frag);
    int mnk[3];
    const char *sfx;
    if (!wmma_shape(e, ft, mnk, &sfx))
        return false;
    uint8_t per;
    uint32_t nr = wmma_frag_regs(e->m, ft, &per);
    const Attr *ld = op_attr(e->m, o, "leadDimension");
    unsigned esize = type_bitwidth(type_get(e->m, ft)->elem) / 8;
    uint32_t unit = nr * 4 < 16 ? 16 : nr * 4; /* 16 bytes at least (s8 / u8 fragments) */
    if (!ld || ld->kind != ATTR_INT || (ld->i * (int64_t)esize) % (int64_t)unit)
        return fail_op(e,
                       "has leadDimension %lld: each row (or column) must start a multiple of "
                       "the fragment's %u bytes apart (%u elements)",
                       ld ? (long long)ld->i : 0LL, unit, unit / esize);
    MemRep *mr = mem_of(e, op->args[st]);
    if (mr->space == SP_LOCAL)
        return fail_op(e, "from private memory: wmma reads global or workgroup memory");
    int64_t off, align;
    Slot addr = mem_address(e, mr, op_get(e->m, o)->args + st + 1, op_get(e->m, o)->nargs - st - 1,
                            &off, &align);
    op = op_get(e->m, o);
    const char *lay = op_attr(e->m, o, "transpose") ? "col" : "row";
    char at[64], list[256];
    if (off)
        snprintf(at, sizeof at, "[%s+%" PRId64 "]", S(e, addr), off);
    else
        snprintf(at, sizeof at, "[%s]", S(e, addr));
    if (st) {
        frag_list(e, frag, list, sizeof list);
        ins(e, "wmma.store.d.sync.aligned.%s.m%dn%dk%d.%s.%s %s, %s, %lld;", lay, mnk[0], mnk[1],
            mnk[2], space_name(mr->space), sfx, at, list, (long long)ld->i);
        return true;
    }
    frag_new(e, frag, ft);
    frag_list(e, frag, list, sizeof list);
    ins(e, "wmma.load.%c.sync.aligned.%s.m%dn%dk%d.%s.%s %s, %s, %lld;",
        "abc"[type_get(e->m, ft)->mma_operand % 3], lay, mnk[0], mnk[1], mnk[2],
        space_name(mr->space), sfx, list, at, (long long)ld -> i);
    return true;
}

static bool
lower_mma_compute(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    TypeId at_ = value_type(e->m, op->args[0]), ct = value_type(e->m, op->args[2]);
    int mnk[3], cmnk[3];
    const char *asfx, *csfx;
    if (!wmma_shape(e, at_, mnk, &asfx) || !wmma_shape(e, ct, cmnk, &csfx))
        return false;
    char la[256], lb[256], lc[256], ld[256], types[32];
    frag_list(e, op->args[0], la, sizeof la);
    frag_list(e, op->args[1], lb, sizeof lb);
    frag_list(e, op->args[2], lc, sizeof lc);
    op = op_get(e->m, o);
    frag_new(e, op->res[0], ct);
    frag_list(e, op_get(e->m, o)->res[0], ld, sizeof ld);
    if (strcmp(asfx, "f16") == 0)
        snprintf(types, sizeof types, "%s.%s", csfx, csfx);
    else
        snprintf(types, sizeof types, "%s.%s.%s.%s", csfx, asfx, asfx, csfx);
    ins(e, "wmma.mma.sync.aligned.%s.%s.m%dn%dk%d.%s %s, %s, %s, %s;",
        op_attr(e->m, o, "a_transpose") ? "col" : "row",
        op_attr(e->m, o, "b_transpose") ? "col" : "row", mnk[0], mnk[1], mnk[2], types, ld, la, lb,
        lc);
    return true;
}

static bool
lower_mma_constant(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    TypeId t = value_type(e->m, op->res[0]);
    int mnk[3];
    const char *sfx;
    if (!wmma_shape(e, t, mnk, &sfx))
        return false;
    Slot v = scalar_of(e, op->args[0]), src;
    Rep *r = frag_new(e, op_get(e->m, o)->res[0], t);
    if (r->per == 2) {
        src = new_reg(e, RC_B32);
        Slot h = as_reg(e, v);
        ins(e, "mov.b32 %s, {%s, %s};", S(e, src), S(e, h), S(e, h));
    } else if (r->per == 4) { /* s8 / u8: the byte in each of the four */
        Slot w = to_cls(e, as_reg(e, v), RC_B32, false), b = new_reg(e, RC_B32);
        src = new_reg(e, RC_B32);
        ins(e, "and.b32 %s, %s, 255;", S(e, b), S(e, w));
        ins(e, "mul.lo.u32 %s, %s, 16843009;", S(e, src), S(e, b));
    } else {
        src = v;
    }
    for (uint32_t i = 0; i < r->n; i++)
        ins(e, "mov.b32 %s, %s;", S(e, r->slots[i]), S(e, src));
    return true;
}

/* one element of an elementwise op (as upstream's WmmaOpsToNvvm builds it) */
static Slot
mma_elem(Emit *e, const char *k, TypeId t, Slot a, Slot b)
{
    bool half = t == TY_F16;
    const char *ft = half ? "f16" : "f32";
    RegClass c = half ? RC_B16 : RC_F32;
    Slot d = new_reg(e, c);
    a = as_reg(e, a);
    if (strcmp(k, "negatef") == 0) {
        ins(e, "neg.%s %s, %s;", ft, S(e, d), S(e, a));
        return d;
    }
    b = as_reg(e, b);
    if (strcmp(k, "addf") == 0 || strcmp(k, "subf") == 0 || strcmp(k, "mulf") == 0) {
        ins(e, "%.3s.rn.%s %s, %s, %s;", k, ft, S(e, d), S(e, a), S(e, b));
    } else if (strcmp(k, "divf") == 0) {
        if (!half) {
            ins(e, "div.rn.f32 %s, %s, %s;", S(e, d), S(e, a), S(e, b));
        } else { /* LLVM divides halves in f32 and rounds back */
            Slot fa = new_reg(e, RC_F32), fb = new_reg(e, RC_F32), q = new_reg(e, RC_F32);
            ins(e, "cvt.f32.f16 %s, %s;", S(e, fa), S(e, a));
            ins(e, "cvt.f32.f16 %s, %s;", S(e, fb), S(e, b));
            ins(e, "div.rn.f32 %s, %s, %s;", S(e, q), S(e, fa), S(e, fb));
            ins(e, "cvt.rn.f16.f32 %s, %s;", S(e, d), S(e, q));
        }
    } else { /* maxf / minf: a > b (a < b) ? a : b, NaN if either is NaN */
        Slot p = new_reg(e, RC_PRED), u = new_reg(e, RC_PRED), s = new_reg(e, c);
        ins(e, "setp.%s.%s %s, %s, %s;", k[1] == 'a' ? "gt" : "lt", ft, S(e, p), S(e, a), S(e, b));
        ins(e, "selp.%s %s, %s, %s, %s;", half ? "b16" : "f32", S(e, s), S(e, a), S(e, b), S(e, p));
        ins(e, "setp.nan.%s %s, %s, %s;", ft, S(e, u), S(e, a), S(e, b));
        ins(e, "selp.%s %s, %s, %s, %s;", half ? "b16" : "f32", S(e, d),
            half ? "0x7E00" : "0f7FC00000", S(e, s), S(e, u));
    }
    return d;
}

static bool
lower_mma_elementwise(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    TypeId t = value_type(e->m, op->res[0]);
    int mnk[3];
    const char *sfx;
    const Attr *ka = op_attr(e->m, o, "opType");
    if (!wmma_shape(e, t, mnk, &sfx) || !ka)
        return false;
    TypeId el = type_get(e->m, t)->elem;
    Rep *a = rep_of(e, op->args[0]), *b = op->nargs > 1 ? rep_of(e, op->args[1]) : a;
    uint32_t n = a->n * a->per;
    Slot *ea = arena_alloc(&e->m->arena, (n + 4) * sizeof(Slot));
    Slot *eb = arena_alloc(&e->m->arena, (n + 4) * sizeof(Slot));
    unpack_all(e, a, ea);
    unpack_all(e, b, eb);
    for (uint32_t i = 0; i < n; i++)
        ea[i] = mma_elem(e, ka->str, el, ea[i], eb[i]);
    uint8_t per;
    uint32_t nr = wmma_frag_regs(e->m, t, &per);
    Rep *r = rep_new(e, op_get(e->m, o)->res[0], nr, per, el);
    pack_elems(e, r, ea, n);
    return true;
}

/* gpu.subgroup_mma_extract_thread_local / insert_thread_local: element `index` of the
   lane's registers of the fragment, in the order wmma.load fills them (the verifier has
   checked that each element of the matrix is in one lane and the index is a constant) */
static bool
lower_mma_local(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    uint32_t ins_ = op->kind == OP_MMA_INSERT_LOCAL;
    TypeId ft = value_type(e->m, op->args[ins_]);
    int mnk[3];
    const char *sfx;
    if (!wmma_shape(e, ft, mnk, &sfx))
        return false;
    const Range *ix = range_of(e, op->args[ins_ + 1]);
    Rep *m = rep_of(e, op->args[ins_]);
    if (ix->lo != ix->hi || ix->lo < 0 || ix->lo >= (int64_t)(m->n * m->per))
        return fail_op(e, "needs a constant index below %u", m->n * m->per);
    uint32_t i = (uint32_t)ix->lo;
    TypeId el = type_get(e->m, ft)->elem;
    if (!ins_) {
        Slot s = unpack_elem(e, m, i);
        if (m->per == 1 && el == TY_F32)
            s = to_cls(e, s, RC_F32, false); /* tf32 A and B sit in .b32 registers */
        rep_scalar(e, op_get(e->m, o)->res[0], s);
        return true;
    }
    Slot v = as_reg(e, scalar_of(e, op->args[0]));
    Rep *r = rep_new(e, op_get(e->m, o)->res[0], m->n, m->per, m->elem);
    memcpy(r->slots, m->slots, m->n * sizeof(Slot));
    if (m->per == 4)
        return fail_op(e, "on an 8-bit fragment: vptx has no si8 or ui8 scalars");
    if (m->per == 1) {
        r->slots[i] = to_cls(e, v, frag_cls(e->m, ft), false);
        return true;
    }
    Slot el2[2];
    el2[0] = unpack_elem(e, m, i & ~1u); /* in order: an initializer's order is unspecified */
    el2[1] = unpack_elem(e, m, i | 1u);
    el2[i & 1] = v;
    r->slots[i / 2] = halves_pack(e, el2[0], el2[1]);
    return true;
}

bool
isel_upstream(Emit *e, OpId o)
{
    switch (op_get(e->m, o)->kind) {
    case OP_CLUSTER_ID:
    case OP_CLUSTER_DIM:
    case OP_CLUSTER_BLOCK_ID:
    case OP_CLUSTER_DIM_BLOCKS:
        return lower_cluster(e, o);
    case OP_NVVM_SREG:
        return lower_nvvm_sreg(e, o);
    case OP_NVVM_BARRIER0:
        if (e->proxy_fence)
            ins(e, "fence.proxy.async.shared::cta;");
        ins(e, "bar.sync 0;");
        return true;
    case OP_NVVM_SHFL_SYNC:
        return lower_nvvm_shfl(e, o);
    case OP_NVVM_ELECT_SYNC:
        return lower_elect(e, o);
    case OP_NVVM_FENCE_PROXY:
    case OP_NVVM_FENCE_MBARRIER_INIT:
    case OP_NVVM_FENCE_SC_CLUSTER:
        return lower_fence(e, o);
    case OP_NVVM_CLUSTER_ARRIVE:
    case OP_NVVM_CLUSTER_ARRIVE_RELAXED:
    case OP_NVVM_CLUSTER_WAIT:
        return lower_cluster_barrier(e, o);
    case OP_RCP:
        return lower_rcp(e, o);
    case OP_POISON:
        return lower_poison(e, o);
    case OP_REINTERPRET_CAST:
        return lower_reinterpret_cast(e, o);
    case OP_ATOMIC_RMW:
        return lower_atomic_rmw(e, o);
    case OP_ALL_REDUCE:
        return lower_all_reduce(e, o);
    case OP_PRINTF:
        return lower_printf(e, o);
    case OP_VGATHER:
    case OP_VSCATTER:
        return lower_gather_scatter(e, o);
    case OP_VSCAN:
        return lower_scan(e, o);
    case OP_MMA_LOAD_MATRIX:
    case OP_MMA_STORE_MATRIX:
        return lower_mma_ldst(e, o);
    case OP_MMA_COMPUTE:
        return lower_mma_compute(e, o);
    case OP_MMA_CONSTANT_MATRIX:
        return lower_mma_constant(e, o);
    case OP_MMA_ELEMENTWISE:
        return lower_mma_elementwise(e, o);
    case OP_MMA_EXTRACT_LOCAL:
    case OP_MMA_INSERT_LOCAL:
        return lower_mma_local(e, o);
    default:
        return fail_op(e, "cannot be lowered to PTX");
    }
}
