/*
 * test_runtime.c -- the runtime C API (driver/vptx_runtime.h) on the simulator:
 * every call refuses NULL and foreign handles, zero sizes and bad launch shapes
 * with a status and a message, and a hand-written PTX kernel (not ptxgen's)
 * runs and reads back what a C loop computes, also in four threads at once.
 * Modules and buffers left at vptx_context_destroy are freed (ASan's leak
 * check would say otherwise).  With vptx_context_set_timing the last launch's
 * info carries the timing model's figures; an unknown GPU is refused.
 */
#include "driver/vptx_runtime.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/unit.h"

/* x[i] += 1 for i < n, one thread per element. */
static const char add_one_ptx[] = ".version 7.0\n"
                                  ".target sm_80\n"
                                  ".address_size 64\n"
                                  ".visible .entry add_one(.param .u64 p_x, .param .u32 p_n)\n"
                                  "{\n"
                                  "  .reg .pred %p;\n"
                                  "  .reg .b32 %r<6>;\n"
                                  "  .reg .f32 %f<3>;\n"
                                  "  .reg .b64 %rd<5>;\n"
                                  "  ld.param.u64 %rd1, [p_x];\n"
                                  "  ld.param.u32 %r1, [p_n];\n"
                                  "  mov.u32 %r2, %ctaid.x;\n"
                                  "  mov.u32 %r3, %ntid.x;\n"
                                  "  mov.u32 %r4, %tid.x;\n"
                                  "  mad.lo.s32 %r5, %r2, %r3, %r4;\n"
                                  "  setp.ge.u32 %p, %r5, %r1;\n"
                                  "  @%p bra DONE;\n"
                                  "  cvta.to.global.u64 %rd2, %rd1;\n"
                                  "  mul.wide.u32 %rd3, %r5, 4;\n"
                                  "  add.s64 %rd4, %rd2, %rd3;\n"
                                  "  ld.global.f32 %f1, [%rd4];\n"
                                  "  add.f32 %f2, %f1, 0f3F800000;\n"
                                  "  st.global.f32 [%rd4], %f2;\n"
                                  "DONE:\n"
                                  "  ret;\n"
                                  "}\n";

static bool
has(const char *text, const char *part)
{
    return text && strstr(text, part) != NULL;
}

static void
test_create(void)
{
    CHECK(vptx_context_create(VPTX_DEVICE_SIM, NULL) == VPTX_ERR_INVALID_ARGUMENT, "NULL out");
    VptxContext *ctx = NULL;
    CHECK(vptx_context_create((VptxDeviceKind)7, &ctx) == VPTX_ERR_INVALID_ARGUMENT, "bad kind");
    CHECK(ctx && has(vptx_context_error(ctx), "unknown device kind 7"), "bad kind message: %s",
          vptx_context_error(ctx));
    VptxDevicePtr p = 1;
    CHECK(vptx_mem_alloc(ctx, 16, &p) == VPTX_ERR_INVALID_ARGUMENT, "a failed context is unusable");
    vptx_context_destroy(ctx);
    vptx_context_destroy(NULL);

    /* No GPU here (or one): either way a status and, on failure, a reason. */
    ctx = NULL;
    VptxStatus s = vptx_context_create(VPTX_DEVICE_CUDA, &ctx);
    CHECK(s == VPTX_OK || s == VPTX_ERR_UNAVAILABLE || s == VPTX_ERR_DEVICE, "cuda: %s",
          vptx_status_name(s));
    CHECK(ctx != NULL, "cuda: a context even on failure");
    if (s != VPTX_OK)
        CHECK(vptx_context_error(ctx)[0] != 0, "cuda: a reason");
    vptx_context_destroy(ctx);

    /* NULL contexts everywhere */
    VptxModule *m = NULL;
    VptxFunction *f = NULL;
    unsigned one[3] = { 1, 1, 1 };
    char buf[4];
    CHECK(vptx_module_load(NULL, add_one_ptx, &m) == VPTX_ERR_INVALID_ARGUMENT, "load NULL ctx");
    CHECK(vptx_module_unload(NULL, m) == VPTX_ERR_INVALID_ARGUMENT, "unload NULL ctx");
    CHECK(vptx_module_get_function(NULL, m, "add_one", &f) == VPTX_ERR_INVALID_ARGUMENT,
          "get_function NULL ctx");
    CHECK(vptx_mem_alloc(NULL, 4, &p) == VPTX_ERR_INVALID_ARGUMENT, "alloc NULL ctx");
    CHECK(vptx_mem_free(NULL, p) == VPTX_ERR_INVALID_ARGUMENT, "free NULL ctx");
    CHECK(vptx_memcpy_htod(NULL, p, buf, 4) == VPTX_ERR_INVALID_ARGUMENT, "htod NULL ctx");
    CHECK(vptx_memcpy_dtoh(NULL, buf, p, 4) == VPTX_ERR_INVALID_ARGUMENT, "dtoh NULL ctx");
    CHECK(vptx_launch(NULL, f, one, one, 0, NULL) == VPTX_ERR_INVALID_ARGUMENT, "launch NULL ctx");
    VptxLaunchInfo info;
    CHECK(vptx_last_launch_info(NULL, &info) == VPTX_ERR_INVALID_ARGUMENT, "info NULL ctx");
    CHECK(vptx_context_error(NULL)[0] != 0, "error of NULL");
    CHECK(strcmp(vptx_context_device_name(NULL), "") == 0, "name of NULL");
}

static void
test_modules(VptxContext *ctx, VptxContext *other)
{
    VptxModule *m = NULL, *theirs = NULL;
    VptxFunction *f = NULL;
    CHECK(vptx_module_load(ctx, NULL, &m) == VPTX_ERR_INVALID_ARGUMENT, "NULL ptx");
    CHECK(vptx_module_load(ctx, add_one_ptx, NULL) == VPTX_ERR_INVALID_ARGUMENT, "NULL out");
    CHECK(vptx_module_load(ctx, ".version 7.0\n.target sm_80\nbogus;\n", &m) ==
              VPTX_ERR_INVALID_PTX,
          "bad PTX");
    CHECK(m == NULL && has(vptx_context_error(ctx), "<ptx>:3"), "bad PTX message: %s",
          vptx_context_error(ctx));
    CHECK(vptx_module_load(ctx, add_one_ptx, &m) == VPTX_OK, "load: %s", vptx_context_error(ctx));
    CHECK(strcmp(vptx_context_error(ctx), "") == 0, "success clears the error");
    CHECK(vptx_module_load(other, add_one_ptx, &theirs) == VPTX_OK, "load other");
    CHECK(vptx_module_get_function(ctx, m, "nope", &f) == VPTX_ERR_NOT_FOUND, "no such kernel");
    CHECK(f == NULL && has(vptx_context_error(ctx), "'nope'"), "not found message: %s",
          vptx_context_error(ctx));
    CHECK(vptx_module_get_function(ctx, NULL, "add_one", &f) == VPTX_ERR_INVALID_ARGUMENT,
          "NULL module");
    CHECK(vptx_module_get_function(ctx, m, NULL, &f) == VPTX_ERR_INVALID_ARGUMENT, "NULL name");
    CHECK(vptx_module_get_function(ctx, m, "add_one", NULL) == VPTX_ERR_INVALID_ARGUMENT,
          "NULL out");
    CHECK(vptx_module_get_function(ctx, theirs, "add_one", &f) == VPTX_ERR_INVALID_ARGUMENT,
          "another context's module");
    CHECK(vptx_module_unload(ctx, theirs) == VPTX_ERR_INVALID_ARGUMENT, "unload another's");
    CHECK(vptx_module_unload(ctx, NULL) == VPTX_OK, "unload NULL");
    VptxFunction *g = NULL;
    CHECK(vptx_module_get_function(ctx, m, "add_one", &f) == VPTX_OK, "get_function");
    CHECK(vptx_module_get_function(ctx, m, "add_one", &g) == VPTX_OK && g == f,
          "the same handle twice");
    CHECK(vptx_module_unload(ctx, m) == VPTX_OK, "unload");
    /* `theirs` stays loaded: vptx_context_destroy(other) must free it */
}

static void
test_memory(VptxContext *ctx)
{
    VptxDevicePtr p = 0;
    char buf[64] = { 0 };
    CHECK(vptx_mem_alloc(ctx, 0, &p) == VPTX_ERR_INVALID_ARGUMENT, "0 bytes");
    CHECK(has(vptx_context_error(ctx), "0 bytes"), "0 bytes message");
    CHECK(vptx_mem_alloc(ctx, 16, NULL) == VPTX_ERR_INVALID_ARGUMENT, "NULL out");
    CHECK(vptx_mem_alloc(ctx, 16, &p) == VPTX_OK && p != 0, "alloc");
    CHECK(p % 256 == 0, "256-byte aligned");
    CHECK(vptx_memcpy_htod(ctx, p, NULL, 4) == VPTX_ERR_INVALID_ARGUMENT, "NULL src");
    CHECK(vptx_memcpy_dtoh(ctx, NULL, p, 4) == VPTX_ERR_INVALID_ARGUMENT, "NULL dst");
    CHECK(vptx_memcpy_htod(ctx, p, buf, 17) == VPTX_ERR_INVALID_ADDRESS, "past the end");
    CHECK(has(vptx_context_error(ctx), "not inside a live allocation"), "range message: %s",
          vptx_context_error(ctx));
    CHECK(vptx_memcpy_dtoh(ctx, buf, p + 8, 9) == VPTX_ERR_INVALID_ADDRESS, "past the end (dtoh)");
    CHECK(vptx_memcpy_dtoh(ctx, buf, 12345, 4) == VPTX_ERR_INVALID_ADDRESS, "not an allocation");
    CHECK(vptx_memcpy_htod(ctx, p, buf, 0) == VPTX_OK, "0 bytes copy is a no-op");
    CHECK(vptx_memcpy_htod(ctx, p + 8, "abcdefgh", 8) == VPTX_OK, "copy at an offset");
    CHECK(vptx_memcpy_dtoh(ctx, buf, p, 16) == VPTX_OK && memcmp(buf + 8, "abcdefgh", 8) == 0,
          "copy round trip");
    CHECK(vptx_mem_free(ctx, p) == VPTX_OK, "free");
    CHECK(vptx_mem_free(ctx, p) == VPTX_ERR_INVALID_ADDRESS, "double free");
    CHECK(vptx_memcpy_htod(ctx, p, buf, 4) == VPTX_ERR_INVALID_ADDRESS, "use after free");
    CHECK(vptx_mem_alloc(ctx, 100, &p) == VPTX_OK, "alloc left for destroy");
}

static void
test_launch(VptxContext *ctx, VptxContext *other)
{
    VptxModule *m = NULL, *om = NULL;
    VptxFunction *f = NULL, *of = NULL;
    VptxDevicePtr x = 0;
    float host[128], want[128];
    VptxLaunchInfo info;
    CHECK(vptx_last_launch_info(ctx, &info) == VPTX_ERR_NOT_FOUND, "no launch yet");
    CHECK(vptx_module_load(ctx, add_one_ptx, &m) == VPTX_OK, "load");
    CHECK(vptx_module_get_function(ctx, m, "add_one", &f) == VPTX_OK, "get_function");
    CHECK(vptx_module_load(other, add_one_ptx, &om) == VPTX_OK, "load other");
    CHECK(vptx_module_get_function(other, om, "add_one", &of) == VPTX_OK, "get_function other");
    for (int i = 0; i < 128; i++) {
        host[i] = (float)i * 0.5f;
        want[i] = i < 100 ? host[i] + 1 : host[i];
    }
    CHECK(vptx_mem_alloc(ctx, sizeof host, &x) == VPTX_OK, "alloc");
    CHECK(vptx_memcpy_htod(ctx, x, host, sizeof host) == VPTX_OK, "htod");
    uint32_t n = 100;
    void *params[] = { &x, &n };
    void *holes[] = { &x, NULL };
    unsigned grid[3] = { 2, 1, 1 }, block[3] = { 64, 1, 1 }, zero[3] = { 2, 0, 1 };
    unsigned huge[3] = { 64, 32, 1 };
    CHECK(vptx_launch(ctx, NULL, grid, block, 0, params) == VPTX_ERR_INVALID_ARGUMENT, "NULL fn");
    CHECK(vptx_launch(ctx, of, grid, block, 0, params) == VPTX_ERR_INVALID_ARGUMENT,
          "another context's function");
    CHECK(vptx_launch(ctx, f, NULL, block, 0, params) == VPTX_ERR_INVALID_ARGUMENT, "NULL grid");
    CHECK(vptx_launch(ctx, f, grid, NULL, 0, params) == VPTX_ERR_INVALID_ARGUMENT, "NULL block");
    CHECK(vptx_launch(ctx, f, zero, block, 0, params) == VPTX_ERR_INVALID_ARGUMENT, "grid 0");
    CHECK(vptx_launch(ctx, f, grid, zero, 0, params) == VPTX_ERR_INVALID_ARGUMENT, "block 0");
    CHECK(vptx_launch(ctx, f, grid, huge, 0, params) == VPTX_ERR_LAUNCH, "2048 threads");
    CHECK(has(vptx_context_error(ctx), "more than 1024"), "block message");
    CHECK(vptx_launch(ctx, f, grid, block, 0, NULL) == VPTX_ERR_INVALID_ARGUMENT, "NULL params");
    CHECK(has(vptx_context_error(ctx), "has 2 parameters"), "params message: %s",
          vptx_context_error(ctx));
    CHECK(vptx_launch(ctx, f, grid, block, 0, holes) == VPTX_ERR_INVALID_ARGUMENT,
          "params[1] NULL");
    CHECK(vptx_last_launch_info(ctx, &info) == VPTX_ERR_NOT_FOUND, "refused launches count not");

    CHECK(vptx_launch(ctx, f, grid, block, 0, params) == VPTX_OK, "launch: %s",
          vptx_context_error(ctx));
    CHECK(vptx_memcpy_dtoh(ctx, host, x, sizeof host) == VPTX_OK, "dtoh");
    CHECK(memcmp(host, want, sizeof host) == 0, "x[i] + 1 for i < 100, as the C loop");
    CHECK(vptx_last_launch_info(ctx, NULL) == VPTX_ERR_INVALID_ARGUMENT, "NULL info");
    CHECK(vptx_last_launch_info(ctx, &info) == VPTX_OK, "info");
    CHECK(info.ms == -1 && info.threads == 128, "sim info: ms %g, threads %llu", info.ms,
          info.threads);
    /* 100 threads load and store 4 bytes each */
    CHECK(info.global_load_bytes == 400 && info.global_store_bytes == 400, "bytes %llu %llu",
          info.global_load_bytes, info.global_store_bytes);
    CHECK(info.instructions > 128, "instructions %llu", info.instructions);

    /* a kernel that faults: x points nowhere */
    VptxDevicePtr nowhere = 8;
    void *bad[] = { &nowhere, &n };
    CHECK(vptx_launch(ctx, f, grid, block, 0, bad) == VPTX_ERR_KERNEL_FAULT, "fault");
    CHECK(vptx_context_error(ctx)[0] != 0, "fault message");
    /* m and x stay: vptx_context_destroy frees them */
}

/* One thread's work: its own context, module, buffer and launch; true when the
 * result matches the C loop. */
static void *
thread_main(void *arg)
{
    int k = *(int *)arg;
    VptxContext *ctx = NULL;
    VptxModule *m = NULL;
    VptxFunction *f = NULL;
    VptxDevicePtr x = 0;
    float host[256], want[256];
    for (int i = 0; i < 256; i++) {
        host[i] = (float)(i + k);
        want[i] = i < 200 + k ? host[i] + 1 : host[i];
    }
    uint32_t n = 200 + (uint32_t)k;
    void *params[] = { &x, &n };
    unsigned grid[3] = { 4, 1, 1 }, block[3] = { 64, 1, 1 };
    bool good = vptx_context_create(VPTX_DEVICE_SIM, &ctx) == VPTX_OK &&
                vptx_module_load(ctx, add_one_ptx, &m) == VPTX_OK &&
                vptx_module_get_function(ctx, m, "add_one", &f) == VPTX_OK &&
                vptx_mem_alloc(ctx, sizeof host, &x) == VPTX_OK &&
                vptx_memcpy_htod(ctx, x, host, sizeof host) == VPTX_OK &&
                vptx_launch(ctx, f, grid, block, 0, params) == VPTX_OK &&
                vptx_memcpy_dtoh(ctx, host, x, sizeof host) == VPTX_OK &&
                memcmp(host, want, sizeof host) == 0;
    vptx_context_destroy(ctx);
    return good ? arg : NULL;
}

/* Four sim contexts in four threads at once, each with its own inputs. */
static void
test_threads(void)
{
    pthread_t th[4];
    int ids[4] = { 0, 1, 2, 3 };
    bool started[4];
    for (int i = 0; i < 4; i++)
        started[i] = pthread_create(&th[i], NULL, thread_main, &ids[i]) == 0;
    for (int i = 0; i < 4; i++) {
        void *r = NULL;
        CHECK(started[i] && pthread_join(th[i], &r) == 0 && r == &ids[i], "thread %d", i);
    }
}

static void
test_names(void)
{
    for (int a = VPTX_OK; a <= VPTX_ERR_DEVICE; a++)
        for (int b = a + 1; b <= VPTX_ERR_DEVICE; b++)
            CHECK(strcmp(vptx_status_name((VptxStatus)a), vptx_status_name((VptxStatus)b)) != 0,
                  "names %d and %d", a, b);
    CHECK(strcmp(vptx_status_name(VPTX_ERR_UNAVAILABLE), "VPTX_ERR_UNAVAILABLE") == 0, "name");
    CHECK(strcmp(vptx_status_name((VptxStatus)99), "unknown VptxStatus") == 0, "unknown");
}

static bool
known_limiter(const char *l)
{
    static const char *const names[] = { "dram",  "l2",      "smem",    "tensor",  "fp32",
                                         "issue", "latency", "atomics", "barrier", "launch" };
    for (size_t i = 0; l && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(l, names[i]) == 0)
            return true;
    return false;
}

/* The timing model through the runtime: figures present and sane, the kernel's
 * results and counts the same as without it, bad names and targets refused. */
static void
test_timing(void)
{
    VptxContext *ctx = NULL;
    VptxModule *m = NULL, *m86 = NULL;
    VptxFunction *f = NULL, *f86 = NULL;
    VptxDevicePtr x = 0;
    float host[256], want[256];
    if (vptx_context_create(VPTX_DEVICE_SIM, &ctx) != VPTX_OK) {
        CHECK(false, "timing: no sim context");
        vptx_context_destroy(ctx);
        return;
    }
    CHECK(vptx_context_set_timing(NULL, "a100", 0) == VPTX_ERR_INVALID_ARGUMENT, "timing NULL");
    CHECK(vptx_context_set_timing(ctx, "v100", 0) == VPTX_ERR_INVALID_ARGUMENT, "unknown GPU");
    CHECK(has(vptx_context_error(ctx), "v100") && has(vptx_context_error(ctx), "a100") &&
              has(vptx_context_error(ctx), "h100"),
          "unknown GPU message names it and lists the models: %s", vptx_context_error(ctx));
    CHECK(vptx_module_load(ctx, add_one_ptx, &m) == VPTX_OK, "timing load");
    CHECK(vptx_module_get_function(ctx, m, "add_one", &f) == VPTX_OK, "timing get_function");
    for (int i = 0; i < 256; i++) {
        host[i] = (float)i;
        want[i] = i < 200 ? host[i] + 1 : host[i];
    }
    CHECK(vptx_mem_alloc(ctx, sizeof host, &x) == VPTX_OK, "timing alloc");
    CHECK(vptx_memcpy_htod(ctx, x, host, sizeof host) == VPTX_OK, "timing htod");
    uint32_t n = 200;
    void *params[] = { &x, &n };
    unsigned grid[3] = { 4, 1, 1 }, block[3] = { 64, 1, 1 };

    /* an unknown name left the context untimed */
    VptxLaunchInfo plain, info;
    CHECK(vptx_launch(ctx, f, grid, block, 0, params) == VPTX_OK, "untimed launch");
    CHECK(vptx_last_launch_info(ctx, &plain) == VPTX_OK && plain.ms == -1 && !plain.modeled &&
              plain.cycles == 0 && strcmp(plain.limiter, "") == 0 && strcmp(plain.gpu, "") == 0,
          "untimed info: ms %g modeled %d", plain.ms, plain.modeled);

    CHECK(vptx_context_set_timing(ctx, "a100", 0) == VPTX_OK, "a100: %s", vptx_context_error(ctx));
    CHECK(vptx_memcpy_htod(ctx, x, host, sizeof host) == VPTX_OK, "timing htod 2");
    CHECK(vptx_launch(ctx, f, grid, block, 0, params) == VPTX_OK, "timed launch: %s",
          vptx_context_error(ctx));
    float got[256];
    CHECK(vptx_memcpy_dtoh(ctx, got, x, sizeof got) == VPTX_OK &&
              memcmp(got, want, sizeof got) == 0,
          "timed launch computes what the C loop does");
    CHECK(vptx_last_launch_info(ctx, &info) == VPTX_OK, "timed info");
    CHECK(info.modeled == 1 && strcmp(info.gpu, "a100") == 0, "modeled on a100: %d %s",
          info.modeled, info.gpu);
    /* a few microseconds at least (a launch alone costs that), far below a second */
    CHECK(info.ms > 0.001 && info.ms < 1000, "modeled ms %g", info.ms);
    /* cycles and time agree at the A100's 1410 MHz boost clock */
    double mhz = (double)info.cycles / (info.ms * 1000.0);
    CHECK(info.cycles > 0 && mhz > 1400 && mhz < 1420, "cycles %llu for %g ms: %g MHz", info.cycles,
          info.ms, mhz);
    CHECK(known_limiter(info.limiter), "limiter '%s'", info.limiter ? info.limiter : "(null)");
    CHECK(info.max_warps == 64 && info.occupancy_warps >= 2 && info.occupancy_warps <= 64,
          "occupancy %u/%u", info.occupancy_warps, info.max_warps);
    CHECK(info.ctas_total == 4 && info.ctas_timed == 4, "ctas %llu/%llu", info.ctas_timed,
          info.ctas_total);
    /* the model only observes: the same counts as the untimed launch */
    CHECK(info.instructions == plain.instructions && info.threads == 256 &&
              info.global_load_bytes == 800 && info.global_store_bytes == 800,
          "timed counts %llu %llu %llu", info.instructions, info.global_load_bytes,
          info.global_store_bytes);

    CHECK(vptx_context_set_timing(ctx, "h100", 0) == VPTX_OK, "h100");
    CHECK(vptx_launch(ctx, f, grid, block, 0, params) == VPTX_OK, "h100 launch");
    CHECK(vptx_last_launch_info(ctx, &info) == VPTX_OK && info.modeled &&
              strcmp(info.gpu, "h100") == 0 && info.ms > 0 && info.cycles > 0 &&
              known_limiter(info.limiter),
          "h100 info: %s %g %s", info.gpu, info.ms, info.limiter);

    /* sampling: at most 2 of the 4 workgroups run */
    CHECK(vptx_context_set_timing(ctx, "a100", 2) == VPTX_OK, "sampled");
    CHECK(vptx_launch(ctx, f, grid, block, 0, params) == VPTX_OK, "sampled launch");
    CHECK(vptx_last_launch_info(ctx, &info) == VPTX_OK && info.ctas_total == 4 &&
              info.ctas_timed == 2 && info.ms > 0,
          "sampled ctas %llu/%llu", info.ctas_timed, info.ctas_total);

    /* a target the model lacks: the launch is refused and says why */
    char ptx86[sizeof add_one_ptx + 8];
    snprintf(ptx86, sizeof ptx86, "%s", add_one_ptx);
    char *t = strstr(ptx86, "sm_80");
    if (t)
        t[4] = '6';
    CHECK(vptx_module_load(ctx, ptx86, &m86) == VPTX_OK, "load sm_86: %s", vptx_context_error(ctx));
    CHECK(vptx_module_get_function(ctx, m86, "add_one", &f86) == VPTX_OK, "get sm_86");
    CHECK(vptx_launch(ctx, f86, grid, block, 0, params) == VPTX_ERR_LAUNCH, "sm_86 timed");
    CHECK(has(vptx_context_error(ctx), "sm_86"), "sm_86 message: %s", vptx_context_error(ctx));

    /* off again: back to ms = -1 */
    CHECK(vptx_context_set_timing(ctx, "", 0) == VPTX_OK, "timing off");
    CHECK(vptx_launch(ctx, f, grid, block, 0, params) == VPTX_OK, "untimed again");
    CHECK(vptx_last_launch_info(ctx, &info) == VPTX_OK && info.ms == -1 && !info.modeled,
          "off: ms %g", info.ms);
    vptx_context_destroy(ctx);
}

int
main(void)
{
    test_create();
    test_names();
    test_threads();
    test_timing();
    VptxContext *ctx = NULL, *other = NULL;
    if (vptx_context_create(VPTX_DEVICE_SIM, &ctx) != VPTX_OK ||
        vptx_context_create(VPTX_DEVICE_SIM, &other) != VPTX_OK) {
        printf("FAIL: no sim context\n");
        return 1;
    }
    CHECK(strcmp(vptx_context_device_name(ctx), "sim") == 0, "device name");
    test_modules(ctx, other);
    test_memory(ctx);
    test_launch(ctx, other);
    vptx_context_destroy(ctx);
    vptx_context_destroy(other);
    return unit_report();
}
