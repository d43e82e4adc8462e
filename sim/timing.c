/*
 * timing.c -- a cycle-approximate performance model of an A100 or H100, fed by the
 * simulator's own execution (docs/timing.md).
 *
 * Requires:  an Exec running a launch with x->tm from tm_begin(); exec.c calls
 *            tm_cta_begin/tm_step/tm_cta_end around each CTA and warp instruction,
 *            exec_mem.c tm_request for every closed warp-level memory request and
 *            tm_atomic for every atomic.
 * Ensures:   tm_finish() fills a SimTiming; nothing here writes simulated state, so the
 *            results of a launch are the same bytes with timing on or off.
 *
 * Model, per CTA (warps as the simulator runs them, in lockstep):
 *   - each warp has a clock; a warp instruction issues once its source registers are
 *     ready (scoreboard: ready[reg] = issue + latency of the producer) and the warp's own
 *     pipe of that class is free; the next one issues a cycle later at the earliest;
 *   - memory latency comes from the request: L1 hit (a sector this CTA loaded before),
 *     L2 hit (a sector the launch touched before), DRAM otherwise, plus one cycle per
 *     extra 128-byte line; shared memory: the base latency plus one per extra wavefront
 *     (bank-conflict replays);
 *   - bar.sync: the warps leave at the latest arrival plus the barrier latency;
 *     cp.async and wgmma groups complete at their issue plus latency and are waited for
 *     by wait_group; bulk/TMA copies complete at issue + DRAM latency + their bytes at
 *     the SM's share of L2 bandwidth, and an mbarrier wait waits for the copies that
 *     signal that mbarrier;
 *   - per scheduler (warp % 4) the issue slots and the busy cycles of each pipe are
 *     summed; per SM the shared-memory wavefronts.
 * Per launch: occupancy (registers, shared memory, block size, CTA and warp limits)
 * gives the CTAs resident per SM; the busiest SM gets ceil(CTAs / SMs) of them, run in
 * rounds of the resident count.  Its time is the largest of: rounds x the mean CTA
 * latency (critical path), its issue slots and each pipe's busy cycles over the
 * schedulers its warps use, its shared-memory wavefronts.  The kernel takes the largest
 * of that, DRAM bytes over DRAM bandwidth, L2 sectors over L2 bandwidth and the atomics
 * (same-address ones serialised), plus the launch overhead; the largest term is the
 * limiter.
 */
#include "sim/simint.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    K_ALU,
    K_GLD,   /* global/generic load (a request gives the latency) */
    K_GST,   /* store, no destination */
    K_SLD,   /* shared load */
    K_LOCAL, /* local/param/const: L1 latency */
    K_ATOM,
    K_BAR,
    K_CPASYNC,
    K_CPCOMMIT,
    K_CPWAIT,
    K_WGMMA,
    K_WGCOMMIT,
    K_WGWAIT,
    K_MBARWAIT,
    K_BULK,
    K_TCCOMMIT, /* tcgen05.commit: its mbarrier completes when the warp's mmas do */
    K_CLARRIVE, /* barrier.cluster.arrive: the phase's latest arrival */
    K_CLWAIT,   /* barrier.cluster.wait: waits for it */
    K_NOP
};

typedef struct {
    uint8_t pipe, kind;
    uint16_t lat;
    float occ;         /* cycles the pipe of the issuing scheduler is busy */
    float work;        /* tensor ops: f16 FMAs (tf32 twice, f64 16 times), for the
                          datasheet-relative tensor figures */
    uint8_t sass;      /* machine instructions ptxas makes of it (0: it vanishes, below) */
    uint8_t pred_skip; /* a bra ptxas turns into predication: the instructions it jumps */
} PcInfo;

/* open-addressing set of 64-bit keys (stored + 1, 0 = empty), each with vsize bytes of
   value (a counter, a sharing record) when vsize is set */
typedef struct {
    uint64_t *k;
    unsigned char *v;
    size_t vsize, cap, n;
} Set;

/* Sampled launches: who among the sampled CTAs touched each global sector (the first
 * CTA's column and row, how many CTAs and rows, whether more than one column or row),
 * from which tm_finish estimates the whole grid's DRAM traffic (share_dram). */
typedef struct {
    uint32_t last, x, y, n, rows;
    bool multi_x, multi_y;
} Share;

/* The per-CTA costs the busiest SM's time is made of, summed over CTAs. */
typedef struct {
    double lat, issue, pipe[TP_COUNT], smem, bar, warp_time;
    double sched_issue, sched_pipe[TP_COUNT]; /* per-CTA busiest scheduler */
} CtaSums;

typedef struct {
    uint64_t clock;
    uint64_t *ready;
    uint64_t pipe_free[TP_COUNT];
    uint64_t req_lat;
    bool req_seen;
    uint32_t bar_wait; /* barrier id + 1 while waiting */
    uint64_t bar_arrive;
    uint64_t cp_open, cp_done[16];
    uint32_t ncp;
    uint64_t wg_open, wg_done[16];
    uint32_t nwg;
    uint32_t pred_target, pred_skip; /* a predicating bra ran: where it jumps, what it skips */
    uint32_t steps;                  /* warp instructions run (a light CTA's are few) */
} WarpT;

/* The state of the CTA being timed.  A co-scheduled cluster (exec.c's run_cluster) keeps
 * one per CTA and swaps it in before each CTA's pass (tm_cluster_use). */
typedef struct {
    WarpT *w;
    uint64_t *ready;
    Set l1;
    uint32_t cta_lin, cta_x, cta_y; /* the CTA being timed: linear id, column, row */
    uint64_t bar_max[NBARRIERS];
    uint64_t async_max; /* bulk copies of the CTA: completion */
    /* the bulk copy being executed: its bytes, its mbarrier, the CTAs it fills (a
       multicast copy: the cluster mask); the mbarriers' completions */
    uint64_t bulk_bytes, bulk_last;
    uint32_t bulk_mbar, bulk_mask;
    bool bulk_has_mbar;
    struct {
        uint32_t off;
        uint64_t done;
    } mbar[16];
    uint32_t nmbar;
    /* this CTA's tensor pipes, one per scheduler: the cycles already taken, as sorted
     * disjoint spans (warps run in the simulator's order, not in time order, so an
     * operation takes the first free span at or after its issue) */
    struct {
        uint64_t (*span)[2];
        uint32_t n, cap;
    } tbusy[4];
    double issue[4], pipe[4][TP_COUNT], smem_wf, bar_stall, warp_time;
    uint64_t l1_sectors; /* global sectors through this CTA's L1 (hits and misses) */
    bool traffic;        /* this CTA touched memory (global, shared, bulk, atomics) */
} TmCta;

struct Timing {
    const TimingGpu *g;
    PcInfo *pc;
    uint32_t nregs, nwarps;
    TmCta c; /* the CTA being timed */
    /* a co-scheduled cluster: the state of each of its CTAs (c's own while it is out),
       the rank c belongs to, and the latest barrier.cluster arrival of each phase parity */
    TmCta *cl;
    uint32_t ncl, cl_cur;
    uint64_t clb_max[2];
    Set l2, atom;
    Set share;         /* a sampled launch's Share per global sector */
    bool share_failed; /* too many sectors or out of memory: the sample's own count */
    /* the launch, over the timed CTAs: the heavy ones, and the light ones (few
       instructions a warp and no memory traffic, as exec.c's probe finds them) */
    CtaSums heavy, light;
    double fp32_lanes, tensor_cycles, tensor_fmas, wgmma_fmas, ex2_lanes;
    uint64_t l2_sectors, dram_sectors, atomics;
    uint64_t dram_wr_sectors; /* distinct global sectors stored: written back to DRAM */
    Set wr;                   /* the sectors stored so far */
    uint32_t atom_max;
    uint64_t ctas_timed, ctas_total;
    uint64_t light_left, light_timed; /* sampled launch: light CTAs probed, and simulated */
    uint64_t probed;                  /* CTAs left out of the sample that were probed */
    bool sampled;                     /* fewer CTAs run than the grid has */
    uint64_t *lines;
    size_t nlines;
    unsigned regs;
    bool regs_estimated;
};

/* ---- sets ---- */

static uint64_t
mix(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return k;
}

/* index of key in s (inserted when absent, *fresh set); SIZE_MAX when out of memory */
static size_t
set_find(Set *s, uint64_t key, bool *fresh)
{
    if ((s->n + 1) * 2 > s->cap) {
        size_t ncap = s->cap ? s->cap * 2 : 1024;
        uint64_t *nk = calloc(ncap, sizeof *nk);
        unsigned char *nv = s->vsize ? calloc(ncap, s->vsize) : NULL;
        if (!nk || (s->vsize && !nv)) {
            free(nk);
            free(nv);
            return SIZE_MAX;
        }
        for (size_t i = 0; i < s->cap; i++)
            if (s->k[i]) {
                size_t j = mix(s->k[i]) & (ncap - 1);
                while (nk[j])
                    j = (j + 1) & (ncap - 1);
                nk[j] = s->k[i];
                if (s->vsize)
                    memcpy(nv + j * s->vsize, s->v + i * s->vsize, s->vsize);
            }
        free(s->k);
        free(s->v);
        s->k = nk;
        s->v = nv;
        s->cap = ncap;
    }
    size_t j = mix(key + 1) & (s->cap - 1);
    while (s->k[j] && s->k[j] != key + 1)
        j = (j + 1) & (s->cap - 1);
    *fresh = !s->k[j];
    if (*fresh) {
        s->k[j] = key + 1;
        s->n++;
    }
    return j;
}

static void
set_clear(Set *s)
{
    if (s->k)
        memset(s->k, 0, s->cap * sizeof *s->k);
    if (s->v)
        memset(s->v, 0, s->cap * s->vsize);
    s->n = 0;
}

static void
set_free(Set *s)
{
    free(s->k);
    free(s->v);
}

/* A cache holding more distinct sectors than fit (capacity in bytes) starts over: a crude
 * eviction that keeps streams bigger than the cache missing, and bounds the memory the
 * model uses on big launches. */
static void
set_capacity(Set *s, uint64_t bytes)
{
    if (s->n * 32 > bytes)
        set_clear(s);
}

/* ---- who shares what, in a sampled launch ---- */

enum { SHARE_MAX = 1u << 22 }; /* sectors tracked (128 MiB of data); more: fall back */

/* The CTA being timed touches global sector sec (sampled launches only). */
static void
share_touch(Timing *tm, uint64_t sec)
{
    if (!tm->sampled || tm->share_failed)
        return;
    bool fresh;
    size_t j = tm->share.n < SHARE_MAX ? set_find(&tm->share, sec, &fresh) : SIZE_MAX;
    if (j == SIZE_MAX) {
        tm->share_failed = true;
        return;
    }
    Share *e = (Share *)tm->share.v + j;
    if (fresh) {
        *e = (Share){ tm->c.cta_lin, tm->c.cta_x, tm->c.cta_y, 1, 1, false, false };
        return;
    }
    if (e->last == tm->c.cta_lin)
        return;
    /* CTAs run in linear order, so a row, once left, does not come back */
    if (e->y != tm->c.cta_y && !e->multi_y)
        e->multi_y = true;
    if (e->x != tm->c.cta_x)
        e->multi_x = true;
    if (e->y != tm->c.cta_y)
        e->rows++;
    e->y = tm->c.cta_y;
    e->last = tm->c.cta_lin;
    e->n++;
}

/* ---- what each instruction is ---- */

static bool
writes_first(int op)
{
    switch (op) {
    case OP_ST:
    case OP_RED:
    case OP_BAR:
    case OP_BARRIER:
    case OP_BAR_WARP:
    case OP_BRA:
    case OP_CALL:
    case OP_RET:
    case OP_EXIT:
    case OP_TRAP:
    case OP_BRKPT:
    case OP_CP_ASYNC:
    case OP_CP_COMMIT:
    case OP_CP_WAIT:
    case OP_CP_WAITALL:
    case OP_PREFETCH:
    case OP_PREFETCHU:
    case OP_DISCARD:
    case OP_MEMBAR:
    case OP_FENCE:
    case OP_GRIDDEP:
    case OP_STMATRIX:
    case OP_NANOSLEEP:
    case OP_PMEVENT:
    case OP_MBAR_INIT:
    case OP_MBAR_EXPECT:
    case OP_MBAR_COMPLETE:
    case OP_MBAR_INVAL:
    case OP_CP_MBAR_ARRIVE:
    case OP_CP_MBAR_ARR_NI:
    case OP_BULK:
    case OP_BULK_TENSOR:
    case OP_BULK_COMMIT:
    case OP_BULK_WAIT:
    case OP_BULK_WAIT_RD:
    case OP_BULK_PREFETCH:
    case OP_WGMMA_FENCE:
    case OP_WGMMA_COMMIT:
    case OP_WGMMA_WAIT:
    case OP_SETMAXNREG:
        return false;
    default:
        return true;
    }
}

static int
ndests(const Inst *in)
{
    if (!writes_first(in->op))
        return 0;
    return (sim_op_table[in->op].flags & OF_PIPE) && in->op != OP_SHFL ? 2 : 1;
}

typedef void RegFn(void *ctx, uint32_t reg, bool dest);

static void
opd_regs(const Exec *x, const Opd *o, bool dest, RegFn *fn, void *ctx)
{
    if (o->kind == OPD_REG)
        fn(ctx, o->r, dest);
    else if (o->kind == OPD_ADDR && o->aux == ADDR_REG)
        fn(ctx, o->r, false);
    else if (o->kind == OPD_VEC)
        for (uint32_t i = 0; i < o->n; i++)
            opd_regs(x, &x->vecs[o->r + i], dest, fn, ctx);
}

static void
inst_regs(const Exec *x, const Inst *in, RegFn *fn, void *ctx)
{
    int nd = ndests(in);
    for (int i = 0; i < in->nopd; i++)
        opd_regs(x, &in->o[i], i < nd, fn, ctx);
    if (in->guard != NOREG)
        fn(ctx, in->guard, false);
}

/* f16 FMAs of an mma.sync (M*N*K scaled by the type's rate relative to f16) */
static double
mma_fmas(const Inst *in)
{
    double mnk;
    switch (in->shape) {
    case SH_M8N8:
        mnk = 8 * 8 * 4;
        break;
    case SH_M16N8K4:
        mnk = 16 * 8 * 4;
        break;
    case SH_M16N8K8:
        mnk = 16 * 8 * 8;
        break;
    case SH_M16N8K16:
        mnk = 16 * 8 * 16;
        break;
    case SH_M16N8K32:
        mnk = 16 * 8 * 32;
        break;
    case SH_M16N8K64: /* mma.sp, 8-bit */
        mnk = 16 * 8 * 64;
        break;
    case SH_M16N16K16: /* wmma */
    case SH_M32N8K16:
    case SH_M8N32K16:
        mnk = 16 * 16 * 16;
        break;
    case SH_M16N16K8:
        mnk = 16 * 16 * 8;
        break;
    default:
        mnk = 16 * 8 * 16;
        break;
    }
    double rate = 1;
    for (int i = 0; i < in->nty; i++) {
        int ty = in->ty[i];
        if (ty == TY_F64)
            rate = 16;
        else if (ty == TY_TF32 && rate < 2)
            rate = 2;
        else if ((ty == TY_S8 || ty == TY_U8) && rate == 1)
            rate = 0.5;
    }
    return mnk * rate;
}

static bool
is_tc2_mma(int op)
{
    return op >= OP_TC2_MMA_F16 && op <= OP_TC2_MMA_I8;
}

static PcInfo
classify(const TimingGpu *g, const Inst *in)
{
    PcInfo p = { TP_INT, K_ALU, 0, 0, 0, 1, 0 };
    switch (in->cls) {
    case SIM_CLASS_FP32:
        p.pipe = TP_FP32;
        break;
    case SIM_CLASS_FP16:
        p.pipe = TP_FP16;
        break;
    case SIM_CLASS_FP64:
        p.pipe = TP_FP64;
        break;
    case SIM_CLASS_SFU:
        p.pipe = TP_SFU;
        break;
    case SIM_CLASS_CVT:
        p.pipe = TP_CVT;
        break;
    case SIM_CLASS_CTRL:
        p.pipe = TP_BRANCH;
        break;
    case SIM_CLASS_WARP:
    case SIM_CLASS_LDMATRIX:
        p.pipe = TP_MIO;
        break;
    default:
        break;
    }
    if (in->op == OP_CVTA || (in->op == OP_CVT && type_info[in->ty[0]].bytes <= 4 &&
                              type_info[in->ty[in->nty > 1 ? 1 : 0]].kind != TK_FLOAT &&
                              type_info[in->ty[0]].kind != TK_FLOAT))
        p.pipe = TP_INT; /* integer widening/narrowing is an ALU move */
    p.lat = (uint16_t)g->lat[p.pipe];
    p.occ = 32.0f * 4 / (float)g->thr[p.pipe];
    if (p.pipe == TP_FP32) /* at the rate the pipe achieves under load */
        p.occ /= (float)g->fp32_eff;
    switch (in->op) {
    case OP_LD:
    case OP_LDU:
        p.pipe = TP_LSU;
        p.occ = 1;
        p.kind = in->space == SP_SHARED                           ? K_SLD
                 : in->space == SP_GLOBAL || in->space == SP_NONE ? K_GLD
                                                                  : K_LOCAL;
        p.lat = (uint16_t)(p.kind == K_SLD     ? g->lat_smem
                           : p.kind == K_LOCAL ? g->lat_l1
                                               : g->lat_l2);
        break;
    case OP_ST:
        p.pipe = TP_LSU;
        p.occ = 1;
        p.kind = K_GST;
        break;
    case OP_ATOM:
    case OP_RED:
        p.pipe = TP_LSU;
        p.occ = 1;
        p.kind = K_ATOM;
        p.lat = (uint16_t)(in->space == SP_SHARED ? g->lat_smem * 2 : g->lat_l2);
        break;
    case OP_CP_ASYNC:
        p.pipe = TP_LSU;
        p.occ = 1;
        p.kind = K_CPASYNC;
        p.lat = (uint16_t)g->lat_l2;
        break;
    case OP_CP_COMMIT:
        p.kind = K_CPCOMMIT;
        break;
    case OP_CP_WAIT:
    case OP_CP_WAITALL:
        p.kind = K_CPWAIT;
        break;
    case OP_BAR:
    case OP_BARRIER:
        p.kind = K_BAR;
        break;
    case OP_MMA: /* at the rate the pipe achieves under load (mma_eff) */
    case OP_MMA_SP:
    case OP_MMA_SP_ORD:
    case OP_WMMA_MMA:
        p.pipe = TP_TENSOR;
        /* mma.sp multiplies only A's kept half: the work of a dense mma of half the K */
        p.work = (float)(mma_fmas(in) / (in->op == OP_MMA_SP || in->op == OP_MMA_SP_ORD ? 2 : 1));
        p.occ = (float)(p.work * 4 / g->thr[TP_TENSOR] / g->mma_eff);
        p.lat = (uint16_t)(g->lat[TP_TENSOR] + p.occ);
        break;
    case OP_WGMMA: {
        double fmas = 64.0 * 8 * in->num * 16 / 4; /* this warp's quarter of m64nNk16 */
        unsigned rate = g->wgmma_fma_clk ? g->wgmma_fma_clk : g->thr[TP_TENSOR];
        p.pipe = TP_TENSOR;
        p.kind = K_WGMMA;
        p.work = (float)fmas;
        p.occ = (float)(fmas * 4 / rate / g->wgmma_eff);
        p.lat = (uint16_t)(g->lat[TP_TENSOR] + p.occ);
        break;
    }
    case OP_TC_MMA_F16: /* the shape is in a register: tm_step costs each one */
    case OP_TC_MMA_TF32:
    case OP_TC_MMA_F8F6F4:
    case OP_TC_MMA_I8:
    case OP_TC2_MMA_F16:
    case OP_TC2_MMA_TF32:
    case OP_TC2_MMA_F8F6F4:
    case OP_TC2_MMA_I8:
        p.pipe = TP_TENSOR;
        p.kind = K_WGMMA;
        p.lat = (uint16_t)g->lat[TP_TENSOR];
        break;
    case OP_WGMMA_COMMIT:
        p.kind = K_WGCOMMIT;
        break;
    case OP_TC_COMMIT:
    case OP_TC2_COMMIT:
        p.kind = K_TCCOMMIT;
        break;
    case OP_BAR_CL_ARRIVE:
        p.kind = K_CLARRIVE;
        break;
    case OP_BAR_CL_WAIT:
        p.kind = K_CLWAIT;
        break;
    case OP_WGMMA_WAIT:
        p.kind = K_WGWAIT;
        break;
    case OP_MBAR_TRY:
    case OP_MBAR_TRY_P:
    case OP_MBAR_TEST:
    case OP_MBAR_TEST_P:
        p.kind = K_MBARWAIT;
        break;
    case OP_BULK:
    case OP_BULK_TENSOR:
        p.pipe = TP_LSU;
        p.kind = K_BULK;
        p.lat = (uint16_t)g->lat_dram;
        break;
    case OP_PREFETCH:
    case OP_PREFETCHU:
    case OP_MEMBAR:
    case OP_FENCE:
        p.kind = K_NOP;
        break;
    default:
        break;
    }
    if (p.occ < 1)
        p.occ = 1;
    p.sass = 1;
    return p;
}

/* ---- what ptxas makes of the PTX ----
 *
 * The model charges machine (SASS) instructions, not PTX ones: ptxas folds, fuses and
 * drops much of what a PTX generator writes, and two PTX files that assemble to the
 * same SASS must cost the same.  From ptxas 11.8's sm_80 listings (nvdisasm) of the
 * bench kernels and of nvcc's PTX next to vptx's (docs/timing.md, "Machine-level
 * costs"), per function:
 *   - vanish (no issue, no latency: the result is its source under another name):
 *     mov of a register, an immediate or a symbol's address, vector pack/unpack,
 *     bit-casts; cvta.to.*; integer-to-integer cvt; ld.param of a kernel parameter
 *     (a constant-bank operand); not.pred (folded into the predicate's users); an
 *     add/sub of an immediate whose result is only ever an address ([R+imm]);
 *     a selp of two constants read only by a setp against 0 (the predicate itself);
 *   - fuse: a mul.wide read only by add.s64s vanishes into them (each an IMAD.WIDE); a
 *     shl.b64 by an immediate read only by add.s64s likewise (each a LEA + LEA.HI.X);
 *   - 64-bit integer add/sub/shift/logic/compare = two instructions (a low and a high
 *     half);
 *   - a conditional forward bra over at most PRED_MAX straight-line instructions becomes
 *     predication: no branch, and the instructions issue (predicated off) when it jumps.
 */
enum { PRED_MAX = 4 };

typedef struct {
    uint32_t def;    /* the defining pc, NOREG when defined more than once (or never) */
    uint32_t ndef;   /* definitions (at most 2 counted) */
    uint32_t nuse;   /* reads */
    bool addr_only;  /* every read is the base of a memory address */
    bool add64_only; /* every read is an operand of a 64-bit add */
} RegUse;

typedef struct {
    RegUse *u;
    uint32_t pc;
} UseCtx;

static void
opd_use(const Exec *x, const Opd *o, bool dest, bool addr, bool add64, UseCtx *c)
{
    if (o->kind == OPD_REG) {
        RegUse *u = &c->u[o->r];
        if (dest) {
            u->def = u->ndef++ ? NOREG : c->pc;
            return;
        }
        u->nuse++;
        u->addr_only &= addr;
        u->add64_only &= add64;
    } else if (o->kind == OPD_ADDR && o->aux == ADDR_REG)
        opd_use(x, &(Opd){ .kind = OPD_REG, .r = o->r }, false, true, false, c);
    else if (o->kind == OPD_VEC)
        for (uint32_t i = 0; i < o->n; i++)
            opd_use(x, &x->vecs[o->r + i], dest, addr, add64, c);
}

static bool
is_int_type(int ty)
{
    return type_info[ty].kind != TK_FLOAT && ty != TY_PRED;
}

/* The instruction, of opcode op, that alone defines the register operand o reads, when
 * every read of that register is an operand of a 64-bit add (add64) or it has one
 * read (!add64). */
static const Inst *
fusable_def(const Exec *x, const Func *f, const RegUse *u, const Opd *o, int op, bool add64)
{
    if (o->kind != OPD_REG || u[o->r].def == NOREG ||
        !(add64 ? u[o->r].add64_only : u[o->r].nuse == 1))
        return NULL;
    const Inst *d = &x->code[f->start + u[o->r].def];
    return d->op == op ? d : NULL;
}

static void
lower_func(const Exec *x, const Func *f, PcInfo *info)
{
    uint32_t n = f->end - f->start, nregs = f->nregs;
    RegUse *u = calloc(nregs ? nregs : 1, sizeof *u);
    bool *target = calloc(n + 1, sizeof *target);
    if (!u || !target) {
        free(u);
        free(target);
        return; /* out of memory: PTX instructions are costed one each */
    }
    for (uint32_t r = 0; r < nregs; r++)
        u[r] = (RegUse){ NOREG, 0, 0, true, true };
    UseCtx c = { u, 0 };
    for (uint32_t i = 0; i < n; i++) {
        const Inst *in = &x->code[f->start + i];
        c.pc = i;
        int nd = ndests(in);
        bool add64 = in->op == OP_ADD && in->nty && is_int_type(in->ty[0]) &&
                     type_info[in->ty[0]].bytes == 8;
        for (int k = 0; k < in->nopd; k++)
            opd_use(x, &in->o[k], k < nd, false, add64, &c);
        if (in->guard != NOREG)
            opd_use(x, &(Opd){ .kind = OPD_REG, .r = in->guard }, false, false, false, &c);
        if (in->op == OP_BRA && in->o[0].kind == OPD_LABEL && in->o[0].r >= f->start &&
            in->o[0].r - f->start <= n)
            target[in->o[0].r - f->start] = true;
    }
    for (uint32_t i = 0; i < n; i++) {
        const Inst *in = &x->code[f->start + i];
        PcInfo *p = &info[f->start + i];
        int ty = in->ty[0];
        bool wide64 = in->nty && is_int_type(ty) && type_info[ty].bytes == 8;
        switch (in->op) {
        case OP_MOV:
            if (in->o[1].kind != OPD_SREG)
                p->sass = 0;
            break;
        case OP_MOVPACK:
        case OP_MOVUNPACK:
            p->sass = 0;
            break;
        case OP_CVTA:
            if (in->flags & F_TO)
                p->sass = 0;
            break;
        case OP_CVT:
            if (in->nopd == 2 && is_int_type(in->ty[0]) && is_int_type(in->ty[1]))
                p->sass = 0;
            break;
        case OP_LD:
            if (in->space == SP_PARAM && f->entry)
                p->sass = 0;
            break;
        case OP_NOT:
            if (ty == TY_PRED)
                p->sass = 0;
            break;
        case OP_ADD:
        case OP_SUB: {
            if (!is_int_type(ty))
                break;
            bool imm = in->o[1].kind == OPD_IMM || in->o[2].kind == OPD_IMM;
            if (imm && in->o[0].kind == OPD_REG && u[in->o[0].r].addr_only && u[in->o[0].r].nuse) {
                p->sass = 0;
                break;
            }
            if (!wide64)
                break;
            p->sass = 2;
            for (int k = 1; k <= 2 && in->op == OP_ADD; k++) {
                const Inst *d = fusable_def(x, f, u, &in->o[k], OP_MUL, true);
                if (d && (d->flags & F_WIDE)) {
                    info[u[in->o[k].r].def + f->start].sass = 0;
                    p->sass = 1; /* IMAD.WIDE */
                    break;
                }
                d = fusable_def(x, f, u, &in->o[k], OP_SHL, true);
                if (d && d->o[2].kind == OPD_IMM) {
                    info[u[in->o[k].r].def + f->start].sass = 0; /* LEA + LEA.HI.X */
                    break;
                }
            }
            break;
        }
        case OP_SHL:
        case OP_SHR:
        case OP_AND:
        case OP_OR:
        case OP_XOR:
            if (wide64 && p->sass)
                p->sass = 2;
            break;
        case OP_SETP: {
            int st = in->nty > 1 ? in->ty[1] : ty;
            if (is_int_type(st) && type_info[st].bytes == 8)
                p->sass = 2;
            /* setp.ne/eq of a selp of two constants against 0: the selp's predicate */
            const Opd *a = &in->o[in->nopd - 2], *b = &in->o[in->nopd - 1];
            const Opd *r = a->kind == OPD_REG ? a : b, *z = a->kind == OPD_REG ? b : a;
            const Inst *d = fusable_def(x, f, u, r, OP_SELP, false);
            if (d && z->kind == OPD_IMM && z->imm == 0 && in->nopd == 3 &&
                (in->cmp == CMP_NE || in->cmp == CMP_EQ) && d->o[1].kind == OPD_IMM &&
                d->o[2].kind == OPD_IMM) {
                info[u[r->r].def + f->start].sass = 0;
                p->sass = 0;
            }
            break;
        }
        case OP_BRA: {
            if (in->guard == NOREG || in->o[0].kind != OPD_LABEL || in->o[0].r <= f->start + i)
                break;
            uint32_t k = in->o[0].r - (f->start + i) - 1;
            if (k == 0 || k > PRED_MAX)
                break;
            bool straight = true;
            for (uint32_t j = i + 1; j <= i + k && straight; j++) {
                int op = x->code[f->start + j].op;
                straight = !target[j] && x->code[f->start + j].guard == NOREG && op != OP_BRA &&
                           op != OP_CALL && op != OP_RET && op != OP_EXIT && op != OP_BAR &&
                           op != OP_BARRIER;
            }
            if (straight) {
                p->sass = 0;
                p->pred_skip = (uint8_t)k;
            }
            break;
        }
        default:
            break;
        }
    }
    free(u);
    free(target);
}

/* ---- register estimate (when ptxas -v is not given) ---- */

typedef struct {
    uint32_t *first, *last;
    uint32_t pc;
} Ranges;

static void
range_add(void *ctx, uint32_t reg, bool dest)
{
    (void)dest;
    Ranges *r = ctx;
    if (r->first[reg] == NOREG)
        r->first[reg] = r->pc;
    r->last[reg] = r->pc;
}

/* Largest number of 32-bit registers live at once, from each register's first and last
 * mention in program order, stretched over the loops (backward branches) they meet. */
static unsigned
estimate_regs(const Exec *x)
{
    const Func *f = x->entry;
    uint32_t n = f->nregs;
    if (!n)
        return 16;
    Ranges r = { malloc(n * sizeof(uint32_t)), malloc(n * sizeof(uint32_t)), 0 };
    int32_t *delta = calloc((size_t)(f->end - f->start) + 2, sizeof *delta);
    if (!r.first || !r.last || !delta) {
        free(r.first);
        free(r.last);
        free(delta);
        return 32;
    }
    memset(r.first, 0xff, n * sizeof(uint32_t));
    for (uint32_t pc = f->start; pc < f->end; pc++) {
        r.pc = pc - f->start;
        inst_regs(x, &x->code[pc], range_add, &r);
    }
    for (uint32_t pc = f->start; pc < f->end; pc++) {
        const Inst *in = &x->code[pc];
        if (in->op != OP_BRA || in->o[0].r >= pc)
            continue;
        uint32_t lo = in->o[0].r - f->start, hi = pc - f->start;
        for (uint32_t k = 0; k < n; k++)
            if (r.first[k] != NOREG && r.first[k] < lo && r.last[k] >= lo && r.last[k] < hi)
                r.last[k] = hi; /* live into the loop: live through it */
    }
    for (uint32_t k = 0; k < n; k++) {
        if (r.first[k] == NOREG)
            continue;
        int ty = f->regty ? f->regty[k] : TY_B32;
        int w = ty == TY_PRED ? 0 : type_info[ty].bytes > 4 ? 2 : 1;
        delta[r.first[k]] += w;
        delta[r.last[k] + 1] -= w;
    }
    int live = 0, most = 0;
    for (uint32_t i = 0; i <= f->end - f->start; i++) {
        live += delta[i];
        if (live > most)
            most = live;
    }
    free(r.first);
    free(r.last);
    free(delta);
    unsigned regs = (unsigned)most + 4; /* ptxas keeps a few for addresses and the stack */
    regs = (regs + 7) / 8 * 8;
    return regs < 16 ? 16 : regs > 255 ? 255 : regs;
}

/* ---- per launch ---- */

Timing *
tm_begin(Exec *x, const TimingGpu *g)
{
    Timing *tm = calloc(1, sizeof *tm);
    if (!tm)
        return NULL;
    tm->g = g;
    tm->atom.vsize = sizeof(uint32_t); /* accesses per address */
    tm->share.vsize = sizeof(Share);
    tm->nwarps = x->nwarps;
    tm->nregs = x->entry->nregs ? x->entry->nregs : 1;
    tm->pc = malloc((size_t)x->m->ncode * sizeof *tm->pc + 1);
    tm->c.w = calloc(x->nwarps, sizeof *tm->c.w);
    tm->c.ready = calloc((size_t)x->nwarps * tm->nregs, sizeof *tm->c.ready);
    tm->nlines = x->m->maxline + 2;
    tm->lines = calloc(tm->nlines, sizeof *tm->lines);
    if (!tm->pc || !tm->c.w || !tm->c.ready || !tm->lines) {
        tm_free(tm);
        return NULL;
    }
    for (uint32_t pc = 0; pc < x->m->ncode; pc++)
        tm->pc[pc] = classify(g, &x->code[pc]);
    for (uint32_t i = 0; i < x->m->nfuncs; i++)
        if (x->m->funcs[i].defined)
            lower_func(x, &x->m->funcs[i], tm->pc);
    for (uint32_t w = 0; w < x->nwarps; w++)
        tm->c.w[w].ready = tm->c.ready + (size_t)w * tm->nregs;
    tm->ctas_total = (uint64_t)x->grid[0] * x->grid[1] * x->grid[2];
    uint64_t sample = x->ctx->opt_timing_sample;
    tm->sampled = sample && tm->ctas_total > sample;
    tm->regs = x->ctx->opt_timing_regs;
    tm->regs_estimated = tm->regs == 0;
    if (!tm->regs)
        tm->regs = estimate_regs(x);
    return tm;
}

static void
cta_free(TmCta *c)
{
    free(c->w);
    free(c->ready);
    for (int s = 0; s < 4; s++)
        free(c->tbusy[s].span);
    set_free(&c->l1);
}

/* A co-scheduled cluster of ncl CTAs (exec.c's launch_clusters): a CTA state for each of
 * them, the current one rank 0's.  False when out of memory. */
bool
tm_cluster_begin(Exec *x, uint32_t ncl)
{
    Timing *tm = x->tm;
    tm->cl = calloc(ncl, sizeof *tm->cl);
    if (!tm->cl)
        return false;
    tm->ncl = ncl;
    tm->cl_cur = 0;
    for (uint32_t r = 1; r < ncl; r++) {
        TmCta *c = &tm->cl[r];
        c->w = calloc(tm->nwarps, sizeof *c->w);
        c->ready = calloc((size_t)tm->nwarps * tm->nregs, sizeof *c->ready);
        if (!c->w || !c->ready)
            return false;
        for (uint32_t w = 0; w < tm->nwarps; w++)
            c->w[w].ready = c->ready + (size_t)w * tm->nregs;
    }
    return true;
}

/* The cluster's CTA of rank r is the one timed from now on (its warps run next) */
void
tm_cluster_use(Exec *x, uint32_t r)
{
    Timing *tm = x->tm;
    if (r == tm->cl_cur || r >= tm->ncl)
        return;
    tm->cl[tm->cl_cur] = tm->c;
    tm->c = tm->cl[r];
    tm->cl_cur = r;
}

/* The state of the cluster's CTA of rank r (the current CTA's outside a cluster) */
static TmCta *
cta_at(Timing *tm, uint32_t r)
{
    return !tm->cl || r == tm->cl_cur || r >= tm->ncl ? &tm->c : &tm->cl[r];
}

void
tm_free(Timing *tm)
{
    if (!tm)
        return;
    free(tm->pc);
    free(tm->lines);
    cta_free(&tm->c);
    for (uint32_t r = 0; r < tm->ncl; r++)
        if (r != tm->cl_cur)
            cta_free(&tm->cl[r]);
    free(tm->cl);
    set_free(&tm->l2);
    set_free(&tm->atom);
    set_free(&tm->share);
    set_free(&tm->wr);
    free(tm);
}

/* A sample of K CTAs is taken as runs of SAMPLE_RUN consecutive CTAs (neighbours share
 * data through L1/L2 as on the GPU, where they run at the same time) spread evenly over
 * the grid (so that CTAs whose work depends on their position are represented). */
#define SAMPLE_RUN 16

static uint64_t
run_start(uint64_t r, uint64_t gap, uint64_t gx)
{
    uint64_t at = r * gap;
    /* every run starts a row where runs cannot overlap: then the runs cover the same
     * columns of different rows, and data shared down a column shows (share_dram) */
    return gap >= gx + SAMPLE_RUN ? at / gx * gx : at;
}

uint64_t
tm_next_sampled_cta(const Exec *x, uint64_t linear)
{
    const Timing *tm = x->tm;
    if (!tm || !tm->sampled)
        return linear;
    uint64_t k = x->ctx->opt_timing_sample, runs = (k + SAMPLE_RUN - 1) / SAMPLE_RUN;
    uint64_t gap = tm->ctas_total / runs;
    /* runs start in order, and run r ends at or before (r + 1) * gap: the first run that
       ends past `linear` is at linear / gap or after */
    for (uint64_t run = linear / gap; run < runs; run++) {
        uint64_t len = run + 1 < runs ? SAMPLE_RUN : k - (runs - 1) * SAMPLE_RUN;
        uint64_t at = run_start(run, gap, x->grid[0]);
        if (linear < at + len)
            return linear > at ? linear : at;
    }
    return UINT64_MAX;
}

/*
 * The first `len` free cycles of scheduler s's tensor pipe at or after t; they are taken.
 * Two warps on one scheduler (warps w and w + 4, or two warpgroups) share its tensor
 * core: an mma.sync or a warp's quarter of a wgmma starts when the pipe is free.  With
 * no memory to grow the list the operation is placed at t (no contention counted).
 */
static uint64_t
tensor_reserve(TmCta *cta, int s, uint64_t t, uint64_t len)
{
    if (len == 0)
        return t;
    uint64_t(*v)[2] = cta->tbusy[s].span;
    uint32_t n = cta->tbusy[s].n, lo = 0, hi = n;
    while (lo < hi) { /* the first span ending after t */
        uint32_t mid = lo + (hi - lo) / 2;
        if (v[mid][1] <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    uint64_t c = t;
    uint32_t i = lo;
    while (i < n && v[i][0] < c + len) {
        c = c > v[i][1] ? c : v[i][1];
        i++;
    }
    /* [c, c + len) lies between span i - 1 (ending at or before c) and span i */
    bool join_prev = i > 0 && v[i - 1][1] == c, join_next = i < n && v[i][0] == c + len;
    if (join_prev && join_next) {
        v[i - 1][1] = v[i][1];
        memmove(&v[i], &v[i + 1], (size_t)(n - i - 1) * sizeof *v);
        cta->tbusy[s].n--;
    } else if (join_prev)
        v[i - 1][1] = c + len;
    else if (join_next)
        v[i][0] = c;
    else {
        if (n == cta->tbusy[s].cap) {
            uint32_t cap = n ? 2 * n : 64;
            uint64_t(*nv)[2] = realloc(v, (size_t)cap * sizeof *nv);
            if (!nv)
                return t;
            cta->tbusy[s].span = v = nv;
            cta->tbusy[s].cap = cap;
        }
        memmove(&v[i + 1], &v[i], (size_t)(n - i) * sizeof *v);
        v[i][0] = c;
        v[i][1] = c + len;
        cta->tbusy[s].n++;
    }
    return c;
}

void
tm_cta_begin(Exec *x)
{
    Timing *tm = x->tm;
    tm->c.cta_x = x->ctaid[0];
    tm->c.cta_y = x->ctaid[1] + x->grid[1] * x->ctaid[2];
    tm->c.cta_lin = (uint32_t)(tm->c.cta_x + (uint64_t)x->grid[0] * tm->c.cta_y);
    memset(tm->c.ready, 0, (size_t)tm->nwarps * tm->nregs * sizeof *tm->c.ready);
    for (uint32_t w = 0; w < tm->nwarps; w++) {
        uint64_t *r = tm->c.w[w].ready;
        memset(&tm->c.w[w], 0, sizeof tm->c.w[w]);
        tm->c.w[w].ready = r;
    }
    memset(tm->c.bar_max, 0, sizeof tm->c.bar_max);
    for (int s = 0; s < 4; s++)
        tm->c.tbusy[s].n = 0;
    memset(tm->c.issue, 0, sizeof tm->c.issue);
    memset(tm->c.pipe, 0, sizeof tm->c.pipe);
    tm->c.smem_wf = tm->c.bar_stall = 0;
    tm->c.l1_sectors = 0;
    tm->c.traffic = false;
    tm->c.async_max = 0;
    tm->c.nmbar = 0;
    tm->c.bulk_bytes = 0;
    tm->c.bulk_has_mbar = false;
    tm->c.bulk_last = UINT64_MAX;
    set_clear(&tm->c.l1);
}

void
tm_cta_end(Exec *x)
{
    Timing *tm = x->tm;
    uint64_t lat = 0;
    double warp_time = 0;
    for (uint32_t w = 0; w < tm->nwarps; w++) {
        if (tm->c.w[w].clock > lat)
            lat = tm->c.w[w].clock;
        warp_time += (double)tm->c.w[w].clock;
    }
    tm->ctas_timed++;
    /* light as exec.c's probe would find it: every warp exits at once, and the CTA moves
       no data (a CTA past the edge of the problem); a short CTA that loads or stores is
       work like any other */
    bool light = !tm->c.traffic;
    for (uint32_t w = 0; w < tm->nwarps && light; w++)
        light = tm->c.w[w].steps <= PROBE_SLICE;
    tm->light_timed += light;
    CtaSums *S = light ? &tm->light : &tm->heavy;
    S->lat += (double)lat;
    S->warp_time += warp_time;
    S->bar += tm->c.bar_stall;
    S->smem += tm->c.smem_wf + (double)tm->c.l1_sectors / 4; /* 4 sectors a wavefront */
    double mi = 0;
    for (int s = 0; s < 4; s++) {
        S->issue += tm->c.issue[s];
        mi = tm->c.issue[s] > mi ? tm->c.issue[s] : mi;
    }
    S->sched_issue += mi;
    for (int p = 0; p < TP_COUNT; p++) {
        double mp = 0;
        for (int s = 0; s < 4; s++) {
            S->pipe[p] += tm->c.pipe[s][p];
            mp = tm->c.pipe[s][p] > mp ? tm->c.pipe[s][p] : mp;
        }
        S->sched_pipe[p] += mp;
    }
}

/* Every CTA a sample leaves out is probed when there are at most PROBE_ALL of them: the
 * light count is then exact, as a wave's worth of CTAs more or less would show in the
 * time.  Beyond (each probe costs a CTA's set-up), about PROBE_MAX of them are: one in
 * each stretch of `stride` CTAs, at an offset picked by a hash of the stretch's number
 * (so that no stride of the grid's own, such as a row's padding at its end, lines up
 * with the probes, and the next probe is found without visiting the CTAs between). */
enum { PROBE_ALL = 16384, PROBE_MAX = 4096 };

static uint64_t
probe_stride(const Timing *tm, uint64_t sample)
{
    uint64_t left = tm->ctas_total - sample;
    return left <= PROBE_ALL ? 1 : (left + PROBE_MAX - 1) / PROBE_MAX;
}

uint64_t
tm_next_probed_cta(const Exec *x, uint64_t linear)
{
    const Timing *tm = x->tm;
    if (!tm || !tm->sampled || linear >= tm->ctas_total)
        return UINT64_MAX;
    uint64_t stride = probe_stride(tm, x->ctx->opt_timing_sample);
    if (stride == 1)
        return linear;
    for (uint64_t j = linear / stride;; j++) {
        uint64_t at = j * stride + mix(j + 0x9e3779b97f4a7c15ull) % stride;
        if (at >= tm->ctas_total)
            return UINT64_MAX;
        if (at >= linear)
            return at;
    }
}

void
tm_probed_cta(Exec *x, bool light)
{
    x->tm->probed++;
    x->tm->light_left += light;
}

typedef struct {
    WarpT *w;
    uint64_t t;
} ReadyCtx;

static void
src_ready(void *ctx, uint32_t reg, bool dest)
{
    ReadyCtx *c = ctx;
    if (!dest && c->w->ready[reg] > c->t)
        c->t = c->w->ready[reg];
}

static void
dst_ready(void *ctx, uint32_t reg, bool dest)
{
    ReadyCtx *c = ctx;
    if (dest)
        c->w->ready[reg] = c->t;
}

static uint64_t
max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* the groups older than the newest n complete: the latest of them */
static uint64_t
groups_wait(uint64_t *done, uint32_t *count, uint32_t n)
{
    uint64_t t = 0;
    while (*count > n) {
        t = max_u64(t, done[0]);
        memmove(done, done + 1, (*count - 1) * sizeof *done);
        (*count)--;
    }
    return t;
}

static void
groups_push(uint64_t *done, uint32_t *count, uint64_t t)
{
    if (*count == 16) {
        done[1] = max_u64(done[0], done[1]);
        memmove(done, done + 1, 15 * sizeof *done);
        (*count)--;
    }
    done[(*count)++] = t;
}

/* The groups, copies and mbarrier phases instruction `in` (kind) of warp waits for: the
   time it may issue, from t */
static uint64_t
wait_groups(Exec *x, uint32_t warp, uint32_t mask, const Inst *in, int kind, uint64_t t)
{
    Timing *tm = x->tm;
    WarpT *W = &tm->c.w[warp];
    switch (kind) {
    case K_CPWAIT:
        t = max_u64(t, W->cp_open && in->op == OP_CP_WAITALL ? W->cp_open : 0);
        t = max_u64(
            t, groups_wait(W->cp_done, &W->ncp, in->op == OP_CP_WAIT ? (uint32_t)in->o[0].imm : 0));
        if (in->op == OP_CP_WAITALL)
            W->cp_open = 0;
        break;
    case K_WGWAIT:
        t = max_u64(t, groups_wait(W->wg_done, &W->nwg, (uint32_t)in->o[0].imm));
        break;
    case K_CLWAIT: { /* the latest arrival of its phase, in any CTA of the cluster */
        const Thread *lead = &x->th[(size_t)warp * WARP_SIZE + (uint32_t)__builtin_ctz(mask)];
        t = max_u64(t, tm->clb_max[lead->cl_phase & 1] + tm->g->lat_bar);
        break;
    }
    case K_MBARWAIT: { /* the bulk copies that complete on this mbarrier */
        const Thread *lead = &x->th[(size_t)warp * WARP_SIZE + (uint32_t)__builtin_ctz(mask)];
        uint64_t a = addr_of(x, lead, &in->o[1]);
        if (in->space == SP_NONE)
            generic_space(&a);
        for (uint32_t i = 0; i < tm->c.nmbar; i++)
            if (tm->c.mbar[i].off == (uint32_t)a)
                t = max_u64(t, tm->c.mbar[i].done);
        break;
    }
    default:
        break;
    }
    return t;
}

/* The mbarrier at shared offset off completes no earlier than t (its slot is made on first
   use; past the 16 slots an mbarrier is not tracked) */
static void
mbar_completes(TmCta *c, uint32_t off, uint64_t t)
{
    uint32_t i = 0;
    while (i < c->nmbar && c->mbar[i].off != off)
        i++;
    if (i == c->nmbar && c->nmbar < 16) {
        c->mbar[c->nmbar].off = off;
        c->mbar[c->nmbar++].done = 0;
    }
    if (i < c->nmbar)
        c->mbar[i].done = max_u64(c->mbar[i].done, t);
}

/* The mbarrier at offset off in each CTA of a cluster mask (bit r: rank r; 0: the
   current CTA's own) completes no earlier than t */
static void
mbar_completes_in(Timing *tm, uint32_t mask, uint32_t off, uint64_t t)
{
    if (!mask || !tm->cl) {
        mbar_completes(&tm->c, off, t);
        return;
    }
    for (uint32_t r = 0; r < tm->ncl; r++)
        if (mask >> r & 1)
            mbar_completes(cta_at(tm, r), off, t);
}

/* A bulk copy issued, its latency ending at t_lat: DRAM latency, then the bytes at this
   SM's share of the L2 bandwidth; the mbarrier it completes on (a multicast copy's: in
   each CTA it fills, its bytes read from L2 once) */
static void
bulk_issued(Timing *tm, uint64_t t_lat)
{
    const TimingGpu *g = tm->g;
    uint64_t done = t_lat + (uint64_t)((double)tm->c.bulk_bytes * g->sms / g->l2_bytes_clk);
    tm->c.async_max = max_u64(tm->c.async_max, done);
    if (tm->c.bulk_has_mbar)
        mbar_completes_in(tm, tm->c.bulk_mask, tm->c.bulk_mbar, done);
    tm->c.bulk_bytes = 0;
    tm->c.bulk_has_mbar = false;
    tm->c.bulk_mask = 0;
}

/* bar.sync, bar.arrive or barrier `in` issued by warp */
static void
bar_issued(Exec *x, uint32_t warp, uint32_t mask, const Inst *in)
{
    Timing *tm = x->tm;
    WarpT *W = &tm->c.w[warp];
    const Thread *lead = &x->th[(size_t)warp * WARP_SIZE + (uint32_t)__builtin_ctz(mask)];
    uint32_t id = (uint32_t)opd_read(x, lead, &in->o[in->slot == 2 ? 1 : 0]) % NBARRIERS;
    if (in->slot == 1) {
        /* bar.arrive: no wait, but the barrier completes no earlier than this arrival;
           warps it releases read bar_max at their next instruction (tm_step) */
        tm->c.bar_max[id] = max_u64(tm->c.bar_max[id], W->clock);
        return;
    }
    W->bar_arrive = W->clock;
    tm->c.bar_max[id] = max_u64(tm->c.bar_max[id], W->clock);
    if (lead->state == ST_BAR) {
        W->bar_wait = id + 1;
        return;
    }
    /* completed by this warp's arrival: everyone waiting leaves together */
    uint64_t leave = tm->c.bar_max[id] + tm->g->lat_bar;
    for (uint32_t v = 0; v < tm->nwarps; v++) {
        WarpT *V = &tm->c.w[v];
        if (V != W && V->bar_wait != id + 1)
            continue;
        tm->c.bar_stall += (double)(leave - V->bar_arrive);
        V->clock = max_u64(V->clock, leave);
        V->bar_wait = 0;
    }
    tm->c.bar_max[id] = 0;
}

static double peak_fma_clk(const TimingGpu *g);

/* tcgen05.mma: one thread drives the SM's tensor cores, asynchronously; its M x N x K
   (exec_sm100.c: x->tc_fmas) at the part's dense rate for the kind, in f16 FMAs: tf32 at
   half of it, fp8 and i8 at twice [DS-B200].  pi's costs with that work, in *tc */
static bool
is_tc_mma(int op)
{
    return (op >= OP_TC_MMA_F16 && op <= OP_TC_MMA_I8) || is_tc2_mma(op);
}

static const PcInfo *
tc_mma_cost(const Exec *x, const Inst *in, const PcInfo *pi, PcInfo *tc)
{
    const TimingGpu *g = x->tm->g;
    int op = in->op;
    double f16 = x->tc_fmas * (op == OP_TC_MMA_TF32 || op == OP_TC2_MMA_TF32 ? 2.0
                               : op == OP_TC_MMA_F16 || op == OP_TC2_MMA_F16 ? 1.0
                                                                             : 0.5);
    *tc = *pi;
    tc->work = (float)f16;
    /* a CTA pair's mma (M = 256): each SM's tensor cores compute their CTA's 128 rows */
    tc->occ = (float)(f16 / (is_tc2_mma(op) ? 2 : 1) / peak_fma_clk(g) / g->wgmma_eff);
    tc->lat = (uint16_t)(g->lat[TP_TENSOR] + tc->occ);
    return tc;
}

/* A pair's mma of occ cycles a SM issued at t on scheduler s: the same cycles of the peer
   CTA's (rank ^ 1) tensor pipe; its latency from t on the peer */
static uint64_t
tc2_peer_reserve(Timing *tm, int s, uint64_t t, float occ)
{
    if (!tm->cl || tm->ncl < 2)
        return 0;
    TmCta *peer = cta_at(tm, tm->cl_cur ^ 1);
    peer->pipe[s][TP_TENSOR] += occ;
    return tensor_reserve(peer, s, t, (uint64_t)(occ + 0.5f)) - t + tm->g->lat[TP_TENSOR] +
           (uint64_t)(occ + 0.5f);
}

/* tcgen05.commit: a wait on its mbarrier waits for the modeled end of the warp's mmas (a
   multicast commit: on the mbarrier at that offset in every CTA of its mask) */
static void
tc_commit_issued(Exec *x, uint32_t warp, uint32_t mask, const Inst *in)
{
    Timing *tm = x->tm;
    const Thread *lead = &x->th[(size_t)warp * WARP_SIZE + (uint32_t)__builtin_ctz(mask)];
    uint64_t a = addr_of(x, lead, &in->o[0]);
    if (in->space == SP_NONE)
        generic_space(&a);
    uint32_t cmask = 0;
    if (in->sub == SUB_MCAST_CLUSTER && in->nopd == 2)
        cmask = (uint32_t)opd_read(x, lead, &in->o[1]) & 0xffff;
    mbar_completes_in(tm, cmask, (uint32_t)a, tm->c.w[warp].wg_open);
}

void
tm_step(Exec *x, uint32_t warp, uint32_t pc, uint32_t mask)
{
    Timing *tm = x->tm;
    const TimingGpu *g = tm->g;
    const Inst *in = &x->code[pc];
    const PcInfo *pi = &tm->pc[pc];
    WarpT *W = &tm->c.w[warp];
    PcInfo tc;
    if (is_tc_mma(in->op))
        pi = tc_mma_cost(x, in, pi, &tc);
    uint64_t start = W->clock;
    int s = (int)(warp & 3);
    W->steps++;
    if (W->pred_skip) { /* the bra before jumped: its instructions issued predicated off */
        if (pc == W->pred_target) {
            W->clock += W->pred_skip;
            tm->c.issue[s] += W->pred_skip;
        }
        W->pred_skip = 0;
    }
    if (pi->sass == 0) { /* ptxas drops it: the result is its sources, renamed */
        ReadyCtx ac = { W, 0 };
        inst_regs(x, in, src_ready, &ac);
        if (ndests(in))
            inst_regs(x, in, dst_ready, &ac);
        if (pi->pred_skip) {
            W->pred_target = in->o[0].r;
            W->pred_skip = pi->pred_skip;
        }
        W->req_seen = false;
        return;
    }
    ReadyCtx rc = { W, W->clock };
    inst_regs(x, in, src_ready, &rc);
    /* wgmma is asynchronous: it is queued for the tensor pipe (tensor_reserve below)
     * without holding the warp's issue for its tensor time */
    uint64_t t = pi->kind == K_WGMMA ? rc.t : max_u64(rc.t, W->pipe_free[pi->pipe]);
    if (W->bar_wait) { /* released by an exit, not by our own arrival */
        t = max_u64(t, tm->c.bar_max[W->bar_wait - 1] + g->lat_bar);
        W->bar_wait = 0;
    }
    t = wait_groups(x, warp, mask, in, pi->kind, t);
    tm->c.issue[s] += pi->sass;
    tm->c.pipe[s][pi->pipe] += pi->occ * pi->sass;
    if (pi->kind != K_WGMMA)
        W->pipe_free[pi->pipe] = t + (uint64_t)(pi->occ * pi->sass + 0.5f);
    W->clock = t + pi->sass;
    uint64_t lat = pi->lat;
    if (pi->kind == K_GLD || pi->kind == K_SLD || pi->kind == K_CPASYNC) {
        if (W->req_seen)
            lat = W->req_lat;
    }
    W->req_seen = false;
    if (pi->pipe == TP_TENSOR) /* the result waits for the scheduler's tensor core */
        lat += tensor_reserve(&tm->c, s, t, (uint64_t)(pi->occ + 0.5f)) - t;
    if (is_tc2_mma(in->op)) /* the peer SM's tensor cores take the other half of M */
        lat = max_u64(lat, tc2_peer_reserve(tm, s, t, pi->occ));
    uint32_t lanes = (uint32_t)__builtin_popcount(mask);
    if (pi->pipe == TP_FP32)
        tm->fp32_lanes += lanes * (in->op == OP_FMA || in->op == OP_MAD ? 2 : 1);
    if (pi->pipe == TP_TENSOR) {
        tm->tensor_cycles += pi->occ;
        tm->tensor_fmas += pi->work;
        if (pi->kind == K_WGMMA)
            tm->wgmma_fmas += pi->work;
    }
    if (in->op == OP_EX2)
        tm->ex2_lanes += lanes;
    switch (pi->kind) {
    case K_CPASYNC:
        W->cp_open = max_u64(W->cp_open, t + lat);
        break;
    case K_CPCOMMIT:
        groups_push(W->cp_done, &W->ncp, W->cp_open);
        W->cp_open = 0;
        break;
    case K_WGMMA:
        W->wg_open = max_u64(W->wg_open, t + lat);
        break;
    case K_WGCOMMIT:
        groups_push(W->wg_done, &W->nwg, W->wg_open);
        W->wg_open = 0;
        break;
    case K_TCCOMMIT:
        tc_commit_issued(x, warp, mask, in);
        break;
    case K_CLARRIVE: { /* a phase's arrivals only come after every wait of the phase two
                          before it, so the later of the two parities' maxima is this one's */
        const Thread *lead = &x->th[(size_t)warp * WARP_SIZE + (uint32_t)__builtin_ctz(mask)];
        tm->clb_max[lead->cl_phase & 1] = max_u64(tm->clb_max[lead->cl_phase & 1], t);
        break;
    }
    case K_BULK:
        bulk_issued(tm, t + lat);
        break;
    case K_BAR:
        bar_issued(x, warp, mask, in);
        break;
    default:
        break;
    }
    if (ndests(in)) {
        ReadyCtx dc = { W, t + lat };
        inst_regs(x, in, dst_ready, &dc);
    }
    if (in->line < tm->nlines)
        tm->lines[in->line] += W->clock - start;
}

/* A global sector stored: DRAM writes it back once (distinct sectors; the L2 holds it
 * for the loads after). */
static void
store_sector(Timing *tm, uint64_t sec)
{
    bool fresh;
    set_capacity(&tm->wr, (uint64_t)tm->g->l2_mb << 20);
    if (set_find(&tm->wr, sec, &fresh) != SIZE_MAX && fresh)
        tm->dram_wr_sectors++;
    set_find(&tm->l2, sec, &fresh);
}

void
tm_request(Exec *x, uint32_t warp, int kind, const uint64_t *sec, uint32_t nsec,
           uint32_t wavefronts)
{
    Timing *tm = x->tm;
    const TimingGpu *g = tm->g;
    WarpT *W = &tm->c.w[warp];
    int s = (int)(warp & 3);
    tm->c.traffic = true;
    if (kind == REQ_SLD || kind == REQ_SST) {
        tm->c.smem_wf += wavefronts;
        W->req_lat = g->lat_smem + (wavefronts ? wavefronts - 1 : 0);
        W->req_seen = true;
        return;
    }
    bool load = kind == REQ_GLD, l1_miss = false, dram = false;
    /* the L1 share left to this CTA: the SM's L1/shared storage less its shared memory */
    uint64_t l1 = ((uint64_t)g->l1_kb << 10) > x->shared_size
                      ? ((uint64_t)g->l1_kb << 10) - x->shared_size
                      : 0;
    set_capacity(&tm->c.l1, l1);
    uint32_t lines = 0;
    uint64_t last_line = UINT64_MAX;
    for (uint32_t i = 0; i < nsec; i++) {
        bool fresh;
        if (sec[i] / 4 != last_line) {
            lines++;
            last_line = sec[i] / 4;
        }
        if (load) {
            if (set_find(&tm->c.l1, sec[i], &fresh) == SIZE_MAX || !fresh)
                continue; /* L1 hit (or no memory to track: counted as a hit) */
        }
        l1_miss = true;
        tm->l2_sectors++;
        set_capacity(&tm->l2, (uint64_t)g->l2_mb << 20);
        if (!load) { /* a store: the sector goes back to DRAM once, later */
            store_sector(tm, sec[i]);
            continue;
        }
        share_touch(tm, sec[i]);
        if (set_find(&tm->l2, sec[i], &fresh) != SIZE_MAX && fresh) {
            tm->dram_sectors++;
            dram = true;
        }
    }
    tm->c.pipe[s][TP_LSU] += lines > 1 ? lines - 1 : 0;
    tm->c.l1_sectors += nsec;
    W->req_lat = (dram ? g->lat_dram : l1_miss ? g->lat_l2 : g->lat_l1) + (lines ? lines - 1 : 0);
    W->req_seen = true;
}

void
tm_bulk(Exec *x, uint64_t gaddr, uint32_t bytes, bool store)
{
    Timing *tm = x->tm;
    tm->c.traffic = true;
    tm->c.bulk_bytes += bytes;
    for (uint64_t s = gaddr / 32; s <= (gaddr + bytes - 1) / 32; s++) {
        if (s == tm->c.bulk_last)
            continue;
        tm->c.bulk_last = s;
        bool fresh;
        tm->l2_sectors++;
        if (store) {
            store_sector(tm, s);
            continue;
        }
        share_touch(tm, s);
        if (set_find(&tm->l2, s, &fresh) != SIZE_MAX && fresh)
            tm->dram_sectors++;
    }
}

/* The bulk copy being executed is a multicast one: its mbarrier is at the same offset in
   every CTA of the cluster mask (the copy's bytes were counted once, for its source) */
void
tm_bulk_mcast(Exec *x, uint32_t mask)
{
    x->tm->c.bulk_mask = mask;
}

void
tm_bulk_mbar(Exec *x, uint32_t off)
{
    x->tm->c.bulk_mbar = off;
    x->tm->c.bulk_has_mbar = true;
}

void
tm_atomic(Exec *x, uint64_t addr, bool global)
{
    Timing *tm = x->tm;
    tm->c.traffic = true;
    if (!global) {
        tm->c.smem_wf += 1.0 / WARP_SIZE;
        return;
    }
    tm->atomics++;
    bool fresh;
    size_t j = set_find(&tm->atom, addr, &fresh);
    uint32_t *count = j != SIZE_MAX ? (uint32_t *)tm->atom.v + j : NULL;
    if (count && ++*count > tm->atom_max)
        tm->atom_max = *count;
    share_touch(tm, addr / 32);
    if (fresh && j != SIZE_MAX) { /* the first touch of the sector reaches DRAM too */
        size_t k = set_find(&tm->l2, addr / 32, &fresh);
        if (k != SIZE_MAX && fresh)
            tm->dram_sectors++;
    }
}

/* DRAM bytes of the whole grid, from who shared what in the sample.  A sector the
 * sampled CTAs of a row share (several columns) is taken as shared by the whole row, one
 * they share down a column (several rows) as shared by the whole column, both as shared
 * by the grid: each sampled touch stands for 1/sharers of one fetch.  A column-shared
 * sector comes back a row sweep later: it is fetched again (rows - 1 times more at worst)
 * in the proportion that the bytes a row sweep touches exceed the L2. */
static double
share_dram(const Timing *tm, const Exec *x, double timed, double total)
{
    const Set *s = &tm->share;
    double gx = x->grid[0], gy = (double)x->grid[1] * x->grid[2];
    double sweep = 0; /* sectors, per sampled CTA, before a column-shared sector returns */
    for (size_t i = 0; i < s->cap; i++)
        if (s->k[i]) {
            const Share *e = (const Share *)s->v + i;
            sweep += e->n / ((e->multi_x ? gx : 1) * e->rows);
        }
    double reuse = gx * sweep * 32 / timed;
    double l2 = (double)((uint64_t)tm->g->l2_mb << 20);
    double keep = reuse > l2 ? l2 / reuse : 1;
    double sectors = 0;
    for (size_t i = 0; i < s->cap; i++)
        if (s->k[i]) {
            const Share *e = (const Share *)s->v + i;
            double fy = e->multi_y ? gy : 1;
            sectors += e->n / ((e->multi_x ? gx : 1) * fy) * (1 + (fy - 1) * (1 - keep));
        }
    return sectors * 32 * total / timed;
}

/* The class whose calibration cases give the kernel's band: tensor work by mma.sync,
 * else its limiter (FP32 pipe, DRAM or L2 traffic); wgmma (no published wgmma kernel
 * could be run: docs/timing.md) and the rest are uncalibrated. */
static CalClass
band_class(const Timing *tm, SimLimiter lim)
{
    if (tm->tensor_fmas > 0)
        return tm->wgmma_fmas > 0 ? CAL_OTHER : CAL_MMA;
    if (lim == SIM_LIM_FP32)
        return CAL_FP32;
    if (lim == SIM_LIM_DRAM || lim == SIM_LIM_L2)
        return CAL_DRAM;
    return CAL_OTHER;
}

/* f16 FMAs per clock per SM of the datasheet's dense tensor peak */
static double
peak_fma_clk(const TimingGpu *g)
{
    return g->wgmma_fma_clk ? g->wgmma_fma_clk : g->thr[TP_TENSOR];
}

/*
 * The throughput bounds do not overlap perfectly: a kernel that keeps the tensor pipe
 * and the shared-memory path both nearly busy loses cycles to their interference that
 * neither alone would, and a critical path as long as a unit's busy time is stretched
 * by the warps the unit makes wait.  The bounds (memory, shared memory, tensor, FP32,
 * issue, latency) combine as a p-norm, (sum b_i^p)^(1/p): the largest when the others
 * are small, up to 2^(1/p) times it when two are equal.  p = overlap_p, fitted on the
 * calibration cases (docs/timing.md); 0 takes the largest.
 */
static double
overlap(const double *bound, double body, double p)
{
    static const SimLimiter units[] = { SIM_LIM_DRAM, SIM_LIM_L2,    SIM_LIM_SMEM,   SIM_LIM_TENSOR,
                                        SIM_LIM_FP32, SIM_LIM_ISSUE, SIM_LIM_LATENCY };
    double big = 0;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        big = fmax(big, bound[units[i]]);
    if (p <= 0 || big <= 0)
        return body;
    double sum = 0;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        sum += pow(bound[units[i]] / big, p);
    return fmax(body, big * pow(sum, 1 / p));
}

/*
 * The class ceiling: the model never reports a kernel faster than the best published
 * measurement of its class on the part by more than its band.  Classes: attention
 * (tensor work with an ex2 per at most 1024 tensor FMAs: the softmax of a flash
 * attention, at the head dimension its ratio gives), GEMM (other tensor work), FP32
 * (FMA-pipe work), DRAM traffic.  Each caps
 * the rate of its own unit at ceil x (1 + the optimistic end of the band of the class's
 * calibration cases: the mma.sync cases for the tensor classes); body grows to meet the
 * cap, and *cls names the class that set it.
 */
static double
class_ceiling(const Timing *tm, const TimingGpu *g, double scale, double dram_bytes, double body,
              const char **cls)
{
    double need[4] = { 0 };
    if (tm->tensor_fmas > 0) {
        bool attn = tm->ex2_lanes * 1024 >= tm->tensor_fmas;
        /* the head dimension: an attention's two contracts do 2 x d FMAs per ex2 of P, and
           the online softmax's corrections add a few ex2 (d = 128: about 114 from the
           ratio), so the buckets split at the geometric means of 64, 128 and 256 */
        double d = attn ? tm->tensor_fmas / (2 * tm->ex2_lanes) : 0;
        double c = !attn ? g->ceil_gemm : g->ceil_attn[d >= 181 ? 2 : d >= 91 ? 1 : 0];
        need[attn ? 1 : 0] =
            tm->tensor_fmas * scale / (peak_fma_clk(g) * g->sms) / (c * (1 + g->band[CAL_MMA][1]));
    }
    need[2] = tm->fp32_lanes * scale / (2.0 * g->thr[TP_FP32] * g->sms) /
              (g->ceil_fp32 * (1 + g->band[CAL_FP32][1]));
    double dram_bclk = g->dram_gbs * 1e9 / (g->clock_mhz * 1e6);
    need[3] = dram_bytes / dram_bclk / (g->ceil_dram * (1 + g->band[CAL_DRAM][1]));
    static const char *const names[] = { "gemm", "attention", "fp32", "dram" };
    for (int i = 0; i < 4; i++)
        if (need[i] > body) {
            body = need[i];
            *cls = names[i];
        }
    return body;
}

static double
pct(double part, double whole)
{
    double p = whole > 0 ? 100.0 * part / whole : 0;
    return p > 100 ? 100 : p;
}

void
tm_finish(Exec *x, SimTiming *out, uint64_t **lines, size_t *nlines)
{
    Timing *tm = x->tm;
    const TimingGpu *g = tm->g;
    memset(out, 0, sizeof *out);
    out->gpu = g->name;
    out->ctas_total = tm->ctas_total;
    out->ctas_timed = tm->ctas_timed;
    out->regs_per_thread = tm->regs;
    out->regs_estimated = tm->regs_estimated;
    out->regs_from = tm->regs_estimated              ? "estimate"
                     : x->ctx->opt_timing_regs_ptxas ? "ptxas"
                                                     : "given";
    out->max_warps = g->max_warps_sm;
    /* Light CTAs (a few instructions a warp and no memory traffic: a grid rounded up past
       the problem) next to heavy ones take no time: the waves, the critical path and the
       per-CTA costs are the heavy CTAs', and a sample's heavy CTAs stand for the heavy CTAs
       it left out (exec.c's probe finds the light ones).  Without heavy CTAs (every CTA of
       a small kernel is light) all count.  A short CTA that moves data is heavy: its
       traffic is its own, not charged to the others. */
    uint64_t total = tm->ctas_total, heavy_timed = tm->ctas_timed - tm->light_timed;
    double timed = tm->ctas_timed ? (double)tm->ctas_timed : 1;
    CtaSums S = tm->heavy; /* the CTAs that count: the heavy ones, or all */
    /* the light share of the probed CTAs stands for all the CTAs left out */
    uint64_t left = tm->ctas_total - tm->ctas_timed;
    uint64_t light_left =
        tm->probed ? (uint64_t)llround((double)tm->light_left * (double)left / (double)tm->probed)
                   : 0;
    if (heavy_timed && (tm->light_timed || light_left)) {
        total -= light_left + tm->light_timed;
        timed = (double)heavy_timed;
    } else {
        const CtaSums *L = &tm->light;
        S.lat += L->lat, S.issue += L->issue, S.smem += L->smem, S.bar += L->bar;
        S.warp_time += L->warp_time, S.sched_issue += L->sched_issue;
        for (int p = 0; p < TP_COUNT; p++)
            S.pipe[p] += L->pipe[p], S.sched_pipe[p] += L->sched_pipe[p];
    }
    double scale = (double)total / timed;

    /* occupancy */
    unsigned wpc = x->nwarps;
    unsigned regs_warp = (tm->regs * WARP_SIZE + g->reg_unit - 1) / g->reg_unit * g->reg_unit;
    const Target *t = &target_table[g->target]; /* registers and shared memory per SM */
    unsigned by_regs = (unsigned)t->regs_sm / regs_warp / wpc;
    unsigned by_warps = g->max_warps_sm / wpc;
    unsigned smem = x->shared_size ? x->shared_size + g->smem_cta_reserved : 0;
    unsigned by_smem = smem ? (unsigned)t->smem_sm / smem : g->max_ctas_sm;
    unsigned cps = g->max_ctas_sm;
    cps = by_regs < cps ? by_regs : cps;
    cps = by_warps < cps ? by_warps : cps;
    cps = by_smem < cps ? by_smem : cps;
    if (!cps)
        cps = 1;
    uint64_t per_sm = (total + g->sms - 1) / g->sms; /* the busiest SM */
    uint64_t resident = per_sm < cps ? per_sm : cps;
    out->ctas_per_sm = cps;
    out->occupancy_warps = (unsigned)(cps * wpc > g->max_warps_sm ? g->max_warps_sm : cps * wpc);
    out->waves = (total + (uint64_t)g->sms * cps - 1) / ((uint64_t)g->sms * cps);

    /* the busiest SM: its CTAs' warps spread over up to 4 schedulers */
    double n = (double)per_sm;
    double spread = (double)(resident * wpc < 4 ? resident * wpc : 4);
    double rounds = (double)((per_sm + cps - 1) / cps);
    double b_lat = rounds * S.lat / timed;
    double b_issue =
        fmax(n * S.issue / timed / spread, n * S.sched_issue / timed / (double)resident);
    double b_pipe[TP_COUNT];
    for (int p = 0; p < TP_COUNT; p++)
        b_pipe[p] =
            fmax(n * S.pipe[p] / timed / spread, n * S.sched_pipe[p] / timed / (double)resident);
    double b_smem = n * S.smem / timed * 128.0 / g->smem_bytes_clk;
    double bar_frac = S.warp_time > 0 ? S.bar / S.warp_time : 0;

    /* the chip */
    double dram_bytes = (double)tm->dram_sectors * 32 * scale;
    if (tm->sampled && tm->ctas_timed && tm->share.n && !tm->share_failed)
        dram_bytes = share_dram(tm, x, timed, (double)total);
    double dram_wr_bytes = (double)tm->dram_wr_sectors * 32 * scale;
    double l2_bytes = (double)tm->l2_sectors * 32 * scale;
    double dram_bclk = g->dram_gbs * g->dram_eff * 1e9 / (g->clock_mhz * 1e6);
    /* reads stream at dram_eff of the peak; a written byte costs dram_wr_cost read ones
       (the bus turning round between reads and writes) */
    double b_dram = (dram_bytes + dram_wr_bytes * g->dram_wr_cost) / dram_bclk;
    dram_bytes += dram_wr_bytes;
    double b_l2 = l2_bytes / (g->l2_bytes_clk * g->l2_eff);
    double b_atom = fmax((double)tm->atom_max * scale * g->atom_same_cyc,
                         (double)tm->atomics * scale / g->atom_per_clk);
    double launch = g->launch_us * g->clock_mhz;

    double bound[SIM_LIM_COUNT] = { 0 };
    bound[SIM_LIM_DRAM] = b_dram;
    bound[SIM_LIM_L2] = b_l2;
    bound[SIM_LIM_SMEM] = fmax(b_smem, b_pipe[TP_MIO]);
    bound[SIM_LIM_TENSOR] = b_pipe[TP_TENSOR];
    bound[SIM_LIM_FP32] = fmax(b_pipe[TP_FP32], b_pipe[TP_FP16]);
    bound[SIM_LIM_ISSUE] = b_issue;
    static const int other[] = { TP_FP64, TP_INT, TP_SFU, TP_CVT, TP_LSU, TP_BRANCH };
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
        bound[SIM_LIM_ISSUE] = fmax(bound[SIM_LIM_ISSUE], b_pipe[other[i]]);
    bound[SIM_LIM_LATENCY] = b_lat;
    bound[SIM_LIM_BARRIER] = b_lat * bar_frac;
    bound[SIM_LIM_ATOMICS] = b_atom;
    bound[SIM_LIM_LAUNCH] = launch;

    SimLimiter lim = SIM_LIM_LATENCY;
    double body = 0;
    static const SimLimiter order[] = { SIM_LIM_DRAM,    SIM_LIM_L2,     SIM_LIM_SMEM,
                                        SIM_LIM_TENSOR,  SIM_LIM_FP32,   SIM_LIM_ISSUE,
                                        SIM_LIM_LATENCY, SIM_LIM_ATOMICS };
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (bound[order[i]] > body) {
            body = bound[order[i]];
            lim = order[i];
        }
    body = overlap(bound, body, g->overlap_p);
    if (lim == SIM_LIM_LATENCY && bar_frac > 0.4)
        lim = SIM_LIM_BARRIER;
    const char *ceiling = "";
    CalClass cal = band_class(tm, lim);
    body = class_ceiling(tm, g, scale, dram_bytes, body, &ceiling);
    if (launch > body)
        lim = SIM_LIM_LAUNCH;
    double cycles = body + launch;
    for (int i = 0; i < SIM_LIM_COUNT; i++)
        out->bound[i] = (uint64_t)llround(bound[i]);
    out->limiter = lim;
    out->cycles = (uint64_t)llround(cycles);
    out->time_us = cycles / g->clock_mhz;
    out->dram_bytes = (uint64_t)llround(dram_bytes);
    out->l2_bytes = (uint64_t)llround(l2_bytes);
    out->dram_pct = pct(dram_bytes / (dram_bclk / g->dram_eff), cycles); /* of the datasheet */
    out->l2_pct = pct(b_l2 * g->l2_eff, cycles);
    out->smem_pct = pct(bound[SIM_LIM_SMEM], cycles);
    out->issue_pct = pct(S.issue * scale / 4 / g->sms, cycles);
    out->tensor_pct = pct(tm->tensor_fmas * scale / peak_fma_clk(g) / g->sms, cycles);
    out->fp32_pct = pct(tm->fp32_lanes * scale / 2 / g->thr[TP_FP32] / g->sms, cycles);
    out->calibrated = g->calibrated;
    out->ceiling = ceiling;
    out->time_lo_us = out->time_us / (1 + g->band[cal][1]);
    out->time_hi_us = out->time_us / (1 + g->band[cal][0]);
    *lines = tm->lines;
    *nlines = tm->nlines;
    tm->lines = NULL;
}

/* ---- public ---- */

SimResult
sim_set_timing(SimCtx *ctx, const char *gpu)
{
    if (!gpu || !*gpu) {
        ctx->timing_gpu = NULL;
        return SIM_OK;
    }
    const TimingGpu *g = timing_gpu(gpu);
    if (!g) {
        sim_set_error(ctx, "no timing model for GPU '%s' (models: %s)", gpu, sim_timing_models());
        return SIM_ERR_INVALID_VALUE;
    }
    ctx->timing_gpu = g;
    return SIM_OK;
}

const char *
sim_timing_models(void)
{
    return "a100 (A100 SXM4 80GB, sm_80 and below), h100 (H100 SXM5 80GB, sm_90a, sm_90, "
           "sm_80 and below), b200 (B200 (HGX, 1000 W), uncalibrated, sm_100a, sm_90, sm_80 and "
           "below)";
}

SimResult
sim_timing(const SimCtx *ctx, SimTiming *out)
{
    if (!ctx->timing_valid)
        return SIM_ERR_INVALID_VALUE;
    *out = ctx->timing;
    return SIM_OK;
}

SimResult
sim_timing_lines(const SimCtx *ctx, const uint64_t **cycles, size_t *n)
{
    *cycles = ctx->timing_lines;
    *n = ctx->ntiming_lines;
    return ctx->timing_lines ? SIM_OK : SIM_ERR_INVALID_VALUE;
}

const char *
sim_limiter_name(SimLimiter l)
{
    static const char *const names[SIM_LIM_COUNT] = {
        "dram", "l2", "smem", "tensor", "fp32", "issue", "latency", "atomics", "barrier", "launch",
    };
    return (unsigned)l < SIM_LIM_COUNT ? names[l] : "?";
}

void
sim_print_timing(const SimTiming *t, const char *kernel, FILE *out)
{
    fprintf(out,
            "timing: %s gpu=%s time_us=%.2f range=%.2f..%.2f calibrated=%s cycles=%llu limiter=%s "
            "occupancy=%u/%u regs=%u(%s) dram=%.0f%% tensor=%.0f%% fp32=%.0f%%",
            kernel, t->gpu, t->time_us, t->time_lo_us, t->time_hi_us, t->calibrated,
            (unsigned long long)t->cycles, sim_limiter_name(t->limiter), t->occupancy_warps,
            t->max_warps, t->regs_per_thread, t->regs_from, t->dram_pct, t->tensor_pct,
            t->fp32_pct);
    if (t->ctas_timed < t->ctas_total)
        fprintf(out, " sampled=%llu/%llu", (unsigned long long)t->ctas_timed,
                (unsigned long long)t->ctas_total);
    if (*t->ceiling)
        fprintf(out, " ceiling=%s", t->ceiling);
    fputc('\n', out);
}
