/*
 * test_sim_wmma.c -- wmma.load / wmma.mma / wmma.store on the simulator, memory to memory:
 * PTX leaves the fragments' element order unspecified, so what a program can rely on,
 * and what is checked here against a C reference, is D = A B + C with A, B and C read
 * from memory in the layout and stride each load names and D written the same way.
 * Every shape and type pair the simulator takes, row and column layouts, strides wider
 * than the matrix, shared and global memory, an f16 C with an f32 D; a warp whose lanes
 * give different addresses faults, and so does a stride that is no multiple of the
 * fragment's size.
 */
#include "tests/sim/simtest.h"

#include <math.h>

typedef struct {
    const char *shape;
    int M, N, K;
    const char *ab, *c, *d; /* element types */
    bool acol, bcol, ccol, dcol, shared;
} Case;

static const Case cases[] = {
    { "m16n16k16", 16, 16, 16, "f16", "f32", "f32", false, false, false, false, false },
    { "m16n16k16", 16, 16, 16, "f16", "f32", "f32", true, true, true, false, false },
    { "m16n16k16", 16, 16, 16, "f16", "f16", "f32", false, true, false, true, true },
    { "m16n16k16", 16, 16, 16, "f16", "f16", "f16", true, false, true, true, false },
    { "m32n8k16", 32, 8, 16, "f16", "f32", "f32", false, true, false, false, false },
    { "m8n32k16", 8, 32, 16, "f16", "f32", "f16", true, false, false, true, true },
    { "m16n16k16", 16, 16, 16, "s8", "s32", "s32", false, false, false, false, false },
    { "m32n8k16", 32, 8, 16, "u8", "s32", "s32", true, false, false, true, false },
    { "m8n32k16", 8, 32, 16, "s8", "s32", "s32", false, true, true, false, false },
    { "m16n16k16", 16, 16, 16, "bf16", "f32", "f32", false, true, false, false, false },
    { "m16n16k8", 16, 16, 8, "tf32", "f32", "f32", false, true, false, true, false },
};

static int
bytes_of(const char *t)
{
    return !strcmp(t, "s8") || !strcmp(t, "u8")      ? 1
           : !strcmp(t, "f16") || !strcmp(t, "bf16") ? 2
                                                     : 4;
}

/* registers of a fragment: f16 A/B 8, f16 C 4, f32/s32 C 8, else the elements / 32 */
static int
nregs(const char *t, int elems, bool acc)
{
    if (acc)
        return !strcmp(t, "f16") ? 4 : 8;
    if (!strcmp(t, "f16"))
        return 8;
    return elems * bytes_of(t) / 4 / 32;
}

/* a small exact value for element i of matrix w, as the type's bits */
static double
val(const char *t, int w, int i)
{
    int v = (i * 7 + w * 13) % 11 - 5;
    if (!strcmp(t, "u8"))
        return (double)((i * 5 + w * 3) % 200);
    if (!strcmp(t, "s8") || !strcmp(t, "s32"))
        return (double)((i * 37 + w * 11) % 251 - 125);
    return v * 0.25 + (i % 3) * 0.0625;
}

static uint32_t
bits_of(const char *t, double v)
{
    float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, 4);
    if (!strcmp(t, "f16"))
        return half_of(f);
    if (!strcmp(t, "bf16"))
        return u >> 16;
    if (!strcmp(t, "s8") || !strcmp(t, "u8") || !strcmp(t, "s32"))
        return (uint32_t)(int32_t)v;
    return u;
}

static double
from_bits(const char *t, uint32_t b)
{
    if (!strcmp(t, "f16")) {
        int e = (int)(b >> 10 & 31), m = (int)(b & 1023);
        double x = e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
        return b & 0x8000 ? -x : x;
    }
    if (!strcmp(t, "s32"))
        return (double)(int32_t)b;
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* dim rounded up to whole fragments (nregs * 4 bytes), plus one fragment, in elements */
static int
ld_for(int dim, int nregs, int bytes)
{
    int q = nregs * 4 / bytes;
    return (dim + q - 1) / q * q + q;
}

/* x rounded to the nearest f16 (ties to even; |x| in the normal range or 0) */
static double
round_f16(double x)
{
    if (x == 0)
        return x;
    int e;
    frexp(x, &e); /* |x| in [2^(e-1), 2^e) */
    double q = ldexp(1, e - 1 - 10);
    return nearbyint(x / q) * q;
}

static void
put(uint8_t *mem, int at, int bytes, uint32_t b)
{
    memcpy(mem + (size_t)at * (size_t)bytes, &b, (size_t)bytes);
}

/* "{%r0, %r1, ...}" for n registers from first */
static void
reglist(char *buf, size_t n, const char *pfx, int first, int count)
{
    size_t k = (size_t)snprintf(buf, n, "{");
    for (int i = 0; i < count; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%s%d", i ? ", " : "", pfx, first + i);
    snprintf(buf + k, n - k, "}");
}

static void
run_case(const Case *c)
{
    int ka = bytes_of(c->ab), kc = bytes_of(c->c), kd = bytes_of(c->d);
    int na = nregs(c->ab, c->M * c->K, false), nb = nregs(c->ab, c->K * c->N, false);
    int nc = nregs(c->c, 0, true), nd = nregs(c->d, 0, true);
    /* leading dimensions wider than the matrix (rows for .row, columns for .col), each a
       multiple of the fragment's bytes as PTX requires */
    int lda = ld_for(c->acol ? c->M : c->K, na, ka), ldb = ld_for(c->bcol ? c->K : c->N, nb, ka);
    int ldc = ld_for(c->ccol ? c->M : c->N, nc, kc), ldd = ld_for(c->dcol ? c->M : c->N, nd, kd);
    static uint8_t A[64 * 64 * 4], B[64 * 64 * 4], C[64 * 64 * 4], D[64 * 64 * 4];
    static double Ad[64][64], Bd[64][64], Cd[64][64];
    memset(A, 0, sizeof A), memset(B, 0, sizeof B), memset(C, 0, sizeof C), memset(D, 0, sizeof D);
    for (int i = 0; i < c->M; i++)
        for (int k = 0; k < c->K; k++) {
            Ad[i][k] = val(c->ab, 1, i * c->K + k);
            put(A, c->acol ? k * lda + i : i * lda + k, ka, bits_of(c->ab, Ad[i][k]));
        }
    for (int k = 0; k < c->K; k++)
        for (int j = 0; j < c->N; j++) {
            Bd[k][j] = val(c->ab, 2, k * c->N + j);
            put(B, c->bcol ? j * ldb + k : k * ldb + j, ka, bits_of(c->ab, Bd[k][j]));
        }
    for (int i = 0; i < c->M; i++)
        for (int j = 0; j < c->N; j++) {
            Cd[i][j] = val(c->c, 3, i * c->N + j);
            put(C, c->ccol ? j * ldc + i : i * ldc + j, kc, bits_of(c->c, Cd[i][j]));
        }
    char la[200], lb[200], lc[200], ldl[200], types[64];
    reglist(la, sizeof la, "%a", 0, na);
    reglist(lb, sizeof lb, "%b", 0, nb);
    reglist(lc, sizeof lc, "%c", 0, nc);
    reglist(ldl, sizeof ldl, "%d", 0, nd);
    if (!strcmp(c->ab, "f16"))
        snprintf(types, sizeof types, "%s.%s", c->d, c->c);
    else
        snprintf(types, sizeof types, "%s.%s.%s.%s", c->d, c->ab, c->ab, c->c);
    const char *sp = c->shared ? ".shared" : ".global";
    static char ptx[8192];
    size_t k = 0;
    k += (size_t)snprintf(
        ptx + k, sizeof ptx - k,
        ".version 8.0\n.target sm_80\n.address_size 64\n"
        ".visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n{\n"
        ".reg .b32 %%a<8>, %%b<8>, %%c<8>, %%d<8>, %%r<4>;\n.reg .b64 %%rd<8>;\n"
        ".reg .pred %%p0;\n"
        ".shared .align 16 .b8 sa[4096];\n.shared .align 16 .b8 sb[4096];\n"
        "ld.param.u64 %%rd0, [pa];\nld.param.u64 %%rd1, [pb];\nld.param.u64 %%rd2, [pc];\n"
        "ld.param.u64 %%rd3, [pd];\n");
    if (c->shared) { /* A and B through shared memory: lane l copies bytes 128l.. */
        k += (size_t)snprintf(
            ptx + k, sizeof ptx - k,
            "mov.u32 %%r0, %%laneid;\nmul.wide.u32 %%rd4, %%r0, 128;\n"
            "mov.u32 %%r1, 0;\n$cp:\n"
            "cvt.u64.u32 %%rd5, %%r1;\nadd.s64 %%rd5, %%rd5, %%rd4;\n"
            "add.s64 %%rd6, %%rd0, %%rd5;\nld.global.u32 %%r2, [%%rd6];\n"
            "mov.u64 %%rd7, sa;\nadd.s64 %%rd7, %%rd7, %%rd5;\n"
            "st.shared.u32 [%%rd7], %%r2;\n"
            "add.s64 %%rd6, %%rd1, %%rd5;\nld.global.u32 %%r2, [%%rd6];\n"
            "mov.u64 %%rd7, sb;\nadd.s64 %%rd7, %%rd7, %%rd5;\n"
            "st.shared.u32 [%%rd7], %%r2;\n"
            "add.u32 %%r1, %%r1, 4;\nsetp.lt.u32 %%p0, %%r1, 128;\n"
            "@%%p0 bra $cp;\nbar.sync 0;\nmov.u64 %%rd0, sa;\nmov.u64 %%rd1, sb;\n");
    }
    k += (size_t)snprintf(ptx + k, sizeof ptx - k,
                          "wmma.load.a.sync.aligned.%s.%s%s.%s %s, [%%rd0], %d;\n"
                          "wmma.load.b.sync.aligned.%s.%s%s.%s %s, [%%rd1], %d;\n"
                          "wmma.load.c.sync.aligned.%s.%s.global.%s %s, [%%rd2], %d;\n"
                          "wmma.mma.sync.aligned.%s.%s.%s.%s %s, %s, %s, %s;\n"
                          "wmma.store.d.sync.aligned.%s.%s.global.%s [%%rd3], %s, %d;\nret;\n}\n",
                          c->acol ? "col" : "row", c->shape, sp, c->ab, la, lda,
                          c->bcol ? "col" : "row", c->shape, sp, c->ab, lb, ldb,
                          c->ccol ? "col" : "row", c->shape, c->c, lc, ldc, c->acol ? "col" : "row",
                          c->bcol ? "col" : "row", c->shape, types, ldl, la, lb, lc,
                          c->dcol ? "col" : "row", c->shape, c->d, ldl, ldd);
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "k");
    SimDevPtr da = dev_upload(ctx, A, sizeof A), db = dev_upload(ctx, B, sizeof B);
    SimDevPtr dc = dev_upload(ctx, C, sizeof C), dd = dev_upload(ctx, D, sizeof D);
    void *params[] = { &da, &db, &dc, &dd };
    if (launch_ok(ctx, f, 1, 32, 0, params) == 0) {
        dev_download(ctx, D, dd, sizeof D);
        int bad = 0;
        for (int i = 0; i < c->M; i++)
            for (int j = 0; j < c->N; j++) {
                double want = Cd[i][j];
                for (int kk = 0; kk < c->K; kk++)
                    want += Ad[i][kk] * Bd[kk][j];
                if (!strcmp(c->d, "f16"))
                    want = round_f16(want);
                else if (!strcmp(c->d, "f32"))
                    want = (float)want;
                uint32_t b = 0;
                memcpy(&b, D + (size_t)(c->dcol ? j * ldd + i : i * ldd + j) * (size_t)kd,
                       (size_t)kd);
                double got = from_bits(c->d, b);
                if (got != want && bad++ < 4)
                    CHECK(0, "%s %s.%s->%s (%s%s%s%s): D[%d][%d] = %g, want %g", c->shape, c->ab,
                          c->c, c->d, c->acol ? "A col " : "", c->bcol ? "B col " : "",
                          c->ccol ? "C col " : "", c->dcol ? "D col" : "", i, j, got, want);
            }
        /* the padding between D's rows (or columns) is untouched */
        for (int i = 0; i < (c->dcol ? c->N : c->M); i++)
            for (int j = c->dcol ? c->M : c->N; j < ldd; j++)
                CHECK(D[(size_t)(i * ldd + j) * (size_t)kd] == 0, "%s: D padding written",
                      c->shape);
    }
    sim_destroy(ctx);
}

/* lanes giving different addresses: a fault naming the rule */
static void
test_uniform(void)
{
    static const char ptx[] =
        ".version 8.0\n.target sm_80\n.address_size 64\n"
        ".visible .entry k(.param .u64 pa)\n{\n.reg .b32 %a<8>, %r<2>;\n.reg .b64 %rd<4>;\n"
        "ld.param.u64 %rd0, [pa];\nmov.u32 %r0, %laneid;\nmul.wide.u32 %rd1, %r0, 32;\n"
        "add.s64 %rd2, %rd0, %rd1;\n"
        "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%a0, %a1, %a2, %a3, %a4, %a5, %a6, "
        "%a7}, [%rd2], 16;\nret;\n}\n";
    SimCtx *ctx = sim_create();
    SimFunc *f = load_entry(ctx, ptx, "k");
    static uint8_t buf[4096];
    SimDevPtr da = dev_upload(ctx, buf, sizeof buf);
    void *params[] = { &da };
    launch_fails(ctx, f, 1, 32, params, "must be the same in every lane");
    sim_destroy(ctx);
    /* stride 24 halves = 48 bytes, not a multiple of the 32-byte fragment */
    static const char ptx2[] =
        ".version 8.0\n.target sm_80\n.address_size 64\n"
        ".visible .entry k(.param .u64 pa)\n{\n.reg .b32 %a<8>;\n.reg .b64 %rd<2>;\n"
        "ld.param.u64 %rd0, [pa];\n"
        "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%a0, %a1, %a2, %a3, %a4, %a5, %a6, "
        "%a7}, [%rd0], 24;\nret;\n}\n";
    ctx = sim_create();
    f = load_entry(ctx, ptx2, "k");
    da = dev_upload(ctx, buf, sizeof buf);
    launch_fails(ctx, f, 1, 32, params, "multiples of the fragment's 32 bytes");
    sim_destroy(ctx);
}

int
main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
    test_uniform();
    return test_exit("test_sim_wmma");
}
