/*
 * test_api_kernels.c -- the embedding API's statuses, diagnostics and per-kernel results
 * (issue 32): vptx_compile2 / vptx_result_status, the source line of a diagnostic, and
 * vptx_result_kernel's names, arguments, .param roles, launch shape and shared memory,
 * checked against facts written here from the kernel ABI (docs/ptx-generation.md), not
 * against the compiler's own description.
 *
 * Runs from the repository root (tests/run.sh does), reading examples/gemm.mlir.
 */
#include "driver/vptx.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/files.h"
#include "tests/unit/unit.h"

/* a dynamic memref (base, offset? no: size of dim 0), an i1, an f32, a static memref */
static const char axpy[] =
    "func.func @axpy(%x: memref<?xf32>, %flag: i1, %a: f32, %y: memref<64xf32>)\n"
    "    attributes {gpu.known_block_size = array<i32: 64, 1, 1>,\n"
    "                gpu.known_grid_size = array<i32: 4, 2, 1>} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %pad = arith.constant 0.0 : f32\n"
    "  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<?xf32>, "
    "vector<64xf32>\n"
    "  %s = vector.broadcast %a : f32 to vector<64xf32>\n"
    "  %r = arith.mulf %v, %s : vector<64xf32>\n"
    "  scf.if %flag {\n"
    "    vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<64xf32>, "
    "memref<64xf32>\n"
    "  }\n"
    "  return\n"
    "}\n";

static void
test_kernel_axpy(void)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    VptxResult *r = NULL;
    VptxCompileStatus s = vptx_compile2("axpy.mlir", axpy, sizeof axpy - 1, &opt, &r);
    CHECK(s == VPTX_COMPILE_OK && vptx_result_status(r) == VPTX_COMPILE_OK, "axpy: status %d (%s)",
          (int)s, vptx_result_diagnostics_text(r));
    CHECK(vptx_result_num_kernels(r) == 1, "axpy: %zu kernels", vptx_result_num_kernels(r));
    const VptxKernel *k = vptx_result_kernel(r, 0);
    CHECK(vptx_result_kernel(r, 1) == NULL, "axpy: kernel 1 exists");
    if (!k) {
        vptx_result_free(r);
        return;
    }
    CHECK(strcmp(k->name, "axpy") == 0, "name %s", k->name);
    /* the ABI: %x base, %x size of dim 0, %flag .u8, %a .f32, %y base */
    CHECK(k->nargs == 4 && k->nparams == 5, "axpy: %zu args, %zu params", k->nargs, k->nparams);
    if (k->nargs == 4 && k->nparams == 5) {
        CHECK(strcmp(k->args[0].name, "x") == 0 && strcmp(k->args[0].type, "memref<?xf32>") == 0,
              "arg 0: %s %s", k->args[0].name, k->args[0].type);
        CHECK(k->args[0].first_param == 0 && k->args[0].nparams == 2, "arg 0 params");
        CHECK(k->args[1].first_param == 2 && k->args[1].nparams == 1 &&
                  strcmp(k->args[1].type, "i1") == 0,
              "arg 1");
        CHECK(k->args[3].first_param == 4 && strcmp(k->args[3].name, "y") == 0, "arg 3");
        const VptxParam *p = k->params;
        CHECK(p[0].kind == VPTX_PARAM_BASE && p[0].arg == 0 && p[0].size == 8 &&
                  strcmp(p[0].ptx_type, ".u64") == 0 && strcmp(p[0].name, "axpy_param_0") == 0,
              "param 0: kind %d size %u %s %s", p[0].kind, p[0].size, p[0].ptx_type, p[0].name);
        CHECK(p[1].kind == VPTX_PARAM_SIZE && p[1].arg == 0 && p[1].dim == 0, "param 1: %d",
              p[1].kind);
        CHECK(p[2].kind == VPTX_PARAM_VALUE && p[2].arg == 1 && p[2].size == 1, "param 2");
        CHECK(p[3].kind == VPTX_PARAM_VALUE && strcmp(p[3].ptx_type, ".f32") == 0 && p[3].size == 4,
              "param 3: %s", p[3].ptx_type);
        CHECK(p[4].kind == VPTX_PARAM_BASE && p[4].arg == 3 && !p[4].hidden, "param 4");
    }
    CHECK(k->block[0] == 64 && k->block[1] == 1 && k->block[2] == 1, "block %u,%u,%u", k->block[0],
          k->block[1], k->block[2]);
    CHECK(k->grid[0] == 4 && k->grid[1] == 2 && k->grid[2] == 1, "grid %u,%u,%u", k->grid[0],
          k->grid[1], k->grid[2]);
    CHECK(!k->persistent && k->dynamic_shared == 0, "persistent %d dynamic %u", k->persistent,
          k->dynamic_shared);
    /* the PTX says the same beside each .param */
    const char *ptx = vptx_result_output(r, NULL);
    CHECK(ptx && strstr(ptx, "axpy_param_1,\t// arg 0 %x: memref<?xf32>, size of dim 0\n"),
          "the PTX names param 1");
    CHECK(ptx && strstr(ptx, "axpy_param_4\t// arg 3 %y: memref<64xf32>, base address\n"),
          "the PTX names param 4");
    vptx_result_free(r);

    /* other emit levels describe no kernel */
    opt.emit = VPTX_EMIT_SIMT;
    CHECK(vptx_compile2("axpy.mlir", axpy, sizeof axpy - 1, &opt, &r) == VPTX_COMPILE_OK &&
              vptx_result_num_kernels(r) == 0,
          "simt: kernels");
    vptx_result_free(r);
}

/* sm_90a's GEMM: a producer warpgroup, hidden tensor maps, dynamic shared memory */
static void
test_kernel_gemm_sm90a(void)
{
    size_t len;
    char *text = read_file("examples/gemm.mlir", &len);
    CHECK(text != NULL, "examples/gemm.mlir");
    if (!text)
        return;
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = "sm_90a";
    VptxResult *r = NULL;
    CHECK(vptx_compile2("gemm.mlir", text, len, &opt, &r) == VPTX_COMPILE_OK, "gemm: %s",
          vptx_result_diagnostics_text(r));
    const VptxKernel *k = vptx_result_kernel(r, 0);
    CHECK(k != NULL, "gemm: no kernel");
    if (k) {
        /* 256 consumer threads (gpu.known_block_size) and the producer warpgroup */
        CHECK(k->block[0] == 384, "gemm sm_90a block %u", k->block[0]);
        /* the 3-stage TMA ring: A 128x32 and B 32x128 f16 a stage, 16384 bytes */
        CHECK(k->dynamic_shared == 3 * 16384, "gemm dynamic shared %u", k->dynamic_shared);
        size_t maps = 0;
        for (size_t i = 0; i < k->nparams; i++)
            if (k->params[i].hidden && k->params[i].kind == VPTX_PARAM_TENSOR_MAP) {
                maps++;
                /* A's box is 128 x 32 f16 (64-byte rows: swizzle 64), B's 32 x 64 (128) */
                const VptxParam *p = &k->params[i];
                CHECK(
                    p->size == 128 && p->align == 64 &&
                        ((p->arg == 0 && p->box[0] == 128 && p->box[1] == 32 && p->swizzle == 64) ||
                         (p->arg == 1 && p->box[0] == 32 && p->box[1] == 64 && p->swizzle == 128)),
                    "hidden map %zu: size %u align %u arg %d box %u swizzle %u", i,
                    k->params[i].size, k->params[i].align, k->params[i].arg, k->params[i].box[0],
                    k->params[i].swizzle);
            }
        CHECK(maps == 2, "gemm: %zu hidden maps", maps);
        CHECK(k->nargs == 3, "gemm: %zu args", k->nargs);
    }
    vptx_result_free(r);
    free(text);
}

static void
test_statuses(void)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.pipeline_stages = 9;
    VptxResult *r = NULL;
    CHECK(vptx_compile2("axpy.mlir", axpy, sizeof axpy - 1, &opt, &r) == VPTX_COMPILE_BAD_OPTIONS,
          "stages 9: not VPTX_COMPILE_BAD_OPTIONS");
    CHECK(vptx_result_status(r) == VPTX_COMPILE_BAD_OPTIONS && vptx_result_output(r, NULL) == NULL,
          "stages 9: result");
    vptx_result_free(r);
    /* the old entry point keeps its values */
    CHECK(vptx_compile("axpy.mlir", axpy, sizeof axpy - 1, &opt, &r) == 1, "compile: not 1");
    vptx_result_free(r);
    CHECK(strcmp(vptx_compile_status_name(VPTX_COMPILE_BAD_OPTIONS), "bad options") == 0,
          "status name");

    static const char bad[] = "func.func @f(%a: f32, %b: i32) {\n"
                              "  %0 = arith.addf %a, %b : f32\n"
                              "  return\n"
                              "}\n";
    vptx_options_init(&opt);
    CHECK(vptx_compile2("bad.mlir", bad, sizeof bad - 1, &opt, &r) == VPTX_COMPILE_INPUT_ERROR,
          "bad: not VPTX_COMPILE_INPUT_ERROR");
    CHECK(vptx_result_num_diagnostics(r) == 1, "bad: %zu diagnostics",
          vptx_result_num_diagnostics(r));
    const VptxDiagnostic *d = vptx_result_diagnostic(r, 0);
    CHECK(d && d->level == VPTX_ERROR && d->line == 2 && d->col == 23 &&
              strcmp(d->file, "bad.mlir") == 0,
          "bad: diagnostic 0 at %u:%u", d ? d->line : 0, d ? d->col : 0);
    CHECK(d && strcmp(d->message, "type mismatch: '%b' is i32, but this use says f32") == 0,
          "bad: message %s", d ? d->message : "");
    CHECK(d && d->source && strcmp(d->source, "  %0 = arith.addf %a, %b : f32") == 0,
          "bad: source %s", d && d->source ? d->source : "(null)");
    vptx_result_free(r);
    CHECK(vptx_result_status(NULL) == VPTX_COMPILE_OUT_OF_MEMORY &&
              vptx_result_num_kernels(NULL) == 0 && vptx_result_kernel(NULL, 0) == NULL,
          "NULL result");
}

int
main(void)
{
    test_kernel_axpy();
    test_kernel_gemm_sm90a();
    test_statuses();
    return unit_report();
}
