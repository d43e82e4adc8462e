/*
 * parse.c -- the core of the recursive-descent parser: tokens, SSA names,
 * operations (generic form and the dispatch to custom forms), blocks,
 * regions, and op normalisation.
 *
 * Both spellings of an op end in build_op(): the custom parsers (parse_ops.c,
 * parse_vector.c, parse_nvgpu.c, parse_func.c) and parse_generic_op() fill an
 * OpBuild; build_op() creates the op and normalize_op() fills defaulted
 * attributes and converts old spellings, so that the two forms of one op
 * build equal ops.
 *
 * SSA names live in a chained hash table whose entries are pushed in
 * definition order; leaving a region pops back to a mark (names are scoped
 * to their region), and isolated regions (functions, modules) raise a floor
 * below which names are invisible.
 */
#include "ir/parser.h"

#include <stdlib.h>
#include <string.h>

/* ---- tokens and errors ---- */

void
next(Parser *p)
{
    fe_lex_next(&p->lex, &p->tok);
}

bool
at(const Parser *p, TokKind k)
{
    return p->tok.kind == k;
}

bool
tok_is(const Token *t, const char *word)
{
    size_t n = strlen(word);
    return t->kind == TK_BARE && t->n == n && memcmp(t->s, word, n) == 0;
}

bool
at_bare(const Parser *p, const char *word)
{
    return tok_is(&p->tok, word);
}

bool
accept(Parser *p, TokKind k)
{
    if (p->tok.kind != k)
        return false;
    next(p);
    return true;
}

bool
accept_bare(Parser *p, const char *word)
{
    if (!at_bare(p, word))
        return false;
    next(p);
    return true;
}

bool
error_at(Parser *p, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(p->d, DIAG_ERROR, loc, fmt, ap);
    va_end(ap);
    return false;
}

/* Reports at the current token; a lexer error token reports its own message. */
bool
error_here(Parser *p, const char *fmt, ...)
{
    if (at(p, TK_ERROR))
        return error_at(p, p->tok.loc, "%s", p->tok.msg);
    va_list ap;
    va_start(ap, fmt);
    diag_verror(p->d, DIAG_ERROR, p->tok.loc, fmt, ap);
    va_end(ap);
    return false;
}

static const char *
describe_token(const Token *t)
{
    switch (t->kind) {
    case TK_EOF:
        return "end of file";
    case TK_ERROR:
        return "invalid token";
    default:
        return NULL;
    }
}

bool
expect(Parser *p, TokKind k, const char *what)
{
    if (accept(p, k))
        return true;
    const char *d = describe_token(&p->tok);
    if (d && !at(p, TK_ERROR))
        return error_here(p, "expected %s, found %s", what, d);
    return error_here(p, "expected %s", what);
}

bool
expect_bare(Parser *p, const char *word)
{
    if (accept_bare(p, word))
        return true;
    return error_here(p, "expected '%s'", word);
}

bool
enter(Parser *p)
{
    if (p->depth >= PARSE_MAX_DEPTH)
        return error_here(p, "nesting too deep");
    p->depth++;
    return true;
}

void
leave(Parser *p)
{
    p->depth--;
}

const char *
tok_str(Parser *p)
{
    return arena_strndup(&p->m->arena, p->tok.s, p->tok.n);
}

/* ---- the SSA name table ---- */

static uint32_t
hash_name(const char *s, uint32_t n)
{
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static void
rebuild_buckets(Parser *p, uint32_t nbuckets)
{
    ir_free(p->buckets);
    p->buckets = NULL;
    p->buckets = ir_calloc(nbuckets, sizeof *p->buckets);
    p->nbuckets = nbuckets;
    for (uint32_t i = 0; i < p->nentries; i++) {
        ValueEntry *e = &p->entries[i];
        uint32_t b = hash_name(e->name, e->len) & (nbuckets - 1);
        e->next = p->buckets[b];
        p->buckets[b] = i + 1;
    }
}

static ValueEntry *
lookup_name(Parser *p, const char *name, uint32_t len)
{
    if (!p->nbuckets)
        return NULL;
    uint32_t b = hash_name(name, len) & (p->nbuckets - 1);
    for (uint32_t i = p->buckets[b]; i; i = p->entries[i - 1].next) {
        ValueEntry *e = &p->entries[i - 1];
        if (e->len == len && memcmp(e->name, name, len) == 0)
            return i - 1 >= p->floor ? e : NULL;
    }
    return NULL;
}

static void
add_entry(Parser *p, const char *name, uint32_t len, ValueId first, uint32_t count)
{
    if (p->nentries == p->capentries) {
        if (p->capentries >= UINT32_MAX / 2)
            ir_oom();
        p->entries = ir_realloc(p->entries, 2 * (size_t)(p->capentries ? p->capentries : 128) *
                                                sizeof *p->entries);
        p->capentries = p->capentries ? 2 * p->capentries : 256;
    }
    if (2 * (p->nentries + 1) > p->nbuckets)
        rebuild_buckets(p, p->nbuckets ? 2 * p->nbuckets : 512);
    uint32_t b = hash_name(name, len) & (p->nbuckets - 1);
    p->entries[p->nentries] = (ValueEntry){ name, len, first, count, p->buckets[b] };
    p->buckets[b] = ++p->nentries;
}

/* Binds name to count consecutive values starting at first. */
static bool
define_name(Parser *p, const char *name, uint32_t len, ValueId first, uint32_t count, Loc loc)
{
    if (lookup_name(p, name, len))
        return error_at(p, loc, "redefinition of SSA value '%%%.*s'", (int)len, name);
    add_entry(p, name, len, first, count);
    /* the name is a printing hint; numeric names (%0) are not kept */
    bool numeric = true;
    for (uint32_t i = 0; i < len; i++)
        numeric = numeric && name[i] >= '0' && name[i] <= '9';
    if (!numeric && first) {
        const char *hint = arena_strndup(&p->m->arena, name, len);
        for (uint32_t i = 0; i < count; i++)
            p->m->values[first + i].name = hint;
    }
    return true;
}

/* Forgets every name defined after entry `mark` (LIFO: each is its bucket's head). */
static void
pop_names(Parser *p, uint32_t mark)
{
    while (p->nentries > mark) {
        ValueEntry *e = &p->entries[p->nentries - 1];
        uint32_t b = hash_name(e->name, e->len) & (p->nbuckets - 1);
        p->buckets[b] = e->next;
        p->nentries--;
    }
}

/* ---- operands ---- */

/* value-use ::= `%` suffix-id (`#` decimal-literal)? */
bool
parse_operand(Parser *p, ValueId *v)
{
    if (!at(p, TK_VALUE))
        return error_here(p, "expected SSA operand");
    ValueEntry *e = lookup_name(p, p->tok.s, p->tok.n);
    if (!e)
        return error_here(p, "use of undefined value '%%%.*s'", (int)p->tok.n, p->tok.s);
    if (!e->first) /* the result of an op that had an error: reported there, once */
        return false;
    int64_t k = p->tok.resno < 0 ? 0 : p->tok.resno;
    if (k >= e->count)
        return error_here(p, "reference to invalid result number '%%%.*s#%lld'", (int)p->tok.n,
                          p->tok.s, (long long)k);
    *v = e->first + (ValueId)k;
    next(p);
    return true;
}

bool
check_type(Parser *p, ValueId v, TypeId want, Loc loc)
{
    if (value_type(p->m, v) == want)
        return true;
    Value *val = value_get(p->m, v);
    char has[128], said[128];
    return error_at(p, loc, "type mismatch: '%%%s' is %s, but this use says %s",
                    val->name ? val->name : "<unnamed>",
                    ir_type_text(p->m, value_type(p->m, v), has, sizeof has),
                    ir_type_text(p->m, want, said, sizeof said));
}

bool
parse_operand_typed(Parser *p, ValueId *v, TypeId want)
{
    Loc loc = p->tok.loc;
    return parse_operand(p, v) && check_type(p, *v, want, loc);
}

/* %a, %b, ...  (possibly empty: stops at the first token that is not a value) */
bool
parse_operand_list(Parser *p, OpBuild *b)
{
    if (!at(p, TK_VALUE))
        return true;
    do {
        ValueId v;
        if (!parse_operand(p, &v))
            return false;
        build_push_arg(p, b, v);
    } while (accept(p, TK_COMMA));
    return true;
}

/* open value-use-list? close */
bool
parse_operand_list_in(Parser *p, TokKind open, TokKind close, OpBuild *b, uint32_t *count)
{
    uint32_t before = b->args.n;
    if (!expect(p, open, open == TK_LPAREN ? "'('" : "'['"))
        return false;
    if (!parse_operand_list(p, b))
        return false;
    if (count)
        *count = b->args.n - before;
    return expect(p, close, close == TK_RPAREN ? "')'" : "']'");
}

/* ---- OpBuild helpers ---- */

void
build_push_arg(Parser *p, OpBuild *b, ValueId v)
{
    ARRAY_PUSH(&p->scratch, b->args, v);
}

void
build_push_type(Parser *p, OpBuild *b, TypeId t)
{
    ARRAY_PUSH(&p->scratch, b->types, t);
}

void
build_set_attr(Parser *p, OpBuild *b, const char *name, const Attr *a)
{
    for (uint32_t i = 0; i < b->attrs.n; i++)
        if (strcmp(b->attrs.items[i].name, name) == 0) {
            b->attrs.items[i].value = a;
            return;
        }
    NamedAttr na = { arena_strdup(&p->m->arena, name), a };
    ARRAY_PUSH(&p->scratch, b->attrs, na);
}

const Attr *
build_attr(const OpBuild *b, const char *name)
{
    for (uint32_t i = 0; i < b->attrs.n; i++)
        if (strcmp(b->attrs.items[i].name, name) == 0)
            return b->attrs.items[i].value;
    return NULL;
}

void
build_set_segments(Parser *p, OpBuild *b, const int64_t *sizes, uint32_t n)
{
    build_set_attr(p, b, "operandSegmentSizes", attr_dense_array(p->m, TY_I32, sizes, NULL, n));
}

/* attr-entry ::= (bare-id | string-literal) (`=` attribute-value)?
 * dictionary-attribute ::= `{` (attr-entry (`,` attr-entry)*)? `}` */
bool
parse_attr_dict_into(Parser *p, OpBuild *b)
{
    const Attr *d = parse_dict_attr(p);
    if (!d)
        return false;
    for (uint32_t i = 0; i < d->n; i++)
        build_set_attr(p, b, d->dict[i].name, d->dict[i].value);
    return true;
}

bool
parse_opt_attr_dict(Parser *p, OpBuild *b)
{
    return !at(p, TK_LBRACE) || parse_attr_dict_into(p, b);
}

/* ---- normalisation: both spellings of an op end up equal ---- */

/* [1, 2] (an old I64ArrayAttr) -> array<i64: 1, 2> */
static void
to_dense_i64(Module *m, OpId o, const char *from, const char *to)
{
    const Attr *a = op_attr(m, o, from);
    if (!a || a->kind != ATTR_ARRAY)
        return;
    int64_t *v = arena_alloc(&m->arena, (a->n + 1) * sizeof *v);
    for (uint32_t i = 0; i < a->n; i++) {
        if (a->items[i]->kind != ATTR_INT)
            return;
        v[i] = a->items[i]->i;
    }
    op_remove_attr(m, o, from);
    op_set_attr(m, o, to, attr_i64_dense(m, v, a->n));
}

/* The minor identity map (d0..d{r-1}) -> (d{r-k}..d{r-1}). */
static const Attr *
minor_identity(Module *m, uint32_t r, uint32_t k)
{
    const AffineExpr **res = arena_alloc(&m->arena, (k + 1) * sizeof *res);
    for (uint32_t i = 0; i < k; i++)
        res[i] = affine_dim(m, r - k + i);
    return attr_affine_map(m, affine_map_new(m, r, 0, k, res));
}

static void
normalize_transfer(Module *m, OpId o, TypeId source, TypeId vector)
{
    const Type *s = type_get(m, source), *v = type_get(m, vector);
    if (s->kind != TY_MEMREF || v->kind != TY_VECTOR || v->rank > s->rank)
        return;
    if (!op_attr(m, o, "permutation_map"))
        op_set_attr(m, o, "permutation_map", minor_identity(m, s->rank, v->rank));
    const Attr *pm = op_attr(m, o, "permutation_map");
    uint32_t n = pm->kind == ATTR_AFFINE_MAP ? pm->map->nresults : v->rank;
    if (!op_attr(m, o, "in_bounds")) {
        const Attr **items = arena_alloc(&m->arena, (n + 1) * sizeof *items);
        for (uint32_t i = 0; i < n; i++)
            items[i] = attr_bool(m, false);
        op_set_attr(m, o, "in_bounds", attr_array(m, items, n));
    }
}

/* iterator_types = ["parallel"] (old) -> [#vector.iterator_type<parallel>] */
static void
normalize_iterators(Module *m, OpId o)
{
    const Attr *a = op_attr(m, o, "iterator_types");
    if (!a || a->kind != ATTR_ARRAY)
        return;
    const Attr **items = arena_alloc(&m->arena, (a->n + 1) * sizeof *items);
    for (uint32_t i = 0; i < a->n; i++) {
        const Attr *it = a->items[i];
        items[i] =
            it->kind == ATTR_STRING ? attr_enum(m, "vector", "iterator_type", it->str, false) : it;
    }
    op_set_attr(m, o, "iterator_types", attr_array(m, items, a->n));
}

static void
normalize_op(Parser *p, OpId o)
{
    Module *m = p->m;
    Op *op = op_get(m, o);
    switch (op->kind) {
    case OP_TRANSFER_READ:
        if (op->nargs >= 1 && op->nres == 1)
            normalize_transfer(m, o, value_type(m, op->args[0]), value_type(m, op->res[0]));
        break;
    case OP_TRANSFER_WRITE:
        if (op->nargs >= 2)
            normalize_transfer(m, o, value_type(m, op->args[1]), value_type(m, op->args[0]));
        break;
    case OP_CONTRACT:
        if (!op_attr(m, o, "kind"))
            op_set_attr(m, o, "kind", attr_enum(m, "vector", "kind", "add", false));
        normalize_iterators(m, o);
        break;
    case OP_TRANSPOSE:
        to_dense_i64(m, o, "transp", "permutation");
        to_dense_i64(m, o, "permutation", "permutation");
        break;
    case OP_MULTI_REDUCTION:
        to_dense_i64(m, o, "reduction_dims", "reduction_dims");
        break;
    case OP_EXTRACT:
    case OP_INSERT:
        to_dense_i64(m, o, "position", "static_position");
        to_dense_i64(m, o, "static_position", "static_position");
        break;
    case OP_CONSTANT_MASK:
        to_dense_i64(m, o, "mask_dim_sizes", "mask_dim_sizes");
        break;
    case OP_SUBGROUP_REDUCE: {
        const Attr *s = op_attr(m, o, "cluster_stride");
        if (s && s->kind == ATTR_INT && s->i == 1)
            op_remove_attr(m, o, "cluster_stride");
        break;
    }
    default:
        normalize_linalg(m, o);
        break;
    }
}

/* ---- building ops ---- */

typedef struct ResultName {
    const char *name;
    uint32_t len, count;
    Loc loc;
} ResultName;
typedef ARRAY(ResultName) ResultNameList;

static OpId
build_op(Parser *p, OpBuild *b)
{
    Module *m = p->m;
    OpId o = op_new(m, b->kind, b->loc, b->args.n, b->args.items, b->types.n, b->types.items,
                    b->regions.n);
    Op *op = op_get(m, o);
    for (uint32_t i = 0; i < b->regions.n; i++) {
        op->regions[i] = b->regions.items[i];
        m->regions[b->regions.items[i]].parent = o;
    }
    if (b->attrs.n) {
        op->attrs = arena_copy(&m->arena, b->attrs.items, b->attrs.n * sizeof *op->attrs);
        op->nattrs = b->attrs.n;
    }
    normalize_op(p, o);
    return o;
}

static bool
bind_results(Parser *p, OpId o, const ResultName *names, uint32_t nnames)
{
    uint32_t total = 0;
    for (uint32_t i = 0; i < nnames; i++)
        total += names[i].count;
    Op *op = op_get(p->m, o);
    if (total == 0 && p->in_mask) /* vector.mask's op: its results are the mask's */
        return true;
    /* `%s = nvvm.shfl.sync ... -> !llvm.struct<(T, i1)>`: one name for the struct, whose
       fields are the op's two results (%s#0, %s#1; llvm.extractvalue names them) */
    if (total == 1 && nnames == 1 && op->kind == OP_NVVM_SHFL_SYNC && op->nres == 2)
        return define_name(p, names[0].name, names[0].len, op->res[0], 2, names[0].loc);
    if (total != op->nres)
        return error_at(p, op->loc, "operation defines %u results but was provided %u to bind",
                        op->nres, total);
    uint32_t k = 0;
    for (uint32_t i = 0; i < nnames; i++) {
        ValueId first = op_get(p->m, o)->res[k];
        if (!define_name(p, names[i].name, names[i].len, first, names[i].count, names[i].loc))
            return false;
        k += names[i].count;
    }
    return true;
}

/* ---- the generic form ---- */

/* generic-operation ::= string-literal `(` value-use-list? `)` dictionary-properties?
 *                       region-list? dictionary-attribute? `:` function-type
 * dictionary-properties ::= `<` dictionary-attribute `>`
 * region-list ::= `(` region (`,` region)* `)` */
static bool
parse_generic_body(Parser *p, OpBuild *b)
{
    Loc args_loc = p->tok.loc;
    if (!parse_operand_list_in(p, TK_LPAREN, TK_RPAREN, b, NULL))
        return false;
    if (at(p, TK_LBRACKET)) { /* successors: `[^bb1, ^bb2]` */
        const Attr *names[4];
        uint32_t n = 0;
        next(p);
        do {
            if (n == 4)
                return error_here(p, "at most 4 successors");
            if (!parse_successor(p, &names[n++]))
                return false;
        } while (accept(p, TK_COMMA));
        if (!expect(p, TK_RBRACKET, "']'"))
            return false;
        build_set_attr(p, b, "successor_names", attr_array(p->m, names, n));
    }
    if (accept(p, TK_LESS)) {
        if (!at(p, TK_LBRACE))
            return error_here(p, "expected '{' in properties");
        if (!parse_attr_dict_into(p, b) || !expect(p, TK_GREATER, "'>'"))
            return false;
    }
    if (at(p, TK_LPAREN)) {
        next(p);
        do {
            RegionId r;
            if (!parse_region(p, &r, NULL, 0, false))
                return false;
            ARRAY_PUSH(&p->scratch, b->regions, r);
        } while (accept(p, TK_COMMA));
        if (!expect(p, TK_RPAREN, "')'"))
            return false;
    }
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'"))
        return false;
    if (b->kind == OP_NVVM_SHFL_SYNC)
        return parse_shfl_generic_type(p, b, args_loc);
    Loc type_loc = p->tok.loc;
    TypeId ft;
    if (!parse_type(p, &ft))
        return false;
    const Type *f = type_get(p->m, ft);
    if (f->kind != TY_FUNCTION)
        return error_at(p, type_loc, "expected a function type");
    if (f->nins != b->args.n)
        return error_at(p, args_loc, "expected %u operand types but had %u", b->args.n, f->nins);
    for (uint32_t i = 0; i < f->nins; i++)
        if (!check_type(p, b->args.items[i], type_get(p->m, ft)->ins[i], args_loc))
            return false;
    for (uint32_t i = 0; i < f->nouts; i++)
        build_push_type(p, b, type_get(p->m, ft)->outs[i]);
    return true;
}

/* ---- the custom form ---- */

static CustomParseFn *
custom_parser(OpKind k)
{
    CustomParseFn *fn = custom_parser_func(k);
    if (!fn)
        fn = custom_parser_ops(k);
    if (!fn)
        fn = custom_parser_vector(k);
    if (!fn)
        fn = custom_parser_nvgpu(k);
    if (!fn)
        fn = custom_parser_host(k);
    if (!fn)
        fn = custom_parser_upstream(k);
    if (!fn)
        fn = custom_parser_linalg(k);
    return fn;
}

/* Levenshtein distance of a and b, or 99 past 95 characters. */
static unsigned
name_distance(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    unsigned row[96];
    if (na > 95 || nb > 95)
        return 99;
    for (size_t j = 0; j <= nb; j++)
        row[j] = (unsigned)j;
    for (size_t i = 1; i <= na; i++) {
        unsigned diag = row[0];
        row[0] = (unsigned)i;
        for (size_t j = 1; j <= nb; j++) {
            unsigned up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[nb];
}

/* `unknown operation 'NAME'`, with the closest op of ops.def when it is a likely slip
 * (at most 2 edits, and at most a third of the name). */
static bool
unknown_op(Parser *p, const char *name)
{
    const char *best = NULL;
    unsigned best_d = 99, limit = (unsigned)strlen(name) / 3;
    for (int k = 0; k < OP_COUNT; k++) {
        unsigned dist = name_distance(name, op_info[k].name);
        if (dist < best_d) {
            best_d = dist;
            best = op_info[k].name;
        }
    }
    if (best && best_d <= 2 && best_d <= limit)
        return error_here(p, "unknown operation '%s'; did you mean '%s'?", name, best);
    return error_here(p, "unknown operation '%s'", name);
}

/* The op name at the current token (bare or quoted) -> kind; reports unknown names. */
static bool
parse_op_name(Parser *p, OpKind *kind, bool *generic)
{
    char buf[96];
    Token t = p->tok;
    *generic = t.kind == TK_STRING;
    const char *s = *generic ? t.s + 1 : t.s;
    uint32_t n = *generic ? (t.n >= 2 ? t.n - 2 : 0) : t.n;
    if (n >= sizeof buf - 8)
        return error_here(p, "unknown operation '%.*s'", (int)(n > 64 ? 64 : n), s);
    memcpy(buf, s, n);
    buf[n] = 0;
    int k = op_lookup(buf);
    if (k < 0 && !*generic && !memchr(buf, '.', n)) {
        char full[110];
        snprintf(full, sizeof full, "%s%s", strcmp(buf, "module") == 0 ? "builtin." : "func.", buf);
        k = op_lookup(full);
    }
    p->sreg = NULL;
    if (k < 0 && strncmp(buf, "nvvm.read.ptx.sreg.", 19) == 0) { /* one op, the name kept */
        p->sreg = arena_strdup(&p->m->arena, buf + 19);
        k = OP_NVVM_SREG;
    }
    if (k < 0)
        return unknown_op(p, buf);
    *kind = (OpKind)k;
    next(p);
    return true;
}

/* op-result-list ::= op-result (`,` op-result)* `=`
 * op-result ::= value-id (`:` integer-literal)? */
static bool
parse_result_names(Parser *p, ResultNameList *names)
{
    if (!at(p, TK_VALUE))
        return true;
    do {
        if (!at(p, TK_VALUE) || p->tok.resno >= 0)
            return error_here(p, "expected result name");
        ResultName r = { p->tok.s, p->tok.n, 1, p->tok.loc };
        next(p);
        if (accept(p, TK_COLON)) {
            int64_t c;
            if (!at(p, TK_INT) || !parse_int64(p, &c) || c < 1 || c > 65536)
                return error_here(p, "expected result count");
            r.count = (uint32_t)c;
        }
        ARRAY_PUSH(&p->scratch, *names, r);
    } while (accept(p, TK_COMMA));
    return expect(p, TK_EQUAL, "'='");
}

/* trailing-location ::= `loc` `(` ... `)` : skipped */
static bool
skip_trailing_loc(Parser *p)
{
    if (!at_bare(p, "loc"))
        return true;
    next(p);
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    int depth = 1;
    while (depth > 0) {
        if (at(p, TK_EOF) || at(p, TK_ERROR))
            return error_here(p, "unterminated location");
        depth += at(p, TK_LPAREN) - at(p, TK_RPAREN);
        next(p);
    }
    return true;
}

/* Whether the op name at the current token is a transform-dialect op (`transform.*`):
 * a schedule script, which vptx does not run (it makes its own schedule). */
static bool
at_transform_op(const Parser *p)
{
    Token t = p->tok;
    const char *s = t.kind == TK_STRING ? t.s + 1 : t.s;
    uint32_t n = t.kind == TK_STRING ? (t.n >= 2 ? t.n - 2 : 0) : t.n;
    return (t.kind == TK_BARE || t.kind == TK_STRING) && n > 10 &&
           strncmp(s, "transform.", 10) == 0;
}

/* Whether token t, first on a line after the op being skipped, starts the next op:
 * results (`%x =`), an op name (a dotted word or a quoted generic name), a block
 * label, or the `}` that closes the region. */
static bool
starts_op(const Token *t)
{
    if (t->kind == TK_VALUE || t->kind == TK_CARET || t->kind == TK_RBRACE || t->kind == TK_STRING)
        return true;
    return t->kind == TK_BARE &&
           (memchr(t->s, '.', t->n) || (t->n == 6 && !memcmp(t->s, "module", 6)) ||
            (t->n == 6 && !memcmp(t->s, "return", 6)));
}

/* Skips a transform-dialect op, its regions included (one remark for the file): the
 * payload beside the script still compiles. */
static bool
skip_transform_op(Parser *p)
{
    if (!p->transform_skipped)
        diag_remark(p->d, p->tok.loc,
                    "transform-dialect script skipped: vptx makes its own schedule (the other "
                    "ops of the file are compiled)");
    p->transform_skipped = true;
    uint32_t line = p->tok.loc.line;
    int depth = 0;
    next(p);
    while (!at(p, TK_EOF) && !at(p, TK_ERROR)) {
        if (depth == 0 && p->tok.loc.line > line && starts_op(&p->tok))
            return true;
        if (at(p, TK_LPAREN) || at(p, TK_LBRACKET) || at(p, TK_LBRACE) || at(p, TK_LESS))
            depth++;
        if (at(p, TK_RPAREN) || at(p, TK_RBRACKET) || at(p, TK_RBRACE) || at(p, TK_GREATER))
            depth--;
        if (depth < 0)
            return error_here(p, "unbalanced brackets in a transform-dialect op");
        line = p->tok.loc.line;
        next(p);
    }
    if (at(p, TK_ERROR))
        return error_here(p, "%s", p->tok.msg ? p->tok.msg : "bad token");
    return true;
}

/* Op o, just built from the statement with result names `names`, is a source op: a
 * new entry of Module.origins (Loc.origin: ptxgen names the registers of o and of
 * every op made from it after its first result). */
static void
set_origin(Parser *p, OpId o, const ResultNameList *names)
{
    Module *m = p->m;
    if (m->norigins + 1 >= m->caporigins) {
        if (m->caporigins >= UINT32_MAX / 2)
            ir_oom();
        m->caporigins = m->caporigins ? 2 * m->caporigins : 256;
        m->origins = ir_realloc(m->origins, m->caporigins * sizeof *m->origins);
    }
    if (m->norigins == 0)
        m->origins[m->norigins++] = (struct Origin){ 0, 0, (OpKind)0 };
    Op *op = op_get(m, o);
    struct Origin g = { op->nres ? op->res[0] : 0, 0, op->kind };
    for (uint32_t i = 0; !op->nres && i < op->nargs && !g.value; i++)
        if (op->args[i] && value_get(m, op->args[i])->name)
            g.value = op->args[i]; /* a result-less op: its first named operand */
    if (names->n && names->items[0].len <= 9) {
        uint32_t v = 0, i = 0;
        for (; i < names->items[0].len && names->items[0].name[i] >= '0' &&
               names->items[0].name[i] <= '9';
             i++)
            v = v * 10 + (uint32_t)(names->items[0].name[i] - '0');
        if (i == names->items[0].len)
            g.num = v + 1; /* %12: not kept as a name hint */
    }
    uint32_t idx = m->norigins++;
    m->origins[idx] = g;
    op->loc.origin = idx;
    for (uint32_t i = 0; i < op->nres; i++)
        m->values[op->res[i]].loc.origin = idx;
}

/* operation ::= op-result-list? (generic-operation | custom-operation) trailing-location? */
static bool parse_op_in(Parser *p, BlockId block, ResultNameList *names);

/* The names of an op that had an error: defined, but as no value (first = 0), so that
 * an op using one fails without a second message (one error per root cause). */
static void
poison_names(Parser *p, const ResultNameList *names)
{
    for (uint32_t i = 0; i < names->n; i++)
        if (!lookup_name(p, names->items[i].name, names->items[i].len))
            add_entry(p, names->items[i].name, names->items[i].len, 0, names->items[i].count);
}

/* The op's scratch arrays are released once it is built (or has failed); nested ops
 * release theirs first, so the marks are taken and given back in LIFO order. */
static bool
parse_op(Parser *p, BlockId block)
{
    ArenaMark mark = arena_mark(&p->scratch);
    ResultNameList names = { 0 };
    bool ok = parse_op_in(p, block, &names);
    if (!ok)
        poison_names(p, &names);
    arena_release(&p->scratch, mark);
    return ok;
}

static bool
parse_op_in(Parser *p, BlockId block, ResultNameList *names)
{
    if (!parse_result_names(p, names))
        return false;
    if (!at(p, TK_STRING) && !at(p, TK_BARE))
        return error_here(p, "expected operation name");
    if (at_transform_op(p))
        return skip_transform_op(p);
    if (at_bare(p, "llvm.extractvalue")) {
        Loc loc = p->tok.loc;
        ValueId field;
        if (!parse_llvm_extractvalue(p, &field) || !skip_trailing_loc(p))
            return false;
        if (names->n != 1 || names->items[0].count != 1)
            return error_at(p, loc, "llvm.extractvalue has one result");
        const ResultName *n = &names->items[0];
        if (lookup_name(p, n->name, n->len))
            return error_at(p, n->loc, "redefinition of SSA value '%%%.*s'", (int)n->len, n->name);
        add_entry(p, n->name, n->len, field, 1);
        return true;
    }
    OpBuild b = { 0 };
    b.loc = p->tok.loc;
    bool generic;
    if (!parse_op_name(p, &b.kind, &generic))
        return false;
    for (uint32_t i = 0; i < names->n; i++)
        b.nresults_named += names->items[i].count;
    bool ok;
    if (generic) {
        ok = parse_generic_body(p, &b);
    } else {
        CustomParseFn *fn = custom_parser(b.kind);
        if (!fn)
            return error_at(p, b.loc, "'%s' has no custom form: use the generic form",
                            op_info[b.kind].name);
        uint32_t saved = p->func_kind;
        ok = fn(p, &b);
        p->func_kind = saved;
    }
    if (!ok || !skip_trailing_loc(p))
        return false;
    if (b.kind == OP_NVVM_SREG && p->sreg && !build_attr(&b, "vptx.sreg"))
        build_set_attr(p, &b, "vptx.sreg", attr_string(p->m, p->sreg, (uint32_t)strlen(p->sreg)));
    OpId o = build_op(p, &b);
    block_append(p->m, block, o);
    set_origin(p, o, names);
    return bind_results(p, o, names->items, names->n);
}

/* After an error: skip to the next line at this nesting level, or to a `}` that
 * closes the enclosing region (left for the caller). */
static void
recover(Parser *p, uint32_t line)
{
    int depth = 0;
    while (!at(p, TK_EOF)) {
        if (depth == 0 && p->tok.loc.line > line && !at(p, TK_RBRACE))
            return;
        if (at(p, TK_LBRACE) || at(p, TK_LPAREN) || at(p, TK_LBRACKET))
            depth++;
        if (at(p, TK_RBRACE) || at(p, TK_RPAREN) || at(p, TK_RBRACKET)) {
            if (depth == 0 && at(p, TK_RBRACE))
                return;
            if (depth > 0)
                depth--;
        }
        next(p);
    }
}

static bool
too_many_errors(const Parser *p)
{
    return p->d->nerrors >= p->d->max_errors;
}

/* Parses one op into block; on an error, reports and resynchronises.
 * Returns false only when parsing should stop (too many errors, end of file). */
static bool
parse_op_or_recover(Parser *p, BlockId block)
{
    uint32_t line = p->tok.loc.line;
    if (parse_op(p, block))
        return true;
    if (too_many_errors(p))
        return false;
    recover(p, line);
    return !at(p, TK_EOF);
}

/* ---- blocks and regions ---- */

/* block-arg-list ::= `(` (value-id `:` type (`,` value-id `:` type)*)? `)` */
static bool
parse_block_args(Parser *p, BlockId blk)
{
    if (!accept(p, TK_LPAREN))
        return true;
    if (accept(p, TK_RPAREN))
        return true;
    do {
        if (!at(p, TK_VALUE) || p->tok.resno >= 0)
            return error_here(p, "expected block argument name");
        Token name = p->tok;
        next(p);
        TypeId t;
        if (!expect(p, TK_COLON, "':'") || !parse_type(p, &t))
            return false;
        ValueId v = block_add_arg(p->m, blk, t, name.loc, NULL);
        if (!define_name(p, name.s, name.n, v, 1, name.loc))
            return false;
        if (!skip_trailing_loc(p))
            return false;
    } while (accept(p, TK_COMMA));
    return expect(p, TK_RPAREN, "')'");
}

static BlockId
new_entry_block(Parser *p, RegionId r, const EntryArg *args, uint32_t nargs, bool *ok)
{
    BlockId blk = block_new(p->m);
    region_append(p->m, r, blk);
    for (uint32_t i = 0; i < nargs; i++) {
        ValueId v = block_add_arg(p->m, blk, args[i].type, args[i].loc, NULL);
        if (args[i].name && !define_name(p, args[i].name, args[i].len, v, 1, args[i].loc))
            *ok = false;
    }
    return blk;
}

static void
add_implicit_yield(Parser *p, RegionId r, Loc loc)
{
    Module *m = p->m;
    Region *reg = region_get(m, r);
    BlockId last = reg->blocks.items[reg->blocks.n - 1];
    Block *blk = block_get(m, last);
    if (blk->ops.n && (op_info[op_get(m, blk->ops.items[blk->ops.n - 1])->kind].traits & T_TERM))
        return;
    block_append(m, last, op_new(m, OP_YIELD, loc, 0, NULL, 0, NULL, 0));
}

/* Records the label at the current ^token as block `index` of the region being parsed. */
static bool
add_label(Parser *p, uint32_t index)
{
    for (uint32_t i = p->label_floor; i < p->nlabels; i++)
        if (p->labels[i].n == p->tok.n && memcmp(p->labels[i].s, p->tok.s, p->tok.n) == 0)
            return error_here(p, "redefinition of block '^%.*s'", (int)p->tok.n, p->tok.s);
    if (p->nlabels == p->caplabels) {
        p->caplabels = p->caplabels ? 2 * p->caplabels : 16;
        p->labels = ir_realloc(p->labels, p->caplabels * sizeof *p->labels);
    }
    p->labels[p->nlabels++] = (struct BlockLabel){ p->tok.s, (uint32_t)p->tok.n, index };
    return true;
}

/* `^name` (a successor) into an attribute holding the name */
bool
parse_successor(Parser *p, const Attr **name)
{
    if (!at(p, TK_CARET))
        return error_here(p, "expected a block name (^bb1)");
    *name = attr_string(p->m, p->tok.s, (uint32_t)p->tok.n);
    next(p);
    return true;
}

/* The successor_names of the branches in region r become `successors`: the indices of
   the blocks, in the region, that carry those labels. */
static bool
resolve_successors(Parser *p, RegionId r)
{
    const Region *reg = region_get(p->m, r);
    for (uint32_t bi = 0; bi < reg->blocks.n; bi++) {
        const Block *b = block_get(p->m, reg->blocks.items[bi]);
        for (uint32_t k = 0; k < b->ops.n; k++) {
            OpId o = b->ops.items[k];
            const Attr *names = op_attr(p->m, o, "successor_names");
            if (!names || names->kind != ATTR_ARRAY)
                continue;
            int64_t idx[4];
            for (uint32_t j = 0; j < names->n && j < 4; j++) {
                const Attr *nm = names->items[j];
                idx[j] = -1;
                for (uint32_t i = p->label_floor; i < p->nlabels; i++)
                    if (nm->len == p->labels[i].n && memcmp(nm->str, p->labels[i].s, nm->len) == 0)
                        idx[j] = p->labels[i].index;
                if (idx[j] < 0)
                    return error_at(p, op_get(p->m, o)->loc,
                                    "'%s' branches to '^%s', which is no block of this region",
                                    op_name(p->m, o), nm->str);
            }
            op_remove_attr(p->m, o, "successor_names");
            op_set_attr(p->m, o, "successors",
                        attr_dense_array(p->m, TY_I32, idx, NULL, names->n < 4 ? names->n : 4));
        }
    }
    return true;
}

/* region ::= `{` entry-block? block* `}`
 * block ::= block-label operation*     block-label ::= block-id block-arg-list? `:`
 * With args (custom forms) the entry block's arguments are given; with
 * implicit_yield a missing scf.yield terminator is inserted. */
bool
parse_region(Parser *p, RegionId *out, const EntryArg *args, uint32_t nargs, bool implicit_yield)
{
    if (!at(p, TK_LBRACE))
        return error_here(p, "expected '{' to begin a region");
    if (!enter(p))
        return false;
    next(p);
    RegionId r = region_new(p->m, 0);
    *out = r;
    uint32_t mark = p->nentries;
    uint32_t saved_floor = p->label_floor;
    p->label_floor = p->nlabels;
    bool ok = true;
    BlockId cur = 0;
    if (args || implicit_yield)
        cur = new_entry_block(p, r, args, nargs, &ok);
    while (ok && !at(p, TK_RBRACE)) {
        if (at(p, TK_EOF)) {
            ok = error_here(p, "expected '}' to end the region");
            break;
        }
        if (at(p, TK_CARET)) {
            if (args && cur && region_get(p->m, r)->blocks.n == 1 && !block_get(p->m, cur)->ops.n) {
                ok = error_here(p, "invalid block name in region with named arguments");
                break;
            }
            ok = add_label(p, region_get(p->m, r)->blocks.n);
            next(p);
            cur = block_new(p->m);
            region_append(p->m, r, cur);
            ok = ok && parse_block_args(p, cur) && expect(p, TK_COLON, "':'");
            continue;
        }
        if (!cur) {
            cur = block_new(p->m);
            region_append(p->m, r, cur);
        }
        if (!parse_op_or_recover(p, cur))
            ok = false;
    }
    Loc end = p->tok.loc;
    if (ok)
        next(p);
    if (ok && implicit_yield)
        add_implicit_yield(p, r, end);
    if (ok)
        ok = resolve_successors(p, r);
    p->nlabels = p->label_floor;
    p->label_floor = saved_floor;
    pop_names(p, mark);
    leave(p);
    return ok;
}

/* Isolated regions (functions, modules) see no names from outside. */
bool
parse_isolated_region(Parser *p, RegionId *out, const EntryArg *args, uint32_t nargs)
{
    uint32_t saved = p->floor;
    p->floor = p->nentries;
    bool ok = parse_region(p, out, args, nargs, false);
    p->floor = saved;
    return ok;
}

/* ---- top level ---- */

/* attribute-alias-def ::= `#` alias-name `=` attribute-value
 * type-alias-def ::= `!` alias-name `=` type */
static bool
parse_alias_def(Parser *p)
{
    Token name = p->tok;
    /* MLIR: "redefinition of attribute alias" (a second definition is an error,
     * never a silent shadow) */
    const Alias *old = name.kind == TK_BANG ? p->type_aliases.items : p->attr_aliases.items;
    uint32_t nold = name.kind == TK_BANG ? p->type_aliases.n : p->attr_aliases.n;
    for (uint32_t i = 0; i < nold; i++)
        if (strlen(old[i].name) == name.n && memcmp(old[i].name, name.s, name.n) == 0)
            return error_at(p, name.loc, "redefinition of %s alias '%c%.*s'",
                            name.kind == TK_BANG ? "type" : "attribute",
                            name.kind == TK_BANG ? '!' : '#', (int)name.n, name.s);
    next(p);
    if (!expect(p, TK_EQUAL, "'='"))
        return false;
    Alias a = { arena_strndup(&p->m->arena, name.s, name.n), NULL, 0 };
    if (name.kind == TK_BANG) {
        if (!parse_type(p, &a.type))
            return false;
        ARRAY_PUSH(&p->m->arena, p->type_aliases, a);
        return true;
    }
    if (at_bare(p, "loc")) { /* #loc = loc(...): locations are ignored */
        a.attr = attr_unit(p->m);
        ARRAY_PUSH(&p->m->arena, p->attr_aliases, a);
        return skip_trailing_loc(p);
    }
    a.attr = parse_attr(p);
    if (!a.attr)
        return false;
    ARRAY_PUSH(&p->m->arena, p->attr_aliases, a);
    return true;
}

static bool
is_alias_def(Parser *p)
{
    if (!at(p, TK_HASH) && !at(p, TK_BANG))
        return false;
    Lexer saved = p->lex;
    Token t;
    fe_lex_next(&saved, &t);
    return t.kind == TK_EQUAL;
}

bool parse_module_into_top(Parser *p); /* parse_func.c */

static bool
at_module_keyword(const Parser *p)
{
    if (at_bare(p, "module") || at_bare(p, "builtin.module"))
        return true;
    return at(p, TK_STRING) && p->tok.n == 16 && memcmp(p->tok.s, "\"builtin.module\"", 16) == 0;
}

/* toplevel ::= (operation | attribute-alias-def | type-alias-def)* */
static void
parse_toplevel(Parser *p)
{
    Module *m = p->m;
    BlockId top = op_entry_block(m, m->top, 0);
    bool explicit_module = false;
    m->top_implicit = true;
    while (!at(p, TK_EOF) && !too_many_errors(p)) {
        uint32_t line = p->tok.loc.line;
        bool ok;
        if (is_alias_def(p)) {
            ok = parse_alias_def(p);
        } else if (at_module_keyword(p) && !explicit_module && block_get(m, top)->ops.n == 0) {
            explicit_module = true;
            m->top_implicit = false;
            ok = parse_module_into_top(p);
        } else if (explicit_module) {
            ok = error_here(p, "expected end of file after the top-level module");
        } else if (at(p, TK_RBRACE)) {
            ok = error_here(p, "unexpected '}'");
            next(p);
            continue;
        } else {
            ok = parse_op(p, top);
        }
        if (!ok) {
            recover(p, line);
            if (at(p, TK_RBRACE))
                next(p);
        }
    }
}

static void
parser_init(Parser *p, Module *m, Diag *d, uint32_t file, const char *text, size_t len)
{
    memset(p, 0, sizeof *p);
    p->m = m;
    p->d = d;
    fe_lex_init(&p->lex, text, len, file);
    next(p);
}

static void
parser_free(Parser *p)
{
    ir_free(p->entries);
    ir_free(p->buckets);
    ir_free(p->labels);
    arena_free(&p->scratch);
}

bool
frontend_parse(Module *m, Diag *d, const char *filename, const char *text, size_t len)
{
    uint32_t errors = d->nerrors;
    uint32_t file = diag_add_file(d, filename, text, len);
    Parser p;
    parser_init(&p, m, d, file, text, len);
    parse_toplevel(&p);
    parser_free(&p);
    if (d->nerrors == errors) /* vector.mask: the masked op it holds (desugar.c) */
        frontend_desugar(m, d);
    return d->nerrors == errors;
}

const Attr *
frontend_parse_attr(Module *m, Diag *d, const char *text, size_t len)
{
    uint32_t file = diag_add_file(d, "<attribute>", text, len);
    Parser p;
    parser_init(&p, m, d, file, text, len);
    const Attr *a = parse_attr(&p);
    if (a && !at(&p, TK_EOF)) {
        error_here(&p, "unexpected text after the attribute");
        a = NULL;
    }
    parser_free(&p);
    return a;
}
