/*
 * mma.c -- nested layouts of the tensor-core fragments: mma.sync
 * (ptx-sm80.md §5.2, PTX ISA §9.7.14.5.8-9) and the wgmma accumulator and
 * register A operand (ptx-sm90.md §4.4, PTX ISA §9.7.15.5).
 *
 * A fragment is the layout of one instruction's operand in canonical
 * orientation (A: MxK, B: KxN, C/D: MxN) with batch tiles 1.  The repeats
 * inside one instruction are outer tiles (IREE's convention, seed 003's
 * "VecZ/VecY").  Example, the A operand of m16n8k16 f16, 16x16:
 *
 *   outer_tile = [2, 2], thread_tile = [8, 4], thread_strides = [4, 1],
 *   element_tile = [1, 2]:  lane l holds row 8*oM + l/4, col 8*oK + 2*(l%4) + e
 *
 *          col 0 1   2 3   4 5   6 7 | 8 9  ...  14 15
 *   row 0      l0    l1    l2    l3  |  l0  ...   l3      oM = 0
 *   row 1      l4    l5    l6    l7  |  l4  ...   l7
 *   ...                              |
 *   row 7      l28   l29   l30   l31 |  l28 ...   l31
 *   ---------------------------------+-----------------
 *   row 8..15  the same lanes again                       oM = 1
 *                 oK = 0                 oK = 1
 *
 * Slot order vs register order.  A layout numbers a thread's elements
 * row-major over [batch..., outer..., element...], so for A the slot is
 * (oM, oK, e).  The instruction numbers them (oK, oM, e): a0,a1 = row g,
 * a2,a3 = row g+8, a4,a5 = col +8.  Each fragment therefore records
 * reg_order: the distributed dims (o0, o1, e0, e1) listed outermost first in
 * the order the *instruction* counts them; register element i is row-major
 * over that order (layout_mma_slot_of_register_element).  Register r holds
 * elements [r*per_reg, (r+1)*per_reg), the lowest in the low bits.
 */
#include "layout/layout.h"

#include <string.h>

/* Distributed dims of a 2-D fragment, as used in reg_order. */
enum { O0, O1, E0, E1 };

/* One operand of one fragment family.  outer[1] == -1 stands for N/8 (wgmma). */
typedef struct {
    int64_t subgroup[2], subgroup_strides[2];
    int64_t outer[2], thread[2], thread_strides[2], element[2];
    int reg_order[4];
    bool present;
} Fragment;

typedef enum {
    FAM_NONE,
    FAM_K16_F16,
    FAM_K8_F16,
    FAM_K8_TF32,
    FAM_K32_I8,
    FAM_WGMMA_K16,
    FAM_TCGEN05, /* no register operand: A and B in shared memory, D in tensor memory */
    NFAM
} Family;

#define ID                                                                                         \
    {                                                                                              \
        O0, O1, E0, E1                                                                             \
    }
#define SWAP                                                                                       \
    {                                                                                              \
        O1, O0, E0, E1                                                                             \
    }
#define SG1                                                                                        \
    { 1, 1 },                                                                                      \
    {                                                                                              \
        0, 0                                                                                       \
    }
#define SG_WG                                                                                      \
    { 4, 1 },                                                                                      \
    {                                                                                              \
        1, 0                                                                                       \
    } /* warp w of the warpgroup owns rows 16w..16w+15 */

// clang-format off
/*
 * The fragments, as tables.  A is MxK, B is KxN, C is MxN; per 2-D field
 * {dim 0, dim 1}.  The comment is the ISA formula (g = lane/4, t = lane%4)
 * each row encodes; tests/unit/test_layout_mma.c checks every lane and slot.
 */
static const Fragment fragments[NFAM][MMA_OPERAND_COUNT] = {
    [FAM_K16_F16] = {
        /* A (g + 8*((i>>1)&1), 2t + (i&1) + 8*(i>>2)) */
        [MMA_OPERAND_A] = { SG1, {2, 2}, {8, 4}, {4, 1}, {1, 2}, SWAP, true },
        /* B (2t + (i&1) + 8*(i>>1), g) */
        [MMA_OPERAND_B] = { SG1, {2, 1}, {4, 8}, {1, 4}, {2, 1}, ID, true },
        /* C (g + 8*(i>>1), 2t + (i&1)) */
        [MMA_OPERAND_C] = { SG1, {2, 1}, {8, 4}, {4, 1}, {1, 2}, ID, true },
    },
    [FAM_K8_F16] = {
        /* A (g + 8*(i>>1), 2t + (i&1)) */
        [MMA_OPERAND_A] = { SG1, {2, 1}, {8, 4}, {4, 1}, {1, 2}, ID, true },
        /* B (2t + i, g) */
        [MMA_OPERAND_B] = { SG1, {1, 1}, {4, 8}, {1, 4}, {2, 1}, ID, true },
        [MMA_OPERAND_C] = { SG1, {2, 1}, {8, 4}, {4, 1}, {1, 2}, ID, true },
    },
    [FAM_K8_TF32] = {
        /* A (g + 8*(i&1), t + 4*(i>>1)): element 1 is row g+8 */
        [MMA_OPERAND_A] = { SG1, {2, 2}, {8, 4}, {4, 1}, {1, 1}, SWAP, true },
        /* B (t + 4*i, g) */
        [MMA_OPERAND_B] = { SG1, {2, 1}, {4, 8}, {1, 4}, {1, 1}, ID, true },
        [MMA_OPERAND_C] = { SG1, {2, 1}, {8, 4}, {4, 1}, {1, 2}, ID, true },
    },
    [FAM_K32_I8] = {
        /* A (g + 8*((i>>2)&1), 4t + (i&3) + 16*(i>>3)) */
        [MMA_OPERAND_A] = { SG1, {2, 2}, {8, 4}, {4, 1}, {1, 4}, SWAP, true },
        /* B (4t + (i&3) + 16*(i>>2), g) */
        [MMA_OPERAND_B] = { SG1, {2, 1}, {4, 8}, {1, 4}, {4, 1}, ID, true },
        [MMA_OPERAND_C] = { SG1, {2, 1}, {8, 4}, {4, 1}, {1, 2}, ID, true },
    },
    [FAM_WGMMA_K16] = {
        /* A row 16w + g + 8*((i>>1)&1), k 8*(i>>2) + 2t + (i&1) */
        [MMA_OPERAND_A] = { SG_WG, {2, 2}, {8, 4}, {4, 1}, {1, 2}, SWAP, true },
        /* B is always read from shared memory through a descriptor */
        [MMA_OPERAND_B] = { SG1, {1, 1}, {1, 1}, {0, 0}, {1, 1}, ID, false },
        /* D row 16w + g + 8*((i>>1)&1), col 8*(i>>2) + 2t + (i&1) */
        [MMA_OPERAND_C] = { SG_WG, {2, -1}, {8, 4}, {4, 1}, {1, 2}, SWAP, true },
    },
};

typedef struct {
    MmaInfo info;
    Family family;
} Kind;

static const Kind kinds[MMA_KIND_COUNT] = {
    [MMA_NV_MMA_SYNC_F32_16x8x16_F16] = { { "NV_MMA_SYNC_F32_16x8x16_F16",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 16, 8, 16,
        { "f16", "f16", "f32" }, { 2, 2, 1 }, 1 }, FAM_K16_F16 },
    [MMA_NV_MMA_SYNC_F16_16x8x16_F16] = { { "NV_MMA_SYNC_F16_16x8x16_F16",
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 16, 8, 16,
        { "f16", "f16", "f16" }, { 2, 2, 2 }, 1 }, FAM_K16_F16 },
    [MMA_NV_MMA_SYNC_F32_16x8x16_BF16] = { { "NV_MMA_SYNC_F32_16x8x16_BF16",
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 16, 8, 16,
        { "bf16", "bf16", "f32" }, { 2, 2, 1 }, 1 }, FAM_K16_F16 },
    [MMA_NV_MMA_SYNC_F32_16x8x8_F16] = { { "NV_MMA_SYNC_F32_16x8x8_F16",
        "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", 16, 8, 8,
        { "f16", "f16", "f32" }, { 2, 2, 1 }, 1 }, FAM_K8_F16 },
    [MMA_NV_MMA_SYNC_F16_16x8x8_F16] = { { "NV_MMA_SYNC_F16_16x8x8_F16",
        "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16", 16, 8, 8,
        { "f16", "f16", "f16" }, { 2, 2, 2 }, 1 }, FAM_K8_F16 },
    [MMA_NV_MMA_SYNC_F32_16x8x8_TF32] = { { "NV_MMA_SYNC_F32_16x8x8_TF32",
        "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 16, 8, 8,
        { "f32", "f32", "f32" }, { 1, 1, 1 }, 1 }, FAM_K8_TF32 },
    [MMA_NV_MMA_SYNC_I32_16x8x32_I8] = { { "NV_MMA_SYNC_I32_16x8x32_I8",
        "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", 16, 8, 32,
        { "i8", "i8", "i32" }, { 4, 4, 1 }, 1 }, FAM_K32_I8 },
    [MMA_NV_WGMMA_F32_64xNx16_F16] = { { "NV_WGMMA_F32_64xNx16_F16",
        "wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16", 64, 0, 16,
        { "f16", "f16", "f32" }, { 2, 2, 1 }, 4 }, FAM_WGMMA_K16 },
    [MMA_NV_WGMMA_F16_64xNx16_F16] = { { "NV_WGMMA_F16_64xNx16_F16",
        "wgmma.mma_async.sync.aligned.m64nNk16.f16.f16.f16", 64, 0, 16,
        { "f16", "f16", "f16" }, { 2, 2, 2 }, 4 }, FAM_WGMMA_K16 },
    [MMA_NV_WGMMA_F32_64xNx16_BF16] = { { "NV_WGMMA_F32_64xNx16_BF16",
        "wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16", 64, 0, 16,
        { "bf16", "bf16", "f32" }, { 2, 2, 1 }, 4 }, FAM_WGMMA_K16 },
    /* the D fragment is m64nNk16's; A and B come from shared memory only */
    [MMA_NV_WGMMA_F32_64xNx8_TF32] = { { "NV_WGMMA_F32_64xNx8_TF32",
        "wgmma.mma_async.sync.aligned.m64nNk8.f32.tf32.tf32", 64, 0, 8,
        { "f32", "f32", "f32" }, { 1, 1, 1 }, 4 }, FAM_WGMMA_K16 },
    [MMA_NV_WGMMA_F32_64xNx32_F8E4M3FN] = { { "NV_WGMMA_F32_64xNx32_F8E4M3FN",
        "wgmma.mma_async.sync.aligned.m64nNk32.f32.e4m3.e4m3", 64, 0, 32,
        { "f8E4M3FN", "f8E4M3FN", "f32" }, { 4, 4, 1 }, 4 }, FAM_WGMMA_K16 },
    [MMA_NV_WGMMA_F32_64xNx32_F8E5M2] = { { "NV_WGMMA_F32_64xNx32_F8E5M2",
        "wgmma.mma_async.sync.aligned.m64nNk32.f32.e5m2.e5m2", 64, 0, 32,
        { "f8E5M2", "f8E5M2", "f32" }, { 4, 4, 1 }, 4 }, FAM_WGMMA_K16 },
    [MMA_NV_WGMMA_F32_64xNx32_F8E4M3FN_F8E5M2] = { { "NV_WGMMA_F32_64xNx32_F8E4M3FN_F8E5M2",
        "wgmma.mma_async.sync.aligned.m64nNk32.f32.e4m3.e5m2", 64, 0, 32,
        { "f8E4M3FN", "f8E5M2", "f32" }, { 4, 4, 1 }, 4 }, FAM_WGMMA_K16 },
    [MMA_NV_WGMMA_F32_64xNx32_F8E5M2_F8E4M3FN] = { { "NV_WGMMA_F32_64xNx32_F8E5M2_F8E4M3FN",
        "wgmma.mma_async.sync.aligned.m64nNk32.f32.e5m2.e4m3", 64, 0, 32,
        { "f8E5M2", "f8E4M3FN", "f32" }, { 4, 4, 1 }, 4 }, FAM_WGMMA_K16 },
    [MMA_NV_TCGEN05_F32_128xNx16_F16] = { { "NV_TCGEN05_F32_128xNx16_F16",
        "tcgen05.mma.cta_group::1.kind::f16 (M 128, N, K 16)", 128, 0, 16,
        { "f16", "f16", "f32" }, { 2, 2, 1 }, 4 }, FAM_TCGEN05 },
    [MMA_NV_TCGEN05_F32_128xNx16_BF16] = { { "NV_TCGEN05_F32_128xNx16_BF16",
        "tcgen05.mma.cta_group::1.kind::f16 (M 128, N, K 16)", 128, 0, 16,
        { "bf16", "bf16", "f32" }, { 2, 2, 1 }, 4 }, FAM_TCGEN05 },
    [MMA_NV_TCGEN05_F32_128xNx8_TF32] = { { "NV_TCGEN05_F32_128xNx8_TF32",
        "tcgen05.mma.cta_group::1.kind::tf32 (M 128, N, K 8)", 128, 0, 8,
        { "f32", "f32", "f32" }, { 1, 1, 1 }, 4 }, FAM_TCGEN05 },
    [MMA_NV_TCGEN05_F16_128xNx16_F16] = { { "NV_TCGEN05_F16_128xNx16_F16",
        "tcgen05.mma.cta_group::1.kind::f16 (M 128, N, K 16), f16 D", 128, 0, 16,
        { "f16", "f16", "f16" }, { 2, 2, 2 }, 4 }, FAM_TCGEN05 },
    [MMA_NV_TCGEN05_F32_128xNx32_F8E4M3FN] = { { "NV_TCGEN05_F32_128xNx32_F8E4M3FN",
        "tcgen05.mma.cta_group::1.kind::f8f6f4 (M 128, N, K 32), e4m3 x e4m3", 128, 0, 32,
        { "f8E4M3FN", "f8E4M3FN", "f32" }, { 4, 4, 1 }, 4 }, FAM_TCGEN05 },
    [MMA_NV_TCGEN05_F32_128xNx32_F8E5M2] = { { "NV_TCGEN05_F32_128xNx32_F8E5M2",
        "tcgen05.mma.cta_group::1.kind::f8f6f4 (M 128, N, K 32), e5m2 x e5m2", 128, 0, 32,
        { "f8E5M2", "f8E5M2", "f32" }, { 4, 4, 1 }, 4 }, FAM_TCGEN05 },
    [MMA_NV_TCGEN05_F32_128xNx32_F8E4M3FN_F8E5M2] = { { "NV_TCGEN05_F32_128xNx32_F8E4M3FN_F8E5M2",
        "tcgen05.mma.cta_group::1.kind::f8f6f4 (M 128, N, K 32), e4m3 x e5m2", 128, 0, 32,
        { "f8E4M3FN", "f8E5M2", "f32" }, { 4, 4, 1 }, 4 }, FAM_TCGEN05 },
    [MMA_NV_TCGEN05_F32_128xNx32_F8E5M2_F8E4M3FN] = { { "NV_TCGEN05_F32_128xNx32_F8E5M2_F8E4M3FN",
        "tcgen05.mma.cta_group::1.kind::f8f6f4 (M 128, N, K 32), e5m2 x e4m3", 128, 0, 32,
        { "f8E5M2", "f8E4M3FN", "f32" }, { 4, 4, 1 }, 4 }, FAM_TCGEN05 },
    [MMA_NV_TCGEN05_I32_128xNx32_I8] = { { "NV_TCGEN05_I32_128xNx32_I8",
        "tcgen05.mma.cta_group::1.kind::i8 (M 128, N, K 32), s8 x s8", 128, 0, 32,
        { "i8", "i8", "i32" }, { 4, 4, 1 }, 4 }, FAM_TCGEN05 },
};
// clang-format on

static bool
is_kind(MmaKind kind)
{
    return kind > MMA_NONE && kind < MMA_KIND_COUNT;
}

const MmaInfo *
layout_mma_info(MmaKind kind)
{
    return is_kind(kind) ? &kinds[kind].info : NULL;
}

/* A valid intrinsic: a known kind, N = 0 for mma.sync, N in 8..256 step 8 for wgmma. */
static bool
valid_intrinsic(MmaIntrinsic mma)
{
    if (!is_kind(mma.kind))
        return false;
    if (kinds[mma.kind].info.n != 0)
        return mma.n == 0 || mma.n == kinds[mma.kind].info.n;
    if (kinds[mma.kind].family == FAM_TCGEN05) /* M = 128: N % 16 == 0 (Table 39) */
        return mma.n >= 16 && mma.n <= 256 && mma.n % 16 == 0;
    return mma.n >= 8 && mma.n <= 256 && mma.n % 8 == 0;
}

bool
layout_mma_is_tcgen05(MmaKind kind)
{
    return is_kind(kind) && kinds[kind].family == FAM_TCGEN05;
}

bool
layout_tcgen05_acc(const int64_t *shape, int64_t warps, NestedLayout *out, char *reason, size_t cap)
{
    int64_t g = warps / 4;
    if (shape[0] != 128 || warps < 4 || warps % 4 || shape[1] % g)
        return layout_fail(reason, cap,
                           "a tcgen05 accumulator is 128 rows over whole warpgroups, each with "
                           "an equal share of the columns (%lldx%lld over %lld warps)",
                           (long long)shape[0], (long long)shape[1], (long long)warps);
    layout_init(out, 2);
    layout_set_dim(out, 0, 4, 1, 1, 32, 1, 1, 1);
    layout_set_dim(out, 1, g, 1, 1, 1, shape[1] / g, g > 1 ? 4 : 0, 0);
    layout_normalize(out);
    return layout_check(out, reason, cap);
}

/* Does text match `pattern`, in which an "xNx" stands for x<decimal>x? */
static bool
match_name(const char *text, size_t len, const char *pattern, int64_t *n)
{
    const char *hole = strstr(pattern, "xNx");
    hole = hole ? hole + 1 : NULL;
    if (hole == NULL)
        return strlen(pattern) == len && strncmp(text, pattern, len) == 0;
    size_t pre = (size_t)(hole - pattern), post = strlen(hole + 1);
    if (len <= pre + post || strncmp(text, pattern, pre) != 0 ||
        strncmp(text + len - post, hole + 1, post) != 0)
        return false;
    int64_t v = 0;
    for (size_t i = pre; i < len - post; i++) {
        if (text[i] < '0' || text[i] > '9' || v > 100000)
            return false;
        v = v * 10 + (text[i] - '0');
    }
    *n = v;
    return true;
}

/*
 * Look an intrinsic up by name: "NV_MMA_SYNC_F32_16x8x16_F16",
 * "NV_WGMMA_F32_64x128x16_F16", or either wrapped as
 * "#iree_gpu.mma_layout<NAME>".
 */
bool
layout_mma_lookup(const char *name, MmaIntrinsic *out)
{
    static const char wrap[] = "#iree_gpu.mma_layout<";
    size_t len = strlen(name);
    if (strncmp(name, wrap, sizeof wrap - 1) == 0) {
        if (len < sizeof wrap || name[len - 1] != '>')
            return false;
        name += sizeof wrap - 1;
        len -= sizeof wrap;
    }
    for (int k = MMA_NONE + 1; k < MMA_KIND_COUNT; k++) {
        int64_t n = 0;
        if (!match_name(name, len, kinds[k].info.name, &n))
            continue;
        MmaIntrinsic m = { (MmaKind)k, n };
        if (!valid_intrinsic(m))
            return false;
        *out = m;
        return true;
    }
    return false;
}

int
layout_mma_name(MmaIntrinsic mma, char *buf, size_t cap)
{
    if (!valid_intrinsic(mma))
        return snprintf(buf, cap, "?");
    const char *name = kinds[mma.kind].info.name;
    if (kinds[mma.kind].info.n != 0)
        return snprintf(buf, cap, "%s", name);
    const char *hole = strstr(name, "xNx");
    return snprintf(buf, cap, "%.*s%lld%s", (int)(hole + 1 - name), name, (long long)mma.n,
                    hole + 2);
}

static const Fragment *
fragment_of(MmaIntrinsic mma, MmaOperand op)
{
    if (!valid_intrinsic(mma) || op < 0 || op >= MMA_OPERAND_COUNT)
        return NULL;
    const Fragment *f = &fragments[kinds[mma.kind].family][op];
    return f->present ? f : NULL;
}

/* The layout of one instruction's operand (batch tiles 1); false if it has no register form. */
bool
layout_mma_fragment(MmaIntrinsic mma, MmaOperand op, NestedLayout *out)
{
    const Fragment *f = fragment_of(mma, op);
    if (f == NULL)
        return false;
    layout_init(out, 2);
    for (int32_t d = 0; d < 2; d++) {
        int64_t outer = f->outer[d] < 0 ? mma.n / 8 : f->outer[d];
        layout_set_dim(out, d, f->subgroup[d], 1, outer, f->thread[d], f->element[d],
                       f->subgroup_strides[d], f->thread_strides[d]);
    }
    layout_normalize(out);
    return true;
}

/* The fragment slot holding register element i (register i / per_reg). */
int64_t
layout_mma_slot_of_register_element(MmaIntrinsic mma, MmaOperand op, int64_t i)
{
    NestedLayout l;
    if (!layout_mma_fragment(mma, op, &l) || i < 0 || i >= layout_num_slots(&l))
        return -1;
    const Fragment *f = fragment_of(mma, op);
    int64_t digit[4],
        radix[4] = { l.outer_tile[0], l.outer_tile[1], l.element_tile[0], l.element_tile[1] };
    for (int j = 3; j >= 0; j--) {
        int dim = f->reg_order[j];
        digit[dim] = i % radix[dim];
        i /= radix[dim];
    }
    int64_t batch[2] = { 0, 0 }, outer[2] = { digit[O0], digit[O1] };
    int64_t element[2] = { digit[E0], digit[E1] };
    return layout_slot_pack(&l, batch, outer, element);
}

/*
 * Combine the fragment's own subgroup digit (wgmma: the warp in the
 * warpgroup, stride 1, tile 4) with `count` copies at `stride`, counted in
 * units of whole instruction groups.  Both must form one digit.
 */
static bool
merge_subgroups(NestedLayout *r, int32_t d, int64_t count, int64_t stride, int64_t unit,
                char *reason, size_t cap)
{
    if (count == 1)
        return true;
    if (stride <= 0)
        return layout_fail(reason, cap, "subgroup count %lld on dim %d needs a positive stride",
                           (long long)count, (int)d);
    if (r->subgroup_tile[d] == 1) {
        r->subgroup_tile[d] = count;
        r->subgroup_strides[d] = stride * unit;
        return true;
    }
    if (stride * unit != r->subgroup_strides[d] * r->subgroup_tile[d])
        return layout_fail(reason, cap,
                           "dim %d: the instruction's warps and the tiling's subgroups do not form "
                           "one id digit (stride %lld should be 1)",
                           (int)d, (long long)stride);
    r->subgroup_tile[d] *= count;
    return true;
}

/*
 * Tile a fragment over a 2-D operand of `shape`: subgroup_counts[d] copies
 * of the instruction's subgroup group along dim d (subgroup_strides in units
 * of those groups; NULL = row-major over the counts), and as many batches as
 * needed for the rest.  Example: a 64x64 f32 accumulator of m16n8k16 over
 * 2x2 warps is S[2,2] ss[2,1] B[2,4] O[2,1] T[8,4] ts[4,1] E[1,2]; its A
 * operand (64xK) is subgroup_counts {2,1}, strides {2,0}: replicated over
 * the warps that differ in N.
 */
bool
layout_mma_tile(MmaIntrinsic mma, MmaOperand op, const int64_t *shape,
                const int64_t *subgroup_counts, const int64_t *subgroup_strides, NestedLayout *out,
                char *reason, size_t cap)
{
    NestedLayout r;
    if (!layout_mma_fragment(mma, op, &r))
        return layout_fail(reason, cap, "this intrinsic has no register layout for that operand");
    int64_t frag[2], strides[2];
    layout_shape(&r, frag);
    int64_t unit = layout_subgroup_count(&r);
    for (int32_t d = 0; d < 2; d++) {
        int64_t c = subgroup_counts[d];
        if (c < 1 || shape[d] < 1 || shape[d] % (frag[d] * c) != 0)
            return layout_fail(
                reason, cap,
                "dim %d: size %lld is not a multiple of %lld subgroups x fragment %lld", (int)d,
                (long long)shape[d], (long long)c, (long long)frag[d]);
        r.batch_tile[d] = shape[d] / (frag[d] * c);
    }
    strides[1] = subgroup_counts[1] > 1 ? 1 : 0;
    strides[0] = subgroup_counts[0] > 1 ? subgroup_counts[1] : 0;
    if (subgroup_strides)
        memcpy(strides, subgroup_strides, sizeof strides);
    for (int32_t d = 0; d < 2; d++)
        if (!merge_subgroups(&r, d, subgroup_counts[d], strides[d], unit, reason, cap))
            return false;
    layout_normalize(&r);
    if (!layout_check(&r, reason, cap))
        return false;
    *out = r;
    return true;
}

/*
 * The slots of `tiled` that form one instruction's operand at batch index
 * `batch` ({b0, b1}), in register-element order: slots[i] holds register
 * element i.  `tiled` must share the fragment's outer and element tiles.
 */
bool
layout_mma_register_slots(MmaIntrinsic mma, MmaOperand op, const NestedLayout *tiled,
                          const int64_t *batch, int64_t *slots)
{
    NestedLayout f;
    if (!layout_mma_fragment(mma, op, &f) || tiled->rank != 2)
        return false;
    for (int32_t d = 0; d < 2; d++)
        if (tiled->outer_tile[d] != f.outer_tile[d] ||
            tiled->element_tile[d] != f.element_tile[d] || batch[d] < 0 ||
            batch[d] >= tiled->batch_tile[d])
            return false;
    int64_t n = layout_num_slots(&f);
    for (int64_t i = 0; i < n; i++) {
        int64_t b[2], o[2], e[2];
        layout_slot_unpack(&f, layout_mma_slot_of_register_element(mma, op, i), b, o, e);
        slots[i] = layout_slot_pack(tiled, batch, o, e);
    }
    return true;
}
