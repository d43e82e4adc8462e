/*
 * test_sim_tcgen05_cp.c -- the simulator's tcgen05.cp (PTX ISA 9.1 9.7.16.9.1: shared
 * memory -> tensor memory, shapes .128x256b, .4x256b, .128x128b, .64x128b with
 * .warpx2::02_13 / ::01_23, .32x128b with .warpx4) against the lanes written here from
 * the shape and multicast names: lane L of warp quarter q = L / 32 gets
 *   128-row shapes: source row L;   4x256b: row q, at lane 32 q only;
 *   02_13: warps 0 and 2 rows 0..31, warps 1 and 3 rows 32..63;
 *   01_23: warps 0 and 1 rows 0..31, warps 2 and 3 rows 32..63;
 *   warpx4: every warp rows 0..31
 * (the same reading as TVM's tcgen05.cp simulator tests), bytes little-endian in the
 * 32-bit cells from the address's column; the source through the shared memory
 * descriptor's canonical K-major layouts (no swizzle and 128-byte swizzle), written again
 * here.  Lanes and columns the copy does not name keep a sentinel.
 *
 * The decompressing forms (.b8x16.b6x16_p32, .b8x16.b4x16_p64; 9.7.16.9.1.1-2): each
 * 16-byte source piece holds 16 elements of 6 or 4 bits from its low bits, then 4 or 8
 * bytes of padding (junk here), and becomes 16 bytes, an element each in the byte's low
 * bits (the simulator's reading: docs/blackwell.md).
 *
 * tcgen05.shift (9.7.16.9.3): the 32 bytes (8 columns) from the address's column move
 * down one lane in every lane below the address's lane (a multiple of 32); the first lane
 * keeps its cells, the other columns and lanes above are untouched.
 */
#include "sim/simint.h"
#include "tests/sim/simtest.h"

#include <stdint.h>

#define FIXED (1ull << 46)
enum { COLS = 16, SENT = 0x5e5e5e5e };

typedef struct {
    const char *mods; /* the PTX after "tcgen05.cp.cta_group::1." */
    uint32_t rows, bytes;
    int route;     /* 0 identity, 1 4x256b, 2 02_13, 3 01_23, 4 warpx4 */
    uint32_t bits; /* decompressed from 6 or 4 bits, else 0 */
} Form;

static const Form forms[] = {
    { "128x256b", 128, 32, 0, 0 },
    { "4x256b", 4, 32, 1, 0 },
    { "128x128b", 128, 16, 0, 0 },
    { "64x128b.warpx2::02_13", 64, 16, 2, 0 },
    { "64x128b.warpx2::01_23", 64, 16, 3, 0 },
    { "32x128b.warpx4", 32, 16, 4, 0 },
    { "128x256b.b8x16.b6x16_p32", 128, 32, 0, 6 },
    { "128x128b.b8x16.b4x16_p64", 128, 16, 0, 4 },
    { "4x256b.b8x16.b4x16_p64", 4, 32, 1, 4 },
    { "64x128b.warpx2::01_23.b8x16.b6x16_p32", 64, 16, 3, 6 },
    { "32x128b.warpx4.b8x16.b4x16_p64", 32, 16, 4, 4 },
};

/* the source row lane L receives, or -1 */
static int
src_row(const Form *f, uint32_t L)
{
    uint32_t q = L / 32, l = L % 32;
    switch (f->route) {
    case 0:
        return (int)L;
    case 1:
        return l == 0 ? (int)q : -1;
    case 2:
        return (int)((q % 2) * 32 + l);
    case 3:
        return (int)((q / 2) * 32 + l);
    default:
        return (int)l;
    }
}

/* K-major canonical layouts of 1-byte elements [9.7.16.3.3]: none (8 x 16-byte core
 * matrices, LBO along K, SBO per 8 rows) or a swizzle of S bytes (rows of S bytes, SBO
 * per 8 rows, 16-byte chunks XORed with the row within the 8) */
static uint32_t
canon(uint32_t S, uint32_t lbo, uint32_t sbo, uint32_t x, uint32_t k)
{
    if (!S)
        return x % 8 * 16 + x / 8 * sbo + k % 16 + k / 16 * lbo;
    uint32_t a = x % 8 * S + x / 8 * sbo + k;
    return a ^ ((a >> 7) & (S / 16 - 1)) << 4;
}

#define EMIT(...) n += (size_t)snprintf(p + n, cap - n, __VA_ARGS__)

/* the kernel: tensor memory prefilled with SENT (distinct: 0x1000 + 16 lane + column),
 * then thread 0 runs inst (its operands [%r14] = column col, %rd8 the descriptor) */
static char *
cp_ptx(const char *inst, uint64_t desc, uint32_t col, int distinct)
{
    size_t cap = 16384, n = 0;
    char *p = malloc(cap);
    EMIT(".version 8.6\n.target sm_100a\n.address_size 64\n"
         ".visible .entry k(.param .u64 img, .param .u64 out)\n.reqntid 128, 1, 1\n{\n"
         "  .reg .pred %%p<4>; .reg .b32 %%r<80>; .reg .b64 %%rd<16>;\n"
         "  .shared .align 1024 .b8 sm[16384];\n"
         "  .shared .align 8 .b64 bar;\n  .shared .align 4 .b32 slot;\n"
         "  ld.param.u64 %%rd1, [img]; ld.param.u64 %%rd2, [out];\n"
         "  mov.u32 %%r0, %%tid.x; setp.eq.u32 %%p0, %%r0, 0; setp.lt.u32 %%p2, %%r0, 32;\n"
         "  mov.u32 %%r1, sm; mov.u32 %%r2, bar; mov.u32 %%r3, slot;\n"
         "  mul.wide.u32 %%rd5, %%r0, 128; add.u64 %%rd6, %%rd5, %%rd1; shl.b32 %%r4, %%r0, 7;\n"
         "  add.u32 %%r5, %%r1, %%r4;\n");
    for (int q = 0; q < 128; q += 4)
        EMIT("  ld.global.b32 %%r6, [%%rd6+%d]; st.shared.b32 [%%r5+%d], %%r6;\n", q, q);
    EMIT("  @%%p0 mbarrier.init.shared::cta.b64 [%%r2], 1;\n"
         "  @%%p2 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%%r3], 32;\n"
         "  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  tcgen05.fence::after_thread_sync;\n  ld.shared.u32 %%r10, [%%r3];\n"
         "  shr.u32 %%r11, %%r0, 5; shl.b32 %%r11, %%r11, 21; add.u32 %%r11, %%r11, %%r10;\n"
         "  mov.u32 %%r13, %u;\n",
         SENT);
    for (int j = 0; j < COLS; j++)
        EMIT(distinct ? "  mad.lo.u32 %%r%d, %%r0, 16, %d;\n" : "  mov.u32 %%r%d, %%r13;\n", 20 + j,
             0x1000 + j);
    EMIT("  tcgen05.st.sync.aligned.32x32b.x16.b32 [%%r11], {");
    for (int j = 0; j < COLS; j++)
        EMIT("%s%%r%d", j ? ", " : "", 20 + j);
    EMIT("};\n  tcgen05.wait::st.sync.aligned;\n"
         "  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  tcgen05.fence::after_thread_sync;\n"
         "  @!%%p0 bra WAIT;\n"
         "  cvt.u64.u32 %%rd8, %%r1; shr.u64 %%rd8, %%rd8, 4; and.b64 %%rd8, %%rd8, 0x3FFF;\n"
         "  or.b64 %%rd8, %%rd8, 0x%016llx;\n  add.u32 %%r14, %%r10, %u;\n"
         "  %s\n"
         "  tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%%r2];\n"
         "WAIT:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %%p1, [%%r2], 0; @!%%p1 bra WAIT;\n"
         "  tcgen05.fence::after_thread_sync;\n"
         "  tcgen05.ld.sync.aligned.32x32b.x16.b32 {",
         (unsigned long long)desc, col, inst);
    for (int j = 0; j < COLS; j++)
        EMIT("%s%%r%d", j ? ", " : "", 40 + j);
    EMIT("}, [%%r11];\n  tcgen05.wait::ld.sync.aligned;\n"
         "  mul.wide.u32 %%rd10, %%r0, %d; add.u64 %%rd10, %%rd10, %%rd2;\n",
         COLS * 4);
    for (int j = 0; j < COLS; j++)
        EMIT("  st.global.b32 [%%rd10+%d], %%r%d;\n", 4 * j, 40 + j);
    EMIT("  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
         "  @%%p2 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %%r10, 32;\n  ret;\n}\n");
    return p;
}

/* element b of row r of a decompressing form's source: a code of f->bits bits */
static uint32_t
elem_code(const Form *f, uint32_t r, uint32_t b)
{
    return (r * 13 + b * 7 + 5) & ((1u << f->bits) - 1);
}

static void
run_form(const Form *f, uint32_t S, uint32_t col)
{
    static uint8_t img[16384];
    static uint32_t out[128][COLS], want[128][COLS];
    uint32_t lbo = 128, sbo = S ? 8 * S : 256;
    memset(img, 0, sizeof img);
    for (uint32_t r = 0; r < f->rows; r++)
        for (uint32_t b = 0; b < f->bytes; b++)
            img[canon(S, lbo, sbo, r, b)] = (uint8_t)(r * 37 + b * 11 + 1);
    if (f->bits) /* 16 elements a 16-byte piece from the low bits, the padding left as junk */
        for (uint32_t r = 0; r < f->rows; r++)
            for (uint32_t b = 0; b < f->bytes; b++) {
                uint32_t bit = f->bits * (b % 16), v = elem_code(f, r, b) << bit % 8;
                uint32_t mask = ((1u << f->bits) - 1) << bit % 8;
                uint8_t *p0 = &img[canon(S, lbo, sbo, r, b / 16 * 16 + bit / 8)];
                uint8_t *p1 = &img[canon(S, lbo, sbo, r, b / 16 * 16 + bit / 8 + 1)];
                *p0 = (uint8_t)((*p0 & ~mask) | v);
                *p1 = (uint8_t)((*p1 & ~(mask >> 8)) | v >> 8);
            }
    for (uint32_t L = 0; L < 128; L++)
        for (uint32_t c = 0; c < COLS; c++) {
            int r = src_row(f, L);
            uint32_t b = (c - col) * 4;
            if (r < 0 || c < col || b >= f->bytes) {
                want[L][c] = SENT;
                continue;
            }
            want[L][c] = 0;
            for (uint32_t i = 0; i < 4; i++)
                want[L][c] |= (f->bits ? elem_code(f, (uint32_t)r, b + i)
                                       : (uint32_t)(uint8_t)((uint32_t)r * 37 + (b + i) * 11 + 1))
                              << 8 * i;
        }
    uint64_t desc = FIXED | (uint64_t)(S == 128 ? 2 : 0) << 61 | (uint64_t)(sbo >> 4) << 32 |
                    (uint64_t)(lbo >> 4) << 16;
    char inst[128];
    snprintf(inst, sizeof inst, "tcgen05.cp.cta_group::1.%s [%%r14], %%rd8;", f->mods);
    char *ptx = cp_ptx(inst, desc, col, 0);
    SimCtx *ctx = sim_create();
    SimFunc *fn = load_entry(ctx, ptx, "k");
    memset(out, 0xff, sizeof out);
    SimDevPtr di = dev_upload(ctx, img, sizeof img), dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &di, &dout };
    unsigned bad = 0;
    if (fn && launch_ok(ctx, fn, 1, 128, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (uint32_t L = 0; L < 128; L++)
            for (uint32_t c = 0; c < COLS; c++)
                if (out[L][c] != want[L][c] && bad++ < 4)
                    printf("FAIL cp.%s S %u col %u: lane %u column %u = 0x%08x, want 0x%08x\n",
                           f->mods, S, col, L, c, out[L][c], want[L][c]);
    } else {
        bad = 1;
    }
    CHECK(bad == 0, "tcgen05.cp.%s (swizzle %u, column %u): %u wrong cells", f->mods, S, col, bad);
    sim_destroy(ctx);
    free(ptx);
}

/* tcgen05.shift at lane `lane`, column 4 of the allocation */
static void
run_shift(uint32_t lane)
{
    static uint32_t out[128][COLS];
    static uint8_t img[16384];
    char inst[128];
    snprintf(inst, sizeof inst,
             "add.u32 %%r14, %%r14, %u; tcgen05.shift.cta_group::1.down [%%r14];", lane << 16);
    char *ptx = cp_ptx(inst, FIXED, 4, 1);
    SimCtx *ctx = sim_create();
    SimFunc *fn = load_entry(ctx, ptx, "k");
    memset(out, 0xff, sizeof out);
    SimDevPtr di = dev_upload(ctx, img, sizeof img), dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &di, &dout };
    unsigned bad = 0;
    if (fn && launch_ok(ctx, fn, 1, 128, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (uint32_t L = 0; L < 128; L++)
            for (uint32_t c = 0; c < COLS; c++) {
                bool moved = L > lane && c >= 4 && c < 12;
                uint32_t want = 0x1000 + 16 * (moved ? L - 1 : L) + c;
                if (out[L][c] != want && bad++ < 4)
                    printf("FAIL shift at lane %u: lane %u column %u = 0x%08x, want 0x%08x\n", lane,
                           L, c, out[L][c], want);
            }
    } else {
        bad = 1;
    }
    CHECK(bad == 0, "tcgen05.shift at lane %u: %u wrong cells", lane, bad);
    sim_destroy(ctx);
    free(ptx);
}

static const char *const shift_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>;\n  .shared .align 4 .b32 slot;\n"
    "  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 32;\n"
    "  ld.shared.u32 %r2, [%r1];  add.u32 %r2, %r2, 0x100000;\n"
    "  tcgen05.shift.cta_group::1.down [%r2];\n  ret;\n}\n";

static const char *const bad_fmt_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>; .reg .b64 %rd<2>;\n  mov.u32 %r1, 0;\n"
    "  mov.b64 %rd1, 0;\n  tcgen05.cp.cta_group::1.128x128b.b6x16_p32 [%r1], %rd1;\n"
    "  ret;\n}\n";

int
main(void)
{
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        run_form(&forms[i], 0, 0);
        run_form(&forms[i], 128, 4);
    }
    run_shift(0);
    run_shift(32);
    run_shift(96);
    SimCtx *ctx = sim_create();
    launch_fails(ctx, load_entry(ctx, shift_ptx, "k"), 1, 32, NULL,
                 "tcgen05.shift at lane 16: the lane must be 0, 32, 64 or 96");
    SimModule *m;
    CHECK(sim_module_load(ctx, bad_fmt_ptx, "bad.ptx", &m) != SIM_OK &&
              strstr(sim_error(ctx), "decompresses with .b8x16.b6x16_p32"),
          "a source format without .b8x16: %s", sim_error(ctx));
    sim_destroy(ctx);
    return test_exit("test_sim_tcgen05_cp");
}
