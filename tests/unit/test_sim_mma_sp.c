/*
 * test_sim_mma_sp.c -- mma.sp (sparse A) on the simulator for every operand type it
 * executes: f16, bf16, tf32, s8 / u8 and e4m3 / e5m2, against a C reference.
 *
 * The reference starts from a dense A with the structured sparsity (2:4; tf32 1:2),
 * compresses it and writes its metadata one nibble per chunk, then places values,
 * metadata and B in each lane's registers as the PTX ISA's fragment descriptions say
 * them, per element index a_i (9.7.14.6.2: "row = groupID for a0 and a1, groupID + 8 for
 * a2 and a3; firstcol = threadID_in_group * 4 ..."), not as the simulator's per-register
 * formulas.  D is compared element by element with C + (dense A) B computed here.  The
 * lanes the sparsity selector does not name hold the complement of the metadata, so a
 * simulator reading the wrong lane, nibble or index gets a wrong product.  Values are
 * small integers: every sum is exact in every accumulator type.
 */
#include "tests/sim/simtest.h"

#include <math.h>

typedef enum { B16, TF32, B8 } Kind;

typedef struct {
    const char *shape, *dt, *at, *bt, *ct;
    Kind kind;
    int K, sel;
    bool sat; /* C near INT32_MAX: the s32 sums saturate */
} Case;

static const Case cases[] = {
    { "m16n8k16", "f32", "f16", "f16", "f32", B16, 16, 2, false },
    { "m16n8k32", "f16", "f16", "f16", "f16", B16, 32, 1, false },
    { "m16n8k32", "f32", "bf16", "bf16", "f32", B16, 32, 0, false },
    { "m16n8k8", "f32", "tf32", "tf32", "f32", TF32, 8, 1, false },
    { "m16n8k8", "f32", "tf32", "tf32", "f32", TF32, 8, 3, false },
    { "m16n8k16", "f32", "tf32", "tf32", "f32", TF32, 16, 0, false },
    { "m16n8k16", "f32", "tf32", "tf32", "f32", TF32, 16, 1, false },
    { "m16n8k32", "s32", "s8", "s8", "s32", B8, 32, 1, false },
    { "m16n8k32", "s32", "u8", "s8", "s32", B8, 32, 0, false },
    { "m16n8k64", "s32", "s8", "u8", "s32", B8, 64, 0, false },
    { "m16n8k64", "s32", "u8", "u8", "s32", B8, 64, 0, true },
    { "m16n8k64", "f32", "e4m3", "e4m3", "f32", B8, 64, 0, false },
    { "m16n8k64", "f32", "e5m2", "e5m2", "f32", B8, 64, 0, false },
    { "m16n8k64", "f32", "e4m3", "e5m2", "f32", B8, 64, 0, false },
};

static uint32_t rng = 12345;

static int
rnd(int n)
{
    rng = rng * 1103515245u + 12345u;
    return (int)((rng >> 8) % (uint32_t)n);
}

/* ---- value encodings (small integers, all exact) ---- */

static uint32_t
f32bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* an integer |v| < 2^(mb+1) as a float with mb mantissa bits, exponent bias, sign on top */
static uint32_t
small_float(int v, int mb, int bias, int ebits)
{
    if (v == 0)
        return 0;
    uint32_t s = v < 0 ? 1u << (mb + ebits) : 0;
    int a = abs(v), e = 0;
    while (a >> (e + 1))
        e++;
    uint32_t man = (uint32_t)(a - (1 << e)) << (mb - e);
    return s | (uint32_t)(e + bias) << mb | man;
}

static uint32_t
encode(const char *ty, int v)
{
    if (!strcmp(ty, "f16"))
        return small_float(v, 10, 15, 5);
    if (!strcmp(ty, "bf16"))
        return f32bits((float)v) >> 16;
    if (!strcmp(ty, "tf32") || !strcmp(ty, "f32"))
        return f32bits((float)v);
    if (!strcmp(ty, "e4m3"))
        return small_float(v, 3, 7, 4);
    if (!strcmp(ty, "e5m2"))
        return small_float(v, 2, 15, 5);
    return (uint32_t)v & (strcmp(ty, "s32") ? 0xffu : 0xffffffffu);
}

static int
value(const char *ty)
{
    if (!strcmp(ty, "s8"))
        return rnd(256) - 128;
    if (!strcmp(ty, "u8"))
        return rnd(256);
    if (!strcmp(ty, "e5m2"))
        return rnd(15) - 7;
    return rnd(17) - 8; /* f16, bf16, tf32, e4m3 */
}

/* ---- the kernel: each lane loads its registers, one mma.sp, D stored per lane ---- */

static void
make_ptx(const Case *c, int na, int nc, char *buf, size_t n)
{
    char ld[2048] = "", ra[64] = "", rb[64] = "", rc[64] = "", rd[64] = "", st[512] = "";
    size_t o = 0;
    for (int i = 0; i < na; i++)
        o +=
            (size_t)snprintf(ld + o, sizeof ld - o,
                             "ld.global.b32 %%a%d, [%%rd5+%d];\nld.global.b32 %%b%d, [%%rd6+%d];\n",
                             i, 4 * i, i, 4 * i);
    for (int i = 0; i < nc; i++)
        o +=
            (size_t)snprintf(ld + o, sizeof ld - o, "ld.global.b32 %%c%d, [%%rd7+%d];\n", i, 4 * i);
    for (int i = 0; i < na; i++) {
        snprintf(ra + strlen(ra), 16, "%s%%a%d", i ? "," : "", i);
        snprintf(rb + strlen(rb), 16, "%s%%b%d", i ? "," : "", i);
    }
    o = 0;
    for (int i = 0; i < nc; i++) {
        snprintf(rc + strlen(rc), 16, "%s%%c%d", i ? "," : "", i);
        snprintf(rd + strlen(rd), 16, "%s%%d%d", i ? "," : "", i);
        o +=
            (size_t)snprintf(st + o, sizeof st - o, "st.global.b32 [%%rd8+%d], %%d%d;\n", 4 * i, i);
    }
    snprintf(buf, n,
             ".version 8.5\n.target sm_89\n.address_size 64\n"
             ".visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd,"
             " .param .u64 pe)\n{\n"
             ".reg .b32 %%a<4>; .reg .b32 %%b<4>; .reg .b32 %%c<4>; .reg .b32 %%d<4>;\n"
             ".reg .b32 %%r<2>; .reg .b32 %%e; .reg .b64 %%rd<12>;\n"
             "mov.u32 %%r0, %%laneid;\nmul.wide.u32 %%rd9, %%r0, 16;\n"
             "ld.param.u64 %%rd1, [pa];\nld.param.u64 %%rd2, [pb];\n"
             "ld.param.u64 %%rd3, [pc];\nld.param.u64 %%rd4, [pd];\nld.param.u64 %%rd10, [pe];\n"
             "add.s64 %%rd5, %%rd1, %%rd9;\nadd.s64 %%rd6, %%rd2, %%rd9;\n"
             "add.s64 %%rd7, %%rd3, %%rd9;\nadd.s64 %%rd8, %%rd4, %%rd9;\n"
             "mul.wide.u32 %%rd9, %%r0, 4;\nadd.s64 %%rd11, %%rd10, %%rd9;\n"
             "ld.global.b32 %%e, [%%rd11];\n%s"
             "mma.sp::ordered_metadata.sync.aligned.%s.row.col%s.%s.%s.%s.%s {%s}, {%s}, {%s}, "
             "{%s}, %%e, %d;\n%sret;\n}\n",
             ld, c->shape, c->sat || !strcmp(c->dt, "s32") ? ".satfinite" : "", c->dt, c->at, c->bt,
             c->ct, rd, ra, rb, rc, c->sel, st);
}

/* ---- the fragments, per element index as the ISA writes them ---- */

/* a_i of lane (g, t): its row, its chunk and which kept value of the chunk it is */
static void
a_elem(const Case *c, int g, int t, int i, int *row, int *chunk, int *j)
{
    switch (c->kind) {
    case B16: /* a0 a1 row g, a2 a3 row g+8; chunk t, a4..a7 chunk t + 4 (k32) */
        *row = g + 8 * ((i >> 1) & 1);
        *chunk = t + 4 * (i >> 2);
        *j = i & 1;
        break;
    case TF32: /* a0 row g, a1 row g+8; a2, a3 the same rows at chunk t + 4 (k16) */
        *row = g + 8 * (i & 1);
        *chunk = t + 4 * (i >> 1);
        *j = 0;
        break;
    case B8: /* a0..a3 and a8..a11 row g, the rest g+8; cols 8t..8t+7, +32 from a8 */
        *row = (i < 4 || (i >= 8 && i < 12)) ? g : g + 8;
        *chunk = 2 * t + ((i >> 1) & 1) + (i >= 8 ? 8 : 0);
        *j = i & 1;
        break;
    }
}

/* b_i of lane (g, t): its row k (its column is g) */
static int
b_row(const Case *c, int t, int i)
{
    switch (c->kind) {
    case B16: /* b0 b1 rows 2t, 2t+1; b2 b3 rows 2t+8, 2t+9; then 16 on */
        return 2 * t + (i & 1) + 8 * ((i >> 1) & 1) + 16 * (i >> 2);
    case TF32: /* b0 row t, b1 t+4, b2 t+8, b3 t+12 */
        return t + 4 * i;
    default: /* b0..b3 rows 4t..4t+3, b4..b7 rows 4t+16.., then 32, 48 */
        return 4 * t + (i & 3) + 16 * (i >> 2);
    }
}

/* The metadata word of lane q of a quad for rows g and g+8 (meta[row][chunk] nibbles);
 * the lanes the selector does not name get the complement. */
static uint32_t
meta_word(const Case *c, uint8_t meta[16][16], int g, int q)
{
    uint32_t w = 0;
    bool named;
    int nch = c->kind == TF32 ? c->K / 2 : c->K / 4;
    if (nch == 4) { /* one lane: row g in bits 0-15, row g+8 in 16-31 */
        named = q == c->sel;
        for (int ch = 0; ch < 4; ch++)
            w |= (uint32_t)meta[g][ch] << (4 * ch) | (uint32_t)meta[g + 8][ch] << (16 + 4 * ch);
    } else if (c->kind != B8) { /* a pair: lane 2 sel + p holds chunks 4p..4p+3 of both rows */
        int p = q & 1;
        named = q >> 1 == c->sel;
        for (int ch = 0; ch < 4; ch++)
            w |= (uint32_t)meta[g][4 * p + ch] << (4 * ch) | (uint32_t)meta[g + 8][4 * p + ch]
                                                                 << (16 + 4 * ch);
    } else if (c->K == 32) { /* a pair: lane 2 sel + p holds row g + 8p, chunks 0..7 */
        int p = q & 1;
        named = q >> 1 == c->sel;
        for (int ch = 0; ch < 8; ch++)
            w |= (uint32_t)meta[g + 8 * p][ch] << (4 * ch);
    } else { /* all four: lane q holds row g + 8(q&1), chunks 8(q>>1)..8(q>>1)+7 */
        named = true;
        for (int ch = 0; ch < 8; ch++)
            w |= (uint32_t)meta[g + 8 * (q & 1)][8 * (q >> 1) + ch] << (4 * ch);
    }
    return named ? w : ~w;
}

static void
run_case(const Case *c)
{
    int A[16][64] = { { 0 } }, Ac[16][32][2], B[64][8], C[16][8];
    uint8_t meta[16][16];
    int nch = c->kind == TF32 ? c->K / 2 : c->K / 4;
    /* the six ascending pairs of a 4-wide chunk; tf32 keeps one of two (0b0100: element 0,
     * 0b1110: element 1, the chunk read as four 16-bit halves) */
    static const int pairs[6][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 }, { 2, 3 } };
    for (int m = 0; m < 16; m++)
        for (int ch = 0; ch < nch; ch++) {
            if (c->kind == TF32) {
                int e = rnd(2), v = value(c->at);
                A[m][2 * ch + e] = Ac[m][ch][0] = v;
                meta[m][ch] = e ? 0xe : 0x4;
                continue;
            }
            const int *p = pairs[rnd(6)];
            for (int j = 0; j < 2; j++) {
                int v = value(c->at);
                A[m][4 * ch + p[j]] = Ac[m][ch][j] = v;
            }
            meta[m][ch] = (uint8_t)(p[0] | p[1] << 2);
        }
    for (int k = 0; k < c->K; k++)
        for (int n = 0; n < 8; n++)
            B[k][n] = value(c->bt);
    for (int m = 0; m < 16; m++)
        for (int n = 0; n < 8; n++)
            C[m][n] = c->sat ? 2147483647 - 100 * n : rnd(41) - 20;
    int na = c->K == (c->kind == TF32 ? 8 : c->kind == B16 ? 16 : 32) ? 2 : 4;
    int nc = !strcmp(c->dt, "f16") ? 2 : 4;
    int bits = c->kind == TF32 ? 32 : c->kind == B16 ? 16 : 8, per = 32 / bits;
    uint32_t ra[32][4] = { { 0 } }, rb[32][4] = { { 0 } }, rc[32][4] = { { 0 } }, rd[32][4], re[32];
    for (int l = 0; l < 32; l++) {
        int g = l >> 2, t = l & 3;
        for (int i = 0; i < na * per; i++) {
            int row = 0, chunk = 0, j = 0;
            a_elem(c, g, t, i, &row, &chunk, &j);
            ra[l][i / per] |= encode(c->at, Ac[row][chunk][j]) << (bits * (i % per));
            rb[l][i / per] |= encode(c->bt, B[b_row(c, t, i)][g]) << (bits * (i % per));
        }
        /* c0 c1 at (g, 2t), (g, 2t+1); c2 c3 at (g+8, 2t), (g+8, 2t+1) */
        for (int i = 0; i < 4; i++) {
            int v = C[g + 8 * (i / 2)][2 * t + i % 2];
            if (nc == 2)
                rc[l][i / 2] |= encode("f16", v) << (16 * (i % 2));
            else
                rc[l][i] = encode(c->ct, v);
        }
        re[l] = meta_word(c, meta, g, t);
    }
    SimCtx *ctx = sim_create();
    static char ptx[8192];
    make_ptx(c, na, nc, ptx, sizeof ptx);
    SimFunc *f = load_entry(ctx, ptx, "k");
    SimDevPtr da = dev_upload(ctx, ra, sizeof ra), db = dev_upload(ctx, rb, sizeof rb);
    SimDevPtr dc = dev_upload(ctx, rc, sizeof rc), dd = dev_upload(ctx, rc, sizeof rc);
    SimDevPtr de = dev_upload(ctx, re, sizeof re);
    void *params[] = { &da, &db, &dc, &dd, &de };
    char name[96];
    snprintf(name, sizeof name, "%s.%s.%s.%s sel %d", c->shape, c->dt, c->at, c->bt, c->sel);
    if (launch_ok(ctx, f, 1, 32, 0, params) == 0) {
        dev_download(ctx, rd, dd, sizeof rd);
        int bad = 0;
        for (int l = 0; l < 32; l++)
            for (int i = 0; i < 4; i++) {
                int g = l >> 2, t = l & 3, m = g + 8 * (i / 2), n = 2 * t + i % 2;
                int64_t want = C[m][n];
                for (int k = 0; k < c->K; k++)
                    want += (int64_t)A[m][k] * B[k][n];
                if (c->sat && want > 2147483647)
                    want = 2147483647;
                double got;
                if (nc == 2) {
                    uint16_t h = (uint16_t)(rd[l][i / 2] >> (16 * (i % 2)));
                    int e = (h >> 10) & 31;
                    got = (e ? ldexp(1024 + (h & 1023), e - 25) : ldexp(h & 1023, -24)) *
                          (h & 0x8000 ? -1 : 1);
                } else if (!strcmp(c->dt, "s32"))
                    got = (int32_t)rd[l][i];
                else {
                    float fv;
                    memcpy(&fv, &rd[l][i], 4);
                    got = fv;
                }
                if (got != (double)want && bad++ < 4)
                    CHECK(0, "%s: lane %d D[%d][%d] = %.0f, want %lld", name, l, m, n, got,
                          (long long)want);
            }
    }
    sim_destroy(ctx);
}

/* a selector past the shape's range is refused when the PTX is loaded */
static void
test_selector_range(void)
{
    static const struct {
        const char *inst;
        const char *want;
    } bad[] = {
        { "m16n8k8.row.col.f32.tf32.tf32.f32 {%f0,%f1,%f2,%f3}, {%r0,%r1}, {%r0,%r1}, "
          "{%f0,%f1,%f2,%f3}, %r2, 4",
          "0..3" },
        { "m16n8k16.row.col.f32.tf32.tf32.f32 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, "
          "{%r0,%r1,%r2,%r3}, {%f0,%f1,%f2,%f3}, %r2, 2",
          "0 or 1" },
        { "m16n8k64.row.col.satfinite.s32.s8.s8.s32 {%r0,%r1,%r2,%r3}, {%r0,%r1,%r2,%r3}, "
          "{%r0,%r1,%r2,%r3}, {%r0,%r1,%r2,%r3}, %r2, 1",
          "must be an immediate 0" },
        { "m16n8k64.row.col.f16.e4m3.e4m3.f16 {%r0,%r1}, {%r0,%r1,%r2,%r3}, "
          "{%r0,%r1,%r2,%r3}, {%r0,%r1}, %r2, 0",
          "unsupported mma.sp shape/type combination" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char ptx[1024];
        snprintf(ptx, sizeof ptx,
                 ".version 8.5\n.target sm_89\n.address_size 64\n.visible .entry k()\n{\n"
                 ".reg .b32 %%r<4>; .reg .f32 %%f<4>;\n"
                 "mma.sp::ordered_metadata.sync.aligned.%s;\nret;\n}\n",
                 bad[i].inst);
        SimCtx *ctx = sim_create();
        SimModule *m;
        SimResult r = sim_module_load(ctx, ptx, "test.ptx", &m);
        CHECK(r != SIM_OK && strstr(sim_error(ctx), bad[i].want),
              "bad mma.sp %zu: want an error with '%s', got: %s", i, bad[i].want,
              r == SIM_OK ? "(loaded)" : sim_error(ctx));
        sim_destroy(ctx);
    }
}

int
main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
    test_selector_range();
    return test_exit("test_sim_mma_sp");
}
