/*
 * isel_mem.c -- memref.*: buffers (alloc, get_global, view, subview, dim) and the
 * loads and stores of scalars and small vectors.
 *
 * Addressing.  A memref value is a base register (64-bit generic/global address, or
 * a 32-bit .shared window offset as nvcc uses) plus strides.  An access computes
 *     base + sum_d idx_d * stride_d * sizeof(elem)
 * folding constant terms into the [reg+imm] offset and using mad.wide.u32 for 32-bit
 * (narrow) indices, mad.lo.s64 for 64-bit ones and mad.lo.s32 for shared memory.
 *
 * Vector accesses use .v2/.v4 pieces as large as the proven alignment allows: the
 * alignment of the base (16 for kernel arguments, the declared alignment for buffers)
 * combined with the known power-of-two divisors of the indices (regs.c ranges).
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

const char *
space_name(Space s)
{
    return s == SP_SHARED ? "shared" : s == SP_LOCAL ? "local" : "global";
}

MemRep *
mem_of(Emit *e, ValueId v)
{
    Rep *r = rep_of(e, v);
    if (!r->mem)
        ICE("ptxgen: memref without a MemRep");
    return r->mem;
}

static MemRep *
mem_copy(Emit *e, const MemRep *src, uint32_t rank)
{
    MemRep *mr = arena_alloc(&e->m->arena, sizeof *mr);
    *mr = *src;
    mr->rank = rank;
    mr->sizes = arena_alloc(&e->m->arena, (rank + 1) * sizeof(Slot));
    mr->strides = arena_alloc(&e->m->arena, (rank + 1) * sizeof(Slot));
    return mr;
}

static void
set_mem(Emit *e, ValueId v, MemRep *mr)
{
    Rep *r = rep_new(e, v, 1, 1, mr->elem);
    r->slots[0] = mr->base;
    r->mem = mr;
}

static bool
same_slot(Slot a, Slot b)
{
    return a.cls == b.cls && a.is_imm == b.is_imm && a.reg == b.reg && a.bits == b.bits;
}

/* Has (idx, scale) had a mad.wide in this kernel?  Records it if not. */
static bool
wide_seen(Emit *e, Slot idx, int64_t scale)
{
    for (uint32_t i = 0; i < e->nwide_terms; i++)
        if (e->wide_terms[i].idx == idx.reg && e->wide_terms[i].scale == scale)
            return true;
    if (e->nwide_terms < sizeof e->wide_terms / sizeof e->wide_terms[0])
        e->wide_terms[e->nwide_terms++] = (struct WideTerm){ idx.reg, scale };
    return false;
}

static Slot add_scaled_new(Emit *e, Space sp, Slot acc, Slot idx, int64_t scale);

/*
 * base + index * scale (bytes) in the address width of the space.  The same term in the
 * same straight-line code reuses its register.  A 32-bit index scaled again onto another
 * base later in the kernel gets mul.wide + add instead of a second mad.wide: ptxas
 * otherwise shares the widened product between the two and keeps it live in between
 * (K1: 28 registers with two mad.wide.u32 of %tid*4, 24 with this).
 */
static Slot
add_scaled(Emit *e, Space sp, Slot acc, Slot idx, int64_t scale)
{
    for (uint32_t i = 0; i < e->naddr_terms; i++) {
        const struct AddrTerm *t = &e->addr_terms[i];
        if (t->scale == scale && same_slot(t->acc, acc) && same_slot(t->idx, idx))
            return t->res;
    }
    Slot d = add_scaled_new(e, sp, acc, idx, scale);
    if (e->naddr_terms < sizeof e->addr_terms / sizeof e->addr_terms[0])
        e->addr_terms[e->naddr_terms++] = (struct AddrTerm){ acc, idx, d, scale };
    return d;
}

static Slot
add_scaled_new(Emit *e, Space sp, Slot acc, Slot idx, int64_t scale)
{
    if (sp == SP_SHARED) {
        Slot d = new_reg(e, RC_B32);
        ins(e, "mad.lo.s32 %s, %s, %" PRId64 ", %s;", S(e, d), S(e, as_reg(e, narrow32(e, idx))),
            scale, S(e, acc));
        return d;
    }
    Slot d = new_reg(e, RC_B64);
    if (idx.cls == RC_B32 && !idx.is_imm && scale > 0 && scale <= INT32_MAX &&
        wide_seen(e, idx, scale)) {
        Slot t = new_reg(e, RC_B64);
        ins(e, "mul.wide.u32 %s, %s, %" PRId64 ";", S(e, t), S(e, idx), scale);
        ins(e, "add.s64 %s, %s, %s;", S(e, d), S(e, acc), S(e, t));
    } else if (idx.cls == RC_B32 && scale > 0 && scale <= INT32_MAX)
        ins(e, "mad.wide.u32 %s, %s, %" PRId64 ", %s;", S(e, d), S(e, as_reg(e, idx)), scale,
            S(e, acc));
    else
        ins(e, "mad.lo.s64 %s, %s, %" PRId64 ", %s;", S(e, d), S(e, as_reg(e, widen(e, idx))),
            scale, S(e, acc));
    return d;
}

/* An index operand as var + add, looking through arith.addi/subi with a constant
 * operand, so that `x[%i + 4]` shares the base register of `x[%i]` and the 4 becomes an
 * immediate offset.  var is 0 when the whole index is a constant. */
static ValueId
split_const(Emit *e, ValueId v, int64_t *add)
{
    *add = 0;
    for (int depth = 0; depth < 8; depth++) {
        const Range *r = range_of(e, v);
        if (r->lo == r->hi) { /* wraps modulo 2^64, as the address arithmetic does */
            *add = (int64_t)((uint64_t)*add + (uint64_t)r->lo);
            return 0;
        }
        OpId o = value_get(e->m, v)->def;
        if (!o)
            return v;
        const Op *op = op_get(e->m, o);
        if (op->kind != OP_ADDI && op->kind != OP_SUBI)
            return v;
        const Range *a = range_of(e, op->args[0]), *b = range_of(e, op->args[1]);
        if (b->lo == b->hi && b->lo > -(1 << 24) && b->lo < (1 << 24)) {
            *add += op->kind == OP_ADDI ? b->lo : -b->lo;
            v = op->args[0];
        } else if (op->kind == OP_ADDI && a->lo == a->hi && a->lo > -(1 << 24) &&
                   a->lo < (1 << 24)) {
            *add += a->lo;
            v = op->args[1];
        } else
            return v;
    }
    return v;
}

/* t when v = arith.divui/remui t, k (as `kind`) with a constant k > 0, else 0 */
static ValueId
divrem_of(Emit *e, ValueId v, OpKind kind, int64_t *k)
{
    OpId o = v ? value_get(e->m, v)->def : 0;
    if (!o || op_get(e->m, o)->kind != kind)
        return 0;
    const Op *op = op_get(e->m, o);
    const Range *c = range_of(e, op->args[1]);
    if (c->lo != c->hi || c->lo <= 0)
        return 0;
    *k = c->lo;
    return op->args[0];
}

/*
 * base + sum_d idx_d * stride_d * esize.  Each index is split into var + constant (the
 * constants go to the [reg+imm] offset), and a pair of neighbouring indices
 * [t / k, t % k] over strides [k*s, s] is recombined into t*s, as in row-major
 * linearisation: one mad instead of two plus a div and a rem kept alive.
 */
Slot
mem_address(Emit *e, MemRep *mr, const ValueId *idx, uint32_t nidx, int64_t *imm, int64_t *align)
{
    Slot acc = mr->base;
    int64_t off = 0, al = mr->align;
    for (uint32_t d = 0; d < nidx && d < mr->rank; d++) {
        Slot st = mr->strides[d];
        if (!st.is_imm) { /* dynamic stride: idx * stride first */
            Slot t = new_reg(e, RC_B64);
            ins(e, "mul.lo.s64 %s, %s, %s;", S(e, t),
                S(e, as_reg(e, widen(e, scalar_of(e, idx[d])))), S(e, st));
            al = pow2_align(al, mr->esize);
            acc = add_scaled(e, mr->space, acc, t, mr->esize);
            continue;
        }
        /* offsets wrap modulo 2^64 as the hardware's address arithmetic does: an index
         * far past a huge memref must not be signed overflow here (fuzz_shapes) */
        int64_t add, scale = (int64_t)(st.bits * (uint64_t)mr->esize);
        ValueId var = split_const(e, idx[d], &add);
        off = (int64_t)((uint64_t)off + (uint64_t)add * (uint64_t)scale);
        if (!var)
            continue;
        int64_t k, k2, add2, prod;
        ValueId t = divrem_of(e, var, OP_DIVUI, &k);
        if (t && d + 1 < nidx && d + 1 < mr->rank && mr->strides[d + 1].is_imm &&
            !__builtin_mul_overflow((int64_t)mr->strides[d + 1].bits, k, &prod) &&
            prod == (int64_t)st.bits) {
            ValueId var2 = split_const(e, idx[d + 1], &add2);
            if (divrem_of(e, var2, OP_REMUI, &k2) == t && k2 == k) {
                scale = (int64_t)(mr->strides[d + 1].bits * (uint64_t)mr->esize);
                off = (int64_t)((uint64_t)off + (uint64_t)add2 * (uint64_t)scale);
                var = t;
                d++;
            }
        }
        int64_t div = range_of(e, var)->div;
        al = pow2_align(al, div > (1 << 20) ? scale : (int64_t)((uint64_t)div * (uint64_t)scale));
        acc = add_scaled(e, mr->space, acc, scalar_of(e, var), scale);
    }
    *imm = off;
    *align = pow2_align(al, off);
    return acc;
}

static const char *
slot_type(RegClass c)
{
    switch (c) {
    case RC_F32:
        return "f32";
    case RC_F64:
        return "f64";
    case RC_B16:
        return "b16";
    case RC_B64:
        return "b64";
    default:
        return "b32";
    }
}

static void
addr_text(Emit *e, char *buf, size_t n, Slot a, int64_t off)
{
    if (off)
        snprintf(buf, n, "[%s+%" PRId64 "]", S(e, a), off);
    else
        snprintf(buf, n, "[%s]", S(e, a));
}

/* Loads (store = false) or stores the slots of r at addr+off, in aligned pieces. */
static void
access_slots(Emit *e, bool store, MemRep *mr, Rep *r, Slot addr, int64_t off, int64_t align)
{
    RegClass c =
        (RegClass)(r->n ? (r->slots[0].is_imm && !store ? RC_B32 : r->slots[0].cls) : RC_B32);
    if (!store)
        c = r->per > 1 ? RC_B32 : reg_class_of(r->elem);
    unsigned sb = c == RC_PRED ? 1 : cls_width(c) / 8;
    /* An 8-bit element alone in a slot lives in a 16-bit register but is one
     * byte in memory: access it as u8 (ld zero-extends; st writes the low byte). */
    bool byte_elems = r->per == 1 && c == RC_B16 && type_bitwidth(r->elem) == 8;
    if (byte_elems)
        sb = 1;
    const char *ty = byte_elems ? (store ? "b8" : "u8") : slot_type(c);
    const char *sp = space_name(mr->space);
    const char *nc = !store && mr->readonly && mr->space == SP_GLOBAL ? ".nc" : "";
    char a[64];
    for (uint32_t pos = 0; pos < r->n;) {
        uint32_t k = 4;
        while (k > 1 && (k > r->n - pos || k * sb > 16 ||
                         pow2_align(align, (int64_t)pos * sb) < (int64_t)(k * sb)))
            k /= 2;
        addr_text(e, a, sizeof a, addr, off + (int64_t)pos * sb);
        if (c == RC_PRED) { /* i1 in memory is a byte */
            Slot b = new_reg(e, RC_B16);
            if (store) {
                ins(e, "selp.u16 %s, 1, 0, %s;", S(e, b), S(e, as_reg(e, r->slots[pos])));
                ins(e, "st.%s.u8 %s, %s;", sp, a, S(e, b));
            } else {
                Slot p = new_reg(e, RC_PRED);
                ins(e, "ld.%s%s.u8 %s, %s;", sp, nc, S(e, b), a);
                ins(e, "setp.ne.b16 %s, %s, 0;", S(e, p), S(e, b));
                r->slots[pos] = p;
            }
            pos++;
            continue;
        }
        if (k == 1 && r->per > 1 && pow2_align(align, (int64_t)pos * sb) < (int64_t)sb) {
            /* a packed slot on a 2-byte boundary: element by element */
            Slot el[4];
            Rep one = *r;
            one.n = 1;
            one.slots = &r->slots[pos];
            if (store)
                unpack_all(e, &one, el);
            unsigned eb = sb / r->per;
            for (uint32_t j = 0; j < r->per; j++) {
                addr_text(e, a, sizeof a, addr, off + (int64_t)pos * sb + j * eb);
                if (store) {
                    ins(e, "st.%s.b%u %s, %s;", sp, eb * 8, a, S(e, as_reg(e, el[j])));
                } else {
                    el[j] = new_reg(e, RC_B16);
                    ins(e, "ld.%s%s.%s %s, %s;", sp, nc, eb == 1 ? "u8" : "b16", S(e, el[j]), a);
                }
            }
            if (!store)
                pack_elems(e, &one, el, r->per);
            pos++;
            continue;
        }
        char list[256];
        size_t n = 0;
        for (uint32_t j = 0; j < k; j++) {
            Slot s = r->slots[pos + j];
            if (store)
                s = as_reg(e, s.cls == c ? s : to_cls(e, s, c, false));
            else
                r->slots[pos + j] = s = new_reg(e, c);
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", j ? ", " : "", S(e, s));
        }
        char vec[16] = "";
        if (k > 1)
            snprintf(vec, sizeof vec, ".v%u", k);
        if (store)
            ins(e, k > 1 ? "st.%s%s.%s %s, {%s};" : "st.%s%s.%s %s, %s;", sp, vec, ty, a, list);
        else
            ins(e, k > 1 ? "ld.%s%s%s.%s {%s}, %s;" : "ld.%s%s%s.%s %s, %s;", sp, nc, vec, ty, list,
                a);
        pos += k;
    }
}

/* The element index of idx in mr's packed i4 memory (a register or an immediate in the
 * returned slot, plus *eoff), and the alignment *eal known of it: mem_address over a
 * base of 0 (*zero, returned as it is when no index is a register) and elements of one
 * byte. */
static Slot
i4_element(Emit *e, const MemRep *mr, const ValueId *idx, uint32_t nidx, Slot *zero, int64_t *eoff,
           int64_t *eal)
{
    MemRep lin = *mr;
    lin.base = new_reg(e, RC_B64);
    lin.space = SP_GLOBAL;
    lin.align = (int64_t)1 << 30;
    lin.esize = 1;
    ins(e, "mov.u64 %s, 0;", S(e, lin.base));
    *zero = lin.base;
    return mem_address(e, &lin, idx, nidx, eoff, eal);
}

/* The byte address of element idx of a packed i4 memref (two elements a byte, the lower
 * index in the low nibble; upstream's narrow-type emulation): the element offset is
 * summed as for i8 onto a zero base, then halved.  A vector access (8 elements a 32-bit
 * register) must start at an element the index arithmetic shows to be a multiple of 8. */
static bool
i4_address(Emit *e, MemRep *mr, const ValueId *idx, uint32_t nidx, Slot *addr, int64_t *imm,
           int64_t *align)
{
    int64_t eoff, eal;
    Slot zero, sum = i4_element(e, mr, idx, nidx, &zero, &eoff, &eal);
    if (eal < 8 || eoff % 8)
        return fail_op(e, "on packed i4 memory: the first element's index must be a known "
                          "multiple of 8 (8 elements fill a 32-bit register)");
    *addr = mr->base;
    if (!same_slot(sum, zero)) {
        Slot half = new_reg(e, RC_B64);
        ins(e, "shr.u64 %s, %s, 1;", S(e, half), S(e, sum));
        *addr = add_scaled(e, mr->space, mr->base, half, 1);
    }
    *imm = eoff / 2;
    *align = pow2_align(mr->align, pow2_align(eal / 2, *imm));
    if (*align < 4) /* every i4 buffer vptx makes or takes is whole words */
        return fail_op(e, "on packed i4 memory whose base is not known to be 4-byte aligned");
    return true;
}

/* memref.load / memref.store of one packed i4 element (the register holds it in its low
 * nibble).  A load reads the element's byte and shifts its nibble down.  A store changes
 * the nibble of the 32-bit word holding it with two atomics, red.and clearing it and
 * red.or setting it, as upstream's narrow-type emulation stores (two memref.atomic_rmw):
 * threads storing other elements of the word race with neither.  The word must lie in
 * the buffer: vptx makes and allocates i4 buffers in whole words, and an identity-layout
 * memref (whose type gives its buffer's size) must hold a known multiple of 8 elements;
 * a strided view lies in a buffer of whole words (a kernel argument or a subview). */
static bool
i4_scalar_access(Emit *e, OpId o, bool store)
{
    const Op *op = op_get(e->m, o);
    uint32_t first = store ? 2 : 1;
    MemRep *mr = mem_of(e, op->args[first - 1]);
    const Type *mt = type_get(e->m, value_type(e->m, op->args[first - 1]));
    int64_t total = 1;
    for (uint32_t d = 0; d < mt->rank; d++)
        total = mt->shape[d] == DIM_DYNAMIC || total < 0 ? -1 : total * mt->shape[d];
    if (store && !mt->layout && (total < 0 || total % 8))
        return fail_op(e, "of one packed i4 element: the store rewrites the 32-bit word holding "
                          "it with two atomics (other threads may write the word's other "
                          "elements), so the memref must hold a known multiple of 8 elements");
    int64_t eoff, eal;
    Slot zero, sum = i4_element(e, mr, op->args + first, op->nargs - first, &zero, &eoff, &eal);
    Slot idx = as_reg(e, sum), byte = new_reg(e, RC_B64), lo = new_reg(e, RC_B32);
    Slot sh = new_reg(e, RC_B32);
    if (eoff) {
        idx = new_reg(e, RC_B64);
        ins(e, "add.s64 %s, %s, %" PRId64 ";", S(e, idx), S(e, as_reg(e, sum)), eoff);
    }
    ins(e, "shr.u64 %s, %s, 1;", S(e, byte), S(e, idx));
    ins(e, "cvt.u32.u64 %s, %s;", S(e, lo), S(e, idx));
    const char *sp = space_name(mr->space);
    char a[64];
    if (!store) {
        Slot at = add_scaled(e, mr->space, mr->base, byte, 1), w = new_reg(e, RC_B32);
        Slot v = new_reg(e, RC_B32);
        addr_text(e, a, sizeof a, at, 0);
        ins(e, "ld.%s.u8 %s, %s;", sp, S(e, w), a);
        ins(e, "and.b32 %s, %s, 1;", S(e, sh), S(e, lo));
        ins(e, "shl.b32 %s, %s, 2;", S(e, sh), S(e, sh));
        ins(e, "shr.u32 %s, %s, %s;", S(e, v), S(e, w), S(e, sh));
        Rep *r = rep_new(e, op_get(e->m, o)->res[0], 1, 1, TY_I4);
        r->slots[0] = v;
        return true;
    }
    /* the word: the byte's address with its low 2 bits cleared; the nibble's shift in it:
       8 (address mod 4) + 4 (index mod 2) */
    Slot byte_at = add_scaled(e, mr->space, mr->base, byte, 1);
    bool wide = byte_at.cls == RC_B64;
    Slot at = new_reg(e, wide ? RC_B64 : RC_B32), a32 = byte_at, odd = new_reg(e, RC_B32);
    Slot m = new_reg(e, RC_B32), x = new_reg(e, RC_B32);
    ins(e, "and.b%d %s, %s, -4;", wide ? 64 : 32, S(e, at), S(e, byte_at));
    if (wide) {
        a32 = new_reg(e, RC_B32);
        ins(e, "cvt.u32.u64 %s, %s;", S(e, a32), S(e, byte_at));
    }
    ins(e, "and.b32 %s, %s, 3;", S(e, sh), S(e, a32));
    ins(e, "shl.b32 %s, %s, 3;", S(e, sh), S(e, sh));
    ins(e, "and.b32 %s, %s, 1;", S(e, odd), S(e, lo));
    ins(e, "shl.b32 %s, %s, 2;", S(e, odd), S(e, odd));
    ins(e, "or.b32 %s, %s, %s;", S(e, sh), S(e, sh), S(e, odd));
    Slot val = as_reg(e, to_cls(e, rep_of(e, op_get(e->m, o)->args[0])->slots[0], RC_B32, false));
    ins(e, "shl.b32 %s, 15, %s;", S(e, m), S(e, sh));
    ins(e, "not.b32 %s, %s;", S(e, m), S(e, m));
    ins(e, "and.b32 %s, %s, 15;", S(e, x), S(e, val));
    ins(e, "shl.b32 %s, %s, %s;", S(e, x), S(e, x), S(e, sh));
    addr_text(e, a, sizeof a, at, 0);
    ins(e, "red.%s.and.b32 %s, %s;", sp, a, S(e, m));
    ins(e, "red.%s.or.b32 %s, %s;", sp, a, S(e, x));
    return true;
}

/* memref.load / vector.load: args (memref, indices...) */
static bool
lower_load(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    MemRep *mr = mem_of(e, op->args[0]);
    int64_t off, align;
    Slot addr;
    if (mr->elem == TY_I4 && op->kind == OP_MLOAD)
        return i4_scalar_access(e, o, false);
    if (mr->elem == TY_I4) {
        if (!i4_address(e, mr, op->args + 1, op->nargs - 1, &addr, &off, &align))
            return false;
    } else
        addr = mem_address(e, mr, op->args + 1, op->nargs - 1, &off, &align);
    op = op_get(e->m, o);
    TypeId t = value_type(e->m, op->res[0]);
    Rep *r =
        rep_new(e, op->res[0], slot_count(e->m, t), pack_factor(e->m, t), type_element(e->m, t));
    access_slots(e, false, mr, r, addr, off, align);
    return true;
}

/* memref.store / vector.store: args (value, memref, indices...) */
static bool
lower_store(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    MemRep *mr = mem_of(e, op->args[1]);
    if (mr->readonly)
        ICE("ptxgen: store through a read-only argument");
    int64_t off, align;
    Slot addr;
    if (mr->elem == TY_I4 && op->kind == OP_MSTORE)
        return i4_scalar_access(e, o, true);
    if (mr->elem == TY_I4) {
        if (!i4_address(e, mr, op->args + 2, op->nargs - 2, &addr, &off, &align))
            return false;
    } else
        addr = mem_address(e, mr, op->args + 2, op->nargs - 2, &off, &align);
    op = op_get(e->m, o);
    /* MLIR's vector.store alignment: the address is known to be a multiple of it
       (distribute/schedule/epilogue.c, under a test of the dynamic row length) */
    const Attr *al = op_attr(e->m, o, "alignment");
    if (op->kind == OP_VSTORE && al && al->kind == ATTR_INT && al->i > align && al->i <= 16 &&
        (al->i & (al->i - 1)) == 0)
        align = al->i;
    Rep copy = *rep_of(e, op->args[0]);
    access_slots(e, true, mr, &copy, addr, off, align);
    return true;
}

/* ---- buffers ---- */

/* The memref.global that @name (or @mod::@name) names: the first in the module with
 * that sym_name, from the table ptxgen_emit builds once (a walk per get_global was
 * quadratic in a module of many kernels). */
static OpId
find_global(const Emit *e, const char *name)
{
    const char *p = strstr(name, "::@");
    return symtab_find(&e->globals_by_name, 0, OP_GLOBAL, p ? p + 3 : name);
}

static const char *
ident(Emit *e, const char *sym)
{
    char *s = arena_strdup(&e->m->arena, sym);
    for (char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_' || *p == '$' ||
              (p != s && *p >= '0' && *p <= '9')))
            *p = '_';
    return s;
}

static bool
lower_get_global(Emit *e, OpId o)
{
    const Attr *a = op_attr(e->m, o, "name");
    if (!a || !a->str)
        return fail_op(e, "without a symbol");
    OpId g = find_global(e, a->str);
    if (!g)
        return fail_op(e, "refers to an unknown global @%s", a->str);
    TypeId t = value_type(e->m, op_get(e->m, o)->res[0]);
    if (type_get(e->m, t)->memspace != MS_WORKGROUP)
        return fail_op(e, "@%s: only workgroup (space 3) globals are supported", a->str);
    int64_t align = attr_int_or(op_attr(e->m, g, "alignment"), 16);
    if (e->root_align[g] > align)
        align = e->root_align[g];
    if (!count_shared_global(e, g, align, op_get(e->m, o)->loc))
        return false;
    const char *p = strstr(a->str, "::@");
    return shared_memref(e, op_get(e->m, o)->res[0], ident(e, p ? p + 3 : a->str), align);
}

static bool
lower_alloc(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    TypeId t = value_type(e->m, op->res[0]);
    const Type *ty = type_get(e->m, t);
    int64_t align = attr_int_or(op_attr(e->m, o, "alignment"), 16);
    if (e->root_align[o] > align)
        align = e->root_align[o];
    if (op->nargs)
        return fail_op(e, "with dynamic sizes: per-kernel buffers must have a static shape");
    if (ty->memspace == MS_WORKGROUP) {
        const char *sym = declare_shared(e, t, align, op->loc);
        return sym && shared_memref(e, op_get(e->m, o)->res[0], sym, align);
    }
    if (op->kind != OP_ALLOCA && ty->memspace != MS_PRIVATE)
        return fail_op(e, "in global memory: device-side allocation is not supported");
    /* private: a .local array */
    if (!shared_memref(e, op->res[0], "0", align))
        return false;
    MemRep *mr = mem_of(e, op_get(e->m, o)->res[0]);
    const char *name = arena_printf(&e->m->arena, "%s_local_%" PRIu32, e->kname, e->nshared++);
    int64_t bytes = (int64_t)mr->esize * type_num_elements(e->m, t);
    fprintf(e->decls, "\t.local .align %" PRId64 " .b8 %s[%" PRId64 "];\n", align, name,
            bytes ? bytes : 1);
    mr->space = SP_LOCAL;
    mr->base = new_reg(e, RC_B64);
    ins(e, "mov.u64 %s, %s;", S(e, mr->base), name);
    rep_of(e, op_get(e->m, o)->res[0])->slots[0] = mr->base;
    return true;
}

/* memref.view %src[%byte_shift][%sizes...] */
/* Row-major strides of mr from its sizes: stride[d] = prod(size[d+1..]), folded
 * where the sizes are immediates. */
void
identity_strides(Emit *e, MemRep *mr)
{
    for (uint32_t d = mr->rank; d-- > 0;) {
        Slot s = imm_slot(RC_B64, 1);
        if (d + 1 < mr->rank) {
            Slot a = mr->strides[d + 1], b = mr->sizes[d + 1];
            if (a.is_imm && b.is_imm) {
                s = imm_slot(RC_B64, a.bits * b.bits);
            } else {
                s = new_reg(e, RC_B64);
                ins(e, "mul.lo.s64 %s, %s, %s;", S(e, s), S(e, as_reg(e, a)), S(e, b));
            }
        }
        mr->strides[d] = s;
    }
}

static bool
lower_view(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    MemRep *src = mem_of(e, op->args[0]);
    TypeId t = value_type(e->m, op->res[0]);
    const Type *ty = type_get(e->m, t);
    MemRep *mr = mem_copy(e, src, ty->rank);
    mr->elem = ty->elem;
    mr->esize = type_is_scalar(ty->elem)
                    ? (type_bitwidth(ty->elem) + 7) / 8
                    : (uint32_t)type_num_elements(e->m, ty->elem) *
                          ((type_bitwidth(type_element(e->m, ty->elem)) + 7) / 8);
    mr->sym = NULL;
    if (op->nargs > 1) {
        Slot sh = scalar_of(e, op->args[1]);
        if (sh.is_imm) {
            if (sh.bits) {
                Slot b = new_reg(e, (RegClass)src->base.cls);
                ins(e, "add.s%u %s, %s, %" PRId64 ";", cls_width((RegClass)b.cls), S(e, b),
                    S(e, src->base), (int64_t)sh.bits);
                mr->base = b;
            }
            mr->align = pow2_align(src->align, (int64_t)sh.bits);
        } else {
            mr->base = add_scaled(e, src->space, src->base, sh, 1);
            mr->align = pow2_align(src->align, range_of(e, op->args[1])->div);
        }
    }
    uint32_t dyn = 2;
    for (uint32_t d = 0; d < ty->rank; d++)
        mr->sizes[d] = ty->shape[d] == DIM_DYNAMIC && dyn < op->nargs
                           ? widen(e, scalar_of(e, op->args[dyn++]))
                           : imm_slot(RC_B64, (uint64_t)ty->shape[d]);
    identity_strides(e, mr);
    set_mem(e, op_get(e->m, o)->res[0], mr);
    return true;
}

static const Attr *
dense_attr(Emit *e, OpId o, const char *name)
{
    const Attr *a = op_attr(e->m, o, name);
    return a && a->kind == ATTR_DENSE_ARRAY && a->ints ? a : NULL;
}

/* static value, or the next dynamic operand */
static Slot
mixed(Emit *e, const Attr *st, uint32_t i, const ValueId *args, uint32_t *next, uint32_t end)
{
    if (st && st->ints[i] != DIM_DYNAMIC)
        return imm_slot(RC_B64, (uint64_t)st->ints[i]);
    if (*next < end)
        return scalar_of(e, args[(*next)++]);
    return imm_slot(RC_B64, 0);
}

/* memref.subview %src[offsets][sizes][strides] (rank-reducing drops unit dims) */
static bool
lower_subview(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    MemRep *src = mem_of(e, op->args[0]);
    const Attr *so = dense_attr(e, o, "static_offsets"), *ss = dense_attr(e, o, "static_sizes");
    const Attr *st = dense_attr(e, o, "static_strides");
    TypeId t = value_type(e->m, op->res[0]);
    const Type *ty = type_get(e->m, t);
    if (!so || !ss || !st || so->n != src->rank)
        return fail_op(e, "without static_offsets/static_sizes/static_strides");
    uint32_t next = 1, end = op->nargs;
    Slot offs[16], sizes[16], steps[16];
    if (src->rank > 16)
        return fail_op(e, "of rank > 16");
    for (uint32_t d = 0; d < src->rank; d++)
        offs[d] = mixed(e, so, d, op->args, &next, end);
    for (uint32_t d = 0; d < src->rank; d++)
        sizes[d] = mixed(e, ss, d, op->args, &next, end);
    for (uint32_t d = 0; d < src->rank; d++)
        steps[d] = mixed(e, st, d, op->args, &next, end);
    int64_t imm = 0, align = 0;
    MemRep tmp = *src;
    ValueId offv[16];
    /* the offsets act like load indices: reuse mem_address on values */
    for (uint32_t d = 0; d < src->rank; d++)
        offv[d] = 0;
    (void)offv;
    Slot acc = src->base;
    int64_t al = src->align;
    for (uint32_t d = 0; d < src->rank; d++) {
        if (offs[d].is_imm && src->strides[d].is_imm) {
            imm += (int64_t)offs[d].bits * (int64_t)src->strides[d].bits * src->esize;
            continue;
        }
        if (src->elem == TY_I4)
            return fail_op(e, "of packed i4 memory with a dynamic offset or stride: two elements "
                              "share a byte, so the view's first element must be known to start "
                              "one (an even element offset)");
        Slot idx = offs[d];
        if (!src->strides[d].is_imm) {
            Slot m = new_reg(e, RC_B64);
            ins(e, "mul.lo.s64 %s, %s, %s;", S(e, m), S(e, as_reg(e, widen(e, idx))),
                S(e, src->strides[d]));
            acc = add_scaled(e, src->space, acc, m, src->esize);
            al = pow2_align(al, src->esize);
        } else {
            int64_t sc = (int64_t)src->strides[d].bits * src->esize;
            acc = add_scaled(e, src->space, acc, idx, sc);
            al = pow2_align(al, sc);
        }
    }
    (void)tmp;
    (void)align;
    if (src->elem == TY_I4 && imm % 2)
        return fail_op(e,
                       "of packed i4 memory at element offset %" PRId64 ": two elements share "
                       "a byte, so the view must start at an even element offset",
                       imm);
    if (src->elem == TY_I4) /* esize 1 summed elements: two a byte */
        imm /= 2;
    MemRep *mr = mem_copy(e, src, ty->rank);
    if (imm) {
        Slot b = new_reg(e, (RegClass)acc.cls);
        ins(e, "add.s%u %s, %s, %" PRId64 ";", cls_width((RegClass)b.cls), S(e, b), S(e, acc), imm);
        acc = b;
    }
    mr->base = acc;
    mr->align = pow2_align(al, imm);
    mr->sym = NULL;
    uint32_t r = 0;
    for (uint32_t d = 0; d < src->rank && r < ty->rank; d++) {
        bool unit = sizes[d].is_imm && sizes[d].bits == 1;
        if (unit && src->rank - d > ty->rank - r)
            continue; /* dropped by a rank-reducing subview */
        mr->sizes[r] = sizes[d];
        if (steps[d].is_imm && src->strides[d].is_imm) {
            mr->strides[r] = imm_slot(RC_B64, steps[d].bits * src->strides[d].bits);
        } else {
            Slot m = new_reg(e, RC_B64);
            Slot step = as_reg(e, widen(e, steps[d])), stride = widen(e, src->strides[d]);
            ins(e, "mul.lo.s64 %s, %s, %s;", S(e, m), S(e, step), S(e, stride));
            mr->strides[r] = m;
        }
        r++;
    }
    set_mem(e, op_get(e->m, o)->res[0], mr);
    return true;
}

static bool
lower_dim(Emit *e, OpId o)
{
    Op *op = op_get(e->m, o);
    MemRep *mr = mem_of(e, op->args[0]);
    Slot d = scalar_of(e, op->args[1]);
    if (!d.is_imm || d.bits >= mr->rank)
        return fail_op(e, "with a non-constant or out-of-range dimension");
    Slot s = mr->sizes[d.bits];
    rep_scalar(e, op->res[0], s.is_imm && is_narrow(e, op->res[0]) ? narrow32(e, s) : s);
    return true;
}

bool
isel_mem(Emit *e, OpId o)
{
    switch (op_get(e->m, o)->kind) {
    case OP_MLOAD:
    case OP_VLOAD:
        return lower_load(e, o);
    case OP_MSTORE:
    case OP_VSTORE:
        return lower_store(e, o);
    case OP_GET_GLOBAL:
        return lower_get_global(e, o);
    case OP_ALLOC:
    case OP_ALLOCA:
        return lower_alloc(e, o);
    case OP_VIEW:
        return lower_view(e, o);
    case OP_SUBVIEW:
        return lower_subview(e, o);
    case OP_DIM:
        return lower_dim(e, o);
    default:
        return fail_op(e, "is not a memref op");
    }
}

/* ---- buffer roots and the alignment their users need ---- */

OpId
mem_root(Emit *e, ValueId v)
{
    Module *m = e->m;
    while (value_get(m, v)->def) {
        Op *op = op_get(m, value_get(m, v)->def);
        if (op->kind != OP_VIEW && op->kind != OP_SUBVIEW && op->kind != OP_REINTERPRET_CAST)
            break;
        v = op->args[0];
    }
    OpId d = value_get(m, v)->def;
    if (!d)
        return m->nops + v; /* block argument: workgroup attribution */
    if (op_get(m, d)->kind == OP_GET_GLOBAL) {
        const Attr *a = op_attr(m, d, "name");
        OpId g = a && a->str ? find_global(e, a->str) : 0;
        return g ? g : d;
    }
    return d;
}

static void
require(Emit *e, ValueId v, int64_t align)
{
    OpId r = mem_root(e, v);
    if (e->root_align[r] < align)
        e->root_align[r] = align;
    OpId d = r < e->m->nops ? r : 0;
    if (d && op_get(e->m, d)->kind == OP_DYNAMIC_SHARED_MEMORY && e->dyn_smem_align < align)
        e->dyn_smem_align = align;
}

static int64_t
swizzle_align(const Type *tmap)
{
    static const int64_t a[] = { 128, 256, 512, 1024 };
    return tmap->swizzle <= SWIZZLE_128B ? a[tmap->swizzle] : 1024;
}

static bool
align_visit(Module *m, OpId o, void *ctx)
{
    Emit *e = ctx;
    Op *op = op_get(m, o);
    switch (op->kind) {
    case OP_TMA_ASYNC_LOAD:
    case OP_TMA_ASYNC_STORE:
        for (uint32_t i = 0; i < op->nargs; i++)
            if (type_get(m, value_type(m, op->args[i]))->kind == TY_TENSORMAP)
                for (uint32_t j = 0; j < op->nargs; j++)
                    if (type_is_memref(m, value_type(m, op->args[j])))
                        require(e, op->args[j],
                                swizzle_align(type_get(m, value_type(m, op->args[i]))));
        break;
    case OP_WARPGROUP_GENERATE_DESCRIPTOR:
        require(e, op->args[0], 1024);
        break;
    case OP_WGMMA_SHARED: /* the swizzle pattern starts at the buffer: base offset 0 */
        require(e, op->args[0], 1024);
        require(e, op->args[2], 1024);
        break;
    case OP_WGMMA_REG_A:
        require(e, op->args[1], 1024);
        break;
    case OP_LDMATRIX:
    case OP_DEVICE_ASYNC_COPY:
        for (uint32_t j = 0; j < op->nargs; j++)
            if (type_is_memref(m, value_type(m, op->args[j])) &&
                type_get(m, value_type(m, op->args[j]))->memspace == MS_WORKGROUP)
                require(e, op->args[j], 16);
        break;
    default:
        break;
    }
    return true;
}

void
compute_root_align(Emit *e)
{
    module_walk(e->m, e->m->top, align_visit, e);
}
