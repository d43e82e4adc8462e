/*
 * test_sim_hopper.c -- the sm_90a instructions of the simulator against
 * values derived here, independently of sim/: mbarrier phase/parity/tx
 * sequences (hand-derived from ptx-sm90.md §1.2), a parked try_wait and a
 * located deadlock, the 32B/64B/128B swizzles of a TMA load against the
 * formula of ptx-sm90.md §3 written again below, a 2-D TMA load with
 * out-of-bound zero (and NaN) fill, plain bulk copies, the tensor-map
 * encoder's checks, and the complete kernel of ptx-sm90.md §4.5 (TMA ->
 * mbarrier -> wgmma -> smem -> TMA store) against a C GEMM.
 */
#include "tests/sim/simtest.h"

#include <stdint.h>

#define HEAD ".version 8.0\n.target sm_90a\n.address_size 64\n"

/* ptx-sm90.md §3: phys(a) = a XOR (((a >> 7) & (S/16 - 1)) << 4). */
static uint32_t
swz(uint32_t a, uint32_t span)
{
    if (span == 0)
        return a;
    return a ^ (((a >> 7) & (span / 16 - 1)) << 4);
}

static uint32_t rng = 12345;

static uint32_t
rnd(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8;
}

/* ---- mbarrier ---- */

// clang-format off
/* REC(k): record predicate %p1 as a u32 at out + k */
#define REC(k) "  selp.u32 %r2, 1, 0, %p1;  st.global.u32 [%rd1+" #k "], %r2;\n"
static const char *const seq_ptx = HEAD
    ".visible .entry seq(.param .u64 out)\n"
    "{\n"
    "  .reg .pred %p<4>; .reg .b32 %r<8>; .reg .b64 %rd<8>;\n"
    "  .shared .align 8 .b64 bar;\n"
    "  ld.param.u64 %rd1, [out];  mov.u32 %r1, bar;\n"
    "  mbarrier.init.shared::cta.b64 [%r1], 2;\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;\n"
    REC(0)
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 1;\n"
    REC(4)
    "  mbarrier.arrive.shared::cta.b64 %rd2, [%r1];\n"
    "  mbarrier.test_wait.shared::cta.b64 %p1, [%r1], %rd2;\n"
    REC(8)
    "  mbarrier.arrive.release.cta.shared::cta.b64 _, [%r1];\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;\n"
    REC(12)
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 1;\n"
    REC(16)
    "  mbarrier.test_wait.shared::cta.b64 %p1, [%r1], %rd2;\n"
    REC(20)
    "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 64;\n"
    "  mbarrier.arrive.shared::cta.b64 _, [%r1];\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 1;\n"
    REC(24)
    "  mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%r1], 32;\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 1;\n"
    REC(28)
    "  mbarrier.complete_tx.shared::cta.b64 [%r1], 32;\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 1;\n"
    REC(32)
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;\n"
    REC(36)
    "  mbarrier.complete_tx.shared::cta.b64 [%r1], 16;\n"
    "  mbarrier.arrive.shared::cta.b64 _, [%r1], 2;\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;\n"
    REC(40)
    "  mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%r1], 16;\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;\n"
    REC(44)
    "  mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 %p1, [%r1], 0, 1000;\n"
    REC(48)
    "  mbarrier.arrive.noComplete.shared::cta.b64 %rd3, [%r1], 1;\n"
    "  mbarrier.pending_count.b64 %r3, %rd3;\n"
    "  st.global.u32 [%rd1+52], %r3;\n"
    "  mbarrier.arrive_drop.shared::cta.b64 _, [%r1];\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 1;\n"
    REC(56)
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;\n"
    REC(60)
    "  mbarrier.arrive.shared::cta.b64 _, [%r1];\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;\n"
    REC(64)
    "  mbarrier.inval.shared::cta.b64 [%r1];\n"
    "  mbarrier.init.shared::cta.b64 [%r1], 3;\n"
    "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;\n"
    REC(68)
    "  mbarrier.arrive.shared::cta.b64 %rd4, [%r1];\n"
    "  mbarrier.test_wait.shared::cta.b64 %p1, [%r1], %rd4;\n"
    REC(72)
    "  cvta.shared.u64 %rd5, bar;\n"
    "  mbarrier.test_wait.parity.b64 %p1, [%rd5], 1;\n"
    REC(76)
    "  mov.u32 %r4, %cluster_ctarank;  st.global.u32 [%rd1+80], %r4;\n"
    "  mov.u32 %r4, %cluster_nctarank;  st.global.u32 [%rd1+84], %r4;\n"
    "  mov.u32 %r4, %clusterid.x;  st.global.u32 [%rd1+88], %r4;\n"
    "  ret;\n"
    "}\n";
#undef REC
// clang-format on

static void
test_mbarrier_sequence(void)
{
    /* Hand-derived from ptx-sm90.md §1.2 (phase after each step in brackets):
     * fresh [0]: parity 0 incomplete, parity 1 (the phase before) complete;
     * 1 of 2 arrivals: token of phase 0 not done; 2nd arrival [1]: parity 0
     * done, 1 not, token done; expect_tx 64 + arrive + arrive: tx 64 keeps
     * phase 1 open through complete_tx 32, the second 32 completes it [2];
     * complete_tx 16 before the arrivals (tx -16) and arrive(2) keep phase 2
     * open until expect_tx 16 [3]; try_wait.parity 0 on the completed phase
     * is true; noComplete arrive leaves 1 pending; arrive_drop completes
     * phase 3 [4] with expected 1; one arrive completes [5]; inval + init 3
     * starts over at phase 0. */
    static const uint32_t want[] = { 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1,
                                     1, 1, 1, 0, 1, 0, 0, 1, 0, 1, 3 };
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, seq_ptx, "seq");
    uint32_t out[23];
    memset(out, 0xee, sizeof out);
    SimDevPtr d = dev_upload(ctx, out, sizeof out);
    void *params[] = { &d };
    unsigned grid_x = 4;
    if (f && sim_launch(f, grid_x, 1, 1, 1, 1, 1, 0, params) != SIM_OK) {
        printf("FAIL launch: %s\n", sim_error(ctx));
        failures++;
    }
    dev_download(ctx, out, d, sizeof out);
    for (unsigned i = 0; i < 22; i++)
        CHECK(out[i] == want[i], "mbarrier sequence step %u: got %u, want %u", i, out[i], want[i]);
    CHECK(out[22] == grid_x - 1, "%%clusterid.x of the last CTA: got %u", out[22]);
    sim_destroy(ctx);
}

/* Consumers (threads 0-63) park in try_wait before the producers (64-127)
 * have written; each consumer then reads its producer's value. */
static const char *const prodcons_ptx =
    HEAD ".visible .entry pc(.param .u64 out)\n"
         "{\n"
         "  .reg .pred %p<4>; .reg .b32 %r<12>; .reg .b64 %rd<8>;\n"
         "  .shared .align 8 .b64 bar;  .shared .align 4 .b32 data[64];\n"
         "  ld.param.u64 %rd1, [out];  mov.u32 %r1, bar;  mov.u32 %r0, %tid.x;\n"
         "  setp.eq.u32 %p0, %r0, 0;\n"
         "  @%p0 mbarrier.init.shared::cta.b64 [%r1], 64;\n"
         "  bar.sync 0;\n"
         "  mov.u32 %r9, data;\n"
         "  setp.lt.u32 %p1, %r0, 64;  @%p1 bra CONS;\n"
         "  sub.u32 %r2, %r0, 64;  shl.b32 %r3, %r2, 2;  add.u32 %r3, %r3, %r9;\n"
         "  mad.lo.u32 %r4, %r2, 3, 7;  st.shared.u32 [%r3], %r4;\n"
         "  mbarrier.arrive.release.cta.shared::cta.b64 _, [%r1];\n"
         "  bra END;\n"
         "CONS:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r1], 0;\n"
         "  @!%p2 bra CONS;\n"
         "  shl.b32 %r3, %r0, 2;  add.u32 %r5, %r3, %r9;  ld.shared.u32 %r4, [%r5];\n"
         "  cvt.u64.u32 %rd2, %r3;  add.u64 %rd2, %rd1, %rd2;  st.global.u32 [%rd2], %r4;\n"
         "END:\n"
         "  ret;\n"
         "}\n";

static const char *const deadlock_ptx =
    HEAD ".visible .entry dl()\n"
         "{\n"
         "  .reg .pred %p<4>; .reg .b32 %r<12>;\n"
         "  .shared .align 8 .b64 bar;\n"
         "  mov.u32 %r1, bar;  mov.u32 %r0, %tid.x;  setp.eq.u32 %p0, %r0, 0;\n"
         "  @%p0 mbarrier.init.shared::cta.b64 [%r1], 2;\n"
         "  bar.sync 0;\n"
         "  @%p0 mbarrier.arrive.shared::cta.b64 _, [%r1];\n"
         "W:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r1], 0;\n" /* line 13 */
         "  @!%p2 bra W;\n"
         "  ret;\n"
         "}\n";

static const char *const misuse_ptx =
    HEAD ".visible .entry over()\n"
         "{\n"
         "  .reg .b32 %r<4>;  .shared .align 8 .b64 bar;\n"
         "  mov.u32 %r1, bar;\n"
         "  mbarrier.init.shared::cta.b64 [%r1], 1;\n"
         "  mbarrier.arrive.shared::cta.b64 _, [%r1], 2;\n" /* line 9 */
         "  ret;\n"
         "}\n"
         ".visible .entry twice()\n"
         "{\n"
         "  .reg .b32 %r<4>;  .shared .align 8 .b64 bar2;\n"
         "  mov.u32 %r1, bar2;\n"
         "  mbarrier.init.shared::cta.b64 [%r1], 1;\n"
         "  mbarrier.init.shared::cta.b64 [%r1], 1;\n" /* line 17 */
         "  ret;\n"
         "}\n"
         ".visible .entry noinit()\n"
         "{\n"
         "  .reg .b32 %r<4>;  .shared .align 8 .b64 bar3;\n"
         "  mov.u32 %r1, bar3;\n"
         "  mbarrier.arrive.shared::cta.b64 _, [%r1];\n" /* line 24 */
         "  ret;\n"
         "}\n";

static void
test_mbarrier_threads(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, prodcons_ptx, "pc");
    uint32_t out[64] = { 0 };
    SimDevPtr d = dev_upload(ctx, out, sizeof out);
    void *params[] = { &d };
    launch_ok(ctx, f, 1, 128, 0, params);
    dev_download(ctx, out, d, sizeof out);
    for (uint32_t i = 0; i < 64; i++)
        CHECK(out[i] == 3 * i + 7, "consumer %u read %u, want %u", i, out[i], 3 * i + 7);

    f = load_entry(ctx, deadlock_ptx, "dl");
    launch_fails(ctx, f, 1, 64, NULL,
                 "test.ptx:13: error: deadlock: the mbarrier at shared offset");
    CHECK(strstr(sim_error(ctx), "never completes phase 0 (1 of 2 arrivals pending, tx-count 0)") &&
              strstr(sim_error(ctx), "threads 0-63 wait") &&
              strstr(sim_error(ctx), "thread (0,0,0)"),
          "deadlock message: %s", sim_error(ctx));

    SimModule *m;
    if (sim_module_load(ctx, misuse_ptx, "test.ptx", &m) == SIM_OK) {
        SimFunc *g;
        sim_module_get_function(m, "over", &g);
        launch_fails(ctx, g, 1, 1, NULL, "test.ptx:9: error: arrive of 2 on the mbarrier");
        sim_module_get_function(m, "twice", &g);
        launch_fails(ctx, g, 1, 1, NULL, "test.ptx:17: error: mbarrier.init of the live mbarrier");
        sim_module_get_function(m, "noinit", &g);
        launch_fails(ctx, g, 1, 1, NULL, "test.ptx:24: error: 'mbarrier.arrive' on shared offset");
    } else {
        CHECK(0, "misuse module: %s", sim_error(ctx));
    }
    sim_destroy(ctx);
}

/* ---- TMA loads ---- */

/* One thread: TMA-load a 2-D box at (c0, c1) into a 1024-B aligned tile,
 * wait on the mbarrier for `bytes`, copy the tile's bytes to out. */
static const char *const tma2d_ptx = HEAD
    ".visible .entry tma2d(.param .align 64 .b8 tm[128], .param .u64 out, .param .u32 c0,\n"
    "    .param .u32 c1, .param .u32 bytes)\n"
    "{\n"
    "  .reg .pred %p<3>; .reg .b32 %r<12>; .reg .b64 %rd<8>;\n"
    "  .shared .align 1024 .b8 tile[8192];\n"
    "  .shared .align 8 .b64 bar;\n"
    "  mov.b64 %rd1, tm;  cvta.param.u64 %rd1, %rd1;\n"
    "  prefetch.tensormap [%rd1];\n"
    "  ld.param.u64 %rd2, [out];  ld.param.u32 %r1, [c0];  ld.param.u32 %r2, [c1];\n"
    "  ld.param.u32 %r3, [bytes];\n"
    "  mov.u32 %r4, tile;  mov.u32 %r5, bar;\n"
    "  mbarrier.init.shared::cta.b64 [%r5], 1;\n"
    "  fence.proxy.async.shared::cta;\n"
    "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], %r3;\n"
    "  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r4], "
    "[%rd1, {%r1, %r2}], [%r5];\n"
    "W:\n"
    "  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r5], 0;  @!%p1 bra W;\n"
    "  mov.u32 %r6, 0;\n"
    "L:\n"
    "  setp.ge.u32 %p2, %r6, %r3;  @%p2 bra DONE;\n"
    "  add.u32 %r7, %r4, %r6;  ld.shared.u32 %r8, [%r7];\n"
    "  cvt.u64.u32 %rd3, %r6;  add.u64 %rd4, %rd2, %rd3;  st.global.u32 [%rd4], %r8;\n"
    "  add.u32 %r6, %r6, 4;  bra L;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n";

static int
run_tma2d(SimCtx *ctx, SimFunc *f, SimTensorMap *tm, void *out, int32_t c0, int32_t c1,
          uint32_t bytes)
{
    SimDevPtr d = dev_upload(ctx, out, bytes);
    void *params[] = { tm, &d, &c0, &c1, &bytes };
    if (launch_ok(ctx, f, 1, 1, 0, params))
        return -1;
    dev_download(ctx, out, d, bytes);
    return 0;
}

static void
test_swizzle(void)
{
    /* Worked examples of ptx-sm90.md §3. */
    CHECK(swz(426, 128) == 410 && swz(202, 64) == 218 && swz(178, 32) == 162,
          "swizzle formula examples");
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, tma2d_ptx, "tma2d");
    enum { R = 16, W = 128 };
    static uint16_t g[R][W];
    for (int r = 0; r < R; r++)
        for (int c = 0; c < W; c++)
            g[r][c] = (uint16_t)(r * 256 + c);
    SimDevPtr dg = dev_upload(ctx, g, sizeof g);
    for (unsigned mode = 0; mode <= 3; mode++) {
        uint32_t span = mode ? 16u << mode : 0, inner = mode ? span / 2 : 32; /* elements */
        uint64_t dim[2] = { W, R }, stride[1] = { W * 2 };
        uint32_t box[2] = { inner, R }, es[2] = { 1, 1 };
        SimTensorMap tm;
        SimResult r = sim_tensor_map_encode_tiled(&tm, SIM_TMAP_UINT16, 2, dg, dim, stride, box, es,
                                                  0, mode, 0, 0);
        CHECK(r == SIM_OK, "encode swizzle mode %u", mode);
        uint32_t bytes = inner * R * 2, c0 = 8, c1 = 0;
        uint16_t out[4096];
        if (run_tma2d(ctx, f, &tm, out, (int32_t)c0, (int32_t)c1, bytes))
            continue;
        unsigned bad = 0;
        for (uint32_t rr = 0; rr < R; rr++)
            for (uint32_t c = 0; c < inner; c++) {
                uint32_t logical = (rr * inner + c) * 2;
                uint32_t phys = swz(logical, span);
                if (out[phys / 2] != g[c1 + rr][c0 + c] && bad++ < 4)
                    printf("FAIL swizzle mode %u: element (%u,%u) at byte %u: got 0x%04x, want "
                           "0x%04x\n",
                           mode, rr, c, phys, out[phys / 2], g[c1 + rr][c0 + c]);
            }
        CHECK(bad == 0, "swizzle mode %u: %u wrong elements", mode, bad);
    }
    sim_destroy(ctx);
}

static void
test_tma_oob(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, tma2d_ptx, "tma2d");
    enum { R = 10, W = 24, BW = 16, BH = 8 };
    static float g[R][W];
    for (int r = 0; r < R; r++)
        for (int c = 0; c < W; c++)
            g[r][c] = (float)(r * 100 + c + 1);
    SimDevPtr dg = dev_upload(ctx, g, sizeof g);
    uint64_t dim[2] = { W, R }, stride[1] = { W * 4 };
    uint32_t box[2] = { BW, BH }, es[2] = { 1, 1 };
    static const int32_t coords[][2] = { { 16, 6 }, { -4, -2 }, { 0, 0 }, { 20, -7 } };
    for (unsigned fill = 0; fill < 2; fill++) {
        SimTensorMap tm;
        CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT32, 2, dg, dim, stride, box, es, 0, 0,
                                          0, fill) == SIM_OK,
              "encode f32 map");
        for (unsigned k = 0; k < 4; k++) {
            int32_t c0 = coords[k][0], c1 = coords[k][1];
            uint32_t out[BW * BH];
            if (run_tma2d(ctx, f, &tm, out, c0, c1, sizeof out))
                continue;
            unsigned bad = 0;
            for (int r = 0; r < BH; r++)
                for (int c = 0; c < BW; c++) {
                    int gr = c1 + r, gc = c0 + c;
                    uint32_t want;
                    if (gr < 0 || gr >= R || gc < 0 || gc >= W) {
                        want = fill ? 0x7fffffffu : 0;
                    } else {
                        memcpy(&want, &g[gr][gc], 4);
                    }
                    if (out[r * BW + c] != want && bad++ < 4)
                        printf("FAIL oob box (%d,%d) fill %u element (%d,%d): got 0x%08x, want "
                               "0x%08x\n",
                               c0, c1, fill, r, c, out[r * BW + c], want);
                }
            CHECK(bad == 0, "OOB box at (%d,%d): %u wrong", c0, c1, bad);
        }
    }
    /* expect_tx of fewer bytes than the box: tx goes negative, the phase
     * never completes, and the wait is reported. */
    SimTensorMap tm;
    sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT32, 2, dg, dim, stride, box, es, 0, 0, 0, 0);
    int32_t c0 = 0, c1 = 0;
    uint32_t bytes = 256;
    SimDevPtr d = dev_upload(ctx, g, 512);
    void *params[] = { &tm, &d, &c0, &c1, &bytes };
    launch_fails(ctx, f, 1, 1, params, "deadlock: the mbarrier at shared offset");
    CHECK(strstr(sim_error(ctx), "tx-count -256"), "tx in the deadlock message: %s",
          sim_error(ctx));
    sim_destroy(ctx);
}

/* What a wgmma ring over a dynamic-size memref relies on (docs/hopper.md, "Dynamic
 * sizes"): an f16 box of 64 x 64 with the 128-byte swizzle over a ragged 100 x 72 global
 * array (the launcher's map of memref<?x?xf16> at M = 100, K = 72) reads zeros where it
 * lies past a dim, on either side, and the full barrier's transaction count is the whole
 * box (8192 bytes) even where part or all of it is out of bounds: the ring's expect_tx
 * is the tile's bytes, whatever the sizes.  The expected image is worked out here from
 * the array and the swizzle formula (swz), not by the simulator. */
static void
test_tma_oob_ring_f16(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, tma2d_ptx, "tma2d");
    enum { R = 100, W = 72, B = 64 };
    static uint16_t g[R][W];
    for (int r = 0; r < R; r++)
        for (int c = 0; c < W; c++)
            g[r][c] = (uint16_t)(0x3c00 + r * W + c); /* nonzero: a zero read shows */
    SimDevPtr dg = dev_upload(ctx, g, sizeof g);
    uint64_t dim[2] = { W, R }, stride[1] = { W * 2 };
    uint32_t box[2] = { B, B }, es[2] = { 1, 1 };
    SimTensorMap tm;
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 2, dg, dim, stride, box, es, 0,
                                      SIM_TMAP_SWIZZLE_128B, 0, SIM_TMAP_OOB_FILL_ZERO) == SIM_OK,
          "encode the ragged f16 map");
    /* (column, row): the last K step (8 of 64 columns in bounds), the last row block (36
       of 64 rows), both, a box before the start, one wholly past the end */
    static const int32_t coords[][2] = { { 64, 0 }, { 0, 64 }, { 64, 64 }, { -8, -4 }, { 128, 0 } };
    for (unsigned k = 0; k < sizeof coords / sizeof coords[0]; k++) {
        int32_t c0 = coords[k][0], c1 = coords[k][1];
        static uint16_t out[B * B];
        if (run_tma2d(ctx, f, &tm, out, c0, c1, sizeof out)) /* waits for all 8192 bytes */
            continue;
        unsigned bad = 0, zeros = 0;
        for (int r = 0; r < B; r++)
            for (int c = 0; c < B; c++) {
                int gr = c1 + r, gc = c0 + c;
                bool in = gr >= 0 && gr < R && gc >= 0 && gc < W;
                uint16_t want = in ? g[gr][gc] : 0;
                zeros += !in;
                uint32_t phys = swz((uint32_t)(r * B + c) * 2, 128);
                if (out[phys / 2] != want && bad++ < 4)
                    printf("FAIL ragged f16 box (%d,%d) element (%d,%d): got 0x%04x, want "
                           "0x%04x\n",
                           c0, c1, r, c, out[phys / 2], want);
            }
        CHECK(bad == 0 && zeros > 0, "ragged f16 box at (%d,%d): %u wrong, %u filled", c0, c1, bad,
              zeros);
    }
    /* rows of 66 f16 (132 bytes) cannot be mapped: the launcher's check mirrors this */
    uint64_t odd[1] = { 66 * 2 };
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 2, dg, dim, odd, box, es, 0,
                                      SIM_TMAP_SWIZZLE_128B, 0, 0) == SIM_ERR_INVALID_VALUE,
          "a 132-byte row pitch is refused");
    sim_destroy(ctx);
}

static void
test_encode_checks(void)
{
    SimTensorMap tm;
    uint64_t dim[2] = { 64, 64 }, stride[1] = { 128 }, bad_stride[1] = { 120 };
    uint32_t box[2] = { 64, 64 }, es[2] = { 1, 1 }, big_box[2] = { 72, 64 }, box0[2] = { 0, 8 };
    SimDevPtr p = 0x700000000000ull;
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 2, p, dim, stride, box, es, 0, 3, 0,
                                      0) == SIM_OK,
          "valid map rejected");
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 2, p + 8, dim, stride, box, es, 0, 3,
                                      0, 0) == SIM_ERR_INVALID_VALUE,
          "misaligned address accepted");
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 2, p, dim, bad_stride, box, es, 0, 3,
                                      0, 0) == SIM_ERR_INVALID_VALUE,
          "stride 120 accepted");
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 2, p, dim, stride, big_box, es, 0, 3,
                                      0, 0) == SIM_ERR_INVALID_VALUE,
          "144-byte inner box with 128B swizzle accepted");
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 2, p, dim, stride, box, es, 0, 2, 0,
                                      0) == SIM_ERR_INVALID_VALUE,
          "128-byte inner box with 64B swizzle accepted");
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 2, p, dim, stride, box0, es, 0, 0, 0,
                                      0) == SIM_ERR_INVALID_VALUE,
          "box 0 accepted");
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 6, p, dim, stride, box, es, 0, 0, 0,
                                      0) == SIM_ERR_INVALID_VALUE,
          "rank 6 accepted");
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_INT32, 2, p, dim, stride, box, es, 0, 0, 0,
                                      1) == SIM_ERR_INVALID_VALUE,
          "NaN fill for an integer type accepted");
    uint32_t box_odd[2] = { 4, 8 }; /* 8 bytes: not a multiple of 16 */
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_FLOAT16, 2, p, dim, stride, box_odd, es, 0, 0,
                                      0, 0) == SIM_ERR_INVALID_VALUE,
          "8-byte inner box accepted");
}

/* ---- plain bulk copies ---- */

static const char *const bulk_ptx =
    HEAD ".visible .entry bulk(.param .u64 src, .param .u64 dst)\n"
         "{\n"
         "  .reg .pred %p<3>; .reg .b32 %r<12>; .reg .b64 %rd<8>;\n"
         "  .shared .align 128 .b8 buf[1024];  .shared .align 8 .b64 bar;\n"
         "  ld.param.u64 %rd1, [src];  ld.param.u64 %rd2, [dst];\n"
         "  mov.u32 %r1, buf;  mov.u32 %r2, bar;\n"
         "  mbarrier.init.shared::cta.b64 [%r2], 1;\n"
         "  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 512, "
         "[%r2];\n"
         "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r2], 512;\n"
         "W:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r2], 0;  @!%p1 bra W;\n"
         "  add.u32 %r3, %r1, 512;\n"
         "  cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r3], [%r1], "
         "256, [%r2];\n"
         "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r2], 256;\n"
         "W2:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r2], 1;  @!%p1 bra W2;\n"
         "  fence.proxy.async.shared::cta;\n"
         "  cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r3], 256;\n"
         "  add.u64 %rd3, %rd2, 256;\n"
         "  cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%rd3], [%r1], 512, %rd1;\n"
         "  cp.async.bulk.commit_group;\n"
         "  cp.async.bulk.wait_group.read 0;\n"
         "  cp.async.bulk.wait_group 0;\n"
         "  cp.async.bulk.prefetch.L2.global [%rd1], 512;\n"
         "  ret;\n"
         "}\n";

static void
test_bulk(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, bulk_ptx, "bulk");
    uint8_t src[512], dst[768] = { 0 };
    for (int i = 0; i < 512; i++)
        src[i] = (uint8_t)(i * 7 + 3);
    SimDevPtr ds = dev_upload(ctx, src, sizeof src), dd = dev_upload(ctx, dst, sizeof dst);
    void *params[] = { &ds, &dd };
    launch_ok(ctx, f, 1, 1, 0, params);
    dev_download(ctx, dst, dd, sizeof dst);
    CHECK(!memcmp(dst, src, 256), "bulk shared->shared->global copy");
    CHECK(!memcmp(dst + 256, src, 512), "bulk global->shared->global copy");
    sim_destroy(ctx);
}

/* ---- ptx-sm90.md §4.5, verbatim ---- */

static const char *const gemm_ptx =
    ".version 8.0\n"
    ".target sm_90a\n"
    ".address_size 64\n"
    "// D[64x32] f32 = A[64x64] f16 (row-major, K contiguous) x Bt[32x64]^T f16 (row-major, K "
    "contiguous).\n"
    "// 1 CTA x 128 threads.  tmA: box {64,64}, tmB: box {64,32}, both f16 + SWIZZLE_128B.\n"
    "// tmD: f32, box {32,64}, SWIZZLE_NONE.  Coordinates: {k, m} / {k, n} / {n, m}.\n"
    ".visible .entry gemm_64x32x64(\n"
    "    .param .align 64 .b8 tmA[128], .param .align 64 .b8 tmB[128],\n"
    "    .param .align 64 .b8 tmD[128], .param .u32 m0, .param .u32 n0)\n"
    ".reqntid 128, 1, 1\n"
    "{\n"
    "  .reg .pred %p<4>;  .reg .b32 %r<16>;  .reg .b64 %rd<8>;  .reg .f32 %d<16>;\n"
    "  .shared .align 1024 .b8 sA[8192];   // 64 rows x 128 B, written swizzled by TMA\n"
    "  .shared .align 1024 .b8 sB[4096];   // 32 rows x 128 B\n"
    "  .shared .align 128  .b8 sD[8192];   // 64 rows x 128 B (f32), plain\n"
    "  .shared .align 8    .b64 bar;\n"
    "\n"
    "  mov.u32 %r0, %tid.x;  setp.eq.u32 %p0, %r0, 0;\n"
    "  ld.param.u32 %r1, [m0];  ld.param.u32 %r2, [n0];\n"
    "  mov.u32 %r3, sA;  mov.u32 %r4, sB;  mov.u32 %r5, bar;\n"
    "  mov.b64 %rd1, tmA;  cvta.param.u64 %rd1, %rd1;   // generic addresses of the by-value "
    "maps\n"
    "  mov.b64 %rd2, tmB;  cvta.param.u64 %rd2, %rd2;\n"
    "  mov.b64 %rd3, tmD;  cvta.param.u64 %rd3, %rd3;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r5], 1;  bar.sync 0;\n"
    "  mov.u32 %r6, 0;                                               // k0\n"
    "  @%p0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], 12288; // 8 KiB + 4 KiB\n"
    "  @%p0 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
    "[%r3], [%rd1, {%r6, %r1}], [%r5];\n"
    "  @%p0 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
    "[%r4], [%rd2, {%r6, %r2}], [%r5];\n"
    "WAIT:\n"
    "  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r5], 0;  @!%p1 bra WAIT;\n"
    "  cvt.u64.u32 %rd4, %r3;  shr.u64 %rd4, %rd4, 4;  and.b64 %rd4, %rd4, 0x3FFF;  // A: "
    "K-major, SW128\n"
    "  or.b64  %rd4, %rd4, 0x4000004000010000;                                         //    SBO "
    "1024\n"
    "  cvt.u64.u32 %rd5, %r4;  shr.u64 %rd5, %rd5, 4;  and.b64 %rd5, %rd5, 0x3FFF;  // B: same "
    "form\n"
    "  or.b64  %rd5, %rd5, 0x4000004000010000;\n";
static const char *const gemm_ptx2 =
    "  wgmma.fence.sync.aligned;\n"
    "  wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {%d0, %d1, %d2, %d3, %d4, %d5, %d6, "
    "%d7, %d8, %d9, %d10, %d11, %d12, %d13, %d14, %d15}, %rd4, %rd5, 0, 1, 1, 0, 0;\n"
    "  add.s64 %rd4, %rd4, 2;  add.s64 %rd5, %rd5, 2;   // next 16 K values: +32 B (enc 2)\n"
    "  wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {%d0, %d1, %d2, %d3, %d4, %d5, %d6, "
    "%d7, %d8, %d9, %d10, %d11, %d12, %d13, %d14, %d15}, %rd4, %rd5, 1, 1, 1, 0, 0;\n"
    "  add.s64 %rd4, %rd4, 2;  add.s64 %rd5, %rd5, 2;\n"
    "  wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {%d0, %d1, %d2, %d3, %d4, %d5, %d6, "
    "%d7, %d8, %d9, %d10, %d11, %d12, %d13, %d14, %d15}, %rd4, %rd5, 1, 1, 1, 0, 0;\n"
    "  add.s64 %rd4, %rd4, 2;  add.s64 %rd5, %rd5, 2;\n"
    "  wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {%d0, %d1, %d2, %d3, %d4, %d5, %d6, "
    "%d7, %d8, %d9, %d10, %d11, %d12, %d13, %d14, %d15}, %rd4, %rd5, 1, 1, 1, 0, 0;\n"
    "  wgmma.commit_group.sync.aligned;  wgmma.wait_group.sync.aligned 0;\n"
    "  // D fragment -> sD: reg i at row 16w + l/4 + 8((i>>1)&1), col 8(i>>2) + 2(l%4) + (i&1)\n"
    "  shr.u32 %r7, %r0, 5;  and.b32 %r8, %r0, 31;  shr.u32 %r9, %r8, 2;     // w, l, l/4\n"
    "  shl.b32 %r10, %r7, 4;  add.u32 %r10, %r10, %r9;  shl.b32 %r10, %r10, 7; // row0 * 128 B\n"
    "  and.b32 %r11, %r8, 3;  shl.b32 %r11, %r11, 3;                          // 2(l%4) * 4 B\n"
    "  mov.u32 %r12, sD;  add.u32 %r10, %r10, %r11;  add.u32 %r10, %r10, %r12;\n"
    "  st.shared.v2.f32 [%r10+0],  {%d0, %d1};    st.shared.v2.f32 [%r10+1024], {%d2, %d3};\n"
    "  st.shared.v2.f32 [%r10+32], {%d4, %d5};    st.shared.v2.f32 [%r10+1056], {%d6, %d7};\n"
    "  st.shared.v2.f32 [%r10+64], {%d8, %d9};    st.shared.v2.f32 [%r10+1088], {%d10, %d11};\n"
    "  st.shared.v2.f32 [%r10+96], {%d12, %d13};  st.shared.v2.f32 [%r10+1120], {%d14, %d15};\n"
    "  fence.proxy.async.shared::cta;             // generic smem writes -> async proxy (TMA "
    "store)\n"
    "  bar.sync 0;\n"
    "  @%p0 cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd3, {%r2, %r1}], "
    "[%r12];\n"
    "  @%p0 cp.async.bulk.commit_group;\n"
    "  @%p0 cp.async.bulk.wait_group.read 0;      // sD must stay valid until read\n"
    "  bar.sync 0;  @%p0 mbarrier.inval.shared::cta.b64 [%r5];  ret;\n"
    "}\n";

static void
test_gemm(void)
{
    enum { M = 128, N = 64, K = 64 };
    static uint16_t A[M][K], Bt[N][K];
    static float Af[M][K], Bf[N][K], D[M][N];
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++) {
            Af[i][k] = (float)((int)(rnd() % 17) - 8) / 8.0f;
            A[i][k] = half_of(Af[i][k]);
        }
    for (int j = 0; j < N; j++)
        for (int k = 0; k < K; k++) {
            Bf[j][k] = (float)((int)(rnd() % 17) - 8) / 4.0f;
            Bt[j][k] = half_of(Bf[j][k]);
        }
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            D[i][j] = -12345.0f;
    SimCtx *ctx = sim_create();
    size_t n1 = strlen(gemm_ptx), n2 = strlen(gemm_ptx2);
    char *ptx = malloc(n1 + n2 + 1);
    memcpy(ptx, gemm_ptx, n1);
    memcpy(ptx + n1, gemm_ptx2, n2 + 1);
    SimFunc *f = load_entry(ctx, ptx, "gemm_64x32x64");
    free(ptx);
    SimDevPtr dA = dev_upload(ctx, A, sizeof A), dB = dev_upload(ctx, Bt, sizeof Bt),
              dD = dev_upload(ctx, D, sizeof D);
    SimTensorMap tmA, tmB, tmD;
    uint64_t dimA[2] = { K, M }, strA[1] = { K * 2 }, dimB[2] = { K, N }, strB[1] = { K * 2 };
    uint64_t dimD[2] = { N, M }, strD[1] = { N * 4 };
    uint32_t boxA[2] = { 64, 64 }, boxB[2] = { 64, 32 }, boxD[2] = { 32, 64 }, es[2] = { 1, 1 };
    CHECK(sim_tensor_map_encode_tiled(&tmA, SIM_TMAP_FLOAT16, 2, dA, dimA, strA, boxA, es, 0,
                                      SIM_TMAP_SWIZZLE_128B, 2, 0) == SIM_OK &&
              sim_tensor_map_encode_tiled(&tmB, SIM_TMAP_FLOAT16, 2, dB, dimB, strB, boxB, es, 0,
                                          SIM_TMAP_SWIZZLE_128B, 2, 0) == SIM_OK &&
              sim_tensor_map_encode_tiled(&tmD, SIM_TMAP_FLOAT32, 2, dD, dimD, strD, boxD, es, 0,
                                          SIM_TMAP_SWIZZLE_NONE, 0, 0) == SIM_OK,
          "encode the GEMM maps");
    uint32_t m0 = 64, n0 = 32;
    void *params[] = { &tmA, &tmB, &tmD, &m0, &n0 };
    if (launch_ok(ctx, f, 1, 128, 0, params) == 0) {
        dev_download(ctx, D, dD, sizeof D);
        unsigned bad = 0;
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                double want = -12345.0;
                if (i >= (int)m0 && i < (int)m0 + 64 && j >= (int)n0 && j < (int)n0 + 32) {
                    want = 0;
                    for (int k = 0; k < K; k++)
                        want += (double)Af[i][k] * Bf[j][k];
                }
                if (D[i][j] != (float)want && bad++ < 4)
                    printf("FAIL gemm D[%d][%d] = %g, want %g\n", i, j, D[i][j], want);
            }
        CHECK(bad == 0, "GEMM: %u wrong elements", bad);
    }
    sim_destroy(ctx);
}

/* ---- wgmma operand layouts (ptx-sm90.md §4.3, written again) ---- */

/* Byte address of operand element (x, k) relative to the tile start, for
 * K-major (mn = 0) or MN-major (mn = 1), swizzle span S (0 = none), f16. */
static uint32_t
layout_addr(int mn, uint32_t S, uint32_t lbo, uint32_t sbo, uint32_t x, uint32_t k)
{
    uint32_t e = 2, a;
    if (!mn)
        a = S ? x / 8 * sbo + x % 8 * S + k * e
              : x / 8 * sbo + x % 8 * 16 + k * e / 16 * lbo + k * e % 16;
    else
        a = S ? x * e / S * lbo + k / 8 * sbo + k % 8 * S + x * e % S
              : x * e / 16 * sbo + k / 8 * lbo + k % 8 * 16 + x * e % 16;
    return swz(a, S);
}

/* One warpgroup: bulk-copy `bytes` of prepared shared memory, load D (and
 * A fragments) from global, one wgmma m64n16k16, store D back. */
static void
wg_kernel(char *buf, size_t n, const char *name, const char *types, int f32, int areg, int ta,
          int tb)
{
    const char *dl = f32 ? "{%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}" : "{%r8, %r9, %r10, %r11}";
    char ld[256], st[256], mma[512], aop[64];
    if (f32) {
        snprintf(ld, sizeof ld,
                 "  ld.global.v4.f32 {%%f0, %%f1, %%f2, %%f3}, [%%rd6];\n"
                 "  ld.global.v4.f32 {%%f4, %%f5, %%f6, %%f7}, [%%rd6+16];\n");
        snprintf(st, sizeof st,
                 "  st.global.v4.f32 [%%rd6], {%%f0, %%f1, %%f2, %%f3};\n"
                 "  st.global.v4.f32 [%%rd6+16], {%%f4, %%f5, %%f6, %%f7};\n");
    } else {
        snprintf(ld, sizeof ld, "  ld.global.v4.b32 {%%r8, %%r9, %%r10, %%r11}, [%%rd6];\n");
        snprintf(st, sizeof st, "  st.global.v4.b32 [%%rd6], {%%r8, %%r9, %%r10, %%r11};\n");
    }
    snprintf(aop, sizeof aop, "%s", areg ? "{%r12, %r13, %r14, %r15}" : "%rd2");
    if (areg)
        snprintf(mma, sizeof mma,
                 "  wgmma.mma_async.sync.aligned.m64n16k16.%s %s, %s, %%rd3, %%p2, -1, -1, %d;\n",
                 types, dl, aop, tb);
    else
        snprintf(mma, sizeof mma,
                 "  wgmma.mma_async.sync.aligned.m64n16k16.%s %s, %s, %%rd3, %%p2, 1, 1, %d, %d;\n",
                 types, dl, aop, ta, tb);
    snprintf(
        buf, n,
        ".visible .entry %s(.param .u64 src, .param .u32 bytes, .param .u64 da,\n"
        "    .param .u64 db, .param .u64 out, .param .u64 afrag, .param .u32 scale)\n"
        "{\n"
        "  .reg .pred %%p<4>; .reg .b32 %%r<16>; .reg .b64 %%rd<16>; .reg .f32 %%f<8>;\n"
        "  .shared .align 1024 .b8 sm_%s[16384];  .shared .align 8 .b64 bar_%s;\n"
        "  mov.u32 %%r0, %%tid.x;  setp.eq.u32 %%p0, %%r0, 0;\n"
        "  ld.param.u64 %%rd1, [src];  ld.param.u32 %%r1, [bytes];  ld.param.u64 %%rd2, [da];\n"
        "  ld.param.u64 %%rd3, [db];  ld.param.u64 %%rd4, [out];  ld.param.u64 %%rd7, [afrag];\n"
        "  ld.param.u32 %%r7, [scale];  setp.ne.u32 %%p2, %%r7, 0;\n"
        "  mov.u32 %%r2, sm_%s;  mov.u32 %%r3, bar_%s;\n"
        "  @%%p0 mbarrier.init.shared::cta.b64 [%%r3], 1;\n"
        "  bar.sync 0;\n"
        "  @%%p0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [%%r3], %%r1;\n"
        "  @%%p0 cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%%r2], "
        "[%%rd1], %%r1, [%%r3];\n"
        "W:\n"
        "  mbarrier.try_wait.parity.shared::cta.b64 %%p1, [%%r3], 0;  @!%%p1 bra W;\n"
        "  cvt.u64.u32 %%rd5, %%r2;  shr.u64 %%rd5, %%rd5, 4;\n"
        "  add.u64 %%rd2, %%rd2, %%rd5;  add.u64 %%rd3, %%rd3, %%rd5;\n"
        "  mul.wide.u32 %%rd6, %%r0, 16;  add.u64 %%rd8, %%rd7, %%rd6;\n"
        "  ld.global.v4.b32 {%%r12, %%r13, %%r14, %%r15}, [%%rd8];\n"
        "  mul.wide.u32 %%rd6, %%r0, %d;  add.u64 %%rd6, %%rd4, %%rd6;\n"
        "%s"
        "  wgmma.fence.sync.aligned;\n"
        "%s"
        "  wgmma.commit_group.sync.aligned;  wgmma.wait_group.sync.aligned 0;\n"
        "%s"
        "  ret;\n"
        "}\n",
        name, name, name, name, name, f32 ? 32 : 16, ld, mma, st);
}

typedef struct {
    const char *what;
    const char *types; /* dtype.atype.btype */
    int f32, areg, bf16;
} WgVariant;

static uint16_t
bf16_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)(u >> 16); /* exact for the values used */
}

static float
half_to_float(uint16_t h)
{
    int e = h >> 10 & 31;
    float m = (float)(h & 1023);
    float v = e ? (1024 + m) / 1024.0f : m / 1024.0f;
    int ex = e ? e - 15 : -14;
    while (ex > 0)
        v *= 2, ex--;
    while (ex < 0)
        v /= 2, ex++;
    return h & 0x8000 ? -v : v;
}

static void
test_wgmma_layouts(void)
{
    static const WgVariant var[] = {
        { "f32.f16", "f32.f16.f16", 1, 0, 0 },
        { "f32.bf16", "f32.bf16.bf16", 1, 0, 1 },
        { "f16.f16", "f16.f16.f16", 0, 0, 0 },
        { "f32.f16 register A", "f32.f16.f16", 1, 1, 0 },
    };
    static const uint32_t spans[] = { 0, 32, 64, 128 };
    SimCtx *ctx = sim_create();
    static float Af[64][16], Bf[16][16];
    static uint16_t Ah[64][16], Bh[16][16];
    for (int i = 0; i < 64; i++)
        for (int k = 0; k < 16; k++)
            Af[i][k] = (float)((int)(rnd() % 17) - 8) / 8.0f;
    for (int j = 0; j < 16; j++)
        for (int k = 0; k < 16; k++)
            Bf[j][k] = (float)((int)(rnd() % 17) - 8) / 4.0f;
    static uint8_t img[16384];
    static uint32_t afrag[128 * 4];
    static uint32_t dio[128 * 8];
    static float dinit[128 * 8];
    SimDevPtr dimg = 0, dafrag = 0, dd = 0;
    sim_mem_alloc(ctx, &dimg, sizeof img);
    sim_mem_alloc(ctx, &dafrag, sizeof afrag);
    sim_mem_alloc(ctx, &dd, sizeof dio);
    for (unsigned v = 0; v < sizeof var / sizeof var[0]; v++) {
        const WgVariant *V = &var[v];
        for (int i = 0; i < 64; i++)
            for (int k = 0; k < 16; k++)
                Ah[i][k] = V->bf16 ? bf16_of(Af[i][k]) : half_of(Af[i][k]);
        for (int j = 0; j < 16; j++)
            for (int k = 0; k < 16; k++)
                Bh[j][k] = V->bf16 ? bf16_of(Bf[j][k]) : half_of(Bf[j][k]);
        for (int mode = 0; mode < 4; mode++)
            for (int ta = 0; ta < 2; ta++)
                for (int tb = 0; tb < 2; tb++) {
                    if (V->areg && ta)
                        continue;
                    if (v && (mode != 1 + (int)v % 3 || ta != tb))
                        continue; /* the other variants: one layout each, both majors */
                    uint32_t S = spans[mode];
                    /* LBO/SBO per the canonical layouts of §4.3 */
                    uint32_t lboA = !S ? 128 : ta ? 16 * S : 16, sboA = !S ? 256 : 8 * S;
                    uint32_t lboB = lboA, sboB = sboA;
                    unsigned lay = S == 128 ? 1 : S == 64 ? 2 : S == 32 ? 3 : 0;
                    memset(img, 0, sizeof img);
                    for (uint32_t x = 0; x < 64; x++)
                        for (uint32_t k = 0; k < 16; k++) {
                            uint32_t a = layout_addr(ta, S, lboA, sboA, x, k);
                            img[a] = (uint8_t)Ah[x][k];
                            img[a + 1] = (uint8_t)(Ah[x][k] >> 8);
                        }
                    for (uint32_t x = 0; x < 16; x++)
                        for (uint32_t k = 0; k < 16; k++) {
                            uint32_t a = 8192 + layout_addr(tb, S, lboB, sboB, x, k);
                            img[a] = (uint8_t)Bh[x][k];
                            img[a + 1] = (uint8_t)(Bh[x][k] >> 8);
                        }
                    uint64_t da = (uint64_t)(lboA >> 4) << 16 | (uint64_t)(sboA >> 4) << 32 |
                                  (uint64_t)lay << 62;
                    uint64_t db = (uint64_t)(8192 >> 4) | (uint64_t)(lboB >> 4) << 16 |
                                  (uint64_t)(sboB >> 4) << 32 | (uint64_t)lay << 62;
                    for (uint32_t t = 0; t < 128; t++) {
                        uint32_t w = t / 32, l = t % 32;
                        for (uint32_t i = 0; i < 8; i++) {
                            uint32_t row = 16 * w + l / 4 + 8 * ((i >> 1) & 1);
                            uint32_t kk = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
                            uint32_t *r = &afrag[t * 4 + i / 2];
                            if (!(i & 1))
                                *r = 0;
                            *r |= (uint32_t)Ah[row][kk] << (16 * (i & 1));
                        }
                        for (uint32_t i = 0; i < 8; i++)
                            dinit[t * 8 + i] = (float)((int)(rnd() % 9) - 4);
                    }
                    memset(dio, 0, sizeof dio);
                    for (uint32_t t = 0; t < 128; t++)
                        for (uint32_t i = 0; i < 8; i++) {
                            if (V->f32)
                                memcpy(&dio[t * 8 + i], &dinit[t * 8 + i], 4);
                            else
                                dio[t * 4 + i / 2] |= (uint32_t)half_of(dinit[t * 8 + i])
                                                      << (16 * (i & 1));
                        }
                    for (uint32_t scale = 0; scale < 2; scale++) {
                        char ptx[4096];
                        wg_kernel(ptx + snprintf(ptx, 64, "%s", HEAD), sizeof ptx - 64, "wg",
                                  V->types, V->f32, V->areg, ta, tb);
                        SimFunc *f = load_entry(ctx, ptx, "wg");
                        sim_memcpy_htod(ctx, dimg, img, sizeof img);
                        sim_memcpy_htod(ctx, dafrag, afrag, sizeof afrag);
                        sim_memcpy_htod(ctx, dd, dio, sizeof dio);
                        uint32_t bytes = 8192 + 4096;
                        void *params[] = { &dimg, &bytes, &da, &db, &dd, &dafrag, &scale };
                        uint32_t res[128 * 8];
                        if (launch_ok(ctx, f, 1, 128, 0, params))
                            continue;
                        dev_download(ctx, res, dd, sizeof res);
                        unsigned bad = 0;
                        for (uint32_t t = 0; t < 128; t++) {
                            uint32_t w = t / 32, l = t % 32;
                            for (uint32_t i = 0; i < 8; i++) {
                                uint32_t row = 16 * w + l / 4 + 8 * ((i >> 1) & 1);
                                uint32_t col = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
                                double want = scale ? dinit[t * 8 + i] : 0;
                                double sgn = V->areg ? 1.0 : 1.0; /* -1 * -1 */
                                for (int k = 0; k < 16; k++)
                                    want += sgn * Af[row][k] * Bf[col][k];
                                float got;
                                if (V->f32)
                                    memcpy(&got, &res[t * 8 + i], 4);
                                else
                                    got = half_to_float(
                                        (uint16_t)(res[t * 4 + i / 2] >> (16 * (i & 1))));
                                if (got != (float)want && bad++ < 3)
                                    printf("FAIL wgmma %s swizzle %u tA %d tB %d scale-d %u: "
                                           "D(%u,%u) = %g, want %g\n",
                                           V->what, S, ta, tb, scale, row, col, got, want);
                            }
                        }
                        CHECK(bad == 0, "wgmma %s swizzle %u tA %d tB %d: %u wrong", V->what, S, ta,
                              tb, bad);
                    }
                }
    }
    sim_destroy(ctx);
}

/* ---- TMA of other ranks, element strides, stores ---- */

/* 5-D load at coordinates (c0..c4) read from params, copy tile bytes out. */
static const char *const tma5d_ptx = HEAD
    ".visible .entry tma5d(.param .align 64 .b8 tm[128], .param .u64 out, .param .u32 bytes,\n"
    "    .param .align 4 .b8 c[20])\n"
    "{\n"
    "  .reg .pred %p<3>; .reg .b32 %r<16>; .reg .b64 %rd<8>;\n"
    "  .shared .align 1024 .b8 tile5[8192];  .shared .align 8 .b64 bar5;\n"
    "  mov.b64 %rd1, tm;  cvta.param.u64 %rd1, %rd1;\n"
    "  ld.param.u64 %rd2, [out];  ld.param.u32 %r3, [bytes];\n"
    "  ld.param.u32 %r10, [c];  ld.param.u32 %r11, [c+4];  ld.param.u32 %r12, [c+8];\n"
    "  ld.param.u32 %r13, [c+12];  ld.param.u32 %r14, [c+16];\n"
    "  mov.u32 %r4, tile5;  mov.u32 %r5, bar5;\n"
    "  mbarrier.init.shared::cta.b64 [%r5], 1;\n"
    "  cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r4], "
    "[%rd1, {%r10, %r11, %r12, %r13, %r14}], [%r5];\n"
    "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], %r3;\n"
    "W:\n"
    "  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r5], 0;  @!%p1 bra W;\n"
    "  mov.u32 %r6, 0;\n"
    "L:\n"
    "  setp.ge.u32 %p2, %r6, %r3;  @%p2 bra DONE;\n"
    "  add.u32 %r7, %r4, %r6;  ld.shared.u32 %r8, [%r7];\n"
    "  cvt.u64.u32 %rd3, %r6;  add.u64 %rd4, %rd2, %rd3;  st.global.u32 [%rd4], %r8;\n"
    "  add.u32 %r6, %r6, 4;  bra L;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n";

static void
test_tma_5d(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, tma5d_ptx, "tma5d");
    enum { D0 = 12, D1 = 5, D2 = 4, D3 = 3, D4 = 2 };
    static uint32_t g[D4][D3][D2][D1][D0];
    for (int a = 0; a < D4; a++)
        for (int b = 0; b < D3; b++)
            for (int c = 0; c < D2; c++)
                for (int d = 0; d < D1; d++)
                    for (int e = 0; e < D0; e++)
                        g[a][b][c][d][e] = (uint32_t)(a << 24 | b << 16 | c << 12 | d << 8 | e) + 1;
    SimDevPtr dg = dev_upload(ctx, g, sizeof g);
    uint64_t dim[5] = { D0, D1, D2, D3, D4 };
    uint64_t str[4] = { D0 * 4, D0 * D1 * 4, D0 * D1 * D2 * 4, D0 * D1 * D2 * D3 * 4 };
    uint32_t box[5] = { 8, 3, 3, 2, 2 }, es[5] = { 4, 2, 2, 1, 3 }; /* es[0] is ignored */
    SimTensorMap tm;
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_UINT32, 5, dg, dim, str, box, es, 0, 0, 0, 0) ==
              SIM_OK,
          "encode 5-D map");
    /* boxes of ceil(box / es) elements: 8 x 2 x 2 x 2 x 1 */
    uint32_t n[5] = { 8, 2, 2, 2, 1 }, bytes = 8 * 2 * 2 * 2 * 1 * 4;
    int32_t c[5] = { 6, -1, 1, 2, 1 };
    uint32_t out[64];
    SimDevPtr d = dev_upload(ctx, out, bytes);
    void *params[] = { &tm, &d, &bytes, c };
    if (launch_ok(ctx, f, 1, 1, 0, params) == 0) {
        dev_download(ctx, out, d, bytes);
        unsigned bad = 0, lin = 0;
        for (uint32_t i4 = 0; i4 < n[4]; i4++)
            for (uint32_t i3 = 0; i3 < n[3]; i3++)
                for (uint32_t i2 = 0; i2 < n[2]; i2++)
                    for (uint32_t i1 = 0; i1 < n[1]; i1++)
                        for (uint32_t i0 = 0; i0 < n[0]; i0++, lin++) {
                            int64_t x0 = c[0] + i0, x1 = c[1] + 2 * i1, x2 = c[2] + 2 * i2,
                                    x3 = c[3] + i3, x4 = c[4] + 3 * i4;
                            uint32_t want = 0;
                            if (x0 >= 0 && x0 < D0 && x1 >= 0 && x1 < D1 && x2 >= 0 && x2 < D2 &&
                                x3 >= 0 && x3 < D3 && x4 >= 0 && x4 < D4)
                                want = g[x4][x3][x2][x1][x0];
                            if (out[lin] != want && bad++ < 4)
                                printf("FAIL 5-D box element %u: got 0x%x, want 0x%x\n", lin,
                                       out[lin], want);
                        }
        CHECK(bad == 0, "5-D TMA load: %u wrong", bad);
    }
    sim_destroy(ctx);
}

/* 128 threads write a 16 x 64 u16 tile (value = index) at the logical
 * positions of a 128B-swizzled image; one thread TMA-stores it at (c0, c1). */
static const char *const store_ptx =
    HEAD ".visible .entry st2d(.param .align 64 .b8 tm[128], .param .u32 c0, .param .u32 c1)\n"
         "{\n"
         "  .reg .pred %p<3>; .reg .b32 %r<16>; .reg .b64 %rd<8>;\n"
         "  .shared .align 1024 .b8 tile6[2048];\n"
         "  mov.b64 %rd1, tm;  cvta.param.u64 %rd1, %rd1;\n"
         "  ld.param.u32 %r1, [c0];  ld.param.u32 %r2, [c1];\n"
         "  mov.u32 %r0, %tid.x;  mov.u32 %r4, tile6;\n"
         "  mov.u32 %r5, %r0;\n"
         "L:\n"
         "  setp.ge.u32 %p1, %r5, 1024;  @%p1 bra DONE;\n"
         "  shl.b32 %r6, %r5, 1;\n" /* logical byte offset */
         "  shr.u32 %r7, %r6, 7;  and.b32 %r7, %r7, 7;  shl.b32 %r7, %r7, 4;\n"
         "  xor.b32 %r6, %r6, %r7;  add.u32 %r6, %r6, %r4;\n"
         "  st.shared.u16 [%r6], %r5;\n"
         "  add.u32 %r5, %r5, 128;  bra L;\n"
         "DONE:\n"
         "  fence.proxy.async.shared::cta;\n"
         "  bar.sync 0;\n"
         "  setp.eq.u32 %p2, %r0, 0;\n"
         "  @%p2 cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd1, {%r1, %r2}], "
         "[%r4];\n"
         "  @%p2 cp.async.bulk.commit_group;\n"
         "  @%p2 cp.async.bulk.wait_group 0;\n"
         "  ret;\n"
         "}\n";

static void
test_tma_store(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, store_ptx, "st2d");
    enum { R = 20, W = 80 };
    static uint16_t g[R][W];
    SimDevPtr dg = dev_upload(ctx, g, sizeof g);
    uint64_t dim[2] = { W, R }, str[1] = { W * 2 };
    uint32_t box[2] = { 64, 16 }, es[2] = { 1, 1 };
    SimTensorMap tm;
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_UINT16, 2, dg, dim, str, box, es, 0,
                                      SIM_TMAP_SWIZZLE_128B, 0, 0) == SIM_OK,
          "encode store map");
    static const int32_t at[][2] = { { 0, 0 }, { 40, 12 } };
    for (unsigned k = 0; k < 2; k++) {
        memset(g, 0xab, sizeof g);
        sim_memcpy_htod(ctx, dg, g, sizeof g);
        int32_t c0 = at[k][0], c1 = at[k][1];
        void *params[] = { &tm, &c0, &c1 };
        if (launch_ok(ctx, f, 1, 128, 0, params))
            continue;
        dev_download(ctx, g, dg, sizeof g);
        unsigned bad = 0;
        for (int r = 0; r < R; r++)
            for (int c = 0; c < W; c++) {
                int br = r - c1, bc = c - c0;
                uint16_t want = br >= 0 && br < 16 && bc >= 0 && bc < 64 ? (uint16_t)(br * 64 + bc)
                                                                         : (uint16_t)0xabab;
                if (g[r][c] != want && bad++ < 4)
                    printf("FAIL TMA store at (%d,%d): g[%d][%d] = 0x%04x, want 0x%04x\n", c0, c1,
                           r, c, g[r][c], want);
            }
        CHECK(bad == 0, "TMA store at (%d,%d): %u wrong", c0, c1, bad);
    }
    int32_t neg = -1, zero = 0;
    void *params[] = { &tm, &neg, &zero };
    launch_fails(ctx, f, 1, 128, params, "tensor store coordinate 0 is negative");
    sim_destroy(ctx);
}

/* wgmma.mma_async is collective over 128 threads: an exited member or a
 * partial warpgroup is a located error, not a hang. */
static const char *const wg_exit_ptx =
    HEAD ".visible .entry wgx()\n"
         "{\n"
         "  .reg .pred %p<3>; .reg .b32 %r<4>; .reg .b64 %rd<4>; .reg .f32 %f<4>;\n"
         "  mov.u32 %r0, %tid.x;  setp.eq.u32 %p1, %r0, 37;\n"
         "  @%p1 exit;\n"
         "  mov.b64 %rd1, 0x4000004000010000;\n"
         "  wgmma.fence.sync.aligned;\n"
         "  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0, %f1, %f2, %f3}, %rd1, %rd1, 0, "
         "1, 1, 0, 0;\n" /* line 11 */
         "  ret;\n"
         "}\n";

static void
test_wgmma_errors(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, wg_exit_ptx, "wgx");
    launch_fails(ctx, f, 1, 128, NULL, "test.ptx:11: error:");
    CHECK(strstr(sim_error(ctx), "thread 37 of warpgroup 0 has exited") ||
              strstr(sim_error(ctx), "thread 37 has exited"),
          "wgmma with an exited thread: %s", sim_error(ctx));
    launch_fails(ctx, f, 1, 96, NULL, "needs whole warpgroups, but the block has 96 threads");
    sim_destroy(ctx);
}

/* cp.async.mbarrier.arrive.noinc (sm_80): the arrival comes after the
 * thread's cp.async data has landed, so waiters may read it. */
static const char *const cpmbar_ptx =
    HEAD ".visible .entry cpm(.param .u64 in, .param .u64 out)\n"
         "{\n"
         "  .reg .pred %p<3>; .reg .b32 %r<12>; .reg .b64 %rd<8>;\n"
         "  .shared .align 8 .b64 bar7;  .shared .align 16 .b32 buf7[32];\n"
         "  ld.param.u64 %rd1, [in];  ld.param.u64 %rd2, [out];\n"
         "  mov.u32 %r0, %tid.x;  mov.u32 %r1, bar7;  mov.u32 %r2, buf7;\n"
         "  setp.eq.u32 %p0, %r0, 0;\n"
         "  @%p0 mbarrier.init.shared::cta.b64 [%r1], 32;\n"
         "  bar.sync 0;\n"
         "  shl.b32 %r3, %r0, 2;  add.u32 %r4, %r2, %r3;\n"
         "  cvt.u64.u32 %rd3, %r3;  add.u64 %rd4, %rd1, %rd3;\n"
         "  cp.async.ca.shared.global [%r4], [%rd4], 4;\n"
         "  cp.async.mbarrier.arrive.noinc.shared.b64 [%r1];\n"
         "W:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], 0;  @!%p1 bra W;\n"
         "  add.u32 %r5, %r0, 1;  and.b32 %r5, %r5, 31;  shl.b32 %r5, %r5, 2;  add.u32 %r5, %r5, "
         "%r2;\n"
         "  ld.shared.u32 %r6, [%r5];\n"
         "  add.u64 %rd5, %rd2, %rd3;  st.global.u32 [%rd5], %r6;\n"
         "  ret;\n"
         "}\n";

static void
test_cp_async_mbarrier(void)
{
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, cpmbar_ptx, "cpm");
    uint32_t in[32], out[32] = { 0 };
    for (uint32_t i = 0; i < 32; i++)
        in[i] = 1000 + i * i;
    SimDevPtr di = dev_upload(ctx, in, sizeof in), d = dev_upload(ctx, out, sizeof out);
    void *params[] = { &di, &d };
    launch_ok(ctx, f, 1, 32, 0, params);
    dev_download(ctx, out, d, sizeof out);
    for (uint32_t i = 0; i < 32; i++)
        CHECK(out[i] == in[(i + 1) % 32], "cp.async + mbarrier: thread %u read %u, want %u", i,
              out[i], in[(i + 1) % 32]);
    sim_destroy(ctx);
}

int
main(void)
{
    test_mbarrier_sequence();
    test_mbarrier_threads();
    test_swizzle();
    test_tma_oob();
    test_tma_oob_ring_f16();
    test_encode_checks();
    test_bulk();
    test_gemm();
    test_tma_5d();
    test_tma_store();
    test_wgmma_errors();
    test_cp_async_mbarrier();
    test_wgmma_layouts();
    return test_exit("test_sim_hopper");
}
