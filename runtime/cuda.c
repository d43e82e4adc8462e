/*
 * cuda.c -- the CUDA driver API through dlopen: the only file that talks to a GPU.
 *
 * cuda.h (NVIDIA's) is not included: the few types and enum values we need
 * are declared below with the numbers of the CUDA driver API (cuda.h of CUDA
 * 13.0, which match every release since 8.0).  Symbols are looked up by
 * their versioned names, the ones cuda.h's #defines select (cuMemAlloc ->
 * cuMemAlloc_v2 and so on): dlsym knows nothing of those macros.
 *
 *   cuInit -> cuDeviceGet(0) -> cuDevicePrimaryCtxRetain -> cuCtxSetCurrent
 *   cuModuleLoadDataEx (JIT of the PTX, info and error logs) -> cuModuleGetFunction
 *   cuMemAlloc_v2 / cuMemcpyHtoD_v2 / cuLaunchKernel / cuMemcpyDtoH_v2 / cuMemFree_v2
 */
#include "runtime/cuda.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the driver API's types, declared here instead of including cuda.h ---- */

typedef int CUresult; /* CUDA_SUCCESS = 0, CUDA_ERROR_NO_DEVICE = 100, ... */
typedef int CUdevice;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUstream, *CUevent;
typedef unsigned long long CUdeviceptr;
typedef int CUjit_option;

enum {
    CUDA_SUCCESS = 0,
    /* CUjit_option */
    CU_JIT_INFO_LOG_BUFFER = 3,
    CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
    CU_JIT_ERROR_LOG_BUFFER = 5,
    CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
    CU_JIT_LOG_VERBOSE = 12,
    /* CUfunction_attribute */
    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
    /* CUdevice_attribute */
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
    /* CUevent_flags */
    CU_EVENT_DEFAULT = 0,
};

#define LOG_SIZE        (64 * 1024)
#define STATIC_SMEM_MAX (48 * 1024) /* dynamic shared memory above this needs an opt-in */

struct Cuda {
    void *lib;
    CUdevice dev;
    CUcontext ctx;
    char name[256];
    int cc; /* compute capability, 10 * major + minor */
    char error[LOG_SIZE + 1024];
    char info_log[LOG_SIZE];
    /* entry points, filled by dlsym (see the table below) */
    CUresult (*cuInit)(unsigned);
    CUresult (*cuGetErrorName)(CUresult, const char **);
    CUresult (*cuGetErrorString)(CUresult, const char **);
    CUresult (*cuDeviceGet)(CUdevice *, int);
    CUresult (*cuDeviceGetName)(char *, int, CUdevice);
    CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
    CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
    CUresult (*cuCtxSetCurrent)(CUcontext);
    CUresult (*cuCtxSynchronize)(void);
    CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, CUjit_option *, void **);
    CUresult (*cuModuleUnload)(CUmodule);
    CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
    CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
    CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
    CUresult (*cuMemFree)(CUdeviceptr);
    CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
    CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
    CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                               unsigned, unsigned, CUstream, void **, void **);
    CUresult (*cuEventCreate)(CUevent *, unsigned);
    CUresult (*cuEventRecord)(CUevent, CUstream);
    CUresult (*cuEventSynchronize)(CUevent);
    CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
    CUresult (*cuEventDestroy)(CUevent);
    /* optional (CUDA 12.0+): looked up on first use, not at open */
    CUresult (*cuTensorMapEncodeTiled)(void *, int, uint32_t, void *, const uint64_t *,
                                       const uint64_t *, const uint32_t *, const uint32_t *, int,
                                       int, int, int);
    CUresult (*cuFuncGetParamInfo)(CUfunction, size_t, size_t *, size_t *); /* CUDA 12.4+ */
};

/* Symbol names as the CUDA 13.0 cuda.h maps the API names (the _v2 suffixes);
 * `alt` is tried when `name` is missing (older drivers). */
static const struct {
    const char *name, *alt;
    size_t offset;
} symbols[] = {
    { "cuInit", NULL, offsetof(Cuda, cuInit) },
    { "cuGetErrorName", NULL, offsetof(Cuda, cuGetErrorName) },
    { "cuGetErrorString", NULL, offsetof(Cuda, cuGetErrorString) },
    { "cuDeviceGet", NULL, offsetof(Cuda, cuDeviceGet) },
    { "cuDeviceGetName", NULL, offsetof(Cuda, cuDeviceGetName) },
    { "cuDeviceGetAttribute", NULL, offsetof(Cuda, cuDeviceGetAttribute) },
    { "cuDevicePrimaryCtxRetain", NULL, offsetof(Cuda, cuDevicePrimaryCtxRetain) },
    { "cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease",
      offsetof(Cuda, cuDevicePrimaryCtxRelease) },
    { "cuCtxSetCurrent", NULL, offsetof(Cuda, cuCtxSetCurrent) },
    { "cuCtxSynchronize", NULL, offsetof(Cuda, cuCtxSynchronize) },
    { "cuModuleLoadDataEx", NULL, offsetof(Cuda, cuModuleLoadDataEx) },
    { "cuModuleUnload", NULL, offsetof(Cuda, cuModuleUnload) },
    { "cuModuleGetFunction", NULL, offsetof(Cuda, cuModuleGetFunction) },
    { "cuFuncSetAttribute", NULL, offsetof(Cuda, cuFuncSetAttribute) },
    { "cuMemAlloc_v2", NULL, offsetof(Cuda, cuMemAlloc) },
    { "cuMemFree_v2", NULL, offsetof(Cuda, cuMemFree) },
    { "cuMemcpyHtoD_v2", NULL, offsetof(Cuda, cuMemcpyHtoD) },
    { "cuMemcpyDtoH_v2", NULL, offsetof(Cuda, cuMemcpyDtoH) },
    { "cuLaunchKernel", NULL, offsetof(Cuda, cuLaunchKernel) },
    { "cuEventCreate", NULL, offsetof(Cuda, cuEventCreate) },
    { "cuEventRecord", NULL, offsetof(Cuda, cuEventRecord) },
    { "cuEventSynchronize", NULL, offsetof(Cuda, cuEventSynchronize) },
    { "cuEventElapsedTime_v2", "cuEventElapsedTime", offsetof(Cuda, cuEventElapsedTime) },
    { "cuEventDestroy_v2", NULL, offsetof(Cuda, cuEventDestroy) },
};

#if defined(__GNUC__)
static void set_error(Cuda *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#endif

/* "CALL: CUDA_ERROR_NAME (description)" into c->error; returns false. */
static bool
failed(Cuda *c, CUresult r, const char *call)
{
    const char *name = NULL, *text = NULL;
    if (!c->cuGetErrorName || c->cuGetErrorName(r, &name) != CUDA_SUCCESS || !name)
        name = "unknown CUDA error";
    if (!c->cuGetErrorString || c->cuGetErrorString(r, &text) != CUDA_SUCCESS || !text)
        text = "no description";
    snprintf(c->error, sizeof c->error, "%s: %s (%s, code %d)", call, name, text, r);
    return false;
}

static void
set_error(Cuda *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->error, sizeof c->error, fmt, ap);
    va_end(ap);
}

/* Checks one call, keeping its result in the caller's `r`:
 * `CALL(c, c->cuInit(0), "cuInit(0)")` is true on success. */
#define CALL(c, expr, text) ((r = (expr)) == CUDA_SUCCESS || failed((c), r, (text)))

static CudaOpenStatus
open_error(Cuda *c, CudaOpenStatus status, char *msg, size_t n)
{
    snprintf(msg, n, "%s", c->error);
    cuda_close(c);
    return status;
}

CudaOpenStatus
cuda_open(Cuda **out, char *msg, size_t n)
{
    *out = NULL;
    Cuda *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(msg, n, "out of memory");
        return CUDA_OPEN_ERROR;
    }
    c->lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!c->lib) {
        const char *why = dlerror();
#ifdef VPTX_STATIC
        /* `make static`: musl's static dlopen always fails; glibc's may load the driver */
        set_error(c,
                  "no CUDA driver: this vptx is statically linked and cannot load libcuda.so.1 "
                  "(%s); the CUDA backend needs a dynamically linked vptx",
                  why ? why : "dlopen failed");
#else
        set_error(c, "no CUDA driver: libcuda.so.1 not found (%s)", why ? why : "dlopen failed");
#endif
        return open_error(c, CUDA_OPEN_NO_DRIVER, msg, n);
    }
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        void **slot = (void **)((char *)c + symbols[i].offset);
        *slot = dlsym(c->lib, symbols[i].name);
        if (!*slot && symbols[i].alt)
            *slot = dlsym(c->lib, symbols[i].alt);
        if (!*slot) {
            set_error(c, "no usable CUDA driver: libcuda.so.1 has no symbol '%s' (driver too old?)",
                      symbols[i].name);
            return open_error(c, CUDA_OPEN_NO_DRIVER, msg, n);
        }
    }
    CUresult r;
    if (!CALL(c, c->cuInit(0), "no CUDA device: cuInit(0)") ||
        !CALL(c, c->cuDeviceGet(&c->dev, 0), "no CUDA device: cuDeviceGet(0)"))
        return open_error(c, CUDA_OPEN_NO_DEVICE, msg, n);
    int major = 0, minor = 0;
    if (!CALL(c, c->cuDeviceGetName(c->name, (int)sizeof c->name, c->dev), "cuDeviceGetName") ||
        !CALL(c,
              c->cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, c->dev),
              "cuDeviceGetAttribute(COMPUTE_CAPABILITY_MAJOR)") ||
        !CALL(c,
              c->cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, c->dev),
              "cuDeviceGetAttribute(COMPUTE_CAPABILITY_MINOR)"))
        return open_error(c, CUDA_OPEN_ERROR, msg, n);
    c->cc = 10 * major + minor;
    if (!CALL(c, c->cuDevicePrimaryCtxRetain(&c->ctx, c->dev),
              "cuDevicePrimaryCtxRetain(device 0)"))
        return open_error(c, CUDA_OPEN_ERROR, msg, n);
    if (!CALL(c, c->cuCtxSetCurrent(c->ctx), "cuCtxSetCurrent"))
        return open_error(c, CUDA_OPEN_ERROR, msg, n);
    *out = c;
    return CUDA_OPEN_OK;
}

void
cuda_close(Cuda *c)
{
    if (!c)
        return;
    if (c->ctx && c->cuDevicePrimaryCtxRelease)
        c->cuDevicePrimaryCtxRelease(c->dev);
    /* The driver is not dlclose'd: libcuda keeps threads and atexit handlers
     * that must not outlive its code. */
    free(c);
}

const char *
cuda_error(const Cuda *c)
{
    return c ? c->error : "";
}

const char *
cuda_device_name(const Cuda *c)
{
    return c->name;
}

int
cuda_compute_capability(const Cuda *c)
{
    return c->cc;
}

int
cuda_sm_count(Cuda *c)
{
    CUresult r;
    int n = 0;
    if (!CALL(c, c->cuDeviceGetAttribute(&n, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, c->dev),
              "cuDeviceGetAttribute(MULTIPROCESSOR_COUNT)"))
        return 0;
    return n;
}

const char *
cuda_jit_info_log(const Cuda *c)
{
    return c->info_log;
}

bool
cuda_module_load(Cuda *c, const char *ptx, void **module)
{
    char *elog = calloc(1, LOG_SIZE);
    if (!elog) {
        set_error(c, "out of memory");
        return false;
    }
    c->info_log[0] = 0;
    CUjit_option keys[] = { CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_LOG_VERBOSE };
    /* Option values are passed as pointer-sized integers, cast to void *. */
    void *values[] = { c->info_log, (void *)(uintptr_t)LOG_SIZE, elog, (void *)(uintptr_t)LOG_SIZE,
                       (void *)(uintptr_t)1 };
    CUresult r = c->cuModuleLoadDataEx((CUmodule *)module, ptx, 5, keys, values);
    if (r != CUDA_SUCCESS) {
        failed(c, r, "cuModuleLoadDataEx (JIT of the PTX)");
        size_t used = strlen(c->error);
        snprintf(c->error + used, sizeof c->error - used, "\nJIT error log:\n%s",
                 elog[0] ? elog : "(empty)\n");
    }
    free(elog);
    return r == CUDA_SUCCESS;
}

bool
cuda_module_unload(Cuda *c, void *module)
{
    CUresult r;
    return CALL(c, c->cuModuleUnload(module), "cuModuleUnload");
}

bool
cuda_module_get_function(Cuda *c, void *module, const char *name, void **func)
{
    CUresult r = c->cuModuleGetFunction((CUfunction *)func, module, name);
    if (r == CUDA_SUCCESS)
        return true;
    char call[300];
    snprintf(call, sizeof call, "cuModuleGetFunction(\"%s\")", name);
    return failed(c, r, call);
}

bool
cuda_mem_alloc(Cuda *c, CudaDevPtr *p, size_t bytes)
{
    CUdeviceptr d = 0;
    CUresult r = c->cuMemAlloc(&d, bytes ? bytes : 1);
    *p = d;
    if (r == CUDA_SUCCESS)
        return true;
    char call[100];
    snprintf(call, sizeof call, "cuMemAlloc_v2(%zu bytes)", bytes);
    return failed(c, r, call);
}

bool
cuda_mem_free(Cuda *c, CudaDevPtr p)
{
    CUresult r;
    return CALL(c, c->cuMemFree(p), "cuMemFree_v2");
}

bool
cuda_memcpy_htod(Cuda *c, CudaDevPtr dst, const void *src, size_t bytes)
{
    CUresult r;
    return CALL(c, c->cuMemcpyHtoD(dst, src, bytes), "cuMemcpyHtoD_v2");
}

bool
cuda_memcpy_dtoh(Cuda *c, void *dst, CudaDevPtr src, size_t bytes)
{
    CUresult r;
    return CALL(c, c->cuMemcpyDtoH(dst, src, bytes), "cuMemcpyDtoH_v2");
}

bool
cuda_launch(Cuda *c, void *func, const unsigned grid[3], const unsigned block[3],
            unsigned shared_bytes, void **params, float *ms)
{
    CUresult r;
    char call[200];
    if (shared_bytes > STATIC_SMEM_MAX) {
        snprintf(call, sizeof call,
                 "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, %u) (opt-in above 48 KiB)",
                 shared_bytes);
        if (!CALL(c,
                  c->cuFuncSetAttribute(func, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                        (int)shared_bytes),
                  call))
            return false;
    }
    CUevent start = NULL, stop = NULL;
    bool ok = CALL(c, c->cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate") &&
              CALL(c, c->cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate") &&
              CALL(c, c->cuEventRecord(start, NULL), "cuEventRecord");
    snprintf(call, sizeof call, "cuLaunchKernel(grid %u,%u,%u, block %u,%u,%u, %u bytes shared)",
             grid[0], grid[1], grid[2], block[0], block[1], block[2], shared_bytes);
    ok = ok && CALL(c,
                    c->cuLaunchKernel(func, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                      shared_bytes, NULL, params, NULL),
                    call);
    ok = ok && CALL(c, c->cuEventRecord(stop, NULL), "cuEventRecord");
    /* Faults inside the kernel surface here, at the first synchronising call. */
    ok = ok && CALL(c, c->cuCtxSynchronize(), "cuCtxSynchronize (after the kernel)");
    float t = 0;
    ok = ok && CALL(c, c->cuEventSynchronize(stop), "cuEventSynchronize") &&
         CALL(c, c->cuEventElapsedTime(&t, start, stop), "cuEventElapsedTime");
    if (ms)
        *ms = t;
    if (start)
        c->cuEventDestroy(start);
    if (stop)
        c->cuEventDestroy(stop);
    return ok;
}

/*
 * cuTensorMapEncodeTiled (ptx-sm90.md 2.1): the 128-byte CUtensorMap of a
 * tiled view of global memory, dimension 0 innermost, strides in bytes for
 * dimensions 1..rank-1.  map must be 64-byte aligned.  The entry point exists
 * from CUDA 12.0 on, so it is looked up here and not at cuda_open.
 */
bool
cuda_tensor_map_encode(Cuda *c, void *map, unsigned data_type, uint32_t rank, CudaDevPtr address,
                       const uint64_t *dim, const uint64_t *strides, const uint32_t *box,
                       const uint32_t *element_strides, unsigned interleave, unsigned swizzle,
                       unsigned l2_promotion, unsigned oob_fill)
{
    if (!c->cuTensorMapEncodeTiled)
        *(void **)&c->cuTensorMapEncodeTiled = dlsym(c->lib, "cuTensorMapEncodeTiled");
    if (!c->cuTensorMapEncodeTiled) {
        set_error(c, "the CUDA driver has no cuTensorMapEncodeTiled (TMA needs CUDA 12.0 or "
                     "later)");
        return false;
    }
    CUresult r;
    char call[200];
    snprintf(call, sizeof call, "cuTensorMapEncodeTiled(rank %u, type %u, swizzle %u)", rank,
             data_type, swizzle);
    return CALL(c,
                c->cuTensorMapEncodeTiled(map, (int)data_type, rank, (void *)(uintptr_t)address,
                                          dim, strides, box, element_strides, (int)interleave,
                                          (int)swizzle, (int)l2_promotion, (int)oob_fill),
                call);
}

/*
 * The sizes of func's parameters as the driver parsed them (cuFuncGetParamInfo, CUDA
 * 12.4 and later; looked up on first use): at most max into sizes.  Returns how many
 * the function has, or -1 with a message when the driver cannot say.
 */
int
cuda_func_param_sizes(Cuda *c, void *func, uint32_t *sizes, uint32_t max)
{
    if (!c->cuFuncGetParamInfo)
        *(void **)&c->cuFuncGetParamInfo = dlsym(c->lib, "cuFuncGetParamInfo");
    if (!c->cuFuncGetParamInfo) {
        set_error(c, "the CUDA driver has no cuFuncGetParamInfo (CUDA 12.4 or later): it cannot "
                     "say how many parameters a kernel takes");
        return -1;
    }
    uint32_t n = 0;
    for (;; n++) {
        size_t offset = 0, size = 0;
        if (c->cuFuncGetParamInfo(func, n, &offset, &size) != CUDA_SUCCESS)
            return (int)n; /* CUDA_ERROR_INVALID_VALUE: past the last one */
        if (n < max)
            sizes[n] = (uint32_t)size;
        if (n == 1u << 20) {
            set_error(c, "cuFuncGetParamInfo: more than 2^20 parameters");
            return -1;
        }
    }
}
