/*
 * launch.h -- running a compiled kernel: its arguments on the host, their
 * marshalling into kernelParams per the kernel ABI (ptxgen/ptxgen.h), and a
 * Device that is either the simulator (sim/sim.h) or a GPU (driver/cuda.h).
 *
 * Shared by `vptx check` (check.c) and `vptx run FILE.mlir` (run_mlir.c):
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
#ifndef VPTX_DRIVER_LAUNCH_H
#define VPTX_DRIVER_LAUNCH_H

#include "ir/ir.h"
#include "sim/sim.h"

#define LAUNCH_MAX_RANK 8

typedef enum {
    ARG_MEMREF, /* memref in the default/global space: a device buffer */
    ARG_SCALAR, /* integer, index or float */
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
    int64_t grid[3]; /* from gpu.known_grid_size */
} Kernel;

/* The kernels of m, in source order (ptxgen's order of .entry).  Returns how
 * many there are, at most max. */
uint32_t kernel_list(Module *m, OpId *out, uint32_t max);

/* Fills k from the IR; false with a message in err for an argument type no
 * launcher can pass (workgroup memrefs, vectors, tensor maps). */
bool kernel_describe(Module *m, OpId func, uint32_t index, Kernel *k, char *err, size_t n);
void kernel_free(Kernel *k);

/* Sizes for the dynamic dims of every memref argument, in argument order and
 * outermost dim first: dims[0..ndims) are used in turn, and the last one is
 * repeated if there are more dynamic dims than values.  Dynamic strides get
 * the contiguous row-major strides, a dynamic offset 0.  Allocates every
 * memref's host buffer (zeroed).  False with a message when ndims is 0 but
 * some dim is dynamic. */
bool kernel_set_dims(Kernel *k, const int64_t *dims, uint32_t ndims, char *err, size_t n);

/* Host bytes of memref argument a, and its element count (product of dims). */
size_t karg_bytes(const KernelArg *a);
int64_t karg_count(const KernelArg *a);
/* Byte offset in a->host of the element with row-major number `linear`. */
size_t karg_elem_offset(const KernelArg *a, int64_t linear);

/* The name of the n-th `.entry` in PTX text (malloc'd), or NULL. */
char *ptx_entry_name(const char *ptx, uint32_t n);

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
const char *device_name(const Device *d); /* "sim" or "cuda (NVIDIA H100 ...)" */

typedef struct LaunchConfig {
    unsigned grid[3], block[3];
    unsigned shared_bytes; /* dynamic shared memory */
    const char *timing;    /* sim: the timing model's GPU ("a100"), or NULL */
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

/* ---- command-line helpers shared by main.c, check.c and run_mlir.c ---- */

/* Matches `--name=value` or `--name value` at argv[*i]; advances *i past a
 * separate value; sets *missing when the value is absent. */
bool cli_option(int argc, char **argv, int *i, const char *name, const char **value, bool *missing);
/* The whole file (malloc'd, NUL-terminated; "-" is stdin), or NULL with errno set. */
char *cli_read_file(const char *path, size_t *len);
/* Parses a number for a scalar argument of type t into the bits the ABI
 * passes (f16/bf16 bits, f32/f64 bits, two's complement integers). */
bool cli_scalar_bits(TypeId t, const char *text, uint64_t *bits);

#endif
