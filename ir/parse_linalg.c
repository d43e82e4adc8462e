/*
 * parse_linalg.c -- custom forms of the op level: linalg structured ops, linalg.yield /
 * linalg.index, tensor.empty / dim / extract_slice / insert_slice and the two
 * bufferization ops, spelled as current upstream mlir-opt prints them (and a few older
 * spellings it still reads).
 *
 * Every structured op is built as MLIR's generic form stores it: operands ins then outs,
 * `operandSegmentSizes = array<i32: nins, nouts>`, one result per tensor out.
 * linalg.generic keeps `indexing_maps` and `iterator_types` (as #linalg.iterator_type
 * enums); linalg.reduce and linalg.map keep their body, built from the short form
 * `{ arith.addf }` where that is what was written.  The named ops carry no region: their
 * bodies are implied (ir/linalg.c), and a region given in their generic form is dropped
 * (normalize_op in parse.c).
 */
#include "ir/parser.h"

#include <string.h>

/* operand-group ::= kw `(` (value-use (`,` value-use)* `:` type (`,` type)*)? `)` */
static bool
parse_group(Parser *p, const char *kw, OpBuild *b, uint32_t *n)
{
    *n = 0;
    if (!accept_bare(p, kw))
        return true;
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    if (accept(p, TK_RPAREN))
        return true;
    ARRAY(ValueId) vals = { 0 };
    ARRAY(Loc) locs = { 0 };
    do {
        ValueId v;
        Loc loc = p->tok.loc;
        if (!parse_operand(p, &v))
            return false;
        ARRAY_PUSH(&p->scratch, vals, v);
        ARRAY_PUSH(&p->scratch, locs, loc);
    } while (accept(p, TK_COMMA));
    if (!expect(p, TK_COLON, "':'"))
        return false;
    for (uint32_t i = 0; i < vals.n; i++) {
        TypeId t;
        if (i && !expect(p, TK_COMMA, "','"))
            return false;
        if (!parse_type(p, &t) || !check_type(p, vals.items[i], t, locs.items[i]))
            return false;
        build_push_arg(p, b, vals.items[i]);
    }
    *n = vals.n;
    return expect(p, TK_RPAREN, "')'");
}

/* ins? outs?  -> operandSegmentSizes */
static bool
parse_ins_outs(Parser *p, OpBuild *b, uint32_t *nins, uint32_t *nouts)
{
    if (!parse_group(p, "ins", b, nins) || !parse_group(p, "outs", b, nouts))
        return false;
    int64_t seg[2] = { *nins, *nouts };
    build_set_segments(p, b, seg, 2);
    return true;
}

/* The results: `-> type` / `-> (types)` when given, else one per tensor out. */
static bool
parse_results(Parser *p, OpBuild *b, uint32_t nins, uint32_t nouts, bool arrow_allowed)
{
    if (arrow_allowed && accept(p, TK_ARROW)) {
        if (at(p, TK_LPAREN)) {
            TypeIdList list = { 0 };
            if (!parse_type_list_parens(p, &list))
                return false;
            for (uint32_t i = 0; i < list.n; i++)
                build_push_type(p, b, list.items[i]);
            return true;
        }
        TypeId t;
        if (!parse_type(p, &t))
            return false;
        build_push_type(p, b, t);
        return true;
    }
    for (uint32_t i = 0; i < nouts; i++) {
        TypeId t = value_type(p->m, b->args.items[nins + i]);
        if (type_is_tensor(p->m, t))
            build_push_type(p, b, t);
    }
    return true;
}

/* `name` `=` `[` ints `]` -> array<i64: ...> */
static bool
parse_named_ints(Parser *p, OpBuild *b, const char *name)
{
    int64_t *v;
    uint32_t n;
    if (!expect_bare(p, name) || !expect(p, TK_EQUAL, "'='") ||
        !parse_int_list(p, TK_LBRACKET, TK_RBRACKET, &v, &n))
        return false;
    build_set_attr(p, b, name, attr_i64_dense(p->m, v, n));
    return true;
}

/* The element type of operand i (a scalar operand is its own element). */
static TypeId
elem_of_arg(Parser *p, const OpBuild *b, uint32_t i)
{
    return type_element(p->m, value_type(p->m, b->args.items[i]));
}

/* (`(` value-id `:` type (`,` ...)* `)`)? region: the body of reduce / map */
static bool
parse_body(Parser *p, OpBuild *b)
{
    ARRAY(EntryArg) args = { 0 };
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    if (!at(p, TK_RPAREN)) {
        do {
            if (!at(p, TK_VALUE) || p->tok.resno >= 0)
                return error_here(p, "expected block argument name");
            EntryArg a = { p->tok.s, p->tok.n, 0, p->tok.loc };
            next(p);
            if (!expect(p, TK_COLON, "':'") || !parse_type(p, &a.type))
                return false;
            ARRAY_PUSH(&p->scratch, args, a);
        } while (accept(p, TK_COMMA));
    }
    if (!expect(p, TK_RPAREN, "')'"))
        return false;
    RegionId r;
    if (!parse_region(p, &r, args.items, args.n, false))
        return false;
    ARRAY_PUSH(&p->scratch, b->regions, r);
    return true;
}

/* short-form ::= `{` op-name attr-dict? `}` : the body is that op on the block arguments */
typedef struct ShortForm {
    OpKind kind;
    const Attr *attrs; /* ATTR_DICT or NULL */
    Loc loc;
} ShortForm;

static bool
parse_short_form(Parser *p, ShortForm *sf)
{
    sf->kind = OP_COUNT;
    sf->attrs = NULL;
    if (!accept(p, TK_LBRACE))
        return true;
    sf->loc = p->tok.loc;
    if (!at(p, TK_BARE))
        return error_here(p, "expected an operation name");
    int k = op_lookup(tok_str(p));
    if (k < 0 || !(op_info[k].traits & T_ELEMWISE) || op_info[k].nres != 1) {
        error_here(p, "'%s' cannot be a short-form body (an elementwise arith or math op)",
                   tok_str(p));
        /* past the closing brace, so that recovery does not take it for a region's */
        for (int depth = 0; !at(p, TK_EOF) && !(depth == 0 && at(p, TK_RBRACE)); next(p))
            depth += at(p, TK_LBRACE) - at(p, TK_RBRACE);
        accept(p, TK_RBRACE);
        return false;
    }
    next(p);
    sf->kind = (OpKind)k;
    if (at(p, TK_LBRACE) && !(sf->attrs = parse_dict_attr(p)))
        return false;
    return expect(p, TK_RBRACE, "'}'");
}

/* The body of a short form: block arguments of `types`, one op on the first `nuse` of
 * them (nuse = the op's operand count), yield its result. */
static bool
build_short_body(Parser *p, OpBuild *b, const ShortForm *sf, const TypeId *types, uint32_t n)
{
    Module *m = p->m;
    uint32_t nuse = op_info[sf->kind].nargs == VAR ? 2 : (uint32_t)op_info[sf->kind].nargs;
    if (nuse > n)
        return error_at(p, sf->loc, "'%s' takes %u operands but the body has %u arguments",
                        op_info[sf->kind].name, nuse, n);
    RegionId r = region_new(m, 0);
    BlockId blk = block_new(m);
    region_append(m, r, blk);
    ValueId args[16];
    for (uint32_t i = 0; i < n && i < 16; i++)
        args[i] = block_add_arg(m, blk, types[i], sf->loc, NULL);
    TypeId rt = types[0];
    OpId o = op_new(m, sf->kind, sf->loc, nuse, args, 1, &rt, 0);
    for (uint32_t i = 0; sf->attrs && i < sf->attrs->n; i++)
        op_set_attr(m, o, sf->attrs->dict[i].name, sf->attrs->dict[i].value);
    block_append(m, blk, o);
    ValueId res = op_get(m, o)->res[0];
    block_append(m, blk, op_new(m, OP_LINALG_YIELD, sf->loc, 1, &res, 0, NULL, 0));
    ARRAY_PUSH(&p->scratch, b->regions, r);
    return true;
}

/* generic ::= `linalg.generic` dict ins? outs? (`attrs` `=` dict)? region (`->` types)? */
static bool
parse_generic(Parser *p, OpBuild *b)
{
    uint32_t nins, nouts;
    if (!at(p, TK_LBRACE))
        return error_here(p, "expected '{' with indexing_maps and iterator_types");
    if (!parse_attr_dict_into(p, b) || !parse_ins_outs(p, b, &nins, &nouts))
        return false;
    if (accept_bare(p, "attrs")) {
        if (!expect(p, TK_EQUAL, "'='") || !parse_attr_dict_into(p, b))
            return false;
    }
    RegionId r;
    if (!parse_region(p, &r, NULL, 0, false))
        return false;
    ARRAY_PUSH(&p->scratch, b->regions, r);
    /* iterator_types = ["parallel", ...] -> #linalg.iterator_type<parallel> */
    const Attr *it = build_attr(b, "iterator_types");
    if (it && it->kind == ATTR_ARRAY) {
        const Attr **items = arena_alloc(&p->m->arena, (it->n + 1) * sizeof *items);
        for (uint32_t i = 0; i < it->n; i++)
            items[i] = it->items[i]->kind == ATTR_STRING
                           ? attr_enum(p->m, "linalg", "iterator_type", it->items[i]->str, false)
                           : it->items[i];
        build_set_attr(p, b, "iterator_types", attr_array(p->m, items, it->n));
    }
    return parse_results(p, b, nins, nouts, true);
}

/* named ::= op (`indexing_maps` `=` array)? (`cast` `=` attr)? attr-dict? ins outs
 *           attr-dict? (`->` types)?           (matmul family, fill, copy) */
static bool
parse_named(Parser *p, OpBuild *b)
{
    uint32_t nins, nouts;
    for (;;) {
        if (at_bare(p, "indexing_maps") || at_bare(p, "cast")) {
            const char *key = at_bare(p, "cast") ? "cast" : "indexing_maps";
            next(p);
            const Attr *a;
            if (!expect(p, TK_EQUAL, "'='") || !(a = parse_attr(p)))
                return false;
            build_set_attr(p, b, key, a);
        } else if (at(p, TK_LBRACE)) {
            if (!parse_attr_dict_into(p, b))
                return false;
        } else {
            break;
        }
    }
    if (!parse_ins_outs(p, b, &nins, &nouts) || !parse_opt_attr_dict(p, b))
        return false;
    return parse_results(p, b, nins, nouts, true);
}

/* softmax ::= `linalg.softmax` attr-dict? `dimension` `(` int `)` ins outs (`->` types)? */
static bool
parse_softmax(Parser *p, OpBuild *b)
{
    uint32_t nins, nouts;
    int64_t d;
    if (!parse_opt_attr_dict(p, b) || !expect_bare(p, "dimension") ||
        !expect(p, TK_LPAREN, "'('") || !parse_int64(p, &d) || !expect(p, TK_RPAREN, "')'"))
        return false;
    build_set_attr(p, b, "dimension", attr_int(p->m, d, TY_I64));
    if (!parse_ins_outs(p, b, &nins, &nouts) || !parse_opt_attr_dict(p, b))
        return false;
    return parse_results(p, b, nins, nouts, true);
}

/* transpose ::= `linalg.transpose` attr-dict? ins outs `permutation` `=` ints attr-dict?
 * broadcast ::= `linalg.broadcast` attr-dict? ins outs `dimensions` `=` ints attr-dict? */
static bool
parse_permute(Parser *p, OpBuild *b)
{
    uint32_t nins, nouts;
    const char *key = b->kind == OP_LINALG_TRANSPOSE ? "permutation" : "dimensions";
    if (!parse_opt_attr_dict(p, b) || !parse_ins_outs(p, b, &nins, &nouts) ||
        !parse_named_ints(p, b, key) || !parse_opt_attr_dict(p, b))
        return false;
    return parse_results(p, b, nins, nouts, false);
}

/* reduce ::= `linalg.reduce` short-form? attr-dict? ins outs `dimensions` `=` ints
 *            attr-dict? body?
 * map    ::= `linalg.map` short-form? attr-dict? ins? outs attr-dict? body? */
static bool
parse_reduce_map(Parser *p, OpBuild *b)
{
    uint32_t nins, nouts;
    ShortForm sf;
    Loc loc = p->tok.loc;
    if (!parse_short_form(p, &sf) || !parse_opt_attr_dict(p, b) ||
        !parse_ins_outs(p, b, &nins, &nouts))
        return false;
    if (b->kind == OP_LINALG_REDUCE && !parse_named_ints(p, b, "dimensions"))
        return false;
    if (!parse_opt_attr_dict(p, b))
        return false;
    if (sf.kind != OP_COUNT) {
        TypeId types[16];
        uint32_t n = b->kind == OP_LINALG_REDUCE ? nins + nouts : nins;
        if (n > 16 || (b->kind == OP_LINALG_REDUCE && nins != 1))
            return error_at(p, sf.loc, "the short form takes one in");
        for (uint32_t i = 0; i < n; i++)
            types[i] = elem_of_arg(p, b, i);
        if (n == 0)
            return error_at(p, sf.loc, "the short form needs an in");
        if (!build_short_body(p, b, &sf, types, n))
            return false;
    } else if (at(p, TK_LPAREN)) {
        if (!parse_body(p, b))
            return false;
    } else {
        return error_at(p, loc, "expected a body: `{ op }` before ins, or `(%%a: T, ...) {...}`");
    }
    return parse_results(p, b, nins, nouts, false);
}

/* yield ::= `linalg.yield` attr-dict (value-use-list `:` type-list)? */
static bool
parse_yield(Parser *p, OpBuild *b)
{
    if (!parse_opt_attr_dict(p, b))
        return false;
    if (!at(p, TK_VALUE))
        return true;
    ARRAY(ValueId) vals = { 0 };
    ARRAY(Loc) locs = { 0 };
    do {
        ValueId v;
        Loc loc = p->tok.loc;
        if (!parse_operand(p, &v))
            return false;
        ARRAY_PUSH(&p->scratch, vals, v);
        ARRAY_PUSH(&p->scratch, locs, loc);
    } while (accept(p, TK_COMMA));
    if (!expect(p, TK_COLON, "':'"))
        return false;
    for (uint32_t i = 0; i < vals.n; i++) {
        TypeId t;
        if ((i && !expect(p, TK_COMMA, "','")) || !parse_type(p, &t) ||
            !check_type(p, vals.items[i], t, locs.items[i]))
            return false;
        build_push_arg(p, b, vals.items[i]);
    }
    return true;
}

/* index ::= `linalg.index` int attr-dict `:` `index` */
static bool
parse_index(Parser *p, OpBuild *b)
{
    int64_t d;
    TypeId t;
    if (!parse_int64(p, &d) || !parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'") ||
        !parse_type(p, &t))
        return false;
    build_set_attr(p, b, "dim", attr_int(p->m, d, TY_I64));
    build_push_type(p, b, t);
    return true;
}

/* ---- tensor ---- */

/* empty ::= `tensor.empty` `(` index-uses `)` attr-dict `:` tensor-type */
static bool
parse_empty(Parser *p, OpBuild *b)
{
    TypeId t;
    if (!parse_operand_list_in(p, TK_LPAREN, TK_RPAREN, b, NULL) || !parse_opt_attr_dict(p, b) ||
        !expect(p, TK_COLON, "':'") || !parse_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return true;
}

/* dim ::= `tensor.dim` value-use `,` value-use attr-dict `:` tensor-type */
static bool
parse_tensor_dim(Parser *p, OpBuild *b)
{
    ValueId t, i;
    TypeId ty;
    Loc loc = p->tok.loc;
    if (!parse_operand(p, &t) || !expect(p, TK_COMMA, "','") ||
        !parse_operand_typed(p, &i, TY_INDEX) || !parse_opt_attr_dict(p, b) ||
        !expect(p, TK_COLON, "':'") || !parse_type(p, &ty) || !check_type(p, t, ty, loc))
        return false;
    build_push_arg(p, b, t);
    build_push_arg(p, b, i);
    build_push_type(p, b, TY_INDEX);
    return true;
}

/* The three mixed lists of a slice: static_offsets / sizes / strides and their values. */
static bool
parse_slice_lists(Parser *p, OpBuild *b, int64_t *seg)
{
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    for (int i = 0; i < 3; i++) {
        int64_t *v;
        uint32_t n, ndyn;
        if (!parse_mixed_list(p, b, TK_LBRACKET, TK_RBRACKET, &v, &n, &ndyn))
            return false;
        seg[i] = ndyn;
        build_set_attr(p, b, names[i], attr_i64_dense(p->m, v, n));
    }
    return true;
}

/* extract_slice ::= `tensor.extract_slice` value-use mixed-list mixed-list mixed-list
 *                   attr-dict `:` tensor-type `to` tensor-type */
static bool
parse_extract_slice(Parser *p, OpBuild *b)
{
    ValueId src;
    Loc loc = p->tok.loc;
    if (!parse_operand(p, &src))
        return false;
    build_push_arg(p, b, src);
    int64_t seg[4] = { 1, 0, 0, 0 };
    TypeId from, to;
    if (!parse_slice_lists(p, b, seg + 1) || !parse_opt_attr_dict(p, b) ||
        !expect(p, TK_COLON, "':'") || !parse_type(p, &from) || !expect_bare(p, "to") ||
        !parse_type(p, &to) || !check_type(p, src, from, loc))
        return false;
    build_set_segments(p, b, seg, 4);
    build_push_type(p, b, to);
    return true;
}

/* insert_slice ::= `tensor.insert_slice` value-use `into` value-use mixed-list mixed-list
 *                  mixed-list attr-dict `:` tensor-type `into` tensor-type */
static bool
parse_insert_slice(Parser *p, OpBuild *b)
{
    ValueId src, dst;
    Loc sloc = p->tok.loc, dloc;
    if (!parse_operand(p, &src) || !expect_bare(p, "into"))
        return false;
    dloc = p->tok.loc;
    if (!parse_operand(p, &dst))
        return false;
    build_push_arg(p, b, src);
    build_push_arg(p, b, dst);
    int64_t seg[5] = { 1, 1, 0, 0, 0 };
    TypeId st, dt;
    if (!parse_slice_lists(p, b, seg + 2) || !parse_opt_attr_dict(p, b) ||
        !expect(p, TK_COLON, "':'") || !parse_type(p, &st) || !expect_bare(p, "into") ||
        !parse_type(p, &dt) || !check_type(p, src, st, sloc) || !check_type(p, dst, dt, dloc))
        return false;
    build_set_segments(p, b, seg, 5);
    build_push_type(p, b, dt);
    return true;
}

/* pad ::= `tensor.pad` value-use `nofold`? `low` mixed-list `high` mixed-list region
 *         attr-dict `:` tensor-type `to` tensor-type
 * (static_low / static_high, operandSegmentSizes [1, dynamic lows, dynamic highs]) */
static bool
parse_pad(Parser *p, OpBuild *b)
{
    ValueId src;
    Loc loc = p->tok.loc;
    if (!parse_operand(p, &src))
        return false;
    build_push_arg(p, b, src);
    if (accept_bare(p, "nofold"))
        build_set_attr(p, b, "nofold", attr_unit(p->m));
    static const char *const words[2] = { "low", "high" };
    static const char *const names[2] = { "static_low", "static_high" };
    int64_t seg[3] = { 1, 0, 0 };
    for (int i = 0; i < 2; i++) {
        int64_t *v;
        uint32_t n, ndyn;
        if (!expect_bare(p, words[i]) ||
            !parse_mixed_list(p, b, TK_LBRACKET, TK_RBRACKET, &v, &n, &ndyn))
            return false;
        seg[1 + i] = ndyn;
        build_set_attr(p, b, names[i], attr_i64_dense(p->m, v, n));
    }
    RegionId r;
    TypeId from, to;
    if (!parse_region(p, &r, NULL, 0, false))
        return false;
    ARRAY_PUSH(&p->scratch, b->regions, r);
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'") || !parse_type(p, &from) ||
        !expect_bare(p, "to") || !parse_type(p, &to) || !check_type(p, src, from, loc))
        return false;
    build_set_segments(p, b, seg, 3);
    build_push_type(p, b, to);
    return true;
}

/* tensor.yield value-use `:` type */
static bool
parse_tensor_yield(Parser *p, OpBuild *b)
{
    ValueId v;
    TypeId t;
    Loc loc = p->tok.loc;
    if (!parse_operand(p, &v) || !expect(p, TK_COLON, "':'") || !parse_type(p, &t) ||
        !check_type(p, v, t, loc))
        return false;
    build_push_arg(p, b, v);
    return true;
}

/* ---- bufferization ---- */

static void
parse_unit_words(Parser *p, OpBuild *b)
{
    for (;;) {
        if (at_bare(p, "restrict") || at_bare(p, "writable")) {
            build_set_attr(p, b, at_bare(p, "restrict") ? "restrict" : "writable", attr_unit(p->m));
            next(p);
        } else {
            return;
        }
    }
}

/* to_tensor ::= `bufferization.to_tensor` value-use `restrict`? `writable`? attr-dict
 *               `:` memref-type (`to` tensor-type)? */
static bool
parse_to_tensor(Parser *p, OpBuild *b)
{
    ValueId v;
    TypeId mt, tt;
    Loc loc = p->tok.loc;
    if (!parse_operand(p, &v))
        return false;
    parse_unit_words(p, b);
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'") || !parse_type(p, &mt) ||
        !check_type(p, v, mt, loc))
        return false;
    build_push_arg(p, b, v);
    if (accept_bare(p, "to")) {
        if (!parse_type(p, &tt))
            return false;
    } else {
        const Type *t = type_get(p->m, mt);
        if (t->kind != TY_MEMREF)
            return error_at(p, loc, "expected a memref");
        tt = type_tensor(p->m, t->elem, t->rank, t->shape);
    }
    build_push_type(p, b, tt);
    return true;
}

/* materialize ::= `bufferization.materialize_in_destination` value-use `in` `restrict`?
 *                 `writable`? value-use attr-dict `:` `(` type `,` type `)` `->` type-or-() */
static bool
parse_materialize(Parser *p, OpBuild *b)
{
    ValueId src, dst;
    Loc sloc = p->tok.loc, dloc;
    if (!parse_operand(p, &src) || !expect_bare(p, "in"))
        return false;
    parse_unit_words(p, b);
    dloc = p->tok.loc;
    if (!parse_operand(p, &dst))
        return false;
    TypeIdList ins = { 0 };
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'") ||
        !parse_type_list_parens(p, &ins))
        return false;
    if (ins.n != 2)
        return error_at(p, sloc, "expected two types: (source, destination)");
    if (!check_type(p, src, ins.items[0], sloc) || !check_type(p, dst, ins.items[1], dloc) ||
        !expect(p, TK_ARROW, "'->'"))
        return false;
    build_push_arg(p, b, src);
    build_push_arg(p, b, dst);
    if (at(p, TK_LPAREN)) {
        TypeIdList outs = { 0 };
        if (!parse_type_list_parens(p, &outs))
            return false;
        for (uint32_t i = 0; i < outs.n; i++)
            build_push_type(p, b, outs.items[i]);
        return true;
    }
    TypeId t;
    if (!parse_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return true;
}

/* Both spellings build one op: a named op's region (its generic form prints the implied
 * body) and matmul's memoized default maps are dropped; linalg.softmax / transpose /
 * broadcast, whose generic forms have no operandSegmentSizes, get [1, 1]. */
void
normalize_linalg(Module *m, OpId o)
{
    Op *op = op_get(m, o);
    if (!(op_info[op->kind].traits & T_STRUCTURED))
        return;
    if (op->kind != OP_LINALG_GENERIC && op->kind != OP_LINALG_REDUCE && op->kind != OP_LINALG_MAP)
        op->nregions = 0;
    op_remove_attr(m, o, "linalg.memoized_indexing_maps");
    if (!op_attr(m, o, "operandSegmentSizes") && op->nargs == 2) {
        int64_t seg[2] = { 1, 1 };
        op_set_attr(m, o, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 2));
    }
}

CustomParseFn *
custom_parser_linalg(OpKind k)
{
    static CustomParseFn *const table[OP_COUNT] = {
        [OP_LINALG_GENERIC] = parse_generic,
        [OP_LINALG_MATMUL] = parse_named,
        [OP_LINALG_BATCH_MATMUL] = parse_named,
        [OP_LINALG_MATMUL_TRANSPOSE_B] = parse_named,
        [OP_LINALG_BATCH_MATMUL_TRANSPOSE_B] = parse_named,
        [OP_LINALG_FILL] = parse_named,
        [OP_LINALG_COPY] = parse_named,
        [OP_LINALG_TRANSPOSE] = parse_permute,
        [OP_LINALG_BROADCAST] = parse_permute,
        [OP_LINALG_REDUCE] = parse_reduce_map,
        [OP_LINALG_SOFTMAX] = parse_softmax,
        [OP_LINALG_MAP] = parse_reduce_map,
        [OP_LINALG_YIELD] = parse_yield,
        [OP_LINALG_INDEX] = parse_index,
        [OP_TENSOR_EMPTY] = parse_empty,
        [OP_TENSOR_DIM] = parse_tensor_dim,
        [OP_TENSOR_EXTRACT_SLICE] = parse_extract_slice,
        [OP_TENSOR_INSERT_SLICE] = parse_insert_slice,
        [OP_TENSOR_PAD] = parse_pad,
        [OP_TENSOR_YIELD] = parse_tensor_yield,
        [OP_TO_TENSOR] = parse_to_tensor,
        [OP_MATERIALIZE_IN_DESTINATION] = parse_materialize,
    };
    return table[k];
}
