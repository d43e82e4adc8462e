/*
 * launch.c -- kernel arguments, their ABI marshalling, and the sim / CUDA
 * devices that run them (see launch.h).
 *
 * kernelParams per ptxgen/ptxgen.h, for each IR argument in order:
 *
 *   memref<d0 x ? x ... x T, strided<[s0, ?, ...], offset: ?>>
 *     +------------+------------------+---------------------+-----------------------+
 *     | u64 base   | u64 offset       | u64 size of each    | u64 stride of each    |
 *     | (aligned)  | (only if `?`)    | `?` dim, outer first| `?` stride, outer 1st |
 *     +------------+------------------+---------------------+-----------------------+
 *   index, i64 -> u64;  i32 -> u32;  i16 -> u16;  i8, i1 -> u8;  f32, f64;  f16, bf16 -> b16
 *
 * Each .param entry gets its own 8-byte slot, and kernelParams[i] points at
 * slot i, exactly as cuLaunchKernel and sim_launch expect.
 */
#include "runtime/launch.h"
#include "runtime/progress.h"
#include "runtime/ptxas.h"
#include "driver/vptx.h"

#include "runtime/cuda.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- kernels and their arguments ---- */

/* The kernels of m, in module order: ir/call.c says which functions are (device
   functions and declarations are not launched). */
uint32_t
kernel_list(Module *m, OpId **out)
{
    uint8_t *role = module_func_roles(m);
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    uint32_t n = 0;
    for (uint32_t i = 0; i < funcs.n; i++)
        n += role[funcs.items[i]] == FUNC_KERNEL;
    /* in the module's arena: no limit on the count */
    OpId *ks = n ? arena_alloc(&m->arena, n * sizeof *ks) : NULL;
    for (uint32_t i = 0, k = 0; i < funcs.n; i++)
        if (role[funcs.items[i]] == FUNC_KERNEL)
            ks[k++] = funcs.items[i];
    ir_free(role);
    *out = ks;
    return n;
}

/* The ops that only make sense per thread: eval rejects them (eval/eval.c). */
static bool
per_thread_visit(Module *m, OpId o, void *ctx)
{
    static const OpKind simt_ops[] = {
        OP_THREAD_ID,         OP_LANE_ID,         OP_SUBGROUP_ID,
        OP_SHUFFLE,           OP_SUBGROUP_REDUCE, OP_LDMATRIX,
        OP_MMA_SYNC,          OP_MMA_SP_SYNC,     OP_DYNAMIC_SHARED_MEMORY,
        OP_DEVICE_ASYNC_COPY, OP_WARPGROUP_MMA,   OP_TMA_ASYNC_LOAD,
        OP_MBARRIER_CREATE,   OP_NVVM_SREG,       OP_CLUSTER_ID,
        OP_CLUSTER_BLOCK_ID,  OP_ALL_REDUCE,      OP_PRINTF,
        OP_NVVM_SHFL_SYNC,    OP_NVVM_ELECT_SYNC,
    };
    OpKind k = op_get(m, o)->kind;
    for (size_t i = 0; i < sizeof simt_ops / sizeof simt_ops[0]; i++)
        if (k == simt_ops[i]) {
            *(bool *)ctx = true;
            return false;
        }
    return true;
}

static bool
grid_use_visit(Module *m, OpId o, void *ctx)
{
    const Op *op = op_get(m, o);
    if (op->kind != OP_BLOCK_ID && op->kind != OP_GRID_DIM)
        return true;
    *(OpId *)ctx = o;
    return false;
}

bool
kernel_check_grid(FILE *f, const char *path, const Kernel *k, bool given)
{
    if (given || k->has_grid || k->grid_map || !k->grid_use.line)
        return true;
    fprintf(f,
            "%s:%u:%u: error: kernel '%s' reads the workgroup id, but its grid is not known: "
            "give --grid=X[,Y[,Z]] or add `gpu.known_grid_size = array<i32: X, Y, Z>` to its "
            "attributes\n",
            path, k->grid_use.line, k->grid_use.col, k->name);
    return false;
}

bool
kernel_check_block(const Kernel *k, const int64_t block[3], char *err, size_t n)
{
    if (!k->has_block ||
        (block[0] == k->block[0] && block[1] == k->block[1] && block[2] == k->block[2]))
        return true;
    snprintf(err, n,
             "--block=%lld,%lld,%lld, but kernel '%s' requires block %lld,%lld,%lld (its "
             "gpu.known_block_size or workgroup_size, the PTX's .reqntid): leave --block out or "
             "give --block=%lld,%lld,%lld",
             (long long)block[0], (long long)block[1], (long long)block[2], k->name,
             (long long)k->block[0], (long long)k->block[1], (long long)k->block[2],
             (long long)k->block[0], (long long)k->block[1], (long long)k->block[2]);
    return false;
}

/* gpu.known_block_size / known_grid_size: array<i32: x, y, z>. */
static bool
dims3(Module *m, OpId f, const char *name, const char *alt, int64_t out[3])
{
    const Attr *a = op_attr(m, f, name);
    if (!a)
        a = op_attr(m, f, alt);
    if (!a || a->kind != ATTR_DENSE_ARRAY || !a->ints || a->n == 0 || a->n > 3)
        return false;
    for (uint32_t i = 0; i < 3; i++)
        out[i] = i < a->n ? a->ints[i] : 1;
    return true;
}

static bool
describe_memref(Module *m, const Type *ty, KernelArg *a, char *err, size_t n)
{
    if (ty->memspace != MS_DEFAULT && ty->memspace != MS_GLOBAL) {
        snprintf(err, n, "a memref in memory space %d cannot be a kernel argument", ty->memspace);
        return false;
    }
    if (ty->unranked || ty->rank > LAUNCH_MAX_RANK) {
        snprintf(err, n, "unranked memrefs and ranks above %d are not supported", LAUNCH_MAX_RANK);
        return false;
    }
    if (ty->layout && ty->layout->kind != ATTR_STRIDED) {
        snprintf(err, n, "only identity and strided<> memref layouts can be passed");
        return false;
    }
    a->kind = ARG_MEMREF;
    a->elem = ty->elem;
    a->lanes = 1;
    if (!type_is_scalar(ty->elem)) {
        const Type *v = type_get(m, ty->elem);
        if (v->kind != TY_VECTOR || type_num_elements(m, ty->elem) <= 0) {
            snprintf(err, n, "memref elements must be scalars or static vectors");
            return false;
        }
        a->elem = v->elem;
        a->lanes = (uint32_t)type_num_elements(m, ty->elem);
    }
    if (a->elem == TY_I128) { /* two int64 a element, low half first (docs/check-and-run.md) */
        a->elem = TY_I64;
        a->lanes *= 2;
    }
    a->esize = a->lanes * ((type_bitwidth(a->elem) + 7) / 8);
    a->rank = ty->rank;
    a->offset = ty->layout ? ty->layout->i : 0;
    a->dyn_offset = a->offset == DIM_DYNAMIC;
    a->identity = ty->layout == NULL;
    for (uint32_t d = 0; d < ty->rank; d++) {
        a->shape[d] = ty->shape[d];
        a->dyn_shape[d] = ty->shape[d] == DIM_DYNAMIC;
        a->strides[d] = ty->layout ? ty->layout->ints[d] : 0;
        a->dyn_stride[d] = ty->layout && ty->layout->ints[d] == DIM_DYNAMIC;
    }
    return true;
}

/*
 * A tensor map argument (docs/hopper.md, "Kernel ABI"): its type gives the
 * box (the tensor's shape, outermost first) and the swizzle, L2 promotion,
 * out-of-bound fill and interleave; `vptx.tma_source = N` in its argument
 * attributes names the memref argument whose buffer it maps.
 */
static bool
describe_tensormap(Module *m, OpId func, uint32_t i, const Type *ty, KernelArg *a, char *err,
                   size_t n)
{
    const Attr *all = op_attr(m, func, "arg_attrs");
    const Attr *d = all && all->kind == ATTR_ARRAY && i < all->n ? all->items[i] : NULL;
    const Attr *src = d && (d->kind == ATTR_DICT) ? dict_get(d, "vptx.tma_source") : NULL;
    const Type *box = type_get(m, ty->elem);
    if (!src || src->kind != ATTR_INT || src->i < 0) {
        snprintf(err, n,
                 "a tensor map argument needs {vptx.tma_source = N}: the index of the memref "
                 "argument whose buffer the launcher encodes the map for");
        return false;
    }
    if (box->kind != TY_MEMREF || box->rank < 1 || box->rank > 5) {
        snprintf(err, n, "the tensor map's tensor must be a memref of rank 1 to 5 (TMA's limit)");
        return false;
    }
    a->kind = ARG_TENSORMAP;
    a->tma_source = (uint32_t)src->i;
    a->elem = box->elem;
    a->rank = box->rank;
    for (uint32_t j = 0; j < box->rank; j++)
        a->shape[j] = box->shape[j];
    a->swizzle = ty->swizzle, a->l2promo = ty->l2promo, a->oob = ty->oob;
    a->interleave = ty->interleave;
    return true;
}

/* Formats an error about argument `at` into err (k->err_loc = its location); returns false. */
static bool PRINTF_LIKE(5, 6)
    arg_error(Kernel *k, const KernelArg *at, char *err, size_t n, const char *fmt, ...)
{
    k->err_loc = at->loc;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return false;
}

/*
 * What TMA needs of a tensor map and its memref (ptx-sm90.md 2.1): same
 * element type and rank; the innermost dim contiguous; the base 16-byte
 * aligned; every other stride a multiple of 16 bytes (checked once `sized`,
 * when kernel_set_dims has fixed the dims and strides); box dims 1..256, the
 * inner box row a multiple of 16 bytes and at most the swizzle span.
 */
static bool
tma_check(Kernel *k, bool sized, char *err, size_t n)
{
    static const uint32_t span[] = { 0, 32, 64, 128 };
    for (uint32_t i = 0; i < k->nargs; i++) {
        const KernelArg *t = &k->args[i];
        if (t->kind != ARG_TENSORMAP)
            continue;
        if (t->tma_source >= k->nargs || k->args[t->tma_source].kind != ARG_MEMREF)
            return arg_error(k, t, err, n,
                             "tensor map argument #%u: vptx.tma_source = %u is not a memref "
                             "argument of the kernel",
                             i, t->tma_source);
        const KernelArg *a = &k->args[t->tma_source];
        uint32_t r = t->rank, es = a->esize;
        if (a->lanes != 1 || a->elem != t->elem || a->rank != r)
            return arg_error(k, a, err, n,
                             "argument #%u is given to TMA by tensor map argument #%u, whose "
                             "tensor has another element type or rank: give them the same",
                             t->tma_source, i);
        for (uint32_t d = 0; d < r; d++)
            if (t->shape[d] < 1 || t->shape[d] > 256)
                return arg_error(k, t, err, n,
                                 "tensor map argument #%u: box dim %u is %lld, but TMA takes "
                                 "1..256",
                                 i, d, (long long)t->shape[d]);
        uint64_t inner = (uint64_t)t->shape[r - 1] * es;
        if (inner % 16 || (t->swizzle && t->swizzle <= SWIZZLE_128B && inner > span[t->swizzle]))
            return arg_error(k, t, err, n,
                             "tensor map argument #%u: the inner box row is %llu bytes; TMA "
                             "needs a multiple of 16 bytes, at most the swizzle span",
                             i, (unsigned long long)inner);
        if (!a->identity && !a->dyn_stride[r - 1] && a->strides[r - 1] != 1)
            return arg_error(k, a, err, n,
                             "argument #%u is given to TMA (tensor map argument #%u) but is not "
                             "contiguous: its innermost stride is %lld; TMA needs stride 1 there",
                             t->tma_source, i, (long long)a->strides[r - 1]);
        if (!a->dyn_offset && ((uint64_t)a->offset * es) % 16)
            return arg_error(k, a, err, n,
                             "argument #%u is given to TMA (tensor map argument #%u) but its "
                             "offset of %lld elements (%llu bytes) leaves the base unaligned: "
                             "TMA needs a 16-byte aligned base",
                             t->tma_source, i, (long long)a->offset,
                             (unsigned long long)a->offset * es);
        for (uint32_t d = 0; sized && d + 1 < r; d++)
            if (((uint64_t)a->strides[d] * es) % 16 || a->strides[d] <= 0)
                return arg_error(k, a, err, n,
                                 "argument #%u is given to TMA (tensor map argument #%u) but the "
                                 "stride of its dim %u is %lld bytes: TMA needs a positive "
                                 "multiple of 16",
                                 t->tma_source, i, d, (long long)a->strides[d] * es);
    }
    return true;
}

/* An op-level kernel's vptx.sizes, vptx.grid and vptx.result attributes (tile/kernel.c). */
static bool
describe_sizes(Module *m, OpId func, Kernel *k, char *err, size_t n)
{
    const Attr *sizes = op_attr(m, func, "vptx.sizes");
    const Attr *grid = op_attr(m, func, "vptx.grid");
    const Attr *aa = op_attr(m, func, "arg_attrs");
    if (sizes && sizes->kind == ATTR_ARRAY && sizes->n <= 64) {
        k->nsyms = sizes->n;
        for (uint32_t i = 0; i < sizes->n; i++) {
            const Attr *p = sizes->items[i];
            if (p->kind != ATTR_ARRAY || p->n != 2 || p->items[0]->kind != ATTR_INT ||
                p->items[1]->kind != ATTR_INT ||
                (p->items[0]->i < 0 && p->items[0]->i != OPLEVEL_SYM_SMS) ||
                p->items[0]->i >= (int64_t)k->nargs) {
                snprintf(err, n, "kernel '%s': vptx.sizes entry #%u is not [argument, dim]",
                         k->name, i);
                return false;
            }
            k->sym_arg[i] = (int32_t)p->items[0]->i;
            k->sym_dim[i] = (int32_t)p->items[1]->i;
        }
    }
    if (grid && grid->kind == ATTR_AFFINE_MAP && grid->map->nresults == 3)
        k->grid_map = grid->map;
    for (uint32_t i = 0; aa && aa->kind == ATTR_ARRAY && i < aa->n && i < k->nargs; i++) {
        const Attr *r =
            aa->items[i]->kind == ATTR_DICT ? dict_get(aa->items[i], "vptx.result") : NULL;
        const Attr *sc =
            aa->items[i]->kind == ATTR_DICT ? dict_get(aa->items[i], "vptx.scratch") : NULL;
        if (!r && sc) {
            r = sc;
            k->args[i].scratch = true;
        }
        if (r && r->kind == ATTR_AFFINE_MAP && k->args[i].kind == ARG_MEMREF &&
            r->map->nresults == k->args[i].rank)
            k->args[i].result_shape = r->map;
    }
    const Attr *seq = op_attr(m, func, "vptx.sequence");
    for (uint32_t i = 0; seq && seq->kind == ATTR_ARRAY && seq->n > 1 && i < seq->n; i++)
        if (seq->items[i]->kind == ATTR_SYMBOL && strcmp(seq->items[i]->str, k->name) == 0) {
            k->step = i + 1;
            k->nsteps = seq->n;
        }
    return true;
}

bool
kernel_describe(Module *m, OpId func, uint32_t index, Kernel *k, char *err, size_t n)
{
    memset(k, 0, sizeof *k);
    k->func = func;
    k->index = index;
    const Attr *sym = op_attr(m, func, "sym_name");
    k->name = sym && sym->str ? sym->str : "kernel";
    bool simt = false;
    module_walk(m, func, per_thread_visit, &simt);
    k->vector_level = !simt;
    k->has_block = dims3(m, func, "gpu.known_block_size", "known_block_size", k->block);
    const Attr *ti = op_attr(m, func, "translation_info");
    if (!k->has_block && ti && ti->kind == ATTR_TRANSLATION_INFO && ti->translation->nworkgroup) {
        k->has_block = true;
        for (uint32_t i = 0; i < 3; i++)
            k->block[i] = i < ti->translation->nworkgroup ? ti->translation->workgroup_size[i] : 1;
    }
    k->has_grid = dims3(m, func, "gpu.known_grid_size", "known_grid_size", k->grid);
    OpId use = 0;
    module_walk(m, func, grid_use_visit, &use);
    if (use)
        k->grid_use = op_get(m, use)->loc;

    BlockId entry = op_entry_block(m, func, 0);
    const Attr *ft = op_attr(m, func, "function_type");
    uint32_t nin = ft && ft->kind == ATTR_TYPE ? type_get(m, ft->type)->nins
                   : entry                     ? block_get(m, entry)->args.n
                                               : 0;
    if (!entry) {
        snprintf(err, n, "kernel '%s' has no body", k->name);
        return false;
    }
    k->nargs = nin;
    k->args = calloc(nin ? nin : 1, sizeof *k->args);
    if (!k->args) {
        snprintf(err, n, "out of memory");
        return false;
    }
    for (uint32_t i = 0; i < nin; i++) {
        ValueId v = block_get(m, entry)->args.items[i];
        KernelArg *a = &k->args[i];
        a->type = value_type(m, v);
        a->name = value_get(m, v)->name;
        a->loc = value_get(m, v)->loc;
        const Type *ty = type_get(m, a->type);
        char why[200];
        if (ty->kind == TY_MEMREF) {
            if (!describe_memref(m, ty, a, why, sizeof why)) {
                snprintf(err, n, "kernel '%s' argument #%u: %s", k->name, i, why);
                return false;
            }
        } else if (type_is_scalar(a->type) && a->type != TY_TF32) {
            a->kind = ARG_SCALAR;
            a->elem = a->type;
        } else if (ty->kind == TY_TENSORMAP) {
            if (!describe_tensormap(m, func, i, ty, a, why, sizeof why))
                return arg_error(k, a, err, n, "kernel '%s' argument #%u: %s", k->name, i, why);
        } else {
            snprintf(err, n, "kernel '%s' argument #%u: vptx cannot pass this type to a kernel",
                     k->name, i);
            return false;
        }
    }
    if (!describe_sizes(m, func, k, err, n))
        return false;
    return tma_check(k, false, err, n);
}

void
kernel_print_error(FILE *f, const char *cmd, const char *path, const Kernel *k, const char *err)
{
    if (k->err_loc.line)
        fprintf(f, "%s:%u:%u: error: %s\n", path, k->err_loc.line, k->err_loc.col, err);
    else
        fprintf(f, "vptx %s: error: %s: %s\n", cmd, path, err);
}

void
kernel_free(Kernel *k)
{
    for (uint32_t i = 0; k->args && i < k->nargs; i++) {
        free(k->args[i].host);
        free(k->args[i].tmap);
    }
    free(k->args);
    k->args = NULL;
    k->nargs = 0;
}

/* Strides (static ones stay; identity layouts and `?` strides get row-major ones), span
 * and a zeroed host buffer for memref argument i, once its shape is known. */
static bool
alloc_arg(Kernel *k, uint32_t i, char *err, size_t n)
{
    KernelArg *a = &k->args[i];
    int64_t st = 1;
    for (uint32_t d = a->rank; d-- > 0;) {
        if (a->identity || a->dyn_stride[d])
            a->strides[d] = st;
        st *= a->shape[d];
    }
    if (a->dyn_offset)
        a->offset = 0;
    int64_t last = a->offset;
    bool empty = false;
    for (uint32_t d = 0; d < a->rank; d++) {
        if (a->shape[d] == 0)
            empty = true;
        else
            last += (a->shape[d] - 1) * a->strides[d];
    }
    a->span = empty ? (size_t)a->offset : (size_t)last + 1;
    free(a->host);
    a->host = calloc(a->span ? a->span : 1, a->esize);
    if (!a->host) {
        snprintf(err, n, "out of memory for argument #%u (%zu bytes)", i, a->span * a->esize);
        return false;
    }
    return true;
}

/* An op-level kernel's symbols: their values from the arguments. */
static bool
kernel_syms(const Kernel *k, int64_t *sym, char *err, size_t n)
{
    for (uint32_t s = 0; s < k->nsyms; s++) {
        if (k->sym_arg[s] == OPLEVEL_SYM_SMS) {
            sym[s] = k->sms > 0 ? k->sms : oplevel_sm_count(0, NULL, NULL);
            continue;
        }
        const KernelArg *a = &k->args[k->sym_arg[s]];
        if (k->sym_dim[s] < 0)
            sym[s] = (int64_t)a->bits;
        else if (a->kind == ARG_MEMREF && (uint32_t)k->sym_dim[s] < a->rank)
            sym[s] = a->shape[k->sym_dim[s]];
        else {
            snprintf(err, n, "kernel '%s': vptx.sizes names dim %d of argument #%d, which has none",
                     k->name, k->sym_dim[s], k->sym_arg[s]);
            return false;
        }
    }
    return true;
}

static bool
grid_from_map(Kernel *k, const int64_t *sym, char *err, size_t n)
{
    if (!k->grid_map)
        return true;
    if (k->grid_map->nsyms > k->nsyms || !affine_map_eval(k->grid_map, NULL, sym, k->grid)) {
        snprintf(err, n, "kernel '%s': its vptx.grid does not evaluate", k->name);
        return false;
    }
    k->has_grid = true;
    return true;
}

/* An op-level kernel: the symbols' values from the arguments, then each result
 * buffer's shape and the grid. */
static bool
apply_sizes(Kernel *k, char *err, size_t n)
{
    int64_t sym[64];
    if (!kernel_syms(k, sym, err, n))
        return false;
    for (uint32_t i = 0; i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        if (!a->result_shape)
            continue;
        int64_t shape[LAUNCH_MAX_RANK];
        if (a->result_shape->nsyms > k->nsyms ||
            !affine_map_eval(a->result_shape, NULL, sym, shape)) {
            snprintf(err, n, "kernel '%s': the shape of result argument #%u does not evaluate",
                     k->name, i);
            return false;
        }
        for (uint32_t d = 0; d < a->rank; d++) {
            if (!a->dyn_shape[d] && a->shape[d] != shape[d]) {
                snprintf(err, n,
                         "result argument #%u has dim %u of %lld but the arguments make it %lld", i,
                         d, (long long)a->shape[d], (long long)shape[d]);
                return false;
            }
            a->shape[d] = shape[d];
        }
        if (!alloc_arg(k, i, err, n))
            return false;
    }
    return grid_from_map(k, sym, err, n);
}

bool
kernel_is_earlier_step(Module *m, OpId func)
{
    const Attr *seq = op_attr(m, func, "vptx.sequence"), *name = op_attr(m, func, "sym_name");
    if (!seq || seq->kind != ATTR_ARRAY || !seq->n || !name || !name->str)
        return false;
    const Attr *last = seq->items[seq->n - 1];
    return last->kind != ATTR_SYMBOL || strcmp(last->str, name->str) != 0;
}

bool
kernel_run_earlier_steps(Device *d, Module *m, const char *ptx, const char *name, Kernel *k,
                         const LaunchConfig *cfg, char *err, size_t n)
{
    if (k->step < 2)
        return true;
    const Attr *seq = op_attr(m, k->func, "vptx.sequence");
    OpId *ks;
    uint32_t nk = kernel_list(m, &ks);
    for (uint32_t st = 0; st + 1 < k->step; st++) {
        const char *want = seq->items[st]->str;
        uint32_t idx = nk;
        for (uint32_t i = 0; i < nk; i++) {
            const Attr *s = op_attr(m, ks[i], "sym_name");
            if (s && s->str && strcmp(s->str, want) == 0)
                idx = i;
        }
        if (idx == nk) {
            snprintf(err, n, "kernel '%s': no kernel '%s' (step %u of its vptx.sequence)", k->name,
                     want, st + 1);
            return false;
        }
        Kernel s;
        if (!kernel_describe(m, ks[idx], idx, &s, err, n))
            return false;
        /* the same MLIR arguments: the values and buffers of k's (hidden maps follow) */
        bool ok = true;
        for (uint32_t i = 0; i < s.nargs && i < k->nargs; i++) {
            KernelArg *a = &s.args[i];
            const KernelArg *b = &k->args[i];
            if (a->kind == ARG_TENSORMAP || b->kind == ARG_TENSORMAP)
                break;
            if (a->kind != b->kind || a->elem != b->elem || a->rank != b->rank) {
                snprintf(err, n, "kernel '%s' does not take the arguments of '%s'", want, k->name);
                ok = false;
                break;
            }
            a->bits = b->bits;
            memcpy(a->shape, b->shape, sizeof a->shape);
            memcpy(a->strides, b->strides, sizeof a->strides);
            a->offset = b->offset;
            a->span = b->span;
            a->host = b->host;
        }
        int64_t sym[64];
        char *entry = NULL;
        LaunchResult res;
        s.sms = k->sms;
        LaunchConfig c = *cfg;
        ok = ok && kernel_syms(&s, sym, err, n) && grid_from_map(&s, sym, err, n) &&
             tma_check(&s, true, err, n);
        for (int i = 0; ok && i < 3; i++) {
            c.grid[i] = (unsigned)(s.has_grid ? s.grid[i] : 1);
            c.block[i] = (unsigned)(s.has_block ? s.block[i] : cfg->block[i]);
        }
        if (ok && !(entry = ptx_entry_name(ptx, idx))) {
            snprintf(err, n, "the PTX has no entry #%u for kernel '%s'", idx, want);
            ok = false;
        }
        ok = ok && device_run(d, ptx, name, entry, &s, &c, &res, err, n);
        free(entry);
        for (uint32_t i = 0; i < s.nargs && i < k->nargs; i++)
            if (s.args[i].host == k->args[i].host)
                s.args[i].host = NULL; /* k's */
        kernel_free(&s);
        if (!ok)
            return false;
    }
    return true;
}

bool
kernel_set_dims(Kernel *k, const int64_t *dims, uint32_t ndims, char *err, size_t n)
{
    uint32_t used = 0;
    for (uint32_t i = 0; i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        if (a->kind != ARG_MEMREF || a->result_shape)
            continue;
        for (uint32_t d = 0; d < a->rank; d++) {
            if (!a->dyn_shape[d])
                continue;
            if (ndims == 0) {
                snprintf(err, n,
                         "argument #%u%s%s has a dynamic dim: give its size with --dim N "
                         "(one per '?', in argument order; the last one repeats)",
                         i, a->name ? " %" : "", a->name ? a->name : "");
                return false;
            }
            a->shape[d] = dims[used < ndims ? used : ndims - 1];
            used++;
            if (a->shape[d] < 0) {
                snprintf(err, n, "--dim %lld: sizes must not be negative", (long long)a->shape[d]);
                return false;
            }
        }
        if (!alloc_arg(k, i, err, n))
            return false;
    }
    if (!apply_sizes(k, err, n))
        return false;
    return tma_check(k, true, err, n);
}

size_t
karg_bytes(const KernelArg *a)
{
    return a->span * a->esize;
}

int64_t
karg_count(const KernelArg *a)
{
    int64_t c = 1;
    for (uint32_t d = 0; d < a->rank; d++)
        c *= a->shape[d];
    return c;
}

size_t
karg_elem_offset(const KernelArg *a, int64_t linear)
{
    int64_t off = a->offset;
    for (uint32_t d = a->rank; d-- > 0;) {
        off += (linear % a->shape[d]) * a->strides[d];
        linear /= a->shape[d];
    }
    return (size_t)off * a->esize;
}

/* Packed i4 (docs/check-and-run.md, "i4 buffers"): on the host one element a
 * byte, sign-extended (as the .npy files hold it); on the device two a byte, the lower
 * index in the low nibble, as upstream's narrow-type emulation packs them.  dev_bytes is
 * the device buffer's size, dev_pack makes its image (malloc'd; NULL for other types:
 * the host buffer is the image) and dev_unpack reads one back into the host buffer. */
static size_t
dev_bytes(const KernelArg *a)
{
    /* i4: whole 32-bit words, which a scalar store rewrites (ptxgen/isel_mem.c) */
    return a->elem == TY_I4 ? (karg_bytes(a) + 7) / 8 * 4 : karg_bytes(a);
}

static uint8_t *
dev_pack(const KernelArg *a, bool *oom)
{
    *oom = false;
    if (a->elem != TY_I4)
        return NULL;
    size_t n = karg_bytes(a);
    uint8_t *p = calloc(dev_bytes(a) ? dev_bytes(a) : 1, 1);
    const uint8_t *h = a->host;
    *oom = p == NULL;
    for (size_t i = 0; p && i < n; i++)
        p[i / 2] |= (uint8_t)((h[i] & 15u) << (4 * (i & 1)));
    return p;
}

static void
dev_unpack(KernelArg *a, const uint8_t *p)
{
    uint8_t *h = a->host;
    for (size_t i = 0; i < karg_bytes(a); i++) {
        unsigned nib = (unsigned)(p[i / 2] >> (4 * (i & 1))) & 15u;
        h[i] = (uint8_t)(nib & 8 ? nib | 0xf0u : nib);
    }
}

bool
karg_npy_dtype(TypeId elem, NpyDtype *d)
{
    switch (elem) {
    case TY_F32:
        *d = NPY_F4;
        return true;
    case TY_F16:
        *d = NPY_F2;
        return true;
    case TY_BF16:
    case TY_I16:
        *d = NPY_U2;
        return true;
    case TY_F64:
        *d = NPY_F8;
        return true;
    case TY_I8:
    case TY_I4: /* one element a byte, sign-extended: -8..7 */
        *d = NPY_I1;
        return true;
    case TY_I32:
        *d = NPY_I4;
        return true;
    case TY_I64:
    case TY_INDEX:
        *d = NPY_I8;
        return true;
    case TY_I1:
        *d = NPY_U1;
        return true;
    default:
        return false;
    }
}

bool
karg_fill_npy(const KernelArg *a, const NpyArray *x, void *host, char *err, size_t n)
{
    NpyDtype want;
    if (!karg_npy_dtype(a->elem, &want)) {
        snprintf(err, n, "no .npy dtype for this element type");
        return false;
    }
    if (x->dtype != want) {
        snprintf(err, n, "dtype %s, but the memref needs %s", npy_dtype_descr(x->dtype),
                 npy_dtype_descr(want));
        return false;
    }
    int rank = (int)a->rank + (a->lanes > 1);
    bool ok = x->ndim == rank && (a->lanes == 1 || x->shape[a->rank] == a->lanes);
    for (uint32_t d = 0; ok && d < a->rank; d++)
        ok = x->shape[d] == (size_t)a->shape[d];
    if (!ok) {
        char have[200] = "", need[200] = "";
        size_t h = 0, w = 0;
        for (int d = 0; d < x->ndim && h < sizeof have; d++)
            h += (size_t)snprintf(have + h, sizeof have - h, "%s%zu", d ? ", " : "", x->shape[d]);
        for (uint32_t d = 0; d < a->rank && w < sizeof need; d++)
            w += (size_t)snprintf(need + w, sizeof need - w, "%s%lld", d ? ", " : "",
                                  (long long)a->shape[d]);
        if (a->lanes > 1 && w < sizeof need)
            snprintf(need + w, sizeof need - w, ", %u", a->lanes);
        snprintf(err, n, "the array's shape (%s%s) does not fit the memref's (%s%s)", have,
                 x->ndim == 1 ? "," : "", need, rank == 1 ? "," : "");
        return false;
    }
    int64_t count = karg_count(a);
    for (int64_t e = 0; a->elem == TY_I4 && e < count; e++) {
        int8_t v = ((const int8_t *)x->data)[e];
        if (v < -8 || v > 7) {
            snprintf(err, n, "element %lld is %d: an i4 holds -8..7", (long long)e, v);
            return false;
        }
    }
    for (int64_t e = 0; e < count; e++)
        memcpy((char *)host + karg_elem_offset(a, e), (const char *)x->data + e * a->esize,
               a->esize);
    return true;
}

/* ---- kernelParams ---- */

typedef struct Params {
    uint64_t *slots; /* one 8-byte slot per .param entry */
    void **ptrs;     /* ptrs[i] = &slots[i] (or &wide[2 j]) */
    uint64_t *wide;  /* two 8-byte halves per i128 scalar, the low first */
    uint32_t n;
} Params;

static void
push(Params *p, uint64_t bits)
{
    p->slots[p->n] = bits;
    p->ptrs[p->n] = &p->slots[p->n];
    p->n++;
}

/* Stores `bits` (the ABI width of type t) into the slot so that its first
 * bytes hold the value, whatever the host's byte order. */
static uint64_t
scalar_slot(TypeId t, uint64_t bits)
{
    uint64_t slot = 0;
    unsigned bytes = t == TY_I1 ? 1 : (type_bitwidth(t) + 7) / 8;
    uint8_t b1 = (uint8_t)bits;
    uint16_t b2 = (uint16_t)bits;
    uint32_t b4 = (uint32_t)bits;
    switch (bytes) {
    case 1:
        memcpy(&slot, &b1, 1);
        break;
    case 2:
        memcpy(&slot, &b2, 2);
        break;
    case 4:
        memcpy(&slot, &b4, 4);
        break;
    default:
        slot = bits;
        break;
    }
    return slot;
}

static bool
params_build(const Kernel *k, const uint64_t *devptrs, Params *p)
{
    uint32_t max = 0;
    for (uint32_t i = 0; i < k->nargs; i++)
        max += k->args[i].kind == ARG_MEMREF ? 2 + 2 * k->args[i].rank : 1;
    p->slots = calloc(max ? max : 1, sizeof *p->slots);
    p->ptrs = calloc(max ? max : 1, sizeof *p->ptrs);
    p->wide = calloc(2 * (size_t)k->nargs + 2, sizeof *p->wide);
    p->n = 0;
    if (!p->slots || !p->ptrs || !p->wide)
        return false;
    for (uint32_t i = 0; i < k->nargs; i++) {
        const KernelArg *a = &k->args[i];
        if (a->kind == ARG_SCALAR && a->elem == TY_I128) { /* .param .align 16 .b8 [16] */
            p->wide[2 * i] = a->bits; /* an int64 value, sign-extended (docs/check-and-run.md) */
            p->wide[2 * i + 1] = a->bits >> 63 ? ~(uint64_t)0 : 0;
            p->slots[p->n] = 0;
            p->ptrs[p->n++] = &p->wide[2 * i];
            continue;
        }
        if (a->kind == ARG_SCALAR) {
            push(p, scalar_slot(a->elem, a->bits));
            continue;
        }
        if (a->kind == ARG_TENSORMAP) { /* .param .align 64 .b8 [128]: the map's bytes */
            p->slots[p->n] = 0;
            p->ptrs[p->n++] = a->tmap;
            continue;
        }
        push(p, devptrs[i]);
        if (a->dyn_offset)
            push(p, (uint64_t)a->offset);
        for (uint32_t d = 0; d < a->rank; d++)
            if (a->dyn_shape[d])
                push(p, (uint64_t)a->shape[d]);
        for (uint32_t d = 0; d < a->rank; d++)
            if (a->dyn_stride[d])
                push(p, (uint64_t)a->strides[d]);
    }
    return true;
}

static void
params_free(Params *p)
{
    free(p->slots);
    free(p->wide);
    free(p->ptrs);
}

/* ---- devices ---- */

struct Device {
    DeviceKind kind;
    SimCtx *sim;
    Cuda *cuda;
    char name[300];
};

DeviceStatus
device_open(DeviceKind kind, Device **out, char *err, size_t n)
{
    *out = NULL;
    Device *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, n, "out of memory");
        return DEVICE_ERROR;
    }
    d->kind = kind;
    if (kind == DEV_SIM) {
        d->sim = sim_create();
        if (!d->sim) {
            free(d);
            snprintf(err, n, "out of memory");
            return DEVICE_ERROR;
        }
        snprintf(d->name, sizeof d->name, "sim");
    } else {
        CudaOpenStatus s = cuda_open(&d->cuda, err, n);
        if (s != CUDA_OPEN_OK) {
            free(d);
            return s == CUDA_OPEN_ERROR ? DEVICE_ERROR : DEVICE_UNAVAILABLE;
        }
        snprintf(d->name, sizeof d->name, "cuda, %s, sm_%d", cuda_device_name(d->cuda),
                 cuda_compute_capability(d->cuda));
    }
    *out = d;
    return DEVICE_OK;
}

void
device_close(Device *d)
{
    if (!d)
        return;
    if (d->sim)
        sim_destroy(d->sim);
    cuda_close(d->cuda);
    free(d);
}

DeviceKind
device_kind(const Device *d)
{
    return d->kind;
}

int64_t
device_sm_count(Device *d, const char *timing, const char *target)
{
    return oplevel_sm_count(d && d->kind == DEV_CUDA ? cuda_sm_count(d->cuda) : 0,
                            d && d->kind == DEV_SIM ? timing : NULL, target);
}

const char *
device_name(const Device *d)
{
    return d->name;
}

static bool
sim_failed(Device *d, SimResult r, const char *what, char *err, size_t n)
{
    const char *msg = sim_error(d->sim);
    snprintf(err, n, "sim: %s: %s%s%s", what, sim_result_name(r), msg && *msg ? ": " : "",
             msg ? msg : "");
    return false;
}

/* ---- tensor maps ---- */

static bool
cuda_failed(Device *d, char *err, size_t n)
{
    snprintf(err, n, "%s", cuda_error(d->cuda));
    return false;
}

/* cuTensorMapEncodeTiled's arguments for tensor map argument t (dimension 0 innermost). */
typedef struct TmapArgs {
    unsigned dtype;
    uint32_t rank;
    uint64_t dim[5], stride[5]; /* stride[j-1]: bytes between steps of dimension j */
    uint32_t box[5], estride[5];
    uint64_t offset; /* bytes from the buffer's start to the memref's base */
} TmapArgs;

static bool
tmap_args(const Kernel *k, const KernelArg *t, TmapArgs *ta, char *err, size_t n)
{
    const KernelArg *a = &k->args[t->tma_source];
    /* CUtensorMapDataType (ptx-sm90.md 2.1); the simulator uses the same numbers */
    static const struct {
        TypeId elem;
        unsigned dtype;
    } dtypes[] = { { TY_I8, 0 },
                   { TY_I16, 1 },
                   { TY_I32, 3 },
                   { TY_I64, 5 },
                   { TY_F16, 6 },
                   { TY_F32, 7 },
                   { TY_F64, 8 },
                   { TY_BF16, 9 },
                   /* fp8 as UINT8: TMA copies bytes (ptx-sm90.md, tensorDataType) */
                   { TY_F8E4M3FN, 0 },
                   { TY_F8E5M2, 0 },
                   { TY_F8E4M3FNUZ, 0 },
                   { TY_F8E5M2FNUZ, 0 } };
    size_t i = 0;
    while (i < sizeof dtypes / sizeof dtypes[0] && dtypes[i].elem != a->elem)
        i++;
    if (i == sizeof dtypes / sizeof dtypes[0]) {
        snprintf(err, n, "tensor map argument: TMA has no data type for this element type");
        return false;
    }
    ta->dtype = dtypes[i].dtype;
    ta->rank = t->rank;
    for (uint32_t j = 0; j < t->rank; j++) {
        uint32_t d = t->rank - 1 - j;
        ta->dim[j] = (uint64_t)a->shape[d];
        ta->box[j] = (uint32_t)t->shape[d];
        ta->estride[j] = 1;
        if (j)
            ta->stride[j - 1] = (uint64_t)a->strides[d] * a->esize;
    }
    ta->offset = (uint64_t)a->offset * a->esize;
    return true;
}

/* Encodes every tensor map of k for the device buffers ptrs (sim or CUDA). */
static bool
encode_tmaps(Device *d, Kernel *k, const uint64_t *ptrs, char *err, size_t n)
{
    for (uint32_t i = 0; i < k->nargs; i++) {
        KernelArg *t = &k->args[i];
        if (t->kind != ARG_TENSORMAP)
            continue;
        TmapArgs ta;
        if (!t->tmap)
            t->tmap = aligned_alloc(64, sizeof(SimTensorMap));
        if (!t->tmap) {
            snprintf(err, n, "out of memory");
            return false;
        }
        memset(t->tmap, 0, sizeof(SimTensorMap));
        if (!tmap_args(k, t, &ta, err, n))
            return false;
        bool empty = false;
        for (uint32_t j = 0; j < ta.rank; j++)
            empty = empty || ta.dim[j] == 0;
        if (empty)
            continue; /* no element to map (TMA takes no size 0): a K loop of no trips
                         issues no copy through it; the map stays zero */
        uint64_t base = ptrs[t->tma_source] + ta.offset;
        const KernelArg *a = &k->args[t->tma_source];
        if (base % 16) {
            snprintf(err, n,
                     "argument #%u%s%s is read by TMA (a tensor map of argument #%u) but its "
                     "offset of %llu bytes leaves its base unaligned: TMA needs a 16-byte "
                     "aligned base",
                     t->tma_source, a->name ? " %" : "", a->name ? a->name : "", i,
                     (unsigned long long)ta.offset);
            return false;
        }
        bool unmapped = false;
        for (uint32_t j = 1; j < ta.rank; j++)
            unmapped = unmapped || ta.stride[j - 1] % 16;
        if (unmapped && t->tma_optional)
            continue; /* the kernel takes its register copies for such rows: the map stays zero */
        for (uint32_t j = 1; j < ta.rank; j++)
            if (ta.stride[j - 1] % 16) {
                /* a dynamic size (or stride) the compiler could not check: a wgmma ring
                   reading memref<?x?xf16> needs rows of whole 16-byte pieces (docs/hopper.md) */
                snprintf(err, n,
                         "argument #%u%s%s is read by TMA (a tensor map of argument #%u) but its "
                         "rows are %llu bytes apart: TMA needs a multiple of 16 (for f16 or bf16, "
                         "a row of a multiple of 8 elements); launch it with such sizes, or "
                         "compile with --pipeline-stages=1 (register copies) or for sm_80",
                         t->tma_source, a->name ? " %" : "", a->name ? a->name : "", i,
                         (unsigned long long)ta.stride[j - 1]);
                return false;
            }
        if (d->kind == DEV_SIM) {
            SimResult r = sim_tensor_map_encode_tiled(t->tmap, ta.dtype, ta.rank, base, ta.dim,
                                                      ta.stride, ta.box, ta.estride, t->interleave,
                                                      t->swizzle, t->l2promo, t->oob);
            char why[200] = "";
            if (r != SIM_OK) {
                sim_tensor_map_check(ta.dtype, ta.rank, base, ta.dim, ta.stride, ta.box, ta.estride,
                                     t->interleave, t->swizzle, t->l2promo, t->oob, why,
                                     sizeof why);
                snprintf(err, n, "sim: encoding the tensor map of argument #%u: %s", i, why);
                return false;
            }
        } else if (!cuda_tensor_map_encode(d->cuda, t->tmap, ta.dtype, ta.rank, base, ta.dim,
                                           ta.stride, ta.box, ta.estride, t->interleave, t->swizzle,
                                           t->l2promo, t->oob)) {
            return cuda_failed(d, err, n);
        }
    }
    return true;
}

/* The earlier memref argument whose host buffer memref argument i shares, or -1: such
 * arguments (views of one allocation, from host code) share one device buffer, copied in
 * and out once, so that what the kernel writes through one the others see.  The first
 * one's karg_bytes must cover them all. */
static int
same_buffer(const Kernel *k, uint32_t i)
{
    for (uint32_t j = 0; j < i; j++)
        if (k->args[j].kind == ARG_MEMREF && k->args[j].host == k->args[i].host)
            return (int)j;
    return -1;
}

/* The entry takes np parameters, the kernel's arguments and its hidden ones make given. */
static bool
param_count_error(const char *entry, int np, const Kernel *k, uint32_t given, char *err, size_t n)
{
    snprintf(err, n,
             "entry '%s' has %d parameters, but the arguments of kernel '%s' and the hidden ones "
             "of its '// vptx:' lines make %u",
             entry, np, k->name, given);
    return false;
}

/* The sim half of device_run. */
static bool
run_sim(Device *d, const char *ptx, const char *name, const char *entry, Kernel *k,
        const LaunchConfig *cfg, LaunchResult *res, char *err, size_t n)
{
    SimModule *mod = NULL;
    SimFunc *fn = NULL;
    SimResult r = sim_module_load(d->sim, ptx, name, &mod);
    if (r != SIM_OK)
        return sim_failed(d, r, "loading the PTX", err, n);
    if ((r = sim_module_get_function(mod, entry, &fn)) != SIM_OK) {
        sim_module_unload(mod);
        return sim_failed(d, r, "no such entry", err, n);
    }
    uint64_t *ptrs = calloc(k->nargs ? k->nargs : 1, sizeof *ptrs);
    bool ok = ptrs != NULL;
    for (uint32_t i = 0; ok && i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        if (a->kind != ARG_MEMREF)
            continue;
        int same = same_buffer(k, i);
        if (same >= 0) {
            ptrs[i] = ptrs[same];
            continue;
        }
        SimDevPtr p = 0;
        bool oom;
        uint8_t *img = dev_pack(a, &oom);
        /* an empty array gets an empty allocation: a fault through it says so */
        if (oom) {
            snprintf(err, n, "out of memory");
            ok = false;
        } else if ((r = dev_bytes(a) ? sim_mem_alloc(d->sim, &p, dev_bytes(a))
                                     : sim_mem_alloc_empty(d->sim, &p)) != SIM_OK ||
                   (r = sim_memcpy_htod(d->sim, p, img ? img : a->host, dev_bytes(a))) != SIM_OK)
            ok = sim_failed(d, r, "allocating and copying an argument", err, n);
        free(img);
        ptrs[i] = p;
    }
    Params par = { 0 };
    if (ok)
        ok = encode_tmaps(d, k, ptrs, err, n);
    if (ok && !params_build(k, ptrs, &par)) {
        snprintf(err, n, "out of memory");
        ok = false;
    }
    if (ok && (int)par.n != sim_func_param_count(fn)) /* the device reads each one */
        ok = param_count_error(entry, sim_func_param_count(fn), k, par.n, err, n);
    res->timed = false;
    if (ok && (r = sim_set_timing(d->sim, cfg->timing)) != SIM_OK)
        ok = sim_failed(d, r, "timing model", err, n);
    if (ok && cfg->timing)
        ptxas_timing_regs(d->sim, ptx, entry, 0);
    if (ok)
        sim_set_option(d->sim, SIM_OPT_TIMING_SAMPLE, cfg->timing ? cfg->timing_sample : 0);
    Progress pr;
    char what[300];
    snprintf(what, sizeof what, "%s on the simulator%s", entry, cfg->timing ? " with timing" : "");
    progress_begin(&pr, cfg->progress ? cfg->progress : "vptx", what);
    if (cfg->progress)
        sim_set_progress(d->sim, progress_update, &pr);
    if (ok && (r = sim_launch(fn, cfg->grid[0], cfg->grid[1], cfg->grid[2], cfg->block[0],
                              cfg->block[1], cfg->block[2], cfg->shared_bytes, par.ptrs)) != SIM_OK)
        ok = sim_failed(d, r, "launch", err, n);
    sim_set_progress(d->sim, NULL, NULL);
    progress_end(&pr);
    if (ok)
        sim_stats(d->sim, &res->stats);
    if (*sim_printf_output(d->sim) && cfg->printf_out) /* device printf, even after a fault */
        fputs(sim_printf_output(d->sim), cfg->printf_out);
    sim_printf_clear(d->sim);
    if (ok && cfg->timing)
        res->timed = sim_timing(d->sim, &res->timing) == SIM_OK;
    for (uint32_t i = 0; ok && i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        if (a->kind != ARG_MEMREF || same_buffer(k, i) >= 0)
            continue;
        uint8_t *img = a->elem == TY_I4 ? malloc(dev_bytes(a) ? dev_bytes(a) : 1) : NULL;
        if (a->elem == TY_I4 && !img) {
            snprintf(err, n, "out of memory");
            ok = false;
        } else if ((r = sim_memcpy_dtoh(d->sim, img ? (void *)img : a->host, ptrs[i],
                                        dev_bytes(a))) != SIM_OK)
            ok = sim_failed(d, r, "copying a result back", err, n);
        else if (img)
            dev_unpack(a, img);
        free(img);
    }
    for (uint32_t i = 0; ptrs && i < k->nargs; i++)
        if (ptrs[i] && (k->args[i].kind != ARG_MEMREF || same_buffer(k, i) < 0))
            sim_mem_free(d->sim, ptrs[i]);
    params_free(&par);
    free(ptrs);
    sim_module_unload(mod);
    return ok;
}

/* The CUDA half of device_run. */
static bool
run_cuda(Device *d, const char *ptx, const char *entry, Kernel *k, const LaunchConfig *cfg,
         LaunchResult *res, char *err, size_t n)
{
    void *mod = NULL, *fn = NULL;
    if (!cuda_module_load(d->cuda, ptx, &mod))
        return cuda_failed(d, err, n);
    if (!cuda_module_get_function(d->cuda, mod, entry, &fn)) {
        cuda_failed(d, err, n);
        cuda_module_unload(d->cuda, mod);
        return false;
    }
    uint64_t *ptrs = calloc(k->nargs ? k->nargs : 1, sizeof *ptrs);
    bool ok = ptrs != NULL;
    for (uint32_t i = 0; ok && i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        if (a->kind != ARG_MEMREF)
            continue;
        int same = same_buffer(k, i);
        if (same >= 0) {
            ptrs[i] = ptrs[same];
            continue;
        }
        bool oom;
        uint8_t *img = dev_pack(a, &oom);
        ok = !oom && cuda_mem_alloc(d->cuda, &ptrs[i], dev_bytes(a)) &&
             cuda_memcpy_htod(d->cuda, ptrs[i], img ? img : a->host, dev_bytes(a));
        free(img);
        if (oom)
            snprintf(err, n, "out of memory");
        else if (!ok)
            cuda_failed(d, err, n);
    }
    Params par = { 0 };
    if (ok)
        ok = encode_tmaps(d, k, ptrs, err, n);
    if (ok && !params_build(k, ptrs, &par)) {
        snprintf(err, n, "out of memory");
        ok = false;
    }
    int np = ok ? cuda_func_param_sizes(d->cuda, fn, NULL, 0) : -1; /* -1: the driver cannot say */
    if (ok && np >= 0 && (uint32_t)np != par.n)
        ok = param_count_error(entry, np, k, par.n, err, n);
    if (ok &&
        !cuda_launch(d->cuda, fn, cfg->grid, cfg->block, cfg->shared_bytes, par.ptrs, &res->ms))
        ok = cuda_failed(d, err, n);
    for (uint32_t i = 0; ok && i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        if (a->kind != ARG_MEMREF || same_buffer(k, i) >= 0)
            continue;
        uint8_t *img = a->elem == TY_I4 ? malloc(dev_bytes(a) ? dev_bytes(a) : 1) : NULL;
        if (a->elem == TY_I4 && !img) {
            snprintf(err, n, "out of memory");
            ok = false;
        } else if (!cuda_memcpy_dtoh(d->cuda, img ? (void *)img : a->host, ptrs[i], dev_bytes(a)))
            ok = cuda_failed(d, err, n);
        else if (img)
            dev_unpack(a, img);
        free(img);
    }
    for (uint32_t i = 0; ptrs && i < k->nargs; i++)
        if (ptrs[i] && (k->args[i].kind != ARG_MEMREF || same_buffer(k, i) < 0))
            cuda_mem_free(d->cuda, ptrs[i]);
    params_free(&par);
    free(ptrs);
    cuda_module_unload(d->cuda, mod);
    return ok;
}

/*
 * The tensor maps the compiler added after the kernel's own parameters (a wgmma K
 * loop fed by a TMA ring, docs/hopper.md), from the entry's `// vptx:` lines, in
 * parameter order, into out (e->nhidden entries); each gets kind, source, box, swizzle
 * and its source's element type.  False with a message for a line naming an argument
 * that is not a memref.
 */
static bool
hidden_tmaps(const PtxEntryNotes *e, const Kernel *k, KernelArg *out, char *err, size_t n)
{
    for (uint32_t i = 0; i < e->nhidden; i++) {
        const HiddenTmap *h = &e->hidden[i];
        uint32_t a = h->arg;
        if (a >= k->nargs || k->args[a].kind != ARG_MEMREF) {
            snprintf(err, n,
                     "entry '%s' has a hidden tensor map of argument %u, which is not a "
                     "memref argument of kernel '%s'",
                     e->name, a, k->name);
            return false;
        }
        KernelArg *t = &out[i];
        memset(t, 0, sizeof *t);
        t->kind = ARG_TENSORMAP;
        t->tma_source = a;
        t->elem = k->args[a].elem;
        t->rank = 2;
        t->shape[0] = h->box[0];
        t->shape[1] = h->box[1];
        t->swizzle = h->swizzle == 128  ? SWIZZLE_128B
                     : h->swizzle == 64 ? SWIZZLE_64B
                     : h->swizzle == 32 ? SWIZZLE_32B
                                        : SWIZZLE_NONE;
        t->oob = OOB_ZERO;
        t->loc = k->args[a].loc;
        /* the kernel tests the rows and takes register copies when TMA cannot map them */
        t->tma_optional = h->optional;
    }
    return true;
}

/* device_run once the entry's notes are read. */
static bool
run_with_notes(Device *d, const char *ptx, const char *name, const PtxEntryNotes *e, Kernel *k,
               const LaunchConfig *cfg, LaunchResult *res, char *err, size_t n)
{
    LaunchConfig c = *cfg; /* at least the dynamic shared memory the kernel says it needs */
    if (e->dynamic_smem > c.shared_bytes)
        c.shared_bytes = e->dynamic_smem;
    if (e->block_threads) /* with a producer warpgroup */
        c.block[0] = e->block_threads;
    KernelArg hid[PTX_MAX_HIDDEN + 3];
    uint32_t nh = e->nhidden;
    if (!hidden_tmaps(e, k, hid, err, n))
        return false;
    if (e->grid_param >= 0) {
        /* a persistent kernel: cfg->grid is the logical grid, which the kernel loops over
           (docs/hopper.md, section 2); a 1-d grid of at most one workgroup per SM runs */
        unsigned max = cfg->persistent_workgroups;
        if (!max && d->kind == DEV_CUDA)
            max = (unsigned)cuda_sm_count(d->cuda);
        for (int j = 0; j < 3; j++) {
            memset(&hid[nh], 0, sizeof hid[nh]);
            hid[nh].kind = ARG_SCALAR;
            hid[nh].type = hid[nh].elem = TY_I32;
            hid[nh++].bits = cfg->grid[j];
        }
        c.grid[0] = vptx_persistent_workgroups(cfg->grid, max);
        c.grid[1] = c.grid[2] = 1;
    }
    Kernel kk = *k; /* the kernel's arguments, then the hidden maps (memref buffers shared) */
    if (nh) {
        kk.args = malloc((k->nargs + nh) * sizeof *kk.args);
        if (!kk.args) {
            snprintf(err, n, "out of memory");
            return false;
        }
        memcpy(kk.args, k->args, k->nargs * sizeof *kk.args);
        memcpy(kk.args + k->nargs, hid, nh * sizeof *hid);
        kk.nargs = k->nargs + nh;
    }
    bool ok = d->kind == DEV_SIM ? run_sim(d, ptx, name, e->name, &kk, &c, res, err, n)
                                 : run_cuda(d, ptx, e->name, &kk, &c, res, err, n);
    if (nh) {
        memcpy(k->args, kk.args, k->nargs * sizeof *kk.args); /* maps allocated for k's own */
        for (uint32_t i = k->nargs; i < kk.nargs; i++)
            free(kk.args[i].tmap);
        free(kk.args);
    }
    return ok;
}

bool
device_run(Device *d, const char *ptx, const char *name, const char *entry, Kernel *k,
           const LaunchConfig *cfg, LaunchResult *res, char *err, size_t n)
{
    memset(res, 0, sizeof *res);
    PtxNotes notes;
    if (!ptx_notes_parse(ptx, name, &notes)) {
        snprintf(err, n, "out of memory");
        return false;
    }
    const PtxEntryNotes *e = ptx_notes_find(&notes, entry);
    PtxEntryNotes none = { .name = (char *)entry, .grid_param = -1 };
    bool ok = false;
    if (e && e->error)
        snprintf(err, n, "%s", e->error);
    else
        ok = run_with_notes(d, ptx, name, e ? e : &none, k, cfg, res, err, n);
    ptx_notes_free(&notes);
    return ok;
}

/* ---- the simulator's limits ---- */

void
sim_limits_init(SimLimits *l)
{
    l->max_insts = SIM_DEFAULT_MAX_INSTRUCTIONS;
    l->timeout_ms = SIM_DEFAULT_TIMEOUT_MS;
    l->bad = false;
}

void
sim_limits_apply(SimCtx *sim, const SimLimits *l)
{
    sim_set_option(sim, SIM_OPT_MAX_INSTRUCTIONS, l->max_insts);
    sim_set_option(sim, SIM_OPT_TIMEOUT_MS, l->timeout_ms);
}

void
device_set_limits(Device *d, const SimLimits *l)
{
    if (d && d->sim)
        sim_limits_apply(d->sim, l);
}
