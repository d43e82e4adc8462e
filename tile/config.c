/*
 * config.c -- the lowering config of a kernel, over the root op's loops, in elements.
 *
 * Read from IREE's attributes (docs/op-level.md has the fields and their units):
 *
 *   #iree_gpu.lowering_config<{...}> on the root op
 *     workgroup          per loop: the tile one workgroup computes (parallel loops)
 *     reduction          per loop: the K step of a contraction; VectorDistribute counts
 *                        elements, TileAndFuse counts the intrinsic's K
 *     partial_reduction  per loop: the serial step of a reduction kernel (elements)
 *     thread             per loop: elements one thread holds contiguously
 *     lane_basis, subgroup_basis   [[counts], [mapping]]: lanes / subgroups over the loops
 *     subgroup           TileAndFuse: each subgroup's tile, counted in intrinsics (M, N)
 *     mma_kind           the tensor-core intrinsic; promote_operands: staged operands
 *   #iree_codegen.lowering_config<tile_sizes = [[...]]>: level 0 is workgroup (parallel)
 *     and reduction (reduction loops)
 *   translation_info on the function: pipeline (LLVMGPUVectorDistribute or
 *     LLVMGPUTileAndFuse, also as #iree_gpu.pipeline<...>), workgroup_size, subgroup_size
 *
 * or chosen here when the root has none (tile_default_*): a contraction gets a tensor-core
 * tile from its shape (128x128x32 on 256 threads where M and N allow, as
 * examples/gemm.mlir); a reduction gets seed 000's shape from its size (128-bit loads per
 * thread, 32 lanes, up to 8 subgroups along the reduction, one row per workgroup); an
 * elementwise kernel gets 128-bit accesses along its innermost loop (64x64 tiles where an
 * operand is transposed).
 */
#include "tile/tile_impl.h"

#include "layout/layout.h"

#include <stdio.h>
#include <string.h>

static int64_t
static_size(const Graph *g, uint32_t c)
{
    return g->loops[c].size.value;
}

/* element bits of the widest array the kernel touches (at least 8) */
unsigned
tile_widest_bits(const Graph *g)
{
    unsigned bits = 8;
    for (uint32_t i = 0; i < g->narrays; i++) {
        unsigned b = type_bitwidth(type_get(g->m, g->arrays[i].type)->elem);
        if (b > bits)
            bits = b;
    }
    return bits;
}

static const char *
loop_list(const Graph *g, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = 0;
    for (uint32_t c = 0; c < g->nloops && n < cap; c++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", c ? ", " : "", g->loops[c].name);
    return buf;
}

/* ------------------------------------------------------------- reading */

/* An int list field of the config: its count, -1 when absent, -2 after an error. */
static int
field(Graph *g, const Attr *cfg, const char *name, int64_t *out, bool exact)
{
    const Attr *a = cfg ? dict_get(cfg, name) : NULL;
    if (!a)
        return -1;
    int64_t v[TILE_MAX_LOOPS + 1];
    int n = layout_attr_ints(a, v, TILE_MAX_LOOPS + 1);
    char loops[80];
    if (n < 0) {
        tile_error(g, g->nodes[g->root].op, "lowering_config '%s' is not a list of integers", name);
        return -2;
    }
    if ((exact && (uint32_t)n != g->nloops) || (uint32_t)n > g->nloops) {
        tile_error(g, g->nodes[g->root].op,
                   "lowering_config '%s' has %d entries but the op has %u loops (%s): give one "
                   "per loop",
                   name, n, g->nloops, loop_list(g, loops, sizeof loops));
        return -2;
    }
    for (int i = 0; i < n; i++) {
        if (v[i] < 0) {
            tile_error(g, g->nodes[g->root].op,
                       "lowering_config '%s' entry %d is %lld: sizes are 0 or more", name, i,
                       (long long)v[i]);
            return -2;
        }
        out[i] = v[i];
    }
    return n;
}

/* [[counts], [mapping]] over the loops */
static bool
basis(Graph *g, const Attr *cfg, const char *name, int64_t *counts, int64_t *map, uint32_t *n)
{
    const Attr *a = cfg ? dict_get(cfg, name) : NULL;
    *n = 0;
    if (!a)
        return true;
    int64_t c[TILE_MAX_LOOPS + 1], mp[TILE_MAX_LOOPS + 1];
    int nc = a->kind == ATTR_ARRAY && a->n == 2 ? layout_attr_ints(a->items[0], c, 9) : -1;
    int nm = nc >= 0 ? layout_attr_ints(a->items[1], mp, 9) : -1;
    char loops[80];
    if (nc < 0 || nm != nc) {
        tile_error(g, g->nodes[g->root].op,
                   "lowering_config '%s' must be [[counts], [mapping]] with as many mapping "
                   "entries as counts",
                   name);
        return false;
    }
    if ((uint32_t)nc != g->nloops) {
        tile_error(g, g->nodes[g->root].op,
                   "lowering_config '%s' has %d counts but the op has %u loops (%s): give one "
                   "per loop",
                   name, nc, g->nloops, loop_list(g, loops, sizeof loops));
        return false;
    }
    uint32_t seen = 0;
    for (int i = 0; i < nc; i++) {
        if (c[i] < 1 || mp[i] < 0 || mp[i] >= nc || (seen >> mp[i] & 1)) {
            tile_error(g, g->nodes[g->root].op,
                       "lowering_config '%s' entry %d (count %lld, loop %lld): counts are at "
                       "least 1 and the mapping is a permutation of 0..%d",
                       name, i, (long long)c[i], (long long)mp[i], nc - 1);
            return false;
        }
        seen |= 1u << mp[i];
        counts[i] = c[i];
        map[i] = mp[i];
    }
    *n = (uint32_t)nc;
    return true;
}

static int64_t
product(const int64_t *v, uint32_t n)
{
    int64_t p = 1;
    for (uint32_t i = 0; i < n; i++)
        p *= v[i];
    return p;
}

/* The count of a basis on loop c (1 when it does not map there). */
static int64_t
basis_on(const int64_t *counts, const int64_t *map, uint32_t n, uint32_t c)
{
    for (uint32_t i = 0; i < n; i++)
        if (map[i] == (int64_t)c)
            return counts[i];
    return 1;
}

/* translation_info: pipeline, subgroup size (32 only), workgroup size */
static bool
read_translation(Graph *g, KernelConfig *k, int64_t *wg_threads)
{
    const Attr *ti = op_attr(g->m, g->func, "translation_info");
    *wg_threads = 0;
    g->translation = ti && ti->kind == ATTR_TRANSLATION_INFO ? ti : NULL;
    if (!g->translation)
        return true;
    const TranslationInfoAttr *t = ti->translation;
    if (t->subgroup_size && t->subgroup_size != 32) {
        tile_error(g, g->func,
                   "has translation_info subgroup_size = %lld: NVIDIA GPUs run subgroups (warps) "
                   "of 32 threads; use subgroup_size = 32",
                   (long long)t->subgroup_size);
        return false;
    }
    const char *p = t->pipeline ? t->pipeline : "";
    if (strstr(p, "TileAndFuse"))
        k->tile_and_fuse = true;
    else if (*p && !strstr(p, "VectorDistribute")) {
        tile_error(g, g->func,
                   "has translation_info pipeline %s, which vptx does not lower: use "
                   "LLVMGPUVectorDistribute or LLVMGPUTileAndFuse",
                   p);
        return false;
    }
    if (t->nworkgroup) {
        *wg_threads = 1;
        for (uint32_t i = 0; i < t->nworkgroup; i++)
            *wg_threads *= t->workgroup_size[i];
        if (*wg_threads < 1 || *wg_threads > 1024 || *wg_threads % 32) {
            tile_error(g, g->func,
                       "has translation_info workgroup_size of %lld threads: give a multiple of "
                       "32 up to 1024",
                       (long long)*wg_threads);
            return false;
        }
    }
    return true;
}

/* The intrinsic's M, N, K, from mma_kind. */
static bool
read_mma(Graph *g, const Attr *cfg, KernelConfig *k)
{
    const Attr *kind = cfg ? dict_get(cfg, "mma_kind") : NULL;
    if (!kind)
        return true;
    MmaIntrinsic mma;
    if (!layout_mma_from_attr(kind, &mma)) {
        tile_error(g, g->nodes[g->root].op,
                   "lowering_config 'mma_kind' names no intrinsic vptx knows (NV_MMA_SYNC_* "
                   "or NV_WGMMA_*; docs/tensor-cores.md)");
        return false;
    }
    const MmaInfo *info = layout_mma_info(mma.kind);
    k->mma_kind = kind;
    k->mma_m = info->m;
    k->mma_n = info->n ? info->n : mma.n;
    k->mma_k = info->k;
    return true;
}

/* ---------------------------------------------------------------- defaults */

static void
default_contraction(Graph *g, KernelConfig *k)
{
    const Node *r = &g->nodes[g->root];
    TypeId ea = type_get(g->m, g->arrays[r->in[0]].type)->elem;
    bool tc = ea == TY_F16 || ea == TY_BF16;
    int64_t size_m = static_size(g, (uint32_t)r->contract_m);
    int64_t size_n = static_size(g, (uint32_t)r->contract_n);
    int64_t tm = 128, tn = 128;
    if (size_m >= 0 && size_m < 128)
        tm = size_m > 32 ? 64 : size_m > 16 ? 32 : 16;
    if (size_n >= 0 && size_n < 128)
        tn = size_n > 32 ? 64 : size_n > 16 ? 32 : 16;
    if (!tc) { /* the per-thread path: smaller tiles */
        tm = tm > 64 ? 64 : tm;
        tn = tn > 64 ? 64 : tn;
    }
    for (uint32_t c = 0; c < g->nloops; c++) {
        k->workgroup[c] = g->loops[c].reduction ? 0 : 1;
        k->reduction[c] = g->loops[c].reduction ? (tc ? 32 : 16) : 0;
    }
    k->workgroup[r->contract_m] = tm;
    k->workgroup[r->contract_n] = tn;
    k->workgroup_size = tm * tn >= 128 * 128 ? 256 : tm * tn >= 64 * 64 ? 128 : 64;
    k->why = tc ? "a tensor-core tile from the shape (as examples/gemm.mlir where M and N allow)"
                : "the per-thread path (no mma.sync intrinsic takes these element types)";
}

/* seed 000's reduction config: 128-bit loads, 32 lanes and up to 8 subgroups along the
 * innermost reduction loop, one row (every parallel loop 1) per workgroup */
static void
default_reduction(Graph *g, KernelConfig *k)
{
    int32_t r = -1;
    for (uint32_t c = 0; c < g->nloops; c++)
        if (g->loops[c].reduction)
            r = (int32_t)c;
    int64_t len = static_size(g, (uint32_t)r);
    int64_t tl = 128 / (int64_t)tile_widest_bits(g);
    while (len >= 0 && tl > 1 && 32 * tl > len)
        tl /= 2;
    int64_t sg = 8;
    if (len >= 0) {
        sg = (len + 32 * tl - 1) / (32 * tl);
        sg = sg < 1 ? 1 : sg > 8 ? 8 : sg;
    }
    for (uint32_t c = 0; c < g->nloops; c++) {
        bool red = g->loops[c].reduction;
        k->workgroup[c] = red ? 0 : 1;
        /* outer reduction loops: whole where static, else one index a step (kernel.c
           nests their loops around the innermost one's) */
        k->reduction[c] = !red                     ? 0
                          : (int32_t)c == r        ? 32 * tl * sg
                          : static_size(g, c) >= 0 ? static_size(g, c)
                                                   : 1;
        k->thread[c] = (int32_t)c == r ? tl : 0;
        k->lane_counts[c] = (int32_t)c == r ? 32 : 1;
        k->sg_counts[c] = (int32_t)c == r ? sg : 1;
        k->lane_map[c] = k->sg_map[c] = c;
    }
    k->nlane = k->nsg = g->nloops;
    k->workgroup_size = 32 * sg;
    k->why = "seed 000's shape from the reduction size: 128-bit loads per thread, 32 lanes and "
             "up to 8 subgroups along the reduction, one row per workgroup";
}

/* Is array a read with its innermost dim on another loop than the innermost one? */
static bool
transposed(const Graph *g, const Array *a)
{
    uint32_t rank = type_get(g->m, a->type)->rank;
    return rank >= 2 && a->label[rank - 1] >= 0 && (uint32_t)a->label[rank - 1] != g->nloops - 1;
}

/*
 * A reduction whose one reduction loop r is not the innermost dim of an argument it reads,
 * that dim being a parallel loop p (a column sum, a reduction of a transposed operand):
 * seed 000's shape would put the lanes along r, one element of 32 rows a request.  Lanes
 * along p instead, 32 columns per workgroup, each thread loading 16 rows of its column a
 * step (fewer where r is short) and 8 subgroups splitting r: whole sectors per request
 * (a 2048^2 f32 column sum: 12.5% -> 100% sector-efficient, 29.1 -> 12.2 us modeled on
 * the A100 model).  False (no change) for any other reduction.
 */
static bool
default_reduction_columns(Graph *g, KernelConfig *k)
{
    int32_t r = -1, p = -1;
    for (uint32_t c = 0; c < g->nloops; c++)
        if (g->loops[c].reduction) {
            if (r >= 0)
                return false;
            r = (int32_t)c;
        }
    for (uint32_t i = 0; i < g->narrays && r >= 0; i++) {
        const Array *a = &g->arrays[i];
        uint32_t rank = type_get(g->m, a->type)->rank;
        if (a->kind != ARR_ARG || rank < 2 || a->label[rank - 1] < 0)
            continue;
        int32_t in = a->label[rank - 1];
        if (in == r)
            return false; /* some argument is read along r: seed 000's shape */
        bool reads_r = false;
        for (uint32_t d = 0; d < rank; d++)
            reads_r |= a->label[d] == r;
        if (reads_r && !g->loops[in].reduction)
            p = in;
    }
    if (r < 0 || p < 0)
        return false;
    int64_t len = static_size(g, (uint32_t)r), tr = 16; /* rows a thread loads per step */
    while (len >= 0 && tr > 1 && 8 * tr / 2 >= len)
        tr /= 2;
    for (uint32_t c = 0; c < g->nloops; c++) {
        k->workgroup[c] = (int32_t)c == p ? 32 : g->loops[c].reduction ? 0 : 1;
        k->reduction[c] = (int32_t)c == r ? 8 * tr : 0;
        k->thread[c] = (int32_t)c == r ? tr : 1;
        k->lane_counts[c] = (int32_t)c == p ? 32 : 1;
        k->sg_counts[c] = (int32_t)c == r ? 8 : 1;
        k->lane_map[c] = k->sg_map[c] = c;
    }
    k->nlane = k->nsg = g->nloops;
    k->workgroup_size = 256;
    k->why = "an argument's rows run along a parallel loop, not the reduction: 32 lanes along "
             "that loop (whole sectors), 8 subgroups and up to 16 rows a thread along the "
             "reduction";
    return true;
}

static void
default_elementwise(Graph *g, KernelConfig *k)
{
    uint32_t inner = g->nloops - 1;
    int64_t tl = 128 / (int64_t)tile_widest_bits(g);
    int32_t other = -1;
    for (uint32_t i = 0; i < g->narrays; i++) {
        const Array *a = &g->arrays[i];
        if (a->kind == ARR_ARG && transposed(g, a))
            other = a->label[type_get(g->m, a->type)->rank - 1];
    }
    for (uint32_t c = 0; c < g->nloops; c++)
        k->workgroup[c] = 1;
    if (other >= 0) {
        k->workgroup[inner] = 64;
        k->workgroup[other] = 64;
        k->thread[inner] = k->thread[other] = 4;
        k->workgroup_size = 256;
        k->why = "64x64 tiles: an operand is read transposed";
        return;
    }
    int64_t len = static_size(g, inner), threads = 128;
    if (len >= 0 && len < threads * tl) {
        threads = ((len + tl - 1) / tl + 31) / 32 * 32;
        while (tl > 1 && threads == 32 && 32 * tl / 2 >= len)
            tl /= 2;
    }
    k->workgroup[inner] = threads * tl;
    k->thread[inner] = tl;
    k->workgroup_size = threads;
    k->why = "128-bit accesses along the innermost loop";
}

/* ---------------------------------------------------------------- checks */

static bool
check_contraction(Graph *g, KernelConfig *k, int64_t ti_threads)
{
    const Node *r = &g->nodes[g->root];
    OpId op = r->op;
    for (uint32_t c = 0; c < g->nloops; c++) {
        if (g->loops[c].reduction && k->workgroup[c]) {
            tile_error(g, op,
                       "lowering_config 'workgroup' tiles the reduction loop %s (%lld): put the "
                       "K step in 'reduction' and 0 here",
                       g->loops[c].name, (long long)k->workgroup[c]);
            return false;
        }
        if (!g->loops[c].reduction && k->reduction[c]) {
            tile_error(g, op,
                       "lowering_config 'reduction' is %lld on the parallel loop %s: it gives "
                       "the K step, 0 on every other loop",
                       (long long)k->reduction[c], g->loops[c].name);
            return false;
        }
        if (!g->loops[c].reduction && (int32_t)c != r->contract_m && (int32_t)c != r->contract_n &&
            k->workgroup[c] > 1) {
            tile_error(g, op,
                       "lowering_config 'workgroup' is %lld on the batch loop %s: a workgroup "
                       "computes one batch (give 1)",
                       (long long)k->workgroup[c], g->loops[c].name);
            return false;
        }
    }
    int64_t tm = k->workgroup[r->contract_m], tn = k->workgroup[r->contract_n];
    int64_t sm = k->subgroup_mn[0], sn = k->subgroup_mn[1];
    if (sm && sn) {
        int64_t threads = 32 * sm * sn;
        if (ti_threads && ti_threads != threads) {
            tile_error(g, op,
                       "lowering_config gives %lld x %lld = %lld subgroups (%lld threads) but "
                       "translation_info workgroup_size has %lld threads: make them agree",
                       (long long)sm, (long long)sn, (long long)(sm * sn), (long long)threads,
                       (long long)ti_threads);
            return false;
        }
        k->workgroup_size = threads;
        if (tm % sm || tn % sn) {
            tile_error(g, op,
                       "lowering_config 'workgroup' %lld x %lld does not split into %lld x %lld "
                       "subgroups: make the tiles multiples of the subgroup counts",
                       (long long)tm, (long long)tn, (long long)sm, (long long)sn);
            return false;
        }
    } else if (ti_threads) {
        k->workgroup_size = ti_threads;
    } else { /* as the default config of that tile has it (what --emit=config prints) */
        k->workgroup_size = tm * tn >= 128 * 128 ? 256 : tm * tn >= 64 * 64 ? 128 : 64;
    }
    return true;
}

static bool
check_reduction(Graph *g, KernelConfig *k, int64_t ti_threads)
{
    OpId op = g->nodes[g->root].op;
    int64_t lanes = product(k->lane_counts, k->nlane), sgs = product(k->sg_counts, k->nsg);
    if (k->nlane && lanes != 32) {
        tile_error(g, op,
                   "lowering_config 'lane_basis' counts multiply to %lld lanes but a subgroup has "
                   "32: make them multiply to 32",
                   (long long)lanes);
        return false;
    }
    int64_t threads = 32 * sgs;
    if (ti_threads && ti_threads != threads) {
        tile_error(g, op,
                   "lowering_config 'subgroup_basis' counts multiply to %lld subgroups (%lld "
                   "threads) but translation_info workgroup_size has %lld threads (%lld "
                   "subgroups): make them agree",
                   (long long)sgs, (long long)threads, (long long)ti_threads,
                   (long long)(ti_threads / 32));
        return false;
    }
    k->workgroup_size = threads;
    for (uint32_t c = 0; c < g->nloops; c++) {
        int64_t per = (k->thread[c] ? k->thread[c] : 1) *
                      basis_on(k->lane_counts, k->lane_map, k->nlane, c) *
                      basis_on(k->sg_counts, k->sg_map, k->nsg, c);
        int64_t t = g->loops[c].reduction ? k->reduction[c] : k->workgroup[c];
        const char *f = g->loops[c].reduction ? "partial_reduction" : "workgroup";
        if (g->loops[c].reduction && k->workgroup[c]) {
            tile_error(g, op,
                       "lowering_config 'workgroup' is %lld on the reduction loop %s: a "
                       "workgroup walks the whole reduction (give 0, and the step in "
                       "'partial_reduction')",
                       (long long)k->workgroup[c], g->loops[c].name);
            return false;
        }
        if (t && t % per) {
            tile_error(g, op,
                       "lowering_config '%s' = %lld on loop %s is not a multiple of thread %lld "
                       "x lane_basis %lld x subgroup_basis %lld = %lld: make it a multiple of "
                       "%lld",
                       f, (long long)t, g->loops[c].name,
                       (long long)(k->thread[c] ? k->thread[c] : 1),
                       (long long)basis_on(k->lane_counts, k->lane_map, k->nlane, c),
                       (long long)basis_on(k->sg_counts, k->sg_map, k->nsg, c), (long long)per,
                       (long long)per);
            return false;
        }
    }
    return true;
}

/* An elementwise kernel's threads: with 'thread', IREE's reading (workgroup / thread
 * threads on each loop that has a thread tile, their product); without, as many as
 * 128-bit accesses need to cover the tile, a multiple of 32, up to 128 (256 when the
 * tile spans two loops), as the default config of that tile has it; translation_info's
 * workgroup_size must agree with the first and replaces the second. */
static bool
check_elementwise(Graph *g, KernelConfig *k, int64_t ti_threads)
{
    OpId op = g->nodes[g->root].op;
    int64_t threads = 1, elems = 1;
    uint32_t tiled = 0;
    bool given = false;
    for (uint32_t c = 0; c < g->nloops; c++) {
        int64_t t = k->workgroup[c] ? k->workgroup[c] : static_size(g, c);
        elems *= t;
        tiled += t > 1;
        if (!k->thread[c])
            continue;
        given = true;
        if (t % k->thread[c]) {
            tile_error(g, op,
                       "lowering_config 'thread' = %lld on loop %s does not divide its "
                       "'workgroup' tile %lld: make the tile a multiple of it",
                       (long long)k->thread[c], g->loops[c].name, (long long)t);
            return false;
        }
        threads *= t / k->thread[c];
    }
    if (given && (threads % 32 || threads > 1024)) {
        tile_error(g, op,
                   "lowering_config 'workgroup' / 'thread' gives %lld threads: a workgroup runs "
                   "a multiple of 32 up to 1024; change 'thread'",
                   (long long)threads);
        return false;
    }
    if (given && ti_threads && ti_threads != threads) {
        tile_error(g, op,
                   "lowering_config 'workgroup' / 'thread' gives %lld threads but "
                   "translation_info workgroup_size has %lld: make them agree",
                   (long long)threads, (long long)ti_threads);
        return false;
    }
    if (!given) {
        int64_t tl = 128 / (int64_t)tile_widest_bits(g), cap = tiled > 1 ? 256 : 128;
        threads = ((elems + tl - 1) / tl + 31) / 32 * 32;
        threads = ti_threads ? ti_threads : threads > cap ? cap : threads;
    }
    k->workgroup_size = threads;
    return true;
}

/* TileAndFuse: reduction counted in the intrinsic's K, subgroup tiles in intrinsics */
static bool
tile_and_fuse_units(Graph *g, KernelConfig *k, const int64_t *subgroup, int nsub)
{
    const Node *r = &g->nodes[g->root];
    OpId op = r->op;
    if (g->cls != KERNEL_CONTRACTION)
        return true;
    if (!k->mma_kind) {
        tile_error(g, op,
                   "has an LLVMGPUTileAndFuse config without 'mma_kind': its 'reduction' and "
                   "'subgroup' count intrinsics, so name one (or use LLVMGPUVectorDistribute, "
                   "which counts elements)");
        return false;
    }
    for (uint32_t c = 0; c < g->nloops; c++)
        k->reduction[c] *= k->mma_k;
    if (nsub > 0) {
        int64_t sm = (int32_t)nsub > r->contract_m ? subgroup[r->contract_m] : 0;
        int64_t sn = (int32_t)nsub > r->contract_n ? subgroup[r->contract_n] : 0;
        int64_t tm = k->workgroup[r->contract_m], tn = k->workgroup[r->contract_n];
        if (!sm || !sn || tm % (sm * k->mma_m) || tn % (sn * k->mma_n)) {
            tile_error(g, op,
                       "lowering_config 'subgroup' %lld x %lld intrinsics of %lld x %lld does not "
                       "divide 'workgroup' %lld x %lld: each subgroup's tile (%lld x %lld "
                       "elements) must divide the workgroup's",
                       (long long)sm, (long long)sn, (long long)k->mma_m, (long long)k->mma_n,
                       (long long)tm, (long long)tn, (long long)(sm * k->mma_m),
                       (long long)(sn * k->mma_n));
            return false;
        }
        k->subgroup_mn[0] = tm / (sm * k->mma_m);
        k->subgroup_mn[1] = tn / (sn * k->mma_n);
    }
    return true;
}

/* Fills in what a given config leaves out, per class. */
static bool
complete(Graph *g, KernelConfig *k)
{
    for (uint32_t c = 0; c < g->nloops; c++) {
        if (g->loops[c].reduction)
            continue;
        if (!k->workgroup[c] && static_size(g, c) < 0) {
            tile_error(g, g->nodes[g->root].op,
                       "lowering_config 'workgroup' leaves loop %s untiled (0) but its size is "
                       "dynamic: give it a tile",
                       g->loops[c].name);
            return false;
        }
    }
    for (uint32_t c = 0; c < g->nloops; c++) {
        if (!g->loops[c].reduction || k->reduction[c])
            continue;
        if (static_size(g, c) < 0) {
            tile_error(g, g->nodes[g->root].op,
                       "lowering_config gives no step for the reduction loop %s ('%s'), whose "
                       "size is dynamic: give one",
                       g->loops[c].name,
                       g->cls == KERNEL_CONTRACTION ? "reduction" : "partial_reduction");
            return false;
        }
        k->reduction[c] = static_size(g, c);
    }
    return true;
}

bool
tile_read_config(Graph *g)
{
    KernelConfig *k = &g->cfg;
    memset(k, 0, sizeof *k);
    int64_t ti_threads;
    if (!read_translation(g, k, &ti_threads))
        return false;
    OpId root = g->nodes[g->root].op;
    const Attr *cfg = op_attr(g->m, root, "lowering_config");
    if (cfg && cfg->kind != ATTR_LOWERING_CONFIG) {
        tile_error(g, root,
                   "has a lowering_config vptx does not read: give #iree_gpu.lowering_config<{"
                   "...}> or #iree_codegen.lowering_config<tile_sizes = [[...]]>");
        return false;
    }
    if (!cfg) {
        if (g->cls == KERNEL_CONTRACTION)
            default_contraction(g, k);
        else if (g->cls == KERNEL_REDUCTION) {
            if (!default_reduction_columns(g, k))
                default_reduction(g, k);
        } else
            default_elementwise(g, k);
        if (ti_threads && ti_threads != k->workgroup_size) {
            /* keep the user's thread count where the default has no fixed split */
            if (g->cls == KERNEL_REDUCTION) {
                tile_error(g, root,
                           "has no lowering_config, and the default one needs %lld threads but "
                           "translation_info workgroup_size has %lld: give a lowering_config "
                           "(--emit=config prints the default to start from)",
                           (long long)k->workgroup_size, (long long)ti_threads);
                return false;
            }
            k->workgroup_size = ti_threads;
        }
        return true;
    }
    k->given = true;
    int64_t subgroup[TILE_MAX_LOOPS] = { 0 };
    int nsub = -1;
    if (cfg->b) { /* #iree_codegen.lowering_config<tile_sizes = [[level 0], ...]> */
        const Attr *ts = dict_get(cfg, "tile_sizes");
        if (!ts || ts->kind != ATTR_ARRAY || ts->n < 1) {
            tile_error(g, root, "lowering_config needs 'tile_sizes = [[...], ...]'");
            return false;
        }
        NamedAttr one = { "workgroup", ts->items[0] };
        const Attr *d = attr_dict(g->m, &one, 1);
        int64_t v[TILE_MAX_LOOPS];
        int n = field(g, d, "workgroup", v, true);
        if (n < 0)
            return false;
        for (uint32_t c = 0; c < g->nloops; c++) {
            k->workgroup[c] = g->loops[c].reduction ? 0 : v[c];
            k->reduction[c] = g->loops[c].reduction ? v[c] : 0;
        }
    } else {
        int64_t pr[TILE_MAX_LOOPS] = { 0 };
        if (field(g, cfg, "workgroup", k->workgroup, true) == -2 ||
            field(g, cfg, "reduction", k->reduction, true) == -2 ||
            field(g, cfg, "partial_reduction", pr, true) == -2 ||
            field(g, cfg, "thread", k->thread, true) == -2 ||
            (nsub = field(g, cfg, "subgroup", subgroup, false)) == -2 ||
            !basis(g, cfg, "lane_basis", k->lane_counts, k->lane_map, &k->nlane) ||
            !basis(g, cfg, "subgroup_basis", k->sg_counts, k->sg_map, &k->nsg) ||
            !read_mma(g, cfg, k))
            return false;
        for (uint32_t c = 0; c < g->nloops; c++)
            if (pr[c])
                k->reduction[c] = pr[c];
        const Attr *sm = dict_get(cfg, "subgroup_m_count"), *sn = dict_get(cfg, "subgroup_n_count");
        if (sm && sn && sm->kind == ATTR_INT && sn->kind == ATTR_INT) {
            k->subgroup_mn[0] = sm->i;
            k->subgroup_mn[1] = sn->i;
        }
        const Attr *po = dict_get(cfg, "promote_operands");
        int64_t pv[4];
        int np = po ? layout_attr_ints(po, pv, 4) : 0;
        for (int i = 0; i < np; i++)
            if (pv[i] >= 0 && pv[i] < 3)
                k->promote[pv[i]] = true;
    }
    if (g->cls == KERNEL_CONTRACTION && k->nsg) {
        const Node *r = &g->nodes[g->root];
        k->subgroup_mn[0] = basis_on(k->sg_counts, k->sg_map, k->nsg, (uint32_t)r->contract_m);
        k->subgroup_mn[1] = basis_on(k->sg_counts, k->sg_map, k->nsg, (uint32_t)r->contract_n);
    }
    if (k->tile_and_fuse && !tile_and_fuse_units(g, k, subgroup, nsub))
        return false;
    if (!complete(g, k))
        return false;
    bool ok = g->cls == KERNEL_CONTRACTION ? check_contraction(g, k, ti_threads)
              : g->cls == KERNEL_REDUCTION ? check_reduction(g, k, ti_threads)
                                           : check_elementwise(g, k, ti_threads);
    if (ok && !k->workgroup_size)
        k->workgroup_size = g->cls == KERNEL_CONTRACTION ? 256 : 128;
    k->why = "the op's lowering_config";
    return ok;
}

/* ----------------------------------------------------------- --emit=config */

static const Attr *
int_list(Module *m, const int64_t *v, uint32_t n)
{
    return attr_int_array(m, v, n, TY_I64);
}

static const Attr *
basis_attr(Module *m, const int64_t *counts, const int64_t *map, uint32_t n)
{
    const Attr *two[2] = { int_list(m, counts, n), int_list(m, map, n) };
    return attr_array(m, two, 2);
}

void
tile_attach_config(Graph *g)
{
    Module *m = g->m;
    KernelConfig *k = &g->cfg;
    OpId root = g->nodes[g->root].op;
    if (!k->given) {
        NamedAttr items[8];
        uint32_t n = 0;
        items[n++] = (NamedAttr){ "workgroup", int_list(m, k->workgroup, g->nloops) };
        const char *red = g->cls == KERNEL_REDUCTION ? "partial_reduction" : "reduction";
        if (g->cls != KERNEL_ELEMENTWISE)
            items[n++] = (NamedAttr){ red, int_list(m, k->reduction, g->nloops) };
        if (g->cls != KERNEL_CONTRACTION)
            items[n++] = (NamedAttr){ "thread", int_list(m, k->thread, g->nloops) };
        if (g->cls == KERNEL_REDUCTION) {
            items[n++] =
                (NamedAttr){ "lane_basis", basis_attr(m, k->lane_counts, k->lane_map, k->nlane) };
            items[n++] =
                (NamedAttr){ "subgroup_basis", basis_attr(m, k->sg_counts, k->sg_map, k->nsg) };
        }
        Attr *cfg = arena_copy(&m->arena, attr_dict(m, items, n), sizeof(Attr));
        cfg->kind = ATTR_LOWERING_CONFIG;
        op_set_attr(m, root, "lowering_config", cfg);
    }
    if (g->nsteps > 1)
        return; /* each kernel of a split function takes its own workgroup size */
    TranslationInfoAttr *ti = arena_alloc(&m->arena, sizeof *ti);
    if (g->translation)
        *ti = *g->translation->translation;
    if (!ti->pipeline)
        ti->pipeline = k->tile_and_fuse ? "LLVMGPUTileAndFuse" : "LLVMGPUVectorDistribute";
    ti->nworkgroup = 3;
    ti->workgroup_size[0] = k->workgroup_size;
    ti->workgroup_size[1] = ti->workgroup_size[2] = 1;
    ti->subgroup_size = 32;
    Attr *a = arena_alloc(&m->arena, sizeof *a);
    a->kind = ATTR_TRANSLATION_INFO;
    a->translation = ti;
    op_set_attr(m, g->func, "translation_info", a);
}
