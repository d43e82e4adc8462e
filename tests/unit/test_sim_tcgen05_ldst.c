/*
 * test_sim_tcgen05_ldst.c -- the simulator's tcgen05.ld / st shapes (PTX ISA 9.1 9.7.16.8:
 * .32x32b, .16x64b, .16x128b, .16x256b, .16x32bx2, every .num, with and without
 * .pack::16b / .unpack::16b) against the fragment layouts written here again, as CUTLASS's
 * include/cute/atom/copy_traits_sm100.hpp spells the ISA's figures: for each shape a CuTe
 * layout (thread, value bit) -> bit of the tile, the tile being 16 or 32 lanes of
 * `rowbits` bits.  Decoding those layouts is independent of sim/exec_sm100.c, which
 * computes lanes and columns with its own formulas.
 *
 * The kernel (one warp): allocate 512 columns, fill lanes 0..31 with a pattern from
 * global memory (tcgen05.st .32x32b, the one shape the earlier tests cover), then
 *   ld: the shape under test at (lane L, column C) -> registers -> global;
 *   st: registers from global -> the shape under test at (L, C) -> read every cell back
 *       with .32x32b -> global.
 */
#include "sim/simint.h"
#include "tests/sim/simtest.h"

#include <stdint.h>

#define COLS 512

/* A CuTe layout of up to 3 modes (colexicographic: the first mode is the fastest). */
typedef struct {
    int n;
    uint32_t shape[3], stride[3];
} Lay;

static uint32_t
lay_eval(const Lay *l, uint32_t i)
{
    uint32_t off = 0;
    for (int k = 0; k < l->n; k++) {
        off += i % l->shape[k] * l->stride[k];
        i /= l->shape[k];
    }
    return off;
}

typedef struct {
    const char *name;
    uint32_t regs_x1, dp; /* registers a thread for .x1; lanes the warp covers */
} TShape;

static const TShape shapes[] = {
    { "32x32b", 1, 32 },  { "16x64b", 1, 16 },   { "16x128b", 2, 16 },
    { "16x256b", 4, 16 }, { "16x32bx2", 1, 16 },
};

/* The thread and value layouts of shape s with .num N (copy_traits_sm100.hpp's DstLayout
 * for loads, SrcLayout for stores: the same), and the bits of one row of the tile. */
static void
layouts(int s, uint32_t N, Lay *thr, Lay *val, uint32_t *rowbits)
{
    switch (s) {
    case 0: /* 32dp32bNx: thr 32:32N, val 32N:1 */
        *thr = (Lay){ 1, { 32 }, { 32 * N } };
        *val = (Lay){ 1, { 32 * N }, { 1 } };
        *rowbits = 32 * N;
        break;
    case 1: /* 16dp64bNx: thr (2,2,8):(512N,32,64N), val (32,N):(1,64) */
        *thr = (Lay){ 3, { 2, 2, 8 }, { 512 * N, 32, 64 * N } };
        *val = (Lay){ 2, { 32, N }, { 1, 64 } };
        *rowbits = 64 * N;
        break;
    case 2: /* 16dp128bNx: thr (4,8):(32,128N), val (32,2,N):(1,1024N,128) */
        *thr = (Lay){ 2, { 4, 8 }, { 32, 128 * N } };
        *val = (Lay){ 3, { 32, 2, N }, { 1, 1024 * N, 128 } };
        *rowbits = 128 * N;
        break;
    case 3: /* 16dp256bNx: thr (4,8):(64,256N), val (64,2,N):(1,2048N,256) */
        *thr = (Lay){ 2, { 4, 8 }, { 64, 256 * N } };
        *val = (Lay){ 3, { 64, 2, N }, { 1, 2048 * N, 256 } };
        *rowbits = 256 * N;
        break;
    default: /* 16dp32bNx (16x32bx2): thr (16,2):(64N,32N), val 32N:1; logical columns
                N..2N-1 are the second half */
        *thr = (Lay){ 2, { 16, 2 }, { 64 * N, 32 * N } };
        *val = (Lay){ 1, { 32 * N }, { 1 } };
        *rowbits = 64 * N;
        break;
    }
}

/* lane and first physical column of thread t's register r */
static void
where(int s, uint32_t N, bool pack, uint32_t half, uint32_t t, uint32_t r, uint32_t *lane,
      uint32_t *col)
{
    Lay thr, val;
    uint32_t rowbits;
    layouts(s, N, &thr, &val, &rowbits);
    uint32_t v = lay_eval(&thr, t) + lay_eval(&val, 32 * r);
    uint32_t c = v % rowbits / 32; /* logical 32-bit column */
    *lane = v / rowbits;
    uint32_t off = 0;
    if (s == 4 && c >= N)
        off = half, c -= N;
    *col = off + (pack ? 2 * c : c);
}

static uint32_t
pattern(uint32_t lane, uint32_t col)
{
    return (lane * 0x9e3779b1u) ^ (col * 0x85ebca77u) ^ 0x5a5a0000u;
}

#define EMIT(...) n += (size_t)snprintf(p + n, cap - n, __VA_ARGS__)

static char *
ldst_ptx(int s, uint32_t num, bool pack, bool st, uint32_t L, uint32_t C, uint32_t half)
{
    size_t cap = 65536, n = 0;
    char *p = malloc(cap);
    uint32_t nr = num * shapes[s].regs_x1;
    char mods[64], hs[16] = "";
    snprintf(mods, sizeof mods, "%s.x%u%s", shapes[s].name, num,
             pack ? (st ? ".unpack::16b" : ".pack::16b") : "");
    if (s == 4)
        snprintf(hs, sizeof hs, ", %u", half);
    EMIT(".version 8.6\n.target sm_100a\n.address_size 64\n"
         ".visible .entry k(.param .u64 img, .param .u64 regs, .param .u64 out)\n{\n"
         "  .reg .pred %%p<4>; .reg .b32 %%r<300>; .reg .b64 %%rd<16>;\n"
         "  .shared .align 4 .b32 slot;\n"
         "  ld.param.u64 %%rd1, [img]; ld.param.u64 %%rd2, [regs]; ld.param.u64 %%rd3, [out];\n"
         "  mov.u32 %%r0, %%tid.x; mov.u32 %%r1, slot;\n"
         "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%%r1], 512;\n"
         "  ld.shared.u32 %%r2, [%%r1];\n"
         "  mul.wide.u32 %%rd4, %%r0, %d; add.u64 %%rd5, %%rd4, %%rd1;\n",
         COLS * 4);
    /* fill: lane tid, 4 x 128 columns */
    for (int q = 0; q < 4; q++) {
        for (int j = 0; j < 128; j++)
            EMIT("  ld.global.b32 %%r%d, [%%rd5+%d];\n", 100 + j, 4 * (q * 128 + j));
        EMIT("  add.u32 %%r3, %%r2, %d;\n  tcgen05.st.sync.aligned.32x32b.x128.b32 [%%r3], {",
             q * 128);
        for (int j = 0; j < 128; j++)
            EMIT("%s%%r%d", j ? ", " : "", 100 + j);
        EMIT("};\n");
    }
    EMIT("  tcgen05.wait::st.sync.aligned;\n"
         "  add.u32 %%r4, %%r2, %u;\n",
         L << 16 | C);
    EMIT("  mul.wide.u32 %%rd6, %%r0, 512; add.u64 %%rd7, %%rd6, %%rd2;\n");
    if (st) {
        for (uint32_t j = 0; j < nr; j++)
            EMIT("  ld.global.b32 %%r%u, [%%rd7+%u];\n", 100 + j, 4 * j);
        EMIT("  tcgen05.st.sync.aligned.%s.b32 [%%r4]%s, {", mods, hs);
        for (uint32_t j = 0; j < nr; j++)
            EMIT("%s%%r%u", j ? ", " : "", 100 + j);
        EMIT("};\n  tcgen05.wait::st.sync.aligned;\n"
             "  add.u64 %%rd8, %%rd4, %%rd3;\n");
        for (int q = 0; q < 4; q++) {
            EMIT("  add.u32 %%r3, %%r2, %d;\n  tcgen05.ld.sync.aligned.32x32b.x128.b32 {", q * 128);
            for (int j = 0; j < 128; j++)
                EMIT("%s%%r%d", j ? ", " : "", 100 + j);
            EMIT("}, [%%r3];\n  tcgen05.wait::ld.sync.aligned;\n");
            for (int j = 0; j < 128; j++)
                EMIT("  st.global.b32 [%%rd8+%d], %%r%d;\n", 4 * (q * 128 + j), 100 + j);
        }
    } else {
        EMIT("  tcgen05.ld.sync.aligned.%s.b32 {", mods);
        for (uint32_t j = 0; j < nr; j++)
            EMIT("%s%%r%u", j ? ", " : "", 100 + j);
        EMIT("}, [%%r4]%s;\n  tcgen05.wait::ld.sync.aligned;\n"
             "  add.u64 %%rd8, %%rd6, %%rd3;\n",
             hs);
        for (uint32_t j = 0; j < nr; j++)
            EMIT("  st.global.b32 [%%rd8+%u], %%r%u;\n", 4 * j, 100 + j);
    }
    EMIT("  tcgen05.dealloc.cta_group::1.sync.aligned.b32 %%r2, 512;\n  ret;\n}\n");
    return p;
}

static uint32_t img[32][COLS], regs[32][128], out[32][COLS], want[32][COLS];

/* one shape, .num, pack, direction at lane L, column C: 0 on success */
static unsigned
run_one(int s, uint32_t num, bool pack, bool st, uint32_t L, uint32_t C, uint32_t half)
{
    uint32_t nr = num * shapes[s].regs_x1;
    for (uint32_t l = 0; l < 32; l++)
        for (uint32_t c = 0; c < COLS; c++)
            img[l][c] = want[l][c] = pattern(l, c);
    for (uint32_t t = 0; t < 32; t++)
        for (uint32_t r = 0; r < 128; r++)
            regs[t][r] = pattern(t + 100, r + 1000);
    memset(out, 0xee, sizeof out);
    /* the reference: each thread's registers against the cells the layouts name */
    uint32_t wreg[32][128];
    for (uint32_t t = 0; t < 32; t++)
        for (uint32_t r = 0; r < nr; r++) {
            uint32_t lane, col;
            where(s, num, pack, half, t, r, &lane, &col);
            lane += L, col += C;
            if (st && pack) {
                want[lane][col] = regs[t][r] & 0xffff;
                want[lane][col + 1] = regs[t][r] >> 16;
            } else if (st) {
                want[lane][col] = regs[t][r];
            } else {
                wreg[t][r] =
                    pack ? (img[lane][col] & 0xffff) | img[lane][col + 1] << 16 : img[lane][col];
            }
        }
    char *ptx = ldst_ptx(s, num, pack, st, L, C, half);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "k");
    SimDevPtr di = dev_upload(ctx, img, sizeof img), dr = dev_upload(ctx, regs, sizeof regs),
              dout = dev_upload(ctx, out, sizeof out);
    void *params[] = { &di, &dr, &dout };
    unsigned bad = 0;
    if (f && launch_ok(ctx, f, 1, 32, 0, params) == 0) {
        dev_download(ctx, out, dout, sizeof out);
        for (uint32_t t = 0; t < 32; t++)
            for (uint32_t r = 0; r < (st ? COLS : nr); r++) {
                /* st: the whole of lane t; ld: thread t's registers, 128 words apart */
                uint32_t g = st ? out[t][r] : (&out[0][0])[t * 128 + r],
                         w = st ? want[t][r] : wreg[t][r];
                if (g != w && bad++ < 3)
                    printf("FAIL %s.%s.x%u%s L%u C%u: %s %u/%u = 0x%08x, want 0x%08x\n",
                           st ? "st" : "ld", shapes[s].name, num, pack ? " pack" : "", L, C,
                           st ? "lane/col" : "thread/reg", t, r, g, w);
            }
    } else {
        bad = 1;
    }
    sim_destroy(ctx);
    free(ptx);
    return bad;
}

static void
test_shapes(void)
{
    for (int s = 0; s < (int)(sizeof shapes / sizeof shapes[0]); s++)
        for (uint32_t num = 1; num * shapes[s].regs_x1 <= 128; num *= 2)
            for (int pack = 0; pack < 2; pack++)
                for (int st = 0; st < 2; st++) {
                    /* 16x32bx2: the second half 3 columns past the first where the
                       512 columns allow; 16-lane shapes at lane 16 for odd .num */
                    uint32_t w = num * (pack ? 2 : 1), C = num <= 16 ? 32 : 0;
                    uint32_t half = s == 4 ? w + (C + 2 * w + 3 <= COLS ? 3 : 0) : 0;
                    uint32_t L = shapes[s].dp == 16 && num % 2 ? 16 : 0;
                    unsigned bad = run_one(s, num, pack, st, L, C, half);
                    CHECK(bad == 0, "tcgen05.%s.%s.x%u%s at lane %u column %u: %u wrong",
                          st ? "st" : "ld", shapes[s].name, num,
                          pack ? (st ? ".unpack::16b" : ".pack::16b") : "", L, C, bad);
                }
}

/* a 16-lane shape must stay inside the warp's 32 lanes; the columns must be allocated */
static const char *const bad_lane16_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>;\n  .shared .align 4 .b32 slot;\n"
    "  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 32;\n"
    "  ld.shared.u32 %r2, [%r1];  add.u32 %r2, %r2, 1572864;\n" /* lane 24: 24..39 */
    "  tcgen05.ld.sync.aligned.16x64b.x1.b32 {%r3}, [%r2];\n  ret;\n}\n";

static const char *const bad_cols16_ptx =
    ".version 8.6\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<8>;\n  .shared .align 4 .b32 slot;\n"
    "  mov.u32 %r1, slot;\n"
    "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 32;\n"
    "  ld.shared.u32 %r2, [%r1];\n" /* 16x256b.x4 spans 32 columns; .pack doubles it */
    "  tcgen05.ld.sync.aligned.16x256b.x4.pack::16b.b32 {%r3, %r3, %r3, %r3, %r3, %r3, %r3, "
    "%r3, %r3, %r3, %r3, %r3, %r3, %r3, %r3, %r3}, [%r2];\n  ret;\n}\n";

static void
test_faults(void)
{
    SimCtx *ctx = sim_create();
    launch_fails(ctx, load_entry(ctx, bad_lane16_ptx, "k"), 1, 32, NULL,
                 "16x64b' at lane 24 from warp 0, which reaches lanes 0 to 31 only");
    launch_fails(ctx, load_entry(ctx, bad_cols16_ptx, "k"), 1, 32, NULL,
                 "of columns 0 to 63, which are not all allocated");
    sim_destroy(ctx);
}

int
main(void)
{
    test_shapes();
    test_faults();
    return test_exit("test_sim_tcgen05_ldst");
}
