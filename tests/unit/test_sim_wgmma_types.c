/*
 * test_sim_wgmma_types.c -- the simulator's wgmma with tf32 (m64nNk8) and fp8
 * (m64nNk32, e4m3 and e5m2, mixed) operands (issue 14 part 1), against a C
 * reference computed here: each fp8 byte is decoded by its bit definition
 * (sign, exponent with bias 7 or 15, mantissa, subnormals; e4m3's S.1111.111 is
 * NaN and e5m2's exponent 31 is Inf/NaN, so the random bytes avoid those), tf32
 * is an f32 whose 13 low mantissa bits are ignored.  Operands come from shared
 * memory through no-swizzle and 128-byte-swizzled K-major descriptors, and A
 * also from registers (ptx-sm90.md 4.4's fragment tables, written again below);
 * D = A B^T in f32 and, for fp8, also in f16.  Also: the decoder refuses a wrong
 * K (m64n8k16 with e4m3) and imm-trans operands for tf32.
 */
#include "tests/sim/simtest.h"

#include <math.h>
#include <stdint.h>

#define HEAD ".version 8.0\n.target sm_90a\n.address_size 64\n"
#define N    8

static uint32_t rng = 4242;

static uint32_t
rnd(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8;
}

/* fp8 by definition: value = (-1)^s * 2^(e - bias) * (1 + m / 2^mb), e = 0: 2^(1 - bias) * m / 2^mb
 */
static double
fp8_decode(int e5m2, uint8_t b)
{
    int mb = e5m2 ? 2 : 3, bias = e5m2 ? 15 : 7;
    int m = b & ((1 << mb) - 1), e = (b & 0x7f) >> mb;
    double v = e ? pow(2, e - bias) * (1 + m / pow(2, mb)) : pow(2, 1 - bias) * (m / pow(2, mb));
    return b & 0x80 ? -v : v;
}

/* a random fp8 byte that is neither NaN nor Inf, within +-16 so that sums stay small */
static uint8_t
fp8_random(int e5m2)
{
    for (;;) {
        uint8_t b = (uint8_t)rnd();
        double v = fp8_decode(e5m2, b);
        int e = (b & 0x7f) >> (e5m2 ? 2 : 3);
        if ((e5m2 && e == 31) || (!e5m2 && (b & 0x7f) == 0x7f) || fabs(v) > 16)
            continue;
        return b;
    }
}

/* ptx-sm90.md 3: the swizzle of span S */
static uint32_t
swz(uint32_t a, uint32_t S)
{
    return S ? a ^ (((a >> 7) & (S / 16 - 1)) << 4) : a;
}

/* K-major operand byte offset of (row x, byte kb of the row) [ptx-sm90.md 4.3] */
static uint32_t
kmajor(uint32_t S, uint32_t x, uint32_t kb)
{
    uint32_t lbo = 128, sbo = S ? 8 * S : 256;
    return swz(
        S ? x / 8 * sbo + x % 8 * S + kb : x / 8 * sbo + x % 8 * 16 + kb / 16 * lbo + kb % 16, S);
}

static void
kernel(char *buf, size_t n, const char *types, unsigned K, int areg, const char *dreg,
       const char *store)
{
    char mma[256];
    snprintf(mma, sizeof mma,
             "  wgmma.mma_async.sync.aligned.m64n8k%u.%s %s, %s, %%rd3, 0, 1, 1;\n", K, types, dreg,
             areg ? "{%r12, %r13, %r14, %r15}" : "%rd2");
    snprintf(buf, n,
             HEAD ".visible .entry wg(.param .u64 src, .param .u32 bytes, .param .u64 da,\n"
                  "    .param .u64 db, .param .u64 out, .param .u64 afrag)\n"
                  "{\n"
                  "  .reg .pred %%p<4>; .reg .b32 %%r<16>; .reg .b64 %%rd<16>; .reg .f32 %%f<4>;\n"
                  "  .shared .align 1024 .b8 sm[16384];  .shared .align 8 .b64 bar;\n"
                  "  mov.u32 %%r0, %%tid.x;  setp.eq.u32 %%p0, %%r0, 0;\n"
                  "  ld.param.u64 %%rd1, [src];  ld.param.u32 %%r1, [bytes];\n"
                  "  ld.param.u64 %%rd2, [da];  ld.param.u64 %%rd3, [db];\n"
                  "  ld.param.u64 %%rd4, [out];  ld.param.u64 %%rd7, [afrag];\n"
                  "  mov.u32 %%r2, sm;  mov.u32 %%r3, bar;\n"
                  "  @%%p0 mbarrier.init.shared::cta.b64 [%%r3], 1;\n"
                  "  bar.sync 0;\n"
                  "  @%%p0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [%%r3], %%r1;\n"
                  "  @%%p0 cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
                  "[%%r2], [%%rd1], %%r1, [%%r3];\n"
                  "W:\n"
                  "  mbarrier.try_wait.parity.shared::cta.b64 %%p1, [%%r3], 0;  @!%%p1 bra W;\n"
                  "  cvt.u64.u32 %%rd5, %%r2;  shr.u64 %%rd5, %%rd5, 4;\n"
                  "  add.u64 %%rd2, %%rd2, %%rd5;  add.u64 %%rd3, %%rd3, %%rd5;\n"
                  "  mul.wide.u32 %%rd6, %%r0, 16;  add.u64 %%rd8, %%rd7, %%rd6;\n"
                  "  ld.global.v4.b32 {%%r12, %%r13, %%r14, %%r15}, [%%rd8];\n"
                  "  add.u64 %%rd6, %%rd4, %%rd6;\n"
                  "  wgmma.fence.sync.aligned;\n"
                  "%s"
                  "  wgmma.commit_group.sync.aligned;  wgmma.wait_group.sync.aligned 0;\n"
                  "%s"
                  "  ret;\n"
                  "}\n",
             mma, store);
}

typedef struct {
    const char *types; /* D.A.B */
    int a, b;          /* element kinds: 0 tf32, 1 e4m3, 2 e5m2 */
    int f16d;          /* D in f16 (fp8 only) */
} Variant;

static double
elem(int kind, const uint8_t *p)
{
    if (kind == 0) {
        uint32_t u;
        memcpy(&u, p, 4);
        u &= 0xffffe000u; /* tf32: the 13 low mantissa bits do not count */
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    return fp8_decode(kind == 2, p[0]);
}

/* f16 bits -> value, by definition */
static double
f16_decode(uint16_t h)
{
    int e = h >> 10 & 31, m = h & 1023;
    double v = e ? pow(2, e - 15) * (1 + m / 1024.0) : pow(2, -14) * (m / 1024.0);
    return h & 0x8000 ? -v : v;
}

static void
run_variant(SimCtx *ctx, const Variant *V, uint32_t S, int areg)
{
    unsigned K = V->a == 0 ? 8 : 32;
    uint32_t boff = S ? 8 * 8 * S : 2048, bytes = boff + (S ? 8 * S : 256); /* B after A */
    static uint8_t A[64][32], B[N][32], img[16384]; /* rows of 32 bytes: K elements */
    static uint32_t afrag[128 * 4];
    for (int x = 0; x < 64; x++)
        for (unsigned k = 0; k < K; k++) {
            if (V->a == 0) { /* small integers and halves, with junk in the ignored bits */
                float f = (float)((int)(rnd() % 17) - 8) / 2.0f;
                uint32_t u;
                memcpy(&u, &f, 4);
                u |= rnd() & 0x1fff;
                memcpy(&A[x][4 * k], &u, 4);
            } else {
                A[x][k] = fp8_random(V->a == 2);
            }
        }
    for (int x = 0; x < N; x++)
        for (unsigned k = 0; k < K; k++) {
            if (V->b == 0) {
                float f = (float)((int)(rnd() % 9) - 4);
                uint32_t u;
                memcpy(&u, &f, 4);
                u |= rnd() & 0x1fff;
                memcpy(&B[x][4 * k], &u, 4);
            } else {
                B[x][k] = fp8_random(V->b == 2);
            }
        }
    memset(img, 0, sizeof img);
    for (uint32_t x = 0; x < 64; x++)
        for (uint32_t kb = 0; kb < 32; kb++)
            img[kmajor(S, x, kb)] = A[x][kb];
    for (uint32_t x = 0; x < N; x++)
        for (uint32_t kb = 0; kb < 32; kb++)
            img[boff + kmajor(S, x, kb)] = B[x][kb];
    unsigned lay = S == 128 ? 1 : 0;
    uint32_t sbo = S ? 8 * S : 256;
    uint64_t da = (uint64_t)(128 >> 4) << 16 | (uint64_t)(sbo >> 4) << 32 | (uint64_t)lay << 62;
    uint64_t db = da | (boff >> 4);
    /* A fragments [ptx-sm90.md 4.4]: tf32 reg r = (16w + l/4 + 8(r&1), l%4 + 4(r>>1));
       fp8 reg r byte b = (16w + l/4 + 8(r&1), 16(r>>1) + 4(l%4) + b) */
    for (uint32_t t = 0; t < 128; t++) {
        uint32_t w = t / 32, l = t % 32;
        for (uint32_t r = 0; r < 4; r++) {
            uint32_t row = 16 * w + l / 4 + 8 * (r & 1), v = 0;
            if (V->a == 0)
                memcpy(&v, &A[row][4 * (l % 4 + 4 * (r >> 1))], 4);
            else
                for (uint32_t b = 0; b < 4; b++)
                    v |= (uint32_t)A[row][16 * (r >> 1) + 4 * (l % 4) + b] << (8 * b);
            afrag[t * 4 + r] = v;
        }
    }
    char ptx[4096];
    if (V->f16d)
        kernel(ptx, sizeof ptx, V->types, K, areg, "{%r8, %r9}",
               "  st.global.v2.b32 [%rd6], {%r8, %r9};\n");
    else
        kernel(ptx, sizeof ptx, V->types, K, areg, "{%f0, %f1, %f2, %f3}",
               "  st.global.v4.f32 [%rd6], {%f0, %f1, %f2, %f3};\n");
    SimFunc *f = load_entry(ctx, ptx, "wg");
    if (!f)
        return;
    SimDevPtr dimg = 0, dout = 0, dfrag = 0;
    static uint32_t out[128 * 4];
    memset(out, 0, sizeof out);
    sim_mem_alloc(ctx, &dimg, sizeof img);
    sim_mem_alloc(ctx, &dout, sizeof out);
    sim_mem_alloc(ctx, &dfrag, sizeof afrag);
    sim_memcpy_htod(ctx, dimg, img, sizeof img);
    sim_memcpy_htod(ctx, dout, out, sizeof out);
    sim_memcpy_htod(ctx, dfrag, afrag, sizeof afrag);
    void *params[] = { &dimg, &bytes, &da, &db, &dout, &dfrag };
    SimResult r = sim_launch(f, 1, 1, 1, 128, 1, 1, 0, params);
    CHECK(r == SIM_OK, "%s S=%u areg=%d: %s", V->types, S, areg, sim_error(ctx));
    sim_memcpy_dtoh(ctx, out, dout, sizeof out);
    int bad = 0;
    for (uint32_t t = 0; t < 128 && r == SIM_OK; t++) {
        uint32_t w = t / 32, l = t % 32;
        for (uint32_t i = 0; i < 4; i++) { /* D: row 16w + l/4 + 8((i>>1)&1), col 2(l%4) + (i&1) */
            uint32_t row = 16 * w + l / 4 + 8 * ((i >> 1) & 1), col = 2 * (l % 4) + (i & 1);
            double ref = 0;
            for (unsigned k = 0; k < K; k++)
                ref += elem(V->a, V->a == 0 ? &A[row][4 * k] : &A[row][k]) *
                       elem(V->b, V->b == 0 ? &B[col][4 * k] : &B[col][k]);
            double got;
            if (V->f16d) {
                got = f16_decode((uint16_t)(out[t * 4 + i / 2] >> (16 * (i & 1))));
                if (fabs(got - ref) > fabs(ref) / 1024 + 1e-6 && bad++ < 3)
                    printf("  %s: D[%u][%u] = %g, want %g\n", V->types, row, col, got, ref);
            } else {
                float g;
                memcpy(&g, &out[t * 4 + i], 4);
                got = g;
                if (got != (double)(float)ref && bad++ < 3)
                    printf("  %s: D[%u][%u] = %g, want %g\n", V->types, row, col, got, ref);
            }
        }
    }
    CHECK(bad == 0, "wgmma %s swizzle %u register-A %d: %d wrong", V->types, S, areg, bad);
    sim_mem_free(ctx, dimg);
    sim_mem_free(ctx, dout);
    sim_mem_free(ctx, dfrag);
}

static void
test_errors(SimCtx *ctx)
{
    static const struct {
        const char *inst, *want;
    } bad[] = {
        { "wgmma.mma_async.sync.aligned.m64n8k16.f32.e4m3.e4m3 {%f0, %f1, %f2, %f3}, %rd1, %rd1, "
          "0, 1, 1;",
          "need the shape m64nNk32" },
        { "wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {%f0, %f1, %f2, %f3}, %rd1, %rd1, "
          "0, 1, 1, 0, 0;",
          "no imm-trans" },
        { "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.f16 {%f0, %f1, %f2, %f3}, %rd1, %rd1, "
          "0, 1, 1;",
          "supports" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char ptx[1024];
        snprintf(ptx, sizeof ptx,
                 HEAD ".visible .entry e()\n{\n  .reg .b64 %%rd<2>; .reg .f32 %%f<4>;\n"
                      "  mov.u64 %%rd1, 0;\n  %s\n  ret;\n}\n",
                 bad[i].inst);
        SimModule *m = NULL;
        SimResult r = sim_module_load(ctx, ptx, "bad.ptx", &m);
        CHECK(r == SIM_ERR_PTX && strstr(sim_error(ctx), bad[i].want), "case %zu: %s", i,
              sim_error(ctx));
    }
}

int
main(void)
{
    static const Variant var[] = {
        { "f32.tf32.tf32", 0, 0, 0 }, { "f32.e4m3.e4m3", 1, 1, 0 }, { "f32.e5m2.e5m2", 2, 2, 0 },
        { "f32.e4m3.e5m2", 1, 2, 0 }, { "f32.e5m2.e4m3", 2, 1, 0 }, { "f16.e4m3.e5m2", 1, 2, 1 },
    };
    SimCtx *ctx = sim_create();
    for (size_t v = 0; v < sizeof var / sizeof var[0]; v++)
        for (int S = 0; S <= 128; S += 128)
            for (int areg = 0; areg < 2; areg++)
                run_variant(ctx, &var[v], (uint32_t)S, areg);
    test_errors(ctx);
    sim_destroy(ctx);
    return failures ? 1 : 0;
}
