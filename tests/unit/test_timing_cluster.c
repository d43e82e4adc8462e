/*
 * test_timing_cluster.c -- the performance model on co-scheduled clusters (docs/timing.md,
 * "Clusters"): a kernel whose CTAs reach across their cluster runs its clusters' CTAs
 * together under --timing too, each CTA timed with its own state.
 *
 *  - A CTA pair's tcgen05.mma (cta_group::2, M = 256): rank 0 issues R of them, M 256 x
 *    N 256 x K 16, and commits with .multicast::cluster to both CTAs' mbarriers; both
 *    CTAs wait there.  Each SM's tensor cores compute their CTA's 128 rows, so each SM's
 *    tensor pipe is busy R x 128 x 256 x 16 / (4096 FMAs/clk x 0.85) cycles on b200
 *    (docs/timing.md, "b200"), and both CTAs' critical paths are at least that long: the
 *    mean of the two is the latency bound.  Charging the whole M to the issuing SM would
 *    double that critical path; not charging the peer, or its waiters not waiting for the
 *    multicast commit, would halve the mean.
 *  - A multicast tensor copy (.multicast::cluster, mask 3) of a 32 KiB box into both CTAs:
 *    its bytes are read from L2 once (SimTiming.l2_bytes), and both CTAs' waits on their
 *    own mbarriers last the copy's modeled time (DRAM latency, then the bytes at an SM's
 *    share of L2 bandwidth).
 */
#include "sim/simint.h"
#include "tests/sim/simtest.h"

#include <math.h>
#include <stdint.h>

#define FIXED (1ull << 46) /* shared memory descriptor bits 46-48: 0b001 */
enum { R = 64 };

/* b200's figures (sim/timing_tables.c, docs/timing.md "b200") */
#define B200_FMA_CLK  4096.0
#define B200_TC_EFF   0.85
#define B200_SMS      148.0
#define B200_L2_BCLK  10240.0
#define B200_LAT_DRAM 600.0

/* pair_head, then the cluster barrier or nothing (then only the multicast commit makes
   rank 1 wait for the mmas), then pair_tail */
static const char *const pair_head =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k(.param .u64 out)\n"
    ".explicitcluster\n.reqnctapercluster 2, 1, 1\n.reqntid 128, 1, 1\n{\n"
    "  .reg .pred %p<6>; .reg .b32 %r<20>; .reg .b64 %rd<16>; .reg .b16 %h<2>;\n"
    "  .shared .align 1024 .b8 sa[4096];\n  .shared .align 1024 .b8 sb[4096];\n"
    "  .shared .align 8 .b64 bar;\n  .shared .align 4 .b32 slot;\n"
    "  mov.u32 %r0, %tid.x; setp.eq.u32 %p0, %r0, 0; setp.lt.u32 %p2, %r0, 32;\n"
    "  mov.u32 %r9, %cluster_ctarank;\n"
    "  mov.u32 %r1, sa; mov.u32 %r5, sb; mov.u32 %r2, bar; mov.u32 %r3, slot;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r2], 1;\n"
    "  @%p2 tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%r3], 256;\n"
    "  @%p2 tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;\n"
    "  tcgen05.fence::before_thread_sync;\n"
    "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
    "  tcgen05.fence::after_thread_sync;\n  ld.shared.u32 %r10, [%r3];\n"
    "  setp.eq.u32 %p3, %r9, 0; and.pred %p3, %p3, %p0;\n"
    "  @!%p3 bra WAIT;\n"
    "  cvt.u64.u32 %rd8, %r1; shr.u64 %rd8, %rd8, 4; or.b64 %rd8, %rd8, 0x0000401000080000;\n"
    "  cvt.u64.u32 %rd9, %r5; shr.u64 %rd9, %rd9, 4; or.b64 %rd9, %rd9, 0x0000401000080000;\n"
    "  mov.u32 %r16, 0x10400010; mov.u32 %r4, 0;\n"
    "LOOP:\n"
    "  setp.ne.u32 %p4, %r4, 0;\n"
    "  tcgen05.mma.cta_group::2.kind::f16 [%r10], %rd8, %rd9, %r16, %p4;\n"
    "  add.u32 %r4, %r4, 1; setp.lt.u32 %p5, %r4, 64; @%p5 bra LOOP;\n"
    "  mov.b16 %h1, 3;\n"
    "  tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::"
    "cluster.b64 [%r2], %h1;\n"
    "WAIT:\n"
    "  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r2], 0; @!%p1 bra WAIT;\n"
    "  tcgen05.fence::after_thread_sync;\n";
static const char *const cluster_bar =
    "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n";
static const char *const pair_tail =
    "  @%p2 tcgen05.dealloc.cta_group::2.sync.aligned.b32 %r10, 256;\n  ret;\n}\n";

static void
test_pair_mma(bool bar)
{
    char ptx[4096];
    snprintf(ptx, sizeof ptx, "%s%s%s", pair_head, bar ? cluster_bar : "", pair_tail);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "k");
    SimDevPtr dout = dev_upload(ctx, &(uint32_t){ 0 }, 4);
    void *params[] = { &dout };
    CHECK(sim_set_timing(ctx, "b200") == SIM_OK, "b200 model");
    sim_set_option(ctx, SIM_OPT_TIMING_REGS, 32);
    SimTiming t;
    if (f && launch_ok(ctx, f, 2, 128, 0, params) == 0 && sim_timing(ctx, &t) == SIM_OK) {
        double sm = R * 128.0 * 256 * 16 / (B200_FMA_CLK * B200_TC_EFF); /* each SM's half */
        double tens = (double)t.bound[SIM_LIM_TENSOR], lat = (double)t.bound[SIM_LIM_LATENCY];
        CHECK(fabs(tens - sm) < 0.02 * sm, "pair mma: tensor bound %.0f cycles, want %.0f", tens,
              sm);
        CHECK(lat >= sm && lat < 1.2 * sm,
              "pair mma (%s): mean critical path %.0f cycles, want %.0f .. %.0f",
              bar ? "cluster barrier" : "commit only", lat, sm, 1.2 * sm);
        CHECK(t.ctas_timed == 2, "pair mma: %llu CTAs timed, want 2",
              (unsigned long long)t.ctas_timed);
    } else {
        CHECK(0, "the timed pair launch: %s", sim_error(ctx));
    }
    sim_destroy(ctx);
}

/* rank 0 loads one 64 x 256 box of f16 (32 KiB) with .multicast::cluster mask 3 into both
 * CTAs' `tile`, completing the bytes on both CTAs' `bar`; each CTA waits on its own */
static const char *const mcast_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k(.param .align 64 .b8 tm[128])\n"
    ".explicitcluster\n.reqnctapercluster 2, 1, 1\n{\n"
    "  .reg .pred %p<4>; .reg .b32 %r<12>; .reg .b64 %rd<6>; .reg .b16 %h<2>;\n"
    "  .shared .align 1024 .b8 tile[32768];\n  .shared .align 8 .b64 bar;\n"
    "  mov.b64 %rd1, tm; cvta.param.u64 %rd1, %rd1;\n"
    "  mov.u32 %r0, %tid.x; mov.u32 %r1, %cluster_ctarank; setp.eq.u32 %p0, %r0, 0;\n"
    "  mov.u32 %r4, tile; mov.u32 %r5, bar; mov.u32 %r2, 0;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r5], 1;\n"
    "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
    "  @%p0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], 32768;\n"
    "  setp.eq.u32 %p1, %r1, 0; and.pred %p1, %p1, %p0; mov.b16 %h1, 3;\n"
    "  @%p1 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
    ".multicast::cluster [%r4], [%rd1, {%r2, %r2}], [%r5], %h1;\n"
    "W:\n  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r5], 0;  @!%p2 bra W;\n"
    "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
    "  ret;\n}\n";

static void
test_multicast_tma(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, mcast_ptx, "k");
    SimDevPtr dg;
    CHECK(sim_mem_alloc(ctx, &dg, 64 * 256 * 2) == SIM_OK, "allocate");
    uint64_t dim[2] = { 64, 256 }, stride[1] = { 64 * 2 };
    uint32_t box[2] = { 64, 256 }, es[2] = { 1, 1 };
    SimTensorMap tm;
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 2, dg, dim, stride, box, es, 0,
                                      SIM_TMAP_SWIZZLE_128B, 0, 0) == SIM_OK,
          "encode the tensor map");
    void *params[] = { &tm };
    CHECK(sim_set_timing(ctx, "b200") == SIM_OK, "b200 model");
    sim_set_option(ctx, SIM_OPT_TIMING_REGS, 32);
    SimTiming t;
    if (f && launch_ok(ctx, f, 2, 32, 32768, params) == 0 && sim_timing(ctx, &t) == SIM_OK) {
        double copy = B200_LAT_DRAM + 32768 * B200_SMS / B200_L2_BCLK;
        double lat = (double)t.bound[SIM_LIM_LATENCY];
        CHECK(t.l2_bytes == 32768, "multicast copy: %llu L2 bytes, want 32768 (read once)",
              (unsigned long long)t.l2_bytes);
        CHECK(lat >= copy && lat < copy + 400,
              "multicast copy: mean critical path %.0f cycles, want %.0f .. %.0f", lat, copy,
              copy + 400);
    } else {
        CHECK(0, "the timed multicast launch: %s", sim_error(ctx));
    }
    sim_destroy(ctx);
}

int
main(void)
{
    test_pair_mma(true);
    test_pair_mma(false);
    test_multicast_tma();
    return test_exit("test_timing_cluster");
}
