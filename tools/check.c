/*
 * check.c -- `vptx check FILE.mlir`: run a kernel on random inputs and compare
 * it with a reference, element by element.
 *
 *   FILE.mlir --parse--> IR --eval (eval/eval.h)------------------> expected buffers
 *             --pipeline--> PTX --sim or GPU (runtime/launch.h)---> actual buffers   --> compare
 *
 * Which reference (first that applies):
 *   1. --reference=REF.mlir: the kernel of the same name in REF (or its only
 *      kernel), with the same argument list; run by eval when it is vector
 *      level, else compiled and run on the simulator.  This is how SIMT-level
 *      kernels are checked against a vector-level specification.
 *   2. a vector-level kernel (no per-thread op): eval on the kernel itself.
 *   3. a SIMT-level kernel: the simulator is the reference for the GPU.  With
 *      no GPU (or --backend=sim) there is nothing to compare with: the kernel
 *      still runs on the simulator (a fault is a FAIL) and check prints
 *      `SKIP name (...)` and exits 0.
 *
 * Inputs: every memref argument (outputs too) is filled from a seeded
 * splitmix64 stream (--seed, default 1; argument i uses seed + i):
 *   f16, bf16, tf32  k/8 for k uniform in [-8, 8]: products are exact and sums
 *                    stay exact in f16 while |sum| < 32
 *   f32, f64         uniform in [-1, 1], rounded to the type
 *   f8E4M3FN, f8E5M2 k/4 for k uniform in [-8, 8]: 3 significant bits at most, exact in
 *                    both fp8 types (e5m2 keeps 2 mantissa bits), products exact
 *   i1 0..1;  i8 -8..8;  i16, i32, i64 -64..64;  index 0..7 (usable as indices)
 * Scalar arguments are drawn the same way (argument i uses seed + i), unless
 * given with --scalar V (in argument order; the first scalars take them):
 *   integers and index 0..7 (small, and usable in index math), i1 0..1;
 *   f16, bf16, tf32 k/8 for k uniform in [-16, 16]; f32, f64 uniform in [-2, 2]
 * and each drawn value is printed ("scalar #2 %s : f32 = 0.75 (drawn ...)").
 *
 * Tolerance, per compared element (integers: exact):
 *   |got - expected| <= atol + rtol * |expected|, rtol and atol derived per output
 *   argument from the ops that compute it: the accumulations on its chain (length and
 *   type), its roundings and math.* ops (tolerance.c).  The PASS and FAIL lines print
 *   it; --rtol / --atol override either.
 *
 * What a PASS proves: the compiled kernel computes what vptx's evaluation of the same
 * source computes, i.e. the compiler is right, not the algorithm (a GEMM whose K loop
 * stops short passes).  --expect=ARG:FILE.npy compares an output with the user's own
 * array (with --input=ARG:FILE.npy for the inputs it was computed from).
 *
 * Exit status: 0 when every kernel passes (or is skipped), 1 on a mismatch
 * or an error, 77 when --backend=cuda is asked for and no CUDA driver or
 * device is there (the test runner's "skip").
 */
#include "tools/check.h"
#include "runtime/output.h"
#include "driver/cliargs.h"
#include "runtime/progress.h"

#include "driver/driver.h"
#include "driver/host.h"
#include "tools/host_run.h"
#include "runtime/ptxas.h"
#include "runtime/launch.h"
#include "driver/options.h"
#include "ir/frontend.h"
#include "eval/eval.h"
#include "layout/layout.h"
#include "tile/tile.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LIST 64

typedef enum { BACKEND_AUTO, BACKEND_SIM, BACKEND_CUDA } Backend;

typedef struct CheckArgs {
    const char *input, *reference, *kernel;
    Backend backend;
    VptxOptions opt;
    uint64_t seed;
    bool has_grid, has_block, stats, verbose;
    const char *timing; /* --timing=GPU: the sim runs also print the model's estimate */
    int64_t grid[3], block[3];
    int64_t dims[MAX_LIST];
    uint32_t ndims;
    const char *scalars[MAX_LIST];
    uint32_t nscalars;
    const char *inputs[MAX_LIST], *expects[MAX_LIST]; /* --input, --expect: ARG:FILE.npy */
    uint32_t ninputs, nexpects;
    unsigned smem;
    unsigned persistent_ctas; /* --persistent-ctas: a persistent kernel's workgroups; 0 = default */
    double rtol, atol;        /* < 0: computed */
    SimLimits limits;         /* --max-instructions, --timeout */
    FILE *out, *err;          /* PASS/FAIL lines; errors and diagnostics */
} CheckArgs;

/* One side of the comparison: a program (module + PTX) and what runs it.  An op-level
 * program (linalg) also has km, the kernels tile/ makes of it: the PTX runs those, with
 * their arguments (tensor results as buffers after the parameters), and eval runs the
 * op-level functions of m on the same buffers. */
typedef struct Program {
    const char *path;
    char *text, *ptx;
    size_t len, ptx_len;
    Module m, km;
    bool parsed, op_level;
} Program;

/* The module whose functions the PTX holds (the kernels). */
static Module *
kernels_of(Program *p)
{
    return p->op_level ? &p->km : &p->m;
}

static const char check_usage[] =
    "usage: vptx check FILE.mlir [options]\n"
    "  run every kernel of FILE on random inputs and compare with a reference\n"
    "  (eval for vector-level kernels, --reference, or sim vs GPU); on a program with\n"
    "  host code (a func.func @main that launches kernels), run it and compare each\n"
    "  launch of a vector-level kernel with eval (docs/host-code.md); a PASS says the\n"
    "  compiler is right about your source, not that the source is: --expect checks that\n"
    "\n"
    "  --backend=B        sim | cuda | auto (default auto: the GPU when there is one)\n"
    "  --arch=ARCH        target of the PTX (default sm_80)\n"
    "  --seed=N           random inputs (default 1)\n"
    "  --grid=X[,Y[,Z]]   workgroups (default gpu.known_grid_size; a kernel that reads\n"
    "                     gpu.block_id needs one or the other, else 1,1,1)\n"
    "  --block=X[,Y[,Z]]  threads per workgroup (default gpu.known_block_size or\n"
    "                     translation_info workgroup_size)\n"
    "  --dim=N[,N...]     sizes of the dynamic (?) memref dims, in argument order;\n"
    "                     the last one repeats\n"
    "  --scalar=V         value of the next scalar argument (repeat for each); scalars\n"
    "                     without one are drawn from the seed and printed\n"
    "  --kernel=NAME      check only this kernel\n"
    "  --reference=REF    compare with REF's kernel of the same name\n"
    "  --expect=ARG:FILE.npy  also compare output ARG (its name, e.g. C or %C, or its\n"
    "                     number) with your own expected array: a PASS alone compares the\n"
    "                     kernel with vptx's evaluation of the same source, which proves\n"
    "                     the compiler, not the algorithm (repeat for each output)\n"
    "  --input=ARG:FILE.npy  argument ARG's contents from FILE instead of random numbers\n"
    "                     (the inputs your expected arrays were computed from)\n"
    "  --shared=BYTES     dynamic shared memory per workgroup (default 0)\n"
    "  --rtol=X --atol=X  override the tolerances derived from the ops (printed in the\n"
    "                     PASS and FAIL lines; --verbose says how)\n";
/* (two strings: each under the 4095 characters C11 compilers must take) */
static const char check_usage_compile[] =
    "  --precise-math     compile math.* with the accurate sequences\n"
    "  --fast-math        f32 division as div.approx.f32 (2 ulp)\n"
    "  --allow-tf32       let f32 contracts use tf32 tensor cores (tolerance: tf32's\n"
    "                     unit roundoff, 2^-11)\n"
    "  --remarks          print the compiler's remarks (tensor-core choices, register\n"
    "                     estimates; docs/tensor-cores.md)\n"
    "  --pipeline-stages=N  stages of pipelined K loops (docs/staging.md), and of the TMA\n"
    "                       ring of a wgmma K loop on sm_90a (default 3; docs/hopper.md)\n"
    "  --no-warp-specialize  sm_90a TMA rings without the producer warpgroup\n"
    "                       (docs/hopper.md)\n"
    "  --ping-pong        the two consumer warpgroups of a warp-specialized TMA ring take\n"
    "                     turns to issue wgmma (named barriers; off by default), as the\n"
    "                     warpgroups of an attention key loop do in pairs by default\n"
    "  --no-ping-pong     neither (docs/hopper.md)\n"
    "  --overlap-softmax  attention key loops on wgmma compute the next block's S during\n"
    "                     this block's softmax (off by default; docs/hopper.md)\n"
    "  --persistent       a warp-specialized TMA ring's kernel loops over the logical\n"
    "                     workgroups: --grid is the logical grid (docs/hopper.md)\n"
    "  --persistent-ctas=N  workgroups a persistent kernel runs with (default 132 on the\n"
    "                     simulator, the SM count on a GPU)\n"
    "  --stats            print the simulator's counters after each sim run\n"
    "  --timing=GPU       after each sim run print the performance model's estimate for\n"
    "                     GPU (a100, h100, b200): 'timing: KERNEL gpu=... time_us=...\n"
    "                     limiter=...' (docs/timing.md); the check itself is unchanged\n"
    "  --verbose          print the tolerances and up to 10 mismatches\n" SIM_LIMITS_HELP;

/* ---- arguments ---- */

static bool
parse_list(const char *s, int64_t *out, uint32_t max, uint32_t *n)
{
    *n = 0;
    while (*s) {
        char *end;
        long long v = strtoll(s, &end, 10);
        if (end == s || *n >= max || (*end && *end != ','))
            return false;
        out[(*n)++] = v;
        s = *end ? end + 1 : end;
    }
    return *n > 0;
}

static bool
parse_dims3(const char *s, int64_t out[3])
{
    int64_t v[3];
    uint32_t n;
    if (!parse_list(s, v, 3, &n))
        return false;
    for (uint32_t i = 0; i < 3; i++) {
        out[i] = i < n ? v[i] : 1;
        if (out[i] <= 0 || out[i] > 0x7fffffff) /* never cut to 32 bits */
            return false;
    }
    return true;
}

static int
bad_value(const char *opt, const char *value)
{
    fprintf(stderr, "vptx check: error: bad value '%s' for %s (see vptx check --help)\n", value,
            opt);
    return 1;
}

/* Returns -1 to go on, else the exit status. */
static int
check_parse_args(int argc, char **argv, CheckArgs *a)
{
    memset(a, 0, sizeof *a);
    a->out = stdout;
    a->err = stderr;
    vptx_options_init(&a->opt);
    a->seed = 1;
    a->rtol = a->atol = -1;
    sim_limits_init(&a->limits);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *v = NULL;
        bool missing = false;
        uint32_t n;
        int cstatus;
        char lerr[128];
        if (cli_limit_option(argc, argv, &i, &a->limits, lerr, sizeof lerr)) {
            if (a->limits.bad) {
                fprintf(stderr, "vptx check: error: %s\n", lerr);
                return 1;
            }
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(check_usage, stdout);
            fputs(check_usage_compile, stdout);
            return 0;
        } else if (strcmp(arg, "--stats") == 0) {
            a->stats = true;
        } else if (strcmp(arg, "--verbose") == 0 || strcmp(arg, "-v") == 0) {
            a->verbose = true;
        } else if ((cstatus = cli_compile_option(argc, argv, &i, &a->opt, "vptx check", stderr))) {
            if (cstatus < 0)
                return 1;
        } else if (cli_option(argc, argv, &i, "--persistent-ctas", &v, &missing)) {
            char *end = NULL;
            long nc = missing ? 0 : strtol(v, &end, 10);
            if (missing || !end || *end || nc < 1 || nc > 1 << 20) {
                fprintf(a->err, "vptx check: error: --persistent-ctas needs a count from 1 to "
                                "1048576\n");
                return 1;
            }
            a->persistent_ctas = (unsigned)nc;
        } else if (cli_option(argc, argv, &i, "--backend", &v, &missing)) {
            if (missing)
                break;
            if (strcmp(v, "sim") == 0)
                a->backend = BACKEND_SIM;
            else if (strcmp(v, "cuda") == 0)
                a->backend = BACKEND_CUDA;
            else if (strcmp(v, "auto") == 0)
                a->backend = BACKEND_AUTO;
            else
                return bad_value("--backend", v);
        } else if (cli_option(argc, argv, &i, "--timing", &v, &missing)) {
            a->timing = v;
        } else if (cli_option(argc, argv, &i, "--seed", &v, &missing)) {
            unsigned long long x;
            if (!missing && !cli_count(v, ~0ull, &x))
                return bad_value("--seed", v);
            a->seed = missing ? a->seed : x;
        } else if (cli_option(argc, argv, &i, "--grid", &v, &missing)) {
            if (!missing && !(a->has_grid = parse_dims3(v, a->grid)))
                return bad_value("--grid", v);
        } else if (cli_option(argc, argv, &i, "--block", &v, &missing)) {
            if (!missing && !(a->has_block = parse_dims3(v, a->block)))
                return bad_value("--block", v);
        } else if (cli_option(argc, argv, &i, "--dim", &v, &missing)) {
            if (!missing && !parse_list(v, a->dims + a->ndims, MAX_LIST - a->ndims, &n))
                return bad_value("--dim", v);
            a->ndims += missing ? 0 : n;
        } else if (cli_option(argc, argv, &i, "--scalar", &v, &missing)) {
            if (!missing && a->nscalars < MAX_LIST)
                a->scalars[a->nscalars++] = v;
        } else if (cli_option(argc, argv, &i, "--input", &v, &missing) ||
                   cli_option(argc, argv, &i, "--expect", &v, &missing)) {
            bool expect = strncmp(arg, "--expect", 8) == 0;
            if (!missing && (!strchr(v, ':') || strchr(v, ':') == v || !strchr(v, ':')[1])) {
                fprintf(stderr,
                        "vptx check: error: %s takes ARG:FILE.npy (ARG an argument's "
                        "name or number), not '%s'\n",
                        expect ? "--expect" : "--input", v);
                return 1;
            }
            if (!missing && (expect ? a->nexpects : a->ninputs) < MAX_LIST)
                (expect ? a->expects : a->inputs)[(expect ? a->nexpects++ : a->ninputs++)] = v;
        } else if (cli_option(argc, argv, &i, "--kernel", &v, &missing)) {
            a->kernel = v;
        } else if (cli_option(argc, argv, &i, "--reference", &v, &missing)) {
            a->reference = v;
        } else if (cli_option(argc, argv, &i, "--shared", &v, &missing)) {
            unsigned long long x;
            if (!missing && !cli_count(v, 0x7fffffff, &x))
                return bad_value("--shared", v);
            a->smem = missing ? a->smem : (unsigned)x;
        } else if (cli_option(argc, argv, &i, "--rtol", &v, &missing)) {
            if (!missing)
                a->rtol = strtod(v, NULL);
        } else if (cli_option(argc, argv, &i, "--atol", &v, &missing)) {
            if (!missing)
                a->atol = strtod(v, NULL);
        } else if (arg[0] == '-' && arg[1]) {
            static const char *const help[] = { check_usage, check_usage_compile, NULL };
            cli_unknown_option(stderr, "vptx check", arg, help);
            return 1;
        } else if (a->input) {
            fprintf(stderr, "vptx check: error: more than one input file\n");
            return 1;
        } else {
            a->input = arg;
        }
        if (missing) {
            cli_missing_value(stderr, "vptx check", argc, argv, i);
            return 1;
        }
    }
    if (!a->input) {
        fprintf(stderr, "vptx check: error: no input file (see vptx check --help)\n");
        return 1;
    }
    char verr[256];
    if (!options_validate(&a->opt, OPTIONS_CLI, verr, sizeof verr)) {
        fprintf(stderr, "vptx check: error: %s\n", verr);
        return 1;
    }
    if (!a->opt.debug_loc) /* a simulator fault then names the op's .mlir line */
        a->opt.debug_loc = 2;
    if (a->timing) {
        char why[512];
        if (sim_timing_check(a->timing, a->opt.arch ? a->opt.arch : "sm_80", why, sizeof why) !=
            SIM_OK) {
            fprintf(stderr, "vptx check: error: %s\n", why);
            return 1;
        }
    }
    return -1;
}

/* ---- programs: parse for eval, compile for the device ---- */

/* Parses p->text (and compiles it when need_ptx); diagnostics go to err.
 * Sets p->parsed; false when parsing, verifying or compiling failed. */
static bool
program_parse(Program *p, const VptxOptions *opt, bool need_ptx, FILE *err)
{
    Diag d;
    diag_init(&d);
    module_init(&p->m);
    p->parsed = frontend_parse(&p->m, &d, p->path, p->text, p->len) && ir_verify(&p->m, &d);
    if (p->parsed && tile_needed(&p->m)) {
        /* the kernels, as the compiler makes them: a second parse, tiled */
        TileOptions to = { opt->arch, false };
        Diag kd;
        diag_init(&kd);
        module_init(&p->km);
        p->op_level = true;
        p->parsed = frontend_parse(&p->km, &kd, p->path, p->text, p->len) &&
                    tile_module(&p->km, &to, &kd) && ir_verify(&p->km, &kd);
        if (!p->parsed && !need_ptx)
            diag_render(&kd, err);
        diag_free(&kd);
        if (!p->parsed && need_ptx) /* the compilation below reports why */
            driver_compile(&d, p->path, p->text, p->len, opt, &p->ptx, &p->ptx_len);
    }
    if (p->parsed && need_ptx)
        driver_compile(&d, p->path, p->text, p->len, opt, &p->ptx, &p->ptx_len);
    diag_render(&d, err);
    bool ok = p->parsed && (!need_ptx || p->ptx);
    diag_free(&d);
    return ok;
}

static bool
program_load(Program *p, const char *path, const VptxOptions *opt, bool need_ptx, FILE *err)
{
    memset(p, 0, sizeof *p);
    p->path = path;
    p->text = cli_read_file(path, &p->len);
    if (!p->text) {
        fprintf(err, "vptx check: error: cannot read '%s': %s\n", path, strerror(errno));
        module_init(&p->m);
        return false;
    }
    return program_parse(p, opt, need_ptx, err);
}

static void
program_free(Program *p)
{
    module_free(&p->m);
    if (p->op_level)
        module_free(&p->km);
    free(p->text);
    free(p->ptx);
}

/* ---- random inputs ---- */

static uint64_t
splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* An integer uniform in [lo, hi]. */
static int64_t
uniform_int(uint64_t *s, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(splitmix64(s) % (uint64_t)(hi - lo + 1));
}

/* Writes one random scalar of type t at p (see the table at the top). */
static void
random_scalar(uint64_t *s, TypeId t, unsigned char *p)
{
    double u = (double)(splitmix64(s) >> 11) * 0x1p-53 * 2 - 1;
    switch (t) {
    case TY_F16:
    case TY_BF16:
    case TY_TF32: {
        uint64_t bits = ir_float_to_bits((double)uniform_int(s, -8, 8) / 8, t);
        uint16_t b16 = (uint16_t)bits;
        uint32_t b32 = (uint32_t)bits;
        if (t == TY_TF32)
            memcpy(p, &b32, 4);
        else
            memcpy(p, &b16, 2);
        return;
    }
    case TY_F8E4M3FN:
    case TY_F8E5M2: /* k/4: at most 3 significant bits, exact in both fp8 types */
    case TY_F8E4M3FNUZ:
    case TY_F8E5M2FNUZ:
        *p = (unsigned char)ir_float_to_bits((double)uniform_int(s, -8, 8) / 4, t);
        return;
    case TY_F32: {
        float f = (float)u;
        memcpy(p, &f, 4);
        return;
    }
    case TY_F64:
        memcpy(p, &u, 8);
        return;
    case TY_I1:
        *p = (unsigned char)uniform_int(s, 0, 1);
        return;
    case TY_I4: /* one element a byte, sign-extended (runtime/launch.c packs them) */
        *p = (unsigned char)(int8_t)uniform_int(s, -8, 7);
        return;
    case TY_I8: {
        int8_t v = (int8_t)uniform_int(s, -8, 8);
        memcpy(p, &v, 1);
        return;
    }
    case TY_I16: {
        int16_t v = (int16_t)uniform_int(s, -64, 64);
        memcpy(p, &v, 2);
        return;
    }
    case TY_I32: {
        int32_t v = (int32_t)uniform_int(s, -64, 64);
        memcpy(p, &v, 4);
        return;
    }
    case TY_INDEX:
    case TY_I64: {
        int64_t v = t == TY_INDEX ? uniform_int(s, 0, 7) : uniform_int(s, -64, 64);
        memcpy(p, &v, 8);
        return;
    }
    default:
        memset(p, 0, (type_bitwidth(t) + 7) / 8);
        return;
    }
}

/* Fills every memref byte-for-byte (padding between strided elements too). */
static void
fill_random(Kernel *k, uint64_t seed)
{
    for (uint32_t i = 0; i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        if (a->kind != ARG_MEMREF)
            continue;
        uint64_t s = seed + i;
        unsigned sz = (type_bitwidth(a->elem) + 7) / 8;
        size_t nscalars = a->span * a->lanes;
        for (size_t j = 0; j < nscalars; j++)
            random_scalar(&s, a->elem, (unsigned char *)a->host + j * sz);
    }
}

/* A random scalar argument of type t, as the bits the ABI passes (see the table at the
 * top); *value gets it as a double, for the message that says what was drawn. */
static uint64_t
draw_scalar(uint64_t *s, TypeId t, double *value)
{
    if (type_is_float(t)) {
        double v;
        if (t == TY_F16 || t == TY_BF16 || t == TY_TF32)
            v = (double)uniform_int(s, -16, 16) / 8; /* exact in every float type */
        else
            v = ((double)(splitmix64(s) >> 11) * 0x1p-53 * 2 - 1) * 2;
        if (t == TY_F32) {
            float f = (float)v;
            uint32_t b;
            memcpy(&b, &f, 4);
            *value = f;
            return b;
        }
        *value = v;
        return ir_float_to_bits(v, t);
    }
    int64_t v = uniform_int(s, 0, t == TY_I1 ? 1 : 7);
    *value = (double)v;
    return (uint64_t)v;
}

static char *type_text(Module *m, TypeId t);

/* Gives every scalar argument its value: the --scalar values in order, then values
 * drawn from the seed (argument i uses seed + i, as memrefs do), each printed to out. */
static bool
set_scalars(Module *m, Kernel *k, const CheckArgs *ca)
{
    uint32_t used = 0;
    for (uint32_t i = 0; i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        if (a->kind != ARG_SCALAR)
            continue;
        if (used >= ca->nscalars) {
            uint64_t s = ca->seed + i;
            double v;
            a->bits = draw_scalar(&s, a->elem, &v);
            char *ty = type_text(m, a->elem);
            fprintf(ca->out,
                    "scalar #%u%s%s : %s = %.17g (drawn with seed %llu; --scalar V sets it)\n", i,
                    a->name ? " %" : "", a->name ? a->name : "", ty ? ty : "?", v,
                    (unsigned long long)ca->seed);
            free(ty);
            continue;
        }
        char why[300];
        if (!cli_scalar_bits(a->elem, ca->scalars[used++], &a->bits, why, sizeof why)) {
            fprintf(ca->err, "vptx check: error: --scalar for argument #%u%s%s: %s\n", i,
                    a->name ? " %" : "", a->name ? a->name : "", why);
            return false;
        }
    }
    return true;
}

/* ---- tolerances ---- */

typedef struct Estimate {
    double n; /* longest reduction */
} Estimate;

/* An op-level function: the longest reduction of its structured ops, from the sizes the
 * kernel's arguments have (a loop whose size no argument gives counts as the largest
 * argument dim). */
static void
estimate_op_level(Program *rp, const Kernel *rk, Estimate *e)
{
    Module *m = &rp->m;
    OpId f = eval_find_func(m, rk->name);
    BlockId entry = f ? op_entry_block(m, f, 0) : 0;
    if (!entry)
        return;
    double largest = 1;
    for (uint32_t i = 0; i < rk->nargs; i++)
        for (uint32_t d = 0; rk->args[i].kind == ARG_MEMREF && d < rk->args[i].rank; d++)
            if ((double)rk->args[i].shape[d] > largest)
                largest = (double)rk->args[i].shape[d];
    for (uint32_t i = 0; i < block_get(m, entry)->ops.n; i++) {
        OpId o = block_get(m, entry)->ops.items[i];
        LinalgInfo li;
        if (!(op_info[op_get(m, o)->kind].traits & T_STRUCTURED) ||
            !linalg_info(m, o, &li, NULL, 0))
            continue;
        double len = 1;
        for (uint32_t d = 0; d < li.nloops; d++) {
            if (!li.reduction[d])
                continue;
            double size = largest;
            for (uint32_t k = 0; k < li.nins + li.nouts; k++) {
                ValueId v = op_get(m, o)->args[k];
                const Value *val = value_get(m, v);
                const Type *t = type_get(m, val->type);
                for (uint32_t r = 0; r < li.maps[k]->nresults && r < t->rank; r++) {
                    if (affine_map_result_dim(li.maps[k], r) != (int32_t)d)
                        continue;
                    if (t->shape[r] != DIM_DYNAMIC)
                        size = (double)t->shape[r];
                    else if (!val->def && val->index < rk->nargs &&
                             rk->args[val->index].kind == ARG_MEMREF)
                        size = (double)rk->args[val->index].shape[r];
                }
            }
            len *= size;
        }
        if (len > e->n && len > 1)
            e->n = len;
    }
}

/* ---- comparison ---- */

static double
scalar_value(TypeId t, const unsigned char *p, bool *is_int, int64_t *iv)
{
    *is_int = type_is_int(t);
    switch (t) {
    case TY_F16:
    case TY_BF16: {
        uint16_t b;
        memcpy(&b, p, 2);
        return ir_float_from_bits(b, t);
    }
    case TY_F8E4M3FN:
    case TY_F8E5M2:
    case TY_F8E4M3FNUZ:
    case TY_F8E5M2FNUZ:
        return ir_float_from_bits(*p, t);
    case TY_TF32:
    case TY_F32: {
        float f;
        memcpy(&f, p, 4);
        return f;
    }
    case TY_F64: {
        double d;
        memcpy(&d, p, 8);
        return d;
    }
    case TY_I1:
        *iv = *p & 1;
        break;
    case TY_I4:
    case TY_I8: {
        int8_t v;
        memcpy(&v, p, 1);
        *iv = v;
        break;
    }
    case TY_I16: {
        int16_t v;
        memcpy(&v, p, 2);
        *iv = v;
        break;
    }
    case TY_I32: {
        int32_t v;
        memcpy(&v, p, 4);
        *iv = v;
        break;
    }
    default: {
        int64_t v;
        memcpy(&v, p, 8);
        *iv = v;
        break;
    }
    }
    return (double)*iv;
}

/* "[3, 1]" or "[3, 1][2]" for vector elements, of row-major element `e`. */
static void
format_index(const KernelArg *a, int64_t e, uint32_t lane, char *buf, size_t n)
{
    int64_t idx[LAUNCH_MAX_RANK];
    for (uint32_t d = a->rank; d-- > 0;) {
        idx[d] = e % a->shape[d];
        e /= a->shape[d];
    }
    size_t used = (size_t)snprintf(buf, n, "[");
    for (uint32_t d = 0; d < a->rank && used < n; d++)
        used += (size_t)snprintf(buf + used, n - used, "%s%lld", d ? ", " : "", (long long)idx[d]);
    if (used < n)
        used += (size_t)snprintf(buf + used, n - used, "]");
    if (a->lanes > 1 && used < n)
        snprintf(buf + used, n - used, "[%u]", lane);
}

typedef struct Verdict {
    double max_abs, max_rel;
    uint64_t mismatches, compared;
    uint64_t seed; /* for the FAIL line */
} Verdict;

static char *
type_text(Module *m, TypeId t)
{
    char *s = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&s, &len);
    if (f) {
        ir_print_type(m, t, f);
        fclose(f);
    }
    return s;
}

/* Compares argument i of `got` with `want` (same element type and byte layout);
 * adds to v and returns the number of mismatching scalars, after printing the
 * FAIL line of the first one (and, with verbose, up to 9 more). */
static uint64_t
compare_arg(Module *m, const Kernel *got, const Kernel *want, uint32_t i, double rtol, double atol,
            const char *what, bool verbose, Verdict *v, FILE *out)
{
    const KernelArg *a = &got->args[i], *b = &want->args[i];
    unsigned sz = (type_bitwidth(a->elem) + 7) / 8;
    int64_t count = karg_count(a);
    uint64_t bad_count = 0;
    char lines[10][600]; /* the first mismatches, printed after the FAIL line */
    for (int64_t e = 0; e < count; e++) {
        size_t off = karg_elem_offset(a, e);
        for (uint32_t l = 0; l < a->lanes; l++) {
            bool is_int;
            int64_t gi = 0, wi = 0;
            const unsigned char *gp = (const unsigned char *)a->host + off + l * sz;
            const unsigned char *wp = (const unsigned char *)b->host + off + l * sz;
            double g = scalar_value(a->elem, gp, &is_int, &gi);
            double w = scalar_value(a->elem, wp, &is_int, &wi);
            double err = fabs(g - w);
            bool bad;
            if (is_int) {
                bad = gi != wi;
            } else if (isnan(g) || isnan(w)) {
                bad = isnan(g) != isnan(w);
                err = 0;
            } else if (isinf(g) || isinf(w)) {
                bad = g != w;
                err = 0;
            } else {
                bad = err > atol + rtol * fabs(w);
            }
            v->compared++;
            if (!bad) {
                if (err > v->max_abs)
                    v->max_abs = err;
                if (w != 0 && err / fabs(w) > v->max_rel)
                    v->max_rel = err / fabs(w);
                continue;
            }
            if (bad_count < (verbose ? 10u : 1u)) {
                char idx[256];
                char *line = lines[bad_count];
                format_index(a, e, l, idx, sizeof idx);
                if (is_int)
                    snprintf(line, sizeof lines[0], "at %s: expected %lld, got %lld", idx,
                             (long long)wi, (long long)gi);
                else
                    snprintf(line, sizeof lines[0],
                             "at %s: expected %.9g, got %.9g (|err| %.3g > tol %.3g)", idx, w, g,
                             err, atol + rtol * fabs(w));
            }
            bad_count++;
        }
    }
    if (bad_count) {
        char *ty = type_text(m, a->type);
        fprintf(out,
                "FAIL %s (%s): argument #%u%s%s (%s): first mismatch %s; %llu of %llu "
                "elements differ (seed %llu)\n",
                got->name, what, i, a->name ? " %" : "", a->name ? a->name : "", ty ? ty : "?",
                lines[0], (unsigned long long)bad_count, (unsigned long long)(count * a->lanes),
                (unsigned long long)v->seed);
        for (uint64_t j = 1; j < bad_count && j < (verbose ? 10u : 1u); j++)
            fprintf(out, "  also %s\n", lines[j]);
        free(ty);
    }
    v->mismatches += bad_count;
    return bad_count;
}

/* ---- one kernel ---- */

typedef enum { REF_EVAL, REF_SIM } RefKind;

typedef struct Check {
    const CheckArgs *ca;
    Program *prog, *ref; /* ref: the --reference program, or NULL */
    Device *dev;         /* where the kernel under test runs */
    Device *sim;         /* the simulator, for REF_SIM references */
} Check;

/* Runs k on dev: the entry of k's index in ptx (after the kernels before it, for a split
 * op-level function).  Prints the sim counters with --stats. */
static bool
run_on(Check *c, Device *dev, const Program *p, Kernel *k, const LaunchConfig *cfg,
       LaunchResult *res)
{
    char *entry = ptx_entry_name(p->ptx, k->index);
    char err[8192];
    if (!entry) {
        fprintf(c->ca->err, "vptx check: error: the PTX of %s has no entry #%u for kernel '%s'\n",
                p->path, k->index, k->name);
        return false;
    }
    char name[4200]; /* the PTX is not the .mlir: its line numbers are the PTX's */
    snprintf(name, sizeof name, "<PTX of %s>", p->path);
    bool ok = kernel_run_earlier_steps(dev, kernels_of((Program *)p), p->ptx, name, k, cfg, err,
                                       sizeof err) &&
              device_run(dev, p->ptx, name, entry, k, cfg, res, err, sizeof err);
    if (!ok) {
        fprintf(c->ca->out, "FAIL %s: running on %s: %s\n", k->name, device_name(dev), err);
        ptx_fault_notes(c->ca->out, "vptx check", err, name, p->ptx, p->path);
    } else if (c->ca->stats && device_kind(dev) == DEV_SIM) {
        fprintf(c->ca->out, "sim counters of %s (%s):\n", k->name, p->path);
        sim_print_stats(&res->stats, c->ca->out);
    }
    if (ok && res->timed)
        sim_print_timing(&res->timing, k->name, c->ca->out);
    free(entry);
    return ok;
}

/* Runs the reference kernel rk of program rp (eval or sim) on rk's buffers. */
static bool
run_reference(Check *c, Program *rp, Kernel *rk, RefKind kind, const LaunchConfig *cfg)
{
    if (kind == REF_SIM) {
        LaunchResult res;
        return run_on(c, c->sim, rp, rk, cfg, &res);
    }
    EvalArg *args = calloc(rk->nargs ? rk->nargs : 1, sizeof *args);
    if (!args)
        return false;
    for (uint32_t i = 0; i < rk->nargs; i++) {
        KernelArg *a = &rk->args[i];
        if (a->kind == ARG_MEMREF) {
            args[i].buf.data = (unsigned char *)a->host + (size_t)a->offset * a->esize;
            args[i].buf.elem = type_get(kernels_of(rp), a->type)->elem;
            args[i].buf.rank = a->rank;
            for (uint32_t d = 0; d < a->rank; d++) {
                args[i].buf.shape[d] = a->shape[d];
                args[i].buf.strides[d] = a->strides[d];
            }
        } else if (type_is_float(a->elem)) {
            args[i].f = a->elem == TY_F64 || a->elem == TY_F32
                            ? ir_float_from_bits(a->bits, a->elem)
                            : ir_float_from_bits(a->bits & 0xffff, a->elem);
        } else {
            args[i].i = (int64_t)a->bits;
        }
    }
    Progress pr;
    char what[300];
    snprintf(what, sizeof what, "%s in the reference evaluator", rk->name);
    progress_begin(&pr, "vptx check", what);
    pr.unit = "workgroup";
    EvalOptions eo = { { cfg->grid[0], cfg->grid[1], cfg->grid[2] },
                       { cfg->block[0], cfg->block[1], cfg->block[2] },
                       0 };
    EvalProgress ep = { progress_update, &pr };
    OpId func = rk->func;
    Module *em = kernels_of(rp);
    OpId of = rp->op_level ? eval_find_func(&rp->m, rk->name) : 0;
    /* the op-level function of the same name, run once; a vector-level function in the
       same file runs as itself, on its grid (tile_module left it as it was) */
    if (rp->op_level && (!of || tile_op_needed(&rp->m, of))) {
        em = &rp->m;
        func = of;
        eo.grid[0] = eo.grid[1] = eo.grid[2] = 1;
    }
    uint32_t nargs = rk->nargs; /* a split function's scratch buffers come last */
    while (nargs && rk->args[nargs - 1].scratch)
        nargs--;
    Diag d;
    diag_init(&d);
    /* the file the ops' locations index (1: the only file program_parse's Diag had), so
       that an eval error (an out-of-bounds read) names the .mlir line */
    diag_add_file(&d, rp->path, rp->text, rp->len);
    bool ok = func && eval_kernel_watched(em, func, args, nargs, &eo, &d, &ep);
    progress_end(&pr);
    if (!ok) {
        diag_render(&d, c->ca->err);
        fprintf(c->ca->out,
                "FAIL %s: the reference evaluator (eval) failed on %s (see the error above)\n",
                rk->name, rp->path);
    }
    diag_free(&d);
    free(args);
    return ok;
}

/* The reference kernel of k: same name in ref (or its only kernel), same arguments. */
static int64_t check_sms(const Check *c);

/* Two memref arguments of one static strided layout: their buffers hold the same
 * elements at the same places (the gaps too), so the reference reads what the kernel
 * reads. */
static bool
same_strided(const KernelArg *a, const KernelArg *b)
{
    bool same = a->kind == ARG_MEMREF && karg_bytes(a) == karg_bytes(b) && a->span == b->span &&
                a->rank == b->rank && a->offset == b->offset;
    for (uint32_t d = 0; same && d < a->rank; d++)
        same = a->shape[d] == b->shape[d] && a->strides[d] == b->strides[d];
    return same;
}

static bool
reference_kernel(Check *c, const Kernel *k, Kernel *rk)
{
    OpId *ks;
    uint32_t n = kernel_list(kernels_of(c->ref), &ks), pick = n;
    for (uint32_t i = 0; i < n; i++) {
        const Attr *s = op_attr(kernels_of(c->ref), ks[i], "sym_name");
        if (s && s->str && strcmp(s->str, k->name) == 0)
            pick = i;
    }
    if (pick == n && n == 1)
        pick = 0;
    char err[512];
    if (pick == n) {
        fprintf(c->ca->err, "vptx check: error: %s has no kernel named '%s'\n", c->ref->path,
                k->name);
        return false;
    }
    bool described = kernel_describe(kernels_of(c->ref), ks[pick], pick, rk, err, sizeof err);
    rk->sms = check_sms(c);
    if (!described || !kernel_set_dims(rk, c->ca->dims, c->ca->ndims, err, sizeof err)) {
        kernel_print_error(c->ca->err, "check", c->ref->path, rk, err);
        return false;
    }
    bool same = rk->nargs == k->nargs;
    for (uint32_t i = 0; same && i < k->nargs; i++) {
        const KernelArg *a = &k->args[i], *b = &rk->args[i];
        same = a->kind == b->kind && a->elem == b->elem &&
               (a->kind == ARG_SCALAR ||
                (a->kind == ARG_TENSORMAP && a->tma_source == b->tma_source) ||
                (karg_bytes(a) == karg_bytes(b) && a->span == (size_t)karg_count(a) &&
                 b->span == (size_t)karg_count(b)) ||
                same_strided(a, b));
    }
    if (!same)
        fprintf(c->ca->err,
                "vptx check: error: kernel '%s' of %s does not take the same arguments as "
                "'%s' (same count, element types and dense buffer sizes, or the same strided "
                "layouts, are needed)\n",
                rk->name, c->ref->path, k->name);
    return same;
}

static bool
launch_config(const Check *c, const Kernel *k, LaunchConfig *cfg)
{
    const CheckArgs *ca = c->ca;
    char why[512] = "";
    if (!ca->has_block && !k->has_block) {
        fprintf(c->ca->err,
                "vptx check: error: kernel '%s' has no gpu.known_block_size (or "
                "translation_info workgroup_size): give --block=X,Y,Z\n",
                k->name);
        return false;
    }
    if (!kernel_check_grid(c->ca->err, ca->input, k, ca->has_grid) ||
        (ca->has_block && !kernel_check_block(k, ca->block, why, sizeof why))) {
        if (*why)
            fprintf(c->ca->err, "vptx check: error: %s\n", why);
        return false;
    }
    for (int i = 0; i < 3; i++) {
        cfg->block[i] = (unsigned)(ca->has_block ? ca->block[i] : k->block[i]);
        cfg->grid[i] = (unsigned)(ca->has_grid ? ca->grid[i] : k->has_grid ? k->grid[i] : 1);
    }
    cfg->shared_bytes = ca->smem;
    cfg->timing = ca->timing;
    cfg->progress = "vptx check";
    cfg->persistent_workgroups = ca->persistent_ctas;
    cfg->printf_out = ca->out; /* device printf, before the PASS line */
    return true;
}

static bool
program_compile(Program *p, const VptxOptions *opt, FILE *err)
{
    if (p->ptx)
        return true;
    Diag d;
    diag_init(&d);
    bool ok = driver_compile(&d, p->path, p->text, p->len, opt, &p->ptx, &p->ptx_len);
    diag_render(&d, err);
    diag_free(&d);
    return ok;
}

/* Copies k's inputs (memref bytes, scalar values) into the reference kernel rk. */
static void
copy_inputs(Kernel *rk, const Kernel *k)
{
    for (uint32_t i = 0; i < k->nargs && i < rk->nargs; i++) {
        if (k->args[i].kind == ARG_MEMREF) {
            if (karg_bytes(&rk->args[i]) == karg_bytes(&k->args[i]))
                memcpy(rk->args[i].host, k->args[i].host, karg_bytes(&k->args[i]));
        } else
            rk->args[i].bits = k->args[i].bits;
    }
}

/* The tolerance of argument i of a kernel of a split op-level function: from every
 * kernel of its vptx.sequence that writes it (an output written by an earlier kernel, a
 * reduction into a memref before an op that does not fuse, is written and accumulated
 * there, not in the last kernel).  Rounds add up over the kernels; the rest is the
 * largest of them. */
static void
sequence_tolerance(const Check *c, Module *km, const Kernel *rk, uint32_t i, Tolerance *t)
{
    tolerance_of_arg(km, rk->func, i, &c->ca->opt, t);
    const Attr *seq = op_attr(km, rk->func, "vptx.sequence");
    if (!seq || seq->kind != ATTR_ARRAY || t->exact)
        return;
    OpId *ks;
    uint32_t nk = kernel_list(km, &ks);
    for (uint32_t st = 0; st < seq->n; st++)
        for (uint32_t j = 0; j < nk; j++) {
            const Attr *name = op_attr(km, ks[j], "sym_name");
            Tolerance e;
            if (ks[j] == rk->func || !name || !name->str || !seq->items[st]->str ||
                strcmp(name->str, seq->items[st]->str) != 0 ||
                !tolerance_of_arg(km, ks[j], i, &c->ca->opt, &e) || !e.written)
                continue;
            t->written = true;
            t->n = e.n > t->n ? e.n : t->n;
            t->u_acc = e.u_acc > t->u_acc ? e.u_acc : t->u_acc;
            t->u = e.u > t->u ? e.u : t->u;
            t->math = e.math > t->math ? e.math : t->math;
            t->rounds += e.rounds;
        }
    tolerance_finish(t);
}

/* rtol and atol of memref argument i of rk (program rp): derived (tolerance.c) unless
 * --rtol / --atol are given; 0 and 0 for an integer output.  --verbose says how. */
static void
arg_tolerance(const Check *c, Program *rp, const Kernel *rk, uint32_t i, double *rtol, double *atol)
{
    Tolerance t;
    if (rp->op_level)
        sequence_tolerance(c, kernels_of(rp), rk, i, &t);
    else
        tolerance_of_arg(kernels_of(rp), rk->func, i, &c->ca->opt, &t);
    /* an input: the kernel must leave it as it was (an op-level result is written, maybe
       by an earlier kernel of its sequence) */
    if (!t.written && !(rp->op_level && rk->args[i].result_shape))
        t.exact = true;
    if (rp->op_level && !t.exact) {
        /* the tiled kernel's loops run to the argument sizes: the op-level ops say how
           long the accumulations are */
        Estimate est = { 1 };
        estimate_op_level(rp, rk, &est);
        if (est.n > t.n) {
            t.n = est.n;
            if (!t.u_acc)
                t.u_acc = t.u;
            tolerance_finish(&t);
        }
    }
    *rtol = c->ca->rtol >= 0 ? c->ca->rtol : t.exact ? 0 : t.rtol;
    *atol = c->ca->atol >= 0 ? c->ca->atol : t.exact ? 0 : t.atol;
    if (c->ca->verbose && !t.exact)
        fprintf(c->ca->out,
                "  argument #%u: rtol %.3g, atol %.3g (accumulation of %g at unit roundoff "
                "%.3g, %g rounding(s) at %.3g, math error %.3g)\n",
                i, *rtol, *atol, t.n, t.u_acc, t.rounds, t.u, t.math);
}

/* Compares every memref argument; prints the PASS or FAIL line.  Returns true on PASS. */
static bool
report(Check *c, Kernel *k, Kernel *rk, Program *rp, const char *what, float ms)
{
    Verdict v = { 0 };
    v.seed = c->ca->seed;
    double most_rtol = -1, most_atol = 0; /* the loosest tolerance, for the PASS line */
    for (uint32_t i = 0; i < k->nargs; i++) {
        if (k->args[i].kind != ARG_MEMREF || k->args[i].scratch)
            continue;
        double rtol, atol;
        arg_tolerance(c, rp, rk, i, &rtol, &atol);
        if (rtol > most_rtol) {
            most_rtol = rtol;
            most_atol = atol;
        }
        compare_arg(kernels_of(c->prog), k, rk, i, rtol, atol, what, c->ca->verbose, &v,
                    c->ca->out);
    }
    if (v.mismatches)
        return false;
    fprintf(c->ca->out, "PASS %s (%s, max abs err %.3g, max rel err %.3g", k->name, what, v.max_abs,
            v.max_rel);
    if (most_rtol > 0)
        fprintf(c->ca->out, ", tol %.2g + %.2g|ref|", most_atol, most_rtol);
    else if (most_rtol == 0)
        fprintf(c->ca->out, ", exact");
    if (device_kind(c->dev) == DEV_CUDA)
        fprintf(c->ca->out, ", %.3f ms", ms);
    fprintf(c->ca->out, ")\n");
    return true;
}

/* ---- --input and --expect ---- */

/* The memref argument of k that the ARG of "ARG:FILE" names (its name with or without
 * '%', or its number with or without '#'), or -1 after printing why. */
static int
named_arg(const Check *c, const Kernel *k, const char *spec, const char **file)
{
    const char *colon = strchr(spec, ':');
    *file = colon + 1;
    const char *name = spec[0] == '%' || spec[0] == '#' ? spec + 1 : spec;
    size_t len = (size_t)(colon - name);
    int found = -1;
    char *end = NULL;
    long num = strtol(name, &end, 10);
    for (uint32_t i = 0; i < k->nargs && found < 0; i++) {
        const char *an = k->args[i].name;
        if ((an && strlen(an) == len && strncmp(an, name, len) == 0) ||
            (end == colon && end != name && num == (long)i))
            found = (int)i;
    }
    if (found < 0 || k->args[found].kind != ARG_MEMREF) {
        fprintf(c->ca->err,
                "vptx check: error: kernel '%s' has no memref argument '%.*s' (name it as "
                "written, e.g. %%C or C, or by number)\n",
                k->name, (int)len, name);
        return -1;
    }
    return found;
}

/* Reads "ARG:FILE" into a buffer laid out as ARG's host buffer (a copy of it first, so
 * that elements the array does not cover compare equal); *arg gets ARG.  NULL after
 * printing why. */
static void *
load_named(const Check *c, const Kernel *k, const char *spec, uint32_t *arg)
{
    const char *file;
    int i = named_arg(c, k, spec, &file);
    if (i < 0)
        return NULL;
    *arg = (uint32_t)i;
    const KernelArg *a = &k->args[i];
    NpyArray x;
    char err[600];
    void *host = malloc(karg_bytes(a) ? karg_bytes(a) : 1);
    if (!host || npy_read(file, &x, err, sizeof err) != 0) {
        fprintf(c->ca->err, "vptx check: error: %s\n", host ? err : "out of memory");
        free(host);
        return NULL;
    }
    memcpy(host, a->host, karg_bytes(a));
    bool ok = karg_fill_npy(a, &x, host, err, sizeof err);
    npy_free(&x);
    if (!ok) {
        fprintf(c->ca->err, "vptx check: error: argument #%d%s%s (%s): %s\n", i,
                a->name ? " %" : "", a->name ? a->name : "", file, err);
        free(host);
        return NULL;
    }
    return host;
}

/* --input: the named arguments' contents from their files. */
static bool
apply_inputs(const Check *c, Kernel *k)
{
    for (uint32_t j = 0; j < c->ca->ninputs; j++) {
        uint32_t i;
        void *host = load_named(c, k, c->ca->inputs[j], &i);
        if (!host)
            return false;
        free(k->args[i].host);
        k->args[i].host = host;
    }
    return true;
}

/* --expect: each named output of k (after its run) against the user's array, with the
 * tolerance derived for it; a PASS or FAIL line each.  True when all match. */
static bool
check_expects(const Check *c, Kernel *k, const char *device)
{
    bool all = true;
    for (uint32_t j = 0; j < c->ca->nexpects; j++) {
        uint32_t i;
        void *want = load_named(c, k, c->ca->expects[j], &i);
        if (!want)
            return false;
        double rtol, atol; /* as against the reference (an op-level output: its kernels') */
        arg_tolerance(c, c->prog, k, i, &rtol, &atol);
        Kernel exp = *k;
        KernelArg *args = malloc(k->nargs * sizeof *args);
        if (!args) {
            free(want);
            return false;
        }
        memcpy(args, k->args, k->nargs * sizeof *args);
        args[i].host = want;
        exp.args = args;
        const char *file = strchr(c->ca->expects[j], ':') + 1;
        char what[600];
        snprintf(what, sizeof what, "%s vs %s", device, file);
        Verdict v = { 0 };
        v.seed = c->ca->seed;
        if (!compare_arg(&c->prog->m, k, &exp, i, rtol, atol, what, c->ca->verbose, &v,
                         c->ca->out)) {
            fprintf(c->ca->out, "PASS %s: argument #%u%s%s matches %s (max abs err %.3g", k->name,
                    i, k->args[i].name ? " %" : "", k->args[i].name ? k->args[i].name : "", file,
                    v.max_abs);
            if (rtol > 0)
                fprintf(c->ca->out, ", tol %.2g + %.2g|expected|)\n", atol, rtol);
            else
                fprintf(c->ca->out, ", exact)\n");
        } else {
            all = false;
        }
        free(args);
        free(want);
    }
    return all;
}

/* The SM count of an op-level grid (a whole-array reduction's parts): the device's, or
 * on the simulator the --timing part's, else the reference GPU of --arch. */
static int64_t
check_sms(const Check *c)
{
    return device_sm_count(c->dev, c->ca->timing, c->ca->opt.arch ? c->ca->opt.arch : "sm_80");
}

/* Sets up k (arguments, random inputs, launch shape).  False after printing an error. */
static bool
prepare(Check *c, OpId func, uint32_t index, Kernel *k, LaunchConfig *cfg)
{
    char err[512];
    Module *km = kernels_of(c->prog);
    if (!kernel_describe(km, func, index, k, err, sizeof err)) {
        kernel_print_error(c->ca->err, "check", c->prog->path, k, err);
        return false;
    }
    /* the scalars first: an op-level kernel's result shapes may depend on them */
    if (!set_scalars(km, k, c->ca))
        return false;
    k->sms = check_sms(c);
    if (!kernel_set_dims(k, c->ca->dims, c->ca->ndims, err, sizeof err)) {
        kernel_print_error(c->ca->err, "check", c->prog->path, k, err);
        return false;
    }
    if (!launch_config(c, k, cfg))
        return false;
    fill_random(k, c->ca->seed);
    return apply_inputs(c, k);
}

/* CHECK_PASS (pass or skip), CHECK_MISMATCH (a compared element differs),
 * CHECK_FAULT (the kernel under test failed to run) or CHECK_ERROR. */
static CheckStatus
check_kernel(Check *c, OpId func, uint32_t index)
{
    Kernel k, rk;
    memset(&rk, 0, sizeof rk);
    LaunchConfig cfg;
    CheckStatus status = CHECK_ERROR;
    if (!prepare(c, func, index, &k, &cfg))
        goto out;
    Program *rp = c->prog;
    RefKind kind = REF_EVAL;
    char err[512];
    if (c->ref) {
        rp = c->ref;
        if (!reference_kernel(c, &k, &rk))
            goto out;
        kind = rk.vector_level ? REF_EVAL : REF_SIM;
        if (kind == REF_SIM && !program_compile(rp, &c->ca->opt, c->ca->err))
            goto out;
    } else {
        kind = k.vector_level ? REF_EVAL : REF_SIM;
        if (kind == REF_SIM && device_kind(c->dev) == DEV_SIM) {
            LaunchResult res;
            if (run_on(c, c->dev, c->prog, &k, &cfg, &res)) {
                fprintf(c->ca->out,
                        "SKIP %s (SIMT-level: ran on the simulator without a fault, but eval "
                        "does not apply and there is no GPU to compare with; use "
                        "--reference=SPEC.mlir%s)\n",
                        k.name, c->ca->nexpects ? "; --expect compared below" : " or --expect");
                status = CHECK_PASS;
                if (c->ca->nexpects && !check_expects(c, &k, "sim")) /* the user's arrays */
                    status = CHECK_MISMATCH;
            } else {
                status = CHECK_FAULT;
            }
            goto out;
        }
        bool described = kernel_describe(kernels_of(rp), func, index, &rk, err, sizeof err);
        /* the scalars first: result shapes may depend on them (op-level kernels) */
        for (uint32_t i = 0; described && i < rk.nargs && i < k.nargs; i++)
            if (rk.args[i].kind == ARG_SCALAR)
                rk.args[i].bits = k.args[i].bits;
        rk.sms = check_sms(c);
        if (!described || !kernel_set_dims(&rk, c->ca->dims, c->ca->ndims, err, sizeof err)) {
            kernel_print_error(c->ca->err, "check", rp->path, &rk, err);
            goto out;
        }
    }
    copy_inputs(&rk, &k);
    LaunchResult res;
    if (!run_reference(c, rp, &rk, kind, &cfg))
        goto out;
    if (!run_on(c, c->dev, c->prog, &k, &cfg, &res)) {
        status = CHECK_FAULT;
        goto out;
    }
    char what[512];
    snprintf(what, sizeof what, "%s vs %s%s%s", device_kind(c->dev) == DEV_SIM ? "sim" : "cuda",
             kind == REF_EVAL ? "eval" : "sim", c->ref ? " of " : "", c->ref ? c->ref->path : "");
    status = report(c, &k, &rk, rp, what, res.ms) ? CHECK_PASS : CHECK_MISMATCH;
    if (c->ca->nexpects && !check_expects(c, &k, device_kind(c->dev) == DEV_SIM ? "sim" : "cuda"))
        status = CHECK_MISMATCH;
out:
    kernel_free(&k);
    kernel_free(&rk);
    return status;
}

/* Opens the device for --backend; returns -1 on success, else the exit status. */
static int
open_backend(Check *c)
{
    char err[2048];
    Backend b = c->ca->backend;
    if (b != BACKEND_SIM) {
        DeviceStatus s = device_open(DEV_CUDA, &c->dev, err, sizeof err);
        if (s == DEVICE_OK)
            return -1;
        if (b == BACKEND_CUDA) {
            fprintf(c->ca->err, "vptx check: %s\n", err);
            return s == DEVICE_UNAVAILABLE ? 77 : 1;
        }
        if (c->ca->verbose)
            fprintf(c->ca->out, "note: --backend=auto: %s; using the simulator\n", err);
    }
    if (device_open(DEV_SIM, &c->dev, err, sizeof err) != DEVICE_OK) {
        fprintf(c->ca->err, "vptx check: error: %s\n", err);
        return 1;
    }
    device_set_limits(c->dev, &c->ca->limits);
    return -1;
}

/* When ptxas is there, a kernel that spills registers gets a warning (ptxas.c); quiet otherwise. */
static void
warn_spills(const Program *p, const VptxOptions *opt)
{
    char *ptxas = ptxas_find();
    bool have = ptxas != NULL;
    free(ptxas);
    if (!have || !p->ptx)
        return;
    PtxasOptions po = { opt->arch, NULL, "check", false, false, false, true };
    (void)ptxas_assemble(p->ptx, p->ptx_len, &po, stderr);
}

/* vptx check on a program with host code: its @main runs as vptx run runs it, and each
 * launch of a vector-level kernel is compared with eval.  The options that set up one
 * kernel's launch do not apply. */
static int
check_program(const CheckArgs *ca, const Program *p)
{
    const char *kernel_only = ca->reference   ? "--reference"
                              : ca->kernel    ? "--kernel"
                              : ca->has_grid  ? "--grid"
                              : ca->has_block ? "--block"
                              : ca->ndims     ? "--dim"
                              : ca->nscalars  ? "--scalar"
                              : ca->smem      ? "--shared"
                                              : NULL;
    if (kernel_only) {
        fprintf(stderr,
                "vptx check: error: %s is a program with host code, whose @main sets its "
                "launches: '%s' is for checking one kernel\n",
                ca->input, kernel_only);
        return 1;
    }
    const char *backend = ca->backend == BACKEND_SIM    ? "sim"
                          : ca->backend == BACKEND_CUDA ? "cuda"
                                                        : "auto";
    HostRunOptions o = { ca->input, NULL, backend,  ca->opt,  ca->limits, false,
                         ".",       true, ca->rtol, ca->atol, ca->verbose };
    return host_run(p->text, p->len, &o);
}

int
check_main(int argc, char **argv)
{
    CheckArgs ca;
    int status = check_parse_args(argc, argv, &ca);
    if (status >= 0)
        return status;
    Program prog, ref;
    Check c = { &ca, &prog, NULL, NULL, NULL };
    if (!program_load(&prog, ca.input, &ca.opt, false, stderr)) {
        program_free(&prog);
        return 1;
    }
    if (host_has_code(&prog.m)) { /* a program: its launches are checked (tools/host_run.c) */
        status = check_program(&ca, &prog);
        program_free(&prog);
        return status;
    }
    if (!program_compile(&prog, &ca.opt, stderr)) {
        program_free(&prog);
        return 1;
    }
    warn_spills(&prog, &ca.opt);
    if (ca.reference && !program_load(&ref, ca.reference, &ca.opt, false, stderr)) {
        program_free(&prog);
        program_free(&ref);
        return 1;
    }
    if (ca.reference)
        c.ref = &ref;
    status = open_backend(&c);
    if (status < 0) {
        char err[512];
        status = 0;
        if (device_kind(c.dev) == DEV_SIM)
            c.sim = c.dev;
        else if (device_open(DEV_SIM, &c.sim, err, sizeof err) != DEVICE_OK)
            status = 1;
        device_set_limits(c.sim, &ca.limits);
        OpId *ks;
        uint32_t n = kernel_list(kernels_of(&prog), &ks), checked = 0, passed = 0;
        for (uint32_t i = 0; i < n && status <= 1; i++) {
            const Attr *s = op_attr(kernels_of(&prog), ks[i], "sym_name");
            if ((ca.kernel && (!s || !s->str || strcmp(s->str, ca.kernel) != 0)) ||
                kernel_is_earlier_step(kernels_of(&prog), ks[i]))
                continue;
            checked++;
            CheckStatus st = check_kernel(&c, ks[i], i);
            passed += st == CHECK_PASS;
            status |= st != CHECK_PASS;
        }
        if (checked == 0) {
            fprintf(stderr, "vptx check: error: %s has no kernel%s%s\n", ca.input,
                    ca.kernel ? " named " : "", ca.kernel ? ca.kernel : "");
            status = 1;
        } else if (passed && !ca.nexpects && !ca.reference) {
            fputs("note: a PASS compares the kernel with vptx's evaluation of the same source: "
                  "it checks the compiler, not the algorithm (--expect=ARG:FILE.npy checks an "
                  "output against your own array)\n",
                  ca.out);
        }
        if (c.sim != c.dev)
            device_close(c.sim);
        device_close(c.dev);
    }
    program_free(&prog);
    if (c.ref)
        program_free(&ref);
    return status;
}

CheckStatus
check_text(const char *name, const char *text, size_t len, const CheckTextOptions *o, FILE *log)
{
    CheckArgs ca;
    memset(&ca, 0, sizeof ca);
    vptx_options_init(&ca.opt);
    ca.opt.arch = o->arch;
    ca.opt.precise_math = o->precise_math;
    ca.opt.debug_loc = 2; /* a simulator fault names the op's line */
    ca.seed = o->seed;
    ca.backend = BACKEND_SIM;
    ca.verbose = o->verbose;
    ca.rtol = o->rtol;
    ca.atol = o->atol;
    ca.out = ca.err = log;
    Program prog;
    memset(&prog, 0, sizeof prog);
    prog.path = name;
    prog.text = malloc(len + 1);
    if (!prog.text)
        return CHECK_ERROR;
    memcpy(prog.text, text, len);
    prog.text[len] = 0;
    prog.len = len;
    CheckStatus status = CHECK_REJECTED;
    if (program_parse(&prog, &ca.opt, true, log)) {
        Check c = { &ca, &prog, NULL, NULL, NULL };
        status = open_backend(&c) < 0 ? CHECK_PASS : CHECK_ERROR;
        if (status == CHECK_PASS) {
            c.sim = c.dev;
            OpId *ks;
            uint32_t n = kernel_list(kernels_of(&prog), &ks);
            for (uint32_t i = 0; i < n && status == CHECK_PASS; i++)
                if (!kernel_is_earlier_step(kernels_of(&prog), ks[i]))
                    status = check_kernel(&c, ks[i], i);
            device_close(c.dev);
        }
    } else if (!prog.parsed) {
        status = CHECK_INVALID;
    }
    program_free(&prog);
    return status;
}
