/*
 * test_sim_tcgen05_tmem_a.c -- the simulator's tcgen05.mma with A in tensor memory (the
 * `[a-tmem]` form) and with M = 64, against a C GEMM written here.  Facts used, from the
 * PTX ISA 9.1, 9.7.16.10.5 (data-path layouts): M = 128 with cta_group::1 is layout D,
 * row i at lane i; M = 64 (not .ws) is layout F, rows 16q .. 16q + 15 at lanes
 * 32q + s .. 32q + s + 15 with s the address's lane, 0 or 16.  A in tensor memory takes
 * the same lanes, its row's K elements packed in 32-bit cells (32 bytes: 8 columns), the
 * first element in the low bits.  B is in shared memory, K-major without swizzle
 * (9.7.16.3.3: 8-row x 16-byte core matrices).
 *
 * The kernel (4 warps): every thread copies the shared image of B and its lane's 8 words
 * of A (tcgen05.st 32x32b.x8 at column 64) and 32 sentinel words into D's columns 0..31;
 * thread 0 issues one tcgen05.mma (A from [a-tmem] or a shared descriptor) and commits;
 * every warp reads its 32 lanes x 32 columns back.  The lanes outside the layout must
 * keep the sentinel.
 */
#include "sim/simint.h"
#include "tests/sim/simtest.h"

#include <stdint.h>

#define FIXED (1ull << 46) /* shared memory descriptor bits 46-48: 0b001 */
enum { N = 32, SENT = 0x7badf00d };

typedef struct {
    const char *kind;
    unsigned dtype, atype, btype, e; /* idesc types; bytes an element */
    unsigned m, sub;                 /* M; D's (and A's) lane: 0 or 16 */
    int a_tmem;                      /* A from tensor memory */
} Case;

static uint32_t rng = 777;

static int
small(void)
{
    rng = rng * 1664525u + 1013904223u;
    return (int)(rng >> 24) % 9 - 4;
}

/* bits of v (an integer; v / 4 for float kinds) as the element type */
static uint32_t
enc(const Case *c, int v)
{
    float f = (float)v / 4.0f;
    uint32_t u;
    memcpy(&u, &f, 4);
    if (!strcmp(c->kind, "tf32"))
        return u;
    if (!strcmp(c->kind, "i8"))
        return (uint32_t)(uint8_t)(int8_t)v;
    if (!strcmp(c->kind, "f8f6f4")) { /* e4m3 S.EEEE.MMM, bias 7: |v / 4| <= 1 */
        if (v == 0)
            return 0;
        unsigned s = v < 0 ? 0x80 : 0, a = (unsigned)(v < 0 ? -v : v);
        unsigned ex = a >= 4 ? 7 : a >= 2 ? 6 : 5, m = (a << (3 - (ex - 5))) & 7;
        return s | ex << 3 | m;
    }
    return c->atype == 1 ? u >> 16 : half_of(f); /* bf16: the f32's high half (exact) */
}

/* the lane of row r [layouts D and F] */
static uint32_t
row_lane(const Case *c, uint32_t r)
{
    return c->m == 128 ? r : (r / 16) * 32 + c->sub + r % 16;
}

/* K-major, no swizzle: element (x, k) of e bytes, LBO 128 (next 16 bytes of K), SBO 256 */
static uint32_t
kmajor(uint32_t x, uint32_t k, uint32_t e)
{
    uint32_t T = 16 / e;
    return x % 8 * 16 + x / 8 * 256 + (k % T) * e + k / T * 128;
}

#define EMIT(...) n += (size_t)snprintf(p + n, cap - n, __VA_ARGS__)

static char *
mma_ptx(const Case *c, uint32_t idesc)
{
    size_t cap = 16384, n = 0;
    char *p = malloc(cap);
    uint64_t desc = FIXED | (uint64_t)(256 >> 4) << 32 | (uint64_t)(128 >> 4) << 16;
    EMIT(".version 8.6\n.target sm_100a\n.address_size 64\n"
         ".visible .entry k(.param .u64 bimg, .param .u64 aimg, .param .u64 ta, "
         ".param .u64 out)\n.reqntid 128, 1, 1\n{\n"
         "  .reg .pred %%p<4>; .reg .b32 %%r<80>; .reg .b64 %%rd<16>;\n"
         "  .shared .align 1024 .b8 sb[8192];\n  .shared .align 1024 .b8 sa[8192];\n"
         "  .shared .align 8 .b64 bar;\n  .shared .align 4 .b32 slot;\n"
         "  ld.param.u64 %%rd1, [bimg]; ld.param.u64 %%rd2, [aimg]; ld.param.u64 %%rd3, [ta];\n"
         "  ld.param.u64 %%rd4, [out];\n"
         "  mov.u32 %%r0, %%tid.x; setp.eq.u32 %%p0, %%r0, 0; setp.lt.u32 %%p2, %%r0, 32;\n"
         "  mov.u32 %%r1, sb; mov.u32 %%r5, sa; mov.u32 %%r2, bar; mov.u32 %%r3, slot;\n"
         /* shared images: 128 threads x 64 bytes = 8192 bytes each */
         "  mul.wide.u32 %%rd5, %%r0, 64; shl.b32 %%r4, %%r0, 6;\n");
    for (int q = 0; q < 64; q += 4)
        EMIT("  add.u64 %%rd6, %%rd5, %%rd1; ld.global.b32 %%r6, [%%rd6+%d];\n"
             "  add.u32 %%r7, %%r1, %%r4; st.shared.b32 [%%r7+%d], %%r6;\n"
             "  add.u64 %%rd6, %%rd5, %%rd2; ld.global.b32 %%r6, [%%rd6+%d];\n"
             "  add.u32 %%r7, %%r5, %%r4; st.shared.b32 [%%r7+%d], %%r6;\n",
             q, q, q, q);
    EMIT("  @%%p0 mbarrier.init.shared::cta.b64 [%%r2], 1;\n"
         "  @%%p2 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%%r3], 128;\n"
         "  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  tcgen05.fence::after_thread_sync;\n  ld.shared.u32 %%r10, [%%r3];\n"
         /* this warp's lanes: (32 (tid / 32)) << 16 */
         "  shr.u32 %%r11, %%r0, 5; shl.b32 %%r11, %%r11, 21; add.u32 %%r11, %%r11, %%r10;\n"
         "  mul.wide.u32 %%rd7, %%r0, 32; add.u64 %%rd7, %%rd7, %%rd3;\n");
    for (int j = 0; j < 8; j++)
        EMIT("  ld.global.b32 %%r%d, [%%rd7+%d];\n", 20 + j, 4 * j);
    EMIT("  add.u32 %%r12, %%r11, 64;\n"
         "  tcgen05.st.sync.aligned.32x32b.x8.b32 [%%r12], {%%r20, %%r21, %%r22, %%r23, %%r24, "
         "%%r25, %%r26, %%r27};\n  mov.u32 %%r13, %u;\n"
         "  tcgen05.st.sync.aligned.32x32b.x32.b32 [%%r11], {",
         SENT);
    for (int j = 0; j < N; j++)
        EMIT("%s%%r13", j ? ", " : "");
    EMIT("};\n  tcgen05.wait::st.sync.aligned;\n"
         "  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  tcgen05.fence::after_thread_sync;\n"
         "  @!%%p0 bra WAIT;\n"
         "  add.u32 %%r14, %%r10, %u;\n" /* D: lane sub */
         "  add.u32 %%r15, %%r10, %u;\n" /* A: lane sub, column 64 */
         "  cvt.u64.u32 %%rd8, %%r1; shr.u64 %%rd8, %%rd8, 4; and.b64 %%rd8, %%rd8, 0x3FFF;\n"
         "  or.b64 %%rd8, %%rd8, 0x%016llx;\n"
         "  cvt.u64.u32 %%rd9, %%r5; shr.u64 %%rd9, %%rd9, 4; and.b64 %%rd9, %%rd9, 0x3FFF;\n"
         "  or.b64 %%rd9, %%rd9, 0x%016llx;\n"
         "  mov.u32 %%r16, %u; mov.u32 %%r17, 0; setp.ne.u32 %%p3, %%r17, 0;\n",
         c->sub << 16, c->sub << 16 | 64, (unsigned long long)desc, (unsigned long long)desc,
         idesc);
    if (c->a_tmem)
        EMIT("  tcgen05.mma.cta_group::1.kind::%s [%%r14], [%%r15], %%rd8, %%r16, %%p3;\n",
             c->kind);
    else
        EMIT("  tcgen05.mma.cta_group::1.kind::%s [%%r14], %%rd9, %%rd8, %%r16, %%p3;\n", c->kind);
    EMIT("  tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%%r2];\n"
         "WAIT:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %%p1, [%%r2], 0; @!%%p1 bra WAIT;\n"
         "  tcgen05.fence::after_thread_sync;\n"
         "  tcgen05.ld.sync.aligned.32x32b.x32.b32 {");
    for (int j = 0; j < N; j++)
        EMIT("%s%%r%d", j ? ", " : "", 40 + j);
    EMIT("}, [%%r11];\n  tcgen05.wait::ld.sync.aligned;\n"
         "  mul.wide.u32 %%rd10, %%r0, %d; add.u64 %%rd10, %%rd10, %%rd4;\n",
         N * 4);
    for (int j = 0; j < N; j++)
        EMIT("  st.global.b32 [%%rd10+%d], %%r%d;\n", 4 * j, 40 + j);
    EMIT("  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  @%%p2 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %%r10, 128;\n  ret;\n}\n");
    return p;
}

static void
run_case(const Case *c)
{
    unsigned K = 32 / c->e;
    static int av[128][32], bv[N][32];
    static uint8_t bimg[8192], aimg[8192];
    static uint32_t ta[128][8], out[128][N];
    memset(bimg, 0, sizeof bimg);
    memset(aimg, 0, sizeof aimg);
    memset(ta, 0x55, sizeof ta);
    for (unsigned i = 0; i < c->m; i++)
        for (unsigned k = 0; k < K; k++) {
            av[i][k] = small();
            uint32_t v = enc(c, av[i][k]);
            memcpy(aimg + kmajor(i, k, c->e), &v, c->e);
            /* tensor memory: byte k e of the row, little-endian in its 32-bit cell */
            uint32_t byte = k * c->e, *w = &ta[row_lane(c, i)][byte / 4];
            if (byte % 4 == 0)
                *w = 0;
            *w |= v << 8 * (byte % 4);
        }
    for (unsigned j = 0; j < N; j++)
        for (unsigned k = 0; k < K; k++) {
            bv[j][k] = small();
            uint32_t v = enc(c, bv[j][k]);
            memcpy(bimg + kmajor(j, k, c->e), &v, c->e);
        }
    uint32_t idesc =
        c->dtype << 4 | c->atype << 7 | c->btype << 10 | (N >> 3) << 17 | (c->m >> 4) << 24;
    char *ptx = mma_ptx(c, idesc);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "k");
    memset(out, 0xff, sizeof out);
    SimDevPtr db = dev_upload(ctx, bimg, sizeof bimg), da = dev_upload(ctx, aimg, sizeof aimg),
              dt = dev_upload(ctx, ta, sizeof ta), dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &db, &da, &dt, &dout };
    if (f && launch_ok(ctx, f, 1, 128, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        static uint32_t want[128][N];
        for (unsigned l = 0; l < 128; l++)
            for (unsigned j = 0; j < N; j++)
                want[l][j] = SENT;
        bool i8 = !strcmp(c->kind, "i8");
        for (unsigned i = 0; i < c->m; i++)
            for (unsigned j = 0; j < N; j++) {
                long s = 0;
                for (unsigned k = 0; k < K; k++)
                    s += (long)av[i][k] * bv[j][k];
                float g = (float)s / 16.0f;
                uint32_t u;
                memcpy(&u, &g, 4);
                want[row_lane(c, i)][j] = i8 ? (uint32_t)(int32_t)s : u;
            }
        unsigned bad = 0;
        for (unsigned l = 0; l < 128; l++)
            for (unsigned j = 0; j < N; j++)
                if (out[l][j] != want[l][j] && bad++ < 4)
                    printf("FAIL %s M %u sub %u A %s: lane %u col %u = 0x%08x, want 0x%08x\n",
                           c->kind, c->m, c->sub, c->a_tmem ? "tmem" : "smem", l, j, out[l][j],
                           want[l][j]);
        CHECK(bad == 0, "kind::%s M = %u at lane %u, A in %s: %u wrong cells", c->kind, c->m,
              c->sub, c->a_tmem ? "tensor memory" : "shared memory", bad);
    }
    sim_destroy(ctx);
    free(ptx);
}

static void
test_gemms(void)
{
    static const Case cases[] = {
        /* kind dtype atype btype e  m  sub a_tmem */
        { "f16", 1, 0, 0, 2, 128, 0, 1 }, { "f16", 1, 0, 0, 2, 64, 0, 0 },
        { "f16", 1, 1, 1, 2, 64, 16, 0 }, /* bf16, the upper half of each quarter */
        { "f16", 1, 0, 0, 2, 64, 16, 1 }, { "tf32", 1, 2, 2, 4, 128, 0, 1 },
        { "i8", 2, 1, 1, 1, 64, 0, 1 },   { "f8f6f4", 1, 0, 0, 1, 64, 16, 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
}

/* M = 64 at lane 8, A in tensor memory MN-major: located faults */
static const char *const bad_lane_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<2>;\n"
    "  .shared .align 4 .b32 slot;\n  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 32;\n"
    "  ld.shared.u32 %r2, [%r1];  add.u32 %r2, %r2, 0x80000;  mov.b64 %rd1, 0x0000400000000000;\n"
    "  mov.u32 %r4, 0;  setp.ne.u32 %p1, %r4, 0;\n"
    "  mov.u32 %r3, 0x04080010;\n" /* M = 64, N = 32, f32 D */
    "  tcgen05.mma.cta_group::1.kind::f16 [%r2], %rd1, %rd1, %r3, %p1;\n  ret;\n}\n";

static const char *const bad_trans_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<2>;\n"
    "  .shared .align 4 .b32 slot;\n  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 64;\n"
    "  ld.shared.u32 %r2, [%r1];  add.u32 %r5, %r2, 32;  mov.b64 %rd1, 0x0000400000000000;\n"
    "  mov.u32 %r4, 0;  setp.ne.u32 %p1, %r4, 0;\n"
    "  mov.u32 %r3, 0x08088010;\n" /* M = 128, N = 32, f32 D, transpose A */
    "  tcgen05.mma.cta_group::1.kind::f16 [%r2], [%r5], %rd1, %r3, %p1;\n  ret;\n}\n";

/* kind::f8f6f4 with fp6 A (E2M3) in tensor memory, and MN-major fp6 A in shared memory */
static const char *const fp6_tmem_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<2>;\n"
    "  .shared .align 4 .b32 slot;\n  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 64;\n"
    "  ld.shared.u32 %r2, [%r1];  add.u32 %r5, %r2, 32;  mov.b64 %rd1, 0x0000400000000000;\n"
    "  mov.u32 %r4, 0;  setp.ne.u32 %p1, %r4, 0;\n"
    "  mov.u32 %r3, 0x08080190;\n" /* M = 128, N = 32, f32 D, A E2M3, B E4M3 */
    "  tcgen05.mma.cta_group::1.kind::f8f6f4 [%r2], [%r5], %rd1, %r3, %p1;\n  ret;\n}\n";

static const char *const fp6_mn_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<2>;\n"
    "  .shared .align 4 .b32 slot;\n  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 32;\n"
    "  ld.shared.u32 %r2, [%r1];  mov.b64 %rd1, 0x0000400000000000;\n"
    "  mov.u32 %r4, 0;  setp.ne.u32 %p1, %r4, 0;\n"
    "  mov.u32 %r3, 0x08088190;\n" /* M = 128, N = 32, f32 D, A E2M3, transpose A */
    "  tcgen05.mma.cta_group::1.kind::f8f6f4 [%r2], %rd1, %rd1, %r3, %p1;\n  ret;\n}\n";

static void
test_faults(void)
{
    SimCtx *ctx = sim_create();
    launch_fails(ctx, load_entry(ctx, bad_lane_ptx, "k"), 1, 32, NULL,
                 "D (64 x 32) at 0x00080000 is not at lane 0 or 16");
    launch_fails(ctx, load_entry(ctx, bad_trans_ptx, "k"), 1, 32, NULL,
                 "A in tensor memory at 0x00000020 is MN-major");
    launch_fails(ctx, load_entry(ctx, fp6_tmem_ptx, "k"), 1, 32, NULL,
                 "A in tensor memory at 0x00000020 holds fp6 / fp4 elements");
    launch_fails(ctx, load_entry(ctx, fp6_mn_ptx, "k"), 1, 32, NULL,
                 "an fp6 / fp4 operand is MN-major (transposed)");
    sim_destroy(ctx);
}

int
main(void)
{
    test_gemms();
    test_faults();
    return test_exit("test_sim_tcgen05_tmem_a");
}
