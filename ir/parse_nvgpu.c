/*
 * parse_nvgpu.c -- custom forms of the nvgpu ops, following the
 * assemblyFormat of MLIR's NVGPUOps.td.  Operand order is ODS argument
 * order (what the generic form lists); ops with several optional or
 * variadic groups get `operandSegmentSizes`.
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
push(Parser *p, OpBuild *b, const Use *u, TypeId t)
{
    if (t && !check_type(p, u->v, t, u->loc))
        return false;
    build_push_arg(p, b, u->v);
    return true;
}

static bool
colon_type(Parser *p, TypeId *t)
{
    return expect(p, TK_COLON, "':'") && parse_type(p, t);
}

/* `[` index-uses `]` */
static bool
indices(Parser *p, OpBuild *b, uint32_t *n)
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

/* `[` index-use `]` (a single mbarrier id) */
static bool
one_index(Parser *p, Use *u)
{
    return expect(p, TK_LBRACKET, "'['") && use(p, u) && expect(p, TK_RBRACKET, "']'");
}

/* (`,` `predicate` `=` value-use)? */
static bool
opt_predicate(Parser *p, Use *u, bool *has)
{
    *has = false;
    if (!at(p, TK_COMMA))
        return true;
    Lexer save_lex = p->lex;
    Token save_tok = p->tok;
    next(p);
    if (!at_bare(p, "predicate")) {
        p->lex = save_lex;
        p->tok = save_tok;
        return true;
    }
    next(p);
    *has = true;
    return expect(p, TK_EQUAL, "'='") && use(p, u);
}

/* ldmatrix ::= value-use `[` indices `]` attr-dict `:` memref-type `->` vector-type */
static bool
parse_ldmatrix(Parser *p, OpBuild *b)
{
    Use m;
    uint32_t n;
    TypeId mt, vt;
    if (!use(p, &m) || !push(p, b, &m, 0) || !indices(p, b, &n) || !parse_opt_attr_dict(p, b) ||
        !colon_type(p, &mt) || !expect(p, TK_ARROW, "'->'") || !parse_type(p, &vt))
        return false;
    build_push_type(p, b, vt);
    return check_type(p, m.v, mt, m.loc);
}

/* mma.sync ::= `(` value-use `,` value-use `,` value-use `)` attr-dict
 *              `:` `(` type `,` type `,` type `)` `->` type */
static bool
parse_mma_sync(Parser *p, OpBuild *b)
{
    Use u[3];
    if (!expect(p, TK_LPAREN, "'('") || !use(p, &u[0]) || !expect(p, TK_COMMA, "','") ||
        !use(p, &u[1]) || !expect(p, TK_COMMA, "','") || !use(p, &u[2]) ||
        !expect(p, TK_RPAREN, "')'") || !parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'"))
        return false;
    TypeIdList ins = { 0 };
    TypeId out;
    Loc loc = p->tok.loc;
    if (!parse_type_list_parens(p, &ins) || !expect(p, TK_ARROW, "'->'") || !parse_type(p, &out))
        return false;
    if (ins.n != 3)
        return error_at(p, loc, "expected 3 operand types");
    for (int i = 0; i < 3; i++)
        if (!push(p, b, &u[i], ins.items[i]))
            return false;
    build_push_type(p, b, out);
    return true;
}

/* mma.sp.sync ::= `(` value-use `,` value-use `,` value-use `)` `metadata` `(` value-use `)`
 *                 attr-dict `:` `(` type `,` type `,` type `)` `->` type
 * (the metadata's type is vector<2xi16>, not spelled) */
static bool
parse_mma_sp_sync(Parser *p, OpBuild *b)
{
    Use u[4];
    if (!expect(p, TK_LPAREN, "'('") || !use(p, &u[0]) || !expect(p, TK_COMMA, "','") ||
        !use(p, &u[1]) || !expect(p, TK_COMMA, "','") || !use(p, &u[2]) ||
        !expect(p, TK_RPAREN, "')'") || !expect_bare(p, "metadata") ||
        !expect(p, TK_LPAREN, "'('") || !use(p, &u[3]) || !expect(p, TK_RPAREN, "')'") ||
        !parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'"))
        return false;
    TypeIdList ins = { 0 };
    TypeId out;
    Loc loc = p->tok.loc;
    if (!parse_type_list_parens(p, &ins) || !expect(p, TK_ARROW, "'->'") || !parse_type(p, &out))
        return false;
    if (ins.n != 3)
        return error_at(p, loc, "expected 3 operand types");
    const int64_t two = 2;
    TypeId meta = type_vector(p->m, TY_I16, 1, &two);
    for (int i = 0; i < 4; i++)
        if (!push(p, b, &u[i], i < 3 ? ins.items[i] : meta))
            return false;
    build_push_type(p, b, out);
    return true;
}

/* device_async_copy ::= value-use `[` indices `]` `,` value-use `[` indices `]` `,` integer
 *                       (`,` value-use)? attr-dict `:` memref-type `to` memref-type
 * operands: dst, dstIndices, src, srcIndices, srcElements? */
static bool
parse_async_copy(Parser *p, OpBuild *b)
{
    Use src, dst, src_elems;
    OpBuild si = { 0 }, di = { 0 };
    uint32_t ns, nd;
    int64_t n;
    bool has_elems = false;
    if (!use(p, &src) || !indices(p, &si, &ns) || !expect(p, TK_COMMA, "','") || !use(p, &dst) ||
        !indices(p, &di, &nd) || !expect(p, TK_COMMA, "','") || !parse_int64(p, &n))
        return false;
    if (accept(p, TK_COMMA)) {
        has_elems = true;
        if (!use(p, &src_elems))
            return false;
    }
    TypeId st, dt;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &st) || !expect_bare(p, "to") ||
        !parse_type(p, &dt) || !push(p, b, &dst, dt))
        return false;
    for (uint32_t i = 0; i < nd; i++)
        build_push_arg(p, b, di.args.items[i]);
    if (!push(p, b, &src, st))
        return false;
    for (uint32_t i = 0; i < ns; i++)
        build_push_arg(p, b, si.args.items[i]);
    if (has_elems && !push(p, b, &src_elems, TY_INDEX))
        return false;
    build_set_attr(p, b, "dstElements", attr_int(p->m, n, TY_INDEX));
    build_set_segments(p, b, (int64_t[]){ 1, nd, 1, ns, has_elems }, 5);
    build_push_type(p, b, type_intern(p->m, &(Type){ .kind = TY_ASYNC_TOKEN }));
    return true;
}

/* create_group ::= value-uses attr-dict */
static bool
parse_create_group(Parser *p, OpBuild *b)
{
    TypeId tok = type_intern(p->m, &(Type){ .kind = TY_ASYNC_TOKEN });
    if (at(p, TK_VALUE)) {
        do {
            Use u;
            if (!use(p, &u) || !push(p, b, &u, tok))
                return false;
        } while (accept(p, TK_COMMA));
    }
    build_push_type(p, b, tok);
    return parse_opt_attr_dict(p, b);
}

/* wait ::= value-use attr-dict */
static bool
parse_async_wait(Parser *p, OpBuild *b)
{
    Use u;
    TypeId tok = type_intern(p->m, &(Type){ .kind = TY_ASYNC_TOKEN });
    if (!at(p, TK_VALUE)) /* upstream's token is optional: wait on the groups committed */
        return parse_opt_attr_dict(p, b);
    return use(p, &u) && push(p, b, &u, tok) && parse_opt_attr_dict(p, b);
}

/* mbarrier.create ::= attr-dict `->` type */
static bool
parse_attrs_arrow_type(Parser *p, OpBuild *b)
{
    TypeId t;
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_ARROW, "'->'") || !parse_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return true;
}

/* barrier-ref ::= value-use `[` index-use `]` */
static bool
barrier_ref(Parser *p, Use *bar, Use *id)
{
    return use(p, bar) && one_index(p, id);
}

/* init ::= barrier-ref `,` value-use (`,` `predicate` `=` value-use)? attr-dict `:` type
 * expect_tx: the same shape; operands barriers, count/txcount, mbarId, predicate? */
static bool
parse_mbarrier_init(Parser *p, OpBuild *b)
{
    Use bar, id, count, pred;
    bool has_pred;
    TypeId t;
    if (!barrier_ref(p, &bar, &id) || !expect(p, TK_COMMA, "','") || !use(p, &count) ||
        !opt_predicate(p, &pred, &has_pred) || !parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    return push(p, b, &bar, t) && push(p, b, &count, TY_INDEX) && push(p, b, &id, TY_INDEX) &&
           (!has_pred || push(p, b, &pred, TY_I1));
}

/* arrive ::= barrier-ref attr-dict `:` type `->` type */
static bool
parse_mbarrier_arrive(Parser *p, OpBuild *b)
{
    Use bar, id;
    TypeId t, r;
    if (!barrier_ref(p, &bar, &id) || !parse_opt_attr_dict(p, b) || !colon_type(p, &t) ||
        !expect(p, TK_ARROW, "'->'") || !parse_type(p, &r))
        return false;
    build_push_type(p, b, r);
    return push(p, b, &bar, t) && push(p, b, &id, TY_INDEX);
}

/* try_wait.parity ::= barrier-ref `,` value-use `,` value-use attr-dict `:` type
 * operands: barriers, phaseParity, ticks, mbarId */
static bool
parse_try_wait(Parser *p, OpBuild *b)
{
    Use bar, id, parity, ticks;
    TypeId t;
    if (!barrier_ref(p, &bar, &id) || !expect(p, TK_COMMA, "','") || !use(p, &parity) ||
        !expect(p, TK_COMMA, "','") || !use(p, &ticks) || !parse_opt_attr_dict(p, b) ||
        !colon_type(p, &t))
        return false;
    return push(p, b, &bar, t) && push(p, b, &parity, TY_I1) && push(p, b, &ticks, TY_INDEX) &&
           push(p, b, &id, TY_INDEX);
}

/* tma.async.load ::= value-use `[` indices `]` `,` barrier-ref `to` value-use
 *     (`multicast_mask` `=` value-use)? (`,` `predicate` `=` value-use)? attr-dict
 *     `:` type `,` type `->` memref-type
 * operands: dst, barriers, desc, coordinates, mbarId, multicastMask?, predicate? */
static bool
parse_tma_load(Parser *p, OpBuild *b)
{
    Use desc, bar, id, dst, mask, pred;
    OpBuild co = { 0 };
    uint32_t n;
    bool has_mask = false, has_pred;
    if (!use(p, &desc) || !indices(p, &co, &n) || !expect(p, TK_COMMA, "','") ||
        !barrier_ref(p, &bar, &id) || !expect_bare(p, "to") || !use(p, &dst))
        return false;
    if (accept_bare(p, "multicast_mask")) {
        has_mask = true;
        if (!expect(p, TK_EQUAL, "'='") || !use(p, &mask))
            return false;
    }
    TypeId dt, bt, mt;
    if (!opt_predicate(p, &pred, &has_pred) || !parse_opt_attr_dict(p, b) || !colon_type(p, &dt) ||
        !expect(p, TK_COMMA, "','") || !parse_type(p, &bt) || !expect(p, TK_ARROW, "'->'") ||
        !parse_type(p, &mt))
        return false;
    if (!push(p, b, &dst, mt) || !push(p, b, &bar, bt) || !push(p, b, &desc, dt))
        return false;
    for (uint32_t i = 0; i < n; i++)
        build_push_arg(p, b, co.args.items[i]);
    if (!push(p, b, &id, TY_INDEX) || (has_mask && !push(p, b, &mask, TY_I16)) ||
        (has_pred && !push(p, b, &pred, TY_I1)))
        return false;
    build_set_segments(p, b, (int64_t[]){ 1, 1, 1, n, 1, has_mask, has_pred }, 7);
    return true;
}

/* tma.async.store ::= value-use `to` value-use `[` indices `]` (`,` `predicate` `=` value-use)?
 *     attr-dict `:` memref-type `->` type
 * operands: src, desc, coordinates, predicate? */
static bool
parse_tma_store(Parser *p, OpBuild *b)
{
    Use src, desc, pred;
    OpBuild co = { 0 };
    uint32_t n;
    bool has_pred;
    TypeId st, dt;
    if (!use(p, &src) || !expect_bare(p, "to") || !use(p, &desc) || !indices(p, &co, &n) ||
        !opt_predicate(p, &pred, &has_pred) || !parse_opt_attr_dict(p, b) || !colon_type(p, &st) ||
        !expect(p, TK_ARROW, "'->'") || !parse_type(p, &dt))
        return false;
    if (!push(p, b, &src, st) || !push(p, b, &desc, dt))
        return false;
    for (uint32_t i = 0; i < n; i++)
        build_push_arg(p, b, co.args.items[i]);
    if (has_pred && !push(p, b, &pred, TY_I1))
        return false;
    build_set_segments(p, b, (int64_t[]){ 1, 1, n, has_pred }, 4);
    return true;
}

/* tma.create.descriptor ::= value-use `box` `[` indices `]` attr-dict `:` type `->` type */
static bool
parse_tma_create(Parser *p, OpBuild *b)
{
    Use t;
    uint32_t n;
    TypeId mt, dt;
    if (!use(p, &t) || !push(p, b, &t, 0) || !expect_bare(p, "box") || !indices(p, b, &n) ||
        !parse_opt_attr_dict(p, b) || !colon_type(p, &mt) || !expect(p, TK_ARROW, "'->'") ||
        !parse_type(p, &dt))
        return false;
    build_push_type(p, b, dt);
    return check_type(p, t.v, mt, t.loc);
}

/* tma.prefetch.descriptor ::= value-use (`,` `predicate` `=` value-use)? attr-dict `:` type
 * tma.fence.descriptor ::= value-use attr-dict `:` type */
static bool
parse_tma_desc_op(Parser *p, OpBuild *b)
{
    Use d, pred;
    bool has_pred = false;
    TypeId t;
    if (!use(p, &d))
        return false;
    if (b->kind == OP_TMA_PREFETCH_DESCRIPTOR && !opt_predicate(p, &pred, &has_pred))
        return false;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    return push(p, b, &d, t) && (!has_pred || push(p, b, &pred, TY_I1));
}

/* generate.descriptor ::= value-use `,` value-use attr-dict `:` type `,` type `->` type
 * warpgroup.mma ::= value-use `,` value-use `,` value-use attr-dict `:` type `,` type `,` type `->`
 * type */
static bool
parse_wg_ops(Parser *p, OpBuild *b)
{
    uint32_t n = b->kind == OP_WARPGROUP_MMA ? 3 : 2;
    Use u[3];
    TypeId t[3], r;
    for (uint32_t i = 0; i < n; i++)
        if ((i && !expect(p, TK_COMMA, "','")) || !use(p, &u[i]))
            return false;
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'"))
        return false;
    for (uint32_t i = 0; i < n; i++)
        if ((i && !expect(p, TK_COMMA, "','")) || !parse_type(p, &t[i]))
            return false;
    if (!expect(p, TK_ARROW, "'->'") || !parse_type(p, &r))
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (!push(p, b, &u[i], t[i]))
            return false;
    build_push_type(p, b, r);
    return true;
}

/* mma.store ::= value-use `,` value-use attr-dict `:` type `to` memref-type */
static bool
parse_wg_store(Parser *p, OpBuild *b)
{
    Use d, m;
    TypeId dt, mt;
    if (!use(p, &d) || !expect(p, TK_COMMA, "','") || !use(p, &m) || !parse_opt_attr_dict(p, b) ||
        !colon_type(p, &dt) || !expect_bare(p, "to") || !parse_type(p, &mt))
        return false;
    return push(p, b, &d, dt) && push(p, b, &m, mt);
}

CustomParseFn *
custom_parser_nvgpu(OpKind k)
{
    static CustomParseFn *const table[OP_COUNT] = {
        [OP_LDMATRIX] = parse_ldmatrix,
        [OP_MMA_SYNC] = parse_mma_sync,
        [OP_MMA_SP_SYNC] = parse_mma_sp_sync,
        [OP_DEVICE_ASYNC_COPY] = parse_async_copy,
        [OP_DEVICE_ASYNC_CREATE_GROUP] = parse_create_group,
        [OP_DEVICE_ASYNC_WAIT] = parse_async_wait,
        [OP_MBARRIER_CREATE] = parse_attrs_arrow_type,
        [OP_MBARRIER_INIT] = parse_mbarrier_init,
        [OP_MBARRIER_ARRIVE] = parse_mbarrier_arrive,
        [OP_MBARRIER_ARRIVE_EXPECT_TX] = parse_mbarrier_init,
        [OP_MBARRIER_TRY_WAIT_PARITY] = parse_try_wait,
        [OP_TMA_ASYNC_LOAD] = parse_tma_load,
        [OP_TMA_ASYNC_STORE] = parse_tma_store,
        [OP_TMA_CREATE_DESCRIPTOR] = parse_tma_create,
        [OP_TMA_PREFETCH_DESCRIPTOR] = parse_tma_desc_op,
        [OP_TMA_FENCE_DESCRIPTOR] = parse_tma_desc_op,
        [OP_WARPGROUP_GENERATE_DESCRIPTOR] = parse_wg_ops,
        [OP_WARPGROUP_MMA] = parse_wg_ops,
        [OP_WARPGROUP_MMA_STORE] = parse_wg_store,
        [OP_WARPGROUP_MMA_INIT_ACCUMULATOR] = parse_attrs_arrow_type,
    };
    return table[k];
}
