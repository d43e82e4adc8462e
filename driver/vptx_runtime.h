/*
 * vptx_runtime.h -- load and launch PTX kernels, on the simulator or a GPU.
 *
 * The companion of vptx.h (which compiles MLIR to PTX): a small runtime in the
 * style of the CUDA driver API, with two interchangeable devices behind it,
 *
 *   VPTX_DEVICE_SIM    vptx's PTX simulator, on the CPU: always there, for tests
 *   VPTX_DEVICE_CUDA   device 0 of the CUDA driver, loaded with dlopen on demand
 *                      (vptx never links libcuda); VPTX_ERR_UNAVAILABLE without one
 *
 *     VptxContext *ctx = NULL;
 *     if (vptx_context_create(VPTX_DEVICE_SIM, &ctx) != VPTX_OK) { ...error... }
 *     VptxModule *mod;  VptxFunction *fn;  VptxDevicePtr x;
 *     vptx_module_load(ctx, ptx, &mod);                  (PTX from vptx_compile)
 *     vptx_module_get_function(ctx, mod, "scale", &fn);
 *     vptx_mem_alloc(ctx, n * sizeof(float), &x);
 *     vptx_memcpy_htod(ctx, x, host, n * sizeof(float));
 *     void *params[] = { &x };                           (kernelParams, see below)
 *     unsigned grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
 *     vptx_launch(ctx, fn, grid, block, 0, params);      (waits for the kernel)
 *     vptx_memcpy_dtoh(ctx, host, x, n * sizeof(float));
 *     vptx_context_destroy(ctx);                         (frees modules and buffers)
 *
 * Errors: every call returns a VptxStatus; on failure vptx_context_error(ctx)
 * holds a message saying what failed and why (the PTX line for a bad module,
 * the faulting instruction for a kernel fault, the CUDA error name for the
 * GPU).  Nothing here prints or exits.
 *
 * Threads: a context is used by one thread at a time; separate sim contexts
 * may run in separate threads (the simulator's one global state, which address
 * range each live context owns, is taken atomically).  A sim context refuses the
 * device pointers of another.  A CUDA
 * context makes device 0's primary context current in the creating thread:
 * use it from that thread.
 *
 * Kernel parameters (what `params` holds): params[i] points to the value of
 * the i-th .param of the kernel, as in cuLaunchKernel.  For kernels compiled
 * by vptx, a memref argument is a VptxDevicePtr (the aligned base pointer),
 * followed by a uint64_t for its offset if the layout's offset is `?`, one per
 * dynamic size and one per dynamic stride; index/i64 are uint64_t, i32 a
 * uint32_t, f32 a float, f64 a double, f16/bf16 their 16-bit pattern.  The
 * tensor maps an sm_90a TMA ring adds after them are not in params: the
 * runtime encodes them from the VptxMemref descriptions given to
 * vptx_launch_memrefs.  The full list is in docs/runtime-api.md.
 */
#ifndef VPTX_RUNTIME_H
#define VPTX_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    VPTX_OK = 0,
    VPTX_ERR_INVALID_ARGUMENT, /* a NULL or foreign handle, a zero size, a bad dimension */
    VPTX_ERR_UNAVAILABLE,      /* VPTX_DEVICE_CUDA: no CUDA driver or no GPU */
    VPTX_ERR_OUT_OF_MEMORY,    /* host or device memory */
    VPTX_ERR_INVALID_PTX,      /* the module does not parse or assemble */
    VPTX_ERR_NOT_FOUND,        /* no kernel (.entry) of that name */
    VPTX_ERR_INVALID_ADDRESS,  /* a device range outside any allocation */
    VPTX_ERR_LAUNCH,           /* a launch configuration the device refuses */
    VPTX_ERR_KERNEL_FAULT,     /* the kernel failed while running (bad access, trap, ...) */
    VPTX_ERR_DEVICE,           /* any other device or driver error */
} VptxStatus;

typedef enum {
    VPTX_DEVICE_SIM,  /* the PTX simulator */
    VPTX_DEVICE_CUDA, /* device 0 of the CUDA driver */
} VptxDeviceKind;

typedef struct VptxContext VptxContext;   /* one device, its modules and its memory */
typedef struct VptxModule VptxModule;     /* loaded PTX, owned by its context */
typedef struct VptxFunction VptxFunction; /* a kernel of a module, owned by the module */
typedef uint64_t VptxDevicePtr;           /* a device address; 0 is never a valid one */

/* What the last launch measured.  The simulator counts work; it does not time it,
 * unless the context asked for the timing model (vptx_context_set_timing): then ms
 * and the fields after it are the model's estimate of the kernel on that GPU. */
typedef struct VptxLaunchInfo {
    double ms;                       /* CUDA: kernel time from two events; sim: the modeled
                                        time with a timing model, else -1 */
    unsigned long long instructions; /* sim: thread-level instructions executed; CUDA: 0 */
    unsigned long long threads;      /* sim: threads run; CUDA: 0 */
    unsigned long long global_load_bytes, global_store_bytes; /* sim only; CUDA: 0 */
    /* sim with a timing model only (modeled = 1); otherwise 0, "" and 0 */
    int modeled;                           /* 1: ms and the fields below are the model's estimate */
    const char *gpu;                       /* "a100", "h100"; "" when not modeled */
    unsigned long long cycles;             /* modeled SM clock cycles, launch overhead included */
    const char *limiter;                   /* the bound that set the time: "dram", "l2", "smem",
                                              "tensor", "fp32", "issue", "latency", "atomics",
                                              "barrier" or "launch"; "" when not modeled */
    unsigned occupancy_warps;              /* resident warps per SM ... */
    unsigned max_warps;                    /* ... of at most this many */
    double dram_pct, tensor_pct, fp32_pct; /* of the GPU's peak */
    unsigned long long ctas_total, ctas_timed; /* ctas_timed < ctas_total: sampled */
    unsigned regs;         /* registers per thread the modeled occupancy used ... */
    const char *regs_from; /* ... "ptxas" (ptxas -v, when ptxas is found) or "estimate";
                              "" when not modeled */
} VptxLaunchInfo;

/* Creates a context on `kind`.  *out always receives a context (NULL only when out
 * of memory), so that vptx_context_error can say why a creation failed; after a
 * failure the only call it accepts is vptx_context_destroy. */
VptxStatus vptx_context_create(VptxDeviceKind kind, VptxContext **out);
/* Unloads every module and frees every buffer of the context.  NULL is fine. */
void vptx_context_destroy(VptxContext *ctx);
/* The message of the last failed call on ctx, "" after a success. */
const char *vptx_context_error(const VptxContext *ctx);
/* "sim", or "cuda, NVIDIA H100 80GB HBM3, sm_90". */
const char *vptx_context_device_name(const VptxContext *ctx);
/* "VPTX_OK", "VPTX_ERR_UNAVAILABLE", ... */
const char *vptx_status_name(VptxStatus s);

/* Sim contexts: runs every later launch through the timing model of `gpu` ("a100"
 * or "h100"; NULL or "" turns it off), so that vptx_last_launch_info gives the
 * modeled time, cycles and limiter.  What the kernel computes is unchanged.
 * VPTX_ERR_INVALID_ARGUMENT for an unknown name (the message lists the models) and
 * for a CUDA context (it measures instead).  A launch of a module whose .target the
 * model lacks (sm_86, sm_100a, ...) then fails with VPTX_ERR_LAUNCH.  sample > 0
 * times at most that many workgroups of a bigger grid, spread over it, and
 * extrapolates (the workgroups left out do not run: their outputs are not written);
 * 0 runs them all.  A timed context's launches have no wall-clock limit (the
 * instruction limit, 2^32, still stops a kernel that does not end). */
VptxStatus vptx_context_set_timing(VptxContext *ctx, const char *gpu, unsigned long long sample);

/* Sim contexts: the limits of every later launch.  max_instructions (default 2^32; 0:
 * no limit) counts the thread-level instructions a launch executes, each workgroup
 * started counting as 32: the same verdict on every machine.  timeout_ms (default 0:
 * none) adds a wall-clock limit, whose verdict depends on the machine and its load.  A
 * launch past either fails with VPTX_ERR_KERNEL_FAULT, and the message says which.
 * VPTX_ERR_INVALID_ARGUMENT for a CUDA context (the GPU has no such limits). */
VptxStatus vptx_context_set_limits(VptxContext *ctx, unsigned long long max_instructions,
                                   unsigned long long timeout_ms);

/* Loads NUL-terminated PTX text (the simulator parses it, CUDA JIT-compiles it). */
VptxStatus vptx_module_load(VptxContext *ctx, const char *ptx, VptxModule **out);
/* Unloads a module; its functions become invalid.  NULL is fine. */
VptxStatus vptx_module_unload(VptxContext *ctx, VptxModule *mod);
VptxStatus vptx_module_get_function(VptxContext *ctx, VptxModule *mod, const char *name,
                                    VptxFunction **out);

/* Device memory: at least 256-byte aligned, uninitialised.  bytes must be > 0. */
VptxStatus vptx_mem_alloc(VptxContext *ctx, size_t bytes, VptxDevicePtr *out);
VptxStatus vptx_mem_free(VptxContext *ctx, VptxDevicePtr ptr);
VptxStatus vptx_memcpy_htod(VptxContext *ctx, VptxDevicePtr dst, const void *src, size_t bytes);
VptxStatus vptx_memcpy_dtoh(VptxContext *ctx, void *dst, VptxDevicePtr src, size_t bytes);

/* Runs fn on a grid of grid[0..2] workgroups of block[0..2] threads with
 * shared_bytes of dynamic shared memory, and waits for it to finish.  params
 * as described at the top (NULL for a kernel without parameters).  A kernel with
 * hidden tensor maps is refused (VPTX_ERR_INVALID_ARGUMENT): launch it with
 * vptx_launch_memrefs. */
VptxStatus vptx_launch(VptxContext *ctx, VptxFunction *fn, const unsigned grid[3],
                       const unsigned block[3], unsigned shared_bytes, void **params);
/* Element types of memref arguments (VptxMemref.elem). */
typedef enum {
    VPTX_ELEM_F16,
    VPTX_ELEM_BF16,
    VPTX_ELEM_F32,
    VPTX_ELEM_F64,
    VPTX_ELEM_I8, /* also i1 and the fp8 types f8E4M3FN, f8E5M2 */
    VPTX_ELEM_I16,
    VPTX_ELEM_I32,
    VPTX_ELEM_I64, /* also index */
} VptxElemType;

#define VPTX_MAX_RANK 8

/* A memref argument of the MLIR kernel, described on the host: what the compiler's
 * hidden tensor maps (a TMA ring on sm_90a, the `// vptx: hidden tensor map of
 * argument N` lines above the entry) are encoded from.  rank 0 marks an argument
 * that is not a memref (or that no hidden map names): it is not read. */
typedef struct VptxMemref {
    VptxDevicePtr base;              /* the aligned base pointer, as passed in params */
    VptxElemType elem;               /* its element type */
    unsigned rank;                   /* 1..VPTX_MAX_RANK; 0: not described */
    uint64_t offset;                 /* elements from base to element (0, ..., 0) */
    uint64_t sizes[VPTX_MAX_RANK];   /* outermost dim first */
    uint64_t strides[VPTX_MAX_RANK]; /* in elements, outermost first; all 0: row-major */
} VptxMemref;

/* vptx_launch for a kernel whose PTX carries hidden tensor maps: params holds the
 * kernel's own parameters only (as for vptx_launch), memrefs[N] describes MLIR
 * argument N (nmemrefs entries, in the signature's order), and the runtime encodes
 * one 128-byte tensor map per hidden-map line from memrefs[N] (element type, sizes,
 * strides; the box and swizzle from the line) and appends it after params.  The
 * base pointer must equal the one params passes for that argument.
 * VPTX_ERR_INVALID_ARGUMENT, with a message, for a missing or inconsistent memref
 * or one TMA cannot map (unaligned base, non-contiguous rows, ...).  A persistent
 * kernel (vptx --persistent: a `// vptx: hidden logical grid` line) takes grid as its
 * logical grid, passed in its hidden parameters, and runs on min(grid's workgroups,
 * the device's SMs; 132 on the simulator) workgroups (docs/hopper.md, section 2).  A
 * kernel with no hidden parameters launches exactly as with vptx_launch (memrefs may
 * be NULL).  grid and block may be NULL: see vptx_kernel_grid below. */
VptxStatus vptx_launch_memrefs(VptxContext *ctx, VptxFunction *fn, const unsigned grid[3],
                               const unsigned block[3], unsigned shared_bytes, void **params,
                               const VptxMemref *memrefs, unsigned nmemrefs);

/* Op-level kernels (docs/op-level.md: compiled from linalg ops): their grid and the
 * shapes of their tensor results follow from the sizes of their arguments, as the
 * `// vptx: sizes`, `// vptx: grid` and `// vptx: result` lines above the entry say.
 * memrefs[N] describes MLIR argument N (the ones those lines name must be described).
 * vptx_launch_memrefs takes grid = NULL for such a kernel (and block = NULL for any
 * kernel with a .reqntid line) and computes them.  VPTX_ERR_NOT_FOUND for a kernel
 * without those lines, or a result k it does not have. */
VptxStatus vptx_kernel_grid(VptxFunction *fn, const VptxMemref *memrefs, unsigned nmemrefs,
                            unsigned grid[3]);
/* Tensor result k: the MLIR argument that holds it (*arg) and its shape. */
VptxStatus vptx_kernel_result_shape(VptxFunction *fn, unsigned k, const VptxMemref *memrefs,
                                    unsigned nmemrefs, unsigned *arg, unsigned *rank,
                                    uint64_t sizes[VPTX_MAX_RANK]);

/* The figures of the last successful launch on ctx. */
VptxStatus vptx_last_launch_info(const VptxContext *ctx, VptxLaunchInfo *out);

#ifdef __cplusplus
}
#endif

#endif
