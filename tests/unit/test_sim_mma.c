/*
 * test_sim_mma.c -- mma.sync, ldmatrix, stmatrix and movmatrix against the
 * fragment tables of ../shared/docs/ptx-sm80.md §4 and §5.
 *
 * The expected layouts are written here per register, as the per-register
 * tables of §5.2 state them ("A R0 = row g, cols 4t..4t+3; R1 = row g+8 ..."),
 * not as the per-element formulas the simulator uses, so that the two
 * derivations check each other.  Every fragment register of every lane gets
 * a distinct value; D is compared element by element with a C reference.
 */
#include "tests/sim/simtest.h"

#include <math.h>

/* One register of a fragment: elements `per` consecutive columns (A) or
 * rows (B) starting at col_off + per*t, at row g + 8*row8 (A) or column g (B). */
typedef struct {
    int row8, off;
} RegMap;

typedef struct {
    const char *name, *shape, *dt, *at, *ct;
    int K, na, nb, nc, per; /* per: elements per 32-bit register */
    RegMap a[4], b[2];
} Case;

/* §5.2 per-register tables. */
static const Case cases[] = {
    { "m16n8k16.f32.f16",
      "m16n8k16",
      "f32",
      "f16",
      "f32",
      16,
      4,
      2,
      4,
      2,
      { { 0, 0 }, { 1, 0 }, { 0, 8 }, { 1, 8 } },
      { { 0, 0 }, { 0, 8 } } },
    { "m16n8k16.f32.bf16",
      "m16n8k16",
      "f32",
      "bf16",
      "f32",
      16,
      4,
      2,
      4,
      2,
      { { 0, 0 }, { 1, 0 }, { 0, 8 }, { 1, 8 } },
      { { 0, 0 }, { 0, 8 } } },
    { "m16n8k16.f16.f16",
      "m16n8k16",
      "f16",
      "f16",
      "f16",
      16,
      4,
      2,
      2,
      2,
      { { 0, 0 }, { 1, 0 }, { 0, 8 }, { 1, 8 } },
      { { 0, 0 }, { 0, 8 } } },
    { "m16n8k8.f32.f16",
      "m16n8k8",
      "f32",
      "f16",
      "f32",
      8,
      2,
      1,
      4,
      2,
      { { 0, 0 }, { 1, 0 } },
      { { 0, 0 } } },
    { "m16n8k8.f32.bf16",
      "m16n8k8",
      "f32",
      "bf16",
      "f32",
      8,
      2,
      1,
      4,
      2,
      { { 0, 0 }, { 1, 0 } },
      { { 0, 0 } } },
    { "m16n8k8.f16.f16",
      "m16n8k8",
      "f16",
      "f16",
      "f16",
      8,
      2,
      1,
      2,
      2,
      { { 0, 0 }, { 1, 0 } },
      { { 0, 0 } } },
    { "m16n8k8.f32.tf32",
      "m16n8k8",
      "f32",
      "tf32",
      "f32",
      8,
      4,
      2,
      4,
      1,
      { { 0, 0 }, { 1, 0 }, { 0, 4 }, { 1, 4 } },
      { { 0, 0 }, { 0, 4 } } },
    { "m16n8k4.f32.tf32",
      "m16n8k4",
      "f32",
      "tf32",
      "f32",
      4,
      2,
      1,
      4,
      1,
      { { 0, 0 }, { 1, 0 } },
      { { 0, 0 } } },
    { "m16n8k32.s32.s8",
      "m16n8k32",
      "s32",
      "s8",
      "s32",
      32,
      4,
      2,
      4,
      4,
      { { 0, 0 }, { 1, 0 }, { 0, 16 }, { 1, 16 } },
      { { 0, 0 }, { 0, 16 } } },
    { "m16n8k32.s32.u8",
      "m16n8k32",
      "s32",
      "u8",
      "s32",
      32,
      4,
      2,
      4,
      4,
      { { 0, 0 }, { 1, 0 }, { 0, 16 }, { 1, 16 } },
      { { 0, 0 }, { 0, 16 } } },
    { "m16n8k16.s32.s8",
      "m16n8k16",
      "s32",
      "s8",
      "s32",
      16,
      2,
      1,
      4,
      4,
      { { 0, 0 }, { 1, 0 } },
      { { 0, 0 } } },
};

/* ---- value encodings ---- */

static uint16_t
to_f16(double v) /* v is an integer of magnitude < 2048: exact */
{
    if (v == 0)
        return 0;
    uint16_t s = v < 0 ? 0x8000 : 0;
    double a = fabs(v);
    int e = 0;
    while (a >= 2) {
        a /= 2;
        e++;
    }
    return (uint16_t)(s | (e + 15) << 10 | (uint16_t)((a - 1) * 1024));
}

static double
from_f16(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
    return (h & 0x8000) ? -v : v;
}

static uint32_t
f32bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static uint32_t
encode(const char *ty, double v)
{
    if (!strcmp(ty, "f16"))
        return to_f16(v);
    if (!strcmp(ty, "bf16"))
        return f32bits((float)v) >> 16; /* integers < 256: exact */
    if (!strcmp(ty, "tf32") || !strcmp(ty, "f32"))
        return f32bits((float)v);
    return (uint32_t)(int32_t)v & (strcmp(ty, "s32") ? 0xffu : 0xffffffffu);
}

/* distinct values per element, small enough that every sum is exact */
static double
a_val(const Case *c, int m, int k)
{
    if (!strcmp(c->dt, "f16"))
        return (m * c->K + k) % 13 - 6;
    if (!strcmp(c->at, "s8"))
        return (m * c->K + k) % 251 - 125;
    if (!strcmp(c->at, "u8"))
        return (m * c->K + k) % 253;
    return m * c->K + k - 40;
}

static double
b_val(const Case *c, int k, int n)
{
    if (!strcmp(c->dt, "f16"))
        return (k * 8 + n) % 11 - 5;
    if (!strcmp(c->at, "u8"))
        return (k * 8 + n) % 200;
    if (!strcmp(c->at, "s8"))
        return (k * 8 + n) % 127 - 63;
    return k * 8 + n + 1 - 60;
}

static double
c_val(const Case *c, int m, int n)
{
    return !strcmp(c->dt, "f16") ? m * 8 + n - 64 : 1000 * m + n;
}

/* ---- the kernel: load fragments per lane, mma, store D per lane ---- */

static void
make_ptx(const Case *c, char *buf, size_t n, bool imm_c)
{
    char ld[2048] = "", regs_a[64] = "", regs_b[64] = "", regs_c[128] = "", regs_d[64] = "";
    size_t o = 0;
    for (int i = 0; i < c->na; i++)
        o +=
            (size_t)snprintf(ld + o, sizeof ld - o, "ld.global.b32 %%a%d, [%%rd5+%d];\n", i, 4 * i);
    for (int i = 0; i < c->nb; i++)
        o +=
            (size_t)snprintf(ld + o, sizeof ld - o, "ld.global.b32 %%b%d, [%%rd6+%d];\n", i, 4 * i);
    for (int i = 0; i < c->nc; i++)
        o +=
            (size_t)snprintf(ld + o, sizeof ld - o, "ld.global.b32 %%c%d, [%%rd7+%d];\n", i, 4 * i);
    for (int i = 0; i < c->na; i++)
        snprintf(regs_a + strlen(regs_a), 16, "%s%%a%d", i ? "," : "", i);
    for (int i = 0; i < c->nb; i++)
        snprintf(regs_b + strlen(regs_b), 16, "%s%%b%d", i ? "," : "", i);
    for (int i = 0; i < c->nc; i++) {
        if (imm_c)
            snprintf(regs_c + strlen(regs_c), 32, "%s0f00000000", i ? "," : "");
        else
            snprintf(regs_c + strlen(regs_c), 32, "%s%%c%d", i ? "," : "", i);
        snprintf(regs_d + strlen(regs_d), 16, "%s%%d%d", i ? "," : "", i);
    }
    char st[512] = "";
    o = 0;
    for (int i = 0; i < c->nc; i++)
        o +=
            (size_t)snprintf(st + o, sizeof st - o, "st.global.b32 [%%rd8+%d], %%d%d;\n", 4 * i, i);
    snprintf(
        buf, n,
        ".version 8.0\n.target sm_80\n.address_size 64\n"
        ".visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n{\n"
        ".reg .b32 %%a<4>; .reg .b32 %%b<2>; .reg .b32 %%c<4>; .reg .b32 %%d<4>;\n"
        ".reg .b32 %%r<2>; .reg .b64 %%rd<10>;\n"
        "mov.u32 %%r0, %%laneid;\nmul.wide.u32 %%rd9, %%r0, 16;\n"
        "ld.param.u64 %%rd1, [pa];\nld.param.u64 %%rd2, [pb];\n"
        "ld.param.u64 %%rd3, [pc];\nld.param.u64 %%rd4, [pd];\n"
        "add.s64 %%rd5, %%rd1, %%rd9;\nadd.s64 %%rd6, %%rd2, %%rd9;\n"
        "add.s64 %%rd7, %%rd3, %%rd9;\nadd.s64 %%rd8, %%rd4, %%rd9;\n%s"
        "mma.sync.aligned.%s.row.col.%s.%s.%s.%s {%s}, {%s}, {%s}, {%s};\n%sret;\n}\n",
        ld, c->shape, c->dt, c->at, c->at, c->ct, regs_d, regs_a, regs_b, regs_c, st);
}

static void
run_case(const Case *c, bool imm_c)
{
    double A[16][32], B[32][8], C[16][8];
    uint32_t ra[32][4] = { { 0 } }, rb[32][4] = { { 0 } }, rc[32][4] = { { 0 } }, rd[32][4];
    int bits = 32 / c->per;
    for (int m = 0; m < 16; m++)
        for (int k = 0; k < c->K; k++)
            A[m][k] = a_val(c, m, k);
    for (int k = 0; k < c->K; k++)
        for (int n = 0; n < 8; n++)
            B[k][n] = b_val(c, k, n);
    for (int m = 0; m < 16; m++)
        for (int n = 0; n < 8; n++)
            C[m][n] = imm_c ? 0 : c_val(c, m, n);
    for (int l = 0; l < 32; l++) {
        int g = l >> 2, t = l & 3;
        for (int r = 0; r < c->na; r++)
            for (int e = 0; e < c->per; e++)
                ra[l][r] |= encode(c->at, A[g + 8 * c->a[r].row8][c->a[r].off + c->per * t + e])
                            << (bits * e);
        for (int r = 0; r < c->nb; r++)
            for (int e = 0; e < c->per; e++)
                rb[l][r] |= encode(c->at, B[c->b[r].off + c->per * t + e][g]) << (bits * e);
        /* c0,c1 = (g, 2t), (g, 2t+1); c2,c3 = (g+8, 2t), (g+8, 2t+1) */
        for (int i = 0; i < 4; i++) {
            double v = C[g + 8 * (i / 2)][2 * t + i % 2];
            if (c->nc == 2)
                rc[l][i / 2] |= encode("f16", v) << (16 * (i % 2));
            else
                rc[l][i] = encode(c->ct, v);
        }
    }
    SimCtx *ctx = sim_create();
    static char ptx[8192];
    make_ptx(c, ptx, sizeof ptx, imm_c);
    SimFunc *f = load_entry(ctx, ptx, "k");
    SimDevPtr da = dev_upload(ctx, ra, sizeof ra), db = dev_upload(ctx, rb, sizeof rb);
    SimDevPtr dc = dev_upload(ctx, rc, sizeof rc), dd = dev_upload(ctx, rc, sizeof rc);
    void *params[] = { &da, &db, &dc, &dd };
    if (launch_ok(ctx, f, 1, 32, 0, params) == 0) {
        dev_download(ctx, rd, dd, sizeof rd);
        int bad = 0;
        for (int l = 0; l < 32 && bad < 4; l++)
            for (int i = 0; i < 4; i++) {
                int g = l >> 2, t = l & 3, m = g + 8 * (i / 2), n = 2 * t + i % 2;
                double want = C[m][n], got;
                for (int k = 0; k < c->K; k++)
                    want += A[m][k] * B[k][n];
                if (c->nc == 2)
                    got = from_f16((uint16_t)(rd[l][i / 2] >> (16 * (i % 2))));
                else if (!strcmp(c->dt, "s32"))
                    got = (int32_t)rd[l][i];
                else {
                    float fv;
                    memcpy(&fv, &rd[l][i], 4);
                    got = fv;
                }
                if (got != want && bad++ < 4)
                    CHECK(0, "%s%s: lane %d D[%d][%d] = %g, want %g", c->name,
                          imm_c ? " (imm C)" : "", l, m, n, got, want);
            }
    }
    sim_destroy(ctx);
}

/* ---- ldmatrix / stmatrix / movmatrix (§4) ---- */

static const char ldsm_ptx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry k(.param .u64 pin, .param .u64 poff, .param .u64 pout)\n{\n"
    ".reg .b32 %r<24>; .reg .b64 %rd<12>;\n"
    ".shared .align 16 .b8 sm[512];\n"
    "mov.u32 %r0, %laneid;\nld.param.u64 %rd1, [pin];\nld.param.u64 %rd2, [poff];\n"
    "ld.param.u64 %rd3, [pout];\nmul.wide.u32 %rd4, %r0, 16;\nadd.s64 %rd5, %rd1, %rd4;\n"
    "ld.global.v4.u32 {%r1,%r2,%r3,%r4}, [%rd5];\nmov.u32 %r5, sm;\nshl.b32 %r6, %r0, 4;\n"
    "add.u32 %r7, %r5, %r6;\nst.shared.v4.u32 [%r7], {%r1,%r2,%r3,%r4};\nbar.warp.sync -1;\n"
    "mul.wide.u32 %rd6, %r0, 4;\nadd.s64 %rd7, %rd2, %rd6;\nld.global.u32 %r8, [%rd7];\n"
    "add.u32 %r9, %r5, %r8;\n"
    "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r10,%r11,%r12,%r13}, [%r9];\n"
    "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r14,%r15,%r16,%r17}, [%r9];\n"
    "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r18,%r19}, [%r9];\n"
    "ldmatrix.sync.aligned.x1.m8n8.trans.shared.b16 {%r20}, [%r9];\n"
    "movmatrix.sync.aligned.m8n8.trans.b16 %r21, %r10;\n"
    "mul.wide.u32 %rd8, %r0, 64;\nadd.s64 %rd9, %rd3, %rd8;\n"
    "st.global.v4.u32 [%rd9], {%r10,%r11,%r12,%r13};\n"
    "st.global.v4.u32 [%rd9+16], {%r14,%r15,%r16,%r17};\n"
    "st.global.v4.u32 [%rd9+32], {%r18,%r19,%r20,%r21};\n"
    "bar.warp.sync -1;\n"
    "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%r9], {%r10,%r11,%r12,%r13};\n"
    "bar.warp.sync -1;\n"
    "ld.shared.v4.u32 {%r1,%r2,%r3,%r4}, [%r7];\n"
    "st.global.v4.u32 [%rd9+48], {%r1,%r2,%r3,%r4};\n"
    "ret;\n}\n";

static void
test_ldmatrix(void)
{
    /* 32 rows of 16 bytes; matrix j row r sits in slot (8j + r) * 5 % 32 */
    uint16_t mem[32][8], M[4][8][8];
    uint32_t off[32], out[32][16];
    for (int j = 0; j < 4; j++)
        for (int r = 0; r < 8; r++) {
            int slot = (8 * j + r) * 5 % 32;
            off[8 * j + r] = (uint32_t)slot * 16;
            for (int c = 0; c < 8; c++)
                mem[slot][c] = M[j][r][c] = (uint16_t)(1000 * j + 10 * r + c + 1);
        }
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ldsm_ptx, "k");
    SimDevPtr din = dev_upload(ctx, mem, sizeof mem), doff = dev_upload(ctx, off, sizeof off),
              dout = 0;
    sim_mem_alloc(ctx, &dout, sizeof out);
    void *params[] = { &din, &doff, &dout };
    if (launch_ok(ctx, f, 1, 32, 0, params) != 0) {
        sim_destroy(ctx);
        return;
    }
    dev_download(ctx, out, dout, sizeof out);
    /* without .trans, row r of a matrix is spread over lanes 4r..4r+3, two
     * consecutive columns per lane, the lower column in the low half */
    for (int j = 0; j < 4; j++)
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 8; c++) {
                int lane = 4 * r + c / 2, sh = 16 * (c % 2);
                uint16_t plain = (uint16_t)(out[lane][j] >> sh);
                uint16_t trans = (uint16_t)(out[lane][4 + j] >> sh); /* holds M^T[r][c] */
                CHECK(plain == M[j][r][c], "ldmatrix x4 M%d[%d][%d] = %u, want %u", j, r, c, plain,
                      M[j][r][c]);
                CHECK(trans == M[j][c][r], "ldmatrix x4.trans M%d^T[%d][%d] = %u, want %u", j, r, c,
                      trans, M[j][c][r]);
                if (j < 2)
                    CHECK((uint16_t)(out[lane][8 + j] >> sh) == M[j][r][c],
                          "ldmatrix x2 M%d[%d][%d]", j, r, c);
                if (j == 0) {
                    CHECK((uint16_t)(out[lane][10] >> sh) == M[0][c][r],
                          "ldmatrix x1.trans [%d][%d]", r, c);
                    CHECK((uint16_t)(out[lane][11] >> sh) == M[0][c][r], "movmatrix [%d][%d]", r,
                          c);
                }
            }
    /* stmatrix.trans of the x4 fragments writes M^T back into each row slot */
    for (int j = 0; j < 4; j++)
        for (int r = 0; r < 8; r++) {
            int slot = (8 * j + r) * 5 % 32;
            const uint16_t *row = (const uint16_t *)&out[slot][12];
            for (int c = 0; c < 8; c++)
                CHECK(row[c] == M[j][c][r], "stmatrix.trans M%d row %d col %d = %u, want %u", j, r,
                      c, row[c], M[j][c][r]);
        }
    SimStats st;
    sim_stats(ctx, &st);
    /* rows 80 bytes apart: (8j+r)*5 % 32 spreads the 8 rows of each matrix
     * over 8 distinct 16-byte bank groups, so the x4 loads are conflict-free */
    CHECK(st.shared_ld_wavefronts >= st.shared_ld_wavefronts_min, "wavefront counters");
    sim_destroy(ctx);
}

int
main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i], false);
    run_case(&cases[0], true);
    test_ldmatrix();
    return test_exit("test_sim_mma");
}
