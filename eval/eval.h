/*
 * eval/eval.h -- the reference evaluator: runs vector-level IR on the host with
 * plain sequential semantics.
 *
 * eval is the oracle of `vptx check`: the compiled kernel (sim or GPU) is
 * compared against what eval computes.  It shares no code with layout,
 * distribute, ptxgen or sim (it has its own affine evaluator, its own
 * f16/bf16 conversions), so that it cannot silently agree with them.
 *
 * Model
 *   - A kernel (func.func or gpu.func) runs once per workgroup of the grid,
 *     workgroups in x-fastest order.  Vectors are whole-workgroup values;
 *     `gpu.block_id` names the workgroup, `gpu.block_dim` / `gpu.grid_dim`
 *     come from the options.  Per-thread ops (gpu.thread_id, gpu.shuffle,
 *     nvgpu.*) are rejected with a located error: eval runs vector-level
 *     kernels only.
 *   - Every memref parameter is a caller-provided buffer (EvalBuffer).
 *     Elements are stored as: f16/bf16 as uint16_t bits, f32 float, f64
 *     double, i1 uint8_t (0/1), i8/i16/i32/i64 int8_t..int64_t, index int64_t.
 *   - memref.alloc/alloca and workgroup-space memref.globals are fresh and
 *     zero-filled for every workgroup; other memref.globals live for one
 *     eval call, initialised from their dense initial_value.
 *   - Numerics: every float result is rounded to its type (round to nearest
 *     even, subnormals, inf and NaN as IEEE 754 says); f32 arithmetic is done
 *     in float so add/sub/mul/div/fma/sqrt match single precision bit for
 *     bit; integers wrap at their width; index is 64-bit.  Reductions and
 *     contractions combine sequentially in row-major order, starting from the
 *     accumulator, rounding after every step; contraction operands are
 *     widened to the accumulator type first (MLIR's definition).
 *   - Out-of-bounds accesses (other than in dims of a transfer op marked
 *     in_bounds = false, which read padding / skip the write), division by
 *     zero and runaway loops (max_steps) are reported as errors at the op,
 *     never a crash.
 *
 * The library never prints: errors go to the Diag, followed by a note with
 * the workgroup id.
 */
#ifndef VPTX_IR_EVAL_H
#define VPTX_IR_EVAL_H

#include "ir/ir.h"

#define EVAL_MAX_RANK 8

/* A memref argument: the caller's memory.  Strides are in elements, >= 0. */
typedef struct EvalBuffer {
    void *data;
    TypeId elem; /* scalar element type, stored as described above */
    uint32_t rank;
    int64_t shape[EVAL_MAX_RANK];
    int64_t strides[EVAL_MAX_RANK];
} EvalBuffer;

/* One function parameter or result.  Which member counts depends on the
 * parameter's type: memref -> buf; integer or index -> i; float -> f.
 * For a vector result of eval_function, buf.data receives the elements in
 * row-major order, stored as for memrefs (buf.elem, rank and shape are
 * filled in by eval). */
typedef struct EvalArg {
    EvalBuffer buf;
    int64_t i;
    double f;
} EvalArg;

typedef struct EvalOptions {
    int64_t grid[3];    /* workgroups in x, y, z; 0 is read as 1 */
    int64_t block[3];   /* threads per workgroup, for gpu.block_dim only; 0 is read as 1 */
    uint64_t max_steps; /* ops (and loop iterations) per workgroup before giving up;
                           0 = EVAL_DEFAULT_MAX_STEPS */
} EvalOptions;

/* Called after each workgroup with the workgroups done and in all (a progress line). */
typedef struct EvalProgress {
    void (*fn)(void *user, uint64_t done, uint64_t total);
    void *user;
} EvalProgress;

#define EVAL_DEFAULT_MAX_STEPS 200000000ull

/* eval_memref.c */

/* The func.func / gpu.func named `name` (without '@') anywhere in m, or 0. */
OpId eval_find_func(const Module *m, const char *name);

/* eval.c */

/* Runs kernel `func` once per workgroup of opt->grid.  args[i] binds entry
 * block argument i (nargs must match).  Memref buffers must match the
 * parameter's element type and rank, and its static dims.  Returns false
 * after reporting an error to d; buffers may then be partly written. */
bool eval_kernel(Module *m, OpId func, const EvalArg *args, uint32_t nargs, const EvalOptions *opt,
                 Diag *d);
/* eval_kernel, telling progress (NULL: no one) after each workgroup. */
bool eval_kernel_watched(Module *m, OpId func, const EvalArg *args, uint32_t nargs,
                         const EvalOptions *opt, Diag *d, const EvalProgress *progress);

/* Calls `func` once, as workgroup (0, 0, 0), and stores its func.return
 * values in results[0..nres): scalars in .i / .f, vectors in .buf.data
 * (which the caller sized for the vector's element count). */
bool eval_function(Module *m, OpId func, const EvalArg *args, uint32_t nargs, EvalArg *results,
                   uint32_t nres, const EvalOptions *opt, Diag *d);

/* eval_host.c: host code, the functions outside gpu.modules of an upstream-style program
 * (`vptx run`; docs/host-code.md).  eval runs them as it runs a kernel, once, and adds the
 * host ops: gpu.alloc / dealloc / memcpy / memset / wait / host_register, memref.cast /
 * dealloc / copy, vector.print and calls to the runner utilities (printMemrefF32, printF32,
 * printNewline, ...), which print what MLIR's mlir_runner_utils print.  Each
 * gpu.launch_func calls EvalHostOptions.launch; gpu.launch must have been outlined. */

/* A kernel argument of a launch.  A memref is a view into an allocation: `base` and
 * `bytes` are the whole allocation (views of one allocation share `base`), offset, shape
 * and strides are in elements.  A scalar is .i (integers, index) or .f (floats). */
typedef struct EvalLaunchArg {
    TypeId type; /* the kernel parameter's type */
    void *base;
    size_t bytes;
    int64_t offset;
    uint32_t rank;
    int64_t shape[EVAL_MAX_RANK];
    int64_t strides[EVAL_MAX_RANK];
    int64_t i;
    double f;
} EvalLaunchArg;

typedef struct EvalLaunch {
    OpId op;         /* the gpu.launch_func */
    OpId kernel;     /* the gpu.func it launches */
    int64_t grid[3]; /* workgroups */
    int64_t block[3];
    int64_t cluster[3]; /* 1, 1, 1 without clusters */
    int64_t shared_bytes;
    uint32_t nargs;
    const EvalLaunchArg *args;
} EvalLaunch;

/* Runs a launch; false after reporting to d (at l->op). */
typedef bool EvalLaunchFn(void *ctx, Module *m, const EvalLaunch *l, Diag *d);

typedef struct EvalHostOptions {
    FILE *out; /* what vector.print and the print utilities write (stdout) */
    FILE *err; /* what the utilities that write to stderr write (verifyMemRef*) */
    EvalLaunchFn *launch;
    void *launch_ctx;
    uint64_t max_steps; /* 0 = EVAL_DEFAULT_MAX_STEPS, over the whole run */
} EvalHostOptions;

/* Runs `entry` (a func.func without arguments or results: the program's @main).  False
 * after reporting to d; what was printed until then stays printed. */
bool eval_host(Module *m, OpId entry, const EvalHostOptions *opt, Diag *d);
/* The runner utility that `name` (a function declaration's sym_name) names, or NULL:
 * "printMemrefF32", "printF32", "printNewline", ... */
const char *eval_host_utility(const char *name);

/* eval_float.c: eval's own float formats (round to nearest even). */

/* x rounded to the float type t (f16, bf16, tf32, f32 or f64). */
double eval_round(double x, TypeId t);
/* IEEE binary16 / bfloat16 bits of x, rounded; and back (exact). */
uint16_t eval_f16_bits(double x);
double eval_f16_value(uint16_t bits);
uint16_t eval_bf16_bits(double x);
double eval_bf16_value(uint16_t bits);

#endif
