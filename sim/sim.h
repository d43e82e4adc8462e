/*
 * sim.h -- the PTX simulator: execute PTX text on the CPU.
 *
 * sim/ is vptx's independent oracle.  It has its own PTX lexer and parser
 * and shares no code with ptxgen or the IR, so that a bug in the emitter
 * cannot be mirrored here.  It uses libc and libm only.  Its one piece of
 * global state is the table of address ranges, one per live context, taken
 * and given back atomically: two SimCtx may run in two threads at once.
 *
 * The host API mirrors the CUDA driver API one to one, so that a host
 * program can drive either:
 *
 *   CUDA driver              sim
 *   cuCtxCreate/Destroy      sim_create / sim_destroy
 *   cuModuleLoadDataEx       sim_module_load      (error log: sim_error())
 *   cuModuleUnload           sim_module_unload
 *   cuModuleGetFunction      sim_module_get_function
 *   cuFuncGetParamInfo       sim_func_param_count / sim_func_param_info
 *   cuMemAlloc / cuMemFree   sim_mem_alloc / sim_mem_free
 *   cuMemcpyHtoD / DtoH      sim_memcpy_htod / sim_memcpy_dtoh
 *   cuMemsetD8               sim_memset_d8
 *   cuLaunchKernel           sim_launch            (kernelParams: void **)
 *   (profiler counters)      sim_stats / sim_print_stats / sim_line_counts
 *
 * Device addresses (SimDevPtr) are opaque 64-bit numbers that the simulator
 * maps to its own host buffers; they are never host pointers.  Each context
 * has its own range of them (up to 4096 contexts alive at once; sim_create
 * returns NULL past that), so one context refuses another's pointers.  Library code
 * never prints or exits: every call returns a SimResult, and on failure
 * sim_error() holds the message, located like a compiler's
 * ("kernel.ptx:12: error: ...") for PTX and run-time faults.
 *
 * Execution model: a grid of CTAs run one after another; inside a CTA each
 * thread is an independent context with its own PC and registers (no
 * lockstep).  A thread runs until it blocks on a barrier or a warp
 * collective, exits, or uses up its time slice.  Warp collectives
 * (shfl/vote/match/redux/elect.sync, bar.warp.sync, ldmatrix, stmatrix,
 * movmatrix, mma.sync) complete when every lane of the member mask has
 * arrived at the same instruction; they read all sources before writing
 * any result.  wgmma.mma_async completes once the 128 threads of its
 * warpgroup have arrived; mbarrier.try_wait parks a thread until the
 * barrier's phase moves (sim/exec_sm90.c).  Deadlocks and infinite loops
 * are reported, never hung.
 *
 * Adding an instruction (e.g. the sm_90 set in a new sim/exec_sm90.c):
 *   1. add a line to sim/ops.def: mnemonic, class, operand counts, flags,
 *      decode hook (or NULL), per-thread exec function, and for a warp
 *      collective the warp function (run once all lanes have arrived);
 *   2. declare the functions in sim/simint.h (section "exec hooks") and
 *      define them in the new file, using the helpers of simint.h (opd_read,
 *      reg_write, mem_access, coll_arrive, sim_fault, ...);
 *   3. add new modifiers to sim/mods.def if the instruction has any.
 * Nothing in the parser, scheduler or dispatcher needs to change.
 */
#ifndef SIM_SIM_H
#define SIM_SIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct SimCtx SimCtx;       /* one simulated device + its memory */
typedef struct SimModule SimModule; /* a loaded PTX module, owned by its SimCtx */
typedef struct SimFunc SimFunc;     /* an entry of a module */
typedef uint64_t SimDevPtr;         /* opaque device address; 0 is never valid */

typedef enum {
    SIM_OK = 0,
    SIM_ERR_INVALID_VALUE, /* bad argument to a host call */
    SIM_ERR_OUT_OF_MEMORY, /* host allocation failed or device limit reached */
    SIM_ERR_PTX,           /* the PTX text did not parse; see sim_error() */
    SIM_ERR_NOT_FOUND,     /* no entry of that name */
    SIM_ERR_LAUNCH,        /* bad launch configuration */
    SIM_ERR_FAULT,         /* the kernel faulted: memory error, deadlock, trap, limit */
} SimResult;

/* Instruction classes counted per launch; see sim/classes.def. */
typedef enum {
#define CLASS(name, text) SIM_CLASS_##name,
#include "sim/classes.def"
#undef CLASS
    SIM_CLASS_COUNT
} SimClass;

/* Counters of the last launch.  Global requests/sectors are per warp-level
 * request: the lanes of a warp that execute the same load or store for the
 * same time form one request.  sectors_min is the number of 32-byte sectors
 * the requested bytes need at best, so sectors_min / sectors is the sector
 * efficiency.  Shared wavefronts follow ptx-sm80.md section 8 (4-byte banks;
 * 64-bit accesses in half-warp passes, 128-bit in quarter-warp passes). */
typedef struct {
    uint64_t instructions; /* dynamic thread-level instructions */
    uint64_t by_class[SIM_CLASS_COUNT];
    uint64_t ctas, threads;
    uint64_t global_ld_requests, global_ld_sectors, global_ld_sectors_min, global_ld_bytes;
    uint64_t global_st_requests, global_st_sectors, global_st_sectors_min, global_st_bytes;
    uint64_t shared_ld_requests, shared_ld_wavefronts, shared_ld_wavefronts_min;
    uint64_t shared_st_requests, shared_st_wavefronts, shared_st_wavefronts_min;
    uint64_t atomics;          /* thread-level atom/red operations */
    uint64_t barriers;         /* completed CTA barriers (bar.sync / barrier.sync) */
    uint64_t warp_collectives; /* completed warp collectives */
    /* sm_90: cp.async.bulk{.tensor} copies (one per issuing thread) and the global bytes
     * they read or wrote; tma_fill_bytes: box bytes a tensor load zero-filled because
     * they lie outside the tensor (no global traffic) */
    uint64_t tma_ld_copies, tma_ld_bytes, tma_fill_bytes, tma_st_copies, tma_st_bytes;
    /* sm_90 wgmma, counted once per warpgroup: mma_async ops, commit_groups, wait_groups;
     * the most groups committed and not yet waited for at once (after a commit); and the
     * groups the waits left in flight (wait_group N keeps min(N, those)): their sum and
     * the most at one wait */
    uint64_t wgmma_ops, wgmma_groups, wgmma_waits, wgmma_inflight_max, wgmma_kept, wgmma_kept_max;
    /* sm_100a: tcgen05.mma instructions (one per issuing thread) */
    uint64_t tc_mma_ops;
} SimStats;

typedef enum {
    SIM_PARAM_U8,
    SIM_PARAM_U16,
    SIM_PARAM_U32,
    SIM_PARAM_U64,
    SIM_PARAM_S8,
    SIM_PARAM_S16,
    SIM_PARAM_S32,
    SIM_PARAM_S64,
    SIM_PARAM_F16,
    SIM_PARAM_F32,
    SIM_PARAM_F64,
    SIM_PARAM_B8,
    SIM_PARAM_B16,
    SIM_PARAM_B32,
    SIM_PARAM_B64,
    SIM_PARAM_BYTES, /* .align N .b8 name[size]: an aggregate */
} SimParamKind;

typedef struct {
    const char *name;
    SimParamKind kind;
    uint32_t size, align, offset; /* bytes */
} SimParamInfo;

typedef enum {
    SIM_OPT_LINE_COUNTS,       /* 1: count executed instructions per PTX line */
    SIM_OPT_MAX_INSTRUCTIONS,  /* fault once a launch executes more (default 2^32, 0: no limit);
                                  each CTA started counts as 32 */
    SIM_OPT_CP_ASYNC_DEFER,    /* 1 (default): cp.async data lands at wait_group/wait_all;
                                  0: at issue */
    SIM_OPT_FILL_BYTE,         /* byte pattern of fresh shared and local memory (default 0xcd) */
    SIM_OPT_TIMEOUT_MS,        /* fault once a launch has run this long (default 0: none) */
    SIM_OPT_TIMING_REGS,       /* registers per thread for the timing model's occupancy
                                  (ptxas -v); 0 (default): estimated from the PTX */
    SIM_OPT_TIMING_SAMPLE,     /* timing: simulate at most this many CTAs of a bigger grid,
                                  spread over it, and extrapolate (0, default: all).  The
                                  CTAs left out do not run: their outputs are not written */
    SIM_OPT_TIMING_REGS_PTXAS, /* 1: SIM_OPT_TIMING_REGS is ptxas -v's count (the timing
                                  line says regs=N(ptxas)); 0 (default): given by the user */
} SimOption;

/* the defaults of SIM_OPT_MAX_INSTRUCTIONS and SIM_OPT_TIMEOUT_MS: an endless kernel
 * is an error after 2^32 instructions, the same verdict on every machine and under any
 * load; a wall-clock limit only when asked for */
#define SIM_DEFAULT_MAX_INSTRUCTIONS (1ull << 32)
#define SIM_DEFAULT_TIMEOUT_MS       0u

SimCtx *sim_create(void); /* NULL when out of memory */
void sim_destroy(SimCtx *ctx);
const char *sim_error(const SimCtx *ctx); /* message of the last failure, "" if none */
/* What device printf (calls of `vprintf`) wrote since the last clear, NUL-terminated. */
const char *sim_printf_output(const SimCtx *ctx);
void sim_printf_clear(SimCtx *ctx);
const char *sim_result_name(SimResult r);
SimResult sim_set_option(SimCtx *ctx, SimOption opt, uint64_t value);

/* name is used in messages ("name:line: error: ..."); NULL means "<ptx>". */
SimResult sim_module_load(SimCtx *ctx, const char *ptx, const char *name, SimModule **out);
SimResult sim_module_unload(SimModule *m);
SimResult sim_module_get_function(SimModule *m, const char *name, SimFunc **out);
int sim_module_entry_count(const SimModule *m);
const char *sim_module_target(const SimModule *m); /* "sm_80" from .target, "" if none */
const char *sim_module_entry_name(const SimModule *m, int i);

const char *sim_func_name(const SimFunc *f);
int sim_func_param_count(const SimFunc *f);
SimResult sim_func_param_info(const SimFunc *f, int i, SimParamInfo *out);
uint32_t sim_func_static_shared(const SimFunc *f);
/* A function sim_launch calls after each CTA it simulates (or, sampling with the timing
 * model, skips) with the CTAs done and in all, from the launching thread; fn NULL: none.
 * For a progress line: the simulator itself never prints. */
typedef void SimProgressFn(void *user, uint64_t done, uint64_t total);
void sim_set_progress(SimCtx *ctx, SimProgressFn *fn, void *user);
/* The block the entry's .reqntid requires (x, y, z); 0 (and zeros) when it has none. */
int sim_func_reqntid(const SimFunc *f, unsigned out[3]);

SimResult sim_mem_alloc(SimCtx *ctx, SimDevPtr *out, size_t bytes);
/* An allocation of no bytes, for an empty array: a valid base address through which
 * every access faults ("the allocation there is empty").  (cuMemAlloc, like
 * sim_mem_alloc, refuses 0 bytes.) */
SimResult sim_mem_alloc_empty(SimCtx *ctx, SimDevPtr *out);
SimResult sim_mem_free(SimCtx *ctx, SimDevPtr p);
SimResult sim_memcpy_htod(SimCtx *ctx, SimDevPtr dst, const void *src, size_t bytes);
SimResult sim_memcpy_dtoh(SimCtx *ctx, void *dst, SimDevPtr src, size_t bytes);
SimResult sim_memset_d8(SimCtx *ctx, SimDevPtr dst, unsigned char value, size_t bytes);

/* params[i] points at the bytes of parameter i, as cuLaunchKernel's
 * kernelParams.  Blocks until the grid has finished. */
SimResult sim_launch(SimFunc *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                     unsigned bz, unsigned shared_bytes, void **params);

SimResult sim_stats(const SimCtx *ctx, SimStats *out);
void sim_print_stats(const SimStats *s, FILE *out);
/* With SIM_OPT_LINE_COUNTS: counts[line] = instructions executed at that
 * PTX line of the last launch's module (n = last line + 1). */
SimResult sim_line_counts(const SimCtx *ctx, const uint64_t **counts, size_t *n);
const char *sim_class_name(SimClass c);

/* ---- timing model (sim/timing.c; docs/timing.md) ----
 * With a GPU chosen by sim_set_timing(), every launch is also run through a
 * cycle-approximate model of that GPU fed by the execution (warp instructions,
 * dependences, memory requests, barriers); sim_timing() then gives the estimate.  The
 * model only observes: results are the same bytes with timing on or off. */
typedef enum {
    SIM_LIM_DRAM,
    SIM_LIM_L2,
    SIM_LIM_SMEM,
    SIM_LIM_TENSOR,
    SIM_LIM_FP32,
    SIM_LIM_ISSUE,
    SIM_LIM_LATENCY,
    SIM_LIM_ATOMICS,
    SIM_LIM_BARRIER,
    SIM_LIM_LAUNCH,
    SIM_LIM_COUNT
} SimLimiter;

typedef struct {
    const char *gpu;          /* "a100", "h100", "b200" */
    double time_us;           /* estimated kernel time, launch overhead included */
    uint64_t cycles;          /* the same in SM clock cycles */
    SimLimiter limiter;       /* the bound that set the time */
    unsigned occupancy_warps; /* resident warps per SM */
    unsigned max_warps;       /* of at most (64) */
    unsigned ctas_per_sm;     /* resident CTAs per SM */
    unsigned regs_per_thread; /* used for occupancy */
    int regs_estimated;       /* 1: estimated from the PTX, 0: given */
    const char *regs_from;    /* where regs_per_thread came from: "ptxas" (ptxas -v),
                                 "given" (SIM_OPT_TIMING_REGS), "estimate" (the PTX) */
    uint64_t waves;           /* rounds of CTAs over the GPU */
    uint64_t ctas_total;      /* CTAs in the grid */
    uint64_t ctas_timed;      /* CTAs simulated (< ctas_total: sampled and extrapolated) */
    double dram_pct, l2_pct, smem_pct, tensor_pct, fp32_pct, issue_pct; /* of peak */
    uint64_t bound[SIM_LIM_COUNT]; /* cycles each bound alone would take */
    uint64_t dram_bytes, l2_bytes; /* estimated traffic */
    double time_lo_us, time_hi_us; /* the band: the calibration cases' errors applied to
                                      time_us (docs/timing.md, "Calibration") */
    const char *calibrated;        /* "published": calibrated on published measurements;
                                      "uncalibrated" (b200): on none */
    const char *ceiling;           /* "" or the class ("gemm", "attention", "fp32", "dram")
                                      whose best published measurement capped the time */
} SimTiming;

/* gpu: "a100", "h100" or "b200" (sim_timing_models() lists them); NULL or "" turns timing off.
 * SIM_ERR_INVALID_VALUE for an unknown name, with a message listing the models.  A
 * launch with timing on fails (SIM_ERR_LAUNCH) when the module's .target is one the
 * model lacks (sm_86, sm_89, an 'a' target on another GPU, or above the GPU's own). */
SimResult sim_set_timing(SimCtx *ctx, const char *gpu);
/* The SM count of the timing model's GPU `gpu` ("a100": 108), 0 for none. */
unsigned sim_timing_sms(const char *gpu);
const char *sim_timing_models(void); /* "a100 (A100 SXM4 80GB, sm_80), h100 (...)" */
/* Whether the model `gpu` covers PTX for `target` ("sm_80", "sm_90a"; NULL or "" = any);
 * on SIM_ERR_INVALID_VALUE `why` holds the message (listing the models). */
SimResult sim_timing_check(const char *gpu, const char *target, char *why, size_t n);
/* The estimate of the last launch; SIM_ERR_INVALID_VALUE when it ran without timing. */
SimResult sim_timing(const SimCtx *ctx, SimTiming *out);
/* cycles[line]: warp-cycles the model attributes to each PTX line of the last launch
 * (issue and the stalls of the instruction at that line, summed over warps). */
SimResult sim_timing_lines(const SimCtx *ctx, const uint64_t **cycles, size_t *n);
const char *sim_limiter_name(SimLimiter l);
/* One line "timing: KERNEL gpu=... time_us=... cycles=... limiter=... occupancy=W/64
 * dram=P% tensor=P% fp32=P%" (plus " sampled=K/N" when sampled), newline included. */
void sim_print_timing(const SimTiming *t, const char *kernel, FILE *out);

/* Tensor maps for cp.async.bulk.tensor (sm_90), the counterpart of
 * cuTensorMapEncodeTiled with the same parameters, codes and checks
 * (ptx-sm90.md §2.1).  The 128 bytes are the simulator's own encoding; a
 * kernel receives them by value as `.param .align 64 .b8 tm[128]` (pass
 * &map in params), or from global/const memory.  Supported at run time:
 * interleave NONE, swizzle NONE/32B/64B/128B, data types 0-12. */
typedef struct {
    _Alignas(64) uint64_t opaque[16];
} SimTensorMap;

enum {
    SIM_TMAP_UINT8 = 0,
    SIM_TMAP_UINT16 = 1,
    SIM_TMAP_UINT32 = 2,
    SIM_TMAP_INT32 = 3,
    SIM_TMAP_UINT64 = 4,
    SIM_TMAP_INT64 = 5,
    SIM_TMAP_FLOAT16 = 6,
    SIM_TMAP_FLOAT32 = 7,
    SIM_TMAP_FLOAT64 = 8,
    SIM_TMAP_BFLOAT16 = 9,
    SIM_TMAP_FLOAT32_FTZ = 10,
    SIM_TMAP_TFLOAT32 = 11,
    SIM_TMAP_TFLOAT32_FTZ = 12
};
enum { SIM_TMAP_INTERLEAVE_NONE = 0, SIM_TMAP_INTERLEAVE_16B = 1, SIM_TMAP_INTERLEAVE_32B = 2 };
enum {
    SIM_TMAP_SWIZZLE_NONE = 0,
    SIM_TMAP_SWIZZLE_32B = 1,
    SIM_TMAP_SWIZZLE_64B = 2,
    SIM_TMAP_SWIZZLE_128B = 3
};
enum { SIM_TMAP_OOB_FILL_ZERO = 0, SIM_TMAP_OOB_FILL_NAN = 1 };

/* SIM_ERR_INVALID_VALUE when any argument breaks cuTensorMapEncodeTiled's
 * rules (rank 1..5, 16-B aligned address, dims 1..2^32, strides multiples of
 * 16 below 2^40, box 1..256 with inner bytes a multiple of 16 and within the
 * swizzle span, element strides 1..8, ...). */
SimResult sim_tensor_map_encode_tiled(SimTensorMap *map, unsigned data_type, uint32_t rank,
                                      SimDevPtr global_address, const uint64_t *global_dim,
                                      const uint64_t *global_strides, const uint32_t *box_dim,
                                      const uint32_t *element_strides, unsigned interleave,
                                      unsigned swizzle, unsigned l2_promotion, unsigned oob_fill);
/* The same checks alone, with the rule an argument breaks in why (n bytes): "box
 * dimension 0 is 300 (1 to 256)".  The encoder, like the driver's, says only
 * SIM_ERR_INVALID_VALUE; launchers call this for the message. */
SimResult sim_tensor_map_check(unsigned data_type, uint32_t rank, SimDevPtr global_address,
                               const uint64_t *global_dim, const uint64_t *global_strides,
                               const uint32_t *box_dim, const uint32_t *element_strides,
                               unsigned interleave, unsigned swizzle, unsigned l2_promotion,
                               unsigned oob_fill, char *why, size_t n);

#endif
