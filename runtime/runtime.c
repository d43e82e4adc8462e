/*
 * runtime.c -- the runtime C API (vptx_runtime.h): contexts, modules, device
 * memory and launches on the simulator (sim/sim.h) or the CUDA driver
 * (runtime/cuda.h, loaded with dlopen on first use).
 *
 * Each public call checks its arguments first (NULL handles, handles of another
 * context, zero sizes, zero grid or block dimensions), then forwards to the
 * device and turns the device's failure into a VptxStatus plus the device's own
 * message in ctx->error.  The context owns its modules (a list, unloaded by
 * vptx_context_destroy); device memory goes with the device context.
 *
 * Hidden tensor maps (docs/runtime-api.md): vptx_module_load reads the `// vptx:`
 * lines above every entry once (runtime/ptxnotes.c); vptx_module_get_function checks an
 * entry's lines against its parameters as the device parsed them (the simulator's
 * entry table, cuFuncGetParamInfo), so that the text never decides how many of the
 * caller's params are read; vptx_launch_memrefs encodes one map per line from the
 * caller's VptxMemref of that argument and appends it after the caller's params.
 */
#include "driver/vptx_runtime.h"

#include "runtime/cuda.h"
#include "runtime/launch.h"
#include "runtime/ptxas.h"
#include "driver/vptx.h"
#include "sim/sim.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ERROR_SIZE 4096

struct VptxFunction {
    VptxModule *mod;
    char *name;
    SimFunc *sim;                      /* VPTX_DEVICE_SIM */
    void *cuda;                        /* VPTX_DEVICE_CUDA: a CUfunction */
    HiddenTmap hidden[PTX_MAX_HIDDEN]; /* the tensor maps the compiler appended to its
                                          parameters */
    uint32_t nhidden;
    uint32_t ngrid;   /* 3: a persistent kernel's logical grid follows the maps (.u32 x, y, z) */
    int own;          /* the parameters the caller passes (the device's count less the hidden
                         ones); -1: unknown (a CUDA driver before 12.4, no hidden ones) */
    long timing_regs; /* sim with a timing model: ptxas -v's registers, 0 none (the model's
                         estimate), -1 not asked yet */
    OpLevelHeader *oplevel; /* an op-level kernel's sizes / grid / result lines, or NULL */
    unsigned reqntid[3];    /* its .reqntid, 0s when none */
    VptxFunction *next;
};

static void entry_reqntid(const char *ptx, const char *name, unsigned out[3]);

struct VptxModule {
    VptxContext *ctx;
    SimModule *sim;          /* VPTX_DEVICE_SIM */
    void *cuda;              /* VPTX_DEVICE_CUDA: a CUmodule */
    PtxNotes notes;          /* the `// vptx:` lines of every entry, read at load */
    char *ptx;               /* the text (ptxas -v's registers, op-level headers) */
    VptxFunction **by_entry; /* notes.entries[i]'s function once asked for, else NULL */
    VptxFunction *functions;
    VptxModule *next;
};

struct VptxContext {
    VptxDeviceKind kind;
    bool usable; /* false after a failed vptx_context_create */
    SimCtx *sim;
    Cuda *cuda;
    VptxModule *modules;
    bool launched;
    VptxLaunchInfo last;
    bool timing;         /* sim: a timing model is set (vptx_context_set_timing) */
    char timing_gpu[16]; /* its name, for the SM count of an op-level grid */
    char name[300];
    char error[ERROR_SIZE];
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static VptxStatus
fail(VptxContext *ctx, VptxStatus s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->error, sizeof ctx->error, fmt, ap);
    va_end(ap);
    return s;
}

static VptxStatus
ok(VptxContext *ctx)
{
    ctx->error[0] = 0;
    return VPTX_OK;
}

/* A failed sim call: its status, and sim_error()'s message after `what`. */
static VptxStatus
sim_fail(VptxContext *ctx, SimResult r, VptxStatus invalid, const char *what)
{
    static const VptxStatus map[] = {
        [SIM_OK] = VPTX_OK,
        [SIM_ERR_INVALID_VALUE] = VPTX_ERR_INVALID_ARGUMENT,
        [SIM_ERR_OUT_OF_MEMORY] = VPTX_ERR_OUT_OF_MEMORY,
        [SIM_ERR_PTX] = VPTX_ERR_INVALID_PTX,
        [SIM_ERR_NOT_FOUND] = VPTX_ERR_NOT_FOUND,
        [SIM_ERR_LAUNCH] = VPTX_ERR_LAUNCH,
        [SIM_ERR_FAULT] = VPTX_ERR_KERNEL_FAULT,
    };
    VptxStatus s = (unsigned)r < sizeof map / sizeof map[0] ? map[r] : VPTX_ERR_DEVICE;
    if (r == SIM_ERR_INVALID_VALUE)
        s = invalid;
    const char *msg = sim_error(ctx->sim);
    /* the limits, in this API's words (the simulator's message names no option) */
    const char *hint = !msg                                         ? ""
                       : strstr(msg, "error: instruction limit of") ? "; raise the limit with "
                                                                      "vptx_context_set_limits "
                                                                      "(max_instructions, 0: none)"
                       : strstr(msg, "error: time limit of")        ? "; raise the limit with "
                                                                      "vptx_context_set_limits "
                                                                      "(timeout_ms, 0: none)"
                                                                    : "";
    return fail(ctx, s, "%s: %s%s", what, msg && *msg ? msg : sim_result_name(r), hint);
}

static VptxStatus
cuda_fail(VptxContext *ctx, VptxStatus s)
{
    return fail(ctx, s, "%s", cuda_error(ctx->cuda));
}

/* The checks every call but create starts with. */
static bool
usable(const VptxContext *ctx)
{
    return ctx && ctx->usable;
}

#define CHECK_CTX(ctx)                                                                             \
    do {                                                                                           \
        if (!usable(ctx))                                                                          \
            return VPTX_ERR_INVALID_ARGUMENT;                                                      \
    } while (0)

const char *
vptx_status_name(VptxStatus s)
{
    static const char *const names[] = {
        [VPTX_OK] = "VPTX_OK",
        [VPTX_ERR_INVALID_ARGUMENT] = "VPTX_ERR_INVALID_ARGUMENT",
        [VPTX_ERR_UNAVAILABLE] = "VPTX_ERR_UNAVAILABLE",
        [VPTX_ERR_OUT_OF_MEMORY] = "VPTX_ERR_OUT_OF_MEMORY",
        [VPTX_ERR_INVALID_PTX] = "VPTX_ERR_INVALID_PTX",
        [VPTX_ERR_NOT_FOUND] = "VPTX_ERR_NOT_FOUND",
        [VPTX_ERR_INVALID_ADDRESS] = "VPTX_ERR_INVALID_ADDRESS",
        [VPTX_ERR_LAUNCH] = "VPTX_ERR_LAUNCH",
        [VPTX_ERR_KERNEL_FAULT] = "VPTX_ERR_KERNEL_FAULT",
        [VPTX_ERR_DEVICE] = "VPTX_ERR_DEVICE",
    };
    if ((unsigned)s < sizeof names / sizeof names[0] && names[s])
        return names[s];
    return "unknown VptxStatus";
}

/* ---- contexts ---- */

VptxStatus
vptx_context_create(VptxDeviceKind kind, VptxContext **out)
{
    if (!out)
        return VPTX_ERR_INVALID_ARGUMENT;
    VptxContext *ctx = calloc(1, sizeof *ctx);
    *out = ctx;
    if (!ctx)
        return VPTX_ERR_OUT_OF_MEMORY;
    ctx->kind = kind;
    if (kind == VPTX_DEVICE_SIM) {
        ctx->sim = sim_create();
        if (!ctx->sim)
            return fail(ctx, VPTX_ERR_OUT_OF_MEMORY, "out of memory creating the simulator");
        snprintf(ctx->name, sizeof ctx->name, "sim");
    } else if (kind == VPTX_DEVICE_CUDA) {
        char msg[2048];
        CudaOpenStatus s = cuda_open(&ctx->cuda, msg, sizeof msg);
        if (s != CUDA_OPEN_OK)
            return fail(ctx, s == CUDA_OPEN_ERROR ? VPTX_ERR_DEVICE : VPTX_ERR_UNAVAILABLE, "%s",
                        msg);
        snprintf(ctx->name, sizeof ctx->name, "cuda, %s, sm_%d", cuda_device_name(ctx->cuda),
                 cuda_compute_capability(ctx->cuda));
    } else {
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "unknown device kind %d (expected VPTX_DEVICE_SIM or VPTX_DEVICE_CUDA)",
                    (int)kind);
    }
    ctx->usable = true;
    return ok(ctx);
}

/* Frees mod's functions, its notes and mod itself (the device module is unloaded). */
static void
free_module(VptxModule *mod)
{
    for (VptxFunction *f = mod->functions, *next; f; f = next) {
        next = f->next;
        free(f->name);
        free(f->oplevel);
        free(f);
    }
    ptx_notes_free(&mod->notes);
    free(mod->by_entry);
    free(mod->ptx);
    free(mod);
}

void
vptx_context_destroy(VptxContext *ctx)
{
    if (!ctx)
        return;
    for (VptxModule *m = ctx->modules, *next; m; m = next) {
        next = m->next;
        if (m->sim)
            sim_module_unload(m->sim);
        if (m->cuda)
            cuda_module_unload(ctx->cuda, m->cuda);
        free_module(m);
    }
    if (ctx->sim)
        sim_destroy(ctx->sim);
    cuda_close(ctx->cuda);
    free(ctx);
}

const char *
vptx_context_error(const VptxContext *ctx)
{
    return ctx ? ctx->error : "no context (NULL)";
}

const char *
vptx_context_device_name(const VptxContext *ctx)
{
    return ctx ? ctx->name : "";
}

/* ---- modules ---- */

VptxStatus
vptx_module_load(VptxContext *ctx, const char *ptx, VptxModule **out)
{
    CHECK_CTX(ctx);
    if (!out)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT, "vptx_module_load: out is NULL");
    *out = NULL;
    if (!ptx)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT, "vptx_module_load: ptx is NULL");
    VptxModule *m = calloc(1, sizeof *m);
    if (!m || !ptx_notes_parse(ptx, "<ptx>", &m->notes) ||
        !(m->by_entry = calloc(m->notes.n ? m->notes.n : 1, sizeof *m->by_entry))) {
        if (m)
            free_module(m);
        return fail(ctx, VPTX_ERR_OUT_OF_MEMORY, "out of memory");
    }
    m->ctx = ctx;
    if (!(m->ptx = malloc(strlen(ptx) + 1))) {
        free_module(m);
        return fail(ctx, VPTX_ERR_OUT_OF_MEMORY, "out of memory");
    }
    strcpy(m->ptx, ptx);
    if (ctx->kind == VPTX_DEVICE_SIM) {
        SimResult r = sim_module_load(ctx->sim, ptx, "<ptx>", &m->sim);
        if (r != SIM_OK) {
            free_module(m);
            return sim_fail(ctx, r, VPTX_ERR_INVALID_PTX, "loading the PTX");
        }
    } else if (!cuda_module_load(ctx->cuda, ptx, &m->cuda)) {
        free_module(m);
        return cuda_fail(ctx, VPTX_ERR_INVALID_PTX);
    }
    m->next = ctx->modules;
    ctx->modules = m;
    *out = m;
    return ok(ctx);
}

/* Unlinks mod from ctx's list; false if it is not one of ctx's modules. */
static bool
unlink_module(VptxContext *ctx, VptxModule *mod)
{
    for (VptxModule **p = &ctx->modules; *p; p = &(*p)->next)
        if (*p == mod) {
            *p = mod->next;
            return true;
        }
    return false;
}

VptxStatus
vptx_module_unload(VptxContext *ctx, VptxModule *mod)
{
    CHECK_CTX(ctx);
    if (!mod)
        return ok(ctx);
    if (mod->ctx != ctx || !unlink_module(ctx, mod))
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_module_unload: the module does not belong to this context");
    bool done = true;
    if (mod->sim)
        done = sim_module_unload(mod->sim) == SIM_OK;
    if (mod->cuda)
        done = cuda_module_unload(ctx->cuda, mod->cuda);
    free_module(mod);
    return done ? ok(ctx) : fail(ctx, VPTX_ERR_DEVICE, "unloading the module failed");
}

/* The parameters of f as the device parsed them, checked against the entry's
   `// vptx:` lines e (NULL: none): f's own count, hidden maps and grid. */
static VptxStatus
function_params(VptxContext *ctx, VptxFunction *f, const PtxEntryNotes *e)
{
    int n;
    uint32_t *sizes = NULL;
    if (ctx->kind == VPTX_DEVICE_SIM) {
        n = sim_func_param_count(f->sim);
        sizes = malloc(((size_t)n + 1) * sizeof *sizes);
        for (int i = 0; sizes && i < n; i++) {
            SimParamInfo p;
            sim_func_param_info(f->sim, i, &p);
            sizes[i] = p.size;
        }
    } else {
        n = cuda_func_param_sizes(ctx->cuda, f->cuda, NULL, 0);
        sizes = n >= 0 ? malloc(((size_t)n + 1) * sizeof *sizes) : NULL;
        if (sizes)
            cuda_func_param_sizes(ctx->cuda, f->cuda, sizes, (uint32_t)n);
    }
    bool hidden = e && (e->nhidden || e->grid_param >= 0);
    if (n < 0) { /* a CUDA driver that cannot say: fine unless the lines need it */
        f->own = -1;
        return hidden ? fail(ctx, VPTX_ERR_DEVICE,
                             "vptx_module_get_function: kernel '%s' takes hidden parameters, and "
                             "%s",
                             f->name, cuda_error(ctx->cuda))
                      : VPTX_OK;
    }
    if (!sizes)
        return fail(ctx, VPTX_ERR_OUT_OF_MEMORY, "out of memory");
    char err[512];
    uint32_t own = (uint32_t)n;
    VptxStatus s = VPTX_OK;
    if (e && !ptx_notes_check(e, sizes, (uint32_t)n, &own, err, sizeof err))
        s = fail(ctx, VPTX_ERR_INVALID_PTX, "vptx_module_get_function: %s", err);
    free(sizes);
    if (s != VPTX_OK)
        return s;
    f->own = (int)own;
    if (e) {
        memcpy(f->hidden, e->hidden, sizeof f->hidden);
        f->nhidden = e->nhidden;
        f->ngrid = e->grid_param >= 0 ? 3 : 0;
    }
    return VPTX_OK;
}

VptxStatus
vptx_module_get_function(VptxContext *ctx, VptxModule *mod, const char *name, VptxFunction **out)
{
    CHECK_CTX(ctx);
    if (!out)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT, "vptx_module_get_function: out is NULL");
    *out = NULL;
    if (!mod || mod->ctx != ctx)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_module_get_function: the module is NULL or not of this context");
    if (!name)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT, "vptx_module_get_function: name is NULL");
    const PtxEntryNotes *e = ptx_notes_find(&mod->notes, name);
    VptxFunction **slot = e ? &mod->by_entry[e - mod->notes.entries] : NULL;
    if (slot && *slot) {
        *out = *slot;
        return ok(ctx);
    }
    for (VptxFunction *f = mod->functions; !e && f; f = f->next) /* no .entry line seen */
        if (strcmp(f->name, name) == 0) {
            *out = f;
            return ok(ctx);
        }
    if (e && e->error)
        return fail(ctx, VPTX_ERR_INVALID_PTX, "%s", e->error);
    VptxFunction *f = calloc(1, sizeof *f);
    char *copy = malloc(strlen(name) + 1);
    if (!f || !copy) {
        free(f);
        free(copy);
        return fail(ctx, VPTX_ERR_OUT_OF_MEMORY, "out of memory");
    }
    strcpy(copy, name);
    f->name = copy;
    f->mod = mod;
    f->timing_regs = -1;
    OpLevelHeader h;
    if (ptx_op_level_header(mod->ptx, name, &h) && (f->oplevel = malloc(sizeof h)))
        *f->oplevel = h;
    entry_reqntid(mod->ptx, name, f->reqntid);
    VptxStatus status = VPTX_OK;
    if (ctx->kind == VPTX_DEVICE_SIM) {
        SimResult r = sim_module_get_function(mod->sim, name, &f->sim);
        if (r == SIM_ERR_NOT_FOUND)
            status = fail(ctx, VPTX_ERR_NOT_FOUND, "the module has no kernel named '%s'", name);
        else if (r != SIM_OK)
            status = sim_fail(ctx, r, VPTX_ERR_INVALID_ARGUMENT, "vptx_module_get_function");
    } else if (!cuda_module_get_function(ctx->cuda, mod->cuda, name, &f->cuda)) {
        status = cuda_fail(ctx, VPTX_ERR_NOT_FOUND);
    }
    if (status == VPTX_OK)
        status = function_params(ctx, f, e);
    if (status != VPTX_OK) {
        free(copy);
        free(f->oplevel);
        free(f);
        return status;
    }
    f->next = mod->functions;
    mod->functions = f;
    if (slot)
        *slot = f;
    *out = f;
    return ok(ctx);
}

/* ---- memory ---- */

VptxStatus
vptx_mem_alloc(VptxContext *ctx, size_t bytes, VptxDevicePtr *out)
{
    CHECK_CTX(ctx);
    if (!out)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT, "vptx_mem_alloc: out is NULL");
    *out = 0;
    if (bytes == 0)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT, "vptx_mem_alloc of 0 bytes");
    if (ctx->kind == VPTX_DEVICE_SIM) {
        SimResult r = sim_mem_alloc(ctx->sim, out, bytes);
        return r == SIM_OK ? ok(ctx)
                           : sim_fail(ctx, r, VPTX_ERR_INVALID_ARGUMENT, "vptx_mem_alloc");
    }
    return cuda_mem_alloc(ctx->cuda, out, bytes) ? ok(ctx) : cuda_fail(ctx, VPTX_ERR_OUT_OF_MEMORY);
}

VptxStatus
vptx_mem_free(VptxContext *ctx, VptxDevicePtr ptr)
{
    CHECK_CTX(ctx);
    if (ctx->kind == VPTX_DEVICE_SIM) {
        SimResult r = sim_mem_free(ctx->sim, ptr);
        return r == SIM_OK ? ok(ctx) : sim_fail(ctx, r, VPTX_ERR_INVALID_ADDRESS, "vptx_mem_free");
    }
    return cuda_mem_free(ctx->cuda, ptr) ? ok(ctx) : cuda_fail(ctx, VPTX_ERR_INVALID_ADDRESS);
}

VptxStatus
vptx_memcpy_htod(VptxContext *ctx, VptxDevicePtr dst, const void *src, size_t bytes)
{
    CHECK_CTX(ctx);
    if (!src)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT, "vptx_memcpy_htod: src is NULL");
    if (bytes == 0)
        return ok(ctx);
    if (ctx->kind == VPTX_DEVICE_SIM) {
        SimResult r = sim_memcpy_htod(ctx->sim, dst, src, bytes);
        return r == SIM_OK ? ok(ctx)
                           : sim_fail(ctx, r, VPTX_ERR_INVALID_ADDRESS, "vptx_memcpy_htod");
    }
    return cuda_memcpy_htod(ctx->cuda, dst, src, bytes) ? ok(ctx)
                                                        : cuda_fail(ctx, VPTX_ERR_INVALID_ADDRESS);
}

VptxStatus
vptx_memcpy_dtoh(VptxContext *ctx, void *dst, VptxDevicePtr src, size_t bytes)
{
    CHECK_CTX(ctx);
    if (!dst)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT, "vptx_memcpy_dtoh: dst is NULL");
    if (bytes == 0)
        return ok(ctx);
    if (ctx->kind == VPTX_DEVICE_SIM) {
        SimResult r = sim_memcpy_dtoh(ctx->sim, dst, src, bytes);
        return r == SIM_OK ? ok(ctx)
                           : sim_fail(ctx, r, VPTX_ERR_INVALID_ADDRESS, "vptx_memcpy_dtoh");
    }
    return cuda_memcpy_dtoh(ctx->cuda, dst, src, bytes) ? ok(ctx)
                                                        : cuda_fail(ctx, VPTX_ERR_INVALID_ADDRESS);
}

/* ---- launches ---- */

/* The checks of vptx_launch that need no device. */
static VptxStatus
check_launch(VptxContext *ctx, const VptxFunction *fn, const unsigned grid[3],
             const unsigned block[3], void **params, const char *who)
{
    if (!fn || !fn->mod || fn->mod->ctx != ctx)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_launch: the function is NULL or not of this context");
    if (!grid || !block)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT, "vptx_launch: grid or block is NULL");
    for (int d = 0; d < 3; d++)
        if (grid[d] == 0 || block[d] == 0)
            return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                        "vptx_launch: grid %u,%u,%u and block %u,%u,%u must be at least 1 in "
                        "every dimension",
                        grid[0], grid[1], grid[2], block[0], block[1], block[2]);
    if ((unsigned long long)block[0] * block[1] * block[2] > 1024)
        return fail(ctx, VPTX_ERR_LAUNCH,
                    "vptx_launch: a block of %u x %u x %u threads is more "
                    "than 1024",
                    block[0], block[1], block[2]);
    /* cuLaunchKernel's limits (the simulator keeps the same) */
    if (grid[0] > 0x7fffffffu || grid[1] > 65535 || grid[2] > 65535 || block[2] > 64)
        return fail(ctx, VPTX_ERR_LAUNCH,
                    "vptx_launch: grid %u x %u x %u or block %u x %u x %u out of range (grid x "
                    "at most 2147483647, y and z 65535; block z 64)",
                    grid[0], grid[1], grid[2], block[0], block[1], block[2]);
    int n = fn->own; /* the caller's parameters; -1: the driver cannot say */
    if (n > 0 && !params)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "%s: kernel '%s' has %d parameters but params is NULL", who, fn->name, n);
    for (int i = 0; i < n; i++)
        if (!params[i])
            return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                        "%s: params[%d] of kernel '%s' is NULL (it has %d "
                        "parameters)",
                        who, i, fn->name, n);
    return VPTX_OK;
}

/* Bytes per element and CUtensorMapDataType (ptx-sm90.md 2.1; the simulator uses the
   same numbers) of each VptxElemType. */
static const struct {
    unsigned bytes, dtype;
} elem_info[] = {
    [VPTX_ELEM_F16] = { 2, 6 }, [VPTX_ELEM_BF16] = { 2, 9 }, [VPTX_ELEM_F32] = { 4, 7 },
    [VPTX_ELEM_F64] = { 8, 8 }, [VPTX_ELEM_I8] = { 1, 0 },   [VPTX_ELEM_I16] = { 2, 1 },
    [VPTX_ELEM_I32] = { 4, 3 }, [VPTX_ELEM_I64] = { 8, 5 },
};

/* Encodes hidden map i of fn into map (128 bytes, 64-byte aligned) from the caller's
   description of its memref. */
static VptxStatus
encode_hidden(VptxContext *ctx, const VptxFunction *fn, uint32_t i, void **params,
              const VptxMemref *memrefs, unsigned nmemrefs, void *map)
{
    const HiddenTmap *h = &fn->hidden[i];
    const VptxMemref *m = memrefs && h->arg < nmemrefs ? &memrefs[h->arg] : NULL;
    if (!m || m->rank == 0)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_launch_memrefs: kernel '%s' has a hidden tensor map of argument %u: "
                    "describe that memref in memrefs[%u] (%u given)",
                    fn->name, h->arg, h->arg, memrefs ? nmemrefs : 0);
    if (m->rank != 2 || (unsigned)m->elem >= sizeof elem_info / sizeof elem_info[0])
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_launch_memrefs: memrefs[%u] has rank %u or element type %d; the hidden "
                    "tensor map is of a 2-d memref of a VptxElemType",
                    h->arg, m->rank, (int)m->elem);
    uint64_t passed = 0;
    if (h->param >= 0 && params && params[h->param])
        memcpy(&passed, params[h->param], sizeof passed);
    if (h->param >= 0 && passed != m->base)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_launch_memrefs: memrefs[%u].base is 0x%llx but params[%lld], the base "
                    "pointer of argument %u, passes 0x%llx",
                    h->arg, (unsigned long long)m->base, (long long)h->param, h->arg,
                    (unsigned long long)passed);
    unsigned es = elem_info[m->elem].bytes;
    bool row_major = m->strides[0] == 0 && m->strides[1] == 0;
    uint64_t outer = row_major ? m->sizes[1] : m->strides[0];
    if (!row_major && m->strides[1] != 1)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_launch_memrefs: memrefs[%u] has innermost stride %llu; TMA needs 1",
                    h->arg, (unsigned long long)m->strides[1]);
    /* byte addresses and pitches must not wrap (an offset of 2^62 f32 elements is 2^64
       bytes: it used to land on base itself) */
    if (m->offset > (UINT64_MAX - m->base) / es || outer > UINT64_MAX / es)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_launch_memrefs: memrefs[%u] has an offset of %llu or a row pitch of %llu "
                    "elements of %u bytes, past 64-bit byte addresses",
                    h->arg, (unsigned long long)m->offset, (unsigned long long)outer, es);
    /* cuTensorMapEncodeTiled's order: dimension 0 innermost */
    uint64_t dim[2] = { m->sizes[1], m->sizes[0] }, stride[1] = { outer * es };
    uint32_t box[2] = { (uint32_t)h->box[1], (uint32_t)h->box[0] }, estride[2] = { 1, 1 };
    unsigned sw = h->swizzle == 128  ? SIM_TMAP_SWIZZLE_128B
                  : h->swizzle == 64 ? SIM_TMAP_SWIZZLE_64B
                  : h->swizzle == 32 ? SIM_TMAP_SWIZZLE_32B
                                     : SIM_TMAP_SWIZZLE_NONE;
    uint64_t base = m->base + m->offset * es;
    unsigned dtype = elem_info[m->elem].dtype;
    memset(map, 0, 128);
    /* an empty memref issues no copy, and a map whose rows TMA cannot take is never read
       by a kernel that tests them (its line says so: it takes register copies): both
       stay zero, as vptx's other launchers leave them */
    if (!m->sizes[0] || !m->sizes[1] || (h->optional && (outer * es) % 16))
        return VPTX_OK;
    if (ctx->kind == VPTX_DEVICE_SIM) {
        SimResult r = sim_tensor_map_encode_tiled(map, dtype, 2, base, dim, stride, box, estride, 0,
                                                  sw, 0, SIM_TMAP_OOB_FILL_ZERO);
        char why[200] = "";
        if (r != SIM_OK) {
            sim_tensor_map_check(dtype, 2, base, dim, stride, box, estride, 0, sw, 0,
                                 SIM_TMAP_OOB_FILL_ZERO, why, sizeof why);
            return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                        "vptx_launch_memrefs: the tensor map of argument %u (box %lldx%lld, "
                        "swizzle %u) cannot map memrefs[%u]: %s",
                        h->arg, (long long)h->box[0], (long long)h->box[1], h->swizzle, h->arg,
                        why);
        }
    } else if (!cuda_tensor_map_encode(ctx->cuda, map, dtype, 2, base, dim, stride, box, estride, 0,
                                       sw, 0, SIM_TMAP_OOB_FILL_ZERO)) {
        return cuda_fail(ctx, VPTX_ERR_INVALID_ARGUMENT);
    }
    return VPTX_OK;
}

/* The launch itself, once params holds every .param (the hidden maps included). */
static VptxStatus
launch(VptxContext *ctx, VptxFunction *fn, const unsigned grid[3], const unsigned block[3],
       unsigned shared_bytes, void **params)
{
    VptxLaunchInfo info;
    memset(&info, 0, sizeof info);
    info.ms = -1;
    info.gpu = "";
    info.limiter = "";
    info.regs_from = "";
    if (ctx->kind == VPTX_DEVICE_SIM) {
        if (ctx->timing && fn->timing_regs < 0) /* ptxas runs once per function */
            fn->timing_regs = (long)ptxas_timing_regs(ctx->sim, fn->mod->ptx, fn->name, 0);
        else if (ctx->timing) {
            sim_set_option(ctx->sim, SIM_OPT_TIMING_REGS, (uint64_t)fn->timing_regs);
            sim_set_option(ctx->sim, SIM_OPT_TIMING_REGS_PTXAS, fn->timing_regs > 0);
        }
        SimResult r = sim_launch(fn->sim, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                 shared_bytes, params);
        if (r != SIM_OK)
            return sim_fail(ctx, r, VPTX_ERR_LAUNCH, "vptx_launch");
        SimStats st;
        if (sim_stats(ctx->sim, &st) == SIM_OK) {
            info.instructions = st.instructions;
            info.threads = st.threads;
            info.global_load_bytes = st.global_ld_bytes;
            info.global_store_bytes = st.global_st_bytes;
        }
        SimTiming t;
        if (ctx->timing && sim_timing(ctx->sim, &t) == SIM_OK) {
            info.modeled = 1;
            info.ms = t.time_us / 1000.0;
            info.gpu = t.gpu;
            info.cycles = t.cycles;
            info.limiter = sim_limiter_name(t.limiter);
            info.occupancy_warps = t.occupancy_warps;
            info.max_warps = t.max_warps;
            info.dram_pct = t.dram_pct;
            info.tensor_pct = t.tensor_pct;
            info.fp32_pct = t.fp32_pct;
            info.ctas_total = t.ctas_total;
            info.ctas_timed = t.ctas_timed;
            info.regs = t.regs_per_thread;
            info.regs_from = t.regs_from;
        }
    } else {
        float ms = 0;
        if (!cuda_launch(ctx->cuda, fn->cuda, grid, block, shared_bytes, params, &ms))
            return cuda_fail(ctx, VPTX_ERR_KERNEL_FAULT);
        info.ms = ms;
    }
    ctx->last = info;
    ctx->launched = true;
    return ok(ctx);
}

VptxStatus
vptx_launch(VptxContext *ctx, VptxFunction *fn, const unsigned grid[3], const unsigned block[3],
            unsigned shared_bytes, void **params)
{
    CHECK_CTX(ctx);
    VptxStatus s = check_launch(ctx, fn, grid, block, params, "vptx_launch");
    if (s != VPTX_OK)
        return s;
    if (fn->nhidden || fn->ngrid)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_launch: kernel '%s' takes %u hidden tensor maps%s (the `// vptx: "
                    "hidden` lines of its PTX): launch it with vptx_launch_memrefs",
                    fn->name, fn->nhidden, fn->ngrid ? " and a hidden logical grid" : "");
    return launch(ctx, fn, grid, block, shared_bytes, params);
}

/* `.reqntid X, Y, Z` of entry name, or 0s. */
static void
entry_reqntid(const char *ptx, const char *name, unsigned out[3])
{
    out[0] = out[1] = out[2] = 0;
    size_t n = strlen(name);
    for (const char *p = strstr(ptx, ".visible .entry "); p; p = strstr(p + 1, ".visible .entry "))
        if (!strncmp(p + 16, name, n) && p[16 + n] == '(') {
            const char *body = strchr(p, '{'), *r = strstr(p, ".reqntid ");
            if (r && body && r < body)
                sscanf(r + 9, "%u, %u, %u", &out[0], &out[1], &out[2]);
            return;
        }
}

/* The symbols of fn's op-level header from the memrefs. */
static VptxStatus
oplevel_syms(VptxContext *ctx, const VptxFunction *fn, const VptxMemref *memrefs, unsigned nmemrefs,
             int64_t *syms, const char *who)
{
    const OpLevelHeader *h = fn->oplevel;
    for (uint32_t i = 0; i < h->nsyms; i++) {
        int32_t a = h->sym_arg[i], d = h->sym_dim[i];
        if (a == OPLEVEL_SYM_SMS) { /* the device's SM count, or the simulator's part's */
            char target[32];
            syms[i] = oplevel_sm_count(ctx->kind == VPTX_DEVICE_SIM ? 0 : cuda_sm_count(ctx->cuda),
                                       ctx->kind == VPTX_DEVICE_SIM ? ctx->timing_gpu : NULL,
                                       ptx_target(fn->mod->ptx, target, sizeof target));
            continue;
        }
        if (d < 0)
            return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                        "%s: kernel '%s' takes size s%u from its index argument #%d, which a "
                        "VptxMemref cannot give: pass the grid and allocate the results yourself",
                        who, fn->name, i, a);
        if (!memrefs || a < 0 || (unsigned)a >= nmemrefs || (unsigned)d >= memrefs[a].rank)
            return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                        "%s: kernel '%s' takes size s%u from dim %d of argument #%d: describe "
                        "that memref in memrefs[%d]",
                        who, fn->name, i, d, a, a);
        syms[i] = (int64_t)memrefs[a].sizes[d];
    }
    return VPTX_OK;
}

VptxStatus
vptx_kernel_grid(VptxFunction *fn, const VptxMemref *memrefs, unsigned nmemrefs, unsigned grid[3])
{
    if (!fn || !fn->mod || !grid)
        return VPTX_ERR_INVALID_ARGUMENT;
    VptxContext *ctx = fn->mod->ctx;
    if (!fn->oplevel)
        return fail(ctx, VPTX_ERR_NOT_FOUND,
                    "vptx_kernel_grid: kernel '%s' has no '// vptx: grid' line (it is not an "
                    "op-level kernel): give its grid",
                    fn->name);
    int64_t syms[OPLEVEL_MAX_SYMS], g[3];
    uint32_t n;
    VptxStatus s = oplevel_syms(ctx, fn, memrefs, nmemrefs, syms, "vptx_kernel_grid");
    if (s != VPTX_OK)
        return s;
    if (!oplevel_eval_map(fn->oplevel->grid, syms, fn->oplevel->nsyms, g, 3, &n) || n != 3)
        return fail(ctx, VPTX_ERR_INVALID_PTX, "vptx_kernel_grid: kernel '%s': a bad grid line",
                    fn->name);
    for (int i = 0; i < 3; i++)
        grid[i] = g[i] < 1 ? 1 : g[i] > 0x7fffffff ? 0x7fffffff : (unsigned)g[i];
    return ok(ctx);
}

VptxStatus
vptx_kernel_result_shape(VptxFunction *fn, unsigned k, const VptxMemref *memrefs, unsigned nmemrefs,
                         unsigned *arg, unsigned *rank, uint64_t sizes[VPTX_MAX_RANK])
{
    if (!fn || !fn->mod || !arg || !rank || !sizes)
        return VPTX_ERR_INVALID_ARGUMENT;
    VptxContext *ctx = fn->mod->ctx;
    if (!fn->oplevel || k >= fn->oplevel->nresults)
        return fail(ctx, VPTX_ERR_NOT_FOUND,
                    "vptx_kernel_result_shape: kernel '%s' has no "
                    "tensor result #%u",
                    fn->name, k);
    int64_t syms[OPLEVEL_MAX_SYMS], shape[VPTX_MAX_RANK];
    uint32_t n;
    VptxStatus s = oplevel_syms(ctx, fn, memrefs, nmemrefs, syms, "vptx_kernel_result_shape");
    if (s != VPTX_OK)
        return s;
    if (!oplevel_eval_map(fn->oplevel->result_shape[k], syms, fn->oplevel->nsyms, shape,
                          VPTX_MAX_RANK, &n))
        return fail(ctx, VPTX_ERR_INVALID_PTX, "vptx_kernel_result_shape: a bad result line");
    *arg = fn->oplevel->result_arg[k];
    *rank = n;
    for (uint32_t i = 0; i < n; i++)
        sizes[i] = shape[i] < 0 ? 0 : (uint64_t)shape[i];
    return ok(ctx);
}

VptxStatus
vptx_launch_memrefs(VptxContext *ctx, VptxFunction *fn, const unsigned grid[3],
                    const unsigned block[3], unsigned shared_bytes, void **params,
                    const VptxMemref *memrefs, unsigned nmemrefs)
{
    CHECK_CTX(ctx);
    unsigned own_grid[3];
    bool ours = fn && fn->mod && fn->mod->ctx == ctx; /* else check_launch says so */
    if (!grid && ours && fn->oplevel) { /* an op-level kernel: from the argument sizes */
        VptxStatus gs = vptx_kernel_grid(fn, memrefs, nmemrefs, own_grid);
        if (gs != VPTX_OK)
            return gs;
        grid = own_grid;
    }
    if (!block && ours && fn->reqntid[0])
        block = fn->reqntid;
    VptxStatus s = check_launch(ctx, fn, grid, block, params, "vptx_launch_memrefs");
    if (s != VPTX_OK || (!fn->nhidden && !fn->ngrid))
        return s != VPTX_OK ? s : launch(ctx, fn, grid, block, shared_bytes, params);
    int own = fn->own; /* known: vptx_module_get_function refuses hidden ones otherwise */
    /* a persistent kernel: grid is the logical grid, passed in its hidden .u32s; it runs
       on one workgroup per SM at most (docs/hopper.md, section 2) */
    unsigned logical[3] = { grid[0], grid[1], grid[2] }, real[3] = { grid[0], grid[1], grid[2] };
    if (fn->ngrid) {
        unsigned max = ctx->kind == VPTX_DEVICE_SIM ? 0 : (unsigned)cuda_sm_count(ctx->cuda);
        real[0] = vptx_persistent_workgroups(logical, max);
        real[1] = real[2] = 1;
    }
    void **all = calloc((size_t)own + fn->nhidden + fn->ngrid, sizeof *all);
    unsigned char *maps = aligned_alloc(64, 128 * (size_t)(fn->nhidden ? fn->nhidden : 1));
    if (!all || !maps) {
        free(all);
        free(maps);
        return fail(ctx, VPTX_ERR_OUT_OF_MEMORY, "out of memory");
    }
    for (int i = 0; i < own; i++)
        all[i] = params[i];
    for (uint32_t i = 0; i < fn->nhidden && s == VPTX_OK; i++) {
        s = encode_hidden(ctx, fn, i, params, memrefs, nmemrefs, maps + 128 * i);
        all[own + (int)i] = maps + 128 * i;
    }
    for (uint32_t j = 0; j < fn->ngrid; j++)
        all[own + (int)fn->nhidden + (int)j] = &logical[j];
    if (s == VPTX_OK)
        s = launch(ctx, fn, real, block, shared_bytes, all);
    free(all);
    free(maps);
    return s;
}

VptxStatus
vptx_context_set_timing(VptxContext *ctx, const char *gpu, unsigned long long sample)
{
    CHECK_CTX(ctx);
    if (ctx->kind != VPTX_DEVICE_SIM)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_context_set_timing: the timing model is for sim contexts; a CUDA "
                    "context measures the kernel time (VptxLaunchInfo.ms)");
    SimResult r = sim_set_timing(ctx->sim, gpu);
    if (r != SIM_OK)
        return sim_fail(ctx, r, VPTX_ERR_INVALID_ARGUMENT, "vptx_context_set_timing");
    sim_set_option(ctx->sim, SIM_OPT_TIMING_SAMPLE, sample);
    /* a timed context's launches have no wall-clock limit (the model's sampled launches
       are long, and must not fail with the machine's load); the instruction limit stays */
    sim_set_option(ctx->sim, SIM_OPT_TIMEOUT_MS, gpu && *gpu ? 0 : SIM_DEFAULT_TIMEOUT_MS);
    ctx->timing = gpu && *gpu;
    snprintf(ctx->timing_gpu, sizeof ctx->timing_gpu, "%s", ctx->timing ? gpu : "");
    return ok(ctx);
}

VptxStatus
vptx_context_set_limits(VptxContext *ctx, unsigned long long max_instructions,
                        unsigned long long timeout_ms)
{
    CHECK_CTX(ctx);
    if (ctx->kind != VPTX_DEVICE_SIM)
        return fail(ctx, VPTX_ERR_INVALID_ARGUMENT,
                    "vptx_context_set_limits: the instruction and time limits are the "
                    "simulator's; a CUDA context has none");
    sim_set_option(ctx->sim, SIM_OPT_MAX_INSTRUCTIONS, max_instructions);
    sim_set_option(ctx->sim, SIM_OPT_TIMEOUT_MS, timeout_ms);
    return ok(ctx);
}

VptxStatus
vptx_last_launch_info(const VptxContext *ctx, VptxLaunchInfo *out)
{
    if (!usable(ctx) || !out)
        return VPTX_ERR_INVALID_ARGUMENT;
    if (!ctx->launched)
        return VPTX_ERR_NOT_FOUND;
    *out = ctx->last;
    return VPTX_OK;
}
