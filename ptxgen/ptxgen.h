/*
 * ptxgen/ptxgen.h -- SIMT-level IR -> PTX text (the NVVM + LLVM NVPTX replacement).
 *
 * Which functions become kernels
 *   - every `gpu.func` carrying the `gpu.kernel` unit attribute, inside a `gpu.module`
 *     (or at the top level);
 *   - every `func.func` anywhere in the module (a func.func is taken to be a kernel:
 *     ptxgen has no device-function calls).  It must return nothing.
 *   A `gpu.func` without `gpu.kernel` is an error (device functions are not supported).
 *   All kernels of the module go into one PTX module, in source order.
 *
 * Kernel ABI (what a launcher passes in kernelParams, in this order)
 *   For each function argument, in order, one or more .param entries named
 *   `<kernel>_param_<n>` (n counts .param entries, not IR arguments):
 *     memref (memory space default/global)
 *         .u64  aligned base pointer (MLIR's `aligned` descriptor field; the
 *               element [0,...,0] is at base + offset * sizeof(elem))
 *         .u64  offset in elements                  -- only when the layout's offset is `?`
 *         .u64  size of dim d, for each dynamic dim d, outermost first
 *         .u64  stride of dim d (elements), for each dynamic stride d of a strided layout
 *               (identity layouts derive strides from the sizes)
 *         The base must be aligned to 16 bytes (cudaMalloc gives 256); ptxgen relies
 *         on it for .v2/.v4 accesses.  A memref argument that the kernel never writes
 *         is read with ld.global.nc: like CUDA's `const __restrict__`, it must not
 *         alias memory that the kernel writes during the launch.
 *     index, i64 -> .u64;  i32 -> .u32;  i16 -> .u16;  i8, i1 -> .u8 (0 or 1)
 *     f32 -> .f32;  f64 -> .f64;  f16, bf16 -> .b16 (bits)
 *     !nvgpu.tensormap.descriptor -> .param .align 64 .b8 [128]: the CUtensorMap
 *         itself, by value (CUDA's `const __grid_constant__ CUtensorMap`).
 *   Vector arguments and memrefs in workgroup/private memory are rejected.
 *
 * Shared memory
 *   memref.global in space 3 -> module-scope `.shared`; workgroup attributions and
 *   memref.alloc in space 3 -> function-scope `.shared`; nvgpu.mbarrier.create ->
 *   function-scope `.shared .b64[N]`; gpu.dynamic_shared_memory -> one module-scope
 *   `.extern .shared .b8 vptx_dynamic_smem[]` (size chosen at launch).  Buffers that a
 *   128B-swizzled TMA load or a wgmma descriptor uses are aligned to 1024 bytes.
 *
 * Options
 *   arch          "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100a"
 *   precise_math  math.* with CUDA-libm-like accuracy instead of the fast hardware
 *                 approximations; also turns off mul+add contraction (.rn everywhere).
 *   debug_loc     `.file`/`.loc` lines (-g)
 *   fast_math     f32 arith.divf as rcp.approx.ftz + one Newton step (2 ulp for divisors
 *                 of magnitude in [2^-126, 2^126]; 0 beyond) instead of the IEEE
 *                 div.rn.f32 subroutine; f32 math.exp(a - b) as ex2.approx.ftz(fma(a,
 *                 log2 e, b * -log2 e)) (+ |b| 2^-24)
 *
 * Precision of math ops: see the table at the top of ptxgen/isel_math.c and
 * ptxgen/README.section.md.
 */
#ifndef VPTX_PTXGEN_PTXGEN_H
#define VPTX_PTXGEN_PTXGEN_H

#include <stdbool.h>
#include <stdio.h>

#include "ir/ir.h"

typedef struct PtxOptions {
    const char *arch; /* "sm_80" ... */
    bool precise_math;
    bool debug_loc;    /* -g: .loc lines */
    bool loc_comments; /* file:line in the comment above each op's instructions (-g; vptx
                          check and run, whose simulator faults name the op's line) */
    bool fast_math;    /* f32 divf as rcp.approx + Newton (2 ulp), exp(a - b) as one fma */
} PtxOptions;

/* ptxgen.c */

/* Writes the PTX module for every kernel of m to out.  Returns false after
 * reporting at least one located error to d; out may then hold partial text
 * (the driver passes a memory stream and discards it).  When out can seek
 * (ftell works), each kernel goes straight into it and the .version digits of
 * the header are rewritten in place at the end; otherwise the kernels are
 * collected first.  Both give the same bytes. */
bool ptxgen_emit(Module *m, const PtxOptions *opt, FILE *out, Diag *d);

#endif
