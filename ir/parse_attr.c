/*
 * parse_attr.c -- attributes: literals, arrays, dense elements, dictionaries,
 * affine maps, strided layouts, symbol references, `#alias` references, and
 * the dialect attributes vptx understands (enums such as #vector.kind<add>,
 * #gpu<dim x>, #iree_gpu.mma_layout<..>; the IREE nested layout, lowering
 * config and translation info).  Any other `#dialect...` attribute is kept
 * verbatim as ATTR_OPAQUE.
 */
#include "ir/parser.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- integers ---- */

/* The magnitude of an INT token; false on overflow of 64 bits. */
static bool
int_token_value(const Token *t, uint64_t *out)
{
    uint64_t v = 0;
    if (t->n > 2 && t->s[1] == 'x') {
        for (uint32_t i = 2; i < t->n; i++) {
            char c = t->s[i];
            int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
            if (v >> 60)
                return false;
            v = v * 16 + (uint64_t)d;
        }
    } else {
        for (uint32_t i = 0; i < t->n; i++) {
            uint64_t d = (uint64_t)(t->s[i] - '0');
            if (v > (UINT64_MAX - d) / 10)
                return false;
            v = v * 10 + d;
        }
    }
    *out = v;
    return true;
}

static bool
is_hex_token(const Token *t)
{
    return t->kind == TK_INT && t->n > 2 && t->s[1] == 'x';
}

/* [-] integer-literal, as an int64 */
bool
parse_int64(Parser *p, int64_t *v)
{
    bool neg = accept(p, TK_MINUS);
    uint64_t u;
    if (!at(p, TK_INT))
        return error_here(p, "expected integer");
    if (!int_token_value(&p->tok, &u) || u > (uint64_t)INT64_MAX + neg)
        return error_here(p, "integer literal out of range");
    *v = neg ? (int64_t)(0 - u) : (int64_t)u;
    next(p);
    return true;
}

/* open (int (`,` int)*)? close  -- also accepts `?` as DIM_DYNAMIC */
bool
parse_int_list(Parser *p, TokKind open, TokKind close, int64_t **v, uint32_t *n)
{
    ARRAY(int64_t) list = { 0 };
    if (!expect(p, open, open == TK_LBRACKET ? "'['" : "'('"))
        return false;
    if (!at(p, close)) {
        do {
            int64_t x;
            if (accept(p, TK_QUESTION))
                x = DIM_DYNAMIC;
            else if (!parse_int64(p, &x))
                return false;
            ARRAY_PUSH(&p->m->arena, list, x);
        } while (accept(p, TK_COMMA));
    }
    if (!expect(p, close, close == TK_RBRACKET ? "']'" : "')'"))
        return false;
    *v = list.items;
    *n = list.n;
    return true;
}

/* An integer of `type` from magnitude u (negated if neg): range checked
 * (signed or unsigned fits), sign-extended to 64 bits. */
static bool
int_of_type(Parser *p, Loc loc, uint64_t u, bool neg, TypeId type, int64_t *out)
{
    unsigned w = type_bitwidth(type);
    if (w < 64) {
        uint64_t lim = neg ? (1ull << (w - 1)) : (1ull << w) - 1;
        if (u > lim)
            return error_at(p, loc, "integer constant out of range for type");
    } else if (neg && u > (uint64_t)INT64_MAX + 1) {
        return error_at(p, loc, "integer literal out of range");
    }
    uint64_t v = neg ? 0 - u : u;
    if (w < 64) {
        uint64_t m = 1ull << (w - 1);
        v &= (m << 1) - 1;
        v = (v ^ m) - m;
    }
    *out = (int64_t)v;
    return true;
}

/* ---- scalar literals (shared by plain, dense and dense-array attributes) ---- */

typedef struct Scalar {
    bool is_float;
    int64_t i;
    double f;
} Scalar;

/* scalar ::= `true` | `false` | `-`? integer-literal | `-`? float-literal, of element type `type`
 */
static bool
parse_scalar(Parser *p, TypeId type, Scalar *out)
{
    Loc loc = p->tok.loc;
    out->is_float = type_is_float(type);
    if (at_bare(p, "true") || at_bare(p, "false")) {
        if (type != TY_I1)
            return error_here(p, "boolean literal for a non-i1 type");
        out->i = at_bare(p, "true");
        next(p);
        return true;
    }
    bool neg = accept(p, TK_MINUS);
    if (at(p, TK_FLOAT)) {
        if (!out->is_float)
            return error_here(p, "floating point value not valid for the type");
        char buf[128];
        uint32_t n = p->tok.n < sizeof buf - 1 ? p->tok.n : sizeof buf - 1;
        memcpy(buf, p->tok.s, n);
        buf[n] = 0;
        double f = strtod(buf, NULL);
        out->f = ir_float_round(neg ? -f : f, type);
        /* a decimal literal never means infinity (MLIR: "floating point value too
         * large for attribute"): rounding it to the type must stay finite */
        if (isinf(out->f))
            return error_here(p, "floating point literal %s%.*s is too large for %s",
                              neg ? "-" : "", (int)n, buf, scalar_type_name(type));
        next(p);
        return true;
    }
    if (!at(p, TK_INT))
        return error_here(p, "expected a literal");
    uint64_t u;
    if (!int_token_value(&p->tok, &u))
        return error_here(p, "integer literal out of range");
    if (out->is_float) {
        if (is_hex_token(&p->tok)) {
            unsigned w = type == TY_TF32 ? 19 : type_bitwidth(type);
            if (neg || (w < 64 && u >> w))
                return error_here(p, "hexadecimal float literal out of range for the type");
            out->f = ir_float_from_bits(u, type);
        } else {
            out->f = ir_float_round(neg ? -(double)u : (double)u, type);
        }
        next(p);
        return true;
    }
    if (!int_of_type(p, loc, u, neg, type, &out->i))
        return false;
    next(p);
    return true;
}

static const Attr *
scalar_attr(Parser *p, const Scalar *s, TypeId type)
{
    if (s->is_float)
        return attr_float(p->m, s->f, type);
    if (type == TY_I1)
        return attr_bool(p->m, s->i != 0);
    return attr_int(p->m, s->i, type);
}

const Attr *
parse_attr_typed_int(Parser *p, TypeId type)
{
    Scalar s;
    if (!parse_scalar(p, type, &s))
        return NULL;
    return scalar_attr(p, &s, type);
}

/* number ::= `-`? (integer-literal | float-literal) (`:` type)? */
static const Attr *
parse_number_attr(Parser *p)
{
    Lexer saved_lex = p->lex;
    Token saved_tok = p->tok;
    bool neg = accept(p, TK_MINUS);
    bool is_float = at(p, TK_FLOAT);
    Loc loc = p->tok.loc;
    if (!at(p, TK_INT) && !is_float) {
        error_here(p, "expected a number");
        return NULL;
    }
    bool hex = is_hex_token(&p->tok);
    next(p);
    TypeId type = is_float ? TY_F64 : TY_I64;
    if (accept(p, TK_COLON) && !parse_type(p, &type))
        return NULL;
    if (!type_is_scalar(type)) {
        error_at(p, loc, "expected an integer or float type");
        return NULL;
    }
    if (type_is_float(type) && !is_float && !hex) {
        error_at(p, loc, "unexpected decimal integer literal for a floating point value");
        return NULL;
    }
    Parser q = *p; /* re-read the literal now that the type is known */
    q.lex = saved_lex;
    q.tok = saved_tok;
    (void)neg;
    Scalar s;
    if (!parse_scalar(&q, type, &s))
        return NULL;
    return scalar_attr(p, &s, type);
}

/* ---- strings and symbols ---- */

static int
hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c |= 0x20;
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* string-literal ::= `"` (char | `\` (`n`|`t`|`"`|`\`|hex hex))* `"` */
bool
decode_string(Parser *p, const Token *t, char **out, uint32_t *len)
{
    char *buf = arena_alloc(&p->m->arena, t->n + 1);
    uint32_t n = 0;
    for (uint32_t i = 1; i + 1 < t->n; i++) {
        char c = t->s[i];
        if (c != '\\') {
            buf[n++] = c;
            continue;
        }
        char e = t->s[++i];
        if (e == 'n')
            buf[n++] = '\n';
        else if (e == 't')
            buf[n++] = '\t';
        else if (e == '"' || e == '\\')
            buf[n++] = e;
        else if (i + 2 < t->n && hex_digit(e) >= 0 && hex_digit(t->s[i + 1]) >= 0)
            buf[n++] = (char)(hex_digit(e) * 16 + hex_digit(t->s[++i]));
        else
            return error_at(p, t->loc, "invalid escape in string literal");
    }
    buf[n] = 0;
    *out = buf;
    *len = n;
    return true;
}

/* symbol-ref ::= `@` name (`::` `@` name)* */
static const Attr *
parse_symbol_ref(Parser *p)
{
    char *text = NULL;
    size_t len = 0;
    do {
        if (!at(p, TK_AT)) {
            error_here(p, "expected symbol reference");
            return NULL;
        }
        char *part;
        uint32_t n;
        if (p->tok.s[0] == '"') {
            if (!decode_string(p, &p->tok, &part, &n))
                return NULL;
        } else {
            part = arena_strndup(&p->m->arena, p->tok.s, p->tok.n);
            n = p->tok.n;
        }
        text = text ? arena_printf(&p->m->arena, "%.*s::@%s", (int)len, text, part) : part;
        len = strlen(text);
        next(p);
    } while (accept(p, TK_COLONCOLON));
    return attr_symbol(p->m, text);
}

/* ---- arrays, dictionaries ---- */

static const Attr *
parse_array_attr(Parser *p)
{
    ARRAY(const Attr *) items = { 0 };
    next(p);
    if (!accept(p, TK_RBRACKET)) {
        do {
            const Attr *a = parse_attr(p);
            if (!a)
                return NULL;
            ARRAY_PUSH(&p->m->arena, items, a);
        } while (accept(p, TK_COMMA));
        if (!expect(p, TK_RBRACKET, "']'"))
            return NULL;
    }
    return attr_array(p->m, items.items, items.n);
}

/* dictionary-attribute ::= `{` (attr-entry (`,` attr-entry)*)? `}`
 * attr-entry ::= (bare-id | string-literal) (`=` attribute-value)? */
const Attr *
parse_dict_attr(Parser *p)
{
    ARRAY(NamedAttr) items = { 0 };
    if (!expect(p, TK_LBRACE, "'{'"))
        return NULL;
    if (!accept(p, TK_RBRACE)) {
        do {
            NamedAttr na;
            Loc loc = p->tok.loc;
            if (at(p, TK_BARE)) {
                na.name = tok_str(p);
            } else if (at(p, TK_STRING)) {
                char *s;
                uint32_t n;
                if (!decode_string(p, &p->tok, &s, &n))
                    return NULL;
                na.name = s;
            } else {
                error_here(p, "expected attribute name");
                return NULL;
            }
            next(p);
            for (uint32_t i = 0; i < items.n; i++)
                if (strcmp(items.items[i].name, na.name) == 0) {
                    error_at(p, loc, "duplicate key '%s' in dictionary attribute", na.name);
                    return NULL;
                }
            na.value = accept(p, TK_EQUAL) ? parse_attr(p) : attr_unit(p->m);
            if (!na.value)
                return NULL;
            ARRAY_PUSH(&p->m->arena, items, na);
        } while (accept(p, TK_COMMA));
        if (!expect(p, TK_RBRACE, "'}'"))
            return NULL;
    }
    return attr_dict(p->m, items.items, items.n);
}

const Attr *
attr_i64_dense(Module *m, const int64_t *v, uint32_t n)
{
    return attr_dense_array(m, TY_I64, v ? v : (const int64_t[1]){ 0 }, NULL, n);
}

/* dense-array ::= `array` `<` type (`:` scalar (`,` scalar)*)? `>`   (after `array`) */
const Attr *
parse_dense_array(Parser *p)
{
    TypeId t;
    if (!expect(p, TK_LESS, "'<'") || !parse_type(p, &t))
        return NULL;
    if (!type_is_scalar(t)) {
        error_here(p, "expected an integer or float element type");
        return NULL;
    }
    ARRAY(int64_t) ints = { 0 };
    ARRAY(double) floats = { 0 };
    if (accept(p, TK_COLON)) {
        do {
            Scalar s;
            if (!parse_scalar(p, t, &s))
                return NULL;
            if (s.is_float)
                ARRAY_PUSH(&p->m->arena, floats, s.f);
            else
                ARRAY_PUSH(&p->m->arena, ints, s.i);
        } while (accept(p, TK_COMMA));
    }
    if (!expect(p, TK_GREATER, "'>'"))
        return NULL;
    if (type_is_float(t))
        return attr_dense_array(p->m, t, NULL, floats.n ? floats.items : (double[1]){ 0 },
                                floats.n);
    return attr_dense_array(p->m, t, ints.n ? ints.items : (int64_t[1]){ 0 }, NULL, ints.n);
}

/* ---- dense elements ---- */

typedef struct DenseLit {
    ARRAY(Scalar) elems;
    int64_t dims[64];
    int32_t rank; /* -1 until the first leaf fixes it */
} DenseLit;

/* dense-list ::= scalar | `[` (dense-list (`,` dense-list)*)? `]` */
static bool
parse_dense_list(Parser *p, TypeId elem, DenseLit *d, int32_t level)
{
    if (!at(p, TK_LBRACKET)) {
        if (d->rank >= 0 && d->rank != level)
            return error_here(p, "inconsistent nesting in dense literal");
        d->rank = level;
        Scalar s;
        if (!parse_scalar(p, elem, &s))
            return false;
        ARRAY_PUSH(&p->m->arena, d->elems, s);
        return true;
    }
    if (level >= 64 || !enter(p))
        return level >= 64 ? error_here(p, "nesting too deep") : false;
    next(p);
    int64_t count = 0;
    bool ok = true;
    if (!at(p, TK_RBRACKET)) {
        do {
            ok = parse_dense_list(p, elem, d, level + 1);
            count++;
        } while (ok && accept(p, TK_COMMA));
    }
    ok = ok && expect(p, TK_RBRACKET, "']'");
    leave(p);
    if (!ok)
        return false;
    if (d->rank >= 0 && d->rank <= level)
        return error_here(p, "inconsistent nesting in dense literal");
    if (d->dims[level] == 0)
        d->dims[level] = count + 1;
    else if (d->dims[level] != count + 1)
        return error_here(p, "inconsistent dimension sizes in dense literal");
    return true;
}

/* Fills a DENSE attribute for shaped type `shaped` from the literal. */
static const Attr *
make_dense(Parser *p, Loc loc, const DenseLit *d, TypeId shaped)
{
    const Type *t = type_get(p->m, shaped);
    if ((t->kind != TY_VECTOR && t->kind != TY_MEMREF) || !type_is_scalar(t->elem)) {
        error_at(p, loc, "dense attribute needs a vector type");
        return NULL;
    }
    int64_t n = type_num_elements(p->m, shaped);
    bool splat = d->rank == 0;
    if (!splat) {
        bool match = (uint32_t)d->rank == t->rank;
        for (int32_t i = 0; match && i < d->rank; i++)
            match = d->dims[i] - 1 == t->shape[i];
        if (!match || (int64_t)d->elems.n != n) {
            error_at(p, loc, "dense literal does not match the shape of its type");
            return NULL;
        }
    }
    /* a list of equal values is stored as a splat, as MLIR does */
    bool all_equal = d->elems.n > 0;
    for (uint32_t i = 1; all_equal && i < d->elems.n; i++)
        all_equal = memcmp(&d->elems.items[i], &d->elems.items[0], sizeof(Scalar)) == 0;
    uint32_t count = splat || all_equal ? 1 : d->elems.n;
    Attr *a = arena_alloc(&p->m->arena, sizeof *a);
    a->kind = ATTR_DENSE;
    a->type = shaped;
    a->splat = count == 1;
    a->n = count;
    if (type_is_float(t->elem)) {
        double *f = arena_alloc(&p->m->arena, count * sizeof *f);
        for (uint32_t i = 0; i < count; i++)
            f[i] = d->elems.items[i].f;
        a->floats = f;
    } else {
        int64_t *v = arena_alloc(&p->m->arena, count * sizeof *v);
        for (uint32_t i = 0; i < count; i++)
            v[i] = d->elems.items[i].i;
        a->ints = v;
    }
    return a;
}

/* dense ::= `dense` `<` dense-list `>` (`:` type)?   -- after `dense`.  With
 * shaped != 0 the type is given by the context (memref.global) and not written. */
const Attr *
parse_dense_body(Parser *p, TypeId shaped)
{
    Loc loc = p->tok.loc;
    if (!expect(p, TK_LESS, "'<'"))
        return NULL;
    /* the element type is needed to read the literals: scan ahead for the type */
    TypeId type = shaped;
    Lexer save_lex = p->lex;
    Token save_tok = p->tok;
    if (!type) {
        int depth = 1;
        while (depth > 0 && !at(p, TK_EOF) && !at(p, TK_ERROR)) {
            depth += at(p, TK_LESS) - at(p, TK_GREATER);
            next(p);
        }
        if (!expect(p, TK_COLON, "':' and the type of the dense attribute") ||
            !parse_type(p, &type))
            return NULL;
    }
    Lexer end_lex = p->lex;
    Token end_tok = p->tok;
    const Type *t = type_get(p->m, type);
    if (t->kind != TY_VECTOR && t->kind != TY_MEMREF) {
        error_at(p, loc, "dense attribute needs a vector type");
        return NULL;
    }
    p->lex = save_lex;
    p->tok = save_tok;
    DenseLit *d = arena_alloc(&p->m->arena, sizeof *d);
    d->rank = -1;
    if (!parse_dense_list(p, type_get(p->m, type)->elem, d, 0) || !expect(p, TK_GREATER, "'>'"))
        return NULL;
    if (!shaped) {
        p->lex = end_lex;
        p->tok = end_tok;
    }
    return make_dense(p, loc, d, type);
}

/* ---- strided layouts ---- */

/* strided ::= `strided` `<` `[` strides `]` (`,` `offset` `:` (int | `?`))? `>` */
static const Attr *
parse_strided(Parser *p)
{
    int64_t *strides;
    uint32_t n;
    if (!expect(p, TK_LESS, "'<'") || !parse_int_list(p, TK_LBRACKET, TK_RBRACKET, &strides, &n))
        return NULL;
    int64_t offset = 0;
    if (accept(p, TK_COMMA)) {
        if (!expect_bare(p, "offset") || !expect(p, TK_COLON, "':'"))
            return NULL;
        if (accept(p, TK_QUESTION))
            offset = DIM_DYNAMIC;
        else if (!parse_int64(p, &offset))
            return NULL;
    }
    if (!expect(p, TK_GREATER, "'>'"))
        return NULL;
    Attr *a = arena_alloc(&p->m->arena, sizeof *a);
    a->kind = ATTR_STRIDED;
    a->n = n;
    a->ints = n ? strides : NULL;
    a->i = offset;
    return a;
}

/* attribute-value ::= number | `true` | `false` | string (`:` type)? | `[` ... `]`
 *   | `array` `<`...`>` | `dense` `<`...`>` | dictionary | `unit` | `affine_map` `<`...`>`
 *   | `strided` `<`...`>` | symbol-ref | type | `#` alias | `#` dialect-attribute */
static const Attr *
parse_attr_inner(Parser *p)
{
    Module *m = p->m;
    if (at(p, TK_INT) || at(p, TK_FLOAT) || at(p, TK_MINUS))
        return parse_number_attr(p);
    if (at(p, TK_STRING)) {
        char *s;
        uint32_t n;
        if (!decode_string(p, &p->tok, &s, &n))
            return NULL;
        next(p);
        TypeId ignored;
        if (accept(p, TK_COLON) && !parse_type(p, &ignored))
            return NULL;
        return attr_string(m, s, n);
    }
    if (at(p, TK_LBRACKET))
        return parse_array_attr(p);
    if (at(p, TK_LBRACE))
        return parse_dict_attr(p);
    if (at(p, TK_AT))
        return parse_symbol_ref(p);
    if (at(p, TK_HASH))
        return parse_hash_attr(p);
    if (at_bare(p, "true") || at_bare(p, "false")) {
        bool b = at_bare(p, "true");
        next(p);
        return attr_bool(m, b);
    }
    if (accept_bare(p, "unit"))
        return attr_unit(m);
    if (accept_bare(p, "array"))
        return parse_dense_array(p);
    if (accept_bare(p, "dense"))
        return parse_dense_body(p, 0);
    if (accept_bare(p, "affine_map")) {
        if (!expect(p, TK_LESS, "'<'"))
            return NULL;
        const Attr *a = parse_affine_map_body(p);
        return a && expect(p, TK_GREATER, "'>'") ? a : NULL;
    }
    if (accept_bare(p, "strided"))
        return parse_strided(p);
    if (is_type_start(p)) {
        TypeId t;
        return parse_type(p, &t) ? attr_type(m, t) : NULL;
    }
    error_here(p, "expected attribute value");
    return NULL;
}

const Attr *
parse_attr(Parser *p)
{
    if (!enter(p))
        return NULL;
    const Attr *a = parse_attr_inner(p);
    leave(p);
    return a;
}

/* ---- affine maps ---- */

typedef struct AffineNames {
    Token dims[64], syms[64];
    uint32_t ndims, nsyms;
} AffineNames;

static const AffineExpr *parse_affine_expr(Parser *p, const AffineNames *n);

/* primary ::= `(` expr `)` | dim-name | symbol-name | integer-literal | `-` primary */
static const AffineExpr *
parse_affine_primary(Parser *p, const AffineNames *n)
{
    Module *m = p->m;
    if (accept(p, TK_MINUS)) {
        if (!enter(p))
            return NULL;
        const AffineExpr *e = parse_affine_primary(p, n);
        leave(p);
        return e ? affine_binary(m, AFF_MUL, e, affine_const(m, -1)) : NULL;
    }
    if (at(p, TK_LPAREN)) {
        if (!enter(p))
            return NULL;
        next(p);
        const AffineExpr *e = parse_affine_expr(p, n);
        leave(p);
        return e && expect(p, TK_RPAREN, "')'") ? e : NULL;
    }
    if (at(p, TK_INT)) {
        int64_t v;
        return parse_int64(p, &v) ? affine_const(m, v) : NULL;
    }
    if (at(p, TK_BARE)) {
        for (uint32_t i = 0; i < n->ndims; i++)
            if (n->dims[i].n == p->tok.n && memcmp(n->dims[i].s, p->tok.s, p->tok.n) == 0) {
                next(p);
                return affine_dim(m, i);
            }
        for (uint32_t i = 0; i < n->nsyms; i++)
            if (n->syms[i].n == p->tok.n && memcmp(n->syms[i].s, p->tok.s, p->tok.n) == 0) {
                next(p);
                return affine_sym(m, i);
            }
        error_here(p, "use of undeclared identifier '%.*s' in affine expression", (int)p->tok.n,
                   p->tok.s);
        return NULL;
    }
    error_here(p, "expected affine expression");
    return NULL;
}

/* term ::= primary ((`*` | `floordiv` | `ceildiv` | `mod`) primary)* */
static const AffineExpr *
parse_affine_term(Parser *p, const AffineNames *n)
{
    const AffineExpr *e = parse_affine_primary(p, n);
    while (e) {
        AffineKind k;
        if (at(p, TK_STAR))
            k = AFF_MUL;
        else if (at_bare(p, "floordiv"))
            k = AFF_FLOORDIV;
        else if (at_bare(p, "ceildiv"))
            k = AFF_CEILDIV;
        else if (at_bare(p, "mod"))
            k = AFF_MOD;
        else
            break;
        next(p);
        const AffineExpr *r = parse_affine_primary(p, n);
        e = r ? affine_binary(p->m, k, e, r) : NULL;
    }
    return e;
}

/* expr ::= term ((`+` | `-`) term)* */
static const AffineExpr *
parse_affine_expr(Parser *p, const AffineNames *n)
{
    const AffineExpr *e = parse_affine_term(p, n);
    while (e && (at(p, TK_PLUS) || at(p, TK_MINUS))) {
        bool minus = at(p, TK_MINUS);
        next(p);
        const AffineExpr *r = parse_affine_term(p, n);
        if (r && minus)
            r = affine_binary(p->m, AFF_MUL, r, affine_const(p->m, -1));
        e = r ? affine_binary(p->m, AFF_ADD, e, r) : NULL;
    }
    return e;
}

static bool
parse_affine_names(Parser *p, TokKind open, TokKind close, Token *names, uint32_t *n)
{
    *n = 0;
    if (!expect(p, open, open == TK_LPAREN ? "'('" : "'['"))
        return false;
    if (accept(p, close))
        return true;
    do {
        if (!at(p, TK_BARE))
            return error_here(p, "expected identifier");
        if (*n >= 64)
            return error_here(p, "too many identifiers");
        names[(*n)++] = p->tok;
        next(p);
    } while (accept(p, TK_COMMA));
    return expect(p, close, close == TK_RPAREN ? "')'" : "']'");
}

/* affine-map ::= dim-list symbol-list? `->` `(` (expr (`,` expr)*)? `)` */
const Attr *
parse_affine_map_body(Parser *p)
{
    AffineNames *n = arena_alloc(&p->m->arena, sizeof *n);
    if (!parse_affine_names(p, TK_LPAREN, TK_RPAREN, n->dims, &n->ndims))
        return NULL;
    if (at(p, TK_LBRACKET) && !parse_affine_names(p, TK_LBRACKET, TK_RBRACKET, n->syms, &n->nsyms))
        return NULL;
    if (!expect(p, TK_ARROW, "'->'") || !expect(p, TK_LPAREN, "'('"))
        return NULL;
    ARRAY(const AffineExpr *) results = { 0 };
    if (!accept(p, TK_RPAREN)) {
        do {
            const AffineExpr *e = parse_affine_expr(p, n);
            if (!e)
                return NULL;
            ARRAY_PUSH(&p->m->arena, results, e);
        } while (accept(p, TK_COMMA));
        if (!expect(p, TK_RPAREN, "')'"))
            return NULL;
    }
    return attr_affine_map(p->m,
                           affine_map_new(p->m, n->ndims, n->nsyms, results.n, results.items));
}
