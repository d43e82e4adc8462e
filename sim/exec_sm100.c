/*
 * exec_sm100.c -- the Blackwell (sm_100a) tcgen05 instructions, cta_group::1 [PTX ISA 9.1
 * 9.7.16]: tensor memory, its allocation, tcgen05.mma (A from a shared-memory descriptor
 * or tensor memory, M = 64 or 128), tcgen05.commit, tcgen05.ld / st (.32x32b, .16x64b,
 * .16x128b, .16x256b, .16x32bx2, .pack::16b / .unpack::16b), tcgen05.wait, tcgen05.fence.
 *
 * Requires:  Insts decoded through ops.def (sim_dec_tcgen05); mbarriers of exec_sm90.c.
 * Ensures:   each CTA has its own tensor memory, 128 lanes x 512 columns of 32 bits
 *            [9.7.16.1], allocated by warps in powers of two >= 32 columns (first fit, at
 *            a multiple of the size); an address is lane << 16 | column [9.7.16.1.1].
 *            tcgen05.mma completes at issue (one legal schedule: the ISA only promises
 *            completion by the time a later tcgen05.commit's mbarrier arrival is seen),
 *            so tcgen05.commit arrives at once and tcgen05.wait has nothing to wait
 *            for.  The instruction descriptor (Table 42) and the shared memory
 *            descriptor (Table 40) are decoded field by field, and what is not modelled
 *            (sparsity, .ws shifts, fp6/fp4 A in tensor memory, base offsets, absolute LBO,
 *            128B swizzle with 32B atoms) is a located fault, never a silent guess.
 *            D (and A in tensor memory) take the lanes of the data-path layout:
 *            M = 128 row i at lane i, M = 64 rows 16q.. at lanes 32q + (0 or 16).
 *            tcgen05.ld / st of warp w reach lanes 32 (w % 4) .. + 31 only [9.7.16.8.1].
 *            A CTA that ends with columns allocated faults at its last thread's exit.
 */
#include "sim/simint.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TMEM_LANES 128
#define TMEM_COLS  512

struct SimSm100 {
    uint32_t *mem;      /* TMEM_LANES x TMEM_COLS words, lane-major */
    uint32_t alloc[16]; /* an allocation's columns at its first 32-column unit, else 0 */
    bool used[16];      /* the 32-column unit is allocated */
    bool relinquished;
};

void
sim_sm100_cta_reset(Exec *x)
{
    if (x->sm100) {
        memset(x->sm100->alloc, 0, sizeof x->sm100->alloc);
        memset(x->sm100->used, 0, sizeof x->sm100->used);
        x->sm100->relinquished = false;
    }
}

void
sim_sm100_free(Exec *x)
{
    if (x->sm100)
        free(x->sm100->mem);
    free(x->sm100);
    x->sm100 = NULL;
}

uint32_t
sim_sm100_allocated(const Exec *x)
{
    uint32_t n = 0;
    for (int u = 0; x->sm100 && u < 16; u++)
        n += x->sm100->used[u] ? 32 : 0;
    return n;
}

/* ---- descriptors ---- */

bool
sim_tc_idesc_decode(uint32_t d, SimIdesc *o)
{
    o->sparse_sel = d & 3;
    o->sparse = d >> 2 & 1;
    o->saturate = d >> 3 & 1;
    o->dtype = d >> 4 & 3;
    o->atype = d >> 7 & 7;
    o->btype = d >> 10 & 7;
    o->neg_a = d >> 13 & 1;
    o->neg_b = d >> 14 & 1;
    o->trans_a = d >> 15 & 1;
    o->trans_b = d >> 16 & 1;
    o->n = (d >> 17 & 63) << 3;
    o->m = (d >> 24 & 31) << 4;
    o->max_shift = d >> 30 & 3;
    return !(d & (1u << 6 | 1u << 23 | 1u << 29)); /* reserved bits */
}

bool
sim_tc_sdesc_decode(uint64_t d, SimSdesc *o)
{
    o->start = (uint32_t)(d & 0x3fff) << 4;
    o->lbo = (uint32_t)(d >> 16 & 0x3fff) << 4;
    o->sbo = (uint32_t)(d >> 32 & 0x3fff) << 4;
    o->fixed = (unsigned)(d >> 46 & 7);
    o->base_offset = (unsigned)(d >> 49 & 7);
    o->lbo_absolute = (unsigned)(d >> 52 & 1);
    o->swizzle_mode = (unsigned)(d >> 61 & 7);
    /* 0 none, 1 128B with 32B atoms, 2 128B, 4 64B, 6 32B; 3, 5, 7 invalid */
    static const uint32_t span[8] = { 0, 128, 128, 0, 64, 0, 32, 0 };
    o->span = span[o->swizzle_mode];
    bool zero = (d >> 14 & 3) == 0 && (d >> 30 & 3) == 0 && (d >> 53 & 0xff) == 0;
    return zero && o->fixed == 1 &&
           (o->swizzle_mode == 0 || o->swizzle_mode == 1 || o->swizzle_mode == 2 ||
            o->swizzle_mode == 4 || o->swizzle_mode == 6);
}

/* Shared address of element (row x, k) of an operand of e-byte elements, K-major or
 * MN-major, through the canonical layouts of 9.7.16.3.3 and the swizzle of the span. */
uint32_t
sim_tc_sdesc_addr(const SimSdesc *s, bool mn_major, uint32_t x, uint32_t k, uint32_t e)
{
    uint32_t S = s->span, a;
    if (!mn_major)
        a = S ? s->start + x / 8 * s->sbo + x % 8 * S + k * e
              : s->start + x / 8 * s->sbo + x % 8 * 16 + k * e / 16 * s->lbo + k * e % 16;
    else
        a = S ? s->start + x * e / S * s->lbo + k / 8 * s->sbo + k % 8 * S + x * e % S
              : s->start + x * e / 16 * s->sbo + k / 8 * s->lbo + k % 8 * 16 + x * e % 16;
    return S ? a ^ (((a >> 7) & (S / 16 - 1)) << 4) : a;
}

/* ---- tcgen05.ld / st shapes [9.7.16.8]: registers a thread for .x1 ---- */

static uint32_t
tc_regs_x1(unsigned shape)
{
    return shape == SH_TC_16X128B ? 2 : shape == SH_TC_16X256B ? 4 : 1;
}

static const char *
tc_shape_name(unsigned shape)
{
    switch (shape) {
    case SH_TC_32X32B:
        return "32x32b";
    case SH_TC_16X64B:
        return "16x64b";
    case SH_TC_16X128B:
        return "16x128b";
    case SH_TC_16X256B:
        return "16x256b";
    default:
        return "16x32bx2";
    }
}

/* tcgen05.ld.sync.aligned.SHAPE.xN{.pack::16b}.b32 {r..}, [taddr]{, half};
 * tcgen05.st.sync.aligned.SHAPE.xN{.unpack::16b}.b32 [taddr]{, half}, {r..};
 * N times the shape's .x1 registers a thread; .16x32bx2 has the immediate column offset
 * of its second half */
static bool
dec_tc_ldst(Decoder *d, Inst *in)
{
    bool st = in->op == OP_TC_ST, x2 = in->shape == SH_TC_16X32BX2;
    const char *nm = st ? "st" : "ld";
    if (in->shape < SH_TC_32X32B || in->shape > SH_TC_16X32BX2)
        return dec_error(d,
                         "tcgen05.%s needs a shape: .32x32b, .16x64b, .16x128b, .16x256b or "
                         ".16x32bx2",
                         nm);
    int a = st ? 0 : 1, v = st ? in->nopd - 1 : 0;
    if (in->nopd != (x2 ? 3 : 2) || in->o[a].kind != OPD_ADDR || in->o[v].kind != OPD_VEC ||
        (x2 && in->o[st ? 1 : 2].kind != OPD_IMM))
        return dec_error(d, "tcgen05.%s.%s needs %s", nm, tc_shape_name(in->shape),
                         st ? (x2 ? "[taddr], half-offset, {r...}" : "[taddr], {r...}")
                            : (x2 ? "{r...}, [taddr], half-offset" : "{r...}, [taddr]"));
    uint32_t per = tc_regs_x1(in->shape);
    if (in->num == 0 || in->num * per > 128 || in->o[v].n != in->num * per)
        return dec_error(d, "tcgen05.%s.%s.x%u needs %u registers (.x1 has %u), at most 128", nm,
                         tc_shape_name(in->shape), in->num, in->num * per, per);
    return true;
}

/* ---- decoding ---- */

bool
sim_dec_tcgen05(Decoder *d, Inst *in)
{
    for (int i = 0; i < MAXOPD; i++)
        d->opty[i] = TY_B32;
    switch (in->op) {
    case OP_TC_MMA_F16:
    case OP_TC_MMA_TF32:
    case OP_TC_MMA_F8F6F4:
    case OP_TC_MMA_I8:
    case OP_TC2_MMA_F16:
    case OP_TC2_MMA_TF32:
    case OP_TC2_MMA_F8F6F4:
    case OP_TC2_MMA_I8:
        if (in->o[0].kind != OPD_ADDR)
            return dec_error(d, "tcgen05.mma needs [d-tmem], a-desc or [a-tmem], b-desc, idesc, "
                                "enable-input-d");
        d->opty[1] = in->o[1].kind == OPD_ADDR ? TY_B32 : TY_B64; /* [a-tmem]: A in tensor memory */
        d->opty[2] = TY_B64;
        d->opty[4] = TY_PRED;
        return true;
    case OP_TC_LD:
    case OP_TC_ST:
        return dec_tc_ldst(d, in);
    case OP_TC_MMA_MXF8F6F4:
    case OP_TC_MMA_MXF4:
    case OP_TC_MMA_MXF4NVF4: {
        unsigned want = in->op == OP_TC_MMA_MXF8F6F4 ? 1 : 2;
        if (in->num != want && !(in->op == OP_TC_MMA_MXF4NVF4 && in->num == 4))
            return dec_error(d, "'%s' needs .scale_vec::%s", sim_op_table[in->op].mnemonic,
                             in->op == OP_TC_MMA_MXF8F6F4 ? "1X"
                             : in->op == OP_TC_MMA_MXF4   ? "2X"
                                                          : "2X or ::4X");
        if (in->o[0].kind != OPD_ADDR || in->o[4].kind != OPD_ADDR || in->o[5].kind != OPD_ADDR)
            return dec_error(d, "block-scaled tcgen05.mma needs [d-tmem], a-desc or [a-tmem], "
                                "b-desc, idesc, [sfa-tmem], [sfb-tmem], enable-input-d");
        d->opty[1] = in->o[1].kind == OPD_ADDR ? TY_B32 : TY_B64;
        d->opty[2] = TY_B64;
        d->opty[6] = TY_PRED;
        return true;
    }
    case OP_TC_CP: /* tcgen05.cp.cta_group::N.SHAPE{.multicast} [taddr], s-desc */
    case OP_TC2_CP: {
        bool m64 = in->shape == SH_CP_64X128B, m32 = in->shape == SH_CP_32X128B;
        if (in->shape < SH_CP_128X256B || in->shape > SH_CP_32X128B)
            return dec_error(d, "tcgen05.cp needs a shape: .128x256b, .4x256b, .128x128b, "
                                ".64x128b or .32x128b");
        if (m64   ? in->sub != SUB_WARPX2_02_13 && in->sub != SUB_WARPX2_01_23
            : m32 ? in->sub != SUB_WARPX4
                  : in->sub != SUB_NONE)
            return dec_error(d, "tcgen05.cp: .64x128b needs .warpx2::02_13 or ::01_23, "
                                ".32x128b .warpx4, the other shapes no multicast");
        if ((in->vec == 16) != (in->num == 4 || in->num == 6) || (in->vec && in->vec != 16))
            return dec_error(d, "tcgen05.cp decompresses with .b8x16.b6x16_p32 or "
                                ".b8x16.b4x16_p64 (both formats)");
        if (in->o[0].kind != OPD_ADDR)
            return dec_error(d, "tcgen05.cp needs [taddr], s-desc");
        d->opty[1] = TY_B64;
        return true;
    }
    case OP_TC_SHIFT:
    case OP_TC2_SHIFT:
        if (in->o[0].kind != OPD_ADDR)
            return dec_error(d, "tcgen05.shift needs [taddr]");
        return true;
    case OP_TC_ALLOC:
    case OP_TC2_ALLOC:
    case OP_TC_COMMIT:
        if (in->o[0].kind != OPD_ADDR)
            return dec_error(d, "'%s' needs a shared [address]", sim_op_table[in->op].mnemonic);
        return true;
    case OP_TC2_COMMIT: /* [bar]{, mask}: .multicast::cluster takes a 16-bit CTA mask */
        if (in->o[0].kind != OPD_ADDR || (in->nopd == 2) != (in->sub == SUB_MCAST_CLUSTER))
            return dec_error(d, "tcgen05.commit.cta_group::2 needs [mbar], and with "
                                ".multicast::cluster a 16-bit CTA mask after it");
        d->opty[1] = TY_B16;
        return true;
    default:
        return true;
    }
}

/* ---- tensor memory ---- */

static uint32_t *
tmem(Exec *x)
{
    if (!x->sm100 && !(x->sm100 = calloc(1, sizeof *x->sm100)))
        return NULL;
    if (!x->sm100->mem)
        x->sm100->mem = calloc((size_t)TMEM_LANES * TMEM_COLS, sizeof(uint32_t));
    return x->sm100->mem;
}

/* Is [col, col + n) of the tensor memory allocated? */
static bool
cols_allocated(const Exec *x, uint32_t col, uint32_t n)
{
    if (!x->sm100 || n == 0 || col + n > TMEM_COLS)
        return false;
    for (uint32_t u = col / 32; u <= (col + n - 1) / 32; u++)
        if (!x->sm100->used[u])
            return false;
    return true;
}

static bool
ncols_ok(uint64_t n)
{
    return n >= 32 && n <= TMEM_COLS && !(n & (n - 1));
}

/* The CTA pair x belongs to [9.7.16.5.1]: ranks 2k (even, px[0]) and 2k + 1 (px[1]) of
 * its cluster; why there is none (or, live: a CTA of it has exited), or NULL. */
static const char *
pair_of(Exec *x, Exec *px[2], bool live)
{
    if (!x->cluster || x->ncluster % 2)
        return "needs a CTA pair: clusters of an even number of CTAs (.reqnctapercluster), "
               "run together";
    uint32_t e = x->rank & ~1u;
    px[0] = x->cluster[e], px[1] = x->cluster[e + 1];
    for (int c = 0; live && c < 2; c++)
        if (px[c]->nexited == px[c]->nthreads)
            return "while its peer CTA has exited (PTX ISA 9.7.16.5)";
    return NULL;
}

/* alloc / dealloc / relinquish_alloc_permit: once per warp (.sync.aligned); with
 * cta_group::2 each CTA of the pair issues it from one warp [9.7.16.5], and each
 * allocates in its own tensor memory (the same columns, the CTAs doing the same). */
bool
sim_wx_tcgen05(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    (void)mask;
    Thread *t = &x->th[warp * WARP_SIZE];
    Exec *px[2];
    const char *pwhy = in->op >= OP_TC2_ALLOC ? pair_of(x, px, false) : NULL;
    if (pwhy)
        return sim_fault(x, t, in, "'%s' %s", sim_op_table[in->op].mnemonic, pwhy) != EX_FAULT;
    if (!tmem(x))
        return sim_fault(x, t, in, "out of memory") != EX_FAULT;
    struct SimSm100 *s = x->sm100;
    if (in->op == OP_TC_RELINQUISH || in->op == OP_TC2_RELINQUISH) {
        s->relinquished = true;
        return true;
    }
    uint64_t n = opd_read(x, t, &in->o[1]) & 0xffffffffu;
    if (!ncols_ok(n))
        return sim_fault(x, t, in,
                         "'%s' of %llu columns: the count must be a power of two from 32 to 512",
                         sim_op_table[in->op].mnemonic, (unsigned long long)n) != EX_FAULT;
    if (in->op == OP_TC_DEALLOC || in->op == OP_TC2_DEALLOC) {
        uint32_t a = (uint32_t)opd_read(x, t, &in->o[0]), col = a & 0xffff;
        if ((a >> 16) != 0 || col % 32 || col >= TMEM_COLS || s->alloc[col / 32] != n)
            return sim_fault(x, t, in,
                             "tcgen05.dealloc of %llu columns at tensor-memory address 0x%08x, "
                             "which is not an allocation of that size",
                             (unsigned long long)n, a) != EX_FAULT;
        s->alloc[col / 32] = 0;
        for (uint32_t u = col / 32; u < col / 32 + n / 32; u++)
            s->used[u] = false;
        return true;
    }
    if (s->relinquished)
        return sim_fault(x, t, in,
                         "tcgen05.alloc after the CTA relinquished its allocation permit") !=
               EX_FAULT;
    uint32_t units = (uint32_t)n / 32;
    for (uint32_t b = 0; b < 16; b += units) {
        bool free_run = true;
        for (uint32_t u = b; u < b + units; u++)
            free_run = free_run && !s->used[u];
        if (!free_run)
            continue;
        uint8_t *p = mem_access(x, t, in, SP_SHARED, addr_of(x, t, &in->o[0]), 4, 4, true);
        if (!p)
            return false;
        uint32_t a = 32 * b;
        memcpy(p, &a, 4);
        s->alloc[b] = (uint32_t)n;
        for (uint32_t u = b; u < b + units; u++)
            s->used[u] = true;
        return true;
    }
    return sim_fault(x, t, in,
                     "tcgen05.alloc of %llu columns: the tensor memory has no free run that "
                     "large (the warp would wait forever)",
                     (unsigned long long)n) != EX_FAULT;
}

/* ---- tcgen05.ld / st [9.7.16.8.3-4]: thread t's register r holds the cell at lane
 * offset *dl and column offset *dc of the shape's fragment (with .pack::16b, two cells:
 * columns 2 dc and 2 dc + 1).  The ISA's fragment figures, as CUTLASS's
 * copy_traits_sm100.hpp layouts also spell them: ---- */

static void
tc_frag(unsigned shape, uint32_t t, uint32_t r, uint32_t *dl, uint32_t *dc)
{
    switch (shape) {
    case SH_TC_32X32B: /* thread t: lane t, register r: column r */
        *dl = t, *dc = r;
        break;
    case SH_TC_16X64B: /* lanes t/4 and t/4 + 8 by t's low bit, column pairs by r */
        *dl = t / 4 + 8 * (t % 2), *dc = 2 * r + t / 2 % 2;
        break;
    case SH_TC_16X128B: /* r even: lane t/4, odd: t/4 + 8; column t%4 of block r/2 */
        *dl = t / 4 + 8 * (r % 2), *dc = 4 * (r / 2) + t % 4;
        break;
    case SH_TC_16X256B: /* mma.sync's m16n8 accumulator, repeated every 8 columns */
        *dl = t / 4 + 8 * (r / 2 % 2), *dc = 8 * (r / 4) + 2 * (t % 4) + r % 2;
        break;
    default: /* 16x32bx2: threads 16..31 are the second half, at the offset operand */
        *dl = t % 16, *dc = r;
        break;
    }
}

/* A lane outside the warp's quarter or a column that is not allocated faults. */
static bool
ldst_check(Exec *x, Thread *t, const Inst *in, uint32_t base, uint32_t col, uint32_t ncols)
{
    uint32_t chunk = 32 * (t->warp % 4), span = in->shape == SH_TC_32X32B ? 32 : 16;
    if (base < chunk || base + span > chunk + 32)
        return sim_fault(x, t, in,
                         "'%s.%s' at lane %u from warp %u, which reaches lanes %u to %u only "
                         "(PTX ISA 9.7.16.8.1)",
                         sim_op_table[in->op].mnemonic, tc_shape_name(in->shape), base, t->warp,
                         chunk, chunk + 31) != EX_FAULT;
    if (!tmem(x))
        return sim_fault(x, t, in, "out of memory") != EX_FAULT;
    if (!cols_allocated(x, col, ncols))
        return sim_fault(x, t, in,
                         "'%s' of columns %u to %u, which are not all allocated (tcgen05.alloc)",
                         sim_op_table[in->op].mnemonic, col, col + ncols - 1) != EX_FAULT;
    return true;
}

int
sim_ex_tcgen05_ldst(Exec *x, Thread *t, const Inst *in)
{
    bool ld = in->op == OP_TC_LD, pk = in->flags & F_PACK16;
    const Opd *vo = &in->o[ld ? 0 : in->nopd - 1];
    uint32_t a = (uint32_t)addr_of(x, t, &in->o[ld ? 1 : 0]), n = vo->n;
    uint32_t base = a >> 16, col = a & 0xffff, half = 0;
    if (in->shape == SH_TC_16X32BX2) /* the second half's column offset */
        half = (uint32_t)in->o[ld ? 2 : 1].imm & 0xffff;
    uint32_t dl, dc, hi = 0; /* the widest column offset a thread reaches, + 1 */
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t th = 0; th < 32; th += 31) {
            tc_frag(in->shape, th, r, &dl, &dc);
            hi = dc + 1 > hi ? dc + 1 : hi;
        }
    hi = (pk ? 2 * hi : hi) + half;
    if (!ldst_check(x, t, in, base, col, hi))
        return EX_FAULT;
    const Opd *v = &x->vecs[vo->r];
    for (uint32_t r = 0; r < n; r++) {
        tc_frag(in->shape, t->lane, r, &dl, &dc);
        uint32_t c = col + (t->lane >= 16 ? half : 0) + (pk ? 2 * dc : dc);
        uint32_t *w = &x->sm100->mem[(size_t)(base + dl) * TMEM_COLS + c];
        if (ld) { /* .pack::16b: the low halves of two adjacent columns */
            reg_write(t, &v[r], pk ? (w[0] & 0xffff) | w[1] << 16 : w[0]);
            continue;
        }
        uint32_t b = (uint32_t)opd_read(x, t, &v[r]);
        if (pk) /* .unpack::16b: a half a column, zero-extended (the simulator's choice) */
            w[0] = b & 0xffff, w[1] = b >> 16;
        else
            w[0] = b;
    }
    return EX_NEXT;
}

/* ---- tcgen05.mma [9.7.16.10.9] ---- */

/* fp8 by its bit fields: e4m3 (no infinities, S.1111.111 NaN), e5m2 (IEEE-like) */
static double
fp8(bool e4, uint8_t b)
{
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

typedef enum { MK_F16, MK_TF32, MK_F8F6F4, MK_I8 } MmaKind;

/* Bytes of an A/B element and its value, for the kind and the descriptor's type field. */
static double
elem(MmaKind k, unsigned ty, const uint8_t *p)
{
    switch (k) {
    case MK_F16:
        return ty ? bf16_to_double((uint16_t)(p[0] | p[1] << 8))
                  : f16_to_double((uint16_t)(p[0] | p[1] << 8));
    case MK_TF32: /* an f32 whose 13 low mantissa bits the tensor core ignores */
        return f32_of((uint32_t)(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24) &
                      0xffffe000u);
    case MK_F8F6F4:
        return fp8(ty == 0, p[0]);
    case MK_I8:
        return ty ? (double)(int8_t)p[0] : (double)p[0];
    }
    return 0;
}

/* Why the descriptor cannot run as kind k here, or NULL. */
static const char *
idesc_problem(MmaKind k, const SimIdesc *d, bool reserved_ok)
{
    if (!reserved_ok)
        return "sets a reserved bit (6, 23 or 29)";
    if (d->sparse || d->sparse_sel)
        return "asks for sparsity, which needs tcgen05.mma.sp";
    if (d->max_shift)
        return "sets the .ws maximum shift";
    if (d->saturate && k != MK_I8)
        return "sets saturate, which only kind::i8 has";
    switch (k) {
    case MK_F16:
        if (d->dtype > 1 || d->atype > 1 || d->btype != d->atype || (d->dtype == 0 && d->atype))
            return "has types outside kind::f16's (D f16/f32, A = B f16 or bf16; bf16 needs f32)";
        break;
    case MK_TF32:
        if (d->dtype != 1 || d->atype != 2 || d->btype != 2)
            return "has types outside kind::tf32's (D f32, A = B tf32)";
        break;
    case MK_F8F6F4:
        if (d->dtype > 1 || d->atype > 5 || d->atype == 2 || d->btype > 5 || d->btype == 2)
            return "has types outside kind::f8f6f4's";
        break;
    case MK_I8:
        if (d->dtype != 2 || d->atype > 1 || d->btype > 1 || d->neg_a || d->neg_b)
            return "has types outside kind::i8's (D s32, A/B s8 or u8, no negation)";
        break;
    }
    if (d->m != 64 && d->m != 128)
        return "has an M other than 64 or 128 (cta_group::1)";
    if (d->n < 8 || d->n > 256 || (k == MK_I8 && d->n > 32 && d->n % 16))
        return "has an N outside the shapes of PTX ISA Table 39";
    return NULL;
}

/* Element kk of row r of an fp6 / fp4 operand (E2M3 3, E3M2 4, E2M1 5) of kind::f8f6f4 or
 * kind::mxf8f6f4 in shared memory [9.7.16.10.4.4]: 16 elements to the 16-byte piece where
 * 16 8-bit elements would be, packed from its low bits (the first in the low bits), 4 or 8
 * bytes of padding after them; K-major only (Table 52). */
static bool
packed_elem(Exec *x, Thread *t, const Inst *in, unsigned fmt, const SimSdesc *s, uint32_t r,
            uint32_t kk, double *out)
{
    uint32_t bits = fmt == 5 ? 4 : 6, i = kk % 16;
    const uint8_t *p =
        mem_access(x, t, in, SP_SHARED, sim_tc_sdesc_addr(s, false, r, kk - i, 1), 16, 16, false);
    if (!p)
        return false;
    uint32_t bit = bits * i, v = (uint32_t)p[bit / 8] | (uint32_t)p[bit / 8 + 1] << 8;
    *out = sim_tc_elem_value(fmt, (uint8_t)(v >> bit % 8 & ((1u << bits) - 1)));
    return true;
}

static bool
load_matrix(Exec *x, Thread *t, const Inst *in, MmaKind k, unsigned ty, uint64_t desc, bool mn,
            uint32_t rows, uint32_t K, double *out)
{
    SimSdesc s;
    bool ok = sim_tc_sdesc_decode(desc, &s);
    const char *why = !ok              ? "has a bad fixed field or swizzle mode"
                      : s.base_offset  ? "has a non-zero base offset (not modelled)"
                      : s.lbo_absolute ? "uses the absolute leading-dimension mode (not modelled)"
                      : s.swizzle_mode == 1 ? "uses 128B swizzle with 32B atoms (not modelled)"
                                            : NULL;
    if (why)
        return sim_fault(x, t, in, "tcgen05.mma: shared memory descriptor 0x%016llx %s",
                         (unsigned long long)desc, why) != EX_FAULT;
    uint32_t e = k == MK_F16 ? 2 : k == MK_TF32 ? 4 : 1;
    bool packed = k == MK_F8F6F4 && ty >= 3;
    if (packed && mn)
        return sim_fault(x, t, in,
                         "tcgen05.mma: an fp6 / fp4 operand is MN-major (transposed): PTX ISA "
                         "Table 52 allows only K-major 4- and 6-bit operands") != EX_FAULT;
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t kk = 0; kk < K; kk++) {
            if (packed) {
                if (!packed_elem(x, t, in, ty, &s, r, kk, &out[r * K + kk]))
                    return false;
                continue;
            }
            uint32_t a = sim_tc_sdesc_addr(&s, mn, r, kk, e);
            const uint8_t *p = mem_access(x, t, in, SP_SHARED, a, e, e, false);
            if (!p)
                return false;
            out[r * K + kk] = elem(k, ty, p);
        }
    return true;
}

/* The tensor-memory lane of row i of an M-row matrix (D, or A from tensor memory) whose
 * address names lane `sub` [9.7.16.10.5, the data-path layouts]: M = 128 (layout D) is
 * row i at lane i; M = 64 (layout F, not .ws) is rows 16 q .. 16 q + 15 at lanes
 * 32 q + sub .. 32 q + sub + 15, sub being 0 or 16 (half of each warp's 32 lanes). */
static uint32_t
dp_lane(uint32_t m, uint32_t sub, uint32_t i)
{
    return m == 128 ? i : i / 16 * 32 + sub + i % 16;
}

/* Why a matrix of M rows and `cols` columns at tensor-memory address a cannot be there. */
static const char *
tmem_matrix_problem(const Exec *x, uint32_t m, uint32_t a, uint32_t cols)
{
    uint32_t lane = a >> 16, col = a & 0xffff;
    if (m == 128 && lane != 0)
        return "is not at lane 0: M = 128 fills lanes 0 to 127";
    if (m == 64 && lane != 0 && lane != 16)
        return "is not at lane 0 or 16: M = 64 fills 16 lanes of each warp's 32 (layout F)";
    if (!cols_allocated(x, col, cols))
        return "covers columns that are not all allocated";
    return NULL;
}

/* A (M x K) from tensor memory at a [the [a-tmem] form]: row i in the lane of the data-path
 * layout, its K elements packed in 32-bit cells from the address's column, the first in
 * the low bits (K x e = 32 bytes: 8 columns). */
static bool
load_tmem_a(Exec *x, Thread *t, const Inst *in, MmaKind k, const SimIdesc *d, uint32_t a,
            uint32_t K, double *out)
{
    uint32_t e = k == MK_F16 ? 2 : k == MK_TF32 ? 4 : 1;
    const char *why = d->trans_a ? "is MN-major (transpose A): A in tensor memory is K-major"
                      : k == MK_F8F6F4 && d->atype >= 3
                          ? "holds fp6 / fp4 elements, whose 8-bit containers only the ISA's "
                            "figures give (not modelled)"
                          : tmem_matrix_problem(x, d->m, a, K * e / 4);
    if (why)
        return sim_fault(x, t, in, "tcgen05.mma: A in tensor memory at 0x%08x %s", a, why) !=
               EX_FAULT;
    for (uint32_t r = 0; r < d->m; r++) {
        const uint32_t *row =
            &x->sm100->mem[(size_t)dp_lane(d->m, a >> 16, r) * TMEM_COLS + (a & 0xffff)];
        for (uint32_t kk = 0; kk < K; kk++) {
            uint32_t byte = kk * e, w = row[byte / 4] >> 8 * (byte % 4);
            uint8_t b[4] = { (uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16),
                             (uint8_t)(w >> 24) };
            out[r * K + kk] = elem(k, d->atype, b);
        }
    }
    return true;
}

/* D (+)= A x B for one cell (i, j) of D at w: i8 exactly, floats in double rounded to the
 * D type (f16 in the low half of the cell [9.7.16.10.4.1]) */
static void
mma_cell(MmaKind k, const SimIdesc *d, const double *A, const double *B, uint32_t i, uint32_t j,
         uint32_t K, bool acc, uint32_t *w)
{
    if (k == MK_I8) { /* exact: 32 products of 8-bit values */
        int64_t s = acc ? (int32_t)*w : 0;
        for (uint32_t kk = 0; kk < K; kk++)
            s += (int64_t)A[i * K + kk] * (int64_t)B[j * K + kk];
        if (d->saturate)
            s = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
        *w = (uint32_t)s; /* wraps without .satfinite */
        return;
    }
    double s = 0, sa = d->neg_a ? -1 : 1, sb = d->neg_b ? -1 : 1;
    if (acc)
        s = d->dtype == 1 ? (double)f32_of(*w) : f16_to_double((uint16_t)*w);
    for (uint32_t kk = 0; kk < K; kk++)
        s += sa * A[i * K + kk] * sb * B[j * K + kk];
    *w = d->dtype == 1 ? bits_of_f32((float)s)
                       : (uint32_t)(fp_round(s, 0, &FMT_F16, RND_RN) & 0xffff);
}

/* Where a CTA of a pair keeps cell (i, j) of its rows of D [9.7.16.10.5]: M = 256 (layout A,
 * 128 rows a CTA) row i at lane i, column j; M = 128 (layout B, dense A: 64 rows a CTA,
 * the "2x2" organization) the first N/2 columns of row i at lane i, the other N/2 at lane
 * 64 + i, both from the address's column (the ISA draws layout B as a figure; this is the
 * reading of it that Triton's and Mojo's tensor-memory layouts and TVM's datapath "B" share:
 * warps 0 and 1 hold the left half of the 64 rows, warps 2 and 3 the right half). */
static size_t
pair_cell(uint32_t m, uint32_t n, uint32_t col, uint32_t i, uint32_t j)
{
    uint32_t hn = n / 2;
    if (m == 256)
        return (size_t)i * TMEM_COLS + col + j;
    return (size_t)(i + 64 * (j / hn)) * TMEM_COLS + col + j % hn;
}

/* tcgen05.mma.cta_group::2 [9.7.16.5, 9.7.16.10.5.1-2]: one thread of the pair issues an
 * mma over both CTAs: the even CTA holds rows 0..M/2-1 of A and D, the odd CTA rows
 * M/2..M-1, each at the same shared memory descriptor / tensor-memory address (D in
 * layout A for M = 256, layout B for M = 128: pair_cell); B's N columns are split alike,
 * 0..N/2-1 in the even CTA's shared memory, N/2..N-1 in the odd's (as CUTLASS's 2x1SM
 * atoms partition them).  A in tensor memory with M = 128 is not modelled. */
static int
tc_mma_pair(Exec *x, Thread *t, const Inst *in, MmaKind k)
{
    Exec *px[2];
    const char *why = pair_of(x, px, true);
    if (why)
        return sim_fault(x, t, in, "'%s' %s", sim_op_table[in->op].mnemonic, why);
    uint32_t taddr = (uint32_t)addr_of(x, t, &in->o[0]), id = (uint32_t)opd_read(x, t, &in->o[3]);
    SimIdesc d;
    bool rok = sim_tc_idesc_decode(id, &d), a_tmem = in->o[1].kind == OPD_ADDR;
    uint32_t m = d.m;
    d.m = d.m == 256 ? 128 : d.m == 128 ? 64 : d.m; /* a CTA's half, for the checks */
    why = m != 256 && m != 128 ? "has an M other than 128 or 256 (cta_group::2)"
          : m == 128 && a_tmem ? "has M = 128 with A in tensor memory (not modelled)"
                               : idesc_problem(k, &d, rok);
    if (why)
        return sim_fault(x, t, in, "%s: instruction descriptor 0x%08x %s",
                         sim_op_table[in->op].mnemonic, id, why);
    uint32_t K = k == MK_F16    ? 16
                 : k == MK_TF32 ? 8
                                : 32,
             col = taddr & 0xffff, hn = d.n / 2, hm = m / 2;
    if (d.n % 16)
        return sim_fault(x, t, in,
                         "tcgen05.mma.cta_group::2: N = %u does not split in two "
                         "halves of whole 8-column groups",
                         d.n);
    for (int c = 0; c < 2; c++) {
        if (!tmem(px[c]))
            return sim_fault(x, t, in, "out of memory");
        if ((why = tmem_matrix_problem(px[c], 128, taddr, m == 256 ? d.n : hn)))
            return sim_fault(x, t, in,
                             "tcgen05.mma.cta_group::2: D (%u x %u) at 0x%08x in "
                             "cluster CTA %u %s",
                             hm, d.n, taddr, px[c]->rank, why);
    }
    double *A = malloc((size_t)m * K * sizeof *A), *B = malloc((size_t)d.n * K * sizeof *B);
    int rc = EX_FAULT;
    if (!A || !B) {
        rc = sim_fault(x, t, in, "out of memory");
        goto out;
    }
    d.m = 128; /* load_tmem_a's layout D (M = 256 only) */
    for (int c = 0; c < 2; c++) {
        double *Ac = A + (size_t)c * hm * K, *Bc = B + (size_t)c * hn * K;
        if (!(a_tmem ? load_tmem_a(px[c], t, in, k, &d, (uint32_t)addr_of(x, t, &in->o[1]), K, Ac)
                     : load_matrix(px[c], t, in, k, d.atype, opd_read(x, t, &in->o[1]), d.trans_a,
                                   hm, K, Ac)) ||
            !load_matrix(px[c], t, in, k, d.btype, opd_read(x, t, &in->o[2]), d.trans_b, hn, K, Bc))
            goto out;
    }
    bool acc = pred_read(x, t, &in->o[4]);
    for (int c = 0; c < 2; c++)
        for (uint32_t i = 0; i < hm; i++)
            for (uint32_t j = 0; j < d.n; j++)
                mma_cell(k, &d, A, B, hm * (uint32_t)c + i, j, K, acc,
                         &px[c]->sm100->mem[pair_cell(m, d.n, col, i, j)]);
    x->st.tc_mma_ops++;
    x->tc_fmas = (double)m * d.n * K;
    rc = EX_NEXT;
out:
    free(A);
    free(B);
    return rc;
}

int
sim_ex_tcgen05_mma(Exec *x, Thread *t, const Inst *in)
{
    MmaKind k = in->op == OP_TC_MMA_F16 || in->op == OP_TC2_MMA_F16     ? MK_F16
                : in->op == OP_TC_MMA_TF32 || in->op == OP_TC2_MMA_TF32 ? MK_TF32
                : in->op == OP_TC_MMA_I8 || in->op == OP_TC2_MMA_I8     ? MK_I8
                                                                        : MK_F8F6F4;
    if (in->op >= OP_TC2_MMA_F16 && in->op <= OP_TC2_MMA_I8)
        return tc_mma_pair(x, t, in, k);
    uint32_t taddr = (uint32_t)addr_of(x, t, &in->o[0]), id = (uint32_t)opd_read(x, t, &in->o[3]);
    SimIdesc d;
    bool rok = sim_tc_idesc_decode(id, &d);
    const char *why = idesc_problem(k, &d, rok);
    if (why)
        return sim_fault(x, t, in, "%s: instruction descriptor 0x%08x %s",
                         sim_op_table[in->op].mnemonic, id, why);
    uint32_t K = k == MK_F16 ? 16 : k == MK_TF32 ? 8 : 32, col = taddr & 0xffff, sub = taddr >> 16;
    if (!tmem(x))
        return sim_fault(x, t, in, "out of memory");
    if ((why = tmem_matrix_problem(x, d.m, taddr, d.n)))
        return sim_fault(x, t, in, "tcgen05.mma: D (%u x %u) at 0x%08x %s", d.m, d.n, taddr, why);
    double *A = malloc((size_t)d.m * K * sizeof *A), *B = malloc((size_t)d.n * K * sizeof *B);
    int rc = EX_FAULT;
    if (!A || !B) {
        rc = sim_fault(x, t, in, "out of memory");
        goto out;
    }
    bool a_tmem = in->o[1].kind == OPD_ADDR;
    if (!(a_tmem ? load_tmem_a(x, t, in, k, &d, (uint32_t)addr_of(x, t, &in->o[1]), K, A)
                 : load_matrix(x, t, in, k, d.atype, opd_read(x, t, &in->o[1]), d.trans_a, d.m, K,
                               A)) ||
        !load_matrix(x, t, in, k, d.btype, opd_read(x, t, &in->o[2]), d.trans_b, d.n, K, B))
        goto out;
    bool acc = pred_read(x, t, &in->o[4]);
    for (uint32_t i = 0; i < d.m; i++)
        for (uint32_t j = 0; j < d.n; j++)
            mma_cell(k, &d, A, B, i, j, K, acc,
                     &x->sm100->mem[(size_t)dp_lane(d.m, sub, i) * TMEM_COLS + col + j]);
    x->st.tc_mma_ops++;
    x->tc_fmas = (double)d.m * d.n * K;
    rc = EX_NEXT;
out:
    free(A);
    free(B);
    return rc;
}

/* ---- block-scaled tcgen05.mma: the element and scale formats ---- */

double
sim_tc_elem_value(unsigned fmt, uint8_t bits)
{
    /* exponent and mantissa bits, bias; E4M3's S.1111.111 is NaN, E5M2 is IEEE-like,
       the fp6 and fp4 formats have neither infinities nor NaN */
    static const struct {
        unsigned eb, mb, bias;
    } f[6] = { { 4, 3, 7 }, { 5, 2, 15 }, { 0, 0, 0 }, { 2, 3, 1 }, { 3, 2, 3 }, { 2, 1, 1 } };
    if (fmt > 5 || fmt == 2)
        return NAN;
    unsigned eb = f[fmt].eb, mb = f[fmt].mb, bias = f[fmt].bias;
    unsigned m = bits & ((1u << mb) - 1), ex = bits >> mb & ((1u << eb) - 1);
    double sign = bits >> (eb + mb) & 1 ? -1 : 1;
    if (fmt == 0 && ex == 15 && m == 7)
        return NAN;
    if (fmt == 1 && ex == 31)
        return m ? NAN : sign * INFINITY;
    if (ex == 0)
        return sign * ldexp((double)m, 1 - (int)bias - (int)mb);
    return sign * ldexp((double)(m | 1u << mb), (int)ex - (int)bias - (int)mb);
}

double
sim_tc_scale_value(bool ue4m3, uint8_t bits)
{
    if (!ue4m3)
        return bits == 0xff ? NAN : ldexp(1.0, (int)bits - 127);
    return bits & 0x80 ? NAN : sim_tc_elem_value(0, bits); /* the sign bit must be clear */
}

bool
sim_tc_idesc_bs_decode(uint32_t d, bool mxf4, SimIdescBs *o)
{
    o->sparse = d >> 2 & 1;
    o->sfb_id = d >> 4 & 3;
    o->atype = d >> 7 & 7;
    o->btype = d >> 10 & (mxf4 ? 3 : 7);
    o->neg_a = d >> 13 & 1;
    o->neg_b = d >> 14 & 1;
    o->trans_a = d >> 15 & 1;
    o->trans_b = d >> 16 & 1;
    o->n = (d >> 17 & 63) << 3;
    o->ue8m0 = d >> 23 & 1;
    o->m = (d >> 27 & 3) << 7;
    o->sfa_id = d >> 29 & 3;
    o->k96 = mxf4 ? d >> 31 & 1 : 0;
    uint32_t reserved = 3u | 1u << 3 | 1u << 6 | 7u << 24 | (mxf4 ? 1u << 12 : 1u << 31);
    return !(d & reserved);
}

/* A block-scaled mma's kind: K an instruction, scale factors a row (scale_vec::NX) */
typedef struct {
    bool mxf4;       /* kind::mxf4 / mxf4nvf4: E2M1 packed two to a byte, K = 64 */
    uint32_t K, nsf; /* elements along K; scale factors a row, each for K / nsf of them */
    unsigned fa, fb; /* the element formats, as sim_tc_elem_value's codes */
} BsKind;

/* Why descriptor d cannot run as this kind here, or NULL [Tables 43-44, 54-55]. */
static const char *
bs_idesc_problem(const BsKind *k, const SimIdescBs *d, bool reserved_ok)
{
    if (!reserved_ok)
        return "sets a reserved bit";
    if (d->sparse)
        return "asks for sparsity, which needs tcgen05.mma.sp";
    if (d->k96)
        return "asks for K = 96 (not modelled)";
    bool fmt_ok = k->mxf4 ? d->atype == 1 && d->btype == 1
                          : d->atype <= 5 && d->atype != 2 && d->btype <= 5 && d->btype != 2;
    if (!fmt_ok)
        return k->mxf4 ? "has A/B formats other than E2M1 (1)"
                       : "has A/B formats outside E4M3, E5M2, E2M3, E3M2, E2M1";
    if (!d->ue8m0 && k->nsf != 4)
        return "asks for UE4M3 scale factors, which need kind::mxf4nvf4.scale_vec::4X";
    if ((k->mxf4 || d->atype > 1) && d->trans_a)
        return "transposes a 4- or 6-bit A (MN-major needs 8-bit formats)";
    if ((k->mxf4 || d->btype > 1) && d->trans_b)
        return "transposes a 4- or 6-bit B (MN-major needs 8-bit formats)";
    if (d->sfa_id % k->nsf || d->sfb_id % k->nsf)
        return "has a scale factor ID the scale vector does not allow (1X: 0-3, 2X: 0 or 2, 4X: "
               "0)";
    if (d->m != 128)
        return "has an M other than 128 (cta_group::1)";
    if (d->n < 8)
        return "has an N below 8";
    return NULL;
}

/* Element k of row r (an A row or a B column) in shared memory through descriptor s.  8-bit
 * formats: one byte (K- or MN-major).  kind::mxf8f6f4's 6- and 4-bit formats [9.7.16.10.4.4]:
 * each 16 consecutive elements packed in the low 12 or 8 bytes of a 16-byte piece (the
 * rest padding), the first in the low bits, the pieces where 16 8-bit elements would be.
 * kind::mxf4 / mxf4nvf4 [9.7.16.10.4.6]: two to a byte, no padding, the first in the low
 * nibble.  The 16-byte pieces are whole in every canonical layout, swizzled or not. */
static bool
bs_elem_smem(Exec *x, Thread *t, const Inst *in, const BsKind *k, unsigned fmt, const SimSdesc *s,
             bool mn, uint32_t r, uint32_t kk, double *out)
{
    if (k->mxf4) {
        const uint8_t *p =
            mem_access(x, t, in, SP_SHARED, sim_tc_sdesc_addr(s, false, r, kk / 2, 1), 1, 1, false);
        if (!p)
            return false;
        *out = sim_tc_elem_value(5, (uint8_t)(*p >> 4 * (kk % 2) & 15));
        return true;
    }
    if (fmt <= 1) {
        const uint8_t *p =
            mem_access(x, t, in, SP_SHARED, sim_tc_sdesc_addr(s, mn, r, kk, 1), 1, 1, false);
        if (!p)
            return false;
        *out = sim_tc_elem_value(fmt, *p);
        return true;
    }
    return packed_elem(x, t, in, fmt, s, r, kk, out);
}

static bool
bs_load_smem(Exec *x, Thread *t, const Inst *in, const BsKind *k, unsigned fmt, uint64_t desc,
             bool mn, uint32_t rows, double *out)
{
    SimSdesc s;
    bool ok = sim_tc_sdesc_decode(desc, &s);
    const char *why = !ok              ? "has a bad fixed field or swizzle mode"
                      : s.base_offset  ? "has a non-zero base offset (not modelled)"
                      : s.lbo_absolute ? "uses the absolute leading-dimension mode (not modelled)"
                      : s.swizzle_mode == 1 ? "uses 128B swizzle with 32B atoms (not modelled)"
                                            : NULL;
    if (why)
        return sim_fault(x, t, in, "%s: shared memory descriptor 0x%016llx %s",
                         sim_op_table[in->op].mnemonic, (unsigned long long)desc, why) != EX_FAULT;
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t kk = 0; kk < k->K; kk++)
            if (!bs_elem_smem(x, t, in, k, fmt, &s, mn, r, kk, &out[r * k->K + kk]))
                return false;
    return true;
}

/* A (128 x K) from tensor memory: row i at lane i, its 32 bytes from the address's column,
 * little-endian: 8-bit formats a byte each, kind::mxf4's E2M1 two to a byte (low nibble
 * first, 9.7.16.10.4.5).  mxf8f6f4's 6- and 4-bit A in 8-bit containers (9.7.16.10.4.3) is
 * a located fault: the containers' bit positions are only drawn in the ISA's figures. */
static bool
bs_load_tmem_a(Exec *x, Thread *t, const Inst *in, const BsKind *k, uint32_t a, double *out)
{
    const char *why = !k->mxf4 && k->fa > 1
                          ? "holds 6- or 4-bit elements in 8-bit containers (not modelled)"
                          : tmem_matrix_problem(x, 128, a, 8);
    if (why)
        return sim_fault(x, t, in, "%s: A in tensor memory at 0x%08x %s",
                         sim_op_table[in->op].mnemonic, a, why) != EX_FAULT;
    for (uint32_t r = 0; r < 128; r++) {
        const uint32_t *row = &x->sm100->mem[(size_t)r * TMEM_COLS + (a & 0xffff)];
        for (uint32_t kk = 0; kk < k->K; kk++) {
            uint32_t byte = k->mxf4 ? kk / 2 : kk;
            uint8_t b = (uint8_t)(row[byte / 4] >> 8 * (byte % 4));
            out[r * k->K + kk] = k->mxf4 ? sim_tc_elem_value(5, (uint8_t)(b >> 4 * (kk % 2) & 15))
                                         : sim_tc_elem_value(k->fa, b);
        }
    }
    return true;
}

/* The scale factors of `rows` rows (A's M rows or B's N columns) at tensor-memory address a
 * [9.7.16.10.7.2-3]: row r's are bytes id .. id + nsf - 1 of the cell at lane r % 32 and
 * column (a's column) + r / 32, duplicated in all four 32-lane partitions (lanes
 * r % 32 + 32 p), which the ISA requires: copies that differ fault. */
static bool
bs_load_scales(Exec *x, Thread *t, const Inst *in, const char *which, uint32_t a, uint32_t rows,
               uint32_t nsf, uint32_t id, bool ue4m3, double *out)
{
    uint32_t col = a & 0xffff, ncols = (rows + 31) / 32;
    const char *why = a >> 16                          ? "is not at lane 0 (not modelled)"
                      : !cols_allocated(x, col, ncols) ? "covers columns that are not all allocated"
                                                       : NULL;
    if (why)
        return sim_fault(x, t, in, "%s: the scale factors of %s at 0x%08x %s",
                         sim_op_table[in->op].mnemonic, which, a, why) != EX_FAULT;
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t j = 0; j < nsf; j++) {
            uint32_t sh = 8 * (id + j), c = col + r / 32, b[4];
            for (uint32_t p = 0; p < 4; p++)
                b[p] = x->sm100->mem[(size_t)(r % 32 + 32 * p) * TMEM_COLS + c] >> sh & 0xff;
            if (b[1] != b[0] || b[2] != b[0] || b[3] != b[0])
                return sim_fault(x, t, in,
                                 "%s: scale factor %u of %s row %u (column %u, byte %u) differs "
                                 "between the lanes %u, %u, %u, %u: the ISA needs it duplicated "
                                 "in all four lane partitions (9.7.16.10.7)",
                                 sim_op_table[in->op].mnemonic, j, which, r, c, id + j, r % 32,
                                 r % 32 + 32, r % 32 + 64, r % 32 + 96) != EX_FAULT;
            out[r * nsf + j] = sim_tc_scale_value(ue4m3, (uint8_t)b[0]);
        }
    return true;
}

/* Block-scaled tcgen05.mma [9.7.16.10.7]: D (f32) (+)= (A x scale_A)(B x scale_B), the
 * products of the dequantized elements summed in double and rounded once. */
int
sim_ex_tcgen05_mma_bs(Exec *x, Thread *t, const Inst *in)
{
    BsKind k = { .mxf4 = in->op != OP_TC_MMA_MXF8F6F4, .nsf = in->num };
    k.K = k.mxf4 ? 64 : 32;
    uint32_t taddr = (uint32_t)addr_of(x, t, &in->o[0]), id = (uint32_t)opd_read(x, t, &in->o[3]);
    SimIdescBs d;
    bool rok = sim_tc_idesc_bs_decode(id, k.mxf4, &d);
    const char *why = bs_idesc_problem(&k, &d, rok);
    if (why)
        return sim_fault(x, t, in, "%s.scale_vec::%uX: instruction descriptor 0x%08x %s",
                         sim_op_table[in->op].mnemonic, in->num, id, why);
    k.fa = k.mxf4 ? 5 : d.atype, k.fb = k.mxf4 ? 5 : d.btype;
    if (!tmem(x))
        return sim_fault(x, t, in, "out of memory");
    if ((why = tmem_matrix_problem(x, 128, taddr, d.n)))
        return sim_fault(x, t, in, "%s: D (128 x %u) at 0x%08x %s", sim_op_table[in->op].mnemonic,
                         d.n, taddr, why);
    double *A = malloc((size_t)128 * k.K * sizeof *A), *B = malloc((size_t)d.n * k.K * sizeof *B);
    double *SA = malloc((size_t)128 * k.nsf * sizeof *SA),
           *SB = malloc((size_t)d.n * k.nsf * sizeof *SB);
    int rc = EX_FAULT;
    if (!A || !B || !SA || !SB) {
        rc = sim_fault(x, t, in, "out of memory");
        goto out;
    }
    bool a_tmem = in->o[1].kind == OPD_ADDR;
    if (!(a_tmem
              ? bs_load_tmem_a(x, t, in, &k, (uint32_t)addr_of(x, t, &in->o[1]), A)
              : bs_load_smem(x, t, in, &k, k.fa, opd_read(x, t, &in->o[1]), d.trans_a, 128, A)) ||
        !bs_load_smem(x, t, in, &k, k.fb, opd_read(x, t, &in->o[2]), d.trans_b, d.n, B) ||
        !bs_load_scales(x, t, in, "A", (uint32_t)addr_of(x, t, &in->o[4]), 128, k.nsf, d.sfa_id,
                        !d.ue8m0, SA) ||
        !bs_load_scales(x, t, in, "B", (uint32_t)addr_of(x, t, &in->o[5]), d.n, k.nsf, d.sfb_id,
                        !d.ue8m0, SB))
        goto out;
    bool acc = pred_read(x, t, &in->o[6]);
    uint32_t blk = k.K / k.nsf, col = taddr & 0xffff;
    double sa = d.neg_a ? -1 : 1, sb = d.neg_b ? -1 : 1;
    for (uint32_t i = 0; i < 128; i++)
        for (uint32_t j = 0; j < d.n; j++) {
            uint32_t *w = &x->sm100->mem[(size_t)i * TMEM_COLS + col + j];
            double s = acc ? (double)f32_of(*w) : 0;
            for (uint32_t kk = 0; kk < k.K; kk++)
                s += sa * A[i * k.K + kk] * SA[i * k.nsf + kk / blk] * sb * B[j * k.K + kk] *
                     SB[j * k.nsf + kk / blk];
            *w = bits_of_f32((float)s);
        }
    x->st.tc_mma_ops++;
    x->tc_fmas = 128.0 * d.n * k.K;
    rc = EX_NEXT;
out:
    free(A);
    free(B);
    free(SA);
    free(SB);
    return rc;
}

/* cta_group::2 forms not modelled [9.7.16.5]: the block-scaled mmas of a pair and
 * tcgen05.cp into both CTAs' tensor memory (where each half's source lies is not modelled). */
int
sim_ex_tcgen05_pair(Exec *x, Thread *t, const Inst *in)
{
    return sim_fault(x, t, in,
                     "'%s': this cta_group::2 form (block-scaled or sparse mma) is "
                     "not modelled by the simulator",
                     sim_op_table[in->op].mnemonic);
}

/* ---- tcgen05.cp [9.7.16.9.1]: rows of 16 or 32 bytes from shared memory, through the
 * shared memory descriptor (K-major, the bytes as 1-byte elements), into tensor memory
 * from the address's column, each row to the lanes its shape and multicast name:
 *   128x256b, 128x128b  row r -> lane r
 *   4x256b              row r -> lane 32 r (lane 0 of each warp's quarter)
 *   64x128b ::02_13     row r -> lanes r and r + 64 (warps 0 and 2, 1 and 3 alike)
 *   64x128b ::01_23     rows 0..31 -> warps 0 and 1, rows 32..63 -> warps 2 and 3
 *   32x128b .warpx4     row r -> lanes r, r + 32, r + 64, r + 96
 * optionally decompressing 16 6- or 4-bit elements of a 16-byte piece to 16 bytes; and
 * tcgen05.shift. ---- */

static uint32_t
cp_lanes(const Inst *in, uint32_t r, uint32_t lanes[4])
{
    switch (in->shape) {
    case SH_CP_4X256B:
        lanes[0] = 32 * r;
        return 1;
    case SH_CP_64X128B:
        if (in->sub == SUB_WARPX2_02_13) {
            lanes[0] = r, lanes[1] = r + 64;
        } else {
            lanes[0] = r + 32 * (r / 32), lanes[1] = lanes[0] + 32;
        }
        return 2;
    case SH_CP_32X128B:
        for (uint32_t q = 0; q < 4; q++)
            lanes[q] = r + 32 * q;
        return 4;
    default:
        lanes[0] = r;
        return 1;
    }
}

/* tcgen05.shift.cta_group::1.down [taddr] [9.7.16.9.3]: "shifting of 32-byte elements
 * downwards across all the rows, except the last, by one row"; taddr's lane a multiple of
 * 32.  Read here as: the 8 columns (32 bytes) from taddr's column, in the lanes from
 * taddr's lane to lane 127, move down one lane (lane l + 1 takes lane l's cells), the last
 * lane's cells are lost and the first lane keeps its own (the ISA does not say what it
 * receives). */
static int
tc_shift(Exec *x, Thread *t, const Inst *in)
{
    uint32_t a = (uint32_t)addr_of(x, t, &in->o[0]), lane = a >> 16, col = a & 0xffff;
    if (lane % 32 || lane >= TMEM_LANES)
        return sim_fault(x, t, in, "tcgen05.shift at lane %u: the lane must be 0, 32, 64 or 96",
                         lane);
    if (!tmem(x))
        return sim_fault(x, t, in, "out of memory");
    if (!cols_allocated(x, col, 8))
        return sim_fault(x, t, in, "tcgen05.shift of columns %u to %u, which are not all allocated",
                         col, col + 7);
    for (uint32_t l = TMEM_LANES - 1; l > lane; l--)
        memcpy(&x->sm100->mem[(size_t)l * TMEM_COLS + col],
               &x->sm100->mem[(size_t)(l - 1) * TMEM_COLS + col], 8 * sizeof(uint32_t));
    return EX_NEXT;
}

/* Destination byte b of row r: the source byte, or with .b8x16.b6x16_p32 / .b4x16_p64
 * [9.7.16.9.1.1-2] element b % 16 of the 16-byte source piece holding 16 elements of 6 or
 * 4 bits (then 4 or 8 bytes of padding), the first in the low bits, each element put in
 * the low bits of its byte, the high bits zero (the 8-bit containers of cvt's .e2m3x2 /
 * .e3m2x2, 9.7.9.21: the ISA draws tcgen05's containers only as figures). */
static bool
cp_byte(Exec *x, Thread *t, const Inst *in, const SimSdesc *s, uint32_t r, uint32_t b, uint8_t *v)
{
    uint32_t bits = in->num, i = b % 16;
    const uint8_t *p =
        mem_access(x, t, in, SP_SHARED, sim_tc_sdesc_addr(s, false, r, bits ? b - i : b, 1),
                   bits ? 16 : 1, bits ? 16 : 1, false);
    if (!p)
        return false;
    if (!bits) {
        *v = *p;
        return true;
    }
    uint32_t bit = bits * i, w = (uint32_t)p[bit / 8] | (uint32_t)p[bit / 8 + 1] << 8;
    *v = (uint8_t)(w >> bit % 8 & ((1u << bits) - 1));
    return true;
}

/* tcgen05.cp into y's tensor memory from y's shared memory (the operands read in x's
 * registers: with cta_group::2, y is each CTA of the issuing thread's pair) */
static int
tc_cp(Exec *x, Exec *y, Thread *t, const Inst *in)
{
    static const uint32_t rows_of[] = { 128, 4, 128, 64, 32 }, bytes_of[] = { 32, 32, 16, 16, 16 };
    uint32_t R = rows_of[in->shape - SH_CP_128X256B], B = bytes_of[in->shape - SH_CP_128X256B];
    uint32_t a = (uint32_t)addr_of(x, t, &in->o[0]), col = a & 0xffff;
    uint64_t desc = opd_read(x, t, &in->o[1]);
    if (a >> 16)
        return sim_fault(
            y, t, in, "tcgen05.cp to lane %u: the simulator models copies to lane 0 only", a >> 16);
    if (!tmem(y))
        return sim_fault(y, t, in, "out of memory");
    if (!cols_allocated(y, col, B / 4))
        return sim_fault(y, t, in, "tcgen05.cp to columns %u to %u, which are not all allocated",
                         col, col + B / 4 - 1);
    SimSdesc s;
    bool ok = sim_tc_sdesc_decode(desc, &s);
    const char *why = !ok              ? "has a bad fixed field or swizzle mode"
                      : s.base_offset  ? "has a non-zero base offset (not modelled)"
                      : s.lbo_absolute ? "uses the absolute leading-dimension mode (not modelled)"
                      : s.swizzle_mode == 1 ? "uses 128B swizzle with 32B atoms (not modelled)"
                                            : NULL;
    if (why)
        return sim_fault(y, t, in, "tcgen05.cp: shared memory descriptor 0x%016llx %s",
                         (unsigned long long)desc, why);
    for (uint32_t r = 0; r < R; r++) {
        uint32_t lanes[4], nl = cp_lanes(in, r, lanes);
        for (uint32_t b = 0; b < B; b++) {
            uint8_t v;
            if (!cp_byte(y, t, in, &s, r, b, &v))
                return EX_FAULT;
            for (uint32_t l = 0; l < nl; l++) {
                uint32_t *w = &y->sm100->mem[(size_t)lanes[l] * TMEM_COLS + col + b / 4];
                *w = (*w & ~(0xffu << 8 * (b % 4))) | (uint32_t)v << 8 * (b % 4);
            }
        }
    }
    return EX_NEXT;
}

int
sim_ex_tcgen05_cp(Exec *x, Thread *t, const Inst *in)
{
    if (in->op == OP_TC_SHIFT)
        return tc_shift(x, t, in);
    if (in->op == OP_TC2_SHIFT) { /* in both CTAs of the pair [9.7.16.9.3] */
        Exec *px[2];
        const char *why = pair_of(x, px, true);
        if (why)
            return sim_fault(x, t, in, "'%s' %s", sim_op_table[in->op].mnemonic, why);
        for (int c = 0; c < 2; c++)
            if (tc_shift(px[c], t, in) != EX_NEXT)
                return EX_FAULT;
        return EX_NEXT;
    }
    if (in->op == OP_TC_CP)
        return tc_cp(x, x, t, in);
    /* tcgen05.cp.cta_group::2 [9.7.16.9.1]: each CTA of the pair copies from its own
     * shared memory at the descriptor's address into its own tensor memory at taddr */
    Exec *px[2];
    const char *why = pair_of(x, px, true);
    if (why)
        return sim_fault(x, t, in, "'%s' %s", sim_op_table[in->op].mnemonic, why);
    for (int c = 0; c < 2; c++)
        if (tc_cp(x, px[c], t, in) != EX_NEXT)
            return EX_FAULT;
    return EX_NEXT;
}

/* ---- tcgen05.commit: the mmas before it have completed (at issue), so the arrive
 * happens now [9.7.16.12.1]; tcgen05.wait / fence: nothing is in flight ---- */

int
sim_ex_tcgen05_commit(Exec *x, Thread *t, const Inst *in)
{
    if (in->op != OP_TC2_COMMIT)
        return sim_mbar_arrive_one(x, t, in, &in->o[0]);
    Exec *px[2];
    const char *why = pair_of(x, px, true);
    if (why)
        return sim_fault(x, t, in, "'%s' %s", sim_op_table[in->op].mnemonic, why);
    if (in->sub != SUB_MCAST_CLUSTER) /* the mbarrier of the issuing CTA */
        return sim_mbar_arrive_one(x, t, in, &in->o[0]);
    /* .multicast::cluster: one arrive on the mbarrier at the same offset in every CTA of
     * the 16-bit mask, bit r for %cluster_ctarank r [9.7.16.12.1] */
    uint32_t mask = (uint32_t)opd_read(x, t, &in->o[1]) & 0xffff;
    if (mask >> x->ncluster)
        return sim_fault(x, t, in,
                         "tcgen05.commit multicast mask 0x%04x names CTAs beyond the "
                         "cluster's %u",
                         mask, x->ncluster);
    for (uint32_t r = 0; r < x->ncluster; r++)
        if (mask >> r & 1 && sim_mbar_arrive_in(x, t, in, &in->o[0], x->cluster[r]) != EX_NEXT)
            return EX_FAULT;
    return EX_NEXT;
}
