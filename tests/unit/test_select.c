/*
 * test_select.c -- automatic tensor-core selection through the C API: the
 * remarks option gives VPTX_REMARK diagnostics (and nothing without it), and
 * allow_tf32 decides whether an f32 contract becomes tf32 mma.sync.
 */
#include "driver/vptx.h"

#include <string.h>

#include "tests/unit/unit.h"

static const char f32_kernel[] =
    "#lhs = affine_map<(m, n, k) -> (m, k)>\n"
    "#rhs = affine_map<(m, n, k) -> (k, n)>\n"
    "#acc = affine_map<(m, n, k) -> (m, n)>\n"
    "func.func @k(%A: memref<16x8xf32>, %B: memref<8x8xf32>, %C: memref<16x8xf32>)\n"
    "    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %f = arith.constant 0.0 : f32\n"
    "  %a = vector.transfer_read %A[%c0, %c0], %f {in_bounds = [true, true]} : "
    "memref<16x8xf32>, vector<16x8xf32>\n"
    "  %b = vector.transfer_read %B[%c0, %c0], %f {in_bounds = [true, true]} : "
    "memref<8x8xf32>, vector<8x8xf32>\n"
    "  %c = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true]} : "
    "memref<16x8xf32>, vector<16x8xf32>\n"
    "  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = "
    "[\"parallel\", \"parallel\", \"reduction\"], kind = #vector.kind<add>} %a, %b, %c : "
    "vector<16x8xf32>, vector<8x8xf32> into vector<16x8xf32>\n"
    "  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, "
    "memref<16x8xf32>\n"
    "  return\n"
    "}\n";

/* Compiles f32_kernel; counts its remarks; true when the PTX has a tf32 mma.sync. */
static int
compile(int remarks, int allow_tf32, size_t *nremarks, int *tf32)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.remarks = remarks;
    opt.allow_tf32 = allow_tf32;
    VptxResult *r = NULL;
    int rc = vptx_compile("k.mlir", f32_kernel, strlen(f32_kernel), &opt, &r);
    *nremarks = 0;
    for (size_t i = 0; i < vptx_result_num_diagnostics(r); i++) {
        const VptxDiagnostic *d = vptx_result_diagnostic(r, i);
        if (d->level == VPTX_REMARK) {
            (*nremarks)++;
            CHECK(d->line > 0 && d->file && strcmp(d->file, "k.mlir") == 0,
                  "a remark has a location");
        }
    }
    const char *ptx = vptx_result_output(r, NULL);
    *tf32 = ptx && strstr(ptx, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32") != NULL;
    if (remarks)
        CHECK(strstr(vptx_result_diagnostics_text(r), "remark: ") != NULL,
              "remarks are rendered as 'remark:'");
    vptx_result_free(r);
    return rc;
}

int
main(void)
{
    size_t n;
    int tf32;
    CHECK(compile(0, 0, &n, &tf32) == 0, "compiles");
    CHECK(n == 0 && !tf32, "no remarks, no tf32 by default (got %zu remarks)", n);
    CHECK(compile(1, 0, &n, &tf32) == 0, "compiles with remarks");
    CHECK(n == 2 && !tf32, "a contract remark and a function remark (got %zu)", n);
    CHECK(compile(1, 1, &n, &tf32) == 0, "compiles with tf32");
    CHECK(n == 2 && tf32, "tf32 mma.sync with allow_tf32 (got %zu remarks, tf32 %d)", n, tf32);
    return unit_report();
}
