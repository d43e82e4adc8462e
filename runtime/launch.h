/*
 * launch.h -- running a compiled kernel: its arguments on the host, their
 * marshalling into kernelParams per the kernel ABI (ptxgen/ptxgen.h), and a
 * Device that is either the simulator (sim/sim.h) or a GPU (runtime/cuda.h).
 *
 * Shared by `vptx check` (tools/check.c), `vptx run FILE.mlir` (tools/run_mlir.c) and
 * `vptx run PROGRAM.mlir` (tools/host_run.c).  The `// vptx:` lines above an entry are
 * runtime/ptxnotes.h, the progress line runtime/progress.h, the command-line helpers
 * driver/cliargs.h.
 *
 *   kernel_describe(m, func)   the IR signature -> KernelArg per argument
 *   kernel_set_dims(...)       sizes for `?` dims; strides; host buffers
 *   device_open(DEV_SIM|DEV_CUDA)
 *   device_run(dev, ptx, k)    alloc, copy in, launch, copy out, free
 *
 * Host buffers hold each memref's elements from its aligned base pointer:
 * element (i0, ..., in) sits at offset + sum(i_d * stride_d) elements, an
 * element being a scalar or, for memref<...xvector<NxT>>, N scalars.
 * Scalars are stored as the ABI passes them: f16/bf16 as uint16_t bits,
 * i1 as one byte 0/1, index as int64_t.
 */
#ifndef VPTX_RUNTIME_LAUNCH_H
#define VPTX_RUNTIME_LAUNCH_H

#include "runtime/npy.h"
#include "runtime/ptxnotes.h"
#include "ir/ir.h"
#include "sim/sim.h"

#define LAUNCH_MAX_RANK 8

typedef enum {
    ARG_MEMREF,    /* memref in the default/global space: a device buffer */
    ARG_SCALAR,    /* integer, index or float */
    ARG_TENSORMAP, /* !nvgpu.tensormap.descriptor {vptx.tma_source = N}: the launcher
                      encodes the 128-byte CUtensorMap of memref argument N (docs/hopper.md) */
} KernelArgKind;

typedef struct KernelArg {
    KernelArgKind kind;
    TypeId type;      /* the IR type */
    const char *name; /* source name without '%', or NULL */
    Loc loc;
    /* ARG_MEMREF */
    TypeId elem;    /* scalar element type (of the vector, for vector elements) */
    uint32_t lanes; /* scalars per memref element: 1, or N for vector<NxT> elements */
    uint32_t esize; /* bytes per memref element */
    uint32_t rank;
    int64_t shape[LAUNCH_MAX_RANK];   /* DIM_DYNAMIC until kernel_set_dims */
    int64_t strides[LAUNCH_MAX_RANK]; /* in elements */
    int64_t offset;                   /* in elements */
    bool identity;                    /* no layout: strides are the row-major ones */
    bool dyn_offset, dyn_stride[LAUNCH_MAX_RANK];
    bool dyn_shape[LAUNCH_MAX_RANK];
    size_t span; /* elements from the base to one past the last addressable one */
    void *host;  /* span * esize bytes, malloc'd by kernel_set_dims */
    /* ARG_SCALAR: the value, as the ABI passes it (low bytes of bits) */
    uint64_t bits;
    /* ARG_TENSORMAP: rank, shape (the box, outermost first) and elem are the
     * type's tensor; the map itself is encoded by device_run */
    uint32_t tma_source; /* the memref argument it describes */
    bool tma_optional;   /* hidden map the kernel does not use when TMA cannot map the rows */
    uint8_t swizzle, l2promo, oob, interleave; /* the type's, as ir.h's enums */
    void *tmap;                                /* 128 bytes, 64-byte aligned */
    /* ARG_MEMREF of an op-level kernel (docs/op-level.md): a tensor result's buffer, whose
     * shape follows from the other arguments (`vptx.result`): no --dim for its `?`s */
    const AffineMap *result_shape;
    /* ... a scratch buffer between the kernels of a split function (`vptx.scratch`,
       result_shape set too): not an input, and not compared or written back */
    bool scratch;
} KernelArg;

typedef struct Kernel {
    OpId func;
    const char *name; /* sym_name */
    uint32_t index;   /* position among the module's kernels = its PTX .entry number */
    bool vector_level;
    uint32_t nargs;
    KernelArg *args; /* malloc'd */
    bool has_block;
    int64_t block[3]; /* from gpu.known_block_size or translation_info workgroup_size */
    bool has_grid;
    int64_t grid[3]; /* from gpu.known_grid_size, or an op-level kernel's vptx.grid */
    Loc grid_use;    /* the first gpu.block_id / gpu.grid_dim, or line 0: a kernel that
                        reads them runs on no guessed grid (kernel_check_grid) */
    /* an op-level kernel (tile/): the grid as a map of sizes, and which argument dim (or
     * index argument, dim -1) each symbol of that map and of the result shapes is */
    const AffineMap *grid_map;
    uint32_t nsyms;
    int32_t sym_arg[64], sym_dim[64]; /* sym_arg OPLEVEL_SYM_SMS: the device's SM count */
    /* that SM count, which the launcher sets before kernel_set_dims (oplevel_sm_count,
       device_sm_count); 0: oplevel_sm_count's default */
    int64_t sms;
    /* a function tile/ split into kernels (`vptx.sequence`): this is kernel `step` (from 1)
       of nsteps, all run in order on the same arguments; 0 when not split */
    uint32_t step, nsteps;
    Loc err_loc; /* the argument a kernel_describe/kernel_set_dims error is about, or 0 */
} Kernel;

/* The kernels of m, in source order (ptxgen's order of .entry), all of them: *out
 * gets an array in m's arena (NULL when there are none).  Returns how many. */
uint32_t kernel_list(Module *m, OpId **out);

/* Fills k from the IR; false with a message in err for an argument type no
 * launcher can pass (workgroup memrefs, vectors), or a tensor map whose memref
 * TMA cannot take (then k->err_loc is that argument's location). */
bool kernel_describe(Module *m, OpId func, uint32_t index, Kernel *k, char *err, size_t n);
void kernel_free(Kernel *k);

/* A kernel that reads gpu.block_id or gpu.grid_dim needs its grid from the kernel
 * (gpu.known_grid_size) or from --grid (given): false, with the located error printed
 * ("PATH:L:C: error: ..." at the first such op), when it has neither. */
bool kernel_check_grid(FILE *f, const char *path, const Kernel *k, bool given);

/* A --block that differs from the block the kernel states (gpu.known_block_size or
 * translation_info): false, with "--block=...: kernel 'k' requires block X,Y,Z ..." in err. */
bool kernel_check_block(const Kernel *k, const int64_t block[3], char *err, size_t n);

/* Prints err, from kernel_describe or kernel_set_dims on k: located as
 * "PATH:LINE:COL: error: err" when k->err_loc has a line (a tensor map
 * argument or its memref), else "vptx CMD: error: PATH: err". */
void kernel_print_error(FILE *f, const char *cmd, const char *path, const Kernel *k,
                        const char *err);

/* Sizes for the dynamic dims of every memref argument, in argument order and
 * outermost dim first: dims[0..ndims) are used in turn, and the last one is
 * repeated if there are more dynamic dims than values.  Dynamic strides get
 * the contiguous row-major strides, a dynamic offset 0.  Allocates every
 * memref's host buffer (zeroed).  False with a message when ndims is 0 but
 * some dim is dynamic.  An op-level kernel's result buffers take no sizes from dims:
 * their shapes, and the grid, follow from the other arguments (and the scalar ones'
 * values, so set those first). */
bool kernel_set_dims(Kernel *k, const int64_t *dims, uint32_t ndims, char *err, size_t n);

/* Host bytes of memref argument a, and its element count (product of dims). */
size_t karg_bytes(const KernelArg *a);
int64_t karg_count(const KernelArg *a);
/* Byte offset in a->host of the element with row-major number `linear`. */
size_t karg_elem_offset(const KernelArg *a, int64_t linear);

/* The .npy dtype of an element type (f32 <f4, f16 <f2, bf16 and i16 <u2, f64 <f8, i8
 * |i1, i32 <i4, i64 and index <i8, i1 |u1); false for the others. */
bool karg_npy_dtype(TypeId elem, NpyDtype *d);
/* Copies array x into host, a buffer laid out as memref argument a's (every dim known:
 * after kernel_set_dims).  False with a message naming both dtypes or both shapes. */
bool karg_fill_npy(const KernelArg *a, const NpyArray *x, void *host, char *err, size_t n);

/* ---- devices ---- */

typedef enum { DEV_SIM, DEV_CUDA } DeviceKind;
typedef struct Device Device;

typedef enum {
    DEVICE_OK,
    DEVICE_UNAVAILABLE, /* no CUDA driver or no GPU: the message says which */
    DEVICE_ERROR,
} DeviceStatus;

DeviceStatus device_open(DeviceKind kind, Device **out, char *err, size_t n);
void device_close(Device *d);
DeviceKind device_kind(const Device *d);
/* The SM count an op-level grid takes on d (oplevel_sm_count): the GPU's, or on the
 * simulator the part of timing ("a100", NULL: none) or else of target ("sm_80"). */
int64_t device_sm_count(Device *d, const char *timing, const char *target);
const char *device_name(const Device *d); /* "sim" or "cuda (NVIDIA H100 ...)" */

typedef struct LaunchConfig {
    unsigned grid[3], block[3];
    unsigned shared_bytes; /* dynamic shared memory */
    const char *timing;    /* sim: the timing model's GPU ("a100"), or NULL */
    /* a persistent kernel (vptx_hidden_grid): grid is the logical grid, and at most this
       many workgroups run; 0: the simulator's VPTX_PERSISTENT_WORKGROUPS, the GPU's SMs */
    unsigned persistent_workgroups;
    /* sim with timing: simulate at most this many CTAs of a bigger grid and extrapolate
       (SIM_OPT_TIMING_SAMPLE; the others do not run); 0: all */
    unsigned long long timing_sample;
    const char *progress; /* sim: "vptx check" etc. for a progress line (progress.c); NULL: none */
    FILE *printf_out; /* where device printf's text goes (the simulator's vprintf); NULL: dropped */
} LaunchConfig;

typedef struct LaunchResult {
    float ms;       /* cuda: kernel time from events; sim: 0 */
    SimStats stats; /* sim: the counters of the launch */
    bool timed;     /* sim with cfg->timing: timing holds the model's estimate */
    SimTiming timing;
} LaunchResult;

/* Loads ptx (file name `name` in messages), launches the entry `entry` with
 * k's arguments and copies every memref back into its host buffer.  False
 * with a message in err (PTX errors, faults, CUDA errors with their names). */
bool device_run(Device *d, const char *ptx, const char *name, const char *entry, Kernel *k,
                const LaunchConfig *cfg, LaunchResult *res, char *err, size_t n);

/* Whether func is a kernel of a split op-level function other than its last one: the
 * launchers run it as part of the last (kernel_run_earlier_steps), not on its own. */
bool kernel_is_earlier_step(Module *m, OpId func);
/* A kernel of a split op-level function (k->step > 1): runs the kernels before it in
 * its vptx.sequence (functions of m, entries of ptx) on dev, on k's arguments (their
 * host buffers, updated in place), each with its own grid and block.  True at once when
 * there are none; false with a message in err. */
bool kernel_run_earlier_steps(Device *d, Module *m, const char *ptx, const char *name, Kernel *k,
                              const LaunchConfig *cfg, char *err, size_t n);

/* ---- the simulator's limits ---- */

/* The simulator's limits, as `vptx run` and `vptx check` take them:
 *   --max-instructions=N   instructions per launch (default 2^32; 0: no limit)
 *   --timeout=SECONDS      wall-clock time per launch (default: none) */
typedef struct SimLimits {
    uint64_t max_insts, timeout_ms;
    bool bad; /* a value did not parse: the message is in err */
} SimLimits;
void sim_limits_init(SimLimits *l);
void sim_limits_apply(SimCtx *sim, const SimLimits *l);
void device_set_limits(Device *d, const SimLimits *l); /* the simulator only */

#endif
