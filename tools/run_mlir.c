/*
 * run_mlir.c -- `vptx run KERNEL.mlir ARG...`: compile an MLIR kernel, launch
 * it on .npy arrays and scalars, and write the arrays back.
 *
 * The .npy interface of `vptx run KERNEL.ptx` (run_ptx.c), one level up: ARGs
 * bind the kernel's IR arguments in order (not its .param entries), and the
 * launcher expands each memref into the .param entries of the kernel ABI
 * (base pointer, dynamic offset/sizes/strides: see runtime/launch.c).
 *
 *   memref<AxBxT>            ARG is a .npy of shape (A, B) and T's dtype; a `?`
 *                            dim takes the array's size
 *   memref<AxBxvector<NxT>>  shape (A, B, N)
 *   scalar                   ARG is a number that fits its type (decimal or 0x integer,
 *                            decimal float; cli_scalar_bits)
 *
 *   T      f32  f16  bf16  f64  i8   i16  i32  i64, index  i1
 *   dtype  <f4  <f2  <u2   <f8  |i1  <u2  <i4  <i8         |u1
 *
 * After the launch every array argument N is written to DIR/argN.npy (DIR
 * from --out, default "."), with the dtype and shape it came in with.
 *
 * An op-level kernel (linalg on tensors, docs/op-level.md) takes ARGs for its
 * parameters only: its tensor results get buffers of the shapes its sizes give, and
 * result K is written to DIR/resultK.npy; its grid and block come from the kernel, so
 * --grid and --block are not needed.
 */
#include "tools/run_mlir.h"
#include "driver/cliargs.h"

#include "driver/driver.h"
#include "driver/host.h"
#include "tools/host_run.h"
#include "runtime/launch.h"
#include "driver/options.h"
#include "runtime/npy.h"
#include "runtime/output.h"
#include "ir/frontend.h"
#include "tile/tile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char run_mlir_usage[] =
    "usage: vptx run KERNEL.mlir [options] ARG...\n"
    "       vptx run PROGRAM.mlir [options]\n"
    "  compile KERNEL.mlir, launch it with the ARGs bound to the kernel's arguments in\n"
    "  order, and write every array argument N back to DIR/argN.npy; an op-level\n"
    "  kernel's tensor result K goes to DIR/resultK.npy (its ARGs are its parameters)\n"
    "  ARG: FILE.npy for a memref argument, a number for a scalar; none for a tensor\n"
    "  map argument {vptx.tma_source = N}: vptx encodes it for memref argument N\n"
    "  (docs/hopper.md)\n"
    "  PROGRAM.mlir: a program with host code (a func.func @main that allocates, launches\n"
    "  kernels and prints): runs @main and prints what MLIR's runner utilities print\n"
    "  (docs/host-code.md); it takes no ARG\n"
    "\n"
    "  --out=DIR          where the arrays are written (default .; created with its\n"
    "                     parents; each .npy is written whole or not at all)\n"
    "  --backend=B        sim | cuda | auto (default auto: the GPU when there is one)\n"
    "  --arch=ARCH        target of the PTX (default sm_80)\n"
    "  --grid=X[,Y[,Z]]   workgroups (default gpu.known_grid_size; a kernel that reads\n"
    "                     gpu.block_id needs one or the other, else 1,1,1)\n"
    "  --block=X[,Y[,Z]]  threads (default gpu.known_block_size / translation_info)\n"
    "  --shared=BYTES     dynamic shared memory (default 0)\n"
    "  --kernel=NAME      which kernel, when the module has several\n"
    "  --stats            print the simulator's counters\n"
    "  --keep             also write the PTX to DIR/ENTRY.ptx (ENTRY: the kernel's PTX\n"
    "                     entry name), which a simulator error then names\n"
    "  --timing=GPU       on the simulator, also print the performance model's estimate\n"
    "                     for GPU (a100, h100 or b200, any case) (docs/timing.md)\n"
    "  --entry-point=FN   the host function a PROGRAM runs (default main)\n"
    "  --timing-sample=N  with --timing: simulate only N CTAs spread over a bigger grid and\n"
    "                     extrapolate by waves; the other CTAs do not run, so no array is\n"
    "                     written (as vptx run KERNEL.ptx)\n" SIM_LIMITS_HELP;

#define MAX_ARGS 64

typedef struct RunArgs {
    const char *input, *out_dir, *kernel;
    const char *backend;
    VptxOptions opt;
    const char *grid, *block;
    unsigned shared;
    bool stats, keep;
    SimLimits limits;
    const char *timing;
    const char *entry;                /* --entry-point: a program's host function */
    unsigned long long timing_sample; /* --timing-sample */
    const char *args[MAX_ARGS];
    uint32_t nargs;
} RunArgs;

static int
run_error(const char *what, const char *detail)
{
    fprintf(stderr, "vptx run: error: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    return 1;
}

static int
parse_run_args(int argc, char **argv, RunArgs *a)
{
    memset(a, 0, sizeof *a);
    vptx_options_init(&a->opt);
    a->out_dir = ".";
    a->backend = "auto";
    sim_limits_init(&a->limits);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *v = NULL;
        bool missing = false;
        char lerr[128];
        int cstatus;
        if (cli_limit_option(argc, argv, &i, &a->limits, lerr, sizeof lerr)) {
            if (a->limits.bad)
                return run_error(lerr, NULL);
        } else if ((cstatus = cli_compile_option(argc, argv, &i, &a->opt, "vptx run", stderr))) {
            if (cstatus < 0)
                return 1;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(run_mlir_usage, stdout);
            return 0;
        } else if (strcmp(arg, "--stats") == 0) {
            a->stats = true;
        } else if (strcmp(arg, "--keep") == 0) {
            a->keep = true;
        } else if (cli_option(argc, argv, &i, "--out", &v, &missing)) {
            a->out_dir = v;
            if (!missing && !*v)
                return run_error("--out needs a folder name (the value is empty)", NULL);
        } else if (cli_option(argc, argv, &i, "--backend", &v, &missing)) {
            a->backend = v;
        } else if (cli_option(argc, argv, &i, "--grid", &v, &missing)) {
            a->grid = v;
        } else if (cli_option(argc, argv, &i, "--block", &v, &missing)) {
            a->block = v;
        } else if (cli_option(argc, argv, &i, "--shared", &v, &missing)) {
            unsigned long long bytes = 0;
            if (!missing && !cli_count(v, 0x7fffffff, &bytes))
                return run_error("bad --shared (want bytes: 0 to 2147483647, decimal or 0x)", v);
            a->shared = (unsigned)bytes;
        } else if (cli_option(argc, argv, &i, "--kernel", &v, &missing)) {
            a->kernel = v;
        } else if (cli_option(argc, argv, &i, "--timing-sample", &v, &missing)) {
            char *end = NULL;
            a->timing_sample = missing ? 0 : strtoull(v, &end, 10);
            if (!missing && (end == v || *end || v[0] == '-' || a->timing_sample == 0))
                return run_error("bad --timing-sample (want a positive count of CTAs)", v);
        } else if (cli_option(argc, argv, &i, "--timing", &v, &missing)) {
            a->timing = v;
        } else if (cli_option(argc, argv, &i, "--entry-point", &v, &missing)) {
            a->entry = v;
        } else if (arg[0] == '-' && arg[1] && !(arg[1] >= '0' && arg[1] <= '9') && arg[1] != '.') {
            static const char *const help[] = { run_mlir_usage, NULL };
            cli_unknown_option(stderr, "vptx run", arg, help);
            return 1;
        } else if (!a->input) {
            a->input = arg;
        } else if (a->nargs < MAX_ARGS) {
            a->args[a->nargs++] = arg;
        } else {
            return run_error("too many arguments", NULL);
        }
        if (missing) {
            cli_missing_value(stderr, "vptx run", argc, argv, i);
            return 1;
        }
    }
    if (!a->input)
        return run_error("no input file (see vptx run X.mlir --help)", NULL);
    char why[512];
    if (!options_validate(&a->opt, OPTIONS_CLI, why, sizeof why))
        return run_error(why, NULL);
    if (a->timing_sample && !a->timing)
        return run_error("--timing-sample needs --timing=GPU", NULL);
    if (!a->opt.debug_loc) /* a simulator fault then names the op's .mlir line */
        a->opt.debug_loc = 2;
    if (a->timing &&
        sim_timing_check(a->timing, a->opt.arch ? a->opt.arch : "sm_80", why, sizeof why) != SIM_OK)
        return run_error(why, NULL);
    return -1;
}

/* Checks array x against memref argument a; appends its `?` dims to dims. */
static bool
match_array(const KernelArg *a, const NpyArray *x, int64_t *dims, uint32_t *ndims, char *err,
            size_t n)
{
    NpyDtype want;
    if (!karg_npy_dtype(a->elem, &want)) {
        snprintf(err, n, "no .npy dtype for this element type");
        return false;
    }
    if (x->dtype != want) {
        snprintf(err, n, "dtype %s, but the memref needs %s", npy_dtype_descr(x->dtype),
                 npy_dtype_descr(want));
        return false;
    }
    int rank = (int)a->rank + (a->lanes > 1);
    bool ok = x->ndim == rank && (a->lanes == 1 || x->shape[a->rank] == a->lanes);
    for (uint32_t d = 0; ok && d < a->rank; d++) {
        if (a->dyn_shape[d])
            dims[(*ndims)++] = (int64_t)x->shape[d];
        else
            ok = x->shape[d] == (size_t)a->shape[d];
    }
    if (!ok) { /* both shapes, as numpy writes them: (8, 64) and (?, 64) */
        size_t used = (size_t)snprintf(err, n, "the array's shape (");
        for (int d = 0; d < x->ndim && used < n; d++)
            used += (size_t)snprintf(err + used, n - used, "%s%zu", d ? ", " : "", x->shape[d]);
        if (used < n)
            used += (size_t)snprintf(err + used, n - used, "%s does not fit the memref's (",
                                     x->ndim == 1 ? ",)" : ")");
        for (uint32_t d = 0; d < a->rank && used < n; d++) {
            if (a->dyn_shape[d])
                used += (size_t)snprintf(err + used, n - used, "%s?", d ? ", " : "");
            else
                used += (size_t)snprintf(err + used, n - used, "%s%lld", d ? ", " : "",
                                         (long long)a->shape[d]);
        }
        if (a->lanes > 1 && used < n)
            used += (size_t)snprintf(err + used, n - used, ", %u", a->lanes);
        if (used < n)
            snprintf(err + used, n - used, "%s%s", rank == 1 ? ",)" : ")",
                     a->lanes > 1 ? "; vector elements are the last dim" : "");
    }
    return ok;
}

/* Binds the ARGs; loads the arrays into arrays[i] and the kernel's host buffers. */
static bool
bind_args(const RunArgs *ra, Kernel *k, NpyArray *arrays, char *err, size_t n)
{
    /* tensor maps take no ARG: the launcher encodes them (docs/hopper.md) */
    uint32_t want = 0, j = 0;
    for (uint32_t i = 0; i < k->nargs; i++)
        want += k->args[i].kind != ARG_TENSORMAP && !k->args[i].result_shape;
    if (ra->nargs != want) {
        snprintf(err, n, "kernel '%s' takes %u arguments, %u given%s", k->name, want, ra->nargs,
                 want != k->nargs ? " (tensor maps are built by vptx and take none)" : "");
        return false;
    }
    int64_t dims[64];
    uint32_t ndims = 0;
    char why[512];
    for (uint32_t i = 0; i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        if (a->kind == ARG_TENSORMAP || a->result_shape)
            continue;
        const char *arg = ra->args[j++];
        if (a->kind == ARG_SCALAR) {
            if (!cli_scalar_bits(a->elem, arg, &a->bits, why, sizeof why)) {
                snprintf(err, n, "argument #%u%s%s: %s", i, a->name ? " %" : "",
                         a->name ? a->name : "", why);
                return false;
            }
            continue;
        }
        if (npy_read(arg, &arrays[i], why, sizeof why) != 0 ||
            (ndims + a->rank > 64 && snprintf(why, sizeof why, "too many dynamic dims")) ||
            !match_array(a, &arrays[i], dims, &ndims, why, sizeof why)) {
            snprintf(err, n, "argument #%u (%s): %s", i, arg, why);
            return false;
        }
    }
    if (!kernel_set_dims(k, dims, ndims, err, n))
        return false;
    for (uint32_t i = 0; i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        if (a->kind != ARG_MEMREF || a->result_shape)
            continue;
        int64_t count = karg_count(a);
        for (int64_t e = 0; e < count; e++)
            memcpy((char *)a->host + karg_elem_offset(a, e),
                   (const char *)arrays[i].data + (size_t)e * a->esize, a->esize);
    }
    return true;
}

/* An array for an op-level kernel's result buffer a: its dtype and shape. */
static bool
result_array(const KernelArg *a, NpyArray *x)
{
    memset(x, 0, sizeof *x);
    if (!karg_npy_dtype(a->elem, &x->dtype))
        return false;
    x->ndim = (int)a->rank;
    x->count = 1;
    for (uint32_t d = 0; d < a->rank; d++) {
        x->shape[d] = (size_t)a->shape[d];
        x->count *= (size_t)a->shape[d];
    }
    x->itemsize = a->esize;
    x->data = calloc(x->count ? x->count : 1, a->esize);
    return x->data != NULL;
}

/* Writes every array argument back as DIR/argN.npy, and result K of an op-level
   kernel as DIR/resultK.npy: all or nothing (each one is staged in a temporary file
   first, and they are renamed together at the end). */
static bool
write_back(const RunArgs *ra, const Kernel *k, NpyArray *arrays)
{
    char err[4200];
    if (!output_dir(ra->out_dir, err, sizeof err))
        return run_error(err, NULL), false;
    OutputBatch batch;
    output_batch_init(&batch);
    uint32_t result = 0;
    for (uint32_t i = 0; i < k->nargs; i++) {
        const KernelArg *a = &k->args[i];
        if (a->kind != ARG_MEMREF || a->scratch)
            continue;
        if (a->result_shape && !result_array(a, &arrays[i]))
            return run_error("out of memory", NULL), false;
        int64_t count = karg_count(a);
        for (int64_t e = 0; e < count; e++)
            memcpy((char *)arrays[i].data + (size_t)e * a->esize,
                   (const char *)a->host + karg_elem_offset(a, e), a->esize);
        char path[4096], name[32], *image = NULL;
        size_t len = 0;
        if (a->result_shape)
            snprintf(name, sizeof name, "result%u.npy", result++);
        else
            snprintf(name, sizeof name, "arg%u.npy", i);
        bool ok = output_join(path, sizeof path, ra->out_dir, name, err, sizeof err) &&
                  npy_encode(&arrays[i], &image, &len, err, sizeof err) == 0;
        if (ok && !output_batch_add(&batch, path, image, len)) {
            snprintf(err, sizeof err, "cannot write %s: %s (no array was written)", path,
                     strerror(errno));
            ok = false;
        }
        free(image);
        if (!ok) {
            output_batch_discard(&batch);
            return run_error(err, NULL), false;
        }
    }
    char failed[4096] = "";
    if (!output_batch_commit(&batch, failed, sizeof failed)) {
        snprintf(err, sizeof err, "cannot write %s: %s", failed, strerror(errno));
        return run_error(err, NULL), false;
    }
    return true;
}

static bool
launch_shape(const RunArgs *ra, const Kernel *k, LaunchConfig *cfg, char *err, size_t n)
{
    int64_t g[3] = { 1, 1, 1 }, b[3] = { 1, 1, 1 };
    if (k->has_grid)
        memcpy(g, k->grid, sizeof g);
    if (k->has_block)
        memcpy(b, k->block, sizeof b);
    const char *spec[2] = { ra->grid, ra->block };
    int64_t *dst[2] = { g, b };
    for (int w = 0; w < 2; w++) {
        const char *s = spec[w];
        for (int i = 0; s && i < 3; i++) {
            char *end;
            long long v = strtoll(s, &end, 10);
            /* at most 2^31 - 1: never cut to 32 bits (4294967297 was a grid of 1) */
            if (end == s || v <= 0 || v > 0x7fffffff || (*end && *end != ',')) {
                snprintf(err, n, "bad --%s '%s'", w ? "block" : "grid", spec[w]);
                return false;
            }
            dst[w][i] = v;
            for (int j = i + 1; j < 3; j++)
                dst[w][j] = 1;
            s = *end ? end + 1 : NULL;
        }
    }
    if (ra->block && !kernel_check_block(k, b, err, n))
        return false;
    if (!ra->block && !k->has_block) {
        snprintf(err, n, "kernel '%s' has no gpu.known_block_size: give --block=X,Y,Z", k->name);
        return false;
    }
    for (int i = 0; i < 3; i++) {
        cfg->grid[i] = (unsigned)g[i];
        cfg->block[i] = (unsigned)b[i];
    }
    cfg->shared_bytes = ra->shared;
    return true;
}

/* Picks the kernel (--kernel or the only one); returns its index or -1. */
static int
pick_kernel(Module *m, const char *name, OpId *func)
{
    OpId *ks;
    uint32_t n = kernel_list(m, &ks), choices = 0;
    for (uint32_t i = 0; i < n; i++)
        choices += !kernel_is_earlier_step(m, ks[i]);
    for (uint32_t i = 0; i < n; i++) {
        const Attr *s = op_attr(m, ks[i], "sym_name");
        if (kernel_is_earlier_step(m, ks[i]))
            continue;
        if (name ? s && s->str && strcmp(s->str, name) == 0 : choices == 1) {
            *func = ks[i];
            return (int)i;
        }
    }
    if (name)
        fprintf(stderr, "vptx run: error: no kernel named '%s'\n", name);
    else
        fprintf(stderr, "vptx run: error: the module has %u kernels: pick one with --kernel\n",
                choices);
    return -1;
}

static Device *
open_device(const char *backend, int *status)
{
    Device *d = NULL;
    char err[2048];
    *status = 1;
    if (strcmp(backend, "sim") != 0 && strcmp(backend, "cuda") != 0 &&
        strcmp(backend, "auto") != 0) {
        run_error("--backend must be sim, cuda or auto", backend);
        return NULL;
    }
    if (strcmp(backend, "sim") != 0) {
        DeviceStatus s = device_open(DEV_CUDA, &d, err, sizeof err);
        if (s == DEVICE_OK)
            return d;
        if (strcmp(backend, "cuda") == 0) {
            fprintf(stderr, "vptx run: %s\n", err);
            *status = s == DEVICE_UNAVAILABLE ? 77 : 1;
            return NULL;
        }
    }
    if (device_open(DEV_SIM, &d, err, sizeof err) != DEVICE_OK)
        run_error(err, NULL);
    return d;
}

/* --keep: the PTX to DIR/ENTRY.ptx, named after the PTX entry (letters, digits, '_' and
   '$' only), never after the MLIR symbol, so that it stays in DIR; its path into path. */
static bool
keep_ptx(const RunArgs *ra, const char *ptx, const char *entry, char *path, size_t n)
{
    char file[300], why[4400];
    bool ok = output_file_name(file, sizeof file, entry, ".ptx", why, sizeof why) &&
              output_dir(ra->out_dir, why, sizeof why) &&
              output_join(path, n, ra->out_dir, file, why, sizeof why);
    if (ok && !output_write(path, ptx, strlen(ptx))) {
        snprintf(why, sizeof why, "cannot write %s: %s", path, strerror(errno));
        ok = false;
    }
    if (!ok)
        return run_error("--keep", why), false;
    fprintf(stderr, "vptx run: kept the PTX in %s\n", path);
    return true;
}

/* Compiles, binds, launches and writes back; returns the exit status. */
static int
run_kernel(const RunArgs *ra, Module *m, const char *ptx, Kernel *k, NpyArray *arrays)
{
    char err[8192];
    LaunchConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.printf_out = stdout; /* device printf, as a GPU's */
    int status;
    if (!kernel_check_grid(stderr, ra->input, k, ra->grid != NULL))
        return 1;
    Device *dev = open_device(ra->backend, &status); /* first: a missing GPU is reported as such */
    if (!dev)
        return status;
    device_set_limits(dev, &ra->limits);
    char *entry = ptx_entry_name(ptx, k->index);
    k->sms = device_sm_count(dev, ra->timing, ra->opt.arch ? ra->opt.arch : "sm_80");
    if (!entry || !bind_args(ra, k, arrays, err, sizeof err) ||
        !launch_shape(ra, k, &cfg, err, sizeof err)) {
        run_error(entry ? err : "the PTX lacks the kernel's entry", entry ? NULL : k->name);
        free(entry);
        device_close(dev);
        return 1;
    }
    LaunchResult res;
    /* the simulator names the PTX: the --keep file, else a name that is plainly not the .mlir */
    char ptx_name[4200];
    snprintf(ptx_name, sizeof ptx_name, "<PTX of %s>", ra->input);
    if (ra->keep && !keep_ptx(ra, ptx, entry, ptx_name, sizeof ptx_name)) {
        free(entry);
        device_close(dev);
        return 1;
    }
    cfg.timing = device_kind(dev) == DEV_SIM ? ra->timing : NULL;
    cfg.timing_sample = ra->timing_sample;
    cfg.progress = "vptx run";
    bool ok = kernel_run_earlier_steps(dev, m, ptx, ptx_name, k, &cfg, err, sizeof err) &&
              device_run(dev, ptx, ptx_name, entry, k, &cfg, &res, err, sizeof err);
    if (!ok) {
        run_error(err, NULL);
        ptx_fault_notes(stderr, "vptx run", err, ptx_name, ptx, ra->input);
    } else if (device_kind(dev) == DEV_CUDA)
        printf("%s: %.3f ms on %s\n", k->name, res.ms, device_name(dev));
    else if (ra->stats)
        sim_print_stats(&res.stats, stdout);
    if (ok && res.timed)
        sim_print_timing(&res.timing, k->name, stdout);
    if (ok && res.timed && res.timing.ctas_timed < res.timing.ctas_total) {
        printf("timing: sampled %llu of %llu CTAs and extrapolated by waves; the others did not "
               "run, so no array is written\n",
               (unsigned long long)res.timing.ctas_timed,
               (unsigned long long)res.timing.ctas_total);
        device_close(dev);
        free(entry);
        return 0;
    }
    ok = ok && write_back(ra, k, arrays);
    device_close(dev);
    free(entry);
    return ok ? 0 : 1;
}

/* A program with host code: its @main sets the launches, so the kernel options and ARGs
 * do not apply. */
static int
run_program(const RunArgs *ra, const char *text, size_t len)
{
    const char *kernel_only = ra->nargs    ? ra->args[0]
                              : ra->grid   ? "--grid"
                              : ra->block  ? "--block"
                              : ra->shared ? "--shared"
                              : ra->kernel ? "--kernel"
                              : ra->stats  ? "--stats"
                              : ra->timing ? "--timing"
                                           : NULL;
    if (kernel_only) {
        fprintf(stderr,
                "vptx run: error: %s is a program with host code, whose @main allocates and "
                "launches: '%s' is for running one kernel\n",
                ra->input, kernel_only);
        return 1;
    }
    HostRunOptions o = { ra->input,   ra->entry, ra->backend, ra->opt, ra->limits, ra->keep,
                         ra->out_dir, false,     -1.0,        -1.0,    false };
    return host_run(text, len, &o);
}

int
run_mlir_main(int argc, char **argv)
{
    RunArgs ra;
    int status = parse_run_args(argc, argv, &ra);
    if (status >= 0)
        return status;
    size_t len = 0, ptx_len = 0;
    char *text = cli_read_file(ra.input, &len), *ptx = NULL;
    if (!text) {
        char why[4300];
        snprintf(why, sizeof why, "cannot read '%s': %s", ra.input, strerror(errno));
        return run_error(why, NULL);
    }
    Module m;
    module_init(&m);
    Diag d;
    diag_init(&d);
    bool ok = frontend_parse(&m, &d, ra.input, text, len);
    if (ok && host_has_code(&m)) {
        diag_free(&d);
        module_free(&m);
        status = run_program(&ra, text, len);
        free(text);
        return status;
    }
    if (ok && ra.entry) {
        fprintf(stderr,
                "vptx run: error: %s has no host code: --entry-point names the host "
                "function of a program\n",
                ra.input);
        ok = false;
    }
    ok = ok && driver_compile(&d, ra.input, text, len, &ra.opt, &ptx, &ptx_len);
    if (ok && tile_needed(&m)) { /* op-level: launch the kernels tile/ makes of it */
        TileOptions to = { ra.opt.arch, false };
        ok = tile_module(&m, &to, &d);
    }
    diag_render(&d, stderr);
    diag_free(&d);
    OpId func = 0;
    int index = ok ? pick_kernel(&m, ra.kernel, &func) : -1;
    status = 1;
    if (index >= 0) {
        Kernel k;
        char err[512];
        NpyArray arrays[MAX_ARGS];
        memset(arrays, 0, sizeof arrays);
        if (kernel_describe(&m, func, (uint32_t)index, &k, err, sizeof err))
            status = run_kernel(&ra, &m, ptx, &k, arrays);
        else
            kernel_print_error(stderr, "run", ra.input, &k, err);
        for (uint32_t i = 0; i < MAX_ARGS; i++)
            npy_free(&arrays[i]);
        kernel_free(&k);
    }
    module_free(&m);
    free(ptx);
    free(text);
    return status;
}
