/*
 * exec.c -- the scheduler: CTAs, threads, barriers, warp collectives,
 * control flow and faults.
 *
 * Requires:  an Exec filled in by host.c (module, entry, grid, block,
 *            parameter buffer, options) with per-launch buffers allocated.
 * Ensures:   every CTA of the grid runs to completion or the first fault;
 *            x->st holds the counters.
 *
 * Model [PTX §3.1, ptx-sm80.md §3]: CTAs run one after another.  Inside a
 * CTA each thread is an independent context; run_thread() executes one
 * thread until it blocks (bar.sync, a warp collective whose lanes have not
 * all arrived, activemask), exits, or spends its SLICE; run_cta() cycles over
 * runnable threads.  When nothing can run, either activemask waiters are
 * released (they see the lanes that reached the same activemask) or the CTA
 * is deadlocked and the waiters are reported with their PTX line.
 *
 * bar.sync follows the hardware rule: a warp counts once all its non-exited
 * lanes have arrived (as 32 threads), exited threads never block a barrier,
 * and with a thread count b the barrier completes once b threads counted.
 */
#include "sim/simint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
sim_fault(Exec *x, const Thread *t, const Inst *in, const char *fmt, ...)
{
    if (x->faulted)
        return EX_FAULT;
    x->faulted = true;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (t)
        sim_set_error(x->ctx, "%s:%u: error: %s (thread (%u,%u,%u) in CTA (%u,%u,%u))", x->m->name,
                      in ? in->line : 0, msg, t->tidv[0], t->tidv[1], t->tidv[2], x->ctaid[0],
                      x->ctaid[1], x->ctaid[2]);
    else
        sim_set_error(x->ctx, "%s:%u: error: %s (CTA (%u,%u,%u))", x->m->name, in ? in->line : 0,
                      msg, x->ctaid[0], x->ctaid[1], x->ctaid[2]);
    return EX_FAULT;
}

/* the kernel's cluster size in dim d [PTX 11.4.11 .reqnctapercluster]: 1 without one */
static uint32_t
cluster_dim(const Exec *x, int d)
{
    return x->entry->cluster[0] && x->entry->cluster[d] ? x->entry->cluster[d] : 1;
}

uint64_t
sreg_read(const Exec *x, const Thread *t, int s)
{
    uint64_t le = (2ull << t->lane) - 1, lt = (1ull << t->lane) - 1;
    switch ((SReg)s) {
    case SREG_TID_X:
        return t->tidv[0];
    case SREG_TID_Y:
        return t->tidv[1];
    case SREG_TID_Z:
        return t->tidv[2];
    case SREG_NTID_X:
        return x->block[0];
    case SREG_NTID_Y:
        return x->block[1];
    case SREG_NTID_Z:
        return x->block[2];
    case SREG_CTAID_X:
        return x->ctaid[0];
    case SREG_CTAID_Y:
        return x->ctaid[1];
    case SREG_CTAID_Z:
        return x->ctaid[2];
    case SREG_NCTAID_X:
        return x->grid[0];
    case SREG_NCTAID_Y:
        return x->grid[1];
    case SREG_NCTAID_Z:
        return x->grid[2];
    case SREG_LANEID:
        return t->lane;
    case SREG_WARPID:
        return t->warp;
    case SREG_NWARPID:
        return 64;
    case SREG_SMID:
        return 0;
    case SREG_NSMID:
        return 1;
    case SREG_GRIDID:
        return 0;
    case SREG_LANEMASK_EQ:
        return 1u << t->lane;
    case SREG_LANEMASK_LT:
        return (uint32_t)lt;
    case SREG_LANEMASK_LE:
        return (uint32_t)le;
    case SREG_LANEMASK_GT:
        return (uint32_t)~le;
    case SREG_LANEMASK_GE:
        return (uint32_t)~lt;
    case SREG_CLOCK:
        return (uint32_t)t->icount;
    case SREG_CLOCK_HI:
        return (uint32_t)(t->icount >> 32);
    case SREG_CLOCK64:
        return t->icount;
    case SREG_GLOBALTIMER:
        return t->icount;
    case SREG_GLOBALTIMER_LO:
        return (uint32_t)t->icount;
    case SREG_GLOBALTIMER_HI:
        return (uint32_t)(t->icount >> 32);
    case SREG_DYN_SMEM:
        return x->dyn_shared;
    case SREG_TOTAL_SMEM:
        return x->shared_size;
    case SREG_CLUSTERID_X:
    case SREG_CLUSTERID_Y:
    case SREG_CLUSTERID_Z:
        return x->ctaid[s - SREG_CLUSTERID_X] / cluster_dim(x, s - SREG_CLUSTERID_X);
    case SREG_NCLUSTERID_X:
    case SREG_NCLUSTERID_Y:
    case SREG_NCLUSTERID_Z:
        return x->grid[s - SREG_NCLUSTERID_X] / cluster_dim(x, s - SREG_NCLUSTERID_X);
    case SREG_CLUSTER_NCTAID_X:
    case SREG_CLUSTER_NCTAID_Y:
    case SREG_CLUSTER_NCTAID_Z:
        return cluster_dim(x, s - SREG_CLUSTER_NCTAID_X);
    case SREG_CLUSTER_NCTARANK:
        return cluster_dim(x, 0) * cluster_dim(x, 1) * cluster_dim(x, 2);
    case SREG_CLUSTER_CTAID_X:
    case SREG_CLUSTER_CTAID_Y:
    case SREG_CLUSTER_CTAID_Z:
        return x->ctaid[s - SREG_CLUSTER_CTAID_X] % cluster_dim(x, s - SREG_CLUSTER_CTAID_X);
    case SREG_CLUSTER_CTARANK:
        return x->ctaid[0] % cluster_dim(x, 0) +
               cluster_dim(x, 0) * (x->ctaid[1] % cluster_dim(x, 1) +
                                    cluster_dim(x, 1) * (x->ctaid[2] % cluster_dim(x, 2)));
    case SREG_IS_EXPLICIT_CLUSTER:
        return x->entry->explicit_cluster;
    case SREG_COUNT:
        break;
    }
    return 0;
}

uint64_t
opd_read_slow(const Exec *x, const Thread *t, const Opd *o)
{
    switch ((OpdKind)o->kind) {
    case OPD_SREG:
        return sreg_read(x, t, o->aux);
    case OPD_FRAMESYM:
        return t->local_base + (uint64_t)o->imm;
    case OPD_LABEL:
        return o->r;
    case OPD_REG:
        return t->r[o->r];
    case OPD_IMM:
        return (uint64_t)o->imm;
    case OPD_NONE:
    case OPD_ADDR:
    case OPD_VEC:
    case OPD_FUNC:
    case OPD_SYM:
    case OPD_NAME:
        break;
    }
    return 0;
}

/* ---- thread sets in messages ---- */

static void
describe_tids(const Exec *x, char *buf, size_t n, uint32_t state, uint32_t pc_or_bar, bool by_bar)
{
    size_t len = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < x->nthreads && len + 24 < n; i++) {
        const Thread *t = &x->th[i];
        bool in = t->state == state && (by_bar ? t->wait_id == pc_or_bar : t->pc == pc_or_bar);
        if (!in)
            continue;
        uint32_t j = i;
        while (j + 1 < x->nthreads && x->th[j + 1].state == state &&
               (by_bar ? x->th[j + 1].wait_id == pc_or_bar : x->th[j + 1].pc == pc_or_bar))
            j++;
        len +=
            (size_t)snprintf(buf + len, n - len, j > i ? "%s%u-%u" : "%s%u", len ? "," : "", i, j);
        i = j;
    }
}

static int
report_deadlock(Exec *x)
{
    char who[256], other[256];
    for (uint32_t i = 0; i < x->nthreads; i++) {
        const Thread *t = &x->th[i];
        const Inst *in = &x->code[t->pc];
        if (t->state == ST_MBAR)
            return sim_sm90_deadlock(x, t);
        if (t->state == ST_CLBAR)
            return sim_fault(x, NULL, in,
                             "deadlock: barrier.cluster.wait never completes: thread %u of "
                             "cluster CTA %u waits, and not every thread of the cluster arrives",
                             i, x->rank);
        if (t->state == ST_BAR) {
            describe_tids(x, who, sizeof who, ST_BAR, t->wait_id, true);
            uint32_t nmissing = 0;
            for (uint32_t k = 0; k < x->nthreads; k++)
                nmissing += x->th[k].state != ST_EXIT &&
                            !(x->th[k].state == ST_BAR && x->th[k].wait_id == t->wait_id);
            other[0] = '\0';
            for (uint32_t k = 0; k < x->nthreads; k++)
                if (x->th[k].state != ST_EXIT && x->th[k].state != ST_RUN &&
                    !(x->th[k].state == ST_BAR && x->th[k].wait_id == t->wait_id)) {
                    snprintf(other, sizeof other, "; thread %u waits at line %u", k,
                             x->code[x->th[k].pc].line);
                    break;
                }
            return sim_fault(
                x, NULL, in,
                "deadlock: barrier %u never completes: threads %s wait, %u live threads "
                "never arrive%s",
                t->wait_id, who, nmissing, other);
        }
        if (t->state == ST_COLL) {
            describe_tids(x, who, sizeof who, ST_COLL, t->pc, false);
            uint32_t missing = t->wait_mask;
            for (uint32_t l = 0; l < WARP_SIZE; l++) {
                uint32_t k = t->warp * WARP_SIZE + l;
                if (k < x->nthreads && x->th[k].state == ST_COLL && x->th[k].pc == t->pc)
                    missing &= ~(1u << l);
            }
            return sim_fault(x, NULL, in,
                             "deadlock: warp collective '%s' with member mask 0x%08x never "
                             "completes: threads %s wait, lanes 0x%08x of warp %u never arrive",
                             sim_op_table[in->op].mnemonic, t->wait_mask, who, missing, t->warp);
        }
    }
    return sim_fault(x, NULL, NULL, "deadlock");
}

/* ---- barriers ---- */

static bool
bar_try_complete(Exec *x, uint32_t id)
{
    Barrier *b = &x->bar[id];
    for (uint32_t w = 0; w < x->nwarps; w++) {
        uint32_t live = x->live[w];
        if (live && !(b->counted >> w & 1) && (b->arrived[w] & live) == live) {
            b->counted |= 1u << w;
            b->threads += WARP_SIZE;
        }
    }
    bool done;
    if (b->expected)
        done = b->threads >= b->expected;
    else {
        uint32_t need = 0;
        for (uint32_t w = 0; w < x->nwarps; w++)
            need |= x->live[w] ? 1u << w : 0;
        done = b->counted && (b->counted & need) == need;
    }
    if (!done)
        return false;
    for (uint32_t w = 0; w < x->nwarps; w++) {
        if (!(b->counted >> w & 1))
            continue;
        for (uint32_t l = 0; l < WARP_SIZE; l++) {
            uint32_t k = w * WARP_SIZE + l;
            if (!(b->arrived[w] >> l & 1) || k >= x->nthreads)
                continue;
            Thread *u = &x->th[k];
            if (u->state == ST_BAR && u->wait_id == id) {
                const Inst *in = &x->code[u->pc];
                if (in->slot == 2)
                    reg_write(u, &in->o[0], in->sub == SUB_POPC ? b->red : b->red & 1);
                u->state = ST_RUN;
                u->pc++;
            }
        }
        b->arrived[w] = 0;
    }
    b->counted = 0;
    b->threads = 0;
    b->expected = 0;
    b->red = 0;
    x->bar_busy &= ~(1u << id);
    x->st.barriers++;
    return true;
}

int
ex_bar(Exec *x, Thread *t, const Inst *in)
{
    bool red = in->slot == 2, arrive = in->slot == 1;
    uint32_t id = (uint32_t)opd_read(x, t, &in->o[red ? 1 : 0]);
    const Opd *cnt_o = &in->o[red ? 2 : 1];
    uint32_t cnt = cnt_o->kind == OPD_NONE ? 0 : (uint32_t)opd_read(x, t, cnt_o);
    if (id >= NBARRIERS)
        return sim_fault(x, t, in, "barrier %u out of range (0-15)", id);
    if (cnt_o->kind != OPD_NONE && (cnt == 0 || cnt % WARP_SIZE))
        return sim_fault(x, t, in, "barrier thread count %u is not a positive multiple of 32", cnt);
    Barrier *b = &x->bar[id];
    bool first = true;
    for (uint32_t w = 0; w < x->nwarps && first; w++)
        first = b->arrived[w] == 0;
    if (!first && b->expected != cnt)
        return sim_fault(x, t, in, "threads disagree on the thread count of barrier %u (%u vs %u)",
                         id, b->expected, cnt);
    b->expected = cnt;
    if (red) {
        uint32_t p = pred_read(x, t, &in->o[3]);
        if (first)
            b->red = in->sub == SUB_AND ? 1 : 0;
        b->red = in->sub == SUB_POPC  ? b->red + p
                 : in->sub == SUB_AND ? (b->red & p)
                                      : (b->red | p);
    }
    b->arrived[t->warp] |= 1u << t->lane;
    x->bar_busy |= 1u << id;
    if (!arrive) {
        t->state = ST_BAR;
        t->wait_id = id;
    }
    /* the barrier can only complete once the arriving thread's warp is complete */
    uint32_t live = x->live[t->warp];
    bool done = (b->arrived[t->warp] & live) == live && bar_try_complete(x, id);
    if (arrive)
        return EX_NEXT;
    return done ? EX_JUMP : EX_BLOCK;
}

/* barrier.cluster.arrive / wait [PTX 9.7.13.2]: every live thread of the cluster arrives
 * once a phase; wait parks the thread until the phase of its last arrive completes.  The
 * cluster's CTAs must run together (x->cluster) unless the cluster is one CTA. */
int
ex_bar_cluster(Exec *x, Thread *t, const Inst *in)
{
    Exec *root = x->cluster ? x->cluster[0] : x;
    uint32_t n = x->cluster ? x->ncluster : 1;
    if (!x->cluster && cluster_dim(x, 0) * cluster_dim(x, 1) * cluster_dim(x, 2) > 1)
        return sim_fault(x, t, in,
                         "'%s' in clusters of several CTAs run one after another (more "
                         "than 16 CTAs a cluster)",
                         sim_op_table[in->op].mnemonic);
    if (in->op == OP_BAR_CL_WAIT) {
        if (t->cl_phase <= root->clb_phase)
            return EX_NEXT;
        t->state = ST_CLBAR;
        return EX_BLOCK;
    }
    if (t->cl_phase > root->clb_phase)
        return sim_fault(x, t, in, "barrier.cluster.arrive twice before the phase completes");
    t->cl_phase = root->clb_phase + 1;
    uint32_t live = 0;
    for (uint32_t r = 0; r < n; r++) {
        Exec *y = x->cluster ? x->cluster[r] : x;
        live += y->nthreads - y->nexited;
    }
    if (++root->clb_count < live)
        return EX_NEXT;
    root->clb_count = 0;
    root->clb_phase++;
    for (uint32_t r = 0; r < n; r++) {
        Exec *y = x->cluster ? x->cluster[r] : x;
        for (uint32_t i = 0; i < y->nthreads; i++)
            if (y->th[i].state == ST_CLBAR)
                y->th[i].state = ST_RUN;
    }
    return EX_NEXT;
}

/* ---- warp collectives ---- */

int
coll_arrive(Exec *x, Thread *t, const Inst *in, uint32_t mask)
{
    if (!(mask >> t->lane & 1))
        return sim_fault(x, t, in, "lane %u executes '%s' but is not in its member mask 0x%08x",
                         t->lane, sim_op_table[in->op].mnemonic, mask);
    t->state = ST_COLL;
    t->wait_mask = mask;
    uint32_t base = t->warp * WARP_SIZE;
    for (int l = WARP_SIZE - 1; l >= 0; l--) {
        if (!(mask >> l & 1))
            continue;
        uint32_t k = base + (uint32_t)l;
        if (k >= x->nthreads)
            return sim_fault(x, t, in,
                             "member mask 0x%08x of '%s' names lane %d, which does not exist", mask,
                             sim_op_table[in->op].mnemonic, l);
        const Thread *u = &x->th[k];
        if (u->state == ST_EXIT)
            return sim_fault(x, t, in,
                             "member mask 0x%08x names lane %d, which exited at line %u "
                             "(executing '%s')",
                             mask, l, x->code[u->pc].line, sim_op_table[in->op].mnemonic);
        if (u->state != ST_COLL)
            return EX_BLOCK;
        const Inst *ui = &x->code[u->pc];
        if (ui->op != in->op || (in->op != OP_BAR_WARP && u->pc != t->pc))
            return EX_BLOCK;
        if (u->wait_mask != mask)
            return sim_fault(
                x, t, in, "lanes %u and %d of '%s' disagree on the member mask (0x%08x vs 0x%08x)",
                t->lane, l, sim_op_table[in->op].mnemonic, mask, u->wait_mask);
    }
    if (!sim_op_table[in->op].warp(x, t->warp, in, mask))
        return EX_FAULT;
    for (uint32_t l = 0; l < WARP_SIZE; l++)
        if (mask >> l & 1) {
            x->th[base + l].state = ST_RUN;
            x->th[base + l].pc++;
        }
    x->st.warp_collectives++;
    return EX_JUMP;
}

/* A warp collective (shfl, vote, ldmatrix, mma.sync, ...) with every live lane of warp w
 * at it and its member mask naming exactly those lanes: the warp function runs once, as
 * the last lane's coll_arrive() would run it.  0: not applicable (nothing done: the lanes
 * arrive one by one, which finds any mask error); 1: done; -1: it faulted. */
int
warp_coll_fast(Exec *x, uint32_t w, Thread *th, uint32_t mask, const Inst *in)
{
    if (sim_op_table[in->op].exec != ex_coll || in->guard != NOREG || mask != x->live[w])
        return 0;
    if (in->maskop >= 0) {
        const Opd *o = &in->o[in->maskop];
        if (o->kind != OPD_REG && o->kind != OPD_IMM)
            return 0;
        for (uint32_t m = mask; m; m &= m - 1)
            if ((uint32_t)opd_read(x, &th[__builtin_ctz(m)], o) != mask)
                return 0;
    } else if (mask != 0xffffffffu)
        return 0;
    if (!sim_op_table[in->op].warp(x, w, in, mask))
        return -1;
    x->st.warp_collectives++;
    return 1;
}

int
ex_coll(Exec *x, Thread *t, const Inst *in)
{
    uint32_t mask = in->maskop < 0 ? 0xffffffffu : (uint32_t)opd_read(x, t, &in->o[in->maskop]);
    return coll_arrive(x, t, in, mask);
}

bool
wx_nop(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    (void)x, (void)warp, (void)in, (void)mask;
    return true;
}

/* activemask: wait until no thread of the CTA can run, then tell each lane
 * which lanes of its warp reached the same activemask. */
int
ex_activemask(Exec *x, Thread *t, const Inst *in)
{
    (void)x, (void)in;
    t->state = ST_SOFT;
    return EX_BLOCK;
}

static bool
release_soft(Exec *x)
{
    bool any = false;
    for (uint32_t i = 0; i < x->nthreads; i++) {
        Thread *t = &x->th[i];
        if (t->state != ST_SOFT)
            continue;
        uint32_t mask = 0, base = t->warp * WARP_SIZE;
        for (uint32_t l = 0; l < WARP_SIZE && base + l < x->nthreads; l++)
            if (x->th[base + l].state == ST_SOFT && x->th[base + l].pc == t->pc)
                mask |= 1u << l;
        for (uint32_t l = 0; l < WARP_SIZE; l++)
            if (mask >> l & 1) {
                Thread *u = &x->th[base + l];
                reg_write(u, &x->code[u->pc].o[0], mask);
                u->state = ST_RUN;
                u->pc++;
            }
        any = true;
    }
    return any;
}

/* ---- control flow [PTX §9.7.12] ---- */

static int
thread_exit(Exec *x, Thread *t, const Inst *in)
{
    while (t->depth) {
        free(t->r);
        t->r = t->frames[--t->depth].r;
    }
    thread_exit_cp(x, t);
    t->state = ST_EXIT;
    x->nexited++;
    x->live[t->warp] &= ~(1u << t->lane);
    for (uint32_t m = x->live[t->warp]; m; m &= m - 1) { /* a waiting lane is live */
        uint32_t k = t->warp * WARP_SIZE + (uint32_t)__builtin_ctz(m);
        if (x->th[k].state == ST_COLL && (x->th[k].wait_mask >> t->lane & 1))
            return sim_fault(x, &x->th[k], &x->code[x->th[k].pc],
                             "member mask 0x%08x names lane %u, which exited at line %u",
                             x->th[k].wait_mask, t->lane, in->line);
    }
    for (uint32_t busy = x->bar_busy; busy; busy &= busy - 1) /* barriers with waiters */
        bar_try_complete(x, (uint32_t)__builtin_ctz(busy));
    return EX_EXIT;
}

int
ex_exit(Exec *x, Thread *t, const Inst *in)
{
    return thread_exit(x, t, in);
}

int
ex_trap(Exec *x, Thread *t, const Inst *in)
{
    return sim_fault(x, t, in, "'%s' executed", sim_op_table[in->op].mnemonic);
}

int
ex_nop(Exec *x, Thread *t, const Inst *in)
{
    (void)x, (void)t, (void)in;
    return EX_NEXT;
}

int
ex_bra(Exec *x, Thread *t, const Inst *in)
{
    (void)x;
    t->pc = in->o[0].r;
    return EX_JUMP;
}

/* Copy call arguments/results between frames: list elements are frame
 * variables (or registers/immediates, copied by value). */
static void
copy_params(Exec *x, Thread *t, const Opd *list, const Param *ps, uint32_t n, uint32_t caller_base,
            uint32_t callee_base, bool to_callee)
{
    for (uint32_t i = 0; i < n; i++) {
        const Opd *e = &x->vecs[list->r + i];
        uint8_t *callee = t->local + callee_base + ps[i].offset;
        if (e->kind == OPD_FRAMESYM) {
            uint8_t *caller = t->local + caller_base + (uint32_t)e->imm;
            memmove(to_callee ? callee : caller, to_callee ? caller : callee, ps[i].size);
        } else if (to_callee) {
            uint64_t v = opd_read(x, t, e);
            memcpy(callee, &v, ps[i].size < 8 ? ps[i].size : 8);
        } else if (e->kind == OPD_REG) {
            uint64_t v = 0;
            memcpy(&v, callee, ps[i].size < 8 ? ps[i].size : 8);
            t->r[e->r] = v;
        }
    }
}

int
ex_call(Exec *x, Thread *t, const Inst *in)
{
    const SimModule *m = x->m;
    const Func *f = &m->funcs[in->o[1].r];
    if (!f->defined && strcmp(f->name, "vprintf") == 0) /* CUDA's device printf */
        return sim_vprintf_call(x, t, in);
    if (!f->defined)
        return sim_fault(x, t, in, "call of '%s', which has no body", f->name);
    if (t->depth == MAX_DEPTH)
        return sim_fault(x, t, in, "call stack deeper than %d", MAX_DEPTH);
    uint32_t base = t->local_base + m->funcs[t->func].frame_size;
    if (base + f->frame_size > x->local_size)
        return sim_fault(x, t, in, "call of '%s' overflows the local-memory stack", f->name);
    if (!t->frames && !(t->frames = malloc(MAX_DEPTH * sizeof *t->frames)))
        return sim_fault(x, t, in, "out of memory");
    uint64_t *r = calloc(f->nregs ? f->nregs : 1, sizeof *r);
    if (!r)
        return sim_fault(x, t, in, "out of memory");
    if (in->o[2].kind == OPD_VEC)
        copy_params(x, t, &in->o[2], f->params, f->nparams, t->local_base, base, true);
    t->frames[t->depth++] = (Frame){ t->pc + 1, t->pc, t->local_base, t->func, t->r };
    t->r = r;
    t->local_base = base;
    t->func = in->o[1].r;
    t->pc = f->start;
    return EX_JUMP;
}

int
ex_ret(Exec *x, Thread *t, const Inst *in)
{
    if (t->depth == 0)
        return thread_exit(x, t, in);
    Frame fr = t->frames[--t->depth];
    const Func *f = &x->m->funcs[t->func];
    const Inst *call = &x->code[fr.call_pc];
    uint64_t *callee_r = t->r;
    t->r = fr.r;
    if (call->o[0].kind == OPD_VEC)
        copy_params(x, t, &call->o[0], f->rets, f->nrets, fr.local_base, t->local_base, false);
    free(callee_r);
    t->local_base = fr.local_base;
    t->func = fr.func;
    t->pc = fr.ret_pc;
    return EX_JUMP;
}

/* ---- the dispatch loop ---- */

static int
run_thread(Exec *x, Thread *t)
{
    const Inst *code = x->code;
    uint64_t *by_class = x->st.by_class;
    uint64_t *lines = x->line_counts;
    for (uint32_t n = 0; n < SLICE; n++) {
        const Inst *in = &code[t->pc];
        t->icount++;
        by_class[in->cls]++;
        if (lines)
            lines[in->line]++;
        if (x->tm && (uint32_t)__builtin_ctz(x->live[t->warp]) == t->lane)
            tm_step(x, t->warp, t->pc, 1u << t->lane); /* the warp's lowest lane stands for it */
        if (in->guard != NOREG && (t->r[in->guard] & 1) == in->guard_neg) {
            t->pc++;
            continue;
        }
        int rc = sim_op_table[in->op].exec(x, t, in);
        if (rc == EX_NEXT)
            t->pc++;
        else if (rc == EX_BLOCK || rc == EX_EXIT || rc == EX_YIELD)
            return 0;
        else if (rc == EX_FAULT)
            return -1;
    }
    return 0;
}

/* Lockstep execution of one warp [issue 15]: each warp instruction is executed for every
 * lane runnable at it before the next one starts.  When the runnable lanes are at
 * different pcs (after a divergent branch) the lanes at the lowest pc go first, so lanes
 * ahead wait for the others at their (higher) reconvergence point ("min-PC").  The lanes'
 * dependence chains are independent of each other, which lets the host CPU overlap them,
 * and the convergence test is paid once per warp instruction.  Each lane executes the
 * same instructions in the same order as under run_thread(); only the interleaving of
 * lanes differs, which a race-free kernel cannot observe.  Returns -1 on a fault, 1 when
 * the warp spent its SLICE (*diverged: its lanes were not all together at some point),
 * 0 when no lane can run (all blocked or exited). */
/* A top-level ret or exit reached by every live lane of warp w, unguarded, while no
 * barrier has waiters: the lanes exit together, in lane order as one by one (their
 * pending cp.async copies land in that order), without thread_exit()'s per-lane scans
 * (no lane can wait in a collective: all are here; no barrier can complete). */
static bool
warp_exit_fast(Exec *x, uint32_t w, Thread *th, uint32_t mask, const Inst *in)
{
    if ((in->op != OP_RET && in->op != OP_EXIT) || in->guard != NOREG || mask != x->live[w] ||
        x->bar_busy)
        return false;
    for (uint32_t m = mask; m; m &= m - 1)
        if (th[__builtin_ctz(m)].depth)
            return false;
    for (uint32_t m = mask; m; m &= m - 1) {
        Thread *t = &th[__builtin_ctz(m)];
        thread_exit_cp(x, t);
        t->state = ST_EXIT;
        t->icount++;
    }
    x->nexited += (uint32_t)__builtin_popcount(mask);
    x->live[w] = 0;
    return true;
}

/* The lanes of mask ran pend warp-wide instructions past their stored pc and icount
 * (run_warp keeps a converged warp's pc itself and writes it back to the lanes only
 * here, before anything that looks at a lane's pc). */
static inline void
lanes_catch_up(Thread *th, uint32_t mask, uint32_t *pend)
{
    if (!*pend)
        return;
    for (uint32_t m = mask; m; m &= m - 1) {
        Thread *t = &th[__builtin_ctz(m)];
        t->icount += *pend;
        t->pc += *pend;
    }
    *pend = 0;
}

static int
run_warp(Exec *x, uint32_t w, bool *diverged)
{
    const Inst *code = x->code;
    uint64_t *by_class = x->st.by_class;
    uint64_t *lines = x->line_counts;
    Thread *th = &x->th[(size_t)w * WARP_SIZE];
    bool known = false; /* mask: the lanes runnable at pc, which is the lowest */
    uint32_t pc = 0, mask = 0;
    uint32_t pend = 0; /* warp-wide instructions the lanes of mask are past their pc */
    *diverged = false;
    for (uint32_t n = 0; n < x->slice; n++) {
        uint32_t live = x->live[w];
        if (!known) {
            lanes_catch_up(th, mask, &pend);
            pc = NOREG;
            mask = 0;
            for (uint32_t m = live; m; m &= m - 1) {
                uint32_t l = (uint32_t)__builtin_ctz(m);
                const Thread *t = &th[l];
                if (t->state != ST_RUN)
                    continue;
                if (t->pc < pc) {
                    pc = t->pc;
                    mask = 1u << l;
                } else if (t->pc == pc)
                    mask |= 1u << l;
            }
            if (!mask)
                return 0;
            if (mask != live)
                *diverged = true;
        }
        const Inst *in = &code[pc];
        ExecFn *ex = sim_op_table[in->op].exec;
        bool uniform = true;
        uint32_t count = 0, ran = 0;
        int coll = 0;
        bool fast = false;
        if (in->cls == SIM_CLASS_CTRL && (lanes_catch_up(th, mask, &pend), true) &&
            warp_exit_fast(x, w, th, mask, in)) {
            count = (uint32_t)__builtin_popcount(mask); /* pc stays at the ret, as per lane */
            ran = mask;
            fast = true;
        } else if ((in->cls == SIM_CLASS_FP32 && warp_f32_fast(th, mask, in)) ||
                   ((in->cls == SIM_CLASS_FP32 || in->cls == SIM_CLASS_SFU) &&
                    warp_f32_more(th, mask, in)) ||
                   ((in->cls == SIM_CLASS_MOV || in->cls == SIM_CLASS_INT) &&
                    warp_move_fast(x, th, mask, in)) ||
                   (in->cls == SIM_CLASS_INT && warp_int_fast(th, mask, in)) ||
                   (in->cls == SIM_CLASS_BIT && warp_bit_fast(th, mask, in)) ||
                   (in->cls == SIM_CLASS_CVT && warp_cvta_fast(th, mask, in)) ||
                   (((in->cls >= SIM_CLASS_LD_GLOBAL && in->cls <= SIM_CLASS_ST_SHARED) ||
                     in->cls == SIM_CLASS_LD_PARAM) &&
                    warp_mem_fast(x, w, th, mask, in)) ||
                   (lanes_catch_up(th, mask, &pend), coll = warp_coll_fast(x, w, th, mask, in)) >
                       0) {
            pend++; /* the lanes' pc and icount: written back by lanes_catch_up() */
            count = (uint32_t)__builtin_popcount(mask);
            ran = mask;
            fast = true; /* done: skip the lane loop (mask stays: the lanes go on together) */
        } else if (coll < 0) {
            by_class[in->cls] += (uint32_t)__builtin_popcount(mask);
            return -1; /* caught up before the collective */
        }
        for (uint32_t m = fast ? 0 : mask; m; m &= m - 1) {
            Thread *t = &th[__builtin_ctz(m)];
            if (t->state != ST_RUN || t->pc != pc) {
                uniform = false;
                continue;
            }
            count++;
            ran |= m & -m;
            t->icount++;
            if (in->guard != NOREG && (t->r[in->guard] & 1) == in->guard_neg) {
                t->pc++;
                continue;
            }
            int rc = ex(x, t, in);
            if (rc == EX_NEXT)
                t->pc++;
            else if (rc == EX_FAULT) {
                by_class[in->cls] += count;
                if (lines)
                    lines[in->line] += count;
                return -1;
            } else
                uniform = false;
        }
        by_class[in->cls] += count;
        if (lines)
            lines[in->line] += count;
        if (x->tm && ran)
            tm_step(x, w, pc, ran);
        /* the same lanes are together at pc + 1, and no other lane can be there first */
        known = uniform && ran == live && x->live[w] == live;
        pc++;
    }
    lanes_catch_up(th, mask, &pend);
    return 1;
}

static uint64_t
total_insts(const Exec *x)
{
    uint64_t n = 0;
    for (int c = 0; c < SIM_CLASS_COUNT; c++)
        n += x->st.by_class[c];
    return n;
}

/* The limit messages name no option: the CLI and the runtime API each add how to
   raise the limit in their own words. */
static int
limit_fault(Exec *x, Thread *t)
{
    return sim_fault(x, t, &x->code[t->pc], "instruction limit of %llu exceeded (an endless loop?)",
                     (unsigned long long)x->max_insts);
}

/* True once the launch has run past its deadline (SIM_OPT_TIMEOUT_MS). */
static bool
past_deadline(const Exec *x)
{
    if (!x->timeout_ms)
        return false;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > x->deadline.tv_sec ||
           (now.tv_sec == x->deadline.tv_sec && now.tv_nsec >= x->deadline.tv_nsec);
}

static int
timeout_fault(Exec *x, Thread *t)
{
    return sim_fault(x, t, t ? &x->code[t->pc] : &x->code[x->entry->start],
                     "time limit of %llu ms exceeded after %llu instructions",
                     (unsigned long long)x->timeout_ms, (unsigned long long)total_insts(x));
}

void
thread_release_frames(Thread *t)
{
    /* frames[0].r is the thread's slice of Exec.regs; every deeper set was calloc'd */
    for (; t->depth > 0; t->depth--) {
        free(t->r);
        t->r = t->frames[t->depth - 1].r;
    }
}

/* One pass over the CTA's warps: -1 on a fault, 1 when every thread has exited, else 0;
 * *progress: some warp ran. */
static int
cta_pass(Exec *x, bool *progress_out)
{
    bool progress = false;
    for (uint32_t w = 0; w < x->nwarps; w++) {
        Thread *th = &x->th[(size_t)w * WARP_SIZE];
        uint32_t live = x->live[w], run = 0;
        for (uint32_t m = live; m; m &= m - 1)
            run |= th[__builtin_ctz(m)].state == ST_RUN ? m & -m : 0;
        if (!run)
            continue;
        progress = true;
        /* after a slice that ends running, the message points at the looping warp;
         * the check before each slice catches loops whose warps all end their
         * slices blocked (on a warp collective such as ldmatrix) */
        Thread *first = &th[__builtin_ctz(run)];
        if (total_insts(x) > x->max_insts)
            return limit_fault(x, first);
        if (past_deadline(x))
            return timeout_fault(x, first);
        bool diverged;
        int rc = run_warp(x, w, &diverged);
        if (rc < 0)
            return -1;
        if (rc > 0 && total_insts(x) > x->max_insts) { /* blame the lane run last */
            Thread *low = NULL;
            for (uint32_t m = x->live[w]; m; m &= m - 1) {
                Thread *t = &th[__builtin_ctz(m)];
                if (t->state == ST_RUN && (!low || t->pc < low->pc))
                    low = t;
            }
            return limit_fault(x, low ? low : first);
        }
        if (rc > 0 && diverged) /* forward progress for lanes that wait on each other */
            for (uint32_t m = x->live[w]; m; m &= m - 1) {
                Thread *t = &th[__builtin_ctz(m)];
                if (t->state != ST_RUN)
                    continue;
                if (total_insts(x) > x->max_insts)
                    return limit_fault(x, t);
                if (past_deadline(x))
                    return timeout_fault(x, t);
                if (run_thread(x, t) < 0)
                    return -1;
            }
        for (uint32_t m = x->live[w]; m; m &= m - 1) {
            Thread *t = &th[__builtin_ctz(m)];
            if (t->state == ST_RUN && total_insts(x) > x->max_insts)
                return limit_fault(x, t);
        }
    }
    *progress_out = progress;
    if (x->nexited == x->nthreads) {
        uint32_t cols = sim_sm100_allocated(x);
        if (cols) /* at thread 0's exit */
            return sim_fault(x, &x->th[0], &x->code[x->th[0].pc],
                             "the CTA ends with %u tensor-memory columns still allocated "
                             "(tcgen05.dealloc them before the kernel exits: PTX ISA "
                             "9.7.16.1.2)",
                             cols);
        return 1;
    }
    return 0;
}

static int
run_cta(Exec *x)
{
    for (;;) {
        bool progress = false;
        int rc = cta_pass(x, &progress);
        if (rc < 0)
            return -1;
        if (rc > 0)
            break;
        if (!progress && !release_soft(x))
            return report_deadlock(x);
    }
    req_flush_all(x);
    return 0;
}

/* A cluster's CTAs co-scheduled (x->cluster, for CTA pairs): a pass over each CTA's warps
 * in turn, until every CTA has exited; a deadlock when none can run. */
static int
run_cluster(Exec *x)
{
    bool done[16] = { false };
    for (;;) {
        bool any = false, all = true;
        for (uint32_t r = 0; r < x->ncluster; r++) {
            if (done[r])
                continue;
            bool progress = false;
            if (x->tm)
                tm_cluster_use(x, r);
            int rc = cta_pass(x->cluster[r], &progress);
            if (rc < 0)
                return -1;
            if (rc > 0) {
                done[r] = true;
                req_flush_all(x->cluster[r]);
                any = true;
                continue;
            }
            all = false;
            any = any || progress;
        }
        if (all)
            return 0;
        if (any)
            continue;
        bool released = false;
        for (uint32_t r = 0; r < x->ncluster; r++)
            released = (!done[r] && release_soft(x->cluster[r])) || released;
        if (released)
            continue;
        for (uint32_t r = 0; r < x->ncluster; r++)
            if (!done[r])
                return report_deadlock(x->cluster[r]);
    }
}

static void
init_cta(Exec *x, uint32_t cx, uint32_t cy, uint32_t cz)
{
    const Func *f = x->entry;
    x->ctaid[0] = cx;
    x->ctaid[1] = cy;
    x->ctaid[2] = cz;
    memset(x->shared, x->fill, x->shared_size);
    memset(x->regs, 0, (size_t)x->nthreads * (f->nregs ? f->nregs : 1) * sizeof *x->regs);
    if (x->local_size)
        memset(x->local, x->fill, (size_t)x->nthreads * x->local_size);
    memset(x->bar, 0, sizeof x->bar);
    x->bar_busy = 0;
    memset(x->live, 0, sizeof x->live);
    memset(x->ngroups, 0, sizeof x->ngroups);
    if (x->occ)
        memset(x->occ, 0, (size_t)x->nthreads * x->m->nslots * sizeof *x->occ);
    x->nexited = 0;
    x->clb_count = x->clb_phase = 0;
    sim_sm90_cta_reset(x);
    sim_sm100_cta_reset(x);
    uint32_t tx = 0, ty = 0, tz = 0; /* thread i's (x, y, z) without a division each */
    for (uint32_t i = 0; i < x->nthreads; i++) {
        Thread *t = &x->th[i];
        if (t->depth)
            thread_release_frames(t); /* an `exit` inside a .func leaves its frames */
        t->r = x->regs + (size_t)i * (f->nregs ? f->nregs : 1);
        t->pc = f->start;
        t->state = ST_RUN;
        t->tid = i;
        t->lane = i % WARP_SIZE;
        t->warp = i / WARP_SIZE;
        t->tidv[0] = tx;
        t->tidv[1] = ty;
        t->tidv[2] = tz;
        if (++tx == x->block[0]) {
            tx = 0;
            if (++ty == x->block[1]) {
                ty = 0;
                tz++;
            }
        }
        t->local_base = 0;
        t->depth = 0;
        t->func = (uint32_t)(f - x->m->funcs);
        t->cp_group = 0;
        t->ncp = 0;
        t->icount = 0;
        t->yield_pc = NOREG;
        t->maxnreg = 0;
        t->wg_groups = 0;
        t->cl_phase = 0;
        t->local = x->local ? x->local + (size_t)i * x->local_size : NULL;
        x->live[t->warp] |= 1u << t->lane;
    }
    x->st.ctas++;
    x->st.threads += x->nthreads;
}

/* Each CTA started counts as CTA_COST instructions toward the instruction limit, so
   that a huge grid of trivial CTAs (65535^3 of one `ret` each) ends as surely as an
   endless loop: setting up a CTA costs about as much as that many instructions. */
#define CTA_COST 32

/*
 * A timed launch that samples its CTAs probes the CTAs it leaves out (all of them up
 * to 16384, else about 4096 spread by a hash: timing.c, tm_next_probed_cta, which
 * extrapolates what it finds to the rest): a probed CTA's warps run
 * untimed, one after the other, for at most PROBE_SLICE warp instructions each.  When
 * they all exit within that, having moved no data, the CTA is light (a CTA past the edge
 * of the problem that returns at once, as a CUTLASS grid rounded up to its swizzle has;
 * a short CTA that loads or stores is heavy, as its traffic is work): the model counts it
 * as such instead of extrapolating the sample's CTAs over it (tm_light_cta).  A warp
 * still running, or waiting at a barrier, makes the CTA heavy, and the probe stops
 * there: a heavy CTA costs one warp's PROBE_SLICE instructions.  The probe's work is
 * left out of the launch's statistics; what it stored stays (a sampled launch's outputs
 * are not meaningful).
 */
static bool
probe_light(Exec *x, uint32_t cx, uint32_t cy, uint32_t cz)
{
    Timing *tm = x->tm;
    SimStats st = x->st;
    uint64_t *lines = x->line_counts;
    x->tm = NULL;
    x->line_counts = NULL;
    x->slice = PROBE_SLICE;
    init_cta(x, cx, cy, cz);
    bool light = true;
    for (uint32_t w = 0; w < x->nwarps && light; w++) {
        bool diverged;
        if (run_warp(x, w, &diverged) < 0) {
            light = false;
            break;
        }
        const Thread *th = &x->th[(size_t)w * WARP_SIZE];
        for (uint32_t m = x->live[w]; m && light; m &= m - 1)
            light = th[__builtin_ctz(m)].state == ST_EXIT;
    }
    req_flush_all(x);
    /* a CTA that moves data is work, however short (timing.c's tm_cta_end alike) */
    const SimStats *now = &x->st;
    if (now->global_ld_requests != st.global_ld_requests ||
        now->global_st_requests != st.global_st_requests ||
        now->shared_ld_requests != st.shared_ld_requests ||
        now->shared_st_requests != st.shared_st_requests || now->atomics != st.atomics ||
        now->tma_ld_copies != st.tma_ld_copies || now->tma_st_copies != st.tma_st_copies)
        light = false;
    x->faulted = false;
    x->slice = SLICE;
    x->st = st;
    x->line_counts = lines;
    x->tm = tm;
    return light;
}

/* The next CTA at or after linear that runs: sampled, or probed (UINT64_MAX: none). */
static uint64_t
next_cta(const Exec *x, uint64_t linear)
{
    uint64_t s = tm_next_sampled_cta(x, linear), p = tm_next_probed_cta(x, linear);
    return s < p ? s : p;
}

/* Is a CTA of the cluster at (cx, cy, cz) in a timed launch's sample?  (The whole cluster
 * then runs: its CTAs work together.  The clusters left out are not probed.) */
static bool
cluster_sampled(const Exec *x, const uint32_t *cd, uint32_t cx, uint32_t cy, uint32_t cz)
{
    for (uint32_t r = 0; r < x->ncluster; r++) {
        uint64_t lin = cx + r % cd[0] +
                       (uint64_t)x->grid[0] * (cy + r / cd[0] % cd[1] +
                                               (uint64_t)x->grid[1] * (cz + r / (cd[0] * cd[1])));
        if (tm_next_sampled_cta(x, lin) == lin)
            return true;
    }
    return false;
}

/* Every cluster's CTAs together (x->cluster: a kernel with CTA pairs): the cluster of each
 * CTA whose coordinates are multiples of the cluster's shape, rank r at (x + r % cx,
 * y + r / cx % cy, z + r / (cx cy)) as %cluster_ctarank numbers them.  Timed, each CTA
 * has its own timing state (tm_cluster_use), and a sample takes whole clusters. */
static SimResult
launch_clusters(Exec *x, uint64_t total)
{
    uint32_t cd[3];
    for (int d = 0; d < 3; d++)
        cd[d] = cluster_dim(x, d);
    for (uint64_t linear = 0; linear < total; linear++) {
        uint32_t cx = (uint32_t)(linear % x->grid[0]);
        uint32_t cy = (uint32_t)(linear / x->grid[0] % x->grid[1]);
        uint32_t cz = (uint32_t)(linear / x->grid[0] / x->grid[1]);
        if (cx % cd[0] || cy % cd[1] || cz % cd[2] || !cluster_sampled(x, cd, cx, cy, cz))
            continue;
        if (past_deadline(x))
            return timeout_fault(x, NULL), SIM_ERR_FAULT;
        if (x->ctx->progress)
            x->ctx->progress(x->ctx->progress_user, linear + 1, total);
        for (uint32_t r = 0; r < x->ncluster; r++) {
            init_cta(x->cluster[r], cx + r % cd[0], cy + r / cd[0] % cd[1],
                     cz + r / (cd[0] * cd[1]));
            if (x->tm) {
                tm_cluster_use(x, r);
                tm_cta_begin(x->cluster[r]);
            }
        }
        if (run_cluster(x) < 0)
            return SIM_ERR_FAULT;
        for (uint32_t r = 0; x->tm && r < x->ncluster; r++) {
            tm_cluster_use(x, r);
            tm_cta_end(x->cluster[r]);
        }
    }
    return SIM_OK;
}

SimResult
exec_launch(Exec *x)
{
    /* the CTAs in row-major order; a sampled launch (timing) visits only the CTAs of its
       sample and the ones it probes, not every CTA of the grid (skipping 2^31 - 1 of them
       took minutes) */
    uint64_t total = (uint64_t)x->grid[0] * x->grid[1] * x->grid[2];
    if (x->cluster)
        return launch_clusters(x, total);
    for (uint64_t linear = next_cta(x, 0); linear < total; linear = next_cta(x, linear + 1)) {
        if (past_deadline(x)) /* a huge grid of short CTAs */
            return timeout_fault(x, NULL), SIM_ERR_FAULT;
        if (total_insts(x) + CTA_COST * x->st.ctas > x->max_insts)
            return sim_fault(x, NULL, &x->code[x->entry->start],
                             "instruction limit of %llu exceeded after %llu CTAs (each CTA "
                             "started counts as %d instructions)",
                             (unsigned long long)x->max_insts, (unsigned long long)x->st.ctas,
                             CTA_COST),
                   SIM_ERR_FAULT;
        if (x->ctx->progress)
            x->ctx->progress(x->ctx->progress_user, linear + 1, total);
        uint32_t cx = (uint32_t)(linear % x->grid[0]);
        uint32_t cy = (uint32_t)(linear / x->grid[0] % x->grid[1]);
        uint32_t cz = (uint32_t)(linear / x->grid[0] / x->grid[1]);
        if (tm_next_sampled_cta(x, linear) != linear) { /* left out of the sample: probed */
            tm_probed_cta(x, probe_light(x, cx, cy, cz));
            continue;
        }
        init_cta(x, cx, cy, cz);
        if (x->tm)
            tm_cta_begin(x);
        if (run_cta(x) < 0)
            return SIM_ERR_FAULT;
        if (x->tm)
            tm_cta_end(x);
    }
    return SIM_OK;
}
