/*
 * fuzz_runtime.c -- fuzz target: the runtime API (driver/vptx_runtime.h) driven by a
 * sequence of calls across up to three simulator contexts.
 *
 * The input is a list of operations, one byte each followed by its argument bytes
 * (an input that ends in the middle of one stops there):
 *
 *   0 C        create context C (0-2)            1 C        destroy it
 *   2 C M      load module M of the list below   3 C I      unload its I-th module
 *   4 C I N    get entry name N of module I      5 C S      allocate (S: size class)
 *   6 C P      free pointer P (of any context)   7 C P O L  copy L bytes in at P + O
 *   8 C P O L  copy them out                     9 C F ...  vptx_launch of function F
 *  10 C F ...  vptx_launch_memrefs               11 C G S   set a timing model
 *  12 C        read the last launch's figures    13 C K     set the limits
 *
 * Handles are only ever passed while they are alive (a freed handle is the caller's
 * bug, as in CUDA), but pointers, functions and memrefs are passed to the wrong
 * context, after a free, at odd offsets, with NULL parameters, huge grids and sizes
 * that wrap.  Every context gets an instruction limit (20000), so no input runs long.
 *
 * The oracle: every status is a VptxStatus, a failure has a message, and a device
 * pointer is never accepted by a context that did not allocate it or after it was
 * freed.  A crash, a leak or undefined behaviour is a finding.
 */
#include "tests/fuzz/fuzz.h"

#include "driver/vptx_runtime.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const FuzzSeedDir fuzz_seed_dirs[] = {
    { "tests/fuzz/corpus/runtime", NULL },
    { NULL, NULL },
};

#define HEAD ".version 8.0\n.target sm_90a\n.address_size 64\n"

/* The modules an input can load (M of op 2), and the names it can ask for (N of op 4). */
static const char *const modules[] = {
    /* x[i] += 1 for i < n */
    HEAD ".visible .entry add_one(.param .u64 p_x, .param .u32 p_n)\n{\n"
         "  .reg .pred %p; .reg .b32 %r<6>; .reg .f32 %f<3>; .reg .b64 %rd<5>;\n"
         "  ld.param.u64 %rd1, [p_x]; ld.param.u32 %r1, [p_n];\n"
         "  mov.u32 %r2, %ctaid.x; mov.u32 %r3, %ntid.x; mov.u32 %r4, %tid.x;\n"
         "  mad.lo.s32 %r5, %r2, %r3, %r4; setp.ge.u32 %p, %r5, %r1; @%p bra DONE;\n"
         "  cvta.to.global.u64 %rd2, %rd1; mul.wide.u32 %rd3, %r5, 4; add.s64 %rd4, %rd2, %rd3;\n"
         "  ld.global.f32 %f1, [%rd4]; add.f32 %f2, %f1, 0f3F800000; st.global.f32 [%rd4], %f2;\n"
         "DONE:\n  ret;\n}\n",
    /* a hidden tensor map of argument 0 */
    HEAD "// vptx: hidden tensor map of argument 0, box 64x64, swizzle 128, parameter 0\n"
         ".visible .entry map(.param .u64 p, .param .align 64 .b8 tm[128])\n{\n  ret;\n}\n",
    /* a persistent kernel: a map and the logical grid */
    HEAD "// vptx: block size 64 threads (32 of a producer warpgroup after the kernel's 32)\n"
         "// vptx: hidden tensor map of argument 1, box 32x32, swizzle 64, parameter 1\n"
         "// vptx: hidden logical grid (x, y, z: .u32), parameter 3\n"
         "// vptx: dynamic shared memory 4096 bytes\n"
         ".visible .entry pers(.param .u64 a, .param .u64 b, .param .align 64 .b8 tm[128],\n"
         "  .param .u32 gx, .param .u32 gy, .param .u32 gz)\n{\n  ret;\n}\n",
    /* an endless loop and a trivial entry */
    HEAD ".visible .entry spin()\n{\n$L:\n  bra $L;\n}\n"
         ".visible .entry trivial()\n{\n  ret;\n}\n",
    /* a line that is not one vptx writes */
    HEAD "// vptx: hidden tensor map of argument 0, box 64x64, swizzle 200, parameter 0\n"
         ".visible .entry bad(.param .u64 p, .param .align 64 .b8 tm[128])\n{\n  ret;\n}\n",
    /* a load through a pointer parameter: a fault for foreign and freed pointers */
    HEAD ".visible .entry rd(.param .u64 p)\n{\n  .reg .b32 %r<2>; .reg .b64 %rd<2>;\n"
         "  ld.param.u64 %rd1, [p]; ld.global.u32 %r1, [%rd1]; st.global.u32 [%rd1], %r1;\n"
         "  ret;\n}\n",
    /* not PTX */
    HEAD ".visible .entry broken(\n",
};
static const char *const names[] = { "add_one", "map", "pers", "spin", "trivial",
                                     "bad",     "rd",  "",     "nope", "broken" };

#define NCTX 3
#define NMOD 8
#define NFN  8
#define NPTR 16

typedef struct {
    VptxModule *mod;
    int ctx;
} Mod;
typedef struct {
    VptxFunction *fn;
    VptxModule *mod;
    int ctx;
} Fn;
typedef struct {
    VptxDevicePtr p;
    size_t size;
    int ctx;     /* the context that allocated it */
    bool live;   /* not freed, and its context not destroyed */
    bool orphan; /* its context was destroyed: a new context may hand out the same
                    address again, as a GPU may after cuCtxDestroy */
} Ptr;

typedef struct {
    const uint8_t *d;
    size_t n, at;
    VptxContext *ctx[NCTX];
    Mod mods[NMOD];
    Fn fns[NFN];
    Ptr ptrs[NPTR];
    unsigned char (*values)[128]; /* what params[i] point at */
} State;

static bool
take(State *s, unsigned *v)
{
    if (s->at >= s->n)
        return false;
    *v = s->d[s->at++];
    return true;
}

/* FUZZ_RUNTIME_VERBOSE=1 in the environment prints every call's status and message. */
static void
check(VptxContext *ctx, VptxStatus st, const char *what)
{
    static int verbose = -1;
    if (verbose < 0)
        verbose = getenv("FUZZ_RUNTIME_VERBOSE") != NULL;
    if (verbose)
        fprintf(stderr, "%s: %s %s\n", what, vptx_status_name(st),
                ctx ? vptx_context_error(ctx) : "");
    if ((unsigned)st > VPTX_ERR_DEVICE)
        fuzz_fail("%s: status %d", what, (int)st);
    if (st != VPTX_OK && ctx && !vptx_context_error(ctx)[0])
        fuzz_fail("%s: %s without a message", what, vptx_status_name(st));
}

/* Drops every handle of module slot i (and its functions). */
static void
drop_module(State *s, int i)
{
    for (int f = 0; f < NFN; f++)
        if (s->fns[f].fn && s->fns[f].mod == s->mods[i].mod)
            s->fns[f].fn = NULL;
    s->mods[i].mod = NULL;
}

static void
destroy_ctx(State *s, int c)
{
    for (int i = 0; i < NMOD; i++)
        if (s->mods[i].mod && s->mods[i].ctx == c)
            drop_module(s, i);
    for (int p = 0; p < NPTR; p++)
        if (s->ptrs[p].ctx == c && s->ptrs[p].p) {
            s->ptrs[p].live = false;
            s->ptrs[p].orphan = true;
        }
    vptx_context_destroy(s->ctx[c]);
    s->ctx[c] = NULL;
}

/* Grid and block from two bytes: small, or an edge of cuLaunchKernel's limits. */
static void
shape(unsigned g, unsigned b, unsigned grid[3], unsigned block[3])
{
    static const unsigned edge[] = { 0, 1, 65535, 65536, 2147483647u, 2147483648u, 0xffffffffu };
    grid[0] = g & 0x80 ? edge[g % 7] : 1 + g % 8;
    grid[1] = g & 0x40 ? edge[(g >> 3) % 7] : 1;
    grid[2] = 1;
    block[0] = b & 0x80 ? edge[b % 7] : 32u * (1 + b % 4);
    block[1] = b & 0x40 ? 65 : 1;
    block[2] = 1;
}

/* params: each entry points at 128 bytes holding a pointer of slot v or a small number,
   or is NULL. */
static void **
make_params(State *s, unsigned v, void **params)
{
    for (int i = 0; i < 8; i++) {
        Ptr *p = &s->ptrs[(v + (unsigned)i) % NPTR];
        uint64_t x = v & 1 ? p->p : (uint64_t)(v >> 1) + (uint64_t)i;
        memset(s->values[i], 0, 128);
        memcpy(s->values[i], &x, sizeof x);
        params[i] = (v >> 5 & 3) == 3 && i == (int)(v & 7) ? NULL : s->values[i];
    }
    return (v >> 7) ? NULL : params;
}

static void
op_launch(State *s, int c, bool memrefs)
{
    unsigned f, g, b, v, m;
    if (!take(s, &f) || !take(s, &g) || !take(s, &b) || !take(s, &v) || !take(s, &m))
        return;
    Fn *fn = &s->fns[f % NFN];
    if (!fn->fn)
        return;
    unsigned grid[3], block[3];
    shape(g, b, grid, block);
    void *storage[8];
    void **params = make_params(s, v, storage);
    VptxStatus st;
    if (!memrefs) {
        st = vptx_launch(s->ctx[c], fn->fn, grid, block, (m & 3) * 1024, params);
    } else {
        static const uint64_t odd[] = { 0, 1, 64, 1ull << 32, 1ull << 62, 1ull << 63, ~0ull };
        VptxMemref mr[3];
        for (int i = 0; i < 3; i++) {
            const Ptr *p = &s->ptrs[(m + (unsigned)i) % NPTR];
            mr[i] = (VptxMemref){ .base = p->p,
                                  .elem = (VptxElemType)(m % 9),
                                  .rank = m & 0x20 ? 3 : 2,
                                  .offset = m & 0x40 ? odd[(m >> 3) % 7] : 0,
                                  .sizes = { 64, 64 } };
            if (m & 0x80) {
                mr[i].sizes[0] = odd[m % 7];
                mr[i].strides[0] = odd[(m >> 2) % 7];
                mr[i].strides[1] = 1;
            }
        }
        st = vptx_launch_memrefs(s->ctx[c], fn->fn, grid, block, 0, params, (m & 0x10) ? NULL : mr,
                                 m % 4);
    }
    check(s->ctx[c], st, memrefs ? "vptx_launch_memrefs" : "vptx_launch");
    if (fn->ctx != c && st == VPTX_OK)
        fuzz_fail("context %d launched a function of context %d", c, fn->ctx);
}

/* A copy at pointer slot pi + offset: a foreign or freed pointer must be refused. */
static void
op_copy(State *s, int c, bool in)
{
    unsigned pi, off, len;
    if (!take(s, &pi) || !take(s, &off) || !take(s, &len))
        return;
    const Ptr *p = &s->ptrs[pi % NPTR];
    static unsigned char buf[70000];
    size_t n = len & 0x80 ? (size_t)(len & 0x7f) << 9 : len;
    VptxStatus st = in ? vptx_memcpy_htod(s->ctx[c], p->p + off, buf, n)
                       : vptx_memcpy_dtoh(s->ctx[c], buf, p->p + off, n);
    check(s->ctx[c], st, in ? "vptx_memcpy_htod" : "vptx_memcpy_dtoh");
    bool mine = p->p && p->live && p->ctx == c;
    if (st == VPTX_OK && n && !mine && !p->orphan)
        fuzz_fail("context %d copied %zu bytes at 0x%llx + %u, a pointer of context %d (%s)", c, n,
                  (unsigned long long)p->p, off, p->ctx, p->live ? "live" : "freed");
    if (st == VPTX_OK && n && off + n > p->size)
        fuzz_fail("a copy of %zu bytes at +%u of a %zu-byte allocation", n, off, p->size);
}

static void
op(State *s, unsigned code, int c)
{
    VptxContext *ctx = s->ctx[c];
    unsigned a, b;
    switch (code % 14) {
    case 0:
        if (!ctx) {
            VptxStatus st = vptx_context_create(VPTX_DEVICE_SIM, &s->ctx[c]);
            check(s->ctx[c], st, "vptx_context_create");
            if (st != VPTX_OK) {
                vptx_context_destroy(s->ctx[c]);
                s->ctx[c] = NULL;
            } else {
                vptx_context_set_limits(s->ctx[c], 20000, 0);
            }
        }
        return;
    case 1:
        if (ctx)
            destroy_ctx(s, c);
        return;
    }
    if (!ctx)
        return;
    switch (code % 14) {
    case 2: /* load */
        if (take(s, &a)) {
            int slot = -1;
            for (int i = 0; i < NMOD && slot < 0; i++)
                slot = s->mods[i].mod ? -1 : i;
            if (slot < 0)
                return;
            VptxStatus st = vptx_module_load(ctx, modules[a % (sizeof modules / sizeof *modules)],
                                             &s->mods[slot].mod);
            check(ctx, st, "vptx_module_load");
            s->mods[slot].ctx = c;
        }
        return;
    case 3: /* unload */
        if (take(s, &a) && s->mods[a % NMOD].mod) {
            Mod *m = &s->mods[a % NMOD];
            VptxStatus st = vptx_module_unload(ctx, m->mod);
            check(ctx, st, "vptx_module_unload");
            if (m->ctx != c && st == VPTX_OK)
                fuzz_fail("context %d unloaded a module of context %d", c, m->ctx);
            if (st == VPTX_OK)
                drop_module(s, (int)(a % NMOD));
        }
        return;
    case 4: /* get_function */
        if (take(s, &a) && take(s, &b) && s->mods[a % NMOD].mod) {
            Mod *m = &s->mods[a % NMOD];
            VptxFunction *fn = NULL;
            VptxStatus st = vptx_module_get_function(
                ctx, m->mod, names[b % (sizeof names / sizeof *names)], &fn);
            check(ctx, st, "vptx_module_get_function");
            if (st == VPTX_OK && m->ctx != c)
                fuzz_fail("context %d found a function in a module of context %d", c, m->ctx);
            if (st == VPTX_OK)
                s->fns[b % NFN] = (Fn){ fn, m->mod, c };
        }
        return;
    case 5: /* alloc */
        if (take(s, &a) && take(s, &b)) {
            static const size_t sizes[] = { 0, 1, 16, 100, 4096, 65536, (size_t)1 << 40, SIZE_MAX };
            size_t n = a & 0x80 ? sizes[a % 8] : (size_t)a * 8 + 1;
            Ptr *p = &s->ptrs[b % NPTR];
            VptxDevicePtr d = 0;
            VptxStatus st = vptx_mem_alloc(ctx, n, &d);
            check(ctx, st, "vptx_mem_alloc");
            if (st == VPTX_OK)
                *p = (Ptr){ d, n, c, true, false };
        }
        return;
    case 6: /* free */
        if (take(s, &a)) {
            Ptr *p = &s->ptrs[a % NPTR];
            VptxStatus st = vptx_mem_free(ctx, p->p);
            check(ctx, st, "vptx_mem_free");
            bool mine = p->p && p->live && p->ctx == c;
            if (st == VPTX_OK && !mine && !p->orphan)
                fuzz_fail("context %d freed 0x%llx of context %d (%s)", c, (unsigned long long)p->p,
                          p->ctx, p->live ? "live" : "freed");
            if (st == VPTX_OK)
                p->live = false;
        }
        return;
    case 7:
    case 8:
        op_copy(s, c, code % 14 == 7);
        return;
    case 9:
    case 10:
        op_launch(s, c, code % 14 == 10);
        return;
    case 11: /* timing */
        if (take(s, &a) && take(s, &b)) {
            static const char *const gpus[] = { "a100", "h100", "", NULL, "x100" };
            check(ctx, vptx_context_set_timing(ctx, gpus[a % 5], b % 5), "vptx_context_set_timing");
        }
        return;
    case 12: {
        VptxLaunchInfo info;
        VptxStatus st = vptx_last_launch_info(ctx, &info);
        if (st != VPTX_OK && st != VPTX_ERR_NOT_FOUND)
            fuzz_fail("vptx_last_launch_info: %s", vptx_status_name(st));
        if (st == VPTX_OK && (!info.gpu || !info.limiter))
            fuzz_fail("vptx_last_launch_info: NULL strings");
        return;
    }
    case 13: /* limits: at most 10^6 instructions, never a clock (inputs stay reproducible) */
        if (take(s, &a))
            check(ctx, vptx_context_set_limits(ctx, 1 + (uint64_t)a * 4000, 0),
                  "vptx_context_set_limits");
        return;
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    State s;
    memset(&s, 0, sizeof s);
    s.d = data;
    s.n = size;
    s.values = aligned_alloc(64, 8 * 128);
    if (!s.values)
        return 0;
    unsigned code, c;
    for (int steps = 0; steps < 64 && take(&s, &code) && take(&s, &c); steps++)
        op(&s, code, (int)(c % NCTX));
    for (int c2 = 0; c2 < NCTX; c2++)
        if (s.ctx[c2])
            destroy_ctx(&s, c2);
    free(s.values);
    return 0;
}
