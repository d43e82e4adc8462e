/*
 * eval_memref.c -- eval's memory: caller buffers, allocs and globals as
 * Mems, strided views into them, element encodings in memory, and the ops
 * that use them (memref.*), plus affine.apply / linearize / delinearize and
 * gpu.block_id / block_dim / grid_dim.
 *
 * Memory layout of elements: see eval.h.  Every access goes through
 * eval_view_at (indices against the view's dims) and mem_check (the element
 * against the underlying memory), so no IR can make eval touch memory it
 * does not own.
 */
#include "eval/eval_impl.h"

#include <stdlib.h>
#include <string.h>

Mem *
eval_mem_new(Mem **list, size_t nbytes, void *data)
{
    Mem *mem = eval_xcalloc(1, sizeof *mem);
    mem->owned = data == NULL;
    mem->data = data ? data : eval_xcalloc(nbytes, 1);
    mem->nbytes = nbytes;
    mem->next = *list;
    *list = mem;
    return mem;
}

void
eval_mem_free_list(Mem **list)
{
    while (*list) {
        Mem *next = (*list)->next;
        if ((*list)->owned)
            free((*list)->data);
        free(*list);
        *list = next;
    }
}

static Scalar
mem_read(const unsigned char *p, TypeId t)
{
    Scalar r;
    int8_t i8;
    int16_t i16;
    int32_t i32;
    uint16_t u16;
    float f32;
    switch (t) {
    case TY_I1:
        r.i = (p[0] & 1) ? -1 : 0;
        break;
    case TY_I4: /* one element a byte in eval's memory, as on the host: the low nibble */
        r.i = (p[0] & 8) ? (int64_t)(p[0] & 15) - 16 : (int64_t)(p[0] & 15);
        break;
    case TY_I8:
        memcpy(&i8, p, 1);
        r.i = i8;
        break;
    case TY_I16:
        memcpy(&i16, p, 2);
        r.i = i16;
        break;
    case TY_I32:
        memcpy(&i32, p, 4);
        r.i = i32;
        break;
    case TY_F16:
        memcpy(&u16, p, 2);
        r.f = eval_f16_value(u16);
        break;
    case TY_BF16:
        memcpy(&u16, p, 2);
        r.f = eval_bf16_value(u16);
        break;
    case TY_F32:
    case TY_TF32:
        memcpy(&f32, p, 4);
        r.f = f32;
        break;
    case TY_F8E4M3FN:
    case TY_F8E5M2:
    case TY_F8E4M3FNUZ:
    case TY_F8E5M2FNUZ:
        r = eval_from_bits(p[0], t);
        break;
    case TY_F64:
        memcpy(&r.f, p, 8);
        break;
    default:
        memcpy(&r.i, p, 8);
        break; /* i64, index */
    }
    return r;
}

void
eval_mem_write(unsigned char *p, TypeId t, Scalar x)
{
    uint64_t bits = eval_to_bits(x, t);
    uint8_t u8 = (uint8_t)(t == TY_I1 ? bits & 1 : bits);
    if (t == TY_I4) /* sign-extended, as the host buffers and .npy files hold it */
        u8 = (uint8_t)(bits & 8 ? (bits & 15) | 0xf0 : bits & 15);
    uint16_t u16 = (uint16_t)bits;
    uint32_t u32 = (uint32_t)bits;
    switch (eval_elem_size(t)) {
    case 1:
        memcpy(p, &u8, 1);
        break;
    case 2:
        memcpy(p, &u16, 2);
        break;
    case 4:
        memcpy(p, &u32, 4);
        break;
    default:
        memcpy(p, &bits, 8);
        break;
    }
}

static bool
mem_check(Eval *ev, OpId op, const View *vw, int64_t at, size_t size)
{
    if (vw->mem->freed_by) {
        Loc l = op_get(ev->m, vw->mem->freed_by)->loc;
        return eval_fail(ev, op, "uses memory after '%s' at line %u freed it",
                         op_name(ev->m, vw->mem->freed_by), l.line);
    }
    if (ev->host && !ev->device_side && vw->mem->space == MEM_DEVICE) {
        Loc l = op_get(ev->m, vw->mem->alloc_op)->loc;
        return eval_fail(ev, op,
                         "touches device memory from the host (the 'gpu.alloc' at line %u has no "
                         "host_shared): copy it to host memory with gpu.memcpy first",
                         l.line);
    }
    if (at < 0 || (uint64_t)at >= vw->mem->nbytes / size)
        return eval_fail(ev, op, "accesses element %lld outside its memory (%zu elements)",
                         (long long)at, vw->mem->nbytes / size);
    return true;
}

bool
eval_mem_load(Eval *ev, OpId op, const View *vw, int64_t at, Scalar *out)
{
    size_t size = eval_elem_size(vw->elem);
    if (!mem_check(ev, op, vw, at, size))
        return false;
    *out = mem_read(vw->mem->data + (size_t)at * size, vw->elem);
    return true;
}

bool
eval_mem_store(Eval *ev, OpId op, const View *vw, int64_t at, Scalar x)
{
    size_t size = eval_elem_size(vw->elem);
    if (!mem_check(ev, op, vw, at, size))
        return false;
    eval_mem_write(vw->mem->data + (size_t)at * size, vw->elem, x);
    return true;
}

/* Elements spanned by a strided view: 1 + sum (shape-1)*stride; 0 if empty. */
int64_t
eval_view_extent(uint32_t rank, const int64_t *shape, const int64_t *strides)
{
    int64_t last = 0;
    for (uint32_t i = 0; i < rank; i++) {
        if (shape[i] == 0)
            return 0;
        last += (shape[i] - 1) * strides[i];
    }
    return last + 1;
}

/* Row-major strides for a memref type, or its strided<> layout. */
bool
eval_view_init(Eval *ev, OpId op, View *vw, TypeId memref, const int64_t *shape)
{
    const Type *ty = type_get(ev->m, memref);
    if (ty->rank > EVAL_MAX_RANK)
        return eval_fail(ev, op, "memref rank %u exceeds eval's limit of %d", ty->rank,
                         EVAL_MAX_RANK);
    if (!eval_elem_size(ty->elem))
        return eval_fail(ev, op, "memref element type is not a scalar eval supports");
    memset(vw, 0, sizeof *vw);
    vw->elem = ty->elem;
    vw->rank = ty->rank;
    int64_t stride = 1;
    for (uint32_t i = ty->rank; i-- > 0;) {
        vw->shape[i] = shape[i];
        vw->strides[i] = stride;
        stride *= shape[i];
    }
    const Attr *lay = ty->layout;
    if (lay && lay->kind == ATTR_STRIDED) {
        for (uint32_t i = 0; i < ty->rank && i < lay->n; i++)
            if (lay->ints[i] != DIM_DYNAMIC)
                vw->strides[i] = lay->ints[i];
        if (lay->i != DIM_DYNAMIC)
            vw->offset = lay->i;
    } else if (lay) {
        return eval_fail(ev, op, "memref with an affine-map layout is not supported by eval");
    }
    return true;
}

/* Element offset of idx in vw, every index checked against its dim. */
bool
eval_view_at(Eval *ev, OpId op, const View *vw, const int64_t *idx, int64_t *at)
{
    int64_t off = vw->offset;
    for (uint32_t i = 0; i < vw->rank; i++) {
        if (idx[i] < 0 || idx[i] >= vw->shape[i])
            return eval_fail(ev, op, "index %lld is out of bounds for dimension %u of size %lld",
                             (long long)idx[i], i, (long long)vw->shape[i]);
        off += idx[i] * vw->strides[i];
    }
    *at = off;
    return true;
}

const View *
eval_view_arg(Eval *ev, Frame *f, OpId o, uint32_t k)
{
    const Op *op = op_get(ev->m, o);
    if (k >= op->nargs)
        return eval_fail(ev, o, "has too few operands"), NULL;
    const RtVal *v = eval_val(f, op->args[k]);
    if (type_get(ev->m, v->type)->kind != TY_MEMREF || !v->view.mem)
        return eval_fail(ev, o, "operand #%u is not a memref", k), NULL;
    return &v->view;
}

/* ---------------------------------------------------------------- affine */

static int64_t
floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* Evaluates e with MLIR's affine semantics: mod is non-negative for a
 * positive divisor, floordiv rounds down, ceildiv up. */
static bool
affine_eval(const AffineExpr *e, const int64_t *dims, uint32_t ndims, const int64_t *syms,
            uint32_t nsyms, int64_t *out)
{
    int64_t l, r;
    switch (e->kind) {
    case AFF_CONST:
        *out = e->value;
        return true;
    case AFF_DIM:
        if ((uint64_t)e->value >= ndims)
            return false;
        *out = dims[e->value];
        return true;
    case AFF_SYM:
        if ((uint64_t)e->value >= nsyms)
            return false;
        *out = syms[e->value];
        return true;
    default:
        break;
    }
    if (!affine_eval(e->lhs, dims, ndims, syms, nsyms, &l) ||
        !affine_eval(e->rhs, dims, ndims, syms, nsyms, &r))
        return false;
    switch (e->kind) {
    case AFF_ADD:
        *out = (int64_t)((uint64_t)l + (uint64_t)r);
        return true;
    case AFF_MUL:
        *out = (int64_t)((uint64_t)l * (uint64_t)r);
        return true;
    case AFF_MOD:
        if (r <= 0)
            return false;
        *out = l - floordiv(l, r) * r;
        return true;
    case AFF_FLOORDIV:
        if (r == 0 || (l == INT64_MIN && r == -1))
            return false;
        *out = floordiv(l, r);
        return true;
    case AFF_CEILDIV:
        if (r == 0 || l == INT64_MIN) /* -l below would overflow: checked first */
            return false;
        *out = -floordiv(-l, r);
        return true;
    default:
        return false;
    }
}

static bool
exec_affine_apply(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const Attr *a = op_attr(ev->m, o, "map");
    if (!a || a->kind != ATTR_AFFINE_MAP || a->map->nresults != 1 ||
        a->map->ndims + a->map->nsyms != op->nargs)
        return eval_fail(ev, o, "needs a one-result 'map' matching its operands");
    int64_t v[64];
    if (op->nargs > 64)
        return eval_fail(ev, o, "has too many operands");
    for (uint32_t i = 0; i < op->nargs; i++)
        v[i] = eval_val(f, op->args[i])->e[0].i;
    int64_t r;
    if (!affine_eval(a->map->results[0], v, a->map->ndims, v + a->map->ndims, a->map->nsyms, &r))
        return eval_fail(ev, o, "map is undefined here (division by zero or a bad dim)");
    eval_def_int(ev, f, op->res[0], r);
    return true;
}

/* static_basis with DIM_DYNAMIC entries filled from dynamic operands. */
static bool
read_basis(Eval *ev, Frame *f, OpId o, uint32_t first_dyn, int64_t *basis, uint32_t *nbasis)
{
    const Op *op = op_get(ev->m, o);
    int64_t n = eval_int_attr_list(op_attr(ev->m, o, "static_basis"), basis, EVAL_MAX_RANK * 4);
    if (n < 0 || n > EVAL_MAX_RANK * 4)
        return eval_fail(ev, o, "needs a 'static_basis'");
    uint32_t dyn = first_dyn;
    for (int64_t i = 0; i < n; i++)
        if (basis[i] == DIM_DYNAMIC) {
            if (dyn >= op->nargs)
                return eval_fail(ev, o, "has too few dynamic basis operands");
            basis[i] = eval_val(f, op->args[dyn++])->e[0].i;
        }
    *nbasis = (uint32_t)n;
    return true;
}

/* affine.linearize_index [i0, .., in-1] by (b0, .., bn-1) -> sum i_k * prod b_{k+1..};
 * the basis may omit the outer bound b0. */
static bool
exec_linearize(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    int64_t basis[EVAL_MAX_RANK * 4];
    uint32_t nbasis;
    const Attr *seg = op_attr(ev->m, o, "operandSegmentSizes");
    uint32_t nidx =
        seg && seg->kind == ATTR_DENSE_ARRAY && seg->n >= 1 ? (uint32_t)seg->ints[0] : op->nargs;
    if (nidx > op->nargs)
        return eval_fail(ev, o, "has fewer operands than 'operandSegmentSizes' says");
    if (!read_basis(ev, f, o, nidx, basis, &nbasis))
        return false;
    if (nbasis != nidx && nbasis + 1 != nidx)
        return eval_fail(ev, o, "has %u indices for a basis of %u", nidx, nbasis);
    uint32_t skip = nbasis == nidx ? 1 : 0; /* basis[0] is the unused outer bound */
    uint64_t r = 0;
    for (uint32_t i = 0; i < nidx; i++) {
        uint64_t idx = (uint64_t)eval_val(f, op->args[i])->e[0].i;
        r = i == 0 ? idx : r * (uint64_t)basis[i - 1 + skip] + idx;
    }
    eval_def_int(ev, f, op->res[0], (int64_t)r);
    return true;
}

/* affine.delinearize_index %x into (b0, .., bn-1): innermost first by
 * mod / floordiv; the outermost result takes what is left. */
static bool
exec_delinearize(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    int64_t basis[EVAL_MAX_RANK * 4];
    uint32_t nbasis;
    if (op->nargs < 1 || !read_basis(ev, f, o, 1, basis, &nbasis))
        return op->nargs < 1 ? eval_fail(ev, o, "has no operand") : false;
    if (op->nres != nbasis && op->nres != nbasis + 1)
        return eval_fail(ev, o, "has %u results for a basis of %u", op->nres, nbasis);
    int64_t x = eval_val(f, op->args[0])->e[0].i;
    uint32_t off = op->nres == nbasis ? 0 : 1; /* result k uses basis[k - off] */
    for (uint32_t k = op->nres; k-- > 1;) {
        int64_t b = basis[k - off];
        if (b <= 0)
            return eval_fail(ev, o, "basis element %lld is not positive", (long long)b);
        eval_def_int(ev, f, op->res[k], x - floordiv(x, b) * b);
        x = floordiv(x, b);
    }
    eval_def_int(ev, f, op->res[0], x);
    return true;
}

/* ---------------------------------------------------------------- memref */

static void
read_indices(Frame *f, const Op *op, uint32_t first, uint32_t n, int64_t *idx)
{
    for (uint32_t i = 0; i < n; i++)
        idx[i] = eval_val(f, op->args[first + i])->e[0].i;
}

static bool
exec_alloc(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    TypeId ty = value_type(ev->m, op->res[0]);
    const Type *t = type_get(ev->m, ty);
    int64_t shape[EVAL_MAX_RANK];
    uint32_t dyn = 0;
    if (t->kind != TY_MEMREF || t->rank > EVAL_MAX_RANK)
        return eval_fail(ev, o, "result is not a memref eval supports");
    for (uint32_t i = 0; i < t->rank; i++) {
        shape[i] = t->shape[i];
        if (shape[i] == DIM_DYNAMIC) {
            if (dyn >= op->nargs)
                return eval_fail(ev, o, "has too few dynamic size operands");
            shape[i] = eval_val(f, op->args[dyn++])->e[0].i;
            if (shape[i] < 0)
                return eval_fail(ev, o, "dynamic size %lld is negative", (long long)shape[i]);
        }
    }
    RtVal *rv = eval_val(f, op->res[0]);
    eval_val_alloc(rv, ty, 0);
    if (!eval_view_init(ev, o, &rv->view, ty, shape))
        return false;
    int64_t n = rv->view.offset + eval_view_extent(t->rank, shape, rv->view.strides);
    if (n > ((int64_t)1 << 34))
        return eval_fail(ev, o, "allocates %lld elements, more than eval allows", (long long)n);
    rv->view.mem = eval_mem_new(&ev->scratch, (size_t)n * eval_elem_size(t->elem), NULL);
    eval_host_note_alloc(ev, rv->view.mem, o);
    return true;
}

static const char *
symbol_name(const char *s)
{
    const char *at = s ? strrchr(s, '@') : NULL;
    return at ? at + 1 : s;
}

struct FindSym {
    OpKind kind, kind2;
    const char *name;
    OpId found;
};

static bool
find_sym(Module *m, OpId o, void *ctx)
{
    struct FindSym *fs = ctx;
    OpKind k = op_get(m, o)->kind;
    if (k != fs->kind && k != fs->kind2)
        return true;
    const char *name = eval_attr_text(op_attr(m, o, "sym_name"));
    if (name && strcmp(symbol_name(name), fs->name) == 0) {
        fs->found = o;
        return false;
    }
    return true;
}

OpId
eval_find_symbol(const Module *m, OpKind k1, OpKind k2, const char *name)
{
    struct FindSym fs = { k1, k2, symbol_name(name), 0 };
    if (fs.name)
        module_walk((Module *)m, m->top, find_sym, &fs);
    return fs.found;
}

OpId
eval_find_func(const Module *m, const char *name)
{
    return eval_find_symbol(m, OP_FUNC, OP_GPU_FUNC, name);
}

/* memref.get_global @g: one Mem per symbol, per workgroup for workgroup
 * memory, else per eval call; filled from initial_value. */
static bool
exec_get_global(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const char *name = symbol_name(eval_attr_text(op_attr(ev->m, o, "name")));
    OpId g = name ? eval_find_symbol(ev->m, OP_GLOBAL, OP_GLOBAL, name) : 0;
    if (!g)
        return eval_fail(ev, o, "refers to no memref.global");
    TypeId ty = value_type(ev->m, op->res[0]);
    const Type *t = type_get(ev->m, ty);
    if (t->kind != TY_MEMREF || type_num_elements(ev->m, ty) < 0)
        return eval_fail(ev, o, "result must be a statically shaped memref");
    RtVal *rv = eval_val(f, op->res[0]);
    eval_val_alloc(rv, ty, 0);
    int64_t shape[EVAL_MAX_RANK];
    eval_shape(ev->m, ty, shape);
    if (!eval_view_init(ev, o, &rv->view, ty, shape))
        return false;
    Mem **list = t->memspace == MS_WORKGROUP ? &ev->scratch : &ev->globals;
    for (Mem *mem = *list; mem; mem = mem->next)
        if (mem->global && strcmp(mem->global, name) == 0) {
            rv->view.mem = mem;
            return true;
        }
    int64_t n = rv->view.offset + eval_view_extent(t->rank, shape, rv->view.strides);
    Mem *mem = eval_mem_new(list, (size_t)n * eval_elem_size(t->elem), NULL);
    mem->global = name;
    eval_host_note_alloc(ev, mem, o);
    rv->view.mem = mem;
    const Attr *init = op_attr(ev->m, g, "initial_value");
    if (!init || init->kind != ATTR_DENSE)
        return true;
    int64_t count = type_num_elements(ev->m, ty), idx[EVAL_MAX_RANK] = { 0 };
    for (int64_t i = 0; i < count; i++) {
        int64_t k = init->splat ? 0 : i, at = 0, rem = i;
        if (k >= init->n)
            return eval_fail(ev, o, "global's initial_value is too short");
        for (uint32_t d = t->rank; d-- > 0; rem /= shape[d])
            idx[d] = rem % shape[d];
        Scalar s =
            eval_const_elem(t->elem, init->floats != NULL, init->floats ? init->floats[k] : 0,
                            init->ints ? init->ints[k] : 0);
        if (!eval_view_at(ev, o, &rv->view, idx, &at) || !eval_mem_store(ev, o, &rv->view, at, s))
            return false;
    }
    return true;
}

bool
eval_i128_access(Eval *ev, OpId o, const View *vw, int64_t at, Scalar *two, bool store)
{
    if (!mem_check(ev, o, vw, at, 16))
        return false;
    unsigned char *p = vw->mem->data + (size_t)at * 16;
    if (store) {
        memcpy(p, &two[0].i, 8);
        memcpy(p + 8, &two[1].i, 8);
        return true;
    }
    memcpy(&two[0].i, p, 8);
    memcpy(&two[1].i, p + 8, 8);
    return true;
}

/* memref.load / memref.store of an i128 (only moved): two Scalars */
static bool
i128_load_store(Eval *ev, Frame *f, OpId o, const View *vw, int64_t at, bool store)
{
    const Op *op = op_get(ev->m, o);
    if (store) {
        const RtVal *x = eval_val(f, op->args[0]);
        if (x->n != 2)
            return eval_fail(ev, o, "stores an i128 of %lld halves", (long long)x->n);
        return eval_i128_access(ev, o, vw, at, x->e, true);
    }
    return eval_i128_access(ev, o, vw, at, eval_def(ev, f, op->res[0], 2), false);
}

static bool
exec_load_store(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    bool is_store = op->kind == OP_MSTORE;
    uint32_t base = is_store ? 1 : 0;
    const View *vw = eval_view_arg(ev, f, o, base);
    if (!vw)
        return false;
    if (op->nargs != base + 1 + vw->rank)
        return eval_fail(ev, o, "has %u indices for a memref of rank %u", op->nargs - base - 1,
                         vw->rank);
    int64_t idx[EVAL_MAX_RANK], at = 0;
    read_indices(f, op, base + 1, vw->rank, idx);
    if (!eval_view_at(ev, o, vw, idx, &at))
        return false;
    if (vw->elem == TY_I128) /* two Scalars, the low half first, as in memory */
        return i128_load_store(ev, f, o, vw, at, is_store);
    if (is_store)
        return eval_mem_store(ev, o, vw, at, eval_val(f, op->args[0])->e[0]);
    Scalar x;
    if (!eval_mem_load(ev, o, vw, at, &x))
        return false;
    *eval_def(ev, f, op->res[0], 1) = x;
    return true;
}

/* static_X with DIM_DYNAMIC entries filled from the dynamic operands
 * starting at *dyn. */
static bool
mixed_list(Eval *ev, Frame *f, OpId o, const char *name, uint32_t n, uint32_t *dyn, int64_t *out)
{
    const Op *op = op_get(ev->m, o);
    if (eval_int_attr_list(op_attr(ev->m, o, name), out, EVAL_MAX_RANK) != n)
        return eval_fail(ev, o, "needs '%s' with %u entries", name, n);
    for (uint32_t i = 0; i < n; i++)
        if (out[i] == DIM_DYNAMIC) {
            if (*dyn >= op->nargs)
                return eval_fail(ev, o, "has too few dynamic operands for '%s'", name);
            out[i] = eval_val(f, op->args[(*dyn)++])->e[0].i;
        }
    return true;
}

/* memref.subview %src[offsets][sizes][strides]; the result may drop unit
 * dims (matched greedily from the left, as MLIR does). */
static bool
exec_subview(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const View *src = eval_view_arg(ev, f, o, 0);
    int64_t off[EVAL_MAX_RANK], size[EVAL_MAX_RANK], stride[EVAL_MAX_RANK];
    if (!src)
        return false;
    uint32_t dyn = 1, r = src->rank;
    if (!mixed_list(ev, f, o, "static_offsets", r, &dyn, off) ||
        !mixed_list(ev, f, o, "static_sizes", r, &dyn, size) ||
        !mixed_list(ev, f, o, "static_strides", r, &dyn, stride))
        return false;
    TypeId ty = value_type(ev->m, op->res[0]);
    const Type *t = type_get(ev->m, ty);
    View vw = { .mem = src->mem, .elem = src->elem, .offset = src->offset };
    uint32_t j = 0;
    for (uint32_t i = 0; i < r; i++) {
        if (off[i] < 0 || size[i] < 0 ||
            (size[i] > 0 && off[i] + (size[i] - 1) * stride[i] >= src->shape[i]))
            return eval_fail(ev, o,
                             "dimension %u (offset %lld, size %lld, stride %lld) exceeds "
                             "the source size %lld",
                             i, (long long)off[i], (long long)size[i], (long long)stride[i],
                             (long long)src->shape[i]);
        vw.offset += off[i] * src->strides[i];
        bool keep = j < t->rank && (t->shape[j] == size[i] || t->shape[j] == DIM_DYNAMIC) &&
                    !(size[i] == 1 && r - i > t->rank - j);
        if (keep) {
            vw.shape[j] = size[i];
            vw.strides[j++] = stride[i] * src->strides[i];
        } else if (size[i] != 1) {
            return eval_fail(ev, o, "result type does not match the sizes");
        }
    }
    if (j != t->rank)
        return eval_fail(ev, o, "result type does not match the sizes");
    vw.rank = j;
    eval_val_alloc(eval_val(f, op->res[0]), ty, 0);
    eval_val(f, op->res[0])->view = vw;
    return true;
}

/* memref.view %src[%byte_shift][%sizes]: a typed view of a flat i8 buffer */
static bool
exec_view(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const View *src = eval_view_arg(ev, f, o, 0);
    if (!src)
        return false;
    if (op->nargs < 2 || src->rank != 1 || src->strides[0] != 1)
        return eval_fail(ev, o, "source must be a contiguous 1-D memref");
    TypeId ty = value_type(ev->m, op->res[0]);
    const Type *t = type_get(ev->m, ty);
    int64_t shape[EVAL_MAX_RANK];
    uint32_t dyn = 2;
    for (uint32_t i = 0; i < t->rank && i < EVAL_MAX_RANK; i++) {
        shape[i] = t->shape[i];
        if (shape[i] == DIM_DYNAMIC && dyn < op->nargs)
            shape[i] = eval_val(f, op->args[dyn++])->e[0].i;
    }
    RtVal *rv = eval_val(f, op->res[0]);
    eval_val_alloc(rv, ty, 0);
    if (!eval_view_init(ev, o, &rv->view, ty, shape))
        return false;
    int64_t bytes =
        (src->offset * (int64_t)eval_elem_size(src->elem)) + eval_val(f, op->args[1])->e[0].i;
    int64_t esize = (int64_t)eval_elem_size(t->elem);
    if (bytes < 0 || bytes % esize != 0)
        return eval_fail(ev, o, "byte shift %lld is not a multiple of the element size",
                         (long long)bytes);
    rv->view.mem = src->mem;
    rv->view.offset = bytes / esize;
    return true;
}

static bool
exec_dim(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const View *vw = eval_view_arg(ev, f, o, 0);
    if (!vw)
        return false;
    int64_t i = eval_val(f, op->args[1])->e[0].i;
    if (i < 0 || i >= vw->rank)
        return eval_fail(ev, o, "dimension %lld is out of range", (long long)i);
    eval_def_int(ev, f, op->res[0], vw->shape[i]);
    return true;
}

/* ------------------------------------------------------------------- gpu */

static bool
exec_gpu_id(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const Attr *a = op_attr(ev->m, o, "dimension");
    const char *s = eval_attr_text(a);
    int d = s ? (s[0] - 'x') : a && a->kind == ATTR_INT ? (int)a->i : -1;
    if (d < 0 || d > 2 || (s && s[1]))
        return eval_fail(ev, o, "has no 'dimension' x, y or z");
    const int64_t *src = op->kind == OP_BLOCK_ID   ? ev->wg
                         : op->kind == OP_GRID_DIM ? ev->grid
                                                   : ev->block;
    eval_def_int(ev, f, op->res[0], src[d]);
    return true;
}

bool
eval_affine(const AffineExpr *e, const int64_t *dims, uint32_t ndims, const int64_t *syms,
            uint32_t nsyms, int64_t *out)
{
    return affine_eval(e, dims, ndims, syms, nsyms, out);
}

bool
eval_memref_op(Eval *ev, Frame *f, OpId o)
{
    switch (op_get(ev->m, o)->kind) {
    case OP_ALLOC:
    case OP_ALLOCA:
        return exec_alloc(ev, f, o);
    case OP_MLOAD:
    case OP_MSTORE:
        return exec_load_store(ev, f, o);
    case OP_SUBVIEW:
        return exec_subview(ev, f, o);
    case OP_VIEW:
        return exec_view(ev, f, o);
    case OP_GET_GLOBAL:
        return exec_get_global(ev, f, o);
    case OP_DIM:
        return exec_dim(ev, f, o);
    case OP_AFFINE_APPLY:
        return exec_affine_apply(ev, f, o);
    case OP_LINEARIZE_INDEX:
        return exec_linearize(ev, f, o);
    case OP_DELINEARIZE_INDEX:
        return exec_delinearize(ev, f, o);
    case OP_BLOCK_ID:
    case OP_BLOCK_DIM:
    case OP_GRID_DIM:
        return exec_gpu_id(ev, f, o);
    default:
        return eval_fail(ev, o, "is not a memref op eval knows");
    }
}
