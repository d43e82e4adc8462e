/*
 * parse_type.c -- types: scalars, vectors, memrefs, function types, the
 * nvgpu dialect types and `!alias` type aliases.  Every type is interned in
 * the module (type_intern), so the parser returns TypeIds.
 */
#include "ir/parser.h"

#include <string.h>

enum { MAX_RANK = 64 };

static const struct {
    const char *name;
    TypeKind kind;
} scalar_names[] = {
    { "i1", TY_I1 },
    { "i4", TY_I4 },
    { "i8", TY_I8 },
    { "i16", TY_I16 },
    { "i32", TY_I32 },
    { "i64", TY_I64 },
    { "i128", TY_I128 },
    { "index", TY_INDEX },
    { "f16", TY_F16 },
    { "bf16", TY_BF16 },
    { "f32", TY_F32 },
    { "f64", TY_F64 },
    { "tf32", TY_TF32 },
    { "f8E4M3FN", TY_F8E4M3FN },
    { "f8E5M2", TY_F8E5M2 },
    { "f8E4M3FNUZ", TY_F8E4M3FNUZ },
    { "f8E5M2FNUZ", TY_F8E5M2FNUZ },
};

/* `i` and decimal digits: an integer type MLIR has (iN, any N) that vptx may lack */
static bool
is_int_width_name(const char *s, size_t n)
{
    if (n < 2 || s[0] != 'i')
        return false;
    for (size_t i = 1; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

bool
is_type_start(const Parser *p)
{
    if (at(p, TK_BANG) || at(p, TK_LPAREN))
        return true;
    if (!at(p, TK_BARE))
        return false;
    for (size_t i = 0; i < sizeof scalar_names / sizeof scalar_names[0]; i++)
        if (at_bare(p, scalar_names[i].name))
            return true;
    return at_bare(p, "vector") || at_bare(p, "memref") || at_bare(p, "tensor");
}

/* dimension-list ::= (dimension `x`)*     dimension ::= `?` | decimal-literal | `*` (unranked)
 * Scanned from the raw text, as `4x8xf32` is not split into tokens by the lexer.
 * On return *rank = UINT32_MAX marks `*x` (an unranked memref). */
bool
parse_dims(Parser *p, int64_t *shape, uint32_t *rank, uint32_t cap, bool allow_dynamic)
{
    *rank = 0;
    if (!at(p, TK_INT) && !at(p, TK_QUESTION) && !at(p, TK_STAR))
        return true;
    Lexer *l = &p->lex;
    l->pos = p->tok.pos;
    l->line = p->tok.loc.line;
    l->col = p->tok.loc.col;
    size_t i = l->pos;
    const char *s = l->text;
    for (;;) {
        Loc loc = { l->file, l->line, l->col + (uint32_t)(i - l->pos), 0 };
        int64_t d;
        if (i < l->len && s[i] == '*' && *rank == 0 && allow_dynamic) {
            d = -1;
            i++;
            *rank = UINT32_MAX;
        } else if (i < l->len && s[i] == '?') {
            if (!allow_dynamic)
                return error_at(p, loc, "dynamic dimensions are not allowed here");
            d = DIM_DYNAMIC;
            i++;
        } else if (i < l->len && s[i] >= '0' && s[i] <= '9') {
            d = 0;
            for (; i < l->len && s[i] >= '0' && s[i] <= '9'; i++) {
                if (d > (INT64_MAX - (s[i] - '0')) / 10)
                    return error_at(p, loc, "dimension out of range");
                d = d * 10 + (s[i] - '0');
            }
        } else {
            break;
        }
        if (i >= l->len || s[i] != 'x') {
            loc.col = l->col + (uint32_t)(i - l->pos);
            return error_at(p, loc, "expected 'x' in dimension list");
        }
        i++;
        if (*rank == UINT32_MAX)
            break;
        if (*rank >= cap)
            return error_at(p, loc, "too many dimensions");
        shape[(*rank)++] = d;
    }
    fe_lex_seek(l, i);
    next(p);
    return true;
}

/* A shaped type's static element count and byte size must fit in int64 (MLIR's
 * getNumElements): a product that wraps would give a type that holds, say, one
 * element.  elem_count is the element type's own count (a memref of vectors). */
static bool
check_shape_size(Parser *p, Loc loc, const int64_t *shape, uint32_t rank, TypeId elem,
                 const char *what)
{
    int64_t n = type_is_vector(p->m, elem) ? type_num_elements(p->m, elem) : 1;
    TypeId scalar = type_is_vector(p->m, elem) ? type_element(p->m, elem) : elem;
    for (uint32_t i = 0; i < rank; i++) {
        if (shape[i] <= 0)
            continue; /* dynamic, or zero (then the product is 0 and fits) */
        if (n > INT64_MAX / shape[i])
            return error_at(p, loc, "%s has more than 2^63-1 elements", what);
        n *= shape[i];
    }
    int64_t bytes = ((int64_t)type_bitwidth(scalar) + 7) / 8;
    if (bytes > 1 && n > INT64_MAX / bytes)
        return error_at(p, loc, "%s is larger than 2^63-1 bytes", what);
    return true;
}

/* vector-type ::= `vector` `<` dimension-list type `>` */
static bool
parse_vector_type(Parser *p, TypeId *out)
{
    int64_t shape[MAX_RANK];
    uint32_t rank;
    TypeId elem;
    if (!expect(p, TK_LESS, "'<'") || !parse_dims(p, shape, &rank, MAX_RANK, false))
        return false;
    Loc loc = p->tok.loc;
    if (!parse_type(p, &elem) || !expect(p, TK_GREATER, "'>'"))
        return false;
    if (!type_is_scalar(elem))
        return error_at(p, loc, "vector elements must be integers or floats");
    for (uint32_t i = 0; i < rank; i++)
        if (shape[i] <= 0)
            return error_at(p, loc, "vector dimensions must be positive");
    if (!check_shape_size(p, loc, shape, rank, elem, "vector type"))
        return false;
    *out = type_vector(p->m, elem, rank, shape);
    return true;
}

/* tensor-type ::= `tensor` `<` dimension-list type `>`  (ranked, no encoding) */
static bool
parse_tensor_type(Parser *p, TypeId *out)
{
    int64_t shape[MAX_RANK];
    uint32_t rank;
    TypeId elem;
    if (!expect(p, TK_LESS, "'<'"))
        return false;
    if (at(p, TK_STAR))
        return error_here(p, "unranked tensors are not supported: give the rank");
    if (!parse_dims(p, shape, &rank, MAX_RANK, true))
        return false;
    if (rank == UINT32_MAX)
        return error_here(p, "unranked tensors are not supported: give the rank");
    Loc loc = p->tok.loc;
    if (!parse_type(p, &elem))
        return false;
    if (at(p, TK_COMMA))
        return error_here(p, "tensor encodings are not supported");
    if (!expect(p, TK_GREATER, "'>'"))
        return false;
    if (!type_is_scalar(elem))
        return error_at(p, loc, "tensor elements must be integers or floats");
    if (!check_shape_size(p, loc, shape, rank, elem, "tensor type"))
        return false;
    *out = type_tensor(p->m, elem, rank, shape);
    return true;
}

int
memspace_lookup(const char *name)
{
    if (strcmp(name, "global") == 0)
        return MS_GLOBAL;
    if (strcmp(name, "workgroup") == 0)
        return MS_WORKGROUP;
    if (strcmp(name, "private") == 0)
        return MS_PRIVATE;
    return -1;
}

/* A memory space attribute: an integer or #gpu.address_space<...>. */
static bool
memspace_from_attr(Parser *p, const Attr *a, Loc loc, int32_t *ms, bool *gpu)
{
    if (a->kind == ATTR_INT && a->i >= 0 && a->i < 256) {
        *ms = (int32_t)a->i;
        *gpu = false;
        return true;
    }
    if (a->kind == ATTR_ENUM && strcmp(a->dialect, "gpu") == 0 &&
        strcmp(a->name, "address_space") == 0 && memspace_lookup(a->str) >= 0) {
        *ms = memspace_lookup(a->str);
        *gpu = true;
        return true;
    }
    if (a->kind == ATTR_ENUM && strcmp(a->dialect, "amdgpu") == 0 &&
        strcmp(a->name, "address_space") == 0)
        for (int k = 0; k < 3; k++)
            if (strcmp(a->str, amd_memspace_names[k]) == 0) {
                *ms = MS_AMD_FAT_RAW_BUFFER + k; /* refused per function (ir/target.c) */
                *gpu = true;
                return true;
            }
    return error_at(p, loc, "invalid memory space");
}

static bool
is_identity_map(const AffineMap *map, uint32_t rank)
{
    if (map->nsyms || map->ndims != rank || map->nresults != rank)
        return false;
    for (uint32_t i = 0; i < rank; i++)
        if (map->results[i]->kind != AFF_DIM || map->results[i]->value != i)
            return false;
    return true;
}

/* memref-type ::= `memref` `<` (dimension-list type | `*` `x` type)
 *                 (`,` layout)? (`,` memory-space)? `>`
 * layout ::= strided-layout | affine-map    memory-space ::= integer | #gpu.address_space<..> */
static bool
parse_memref_type(Parser *p, TypeId *out)
{
    int64_t shape[MAX_RANK];
    uint32_t rank;
    TypeId elem;
    if (!expect(p, TK_LESS, "'<'") || !parse_dims(p, shape, &rank, MAX_RANK, true))
        return false;
    bool unranked = rank == UINT32_MAX;
    if (unranked)
        rank = 0;
    Loc eloc = p->tok.loc;
    if (!parse_type(p, &elem))
        return false;
    if (!type_is_scalar(elem) && !type_is_vector(p->m, elem))
        return error_at(p, eloc, "invalid memref element type");
    if (!check_shape_size(p, eloc, shape, rank, elem, "memref type"))
        return false;
    Type t = {
        .kind = TY_MEMREF, .elem = elem, .rank = rank, .shape = shape, .unranked = unranked
    };
    bool have_memspace = false;
    while (accept(p, TK_COMMA)) {
        Loc loc = p->tok.loc;
        const Attr *a = parse_attr(p);
        if (!a)
            return false;
        if ((a->kind == ATTR_STRIDED || a->kind == ATTR_AFFINE_MAP) && !t.layout &&
            !have_memspace && !unranked) {
            if (a->kind == ATTR_STRIDED && a->n != rank)
                return error_at(p, loc, "expected %u strides", rank);
            if (a->kind == ATTR_AFFINE_MAP && a->map->ndims != rank)
                return error_at(p, loc, "memref layout map must have %u dimensions", rank);
            if (!(a->kind == ATTR_AFFINE_MAP && is_identity_map(a->map, rank)))
                t.layout = a;
            continue;
        }
        if (have_memspace)
            return error_at(p, loc, "unexpected memref parameter");
        if (!memspace_from_attr(p, a, loc, &t.memspace, &t.memspace_gpu))
            return false;
        if (t.memspace == 0)
            t.memspace_gpu = false;
        have_memspace = true;
    }
    if (!expect(p, TK_GREATER, "'>'"))
        return false;
    *out = type_intern(p->m, &t);
    return true;
}

/* `(` (type (`,` type)*)? `)` */
bool
parse_type_list_parens(Parser *p, TypeIdList *out)
{
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    if (accept(p, TK_RPAREN))
        return true;
    do {
        TypeId t;
        if (!parse_type(p, &t))
            return false;
        ARRAY_PUSH(&p->m->arena, *out, t);
    } while (accept(p, TK_COMMA));
    return expect(p, TK_RPAREN, "')'");
}

/* function-type ::= `(` types `)` `->` (type | `(` types `)`); the inputs are parsed */
static bool
parse_function_type(Parser *p, TypeId *out)
{
    TypeIdList ins = { 0 }, outs = { 0 };
    if (!parse_type_list_parens(p, &ins))
        return false;
    if (!expect(p, TK_ARROW, "'->' in function type"))
        return false;
    if (at(p, TK_LPAREN)) {
        if (!parse_type_list_parens(p, &outs))
            return false;
    } else {
        TypeId t;
        if (!parse_type(p, &t))
            return false;
        ARRAY_PUSH(&p->m->arena, outs, t);
    }
    *out = type_function(p->m, ins.n, ins.items, outs.n, outs.items);
    return true;
}

/* A `key = value` list inside `<...>` of an nvgpu type: returns the key token. */
static bool
parse_key(Parser *p, Token *key)
{
    if (!at(p, TK_BARE))
        return error_here(p, "expected parameter name");
    *key = p->tok;
    next(p);
    return expect(p, TK_EQUAL, "'='");
}

static int
lookup_word(Parser *p, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (at_bare(p, words[i])) {
            next(p);
            return i;
        }
    error_here(p, "unexpected value");
    return -1;
}

/* !nvgpu.tensormap.descriptor<tensor = memref<..>, swizzle = .., l2promo = .., oob = .., interleave
 * = ..> */
static bool
parse_tensormap(Parser *p, Type *t)
{
    static const char *const swz[] = { "none", "swizzle_32b", "swizzle_64b", "swizzle_128b" };
    static const char *const l2[] = { "none", "l2promo_64b", "l2promo_128b", "l2promo_256b" };
    static const char *const oob[] = { "zero", "nan" };
    static const char *const il[] = { "none", "interleave_16b", "interleave_32b" };
    do {
        Token key;
        if (!parse_key(p, &key))
            return false;
        int v = 0;
        if (tok_is(&key, "tensor")) {
            if (!parse_type(p, &t->elem))
                return false;
        } else if (tok_is(&key, "swizzle")) {
            v = lookup_word(p, swz, 4);
            t->swizzle = (uint8_t)v;
        } else if (tok_is(&key, "l2promo")) {
            v = lookup_word(p, l2, 4);
            t->l2promo = (uint8_t)v;
        } else if (tok_is(&key, "oob")) {
            v = lookup_word(p, oob, 2);
            t->oob = (uint8_t)v;
        } else if (tok_is(&key, "interleave")) {
            v = lookup_word(p, il, 3);
            t->interleave = (uint8_t)v;
        } else {
            return error_at(p, key.loc, "unknown parameter '%.*s'", (int)key.n, key.s);
        }
        if (v < 0)
            return false;
    } while (accept(p, TK_COMMA));
    return true;
}

/* !nvgpu.mbarrier.group<memorySpace = attr (, num_barriers = N)?> */
static bool
parse_mbarrier_group(Parser *p, Type *t)
{
    t->num_barriers = 1;
    do {
        Token key;
        if (!parse_key(p, &key))
            return false;
        Loc loc = p->tok.loc;
        if (tok_is(&key, "memorySpace")) {
            const Attr *a = parse_attr(p);
            if (!a || !memspace_from_attr(p, a, loc, &t->memspace, &t->memspace_gpu))
                return false;
        } else if (tok_is(&key, "num_barriers")) {
            if (!parse_int64(p, &t->num_barriers))
                return false;
            if (t->num_barriers < 1)
                return error_at(p, loc, "num_barriers must be positive");
        } else {
            return error_at(p, key.loc, "unknown parameter '%.*s'", (int)key.n, key.s);
        }
    } while (accept(p, TK_COMMA));
    return true;
}

/* `<` key `=` type `>` for the warpgroup descriptor and accumulator */
static bool
parse_one_type_param(Parser *p, const char *key, Type *t)
{
    Token k;
    if (!parse_key(p, &k))
        return false;
    if (!tok_is(&k, key))
        return error_at(p, k.loc, "expected '%s'", key);
    return parse_type(p, &t->elem);
}

static bool
parse_nvgpu_type(Parser *p, const char *name, Loc loc, TypeId *out)
{
    Type t = { 0 };
    bool ok;
    if (strcmp(name, "nvgpu.device.async.token") == 0) {
        *out = type_intern(p->m, &(Type){ .kind = TY_ASYNC_TOKEN });
        return true;
    }
    if (strcmp(name, "nvgpu.mbarrier.token") == 0) {
        *out = type_intern(p->m, &(Type){ .kind = TY_MBARRIER_TOKEN });
        return true;
    }
    static const char *const known[] = { "nvgpu.mbarrier.group", "nvgpu.mbarrier.barrier",
                                         "nvgpu.tensormap.descriptor", "nvgpu.warpgroup.descriptor",
                                         "nvgpu.warpgroup.accumulator" };
    bool is_known = false;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        is_known = is_known || strcmp(name, known[i]) == 0;
    if (!is_known)
        return error_at(p, loc, "unknown type '!%s'", name);
    if (!expect(p, TK_LESS, "'<'"))
        return false;
    if (strcmp(name, "nvgpu.mbarrier.group") == 0 || strcmp(name, "nvgpu.mbarrier.barrier") == 0) {
        t.kind = TY_MBARRIER_GROUP;
        ok = parse_mbarrier_group(p, &t);
    } else if (strcmp(name, "nvgpu.tensormap.descriptor") == 0) {
        t.kind = TY_TENSORMAP;
        ok = parse_tensormap(p, &t);
    } else if (strcmp(name, "nvgpu.warpgroup.descriptor") == 0) {
        t.kind = TY_WG_DESCRIPTOR;
        ok = parse_one_type_param(p, "tensor", &t);
    } else if (strcmp(name, "nvgpu.warpgroup.accumulator") == 0) {
        t.kind = TY_WG_ACCUMULATOR;
        ok = parse_one_type_param(p, "fragmented", &t);
    } else {
        return error_at(p, loc, "unknown type '!%s'", name);
    }
    if (!ok || !expect(p, TK_GREATER, "'>'"))
        return false;
    if (t.kind != TY_MBARRIER_GROUP && !t.elem)
        return error_at(p, loc, "missing parameter in '!%s'", name);
    if ((t.kind == TY_TENSORMAP || t.kind == TY_WG_DESCRIPTOR) && !type_is_memref(p->m, t.elem))
        return error_at(p, loc, "'!%s' expects a memref", name);
    if (t.kind == TY_WG_ACCUMULATOR && !type_is_vector(p->m, t.elem))
        return error_at(p, loc, "'!%s' expects a vector", name);
    *out = type_intern(p->m, &t);
    return true;
}

/* !gpu.mma_matrix `<` R `x` C `x` type `,` ("AOp" | "BOp" | "COp") `>` */
static bool
parse_mma_matrix(Parser *p, Loc loc, TypeId *out)
{
    int64_t shape[MAX_RANK];
    uint32_t rank;
    Type t = { .kind = TY_MMA_MATRIX, .rank = 2 };
    if (!expect(p, TK_LESS, "'<'") || !parse_dims(p, shape, &rank, MAX_RANK, false))
        return false;
    /* si8 / ui8: upstream's integer WMMA operands (i8 here, the sign kept in the type) */
    if (at_bare(p, "si8") || at_bare(p, "ui8")) {
        t.mma_sign = at_bare(p, "si8") ? MMA_SIGNED : MMA_UNSIGNED;
        t.elem = TY_I8;
        next(p);
    } else if (!parse_type(p, &t.elem)) {
        return false;
    }
    if (!expect(p, TK_COMMA, "','"))
        return false;
    if (rank != 2 || shape[0] <= 0 || shape[1] <= 0 || !type_is_scalar(t.elem))
        return error_at(p, loc,
                        "'!gpu.mma_matrix' needs two positive dimensions and a scalar type");
    const char *op = at(p, TK_STRING) ? tok_str(p) : "";
    if (strcmp(op, "\"AOp\"") && strcmp(op, "\"BOp\"") && strcmp(op, "\"COp\""))
        return error_here(p, "expected \"AOp\", \"BOp\" or \"COp\"");
    t.mma_operand = (uint8_t)(op[1] - 'A');
    next(p);
    if (!expect(p, TK_GREATER, "'>'"))
        return false;
    t.shape = shape;
    *out = type_intern(p->m, &t);
    return true;
}

/* `!` alias-name | `!` dialect-type */
static bool
parse_bang_type(Parser *p, TypeId *out)
{
    Token t = p->tok;
    next(p);
    for (uint32_t i = 0; i < p->type_aliases.n; i++) {
        const char *name = p->type_aliases.items[i].name;
        if (strlen(name) == t.n && memcmp(name, t.s, t.n) == 0) {
            *out = p->type_aliases.items[i].type;
            return true;
        }
    }
    if (t.n == 15 && memcmp(t.s, "gpu.async.token", 15) == 0) {
        *out = type_intern(p->m, &(Type){ .kind = TY_GPU_TOKEN });
        return true;
    }
    char buf[64];
    if (t.n == 14 && memcmp(t.s, "gpu.mma_matrix", 14) == 0)
        return parse_mma_matrix(p, t.loc, out);
    if (t.n >= sizeof buf || t.n < 6 || memcmp(t.s, "nvgpu.", 6) != 0)
        return error_at(p, t.loc, "unknown type '!%.*s'", (int)(t.n > 60 ? 60 : t.n), t.s);
    memcpy(buf, t.s, t.n);
    buf[t.n] = 0;
    return parse_nvgpu_type(p, buf, t.loc, out);
}

/* type ::= scalar | vector-type | memref-type | function-type | `!` name ... */
bool
parse_type(Parser *p, TypeId *out)
{
    if (!enter(p))
        return false;
    bool ok = false;
    if (at(p, TK_LPAREN)) {
        ok = parse_function_type(p, out);
    } else if (at(p, TK_BANG)) {
        ok = parse_bang_type(p, out);
    } else if (at_bare(p, "vector")) {
        size_t start = p->tok.pos;
        if (p->type_len && p->lex.len - start >= p->type_len &&
            memcmp(p->lex.text + start, p->type_text, p->type_len) == 0) {
            /* the text of the last vector type again: its tokens, up to the one after it */
            fe_lex_seek(&p->lex, start + p->type_len);
            next(p);
            *out = p->type_id;
            ok = true;
        } else {
            next(p);
            ok = parse_vector_type(p, out);
            /* only text that ends with '>' or a blank can be reused: a token after it
               cannot be glued to it (`vector<4xf32>` ends with a one-character token) */
            const char *text = p->lex.text + start;
            size_t n = p->tok.pos - start;
            p->type_len = 0;
            if (ok && n && (text[n - 1] == '>' || text[n - 1] == ' ' || text[n - 1] == '\n') &&
                !memchr(text, '!', n) && !memchr(text, '#', n)) {
                p->type_text = text;
                p->type_len = n;
                p->type_id = *out;
            }
        }
    } else if (at_bare(p, "memref")) {
        next(p);
        ok = parse_memref_type(p, out);
    } else if (at_bare(p, "tensor")) {
        next(p);
        ok = parse_tensor_type(p, out);
    } else if (at(p, TK_BARE)) {
        for (size_t i = 0; i < sizeof scalar_names / sizeof scalar_names[0]; i++)
            if (at_bare(p, scalar_names[i].name)) {
                *out = (TypeId)scalar_names[i].kind;
                next(p);
                ok = true;
                break;
            }
        if (!ok && is_int_width_name(p->tok.s, p->tok.n))
            error_here(p,
                       "unsupported type '%.*s': integer widths are 1, 4 (packed), 8, 16, 32, 64 "
                       "and 128 (moved only)",
                       (int)(p->tok.n > 60 ? 60 : p->tok.n), p->tok.s);
        else if (!ok)
            error_here(p, "unsupported type '%.*s'", (int)(p->tok.n > 60 ? 60 : p->tok.n),
                       p->tok.s);
    } else {
        error_here(p, "expected type");
    }
    leave(p);
    return ok;
}
