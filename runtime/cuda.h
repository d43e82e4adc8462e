/*
 * cuda.h -- the CUDA driver, loaded at run time with dlopen("libcuda.so.1").
 *
 * vptx never links libcuda: a binary linked with -lcuda does not even start
 * on a machine without the driver.  Everything that touches the driver API
 * lives in runtime/cuda.c, behind this small interface, which mirrors the sim
 * host API (sim/sim.h) so that runtime/launch.c can drive either.
 *
 * Every call returns false on failure and leaves a message in cuda_error():
 * the failing call, the error name from cuGetErrorName and its description,
 * e.g. "cuMemAlloc_v2(1048576 bytes): CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
 * Nothing here prints or exits.  One Cuda is one primary context on device 0;
 * it is not thread safe.
 */
#ifndef VPTX_RUNTIME_CUDA_H
#define VPTX_RUNTIME_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Cuda Cuda;
typedef uint64_t CudaDevPtr;

typedef enum {
    CUDA_OPEN_OK,
    CUDA_OPEN_NO_DRIVER, /* libcuda.so.1 cannot be loaded, or lacks a symbol we need */
    CUDA_OPEN_NO_DEVICE, /* the driver loads but sees no device (cuInit/cuDeviceGet fail) */
    CUDA_OPEN_ERROR,     /* anything else (context creation, out of memory) */
} CudaOpenStatus;

/* Loads the driver, initialises it and retains device 0's primary context.
 * On failure *out is NULL and msg (n bytes) says why, e.g.
 * "no CUDA driver: libcuda.so.1 not found (libcuda.so.1: cannot open shared object ...)". */
CudaOpenStatus cuda_open(Cuda **out, char *msg, size_t n);
void cuda_close(Cuda *c); /* releases the context and unloads the driver; NULL is fine */

const char *cuda_error(const Cuda *c);       /* the last failure's message, "" if none */
const char *cuda_device_name(const Cuda *c); /* "NVIDIA H100 80GB HBM3" */
int cuda_compute_capability(const Cuda *c);  /* 90 for sm_90 */
int cuda_sm_count(Cuda *c);                  /* multiprocessors of the device; 0 on failure */

/* JIT-compiles PTX text.  On failure cuda_error() holds the call, the error
 * and the JIT's error log.  cuda_jit_info_log() keeps the info log of the
 * last load (e.g. ptxas register counts), "" if none. */
bool cuda_module_load(Cuda *c, const char *ptx, void **module);
bool cuda_module_unload(Cuda *c, void *module);
const char *cuda_jit_info_log(const Cuda *c);
bool cuda_module_get_function(Cuda *c, void *module, const char *name, void **func);
/* How many parameters func has, their sizes in sizes[0..max) (cuFuncGetParamInfo); -1
 * with a message when the driver lacks it (before CUDA 12.4). */
int cuda_func_param_sizes(Cuda *c, void *func, uint32_t *sizes, uint32_t max);

bool cuda_mem_alloc(Cuda *c, CudaDevPtr *p, size_t bytes);
bool cuda_mem_free(Cuda *c, CudaDevPtr p);
bool cuda_memcpy_htod(Cuda *c, CudaDevPtr dst, const void *src, size_t bytes);
bool cuda_memcpy_dtoh(Cuda *c, void *dst, CudaDevPtr src, size_t bytes);

/* Launches func and waits for it.  Dynamic shared memory above 48 KiB is
 * opted in with cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES) first.
 * *ms (may be NULL) gets the kernel time measured with two events. */
bool cuda_launch(Cuda *c, void *func, const unsigned grid[3], const unsigned block[3],
                 unsigned shared_bytes, void **params, float *ms);

/* cuTensorMapEncodeTiled into the 128 bytes at map (64-byte aligned); the
 * arguments as ptx-sm90.md 2.1 (the driver's enums), dimension 0 innermost. */
bool cuda_tensor_map_encode(Cuda *c, void *map, unsigned data_type, uint32_t rank,
                            CudaDevPtr address, const uint64_t *dim, const uint64_t *strides,
                            const uint32_t *box, const uint32_t *element_strides,
                            unsigned interleave, unsigned swizzle, unsigned l2_promotion,
                            unsigned oob_fill);

#endif
