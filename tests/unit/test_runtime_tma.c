/*
 * test_runtime_tma.c -- the runtime API fills the hidden tensor maps of an sm_90a
 * TMA ring (issue 14 part 3a): a wgmma K loop compiled with vptx_compile for sm_90a
 * gets `// vptx: hidden tensor map of argument N, ..., parameter P` lines; it is
 * launched on the simulator with vptx_launch_memrefs, which encodes the maps from
 * the caller's VptxMemref descriptions, and C = A * B^T is compared with a C loop.
 * The ring's A and B are arguments 1 and 2, after a dynamic memref whose size is an
 * extra parameter, so argument N and parameter P differ.  Also: vptx_launch refuses
 * such a kernel, and a missing, mismatched or unmappable memref is a located
 * VPTX_ERR_INVALID_ARGUMENT, not a garbage launch.  The same runs on CUDA
 * (cuTensorMapEncodeTiled) when the machine has an sm_90 GPU.  Part 3b: `vptx run KERNEL.ptx`
 * (run_ptx_main) on the same PTX encodes the maps from the .npy ARGs, and its C
 * is compared with the same C loop; a 1-d A.npy is refused.
 *
 * Optional maps (test_gemm_optional): examples/gemm.mlir compiled for sm_90a has
 * memref<?x?xf16> operands whose hidden-map lines end `, unused when its rows are not
 * whole 16-byte pieces`: at 130x130x66 (A's rows of 66 f16 = 132 bytes, B's of 130 =
 * 260) and at K = 0 (A and B empty) the launchers leave those maps zero and the kernel
 * takes its register copies; vptx_launch_memrefs and `vptx run KERNEL.ptx` must launch
 * it (not refuse the maps) and C must equal a C loop's product (all zero at K = 0).
 * Sizes that TMA can take (130x136x72) run the ring itself, as a control.
 *
 * Persistent (test_gemm_persistent): examples/gemm.mlir compiled with
 * VptxOptions.persistent has a `// vptx: hidden logical grid` line; vptx_launch refuses
 * it, vptx_launch_memrefs passes the logical grid (2 x 3 tiles at 257x136x104: a ragged
 * last row of tiles, 4 K steps over 3 stages) and C equals the C loop's product;
 * `vptx run --persistent-ctas=2` runs those 6 tiles on 2 workgroups (3 tiles each, the
 * ring's steps numbered across them) and K = 0 on 1.  The same with
 * VptxOptions.ping_pong too (whole-tile ping-pong: each consumer warpgroup takes alternate
 * tiles with the whole accumulator).
 */
#include "runtime/launch.h"
#include "runtime/output.h"
#include "runtime/npy.h"
#include "tools/run_ptx.h"
#include "driver/vptx.h"
#include "driver/vptx_runtime.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tests/unit/unit.h"

#define M 64
#define N 64
#define K 128

/* C[m][n] = sum_k A[m][k] * B[n][k]: B given as (n, k), K steps of 32 (64-byte swizzle). */
static const char kernel[] =
    "func.func @ring(%bias: memref<?xf32>, %A: memref<64x128xf16>, %B: memref<64x128xf16>,\n"
    "                %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, "
    "1, 1>} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %cs = arith.constant 32 : index\n"
    "  %cK = arith.constant 128 : index\n"
    "  %h = arith.constant 0.0 : f16\n"
    "  %zero = arith.constant dense<0.0> : vector<64x64xf32>\n"
    "  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {\n"
    "    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : "
    "memref<64x128xf16>, vector<64x32xf16>\n"
    "    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : "
    "memref<64x128xf16>, vector<64x32xf16>\n"
    "    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, "
    "n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],\n"
    "                          iterator_types = [\"parallel\", \"parallel\", \"reduction\"], "
    "kind = #vector.kind<add>,\n"
    "                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>}\n"
    "         %a, %b, %acc : vector<64x32xf16>, vector<64x32xf16> into vector<64x64xf32>\n"
    "    scf.yield %d : vector<64x64xf32>\n"
    "  }\n"
    "  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, "
    "memref<64x64xf32>\n"
    "  return\n"
    "}\n";

/* The f16 bit pattern of a small integer (|v| < 2048: exact), by the format's definition. */
static uint16_t
f16_of_int(int v)
{
    if (v == 0)
        return 0;
    uint16_t sign = v < 0 ? 0x8000 : 0;
    unsigned a = (unsigned)(v < 0 ? -v : v), e = 0;
    while ((a >> e) > 1)
        e++;
    unsigned mant = (a << (10 - e)) & 0x3ff;
    return (uint16_t)(sign | (e + 15) << 10 | mant);
}

typedef struct {
    VptxContext *ctx;
    VptxFunction *fn;
    VptxDevicePtr dbias, da, db, dc;
    uint64_t nbias;
    void *params[5];
    VptxMemref mr[4];
    unsigned grid[3], block[3], smem;
} Launch;

static int
a_val(int m, int k)
{
    return (m * 7 + k * 3) % 9 - 4;
}
static int
b_val(int n, int k)
{
    return (n * 5 + k * 11) % 7 - 3;
}

static uint16_t a_host[M * K], b_host[N * K];

static void
fill_inputs(void)
{
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++)
            a_host[i * K + k] = f16_of_int(a_val(i, k));
    for (int i = 0; i < N; i++)
        for (int k = 0; k < K; k++)
            b_host[i * K + k] = f16_of_int(b_val(i, k));
}

/* How many elements of c differ from the C loop (the first few printed). */
static int
compare(const float *c)
{
    int wrong = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            long ref = 0;
            for (int k = 0; k < K; k++)
                ref += (long)a_val(i, k) * b_val(j, k);
            if (c[i * N + j] != (float)ref && wrong++ < 3)
                printf("C[%d][%d] = %g, want %ld\n", i, j, c[i * N + j], ref);
        }
    return wrong;
}

static bool
setup(Launch *l, const char *ptx, VptxContext *ctx)
{
    memset(l, 0, sizeof *l);
    l->ctx = ctx;
    VptxModule *mod = NULL;
    if (vptx_module_load(l->ctx, ptx, &mod) != VPTX_OK ||
        vptx_module_get_function(l->ctx, mod, "ring", &l->fn) != VPTX_OK)
        return false;
    l->nbias = 4;
    if (vptx_mem_alloc(l->ctx, 16, &l->dbias) || vptx_mem_alloc(l->ctx, sizeof a_host, &l->da) ||
        vptx_mem_alloc(l->ctx, sizeof b_host, &l->db) ||
        vptx_mem_alloc(l->ctx, M * N * 4, &l->dc) ||
        vptx_memcpy_htod(l->ctx, l->da, a_host, sizeof a_host) ||
        vptx_memcpy_htod(l->ctx, l->db, b_host, sizeof b_host))
        return false;
    /* kernelParams: %bias (pointer, then its dynamic size), %A, %B, %C */
    l->params[0] = &l->dbias;
    l->params[1] = &l->nbias;
    l->params[2] = &l->da;
    l->params[3] = &l->db;
    l->params[4] = &l->dc;
    l->mr[1] = (VptxMemref){ .base = l->da, .elem = VPTX_ELEM_F16, .rank = 2, .sizes = { M, K } };
    l->mr[2] = (VptxMemref){ .base = l->db, .elem = VPTX_ELEM_F16, .rank = 2, .sizes = { N, K } };
    unsigned threads = vptx_block_threads(ptx, "ring");
    l->grid[0] = l->grid[1] = l->grid[2] = 1;
    l->block[0] = threads ? threads : 128;
    l->block[1] = l->block[2] = 1;
    l->smem = vptx_dynamic_smem(ptx, "ring");
    return true;
}

/* On ctx (the simulator, or an sm_90 GPU when there is one). */
static void
test_ring(const char *ptx, VptxContext *ctx)
{
    /* the lines the runtime reads: argument N, parameter P (after %bias's size) */
    CHECK(strstr(ptx, "// vptx: hidden tensor map of argument 1, box 64x32, swizzle 64, "
                      "parameter 2\n") != NULL,
          "the map of %%A names argument 1, parameter 2");
    CHECK(strstr(ptx, "// vptx: hidden tensor map of argument 2, box 64x32, swizzle 64, "
                      "parameter 3\n") != NULL,
          "the map of %%B names argument 2, parameter 3");
    Launch l;
    CHECK(setup(&l, ptx, ctx), "setup on %s: %s", vptx_context_device_name(ctx),
          vptx_context_error(ctx));

    VptxStatus s = vptx_launch(l.ctx, l.fn, l.grid, l.block, l.smem, l.params);
    CHECK(s == VPTX_ERR_INVALID_ARGUMENT, "vptx_launch refuses hidden maps: %s",
          vptx_status_name(s));
    CHECK(strstr(vptx_context_error(l.ctx), "takes 2 hidden tensor maps") != NULL, "message: %s",
          vptx_context_error(l.ctx));

    s = vptx_launch_memrefs(l.ctx, l.fn, l.grid, l.block, l.smem, l.params, l.mr, 2);
    CHECK(s == VPTX_ERR_INVALID_ARGUMENT &&
              strstr(vptx_context_error(l.ctx), "describe that memref in memrefs[2] (2 given)"),
          "too few memrefs: %s", vptx_context_error(l.ctx));
    VptxMemref bad[4];
    memcpy(bad, l.mr, sizeof bad);
    bad[2].base = l.da;
    s = vptx_launch_memrefs(l.ctx, l.fn, l.grid, l.block, l.smem, l.params, bad, 4);
    CHECK(s == VPTX_ERR_INVALID_ARGUMENT && strstr(vptx_context_error(l.ctx), "params[3]"),
          "base differs from params: %s", vptx_context_error(l.ctx));
    memcpy(bad, l.mr, sizeof bad);
    bad[1].strides[0] = 100; /* 200-byte rows: not a multiple of 16 */
    bad[1].strides[1] = 1;
    s = vptx_launch_memrefs(l.ctx, l.fn, l.grid, l.block, l.smem, l.params, bad, 4);
    CHECK(s == VPTX_ERR_INVALID_ARGUMENT && strstr(vptx_context_error(l.ctx), "argument 1"),
          "unmappable rows: %s", vptx_context_error(l.ctx));

    s = vptx_launch_memrefs(l.ctx, l.fn, l.grid, l.block, l.smem, l.params, l.mr, 4);
    CHECK(s == VPTX_OK, "launch: %s: %s", vptx_status_name(s), vptx_context_error(l.ctx));
    static float c[M * N];
    CHECK(vptx_memcpy_dtoh(l.ctx, c, l.dc, sizeof c) == VPTX_OK, "read back");
    int wrong = compare(c);
    CHECK(s != VPTX_OK || wrong == 0, "%d of %d elements differ from the C loop", wrong, M * N);
    vptx_context_destroy(l.ctx);
}

static void
write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static int
run_cli(const char *const *args, int n)
{
    char *argv[24];
    for (int i = 0; i < n; i++)
        argv[i] = (char *)args[i];
    return run_ptx_main(n, argv);
}

/* `vptx run KERNEL.ptx --grid 1 --block T bias.npy 4 A.npy B.npy C.npy`: no ARG for the maps */
static void
test_run_ptx(const char *ptx)
{
    char dir[] = "/tmp/vptx-rt-tma-XXXXXX", path[5][128], out[128], block[16], err[256];
    if (!mkdtemp(dir)) {
        CHECK(0, "mkdtemp");
        return;
    }
    static const char *const names[] = { "ring.ptx", "bias.npy", "A.npy", "B.npy", "C.npy" };
    for (int i = 0; i < 5; i++)
        snprintf(path[i], sizeof path[i], "%s/%s", dir, names[i]);
    write_file(path[0], ptx);
    static float bias[4], c[M * N];
    NpyArray arrs[4] = {
        { NPY_F4, 1, { 4 }, 4, 4, bias },
        { NPY_F2, 2, { M, K }, M * K, 2, a_host },
        { NPY_F2, 2, { N, K }, N * K, 2, b_host },
        { NPY_F4, 2, { M, N }, M * N, 4, c },
    };
    for (int i = 0; i < 4; i++)
        CHECK(npy_write(path[i + 1], &arrs[i], err, sizeof err) == 0, "npy_write: %s", err);
    snprintf(out, sizeof out, "%s/out", dir);
    unsigned threads = vptx_block_threads(ptx, "ring");
    snprintf(block, sizeof block, "%u", threads ? threads : 128);
    const char *args[] = { "run", path[0], "--grid", "1",     "--block", block,  "--out",
                           out,   path[1], "4",      path[2], path[3],   path[4] };
    CHECK(run_cli(args, 13) == 0, "vptx run ring.ptx failed");
    char cpath[160];
    snprintf(cpath, sizeof cpath, "%s/arg4.npy", out);
    NpyArray got = { 0 };
    if (npy_read(cpath, &got, err, sizeof err) == 0 && got.count == M * N) {
        int wrong = compare(got.data);
        CHECK(wrong == 0, "vptx run: %d of %d elements differ from the C loop", wrong, M * N);
    } else {
        CHECK(0, "no %s: %s", cpath, err);
    }
    npy_free(&got);
    /* a flat A.npy does not say the memref's shape: refused, not guessed */
    NpyArray flat = { NPY_F2, 1, { M * K }, M * K, 2, a_host };
    CHECK(npy_write(path[2], &flat, err, sizeof err) == 0, "npy_write: %s", err);
    printf("(an error is expected next)\n");
    fflush(stdout);
    CHECK(run_cli(args, 13) != 0, "vptx run with a 1-d A.npy must fail");
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0, "%s", cmd);
}

/* ---- examples/gemm.mlir on sm_90a: optional maps ---- */

static int
ga_val(int m, int k)
{
    return (m * 3 + k * 5) % 7 - 3;
}
static int
gb_val(int k, int n)
{
    return (k * 7 + n * 2) % 5 - 2;
}

/* C[m][n] = sum_k A[m][k] B[k][n] (A is M x K, B is K x N, both row-major): wrong elements. */
static int
gemm_compare(const float *c, int gm, int gn, int gk)
{
    int wrong = 0;
    for (int i = 0; i < gm; i++)
        for (int j = 0; j < gn; j++) {
            long ref = 0;
            for (int k = 0; k < gk; k++)
                ref += (long)ga_val(i, k) * gb_val(k, j);
            if (c[i * gn + j] != (float)ref && wrong++ < 3)
                printf("%dx%dx%d: C[%d][%d] = %g, want %ld\n", gm, gn, gk, i, j, c[i * gn + j],
                       ref);
        }
    return wrong;
}

typedef struct {
    int m, n, k;
    uint16_t *a, *b; /* host inputs (at least one element each) */
    float *c;
} GemmData;

static bool
gemm_data(GemmData *g, int gm, int gn, int gk)
{
    g->m = gm, g->n = gn, g->k = gk;
    g->a = calloc((size_t)gm * gk + 1, 2);
    g->b = calloc((size_t)gk * gn + 1, 2);
    g->c = calloc((size_t)gm * gn, 4);
    if (!g->a || !g->b || !g->c)
        return false;
    for (int i = 0; i < gm; i++)
        for (int k = 0; k < gk; k++)
            g->a[i * gk + k] = f16_of_int(ga_val(i, k));
    for (int k = 0; k < gk; k++)
        for (int j = 0; j < gn; j++)
            g->b[k * gn + j] = f16_of_int(gb_val(k, j));
    for (int i = 0; i < gm * gn; i++)
        g->c[i] = 7.0f; /* a stale C: the kernel must write every element (0 at K = 0) */
    return true;
}

static void
gemm_free(GemmData *g)
{
    free(g->a);
    free(g->b);
    free(g->c);
}

/* vptx_launch_memrefs: params are each memref's pointer and its two sizes (9), the maps
   follow (filled by the runtime from mr). */
static void
gemm_launch(const char *ptx, int gm, int gn, int gk)
{
    GemmData g;
    VptxContext *ctx = NULL;
    VptxModule *mod = NULL;
    VptxFunction *fn = NULL;
    CHECK(gemm_data(&g, gm, gn, gk), "alloc");
    CHECK(vptx_context_create(VPTX_DEVICE_SIM, &ctx) == VPTX_OK, "sim context");
    CHECK(vptx_module_load(ctx, ptx, &mod) == VPTX_OK &&
              vptx_module_get_function(ctx, mod, "gemm", &fn) == VPTX_OK,
          "load: %s", vptx_context_error(ctx));
    size_t ab = ((size_t)gm * gk + 1) * 2, bb = ((size_t)gk * gn + 1) * 2, cb = (size_t)gm * gn * 4;
    VptxDevicePtr da = 0, db = 0, dc = 0;
    CHECK(vptx_mem_alloc(ctx, ab, &da) == VPTX_OK && vptx_mem_alloc(ctx, bb, &db) == VPTX_OK &&
              vptx_mem_alloc(ctx, cb, &dc) == VPTX_OK &&
              vptx_memcpy_htod(ctx, da, g.a, ab) == VPTX_OK &&
              vptx_memcpy_htod(ctx, db, g.b, bb) == VPTX_OK &&
              vptx_memcpy_htod(ctx, dc, g.c, cb) == VPTX_OK,
          "buffers: %s", vptx_context_error(ctx));
    uint64_t sz[6] = { (uint64_t)gm, (uint64_t)gk, (uint64_t)gk,
                       (uint64_t)gn, (uint64_t)gm, (uint64_t)gn };
    void *params[9] = { &da, &sz[0], &sz[1], &db, &sz[2], &sz[3], &dc, &sz[4], &sz[5] };
    VptxMemref mr[3] = {
        { .base = da, .elem = VPTX_ELEM_F16, .rank = 2, .sizes = { (uint64_t)gm, (uint64_t)gk } },
        { .base = db, .elem = VPTX_ELEM_F16, .rank = 2, .sizes = { (uint64_t)gk, (uint64_t)gn } },
        { .base = dc, .elem = VPTX_ELEM_F32, .rank = 2, .sizes = { (uint64_t)gm, (uint64_t)gn } },
    };
    unsigned threads = vptx_block_threads(ptx, "gemm");
    unsigned grid[3] = { (unsigned)(gn + 127) / 128, (unsigned)(gm + 127) / 128, 1 };
    unsigned block[3] = { threads ? threads : 384, 1, 1 };
    VptxStatus s =
        vptx_launch_memrefs(ctx, fn, grid, block, vptx_dynamic_smem(ptx, "gemm"), params, mr, 3);
    CHECK(s == VPTX_OK, "%dx%dx%d: launch: %s: %s", gm, gn, gk, vptx_status_name(s),
          vptx_context_error(ctx));
    if (s == VPTX_OK) {
        CHECK(vptx_memcpy_dtoh(ctx, g.c, dc, cb) == VPTX_OK, "read back");
        int wrong = gemm_compare(g.c, gm, gn, gk);
        CHECK(wrong == 0, "%dx%dx%d: %d of %d elements differ from the C loop", gm, gn, gk, wrong,
              gm * gn);
    }
    vptx_context_destroy(ctx);
    gemm_free(&g);
}

/* `vptx run gemm.ptx --grid X,Y --block T [--persistent-ctas=P] A.npy M K B.npy K N C.npy M N`
   (ctas: P, or 0 for none) */
static void
gemm_run_ptx(const char *ptx, int gm, int gn, int gk, int ctas)
{
    char dir[] = "/tmp/vptx-rt-gemm-XXXXXX", path[4][128], out[128], block[16], grid[32], err[256];
    char dims[6][16];
    GemmData g;
    if (!mkdtemp(dir) || !gemm_data(&g, gm, gn, gk)) {
        CHECK(0, "mkdtemp / alloc");
        return;
    }
    static const char *const names[] = { "gemm.ptx", "A.npy", "B.npy", "C.npy" };
    for (int i = 0; i < 4; i++)
        snprintf(path[i], sizeof path[i], "%s/%s", dir, names[i]);
    write_file(path[0], ptx);
    NpyArray arrs[3] = {
        { NPY_F2, 2, { (size_t)gm, (size_t)gk }, (size_t)gm * gk, 2, g.a },
        { NPY_F2, 2, { (size_t)gk, (size_t)gn }, (size_t)gk * gn, 2, g.b },
        { NPY_F4, 2, { (size_t)gm, (size_t)gn }, (size_t)gm * gn, 4, g.c },
    };
    for (int i = 0; i < 3; i++)
        CHECK(npy_write(path[i + 1], &arrs[i], err, sizeof err) == 0, "npy_write: %s", err);
    int d[6] = { gm, gk, gk, gn, gm, gn };
    for (int i = 0; i < 6; i++)
        snprintf(dims[i], sizeof dims[i], "%d", d[i]);
    snprintf(out, sizeof out, "%s/out", dir);
    unsigned threads = vptx_block_threads(ptx, "gemm");
    snprintf(block, sizeof block, "%u", threads ? threads : 384);
    snprintf(grid, sizeof grid, "%d,%d", (gn + 127) / 128, (gm + 127) / 128);
    char pc[40];
    snprintf(pc, sizeof pc, "--persistent-ctas=%d", ctas);
    const char *args[] = { "run",   path[0], "--grid", grid,    "--block", block,
                           "--out", out,     path[1],  dims[0], dims[1],   path[2],
                           dims[2], dims[3], path[3],  dims[4], dims[5],   pc };
    CHECK(run_cli(args, ctas ? 18 : 17) == 0, "%dx%dx%d: vptx run gemm.ptx failed", gm, gn, gk);
    char cpath[160];
    snprintf(cpath, sizeof cpath, "%s/arg6.npy", out);
    NpyArray got = { 0 };
    if (npy_read(cpath, &got, err, sizeof err) == 0 && got.count == (size_t)gm * gn) {
        int wrong = gemm_compare(got.data, gm, gn, gk);
        CHECK(wrong == 0, "vptx run %dx%dx%d: %d of %d elements differ from the C loop", gm, gn, gk,
              wrong, gm * gn);
    } else {
        CHECK(0, "no %s: %s", cpath, err);
    }
    npy_free(&got);
    gemm_free(&g);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0, "%s", cmd);
}

static void
test_gemm_optional(void)
{
    size_t srclen;
    char *src = cli_read_file("examples/gemm.mlir", &srclen);
    CHECK(src != NULL, "read examples/gemm.mlir");
    if (!src)
        return;
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = "sm_90a";
    VptxResult *r = NULL;
    int rc = vptx_compile("examples/gemm.mlir", src, strlen(src), &opt, &r);
    const char *ptx = vptx_result_output(r, NULL);
    CHECK(rc == 0 && ptx, "compile gemm: %s", r ? vptx_result_diagnostics_text(r) : "no result");
    if (rc == 0 && ptx) {
        CHECK(strstr(ptx, "unused when its rows are not whole 16-byte pieces\n") != NULL,
              "gemm's maps are optional");
        gemm_launch(ptx, 130, 130, 66); /* rows of 132 and 260 bytes: maps left zero */
        gemm_launch(ptx, 130, 130, 0);  /* A and B empty: C = 0 */
        gemm_launch(ptx, 130, 136, 72); /* control: TMA maps both */
        gemm_run_ptx(ptx, 130, 130, 66, 0);
        gemm_run_ptx(ptx, 130, 130, 0, 0);
    }
    vptx_result_free(r);
    free(src);
}

static void
test_gemm_persistent(int ping_pong)
{
    size_t srclen;
    char *src = cli_read_file("examples/gemm.mlir", &srclen);
    CHECK(src != NULL, "read examples/gemm.mlir");
    if (!src)
        return;
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = "sm_90a";
    opt.persistent = 1;
    opt.ping_pong = ping_pong;
    VptxResult *r = NULL;
    int rc = vptx_compile("examples/gemm.mlir", src, strlen(src), &opt, &r);
    const char *ptx = vptx_result_output(r, NULL);
    CHECK(rc == 0 && ptx, "compile gemm: %s", r ? vptx_result_diagnostics_text(r) : "no result");
    if (rc == 0 && ptx) {
        /* 3 memrefs of 3 parameters each, then the two maps: the grid is parameter 11 */
        CHECK(vptx_hidden_grid(ptx, "gemm") == 11, "hidden grid at parameter %d",
              vptx_hidden_grid(ptx, "gemm"));
        VptxContext *ctx = NULL;
        VptxModule *mod = NULL;
        VptxFunction *fn = NULL;
        CHECK(vptx_context_create(VPTX_DEVICE_SIM, &ctx) == VPTX_OK &&
                  vptx_module_load(ctx, ptx, &mod) == VPTX_OK &&
                  vptx_module_get_function(ctx, mod, "gemm", &fn) == VPTX_OK,
              "load");
        unsigned one[3] = { 1, 1, 1 }, block[3] = { 384, 1, 1 };
        VptxDevicePtr p = 0;
        uint64_t z = 0;
        void *params[9] = { &p, &z, &z, &p, &z, &z, &p, &z, &z };
        CHECK(vptx_launch(ctx, fn, one, block, 0, params) == VPTX_ERR_INVALID_ARGUMENT &&
                  strstr(vptx_context_error(ctx), "hidden logical grid"),
              "vptx_launch refuses a persistent kernel: %s", vptx_context_error(ctx));
        vptx_context_destroy(ctx);
        gemm_launch(ptx, 257, 136, 104);
        gemm_run_ptx(ptx, 257, 136, 104, 2);
        gemm_run_ptx(ptx, 130, 136, 0, 1);
    }
    vptx_result_free(r);
    free(src);
}

int
main(void)
{
    fill_inputs();
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = "sm_90a";
    VptxResult *r = NULL;
    int rc = vptx_compile("ring.mlir", kernel, sizeof kernel - 1, &opt, &r);
    const char *ptx = vptx_result_output(r, NULL);
    CHECK(rc == 0 && ptx, "compile: %s", r ? vptx_result_diagnostics_text(r) : "no result");
    if (rc == 0 && ptx) {
        VptxContext *ctx = NULL;
        CHECK(vptx_context_create(VPTX_DEVICE_SIM, &ctx) == VPTX_OK, "sim context");
        test_ring(ptx, ctx);
        /* the CUDA path of vptx_launch_memrefs (cuTensorMapEncodeTiled) on an sm_90 GPU, when
           this machine has one; skipped otherwise (no GPU on vptx's build machines) */
        ctx = NULL;
        if (vptx_context_create(VPTX_DEVICE_CUDA, &ctx) == VPTX_OK &&
            strstr(vptx_context_device_name(ctx), "sm_90"))
            test_ring(ptx, ctx);
        else
            vptx_context_destroy(ctx);
        test_run_ptx(ptx);
    }
    vptx_result_free(r);
    test_gemm_optional();
    test_gemm_persistent(0);
    test_gemm_persistent(1); /* whole-tile: two consumer warpgroups on alternate tiles */
    return unit_report();
}
