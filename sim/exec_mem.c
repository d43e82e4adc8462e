/*
 * exec_mem.c -- memory: address translation with bounds and alignment
 * checks, ld/st/atom/red, cp.async, cvta, and the memory counters.
 *
 * Every access goes through mem_access(), which plays compute-sanitizer's
 * memcheck: an access outside its allocation (global), outside the CTA's
 * shared memory (static + dynamic), the thread's local memory or the
 * parameter buffer, or not aligned to its size [PTX §5.4.5, §6.4.1], is a
 * fault naming the PTX line, thread, CTA and address.
 *
 * Counters [ptx-sm80.md §8]: the lanes of a warp that execute the same
 * ld/st the same number of times form one request (ReqGroup); once all live
 * lanes have contributed (or at the end of the CTA) the request is
 * finalised: global requests count distinct 32-byte sectors against
 * ceil(distinct bytes / 32); shared requests count wavefronts with the bank
 * model of shared_wavefronts().
 */
#include "sim/simint.h"

#include <stdlib.h>
#include <string.h>

static const char *const space_name[] = {
    [SP_NONE] = "generic", [SP_GLOBAL] = "global", [SP_SHARED] = "shared", [SP_LOCAL] = "local",
    [SP_PARAM] = "param",  [SP_CONST] = "const",   [SP_FRAME] = "local",
};

int
generic_space(uint64_t *addr)
{
    static const struct {
        uint64_t base;
        int sp;
    } win[] = {
        { WIN_SHARED, SP_SHARED },
        { WIN_LOCAL, SP_LOCAL },
        { WIN_CONST, SP_CONST },
        { WIN_PARAM, SP_PARAM },
    };
    for (size_t i = 0; i < sizeof win / sizeof win[0]; i++)
        if (*addr - win[i].base < WIN_SIZE) {
            *addr -= win[i].base;
            return win[i].sp;
        }
    return SP_GLOBAL;
}

uint64_t
addr_of(const Exec *x, const Thread *t, const Opd *o)
{
    (void)x;
    switch (o->aux) {
    case ADDR_REG:
        return t->r[o->r] + (uint64_t)o->imm;
    case ADDR_FRAME:
        return t->local_base + (uint64_t)o->imm;
    default:
        return (uint64_t)o->imm;
    }
}

int
addr_space(const Thread *t, const Inst *in, const Opd *o)
{
    if (o->aux == ADDR_FRAME || (in->space == SP_PARAM && t->depth > 0))
        return SP_LOCAL;
    return in->space;
}

static uint8_t *
global_access(Exec *x, Thread *t, const Inst *in, uint64_t addr, uint32_t size, bool write)
{
    const Alloc *a = x->hot;
    if (!a || addr - a->base >= a->size)
        a = alloc_find(x->ctx, addr);
    const char *what = write ? "write" : "read";
    if (!a)
        a = alloc_find_freed(x->ctx, addr);
    if (!a) {
        sim_fault(x, t, in, "invalid global %s of %u bytes at 0x%llx: no allocation there", what,
                  size, (unsigned long long)addr);
        return NULL;
    }
    if (a->freed) {
        sim_fault(x, t, in, "global %s of %u bytes at 0x%llx: allocation 0x%llx was freed", what,
                  size, (unsigned long long)addr, (unsigned long long)a->base);
        return NULL;
    }
    if (addr - a->base + size > a->size && a->size == 0) {
        sim_fault(x, t, in,
                  "out-of-bounds global %s of %u bytes at 0x%llx: the allocation at 0x%llx is "
                  "empty (an array of no elements)",
                  what, size, (unsigned long long)addr, (unsigned long long)a->base);
        return NULL;
    }
    if (addr - a->base + size > a->size) {
        sim_fault(x, t, in,
                  "out-of-bounds global %s of %u bytes at 0x%llx: %llu bytes past the end of the "
                  "%llu-byte allocation at 0x%llx",
                  what, size, (unsigned long long)addr,
                  (unsigned long long)(addr + size - a->base - a->size),
                  (unsigned long long)a->size, (unsigned long long)a->base);
        return NULL;
    }
    x->hot = a;
    return a->data + (addr - a->base);
}

static uint8_t *
window_access(Exec *x, Thread *t, const Inst *in, int sp, uint64_t addr, uint32_t size, bool write)
{
    uint8_t *base;
    uint64_t limit;
    switch (sp) {
    case SP_SHARED:
        base = x->shared;
        limit = x->shared_size;
        break;
    case SP_CONST:
        base = x->m->cbank;
        limit = x->m->cbank_size;
        break;
    case SP_PARAM:
        base = (uint8_t *)(uintptr_t)x->params;
        limit = x->entry->param_size;
        break;
    default:
        base = t->local;
        limit = x->local_size;
        break;
    }
    if (write && (sp == SP_CONST || sp == SP_PARAM)) {
        sim_fault(x, t, in, "write to read-only %s space at 0x%llx", space_name[sp],
                  (unsigned long long)addr);
        return NULL;
    }
    if (addr > limit || size > limit - addr) {
        sim_fault(x, t, in,
                  "out-of-bounds %s %s of %u bytes at %s offset 0x%llx (%llu bytes of %s memory)",
                  space_name[sp], write ? "write" : "read", size, space_name[sp],
                  (unsigned long long)addr, (unsigned long long)limit, space_name[sp]);
        return NULL;
    }
    return base + addr;
}

uint8_t *
mem_access(Exec *x, Thread *t, const Inst *in, int sp, uint64_t addr, uint32_t size, uint32_t align,
           bool write)
{
    if (align > 1 && addr % align) {
        sim_fault(x, t, in, "misaligned %s %s of %u bytes at 0x%llx (needs %u-byte alignment)",
                  space_name[sp], write ? "write" : "read", size, (unsigned long long)addr, align);
        return NULL;
    }
    if (sp == SP_NONE)
        sp = generic_space(&addr);
    if (sp == SP_GLOBAL)
        return global_access(x, t, in, addr, size, write);
    if (sp == SP_SHARED && x->cluster && addr >> SHARED_CTA_SHIFT) { /* another CTA's (mapa) */
        uint64_t r = (addr >> SHARED_CTA_SHIFT) - 1;
        if (r < x->ncluster)
            return window_access(x->cluster[r], t, in, sp, addr & ((1u << SHARED_CTA_SHIFT) - 1),
                                 size, write);
    }
    return window_access(x, t, in, sp, addr, size, write);
}

/* ---- request grouping and the bank model ---- */

/* Sorts the (at most 128) addresses of one request and drops repeats.  Insertion sort:
 * a warp's addresses mostly come in order already, which makes it linear. */
static uint32_t
sort_unique(uint64_t *v, uint32_t n)
{
    uint32_t up = 1;
    while (up < n && v[up - 1] < v[up])
        up++;
    if (up >= n) /* strictly ascending already: nothing to sort or drop */
        return n;
    for (uint32_t i = up; i < n; i++) {
        uint64_t x = v[i];
        uint32_t j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        if (k == 0 || v[k - 1] != v[i])
            v[k++] = v[i];
    return k;
}

/* The number of distinct values among v[0..n), n <= 64, by a 128-entry hash set. */
static uint32_t
count_distinct(const uint64_t *v, uint32_t n)
{
    uint64_t key[128], used[2] = { 0, 0 };
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t h = (uint32_t)((v[i] * 0x9e3779b97f4a7c15ull) >> 57);
        for (;; h = (h + 1) & 127) {
            if (!(used[h >> 6] >> (h & 63) & 1)) {
                used[h >> 6] |= 1ull << (h & 63);
                key[h] = v[i];
                k++;
                break;
            }
            if (key[h] == v[i])
                break;
        }
    }
    return k;
}

/* Wavefronts of one warp-wide shared access: accesses of 4 bytes or less
 * form one pass of 32 lanes, 8-byte accesses two half-warp passes, 16-byte
 * accesses four quarter-warp passes; a pass costs the largest number of
 * distinct 32-bit words any of the 32 banks must deliver. */
uint32_t
shared_wavefronts(const uint64_t *addr, uint32_t mask, uint32_t size, uint32_t *ideal)
{
    uint32_t lanes_per_pass = size <= 4 ? 32 : size == 8 ? 16 : 8;
    uint32_t words_per_lane = size <= 4 ? 1 : size / 4;
    uint32_t total = 0;
    *ideal = 0;
    for (uint32_t p = 0; p < WARP_SIZE; p += lanes_per_pass) {
        uint64_t w[WARP_SIZE * 4];
        uint32_t n = 0;
        for (uint32_t l = p; l < p + lanes_per_pass; l++)
            if (mask >> l & 1)
                for (uint32_t k = 0; k < words_per_lane; k++)
                    w[n++] = addr[l] / 4 + k;
        if (!n)
            continue;
        /* the usual case first: each bank asked for one word at most (broadcasts
         * included), one wavefront */
        uint64_t bank_word[32];
        uint32_t seen = 0, j = 0;
        for (; j < n; j++) {
            uint32_t b = (uint32_t)(w[j] % 32);
            if (!(seen >> b & 1)) {
                seen |= 1u << b;
                bank_word[b] = w[j];
            } else if (bank_word[b] != w[j])
                break;
        }
        if (j == n) {
            total += 1;
            *ideal += 1;
            continue;
        }
        n = sort_unique(w, n);
        uint32_t per_bank[32] = { 0 }, worst = 1;
        for (uint32_t i = 0; i < n; i++)
            if (++per_bank[w[i] % 32] > worst)
                worst = per_bank[w[i] % 32];
        total += worst;
        *ideal += 1;
    }
    return total;
}

static void
req_finish(Exec *x, const ReqGroup *g)
{
    SimStats *st = &x->st;
    if (g->kind == REQ_SLD || g->kind == REQ_SST) {
        uint32_t ideal, wf = shared_wavefronts(g->addr, g->mask, g->size, &ideal);
        bool ld = g->kind == REQ_SLD;
        *(ld ? &st->shared_ld_requests : &st->shared_st_requests) += 1;
        *(ld ? &st->shared_ld_wavefronts : &st->shared_st_wavefronts) += wf;
        *(ld ? &st->shared_ld_wavefronts_min : &st->shared_st_wavefronts_min) += ideal;
        if (x->tm)
            tm_request(x, (uint32_t)((size_t)(g - x->groups) / NGROUPS), g->kind, NULL, 0, wf);
        return;
    }
    uint64_t sec[WARP_SIZE], lo[WARP_SIZE];
    uint32_t n = 0;
    for (uint32_t l = 0; l < WARP_SIZE; l++)
        if (g->mask >> l & 1) {
            sec[n] = g->addr[l] / 32;
            lo[n++] = g->addr[l];
        }
    uint32_t nsec, nlo;
    if (x->tm) { /* the model takes the sectors sorted */
        nsec = sort_unique(sec, n);
        nlo = sort_unique(lo, n);
        tm_request(x, (uint32_t)((size_t)(g - x->groups) / NGROUPS), g->kind, sec, nsec, 0);
    } else {
        uint32_t up = 1; /* lanes in address order, the usual case: count in one pass */
        while (up < n && lo[up - 1] < lo[up])
            up++;
        if (up >= n) {
            nlo = n;
            nsec = n ? 1 : 0;
            for (uint32_t i = 1; i < n; i++)
                nsec += sec[i] != sec[i - 1];
        } else {
            nsec = count_distinct(sec, n);
            nlo = count_distinct(lo, n);
        }
    }
    /* the union of the lanes' [addr, addr + size): every address is aligned to a multiple
     * of size (mem_access checked it), so two are the same range or disjoint */
    uint64_t bytes = (uint64_t)nlo * g->size;
    bool ld = g->kind == REQ_GLD;
    *(ld ? &st->global_ld_requests : &st->global_st_requests) += 1;
    *(ld ? &st->global_ld_sectors : &st->global_st_sectors) += nsec;
    *(ld ? &st->global_ld_sectors_min : &st->global_st_sectors_min) += (bytes + 31) / 32;
    *(ld ? &st->global_ld_bytes : &st->global_st_bytes) += bytes;
}

static void
req_close(Exec *x, uint32_t warp, uint32_t i)
{
    ReqGroup *gs = &x->groups[(size_t)warp * NGROUPS];
    if (gs[i].mask)
        req_finish(x, &gs[i]);
    memmove(&gs[i], &gs[i + 1], (x->ngroups[warp] - i - 1) * sizeof gs[0]);
    x->ngroups[warp]--;
}

int
req_begin(Exec *x, Thread *t, const Inst *in, int sp, bool st, ReqGroup **out)
{
    *out = NULL;
    if (in->slot == NOREG || !x->occ || (sp != SP_GLOBAL && sp != SP_SHARED))
        return EX_NEXT;
    int kind = sp == SP_GLOBAL ? (st ? REQ_GST : REQ_GLD) : (st ? REQ_SST : REQ_SLD);
    uint32_t occ = x->occ[(size_t)t->tid * x->m->nslots + in->slot];
    ReqGroup *gs = &x->groups[(size_t)t->warp * NGROUPS];
    uint8_t *n = &x->ngroups[t->warp];
    for (uint32_t i = *n; i-- > 0;)
        if (gs[i].slot == in->slot && gs[i].occ == occ && gs[i].kind == kind) {
            *out = &gs[i];
            break;
        }
    if (!*out) {
        if (*n == NGROUPS) {
            if (t->yield_pc != t->pc) { /* let the other lanes catch up first */
                t->yield_pc = t->pc;
                return EX_YIELD;
            }
            req_close(x, t->warp, 0);
        }
        ReqGroup *g = &gs[(*n)++];
        g->slot = in->slot;
        g->occ = occ;
        g->kind = (uint8_t)kind;
        g->mask = g->none = 0;
        *out = g;
    }
    t->yield_pc = NOREG;
    x->occ[(size_t)t->tid * x->m->nslots + in->slot]++;
    return EX_NEXT;
}

void
req_end(Exec *x, const Thread *t, ReqGroup *g, uint64_t addr, uint32_t size)
{
    if (!g)
        return;
    g->mask |= 1u << t->lane;
    g->addr[t->lane] = addr;
    g->size = (uint8_t)size;
    if (((g->mask | g->none) & x->live[t->warp]) == x->live[t->warp])
        req_close(x, t->warp, (uint32_t)(g - &x->groups[(size_t)t->warp * NGROUPS]));
}

int
req_begin_pair(Exec *x, Thread *t, const Inst *in, uint32_t *occ)
{
    *occ = NOREG;
    if (in->slot == NOREG || !x->occ)
        return EX_NEXT;
    uint32_t o = x->occ[(size_t)t->tid * x->m->nslots + in->slot];
    ReqGroup *gs = &x->groups[(size_t)t->warp * NGROUPS];
    uint8_t *n = &x->ngroups[t->warp];
    uint32_t found = 0;
    for (uint32_t i = 0; i < *n; i++)
        if (gs[i].slot == in->slot && gs[i].occ == o &&
            (gs[i].kind == REQ_SST || gs[i].kind == REQ_GLD))
            found++;
    if (found < 2 && *n + 2 - found > NGROUPS) {
        if (t->yield_pc != t->pc) { /* let the other lanes catch up first */
            t->yield_pc = t->pc;
            return EX_YIELD;
        }
        while (*n + 2 > NGROUPS)
            req_close(x, t->warp, 0);
        found = 0; /* closing may have taken this occurrence's groups: reopen */
        for (uint32_t i = 0; i < *n; i++)
            if (gs[i].slot == in->slot && gs[i].occ == o)
                found++;
    }
    static const uint8_t kinds[2] = { REQ_SST, REQ_GLD };
    for (uint32_t k = 0; found < 2 && k < 2; k++) {
        uint8_t kind = kinds[k];
        bool have = false;
        for (uint32_t i = 0; i < *n; i++)
            have |= gs[i].slot == in->slot && gs[i].occ == o && gs[i].kind == kind;
        if (!have) {
            ReqGroup *g = &gs[(*n)++];
            g->slot = in->slot;
            g->occ = o;
            g->kind = kind;
            g->mask = g->none = 0;
        }
    }
    t->yield_pc = NOREG;
    x->occ[(size_t)t->tid * x->m->nslots + in->slot]++;
    *occ = o;
    return EX_NEXT;
}

void
req_end_key(Exec *x, const Thread *t, const Inst *in, uint32_t occ, int kind, uint64_t addr,
            uint32_t size)
{
    if (occ == NOREG)
        return;
    ReqGroup *gs = &x->groups[(size_t)t->warp * NGROUPS];
    for (uint32_t i = 0; i < x->ngroups[t->warp]; i++)
        if (gs[i].slot == in->slot && gs[i].occ == occ && gs[i].kind == kind) {
            if (size) {
                req_end(x, t, &gs[i], addr, size);
                return;
            }
            gs[i].none |= 1u << t->lane;
            if (((gs[i].mask | gs[i].none) & x->live[t->warp]) == x->live[t->warp])
                req_close(x, t->warp, i);
            return;
        }
}

void
req_flush_all(Exec *x)
{
    for (uint32_t w = 0; w < x->nwarps; w++) {
        for (uint32_t i = 0; i < x->ngroups[w]; i++)
            if (x->groups[(size_t)w * NGROUPS + i].mask)
                req_finish(x, &x->groups[(size_t)w * NGROUPS + i]);
        x->ngroups[w] = 0;
    }
}

/* ---- ld / st [PTX §9.7.9.8-9] ---- */

static uint64_t
load_le(const uint8_t *p, uint32_t n)
{
    uint64_t v = 0;
    memcpy(&v, p, n);
    return v;
}

int
ex_ld(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    uint32_t es = type_info[ty].bytes, n = in->vec ? in->vec : 1;
    uint64_t addr = addr_of(x, t, &in->o[1]);
    int sp = addr_space(t, in, &in->o[1]);
    if (es > 8)
        return sim_fault(x, t, in, "%u-byte loads are not supported", es);
    if (sp == SP_NONE)
        sp = generic_space(&addr);
    ReqGroup *g;
    if (req_begin(x, t, in, sp, false, &g) == EX_YIELD)
        return EX_YIELD;
    const uint8_t *p = mem_access(x, t, in, sp, addr, es * n, es * n, false);
    if (!p)
        return EX_FAULT;
    req_end(x, t, g, addr, es * n);
    bool sgn = type_info[ty].kind == TK_SINT;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t v = load_le(p + i * es, es);
        if (sgn)
            v = (uint64_t)sext(v, 8 * es);
        reg_write(t, n == 1 ? &in->o[0] : &x->vecs[in->o[0].r + i], v);
    }
    return EX_NEXT;
}

int
ex_st(Exec *x, Thread *t, const Inst *in)
{
    int ty = in->ty[0];
    uint32_t es = type_info[ty].bytes, n = in->vec ? in->vec : 1;
    uint64_t addr = addr_of(x, t, &in->o[0]);
    int sp = addr_space(t, in, &in->o[0]);
    if (es > 8)
        return sim_fault(x, t, in, "%u-byte stores are not supported", es);
    if (sp == SP_NONE)
        sp = generic_space(&addr);
    ReqGroup *g;
    if (req_begin(x, t, in, sp, true, &g) == EX_YIELD)
        return EX_YIELD;
    uint8_t *p = mem_access(x, t, in, sp, addr, es * n, es * n, true);
    if (!p)
        return EX_FAULT;
    req_end(x, t, g, addr, es * n);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t v = opd_read(x, t, n == 1 ? &in->o[1] : &x->vecs[in->o[1].r + i]);
        memcpy(p + i * es, &v, es);
    }
    return EX_NEXT;
}

/* ---- atomics [PTX §9.7.13.5-6] ---- */

static uint64_t
atom_float(int sub, int ty, uint64_t a, uint64_t b)
{
    if (ty == TY_F16X2 || ty == TY_BF16X2) {
        int h = ty == TY_F16X2 ? TY_F16 : TY_BF16;
        return atom_float(sub, h, a & 0xffff, b & 0xffff) | atom_float(sub, h, a >> 16, b >> 16)
                                                                << 16;
    }
    if (sub == SUB_ADD)
        return fp_add(ty, a, b, RND_RN, 0);
    double x = fp_value(ty, a, 0), y = fp_value(ty, b, 0);
    if (x != x)
        return b;
    if (y != y)
        return a;
    return (sub == SUB_MIN) == (y < x) ? b : a;
}

static uint64_t
atom_op(const Inst *in, uint64_t old, uint64_t b, uint64_t c)
{
    int ty = in->ty[0];
    uint64_t m = ty_mask(ty);
    unsigned bits = 8 * type_info[ty].bytes;
    bool sgn = type_info[ty].kind == TK_SINT;
    if (type_info[ty].kind == TK_FLOAT &&
        (in->sub == SUB_ADD || in->sub == SUB_MIN || in->sub == SUB_MAX))
        return atom_float(in->sub, ty, old, b);
    old &= m;
    b &= m;
    switch (in->sub) {
    case SUB_ADD:
        return (old + b) & m;
    case SUB_MIN:
        return sgn ? (sext(b, bits) < sext(old, bits) ? b : old) : (b < old ? b : old);
    case SUB_MAX:
        return sgn ? (sext(b, bits) > sext(old, bits) ? b : old) : (b > old ? b : old);
    case SUB_INC:
        return old >= b ? 0 : old + 1;
    case SUB_DEC:
        return (old == 0 || old > b) ? b : old - 1;
    case SUB_EXCH:
        return b;
    case SUB_CAS:
        return old == b ? (c & m) : old;
    case SUB_AND:
        return old & b;
    case SUB_OR:
        return old | b;
    case SUB_XOR:
        return old ^ b;
    default:
        return old;
    }
}

int
ex_atom(Exec *x, Thread *t, const Inst *in)
{
    uint32_t es = type_info[in->ty[0]].bytes;
    uint64_t addr = addr_of(x, t, &in->o[1]);
    int sp = in->space;
    if (sp == SP_NONE)
        sp = generic_space(&addr);
    if (sp != SP_GLOBAL && sp != SP_SHARED)
        return sim_fault(x, t, in, "atomic on %s memory", space_name[sp]);
    uint8_t *p = mem_access(x, t, in, sp, addr, es, es, true);
    if (!p)
        return EX_FAULT;
    uint64_t old = load_le(p, es);
    uint64_t c = in->nopd == 4 ? opd_read(x, t, &in->o[3]) : 0;
    uint64_t v = atom_op(in, old, opd_read(x, t, &in->o[2]), c);
    memcpy(p, &v, es);
    reg_write(t, &in->o[0], old);
    x->st.atomics++;
    if (x->tm)
        tm_atomic(x, addr, sp == SP_GLOBAL);
    return EX_NEXT;
}

/* ---- cp.async [PTX §9.7.9.25.3] ---- */

static void
cp_land(Exec *x, const CpEntry *e)
{
    memcpy(x->shared + e->dst, e->data, e->n);
}

int
ex_cpasync(Exec *x, Thread *t, const Inst *in)
{
    uint32_t n = (uint32_t)in->o[2].imm, src_size = n;
    if (in->nopd == 4)
        src_size = (in->flags & F_IGNSRC) ? (pred_read(x, t, &in->o[3]) ? 0 : n)
                                          : (uint32_t)opd_read(x, t, &in->o[3]);
    if (src_size > n)
        return sim_fault(x, t, in, "cp.async src-size %u exceeds the copy size %u", src_size, n);
    uint64_t dst = addr_of(x, t, &in->o[0]), src = addr_of(x, t, &in->o[1]);
    if (!mem_access(x, t, in, SP_SHARED, dst, n, n, true))
        return EX_FAULT;
    CpEntry e = { (uint32_t)dst, 0, (uint8_t)n, { 0 } };
    uint32_t occ;
    if (req_begin_pair(x, t, in, &occ) == EX_YIELD)
        return EX_YIELD;
    req_end_key(x, t, in, occ, REQ_SST, dst, n); /* the shared write, as a store */
    if (!src_size)
        req_end_key(x, t, in, occ, REQ_GLD, 0, 0);
    if (src_size) {
        if (generic_space(&src) != SP_GLOBAL)
            return sim_fault(x, t, in, "cp.async source 0x%llx is not global memory",
                             (unsigned long long)addr_of(x, t, &in->o[1]));
        const uint8_t *p = mem_access(x, t, in, SP_GLOBAL, src, src_size, n, false);
        if (!p)
            return EX_FAULT;
        memcpy(e.data, p, src_size);
        req_end_key(x, t, in, occ, REQ_GLD, src, src_size);
    }
    if (!x->defer_cp) {
        cp_land(x, &e);
        return EX_NEXT;
    }
    if (t->ncp == t->capcp) {
        uint32_t c = t->capcp ? 2 * t->capcp : 16;
        CpEntry *ne = realloc(t->cp, c * sizeof *ne);
        if (!ne)
            return sim_fault(x, t, in, "out of memory");
        t->cp = ne;
        t->capcp = c;
    }
    e.group = NOREG; /* not committed yet */
    t->cp[t->ncp++] = e;
    return EX_NEXT;
}

int
ex_cpcommit(Exec *x, Thread *t, const Inst *in)
{
    (void)x, (void)in;
    t->cp_group++;
    for (uint32_t i = 0; i < t->ncp; i++)
        if (t->cp[i].group == NOREG)
            t->cp[i].group = t->cp_group;
    return EX_NEXT;
}

/* wait_group N: all but the N most recent committed groups are complete;
 * wait_all: everything, committed or not. */
int
ex_cpwait(Exec *x, Thread *t, const Inst *in)
{
    bool all = in->op == OP_CP_WAITALL;
    uint64_t keep = all ? 0 : (uint64_t)in->o[0].imm;
    uint32_t k = 0;
    for (uint32_t i = 0; i < t->ncp; i++) {
        const CpEntry *e = &t->cp[i];
        bool done = all || (e->group != NOREG && (uint64_t)e->group + keep <= t->cp_group);
        if (done)
            cp_land(x, e);
        else
            t->cp[k++] = *e;
    }
    t->ncp = k;
    return EX_NEXT;
}

void
thread_exit_cp(Exec *x, Thread *t)
{
    for (uint32_t i = 0; i < t->ncp; i++)
        cp_land(x, &t->cp[i]);
    t->ncp = 0;
}

/* ---- cvta, isspacep [PTX §9.7.9.20, §9.7.9.19] ---- */

static uint64_t
window_base(int sp)
{
    return sp == SP_SHARED  ? WIN_SHARED
           : sp == SP_LOCAL ? WIN_LOCAL
           : sp == SP_CONST ? WIN_CONST
           : sp == SP_PARAM ? WIN_PARAM
                            : 0;
}

int
ex_cvta(Exec *x, Thread *t, const Inst *in)
{
    uint64_t a = opd_read(x, t, &in->o[1]) & ty_mask(in->ty[0]);
    if (in->space == SP_PARAM && t->depth > 0)
        return sim_fault(x, t, in, "cvta.param of a .func parameter is not supported");
    uint64_t base = window_base(in->space);
    uint64_t v = (in->flags & F_TO) ? a - base : a + base;
    reg_write(t, &in->o[0], v & ty_mask(in->ty[0]));
    return EX_NEXT;
}

/* cvta of a register or immediate for the lanes of mask, all at the instruction, as
 * ex_cvta() one by one; false (nothing done) for a guard or .param (which may fault). */
bool
warp_cvta_fast(Thread *th, uint32_t mask, const Inst *in)
{
    const Opd *s = &in->o[1];
    if (in->op != OP_CVTA || in->guard != NOREG || in->space == SP_PARAM ||
        in->o[0].kind != OPD_REG || (s->kind != OPD_REG && s->kind != OPD_IMM))
        return false;
    uint64_t m = ty_mask(in->ty[0]), base = window_base(in->space);
    bool to = (in->flags & F_TO) != 0;
    for (; mask; mask &= mask - 1) {
        Thread *t = &th[__builtin_ctz(mask)];
        uint64_t a = (s->kind == OPD_REG ? t->r[s->r] : (uint64_t)s->imm) & m;
        t->r[in->o[0].r] = (to ? a - base : a + base) & m;
    }
    return true;
}

int
ex_isspacep(Exec *x, Thread *t, const Inst *in)
{
    uint64_t a = opd_read(x, t, &in->o[1]);
    int sp = generic_space(&a);
    reg_write(t, &in->o[0], sp == in->space);
    return EX_NEXT;
}

/* load_le for the widths a register takes, each a fixed-size copy (a copy of a variable
 * size goes through the stack and stalls the load that reads it back) */
static inline uint64_t
load_fixed(const uint8_t *p, uint32_t es)
{
    switch (es) {
    case 8: {
        uint64_t u;
        memcpy(&u, p, 8);
        return u;
    }
    case 4: {
        uint32_t u;
        memcpy(&u, p, 4);
        return u;
    }
    case 2: {
        uint16_t u;
        memcpy(&u, p, 2);
        return u;
    }
    default:
        return *p;
    }
}

static inline void
store_fixed(uint8_t *p, uint64_t v, uint32_t es)
{
    switch (es) {
    case 8:
        memcpy(p, &v, 8);
        break;
    case 4: {
        uint32_t u = (uint32_t)v;
        memcpy(p, &u, 4);
        break;
    }
    case 2: {
        uint16_t u = (uint16_t)v;
        memcpy(p, &u, 2);
        break;
    }
    default:
        *p = (uint8_t)v;
    }
}

/* ---- warp-wide ld/st [issue 15 part 6] ----
 * One ld/st for all the live lanes of a warp at once, when nothing can make it differ
 * from the lanes' own ex_ld/ex_st in lane order: global or shared space named in the
 * instruction (or ld.param of the kernel's own parameters), no guard, every live lane at it, every
 * address aligned and inside one allocation (global) or the shared window, and the warp's request
 * for it new (the lanes' occurrence counts equal, no partial request of the same slot open, room in
 * the table).  Anything else -- a fault above all -- is left to the per-lane path, which reports it
 * as before.  The request then closes at once, as the last lane's req_end would have closed it. */
bool
warp_mem_fast(Exec *x, uint32_t w, Thread *th, uint32_t mask, const Inst *in)
{
    bool st = in->op == OP_ST;
    int sp = in->space;
    if ((!st && in->op != OP_LD) || in->guard != NOREG || mask != x->live[w] ||
        (sp != SP_GLOBAL && sp != SP_SHARED && (sp != SP_PARAM || st)))
        return false;
    for (uint32_t m = mask; sp == SP_PARAM && m; m &= m - 1)
        if (th[__builtin_ctz(m)].depth > 0) /* a .func's parameters live in local memory */
            return false;
    const Opd *ao = &in->o[st ? 0 : 1], *vo = &in->o[st ? 1 : 0];
    int ty = in->ty[0];
    uint32_t es = type_info[ty].bytes, n = in->vec ? in->vec : 1, size = es * n;
    if (es > 8 || (ao->aux != ADDR_REG && ao->aux != ADDR_IMM) ||
        (n == 1 && vo->kind != OPD_REG && !(st && vo->kind == OPD_IMM)))
        return false;
    uint64_t addr[WARP_SIZE], lo = UINT64_MAX, hi = 0;
    for (uint32_t m = mask; m; m &= m - 1) {
        uint32_t l = (uint32_t)__builtin_ctz(m);
        uint64_t a = ao->aux == ADDR_REG ? th[l].r[ao->r] + (uint64_t)ao->imm : (uint64_t)ao->imm;
        if (a & (size - 1)) /* size: a power of two */
            return false;
        addr[l] = a;
        lo = a < lo ? a : lo;
        hi = a > hi ? a : hi;
    }
    uint8_t *base;
    uint64_t off;
    if (sp == SP_SHARED) {
        if (hi > x->shared_size || size > x->shared_size - hi)
            return false;
        base = x->shared;
        off = 0;
    } else if (sp == SP_PARAM) { /* the kernel's parameters: ld.param, no request */
        if (hi > x->entry->param_size || size > x->entry->param_size - hi)
            return false;
        base = (uint8_t *)(uintptr_t)x->params;
        off = 0;
    } else {
        const Alloc *a = x->hot;
        if (!a || lo - a->base >= a->size)
            a = alloc_find(x->ctx, lo);
        if (!a || a->freed || hi - a->base >= a->size || hi - a->base + size > a->size)
            return false;
        x->hot = a;
        base = a->data;
        off = a->base;
    }
    /* the request */
    ReqGroup *g = NULL;
    if (sp != SP_PARAM && in->slot != NOREG && x->occ) {
        uint32_t nslots = x->m->nslots, first = (uint32_t)__builtin_ctz(mask);
        uint32_t occ = x->occ[(size_t)th[first].tid * nslots + in->slot];
        for (uint32_t m = mask; m; m &= m - 1)
            if (x->occ[(size_t)th[__builtin_ctz(m)].tid * nslots + in->slot] != occ)
                return false;
        int kind = sp == SP_GLOBAL ? (st ? REQ_GST : REQ_GLD) : (st ? REQ_SST : REQ_SLD);
        ReqGroup *gs = &x->groups[(size_t)w * NGROUPS];
        uint32_t ng = x->ngroups[w];
        if (ng == NGROUPS)
            return false;
        for (uint32_t i = 0; i < ng; i++)
            if (gs[i].slot == in->slot && gs[i].occ == occ && gs[i].kind == kind)
                return false;
        g = &gs[ng]; /* a scratch entry past the open ones: it closes below */
        g->slot = in->slot;
        g->occ = occ;
        g->kind = (uint8_t)kind;
        g->mask = mask;
        g->size = (uint8_t)size;
        for (uint32_t m = mask; m; m &= m - 1) {
            uint32_t l = (uint32_t)__builtin_ctz(m);
            g->addr[l] = addr[l];
            x->occ[(size_t)th[l].tid * nslots + in->slot]++;
            th[l].yield_pc = NOREG;
        }
    }
    bool sgn = type_info[ty].kind == TK_SINT;
    if (!st && n == 1 && !sgn) { /* the common case, one load per lane of a fixed width */
        uint32_t r = vo->r;
        for (uint32_t m = mask; m; m &= m - 1) {
            uint32_t l = (uint32_t)__builtin_ctz(m);
            th[l].r[r] = load_fixed(base + (addr[l] - off), es);
        }
    } else
        for (uint32_t m = mask; m; m &= m - 1) {
            uint32_t l = (uint32_t)__builtin_ctz(m);
            Thread *t = &th[l];
            uint8_t *p = base + (addr[l] - off);
            if (st) {
                if (n == 1) {
                    uint64_t v = vo->kind == OPD_REG ? t->r[vo->r] : (uint64_t)vo->imm;
                    store_fixed(p, v, es);
                } else
                    for (uint32_t i = 0; i < n; i++) {
                        uint64_t v = opd_read(x, t, &x->vecs[vo->r + i]);
                        store_fixed(p + i * es, v, es);
                    }
            } else
                for (uint32_t i = 0; i < n; i++) {
                    uint64_t v = load_fixed(p + i * es, es);
                    if (sgn)
                        v = (uint64_t)sext(v, 8 * es);
                    reg_write(t, n == 1 ? vo : &x->vecs[vo->r + i], v);
                }
        }
    if (g)
        req_finish(x, g);
    return true;
}
