/*
 * isel_gpu.c -- gpu.* (special registers, barrier, shuffle, subgroup_reduce, dynamic
 * shared memory) and the sm_80 nvgpu ops: ldmatrix, mma.sync and cp.async.
 *
 * PTX ISA 9.1: special registers 10, shfl.sync 9.7.9.6, bar.sync 9.7.13.1, ldmatrix
 * 9.7.14.5.15, mma 9.7.14.5.14, cp.async 9.7.9.25; facts as checked in ptx-sm80.md.
 *
 * Requires:    ptxgen.c's Emit for the kernel being emitted: the op is verified
 *              SIMT-level IR, its operands already have their Reps (ops are visited
 *              in program order), and the range analysis (regs.c) has run.
 * Ensures:     the op's PTX is appended to the kernel's instruction stream and each
 *              result has a Rep; registers are numbered per class in definition
 *              order (the same input gives the same text); an op or type the target
 *              lacks is a located error (false), never invalid PTX.
 * Invalidates: nothing (the IR is only read).
 */
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <string.h>

static char
dim_of(Emit *e, OpId o)
{
    const char *v = attr_enum_value(op_attr(e->m, o, "dimension"));
    return v && v[0] >= 'x' && v[0] <= 'z' ? v[0] : 'x';
}

/* mov from a special register; index results widened when not narrow */
static bool
special(Emit *e, OpId o, const char *sreg)
{
    ValueId res = op_get(e->m, o)->res[0];
    char name[16]; /* the registers are named after sreg, %tid.x -> tid_x (names.c) */
    snprintf(name, sizeof name, "%s", sreg + 1);
    for (char *p = name; *p; p++)
        *p = *p == '.' ? '_' : *p;
    names_fixed(e, name);
    Slot r = new_reg(e, RC_B32);
    ins(e, "mov.u32 %s, %s;", S(e, r), sreg);
    rep_scalar(e, res, is_narrow(e, res) || value_type(e->m, res) == TY_I32 ? r : widen(e, r));
    names_fixed_end(e);
    return true;
}

static bool
lower_sreg(Emit *e, OpId o)
{
    char buf[16];
    char d = dim_of(e, o);
    switch (op_get(e->m, o)->kind) {
    case OP_THREAD_ID:
        snprintf(buf, sizeof buf, "%%tid.%c", d);
        break;
    case OP_BLOCK_ID:
        snprintf(buf, sizeof buf, "%%ctaid.%c", d);
        break;
    case OP_BLOCK_DIM:
        if (e->block_size[d - 'x']) { /* known: a constant */
            rep_scalar(e, op_get(e->m, o)->res[0],
                       imm_slot(RC_B32, (uint64_t)e->block_size[d - 'x']));
            return true;
        }
        snprintf(buf, sizeof buf, "%%ntid.%c", d);
        break;
    case OP_GRID_DIM:
        snprintf(buf, sizeof buf, "%%nctaid.%c", d);
        break;
    default:
        snprintf(buf, sizeof buf, "%%laneid");
    }
    return special(e, o, buf);
}

/* subgroup id = linear thread id / 32 (ptx-sm80.md 1.6: not %warpid) */
static bool
lower_subgroup_id(Emit *e, OpId o)
{
    Slot x = new_reg(e, RC_B32), w = new_reg(e, RC_B32);
    ins(e, "mov.u32 %s, %%tid.x;", S(e, x));
    bool one_d = e->block_size[0] && e->block_size[1] <= 1 && e->block_size[2] <= 1;
    if (!one_d) {
        Slot y = new_reg(e, RC_B32), z = new_reg(e, RC_B32), nx = new_reg(e, RC_B32);
        Slot ny = new_reg(e, RC_B32), t = new_reg(e, RC_B32), l = new_reg(e, RC_B32);
        ins(e, "mov.u32 %s, %%tid.y;", S(e, y));
        ins(e, "mov.u32 %s, %%tid.z;", S(e, z));
        ins(e, "mov.u32 %s, %%ntid.x;", S(e, nx));
        ins(e, "mov.u32 %s, %%ntid.y;", S(e, ny));
        ins(e, "mad.lo.s32 %s, %s, %s, %s;", S(e, t), S(e, z), S(e, ny), S(e, y));
        ins(e, "mad.lo.s32 %s, %s, %s, %s;", S(e, l), S(e, t), S(e, nx), S(e, x));
        x = l;
    }
    ins(e, "shr.u32 %s, %s, 5;", S(e, w), S(e, x));
    ValueId res = op_get(e->m, o)->res[0];
    rep_scalar(e, res, is_narrow(e, res) ? w : widen(e, w));
    return true;
}

/* ---- shuffles ---- */

static const char *
shfl_mode(Emit *e, OpId o)
{
    const char *m = attr_enum_value(op_attr(e->m, o, "mode"));
    if (!m || strcmp(m, "xor") == 0)
        return "bfly";
    return m; /* up, down, idx */
}

/*
 * gpu.shuffle's width, as upstream MLIR's GPUToNVVM lowers it: the first `width` lanes take
 * part (member mask -1 >> (32 - width)), with no segments; the clamp operand c is
 * width - 1, or 32 - width for `up`.  Lanes at or past `width` must not run the shuffle.
 */
static void
shfl_width(Emit *e, Slot width, bool up, Slot *c, Slot *mask)
{
    if (width.is_imm) {
        uint64_t w = width.bits & 0xffffffffu;
        *c = imm_slot(RC_B32, up ? 32 - w : w - 1);
        *mask = w >= 32 ? imm_slot(RC_B32, 0xffffffffu) : imm_slot(RC_B32, (1u << w) - 1);
        return;
    }
    Slot w = narrow32(e, width), t = new_reg(e, RC_B32), m = new_reg(e, RC_B32);
    ins(e, "sub.s32 %s, 32, %s;", S(e, t), S(e, w));
    ins(e, "shr.u32 %s, -1, %s;", S(e, m), S(e, t));
    *mask = m;
    if (up) {
        *c = t;
        return;
    }
    *c = new_reg(e, RC_B32);
    ins(e, "sub.s32 %s, %s, 1;", S(e, *c), S(e, w));
}

/* The member mask operand: -1 for the whole warp (as before), else the register or
   hexadecimal immediate. */
static const char *
mask_str(Emit *e, Slot mask, char *buf, size_t n)
{
    if (!mask.is_imm)
        return S(e, mask);
    if ((mask.bits & 0xffffffffu) == 0xffffffffu)
        return "-1";
    snprintf(buf, n, "0x%08" PRIx64, mask.bits & 0xffffffffu);
    return buf;
}

/* One shfl.sync of a 32-bit slot; *valid gets the predicate when asked for. */
static Slot
shfl32m(Emit *e, const char *mode, Slot v, Slot b, Slot c, Slot mask, Slot *valid)
{
    Slot d = new_reg(e, v.cls == RC_F32 ? RC_F32 : RC_B32);
    char mb[16];
    const char *ms = mask_str(e, mask, mb, sizeof mb);
    v = as_reg(e, v);
    if (valid) {
        *valid = new_reg(e, RC_PRED);
        ins(e, "shfl.sync.%s.b32 %s|%s, %s, %s, %s, %s;", mode, S(e, d), S(e, *valid), S(e, v),
            S(e, b), S(e, c), ms);
    } else {
        ins(e, "shfl.sync.%s.b32 %s, %s, %s, %s, %s;", mode, S(e, d), S(e, v), S(e, b), S(e, c),
            ms);
    }
    return d;
}

static Slot
shfl32(Emit *e, const char *mode, Slot v, Slot b, Slot c, Slot *valid)
{
    return shfl32m(e, mode, v, b, c, imm_slot(RC_B32, 0xffffffffu), valid);
}

/* Shuffles a slot of any width (16-bit via a 32-bit register, 64-bit as two halves). */
static Slot
shfl_any(Emit *e, const char *mode, Slot v, Slot b, Slot c, Slot mask, Slot *valid)
{
    if (v.cls == RC_B32 || v.cls == RC_F32)
        return shfl32m(e, mode, v, b, c, mask, valid);
    if (v.cls == RC_B16) {
        Slot w = to_cls(e, as_reg(e, v), RC_B32, false);
        Slot r = shfl32m(e, mode, w, b, c, mask, valid), h = new_reg(e, RC_B16);
        ins(e, "cvt.u16.u32 %s, %s;", S(e, h), S(e, r));
        return h;
    }
    if (v.cls == RC_PRED) {
        Slot w = to_cls(e, as_reg(e, v), RC_B32, false), p = new_reg(e, RC_PRED);
        Slot r = shfl32m(e, mode, w, b, c, mask, valid);
        ins(e, "setp.ne.b32 %s, %s, 0;", S(e, p), S(e, r));
        return p;
    }
    Slot lo = new_reg(e, RC_B32), hi = new_reg(e, RC_B32), d = new_reg(e, (RegClass)v.cls);
    ins(e, "mov.b64 {%s, %s}, %s;", S(e, lo), S(e, hi), S(e, as_reg(e, v)));
    Slot rlo = shfl32m(e, mode, lo, b, c, mask, valid),
         rhi = shfl32m(e, mode, hi, b, c, mask, NULL);
    ins(e, "mov.b64 %s, {%s, %s};", S(e, d), S(e, rlo), S(e, rhi));
    return d;
}

static bool
lower_shuffle(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    const char *mode = shfl_mode(e, o);
    Slot v = scalar_of(e, op->args[0]);
    if (!type_is_scalar(value_type(e->m, op->args[0])))
        return fail_op(e, "of a vector value: shuffle its 32-bit pieces instead");
    Slot b = narrow32(e, scalar_of(e, op->args[1]));
    Slot w = scalar_of(e, op->args[2]), c, mask;
    if (w.is_imm && ((w.bits & 0xffffffffu) < 1 || (w.bits & 0xffffffffu) > 32))
        return fail_op(e, "has width %" PRId64 ": a shuffle's width is 1 to 32 lanes",
                       (int64_t)(int32_t)w.bits);
    shfl_width(e, w, strcmp(mode, "up") == 0, &c, &mask);
    Slot valid = imm_slot(RC_PRED, 1);
    bool want_valid = e->uses[op->res[1]] > 0;
    Slot r = shfl_any(e, mode, v, b, c, mask, want_valid ? &valid : NULL);
    rep_scalar(e, op_get(e->m, o)->res[0], r);
    rep_scalar(e, op_get(e->m, o)->res[1], valid);
    return true;
}

/* gpu.subgroup_reduce of packed f16 / bf16 pairs: the butterfly moves whole registers
 * and combines them with the .f16x2 / .bf16x2 instruction, both halves at once (the
 * row reductions of distribute/lowering/reduction.c pair their partials so). */
static bool
packed_subgroup_reduce(Emit *e, OpKind k, TypeId et, int64_t size, int64_t stride, const Rep *src,
                       Rep *r)
{
    const char *tpl;
    if ((et != TY_F16 && et != TY_BF16) ||
        !tpl_find(k, et == TY_F16 ? FAM_HALF : FAM_BF16, e->sm, &tpl))
        return fail_op(e, "of packed %s pairs: no packed instruction for it on sm_%d",
                       scalar_type_name(et), e->sm);
    Slot c = imm_slot(RC_B32, 0x1f);
    for (uint32_t s = 0; s < src->n; s++) {
        Slot v = as_reg(e, src->slots[s]);
        for (int64_t off = stride * size / 2; off >= stride; off /= 2) {
            Slot ops[2] = { v, shfl32(e, "bfly", v, imm_slot(RC_B32, (uint64_t)off), c, NULL) };
            Slot d = new_reg(e, RC_B32);
            tpl_emit(e, tpl, et == TY_F16 ? "f16x2" : "bf16x2", d, ops, 2);
            v = d;
        }
        r->slots[s] = v;
    }
    return !e->failed;
}

/* gpu.subgroup_reduce: butterfly over each cluster (size, stride), slot by slot */
static bool
lower_subgroup_reduce(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    const char *ks = attr_enum_value(op_attr(e->m, o, "op"));
    TypeId et = type_element(e->m, value_type(e->m, op->args[0]));
    int kind = ks ? combining_kind_lookup(ks) : -1;
    if (ks && kind < 0 && strcmp(ks, "max") == 0)
        kind = type_is_float(et) ? KIND_MAXNUMF : KIND_MAXSI;
    if (ks && kind < 0 && strcmp(ks, "min") == 0)
        kind = type_is_float(et) ? KIND_MINNUMF : KIND_MINSI;
    if (kind < 0)
        return fail_op(e, "with an unknown reduction op");
    int64_t size = attr_int_or(op_attr(e->m, o, "cluster_size"), 32);
    int64_t stride = attr_int_or(op_attr(e->m, o, "cluster_stride"), 1);
    if (size < 1 || (size & (size - 1)) || stride < 1 || (stride & (stride - 1)) ||
        size * stride > 32)
        return fail_op(
            e, "cluster size %" PRId64 " x stride %" PRId64 " must be powers of two within a warp",
            size, stride);
    static const OpKind fk[KIND_COUNT] = {
        [KIND_ADD] = OP_ADDF,        [KIND_MUL] = OP_MULF,          [KIND_MINNUMF] = OP_MINNUMF,
        [KIND_MAXNUMF] = OP_MAXNUMF, [KIND_MINIMUMF] = OP_MINIMUMF, [KIND_MAXIMUMF] = OP_MAXIMUMF,
    };
    static const OpKind ik[KIND_COUNT] = {
        [KIND_ADD] = OP_ADDI,    [KIND_MUL] = OP_MULI,    [KIND_MINUI] = OP_MINUI,
        [KIND_MINSI] = OP_MINSI, [KIND_MAXUI] = OP_MAXUI, [KIND_MAXSI] = OP_MAXSI,
        [KIND_AND] = OP_ANDI,    [KIND_OR] = OP_ORI,      [KIND_XOR] = OP_XORI,
    };
    OpKind k = type_is_float(et) ? fk[kind] : ik[kind];
    if (!k)
        return fail_op(e, "'%s' does not apply to %s", ks, scalar_type_name(et));
    Rep *src = rep_of(e, op->args[0]);
    Rep *r = rep_new(e, op_get(e->m, o)->res[0], src->n, src->per, src->elem);
    Slot c = imm_slot(RC_B32, 0x1f);
    /* a whole warp's 32-bit integer add/min/max/and/or/xor: one redux.sync on sm_80+
       (as upstream's GPUToNVVM lowers it) */
    static const char *const redux[KIND_COUNT] = {
        [KIND_ADD] = "add.s32",   [KIND_MINSI] = "min.s32", [KIND_MINUI] = "min.u32",
        [KIND_MAXSI] = "max.s32", [KIND_MAXUI] = "max.u32", [KIND_AND] = "and.b32",
        [KIND_OR] = "or.b32",     [KIND_XOR] = "xor.b32",
    };
    if (et == TY_I32 && src->per == 1 && redux[kind] && size == 32 && stride == 1 && e->sm >= 80) {
        for (uint32_t s = 0; s < src->n; s++) {
            Slot d = new_reg(e, RC_B32);
            ins(e, "redux.sync.%s %s, %s, -1;", redux[kind], S(e, d),
                S(e, as_reg(e, src->slots[s])));
            r->slots[s] = d;
        }
        return true;
    }
    /* a whole warp's f32 min/max: one redux.sync on sm_100a; maximumf/minimumf (a NaN
       wins) with .NaN, maxnumf/minnumf (NaNs left out) without; both order -0 < +0, as
       eval does */
    static const char *const fredux[KIND_COUNT] = {
        [KIND_MAXNUMF] = "max.f32",
        [KIND_MINNUMF] = "min.f32",
        [KIND_MAXIMUMF] = "max.NaN.f32",
        [KIND_MINIMUMF] = "min.NaN.f32",
    };
    if (et == TY_F32 && src->per == 1 && fredux[kind] && size == 32 && stride == 1 &&
        target_has(e->target, TF_REDUX_F32)) {
        need_version(e, 86);
        for (uint32_t s = 0; s < src->n; s++) {
            Slot d = new_reg(e, RC_F32);
            ins(e, "redux.sync.%s %s, %s, -1;", fredux[kind], S(e, d),
                S(e, as_reg(e, src->slots[s])));
            r->slots[s] = d;
        }
        return true;
    }
    if (src->per == 2) /* 16-bit pairs in one register: one shfl and one x2 op a step */
        return packed_subgroup_reduce(e, k, et, size, stride, src, r);
    for (uint32_t s = 0; s < src->n; s++) {
        Slot v = src->slots[s];
        for (int64_t off = stride * size / 2; off >= stride; off /= 2) {
            Slot other = shfl_any(e, "bfly", v, imm_slot(RC_B32, (uint64_t)off), c,
                                  imm_slot(RC_B32, 0xffffffffu), NULL);
            v = combine(e, k, et, v, other);
        }
        r->slots[s] = v;
    }
    return !e->failed;
}

static bool
lower_dynamic_smem(Emit *e, OpId o)
{
    e->have_dyn_smem = true;
    int64_t a = e->root_align[o];
    if (a > e->dyn_smem_align)
        e->dyn_smem_align = a;
    return shared_memref(e, op_get(e->m, o)->res[0], "vptx_dynamic_smem", a > 16 ? a : 16);
}

bool
isel_gpu(Emit *e, OpId o)
{
    switch (op_get(e->m, o)->kind) {
    case OP_BARRIER:
        if (e->proxy_fence)
            ins(e, "fence.proxy.async.shared::cta;");
        ins(e, "bar.sync 0;");
        return true;
    case OP_SHUFFLE:
        return lower_shuffle(e, o);
    case OP_SUBGROUP_REDUCE:
        return lower_subgroup_reduce(e, o);
    case OP_DYNAMIC_SHARED_MEMORY:
        return lower_dynamic_smem(e, o);
    case OP_SUBGROUP_ID:
        return lower_subgroup_id(e, o);
    default:
        return lower_sreg(e, o);
    }
}

/* ---- ldmatrix ---- */

/* A 32-bit shared address of memref[idx...] (folds the [reg+imm] offset). */
Slot
shared_addr32(Emit *e, ValueId memref, const ValueId *idx, uint32_t nidx)
{
    MemRep *mr = mem_of(e, memref);
    int64_t off, align;
    Slot a = mem_address(e, mr, idx, nidx, &off, &align);
    if (!off)
        return a;
    Slot d = new_reg(e, (RegClass)a.cls);
    ins(e, "add.s%u %s, %s, %" PRId64 ";", cls_width((RegClass)a.cls), S(e, d), S(e, a), off);
    return d;
}

static bool
lower_ldmatrix(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    int64_t n = attr_int_or(op_attr(e->m, o, "numTiles"), 1);
    const Attr *tr = op_attr(e->m, o, "transpose");
    bool trans = tr && (tr->kind == ATTR_UNIT || (tr->kind == ATTR_BOOL && tr->b));
    if (n != 1 && n != 2 && n != 4)
        return fail_op(e, "numTiles must be 1, 2 or 4");
    if (mem_of(e, op->args[0])->space != SP_SHARED)
        return fail_op(e, "operand must be in workgroup (shared) memory");
    Slot addr = shared_addr32(e, op->args[0], op->args + 1, op->nargs - 1);
    op = op_get(e->m, o);
    TypeId t = value_type(e->m, op->res[0]);
    Rep *r =
        rep_new(e, op->res[0], slot_count(e->m, t), pack_factor(e->m, t), type_element(e->m, t));
    if (r->n != (uint32_t)n)
        return fail_op(e, "result type must hold numTiles 32-bit registers per thread");
    Slot regs[4];
    char list[96];
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        regs[i] = new_reg(e, RC_B32);
        len +=
            (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", S(e, regs[i]));
    }
    ins(e, "ldmatrix.sync.aligned.m8n8.x%d%s.shared.b16 {%s}, [%s];", (int)n, trans ? ".trans" : "",
        list, S(e, addr));
    for (int i = 0; i < n; i++)
        r->slots[i] = reg_class_of(r->elem) == RC_F32 && r->per == 1
                          ? to_cls(e, regs[i], RC_F32, false)
                          : regs[i];
    need_version(e, 65);
    return true;
}

/* ---- mma.sync (ptx-sm80.md 5.1: every row) ---- */

static const char *
mma_type(TypeId t, bool tf32)
{
    switch (t) {
    case TY_F16:
        return "f16";
    case TY_BF16:
        return "bf16";
    case TY_F32:
        return tf32 ? "tf32" : NULL;
    case TY_TF32:
        return "tf32";
    case TY_I8:
        return "s8";
    case TY_I32:
        return "s32";
    case TY_F64:
        return "f64";
    default:
        return NULL;
    }
}

static int64_t
shape_at(const Attr *a, uint32_t i)
{
    if (!a || i >= a->n)
        return 0;
    if (a->kind == ATTR_DENSE_ARRAY)
        return a->ints[i];
    return a->kind == ATTR_ARRAY && a->items[i]->kind == ATTR_INT ? a->items[i]->i : 0;
}

/* "{%r1, %r2}" of a rep's slots, registers of class c (immediates allowed for C) */
static void
reg_list(Emit *e, char *buf, size_t n, Rep *r, RegClass c, bool imm_ok)
{
    size_t len = 0;
    len += (size_t)snprintf(buf, n, "{");
    for (uint32_t i = 0; i < r->n; i++) {
        Slot s = r->slots[i];
        if (!(s.is_imm && imm_ok && c == RC_F32))
            s = as_reg(e, s.cls == c ? s : to_cls(e, as_reg(e, s), c, false));
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", S(e, s));
    }
    snprintf(buf + len, n - len, "}");
}

static bool
lower_mma_sync(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    const Attr *sh = op_attr(e->m, o, "mmaShape");
    int64_t m = shape_at(sh, 0), n = shape_at(sh, 1), k = shape_at(sh, 2);
    TypeId at = type_element(e->m, value_type(e->m, op->args[0]));
    TypeId ct = type_element(e->m, value_type(e->m, op->args[2]));
    bool tf32 = op_attr(e->m, o, "tf32Enabled") != NULL;
    const char *ta = mma_type(at, tf32), *tc = ct == TY_F32 ? "f32" : mma_type(ct, false);
    if (!ta || !tc)
        return fail_op(e, "with %s operands and %s accumulators is not an mma.sync type row",
                       scalar_type_name(at), scalar_type_name(ct));
    unsigned abits = type_bitwidth(at), cbits = type_bitwidth(ct);
    unsigned areg = abits > 32 ? abits : 32, creg = cbits > 32 ? cbits : 32;
    Rep *ra = rep_of(e, op->args[0]), *rb = rep_of(e, op->args[1]), *rc = rep_of(e, op->args[2]);
    if (ra->n != m * k * abits / (32 * areg) || rb->n != k * n * abits / (32 * areg) ||
        (int64_t)rc->n != m * n * cbits / (32 * creg))
        return fail_op(
            e, "operand vectors do not match the m%" PRId64 "n%" PRId64 "k%" PRId64 " fragments", m,
            n, k);
    RegClass ac = at == TY_F64 ? RC_F64 : RC_B32;
    RegClass cc = ct == TY_F32 ? RC_F32 : ct == TY_F64 ? RC_F64 : RC_B32;
    char la[160], lb[96], lc[160], ld[160];
    reg_list(e, la, sizeof la, ra, ac, false);
    reg_list(e, lb, sizeof lb, rb, ac, false);
    reg_list(e, lc, sizeof lc, rc, cc, true);
    TypeId rt = value_type(e->m, op_get(e->m, o)->res[0]);
    ValueId res = op_get(e->m, o)->res[0];
    Rep *rd = rep_new(e, res, rc->n, pack_factor(e->m, rt), ct);
    for (uint32_t i = 0; i < rd->n; i++) {
        Slot h = i < 4 && e->mma_hint ? e->mma_hint[(size_t)res * 4 + i] : (Slot){ 0 };
        rd->slots[i] = h.reg && h.cls == cc && mma_hint_safe(e, o, h) ? h : new_reg(e, cc);
    }
    reg_list(e, ld, sizeof ld, rd, cc, false);
    /* integer operands saturate, as upstream's NVGPUToNVVM lowers nvgpu.mma.sync; the ones
       distribute/contract.c makes for a vector.contract wrap like eval ({vptx.wrapped}) */
    bool sat = at == TY_I8 && !op_attr(e->m, o, "vptx.wrapped");
    ins(e,
        "mma.sync.aligned.m%" PRId64 "n%" PRId64 "k%" PRId64 ".row.col%s.%s.%s.%s.%s %s, %s, "
        "%s, %s;",
        m, n, k, sat ? ".satfinite" : "", tc, ta, ta, tc, ld, la, lb, lc);
    need_version(e, 70);
    return true;
}

/* ---- mma.sp (PTX ISA 9.7.14.6: m16n8, A 2:4 sparse: f16/bf16 k16 and k32, tf32 k8 and
 * k16, s8 k32 and k64 (sums saturating, as upstream's dense i8), e4m3/e5m2 k64 on sm_89+) ----
 * Emitted as mma.sp::ordered_metadata, the spelling ptxas recommends (plain mma.sp draws an
 * advisory); it reads the same metadata for every 2:4 pattern whose two indices ascend,
 * which is how a compressed row is stored. A lane's registers are its vectors' elements in
 * order, 32 bits a register, as upstream passes them. */
static const char *
mma_sp_type(TypeId t, bool tf32)
{
    switch (t) {
    case TY_F8E4M3FN:
        return "e4m3";
    case TY_F8E5M2:
        return "e5m2";
    default:
        return mma_type(t, tf32);
    }
}

static bool
lower_mma_sp_sync(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    const Attr *sh = op_attr(e->m, o, "mmaShape");
    int64_t m = shape_at(sh, 0), n = shape_at(sh, 1), k = shape_at(sh, 2);
    TypeId at = type_element(e->m, value_type(e->m, op->args[0]));
    TypeId ct = type_element(e->m, value_type(e->m, op->args[2]));
    bool tf32 = op_attr(e->m, o, "tf32Enabled") != NULL;
    const char *ta = mma_sp_type(at, tf32), *tc = ct == TY_F32 ? "f32" : mma_type(ct, false);
    int64_t sel = attr_int_or(op_attr(e->m, o, "sparsitySelector"), 0);
    Rep *ra = rep_of(e, op->args[0]), *rb = rep_of(e, op->args[1]), *rc = rep_of(e, op->args[2]);
    Rep *rm = rep_of(e, op->args[3]);
    if (!ta || !tc)
        return fail_op(e, "with %s operands and %s accumulators is not an mma.sp type row",
                       scalar_type_name(at), scalar_type_name(ct));
    bool fp8 = at == TY_F8E4M3FN || at == TY_F8E5M2;
    if (fp8 && !need_feature(e, TF_FP8, "mma.sp on fp8 operands"))
        return false;
    uint32_t regs = (uint32_t)(k * type_bitwidth(at) / 128); /* A (compressed) and B */
    if (ra->n != regs || rb->n != regs || rc->n != (ct == TY_F16 ? 2u : 4u) || rm->n != 1 ||
        rm->per != 2)
        return fail_op(
            e, "operand vectors do not match the m%" PRId64 "n%" PRId64 "k%" PRId64 " fragments", m,
            n, k);
    RegClass cc = ct == TY_F32 ? RC_F32 : RC_B32;
    char la[160], lb[160], lc[160], ld[160], types[48];
    reg_list(e, la, sizeof la, ra, RC_B32, false);
    reg_list(e, lb, sizeof lb, rb, RC_B32, false);
    reg_list(e, lc, sizeof lc, rc, cc, true);
    Slot meta = rm->slots[0];
    meta = as_reg(e, meta.cls == RC_B32 ? meta : to_cls(e, as_reg(e, meta), RC_B32, false));
    ValueId res = op->res[0];
    Rep *rd = rep_new(e, res, rc->n, pack_factor(e->m, value_type(e->m, res)), ct);
    for (uint32_t i = 0; i < rd->n; i++)
        rd->slots[i] = new_reg(e, cc);
    reg_list(e, ld, sizeof ld, rd, cc, false);
    snprintf(types, sizeof types, "%s%s.%s.%s.%s", at == TY_I8 ? "satfinite." : "", tc, ta, ta, tc);
    ins(e,
        "mma.sp::ordered_metadata.sync.aligned.m%" PRId64 "n%" PRId64 "k%" PRId64
        ".row.col.%s %s, %s, %s, %s, %s, 0x%" PRIx64 ";",
        m, n, k, types, ld, la, lb, lc, S(e, meta), (uint64_t)sel);
    need_version(e, 85);
    return need_feature(e, TF_MMA_SYNC, "mma.sp");
}

/* ---- cp.async ---- */

/* Splits device_async_copy operands: dst, dstIndices, src, srcIndices, srcElements. */
static bool
async_copy_operands(Emit *e, OpId o, uint32_t seg[5])
{
    Op *op = op_get(e->m, o);
    const Attr *ss = op_attr(e->m, o, "operandSegmentSizes");
    if (!ss)
        ss = op_attr(e->m, o, "operand_segment_sizes");
    if (ss && ss->kind == ATTR_DENSE_ARRAY && ss->n == 5) {
        for (int i = 0; i < 5; i++)
            seg[i] = (uint32_t)ss->ints[i];
        return true;
    }
    /* without segment sizes: dst memref, its rank indices, src memref, its rank
     * indices, optional srcElements */
    uint32_t rd = type_get(e->m, value_type(e->m, op->args[0]))->rank;
    if (op->nargs < 2 + rd)
        return fail_op(e, "has malformed operands");
    uint32_t rs = type_get(e->m, value_type(e->m, op->args[1 + rd]))->rank;
    seg[0] = 1;
    seg[1] = rd;
    seg[2] = 1;
    seg[3] = rs;
    seg[4] = op->nargs - 2 - rd - rs;
    return true;
}

static bool
lower_async_copy(Emit *e, OpId o)
{
    uint32_t seg[5];
    if (!async_copy_operands(e, o, seg))
        return false;
    Op *op = op_get(e->m, o);
    ValueId dst = op->args[0], src = op->args[seg[0] + seg[1]];
    if (mem_of(e, dst)->space != SP_SHARED || mem_of(e, src)->space != SP_GLOBAL)
        return fail_op(e, "copies global to workgroup (shared) memory only");
    int64_t elems = attr_int_or(op_attr(e->m, o, "dstElements"), 0);
    int64_t bytes = elems * mem_of(e, dst)->esize;
    if (bytes != 4 && bytes != 8 && bytes != 16)
        return fail_op(e, "copies %" PRId64 " bytes: cp.async moves 4, 8 or 16", bytes);
    Slot da = shared_addr32(e, dst, op->args + 1, seg[1]);
    op = op_get(e->m, o);
    MemRep *sm = mem_of(e, src);
    int64_t off, al;
    Slot sa = mem_address(e, sm, op->args + seg[0] + seg[1] + 1, seg[3], &off, &al);
    op = op_get(e->m, o);
    bool cg = op_attr(e->m, o, "bypassL1") && bytes == 16;
    char srcsize[48] = "";
    if (seg[4]) {
        Slot se = narrow32(e, scalar_of(e, op->args[op->nargs - 1]));
        Slot sz = imm_slot(RC_B32, se.bits * mem_of(e, dst)->esize);
        if (!se.is_imm) {
            sz = new_reg(e, RC_B32);
            ins(e, "mul.lo.s32 %s, %s, %u;", S(e, sz), S(e, se), mem_of(e, dst)->esize);
        }
        snprintf(srcsize, sizeof srcsize, ", %s", S(e, sz));
    }
    if (off)
        ins(e, "cp.async.%s.shared.global [%s], [%s+%" PRId64 "], %" PRId64 "%s;", cg ? "cg" : "ca",
            S(e, da), S(e, sa), off, bytes, srcsize);
    else
        ins(e, "cp.async.%s.shared.global [%s], [%s], %" PRId64 "%s;", cg ? "cg" : "ca", S(e, da),
            S(e, sa), bytes, srcsize);
    rep_scalar(e, op_get(e->m, o)->res[0], imm_slot(RC_B32, 0));
    return need_feature(e, TF_CP_ASYNC, "cp.async");
}

bool
isel_nvgpu(Emit *e, OpId o)
{
    switch (op_get(e->m, o)->kind) {
    case OP_LDMATRIX:
        return lower_ldmatrix(e, o);
    case OP_MMA_SYNC:
        return lower_mma_sync(e, o);
    case OP_MMA_SP_SYNC:
        return lower_mma_sp_sync(e, o);
    case OP_DEVICE_ASYNC_COPY:
        return lower_async_copy(e, o);
    case OP_DEVICE_ASYNC_CREATE_GROUP:
        ins(e, "cp.async.commit_group;");
        rep_scalar(e, op_get(e->m, o)->res[0], imm_slot(RC_B32, 0));
        return true;
    default:
        ins(e, "cp.async.wait_group %" PRId64 ";", attr_int_or(op_attr(e->m, o, "numGroups"), 0));
        return true;
    }
}
