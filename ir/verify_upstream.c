/*
 * verify_upstream.c -- the ops of upstream MLIR GPU code that vptx took in for issue 25
 * (docs/upstream-mlir.md): cluster ids, gpu.all_reduce, gpu.printf, the nvvm ops that
 * upstream tests use directly, nvgpu.rcp and the mbarrier test/no-complete ops,
 * ub.poison, memref.reinterpret_cast and memref.atomic_rmw, cf.br / cf.cond_br,
 * vector.gather / vector.scatter / vector.scan.
 *
 * Requires:    verify.c's Verifier (places, owners) and helpers.
 * Ensures:     each op's operands, results and attributes are as upstream's verifier
 *              wants them, or one error says what to change.
 * Invalidates: nothing.
 */
#include "ir/verify_impl.h"

#include <stdlib.h>
#include <string.h>

/* upstream's AtomicRMWKind, by number (memref.atomic_rmw `kind`) */
const char *const atomic_rmw_kind_names[ATOMIC_RMW_COUNT] = {
    "addf",     "addi",    "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu",
    "minimumf", "minnumf", "mins", "minu",   "mulf",     "muli",    "ori",  "xori",
};

/* the special registers nvvm.read.ptx.sreg.<name> reads, with their width */
static const struct {
    const char *name;
    TypeId type;
} sregs[] = {
    { "tid.x", TY_I32 },
    { "tid.y", TY_I32 },
    { "tid.z", TY_I32 },
    { "ntid.x", TY_I32 },
    { "ntid.y", TY_I32 },
    { "ntid.z", TY_I32 },
    { "ctaid.x", TY_I32 },
    { "ctaid.y", TY_I32 },
    { "ctaid.z", TY_I32 },
    { "nctaid.x", TY_I32 },
    { "nctaid.y", TY_I32 },
    { "nctaid.z", TY_I32 },
    { "laneid", TY_I32 },
    { "warpsize", TY_I32 },
    { "warpid", TY_I32 },
    { "nwarpid", TY_I32 },
    { "smid", TY_I32 },
    { "nsmid", TY_I32 },
    { "clusterid.x", TY_I32 },
    { "clusterid.y", TY_I32 },
    { "clusterid.z", TY_I32 },
    { "nclusterid.x", TY_I32 },
    { "nclusterid.y", TY_I32 },
    { "nclusterid.z", TY_I32 },
    { "cluster.ctaid.x", TY_I32 },
    { "cluster.ctaid.y", TY_I32 },
    { "cluster.ctaid.z", TY_I32 },
    { "cluster.nctaid.x", TY_I32 },
    { "cluster.nctaid.y", TY_I32 },
    { "cluster.nctaid.z", TY_I32 },
    { "cluster.ctarank", TY_I32 },
    { "cluster.nctarank", TY_I32 },
    { "clock", TY_I32 },
    { "clock64", TY_I64 },
    { "globaltimer", TY_I64 },
    { "lanemask.eq", TY_I32 },
    { "lanemask.lt", TY_I32 },
    { "lanemask.le", TY_I32 },
    { "lanemask.gt", TY_I32 },
    { "lanemask.ge", TY_I32 },
};

int
nvvm_sreg_lookup(const char *name)
{
    for (size_t i = 0; name && i < sizeof sregs / sizeof sregs[0]; i++)
        if (strcmp(sregs[i].name, name) == 0)
            return (int)i;
    return -1;
}

bool
nvvm_sreg_range(const Attr *a, unsigned *bits, int64_t *lo, int64_t *hi)
{
    static const char head[] = "#llvm.constant_range<i";
    if (!a || a->kind != ATTR_OPAQUE || !a->str || strncmp(a->str, head, sizeof head - 1))
        return false;
    const char *s = a->str + sizeof head - 1;
    char *end;
    long long w = strtoll(s, &end, 10), l, h;
    if (end == s || *end != ',' || w < 1 || w > 64)
        return false;
    s = end + 1;
    l = strtoll(s, &end, 10);
    if (end == s || *end != ',')
        return false;
    s = end + 1;
    h = strtoll(s, &end, 10);
    while (end != s && *end == ' ')
        end++;
    if (end == s || strcmp(end, ">") != 0)
        return false;
    *bits = (unsigned)w;
    *lo = l;
    *hi = h;
    return true;
}

/* `range`: a #llvm.constant_range of the result's width whose bounds fit it */
static void
verify_sreg_range(Verifier *v, OpId o, TypeId t)
{
    const Attr *r = op_attr(v->m, o, "range");
    unsigned bits;
    int64_t lo, hi;
    if (!r)
        return;
    if (!nvvm_sreg_range(r, &bits, &lo, &hi)) {
        verify_fail(v, o, "has a range that is not #llvm.constant_range<iN, lower, upper>");
        return;
    }
    unsigned w = type_bitwidth(t);
    int64_t min = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
    int64_t max = w >= 64 ? INT64_MAX : ((int64_t)1 << w) - 1; /* signed or unsigned spelling */
    if (bits != w || lo < min || lo > max || hi < min || hi > max)
        verify_fail(v, o, "has range <i%u, %lld, %lld>, which does not fit its %s result", bits,
                    (long long)lo, (long long)hi, verify_tname(v, t));
}

static void
verify_sreg(Verifier *v, OpId o)
{
    const Attr *a = verify_get_attr(v, o, "vptx.sreg", ATTR_STRING, true);
    if (!a)
        return;
    int k = nvvm_sreg_lookup(a->str);
    if (k < 0) {
        verify_fail(v, o, "reads special register '%s', which vptx does not know", a->str);
        return;
    }
    if (verify_want_type(v, o, result(0), sregs[k].type))
        verify_sreg_range(v, o, sregs[k].type);
}

static bool
int_or_float(TypeId t)
{
    return (type_is_int(t) && t != TY_I1) || type_is_float(t);
}

/* gpu.all_reduce: an op kind, or a region (lhs, rhs) -> gpu.yield of one value */
static void
verify_all_reduce(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    TypeId t = arg_type(v, o, 0);
    if (!verify_want(v, o, operand(0), type_is_scalar(t) && int_or_float(t),
                     "an integer or float scalar") ||
        !verify_want_same(v, o, result(0), operand(0)))
        return;
    const char *kind = verify_get_enum(v, o, "op", false);
    BlockId body = op->nregions ? op_entry_block(v->m, o, 0) : 0;
    if (kind && body) {
        verify_fail(v, o, "has both an op kind and a body: give one");
        return;
    }
    if (!kind && !body) {
        verify_fail(v, o,
                    "needs an op kind (add, mul, minsi, ...) or a body that combines two "
                    "values");
        return;
    }
    if (kind) {
        int k = combining_kind_lookup(kind);
        if (k < 0 && strcmp(kind, "min") && strcmp(kind, "max"))
            verify_fail(v, o, "has op kind '%s', which gpu.all_reduce does not have", kind);
        else if (k >= 0)
            verify_check_kind_fits(v, o, k, t);
        return;
    }
    const Block *b = block_get(v->m, body);
    if (b->args.n != 2 || value_type(v->m, b->args.items[0]) != t ||
        value_type(v->m, b->args.items[1]) != t) {
        verify_fail(v, o, "body must take two arguments of type %s", verify_tname(v, t));
        return;
    }
    OpId last = b->ops.n ? b->ops.items[b->ops.n - 1] : 0;
    if (!last || kind_of(v, last) != OP_GPU_YIELD || v->m->ops[last].nargs != 1 ||
        value_type(v->m, v->m->ops[last].args[0]) != t)
        verify_fail(v, o, "body must end with a 'gpu.yield' of one %s", verify_tname(v, t));
}

static void
verify_gpu_yield(Verifier *v, OpId o)
{
    OpId parent = v->owner[o];
    if (!parent || kind_of(v, parent) != OP_ALL_REDUCE)
        verify_fail(v, o, "must be in the body of a 'gpu.all_reduce'");
}

static void
verify_printf(Verifier *v, OpId o)
{
    if (!verify_get_attr(v, o, "format", ATTR_STRING, true))
        return;
    for (uint32_t i = 0; i < v->m->ops[o].nargs; i++) {
        TypeId t = arg_type(v, o, i);
        if (!verify_want(v, o, operand(i), type_is_scalar(t) && t != TY_TF32,
                         "an integer, index or float scalar"))
            return;
    }
}

static void
verify_nvvm_shfl(Verifier *v, OpId o)
{
    static const char *const kinds[] = { "bfly", "up", "down", "idx" };
    const char *k = verify_get_enum(v, o, "kind", true);
    bool known = false;
    for (int i = 0; k && i < 4; i++)
        known = known || strcmp(k, kinds[i]) == 0;
    if (k && !known)
        verify_fail(v, o, "has kind '%s' but must be bfly, up, down or idx", k);
    /* {return_value_and_is_valid}: the LLVM struct (T, i1) is held as two results */
    const Op *op = op_get(v->m, o);
    uint32_t want = op_attr(v->m, o, "return_value_and_is_valid") ? 2 : 1;
    if (op->nres != want) {
        verify_fail(v, o, "has %u results but must have %u (%s)", op->nres, want,
                    want == 2 ? "the value and the valid bit: return_value_and_is_valid"
                              : "the value: without return_value_and_is_valid");
        return;
    }
    verify_want_type(v, o, operand(0), TY_I32);
    verify_want_type(v, o, operand(2), TY_I32);
    verify_want_type(v, o, operand(3), TY_I32);
    TypeId t = arg_type(v, o, 1);
    if (verify_want(v, o, operand(1), t == TY_I32 || t == TY_F32, "i32 or f32"))
        verify_want_same(v, o, result(0), operand(1));
    if (want == 2)
        verify_want_type(v, o, result(1), TY_I1);
}

static void
verify_fence_proxy(Verifier *v, OpId o)
{
    const char *k = verify_get_enum(v, o, "kind", true);
    const char *sp = verify_get_enum(v, o, "space", false);
    if (!k)
        return;
    if (strcmp(k, "async.shared") == 0) {
        if (!sp || (strcmp(sp, "cta") && strcmp(sp, "cluster")))
            verify_fail(v, o, "with kind async.shared needs space cta or cluster");
    } else if (strcmp(k, "async") && strcmp(k, "async.global") && strcmp(k, "alias")) {
        verify_fail(v, o,
                    "has kind '%s': vptx takes alias, async, async.global and "
                    "async.shared",
                    k);
    } else if (sp) {
        verify_fail(v, o, "has a space, which only kind async.shared takes");
    }
}

/* nvvm.cluster.arrive / arrive.relaxed / wait: no operands, at most the unit attribute
 * `aligned` (every thread of the warp executes it together) */
static void
verify_cluster_barrier(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    for (uint32_t i = 0; i < op->nattrs; i++) {
        if (strcmp(op->attrs[i].name, "aligned")) {
            verify_fail(v, o, "has attribute '%s'; it takes only the unit attribute 'aligned'",
                        op->attrs[i].name);
            return;
        }
        if (op->attrs[i].value->kind != ATTR_UNIT) {
            verify_fail(v, o,
                        "has 'aligned' with a value; write it as a unit attribute: {aligned}");
            return;
        }
    }
}

static void
verify_rcp(Verifier *v, OpId o)
{
    TypeId t = arg_type(v, o, 0);
    if (!verify_want(v, o, operand(0), is_vec(v, t) && elem_of(v, t) == TY_F32,
                     "a vector of f32") ||
        !verify_want_same(v, o, result(0), operand(0)))
        return;
    const char *r = verify_get_enum(v, o, "rounding", true);
    if (r && (strcmp(r, "approx") || !op_attr(v->m, o, "ftz")))
        verify_fail(v, o,
                    "has rounding '%s'%s: as upstream, only {rounding = approx, ftz} "
                    "(rcp.approx.ftz.f32)",
                    r, op_attr(v->m, o, "ftz") ? "" : " without ftz");
}

static void
verify_mbarrier_more(Verifier *v, OpId o)
{
    if (!verify_want_kind(v, o, operand(0), TY_MBARRIER_GROUP, "an !nvgpu.mbarrier.group"))
        return;
    if (kind_of(v, o) == OP_MBARRIER_TEST_WAIT) { /* barriers, token, mbarId */
        verify_want_kind(v, o, operand(1), TY_MBARRIER_TOKEN, "!nvgpu.mbarrier.token");
        verify_want_index(v, o, operand(2));
        verify_want_type(v, o, result(0), TY_I1);
    } else { /* arrive.nocomplete: barriers, mbarId, count */
        verify_want_index(v, o, operand(1));
        verify_want_index(v, o, operand(2));
        verify_want_kind(v, o, result(0), TY_MBARRIER_TOKEN, "!nvgpu.mbarrier.token");
    }
}

static void
verify_poison(Verifier *v, OpId o)
{
    TypeId t = res_type(v, o, 0);
    verify_want(v, o, result(0), type_is_scalar(t) || is_vec(v, t), "a scalar or a vector");
}

/* The static list `name` (dynamic entries are ?) and its count; -1 after reporting */
static int
static_list(Verifier *v, OpId o, const char *name, int64_t *out, uint32_t cap)
{
    int n = verify_get_ints(v, o, name, out, cap, true);
    return n < 0 ? -1 : n;
}

/* memref.reinterpret_cast %src to offset: [o], sizes: [..], strides: [..] */
static void
verify_reinterpret_cast(Verifier *v, OpId o)
{
    uint32_t st[4], sz[4];
    int64_t off[1], sizes[VERIFY_MAX_RANK], strides[VERIFY_MAX_RANK];
    if (!verify_segments(v, o, "1***", st, sz) || !verify_want_memref(v, o, operand(0)) ||
        !verify_want_memref(v, o, result(0)))
        return;
    int no = static_list(v, o, "static_offsets", off, 1);
    int ns = static_list(v, o, "static_sizes", sizes, VERIFY_MAX_RANK);
    int nt = static_list(v, o, "static_strides", strides, VERIFY_MAX_RANK);
    if (no < 0 || ns < 0 || nt < 0)
        return;
    const Type *src = ty(v, arg_type(v, o, 0)), *res = ty(v, res_type(v, o, 0));
    if (no != 1 || (uint32_t)ns != res->rank || (uint32_t)nt != res->rank) {
        verify_fail(v, o, "needs one offset and %u sizes and strides (the result's rank)",
                    res->rank);
        return;
    }
    if (src->elem != res->elem || src->memspace != res->memspace) {
        verify_fail(v, o, "result %s must keep the element type and memory space of %s",
                    verify_tname(v, res_type(v, o, 0)), verify_tname(v, arg_type(v, o, 0)));
        return;
    }
    uint32_t dyn[3] = { 0, 0, 0 };
    for (uint32_t d = 0; d < res->rank; d++) {
        int64_t rs = res->layout ? res->layout->ints[d] : 0;
        dyn[1] += sizes[d] == DIM_DYNAMIC;
        dyn[2] += strides[d] == DIM_DYNAMIC;
        if (sizes[d] != DIM_DYNAMIC && sizes[d] != res->shape[d])
            verify_fail(v, o, "has size %lld in dim %u but the result type says %lld",
                        (long long)sizes[d], d, (long long)res->shape[d]);
        if (res->layout && strides[d] != DIM_DYNAMIC && strides[d] != rs)
            verify_fail(v, o, "has stride %lld in dim %u but the result type says %lld",
                        (long long)strides[d], d, (long long)rs);
    }
    dyn[0] = off[0] == DIM_DYNAMIC;
    for (int g = 0; g < 3; g++)
        if (sz[g + 1] != dyn[g]) {
            verify_fail(v, o, "has %u dynamic %s operands for %u '?' entries", sz[g + 1],
                        g == 0   ? "offset"
                        : g == 1 ? "size"
                                 : "stride",
                        dyn[g]);
            return;
        }
    verify_want_indices(v, o, st[1], sz[1] + sz[2] + sz[3]);
}

/* memref.atomic_rmw kind %value, %memref[%i..] : (T, memref<..xT>) -> T */
static void
verify_atomic_rmw(Verifier *v, OpId o)
{
    uint32_t n = v->m->ops[o].nargs;
    int64_t k;
    if (!verify_want_count(v, o, "operands", n, 2, UINT32_MAX) ||
        !verify_check_memref_access(v, o, 1, 2, n - 2) || !verify_get_int(v, o, "kind", &k, true))
        return;
    if (k < 0 || k >= ATOMIC_RMW_COUNT) {
        verify_fail(v, o, "has kind %lld, which is no AtomicRMWKind", (long long)k);
        return;
    }
    TypeId e = elem_of(v, arg_type(v, o, 1));
    if (!verify_want_type(v, o, operand(0), e) || !verify_want_type(v, o, result(0), e))
        return;
    const char *name = atomic_rmw_kind_names[k];
    bool fk = name[strlen(name) - 1] == 'f';
    bool ok = strcmp(name, "assign") == 0 ? type_is_scalar(e)
              : fk                        ? type_is_float(e)
                                          : type_is_int(e);
    if (!ok)
        verify_fail(v, o, "with kind %s cannot apply to %s", name, verify_tname(v, e));
}

/* cf.br / cf.cond_br: successors (region-block indices in `successors`) with as many
   operands as their arguments, of their types */
static void
verify_branch(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    bool cond = op->kind == OP_CF_COND_BR;
    uint32_t ns = cond ? 2 : 1, first[2] = { 0, 0 }, count[2] = { op->nargs, 0 };
    int64_t succ[2];
    int n = verify_get_ints(v, o, "successors", succ, 2, true);
    if (n < 0)
        return;
    if ((uint32_t)n != ns) {
        verify_fail(v, o, "needs %u successor%s but has %d", ns, ns > 1 ? "s" : "", n);
        return;
    }
    if (cond) {
        uint32_t st[3], sz[3];
        if (!verify_segments(v, o, "1**", st, sz) || !verify_want_type(v, o, operand(0), TY_I1))
            return;
        first[0] = st[1], count[0] = sz[1], first[1] = st[2], count[1] = sz[2];
    }
    BlockId here = v->block_of[o];
    const Block *hb = block_get(v->m, here);
    if (!hb->ops.n || hb->ops.items[hb->ops.n - 1] != o) {
        verify_fail(v, o, "must be the last op of its block");
        return;
    }
    const Region *reg = region_get(v->m, hb->parent);
    for (uint32_t k = 0; k < ns; k++) {
        if (succ[k] < 1 || (uint64_t)succ[k] >= reg->blocks.n) {
            verify_fail(v, o,
                        "branches to block #%lld, which its region does not have (or is "
                        "the entry block)",
                        (long long)succ[k]);
            return;
        }
        const Block *tb = block_get(v->m, reg->blocks.items[succ[k]]);
        if (tb->args.n != count[k]) {
            verify_fail(v, o, "passes %u values to ^bb%lld, which takes %u", count[k],
                        (long long)succ[k], tb->args.n);
            return;
        }
        for (uint32_t a = 0; a < count[k]; a++)
            verify_want_type(v, o, operand(first[k] + a), value_type(v->m, tb->args.items[a]));
    }
}

/* vector b has vector a's shape */
static bool
same_shape(Verifier *v, TypeId a, TypeId b)
{
    if (!is_vec(v, a) || !is_vec(v, b) || rank_of(v, a) != rank_of(v, b))
        return false;
    for (uint32_t i = 0; i < rank_of(v, a); i++)
        if (dim_of(v, a, i) != dim_of(v, b, i))
            return false;
    return true;
}

/* vector.gather (base, offsets.., index vector, mask, pass_thru) -> result;
   vector.scatter (base, offsets.., index vector, mask, value) */
static void
verify_gather_scatter(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    bool gather = op->kind == OP_VGATHER;
    if (!verify_want_count(v, o, "operands", op->nargs, 4, UINT32_MAX) ||
        !verify_want_memref(v, o, operand(0)))
        return;
    uint32_t n = op->nargs - 4, iv = n + 1;
    TypeId mt = arg_type(v, o, 0), vt = arg_type(v, o, iv + 2);
    if (!verify_check_memref_access(v, o, 0, 1, n) || !verify_want_vector(v, o, operand(iv)) ||
        !verify_want_vector(v, o, operand(iv + 2)))
        return;
    if (gather && !verify_want_type(v, o, result(0), vt))
        return;
    TypeId it = elem_of(v, arg_type(v, o, iv));
    if (!verify_want(v, o, operand(iv),
                     same_shape(v, arg_type(v, o, iv), vt) && (type_is_int(it) || it == TY_INDEX),
                     "a vector of integers or indices of the value's shape") ||
        !verify_want(v, o, operand(iv + 1),
                     same_shape(v, arg_type(v, o, iv + 1), vt) &&
                         elem_of(v, arg_type(v, o, iv + 1)) == TY_I1,
                     "a vector of i1 of the value's shape") ||
        !verify_want(v, o, operand(iv + 2), elem_of(v, vt) == elem_of(v, mt),
                     "a vector of the memref's element type"))
        return;
    const Attr *lay = ty(v, mt)->layout;
    bool unit = !lay || (lay->kind == ATTR_STRIDED && lay->n == rank_of(v, mt) &&
                         (lay->n == 0 || lay->ints[lay->n - 1] == 1));
    if (!unit)
        verify_fail(v, o,
                    "needs a memref whose innermost stride is 1 (as upstream lowers it), "
                    "not %s",
                    verify_tname(v, mt));
}

/* vector.scan <kind>, %source, %initial {inclusive, reduction_dim}: dest has the source's
   type, the accumulated value the initial value's (the source's shape without the dim) */
static void
verify_scan(Verifier *v, OpId o)
{
    const char *k = verify_get_enum(v, o, "kind", true);
    int64_t dim;
    if (!k || !verify_want_vector(v, o, operand(0)) ||
        !verify_want_same(v, o, result(0), operand(0)) ||
        !verify_want_same(v, o, result(1), operand(1)) ||
        !verify_get_int(v, o, "reduction_dim", &dim, true))
        return;
    const Attr *inc = verify_get_attr(v, o, "inclusive", ATTR_BOOL, true);
    if (!inc)
        return;
    TypeId st = arg_type(v, o, 0), it = arg_type(v, o, 1), et = elem_of(v, st);
    uint32_t r = rank_of(v, st);
    if (dim < 0 || dim >= r) {
        verify_fail(v, o, "has reduction_dim %lld outside its %u-d source", (long long)dim, r);
        return;
    }
    bool ok = is_vec(v, it) && elem_of(v, it) == et && rank_of(v, it) == r - 1;
    for (uint32_t i = 0, j = 0; ok && i < r; i++)
        if (i != (uint32_t)dim)
            ok = dim_of(v, it, j++) == dim_of(v, st, i);
    if (!verify_want(v, o, operand(1), ok, "the source's vector type without the scanned dim"))
        return;
    int kind = combining_kind_lookup(k);
    bool fk = kind == KIND_MINNUMF || kind == KIND_MAXNUMF || kind == KIND_MINIMUMF ||
              kind == KIND_MAXIMUMF;
    bool ik = kind == KIND_MINUI || kind == KIND_MINSI || kind == KIND_MAXUI ||
              kind == KIND_MAXSI || kind == KIND_AND || kind == KIND_OR || kind == KIND_XOR;
    if (kind < 0 || (fk && !type_is_float(et)) || (ik && type_is_float(et)))
        verify_fail(v, o, "with kind <%s> cannot scan %s", k, verify_tname(v, et));
}

/* slot s is a !gpu.mma_matrix (of operand kind `want`, or any when -1); NULL after reporting */
static const Type *
mma_type(Verifier *v, OpId o, Slot s, int want)
{
    static const char *const what[] = { "an \"AOp\" !gpu.mma_matrix", "a \"BOp\" !gpu.mma_matrix",
                                        "a \"COp\" !gpu.mma_matrix" };
    const Type *t = ty(v, slot_type(v, o, s));
    bool ok = t->kind == TY_MMA_MATRIX && (want < 0 || t->mma_operand == want);
    if (!verify_want(v, o, s, ok, want < 0 ? "a !gpu.mma_matrix" : what[want]))
        return NULL;
    return t;
}

/* the memref at operand `mem` (indices after it) suits a WMMA load or store of t */
static bool
mma_memref(Verifier *v, OpId o, uint32_t mem, const Type *t)
{
    uint32_t n = v->m->ops[o].nargs;
    if (!verify_want_memref(v, o, operand(mem)) ||
        !verify_check_memref_access(v, o, mem, mem + 1, n - mem - 1))
        return false;
    TypeId mt = arg_type(v, o, mem);
    if (!verify_want(v, o, operand(mem), elem_of(v, mt) == t->elem,
                     "a memref of the matrix's element type"))
        return false;
    const Type *x = ty(v, mt);
    if (x->memspace != MS_DEFAULT && x->memspace != MS_GLOBAL && x->memspace != MS_WORKGROUP) {
        verify_fail(v, o, "needs a memref in global or workgroup memory, not %s",
                    verify_tname(v, mt));
        return false;
    }
    const Attr *lay = x->layout;
    if (lay && !(lay->kind == ATTR_STRIDED && lay->n == x->rank &&
                 (lay->n == 0 || lay->ints[lay->n - 1] == 1))) {
        verify_fail(v, o, "needs a memref whose innermost stride is 1, not %s",
                    verify_tname(v, mt));
        return false;
    }
    int64_t ld;
    if (!verify_get_int(v, o, "leadDimension", &ld, true))
        return false;
    if (ld <= 0 || ld > INT32_MAX) {
        verify_fail(v, o, "has leadDimension %lld; it must be positive", (long long)ld);
        return false;
    }
    return true;
}

/* a compute operand that comes straight from a load was loaded with the layout the
   compute names (WMMA fragments keep the layout they were loaded with) */
static void
mma_layout_agrees(Verifier *v, OpId o, uint32_t i, const char *flag)
{
    OpId d = v->m->values[v->m->ops[o].args[i]].def;
    if (!d || v->m->ops[d].kind != OP_MMA_LOAD_MATRIX)
        return;
    bool loaded = op_attr(v->m, d, "transpose") != NULL, said = op_attr(v->m, o, flag) != NULL;
    if (loaded != said)
        verify_fail(v, o,
                    "takes operand #%u loaded %s transpose but says %s%s: a WMMA fragment "
                    "keeps the layout it was loaded with, so the two must agree",
                    i, loaded ? "with" : "without", said ? "" : "no ", flag);
}

/* The elements of a fragment of type t that one lane holds, as ptxgen holds them (the
   registers of NVVM's WMMA fragments, ptxgen/isel_upstream.c wmma_frag_regs). */
static uint32_t
mma_lane_elems(const Type *t)
{
    if (t->elem == TY_I8 && t->mma_operand != MMA_C)
        return (uint32_t)(t->shape[0] * t->shape[1] / 32);
    if (t->mma_operand == MMA_C)
        return 8;
    return t->elem == TY_F16 ? 16 : 4;
}

/* gpu.subgroup_mma_extract_thread_local / insert_thread_local: element `index` of the
   lane's own part of the fragment. Upstream leaves the element-to-lane mapping to the
   target and says only that the indices [0, M*N/32) of all lanes together cover the
   matrix once, which holds for a fragment whose elements are each in one lane. */
static void
verify_mma_local(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    uint32_t ins = op->kind == OP_MMA_INSERT_LOCAL;
    const Type *t;
    if (!verify_want_count(v, o, "operands", op->nargs, 1 + ins, UINT32_MAX) ||
        !(t = mma_type(v, o, operand(ins), -1)) ||
        !verify_want_indices(v, o, ins + 1, op->nargs - ins - 1))
        return;
    if (t->mma_sign != MMA_SIGNLESS) {
        verify_fail(v, o, "on a %s fragment: vptx has no si8 or ui8 scalars to hold its elements",
                    verify_tname(v, arg_type(v, o, ins)));
        return;
    }
    if (ins ? !verify_want_type(v, o, operand(0), t->elem) ||
                  !verify_want_same(v, o, result(0), operand(1))
            : !verify_want_type(v, o, result(0), t->elem))
        return;
    uint32_t n = mma_lane_elems(t);
    int64_t cells = t->shape[0] * t->shape[1];
    if ((int64_t)n * 32 != cells) {
        verify_fail(v, o,
                    "on %s: WMMA holds each of its elements in %lld lanes (%u a lane), so an "
                    "index names no one element; vptx extracts and inserts on \"COp\" "
                    "fragments, tf32 \"AOp\" and \"BOp\", and the f16 32x16 \"AOp\" and "
                    "16x32 \"BOp\"",
                    verify_tname(v, arg_type(v, o, ins)), (long long)(n * 32 / cells), n);
        return;
    }
    if (op->nargs - ins - 1 != 1) {
        verify_fail(v, o, "has %u indices; vptx takes one, the element's place in the lane's part",
                    op->nargs - ins - 1);
        return;
    }
    OpId d = value_get(v->m, op->args[ins + 1])->def;
    const Attr *c =
        valid_op(v, d) && kind_of(v, d) == OP_CONSTANT ? op_attr(v->m, d, "value") : NULL;
    if (!c || c->kind != ATTR_INT) {
        verify_fail(v, o,
                    "has an index that is not an arith.constant: a lane's part of a fragment "
                    "is registers, which PTX cannot index at run time");
        return;
    }
    if (c->i < 0 || c->i >= (int64_t)n)
        verify_fail(v, o, "has index %lld, but a lane holds %u elements of %s (0 to %u)",
                    (long long)c->i, n, verify_tname(v, arg_type(v, o, ins)), n - 1);
}

static void
verify_mma(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    const Type *a, *b, *c;
    switch (op->kind) {
    case OP_MMA_LOAD_MATRIX:
        if (verify_want_count(v, o, "operands", op->nargs, 1, UINT32_MAX) &&
            (a = mma_type(v, o, result(0), -1)))
            mma_memref(v, o, 0, a);
        return;
    case OP_MMA_STORE_MATRIX:
        if (verify_want_count(v, o, "operands", op->nargs, 2, UINT32_MAX) &&
            (c = mma_type(v, o, operand(0), MMA_C)))
            mma_memref(v, o, 1, c);
        return;
    case OP_MMA_COMPUTE:
        if (!(a = mma_type(v, o, operand(0), MMA_A)) || !(b = mma_type(v, o, operand(1), MMA_B)) ||
            !(c = mma_type(v, o, operand(2), MMA_C)) ||
            !verify_want_same(v, o, result(0), operand(2)))
            return;
        if (a->shape[0] != c->shape[0] || b->shape[1] != c->shape[1] ||
            a->shape[1] != b->shape[0]) {
            verify_fail(v, o, "multiplies %s by %s into %s: the shapes must be MxK, KxN and MxN",
                        verify_tname(v, arg_type(v, o, 0)), verify_tname(v, arg_type(v, o, 1)),
                        verify_tname(v, arg_type(v, o, 2)));
            return;
        }
        if (a->elem != b->elem || a->mma_sign != b->mma_sign) {
            verify_fail(v, o, "has A of %s but B of %s", verify_tname(v, arg_type(v, o, 0)),
                        verify_tname(v, arg_type(v, o, 1)));
            return;
        }
        if (a->elem == TY_I8 && !a->mma_sign) {
            verify_fail(v, o,
                        "multiplies i8 fragments: write si8 or ui8 (the signedness of the "
                        "products, as upstream's !gpu.mma_matrix)");
            return;
        }
        if ((a->elem == TY_I8) != (c->elem == TY_I32)) {
            verify_fail(v, o,
                        "has %s A and B but a C of %s: integer (si8, ui8) A and B accumulate "
                        "into i32, float ones into f16 or f32",
                        a->elem == TY_I8 ? "integer" : "float", verify_tname(v, c->elem));
            return;
        }
        mma_layout_agrees(v, o, 0, "a_transpose");
        mma_layout_agrees(v, o, 1, "b_transpose");
        return;
    case OP_MMA_EXTRACT_LOCAL:
    case OP_MMA_INSERT_LOCAL:
        verify_mma_local(v, o);
        return;
    case OP_MMA_CONSTANT_MATRIX:
        if ((c = mma_type(v, o, result(0), -1)))
            verify_want_type(v, o, operand(0), c->elem);
        return;
    default: { /* elementwise */
        const char *k = verify_get_enum(v, o, "opType", true);
        if (!k || !(c = mma_type(v, o, result(0), -1)))
            return;
        for (uint32_t i = 0; i < op->nargs; i++)
            if (!verify_want_same(v, o, operand(i), result(0)))
                return;
        static const char *const unary[] = { "negatef" }, *const binary[] = { "addf", "mulf",
                                                                              "subf", "divf",
                                                                              "maxf", "minf" };
        uint32_t want = 0;
        for (size_t i = 0; i < sizeof binary / sizeof binary[0]; i++)
            if (!strcmp(k, binary[i]))
                want = 2;
        if (!strcmp(k, unary[0]))
            want = 1;
        if (!want) {
            verify_fail(v, o,
                        "has opType %s; vptx lowers addf, mulf, subf, divf, maxf, minf and "
                        "negatef",
                        k);
            return;
        }
        if (op->nargs != want)
            verify_fail(v, o, "%s takes %u operands but has %u", k, want, op->nargs);
        else if (!type_is_float(c->elem))
            verify_fail(v, o, "%s needs float matrices", k);
        return;
    }
    }
}

void
verify_upstream(Verifier *v, OpId o)
{
    switch (kind_of(v, o)) {
    case OP_CLUSTER_ID:
    case OP_CLUSTER_DIM:
    case OP_CLUSTER_BLOCK_ID:
    case OP_CLUSTER_DIM_BLOCKS:
        verify_gpu_id(v, o, true);
        break;
    case OP_ALL_REDUCE:
        verify_all_reduce(v, o);
        break;
    case OP_GPU_YIELD:
        verify_gpu_yield(v, o);
        break;
    case OP_PRINTF:
        verify_printf(v, o);
        break;
    case OP_NVVM_SREG:
        verify_sreg(v, o);
        break;
    case OP_NVVM_SHFL_SYNC:
        verify_nvvm_shfl(v, o);
        break;
    case OP_NVVM_ELECT_SYNC:
        if (verify_want_count(v, o, "operands", v->m->ops[o].nargs, 0, 1) && v->m->ops[o].nargs)
            verify_want_type(v, o, operand(0), TY_I32);
        verify_want_type(v, o, result(0), TY_I1);
        break;
    case OP_NVVM_FENCE_PROXY:
        verify_fence_proxy(v, o);
        break;
    case OP_NVVM_CLUSTER_ARRIVE:
    case OP_NVVM_CLUSTER_ARRIVE_RELAXED:
    case OP_NVVM_CLUSTER_WAIT:
        verify_cluster_barrier(v, o);
        break;
    case OP_RCP:
        verify_rcp(v, o);
        break;
    case OP_MBARRIER_TEST_WAIT:
    case OP_MBARRIER_ARRIVE_NOCOMPLETE:
        verify_mbarrier_more(v, o);
        break;
    case OP_POISON:
        verify_poison(v, o);
        break;
    case OP_REINTERPRET_CAST:
        verify_reinterpret_cast(v, o);
        break;
    case OP_ATOMIC_RMW:
        verify_atomic_rmw(v, o);
        break;
    case OP_CF_BR:
    case OP_CF_COND_BR:
        verify_branch(v, o);
        break;
    case OP_VGATHER:
    case OP_VSCATTER:
        verify_gather_scatter(v, o);
        break;
    case OP_VSCAN:
        verify_scan(v, o);
        break;
    case OP_MMA_LOAD_MATRIX:
    case OP_MMA_STORE_MATRIX:
    case OP_MMA_COMPUTE:
    case OP_MMA_CONSTANT_MATRIX:
    case OP_MMA_ELEMENTWISE:
    case OP_MMA_EXTRACT_LOCAL:
    case OP_MMA_INSERT_LOCAL:
        verify_mma(v, o);
        break;
    case OP_VMASK: /* the frontend reads it as the masked op it holds (ir/desugar.c) */
    case OP_VYIELD:
        verify_fail(v, o,
                    "is read by the frontend as the masked form of the op it holds; it "
                    "cannot appear here");
        break;
    default: /* barrier0, fence.mbarrier.init, fence.sc.cluster: nothing to check */
        break;
    }
}
