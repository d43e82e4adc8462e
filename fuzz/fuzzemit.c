/*
 * fuzzemit.c -- prints a FuzzKernel (fuzzgen.c) as MLIR for `vptx fuzz-diff`.
 *
 * The text has the form vptx's tests use:
 *
 *   func.func @fz(%in0: memref<..>, ..., %out0: memref<..>, ...)
 *       attributes {translation_info = #iree_codegen.translation_info<...
 *                   workgroup_size = [X, Y, Z] subgroup_size = 32>
 *                   [, gpu.known_grid_size = array<i32: G, 1, 1>]}
 *     chain kernels:  %v = transfer_read %in0; to_layout %v to layout(L)
 *                     (rank 3: then a multi_reduction down to rank 2)
 *     mma kernels:    %d = vector.contract {mma_kind = NV_MMA_SYNC_...} A, B, C
 *                     (optionally inside an scf.for over K with C in iter_args,
 *                     optionally followed by a second contract on f16(D))
 *     then each step of the chain on the current value `cur` (FuzzStepKind),
 *     and a transfer_write of the final value.  Transfers meet their memrefs
 *     in one of the ways of place_of (offsets, transposed, short, strided,
 *     broadcasting reads); with G > 1 workgroups every write, and some reads,
 *     are offset by block_id.
 *
 * Every input comes from `vptx check`'s generator: f16/bf16 k/8 in [-1, 1],
 * f32/f64 in [-1, 1], i32/i16 in [-64, 64], i8 in [-8, 8].  To keep floats
 * finite and the comparison meaningful the emitter tracks a bound on |cur|
 * and clamps (maximumf/minimumf with constants, exact in every type) before
 * a step that could grow it past 16 (f16, bf16) or 64 (f32, f64), before
 * math.exp (to [-2, 2]), exp2, sin, cos and fma, and before a mul reduction
 * (to [-1, 1]).  log, rsqrt and sqrt take |x| + 1.  Float products are only
 * by values of magnitude <= 1 (see combine): check's tolerance bounds the
 * rounding of each op, not its amplification by later ones.  Integer ops
 * wrap, the same in eval and PTX, and need no bound; division is only by
 * constants.
 */
#include "fuzz/fuzz.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- tables */

static const char *const type_name[FUZZ_NTYPES] = {
    "f32", "f16", "bf16", "i32", "i16", "i8", "f64"
};

static bool
is_float(FuzzType t)
{
    return t == FUZZ_F32 || t == FUZZ_F16 || t == FUZZ_BF16 || t == FUZZ_F64;
}

static int
int_bits(FuzzType t)
{
    return t == FUZZ_I8 ? 8 : t == FUZZ_I16 ? 16 : 32;
}

/* The largest |value| a float type may reach before the emitter clamps. */
static double
type_limit(FuzzType t)
{
    return t == FUZZ_F32 || t == FUZZ_F64 ? 64 : 16;
}

typedef enum { GROW_SUM, GROW_PRODUCT, GROW_NONE } Growth;

typedef struct BinOp {
    const char *name;
    Growth growth;
    bool commutes;
} BinOp;

static const BinOp float_bin[] = {
    { "arith.addf", GROW_SUM, true },      { "arith.subf", GROW_SUM, false },
    { "arith.mulf", GROW_PRODUCT, true },  { "arith.maximumf", GROW_NONE, true },
    { "arith.minimumf", GROW_NONE, true }, { "arith.maxnumf", GROW_NONE, true },
    { "arith.minnumf", GROW_NONE, true },
};
static const BinOp int_bin[] = {
    { "arith.addi", GROW_SUM, true },     { "arith.subi", GROW_SUM, false },
    { "arith.muli", GROW_PRODUCT, true }, { "arith.andi", GROW_NONE, true },
    { "arith.ori", GROW_NONE, true },     { "arith.xori", GROW_NONE, true },
    { "arith.maxsi", GROW_NONE, true },   { "arith.minsi", GROW_NONE, true },
    { "arith.maxui", GROW_NONE, true },   { "arith.minui", GROW_NONE, true },
};
#define NFLOAT_BIN (sizeof float_bin / sizeof float_bin[0])
#define NINT_BIN   (sizeof int_bin / sizeof int_bin[0])

/* Binary ops with a constant right operand (cur op c). */
static const char *const float_const_op[] = { "arith.addf", "arith.subf",     "arith.mulf",
                                              "arith.divf", "arith.maximumf", "arith.minimumf" };
static const double float_consts[] = { 0.5, 2.0, -1.5, 0.25, 3.0, -0.75 };
static const char *const int_const_op[] = { "arith.addi",  "arith.muli",  "arith.andi",
                                            "arith.xori",  "arith.shli",  "arith.shrsi",
                                            "arith.shrui", "arith.divsi", "arith.remsi" };
static const int int_consts[] = { 3, -7, 255, 1, 2, -1 };
#define NFLOAT_CONST_OP (sizeof float_const_op / sizeof float_const_op[0])
#define NINT_CONST_OP   (sizeof int_const_op / sizeof int_const_op[0])
#define NCONSTS         FUZZ_NCONSTS

/* Unary ops: floats only; "exp" and "tanh" are clamped first. */
static const char *const float_unary[] = { "arith.negf", "math.absf", "math.exp", "math.tanh",
                                           "math.sqrt",  "math.exp2", "math.log", "math.rsqrt",
                                           "math.sin",   "math.cos",  "math.fma" };
#define NFLOAT_UNARY (sizeof float_unary / sizeof float_unary[0])

/* Reduction kinds: the name in vector.multi_reduction / vector.reduction. */
static const char *const float_red[] = {
    "add", "mul", "maximumf", "minimumf", "maxnumf", "minnumf"
};
static const char *const int_red[] = { "add",   "mul",   "and",   "or",   "xor",
                                       "maxsi", "minsi", "maxui", "minui" };
#define NFLOAT_RED (sizeof float_red / sizeof float_red[0])
#define NINT_RED   (sizeof int_red / sizeof int_red[0])

static const char *const float_cmp[] = { "olt", "ogt", "oge", "ole" };
static const char *const int_cmp[] = { "slt", "sgt", "eq", "ult" };
/* ---------------------------------------------------------------- printing */

typedef struct Seen {
    char name[32];
    int rank;
    int64_t shape[2];
    FuzzType type;
    double mag;
} Seen;

typedef struct Emit {
    FILE *args, *body;
    uint32_t grid;
    Seen seen[FUZZ_MAX_STEPS + 1]; /* cur after the first read and after each step */
    uint32_t nseen;
    uint32_t nargs, nin, nout, nval;
    /* the current value */
    char cur[32];
    int rank;
    int64_t shape[2];
    FuzzType type;
    double mag; /* bound on |cur| (floats) */
} Emit;

static void
vec_type(char *buf, size_t n, int rank, const int64_t *shape, const char *elem)
{
    if (rank == 0)
        snprintf(buf, n, "%s", elem);
    else if (rank == 1)
        snprintf(buf, n, "vector<%lldx%s>", (long long)shape[0], elem);
    else
        snprintf(buf, n, "vector<%lldx%lldx%s>", (long long)shape[0], (long long)shape[1], elem);
}

static void
mem_type(char *buf, size_t n, int rank, const int64_t *shape, const char *elem)
{
    if (rank == 0)
        snprintf(buf, n, "memref<1x%s>", elem);
    else if (rank == 1)
        snprintf(buf, n, "memref<%lldx%s>", (long long)shape[0], elem);
    else
        snprintf(buf, n, "memref<%lldx%lldx%s>", (long long)shape[0], (long long)shape[1], elem);
}

static void
fresh(Emit *e, char *name, size_t n)
{
    snprintf(name, n, "%%v%u", e->nval++);
}

/* Adds an argument; its name goes to name. */
static void
add_arg(Emit *e, const char *prefix, uint32_t number, const char *mtype, char *name, size_t n)
{
    snprintf(name, n, "%%%s%u", prefix, number);
    fprintf(e->args, "%s%s: %s", e->nargs++ ? ", " : "", name, mtype);
}

static const char *
in_bounds(int rank)
{
    return rank == 1 ? "[true]" : "[true, true]";
}

/*
 * How a whole-vector read or write meets its memref, from `place` bits:
 *   PLACE_EXACT       the memref has the vector's shape; indices 0
 *   PLACE_OFFSET      a larger memref (1..4 more per dim), at constant
 *                     offsets 0..pad: unaligned rows, partial vectors
 *   PLACE_TRANSPOSED  rank 2: the memref dims swapped and a
 *                     permutation_map (d0, d1) -> (d1, d0)
 *   PLACE_SHORT       a smaller memref (1..2 fewer per dim), in_bounds =
 *                     false: reads get the padding value, writes are cut
 *   PLACE_STRIDED     a static strided<[..], offset: ..> layout: rows further
 *                     apart than their length, an inner stride of 1 to 3
 */
typedef enum { PLACE_EXACT, PLACE_OFFSET, PLACE_TRANSPOSED, PLACE_SHORT, PLACE_STRIDED } PlaceMode;

typedef struct Place {
    PlaceMode mode;
    int64_t mem[2], off[2];
    bool inb[2];
    int64_t stride[2], base; /* PLACE_STRIDED */
    uint32_t grid;           /* > 1: dim 0 holds one block of rows per workgroup */
} Place;

static void
place_of(uint32_t bits, int rank, const int64_t *shape, Place *p)
{
    static const PlaceMode modes[8] = { PLACE_EXACT,  PLACE_EXACT,  PLACE_EXACT,      PLACE_STRIDED,
                                        PLACE_OFFSET, PLACE_OFFSET, PLACE_TRANSPOSED, PLACE_SHORT };
    memset(p, 0, sizeof *p);
    p->mode = modes[bits % 8];
    if (p->mode == PLACE_TRANSPOSED && rank != 2)
        p->mode = PLACE_EXACT;
    for (int d = 0; d < rank; d++) {
        uint32_t b = bits >> (3 + 5 * d);
        p->mem[d] = shape[d];
        p->inb[d] = true;
        if (p->mode == PLACE_OFFSET) {
            int64_t pad = 1 + (b % 4);
            p->mem[d] += pad;
            p->off[d] = (b >> 2) % (pad + 1);
        } else if (p->mode == PLACE_SHORT && shape[d] > 2 && (b & 1)) {
            p->mem[d] -= 1 + ((b >> 1) % 2);
            p->inb[d] = false;
        }
    }
    if (p->mode == PLACE_TRANSPOSED) {
        p->mem[0] = shape[1];
        p->mem[1] = shape[0];
    }
    if (p->mode == PLACE_STRIDED) {
        uint32_t b = bits >> 13;
        int64_t inner = b % 4 == 3 ? 2 + (b >> 2) % 2 : 1;
        p->stride[rank - 1] = inner;
        if (rank == 2)
            p->stride[0] = shape[1] * inner + (b >> 3) % 5;
        p->base = (b >> 6) % 7;
    }
}

/* memref<...> of the place's dims, with its strided layout if any. */
static void
place_type(const Place *p, int rank, const char *elem, char *buf, size_t n)
{
    mem_type(buf, n, rank, p->mem, elem);
    if (p->mode != PLACE_STRIDED || rank == 0)
        return;
    size_t u = strlen(buf) - 1; /* over the closing '>' */
    if (rank == 1)
        snprintf(buf + u, n - u, ", strided<[%lld], offset: %lld>>", (long long)p->stride[0],
                 (long long)p->base);
    else
        snprintf(buf + u, n - u, ", strided<[%lld, %lld], offset: %lld>>", (long long)p->stride[0],
                 (long long)p->stride[1], (long long)p->base);
}

/* "[%c0, %o3]" for the place's offsets (constants printed first) and the
 * attribute dict of the transfer. */
static void
place_text(Emit *e, const Place *p, int rank, char *idx, size_t ni, char *attrs, size_t na)
{
    size_t u = 0;
    for (int d = 0; d < rank; d++) {
        char c[32] = "%c0";
        if (p->off[d]) {
            fresh(e, c, sizeof c);
            fprintf(e->body, "  %s = arith.constant %lld : index\n", c, (long long)p->off[d]);
        }
        if (d == 0 && p->grid > 1) { /* + block_id.x * rows per block */
            char b[32], r[32], m[32], a[32];
            fresh(e, b, sizeof b);
            fprintf(e->body, "  %s = gpu.block_id x\n", b);
            fresh(e, r, sizeof r);
            fprintf(e->body, "  %s = arith.constant %lld : index\n", r,
                    (long long)(p->mem[0] / p->grid));
            fresh(e, m, sizeof m);
            fprintf(e->body, "  %s = arith.muli %s, %s : index\n", m, b, r);
            fresh(e, a, sizeof a);
            fprintf(e->body, "  %s = arith.addi %s, %s : index\n", a, m, c);
            snprintf(c, sizeof c, "%s", a);
        }
        u += (size_t)snprintf(idx + u, ni - u, "%s%s", d ? ", " : "", c);
    }
    u = (size_t)snprintf(attrs, na, "in_bounds = [");
    for (int d = 0; d < rank; d++)
        u += (size_t)snprintf(attrs + u, na - u, "%s%s", d ? ", " : "",
                              p->inb[d] ? "true" : "false");
    u += (size_t)snprintf(attrs + u, na - u, "]");
    if (p->mode == PLACE_TRANSPOSED)
        snprintf(attrs + u, na - u, ", permutation_map = affine_map<(d0, d1) -> (d1, d0)>");
}

/* A new input argument read (per `place`) into a value of the given vector
 * shape, named name. */
static void
read_input(Emit *e, int rank, const int64_t *shape, const char *elem, uint32_t place, char *name,
           size_t n)
{
    char mt[96], vt[96], arg[32], idx[96], attrs[160];
    Place p;
    place_of(place, rank, shape, &p);
    if (p.mode == PLACE_EXACT && rank == 2 && ((place >> 20) & 3) == 0) {
        /* a broadcasting read: a 1-d memref along one dim, repeated along the other */
        int bd = (int)((place >> 22) & 1);
        int64_t len[1] = { shape[1 - bd] };
        mem_type(mt, sizeof mt, 1, len, elem);
        vec_type(vt, sizeof vt, rank, shape, elem);
        add_arg(e, "in", e->nin++, mt, arg, sizeof arg);
        fresh(e, name, n);
        fprintf(e->body,
                "  %s = vector.transfer_read %s[%%c0], %%p%s {in_bounds = [true, true], "
                "permutation_map = affine_map<(d0) -> (%s)>} : %s, %s\n",
                name, arg, elem, bd == 0 ? "0, d0" : "d0, 0", mt, vt);
        return;
    }
    if (e->grid > 1 && (place >> 31)) { /* rows of its own, else all read the same */
        p.grid = e->grid;
        p.mem[0] *= e->grid;
    }
    place_type(&p, rank, elem, mt, sizeof mt);
    vec_type(vt, sizeof vt, rank, shape, elem);
    add_arg(e, "in", e->nin++, mt, arg, sizeof arg);
    place_text(e, &p, rank, idx, sizeof idx, attrs, sizeof attrs);
    fresh(e, name, n);
    fprintf(e->body, "  %s = vector.transfer_read %s[%s], %%p%s {%s} : %s, %s\n", name, arg, idx,
            elem, attrs, mt, vt);
}

static void
write_output(Emit *e, const char *value, int rank, const int64_t *shape, const char *elem,
             uint32_t place)
{
    char mt[96], vt[96], arg[32], idx[96], attrs[160];
    Place p;
    place_of(place, rank, shape, &p);
    if (rank == 0) { /* one element per workgroup */
        int64_t g[1] = { e->grid > 1 ? e->grid : 1 };
        mem_type(mt, sizeof mt, 1, g, elem);
        add_arg(e, "out", e->nout++, mt, arg, sizeof arg);
        const char *at = "%c0";
        char b[32];
        if (e->grid > 1) {
            fresh(e, b, sizeof b);
            fprintf(e->body, "  %s = gpu.block_id x\n", b);
            at = b;
        }
        fprintf(e->body, "  memref.store %s, %s[%s] : %s\n", value, arg, at, mt);
        return;
    }
    if (e->grid > 1) { /* every workgroup writes its own rows */
        p.grid = e->grid;
        p.mem[0] *= e->grid;
    }
    place_type(&p, rank, elem, mt, sizeof mt);
    vec_type(vt, sizeof vt, rank, shape, elem);
    add_arg(e, "out", e->nout++, mt, arg, sizeof arg);
    place_text(e, &p, rank, idx, sizeof idx, attrs, sizeof attrs);
    fprintf(e->body, "  vector.transfer_write %s, %s[%s] {%s} : %s, %s\n", value, arg, idx, attrs,
            vt, mt);
}

/* Prints a float constant so that it parses back to the same value. */
static void
float_text(char *buf, size_t n, double v)
{
    snprintf(buf, n, "%.6e", v);
}

/* A splat constant of cur's vector type. */
static void
splat(Emit *e, const char *text, char *name, size_t n)
{
    char vt[96];
    vec_type(vt, sizeof vt, e->rank, e->shape, type_name[e->type]);
    fresh(e, name, n);
    fprintf(e->body, "  %s = arith.constant dense<%s> : %s\n", name, text, vt);
}

/* cur = op(a, b) on cur's type; the new value becomes cur. */
static void
apply2(Emit *e, const char *op, const char *a, const char *b)
{
    char vt[96], name[32];
    vec_type(vt, sizeof vt, e->rank, e->shape, type_name[e->type]);
    fresh(e, name, sizeof name);
    fprintf(e->body, "  %s = %s %s, %s : %s\n", name, op, a, b, vt);
    snprintf(e->cur, sizeof e->cur, "%s", name);
}

static void
apply1(Emit *e, const char *op)
{
    char vt[96], name[32];
    vec_type(vt, sizeof vt, e->rank, e->shape, type_name[e->type]);
    fresh(e, name, sizeof name);
    fprintf(e->body, "  %s = %s %s : %s\n", name, op, e->cur, vt);
    snprintf(e->cur, sizeof e->cur, "%s", name);
}

/* Clamps cur to [-c, c] (floats; exact in every type). */
static void
clamp(Emit *e, double c)
{
    char lo[32], hi[32], t[32], a[32], b[32];
    float_text(t, sizeof t, -c);
    splat(e, t, lo, sizeof lo);
    float_text(t, sizeof t, c);
    splat(e, t, hi, sizeof hi);
    snprintf(a, sizeof a, "%s", e->cur);
    apply2(e, "arith.maximumf", a, lo);
    snprintf(b, sizeof b, "%s", e->cur);
    apply2(e, "arith.minimumf", b, hi);
    if (e->mag > c)
        e->mag = c;
}

/* Before an op that may multiply |cur| by `factor` or add `term`. */
static void
bound(Emit *e, double factor, double term)
{
    if (is_float(e->type) && e->mag * factor + term > type_limit(e->type))
        clamp(e, 2);
}

/* Float products are only by values of magnitude <= 1: a larger factor
 * multiplies the absolute error of an earlier rounded or approximated value
 * (after a cancellation, relative to nothing) beyond what vptx check's
 * tolerance allows for -- a precision difference, not a miscompile (seed
 * 2000 kernel 14948: an mma result times vector.step values up to 63). */
static const BinOp float_add = { "arith.addf", GROW_SUM, true };

static void
combine(Emit *e, const BinOp *op, const char *other, double other_mag, bool swap)
{
    char a[32];
    if (is_float(e->type) && op->growth == GROW_PRODUCT && other_mag > 1)
        op = &float_add;
    if (is_float(e->type))
        bound(e, op->growth == GROW_PRODUCT ? other_mag : 1,
              op->growth == GROW_SUM ? other_mag : 0);
    snprintf(a, sizeof a, "%s", e->cur);
    if (swap && !op->commutes)
        apply2(e, op->name, other, a);
    else
        apply2(e, op->name, a, other);
    if (op->growth == GROW_SUM)
        e->mag += other_mag;
    else if (op->growth == GROW_PRODUCT)
        e->mag *= other_mag;
    else if (other_mag > e->mag)
        e->mag = other_mag;
}

static const BinOp *
bin_op(const Emit *e, uint32_t i)
{
    return is_float(e->type) ? &float_bin[i % NFLOAT_BIN] : &int_bin[i % NINT_BIN];
}

static void relayout_value(Emit *e, char *name, size_t n, uint64_t seed, uint32_t warps);

static void
step_bin_input(Emit *e, const FuzzStep *s, uint32_t warps)
{
    char x[32];
    read_input(e, e->rank, e->shape, type_name[e->type], s->place, x, sizeof x);
    if (s->anchor)
        relayout_value(e, x, sizeof x, s->lseed ^ 0x5bd1e995u, warps);
    combine(e, bin_op(e, s->op), x, 1, s->swap);
}

static void
step_bin_const(Emit *e, const FuzzStep *s)
{
    char c[32], t[32], a[32];
    if (is_float(e->type)) {
        const char *op = float_const_op[s->op % NFLOAT_CONST_OP];
        double v = float_consts[s->cidx % NCONSTS];
        if ((strcmp(op, "arith.mulf") == 0 && fabs(v) > 1) ||
            (strcmp(op, "arith.divf") == 0 && fabs(v) < 1))
            v = 1 / v; /* scale down only (see combine) */
        bool grows = strcmp(op, "arith.mulf") == 0 || strcmp(op, "arith.divf") == 0;
        double f = strcmp(op, "arith.divf") == 0 ? 1 / fabs(v) : fabs(v);
        bound(e, grows ? f : 1, grows ? 0 : fabs(v));
        float_text(t, sizeof t, v);
        splat(e, t, c, sizeof c);
        snprintf(a, sizeof a, "%s", e->cur);
        apply2(e, op, a, c);
        e->mag = grows ? e->mag * f : e->mag + fabs(v);
        return;
    }
    const char *op = int_const_op[s->op % NINT_CONST_OP];
    int v = int_consts[s->cidx % NCONSTS];
    if (v > 127 && e->type == FUZZ_I8)
        v = 127;
    if (strncmp(op, "arith.sh", 8) == 0)
        v = (int)(s->cidx % 4) + 1;
    else if (strcmp(op, "arith.divsi") == 0 || strcmp(op, "arith.remsi") == 0)
        v = v == 1 || v == -1 ? 3 : v;
    snprintf(t, sizeof t, "%d", v);
    splat(e, t, c, sizeof c);
    snprintf(a, sizeof a, "%s", e->cur);
    apply2(e, op, a, c);
}

static void
step_unary(Emit *e, const FuzzStep *s)
{
    if (!is_float(e->type)) { /* bitwise not */
        char c[32], a[32];
        splat(e, "-1", c, sizeof c);
        snprintf(a, sizeof a, "%s", e->cur);
        apply2(e, "arith.xori", a, c);
        return;
    }
    const char *op = float_unary[s->op % NFLOAT_UNARY];
    if (strcmp(op, "math.exp") == 0) {
        if (e->mag > 2)
            clamp(e, 2);
        apply1(e, op);
        e->mag = exp(e->mag);
    } else if (strcmp(op, "math.exp2") == 0) {
        if (e->mag > 3)
            clamp(e, 3);
        apply1(e, op);
        e->mag = exp2(e->mag);
    } else if (strcmp(op, "math.log") == 0 || strcmp(op, "math.rsqrt") == 0) {
        char one[32], a[32]; /* of |x| + 1: away from 0 and the poles */
        apply1(e, "math.absf");
        splat(e, "1.000000e+00", one, sizeof one);
        snprintf(a, sizeof a, "%s", e->cur);
        apply2(e, "arith.addf", a, one);
        apply1(e, op);
        e->mag = strcmp(op, "math.log") == 0 ? log(e->mag + 1) : 1;
    } else if (strcmp(op, "math.sin") == 0 || strcmp(op, "math.cos") == 0) {
        if (e->mag > 4)
            clamp(e, 4);
        apply1(e, op);
        e->mag = 1;
    } else if (strcmp(op, "math.fma") == 0) { /* cur * cur + 0.5 */
        char h[32], vt[96], name[32];
        if (e->mag > 1)
            clamp(e, 1);
        splat(e, "5.000000e-01", h, sizeof h);
        vec_type(vt, sizeof vt, e->rank, e->shape, type_name[e->type]);
        fresh(e, name, sizeof name);
        fprintf(e->body, "  %s = math.fma %s, %s, %s : %s\n", name, e->cur, e->cur, h, vt);
        snprintf(e->cur, sizeof e->cur, "%s", name);
        e->mag = e->mag * e->mag + 0.5;
    } else if (strcmp(op, "math.tanh") == 0) {
        apply1(e, op);
        e->mag = 1;
    } else if (strcmp(op, "math.sqrt") == 0) { /* of |x| + 1: near 0 its slope is unbounded */
        char one[32], a[32];
        apply1(e, "math.absf");
        splat(e, "1.000000e+00", one, sizeof one);
        snprintf(a, sizeof a, "%s", e->cur);
        apply2(e, "arith.addf", a, one);
        apply1(e, op);
        e->mag = sqrt(e->mag + 1);
    } else {
        apply1(e, op);
    }
}

/* The neutral element of a reduction kind, as dense<> text. */
static const char *
neutral(FuzzType t, const char *kind)
{
    static const char *const ninf[FUZZ_NTYPES] = {
        "0xFF800000", "0xFC00", "0xFF80", "", "", "", "0xFFF0000000000000"
    };
    static const char *const pinf[FUZZ_NTYPES] = {
        "0x7F800000", "0x7C00", "0x7F80", "", "", "", "0x7FF0000000000000"
    };
    int bits = int_bits(t);
    if (strcmp(kind, "add") == 0 || strcmp(kind, "or") == 0 || strcmp(kind, "xor") == 0 ||
        strcmp(kind, "maxui") == 0)
        return is_float(t) ? "0.000000e+00" : "0";
    if (strcmp(kind, "mul") == 0)
        return is_float(t) ? "1.000000e+00" : "1";
    if (strcmp(kind, "and") == 0 || strcmp(kind, "minui") == 0)
        return "-1";
    if (strcmp(kind, "maxsi") == 0)
        return bits == 8 ? "-128" : bits == 16 ? "-32768" : "-2147483648";
    if (strcmp(kind, "minsi") == 0)
        return bits == 8 ? "127" : bits == 16 ? "32767" : "2147483647";
    if (strncmp(kind, "max", 3) == 0)
        return ninf[t];
    return pinf[t];
}

/* Float sums (add reductions, contracts) take terms of magnitude <= 1:
 * check's tolerance, (16 + n) u (1 + |result|), assumes the rounding error of
 * an n-term sum is of the order of n u, which holds for terms bounded by 1
 * but not for larger ones that cancel (seed 5000 kernel 2249: terms near 35
 * summing to 2.5). */
static void
step_reduce(Emit *e, const FuzzStep *s)
{
    bool fl = is_float(e->type);
    const char *kind = fl ? float_red[s->red % NFLOAT_RED] : int_red[s->red % NINT_RED];
    const char *elem = type_name[e->type];
    int64_t len = e->rank == 2 ? e->shape[s->dim % 2] : e->shape[0];
    if (fl && strcmp(kind, "mul") == 0 && e->mag > 1)
        clamp(e, 1);
    if (fl && strcmp(kind, "add") == 0 && e->mag > 1) /* (see above) */
        clamp(e, 1);
    double rmag = strcmp(kind, "add") == 0 ? e->mag * (double)len : e->mag;
    char vt[96], rt[96], r[32], init[32], b[32];
    vec_type(vt, sizeof vt, e->rank, e->shape, elem);
    if (e->rank == 2 && s->dim % 3 == 2) { /* every dim: a scalar */
        len = e->shape[0] * e->shape[1];
        if (fl && strcmp(kind, "add") == 0 && e->mag > 1)
            clamp(e, 1);
        rmag = strcmp(kind, "add") == 0 ? e->mag * (double)len : e->mag;
        fresh(e, init, sizeof init);
        fprintf(e->body, "  %s = arith.constant %s : %s\n", init, neutral(e->type, kind), elem);
        fresh(e, r, sizeof r);
        fprintf(e->body, "  %s = vector.multi_reduction <%s>, %s, %s [0, 1] : %s to %s\n", r, kind,
                e->cur, init, vt, elem);
        write_output(e, r, 0, NULL, elem, 0);
        fresh(e, b, sizeof b);
        fprintf(e->body, "  %s = vector.broadcast %s : %s to %s\n", b, r, elem, vt);
    } else if (e->rank == 1) {
        fresh(e, r, sizeof r);
        fprintf(e->body, "  %s = vector.reduction <%s>, %s : %s into %s\n", r, kind, e->cur, vt,
                elem);
        write_output(e, r, 0, NULL, elem, 0);
        fresh(e, b, sizeof b);
        fprintf(e->body, "  %s = vector.broadcast %s : %s to %s\n", b, r, elem, vt);
    } else {
        int d = (int)(s->dim % 3 % 2);
        int64_t rshape[1] = { e->shape[1 - d] };
        vec_type(rt, sizeof rt, 1, rshape, elem);
        fresh(e, init, sizeof init);
        const char *iv = neutral(e->type, kind);
        if (s->cidx % 3 == 0 && (strcmp(kind, "add") == 0 || strncmp(kind, "max", 3) == 0 ||
                                 strncmp(kind, "min", 3) == 0)) {
            iv = fl ? "5.000000e-01" : "5"; /* the accumulator takes part */
            rmag += fl ? 0.5 : 0;
        }
        fprintf(e->body, "  %s = arith.constant dense<%s> : %s\n", init, iv, rt);
        fresh(e, r, sizeof r);
        fprintf(e->body, "  %s = vector.multi_reduction <%s>, %s, %s [%d] : %s to %s\n", r, kind,
                e->cur, init, d, vt, rt);
        write_output(e, r, 1, rshape, elem, s->place >> 13);
        fresh(e, b, sizeof b);
        if (d == 0) {
            fprintf(e->body, "  %s = vector.broadcast %s : %s to %s\n", b, r, rt, vt);
        } else {
            char bt[96], t[32];
            int64_t tshape[2] = { e->shape[1], e->shape[0] };
            vec_type(bt, sizeof bt, 2, tshape, elem);
            fprintf(e->body, "  %s = vector.broadcast %s : %s to %s\n", b, r, rt, bt);
            snprintf(t, sizeof t, "%s", b);
            fresh(e, b, sizeof b);
            fprintf(e->body, "  %s = vector.transpose %s, [1, 0] : %s to %s\n", b, t, bt, vt);
        }
    }
    /* Combine with an op that keeps the value bounded: add/sub, max, xor. */
    static const BinOp fcomb[] = { { "arith.addf", GROW_SUM, true },
                                   { "arith.subf", GROW_SUM, false },
                                   { "arith.maximumf", GROW_NONE, true } };
    static const BinOp icomb[] = { { "arith.addi", GROW_SUM, true },
                                   { "arith.xori", GROW_NONE, true },
                                   { "arith.subi", GROW_SUM, false } };
    const BinOp *op = fl ? &fcomb[s->op % 3] : &icomb[s->op % 3];
    if (fl && rmag > type_limit(e->type)) /* too big to combine: keep only the output */
        return;
    combine(e, op, b, rmag, s->swap);
}

static void
step_transpose(Emit *e)
{
    if (e->rank != 2)
        return;
    char vt[96], tt[96], name[32];
    int64_t t[2] = { e->shape[1], e->shape[0] };
    vec_type(vt, sizeof vt, 2, e->shape, type_name[e->type]);
    vec_type(tt, sizeof tt, 2, t, type_name[e->type]);
    fresh(e, name, sizeof name);
    fprintf(e->body, "  %s = vector.transpose %s, [1, 0] : %s to %s\n", name, e->cur, vt, tt);
    snprintf(e->cur, sizeof e->cur, "%s", name);
    e->shape[0] = t[0];
    e->shape[1] = t[1];
}

static void
print_list(FILE *out, const char *key, const int64_t *v, int rank)
{
    fprintf(out, "%s = [", key);
    for (int d = 0; d < rank; d++)
        fprintf(out, "%s%lld", d ? ", " : "", (long long)v[d]);
    fprintf(out, "]");
}

static void
print_layout(FILE *out, const NestedLayout *l)
{
    fprintf(out, "#iree_vector_ext.nested_layout<");
    print_list(out, "subgroup_tile", l->subgroup_tile, l->rank);
    print_list(out, ", batch_tile", l->batch_tile, l->rank);
    print_list(out, ", outer_tile", l->outer_tile, l->rank);
    print_list(out, ", thread_tile", l->thread_tile, l->rank);
    print_list(out, ", element_tile", l->element_tile, l->rank);
    print_list(out, ", subgroup_strides", l->subgroup_strides, l->rank);
    print_list(out, ", thread_strides", l->thread_strides, l->rank);
    fprintf(out, ">");
}

/* name = to_layout(name, l), for a value of cur's shape and type. */
static void
to_layout_value(Emit *e, char *name, size_t n, const NestedLayout *l)
{
    char vt[96], out[32];
    vec_type(vt, sizeof vt, e->rank, e->shape, type_name[e->type]);
    fresh(e, out, sizeof out);
    fprintf(e->body, "  %s = iree_vector_ext.to_layout %s to layout(", out, name);
    print_layout(e->body, l);
    fprintf(e->body, ") : %s\n", vt);
    snprintf(name, n, "%s", out);
}

static void
to_layout(Emit *e, const NestedLayout *l)
{
    to_layout_value(e, e->cur, sizeof e->cur, l);
}

/* name = to_layout(name, a random layout of cur's shape from seed). */
static void
relayout_value(Emit *e, char *name, size_t n, uint64_t seed, uint32_t warps)
{
    NestedLayout l;
    fuzz_random_layout(seed, e->rank, e->shape, warps, &l);
    to_layout_value(e, name, n, &l);
}

static void
step_relayout(Emit *e, const FuzzStep *s, uint32_t warps)
{
    relayout_value(e, e->cur, sizeof e->cur, s->lseed, warps);
}

/* rank 2 -> 1 (flatten) or 1 -> 2 (rows of 2^k, k from the step). */
static void
step_shape_cast(Emit *e, const FuzzStep *s)
{
    char from[96], to[96], name[32];
    vec_type(from, sizeof from, e->rank, e->shape, type_name[e->type]);
    if (e->rank == 2) {
        e->shape[0] *= e->shape[1];
        e->rank = 1;
    } else {
        int64_t rows = 1ll << (1 + s->op % 4);
        if (e->shape[0] % rows != 0 || e->shape[0] == rows)
            return;
        e->shape[1] = e->shape[0] / rows;
        e->shape[0] = rows;
        e->rank = 2;
    }
    vec_type(to, sizeof to, e->rank, e->shape, type_name[e->type]);
    fresh(e, name, sizeof name);
    fprintf(e->body, "  %s = vector.shape_cast %s : %s to %s\n", name, e->cur, from, to);
    snprintf(e->cur, sizeof e->cur, "%s", name);
}

static void
step_loop(Emit *e, const FuzzStep *s)
{
    static const BinOp fops[] = { { "arith.addf", GROW_SUM, true },
                                  { "arith.maximumf", GROW_NONE, true },
                                  { "arith.mulf", GROW_PRODUCT, true },
                                  { "arith.subf", GROW_SUM, false } };
    static const BinOp iops[] = { { "arith.addi", GROW_SUM, true },
                                  { "arith.xori", GROW_NONE, true },
                                  { "arith.muli", GROW_PRODUCT, true },
                                  { "arith.maxsi", GROW_NONE, true } };
    bool fl = is_float(e->type);
    const BinOp *op = fl ? &fops[s->op % 4] : &iops[s->op % 4];
    uint32_t trips = s->trips ? s->trips : 1;
    if (fl)
        bound(e, 1, (double)trips);
    const char *elem = type_name[e->type];
    int64_t mshape[2] = { e->shape[0] * trips, e->rank == 2 ? e->shape[1] : 0 };
    char mt[96], vt[96], arg[32], res[32], acc[32], x[32], n[32];
    mem_type(mt, sizeof mt, e->rank, mshape, elem);
    vec_type(vt, sizeof vt, e->rank, e->shape, elem);
    add_arg(e, "in", e->nin++, mt, arg, sizeof arg);
    uint32_t id = e->nval++;
    fprintf(e->body, "  %%step%u = arith.constant %lld : index\n", id, (long long)e->shape[0]);
    fprintf(e->body, "  %%ub%u = arith.constant %lld : index\n", id,
            (long long)(e->shape[0] * trips));
    snprintf(res, sizeof res, "%%v%u", id);
    snprintf(acc, sizeof acc, "%%acc%u", id);
    fprintf(e->body,
            "  %s = scf.for %%i%u = %%c0 to %%ub%u step %%step%u iter_args(%s = %s) -> (%s) {\n",
            res, id, id, id, acc, e->cur, vt);
    fresh(e, x, sizeof x);
    fprintf(e->body, "    %s = vector.transfer_read %s[%%i%u%s], %%p%s {in_bounds = %s} : %s, %s\n",
            x, arg, id, e->rank == 2 ? ", %c0" : "", elem, in_bounds(e->rank), mt, vt);
    fresh(e, n, sizeof n);
    if (s->swap && !op->commutes)
        fprintf(e->body, "    %s = %s %s, %s : %s\n", n, op->name, x, acc, vt);
    else
        fprintf(e->body, "    %s = %s %s, %s : %s\n", n, op->name, acc, x, vt);
    fprintf(e->body, "    scf.yield %s : %s\n  }\n", n, vt);
    snprintf(e->cur, sizeof e->cur, "%s", res);
    if (op->growth == GROW_SUM)
        e->mag += trips;
}

static void
step_select(Emit *e, const FuzzStep *s, uint32_t warps)
{
    bool fl = is_float(e->type);
    char x[32], m[32], vt[96], mt[96], name[32];
    read_input(e, e->rank, e->shape, type_name[e->type], s->place, x, sizeof x);
    vec_type(vt, sizeof vt, e->rank, e->shape, type_name[e->type]);
    vec_type(mt, sizeof mt, e->rank, e->shape, "i1");
    fresh(e, m, sizeof m);
    fprintf(e->body, "  %s = arith.%s %s, %s, %s : %s\n", m, fl ? "cmpf" : "cmpi",
            fl ? float_cmp[s->op % 4] : int_cmp[s->op % 4], e->cur, x, vt);
    if (s->anchor) { /* the mask (i1) in a layout of its own */
        NestedLayout l;
        char a[32];
        fuzz_random_layout(s->lseed ^ 0x2f6bu, e->rank, e->shape, warps, &l);
        fresh(e, a, sizeof a);
        fprintf(e->body, "  %s = iree_vector_ext.to_layout %s to layout(", a, m);
        print_layout(e->body, &l);
        fprintf(e->body, ") : %s\n", mt);
        snprintf(m, sizeof m, "%s", a);
    }
    fresh(e, name, sizeof name);
    fprintf(e->body, "  %s = arith.select %s, %s, %s : %s, %s\n", name, m, s->swap ? x : e->cur,
            s->swap ? e->cur : x, mt, vt);
    snprintf(e->cur, sizeof e->cur, "%s", name);
    if (e->mag < 1)
        e->mag = 1;
}

static void
step_bcast(Emit *e, const FuzzStep *s)
{
    const char *elem = type_name[e->type];
    char x[32], b[32], vt[96];
    vec_type(vt, sizeof vt, e->rank, e->shape, elem);
    if (e->rank == 1) {
        char arg[32], mt[96];
        mem_type(mt, sizeof mt, 0, NULL, elem);
        add_arg(e, "in", e->nin++, mt, arg, sizeof arg);
        fresh(e, x, sizeof x);
        fprintf(e->body, "  %s = memref.load %s[%%c0] : %s\n", x, arg, mt);
        fresh(e, b, sizeof b);
        fprintf(e->body, "  %s = vector.broadcast %s : %s to %s\n", b, x, elem, vt);
    } else {
        int d = (int)(s->dim % 2); /* 0: a row repeated down dim 0; 1: a column */
        int64_t xs[1] = { e->shape[1 - d] };
        char xt[96];
        vec_type(xt, sizeof xt, 1, xs, elem);
        read_input(e, 1, xs, elem, s->place, x, sizeof x);
        fresh(e, b, sizeof b);
        if (d == 0) {
            fprintf(e->body, "  %s = vector.broadcast %s : %s to %s\n", b, x, xt, vt);
        } else {
            char bt[96], t[32];
            int64_t ts[2] = { e->shape[1], e->shape[0] };
            vec_type(bt, sizeof bt, 2, ts, elem);
            fprintf(e->body, "  %s = vector.broadcast %s : %s to %s\n", b, x, xt, bt);
            snprintf(t, sizeof t, "%s", b);
            fresh(e, b, sizeof b);
            fprintf(e->body, "  %s = vector.transpose %s, [1, 0] : %s to %s\n", b, t, bt, vt);
        }
    }
    combine(e, bin_op(e, s->op), b, 1, s->swap);
}

static void
step_cast(Emit *e, const FuzzStep *s)
{
    char from[96], to[96], name[32];
    FuzzType t;
    const char *op;
    if (e->type == FUZZ_I32 && s->op % 3 == 2) {
        t = (s->op / 3) % 2 ? FUZZ_I16 : FUZZ_I8;
        op = "arith.trunci";
    } else if (e->type == FUZZ_I16 || e->type == FUZZ_I8) {
        static const char *const ops[] = { "arith.extsi", "arith.extui", "arith.sitofp" };
        op = ops[s->op % 3];
        t = s->op % 3 == 2 ? FUZZ_F32 : FUZZ_I32;
        e->mag = 32768;
    } else if (e->type == FUZZ_I32) { /* keep it small first: i & 255 is exact in any float */
        char c[32], a[32];
        splat(e, "255", c, sizeof c);
        snprintf(a, sizeof a, "%s", e->cur);
        apply2(e, "arith.andi", a, c);
        t = FUZZ_F32;
        op = "arith.sitofp";
        e->mag = 255;
    } else if (e->type == FUZZ_F32 && s->op % 4 == 3) {
        t = FUZZ_F64;
        op = "arith.extf";
    } else if (e->type == FUZZ_F64) {
        t = FUZZ_F32;
        op = "arith.truncf";
        if (e->mag > type_limit(t))
            clamp(e, 2);
    } else if (e->type == FUZZ_F32) {
        t = s->op % 3 == 2 ? FUZZ_BF16 : FUZZ_F16;
        op = "arith.truncf";
        if (e->mag > type_limit(t))
            clamp(e, 2);
    } else {
        t = FUZZ_F32;
        op = "arith.extf";
    }
    vec_type(from, sizeof from, e->rank, e->shape, type_name[e->type]);
    vec_type(to, sizeof to, e->rank, e->shape, type_name[t]);
    fresh(e, name, sizeof name);
    fprintf(e->body, "  %s = %s %s : %s to %s\n", name, op, e->cur, from, to);
    snprintf(e->cur, sizeof e->cur, "%s", name);
    e->type = t;
}

/* row = cur[r] (rank 2); written out, then broadcast back and combined. */
static void
step_extract(Emit *e, const FuzzStep *s)
{
    if (e->rank != 2)
        return;
    const char *elem = type_name[e->type];
    char vt[96], rt[96], row[32], b[32];
    int64_t rshape[1] = { e->shape[1] };
    vec_type(vt, sizeof vt, 2, e->shape, elem);
    vec_type(rt, sizeof rt, 1, rshape, elem);
    fresh(e, row, sizeof row);
    fprintf(e->body, "  %s = vector.extract %s[%lld] : %s from %s\n", row, e->cur,
            (long long)(s->cidx % e->shape[0]), rt, vt);
    write_output(e, row, 1, rshape, elem, s->place >> 13);
    fresh(e, b, sizeof b);
    fprintf(e->body, "  %s = vector.broadcast %s : %s to %s\n", b, row, rt, vt);
    combine(e, bin_op(e, s->op), b, e->mag, s->swap);
}

/* scf.if on an input scalar: one branch applies a constant op, the other negates. */
static void
step_if(Emit *e, const FuzzStep *s)
{
    const char *elem = type_name[e->type];
    bool fl = is_float(e->type);
    char vt[96], arg[32], f[32], z[32], cond[32], res[32], c[32], t[32], n[32];
    vec_type(vt, sizeof vt, e->rank, e->shape, elem);
    add_arg(e, "in", e->nin++, "memref<1xi32>", arg, sizeof arg);
    fresh(e, f, sizeof f);
    fprintf(e->body, "  %s = memref.load %s[%%c0] : memref<1xi32>\n", f, arg);
    fresh(e, z, sizeof z);
    fprintf(e->body, "  %s = arith.constant %d : i32\n", z, (int)(s->cidx % 5) * 16 - 32);
    fresh(e, cond, sizeof cond);
    fprintf(e->body, "  %s = arith.cmpi sgt, %s, %s : i32\n", cond, f, z);
    if (fl)
        bound(e, 1, 1);
    fresh(e, c, sizeof c);
    fprintf(e->body, "  %s = arith.constant dense<%s> : %s\n", c, fl ? "1.000000e+00" : "1", vt);
    fresh(e, res, sizeof res);
    fprintf(e->body, "  %s = scf.if %s -> (%s) {\n", res, cond, vt);
    fresh(e, t, sizeof t);
    fprintf(e->body, "    %s = %s %s, %s : %s\n", t, fl ? "arith.addf" : "arith.addi", e->cur, c,
            vt);
    fprintf(e->body, "    scf.yield %s : %s\n  } else {\n", t, vt);
    fresh(e, n, sizeof n);
    if (fl)
        fprintf(e->body, "    %s = arith.negf %s : %s\n", n, e->cur, vt);
    else
        fprintf(e->body, "    %s = arith.xori %s, %s : %s\n", n, e->cur, c, vt);
    fprintf(e->body, "    scf.yield %s : %s\n  }\n", n, vt);
    snprintf(e->cur, sizeof e->cur, "%s", res);
    e->mag += 1;
}

/* cur[M x K] (or [K x M] with dim 1) times B[K x N] (or [N x K] with swap): a
 * vector.contract with no mma_kind, over the layout pass's own layouts. */
static void
step_contract(Emit *e, const FuzzStep *s)
{
    if (e->rank != 2)
        return;
    const char *elem = type_name[e->type];
    bool ta = s->dim % 2 == 1, tb = s->swap, fl = is_float(e->type);
    int64_t M = ta ? e->shape[1] : e->shape[0], K = ta ? e->shape[0] : e->shape[1];
    int64_t N = 1ll << (s->op % 4);
    if (fl && e->mag > 1) /* terms of magnitude <= 1, as for add reductions */
        clamp(e, 1);
    int64_t bshape[2] = { tb ? N : K, tb ? K : N }, cshape[2] = { M, N };
    char b[32], z[32], r[32], at[96], bt[96], ct[96];
    read_input(e, 2, bshape, elem, s->place, b, sizeof b);
    vec_type(at, sizeof at, 2, e->shape, elem);
    vec_type(bt, sizeof bt, 2, bshape, elem);
    vec_type(ct, sizeof ct, 2, cshape, elem);
    fresh(e, z, sizeof z);
    fprintf(e->body, "  %s = arith.constant dense<%s> : %s\n", z, fl ? "0.000000e+00" : "0", ct);
    fresh(e, r, sizeof r);
    fprintf(e->body,
            "  %s = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (%s)>, "
            "affine_map<(m, n, k) -> (%s)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = "
            "[\"parallel\", \"parallel\", \"reduction\"], kind = #vector.kind<add>} %s, %s, %s : "
            "%s, %s into %s\n",
            r, ta ? "k, m" : "m, k", tb ? "n, k" : "k, n", e->cur, b, z, at, bt, ct);
    snprintf(e->cur, sizeof e->cur, "%s", r);
    e->shape[0] = M;
    e->shape[1] = N;
    e->mag *= (double)K;
}

/* The index along dim d as a vector of cur's shape and type: vector.step,
 * index_cast (and sitofp for floats), broadcast (and transpose). */
static void
step_iota(Emit *e, const FuzzStep *s)
{
    const char *elem = type_name[e->type];
    bool fl = is_float(e->type);
    int d = e->rank == 2 ? (int)(s->dim % 2) : 0;
    int64_t n[1] = { e->shape[d] };
    char st[96], it[96], ft[96], vt[96], a[32], b[32], c[32];
    vec_type(st, sizeof st, 1, n, "index");
    vec_type(it, sizeof it, 1, n, fl ? "i32" : elem);
    vec_type(ft, sizeof ft, 1, n, elem);
    vec_type(vt, sizeof vt, e->rank, e->shape, elem);
    fresh(e, a, sizeof a);
    fprintf(e->body, "  %s = vector.step : %s\n", a, st);
    fresh(e, b, sizeof b);
    fprintf(e->body, "  %s = arith.index_cast %s : %s to %s\n", b, a, st, it);
    if (fl) {
        fresh(e, c, sizeof c);
        fprintf(e->body, "  %s = arith.sitofp %s : %s to %s\n", c, b, it, ft);
        snprintf(b, sizeof b, "%s", c);
    }
    if (e->rank == 2) {
        fresh(e, c, sizeof c);
        if (d == 1) {
            fprintf(e->body, "  %s = vector.broadcast %s : %s to %s\n", c, b, ft, vt);
        } else {
            char tt[96], t[32];
            int64_t ts[2] = { e->shape[1], e->shape[0] };
            vec_type(tt, sizeof tt, 2, ts, elem);
            fprintf(e->body, "  %s = vector.broadcast %s : %s to %s\n", c, b, ft, tt);
            snprintf(t, sizeof t, "%s", c);
            fresh(e, c, sizeof c);
            fprintf(e->body, "  %s = vector.transpose %s, [1, 0] : %s to %s\n", c, t, tt, vt);
        }
        snprintf(b, sizeof b, "%s", c);
    }
    combine(e, bin_op(e, s->op), b, (double)n[0], s->swap);
}

/* A non-splat constant of cur's shape (at most 128 elements), combined with cur. */
static void
step_const(Emit *e, const FuzzStep *s)
{
    int64_t count = e->rank == 2 ? e->shape[0] * e->shape[1] : e->shape[0];
    if (count > 128)
        return;
    bool fl = is_float(e->type);
    char vt[96], name[32];
    vec_type(vt, sizeof vt, e->rank, e->shape, type_name[e->type]);
    fresh(e, name, sizeof name);
    fprintf(e->body, "  %s = arith.constant dense<", name);
    int64_t cols = e->rank == 2 ? e->shape[1] : count;
    for (int64_t i = 0; i < count; i++) {
        if (e->rank == 2 && i % cols == 0)
            fprintf(e->body, "%s[", i ? ", " : "[");
        else if (i)
            fprintf(e->body, ", ");
        else
            fprintf(e->body, "[");
        int64_t k = (i * 7 + s->cidx) % 9 - 4;
        if (fl)
            fprintf(e->body, "%.6e", (double)k / 4);
        else
            fprintf(e->body, "%lld", (long long)k);
        if (e->rank == 2 && i % cols == cols - 1)
            fprintf(e->body, "]");
    }
    fprintf(e->body, "]> : %s\n", vt);
    combine(e, bin_op(e, s->op), name, 1, s->swap);
}

/* cur = op(cur, v) for an earlier v of cur's shape and type (the k-th most
 * recent one that is not cur itself), so that two values live at once. */
static void
step_join(Emit *e, const FuzzStep *s)
{
    const Seen *pick = NULL;
    uint32_t skip = s->cidx % 3;
    for (uint32_t i = e->nseen; i-- > 0;) {
        const Seen *v = &e->seen[i];
        if (v->rank != e->rank || v->type != e->type || v->shape[0] != e->shape[0] ||
            (e->rank == 2 && v->shape[1] != e->shape[1]) || strcmp(v->name, e->cur) == 0)
            continue;
        pick = v;
        if (skip-- == 0)
            break;
    }
    if (pick)
        combine(e, bin_op(e, s->op), pick->name, pick->mag, s->swap);
}

static void
remember(Emit *e)
{
    if (e->nseen >= FUZZ_MAX_STEPS + 1)
        return;
    Seen *v = &e->seen[e->nseen++];
    snprintf(v->name, sizeof v->name, "%s", e->cur);
    v->rank = e->rank;
    v->shape[0] = e->shape[0];
    v->shape[1] = e->shape[1];
    v->type = e->type;
    v->mag = e->mag;
}

static void
emit_step(Emit *e, const FuzzStep *s, uint32_t warps)
{
    switch (s->kind) {
    case FUZZ_BIN_INPUT:
        step_bin_input(e, s, warps);
        break;
    case FUZZ_BIN_CONST:
        step_bin_const(e, s);
        break;
    case FUZZ_UNARY:
        step_unary(e, s);
        break;
    case FUZZ_REDUCE:
        step_reduce(e, s);
        break;
    case FUZZ_TRANSPOSE:
        step_transpose(e);
        break;
    case FUZZ_RELAYOUT:
        step_relayout(e, s, warps);
        break;
    case FUZZ_LOOP:
        step_loop(e, s);
        break;
    case FUZZ_SELECT:
        step_select(e, s, warps);
        break;
    case FUZZ_BCAST:
        step_bcast(e, s);
        break;
    case FUZZ_CAST:
        step_cast(e, s);
        break;
    case FUZZ_SHAPE_CAST:
        step_shape_cast(e, s);
        break;
    case FUZZ_EXTRACT:
        step_extract(e, s);
        break;
    case FUZZ_IF:
        step_if(e, s);
        break;
    case FUZZ_CONTRACT:
        step_contract(e, s);
        break;
    case FUZZ_STEP:
        step_iota(e, s);
        break;
    case FUZZ_CONST:
        step_const(e, s);
        break;
    case FUZZ_JOIN:
        step_join(e, s);
        break;
    case FUZZ_NSTEPS:
        break;
    }
}

static const char *const mma_maps_nk =
    "indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, "
    "affine_map<(m, n, k) -> (m, n)>]";
static const char *const mma_maps_kn =
    "indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, "
    "affine_map<(m, n, k) -> (m, n)>]";

/* The contract (or the K loop of contracts); leaves D in cur. */
static void
emit_mma(Emit *e, const FuzzMma *mm)
{
    const FuzzMmaRow *row = fuzz_mma_row(mm->kind);
    int64_t M = row->m * mm->mt, N = row->n * mm->nt, K = row->k * mm->kt;
    uint32_t trips = mm->ktrips ? mm->ktrips : 1;
    int64_t ashape[2] = { M, K }, bshape[2] = { N, K }, cshape[2] = { M, N };
    int64_t amem[2] = { M, K * trips }, bmem[2] = { N, K * trips };
    if (mm->b_kn) {
        bshape[0] = K;
        bshape[1] = N;
        bmem[0] = K * trips;
        bmem[1] = N;
    }
    char at[96], bt[96], ct[96], amt[96], bmt[96], a[32], b[32], c[32], aa[32], ba[32];
    vec_type(at, sizeof at, 2, ashape, row->ab);
    vec_type(bt, sizeof bt, 2, bshape, row->ab);
    vec_type(ct, sizeof ct, 2, cshape, type_name[row->c]);
    mem_type(amt, sizeof amt, 2, amem, row->ab);
    mem_type(bmt, sizeof bmt, 2, bmem, row->ab);
    add_arg(e, "in", e->nin++, amt, aa, sizeof aa);
    add_arg(e, "in", e->nin++, bmt, ba, sizeof ba);
    e->rank = 2;
    e->shape[0] = M;
    e->shape[1] = N;
    e->type = row->c;
    if (mm->acc_input) {
        read_input(e, 2, cshape, type_name[row->c], mm->acc_place, c, sizeof c);
    } else {
        fresh(e, c, sizeof c);
        fprintf(e->body, "  %s = arith.constant dense<%s> : %s\n", c,
                is_float(row->c) ? "0.000000e+00" : "0", ct);
    }
    const char *ind = trips > 1 ? "    " : "  ";
    char kidx[32] = "%c0", acc[32], res[32];
    snprintf(acc, sizeof acc, "%s", c);
    uint32_t id = e->nval++;
    if (trips > 1) {
        fprintf(e->body, "  %%kstep%u = arith.constant %lld : index\n", id, (long long)K);
        fprintf(e->body, "  %%kub%u = arith.constant %lld : index\n", id, (long long)(K * trips));
        snprintf(acc, sizeof acc, "%%acc%u", id);
        snprintf(kidx, sizeof kidx, "%%k%u", id);
        fprintf(e->body,
                "  %%v%u = scf.for %%k%u = %%c0 to %%kub%u step %%kstep%u iter_args(%s = %s) -> "
                "(%s) {\n",
                id, id, id, id, acc, c, ct);
    }
    fresh(e, a, sizeof a);
    fprintf(e->body,
            "%s%s = vector.transfer_read %s[%%c0, %s], %%p%s {in_bounds = [true, true]} "
            ": %s, %s\n",
            ind, a, aa, kidx, row->ab, amt, at);
    if (mm->scale_a) {
        char k2[32], s2[32];
        bool fl = strcmp(row->ab, "i8") != 0;
        fresh(e, k2, sizeof k2);
        fprintf(e->body, "%s%s = arith.constant dense<%s> : %s\n", ind, k2,
                fl ? "-5.000000e-01" : "1", at);
        fresh(e, s2, sizeof s2);
        fprintf(e->body, "%s%s = %s %s, %s : %s\n", ind, s2, fl ? "arith.mulf" : "arith.addi", a,
                k2, at);
        snprintf(a, sizeof a, "%s", s2);
    }
    fresh(e, b, sizeof b);
    if (mm->b_kn)
        fprintf(e->body,
                "%s%s = vector.transfer_read %s[%s, %%c0], %%p%s {in_bounds = [true, true]} : "
                "%s, %s\n",
                ind, b, ba, kidx, row->ab, bmt, bt);
    else
        fprintf(e->body,
                "%s%s = vector.transfer_read %s[%%c0, %s], %%p%s {in_bounds = [true, true]} : "
                "%s, %s\n",
                ind, b, ba, kidx, row->ab, bmt, bt);
    fresh(e, res, sizeof res);
    fprintf(e->body,
            "%s%s = vector.contract {%s, iterator_types = [\"parallel\", \"parallel\", "
            "\"reduction\"], kind = #vector.kind<add>, mma_kind = "
            "#iree_gpu.mma_layout<%s>} %s, %s, %s : %s, %s into %s\n",
            ind, res, mm->b_kn ? mma_maps_kn : mma_maps_nk, row->name, a, b, acc, at, bt, ct);
    if (trips > 1) {
        fprintf(e->body, "    scf.yield %s : %s\n  }\n", res, ct);
        snprintf(res, sizeof res, "%%v%u", id);
    }
    snprintf(e->cur, sizeof e->cur, "%s", res);
    if (mm->chain && row->c == FUZZ_F32 && strcmp(row->ab, "f16") == 0 && N % row->k == 0) {
        /* E = contract(f16(D), B2, 0): D's accumulator layout meets the A
         * operand's.  f16 inputs k/8 keep D exact, so f16(D) is the same on
         * both sides and E is exact again (sums of multiples of 2^-9). */
        int64_t h2[2] = { M, N }, b2[2] = { N, N }, e2[2] = { M, N };
        char ht[96], b2t[96], b2m[96], b2a[32], h[32], bb[32], z[32];
        vec_type(ht, sizeof ht, 2, h2, "f16");
        vec_type(b2t, sizeof b2t, 2, b2, "f16");
        mem_type(b2m, sizeof b2m, 2, b2, "f16");
        fresh(e, h, sizeof h);
        fprintf(e->body, "  %s = arith.truncf %s : %s to %s\n", h, e->cur, ct, ht);
        add_arg(e, "in", e->nin++, b2m, b2a, sizeof b2a);
        fresh(e, bb, sizeof bb);
        fprintf(e->body,
                "  %s = vector.transfer_read %s[%%c0, %%c0], %%pf16 {in_bounds = [true, true]} : "
                "%s, %s\n",
                bb, b2a, b2m, b2t);
        fresh(e, z, sizeof z);
        vec_type(ct, sizeof ct, 2, e2, "f32");
        fprintf(e->body, "  %s = arith.constant dense<0.000000e+00> : %s\n", z, ct);
        fresh(e, res, sizeof res);
        fprintf(e->body,
                "  %s = vector.contract {%s, iterator_types = [\"parallel\", \"parallel\", "
                "\"reduction\"], kind = #vector.kind<add>, mma_kind = "
                "#iree_gpu.mma_layout<%s>} %s, %s, %s : %s, %s into %s\n",
                res, mma_maps_nk, row->name, h, bb, z, ht, b2t, ct);
        snprintf(e->cur, sizeof e->cur, "%s", res);
        e->mag = (double)(K * trips) * (double)N;
        return;
    }
    /* |A|, |B| <= 1 (or 8 for i8): |D| <= K * trips (+1 with an input C) */
    e->mag = (double)(K * trips) + (mm->acc_input ? 1 : 0);
}

static void
type3(char *buf, size_t n, const char *what, const int64_t *sh, const char *elem)
{
    snprintf(buf, n, "%s<%lldx%lldx%lldx%s>", what, (long long)sh[0], (long long)sh[1],
             (long long)sh[2], elem);
}

/* Rank 3: read, anchor, maybe combine with a second input, write, then a
 * multi_reduction over one dim leaves a rank-2 cur for the chain. */
static void
emit_rank3(Emit *e, const FuzzKernel *k)
{
    const char *elem = type_name[e->type];
    bool fl = is_float(e->type);
    int64_t sh[3];
    layout_shape(&k->layout, sh);
    char vt[96], mt[96], a[32], x[32], y[32], r[32], init[32], rt[96];
    type3(vt, sizeof vt, "vector", sh, elem);
    type3(mt, sizeof mt, "memref", sh, elem);
    add_arg(e, "in", e->nin++, mt, a, sizeof a);
    fresh(e, x, sizeof x);
    fprintf(e->body,
            "  %s = vector.transfer_read %s[%%c0, %%c0, %%c0], %%p%s {in_bounds = [true, true, "
            "true]} : %s, %s\n",
            x, a, elem, mt, vt);
    fresh(e, y, sizeof y);
    fprintf(e->body, "  %s = iree_vector_ext.to_layout %s to layout(", y, x);
    print_layout(e->body, &k->layout);
    fprintf(e->body, ") : %s\n", vt);
    if (k->r3op & 1) {
        char b[32], c[32];
        add_arg(e, "in", e->nin++, mt, a, sizeof a);
        fresh(e, b, sizeof b);
        fprintf(e->body,
                "  %s = vector.transfer_read %s[%%c0, %%c0, %%c0], %%p%s {in_bounds = [true, true, "
                "true]} : %s, %s\n",
                b, a, elem, mt, vt);
        fresh(e, c, sizeof c);
        fprintf(e->body, "  %s = %s %s, %s : %s\n", c, bin_op(e, k->r3op >> 8)->name, y, b, vt);
        snprintf(y, sizeof y, "%s", c);
        e->mag = 2;
    }
    if (k->r3op & 2) {
        add_arg(e, "out", e->nout++, mt, a, sizeof a);
        fprintf(e->body,
                "  vector.transfer_write %s, %s[%%c0, %%c0, %%c0] {in_bounds = [true, true, "
                "true]} : %s, %s\n",
                y, a, vt, mt);
    }
    int d = (int)((k->r3op >> 2) % 3);
    const char *kind = fl ? (k->r3op & 16 ? "maximumf" : "add") : (k->r3op & 16 ? "xor" : "add");
    int64_t rs[2];
    for (int i = 0, j = 0; i < 3; i++)
        if (i != d)
            rs[j++] = sh[i];
    vec_type(rt, sizeof rt, 2, rs, elem);
    fresh(e, init, sizeof init);
    fprintf(e->body, "  %s = arith.constant dense<%s> : %s\n", init, neutral(e->type, kind), rt);
    fresh(e, r, sizeof r);
    fprintf(e->body, "  %s = vector.multi_reduction <%s>, %s, %s [%d] : %s to %s\n", r, kind, y,
            init, d, vt, rt);
    snprintf(e->cur, sizeof e->cur, "%s", r);
    e->rank = 2;
    e->shape[0] = rs[0];
    e->shape[1] = rs[1];
    if (strcmp(kind, "add") == 0)
        e->mag *= (double)sh[d];
}

void
fuzz_emit(const FuzzKernel *k, const char *header, FILE *out)
{
    char *args = NULL, *body = NULL;
    size_t nargs_len = 0, nbody = 0;
    Emit e;
    memset(&e, 0, sizeof e);
    e.args = open_memstream(&args, &nargs_len);
    e.body = open_memstream(&body, &nbody);
    if (!e.args || !e.body) {
        if (e.args)
            fclose(e.args);
        if (e.body)
            fclose(e.body);
        free(args);
        free(body);
        return;
    }
    e.type = k->type;
    e.mag = 1;
    e.grid = k->grid;
    if (k->is_mma) {
        emit_mma(&e, &k->mma);
    } else {
        if (k->layout.rank == 3) {
            emit_rank3(&e, k);
        } else {
            e.rank = k->layout.rank;
            layout_shape(&k->layout, e.shape);
            char x[32];
            read_input(&e, e.rank, e.shape, type_name[e.type], k->in_place, x, sizeof x);
            snprintf(e.cur, sizeof e.cur, "%s", x);
            to_layout(&e, &k->layout);
        }
    }
    remember(&e);
    for (uint32_t i = 0; i < k->nsteps; i++) {
        emit_step(&e, &k->steps[i], k->warps);
        remember(&e);
    }
    write_output(&e, e.cur, e.rank, e.shape, type_name[e.type], k->out_place);
    fclose(e.args);
    fclose(e.body);
    uint32_t by = k->block_y ? k->block_y : 1, bz = k->block_z ? k->block_z : 1;
    char grid[64] = "";
    if (k->grid > 1)
        snprintf(grid, sizeof grid, ", gpu.known_grid_size = array<i32: %u, 1, 1>", k->grid);
    if (header)
        fputs(header, out);
    fprintf(out,
            "func.func @fz(%s) attributes {translation_info = "
            "#iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = "
            "[%u, %u, %u] subgroup_size = 32>%s} {\n",
            args, k->warps * 32 / by / bz, by, bz, grid);
    fprintf(out, "  %%c0 = arith.constant 0 : index\n");
    fprintf(out, "  %%pf32 = arith.constant -5.000000e-01 : f32\n");
    fprintf(out, "  %%pf16 = arith.constant -5.000000e-01 : f16\n");
    fprintf(out, "  %%pbf16 = arith.constant -5.000000e-01 : bf16\n");
    fprintf(out, "  %%pi32 = arith.constant -3 : i32\n");
    fprintf(out, "  %%pf64 = arith.constant -5.000000e-01 : f64\n");
    fprintf(out, "  %%pi16 = arith.constant -3 : i16\n");
    fprintf(out, "  %%pi8 = arith.constant -3 : i8\n");
    fputs(body, out);
    fprintf(out, "  return\n}\n");
    free(args);
    free(body);
}
