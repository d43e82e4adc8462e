/*
 * run_ptx.c -- `vptx run KERNEL.ptx ...`: load PTX into the simulator,
 * bind each ARG to the entry's parameter at the same position, launch, and
 * write every array back.
 *
 * An ARG ending in .npy is an array: the simulator gets a device copy and a
 * 64-bit pointer parameter receives its address; after the launch the array
 * is written to DIR/argN.npy (N = position, from 0) with its dtype and shape.
 * Any other ARG is a literal number converted to the parameter's .param type
 * (integers decimal or 0x, never octal, within the type; floats in decimal; .f16
 * rounds to nearest even).
 *
 * The tensor maps of an sm_90a TMA ring (`// vptx: hidden tensor map of argument
 * N, box RxC, swizzle S, parameter P` lines above the entry) take no ARG: each is
 * encoded from the .npy ARG at parameter P (its dtype, its 2-d shape, row-major)
 * and appended after the ARGs, as every other launcher does (docs/hopper.md).
 */
#include "tools/run_ptx.h"
#include "driver/cliargs.h"
#include "runtime/progress.h"
#include "runtime/npy.h"
#include "runtime/launch.h"
#include "driver/options.h"
#include "runtime/output.h"
#include "runtime/ptxas.h"
#include "driver/vptx.h"
#include "port.h"
#include "sim/sim.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char run_usage[] =
    "usage: vptx run KERNEL.ptx [--entry NAME] --grid X[,Y[,Z]] [--block X[,Y[,Z]]]\n"
    "                [--shared BYTES] [--out DIR] [--stats] [--line-counts]\n"
    "                [--timing=GPU [--timing-detail] [--timing-regs=N] [--timing-sample=N]]\n"
    "                ARG...\n"
    "  ARG is FILE.npy (an array: pointer parameter, written back as DIR/argN.npy)\n"
    "  or a number (a scalar parameter, converted to its .param type).\n"
    "  The hidden tensor maps of an sm_90a TMA ring take no ARG: each is encoded from\n"
    "  the 2-d .npy ARG at the parameter its '// vptx: hidden tensor map' line names.\n"
    "  A persistent kernel ('// vptx: hidden logical grid' line, vptx --persistent)\n"
    "  takes --grid as its logical grid, in its hidden parameters, and runs on at most\n"
    "  --persistent-ctas=N workgroups (default 132).\n"
    "  --entry may be left out when the module has one entry; --block when the entry\n"
    "  has a .reqntid (vptx's kernels do), which it then is; --grid for an op-level\n"
    "  kernel, whose '// vptx: grid' line computes it from the sizes given; DIR\n"
    "  defaults to '.' (created with its parents when missing).\n"
    "  --timing=GPU       also estimate the kernel's time on GPU (a100, h100, b200) with the\n"
    "                     simulator's performance model and print one 'timing:' line\n"
    "                     (docs/timing.md); results are the same with or without it\n"
    "  --timing-detail    also print the model's cycles per PTX line\n"
    "  --timing-regs=N    registers per thread for occupancy (default: ptxas -v when\n"
    "                     ptxas is found, else an estimate from the PTX)\n"
    "  --timing-sample=N  simulate only N CTAs spread over a bigger grid and extrapolate\n"
    "                     by waves; the other CTAs do not run, so no array is written.\n"
    "                     Default: every CTA, or 256 of a grid of more than 1024 (the\n"
    "                     output says so); 0: every CTA\n" SIM_LIMITS_HELP;

#define MAXARGS 64
/* --timing without --timing-sample: a grid of more than TIMING_AUTO_CTAS CTAs is too
   large to simulate in full, and TIMING_AUTO_SAMPLE of them are */
#define TIMING_AUTO_CTAS   1024
#define TIMING_AUTO_SAMPLE 256

typedef struct {
    const char *ptx_path, *entry, *out_dir;
    unsigned grid[3], block[3], shared;
    unsigned persistent_ctas; /* a persistent kernel's workgroups; 0 = 132 */
    bool stats, lines, timing_detail;
    SimLimits limits;
    const char *timing; /* GPU name or NULL */
    unsigned long timing_regs, timing_sample;
    bool timing_sample_set; /* --timing-sample given (0: every CTA) */
    const char *args[MAXARGS];
    int nargs;
} RunOpts;

static int run_fail(const char *fmt, ...) PRINTF_LIKE(1, 2);

static int
run_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("vptx run: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

static bool
parse_dims(const char *s, unsigned d[3])
{
    d[0] = d[1] = d[2] = 1;
    char part[32];
    for (int i = 0; i < 3; i++) {
        size_t n = strcspn(s, ",");
        unsigned long long v;
        if (n >= sizeof part)
            return false;
        memcpy(part, s, n);
        part[n] = 0;
        if (!cli_count(part, 0x7fffffff, &v) || v == 0)
            return false;
        d[i] = (unsigned)v;
        if (s[n] == '\0')
            return true;
        s += n + 1;
    }
    return false;
}

/* --name VALUE or --name=VALUE (never the input file: `--entry k.ptx` lacks its value) */
static const char *
opt_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n))
        return NULL;
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (argv[*i][n] || *i + 1 >= argc || cli_is_input_name(argv[*i + 1]))
        return NULL;
    return argv[++*i];
}

static int
parse_args(int argc, char **argv, RunOpts *o)
{
    memset(o, 0, sizeof *o);
    o->out_dir = ".";
    sim_limits_init(&o->limits);
    for (int i = 1; i < argc; i++) {
        const char *v;
        char err[128];
        if (cli_limit_option(argc, argv, &i, &o->limits, err, sizeof err)) {
            if (o->limits.bad)
                return run_fail("%s", err);
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(run_usage, stdout);
            return 2;
        } else if ((v = opt_value(argc, argv, &i, "--entry"))) {
            o->entry = v;
        } else if ((v = opt_value(argc, argv, &i, "--grid"))) {
            if (!parse_dims(v, o->grid))
                return run_fail("bad --grid '%s' (want X[,Y[,Z]])", v);
        } else if ((v = opt_value(argc, argv, &i, "--persistent-ctas"))) {
            unsigned long long nc;
            if (!cli_count(v, 1u << 20, &nc) || nc < 1)
                return run_fail("bad --persistent-ctas '%s' (want 1 to 1048576)", v);
            o->persistent_ctas = (unsigned)nc;
        } else if ((v = opt_value(argc, argv, &i, "--block"))) {
            if (!parse_dims(v, o->block))
                return run_fail("bad --block '%s' (want X[,Y[,Z]])", v);
        } else if ((v = opt_value(argc, argv, &i, "--shared"))) {
            unsigned long long s;
            if (!cli_count(v, 0x7fffffff, &s))
                return run_fail("bad --shared '%s' (want bytes: 0 to 2147483647, decimal or 0x)",
                                v);
            o->shared = (unsigned)s;
        } else if ((v = opt_value(argc, argv, &i, "--out"))) {
            o->out_dir = v;
            if (!*v)
                return run_fail("--out needs a folder name (the value is empty)");
        } else if (!strcmp(argv[i], "--stats")) {
            o->stats = true;
        } else if (!strcmp(argv[i], "--line-counts")) {
            o->lines = true;
        } else if ((v = opt_value(argc, argv, &i, "--timing-regs"))) {
            char *end;
            o->timing_regs = strtoul(v, &end, 10);
            if (*end || !*v || o->timing_regs == 0 || o->timing_regs > 255)
                return run_fail("bad --timing-regs '%s' (want 1 to 255)", v);
        } else if ((v = opt_value(argc, argv, &i, "--timing-sample"))) {
            char *end;
            /* digits only: strtoul takes "-1" as 2^64 - 1 */
            if (v[0] < '0' || v[0] > '9')
                end = (char *)v; /* refused below */
            else
                o->timing_sample = strtoul(v, &end, 10);
            o->timing_sample_set = true;
            if (*end || !*v || o->timing_sample > (1ul << 32))
                return run_fail("bad --timing-sample '%s' (want a count up to 4294967296; 0: "
                                "every CTA)",
                                v);
        } else if (!strcmp(argv[i], "--timing-detail")) {
            o->timing_detail = true;
        } else if ((v = opt_value(argc, argv, &i, "--timing"))) {
            o->timing = v;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            /* an option of this form without its value, or a misspelled one */
            static const char *const help[] = { run_usage, NULL };
            size_t n = strcspn(argv[i], "=");
            const char *known = strstr(run_usage, argv[i]);
            if (!argv[i][n] && known && (known[n] == '=' || known[n] == ' '))
                cli_missing_value(stderr, "vptx run", argc, argv, i);
            else
                cli_unknown_option(stderr, "vptx run", argv[i], help);
            return 1;
        } else if (!o->ptx_path) {
            o->ptx_path = argv[i];
        } else if (o->nargs == MAXARGS) {
            return run_fail("more than %d arguments", MAXARGS);
        } else {
            o->args[o->nargs++] = argv[i];
        }
    }
    if (!o->ptx_path)
        return run_fail("no PTX file given\n%s", run_usage);
    if (!o->timing && (o->timing_detail || o->timing_regs || o->timing_sample_set))
        return run_fail("--timing-detail, --timing-regs and --timing-sample need --timing=GPU");
    return 0;
}

static uint16_t
f16_bits(double v) /* round to nearest even */
{
    uint16_t sign = signbit(v) ? 0x8000 : 0;
    v = fabs(v);
    if (v != v)
        return 0x7fff;
    if (v >= 65520.0)
        return sign | 0x7c00;
    int e;
    frexp(v, &e); /* v = m * 2^e, m in [0.5, 1) */
    int exp = e - 1 < -14 ? -14 : e - 1;
    double q = ldexp(1.0, exp - 10), n = nearbyint(v / q);
    uint32_t N = (uint32_t)n;
    if (N >= 2048) {
        N >>= 1;
        exp++;
    }
    if (N < 1024)
        return sign | (uint16_t)N;
    return sign | (uint16_t)((exp + 15) << 10 | (N - 1024));
}

/* Convert a literal to the bytes of parameter p (argument i): a number that fits the
   parameter's type (cli_int_bits, cli_float_value: decimal or 0x, never octal). */
static int
scalar_bytes(const char *s, const SimParamInfo *p, int i, unsigned char *buf)
{
    static const struct {
        const char *name;
        unsigned bits;
        CliIntSign sign;
    } ints[] = {
        [SIM_PARAM_U8] = { ".u8", 8, CLI_INT_UNSIGNED },
        [SIM_PARAM_U16] = { ".u16", 16, CLI_INT_UNSIGNED },
        [SIM_PARAM_U32] = { ".u32", 32, CLI_INT_UNSIGNED },
        [SIM_PARAM_U64] = { ".u64", 64, CLI_INT_UNSIGNED },
        [SIM_PARAM_S8] = { ".s8", 8, CLI_INT_SIGNED },
        [SIM_PARAM_S16] = { ".s16", 16, CLI_INT_SIGNED },
        [SIM_PARAM_S32] = { ".s32", 32, CLI_INT_SIGNED },
        [SIM_PARAM_S64] = { ".s64", 64, CLI_INT_SIGNED },
        [SIM_PARAM_B8] = { ".b8", 8, CLI_INT_SIGNLESS },
        [SIM_PARAM_B16] = { ".b16", 16, CLI_INT_SIGNLESS },
        [SIM_PARAM_B32] = { ".b32", 32, CLI_INT_SIGNLESS },
        [SIM_PARAM_B64] = { ".b64", 64, CLI_INT_SIGNLESS },
    };
    char why[300];
    if (p->kind == SIM_PARAM_BYTES)
        return run_fail("parameter '%s' is an aggregate; only arrays and scalars can be passed",
                        p->name);
    if (p->kind == SIM_PARAM_F16 || p->kind == SIM_PARAM_F32 || p->kind == SIM_PARAM_F64) {
        double d;
        TypeId t = p->kind == SIM_PARAM_F64 ? TY_F64 : p->kind == SIM_PARAM_F32 ? TY_F32 : TY_F16;
        if (!cli_float_value(s, t, &d, why, sizeof why))
            return run_fail("argument %d (parameter '%s'): %s", i, p->name, why);
        float f = (float)d;
        uint16_t h = f16_bits(d);
        memcpy(buf,
               p->kind == SIM_PARAM_F64   ? (void *)&d
               : p->kind == SIM_PARAM_F32 ? (void *)&f
                                          : (void *)&h,
               p->size);
        return 0;
    }
    uint64_t v;
    if (!cli_int_bits(s, ints[p->kind].bits, ints[p->kind].sign, ints[p->kind].name, &v, why,
                      sizeof why))
        return run_fail("argument %d (parameter '%s'): %s", i, p->name, why);
    memcpy(buf, &v, p->size); /* little-endian: the low bytes */
    return 0;
}

static bool
ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

typedef struct {
    NpyArray arr[MAXARGS];
    SimDevPtr dev[MAXARGS];
    unsigned char bytes[MAXARGS][16];
    void *params[MAXARGS];
    SimTensorMap *maps; /* the hidden tensor maps, 64-byte aligned */
    unsigned grid[3];   /* a persistent kernel's logical grid (hidden .u32 parameters) */
} Bound;

/* CUtensorMapDataType of each .npy dtype (bf16 travels as <u2, fp8 as |u1). */
static unsigned
npy_tmap_dtype(NpyDtype t)
{
    static const unsigned code[] = {
        [NPY_F4] = SIM_TMAP_FLOAT32, [NPY_F2] = SIM_TMAP_FLOAT16, [NPY_F8] = SIM_TMAP_FLOAT64,
        [NPY_I1] = SIM_TMAP_UINT8,   [NPY_I4] = SIM_TMAP_INT32,   [NPY_I8] = SIM_TMAP_INT64,
        [NPY_U1] = SIM_TMAP_UINT8,   [NPY_U2] = SIM_TMAP_UINT16,  [NPY_U4] = SIM_TMAP_UINT32,
        [NPY_U8] = SIM_TMAP_UINT64,
    };
    return code[t];
}

/* Encodes the hidden tensor maps hid[0..nh) from the bound .npy ARGs into b->maps and
   appends them to b->params after the nown ARGs. */
static int
bind_hidden(const RunOpts *o, Bound *b, const HiddenTmap *hid, int nh, int nown)
{
    b->maps = aligned_alloc(64, (size_t)nh * sizeof *b->maps);
    if (!b->maps)
        return run_fail("out of memory");
    for (int i = 0; i < nh; i++) {
        const HiddenTmap *h = &hid[i];
        if (h->param < 0 || h->param >= nown || !b->arr[h->param].data)
            return run_fail("the hidden tensor map of argument %u needs the .npy ARG of its "
                            "memref (parameter %lld%s)",
                            h->arg, (long long)h->param,
                            h->param < 0 ? ": the PTX line names none; recompile it" : "");
        const NpyArray *a = &b->arr[h->param];
        if (a->ndim != 2)
            return run_fail("%s has %d dims, but the hidden tensor map of argument %u maps a "
                            "2-d memref: give the array its memref's shape",
                            o->args[h->param], a->ndim, h->arg);
        uint64_t dim[2] = { a->shape[1], a->shape[0] }, stride[1] = { a->shape[1] * a->itemsize };
        b->params[nown + i] = &b->maps[i];
        memset(&b->maps[i], 0, sizeof b->maps[i]);
        if (!dim[0] || !dim[1] || (h->optional && stride[0] % 16))
            continue; /* no copy through it, or the kernel takes register copies: zero */
        uint32_t box[2] = { (uint32_t)h->box[1], (uint32_t)h->box[0] }, es[2] = { 1, 1 };
        unsigned sw = h->swizzle == 128  ? SIM_TMAP_SWIZZLE_128B
                      : h->swizzle == 64 ? SIM_TMAP_SWIZZLE_64B
                      : h->swizzle == 32 ? SIM_TMAP_SWIZZLE_32B
                                         : SIM_TMAP_SWIZZLE_NONE;
        char why[200] = "";
        if (sim_tensor_map_encode_tiled(&b->maps[i], npy_tmap_dtype(a->dtype), 2, b->dev[h->param],
                                        dim, stride, box, es, 0, sw, 0,
                                        SIM_TMAP_OOB_FILL_ZERO) != SIM_OK &&
            sim_tensor_map_check(npy_tmap_dtype(a->dtype), 2, b->dev[h->param], dim, stride, box,
                                 es, 0, sw, 0, SIM_TMAP_OOB_FILL_ZERO, why, sizeof why) != SIM_OK)
            return run_fail("the hidden tensor map of argument %u (box %lldx%lld) cannot map %s: "
                            "%s",
                            h->arg, (long long)h->box[0], (long long)h->box[1], o->args[h->param],
                            why);
        b->params[nown + i] = &b->maps[i];
    }
    return 0;
}

static int
bind_args(SimCtx *ctx, SimFunc *f, const PtxEntryNotes *e, const RunOpts *o, Bound *b)
{
    /* how many parameters and how big: the simulator's entry table, never the text */
    int count = sim_func_param_count(f);
    uint32_t sizes[MAXARGS], own = (uint32_t)count;
    if (count > MAXARGS)
        return run_fail("the entry takes %d parameters (at most %d)", count, MAXARGS);
    for (int i = 0; i < count; i++) {
        SimParamInfo p;
        sim_func_param_info(f, i, &p);
        sizes[i] = p.size;
    }
    char why[512];
    if (e && !ptx_notes_check(e, sizes, (uint32_t)count, &own, why, sizeof why))
        return run_fail("%s: %s", o->ptx_path, why);
    int nh = e ? (int)e->nhidden : 0, ng = e && e->grid_param >= 0 ? 3 : 0, np = (int)own;
    if (np != o->nargs)
        return run_fail("the entry takes %d parameters%s, %d arguments given", np,
                        nh ? " (and hidden tensor maps, which take none)" : "", o->nargs);
    for (int j = 0; j < ng; j++) { /* the logical grid: --grid */
        b->grid[j] = o->grid[j];
        b->params[np + nh + j] = &b->grid[j];
    }
    for (int i = 0; i < np; i++) {
        SimParamInfo p;
        sim_func_param_info(f, i, &p);
        b->params[i] = b->bytes[i];
        if (!ends_with(o->args[i], ".npy")) {
            if (scalar_bytes(o->args[i], &p, i, b->bytes[i]))
                return 1;
            continue;
        }
        char err[512];
        if (p.size != 8 || p.kind == SIM_PARAM_F64 || p.kind == SIM_PARAM_BYTES)
            return run_fail("argument %d is an array but parameter '%s' is not a 64-bit pointer", i,
                            p.name);
        if (npy_read(o->args[i], &b->arr[i], err, sizeof err))
            return run_fail("%s", err);
        size_t n = b->arr[i].count * b->arr[i].itemsize;
        if ((n ? sim_mem_alloc(ctx, &b->dev[i], n) : sim_mem_alloc_empty(ctx, &b->dev[i])) !=
                SIM_OK ||
            (n && sim_memcpy_htod(ctx, b->dev[i], b->arr[i].data, n) != SIM_OK))
            return run_fail("%s", sim_error(ctx));
        memcpy(b->bytes[i], &b->dev[i], 8);
    }
    return nh ? bind_hidden(o, b, e->hidden, nh, np) : 0;
}

/* Every array to DIR/argN.npy, all or nothing (staged, then renamed together). */
static int
write_back(SimCtx *ctx, const RunOpts *o, Bound *b)
{
    char err[4200];
    if (!output_dir(o->out_dir, err, sizeof err))
        return run_fail("%s", err);
    OutputBatch batch;
    output_batch_init(&batch);
    for (int i = 0; i < o->nargs; i++) {
        if (!b->arr[i].data)
            continue;
        size_t n = b->arr[i].count * b->arr[i].itemsize, len = 0;
        char path[4096], name[32], *image = NULL;
        snprintf(name, sizeof name, "arg%d.npy", i);
        bool ok = true;
        if (n && sim_memcpy_dtoh(ctx, b->arr[i].data, b->dev[i], n) != SIM_OK)
            ok = snprintf(err, sizeof err, "%s", sim_error(ctx)) < 0;
        ok = ok && output_join(path, sizeof path, o->out_dir, name, err, sizeof err) &&
             npy_encode(&b->arr[i], &image, &len, err, sizeof err) == 0;
        if (ok && !output_batch_add(&batch, path, image, len)) {
            snprintf(err, sizeof err, "cannot write %s: %s (no array was written)", path,
                     strerror(errno));
            ok = false;
        }
        free(image);
        if (!ok) {
            output_batch_discard(&batch);
            return run_fail("%s", err);
        }
    }
    char failed[4096] = "";
    if (!output_batch_commit(&batch, failed, sizeof failed))
        return run_fail("cannot write %s: %s", failed, strerror(errno));
    return 0;
}

static SimFunc *
find_entry(SimCtx *ctx, SimModule *m, const RunOpts *o)
{
    SimFunc *f = NULL;
    const char *name = o->entry;
    if (!name) {
        if (sim_module_entry_count(m) != 1) {
            run_fail("%s has %d entries; choose one with --entry", o->ptx_path,
                     sim_module_entry_count(m));
            return NULL;
        }
        name = sim_module_entry_name(m, 0);
    }
    if (sim_module_get_function(m, name, &f) != SIM_OK)
        run_fail("%s", sim_error(ctx));
    return f;
}

/* No --grid / --block: an op-level kernel's grid from its `// vptx: grid` line and the
 * sizes given at the parameters its `// vptx: sizes` line names; the block from .reqntid.
 * False after reporting what is missing. */
static bool
default_shape(const char *text, const char *entry, const RunOpts *o, unsigned grid[3],
              unsigned block[3])
{
    OpLevelHeader h;
    if (!grid[0]) {
        int64_t syms[OPLEVEL_MAX_SYMS], g[3];
        uint32_t n;
        if (!ptx_op_level_header(text, entry, &h))
            return run_fail("--grid is required (the entry has no '// vptx: grid' line)"), false;
        for (uint32_t i = 0; i < h.nsyms; i++) {
            char *end, target[32];
            int64_t p = h.sym_param[i];
            if (h.sym_arg[i] == OPLEVEL_SYM_SMS) { /* the simulator's modeled part */
                syms[i] = oplevel_sm_count(0, o->timing, ptx_target(text, target, sizeof target));
                continue;
            }
            if (p < 0 || p >= o->nargs)
                return run_fail("the grid needs size s%u at parameter %lld: give --grid", i,
                                (long long)p),
                       false;
            syms[i] = strtoll(o->args[p], &end, 0);
            if (*end || end == o->args[p])
                return run_fail("the grid needs size s%u, parameter %lld, a number; '%s' is "
                                "not one",
                                i, (long long)p, o->args[p]),
                       false;
        }
        if (!oplevel_eval_map(h.grid, syms, h.nsyms, g, 3, &n) || n != 3)
            return run_fail("the entry's '// vptx: grid' line does not evaluate"), false;
        for (int i = 0; i < 3; i++)
            grid[i] = g[i] < 1 ? 1 : (unsigned)g[i];
    }
    if (!block[0]) {
        const char *e = strstr(text, ".visible .entry ");
        size_t len = strlen(entry);
        while (e && !(strncmp(e + 16, entry, len) == 0 && e[16 + len] == '('))
            e = strstr(e + 1, ".visible .entry ");
        const char *r = e ? strstr(e, ".reqntid ") : NULL, *body = e ? strchr(e, '{') : NULL;
        if (!r || !body || r > body ||
            sscanf(r + 9, "%u, %u, %u", &block[0], &block[1], &block[2]) != 3)
            return run_fail("--block is required (the entry has no .reqntid)"), false;
    }
    return true;
}

static int
run_entry(SimCtx *ctx, SimModule *m, SimFunc *f, const PtxEntryNotes *e, const char *text,
          const RunOpts *o, Bound *b)
{
    if (bind_args(ctx, f, e, o, b))
        return 1;
    unsigned block[3] = { o->block[0], o->block[1], o->block[2] };
    if (!block[0] && !sim_func_reqntid(f, block)) /* the block the kernel requires */
        return run_fail("entry '%s' has no .reqntid: give its block with --block=X[,Y[,Z]]",
                        sim_func_name(f));
    sim_set_option(ctx, SIM_OPT_LINE_COUNTS, o->lines);
    sim_limits_apply(ctx, &o->limits);
    if (o->timing) {
        char why[512];
        if (sim_timing_check(o->timing, sim_module_target(m), why, sizeof why) != SIM_OK)
            return run_fail("%s", why);
        sim_set_timing(ctx, o->timing);
        ptxas_timing_regs(ctx, text, sim_func_name(f), o->timing_regs);
        /* a launch too large to simulate in full is sampled unless told otherwise */
        uint64_t ctas = (uint64_t)o->grid[0] * o->grid[1] * o->grid[2];
        bool autos = !o->timing_sample_set && ctas > TIMING_AUTO_CTAS;
        sim_set_option(ctx, SIM_OPT_TIMING_SAMPLE, autos ? TIMING_AUTO_SAMPLE : o->timing_sample);
    }
    /* at least the dynamic shared memory vptx's PTX says the entry needs, and a producer
       warpgroup it adds to the block (a warp-specialized TMA ring) */
    unsigned need = e ? e->dynamic_smem : 0, bx = e ? e->block_threads : 0;
    unsigned grid[3] = { o->grid[0], o->grid[1], o->grid[2] };
    if (!grid[0] && !default_shape(text, sim_func_name(f), o, grid, block))
        return 1;
    if (e && e->grid_param >= 0) { /* --grid is the logical grid */
        grid[0] = vptx_persistent_workgroups(o->grid, o->persistent_ctas);
        grid[1] = grid[2] = 1;
    }
    Progress pr;
    char what[300];
    snprintf(what, sizeof what, "%s on the simulator%s", sim_func_name(f),
             o->timing ? " with timing" : "");
    progress_begin(&pr, "vptx run", what);
    sim_set_progress(ctx, progress_update, &pr);
    SimResult r = sim_launch(f, grid[0], grid[1], grid[2], bx ? bx : block[0], block[1], block[2],
                             o->shared > need ? o->shared : need, b->params);
    sim_set_progress(ctx, NULL, NULL);
    progress_end(&pr);
    fputs(sim_printf_output(ctx), stdout); /* device printf, as a GPU's */
    sim_printf_clear(ctx);
    if (r != SIM_OK) {
        const char *hint = cli_limit_hint(sim_error(ctx));
        fprintf(stderr, "%s\n", sim_error(ctx));
        if (hint)
            fprintf(stderr, "vptx run: note: %s\n", hint);
        return 1;
    }
    SimTiming tm;
    if (o->timing && sim_timing(ctx, &tm) == SIM_OK) {
        sim_print_timing(&tm, sim_func_name(f), stdout);
        if (o->timing_detail) {
            const uint64_t *c;
            size_t n;
            if (sim_timing_lines(ctx, &c, &n) == SIM_OK)
                for (size_t l = 0; l < n; l++)
                    if (c[l])
                        printf("%s:%zu: %llu cycles\n", o->ptx_path, l, (unsigned long long)c[l]);
        }
        if (tm.ctas_timed < tm.ctas_total) {
            if (!o->timing_sample_set)
                printf("timing: the launch of %llu CTAs is too large to simulate in full "
                       "(more than %d): ",
                       (unsigned long long)tm.ctas_total, TIMING_AUTO_CTAS);
            else
                printf("timing: ");
            printf("sampled %llu of %llu CTAs (%.1f%%) and extrapolated by waves; the others "
                   "did not run, so no array is written%s\n",
                   (unsigned long long)tm.ctas_timed, (unsigned long long)tm.ctas_total,
                   100.0 * (double)tm.ctas_timed / (double)tm.ctas_total,
                   o->timing_sample_set ? "" : " (--timing-sample=0 simulates every CTA)");
            return 0;
        }
    }
    if (o->stats) {
        SimStats st;
        sim_stats(ctx, &st);
        sim_print_stats(&st, stdout);
    }
    if (o->lines) {
        const uint64_t *c;
        size_t n;
        if (sim_line_counts(ctx, &c, &n) == SIM_OK)
            for (size_t l = 0; l < n; l++)
                if (c[l])
                    printf("%s:%zu: %llu\n", o->ptx_path, l, (unsigned long long)c[l]);
    }
    return write_back(ctx, o, b);
}

static int
run_loaded(SimCtx *ctx, SimModule *m, const char *text, const RunOpts *o, Bound *b)
{
    SimFunc *f = find_entry(ctx, m, o);
    PtxNotes notes;
    if (!f)
        return 1;
    if (!ptx_notes_parse(text, o->ptx_path, &notes))
        return run_fail("out of memory");
    const PtxEntryNotes *e = ptx_notes_find(&notes, sim_func_name(f));
    int rc = e && e->error ? (fprintf(stderr, "%s\n", e->error), 1) : 0;
    if (!rc)
        rc = run_entry(ctx, m, f, e, text, o, b);
    ptx_notes_free(&notes);
    return rc;
}

int
run_ptx_main(int argc, char **argv)
{
    RunOpts o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc == 2 ? 0 : 1;
    size_t len;
    char *text = cli_read_file(o.ptx_path, &len);
    if (!text)
        return run_fail("cannot read %s: %s", o.ptx_path, strerror(errno));
    SimCtx *ctx = sim_create();
    Bound *b = calloc(1, sizeof *b);
    SimModule *m = NULL;
    if (!ctx || !b)
        rc = run_fail("out of memory");
    else if (sim_module_load(ctx, text, o.ptx_path, &m) != SIM_OK)
        rc = (fprintf(stderr, "%s\n", sim_error(ctx)), 1);
    else
        rc = run_loaded(ctx, m, text, &o, b);
    if (b) {
        for (int i = 0; i < MAXARGS; i++)
            npy_free(&b->arr[i]);
        free(b->maps);
    }
    free(b);
    sim_destroy(ctx);
    free(text);
    return rc;
}
