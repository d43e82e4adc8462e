/*
 * test_sim_basic.c -- the simulator runs plain PTX: the module example of
 * ptx-sm80.md §1.7, loops, .func calls, module variables, local memory,
 * vector loads, special registers and atomics; results are checked against
 * C computed here.
 */
#include "tests/sim/simtest.h"

#include <pthread.h>

static const char scale_ptx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".shared .align 16 .b8 tileA[4096];\n"
    ".extern .shared .align 16 .b8 smem[];\n"
    ".visible .entry scale(.param .u64 p_out, .param .u64 p_in, .param .u32 p_n)\n"
    ".maxntid 256, 1, 1\n{\n"
    "    .reg .pred  %p<2>;\n    .reg .b32   %r<16>;\n    .reg .b64   %rd<8>;\n    .reg .f32   "
    "%f<4>;\n"
    "    .shared .align 4 .f32 red[32];\n"
    "    ld.param.u64        %rd1, [p_out];\n"
    "    ld.param.u64        %rd2, [p_in];\n"
    "    ld.param.u32        %r1, [p_n];\n"
    "    cvta.to.global.u64  %rd1, %rd1;\n"
    "    cvta.to.global.u64  %rd2, %rd2;\n"
    "    mov.u32             %r2, %tid.x;\n"
    "    mov.u32             %r3, %ntid.x;\n"
    "    mov.u32             %r4, %ctaid.x;\n"
    "    mad.lo.s32          %r5, %r4, %r3, %r2;\n"
    "    setp.ge.u32         %p1, %r5, %r1;\n"
    "    @%p1 bra            $L_done;\n"
    "    mul.wide.u32        %rd3, %r5, 4;\n"
    "    add.s64             %rd4, %rd2, %rd3;\n"
    "    ld.global.f32       %f1, [%rd4];\n"
    "    mov.u32             %r6, smem;\n"
    "    shl.b32             %r7, %r2, 2;\n"
    "    add.u32             %r8, %r6, %r7;\n"
    "    st.shared.f32       [%r8], %f1;\n"
    "    bar.sync            0;\n"
    "    ld.shared.f32       %f2, [%r8];\n"
    "    mul.f32             %f2, %f2, 0f40000000;   // *2.0\n"
    "    st.shared.f32       [red+4], %f2;\n"
    "    mov.u32             %r11, tileA;\n"
    "    add.u32             %r11, %r11, %r7;\n"
    "    st.shared.f32       [%r11], %f2;\n"
    "    add.s64             %rd5, %rd1, %rd3;\n"
    "    st.global.f32       [%rd5], %f2;\n"
    "$L_done:\n"
    "    ret;\n}\n";

static void
test_scale(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, scale_ptx, "scale");
    enum { N = 1000 };
    float in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = (float)i * 0.5f - 7.0f;
    SimDevPtr din = dev_upload(ctx, in, sizeof in), dout = 0;
    sim_mem_alloc(ctx, &dout, sizeof out);
    unsigned n = N;
    void *params[] = { &dout, &din, &n };
    CHECK(sim_func_param_count(f) == 3, "param count");
    SimParamInfo pi;
    CHECK(sim_func_param_info(f, 2, &pi) == SIM_OK && pi.kind == SIM_PARAM_U32 && pi.size == 4 &&
              pi.offset == 16,
          "param info");
    if (launch_ok(ctx, f, 4, 256, 1024, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (int i = 0; i < N; i++)
            CHECK(out[i] == in[i] * 2.0f, "scale[%d] = %g, want %g", i, out[i], in[i] * 2.0f);
        SimStats st;
        sim_stats(ctx, &st);
        CHECK(st.ctas == 4 && st.barriers == 4, "ctas %llu barriers %llu",
              (unsigned long long)st.ctas, (unsigned long long)st.barriers);
        /* 1000 floats: each full warp reads 128 contiguous bytes = 4 sectors */
        CHECK(st.global_ld_sectors == st.global_ld_sectors_min, "sectors %llu vs %llu",
              (unsigned long long)st.global_ld_sectors,
              (unsigned long long)st.global_ld_sectors_min);
    }
    /* .maxntid 256: a block of 512 is refused */
    CHECK(sim_launch(f, 1, 1, 1, 512, 1, 1, 0, params) == SIM_ERR_LAUNCH, "maxntid not enforced");
    sim_destroy(ctx);
}

/* A .func with parameters and a return value, a loop, module variables,
 * local memory through the generic space, and special registers. */
static const char misc_ptx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".global .align 4 .u32 gtab[4] = {10, 20, 30, 40};\n"
    ".const .align 4 .f32 ctab[2] = {0f3F800000, 2.5};\n"
    ".func (.param .b32 ret) sumto(.param .b32 n)\n{\n"
    "  .reg .b32 %r<4>; .reg .pred %p;\n"
    "  ld.param.b32 %r1, [n];\n  mov.u32 %r2, 0;\n"
    "LOOP:\n  setp.eq.u32 %p, %r1, 0;\n  @%p bra END;\n"
    "  add.u32 %r2, %r2, %r1;\n  sub.u32 %r1, %r1, 1;\n  bra.uni LOOP;\n"
    "END:\n  st.param.b32 [ret], %r2;\n  ret;\n}\n"
    ".visible .entry misc(.param .u64 out)\n{\n"
    "  .local .align 8 .b8 depot[16];\n"
    "  .reg .b32 %r<12>; .reg .b64 %rd<8>; .reg .f32 %f<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  { .reg .b32 %r1; mov.u32 %r1, 99; }\n"
    "  { .param .b32 a0; .param .b32 r0;\n"
    "    st.param.b32 [a0], %r1;\n"
    "    call.uni (r0), sumto, (a0);\n"
    "    ld.param.b32 %r2, [r0]; }\n"
    "  and.b32 %r3, %r1, 3;\n  shl.b32 %r3, %r3, 2;\n"
    "  mov.u64 %rd2, gtab;\n  cvt.u64.u32 %rd3, %r3;\n  add.s64 %rd2, %rd2, %rd3;\n"
    "  ld.global.u32 %r4, [%rd2];\n"
    "  ld.const.f32 %f1, [ctab+4];\n  cvt.rzi.u32.f32 %r5, %f1;\n"
    "  mov.u64 %rd4, depot;\n  cvta.local.u64 %rd5, %rd4;\n"
    "  st.u32 [%rd5+4], %r4;\n  ld.local.u32 %r6, [depot+4];\n"
    "  mov.u32 %r7, %laneid;\n  mov.u32 %r8, %lanemask_lt;\n  popc.b32 %r8, %r8;\n"
    "  mul.wide.u32 %rd6, %r1, 16;\n  add.s64 %rd6, %rd1, %rd6;\n"
    "  st.global.v4.u32 [%rd6], {%r2, %r6, %r5, %r8};\n"
    "  ret;\n}\n";

static void
test_misc(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, misc_ptx, "misc");
    enum { T = 64 };
    uint32_t out[T * 4];
    SimDevPtr dout = 0;
    sim_mem_alloc(ctx, &dout, sizeof out);
    void *params[] = { &dout };
    if (launch_ok(ctx, f, 1, T, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (unsigned i = 0; i < T; i++) {
            CHECK(out[4 * i] == i * (i + 1) / 2, "sumto(%u) = %u", i, out[4 * i]);
            CHECK(out[4 * i + 1] == 10 * (i % 4 + 1), "gtab[%u] = %u", i % 4, out[4 * i + 1]);
            CHECK(out[4 * i + 2] == 2, "ctab[1] truncated = %u", out[4 * i + 2]);
            CHECK(out[4 * i + 3] == i % 32, "popc(lanemask_lt) = %u", out[4 * i + 3]);
        }
    }
    sim_destroy(ctx);
}

static const char atom_ptx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                               ".visible .entry atoms(.param .u64 p)\n{\n"
                               "  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .f32 %f<2>;\n"
                               "  .shared .align 4 .u32 cnt;\n"
                               "  ld.param.u64 %rd1, [p];\n  mov.u32 %r1, %tid.x;\n"
                               "  atom.global.add.u32 %r2, [%rd1], 1;\n"
                               "  atom.global.max.s32 %r3, [%rd1+4], %r1;\n"
                               "  cvt.rn.f32.u32 %f1, %r1;\n  red.global.add.f32 [%rd1+8], %f1;\n"
                               "  atom.global.inc.u32 %r4, [%rd1+12], 9;\n"
                               "  atom.global.cas.b32 %r5, [%rd1+16], %r1, 1000;\n"
                               "  atom.global.exch.b32 %r6, [%rd1+20], %r1;\n"
                               "  ret;\n}\n";

static void
test_atomics(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, atom_ptx, "atoms");
    uint32_t buf[6] = { 0, (uint32_t)-5, 0, 0, 0, 77 };
    SimDevPtr d = dev_upload(ctx, buf, sizeof buf);
    void *params[] = { &d };
    if (launch_ok(ctx, f, 2, 100, 0, params) == 0) {
        dev_download(ctx, buf, d, sizeof buf);
        float fs;
        memcpy(&fs, &buf[2], 4);
        CHECK(buf[0] == 200, "atom.add = %u", buf[0]);
        CHECK(buf[1] == 99, "atom.max = %d", (int)buf[1]);
        CHECK(fs == 2 * 4950.0f, "red.add.f32 = %g", fs);
        CHECK(buf[3] == 200 % 10, "atom.inc = %u", buf[3]);
        /* cas: thread 0 of CTA 0 sees 0 and writes 1000; nobody matches after */
        CHECK(buf[4] == 1000, "atom.cas = %u", buf[4]);
        CHECK(buf[5] < 100, "atom.exch = %u", buf[5]);
    }
    sim_destroy(ctx);
}

/* No global state: two simulators run at once in two threads. */
static void *
thread_body(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++) {
        test_scale();
        test_atomics();
    }
    return NULL;
}

static void
test_threads(void)
{
    pthread_t a, b;
    CHECK(pthread_create(&a, NULL, thread_body, NULL) == 0, "pthread_create");
    CHECK(pthread_create(&b, NULL, thread_body, NULL) == 0, "pthread_create");
    pthread_join(a, NULL);
    pthread_join(b, NULL);
}

int
main(void)
{
    test_threads();
    test_scale();
    test_misc();
    test_atomics();
    return test_exit("test_sim_basic");
}
