/*
 * eval_upstream.c -- reference semantics of the upstream ops of issue 25 that have a
 * meaning in eval's sequential, whole-workgroup model: ub.poison (a zero: any value is
 * a poison's refinement), nvgpu.rcp (1/x), memref.reinterpret_cast (a new view of the
 * same memory), memref.atomic_rmw (read, combine, write; the old value), vector.gather /
 * vector.scatter (element by element under the mask) and vector.scan (upstream's order).  The
 * per-thread ones (cluster ids, nvvm.*, gpu.all_reduce, gpu.printf, the mbarrier ops)
 * are refused as every per-thread op is.
 *
 * Requires:    a verified op; eval.c's frame of its operands.
 * Ensures:     the op's results are set, or one error is reported.
 * Invalidates: nothing.
 */
#include "eval/eval_impl.h"

#include <math.h>
#include <string.h>

static bool
eval_poison(Eval *ev, Frame *f, OpId o)
{
    ValueId r = op_get(ev->m, o)->res[0];
    int64_t n = eval_count(ev->m, value_type(ev->m, r)); /* an i128: two halves */
    eval_def(ev, f, r, n < 1 ? 1 : n);                   /* zeroed */
    return true;
}

static bool
eval_rcp(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const RtVal *a = eval_val(f, op->args[0]);
    Scalar *r = eval_def(ev, f, op->res[0], a->n);
    for (int64_t i = 0; i < a->n; i++)
        r[i].f = (double)(1.0f / (float)a->e[i].f);
    return true;
}

/* The static list `name` of o (dynamic entries DIM_DYNAMIC), into out */
static int64_t
static_ints(Eval *ev, OpId o, const char *name, int64_t *out)
{
    return eval_int_attr_list(op_attr(ev->m, o, name), out, EVAL_MAX_RANK);
}

static bool
eval_reinterpret_cast(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const View *src = eval_view_arg(ev, f, o, 0);
    if (!src)
        return false;
    int64_t off[EVAL_MAX_RANK], sizes[EVAL_MAX_RANK], strides[EVAL_MAX_RANK];
    int64_t no = static_ints(ev, o, "static_offsets", off);
    int64_t ns = static_ints(ev, o, "static_sizes", sizes);
    int64_t nt = static_ints(ev, o, "static_strides", strides);
    if (no != 1 || ns < 0 || nt != ns)
        return eval_fail(ev, o, "has malformed static offsets, sizes or strides");
    uint32_t k = 1; /* the dynamic operands follow the source, in offset, sizes, strides */
    int64_t *lists[3] = { off, sizes, strides }, counts[3] = { 1, ns, nt };
    for (int g = 0; g < 3; g++)
        for (int64_t d = 0; d < counts[g]; d++)
            if (lists[g][d] == DIM_DYNAMIC) {
                if (k >= op->nargs)
                    return eval_fail(ev, o, "has too few dynamic operands");
                lists[g][d] = eval_val(f, op->args[k++])->e[0].i;
            }
    RtVal *rv = eval_val(f, op->res[0]);
    eval_val_alloc(rv, value_type(ev->m, op->res[0]), 0);
    View *vw = &rv->view;
    *vw = *src;
    vw->rank = (uint32_t)ns;
    vw->offset = off[0];
    for (int64_t d = 0; d < ns; d++) {
        if (sizes[d] < 0)
            return eval_fail(ev, o, "has a negative size %lld", (long long)sizes[d]);
        vw->shape[d] = sizes[d];
        vw->strides[d] = strides[d];
    }
    return true;
}

static Scalar
atomic_combine(Eval *ev, int64_t kind, TypeId t, Scalar old, Scalar v)
{
    (void)ev;
    Scalar r = old;
    bool fl = type_is_float(t);
    uint64_t uo = eval_zext(old.i, t), uv = eval_zext(v.i, t);
    switch (kind) {
    case 0: /* addf */
        r.f = ir_float_round(old.f + v.f, t);
        break;
    case 1: /* addi */
        r.i = eval_norm_int(old.i + v.i, t);
        break;
    case 2: /* andi */
        r.i = old.i & v.i;
        break;
    case 3: /* assign */
        r = v;
        break;
    case 4: /* maximumf */
        r.f = isnan(old.f) || isnan(v.f) ? NAN : old.f > v.f ? old.f : v.f;
        break;
    case 5: /* maxnumf */
        r.f = isnan(old.f) ? v.f : isnan(v.f) ? old.f : old.f > v.f ? old.f : v.f;
        break;
    case 6: /* maxs */
        r.i = old.i > v.i ? old.i : v.i;
        break;
    case 7: /* maxu */
        r = uo > uv ? old : v;
        break;
    case 8: /* minimumf */
        r.f = isnan(old.f) || isnan(v.f) ? NAN : old.f < v.f ? old.f : v.f;
        break;
    case 9: /* minnumf */
        r.f = isnan(old.f) ? v.f : isnan(v.f) ? old.f : old.f < v.f ? old.f : v.f;
        break;
    case 10: /* mins */
        r.i = old.i < v.i ? old.i : v.i;
        break;
    case 11: /* minu */
        r = uo < uv ? old : v;
        break;
    case 12: /* mulf */
        r.f = ir_float_round(old.f * v.f, t);
        break;
    case 13: /* muli */
        r.i = eval_norm_int((int64_t)((uint64_t)old.i * (uint64_t)v.i), t);
        break;
    case 14: /* ori */
        r.i = old.i | v.i;
        break;
    default: /* xori */
        r.i = old.i ^ v.i;
        break;
    }
    (void)fl;
    return r;
}

static bool
eval_atomic_rmw(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const View *vw = eval_view_arg(ev, f, o, 1);
    if (!vw)
        return false;
    int64_t idx[EVAL_MAX_RANK], at;
    for (uint32_t i = 2; i < op->nargs && i - 2 < EVAL_MAX_RANK; i++)
        idx[i - 2] = eval_val(f, op->args[i])->e[0].i;
    const Attr *k = op_attr(ev->m, o, "kind");
    TypeId t = value_type(ev->m, op->args[0]);
    Scalar old, v = eval_val(f, op->args[0])->e[0];
    if (!eval_view_at(ev, o, vw, idx, &at) || !eval_mem_load(ev, o, vw, at, &old) ||
        !eval_mem_store(ev, o, vw, at, atomic_combine(ev, k ? k->i : 0, t, old, v)))
        return false;
    eval_def(ev, f, op->res[0], 1)[0] = old;
    return true;
}

/* vector.gather / vector.scatter: element i at base[offsets..] + index[i] elements (the
   innermost stride is 1), where mask[i]; a gather's other elements are the pass_thru's */
static bool
eval_gather_scatter(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    bool gather = op->kind == OP_VGATHER;
    const View *vw = eval_view_arg(ev, f, o, 0);
    if (!vw)
        return false;
    uint32_t n = op->nargs - 4;
    int64_t base = vw->offset;
    for (uint32_t d = 0; d < n && d < vw->rank; d++)
        base += eval_val(f, op->args[1 + d])->e[0].i * vw->strides[d];
    int64_t lo = vw->offset, hi = vw->offset + eval_view_extent(vw->rank, vw->shape, vw->strides);
    const RtVal *idx = eval_val(f, op->args[n + 1]), *mask = eval_val(f, op->args[n + 2]),
                *val = eval_val(f, op->args[n + 3]);
    Scalar *r = gather ? eval_def(ev, f, op->res[0], val->n) : NULL;
    for (int64_t i = 0; i < val->n; i++) {
        if (gather)
            r[i] = val->e[i];
        if (!mask->e[i].i)
            continue;
        int64_t at = base + idx->e[i].i;
        if (at < lo || at >= hi)
            return eval_fail(ev, o, "element %lld is at offset %lld, outside its memref",
                             (long long)i, (long long)(at - vw->offset));
        if (gather ? !eval_mem_load(ev, o, vw, at, &r[i])
                   : !eval_mem_store(ev, o, vw, at, val->e[i]))
            return false;
    }
    return true;
}

/* vector.scan as upstream lowers it (LowerVectorScan): along reduction_dim, an inclusive
   scan is x0, x0+x1, ... (the initial value unused), an exclusive one init, init+x0, ...;
   the accumulated value is the last element of the scan */
static bool
eval_scan(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const Type *st = type_get(ev->m, value_type(ev->m, op->args[0]));
    const Attr *d = op_attr(ev->m, o, "reduction_dim"), *inc = op_attr(ev->m, o, "inclusive");
    int kind = eval_kind_attr(op_attr(ev->m, o, "kind"));
    if (!d || !inc || kind < 0)
        return eval_fail(ev, o, "has no reduction_dim, inclusive or kind");
    int64_t len = st->shape[d->i], inner = 1, outer = 1;
    for (uint32_t i = 0; i < st->rank; i++)
        if (i < (uint32_t)d->i)
            outer *= st->shape[i];
        else if (i > (uint32_t)d->i)
            inner *= st->shape[i];
    const RtVal *src = eval_val(f, op->args[0]), *init = eval_val(f, op->args[1]);
    Scalar *dst = eval_def(ev, f, op->res[0], src->n);
    Scalar *acc = eval_def(ev, f, op->res[1], outer * inner);
    TypeId et = st->elem;
    for (int64_t a = 0; a < outer; a++)
        for (int64_t c = 0; c < inner; c++) {
            Scalar last = init->e[a * inner + c];
            for (int64_t k = 0; k < len; k++) {
                int64_t at = (a * len + k) * inner + c;
                if (k == 0)
                    last = inc->b ? src->e[at] : init->e[a * inner + c];
                else
                    last = eval_combine(kind, et, last, src->e[inc->b ? at : at - inner]);
                dst[at] = last;
            }
            acc[a * inner + c] = last;
        }
    return true;
}

bool
eval_upstream_op(Eval *ev, Frame *f, OpId o)
{
    switch (op_get(ev->m, o)->kind) {
    case OP_POISON:
        return eval_poison(ev, f, o);
    case OP_RCP:
        return eval_rcp(ev, f, o);
    case OP_REINTERPRET_CAST:
        return eval_reinterpret_cast(ev, f, o);
    case OP_ATOMIC_RMW:
        return eval_atomic_rmw(ev, f, o);
    case OP_VGATHER:
    case OP_VSCATTER:
        return eval_gather_scatter(ev, f, o);
    case OP_VSCAN:
        return eval_scan(ev, f, o);
    default:
        return eval_fail(ev, o, "is a per-thread op; eval runs vector-level kernels only");
    }
}
