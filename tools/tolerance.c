/*
 * tolerance.c -- how far `vptx check` lets a float output of a compiled kernel be from
 * its reference (or from the user's --expect array), derived from the ops that compute
 * that output: the accumulations and roundings on its chain, with their types.
 *
 *   output argument --writers--> stored values --defs, loops, memrefs--> slice of ops
 *
 * The slice is every op the stored values depend on: operands, the yields of loops
 * and ifs whose results or iteration arguments they use, and every op that writes a
 * memref (or a view of one) they read.  Over the slice, with `trips` the product of
 * the constant trip counts of the scf.for loops around an op:
 *
 *   n       the longest accumulation: elements one op combines into a result
 *           element (vector.contract's k, multi_reduction, reduction; mma.sync's k,
 *           wgmma 64, a shuffle or subgroup_reduce 32), times its trips
 *   u_acc   the unit roundoff of that accumulation's result type (f32 2^-24, f16
 *           2^-11, ...; a tf32 contract or --allow-tf32: at least 2^-11)
 *   r       the rounding ops (float elementwise ops and casts), each times its trips
 *   u       the coarsest unit roundoff they round to, and the output's own
 *   math    the largest error of the math.* ops (fast: exp, log 2^-19, rsqrt 2^-21,
 *           powf 2^-16, sin, cos 2^-18, tanh 2^-10; --precise-math 2^-20), and with
 *           --fast-math of an f32 arith.divf (2^-22: twice its bound of 2 ulp, 2^-23);
 *           with --fast-math an f32 math.exp adds max(1, n) 2^-24 (exp(a - b) folded
 *           into one fma: |b| 2^-24, |b| <= n for check's inputs in [-1, 1])
 *
 *   rtol = (8 + n) * u_acc + (4 + r) * u + math
 *   atol = rtol * max(1, sqrt(n))        (partial sums of n inputs bounded by 1)
 *
 * so that an f16 output of an f32 accumulation is held to about f16's rounding, not to
 * n times it: a GEMM whose K loop stops one step short fails against --expect.
 * Integer outputs, and arguments the kernel does not write, are compared exactly.
 */
#include "tools/check.h"

#include "layout/layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double
const_int(Module *m, ValueId v, bool *ok)
{
    OpId d = value_get(m, v)->def;
    const Attr *a = d && op_get(m, d)->kind == OP_CONSTANT ? op_attr(m, d, "value") : NULL;
    if (!a || a->kind != ATTR_INT) {
        *ok = false;
        return 1;
    }
    return (double)a->i;
}

/* Elements one op combines into a result element (0: not a reduction). */
static double
reduction_length(Module *m, OpId o)
{
    const Op *op = op_get(m, o);
    switch (op->kind) {
    case OP_CONTRACT: {
        double lhs = (double)type_num_elements(m, value_type(m, op->args[0]));
        double rhs = (double)type_num_elements(m, value_type(m, op->args[1]));
        double acc = (double)type_num_elements(m, value_type(m, op->args[2]));
        return acc > 0 ? sqrt(lhs * rhs / acc) : lhs; /* C[m,n] += A[m,k] B[k,n]: k */
    }
    case OP_MULTI_REDUCTION: {
        double src = (double)type_num_elements(m, value_type(m, op->args[0]));
        double res = (double)type_num_elements(m, value_type(m, op->res[0]));
        return res > 0 ? src / res : src;
    }
    case OP_REDUCTION:
        return (double)type_num_elements(m, value_type(m, op->args[0]));
    case OP_MMA_SYNC:
    case OP_MMA_SP_SYNC: {
        const Attr *s = op_attr(m, o, "mmaShape");
        return s && s->kind == ATTR_ARRAY && s->n == 3 && s->items[2]->kind == ATTR_INT
                   ? (double)s->items[2]->i
                   : 16;
    }
    case OP_WARPGROUP_MMA:
        return 64;
    case OP_SHUFFLE:
    case OP_SUBGROUP_REDUCE:
        return 32;
    default:
        return 0;
    }
}

/* The largest error of a math.* op (ptxgen/isel_math.c's measured bounds). */
static double
math_error(OpKind k, bool precise)
{
    switch (k) {
    case OP_EXP:
    case OP_EXP2:
    case OP_LOG:
    case OP_LOG2:
        return precise ? 0x1p-20 : 0x1p-19;
    case OP_RSQRT:
        return precise ? 0x1p-20 : 0x1p-21;
    case OP_POWF:
        return precise ? 0x1p-20 : 0x1p-16;
    case OP_SIN:
    case OP_COS:
        return precise ? 0x1p-20 : 0x1p-18;
    case OP_TANH:
        return precise ? 0x1p-20 : 0x1p-10;
    default:
        return 0;
    }
}

double
tolerance_unit_roundoff(TypeId t)
{
    switch (t) {
    case TY_F16:
    case TY_TF32:
        return 0x1p-11;
    case TY_BF16:
        return 0x1p-8;
    case TY_F32:
        return 0x1p-24;
    case TY_F64:
        return 0x1p-53;
    case TY_F8E4M3FN:
    case TY_F8E4M3FNUZ:
        return 0x1p-4;
    case TY_F8E5M2:
    case TY_F8E5M2FNUZ:
        return 0x1p-3;
    default:
        return 0;
    }
}

/* Does contract o name a tf32 mma_kind (mma.sync's or wgmma's), on itself or in its
   lowering_config? */
static bool
tf32_kind(const Module *m, OpId o)
{
    const Attr *k = op_attr(m, o, "mma_kind"), *cfg = op_attr(m, o, "lowering_config");
    MmaIntrinsic mma;
    if (!(k ? layout_mma_from_attr(k, &mma) : cfg && layout_mma_from_attr(cfg, &mma)))
        return false;
    return mma.kind == MMA_NV_MMA_SYNC_F32_16x8x8_TF32 || mma.kind == MMA_NV_WGMMA_F32_64xNx8_TF32;
}

/* ---- the slice ---- */

typedef struct Slice {
    Module *m;
    OpId func;
    double *trips;  /* per op: the constant trip counts of the loops around it */
    bool *in_slice; /* per op */
    bool *seen;     /* per value */
    ValueId *work;
    uint32_t nwork, capwork;
} Slice;

/* trips of every op under block b, nested in loops of `trips` iterations in all. */
static void
fill_trips(Slice *s, BlockId b, double trips)
{
    Module *m = s->m;
    for (uint32_t i = 0; i < block_get(m, b)->ops.n; i++) {
        OpId o = block_get(m, b)->ops.items[i];
        const Op *op = op_get(m, o);
        s->trips[o] = trips;
        double inner = trips;
        if (op->kind == OP_FOR && op->nargs >= 3) {
            bool ok = true;
            double lb = const_int(m, op->args[0], &ok), ub = const_int(m, op->args[1], &ok);
            double step = const_int(m, op->args[2], &ok);
            if (ok && step > 0 && ub > lb)
                inner *= ceil((ub - lb) / step);
        }
        for (uint32_t r = 0; r < op->nregions; r++) {
            const Region *reg = region_get(m, op->regions[r]);
            for (uint32_t j = 0; j < reg->blocks.n; j++)
                fill_trips(s, reg->blocks.items[j], inner);
        }
    }
}

static void
push_value(Slice *s, ValueId v)
{
    if (!v || s->seen[v])
        return;
    s->seen[v] = true;
    if (s->nwork == s->capwork) {
        uint32_t cap = s->capwork ? 2 * s->capwork : 64;
        ValueId *w = realloc(s->work, cap * sizeof *w);
        if (!w)
            return; /* out of memory: a smaller slice, a tighter tolerance; never a crash */
        s->work = w;
        s->capwork = cap;
    }
    s->work[s->nwork++] = v;
}

static void push_op(Slice *s, OpId o);

/* The operands of the terminators of o's regions (the yields of a loop or an if). */
static void
push_yields(Slice *s, OpId o)
{
    Module *m = s->m;
    const Op *op = op_get(m, o);
    for (uint32_t r = 0; r < op->nregions; r++) {
        const Region *reg = region_get(m, op->regions[r]);
        for (uint32_t j = 0; j < reg->blocks.n; j++) {
            const Block *b = block_get(m, reg->blocks.items[j]);
            if (!b->ops.n)
                continue;
            const Op *t = op_get(m, b->ops.items[b->ops.n - 1]);
            if (op_info[t->kind].traits & T_TERM)
                for (uint32_t a = 0; a < t->nargs; a++)
                    push_value(s, t->args[a]);
        }
    }
}

static bool
callee_visit(Module *m, OpId o, void *ctx)
{
    (void)m;
    push_op(ctx, o);
    return true;
}

/* A called device function: every op of its body joins the slice (what it returns and
 * what it writes through its memref arguments), at the trips of the call. */
static void
push_callee(Slice *s, OpId call)
{
    Module *m = s->m;
    const char *name = call_callee_name(m, call);
    OpId f = name ? module_find_func(m, NULL, call, name) : 0;
    if (!f || s->in_slice[f] || !func_has_body(m, f))
        return;
    s->in_slice[f] = true; /* visited: recursion ends here */
    const Op *fop = op_get(m, f);
    for (uint32_t r = 0; r < fop->nregions; r++) {
        const Region *reg = region_get(m, fop->regions[r]);
        for (uint32_t j = 0; j < reg->blocks.n; j++)
            fill_trips(s, reg->blocks.items[j], s->trips[call]);
    }
    module_walk(m, f, callee_visit, s);
}

static void
push_op(Slice *s, OpId o)
{
    if (!o || s->in_slice[o] || (op_info[op_get(s->m, o)->kind].traits & T_FUNC))
        return;
    s->in_slice[o] = true;
    const Op *op = op_get(s->m, o);
    for (uint32_t a = 0; a < op->nargs; a++)
        push_value(s, op->args[a]);
    push_yields(s, o);
    if (op->kind == OP_CALL)
        push_callee(s, o);
}

/* Every op that writes memref `target`, or a view made of it (T_WRITES with it an
 * operand). */
typedef struct Writers {
    Slice *s;
    ValueId target;
} Writers;

static bool
writers_visit(Module *m, OpId o, void *ctx)
{
    Writers *w = ctx;
    const Op *op = op_get(m, o);
    for (uint32_t a = 0; a < op->nargs; a++) {
        if (op->args[a] != w->target)
            continue;
        if (op_info[op->kind].traits & T_WRITES)
            push_op(w->s, o);
        for (uint32_t r = 0; r < op->nres; r++) /* a view of it: its writers too */
            if (type_get(m, value_type(m, op->res[r]))->kind == TY_MEMREF)
                push_value(w->s, op->res[r]);
        break;
    }
    return true;
}

/* Drains the work list: each value's defining op, or the op owning the block it is an
 * argument of (a loop: its bounds, inits and yields); each memref's writers. */
static void
drain(Slice *s)
{
    Module *m = s->m;
    while (s->nwork) {
        ValueId v = s->work[--s->nwork];
        if (type_get(m, value_type(m, v))->kind == TY_MEMREF) {
            Writers w = { s, v };
            module_walk(m, s->func, writers_visit, &w);
        }
        const Value *val = value_get(m, v);
        if (val->def) {
            push_op(s, val->def);
        } else if (val->block) {
            RegionId r = block_get(m, val->block)->parent;
            push_op(s, r ? region_get(m, r)->parent : 0);
        }
    }
}

bool
tolerance_of_arg(Module *m, OpId func, uint32_t arg, const VptxOptions *opt, Tolerance *t)
{
    bool precise = opt->precise_math != 0, tf32 = opt->allow_tf32 != 0, fast_exp = false;
    memset(t, 0, sizeof *t);
    BlockId entry = op_entry_block(m, func, 0);
    if (!entry || arg >= block_get(m, entry)->args.n)
        return false;
    ValueId a = block_get(m, entry)->args.items[arg];
    TypeId elem = type_element(m, value_type(m, a));
    if (!type_is_scalar(elem)) /* memref<...xvector<NxT>> */
        elem = type_element(m, elem);
    if (!type_is_float(elem)) {
        t->exact = true;
        return true;
    }
    Slice s = { m,
                func,
                calloc(m->nops + 1, sizeof(double)),
                calloc(m->nops + 1, sizeof(bool)),
                calloc(m->nvalues + 1, sizeof(bool)),
                NULL,
                0,
                0 };
    bool ok = s.trips && s.in_slice && s.seen;
    if (ok) {
        fill_trips(&s, entry, 1);
        push_value(&s, a);
        drain(&s);
    }
    t->u = tolerance_unit_roundoff(elem);
    for (OpId o = 1; ok && o < m->nops; o++) {
        if (!s.in_slice[o])
            continue;
        const Op *op = op_get(m, o);
        t->written = t->written || (op_info[op->kind].traits & T_WRITES);
        double len = reduction_length(m, o) * s.trips[o];
        TypeId re = op->nres ? type_element(m, value_type(m, op->res[0])) : TY_INVALID;
        double ur = tolerance_unit_roundoff(re);
        if ((op->kind == OP_CONTRACT && tf32_kind(m, o)) || (tf32 && op->kind == OP_CONTRACT))
            ur = ur > 0x1p-11 ? ur : 0x1p-11; /* inputs rounded to 10 mantissa bits */
        if (len > 0) {
            t->n = len > t->n ? len : t->n;
            t->u_acc = ur > t->u_acc ? ur : t->u_acc;
        } else if (ur > 0 && (op_info[op->kind].traits & T_ELEMWISE)) {
            t->rounds += s.trips[o];
            t->u = ur > t->u ? ur : t->u;
        }
        double me = math_error(op->kind, precise);
        if (op->kind == OP_DIVF && re == TY_F32 && opt->fast_math)
            me = 0x1p-22; /* fast_quotient (ptxgen/isel_arith.c): 2^-23 + 2^-45, doubled */
        fast_exp = fast_exp || (op->kind == OP_EXP && re == TY_F32 && opt->fast_math);
        t->math = me > t->math ? me : t->math;
    }
    /* --fast-math's exp(a - b) (ptxgen/isel_math.c): + |b| 2^-24, b a row maximum of
       check's inputs (in [-1, 1]) or of sums of at most n of their products: |b| <= n */
    if (fast_exp)
        t->math += (t->n > 1 ? t->n : 1) * 0x1p-24;
    free(s.trips);
    free(s.in_slice);
    free(s.seen);
    free(s.work);
    tolerance_finish(t);
    return ok;
}

void
tolerance_finish(Tolerance *t)
{
    t->rtol = (8 + t->n) * t->u_acc + (4 + t->rounds) * t->u + t->math;
    t->atol = t->rtol * (t->n > 1 ? sqrt(t->n) : 1);
}
