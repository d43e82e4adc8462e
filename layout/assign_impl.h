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
 * One distinct layout.  Values hold the id of theirs (Assign.lid), so a value costs 4
 * bytes instead of a whole NestedLayout, and the output attributes are built once per
 * distinct layout and shared by every op that has it.
 */
typedef struct {
    NestedLayout l;
    uint64_t hash;
    const Attr *attr; /* its #iree_vector_ext.nested_layout, once built */
    const Attr *arr1; /* the one-entry `vptx.layout` array [attr], once built */
} LayoutEntry;

enum { LAYOUT_BLOCK_BITS = 8 }; /* entries per block of the layout table: 256 */

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
    uint32_t *lid;       /* [value] its layout's id in the layout table, valid where has[value] */
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
    /* the layout table: ids from 1; blocks never move, so entry pointers stay valid */
    LayoutEntry **blocks;
    uint32_t nlayouts, nblocks;
    uint32_t *lhash; /* open addressing over ids, lhash_cap entries (a power of two) */
    uint32_t lhash_cap;
    uint32_t last_id; /* the id assign_intern returned last: most values repeat it */
    Arena scratch;    /* use lists and worklists: freed when the pass ends */
} Assign;

/* assign.c */
void assign_grow(Assign *a);
uint32_t assign_intern(Assign *a, const NestedLayout *l); /* the id of l, added if new */
static inline LayoutEntry *
assign_entry(const Assign *a, uint32_t id)
{
    return &a->blocks[id >> LAYOUT_BLOCK_BITS][id & ((1u << LAYOUT_BLOCK_BITS) - 1)];
}
/* v's layout (valid where has[v]); the pointer stays valid for the whole pass */
static inline const NestedLayout *
assign_lay(const Assign *a, ValueId v)
{
    return &assign_entry(a, a->lid[v])->l;
}
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
