/*
 * ptxnotes.h -- what the PTX text says besides the code: the name of its n-th
 * `.entry`, the `// vptx:` lines vptx writes above each entry (dynamic shared memory,
 * block size, hidden tensor maps, the logical grid: docs/hopper.md, "Kernel ABI") and an
 * op-level kernel's header (docs/op-level.md).  Read by every launcher (launch.c,
 * runtime.c) and by the C API's kernel list (driver/api_kernels.c); vptx.h's
 * vptx_dynamic_smem & co. are defined beside them (ptxnotes.c).
 */
#ifndef VPTX_RUNTIME_PTXNOTES_H
#define VPTX_RUNTIME_PTXNOTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The name of the n-th `.entry` in PTX text (malloc'd), or NULL. */
char *ptx_entry_name(const char *ptx, uint32_t n);

/* A line `// vptx: hidden tensor map of argument N, box RxC, swizzle S, parameter P`
 * above an entry (docs/hopper.md, "Kernel ABI"), optionally ending `, unused when its
 * rows are not whole 16-byte pieces`: a tensor map the compiler appended after the
 * kernel's own parameters, which every launcher encodes (ptx_notes_parse reads it). */
typedef struct HiddenTmap {
    uint32_t arg;     /* N: the MLIR argument (a memref) whose buffer it maps */
    int64_t param;    /* P: the .param holding that memref's base pointer; -1 if absent */
    int64_t box[2];   /* rows x columns, outermost first */
    unsigned swizzle; /* bytes: 0, 32, 64 or 128 */
    bool optional;    /* the kernel tests the rows and does not use the map when TMA cannot */
} HiddenTmap;

/* ---- the `// vptx:` lines above each entry (ptxnotes.c) ---- */

#define PTX_MAX_HIDDEN 16    /* hidden tensor maps of one entry */
#define PTX_MAX_PARAMS 32768 /* a bound on parameter and argument numbers in the lines */

/* What the `// vptx:` lines above one .entry say. */
typedef struct PtxEntryNotes {
    char *name;             /* the entry */
    uint32_t line;          /* of its .entry line */
    char *error;            /* "NAME:LINE: error: ..." for a line that is not right, or NULL */
    unsigned dynamic_smem;  /* `dynamic shared memory N bytes`; 0: none */
    unsigned block_threads; /* `block size N threads (...)`; 0: none */
    HiddenTmap hidden[PTX_MAX_HIDDEN]; /* `hidden tensor map ...` lines, in order */
    uint32_t nhidden;
    int64_t grid_param;   /* `hidden logical grid ..., parameter P`: P; -1: none */
    unsigned grid[3];     /* `grid X, Y, Z workgroups`; 0s: none */
    unsigned static_smem; /* `static shared memory N bytes`; 0: none */
} PtxEntryNotes;

typedef struct PtxNotes {
    PtxEntryNotes *entries; /* every .entry of the text, sorted by name */
    uint32_t n;
} PtxNotes;

/* Reads the lines above every entry of ptx in one pass (name: the file, for messages;
 * NULL: "<ptx>").  A line that is not one vptx writes, whole and in range, gives its
 * entry an error.  False only when out of memory (*out is then empty). */
bool ptx_notes_parse(const char *ptx, const char *name, PtxNotes *out);
/* The notes of entry `entry`, or NULL (no such .entry line). */
const PtxEntryNotes *ptx_notes_find(const PtxNotes *notes, const char *entry);
void ptx_notes_free(PtxNotes *notes);
/* Checks e against the entry as the device parsed it (n parameters, sizes[i] bytes
 * each): the maps and the grid fit after the kernel's own parameters, every map is 128
 * bytes, the parameter P of each map is one of the own 8-byte ones, the grid is three
 * 4-byte ones right after the maps.  *own gets the number of the kernel's own
 * parameters.  False with a message. */
bool ptx_notes_check(const PtxEntryNotes *e, const uint32_t *sizes, uint32_t n, uint32_t *own,
                     char *err, size_t errsize);

/* An op-level kernel's header lines (docs/op-level.md): `// vptx: sizes s0 = argument A
 * dim D (parameter P), ...` (D absent: the index argument A itself), `// vptx: grid
 * affine_map<...>`, `// vptx: result K is argument A of shape affine_map<...>` (and a
 * split function's `// vptx: scratch K ...` lines, counted after the results). */
#define OPLEVEL_MAX_SYMS    64
#define OPLEVEL_MAX_RESULTS 16
typedef struct OpLevelHeader {
    uint32_t nsyms;
    int32_t sym_arg[OPLEVEL_MAX_SYMS], sym_dim[OPLEVEL_MAX_SYMS]; /* dim -1: an index arg */
    int64_t sym_param[OPLEVEL_MAX_SYMS];                          /* the .param holding that size */
    char grid[512]; /* the grid's affine map, as printed */
    uint32_t nresults;
    uint32_t result_arg[OPLEVEL_MAX_RESULTS];
    char result_shape[OPLEVEL_MAX_RESULTS][512];
} OpLevelHeader;
/* sym_arg of a symbol that is the SM count of the device the kernel runs on (`sK = the
 * SM count of the device, at most 256`: a whole-array reduction's part count, tile/). */
#define OPLEVEL_SYM_SMS -2
#define OPLEVEL_MAX_SMS 256
/* That symbol's value: sms (a CUDA device's multiprocessors) when above 0, else the
 * simulator's modeled part: the timing model's GPU (timing, "a100"), or else the
 * reference GPU of target ("sm_80", target/targets.def; NULL or unknown: 132); at most
 * OPLEVEL_MAX_SMS. */
int64_t oplevel_sm_count(int sms, const char *timing, const char *target);
/* The .target of ptx ("sm_90a") into buf (cap bytes), or "" */
const char *ptx_target(const char *ptx, char *buf, size_t cap);
/* The header of `entry`; false when it has none (not an op-level kernel). */
bool ptx_op_level_header(const char *ptx, const char *entry, OpLevelHeader *h);
/* The results of an affine map's text `affine_map<()[s0, ...] -> (e, ...)>` (symbols
 * and constants, + - * ceildiv floordiv mod) for symbol values syms: up to max of them
 * into out, their count in *n; false when the text does not parse or divides by 0. */
bool oplevel_eval_map(const char *text, const int64_t *syms, uint32_t nsyms, int64_t *out,
                      uint32_t max, uint32_t *n);

#endif
