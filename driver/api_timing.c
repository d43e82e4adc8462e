/*
 * api_timing.c -- vptx_timing_ptx() of driver/vptx.h: one PTX launch on the simulator
 * with the timing model (sim/timing.c), for programs that embed vptx.
 */
#include "driver/vptx.h"
#include "runtime/ptxas.h"
#include "port.h"
#include "sim/sim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int api_fail(char *err, size_t n, const char *fmt, ...) PRINTF_LIKE(3, 4);

static int
api_fail(char *err, size_t n, const char *fmt, ...)
{
    if (err && n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, n, fmt, ap);
        va_end(ap);
    }
    return 1;
}

/* value converted to the parameter's type, in little-endian bytes */
static void
scalar_bytes(const SimParamInfo *p, double v, unsigned char out[8])
{
    memset(out, 0, 8);
    if (p->kind == SIM_PARAM_F32) {
        float f = (float)v;
        memcpy(out, &f, 4);
    } else if (p->kind == SIM_PARAM_F64) {
        memcpy(out, &v, 8);
    } else {
        long long i = (long long)v;
        memcpy(out, &i, p->size < 8 ? p->size : 8);
    }
}

int
vptx_timing_ptx(const char *ptx, const char *entry, const char *gpu, const unsigned grid[3],
                const unsigned block[3], unsigned shared_bytes, const VptxTimingArg *args,
                size_t nargs, unsigned long long sample, VptxTiming *out, char *err, size_t errlen)
{
    if (!ptx || !entry || !grid || !block || !out || (nargs && !args))
        return api_fail(err, errlen, "vptx_timing_ptx: a required argument is NULL");
    SimCtx *ctx = sim_create();
    if (!ctx)
        return api_fail(err, errlen, "out of memory");
    SimModule *m;
    SimFunc *f;
    int rc = 0;
    char why[512];
    SimDevPtr *ptrs = calloc(nargs ? nargs : 1, sizeof *ptrs);
    unsigned char(*bytes)[8] = calloc(nargs ? nargs : 1, sizeof *bytes);
    void **params = calloc(nargs ? nargs : 1, sizeof *params);
    if (!ptrs || !bytes || !params)
        rc = api_fail(err, errlen, "out of memory");
    else if (sim_module_load(ctx, ptx, "<ptx>", &m) != SIM_OK ||
             sim_module_get_function(m, entry, &f) != SIM_OK)
        rc = api_fail(err, errlen, "%s", sim_error(ctx));
    else if (sim_timing_check(gpu, sim_module_target(m), why, sizeof why) != SIM_OK)
        rc = api_fail(err, errlen, "%s", why);
    else if ((size_t)sim_func_param_count(f) != nargs)
        rc = api_fail(err, errlen, "'%s' takes %d parameters, %zu given", entry,
                      sim_func_param_count(f), nargs);
    for (size_t i = 0; rc == 0 && i < nargs; i++) {
        SimParamInfo p;
        sim_func_param_info(f, (int)i, &p);
        if (args[i].is_buffer) {
            if (sim_mem_alloc(ctx, &ptrs[i], args[i].bytes ? args[i].bytes : 1) != SIM_OK ||
                sim_memset_d8(ctx, ptrs[i], 0, args[i].bytes ? args[i].bytes : 1) != SIM_OK)
                rc = api_fail(err, errlen, "%s", sim_error(ctx));
            params[i] = &ptrs[i];
        } else {
            scalar_bytes(&p, args[i].value, bytes[i]);
            params[i] = bytes[i];
        }
    }
    if (rc == 0) {
        sim_set_timing(ctx, gpu);
        sim_set_option(ctx, SIM_OPT_TIMING_SAMPLE, sample);
        /* no wall-clock limit: a modeled time must not depend on the machine's load (the
           instruction limit still stops a runaway kernel) */
        sim_set_option(ctx, SIM_OPT_TIMEOUT_MS, 0);
        ptxas_timing_regs(ctx, ptx, entry, 0);
        if (sim_launch(f, grid[0], grid[1], grid[2], block[0], block[1], block[2], shared_bytes,
                       params) != SIM_OK)
            rc = api_fail(err, errlen, "%s", sim_error(ctx));
    }
    SimTiming t;
    if (rc == 0 && sim_timing(ctx, &t) != SIM_OK)
        rc = api_fail(err, errlen, "the launch was not timed (out of memory)");
    if (rc == 0) {
        memset(out, 0, sizeof *out);
        snprintf(out->gpu, sizeof out->gpu, "%s", t.gpu);
        snprintf(out->limiter, sizeof out->limiter, "%s", sim_limiter_name(t.limiter));
        out->time_us = t.time_us;
        out->cycles = t.cycles;
        out->occupancy_warps = t.occupancy_warps;
        out->max_warps = t.max_warps;
        out->dram_pct = t.dram_pct;
        out->l2_pct = t.l2_pct;
        out->smem_pct = t.smem_pct;
        out->tensor_pct = t.tensor_pct;
        out->fp32_pct = t.fp32_pct;
        out->ctas_total = t.ctas_total;
        out->ctas_timed = t.ctas_timed;
        out->regs = t.regs_per_thread;
        snprintf(out->regs_from, sizeof out->regs_from, "%s", t.regs_from);
    }
    free(ptrs);
    free(bytes);
    free(params);
    sim_destroy(ctx);
    return rc;
}
