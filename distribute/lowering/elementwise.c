/*
 * elementwise.c -- ops that move no data between threads once the layouts
 * agree: elementwise arith/math, constants, broadcast, transpose, shape_cast,
 * extract/insert (+ strided slices), splat, step, create_mask /
 * constant_mask, from_elements, and iree_vector_ext.to_layout.
 *
 * Elementwise ops act on the per-thread vectors directly (operands converted
 * to the result's layout first).  The shape ops are slot maps (slots.c): slot
 * k of the result is some slot of the source in the same thread.  When the
 * layouts do not allow that, the source goes through workgroup memory (write
 * in its layout, barrier, read the result's elements with the op's index map).
 * Ops whose result depends on the element index (step, masks, non-splat
 * constants, from_elements) compute it from the thread's virtual ids:
 * x_d = thread_offset + slot_offset (build.c), folded when the dim is not
 * distributed.
 *
 * Requires:    distribute.c's Ctx; the op's results carry layouts and its vector
 *              operands are distributed already (any layout: each is converted to
 *              the one the op computes in).
 * Ensures:     each result is bound to per-thread values in its own layout's slot
 *              order; ops that move no data between threads emit only register
 *              moves (or nothing: vector.extract/insert re-arrange slot lists);
 *              where the layouts need data from other threads, the value goes
 *              through a workgroup buffer with a barrier before the write and
 *              before the read.
 * Invalidates: nothing beyond the block being rebuilt.
 */
#include "distribute/lowering/lowering.h"

#include <string.h>

static bool
keep_scalar_op(Ctx *c, OpId o)
{
    Op *op = op_get(c->m, o);
    for (uint32_t i = 0; i < op->nargs; i++)
        op->args[i] = dist_scalar(c, op->args[i]);
    ARRAY_PUSH(&c->m->arena, *c->out, o);
    return true;
}

static bool
res_layout(Ctx *c, OpId o, NestedLayout *l)
{
    if (result_layout(c, o, 0, l))
        return true;
    return dist_error(c, "'%s' result has no layout", op_name(c->m, o));
}

/* Copies the op's attributes (but not the layout) to n. */
static void
copy_attrs(Ctx *c, OpId from, OpId to)
{
    for (uint32_t i = 0; i < op_get(c->m, from)->nattrs; i++) {
        NamedAttr a = op_get(c->m, from)->attrs[i];
        if (strcmp(a.name, "vptx.layout") != 0)
            op_set_attr(c->m, to, a.name, a.value);
    }
}

bool
distribute_elementwise(Ctx *c, OpId o)
{
    ValueId res = op_get(c->m, o)->res[0];
    if (!type_is_vector(c->m, value_type(c->m, res)))
        return keep_scalar_op(c, o);
    NestedLayout l;
    if (!res_layout(c, o, &l))
        return false;
    uint32_t n = op_get(c->m, o)->nargs;
    ValueId args[8];
    if (n > 8)
        return dist_error(c, "'%s' has too many operands", op_name(c->m, o));
    for (uint32_t i = 0; i < n; i++) {
        ValueId a = op_get(c->m, o)->args[i];
        if (!type_is_vector(c->m, value_type(c->m, a)) && !(a < c->nold && c->dist[a])) {
            args[i] = dist_scalar(c, a);
            continue;
        }
        Dist *d = dist_of(c, a);
        if (!d || !(d = convert_dist(c, d, &l)))
            return false;
        args[i] = dist_vec(c, d);
    }
    Dist *r = dist_new(c, &l, type_element(c->m, value_type(c->m, res)));
    TypeId t = dist_type(c, r);
    OpId no = emit(c, op_get(c->m, o)->kind, n, args, 1, &t, 0);
    copy_attrs(c, o, no);
    dist_set_vec(c, r, op_get(c->m, no)->res[0]);
    dist_bind(c, res, r);
    return true;
}

/* row-major linear index of slot k's element, as a value (folded when static) */
static ValueId
linear_index(Ctx *c, const NestedLayout *l, int64_t k)
{
    int64_t shape[LAYOUT_MAX_RANK];
    layout_shape(l, shape);
    ValueId lin = const_index(c, 0);
    for (int32_t d = 0; d < l->rank; d++) {
        ValueId scaled = idx_mul_c(c, lin, shape[d]);
        lin = idx_add(c, scaled, element_index(c, l, d, k));
    }
    return lin;
}

typedef ValueId ValueAt(Ctx *c, int64_t lin, const void *arg);

/*
 * Slot k of a value whose element at linear index i is value_at(i): directly
 * when every thread has the same i at slot k, else a select chain over the
 * indices the threads have there (at most 64).
 */
static ValueId
value_by_index(Ctx *c, const NestedLayout *l, int64_t k, ValueAt *value_at, const void *arg)
{
    ValueId lin = linear_index(c, l, k);
    int64_t v;
    if (const_value_of(c, lin, &v))
        return value_at(c, v, arg);
    int64_t seen[64] = { 0 }, shape[LAYOUT_MAX_RANK], x[LAYOUT_MAX_RANK];
    uint32_t nseen = 0;
    layout_shape(l, shape);
    for (int64_t tid = 0; tid < c->nthreads; tid++) {
        layout_element_of(l, tid / 32, tid % 32, k, x);
        int64_t i = 0;
        for (int32_t d = 0; d < l->rank; d++)
            i = i * shape[d] + x[d];
        bool dup = false;
        for (uint32_t j = 0; j < nseen && !dup; j++)
            dup = seen[j] == i;
        if (dup)
            continue;
        if (nseen == 64) {
            dist_error(c, "per-element values of a distributed vector: more than 64 per slot");
            return 0;
        }
        seen[nseen++] = i;
    }
    ValueId vals[64] = { 0 };
    for (uint32_t j = 0; j < nseen; j++)
        vals[j] = value_at(c, seen[j], arg);
    ValueId r = vals[0]; /* constants are deduplicated: equal values, equal ids */
    for (uint32_t j = 1; j < nseen; j++) {
        if (vals[j] == vals[0])
            continue;
        ValueId args[3] = { cmp_i(c, CMPI_EQ, lin, const_index(c, seen[j])), vals[j], r };
        r = emit1(c, OP_SELECT, 3, args, value_type(c->m, r));
    }
    return r;
}

/* ---- constants ---- */

static const Attr *
dense_splat(Ctx *c, const Attr *a, TypeId type)
{
    Attr *s = arena_alloc(&c->m->arena, sizeof *s);
    *s = *a;
    s->type = type;
    s->splat = true;
    s->n = 1;
    return s;
}

static ValueId
dense_value_at(Ctx *c, int64_t lin, const void *arg)
{
    const Attr *a = arg;
    TypeId e = type_element(c->m, a->type);
    int64_t i = a->splat ? 0 : lin;
    if (type_is_float(e))
        return const_float(c, a->floats[i], e);
    return const_int(c, a->ints[i], e);
}

bool
distribute_constant(Ctx *c, OpId o)
{
    ValueId res = op_get(c->m, o)->res[0];
    const Attr *a = op_attr(c->m, o, "value");
    if (!type_is_vector(c->m, value_type(c->m, res)))
        return keep_scalar_op(c, o);
    NestedLayout l;
    if (!res_layout(c, o, &l))
        return false;
    if (!a || a->kind != ATTR_DENSE)
        return dist_error(c, "'arith.constant' of a vector needs a dense value");
    Dist *d = dist_new(c, &l, type_element(c->m, value_type(c->m, res)));
    if (a->splat) {
        TypeId t = dist_type(c, d);
        ValueId v = emit1(c, OP_CONSTANT, 0, NULL, t);
        op_set_attr(c->m, value_get(c->m, v)->def, "value", dense_splat(c, a, t));
        dist_set_vec(c, d, v);
    } else {
        for (uint32_t k = 0; k < d->n; k++) {
            ValueId v = value_by_index(c, &l, k, dense_value_at, a);
            if (!v)
                return false;
            dist_set_elem(c, d, k, v);
        }
    }
    dist_bind(c, res, d);
    return true;
}

static ValueId
operand_at(Ctx *c, int64_t lin, const void *arg)
{
    OpId o = *(const OpId *)arg;
    return dist_scalar(c, op_get(c->m, o)->args[lin]);
}

bool
distribute_from_elements(Ctx *c, OpId o)
{
    ValueId res = op_get(c->m, o)->res[0];
    NestedLayout l;
    if (!res_layout(c, o, &l))
        return false;
    Dist *d = dist_new(c, &l, type_element(c->m, value_type(c->m, res)));
    for (uint32_t k = 0; k < d->n; k++) {
        ValueId v = value_by_index(c, &l, k, operand_at, &o);
        if (!v)
            return false;
        dist_set_elem(c, d, k, v);
    }
    dist_bind(c, res, d);
    return true;
}

/* ---- shape ops: slot maps, or through workgroup memory ---- */

/* The source's per-thread form in layout `to`, slot k = element fn(x_k); NULL if impossible. */
static Dist *
map_or_null(Ctx *c, Dist *src, const NestedLayout *to, IndexFn *fn, const void *arg)
{
    int64_t *perm = arena_alloc(&c->m->arena, (layout_num_slots(to) + 1) * sizeof *perm);
    if (slot_map(c, to, src->layout, fn, arg, perm))
        return permute_dist(c, src, to, perm);
    return NULL;
}

typedef struct BroadcastMap {
    int32_t lead;                    /* new leading dims */
    int32_t rank;                    /* source rank */
    bool stretched[LAYOUT_MAX_RANK]; /* source dim of size 1 broadcast to more */
} BroadcastMap;

static void
broadcast_index(const int64_t *x, int64_t *y, const void *arg)
{
    const BroadcastMap *b = arg;
    for (int32_t j = 0; j < b->rank; j++)
        y[j] = b->stretched[j] ? 0 : x[b->lead + j];
}

bool
distribute_broadcast(Ctx *c, OpId o)
{
    ValueId src = op_get(c->m, o)->args[0], res = op_get(c->m, o)->res[0];
    NestedLayout l;
    if (!res_layout(c, o, &l))
        return false;
    TypeId elem = type_element(c->m, value_type(c->m, res));
    if (!(src < c->nold && c->dist[src]) && !type_is_vector(c->m, value_type(c->m, src))) {
        Dist *d = dist_new(c, &l, elem);
        ValueId s = dist_scalar(c, src);
        dist_set_vec(c, d, emit1(c, OP_BROADCAST, 1, &s, dist_type(c, d)));
        dist_bind(c, res, d);
        return true;
    }
    Dist *s = dist_of(c, src);
    if (!s)
        return false;
    BroadcastMap b = { l.rank - s->layout->rank, s->layout->rank, { false } };
    int64_t rs[LAYOUT_MAX_RANK], ss[LAYOUT_MAX_RANK];
    layout_shape(&l, rs);
    layout_shape(s->layout, ss);
    int32_t dims[LAYOUT_MAX_RANK];
    for (int32_t j = 0; j < b.rank; j++) {
        b.stretched[j] = ss[j] == 1 && rs[b.lead + j] != 1;
        dims[b.lead + j] = b.stretched[j] ? -1 : j;
    }
    for (int32_t i = 0; i < b.lead; i++)
        dims[i] = -1;
    Dist *d = map_or_null(c, s, &l, broadcast_index, &b);
    if (!d)
        d = gather_memory(c, s, &l, dims, NULL);
    if (!d)
        return false;
    dist_bind(c, res, d);
    return true;
}

static bool
get_i64s(const Attr *a, int64_t *out, uint32_t cap, uint32_t *n)
{
    if (!a)
        return false;
    if (a->kind == ATTR_DENSE_ARRAY && a->n <= cap) {
        for (uint32_t i = 0; i < a->n; i++)
            out[i] = a->ints[i];
        *n = a->n;
        return true;
    }
    if (a->kind == ATTR_ARRAY && a->n <= cap) {
        for (uint32_t i = 0; i < a->n; i++) {
            if (a->items[i]->kind != ATTR_INT)
                return false;
            out[i] = a->items[i]->i;
        }
        *n = a->n;
        return true;
    }
    return false;
}

typedef struct Perm {
    int32_t rank;
    int64_t perm[LAYOUT_MAX_RANK];
} Perm;

static void
transpose_index(const int64_t *x, int64_t *y, const void *arg)
{
    const Perm *p = arg;
    for (int32_t i = 0; i < p->rank; i++)
        y[p->perm[i]] = x[i];
}

bool
distribute_transpose(Ctx *c, OpId o)
{
    ValueId res = op_get(c->m, o)->res[0];
    NestedLayout l;
    Dist *s = dist_of(c, op_get(c->m, o)->args[0]);
    if (!s || !res_layout(c, o, &l))
        return false;
    Perm p = { l.rank, { 0 } };
    uint32_t n;
    if (!get_i64s(op_attr(c->m, o, "permutation"), p.perm, LAYOUT_MAX_RANK, &n) ||
        n != (uint32_t)l.rank)
        return dist_error(c, "'vector.transpose' needs a permutation");
    Dist *d = map_or_null(c, s, &l, transpose_index, &p);
    if (!d) {
        int32_t dims[LAYOUT_MAX_RANK];
        for (int32_t i = 0; i < l.rank; i++)
            dims[i] = (int32_t)p.perm[i];
        d = gather_memory(c, s, &l, dims, NULL);
    }
    if (!d)
        return false;
    dist_bind(c, res, d);
    return true;
}

typedef struct Reshape {
    NestedLayout from, to;
} Reshape;

static void
reshape_index(const int64_t *x, int64_t *y, const void *arg)
{
    const Reshape *r = arg;
    int64_t ts[LAYOUT_MAX_RANK], fs[LAYOUT_MAX_RANK], lin = 0;
    layout_shape(&r->to, ts);
    layout_shape(&r->from, fs);
    for (int32_t d = 0; d < r->to.rank; d++)
        lin = lin * ts[d] + x[d];
    for (int32_t d = r->from.rank; d-- > 0;) {
        y[d] = lin % fs[d];
        lin /= fs[d];
    }
}

/* A memref.view of the byte buffer `raw` as a memref<shape x elem, 3>, in the prologue. */
static ValueId
view_as(Ctx *c, ValueId raw, TypeId elem, int32_t rank, const int64_t *shape)
{
    int64_t s[LAYOUT_MAX_RANK];
    memcpy(s, shape, (size_t)rank * sizeof *s);
    if (rank == 0)
        s[rank++] = 1;
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId args[2] = { raw, const_index(c, 0) };
    TypeId t = type_memref(c->m, elem, (uint32_t)rank, s, NULL, MS_WORKGROUP, true);
    ValueId v = emit1(c, OP_VIEW, 2, args, t);
    c->out = saved;
    return v;
}

/*
 * shape_cast whose layouts share no per-thread order: write the source in its
 * layout through a row-major view of a byte buffer, barrier, and read it back
 * through a view of the result's shape (the same bytes, so the same row-major
 * order) in the result's layout.
 */
static Dist *
reshape_through_memory(Ctx *c, Dist *s, const NestedLayout *to)
{
    int64_t fs[LAYOUT_MAX_RANK], ts[LAYOUT_MAX_RANK], n = (type_bitwidth(s->elem) + 7) / 8;
    layout_shape(s->layout, fs);
    layout_shape(to, ts);
    for (int32_t d = 0; d < s->layout->rank; d++)
        n *= fs[d];
    Buffer *raw = get_buffer(c, TY_I8, 1, &n, 0);
    ValueId views[2] = { view_as(c, raw->v, s->elem, s->layout->rank, fs),
                         view_as(c, raw->v, s->elem, to->rank, ts) };
    Transfer t;
    dist_whole_transfer(c, &t, views[0], s->layout->rank);
    buffer_before_write(c, raw);
    if (!write_tiles(c, &t, s, true))
        return NULL;
    barrier(c);
    dist_whole_transfer(c, &t, views[1], to->rank);
    return read_tiles(c, &t, to, s->elem);
}

bool
distribute_shape_cast(Ctx *c, OpId o)
{
    ValueId res = op_get(c->m, o)->res[0];
    Reshape r;
    Dist *s = dist_of(c, op_get(c->m, o)->args[0]);
    if (!s || !res_layout(c, o, &r.to))
        return false;
    r.from = *s->layout;
    Dist *d = map_or_null(c, s, &r.to, reshape_index, &r);
    if (!d) {
        int64_t shape[LAYOUT_MAX_RANK];
        layout_shape(s->layout, shape);
        NestedLayout want;
        char why[LAYOUT_REASON_SIZE];
        Dist *w;
        if (layout_reshape(&r.to, s->layout->rank, shape, &want, why, sizeof why) &&
            (w = convert_dist(c, s, &want)) != NULL) {
            r.from = *w->layout;
            d = map_or_null(c, w, &r.to, reshape_index, &r);
        }
    }
    if (!d && !c->failed)
        d = reshape_through_memory(c, s, &r.to);
    if (!d)
        return false;
    dist_bind(c, res, d);
    return true;
}

/* ---- extract / insert ---- */

typedef struct Offset {
    int32_t lead;                 /* dims dropped (extract/insert) */
    int32_t rank;                 /* rank of the small side */
    int64_t pos[LAYOUT_MAX_RANK]; /* offsets of the big side, per big dim */
} Offset;

/* small index -> big index: (pos[0..lead), x + pos[lead..]) */
static void
widen_index(const int64_t *x, int64_t *y, const void *arg)
{
    const Offset *f = arg;
    for (int32_t i = 0; i < f->lead; i++)
        y[i] = f->pos[i];
    for (int32_t i = 0; i < f->rank; i++)
        y[f->lead + i] = x[i] + f->pos[f->lead + i];
}

/* big index -> small index */
static void
narrow_index(const int64_t *x, int64_t *y, const void *arg)
{
    const Offset *f = arg;
    for (int32_t i = 0; i < f->rank; i++)
        y[i] = x[f->lead + i] - f->pos[f->lead + i];
}

/* the part at f of src, in layout `to` (rank-0 for a scalar) */
static Dist *
extract_part(Ctx *c, Dist *src, const NestedLayout *to, const Offset *f)
{
    Dist *d = map_or_null(c, src, to, widen_index, f);
    if (d)
        return d;
    int32_t dims[LAYOUT_MAX_RANK];
    for (int32_t i = 0; i < f->rank; i++)
        dims[i] = f->lead + i;
    return gather_memory(c, src, to, dims, f->pos);
}

/*
 * Dynamic positions (static_position entries DIM_DYNAMIC, values from the
 * operands from `first`): pv[i] is the position along leading dim i as a value.
 */
static bool
positions(Ctx *c, OpId o, uint32_t first, Offset *f, ValueId *pv, bool *dynamic)
{
    uint32_t n, next = first;
    if (!get_i64s(op_attr(c->m, o, "static_position"), f->pos, LAYOUT_MAX_RANK, &n))
        return dist_error(c, "'%s' needs static_position", op_name(c->m, o));
    *dynamic = false;
    for (uint32_t i = 0; i < n; i++) {
        if (f->pos[i] != DIM_DYNAMIC) {
            pv[i] = const_index(c, f->pos[i]);
            continue;
        }
        if (next >= op_get(c->m, o)->nargs)
            return dist_error(c, "'%s' has too few dynamic position operands", op_name(c->m, o));
        pv[i] = dist_scalar(c, op_get(c->m, o)->args[next++]);
        f->pos[i] = 0;
        *dynamic = true;
    }
    f->lead = (int32_t)n;
    return true;
}

enum { DYN_MAX_CHOICES = 16 };

/*
 * The part at a dynamic position.  When, for every value the dynamic
 * positions can take (at most DYN_MAX_CHOICES), each thread holds the part in
 * its own registers, a select chain over those values; else through a
 * workgroup buffer read at the positions.
 */
static Dist *
extract_dynamic(Ctx *c, Dist *src, const NestedLayout *to, Offset *f, const ValueId *pv,
                const bool *dyn)
{
    int64_t shape[LAYOUT_MAX_RANK], choices = 1;
    layout_shape(src->layout, shape);
    for (int32_t i = 0; i < f->lead; i++)
        if (dyn[i])
            choices *= shape[i];
    Dist *cand[DYN_MAX_CHOICES];
    ValueId cond[DYN_MAX_CHOICES];
    bool in_registers = choices <= DYN_MAX_CHOICES;
    Offset g[DYN_MAX_CHOICES];
    for (int64_t j = 0; in_registers && j < choices; j++) {
        g[j] = *f;
        int64_t rest = j;
        for (int32_t i = f->lead - 1; i >= 0; i--)
            if (dyn[i]) {
                g[j].pos[i] = rest % shape[i];
                rest /= shape[i];
            }
        in_registers = (cand[j] = map_or_null(c, src, to, widen_index, &g[j])) != NULL;
    }
    for (int64_t j = 1; in_registers && j < choices; j++) {
        cond[j] = 0;
        for (int32_t i = 0; i < f->lead; i++)
            if (dyn[i])
                cond[j] = and_i1(c, cond[j], cmp_i(c, CMPI_EQ, pv[i], const_index(c, g[j].pos[i])));
    }
    if (in_registers) {
        Dist *r = dist_new(c, to, src->elem);
        for (uint32_t k = 0; k < r->n; k++) {
            ValueId v = dist_elem(c, cand[0], k);
            for (int64_t j = 1; j < choices; j++) {
                ValueId args[3] = { cond[j], dist_elem(c, cand[j], k), v };
                v = emit1(c, OP_SELECT, 3, args, r->elem);
            }
            dist_set_elem(c, r, k, v);
        }
        return r;
    }
    int32_t dims[LAYOUT_MAX_RANK];
    ValueId base[LAYOUT_MAX_RANK + 1];
    for (int32_t i = 0; i < f->rank; i++)
        dims[i] = f->lead + i;
    for (int32_t i = 0; i < src->layout->rank; i++)
        base[i] = i < f->lead ? pv[i] : const_index(c, 0);
    return dist_gather_memory_at(c, src, to, dims, base);
}

bool
distribute_extract(Ctx *c, OpId o)
{
    ValueId res = op_get(c->m, o)->res[0];
    Dist *s = dist_of(c, op_get(c->m, o)->args[0]);
    if (!s)
        return false;
    Offset f;
    memset(&f, 0, sizeof f);
    ValueId pv[LAYOUT_MAX_RANK];
    bool dynamic, dyn[LAYOUT_MAX_RANK];
    if (!positions(c, o, 1, &f, pv, &dynamic))
        return false;
    f.rank = s->layout->rank - f.lead;
    const Attr *sp = op_attr(c->m, o, "static_position");
    for (int32_t i = 0; i < f.lead; i++)
        dyn[i] = sp->kind == ATTR_DENSE_ARRAY ? sp->ints[i] == DIM_DYNAMIC
                                              : sp->items[i]->i == DIM_DYNAMIC;
    NestedLayout l;
    bool scalar = !type_is_vector(c->m, value_type(c->m, res));
    if (scalar)
        layout_init(&l, 0);
    else if (!res_layout(c, o, &l))
        return false;
    Dist *d = dynamic ? extract_dynamic(c, s, &l, &f, pv, dyn) : extract_part(c, s, &l, &f);
    if (!d)
        return false;
    if (scalar) {
        if (res < c->nold)
            c->map[res] = dist_elem(c, d, 0);
        return true;
    }
    dist_bind(c, res, d);
    return true;
}

static bool
in_region(const int64_t *x, const Offset *f, const int64_t *size, int32_t rank)
{
    for (int32_t d = 0; d < rank; d++) {
        int64_t lo = f->pos[d], hi = d < f->lead ? lo + 1 : lo + size[d - f->lead];
        if (x[d] < lo || x[d] >= hi)
            return false;
    }
    return true;
}

/* The part's slot that holds, in every thread that inserts at slot k, the inserted element. */
static int64_t
part_slot(Ctx *c, const NestedLayout *l, const NestedLayout *pl, int64_t k, const Offset *f,
          const int64_t *size)
{
    int64_t x[LAYOUT_MAX_RANK], y[LAYOUT_MAX_RANK], z[LAYOUT_MAX_RANK], slot = -1;
    for (int64_t tid = 0; tid < c->nthreads; tid++) {
        layout_element_of(l, tid / 32, tid % 32, k, x);
        if (!in_region(x, f, size, l->rank))
            continue;
        narrow_index(x, y, f);
        if (slot < 0 && (slot = layout_slot_of(pl, y)) < 0)
            return -1;
        layout_element_of(pl, tid / 32, tid % 32, slot, z);
        for (int32_t d = 0; d < pl->rank; d++)
            if (z[d] != y[d])
                return -1;
    }
    return slot < 0 ? 0 : slot;
}

/*
 * insert / insert_strided_slice: slot k of the result is the part's element
 * where the element index lies in [pos, pos + size) on every big dim, else
 * dest's.  Tests that depend on the thread become selects.
 */
/* The part's slot that holds, in every thread, the element of dest's slot k
 * without its `lead` leading dims (dynamic insert positions). */
static int64_t
part_slot_any(Ctx *c, const NestedLayout *l, const NestedLayout *pl, int64_t k, int32_t lead)
{
    int64_t x[LAYOUT_MAX_RANK], z[LAYOUT_MAX_RANK], slot = -1;
    for (int64_t tid = 0; tid < c->nthreads; tid++) {
        layout_element_of(l, tid / 32, tid % 32, k, x);
        if (slot < 0 && (slot = layout_slot_of(pl, x + lead)) < 0)
            return -1;
        layout_element_of(pl, tid / 32, tid % 32, slot, z);
        for (int32_t d = 0; d < pl->rank; d++)
            if (z[d] != x[lead + d])
                return -1;
    }
    return slot < 0 ? 0 : slot;
}

static bool
insert_part(Ctx *c, OpId o, ValueId part_old, ValueId dest_old, const Offset *f,
            const int64_t *size, const ValueId *dyn_pos)
{
    ValueId res = op_get(c->m, o)->res[0];
    NestedLayout l;
    Dist *dest = dist_of(c, dest_old);
    if (!dest || !res_layout(c, o, &l) || !(dest = convert_dist(c, dest, &l)))
        return false;
    Dist *part = NULL;
    NestedLayout pl;
    if (part_old < c->nold && c->dist[part_old])
        part = c->dist[part_old];
    else if (type_is_vector(c->m, value_type(c->m, part_old)))
        return dist_error(c, "'%s' part has no layout", op_name(c->m, o));
    Dist *r = dist_new(c, &l, dest->elem);
    for (uint32_t k = 0; k < r->n; k++) {
        ValueId in = 0;
        for (int32_t d = 0; d < l.rank; d++) {
            ValueId x = element_index(c, &l, d, k);
            if (dyn_pos && d < f->lead) {
                in = and_i1(c, in, cmp_i(c, CMPI_EQ, x, dyn_pos[d]));
                continue;
            }
            int64_t lo = f->pos[d], hi = d < f->lead ? lo + 1 : lo + size[d - f->lead];
            ValueId above = cmp_i(c, CMPI_SGE, x, const_index(c, lo));
            in = and_i1(c, in, and_i1(c, above, cmp_i(c, CMPI_SLT, x, const_index(c, hi))));
        }
        int64_t v = 1;
        if (in && const_value_of(c, in, &v) && !v) {
            dist_set_elem(c, r, k, dist_elem(c, dest, k));
            continue;
        }
        ValueId pv;
        if (!part) {
            pv = dist_scalar(c, part_old);
        } else {
            pl = *part->layout;
            int64_t slot =
                dyn_pos ? part_slot_any(c, &l, &pl, k, f->lead) : part_slot(c, &l, &pl, k, f, size);
            if (slot < 0)
                return dist_error(c, "'%s' part is not held by the threads it is inserted in",
                                  op_name(c->m, o));
            pv = dist_elem(c, part, (uint32_t)slot);
        }
        if (!in || (const_value_of(c, in, &v) && v)) {
            dist_set_elem(c, r, k, pv);
        } else {
            ValueId args[3] = { in, pv, dist_elem(c, dest, k) };
            dist_set_elem(c, r, k, emit1(c, OP_SELECT, 3, args, r->elem));
        }
    }
    dist_bind(c, res, r);
    return true;
}

bool
distribute_insert(Ctx *c, OpId o)
{
    Offset f;
    memset(&f, 0, sizeof f);
    ValueId pv[LAYOUT_MAX_RANK];
    bool dynamic;
    if (!positions(c, o, 2, &f, pv, &dynamic))
        return false;
    ValueId dest = op_get(c->m, o)->args[1];
    f.rank = (int32_t)type_get(c->m, value_type(c->m, dest))->rank - f.lead;
    int64_t size[LAYOUT_MAX_RANK];
    Dist *dd = dist_of(c, dest);
    if (!dd)
        return false;
    layout_shape(dd->layout, size);
    return insert_part(c, o, op_get(c->m, o)->args[0], dest, &f, size + f.lead,
                       dynamic ? pv : NULL);
}

bool
distribute_strided_slice(Ctx *c, OpId o)
{
    Offset f;
    memset(&f, 0, sizeof f);
    int64_t sizes[LAYOUT_MAX_RANK], strides[LAYOUT_MAX_RANK];
    uint32_t n = 0, ns = 0;
    bool insert = op_get(c->m, o)->kind == OP_INSERT_STRIDED_SLICE;
    if (!get_i64s(op_attr(c->m, o, "offsets"), f.pos, LAYOUT_MAX_RANK, &n))
        return dist_error(c, "'%s' needs offsets", op_name(c->m, o));
    if (get_i64s(op_attr(c->m, o, "strides"), strides, LAYOUT_MAX_RANK, &ns))
        for (uint32_t i = 0; i < ns; i++)
            if (strides[i] != 1)
                return dist_error(c, "'%s' with strides other than 1", op_name(c->m, o));
    ValueId big = op_get(c->m, o)->args[insert ? 1 : 0];
    int32_t brank = (int32_t)type_get(c->m, value_type(c->m, big))->rank;
    for (uint32_t i = n; i < (uint32_t)brank; i++)
        f.pos[i] = 0;
    if (insert) {
        ValueId part = op_get(c->m, o)->args[0];
        int32_t prank = (int32_t)type_get(c->m, value_type(c->m, part))->rank;
        f.lead = brank - prank;
        f.rank = prank;
        const Type *pt = type_get(c->m, value_type(c->m, part));
        for (int32_t i = 0; i < prank; i++)
            sizes[i] = pt->shape[i];
        return insert_part(c, o, part, big, &f, sizes, NULL);
    }
    ValueId res = op_get(c->m, o)->res[0];
    Dist *s = dist_of(c, big);
    NestedLayout l;
    if (!s || !res_layout(c, o, &l))
        return false;
    f.lead = 0;
    f.rank = brank;
    Dist *d = extract_part(c, s, &l, &f);
    if (!d)
        return false;
    dist_bind(c, res, d);
    return true;
}

/* ---- index-valued vectors ---- */

bool
distribute_step(Ctx *c, OpId o)
{
    ValueId res = op_get(c->m, o)->res[0];
    NestedLayout l;
    if (!res_layout(c, o, &l))
        return false;
    Dist *d = dist_new(c, &l, TY_INDEX);
    for (uint32_t k = 0; k < d->n; k++)
        dist_set_elem(c, d, k, element_index(c, &l, 0, k));
    dist_bind(c, res, d);
    return true;
}

/* create_mask (bounds are operands) and constant_mask (mask_dim_sizes) */
bool
distribute_mask(Ctx *c, OpId o)
{
    ValueId res = op_get(c->m, o)->res[0];
    NestedLayout l;
    if (!res_layout(c, o, &l))
        return false;
    ValueId bound[LAYOUT_MAX_RANK];
    if (op_get(c->m, o)->kind == OP_CONSTANT_MASK) {
        int64_t sizes[LAYOUT_MAX_RANK];
        uint32_t n;
        if (!get_i64s(op_attr(c->m, o, "mask_dim_sizes"), sizes, LAYOUT_MAX_RANK, &n))
            return dist_error(c, "'vector.constant_mask' needs mask_dim_sizes");
        for (uint32_t i = 0; i < n; i++)
            bound[i] = const_index(c, sizes[i]);
    } else {
        for (uint32_t i = 0; i < op_get(c->m, o)->nargs && i < LAYOUT_MAX_RANK; i++)
            bound[i] = dist_scalar(c, op_get(c->m, o)->args[i]);
    }
    Dist *d = dist_new(c, &l, TY_I1);
    for (uint32_t k = 0; k < d->n; k++) {
        ValueId in = const_bool(c, true);
        for (int32_t i = 0; i < l.rank; i++)
            in = and_i1(c, in, cmp_i(c, CMPI_SLT, element_index(c, &l, i, k), bound[i]));
        dist_set_elem(c, d, k, in);
    }
    dist_bind(c, res, d);
    return true;
}

/* ---- layout conversions ---- */

bool
distribute_to_layout(Ctx *c, OpId o)
{
    ValueId res = op_get(c->m, o)->res[0];
    NestedLayout l;
    Dist *s = dist_of(c, op_get(c->m, o)->args[0]);
    if (!s || !res_layout(c, o, &l))
        return false;
    Dist *d = convert_dist(c, s, &l);
    if (!d)
        return false;
    dist_bind(c, res, d);
    return true;
}
