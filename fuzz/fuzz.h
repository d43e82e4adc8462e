/*
 * fuzz.h -- the random kernel generator behind `vptx fuzz-diff`: valid
 * vector-level kernels drawn from a seed, and the smaller variants a minimiser
 * tries.
 *
 *   fuzzgen.c   FuzzKernel: a small description of one kernel (launch shape,
 *               element type, base layout, a chain of steps); fuzz_generate
 *               draws one from a seed and fuzz_shrink lists the smaller
 *               variants the minimiser tries.
 *   fuzzemit.c  fuzz_emit prints one as MLIR text.
 *
 * The command itself (generate, check each kernel like `vptx check` in a
 * child process, classify, minimise, keep, summarise) is tools/fuzzdiff.c:
 * fuzz/ uses only layout/ and ir/, and the driver uses fuzz/, never the
 * other way round (docs/design.md).
 *
 * The description, not the text, is what the minimiser edits, so every
 * variant is again a valid kernel: layouts stay legal (layout_check) and
 * shapes follow from the layouts.
 */
#ifndef VPTX_FUZZ_FUZZ_H
#define VPTX_FUZZ_FUZZ_H

#include "layout/layout.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define FUZZ_MAX_STEPS 10
#define FUZZ_NCONSTS   6 /* FuzzStep.cidx picks one of this many constants */

/* Element types of the generated vectors. */
typedef enum {
    FUZZ_F32,
    FUZZ_F16,
    FUZZ_BF16,
    FUZZ_I32,
    FUZZ_I16,
    FUZZ_I8,
    FUZZ_F64,
    FUZZ_NTYPES
} FuzzType;

/* One step of the chain applied to the current value `cur` (see fuzzgen.c
 * for the exact ops each one prints). */
typedef enum {
    FUZZ_BIN_INPUT,  /* cur = op(cur, read(new input))                       */
    FUZZ_BIN_CONST,  /* cur = op(cur, splat constant)                        */
    FUZZ_UNARY,      /* cur = op(cur)                                        */
    FUZZ_REDUCE,     /* r = reduce(cur, dim or all); write r; cur = op(cur, bcast r) */
    FUZZ_TRANSPOSE,  /* cur = transpose(cur) (rank 2)                        */
    FUZZ_RELAYOUT,   /* cur = to_layout(cur, random layout of cur's shape)   */
    FUZZ_LOOP,       /* scf.for: acc = op(acc, read(input slice i))          */
    FUZZ_SELECT,     /* cur = select(cmp(cur, x), cur, x), x = read(input)    */
    FUZZ_BCAST,      /* cur = op(cur, broadcast(read(1-d input)))           */
    FUZZ_CAST,       /* cur = extf / truncf / sitofp of cur                  */
    FUZZ_SHAPE_CAST, /* cur = shape_cast(cur): rank 2 <-> rank 1           */
    FUZZ_EXTRACT,    /* row = extract(cur, [r]); write row; cur = op(cur, bcast row) */
    FUZZ_IF,         /* cur = scf.if (input scalar > 0) { op1(cur) } else { op2(cur) } */
    FUZZ_CONTRACT,   /* cur = contract(cur, read(input)) without mma: a plain matmul */
    FUZZ_STEP,       /* cur = op(cur, broadcast(cast(vector.step))) along a dim */
    FUZZ_CONST,      /* cur = op(cur, a non-splat dense constant) */
    FUZZ_JOIN,       /* cur = op(cur, an earlier value of the same shape): a DAG */
    FUZZ_NSTEPS
} FuzzStepKind;

typedef struct FuzzStep {
    FuzzStepKind kind;
    uint32_t op;    /* which op of the step's table */
    uint32_t red;   /* FUZZ_REDUCE: which combining kind */
    uint32_t dim;   /* FUZZ_REDUCE: reduced dim (2: all); FUZZ_BCAST: broadcast dim */
    uint32_t trips; /* FUZZ_LOOP */
    uint32_t cidx;  /* FUZZ_BIN_CONST: which constant */
    bool swap;      /* non-commutative ops: cur is the right operand */
    bool anchor;    /* FUZZ_BIN_INPUT: the input gets its own random to_layout */
    uint32_t place; /* how its reads/writes meet their memrefs (fuzzgen.c, place_of) */
    uint64_t lseed; /* FUZZ_RELAYOUT: seed of the random target layout */
} FuzzStep;

/* mma kernels: D = contract(A, B, C) then the chain on D. */
typedef struct FuzzMma {
    uint32_t kind;      /* fuzz_mma_row(kind) */
    int64_t mt, nt, kt; /* M, N, K in instruction tiles */
    uint32_t ktrips;    /* > 1: an scf.for over K steps, acc in iter_args */
    bool b_kn;          /* B stored K x N (map (k, n)) instead of N x K */
    bool acc_input;     /* C read from an input, else zero */
    bool scale_a;       /* A multiplied by a constant first */
    uint32_t acc_place; /* how C is read (acc_input) */
    bool chain;         /* then D (as f16) is the A operand of a second contract */
} FuzzMma;

typedef struct FuzzKernel {
    uint32_t warps;            /* 1, 2 or 4 */
    uint32_t block_y, block_z; /* workgroup_size = [32 * warps / (y * z), y, z]; 0 means 1 */
    uint32_t grid;             /* workgroups (gpu.known_grid_size x); 0 means 1: each writes
                                  its own rows, reads its own rows or shared ones */
    FuzzType type;             /* of the first value */
    bool is_mma;
    FuzzMma mma;
    NestedLayout layout;          /* non-mma: layout (and shape) of the first value */
    uint32_t in_place, out_place; /* the first read and the last write */
    uint32_t r3op;                /* rank-3 layout: how the prologue reduces to rank 2 */
    uint32_t nsteps;
    FuzzStep steps[FUZZ_MAX_STEPS];
} FuzzKernel;

/* An mma.sync kind the generator uses. */
typedef struct FuzzMmaRow {
    const char *name; /* the mma_layout name */
    int64_t m, n, k;
    const char *ab; /* MLIR element type of A and B */
    FuzzType c;     /* element type of C and D */
} FuzzMmaRow;

/* fuzzgen.c */
const FuzzMmaRow *fuzz_mma_row(uint32_t kind); /* kind modulo the table size */
/* A random legal layout of `shape` (powers of two, or 3 * 2^k) for `warps`
 * subgroups, from a seed. */
void fuzz_random_layout(uint64_t seed, int rank, const int64_t *shape, uint32_t warps,
                        NestedLayout *l);
/* Draws kernel number `index` of the run seeded with `seed`. */
void fuzz_generate(uint64_t seed, uint64_t index, FuzzKernel *k);
/* Up to max smaller variants of k (fewer steps, smaller tiles, fewer warps),
 * most promising first.  Returns how many. */
uint32_t fuzz_shrink(const FuzzKernel *k, FuzzKernel *out, uint32_t max);

/* fuzzemit.c */
/* Prints k as a module with one kernel @fz; `header` lines (may be NULL)
 * come first, each already starting with "//". */
void fuzz_emit(const FuzzKernel *k, const char *header, FILE *out);

#endif
