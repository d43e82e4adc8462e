/*
 * vptx.h -- the embeddable C API of the vptx kernel compiler.
 *
 * Compile MLIR text (vector level or SIMT level) to PTX or to an
 * intermediate level, in-process, with no global state: every call works on
 * its own objects, so several threads may compile at once.
 *
 *     VptxOptions opt;
 *     vptx_options_init(&opt);
 *     opt.arch = "sm_80";
 *     VptxResult *r = NULL;
 *     if (vptx_compile("k.mlir", text, len, &opt, &r) == 0)
 *         fwrite(vptx_result_output(r, NULL), 1, ..., stdout);
 *     else
 *         fputs(vptx_result_diagnostics_text(r), stderr);
 *     vptx_result_free(r);
 */
#ifndef VPTX_H
#define VPTX_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define VPTX_VERSION "0.1.0"

typedef enum {
    VPTX_EMIT_MLIR,   /* parsed and verified input, printed back */
    VPTX_EMIT_LAYOUT, /* after layout assignment: every vector value's layout visible */
    VPTX_EMIT_SIMT,   /* after distribution: per-thread SIMT-level IR */
    VPTX_EMIT_PTX,    /* PTX text */
    VPTX_EMIT_VECTOR, /* op-level input: the vector-level kernel tile/ makes of it */
    VPTX_EMIT_CONFIG, /* op-level input: the input with every lowering config it gets */
} VptxEmit;

typedef struct VptxOptions {
    const char *arch;       /* "sm_80" (default), "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100a" */
    VptxEmit emit;          /* default VPTX_EMIT_PTX */
    int precise_math;       /* accurate math.* sequences instead of .approx */
    int debug_loc;          /* .loc lines in the PTX */
    int verify_each;        /* run the verifier after every pass */
    int allow_tf32;         /* automatic tensor-core selection may use tf32 for f32 contracts */
    int remarks;            /* report each contract's intrinsic, split and why (VPTX_REMARK) */
    int pipeline_stages;    /* stages of pipelined K loops without vptx.pipeline_stages;
                               0 = chosen per loop (docs/staging.md) */
    int no_warp_specialize; /* sm_90a TMA rings without a producer warpgroup (docs/hopper.md) */
    int ping_pong;          /* > 0: warp-specialized rings' two consumer warpgroups, and attention
                               loops' warpgroups in pairs, take turns to issue wgmma; 0 (default):
                               attention loops' only; < 0: none (hopper.md) */
    int overlap_softmax;    /* attention on wgmma: S_{j+1} computed during the softmax of block j
                               (hopper.md 1e) */
    int persistent;         /* warp-specialized rings: one workgroup loops over the tiles; with
                               ping_pong, whole-tile ping-pong (hopper.md 1c) */
} VptxOptions;

typedef enum { VPTX_ERROR, VPTX_WARNING, VPTX_NOTE, VPTX_REMARK } VptxLevel;

typedef struct VptxDiagnostic {
    VptxLevel level;
    const char *file; /* the name given to vptx_compile, or NULL */
    unsigned line, col;
    const char *message;
} VptxDiagnostic;

typedef struct VptxResult VptxResult;

void vptx_options_init(VptxOptions *opt);

/* Compiles `len` bytes of MLIR text; `name` (may be NULL) is used in
 * diagnostics; `opt` may be NULL for the defaults.  Returns
 *    0  success: the result holds the output;
 *    1  the input has errors, or an argument is unusable (text NULL with a
 *       non-zero len, len of 2 GiB or more, opt->arch NULL, opt->emit out of
 *       range): the result's diagnostics say which;
 *   -1  out of memory (*out may be NULL, else it holds what diagnostics fit),
 *       or out is NULL.
 * The library never aborts or exits its host, out of memory included.
 * *out receives the result (or NULL); free it with vptx_result_free. */
int vptx_compile(const char *name, const char *text, size_t len, const VptxOptions *opt,
                 VptxResult **out);

/* The output text (NUL-terminated), or NULL after an error; *len gets its size. */
const char *vptx_result_output(const VptxResult *r, size_t *len);
size_t vptx_result_num_diagnostics(const VptxResult *r);
const VptxDiagnostic *vptx_result_diagnostic(const VptxResult *r, size_t i);
/* All diagnostics rendered as `file:line:col: error: ...` with source lines and carets. */
const char *vptx_result_diagnostics_text(const VptxResult *r);
void vptx_result_free(VptxResult *r);

const char *vptx_version(void);

/* ---- the performance model (docs/timing.md) ----
 * Runs a PTX kernel on vptx's simulator with the timing model of `gpu` ("a100" or
 * "h100") and returns the estimate.  Each parameter is a zero-filled device buffer of
 * `bytes` (passed as its address) or a scalar `value` converted to the parameter's
 * .param type.  sample: simulate at most that many CTAs and extrapolate (0: all).
 * Returns 0 on success; otherwise err holds the message (an unknown GPU or a .target
 * the model lacks lists the models). */
typedef struct VptxTimingArg {
    int is_buffer;
    size_t bytes;
    double value;
} VptxTimingArg;

typedef struct VptxTiming {
    char gpu[8];
    char limiter[16]; /* dram l2 smem tensor fp32 issue latency atomics barrier launch */
    double time_us;
    unsigned long long cycles;
    unsigned occupancy_warps, max_warps; /* resident warps per SM, of max_warps */
    double dram_pct, l2_pct, smem_pct, tensor_pct, fp32_pct;
    unsigned long long ctas_total, ctas_timed; /* timed < total: sampled */
} VptxTiming;

int vptx_timing_ptx(const char *ptx, const char *entry, const char *gpu, const unsigned grid[3],
                    const unsigned block[3], unsigned shared_bytes, const VptxTimingArg *args,
                    size_t nargs, unsigned long long sample, VptxTiming *out, char *err,
                    size_t errlen);

/* Bytes of dynamic shared memory that entry `entry` of vptx's PTX text needs at
 * launch (the opt-in size above 48 KiB of a pipelined K loop; docs/staging.md), 0 when
 * none.  Pass it as sharedMemBytes, after cuFuncSetAttribute(
 * CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) when above 48 KiB; vptx's own
 * launchers (check, run, the simulator and CUDA paths) do so. */
unsigned vptx_dynamic_smem(const char *ptx, const char *entry);
/* The block size (x) a kernel's PTX asks for in its `// vptx: block size N threads` line
   (a warp-specialized TMA ring adds a producer warpgroup; docs/hopper.md), or 0. */
unsigned vptx_block_threads(const char *ptx, const char *entry);
/* A persistent kernel (--persistent; docs/hopper.md, section 2) loops over the logical
   grid it is given in three hidden .u32 parameters (x, y, z), after the hidden tensor
   maps: this returns the number of the first of them, from its `// vptx: hidden logical
   grid` line, or -1 for a kernel that is not persistent.  Launch it with a 1-d grid of
   vptx_persistent_workgroups(logical grid, max) workgroups and the logical grid in those
   parameters; max is the number of SMs (0: VPTX_PERSISTENT_WORKGROUPS, an H100's 132). */
int vptx_hidden_grid(const char *ptx, const char *entry);
#define VPTX_PERSISTENT_WORKGROUPS 132
unsigned vptx_persistent_workgroups(const unsigned grid[3], unsigned max);

#ifdef __cplusplus
}
#endif

#endif
