/*
 * memory.c -- the per-thread accesses of a tile of memory: read_tiles and write_tiles,
 * which the transfer lowerings (transfer.c), the conversions through workgroup memory
 * (slots.c) and the schedules' epilogues build on.
 *
 * Every thread accesses the elements it holds.  Along memref dim p, read by
 * vector dim i (permutation_map result i = d_p), slot (b, o, e) of the thread is
 *
 *     index_p = base_p + E_i*(t_i + T_i*O_i*B_i*s_i)  +  E_i*T_i*(o_i + O_i*b_i) + e_i
 *               `------- start_p, once per op ------'    `--- constant per slot ---'
 *
 * (seed 002, build.c).  Slots are grouped into runs along the memref's last
 * dim (unit stride): elements whose other indices agree and whose last index
 * is consecutive.  A run is split into accesses of at most 128 bits with
 * power-of-two lengths at offsets that are multiples of the length, each one
 * vector.load / vector.store (ptxgen picks .v2/.v4 from the alignment it can
 * prove), or memref.load / store for single elements.  Broadcast dims
 * (permutation_map result 0) do not index memory: their slots share one load.
 *
 * Guards.  A dim that is not in_bounds is checked per access, `index < size`
 * (unsigned, so that a negative index is out of bounds too); along the last
 * dim each element is checked on its own.  A mask is looked up per element by
 * its *index* (the vector index put in memref-dim order), not by the order in
 * which tiles are visited, so a transposing map pairs data and mask correctly
 * (iree-notes §7.2.3).  Reads of masked-off or out-of-bounds elements give the
 * padding.  Writes of replicated data are made by one thread per element
 * (canonical_holder); a 0-d write by thread 0.
 *
 * Reads of mma.sync fragment layouts from workgroup memory become
 * nvgpu.ldmatrix when the addresses are provably aligned (ldmatrix.c).
 *
 * Requires:    a Transfer whose memref and indices are per-thread scalars, and, for
 *              writes, a distributed value; the verifier checked the permutation map,
 *              in_bounds and mask shapes.
 * Ensures:     each thread reads (writes) exactly the elements it holds, in slot
 *              order, with accesses of at most 128 bits; an element that is out of
 *              bounds or masked off is never accessed (reads give the padding);
 *              replicated elements are written by one thread only.
 * Invalidates: nothing beyond the block being rebuilt.
 */
#include "distribute/core/core.h"

#include <stdlib.h>
#include <string.h>

typedef struct Access {
    int64_t off[LAYOUT_MAX_RANK]; /* constant part of the index, per memref dim */
    uint32_t slot;
} Access;

static int32_t
last_dim(const Transfer *t)
{
    if (t->mrank == 0)
        return -1;
    for (uint32_t i = 0; i < LAYOUT_MAX_RANK; i++)
        if (t->dim_of[i] == (int32_t)t->mrank - 1)
            return (int32_t)i;
    return -1;
}

/* Orders accesses by index, then slot.  Dims past the memref's rank are zero
 * in every Access (arena memory is zeroed), so all LAYOUT_MAX_RANK entries can
 * be compared and the comparator needs no context (qsort has none to give). */
static int
cmp_access(const void *pa, const void *pb)
{
    const Access *a = pa, *b = pb;
    for (uint32_t p = 0; p < LAYOUT_MAX_RANK; p++)
        if (a->off[p] != b->off[p])
            return a->off[p] < b->off[p] ? -1 : 1;
    return a->slot < b->slot ? -1 : a->slot > b->slot;
}

/* The accesses of every slot, sorted by index (memref-dim order). */
static Access *
accesses(Ctx *c, const Transfer *t, const NestedLayout *l, uint32_t n)
{
    Access *a = arena_alloc(&c->m->arena, (n + 1) * sizeof *a);
    for (uint32_t k = 0; k < n; k++) {
        int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
        layout_slot_unpack(l, k, b, o, e);
        a[k].slot = k;
        for (int32_t i = 0; i < l->rank; i++)
            if (t->dim_of[i] >= 0)
                a[k].off[t->dim_of[i]] = slot_offset(l, i, b[i], o[i], e[i]);
    }
    qsort(a, n, sizeof *a, cmp_access);
    return a;
}

/* start_p = base_p + thread offset of the vector dim reading p */
static void
starts(Ctx *c, const Transfer *t, const NestedLayout *l, ValueId *start)
{
    for (uint32_t p = 0; p < t->mrank; p++)
        start[p] = t->base[p];
    for (int32_t i = 0; i < l->rank; i++)
        if (t->dim_of[i] >= 0)
            start[t->dim_of[i]] = idx_add(c, start[t->dim_of[i]], thread_offset(c, l, i));
}

static bool
same_row(const Transfer *t, const Access *a, const Access *b)
{
    for (uint32_t p = 0; p + 1 < t->mrank; p++)
        if (a->off[p] != b->off[p])
            return false;
    return true;
}

/* Is the memref's last dim contiguous (unit stride)? */
static bool
unit_stride(Ctx *c, ValueId memref)
{
    const Type *ty = type_get(c->m, value_type(c->m, memref));
    if (!ty->layout)
        return true;
    return ty->layout->kind == ATTR_STRIDED && ty->rank && ty->layout->ints[ty->rank - 1] == 1;
}

/* in-bounds test of the access at idx[] for the dims that need one; 0 = none */
static ValueId
bounds_check(Ctx *c, const Transfer *t, const NestedLayout *l, const ValueId *idx)
{
    ValueId cond = 0;
    for (int32_t i = 0; i < l->rank; i++) {
        int32_t p = t->dim_of[i];
        if (p < 0 || t->in_bounds[i])
            continue;
        cond = and_i1(c, cond, cmp_i(c, CMPI_ULT, idx[p], memref_dim(c, t->memref, (uint32_t)p)));
    }
    return cond;
}

static bool
needs_guard(const Transfer *t, const NestedLayout *l, int32_t ilast)
{
    if (t->mask)
        return true;
    return ilast >= 0 && !t->in_bounds[ilast] && l->rank > 0;
}

static void
mask_index(const int64_t *x, int64_t *y, const void *arg)
{
    const Transfer *t = arg;
    for (uint32_t i = 0; i < LAYOUT_MAX_RANK; i++)
        if (t->mask_dim[i] >= 0)
            y[t->mask_dim[i]] = x[i];
}

/* constant part of the last index (0 for a 0-d memref) */
static int64_t
last_off(const Transfer *t, const Access *a)
{
    return t->mrank ? a->off[t->mrank - 1] : 0;
}

/* mask slot per data slot (same thread), or NULL after an error */
static int64_t *
mask_slots(Ctx *c, const Transfer *t, const NestedLayout *l)
{
    int64_t *perm = arena_alloc(&c->m->arena, (layout_num_slots(l) + 1) * sizeof *perm);
    if (!slot_map(c, l, t->mask->layout, mask_index, t, perm)) {
        dist_error(c, "'%s' mask layout does not give each thread the mask bits of its elements",
                   op_name(c->m, value_get(c->m, t->memref)->def ? value_get(c->m, t->memref)->def
                                                                 : c->func));
        return NULL;
    }
    return perm;
}

/* Length of the access that starts at a[i]: elements of one row with consecutive last indices. */
static uint32_t
run_length(const Transfer *t, const Access *a, uint32_t n, uint32_t i, uint32_t cap)
{
    int64_t first = last_off(t, &a[i]);
    uint32_t len = 1;
    for (uint32_t j = i + 1; j < n; j++) {
        if (!same_row(t, &a[i], &a[j]))
            break;
        int64_t v = last_off(t, &a[j]);
        if (v == first + len - 1)
            continue; /* a broadcast copy of the previous element */
        if (v != first + len)
            break;
        len++;
    }
    uint32_t w = 1;
    while (w * 2 <= len && w * 2 <= cap && first % (w * 2) == 0)
        w *= 2;
    return w;
}

/* Elements in one 128-bit access; i1 is a byte in memory (and a predicate
 * per element in registers), so at most 16 of them. */
static uint32_t
max_vector(TypeId elem)
{
    unsigned bits = type_bitwidth(elem);
    return 128 / (bits < 8 ? 8 : bits);
}

/* A swizzled buffer (slots.c): the stored column of the access at idx[]. */
static void
swizzle_last(Ctx *c, const Transfer *t, ValueId *idx)
{
    int64_t sw = dist_swizzled(c, t->memref);
    if (sw && t->mrank == 2)
        idx[1] = dist_swizzle_col(c, idx[0], idx[1], sw);
}

/* Widest access into a swizzled buffer: inside one 16-byte chunk, so no wider
 * than the start column is known to be aligned to. */
static uint32_t
swizzle_cap(Ctx *c, const Transfer *t, const ValueId *start, uint32_t cap)
{
    if (!dist_swizzled(c, t->memref) || t->mrank != 2)
        return cap;
    int64_t al = dist_pow2_divisor(c, start[1]);
    return (int64_t)cap > al ? (uint32_t)al : cap;
}

/* ---- reads ---- */

/* One access of w elements at a[i]'s index; assigns every slot it covers. */
static uint32_t
read_access(Ctx *c, const Transfer *t, const NestedLayout *l, Dist *d, const Access *a, uint32_t n,
            uint32_t i, uint32_t w, const ValueId *start, ValueId guard)
{
    ValueId idx[LAYOUT_MAX_RANK + 1];
    idx[0] = t->memref;
    for (uint32_t p = 0; p < t->mrank; p++)
        idx[p + 1] = idx_add_c(c, start[p], a[i].off[p]);
    ValueId cond = and_i1(c, guard, bounds_check(c, t, l, idx + 1));
    swizzle_last(c, t, idx + 1);
    int64_t wl = w, known = 1;
    TypeId vt = w > 1 ? type_vector(c->m, d->elem, 1, &wl) : d->elem;
    ValueId val;
    if (cond && const_value_of(c, cond, &known))
        cond = 0;
    if (!known) {
        val = t->padding;
        if (w > 1)
            val = emit1(c, OP_BROADCAST, 1, &val, vt);
    } else if (cond) {
        OpId ifop = emit_if(c, cond, 1, &vt, true);
        RegionSave s;
        region_enter(c, ifop, 0, &s);
        ValueId v = emit1(c, w > 1 ? OP_VLOAD : OP_MLOAD, t->mrank + 1, idx, vt);
        region_leave(c, &v, 1, &s);
        region_enter(c, ifop, 1, &s);
        ValueId pad = t->padding;
        if (w > 1)
            pad = emit1(c, OP_BROADCAST, 1, &pad, vt);
        region_leave(c, &pad, 1, &s);
        val = op_get(c->m, ifop)->res[0];
    } else {
        val = emit1(c, w > 1 ? OP_VLOAD : OP_MLOAD, t->mrank + 1, idx, vt);
    }
    uint32_t j = i, got = 0;
    int64_t first = last_off(t, &a[i]);
    ValueId cur = 0;
    int64_t cur_off = -1;
    for (; j < n && same_row(t, &a[i], &a[j]); j++) {
        int64_t k = last_off(t, &a[j]) - first;
        if (k >= w)
            break;
        if (k != cur_off) {
            cur = w > 1 ? extract_elem(c, val, k, d->elem) : val;
            cur_off = k;
            got++;
        }
        dist_set_elem(c, d, a[j].slot, cur);
    }
    (void)got;
    return j;
}

Dist *
read_tiles(Ctx *c, const Transfer *t, const NestedLayout *l, TypeId elem)
{
    Dist *d = dist_new(c, l, elem);
    if (!type_is_scalar(type_element(c->m, value_type(c->m, t->memref))) ||
        type_get(c->m, value_type(c->m, t->memref))->elem != elem) {
        dist_error(c, "transfers of memrefs of vectors are not supported");
        return NULL;
    }
    Dist *ld = dist_read_ldmatrix(c, t, l, elem);
    if (ld)
        return ld;
    Access *a = accesses(c, t, l, d->n);
    ValueId start[LAYOUT_MAX_RANK];
    starts(c, t, l, start);
    int32_t il = last_dim(t);
    bool guard_each = needs_guard(t, l, il);
    uint32_t cap = il >= 0 && unit_stride(c, t->memref) && !guard_each ? max_vector(elem) : 1;
    cap = swizzle_cap(c, t, start, cap);
    int64_t *mslot = t->mask ? mask_slots(c, t, l) : NULL;
    if (t->mask && !mslot)
        return NULL;
    for (uint32_t i = 0; i < d->n;) {
        uint32_t w = run_length(t, a, d->n, i, cap);
        ValueId g = mslot ? dist_elem(c, t->mask, (uint32_t)mslot[a[i].slot]) : 0;
        i = read_access(c, t, l, d, a, d->n, i, w, start, g);
    }
    return d;
}

/* ---- writes ---- */

/* align: the bytes a vector store's address is known to be a multiple of (0: what
   ptxgen proves) */
static uint32_t
write_access(Ctx *c, const Transfer *t, Dist *v, const Access *a, uint32_t i, uint32_t w,
             const ValueId *start, ValueId guard, int64_t align)
{
    ValueId args[LAYOUT_MAX_RANK + 2];
    args[1] = t->memref;
    for (uint32_t p = 0; p < t->mrank; p++)
        args[p + 2] = idx_add_c(c, start[p], a[i].off[p]);
    ValueId cond = and_i1(c, guard, bounds_check(c, t, v->layout, args + 2));
    swizzle_last(c, t, args + 2);
    ValueId el[16];
    uint32_t j = i;
    int64_t known = 1;
    if (cond && const_value_of(c, cond, &known))
        cond = 0;
    if (!known)
        return i + w;
    for (uint32_t k = 0; k < w; k++, j++)
        el[k] = dist_elem(c, v, a[j].slot);
    RegionSave s;
    OpId ifop = 0;
    if (cond) {
        ifop = emit_if(c, cond, 0, NULL, false);
        region_enter(c, ifop, 0, &s);
    }
    args[0] = w > 1 ? from_elements(c, el, w, v->elem) : el[0];
    OpId st = emit(c, w > 1 ? OP_VSTORE : OP_MSTORE, t->mrank + 2, args, 0, NULL, 0);
    if (w > 1 && align)
        op_set_attr(c->m, st, "alignment", attr_int(c->m, align, TY_I64));
    if (cond)
        region_leave(c, NULL, 0, &s);
    return j;
}

/* The test that the row length of t's global memref is a multiple of w (i1), so that a
 * run of w elements at a column that is a multiple of w is w-aligned and inside the
 * row when its first element is: in the prologue (once per kernel) when the memref is
 * a kernel argument.  0 when the rows' stride is not the row length, or never is. */
static ValueId
rows_multiple_of(Ctx *c, const Transfer *t, uint32_t w)
{
    const Type *mt = type_get(c->m, value_type(c->m, t->memref));
    if (mt->kind != TY_MEMREF || mt->layout || mt->memspace == MS_WORKGROUP ||
        mt->memspace == MS_PRIVATE || t->mrank < 1)
        return 0;
    int64_t n = mt->shape[t->mrank - 1];
    if (n != DIM_DYNAMIC)
        return n % w == 0 ? const_bool(c, true) : 0;
    const Value *mv = value_get(c->m, t->memref);
    OpList *saved = c->out;
    if (mv->def == 0 && mv->block == op_entry_block(c->m, c->func, 0))
        c->out = &c->prologue;
    ValueId rem[2] = { memref_dim(c, t->memref, t->mrank - 1), 0 };
    rem[1] = const_index(c, w); /* in order: an initializer's order is unspecified */
    ValueId r = emit1(c, OP_REMUI, 2, rem, TY_INDEX);
    ValueId ok = cmp_i(c, CMPI_EQ, r, const_index(c, 0));
    c->out = saved;
    return ok;
}

/* The accesses of v's slots, in runs of at most cap elements, each under its guard. */
static void
write_runs(Ctx *c, const Transfer *t, Dist *v, const Access *a, const ValueId *start,
           const int64_t *mslot, uint32_t cap, int64_t align)
{
    for (uint32_t i = 0; i < v->n;) {
        uint32_t w = run_length(t, a, v->n, i, cap);
        ValueId g = mslot ? dist_elem(c, t->mask, (uint32_t)mslot[a[i].slot]) : 0;
        i = write_access(c, t, v, a, i, w, start, g, align);
    }
}

/*
 * Guarded writes (the last dim not in bounds) go element by element, each element
 * checked on its own.  Where the thread's elements come in runs along a contiguous
 * last dim (an mma accumulator's pairs) at columns whose alignment is known, the
 * runs are stored whole instead when the row length is a multiple of the run (a
 * uniform test, once per kernel), each under its first element's guard: a
 * warp's stores then fill whole sectors.  Returns the run length (1: none).
 */
static uint32_t
guarded_run(Ctx *c, const Transfer *t, const Dist *v, const Access *a, const ValueId *start,
            int32_t il, ValueId *test)
{
    *test = 0;
    if (t->mask || il < 0 || !unit_stride(c, t->memref))
        return 1;
    uint32_t cap = max_vector(v->elem), wmax = 1;
    int64_t al = dist_pow2_divisor(c, start[t->mrank - 1]);
    if ((int64_t)cap > al)
        cap = al < 1 ? 1 : (uint32_t)al;
    for (uint32_t i = 0; cap > 1 && i < v->n; i++) {
        uint32_t w = run_length(t, a, v->n, i, cap);
        wmax = w > wmax ? w : wmax;
    }
    if (wmax < 2)
        return 1;
    *test = rows_multiple_of(c, t, wmax);
    return *test ? wmax : 1;
}

bool
write_tiles(Ctx *c, const Transfer *t, Dist *v, bool guard)
{
    const NestedLayout *l = v->layout;
    Access *a = accesses(c, t, l, v->n);
    ValueId holder = guard ? canonical_holder(c, l) : 0;
    int64_t known = 1;
    if (holder && const_value_of(c, holder, &known))
        holder = 0;
    if (!known)
        return true;
    RegionSave s;
    OpId ifop = 0;
    if (holder) {
        ifop = emit_if(c, holder, 0, NULL, false);
        region_enter(c, ifop, 0, &s);
    }
    ValueId start[LAYOUT_MAX_RANK];
    starts(c, t, l, start);
    int32_t il = last_dim(t);
    bool guard_each = needs_guard(t, l, il);
    uint32_t cap = il >= 0 && unit_stride(c, t->memref) && !guard_each ? max_vector(v->elem) : 1;
    cap = swizzle_cap(c, t, start, cap);
    int64_t *mslot = t->mask ? mask_slots(c, t, l) : NULL;
    if (t->mask && !mslot)
        return false;
    ValueId test = 0;
    uint32_t run = guard_each ? guarded_run(c, t, v, a, start, il, &test) : 1;
    int64_t known_test = 0, align = (int64_t)run * ((type_bitwidth(v->elem) + 7) / 8);
    if (run < 2) {
        write_runs(c, t, v, a, start, mslot, cap, 0);
    } else if (const_value_of(c, test, &known_test) && known_test) {
        write_runs(c, t, v, a, start, mslot, run, align);
    } else {
        RegionSave rs;
        OpId aligned = emit_if(c, test, 0, NULL, true);
        region_enter(c, aligned, 0, &rs);
        write_runs(c, t, v, a, start, mslot, run, align);
        region_leave(c, NULL, 0, &rs);
        region_enter(c, aligned, 1, &rs);
        write_runs(c, t, v, a, start, mslot, 1, 0);
        region_leave(c, NULL, 0, &rs);
    }
    if (holder)
        region_leave(c, NULL, 0, &s);
    return !c->failed;
}

void
dist_whole_transfer(Ctx *c, Transfer *t, ValueId memref, int32_t rank)
{
    memset(t, 0, sizeof *t);
    t->memref = memref;
    t->mrank = rank ? (uint32_t)rank : 1;
    for (uint32_t p = 0; p < t->mrank; p++)
        t->base[p] = const_index(c, 0);
    for (int32_t i = 0; i < LAYOUT_MAX_RANK; i++) {
        t->dim_of[i] = i < rank ? i : -1;
        t->in_bounds[i] = true;
    }
}
