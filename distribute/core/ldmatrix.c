/*
 * ldmatrix.c -- reads of mma.sync fragment layouts from workgroup memory as
 * nvgpu.ldmatrix (PTX ISA 9.7.14.5.15; docs/ptx-sm80.md).
 *
 * ldmatrix.m8n8.xN.b16 loads N 8x8 matrices of 16-bit elements: lanes 8j..8j+7
 * give the addresses of the 8 rows (8 contiguous elements, 16 bytes, 16-byte
 * aligned) of matrix j, and lane l receives register j = elements (l/4,
 * 2*(l%4)) and (l/4, 2*(l%4)+1) of matrix j; with .trans, elements
 * (2*(l%4), l/4) and (2*(l%4)+1, l/4).  In layout terms, with r the vector
 * dim that reads a non-contiguous memref dim (the rows) and c the one that
 * reads the contiguous last dim:
 *
 *              element_tile   thread_tile   thread_strides
 *     plain    r: 1  c: 2     r: 8  c: 4    r: 4  c: 1       (A, C; B stored N x K)
 *     .trans   r: 2  c: 1     r: 4  c: 8    r: 1  c: 4       (B stored K x N)
 *
 * Either way each (batch, outer) pair of the two dims is one 8x8 matrix
 * whose origin is ((s*B + b)*O + o)*8 along each dim, and its two slots
 * (e = 0, 1) are the two halves of one result register.  The matrices are
 * taken in slot order, four at a time when their origins are an affine
 * function of the two bits of lane/8 (then every lane's address is
 * base + lane%8 rows + (lane/8 bits) x constant deltas), else two at a time.
 *
 * It applies only when the addresses are provably 16-byte aligned: a
 * memref.alloc (aligned to 16) of identity layout whose last dim is a
 * multiple of 8 elements, and a base index along the last dim that is a
 * multiple of 8 (constants, scf.for induction variables with such bounds and
 * steps, sums and products of those).  Otherwise the caller reads slot by
 * slot.
 *
 * Requires:    distribute.c's Ctx; a transfer_read (transfer.c's Transfer) whose
 *              result layout is an mma.sync fragment layout of 16-bit elements.
 * Ensures:     either every slot of the result is loaded by nvgpu.ldmatrix ops
 *              (x4, else x2; .trans for the transposed form), each lane's address
 *              provably 16-byte aligned, and true is returned; or nothing is
 *              emitted and false is returned, and the caller reads slot by slot.
 * Invalidates: nothing beyond the block being rebuilt.
 */
#include "distribute/core/core.h"

#include <string.h>

enum { MAT_MAX = 1024 };

bool
dist_ldmatrix_layout(const NestedLayout *l, int32_t r, int32_t c, bool *trans)
{
    const int64_t *E = l->element_tile, *T = l->thread_tile, *ts = l->thread_strides;
    if (E[r] == 1 && E[c] == 2 && T[r] == 8 && T[c] == 4 && ts[r] == 4 && ts[c] == 1) {
        *trans = false;
        return true;
    }
    if (E[r] == 2 && E[c] == 1 && T[r] == 4 && T[c] == 8 && ts[r] == 1 && ts[c] == 4) {
        *trans = true;
        return true;
    }
    return false;
}

/* The largest power of two (up to 2^30) that v is known to be a multiple of. */
static int64_t
pow2_divisor(Ctx *c, ValueId v, int depth)
{
    const int64_t most = (int64_t)1 << 30;
    int64_t x;
    if (const_value_of(c, v, &x))
        return x == 0 || (x & -x) > most ? most : x & -x;
    if (depth > 8)
        return 1;
    const Value *val = value_get(c->m, v);
    if (!val->def) {
        OpId p = block_parent_op(c->m, val->block);
        if (!p || op_get(c->m, p)->kind != OP_FOR || val->index != 0)
            return 1;
        int64_t lb = pow2_divisor(c, op_get(c->m, p)->args[0], depth + 1);
        int64_t step = pow2_divisor(c, op_get(c->m, p)->args[2], depth + 1);
        return lb < step ? lb : step;
    }
    const Op *op = op_get(c->m, val->def);
    if (op->kind == OP_ADDI) {
        int64_t a = pow2_divisor(c, op->args[0], depth + 1);
        int64_t b = pow2_divisor(c, op->args[1], depth + 1);
        return a < b ? a : b;
    }
    if (op->kind == OP_MULI) {
        int64_t a = pow2_divisor(c, op->args[0], depth + 1);
        int64_t b = pow2_divisor(c, op->args[1], depth + 1);
        return a * b > most || a * b <= 0 ? most : a * b;
    }
    return 1;
}

/* A memref.alloc in workgroup memory, identity layout, rows of whole 16-byte pieces. */
static bool
aligned_rows(Ctx *c, const Transfer *t, TypeId elem)
{
    const Type *ty = type_get(c->m, value_type(c->m, t->memref));
    OpId def = value_get(c->m, t->memref)->def;
    int64_t shift = 0;
    if (def && op_get(c->m, def)->kind == OP_VIEW) { /* a view at a 16-byte multiple (stage.c) */
        ValueId src = op_get(c->m, def)->args[0];
        OpId sd = value_get(c->m, src)->def;
        if (!const_value_of(c, op_get(c->m, def)->args[1], &shift) || shift % 16 != 0 || !sd ||
            (op_get(c->m, sd)->kind != OP_ALLOC &&
             op_get(c->m, sd)->kind != OP_DYNAMIC_SHARED_MEMORY))
            return false;
        def = sd;
    }
    if (ty->kind != TY_MEMREF || ty->memspace != MS_WORKGROUP || ty->layout || ty->rank < 2 ||
        type_bitwidth(elem) != 16 || !def ||
        (op_get(c->m, def)->kind != OP_ALLOC &&
         op_get(c->m, def)->kind != OP_DYNAMIC_SHARED_MEMORY))
        return false;
    const Attr *al = op_attr(c->m, def, "alignment");
    if (al && (al->kind != ATTR_INT || al->i < 16))
        return false;
    int64_t last = ty->shape[ty->rank - 1];
    return last > 0 && last % 8 == 0;
}

int64_t
dist_pow2_divisor(Ctx *c, ValueId v)
{
    return pow2_divisor(c, v, 0);
}

/*
 * row with constant multiples of `period` taken off its sums: (row / P) % X, the
 * swizzle's digit, repeats every P * X rows, so row and row + k P X (row >= 0) get the
 * same one.  The swizzle of an access 16 or 32 rows below another is then the same
 * value, not one computed again from the larger row, and the two addresses differ by
 * a constant that ptxas folds into the instruction ([r+imm]): examples/gemm64.mlir
 * 208 -> 176 SASS instructions, attention 1384 -> 1232.
 */
static ValueId
swizzle_period_base(Ctx *c, ValueId row, int64_t period)
{
    for (int depth = 0; depth < 8; depth++) {
        OpId d = value_get(c->m, row)->def;
        if (!d || op_get(c->m, d)->kind != OP_ADDI)
            break;
        const Op *op = op_get(c->m, d);
        int64_t k;
        if (const_value_of(c, op->args[1], &k) && k >= 0 && k % period == 0)
            row = op->args[0];
        else if (const_value_of(c, op->args[0], &k) && k >= 0 && k % period == 0)
            row = op->args[1];
        else
            break;
    }
    return row;
}

/*
 * The XOR swizzle of staged buffers (stage.c) and of the kernel's own 16-bit
 * workgroup buffers (slots.c).  A row of `chunks` 16-byte chunks keeps its
 * chunks, permuted: logical chunk q of row r is stored at chunk q ^ ((r / P) %
 * X), with P = max(1, 8 / chunks) rows sharing one 128-byte line and X =
 * min(chunks, 8).  Eight consecutive rows at the same logical chunk (one
 * ldmatrix 8x8 matrix) then land on eight different 16-byte bank groups, and
 * so do eight consecutive chunks of a row.  With 8 elements per chunk, the
 * stored column is col ^ (((r / P) % X) * 8): the element's place inside its
 * chunk does not move, so an access that stays inside one chunk stays whole.
 */
ValueId
dist_swizzle_col(Ctx *c, ValueId row, ValueId col, int64_t chunks)
{
    int64_t per = chunks >= 8 ? 1 : 8 / chunks, x = chunks >= 8 ? 8 : chunks;
    row = swizzle_period_base(c, row, per * x);
    ValueId a[2] = { row, const_index(c, per) };
    ValueId r = per > 1 ? emit1(c, OP_DIVUI, 2, a, TY_INDEX) : row;
    a[0] = r;
    a[1] = const_index(c, x);
    r = emit1(c, OP_REMUI, 2, a, TY_INDEX);
    a[0] = col;
    a[1] = idx_mul_c(c, r, 8);
    return emit1(c, OP_XORI, 2, a, TY_INDEX);
}

/* Chunks per row of the swizzled buffer `memref` (vptx.swizzle on its alloc), or 0. */
int64_t
dist_swizzled(Ctx *c, ValueId memref)
{
    OpId d = value_get(c->m, memref)->def;
    const Attr *a = d ? op_attr(c->m, d, "vptx.swizzle") : NULL;
    return a && a->kind == ATTR_INT ? a->i : 0;
}

typedef struct Mat {
    uint32_t slot[2];  /* e = 0, 1 */
    int64_t origin[2]; /* along the memref's row dim, last dim */
} Mat;

/* Matrices i..i+n-1 as one ldmatrix: their origins are affine in the bits of lane/8. */
static bool
affine_group(const Mat *m, uint32_t n)
{
    if (n != 4)
        return n == 1 || n == 2;
    for (int d = 0; d < 2; d++)
        if (m[3].origin[d] - m[0].origin[d] !=
            (m[1].origin[d] - m[0].origin[d]) + (m[2].origin[d] - m[0].origin[d]))
            return false;
    return true;
}

/*
 * Order the four matrices of an x4 group so that the first two differ along the
 * vector's dim 0 (`d0` is the origin index, 0 rows or 1 columns, that vector dim 0
 * reads).  mma.sync takes its fragments in that order: A (M x K) as a0..a3 = (m0,
 * k0), (m8, k0), (m0, k8), (m8, k8), B (K x N) as b0, b1 = (k0, n), (k8, n), C (M x
 * N) as rows g, g+8 (PTX ISA 9.7.14.5.8).  The ldmatrix's four destination registers
 * are then the mma operand's registers in place; in slot order (dim 1 fastest) A's
 * were taken as a0, a2, a1, a3, and since LDSM writes, and HMMA reads, four
 * consecutive registers, ptxas copied every A fragment into a fresh quad for each
 * mma that used it (gemm64: 128 of its 336 SASS instructions).  The slot each
 * register holds moves with its matrix, so the values are the same either way.
 */
static void
order_for_mma(Mat *m, int d0)
{
    if (m[1].origin[d0] != m[0].origin[d0] || m[2].origin[d0] == m[0].origin[d0])
        return;
    Mat t = m[1];
    m[1] = m[2];
    m[2] = t;
}

/* lane part of the index along one dim: sub + (lane%8 if rows) + g0*d1 + g1*d2 (prologue) */
static ValueId
lane_part(Ctx *c, ValueId sub, bool rows, const Mat *m, uint32_t n, int d)
{
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId v = sub;
    if (rows)
        v = idx_add(c, v, dist_lane_digit(c, 1, 8));
    if (n >= 2)
        v = idx_add(c, v, idx_mul_c(c, dist_lane_digit(c, 8, 2), m[1].origin[d] - m[0].origin[d]));
    if (n == 4)
        v = idx_add(c, v, idx_mul_c(c, dist_lane_digit(c, 16, 2), m[2].origin[d] - m[0].origin[d]));
    c->out = saved;
    return v;
}

static void
load_group(Ctx *c, const Transfer *t, Dist *d, const Mat *m, uint32_t n, bool trans,
           const int32_t *pdim, const ValueId *sub)
{
    ValueId args[LAYOUT_MAX_RANK + 1];
    args[0] = t->memref;
    for (uint32_t p = 0; p < t->mrank; p++)
        args[p + 1] = t->base[p];
    if (t->swizzle) { /* a staged [stage, row * cols + column] buffer (stage.c): the
                         lane's offset in a slice is loop-invariant, made in the prologue */
        ValueId rc[2];
        for (int k = 0; k < 2; k++)
            rc[k] = lane_part(c, sub[k], k == 0, m, n, k);
        OpList *saved = c->out;
        c->out = &c->prologue;
        for (int k = 0; k < 2; k++)
            rc[k] = idx_add_c(c, rc[k], m[0].origin[k]);
        ValueId row = idx_mul_c(c, rc[0], t->swizzle * 8);
        args[2] = idx_add(c, row, dist_swizzle_col(c, rc[0], rc[1], t->swizzle));
        c->out = saved;
    } else {
        for (int k = 0; k < 2; k++) {
            ValueId lp = lane_part(c, sub[k], k == 0, m, n, k);
            args[pdim[k] + 1] = idx_add_c(c, idx_add(c, t->base[pdim[k]], lp), m[0].origin[k]);
        }
        int64_t sw = dist_swizzled(c, t->memref);
        if (sw)
            args[pdim[1] + 1] = dist_swizzle_col(c, args[pdim[0] + 1], args[pdim[1] + 1], sw);
    }
    int64_t shape[2] = { n, 2 };
    ValueId v = emit1(c, OP_LDMATRIX, t->mrank + 1, args, type_vector(c->m, d->elem, 2, shape));
    OpId o = value_get(c->m, v)->def;
    op_set_attr(c->m, o, "numTiles", attr_int(c->m, n, TY_I32));
    op_set_attr(c->m, o, "transpose", attr_bool(c->m, trans));
    for (uint32_t j = 0; j < n; j++)
        for (int e = 0; e < 2; e++) {
            int64_t pos[2] = { j, e };
            ValueId x = emit1(c, OP_EXTRACT, 1, &v, d->elem);
            op_set_attr(c->m, value_get(c->m, x)->def, "static_position", dense_i64(c, pos, 2));
            dist_set_elem(c, d, m[j].slot[e], x);
        }
}

Dist *
dist_read_ldmatrix(Ctx *c, const Transfer *t, const NestedLayout *l, TypeId elem)
{
    if (l->rank != 2 || t->mask || c->nthreads % 32 != 0 || !aligned_rows(c, t, elem))
        return NULL;
    int32_t ic = -1, ir = -1;
    for (int32_t i = 0; i < 2; i++) {
        if (t->dim_of[i] < 0 || !t->in_bounds[i])
            return NULL;
        if (t->dim_of[i] == (int32_t)t->mrank - 1)
            ic = i;
        else
            ir = i;
    }
    bool trans;
    if (ic < 0 || ir < 0 || !dist_ldmatrix_layout(l, ir, ic, &trans) ||
        pow2_divisor(c, t->base[t->mrank - 1], 0) < 8)
        return NULL;
    Dist *d = dist_new(c, l, elem);
    uint32_t nmat = d->n / 2;
    if (nmat > MAT_MAX)
        return NULL;
    Mat *m = arena_alloc(&c->m->arena, (nmat + 1) * sizeof *m);
    int32_t ie = trans ? ir : ic; /* the dim whose element tile is 2 */
    uint32_t k = 0;
    for (uint32_t s = 0; s < d->n; s++) {
        int64_t b[LAYOUT_MAX_RANK], o[LAYOUT_MAX_RANK], e[LAYOUT_MAX_RANK];
        layout_slot_unpack(l, s, b, o, e);
        if (e[ie])
            continue;
        e[ie] = 1;
        m[k].slot[0] = s;
        m[k].slot[1] = (uint32_t)layout_slot_pack(l, b, o, e);
        m[k].origin[0] = slot_offset(l, ir, b[ir], o[ir], 0);
        m[k].origin[1] = slot_offset(l, ic, b[ic], o[ic], 0);
        k++;
    }
    int32_t pdim[2] = { t->dim_of[ir], t->dim_of[ic] };
    int32_t vdim[2] = { ir, ic };
    ValueId sub[2];
    for (int j = 0; j < 2; j++) {
        int32_t i = vdim[j];
        int64_t span = l->element_tile[i] * l->thread_tile[i] * l->outer_tile[i] * l->batch_tile[i];
        OpList *saved = c->out;
        c->out = &c->prologue;
        sub[j] = idx_mul_c(c, virtual_subgroup(c, l, i), span);
        c->out = saved;
    }
    for (uint32_t i = 0; i < nmat;) {
        uint32_t n = i + 4 <= nmat && affine_group(m + i, 4) ? 4 : i + 2 <= nmat ? 2 : 1;
        if (n == 4)
            order_for_mma(m + i, ir == 0 ? 0 : 1);
        load_group(c, t, d, m + i, n, trans, pdim, sub);
        i += n;
    }
    return d;
}
