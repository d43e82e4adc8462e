/*
 * exec_warp.c -- bodies of the warp collectives: shfl, vote, match, redux,
 * elect, ldmatrix, stmatrix, movmatrix and mma.sync.
 *
 * Requires:  coll_arrive() (exec.c) has seen every lane of the member mask
 *            arrive at the instruction; lanes not in the mask are untouched.
 * Ensures:   all sources of all lanes are read before any destination is
 *            written, so `shfl d, d, ...` and `mma {d}, .., {d}` are safe.
 *
 * Fragment layouts are those of ../shared/docs/ptx-sm80.md §4 (ldmatrix:
 * lane l holds row l/4, columns 2(l%4) and 2(l%4)+1 of each 8x8 matrix) and
 * §5.2 (mma.sync, g = l>>2, t = l&3), PTX ISA §9.7.14.5.8-9.7.14.5.15.
 */
#include "sim/simint.h"

#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

static Thread *
lane_thread(Exec *x, uint32_t warp, uint32_t lane)
{
    return &x->th[warp * WARP_SIZE + lane];
}

#define FOR_LANES(l, mask)                                                                         \
    for (uint32_t l = 0; l < WARP_SIZE; l++)                                                       \
        if ((mask) >> l & 1)

/* ---- shfl.sync [PTX §9.7.9.6; ptx-sm80.md §2] ---- */

bool
wx_shfl(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    uint64_t val[WARP_SIZE];
    uint32_t j_of[WARP_SIZE];
    bool ok_of[WARP_SIZE];
    FOR_LANES(l, mask)
    {
        Thread *t = lane_thread(x, warp, l);
        val[l] = opd_read(x, t, &in->o[2]) & 0xffffffffu;
        uint32_t b = (uint32_t)opd_read(x, t, &in->o[3]), c = (uint32_t)opd_read(x, t, &in->o[4]);
        uint32_t bval = b & 31, cval = c & 31, seg = (c >> 8) & 31;
        int minl = (int)(l & seg), maxl = (int)((l & seg) | (cval & ~seg)), j;
        bool ok;
        switch (in->sub) {
        case SUB_UP:
            j = (int)l - (int)bval;
            ok = j >= maxl;
            break;
        case SUB_DOWN:
            j = (int)(l + bval);
            ok = j <= maxl;
            break;
        case SUB_BFLY:
            j = (int)(l ^ bval);
            ok = j <= maxl;
            break;
        default:
            j = minl | (int)(bval & ~seg);
            ok = j <= maxl;
            break;
        }
        j_of[l] = ok ? (uint32_t)j : l;
        ok_of[l] = ok;
        if (!(mask >> j_of[l] & 1))
            return sim_fault(x, t, in, "shfl reads lane %u, which is not in the member mask 0x%08x",
                             j_of[l], mask) == EX_NEXT;
    }
    FOR_LANES(l, mask)
    {
        Thread *t = lane_thread(x, warp, l);
        reg_write(t, &in->o[0], val[j_of[l]]);
        reg_write(t, &in->o[1], ok_of[l]);
    }
    return true;
}

/* ---- vote, match, redux, elect [PTX §9.7.13.6-9, §9.7.13.11] ---- */

bool
wx_vote(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    uint32_t yes = 0;
    FOR_LANES(l, mask)
    {
        if (pred_read(x, lane_thread(x, warp, l), &in->o[1]))
            yes |= 1u << l;
    }
    uint64_t r;
    switch (in->sub) {
    case SUB_ALL:
        r = yes == mask;
        break;
    case SUB_ANY:
        r = yes != 0;
        break;
    case SUB_UNI:
        r = yes == 0 || yes == mask;
        break;
    default:
        r = yes;
        break;
    }
    FOR_LANES(l, mask) reg_write(lane_thread(x, warp, l), &in->o[0], r);
    return true;
}

bool
wx_match(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    uint64_t v[WARP_SIZE], m = ty_mask(in->ty[0]);
    FOR_LANES(l, mask) v[l] = opd_read(x, lane_thread(x, warp, l), &in->o[2]) & m;
    FOR_LANES(l, mask)
    {
        uint32_t same = 0;
        FOR_LANES(k, mask)
        {
            if (v[k] == v[l])
                same |= 1u << k;
        }
        Thread *t = lane_thread(x, warp, l);
        if (in->sub == SUB_ALL) {
            reg_write(t, &in->o[0], same == mask ? mask : 0);
            reg_write(t, &in->o[1], same == mask);
        } else {
            reg_write(t, &in->o[0], same);
        }
    }
    return true;
}

/* a < b in redux.sync's .f32 order: the usual one, with -0.0 < +0.0 */
static bool
f32_before(uint32_t a, uint32_t b)
{
    float fa, fb;
    memcpy(&fa, &a, 4);
    memcpy(&fb, &b, 4);
    if (fa == 0 && fb == 0)
        return (a >> 31) > (b >> 31);
    return fa < fb;
}

/* redux.sync.{min,max}{.abs}{.NaN}.f32 (sm_100a, PTX 8.6): with .abs the inputs'
 * absolute values; with .NaN the canonical NaN if any input is NaN, else NaN inputs are
 * left out (the canonical NaN if all are NaN); +0.0 > -0.0 (PTX ISA, redux.sync). */
static bool
redux_f32(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    bool any_nan = false, have = false;
    uint32_t acc = 0;
    if (in->sub != SUB_MIN && in->sub != SUB_MAX) {
        uint32_t first = 0;
        while (first < 31 && !(mask >> first & 1))
            first++;
        return sim_fault(x, lane_thread(x, warp, first), in, "redux .f32 is min or max only") ==
               EX_NEXT;
    }
    FOR_LANES(l, mask)
    {
        uint32_t v = (uint32_t)opd_read(x, lane_thread(x, warp, l), &in->o[1]);
        if (in->flags & F_ABS)
            v &= 0x7fffffffu;
        if ((v & 0x7fffffffu) > 0x7f800000u) {
            any_nan = true;
            continue;
        }
        if (!have || (in->sub == SUB_MIN ? f32_before(v, acc) : f32_before(acc, v)))
            acc = v;
        have = true;
    }
    if (!have || (any_nan && (in->flags & F_NAN)))
        acc = 0x7fffffffu; /* the canonical NaN */
    FOR_LANES(l, mask) reg_write(lane_thread(x, warp, l), &in->o[0], acc);
    return true;
}

bool
wx_redux(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    if (in->ty[0] == TY_F32)
        return redux_f32(x, warp, in, mask);
    bool sgn = in->ty[0] == TY_S32, first = true;
    uint32_t acc = 0;
    FOR_LANES(l, mask)
    {
        uint32_t v = (uint32_t)opd_read(x, lane_thread(x, warp, l), &in->o[1]);
        if (first) {
            acc = v;
            first = false;
            continue;
        }
        switch (in->sub) {
        case SUB_ADD:
            acc += v;
            break;
        case SUB_MIN:
            acc = sgn ? ((int32_t)v < (int32_t)acc ? v : acc) : (v < acc ? v : acc);
            break;
        case SUB_MAX:
            acc = sgn ? ((int32_t)v > (int32_t)acc ? v : acc) : (v > acc ? v : acc);
            break;
        case SUB_AND:
            acc &= v;
            break;
        case SUB_OR:
            acc |= v;
            break;
        case SUB_XOR:
            acc ^= v;
            break;
        default:
            return sim_fault(x, lane_thread(x, warp, l), in, "unsupported redux operation") ==
                   EX_NEXT;
        }
    }
    FOR_LANES(l, mask) reg_write(lane_thread(x, warp, l), &in->o[0], acc);
    return true;
}

/* elect.sync d|p, mask: the lowest lane of the mask is the leader */
bool
wx_elect(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    uint32_t leader = 0;
    while (!(mask >> leader & 1))
        leader++;
    FOR_LANES(l, mask)
    {
        Thread *t = lane_thread(x, warp, l);
        reg_write(t, &in->o[0], leader);
        reg_write(t, &in->o[1], l == leader);
    }
    return true;
}

/* ---- ldmatrix / stmatrix / movmatrix [PTX §9.7.14.5.15-17; ptx-sm80.md §4] ---- */

typedef uint16_t Mat8[8][8];

/* Position in matrix j of half h (0 low, 1 high) of lane l's register. */
static void
frag_pos(uint32_t l, int h, bool trans, int *row, int *col)
{
    if (trans) {
        *row = (int)(2 * (l % 4)) + h;
        *col = (int)(l / 4);
    } else {
        *row = (int)(l / 4);
        *col = (int)(2 * (l % 4)) + h;
    }
}

/* Row addresses come from lanes 8j..8j+7; each row is 16 bytes of shared. */
static bool
matrix_rows(Exec *x, uint32_t warp, const Inst *in, const Opd *ao, uint8_t *rows[32], bool write)
{
    uint64_t addr[WARP_SIZE];
    uint32_t n = in->num * 8;
    for (uint32_t l = 0; l < n; l++) {
        Thread *t = lane_thread(x, warp, l);
        uint64_t a = addr_of(x, t, ao);
        if (in->space == SP_NONE && generic_space(&a) != SP_SHARED)
            return sim_fault(x, t, in, "%s row address 0x%llx is not shared memory",
                             sim_op_table[in->op].mnemonic,
                             (unsigned long long)addr_of(x, t, ao)) == EX_NEXT;
        rows[l] = mem_access(x, t, in, SP_SHARED, a, 16, 16, write);
        if (!rows[l])
            return false;
        addr[l] = a;
    }
    uint32_t ideal, wf = shared_wavefronts(addr, n == 32 ? ~0u : (1u << n) - 1, 16, &ideal);
    bool ld = in->op == OP_LDMATRIX;
    *(ld ? &x->st.shared_ld_requests : &x->st.shared_st_requests) += 1;
    *(ld ? &x->st.shared_ld_wavefronts : &x->st.shared_st_wavefronts) += wf;
    *(ld ? &x->st.shared_ld_wavefronts_min : &x->st.shared_st_wavefronts_min) += ideal;
    return true;
}

bool
wx_ldmatrix(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    (void)mask;
    uint8_t *rows[WARP_SIZE];
    Mat8 M[4];
    if (!matrix_rows(x, warp, in, &in->o[1], rows, false))
        return false;
    for (uint32_t j = 0; j < in->num; j++)
        for (int r = 0; r < 8; r++)
            memcpy(M[j][r], rows[8 * j + (uint32_t)r], 16);
    bool trans = (in->flags & F_TRANS) != 0;
    for (uint32_t l = 0; l < WARP_SIZE; l++)
        for (uint32_t j = 0; j < in->num; j++) {
            uint32_t v = 0;
            for (int h = 0; h < 2; h++) {
                int r, c;
                frag_pos(l, h, trans, &r, &c);
                v |= (uint32_t)M[j][r][c] << (16 * h);
            }
            reg_write(lane_thread(x, warp, l), &x->vecs[in->o[0].r + j], v);
        }
    return true;
}

bool
wx_stmatrix(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    (void)mask;
    uint8_t *rows[WARP_SIZE];
    Mat8 M[4];
    bool trans = (in->flags & F_TRANS) != 0;
    for (uint32_t l = 0; l < WARP_SIZE; l++)
        for (uint32_t j = 0; j < in->num; j++) {
            uint32_t v = (uint32_t)opd_read(x, lane_thread(x, warp, l), &x->vecs[in->o[1].r + j]);
            for (int h = 0; h < 2; h++) {
                int r, c;
                frag_pos(l, h, trans, &r, &c);
                M[j][r][c] = (uint16_t)(v >> (16 * h));
            }
        }
    if (!matrix_rows(x, warp, in, &in->o[0], rows, true))
        return false;
    for (uint32_t j = 0; j < in->num; j++)
        for (int r = 0; r < 8; r++)
            memcpy(rows[8 * j + (uint32_t)r], M[j][r], 16);
    return true;
}

bool
wx_movmatrix(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    (void)mask;
    Mat8 M;
    for (uint32_t l = 0; l < WARP_SIZE; l++) {
        uint32_t v = (uint32_t)opd_read(x, lane_thread(x, warp, l), &in->o[1]);
        for (int h = 0; h < 2; h++) {
            int r, c;
            frag_pos(l, h, false, &r, &c);
            M[r][c] = (uint16_t)(v >> (16 * h));
        }
    }
    for (uint32_t l = 0; l < WARP_SIZE; l++) {
        uint32_t v = 0;
        for (int h = 0; h < 2; h++) {
            int r, c;
            frag_pos(l, h, true, &r, &c);
            v |= (uint32_t)M[r][c] << (16 * h);
        }
        reg_write(lane_thread(x, warp, l), &in->o[0], v);
    }
    return true;
}

/* ---- mma.sync [PTX §9.7.14.5.8-10; ptx-sm80.md §5] ---- */

enum { MF_H_K16, MF_H_K8, MF_T_K8, MF_T_K4, MF_I_K32, MF_I_K16 };
static const struct {
    uint8_t k, na, nb, ebits;
} mma_fam[] = {
    [MF_H_K16] = { 16, 4, 2, 16 }, [MF_H_K8] = { 8, 2, 1, 16 },  [MF_T_K8] = { 8, 4, 2, 32 },
    [MF_T_K4] = { 4, 2, 1, 32 },   [MF_I_K32] = { 32, 4, 2, 8 }, [MF_I_K16] = { 16, 2, 1, 8 },
};

int
mma_variant(const Inst *in, unsigned *na, unsigned *nb, unsigned *nc)
{
    int d = in->ty[0], a = in->ty[1], b = in->ty[2], c = in->ty[3], fam = -1;
    bool half = a == b && (a == TY_F16 || a == TY_BF16);
    bool f32acc = d == TY_F32 && c == TY_F32,
         f16acc = d == TY_F16 && c == TY_F16 && a == TY_F16 && b == TY_F16;
    bool i8 =
        (a == TY_S8 || a == TY_U8) && (b == TY_S8 || b == TY_U8) && d == TY_S32 && c == TY_S32;
    bool tf = a == TY_TF32 && b == TY_TF32 && f32acc;
    switch (in->shape) {
    case SH_M16N8K16:
        fam = (half && (f32acc || f16acc)) ? MF_H_K16 : i8 ? MF_I_K16 : -1;
        break;
    case SH_M16N8K8:
        fam = (half && (f32acc || f16acc)) ? MF_H_K8 : tf ? MF_T_K8 : -1;
        break;
    case SH_M16N8K4:
        fam = tf ? MF_T_K4 : -1;
        break;
    case SH_M16N8K32:
        fam = i8 ? MF_I_K32 : -1;
        break;
    default:
        break;
    }
    if (fam < 0)
        return -1;
    *na = mma_fam[fam].na;
    *nb = mma_fam[fam].nb;
    *nc = d == TY_F16 ? 2 : 4;
    return fam;
}

/* A element i of lane l -> (m, k); B element i -> (k, n) */
static void
a_pos(int fam, uint32_t l, int i, int *m, int *k)
{
    int g = (int)(l >> 2), t = (int)(l & 3);
    switch (fam) {
    case MF_H_K16:
        *m = g + 8 * ((i >> 1) & 1);
        *k = 2 * t + (i & 1) + 8 * (i >> 2);
        break;
    case MF_H_K8:
        *m = g + 8 * (i >> 1);
        *k = 2 * t + (i & 1);
        break;
    case MF_T_K8:
        *m = g + 8 * (i & 1);
        *k = t + 4 * (i >> 1);
        break;
    case MF_T_K4:
        *m = g + 8 * i;
        *k = t;
        break;
    case MF_I_K32:
        *m = g + 8 * ((i >> 2) & 1);
        *k = 4 * t + (i & 3) + 16 * (i >> 3);
        break;
    default:
        *m = g + 8 * (i >> 2);
        *k = 4 * t + (i & 3);
        break;
    }
}

static void
b_pos(int fam, uint32_t l, int i, int *k, int *n)
{
    int g = (int)(l >> 2), t = (int)(l & 3);
    *n = g;
    switch (fam) {
    case MF_H_K16:
        *k = 2 * t + (i & 1) + 8 * (i >> 1);
        break;
    case MF_H_K8:
        *k = 2 * t + i;
        break;
    case MF_T_K8:
        *k = t + 4 * i;
        break;
    case MF_T_K4:
        *k = t;
        break;
    case MF_I_K32:
        *k = 4 * t + (i & 3) + 16 * (i >> 2);
        break;
    default:
        *k = 4 * t + i;
        break;
    }
}

static double
elem_value(int ty, uint32_t bits)
{
    switch (ty) {
    case TY_F16:
        return f16_to_double((uint16_t)bits);
    case TY_BF16:
        return bf16_to_double((uint16_t)bits);
    case TY_TF32:
        return f32_of(bits & 0xffffe000u); /* the unit reads 10 mantissa bits */
    case TY_S8:
        return (double)(int8_t)bits;
    default:
        return (double)(uint8_t)bits;
    }
}

/* n halves (n a multiple of 8) to floats, exactly: the host's F16C conversion where it
 * has one (NaNs are fixed up by the caller: F16C keeps their payloads), else one by one */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("f16c,avx"))) static void
halves_f16c(const uint16_t *h, float *f, int n)
{
    for (int i = 0; i < n; i += 8)
        _mm256_storeu_ps(f + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(h + i))));
}
#endif

static void
halves_to_floats(const uint16_t *h, float *f, int n, bool bf)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (!bf && cpu_supports(CPU_F16C | CPU_AVX)) {
        halves_f16c(h, f, n);
        return;
    }
#endif
    for (int i = 0; i < n; i++)
        f[i] = (float)(bf ? bf16_to_double(h[i]) : f16_to_double(h[i]));
}

#if defined(__x86_64__) && defined(__GNUC__)
/* gather_h16() for f16 operands in registers on a host with F16C: a lane's 4 (A) or 2 (B)
 * registers decode as one vector of halves, placed as pairs (A) or single values (B).  A
 * lane holding a NaN is left to the caller (false), which decodes it half by half. */
__attribute__((target("f16c,avx"))) static bool
gather_f16c(Exec *x, uint32_t warp, const uint32_t *reg, int which, double *out, uint32_t *slow)
{
    *slow = 0;
    for (uint32_t l = 0; l < WARP_SIZE; l++) {
        const uint64_t *rr = lane_thread(x, warp, l)->r;
        int g = (int)(l >> 2), tq = (int)(l & 3);
        if (which == 1) {
            __m128i h = _mm_set_epi32((int)(uint32_t)rr[reg[3]], (int)(uint32_t)rr[reg[2]],
                                      (int)(uint32_t)rr[reg[1]], (int)(uint32_t)rr[reg[0]]);
            __m256 f = _mm256_cvtph_ps(h);
            if (_mm256_movemask_ps(_mm256_cmp_ps(f, f, _CMP_UNORD_Q))) {
                *slow |= 1u << l;
                continue;
            }
            __m256d lo = _mm256_cvtps_pd(_mm256_castps256_ps128(f));
            __m256d hi = _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1));
            double *o = &out[g * 16 + 2 * tq];
            _mm_storeu_pd(o, _mm256_castpd256_pd128(lo));
            _mm_storeu_pd(o + 8 * 16, _mm256_extractf128_pd(lo, 1));
            _mm_storeu_pd(o + 8, _mm256_castpd256_pd128(hi));
            _mm_storeu_pd(o + 8 * 16 + 8, _mm256_extractf128_pd(hi, 1));
        } else {
            __m128i h = _mm_set_epi32(0, 0, (int)(uint32_t)rr[reg[1]], (int)(uint32_t)rr[reg[0]]);
            __m128 f = _mm_cvtph_ps(h);
            if (_mm_movemask_ps(_mm_cmpunord_ps(f, f))) {
                *slow |= 1u << l;
                continue;
            }
            double d[4];
            _mm256_storeu_pd(d, _mm256_cvtps_pd(f));
            int k = 2 * tq;
            out[k * 8 + g] = d[0];
            out[(k + 1) * 8 + g] = d[1];
            out[(k + 8) * 8 + g] = d[2];
            out[(k + 9) * 8 + g] = d[3];
        }
    }
    return *slow == 0;
}
#endif

/* gather() for m16n8k16 f16/bf16 operands, the examples' shape: a_pos/b_pos of MF_H_K16
 * worked out per register (A: m = g + 8(r&1), k = 2t + 8(r>>1) + e; B: k = 2t + 8r + e,
 * n = g), both halves of a register at once.  The 32 lanes' halves are collected first
 * and decoded together (eight at a time with F16C); a NaN takes f16_to_double()'s
 * canonical NaN, as before. */
static void
gather_h16(Exec *x, uint32_t warp, const Inst *in, int which, double *out, int ld)
{
    const Opd *v = &in->o[which];
    bool bf = in->ty[which] == TY_BF16;
    int n = v->n;
    uint32_t reg[4];
    bool regs = true; /* every element a register: read them straight from the lanes */
    for (int r = 0; r < n; r++) {
        regs &= x->vecs[v->r + (uint32_t)r].kind == OPD_REG;
        reg[r] = x->vecs[v->r + (uint32_t)r].r;
    }
    uint32_t lanes = ~0u; /* the lanes still to gather */
#if defined(__x86_64__) && defined(__GNUC__)
    if (regs && !bf && ld == (which == 1 ? 16 : 8) && cpu_supports(CPU_F16C) &&
        cpu_supports(CPU_AVX) && gather_f16c(x, warp, reg, which, out, &lanes))
        return;
#endif
    uint16_t hv[WARP_SIZE * 8];
    float fv[WARP_SIZE * 8];
    for (uint32_t l = 0; l < WARP_SIZE; l++) {
        const Thread *t = lane_thread(x, warp, l);
        for (int r = 0; r < n; r++) {
            uint32_t bits = regs ? (uint32_t)t->r[reg[r]]
                                 : (uint32_t)opd_read(x, t, &x->vecs[v->r + (uint32_t)r]);
            hv[(l * (uint32_t)n + (uint32_t)r) * 2] = (uint16_t)bits;
            hv[(l * (uint32_t)n + (uint32_t)r) * 2 + 1] = (uint16_t)(bits >> 16);
        }
    }
    halves_to_floats(hv, fv, (int)WARP_SIZE * n * 2, bf);
    for (uint32_t l = 0; l < WARP_SIZE; l++) {
        int g = (int)(l >> 2), tq = (int)(l & 3);
        for (int r = 0; lanes >> l & 1 && r < n; r++) {
            uint32_t i = (l * (uint32_t)n + (uint32_t)r) * 2;
            double a = fv[i], b = fv[i + 1];
            if (a != a)
                a = bf ? bf16_to_double(hv[i]) : f16_to_double(hv[i]);
            if (b != b)
                b = bf ? bf16_to_double(hv[i + 1]) : f16_to_double(hv[i + 1]);
            if (which == 1) {
                double *o = &out[(g + 8 * (r & 1)) * ld + 2 * tq + 8 * (r >> 1)];
                o[0] = a;
                o[1] = b;
            } else {
                int k = 2 * tq + 8 * r;
                out[k * ld + g] = a;
                out[(k + 1) * ld + g] = b;
            }
        }
    }
}

/* Gather an operand of nreg registers per lane into rows x cols values. */
static void
gather(Exec *x, uint32_t warp, const Inst *in, int which, int fam, double *out, int ld)
{
    const Opd *v = &in->o[which];
    int ty = in->ty[which], eb = mma_fam[fam].ebits, per = 32 / eb;
    if (fam == MF_H_K16 && (ty == TY_F16 || ty == TY_BF16) && v->n == (which == 1 ? 4 : 2)) {
        gather_h16(x, warp, in, which, out, ld);
        return;
    }
    for (uint32_t l = 0; l < WARP_SIZE; l++)
        for (int r = 0; r < v->n; r++) {
            uint32_t bits =
                (uint32_t)opd_read(x, lane_thread(x, warp, l), &x->vecs[v->r + (uint32_t)r]);
            for (int e = 0; e < per; e++) {
                int i = r * per + e, p, q;
                if (which == 1)
                    a_pos(fam, l, i, &p, &q);
                else
                    b_pos(fam, l, i, &p, &q);
                out[p * ld + q] =
                    elem_value(ty, eb == 32 ? bits : (bits >> (e * eb)) & ((1u << eb) - 1));
            }
        }
}

/* C/D element i of lane l is (g + 8(i>>1), 2t + (i&1)); f16 C/D pack two per register. */
static void
cd_pos(uint32_t l, int i, int *m, int *n)
{
    *m = (int)(l >> 2) + 8 * (i >> 1);
    *n = 2 * (int)(l & 3) + (i & 1);
}

static double
c_value(Exec *x, uint32_t warp, const Inst *in, uint32_t l, int i)
{
    int ty = in->ty[3];
    const Opd *v = &in->o[3];
    const Thread *t = lane_thread(x, warp, l);
    if (ty == TY_F16) {
        uint32_t bits = (uint32_t)opd_read(x, t, &x->vecs[v->r + (uint32_t)(i >> 1)]);
        return f16_to_double((uint16_t)(bits >> (16 * (i & 1))));
    }
    uint32_t bits = (uint32_t)opd_read(x, t, &x->vecs[v->r + (uint32_t)i]);
    return ty == TY_S32 ? (double)(int32_t)bits : f32_of(bits);
}

static uint32_t
d_bits(const Inst *in, double acc, int64_t iacc)
{
    switch (in->ty[0]) {
    case TY_F16:
        return (uint32_t)fp_round(acc, 0, &FMT_F16, RND_RN);
    case TY_S32:
        if (in->flags & F_SATFINITE)
            return (uint32_t)(iacc > INT32_MAX ? INT32_MAX : iacc < INT32_MIN ? INT32_MIN : iacc);
        return (uint32_t)iacc;
    default:
        return bits_of_f32((float)acc);
    }
}

/* D[m][n] += sum over k of A[m][k] B[k][n] for the 16 x 8 D, each element adding k = 0,
 * 1, ... in order (a multiply, then an add: never fused).  The 8 columns of a row are
 * independent, so they go side by side. */
static void
mma_rows_generic(double *D, const double *A, const double *B, int K)
{
    for (int mi = 0; mi < 16; mi++) {
        double s[8];
        for (int ni = 0; ni < 8; ni++)
            s[ni] = D[mi * 8 + ni];
        const double *a = &A[mi * K];
        for (int k = 0; k < K; k++) {
            const double *b = &B[k * 8];
            for (int ni = 0; ni < 8; ni++)
                s[ni] += a[k] * b[ni];
        }
        for (int ni = 0; ni < 8; ni++)
            D[mi * 8 + ni] = s[ni];
    }
}

#if defined(__x86_64__) && defined(__GNUC__)
/* the same with the host's 4-wide double vectors (AVX: a row is two of them); AVX has no
 * fused multiply-add, so each step rounds the product and the sum as above */
typedef double v4d __attribute__((vector_size(32)));
__attribute__((target("avx"))) static void
mma_rows_avx(double *D, const double *A, const double *B, int K)
{
    for (int mi = 0; mi < 16; mi++) {
        v4d s0, s1;
        memcpy(&s0, &D[mi * 8], sizeof s0);
        memcpy(&s1, &D[mi * 8 + 4], sizeof s1);
        const double *a = &A[mi * K];
        for (int k = 0; k < K; k++) {
            v4d b0, b1, av = { a[k], a[k], a[k], a[k] };
            memcpy(&b0, &B[k * 8], sizeof b0);
            memcpy(&b1, &B[k * 8 + 4], sizeof b1);
            s0 = s0 + av * b0;
            s1 = s1 + av * b1;
        }
        memcpy(&D[mi * 8], &s0, sizeof s0);
        memcpy(&D[mi * 8 + 4], &s1, sizeof s1);
    }
}
#endif

static void
mma_rows(double *D, const double *A, const double *B, int K)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (cpu_supports(CPU_AVX)) {
        mma_rows_avx(D, A, B, K);
        return;
    }
#endif
    mma_rows_generic(D, A, B, K);
}

bool
wx_mma(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    (void)mask;
    int fam = (int)in->slot, K = mma_fam[fam].k;
    double A[16 * 32], B[32 * 8], Cv[WARP_SIZE][4];
    gather(x, warp, in, 1, fam, A, K);
    gather(x, warp, in, 2, fam, B, 8);
    /* f32 C and D, D in registers and C in registers or immediates (a zero C), the usual
     * case: read C straight into the matrix, compute, write D straight out (C is read
     * whole first, so D may be the same registers) */
    bool f32cd = in->ty[0] == TY_F32 && in->ty[3] == TY_F32 && in->o[0].n == 4 && in->o[3].n == 4;
    uint32_t cr[4], dr[4], cimm[4];
    bool creg[4];
    for (int i = 0; f32cd && i < 4; i++) {
        const Opd *c = &x->vecs[in->o[3].r + (uint32_t)i], *d = &x->vecs[in->o[0].r + (uint32_t)i];
        f32cd = (c->kind == OPD_REG || c->kind == OPD_IMM) && d->kind == OPD_REG;
        creg[i] = c->kind == OPD_REG;
        cr[i] = c->r;
        cimm[i] = (uint32_t)c->imm;
        dr[i] = d->r;
    }
    if (f32cd) {
        double D[16 * 8];
        for (uint32_t l = 0; l < WARP_SIZE; l++) {
            const uint64_t *r = lane_thread(x, warp, l)->r;
            int g = (int)(l >> 2), c2 = 2 * (int)(l & 3);
            D[g * 8 + c2] = f32_of(creg[0] ? (uint32_t)r[cr[0]] : cimm[0]);
            D[g * 8 + c2 + 1] = f32_of(creg[1] ? (uint32_t)r[cr[1]] : cimm[1]);
            D[(g + 8) * 8 + c2] = f32_of(creg[2] ? (uint32_t)r[cr[2]] : cimm[2]);
            D[(g + 8) * 8 + c2 + 1] = f32_of(creg[3] ? (uint32_t)r[cr[3]] : cimm[3]);
        }
        mma_rows(D, A, B, K);
        for (uint32_t l = 0; l < WARP_SIZE; l++) {
            uint64_t *r = lane_thread(x, warp, l)->r;
            int g = (int)(l >> 2), c2 = 2 * (int)(l & 3);
            r[dr[0]] = bits_of_f32((float)D[g * 8 + c2]);
            r[dr[1]] = bits_of_f32((float)D[g * 8 + c2 + 1]);
            r[dr[2]] = bits_of_f32((float)D[(g + 8) * 8 + c2]);
            r[dr[3]] = bits_of_f32((float)D[(g + 8) * 8 + c2 + 1]);
        }
        return true;
    }
    for (uint32_t l = 0; l < WARP_SIZE; l++)
        for (int i = 0; i < 4; i++)
            Cv[l][i] = c_value(x, warp, in, l, i);
    bool integer = in->ty[0] == TY_S32;
    /* float operands: D = A B + C as a 16 x 8 matrix, each element's sum still adding
     * k = 0, 1, ... in order, the 8 columns of a row side by side (the host vectorises
     * them) */
    double D[16 * 8];
    if (!integer) {
        for (uint32_t l = 0; l < WARP_SIZE; l++)
            for (int i = 0; i < 4; i++) {
                int mi, ni;
                cd_pos(l, i, &mi, &ni);
                D[mi * 8 + ni] = Cv[l][i];
            }
        mma_rows(D, A, B, K);
    }
    for (uint32_t l = 0; l < WARP_SIZE; l++) {
        uint32_t out[4] = { 0, 0, 0, 0 };
        /* the lane's 4 elements of D (integer operands: summed here, k in order) */
        int m[4], n[4];
        double acc[4];
        int64_t iacc[4];
        for (int i = 0; i < 4; i++) {
            cd_pos(l, i, &m[i], &n[i]);
            acc[i] = Cv[l][i];
            /* integer operands only: a float C, A or B may be out of int64's range */
            iacc[i] = integer ? (int64_t)Cv[l][i] : 0;
        }
        if (integer)
            for (int k = 0; k < K; k++)
                for (int i = 0; i < 4; i++)
                    iacc[i] += (int64_t)A[m[i] * K + k] * (int64_t)B[k * 8 + n[i]];
        else
            for (int i = 0; i < 4; i++)
                acc[i] = D[m[i] * 8 + n[i]];
        for (int i = 0; i < 4; i++) {
            uint32_t bits = d_bits(in, integer ? 0 : acc[i], iacc[i]);
            if (in->ty[0] == TY_F16)
                out[i >> 1] |= (bits & 0xffff) << (16 * (i & 1));
            else
                out[i] = bits;
        }
        Thread *t = lane_thread(x, warp, l);
        for (int r = 0; r < in->o[0].n; r++)
            reg_write(t, &x->vecs[in->o[0].r + (uint32_t)r], out[r]);
    }
    return true;
}

/* ---- mma.sp [PTX ISA 9.7.14.6: sparse matrix storage, 9.7.14.6.2: fragments] ----
 * A is sparse: 2:4 (two values kept of each 4-wide chunk of a row) for 16- and 8-bit
 * elements, 1:2 for tf32 (one of each 2-wide chunk).  g = l>>2, t = l&3; a lane's
 * register r holds values of row g + 8(r&1):
 *   f16/bf16  the two kept values of chunk t + 4(r>>1), low half first;
 *   tf32      the kept value of chunk t + 4(r>>1);
 *   8-bit     the kept values of chunks 2t + 8(r>>1) and 2t + 8(r>>1) + 1, byte 0 first.
 * Metadata: 4 bits a chunk, kept value j's column in bits 2j..2j+1 (tf32: the chunk read
 * as four 16-bit halves, 0b0100 keeping element 0 and 0b1110 element 1).  Where they are:
 *   16-bit and tf32, one metadata lane (k16 f16, k8 tf32): lane 4g + sel, bits 16h + 4c for
 *     chunk c of row g + 8h;
 *   16-bit and tf32, a lane pair (k32 f16, k16 tf32): lane 4g + 2 sel + (c >> 2) holds
 *     chunks 4(c>>2)..+3 of both rows, bits 16h + 4(c & 3);
 *   8-bit m16n8k32: lane 4g + 2 sel + h holds row g + 8h, chunk c at bits 4c;
 *   8-bit m16n8k64 (selector 0): lane 4g + 2(c >> 3) + h holds row g + 8h, chunk c at bits
 *     4(c & 7).
 * B is dense K x 8, element e of register r of lane l at (k, g): 16-bit 2t + e + 8r,
 * tf32 t + 4r, 8-bit 4t + e + 16r.  A is decompressed to 16 x K and the product is the
 * dense mma's (k in order, never fused; integer sums exact, then saturated). */
static double
sp_elem(int ty, uint32_t bits)
{
    switch (ty) {
    case TY_E4M3:
        return sim_tc_elem_value(0, (uint8_t)bits);
    case TY_E5M2:
        return sim_tc_elem_value(1, (uint8_t)bits);
    default:
        return elem_value(ty, bits);
    }
}

/* the 4-bit metadata of chunk c of row g + 8h, read from the lane that holds it */
static uint32_t
sp_meta(Exec *x, uint32_t warp, const Inst *in, int K, int g, int h, int c)
{
    int sel = (int)in->o[5].imm, a = in->ty[1];
    bool b8 = a != TY_F16 && a != TY_BF16 && a != TY_TF32;
    bool pair = K == (a == TY_TF32 ? 16 : 32);
    int lane, bit;
    if (!b8) {
        lane = 4 * g + (pair ? 2 * sel + (c >> 2) : sel);
        bit = 16 * h + 4 * (c & 3);
    } else if (K == 32) {
        lane = 4 * g + 2 * sel + h;
        bit = 4 * c;
    } else {
        lane = 4 * g + 2 * (c >> 3) + h;
        bit = 4 * (c & 7);
    }
    uint32_t m = (uint32_t)opd_read(x, lane_thread(x, warp, (uint32_t)lane), &in->o[4]);
    return m >> bit & 15;
}

static int
sp_k(const Inst *in)
{
    switch (in->shape) {
    case SH_M16N8K8:
        return 8;
    case SH_M16N8K16:
        return 16;
    case SH_M16N8K32:
        return 32;
    default:
        return 64;
    }
}

/* A decompressed to A[16 * K] (zeros where the metadata keeps nothing), B to B[K * 8] */
static void
sp_gather(Exec *x, uint32_t warp, const Inst *in, int K, double *A, double *B)
{
    int ty = in->ty[1], bty = in->ty[2];
    int eb = ty == TY_TF32 ? 32 : ty == TY_F16 || ty == TY_BF16 ? 16 : 8, per = 32 / eb;
    uint32_t emask = eb == 32 ? ~0u : (1u << eb) - 1;
    for (int i = 0; i < 16 * K; i++)
        A[i] = 0;
    for (uint32_t l = 0; l < WARP_SIZE; l++) {
        const Thread *t = lane_thread(x, warp, l);
        int g = (int)(l >> 2), tq = (int)(l & 3);
        for (int r = 0; r < in->o[1].n; r++) {
            uint32_t bits = (uint32_t)opd_read(x, t, &x->vecs[in->o[1].r + (uint32_t)r]);
            int h = r & 1, row = g + 8 * h;
            for (int e = 0; e < per; e++) {
                int chunk, j;
                if (eb == 8) {
                    chunk = 2 * tq + 8 * (r >> 1) + (e >> 1);
                    j = e & 1;
                } else {
                    chunk = tq + 4 * (r >> 1);
                    j = e;
                }
                uint32_t meta = sp_meta(x, warp, in, K, g, h, chunk);
                int col = eb == 32 ? 2 * chunk + (int)(meta & 3) / 2
                                   : 4 * chunk + (int)(meta >> (2 * j) & 3);
                A[row * K + col] = sp_elem(ty, bits >> (e * eb) & emask);
            }
        }
        for (int r = 0; r < in->o[2].n; r++) {
            uint32_t bits = (uint32_t)opd_read(x, t, &x->vecs[in->o[2].r + (uint32_t)r]);
            for (int e = 0; e < per; e++) {
                int k = eb == 32 ? tq + 4 * r : eb == 16 ? 2 * tq + e + 8 * r : 4 * tq + e + 16 * r;
                B[k * 8 + g] = sp_elem(bty, bits >> (e * eb) & emask);
            }
        }
    }
}

bool
wx_mma_sp(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    (void)mask;
    int K = sp_k(in);
    double A[16 * 64], B[64 * 8], D[16 * 8];
    sp_gather(x, warp, in, K, A, B);
    for (uint32_t l = 0; l < WARP_SIZE; l++)
        for (int i = 0; i < 4; i++) {
            int mi, ni;
            cd_pos(l, i, &mi, &ni);
            D[mi * 8 + ni] = c_value(x, warp, in, l, i);
        }
    if (in->ty[0] == TY_S32) {
        for (uint32_t l = 0; l < WARP_SIZE; l++) {
            uint32_t out[4];
            for (int i = 0; i < 4; i++) {
                int mi, ni;
                cd_pos(l, i, &mi, &ni);
                int64_t acc = (int64_t)D[mi * 8 + ni];
                for (int k = 0; k < K; k++)
                    acc += (int64_t)A[mi * K + k] * (int64_t)B[k * 8 + ni];
                out[i] = d_bits(in, 0, acc);
            }
            Thread *t = lane_thread(x, warp, l);
            for (int r = 0; r < 4; r++)
                reg_write(t, &x->vecs[in->o[0].r + (uint32_t)r], out[r]);
        }
        return true;
    }
    mma_rows(D, A, B, K);
    for (uint32_t l = 0; l < WARP_SIZE; l++) {
        uint32_t out[4] = { 0, 0, 0, 0 };
        for (int i = 0; i < 4; i++) {
            int mi, ni;
            cd_pos(l, i, &mi, &ni);
            uint32_t bits = d_bits(in, D[mi * 8 + ni], 0);
            if (in->ty[0] == TY_F16)
                out[i >> 1] |= (bits & 0xffff) << (16 * (i & 1));
            else
                out[i] = bits;
        }
        Thread *t = lane_thread(x, warp, l);
        for (int r = 0; r < in->o[0].n; r++)
            reg_write(t, &x->vecs[in->o[0].r + (uint32_t)r], out[r]);
    }
    return true;
}
