/*
 * eval_host.c -- host code: the ops of an upstream-style program that run on
 * the CPU (ops.def, "host code") and the runner utilities it calls.
 *
 * eval_host (eval.c) runs the program's entry function once, as eval runs a
 * kernel, with these additions:
 *
 *   memory      memref.alloc makes host memory, gpu.alloc device memory (or
 *               memory both sides reach, with host_shared).  The host must not
 *               touch device memory and the device must not touch host memory
 *               that gpu.host_register did not register: both are located
 *               errors, as are uses after memref.dealloc / gpu.dealloc.
 *   launches    gpu.launch_func checks its arguments and calls the launcher
 *               the caller gave (the driver compiles the kernel and runs it on
 *               the simulator or the GPU), with each memref as a view into its
 *               allocation.  Every op runs in program order, so `async` and
 *               !gpu.async.token only order what is ordered already.
 *   printing    vector.print and the functions of MLIR's runner utilities
 *               (mlir_runner_utils, mlir_c_runner_utils), declared without a
 *               body and called with func.call, print what those libraries
 *               print, byte for byte, but for one thing: the address after
 *               `base@ =`, which is not the host's but a made-up one that is
 *               the same on every run (the first allocation of the program is
 *               at EVAL_HOST_FIRST_ADDRESS, each next one after the previous,
 *               rounded up to 256 bytes).
 *
 * Number formats, as the runner utilities print them: floats with C's "%g"
 * (what both printF32 and `std::cout << float` give), signed integers in
 * decimal (i1 as 0 / 1), index as an unsigned 64-bit number, and the i8
 * elements of printMemrefI8 as characters (`std::cout << int8_t`).
 */
#include "eval/eval_impl.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void
eval_host_note_alloc(Eval *ev, Mem *mem, OpId op)
{
    if (!ev->host)
        return;
    mem->alloc_op = op;
    mem->addr = ev->next_addr;
    uint64_t size = mem->nbytes ? mem->nbytes : 1;
    ev->next_addr += (size + 255) / 256 * 256;
}

/* ---------------------------------------------------------------- views */

/* The first operand after the leading !gpu.async.token ones. */
static uint32_t
skip_tokens(const Eval *ev, OpId o)
{
    const Op *op = op_get(ev->m, o);
    uint32_t k = 0;
    while (k < op->nargs && type_get(ev->m, value_type(ev->m, op->args[k]))->kind == TY_GPU_TOKEN)
        k++;
    return k;
}

/* The token result of an `async` op, if it has one (its last result). */
static void
define_token(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    if (op->nres && type_get(ev->m, value_type(ev->m, op->res[op->nres - 1]))->kind == TY_GPU_TOKEN)
        eval_def(ev, f, op->res[op->nres - 1], 1)->i = 0;
}

static int64_t
view_count(const View *vw)
{
    int64_t n = 1;
    for (uint32_t d = 0; d < vw->rank; d++)
        n *= vw->shape[d];
    return n;
}

/* Element offset of the element with row-major number `linear` in vw. */
static int64_t
view_linear(const View *vw, int64_t linear)
{
    int64_t at = vw->offset;
    for (uint32_t d = vw->rank; d-- > 0;) {
        at += (linear % vw->shape[d]) * vw->strides[d];
        linear /= vw->shape[d];
    }
    return at;
}

static bool
same_shape(const View *a, const View *b)
{
    if (a->rank != b->rank)
        return false;
    for (uint32_t d = 0; d < a->rank; d++)
        if (a->shape[d] != b->shape[d])
            return false;
    return true;
}

static void
shape_text(const View *vw, char *buf, size_t n)
{
    size_t used = (size_t)snprintf(buf, n, "[");
    for (uint32_t d = 0; d < vw->rank && used < n; d++)
        used += (size_t)snprintf(buf + used, n - used, "%s%lld", d ? ", " : "",
                                 (long long)vw->shape[d]);
    if (used < n)
        snprintf(buf + used, n - used, "]");
}

/* dst[i] := src[i] for every element; both already checked to have one shape. */
static bool
copy_view(Eval *ev, OpId o, const View *dst, const View *src)
{
    int64_t n = view_count(dst);
    for (int64_t i = 0; i < n; i++) {
        Scalar x;
        if (!eval_mem_load(ev, o, src, view_linear(src, i), &x) ||
            !eval_mem_store(ev, o, dst, view_linear(dst, i), x))
            return false;
    }
    return true;
}

/* ------------------------------------------------------------ memory ops */

/* gpu.alloc async? [deps] host_shared? (dynamic sizes) : memref */
static bool
exec_gpu_alloc(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    TypeId ty = value_type(ev->m, op->res[0]);
    const Type *t = type_get(ev->m, ty);
    int64_t seg[3];
    if (eval_int_attr_list(op_attr(ev->m, o, "operandSegmentSizes"), seg, 3) != 3 ||
        t->rank > EVAL_MAX_RANK)
        return eval_fail(ev, o, "has malformed operands or result");
    int64_t shape[EVAL_MAX_RANK];
    uint32_t dyn = (uint32_t)seg[0];
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
        return eval_fail(ev, o, "allocates %lld elements, more than vptx allows", (long long)n);
    Mem *mem = eval_mem_new(&ev->scratch, (size_t)n * eval_elem_size(t->elem), NULL);
    mem->space = op_attr(ev->m, o, "hostShared") ? MEM_SHARED : MEM_DEVICE;
    eval_host_note_alloc(ev, mem, o);
    rv->view.mem = mem;
    define_token(ev, f, o);
    return true;
}

/* memref.dealloc (host memory of memref.alloc) and gpu.dealloc (of gpu.alloc) */
static bool
exec_dealloc(Eval *ev, Frame *f, OpId o)
{
    bool gpu = op_get(ev->m, o)->kind == OP_GPU_DEALLOC;
    const View *vw = eval_view_arg(ev, f, o, gpu ? skip_tokens(ev, o) : 0);
    if (!vw)
        return false;
    Mem *mem = vw->mem;
    if (mem->freed_by)
        return eval_fail(ev, o, "frees memory that '%s' at line %u freed already",
                         op_name(ev->m, mem->freed_by), op_get(ev->m, mem->freed_by)->loc.line);
    OpKind want = gpu ? OP_GPU_ALLOC : OP_ALLOC;
    if (!mem->alloc_op || op_get(ev->m, mem->alloc_op)->kind != want)
        return eval_fail(ev, o, "frees memory that no '%s' allocated", op_info[want].name);
    free(mem->data);
    mem->data = NULL;
    mem->freed_by = o;
    define_token(ev, f, o);
    return true;
}

/* gpu.memcpy dst, src / memref.copy src, dst */
static bool
exec_copy(Eval *ev, Frame *f, OpId o)
{
    bool gpu = op_get(ev->m, o)->kind == OP_GPU_MEMCPY;
    uint32_t k = gpu ? skip_tokens(ev, o) : 0;
    const View *dst = eval_view_arg(ev, f, o, gpu ? k : 1);
    const View *src = dst ? eval_view_arg(ev, f, o, gpu ? k + 1 : 0) : NULL;
    if (!src)
        return false;
    if (!same_shape(dst, src)) {
        char a[128], b[128];
        shape_text(src, a, sizeof a);
        shape_text(dst, b, sizeof b);
        return eval_fail(ev, o, "copies a memref of sizes %s into one of sizes %s", a, b);
    }
    ev->device_side = gpu;
    bool ok = copy_view(ev, o, dst, src);
    ev->device_side = false;
    if (ok && gpu)
        define_token(ev, f, o);
    return ok;
}

/* gpu.memset dst, value */
static bool
exec_memset(Eval *ev, Frame *f, OpId o)
{
    uint32_t k = skip_tokens(ev, o);
    const View *dst = eval_view_arg(ev, f, o, k);
    if (!dst)
        return false;
    Scalar x = eval_val(f, op_get(ev->m, o)->args[k + 1])->e[0];
    int64_t n = view_count(dst);
    ev->device_side = true;
    bool ok = true;
    for (int64_t i = 0; ok && i < n; i++)
        ok = eval_mem_store(ev, o, dst, view_linear(dst, i), x);
    ev->device_side = false;
    if (ok)
        define_token(ev, f, o);
    return ok;
}

/* gpu.host_register / host_unregister: the device may (no longer) use the memory */
static bool
exec_register(Eval *ev, Frame *f, OpId o)
{
    const View *vw = eval_view_arg(ev, f, o, 0);
    if (!vw)
        return false;
    if (vw->mem->freed_by)
        return eval_fail(ev, o, "registers memory that '%s' at line %u freed",
                         op_name(ev->m, vw->mem->freed_by),
                         op_get(ev->m, vw->mem->freed_by)->loc.line);
    if (vw->mem->space != MEM_HOST)
        return eval_fail(ev, o, "registers memory of 'gpu.alloc': only host memory is registered");
    vw->mem->registered = op_get(ev->m, o)->kind == OP_HOST_REGISTER;
    return true;
}

/* memref.cast: the same view under another type; a ranked result must fit the view */
static bool
exec_cast(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    const View *vw = eval_view_arg(ev, f, o, 0);
    if (!vw)
        return false;
    View copy = *vw;
    TypeId ty = value_type(ev->m, op->res[0]);
    const Type *t = type_get(ev->m, ty);
    if (!t->unranked) {
        if (t->rank != vw->rank)
            return eval_fail(ev, o, "casts a memref of rank %u to one of rank %u", vw->rank,
                             t->rank);
        const Attr *lay = t->layout && t->layout->kind == ATTR_STRIDED ? t->layout : NULL;
        for (uint32_t d = 0; d < t->rank; d++) {
            if (t->shape[d] != DIM_DYNAMIC && t->shape[d] != vw->shape[d])
                return eval_fail(ev, o,
                                 "casts a memref of size %lld in dimension %u to a type of size "
                                 "%lld there",
                                 (long long)vw->shape[d], d, (long long)t->shape[d]);
            int64_t want = lay ? lay->ints[d] : DIM_DYNAMIC;
            if (!lay && !t->layout) { /* identity layout: row-major strides */
                want = 1;
                for (uint32_t e = d + 1; e < t->rank; e++)
                    want *= vw->shape[e];
            }
            if (want != DIM_DYNAMIC && want != vw->strides[d] && vw->shape[d] > 1)
                return eval_fail(ev, o,
                                 "casts a memref whose stride %u is %lld to a type whose "
                                 "stride is %lld",
                                 d, (long long)vw->strides[d], (long long)want);
        }
        int64_t off = lay ? lay->i : t->layout ? DIM_DYNAMIC : 0;
        if (off != DIM_DYNAMIC && off != vw->offset)
            return eval_fail(ev, o, "casts a memref at offset %lld to a type whose offset is %lld",
                             (long long)vw->offset, (long long)off);
    }
    RtVal *rv = eval_val(f, op->res[0]);
    eval_val_alloc(rv, ty, 0);
    rv->view = copy;
    return true;
}

/* ------------------------------------------------------------- printing */

/* One element as vector.print and printF32 / printI64 / printU64 print it. */
static void
print_elem(FILE *out, TypeId t, Scalar x)
{
    if (type_is_float(t))
        fprintf(out, "%g", x.f);
    else if (t == TY_INDEX)
        fprintf(out, "%" PRIu64, (uint64_t)x.i);
    else if (t == TY_I1)
        fputc(x.i ? '1' : '0', out);
    else
        fprintf(out, "%" PRId64, x.i);
}

/* The elements [at, at + prod(shape)) of e, as nested `( a, b )` groups. */
static void
print_nested(FILE *out, TypeId t, const Scalar *e, const int64_t *shape, uint32_t rank)
{
    int64_t inner = 1;
    for (uint32_t d = 1; d < rank; d++)
        inner *= shape[d];
    fputs("( ", out);
    for (int64_t i = 0; i < shape[0]; i++) {
        if (i)
            fputs(", ", out);
        if (rank == 1)
            print_elem(out, t, e[i]);
        else
            print_nested(out, t, e + i * inner, shape + 1, rank - 1);
    }
    fputs(" )", out);
}

/* vector.print: a value (scalar, or vector as nested parentheses; a 0-d vector prints as
 * one of one element), a string, then the punctuation (default: a newline; none after a
 * string) */
static bool
exec_print(Eval *ev, Frame *f, OpId o)
{
    if (!ev->host)
        return eval_fail(ev, o, "prints, which only host code does");
    FILE *out = ev->host->out;
    const Op *op = op_get(ev->m, o);
    if (op->nargs) {
        const RtVal *v = eval_val(f, op->args[0]);
        TypeId t = value_type(ev->m, op->args[0]);
        const Type *ty = type_get(ev->m, t);
        if (ty->kind == TY_VECTOR) {
            int64_t one = 1;
            print_nested(out, ty->elem, v->e, ty->rank ? ty->shape : &one, ty->rank ? ty->rank : 1);
        } else {
            print_elem(out, t, v->e[0]);
        }
    }
    const Attr *s = op_attr(ev->m, o, "stringLiteral");
    if (s && s->kind == ATTR_STRING) {
        fwrite(s->str, 1, s->len, out);
        return true;
    }
    const char *p = eval_attr_text(op_attr(ev->m, o, "punctuation"));
    if (!p || strcmp(p, "newline") == 0)
        fputc('\n', out);
    else if (strcmp(p, "comma") == 0)
        fputs(", ", out);
    else if (strcmp(p, "open") == 0)
        fputs("( ", out);
    else if (strcmp(p, "close") == 0)
        fputs(" )", out);
    return true;
}

/* ----------------------------------------------------------- launches */

/* The gpu.func that `mod::@name` names: in gpu.module @mod of the top-level module. */
static OpId
find_kernel(Module *m, const char *ref)
{
    const char *sep = ref ? strstr(ref, "::@") : NULL;
    if (!sep)
        return 0;
    BlockId top = op_entry_block(m, m->top, 0);
    for (uint32_t i = 0; top && i < block_get(m, top)->ops.n; i++) {
        OpId g = block_get(m, top)->ops.items[i];
        const char *s = eval_attr_text(op_attr(m, g, "sym_name"));
        if (op_get(m, g)->kind != OP_GPU_MODULE || !s || strlen(s) != (size_t)(sep - ref) ||
            memcmp(s, ref, (size_t)(sep - ref)) != 0)
            continue;
        BlockId b = op_entry_block(m, g, 0);
        for (uint32_t k = 0; b && k < block_get(m, b)->ops.n; k++) {
            OpId fn = block_get(m, b)->ops.items[k];
            const char *n = eval_attr_text(op_attr(m, fn, "sym_name"));
            OpKind kind = op_get(m, fn)->kind;
            if ((kind == OP_GPU_FUNC || kind == OP_FUNC) && n && strcmp(n, sep + 3) == 0)
                return fn;
        }
    }
    return 0;
}

/* A memref the kernel gets must be memory the device reaches. */
static bool
launch_memref(Eval *ev, OpId o, uint32_t i, const View *vw, EvalLaunchArg *a)
{
    const Mem *mem = vw->mem;
    if (mem->freed_by)
        return eval_fail(ev, o, "passes as argument #%u memory that '%s' at line %u freed", i,
                         op_name(ev->m, mem->freed_by), op_get(ev->m, mem->freed_by)->loc.line);
    if (mem->space == MEM_HOST && !mem->registered)
        return eval_fail(ev, o,
                         "passes as argument #%u host memory that the device cannot reach: "
                         "register it with gpu.host_register, or allocate it with gpu.alloc",
                         i);
    a->base = mem->data;
    a->bytes = mem->nbytes;
    a->offset = vw->offset;
    a->rank = vw->rank;
    memcpy(a->shape, vw->shape, sizeof a->shape);
    memcpy(a->strides, vw->strides, sizeof a->strides);
    return true;
}

/* gpu.launch_func: operandSegmentSizes (deps, grid xyz, block xyz, cluster xyz, dynamic
 * shared memory, kernel operands, async object) */
static bool
exec_launch_func(Eval *ev, Frame *f, OpId o)
{
    const Op *op = op_get(ev->m, o);
    int64_t seg[13];
    if (eval_int_attr_list(op_attr(ev->m, o, "operandSegmentSizes"), seg, 13) != 13)
        return eval_fail(ev, o, "has no valid 'operandSegmentSizes'");
    if (!ev->host || !ev->host->launch)
        return eval_fail(ev, o, "launches a kernel, which only host code does");
    EvalLaunch l = { .op = o, .cluster = { 1, 1, 1 } };
    l.kernel = find_kernel(ev->m, eval_attr_text(op_attr(ev->m, o, "kernel")));
    if (!l.kernel)
        return eval_fail(ev, o, "launches no kernel of this module");
    uint32_t k = (uint32_t)seg[0];
    static const char *const what[] = { "grid", "block", "cluster" };
    for (int w = 0; w < 3; w++)
        for (int d = 0; d < 3; d++) {
            if (w == 2 && !seg[7])
                break;
            int64_t x = eval_val(f, op->args[k++])->e[0].i;
            if (x < 1 || x > INT32_MAX)
                return eval_fail(ev, o,
                                 "has %s size %c = %lld: every launch size must be 1 to "
                                 "2^31-1",
                                 what[w], 'x' + d, (long long)x);
            (w == 0 ? l.grid : w == 1 ? l.block : l.cluster)[d] = x;
        }
    if (seg[10]) {
        l.shared_bytes = eval_val(f, op->args[k++])->e[0].i;
        if (l.shared_bytes < 0)
            return eval_fail(ev, o, "asks for %lld bytes of dynamic shared memory",
                             (long long)l.shared_bytes);
    }
    l.nargs = (uint32_t)seg[11];
    EvalLaunchArg *args = eval_xcalloc(l.nargs, sizeof *args);
    bool ok = true;
    for (uint32_t i = 0; ok && i < l.nargs; i++) {
        ValueId v = op->args[k + i];
        const RtVal *rv = eval_val(f, v);
        args[i].type = value_type(ev->m, v);
        if (type_is_memref(ev->m, args[i].type))
            ok = launch_memref(ev, o, i, &rv->view, &args[i]);
        else if (type_is_float(args[i].type))
            args[i].f = rv->e[0].f;
        else
            args[i].i = rv->e[0].i;
    }
    l.args = args;
    if (ok && !ev->host->launch(ev->host->launch_ctx, ev->m, &l, ev->d)) {
        ev->reported = true;
        ok = false;
    }
    free(args);
    if (ok)
        define_token(ev, f, o);
    return ok;
}

bool
eval_host_op(Eval *ev, Frame *f, OpId o)
{
    OpKind k = op_get(ev->m, o)->kind;
    bool host_only = k == OP_LAUNCH_FUNC || k == OP_LAUNCH || k == OP_HOST_REGISTER ||
                     k == OP_HOST_UNREGISTER || k == OP_GPU_ALLOC || k == OP_GPU_DEALLOC ||
                     k == OP_GPU_MEMCPY || k == OP_GPU_MEMSET || k == OP_GPU_WAIT;
    if (host_only && !ev->host)
        return eval_fail(ev, o, "is host code, which a kernel cannot run");
    switch (k) {
    case OP_LAUNCH_FUNC:
        return exec_launch_func(ev, f, o);
    case OP_LAUNCH:
        return eval_fail(ev, o, "must be outlined into a kernel before it runs");
    case OP_HOST_REGISTER:
    case OP_HOST_UNREGISTER:
        return exec_register(ev, f, o);
    case OP_GPU_ALLOC:
        return exec_gpu_alloc(ev, f, o);
    case OP_GPU_DEALLOC:
    case OP_DEALLOC:
        return exec_dealloc(ev, f, o);
    case OP_GPU_MEMCPY:
    case OP_MEMREF_COPY:
        return exec_copy(ev, f, o);
    case OP_GPU_MEMSET:
        return exec_memset(ev, f, o);
    case OP_GPU_WAIT:
        define_token(ev, f, o);
        return true;
    case OP_MEMREF_CAST:
        return exec_cast(ev, f, o);
    case OP_PRINT:
        return exec_print(ev, f, o);
    default:
        return eval_fail(ev, o, "is not a host op");
    }
}

/* ------------------------------------------------------ runner utilities */

typedef enum {
    U_MEMREF,        /* printMemrefT(memref<*xT>): "Unranked Memref " + metadata + data */
    U_MEMREF_RANKED, /* printMemrefNdT(memref<...xT>): "Memref " + metadata + data */
    U_SHAPE,         /* printMemrefShapeT(memref<*xT>): "Unranked Memref " + metadata */
    U_VERIFY,        /* verifyMemRefT(actual, expected) -> i64 mismatches (stderr) */
    U_SCALAR,        /* printI64 / printU64 / printF32 / printF64 / printF16 / printBF16 */
    U_TEXT,          /* printOpen "( ", printClose " )", printComma ", ", printNewline */
    U_FLOPS,         /* printFlops(f64): "%lf GFLOPS\n" of flops / 1e9 on stderr */
    U_CLOCK,         /* rtclock() -> f64 */
} UtilityKind;

typedef struct Utility {
    const char *name;
    UtilityKind kind;
    TypeId elem; /* the element (memref) or value type it takes; TY_INVALID: none */
    int rank;    /* U_MEMREF_RANKED: the rank it takes */
    const char *text;
} Utility;

/* The functions of mlir_runner_utils and mlir_c_runner_utils that a program declares and
 * calls, with the types they take. */
static const Utility utilities[] = {
    { "printMemrefI8", U_MEMREF, TY_I8, 0, NULL },
    { "printMemrefI32", U_MEMREF, TY_I32, 0, NULL },
    { "printMemrefI64", U_MEMREF, TY_I64, 0, NULL },
    { "printMemrefF32", U_MEMREF, TY_F32, 0, NULL },
    { "printMemrefF64", U_MEMREF, TY_F64, 0, NULL },
    { "printMemrefInd", U_MEMREF, TY_INDEX, 0, NULL },
    { "printMemref0dF32", U_MEMREF_RANKED, TY_F32, 0, NULL },
    { "printMemref1dF32", U_MEMREF_RANKED, TY_F32, 1, NULL },
    { "printMemref2dF32", U_MEMREF_RANKED, TY_F32, 2, NULL },
    { "printMemref3dF32", U_MEMREF_RANKED, TY_F32, 3, NULL },
    { "printMemref4dF32", U_MEMREF_RANKED, TY_F32, 4, NULL },
    { "printMemref1dI8", U_MEMREF_RANKED, TY_I8, 1, NULL },
    { "printMemref1dI32", U_MEMREF_RANKED, TY_I32, 1, NULL },
    { "printMemref1dI64", U_MEMREF_RANKED, TY_I64, 1, NULL },
    { "printMemref1dF64", U_MEMREF_RANKED, TY_F64, 1, NULL },
    { "printMemref1dInd", U_MEMREF_RANKED, TY_INDEX, 1, NULL },
    { "printMemrefShapeI8", U_SHAPE, TY_I8, 0, NULL },
    { "printMemrefShapeI32", U_SHAPE, TY_I32, 0, NULL },
    { "printMemrefShapeI64", U_SHAPE, TY_I64, 0, NULL },
    { "printMemrefShapeF32", U_SHAPE, TY_F32, 0, NULL },
    { "printMemrefShapeF64", U_SHAPE, TY_F64, 0, NULL },
    { "printMemrefShapeInd", U_SHAPE, TY_INDEX, 0, NULL },
    { "verifyMemRefI32", U_VERIFY, TY_I32, 0, NULL },
    { "verifyMemRefF32", U_VERIFY, TY_F32, 0, NULL },
    { "verifyMemRefF64", U_VERIFY, TY_F64, 0, NULL },
    { "verifyMemRefInd", U_VERIFY, TY_INDEX, 0, NULL },
    { "printI64", U_SCALAR, TY_I64, 0, NULL },
    { "printU64", U_SCALAR, TY_I64, 0, NULL },
    { "printF32", U_SCALAR, TY_F32, 0, NULL },
    { "printF64", U_SCALAR, TY_F64, 0, NULL },
    { "printF16", U_SCALAR, TY_I16, 0, NULL },
    { "printBF16", U_SCALAR, TY_I16, 0, NULL },
    { "printOpen", U_TEXT, TY_INVALID, 0, "( " },
    { "printClose", U_TEXT, TY_INVALID, 0, " )" },
    { "printComma", U_TEXT, TY_INVALID, 0, ", " },
    { "printNewline", U_TEXT, TY_INVALID, 0, "\n" },
    { "printFlops", U_FLOPS, TY_F64, 0, NULL },
    { "rtclock", U_CLOCK, TY_INVALID, 0, NULL },
};

static const Utility *
find_utility(const char *name)
{
    for (size_t i = 0; name && i < sizeof utilities / sizeof utilities[0]; i++)
        if (strcmp(utilities[i].name, name) == 0)
            return &utilities[i];
    return NULL;
}

const char *
eval_host_utility(const char *name)
{
    const Utility *u = find_utility(name);
    return u ? u->name : NULL;
}

/* One memref element as `std::cout << T` prints it */
static void
print_memref_elem(FILE *out, TypeId t, Scalar x)
{
    if (t == TY_I8)
        fputc((int)(unsigned char)x.i, out);
    else
        print_elem(out, t, x);
}

static void
spaces(FILE *out, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        fputc(' ', out);
}

/*
 * The data of a memref as MemRefDataPrinter prints it: each dim in brackets, elements
 * separated by ", ", every row but the innermost ending its line, each nested line
 * indented by its depth:
 *
 *     [[1,   2],
 *      [3,   4]]
 *
 * (the runs of blanks are the library's own; FileCheck reads a run as one blank).
 */
static bool
print_data(Eval *ev, OpId o, const View *vw, uint32_t dim, int64_t at, FILE *out)
{
    uint32_t rank = vw->rank, d = rank - dim;
    if (dim == 0) {
        Scalar x;
        if (!eval_mem_load(ev, o, vw, at, &x))
            return false;
        print_memref_elem(out, vw->elem, x);
        return true;
    }
    int64_t n = vw->shape[d], stride = vw->strides[d];
    fputc('[', out);
    for (int64_t i = 0; i < n; i++) {
        if (i)
            spaces(out, (int64_t)rank - dim + 1);
        if (!print_data(ev, o, vw, dim - 1, at + i * stride, out))
            return false;
        if (i + 1 < n) {
            fputs(", ", out);
            if (dim > 1)
                fputc('\n', out);
        }
    }
    fputc(']', out);
    return true;
}

/* `base@ = 0x... rank = R offset = O sizes = [..] strides = [..]` */
static void
print_metadata(FILE *out, const View *vw)
{
    fprintf(out, "base@ = 0x%" PRIx64 " rank = %u offset = %lld sizes = [", vw->mem->addr, vw->rank,
            (long long)vw->offset);
    for (uint32_t d = 0; d < vw->rank; d++)
        fprintf(out, "%s%lld", d ? ", " : "", (long long)vw->shape[d]);
    fputs("] strides = [", out);
    for (uint32_t d = 0; d < vw->rank; d++)
        fprintf(out, "%s%lld", d ? ", " : "", (long long)vw->strides[d]);
    fputc(']', out);
}

static bool
print_memref(Eval *ev, OpId o, const View *vw, const char *prefix, bool data)
{
    FILE *out = ev->host->out;
    if (vw->mem->freed_by) /* the metadata would print; the data not */
        return eval_fail(ev, o, "prints memory that '%s' at line %u freed",
                         op_name(ev->m, vw->mem->freed_by),
                         op_get(ev->m, vw->mem->freed_by)->loc.line);
    if (data && vw->mem->space == MEM_DEVICE)
        return eval_mem_load(ev, o, vw, vw->offset, &(Scalar){ 0 }); /* reports it */
    fputs(prefix, out);
    print_metadata(out, vw);
    if (!data) {
        fputc('\n', out);
        return true;
    }
    fputs(" data = \n", out);
    bool ok = true;
    if (vw->rank == 0) {
        fputc('[', out);
        ok = print_data(ev, o, vw, 0, vw->offset, out);
        fputc(']', out);
    } else {
        ok = print_data(ev, o, vw, vw->rank, vw->offset, out);
    }
    fputc('\n', out);
    return ok;
}

/* verifyMemRefT: the count of elements that differ (floats: relative error above 1e-6 for
 * f32, 1e-12 for f64, or not finite), the first 10 printed on stderr; -1 when the shapes
 * differ. */
static bool
verify_memrefs(Eval *ev, OpId o, const View *a, const View *b, int64_t *errors)
{
    FILE *err = ev->host->err;
    bool shapes = a->rank == b->rank && a->offset == b->offset;
    for (uint32_t d = 0; shapes && d < a->rank; d++)
        shapes = a->shape[d] == b->shape[d] && a->strides[d] == b->strides[d];
    if (!shapes) {
        print_metadata(err, a);
        print_metadata(err, b);
        *errors = -1;
        return true;
    }
    int64_t n = view_count(a), printed = 0;
    *errors = 0;
    for (int64_t i = 0; i < n; i++) {
        int64_t at = view_linear(a, i);
        Scalar x, y;
        if (!eval_mem_load(ev, o, a, at, &x) || !eval_mem_load(ev, o, b, at, &y))
            return false;
        bool same;
        if (type_is_float(a->elem)) {
            double eps = a->elem == TY_F64 ? 1e-12 : 1e-6;
            same = isfinite(x.f) && isfinite(y.f) && fabs(x.f - y.f) <= eps * fabs(y.f);
        } else {
            same = x.i == y.i;
        }
        if (same)
            continue;
        if (printed++ < 10) {
            print_memref_elem(err, a->elem, x);
            fputs(" != ", err);
            print_memref_elem(err, a->elem, y);
            fprintf(err, " offset = %lld\n", (long long)at);
        }
        (*errors)++;
    }
    return true;
}

/* Whether the declaration's parameters are what utility u takes. */
static bool
utility_fits(Eval *ev, const Utility *u, const Type *fty, char *want, size_t n)
{
    Module *m = ev->m;
    uint32_t nin = u->kind == U_VERIFY ? 2 : u->kind == U_TEXT || u->kind == U_CLOCK ? 0 : 1;
    TypeId out = u->kind == U_VERIFY ? TY_I64 : u->kind == U_CLOCK ? TY_F64 : TY_INVALID;
    bool memref = u->kind == U_MEMREF || u->kind == U_MEMREF_RANKED || u->kind == U_SHAPE ||
                  u->kind == U_VERIFY;
    const char *elem = u->elem ? scalar_type_name(u->elem) : "";
    if (memref && u->kind == U_MEMREF_RANKED)
        snprintf(want, n, "(memref<%.*s%s>)", 2 * u->rank, "?x?x?x?x", elem);
    else if (memref)
        snprintf(want, n,
                 u->kind == U_VERIFY ? "(memref<*x%s>, memref<*x%s>) -> i64" : "(memref<*x%s>)",
                 elem, elem);
    else
        snprintf(want, n, "(%s)%s", nin ? elem : "", out ? " -> f64" : "");
    if (fty->nins != nin || fty->nouts != (out != TY_INVALID) || (out && fty->outs[0] != out))
        return false;
    for (uint32_t i = 0; i < nin; i++) {
        const Type *t = type_get(m, fty->ins[i]);
        if (!memref) {
            if (fty->ins[i] != u->elem &&
                !(u->elem == TY_I16 && (fty->ins[i] == TY_F16 || fty->ins[i] == TY_BF16)))
                return false;
        } else if (t->kind != TY_MEMREF || t->elem != u->elem ||
                   (u->kind == U_MEMREF_RANKED ? t->unranked || (int)t->rank != u->rank
                                               : !t->unranked)) {
            return false;
        }
    }
    return true;
}

bool
eval_host_call(Eval *ev, Frame *f, OpId site, OpId callee)
{
    Module *m = ev->m;
    const char *name = eval_attr_text(op_attr(m, callee, "sym_name"));
    const Utility *u = find_utility(name);
    if (!u)
        return eval_fail(ev, site,
                         "calls @%s, which has no body and is none of the runner utilities vptx "
                         "provides (printMemrefF32, printF32, printNewline, ...: "
                         "docs/host-code.md)",
                         name ? name : "?");
    const Attr *ft = op_attr(m, callee, "function_type");
    char want[128];
    if (!ft || ft->kind != ATTR_TYPE ||
        !utility_fits(ev, u, type_get(m, ft->type), want, sizeof want))
        return eval_fail(ev, site, "calls @%s, which vptx provides as %s: declare it so", name,
                         want);
    const Op *op = op_get(m, site);
    FILE *out = ev->host->out;
    const View *a, *b;
    int64_t errors;
    switch (u->kind) {
    case U_MEMREF:
    case U_MEMREF_RANKED:
    case U_SHAPE:
        a = eval_view_arg(ev, f, site, 0);
        return a && print_memref(ev, site, a,
                                 u->kind == U_MEMREF_RANKED ? "Memref " : "Unranked Memref ",
                                 u->kind != U_SHAPE);
    case U_VERIFY:
        a = eval_view_arg(ev, f, site, 0);
        b = a ? eval_view_arg(ev, f, site, 1) : NULL;
        if (!b || !verify_memrefs(ev, site, a, b, &errors))
            return false;
        eval_def(ev, f, op->res[0], 1)->i = errors;
        return true;
    case U_SCALAR: {
        Scalar x = eval_val(f, op->args[0])->e[0];
        TypeId t = value_type(m, op->args[0]);
        if (t == TY_I16) /* printF16 / printBF16 take the bits */
            x.f = eval_from_bits((uint64_t)x.i, strcmp(name, "printF16") == 0 ? TY_F16 : TY_BF16).f,
            t = TY_F32;
        if (strcmp(name, "printU64") == 0)
            fprintf(out, "%" PRIu64, (uint64_t)x.i);
        else
            print_elem(out, t, x);
        return true;
    }
    case U_TEXT:
        fputs(u->text, out);
        return true;
    case U_FLOPS:
        fprintf(ev->host->err, "%lf GFLOPS\n", eval_val(f, op->args[0])->e[0].f / 1.0E9);
        return true;
    case U_CLOCK: /* no wall clock: a program's output must not change from run to run */
        eval_def(ev, f, op->res[0], 1)->f = 0.0;
        return true;
    }
    return eval_fail(ev, site, "calls an unknown utility");
}
