/*
 * parse_iree.c -- `#`-attributes: alias references, dialect enums
 * (#vector.kind<add>, #gpu<dim x>, #gpu.address_space<workgroup>,
 * #iree_gpu.mma_layout<...>), the IREE nested layout (seed 002), lowering
 * config (seed 000) and translation info, and opaque dialect attributes,
 * which are kept verbatim.
 */
#include "ir/parser.h"

#include <string.h>

/* ---- opaque attributes ---- */

/* Skips a balanced `<...>` group (current token `<`), returning the end of its text. */
static bool
skip_balanced(Parser *p, const char **end)
{
    int depth = 0;
    do {
        if (at(p, TK_EOF) || at(p, TK_ERROR))
            return error_here(p, "unbalanced '<' in attribute");
        if (at(p, TK_LESS) || at(p, TK_LPAREN) || at(p, TK_LBRACKET) || at(p, TK_LBRACE))
            depth++;
        if (at(p, TK_GREATER) || at(p, TK_RPAREN) || at(p, TK_RBRACKET) || at(p, TK_RBRACE))
            depth--;
        *end = p->tok.s + p->tok.n;
        next(p);
    } while (depth > 0);
    return true;
}

static const Attr *
opaque_from(Parser *p, const Token *start)
{
    const char *end = start->s + start->n;
    if (at(p, TK_LESS) && p->tok.pos == (size_t)(end - p->lex.text) && !skip_balanced(p, &end))
        return NULL;
    const char *begin = p->lex.text + start->pos;
    Attr *a = arena_alloc(&p->m->arena, sizeof *a);
    a->kind = ATTR_OPAQUE;
    a->str = arena_strndup(&p->m->arena, begin, (size_t)(end - begin));
    return a;
}

/* ---- enums ---- */

/* `<` ident (`,` ident)* `>` -> "a,b"; NULL (nothing consumed) if the body is not that shape */
static const char *
try_enum_words(Parser *p)
{
    Lexer save_lex = p->lex;
    Token save_tok = p->tok;
    char buf[256];
    size_t n = 0;
    next(p); /* `<` */
    do {
        if (!at(p, TK_BARE) || n + p->tok.n + 2 >= sizeof buf)
            goto fail;
        if (n)
            buf[n++] = ',';
        memcpy(buf + n, p->tok.s, p->tok.n);
        n += p->tok.n;
        next(p);
    } while (accept(p, TK_COMMA));
    if (!accept(p, TK_GREATER))
        goto fail;
    return arena_strndup(&p->m->arena, buf, n);
fail:
    p->lex = save_lex;
    p->tok = save_tok;
    return NULL;
}

static const char *
canonical_enum_value(Parser *p, Loc loc, const char *dialect, const char *name, const char *value)
{
    if (strcmp(dialect, "vector") == 0 && strcmp(name, "kind") == 0) {
        int k = combining_kind_lookup(value);
        if (k >= 0)
            return combining_kind_names[k];
        error_at(p, loc, "unknown combining kind '%s'", value);
        return NULL;
    }
    return value;
}

/* enum-body ::= `<` ident (`,` ident)* `>`  for #dialect.name<...> */
const Attr *
parse_enum_body(Parser *p, const char *dialect, const char *name)
{
    Loc loc = p->tok.loc;
    if (!at(p, TK_LESS)) {
        error_here(p, "expected '<'");
        return NULL;
    }
    const char *v = try_enum_words(p);
    if (!v) {
        error_at(p, loc, "expected '<' value '>'");
        return NULL;
    }
    v = canonical_enum_value(p, loc, dialect, name, v);
    return v ? attr_enum(p->m, dialect, name, v, false) : NULL;
}

/* ---- #iree_vector_ext.nested_layout<...> ---- */

static const char *const layout_fields[7] = {
    "subgroup_tile", "batch_tile",       "outer_tile",     "thread_tile",
    "element_tile",  "subgroup_strides", "thread_strides",
};

/* Default strides: the distributed dims (tile > 1) get row-major compact strides
 * with the innermost dim fastest; undistributed dims get 0. */
static int64_t *
default_strides(Parser *p, const int64_t *tile, uint32_t rank)
{
    int64_t *s = arena_alloc(&p->m->arena, (rank + 1) * sizeof *s);
    int64_t running = 1;
    for (uint32_t d = rank; d-- > 0;) {
        s[d] = tile[d] > 1 ? running : 0;
        if (tile[d] > 1)
            running *= tile[d];
    }
    return s;
}

/* nested-layout ::= `<` (field `=` `[` ints `]` (`,` field `=` `[` ints `]`)*)? `>` */
static const Attr *
parse_nested_layout(Parser *p, Loc loc)
{
    int64_t *f[7] = { 0 };
    int32_t rank = -1;
    if (!expect(p, TK_LESS, "'<'"))
        return NULL;
    do {
        int which = -1;
        for (int i = 0; i < 7 && at(p, TK_BARE); i++)
            if (at_bare(p, layout_fields[i]))
                which = i;
        if (which < 0) {
            error_here(p, "expected a nested_layout field");
            return NULL;
        }
        if (f[which]) {
            error_here(p, "duplicate field '%s'", layout_fields[which]);
            return NULL;
        }
        next(p);
        Loc vloc = p->tok.loc;
        uint32_t n;
        if (!expect(p, TK_EQUAL, "'='") ||
            !parse_int_list(p, TK_LBRACKET, TK_RBRACKET, &f[which], &n))
            return NULL;
        if (!f[which])
            f[which] = arena_alloc(&p->m->arena, sizeof(int64_t));
        if (rank >= 0 && (uint32_t)rank != n) {
            error_at(p, vloc, "'%s' has %u entries, expected %d", layout_fields[which], n, rank);
            return NULL;
        }
        rank = (int32_t)n;
        for (uint32_t i = 0; i < n; i++)
            if (f[which][i] < (which < 5 ? 1 : 0)) {
                error_at(p, vloc, "invalid '%s' entry", layout_fields[which]);
                return NULL;
            }
    } while (accept(p, TK_COMMA));
    if (!expect(p, TK_GREATER, "'>'"))
        return NULL;
    if (rank < 0) {
        error_at(p, loc, "nested_layout needs at least one field");
        return NULL;
    }
    for (int i = 0; i < 5; i++)
        if (!f[i]) {
            f[i] = arena_alloc(&p->m->arena, ((uint32_t)rank + 1) * sizeof(int64_t));
            for (int32_t d = 0; d < rank; d++)
                f[i][d] = 1;
        }
    if (!f[5])
        f[5] = default_strides(p, f[0], (uint32_t)rank);
    if (!f[6])
        f[6] = default_strides(p, f[3], (uint32_t)rank);
    NestedLayoutAttr *l = arena_alloc(&p->m->arena, sizeof *l);
    *l = (NestedLayoutAttr){ (uint32_t)rank, f[0], f[1], f[2], f[3], f[4], f[5], f[6] };
    Attr *a = arena_alloc(&p->m->arena, sizeof *a);
    a->kind = ATTR_NESTED_LAYOUT;
    a->nested = l;
    return a;
}

/* ---- #iree_gpu.lowering_config<{...}> ---- */

static const Attr *
parse_lowering_config(Parser *p)
{
    if (!expect(p, TK_LESS, "'<'"))
        return NULL;
    const Attr *d = parse_dict_attr(p);
    if (!d || !expect(p, TK_GREATER, "'>'"))
        return NULL;
    Attr *a = arena_copy(&p->m->arena, d, sizeof *d);
    a->kind = ATTR_LOWERING_CONFIG;
    return a;
}

/* #iree_codegen.lowering_config<tile_sizes = [[..], ..] (, key = value)*>: kept as an
 * ATTR_LOWERING_CONFIG with b set (the codegen spelling), its entries as a dict */
static const Attr *
parse_codegen_lowering_config(Parser *p)
{
    ARRAY(NamedAttr) items = { 0 };
    if (!expect(p, TK_LESS, "'<'"))
        return NULL;
    do {
        if (!at(p, TK_BARE)) {
            error_here(p, "expected a parameter name (tile_sizes = [[...]])");
            return NULL;
        }
        NamedAttr na = { tok_str(p), NULL };
        next(p);
        if (!expect(p, TK_EQUAL, "'='") || !(na.value = parse_attr(p)))
            return NULL;
        ARRAY_PUSH(&p->m->arena, items, na);
    } while (accept(p, TK_COMMA));
    if (!expect(p, TK_GREATER, "'>'"))
        return NULL;
    Attr *a = arena_copy(&p->m->arena, attr_dict(p->m, items.items, items.n), sizeof(Attr));
    a->kind = ATTR_LOWERING_CONFIG;
    a->b = true;
    return a;
}

/* ---- #iree_codegen.translation_info<...> ---- */

/* translation-info ::= `<` (`pipeline` `=`)? pipeline (`workgroup_size` `=` `[` ints `]`)?
 *                      (`subgroup_size` `=` int)? (`,` dictionary)? `>`
 * pipeline ::= bare-id | `#` attribute (kept as text) */
static const Attr *
parse_translation_info(Parser *p)
{
    TranslationInfoAttr *ti = arena_alloc(&p->m->arena, sizeof *ti);
    if (!expect(p, TK_LESS, "'<'"))
        return NULL;
    if (at_bare(p, "pipeline")) {
        next(p);
        if (!expect(p, TK_EQUAL, "'='"))
            return NULL;
    }
    if (at(p, TK_BARE)) {
        ti->pipeline = tok_str(p);
        next(p);
    } else if (at(p, TK_HASH)) {
        Token start = p->tok;
        next(p);
        const Attr *a = opaque_from(p, &start);
        if (!a)
            return NULL;
        ti->pipeline = a->str;
    } else {
        error_here(p, "expected pipeline name");
        return NULL;
    }
    if (accept_bare(p, "workgroup_size")) {
        int64_t *v;
        uint32_t n;
        Loc loc = p->tok.loc;
        if (!expect(p, TK_EQUAL, "'='") || !parse_int_list(p, TK_LBRACKET, TK_RBRACKET, &v, &n))
            return NULL;
        if (n > 3) {
            error_at(p, loc, "workgroup_size has at most 3 entries");
            return NULL;
        }
        ti->nworkgroup = n;
        for (uint32_t i = 0; i < n; i++)
            ti->workgroup_size[i] = v[i];
    }
    if (accept_bare(p, "subgroup_size")) {
        if (!expect(p, TK_EQUAL, "'='"))
            return NULL;
        Loc sloc = p->tok.loc;
        if (!parse_int64(p, &ti->subgroup_size))
            return NULL;
        if (ti->subgroup_size <= 0) { /* 0 read as "unset" before: say so instead */
            error_at(p, sloc, "subgroup_size must be positive (got %lld)",
                     (long long)ti->subgroup_size);
            return NULL;
        }
    }
    if (accept(p, TK_COMMA) && !(ti->config = parse_dict_attr(p)))
        return NULL;
    if (!expect(p, TK_GREATER, "'>'"))
        return NULL;
    Attr *a = arena_alloc(&p->m->arena, sizeof *a);
    a->kind = ATTR_TRANSLATION_INFO;
    a->translation = ti;
    return a;
}

/* ---- dispatch ---- */

static const Attr *
lookup_alias(Parser *p, const Token *t)
{
    for (uint32_t i = p->attr_aliases.n; i-- > 0;) {
        const char *name = p->attr_aliases.items[i].name;
        if (strlen(name) == t->n && memcmp(name, t->s, t->n) == 0)
            return p->attr_aliases.items[i].attr;
    }
    return NULL;
}

/* #dialect<name value> (the short form of gpu enums) */
static const Attr *
parse_short_enum(Parser *p, const Token *start, const char *dialect)
{
    Lexer save_lex = p->lex;
    Token save_tok = p->tok;
    next(p); /* `<` */
    if (at(p, TK_BARE)) {
        const char *name = tok_str(p);
        next(p);
        if (at(p, TK_BARE)) {
            const char *value = tok_str(p);
            next(p);
            if (accept(p, TK_GREATER))
                return attr_enum(p->m, dialect, name, value, true);
        }
    }
    p->lex = save_lex;
    p->tok = save_tok;
    return opaque_from(p, start);
}

/* hash-attribute ::= `#` alias-name | `#` dialect (`.` name)? (`<` ... `>`)? */
const Attr *
parse_hash_attr(Parser *p)
{
    Token t = p->tok;
    next(p);
    bool body = at(p, TK_LESS) && p->tok.pos == (size_t)(t.s + t.n - p->lex.text);
    if (!body) {
        const Attr *a = lookup_alias(p, &t);
        if (a)
            return a;
    }
    char name[128];
    if (t.n >= sizeof name) {
        error_at(p, t.loc, "attribute name too long");
        return NULL;
    }
    memcpy(name, t.s, t.n);
    name[t.n] = 0;
    char *dot = strchr(name, '.');
    if (!body) {
        if (!dot) {
            error_at(p, t.loc, "undefined attribute alias '#%s'", name);
            return NULL;
        }
        return opaque_from(p, &t);
    }
    if (!dot)
        return parse_short_enum(p, &t, name);
    if (strcmp(name, "iree_vector_ext.nested_layout") == 0)
        return parse_nested_layout(p, t.loc);
    if (strcmp(name, "iree_gpu.lowering_config") == 0)
        return parse_lowering_config(p);
    if (strcmp(name, "iree_codegen.translation_info") == 0)
        return parse_translation_info(p);
    if (strcmp(name, "iree_codegen.lowering_config") == 0)
        return parse_codegen_lowering_config(p);
    *dot = 0;
    const char *v = try_enum_words(p);
    if (!v)
        return opaque_from(p, &t);
    v = canonical_enum_value(p, t.loc, name, dot + 1, v);
    return v ? attr_enum(p->m, name, dot + 1, v, false) : NULL;
}
