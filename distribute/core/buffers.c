/*
 * buffers.c -- workgroup buffers and what goes through them: the buffers the rewrite
 * allocates (one per type and shape, in the prologue), their bank-conflict padding,
 * the padding of the kernel's own workgroup buffers, and layout conversions through
 * workgroup memory (write in layout A, barrier, read in layout B) where no slot map
 * (slots.c) does it in registers.
 *
 * Requires:    distribute.c's Ctx; layouts that are valid for the same shape.
 * Ensures:     conversions through memory: a workgroup buffer allocated once in
 *              the prologue, a barrier before a buffer is reused and between the
 *              writes and the reads.  dist_pad_workgroup_allocs: the kernel's own
 *              workgroup memref.allocs whose every use is an in-bounds access get
 *              longer rows (bank-conflict padding); indices are unchanged.
 * Invalidates: the types of the padded memref.alloc results (retyped in place, so
 *              types cached from before the padding are stale).
 */
#include "distribute/core/core.h"

#include <stdlib.h>
#include <string.h>

void
barrier(Ctx *c)
{
    emit(c, OP_BARRIER, 0, NULL, 0, NULL, 0);
}

/* A workgroup buffer of shape[] (+pad on the last dim), allocated once per function. */
Buffer *
get_buffer(Ctx *c, TypeId elem, uint32_t rank, const int64_t *shape, int64_t pad)
{
    int64_t s[LAYOUT_MAX_RANK + 1];
    memcpy(s, shape, rank * sizeof *s);
    if (rank == 0) {
        s[0] = 1;
        rank = 1;
    }
    s[rank - 1] += pad;
    TypeId t = type_memref(c->m, elem, rank, s, NULL, MS_WORKGROUP, true);
    for (uint32_t i = 0; i < c->buffers.n; i++)
        if (c->buffers.items[i].type == t)
            return &c->buffers.items[i];
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId v = emit1(c, OP_ALLOC, 0, NULL, t);
    int64_t seg[2] = { 0, 0 };
    op_set_attr(c->m, value_get(c->m, v)->def, "operandSegmentSizes",
                attr_dense_array(c->m, TY_I32, seg, NULL, 2));
    c->out = saved;
    Buffer b = { t, v, false };
    ARRAY_PUSH(&c->m->arena, c->buffers, b);
    return &c->buffers.items[c->buffers.n - 1];
}

/* Before a buffer is (re)written, every earlier read of it must be done. */
void
buffer_before_write(Ctx *c, Buffer *b)
{
    if (b->used || c->loops)
        barrier(c);
    b->used = true;
}

/*
 * Padding of the last dim that keeps the rows of a buffer off each other's
 * banks: rows whose byte length is a multiple of 32 would put the same column
 * of consecutive rows in the same banks.  The pad is the widest access (so
 * vector accesses stay aligned), and at least one 32-bit bank.
 */
int64_t
dist_bank_pad(TypeId elem, uint32_t rank, const int64_t *shape, int64_t widest)
{
    int64_t esize = (type_bitwidth(elem) + 7) / 8;
    if (rank < 2 || (shape[rank - 1] * esize) % 32 != 0)
        return 0;
    int64_t pad = widest > 0 ? widest : 1;
    while (pad * esize < 4)
        pad *= 2;
    return pad;
}

/*
 * Padding of the workgroup buffers the kernel allocates itself.  A
 * memref.alloc whose every use is the memref operand of an in-bounds
 * transfer, a vector.load/store or a memref.load/store indexes it by element,
 * never by its shape or its bytes, so its rows can be made longer without
 * changing what the kernel computes.  Rows of a multiple of 32 bytes get 16
 * bytes more: the 8 rows an ldmatrix phase (or a column of 128-bit accesses)
 * reads then start in 8 different 16-byte bank groups, and accesses of up to
 * 128 bits stay aligned.  Buffers of 32-bit (or wider) elements that a
 * transfer reads or writes transposed get one element more instead: a column
 * of 32 elements then lies in 32 different banks (the row-wise side loses its
 * 128-bit accesses, not its conflict-freedom).
 */
typedef struct PadCandidate {
    ValueId alloc;   /* 0 once a use that is not a plain access is seen */
    bool transposed; /* read or written by a transposing transfer */
    bool scalar;     /* accessed by memref.load/store (not swizzled: padded) */
} PadCandidate;

typedef struct PadScan {
    ARRAY(PadCandidate) c;
} PadScan;

static bool
transposing(Module *m, OpId o)
{
    const Attr *pm = op_attr(m, o, "permutation_map");
    if (!pm || pm->kind != ATTR_AFFINE_MAP)
        return false;
    for (uint32_t i = 0; i < pm->map->nresults; i++) {
        int32_t d = affine_map_result_dim(pm->map, i);
        if (d >= 0 && d != (int32_t)(pm->map->ndims - pm->map->nresults + i))
            return true;
    }
    return false;
}

static bool
all_in_bounds(Module *m, OpId o)
{
    const Attr *a = op_attr(m, o, "in_bounds");
    if (!a)
        return true;
    for (uint32_t i = 0; i < a->n; i++)
        if (a->kind == ATTR_ARRAY ? !(a->items[i]->kind == ATTR_BOOL && a->items[i]->b)
                                  : a->kind != ATTR_DENSE_ARRAY || !a->ints || !a->ints[i])
            return false;
    return a->kind == ATTR_ARRAY || a->kind == ATTR_DENSE_ARRAY;
}

static bool
scan_pad_uses(Module *m, OpId o, void *ctx)
{
    PadScan *s = ctx;
    const Op *op = op_get(m, o);
    int32_t mem = -1; /* the operand that may be a padded buffer */
    switch (op->kind) {
    case OP_TRANSFER_READ:
    case OP_VLOAD:
    case OP_MLOAD:
        mem = 0;
        break;
    case OP_TRANSFER_WRITE:
    case OP_VSTORE:
    case OP_MSTORE:
        mem = 1;
        break;
    default:
        break;
    }
    if ((op->kind == OP_TRANSFER_READ || op->kind == OP_TRANSFER_WRITE) && !all_in_bounds(m, o))
        mem = -1;
    for (uint32_t i = 0; i < op->nargs; i++)
        for (uint32_t k = 0; k < s->c.n; k++)
            if (s->c.items[k].alloc == op->args[i]) {
                if ((int32_t)i != mem)
                    s->c.items[k].alloc = 0;
                else if (transposing(m, o))
                    s->c.items[k].transposed = true;
                if (op->kind == OP_MLOAD || op->kind == OP_MSTORE)
                    s->c.items[k].scalar = true;
            }
    return true;
}

static bool
find_allocs(Module *m, OpId o, void *ctx)
{
    PadScan *s = ctx;
    const Op *op = op_get(m, o);
    if (op->kind != OP_ALLOC || op->nargs != 0 || op->nres != 1)
        return true;
    const Type *t = type_get(m, value_type(m, op->res[0]));
    if (t->kind != TY_MEMREF || t->memspace != MS_WORKGROUP || t->layout || t->rank < 2 ||
        !type_is_scalar(t->elem))
        return true;
    for (uint32_t d = 0; d < t->rank; d++)
        if (t->shape[d] <= 0)
            return true;
    int64_t esize = (type_bitwidth(t->elem) + 7) / 8;
    if ((t->shape[t->rank - 1] * esize) % 32 != 0 || esize > 16)
        return true;
    PadCandidate pc = { op->res[0], false, false };
    ARRAY_PUSH(&m->arena, s->c, pc);
    return true;
}

void
dist_pad_workgroup_allocs(Ctx *c, OpId f)
{
    PadScan s = { { 0 } };
    module_walk(c->m, f, find_allocs, &s);
    if (!s.c.n)
        return;
    module_walk(c->m, f, scan_pad_uses, &s);
    for (uint32_t k = 0; k < s.c.n; k++) {
        if (!s.c.items[k].alloc)
            continue;
        Value *v = value_get(c->m, s.c.items[k].alloc);
        const Type *t = type_get(c->m, v->type);
        int64_t shape[LAYOUT_MAX_RANK + 8];
        if (t->rank > LAYOUT_MAX_RANK + 8)
            continue;
        memcpy(shape, t->shape, t->rank * sizeof *shape);
        int64_t esize = (type_bitwidth(t->elem) + 7) / 8;
        int64_t chunks = t->shape[1] * esize / 16;
        if (t->rank == 2 && esize == 2 && !s.c.items[k].transposed && !s.c.items[k].scalar &&
            chunks >= 2 && (chunks & (chunks - 1)) == 0) {
            /* 16-bit rows of whole 16-byte chunks, read and written only by
               transfers: the XOR swizzle of stage.c instead of padding */
            op_set_attr(c->m, v->def, "vptx.swizzle", attr_int(c->m, chunks, TY_I64));
            continue;
        }
        shape[t->rank - 1] += esize >= 4 && s.c.items[k].transposed ? 1 : 16 / esize;
        v->type = type_memref(c->m, t->elem, t->rank, shape, NULL, t->memspace, t->memspace_gpu);
    }
}

/* Elements per access along the last dim when layout l reads or writes a buffer
 * row by row (write_tiles/read_tiles group the element tile into <= 128 bits). */
static int64_t
access_width(const NestedLayout *l, int64_t esize)
{
    int64_t e = l->rank ? l->element_tile[l->rank - 1] : 1, w = 1;
    while (w * 2 <= e && e % (w * 2) == 0 && w * 2 * esize <= 16)
        w *= 2;
    return w;
}

/* Shared-memory wavefronts of one warp access, as sim/exec_mem.c counts them:
 * 32, 16 or 8 lanes per pass for accesses of <= 4, 8 or 16 bytes; a pass costs
 * the most distinct 32-bit words one bank delivers. */
static int64_t
wavefronts(const int64_t *byte, int64_t size)
{
    int64_t per_pass = size <= 4 ? 32 : size == 8 ? 16 : 8, words = size <= 4 ? 1 : size / 4;
    int64_t total = 0;
    for (int64_t p0 = 0; p0 < 32; p0 += per_pass) {
        int64_t w[128], n = 0, per_bank[32] = { 0 }, worst = 1;
        for (int64_t l = p0; l < p0 + per_pass; l++)
            for (int64_t k = 0; k < words; k++) {
                int64_t x = byte[l] / 4 + k;
                bool seen = false;
                for (int64_t i = 0; i < n && !seen; i++)
                    seen = w[i] == x;
                if (!seen) {
                    w[n++] = x;
                    if (++per_bank[x % 32] > worst)
                        worst = per_bank[x % 32];
                }
            }
        total += worst;
    }
    return total;
}

/*
 * The row padding (elements, keeping every access aligned, at most 128 bytes)
 * for which the first warp's accesses of a buffer of `shape` in layouts ls[]
 * (each read or written row by row, as write_tiles/read_tiles do) cost the
 * fewest shared-memory wavefronts; the smallest such pad on ties.  Layout
 * digits past the buffer's shape (a subgroup spread the buffer does not
 * have) index 0.
 */
int64_t
dist_best_pad(TypeId elem, uint32_t rank, const int64_t *shape, const NestedLayout *const *ls,
              int nl)
{
    int64_t esize = (type_bitwidth(elem) + 7) / 8, align = 1;
    if (rank < 2)
        return 0;
    for (int i = 0; i < nl; i++)
        if (access_width(ls[i], esize) > align)
            align = access_width(ls[i], esize);
    if (align * esize < 4) /* whole 32-bit banks */
        align = 4 / esize;
    int64_t best = 0, best_cost = -1;
    for (int64_t pad = 0; pad * esize <= 128; pad += align) {
        int64_t cost = 0;
        for (int i = 0; i < nl; i++) {
            const NestedLayout *l = ls[i];
            int64_t v = access_width(l, esize), n = layout_num_slots(l);
            for (int64_t a = 0; a * v < n && a < 32; a++) { /* the first 32 accesses decide */
                int64_t byte[32], x[LAYOUT_MAX_RANK];
                for (int64_t lane = 0; lane < 32; lane++) {
                    layout_element_of(l, 0, lane, a * v, x);
                    int64_t off = 0;
                    for (uint32_t d = 0; d < rank; d++)
                        off = off * (shape[d] + (d == rank - 1 ? pad : 0)) +
                              (x[d] < shape[d] ? x[d] : 0);
                    byte[lane] = off * esize;
                }
                cost += wavefronts(byte, v * esize);
            }
        }
        if (best_cost < 0 || cost < best_cost) {
            best = pad;
            best_cost = cost;
        }
    }
    return best;
}

/* Through workgroup memory: write src in its layout, barrier, read in `to`. */
static Dist *
convert_through_memory(Ctx *c, Dist *src, const NestedLayout *to)
{
    int64_t shape[LAYOUT_MAX_RANK];
    layout_shape(to, shape);
    uint32_t rank = (uint32_t)to->rank;
    const NestedLayout *both[2] = { src->layout, to };
    int64_t pad = dist_best_pad(src->elem, rank, shape, both, 2);
    bool trans;
    if (rank == 2 && type_bitwidth(src->elem) == 16 && dist_ldmatrix_layout(to, 0, 1, &trans))
        pad = dist_bank_pad(src->elem, rank, shape, 8); /* ldmatrix: 16-byte rows */
    Buffer *buf = get_buffer(c, src->elem, rank, shape, pad);
    Transfer t;
    dist_whole_transfer(c, &t, buf->v, (int32_t)rank);
    buffer_before_write(c, buf);
    if (!write_tiles(c, &t, src, true))
        return NULL;
    barrier(c);
    return read_tiles(c, &t, to, src->elem);
}

Dist *
convert_dist(Ctx *c, Dist *src, const NestedLayout *to)
{
    if (layout_equal(src->layout, to))
        return src;
    int64_t *perm = arena_alloc(&c->m->arena, (layout_num_slots(to) + 1) * sizeof *perm);
    if (slot_map(c, to, src->layout, NULL, NULL, perm))
        return permute_dist(c, src, to, perm);
    return convert_through_memory(c, src, to);
}

/*
 * src written to a buffer of its shape in its layout, then read in layout `to`
 * with result dim i reading buffer dim dim_of[i] (-1: broadcast) from base[].
 */
Dist *
gather_memory(Ctx *c, Dist *src, const NestedLayout *to, const int32_t *dim_of, const int64_t *base)
{
    ValueId b[LAYOUT_MAX_RANK + 1];
    for (int32_t p = 0; p < LAYOUT_MAX_RANK; p++)
        b[p] = const_index(c, base ? base[p] : 0);
    return dist_gather_memory_at(c, src, to, dim_of, b);
}

/* gather_memory with the read's base indices as values (dynamic positions) */
Dist *
dist_gather_memory_at(Ctx *c, Dist *src, const NestedLayout *to, const int32_t *dim_of,
                      const ValueId *base)
{
    int64_t shape[LAYOUT_MAX_RANK];
    layout_shape(src->layout, shape);
    uint32_t rank = (uint32_t)src->layout->rank;
    Buffer *buf = get_buffer(c, src->elem, rank, shape, 0);
    Transfer t;
    dist_whole_transfer(c, &t, buf->v, (int32_t)rank);
    buffer_before_write(c, buf);
    if (!write_tiles(c, &t, src, true))
        return NULL;
    barrier(c);
    for (uint32_t p = 0; p < t.mrank; p++)
        t.base[p] = rank ? base[p] : const_index(c, 0);
    for (int32_t i = 0; i < LAYOUT_MAX_RANK; i++) {
        t.dim_of[i] = i < to->rank ? dim_of[i] : -1;
        t.in_bounds[i] = true;
    }
    return read_tiles(c, &t, to, src->elem);
}

typedef struct Gather {
    int32_t rank; /* of `to` */
    const int32_t *dim_of;
} Gather;

static void
gather_index(const int64_t *x, int64_t *y, const void *arg)
{
    const Gather *g = arg;
    for (int32_t i = 0; i < g->rank; i++)
        if (g->dim_of[i] >= 0)
            y[g->dim_of[i]] = x[i];
}

/*
 * src (rank r) seen in layout `to`: element x of the result is src's element
 * y with y[dim_of[i]] = x[i] (dims with dim_of -1 are broadcast).  Every src
 * dim must be some dim_of[i].  A register reorder when the layouts allow,
 * else through workgroup memory.
 */
Dist *
gather_dist(Ctx *c, Dist *src, const NestedLayout *to, const int32_t *dim_of)
{
    Gather g = { to->rank, dim_of };
    int64_t *perm = arena_alloc(&c->m->arena, (layout_num_slots(to) + 1) * sizeof *perm);
    if (slot_map(c, to, src->layout, gather_index, &g, perm))
        return permute_dist(c, src, to, perm);
    return gather_memory(c, src, to, dim_of, NULL);
}
