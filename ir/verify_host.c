/*
 * verify_host.c -- the rules of the host-side ops (ops.def, "host code"):
 * gpu.launch_func and gpu.launch, gpu.terminator, gpu.alloc / dealloc /
 * memcpy / memset / wait / host_register / host_unregister, memref.cast /
 * dealloc / copy and vector.print.
 *
 * These ops live in host functions: func.funcs outside every gpu.module.
 * A gpu.launch_func names its kernel as @module::@kernel, a gpu.func with
 * the `kernel` attribute (or a func.func with gpu.kernel / nvvm.kernel) in a
 * gpu.module of the same top-level module, and passes it arguments of the
 * kernel's parameter types.
 *
 * Called from the switch in verify.c; shared helpers are in verify_impl.h.
 *
 * Requires:    verify.c's Verifier; the generic checks (counts, dominance) passed.
 * Ensures:     true when the op meets its MLIR definition (types, attributes,
 *              regions, terminators, the kernel a launch names); otherwise a located
 *              error that names the op.
 * Invalidates: nothing (the module is not changed).
 */
#include "ir/verify_impl.h"

#include <string.h>

static bool
is_token(const Verifier *v, TypeId t)
{
    return ty(v, t)->kind == TY_GPU_TOKEN;
}

/* The ops of a container's body */
static const Block *
body_of(const Verifier *v, OpId c)
{
    const Op *op = &v->m->ops[c];
    if (!op->nregions || !op->regions[0] || op->regions[0] >= v->m->nregions)
        return NULL;
    const Region *r = &v->m->regions[op->regions[0]];
    return r->blocks.n && r->blocks.items[0] < v->m->nblocks ? &v->m->blocks[r->blocks.items[0]]
                                                             : NULL;
}

/* The op of kind k named `name` directly in container c's body, or 0. */
static OpId
child_named(const Verifier *v, OpId c, OpKind k, const char *name, size_t len)
{
    const Block *b = body_of(v, c);
    for (uint32_t i = 0; b && i < b->ops.n; i++) {
        OpId o = b->ops.items[i];
        const char *s = verify_sym_name_of(v, o);
        if (valid_op(v, o) && kind_of(v, o) == k && strlen(s) == len && memcmp(s, name, len) == 0)
            return o;
    }
    return 0;
}

/* Is o nested in a gpu.module or a gpu.func (device code)? */
static bool
in_device_code(const Verifier *v, OpId o)
{
    for (OpId up = v->owner[o]; up; up = v->owner[up])
        if (kind_of(v, up) == OP_GPU_MODULE || kind_of(v, up) == OP_GPU_FUNC)
            return true;
    return false;
}

static void
want_host(Verifier *v, OpId o)
{
    if (in_device_code(v, o))
        verify_fail(v, o, "is host code: it must not be inside a 'gpu.module' or 'gpu.func'");
}

/* The leading async dependencies and the optional token result; `first_result` is the
 * index of the token result when the op has one. */
static void
check_async(Verifier *v, OpId o, uint32_t ndeps, uint32_t first_result)
{
    const Op *op = &v->m->ops[o];
    for (uint32_t i = 0; i < ndeps && i < op->nargs; i++)
        verify_want_kind(v, o, operand(i), TY_GPU_TOKEN, "!gpu.async.token");
    if (op->nres > first_result + 1)
        verify_fail(v, o, "has %u results but at most %u", op->nres, first_result + 1);
    else if (op->nres == first_result + 1)
        verify_want_kind(v, o, result(first_result), TY_GPU_TOKEN, "!gpu.async.token");
}

/* How many operands lead with token type (the async dependencies of the ops without
 * operandSegmentSizes). */
static uint32_t
leading_tokens(const Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    uint32_t n = 0;
    while (n < op->nargs && is_token(v, arg_type(v, o, n)))
        n++;
    return n;
}

/*
 * gpu.launch_func: operandSegmentSizes are (async dependencies, grid x y z, block x y z,
 * cluster x y z, dynamic shared memory size, kernel operands, async object); the kernel
 * @m::@k is a gpu.func kernel in gpu.module @m, its parameters the operands' types.
 */
static void
verify_launch_func(Verifier *v, OpId o)
{
    uint32_t st[13], sz[13];
    want_host(v, o);
    if (!verify_segments(v, o, "*111111????*?", st, sz))
        return;
    check_async(v, o, sz[0], 0);
    TypeId dim = arg_type(v, o, st[1]);
    if (dim != TY_INDEX && dim != TY_I32 && dim != TY_I64)
        verify_fail(v, o, "grid size x has type %s but must be index, i32 or i64",
                    verify_tname(v, dim));
    for (uint32_t s = 2; s <= 9; s++)
        if (sz[s] && arg_type(v, o, st[s]) != dim)
            verify_fail(v, o, "operand #%u has type %s but the launch sizes must all have type %s",
                        st[s], verify_tname(v, arg_type(v, o, st[s])), verify_tname(v, dim));
    if ((sz[7] || sz[8] || sz[9]) && !(sz[7] && sz[8] && sz[9]))
        verify_fail(v, o, "must give all three cluster sizes or none");
    if (sz[10])
        verify_want_type(v, o, operand(st[10]), TY_I32);
    const Attr *k = verify_get_attr(v, o, "kernel", ATTR_SYMBOL, true);
    if (!k || !k->str)
        return;
    const char *sep = strstr(k->str, "::@");
    if (!sep) {
        verify_fail(v, o,
                    "refers to @%s, but a kernel is named by its gpu.module and its gpu.func: "
                    "@module::@kernel",
                    k->str);
        return;
    }
    OpId mod = child_named(v, v->m->top, OP_GPU_MODULE, k->str, (size_t)(sep - k->str));
    OpId f = mod ? child_named(v, mod, OP_GPU_FUNC, sep + 3, strlen(sep + 3)) : 0;
    if (mod && !f) /* a func.func kernel in a gpu.module (gpu.kernel / nvvm.kernel) */
        f = child_named(v, mod, OP_FUNC, sep + 3, strlen(sep + 3));
    if (!mod) {
        verify_fail(v, o, "refers to @%s, but there is no 'gpu.module' @%.*s", k->str,
                    (int)(sep - k->str), k->str);
        return;
    }
    if (!f) {
        verify_fail(v, o, "refers to @%s, but 'gpu.module' @%.*s has no 'gpu.func' @%s", k->str,
                    (int)(sep - k->str), k->str, sep + 3);
        return;
    }
    if (!op_attr(v->m, f, "gpu.kernel") && !op_attr(v->m, f, "nvvm.kernel")) {
        verify_fail(v, o, "launches @%s, which is not a kernel: mark it `kernel`", k->str);
        return;
    }
    const Attr *ft = op_attr(v->m, f, "function_type");
    if (!ft || ft->kind != ATTR_TYPE || ty(v, ft->type)->kind != TY_FUNCTION)
        return;
    const Type *fty = ty(v, ft->type);
    if (sz[11] != fty->nins) {
        verify_fail(v, o, "passes %u arguments but kernel @%s takes %u", sz[11], k->str, fty->nins);
        return;
    }
    for (uint32_t i = 0; i < fty->nins; i++)
        if (arg_type(v, o, st[11] + i) != fty->ins[i])
            verify_fail(v, o, "argument #%u has type %s but kernel @%s takes %s", i,
                        verify_tname(v, arg_type(v, o, st[11] + i)), k->str,
                        verify_tname(v, fty->ins[i]));
}

/*
 * gpu.launch: operandSegmentSizes (async dependencies, grid x y z, block x y z, cluster
 * x y z, dynamic shared memory size); one region whose entry block takes 12 index
 * arguments (18 with clusters), then the workgroup and private attributions, and which
 * ends in gpu.terminator.
 */
static void
verify_launch(Verifier *v, OpId o)
{
    uint32_t st[11], sz[11];
    want_host(v, o);
    if (!verify_segments(v, o, "*111111????", st, sz))
        return;
    check_async(v, o, sz[0], 0);
    verify_want_indices(v, o, st[1], sz[1] + sz[2] + sz[3] + sz[4] + sz[5] + sz[6]);
    bool clusters = sz[7] && sz[8] && sz[9];
    if ((sz[7] || sz[8] || sz[9]) && !clusters)
        verify_fail(v, o, "must give all three cluster sizes or none");
    if (clusters)
        verify_want_indices(v, o, st[7], 3);
    if (sz[10])
        verify_want_type(v, o, operand(st[10]), TY_I32);
    const Op *op = &v->m->ops[o];
    RegionId r = op->regions[0];
    if (!r || r >= v->m->nregions || v->m->regions[r].blocks.n == 0) {
        verify_fail(v, o, "must have a body");
        return;
    }
    const Block *b = &v->m->blocks[v->m->regions[r].blocks.items[0]];
    uint32_t nids = clusters ? 18 : 12;
    int64_t nwg = 0;
    verify_get_int(v, o, "workgroup_attributions", &nwg, false);
    if (b->args.n < nids || nwg < 0 || b->args.n - nids < nwg) {
        verify_fail(v, o,
                    "body takes %u arguments but needs %u ids and sizes and %lld workgroup "
                    "attributions",
                    b->args.n, nids, (long long)nwg);
        return;
    }
    for (uint32_t i = 0; i < b->args.n; i++) {
        TypeId t = v->m->values[b->args.items[i]].type;
        if (i < nids && t != TY_INDEX)
            verify_fail(v, o, "body argument #%u has type %s but must be index", i,
                        verify_tname(v, t));
        else if (i >= nids) {
            int32_t ms = i < nids + nwg ? MS_WORKGROUP : MS_PRIVATE;
            if (!is_mem(v, t) || !is_memspace(v, t, ms))
                verify_fail(v, o,
                            "attribution (body argument #%u) has type %s but must be a "
                            "memref in %s memory",
                            i, verify_tname(v, t), ms == MS_WORKGROUP ? "workgroup" : "private");
        }
    }
    /* several blocks: cf.br / cf.cond_br between them, as in a function body */
    const Region *reg = &v->m->regions[r];
    for (uint32_t bi = 0; bi < reg->blocks.n; bi++) {
        const Block *bb = &v->m->blocks[reg->blocks.items[bi]];
        OpId last = bb->ops.n ? bb->ops.items[bb->ops.n - 1] : 0;
        OpKind k = last ? kind_of(v, last) : OP_COUNT;
        if (reg->blocks.n == 1 && k != OP_GPU_TERMINATOR)
            verify_fail(v, o, "body must end with 'gpu.terminator'");
        else if (k != OP_GPU_TERMINATOR && k != OP_CF_BR && k != OP_CF_COND_BR)
            verify_fail(v, o,
                        "body block #%u must end with 'gpu.terminator' or a branch (cf.br, "
                        "cf.cond_br)",
                        bi);
    }
}

static void
verify_terminator(Verifier *v, OpId o)
{
    OpId up = v->owner[o];
    if (!up || kind_of(v, up) != OP_LAUNCH)
        verify_fail(v, o, "must be inside a 'gpu.launch'");
}

/* Two memref types that may describe the same memory: same element type, same static
 * sizes where both are static (a cast or a copy needs no more). */
static bool
compatible_shapes(const Verifier *v, TypeId a, TypeId b)
{
    const Type *x = ty(v, a), *y = ty(v, b);
    if (x->unranked || y->unranked)
        return true;
    if (x->rank != y->rank)
        return false;
    for (uint32_t i = 0; i < x->rank; i++)
        if (x->shape[i] != DIM_DYNAMIC && y->shape[i] != DIM_DYNAMIC && x->shape[i] != y->shape[i])
            return false;
    return true;
}

/* gpu.memcpy dst, src / memref.copy src, dst */
static void
verify_copy(Verifier *v, OpId o, uint32_t dst, uint32_t src)
{
    if (!verify_want_memref(v, o, operand(dst)) || !verify_want_memref(v, o, operand(src)))
        return;
    TypeId d = arg_type(v, o, dst), s = arg_type(v, o, src);
    if (ty(v, d)->unranked || ty(v, s)->unranked)
        verify_fail(v, o, "copies between ranked memrefs only");
    else if (elem_of(v, d) != elem_of(v, s))
        verify_fail(v, o, "copies %s into %s: the element types differ", verify_tname(v, s),
                    verify_tname(v, d));
    else if (!compatible_shapes(v, d, s))
        verify_fail(v, o, "copies %s into %s: the shapes differ", verify_tname(v, s),
                    verify_tname(v, d));
}

/* memref.cast: same element type and memory space, compatible sizes; ranked to unranked
 * and back, never unranked to unranked; strided layouts with compatible entries */
static void
verify_memref_cast(Verifier *v, OpId o)
{
    if (!verify_want_memref(v, o, operand(0)) || !verify_want_memref(v, o, result(0)))
        return;
    TypeId a = arg_type(v, o, 0), b = res_type(v, o, 0);
    const Type *x = ty(v, a), *y = ty(v, b);
    const char *why = NULL;
    if (x->elem != y->elem)
        why = "the element types differ";
    else if (x->memspace != y->memspace)
        why = "the memory spaces differ";
    else if (x->unranked && y->unranked)
        why = "both are unranked";
    else if (!compatible_shapes(v, a, b))
        why = "the sizes differ";
    else if (!x->unranked && !y->unranked) {
        const Attr *lx = x->layout, *ly = y->layout;
        if ((lx && lx->kind != ATTR_STRIDED) || (ly && ly->kind != ATTR_STRIDED))
            why = "vptx casts identity and strided<> layouts only";
        for (uint32_t i = 0; !why && lx && ly && i < x->rank; i++)
            if (lx->ints[i] != DIM_DYNAMIC && ly->ints[i] != DIM_DYNAMIC &&
                lx->ints[i] != ly->ints[i])
                why = "the strides differ";
        if (!why && lx && ly && lx->i != DIM_DYNAMIC && ly->i != DIM_DYNAMIC && lx->i != ly->i)
            why = "the offsets differ";
    }
    if (why)
        verify_fail(v, o, "cannot cast %s to %s: %s", verify_tname(v, a), verify_tname(v, b), why);
}

static void
verify_gpu_alloc(Verifier *v, OpId o)
{
    uint32_t st[3], sz[3];
    want_host(v, o);
    if (!verify_want_count(v, o, "results", v->m->ops[o].nres, 1, 2) ||
        !verify_want_memref(v, o, result(0)) || !verify_segments(v, o, "***", st, sz))
        return;
    check_async(v, o, sz[0], 1);
    const Type *r = ty(v, res_type(v, o, 0));
    uint32_t ndyn = 0;
    for (uint32_t i = 0; i < r->rank; i++)
        ndyn += r->shape[i] == DIM_DYNAMIC;
    if (r->unranked)
        verify_fail(v, o, "must allocate a ranked memref");
    else if (sz[1] != ndyn)
        verify_fail(v, o, "has %u dynamic sizes but %s has %u dynamic dims", sz[1],
                    verify_tname(v, res_type(v, o, 0)), ndyn);
    if (sz[2])
        verify_fail(v, o, "has symbol operands, which vptx does not take (no affine-map layouts)");
    verify_want_indices(v, o, st[1], sz[1] + sz[2]);
    if (r->memspace != MS_DEFAULT && r->memspace != MS_GLOBAL)
        verify_fail(v, o, "allocates in memory space %d: device memory is space 0 or 1",
                    r->memspace);
}

/* vector.print: an optional scalar or vector of integers, index or floats; a
 * `punctuation` and/or a `stringLiteral` */
static void
verify_print(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    if (!verify_want_count(v, o, "operands", op->nargs, 0, 1))
        return;
    if (op->nargs) {
        TypeId t = arg_type(v, o, 0);
        TypeId e = elem_of(v, t);
        bool ok = (type_is_scalar(t) || is_vec(v, t)) && type_is_scalar(e) && e != TY_TF32 &&
                  e != TY_F8E4M3FN && e != TY_F8E5M2;
        verify_want(v, o, operand(0), ok, "an integer, index or float scalar or vector");
    }
    const char *p = verify_get_enum(v, o, "punctuation", false);
    static const char *const names[] = { "no_punctuation", "newline", "comma", "open", "close" };
    bool known = !p;
    for (size_t i = 0; p && i < sizeof names / sizeof names[0]; i++)
        known = known || strcmp(p, names[i]) == 0;
    if (!known)
        verify_fail(v, o,
                    "has punctuation '%s'; expected no_punctuation, newline, comma, open or "
                    "close",
                    p);
    const Attr *s = verify_get_attr(v, o, "stringLiteral", ATTR_STRING, false);
    if (s && op->nargs)
        verify_fail(v, o, "prints a value or a string, not both");
}

void
verify_host_op(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    uint32_t nt;
    switch (op->kind) {
    case OP_LAUNCH_FUNC:
        verify_launch_func(v, o);
        break;
    case OP_LAUNCH:
        verify_launch(v, o);
        break;
    case OP_GPU_TERMINATOR:
        verify_terminator(v, o);
        break;
    case OP_HOST_REGISTER:
    case OP_HOST_UNREGISTER:
        want_host(v, o);
        verify_want_memref(v, o, operand(0));
        break;
    case OP_GPU_ALLOC:
        verify_gpu_alloc(v, o);
        break;
    case OP_GPU_DEALLOC:
        want_host(v, o);
        nt = leading_tokens(v, o);
        if (verify_want_count(v, o, "operands", op->nargs, nt + 1, nt + 1))
            verify_want_memref(v, o, operand(nt));
        check_async(v, o, nt, 0);
        break;
    case OP_GPU_MEMCPY:
        want_host(v, o);
        nt = leading_tokens(v, o);
        if (verify_want_count(v, o, "operands", op->nargs, nt + 2, nt + 2))
            verify_copy(v, o, nt, nt + 1);
        check_async(v, o, nt, 0);
        break;
    case OP_GPU_MEMSET:
        want_host(v, o);
        nt = leading_tokens(v, o);
        if (verify_want_count(v, o, "operands", op->nargs, nt + 2, nt + 2) &&
            verify_want_memref(v, o, operand(nt)))
            verify_want_type(v, o, operand(nt + 1), elem_of(v, arg_type(v, o, nt)));
        check_async(v, o, nt, 0);
        break;
    case OP_GPU_WAIT:
        want_host(v, o);
        nt = leading_tokens(v, o);
        if (nt != op->nargs)
            verify_want_kind(v, o, operand(nt), TY_GPU_TOKEN, "!gpu.async.token");
        check_async(v, o, nt, 0);
        break;
    case OP_MEMREF_CAST:
        verify_memref_cast(v, o);
        break;
    case OP_DEALLOC:
        verify_want_memref(v, o, operand(0));
        break;
    case OP_MEMREF_COPY:
        verify_copy(v, o, 1, 0);
        break;
    case OP_PRINT:
        verify_print(v, o);
        break;
    default:
        UNREACHABLE();
    }
}
