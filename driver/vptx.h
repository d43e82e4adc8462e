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
    int debug_loc;          /* 0: none; 1 (-g, --loc): .loc lines, and file:line in the comment
                               above each op's instructions; 2: the comments' file:line alone.
                               By default the PTX names no source line, so that an edit
                               which moves code but does not change it changes no PTX line */
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
    int fast_math;          /* f32 arith.divf as rcp.approx + a Newton step (2 ulp, not IEEE),
                               f32 exp(a - b) as one fma and ex2 (+ |b| 2^-24), a loop's row
                               sum per lane until after the loop; not with precise_math
                               (docs/ptx-generation.md) */
} VptxOptions;

typedef enum { VPTX_ERROR, VPTX_WARNING, VPTX_NOTE, VPTX_REMARK } VptxLevel;

/* One diagnostic: an error, a warning, a note (which belongs to the diagnostic before
 * it) or a remark (--remarks: what the compiler chose and why). */
typedef struct VptxDiagnostic {
    VptxLevel level;
    const char *file; /* the name given to vptx_compile, or NULL */
    unsigned line, col;
    const char *message; /* "type mismatch: '%v' is ...": no file, no level */
    const char *source;  /* the source line it points into (no newline), or NULL */
} VptxDiagnostic;

/* What vptx_compile2 returns (and vptx_result_status). */
typedef enum {
    VPTX_COMPILE_OK = 0,
    VPTX_COMPILE_INPUT_ERROR = 1,    /* the input has errors: the diagnostics say which */
    VPTX_COMPILE_BAD_OPTIONS = 2,    /* an option or argument is unusable (the diagnostics say
                                  which, in the same words as the command line's check) */
    VPTX_COMPILE_OUT_OF_MEMORY = -1, /* out of memory, or out is NULL */
} VptxCompileStatus;

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

/* vptx_compile with a VptxCompileStatus: VPTX_COMPILE_BAD_OPTIONS where vptx_compile returns 1 for
 * an unusable argument or option (vptx_compile's values stay as they were). */
VptxCompileStatus vptx_compile2(const char *name, const char *text, size_t len,
                                const VptxOptions *opt, VptxResult **out);
/* The status of the compilation that made r (VPTX_COMPILE_OUT_OF_MEMORY for NULL). */
VptxCompileStatus vptx_result_status(const VptxResult *r);
/* "ok", "input error", "bad options", "out of memory". */
const char *vptx_compile_status_name(VptxCompileStatus s);

/* The output text (NUL-terminated), or NULL after an error; *len gets its size. */
const char *vptx_result_output(const VptxResult *r, size_t *len);
size_t vptx_result_num_diagnostics(const VptxResult *r);
const VptxDiagnostic *vptx_result_diagnostic(const VptxResult *r, size_t i);
/* All diagnostics rendered as `file:line:col: error: ...` with source lines and carets. */
const char *vptx_result_diagnostics_text(const VptxResult *r);
void vptx_result_free(VptxResult *r);

/* ---- the kernels of a PTX result ----
 * With VPTX_EMIT_PTX, a result describes each kernel it holds: its name, each MLIR
 * argument with the .param entries that pass it (the PTX says the same in a comment
 * after each .param), the launch shape and the shared memory.  A launcher needs nothing
 * else: fill the parameters in order, launch with `block` threads (a producer warpgroup
 * included) and `dynamic_shared` bytes. */
typedef enum {
    VPTX_PARAM_BASE,       /* a memref's base address (.u64, 16-byte aligned) */
    VPTX_PARAM_OFFSET,     /* a memref's dynamic offset, in elements (.u64) */
    VPTX_PARAM_SIZE,       /* a memref's dynamic size of dim `dim` (.u64) */
    VPTX_PARAM_STRIDE,     /* a memref's dynamic stride of dim `dim`, in elements (.u64) */
    VPTX_PARAM_VALUE,      /* a scalar, as its .param type (i1: .u8 0 or 1) */
    VPTX_PARAM_TENSOR_MAP, /* a 128-byte CUtensorMap by value (.b8[128], 64-byte aligned) */
    VPTX_PARAM_GRID,       /* a persistent kernel's logical grid, dim `dim` (.u32) */
} VptxParamKind;

typedef struct VptxParam {
    VptxParamKind kind;
    int arg;              /* the MLIR argument it passes; a hidden tensor map: the memref
                             argument it maps; -1: the hidden logical grid */
    int hidden;           /* 1: vptx appended it (no MLIR argument of its own): a hidden
                             tensor map (encode it for memref `arg`: box, swizzle below)
                             or the logical grid */
    unsigned dim;         /* VPTX_PARAM_SIZE, _STRIDE: which dim; _GRID: 0 x, 1 y, 2 z */
    unsigned size, align; /* bytes */
    const char *ptx_type; /* ".u64", ".f32", ".b8" ... */
    const char *name;     /* its PTX name: "gemm_param_3" */
    unsigned box[2];      /* hidden tensor map: rows x columns */
    unsigned swizzle;     /* hidden tensor map: 0, 32, 64 or 128 bytes */
    int optional;         /* hidden tensor map the kernel leaves unused for rows that are
                             not whole 16-byte pieces (leave it zero then) */
} VptxParam;

typedef struct VptxArg {
    const char *name;   /* the MLIR name without '%', or NULL */
    const char *type;   /* the MLIR type, as text: "memref<?x64xf16>" */
    size_t first_param; /* its .param entries: params[first_param .. + nparams) */
    size_t nparams;
} VptxArg;

typedef struct VptxKernel {
    const char *name; /* the .entry, the func's sym_name */
    size_t nargs;
    const VptxArg *args;
    size_t nparams;
    const VptxParam *params;
    unsigned block[3];       /* threads per workgroup to launch with (.reqntid); 0s: none */
    unsigned grid[3];        /* workgroups, from gpu.known_grid_size; 0s: the caller's */
    int persistent;          /* 1: grid is the logical grid, passed in the hidden grid
                                parameters; launch vptx_persistent_workgroups() of them */
    unsigned static_shared;  /* bytes of .shared the kernel declares */
    unsigned dynamic_shared; /* bytes to pass as sharedMemBytes (vptx_dynamic_smem) */
} VptxKernel;

size_t vptx_result_num_kernels(const VptxResult *r);
/* Kernel i of r (in .entry order), or NULL; valid until vptx_result_free(r). */
const VptxKernel *vptx_result_kernel(const VptxResult *r, size_t i);

const char *vptx_version(void);

/* ---- the performance model (docs/timing.md) ----
 * Runs a PTX kernel on vptx's simulator with the timing model of `gpu` ("a100" or
 * "h100") and returns the estimate.  Each parameter is a zero-filled device buffer of
 * `bytes` (passed as its address) or a scalar `value` converted to the parameter's
 * .param type.  sample: simulate at most that many CTAs and extrapolate (0: all).
 * The launch has no wall-clock limit; the simulator's instruction limit (2^32) stops
 * a kernel that does not end.
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
    unsigned regs;                             /* registers per thread the occupancy used ... */
    char regs_from[12]; /* ... "ptxas" (ptxas -v, when ptxas is found) or "estimate" */
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
