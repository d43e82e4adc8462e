/*
 * test_layout_mma.c -- the tensor-core fragment layouts of layout/mma.c
 * against the PTX ISA's fragment tables, lane by lane and register element
 * by register element; the slot <-> register permutation; tiling over
 * warps and batches; intrinsic names.
 *
 * The ISA formulas below are written out again from ptx-sm80.md §5.2 (and
 * its appendix) and ptx-sm90.md §4.4, independently of the tables in
 * mma.c.  g = lane / 4 (groupID), t = lane % 4 (threadID_in_group).
 */
#include "layout/layout.h"

#include <stdio.h>
#include <string.h>

static int nchecks, nfailed;

static void
check_at(bool ok, int line, const char *what)
{
    nchecks++;
    if (!ok) {
        nfailed++;
        printf("test_layout_mma.c:%d: check failed: %s\n", line, what);
    }
}
#define CHECK(c) check_at((c), __LINE__, #c)

/* ISA: element i of lane l (warp w of a warpgroup) -> (row, col) of the operand. */
typedef void IsaFn(int64_t w, int64_t l, int64_t i, int64_t *rc);

static void
a_f16_16816(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    (void)w;
    rc[0] = l / 4 + 8 * ((i >> 1) & 1);
    rc[1] = 2 * (l % 4) + (i & 1) + 8 * (i >> 2);
}
static void
b_f16_16816(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    (void)w;
    rc[0] = 2 * (l % 4) + (i & 1) + 8 * (i >> 1);
    rc[1] = l / 4;
}
static void
c_16n8(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    (void)w;
    rc[0] = l / 4 + 8 * (i >> 1);
    rc[1] = 2 * (l % 4) + (i & 1);
}
static void
a_f16_1688(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    (void)w;
    rc[0] = l / 4 + 8 * (i >> 1);
    rc[1] = 2 * (l % 4) + (i & 1);
}
static void
b_f16_1688(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    (void)w;
    rc[0] = 2 * (l % 4) + i;
    rc[1] = l / 4;
}
static void
a_tf32_1688(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    (void)w;
    rc[0] = l / 4 + 8 * (i & 1);
    rc[1] = l % 4 + 4 * (i >> 1);
}
static void
b_tf32_1688(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    (void)w;
    rc[0] = l % 4 + 4 * i;
    rc[1] = l / 4;
}
static void
a_s8_16832(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    (void)w;
    rc[0] = l / 4 + 8 * ((i >> 2) & 1);
    rc[1] = 4 * (l % 4) + (i & 3) + 16 * (i >> 3);
}
static void
b_s8_16832(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    (void)w;
    rc[0] = 4 * (l % 4) + (i & 3) + 16 * (i >> 2);
    rc[1] = l / 4;
}
static void
wgmma_d(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    rc[0] = 16 * w + l / 4 + 8 * ((i >> 1) & 1);
    rc[1] = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
}
static void
wgmma_a_k16(int64_t w, int64_t l, int64_t i, int64_t *rc)
{
    rc[0] = 16 * w + l / 4 + 8 * ((i >> 1) & 1);
    rc[1] = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
}

typedef struct {
    const char *name; /* looked up by name, so the names are tested too */
    MmaOperand op;
    IsaFn *isa;
    int64_t rows, cols, nregs; /* operand shape, 32-bit registers per thread (ptx-sm80 §5.1) */
} Case;

// clang-format off
static const Case cases[] = {
    { "NV_MMA_SYNC_F32_16x8x16_F16",  MMA_OPERAND_A, a_f16_16816, 16, 16, 4 },
    { "NV_MMA_SYNC_F32_16x8x16_F16",  MMA_OPERAND_B, b_f16_16816, 16,  8, 2 },
    { "NV_MMA_SYNC_F32_16x8x16_F16",  MMA_OPERAND_C, c_16n8,      16,  8, 4 },
    { "NV_MMA_SYNC_F16_16x8x16_F16",  MMA_OPERAND_A, a_f16_16816, 16, 16, 4 },
    { "NV_MMA_SYNC_F16_16x8x16_F16",  MMA_OPERAND_B, b_f16_16816, 16,  8, 2 },
    { "NV_MMA_SYNC_F16_16x8x16_F16",  MMA_OPERAND_C, c_16n8,      16,  8, 2 },
    { "NV_MMA_SYNC_F32_16x8x16_BF16", MMA_OPERAND_A, a_f16_16816, 16, 16, 4 },
    { "NV_MMA_SYNC_F32_16x8x16_BF16", MMA_OPERAND_B, b_f16_16816, 16,  8, 2 },
    { "NV_MMA_SYNC_F32_16x8x16_BF16", MMA_OPERAND_C, c_16n8,      16,  8, 4 },
    { "NV_MMA_SYNC_F32_16x8x8_F16",   MMA_OPERAND_A, a_f16_1688,  16,  8, 2 },
    { "NV_MMA_SYNC_F32_16x8x8_F16",   MMA_OPERAND_B, b_f16_1688,   8,  8, 1 },
    { "NV_MMA_SYNC_F32_16x8x8_F16",   MMA_OPERAND_C, c_16n8,      16,  8, 4 },
    { "NV_MMA_SYNC_F16_16x8x8_F16",   MMA_OPERAND_A, a_f16_1688,  16,  8, 2 },
    { "NV_MMA_SYNC_F16_16x8x8_F16",   MMA_OPERAND_B, b_f16_1688,   8,  8, 1 },
    { "NV_MMA_SYNC_F16_16x8x8_F16",   MMA_OPERAND_C, c_16n8,      16,  8, 2 },
    { "NV_MMA_SYNC_F32_16x8x8_TF32",  MMA_OPERAND_A, a_tf32_1688, 16,  8, 4 },
    { "NV_MMA_SYNC_F32_16x8x8_TF32",  MMA_OPERAND_B, b_tf32_1688,  8,  8, 2 },
    { "NV_MMA_SYNC_F32_16x8x8_TF32",  MMA_OPERAND_C, c_16n8,      16,  8, 4 },
    { "NV_MMA_SYNC_I32_16x8x32_I8",   MMA_OPERAND_A, a_s8_16832,  16, 32, 4 },
    { "NV_MMA_SYNC_I32_16x8x32_I8",   MMA_OPERAND_B, b_s8_16832,  32,  8, 2 },
    { "NV_MMA_SYNC_I32_16x8x32_I8",   MMA_OPERAND_C, c_16n8,      16,  8, 4 },
    { "NV_WGMMA_F32_64x8x16_F16",     MMA_OPERAND_C, wgmma_d,     64,  8, 4 },
    { "NV_WGMMA_F32_64x64x16_F16",    MMA_OPERAND_C, wgmma_d,     64, 64, 32 },
    { "NV_WGMMA_F32_64x256x16_BF16",  MMA_OPERAND_C, wgmma_d,     64, 256, 128 },
    { "NV_WGMMA_F16_64x128x16_F16",   MMA_OPERAND_C, wgmma_d,     64, 128, 32 },
    { "NV_WGMMA_F32_64x24x16_F16",    MMA_OPERAND_A, wgmma_a_k16, 64, 16, 4 },
};
// clang-format on

/* One fragment: every (warp, lane, register element) lands where the ISA says, each once. */
static void
test_case(const Case *c)
{
    MmaIntrinsic mma;
    NestedLayout f;
    static int64_t hits[64 * 256];
    bool looked_up = layout_mma_lookup(c->name, &mma);
    CHECK(looked_up);
    if (!looked_up)
        return;
    CHECK(layout_mma_fragment(mma, c->op, &f));
    int64_t shape[2] = { c->rows, c->cols }, rc[2], x[2];
    char reason[LAYOUT_REASON_SIZE] = "";
    bool valid = layout_verify(&f, 2, shape, reason, sizeof reason);
    CHECK(valid);
    if (!valid) {
        printf("  %s operand %d: %s\n", c->name, (int)c->op, reason);
        return;
    }
    const MmaInfo *info = layout_mma_info(mma.kind);
    int64_t nelem = layout_num_slots(&f);
    CHECK(nelem % info->per_reg[c->op] == 0 && nelem / info->per_reg[c->op] == c->nregs);
    memset(hits, 0, sizeof hits);
    bool all = true;
    for (int64_t w = 0; w < info->subgroups; w++)
        for (int64_t l = 0; l < 32; l++)
            for (int64_t i = 0; i < nelem; i++) {
                int64_t slot = layout_mma_slot_of_register_element(mma, c->op, i);
                layout_element_of(&f, w, l, slot, x);
                c->isa(w, l, i, rc);
                if (x[0] != rc[0] || x[1] != rc[1]) {
                    if (all)
                        printf("  %s op %d warp %lld lane %lld element %lld: layout (%lld,%lld) "
                               "ISA (%lld,%lld)\n",
                               c->name, (int)c->op, (long long)w, (long long)l, (long long)i,
                               (long long)x[0], (long long)x[1], (long long)rc[0],
                               (long long)rc[1]);
                    all = false;
                }
                hits[rc[0] * c->cols + rc[1]]++;
            }
    CHECK(all);
    bool once = true;
    for (int64_t k = 0; k < c->rows * c->cols; k++)
        once &= hits[k] == 1;
    CHECK(once);
}

/* Seed 003's ordering vs the ISA: the A operand's 8 register elements sit at these slots. */
static void
test_register_order(void)
{
    MmaIntrinsic mma = { MMA_NV_MMA_SYNC_F32_16x8x16_F16, 0 };
    const int64_t a[8] = { 0, 1, 4, 5, 2, 3, 6, 7 };
    for (int64_t i = 0; i < 8; i++)
        CHECK(layout_mma_slot_of_register_element(mma, MMA_OPERAND_A, i) == a[i]);
    for (int64_t i = 0; i < 4; i++) {
        CHECK(layout_mma_slot_of_register_element(mma, MMA_OPERAND_B, i) == i);
        CHECK(layout_mma_slot_of_register_element(mma, MMA_OPERAND_C, i) == i);
    }
    CHECK(layout_mma_slot_of_register_element(mma, MMA_OPERAND_A, 8) == -1);
    MmaIntrinsic tf32 = { MMA_NV_MMA_SYNC_F32_16x8x8_TF32, 0 };
    const int64_t t[4] = { 0, 2, 1, 3 };
    for (int64_t i = 0; i < 4; i++)
        CHECK(layout_mma_slot_of_register_element(tf32, MMA_OPERAND_A, i) == t[i]);
    /* wgmma m64n16: slots run (oM, oN, e), registers (oN, oM, e) */
    MmaIntrinsic wg = { MMA_NV_WGMMA_F32_64xNx16_F16, 16 };
    const int64_t d[8] = { 0, 1, 4, 5, 2, 3, 6, 7 };
    for (int64_t i = 0; i < 8; i++)
        CHECK(layout_mma_slot_of_register_element(wg, MMA_OPERAND_C, i) == d[i]);
}

static bool
fields(const NestedLayout *l, const int64_t want[2][7])
{
    NestedLayout w;
    layout_init(&w, 2);
    for (int32_t d = 0; d < 2; d++)
        layout_set_dim(&w, d, want[d][0], want[d][1], want[d][2], want[d][3], want[d][4],
                       want[d][5], want[d][6]);
    return layout_equal(l, &w);
}

/*
 * A tiled operand: every warp, lane, batch index and register element lands
 * at the ISA position shifted by the warp's and the batch's offsets.
 * warp_of_dim[2w], warp_of_dim[2w+1]: the tile coordinates of warp w's
 * instruction group (its warpgroup for wgmma, whose ISA rows include 16*(w%4)).
 */
static bool
tiled_matches(MmaIntrinsic mma, MmaOperand op, IsaFn *isa, const NestedLayout *t, int64_t nwarps,
              const int64_t *warp_of_dim)
{
    NestedLayout f;
    int64_t frag[2], slots[256], rc[2], x[2];
    layout_mma_fragment(mma, op, &f);
    layout_shape(&f, frag);
    int64_t per_warp[2] = { frag[0] * t->batch_tile[0], frag[1] * t->batch_tile[1] };
    for (int64_t w = 0; w < nwarps; w++)
        for (int64_t b0 = 0; b0 < t->batch_tile[0]; b0++)
            for (int64_t b1 = 0; b1 < t->batch_tile[1]; b1++) {
                int64_t batch[2] = { b0, b1 };
                if (!layout_mma_register_slots(mma, op, t, batch, slots))
                    return false;
                for (int64_t l = 0; l < 32; l++)
                    for (int64_t i = 0; i < layout_num_slots(&f); i++) {
                        layout_element_of(t, w, l, slots[i], x);
                        isa(w % layout_subgroup_count(&f), l, i, rc);
                        rc[0] += warp_of_dim[2 * w] * per_warp[0] + b0 * frag[0];
                        rc[1] += warp_of_dim[2 * w + 1] * per_warp[1] + b1 * frag[1];
                        if (x[0] != rc[0] || x[1] != rc[1])
                            return false;
                    }
            }
    return true;
}

static void
test_tiling(void)
{
    MmaIntrinsic mma = { MMA_NV_MMA_SYNC_F32_16x8x16_F16, 0 };
    NestedLayout t;
    char reason[LAYOUT_REASON_SIZE];
    /* 64x64 accumulator over 2x2 warps (row-major warp ids): warp w owns block (w/2, w%2) */
    const int64_t c64[2] = { 64, 64 }, counts22[2] = { 2, 2 };
    CHECK(layout_mma_tile(mma, MMA_OPERAND_C, c64, counts22, NULL, &t, reason, sizeof reason));
    const int64_t want_c[2][7] = { { 2, 2, 2, 8, 1, 2, 4 }, { 2, 4, 1, 4, 2, 1, 1 } };
    CHECK(fields(&t, want_c));
    const int64_t warps22[8] = { 0, 0, 0, 1, 1, 0, 1, 1 };
    CHECK(tiled_matches(mma, MMA_OPERAND_C, c_16n8, &t, 4, warps22));
    /* A (64x32) is split over the M warps and replicated over the N warps */
    const int64_t a64[2] = { 64, 32 }, counts_a[2] = { 2, 1 }, strides_a[2] = { 2, 0 };
    CHECK(layout_mma_tile(mma, MMA_OPERAND_A, a64, counts_a, strides_a, &t, reason, sizeof reason));
    const int64_t warps_a[8] = { 0, 0, 0, 0, 1, 0, 1, 0 };
    CHECK(t.batch_tile[0] == 2 && t.batch_tile[1] == 2 && layout_subgroup_count(&t) == 4);
    CHECK(tiled_matches(mma, MMA_OPERAND_A, a_f16_16816, &t, 4, warps_a));
    /* B (32x64) is split over the N warps */
    const int64_t b64[2] = { 32, 64 }, counts_b[2] = { 1, 2 }, strides_b[2] = { 0, 1 };
    CHECK(layout_mma_tile(mma, MMA_OPERAND_B, b64, counts_b, strides_b, &t, reason, sizeof reason));
    const int64_t warps_b[8] = { 0, 0, 0, 1, 0, 0, 0, 1 };
    CHECK(tiled_matches(mma, MMA_OPERAND_B, b_f16_16816, &t, 4, warps_b));

    /* iree-notes §4.4: 32x16x32 tile, subgroup_basis [[2,2,1],...] */
    const int64_t s3232[2] = { 32, 32 }, s3216[2] = { 32, 16 };
    const int64_t lhs[2][7] = { { 2, 1, 2, 8, 1, 2, 4 }, { 1, 2, 2, 4, 2, 0, 1 } };
    const int64_t rhs[2][7] = { { 1, 2, 2, 4, 2, 0, 1 }, { 2, 1, 1, 8, 1, 1, 4 } };
    const int64_t acc[2][7] = { { 2, 1, 2, 8, 1, 2, 4 }, { 2, 1, 1, 4, 2, 1, 1 } };
    CHECK(layout_mma_tile(mma, MMA_OPERAND_A, s3232, counts_a, strides_a, &t, NULL, 0) &&
          fields(&t, lhs));
    CHECK(layout_mma_tile(mma, MMA_OPERAND_B, s3216, counts_b, strides_b, &t, NULL, 0) &&
          fields(&t, rhs));
    CHECK(layout_mma_tile(mma, MMA_OPERAND_C, s3216, counts22, NULL, &t, NULL, 0) &&
          fields(&t, acc));

    /* errors */
    const int64_t odd[2] = { 40, 64 };
    CHECK(!layout_mma_tile(mma, MMA_OPERAND_C, odd, counts22, NULL, &t, reason, sizeof reason) &&
          strstr(reason, "not a multiple") != NULL);
    const int64_t batch_bad[2] = { 2, 0 };
    CHECK(!layout_mma_register_slots(mma, MMA_OPERAND_C, &t, batch_bad, (int64_t[4]){ 0 }));
}

static void
test_wgmma_tiling(void)
{
    MmaIntrinsic wg = { MMA_NV_WGMMA_F32_64xNx16_F16, 64 };
    NestedLayout t;
    char reason[LAYOUT_REASON_SIZE];
    /* two warpgroups along M: 8 warps, warp w owns rows 16w.. */
    const int64_t shape[2] = { 128, 64 }, counts[2] = { 2, 1 };
    CHECK(layout_mma_tile(wg, MMA_OPERAND_C, shape, counts, NULL, &t, reason, sizeof reason));
    CHECK(t.subgroup_tile[0] == 8 && t.subgroup_strides[0] == 1 && t.batch_tile[0] == 1);
    const int64_t warps[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0 };
    CHECK(tiled_matches(wg, MMA_OPERAND_C, wgmma_d, &t, 8, warps));
    /* two warpgroups along N: warpgroup 1 = warps 4..7 own columns 64.. */
    const int64_t wide[2] = { 64, 128 }, counts_n[2] = { 1, 2 };
    CHECK(layout_mma_tile(wg, MMA_OPERAND_C, wide, counts_n, NULL, &t, reason, sizeof reason));
    CHECK(t.subgroup_tile[1] == 2 && t.subgroup_strides[1] == 4);
    const int64_t warps_n[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1 };
    CHECK(tiled_matches(wg, MMA_OPERAND_C, wgmma_d, &t, 8, warps_n));
    /* 2x2 warpgroups row-major: the M warpgroup digit is not next to the warp digit */
    const int64_t big[2] = { 128, 128 }, counts22[2] = { 2, 2 }, col_major[2] = { 1, 2 };
    CHECK(!layout_mma_tile(wg, MMA_OPERAND_C, big, counts22, NULL, &t, reason, sizeof reason) &&
          strstr(reason, "one id digit") != NULL);
    CHECK(layout_mma_tile(wg, MMA_OPERAND_C, big, counts22, col_major, &t, reason, sizeof reason));
    CHECK(t.subgroup_tile[0] == 8 && t.subgroup_strides[1] == 8);
    /* wgmma B has no register form */
    CHECK(!layout_mma_fragment(wg, MMA_OPERAND_B, &t));
}

static void
test_names(void)
{
    MmaIntrinsic m;
    char buf[64];
    for (int k = MMA_NONE + 1; k < MMA_KIND_COUNT; k++) {
        const MmaInfo *info = layout_mma_info((MmaKind)k);
        MmaIntrinsic mma = { (MmaKind)k, info->n == 0 ? 32 : 0 };
        layout_mma_name(mma, buf, sizeof buf);
        CHECK(layout_mma_lookup(buf, &m) && m.kind == (MmaKind)k && m.n == mma.n);
        CHECK(strstr(info->ptx, layout_mma_is_tcgen05((MmaKind)k) ? "tcgen05.mma"
                                : info->n == 0                    ? "wgmma"
                                               : "mma.sync.aligned.m16n8k") != NULL);
    }
    CHECK(layout_mma_lookup("#iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>", &m) &&
          m.kind == MMA_NV_MMA_SYNC_F16_16x8x16_F16);
    CHECK(layout_mma_lookup("NV_WGMMA_F32_64x128x16_F16", &m) && m.n == 128 &&
          m.kind == MMA_NV_WGMMA_F32_64xNx16_F16);
    layout_mma_name(m, buf, sizeof buf);
    CHECK(strcmp(buf, "NV_WGMMA_F32_64x128x16_F16") == 0);
    CHECK(!layout_mma_lookup("NV_WGMMA_F32_64x12x16_F16", &m));
    CHECK(!layout_mma_lookup("NV_WGMMA_F32_64x264x16_F16", &m));
    CHECK(!layout_mma_lookup("NV_WGMMA_F32_64xx16_F16", &m));
    CHECK(!layout_mma_lookup("NV_WGMMA_F32_64xNx16_F16", &m));
    CHECK(!layout_mma_lookup("NV_MMA_SYNC_F32_16x8x16_F17", &m));
    CHECK(!layout_mma_lookup("#iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16", &m));
    CHECK(layout_mma_info(MMA_NONE) == NULL);
    const MmaInfo *i8 = layout_mma_info(MMA_NV_MMA_SYNC_I32_16x8x32_I8);
    CHECK(i8->k == 32 && i8->per_reg[MMA_OPERAND_A] == 4 && strcmp(i8->type[2], "i32") == 0);
}

/* tcgen05: names (N a multiple of 16 up to 256, M = 128) and the accumulator's layout as
   tcgen05.ld 32x32b leaves it (PTX ISA 9.7.16.8.1): warp w, lane l, slot j hold row
   32 (w % 4) + l, column (w / 4) N / G + j, written out here element by element */
static void
test_tcgen05(void)
{
    MmaIntrinsic m;
    char reason[LAYOUT_REASON_SIZE];
    CHECK(layout_mma_lookup("NV_TCGEN05_F32_128x256x16_F16", &m) && m.n == 256 &&
          m.kind == MMA_NV_TCGEN05_F32_128xNx16_F16 && layout_mma_is_tcgen05(m.kind));
    CHECK(!layout_mma_lookup("NV_TCGEN05_F32_128x24x16_F16", &m));   /* N % 16 */
    CHECK(!layout_mma_lookup("NV_TCGEN05_F32_128x272x16_BF16", &m)); /* N > 256 */
    CHECK(!layout_mma_is_tcgen05(MMA_NV_WGMMA_F32_64xNx16_F16));
    /* the kinds of other operand types: the mixed fp8 names are A's type, then B's */
    CHECK(layout_mma_lookup("NV_TCGEN05_F32_128x64x32_F8E5M2_F8E4M3FN", &m) && m.n == 64 &&
          m.kind == MMA_NV_TCGEN05_F32_128xNx32_F8E5M2_F8E4M3FN && layout_mma_is_tcgen05(m.kind));
    CHECK(strcmp(layout_mma_info(m.kind)->type[0], "f8E5M2") == 0 &&
          strcmp(layout_mma_info(m.kind)->type[1], "f8E4M3FN") == 0 &&
          layout_mma_info(m.kind)->k == 32);
    CHECK(layout_mma_lookup("NV_TCGEN05_F32_128x32x32_F8E4M3FN", &m) &&
          m.kind == MMA_NV_TCGEN05_F32_128xNx32_F8E4M3FN);
    CHECK(layout_mma_lookup("NV_TCGEN05_I32_128x128x32_I8", &m) &&
          m.kind == MMA_NV_TCGEN05_I32_128xNx32_I8 &&
          strcmp(layout_mma_info(m.kind)->type[2], "i32") == 0);
    CHECK(layout_mma_lookup("NV_TCGEN05_F16_128x16x16_F16", &m) &&
          m.kind == MMA_NV_TCGEN05_F16_128xNx16_F16 &&
          strcmp(layout_mma_info(m.kind)->type[2], "f16") == 0);
    CHECK(!layout_mma_lookup("NV_TCGEN05_I32_128x24x32_I8", &m)); /* N % 16 */
    NestedLayout l;
    for (int64_t warps = 4; warps <= 8; warps += 4) {
        int64_t shape[2] = { 128, 128 }, per = 128 / (warps / 4);
        CHECK(layout_tcgen05_acc(shape, warps, &l, reason, sizeof reason));
        CHECK(layout_num_slots(&l) == per);
        int bad = 0;
        for (int64_t w = 0; w < warps; w++)
            for (int64_t ln = 0; ln < 32; ln++)
                for (int64_t j = 0; j < per; j++) {
                    int64_t x[2];
                    layout_element_of(&l, w, ln, j, x);
                    bad += x[0] != 32 * (w % 4) + ln || x[1] != (w / 4) * per + j;
                }
        CHECK(bad == 0);
    }
    int64_t m64[2] = { 64, 128 }, odd[2] = { 128, 100 };
    CHECK(!layout_tcgen05_acc(m64, 8, &l, reason, sizeof reason));
    CHECK(!layout_tcgen05_acc(odd, 12, &l, reason, sizeof reason)); /* 3 warpgroups */
    CHECK(!layout_tcgen05_acc(odd, 6, &l, reason, sizeof reason));  /* not warpgroups */
}

int
main(void)
{
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        test_case(&cases[k]);
    test_register_order();
    test_tiling();
    test_wgmma_tiling();
    test_names();
    test_tcgen05();
    printf("test_layout_mma: %d checks, %d failed\n", nchecks, nfailed);
    return nfailed != 0;
}
