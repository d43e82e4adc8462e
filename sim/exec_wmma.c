/*
 * exec_wmma.c -- wmma.load.{a,b,c}, wmma.store.d and wmma.mma [PTX ISA §9.7.14.4]:
 * warp-wide matrix multiply-accumulate on fragments.
 *
 * PTX leaves the mapping of a fragment's elements to lanes and registers unspecified
 * (a program may only load, compute, store and apply the same operation to every
 * element of a fragment), so the simulator picks one: slot s of lane l (element s of
 * the lane's registers, low half or byte first) holds element (l * P + s) mod E of the
 * matrix in row-major order, P the lane's element count and E the matrix's.  f16 A and B
 * fragments (16 elements a lane, 512 in all) thus hold each element twice; mma reads the
 * first copy.  Shapes m16n16k16, m32n8k16 and m8n32k16 (f16, bf16, s8, u8) and
 * m16n16k8 (tf32); C and D f16, f32 or s32.  Load and store take the layout (.row: row
 * r at address + r * stride elements, .col: column c there) and stride; every lane must
 * give the same address and stride, and every row (column) must start at a multiple of
 * the fragment's size in bytes (PTX ISA §9.7.14.4.2): faults otherwise.  mma reads A, B and C whole
 * before writing D; products are summed in k order in double precision (integers in
 * 64 bits) and rounded once into D.
 *
 * Requires:  coll_arrive() (exec.c) has seen every lane arrive (wmma is .sync.aligned).
 * Ensures:   the fragment registers or the memory of every lane are written, or a fault.
 */
#include "sim/simint.h"

#include <string.h>

enum { FR_A, FR_B, FR_C };

/* M, N, K of a wmma shape; false if it is none */
static bool
wmma_dims(int shape, int *m, int *n, int *k)
{
    switch (shape) {
    case SH_M16N16K16:
        *m = 16, *n = 16, *k = 16;
        return true;
    case SH_M32N8K16:
        *m = 32, *n = 8, *k = 16;
        return true;
    case SH_M8N32K16:
        *m = 8, *n = 32, *k = 16;
        return true;
    case SH_M16N16K8:
        *m = 16, *n = 16, *k = 8;
        return true;
    default:
        *m = *n = *k = 0;
        return false;
    }
}

/* rows and columns of fragment kind fr */
static void
frag_dims(int shape, int fr, int *rows, int *cols)
{
    int m, n, k;
    wmma_dims(shape, &m, &n, &k);
    *rows = fr == FR_B ? k : m;
    *cols = fr == FR_A ? k : n;
}

static int
elem_bits(int ty)
{
    return ty == TY_F16 || ty == TY_BF16 ? 16 : ty == TY_S8 || ty == TY_U8 ? 8 : 32;
}

/* registers of a fragment (PTX ISA §9.7.14.4.1's fragment tables), 0 if none */
static int
frag_regs(int shape, int fr, int ty)
{
    int m, n, k;
    if (!wmma_dims(shape, &m, &n, &k))
        return 0;
    if (fr == FR_C)
        return ty == TY_F16 ? (shape == SH_M16N16K8 ? 0 : 4) : ty == TY_F32 || ty == TY_S32 ? 8 : 0;
    if (shape == SH_M16N16K8)
        return ty == TY_TF32 ? 4 : 0;
    if (ty == TY_F16)
        return 8;
    if (ty != TY_BF16 && ty != TY_S8 && ty != TY_U8)
        return 0;
    int rows, cols;
    frag_dims(shape, fr, &rows, &cols);
    return rows * cols * elem_bits(ty) / 32 / WARP_SIZE;
}

bool
sim_dec_wmma(Decoder *d, Inst *in)
{
    int m, n, k;
    if (!wmma_dims(in->shape, &m, &n, &k))
        return dec_error(d, "'%s' needs .m16n16k16, .m32n8k16, .m8n32k16 or .m16n16k8",
                         sim_op_table[in->op].mnemonic);
    if (in->op == OP_WMMA_MMA) {
        /* .dtype.ctype (f16 A and B) or .dtype.atype.btype.ctype */
        if (in->nty == 2) {
            in->ty[3] = in->ty[1];
            in->ty[1] = in->ty[2] = TY_F16;
            in->nty = 4;
        }
        bool ab = in->nty == 4 &&
                  (in->ty[1] == in->ty[2] || ((in->ty[1] == TY_S8 || in->ty[1] == TY_U8) &&
                                              (in->ty[2] == TY_S8 || in->ty[2] == TY_U8)));
        bool integer = in->ty[1] == TY_S8 || in->ty[1] == TY_U8;
        bool cd = integer               ? in->ty[0] == TY_S32 && in->ty[3] == TY_S32
                  : in->ty[1] == TY_F16 ? (in->ty[0] == TY_F16 || in->ty[0] == TY_F32) &&
                                              (in->ty[3] == TY_F16 || in->ty[3] == TY_F32)
                                        : in->ty[0] == TY_F32 && in->ty[3] == TY_F32;
        if (!ab || !cd || !(in->flags & F_ROW || in->flags & F_COL))
            return dec_error(d, "malformed 'wmma.mma' (needs .alayout.blayout.shape and "
                                ".dtype.ctype or .dtype.atype.btype.ctype)");
        const int want[4] = { frag_regs(in->shape, FR_C, in->ty[0]),
                              frag_regs(in->shape, FR_A, in->ty[1]),
                              frag_regs(in->shape, FR_B, in->ty[2]),
                              frag_regs(in->shape, FR_C, in->ty[3]) };
        for (int i = 0; i < 4; i++) {
            if (!want[i])
                return dec_error(d, "'wmma.mma' has no .m%dn%dk%d form for these types", m, n, k);
            if (in->nopd != 4 || in->o[i].kind != OPD_VEC || in->o[i].n != want[i])
                return dec_error(d, "wmma.mma operand %d needs a list of %d registers", i, want[i]);
        }
        d->opty[0] = d->opty[1] = d->opty[2] = d->opty[3] = TY_B32;
        return true;
    }
    bool store = in->op == OP_WMMA_STORE;
    int fr = in->op == OP_WMMA_LOAD_A ? FR_A : in->op == OP_WMMA_LOAD_B ? FR_B : FR_C;
    bool row = (in->flags & F_ROW) != 0, col = (in->flags & F_COL) != 0;
    if (in->nty != 1 || row == col)
        return dec_error(d, "'%s' needs one layout (.row or .col) and one type",
                         sim_op_table[in->op].mnemonic);
    int want = frag_regs(in->shape, fr, in->ty[0]);
    if (!want)
        return dec_error(d, "'%s' has no .m%dn%dk%d.%s form", sim_op_table[in->op].mnemonic, m, n,
                         k, type_info[in->ty[0]].name);
    const Opd *regs = &in->o[store ? 1 : 0], *addr = &in->o[store ? 0 : 1];
    if (in->nopd < 2 || in->nopd > 3 || addr->kind != OPD_ADDR || regs->kind != OPD_VEC ||
        regs->n != want)
        return dec_error(d, "'%s' needs %s, an address and an optional stride (%d registers)",
                         sim_op_table[in->op].mnemonic,
                         store ? "the address, then registers" : "registers", want);
    d->opty[0] = d->opty[1] = TY_B32;
    d->opty[2] = TY_U32;
    return true;
}

/* the value of a fragment element's bits */
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
    case TY_F32:
        return f32_of(bits);
    case TY_S8:
        return (double)(int8_t)bits;
    case TY_U8:
        return (double)(uint8_t)bits;
    default: /* s32 */
        return (double)(int32_t)bits;
    }
}

typedef struct {
    int rows, cols, nregs, ebits, per; /* per: elements a register */
    int ty;
} Frag;

static Frag
frag_of(int shape, int fr, int ty)
{
    Frag f;
    frag_dims(shape, fr, &f.rows, &f.cols);
    f.ty = ty;
    f.nregs = frag_regs(shape, fr, ty);
    f.ebits = elem_bits(ty);
    f.per = 32 / f.ebits;
    return f;
}

/* the matrix element (row-major index) slot s of lane l holds */
static int
frag_elem(const Frag *f, uint32_t l, int s)
{
    int p = f->nregs * f->per;
    return (int)((l * (uint32_t)p + (uint32_t)s) % (uint32_t)(f->rows * f->cols));
}

static Thread *
lane(Exec *x, uint32_t warp, uint32_t l)
{
    return &x->th[warp * WARP_SIZE + l];
}

/* The fragment's bits as a rows x cols matrix (first copy of each element). */
static void
read_frag(Exec *x, uint32_t warp, const Opd *v, const Frag *f, uint32_t *out)
{
    int e = f->rows * f->cols;
    uint8_t seen[32 * 32] = { 0 };
    for (uint32_t l = 0; l < WARP_SIZE; l++)
        for (int r = 0; r < f->nregs; r++) {
            uint32_t bits = (uint32_t)opd_read(x, lane(x, warp, l), &x->vecs[v->r + (uint32_t)r]);
            for (int i = 0; i < f->per; i++) {
                int at = frag_elem(f, l, r * f->per + i);
                if (at < e && !seen[at]) {
                    seen[at] = 1;
                    out[at] =
                        f->ebits == 32 ? bits : (bits >> (i * f->ebits)) & ((1u << f->ebits) - 1);
                }
            }
        }
}

static void
write_frag(Exec *x, uint32_t warp, const Opd *v, const Frag *f, const uint32_t *in)
{
    for (uint32_t l = 0; l < WARP_SIZE; l++)
        for (int r = 0; r < f->nregs; r++) {
            uint32_t bits = 0;
            for (int i = 0; i < f->per; i++) {
                uint32_t el = in[frag_elem(f, l, r * f->per + i)];
                bits |= f->ebits == 32 ? el : (el & ((1u << f->ebits) - 1)) << (i * f->ebits);
            }
            reg_write(lane(x, warp, l), &x->vecs[v->r + (uint32_t)r], bits);
        }
}

/* Address and stride, the same in every lane; false after a fault. */
static bool
uniform_place(Exec *x, uint32_t warp, const Inst *in, const Opd *ao, const Frag *f, bool row,
              uint64_t *addr, uint64_t *stride)
{
    for (uint32_t l = 0; l < WARP_SIZE; l++) {
        Thread *t = lane(x, warp, l);
        uint64_t a = addr_of(x, t, ao);
        uint64_t s = in->nopd > 2 ? (uint32_t)opd_read(x, t, &in->o[2])
                                  : (uint64_t)(row ? f->cols : f->rows);
        if (l == 0) {
            *addr = a;
            *stride = s;
        } else if (a != *addr || s != *stride) {
            return sim_fault(x, t, in,
                             "%s: lane %u gives address 0x%llx and stride %llu, lane 0 0x%llx "
                             "and %llu (they must be the same in every lane)",
                             sim_op_table[in->op].mnemonic, l, (unsigned long long)a,
                             (unsigned long long)s, (unsigned long long)*addr,
                             (unsigned long long)*stride) == EX_NEXT;
        }
    }
    uint64_t fbytes = (uint64_t)f->nregs * 4, sbytes = *stride * (uint64_t)f->ebits / 8;
    if (*addr % fbytes || sbytes % fbytes)
        return sim_fault(x, lane(x, warp, 0), in,
                         "%s: address 0x%llx and stride %llu bytes must be multiples of the "
                         "fragment's %llu bytes",
                         sim_op_table[in->op].mnemonic, (unsigned long long)*addr,
                         (unsigned long long)sbytes, (unsigned long long)fbytes) == EX_NEXT;
    return true;
}

static bool
wx_wmma_ldst(Exec *x, uint32_t warp, const Inst *in, bool store)
{
    int fr = in->op == OP_WMMA_LOAD_A ? FR_A : in->op == OP_WMMA_LOAD_B ? FR_B : FR_C;
    Frag f = frag_of(in->shape, fr, in->ty[0]);
    bool row = (in->flags & F_ROW) != 0;
    uint64_t addr = 0, stride = 0;
    const Opd *ao = &in->o[store ? 0 : 1], *regs = &in->o[store ? 1 : 0];
    if (!uniform_place(x, warp, in, ao, &f, row, &addr, &stride))
        return false;
    uint32_t m[32 * 32], bytes = (uint32_t)f.ebits / 8;
    if (store)
        read_frag(x, warp, regs, &f, m);
    Thread *t0 = lane(x, warp, 0);
    for (int r = 0; r < f.rows; r++)
        for (int c = 0; c < f.cols; c++) {
            uint64_t off =
                row ? (uint64_t)r * stride + (uint64_t)c : (uint64_t)c * stride + (uint64_t)r;
            uint8_t *p = mem_access(x, t0, in, in->space, addr + off * bytes, bytes, bytes, store);
            if (!p)
                return false;
            uint32_t *el = &m[r * f.cols + c];
            if (store)
                memcpy(p, el, bytes); /* little-endian: the low bytes */
            else {
                *el = 0;
                memcpy(el, p, bytes);
            }
        }
    if (!store)
        write_frag(x, warp, regs, &f, m);
    return true;
}

bool
sim_wx_wmma_load(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    (void)mask;
    return wx_wmma_ldst(x, warp, in, false);
}

bool
sim_wx_wmma_store(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    (void)mask;
    return wx_wmma_ldst(x, warp, in, true);
}

bool
sim_wx_wmma_mma(Exec *x, uint32_t warp, const Inst *in, uint32_t mask)
{
    (void)mask;
    int M, N, K;
    wmma_dims(in->shape, &M, &N, &K);
    Frag fd = frag_of(in->shape, FR_C, in->ty[0]), fa = frag_of(in->shape, FR_A, in->ty[1]),
         fb = frag_of(in->shape, FR_B, in->ty[2]), fc = frag_of(in->shape, FR_C, in->ty[3]);
    uint32_t a[32 * 16], b[16 * 32], c[16 * 16], d[16 * 16];
    read_frag(x, warp, &in->o[1], &fa, a);
    read_frag(x, warp, &in->o[2], &fb, b);
    read_frag(x, warp, &in->o[3], &fc, c);
    bool integer = in->ty[0] == TY_S32;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            if (integer) {
                int64_t s = (int32_t)c[i * N + j];
                for (int k = 0; k < K; k++)
                    s += (int64_t)elem_value(in->ty[1], a[i * K + k]) *
                         (int64_t)elem_value(in->ty[2], b[k * N + j]);
                if (in->flags & F_SATFINITE)
                    s = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
                d[i * N + j] = (uint32_t)s;
                continue;
            }
            double s = elem_value(in->ty[3], c[i * N + j]);
            for (int k = 0; k < K; k++)
                s += elem_value(in->ty[1], a[i * K + k]) * elem_value(in->ty[2], b[k * N + j]);
            d[i * N + j] = in->ty[0] == TY_F16 ? (uint32_t)fp_round(s, 0, &FMT_F16, RND_RN)
                                               : bits_of_f32((float)s);
        }
    write_frag(x, warp, &in->o[0], &fd, d);
    return true;
}
