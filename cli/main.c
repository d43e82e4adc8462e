/*
 * main.c -- the `vptx` command line.
 *
 *   vptx [--emit=mlir|config|vector|layout|simt|ptx|cubin] [--arch=sm_XX] [-o OUT] FILE|-
 *   vptx run KERNEL.ptx ...           (tools/run_ptx.c)
 *   vptx run KERNEL.mlir ...          (tools/run_mlir.c)
 *   vptx check KERNEL.mlir ...        (tools/check.c)
 *   vptx fuzz-diff --seed=N --count=M (tools/fuzzdiff.c)
 *   vptx layout 'LAYOUT'              (layout/picture.c; --subgroup-size N)
 *
 * Long options take `--opt=value` and `--opt value` alike.  On any error the
 * diagnostics go to stderr, the exit status is 1 and no output file is
 * written (-o FILE streams into a temporary file renamed over FILE at the end;
 * stdout and special files get the output built in memory).
 */
#include "driver/driver.h"
#include "driver/cliargs.h"
#include "driver/vptx.h"
#include "tools/check.h"
#include "tools/fuzzdiff.h"
#include "runtime/launch.h"
#include "driver/options.h"
#include "runtime/output.h"
#include "runtime/ptxas.h"
#include "tools/run_mlir.h"
#include "tools/run_ptx.h"
#include "ir/frontend.h"
#include "layout/layout.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static const char usage_text[] =
    "usage: vptx [options] FILE            compile MLIR (FILE may be - for stdin)\n"
    "       vptx run KERNEL.ptx [options]  run a PTX kernel on the simulator (vptx run --help)\n"
    "       vptx run KERNEL.mlir ARG...    compile and run an MLIR kernel on .npy arrays\n"
    "       vptx check KERNEL.mlir         run on random inputs, compare with a reference\n"
    "                                      (vptx check --help)\n"
    "       vptx fuzz-diff --seed=N --count=M\n"
    "                                      random kernels checked like vptx check\n"
    "                                      (vptx fuzz-diff --help)\n"
    "       vptx layout 'LAYOUT' [--csv] [--slots] [--subgroup-size N]\n"
    "                                      picture of a nested layout: which lane holds what\n"
    "\n"
    "options:\n"
    "  --emit=LEVEL      mlir | config | vector | layout | simt | ptx | cubin (default ptx;\n"
    "                    cubin runs ptxas and writes -o FILE, default NAME.cubin); config\n"
    "                    and vector are for op-level (linalg) input: the lowering configs\n"
    "                    each op gets, and the vector-level kernel (docs/op-level.md)\n"
    "  --ptxas-stats     assemble with ptxas -v and print registers, spills and shared\n"
    "                    memory per kernel (to stderr)\n"
    "  --keep            keep ptxas's temporary folder\n"
    "  --verbose, -v     print the commands run (also: VPTX_VERBOSE=1)\n"
    "  --arch=ARCH       sm_80 (default), sm_86, sm_89, sm_90, sm_90a, sm_100a (nvcc's\n"
    "                    -arch=ARCH and --gpu-architecture=ARCH are the same option)\n"
    "  -O, -O0 ... -O3   accepted for nvcc's habits: vptx has one optimisation level\n"
    "  --kernel=NAME     compile only kernel NAME of the module\n"
    "  --split=DIR       one file per kernel: DIR/NAME.ptx (NAME.mlir for the IR levels,\n"
    "                    NAME.cubin), each compiled as with --kernel; DIR is created\n"
    "  -o FILE           write the output to FILE (default stdout; - is stdout too, for\n"
    "                    every level, cubin included): a regular file is\n"
    "                    replaced whole (temporary file + rename) or not at all; a\n"
    "                    symbolic link is written through; a device or FIFO is written\n"
    "                    in place, never replaced\n"
    "  --precise-math    accurate math.* sequences instead of .approx instructions\n"
    "  --fast-math       f32 division as div.approx.f32 (2 ulp, not IEEE)\n"
    "  --allow-tf32      let f32 x f32 -> f32 contracts use tf32 tensor cores (inputs\n"
    "                    rounded to 10 mantissa bits; docs/tensor-cores.md)\n"
    "  --remarks         say, per vector.contract, which tensor-core intrinsic and\n"
    "                    subgroup split it got and why (remark: lines on stderr)\n"
    "  -g, --loc         emit .loc lines (also nvcc's -lineinfo)\n";
/* the rest of --help (one string would pass C99's 4095-character minimum) */
static const char usage_text2[] =
    "  --pipeline-stages=N\n"
    "                    shared-memory stages of every software-pipelined K loop that\n"
    "                    has no vptx.pipeline_stages attribute (1-8; 1 = no overlap; 0 or\n"
    "                    none: 4, 3 or 2, the most that fit 48 KiB; above 48 KiB the\n"
    "                    buffers use the opt-in dynamic shared memory; docs/staging.md)\n"
    "                    on sm_90a it is also the depth of the TMA ring that feeds a\n"
    "                    wgmma K loop (2-8, default 3; 1 = no ring; docs/hopper.md)\n"
    "  --no-warp-specialize\n"
    "                    sm_90a TMA rings without the producer warpgroup (thread 0 of the\n"
    "                    consumers issues the copies; no setmaxnreg; docs/hopper.md); on\n"
    "                    sm_100a, tcgen05 rings whose thread 0 issues both the copies and\n"
    "                    the MMAs (no separate MMA warp; docs/blackwell.md)\n"
    "  --ping-pong       the two consumer warpgroups of a warp-specialized TMA ring take turns\n"
    "                    to issue each K step's wgmma (named barriers 1 and 2; off by\n"
    "                    default), as the warpgroups of an attention key loop on a TMA\n"
    "                    ring do in pairs by default (barriers 3 up; docs/hopper.md)\n"
    "  --no-ping-pong    neither: attention's warpgroups keep the plain schedule too\n"
    "  --overlap-softmax the attention key loops on wgmma compute S = Q K^T of the next key\n"
    "                    block while the softmax of this one runs (FlashAttention-3's\n"
    "                    intra-warpgroup overlap; off by default; docs/hopper.md)\n"
    "  --persistent      a warp-specialized TMA ring's kernel loops over the logical workgroups\n"
    "                    (a hidden grid parameter; the launcher starts one workgroup per SM;\n"
    "                    off by default; with --ping-pong: each consumer warpgroup takes\n"
    "                    whole tiles in turn; docs/hopper.md)\n"
    "  --verify-each     accepted for compatibility: the verifier always runs after every pass\n"
    "  --time-passes     print the wall time of each pass, a table on stderr at the end\n"
    "  --print-after=PASS\n"
    "                    print the IR after each run of PASS on stderr (repeatable); PASS is\n"
    "                    parse, verify, select, layout, budget or distribute (ptxgen's\n"
    "                    output is the PTX)\n"
    "  --print-after-all print the IR after every pass on stderr\n"
    "                    (the passes, in order: parse, verify, select, layout, budget,\n"
    "                    distribute, ptxgen)\n"
    "  --help            show this text\n"
    "  --version         print the version\n";

typedef struct Args {
    VptxOptions opt;
    const char *input;
    const char *output;
    const char *split; /* --split=DIR: one file per kernel */
    bool cubin, ptxas_stats, keep, verbose;
    PassTrace trace; /* --time-passes, --print-after, --print-after-all */
} Args;

static bool
parse_emit(const char *s, VptxEmit *emit)
{
    static const struct {
        const char *name;
        VptxEmit emit;
    } levels[] = {
        { "mlir", VPTX_EMIT_MLIR }, { "layout", VPTX_EMIT_LAYOUT }, { "simt", VPTX_EMIT_SIMT },
        { "ptx", VPTX_EMIT_PTX },   { "vector", VPTX_EMIT_VECTOR }, { "config", VPTX_EMIT_CONFIG },
    };
    for (size_t k = 0; k < sizeof levels / sizeof levels[0]; k++)
        if (strcmp(s, levels[k].name) == 0) {
            *emit = levels[k].emit;
            return true;
        }
    return false;
}

/* --time-passes, --print-after=PASS, --print-after-all: true when argv[*i] is one of
 * them; *status becomes 1 after an error (printed), else stays -1. */
static bool
parse_trace_option(int argc, char **argv, int *i, PassTrace *t, int *status)
{
    const char *value = NULL;
    bool missing = false;
    *status = -1;
    if (strcmp(argv[*i], "--time-passes") == 0) {
        t->time_passes = true;
    } else if (strcmp(argv[*i], "--print-after-all") == 0) {
        t->print_after_all = true;
    } else if (cli_option(argc, argv, i, "--print-after", &value, &missing)) {
        int pass = missing ? -1 : trace_pass_index(value);
        if (missing) {
            fprintf(stderr, "vptx: error: option '--print-after' needs a pass name (%s)\n",
                    trace_pass_list());
            *status = 1;
        } else if (pass < 0 || strcmp(value, "ptxgen") == 0) {
            fprintf(stderr,
                    "vptx: error: %s pass '%s' for --print-after (the passes that print IR: "
                    "parse, verify, select, layout, budget, distribute)\n",
                    pass < 0 ? "unknown" : "no IR after", value);
            *status = 1;
        } else {
            t->print_after |= 1u << pass;
        }
    } else {
        return false;
    }
    return true;
}

/* Returns -1 to go on, else the exit status. */
static int
parse_args(int argc, char **argv, Args *a)
{
    vptx_options_init(&a->opt);
    trace_init(&a->trace, stderr);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        bool missing = false;
        int status;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(usage_text, stdout);
            fputs(usage_text2, stdout);
            return 0;
        } else if (strcmp(arg, "--version") == 0) {
            printf("vptx %s\n", vptx_version());
            return 0;
        } else if ((status = cli_compile_option(argc, argv, &i, &a->opt, "vptx", stderr))) {
            if (status < 0)
                return 1;
        } else if (strcmp(arg, "--ptxas-stats") == 0) {
            a->ptxas_stats = true;
        } else if (strcmp(arg, "--keep") == 0) {
            a->keep = true;
        } else if (strcmp(arg, "--verbose") == 0 || strcmp(arg, "-v") == 0) {
            a->verbose = true;
        } else if (parse_trace_option(argc, argv, &i, &a->trace, &status)) {
            if (status >= 0)
                return status;
        } else if (cli_option(argc, argv, &i, "--emit", &value, &missing)) {
            a->cubin = !missing && strcmp(value, "cubin") == 0;
            if (a->cubin)
                a->opt.emit = VPTX_EMIT_PTX;
            else if (!missing && !parse_emit(value, &a->opt.emit)) {
                fprintf(stderr,
                        "vptx: error: unknown --emit level '%s' "
                        "(expected mlir, config, vector, layout, simt, ptx or cubin)\n",
                        value);
                return 1;
            }
        } else if (cli_option(argc, argv, &i, "-o", &value, &missing) ||
                   cli_option(argc, argv, &i, "--output", &value, &missing)) {
            a->output = value;
        } else if (cli_option(argc, argv, &i, "--kernel", &value, &missing)) {
            a->trace.kernel = value;
        } else if (cli_option(argc, argv, &i, "--split", &value, &missing)) {
            a->split = value;
            if (!missing && !*value) {
                fprintf(stderr, "vptx: error: --split needs a folder name (the value is empty)\n");
                return 1;
            }
        } else if (arg[0] == '-' && arg[1] != 0) {
            static const char *const help[] = { usage_text, usage_text2, NULL };
            cli_unknown_option(stderr, "vptx", arg, help);
            return 1;
        } else if (a->input) {
            fprintf(stderr, "vptx: error: more than one input file ('%s' and '%s')\n", a->input,
                    arg);
            return 1;
        } else {
            a->input = arg;
        }
        if (missing) {
            cli_missing_value(stderr, "vptx", argc, argv, i);
            return 1;
        }
    }
    if (!a->input) {
        fprintf(stderr, "vptx: error: no input file (see vptx --help)\n");
        return 1;
    }
    char why[256];
    if (!options_validate(&a->opt, OPTIONS_CLI, why, sizeof why)) {
        fprintf(stderr, "vptx: error: %s\n", why);
        return 1;
    }
    if (a->split && (a->output || a->trace.kernel)) {
        fprintf(stderr, "vptx: error: --split=DIR writes one file per kernel: it takes neither -o "
                        "nor --kernel\n");
        return 1;
    }
    if (a->ptxas_stats && a->opt.emit != VPTX_EMIT_PTX) {
        fprintf(stderr, "vptx: error: --ptxas-stats needs --emit=ptx or --emit=cubin\n");
        return 1;
    }
    const char *env = getenv("VPTX_VERBOSE");
    if (env && *env && strcmp(env, "0") != 0)
        a->verbose = true;
    return -1;
}

/* "dir/k.mlir" -> "k" (malloc'd); "-" -> "stdin". */
static char *
stem(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strcmp(path, "-") == 0)
        base = "stdin";
    size_t n = strcspn(base, ".");
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, base, n);
        s[n] = 0;
    }
    return s;
}

/* --emit=cubin / --ptxas-stats: hand the PTX to ptxas.  Returns the exit status. */
static int
run_ptxas(const Args *a, const char *ptx, size_t len)
{
    char *name = stem(a->input);
    char *cubin = NULL;
    if (a->cubin && !a->output && name) {
        cubin = malloc(strlen(name) + 8);
        if (cubin)
            sprintf(cubin, "%s.cubin", name);
    }
    PtxasOptions po = { a->opt.arch, a->cubin ? (a->output ? a->output : cubin) : NULL,
                        name,        a->ptxas_stats,
                        a->verbose,  a->keep,
                        false };
    int rc = ptxas_assemble(ptx, len, &po, stderr);
    free(cubin);
    free(name);
    return rc;
}

/* stdout, or OUT written by output_write (runtime/output.c): never partial, never
 * replacing a device, a FIFO or a symbolic link. */
static bool
write_output(const char *path, const char *data, size_t len)
{
    if (!path || strcmp(path, "-") == 0)
        return fwrite(data, 1, len, stdout) == len && fflush(stdout) == 0;
    return output_write(path, data, len);
}

/* compile_main's path when a pass is watched (--time-passes, --print-after*):
 * the same compilation through driver_compile_traced, dumps and the timing
 * table on stderr.  Returns the exit status. */
static int
compile_traced(Args *a, const char *name, const char *text, size_t len)
{
    Diag d;
    diag_init(&d);
    char *out = NULL;
    size_t out_len = 0;
    bool ok = driver_compile_traced(&d, name, text, len, &a->opt, &a->trace, &out, &out_len);
    diag_render(&d, stderr);
    diag_free(&d);
    int rc = ok ? 0 : 1;
    if (ok && (a->cubin || a->ptxas_stats))
        rc = run_ptxas(a, out, out_len);
    if (rc == 0 && !a->cubin && !write_output(a->output, out, out_len)) {
        fprintf(stderr, "vptx: error: cannot write '%s': %s\n", a->output ? a->output : "-",
                strerror(errno));
        rc = 1;
    }
    free(out);
    trace_report(&a->trace);
    return rc;
}

/* compile_main's path when -o names a regular file (or an absent one, or a link to
 * one) and no ptxas step needs the text: the output streams into a temporary file
 * beside it, renamed over it on success and removed on failure, so the PTX is never
 * held in memory whole (100k-op chain: 17 MB less, and no buffer growth).  Returns the
 * exit status, or -1 when -o is not such a file or no temporary file can be made beside
 * it (the caller then compiles into memory and writes, or reports, as before). */
static int
compile_streamed(Args *a, const char *name, const char *text, size_t len)
{
    OutputStream o;
    if (!output_begin(&o, a->output))
        return -1; /* not a regular file, or no temporary file beside it: the in-memory
                      path compiles (reporting the input's errors first) and then says why
                      it cannot write, as before */
    bool traced =
        a->trace.time_passes || a->trace.print_after || a->trace.print_after_all || a->trace.kernel;
    Diag d;
    diag_init(&d);
    bool ok = driver_compile_to(&d, name, text, len, &a->opt, traced ? &a->trace : NULL, o.f);
    if (ok && d.out_of_memory) {
        diag_error(&d, (Loc){ 0 }, "out of memory");
        ok = false;
    }
    diag_render(&d, stderr);
    if (d.out_of_memory) /* a diagnostic that did not fit in memory */
        fputs("vptx: error: out of memory\n", stderr);
    diag_free(&d);
    int rc = 0;
    if (!ok) {
        output_discard(&o);
        rc = 1;
    } else if (!output_commit(&o)) {
        fprintf(stderr, "vptx: error: cannot write '%s': %s\n", a->output, strerror(errno));
        rc = 1;
    }
    if (traced)
        trace_report(&a->trace);
    return rc;
}

/* --split=DIR: each kernel compiled on its own (as --kernel NAME) into DIR/NAME.ptx
 * (.mlir for the IR levels, .cubin), every kernel compiled before any file is written;
 * each file is written whole or not at all (output_write).  Returns the exit status. */
static int
compile_split(Args *a, const char *name, const char *text, size_t len)
{
    Module m;
    Diag d;
    diag_init(&d);
    module_init(&m);
    bool ok = frontend_parse(&m, &d, name, text, len);
    OpId *ks = NULL;
    uint32_t n = ok ? kernel_list(&m, &ks) : 0;
    char **names = calloc(n ? n : 1, sizeof *names), **outs = calloc(n ? n : 1, sizeof *outs);
    size_t *lens = calloc(n ? n : 1, sizeof *lens);
    if (!names || !outs || !lens) {
        fprintf(stderr, "vptx: error: out of memory\n");
        ok = false;
        n = 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        const Attr *sym = op_attr(&m, ks[i], "sym_name");
        names[i] = strdup(sym && sym->str ? sym->str : "kernel");
    }
    module_free(&m);
    char why[512];
    if (ok && n == 0) {
        fprintf(stderr, "vptx: error: --split: %s has no kernel\n", name);
        ok = false;
    } else if (ok && !output_dir(a->split, why, sizeof why)) {
        fprintf(stderr, "vptx: error: %s\n", why);
        ok = false;
    }
    for (uint32_t i = 0; ok && i < n; i++) {
        a->trace.kernel = names[i];
        if (!names[i] || strchr(names[i], '/') || names[i][0] == '.') {
            fprintf(stderr, "vptx: error: --split: kernel '%s' cannot name a file\n",
                    names[i] ? names[i] : "?");
            ok = false;
            break;
        }
        ok = driver_compile_traced(&d, name, text, len, &a->opt, &a->trace, &outs[i], &lens[i]);
    }
    diag_render(&d, stderr);
    diag_free(&d);
    const char *ext = a->cubin ? ".cubin" : a->opt.emit == VPTX_EMIT_PTX ? ".ptx" : ".mlir";
    for (uint32_t i = 0; ok && i < n; i++) {
        char path[4200], file[300];
        snprintf(file, sizeof file, "%s%s", names[i], ext);
        if (!output_join(path, sizeof path, a->split, file, why, sizeof why)) {
            fprintf(stderr, "vptx: error: %s\n", why);
            ok = false;
        } else if (a->cubin || a->ptxas_stats) {
            Args one = *a;
            one.output = path;
            one.input = path; /* ptxas's temporary file is named after the kernel */
            ok = run_ptxas(&one, outs[i], lens[i]) == 0;
            if (ok && !a->cubin && !output_write(path, outs[i], lens[i]))
                ok = false;
        } else if (!output_write(path, outs[i], lens[i])) {
            fprintf(stderr, "vptx: error: cannot write '%s': %s\n", path, strerror(errno));
            ok = false;
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        free(outs[i]);
        free(names[i]);
    }
    free(outs);
    free(names);
    free(lens);
    trace_report(&a->trace);
    return ok ? 0 : 1;
}

static int
compile_main(int argc, char **argv)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
    /* glibc raises its mmap threshold to the size of every large block freed, after
     * which the passes' large tables and stream buffers come from the heap and their
     * pages stay with the process once freed.  A fixed threshold keeps them mapped,
     * so freeing one returns its memory: 100k-op chain, peak 222 -> 192 MiB at the
     * same speed.  The CLI only: the library leaves its host's allocator alone. */
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
    Args a = { 0 };
    int status = parse_args(argc, argv, &a);
    if (status >= 0)
        return status;
    size_t len = 0;
    char *text = cli_read_file(a.input, &len);
    if (!text) {
        fprintf(stderr, "vptx: error: cannot read '%s': %s\n", a.input, strerror(errno));
        return 1;
    }
    const char *name = strcmp(a.input, "-") == 0 ? "<stdin>" : a.input;
    if (!a.cubin && !a.ptxas_stats && a.output && strcmp(a.output, "-") != 0) {
        int streamed = compile_streamed(&a, name, text, len);
        if (streamed >= 0) {
            free(text);
            return streamed;
        }
    }
    if (a.split) {
        int split = compile_split(&a, name, text, len);
        free(text);
        return split;
    }
    if (a.trace.time_passes || a.trace.print_after || a.trace.print_after_all || a.trace.kernel) {
        int traced = compile_traced(&a, name, text, len);
        free(text);
        return traced;
    }
    VptxResult *r = NULL;
    int rc = vptx_compile(name, text, len, &a.opt, &r);
    free(text);
    if (!r) {
        fprintf(stderr, "vptx: error: out of memory\n");
        return 1;
    }
    fputs(vptx_result_diagnostics_text(r), stderr);
    if (rc == 0 && (a.cubin || a.ptxas_stats)) {
        size_t out_len;
        const char *out = vptx_result_output(r, &out_len);
        rc = run_ptxas(&a, out, out_len);
        if (rc == 0 && !a.cubin && !write_output(a.output, out, out_len)) {
            fprintf(stderr, "vptx: error: cannot write '%s': %s\n", a.output ? a.output : "-",
                    strerror(errno));
            rc = 1;
        }
        vptx_result_free(r);
        return rc;
    }
    if (rc == 0) {
        size_t out_len;
        const char *out = vptx_result_output(r, &out_len);
        if (!write_output(a.output, out, out_len)) {
            fprintf(stderr, "vptx: error: cannot write '%s': %s\n", a.output ? a.output : "-",
                    strerror(errno));
            rc = 1;
        }
    }
    vptx_result_free(r);
    return rc == 0 ? 0 : 1;
}

/* `vptx run X.mlir ...` goes to run_mlir.c, anything else to run_ptx.c:
 * the first argument that ends in .mlir or .ptx decides.  `vptx run --help` with
 * neither shows the options of both forms. */
static int
run_main(int argc, char **argv)
{
    bool help = false;
    for (int i = 1; i < argc; i++) {
        size_t n = strlen(argv[i]);
        if (n > 5 && strcmp(argv[i] + n - 5, ".mlir") == 0)
            return run_mlir_main(argc, argv);
        if (n > 4 && strcmp(argv[i] + n - 4, ".ptx") == 0)
            return run_ptx_main(argc, argv);
        help = help || strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0;
    }
    if (!help)
        return run_ptx_main(argc, argv);
    char *args[] = { argv[0], "--help", NULL };
    run_ptx_main(2, args);
    fputs("\n", stdout);
    return run_mlir_main(2, args);
}

int
main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "run") == 0)
        return run_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "check") == 0)
        return check_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "fuzz-diff") == 0)
        return fuzz_diff_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "layout") == 0)
        return layout_command(argc - 2, argv + 2, stdout, stderr);
    return compile_main(argc, argv);
}
