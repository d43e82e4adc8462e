/*
 * exec_sm90.c -- the Hopper (sm_90a) instructions: mbarrier, cp.async.bulk
 * (plain and tensor), wgmma [ptx-sm90.md §1-§5].
 *
 * Requires:  Insts decoded through ops.def (tensor operands [map, {c..}]
 *            arrive as an address followed by a coordinate list).
 * Ensures:   mbarriers follow the state machine of ptx-sm90.md §1.4 exactly
 *            (phase, expected and pending arrivals, signed tx-count), kept in
 *            a table beside the CTA's shared memory keyed by shared offset;
 *            try_wait on an incomplete phase parks the thread (ST_MBAR) until
 *            the phase moves, so a wait that can never complete is reported
 *            as a located deadlock instead of spinning.  Bulk and tensor
 *            copies complete at issue (one legal schedule, §1.4 (4)): data
 *            first, then complete_tx on the mbarrier; bulk async-groups are
 *            therefore always complete.  Tensor copies walk the box of §2.6,
 *            fill out-of-bound elements with zero (or NaN), and apply the
 *            swizzle of §3 to the absolute shared address.  wgmma.mma_async
 *            is a rendezvous of the 128 threads of a warpgroup; it reads A/B
 *            through the matrix descriptors of §4.2-4.3 (or A from registers)
 *            and writes D in the fragment layout of §4.4 at once.
 *            Clusters have one CTA.
 */
#include "sim/simint.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define WG_MARK        0xffffffffu /* Thread.wait_id of a thread parked in wgmma.mma_async */
#define TX_MAX         ((1 << 20) - 1)
#define TOK_PHASE_MASK ((1ull << 40) - 1)

typedef struct {
    uint32_t off;
    bool valid;
    uint64_t phase;
    uint32_t expected, pending;
    int32_t tx;
    uint32_t init_line;
} Mbar;

struct SimSm90 {
    Mbar *b;
    uint32_t n, cap;
};

void
sim_sm90_cta_reset(Exec *x)
{
    if (x->sm90)
        x->sm90->n = 0;
}

void
sim_sm90_free(Exec *x)
{
    if (x->sm90)
        free(x->sm90->b);
    free(x->sm90);
    x->sm90 = NULL;
}

static Mbar *
mbar_find(Exec *x, uint32_t off)
{
    if (!x->sm90)
        return NULL;
    for (uint32_t i = 0; i < x->sm90->n; i++)
        if (x->sm90->b[i].off == off)
            return &x->sm90->b[i];
    return NULL;
}

static Mbar *
mbar_create(Exec *x, uint32_t off)
{
    Mbar *b = mbar_find(x, off);
    if (b)
        return b;
    if (!x->sm90 && !(x->sm90 = calloc(1, sizeof *x->sm90)))
        return NULL;
    struct SimSm90 *s = x->sm90;
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? 2 * s->cap : 16;
        Mbar *nb = realloc(s->b, cap * sizeof *nb);
        if (!nb)
            return NULL;
        s->b = nb;
        s->cap = cap;
    }
    b = &s->b[s->n++];
    memset(b, 0, sizeof *b);
    b->off = off;
    return b;
}

/* Phase completion [§1.2]: pending == 0 && tx == 0 moves to the next phase
 * and wakes the threads parked in try_wait on this barrier. */
static void
settle(Exec *x, Mbar *b)
{
    if (b->pending != 0 || b->tx != 0)
        return;
    b->phase++;
    b->pending = b->expected;
    for (uint32_t i = 0; i < x->nthreads; i++)
        if (x->th[i].state == ST_MBAR && x->th[i].wait_id == b->off)
            x->th[i].state = ST_RUN;
}

/* Shared-memory offset of an [addr] operand in space sp (SP_NONE: generic). */
static bool
smem_addr(Exec *x, Thread *t, const Inst *in, int sp, const Opd *o, uint32_t size, uint32_t align,
          uint32_t *off)
{
    uint64_t a = addr_of(x, t, o);
    if (o->aux == ADDR_FRAME)
        sp = SP_LOCAL;
    if (sp == SP_NONE)
        sp = generic_space(&a);
    if (sp != SP_SHARED) {
        sim_fault(x, t, in, "'%s' needs a shared-memory address, not 0x%llx",
                  sim_op_table[in->op].mnemonic, (unsigned long long)addr_of(x, t, o));
        return false;
    }
    if (!mem_access(x, t, in, SP_SHARED, a, size, align, false))
        return false;
    *off = (uint32_t)a;
    return true;
}

static Mbar *
mbar_live(Exec *x, Thread *t, const Inst *in, uint32_t off)
{
    Mbar *b = mbar_find(x, off);
    if (!b || !b->valid) {
        sim_fault(x, t, in, "'%s' on shared offset 0x%x, which holds no initialised mbarrier%s",
                  sim_op_table[in->op].mnemonic, off,
                  b ? " (it was invalidated)" : " (mbarrier.init it first)");
        return NULL;
    }
    return b;
}

static bool
add_tx(Exec *x, Thread *t, const Inst *in, Mbar *b, int64_t d)
{
    int64_t v = (int64_t)b->tx + d;
    if (v > TX_MAX || v < -TX_MAX)
        return sim_fault(x, t, in,
                         "mbarrier at shared offset 0x%x: tx-count %lld leaves the range "
                         "[-(2^20-1), 2^20-1]",
                         b->off, (long long)v) != EX_FAULT;
    b->tx = (int32_t)v;
    return true;
}

/* Complete-tx of a finished bulk or tensor copy on the mbarrier at off. */
static bool
copy_complete_tx(Exec *x, Thread *t, const Inst *in, uint32_t off, uint64_t bytes)
{
    Mbar *b = mbar_live(x, t, in, off);
    if (!b || !add_tx(x, t, in, b, -(int64_t)bytes))
        return false;
    settle(x, b);
    return true;
}

/*
 * A failed test_wait normally returns at once.  A thread that polls the same
 * instruction SPIN_POLLS times in a row while the barrier stays in one phase is
 * spinning on it: park it like try_wait, so that it wakes when the phase moves
 * and a phase that can never complete is reported as a deadlock instead of
 * running into the instruction limit.  (Only a polling loop whose iterations
 * also do work that other threads wait for could tell the difference.)
 */
enum { SPIN_POLLS = 4096 };

static bool
spinning(Thread *t, const Mbar *b)
{
    if (t->spin_pc != t->pc || t->spin_phase != b->phase) {
        t->spin_pc = t->pc;
        t->spin_phase = b->phase;
        t->spin_count = 0;
    }
    return ++t->spin_count >= SPIN_POLLS;
}

int
sim_ex_mbar(Exec *x, Thread *t, const Inst *in)
{
    int op = in->op;
    uint32_t off;
    if (op == OP_MBAR_PENDING) {
        uint64_t tok = opd_read(x, t, &in->o[1]);
        reg_write(t, &in->o[0], (tok >> 40) & 0xfffff);
        return EX_NEXT;
    }
    int ai = op == OP_MBAR_INIT || op == OP_MBAR_INVAL || op == OP_MBAR_EXPECT ||
                     op == OP_MBAR_COMPLETE || op == OP_CP_MBAR_ARRIVE || op == OP_CP_MBAR_ARR_NI
                 ? 0
                 : 1;
    if (in->o[ai].kind != OPD_ADDR)
        return sim_fault(x, t, in, "'%s' needs an [address] operand", sim_op_table[op].mnemonic);
    if (!smem_addr(x, t, in, in->space, &in->o[ai], 8, 8, &off))
        return EX_FAULT;
    if (x->cluster && off >> SHARED_CTA_SHIFT) { /* another CTA's mbarrier (mapa) */
        bool remote = op == OP_MBAR_ARRIVE || op == OP_MBAR_ARR_TX || op == OP_MBAR_DROP ||
                      op == OP_MBAR_DROP_TX || op == OP_MBAR_EXPECT || op == OP_MBAR_COMPLETE;
        if (!remote)
            return sim_fault(x, t, in,
                             "'%s' on another CTA's mbarrier (shared::cluster address 0x%x): "
                             "only arrive, expect_tx and complete_tx reach one",
                             sim_op_table[op].mnemonic, off);
        x = x->cluster[(off >> SHARED_CTA_SHIFT) - 1]; /* smem_addr checked the rank */
        off &= (1u << SHARED_CTA_SHIFT) - 1;
    }
    if (op == OP_MBAR_INIT) {
        uint64_t n = opd_read(x, t, &in->o[1]) & 0xffffffffu;
        Mbar *b = mbar_create(x, off);
        if (!b)
            return sim_fault(x, t, in, "out of memory");
        if (b->valid)
            return sim_fault(x, t, in,
                             "mbarrier.init of the live mbarrier at shared offset 0x%x "
                             "(initialised at line %u; mbarrier.inval it first)",
                             off, b->init_line);
        if (n < 1 || n > TX_MAX)
            return sim_fault(x, t, in, "mbarrier.init count %llu is outside 1..2^20-1",
                             (unsigned long long)n);
        *b = (Mbar){ off, true, 0, (uint32_t)n, (uint32_t)n, 0, in->line };
        return EX_NEXT;
    }
    Mbar *b = mbar_live(x, t, in, off);
    if (!b)
        return EX_FAULT;
    switch (op) {
    case OP_CP_MBAR_ARRIVE:
    case OP_CP_MBAR_ARR_NI:
        /* The arrive-on fires once this thread's earlier cp.async copies
         * have landed: land them now.  Without .noinc the pending count is
         * raised by one first, so only .noinc changes the count. */
        thread_exit_cp(x, t);
        if (op == OP_CP_MBAR_ARRIVE)
            return EX_NEXT;
        if (b->pending < 1)
            return sim_fault(x, t, in,
                             "cp.async.mbarrier.arrive.noinc on an mbarrier with no "
                             "pending arrivals");
        b->pending--;
        settle(x, b);
        return EX_NEXT;
    case OP_MBAR_INVAL:
        b->valid = false;
        return EX_NEXT;
    case OP_MBAR_EXPECT:
        if (!add_tx(x, t, in, b, (int64_t)(opd_read(x, t, &in->o[1]) & 0xffffffffu)))
            return EX_FAULT;
        settle(x, b);
        return EX_NEXT;
    case OP_MBAR_COMPLETE:
        if (!add_tx(x, t, in, b, -(int64_t)(opd_read(x, t, &in->o[1]) & 0xffffffffu)))
            return EX_FAULT;
        settle(x, b);
        return EX_NEXT;
    case OP_MBAR_ARRIVE:
    case OP_MBAR_ARR_NC:
    case OP_MBAR_ARR_TX:
    case OP_MBAR_DROP:
    case OP_MBAR_DROP_NC:
    case OP_MBAR_DROP_TX: {
        bool tx = op == OP_MBAR_ARR_TX || op == OP_MBAR_DROP_TX;
        bool drop = op == OP_MBAR_DROP || op == OP_MBAR_DROP_NC || op == OP_MBAR_DROP_TX;
        bool nocomplete = op == OP_MBAR_ARR_NC || op == OP_MBAR_DROP_NC;
        uint64_t c = 1;
        if (!tx && in->nopd > 2)
            c = opd_read(x, t, &in->o[2]) & 0xffffffffu;
        if (c < 1 || c > TX_MAX)
            return sim_fault(x, t, in, "arrival count %llu is outside 1..2^20-1",
                             (unsigned long long)c);
        if (tx && !add_tx(x, t, in, b, (int64_t)(opd_read(x, t, &in->o[2]) & 0xffffffffu)))
            return EX_FAULT;
        if (b->pending < c)
            return sim_fault(x, t, in,
                             "arrive of %llu on the mbarrier at shared offset 0x%x, which has "
                             "only %u pending arrivals in phase %llu (more arrivals than "
                             "mbarrier.init's count %u)",
                             (unsigned long long)c, off, b->pending, (unsigned long long)b->phase,
                             b->expected);
        if (drop) {
            if (b->expected < c)
                return sim_fault(x, t, in, "arrive_drop of %llu below an expected count of %u",
                                 (unsigned long long)c, b->expected);
            b->expected -= (uint32_t)c;
        }
        uint64_t tok = b->phase & TOK_PHASE_MASK;
        b->pending -= (uint32_t)c;
        if (nocomplete) {
            if (b->pending == 0 && b->tx == 0)
                return sim_fault(x, t, in,
                                 "'.noComplete' arrive would complete the phase of the "
                                 "mbarrier at shared offset 0x%x",
                                 off);
            tok |= (uint64_t)b->pending << 40;
        }
        settle(x, b);
        reg_write(t, &in->o[0], tok);
        return EX_NEXT;
    }
    default: { /* test_wait / try_wait {.parity} */
        bool parity = op == OP_MBAR_TEST_P || op == OP_MBAR_TRY_P;
        uint64_t v = opd_read(x, t, &in->o[2]);
        bool done;
        if (parity) {
            done = (b->phase & 1) != (v & 1);
        } else {
            uint64_t tok = v & TOK_PHASE_MASK, ph = b->phase & TOK_PHASE_MASK;
            if (tok > ph || tok + 1 < ph)
                return sim_fault(x, t, in,
                                 "wait on a token of phase %llu of the mbarrier at shared "
                                 "offset 0x%x, which is in phase %llu (only the current and "
                                 "the previous phase can be waited on)",
                                 (unsigned long long)tok, off, (unsigned long long)ph);
            done = ph > tok;
        }
        if (!done && (op == OP_MBAR_TRY || op == OP_MBAR_TRY_P || spinning(t, b))) {
            t->state = ST_MBAR;
            t->wait_id = off;
            return EX_BLOCK;
        }
        if (done)
            t->spin_count = 0;
        reg_write(t, &in->o[0], done);
        return EX_NEXT;
    }
    }
}

/* ---- deadlocks ---- */

static void
list_waiters(const Exec *x, char *buf, size_t n, uint32_t wait_id, uint32_t pc)
{
    size_t len = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < x->nthreads && len + 24 < n; i++) {
        const Thread *u = &x->th[i];
        if (u->state != ST_MBAR || u->wait_id != wait_id || u->pc != pc)
            continue;
        uint32_t j = i;
        while (j + 1 < x->nthreads && x->th[j + 1].state == ST_MBAR &&
               x->th[j + 1].wait_id == wait_id && x->th[j + 1].pc == pc)
            j++;
        len +=
            (size_t)snprintf(buf + len, n - len, j > i ? "%s%u-%u" : "%s%u", len ? "," : "", i, j);
        i = j;
    }
}

int
sim_sm90_deadlock(Exec *x, const Thread *t)
{
    const Inst *in = &x->code[t->pc];
    char who[256];
    list_waiters(x, who, sizeof who, t->wait_id, t->pc);
    if (t->wait_id == WG_MARK) {
        uint32_t base = t->tid / 128 * 128;
        for (uint32_t k = base; k < base + 128 && k < x->nthreads; k++) {
            const Thread *u = &x->th[k];
            if (u->state == ST_MBAR && u->wait_id == WG_MARK && u->pc == t->pc)
                continue;
            if (u->state == ST_EXIT)
                return sim_fault(x, t, in,
                                 "deadlock: '%s' of warpgroup %u never completes: threads %s "
                                 "wait, thread %u has exited",
                                 sim_op_table[in->op].mnemonic, base / 128, who, k);
            return sim_fault(x, t, in,
                             "deadlock: '%s' of warpgroup %u never completes: threads %s wait, "
                             "thread %u waits at line %u",
                             sim_op_table[in->op].mnemonic, base / 128, who, k,
                             x->code[u->pc].line);
        }
        return sim_fault(x, t, in, "deadlock in '%s'", sim_op_table[in->op].mnemonic);
    }
    const Mbar *b = mbar_find(x, t->wait_id);
    if (!b)
        return sim_fault(x, t, in, "deadlock in '%s'", sim_op_table[in->op].mnemonic);
    return sim_fault(x, t, in,
                     "deadlock: the mbarrier at shared offset 0x%x never completes phase %llu "
                     "(%u of %u arrivals pending, tx-count %d): threads %s wait in '%s'",
                     b->off, (unsigned long long)b->phase, b->pending, b->expected, b->tx, who,
                     sim_op_table[in->op].mnemonic);
}

/* ---- cp.async.bulk{.tensor} [§2] ---- */

bool
sim_dec_bulk(Decoder *d, Inst *in)
{
    bool store = (in->flags & F_BULKGRP) != 0;
    if (in->op == OP_BULK) {
        if (in->o[0].kind != OPD_ADDR || in->o[1].kind != OPD_ADDR)
            return dec_error(d, "cp.async.bulk needs [dst], [src], size");
        if (!store && (in->nopd < 4 || in->o[3].kind != OPD_ADDR))
            return dec_error(d, "cp.async.bulk into shared memory needs an [mbar] operand");
        return true;
    }
    if (in->num < 1 || in->num > 5)
        return dec_error(d, "cp.async.bulk.tensor needs a dimension (.1d ... .5d)");
    int c = store ? 1 : 2;
    if (in->o[c - 1].kind != OPD_ADDR || in->o[c].kind != OPD_VEC)
        return dec_error(d, "cp.async.bulk.tensor needs a [tensorMap, {coordinates}] operand");
    if (in->o[c].n != in->num)
        return dec_error(d, "cp.async.bulk.tensor.%ud needs %u coordinates, not %u", in->num,
                         in->num, in->o[c].n);
    if (store ? in->o[2].kind != OPD_ADDR
              : in->o[0].kind != OPD_ADDR || in->nopd < 4 || in->o[3].kind != OPD_ADDR)
        return dec_error(d, "cp.async.bulk.tensor needs %s",
                         store ? "[tensorMap, {...}], [src]" : "[dst], [tensorMap, {...}], [mbar]");
    if (in->sub == SUB_MCAST_CLUSTER) { /* [dst], [map, {..}], [mbar], ctaMask */
        if (store || in->nopd != 5)
            return dec_error(d, "cp.async.bulk.tensor .multicast::cluster needs [dst], "
                                "[tensorMap, {...}], [mbar], ctaMask");
        d->opty[4] = TY_B16;
    }
    return true;
}

static uint32_t
swizzle_addr(uint32_t a, unsigned mode)
{
    if (mode == 0)
        return a;
    uint32_t span = 16u << mode; /* 32B: 1, 64B: 2, 128B: 3 */
    return a ^ (((a >> 7) & (span / 16 - 1)) << 4);
}

/* A tensor copy (to: the CTA whose shared memory and mbarrier a load fills: x, or a
 * cluster CTA of a .multicast::cluster load). */
static int tensor_copy_to(Exec *x, Thread *t, const Inst *in, Exec *to);

static int
tensor_copy(Exec *x, Thread *t, const Inst *in)
{
    if (in->sub != SUB_MCAST_CLUSTER)
        return tensor_copy_to(x, t, in, x);
    /* .multicast::cluster [PTX 9.7.9.25.5.1]: the box to the same shared offset, and its
     * complete_tx to the mbarrier at the same offset, in every CTA of the 16-bit mask */
    uint32_t mask = (uint32_t)opd_read(x, t, &in->o[4]) & 0xffff, n = x->cluster ? x->ncluster : 1;
    if (!x->cluster && mask != 1)
        return sim_fault(x, t, in,
                         "multicast tensor copy to CTA mask 0x%04x: the simulator runs this "
                         "kernel's cluster CTAs one after another (clusters of one CTA, or "
                         "more than 16)",
                         mask);
    if (mask >> n)
        return sim_fault(x, t, in, "multicast CTA mask 0x%04x names CTAs beyond the cluster's %u",
                         mask, n);
    /* the timing model reads the box from L2 once, for the first destination, and
       completes the mbarrier of every destination (tm_bulk_mcast) */
    Timing *tm = x->tm;
    int rc = EX_NEXT;
    for (uint32_t r = 0; r < n && rc == EX_NEXT; r++)
        if (mask >> r & 1) {
            rc = tensor_copy_to(x, t, in, x->cluster ? x->cluster[r] : x);
            x->tm = NULL;
        }
    x->tm = tm;
    if (tm && rc == EX_NEXT)
        tm_bulk_mcast(x, mask);
    return rc;
}

static int
tensor_copy_to(Exec *x, Thread *t, const Inst *in, Exec *to)
{
    bool store = (in->flags & F_BULKGRP) != 0;
    const Opd *mo = &in->o[store ? 0 : 1], *co = &in->o[store ? 1 : 2];
    uint64_t ma = addr_of(x, t, mo);
    const uint8_t *mb = mem_access(x, t, in, SP_NONE, ma, 128, 64, false);
    if (!mb)
        return EX_FAULT;
    SimTmap m;
    char why[160];
    if (!sim_tmap_decode(mb, &m, why, sizeof why))
        return sim_fault(x, t, in, "0x%llx does not hold a valid tensor map: %s",
                         (unsigned long long)ma, why);
    if (m.rank != in->num)
        return sim_fault(x, t, in, "cp.async.bulk.tensor.%ud with a tensor map of rank %u", in->num,
                         m.rank);
    if (m.interleave)
        return sim_fault(x, t, in, "interleaved tensor maps are not supported");
    int64_t c[5] = { 0 };
    uint64_t n[5] = { 1, 1, 1, 1, 1 };
    for (unsigned d = 0; d < m.rank; d++) {
        c[d] = (int32_t)(uint32_t)opd_read(x, t, &x->vecs[co->r + d]);
        n[d] = d == 0 ? m.box[0] : (m.box[d] + m.estride[d] - 1u) / m.estride[d];
        if (store && c[d] < 0)
            return sim_fault(x, t, in, "tensor store coordinate %u is negative (%lld)", d,
                             (long long)c[d]);
    }
    uint32_t soff;
    const Opd *so = &in->o[store ? 2 : 0];
    if (!smem_addr(x, t, in, SP_SHARED, so, 16, 16, &soff))
        return EX_FAULT;
    uint64_t bytes = (uint64_t)m.esize * n[0] * n[1] * n[2] * n[3] * n[4];
    uint64_t lin = 0;
    for (uint64_t i4 = 0; i4 < n[4]; i4++)
        for (uint64_t i3 = 0; i3 < n[3]; i3++)
            for (uint64_t i2 = 0; i2 < n[2]; i2++)
                for (uint64_t i1 = 0; i1 < n[1]; i1++)
                    for (uint64_t i0 = 0; i0 < n[0]; i0++, lin++) {
                        uint64_t idx[5] = { i0, i1, i2, i3, i4 };
                        bool oob = false;
                        uint64_t ga = m.base;
                        for (unsigned d = 0; d < m.rank; d++) {
                            int64_t g = c[d] + (int64_t)idx[d] * (d ? m.estride[d] : 1);
                            if (g < 0 || (uint64_t)g >= m.dim[d])
                                oob = true;
                            else
                                ga += (uint64_t)g * m.stride[d];
                        }
                        uint64_t la = soff + lin * m.esize;
                        uint32_t pa = swizzle_addr((uint32_t)la, m.swizzle);
                        if (la >= WIN_SIZE)
                            return sim_fault(x, t, in, "tensor box leaves shared memory");
                        uint8_t *sp = mem_access(to, t, in, SP_SHARED, pa, m.esize, 1, !store);
                        if (!sp)
                            return EX_FAULT;
                        if (store) {
                            if (oob)
                                continue;
                            uint8_t *gp = mem_access(x, t, in, SP_GLOBAL, ga, m.esize, 1, true);
                            if (!gp)
                                return EX_FAULT;
                            memcpy(gp, sp, m.esize);
                            x->st.tma_st_bytes += m.esize;
                            if (x->tm)
                                tm_bulk(x, ga, m.esize, true);
                        } else if (oob) {
                            x->st.tma_fill_bytes += m.esize;
                            memset(sp, m.oob ? 0xff : 0, m.esize);
                            if (m.oob)
                                sp[m.esize - 1] = 0x7f; /* a NaN of every float width */
                        } else {
                            const uint8_t *gp =
                                mem_access(x, t, in, SP_GLOBAL, ga, m.esize, 1, false);
                            if (!gp)
                                return EX_FAULT;
                            memcpy(sp, gp, m.esize);
                            x->st.tma_ld_bytes += m.esize;
                            if (x->tm)
                                tm_bulk(x, ga, m.esize, false);
                        }
                    }
    if (store) {
        x->st.tma_st_copies++;
        return EX_NEXT;
    }
    x->st.tma_ld_copies++;
    uint32_t boff;
    if (!smem_addr(x, t, in, SP_SHARED, &in->o[3], 8, 8, &boff))
        return EX_FAULT;
    if (x->tm)
        tm_bulk_mbar(x, boff);
    return copy_complete_tx(to, t, in, boff, bytes) ? EX_NEXT : EX_FAULT;
}

int
sim_ex_bulk(Exec *x, Thread *t, const Inst *in)
{
    if (in->op == OP_BULK_TENSOR)
        return tensor_copy(x, t, in);
    bool store = (in->flags & F_BULKGRP) != 0;
    uint64_t size = opd_read(x, t, &in->o[2]) & 0xffffffffu;
    if (size % 16 || size == 0)
        return sim_fault(x, t, in, "cp.async.bulk size %llu is not a positive multiple of 16",
                         (unsigned long long)size);
    uint64_t dst = addr_of(x, t, &in->o[0]), src = addr_of(x, t, &in->o[1]);
    int dsp = store ? SP_GLOBAL : SP_SHARED;
    int ssp = store ? SP_SHARED : (in->space == SP_NONE ? SP_GLOBAL : in->space);
    uint8_t *dp = mem_access(x, t, in, dsp, dst, (uint32_t)size, 16, true);
    if (!dp)
        return EX_FAULT;
    const uint8_t *sp = mem_access(x, t, in, ssp, src, (uint32_t)size, 16, false);
    if (!sp)
        return EX_FAULT;
    memmove(dp, sp, size);
    if (x->tm)
        tm_bulk(x, store ? dst : src, (uint32_t)size, store);
    if (store) {
        x->st.tma_st_copies++;
        x->st.tma_st_bytes += size;
        return EX_NEXT;
    }
    x->st.tma_ld_copies++;
    x->st.tma_ld_bytes += size;
    uint32_t boff;
    if (!smem_addr(x, t, in, SP_SHARED, &in->o[3], 8, 8, &boff))
        return EX_FAULT;
    if (x->tm)
        tm_bulk_mbar(x, boff);
    return copy_complete_tx(x, t, in, boff, size) ? EX_NEXT : EX_FAULT;
}

/* Copies complete at issue, so every bulk async-group is complete. */
int
sim_ex_bulk_commit(Exec *x, Thread *t, const Inst *in)
{
    (void)x, (void)t, (void)in;
    return EX_NEXT;
}

int
sim_ex_bulk_wait(Exec *x, Thread *t, const Inst *in)
{
    (void)x, (void)t, (void)in;
    return EX_NEXT;
}

/* ---- wgmma [§4] ---- */

int
sim_ex_wgmma_sync(Exec *x, Thread *t, const Inst *in)
{
    if (x->nthreads % 128)
        return sim_fault(x, t, in, "'%s' needs whole warpgroups, but the block has %u threads",
                         sim_op_table[in->op].mnemonic, x->nthreads);
    /* mma_async computes at once; the groups are only counted.  Every thread of a
     * warpgroup keeps the same count (the instructions are .aligned); its first
     * thread reports for the warpgroup. */
    bool first = t->tid % 128 == 0;
    if (in->op == OP_WGMMA_COMMIT) {
        t->wg_groups++;
        if (first) {
            x->st.wgmma_groups++;
            if (t->wg_groups > x->st.wgmma_inflight_max)
                x->st.wgmma_inflight_max = t->wg_groups;
        }
    } else if (in->op == OP_WGMMA_WAIT) {
        uint64_t n = opd_read(x, t, &in->o[0]);
        if (t->wg_groups > n)
            t->wg_groups = (uint32_t)n;
        if (first) {
            x->st.wgmma_waits++;
            x->st.wgmma_kept += t->wg_groups;
            if (t->wg_groups > x->st.wgmma_kept_max)
                x->st.wgmma_kept_max = t->wg_groups;
        }
    }
    return EX_NEXT;
}

/* K of one wgmma for its operand type: 32 bytes of a row [PTX §9.7.15.5]. */
static unsigned
wgmma_k(int ty)
{
    return ty == TY_TF32 ? 8 : ty == TY_E4M3 || ty == TY_E5M2 ? 32 : 16;
}

static bool
is_fp8(int ty)
{
    return ty == TY_E4M3 || ty == TY_E5M2;
}

bool
sim_dec_wgmma(Decoder *d, Inst *in)
{
    /* D.A.B: .f32.f16.f16, .f32.bf16.bf16, .f16.f16.f16 (k16); .f32.tf32.tf32 (k8);
       .{f32,f16}.{e4m3,e5m2}.{e4m3,e5m2} (k32) */
    bool types = in->nty == 3 && (in->ty[0] == TY_F32 || in->ty[0] == TY_F16);
    if (types && is_fp8(in->ty[1]))
        types = is_fp8(in->ty[2]);
    else if (types)
        types = in->ty[2] == in->ty[1] &&
                (in->ty[1] == TY_F16 ||
                 (in->ty[0] == TY_F32 && (in->ty[1] == TY_BF16 || in->ty[1] == TY_TF32)));
    if (!types)
        return dec_error(d, "wgmma.mma_async supports .f32.f16.f16, .f32.bf16.bf16, "
                            ".f16.f16.f16, .f32.tf32.tf32 and .{f32,f16}.{e4m3,e5m2}.{e4m3,e5m2} "
                            "only");
    if (in->shape != SH_M64 || in->spare != wgmma_k(in->ty[1]))
        return dec_error(d, "wgmma.mma_async .%s operands need the shape m64nNk%u",
                         type_info[in->ty[1]].name, wgmma_k(in->ty[1]));
    unsigned n = in->num * 8u, nd = in->ty[0] == TY_F32 ? n / 2 : n / 4;
    if (in->o[0].kind != OPD_VEC || in->o[0].n != nd)
        return dec_error(d, "wgmma.mma_async m64n%uk16.%s needs %u accumulator registers", n,
                         type_info[in->ty[0]].name, nd);
    bool areg = in->o[1].kind == OPD_VEC;
    /* tf32 and fp8 take no imm-trans operands: K-major only */
    bool t16 = wgmma_k(in->ty[1]) == 16;
    if ((areg && in->o[1].n != 4) || in->nopd != (t16 ? (areg ? 7 : 8) : 6))
        return dec_error(d,
                         "wgmma.mma_async needs {d}, %s, b-desc, scale-d, imm-scale-a, "
                         "imm-scale-b%s",
                         areg ? "{a0, a1, a2, a3}" : "a-desc",
                         !t16   ? " (no imm-trans for .tf32, .e4m3, .e5m2)"
                         : areg ? ", imm-trans-b"
                                : ", imm-trans-a, imm-trans-b");
    const Opd *vd = &d->m->vecs[in->o[0].r];
    for (unsigned i = 0; i < nd; i++)
        if (vd[i].kind != OPD_REG)
            return dec_error(d, "wgmma.mma_async accumulators must be registers");
    if (areg)
        for (unsigned i = 0; i < 4; i++)
            if (d->m->vecs[in->o[1].r + i].kind != OPD_REG)
                return dec_error(d, "wgmma.mma_async A fragments must be registers");
    for (int i = 4; i < in->nopd; i++)
        if (in->o[i].kind != OPD_IMM)
            return dec_error(d, "wgmma.mma_async operand %d must be an immediate", i + 1);

    d->opty[1] = d->opty[2] = TY_B64;
    for (int i = 3; i < MAXOPD; i++)
        d->opty[i] = TY_S32;
    return true;
}

/* Shared address of element (row x, k) of a K- or MN-major operand of e-byte
   elements [§4.3]. */
static uint32_t
desc_addr(uint64_t desc, bool mn_major, uint32_t x, uint32_t k, uint32_t e)
{
    uint32_t start = (uint32_t)(desc & 0x3fff) << 4;
    uint32_t lbo = (uint32_t)(desc >> 16 & 0x3fff) << 4, sbo = (uint32_t)(desc >> 32 & 0x3fff) << 4;
    unsigned layout = (unsigned)(desc >> 62);
    uint32_t S = layout == 1 ? 128 : layout == 2 ? 64 : layout == 3 ? 32 : 0, a;
    if (!mn_major)
        a = S ? start + x / 8 * sbo + x % 8 * S + k * e
              : start + x / 8 * sbo + x % 8 * 16 + k * e / 16 * lbo + k * e % 16;
    else
        a = S ? start + x * e / S * lbo + k / 8 * sbo + k % 8 * S + x * e % S
              : start + x * e / 16 * sbo + k / 8 * lbo + k % 8 * 16 + x * e % 16;
    return S ? a ^ (((a >> 7) & (S / 16 - 1)) << 4) : a;
}

/* fp8 by its bit fields [PTX §5.2.5.1]: e4m3 (E4M3FN) has no infinities, S.1111.111
   is NaN; e5m2 follows IEEE 754 with 5 exponent and 2 mantissa bits. */
static double
fp8_value(int ty, uint8_t b)
{
    bool e4 = ty == TY_E4M3;
    unsigned mb = e4 ? 3 : 2, eb = e4 ? 4 : 5, bias = e4 ? 7 : 15;
    unsigned m = b & ((1u << mb) - 1), ex = (b >> mb) & ((1u << eb) - 1);
    double sign = b & 0x80 ? -1 : 1;
    if (e4 && ex == 15 && m == 7)
        return NAN;
    if (!e4 && ex == 31)
        return m ? NAN : sign * INFINITY;
    if (ex == 0)
        return sign * ldexp((double)m, 1 - (int)bias - (int)mb);
    return sign * ldexp((double)(m | 1u << mb), (int)ex - (int)bias - (int)mb);
}

/* An operand element of type ty at p: f16, bf16, tf32 (an f32 whose 13 low mantissa bits
   the tensor core ignores), e4m3 or e5m2. */
static double
elem_value(int ty, const uint8_t *p)
{
    switch (ty) {
    case TY_TF32:
        return f32_of((uint32_t)(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24) &
                      0xffffe000u);
    case TY_E4M3:
    case TY_E5M2:
        return fp8_value(ty, p[0]);
    case TY_BF16:
        return bf16_to_double((uint16_t)(p[0] | p[1] << 8));
    default:
        return f16_to_double((uint16_t)(p[0] | p[1] << 8));
    }
}

/* rows x K elements of type ty through a matrix descriptor, into out[row * K + k]. */
static bool
load_operand(Exec *x, Thread *t, const Inst *in, int ty, uint64_t desc, bool mn, uint32_t rows,
             double *out)
{
    uint32_t K = wgmma_k(ty), e = type_info[ty].bytes;
    if (desc >> 49 & 7)
        return sim_fault(x, t, in,
                         "matrix descriptor 0x%016llx: a non-zero base offset is not "
                         "supported (align swizzled tiles to the pattern)",
                         (unsigned long long)desc) != EX_FAULT;
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t k = 0; k < K; k++) {
            uint32_t a = desc_addr(desc, mn, r, k, e);
            const uint8_t *p = mem_access(x, t, in, SP_SHARED, a, e, e, false);
            if (!p)
                return false;
            out[r * K + k] = elem_value(ty, p);
        }
    return true;
}

/* Element i of the A fragment registers of thread k of the warpgroup: its (row, k) and
   value [ptx-sm90.md 4.4]. */
static double
a_frag(int ty, uint64_t reg, uint32_t k, uint32_t i, uint32_t *row, uint32_t *kk)
{
    uint32_t w = k / 32, l = k % 32;
    uint8_t b[4];
    if (ty == TY_TF32) { /* one element a register */
        *row = 16 * w + l / 4 + 8 * (i & 1);
        *kk = l % 4 + 4 * (i >> 1);
        for (int j = 0; j < 4; j++)
            b[j] = (uint8_t)(reg >> (8 * j));
        return elem_value(ty, b);
    }
    if (is_fp8(ty)) { /* four a register: i = 4 r + byte */
        uint32_t r = i / 4, by = i % 4;
        *row = 16 * w + l / 4 + 8 * (r & 1);
        *kk = 16 * (r >> 1) + 4 * (l % 4) + by;
        b[0] = (uint8_t)(reg >> (8 * by));
        return elem_value(ty, b);
    }
    *row = 16 * w + l / 4 + 8 * ((i >> 1) & 1);
    *kk = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
    uint16_t h = (uint16_t)(reg >> (16 * (i & 1)));
    b[0] = (uint8_t)h, b[1] = (uint8_t)(h >> 8);
    return elem_value(ty, b);
}

static int
wgmma_compute(Exec *x, Thread *t, const Inst *in, uint32_t base)
{
    const Thread *t0 = &x->th[base];
    bool areg = in->o[1].kind == OPD_VEC;
    uint32_t n = in->num * 8u;
    bool f32 = in->ty[0] == TY_F32;
    for (uint32_t k = base + 1; k < base + 128; k++)
        for (int i = areg ? 2 : 1; i <= 2; i++)
            if (opd_read(x, &x->th[k], &in->o[i]) != opd_read(x, t0, &in->o[i]))
                return sim_fault(x, &x->th[k], in,
                                 "wgmma.mma_async: the %s descriptor differs between threads %u "
                                 "and %u of the warpgroup",
                                 i == 1 ? "A" : "B", base, k);
    int64_t sa = (int64_t)opd_read(x, t0, &in->o[4]), sb = (int64_t)opd_read(x, t0, &in->o[5]);
    bool t16 = wgmma_k(in->ty[1]) == 16; /* tf32, fp8: no imm-trans operands, K-major */
    int64_t ta = areg || !t16 ? 0 : (int64_t)opd_read(x, t0, &in->o[6]);
    int64_t tb = t16 ? (int64_t)opd_read(x, t0, &in->o[areg ? 6 : 7]) : 0;
    if ((sa != 1 && sa != -1) || (sb != 1 && sb != -1) || (ta != 0 && ta != 1) ||
        (tb != 0 && tb != 1))
        return sim_fault(x, t, in, "wgmma.mma_async: imm-scale must be 1 or -1, imm-trans 0 or 1");
    bool scale_d = in->o[3].kind == OPD_IMM ? in->o[3].imm != 0 : pred_read(x, t0, &in->o[3]);
    uint32_t K = wgmma_k(in->ty[1]);
    double *A = malloc(64 * K * sizeof *A), *B = malloc((size_t)n * K * sizeof *B);
    int rc = EX_FAULT;
    if (!A || !B) {
        rc = sim_fault(x, t, in, "out of memory");
        goto out;
    }
    if (areg) { /* 4 registers: 8 16-bit, 4 tf32 or 16 fp8 elements */
        uint32_t per = in->ty[1] == TY_TF32 ? 1 : is_fp8(in->ty[1]) ? 4 : 2;
        for (uint32_t k = 0; k < 128; k++) {
            const Thread *u = &x->th[base + k];
            for (uint32_t i = 0; i < 4 * per; i++) {
                uint32_t row, kk;
                double v =
                    a_frag(in->ty[1], u->r[x->vecs[in->o[1].r + i / per].r], k, i, &row, &kk);
                A[row * K + kk] = v;
            }
        }
    } else if (!load_operand(x, t, in, in->ty[1], opd_read(x, t0, &in->o[1]), ta != 0, 64, A)) {
        goto out;
    }
    if (!load_operand(x, t, in, in->ty[2], opd_read(x, t0, &in->o[2]), tb != 0, n, B))
        goto out;
    for (uint32_t k = 0; k < 128; k++) {
        Thread *u = &x->th[base + k];
        uint32_t w = k / 32, l = k % 32;
        for (uint32_t i = 0; i < n / 2; i++) {
            uint32_t row = 16 * w + l / 4 + 8 * ((i >> 1) & 1);
            uint32_t col = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
            uint32_t reg = x->vecs[in->o[0].r + (f32 ? i : i / 2)].r;
            double acc = 0;
            if (scale_d)
                acc = f32 ? (double)f32_of((uint32_t)u->r[reg])
                          : f16_to_double((uint16_t)(u->r[reg] >> (16 * (i & 1))));
            for (uint32_t kk = 0; kk < K; kk++)
                acc += (double)sa * A[row * K + kk] * (double)sb * B[col * K + kk];
            if (f32) {
                u->r[reg] = bits_of_f32((float)acc);
            } else {
                uint64_t h = fp_round(acc, 0, &FMT_F16, RND_RN) & 0xffff;
                unsigned sh = 16 * (i & 1);
                u->r[reg] = (u->r[reg] & 0xffffffffu & ~(0xffffull << sh)) | h << sh;
            }
        }
    }
    rc = EX_JUMP;
out:
    free(A);
    free(B);
    return rc;
}

/* Rendezvous of the warpgroup's 128 threads, then D = A*B (+D) for all. */
int
sim_ex_wgmma_mma(Exec *x, Thread *t, const Inst *in)
{
    if (x->nthreads % 128)
        return sim_fault(x, t, in, "'%s' needs whole warpgroups, but the block has %u threads",
                         sim_op_table[in->op].mnemonic, x->nthreads);
    uint32_t base = t->tid / 128 * 128;
    t->state = ST_MBAR;
    t->wait_id = WG_MARK;
    for (uint32_t k = base; k < base + 128; k++) {
        const Thread *u = &x->th[k];
        if (u->state == ST_EXIT)
            return sim_fault(x, t, in, "'%s': thread %u of warpgroup %u has exited",
                             sim_op_table[in->op].mnemonic, k, base / 128);
        if (u->state != ST_MBAR || u->wait_id != WG_MARK || u->pc != t->pc)
            return EX_BLOCK;
    }
    int rc = wgmma_compute(x, t, in, base);
    if (rc != EX_JUMP)
        return rc;
    for (uint32_t k = base; k < base + 128; k++) {
        x->th[k].state = ST_RUN;
        x->th[k].pc++;
    }
    x->st.warp_collectives++;
    x->st.wgmma_ops++;
    return EX_JUMP;
}

/* ---- setmaxnreg [§5] ---- */

bool
sim_dec_setmaxnreg(Decoder *d, Inst *in)
{
    if (in->sub != SUB_INC && in->sub != SUB_DEC)
        return dec_error(d, "setmaxnreg needs .inc or .dec");
    if (in->o[0].kind != OPD_IMM || in->o[0].imm < 24 || in->o[0].imm > 256 || in->o[0].imm % 8)
        return dec_error(d, "setmaxnreg takes an immediate register count in 24..256, a "
                            "multiple of 8");
    return true;
}

/*
 * .sync.aligned over the warpgroup: its 128 threads meet here (same
 * instruction, so the same count and direction), then each warp's budget
 * moves.  .inc must not lower it and .dec must not raise it; the first
 * setmaxnreg of a warp is checked against nothing (the launch count depends
 * on ptxas).  New registers of .inc hold garbage in hardware: the simulator
 * keeps the values, as the PTX never relies on either.
 */
int
sim_ex_setmaxnreg(Exec *x, Thread *t, const Inst *in)
{
    if (x->nthreads % 128)
        return sim_fault(x, t, in,
                         "'setmaxnreg' needs whole warpgroups, but the block has %u "
                         "threads",
                         x->nthreads);
    uint32_t base = t->tid / 128 * 128, n = (uint32_t)in->o[0].imm;
    t->state = ST_MBAR;
    t->wait_id = WG_MARK;
    for (uint32_t k = base; k < base + 128; k++) {
        const Thread *u = &x->th[k];
        if (u->state == ST_EXIT)
            return sim_fault(x, t, in, "'setmaxnreg': thread %u of warpgroup %u has exited", k,
                             base / 128);
        if (u->state == ST_MBAR && u->wait_id == WG_MARK && u->pc != t->pc &&
            x->code[u->pc].op == OP_SETMAXNREG)
            return sim_fault(x, t, in,
                             "warpgroup %u runs two different setmaxnreg (lines %u and %u): "
                             "all its warps must execute the same one",
                             base / 128, in->line, x->code[u->pc].line);
        if (u->state != ST_MBAR || u->wait_id != WG_MARK || u->pc != t->pc)
            return EX_BLOCK;
    }
    bool inc = in->sub == SUB_INC;
    if (t->maxnreg && (inc ? n < t->maxnreg : n > t->maxnreg))
        return sim_fault(x, t, in, "setmaxnreg.%s to %u registers, but warpgroup %u already has %u",
                         inc ? "inc" : "dec", n, base / 128, t->maxnreg);
    for (uint32_t k = base; k < base + 128; k++) {
        x->th[k].maxnreg = n;
        x->th[k].state = ST_RUN;
        x->th[k].pc++;
    }
    x->st.warp_collectives++;
    return EX_JUMP;
}

/* One arrive on the initialised mbarrier at the shared [addr] operand o: tcgen05.commit's
 * mbarrier::arrive::one (exec_sm100.c). */
int
sim_mbar_arrive_one(Exec *x, Thread *t, const Inst *in, const Opd *o)
{
    return sim_mbar_arrive_in(x, t, in, o, x);
}

/* ... on the mbarrier at the same shared offset in CTA `to` of the cluster (a CTA pair's
 * multicast commit): the threads parked on it there wake. */
int
sim_mbar_arrive_in(Exec *x, Thread *t, const Inst *in, const Opd *o, Exec *to)
{
    uint32_t off;
    if (!smem_addr(x, t, in, in->space, o, 8, 8, &off))
        return EX_FAULT;
    Mbar *b = mbar_find(to, off);
    if (!b || !b->valid)
        return sim_fault(x, t, in,
                         "'%s' on shared offset 0x%x of cluster CTA %u, which holds no "
                         "initialised mbarrier (mbarrier.init it first)",
                         sim_op_table[in->op].mnemonic, off, to->rank);
    if (b->pending < 1)
        return sim_fault(x, t, in, "'%s' on an mbarrier with no pending arrivals",
                         sim_op_table[in->op].mnemonic);
    b->pending--;
    settle(to, b);
    return EX_NEXT;
}

/* mapa.shared::cluster.{u32,u64} d, a, r [PTX 9.7.9.23]: the address in the shared::cluster
 * window of the variable at shared address a in the cluster's CTA of rank r.  With the
 * cluster's CTAs run together (x->cluster) it is (r + 1) << SHARED_CTA_SHIFT | a's offset;
 * in a cluster of one CTA, the offset itself.  Generic addresses are not modelled. */
int
sim_ex_mapa(Exec *x, Thread *t, const Inst *in)
{
    const Func *f = x->entry;
    uint32_t n = f->cluster[0] ? f->cluster[0] * (f->cluster[1] ? f->cluster[1] : 1) *
                                     (f->cluster[2] ? f->cluster[2] : 1)
                               : 1;
    uint64_t a = opd_read(x, t, &in->o[1]);
    uint32_t r = (uint32_t)opd_read(x, t, &in->o[2]);
    if (in->space != SP_SHARED)
        return sim_fault(x, t, in,
                         "mapa of a generic address is not modelled (mapa.shared::cluster "
                         "is)");
    if (r >= n)
        return sim_fault(x, t, in, "mapa to CTA rank %u of a cluster of %u CTAs", r, n);
    if (n > 1 && !x->cluster)
        return sim_fault(x, t, in,
                         "mapa in clusters of %u CTAs run one after another (more than 16 "
                         "CTAs a cluster)",
                         n);
    uint64_t off = a & ((1u << SHARED_CTA_SHIFT) - 1);
    reg_write(t, &in->o[0], x->cluster ? (uint64_t)(r + 1) << SHARED_CTA_SHIFT | off : off);
    return EX_NEXT;
}
