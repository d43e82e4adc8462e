/*
 * test_sim_tcgen05_bs.c -- the simulator's block-scaled tcgen05.mma (kind::mxf8f6f4,
 * mxf4, mxf4nvf4), and the dense kind::f8f6f4 with fp6 / fp4 operands (packed as
 * mxf8f6f4's, no scale factors), against a C reference that dequantizes every element and
 * scale factor itself.  Facts used, from the PTX ISA 9.1:
 *
 * - the instruction descriptors, Table 43 (mxf8f6f4) and Table 44 (mxf4, mxf4nvf4): sparsity
 *   bit 2, B's scale factor ID 4-5, A / B formats 7-9 / 10-12 (mxf4 kinds: 10-11, E2M1 = 1),
 *   negate 13 / 14, transpose 15 / 16, N >> 3 17-22, the scale type 23 (UE8M0 1, UE4M3 0),
 *   M >> 7 27-28, A's scale factor ID 29-30, K = 96 bit 31 (mxf4 kinds); the rest reserved;
 * - Tables 54-55: scale_vec::1X one scale factor a row of A (a column of B) for K = 32,
 *   2X two (block 32 of K = 64), 4X four (block 16 of K = 64);
 * - 9.7.16.10.7.2-3: the scale factor ID is the byte (1X), half word (2X: 0 or 2) or word
 *   (4X: 0) of the tensor-memory cell that holds a row's scale factors, duplicated in all
 *   32-lane partitions; row r's cell is lane r % 32 (+ 32 p), column r / 32, as CUTLASS's
 *   tmem_sf_frg lays it out (((32, MN / 32), 4), (VS, NSF)) : (((1, 512), 32), (0, 128)) in
 *   its lane-plus-128-x-byte addressing;
 * - 9.7.16.10.4.4 and .6: fp6 / fp4 elements of kind::mxf8f6f4 in shared memory are 16 to a
 *   16-byte piece, packed from the low bits, the rest padding; kind::mxf4's E2M1 two to a
 *   byte, no padding; the first element in the low bits (the usual little-endian order);
 * - the canonical layouts of 9.7.16.3.3: K-major without swizzle, 8-row x 16-byte core
 *   matrices (LBO 128 between them along K, SBO 256 between 8-row groups); K-major with the
 *   128-byte swizzle (rows of 128 bytes, SBO 1024, the 16-byte chunks XORed with the row
 *   within 8; this mma's K from byte 32, the descriptor's start 32 bytes on); MN-major
 *   16-byte runs along M / N (LBO between groups of 8 K rows, SBO between 16-byte runs).
 *
 * The kernel (4 warps): the shared images of A and B copied in, every thread's tensor-memory
 * lane written with tcgen05.st (D's initial value at columns 0..63, scale factors of A at
 * 128..131 and of B at 132..133, A at 136..143), thread 0 issues one mma and commits, and
 * every warp reads D back.
 */
#include "sim/simint.h"
#include "tests/sim/simtest.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#define FIXED (1ull << 46) /* shared memory descriptor bits 46-48: 0b001 */
enum { N = 64, E4M3 = 0, E5M2 = 1, E2M3 = 3, E3M2 = 4, E2M1 = 5 };

typedef struct {
    const char *kind;  /* mxf8f6f4, mxf4, mxf4nvf4; f8f6f4: the dense kind, no scale factors */
    unsigned vec;      /* scale_vec::1X, 2X, 4X */
    unsigned fa, fb;   /* element formats (mxf4 kinds: E2M1) */
    unsigned ue8m0;    /* the scale type */
    unsigned sfa, sfb; /* scale factor IDs */
    int mn;            /* A and B MN-major */
    int a_tmem, acc, neg;
    int sw; /* K-major, 128-byte swizzle: rows of 128 bytes, this mma's K at byte 32 */
} Case;

static uint32_t rng = 4242;

/* the kinds with E2M1 two to a byte (mxf4, mxf4nvf4) */
static bool
is_mxf4(const Case *c)
{
    return strncmp(c->kind, "mxf4", 4) == 0;
}

static bool
is_dense(const Case *c)
{
    return strcmp(c->kind, "f8f6f4") == 0;
}

static uint32_t
rnd(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8;
}

/* an element format's value, from its bit fields (OCP MX 1.0): sign, exponent, mantissa */
static double
ref_elem(unsigned fmt, uint32_t code)
{
    unsigned eb = fmt == E4M3 ? 4 : fmt == E5M2 ? 5 : fmt == E2M3 ? 2 : fmt == E3M2 ? 3 : 2;
    unsigned mb = fmt == E4M3 ? 3 : fmt == E5M2 ? 2 : fmt == E2M3 ? 3 : fmt == E3M2 ? 2 : 1;
    int bias = (1 << (eb - 1)) - 1;
    unsigned m = code & ((1u << mb) - 1), e = code >> mb & ((1u << eb) - 1);
    double v = e ? ldexp(1.0 + m / (double)(1u << mb), (int)e - bias)
                 : ldexp(m / (double)(1u << mb), 1 - bias);
    return code >> (eb + mb) & 1 ? -v : v;
}

static unsigned
bits_of(unsigned fmt)
{
    return fmt <= E5M2 ? 8 : fmt == E2M1 ? 4 : 6;
}

/* a random code of the format that is finite and not too large */
static uint32_t
rand_code(unsigned fmt)
{
    for (;;) {
        uint32_t c = rnd() & ((1u << bits_of(fmt)) - 1);
        double v = ref_elem(fmt, c);
        if ((fmt == E4M3 && (c & 0x7f) == 0x7f) || (fmt == E5M2 && (c >> 2 & 31) == 31))
            continue;
        if (fabs(v) <= 64)
            return c;
    }
}

/* K-major byte (x, b): 8-row x 16-byte core matrices, LBO 128 along K, SBO 256 */
static uint32_t
kmajor(uint32_t x, uint32_t b)
{
    return x % 8 * 16 + x / 8 * 256 + b % 16 + b / 16 * 128;
}

/* MN-major byte of element (x, k) of 1 byte: 16 along x, LBO 128 per 8 k, SBO 512 per 16 x */
static uint32_t
mnmajor(uint32_t x, uint32_t k)
{
    return x % 16 + x / 16 * 512 + k % 8 * 16 + k / 8 * 128;
}

/* K-major with the 128-byte swizzle [9.7.16.3.3]: rows of 128 bytes, 8-row groups 1024
 * bytes apart (SBO), each 16-byte chunk's index XORed with the row within its group;
 * this mma's 32 bytes of K start at byte 32 of the row (the descriptor's start + 32) */
static uint32_t
ksw(uint32_t x, uint32_t b)
{
    uint32_t a = x % 8 * 128 + x / 8 * 1024 + 32 + b;
    return a ^ ((a >> 7) & 7) << 4;
}

static uint32_t
kaddr(const Case *c, uint32_t x, uint32_t b)
{
    return c->sw ? ksw(x, b) : kmajor(x, b);
}

/* Put element (x, k) of code c into img (and, for A in tensor memory, into row x's words). */
static void
put(const Case *c, unsigned fmt, uint8_t *img, uint32_t x, uint32_t k, uint32_t code)
{
    bool mxf4 = is_mxf4(c);
    if (mxf4) {
        img[kaddr(c, x, k / 2)] |= (uint8_t)(code << 4 * (k % 2));
    } else if (fmt <= E5M2) {
        img[c->mn ? mnmajor(x, k) : kaddr(c, x, k)] = (uint8_t)code;
    } else { /* 16 to a 16-byte piece from the low bits */
        uint32_t base = kaddr(c, x, k / 16 * 16), bit = bits_of(fmt) * (k % 16);
        uint32_t v = code << bit % 8;
        img[base + bit / 8] |= (uint8_t)v;
        img[base + bit / 8 + 1] |= (uint8_t)(v >> 8);
    }
}

#define EMIT(...) n += (size_t)snprintf(p + n, cap - n, __VA_ARGS__)

static char *
bs_ptx(const Case *c, uint32_t idesc, uint64_t adesc, uint64_t bdesc)
{
    size_t cap = 32768, n = 0;
    char *p = malloc(cap);
    EMIT(".version 8.7\n.target sm_100a\n.address_size 64\n"
         ".visible .entry k(.param .u64 aimg, .param .u64 bimg, .param .u64 tin, "
         ".param .u64 din, .param .u64 out)\n.reqntid 128, 1, 1\n{\n"
         "  .reg .pred %%p<4>; .reg .b32 %%r<120>; .reg .b64 %%rd<16>;\n"
         "  .shared .align 1024 .b8 sa[16384];\n  .shared .align 1024 .b8 sb[8192];\n"
         "  .shared .align 8 .b64 bar;\n  .shared .align 4 .b32 slot;\n"
         "  ld.param.u64 %%rd1, [aimg]; ld.param.u64 %%rd2, [bimg]; ld.param.u64 %%rd3, [tin];\n"
         "  ld.param.u64 %%rd4, [din]; ld.param.u64 %%rd11, [out];\n"
         "  mov.u32 %%r0, %%tid.x; setp.eq.u32 %%p0, %%r0, 0; setp.lt.u32 %%p2, %%r0, 32;\n"
         "  mov.u32 %%r1, sa; mov.u32 %%r5, sb; mov.u32 %%r2, bar; mov.u32 %%r3, slot;\n"
         "  mul.wide.u32 %%rd5, %%r0, 128; add.u64 %%rd5, %%rd5, %%rd1; shl.b32 %%r4, %%r0, 7;\n"
         "  add.u32 %%r4, %%r4, %%r1;\n"
         "  mul.wide.u32 %%rd6, %%r0, 64; add.u64 %%rd6, %%rd6, %%rd2; shl.b32 %%r6, %%r0, 6;\n"
         "  add.u32 %%r6, %%r6, %%r5;\n");
    for (int q = 0; q < 128; q += 4)
        EMIT("  ld.global.b32 %%r7, [%%rd5+%d]; st.shared.b32 [%%r4+%d], %%r7;\n", q, q);
    for (int q = 0; q < 64; q += 4)
        EMIT("  ld.global.b32 %%r7, [%%rd6+%d]; st.shared.b32 [%%r6+%d], %%r7;\n", q, q);
    EMIT("  @%%p0 mbarrier.init.shared::cta.b64 [%%r2], 1;\n"
         "  @%%p2 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%%r3], 256;\n"
         "  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  tcgen05.fence::after_thread_sync;\n  ld.shared.u32 %%r10, [%%r3];\n"
         "  shr.u32 %%r11, %%r0, 5; shl.b32 %%r11, %%r11, 21; add.u32 %%r11, %%r11, %%r10;\n"
         "  mul.wide.u32 %%rd7, %%r0, 64; add.u64 %%rd7, %%rd7, %%rd3;\n"
         "  mul.wide.u32 %%rd8, %%r0, 256; add.u64 %%rd8, %%rd8, %%rd4;\n");
    for (int j = 0; j < 16; j++)
        EMIT("  ld.global.b32 %%r%d, [%%rd7+%d];\n", 20 + j, 4 * j);
    for (int j = 0; j < N; j++)
        EMIT("  ld.global.b32 %%r%d, [%%rd8+%d];\n", 40 + j, 4 * j);
    EMIT("  add.u32 %%r12, %%r11, 128;\n"
         "  tcgen05.st.sync.aligned.32x32b.x16.b32 [%%r12], {");
    for (int j = 0; j < 16; j++)
        EMIT("%s%%r%d", j ? ", " : "", 20 + j);
    EMIT("};\n  tcgen05.st.sync.aligned.32x32b.x64.b32 [%%r11], {");
    for (int j = 0; j < N; j++)
        EMIT("%s%%r%d", j ? ", " : "", 40 + j);
    EMIT("};\n  tcgen05.wait::st.sync.aligned;\n"
         "  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  tcgen05.fence::after_thread_sync;\n"
         "  @!%%p0 bra WAIT;\n"
         "  add.u32 %%r15, %%r10, 136; add.u32 %%r16, %%r10, 128; add.u32 %%r17, %%r10, 132;\n"
         "  cvt.u64.u32 %%rd9, %%r1; shr.u64 %%rd9, %%rd9, 4; or.b64 %%rd9, %%rd9, 0x%016llx;\n"
         "  cvt.u64.u32 %%rd10, %%r5; shr.u64 %%rd10, %%rd10, 4; or.b64 %%rd10, %%rd10, "
         "0x%016llx;\n"
         "  mov.u32 %%r18, %u; mov.u32 %%r19, %d; setp.ne.u32 %%p3, %%r19, 0;\n"
         "  tcgen05.mma.cta_group::1.kind::%s%s [%%r10], %s, %%rd10, %%r18%s, %%p3;\n"
         "  tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%%r2];\n"
         "WAIT:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %%p1, [%%r2], 0; @!%%p1 bra WAIT;\n"
         "  tcgen05.fence::after_thread_sync;\n"
         "  tcgen05.ld.sync.aligned.32x32b.x64.b32 {",
         (unsigned long long)adesc, (unsigned long long)bdesc, idesc, c->acc, c->kind,
         is_dense(c)   ? ""
         : c->vec == 1 ? ".block_scale.scale_vec::1X"
         : c->vec == 2 ? ".block_scale.scale_vec::2X"
                       : ".block_scale.scale_vec::4X",
         c->a_tmem ? "[%r15]" : "%rd9", is_dense(c) ? "" : ", [%r16], [%r17]");
    for (int j = 0; j < N; j++)
        EMIT("%s%%r%d", j ? ", " : "", 40 + j);
    EMIT("}, [%%r11];\n  tcgen05.wait::ld.sync.aligned;\n"
         "  mul.wide.u32 %%rd12, %%r0, %d; add.u64 %%rd12, %%rd12, %%rd11;\n",
         N * 4);
    for (int j = 0; j < N; j++)
        EMIT("  st.global.b32 [%%rd12+%d], %%r%d;\n", 4 * j, 40 + j);
    EMIT("  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  @%%p2 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %%r10, 256;\n  ret;\n}\n");
    return p;
}

/* the instruction descriptor of Tables 43-44, from its fields */
static uint32_t
bs_idesc(const Case *c)
{
    bool mxf4 = is_mxf4(c);
    if (is_dense(c)) /* Table 42: D F32 (1) at 4-5, M >> 4 at 24-28 */
        return 1u << 4 | c->fa << 7 | c->fb << 10 | (unsigned)c->neg << 13 | (unsigned)c->mn << 15 |
               (unsigned)c->mn << 16 | (N >> 3) << 17 | (128 >> 4) << 24;
    unsigned fa = mxf4 ? 1 : c->fa, fb = mxf4 ? 1 : c->fb;
    return c->sfb << 4 | fa << 7 | fb << 10 | (unsigned)c->neg << 13 | (unsigned)c->mn << 15 |
           (unsigned)c->mn << 16 | (N >> 3) << 17 | c->ue8m0 << 23 | (128 >> 7) << 27 |
           c->sfa << 29;
}

typedef struct {
    uint8_t aimg[16384], bimg[8192];
    uint32_t tin[128][16], din[128][N], out[128][N];
    double av[128][64], bv[N][64], sa[128][4], sb[N][4];
} Data;

/* random elements, scale factors and D; the tensor-memory words each lane stores */
static void
fill(const Case *c, Data *g, uint32_t K)
{
    bool mxf4 = is_mxf4(c);
    memset(g->aimg, 0, sizeof g->aimg);
    memset(g->bimg, 0, sizeof g->bimg);
    for (unsigned l = 0; l < 128; l++)
        for (unsigned w = 0; w < 16; w++)
            g->tin[l][w] = rnd() ^ rnd() << 16; /* junk the mma must not read */
    for (unsigned l = 0; l < 128; l++)
        for (unsigned j = 0; j < N; j++) {
            float f = (float)((int)(rnd() % 17) - 8) / 8.0f;
            memcpy(&g->din[l][j], &f, 4);
        }
    for (unsigned r = 0; r < 128; r++) {
        for (unsigned w = 8; w < 16; w++)
            g->tin[r][w] = 0;
        for (unsigned k = 0; k < K; k++) {
            uint32_t code = rand_code(mxf4 ? E2M1 : c->fa);
            g->av[r][k] = ref_elem(mxf4 ? E2M1 : c->fa, code);
            put(c, c->fa, g->aimg, r, k, code);
            /* A in tensor memory: row r at lane r, 8-bit codes a byte each, E2M1 two */
            uint32_t bit = mxf4 ? 4 * k : 8 * k;
            g->tin[r][8 + bit / 32] |= code << bit % 32;
        }
    }
    for (unsigned j = 0; j < N; j++)
        for (unsigned k = 0; k < K; k++) {
            uint32_t code = rand_code(mxf4 ? E2M1 : c->fb);
            g->bv[j][k] = ref_elem(mxf4 ? E2M1 : c->fb, code);
            put(c, c->fb, g->bimg, j, k, code);
        }
    /* scale factors: row r's in byte id + s of column r / 32 at lanes r % 32 + 32 p */
    for (unsigned ab = 0; ab < 2; ab++)
        for (unsigned r = 0; r < (ab ? N : 128u); r++)
            for (unsigned s = 0; s < c->vec; s++) {
                uint32_t code = c->ue8m0 ? 120 + rnd() % 15 : 0x20 + rnd() % 0x30;
                double v = is_dense(c) ? 1 /* no scale factors */
                           : c->ue8m0  ? ldexp(1, (int)code - 127)
                                       : ref_elem(E4M3, code);
                unsigned byte = (ab ? c->sfb : c->sfa) + s, col = (ab ? 4 : 0) + r / 32;
                (ab ? g->sb : g->sa)[r][s] = v;
                for (unsigned q = 0; q < 4; q++) {
                    uint32_t *w = &g->tin[r % 32 + 32 * q][col];
                    *w = (*w & ~(0xffu << 8 * byte)) | code << 8 * byte;
                }
            }
}

static void
run_case(const Case *c)
{
    bool mxf4 = is_mxf4(c);
    uint32_t K = mxf4 ? 64 : 32, blk = K / c->vec;
    static Data g;
    fill(c, &g, K);
    uint64_t kdesc = FIXED | (uint64_t)(256 >> 4) << 32 | (uint64_t)(128 >> 4) << 16;
    uint64_t mdesc = FIXED | (uint64_t)(512 >> 4) << 32 | (uint64_t)(128 >> 4) << 16;
    /* 128-byte swizzle (mode 2), SBO 1024, LBO 16 (unused), the start 32 bytes on */
    uint64_t sdesc = FIXED | 2ull << 61 | (uint64_t)(1024 >> 4) << 32 | 1ull << 16 | 32 >> 4;
    uint64_t desc = c->mn ? mdesc : c->sw ? sdesc : kdesc;
    uint32_t idesc = bs_idesc(c);
    char *ptx = bs_ptx(c, idesc, desc, desc);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "k");
    memset(g.out, 0xff, sizeof g.out);
    SimDevPtr da = dev_upload(ctx, g.aimg, sizeof g.aimg),
              db = dev_upload(ctx, g.bimg, sizeof g.bimg),
              dt = dev_upload(ctx, g.tin, sizeof g.tin), dd = dev_upload(ctx, g.din, sizeof g.din),
              dout = dev_upload(ctx, g.out, sizeof g.out);
    void *params[] = { &da, &db, &dt, &dd, &dout };
    if (f && launch_ok(ctx, f, 1, 128, 0, params) == 0) {
        dev_download(ctx, g.out, dout, sizeof g.out);
        unsigned bad = 0;
        for (unsigned i = 0; i < 128; i++)
            for (unsigned j = 0; j < N; j++) {
                float d0;
                memcpy(&d0, &g.din[i][j], 4);
                double s = c->acc ? d0 : 0, sg = c->neg ? -1 : 1;
                for (unsigned k = 0; k < K; k++)
                    s += sg * g.av[i][k] * g.sa[i][k / blk] * g.bv[j][k] * g.sb[j][k / blk];
                float w = (float)s;
                uint32_t u;
                memcpy(&u, &w, 4);
                if (g.out[i][j] != u && bad++ < 4)
                    printf("FAIL kind::%s.scale_vec::%uX fa %u fb %u: D[%u][%u] = 0x%08x, want "
                           "0x%08x (%g)\n",
                           c->kind, c->vec, c->fa, c->fb, i, j, g.out[i][j], u, (double)w);
            }
        CHECK(bad == 0, "kind::%s.scale_vec::%uX formats %u x %u%s%s%s: %u wrong cells", c->kind,
              c->vec, c->fa, c->fb, c->mn ? " MN-major" : "", c->sw ? " 128B swizzle" : "",
              c->a_tmem ? " A in tmem" : "", bad);
    }
    sim_destroy(ctx);
    free(ptx);
}

static void
test_gemms(void)
{
    static const Case cases[] = {
        /* kind vec fa fb ue8m0 sfa sfb mn a_tmem acc neg sw */
        { "mxf8f6f4", 1, E4M3, E4M3, 1, 0, 1, 0, 0, 0, 0, 0 },
        { "mxf8f6f4", 1, E5M2, E2M3, 1, 3, 2, 0, 0, 1, 0, 0 },
        { "mxf8f6f4", 1, E3M2, E2M1, 1, 1, 0, 0, 0, 0, 1, 0 },
        { "mxf8f6f4", 1, E2M1, E3M2, 1, 2, 3, 0, 0, 1, 0, 0 },
        { "mxf8f6f4", 1, E4M3, E5M2, 1, 0, 0, 1, 0, 0, 0, 0 }, /* MN-major */
        { "mxf8f6f4", 1, E5M2, E4M3, 1, 1, 3, 0, 1, 1, 0, 0 }, /* A in tensor memory */
        { "mxf4", 2, E2M1, E2M1, 1, 2, 0, 0, 0, 0, 0, 0 },
        { "mxf4", 2, E2M1, E2M1, 1, 0, 2, 0, 1, 1, 0, 0 },
        { "mxf4nvf4", 2, E2M1, E2M1, 1, 2, 2, 0, 0, 1, 1, 0 },
        { "mxf4nvf4", 4, E2M1, E2M1, 0, 0, 0, 0, 0, 0, 0, 0 }, /* UE4M3, block 16 */
        { "mxf4nvf4", 4, E2M1, E2M1, 1, 0, 0, 0, 1, 1, 0, 0 },
        /* K-major, 128-byte swizzle, the mma's K 32 bytes into the rows */
        { "mxf8f6f4", 1, E4M3, E2M3, 1, 1, 1, 0, 0, 0, 0, 1 },
        { "mxf8f6f4", 1, E2M1, E3M2, 1, 2, 0, 0, 0, 1, 0, 1 },
        { "mxf4nvf4", 4, E2M1, E2M1, 0, 0, 0, 0, 0, 0, 1, 1 },
        /* the dense kind::f8f6f4 with fp6 / fp4 operands, packed as mxf8f6f4's */
        { "f8f6f4", 1, E2M3, E2M1, 1, 0, 0, 0, 0, 0, 0, 0 },
        { "f8f6f4", 1, E3M2, E4M3, 1, 0, 0, 0, 0, 1, 1, 0 },
        { "f8f6f4", 1, E2M1, E3M2, 1, 0, 0, 0, 0, 1, 0, 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
}

/* every field of Tables 43 and 44, set alone */
static void
test_idesc(void)
{
    static const struct {
        int bit, width;
        size_t off;
    } f[] = {
        { 2, 1, offsetof(SimIdescBs, sparse) },   { 4, 2, offsetof(SimIdescBs, sfb_id) },
        { 7, 3, offsetof(SimIdescBs, atype) },    { 10, 3, offsetof(SimIdescBs, btype) },
        { 13, 1, offsetof(SimIdescBs, neg_a) },   { 14, 1, offsetof(SimIdescBs, neg_b) },
        { 15, 1, offsetof(SimIdescBs, trans_a) }, { 16, 1, offsetof(SimIdescBs, trans_b) },
        { 17, 6, offsetof(SimIdescBs, n) },       { 23, 1, offsetof(SimIdescBs, ue8m0) },
        { 27, 2, offsetof(SimIdescBs, m) },       { 29, 2, offsetof(SimIdescBs, sfa_id) },
    };
    for (int mxf4 = 0; mxf4 < 2; mxf4++)
        for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
            int width = mxf4 && f[i].bit == 10 ? 2 : f[i].width;
            uint32_t v = (1u << width) - 1; /* all ones */
            SimIdescBs o;
            memset(&o, 0, sizeof o);
            bool ok = sim_tc_idesc_bs_decode(v << f[i].bit, mxf4, &o);
            unsigned got, want = f[i].bit == 17 ? v << 3 : f[i].bit == 27 ? v << 7 : v;
            memcpy(&got, (const char *)&o + f[i].off, sizeof got);
            CHECK(ok && got == want, "mxf4 %d: field at bit %d = %u (ok %d), want %u", mxf4,
                  f[i].bit, got, ok, want);
        }
    SimIdescBs o;
    CHECK(sim_tc_idesc_bs_decode(1u << 31, true, &o) && o.k96 == 1, "mxf4 bit 31: K = 96");
    static const int reserved[] = { 0, 1, 3, 6, 24, 25, 26 };
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        for (int mxf4 = 0; mxf4 < 2; mxf4++)
            CHECK(!sim_tc_idesc_bs_decode(1u << reserved[i], mxf4, &o), "bit %d is reserved",
                  reserved[i]);
    CHECK(!sim_tc_idesc_bs_decode(1u << 12, true, &o), "mxf4: bit 12 is reserved");
    CHECK(!sim_tc_idesc_bs_decode(1u << 31, false, &o), "mxf8f6f4: bit 31 is reserved");
}

/* a minimal block-scaled mma for the faults: scale factors at [%r6], A at [%r5] */
static char *
fault_ptx(const char *kind, unsigned vec, uint32_t idesc, int a_tmem, int skew)
{
    size_t cap = 4096, n = 0;
    char *p = malloc(cap);
    EMIT(".version 8.7\n.target sm_100a\n.address_size 64\n"
         ".visible .entry k()\n.reqntid 128, 1, 1\n{\n"
         "  .reg .b32 %%r<12>; .reg .b64 %%rd<4>; .reg .pred %%p<4>;\n"
         "  .shared .align 1024 .b8 s[4096];\n  .shared .align 4 .b32 slot;\n"
         "  mov.u32 %%r0, %%tid.x; setp.lt.u32 %%p0, %%r0, 32; setp.eq.u32 %%p2, %%r0, 0;\n"
         "  mov.u32 %%r1, slot;\n"
         "  @%%p0 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%%r1], 256;\n"
         "  bar.sync 0;\n  ld.shared.u32 %%r2, [%%r1];\n"
         "  shr.u32 %%r3, %%r0, 5; shl.b32 %%r3, %%r3, 21; add.u32 %%r3, %%r3, %%r2;\n"
         "  add.u32 %%r3, %%r3, 128; mov.u32 %%r4, 0x7f7f7f7f;\n"
         "  setp.eq.u32 %%p3, %%r0, %d; @%%p3 mov.u32 %%r4, 0x7f7f7f7e;\n"
         "  tcgen05.st.sync.aligned.32x32b.x1.b32 [%%r3], {%%r4};\n"
         "  tcgen05.wait::st.sync.aligned;\n  bar.sync 0;\n  @!%%p2 bra END;\n"
         "  mov.u32 %%r5, s; cvt.u64.u32 %%rd1, %%r5; shr.u64 %%rd1, %%rd1, 4;\n"
         "  or.b64 %%rd1, %%rd1, 0x%016llx;\n"
         "  add.u32 %%r5, %%r2, 136; add.u32 %%r6, %%r2, 128; mov.u32 %%r7, %u;\n"
         "  mov.u32 %%r8, 0; setp.ne.u32 %%p1, %%r8, 0;\n"
         "  tcgen05.mma.cta_group::1.kind::%s.block_scale.scale_vec::%uX [%%r2], %s, %%rd1, %%r7, "
         "[%%r6], [%%r6], %%p1;\n"
         "END:\n  bar.sync 0;\n"
         "  @%%p0 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %%r2, 256;\n  ret;\n}\n",
         skew ? 64 + 5 : 1000,
         (unsigned long long)(FIXED | (uint64_t)(256 >> 4) << 32 | (uint64_t)(128 >> 4) << 16),
         idesc, kind, vec, a_tmem ? "[%r5]" : "%rd1");
    return p;
}

static void
test_faults(void)
{
    static const struct {
        const char *kind;
        unsigned vec;
        uint32_t idesc;
        int a_tmem, skew;
        const char *want;
    } v[] = {
        /* lane 69's copy of column 128 differs: row 5 of A, partition 2 */
        { "mxf8f6f4", 1, 1u << 23 | 8 << 17 | 1 << 27, 0, 1,
          "scale factor 0 of A row 5 (column 128, byte 0) differs between the lanes 5, 37, 69, "
          "101" },
        { "mxf8f6f4", 1, 3u << 7 | 1u << 23 | 8 << 17 | 1 << 27, 1, 0,
          "A in tensor memory at 0x00000088 holds 6- or 4-bit elements in 8-bit containers" },
        { "mxf4", 2, 1u << 7 | 1u << 10 | 1u << 23 | 8 << 17 | 1 << 27 | 1u << 29, 0, 0,
          "has a scale factor ID the scale vector does not allow" },
        { "mxf4", 2, 1u << 7 | 1u << 10 | 8 << 17 | 1 << 27, 0, 0,
          "asks for UE4M3 scale factors, which need kind::mxf4nvf4.scale_vec::4X" },
        { "mxf8f6f4", 1, 5u << 7 | 1u << 15 | 1u << 23 | 8 << 17 | 1 << 27, 0, 0,
          "transposes a 4- or 6-bit A" },
        { "mxf8f6f4", 1, 1u << 23 | 8 << 17 | 1 << 26, 0, 0, "sets a reserved bit" },
        { "mxf4nvf4", 4, 1u << 7 | 1u << 10 | 8 << 17 | 1 << 27 | 1u << 31, 0, 0,
          "asks for K = 96" },
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        char *ptx = fault_ptx(v[i].kind, v[i].vec, v[i].idesc, v[i].a_tmem, v[i].skew);
        SimCtx *ctx = sim_create();
        launch_fails(ctx, load_entry(ctx, ptx, "k"), 1, 128, NULL, v[i].want);
        sim_destroy(ctx);
        free(ptx);
    }
}

int
main(void)
{
    test_idesc();
    test_gemms();
    test_faults();
    return test_exit("test_sim_tcgen05_bs");
}
