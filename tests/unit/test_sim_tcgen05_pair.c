/*
 * test_sim_tcgen05_pair.c -- CTA pairs on the simulator (PTX ISA 9.1 9.7.16.5: cta_group::2;
 * a pair is the cluster ranks 2k and 2k + 1): a kernel in clusters of 2 CTAs, run with 4
 * CTAs (two clusters, two independent 256 x 64 x 16 f16 GEMMs; then again with M = 128,
 * layout B: 64 rows a CTA, the two column halves in lanes 0..63 and 64..127).  Each CTA copies its
 * half of A (128 rows) and of B (32 of the 64 columns) into its own shared memory, K-major without
 * swizzle; warp 0 of each allocates with tcgen05.alloc.cta_group::2; the cluster meets at
 * barrier.cluster; thread 0 of the even CTA issues one tcgen05.mma.cta_group::2 (M = 256) and
 * commits with .multicast::cluster to both CTAs' mbarriers (mask 3); every warp of both CTAs waits
 * on its own mbarrier and reads its lanes of D.  The expected D: rows 0..127 in the even CTA's
 * tensor memory, 128..255 in the odd's (layout A, row i of a half at lane i), every one of the 64
 * columns, against a C GEMM (CUTLASS's 2x1SM atoms split A and B that way).  Distributed shared
 * memory: mapa and st.shared::cluster into the peer CTA, barrier.cluster.  An arrive on the peer's
 * mbarrier.  A multicast tensor copy into both CTAs' shared memory and mbarriers.
 * tcgen05.cp.cta_group::2 (each CTA's shared memory into its own tensor memory).  And the located
 * faults.
 */
#include "sim/simint.h"
#include "tests/sim/simtest.h"

#include <stdint.h>

#define FIXED (1ull << 46) /* shared memory descriptor bits 46-48: 0b001 */
enum { N = 64, K = 16, CTAS = 4 };

static uint32_t rng = 99;

static int
small(void)
{
    rng = rng * 1664525u + 1013904223u;
    return (int)(rng >> 24) % 9 - 4;
}

/* K-major, no swizzle: f16 (x, k), LBO 128 (next 8 of K), SBO 256 (next 8 rows) */
static uint32_t
kmajor(uint32_t x, uint32_t k)
{
    return x % 8 * 16 + x / 8 * 256 + k % 8 * 2 + k / 8 * 128;
}

#define EMIT(...) n += (size_t)snprintf(p + n, cap - n, __VA_ARGS__)

static char *
pair_ptx(uint32_t idesc)
{
    size_t cap = 16384, n = 0;
    char *p = malloc(cap);
    uint64_t desc = FIXED | (uint64_t)(256 >> 4) << 32 | (uint64_t)(128 >> 4) << 16;
    EMIT(".version 8.6\n.target sm_100a\n.address_size 64\n"
         ".visible .entry k(.param .u64 aimg, .param .u64 bimg, .param .u64 out)\n"
         ".explicitcluster\n.reqnctapercluster 2, 1, 1\n.reqntid 128, 1, 1\n{\n"
         "  .reg .pred %%p<6>; .reg .b32 %%r<120>; .reg .b64 %%rd<16>; .reg .b16 %%h<2>;\n"
         "  .shared .align 1024 .b8 sa[4096];\n  .shared .align 1024 .b8 sb[1024];\n"
         "  .shared .align 8 .b64 bar;\n  .shared .align 4 .b32 slot;\n"
         "  ld.param.u64 %%rd1, [aimg]; ld.param.u64 %%rd2, [bimg]; ld.param.u64 %%rd3, [out];\n"
         "  mov.u32 %%r0, %%tid.x; setp.eq.u32 %%p0, %%r0, 0; setp.lt.u32 %%p2, %%r0, 32;\n"
         "  mov.u32 %%r8, %%ctaid.x; mov.u32 %%r9, %%cluster_ctarank;\n"
         "  mov.u32 %%r1, sa; mov.u32 %%r5, sb; mov.u32 %%r2, bar; mov.u32 %%r3, slot;\n"
         /* this CTA's images: A at ctaid * 4096 + 32 t, B at ctaid * 1024 + 8 t */
         "  mul.wide.u32 %%rd4, %%r8, 4096; add.u64 %%rd4, %%rd4, %%rd1;\n"
         "  mul.wide.u32 %%rd5, %%r0, 32; add.u64 %%rd4, %%rd4, %%rd5;\n"
         "  shl.b32 %%r4, %%r0, 5; add.u32 %%r4, %%r4, %%r1;\n"
         "  mul.wide.u32 %%rd6, %%r8, 1024; add.u64 %%rd6, %%rd6, %%rd2;\n"
         "  mul.wide.u32 %%rd5, %%r0, 8; add.u64 %%rd6, %%rd6, %%rd5;\n"
         "  shl.b32 %%r6, %%r0, 3; add.u32 %%r6, %%r6, %%r5;\n");
    for (int q = 0; q < 32; q += 4)
        EMIT("  ld.global.b32 %%r7, [%%rd4+%d]; st.shared.b32 [%%r4+%d], %%r7;\n", q, q);
    for (int q = 0; q < 8; q += 4)
        EMIT("  ld.global.b32 %%r7, [%%rd6+%d]; st.shared.b32 [%%r6+%d], %%r7;\n", q, q);
    EMIT("  @%%p0 mbarrier.init.shared::cta.b64 [%%r2], 1;\n"
         "  @%%p2 tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%%r3], 64;\n"
         "  @%%p2 tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;\n"
         "  tcgen05.fence::before_thread_sync;\n"
         "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
         "  tcgen05.fence::after_thread_sync;\n  ld.shared.u32 %%r10, [%%r3];\n"
         "  shr.u32 %%r11, %%r0, 5; shl.b32 %%r11, %%r11, 21; add.u32 %%r11, %%r11, %%r10;\n"
         "  and.b32 %%r12, %%r9, 1; setp.eq.u32 %%p3, %%r12, 0; and.pred %%p3, %%p3, %%p0;\n"
         "  @!%%p3 bra WAIT;\n"
         "  cvt.u64.u32 %%rd8, %%r1; shr.u64 %%rd8, %%rd8, 4; or.b64 %%rd8, %%rd8, 0x%016llx;\n"
         "  cvt.u64.u32 %%rd9, %%r5; shr.u64 %%rd9, %%rd9, 4; or.b64 %%rd9, %%rd9, 0x%016llx;\n"
         "  mov.u32 %%r16, %u; setp.ne.u32 %%p4, %%r0, %%r0;\n"
         "  tcgen05.mma.cta_group::2.kind::f16 [%%r10], %%rd8, %%rd9, %%r16, %%p4;\n"
         "  mov.b16 %%h1, 3;\n"
         "  tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::"
         "cluster.b64 [%%r2], %%h1;\n"
         "WAIT:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %%p1, [%%r2], 0; @!%%p1 bra WAIT;\n"
         "  tcgen05.fence::after_thread_sync;\n"
         "  tcgen05.ld.sync.aligned.32x32b.x64.b32 {",
         (unsigned long long)desc, (unsigned long long)desc, idesc);
    for (int j = 0; j < N; j++)
        EMIT("%s%%r%d", j ? ", " : "", 40 + j);
    EMIT("}, [%%r11];\n  tcgen05.wait::ld.sync.aligned;\n"
         "  mad.lo.u32 %%r13, %%r8, 128, %%r0; mul.wide.u32 %%rd10, %%r13, %d;\n"
         "  add.u64 %%rd10, %%rd10, %%rd3;\n",
         N * 4);
    for (int j = 0; j < N; j++)
        EMIT("  st.global.b32 [%%rd10+%d], %%r%d;\n", 4 * j, 40 + j);
    EMIT("  tcgen05.fence::before_thread_sync;\n"
         "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
         "  @%%p2 tcgen05.dealloc.cta_group::2.sync.aligned.b32 %%r10, 64;\n  ret;\n}\n");
    return p;
}

/* The expected word at lane L, column j of CTA c's tensor memory after the pair's mma of
 * M rows (the C reference): M = 256 (layout A) row L of the CTA's 128 at lane L; M = 128
 * (layout B) the CTA's 64 rows with columns 0..31 at lanes 0..63 and 32..63 at lanes
 * 64..127, the columns 32..63 of the address never written (zero as allocated). */
static uint32_t
want_cell(int av[256][K], int bv[N][K], unsigned m, unsigned c, unsigned L, unsigned j)
{
    unsigned row = m == 256 ? 128 * (c % 2) + L : 64 * (c % 2) + L % 64,
             col = m == 256 ? j : j + 32 * (L / 64);
    if (m == 128 && j >= N / 2)
        return 0;
    int s = 0;
    for (unsigned k = 0; k < K; k++)
        s += av[row][k] * bv[col][k];
    float w = (float)s / 16.0f;
    uint32_t u;
    memcpy(&u, &w, 4);
    return u;
}

/* two clusters of a pair each, a pair's mma of M = m (256 or 128) x 64 x 16 */
static void
test_gemm(unsigned m)
{
    static int av[CTAS / 2][256][K], bv[CTAS / 2][N][K];
    static uint8_t aimg[CTAS][4096], bimg[CTAS][1024];
    static uint32_t out[CTAS][128][N];
    unsigned hm = m / 2;
    memset(aimg, 0, sizeof aimg);
    for (unsigned q = 0; q < CTAS / 2; q++) {
        for (unsigned r = 0; r < m; r++)
            for (unsigned k = 0; k < K; k++) {
                av[q][r][k] = small();
                uint16_t h = half_of((float)av[q][r][k] / 4.0f);
                memcpy(&aimg[2 * q + r / hm][kmajor(r % hm, k)], &h, 2);
            }
        for (unsigned j = 0; j < N; j++)
            for (unsigned k = 0; k < K; k++) {
                bv[q][j][k] = small();
                uint16_t h = half_of((float)bv[q][j][k] / 4.0f);
                memcpy(&bimg[2 * q + j / 32][kmajor(j % 32, k)], &h, 2);
            }
    }
    uint32_t idesc = 1u << 4 | (N >> 3) << 17 | (m >> 4) << 24; /* f32 D, f16 A, B */
    char *ptx = pair_ptx(idesc);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "k");
    memset(out, 0xff, sizeof out);
    SimDevPtr da = dev_upload(ctx, aimg, sizeof aimg), db = dev_upload(ctx, bimg, sizeof bimg),
              dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &da, &db, &dout };
    unsigned bad = 0;
    if (f && launch_ok(ctx, f, CTAS, 128, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (unsigned c = 0; c < CTAS; c++)
            for (unsigned i = 0; i < 128; i++)
                for (unsigned j = 0; j < N; j++) {
                    uint32_t u = want_cell(av[c / 2], bv[c / 2], m, c, i, j);
                    if (out[c][i][j] != u && bad++ < 4)
                        printf("FAIL pair M = %u: CTA %u lane %u column %u = 0x%08x, want 0x%08x\n",
                               m, c, i, j, out[c][i][j], u);
                }
        SimStats st;
        sim_stats(ctx, &st);
        CHECK(st.ctas == CTAS && st.tc_mma_ops == CTAS / 2, "stats: %llu CTAs, %llu mmas",
              (unsigned long long)st.ctas, (unsigned long long)st.tc_mma_ops);
    } else {
        bad = 1;
    }
    CHECK(bad == 0, "tcgen05.mma.cta_group::2 M = %u: %u wrong cells", m, bad);
    sim_destroy(ctx);
    free(ptx);
}

/* a pair's instruction in a kernel without clusters; M = 128 with cta_group::2 and A in
 * tensor memory */
static const char *const noclus_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<4>;\n  .shared .align 4 .b32 slot;\n"
    "  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%r1], 32;\n  ret;\n}\n";

static const char *const m128_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n.explicitcluster\n.reqnctapercluster 2, 1, 1\n{\n"
    "  .reg .b32 %r<8>; .reg .b64 %rd<2>; .reg .pred %p<4>;\n"
    "  mov.u32 %r1, 0; mov.b64 %rd1, 0; mov.u32 %r3, 0x08100010;\n"
    "  setp.ne.u32 %p1, %r1, 0; mov.u32 %r2, %cluster_ctarank; setp.eq.u32 %p2, %r2, 0;\n"
    "  @%p2 tcgen05.mma.cta_group::2.kind::f16 [%r1], [%r1], %rd1, %r3, %p1;\n  ret;\n}\n";

/* distributed shared memory: thread t of CTA r stores r * 100 + t into the peer's buf[t]
 * (mapa.shared::cluster to rank r ^ 1, st.shared::cluster), the cluster meets at
 * barrier.cluster, and each thread reads its own CTA's buf[t]: (r ^ 1) * 100 + t */
static const char *const dsmem_ptx =
    ".version 8.6\n.target sm_90a\n.address_size 64\n"
    ".visible .entry k(.param .u64 out)\n.explicitcluster\n.reqnctapercluster 2, 1, 1\n{\n"
    "  .reg .b32 %r<12>; .reg .b64 %rd<4>;\n  .shared .align 4 .b32 buf[32];\n"
    "  ld.param.u64 %rd1, [out];\n  mov.u32 %r0, %tid.x; mov.u32 %r1, %cluster_ctarank;\n"
    "  mov.u32 %r2, buf; xor.b32 %r3, %r1, 1;\n"
    "  mapa.shared::cluster.u32 %r4, %r2, %r3;\n"
    "  shl.b32 %r5, %r0, 2; add.u32 %r4, %r4, %r5;\n"
    "  mad.lo.u32 %r6, %r1, 100, %r0;\n  st.shared::cluster.u32 [%r4], %r6;\n"
    "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
    "  add.u32 %r7, %r2, %r5; ld.shared.u32 %r8, [%r7];\n"
    "  mad.lo.u32 %r9, %r1, 32, %r0; mul.wide.u32 %rd2, %r9, 4; add.u64 %rd2, %rd2, %rd1;\n"
    "  st.global.u32 [%rd2], %r8;\n  ret;\n}\n";

static const char *const mapa_bad_ptx =
    ".version 8.6\n.target sm_90a\n.address_size 64\n"
    ".visible .entry k()\n.explicitcluster\n.reqnctapercluster 2, 1, 1\n{\n"
    "  .reg .b32 %r<4>;\n  .shared .align 4 .b32 buf[32];\n  mov.u32 %r1, buf;\n"
    "  mapa.shared::cluster.u32 %r2, %r1, 2;\n  ret;\n}\n";

/* an arrive on the peer's mbarrier: rank 1 arrives (mapa, .shared::cluster) on rank 0's
 * mbarrier, which rank 0 waits on before it writes out[0] = 1 */
static const char *const rarrive_ptx =
    ".version 8.6\n.target sm_90a\n.address_size 64\n"
    ".visible .entry k(.param .u64 out)\n.explicitcluster\n.reqnctapercluster 2, 1, 1\n{\n"
    "  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<4>;\n  .shared .align 8 .b64 bar;\n"
    "  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %cluster_ctarank; mov.u32 %r2, bar;\n"
    "  mbarrier.init.shared::cta.b64 [%r2], 1;\n"
    "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
    "  setp.eq.u32 %p0, %r1, 0; @%p0 bra WAIT;\n  mov.u32 %r3, 0;\n"
    "  mapa.shared::cluster.u32 %r4, %r2, %r3;\n"
    "  mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r4];\n  ret;\n"
    "WAIT:\n  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r2], 0; @!%p1 bra WAIT;\n"
    "  mov.u32 %r5, 1; st.global.u32 [%rd1], %r5;\n  ret;\n}\n";

static void
test_remote_arrive(void)
{
    uint32_t out = 0;
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, rarrive_ptx, "k");
    SimDevPtr dout = dev_upload(ctx, &out, sizeof out);
    void *params[] = { &dout };
    if (f && launch_ok(ctx, f, 2, 1, 0, params) == 0)
        dev_download(ctx, &out, dout, sizeof out);
    CHECK(out == 1, "an arrive on the peer CTA's mbarrier completes its phase (out %u)", out);
    sim_destroy(ctx);
}

static void
test_dsmem(void)
{
    static uint32_t out[2][32];
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, dsmem_ptx, "k");
    memset(out, 0xff, sizeof out);
    SimDevPtr dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &dout };
    unsigned bad = 0;
    if (f && launch_ok(ctx, f, 2, 32, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (unsigned r = 0; r < 2; r++)
            for (unsigned i = 0; i < 32; i++)
                bad += out[r][i] != (r ^ 1) * 100 + i;
    } else {
        bad = 1;
    }
    CHECK(bad == 0, "st.shared::cluster through mapa into the peer CTA: %u wrong words", bad);
    launch_fails(ctx, load_entry(ctx, mapa_bad_ptx, "k"), 2, 32, NULL,
                 "mapa to CTA rank 2 of a cluster of 2 CTAs");
    sim_destroy(ctx);
}

/* multicast TMA: rank 0 loads one 32 x 8 box of u32 with .multicast::cluster mask 3 into
 * both CTAs' `tile` and completes the bytes on both CTAs' `bar`; each CTA expects them on
 * its own mbarrier, waits, and copies its tile out */
static const char *const mcast_ptx =
    ".version 8.6\n.target sm_90a\n.address_size 64\n"
    ".visible .entry k(.param .align 64 .b8 tm[128], .param .u64 out)\n"
    ".explicitcluster\n.reqnctapercluster 2, 1, 1\n{\n"
    "  .reg .pred %p<4>; .reg .b32 %r<12>; .reg .b64 %rd<6>; .reg .b16 %h<2>;\n"
    "  .shared .align 1024 .b8 tile[1024];\n  .shared .align 8 .b64 bar;\n"
    "  mov.b64 %rd1, tm; cvta.param.u64 %rd1, %rd1; ld.param.u64 %rd2, [out];\n"
    "  mov.u32 %r0, %tid.x; mov.u32 %r1, %cluster_ctarank; setp.eq.u32 %p0, %r0, 0;\n"
    "  mov.u32 %r4, tile; mov.u32 %r5, bar; mov.u32 %r2, 0;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r5], 1;\n"
    "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
    "  @%p0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], 1024;\n"
    "  setp.eq.u32 %p1, %r1, 0; and.pred %p1, %p1, %p0; mov.b16 %h1, 3;\n"
    "  @%p1 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
    ".multicast::cluster [%r4], [%rd1, {%r2, %r2}], [%r5], %h1;\n"
    "W:\n  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r5], 0;  @!%p2 bra W;\n"
    "  mov.u32 %r6, 0;\n"
    "L:\n  shl.b32 %r7, %r6, 5; add.u32 %r7, %r7, %r0; shl.b32 %r7, %r7, 2;\n"
    "  add.u32 %r8, %r4, %r7; ld.shared.u32 %r9, [%r8];\n"
    "  mad.lo.u32 %r10, %r1, 1024, %r7; cvt.u64.u32 %rd3, %r10; add.u64 %rd3, %rd3, %rd2;\n"
    "  st.global.u32 [%rd3], %r9;\n"
    "  add.u32 %r6, %r6, 1; setp.lt.u32 %p3, %r6, 8; @%p3 bra L;\n"
    "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
    "  ret;\n}\n";

static void
test_multicast_tma(void)
{
    static uint32_t g[8][32], out[2][8][32];
    for (unsigned r = 0; r < 8; r++)
        for (unsigned c = 0; c < 32; c++)
            g[r][c] = r * 1000 + c + 7;
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, mcast_ptx, "k");
    SimDevPtr dg = dev_upload(ctx, g, sizeof g);
    uint64_t dim[2] = { 32, 8 }, stride[1] = { 32 * 4 };
    uint32_t box[2] = { 32, 8 }, es[2] = { 1, 1 };
    SimTensorMap tm;
    CHECK(sim_tensor_map_encode_tiled(&tm, SIM_TMAP_UINT32, 2, dg, dim, stride, box, es, 0, 0, 0,
                                      0) == SIM_OK,
          "encode the tensor map");
    memset(out, 0xff, sizeof out);
    SimDevPtr dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &tm, &dout };
    unsigned bad = 0;
    if (f && launch_ok(ctx, f, 2, 32, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (unsigned q = 0; q < 2; q++)
            for (unsigned r = 0; r < 8; r++)
                for (unsigned c = 0; c < 32; c++)
                    bad += out[q][r][c] != g[r][c];
    } else {
        bad = 1;
    }
    CHECK(bad == 0, "multicast tensor copy into both CTAs: %u wrong words", bad);
    sim_destroy(ctx);
}

/* tcgen05.cp.cta_group::2: thread t of each CTA writes row t of a 128 x 16-byte source
 * (words rank * 100000 + t * 4 + w) into its own shared memory, K-major unswizzled (row t at
 * t % 8 * 16 + t / 8 * 128: SBO 128); the even CTA's thread 0 issues one
 * tcgen05.cp.cta_group::2.128x128b and commits it to both CTAs' mbarriers; every warp reads
 * its 32 lanes x 4 columns: each CTA's tensor memory holds its own CTA's rows.  The
 * descriptor: the fixed 0b001 (bit 46), SBO 128 >> 4 (bits 32-45), no swizzle. */
static const char *const cp2_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k(.param .u64 out)\n.explicitcluster\n.reqnctapercluster 2, 1, 1\n"
    ".reqntid 128, 1, 1\n{\n"
    "  .reg .pred %p<6>; .reg .b32 %r<40>; .reg .b64 %rd<12>; .reg .b16 %h<2>;\n"
    "  .shared .align 1024 .b8 src[2048];\n  .shared .align 8 .b64 bar;\n"
    "  .shared .align 4 .b32 slot;\n  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r0, %tid.x; setp.eq.u32 %p0, %r0, 0; setp.lt.u32 %p2, %r0, 32;\n"
    "  mov.u32 %r9, %cluster_ctarank; mov.u32 %r1, src; mov.u32 %r2, bar; mov.u32 %r3, slot;\n"
    "  and.b32 %r4, %r0, 7; shl.b32 %r4, %r4, 4; shr.u32 %r5, %r0, 3; shl.b32 %r5, %r5, 7;\n"
    "  add.u32 %r4, %r4, %r5; add.u32 %r4, %r4, %r1;\n"
    "  mul.lo.u32 %r6, %r9, 100000; mad.lo.u32 %r6, %r0, 4, %r6;\n"
    "  st.shared.u32 [%r4], %r6; add.u32 %r7, %r6, 1; st.shared.u32 [%r4+4], %r7;\n"
    "  add.u32 %r7, %r6, 2; st.shared.u32 [%r4+8], %r7; add.u32 %r7, %r6, 3;\n"
    "  st.shared.u32 [%r4+12], %r7;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r2], 1;\n"
    "  @%p2 tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%r3], 32;\n"
    "  @%p2 tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;\n"
    "  fence.proxy.async.shared::cta;\n  tcgen05.fence::before_thread_sync;\n"
    "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
    "  tcgen05.fence::after_thread_sync;\n  ld.shared.u32 %r10, [%r3];\n"
    "  and.b32 %r12, %r9, 1; setp.eq.u32 %p3, %r12, 0; and.pred %p3, %p3, %p0;\n"
    "  @!%p3 bra WAIT;\n"
    "  cvt.u64.u32 %rd8, %r1; shr.u64 %rd8, %rd8, 4; or.b64 %rd8, %rd8, 0x0000400800000000;\n"
    "  tcgen05.cp.cta_group::2.128x128b [%r10], %rd8;\n  mov.b16 %h1, 3;\n"
    "  tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::"
    "cluster.b64 [%r2], %h1;\n"
    "WAIT:\n"
    "  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r2], 0; @!%p1 bra WAIT;\n"
    "  tcgen05.fence::after_thread_sync;\n"
    "  shr.u32 %r11, %r0, 5; shl.b32 %r11, %r11, 21; add.u32 %r11, %r11, %r10;\n"
    "  tcgen05.ld.sync.aligned.32x32b.x4.b32 {%r20, %r21, %r22, %r23}, [%r11];\n"
    "  tcgen05.wait::ld.sync.aligned;\n"
    "  mad.lo.u32 %r13, %r9, 128, %r0; mul.wide.u32 %rd10, %r13, 16; add.u64 %rd10, %rd10, %rd1;\n"
    "  st.global.v4.b32 [%rd10], {%r20, %r21, %r22, %r23};\n"
    "  tcgen05.fence::before_thread_sync;\n"
    "  barrier.cluster.arrive.release.aligned;\n  barrier.cluster.wait.acquire.aligned;\n"
    "  @%p2 tcgen05.dealloc.cta_group::2.sync.aligned.b32 %r10, 32;\n  ret;\n}\n";

static void
test_cp_pair(void)
{
    static uint32_t out[2][128][4];
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, cp2_ptx, "k");
    memset(out, 0xff, sizeof out);
    SimDevPtr dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &dout };
    unsigned bad = 0;
    if (f && launch_ok(ctx, f, 2, 128, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (unsigned c = 0; c < 2; c++)
            for (unsigned r = 0; r < 128; r++)
                for (unsigned w = 0; w < 4; w++)
                    if (out[c][r][w] != c * 100000 + r * 4 + w && bad++ < 4)
                        printf("FAIL cp pair: CTA %u lane %u column %u = %u, want %u\n", c, r, w,
                               out[c][r][w], c * 100000 + r * 4 + w);
    } else {
        bad = 1;
    }
    CHECK(bad == 0, "tcgen05.cp.cta_group::2 into both CTAs: %u wrong cells", bad);
    sim_destroy(ctx);
}

int
main(void)
{
    test_gemm(256);
    test_gemm(128);
    test_dsmem();
    test_remote_arrive();
    test_multicast_tma();
    test_cp_pair();
    SimCtx *ctx = sim_create();
    launch_fails(ctx, load_entry(ctx, noclus_ptx, "k"), 1, 32, NULL,
                 "'tcgen05.alloc.cta_group::2' needs a CTA pair: clusters of an even number of "
                 "CTAs");
    launch_fails(ctx, load_entry(ctx, m128_ptx, "k"), 2, 32, NULL,
                 "has M = 128 with A in tensor memory (not modelled)");
    sim_destroy(ctx);
    return test_exit("test_sim_tcgen05_pair");
}
