/*
 * launch.c -- sim_launch(): check the configuration as cuLaunchKernel does,
 * build the parameter buffer, allocate the per-CTA state and run the grid
 * (exec.c); plus the counters of the last launch.
 */
#include "sim/simint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CALL_FRAMES 16 /* .func frames of local memory per thread */

SIM_PRINTF(2, 3) static SimResult launch_error(SimCtx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sim_vset_error(ctx, fmt, ap);
    va_end(ap);
    return SIM_ERR_LAUNCH;
}

static SimResult
check_config(const Func *f, const unsigned g[3], const unsigned b[3], void **params)
{
    SimCtx *ctx = f->m->ctx;
    if (!f->entry || !f->defined)
        return launch_error(ctx, "'%s' is not a kernel entry", f->name);
    for (int i = 0; i < 3; i++)
        if (g[i] == 0 || b[i] == 0)
            return launch_error(ctx, "launch of '%s' with a zero grid or block dimension", f->name);
    /* cuLaunchKernel's limits: grid x < 2^31, y and z < 2^16; block x, y <= 1024, z <= 64 */
    if (g[0] > 0x7fffffffu || g[1] > 65535 || g[2] > 65535 || b[2] > 64 || b[0] > 1024 ||
        b[1] > 1024)
        return launch_error(ctx,
                            "launch of '%s': grid %u x %u x %u or block %u x %u x %u out of range "
                            "(grid x at most 2147483647, y and z 65535; block x and y 1024, z 64)",
                            f->name, g[0], g[1], g[2], b[0], b[1], b[2]);
    uint64_t nt = (uint64_t)b[0] * b[1] * b[2];
    if (nt > MAX_THREADS)
        return launch_error(ctx, "launch of '%s' with %llu threads per block (at most %d)", f->name,
                            (unsigned long long)nt, MAX_THREADS);
    if (f->reqntid[0] && (f->reqntid[0] != b[0] || (f->reqntid[1] ? f->reqntid[1] : 1) != b[1] ||
                          (f->reqntid[2] ? f->reqntid[2] : 1) != b[2]))
        return launch_error(ctx,
                            "launch of '%s' with block (%u,%u,%u), but the kernel requires block "
                            "(%u,%u,%u) (its .reqntid): launch it with that block",
                            f->name, b[0], b[1], b[2], f->reqntid[0],
                            f->reqntid[1] ? f->reqntid[1] : 1, f->reqntid[2] ? f->reqntid[2] : 1);
    for (int i = 0; i < 3 && f->cluster[0]; i++) /* clusters tile the grid [PTX 11.4.11] */
        if (g[i] % (f->cluster[i] ? f->cluster[i] : 1))
            return launch_error(ctx,
                                "launch of '%s' with grid (%u,%u,%u), not a whole number of its "
                                "clusters (%u,%u,%u) (.reqnctapercluster)",
                                f->name, g[0], g[1], g[2], f->cluster[0],
                                f->cluster[1] ? f->cluster[1] : 1,
                                f->cluster[2] ? f->cluster[2] : 1);
    if (f->maxntid[0]) {
        uint64_t mx = (uint64_t)f->maxntid[0] * (f->maxntid[1] ? f->maxntid[1] : 1) *
                      (f->maxntid[2] ? f->maxntid[2] : 1);
        if (nt > mx)
            return launch_error(ctx, "launch of '%s' with %llu threads breaks its .maxntid (%llu)",
                                f->name, (unsigned long long)nt, (unsigned long long)mx);
    }
    if (f->nparams && !params)
        return launch_error(ctx, "launch of '%s' without its %u parameters", f->name, f->nparams);
    for (uint32_t i = 0; i < f->nparams; i++)
        if (!params[i])
            return launch_error(ctx, "launch of '%s': parameter %u is NULL", f->name, i);
    return SIM_OK;
}

/* .target sm_NN[a]: at most the GPU's own, and not one of the parts the model lacks
 * (target/targets.def's modeled column: not sm_86, sm_89, the consumer Ampere and Ada,
 * nor an 'a' target on another GPU).  A target vptx does not compile for (nvcc's default sm_52,
 * say): by its number, the model lacking sm_81 .. sm_89 (sm_87: embedded Ampere). */
static bool
timing_target_ok(const TimingGpu *g, const char *target)
{
    if (!target || !target[0])
        return true;
    int max = target_table[g->target].sm;
    const Target *t = target_find(target);
    if (t) /* an 'a' target runs on its own GPU only */
        return t->modeled && t->sm <= max && (!t->arch_a || t == &target_table[g->target]);
    if (strncmp(target, "sm_", 3))
        return false;
    int n = atoi(target + 3);
    return n > 0 && n <= max && !(n > 80 && n < 90);
}

SimResult
sim_timing_check(const char *gpu, const char *target, char *why, size_t n)
{
    const TimingGpu *g = timing_gpu(gpu);
    if (!g) {
        snprintf(why, n, "no timing model for GPU '%s' (models: %s)", gpu ? gpu : "",
                 sim_timing_models());
        return SIM_ERR_INVALID_VALUE;
    }
    if (!timing_target_ok(g, target)) {
        snprintf(why, n, "the timing model '%s' has no GPU for target %s (models: %s)", g->name,
                 target, sim_timing_models());
        return SIM_ERR_INVALID_VALUE;
    }
    return SIM_OK;
}

static void
free_exec(Exec *x)
{
    if (x->th)
        for (uint32_t i = 0; i < x->nthreads; i++) {
            Thread *t = &x->th[i];
            if (t->cp)
                free(t->cp);
            if (t->depth)
                thread_release_frames(t);
            if (t->frames)
                free(t->frames);
        }
    free(x->th);
    free(x->regs);
    free(x->local);
    free(x->shared);
    free(x->groups);
    free(x->occ);
    free((void *)x->params);
    sim_sm90_free(x);
    sim_sm100_free(x);
}

/* Does the module reach across its cluster's CTAs (a cta_group::2 tcgen05 instruction,
 * barrier.cluster, mapa, a multicast tensor copy)?  Then each cluster's CTAs run together. */
static bool
uses_pairs(const SimModule *m)
{
    for (uint32_t i = 0; i < m->ncode; i++) {
        unsigned op = m->code[i].op;
        if ((op >= OP_TC2_ALLOC && op <= OP_TC2_SHIFT) || op == OP_BAR_CL_ARRIVE ||
            op == OP_BAR_CL_WAIT || op == OP_MAPA ||
            (op == OP_BULK_TENSOR && m->code[i].sub == SUB_MCAST_CLUSTER))
            return true;
    }
    return false;
}

static bool
alloc_exec(Exec *x)
{
    const Func *f = x->entry;
    size_t nr = f->nregs ? f->nregs : 1;
    x->th = calloc(x->nthreads, sizeof *x->th);
    x->regs = calloc((size_t)x->nthreads * nr, sizeof *x->regs);
    x->shared = malloc(x->shared_size ? x->shared_size : 1);
    x->groups = calloc((size_t)x->nwarps * NGROUPS, sizeof *x->groups);
    if (x->m->nslots)
        x->occ = calloc((size_t)x->nthreads * x->m->nslots, sizeof *x->occ);
    if (x->local_size)
        x->local = malloc((size_t)x->nthreads * x->local_size);
    return x->th && x->regs && x->shared && x->groups && (x->occ || !x->m->nslots) &&
           (x->local || !x->local_size);
}

SimResult
sim_launch(SimFunc *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
           unsigned shared_bytes, void **params)
{
    if (!f)
        return SIM_ERR_INVALID_VALUE;
    SimModule *m = f->m;
    SimCtx *ctx = m->ctx;
    const unsigned g[3] = { gx, gy, gz }, b[3] = { bx, by, bz };
    sim_set_error(ctx, "%s", "");
    memset(&ctx->stats, 0, sizeof ctx->stats);
    SimResult r = check_config(f, g, b, params);
    if (r != SIM_OK)
        return r;
    /* the entry's own static variables; dynamic shared memory lies after every entry's */
    uint64_t shared =
        shared_bytes
            ? (uint64_t)((m->shared_static + m->dyn_align - 1) / m->dyn_align * m->dyn_align) +
                  shared_bytes
            : f->shared_end;
    /* the target's per-block maximum (target/targets.def), or sm_90's 227 KiB for PTX of
       a target vptx does not compile for */
    const Target *t = target_find(m->target);
    uint64_t max = (uint64_t)(t ? t->smem_block : target_table[TARGET_SM_90A].smem_block);
    if (shared > max)
        return launch_error(ctx, "launch of '%s' needs %llu bytes of shared memory (at most %llu)",
                            f->name, (unsigned long long)shared, (unsigned long long)max);
    Exec x;
    memset(&x, 0, sizeof x);
    x.ctx = ctx;
    x.m = m;
    x.entry = f;
    x.code = m->code;
    x.vecs = m->vecs;
    memcpy(x.grid, g, sizeof g);
    memcpy(x.block, b, sizeof b);
    x.slice = SLICE;
    x.nthreads = bx * by * bz;
    x.nwarps = (x.nthreads + WARP_SIZE - 1) / WARP_SIZE;
    x.shared_size = (uint32_t)shared;
    x.dyn_shared = shared_bytes;
    /* the kernel's frame plus room for CALL_FRAMES .func frames, within the 512 KB
     * a thread may have (each frame alone is checked by the parser) */
    uint64_t local = (uint64_t)f->frame_size + (uint64_t)CALL_FRAMES * m->max_frame;
    x.local_size = (uint32_t)(local < SIM_MAX_LOCAL ? local : SIM_MAX_LOCAL);
    if (x.local_size < f->frame_size)
        x.local_size = f->frame_size;
    x.max_insts = ctx->opt_max_insts ? ctx->opt_max_insts : UINT64_MAX;
    x.timeout_ms = ctx->opt_timeout_ms;
    if (x.timeout_ms) { /* past_deadline() looks at the clock only with a time limit */
        clock_gettime(CLOCK_MONOTONIC, &x.deadline);
        x.deadline.tv_sec += (time_t)(x.timeout_ms / 1000);
        x.deadline.tv_nsec += (long)(x.timeout_ms % 1000) * 1000000L;
        if (x.deadline.tv_nsec >= 1000000000L) {
            x.deadline.tv_sec++;
            x.deadline.tv_nsec -= 1000000000L;
        }
    }
    x.defer_cp = ctx->opt_defer;
    x.fill = ctx->opt_fill;
    uint8_t *pbuf = calloc(f->param_size ? f->param_size : 1, 1);
    x.params = pbuf;
    if (!pbuf || !alloc_exec(&x)) {
        free_exec(&x);
        return launch_error(ctx, "out of memory for a block of %u threads", x.nthreads);
    }
    for (uint32_t i = 0; i < f->nparams; i++)
        memcpy(pbuf + f->params[i].offset, params[i], f->params[i].size);
    free(ctx->line_counts);
    ctx->line_counts = NULL;
    ctx->nline = 0;
    if (ctx->opt_lines && (ctx->line_counts = calloc(m->maxline + 2, sizeof(uint64_t))))
        ctx->nline = m->maxline + 2;
    x.line_counts = ctx->line_counts;
    ctx->timing_valid = false;
    free(ctx->timing_lines);
    ctx->timing_lines = NULL;
    ctx->ntiming_lines = 0;
    if (ctx->timing_gpu) {
        if (!timing_target_ok(ctx->timing_gpu, m->target)) {
            free_exec(&x);
            return launch_error(ctx, "the timing model '%s' has no GPU for .target %s (models: %s)",
                                ctx->timing_gpu->name, m->target, sim_timing_models());
        }
        x.tm = tm_begin(&x, ctx->timing_gpu);
    }
    /* CTA pairs: the cluster's other CTAs, each an Exec of its own, run with x */
    uint32_t ncl = f->cluster[0] ? f->cluster[0] * (f->cluster[1] ? f->cluster[1] : 1) *
                                       (f->cluster[2] ? f->cluster[2] : 1)
                                 : 1;
    Exec *peers = NULL, *cl[16];
    if (ncl > 1 && ncl <= 16 && uses_pairs(m)) {
        peers = calloc(ncl - 1, sizeof *peers);
        bool ok = peers != NULL;
        cl[0] = &x;
        for (uint32_t i = 0; ok && i + 1 < ncl; i++) {
            Exec *y = &peers[i];
            *y = x;
            y->th = NULL, y->regs = NULL, y->local = NULL, y->shared = NULL;
            y->groups = NULL, y->occ = NULL, y->sm90 = NULL, y->sm100 = NULL;
            memset(&y->st, 0, sizeof y->st);
            ok = alloc_exec(y);
            cl[i + 1] = y;
        }
        for (uint32_t i = 0; i < ncl; i++)
            if (ok || i == 0)
                cl[i]->cluster = cl, cl[i]->ncluster = ncl, cl[i]->rank = i;
        ok = ok && (!x.tm || tm_cluster_begin(&x, ncl));
        if (!ok) {
            for (uint32_t i = 0; peers && i + 1 < ncl; i++)
                peers[i].params = NULL, free_exec(&peers[i]);
            free(peers);
            tm_free(x.tm);
            free_exec(&x);
            return launch_error(ctx, "out of memory for a cluster of %u CTAs", ncl);
        }
    }
    r = exec_launch(&x);
    for (uint32_t i = 0; peers && i + 1 < ncl; i++) { /* the cluster's counts together */
        uint64_t *sum = (uint64_t *)&x.st;
        const uint64_t *add = (const uint64_t *)&peers[i].st;
        for (size_t k = 0; k < sizeof x.st / sizeof(uint64_t); k++)
            sum[k] += add[k];
        peers[i].params = NULL;
        free_exec(&peers[i]);
    }
    free(peers);
    if (x.tm && r == SIM_OK) {
        tm_finish(&x, &ctx->timing, &ctx->timing_lines, &ctx->ntiming_lines);
        ctx->timing_valid = true;
    }
    tm_free(x.tm);
    for (int c = 0; c < SIM_CLASS_COUNT; c++)
        x.st.instructions += x.st.by_class[c];
    ctx->stats = x.st;
    free_exec(&x);
    return r;
}

/* ---- counters ---- */

SimResult
sim_stats(const SimCtx *ctx, SimStats *out)
{
    *out = ctx->stats;
    return SIM_OK;
}

SimResult
sim_line_counts(const SimCtx *ctx, const uint64_t **counts, size_t *n)
{
    *counts = ctx->line_counts;
    *n = ctx->nline;
    return ctx->line_counts ? SIM_OK : SIM_ERR_INVALID_VALUE;
}

const char *
sim_class_name(SimClass c)
{
    static const char *const names[SIM_CLASS_COUNT] = {
#define CLASS(name, text) [SIM_CLASS_##name] = text,
#include "sim/classes.def"
#undef CLASS
    };
    return (unsigned)c < SIM_CLASS_COUNT ? names[c] : "?";
}

static double
pct(uint64_t num, uint64_t den)
{
    return den ? 100.0 * (double)num / (double)den : 100.0;
}

void
sim_print_stats(const SimStats *s, FILE *out)
{
    fprintf(out, "ctas %llu, threads %llu\n", (unsigned long long)s->ctas,
            (unsigned long long)s->threads);
    fprintf(out, "instructions %llu\n", (unsigned long long)s->instructions);
    for (int c = 0; c < SIM_CLASS_COUNT; c++)
        if (s->by_class[c])
            fprintf(out, "  %-14s %llu\n", sim_class_name((SimClass)c),
                    (unsigned long long)s->by_class[c]);
    fprintf(
        out,
        "global loads   %llu requests, %llu sectors (ideal %llu, %.1f%% efficient), %llu bytes\n",
        (unsigned long long)s->global_ld_requests, (unsigned long long)s->global_ld_sectors,
        (unsigned long long)s->global_ld_sectors_min,
        pct(s->global_ld_sectors_min, s->global_ld_sectors),
        (unsigned long long)s->global_ld_bytes);
    fprintf(
        out,
        "global stores  %llu requests, %llu sectors (ideal %llu, %.1f%% efficient), %llu bytes\n",
        (unsigned long long)s->global_st_requests, (unsigned long long)s->global_st_sectors,
        (unsigned long long)s->global_st_sectors_min,
        pct(s->global_st_sectors_min, s->global_st_sectors),
        (unsigned long long)s->global_st_bytes);
    fprintf(out,
            "shared loads   %llu requests, %llu wavefronts (ideal %llu, %.1f%% conflict-free)\n",
            (unsigned long long)s->shared_ld_requests, (unsigned long long)s->shared_ld_wavefronts,
            (unsigned long long)s->shared_ld_wavefronts_min,
            pct(s->shared_ld_wavefronts_min, s->shared_ld_wavefronts));
    fprintf(out,
            "shared stores  %llu requests, %llu wavefronts (ideal %llu, %.1f%% conflict-free)\n",
            (unsigned long long)s->shared_st_requests, (unsigned long long)s->shared_st_wavefronts,
            (unsigned long long)s->shared_st_wavefronts_min,
            pct(s->shared_st_wavefronts_min, s->shared_st_wavefronts));
    fprintf(out, "atomics %llu, barriers %llu, warp collectives %llu\n",
            (unsigned long long)s->atomics, (unsigned long long)s->barriers,
            (unsigned long long)s->warp_collectives);
    if (s->tma_ld_copies || s->tma_st_copies)
        fprintf(out,
                "TMA            %llu loads, %llu bytes (%llu zero-filled); %llu stores, %llu "
                "bytes\n",
                (unsigned long long)s->tma_ld_copies, (unsigned long long)s->tma_ld_bytes,
                (unsigned long long)s->tma_fill_bytes, (unsigned long long)s->tma_st_copies,
                (unsigned long long)s->tma_st_bytes);
    if (s->wgmma_ops)
        fprintf(out,
                "wgmma          %llu mma_async in %llu groups, up to %llu in flight; %llu "
                "waits left up to %llu in flight (mean %.2f)\n",
                (unsigned long long)s->wgmma_ops, (unsigned long long)s->wgmma_groups,
                (unsigned long long)s->wgmma_inflight_max, (unsigned long long)s->wgmma_waits,
                (unsigned long long)s->wgmma_kept_max,
                s->wgmma_waits ? (double)s->wgmma_kept / (double)s->wgmma_waits : 0.0);
    if (s->tc_mma_ops)
        fprintf(out, "tcgen05        %llu mma\n", (unsigned long long)s->tc_mma_ops);
}
