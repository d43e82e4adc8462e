/*
 * eval/eval_impl.h -- what the eval_*.c files share: runtime values, memory
 * views, the interpreter state.  Not part of the public API (see eval.h).
 *
 *   eval.c          the interpreter: frames, control flow, calls,
 *                   constants and elementwise dispatch, the kernel driver
 *   eval_memref.c   memory, views, memref.* / affine.* / gpu id ops
 *   eval_float.c    float formats, element arithmetic (arith.*, math.*),
 *                   combining kinds
 *   eval_vector.c   vector.* ops: transfers, contract, reductions, shape ops
 *   eval_host.c     host code: gpu.alloc / memcpy / launch_func, memref.cast,
 *                   vector.print, the runner utilities (eval_host)
 */
#ifndef VPTX_IR_EVAL_IMPL_H
#define VPTX_IR_EVAL_IMPL_H

#include "eval/eval.h"

/* One element of a runtime value.  Floats hold a value already rounded to
 * the element type; integers are kept sign-extended from their width (i1
 * true is -1, i8 200 is -56); index is a plain int64. */
typedef union Scalar {
    double f;
    int64_t i;
} Scalar;

/* Where a Mem lives, in host code (eval_host): host memory the device reaches only once
 * registered, device memory the host must not touch, or memory both reach. */
typedef enum { MEM_HOST, MEM_DEVICE, MEM_SHARED } MemSpace;

/* A block of memory: a caller's buffer, an alloc, a global. */
typedef struct Mem {
    unsigned char *data;
    size_t nbytes;
    bool owned;
    struct Mem *next;   /* list of memories to free (Eval.scratch / Eval.globals) */
    const char *global; /* memref.global symbol, or NULL */
    /* host code only */
    uint64_t addr;   /* what printMemref* shows as base@ (deterministic: see eval_host.c) */
    MemSpace space;  /* MEM_HOST unless gpu.alloc made it */
    bool registered; /* gpu.host_register'ed: the device may use it */
    OpId alloc_op;   /* the op that allocated it (memref.alloc, gpu.alloc), or 0 */
    OpId freed_by;   /* the memref.dealloc / gpu.dealloc that freed it (data is then NULL) */
} Mem;

/* A memref value: a strided view into a Mem.  Element (i0..ir-1) lives at
 * element offset `offset + sum(i_k * strides[k])` (in units of elem). */
typedef struct View {
    Mem *mem;
    TypeId elem;
    uint32_t rank;
    int64_t offset;
    int64_t shape[EVAL_MAX_RANK];
    int64_t strides[EVAL_MAX_RANK];
} View;

/* The value of one SSA value in one frame.  Scalars are vectors of one
 * element (e points at `one`); memrefs use `view`. */
typedef struct RtVal {
    bool set;
    TypeId type;
    int64_t n; /* elements */
    Scalar *e; /* n elements: &one, or malloc'd */
    Scalar one;
    View view; /* memref values */
} RtVal;

/* Interpreter state for one eval_kernel / eval_function call. */
typedef struct Eval {
    Module *m;
    Diag *d;
    int64_t grid[3], block[3], wg[3];
    uint64_t steps, max_steps;
    unsigned depth; /* func.call nesting */
    Mem *scratch;   /* freed at the end of each workgroup */
    Mem *globals;   /* freed at the end of the call */
    Mem *callers;   /* the caller's buffers (not owned) */
    bool reported;  /* an error has been reported */
    /* host code (eval_host), else NULL / 0 */
    const EvalHostOptions *host;
    uint64_t next_addr;   /* base@ of the next allocation */
    bool device_side;     /* a gpu.memcpy / memset is touching memory: device memory is fine */
    const int64_t *point; /* inside a linalg body: the loop point (linalg.index) */
} Eval;

/* A frame: RtVal per ValueId of the module. */
typedef struct Frame {
    RtVal *vals;
} Frame;

/* eval.c */
/* Runs the ops of block b up to its terminator, returned in *term (0: none). */
bool eval_exec_block(Eval *ev, Frame *f, BlockId b, OpId *term);
void *eval_xcalloc(size_t n, size_t size); /* zeroed; ICE on out of memory */
bool eval_fail(Eval *ev, OpId op, const char *fmt, ...) PRINTF_LIKE(3, 4);
RtVal *eval_val(Frame *f, ValueId v);
/* Makes a slot hold n fresh (zeroed) elements of type `type`. */
Scalar *eval_val_alloc(RtVal *rv, TypeId type, int64_t n);
/* Makes v's slot hold n fresh elements (zeroed) of its type. */
Scalar *eval_def(Eval *ev, Frame *f, ValueId v, int64_t n);
/* The i128 element `at` of vw as its 16 bytes: two int64 Scalars, the low half at the
 * lower address (read into two, or written from it). */
bool eval_i128_access(Eval *ev, OpId o, const View *vw, int64_t at, Scalar *two, bool store);
/* Scalars a value of type t holds: its elements, two an i128 element (low half first) */
int64_t eval_count(const Module *m, TypeId t);
/* v := x, wrapped to v's integer type */
void eval_def_int(Eval *ev, Frame *f, ValueId v, int64_t x);
/* Copies src's value into v's slot; reports at o if v's type does not fit. */
bool eval_copy_into(Eval *ev, Frame *f, OpId o, ValueId v, const RtVal *src);
size_t eval_elem_size(TypeId t);
/* Shape of a vector / memref type; returns the rank (scalars 0). */
uint32_t eval_shape(const Module *m, TypeId t, int64_t *shape);
int64_t eval_int_attr_list(const Attr *a, int64_t *out, uint32_t max); /* -1 if not a list */
int eval_kind_attr(const Attr *a);                                     /* CombiningKind, or -1 */
const char *eval_attr_text(const Attr *a); /* STRING / SYMBOL / ENUM text, or NULL */
/* An element of type t from a dense / scalar attribute's int or float. */
Scalar eval_const_elem(TypeId t, bool have_float, double fv, int64_t iv);

/* eval_memref.c */
Mem *eval_mem_new(Mem **list, size_t nbytes, void *data); /* data NULL: owned, zeroed */
void eval_mem_free_list(Mem **list);
void eval_mem_write(unsigned char *p, TypeId t, Scalar x);
/* Load / store one element at element offset `at` of a view, bounds-checked
 * against the underlying memory. */
bool eval_mem_load(Eval *ev, OpId op, const View *vw, int64_t at, Scalar *out);
bool eval_mem_store(Eval *ev, OpId op, const View *vw, int64_t at, Scalar x);
int64_t eval_view_extent(uint32_t rank, const int64_t *shape, const int64_t *strides);
/* A row-major view of a memref type (or its strided<> layout), no memory. */
bool eval_view_init(Eval *ev, OpId op, View *vw, TypeId memref, const int64_t *shape);
/* Element offset of idx (vw->rank indices) in vw; an index outside its
 * dimension is reported. */
bool eval_view_at(Eval *ev, OpId op, const View *vw, const int64_t *idx, int64_t *at);
/* The view of memref operand #k of o, or NULL after reporting. */
const View *eval_view_arg(Eval *ev, Frame *f, OpId o, uint32_t k);
/* The op of kind k1 or k2 whose sym_name is `name` (leading @ optional). */
OpId eval_find_symbol(const Module *m, OpKind k1, OpKind k2, const char *name);
/* MLIR's affine semantics (mod non-negative, floordiv toward -inf); false on division by
 * zero, overflow or a position out of range. */
bool eval_affine(const AffineExpr *e, const int64_t *dims, uint32_t ndims, const int64_t *syms,
                 uint32_t nsyms, int64_t *out);
/* Executes a memref / affine / gpu id op; returns false after reporting. */
bool eval_memref_op(Eval *ev, Frame *f, OpId o);

/* eval_linalg.c: a linalg, tensor or bufferization op; false after reporting */
bool eval_linalg_op(Eval *ev, Frame *f, OpId o);
/* Copies the tensor value v (result k of func) into the caller's buffer b. */
bool eval_store_tensor(Eval *ev, OpId func, uint32_t k, const RtVal *v, const EvalBuffer *b);

/* eval_float.c */
int64_t eval_norm_int(int64_t v, TypeId t); /* wrap to t's width, sign-extended */
uint64_t eval_zext(int64_t v, TypeId t);    /* t's bits as an unsigned number */
uint64_t eval_to_bits(Scalar x, TypeId t);  /* raw bits of an element */
Scalar eval_from_bits(uint64_t bits, TypeId t);
/* Elementwise ops: operands of type in[k] (element types), result type rt.
 * Returns false with *err set to a message for a runtime fault. */
bool eval_elementwise(OpKind k, TypeId rt, const TypeId *in, const Scalar *a, Scalar *r,
                      int64_t pred, const char **err);
bool eval_is_elementwise(OpKind k);
/* acc (+) x under combining kind `kind` in element type t. */
Scalar eval_combine(int kind, TypeId t, Scalar acc, Scalar x);
/* a * b in type t (rounded), for contraction. */
Scalar eval_mul(TypeId t, Scalar a, Scalar b);
/* Converts x of type from to type to as arith.extf / extsi / sitofp would. */
Scalar eval_widen(Scalar x, TypeId from, TypeId to);

/* eval_host.c */
/* base@ of the first allocation of a host program; each next one follows the previous,
 * rounded up to 256 bytes (so every printed address is the same from run to run) */
#define EVAL_HOST_FIRST_ADDRESS 0x10000000ull
/* Executes a host op (ops.def, "host code"); false after reporting. */
bool eval_host_op(Eval *ev, Frame *f, OpId o);
/* A call of a function without a body: a runner utility (printMemrefF32, ...). */
bool eval_host_call(Eval *ev, Frame *f, OpId site, OpId callee);
/* Host code: gives a new allocation its base@ address and records who made it. */
void eval_host_note_alloc(Eval *ev, Mem *mem, OpId op);

/* eval_vector.c */
/* Executes a vector.* op; returns false after reporting. */
bool eval_vector_op(Eval *ev, Frame *f, OpId op);

/* eval_upstream.c: the upstream ops of issue 25 (ub.poison, nvgpu.rcp,
 * memref.reinterpret_cast, memref.atomic_rmw; the per-thread ones are refused) */
bool eval_upstream_op(Eval *ev, Frame *f, OpId o);

#endif
