/*
 * test_sim_sm90_ring.c -- the simulator on a warp-specialized producer /
 * consumer ring (issue 14 part 7): setmaxnreg.dec in the producer
 * warpgroup, setmaxnreg.inc in the consumer warpgroup, and a 3-stage ring of
 * full / empty mbarriers driven by try_wait.parity over many phases (31
 * tiles: the stages complete 11, 10 and 10 phases).  The expected sums and
 * the final barrier parities are computed here in C from the ring's rules
 * (ptx-sm90.md 1.2: a fresh barrier is in phase 0, parity P is complete iff
 * P != phase & 1, so producers start waiting on "empty" with parity 1).
 * Also setmaxnreg's checks: the count (24..256, a multiple of 8), .inc/.dec,
 * whole warpgroups, one instruction per warpgroup, inc never lowers.
 */
#include "tests/sim/simtest.h"

#include <stdint.h>

#define HEAD   ".version 8.0\n.target sm_90a\n.address_size 64\n"
#define STAGES 3
#define ITERS  31
#define TILE   128 /* u32 per tile: one per consumer thread */

// clang-format off
/* 256 threads: warpgroup 0 produces (thread 0 alone issues the copies),
 * warpgroup 1 consumes.  Tile i goes to stage i % 3; round r = i / 3.
 * Consumers wait full[s] on parity r & 1, producers empty[s] on (r & 1) ^ 1. */
static const char *const ring_ptx = HEAD
    ".visible .entry ring(.param .u64 in, .param .u64 out)\n"
    ".maxntid 256, 1, 1 .minnctapersm 1\n"
    "{\n"
    "  .reg .pred %p<8>; .reg .b32 %r<40>; .reg .b64 %rd<16>;\n"
    "  .shared .align 8 .b64 full[3];  .shared .align 8 .b64 empty[3];\n"
    "  .shared .align 128 .b8 buf[1536];\n"
    "  ld.param.u64 %rd1, [in];  ld.param.u64 %rd2, [out];\n"
    "  mov.u32 %r0, %tid.x;  mov.u32 %r3, full;  mov.u32 %r4, empty;  mov.u32 %r5, buf;\n"
    "  setp.eq.u32 %p0, %r0, 0;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r3], 1;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r3+8], 1;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r3+16], 1;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r4], 128;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r4+8], 128;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r4+16], 128;\n"
    "  bar.sync 0;\n"
    "  mov.u32 %r6, 0;\n"
    "  setp.ge.u32 %p1, %r0, 128;  @%p1 bra CONSUMER;\n"
    "  setmaxnreg.dec.sync.aligned.u32 40;\n"
    "  @!%p0 bra DONE;\n"
    "PLOOP:\n"
    "  rem.u32 %r7, %r6, 3;  div.u32 %r8, %r6, 3;  and.b32 %r9, %r8, 1;  xor.b32 %r9, %r9, 1;\n"
    "  mad.lo.u32 %r10, %r7, 8, %r4;\n"
    "PW:\n"
    "  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r10], %r9;  @!%p3 bra PW;\n"
    "  mad.lo.u32 %r11, %r7, 8, %r3;  mad.lo.u32 %r12, %r7, 512, %r5;\n"
    "  mul.wide.u32 %rd3, %r6, 512;  add.u64 %rd4, %rd1, %rd3;\n"
    "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r11], 512;\n"
    "  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r12], [%rd4], 512, [%r11];\n"
    "  add.u32 %r6, %r6, 1;  setp.lt.u32 %p3, %r6, 31;  @%p3 bra PLOOP;\n"
    "  bra DONE;\n"
    "CONSUMER:\n"
    "  setmaxnreg.inc.sync.aligned.u32 232;\n"
    "  sub.u32 %r13, %r0, 128;  mov.u32 %r20, 0;\n"
    "CLOOP:\n"
    "  rem.u32 %r7, %r6, 3;  div.u32 %r8, %r6, 3;  and.b32 %r9, %r8, 1;\n"
    "  mad.lo.u32 %r11, %r7, 8, %r3;\n"
    "CW:\n"
    "  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r11], %r9;  @!%p3 bra CW;\n"
    "  mad.lo.u32 %r12, %r7, 512, %r5;  mad.lo.u32 %r12, %r13, 4, %r12;\n"
    "  ld.shared.u32 %r14, [%r12];  mad.lo.u32 %r20, %r20, 3, %r14;\n"
    "  mad.lo.u32 %r10, %r7, 8, %r4;\n"
    "  mbarrier.arrive.shared::cta.b64 _, [%r10];\n"
    "  add.u32 %r6, %r6, 1;  setp.lt.u32 %p3, %r6, 31;  @%p3 bra CLOOP;\n"
    "  mul.wide.u32 %rd5, %r13, 4;  add.u64 %rd6, %rd2, %rd5;  st.global.u32 [%rd6], %r20;\n"
    "  setp.ne.u32 %p4, %r13, 0;  @%p4 bra DONE;\n"
    /* final parities: test_wait.parity P is true iff P != phase & 1 */
    "  mbarrier.test_wait.parity.shared::cta.b64 %p5, [%r3], 0;  selp.u32 %r21, 1, 0, %p5;\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p5, [%r3+8], 0;  selp.u32 %r22, 1, 0, %p5;\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p5, [%r3+16], 0;  selp.u32 %r23, 1, 0, %p5;\n"
    "  st.global.u32 [%rd2+512], %r21;  st.global.u32 [%rd2+516], %r22;  st.global.u32 [%rd2+520], %r23;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n";
// clang-format on

static void
test_ring(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ring_ptx, "ring");
    static uint32_t in[ITERS * TILE], out[TILE + 3];
    uint32_t rng = 7;
    for (int i = 0; i < ITERS * TILE; i++) {
        rng = rng * 1664525u + 1013904223u;
        in[i] = rng >> 12;
    }
    SimDevPtr di = dev_upload(ctx, in, sizeof in), dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &di, &dout };
    launch_ok(ctx, f, 1, 256, 0, params);
    dev_download(ctx, out, dout, sizeof out);
    /* the order matters (s = 3s + x): each tile must be read once, in order */
    for (uint32_t t = 0; t < TILE; t++) {
        uint32_t want = 0;
        for (int i = 0; i < ITERS; i++)
            want = want * 3u + in[i * TILE + t];
        CHECK(out[t] == want, "ring: consumer %u got %u, want %u", t, out[t], want);
    }
    /* stage s completed ceil((31 - s) / 3) phases: 11, 10, 10; parity 0 is
       complete (test true) iff the phase count is odd */
    for (int s = 0; s < STAGES; s++) {
        uint32_t phases = (ITERS - s + STAGES - 1) / STAGES;
        CHECK(out[TILE + s] == (phases & 1), "ring: full[%d] after %u phases tests %u", s, phases,
              out[TILE + s]);
    }
    sim_destroy(ctx);
}

/* ---- setmaxnreg checks ---- */

static const char *
body(char *buf, size_t n, const char *code)
{
    snprintf(buf, n,
             HEAD ".visible .entry k()\n"
                  "{\n"
                  "  .reg .pred %%p<4>; .reg .b32 %%r<8>; .reg .b64 %%rd<4>;\n"
                  "  mov.u32 %%r0, %%tid.x;\n"
                  "%s"
                  "  ret;\n"
                  "}\n",
             code);
    return buf;
}

static void
load_fails(const char *ptx, const char *want)
{
    SimCtx *ctx = sim_create();
    SimModule *m;
    SimResult r = sim_module_load(ctx, ptx, "test.ptx", &m);
    CHECK(r != SIM_OK && strstr(sim_error(ctx), want), "load: want '%s', got: %s", want,
          r == SIM_OK ? "success" : sim_error(ctx));
    sim_destroy(ctx);
}

static void
test_setmaxnreg(void)
{
    char buf[2048];
    load_fails(body(buf, sizeof buf, "  setmaxnreg.inc.sync.aligned.u32 30;\n"),
               "setmaxnreg takes an immediate register count in 24..256, a multiple of 8");
    load_fails(body(buf, sizeof buf, "  setmaxnreg.dec.sync.aligned.u32 16;\n"), "in 24..256");
    load_fails(body(buf, sizeof buf, "  setmaxnreg.inc.sync.aligned.u32 264;\n"), "in 24..256");
    load_fails(body(buf, sizeof buf, "  setmaxnreg.sync.aligned.u32 64;\n"),
               "setmaxnreg needs .inc or .dec");

    SimCtx *ctx = sim_create();
    /* every warpgroup: dec 40, then inc 232, inc 240 (never lower), dec 24 */
    SimFunc *f = load_entry(ctx,
                            body(buf, sizeof buf,
                                 "  setmaxnreg.dec.sync.aligned.u32 40;\n"
                                 "  setmaxnreg.inc.sync.aligned.u32 232;\n"
                                 "  setmaxnreg.inc.sync.aligned.u32 240;\n"
                                 "  setmaxnreg.dec.sync.aligned.u32 24;\n"),
                            "k");
    launch_ok(ctx, f, 2, 256, 0, NULL);
    launch_fails(ctx, f, 1, 64, NULL, "'setmaxnreg' needs whole warpgroups, but the block has 64");
    f = load_entry(ctx,
                   body(buf, sizeof buf,
                        "  setmaxnreg.dec.sync.aligned.u32 40;\n"
                        "  setmaxnreg.inc.sync.aligned.u32 32;\n"),
                   "k");
    launch_fails(ctx, f, 1, 128, NULL,
                 "setmaxnreg.inc to 32 registers, but warpgroup 0 already has 40");
    f = load_entry(ctx,
                   body(buf, sizeof buf,
                        "  setmaxnreg.inc.sync.aligned.u32 200;\n"
                        "  setmaxnreg.dec.sync.aligned.u32 208;\n"),
                   "k");
    launch_fails(ctx, f, 1, 128, NULL,
                 "setmaxnreg.dec to 208 registers, but warpgroup 0 already has 200");
    /* warps 0-1 and 2-3 of one warpgroup take different setmaxnreg */
    f = load_entry(ctx,
                   body(buf, sizeof buf,
                        "  setp.lt.u32 %p1, %r0, 64;  @%p1 bra A;\n"
                        "  setmaxnreg.inc.sync.aligned.u32 232;  bra B;\n"
                        "A:\n"
                        "  setmaxnreg.dec.sync.aligned.u32 40;\n"
                        "B:\n"),
                   "k");
    launch_fails(ctx, f, 1, 128, NULL, "warpgroup 0 runs two different setmaxnreg (lines");
    /* a thread of the warpgroup exits before it */
    f = load_entry(ctx,
                   body(buf, sizeof buf,
                        "  setp.eq.u32 %p1, %r0, 77;  @%p1 bra B;\n"
                        "  setmaxnreg.dec.sync.aligned.u32 40;\n"
                        "B:\n"),
                   "k");
    launch_fails(ctx, f, 1, 128, NULL, "has exited");
    sim_destroy(ctx);
}

int
main(void)
{
    test_ring();
    test_setmaxnreg();
    return test_exit("test_sim_sm90_ring");
}
