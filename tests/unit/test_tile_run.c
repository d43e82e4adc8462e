/*
 * test_tile_run.c -- op-level kernels (tile/), compiled with vptx_compile and run on the
 * simulator through the runtime API, against values worked out by hand in the comments
 * (never by vptx).  Each launch takes no grid and no block: vptx_launch_memrefs computes
 * them from the argument sizes, and vptx_kernel_result_shape sizes the result buffers.
 * The sizes are ragged (not multiples of the tiles), so the edge code runs too.
 */
#include "driver/vptx.h"
#include "driver/vptx_runtime.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define CHECK_F(got, want, tol)                                                                    \
    do {                                                                                           \
        double g_ = (got), w_ = (want);                                                            \
        checks++;                                                                                  \
        if (!(fabs(g_ - w_) <= (tol))) {                                                           \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: got %.9g, want %.9g (%s)\n", __FILE__, __LINE__, g_, w_,       \
                    #got);                                                                         \
        }                                                                                          \
    } while (0)

static char *
compile(const char *text)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    VptxResult *r = NULL;
    char *ptx = NULL;
    if (vptx_compile("test.mlir", text, strlen(text), &opt, &r) == 0) {
        size_t n;
        const char *out = vptx_result_output(r, &n);
        ptx = malloc(n + 1);
        if (ptx)
            memcpy(ptx, out, n + 1);
    } else if (r) {
        fputs(vptx_result_diagnostics_text(r), stderr);
    }
    vptx_result_free(r);
    return ptx;
}

static uint16_t
f16(double v) /* exact for the small integers used here */
{
    int e = 0;
    if (v == 0)
        return 0;
    uint16_t sign = v < 0 ? 0x8000 : 0;
    double a = fabs(v);
    while (a >= 2)
        a /= 2, e++;
    while (a < 1)
        a *= 2, e--;
    return (uint16_t)(sign | (uint16_t)((e + 15) << 10) | (uint16_t)((a - 1) * 1024));
}

/* One memref argument: host data, its device copy and its description. */
typedef struct Buf {
    void *host;
    size_t bytes;
    VptxDevicePtr dev;
    uint64_t sizes[2];
} Buf;

/* Runs the kernel `name` of text on the memrefs (all 1-d or 2-d, dynamic dims, inputs
 * first, the results last and allocated here from vptx_kernel_result_shape); copies the
 * results back into out[k].  A split function: `name` lists its kernels, "f__1,f", run
 * in that order on the same arguments; its scratch buffers count as results here. */
static bool
run(const char *text, const char *name, Buf *in, unsigned nin, VptxElemType *elems, unsigned nout,
    float **out, uint64_t (*out_shape)[2])
{
    char *ptx = compile(text);
    if (!ptx)
        return false;
    VptxContext *ctx = NULL;
    VptxModule *mod = NULL;
    VptxFunction *fns[4] = { NULL }, *fn = NULL;
    unsigned nfn = 0;
    bool ok = vptx_context_create(VPTX_DEVICE_SIM, &ctx) == VPTX_OK &&
              vptx_module_load(ctx, ptx, &mod) == VPTX_OK;
    for (const char *p = name; ok && *p && nfn < 4;
         p += strcspn(p, ",") + (p[strcspn(p, ",")] != 0)) {
        char one[64];
        snprintf(one, sizeof one, "%.*s", (int)strcspn(p, ","), p);
        ok = vptx_module_get_function(ctx, mod, one, &fns[nfn++]) == VPTX_OK;
    }
    fn = fns[0];
    VptxMemref mr[8];
    memset(mr, 0, sizeof mr);
    Buf res[4];
    memset(res, 0, sizeof res);
    for (unsigned i = 0; ok && i < nin; i++) {
        ok = vptx_mem_alloc(ctx, in[i].bytes, &in[i].dev) == VPTX_OK &&
             vptx_memcpy_htod(ctx, in[i].dev, in[i].host, in[i].bytes) == VPTX_OK;
        mr[i] = (VptxMemref){
            in[i].dev, elems[i], in[i].sizes[1] ? 2u : 1u, 0, { in[i].sizes[0], in[i].sizes[1] },
            { 0 }
        };
    }
    for (unsigned k = 0; ok && k < nout; k++) {
        unsigned arg, rank;
        uint64_t sizes[VPTX_MAX_RANK];
        ok = vptx_kernel_result_shape(fn, k, mr, nin, &arg, &rank, sizes) == VPTX_OK &&
             arg == nin + k && rank <= 2;
        res[k].sizes[0] = sizes[0];
        res[k].sizes[1] = rank == 2 ? sizes[1] : 0;
        out_shape[k][0] = sizes[0];
        out_shape[k][1] = res[k].sizes[1];
        res[k].bytes = 4 * sizes[0] * (rank == 2 ? sizes[1] : 1);
        ok = ok && vptx_mem_alloc(ctx, res[k].bytes, &res[k].dev) == VPTX_OK;
        mr[nin + k] =
            (VptxMemref){ res[k].dev, VPTX_ELEM_F32, rank, 0, { sizes[0], sizes[1] }, { 0 } };
    }
    /* the parameters: each memref's base pointer, then its (dynamic) sizes */
    void *params[32];
    uint64_t dims[16];
    unsigned np = 0, nd = 0;
    for (unsigned i = 0; ok && i < nin + nout; i++) {
        params[np++] = &mr[i].base;
        for (unsigned d = 0; d < mr[i].rank; d++) {
            dims[nd] = mr[i].sizes[d];
            params[np++] = &dims[nd++];
        }
    }
    for (unsigned f = 0; ok && f < nfn; f++)
        if (vptx_launch_memrefs(ctx, fns[f], NULL, NULL, 0, params, mr, nin + nout) != VPTX_OK) {
            fprintf(stderr, "test_tile_run: %s: %s\n", name, vptx_context_error(ctx));
            ok = false;
        }
    for (unsigned k = 0; ok && k < nout; k++) {
        out[k] = malloc(res[k].bytes);
        ok = out[k] && vptx_memcpy_dtoh(ctx, out[k], res[k].dev, res[k].bytes) == VPTX_OK;
    }
    vptx_context_destroy(ctx);
    free(ptx);
    return ok;
}

/* softmax of rows [0, ln 3, -inf] = [1/4, 3/4, 0] and [2, 2, 2] = 1/3 each */
static void
test_softmax(void)
{
    static const char text[] =
        "func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %m = tensor.dim %x, %c0 : tensor<?x?xf32>\n"
        "  %n = tensor.dim %x, %c1 : tensor<?x?xf32>\n"
        "  %e = tensor.empty(%m, %n) : tensor<?x?xf32>\n"
        "  %s = linalg.softmax dimension(1) ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>)"
        " -> tensor<?x?xf32>\n"
        "  return %s : tensor<?x?xf32>\n"
        "}\n";
    float x[6] = { 0, (float)log(3.0), -INFINITY, 2, 2, 2 };
    Buf in[1] = { { x, sizeof x, 0, { 2, 3 } } };
    VptxElemType el[1] = { VPTX_ELEM_F32 };
    float *y = NULL;
    uint64_t shape[1][2];
    CHECK(run(text, "softmax", in, 1, el, 1, &y, shape));
    if (!y)
        return;
    CHECK(shape[0][0] == 2 && shape[0][1] == 3);
    const double want[6] = { 0.25, 0.75, 0, 1.0 / 3, 1.0 / 3, 1.0 / 3 };
    for (int i = 0; i < 6; i++)
        CHECK_F(y[i], want[i], 1e-6);
    free(y);
}

/* relu(A B + bias): A = [[1, 2, 3], [4, 5, 6]], B = [[1, 0], [0, 1], [1, -1]] (f16),
 * bias = [-3, 2]: A B = [[4, -1], [10, -1]], + bias = [[1, 1], [7, 1]], relu the same */
static void
test_gemm_relu(void)
{
    static const char text[] =
        "#id = affine_map<(d0, d1) -> (d0, d1)>\n"
        "#col = affine_map<(d0, d1) -> (d1)>\n"
        "func.func @gemm_relu(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %bias: tensor<?xf32>)"
        " -> tensor<?x?xf32> {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %z = arith.constant 0.0 : f32\n"
        "  %m = tensor.dim %a, %c0 : tensor<?x?xf16>\n"
        "  %n = tensor.dim %b, %c1 : tensor<?x?xf16>\n"
        "  %e = tensor.empty(%m, %n) : tensor<?x?xf32>\n"
        "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>\n"
        "  %mm = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>)"
        " outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>\n"
        "  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types ="
        " [\"parallel\", \"parallel\"]} ins(%mm, %bias : tensor<?x?xf32>, tensor<?xf32>)"
        " outs(%e : tensor<?x?xf32>) {\n"
        "  ^bb0(%x: f32, %y: f32, %o: f32):\n"
        "    %s = arith.addf %x, %y : f32\n"
        "    %q = arith.maximumf %s, %z : f32\n"
        "    linalg.yield %q : f32\n"
        "  } -> tensor<?x?xf32>\n"
        "  return %r : tensor<?x?xf32>\n"
        "}\n";
    uint16_t a[6], b[6];
    const double av[6] = { 1, 2, 3, 4, 5, 6 }, bv[6] = { 1, 0, 0, 1, 1, -1 };
    for (int i = 0; i < 6; i++)
        a[i] = f16(av[i]), b[i] = f16(bv[i]);
    float bias[2] = { -3, 2 };
    Buf in[3] = { { a, sizeof a, 0, { 2, 3 } },
                  { b, sizeof b, 0, { 3, 2 } },
                  { bias, sizeof bias, 0, { 2, 0 } } };
    VptxElemType el[3] = { VPTX_ELEM_F16, VPTX_ELEM_F16, VPTX_ELEM_F32 };
    float *y = NULL;
    uint64_t shape[1][2];
    CHECK(run(text, "gemm_relu", in, 3, el, 1, &y, shape));
    if (!y)
        return;
    CHECK(shape[0][0] == 2 && shape[0][1] == 2);
    const float want[4] = { 1, 1, 7, 1 };
    for (int i = 0; i < 4; i++)
        CHECK_F(y[i], want[i], 0);
    free(y);
}

/* transpose of a 3 x 5 matrix whose element (i, j) is 10 i + j: out (j, i) = 10 i + j */
static void
test_transpose(void)
{
    static const char text[] =
        "func.func @tr(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %m = tensor.dim %x, %c0 : tensor<?x?xf32>\n"
        "  %n = tensor.dim %x, %c1 : tensor<?x?xf32>\n"
        "  %e = tensor.empty(%n, %m) : tensor<?x?xf32>\n"
        "  %t = linalg.transpose ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>)"
        " permutation = [1, 0]\n"
        "  return %t : tensor<?x?xf32>\n"
        "}\n";
    float x[15];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++)
            x[i * 5 + j] = (float)(10 * i + j);
    Buf in[1] = { { x, sizeof x, 0, { 3, 5 } } };
    VptxElemType el[1] = { VPTX_ELEM_F32 };
    float *y = NULL;
    uint64_t shape[1][2];
    CHECK(run(text, "tr", in, 1, el, 1, &y, shape));
    if (!y)
        return;
    CHECK(shape[0][0] == 5 && shape[0][1] == 3);
    for (int j = 0; j < 5; j++)
        for (int i = 0; i < 3; i++)
            CHECK_F(y[j * 3 + i], 10 * i + j, 0);
    free(y);
}

/* row sums and row sums of squares in one generic with two outs:
 * rows [1, 2, 3, 4, 5] and [-1, 0, 1, 2, 3]: sums 15 and 5, squares 55 and 15 */
static void
test_two_reductions(void)
{
    static const char text[] =
        "#id = affine_map<(d0, d1) -> (d0, d1)>\n"
        "#row = affine_map<(d0, d1) -> (d0)>\n"
        "func.func @stats(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %z = arith.constant 0.0 : f32\n"
        "  %m = tensor.dim %x, %c0 : tensor<?x?xf32>\n"
        "  %e = tensor.empty(%m) : tensor<?xf32>\n"
        "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>\n"
        "  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types ="
        " [\"parallel\", \"reduction\"]} ins(%x : tensor<?x?xf32>) outs(%f, %f : tensor<?xf32>,"
        " tensor<?xf32>) {\n"
        "  ^bb0(%a: f32, %s: f32, %q: f32):\n"
        "    %n = arith.addf %s, %a : f32\n"
        "    %sq = arith.mulf %a, %a : f32\n"
        "    %nq = arith.addf %q, %sq : f32\n"
        "    linalg.yield %n, %nq : f32, f32\n"
        "  } -> (tensor<?xf32>, tensor<?xf32>)\n"
        "  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>\n"
        "}\n";
    float x[10] = { 1, 2, 3, 4, 5, -1, 0, 1, 2, 3 };
    Buf in[1] = { { x, sizeof x, 0, { 2, 5 } } };
    VptxElemType el[1] = { VPTX_ELEM_F32 };
    float *y[2] = { NULL, NULL };
    uint64_t shape[2][2];
    CHECK(run(text, "stats", in, 1, el, 2, y, shape));
    if (!y[0] || !y[1])
        return;
    CHECK(shape[0][0] == 2 && shape[1][0] == 2);
    CHECK_F(y[0][0], 15, 0);
    CHECK_F(y[0][1], 5, 0);
    CHECK_F(y[1][0], 55, 0);
    CHECK_F(y[1][1], 15, 0);
    free(y[0]);
    free(y[1]);
}

/* row sums, x / row sum, then column sums of that: two kernels (the column reduction
 * does not fuse with the row one); the division goes with the column sums, so the
 * quotient stays in registers and there is no scratch buffer (tile/split.c) */
static void
test_split(void)
{
    static const char text[] =
        "#id = affine_map<(d0, d1) -> (d0, d1)>\n"
        "func.func @two(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %m = tensor.dim %x, %c0 : tensor<?x?xf32>\n"
        "  %n = tensor.dim %x, %c1 : tensor<?x?xf32>\n"
        "  %z = arith.constant 0.0 : f32\n"
        "  %em = tensor.empty(%m) : tensor<?xf32>\n"
        "  %fm = linalg.fill ins(%z : f32) outs(%em : tensor<?xf32>) -> tensor<?xf32>\n"
        "  %rows = linalg.reduce { arith.addf } ins(%x : tensor<?x?xf32>) outs(%fm :"
        " tensor<?xf32>) dimensions = [1]\n"
        "  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>\n"
        "  %q = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d0)>, #id],"
        " iterator_types = [\"parallel\", \"parallel\"]} ins(%x, %rows : tensor<?x?xf32>,"
        " tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {\n"
        "  ^bb0(%a: f32, %s: f32, %o: f32):\n"
        "    %d = arith.divf %a, %s : f32\n"
        "    linalg.yield %d : f32\n"
        "  } -> tensor<?x?xf32>\n"
        "  %en = tensor.empty(%n) : tensor<?xf32>\n"
        "  %fn = linalg.fill ins(%z : f32) outs(%en : tensor<?xf32>) -> tensor<?xf32>\n"
        "  %cols = linalg.reduce { arith.addf } ins(%q : tensor<?x?xf32>) outs(%fn :"
        " tensor<?xf32>) dimensions = [0]\n"
        "  return %rows, %cols : tensor<?xf32>, tensor<?xf32>\n"
        "}\n";
    float x[6] = { 1, 3, 4, 2, 2, 4 }; /* rows [1 3 4], [2 2 4]: sums 8, 8 */
    Buf in[1] = { { x, sizeof x, 0, { 2, 3 } } };
    VptxElemType el[1] = { VPTX_ELEM_F32 };
    float *y[2] = { NULL, NULL };
    uint64_t shape[2][2];
    CHECK(run(text, "two__1,two", in, 1, el, 2, y, shape));
    if (!y[0] || !y[1])
        return;
    CHECK(shape[0][0] == 2 && shape[1][0] == 3);
    CHECK_F(y[0][0], 8, 0);
    CHECK_F(y[0][1], 8, 0);
    CHECK_F(y[1][0], 0.375, 0); /* (1 + 2) / 8 */
    CHECK_F(y[1][1], 0.625, 0); /* (3 + 2) / 8 */
    CHECK_F(y[1][2], 1, 0);     /* (4 + 4) / 8 */
    for (int i = 0; i < 2; i++)
        free(y[i]);
}

/* A whole-array sum runs as f__1 on 4 workgroups per SM, then f: the part count follows
 * the device, here the simulator's modeled part (no timing model: sm_80's reference GPU,
 * 108 SMs; the H100 model: 132).  x[i] = i mod 7 over n = 100003: 14286 whole periods
 * of 0 + 1 + ... + 6 = 21, then 0 (i = 100002 = 7 * 14286), so 300006, exact in f32. */
static void
test_whole_sum_parts(void)
{
    const char *text =
        "func.func @total(%x: tensor<?xf32>) -> tensor<f32> {\n"
        "  %zero = arith.constant 0.0 : f32\n"
        "  %e = tensor.empty() : tensor<f32>\n"
        "  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>\n"
        "  %r = linalg.reduce { arith.addf } ins(%x : tensor<?xf32>) outs(%z : tensor<f32>)"
        " dimensions = [0]\n"
        "  return %r : tensor<f32>\n"
        "}\n";
    char *ptx = compile(text);
    CHECK(ptx != NULL);
    if (!ptx)
        return;
    const uint64_t n = 100003;
    float *x = malloc(n * sizeof *x);
    CHECK(x != NULL);
    for (uint64_t i = 0; x && i < n; i++)
        x[i] = (float)(i % 7);
    static const char *const gpu[2] = { NULL, "h100" };
    static const unsigned want_parts[2] = { 432, 528 };
    for (int t = 0; x && t < 2; t++) {
        VptxContext *ctx = NULL;
        VptxModule *mod = NULL;
        VptxFunction *f1 = NULL, *f2 = NULL;
        VptxDevicePtr dx = 0, dr = 0, ds = 0;
        bool ok = vptx_context_create(VPTX_DEVICE_SIM, &ctx) == VPTX_OK &&
                  (!gpu[t] || vptx_context_set_timing(ctx, gpu[t], 0) == VPTX_OK) &&
                  vptx_module_load(ctx, ptx, &mod) == VPTX_OK &&
                  vptx_module_get_function(ctx, mod, "total__1", &f1) == VPTX_OK &&
                  vptx_module_get_function(ctx, mod, "total", &f2) == VPTX_OK &&
                  vptx_mem_alloc(ctx, n * 4, &dx) == VPTX_OK &&
                  vptx_memcpy_htod(ctx, dx, x, n * 4) == VPTX_OK &&
                  vptx_mem_alloc(ctx, 4, &dr) == VPTX_OK;
        VptxMemref mr[3];
        memset(mr, 0, sizeof mr);
        mr[0] = (VptxMemref){ dx, VPTX_ELEM_F32, 1, 0, { n }, { 0 } };
        unsigned grid[3] = { 0 }, arg = 0, rank = 9;
        uint64_t sizes[VPTX_MAX_RANK] = { 0 };
        ok = ok && vptx_kernel_grid(f1, mr, 1, grid) == VPTX_OK;
        CHECK(ok && grid[0] == want_parts[t] && grid[1] == 1 && grid[2] == 1);
        /* the scratch buffer, after the result: one partial per part */
        ok = ok && vptx_kernel_result_shape(f1, 1, mr, 1, &arg, &rank, sizes) == VPTX_OK;
        CHECK(ok && arg == 2 && rank == 1 && sizes[0] == want_parts[t]);
        ok = ok && vptx_mem_alloc(ctx, sizes[0] * 4, &ds) == VPTX_OK;
        mr[2] = (VptxMemref){ ds, VPTX_ELEM_F32, 1, 0, { sizes[0] }, { 0 } };
        uint64_t xn = n, sn = sizes[0];
        void *params[] = { &dx, &xn, &dr, &ds, &sn };
        ok = ok && vptx_launch_memrefs(ctx, f1, NULL, NULL, 0, params, mr, 3) == VPTX_OK &&
             vptx_launch_memrefs(ctx, f2, NULL, NULL, 0, params, mr, 3) == VPTX_OK;
        float got = -1;
        ok = ok && vptx_memcpy_dtoh(ctx, &got, dr, 4) == VPTX_OK;
        if (!ok)
            fprintf(stderr, "test_tile_run: total: %s\n", ctx ? vptx_context_error(ctx) : "");
        CHECK(ok);
        CHECK_F(got, 300006, 0);
        vptx_context_destroy(ctx);
    }
    free(x);
    free(ptx);
}

int
main(void)
{
    test_softmax();
    test_gemm_relu();
    test_transpose();
    test_two_reductions();
    test_split();
    test_whole_sum_parts();
    if (failures) {
        fprintf(stderr, "test_tile_run: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("test_tile_run: %d checks passed\n", checks);
    return 0;
}
