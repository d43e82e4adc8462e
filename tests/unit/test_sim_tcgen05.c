/*
 * test_sim_tcgen05.c -- the simulator's Blackwell (sm_100a) tcgen05 instructions against
 * values derived here, independently of sim/: every field of the instruction descriptor
 * (PTX ISA 9.1 Table 42) and of the shared memory descriptor (Table 40) decoded alone,
 * the canonical operand layouts of 9.7.16.3.3 written again, and small GEMM tiles
 * (kind::f16, tf32, i8, f8f6f4 e4m3; K- and MN-major, no swizzle and 32/64/128-byte
 * swizzles) through tcgen05.alloc -> tcgen05.mma -> tcgen05.commit -> mbarrier ->
 * tcgen05.ld, against a C GEMM; and the located faults (columns, lanes).
 * M = 64 and A in tensor memory: test_sim_tcgen05_tmem_a.c.
 */
#include "sim/simint.h"
#include "tests/sim/simtest.h"

#include <stdint.h>

/* ---- instruction descriptor, one field at a time [Table 42] ---- */

static void
test_idesc_fields(void)
{
    SimIdesc d;
    /* all zero: dense, f16 D, f16 A and B, no negate, K-major, N = M = 0 */
    CHECK(sim_tc_idesc_decode(0, &d) && d.dtype == 0 && d.atype == 0 && d.n == 0 && d.m == 0,
          "idesc 0");
    CHECK(sim_tc_idesc_decode(2u << 0, &d) && d.sparse_sel == 2 && d.sparse == 0,
          "bits 0-1: sparsity selector");
    CHECK(sim_tc_idesc_decode(1u << 2, &d) && d.sparse == 1 && d.sparse_sel == 0,
          "bit 2: sparsity");
    CHECK(sim_tc_idesc_decode(1u << 3, &d) && d.saturate == 1 && d.dtype == 0, "bit 3: saturate");
    CHECK(sim_tc_idesc_decode(2u << 4, &d) && d.dtype == 2 && d.saturate == 0,
          "bits 4-5: dtype (S32 = 2)");
    CHECK(sim_tc_idesc_decode(1u << 4, &d) && d.dtype == 1, "bits 4-5: dtype (F32 = 1)");
    CHECK(!sim_tc_idesc_decode(1u << 6, &d), "bit 6 is reserved");
    CHECK(sim_tc_idesc_decode(5u << 7, &d) && d.atype == 5 && d.btype == 0,
          "bits 7-9: atype (E2M1 = 5)");
    CHECK(sim_tc_idesc_decode(2u << 10, &d) && d.btype == 2 && d.atype == 0,
          "bits 10-12: btype (TF32 = 2)");
    CHECK(sim_tc_idesc_decode(1u << 13, &d) && d.neg_a == 1 && d.neg_b == 0, "bit 13: negate A");
    CHECK(sim_tc_idesc_decode(1u << 14, &d) && d.neg_b == 1 && d.neg_a == 0, "bit 14: negate B");
    CHECK(sim_tc_idesc_decode(1u << 15, &d) && d.trans_a == 1 && d.trans_b == 0,
          "bit 15: transpose A");
    CHECK(sim_tc_idesc_decode(1u << 16, &d) && d.trans_b == 1 && d.trans_a == 0,
          "bit 16: transpose B");
    CHECK(sim_tc_idesc_decode((256u >> 3) << 17, &d) && d.n == 256 && d.m == 0,
          "bits 17-22: N >> 3 (N = 256)");
    CHECK(sim_tc_idesc_decode((8u >> 3) << 17, &d) && d.n == 8, "bits 17-22: N >> 3 (N = 8)");
    CHECK(!sim_tc_idesc_decode(1u << 23, &d), "bit 23 is reserved");
    CHECK(sim_tc_idesc_decode((128u >> 4) << 24, &d) && d.m == 128 && d.n == 0,
          "bits 24-28: M >> 4 (M = 128)");
    CHECK(sim_tc_idesc_decode((64u >> 4) << 24, &d) && d.m == 64, "bits 24-28: M >> 4 (M = 64)");
    CHECK(!sim_tc_idesc_decode(1u << 29, &d), "bit 29 is reserved");
    CHECK(sim_tc_idesc_decode(3u << 30, &d) && d.max_shift == 3 && d.m == 0,
          "bits 30-31: .ws maximum shift");
}

/* ---- shared memory descriptor, one field at a time [Table 40] ---- */

#define FIXED (1ull << 46) /* bits 46-48: the fixed constant 0b001 */

static void
test_sdesc_fields(void)
{
    SimSdesc s;
    CHECK(!sim_tc_sdesc_decode(0, &s), "bits 46-48 must be 0b001");
    CHECK(sim_tc_sdesc_decode(FIXED, &s) && s.start == 0 && s.lbo == 0 && s.sbo == 0 &&
              s.span == 0 && s.fixed == 1,
          "the fixed constant alone");
    CHECK(sim_tc_sdesc_decode(FIXED | 0x3fff, &s) && s.start == 0x3fff0 && s.lbo == 0,
          "bits 0-13: start address >> 4");
    CHECK(!sim_tc_sdesc_decode(FIXED | 1ull << 14, &s), "bits 14-15 are zero");
    CHECK(sim_tc_sdesc_decode(FIXED | 0x10ull << 16, &s) && s.lbo == 0x100 && s.start == 0,
          "bits 16-29: leading dimension byte offset >> 4");
    CHECK(sim_tc_sdesc_decode(FIXED | 0x40ull << 32, &s) && s.sbo == 0x400 && s.lbo == 0,
          "bits 32-45: stride dimension byte offset >> 4");
    CHECK(sim_tc_sdesc_decode(FIXED | 5ull << 49, &s) && s.base_offset == 5,
          "bits 49-51: base offset");
    CHECK(sim_tc_sdesc_decode(FIXED | 1ull << 52, &s) && s.lbo_absolute == 1,
          "bit 52: leading dimension stride mode");
    CHECK(!sim_tc_sdesc_decode(FIXED | 1ull << 53, &s), "bits 53-60 are zero");
    static const struct {
        unsigned mode, span;
        bool ok;
    } sw[8] = { { 0, 0, true },  { 1, 128, true }, { 2, 128, true }, { 3, 0, false },
                { 4, 64, true }, { 5, 0, false },  { 6, 32, true },  { 7, 0, false } };
    for (int i = 0; i < 8; i++) {
        bool ok = sim_tc_sdesc_decode(FIXED | (uint64_t)sw[i].mode << 61, &s);
        CHECK(ok == sw[i].ok && (!ok || (s.swizzle_mode == sw[i].mode && s.span == sw[i].span)),
              "bits 61-63: swizzle mode %u", sw[i].mode);
    }
}

/* ---- canonical layouts, written again from the CuTe forms of 9.7.16.3.3 ----
 * In units of T = 16 bytes / e elements, with rows x (M or N) and columns k:
 *   K-major, none:  ((8,m),(T,2k)) : ((1T,SBO),(1,LBO))
 *   K-major, S:     ((8,m),(T,2k)) : ((S/16 T,SBO),(1,T))
 *   MN-major, none: ((T,1,m),(8,k)) : ((1,T,SBO),(1T,LBO))
 *   MN-major, S:    ((T,S/16,m),(8,k)) : ((1,T,LBO),(S/16 T,SBO))
 * then the swizzle of span S: address bits [4, 4 + log2(S/16)) ^= bits [7, ...). */
static uint32_t
canon(int mn, uint32_t S, uint32_t lbo, uint32_t sbo, uint32_t x, uint32_t k, uint32_t e)
{
    uint32_t T = 16 / e, a;
    if (!mn) {
        uint32_t rows = x % 8 * (S ? S : 16) + x / 8 * sbo;
        uint32_t cols = S ? k * e : (k % T) * e + k / T * lbo;
        a = rows + cols;
    } else {
        uint32_t xs = S ? (x % T) * e + (x / T) % (S / 16) * 16 + x / T / (S / 16) * lbo
                        : (x % T) * e + x / T * sbo;
        uint32_t ks = S ? k % 8 * S + k / 8 * sbo : k % 8 * 16 + k / 8 * lbo;
        a = xs + ks;
    }
    if (S)
        a ^= ((a >> 7) & (S / 16 - 1)) << 4;
    return a;
}

static void
test_layouts(void)
{
    static const uint32_t spans[4] = { 0, 32, 64, 128 }, codes[4] = { 0, 6, 4, 2 };
    unsigned bad = 0;
    for (int mn = 0; mn < 2; mn++)
        for (int s = 0; s < 4; s++)
            for (uint32_t e = 1; e <= 4; e *= 2) {
                uint32_t lbo = 2048, sbo = 1024;
                uint64_t d = FIXED | (uint64_t)codes[s] << 61 | (uint64_t)(sbo >> 4) << 32 |
                             (uint64_t)(lbo >> 4) << 16;
                SimSdesc sd;
                if (!sim_tc_sdesc_decode(d, &sd)) {
                    bad++;
                    continue;
                }
                for (uint32_t x = 0; x < 64; x++)
                    for (uint32_t k = 0; k < 32 / e; k++)
                        if (sim_tc_sdesc_addr(&sd, mn, x, k, e) !=
                                canon(mn, spans[s], lbo, sbo, x, k, e) &&
                            bad++ < 4)
                            printf("FAIL layout mn=%d S=%u e=%u (%u, %u)\n", mn, spans[s], e, x, k);
            }
    CHECK(bad == 0, "canonical layouts: %u wrong addresses", bad);
}

/* ---- GEMM tiles through tcgen05 ---- */

enum { M = 128, N = 32 };

typedef struct {
    const char *kind;
    unsigned dtype, atype, btype, e, K, steps; /* K of one mma; steps of K */
    int a_mn, b_mn;                            /* transpose A / B: MN-major */
    uint32_t S, lbo, sbo;                      /* both operands' layout */
    int neg_a;                                 /* idesc bit 13: D = -A x B */
} Case;

/* kernel: copy the prepared shared image (global -> shared, 16 bytes a thread a step);
 * warp 0 allocates 32 columns; thread 0 issues `steps` mmas and commits; everyone
 * waits on the mbarrier and reads its 32 lanes x 32 columns with tcgen05.ld. */
static char *
gemm_ptx(const Case *c, uint32_t idesc, uint32_t bytes_a, uint32_t bytes_b, uint32_t step_a,
         uint32_t step_b)
{
    size_t cap = 16384, n = 0;
    char *p = malloc(cap);
    uint64_t da = FIXED |
                  (uint64_t)(c->S == 128  ? 2
                             : c->S == 64 ? 4
                             : c->S == 32 ? 6
                                          : 0)
                      << 61 |
                  (uint64_t)(c->sbo >> 4) << 32 | (uint64_t)(c->lbo >> 4) << 16;
#define EMIT(...) n += (size_t)snprintf(p + n, cap - n, __VA_ARGS__)
    EMIT(".version 8.6\n.target sm_100a\n.address_size 64\n"
         ".visible .entry tc(.param .u64 img, .param .u64 out)\n.reqntid 128, 1, 1\n{\n"
         "  .reg .pred %%p<4>; .reg .b32 %%r<80>; .reg .b64 %%rd<16>;\n"
         "  .shared .align 1024 .b8 sm[%u];\n  .shared .align 8 .b64 bar;\n"
         "  .shared .align 4 .b32 slot;\n",
         bytes_a + bytes_b);
    EMIT("  ld.param.u64 %%rd1, [img]; ld.param.u64 %%rd2, [out];\n"
         "  mov.u32 %%r0, %%tid.x; setp.eq.u32 %%p0, %%r0, 0; mov.u32 %%r1, sm;\n"
         "  mov.u32 %%r2, bar; mov.u32 %%r3, slot;\n"
         "  shl.b32 %%r4, %%r0, 4;\n"
         "COPY:\n"
         "  setp.ge.u32 %%p1, %%r4, %u; @%%p1 bra COPIED;\n"
         "  cvt.u64.u32 %%rd3, %%r4; add.u64 %%rd3, %%rd3, %%rd1;\n"
         "  ld.global.v4.b32 {%%r5, %%r6, %%r7, %%r8}, [%%rd3];\n"
         "  add.u32 %%r9, %%r1, %%r4; st.shared.v4.b32 [%%r9], {%%r5, %%r6, %%r7, %%r8};\n"
         "  add.u32 %%r4, %%r4, 2048; bra COPY;\n"
         "COPIED:\n"
         "  @%%p0 mbarrier.init.shared::cta.b64 [%%r2], 1;\n"
         "  setp.lt.u32 %%p2, %%r0, 32;\n"
         "  @%%p2 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%%r3], 32;\n"
         "  @%%p2 tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n"
         "  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  tcgen05.fence::after_thread_sync;\n"
         "  ld.shared.u32 %%r10, [%%r3];\n"
         "  @!%%p0 bra WAIT;\n"
         "  cvt.u64.u32 %%rd4, %%r1; shr.u64 %%rd4, %%rd4, 4; and.b64 %%rd4, %%rd4, 0x3FFF;\n"
         "  or.b64 %%rd4, %%rd4, 0x%016llx;\n"
         "  add.u32 %%r11, %%r1, %u;\n"
         "  cvt.u64.u32 %%rd5, %%r11; shr.u64 %%rd5, %%rd5, 4; and.b64 %%rd5, %%rd5, 0x3FFF;\n"
         "  or.b64 %%rd5, %%rd5, 0x%016llx;\n"
         "  mov.u32 %%r12, %u;\n",
         bytes_a + bytes_b, (unsigned long long)da, bytes_a, (unsigned long long)da, idesc);
    for (unsigned s = 0; s < c->steps; s++)
        EMIT("  mov.u32 %%r14, %u; setp.ne.u32 %%p3, %%r14, 0;\n"
             "  tcgen05.mma.cta_group::1.kind::%s [%%r10], %%rd4, %%rd5, %%r12, %%p3;\n"
             "  add.s64 %%rd4, %%rd4, %u; add.s64 %%rd5, %%rd5, %u;\n",
             s, c->kind, step_a >> 4, step_b >> 4);
    EMIT("  tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%%r2];\n"
         "WAIT:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %%p1, [%%r2], 0; @!%%p1 bra WAIT;\n"
         "  tcgen05.fence::after_thread_sync;\n"
         "  shr.u32 %%r13, %%r0, 5; shl.b32 %%r13, %%r13, 21; add.u32 %%r13, %%r13, %%r10;\n"
         "  tcgen05.ld.sync.aligned.32x32b.x32.b32 {");
    for (int j = 0; j < N; j++)
        EMIT("%s%%r%d", j ? ", " : "", 40 + j);
    EMIT("}, [%%r13];\n  tcgen05.wait::ld.sync.aligned;\n"
         "  mul.wide.u32 %%rd6, %%r0, %d; add.u64 %%rd6, %%rd6, %%rd2;\n",
         N * 4);
    for (int j = 0; j < N; j++)
        EMIT("  st.global.b32 [%%rd6+%d], %%r%d;\n", 4 * j, 40 + j);
    EMIT("  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  @%%p2 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %%r10, 32;\n  ret;\n}\n");
#undef EMIT
    return p;
}

static uint32_t rng = 4321;

static int
small(void)
{
    rng = rng * 1664525u + 1013904223u;
    return (int)(rng >> 24) % 9 - 4; /* -4 .. 4 */
}

/* bits of value v (a small integer, or v/4 for floats) in the element type */
static uint32_t
enc(const Case *c, unsigned ty, int v)
{
    float f = (float)v / 4.0f;
    uint32_t u;
    memcpy(&u, &f, 4);
    if (!strcmp(c->kind, "tf32"))
        return u;
    if (!strcmp(c->kind, "i8"))
        return (uint32_t)(uint8_t)(int8_t)v;
    if (!strcmp(c->kind, "f8f6f4")) { /* e4m3: S.EEEE.MMM, bias 7; |v/4| <= 1 here */
        if (v == 0)
            return 0;
        unsigned s = v < 0 ? 0x80 : 0, a = (unsigned)(v < 0 ? -v : v); /* a/4 */
        unsigned ex = a >= 4 ? 7 : a >= 2 ? 6 : 5, m = (a << (3 - (ex - 5))) & 7;
        return s | ex << 3 | m; /* 1/4 = 2^-2: e 5; 2/4, 3/4: e 6; 4/4: e 7 */
    }
    uint16_t h = half_of(f);
    return ty == 1 ? (uint32_t)(u >> 16) : h; /* bf16: the f32's high half (exact here) */
}

static void
run_case(const Case *c, bool timed)
{
    unsigned KT = c->K * c->steps;
    static int av[M][128], bv[N][128];
    for (int i = 0; i < M; i++)
        for (unsigned k = 0; k < KT; k++)
            av[i][k] = small();
    for (int j = 0; j < N; j++)
        for (unsigned k = 0; k < KT; k++)
            bv[j][k] = small();
    /* image: A then B, each `steps` blocks of K columns; a block holds its rows x K x e
       bytes, or rows / 8 groups of SBO bytes when the swizzle's rows are wider than K */
    uint32_t blk_a = M * c->K * c->e, blk_b = N * c->K * c->e;
    if (M / 8 * c->sbo > blk_a)
        blk_a = M / 8 * c->sbo, blk_b = N / 8 * c->sbo;
    uint32_t bytes_a = blk_a * c->steps, bytes_b = blk_b * c->steps;
    uint8_t *img = calloc(1, bytes_a + bytes_b);
    for (unsigned s = 0; s < c->steps; s++)
        for (unsigned k = 0; k < c->K; k++) {
            for (int i = 0; i < M; i++) {
                uint32_t a = s * blk_a + canon(c->a_mn, c->S, c->lbo, c->sbo, (uint32_t)i, k, c->e);
                uint32_t v = enc(c, c->atype, av[i][s * c->K + k]);
                memcpy(img + a, &v, c->e);
            }
            for (int j = 0; j < N; j++) {
                uint32_t a = bytes_a + s * blk_b +
                             canon(c->b_mn, c->S, c->lbo, c->sbo, (uint32_t)j, k, c->e);
                uint32_t v = enc(c, c->btype, bv[j][s * c->K + k]);
                memcpy(img + a, &v, c->e);
            }
        }
    uint32_t idesc = c->dtype << 4 | c->atype << 7 | c->btype << 10 | (uint32_t)c->neg_a << 13 |
                     (uint32_t)c->a_mn << 15 | (uint32_t)c->b_mn << 16 | (N >> 3) << 17 |
                     (M >> 4) << 24;
    /* B starts bytes_a after A: the PTX adds it to the shared base before encoding */
    char *ptx = gemm_ptx(c, idesc, bytes_a, bytes_b, blk_a, blk_b);
    SimCtx *ctx = sim_create();
    if (timed)
        CHECK(sim_set_timing(ctx, "b200") == SIM_OK, "--timing=b200");
    SimFunc *f = load_entry(ctx, ptx, "tc");
    static uint32_t out[M][N];
    memset(out, 0xff, sizeof out);
    SimDevPtr di = dev_upload(ctx, img, bytes_a + bytes_b), dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &di, &dout };
    if (launch_ok(ctx, f, 1, 128, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        unsigned bad = 0;
        bool i8 = !strcmp(c->kind, "i8");
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                long want = 0;
                for (unsigned k = 0; k < KT; k++)
                    want += (long)av[i][k] * bv[j][k];
                if (c->neg_a)
                    want = -want;
                bool ok;
                if (i8) {
                    ok = (int32_t)out[i][j] == (int32_t)want;
                } else if (c->dtype == 0) { /* f16 D: the low half of the cell [9.7.16.10.4.1] */
                    ok = (out[i][j] & 0xffff) == half_of((float)want / 16.0f);
                } else {
                    float g;
                    memcpy(&g, &out[i][j], 4);
                    ok = g == (float)want / 16.0f;
                }
                if (!ok && bad++ < 4)
                    printf("FAIL %s D[%d][%d] = 0x%08x, want %ld%s\n", c->kind, i, j, out[i][j],
                           want, i8 ? "" : "/16");
            }
        CHECK(bad == 0, "kind::%s (S %u, A %s, B %s): %u wrong elements", c->kind, c->S,
              c->a_mn ? "MN" : "K", c->b_mn ? "MN" : "K", bad);
    }
    SimTiming tm;
    if (timed && sim_timing(ctx, &tm) == SIM_OK) {
        /* modeled: the tensor bound is the mmas' M x N x K at B200's dense rate for the kind
           (f16: 4096 FMAs a clock an SM, tf32 half, i8 / fp8 twice) over 0.85 achieved */
        double per = !strcmp(c->kind, "f16") ? 1 : !strcmp(c->kind, "tf32") ? 2 : 0.5;
        double want = (double)M * N * c->K * c->steps * per / 4096 / 0.85;
        printf("b200 %s: tensor bound %llu cycles (want %.1f), time %.2f us modeled, %s\n", c->kind,
               (unsigned long long)tm.bound[SIM_LIM_TENSOR], want, tm.time_us, tm.calibrated);
        CHECK(!strcmp(tm.gpu, "b200") && !strcmp(tm.calibrated, "uncalibrated") &&
                  tm.time_lo_us < tm.time_us / 1.4 && tm.time_hi_us > tm.time_us * 1.9,
              "b200: uncalibrated, with a wide band");
        CHECK(tm.bound[SIM_LIM_TENSOR] >= (uint64_t)want &&
                  tm.bound[SIM_LIM_TENSOR] <= (uint64_t)want + 2,
              "b200 %s: tensor bound %llu cycles, want %.1f", c->kind,
              (unsigned long long)tm.bound[SIM_LIM_TENSOR], want);
    } else if (timed) {
        CHECK(0, "no timing for b200");
    }
    sim_destroy(ctx);
    free(img);
    free(ptx);
}

static void
test_gemms(void)
{
    /* kind  dtype atype btype e K steps a_mn b_mn S lbo sbo
       K-major swizzled: a row is S bytes = K x e, SBO = 8 rows; LBO unused (16)
       K-major none: 16-byte core matrices, LBO = next 16 bytes of K (128: the 8 rows'
       core matrix), SBO = next 8 rows (K x e x 8)
       MN-major none: SBO = next 16 bytes of M/N (a core matrix of 8 k), LBO = next 8 k */
    static const Case cases[] = {
        { "f16", 1, 0, 0, 2, 16, 2, 0, 0, 32, 16, 256, 0 },
        { "f16", 1, 1, 1, 2, 16, 2, 0, 0, 0, 128, 256, 0 }, /* bf16, no swizzle */
        { "tf32", 1, 2, 2, 4, 8, 2, 0, 0, 32, 16, 256, 0 },
        { "i8", 2, 1, 1, 1, 32, 2, 0, 0, 32, 16, 256, 0 },
        { "f8f6f4", 1, 0, 0, 1, 32, 1, 0, 0, 32, 16, 256, 0 }, /* e4m3 */
        { "f16", 1, 0, 0, 2, 16, 1, 1, 1, 0, 128, 256, 0 },    /* A and B MN-major */
        { "f16", 1, 0, 0, 2, 16, 1, 0, 0, 0, 128, 256, 0 },
        { "f16", 0, 0, 0, 2, 16, 2, 0, 0, 64, 16, 512, 0 },   /* f16 D; 64-byte swizzle */
        { "f16", 1, 1, 1, 2, 16, 2, 0, 0, 128, 16, 1024, 1 }, /* bf16, negate A; 128-byte */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i], i < 4);
}

/* ---- faults ---- */

static const char *const bad_cols_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<4>;\n  .shared .align 4 .b32 slot;\n"
    "  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 48;\n  ret;\n}\n";

static const char *const bad_lane_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>;\n  .shared .align 4 .b32 slot;\n"
    "  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 32;\n"
    "  ld.shared.u32 %r2, [%r1];  add.u32 %r2, %r2, 2097152;\n" /* lane 32 from warp 0 */
    "  tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r3}, [%r2];\n  ret;\n}\n";

static const char *const unalloc_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>;\n"
    "  mov.u32 %r2, 64;\n"
    "  tcgen05.st.sync.aligned.32x32b.x2.b32 [%r2], {%r3, %r4};\n  ret;\n}\n";

/* modeled: 16 mmas of 128x256x16 f16 (2409 cycles of B200 tensor time) from one thread,
 * the warpgroup waiting on their commit: the wait is on the critical path, so the
 * latency bound covers the tensor time */
static const char *const commit_wait_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n.reqntid 128, 1, 1\n{\n"
    "  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<4>;\n"
    "  .shared .align 1024 .b8 sm[16384];\n  .shared .align 8 .b64 bar;\n"
    "  .shared .align 4 .b32 slot;\n"
    "  mov.u32 %r0, %tid.x; setp.eq.u32 %p0, %r0, 0; setp.lt.u32 %p1, %r0, 32;\n"
    "  mov.u32 %r1, slot; mov.u32 %r2, bar; mov.u32 %r5, sm;\n"
    "  @%p0 mbarrier.init.shared::cta.b64 [%r2], 1;\n"
    "  @%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 256;\n"
    "  tcgen05.fence::before_thread_sync;  bar.sync 0;  tcgen05.fence::after_thread_sync;\n"
    "  ld.shared.u32 %r3, [%r1];\n"
    "  @!%p0 bra WAIT;\n"
    "  cvt.u64.u32 %rd1, %r5; shr.u64 %rd1, %rd1, 4; or.b64 %rd1, %rd1, 0x0000401000080000;\n"
    "  mov.u32 %r4, 0x08400010;  mov.u32 %r6, 0;  setp.ne.u32 %p2, %r6, 0;\n" /* N 256 */
    "  mov.u32 %r7, 0;\n"
    "LOOP:\n"
    "  tcgen05.mma.cta_group::1.kind::f16 [%r3], %rd1, %rd1, %r4, %p2;\n"
    "  add.u32 %r7, %r7, 1;  setp.lt.u32 %p3, %r7, 16;  @%p3 bra LOOP;\n"
    "  tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r2];\n"
    "WAIT:\n"
    "  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r2], 0; @!%p3 bra WAIT;\n"
    "  tcgen05.fence::after_thread_sync;  bar.sync 0;\n"
    "  @%p1 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r3, 256;\n  ret;\n}\n";

static void
test_commit_wait_timing(void)
{
    SimCtx *ctx = sim_create();
    CHECK(sim_set_timing(ctx, "b200") == SIM_OK, "--timing=b200");
    SimTiming tm;
    double want = 16.0 * 128 * 256 * 16 / 4096 / 0.85;
    if (launch_ok(ctx, load_entry(ctx, commit_wait_ptx, "k"), 1, 128, 0, NULL) == 0 &&
        sim_timing(ctx, &tm) == SIM_OK) {
        printf("b200 commit wait: tensor bound %llu, latency bound %llu cycles (tensor time "
               "%.0f), modeled\n",
               (unsigned long long)tm.bound[SIM_LIM_TENSOR],
               (unsigned long long)tm.bound[SIM_LIM_LATENCY], want);
        CHECK(tm.bound[SIM_LIM_TENSOR] >= (uint64_t)want &&
                  tm.bound[SIM_LIM_LATENCY] >= (uint64_t)want,
              "b200: the commit's waiters wait for the modeled mmas (latency bound %llu, tensor "
              "time %.0f)",
              (unsigned long long)tm.bound[SIM_LIM_LATENCY], want);
    }
    sim_destroy(ctx);
}

static const char *const leak_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<4>;\n  .shared .align 4 .b32 slot;\n"
    "  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 64;\n  ret;\n}\n";

static const char *const bad_dealloc_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<4>;\n"
    "  mov.u32 %r1, 4096;\n" /* column 4096: past the 512 columns */
    "  tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 32;\n  ret;\n}\n";

static void
test_faults(void)
{
    SimCtx *ctx = sim_create();
    launch_fails(ctx, load_entry(ctx, bad_cols_ptx, "k"), 1, 32, NULL,
                 "48 columns: the count must be a power of two from 32 to 512");
    launch_fails(ctx, load_entry(ctx, bad_lane_ptx, "k"), 1, 32, NULL,
                 "at lane 32 from warp 0, which reaches lanes 0 to 31 only");
    launch_fails(ctx, load_entry(ctx, unalloc_ptx, "k"), 1, 32, NULL,
                 "columns 64 to 65, which are not all allocated");
    launch_fails(ctx, load_entry(ctx, bad_dealloc_ptx, "k"), 1, 32, NULL,
                 "tcgen05.dealloc of 32 columns at tensor-memory address 0x00001000, which is "
                 "not an allocation of that size");
    launch_fails(ctx, load_entry(ctx, leak_ptx, "k"), 1, 32, NULL,
                 "the CTA ends with 64 tensor-memory columns still allocated");
    sim_destroy(ctx);
}

int
main(void)
{
    test_idesc_fields();
    test_sdesc_fields();
    test_layouts();
    test_gemms();
    test_faults();
    test_commit_wait_timing();
    return test_exit("test_sim_tcgen05");
}
