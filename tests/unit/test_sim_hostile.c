/*
 * test_sim_hostile.c -- the simulator's host API and its tensor maps given hostile
 * input: a tensor map whose bytes a kernel (or a host program) changed after encoding
 * is checked field by field on use (a swizzle of 200 used to be a shift by 200); a
 * refused map says why; freed allocations are remembered in a bounded table (4 million
 * alloc/free pairs used to keep 125 MB) and addresses are reused once a context's range
 * is used up; an empty array is an empty allocation, not a 1-byte one; cuLaunchKernel's
 * grid limits hold.  White-box where it must be: it reads SimCtx and SimTmap.
 */
#include "sim/sim.h"
#include "sim/simint.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/unit.h"

static bool
has(const char *text, const char *part)
{
    return text && strstr(text, part) != NULL;
}

/* One thread loads a 2-d box through the map parameter into shared memory. */
static const char tma_ptx[] =
    ".version 8.0\n.target sm_90a\n.address_size 64\n"
    ".visible .entry tma(.param .align 64 .b8 tm[128])\n"
    "{\n"
    "  .reg .pred %p<2>; .reg .b32 %r<8>; .reg .b64 %rd<4>;\n"
    "  .shared .align 1024 .b8 tile[8192];\n"
    "  .shared .align 8 .b64 bar;\n"
    "  mov.b64 %rd1, tm;  cvta.param.u64 %rd1, %rd1;\n"
    "  mov.u32 %r4, tile;  mov.u32 %r5, bar;  mov.u32 %r1, 0;\n"
    "  mbarrier.init.shared::cta.b64 [%r5], 1;\n"
    "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], 2048;\n"
    "  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r4], "
    "[%rd1, {%r1, %r1}], [%r5];\n"
    "W:\n"
    "  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r5], 0;  @!%p1 bra W;\n"
    "  ret;\n"
    "}\n";

/* bullet: the simulator trusts a tensor map a kernel wrote itself: validate every field
   on use */
static void
test_tampered_map(void)
{
    SimCtx *ctx = sim_create();
    SimModule *m = NULL;
    SimFunc *f = NULL;
    CHECK(sim_module_load(ctx, tma_ptx, "tma.ptx", &m) == SIM_OK &&
              sim_module_get_function(m, "tma", &f) == SIM_OK,
          "load: %s", sim_error(ctx));
    SimDevPtr g = 0;
    sim_mem_alloc(ctx, &g, 64 * 64 * 2);
    uint64_t dim[2] = { 64, 64 }, stride[1] = { 128 };
    uint32_t box[2] = { 32, 32 }, es[2] = { 1, 1 };
    SimTensorMap good;
    CHECK(sim_tensor_map_encode_tiled(&good, SIM_TMAP_FLOAT16, 2, g, dim, stride, box, es, 0,
                                      SIM_TMAP_SWIZZLE_64B, 0, 0) == SIM_OK,
          "encode");
    void *params[] = { &good };
    CHECK(sim_launch(f, 1, 1, 1, 1, 1, 1, 0, params) == SIM_OK, "the map as encoded: %s",
          sim_error(ctx));
    static const struct {
        size_t offset;
        unsigned size;
        uint64_t value;
        const char *why;
    } bad[] = {
        { offsetof(SimTmap, swizzle), 1, 200, "swizzle 200 (0 to 3)" },
        { offsetof(SimTmap, interleave), 1, 7, "interleave 7 (0 to 2)" },
        { offsetof(SimTmap, dtype), 1, 99, "data type 99 (0 to 12)" },
        { offsetof(SimTmap, esize), 1, 64, "element size 64 for data type 6" },
        { offsetof(SimTmap, box), 2, 0, "box dimension 0 is 0 (1 to 256)" },
        { offsetof(SimTmap, box), 2, 4096, "box dimension 0 is 4096 (1 to 256)" },
        { offsetof(SimTmap, estride), 1, 0, "element stride 0 is 0 (1 to 8)" },
        { offsetof(SimTmap, dim) + 8, 8, 0, "dimension 1 has size 0 (1 to 2^32)" },
        { offsetof(SimTmap, stride) + 8, 8, 100, "the stride of dimension 1 is 100 bytes" },
        { offsetof(SimTmap, base), 8, 8, "global address 0x8 is not 16-byte aligned" },
        { offsetof(SimTmap, rank), 1, 9, "rank 9 (1 to 5)" },
        { 0, 8, 0, "no tensor map (sim_tensor_map_encode_tiled) there" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        SimTensorMap tm = good;
        memcpy((unsigned char *)&tm + bad[i].offset, &bad[i].value, bad[i].size);
        params[0] = &tm;
        SimResult r = sim_launch(f, 1, 1, 1, 1, 1, 1, 0, params);
        CHECK(r == SIM_ERR_FAULT && has(sim_error(ctx), "does not hold a valid tensor map") &&
                  has(sim_error(ctx), bad[i].why),
              "field %zu: %s: %s", i, sim_result_name(r), sim_error(ctx));
    }
    sim_destroy(ctx);
}

/* bullet: a tensor-map refusal with a real reason (sim_tensor_map_check) */
static void
test_map_check_reasons(void)
{
    uint64_t dim[2] = { 64, 64 }, stride[1] = { 128 };
    uint32_t box[2] = { 32, 32 }, es[2] = { 1, 1 };
    char why[200] = "";
    CHECK(sim_tensor_map_check(SIM_TMAP_FLOAT16, 2, 0x700000000000, dim, stride, box, es, 0,
                               SIM_TMAP_SWIZZLE_64B, 0, 0, why, sizeof why) == SIM_OK,
          "a good map: %s", why);
    uint32_t wide[2] = { 128, 32 };
    CHECK(sim_tensor_map_check(SIM_TMAP_FLOAT16, 2, 0x700000000000, dim, stride, wide, es, 0,
                               SIM_TMAP_SWIZZLE_64B, 0, 0, why, sizeof why) != SIM_OK &&
              has(why, "the box's inner dimension is 256 bytes, more than the 64-byte swizzle"),
          "swizzle span: %s", why);
    CHECK(sim_tensor_map_check(SIM_TMAP_INT32, 2, 0x700000000000, dim, stride, box, es, 0, 0, 0,
                               SIM_TMAP_OOB_FILL_NAN, why, sizeof why) != SIM_OK &&
              has(why, "NaN fill of an integer data type"),
          "nan fill: %s", why);
}

static const char rd_ptx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                             ".visible .entry rd(.param .u64 p)\n{\n"
                             "  .reg .b32 %r<2>; .reg .b64 %rd<2>;\n"
                             "  ld.param.u64 %rd1, [p];\n"
                             "  ld.global.u32 %r1, [%rd1];\n"
                             "  ret;\n}\n";

/* Launches rd (one load from p) on ctx: its status; the message in sim_error. */
static SimResult
read_at(SimCtx *ctx, SimDevPtr p)
{
    SimModule *m;
    SimFunc *f;
    if (sim_module_load(ctx, rd_ptx, "rd.ptx", &m) != SIM_OK ||
        sim_module_get_function(m, "rd", &f) != SIM_OK)
        return SIM_ERR_PTX;
    void *params[] = { &p };
    SimResult r = sim_launch(f, 1, 1, 1, 1, 1, 1, 0, params);
    sim_module_unload(m);
    return r;
}

/* bullet: freed simulator allocations are kept forever; bounded */
static void
test_freed_bounded(void)
{
    SimCtx *ctx = sim_create();
    SimDevPtr live = 0, p = 0, first = 0;
    sim_mem_alloc(ctx, &live, 64);
    for (int i = 0; i < 100000; i++) {
        CHECK(sim_mem_alloc(ctx, &p, 64) == SIM_OK, "alloc %d: %s", i, sim_error(ctx));
        if (!first)
            first = p;
        CHECK(sim_mem_free(ctx, p) == SIM_OK, "free %d", i);
    }
    CHECK(ctx->nallocs == 1 && ctx->nfreed <= 4096 && ctx->capallocs <= 64,
          "%u allocations (%u freed) in the tables after 100000 alloc/free pairs", ctx->nallocs,
          ctx->nfreed);
    /* the latest frees are still reported as such; the live one still works */
    CHECK(sim_mem_free(ctx, p) == SIM_ERR_INVALID_VALUE, "a second free of the last");
    CHECK(read_at(ctx, p) == SIM_ERR_FAULT && has(sim_error(ctx), "was freed"),
          "a read after free: %s", sim_error(ctx));
    CHECK(read_at(ctx, first) == SIM_ERR_FAULT && has(sim_error(ctx), "no allocation there"),
          "a read of a long-forgotten free: %s", sim_error(ctx));
    char buf[64];
    CHECK(sim_memcpy_htod(ctx, live, buf, 64) == SIM_OK, "the live allocation");
    CHECK(read_at(ctx, live) == SIM_OK, "a read of the live one: %s", sim_error(ctx));
    sim_destroy(ctx);
}

/* Addresses are reused once a context's range is used up, the oldest remembered frees
   forgotten as needed.  The range is cut to 16 MiB here (it is 64 GiB): 40 allocations
   of 1 MiB, each freed, fit. */
static void
test_addresses_wrap(void)
{
    SimCtx *ctx = sim_create();
    ctx->addr_hi = ctx->addr_lo + (1u << 24);
    SimDevPtr keep = 0, p = 0, lowest = ~0ull;
    sim_mem_alloc(ctx, &keep, 64);
    for (int i = 0; i < 40; i++) {
        SimResult r = sim_mem_alloc(ctx, &p, (size_t)1 << 20);
        CHECK(r == SIM_OK, "1 MiB allocation %d: %s", i, sim_error(ctx));
        if (r != SIM_OK)
            break;
        if (i > 0 && p < lowest)
            lowest = p;
        sim_mem_free(ctx, p);
    }
    CHECK(lowest < keep + (1u << 21), "the addresses wrapped around (lowest 0x%llx)",
          (unsigned long long)lowest);
    CHECK(sim_mem_alloc(ctx, &p, (size_t)1 << 23) == SIM_OK, "8 MiB in the 16");
    CHECK(sim_mem_alloc(ctx, &p, (size_t)1 << 23) == SIM_ERR_OUT_OF_MEMORY &&
              has(sim_error(ctx), "no room left"),
          "another 8 MiB: %s", sim_error(ctx));
    CHECK(sim_mem_alloc(ctx, &p, (size_t)1 << 40) == SIM_ERR_OUT_OF_MEMORY &&
              has(sim_error(ctx), "more than a context's 64 GiB of addresses"),
          "1 TiB: %s", sim_error(ctx));
    sim_destroy(ctx);
}

/* bullet: an empty array is reported as a "1-byte allocation" */
static void
test_empty_allocation(void)
{
    SimCtx *ctx = sim_create();
    SimDevPtr p = 0;
    CHECK(sim_mem_alloc(ctx, &p, 0) == SIM_ERR_INVALID_VALUE, "sim_mem_alloc of 0 bytes");
    CHECK(sim_mem_alloc_empty(ctx, &p) == SIM_OK && p, "an empty allocation");
    char buf[1];
    CHECK(sim_memcpy_htod(ctx, p, buf, 0) == SIM_OK && sim_memcpy_htod(ctx, p, buf, 1) != SIM_OK,
          "0 bytes fit in it, 1 does not");
    SimResult r = read_at(ctx, p);
    CHECK(r == SIM_ERR_FAULT && has(sim_error(ctx), "is empty (an array of no elements)") &&
              !has(sim_error(ctx), "1-byte"),
          "the fault: %s", sim_error(ctx));
    CHECK(sim_mem_free(ctx, p) == SIM_OK, "free it");
    sim_destroy(ctx);
}

/* bullet: grid.x >= 2^31 is refused, as cuLaunchKernel does */
static void
test_grid_limit(void)
{
    static const char ptx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                              ".visible .entry e()\n{\n  ret;\n}\n";
    SimCtx *ctx = sim_create();
    SimModule *m;
    SimFunc *f;
    sim_module_load(ctx, ptx, "e.ptx", &m);
    sim_module_get_function(m, "e", &f);
    SimResult r = sim_launch(f, 1u << 31, 1, 1, 1, 1, 1, 0, NULL);
    CHECK(r == SIM_ERR_LAUNCH && has(sim_error(ctx), "grid x at most 2147483647"),
          "grid.x 2^31: %s: %s", sim_result_name(r), sim_error(ctx));
    sim_destroy(ctx);
}

/* bullet: the default limit is deterministic: instructions, no wall clock */
static void
test_default_limits(void)
{
    SimCtx *ctx = sim_create();
    CHECK(ctx->opt_timeout_ms == 0 && ctx->opt_max_insts == 1ull << 32,
          "defaults: %llu ms, %llu instructions", (unsigned long long)ctx->opt_timeout_ms,
          (unsigned long long)ctx->opt_max_insts);
    sim_destroy(ctx);
}

int
main(void)
{
    test_tampered_map();
    test_map_check_reasons();
    test_freed_bounded();
    test_addresses_wrap();
    test_empty_allocation();
    test_grid_limit();
    test_default_limits();
    return unit_report();
}
