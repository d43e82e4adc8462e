/*
 * verify.c -- the IR verifier: structure, dominance and per-op rules.
 *
 * Runs after the frontend and after every pass (pipeline_run, driver/api.c).
 * It checks what MLIR's op verifiers check for the subset vptx knows, plus
 * vptx's own rules (well-formed nested layouts; their lane and subgroup
 * counts, 32-lane warps, are layout_assign's to check, so that IR written for
 * other targets still parses).  Malformed IR -- missing or
 * mistyped attributes, wrong operand counts, dangling ids -- is reported, never
 * trusted: every error is located at the op's Loc and reads like
 *
 *     'vector.contract' operand #2 has type vector<8x8xf32> but ...
 *
 * (lower case, no trailing period, the op named as the user wrote it).
 *
 * Requires:    nothing beyond ir.h's invariants on ids that are in range.
 * Ensures:     on true: counts, types and attributes of every op are those its
 *              MLIR definition requires; bodies end in their terminator; every
 *              use is dominated by its definition; function bodies use no value
 *              from outside.
 * Invalidates: nothing (the module is not changed).
 *
 * This file holds the framework: the Verifier and its message helpers; type,
 * operand and attribute helpers; structure (placement, dominance); the checks
 * every op gets; and the one switch over OpKind that sends each op to the
 * rules of its family in verify_core.c, verify_vector.c or verify_gpu.c.
 * What the files share is declared in verify_impl.h.
 */
#include "ir/verify_impl.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- messages */

/* `'op.name' <message>` at o's location */
void
verify_fail(Verifier *v, OpId o, const char *fmt, ...)
{
    char msg[640];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(v->d, v->m->ops[o].loc, "'%s' %s", name_of(v, o), msg);
    v->nerrors++;
}

/* A string builder over a fixed buffer: output is cut, never overrun. */
typedef struct {
    char *p;
    size_t cap, n;
} Str;

static void add(Str *s, const char *fmt, ...) PRINTF_LIKE(2, 3);

static void
add(Str *s, const char *fmt, ...)
{
    if (s->n + 1 >= s->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(s->p + s->n, s->cap - s->n, fmt, ap);
    va_end(ap);
    if (k > 0)
        s->n = s->n + (size_t)k < s->cap ? s->n + (size_t)k : s->cap - 1;
}

static void
add_expr(Str *s, const AffineExpr *e, int depth)
{
    static const char *const ops[] = { [AFF_ADD] = " + ",
                                       [AFF_MUL] = " * ",
                                       [AFF_MOD] = " mod ",
                                       [AFF_FLOORDIV] = " floordiv ",
                                       [AFF_CEILDIV] = " ceildiv " };
    if (!e || depth > 64) {
        add(s, "?");
        return;
    }
    switch (e->kind) {
    case AFF_CONST:
        add(s, "%lld", (long long)e->value);
        return;
    case AFF_DIM:
        add(s, "d%lld", (long long)e->value);
        return;
    case AFF_SYM:
        add(s, "s%lld", (long long)e->value);
        return;
    case AFF_ADD:
    case AFF_MUL:
    case AFF_MOD:
    case AFF_FLOORDIV:
    case AFF_CEILDIV:
        add(s, "(");
        add_expr(s, e->lhs, depth + 1);
        add(s, "%s", ops[e->kind]);
        add_expr(s, e->rhs, depth + 1);
        add(s, ")");
        return;
    }
}

static void
add_map(Str *s, const AffineMap *map)
{
    add(s, "affine_map<(");
    for (uint32_t i = 0; i < map->ndims; i++)
        add(s, "%sd%u", i ? ", " : "", i);
    add(s, ")");
    if (map->nsyms) {
        add(s, "[");
        for (uint32_t i = 0; i < map->nsyms; i++)
            add(s, "%ss%u", i ? ", " : "", i);
        add(s, "]");
    }
    add(s, " -> (");
    for (uint32_t i = 0; i < map->nresults; i++) {
        if (i)
            add(s, ", ");
        add_expr(s, map->results[i], 0);
    }
    add(s, ")>");
}

static void
add_memspace(Str *s, int32_t ms, bool gpu)
{
    if (!gpu) {
        add(s, "%d", (int)ms);
        return;
    }
    const char *name = ms == MS_GLOBAL      ? "global"
                       : ms == MS_WORKGROUP ? "workgroup"
                       : ms == MS_PRIVATE   ? "private"
                                            : "?";
    add(s, "#gpu.address_space<%s>", name);
}

static void
add_type(const Module *m, Str *s, TypeId t, int depth)
{
    if (t == TY_INVALID || t >= m->ntypes || depth > 8) {
        add(s, "<invalid type>");
        return;
    }
    if (t <= TY_LAST_SCALAR) {
        add(s, "%s", scalar_type_name(t));
        return;
    }
    const Type *ty = &m->types[t];
    switch (ty->kind) {
    case TY_VECTOR:
    case TY_MEMREF:
    case TY_TENSOR:
        add(s, ty->kind == TY_VECTOR ? "vector<" : ty->kind == TY_TENSOR ? "tensor<" : "memref<");
        for (uint32_t i = 0; i < ty->rank; i++) {
            if (ty->shape[i] == DIM_DYNAMIC)
                add(s, "?x");
            else
                add(s, "%lldx", (long long)ty->shape[i]);
        }
        add_type(m, s, ty->elem, depth + 1);
        if (ty->kind == TY_MEMREF && ty->layout && ty->layout->kind == ATTR_STRIDED) {
            add(s, ", strided<[");
            for (uint32_t i = 0; i < ty->layout->n; i++) {
                int64_t st = ty->layout->ints[i];
                if (st == DIM_DYNAMIC)
                    add(s, "%s?", i ? ", " : "");
                else
                    add(s, "%s%lld", i ? ", " : "", (long long)st);
            }
            add(s, "]");
            if (ty->layout->i == DIM_DYNAMIC)
                add(s, ", offset: ?");
            else if (ty->layout->i != 0)
                add(s, ", offset: %lld", (long long)ty->layout->i);
            add(s, ">");
        } else if (ty->kind == TY_MEMREF && ty->layout && ty->layout->kind == ATTR_AFFINE_MAP) {
            add(s, ", ");
            add_map(s, ty->layout->map);
        }
        if (ty->kind == TY_MEMREF && (ty->memspace != 0 || ty->memspace_gpu)) {
            add(s, ", ");
            add_memspace(s, ty->memspace, ty->memspace_gpu);
        }
        add(s, ">");
        return;
    case TY_FUNCTION:
        add(s, "(");
        for (uint32_t i = 0; i < ty->nins; i++) {
            add(s, i ? ", " : "");
            add_type(m, s, ty->ins[i], depth + 1);
        }
        add(s, ") -> ");
        add(s, ty->nouts == 1 ? "" : "(");
        for (uint32_t i = 0; i < ty->nouts; i++) {
            add(s, i ? ", " : "");
            add_type(m, s, ty->outs[i], depth + 1);
        }
        add(s, ty->nouts == 1 ? "" : ")");
        return;
    case TY_MBARRIER_GROUP:
        add(s, "!nvgpu.mbarrier.group<memorySpace = ");
        add_memspace(s, ty->memspace, ty->memspace_gpu);
        if (ty->num_barriers != 1)
            add(s, ", num_barriers = %lld", (long long)ty->num_barriers);
        add(s, ">");
        return;
    case TY_TENSORMAP:
        add(s, "!nvgpu.tensormap.descriptor<tensor = ");
        add_type(m, s, ty->elem, depth + 1);
        add(s, ", ...>");
        return;
    case TY_WG_DESCRIPTOR:
        add(s, "!nvgpu.warpgroup.descriptor<tensor = ");
        add_type(m, s, ty->elem, depth + 1);
        add(s, ">");
        return;
    case TY_WG_ACCUMULATOR:
        add(s, "!nvgpu.warpgroup.accumulator<fragmented = ");
        add_type(m, s, ty->elem, depth + 1);
        add(s, ">");
        return;
    case TY_ASYNC_TOKEN:
        add(s, "!nvgpu.device.async.token");
        return;
    case TY_MMA_MATRIX:
        add(s, "!gpu.mma_matrix<%lldx%lldx", (long long)ty->shape[0], (long long)ty->shape[1]);
        if (ty->mma_sign)
            add(s, ty->mma_sign == MMA_SIGNED ? "si8" : "ui8");
        else
            add_type(m, s, ty->elem, depth + 1);
        add(s, ", \"%cOp\">", "ABC"[ty->mma_operand % 3]);
        return;
    case TY_MBARRIER_TOKEN:
        add(s, "!nvgpu.mbarrier.token");
        return;
    case TY_GPU_TOKEN:
        add(s, "!gpu.async.token");
        return;
    case TY_INVALID:
    case TY_I1:
    case TY_I4:
    case TY_I8:
    case TY_I16:
    case TY_I32:
    case TY_I64:
    case TY_INDEX:
    case TY_F16:
    case TY_BF16:
    case TY_F32:
    case TY_F64:
    case TY_TF32:
    case TY_F8E4M3FN:
    case TY_F8E5M2:
    case TY_F8E4M3FNUZ:
    case TY_I128:
    case TY_F8E5M2FNUZ:
        break;
    }
    add(s, "<invalid type>");
}

/* The spelling of t, valid until four more calls. */
const char *
verify_tname(Verifier *v, TypeId t)
{
    char *buf = v->tybuf[v->tynext++ % 4];
    Str s = { buf, sizeof v->tybuf[0], 0 };
    buf[0] = 0;
    add_type(v->m, &s, t, 0);
    return buf;
}

/* "vector<4x8xf32>" for a shape that is not (yet) an interned type */
const char *
verify_vname(Verifier *v, const int64_t *shape, uint32_t rank, TypeId elem)
{
    char *buf = v->tybuf[v->tynext++ % 4];
    Str s = { buf, sizeof v->tybuf[0], 0 };
    buf[0] = 0;
    add(&s, "vector<");
    for (uint32_t i = 0; i < rank; i++)
        add(&s, "%lldx", (long long)shape[i]);
    add_type(v->m, &s, elem, 0);
    add(&s, ">");
    return buf;
}

/* -------------------------------------------------------- operand types */

/* "<slot> has type T but must be <what>" */
bool
verify_want(Verifier *v, OpId o, Slot s, bool ok, const char *what)
{
    if (!ok)
        verify_fail(v, o, "%s #%u has type %s but must be %s", slot_word(s), s.index,
                    verify_tname(v, slot_type(v, o, s)), what);
    return ok;
}

/* slot s must have type t */
bool
verify_want_type(Verifier *v, OpId o, Slot s, TypeId t)
{
    TypeId have = slot_type(v, o, s);
    if (have != t)
        verify_fail(v, o, "%s #%u has type %s but must be %s", slot_word(s), s.index,
                    verify_tname(v, have), verify_tname(v, t));
    return have == t;
}

/* slot s must have the type of slot r */
bool
verify_want_same(Verifier *v, OpId o, Slot s, Slot r)
{
    TypeId a = slot_type(v, o, s), b = slot_type(v, o, r);
    if (a != b)
        verify_fail(v, o, "%s #%u has type %s but %s #%u has type %s", slot_word(s), s.index,
                    verify_tname(v, a), slot_word(r), r.index, verify_tname(v, b));
    return a == b;
}

bool
verify_want_index(Verifier *v, OpId o, Slot s)
{
    return verify_want(v, o, s, slot_type(v, o, s) == TY_INDEX, "index");
}

/* operands [first, first + n) are all index-typed */
bool
verify_want_indices(Verifier *v, OpId o, uint32_t first, uint32_t n)
{
    bool ok = true;
    for (uint32_t i = first; i < first + n; i++)
        ok &= verify_want_index(v, o, operand(i));
    return ok;
}

bool
verify_want_vector(Verifier *v, OpId o, Slot s)
{
    TypeId t = slot_type(v, o, s);
    return verify_want(v, o, s, is_vec(v, t) && rank_of(v, t) <= VERIFY_MAX_RANK, "a vector");
}

bool
verify_want_memref(Verifier *v, OpId o, Slot s)
{
    TypeId t = slot_type(v, o, s);
    return verify_want(v, o, s, is_mem(v, t) && rank_of(v, t) <= VERIFY_MAX_RANK, "a memref");
}

bool
verify_want_kind(Verifier *v, OpId o, Slot s, TypeKind k, const char *what)
{
    return verify_want(v, o, s, ty(v, slot_type(v, o, s))->kind == k, what);
}

bool
verify_want_count(Verifier *v, OpId o, const char *what, uint32_t have, uint32_t lo, uint32_t hi)
{
    if (have >= lo && have <= hi)
        return true;
    if (lo == hi)
        verify_fail(v, o, "expects %u %s but has %u", lo, what, have);
    else
        verify_fail(v, o, "expects %u to %u %s but has %u", lo, hi, what, have);
    return false;
}

/* ----------------------------------------------------------- attributes */

const char *
verify_attr_kind_name(AttrKind k)
{
    static const char *const names[] = {
        [ATTR_UNIT] = "a unit",
        [ATTR_BOOL] = "a bool",
        [ATTR_INT] = "an integer",
        [ATTR_FLOAT] = "a float",
        [ATTR_STRING] = "a string",
        [ATTR_TYPE] = "a type",
        [ATTR_SYMBOL] = "a symbol reference",
        [ATTR_ARRAY] = "an array",
        [ATTR_DENSE_ARRAY] = "a dense array",
        [ATTR_DENSE] = "a dense elements",
        [ATTR_DICT] = "a dictionary",
        [ATTR_AFFINE_MAP] = "an affine map",
        [ATTR_STRIDED] = "a strided layout",
        [ATTR_ENUM] = "an enum",
        [ATTR_NESTED_LAYOUT] = "a nested layout",
        [ATTR_LOWERING_CONFIG] = "a lowering config",
        [ATTR_TRANSLATION_INFO] = "a translation info",
        [ATTR_OPAQUE] = "an opaque",
    };
    return (unsigned)k < sizeof names / sizeof names[0] && names[k] ? names[k] : "an unknown";
}

/* The attribute `name` of kind k, or NULL after reporting (if required) or when absent. */
const Attr *
verify_get_attr(Verifier *v, OpId o, const char *name, AttrKind k, bool required)
{
    const Attr *a = op_attr(v->m, o, name);
    if (!a) {
        if (required)
            verify_fail(v, o, "requires attribute '%s'", name);
        return NULL;
    }
    if (a->kind != k) {
        verify_fail(v, o, "attribute '%s' must be %s attribute but is %s attribute", name,
                    verify_attr_kind_name(k), verify_attr_kind_name(a->kind));
        return NULL;
    }
    return a;
}

/*
 * A list of integers: `[1, 2]` (ATTR_ARRAY of ATTR_INT) or `array<i64: 1, 2>`
 * (ATTR_DENSE_ARRAY).  Returns the count, -1 when absent (and not required),
 * -2 after reporting.
 */
int
verify_get_ints(Verifier *v, OpId o, const char *name, int64_t *out, uint32_t cap, bool required)
{
    const Attr *a = op_attr(v->m, o, name);
    if (!a) {
        if (required)
            verify_fail(v, o, "requires attribute '%s'", name);
        return required ? -2 : -1;
    }
    bool ok =
        a->kind == ATTR_DENSE_ARRAY ? a->n == 0 || (a->ints && !a->floats) : a->kind == ATTR_ARRAY;
    for (uint32_t i = 0; ok && a->kind == ATTR_ARRAY && i < a->n; i++)
        ok = a->items[i] && a->items[i]->kind == ATTR_INT;
    if (!ok) {
        verify_fail(v, o, "attribute '%s' must be an array of integers", name);
        return -2;
    }
    if (a->n > cap) {
        verify_fail(v, o, "attribute '%s' has %u entries; at most %u are supported", name, a->n,
                    cap);
        return -2;
    }
    for (uint32_t i = 0; i < a->n; i++)
        out[i] = a->kind == ATTR_ARRAY ? a->items[i]->i : a->ints[i];
    return (int)a->n;
}

/* An integer attribute's value; false when absent/wrong (reported if required or wrong). */
bool
verify_get_int(Verifier *v, OpId o, const char *name, int64_t *out, bool required)
{
    const Attr *a = op_attr(v->m, o, name);
    if (!a) {
        if (required)
            verify_fail(v, o, "requires attribute '%s'", name);
        return false;
    }
    if (a->kind != ATTR_INT) {
        verify_fail(v, o, "attribute '%s' must be an integer attribute", name);
        return false;
    }
    *out = a->i;
    return true;
}

/* The value of an enum-like attribute: #dialect.name<value>, #dialect<name value> or "value". */
const char *
verify_get_enum(Verifier *v, OpId o, const char *name, bool required)
{
    const Attr *a = op_attr(v->m, o, name);
    if (!a) {
        if (required)
            verify_fail(v, o, "requires attribute '%s'", name);
        return NULL;
    }
    if ((a->kind != ATTR_ENUM && a->kind != ATTR_STRING) || !a->str) {
        verify_fail(v, o, "attribute '%s' must be an enum attribute", name);
        return NULL;
    }
    return a->str;
}

/*
 * Operand groups from operandSegmentSizes.  spec has one letter per group:
 * '1' exactly one operand, '?' zero or one, '*' any number.  Fills start[] and
 * size[]; false after reporting.
 */
bool
verify_segments(Verifier *v, OpId o, const char *spec, uint32_t *start, uint32_t *size)
{
    uint32_t n = (uint32_t)strlen(spec);
    int64_t seg[16];
    int got = verify_get_ints(v, o, "operandSegmentSizes", seg, 16, true);
    if (got < 0)
        return false;
    if ((uint32_t)got != n) {
        verify_fail(v, o, "attribute 'operandSegmentSizes' has %d entries but must have %u", got,
                    n);
        return false;
    }
    uint64_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool ok = seg[i] >= 0 && (spec[i] != '1' || seg[i] == 1) && (spec[i] != '?' || seg[i] <= 1);
        if (!ok) {
            verify_fail(v, o, "attribute 'operandSegmentSizes' entry #%u is %lld but must be %s", i,
                        (long long)seg[i],
                        spec[i] == '1'   ? "1"
                        : spec[i] == '?' ? "0 or 1"
                                         : ">= 0");
            return false;
        }
        start[i] = (uint32_t)sum;
        size[i] = (uint32_t)seg[i];
        sum += (uint64_t)seg[i];
    }
    if (sum != v->m->ops[o].nargs) {
        verify_fail(v, o,
                    "attribute 'operandSegmentSizes' adds up to %llu but the op has %u operands",
                    (unsigned long long)sum, v->m->ops[o].nargs);
        return false;
    }
    return true;
}

/* ------------------------------------------------------------ structure */

static void
place(Verifier *v, OpId o, uint32_t depth)
{
    Module *m = v->m;
    if (depth > 1000) {
        verify_fail(v, o, "nests regions more than 1000 deep");
        return;
    }
    for (uint32_t i = 0; i < m->ops[o].nregions; i++) {
        RegionId r = m->ops[o].regions[i];
        if (r == 0 || r >= m->nregions) {
            verify_fail(v, o, "region #%u is missing", i);
            continue;
        }
        if (m->regions[r].parent != o)
            verify_fail(v, o, "region #%u does not record this op as its parent", i);
        for (uint32_t bi = 0; bi < m->regions[r].blocks.n; bi++) {
            BlockId b = m->regions[r].blocks.items[bi];
            if (b == 0 || b >= m->nblocks || v->block_owner[b]) {
                verify_fail(v, o, "region #%u block #%u is missing or appears twice", i, bi);
                continue;
            }
            v->block_owner[b] = o;
            if (m->blocks[b].parent != r)
                verify_fail(v, o, "region #%u block #%u does not record its region", i, bi);
            for (uint32_t k = 0; k < m->blocks[b].ops.n; k++) {
                OpId c = m->blocks[b].ops.items[k];
                if (!valid_op(v, c) || (unsigned)m->ops[c].kind >= OP_COUNT) {
                    verify_fail(v, o, "region #%u holds an invalid op (id %u)", i, c);
                    continue;
                }
                if (v->pos[c] || c == m->top) {
                    verify_fail(v, c, "appears more than once in the IR");
                    continue;
                }
                v->pos[c] = k + 1;
                v->block_of[c] = b;
                v->owner[c] = o;
                if (op_info[m->ops[o].kind].traits & T_CONTAINER) {
                    const Attr *sym = op_attr(m, c, "sym_name");
                    if (sym && sym->kind == ATTR_STRING)
                        symtab_add(&v->syms, o, m->ops[c].kind, sym->str, c);
                }
                if (m->ops[c].parent != b)
                    verify_fail(v, c, "does not record its containing block");
                place(v, c, depth + 1);
            }
        }
    }
}

const char *
verify_sym_name_of(const Verifier *v, OpId o)
{
    const Attr *a = op_attr(v->m, o, "sym_name");
    return a && a->kind == ATTR_STRING && a->str ? a->str : "?";
}

/*
 * Whether block d dominates block u in the control-flow graph of their region (cf.br /
 * cf.cond_br successors, ir/verify_upstream.c): every path from the entry block to u
 * goes through d.  Only for distinct blocks of one region of up to 64 blocks.
 */
static bool
cfg_dominates(const Verifier *v, BlockId d, BlockId u)
{
    const Module *m = v->m;
    if (!d || !u || d >= m->nblocks || u >= m->nblocks)
        return false;
    RegionId r = m->blocks[d].parent;
    if (!r || r != m->blocks[u].parent || r >= m->nregions)
        return false;
    const Region *reg = &m->regions[r];
    uint32_t n = reg->blocks.n, di = n, ui = n;
    if (n < 2 || n > 64)
        return false;
    uint64_t pred[64] = { 0 }, dom[64];
    for (uint32_t i = 0; i < n; i++) {
        BlockId b = reg->blocks.items[i];
        di = b == d ? i : di;
        ui = b == u ? i : ui;
        const Block *bl = &m->blocks[b];
        OpId last = bl->ops.n ? bl->ops.items[bl->ops.n - 1] : 0;
        const Attr *s = last ? op_attr(m, last, "successors") : NULL;
        for (uint32_t k = 0; s && s->kind == ATTR_DENSE_ARRAY && s->ints && k < s->n; k++)
            if (s->ints[k] >= 0 && (uint64_t)s->ints[k] < n)
                pred[s->ints[k]] |= (uint64_t)1 << i;
    }
    if (di == n || ui == n)
        return false;
    uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    for (uint32_t i = 0; i < n; i++)
        dom[i] = i ? all : 1;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t i = 1; i < n; i++) {
            uint64_t x = all;
            for (uint32_t p = 0; p < n; p++)
                if (pred[i] >> p & 1)
                    x &= dom[p];
            x = (pred[i] ? x : all) | (uint64_t)1 << i;
            changed = changed || x != dom[i];
            dom[i] = x;
        }
    }
    return dom[ui] >> di & 1;
}

/*
 * Operand i of `user` must be dominated by its definition: defined earlier in
 * the same block, or an argument of that block, or either of those in a block
 * that encloses the use.  Functions and modules are isolated from above: the
 * definition must not lie outside the nearest one.
 */
static void
check_dominance(Verifier *v, OpId user, uint32_t i)
{
    Module *m = v->m;
    const Value *x = &m->values[m->ops[user].args[i]];
    OpId def = x->def;
    BlockId def_block;
    if (def) {
        if (!valid_op(v, def) || !v->pos[def]) {
            verify_fail(v, user, "operand #%u is defined by an op that is not in the IR", i);
            return;
        }
        def_block = v->block_of[def];
    } else {
        def_block = x->block;
        if (def_block == 0 || def_block >= m->nblocks || !v->block_owner[def_block]) {
            verify_fail(v, user, "operand #%u is an argument of a block that is not in the IR", i);
            return;
        }
    }
    OpId isolated = 0;
    for (OpId cur = user; cur; cur = v->owner[cur]) {
        if (v->block_of[cur] != def_block && cfg_dominates(v, def_block, v->block_of[cur])) {
            if (isolated)
                verify_fail(v, user,
                            "operand #%u is defined outside '%s' @%s, which is isolated from above",
                            i, name_of(v, isolated), verify_sym_name_of(v, isolated));
            return;
        }
        if (v->block_of[cur] == def_block) {
            if (isolated)
                verify_fail(v, user,
                            "operand #%u is defined outside '%s' @%s, which is isolated from above",
                            i, name_of(v, isolated), verify_sym_name_of(v, isolated));
            else if (def && v->pos[def] >= v->pos[cur])
                verify_fail(v, user, "operand #%u does not dominate this use", i);
            return;
        }
        OpId up = v->owner[cur];
        if (up && !isolated && (op_info[kind_of(v, up)].traits & (T_FUNC | T_CONTAINER)))
            isolated = up;
    }
    verify_fail(v, user, "operand #%u does not dominate this use", i);
}

/* ------------------------------------------------------------- dispatch */

/* Region counts: the ops that hold code, and scf.if's optional else. */
static void
region_range(OpKind k, uint32_t *lo, uint32_t *hi)
{
    *lo = *hi = 0;
    if (k == OP_MODULE || k == OP_GPU_MODULE || k == OP_FUNC || k == OP_GPU_FUNC || k == OP_FOR ||
        k == OP_LAUNCH || k == OP_ALL_REDUCE || k == OP_VMASK)
        *lo = *hi = 1;
    else if (k == OP_IF)
        *lo = 1, *hi = 2;
    else if (k == OP_LINALG_GENERIC || k == OP_LINALG_REDUCE || k == OP_LINALG_MAP ||
             k == OP_TENSOR_PAD)
        *lo = *hi = 1;
}

/* The element classes and widths of each cast kind (ops.def's cast column) */
static const struct {
    ElemClass from, to;
    WidthRule width;
} cast_rules[] = {
    [CAST_FEXT] = { CLS_FLOAT, CLS_FLOAT, WIDTH_WIDER },
    [CAST_FTRUNC] = { CLS_FLOAT, CLS_FLOAT, WIDTH_NARROWER },
    [CAST_IEXT] = { CLS_IWIDTH, CLS_IWIDTH, WIDTH_WIDER },
    [CAST_ITRUNC] = { CLS_IWIDTH, CLS_IWIDTH, WIDTH_NARROWER },
    [CAST_ITOF] = { CLS_IWIDTH, CLS_FLOAT, WIDTH_ANY },
    [CAST_FTOI] = { CLS_FLOAT, CLS_IWIDTH, WIDTH_ANY },
    [CAST_INDEX] = { CLS_INT, CLS_INT, WIDTH_INDEX },
    [CAST_BITCAST] = { CLS_ANY, CLS_ANY, WIDTH_SAME },
};

/* The rule of an elementwise op, from its class and cast kind (ops.def); false for an op
   whose class has no shared rule (EW_NONE, EW_VECTOR) */
static bool
verify_by_class(Verifier *v, OpId o)
{
    OpKind k = kind_of(v, o);
    switch (op_info[k].ew) {
    case EW_INT:
        verify_same_types(v, o, CLS_INT);
        return true;
    case EW_FLOAT:
    case EW_MATH:
        verify_same_types(v, o, CLS_FLOAT);
        return true;
    case EW_CMP:
        if (k == OP_CMPI)
            verify_compare(v, o, CLS_INT, CMPI_COUNT);
        else
            verify_compare(v, o, CLS_FLOAT, CMPF_COUNT);
        return true;
    case EW_SELECT:
        verify_select(v, o);
        return true;
    case EW_CAST: {
        CastKind c = op_info[k].cast;
        verify_cast(v, o, cast_rules[c].from, cast_rules[c].to, cast_rules[c].width);
        return true;
    }
    case EW_NONE:
    case EW_VECTOR:
        break;
    }
    return false;
}

/* The rules of one op kind; counts fixed in ops.def are already checked. */
/* The rules of the vector ops and the layout and SIMT conversions; false for another op */
static bool
verify_vector_rules(Verifier *v, OpId o)
{
    switch (kind_of(v, o)) {
    case OP_TRANSFER_READ:
        verify_transfer_read(v, o);
        return true;
    case OP_TRANSFER_WRITE:
        verify_transfer_write(v, o);
        return true;
    case OP_VLOAD:
        verify_vector_load(v, o);
        return true;
    case OP_VSTORE:
        verify_vector_store(v, o);
        return true;
    case OP_CONTRACT:
        verify_contract(v, o);
        return true;
    case OP_MULTI_REDUCTION:
        verify_multi_reduction(v, o);
        return true;
    case OP_REDUCTION:
        verify_reduction(v, o);
        return true;
    case OP_BROADCAST:
        verify_broadcast(v, o);
        return true;
    case OP_TRANSPOSE:
        verify_transpose(v, o);
        return true;
    case OP_SHAPE_CAST:
        verify_shape_cast(v, o);
        return true;
    case OP_EXTRACT:
        verify_extract(v, o);
        return true;
    case OP_INSERT:
        verify_insert(v, o);
        return true;
    case OP_EXTRACT_STRIDED_SLICE:
        verify_extract_strided_slice(v, o);
        return true;
    case OP_INSERT_STRIDED_SLICE:
        verify_insert_strided_slice(v, o);
        return true;
    case OP_SPLAT:
        verify_splat(v, o);
        return true;
    case OP_VFMA:
        verify_vector_fma(v, o);
        return true;
    case OP_STEP:
        verify_step(v, o);
        return true;
    case OP_CREATE_MASK:
        verify_create_mask(v, o);
        return true;
    case OP_CONSTANT_MASK:
        verify_constant_mask(v, o);
        return true;
    case OP_VBITCAST:
        verify_vector_bitcast(v, o);
        return true;
    case OP_FROM_ELEMENTS:
        verify_from_elements(v, o);
        return true;
    case OP_TO_LAYOUT:
        verify_to_layout(v, o);
        return true;
    case OP_TO_SIMT:
    case OP_TO_SIMD:
        verify_simt_simd(v, o);
        return true;
    default:
        return false;
    }
}

/* The rules of the tensor-core, async-copy, mbarrier, TMA and wgmma ops (nvgpu, vptx's sm_90 ops);
 * false for another op */
static bool
verify_nvgpu_rules(Verifier *v, OpId o)
{
    switch (kind_of(v, o)) {
    case OP_LDMATRIX:
        verify_ldmatrix(v, o);
        return true;
    case OP_MMA_SYNC:
        verify_mma_sync(v, o);
        return true;
    case OP_MMA_SP_SYNC:
        verify_mma_sp_sync(v, o);
        return true;
    case OP_DEVICE_ASYNC_COPY:
        verify_device_async_copy(v, o);
        return true;
    case OP_DEVICE_ASYNC_CREATE_GROUP:
        verify_async_create_group(v, o);
        return true;
    case OP_DEVICE_ASYNC_WAIT:
        verify_async_wait(v, o);
        return true;
    case OP_MBARRIER_CREATE:
        verify_mbarrier_create(v, o);
        return true;
    case OP_MBARRIER_INIT:
        verify_mbarrier_op(v, o, "bxxp", 3); /* barriers, count, mbarId, predicate */
        return true;
    case OP_MBARRIER_ARRIVE:
        verify_mbarrier_arrive(v, o);
        return true;
    case OP_MBARRIER_ARRIVE_EXPECT_TX:
        verify_mbarrier_op(v, o, "bxxp", 3); /* barriers, txcount, mbarId, predicate */
        return true;
    case OP_MBARRIER_TRY_WAIT_PARITY:
        verify_mbarrier_op(v, o, "bpxx", 4); /* barriers, phaseParity, ticks, mbarId */
        return true;
    case OP_TMA_ASYNC_LOAD:
        verify_tma_load(v, o);
        return true;
    case OP_TMA_ASYNC_STORE:
        verify_tma_store(v, o);
        return true;
    case OP_TMA_CREATE_DESCRIPTOR:
        verify_tma_create_descriptor(v, o);
        return true;
    case OP_TMA_PREFETCH_DESCRIPTOR:
        verify_tma_prefetch(v, o);
        return true;
    case OP_TMA_FENCE_DESCRIPTOR:
        verify_want_tensormap(v, o, operand(0));
        return true;
    case OP_WARPGROUP_GENERATE_DESCRIPTOR:
        verify_wg_generate_descriptor(v, o);
        return true;
    case OP_WARPGROUP_MMA:
        verify_warpgroup_mma(v, o);
        return true;
    case OP_WARPGROUP_MMA_STORE:
        verify_warpgroup_mma_store(v, o);
        return true;
    case OP_WARPGROUP_MMA_INIT_ACCUMULATOR:
        verify_want_accumulator(v, o, result(0));
        return true;
    case OP_WGMMA_SHARED:
        verify_wgmma_shared(v, o);
        return true;
    case OP_WGMMA_REG_A:
        verify_wgmma_reg_a(v, o);
        return true;
    case OP_WGMMA_WAIT: /* `pending`: groups left in flight, 0..7 */
        if (op_attr(v->m, o, "pending")) {
            int64_t n;
            if (verify_get_int(v, o, "pending", &n, true) && (n < 0 || n > 7))
                verify_fail(v, o, "attribute 'pending' is %lld but must be 0 to 7", (long long)n);
        }
        return true;
    case OP_SETMAXNREG: { /* `regs`: 24..256, a multiple of 8 (PTX ISA) */
        int64_t n;
        if (verify_get_int(v, o, "regs", &n, true) && (n < 24 || n > 256 || n % 8))
            verify_fail(v, o, "attribute 'regs' is %lld but must be a multiple of 8 from 24 to 256",
                        (long long)n);
        return true;
    }
    case OP_EXIT:
        return true;
    case OP_NAMED_BARRIER: { /* `count`: a positive multiple of 32, at most 1024 (PTX ISA) */
        int64_t n;
        if (value_type(v->m, op_get(v->m, o)->args[0]) != TY_I32)
            verify_fail(v, o, "operand #0 (the barrier id) must be i32");
        if (verify_get_int(v, o, "count", &n, true) && (n < 32 || n > 1024 || n % 32))
            verify_fail(v, o,
                        "attribute 'count' is %lld but must be a multiple of 32 from 32 to 1024",
                        (long long)n);
        return true;
    }
    case OP_TCGEN05_ALLOC:
    case OP_TCGEN05_DEALLOC:
    case OP_TCGEN05_RELINQUISH:
    case OP_TCGEN05_SMEM_DESC:
    case OP_TCGEN05_MMA:
    case OP_TCGEN05_COMMIT:
    case OP_TCGEN05_LD:
    case OP_TCGEN05_ST:
    case OP_TCGEN05_WAIT:
    case OP_TCGEN05_FENCE:
    case OP_TCGEN05_CP:
    case OP_TCGEN05_SHIFT:
    case OP_TCGEN05_MMA_BS:
    case OP_TCGEN05_COMMIT_MC:
        verify_tcgen05(v, o);
        return true;
    default:
        return false;
    }
}

/* The rules of the host-side ops, of the upstream dialects' ops vptx accepts and of the
   op-level (linalg, tensor) ops, each family in its own file; false for another op */
static bool
verify_family_rules(Verifier *v, OpId o)
{
    switch (op_info[kind_of(v, o)].family) {
    case F_HOST:
        verify_host_op(v, o);
        return true;
    case F_UPSTREAM:
        verify_upstream(v, o);
        return true;
    case F_LINALG:
        verify_linalg_op(v, o);
        return true;
    default:
        return false;
    }
}

static void
verify_op_rules(Verifier *v, OpId o)
{
    if (verify_by_class(v, o) || verify_vector_rules(v, o) || verify_nvgpu_rules(v, o) ||
        verify_family_rules(v, o))
        return;
    switch (kind_of(v, o)) {
    case OP_MODULE:
    case OP_GPU_MODULE:
        verify_container(v, o);
        break;
    case OP_FUNC:
        verify_func(v, o);
        break;
    case OP_RETURN:
        verify_return(v, o, OP_FUNC);
        break;
    case OP_CALL:
        verify_call(v, o);
        break;
    case OP_CONSTANT:
        verify_constant(v, o);
        break;
    case OP_FOR:
        verify_for(v, o);
        break;
    case OP_IF:
        verify_if(v, o);
        break;
    case OP_YIELD:
        verify_yield(v, o);
        break;
    case OP_ALLOC:
    case OP_ALLOCA:
        verify_alloc(v, o);
        break;
    case OP_MLOAD:
        verify_memref_load(v, o);
        break;
    case OP_MSTORE:
        verify_memref_store(v, o);
        break;
    case OP_SUBVIEW:
        verify_subview(v, o);
        break;
    case OP_VIEW:
        verify_view(v, o);
        break;
    case OP_GET_GLOBAL:
        verify_get_global(v, o);
        break;
    case OP_GLOBAL:
        verify_global(v, o);
        break;
    case OP_DIM:
        verify_dim(v, o);
        break;
    case OP_AFFINE_APPLY:
        verify_affine_apply(v, o);
        break;
    case OP_LINEARIZE_INDEX:
        verify_linearize_index(v, o);
        break;
    case OP_DELINEARIZE_INDEX:
        verify_delinearize_index(v, o);
        break;
    case OP_GPU_FUNC:
        verify_gpu_func(v, o);
        break;
    case OP_GPU_RETURN:
        verify_return(v, o, OP_GPU_FUNC);
        break;
    case OP_THREAD_ID:
    case OP_BLOCK_ID:
    case OP_BLOCK_DIM:
    case OP_GRID_DIM:
        verify_gpu_id(v, o, true);
        break;
    case OP_LANE_ID:
    case OP_SUBGROUP_ID:
        verify_gpu_id(v, o, false);
        break;
    case OP_BARRIER:
        break;
    case OP_SHUFFLE:
        verify_shuffle(v, o);
        break;
    case OP_SUBGROUP_REDUCE:
        verify_subgroup_reduce(v, o);
        break;
    case OP_DYNAMIC_SHARED_MEMORY:
        verify_dynamic_shared_memory(v, o);
        break;
    case OP_COUNT:
        UNREACHABLE();
    default: /* an op with a class (ops.def), or of a family above: its rule is theirs */
        break;
    }
}

/*
 * Checks every op does regardless of kind: counts from ops.def, operands and
 * results that are real values, dominance, region counts, terminators last.
 * Returns false when the per-op rules must not run (they would index past
 * the operands).
 */
/* i4 is packed, 8 to a 32-bit register, the element with the lower index in the low
 * nibble (upstream's narrow-type emulation); vptx takes it in vectors whose last dim is
 * a multiple of 8, made and used by vector.bitcast and arith.extsi / extui / trunci.
 * Anything else holding i4 is one located error here. */
static bool
i4_fits(Verifier *v, OpId o, TypeId t, const char *what, uint32_t i)
{
    const Type *x = ty(v, t);
    if (elem_of(v, t) != TY_I4)
        return true;
    static const OpKind takes[] = {
        OP_VBITCAST,      OP_EXTSI,         OP_EXTUI,          OP_TRUNCI,  OP_VLOAD,
        OP_VSTORE,        OP_TRANSFER_READ, OP_TRANSFER_WRITE, OP_EXTRACT, OP_INSERT,
        OP_FROM_ELEMENTS, OP_SHAPE_CAST,    OP_BROADCAST,      OP_IF,      OP_YIELD,
    };
    OpKind kind = v->m->ops[o].kind;
    bool op_ok = false;
    for (size_t k = 0; k < sizeof takes / sizeof takes[0]; k++)
        op_ok = op_ok || kind == takes[k];
    op_ok = op_ok || (op_info[kind].traits & T_FUNC) || kind == OP_CALL || kind == OP_RETURN;
    bool func = (op_info[kind].traits & T_FUNC) || kind == OP_CALL || kind == OP_RETURN;
    bool mem_ok = kind == OP_VLOAD || kind == OP_VSTORE || kind == OP_MLOAD || kind == OP_MSTORE ||
                  kind == OP_SUBVIEW || kind == OP_TRANSFER_READ || kind == OP_TRANSFER_WRITE ||
                  func || (kind == OP_ALLOC && x->kind == TY_MEMREF && x->memspace == MS_WORKGROUP);
    /* a scalar i4: loaded and stored one element at a time, and cast to and from wider
       integers (the register holds it in its low nibble) */
    bool scalar_ok =
        t == TY_I4 &&
        (kind == OP_MLOAD || kind == OP_MSTORE || kind == OP_EXTSI || kind == OP_EXTUI ||
         kind == OP_TRUNCI || kind == OP_TRANSFER_READ || kind == OP_EXTRACT || kind == OP_INSERT ||
         kind == OP_FROM_ELEMENTS || kind == OP_POISON || kind == OP_IF || kind == OP_YIELD ||
         kind == OP_BROADCAST);
    if (x->kind == TY_MEMREF && !mem_ok)
        verify_fail(v, o,
                    "%s #%u is %s: packed i4 in memory is taken only as a function argument, a "
                    "workgroup memref.alloc or a memref.subview, "
                    "read and written by memref.load / memref.store and by vector.load / "
                    "vector.store of vectors whose last dim is a multiple of 8",
                    what, i, verify_tname(v, t));
    else if (x->kind == TY_MEMREF && x->layout && x->layout->kind != ATTR_STRIDED)
        verify_fail(v, o,
                    "%s #%u is %s: packed i4 in memory takes only strided layouts (an "
                    "element's byte is its linear position / 2)",
                    what, i, verify_tname(v, t));
    else if (x->kind == TY_MEMREF && x->layout && x->layout->i != DIM_DYNAMIC && x->layout->i % 2 &&
             strcmp(what, "operand")) /* where it is made, once */
        verify_fail(v, o,
                    "%s #%u is %s: packed i4 memory must start at an even element offset (two "
                    "elements share a byte)",
                    what, i, verify_tname(v, t));
    else if (x->kind == TY_MEMREF || scalar_ok)
        return true;
    else if (x->kind != TY_VECTOR || x->rank == 0 || x->shape[x->rank - 1] % 8)
        verify_fail(v, o,
                    "%s #%u is %s: vptx holds i4 packed, 8 to a 32-bit register, so it takes i4 "
                    "only in vectors whose last dim is a multiple of 8, and scalars in "
                    "memref.load / memref.store and arith.extsi / extui / trunci",
                    what, i, verify_tname(v, t));
    else if (!op_ok)
        verify_fail(v, o,
                    "%s #%u is %s: vptx takes packed i4 vectors only in moves (loads, stores, "
                    "transfers, calls, vector.bitcast and the other vector assembly) and "
                    "arith.extsi / extui / trunci: extend them to compute",
                    what, i, verify_tname(v, t));
    else
        return true;
    return false;
}

static void
verify_i4(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    for (uint32_t i = 0; i < op->nargs; i++)
        if (!i4_fits(v, o, arg_type(v, o, i), "operand", i))
            return;
    for (uint32_t i = 0; i < op->nres; i++)
        if (!i4_fits(v, o, res_type(v, o, i), "result", i))
            return;
    if (!(op_info[op->kind].traits & T_FUNC) || !op->nregions)
        return;
    BlockId b = op_entry_block(v->m, o, 0);
    for (uint32_t i = 0; b && i < v->m->blocks[b].args.n; i++)
        if (!i4_fits(v, o, v->m->values[v->m->blocks[b].args.items[i]].type, "argument", i))
            return;
}

/* i128 only moves (PTX has no 128-bit arithmetic; ptxgen holds one in two b64 registers,
 * eval in two Scalars): memref<...xi128> arguments (of kernels and device functions,
 * passed by func.call), memref.load / memref.store of a scalar i128, arith.select
 * between two, vector<...xi128> read and written by vector.load / vector.store and taken
 * apart or built by vector.extract (static positions), vector.from_elements and
 * vector.shape_cast, and scalars and vectors as function arguments and results (a
 * kernel's scalar: 16 bytes by value; a call's: two b64 .params an element).  Anything
 * else holding i128 is one located error naming the op. */
static bool
i128_fits(Verifier *v, OpId o, TypeId t, const char *what, uint32_t i)
{
    if (elem_of(v, t) != TY_I128)
        return true;
    const Type *x = ty(v, t);
    OpKind k = v->m->ops[o].kind;
    bool func = (op_info[k].traits & T_FUNC) != 0;
    bool moves = k == OP_VLOAD || k == OP_VSTORE || k == OP_EXTRACT || k == OP_FROM_ELEMENTS ||
                 k == OP_SHAPE_CAST || k == OP_CALL || k == OP_RETURN || k == OP_TRANSFER_READ ||
                 k == OP_TRANSFER_WRITE;
    bool ok = x->kind == TY_MEMREF
                  ? (k == OP_MLOAD || k == OP_MSTORE || k == OP_VLOAD || k == OP_VSTORE ||
                     k == OP_CALL || func || k == OP_TRANSFER_READ || k == OP_TRANSFER_WRITE)
              : x->kind == TY_VECTOR
                  ? moves
                  : t == TY_I128 &&
                        (k == OP_MLOAD || k == OP_MSTORE || k == OP_SELECT || k == OP_EXTRACT ||
                         k == OP_FROM_ELEMENTS || k == OP_CALL || k == OP_RETURN ||
                         k == OP_TRANSFER_READ || k == OP_POISON || k == OP_IF || k == OP_YIELD);
    if (ok && k == OP_EXTRACT && op_get(v->m, o)->nargs > 1) {
        verify_fail(v, o,
                    "%s #%u is %s: vptx takes vector.extract of i128 only at static "
                    "positions",
                    what, i, verify_tname(v, t));
        return false;
    }
    if (ok)
        return true;
    verify_fail(v, o,
                "%s #%u is %s: vptx only moves i128 (memref<...xi128> arguments, "
                "memref.load, memref.store, arith.select of scalars; vector.load, "
                "vector.store, vector.extract, vector.from_elements, vector.shape_cast of "
                "vectors)",
                what, i, verify_tname(v, t));
    return false;
}

static void
verify_i128(Verifier *v, OpId o)
{
    const Op *op = &v->m->ops[o];
    for (uint32_t i = 0; i < op->nargs; i++)
        if (!i128_fits(v, o, arg_type(v, o, i), "operand", i))
            return;
    for (uint32_t i = 0; i < op->nres; i++)
        if (!i128_fits(v, o, res_type(v, o, i), "result", i))
            return;
    /* a function's scalar i128 argument is taken: a kernel's is 16 bytes by value
       (ptxgen.c scalar_param), a device function's two b64 .params (isel_call.c) */
}

static bool
verify_op_generic(Verifier *v, OpId o)
{
    Module *m = v->m;
    const Op *op = &m->ops[o];
    const OpInfo *info = &op_info[op->kind];
    bool ok = true;
    if (info->nargs != VAR && op->nargs != (uint32_t)info->nargs)
        ok = verify_want_count(v, o, "operands", op->nargs, (uint32_t)info->nargs,
                               (uint32_t)info->nargs);
    if (info->nres != VAR && op->nres != (uint32_t)info->nres)
        ok &= verify_want_count(v, o, "results", op->nres, (uint32_t)info->nres,
                                (uint32_t)info->nres);
    uint32_t lo, hi;
    region_range(op->kind, &lo, &hi);
    if (!verify_want_count(v, o, "regions", op->nregions, lo, hi))
        ok = false;
    for (uint32_t i = 0; i < op->nargs; i++) {
        ValueId x = op->args[i];
        if (x == 0 || x >= m->nvalues || m->values[x].type == TY_INVALID ||
            m->values[x].type >= m->ntypes) {
            verify_fail(v, o, "operand #%u is not a value with a type", i);
            ok = false;
        } else
            check_dominance(v, o, i);
    }
    for (uint32_t i = 0; i < op->nres; i++) {
        ValueId x = op->res[i];
        if (x == 0 || x >= m->nvalues || m->values[x].def != o || m->values[x].type == TY_INVALID ||
            m->values[x].type >= m->ntypes) {
            verify_fail(v, o, "result #%u is not a value with a type defined by this op", i);
            ok = false;
        }
    }
    if ((info->traits & T_TERM) && o != m->top && v->pos[o] != m->blocks[v->block_of[o]].ops.n)
        verify_fail(v, o, "must be the last operation in its block");
    verify_check_translation_info(v, o);
    if (ok)
        verify_i4(v, o);
    if (ok)
        verify_i128(v, o);
    return ok;
}

static void
verify_tree(Verifier *v, OpId o)
{
    Module *m = v->m;
    if (verify_op_generic(v, o))
        verify_op_rules(v, o);
    for (uint32_t i = 0; i < m->ops[o].nregions; i++) {
        RegionId r = m->ops[o].regions[i];
        if (r == 0 || r >= m->nregions)
            continue;
        for (uint32_t bi = 0; bi < m->regions[r].blocks.n; bi++) {
            BlockId b = m->regions[r].blocks.items[bi];
            if (b == 0 || b >= m->nblocks || v->block_owner[b] != o)
                continue;
            for (uint32_t k = 0; k < m->blocks[b].ops.n; k++) {
                OpId c = m->blocks[b].ops.items[k];
                /* only where place() put it: a repeated or invalid id is reported there */
                if (valid_op(v, c) && v->pos[c] == k + 1 && v->block_of[c] == b)
                    verify_tree(v, c);
            }
        }
    }
}

/* A symbol (sym_name) of a symbol table: module or gpu.module. */
typedef struct {
    OpId table, op;
    const char *name;
} SymEntry;

static int
sym_compare(const void *pa, const void *pb)
{
    const SymEntry *a = pa, *b = pb;
    if (a->table != b->table)
        return a->table < b->table ? -1 : 1;
    int c = strcmp(a->name, b->name);
    if (c)
        return c;
    return a->op < b->op ? -1 : a->op > b->op;
}

static void sort_and_report(Verifier *v, SymEntry *syms, uint32_t n);

/* Every symbol is defined once per table (MLIR: "redefinition of symbol named
 * ..."): sorted, so the cost is n log n whatever the input. */
static void
check_duplicate_symbols(Verifier *v)
{
    Module *m = v->m;
    /* counted first: a table sized by every op (most of them not symbols) would be
       zeroed and its pages touched at each of the pipeline's verifier runs */
    uint32_t n = 0;
    for (int pass = 0; pass < 2; pass++) {
        SymEntry *syms = pass ? arena_alloc(&m->arena, (n + 1) * sizeof *syms) : NULL;
        uint32_t k = 0;
        for (OpId o = 1; o < m->nops; o++) {
            OpId table = v->owner[o];
            if (!table || !(op_info[m->ops[table].kind].traits & T_CONTAINER))
                continue;
            const Attr *a = op_attr(m, o, "sym_name");
            if (a && a->kind == ATTR_STRING && a->str) {
                if (syms)
                    syms[k] = (SymEntry){ table, o, a->str };
                k++;
            }
        }
        n = k;
        if (syms)
            sort_and_report(v, syms, n);
    }
}

/* Reports the repeated names of syms (n entries). */
static void
sort_and_report(Verifier *v, SymEntry *syms, uint32_t n)
{
    Module *m = v->m;
    qsort(syms, n, sizeof *syms, sym_compare);
    for (uint32_t i = 1; i < n; i++)
        if (syms[i].table == syms[i - 1].table && strcmp(syms[i].name, syms[i - 1].name) == 0) {
            verify_fail(v, syms[i].op, "redefinition of symbol '@%s'", syms[i].name);
            diag_note(v->d, m->ops[syms[i - 1].op].loc, "previous definition of '@%s' is here",
                      syms[i].name);
        }
}

bool
ir_verify(Module *m, Diag *d)
{
    Verifier v = { .m = m, .d = d };
    ArenaMark mark = arena_mark(&m->arena);
    v.pos = arena_alloc(&m->arena, (m->nops + 1) * sizeof *v.pos);
    v.block_of = arena_alloc(&m->arena, (m->nops + 1) * sizeof *v.block_of);
    v.owner = arena_alloc(&m->arena, (m->nops + 1) * sizeof *v.owner);
    v.block_owner = arena_alloc(&m->arena, (m->nblocks + 1) * sizeof *v.block_owner);
    if (valid_op(&v, m->top) && m->ops[m->top].kind == OP_MODULE) {
        place(&v, m->top, 0);
        verify_tree(&v, m->top);
        check_duplicate_symbols(&v);
    } else {
        diag_error(d, (Loc){ 0 }, "the module has no top-level 'builtin.module'");
        v.nerrors++;
    }
    arena_release(&m->arena, mark);
    symtab_free(&v.syms);
    return v.nerrors == 0;
}
