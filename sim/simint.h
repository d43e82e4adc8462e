/*
 * simint.h -- internals of the PTX simulator, shared by the files of sim/.
 *
 * Data flow: lex.c turns PTX text into tokens; parse.c reads directives and
 * declarations and hands every instruction to decode.c, which turns it into
 * an Inst (opcode + types + modifiers + operand descriptors) exactly once.
 * link (parse.c) lays out shared/const/global variables and resolves symbol
 * operands.  host.c owns memory and launches; exec.c schedules threads and
 * runs the dispatch loop over Inst; exec_alu.c, exec_mem.c and exec_warp.c
 * hold the per-instruction functions named in ops.def; fp.c holds the
 * floating-point rounding helpers; stats.c the counters; exec_sm90.c the
 * Hopper instructions (mbarrier, bulk/tensor copies, wgmma) and tensormap.c
 * the tensor-map encoder.
 *
 * Registers: every PTX register is one 64-bit slot of its function's frame,
 * Thread.r[index].  Values are kept zero-extended from their type width
 * (sign-extended after a signed narrow load); consumers truncate to their own
 * width.  Predicates are slots holding 0 or 1.
 *
 * Addresses: the generic space is one flat 64-bit range with windows
 * [PTX §6.4.1]: WIN_SHARED + offset is the CTA's shared memory, WIN_LOCAL +
 * offset the thread's local memory, WIN_CONST + offset the module's constant
 * bank; everything else is global memory, allocated from GLOBAL_BASE up with
 * gaps between allocations so that overruns fault.
 */
#ifndef SIM_SIMINT_H
#define SIM_SIMINT_H

#include "port.h" /* cpu_supports, the builtins tcc lacks */
#include "sim/sim.h"
#include "target/target.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

typedef struct TimingGpu TimingGpu; /* one GPU's parameters (timing_tables.c) */
typedef struct Timing Timing;       /* a launch's timing state (timing.c) */

#define SIM_PRINTF(a, b) __attribute__((format(printf, a, b)))

#define NOREG       0xffffffffu
#define MAXOPD      8 /* wgmma.mma_async: {d}, a, b, scale-d, imm-scale-a/b, tnsp-a/b */
#define WARP_SIZE   32
#define MAX_THREADS 1024
#define MAX_WARPS   (MAX_THREADS / WARP_SIZE)
#define NBARRIERS   16
#define MAX_DEPTH   64     /* call depth */
#define SLICE       100000 /* instructions a thread runs before yielding */
#define PROBE_SLICE 64     /* a sampled launch's probe: a light CTA's warps exit within it */

#define WIN_SHARED  0x0000100000000000ull
#define WIN_LOCAL   0x0000200000000000ull
#define WIN_CONST   0x0000300000000000ull
#define WIN_PARAM   0x0000400000000000ull /* kernel parameters (cvta.param) */
#define WIN_SIZE    0x0000000100000000ull
#define GLOBAL_BASE 0x0000700000000000ull
#define GLOBAL_GAP  4096u

/* ---- types and modifiers ---- */

typedef enum { TK_NONE, TK_PRED, TK_BITS, TK_UINT, TK_SINT, TK_FLOAT } TypeKind;

typedef enum {
#define TY(name, text, bytes, kind) TY_##name,
#include "sim/types.def"
#undef TY
    TY_COUNT
} PtxType;

typedef struct {
    const char *name;
    uint8_t bytes, kind;
} TypeInfo;
extern const TypeInfo type_info[TY_COUNT];

typedef enum {
    MK_RND = 1,
    MK_CMP,
    MK_SUB,
    MK_SPACE,
    MK_FLAG,
    MK_NUM,
    MK_VEC,
    MK_SHAPE,
    MK_IGNORE
} ModKind;
typedef enum {
    RND_NONE,
    RND_RN,
    RND_RZ,
    RND_RM,
    RND_RP,
    RND_RNA,
    RND_RNI,
    RND_RZI,
    RND_RMI,
    RND_RPI
} Rnd;
typedef enum {
    CMP_NONE,
    CMP_EQ,
    CMP_NE,
    CMP_LT,
    CMP_LE,
    CMP_GT,
    CMP_GE,
    CMP_LO,
    CMP_LS,
    CMP_HI,
    CMP_HS,
    CMP_EQU,
    CMP_NEU,
    CMP_LTU,
    CMP_LEU,
    CMP_GTU,
    CMP_GEU,
    CMP_NUM,
    CMP_NAN
} Cmp;
typedef enum {
    SUB_NONE,
    SUB_ADD,
    SUB_MIN,
    SUB_MAX,
    SUB_INC,
    SUB_DEC,
    SUB_EXCH,
    SUB_CAS,
    SUB_AND,
    SUB_OR,
    SUB_XOR,
    SUB_POPC,
    SUB_ALL,
    SUB_ANY,
    SUB_UNI,
    SUB_BALLOT,
    SUB_UP,
    SUB_DOWN,
    SUB_BFLY,
    SUB_IDX,
    SUB_FINITE,
    SUB_INFINITE,
    SUB_NUMBER,
    SUB_NOTANUMBER,
    SUB_NORMAL,
    SUB_SUBNORMAL,
    SUB_WARPX2_02_13, /* tcgen05.cp multicasts (sm_100a) */
    SUB_WARPX2_01_23,
    SUB_WARPX4,
    SUB_MCAST_CLUSTER /* tcgen05.commit.cta_group::2 .multicast::cluster (sm_100a) */
} SubOp;
/* SP_NONE is the generic space; SP_FRAME (internal) is the current call
 * frame, which lives in local memory: .local variables and .param
 * variables of .func functions and of call sites. */
typedef enum { SP_NONE, SP_GLOBAL, SP_SHARED, SP_LOCAL, SP_PARAM, SP_CONST, SP_FRAME } Space;
enum {
    F_FTZ = 1u << 0,
    F_SAT = 1u << 1,
    F_APPROX = 1u << 2,
    F_FULL = 1u << 3,
    F_WIDE = 1u << 4,
    F_LO = 1u << 5,
    F_HI = 1u << 6,
    F_TRANS = 1u << 7,
    F_UNI = 1u << 8,
    F_NC = 1u << 9,
    F_RELU = 1u << 10,
    F_SATFINITE = 1u << 11,
    F_NAN = 1u << 12,
    F_TO = 1u << 13,
    F_SYNC = 1u << 14,
    F_ARRIVE = 1u << 15,
    F_RED = 1u << 16,
    F_WARP = 1u << 17,
    F_ALIGNED = 1u << 18,
    F_ROW = 1u << 19,
    F_COL = 1u << 20,
    F_L = 1u << 21,
    F_R = 1u << 22,
    F_WRAP = 1u << 23,
    F_CLAMP = 1u << 24,
    F_SHIFTAMT = 1u << 25,
    F_CC = 1u << 26,
    F_IGNSRC = 1u << 27,  /* cp.async: 4th operand is a predicate */
    F_BULKGRP = 1u << 28, /* cp.async.bulk: .bulk_group completion (sm_90) */
    F_ABS = 1u << 29,     /* redux.sync .f32: of the inputs' absolute values (sm_100a) */
    F_PACK16 = 1u << 30   /* tcgen05.ld .pack::16b / tcgen05.st .unpack::16b (sm_100a) */
};
/* SH_M64: wgmma m64nNkK, with Inst.num = N / 8 (sm_90, decode.c reads the shape). */
typedef enum {
    SH_NONE,
    SH_M8N8,
    SH_M16N8K4,
    SH_M16N8K8,
    SH_M16N8K16,
    SH_M16N8K32,
    SH_M64,
    SH_M16N16K16, /* wmma (exec_wmma.c) */
    SH_M32N8K16,
    SH_M8N32K16,
    SH_M16N16K8,
    SH_TC_32X32B, /* tcgen05.ld / st shapes (exec_sm100.c) */
    SH_TC_16X64B,
    SH_TC_16X128B,
    SH_TC_16X256B,
    SH_TC_16X32BX2,
    SH_CP_128X256B, /* tcgen05.cp shapes (exec_sm100.c) */
    SH_CP_4X256B,
    SH_CP_128X128B,
    SH_CP_64X128B,
    SH_CP_32X128B,
    SH_M16N8K64, /* mma.sp on 8-bit operands */
} Shape;

typedef enum {
#define SREG(name, text) SREG_##name,
#include "sim/sregs.def"
#undef SREG
    SREG_COUNT
} SReg;

/* ---- operands and instructions ---- */

typedef enum {
    OPD_NONE,     /* absent, or the sink `_` */
    OPD_REG,      /* r = register index in the function frame */
    OPD_IMM,      /* imm = value in register-slot form for the operand's type */
    OPD_SREG,     /* aux = SReg */
    OPD_ADDR,     /* [r + imm] with aux = ADDR_* */
    OPD_VEC,      /* {..}: n elements at Module.vecs[r] */
    OPD_LABEL,    /* r = pc */
    OPD_FUNC,     /* r = function index */
    OPD_SYM,      /* parse time: r = symbol; link turns it into IMM or FRAMESYM */
    OPD_FRAMESYM, /* value = current frame base + imm (a local-space address) */
    OPD_NAME,     /* parse time: r = string index of a name not yet declared (a label) */
} OpdKind;
enum { ADDR_IMM, ADDR_REG, ADDR_SYM, ADDR_FRAME };
enum { LIT_INT, LIT_F32, LIT_F64, LIT_DOUBLE }; /* IMM aux before decode converts it */

typedef struct {
    uint8_t kind, neg, n, aux;
    uint32_t r;
    int64_t imm;
} Opd;

typedef struct {
    uint16_t op;
    uint8_t cls, nopd;
    uint8_t ty[4];
    uint8_t nty, rnd, cmp, sub;
    uint8_t space, vec, num, shape;
    int8_t maskop;
    uint8_t guard_neg;
    uint16_t spare;
    uint32_t flags;
    uint32_t guard; /* predicate register or NOREG */
    uint32_t line;
    uint32_t slot; /* memory ops: request-grouping slot; others: op-specific */
    Opd o[MAXOPD];
} Inst;

typedef enum {
#define OP(name, mn, cls, nmin, nmax, mask, fl, dec, ex, wx) OP_##name,
#include "sim/ops.def"
#undef OP
    OP_COUNT
} Opcode;

enum { OF_PIPE = 1, OF_CMP = 2, OF_SUB = 4, OF_NOMODS = 8, OF_SRC1 = 16 };
enum { CLS_AUTO = SIM_CLASS_COUNT, CLS_MEM };

/* local memory per thread: 512 KB on sm_80 and sm_90 (CUDA C Programming Guide,
 * "Technical Specifications per Compute Capability") */
#define SIM_MAX_LOCAL (512u * 1024u)

typedef struct Exec Exec;
typedef struct Thread Thread;
/* exec.c: release the register frames of .func calls still on t's stack */
void thread_release_frames(Thread *t);
typedef struct Decoder Decoder;
typedef int ExecFn(Exec *x, Thread *t, const Inst *in);
typedef bool WarpFn(Exec *x, uint32_t warp, const Inst *in, uint32_t mask);
typedef bool DecodeFn(Decoder *d, Inst *in);

typedef struct {
    const char *mnemonic;
    uint8_t cls, nmin, nmax;
    int8_t mask;
    uint8_t flags;
    DecodeFn *decode;
    ExecFn *exec;
    WarpFn *warp;
} OpInfo;
extern const OpInfo sim_op_table[OP_COUNT];

/* ExecFn results */
/* EX_YIELD: the thread stays runnable at the same pc but lets the others run
 * first (its warp's request table is full of requests it ran ahead into). */
enum { EX_FAULT = -1, EX_NEXT = 0, EX_JUMP = 1, EX_BLOCK = 2, EX_EXIT = 3, EX_YIELD = 4 };

/* ---- modules ---- */

typedef enum {
    SYM_GLOBAL,
    SYM_CONST,
    SYM_SHARED,
    SYM_DYNSHARED,
    SYM_KPARAM,
    SYM_FRAME,
    SYM_FUNC
} SymKind;

typedef struct {
    char *name;
    uint8_t kind, ty;
    uint32_t size, align;
    uint64_t addr; /* global address / const or shared or param or frame offset / func index */
    uint32_t func; /* owning function of a function-scope shared variable, or NOREG */
} Sym;

typedef struct {
    char *name;
    uint8_t ty;
    uint32_t size, align, offset;
} Param;

struct SimFunc {
    SimModule *m;
    char *name;
    bool entry, defined;
    uint32_t start, end; /* [start, end) in Module.code */
    uint32_t nregs;
    uint8_t *regty; /* declared PtxType of each register */
    Param *params, *rets;
    uint32_t nparams, nrets;
    uint32_t param_size; /* entry: kernel parameter buffer; func: formals + returns, frame start */
    uint32_t frame_size; /* bytes of local memory the frame needs */
    uint32_t shared_end; /* entry: the static shared bytes its launch needs (host.c) */
    uint32_t reqntid[3], maxntid[3];
    uint32_t cluster[3];   /* .reqnctapercluster (0: none, a cluster of one) */
    bool explicit_cluster; /* .explicitcluster */
};
typedef struct SimFunc Func;

struct SimModule {
    SimCtx *ctx;
    char *name;
    Inst *code;
    uint32_t ncode, capcode;
    Opd *vecs;
    uint32_t nvecs, capvecs;
    Func *funcs;
    uint32_t nfuncs, capfuncs;
    uint32_t *entries; /* the defined entries, indices into funcs sorted by name */
    uint32_t nentries;
    Sym *syms;
    uint32_t nsyms, capsyms;
    uint8_t *cbank;
    uint32_t cbank_size;
    uint32_t shared_static; /* static shared bytes of the entry that has the most */
    uint32_t dyn_align;
    uint32_t nslots; /* memory-instruction slots for request grouping */
    uint32_t maxline;
    uint32_t max_frame; /* largest .func frame */
    SimDevPtr *gvars;   /* allocations of .global variables */
    uint32_t ngvars;
    char target[16]; /* "sm_80" from .target, "" if none */
};

/* ---- device memory ---- */

typedef struct {
    uint64_t base, size;
    uint8_t *data;
    bool freed;
} Alloc;

struct SimCtx {
    char *err;
    size_t errcap;
    Alloc *allocs; /* the live allocations, sorted by base */
    uint32_t nallocs, capallocs;
    uint32_t slot;               /* of the context's address span (host.c) */
    uint64_t addr_lo, addr_hi;   /* the span: [addr_lo, addr_hi) */
    uint64_t next_addr;          /* addresses from here up were never used */
    Alloc *freed;                /* the latest frees (freed = true), FREED_KEEP at most */
    uint32_t nfreed, freed_next; /* freed_next: the slot the next free takes once full */
    SimModule **mods;
    uint32_t nmods, capmods;
    SimStats stats;
    uint64_t *line_counts;
    size_t nline;
    bool opt_lines, opt_defer;
    uint8_t opt_fill;
    uint64_t opt_max_insts;
    uint64_t opt_timeout_ms;
    const TimingGpu *timing_gpu; /* sim_set_timing(), NULL = off */
    uint32_t opt_timing_regs;
    bool opt_timing_regs_ptxas; /* opt_timing_regs is ptxas -v's count */
    uint64_t opt_timing_sample;
    SimTiming timing; /* of the last launch */
    bool timing_valid;
    uint64_t *timing_lines;
    size_t ntiming_lines;
    SimProgressFn *progress; /* sim_set_progress() */
    void *progress_user;
    char *printf_out; /* what device printf (vprintf) wrote, NUL-terminated (printf.c) */
    size_t printf_len, printf_cap;
};

void sim_set_error(SimCtx *ctx, const char *fmt, ...) SIM_PRINTF(2, 3);
/* printf.c: a call of the body-less `vprintf`: formats into the context's output */
int sim_vprintf_call(Exec *x, Thread *t, const Inst *in);
void sim_vset_error(SimCtx *ctx, const char *fmt, va_list ap) SIM_PRINTF(2, 0);
Alloc *alloc_find(SimCtx *ctx, uint64_t addr); /* live allocations only */
/* A remembered free holding addr (or whose gap it is in), for messages; NULL if none. */
const Alloc *alloc_find_freed(const SimCtx *ctx, uint64_t addr);
SimResult sim_alloc_internal(SimCtx *ctx, SimDevPtr *out, size_t bytes);

/* ---- parsing (lex.c, parse.c, decode.c) ---- */

typedef enum {
    TOK_EOF,
    TOK_IDENT,
    TOK_DIRECTIVE,
    TOK_INT,
    TOK_FLOAT,
    TOK_F32,
    TOK_F64,
    TOK_STRING,
    TOK_PUNCT
} TokKind;

typedef struct {
    uint8_t kind;
    char punct;
    uint32_t line;
    const char *s; /* start in the source */
    uint32_t len;
    uint64_t ival; /* TOK_INT, TOK_F32/F64 bits */
    double fval;   /* TOK_FLOAT */
} Token;

typedef struct {
    const char *src, *p;
    uint32_t line;
    const char *file;
    char *err; /* first error, malloc'd */
} Lexer;

void lex_init(Lexer *lx, const char *src, const char *file);
bool lex_next(Lexer *lx, Token *tok); /* false on a lexical error (lx->err set) */
void lex_skip_line(Lexer *lx);

typedef struct {
    char *name;
    uint32_t idx; /* register index or symbol index */
    uint8_t is_reg;
    uint32_t prev; /* previous binding of the same name, NOREG */
} Binding;

/* The decoder's view of one instruction as the parser read it. */
struct Decoder {
    SimModule *m;
    Func *fn;
    const char *file;
    uint32_t line;
    char *msg; /* error message, malloc'd */
    Opd opd[MAXOPD + 2];
    bool pipe[MAXOPD + 2];
    uint8_t opty[MAXOPD + 2]; /* type immediates of each operand are converted to */
    uint32_t nopd;
};

bool decode_inst(Decoder *d, const char *mnemonic, size_t len, Inst *in);
bool dec_error(Decoder *d, const char *fmt, ...) SIM_PRINTF(2, 3);
uint32_t module_add_vec(SimModule *m, const Opd *elems, uint32_t n);
SimModule *ptx_parse(SimCtx *ctx, const char *src, const char *name); /* NULL: error in ctx */
void sim_module_release(SimModule *m);
bool module_link(SimModule *m); /* shared layout, symbol operands -> addresses */
/* mma.sync variants (exec_warp.c): index for Inst.slot, or -1; register counts out. */
int mma_variant(const Inst *in, unsigned *na, unsigned *nb, unsigned *nc);
uint64_t imm_convert(const Opd *o, int ty); /* literal -> slot bits for type ty */

/* decode hooks named in ops.def */
DecodeFn dec_arith, dec_shift, dec_setp, dec_slct, dec_mov, dec_cvt, dec_cvta, dec_ldst, dec_atom,
    dec_cpasync, dec_bra, dec_call, dec_bar, dec_vote, dec_ldmatrix, dec_mma, dec_mma_sp;

/* ---- execution ---- */

/* ST_MBAR: parked in mbarrier.try_wait until the barrier's phase moves (exec_sm90.c). */
enum { ST_RUN, ST_BAR, ST_COLL, ST_SOFT, ST_EXIT, ST_MBAR, ST_CLBAR };

typedef struct {
    uint32_t ret_pc, call_pc, local_base, func;
    uint64_t *r;
} Frame;

typedef struct {
    uint32_t dst, group;
    uint8_t n;
    uint8_t data[16];
} CpEntry;

struct Thread {
    uint64_t *r;
    uint32_t pc, state;
    uint32_t tid, lane, warp;
    uint32_t tidv[3];
    uint32_t local_base;
    uint32_t wait_id, wait_mask;
    uint32_t cl_phase; /* the barrier.cluster phase its last arrive completes */
    uint32_t yield_pc; /* pc of the last EX_YIELD, NOREG */
    uint32_t depth, func;
    uint32_t cp_group; /* number of committed cp.async groups */
    uint32_t ncp, capcp;
    CpEntry *cp;
    Frame *frames;
    uint8_t *local;
    uint64_t icount;
    /* mbarrier.test_wait polling (exec_sm90.c): the pc and barrier phase of the last
     * failed poll and how many failed in a row there */
    uint32_t spin_pc, spin_count;
    uint64_t spin_phase;
    uint32_t maxnreg;   /* setmaxnreg: the warp's register budget, 0 = as launched */
    uint32_t wg_groups; /* wgmma groups committed and not yet waited for (counters only) */
};

typedef struct {
    uint32_t arrived[MAX_WARPS]; /* lanes of each warp waiting here */
    uint32_t counted;            /* warps whose live lanes have all arrived */
    uint32_t threads;            /* threads of counted warps (32 per warp) */
    uint32_t expected;           /* bar.sync a, b: b; 0 = every live warp */
    uint32_t red;                /* bar.red accumulator */
    uint8_t redop;
    uint32_t line;
} Barrier;

/* One warp-level memory request being assembled from its lanes. */
typedef struct {
    uint32_t slot, occ, mask;
    uint32_t none; /* lanes that took part without an access (cp.async src-size 0) */
    uint8_t kind, size;
    uint64_t addr[WARP_SIZE];
} ReqGroup;
enum { REQ_GLD, REQ_GST, REQ_SLD, REQ_SST };
#define NGROUPS 32

struct Exec {
    SimCtx *ctx;
    SimModule *m;
    const Func *entry;
    const Inst *code;
    const Opd *vecs;
    uint32_t grid[3], block[3], ctaid[3];
    uint32_t nthreads, nwarps;
    Thread *th;
    uint64_t *regs;
    uint8_t *local;
    uint32_t local_size;
    uint8_t *shared;
    uint32_t shared_size, dyn_shared;
    const uint8_t *params;
    uint32_t live[MAX_WARPS];
    Barrier bar[NBARRIERS];
    uint32_t bar_busy; /* barriers some thread has arrived at */
    ReqGroup *groups;  /* NGROUPS per warp */
    uint8_t ngroups[MAX_WARPS];
    uint32_t *occ; /* nthreads * m->nslots occurrence counters */
    SimStats st;
    uint64_t *line_counts;
    uint64_t max_insts;
    uint64_t timeout_ms;      /* 0: none */
    struct timespec deadline; /* CLOCK_MONOTONIC time at which the launch faults */
    const Alloc *hot;         /* last global allocation hit */
    bool defer_cp, faulted;
    uint8_t fill;
    uint32_t nexited;
    struct SimSm90 *sm90;   /* mbarriers, wgmma state of the current CTA (exec_sm90.c) */
    struct SimSm100 *sm100; /* tensor memory of the current CTA (exec_sm100.c) */
    double tc_fmas;         /* M x N x K of the last tcgen05.mma (timing.c) */
    Timing *tm;             /* timing model state, NULL when timing is off */
    uint32_t slice;         /* warp instructions run_warp runs before yielding (SLICE) */
    /* CTA pairs: the cluster's CTAs, run together (NULL: CTAs one after another), and this
     * CTA's index among them (%cluster_ctarank) */
    Exec **cluster;
    uint32_t ncluster, rank;
    uint32_t clb_count, clb_phase; /* barrier.cluster (the cluster's first CTA's) */
};

SimResult exec_launch(Exec *x);
/* One f32 add/sub/mul/fma/mad (round to nearest, no .ftz/.sat, no guard, register or
 * immediate operands) for the lanes of mask, all at the instruction; false (nothing
 * done) when the instruction does not qualify (exec_alu.c). */
bool warp_f32_fast(Thread *th, uint32_t mask, const Inst *in);
bool warp_f32_more(Thread *th, uint32_t mask, const Inst *in); /* max/min[.NaN]/div.rn .f32 */
bool warp_int_fast(Thread *th, uint32_t mask, const Inst *in); /* integer mul/mad */
bool warp_bit_fast(Thread *th, uint32_t mask, const Inst *in); /* and/or/xor/shl/shr */
/* Likewise for mov (not .pred), integer add/sub (no .sat/.cc) and the pack/unpack movs
 * on register or immediate operands. */
bool warp_move_fast(Exec *x, Thread *th, uint32_t mask, const Inst *in);
/* ld/st global/shared for all the live lanes of warp w at once; false: not applicable
 * (nothing done), the per-lane path runs (exec_mem.c) */
bool warp_mem_fast(Exec *x, uint32_t w, Thread *th, uint32_t mask, const Inst *in);
bool warp_cvta_fast(Thread *th, uint32_t mask, const Inst *in); /* cvta, not .param */

/* ---- timing model (timing.c, timing_tables.c) ---- */

/* the execution pipes of an SM sub-partition that the model tracks */
typedef enum {
    TP_FP32,
    TP_FP16,
    TP_FP64,
    TP_INT,
    TP_SFU,
    TP_CVT,
    TP_MIO, /* shuffles, votes, ldmatrix: the shared-memory/MIO pipe */
    TP_LSU, /* loads, stores, atomics: address issue */
    TP_TENSOR,
    TP_BRANCH,
    TP_COUNT
} TimingPipe;

/* classes of kernel for the calibration band (timing.c, band_class) */
typedef enum {
    CAL_MMA,   /* tensor work by mma.sync */
    CAL_FP32,  /* bound by the FP32 pipe */
    CAL_DRAM,  /* bound by DRAM or L2 traffic */
    CAL_OTHER, /* the rest: wgmma, latency-bound kernels without tensor work, ... */
    CAL_COUNT
} CalClass;

struct TimingGpu {
    const char *name, *product;
    TargetId target; /* the GPU's own target (target/targets.def): the newest it runs, its
                        shared memory and register file per SM */
    unsigned sms;
    double clock_mhz;
    unsigned max_warps_sm, max_ctas_sm, reg_unit, smem_cta_reserved;
    double dram_gbs;         /* DRAM bandwidth, GB/s (datasheet peak) */
    double dram_eff;         /* the fraction of it a stream of reads sustains */
    double dram_wr_cost;     /* DRAM time of a written byte, in read bytes */
    double l2_bytes_clk;     /* L2 bandwidth, whole chip, bytes per SM clock */
    double l2_eff;           /* the fraction of it sustained */
    unsigned l2_mb;          /* L2 capacity, MB */
    unsigned l1_kb;          /* L1 + shared memory per SM, KB */
    unsigned smem_bytes_clk; /* shared memory bandwidth per SM: one wavefront a clock */
    unsigned lat[TP_COUNT];  /* dependent-issue latency, cycles */
    unsigned thr[TP_COUNT];  /* lanes per clock per SM; TP_TENSOR: f16 FMAs per clock per SM */
    unsigned wgmma_fma_clk;  /* wgmma f16 FMAs per clock per SM (0: no wgmma) */
    unsigned lat_smem, lat_l1, lat_l2, lat_dram, lat_bar;
    unsigned atom_same_cyc; /* cycles between two atomics on one address at L2 */
    unsigned atom_per_clk;  /* global atomic lane-operations per clock, whole chip */
    double launch_us;       /* kernel launch overhead */
    /* as the parts hold under load (docs/timing.md, "Calibration") */
    double mma_eff, wgmma_eff; /* achieved fraction of the tensor rate: mma.sync, wgmma */
    double fp32_eff;           /* achieved fraction of the FP32 (FMA) pipe's rate */
    double overlap_p;          /* the throughput bounds combine as a p-norm (inf: max) */
    /* calibration against published measurements */
    const char *calibrated; /* "published" (or "gpu" once fitted on one) */
    /* the band of each class of kernel: (model - measured) / measured of its calibration
       cases, widened (docs/timing.md); the time lies in time / (1 + err) over [lo, hi] */
    double band[CAL_COUNT][2];
    double ceil_gemm;            /* best published dense f16 GEMM throughput, fraction of peak */
    double ceil_attn[3];         /* the same of attention forward at head dimension 64 (up to
                                    90), 128 (91 to 180), 256 (181 and above) */
    double ceil_fp32, ceil_dram; /* best published FP32 FMA rate, DRAM bandwidth (fractions) */
};

const TimingGpu *timing_gpu(const char *name);
const TimingGpu *timing_gpu_at(int i);

/* Per launch: NULL from tm_begin() when timing is off or memory ran out (the launch then
 * runs untimed and sim_timing() says so). */
Timing *tm_begin(Exec *x, const TimingGpu *g);
void tm_cta_begin(Exec *x);
void tm_cta_end(Exec *x);
/* one warp instruction: count lanes executed it at pc (after it ran) */
void tm_step(Exec *x, uint32_t warp, uint32_t pc, uint32_t count);
/* a memory request of the warp closed: sectors (global, sorted unique) or wavefronts */
void tm_request(Exec *x, uint32_t warp, int kind, const uint64_t *sec, uint32_t nsec,
                uint32_t wavefronts);
void tm_atomic(Exec *x, uint64_t addr, bool global);
/* a bulk/TMA copy moves bytes at global address gaddr; it signals the mbarrier at shared
 * offset off (loads) */
void tm_bulk(Exec *x, uint64_t gaddr, uint32_t bytes, bool store);
void tm_bulk_mbar(Exec *x, uint32_t off);
/* the copy is a multicast one: its mbarrier is at the same offset in each CTA of mask */
void tm_bulk_mcast(Exec *x, uint32_t mask);
/* A cluster's ncl CTAs run together (exec.c): a timing state for each (false: out of
 * memory); rank r's is the one its warps' instructions update from now on. */
bool tm_cluster_begin(Exec *x, uint32_t ncl);
void tm_cluster_use(Exec *x, uint32_t r);
void tm_finish(Exec *x, SimTiming *out, uint64_t **lines, size_t *nlines);
void tm_free(Timing *tm);
/* The first CTA at or after `linear` (row-major over the grid) that runs: linear itself
 * unless the launch is sampled; UINT64_MAX when none is left. */
uint64_t tm_next_sampled_cta(const Exec *x, uint64_t linear);
/* A sampled launch also probes CTAs it leaves out (exec.c): the first one at or after
 * `linear` (UINT64_MAX: none), and what the probe found, light or not. */
uint64_t tm_next_probed_cta(const Exec *x, uint64_t linear);
void tm_probed_cta(Exec *x, bool light);
int sim_fault(Exec *x, const Thread *t, const Inst *in, const char *fmt, ...) SIM_PRINTF(4, 5);
uint64_t opd_read_slow(const Exec *x, const Thread *t, const Opd *o);
uint64_t sreg_read(const Exec *x, const Thread *t, int sreg);
int coll_arrive(Exec *x, Thread *t, const Inst *in, uint32_t mask);
int warp_coll_fast(Exec *x, uint32_t w, Thread *th, uint32_t mask, const Inst *in);
void thread_exit_cp(Exec *x, Thread *t);

/* Memory: the host pointer of [addr, addr+size) in space sp, after bounds and
 * alignment checks (align = required alignment); NULL after a fault. */
uint8_t *mem_access(Exec *x, Thread *t, const Inst *in, int sp, uint64_t addr, uint32_t size,
                    uint32_t align, bool write);
uint64_t addr_of(const Exec *x, const Thread *t, const Opd *o); /* value of an [addr] operand */
int addr_space(const Thread *t, const Inst *in, const Opd *o);  /* space an [addr] refers to */
int generic_space(uint64_t *addr); /* window of a generic address; *addr becomes the offset */
/* Counters of one ld/st: req_begin() finds or opens the warp-level request
 * the access joins (EX_YIELD when the table is full), req_end() adds it. */
int req_begin(Exec *x, Thread *t, const Inst *in, int sp, bool st, ReqGroup **g);
void req_end(Exec *x, const Thread *t, ReqGroup *g, uint64_t addr, uint32_t size);
void req_flush_all(Exec *x);
/* cp.async: its shared write and its global read as two requests of one occurrence;
 * req_end_key() adds a lane's access (size 0: none) to the one of that kind. */
int req_begin_pair(Exec *x, Thread *t, const Inst *in, uint32_t *occ);
void req_end_key(Exec *x, const Thread *t, const Inst *in, uint32_t occ, int kind, uint64_t addr,
                 uint32_t size);
uint32_t shared_wavefronts(const uint64_t *addr, uint32_t mask, uint32_t size, uint32_t *ideal);

/* exec hooks named in ops.def */
ExecFn ex_add, ex_sub, ex_mul, ex_mad, ex_mul24, ex_fma, ex_div, ex_rem, ex_abs, ex_neg, ex_minmax,
    ex_copysign, ex_sfu, ex_testp, ex_dp4a, ex_logic, ex_lop3, ex_shift, ex_shf, ex_bfe, ex_bfi,
    ex_prmt, ex_bitcount, ex_setp, ex_set, ex_selp, ex_slct, ex_mov, ex_movpack, ex_movunpack,
    ex_cvt, ex_cvta, ex_isspacep, ex_ld, ex_st, ex_atom, ex_cpasync, ex_cpcommit, ex_cpwait, ex_nop,
    ex_bra, ex_call, ex_ret, ex_exit, ex_trap, ex_bar, ex_bar_cluster, ex_coll, ex_activemask;
/* sm_90 (exec_sm90.c) */
DecodeFn sim_dec_mbar, sim_dec_bulk, sim_dec_wgmma, sim_dec_setmaxnreg;
ExecFn sim_ex_mbar, sim_ex_bulk, sim_ex_bulk_commit, sim_ex_bulk_wait, sim_ex_wgmma_mma,
    sim_ex_setmaxnreg, sim_ex_wgmma_sync;
void sim_sm90_cta_reset(Exec *x);
void sim_sm90_free(Exec *x);
int sim_sm90_deadlock(Exec *x, const Thread *t);
/* one arrive on the initialised mbarrier at the shared [addr] operand o (tcgen05.commit) */
int sim_mbar_arrive_one(Exec *x, Thread *t, const Inst *in, const Opd *o);
int sim_mbar_arrive_in(Exec *x, Thread *t, const Inst *in, const Opd *o, Exec *to);
/* mapa.shared::cluster: CTA r's shared offset o of a co-scheduled cluster is the address
 * (r + 1) << SHARED_CTA_SHIFT | o, which mem_access reads in that CTA's shared memory */
#define SHARED_CTA_SHIFT 24
ExecFn sim_ex_mapa;
/* sm_100a tcgen05 (exec_sm100.c) */
DecodeFn sim_dec_tcgen05;
ExecFn sim_ex_tcgen05_ldst, sim_ex_tcgen05_mma, sim_ex_tcgen05_commit, sim_ex_tcgen05_cp,
    sim_ex_tcgen05_mma_bs, sim_ex_tcgen05_pair;
/* The value of an element of the tcgen05 formats [OCP MX 1.0; PTX ISA 5.2.5]: fmt is the
 * instruction descriptor's code (E4M3 0, E5M2 1, E2M3 3, E3M2 4, E2M1 5), bits the
 * element in the low bits; and of a scale factor: UE8M0 (2^(b - 127), 0xff NaN) or
 * UE4M3 (e4m3 without a sign). */
double sim_tc_elem_value(unsigned fmt, uint8_t bits);
double sim_tc_scale_value(bool ue4m3, uint8_t bits);
WarpFn sim_wx_tcgen05;
void sim_sm100_cta_reset(Exec *x);
void sim_sm100_free(Exec *x);
uint32_t sim_sm100_allocated(const Exec *x); /* tensor-memory columns still allocated */
/* The instruction descriptor of kind::tf32/f16/f8f6f4/i8, field by field [PTX ISA 9.1
 * Table 42]; decode returns false when a reserved bit (6, 23, 29) is set. */
typedef struct {
    unsigned sparse_sel, sparse, saturate, dtype, atype, btype;
    unsigned neg_a, neg_b, trans_a, trans_b, n, m, max_shift;
} SimIdesc;
bool sim_tc_idesc_decode(uint32_t d, SimIdesc *o);
/* The block-scaled kinds' instruction descriptor, field by field [PTX ISA 9.1 Tables 43
 * (kind::mxf8f6f4) and 44 (kind::mxf4, mxf4nvf4)]: sparse 2, sfb_id 4-5, atype 7-9, btype
 * 10-12 (mxf4: 10-11), negate 13 / 14, transpose 15 / 16, N >> 3 17-22, ue8m0 23 (the scale
 * type: UE8M0 1, UE4M3 0), M >> 7 27-28, sfa_id 29-30, k96 31 (mxf4 kinds: K = 96).  decode
 * returns false when a reserved bit is set (0-1, 3, 6, 24-26; mxf4 kinds 12, mxf8f6f4 31). */
typedef struct {
    unsigned sparse, sfb_id, atype, btype, neg_a, neg_b, trans_a, trans_b, n, ue8m0, m, sfa_id, k96;
} SimIdescBs;
bool sim_tc_idesc_bs_decode(uint32_t d, bool mxf4, SimIdescBs *o);
/* The shared memory descriptor [Table 40]: byte values (start, lbo, sbo), the raw
 * fields, and span: the swizzle's bytes (0 none); decode returns false when a fixed
 * field is wrong or the swizzle mode is 3, 5 or 7. */
typedef struct {
    uint32_t start, lbo, sbo, span;
    unsigned fixed, base_offset, lbo_absolute, swizzle_mode;
} SimSdesc;
bool sim_tc_sdesc_decode(uint64_t d, SimSdesc *o);
/* shared address of element (x, k) (x: M or N index) of e-byte elements [9.7.16.3.3] */
uint32_t sim_tc_sdesc_addr(const SimSdesc *s, bool mn_major, uint32_t x, uint32_t k, uint32_t e);
WarpFn wx_nop, wx_shfl, wx_vote, wx_match, wx_redux, wx_elect, wx_ldmatrix, wx_stmatrix,
    wx_movmatrix, wx_mma, wx_mma_sp;
/* wmma (exec_wmma.c) */
DecodeFn sim_dec_wmma;
WarpFn sim_wx_wmma_load, sim_wx_wmma_store, sim_wx_wmma_mma;

static inline uint64_t
opd_read(const Exec *x, const Thread *t, const Opd *o)
{
    if (o->kind == OPD_REG)
        return t->r[o->r];
    if (o->kind == OPD_IMM)
        return (uint64_t)o->imm;
    return opd_read_slow(x, t, o);
}

static inline bool
pred_read(const Exec *x, const Thread *t, const Opd *o)
{
    return ((opd_read(x, t, o) & 1) != 0) != (o->neg != 0);
}

static inline void
reg_write(Thread *t, const Opd *o, uint64_t v)
{
    if (o->kind == OPD_REG)
        t->r[o->r] = v;
}

static inline uint64_t
ty_mask(int ty)
{
    unsigned b = type_info[ty].bytes;
    return b >= 8 ? ~0ull : (1ull << (8 * b)) - 1;
}

static inline int64_t
sext(uint64_t v, unsigned bits)
{
    return bits >= 64 ? (int64_t)v : (int64_t)(v << (64 - bits)) >> (64 - bits);
}

/* ---- tensor maps (tensormap.c) ---- */

#define SIM_TMAP_MAGIC 0x31504d54504d4953ull /* "SIMPTMP1" */
typedef struct {
    uint64_t magic, base;
    uint8_t dtype, rank, esize, swizzle, interleave, oob, l2, pad;
    uint64_t dim[5], stride[5]; /* stride[0] = esize, bytes */
    uint16_t box[5];
    uint8_t estride[5];
} SimTmap;
/* Decode 128 map bytes; false (the reason in why, n bytes) when they are not a map
 * sim_tensor_map_encode_tiled could have made: every field is checked. */
bool sim_tmap_decode(const uint8_t *bytes, SimTmap *out, char *why, size_t n);

/* ---- floating point (fp.c) ---- */

typedef struct {
    uint8_t mbits, ebits;
} FpFmt;
extern const FpFmt FMT_F16, FMT_BF16, FMT_F32, FMT_F64, FMT_TF32;

/* Round the exact value hi + lo (|lo| <= ulp(hi)/2) to fmt with mode rnd
 * (RND_RN/RZ/RM/RP/RNA); returns the bit pattern. */
uint64_t fp_round(double hi, double lo, const FpFmt *f, int rnd);
/* bit casts and exact f16/bf16 decoding, inline: the hot paths (mma.sync operands,
 * f32 arithmetic) call them per element */
static inline float
f32_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

static inline uint32_t
bits_of_f32(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static inline double
f16_to_double(uint16_t h)
{
    if ((h & 0x7c00) == 0x7c00) { /* infinities and NaNs */
        double v = (h & 1023) ? NAN : INFINITY;
        return h >> 15 ? -v : v;
    }
    /* the magnitude's bits placed as an f32's (exponent rebiased by the multiply: 2^(127-15)),
     * exact for normal and subnormal halves alike; then the sign */
    float f = f32_of((uint32_t)(h & 0x7fff) << 13) * 0x1p112f;
    return (double)f32_of(bits_of_f32(f) | (uint32_t)(h & 0x8000) << 16);
}

static inline double
bf16_to_double(uint16_t h)
{
    return f32_of((uint32_t)h << 16);
}
double f64_of(uint64_t bits);
uint64_t bits_of_f64(double d);
uint32_t f32_ftz(uint32_t bits);
/* Arithmetic on bit patterns of type ty (F16/BF16/F32/F64), with rounding
 * mode rnd (RND_NONE = .rn) and F_FTZ/F_SAT/F_RELU flags. */
uint64_t fp_add(int ty, uint64_t a, uint64_t b, int rnd, uint32_t flags);
uint64_t fp_mul(int ty, uint64_t a, uint64_t b, int rnd, uint32_t flags);
uint64_t fp_fma(int ty, uint64_t a, uint64_t b, uint64_t c, int rnd, uint32_t flags);
uint64_t fp_div(int ty, uint64_t a, uint64_t b, int rnd, uint32_t flags);
uint64_t fp_sqrt(int ty, uint64_t a, int rnd, uint32_t flags);
double fp_value(int ty, uint64_t bits, uint32_t flags); /* applies .ftz to inputs */
uint64_t fp_from_double(int ty, double hi, double lo, int rnd,
                        uint32_t flags); /* .ftz/.sat/.relu */
bool fp_isnan(int ty, uint64_t bits);
uint64_t fp_canon_nan(int ty);

#endif
