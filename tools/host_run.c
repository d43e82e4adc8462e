/*
 * host_run.c -- `vptx run PROGRAM.mlir`: a program with host code runs as
 * mlir-runner runs it after upstream's GPU lowering, printing what upstream's
 * runner utilities print.
 *
 *   PROGRAM --parse--> IR --host_outline--> host functions --eval_host--> stdout
 *                                              | gpu.launch_func
 *              --host_prepare + pipeline--> PTX --device_run (sim or GPU)
 *
 * The kernels are compiled once, into one PTX module (driver_compile, which
 * outlines and strips the host code itself); each gpu.launch_func then runs
 * its kernel with the memory of the host program: every allocation a launch
 * passes is copied to the device before the kernel and back after it, one
 * device buffer per allocation, so views of one allocation alias as they do
 * on a GPU.
 *
 * `vptx check PROGRAM.mlir` is the same run with the program's output left
 * out: each launch of a vector-level kernel also runs in eval, on a copy of
 * the memory it is given, and every memref argument is compared after the
 * launch, with the tolerance of `vptx check` (tools/check.c).  SIMT-level
 * kernels have no reference without a GPU: they run (a fault fails) and are
 * reported SKIP.
 */
#include "driver/host.h"
#include "driver/cliargs.h"

#include "tools/check.h"
#include "tools/host_run.h"
#include "driver/driver.h"
#include "runtime/output.h"
#include "eval/eval.h"
#include "ir/frontend.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What vptx check saw of one kernel */
typedef struct Tally {
    unsigned launches;
    bool vector_level, failed;
    double max_abs, max_rel;
} Tally;

typedef struct HostRun {
    const HostRunOptions *o;
    const char *text; /* the program, for eval's messages */
    size_t len;
    Tally tally[256]; /* per kernel, in PTX order */
    Module *dev_m;    /* the program outlined and stripped: the kernels, as the PTX has them */
    OpId *kernels;    /* in the device module's arena */
    uint32_t nkernels;
    char *ptx;
    const char *ptx_name;
    Device *dev;
    unsigned launches;
    char fault[4096]; /* the device's message of a failed launch, for ptx_fault_notes */
} HostRun;

/* The kernel `mod::@name` of the device module, and its .entry number. */
static OpId
device_kernel(const HostRun *h, const char *ref, uint32_t *index)
{
    const char *sep = ref ? strstr(ref, "::@") : NULL;
    for (uint32_t i = 0; sep && i < h->nkernels; i++) {
        OpId f = h->kernels[i];
        OpId g = block_parent_op(h->dev_m, op_get(h->dev_m, f)->parent);
        const Attr *fn = op_attr(h->dev_m, f, "sym_name");
        const Attr *gn = g ? op_attr(h->dev_m, g, "sym_name") : NULL;
        if (fn && gn && strcmp(fn->str, sep + 3) == 0 && strlen(gn->str) == (size_t)(sep - ref) &&
            memcmp(gn->str, ref, (size_t)(sep - ref)) == 0) {
            *index = i;
            return f;
        }
    }
    return 0;
}

/* Fills memref argument a (described from its type) from the launch's view: the
 * dims and strides the type fixes must be the view's. */
static bool
bind_memref(KernelArg *a, const EvalLaunchArg *x, uint32_t i, char *err, size_t n)
{
    if (a->lanes != 1 || x->rank != a->rank) {
        snprintf(err, n, "argument #%u: vptx passes memrefs of scalars from host code", i);
        return false;
    }
    int64_t row = 1;
    for (uint32_t d = a->rank; d-- > 0;) {
        if (!a->dyn_shape[d] && a->shape[d] != x->shape[d]) {
            snprintf(err, n, "argument #%u: dimension %u is %lld, but the kernel takes %lld", i, d,
                     (long long)x->shape[d], (long long)a->shape[d]);
            return false;
        }
        int64_t want = a->identity ? row : a->dyn_stride[d] ? x->strides[d] : a->strides[d];
        if (want != x->strides[d] && x->shape[d] > 1) {
            snprintf(err, n, "argument #%u: stride %u is %lld, but the kernel's type says %lld", i,
                     d, (long long)x->strides[d], (long long)want);
            return false;
        }
        row *= x->shape[d];
        a->shape[d] = x->shape[d];
        a->strides[d] = x->strides[d];
    }
    if (!a->dyn_offset && a->offset != x->offset) {
        snprintf(err, n,
                 "argument #%u: the view starts %lld elements into its memory, but the "
                 "kernel's type says %lld",
                 i, (long long)x->offset, (long long)a->offset);
        return false;
    }
    a->offset = x->offset;
    if (x->bytes % a->esize) {
        snprintf(err, n, "argument #%u: its memory is not a whole number of elements", i);
        return false;
    }
    a->span = x->bytes / a->esize;
    a->host = x->base;
    return true;
}

static bool
bind_launch(Kernel *k, const EvalLaunch *l, char *err, size_t n)
{
    for (uint32_t i = 0; i < k->nargs; i++) {
        KernelArg *a = &k->args[i];
        const EvalLaunchArg *x = &l->args[i];
        switch (a->kind) {
        case ARG_MEMREF:
            if (!bind_memref(a, x, i, err, n))
                return false;
            break;
        case ARG_SCALAR:
            a->bits = type_is_float(a->elem) ? ir_float_to_bits(x->f, a->elem) : (uint64_t)x->i;
            break;
        case ARG_TENSORMAP:
            snprintf(err, n, "argument #%u: vptx does not pass tensor maps from host code yet", i);
            return false;
        }
    }
    return true;
}

/* ---- vptx check ---- */

/* One scalar of element type t at p, as a double (integers also in *iv). */
static double
elem_value(TypeId t, const unsigned char *p, int64_t *iv)
{
    uint64_t bits = 0;
    unsigned bytes = type_scalar_bytes(t);
    memcpy(&bits, p, bytes < 8 ? bytes : 8);
    if (type_is_float(t))
        return ir_float_from_bits(bits, t);
    unsigned w = type_bitwidth(t);
    *iv = w >= 64 ? (int64_t)bits : (int64_t)(bits << (64 - w)) >> (64 - w); /* sign-extend */
    return (double)*iv;
}

/* The memory of each memref argument copied, for eval: one copy per allocation. */
static bool
snapshot(const Kernel *k, void **copies)
{
    for (uint32_t i = 0; i < k->nargs; i++) {
        const KernelArg *a = &k->args[i];
        copies[i] = NULL;
        if (a->kind != ARG_MEMREF)
            continue;
        for (uint32_t j = 0; j < i && !copies[i]; j++)
            if (k->args[j].kind == ARG_MEMREF && k->args[j].host == a->host)
                copies[i] = copies[j];
        if (copies[i])
            continue;
        if (!(copies[i] = malloc(karg_bytes(a) ? karg_bytes(a) : 1)))
            return false;
        memcpy(copies[i], a->host, karg_bytes(a));
    }
    return true;
}

static void
free_snapshot(const Kernel *k, void **copies)
{
    for (uint32_t i = 0; i < k->nargs; i++) {
        bool shared = false;
        for (uint32_t j = 0; j < i; j++)
            shared = shared || (copies[j] && copies[j] == copies[i]);
        if (!shared)
            free(copies[i]);
    }
}

/* eval runs kernel f of the device module on the copies. */
static bool
eval_launch(HostRun *h, OpId f, const Kernel *k, const EvalLaunch *l, void **copies)
{
    EvalArg *args = calloc(k->nargs ? k->nargs : 1, sizeof *args);
    if (!args)
        return false;
    for (uint32_t i = 0; i < k->nargs; i++) {
        const KernelArg *a = &k->args[i];
        if (a->kind == ARG_MEMREF) {
            args[i].buf.data = (unsigned char *)copies[i] + (size_t)a->offset * a->esize;
            args[i].buf.elem = a->elem;
            args[i].buf.rank = a->rank;
            memcpy(args[i].buf.shape, a->shape, sizeof args[i].buf.shape);
            memcpy(args[i].buf.strides, a->strides, sizeof args[i].buf.strides);
        } else {
            args[i].i = l->args[i].i;
            args[i].f = l->args[i].f;
        }
    }
    EvalOptions eo = { { l->grid[0], l->grid[1], l->grid[2] },
                       { l->block[0], l->block[1], l->block[2] },
                       0 };
    Diag d;
    diag_init(&d);
    diag_add_file(&d, h->o->input, h->text, h->len);
    bool ok = eval_kernel(h->dev_m, f, args, k->nargs, &eo, &d);
    diag_render(&d, stderr);
    diag_free(&d);
    free(args);
    return ok;
}

/* Compares every memref argument of the launch with eval's result; prints a FAIL line
 * for the first mismatch.  False on a mismatch. */
static bool
compare_launch(HostRun *h, OpId f, const Kernel *k, void **copies, Tally *t, Loc loc)
{
    const HostRunOptions *o = h->o;
    bool ok = true;
    for (uint32_t i = 0; i < k->nargs && ok; i++) {
        const KernelArg *a = &k->args[i];
        if (a->kind != ARG_MEMREF)
            continue;
        Tolerance tol;
        tolerance_of_arg(h->dev_m, f, i, &o->opt, &tol);
        double rtol = o->rtol >= 0 ? o->rtol : tol.rtol, atol = o->atol >= 0 ? o->atol : tol.atol;
        if (o->verbose && t->launches == 1)
            printf("  %s argument #%u: rtol %.3g, atol %.3g\n", k->name, i, rtol, atol);
        int64_t n = karg_count(a), bad = 0, first = -1;
        double fg = 0, fw = 0;
        for (int64_t e = 0; e < n; e++) {
            size_t off = karg_elem_offset(a, e);
            int64_t gi = 0, wi = 0;
            double g = elem_value(a->elem, (const unsigned char *)a->host + off, &gi);
            double w = elem_value(a->elem, (const unsigned char *)copies[i] + off, &wi);
            double err = fabs(g - w);
            bool differs = type_is_int(a->elem)   ? gi != wi
                           : isnan(g) || isnan(w) ? isnan(g) != isnan(w)
                           : isinf(g) || isinf(w) ? g != w
                                                  : err > atol + rtol * fabs(w);
            if (!differs && isfinite(err)) {
                t->max_abs = err > t->max_abs ? err : t->max_abs;
                if (w != 0 && err / fabs(w) > t->max_rel)
                    t->max_rel = err / fabs(w);
            }
            if (differs && bad++ == 0)
                first = e, fg = g, fw = w;
        }
        if (bad) {
            char idx[256];
            size_t used = (size_t)snprintf(idx, sizeof idx, "[");
            for (uint32_t d = 0; d < a->rank && used < sizeof idx; d++) {
                int64_t stride = 1;
                for (uint32_t e = d + 1; e < a->rank; e++)
                    stride *= a->shape[e];
                used += (size_t)snprintf(idx + used, sizeof idx - used, "%s%lld", d ? ", " : "",
                                         (long long)(first / stride % a->shape[d]));
            }
            if (used < sizeof idx)
                snprintf(idx + used, sizeof idx - used, "]");
            printf("FAIL %s (launch #%u at %s:%u:%u, %s vs eval): argument #%u: first mismatch "
                   "at %s: expected %.9g, got %.9g; %lld of %lld elements differ\n",
                   k->name, t->launches, o->input, loc.line, loc.col,
                   device_kind(h->dev) == DEV_SIM ? "sim" : "cuda", i, idx, fw, fg, (long long)bad,
                   (long long)n);
            ok = false;
        }
    }
    return ok;
}

/* The PASS / SKIP lines of vptx check, one per kernel launched; false if one failed. */
static bool
report_kernels(const HostRun *h)
{
    bool ok = true;
    for (uint32_t i = 0; i < h->nkernels; i++) {
        const Tally *t = &h->tally[i];
        const Attr *s = op_attr(h->dev_m, h->kernels[i], "sym_name");
        const char *name = s && s->str ? s->str : "?";
        if (t->failed) {
            ok = false;
        } else if (!t->launches) {
            printf("SKIP %s (never launched)\n", name);
        } else if (!t->vector_level) {
            printf("SKIP %s (%u launch%s, SIMT level: ran on %s without a fault; eval does not "
                   "apply to SIMT-level kernels)\n",
                   name, t->launches, t->launches == 1 ? "" : "es",
                   device_kind(h->dev) == DEV_SIM ? "the simulator" : "the GPU");
        } else {
            printf("PASS %s (%u launch%s, %s vs eval, max abs err %.3g, max rel err %.3g)\n", name,
                   t->launches, t->launches == 1 ? "" : "es",
                   device_kind(h->dev) == DEV_SIM ? "sim" : "cuda", t->max_abs, t->max_rel);
        }
    }
    return ok;
}

/* EvalLaunchFn: compile-time facts of the kernel, the launch shape, then the device. */
static bool
host_launch(void *ctx, Module *m, const EvalLaunch *l, Diag *d)
{
    HostRun *h = ctx;
    Loc loc = op_get(m, l->op)->loc;
    const Attr *ka = op_attr(m, l->op, "kernel");
    uint32_t index = 0;
    OpId f = device_kernel(h, ka ? ka->str : NULL, &index);
    char err[4096];
    if (!f) {
        diag_error(d, loc, "'gpu.launch_func' launches @%s, which the PTX does not hold",
                   ka ? ka->str : "?");
        return false;
    }
    if (l->cluster[0] * l->cluster[1] * l->cluster[2] != 1) {
        diag_error(d, loc,
                   "'gpu.launch_func' launches clusters of %lldx%lldx%lld workgroups: "
                   "vptx runs clusters of one workgroup only",
                   (long long)l->cluster[0], (long long)l->cluster[1], (long long)l->cluster[2]);
        return false;
    }
    Kernel k;
    char *entry = NULL;
    bool ok = kernel_describe(h->dev_m, f, index, &k, err, sizeof err) &&
              bind_launch(&k, l, err, sizeof err);
    if (ok && k.has_block)
        for (int i = 0; i < 3 && ok; i++)
            if (k.block[i] != l->block[i]) {
                snprintf(err, sizeof err,
                         "kernel @%s is compiled for blocks of %lldx%lldx%lld threads "
                         "(known_block_size), but the launch has %lldx%lldx%lld",
                         k.name, (long long)k.block[0], (long long)k.block[1],
                         (long long)k.block[2], (long long)l->block[0], (long long)l->block[1],
                         (long long)l->block[2]);
                ok = false;
            }
    if (ok && !(entry = ptx_entry_name(h->ptx, index))) {
        snprintf(err, sizeof err, "the PTX lacks the entry of kernel @%s", k.name);
        ok = false;
    }
    Tally *t = &h->tally[index];
    void *copies[256] = { 0 };
    bool compare = ok && h->o->check && k.vector_level && k.nargs <= 256;
    if (ok && h->o->check) {
        t->launches++;
        t->vector_level = k.vector_level;
    }
    if (compare && !(snapshot(&k, copies) && eval_launch(h, f, &k, l, copies))) {
        snprintf(err, sizeof err, "eval, the reference of vptx check, failed on kernel @%s",
                 k.name);
        ok = false;
    }
    if (ok) {
        LaunchConfig cfg;
        memset(&cfg, 0, sizeof cfg);
        for (int i = 0; i < 3; i++) {
            cfg.grid[i] = (unsigned)l->grid[i];
            cfg.block[i] = (unsigned)l->block[i];
        }
        cfg.shared_bytes = (unsigned)l->shared_bytes;
        LaunchResult res;
        ok = device_run(h->dev, h->ptx, h->ptx_name, entry, &k, &cfg, &res, err, sizeof err);
        if (!ok) { /* a fault: which PTX line and which op of the kernel, after the error */
            snprintf(h->fault, sizeof h->fault, "%s", err);
            diag_error(d, loc, "'gpu.launch_func' kernel @%s failed on %s: %s", k.name,
                       device_name(h->dev), err);
            err[0] = 0; /* reported */
        }
    }
    if (ok && compare && !compare_launch(h, f, &k, copies, t, loc))
        t->failed = true;
    if (compare)
        free_snapshot(&k, copies);
    if (!ok && err[0])
        diag_error(d, loc, "'gpu.launch_func' %s", err);
    for (uint32_t i = 0; i < k.nargs; i++) /* the host program's memory, not the kernel's */
        if (k.args && k.args[i].kind == ARG_MEMREF)
            k.args[i].host = NULL;
    kernel_free(&k);
    free(entry);
    h->launches++;
    return ok;
}

static Device *
open_device(const char *backend, int *status, FILE *err)
{
    Device *d = NULL;
    char msg[2048];
    *status = 1;
    if (strcmp(backend, "sim") != 0 && strcmp(backend, "cuda") != 0 &&
        strcmp(backend, "auto") != 0) {
        fprintf(err, "vptx run: error: --backend must be sim, cuda or auto: %s\n", backend);
        return NULL;
    }
    if (strcmp(backend, "sim") != 0) {
        DeviceStatus s = device_open(DEV_CUDA, &d, msg, sizeof msg);
        if (s == DEVICE_OK)
            return d;
        if (strcmp(backend, "cuda") == 0) {
            fprintf(err, "vptx run: %s\n", msg);
            *status = s == DEVICE_UNAVAILABLE ? 77 : 1;
            return NULL;
        }
    }
    if (device_open(DEV_SIM, &d, msg, sizeof msg) != DEVICE_OK)
        fprintf(err, "vptx run: error: %s\n", msg);
    return d;
}

/* The device module: the program outlined and stripped, and its kernels in PTX order. */
static bool
load_device_module(HostRun *h, const char *text, size_t len, Diag *d)
{
    if (!frontend_parse(h->dev_m, d, h->o->input, text, len) || !ir_verify(h->dev_m, d) ||
        !host_prepare(h->dev_m, d))
        return false;
    h->nkernels = kernel_list(h->dev_m, &h->kernels);
    return true;
}

/* --keep: the PTX in DIR/NAME.ptx, NAME the input's base name */
static bool
keep_ptx(HostRun *h, char *path, size_t n)
{
    const char *base = strrchr(h->o->input, '/');
    base = base ? base + 1 : h->o->input;
    char file[300], why[512];
    snprintf(file, sizeof file, "%.*s.ptx",
             (int)(strlen(base) > 5 && strcmp(base + strlen(base) - 5, ".mlir") == 0
                       ? strlen(base) - 5
                       : strlen(base)),
             base);
    if (!output_dir(h->o->out_dir, why, sizeof why) ||
        !output_join(path, n, h->o->out_dir, file, why, sizeof why) ||
        (!output_write(path, h->ptx, strlen(h->ptx)) &&
         snprintf(why, sizeof why, "cannot write %s: %s", path, strerror(errno)))) {
        fprintf(stderr, "vptx run: error: %s\n", why);
        return false;
    }
    fprintf(stderr, "vptx run: kept the PTX in %s\n", path);
    return true;
}

int
host_run(const char *text, size_t len, const HostRunOptions *o)
{
    Diag d;
    diag_init(&d);
    Module host_m, dev_m, *m = &host_m;
    module_init(&host_m);
    module_init(&dev_m);
    HostRun h = { .o = o, .dev_m = &dev_m, .text = text, .len = len };
    char ptx_name[4200];
    snprintf(ptx_name, sizeof ptx_name, "<PTX of %s>", o->input);
    h.ptx_name = ptx_name;
    int status = 1;
    const char *entry = o->entry ? o->entry : "main";
    size_t ptx_len = 0;
    bool ok = frontend_parse(m, &d, o->input, text, len) && ir_verify(m, &d) &&
              host_outline(m, &d) && ir_verify(m, &d);
    OpId main_fn = 0;
    if (ok) {
        main_fn = eval_find_func(m, entry);
        if (!main_fn || op_get(m, main_fn)->kind != OP_FUNC ||
            block_parent_op(m, op_get(m, main_fn)->parent) != m->top) {
            fprintf(stderr, "vptx run: error: %s has no host function @%s to run%s\n", o->input,
                    entry, o->entry ? "" : " (--entry-point=NAME runs another)");
            ok = false;
            main_fn = 0;
        }
    }
    ok = ok && load_device_module(&h, text, len, &d) &&
         (!h.nkernels || driver_compile(&d, o->input, text, len, &o->opt, &h.ptx, &ptx_len));
    diag_render(&d, stderr);
    diag_free(&d);
    if (ok && o->keep && h.ptx && !keep_ptx(&h, ptx_name, sizeof ptx_name))
        ok = false;
    if (ok)
        h.dev = open_device(o->backend, &status, stderr);
    if (ok && h.dev) {
        device_set_limits(h.dev, &o->limits);
        diag_init(&d);
        /* the host module's locations index the parse's files: the same file first */
        diag_add_file(&d, o->input, text, len);
        /* vptx check leaves the program's own output out: its lines are PASS / FAIL (the
           printing still runs, so that what it reads is checked as in vptx run) */
        FILE *sink = o->check ? fopen("/dev/null", "w") : NULL;
        EvalHostOptions eo = { o->check ? sink : stdout, stderr, host_launch, &h, 0 };
        ok = eo.out && eval_host(m, main_fn, &eo, &d);
        if (!eo.out)
            fprintf(stderr, "vptx check: error: cannot open /dev/null: %s\n", strerror(errno));
        if (sink)
            fclose(sink);
        fflush(stdout);
        diag_render(&d, stderr);
        diag_free(&d);
        if (h.fault[0])
            ptx_fault_notes(stderr, o->check ? "vptx check" : "vptx run", h.fault, h.ptx_name,
                            h.ptx, o->input);
        if (o->check && !report_kernels(&h))
            ok = false;
        status = ok ? 0 : 1;
    }
    if (h.dev)
        device_close(h.dev);
    module_free(&host_m);
    module_free(&dev_m);
    free(h.ptx);
    return status;
}
