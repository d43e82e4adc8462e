/*
 * test_sim_errors.c -- faults are located errors, never hangs or crashes:
 * parse errors name their line; out-of-bounds, misaligned and read-only
 * accesses, barrier deadlock, a shuffle whose member mask names an exited
 * lane, endless loops, trap and bad launches are reported with the PTX
 * line, thread and CTA.
 */
#include "tests/sim/simtest.h"

#define HEAD ".version 8.0\n.target sm_80\n.address_size 64\n"

static void
expect_parse_error(const char *ptx, const char *want)
{
    SimCtx *ctx = sim_create();
    SimModule *m;
    SimResult r = sim_module_load(ctx, ptx, "bad.ptx", &m);
    CHECK(r == SIM_ERR_PTX && strstr(sim_error(ctx), want), "parse error '%s' expected, got %s: %s",
          want, sim_result_name(r), sim_error(ctx));
    sim_destroy(ctx);
}

static void
test_parse_errors(void)
{
    expect_parse_error(HEAD ".visible .entry k()\n{\n  frobnicate.u32;\n}\n",
                       "bad.ptx:6: error: unknown instruction 'frobnicate.u32'");
    expect_parse_error(HEAD ".visible .entry k()\n{\n.reg .b32 %r<2>;\n  add.u32 %r2, %r1, 1;\n}\n",
                       "bad.ptx:7: error: unknown register '%r2'");
    expect_parse_error(HEAD ".visible .entry k()\n{\n.reg .b32 %r<2>;\n  add.q32 %r1, %r1, 1;\n}\n",
                       "bad.ptx:7: error: unknown modifier '.q32'");
    expect_parse_error(HEAD ".visible .entry k()\n{\n.reg .b32 %r<2>;\n  bra NOWHERE;\n}\n",
                       "bad.ptx:7: error: unknown symbol 'NOWHERE'");
    expect_parse_error(HEAD ".visible .entry k()\n{\n  ret\n", "bad.ptx:7: error:");
    expect_parse_error(HEAD ".visible .entry k()\n{\n.reg .f32 %f;\n mov.f32 %f, 0f3F80;\n}\n",
                       "bad.ptx:7: error: 0f literal needs 8 hex digits");
    expect_parse_error(
        HEAD ".visible .entry k()\n{\n.reg .b32 %r<4>;\n ld.global.v4.u32 {%r0,%r1}, [%r2];\n}\n",
        "bad.ptx:7: error: .v4 needs a list of 4 operands");
    expect_parse_error(HEAD "/* unterminated", "bad.ptx:4: error: unterminated comment");
    expect_parse_error(HEAD ".visible .entry k()\n{\n.reg .b32 %r;\n.reg .b32 %r;\n}\n",
                       "bad.ptx:7: error: duplicate definition of '%r'");
}

/* thread 5 (only) misbehaves in several ways selected by the parameter */
static const char fault_ptx[] = HEAD
    ".const .align 4 .u32 c0 = 1;\n"                                            /* 4 */
    ".visible .entry k(.param .u64 p, .param .u32 sel)\n{\n"                    /* 5 */
    ".reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<4>;\n"                    /* 7 */
    "ld.param.u64 %rd1, [p];\nld.param.u32 %r1, [sel];\nmov.u32 %r2, %tid.x;\n" /* 8-10 */
    "setp.ne.u32 %p1, %r2, 5;\n@%p1 bra OK;\n"                                  /* 11-12 */
    "setp.eq.u32 %p2, %r1, 0;\n@%p2 ld.global.u32 %r3, [%rd1+64];\n" /* 13-14: out of bounds */
    "setp.eq.u32 %p2, %r1, 1;\n@%p2 ld.global.v4.u32 {%r3,%r4,%r5,%r6}, [%rd1+4];\n" /* 15-16 */
    "setp.eq.u32 %p2, %r1, 2;\n@%p2 st.const.u32 [c0], %r2;\n"                       /* 17-18 */
    "setp.eq.u32 %p2, %r1, 3;\n@%p2 trap;\n"                                         /* 19-20 */
    "setp.eq.u32 %p2, %r1, 4;\n@%p2 ld.shared.u8 %r3, [%r2];\n"                      /* 21-22 */
    "setp.eq.u32 %p2, %r1, 5;\nLOOP:\n@%p2 bra LOOP;\n"                              /* 23-25 */
    "OK:\nret;\n}\n";

static void
test_memory_faults(void)
{
    static const struct {
        unsigned sel;
        const char *want;
    } cases[] = {
        { 0, "test.ptx:14: error: out-of-bounds global read of 4 bytes at 0x" },
        { 1, "test.ptx:16: error: misaligned global read of 16 bytes" },
        { 2, "test.ptx:18: error: write to read-only const space" },
        { 3, "test.ptx:20: error: 'trap' executed (thread (5,0,0) in CTA (0,0,0))" },
        { 4, "test.ptx:22: error: out-of-bounds shared read of 1 bytes at shared offset 0x5" },
        { 5, "test.ptx:25: error: instruction limit of 100000 exceeded" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        SimCtx *ctx = sim_create();
        sim_set_option(ctx, SIM_OPT_MAX_INSTRUCTIONS, 100000);
        SimFunc *f = load_entry(ctx, fault_ptx, "k");
        SimDevPtr d = 0;
        sim_mem_alloc(ctx, &d, 64);
        unsigned sel = cases[i].sel;
        void *params[] = { &d, &sel };
        if (f) {
            SimResult r = sim_launch(f, 2, 1, 1, 32, 1, 1, 0, params);
            CHECK(r == SIM_ERR_FAULT && strstr(sim_error(ctx), cases[i].want),
                  "case %u: want '%s', got %s: %s", sel, cases[i].want, sim_result_name(r),
                  sim_error(ctx));
        }
        sim_destroy(ctx);
    }
}

/* warp 0 waits at barrier 0, warp 1 at barrier 1: neither completes */
static const char deadlock_ptx[] =
    HEAD ".visible .entry k()\n{\n.reg .b32 %r<2>; .reg .pred %p;\n"
         "mov.u32 %r0, %tid.x;\nsetp.lt.u32 %p, %r0, 32;\n@%p bra A;\n"
         "bar.sync 1;\nret;\nA:\nbar.sync 0;\nret;\n}\n";

/* lane 31 exits; the others shuffle with a full member mask */
static const char shfl_exit_ptx[] =
    HEAD ".visible .entry k()\n{\n.reg .b32 %r<3>; .reg .pred %p;\n"
         "mov.u32 %r0, %laneid;\nsetp.eq.u32 %p, %r0, 31;\n@%p exit;\n"
         "shfl.sync.bfly.b32 %r1, %r0, 1, 0x1f, 0xffffffff;\nret;\n}\n";

/* lanes 0-15 shuffle with mask 0xffff but lane 3 reads lane 19 */
static const char shfl_outside_ptx[] =
    HEAD ".visible .entry k()\n{\n.reg .b32 %r<3>; .reg .pred %p;\n"
         "mov.u32 %r0, %laneid;\nsetp.ge.u32 %p, %r0, 16;\n@%p exit;\n"
         "shfl.sync.idx.b32 %r1, %r0, 19, 0x1f, 0xffff;\nret;\n}\n";

/* lanes disagree on the collective they wait at */
static const char shfl_split_ptx[] =
    HEAD ".visible .entry k()\n{\n.reg .b32 %r<3>; .reg .pred %p;\n"
         "mov.u32 %r0, %laneid;\nsetp.lt.u32 %p, %r0, 16;\n@%p bra A;\n"
         "shfl.sync.bfly.b32 %r1, %r0, 1, 0x1f, -1;\nret;\n"
         "A:\nshfl.sync.bfly.b32 %r1, %r0, 2, 0x1f, -1;\nret;\n}\n";

static void
test_sync_faults(void)
{
    static const struct {
        const char *ptx;
        unsigned threads;
        const char *want;
    } cases[] = {
        { deadlock_ptx, 64, "error: deadlock: barrier" },
        { shfl_exit_ptx, 32,
          "test.ptx:10: error: member mask 0xffffffff names lane 31, which exited at line 9" },
        { shfl_outside_ptx, 32,
          "test.ptx:10: error: shfl reads lane 19, which is not in the member mask" },
        { shfl_split_ptx, 32,
          "deadlock: warp collective 'shfl' with member mask 0xffffffff never completes" },
        { shfl_exit_ptx, 16, "names lane 31, which does not exist" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        SimCtx *ctx = sim_create();
        SimFunc *f = load_entry(ctx, cases[i].ptx, "k");
        launch_fails(ctx, f, 1, cases[i].threads, NULL, cases[i].want);
        sim_destroy(ctx);
    }
}

static void
test_host_errors(void)
{
    SimCtx *ctx = sim_create();
    SimDevPtr d = 0;
    char buf[16];
    CHECK(sim_mem_alloc(ctx, &d, 8) == SIM_OK, "alloc");
    CHECK(sim_memcpy_htod(ctx, d, buf, 16) == SIM_ERR_INVALID_VALUE, "copy past the end accepted");
    CHECK(sim_mem_free(ctx, d) == SIM_OK && sim_mem_free(ctx, d) == SIM_ERR_INVALID_VALUE,
          "double free accepted");
    CHECK(sim_memcpy_dtoh(ctx, buf, 12345, 4) == SIM_ERR_INVALID_VALUE, "bad address accepted");
    SimFunc *f = load_entry(ctx, deadlock_ptx, "k");
    CHECK(f && sim_launch(f, 1, 1, 1, 2048, 1, 1, 0, NULL) == SIM_ERR_LAUNCH,
          "2048 threads accepted");
    CHECK(f && sim_launch(f, 0, 1, 1, 32, 1, 1, 0, NULL) == SIM_ERR_LAUNCH, "empty grid accepted");
    SimModule *m;
    CHECK(sim_module_load(ctx, HEAD, "x", &m) == SIM_OK &&
              sim_module_get_function(m, "nope", &f) == SIM_ERR_NOT_FOUND,
          "missing entry found");
    sim_destroy(ctx);
}

int
main(void)
{
    test_parse_errors();
    test_memory_faults();
    test_sync_faults();
    test_host_errors();
    return test_exit("test_sim_errors");
}
