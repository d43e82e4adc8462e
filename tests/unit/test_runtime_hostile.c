/*
 * test_runtime_hostile.c -- the runtime API (vptx_runtime.h) and the `// vptx:` line
 * helpers of vptx.h given hostile PTX text: the number of parameters and the
 * parameter a hidden tensor map names come from the kernel as the simulator parsed it,
 * never from the comments; every `// vptx:` line above an entry is checked (a line
 * that is not one vptx writes is an error, located, at vptx_module_get_function); the
 * helpers take NULL.  Each case here crashed the host program (SIGSEGV, a read past
 * the caller's params array) or was silently taken before.  Also: a memref offset
 * or pitch that wraps in bytes, a tensor map refused with its reason, the grid limits
 * of cuLaunchKernel, and contexts that refuse each other's pointers.
 */
#include "driver/vptx.h"
#include "driver/vptx_runtime.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/unit.h"

static bool
has(const char *text, const char *part)
{
    return text && strstr(text, part) != NULL;
}

/* A kernel with one pointer and one tensor map parameter, announced by `line`, and a body
   that does nothing; `extra` goes in the parameter list (comments, say). */
static char *
kernel(const char *line, const char *extra)
{
    static const char fmt[] = ".version 8.0\n"
                              ".target sm_90a\n"
                              ".address_size 64\n"
                              "%s\n"
                              ".visible .entry k(.param .u64 k_param_0%s,\n"
                              "  .param .align 64 .b8 k_param_1[128])\n"
                              "{\n"
                              "  ret;\n"
                              "}\n";
    size_t n = sizeof fmt + strlen(line) + strlen(extra);
    char *s = malloc(n);
    snprintf(s, n, fmt, line, extra);
    return s;
}

/* Loads ptx and asks for "k": the status of vptx_module_get_function (load must pass). */
static VptxStatus
get_k(VptxContext *ctx, const char *ptx, VptxFunction **fn)
{
    VptxModule *mod = NULL;
    *fn = NULL;
    VptxStatus s = vptx_module_load(ctx, ptx, &mod);
    CHECK(s == VPTX_OK, "load: %s", vptx_context_error(ctx));
    return s == VPTX_OK ? vptx_module_get_function(ctx, mod, "k", fn) : s;
}

/* bullet: `vptx_launch_memrefs` indexes params with the P of a hidden map line,
   unchecked (P = 100000000: SIGSEGV) */
static void
test_hidden_parameter_out_of_range(void)
{
    VptxContext *ctx = NULL;
    CHECK(vptx_context_create(VPTX_DEVICE_SIM, &ctx) == VPTX_OK, "create");
    static const char *const lines[] = {
        "// vptx: hidden tensor map of argument 0, box 64x64, swizzle 128, parameter 100000000",
        "// vptx: hidden tensor map of argument 0, box 64x64, swizzle 128, parameter 1",
        "// vptx: hidden tensor map of argument 0, box 64x64, swizzle 128, parameter 5",
    };
    static const char *const why[] = {
        ("<ptx>:4: error: entry 'k': expected 'hidden tensor map of argument N, box RxC, "
         "swizzle S, parameter P'"),
        "names parameter 1, which is not one of its 1 own 8-byte parameters",
        "names parameter 5, which is not one of its 1 own 8-byte parameters",
    };
    for (int i = 0; i < 3; i++) {
        char *ptx = kernel(lines[i], "");
        VptxFunction *fn = NULL;
        VptxStatus s = get_k(ctx, ptx, &fn);
        CHECK(s == VPTX_ERR_INVALID_PTX && has(vptx_context_error(ctx), why[i]),
              "line %d refused: %s: %s", i, vptx_status_name(s), vptx_context_error(ctx));
        if (fn) { /* what crashed */
            VptxDevicePtr p = 0;
            vptx_mem_alloc(ctx, 64 * 64 * 2, &p);
            void *params[] = { &p };
            VptxMemref mr = { .base = p, .elem = VPTX_ELEM_F16, .rank = 2, .sizes = { 64, 64 } };
            unsigned one[3] = { 1, 1, 1 };
            vptx_launch_memrefs(ctx, fn, one, one, 0, params, &mr, 1);
        }
        free(ptx);
    }
    vptx_context_destroy(ctx);
}

/* bullet: the parameter count came from counting the text `.param`, comments included
   (a read past the caller's params array) */
static void
test_param_count_from_parsed_kernel(void)
{
    VptxContext *ctx = NULL;
    CHECK(vptx_context_create(VPTX_DEVICE_SIM, &ctx) == VPTX_OK, "create");
    char *ptx = kernel("// vptx: hidden tensor map of argument 0, box 64x64, swizzle 128, "
                       "parameter 0",
                       " /* .param .param .param .param .param .param */");
    VptxFunction *fn = NULL;
    VptxStatus s = get_k(ctx, ptx, &fn);
    CHECK(s == VPTX_OK, "get_function: %s", vptx_context_error(ctx));
    VptxDevicePtr p = 0;
    CHECK(vptx_mem_alloc(ctx, 64 * 64 * 2, &p) == VPTX_OK, "alloc");
    /* exactly as many params as the kernel has of its own: one */
    void **params = malloc(sizeof *params);
    params[0] = &p;
    VptxMemref mr = { .base = p, .elem = VPTX_ELEM_F16, .rank = 2, .sizes = { 64, 64 } };
    unsigned one[3] = { 1, 1, 1 };
    s = vptx_launch_memrefs(ctx, fn, one, one, 0, params, &mr, 1);
    CHECK(s == VPTX_OK, "launch: %s: %s", vptx_status_name(s), vptx_context_error(ctx));
    free(params);
    free(ptx);

    /* the text announces more hidden parameters than the kernel has */
    ptx = kernel("// vptx: hidden tensor map of argument 0, box 64x64, swizzle 128, parameter 0\n"
                 "// vptx: hidden tensor map of argument 0, box 64x64, swizzle 128, parameter 0\n"
                 "// vptx: hidden logical grid (x, y, z: .u32), parameter 3",
                 "");
    s = get_k(ctx, ptx, &fn);
    CHECK(s == VPTX_ERR_INVALID_PTX &&
              has(vptx_context_error(ctx), "kernel 'k' has 2 parameters, fewer than the 5 hidden"),
          "too many hidden: %s", vptx_context_error(ctx));
    free(ptx);
    /* a map line above a parameter that is not a 128-byte map */
    ptx = kernel("// vptx: hidden logical grid (x, y, z: .u32), parameter 0", "");
    s = get_k(ctx, ptx, &fn);
    CHECK(s == VPTX_ERR_INVALID_PTX && has(vptx_context_error(ctx), "fewer than the 3 hidden"),
          "grid: %s", vptx_context_error(ctx));
    free(ptx);
    vptx_context_destroy(ctx);
}

/* bullet: validate every `// vptx:` line: each must be one vptx writes, whole, in range */
static void
test_every_line_checked(void)
{
    static const struct {
        const char *line, *why;
    } cases[] = {
        { "// vptx: hidden tensor map of argument 0, box 64x64, swizzle 200, parameter 0",
          "swizzle S" },
        { "// vptx: hidden tensor map of argument 0, box 0x64, swizzle 128, parameter 0",
          "with R and C from 1 to 256" },
        { "// vptx: hidden tensor map of argument 0, box 64x64, swizzle 128, parameter 0 junk",
          "expected 'hidden tensor map" },
        { "// vptx: hidden tensor map of argument -1, box 64x64, swizzle 128, parameter 0",
          "expected 'hidden tensor map" },
        { "// vptx: dynamic shared memory 99999999999999999999 bytes",
          "expected 'dynamic shared memory N bytes' with N from 1 to 2147483647" },
        { "// vptx: dynamic shared memory 1024 bytes\n// vptx: dynamic shared memory 2048 bytes",
          "<ptx>:5: error: entry 'k': a second 'dynamic shared memory' line" },
        { "// vptx: block size 5000 threads (128 of a producer warpgroup after the kernel's 4872)",
          "with B = E + K, from 1 to 1024" },
        { "// vptx: block size 256 threads (128 of a producer warpgroup after the kernel's 64)",
          "with B = E + K" },
        { "// vptx: launch me with 4096 threads", "unknown '// vptx:' line" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        VptxContext *ctx = NULL;
        vptx_context_create(VPTX_DEVICE_SIM, &ctx);
        char *ptx = kernel(cases[i].line, "");
        VptxFunction *fn = NULL;
        VptxStatus s = get_k(ctx, ptx, &fn);
        CHECK(s == VPTX_ERR_INVALID_PTX && has(vptx_context_error(ctx), cases[i].why),
              "case %zu: %s: %s", i, vptx_status_name(s), vptx_context_error(ctx));
        /* the helpers of vptx.h give no number from such lines */
        CHECK(vptx_dynamic_smem(ptx, "k") == 0 && vptx_block_threads(ptx, "k") == 0 &&
                  vptx_hidden_grid(ptx, "k") == -1,
              "case %zu: helpers", i);
        free(ptx);
        vptx_context_destroy(ctx);
    }
    /* the lines vptx writes pass, and the helpers read them */
    char *ptx = kernel("// vptx: block size 384 threads (128 of a producer warpgroup after the "
                       "kernel's 256)\n"
                       "// vptx: hidden tensor map of argument 0, box 64x32, swizzle 64, "
                       "parameter 0, unused when its rows are not whole 16-byte pieces\n"
                       "// vptx: dynamic shared memory 99328 bytes",
                       "");
    VptxContext *ctx = NULL;
    vptx_context_create(VPTX_DEVICE_SIM, &ctx);
    VptxFunction *fn = NULL, *again = NULL;
    CHECK(get_k(ctx, ptx, &fn) == VPTX_OK, "good lines: %s", vptx_context_error(ctx));
    CHECK(vptx_dynamic_smem(ptx, "k") == 99328 && vptx_block_threads(ptx, "k") == 384 &&
              vptx_hidden_grid(ptx, "k") == -1,
          "helpers on good lines");
    vptx_context_destroy(ctx);
    /* a module with two entries: a bad line above one does not spoil the other */
    size_t n = strlen(ptx) + 200;
    char *two = malloc(n);
    snprintf(two, n, "%s// vptx: nonsense\n.visible .entry other()\n{\n  ret;\n}\n", ptx);
    vptx_context_create(VPTX_DEVICE_SIM, &ctx);
    VptxModule *mod = NULL;
    CHECK(vptx_module_load(ctx, two, &mod) == VPTX_OK, "two: %s", vptx_context_error(ctx));
    CHECK(vptx_module_get_function(ctx, mod, "k", &fn) == VPTX_OK, "two: k");
    CHECK(vptx_module_get_function(ctx, mod, "k", &again) == VPTX_OK && again == fn,
          "the same handle twice");
    CHECK(vptx_module_get_function(ctx, mod, "other", &fn) == VPTX_ERR_INVALID_PTX &&
              has(vptx_context_error(ctx), "<ptx>:12: error: entry 'other': unknown"),
          "two: other: %s", vptx_context_error(ctx));
    CHECK(vptx_dynamic_smem(two, "k") == 99328, "helpers: the good entry of two");
    vptx_context_destroy(ctx);
    free(two);
    free(ptx);
}

/* bullet: vptx_dynamic_smem, vptx_block_threads, vptx_hidden_grid and
   vptx_persistent_workgroups crash on NULL */
static void
test_helpers_take_null(void)
{
    static const char ptx[] = "// vptx: dynamic shared memory 4096 bytes\n"
                              ".visible .entry k()\n{\n  ret;\n}\n";
    CHECK(vptx_dynamic_smem(NULL, "k") == 0 && vptx_dynamic_smem(ptx, NULL) == 0,
          "vptx_dynamic_smem(NULL)");
    CHECK(vptx_block_threads(NULL, "k") == 0 && vptx_block_threads(ptx, NULL) == 0,
          "vptx_block_threads(NULL)");
    CHECK(vptx_hidden_grid(NULL, "k") == -1 && vptx_hidden_grid(ptx, NULL) == -1,
          "vptx_hidden_grid(NULL)");
    CHECK(vptx_persistent_workgroups(NULL, 0) == 0, "vptx_persistent_workgroups(NULL)");
    CHECK(vptx_dynamic_smem(ptx, "k") == 4096, "and the real answer");
}

/* A context with kernel k of kernel() above loaded, announced by one map line of argument
   0 (parameter 0), and a 64x64 f16 buffer in *p. */
static VptxContext *
map_kernel(VptxFunction **fn, VptxDevicePtr *p)
{
    VptxContext *ctx = NULL;
    vptx_context_create(VPTX_DEVICE_SIM, &ctx);
    char *ptx = kernel("// vptx: hidden tensor map of argument 0, box 64x64, swizzle 128, "
                       "parameter 0",
                       "");
    CHECK(get_k(ctx, ptx, fn) == VPTX_OK, "map kernel: %s", vptx_context_error(ctx));
    free(ptx);
    CHECK(vptx_mem_alloc(ctx, 64 * 64 * 2, p) == VPTX_OK, "alloc");
    return ctx;
}

/* bullet: `VptxMemref.offset * element size` can wrap */
static void
test_memref_offset_overflow(void)
{
    VptxFunction *fn;
    VptxDevicePtr p;
    VptxContext *ctx = map_kernel(&fn, &p);
    void *params[] = { &p };
    unsigned one[3] = { 1, 1, 1 };
    /* 2^63 f16 elements are 2^64 bytes: base + offset * 2 wrapped around to base */
    VptxMemref mr = { .base = p, .elem = VPTX_ELEM_F16, .rank = 2, .sizes = { 64, 64 } };
    mr.offset = 1ull << 63;
    VptxStatus s = vptx_launch_memrefs(ctx, fn, one, one, 0, params, &mr, 1);
    CHECK(s == VPTX_ERR_INVALID_ARGUMENT &&
              has(vptx_context_error(ctx), "memrefs[0] has an offset of 9223372036854775808"),
          "offset wraps: %s: %s", vptx_status_name(s), vptx_context_error(ctx));
    mr.offset = 0;
    mr.strides[0] = 1ull << 63;
    mr.strides[1] = 1;
    s = vptx_launch_memrefs(ctx, fn, one, one, 0, params, &mr, 1);
    CHECK(s == VPTX_ERR_INVALID_ARGUMENT && has(vptx_context_error(ctx), "past 64-bit byte"),
          "pitch wraps: %s: %s", vptx_status_name(s), vptx_context_error(ctx));
    vptx_context_destroy(ctx);
}

/* bullet: a tensor-map refusal ends in an empty reason */
static void
test_tensor_map_refusal_reason(void)
{
    VptxFunction *fn;
    VptxDevicePtr p;
    VptxContext *ctx = map_kernel(&fn, &p);
    void *params[] = { &p };
    unsigned one[3] = { 1, 1, 1 };
    VptxMemref mr = { .base = p, .elem = VPTX_ELEM_F16, .rank = 2, .sizes = { 64, 63 } };
    mr.offset = 1; /* 2 bytes: the map's base is not 16-byte aligned */
    VptxStatus s = vptx_launch_memrefs(ctx, fn, one, one, 0, params, &mr, 1);
    CHECK(s == VPTX_ERR_INVALID_ARGUMENT &&
              has(vptx_context_error(ctx), "cannot map memrefs[0]: global address 0x") &&
              has(vptx_context_error(ctx), "is not 16-byte aligned"),
          "reason: %s", vptx_context_error(ctx));
    mr.offset = 0;
    mr.sizes[0] = 1ull << 33; /* a dimension above 2^32 */
    s = vptx_launch_memrefs(ctx, fn, one, one, 0, params, &mr, 1);
    CHECK(s == VPTX_ERR_INVALID_ARGUMENT &&
              has(vptx_context_error(ctx), "dimension 1 has size 8589934592 (1 to 2^32)"),
          "reason: %s", vptx_context_error(ctx));
    vptx_context_destroy(ctx);
}

/* bullet: the runtime accepts grid.x >= 2^31 (CUDA refuses at once) */
static void
test_grid_limits(void)
{
    VptxContext *ctx = NULL;
    vptx_context_create(VPTX_DEVICE_SIM, &ctx);
    static const char ptx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                              ".visible .entry e()\n{\n  ret;\n}\n";
    VptxModule *mod;
    VptxFunction *fn;
    CHECK(vptx_module_load(ctx, ptx, &mod) == VPTX_OK &&
              vptx_module_get_function(ctx, mod, "e", &fn) == VPTX_OK,
          "load");
    unsigned one[3] = { 1, 1, 1 };
    unsigned grids[][3] = {
        { 1u << 31, 1, 1 }, { 0xffffffffu, 1, 1 }, { 1, 65536, 1 }, { 1, 1, 65536 }
    };
    for (int i = 0; i < 4; i++) {
        VptxStatus s = vptx_launch(ctx, fn, grids[i], one, 0, NULL);
        CHECK(s == VPTX_ERR_LAUNCH && has(vptx_context_error(ctx), "out of range (grid x at most "
                                                                   "2147483647"),
              "grid %d: %s: %s", i, vptx_status_name(s), vptx_context_error(ctx));
    }
    unsigned block[3] = { 1, 1, 65 };
    CHECK(vptx_launch(ctx, fn, one, block, 0, NULL) == VPTX_ERR_LAUNCH, "block z 65");
    CHECK(vptx_launch(ctx, fn, one, one, 0, NULL) == VPTX_OK, "one: %s", vptx_context_error(ctx));
    vptx_context_destroy(ctx);
}

/* bullet: simulator contexts hand out the same addresses, so a pointer from context B is
   accepted by context A */
static void
test_contexts_own_addresses(void)
{
    VptxContext *a = NULL, *b = NULL;
    vptx_context_create(VPTX_DEVICE_SIM, &a);
    vptx_context_create(VPTX_DEVICE_SIM, &b);
    VptxDevicePtr pa = 0, pb = 0;
    CHECK(vptx_mem_alloc(a, 256, &pa) == VPTX_OK && vptx_mem_alloc(b, 256, &pb) == VPTX_OK,
          "allocs");
    CHECK(pa != pb, "two contexts gave the same address 0x%llx", (unsigned long long)pa);
    char buf[256] = { 0 };
    VptxStatus s = vptx_memcpy_htod(a, pb, buf, sizeof buf);
    CHECK(s == VPTX_ERR_INVALID_ADDRESS && has(vptx_context_error(a), "not inside a live"),
          "a takes b's pointer: %s", vptx_status_name(s));
    CHECK(vptx_memcpy_dtoh(b, buf, pa, sizeof buf) == VPTX_ERR_INVALID_ADDRESS,
          "b takes a's pointer");
    CHECK(vptx_mem_free(a, pb) == VPTX_ERR_INVALID_ADDRESS, "a frees b's pointer");
    CHECK(vptx_mem_free(b, pb) == VPTX_OK, "b frees its own");
    vptx_context_destroy(a);
    vptx_context_destroy(b);
    /* a context's range goes back when it is destroyed: the next one reuses it */
    VptxContext *c = NULL;
    vptx_context_create(VPTX_DEVICE_SIM, &c);
    VptxDevicePtr pc = 0;
    CHECK(vptx_mem_alloc(c, 256, &pc) == VPTX_OK && pc == pa, "the first range again: 0x%llx",
          (unsigned long long)pc);
    vptx_context_destroy(c);
}

/* bullet: the simulator's limits, deterministic by default and set through the runtime
   API, whose error names its own call (it told a library caller to pass a flag) */
static void
test_limits_api(void)
{
    static const char ptx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                              ".visible .entry spin()\n{\n$L:\n  bra $L;\n}\n"
                              ".visible .entry trivial()\n{\n  ret;\n}\n";
    VptxContext *ctx = NULL;
    vptx_context_create(VPTX_DEVICE_SIM, &ctx);
    VptxModule *mod;
    VptxFunction *spin = NULL, *trivial = NULL;
    CHECK(vptx_module_load(ctx, ptx, &mod) == VPTX_OK &&
              vptx_module_get_function(ctx, mod, "spin", &spin) == VPTX_OK &&
              vptx_module_get_function(ctx, mod, "trivial", &trivial) == VPTX_OK,
          "load");
    CHECK(vptx_context_set_limits(ctx, 100000, 0) == VPTX_OK, "set_limits");
    unsigned one[3] = { 1, 1, 1 };
    VptxStatus s = vptx_launch(ctx, spin, one, one, 0, NULL);
    const char *e = vptx_context_error(ctx);
    CHECK(s == VPTX_ERR_KERNEL_FAULT && has(e, "instruction limit of 100000 exceeded") &&
              has(e, "raise the limit with vptx_context_set_limits (max_instructions") &&
              !has(e, "--max-instructions"),
          "spin: %s: %s", vptx_status_name(s), e);
    /* a huge grid of trivial workgroups ends at the instruction limit too */
    unsigned huge[3] = { 2147483647u, 65535, 1 };
    s = vptx_launch(ctx, trivial, huge, one, 0, NULL);
    CHECK(s == VPTX_ERR_KERNEL_FAULT && has(vptx_context_error(ctx), "exceeded after 3031 CTAs"),
          "huge grid: %s", vptx_context_error(ctx));
    /* a time limit on request */
    CHECK(vptx_context_set_limits(ctx, 0, 50) == VPTX_OK, "set_limits");
    s = vptx_launch(ctx, spin, one, one, 0, NULL);
    CHECK(s == VPTX_ERR_KERNEL_FAULT && has(vptx_context_error(ctx), "time limit of 50 ms") &&
              has(vptx_context_error(ctx), "vptx_context_set_limits (timeout_ms"),
          "timeout: %s", vptx_context_error(ctx));
    CHECK(vptx_context_set_limits(NULL, 1, 1) == VPTX_ERR_INVALID_ARGUMENT, "NULL context");
    vptx_context_destroy(ctx);
}

int
main(void)
{
    test_hidden_parameter_out_of_range();
    test_param_count_from_parsed_kernel();
    test_every_line_checked();
    test_helpers_take_null();
    test_memref_offset_overflow();
    test_tensor_map_refusal_reason();
    test_grid_limits();
    test_contexts_own_addresses();
    test_limits_api();
    return unit_report();
}
