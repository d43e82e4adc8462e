/*
 * host.c -- the host API of sim.h: contexts, device memory, modules,
 * entries and launches.
 *
 * Device memory is a sorted array of Allocs.  Each live context owns one slot of
 * CTX_SLOTS, and its addresses lie in that slot's span [GLOBAL_BASE + slot * CTX_SPAN,
 * + CTX_SPAN), so that a pointer of one context is no address of another: it is
 * refused, or faults, instead of reaching the other's memory.  The slots are the only
 * state the simulator shares between contexts, taken and given back under a lock; the
 * first context takes slot 0, so a program with one context sees the same addresses
 * in every run.  Inside a span, addresses grow, with a GLOBAL_GAP after each
 * allocation so that an overrun lands in no allocation (and is reported relative to
 * the one before it); once the span is used up, new allocations go to the first hole
 * big enough between the live ones.  The table holds the live allocations only; the
 * latest FREED_KEEP frees are remembered beside it, so that a later access is reported
 * as a use after free (until a new allocation reuses the range): however many
 * allocations were made and freed, the memory kept for them is bounded.
 */
#include "sim/simint.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTX_SLOTS  4096u        /* simulator contexts alive at once */
#define CTX_SPAN   (1ull << 36) /* 64 GiB of device addresses per context */
#define FREED_KEEP 4096u        /* freed allocations remembered for messages */

static bool ctx_slots[CTX_SLOTS]; /* under slots_lock (a mutex: tcc has no <stdatomic.h>) */
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;

void
sim_vset_error(SimCtx *ctx, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return;
    if ((size_t)n + 1 > ctx->errcap) {
        char *e = realloc(ctx->err, (size_t)n + 1);
        if (!e)
            return;
        ctx->err = e;
        ctx->errcap = (size_t)n + 1;
    }
    vsnprintf(ctx->err, ctx->errcap, fmt, ap);
}

void
sim_set_error(SimCtx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sim_vset_error(ctx, fmt, ap);
    va_end(ap);
}

SIM_PRINTF(3, 4) static SimResult fail(SimCtx *ctx, SimResult r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sim_vset_error(ctx, fmt, ap);
    va_end(ap);
    return r;
}

const char *
sim_error(const SimCtx *ctx)
{
    return ctx && ctx->err ? ctx->err : "";
}

const char *
sim_result_name(SimResult r)
{
    switch (r) {
    case SIM_OK:
        return "SIM_OK";
    case SIM_ERR_INVALID_VALUE:
        return "SIM_ERR_INVALID_VALUE";
    case SIM_ERR_OUT_OF_MEMORY:
        return "SIM_ERR_OUT_OF_MEMORY";
    case SIM_ERR_PTX:
        return "SIM_ERR_PTX";
    case SIM_ERR_NOT_FOUND:
        return "SIM_ERR_NOT_FOUND";
    case SIM_ERR_LAUNCH:
        return "SIM_ERR_LAUNCH";
    case SIM_ERR_FAULT:
        return "SIM_ERR_FAULT";
    }
    return "SIM_ERR_?";
}

SimCtx *
sim_create(void)
{
    SimCtx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return NULL;
    uint32_t slot = 0;
    pthread_mutex_lock(&slots_lock);
    while (slot < CTX_SLOTS && ctx_slots[slot])
        slot++;
    if (slot < CTX_SLOTS)
        ctx_slots[slot] = true;
    pthread_mutex_unlock(&slots_lock);
    if (slot == CTX_SLOTS) { /* every span taken: as out of memory */
        free(ctx);
        return NULL;
    }
    ctx->slot = slot;
    ctx->addr_lo = GLOBAL_BASE + slot * CTX_SPAN;
    ctx->addr_hi = ctx->addr_lo + CTX_SPAN;
    ctx->next_addr = ctx->addr_lo;
    ctx->opt_defer = true;
    ctx->opt_fill = 0xcd;
    ctx->opt_max_insts = SIM_DEFAULT_MAX_INSTRUCTIONS;
    ctx->opt_timeout_ms = SIM_DEFAULT_TIMEOUT_MS;
    return ctx;
}

void
sim_destroy(SimCtx *ctx)
{
    if (!ctx)
        return;
    while (ctx->nmods)
        sim_module_unload(ctx->mods[ctx->nmods - 1]);
    for (uint32_t i = 0; i < ctx->nallocs; i++)
        free(ctx->allocs[i].data);
    free(ctx->allocs);
    free(ctx->freed);
    pthread_mutex_lock(&slots_lock);
    ctx_slots[ctx->slot] = false;
    pthread_mutex_unlock(&slots_lock);
    free(ctx->mods);
    free(ctx->line_counts);
    free(ctx->timing_lines);
    free(ctx->printf_out);
    free(ctx->err);
    free(ctx);
}

SimResult
sim_set_option(SimCtx *ctx, SimOption opt, uint64_t value)
{
    switch (opt) {
    case SIM_OPT_LINE_COUNTS:
        ctx->opt_lines = value != 0;
        return SIM_OK;
    case SIM_OPT_MAX_INSTRUCTIONS:
        ctx->opt_max_insts = value;
        return SIM_OK;
    case SIM_OPT_CP_ASYNC_DEFER:
        ctx->opt_defer = value != 0;
        return SIM_OK;
    case SIM_OPT_TIMEOUT_MS:
        ctx->opt_timeout_ms = value;
        return SIM_OK;
    case SIM_OPT_FILL_BYTE:
        ctx->opt_fill = (uint8_t)value;
        return SIM_OK;
    case SIM_OPT_TIMING_REGS:
        if (value > 255)
            return fail(ctx, SIM_ERR_INVALID_VALUE, "%llu registers per thread (at most 255)",
                        (unsigned long long)value);
        ctx->opt_timing_regs = (uint32_t)value;
        return SIM_OK;
    case SIM_OPT_TIMING_SAMPLE:
        ctx->opt_timing_sample = value;
        return SIM_OK;
    case SIM_OPT_TIMING_REGS_PTXAS:
        ctx->opt_timing_regs_ptxas = value != 0;
        return SIM_OK;
    }
    return fail(ctx, SIM_ERR_INVALID_VALUE, "unknown option %d", (int)opt);
}

/* ---- device memory ---- */

/* The index at which an allocation at base belongs in the sorted table. */
static uint32_t
alloc_index(const SimCtx *ctx, uint64_t base)
{
    uint32_t lo = 0, hi = ctx->nallocs;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (ctx->allocs[mid].base < base)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The live allocation holding addr, or the one just before it when addr lies in
 * its trailing gap (for "past the end" messages); NULL otherwise. */
Alloc *
alloc_find(SimCtx *ctx, uint64_t addr)
{
    uint32_t lo = 0, hi = ctx->nallocs;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (ctx->allocs[mid].base <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    Alloc *a = &ctx->allocs[lo - 1];
    return addr - a->base < a->size + GLOBAL_GAP ? a : NULL;
}

const Alloc *
alloc_find_freed(const SimCtx *ctx, uint64_t addr)
{
    for (uint32_t i = 0; i < ctx->nfreed; i++) {
        const Alloc *a = &ctx->freed[i];
        if (addr - a->base < a->size + GLOBAL_GAP)
            return a;
    }
    return NULL;
}

/* The end of a's footprint: its bytes, its gap, rounded up to 256. */
static uint64_t
alloc_end(const Alloc *a)
{
    return (a->base + a->size + GLOBAL_GAP + 255) & ~255ull;
}

/* Where an allocation of `need` bytes (its gap included) starts: the next address of
   the span, or, once the span is used up, the first hole big enough between the live
   allocations; 0 when there is none. */
static uint64_t
alloc_place(SimCtx *ctx, uint64_t need)
{
    if (ctx->addr_hi - ctx->next_addr >= need) {
        uint64_t base = ctx->next_addr;
        ctx->next_addr += need;
        return base;
    }
    uint64_t at = ctx->addr_lo;
    for (uint32_t i = 0; i <= ctx->nallocs; i++) {
        uint64_t end = i < ctx->nallocs ? ctx->allocs[i].base : ctx->addr_hi;
        if (end >= at && end - at >= need)
            return at;
        if (i < ctx->nallocs)
            at = alloc_end(&ctx->allocs[i]);
    }
    return 0;
}

/* A new allocation reuses [base, base + need): the frees remembered there are forgotten,
   so that an access there is the new allocation's, not a use after free. */
static void
forget_freed_in(SimCtx *ctx, uint64_t base, uint64_t need)
{
    for (uint32_t i = 0; i < ctx->nfreed;) {
        const Alloc *a = &ctx->freed[i];
        if (a->base < base + need && alloc_end(a) > base)
            ctx->freed[i] = ctx->freed[--ctx->nfreed];
        else
            i++;
    }
}

SimResult
sim_alloc_internal(SimCtx *ctx, SimDevPtr *out, size_t bytes)
{
    if (bytes > CTX_SPAN - GLOBAL_GAP - 256)
        return fail(ctx, SIM_ERR_OUT_OF_MEMORY,
                    "cannot allocate %zu bytes of device memory: more than a context's %llu GiB "
                    "of addresses",
                    bytes, CTX_SPAN >> 30);
    if (ctx->nallocs == ctx->capallocs) {
        uint32_t c = ctx->capallocs ? ctx->capallocs * 2 : 64;
        Alloc *na = realloc(ctx->allocs, c * sizeof *na);
        if (!na)
            return fail(ctx, SIM_ERR_OUT_OF_MEMORY, "out of memory");
        ctx->allocs = na;
        ctx->capallocs = c;
    }
    uint64_t need = ((uint64_t)bytes + GLOBAL_GAP + 255) & ~255ull;
    bool fresh = ctx->addr_hi - ctx->next_addr >= need;
    uint64_t base = alloc_place(ctx, need);
    if (!base)
        return fail(ctx, SIM_ERR_OUT_OF_MEMORY,
                    "cannot allocate %zu bytes of device memory: no room left between the "
                    "context's live allocations",
                    bytes);
    uint8_t *data = calloc(bytes ? bytes : 1, 1);
    if (!data)
        return fail(ctx, SIM_ERR_OUT_OF_MEMORY, "cannot allocate %zu bytes of device memory",
                    bytes);
    if (!fresh)
        forget_freed_in(ctx, base, need);
    uint32_t i = alloc_index(ctx, base);
    memmove(&ctx->allocs[i + 1], &ctx->allocs[i], (ctx->nallocs - i) * sizeof *ctx->allocs);
    ctx->nallocs++;
    ctx->allocs[i] = (Alloc){ base, bytes, data, false };
    *out = base;
    return SIM_OK;
}

SimResult
sim_mem_alloc(SimCtx *ctx, SimDevPtr *out, size_t bytes)
{
    if (!ctx || !out || bytes == 0)
        return ctx ? fail(ctx, SIM_ERR_INVALID_VALUE, "sim_mem_alloc of 0 bytes")
                   : SIM_ERR_INVALID_VALUE;
    return sim_alloc_internal(ctx, out, bytes);
}

SimResult
sim_mem_alloc_empty(SimCtx *ctx, SimDevPtr *out)
{
    if (!ctx || !out)
        return SIM_ERR_INVALID_VALUE;
    return sim_alloc_internal(ctx, out, 0);
}

SimResult
sim_mem_free(SimCtx *ctx, SimDevPtr p)
{
    if (!ctx)
        return SIM_ERR_INVALID_VALUE;
    Alloc *a = alloc_find(ctx, p);
    if (!a || a->base != p)
        return fail(ctx, SIM_ERR_INVALID_VALUE,
                    "sim_mem_free of 0x%llx, which is not a live allocation",
                    (unsigned long long)p);
    if (!ctx->freed && !(ctx->freed = malloc(FREED_KEEP * sizeof *ctx->freed)))
        return fail(ctx, SIM_ERR_OUT_OF_MEMORY, "out of memory");
    /* remembered for "was freed" messages: FREED_KEEP of them, the oldest replaced */
    Alloc gone = { a->base, a->size, NULL, true };
    free(a->data);
    uint32_t i = (uint32_t)(a - ctx->allocs);
    memmove(a, a + 1, (ctx->nallocs - i - 1) * sizeof *a);
    ctx->nallocs--;
    if (ctx->nfreed < FREED_KEEP)
        ctx->freed[ctx->nfreed++] = gone;
    else
        ctx->freed[ctx->freed_next] = gone;
    ctx->freed_next = (ctx->freed_next + 1) % FREED_KEEP;
    return SIM_OK;
}

static uint8_t *
host_range(SimCtx *ctx, SimDevPtr p, size_t n, const char *what)
{
    Alloc *a = alloc_find(ctx, p);
    if (!a || p - a->base > a->size || n > a->size - (p - a->base)) {
        fail(ctx, SIM_ERR_INVALID_VALUE, "%s: [0x%llx, +%zu) is not inside a live allocation", what,
             (unsigned long long)p, n);
        return NULL;
    }
    return a->data + (p - a->base);
}

SimResult
sim_memcpy_htod(SimCtx *ctx, SimDevPtr dst, const void *src, size_t bytes)
{
    uint8_t *p = host_range(ctx, dst, bytes, "sim_memcpy_htod");
    if (!p)
        return SIM_ERR_INVALID_VALUE;
    memcpy(p, src, bytes);
    return SIM_OK;
}

SimResult
sim_memcpy_dtoh(SimCtx *ctx, void *dst, SimDevPtr src, size_t bytes)
{
    uint8_t *p = host_range(ctx, src, bytes, "sim_memcpy_dtoh");
    if (!p)
        return SIM_ERR_INVALID_VALUE;
    memcpy(dst, p, bytes);
    return SIM_OK;
}

SimResult
sim_memset_d8(SimCtx *ctx, SimDevPtr dst, unsigned char value, size_t bytes)
{
    uint8_t *p = host_range(ctx, dst, bytes, "sim_memset_d8");
    if (!p)
        return SIM_ERR_INVALID_VALUE;
    memset(p, value, bytes);
    return SIM_OK;
}

/* ---- modules and functions ---- */

SimResult
sim_module_load(SimCtx *ctx, const char *ptx, const char *name, SimModule **out)
{
    if (!ctx || !ptx || !out)
        return ctx ? fail(ctx, SIM_ERR_INVALID_VALUE, "sim_module_load: NULL argument")
                   : SIM_ERR_INVALID_VALUE;
    if (ctx->nmods == ctx->capmods) {
        uint32_t c = ctx->capmods ? ctx->capmods * 2 : 4;
        SimModule **nm = realloc(ctx->mods, c * sizeof *nm);
        if (!nm)
            return fail(ctx, SIM_ERR_OUT_OF_MEMORY, "out of memory");
        ctx->mods = nm;
        ctx->capmods = c;
    }
    SimModule *m = ptx_parse(ctx, ptx, name);
    if (!m)
        return SIM_ERR_PTX;
    ctx->mods[ctx->nmods++] = m;
    *out = m;
    return SIM_OK;
}

SimResult
sim_module_unload(SimModule *m)
{
    if (!m)
        return SIM_ERR_INVALID_VALUE;
    SimCtx *ctx = m->ctx;
    for (uint32_t i = 0; i < ctx->nmods; i++)
        if (ctx->mods[i] == m) {
            ctx->mods[i] = ctx->mods[--ctx->nmods];
            break;
        }
    sim_module_release(m);
    return SIM_OK;
}

/* By name (a binary search in the sorted m->entries): a module of n kernels answers n
   lookups in n log n, not n^2. */
SimResult
sim_module_get_function(SimModule *m, const char *name, SimFunc **out)
{
    uint32_t lo = 0, hi = m->nentries;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        int c = strcmp(m->funcs[m->entries[mid]].name, name);
        if (c == 0) {
            *out = &m->funcs[m->entries[mid]];
            return SIM_OK;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return fail(m->ctx, SIM_ERR_NOT_FOUND, "%s: no entry named '%s'", m->name, name);
}

int
sim_module_entry_count(const SimModule *m)
{
    int n = 0;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        n += m->funcs[i].entry && m->funcs[i].defined;
    return n;
}

const char *
sim_module_entry_name(const SimModule *m, int k)
{
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].entry && m->funcs[i].defined && k-- == 0)
            return m->funcs[i].name;
    return NULL;
}

const char *
sim_module_target(const SimModule *m)
{
    return m->target;
}

const char *
sim_func_name(const SimFunc *f)
{
    return f->name;
}

int
sim_func_param_count(const SimFunc *f)
{
    return (int)f->nparams;
}

static SimParamKind
param_kind(const Param *p)
{
    if (p->size != type_info[p->ty].bytes)
        return SIM_PARAM_BYTES;
    switch (p->ty) {
    case TY_U8:
        return SIM_PARAM_U8;
    case TY_U16:
        return SIM_PARAM_U16;
    case TY_U32:
        return SIM_PARAM_U32;
    case TY_U64:
        return SIM_PARAM_U64;
    case TY_S8:
        return SIM_PARAM_S8;
    case TY_S16:
        return SIM_PARAM_S16;
    case TY_S32:
        return SIM_PARAM_S32;
    case TY_S64:
        return SIM_PARAM_S64;
    case TY_F16:
        return SIM_PARAM_F16;
    case TY_F32:
        return SIM_PARAM_F32;
    case TY_F64:
        return SIM_PARAM_F64;
    case TY_B8:
        return SIM_PARAM_B8;
    case TY_B16:
        return SIM_PARAM_B16;
    case TY_B32:
        return SIM_PARAM_B32;
    case TY_B64:
        return SIM_PARAM_B64;
    default:
        return SIM_PARAM_BYTES;
    }
}

SimResult
sim_func_param_info(const SimFunc *f, int i, SimParamInfo *out)
{
    if (i < 0 || (uint32_t)i >= f->nparams)
        return SIM_ERR_INVALID_VALUE;
    const Param *p = &f->params[i];
    *out = (SimParamInfo){ p->name, param_kind(p), p->size, p->align, p->offset };
    return SIM_OK;
}

uint32_t
sim_func_static_shared(const SimFunc *f)
{
    return f->shared_end;
}

void
sim_set_progress(SimCtx *ctx, SimProgressFn *fn, void *user)
{
    ctx->progress = fn;
    ctx->progress_user = user;
}

int
sim_func_reqntid(const SimFunc *f, unsigned out[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = f->reqntid[0] ? (f->reqntid[i] ? f->reqntid[i] : 1) : 0;
    return f->reqntid[0] != 0;
}

/* ---- linking and freeing a parsed module ----
 *
 * module_link() lays out shared variables (module-scope ones first, then
 * function-scope ones; every dynamic `.extern .shared` array starts at the
 * aligned end of the static ones [PG: extern __shared__]) and turns every
 * symbol operand into an immediate address, or a frame-relative one
 * (OPD_FRAMESYM / ADDR_FRAME) for .local and .func .param variables, which
 * live in the thread's call frame.
 */

static uint32_t
align_up(uint32_t v, uint32_t a)
{
    return a ? (v + a - 1) / a * a : v;
}

/* Shared variables: the module-scope ones, then those of the .func functions (any entry
   may call them), then each entry's own from that point on: an entry's locals overlap
   the other entries', which never run in the same CTA.  f->shared_end: the static bytes
   a launch of f needs; m->shared_static: the most of any entry */
static void
layout_shared(SimModule *m)
{
    uint32_t off = 0, dalign = 16;
    for (int pass = 0; pass < 2; pass++) /* module scope, then .func locals */
        for (uint32_t i = 0; i < m->nsyms; i++) {
            Sym *s = &m->syms[i];
            bool local = s->func != NOREG;
            if (s->kind != SYM_SHARED || local != (pass == 1) || (local && m->funcs[s->func].entry))
                continue;
            off = align_up(off, s->align);
            s->addr = off;
            off += s->size;
        }
    uint32_t most = off;
    for (uint32_t f = 0; f < m->nfuncs; f++) {
        m->funcs[f].shared_end = off;
        if (!m->funcs[f].entry)
            continue;
        uint32_t end = off;
        for (uint32_t i = 0; i < m->nsyms; i++) {
            Sym *s = &m->syms[i];
            if (s->kind != SYM_SHARED || s->func != f)
                continue;
            end = align_up(end, s->align);
            s->addr = end;
            end += s->size;
        }
        m->funcs[f].shared_end = end;
        most = end > most ? end : most;
    }
    for (uint32_t i = 0; i < m->nsyms; i++)
        if (m->syms[i].kind == SYM_DYNSHARED && m->syms[i].align > dalign)
            dalign = m->syms[i].align;
    m->shared_static = most;
    m->dyn_align = dalign;
    for (uint32_t i = 0; i < m->nsyms; i++)
        if (m->syms[i].kind == SYM_DYNSHARED)
            m->syms[i].addr = align_up(most, dalign);
}

static void
resolve(const SimModule *m, Opd *o)
{
    if (o->kind == OPD_SYM) {
        const Sym *s = &m->syms[o->r];
        o->kind = s->kind == SYM_FRAME ? OPD_FRAMESYM : OPD_IMM;
        o->imm += (int64_t)s->addr;
    } else if (o->kind == OPD_ADDR && o->aux == ADDR_SYM) {
        const Sym *s = &m->syms[o->r];
        o->aux = s->kind == SYM_FRAME ? ADDR_FRAME : ADDR_IMM;
        o->imm += (int64_t)s->addr;
        o->r = NOREG;
    }
}

typedef struct {
    const char *name;
    uint32_t index;
} NamedEntry;

static int
by_name(const void *a, const void *b)
{
    return strcmp(((const NamedEntry *)a)->name, ((const NamedEntry *)b)->name);
}

/* m->entries: the defined entries sorted by name, for sim_module_get_function. */
static bool
sort_entries(SimModule *m)
{
    NamedEntry *e = malloc((m->nfuncs ? m->nfuncs : 1) * sizeof *e);
    m->entries = malloc((m->nfuncs ? m->nfuncs : 1) * sizeof *m->entries);
    if (!e || !m->entries) {
        free(e);
        return false;
    }
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].entry && m->funcs[i].defined)
            e[m->nentries++] = (NamedEntry){ m->funcs[i].name, i };
    qsort(e, m->nentries, sizeof *e, by_name);
    for (uint32_t i = 0; i < m->nentries; i++)
        m->entries[i] = e[i].index;
    free(e);
    return true;
}

bool
module_link(SimModule *m)
{
    if (!sort_entries(m))
        return false;
    layout_shared(m);
    for (uint32_t pc = 0; pc < m->ncode; pc++) {
        Inst *in = &m->code[pc];
        for (int i = 0; i < in->nopd; i++) {
            Opd *o = &in->o[i];
            resolve(m, o);
            if (o->kind == OPD_VEC)
                for (uint32_t k = 0; k < o->n; k++)
                    resolve(m, &m->vecs[o->r + k]);
        }
    }
    return true;
}

void
sim_module_release(SimModule *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        Func *f = &m->funcs[i];
        free(f->name);
        free(f->regty);
        for (uint32_t k = 0; k < f->nparams; k++)
            free(f->params[k].name);
        for (uint32_t k = 0; k < f->nrets; k++)
            free(f->rets[k].name);
        free(f->params);
        free(f->rets);
    }
    for (uint32_t i = 0; i < m->nsyms; i++)
        free(m->syms[i].name);
    for (uint32_t i = 0; i < m->ngvars; i++)
        sim_mem_free(m->ctx, m->gvars[i]);
    free(m->gvars);
    free(m->entries);
    free(m->syms);
    free(m->funcs);
    free(m->code);
    free(m->vecs);
    free(m->cbank);
    free(m->name);
    free(m);
}
