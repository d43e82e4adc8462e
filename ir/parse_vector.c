/*
 * parse_vector.c -- custom forms of the vector and iree_vector_ext ops, as
 * MLIR spells them.  Attribute encodings follow current MLIR: positions,
 * permutations and reduction dims are `array<i64: ...>` (dynamic position =
 * INT64_MIN), strided-slice offsets/sizes/strides are `[...]` arrays of i64,
 * combining kinds are #vector.kind<..>.  The MLIR 16 spelling
 * `vector.extract %v[0] : vector<2x2xf32>` (source type only) is accepted.
 */
#include "ir/parser.h"

#include <string.h>

typedef struct Use {
    ValueId v;
    Loc loc;
} Use;

static bool
use(Parser *p, Use *u)
{
    u->loc = p->tok.loc;
    return parse_operand(p, &u->v);
}

static bool
comma_use(Parser *p, Use *u)
{
    return expect(p, TK_COMMA, "','") && use(p, u);
}

static bool
colon_type(Parser *p, TypeId *t)
{
    return expect(p, TK_COLON, "':'") && parse_type(p, t);
}

static bool
push_checked(Parser *p, OpBuild *b, const Use *u, TypeId t)
{
    if (t && !check_type(p, u->v, t, u->loc))
        return false;
    build_push_arg(p, b, u->v);
    return true;
}

/* `[` index-uses `]`, returning the count */
static bool
index_list(Parser *p, OpBuild *b, uint32_t *n)
{
    uint32_t before = b->args.n;
    if (!expect(p, TK_LBRACKET, "'['"))
        return false;
    if (!at(p, TK_RBRACKET)) {
        do {
            ValueId v;
            if (!parse_operand_typed(p, &v, TY_INDEX))
                return false;
            build_push_arg(p, b, v);
        } while (accept(p, TK_COMMA));
    }
    *n = b->args.n - before;
    return expect(p, TK_RBRACKET, "']'");
}

/* T `<keyword>` U, e.g. `vector<4xf32> to vector<2x2xf32>` */
static bool
types_with(Parser *p, const char *word, TypeId *a, TypeId *b)
{
    return colon_type(p, a) && expect_bare(p, word) && parse_type(p, b);
}

static TypeId
elem_of(Parser *p, TypeId t)
{
    return type_element(p->m, t);
}

static bool
want_kind(Parser *p, TypeId t, TypeKind k, Loc loc, const char *what)
{
    if (type_get(p->m, t)->kind == k)
        return true;
    return error_at(p, loc, "expected a %s type", what);
}

/* ---- memory ---- */

/* transfer_read ::= `vector.transfer_read` value-use `[` indices `]` (`,` pad)? (`,` mask)?
 *                   attr-dict `:` memref-type `,` vector-type */
static bool
parse_transfer_read(Parser *p, OpBuild *b)
{
    Use base, pad, mask;
    uint32_t n;
    bool has_pad = false, has_mask = false;
    if (!use(p, &base))
        return false;
    build_push_arg(p, b, base.v);
    if (!index_list(p, b, &n))
        return false;
    if (accept(p, TK_COMMA)) {
        has_pad = true;
        if (!use(p, &pad))
            return false;
        if (accept(p, TK_COMMA)) {
            has_mask = true;
            if (!use(p, &mask))
                return false;
        }
    }
    TypeId mt, vt;
    Loc loc = p->tok.loc;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &mt) || !expect(p, TK_COMMA, "','") ||
        !parse_type(p, &vt) || !want_kind(p, mt, TY_MEMREF, loc, "memref") ||
        !want_kind(p, vt, TY_VECTOR, loc, "vector") || !check_type(p, base.v, mt, base.loc))
        return false;
    if (has_pad && !push_checked(p, b, &pad, elem_of(p, mt)))
        return false;
    if (has_mask)
        build_push_arg(p, b, mask.v);
    build_set_segments(p, b, (int64_t[]){ 1, n, has_pad, has_mask }, 4);
    build_push_type(p, b, vt);
    return true;
}

/* transfer_write ::= `vector.transfer_write` value-use `,` value-use `[` indices `]`
 *                    (`,` mask)? attr-dict `:` vector-type `,` memref-type */
static bool
parse_transfer_write(Parser *p, OpBuild *b)
{
    Use v, base, mask;
    uint32_t n;
    bool has_mask = false;
    if (!use(p, &v) || !comma_use(p, &base))
        return false;
    build_push_arg(p, b, v.v);
    build_push_arg(p, b, base.v);
    if (!index_list(p, b, &n))
        return false;
    if (accept(p, TK_COMMA)) {
        has_mask = true;
        if (!use(p, &mask))
            return false;
        build_push_arg(p, b, mask.v);
    }
    TypeId vt, mt;
    Loc loc = p->tok.loc;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &vt) || !expect(p, TK_COMMA, "','") ||
        !parse_type(p, &mt) || !want_kind(p, mt, TY_MEMREF, loc, "memref") ||
        !check_type(p, v.v, vt, v.loc) || !check_type(p, base.v, mt, base.loc))
        return false;
    build_set_segments(p, b, (int64_t[]){ 1, 1, n, has_mask }, 4);
    return true;
}

/* load ::= `vector.load` value-use `[` indices `]` attr-dict `:` memref-type `,` vector-type
 * store ::= `vector.store` value-use `,` value-use `[` indices `]` attr-dict `:` memref-type `,`
 * vector-type */
static bool
parse_vload_store(Parser *p, OpBuild *b)
{
    bool store = b->kind == OP_VSTORE;
    Use v, base;
    uint32_t n;
    if (store && (!use(p, &v) || !expect(p, TK_COMMA, "','")))
        return false;
    if (!use(p, &base))
        return false;
    if (store)
        build_push_arg(p, b, v.v);
    build_push_arg(p, b, base.v);
    TypeId mt, vt;
    Loc loc = p->tok.loc;
    if (!index_list(p, b, &n) || !parse_opt_attr_dict(p, b) || !colon_type(p, &mt) ||
        !expect(p, TK_COMMA, "','") || !parse_type(p, &vt) ||
        !want_kind(p, mt, TY_MEMREF, loc, "memref") || !check_type(p, base.v, mt, base.loc))
        return false;
    if (store)
        return check_type(p, v.v, vt, v.loc);
    build_push_type(p, b, vt);
    return true;
}

/* ---- contraction and reductions ---- */

/* contract ::= `vector.contract` dictionary-or-alias value-use `,` value-use `,` value-use
 *              (`,` value-use `,` value-use)? attr-dict `:` type `,` type `into` type */
static bool
parse_contract(Parser *p, OpBuild *b)
{
    Loc loc = p->tok.loc;
    const Attr *trait = parse_attr(p);
    if (!trait)
        return false;
    if (trait->kind != ATTR_DICT)
        return error_at(p, loc, "expected a dictionary of contraction attributes");
    for (uint32_t i = 0; i < trait->n; i++)
        build_set_attr(p, b, trait->dict[i].name, trait->dict[i].value);
    Use u[5];
    int n = 3;
    if (!use(p, &u[0]) || !comma_use(p, &u[1]) || !comma_use(p, &u[2]))
        return false;
    if (accept(p, TK_COMMA)) {
        n = 5;
        if (!use(p, &u[3]) || !comma_use(p, &u[4]))
            return false;
    }
    TypeId ta, tb, tc;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &ta) || !expect(p, TK_COMMA, "','") ||
        !parse_type(p, &tb) || !expect_bare(p, "into") || !parse_type(p, &tc))
        return false;
    TypeId want[5] = { ta, tb, tc, 0, 0 };
    for (int i = 0; i < n; i++)
        if (!push_checked(p, b, &u[i], want[i]))
            return false;
    build_push_type(p, b, tc);
    return true;
}

/* kind ::= `<` kind-name `>` | `#vector.kind` `<` kind-name `>` */
static bool
parse_kind(Parser *p, OpBuild *b)
{
    const Attr *k;
    if (at(p, TK_LESS))
        k = parse_enum_body(p, "vector", "kind");
    else
        k = parse_attr(p);
    if (!k)
        return false;
    if (k->kind != ATTR_ENUM || strcmp(k->dialect, "vector") != 0 || strcmp(k->name, "kind") != 0)
        return error_here(p, "expected a combining kind");
    build_set_attr(p, b, "kind", k);
    return true;
}

/* multi_reduction ::= `vector.multi_reduction` kind `,` value-use `,` value-use `[` ints `]`
 *                     attr-dict `:` type `to` type */
static bool
parse_multi_reduction(Parser *p, OpBuild *b)
{
    Use src, acc;
    int64_t *dims;
    uint32_t n;
    TypeId st, rt;
    if (!parse_kind(p, b) || !comma_use(p, &src) || !comma_use(p, &acc) ||
        !parse_int_list(p, TK_LBRACKET, TK_RBRACKET, &dims, &n) || !parse_opt_attr_dict(p, b) ||
        !types_with(p, "to", &st, &rt))
        return false;
    build_set_attr(p, b, "reduction_dims", attr_i64_dense(p->m, dims, n));
    build_push_type(p, b, rt);
    return push_checked(p, b, &src, st) && push_checked(p, b, &acc, rt);
}

/* reduction ::= `vector.reduction` kind `,` value-use (`,` value-use)? fastmath? attr-dict
 *               `:` type `into` type */
static bool
parse_reduction(Parser *p, OpBuild *b)
{
    Use v, acc;
    bool has_acc = false;
    if (!parse_kind(p, b) || !comma_use(p, &v))
        return false;
    if (accept(p, TK_COMMA)) {
        has_acc = true;
        if (!use(p, &acc))
            return false;
    }
    if (accept_bare(p, "fastmath")) {
        const Attr *fm = parse_enum_body(p, "arith", "fastmath");
        if (!fm)
            return false;
        build_set_attr(p, b, "fastmath", fm);
    }
    TypeId vt, rt;
    if (!parse_opt_attr_dict(p, b) || !types_with(p, "into", &vt, &rt))
        return false;
    build_push_type(p, b, rt);
    return push_checked(p, b, &v, vt) && (!has_acc || push_checked(p, b, &acc, rt));
}

/* ---- shape ops ---- */

/* unary-cast ::= value-use attr-dict `:` type `to` type   (broadcast, shape_cast, bitcast) */
static bool
parse_vcast(Parser *p, OpBuild *b)
{
    Use v;
    TypeId from, to;
    if (!use(p, &v) || !parse_opt_attr_dict(p, b) || !types_with(p, "to", &from, &to))
        return false;
    build_push_type(p, b, to);
    return push_checked(p, b, &v, from);
}

/* transpose ::= `vector.transpose` value-use `,` `[` ints `]` attr-dict `:` type `to` type */
static bool
parse_transpose(Parser *p, OpBuild *b)
{
    Use v;
    int64_t *perm;
    uint32_t n;
    TypeId from, to;
    if (!use(p, &v) || !expect(p, TK_COMMA, "','") ||
        !parse_int_list(p, TK_LBRACKET, TK_RBRACKET, &perm, &n) || !parse_opt_attr_dict(p, b) ||
        !types_with(p, "to", &from, &to))
        return false;
    build_set_attr(p, b, "permutation", attr_i64_dense(p->m, perm, n));
    build_push_type(p, b, to);
    return push_checked(p, b, &v, from);
}

/* position ::= `[` ((int | index-use) (`,` ...)*)? `]` -> static_position, dynamic operands */
static bool
parse_position(Parser *p, OpBuild *b, uint32_t *npos)
{
    ARRAY(int64_t) pos = { 0 };
    if (!expect(p, TK_LBRACKET, "'['"))
        return false;
    if (!at(p, TK_RBRACKET)) {
        do {
            int64_t x = INT64_MIN;
            if (at(p, TK_VALUE)) {
                ValueId v;
                if (!parse_operand_typed(p, &v, TY_INDEX))
                    return false;
                build_push_arg(p, b, v);
            } else if (!parse_int64(p, &x)) {
                return false;
            }
            ARRAY_PUSH(&p->m->arena, pos, x);
        } while (accept(p, TK_COMMA));
    }
    build_set_attr(p, b, "static_position", attr_i64_dense(p->m, pos.items, pos.n));
    *npos = pos.n;
    return expect(p, TK_RBRACKET, "']'");
}

/* The type of extracting npos leading positions from vector type t. */
static TypeId
extracted_type(Parser *p, TypeId t, uint32_t npos)
{
    const Type *ty = type_get(p->m, t);
    if (npos >= ty->rank)
        return ty->elem;
    int64_t shape[64];
    uint32_t r = ty->rank - npos;
    memcpy(shape, ty->shape + npos, r * sizeof *shape);
    return type_vector(p->m, ty->elem, r, shape);
}

/* extract ::= `vector.extract` value-use position attr-dict `:` type `from` type
 *           | `vector.extract` value-use position attr-dict `:` vector-type   (MLIR 16) */
static bool
parse_extract(Parser *p, OpBuild *b)
{
    Use v;
    uint32_t npos;
    if (!use(p, &v))
        return false;
    build_push_arg(p, b, v.v);
    TypeId rt, st;
    Loc loc;
    if (!parse_position(p, b, &npos) || !parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'"))
        return false;
    loc = p->tok.loc;
    if (!parse_type(p, &rt))
        return false;
    if (accept_bare(p, "from")) {
        if (!parse_type(p, &st))
            return false;
    } else {
        st = rt;
        if (!want_kind(p, st, TY_VECTOR, loc, "vector"))
            return false;
        if (npos > type_get(p->m, st)->rank)
            return error_at(p, loc, "too many positions for the vector type");
        rt = extracted_type(p, st, npos);
    }
    build_push_type(p, b, rt);
    return check_type(p, v.v, st, v.loc);
}

/* insert ::= `vector.insert` value-use `,` value-use position attr-dict `:` type `into` type */
static bool
parse_insert(Parser *p, OpBuild *b)
{
    Use s, v;
    uint32_t npos;
    if (!use(p, &s) || !comma_use(p, &v))
        return false;
    build_push_arg(p, b, s.v);
    build_push_arg(p, b, v.v);
    TypeId st, dt;
    if (!parse_position(p, b, &npos) || !parse_opt_attr_dict(p, b) ||
        !types_with(p, "into", &st, &dt))
        return false;
    build_push_type(p, b, dt);
    return check_type(p, s.v, st, s.loc) && check_type(p, v.v, dt, v.loc);
}

/* strided ::= value-use (`,` value-use)? attr-dict `:` type (`to` | `into`) type */
static bool
parse_strided_slice(Parser *p, OpBuild *b)
{
    bool insert = b->kind == OP_INSERT_STRIDED_SLICE;
    Use a, d;
    if (!use(p, &a) || (insert && !comma_use(p, &d)))
        return false;
    TypeId from, to;
    if (!parse_opt_attr_dict(p, b) || !types_with(p, insert ? "into" : "to", &from, &to))
        return false;
    build_push_type(p, b, to);
    return push_checked(p, b, &a, from) && (!insert || push_checked(p, b, &d, to));
}

/* splat ::= `vector.splat` value-use attr-dict `:` vector-type */
static bool
parse_splat(Parser *p, OpBuild *b)
{
    Use v;
    TypeId t;
    Loc loc;
    if (!use(p, &v) || !parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'"))
        return false;
    loc = p->tok.loc;
    if (!parse_type(p, &t) || !want_kind(p, t, TY_VECTOR, loc, "vector"))
        return false;
    build_push_type(p, b, t);
    return push_checked(p, b, &v, elem_of(p, t));
}

/* fma ::= `vector.fma` value-use `,` value-use `,` value-use attr-dict `:` vector-type */
static bool
parse_vfma(Parser *p, OpBuild *b)
{
    Use u[3];
    TypeId t;
    if (!use(p, &u[0]) || !comma_use(p, &u[1]) || !comma_use(p, &u[2]) ||
        !parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    build_push_type(p, b, t);
    for (int i = 0; i < 3; i++)
        if (!push_checked(p, b, &u[i], t))
            return false;
    return true;
}

/* step ::= `vector.step` attr-dict `:` vector-type */
static bool
parse_step(Parser *p, OpBuild *b)
{
    TypeId t;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return true;
}

/* create_mask ::= `vector.create_mask` index-uses attr-dict `:` vector-type
 * from_elements ::= `vector.from_elements` value-uses attr-dict `:` vector-type */
static bool
parse_operands_then_type(Parser *p, OpBuild *b)
{
    ARRAY(Use) uses = { 0 };
    if (at(p, TK_VALUE)) {
        do {
            Use u;
            if (!use(p, &u))
                return false;
            ARRAY_PUSH(&p->m->arena, uses, u);
        } while (accept(p, TK_COMMA));
    }
    TypeId t;
    Loc loc;
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'"))
        return false;
    loc = p->tok.loc;
    if (!parse_type(p, &t) || !want_kind(p, t, TY_VECTOR, loc, "vector"))
        return false;
    TypeId want = b->kind == OP_CREATE_MASK ? TY_INDEX : elem_of(p, t);
    for (uint32_t i = 0; i < uses.n; i++)
        if (!push_checked(p, b, &uses.items[i], want))
            return false;
    build_push_type(p, b, t);
    return true;
}

/* constant_mask ::= `vector.constant_mask` `[` ints `]` attr-dict `:` vector-type */
static bool
parse_constant_mask(Parser *p, OpBuild *b)
{
    int64_t *v;
    uint32_t n;
    TypeId t;
    if (!parse_int_list(p, TK_LBRACKET, TK_RBRACKET, &v, &n) || !parse_opt_attr_dict(p, b) ||
        !colon_type(p, &t))
        return false;
    build_set_attr(p, b, "mask_dim_sizes", attr_i64_dense(p->m, v, n));
    build_push_type(p, b, t);
    return true;
}

/* ---- iree_vector_ext ---- */

/* to_layout ::= `iree_vector_ext.to_layout` value-use `to` `layout` `(` attribute `)`
 *               attr-dict `:` type */
static bool
parse_to_layout(Parser *p, OpBuild *b)
{
    Use v;
    TypeId t;
    if (!use(p, &v) || !expect_bare(p, "to") || !expect_bare(p, "layout") ||
        !expect(p, TK_LPAREN, "'('"))
        return false;
    const Attr *l = parse_attr(p);
    if (!l || !expect(p, TK_RPAREN, "')'") || !parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    build_set_attr(p, b, "layout", l);
    build_push_type(p, b, t);
    return push_checked(p, b, &v, t);
}

/* to_simt ::= value-use attr-dict `:` type `->` type */
static bool
parse_to_simx(Parser *p, OpBuild *b)
{
    Use v;
    TypeId from, to;
    if (!use(p, &v) || !parse_opt_attr_dict(p, b) || !colon_type(p, &from) ||
        !expect(p, TK_ARROW, "'->'") || !parse_type(p, &to))
        return false;
    build_push_type(p, b, to);
    return push_checked(p, b, &v, from);
}

CustomParseFn *
custom_parser_vector(OpKind k)
{
    static CustomParseFn *const table[OP_COUNT] = {
        [OP_TRANSFER_READ] = parse_transfer_read,
        [OP_TRANSFER_WRITE] = parse_transfer_write,
        [OP_VLOAD] = parse_vload_store,
        [OP_VSTORE] = parse_vload_store,
        [OP_CONTRACT] = parse_contract,
        [OP_MULTI_REDUCTION] = parse_multi_reduction,
        [OP_REDUCTION] = parse_reduction,
        [OP_BROADCAST] = parse_vcast,
        [OP_TRANSPOSE] = parse_transpose,
        [OP_SHAPE_CAST] = parse_vcast,
        [OP_EXTRACT] = parse_extract,
        [OP_INSERT] = parse_insert,
        [OP_EXTRACT_STRIDED_SLICE] = parse_strided_slice,
        [OP_INSERT_STRIDED_SLICE] = parse_strided_slice,
        [OP_SPLAT] = parse_splat,
        [OP_VFMA] = parse_vfma,
        [OP_STEP] = parse_step,
        [OP_CREATE_MASK] = parse_operands_then_type,
        [OP_CONSTANT_MASK] = parse_constant_mask,
        [OP_VBITCAST] = parse_vcast,
        [OP_FROM_ELEMENTS] = parse_operands_then_type,
        [OP_TO_LAYOUT] = parse_to_layout,
        [OP_TO_SIMT] = parse_to_simx,
        [OP_TO_SIMD] = parse_to_simx,
    };
    return table[k];
}
