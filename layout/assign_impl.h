/*
 * layout/assign_impl.h -- internal to the layout assignment pass
 * (assign.c, assign_rules.c, assign_resolve.c): the pass state and the
 * pieces the three files share.  Nothing outside layout/ includes this.
 */
#ifndef VPTX_LAYOUT_ASSIGN_IMPL_H
#define VPTX_LAYOUT_ASSIGN_IMPL_H

#include "ir/ir.h"
#include "layout/layout.h"

/* One use of a value: operand #idx of op. */
typedef struct {
    OpId op;
    uint32_t idx;
} Use;

/*
 * What an anchor op (an mma contract, an op with a lowering config) demands:
 * a layout per operand (has_arg) and per result (has_res).  Kept per op in
 * Assign.anchor, NULL for ops that are not anchors.
 */
typedef struct {
    uint32_t nargs, nres;
    bool *has_arg, *has_res;
    NestedLayout *arg, *res;
} Anchor;

/* How strongly an op wants an operand's layout (assign_rules.c). */
typedef enum {
    REQ_NONE, /* any layout will do (transfer_write's value, func.return, ...) */
    REQ_SOFT, /* a hint: to_layout's input (to_layout is itself the conversion) */
    REQ_HARD, /* the op computes in this layout: a mismatch is a conflict */
} ReqKind;

/*
 * The pass state.  Side tables are indexed by ValueId / OpId and grow with
 * the module (assign_grow) because resolving conflicts creates values.
 */
typedef struct {
    Module *m;
    Diag *d;
    OpId func;           /* the function being processed */
    int64_t threads;     /* workgroup size, all dims multiplied */
    int64_t subgroups;   /* threads / 32 */
    uint32_t cap;        /* entries in the per-value tables */
    NestedLayout *lay;   /* [value] its layout, valid where has[value] */
    bool *has;           /* [value] a layout has been chosen */
    bool *cheap;         /* [value] re-materialisable: decided by its users, see assign.c */
    uint32_t opcap;      /* entries in the per-op tables */
    Anchor **anchor;     /* [op] anchor demands, or NULL */
    ARRAY(Use) * uses;   /* [value] its uses, as of before the resolution step */
    ARRAY(ValueId) work; /* flood worklist */
    uint32_t work_head;
    ARRAY(OpId) order;   /* the function's ops in program order (assign_resolve) */
    uint32_t nconflicts; /* statistics, for the notes */
    bool failed;
} Assign;

/* assign.c */
void assign_grow(Assign *a);
bool assign_is_vector(const Assign *a, ValueId v);
void assign_set(Assign *a, ValueId v, const NestedLayout *l); /* records + queues for flooding */
void assign_flood(Assign *a);
bool assign_shape(const Assign *a, ValueId v, int32_t *rank, int64_t *shape);
void assign_type_name(const Assign *a, ValueId v, char *buf, size_t cap); /* vector<4x8xf32> */
void assign_error(Assign *a, OpId op, const char *fmt, ...) PRINTF_LIKE(3, 4);

/* assign_rules.c */
ReqKind assign_required(Assign *a, OpId op, uint32_t i, NestedLayout *out);
void assign_forward(Assign *a, OpId op, uint32_t i);
void assign_default(const Assign *a, ValueId v, NestedLayout *out);
OpId assign_parent_op(const Assign *a, OpId op); /* the op whose region holds op */

/* Iteration dims of a contract's maps: M, N, K and where they sit in each operand. */
typedef struct {
    int32_t dims[3][2]; /* lhs, rhs, acc: iteration dim of each operand dim */
    int32_t m, n, k;
    int64_t size_m, size_n, size_k;
} ContractDims;

/* assign_anchor.c */
/* a 2-D matmul contract: (m, k) or (k, m), (k, n) or (n, k), (m, n) or (n, m) */
bool assign_contract_dims(const Module *m, OpId op, ContractDims *c);
bool assign_launch_shape(Assign *a);
void assign_seed_anchors(Assign *a);

/* assign_resolve.c */
void assign_resolve(Assign *a);
void assign_write_attrs(Assign *a);

#endif
