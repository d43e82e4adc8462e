/*
 * parse_ops.c -- custom forms of the func, arith, math, scf, memref, affine
 * and gpu ops, spelled as MLIR spells them (the assemblyFormat of each op's
 * ODS definition).  Each parser fills an OpBuild; attribute names and
 * encodings are those of MLIR's generic form.
 */
#include "ir/parser.h"

#include <string.h>

/* ---- shared pieces ---- */

typedef struct Use {
    ValueId v;
    Loc loc;
} Use;

static bool
parse_use(Parser *p, Use *u)
{
    u->loc = p->tok.loc;
    return parse_operand(p, &u->v);
}

static bool
colon_type(Parser *p, TypeId *t)
{
    return expect(p, TK_COLON, "':'") && parse_type(p, t);
}

/* Pushes the uses as operands, checking that each has type t. */
static bool
push_uses(Parser *p, OpBuild *b, const Use *u, uint32_t n, TypeId t)
{
    for (uint32_t i = 0; i < n; i++) {
        if (t && !check_type(p, u[i].v, t, u[i].loc))
            return false;
        build_push_arg(p, b, u[i].v);
    }
    return true;
}

/* `[` (index-value (`,` index-value)*)? `]` */
static bool
parse_index_list(Parser *p, OpBuild *b, uint32_t *count)
{
    if (!expect(p, TK_LBRACKET, "'['"))
        return false;
    uint32_t n = 0;
    if (!at(p, TK_RBRACKET)) {
        do {
            ValueId v;
            if (!parse_operand_typed(p, &v, TY_INDEX))
                return false;
            build_push_arg(p, b, v);
            n++;
        } while (accept(p, TK_COMMA));
    }
    if (count)
        *count = n;
    return expect(p, TK_RBRACKET, "']'");
}

/* A list of static integers and index values: open ((int | %v) (`,` ...)*)? close.
 * Values become operands and DIM_DYNAMIC in *stat. */
bool
parse_mixed_list(Parser *p, OpBuild *b, TokKind open, TokKind close, int64_t **stat, uint32_t *n,
                 uint32_t *ndyn)
{
    ARRAY(int64_t) list = { 0 };
    *ndyn = 0;
    if (!expect(p, open, open == TK_LBRACKET ? "'['" : "'('"))
        return false;
    if (!at(p, close)) {
        do {
            int64_t x = DIM_DYNAMIC;
            if (at(p, TK_VALUE)) {
                ValueId v;
                if (!parse_operand_typed(p, &v, TY_INDEX))
                    return false;
                build_push_arg(p, b, v);
                (*ndyn)++;
            } else if (!parse_int64(p, &x)) {
                return false;
            }
            ARRAY_PUSH(&p->m->arena, list, x);
        } while (accept(p, TK_COMMA));
    }
    *stat = list.items;
    *n = list.n;
    return expect(p, close, close == TK_RBRACKET ? "']'" : "')'");
}

static bool
result_type(Parser *p, OpBuild *b)
{
    TypeId t;
    if (!colon_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return true;
}

/* (`fastmath` `<` flags `>`)?  also accepts `[fastmath<...>]`
 * (`overflow` `<` flags `>`)?  -> fastmath = #arith.fastmath<..> / overflowFlags =
 * #arith.overflow<..> */
static bool
parse_flags(Parser *p, OpBuild *b)
{
    bool bracket = at(p, TK_LBRACKET);
    Lexer save_lex = p->lex;
    Token save_tok = p->tok;
    if (bracket)
        next(p);
    bool fm = at_bare(p, "fastmath"), ov = at_bare(p, "overflow");
    if (!fm && !ov) {
        p->lex = save_lex;
        p->tok = save_tok;
        return true;
    }
    next(p);
    const Attr *a = parse_enum_body(p, "arith", fm ? "fastmath" : "overflow");
    if (!a || (bracket && !expect(p, TK_RBRACKET, "']'")))
        return false;
    build_set_attr(p, b, fm ? "fastmath" : "overflowFlags", a);
    return true;
}

/* ---- func ---- */

/* return ::= `return` attr-dict (value-use-list `:` type-list)? */
static bool
parse_return(Parser *p, OpBuild *b)
{
    if (!parse_opt_attr_dict(p, b))
        return false;
    ARRAY(Use) uses = { 0 };
    while (at(p, TK_VALUE)) {
        Use u;
        if (!parse_use(p, &u))
            return false;
        ARRAY_PUSH(&p->m->arena, uses, u);
        if (!accept(p, TK_COMMA))
            break;
    }
    if (!uses.n)
        return true;
    if (!expect(p, TK_COLON, "':'"))
        return false;
    for (uint32_t i = 0; i < uses.n; i++) {
        TypeId t;
        if ((i && !expect(p, TK_COMMA, "','")) || !parse_type(p, &t) ||
            !push_uses(p, b, &uses.items[i], 1, t))
            return false;
    }
    return true;
}

/* call ::= `func.call` symbol-ref `(` value-use-list? `)` attr-dict `:` function-type */
static bool
parse_call(Parser *p, OpBuild *b)
{
    const Attr *callee = parse_attr(p);
    if (!callee)
        return false;
    if (callee->kind != ATTR_SYMBOL)
        return error_at(p, b->loc, "expected callee symbol");
    build_set_attr(p, b, "callee", callee);
    Loc loc = p->tok.loc;
    TypeId ft;
    if (!parse_operand_list_in(p, TK_LPAREN, TK_RPAREN, b, NULL) || !parse_opt_attr_dict(p, b) ||
        !colon_type(p, &ft))
        return false;
    const Type *f = type_get(p->m, ft);
    if (f->kind != TY_FUNCTION || f->nins != b->args.n)
        return error_at(p, loc, "call operands do not match the function type");
    for (uint32_t i = 0; i < b->args.n; i++)
        if (!check_type(p, b->args.items[i], type_get(p->m, ft)->ins[i], loc))
            return false;
    for (uint32_t i = 0; i < f->nouts; i++)
        build_push_type(p, b, type_get(p->m, ft)->outs[i]);
    return true;
}

/* ---- arith / math ---- */

/* constant ::= `arith.constant` attr-dict attribute-value */
static bool
parse_constant(Parser *p, OpBuild *b)
{
    if (!parse_opt_attr_dict(p, b))
        return false;
    Loc loc = p->tok.loc;
    const Attr *v = parse_attr(p);
    if (!v)
        return false;
    TypeId t;
    if (v->kind == ATTR_INT || v->kind == ATTR_FLOAT || v->kind == ATTR_DENSE)
        t = v->type;
    else if (v->kind == ATTR_BOOL)
        t = TY_I1;
    else
        return error_at(p, loc, "invalid constant value");
    if (v->kind == ATTR_DENSE && !type_is_vector(p->m, t))
        return error_at(p, loc, "constant dense value needs a vector type");
    build_set_attr(p, b, "value", v);
    build_push_type(p, b, t);
    return true;
}

/* n-ary ::= value-use (`,` value-use)* flags? attr-dict `:` type   (all operands and result of
 * type) */
static bool
parse_same_type_op(Parser *p, OpBuild *b, uint32_t n)
{
    Use u[3];
    for (uint32_t i = 0; i < n; i++)
        if ((i && !expect(p, TK_COMMA, "','")) || !parse_use(p, &u[i]))
            return false;
    TypeId t;
    if (!parse_flags(p, b) || !parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return push_uses(p, b, u, n, t);
}

static bool
parse_unary(Parser *p, OpBuild *b)
{
    return parse_same_type_op(p, b, 1);
}

static bool
parse_binary(Parser *p, OpBuild *b)
{
    return parse_same_type_op(p, b, 2);
}

static bool
parse_ternary(Parser *p, OpBuild *b)
{
    return parse_same_type_op(p, b, 3);
}

/* The i1 type (or vector of i1) matching the shape of t. */
static TypeId
bool_like(Parser *p, TypeId t)
{
    const Type *ty = type_get(p->m, t);
    if (ty->kind != TY_VECTOR)
        return TY_I1;
    return type_vector(p->m, TY_I1, ty->rank, ty->shape);
}

/* cmp ::= `arith.cmpi` predicate `,` value-use `,` value-use flags? attr-dict `:` type */
static bool
parse_cmp(Parser *p, OpBuild *b)
{
    bool is_f = b->kind == OP_CMPF;
    const char *const *names = is_f ? cmpf_names : cmpi_names;
    int count = is_f ? CMPF_COUNT : CMPI_COUNT, pred = -1;
    for (int i = 0; i < count && at(p, TK_BARE); i++)
        if (at_bare(p, names[i]))
            pred = i;
    if (pred < 0)
        return error_here(p, "expected %s predicate", is_f ? "arith.cmpf" : "arith.cmpi");
    next(p);
    Use u[2];
    TypeId t;
    if (!expect(p, TK_COMMA, "','") || !parse_use(p, &u[0]) || !expect(p, TK_COMMA, "','") ||
        !parse_use(p, &u[1]) || !parse_flags(p, b) || !parse_opt_attr_dict(p, b) ||
        !colon_type(p, &t))
        return false;
    build_set_attr(p, b, "predicate", attr_int(p->m, pred, TY_I64));
    build_push_type(p, b, bool_like(p, t));
    return push_uses(p, b, u, 2, t);
}

/* select ::= `arith.select` value-use `,` value-use `,` value-use attr-dict `:` (type `,`)? type */
static bool
parse_select(Parser *p, OpBuild *b)
{
    Use u[3];
    TypeId t, c = TY_I1;
    if (!parse_use(p, &u[0]) || !expect(p, TK_COMMA, "','") || !parse_use(p, &u[1]) ||
        !expect(p, TK_COMMA, "','") || !parse_use(p, &u[2]) || !parse_opt_attr_dict(p, b) ||
        !colon_type(p, &t))
        return false;
    if (accept(p, TK_COMMA)) {
        c = t;
        if (!parse_type(p, &t))
            return false;
    }
    build_push_type(p, b, t);
    return push_uses(p, b, u, 1, c) && push_uses(p, b, u + 1, 2, t);
}

/* cast ::= value-use flags? attr-dict `:` type `to` type */
static bool
parse_cast(Parser *p, OpBuild *b)
{
    Use u;
    TypeId from, to;
    if (!parse_use(p, &u) || !parse_flags(p, b) || !parse_opt_attr_dict(p, b) ||
        !colon_type(p, &from) || !expect_bare(p, "to") || !parse_type(p, &to))
        return false;
    build_push_type(p, b, to);
    return push_uses(p, b, &u, 1, from);
}

/* ---- scf ---- */

/* for ::= `scf.for` `unsigned`? value-id `=` value-use `to` value-use `step` value-use
 *         (`iter_args` `(` (value-id `=` value-use (`,` ...)*)? `)` `->` `(` types `)`)?
 *         (`:` type)? region attr-dict */
static bool
parse_for(Parser *p, OpBuild *b)
{
    if (accept_bare(p, "unsigned"))
        build_set_attr(p, b, "unsignedCmp", attr_unit(p->m));
    ARRAY(EntryArg) args = { 0 };
    ARRAY(Use) inits = { 0 };
    EntryArg iv = { p->tok.s, p->tok.n, TY_INDEX, p->tok.loc };
    Use bounds[3];
    if (!at(p, TK_VALUE) || p->tok.resno >= 0)
        return error_here(p, "expected induction variable name");
    next(p);
    if (!expect(p, TK_EQUAL, "'='") || !parse_use(p, &bounds[0]) || !expect_bare(p, "to") ||
        !parse_use(p, &bounds[1]) || !expect_bare(p, "step") || !parse_use(p, &bounds[2]))
        return false;
    ARRAY_PUSH(&p->m->arena, args, iv);
    if (accept_bare(p, "iter_args")) {
        if (!expect(p, TK_LPAREN, "'('"))
            return false;
        do {
            if (!at(p, TK_VALUE) || p->tok.resno >= 0)
                return error_here(p, "expected iteration argument name");
            EntryArg a = { p->tok.s, p->tok.n, 0, p->tok.loc };
            Use u;
            next(p);
            if (!expect(p, TK_EQUAL, "'='") || !parse_use(p, &u))
                return false;
            ARRAY_PUSH(&p->m->arena, args, a);
            ARRAY_PUSH(&p->m->arena, inits, u);
        } while (accept(p, TK_COMMA));
        TypeIdList types = { 0 };
        Loc loc = p->tok.loc;
        if (!expect(p, TK_RPAREN, "')'") || !expect(p, TK_ARROW, "'->'") ||
            !parse_type_list_parens(p, &types))
            return false;
        if (types.n != inits.n)
            return error_at(p, loc, "mismatch in number of loop-carried values and defined values");
        for (uint32_t i = 0; i < types.n; i++) {
            args.items[i + 1].type = types.items[i];
            build_push_type(p, b, types.items[i]);
        }
    }
    if (accept(p, TK_COLON) && !parse_type(p, &args.items[0].type))
        return false;
    if (!push_uses(p, b, bounds, 3, args.items[0].type))
        return false;
    for (uint32_t i = 0; i < inits.n; i++)
        if (!push_uses(p, b, &inits.items[i], 1, args.items[i + 1].type))
            return false;
    RegionId r;
    if (!parse_region(p, &r, args.items, args.n, true))
        return false;
    ARRAY_PUSH(&p->m->arena, b->regions, r);
    return parse_opt_attr_dict(p, b);
}

/* if ::= `scf.if` value-use (`->` `(` types `)`)? region (`else` region)? attr-dict */
static bool
parse_if(Parser *p, OpBuild *b)
{
    ValueId c;
    if (!parse_operand_typed(p, &c, TY_I1))
        return false;
    build_push_arg(p, b, c);
    if (accept(p, TK_ARROW)) {
        TypeIdList types = { 0 };
        if (at(p, TK_LPAREN)) {
            if (!parse_type_list_parens(p, &types))
                return false;
        } else {
            TypeId t;
            if (!parse_type(p, &t))
                return false;
            ARRAY_PUSH(&p->m->arena, types, t);
        }
        for (uint32_t i = 0; i < types.n; i++)
            build_push_type(p, b, types.items[i]);
    }
    bool implicit = b->types.n == 0;
    RegionId then_r, else_r;
    if (!parse_region(p, &then_r, NULL, 0, implicit))
        return false;
    if (accept_bare(p, "else")) {
        if (!parse_region(p, &else_r, NULL, 0, implicit))
            return false;
    } else {
        else_r = region_new(p->m, 0);
    }
    ARRAY_PUSH(&p->m->arena, b->regions, then_r);
    ARRAY_PUSH(&p->m->arena, b->regions, else_r);
    return parse_opt_attr_dict(p, b);
}

/* ---- memref ---- */

/* alloc ::= `memref.alloc` `(` index-uses `)` (`[` index-uses `]`)? attr-dict `:` memref-type */
static bool
parse_alloc(Parser *p, OpBuild *b)
{
    uint32_t ndyn = 0, nsym = 0;
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    if (!at(p, TK_RPAREN)) {
        do {
            ValueId v;
            if (!parse_operand_typed(p, &v, TY_INDEX))
                return false;
            build_push_arg(p, b, v);
            ndyn++;
        } while (accept(p, TK_COMMA));
    }
    if (!expect(p, TK_RPAREN, "')'"))
        return false;
    if (at(p, TK_LBRACKET) && !parse_index_list(p, b, &nsym))
        return false;
    Loc loc = p->tok.loc;
    if (!parse_opt_attr_dict(p, b) || !result_type(p, b))
        return false;
    const Type *t = type_get(p->m, b->types.items[0]);
    if (t->kind != TY_MEMREF)
        return error_at(p, loc, "expected a memref type");
    build_set_segments(p, b, (int64_t[]){ ndyn, nsym }, 2);
    return true;
}

static TypeId
memref_elem(Parser *p, TypeId t, Loc loc)
{
    if (!type_is_memref(p->m, t)) {
        error_at(p, loc, "expected a memref type");
        return 0;
    }
    return type_get(p->m, t)->elem;
}

/* load ::= `memref.load` value-use `[` indices `]` attr-dict `:` memref-type */
static bool
parse_mload(Parser *p, OpBuild *b)
{
    Use m;
    TypeId t;
    if (!parse_use(p, &m))
        return false;
    build_push_arg(p, b, m.v);
    Loc loc = p->tok.loc;
    if (!parse_index_list(p, b, NULL) || !parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    TypeId e = memref_elem(p, t, loc);
    if (!e || !check_type(p, m.v, t, m.loc))
        return false;
    build_push_type(p, b, e);
    return true;
}

/* store ::= `memref.store` value-use `,` value-use `[` indices `]` attr-dict `:` memref-type */
static bool
parse_mstore(Parser *p, OpBuild *b)
{
    Use v, m;
    TypeId t;
    if (!parse_use(p, &v) || !expect(p, TK_COMMA, "','") || !parse_use(p, &m))
        return false;
    build_push_arg(p, b, v.v);
    build_push_arg(p, b, m.v);
    Loc loc = p->tok.loc;
    if (!parse_index_list(p, b, NULL) || !parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    TypeId e = memref_elem(p, t, loc);
    return e && check_type(p, m.v, t, m.loc) && check_type(p, v.v, e, v.loc);
}

/* subview ::= `memref.subview` value-use mixed-list mixed-list mixed-list attr-dict
 *             `:` memref-type `to` memref-type */
static bool
parse_subview(Parser *p, OpBuild *b)
{
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    Use src;
    if (!parse_use(p, &src))
        return false;
    build_push_arg(p, b, src.v);
    int64_t seg[4] = { 1, 0, 0, 0 };
    for (int i = 0; i < 3; i++) {
        int64_t *v;
        uint32_t n, ndyn;
        if (!parse_mixed_list(p, b, TK_LBRACKET, TK_RBRACKET, &v, &n, &ndyn))
            return false;
        seg[i + 1] = ndyn;
        build_set_attr(p, b, names[i], attr_i64_dense(p->m, v, n));
    }
    TypeId from, to;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &from) || !expect_bare(p, "to") ||
        !parse_type(p, &to) || !check_type(p, src.v, from, src.loc))
        return false;
    build_set_segments(p, b, seg, 4);
    build_push_type(p, b, to);
    return true;
}

/* view ::= `memref.view` value-use `[` value-use `]` `[` index-uses `]` attr-dict
 *          `:` memref-type `to` memref-type */
static bool
parse_view(Parser *p, OpBuild *b)
{
    Use src;
    uint32_t n;
    if (!parse_use(p, &src))
        return false;
    build_push_arg(p, b, src.v);
    Loc loc = p->tok.loc;
    if (!parse_index_list(p, b, &n))
        return false;
    if (n != 1)
        return error_at(p, loc, "expected one byte shift operand");
    TypeId from, to;
    if (!parse_index_list(p, b, NULL) || !parse_opt_attr_dict(p, b) || !colon_type(p, &from) ||
        !expect_bare(p, "to") || !parse_type(p, &to) || !check_type(p, src.v, from, src.loc))
        return false;
    build_push_type(p, b, to);
    return true;
}

/* get_global ::= `memref.get_global` symbol-ref attr-dict `:` memref-type */
static bool
parse_get_global(Parser *p, OpBuild *b)
{
    const Attr *name = at(p, TK_AT) ? parse_attr(p) : NULL;
    if (!name)
        return at(p, TK_AT) ? false : error_here(p, "expected symbol name");
    build_set_attr(p, b, "name", name);
    return parse_opt_attr_dict(p, b) && result_type(p, b);
}

/* global ::= `memref.global` string-literal? `constant`? symbol-name `:` memref-type
 *            (`=` (`uninitialized` | dense-attribute))? attr-dict */
static bool
parse_global(Parser *p, OpBuild *b)
{
    if (at(p, TK_STRING)) {
        const Attr *vis = parse_attr(p);
        if (!vis)
            return false;
        build_set_attr(p, b, "sym_visibility", vis);
    }
    if (accept_bare(p, "constant"))
        build_set_attr(p, b, "constant", attr_unit(p->m));
    if (!at(p, TK_AT))
        return error_here(p, "expected symbol name");
    build_set_attr(p, b, "sym_name", attr_string(p->m, p->tok.s, p->tok.n));
    next(p);
    Loc loc = p->tok.loc;
    TypeId t;
    if (!colon_type(p, &t))
        return false;
    if (!type_is_memref(p->m, t))
        return error_at(p, loc, "expected a memref type");
    build_set_attr(p, b, "type", attr_type(p->m, t));
    if (accept(p, TK_EQUAL)) {
        const Attr *init = NULL;
        if (accept_bare(p, "uninitialized"))
            init = attr_unit(p->m);
        else if (accept_bare(p, "dense"))
            init = parse_dense_body(p, t);
        else
            return error_here(p, "expected 'uninitialized' or a dense initial value");
        if (!init)
            return false;
        build_set_attr(p, b, "initial_value", init);
    }
    return parse_opt_attr_dict(p, b);
}

/* dim ::= `memref.dim` value-use `,` value-use attr-dict `:` memref-type */
static bool
parse_dim(Parser *p, OpBuild *b)
{
    Use m, i;
    TypeId t;
    if (!parse_use(p, &m) || !expect(p, TK_COMMA, "','") || !parse_use(p, &i) ||
        !parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    build_push_type(p, b, TY_INDEX);
    return push_uses(p, b, &m, 1, t) && push_uses(p, b, &i, 1, TY_INDEX);
}

/* ---- affine ---- */

/* apply ::= `affine.apply` affine-map-attr `(` index-uses `)` (`[` index-uses `]`)? attr-dict */
static bool
parse_affine_apply(Parser *p, OpBuild *b)
{
    Loc loc = p->tok.loc;
    const Attr *map = parse_attr(p);
    if (!map)
        return false;
    if (map->kind != ATTR_AFFINE_MAP)
        return error_at(p, loc, "expected an affine map");
    uint32_t nd = 0, ns = 0;
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    if (!at(p, TK_RPAREN)) {
        do {
            ValueId v;
            if (!parse_operand_typed(p, &v, TY_INDEX))
                return false;
            build_push_arg(p, b, v);
            nd++;
        } while (accept(p, TK_COMMA));
    }
    if (!expect(p, TK_RPAREN, "')'") || (at(p, TK_LBRACKET) && !parse_index_list(p, b, &ns)))
        return false;
    if (nd != map->map->ndims || ns != map->map->nsyms)
        return error_at(p, loc, "operand count does not match the affine map");
    if (map->map->nresults != 1)
        return error_at(p, loc, "affine.apply needs a map with one result");
    build_set_attr(p, b, "map", map);
    build_push_type(p, b, TY_INDEX);
    return parse_opt_attr_dict(p, b);
}

/* linearize ::= `affine.linearize_index` `disjoint`? `[` index-uses `]` `by` mixed-list
 *               attr-dict (`:` `index`)? */
static bool
parse_linearize(Parser *p, OpBuild *b)
{
    if (accept_bare(p, "disjoint"))
        build_set_attr(p, b, "disjoint", attr_unit(p->m));
    uint32_t n, nb, ndyn;
    int64_t *basis;
    if (!parse_index_list(p, b, &n) || !expect_bare(p, "by") ||
        !parse_mixed_list(p, b, TK_LPAREN, TK_RPAREN, &basis, &nb, &ndyn) ||
        !parse_opt_attr_dict(p, b))
        return false;
    build_set_attr(p, b, "static_basis", attr_i64_dense(p->m, basis, nb));
    build_set_segments(p, b, (int64_t[]){ n, ndyn }, 2);
    TypeId t = TY_INDEX;
    if (accept(p, TK_COLON) && !parse_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return true;
}

/* delinearize ::= `affine.delinearize_index` value-use `into` mixed-list attr-dict
 *                 `:` type (`,` type)* */
static bool
parse_delinearize(Parser *p, OpBuild *b)
{
    ValueId x;
    uint32_t nb, ndyn;
    int64_t *basis;
    if (!parse_operand_typed(p, &x, TY_INDEX))
        return false;
    build_push_arg(p, b, x);
    if (!expect_bare(p, "into") ||
        !parse_mixed_list(p, b, TK_LPAREN, TK_RPAREN, &basis, &nb, &ndyn) ||
        !parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'"))
        return false;
    build_set_attr(p, b, "static_basis", attr_i64_dense(p->m, basis, nb));
    do {
        TypeId t;
        if (!parse_type(p, &t))
            return false;
        build_push_type(p, b, t);
    } while (accept(p, TK_COMMA));
    return true;
}

/* ---- gpu ---- */

/* (`upper_bound` integer)? */
static bool
parse_upper_bound(Parser *p, OpBuild *b)
{
    int64_t v;
    if (!accept_bare(p, "upper_bound"))
        return true;
    if (!parse_int64(p, &v))
        return false;
    build_set_attr(p, b, "upper_bound", attr_int(p->m, v, TY_INDEX));
    return true;
}

/* index-op ::= `gpu.thread_id` (`x`|`y`|`z`) (`upper_bound` int)? attr-dict (`:` `index`)? */
static bool
parse_gpu_index(Parser *p, OpBuild *b)
{
    bool has_dim = b->kind != OP_LANE_ID && b->kind != OP_SUBGROUP_ID;
    if (has_dim) {
        if (!at_bare(p, "x") && !at_bare(p, "y") && !at_bare(p, "z"))
            return error_here(p, "expected dimension 'x', 'y' or 'z'");
        build_set_attr(p, b, "dimension", attr_enum(p->m, "gpu", "dim", tok_str(p), true));
        next(p);
    }
    if (!parse_upper_bound(p, b) || !parse_opt_attr_dict(p, b))
        return false;
    TypeId t = TY_INDEX;
    if (accept(p, TK_COLON) && !parse_type(p, &t))
        return false;
    if (t != TY_INDEX)
        return error_here(p, "expected 'index'");
    build_push_type(p, b, TY_INDEX);
    return true;
}

static bool
parse_barrier(Parser *p, OpBuild *b)
{
    return parse_opt_attr_dict(p, b);
}

/* shuffle ::= `gpu.shuffle` mode value-use `,` value-use `,` value-use attr-dict `:` type */
static bool
parse_shuffle(Parser *p, OpBuild *b)
{
    static const char *const modes[] = { "xor", "up", "down", "idx" };
    int mode = -1;
    for (int i = 0; i < 4; i++)
        if (at_bare(p, modes[i]))
            mode = i;
    if (mode < 0)
        return error_here(p, "expected shuffle mode");
    next(p);
    Use u[3];
    TypeId t;
    if (!parse_use(p, &u[0]) || !expect(p, TK_COMMA, "','") || !parse_use(p, &u[1]) ||
        !expect(p, TK_COMMA, "','") || !parse_use(p, &u[2]) || !parse_opt_attr_dict(p, b) ||
        !colon_type(p, &t))
        return false;
    build_set_attr(p, b, "mode", attr_enum(p->m, "gpu", "shuffle_mode", modes[mode], true));
    build_push_type(p, b, t);
    build_push_type(p, b, TY_I1);
    return push_uses(p, b, u, 1, t) && push_uses(p, b, u + 1, 2, TY_I32);
}

/* subgroup-reduce ::= `gpu.subgroup_reduce` kind value-use `uniform`?
 *   (`cluster` `(` `size` `=` int (`,` `stride` `=` int)? `)`)? attr-dict
 *   `:` (`(` type `)` `->` (type | `(` type `)`) | type) */
static bool
parse_subgroup_reduce(Parser *p, OpBuild *b)
{
    if (!at(p, TK_BARE) || combining_kind_lookup(tok_str(p)) < 0)
        return error_here(p, "expected reduction operation");
    const char *op = combining_kind_names[combining_kind_lookup(tok_str(p))];
    build_set_attr(p, b, "op", attr_enum(p->m, "gpu", "all_reduce_op", op, true));
    next(p);
    Use v;
    if (!parse_use(p, &v))
        return false;
    for (int i = 0; i < 2; i++) {
        if (accept_bare(p, "uniform")) {
            build_set_attr(p, b, "uniform", attr_unit(p->m));
        } else if (accept_bare(p, "cluster")) {
            int64_t size, stride = 1;
            if (!expect(p, TK_LPAREN, "'('") || !expect_bare(p, "size") ||
                !expect(p, TK_EQUAL, "'='") || !parse_int64(p, &size))
                return false;
            if (accept(p, TK_COMMA) && (!expect_bare(p, "stride") || !expect(p, TK_EQUAL, "'='") ||
                                        !parse_int64(p, &stride)))
                return false;
            if (!expect(p, TK_RPAREN, "')'"))
                return false;
            build_set_attr(p, b, "cluster_size", attr_int(p->m, size, TY_I32));
            if (stride != 1)
                build_set_attr(p, b, "cluster_stride", attr_int(p->m, stride, TY_I32));
        }
    }
    /* `: (T) -> T`, `: (T) -> (T)`, or the short `: T` */
    TypeId in, out;
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'"))
        return false;
    if (!accept(p, TK_LPAREN)) {
        if (!parse_type(p, &in))
            return false;
        out = in;
    } else {
        bool paren;
        if (!parse_type(p, &in) || !expect(p, TK_RPAREN, "')'") || !expect(p, TK_ARROW, "'->'"))
            return false;
        paren = accept(p, TK_LPAREN);
        if (!parse_type(p, &out) || (paren && !expect(p, TK_RPAREN, "')'")))
            return false;
    }
    build_push_type(p, b, out);
    return push_uses(p, b, &v, 1, in);
}

/* dynamic-shared-memory ::= `gpu.dynamic_shared_memory` attr-dict `:` memref-type */
static bool
parse_dynamic_shared(Parser *p, OpBuild *b)
{
    return parse_opt_attr_dict(p, b) && result_type(p, b);
}

CustomParseFn *
custom_parser_ops(OpKind k)
{
    static CustomParseFn *const table[OP_COUNT] = {
        [OP_RETURN] = parse_return,
        [OP_CALL] = parse_call,
        [OP_CONSTANT] = parse_constant,
        [OP_ADDI] = parse_binary,
        [OP_SUBI] = parse_binary,
        [OP_MULI] = parse_binary,
        [OP_DIVSI] = parse_binary,
        [OP_DIVUI] = parse_binary,
        [OP_CEILDIVSI] = parse_binary,
        [OP_CEILDIVUI] = parse_binary,
        [OP_FLOORDIVSI] = parse_binary,
        [OP_REMSI] = parse_binary,
        [OP_REMUI] = parse_binary,
        [OP_MAXSI] = parse_binary,
        [OP_MAXUI] = parse_binary,
        [OP_MINSI] = parse_binary,
        [OP_MINUI] = parse_binary,
        [OP_ANDI] = parse_binary,
        [OP_ORI] = parse_binary,
        [OP_XORI] = parse_binary,
        [OP_SHLI] = parse_binary,
        [OP_SHRSI] = parse_binary,
        [OP_SHRUI] = parse_binary,
        [OP_ADDF] = parse_binary,
        [OP_SUBF] = parse_binary,
        [OP_MULF] = parse_binary,
        [OP_DIVF] = parse_binary,
        [OP_REMF] = parse_binary,
        [OP_NEGF] = parse_unary,
        [OP_MAXIMUMF] = parse_binary,
        [OP_MINIMUMF] = parse_binary,
        [OP_MAXNUMF] = parse_binary,
        [OP_MINNUMF] = parse_binary,
        [OP_CMPI] = parse_cmp,
        [OP_CMPF] = parse_cmp,
        [OP_SELECT] = parse_select,
        [OP_EXP] = parse_unary,
        [OP_EXP2] = parse_unary,
        [OP_LOG] = parse_unary,
        [OP_LOG2] = parse_unary,
        [OP_SQRT] = parse_unary,
        [OP_RSQRT] = parse_unary,
        [OP_TANH] = parse_unary,
        [OP_ABSF] = parse_unary,
        [OP_FMA] = parse_ternary,
        [OP_POWF] = parse_binary,
        [OP_SIN] = parse_unary,
        [OP_COS] = parse_unary,
        [OP_ERF] = parse_unary,
        [OP_FOR] = parse_for,
        [OP_IF] = parse_if,
        [OP_YIELD] = parse_return,
        [OP_ALLOC] = parse_alloc,
        [OP_ALLOCA] = parse_alloc,
        [OP_MLOAD] = parse_mload,
        [OP_MSTORE] = parse_mstore,
        [OP_SUBVIEW] = parse_subview,
        [OP_VIEW] = parse_view,
        [OP_GET_GLOBAL] = parse_get_global,
        [OP_GLOBAL] = parse_global,
        [OP_DIM] = parse_dim,
        [OP_AFFINE_APPLY] = parse_affine_apply,
        [OP_LINEARIZE_INDEX] = parse_linearize,
        [OP_DELINEARIZE_INDEX] = parse_delinearize,
        [OP_GPU_RETURN] = parse_return,
        [OP_THREAD_ID] = parse_gpu_index,
        [OP_BLOCK_ID] = parse_gpu_index,
        [OP_BLOCK_DIM] = parse_gpu_index,
        [OP_GRID_DIM] = parse_gpu_index,
        [OP_LANE_ID] = parse_gpu_index,
        [OP_SUBGROUP_ID] = parse_gpu_index,
        [OP_CLUSTER_ID] = parse_gpu_index,
        [OP_CLUSTER_DIM] = parse_gpu_index,
        [OP_CLUSTER_BLOCK_ID] = parse_gpu_index,
        [OP_CLUSTER_DIM_BLOCKS] = parse_gpu_index,
        [OP_BARRIER] = parse_barrier,
        [OP_SHUFFLE] = parse_shuffle,
        [OP_SUBGROUP_REDUCE] = parse_subgroup_reduce,
        [OP_DYNAMIC_SHARED_MEMORY] = parse_dynamic_shared,
    };
    return op_info[k].cast != CAST_NONE ? parse_cast : table[k]; /* the casts of ops.def */
}
