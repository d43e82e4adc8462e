/*
 * pairs.h -- the launches of tests/timing/pairs.cu's kernel pairs, shared by the model's
 * ranking test (tests/unit/test_timing_pairs.c), `make bench` (tests/bench/timing.sh) and
 * the calibration program on a GPU (tests/gpu/timing_calib.c).
 *
 * A launch lists its parameters: buffers (bytes, zero-filled) and 32-bit scalars.
 */
#ifndef TESTS_TIMING_PAIRS_H
#define TESTS_TIMING_PAIRS_H

#include <stdint.h>

enum { PAIR_BUF, PAIR_I32, PAIR_F32 };

typedef struct {
    int kind;
    uint64_t bytes; /* PAIR_BUF */
    double value;   /* PAIR_I32 / PAIR_F32 */
} PairParam;

typedef struct {
    const char *kernel;
    unsigned grid[3], block[3];
    PairParam p[4];
    int np;
    double work; /* units of work (FMAs) when the pair compares rates, else 0 */
} PairLaunch;

typedef struct {
    const char *what;
    PairLaunch fast, slow;
    double margin; /* the model must put slow at least this many times above fast */
} Pair;

#define BUF(n)                                                                                     \
    {                                                                                              \
        PAIR_BUF, (n), 0                                                                           \
    }
#define I32(v)                                                                                     \
    {                                                                                              \
        PAIR_I32, 0, (v)                                                                           \
    }
#define F32(v)                                                                                     \
    {                                                                                              \
        PAIR_F32, 0, (v)                                                                           \
    }
#define MB (1u << 20)

static const Pair timing_pairs[] = {
    { "coalesced vs strided copy",
      { "copy_coalesced",
        { 4096, 1, 1 },
        { 256, 1, 1 },
        { BUF(4 * MB), BUF(4 * MB), I32(1 << 20) },
        3,
        0 },
      { "copy_strided",
        { 4096, 1, 1 },
        { 256, 1, 1 },
        { BUF(4 * MB), BUF(4 * MB), I32(1 << 20) },
        3,
        0 },
      1.5 },
    { "padded vs conflicting shared transpose",
      { "transpose_padded",
        { 32, 32, 1 },
        { 32, 8, 1 },
        { BUF(4 * MB), BUF(4 * MB), I32(1024) },
        3,
        0 },
      { "transpose_conflict",
        { 32, 32, 1 },
        { 32, 8, 1 },
        { BUF(4 * MB), BUF(4 * MB), I32(1024) },
        3,
        0 },
      1.5 },
    { "warp-aggregated vs contended atomics",
      { "atomic_warp", { 4096, 1, 1 }, { 256, 1, 1 }, { BUF(4), BUF(4 * MB), I32(1 << 20) }, 3, 0 },
      { "atomic_contended",
        { 4096, 1, 1 },
        { 256, 1, 1 },
        { BUF(4), BUF(4 * MB), I32(1 << 20) },
        3,
        0 },
      4 },
    { "shared-memory tiled vs naive GEMM",
      { "gemm_tiled",
        { 16, 16, 1 },
        { 16, 16, 1 },
        { BUF(256 * 256 * 4), BUF(256 * 256 * 4), BUF(256 * 256 * 4), I32(256) },
        4,
        0 },
      { "gemm_naive",
        { 16, 16, 1 },
        { 16, 16, 1 },
        { BUF(256 * 256 * 4), BUF(256 * 256 * 4), BUF(256 * 256 * 4), I32(256) },
        4,
        0 },
      1.5 },
    { "warp-uniform vs divergent branches",
      { "branch_uniform", { 432, 1, 1 }, { 256, 1, 1 }, { BUF(432 * 256 * 4), I32(64) }, 2, 0 },
      { "branch_divergent", { 432, 1, 1 }, { 256, 1, 1 }, { BUF(432 * 256 * 4), I32(64) }, 2, 0 },
      1.5 },
    { "16 vs 1 warps per SM, dependent FMA chain (per FMA)",
      { "fma_chain",
        { 108, 1, 1 },
        { 512, 1, 1 },
        { BUF(108 * 512 * 4), F32(0.999), F32(0.001), I32(256) },
        4,
        108.0 * 512 * 1024 },
      { "fma_chain",
        { 108, 1, 1 },
        { 32, 1, 1 },
        { BUF(108 * 32 * 4), F32(0.999), F32(0.001), I32(256) },
        4,
        108.0 * 32 * 1024 },
      3 },
    { "pipelined vs serial cp.async copy",
      { "cpasync_pipelined",
        { 432, 1, 1 },
        { 256, 1, 1 },
        { BUF(432 * 256 * 4), BUF(432ull * 32 * 256 * 4), I32(32) },
        3,
        0 },
      { "cpasync_serial",
        { 432, 1, 1 },
        { 256, 1, 1 },
        { BUF(432 * 256 * 4), BUF(432ull * 32 * 256 * 4), I32(32) },
        3,
        0 },
      1.5 },
    { "mma.sync vs FMA GEMM",
      { "gemm_mma",
        { 432, 1, 1 },
        { 128, 1, 1 },
        { BUF(1728ull * 128 * 4), BUF(1728ull * 16 * 128 * 2), BUF(1728ull * 8 * 128 * 2),
          I32(128) },
        4,
        0 },
      { "gemm_fma",
        { 432, 1, 1 },
        { 128, 1, 1 },
        { BUF(1728ull * 128 * 4), BUF(1728ull * 16 * 128 * 2), BUF(1728ull * 8 * 128 * 2),
          I32(128) },
        4,
        0 },
      1.5 },
};

#undef BUF
#undef I32
#undef F32
#undef MB

#endif
