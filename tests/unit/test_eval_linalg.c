/*
 * test_eval_linalg.c -- the op-level reference (eval/eval_linalg.c) against values worked
 * out by hand: every expected number below comes from the arithmetic in its comment,
 * never from eval.  Each test is MLIR text with tensor or memref arguments; tensor
 * results land in buffers after the parameters, as `vptx check` passes them.
 */
#include "eval/eval.h"

#include "ir/frontend.h"

#include <math.h>
#include <stdio.h>
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

#define CHECK_F(got, want)                                                                         \
    do {                                                                                           \
        double g_ = (got), w_ = (want);                                                            \
        checks++;                                                                                  \
        if (!(fabs(g_ - w_) <= 1e-6 * fabs(w_))) {                                                 \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: got %.17g, want %.17g (%s)\n", __FILE__, __LINE__, g_, w_,     \
                    #got);                                                                         \
        }                                                                                          \
    } while (0)

static Module M;
static Diag D;

/* Parses text and runs @name once with args; false (and the diagnostics printed) on an
 * error. */
static bool
run(const char *text, const char *name, EvalArg *args, uint32_t nargs)
{
    module_free(&M);
    diag_free(&D);
    module_init(&M);
    diag_init(&D);
    bool ok = frontend_parse(&M, &D, "test.mlir", text, strlen(text)) && ir_verify(&M, &D);
    OpId f = ok ? eval_find_func(&M, name) : 0;
    EvalOptions opt = { { 1, 1, 1 }, { 1, 1, 1 }, 0 };
    ok = ok && f && eval_kernel(&M, f, args, nargs, &opt, &D);
    if (!ok)
        diag_render(&D, stderr);
    return ok;
}

static EvalBuffer
buf2(void *data, TypeId elem, int64_t rows, int64_t cols)
{
    EvalBuffer b = { data, elem, 2, { rows, cols }, { cols, 1 } };
    return b;
}

static EvalBuffer
buf1(void *data, TypeId elem, int64_t n)
{
    EvalBuffer b = { data, elem, 1, { n }, { 1 } };
    return b;
}

/* fill + matmul + bias + relu on tensors, dynamic sizes, the result a buffer */
static void
test_gemm_epilogue(void)
{
    static const char text[] =
        "#id = affine_map<(d0, d1) -> (d0, d1)>\n"
        "#row = affine_map<(d0, d1) -> (d1)>\n"
        "func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?xf32>)"
        " -> tensor<?x?xf32> {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %z = arith.constant 0.0 : f32\n"
        "  %m = tensor.dim %a, %c0 : tensor<?x?xf32>\n"
        "  %n = tensor.dim %b, %c1 : tensor<?x?xf32>\n"
        "  %e = tensor.empty(%m, %n) : tensor<?x?xf32>\n"
        "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>\n"
        "  %mm = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)"
        " outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>\n"
        "  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types ="
        " [\"parallel\", \"parallel\"]} ins(%mm, %bias : tensor<?x?xf32>, tensor<?xf32>)"
        " outs(%e : tensor<?x?xf32>) {\n"
        "  ^bb0(%x: f32, %y: f32, %o: f32):\n"
        "    %s = arith.addf %x, %y : f32\n"
        "    %q = arith.maximumf %s, %z : f32\n"
        "    linalg.yield %q : f32\n"
        "  } -> tensor<?x?xf32>\n"
        "  return %r : tensor<?x?xf32>\n"
        "}\n";
    /* A (2x3) = [[1, 2, 3], [4, 5, 6]], B (3x2) = [[1, 0], [0, 1], [1, -1]], bias [-10, 0]
     * A B = [[1+3, 2-3], [4+6, 5-6]] = [[4, -1], [10, -1]]
     * + bias = [[-6, -1], [0, -1]], relu = [[0, 0], [0, 0]]... make bias [-3, 2]:
     * [[1, 1], [7, 1]] */
    float a[6] = { 1, 2, 3, 4, 5, 6 }, b[6] = { 1, 0, 0, 1, 1, -1 }, bias[2] = { -3, 2 };
    float out[4] = { 99, 99, 99, 99 };
    EvalArg args[4] = { { .buf = buf2(a, TY_F32, 2, 3) },
                        { .buf = buf2(b, TY_F32, 3, 2) },
                        { .buf = buf1(bias, TY_F32, 2) },
                        { .buf = buf2(out, TY_F32, 2, 2) } };
    CHECK(run(text, "f", args, 4));
    CHECK_F(out[0], 1);
    CHECK_F(out[1], 1);
    CHECK_F(out[2], 7);
    CHECK_F(out[3], 1);
}

/* matmul_transpose_b, batch_matmul and matmul with transposed-A indexing_maps on memrefs
 * (in place), f16 operands accumulated into f32 */
static void
test_contractions(void)
{
    static const char text[] =
        "func.func @f(%a: memref<2x2xf16>, %bt: memref<3x2xf16>, %c: memref<2x3xf32>,"
        " %ba: memref<2x1x2xf32>, %bb: memref<2x2x1xf32>, %bc: memref<2x1x1xf32>,"
        " %at: memref<2x2xf16>, %c2: memref<2x3xf32>) {\n"
        "  linalg.matmul_transpose_b ins(%a, %bt : memref<2x2xf16>, memref<3x2xf16>)"
        " outs(%c : memref<2x3xf32>)\n"
        "  linalg.batch_matmul ins(%ba, %bb : memref<2x1x2xf32>, memref<2x2x1xf32>)"
        " outs(%bc : memref<2x1x1xf32>)\n"
        "  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,"
        " affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]"
        " ins(%at, %bt : memref<2x2xf16>, memref<3x2xf16>) outs(%c2 : memref<2x3xf32>)\n"
        "  return\n"
        "}\n";
    /* A = [[1, 2], [3, 4]], B^T rows (n) = [1, 1], [0, 1], [2, -1] (B[k][n] = bt[n][k])
     * C = 10 + A B: row 0: [1+2, 2, 2-2] = [3, 2, 0] -> [13, 12, 10]
     *               row 1: [3+4, 4, 6-4] = [7, 4, 2] -> [17, 14, 12] */
    uint16_t a[4], bt[6], at[4];
    const double av[4] = { 1, 2, 3, 4 }, btv[6] = { 1, 1, 0, 1, 2, -1 };
    for (int i = 0; i < 4; i++)
        a[i] = eval_f16_bits(av[i]);
    for (int i = 0; i < 6; i++)
        bt[i] = eval_f16_bits(btv[i]);
    /* at is A transposed: at[k][m] = A[m][k] */
    at[0] = a[0], at[1] = a[2], at[2] = a[1], at[3] = a[3];
    float c[6], c2[6];
    for (int i = 0; i < 6; i++)
        c[i] = 10, c2[i] = 0;
    /* batch 0: [1, 2] . [3, 4] = 11 (+ 1 = 12); batch 1: [5, 6] . [7, 8] = 83 (+ 2 = 85) */
    float ba[4] = { 1, 2, 5, 6 }, bb[4] = { 3, 4, 7, 8 }, bc[2] = { 1, 2 };
    EvalBuffer b3a = { ba, TY_F32, 3, { 2, 1, 2 }, { 2, 2, 1 } };
    EvalBuffer b3b = { bb, TY_F32, 3, { 2, 2, 1 }, { 2, 1, 1 } };
    EvalBuffer b3c = { bc, TY_F32, 3, { 2, 1, 1 }, { 1, 1, 1 } };
    EvalArg args[8] = { { .buf = buf2(a, TY_F16, 2, 2) },
                        { .buf = buf2(bt, TY_F16, 3, 2) },
                        { .buf = buf2(c, TY_F32, 2, 3) },
                        { .buf = b3a },
                        { .buf = b3b },
                        { .buf = b3c },
                        { .buf = buf2(at, TY_F16, 2, 2) },
                        { .buf = buf2(c2, TY_F32, 2, 3) } };
    CHECK(run(text, "f", args, 8));
    const float want[6] = { 13, 12, 10, 17, 14, 12 };
    for (int i = 0; i < 6; i++) {
        CHECK_F(c[i], want[i]);
        CHECK_F(c2[i], want[i] - 10);
    }
    CHECK_F(bc[0], 12);
    CHECK_F(bc[1], 85);
}

/* softmax of [0, ln 3] = [1/4, 3/4]; of [2, 2, 2] = 1/3 each (dimension 1) */
static void
test_softmax(void)
{
    static const char text[] =
        "func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
        "  %e = tensor.empty() : tensor<2x3xf32>\n"
        "  %s = linalg.softmax dimension(1) ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>)"
        " -> tensor<2x3xf32>\n"
        "  return %s : tensor<2x3xf32>\n"
        "}\n";
    /* row 0: [0, ln 3, -inf]: exp = [1, 3, 0] / 4 */
    float x[6] = { 0, (float)log(3.0), -INFINITY, 2, 2, 2 }, y[6];
    EvalArg args[2] = { { .buf = buf2(x, TY_F32, 2, 3) }, { .buf = buf2(y, TY_F32, 2, 3) } };
    CHECK(run(text, "f", args, 2));
    CHECK_F(y[0], 0.25);
    CHECK_F(y[1], 0.75);
    CHECK_F(y[2], 0);
    for (int i = 3; i < 6; i++)
        CHECK_F(y[i], 1.0 / 3);
}

/* reduce (max over dim 0), transpose, broadcast, map, copy; two tensor results */
static void
test_data_movement(void)
{
    static const char text[] =
        "func.func @f(%x: tensor<2x3xf32>, %v: tensor<3xf32>)"
        " -> (tensor<3xf32>, tensor<3x2xf32>) {\n"
        "  %e3 = tensor.empty() : tensor<3xf32>\n"
        "  %ninf = arith.constant 0xFF800000 : f32\n"
        "  %i = linalg.fill ins(%ninf : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>\n"
        "  %mx = linalg.reduce { arith.maximumf } ins(%x : tensor<2x3xf32>)"
        " outs(%i : tensor<3xf32>) dimensions = [0]\n"
        "  %e32 = tensor.empty() : tensor<3x2xf32>\n"
        "  %t = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%e32 : tensor<3x2xf32>)"
        " permutation = [1, 0]\n"
        "  %b = linalg.broadcast ins(%v : tensor<3xf32>) outs(%e32 : tensor<3x2xf32>)"
        " dimensions = [1]\n"
        "  %s = linalg.map { arith.addf } ins(%t, %b : tensor<3x2xf32>, tensor<3x2xf32>)"
        " outs(%e32 : tensor<3x2xf32>)\n"
        "  %c = linalg.copy ins(%mx : tensor<3xf32>) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>\n"
        "  return %c, %s : tensor<3xf32>, tensor<3x2xf32>\n"
        "}\n";
    /* x = [[1, 5, -2], [4, 0, 3]]: max over rows = [4, 5, 3]
     * x^T = [[1, 4], [5, 0], [-2, 3]]; broadcast v = [10, 20, 30] along dim 1:
     * [[10, 10], [20, 20], [30, 30]]; sum = [[11, 14], [25, 20], [28, 33]] */
    float x[6] = { 1, 5, -2, 4, 0, 3 }, v[3] = { 10, 20, 30 }, mx[3], s[6];
    EvalArg args[4] = { { .buf = buf2(x, TY_F32, 2, 3) },
                        { .buf = buf1(v, TY_F32, 3) },
                        { .buf = buf1(mx, TY_F32, 3) },
                        { .buf = buf2(s, TY_F32, 3, 2) } };
    CHECK(run(text, "f", args, 4));
    CHECK_F(mx[0], 4);
    CHECK_F(mx[1], 5);
    CHECK_F(mx[2], 3);
    const float want[6] = { 11, 14, 25, 20, 28, 33 };
    for (int i = 0; i < 6; i++)
        CHECK_F(s[i], want[i]);
}

/* extract_slice / insert_slice (rank-reducing), to_tensor, materialize_in_destination,
 * linalg.index, a generic reduction with two outs */
static void
test_slices_and_index(void)
{
    static const char text[] =
        "func.func @f(%m: memref<3x4xf32>, %out: memref<4xf32>, %o2: memref<3xf32>) {\n"
        "  %t = bufferization.to_tensor %m : memref<3x4xf32> to tensor<3x4xf32>\n"
        "  %row = tensor.extract_slice %t[1, 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<4xf32>\n"
        "  %z = arith.constant 0.0 : f32\n"
        "  %e = tensor.empty() : tensor<4xf32>\n"
        "  %ix = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) ->"
        " (d0)>], iterator_types = [\"parallel\"]} ins(%row : tensor<4xf32>) outs(%e :"
        " tensor<4xf32>) {\n"
        "  ^bb0(%a: f32, %o: f32):\n"
        "    %i = linalg.index 0 : index\n"
        "    %ii = arith.index_cast %i : index to i32\n"
        "    %f = arith.sitofp %ii : i32 to f32\n"
        "    %s = arith.mulf %a, %f : f32\n"
        "    linalg.yield %s : f32\n"
        "  } -> tensor<4xf32>\n"
        "  %two = tensor.extract_slice %ix[2] [2] [1] : tensor<4xf32> to tensor<2xf32>\n"
        "  %ins = tensor.insert_slice %two into %ix[0] [2] [1] : tensor<2xf32> into tensor<4xf32>\n"
        "  bufferization.materialize_in_destination %ins in %out : (tensor<4xf32>, memref<4xf32>)"
        " -> ()\n"
        "  %e3 = tensor.empty() : tensor<3xf32>\n"
        "  %zz = linalg.fill ins(%z : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>\n"
        "  %sum:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,"
        " affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types ="
        " [\"parallel\", \"reduction\"]} ins(%t : tensor<3x4xf32>) outs(%zz, %zz :"
        " tensor<3xf32>, tensor<3xf32>) {\n"
        "  ^bb0(%a: f32, %s: f32, %q: f32):\n"
        "    %n = arith.addf %s, %a : f32\n"
        "    %sq = arith.mulf %a, %a : f32\n"
        "    %nq = arith.addf %q, %sq : f32\n"
        "    linalg.yield %n, %nq : f32, f32\n"
        "  } -> (tensor<3xf32>, tensor<3xf32>)\n"
        "  %d = arith.constant 1 : index\n"
        "  bufferization.materialize_in_destination %sum#1 in %o2 : (tensor<3xf32>, memref<3xf32>)"
        " -> ()\n"
        "  return\n"
        "}\n";
    /* m row 1 = [1, 2, 3, 4]; times its index: [0, 2, 6, 12]; elements 2..3 inserted at
     * 0..1: [6, 12, 6, 12].  Sums of squares per row: rows [0..3], [1..4], [2, 2, 2, 2]:
     * 0+1+4+9 = 14, 1+4+9+16 = 30, 16 */
    float m[12] = { 0, 1, 2, 3, 1, 2, 3, 4, 2, 2, 2, 2 }, out[4], o2[3];
    EvalArg args[3] = { { .buf = buf2(m, TY_F32, 3, 4) },
                        { .buf = buf1(out, TY_F32, 4) },
                        { .buf = buf1(o2, TY_F32, 3) } };
    CHECK(run(text, "f", args, 3));
    const float want[4] = { 6, 12, 6, 12 };
    for (int i = 0; i < 4; i++)
        CHECK_F(out[i], want[i]);
    CHECK_F(o2[0], 14);
    CHECK_F(o2[1], 30);
    CHECK_F(o2[2], 16);
}

/* an out-of-bounds slice is a located error, not a crash */
static void
test_error(void)
{
    static const char text[] =
        "func.func @f(%x: tensor<4xf32>) -> tensor<2xf32> {\n"
        "  %c3 = arith.constant 3 : index\n"
        "  %s = tensor.extract_slice %x[%c3] [2] [1] : tensor<4xf32> to tensor<2xf32>\n"
        "  return %s : tensor<2xf32>\n"
        "}\n";
    float x[4] = { 0 }, y[2];
    EvalArg args[2] = { { .buf = buf1(x, TY_F32, 4) }, { .buf = buf1(y, TY_F32, 2) } };
    module_free(&M);
    diag_free(&D);
    module_init(&M);
    diag_init(&D);
    bool ok = frontend_parse(&M, &D, "test.mlir", text, strlen(text)) && ir_verify(&M, &D);
    EvalOptions opt = { { 1, 1, 1 }, { 1, 1, 1 }, 0 };
    CHECK(ok);
    CHECK(!eval_kernel(&M, eval_find_func(&M, "f"), args, 2, &opt, &D));
    CHECK(D.nrecs >= 1 && D.recs[0].loc.line == 3);
}

int
main(void)
{
    module_init(&M);
    diag_init(&D);
    test_gemm_epilogue();
    test_contractions();
    test_softmax();
    test_data_movement();
    test_slices_and_index();
    test_error();
    module_free(&M);
    diag_free(&D);
    if (failures) {
        fprintf(stderr, "test_eval_linalg: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("test_eval_linalg: %d checks passed\n", checks);
    return 0;
}
