/*
 * eval.c -- the reference evaluator's interpreter: frames of runtime values,
 * blocks, scf.for / scf.if, func.call, arith.constant and elementwise ops, and
 * the kernel driver that runs a function once per workgroup.
 *
 * It sits beside the pipeline, not in it: `vptx check` runs a vector-level
 * kernel here and through the compiled PTX, and compares.  Element
 * arithmetic is in eval_float.c, vector.* ops in eval_vector.c, memory and
 * memref / affine / gpu-id ops in eval_memref.c.
 *
 * Runtime values live in a Frame: one RtVal per ValueId of the module, so a
 * nested region reads the values of its enclosing regions directly.  A
 * func.call gets a fresh frame.  Every slot owns its elements; re-executing
 * an op (in a loop) frees the old elements first.
 */
#include "eval/eval_impl.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CALL_DEPTH 256

/* ------------------------------------------------------------ utilities */

void *
eval_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        ICE("out of memory");
    return p;
}

bool
eval_fail(Eval *ev, OpId op, const char *fmt, ...)
{
    if (ev->reported)
        return false;
    ev->reported = true;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    Loc loc = op_get(ev->m, op)->loc;
    diag_error(ev->d, loc, "'%s' %s", op_name(ev->m, op), msg);
    if (!ev->host)
        diag_note(ev->d, loc, "in eval of workgroup (%lld, %lld, %lld)", (long long)ev->wg[0],
                  (long long)ev->wg[1], (long long)ev->wg[2]);
    return false;
}

size_t
eval_elem_size(TypeId t)
{
    return type_scalar_bytes(t);
}

uint32_t
eval_shape(const Module *m, TypeId t, int64_t *shape)
{
    const Type *ty = type_get(m, t);
    if (ty->kind != TY_VECTOR && ty->kind != TY_MEMREF)
        return 0;
    for (uint32_t i = 0; i < ty->rank && i < EVAL_MAX_RANK; i++)
        shape[i] = ty->shape[i];
    return ty->rank;
}

/* An integer list attribute: [1, 2] (ARRAY of INT/BOOL) or array<i64: 1, 2>.
 * Returns the length, or -1. */
int64_t
eval_int_attr_list(const Attr *a, int64_t *out, uint32_t max)
{
    if (!a)
        return -1;
    if (a->kind == ATTR_DENSE_ARRAY && a->ints) {
        for (uint32_t i = 0; i < a->n && i < max; i++)
            out[i] = a->ints[i];
        return a->n;
    }
    if (a->kind == ATTR_DENSE_ARRAY && a->n == 0)
        return 0;
    if (a->kind != ATTR_ARRAY)
        return -1;
    for (uint32_t i = 0; i < a->n; i++) {
        const Attr *it = a->items[i];
        if (it->kind != ATTR_INT && it->kind != ATTR_BOOL)
            return -1;
        if (i < max)
            out[i] = it->kind == ATTR_INT ? it->i : it->b;
    }
    return a->n;
}

/* #vector.kind<add>, "add", or the enum's number */
int
eval_kind_attr(const Attr *a)
{
    if (!a)
        return KIND_ADD;
    if (a->kind == ATTR_ENUM || a->kind == ATTR_STRING)
        return a->str ? combining_kind_lookup(a->str) : -1;
    if (a->kind == ATTR_INT)
        return a->i >= 0 && a->i < KIND_COUNT ? (int)a->i : -1;
    return -1;
}

const char *
eval_attr_text(const Attr *a)
{
    if (a && (a->kind == ATTR_STRING || a->kind == ATTR_SYMBOL || a->kind == ATTR_ENUM))
        return a->str;
    return NULL;
}

/* ---------------------------------------------------------------- values */

RtVal *
eval_val(Frame *f, ValueId v)
{
    return &f->vals[v];
}

static void
val_clear(RtVal *v)
{
    if (v->e && v->e != &v->one)
        free(v->e);
    memset(v, 0, sizeof *v);
}

Scalar *
eval_val_alloc(RtVal *rv, TypeId type, int64_t n)
{
    val_clear(rv);
    rv->set = true;
    rv->type = type;
    rv->n = n;
    rv->e = n <= 1 ? &rv->one : eval_xcalloc((size_t)n, sizeof(Scalar));
    return rv->e;
}

/* dst := a deep copy of src (dst != src) */
static void
val_copy(RtVal *dst, const RtVal *src)
{
    Scalar *e = eval_val_alloc(dst, src->type, src->n);
    if (src->n > 0)
        memcpy(e, src->e, (size_t)src->n * sizeof *e);
    dst->view = src->view;
}

Scalar *
eval_def(Eval *ev, Frame *f, ValueId v, int64_t n)
{
    return eval_val_alloc(&f->vals[v], value_type(ev->m, v), n);
}

bool
eval_copy_into(Eval *ev, Frame *f, OpId o, ValueId v, const RtVal *src)
{
    if (&f->vals[v] == src)
        return true;
    TypeId t = value_type(ev->m, v);
    bool is_memref = type_is_memref(ev->m, t) || type_is_tensor(ev->m, t);
    if (is_memref != (type_is_memref(ev->m, src->type) || type_is_tensor(ev->m, src->type)) ||
        (!is_memref && src->n != eval_count(ev->m, t)))
        return eval_fail(ev, o, "passes a value whose type does not match its destination");
    val_copy(&f->vals[v], src);
    f->vals[v].type = t;
    return true;
}

int64_t
eval_count(const Module *m, TypeId t)
{
    int64_t n = type_num_elements(m, t); /* an i128 is two Scalars, the low half first */
    return type_element(m, t) == TY_I128 && !type_is_memref(m, t) ? 2 * n : n;
}

void
eval_def_int(Eval *ev, Frame *f, ValueId v, int64_t x)
{
    eval_def(ev, f, v, 1)->i = eval_norm_int(x, type_element(ev->m, value_type(ev->m, v)));
}

static Frame
frame_new(const Module *m)
{
    Frame f = { eval_xcalloc(m->nvalues, sizeof(RtVal)) };
    return f;
}

static void
frame_free(const Module *m, Frame *f)
{
    for (uint32_t i = 0; i < m->nvalues; i++)
        val_clear(&f->vals[i]);
    free(f->vals);
    f->vals = NULL;
}

/* ----------------------------------------------------------- arith/math */

static int64_t
predicate_of(const Module *m, OpId o)
{
    const Attr *a = op_attr(m, o, "predicate");
    if (!a)
        return -1;
    if (a->kind == ATTR_INT)
        return a->i;
    const char *s = eval_attr_text(a);
    bool is_f = op_get(m, o)->kind == OP_CMPF;
    for (int i = 0; s && i < (is_f ? CMPF_COUNT : CMPI_COUNT); i++)
        if (strcmp(s, is_f ? cmpf_names[i] : cmpi_names[i]) == 0)
            return i;
    return -1;
}

static bool
exec_elementwise(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    if (op->nres != 1 || op->nargs < 1 || op->nargs > 3)
        return eval_fail(ev, o, "has an unexpected number of operands or results");
    ValueId res = op->res[0];
    TypeId rt = type_element(ev->m, value_type(ev->m, res));
    int64_t n = type_num_elements(ev->m, value_type(ev->m, res));
    if (rt == TY_I128) /* arith.select only (ir/verify.c): the two halves alike */
        n = 2;
    TypeId in[3];
    const RtVal *a[3];
    for (uint32_t k = 0; k < op->nargs; k++) {
        a[k] = eval_val(f, op->args[k]);
        in[k] = type_element(ev->m, a[k]->type);
        if (a[k]->n != n && a[k]->n != 1)
            return eval_fail(ev, o, "operand #%u has %lld elements, the result %lld", k,
                             (long long)a[k]->n, (long long)n);
    }
    int64_t pred = 0;
    if (op->kind == OP_CMPI || op->kind == OP_CMPF) {
        pred = predicate_of(ev->m, o);
        if (pred < 0 || pred >= (op->kind == OP_CMPF ? CMPF_COUNT : CMPI_COUNT))
            return eval_fail(ev, o, "has no valid 'predicate'");
    }
    Scalar *r = eval_def(ev, f, res, n);
    for (int64_t e = 0; e < n; e++) {
        Scalar x[3];
        for (uint32_t k = 0; k < op->nargs; k++)
            x[k] = a[k]->e[a[k]->n == 1 ? 0 : e];
        const char *err = NULL;
        if (!eval_elementwise(op->kind, rt, in, x, &r[e], pred, &err))
            return eval_fail(ev, o, "%s", err);
    }
    return true;
}

/* A scalar of element type t from an attribute element (int or float). */
Scalar
eval_const_elem(TypeId t, bool have_float, double fv, int64_t iv)
{
    Scalar s;
    if (type_is_float(t))
        s.f = eval_round(have_float ? fv : (double)iv, t);
    else
        s.i = eval_norm_int(have_float ? (int64_t)fv : iv, t);
    return s;
}

static bool
exec_constant(Eval *ev, Frame *f, OpId o)
{
    ValueId res = op_get(ev->m, o)->res[0];
    TypeId ty = value_type(ev->m, res);
    TypeId et = type_element(ev->m, ty);
    int64_t n = type_num_elements(ev->m, ty);
    const Attr *a = op_attr(ev->m, o, "value");
    if (!a || n < 0 || !type_is_scalar(et))
        return eval_fail(ev, o, "has no 'value' eval understands");
    Scalar *r = eval_def(ev, f, res, n);
    switch (a->kind) {
    case ATTR_INT:
    case ATTR_BOOL:
    case ATTR_FLOAT: {
        int64_t iv = a->kind == ATTR_BOOL ? a->b : a->i;
        Scalar s = eval_const_elem(et, a->kind == ATTR_FLOAT, a->f, iv);
        for (int64_t i = 0; i < n; i++)
            r[i] = s;
        return true;
    }
    case ATTR_DENSE:
        if (!a->splat && a->n != (uint64_t)n)
            return eval_fail(ev, o, "dense value has %u elements, the type %lld", a->n,
                             (long long)n);
        if (a->n == 0 && n > 0)
            return eval_fail(ev, o, "dense value is empty");
        for (int64_t i = 0; i < n; i++) {
            int64_t k = a->splat ? 0 : i;
            r[i] = eval_const_elem(et, a->floats != NULL, a->floats ? a->floats[k] : 0,
                                   a->ints ? a->ints[k] : 0);
        }
        return true;
    default:
        return eval_fail(ev, o, "has no 'value' eval understands");
    }
}

/* --------------------------------------------------------- control flow */

static bool exec_op(Eval *ev, Frame *f, OpId o);
static bool call_function(Eval *ev, OpId func, OpId site, Frame *caller, const ValueId *args,
                          const RtVal *argvals, uint32_t nargs, RtVal *results, uint32_t nres);

/* Runs the ops of block b up to its terminator, returned in *term. */
static bool
exec_block(Eval *ev, Frame *f, BlockId b, OpId *term)
{
    return eval_exec_block(ev, f, b, term);
}

bool
eval_exec_block(Eval *ev, Frame *f, BlockId b, OpId *term)
{
    *term = 0;
    for (uint32_t i = 0; i < block_get(ev->m, b)->ops.n; i++) {
        OpId o = block_get(ev->m, b)->ops.items[i];
        if (op_info[op_get(ev->m, o)->kind].traits & T_TERM) {
            *term = o;
            return true;
        }
        if (!exec_op(ev, f, o))
            return false;
    }
    return true;
}

/* Runs a function body of several blocks from its entry: a cf.br or cf.cond_br passes
 * its operands to the successor's arguments (all read before any is written) and goes
 * on there; *term is the return that ends it. */
static bool
exec_cfg(Eval *ev, Frame *f, RegionId r, OpId *term)
{
    const Region *reg = region_get(ev->m, r);
    BlockId b = reg->blocks.items[0];
    for (;;) {
        if (!exec_block(ev, f, b, term))
            return false;
        const Op *t = *term ? op_get(ev->m, *term) : NULL;
        if (!t || (t->kind != OP_CF_BR && t->kind != OP_CF_COND_BR))
            return true;
        if (++ev->steps > ev->max_steps)
            return eval_fail(ev, *term, "reached the step limit of %llu ops (a runaway loop?)",
                             (unsigned long long)ev->max_steps);
        const Attr *s = op_attr(ev->m, *term, "successors");
        uint32_t first = 0, count = t->nargs, k = 0;
        if (t->kind == OP_CF_COND_BR) {
            const Attr *seg = op_attr(ev->m, *term, "operandSegmentSizes");
            bool taken = eval_val(f, t->args[0])->e[0].i != 0;
            k = taken ? 0 : 1;
            first = taken ? 1 : 1 + (uint32_t)seg->ints[1];
            count = (uint32_t)seg->ints[1 + k];
        }
        BlockId next = reg->blocks.items[s->ints[k]];
        RtVal *tmp = eval_xcalloc(count + 1, sizeof *tmp);
        bool ok = true;
        for (uint32_t i = 0; i < count; i++)
            val_copy(&tmp[i], eval_val(f, op_get(ev->m, *term)->args[first + i]));
        for (uint32_t i = 0; ok && i < count; i++)
            ok = eval_copy_into(ev, f, *term, block_get(ev->m, next)->args.items[i], &tmp[i]);
        for (uint32_t i = 0; i < count; i++)
            val_clear(&tmp[i]);
        free(tmp);
        if (!ok)
            return false;
        b = next;
    }
}

/* Runs the single-block region `r` of op o; its terminator must be `want`
 * (or gpu.return for func.return) with `nvals` operands. */
static bool
exec_region(Eval *ev, Frame *f, OpId o, uint32_t r, OpKind want, uint32_t nvals, OpId *term)
{
    RegionId rid = op_get(ev->m, o)->regions[r];
    bool cfg = region_get(ev->m, rid)->blocks.n > 1 && want == OP_RETURN;
    if (region_get(ev->m, rid)->blocks.n != 1 && !cfg)
        return eval_fail(ev, o, "region #%u must have exactly one block", r);
    if (cfg) {
        if (!exec_cfg(ev, f, rid, term))
            return false;
    } else if (!exec_block(ev, f, op_entry_block(ev->m, o, r), term)) {
        return false;
    }
    OpKind k = *term ? op_get(ev->m, *term)->kind : OP_COUNT;
    if (!*term || (k != want && !(want == OP_RETURN && k == OP_GPU_RETURN)))
        return eval_fail(ev, o, "region #%u does not end in '%s'", r, op_info[want].name);
    if (op_get(ev->m, *term)->nargs != nvals)
        return eval_fail(ev, *term, "yields %u values, %u expected", op_get(ev->m, *term)->nargs,
                         nvals);
    return true;
}

/* scf.for %iv = %lb to %ub step %step iter_args(...) */
static bool
exec_for(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    if (op->nargs < 3 || op->nregions != 1 || op->nres != op->nargs - 3)
        return eval_fail(ev, o, "has malformed operands, results or region");
    BlockId body = op_entry_block(ev->m, o, 0);
    const Block *blk = block_get(ev->m, body);
    uint32_t niter = op->nres;
    if (!body || blk->args.n != niter + 1)
        return eval_fail(ev, o, "body must take the induction variable and %u iter args", niter);
    TypeId ivt = value_type(ev->m, op->args[0]);
    int64_t lb = eval_val(f, op->args[0])->e[0].i, ub = eval_val(f, op->args[1])->e[0].i;
    int64_t step = eval_val(f, op->args[2])->e[0].i;
    bool is_unsigned = op_attr(ev->m, o, "unsignedCmp") != NULL;
    if (step <= 0 && !(is_unsigned && step != 0))
        return eval_fail(ev, o, "step %lld is not positive", (long long)step);
    ValueId ivv = blk->args.items[0];
    for (uint32_t k = 0; k < niter; k++)
        if (!eval_copy_into(ev, f, o, blk->args.items[k + 1], eval_val(f, op->args[3 + k])))
            return false;
    RtVal *tmp = eval_xcalloc(niter, sizeof *tmp);
    bool ok = true;
    for (int64_t iv = lb;;) {
        bool more = is_unsigned ? eval_zext(iv, ivt) < eval_zext(ub, ivt) : iv < ub;
        if (!more)
            break;
        if (++ev->steps > ev->max_steps) { /* an empty body still counts */
            ok = eval_fail(ev, o, "reached the step limit of %llu ops (a runaway loop?)",
                           (unsigned long long)ev->max_steps);
            break;
        }
        eval_def_int(ev, f, ivv, iv);
        OpId term;
        if (!(ok = exec_region(ev, f, o, 0, OP_YIELD, niter, &term)))
            break;
        /* through tmp: yield may permute the iter args */
        for (uint32_t k = 0; k < niter; k++)
            val_copy(&tmp[k], eval_val(f, op_get(ev->m, term)->args[k]));
        for (uint32_t k = 0; ok && k < niter; k++)
            ok = eval_copy_into(ev, f, term, block_get(ev->m, body)->args.items[k + 1], &tmp[k]);
        if (!ok)
            break;
        int64_t next = eval_norm_int((int64_t)((uint64_t)iv + (uint64_t)step), ivt);
        if (is_unsigned ? eval_zext(next, ivt) <= eval_zext(iv, ivt) : next <= iv)
            break; /* wrapped around */
        iv = next;
    }
    for (uint32_t k = 0; k < niter; k++)
        val_clear(&tmp[k]);
    free(tmp);
    if (!ok)
        return false;
    for (uint32_t k = 0; k < niter; k++)
        if (!eval_copy_into(ev, f, o, op->res[k], eval_val(f, blk->args.items[k + 1])))
            return false;
    return true;
}

static bool
exec_if(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    bool cond = eval_val(f, op->args[0])->e[0].i != 0;
    uint32_t r = cond ? 0 : 1;
    if (r >= op->nregions || !op->regions[r] || !op_entry_block(ev->m, o, r)) {
        if (op->nres)
            return eval_fail(ev, o, "has results but no else region");
        return true;
    }
    OpId term;
    if (!exec_region(ev, f, o, r, OP_YIELD, op->nres, &term))
        return false;
    for (uint32_t k = 0; k < op->nres; k++)
        if (!eval_copy_into(ev, f, term, op->res[k], eval_val(f, op_get(ev->m, term)->args[k])))
            return false;
    return true;
}

static bool
exec_call(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const char *name = eval_attr_text(op_attr(ev->m, o, "callee"));
    OpId callee = name ? eval_find_func(ev->m, name) : 0;
    if (!callee)
        return eval_fail(ev, o, "calls an unknown function");
    if (ev->host && !op_entry_block(ev->m, callee, 0))
        return eval_host_call(ev, f, o, callee);
    uint32_t nres = op->nres;
    RtVal *res = eval_xcalloc(nres, sizeof *res);
    bool ok = call_function(ev, callee, o, f, op->args, NULL, op->nargs, res, nres);
    for (uint32_t k = 0; k < nres; k++) {
        if (ok)
            ok = eval_copy_into(ev, f, o, op_get(ev->m, o)->res[k], &res[k]);
        val_clear(&res[k]);
    }
    free(res);
    return ok;
}

/* --------------------------------------------------------------- dispatch */

static bool
exec_identity(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const RtVal *src = eval_val(f, op->args[0]);
    if (src->n != type_num_elements(ev->m, value_type(ev->m, op->res[0])))
        return eval_fail(ev, o, "changes the element count; eval runs vector-level kernels only");
    return eval_copy_into(ev, f, o, op->res[0], src);
}

static bool
simt_only(Eval *ev, OpId o)
{
    return eval_fail(ev, o, "is a per-thread op; eval runs vector-level kernels only");
}

/* The ops eval does not run as a vector-level kernel's: per-thread (SIMT) ops, which it
   refuses, the upstream dialects' ops (eval_upstream.c), and the ops that are no
   statement of a body */
static bool
dispatch_other(Eval *ev, Frame *f, OpId o)
{
    switch (op_info[op_get(ev->m, o)->kind].family) {
    case F_SIMT:
        return simt_only(ev, o);
    case F_UPSTREAM:
        return eval_upstream_op(ev, f, o);
    default:
        break;
    }
    switch (op_get(ev->m, o)->kind) {
    case OP_MODULE:
    case OP_GPU_MODULE:
    case OP_FUNC:
    case OP_GPU_FUNC:
    case OP_GLOBAL:
    case OP_RETURN:
    case OP_GPU_RETURN:
    case OP_YIELD:
    case OP_GPU_TERMINATOR:
    case OP_COUNT:
        return eval_fail(ev, o, "cannot be executed here");
    default:
        break;
    }
    return eval_fail(ev, o, "is not supported by eval");
}

static bool
dispatch(Eval *ev, Frame *f, OpId o)
{
    if (++ev->steps > ev->max_steps)
        return eval_fail(ev, o, "reached the step limit of %llu ops (a runaway loop?)",
                         (unsigned long long)ev->max_steps);
    const Op *op = op_get(ev->m, o);
    const OpInfo *info = &op_info[op->kind];
    if ((info->nargs != VAR && op->nargs != (uint32_t)info->nargs) ||
        (info->nres != VAR && op->nres != (uint32_t)info->nres))
        return eval_fail(ev, o, "has %u operands and %u results, %d and %d expected", op->nargs,
                         op->nres, info->nargs, info->nres);
    for (uint32_t i = 0; i < op->nargs; i++)
        if (!eval_val(f, op->args[i])->set)
            return eval_fail(ev, o, "operand #%u has no value", i);
    if (info->ew != EW_NONE) /* a class of ops.def: arith, math, vector.fma */
        return exec_elementwise(ev, f, o);
    switch (op->kind) {
    case OP_CONSTANT:
        return exec_constant(ev, f, o);
    case OP_TRANSFER_READ:
    case OP_TRANSFER_WRITE:
    case OP_VLOAD:
    case OP_VSTORE:
    case OP_CONTRACT:
    case OP_MULTI_REDUCTION:
    case OP_REDUCTION:
    case OP_BROADCAST:
    case OP_TRANSPOSE:
    case OP_SHAPE_CAST:
    case OP_EXTRACT:
    case OP_INSERT:
    case OP_EXTRACT_STRIDED_SLICE:
    case OP_INSERT_STRIDED_SLICE:
    case OP_SPLAT:
    case OP_STEP:
    case OP_CREATE_MASK:
    case OP_CONSTANT_MASK:
    case OP_VBITCAST:
    case OP_FROM_ELEMENTS:
        return eval_vector_op(ev, f, o);
    case OP_FOR:
        return exec_for(ev, f, o);
    case OP_IF:
        return exec_if(ev, f, o);
    case OP_CALL:
        return exec_call(ev, f, o);
    case OP_ALLOC:
    case OP_ALLOCA:
    case OP_MLOAD:
    case OP_MSTORE:
    case OP_SUBVIEW:
    case OP_VIEW:
    case OP_GET_GLOBAL:
    case OP_DIM:
    case OP_AFFINE_APPLY:
    case OP_LINEARIZE_INDEX:
    case OP_DELINEARIZE_INDEX:
    case OP_BLOCK_ID:
    case OP_BLOCK_DIM:
    case OP_GRID_DIM:
        return eval_memref_op(ev, f, o);
    case OP_BARRIER:
        return true;
    case OP_LINALG_GENERIC:
    case OP_LINALG_MATMUL:
    case OP_LINALG_BATCH_MATMUL:
    case OP_LINALG_MATMUL_TRANSPOSE_B:
    case OP_LINALG_BATCH_MATMUL_TRANSPOSE_B:
    case OP_LINALG_FILL:
    case OP_LINALG_COPY:
    case OP_LINALG_TRANSPOSE:
    case OP_LINALG_BROADCAST:
    case OP_LINALG_REDUCE:
    case OP_LINALG_SOFTMAX:
    case OP_LINALG_MAP:
    case OP_LINALG_INDEX:
    case OP_TENSOR_EMPTY:
    case OP_TENSOR_DIM:
    case OP_TENSOR_EXTRACT_SLICE:
    case OP_TENSOR_INSERT_SLICE:
    case OP_TENSOR_PAD:
    case OP_TO_TENSOR:
    case OP_MATERIALIZE_IN_DESTINATION:
        return eval_linalg_op(ev, f, o);
    case OP_LINALG_YIELD:
    case OP_TENSOR_YIELD:
        return eval_fail(ev, o, "cannot be executed here");
    case OP_TO_LAYOUT:
    case OP_TO_SIMT:
    case OP_TO_SIMD:
        return exec_identity(ev, f, o);
    case OP_LAUNCH_FUNC:
    case OP_LAUNCH:
    case OP_HOST_REGISTER:
    case OP_HOST_UNREGISTER:
    case OP_GPU_ALLOC:
    case OP_GPU_DEALLOC:
    case OP_GPU_MEMCPY:
    case OP_GPU_MEMSET:
    case OP_GPU_WAIT:
    case OP_MEMREF_CAST:
    case OP_DEALLOC:
    case OP_MEMREF_COPY:
    case OP_PRINT:
        return eval_host_op(ev, f, o);
    default: /* an op with a class: exec_elementwise, above; the others: */
        break;
    }
    return dispatch_other(ev, f, o);
}

/* Runs op o; then checks that every vector or scalar result holds as many
 * elements as its type says, so that ill-typed IR fails here instead of
 * reading past a value later. */
static bool
exec_op(Eval *ev, Frame *f, OpId o)
{
    if (!dispatch(ev, f, o))
        return false;
    const Op *op = op_get(ev->m, o);
    for (uint32_t k = 0; k < op->nres; k++) {
        TypeId t = value_type(ev->m, op->res[k]);
        const RtVal *v = eval_val(f, op->res[k]);
        if (!v->set)
            continue; /* e.g. the tensor result of a transfer_write: never read */
        if (!type_is_memref(ev->m, t) && !type_is_tensor(ev->m, t) && v->n != eval_count(ev->m, t))
            return eval_fail(ev, o, "result #%u holds %lld elements, its type %lld", k,
                             (long long)v->n, (long long)eval_count(ev->m, t));
    }
    return true;
}

/* ------------------------------------------------------------- functions */

/* Calls func with arguments from the caller's frame (args) or given
 * directly (argvals); copies its func.return operands into results. */
static bool
call_function(Eval *ev, OpId func, OpId site, Frame *caller, const ValueId *args,
              const RtVal *argvals, uint32_t nargs, RtVal *results, uint32_t nres)
{
    BlockId entry = op_entry_block(ev->m, func, 0);
    if (!entry)
        return eval_fail(ev, site, "calls a function without a body");
    if (block_get(ev->m, entry)->args.n != nargs)
        return eval_fail(ev, site, "passes %u arguments to a function of %u parameters", nargs,
                         block_get(ev->m, entry)->args.n);
    if (ev->depth >= MAX_CALL_DEPTH)
        return eval_fail(ev, site, "nests calls deeper than %d", MAX_CALL_DEPTH);
    Frame f = frame_new(ev->m);
    bool ok = true;
    for (uint32_t i = 0; ok && i < nargs; i++)
        ok = eval_copy_into(ev, &f, site, block_get(ev->m, entry)->args.items[i],
                            argvals ? &argvals[i] : eval_val(caller, args[i]));
    ev->depth++;
    OpId term = 0;
    ok = ok && exec_region(ev, &f, func, 0, OP_RETURN, nres, &term);
    ev->depth--;
    for (uint32_t k = 0; ok && k < nres; k++)
        val_copy(&results[k], eval_val(&f, op_get(ev->m, term)->args[k]));
    frame_free(ev->m, &f);
    return ok;
}

/* Builds the runtime value of parameter `param` from the caller's arg. */
static bool
bind_param(Eval *ev, OpId func, ValueId param, uint32_t i, const EvalArg *arg, RtVal *out)
{
    TypeId ty = value_type(ev->m, param);
    const Type *t = type_get(ev->m, ty);
    if (t->kind == TY_MEMREF || t->kind == TY_TENSOR) { /* a tensor views it, read only */
        const EvalBuffer *b = &arg->buf;
        if (b->elem != t->elem || b->rank != t->rank || b->rank > EVAL_MAX_RANK || !b->data)
            return eval_fail(ev, func, "argument #%u: buffer type or rank does not match %s", i,
                             "the parameter");
        for (uint32_t d = 0; d < t->rank; d++)
            if ((t->shape[d] != DIM_DYNAMIC && t->shape[d] != b->shape[d]) || b->shape[d] < 0 ||
                b->strides[d] < 0)
                return eval_fail(ev, func,
                                 "argument #%u: dimension %u is %lld, the parameter's "
                                 "%lld",
                                 i, d, (long long)b->shape[d], (long long)t->shape[d]);
        eval_val_alloc(out, ty, 0);
        if (!eval_view_init(ev, func, &out->view, ty, b->shape))
            return false;
        memcpy(out->view.strides, b->strides, sizeof b->strides);
        out->view.offset = 0;
        int64_t n = eval_view_extent(b->rank, b->shape, b->strides);
        out->view.mem = eval_mem_new(&ev->callers, (size_t)n * eval_elem_size(t->elem), b->data);
        return true;
    }
    if (t->kind == TY_TENSORMAP) { /* opaque: only the per-thread TMA ops read it */
        eval_val_alloc(out, ty, 1)->i = 0;
        return true;
    }
    if (!type_is_scalar(ty))
        return eval_fail(ev, func, "argument #%u: eval passes memrefs and scalars only", i);
    if (ty == TY_I128) { /* an int64 value, sign-extended: two halves, the low first */
        Scalar *h = eval_val_alloc(out, ty, 2);
        h[0].i = arg->i;
        h[1].i = arg->i < 0 ? -1 : 0;
        return true;
    }
    Scalar *e = eval_val_alloc(out, ty, 1);
    if (type_is_float(ty))
        e->f = eval_round(arg->f, ty);
    else
        e->i = eval_norm_int(arg->i, ty);
    return true;
}

static bool
check_func(Eval *ev, OpId func, uint32_t nargs)
{
    OpKind k = op_get(ev->m, func)->kind;
    if (k != OP_FUNC && k != OP_GPU_FUNC)
        return eval_fail(ev, func, "is not a function");
    BlockId entry = op_entry_block(ev->m, func, 0);
    if (!entry)
        return eval_fail(ev, func, "has no body");
    if (block_get(ev->m, entry)->args.n != nargs)
        return eval_fail(ev, func, "takes %u arguments, %u given", block_get(ev->m, entry)->args.n,
                         nargs);
    return true;
}

static void
eval_init(Eval *ev, Module *m, Diag *d, const EvalOptions *opt)
{
    memset(ev, 0, sizeof *ev);
    ev->m = m;
    ev->d = d;
    ev->max_steps = opt && opt->max_steps ? opt->max_steps : EVAL_DEFAULT_MAX_STEPS;
    for (int i = 0; i < 3; i++) {
        ev->grid[i] = opt && opt->grid[i] > 0 ? opt->grid[i] : 1;
        ev->block[i] = opt && opt->block[i] > 0 ? opt->block[i] : 1;
    }
}

/* One workgroup: bind, run, copy results out, release scratch.  An op-level function's
 * tensor results go into the buffers outs[0..nres) (when outs is given) before the
 * scratch memory they live in is released. */
static bool
run_workgroup(Eval *ev, OpId func, const EvalArg *args, uint32_t nargs, RtVal *results,
              uint32_t nres, const EvalArg *outs)
{
    BlockId entry = op_entry_block(ev->m, func, 0);
    ev->steps = 0; /* the step limit is per workgroup */
    RtVal *params = eval_xcalloc(nargs, sizeof *params);
    bool ok = true;
    for (uint32_t i = 0; ok && i < nargs; i++)
        ok = bind_param(ev, func, block_get(ev->m, entry)->args.items[i], i, &args[i], &params[i]);
    if (ok)
        ok = call_function(ev, func, func, NULL, NULL, params, nargs, results, nres);
    for (uint32_t k = 0; ok && outs && k < nres; k++)
        ok = eval_store_tensor(ev, func, k, &results[k], &outs[k].buf);
    for (uint32_t i = 0; i < nargs; i++)
        val_clear(&params[i]);
    free(params);
    eval_mem_free_list(&ev->scratch);
    eval_mem_free_list(&ev->callers);
    return ok;
}

/* The number of results of func's function type. */
static uint32_t
func_results(const Module *m, OpId func)
{
    const Attr *ft = op_attr(m, func, "function_type");
    return ft && ft->kind == ATTR_TYPE ? type_get(m, ft->type)->nouts : 0;
}

bool
eval_kernel(Module *m, OpId func, const EvalArg *args, uint32_t nargs, const EvalOptions *opt,
            Diag *d)
{
    return eval_kernel_watched(m, func, args, nargs, opt, d, NULL);
}

bool
eval_kernel_watched(Module *m, OpId func, const EvalArg *args, uint32_t nargs,
                    const EvalOptions *opt, Diag *d, const EvalProgress *progress)
{
    Eval ev;
    eval_init(&ev, m, d, opt);
    /* an op-level function returns tensors: their buffers follow the parameters */
    uint32_t nparams = nargs, nres = 0;
    BlockId entry = op_get(m, func)->nregions ? op_entry_block(m, func, 0) : 0;
    if (entry && nargs > block_get(m, entry)->args.n &&
        nargs == block_get(m, entry)->args.n + func_results(m, func)) {
        nparams = block_get(m, entry)->args.n;
        nres = nargs - nparams;
    }
    bool ok = check_func(&ev, func, nparams);
    RtVal *res = eval_xcalloc(nres + 1, sizeof *res);
    uint64_t done = 0, total = (uint64_t)(ev.grid[0] * ev.grid[1] * ev.grid[2]);
    for (int64_t z = 0; ok && z < ev.grid[2]; z++)
        for (int64_t y = 0; ok && y < ev.grid[1]; y++)
            for (int64_t x = 0; ok && x < ev.grid[0]; x++) {
                ev.wg[0] = x, ev.wg[1] = y, ev.wg[2] = z;
                ok = run_workgroup(&ev, func, args, nparams, res, nres, args + nparams);
                for (uint32_t k = 0; k < nres; k++)
                    val_clear(&res[k]);
                if (progress && progress->fn)
                    progress->fn(progress->user, ++done, total);
            }
    free(res);
    eval_mem_free_list(&ev.globals);
    return ok;
}

/* Stores a returned runtime value into the caller's EvalArg. */
static bool
store_result(Eval *ev, OpId func, uint32_t k, const RtVal *v, EvalArg *out)
{
    const Type *t = type_get(ev->m, v->type);
    if (t->kind == TY_VECTOR) {
        if (!out->buf.data)
            return eval_fail(ev, func, "result #%u is a vector: give it a buffer", k);
        out->buf.elem = t->elem;
        out->buf.rank = t->rank < EVAL_MAX_RANK ? t->rank : EVAL_MAX_RANK;
        int64_t stride = 1;
        for (uint32_t i = out->buf.rank; i-- > 0;) {
            out->buf.shape[i] = t->shape[i];
            out->buf.strides[i] = stride;
            stride *= t->shape[i];
        }
        size_t size = eval_elem_size(t->elem);
        for (int64_t i = 0; i < v->n; i++)
            eval_mem_write((unsigned char *)out->buf.data + (size_t)i * size, t->elem, v->e[i]);
        return true;
    }
    if (type_is_float(v->type))
        out->f = v->e[0].f;
    else if (type_is_int(v->type))
        out->i = v->e[0].i;
    else
        return eval_fail(ev, func, "result #%u is neither a scalar nor a vector", k);
    return true;
}

bool
eval_function(Module *m, OpId func, const EvalArg *args, uint32_t nargs, EvalArg *results,
              uint32_t nres, const EvalOptions *opt, Diag *d)
{
    Eval ev;
    eval_init(&ev, m, d, opt);
    if (!check_func(&ev, func, nargs))
        return false;
    RtVal *res = eval_xcalloc(nres, sizeof *res);
    bool ok = run_workgroup(&ev, func, args, nargs, res, nres, NULL);
    for (uint32_t k = 0; k < nres; k++) {
        if (ok)
            ok = store_result(&ev, func, k, &res[k], &results[k]);
        val_clear(&res[k]);
    }
    free(res);
    eval_mem_free_list(&ev.globals);
    return ok;
}

/* Host code: `entry` runs once, with the host ops of eval_host.c; every allocation lives
 * until the end (or its dealloc). */
bool
eval_host(Module *m, OpId entry, const EvalHostOptions *opt, Diag *d)
{
    Eval ev;
    eval_init(&ev, m, d, NULL);
    ev.host = opt;
    ev.next_addr = EVAL_HOST_FIRST_ADDRESS;
    if (opt->max_steps)
        ev.max_steps = opt->max_steps;
    BlockId body = op_entry_block(m, entry, 0);
    bool ok = true;
    if (body && block_get(m, body)->args.n)
        ok = eval_fail(&ev, entry,
                       "is the entry point, which takes no arguments (as mlir-runner's), but has "
                       "%u",
                       block_get(m, body)->args.n);
    ok = ok && check_func(&ev, entry, 0);
    if (ok && op_get(m, entry)->kind != OP_FUNC)
        ok = eval_fail(&ev, entry, "is not a 'func.func': the entry point is a host function");
    const Attr *ft = op_attr(m, entry, "function_type");
    if (ok && ft && ft->kind == ATTR_TYPE && type_get(m, ft->type)->nouts)
        ok = eval_fail(&ev, entry,
                       "returns values, but the entry point of a program returns none (as "
                       "mlir-runner's --entry-point-result=void)");
    if (ok)
        ok = call_function(&ev, entry, entry, NULL, NULL, NULL, 0, NULL, 0);
    eval_mem_free_list(&ev.scratch);
    eval_mem_free_list(&ev.globals);
    return ok;
}
