/*
 * module.c -- creating and querying IR: the op table, type interning,
 * attribute and affine-expression constructors, ops, blocks and regions.
 *
 * Everything is allocated in the module's arena or in the module's id-indexed
 * arrays (see the ownership rules in ir/ir.h).
 */
#include "ir/ir.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

const OpInfo op_info[OP_COUNT] = {
#define OP(name, mn, na, nr, tr, cl, ca, fa)                                                       \
    [OP_##name] = { mn, na, nr, (tr) | ((cl) != EW_NONE ? T_ELEMWISE : 0), cl, ca, fa },
#include "ir/ops.def"
#undef OP
};

const char *const cmpi_names[CMPI_COUNT] = {
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
};
const char *const cmpf_names[CMPF_COUNT] = {
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true",
};
const char *const combining_kind_names[KIND_COUNT] = {
    [KIND_ADD] = "add",           [KIND_MUL] = "mul",
    [KIND_MINUI] = "minui",       [KIND_MINSI] = "minsi",
    [KIND_MINNUMF] = "minnumf",   [KIND_MAXUI] = "maxui",
    [KIND_MAXSI] = "maxsi",       [KIND_MAXNUMF] = "maxnumf",
    [KIND_AND] = "and",           [KIND_OR] = "or",
    [KIND_XOR] = "xor",           [KIND_MAXIMUMF] = "maximumf",
    [KIND_MINIMUMF] = "minimumf",
};

int
combining_kind_lookup(const char *name)
{
    for (int k = 0; k < KIND_COUNT; k++)
        if (strcmp(name, combining_kind_names[k]) == 0)
            return k;
    if (strcmp(name, "maxf") == 0)
        return KIND_MAXIMUMF;
    if (strcmp(name, "minf") == 0)
        return KIND_MINIMUMF;
    return -1;
}

/* ---- op lookup: a sorted index of mnemonics, built once ---- */

static uint16_t op_sorted[OP_COUNT];
static pthread_once_t op_sorted_once = PTHREAD_ONCE_INIT;

static int
compare_op_names(const void *a, const void *b)
{
    return strcmp(op_info[*(const uint16_t *)a].name, op_info[*(const uint16_t *)b].name);
}

static void
build_op_index(void)
{
    for (int i = 0; i < OP_COUNT; i++)
        op_sorted[i] = (uint16_t)i;
    qsort(op_sorted, OP_COUNT, sizeof op_sorted[0], compare_op_names);
}

int
op_lookup(const char *mnemonic)
{
    static const struct {
        const char *alias;
        OpKind kind;
    } aliases[] = {
        { "arith.maxf", OP_MAXIMUMF },
        { "arith.minf", OP_MINIMUMF },
        { "func.constant", OP_COUNT }, /* placeholder: not supported */
    };
    pthread_once(&op_sorted_once, build_op_index);
    int lo = 0, hi = OP_COUNT - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(mnemonic, op_info[op_sorted[mid]].name);
        if (c == 0)
            return op_sorted[mid];
        if (c < 0)
            hi = mid - 1;
        else
            lo = mid + 1;
    }
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (aliases[i].kind != OP_COUNT && strcmp(mnemonic, aliases[i].alias) == 0)
            return (int)aliases[i].kind;
    return -1;
}

/* ---- growable id arrays (malloc'd: they are the module's own tables) ---- */

static void *
grow_table(void *items, uint32_t *cap, size_t elem_size)
{
    uint32_t ncap = *cap ? *cap * 2 : 64;
    if (*cap >= UINT32_MAX / 2)
        ir_oom();
    items = ir_realloc(items, (size_t)ncap * elem_size);
    *cap = ncap;
    return items;
}

/* Appends a zeroed entry; the spare capacity is not touched until it is used, so the
 * pages that doubling reserves cost no memory until then. */
#define TABLE_NEW(m, table, n, cap)                                                                \
    ((m)->n == (m)->cap                                                                            \
         ? (void)((m)->table = grow_table((m)->table, &(m)->cap, sizeof *(m)->table))              \
         : (void)0,                                                                                \
     memset(&(m)->table[(m)->n], 0, sizeof *(m)->table), (m)->n++)

/* ---- types ---- */

static uint64_t
hash_mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

static uint64_t
type_hash(const Type *t)
{
    uint64_t h = hash_mix(t->kind, t->elem);
    h = hash_mix(h, t->rank);
    for (uint32_t i = 0; i < t->rank; i++)
        h = hash_mix(h, (uint64_t)t->shape[i]);
    h = hash_mix(h, (uint64_t)t->memspace * 2 + t->memspace_gpu);
    h = hash_mix(h, t->layout != NULL);
    h = hash_mix(h, t->nins * 1000u + t->nouts);
    for (uint32_t i = 0; i < t->nins; i++)
        h = hash_mix(h, t->ins[i]);
    for (uint32_t i = 0; i < t->nouts; i++)
        h = hash_mix(h, t->outs[i]);
    h = hash_mix(h, (uint64_t)t->num_barriers);
    h = hash_mix(h, t->swizzle | t->l2promo << 8 | t->oob << 16 | t->interleave << 24);
    h = hash_mix(h, t->unranked);
    h = hash_mix(h, t->mma_operand | t->mma_sign << 8);
    return h;
}

static bool
ids_equal(const TypeId *a, const TypeId *b, uint32_t n)
{
    return n == 0 || memcmp(a, b, n * sizeof *a) == 0;
}

static bool
type_equal(const Type *a, const Type *b)
{
    if (a->kind != b->kind || a->elem != b->elem || a->rank != b->rank ||
        a->memspace != b->memspace || a->memspace_gpu != b->memspace_gpu || a->nins != b->nins ||
        a->nouts != b->nouts || a->num_barriers != b->num_barriers || a->swizzle != b->swizzle ||
        a->l2promo != b->l2promo || a->oob != b->oob || a->interleave != b->interleave ||
        a->unranked != b->unranked || a->mma_operand != b->mma_operand ||
        a->mma_sign != b->mma_sign)
        return false;
    if (a->rank && memcmp(a->shape, b->shape, a->rank * sizeof *a->shape) != 0)
        return false;
    if ((a->layout == NULL) != (b->layout == NULL) ||
        (a->layout && !attr_equal(a->layout, b->layout)))
        return false;
    return ids_equal(a->ins, b->ins, a->nins) && ids_equal(a->outs, b->outs, a->nouts);
}

static void
rehash_types(Module *m)
{
    ir_free(m->type_hash);
    m->type_hash = NULL;
    m->type_hash_cap = m->type_hash_cap ? m->type_hash_cap * 2 : 256;
    m->type_hash = ir_calloc(m->type_hash_cap, sizeof *m->type_hash);
    for (uint32_t id = 1; id < m->ntypes; id++) {
        uint32_t slot = (uint32_t)type_hash(&m->types[id]) & (m->type_hash_cap - 1);
        while (m->type_hash[slot])
            slot = (slot + 1) & (m->type_hash_cap - 1);
        m->type_hash[slot] = id;
    }
}

TypeId
type_intern(Module *m, const Type *proto)
{
    if (proto->kind != TY_INVALID && proto->kind <= TY_LAST_SCALAR)
        return (TypeId)proto->kind;
    uint32_t mask = m->type_hash_cap - 1;
    uint32_t slot = (uint32_t)type_hash(proto) & mask;
    for (; m->type_hash[slot]; slot = (slot + 1) & mask)
        if (type_equal(&m->types[m->type_hash[slot]], proto))
            return m->type_hash[slot];
    TypeId id = TABLE_NEW(m, types, ntypes, captypes);
    Type *t = &m->types[id];
    *t = *proto;
    t->shape =
        proto->rank ? arena_copy(&m->arena, proto->shape, proto->rank * sizeof(int64_t)) : NULL;
    t->ins = proto->nins ? arena_copy(&m->arena, proto->ins, proto->nins * sizeof(TypeId)) : NULL;
    t->outs =
        proto->nouts ? arena_copy(&m->arena, proto->outs, proto->nouts * sizeof(TypeId)) : NULL;
    if (2 * m->ntypes > m->type_hash_cap)
        rehash_types(m);
    else
        m->type_hash[slot] = id;
    return id;
}

TypeId
type_vector(Module *m, TypeId elem, uint32_t rank, const int64_t *shape)
{
    Type t = { .kind = TY_VECTOR, .elem = elem, .rank = rank, .shape = shape };
    return type_intern(m, &t);
}

TypeId
type_memref(Module *m, TypeId elem, uint32_t rank, const int64_t *shape, const Attr *layout,
            int32_t memspace, bool memspace_gpu)
{
    Type t = { .kind = TY_MEMREF,
               .elem = elem,
               .rank = rank,
               .shape = shape,
               .layout = layout,
               .memspace = memspace,
               .memspace_gpu = memspace_gpu };
    return type_intern(m, &t);
}

TypeId
type_function(Module *m, uint32_t nins, const TypeId *ins, uint32_t nouts, const TypeId *outs)
{
    Type t = { .kind = TY_FUNCTION, .nins = nins, .ins = ins, .nouts = nouts, .outs = outs };
    return type_intern(m, &t);
}

TypeId
type_tensor(Module *m, TypeId elem, uint32_t rank, const int64_t *shape)
{
    Type t = { .kind = TY_TENSOR, .elem = elem, .rank = rank, .shape = shape };
    return type_intern(m, &t);
}

bool
type_is_int(TypeId t)
{
    return t >= TY_I1 && t <= TY_INDEX;
}

bool
type_is_float(TypeId t)
{
    return t >= TY_F16 && t <= TY_F8E5M2FNUZ;
}

bool
type_is_scalar(TypeId t)
{
    return t != TY_INVALID && t <= TY_LAST_SCALAR;
}

unsigned
type_bitwidth(TypeId t)
{
    static const unsigned bits[TY_LAST_SCALAR + 1] = {
        [TY_I1] = 1,       [TY_I4] = 4,     [TY_I8] = 8,         [TY_I16] = 16,
        [TY_I32] = 32,     [TY_I64] = 64,   [TY_INDEX] = 64,     [TY_F16] = 16,
        [TY_BF16] = 16,    [TY_F32] = 32,   [TY_F64] = 64,       [TY_TF32] = 32,
        [TY_F8E4M3FN] = 8, [TY_F8E5M2] = 8, [TY_F8E4M3FNUZ] = 8, [TY_F8E5M2FNUZ] = 8,
        [TY_I128] = 128,
    };
    return t <= TY_LAST_SCALAR ? bits[t] : 0;
}

bool
module_collect_funcs(Module *m, OpId op, void *ctx)
{
    OpIdList *funcs = ctx;
    if (op_info[op_get(m, op)->kind].traits & T_FUNC)
        ARRAY_PUSH(&m->arena, *funcs, op);
    return true;
}

unsigned
type_scalar_bytes(TypeId t)
{
    return (type_bitwidth(t) + 7) / 8;
}

const char *
scalar_type_name(TypeId t)
{
    static const char *const names[TY_LAST_SCALAR + 1] = {
        [TY_INVALID] = "<invalid>",
        [TY_I1] = "i1",
        [TY_I4] = "i4",
        [TY_I128] = "i128",
        [TY_I8] = "i8",
        [TY_I16] = "i16",
        [TY_I32] = "i32",
        [TY_I64] = "i64",
        [TY_INDEX] = "index",
        [TY_F16] = "f16",
        [TY_BF16] = "bf16",
        [TY_F32] = "f32",
        [TY_F64] = "f64",
        [TY_TF32] = "tf32",
        [TY_F8E4M3FN] = "f8E4M3FN",
        [TY_F8E5M2] = "f8E5M2",
        [TY_F8E4M3FNUZ] = "f8E4M3FNUZ",
        [TY_F8E5M2FNUZ] = "f8E5M2FNUZ",
    };
    return t <= TY_LAST_SCALAR ? names[t] : NULL;
}

TypeId
type_element(const Module *m, TypeId t)
{
    const Type *ty = type_get(m, t);
    return ty->kind == TY_VECTOR || ty->kind == TY_MEMREF || ty->kind == TY_MMA_MATRIX ||
                   ty->kind == TY_TENSOR
               ? ty->elem
               : t;
}

int64_t
type_num_elements(const Module *m, TypeId t)
{
    const Type *ty = type_get(m, t);
    if (ty->kind != TY_VECTOR && ty->kind != TY_MEMREF && ty->kind != TY_TENSOR)
        return 1;
    int64_t n = 1;
    for (uint32_t i = 0; i < ty->rank; i++) {
        if (ty->shape[i] < 0)
            return -1;
        n *= ty->shape[i];
    }
    return n;
}

bool
type_is_vector(const Module *m, TypeId t)
{
    return type_get(m, t)->kind == TY_VECTOR;
}

bool
type_is_memref(const Module *m, TypeId t)
{
    return type_get(m, t)->kind == TY_MEMREF;
}

bool
type_is_tensor(const Module *m, TypeId t)
{
    return type_get(m, t)->kind == TY_TENSOR;
}

bool
type_is_shaped(const Module *m, TypeId t)
{
    TypeKind k = type_get(m, t)->kind;
    return k == TY_VECTOR || k == TY_MEMREF || k == TY_TENSOR;
}

/* ---- attributes ---- */

static Attr *
attr_new(Module *m, AttrKind k)
{
    Attr *a = arena_alloc(&m->arena, sizeof *a);
    a->kind = k;
    return a;
}

static uint64_t
mix_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static uint64_t
mix_str(uint64_t h, const char *s)
{
    return s ? mix_bytes(h, s, strlen(s) + 1) : hash_mix(h, 0);
}

/* A hash of what attr_same compares: the scalar fields and the bytes of strings and
 * integer/float arrays; items and dict values by pointer (they are interned first). */
static uint64_t
attr_hash(const Attr *a)
{
    uint64_t h = hash_mix(a->kind, a->type);
    h = hash_mix(h, (uint64_t)a->b | (uint64_t)a->splat << 1 | (uint64_t)a->short_form << 2);
    h = hash_mix(h, (uint64_t)a->i);
    h = mix_bytes(h, &a->f, sizeof a->f);
    h = hash_mix(h, a->n);
    if (a->kind == ATTR_STRING)
        h = mix_bytes(h, a->str, a->len);
    else
        h = mix_str(h, a->str);
    h = mix_str(mix_str(h, a->dialect), a->name);
    for (uint32_t i = 0; a->items && i < a->n; i++)
        h = hash_mix(h, (uint64_t)(uintptr_t)a->items[i]);
    for (uint32_t i = 0; a->dict && i < a->n; i++)
        h = hash_mix(mix_str(h, a->dict[i].name), (uint64_t)(uintptr_t)a->dict[i].value);
    if (a->ints)
        h = mix_bytes(hash_mix(h, 1), a->ints, a->n * sizeof *a->ints);
    if (a->floats)
        h = mix_bytes(hash_mix(h, 2), a->floats, a->n * sizeof *a->floats);
    return h;
}

static bool
opt_str_same(const char *x, const char *y)
{
    return x == y || (x && y && strcmp(x, y) == 0);
}

static bool
attr_same(const Attr *x, const Attr *y)
{
    if (x->kind != y->kind || x->type != y->type || x->b != y->b || x->splat != y->splat ||
        x->short_form != y->short_form || x->i != y->i || memcmp(&x->f, &y->f, sizeof x->f) ||
        x->n != y->n || x->len != y->len || !opt_str_same(x->dialect, y->dialect) ||
        !opt_str_same(x->name, y->name) || !x->items != !y->items || !x->dict != !y->dict ||
        !x->ints != !y->ints || !x->floats != !y->floats || x->map != y->map ||
        x->nested != y->nested || x->translation != y->translation)
        return false;
    if (x->kind == ATTR_STRING
            ? !(x->str == y->str || (x->str && y->str && memcmp(x->str, y->str, x->len) == 0))
            : !opt_str_same(x->str, y->str))
        return false;
    for (uint32_t i = 0; x->items && i < x->n; i++)
        if (x->items[i] != y->items[i])
            return false;
    for (uint32_t i = 0; x->dict && i < x->n; i++)
        if (x->dict[i].value != y->dict[i].value || strcmp(x->dict[i].name, y->dict[i].name))
            return false;
    return (!x->ints || memcmp(x->ints, y->ints, x->n * sizeof *x->ints) == 0) &&
           (!x->floats || memcmp(x->floats, y->floats, x->n * sizeof *x->floats) == 0);
}

static void
attr_tab_insert(Module *m, const Attr *a)
{
    uint32_t mask = m->attr_tab_cap - 1;
    uint32_t i = (uint32_t)attr_hash(a) & mask;
    while (m->attr_tab[i])
        i = (i + 1) & mask;
    m->attr_tab[i] = a;
}

/* The interned equal of a, just built in m's arena after mark: an earlier equal
 * attribute (and a's memory is given back), or a itself, now recorded. */
static const Attr *
attr_intern(Module *m, const Attr *a, ArenaMark mark)
{
    if (m->attr_tab_cap) {
        uint32_t mask = m->attr_tab_cap - 1;
        for (uint32_t i = (uint32_t)attr_hash(a) & mask; m->attr_tab[i]; i = (i + 1) & mask)
            if (attr_same(m->attr_tab[i], a)) {
                const Attr *old = m->attr_tab[i];
                arena_release(&m->arena, mark);
                return old;
            }
    }
    if (2 * (m->nattr_tab + 1) > m->attr_tab_cap) {
        const Attr **old = m->attr_tab;
        uint32_t oldcap = m->attr_tab_cap;
        m->attr_tab_cap = oldcap ? 2 * oldcap : 256;
        m->attr_tab = ir_calloc(m->attr_tab_cap, sizeof *m->attr_tab);
        for (uint32_t i = 0; i < oldcap; i++)
            if (old[i])
                attr_tab_insert(m, old[i]);
        ir_free(old);
    }
    attr_tab_insert(m, a);
    m->nattr_tab++;
    return a;
}

const Attr *
attr_unit(Module *m)
{
    ArenaMark mk = arena_mark(&m->arena);
    return attr_intern(m, attr_new(m, ATTR_UNIT), mk);
}

const Attr *
attr_bool(Module *m, bool b)
{
    ArenaMark mk = arena_mark(&m->arena);
    Attr *a = attr_new(m, ATTR_BOOL);
    a->b = b;
    a->type = TY_I1;
    return attr_intern(m, a, mk);
}

const Attr *
attr_int(Module *m, int64_t v, TypeId type)
{
    ArenaMark mk = arena_mark(&m->arena);
    Attr *a = attr_new(m, ATTR_INT);
    a->i = v;
    a->type = type;
    return attr_intern(m, a, mk);
}

const Attr *
attr_float(Module *m, double v, TypeId type)
{
    ArenaMark mk = arena_mark(&m->arena);
    Attr *a = attr_new(m, ATTR_FLOAT);
    a->f = v;
    a->type = type;
    return attr_intern(m, a, mk);
}

const Attr *
attr_string(Module *m, const char *s, uint32_t len)
{
    ArenaMark mk = arena_mark(&m->arena);
    Attr *a = attr_new(m, ATTR_STRING);
    a->str = arena_strndup(&m->arena, s, len);
    a->len = len;
    return attr_intern(m, a, mk);
}

const Attr *
attr_type(Module *m, TypeId t)
{
    ArenaMark mk = arena_mark(&m->arena);
    Attr *a = attr_new(m, ATTR_TYPE);
    a->type = t;
    return attr_intern(m, a, mk);
}

const Attr *
attr_symbol(Module *m, const char *name)
{
    ArenaMark mk = arena_mark(&m->arena);
    Attr *a = attr_new(m, ATTR_SYMBOL);
    a->str = arena_strdup(&m->arena, name);
    return attr_intern(m, a, mk);
}

const Attr *
attr_array(Module *m, const Attr *const *items, uint32_t n)
{
    ArenaMark mk = arena_mark(&m->arena);
    Attr *a = attr_new(m, ATTR_ARRAY);
    a->n = n;
    a->items = n ? arena_copy(&m->arena, items, n * sizeof *items) : NULL;
    return attr_intern(m, a, mk);
}

const Attr *
attr_int_array(Module *m, const int64_t *v, uint32_t n, TypeId type)
{
    const Attr *small[16];
    const Attr **items = n <= 16 ? small : arena_alloc(&m->arena, n * sizeof *items);
    for (uint32_t i = 0; i < n; i++)
        items[i] = attr_int(m, v[i], type);
    return attr_array(m, items, n);
}

const Attr *
attr_dense_array(Module *m, TypeId elem, const int64_t *ints, const double *floats, uint32_t n)
{
    ArenaMark mk = arena_mark(&m->arena);
    Attr *a = attr_new(m, ATTR_DENSE_ARRAY);
    a->type = elem;
    a->n = n;
    if (ints)
        a->ints = arena_copy(&m->arena, ints, n * sizeof *ints);
    if (floats)
        a->floats = arena_copy(&m->arena, floats, n * sizeof *floats);
    return attr_intern(m, a, mk);
}

const Attr *
attr_dict(Module *m, const NamedAttr *items, uint32_t n)
{
    ArenaMark mk = arena_mark(&m->arena);
    Attr *a = attr_new(m, ATTR_DICT);
    a->n = n;
    a->dict = n ? arena_copy(&m->arena, items, n * sizeof *items) : NULL;
    return attr_intern(m, a, mk);
}

const Attr *
attr_enum(Module *m, const char *dialect, const char *name, const char *value, bool short_form)
{
    ArenaMark mk = arena_mark(&m->arena);
    Attr *a = attr_new(m, ATTR_ENUM);
    a->dialect = arena_strdup(&m->arena, dialect);
    a->name = arena_strdup(&m->arena, name);
    a->str = arena_strdup(&m->arena, value);
    a->short_form = short_form;
    return attr_intern(m, a, mk);
}

const Attr *
attr_affine_map(Module *m, const AffineMap *map)
{
    Attr *a = attr_new(m, ATTR_AFFINE_MAP);
    a->map = map;
    return a;
}

const Attr *
dict_get(const Attr *dict, const char *name)
{
    if (!dict || (dict->kind != ATTR_DICT && dict->kind != ATTR_LOWERING_CONFIG))
        return NULL;
    for (uint32_t i = 0; i < dict->n; i++)
        if (strcmp(dict->dict[i].name, name) == 0)
            return dict->dict[i].value;
    return NULL;
}

bool
attr_bool_at(const Attr *a, uint32_t i)
{
    if (!a)
        return false;
    if (a->kind == ATTR_ARRAY)
        return i < a->n && a->items[i]->kind == ATTR_BOOL && a->items[i]->b;
    return a->kind == ATTR_DENSE_ARRAY && i < a->n && a->ints && a->ints[i];
}

static bool
affine_expr_equal(const AffineExpr *a, const AffineExpr *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->kind != b->kind || a->value != b->value)
        return false;
    return affine_expr_equal(a->lhs, b->lhs) && affine_expr_equal(a->rhs, b->rhs);
}

static bool
affine_map_equal(const AffineMap *a, const AffineMap *b)
{
    if (a->ndims != b->ndims || a->nsyms != b->nsyms || a->nresults != b->nresults)
        return false;
    for (uint32_t i = 0; i < a->nresults; i++)
        if (!affine_expr_equal(a->results[i], b->results[i]))
            return false;
    return true;
}

static bool
str_equal(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static bool
i64s_equal(const int64_t *a, const int64_t *b, uint32_t n)
{
    return a == b || (a && b && memcmp(a, b, n * sizeof *a) == 0);
}

static bool
nested_equal(const NestedLayoutAttr *a, const NestedLayoutAttr *b)
{
    uint32_t r = a->rank;
    return r == b->rank && i64s_equal(a->subgroup_tile, b->subgroup_tile, r) &&
           i64s_equal(a->batch_tile, b->batch_tile, r) &&
           i64s_equal(a->outer_tile, b->outer_tile, r) &&
           i64s_equal(a->thread_tile, b->thread_tile, r) &&
           i64s_equal(a->element_tile, b->element_tile, r) &&
           i64s_equal(a->subgroup_strides, b->subgroup_strides, r) &&
           i64s_equal(a->thread_strides, b->thread_strides, r);
}

static bool
translation_equal(const TranslationInfoAttr *a, const TranslationInfoAttr *b)
{
    return str_equal(a->pipeline, b->pipeline) && a->nworkgroup == b->nworkgroup &&
           memcmp(a->workgroup_size, b->workgroup_size, sizeof a->workgroup_size) == 0 &&
           a->subgroup_size == b->subgroup_size &&
           ((!a->config && !b->config) ||
            (a->config && b->config && attr_equal(a->config, b->config)));
}

static bool
floats_equal(const double *a, const double *b, uint32_t n)
{
    if (a == b)
        return true;
    if (!a || !b)
        return false;
    return memcmp(a, b, n * sizeof *a) == 0; /* bitwise: NaN payloads and -0 matter */
}

bool
attr_equal(const Attr *a, const Attr *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->kind != b->kind || a->type != b->type)
        return false;
    switch (a->kind) {
    case ATTR_UNIT:
        return true;
    case ATTR_BOOL:
        return a->b == b->b;
    case ATTR_INT:
        return a->i == b->i;
    case ATTR_FLOAT:
        return memcmp(&a->f, &b->f, sizeof a->f) == 0;
    case ATTR_STRING:
        return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
    case ATTR_TYPE:
        return true;
    case ATTR_SYMBOL:
    case ATTR_OPAQUE:
        return str_equal(a->str, b->str);
    case ATTR_ARRAY:
        if (a->n != b->n)
            return false;
        for (uint32_t i = 0; i < a->n; i++)
            if (!attr_equal(a->items[i], b->items[i]))
                return false;
        return true;
    case ATTR_DENSE_ARRAY:
    case ATTR_DENSE:
        return a->n == b->n && a->splat == b->splat && i64s_equal(a->ints, b->ints, a->n) &&
               floats_equal(a->floats, b->floats, a->n);
    case ATTR_DICT:
    case ATTR_LOWERING_CONFIG:
        if (a->n != b->n || a->b != b->b)
            return false;
        for (uint32_t i = 0; i < a->n; i++)
            if (!str_equal(a->dict[i].name, b->dict[i].name) ||
                !attr_equal(a->dict[i].value, b->dict[i].value))
                return false;
        return true;
    case ATTR_AFFINE_MAP:
        return affine_map_equal(a->map, b->map);
    case ATTR_STRIDED:
        return a->n == b->n && a->i == b->i && i64s_equal(a->ints, b->ints, a->n);
    case ATTR_ENUM:
        return a->short_form == b->short_form && str_equal(a->dialect, b->dialect) &&
               str_equal(a->name, b->name) && str_equal(a->str, b->str);
    case ATTR_NESTED_LAYOUT:
        return nested_equal(a->nested, b->nested);
    case ATTR_TRANSLATION_INFO:
        return translation_equal(a->translation, b->translation);
    }
    return false;
}

/* ---- affine expressions ---- */

static AffineExpr *
affine_new(Module *m, AffineKind k, int64_t v)
{
    AffineExpr *e = arena_alloc(&m->arena, sizeof *e);
    e->kind = k;
    e->value = v;
    return e;
}

const AffineExpr *
affine_const(Module *m, int64_t v)
{
    return affine_new(m, AFF_CONST, v);
}

const AffineExpr *
affine_dim(Module *m, uint32_t pos)
{
    return affine_new(m, AFF_DIM, pos);
}

const AffineExpr *
affine_sym(Module *m, uint32_t pos)
{
    return affine_new(m, AFF_SYM, pos);
}

static int64_t
floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* Folds two constants (when the result is defined and does not overflow). */
const AffineExpr *
affine_binary(Module *m, AffineKind k, const AffineExpr *l, const AffineExpr *r)
{
    if (l->kind == AFF_CONST && r->kind == AFF_CONST) {
        int64_t a = l->value, b = r->value, v;
        bool ok = true;
        switch (k) {
        case AFF_ADD:
            ok = !__builtin_add_overflow(a, b, &v);
            break;
        case AFF_MUL:
            ok = !__builtin_mul_overflow(a, b, &v);
            break;
        case AFF_MOD:
            ok = b > 0;
            v = ok ? a - floor_div(a, b) * b : 0;
            break;
        case AFF_FLOORDIV:
            ok = b != 0 && !(a == INT64_MIN && b == -1);
            v = ok ? floor_div(a, b) : 0;
            break;
        case AFF_CEILDIV:
            ok = b != 0 && a != INT64_MIN && !(a == -INT64_MAX && b == -1);
            v = ok ? -floor_div(-a, b) : 0;
            break;
        default:
            ok = false;
            v = 0;
        }
        if (ok)
            return affine_const(m, v);
    }
    AffineExpr *e = affine_new(m, k, 0);
    e->lhs = l;
    e->rhs = r;
    return e;
}

AffineMap *
affine_map_new(Module *m, uint32_t ndims, uint32_t nsyms, uint32_t nresults,
               const AffineExpr *const *results)
{
    AffineMap *map = arena_alloc(&m->arena, sizeof *map);
    map->ndims = ndims;
    map->nsyms = nsyms;
    map->nresults = nresults;
    map->results = nresults ? arena_copy(&m->arena, results, nresults * sizeof *results) : NULL;
    return map;
}

/* ---- values, ops, blocks, regions ---- */

static ValueId
value_new(Module *m, TypeId type, OpId def, BlockId block, uint32_t index, Loc loc)
{
    ValueId v = TABLE_NEW(m, values, nvalues, capvalues);
    m->values[v] = (Value){ type, def, block, index, NULL, loc };
    return v;
}

OpId
op_new(Module *m, OpKind kind, Loc loc, uint32_t nargs, const ValueId *args, uint32_t nres,
       const TypeId *res_types, uint32_t nregions)
{
    OpId id = TABLE_NEW(m, ops, nops, capops);
    Op *op = &m->ops[id];
    op->kind = kind;
    op->loc = loc;
    op->nargs = nargs;
    op->args = nargs ? arena_copy(&m->arena, args, nargs * sizeof *args) : NULL;
    op->nres = nres;
    op->res = nres ? arena_alloc(&m->arena, nres * sizeof *op->res) : NULL;
    op->nregions = nregions;
    op->regions = nregions ? arena_alloc(&m->arena, nregions * sizeof *op->regions) : NULL;
    for (uint32_t i = 0; i < nres; i++) {
        ValueId v = value_new(m, res_types[i], id, 0, i, loc);
        m->ops[id].res[i] = v;
    }
    return id;
}

void
op_set_args(Module *m, OpId o, uint32_t nargs, const ValueId *args)
{
    Op *op = op_get(m, o);
    op->nargs = nargs;
    op->args = nargs ? arena_copy(&m->arena, args, nargs * sizeof *args) : NULL;
}

const Attr *
op_attr(const Module *m, OpId o, const char *name)
{
    const Op *op = &m->ops[o];
    for (uint32_t i = 0; i < op->nattrs; i++)
        if (strcmp(op->attrs[i].name, name) == 0)
            return op->attrs[i].value;
    return NULL;
}

void
op_set_attr(Module *m, OpId o, const char *name, const Attr *value)
{
    Op *op = &m->ops[o];
    for (uint32_t i = 0; i < op->nattrs; i++)
        if (strcmp(op->attrs[i].name, name) == 0) {
            op->attrs[i].value = value;
            return;
        }
    NamedAttr *attrs = arena_alloc(&m->arena, (op->nattrs + 1) * sizeof *attrs);
    if (op->nattrs)
        memcpy(attrs, op->attrs, op->nattrs * sizeof *attrs);
    attrs[op->nattrs].name = arena_strdup(&m->arena, name);
    attrs[op->nattrs].value = value;
    op->attrs = attrs;
    op->nattrs++;
}

void
op_remove_attr(Module *m, OpId o, const char *name)
{
    Op *op = &m->ops[o];
    for (uint32_t i = 0; i < op->nattrs; i++)
        if (strcmp(op->attrs[i].name, name) == 0) {
            memmove(&op->attrs[i], &op->attrs[i + 1], (op->nattrs - i - 1) * sizeof *op->attrs);
            op->nattrs--;
            return;
        }
}

const char *
op_name(const Module *m, OpId o)
{
    return op_info[m->ops[o].kind].name;
}

BlockId
block_new(Module *m)
{
    return TABLE_NEW(m, blocks, nblocks, capblocks);
}

ValueId
block_add_arg(Module *m, BlockId b, TypeId type, Loc loc, const char *name)
{
    ValueId v = value_new(m, type, 0, b, m->blocks[b].args.n, loc);
    if (name)
        m->values[v].name = arena_strdup(&m->arena, name);
    ARRAY_PUSH(&m->arena, m->blocks[b].args, v);
    return v;
}

void
block_append(Module *m, BlockId b, OpId op)
{
    m->ops[op].parent = b;
    ARRAY_PUSH(&m->arena, m->blocks[b].ops, op);
}

RegionId
region_new(Module *m, OpId parent)
{
    RegionId r = TABLE_NEW(m, regions, nregions, capregions);
    m->regions[r].parent = parent;
    return r;
}

void
region_append(Module *m, RegionId r, BlockId b)
{
    m->blocks[b].parent = r;
    ARRAY_PUSH(&m->arena, m->regions[r].blocks, b);
}

BlockId
op_entry_block(const Module *m, OpId o, uint32_t region)
{
    const Op *op = &m->ops[o];
    if (region >= op->nregions || !op->regions[region])
        return 0;
    const Region *r = &m->regions[op->regions[region]];
    return r->blocks.n ? r->blocks.items[0] : 0;
}

OpId
block_parent_op(const Module *m, BlockId b)
{
    RegionId r = m->blocks[b].parent;
    return r ? m->regions[r].parent : 0;
}

bool
value_defined_outside(const Module *m, ValueId v, OpId op)
{
    const Value *val = value_get(m, v);
    BlockId b = val->def ? op_get(m, val->def)->parent : val->block;
    for (OpId p; b && (p = block_parent_op(m, b)); b = op_get(m, p)->parent)
        if (p == op)
            return false;
    return true;
}

bool
value_index_recomputable(const Module *m, ValueId v, OpId loop, ValueId iv, int depth)
{
    if (v == iv || value_defined_outside(m, v, loop))
        return true;
    OpId d = value_get(m, v)->def;
    if (!d || depth <= 0 || value_type(m, v) != TY_INDEX)
        return false;
    const Op *o = op_get(m, d);
    if (o->kind == OP_CONSTANT)
        return true;
    return (o->kind == OP_ADDI || o->kind == OP_SUBI || o->kind == OP_MULI) && o->nargs == 2 &&
           value_index_recomputable(m, o->args[0], loop, iv, depth - 1) &&
           value_index_recomputable(m, o->args[1], loop, iv, depth - 1);
}

static bool
walk_op(Module *m, OpId o, OpWalkFn *fn, void *ctx)
{
    uint32_t nregions = m->ops[o].nregions;
    for (uint32_t i = 0; i < nregions; i++) {
        RegionId r = m->ops[o].regions[i];
        if (!r)
            continue;
        for (uint32_t bi = 0; bi < m->regions[r].blocks.n; bi++) {
            BlockId b = m->regions[r].blocks.items[bi];
            for (uint32_t k = 0; k < m->blocks[b].ops.n; k++) {
                OpId child = m->blocks[b].ops.items[k];
                if (!fn(m, child, ctx) || !walk_op(m, child, fn, ctx))
                    return false;
            }
        }
    }
    return true;
}

bool
module_walk(Module *m, OpId root, OpWalkFn *fn, void *ctx)
{
    return walk_op(m, root, fn, ctx);
}

typedef struct UseScan {
    ValueId v;
    OpId only;
    uint32_t operand; /* UINT32_MAX: any operand of only; with reads: none */
    bool reads;       /* value_only_read */
    bool bad;
} UseScan;

static bool
scan_uses(Module *m, OpId o, void *ctx)
{
    UseScan *u = ctx;
    const Op *op = op_get(m, o);
    bool reads = op->kind == OP_TRANSFER_READ || op->kind == OP_VLOAD || op->kind == OP_MLOAD ||
                 op->kind == OP_DIM;
    for (uint32_t i = 0; i < op->nargs; i++)
        if (op->args[i] == u->v &&
            (u->reads ? !reads : o != u->only || (u->operand != UINT32_MAX && i != u->operand)))
            u->bad = true;
    return !u->bad;
}

bool
value_used_only_by(Module *m, OpId root, ValueId v, OpId only, uint32_t operand)
{
    UseScan u = { v, only, operand, false, false };
    module_walk(m, root, scan_uses, &u);
    return !u.bad;
}

bool
value_only_read(Module *m, OpId root, ValueId v)
{
    UseScan u = { v, 0, 0, true, false };
    module_walk(m, root, scan_uses, &u);
    return !u.bad;
}

typedef struct Replace {
    const ValueId *from, *to;
    uint32_t n;
} Replace;

void
op_replace_uses(Module *m, OpId op, const ValueId *from, const ValueId *to, uint32_t n)
{
    Op *o = op_get(m, op);
    for (uint32_t i = 0; i < o->nargs; i++)
        for (uint32_t k = 0; k < n; k++)
            if (o->args[i] == from[k])
                o->args[i] = to[k];
}

static bool
replace_visit(Module *m, OpId o, void *ctx)
{
    const Replace *r = ctx;
    op_replace_uses(m, o, r->from, r->to, r->n);
    return true;
}

void
module_replace_uses(Module *m, OpId root, const ValueId *from, const ValueId *to, uint32_t n)
{
    Replace r = { from, to, n };
    module_walk(m, root, replace_visit, &r);
}

void
module_init(Module *m)
{
    memset(m, 0, sizeof *m);
    /* id 0 of every table means "none" */
    TABLE_NEW(m, values, nvalues, capvalues);
    TABLE_NEW(m, ops, nops, capops);
    TABLE_NEW(m, blocks, nblocks, capblocks);
    TABLE_NEW(m, regions, nregions, capregions);
    for (int k = TY_INVALID; k <= TY_LAST_SCALAR; k++) {
        TypeId id = TABLE_NEW(m, types, ntypes, captypes);
        m->types[id].kind = (TypeKind)k;
    }
    rehash_types(m);
    m->top = op_new(m, OP_MODULE, (Loc){ 0 }, 0, NULL, 0, NULL, 1);
    RegionId r = region_new(m, m->top);
    m->ops[m->top].regions[0] = r;
    region_append(m, r, block_new(m));
}

void
module_free(Module *m)
{
    arena_free(&m->arena);
    ir_free(m->types);
    ir_free(m->type_hash);
    ir_free(m->values);
    ir_free(m->ops);
    ir_free(m->blocks);
    ir_free(m->regions);
    ir_free(m->attr_tab);
    ir_free(m->origins);
    memset(m, 0, sizeof *m);
}
