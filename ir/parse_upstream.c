/*
 * parse_upstream.c -- custom forms of the upstream MLIR ops of issue 25 (docs/
 * upstream-mlir.md), as upstream prints them: gpu.all_reduce / gpu.yield / gpu.printf,
 * the nvvm ops upstream tests use directly, nvgpu.rcp and the mbarrier test/no-complete
 * ops, ub.poison, memref.reinterpret_cast and memref.atomic_rmw, cf.br / cf.cond_br,
 * vector.mask, vector.gather / vector.scatter / vector.scan.  Operand order is ODS
 * argument order, as in the generic form.
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

/* `(` type `)` `->` (`(` type `)` | type) */
static bool
one_to_one(Parser *p, TypeId *in, TypeId *out)
{
    if (!expect(p, TK_LPAREN, "'('") || !parse_type(p, in) || !expect(p, TK_RPAREN, "')'") ||
        !expect(p, TK_ARROW, "'->'"))
        return false;
    bool paren = accept(p, TK_LPAREN);
    return parse_type(p, out) && (!paren || expect(p, TK_RPAREN, "')'"));
}

/* all-reduce ::= `gpu.all_reduce` kind? value-use `uniform`? region attr-dict
 *                `:` `(` type `)` `->` `(` type `)` */
static bool
parse_all_reduce(Parser *p, OpBuild *b)
{
    if (at(p, TK_BARE) && !at_bare(p, "uniform")) {
        const char *k = tok_str(p);
        int kind = combining_kind_lookup(k);
        if (kind < 0 && strcmp(k, "min") && strcmp(k, "max"))
            return error_here(p, "expected a reduction operation (add, mul, minsi, ...)");
        build_set_attr(p, b, "op",
                       attr_enum(p->m, "gpu", "all_reduce_op",
                                 kind >= 0 ? combining_kind_names[kind] : k, true));
        next(p);
    }
    Use v;
    if (!use(p, &v))
        return false;
    if (accept_bare(p, "uniform"))
        build_set_attr(p, b, "uniform", attr_unit(p->m));
    RegionId r;
    if (!parse_region(p, &r, NULL, 0, false))
        return false;
    ARRAY_PUSH(&p->scratch, b->regions, r);
    TypeId in, out;
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'") || !one_to_one(p, &in, &out))
        return false;
    build_push_type(p, b, out);
    return push(p, b, &v, in);
}

/* gpu.yield ::= value-uses (`:` types)? */
static bool
parse_gpu_yield(Parser *p, OpBuild *b)
{
    Use u[8];
    uint32_t n = 0;
    if (at(p, TK_VALUE)) {
        do {
            if (n == 8)
                return error_here(p, "too many operands");
            if (!use(p, &u[n++]))
                return false;
        } while (accept(p, TK_COMMA));
    }
    if (!parse_opt_attr_dict(p, b))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        TypeId t;
        if ((i == 0 ? !expect(p, TK_COLON, "':'") : !expect(p, TK_COMMA, "','")) ||
            !parse_type(p, &t) || !push(p, b, &u[i], t))
            return false;
    }
    return true;
}

/* printf ::= string-literal attr-dict (`,`? value-uses `:` types)? */
static bool
parse_printf(Parser *p, OpBuild *b)
{
    if (!at(p, TK_STRING))
        return error_here(p, "expected the format string");
    uint32_t line = p->tok.loc.line;
    const Attr *f = parse_attr(p);
    if (!f)
        return false;
    build_set_attr(p, b, "format", f);
    if (!parse_opt_attr_dict(p, b))
        return false;
    /* older MLIR has no comma before the values: then they start on the format's line
       (a value on the next line is the next op's result) */
    bool comma = accept(p, TK_COMMA);
    Use u[32];
    uint32_t n = 0;
    while (at(p, TK_VALUE) && (comma || n || p->tok.loc.line == line)) {
        if (n == 32)
            return error_here(p, "gpu.printf takes at most 32 values");
        if (!use(p, &u[n++]))
            return false;
        if (!accept(p, TK_COMMA))
            break;
    }
    for (uint32_t i = 0; i < n; i++) {
        TypeId t;
        if ((i == 0 ? !expect(p, TK_COLON, "':'") : !expect(p, TK_COMMA, "','")) ||
            !parse_type(p, &t) || !push(p, b, &u[i], t))
            return false;
    }
    return true;
}

/* nvvm.read.ptx.sreg.<name> attr-dict `:` type (the name already in vptx.sreg) */
static bool
parse_sreg(Parser *p, OpBuild *b)
{
    TypeId t;
    if (at_bare(p, "range")) { /* `range` `<` iN `,` lower `,` upper `>` */
        TypeId rt;
        int64_t lo, hi;
        next(p);
        if (!expect(p, TK_LESS, "'<'") || !parse_type(p, &rt) || !expect(p, TK_COMMA, "','") ||
            !parse_int64(p, &lo) || !expect(p, TK_COMMA, "','") || !parse_int64(p, &hi) ||
            !expect(p, TK_GREATER, "'>'"))
            return false;
        if (!type_is_int(rt))
            return error_here(p, "a special register's range needs an integer type");
        Attr *a = arena_alloc(&p->m->arena, sizeof *a);
        a->kind = ATTR_OPAQUE;
        a->str = arena_printf(&p->m->arena, "#llvm.constant_range<i%u, %lld, %lld>",
                              type_bitwidth(rt), (long long)lo, (long long)hi);
        build_set_attr(p, b, "range", a);
    }
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return true;
}

/* attr-dict only (nvvm.barrier0, the fences) */
static bool
parse_attrs_only(Parser *p, OpBuild *b)
{
    return parse_opt_attr_dict(p, b);
}

static bool
at_llvm_struct(const Parser *p)
{
    return p->tok.kind == TK_BANG && p->tok.n == 11 && memcmp(p->tok.s, "llvm.struct", 11) == 0;
}

/* `!llvm.struct<(T, U)>`, at the `!`: its two field types (the only LLVM struct vptx
 * takes: nvvm.shfl.sync's {return_value_and_is_valid} result, a value and its i1) */
bool
parse_llvm_struct2(Parser *p, TypeId field[2])
{
    Loc loc = p->tok.loc;
    if (!at_llvm_struct(p))
        return error_here(p, "expected '!llvm.struct<(T, i1)>'");
    next(p);
    TypeIdList ts = { 0 };
    if (!expect(p, TK_LESS, "'<'") || !parse_type_list_parens(p, &ts) ||
        !expect(p, TK_GREATER, "'>'"))
        return false;
    if (ts.n != 2)
        return error_at(p, loc,
                        "an LLVM struct of %u fields: vptx takes only the two-field struct "
                        "of nvvm.shfl.sync's return_value_and_is_valid",
                        ts.n);
    field[0] = ts.items[0];
    field[1] = ts.items[1];
    return true;
}

/* shfl ::= kind value-use `,` value-use `,` value-use `,` value-use attr-dict
 *          `:` type `->` (type | `!llvm.struct<(` type `,` `i1` `)>`)
 * With {return_value_and_is_valid} the struct's two fields become the op's two results
 * (the value and the valid bit); `llvm.extractvalue` names them (parse.c). */
static bool
parse_nvvm_shfl(Parser *p, OpBuild *b)
{
    if (!at(p, TK_BARE))
        return error_here(p, "expected the shuffle kind (bfly, up, down or idx)");
    build_set_attr(p, b, "kind", attr_enum(p->m, "nvvm", "shfl_kind", tok_str(p), false));
    next(p);
    Use u[4];
    for (int i = 0; i < 4; i++)
        if ((i && !expect(p, TK_COMMA, "','")) || !use(p, &u[i]))
            return false;
    TypeId t, r;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &t) || !expect(p, TK_ARROW, "'->'"))
        return false;
    if (at_llvm_struct(p)) {
        Loc loc = p->tok.loc;
        TypeId f[2];
        if (!parse_llvm_struct2(p, f))
            return false;
        if (!build_attr(b, "return_value_and_is_valid"))
            return error_at(p, loc,
                            "an LLVM struct result needs {return_value_and_is_valid} (the "
                            "plain shuffle returns the value alone)");
        if (f[0] != t || f[1] != TY_I1)
            return error_at(p, loc,
                            "the struct of a shuffle with return_value_and_is_valid must hold "
                            "the shuffled type and an i1");
        build_push_type(p, b, f[0]);
        build_push_type(p, b, f[1]);
    } else {
        if (!parse_type(p, &r))
            return false;
        build_push_type(p, b, r);
    }
    return push(p, b, &u[0], TY_I32) && push(p, b, &u[1], t) && push(p, b, &u[2], TY_I32) &&
           push(p, b, &u[3], TY_I32);
}

/* The generic form's `(T, T, T, T) -> R` of nvvm.shfl.sync, where R may be the
 * `!llvm.struct<(T, i1)>` of {return_value_and_is_valid} (held as two results, as the
 * custom form's); the operands are already pushed. */
bool
parse_shfl_generic_type(Parser *p, OpBuild *b, Loc args_loc)
{
    TypeId in[4];
    uint32_t n = 0;
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    if (!at(p, TK_RPAREN))
        do {
            if (n == 4)
                return error_here(p, "nvvm.shfl.sync takes 4 operands");
            if (!parse_type(p, &in[n++]))
                return false;
        } while (accept(p, TK_COMMA));
    if (!expect(p, TK_RPAREN, "')'") || !expect(p, TK_ARROW, "'->'"))
        return false;
    if (n != b->args.n)
        return error_at(p, args_loc, "expected %u operand types but had %u", b->args.n, n);
    for (uint32_t i = 0; i < n; i++)
        if (!check_type(p, b->args.items[i], in[i], args_loc))
            return false;
    if (!at_llvm_struct(p)) {
        TypeId r;
        if (!parse_type(p, &r))
            return false;
        build_push_type(p, b, r);
        return true;
    }
    Loc loc = p->tok.loc;
    TypeId f[2];
    if (!parse_llvm_struct2(p, f))
        return false;
    if (!build_attr(b, "return_value_and_is_valid"))
        return error_at(p, loc,
                        "an LLVM struct result needs {return_value_and_is_valid} (the plain "
                        "shuffle returns the value alone)");
    if (n != 4 || f[0] != in[1] || f[1] != TY_I1)
        return error_at(p, loc,
                        "the struct of a shuffle with return_value_and_is_valid must hold the "
                        "shuffled type and an i1");
    build_push_type(p, b, f[0]);
    build_push_type(p, b, f[1]);
    return true;
}

/* extractvalue ::= `llvm.extractvalue` value-use `[` int `]` attr-dict `:` llvm-struct
 * Only of a shuffle's struct: the field is that op's result, so no op is built (parse.c
 * binds the name to the existing value). */
bool
parse_llvm_extractvalue(Parser *p, ValueId *field)
{
    Loc at_op = p->tok.loc;
    next(p);
    Loc uloc = p->tok.loc;
    if (!at(p, TK_VALUE))
        return error_here(p, "expected SSA operand");
    int64_t resno = p->tok.resno;
    ValueId v;
    if (!parse_operand(p, &v))
        return false;
    int64_t pos;
    if (!expect(p, TK_LBRACKET, "'['") || !parse_int64(p, &pos) || !expect(p, TK_RBRACKET, "']'"))
        return false;
    OpBuild ignored = { 0 };
    TypeId f[2];
    if (!parse_opt_attr_dict(p, &ignored) || !expect(p, TK_COLON, "':'") ||
        !parse_llvm_struct2(p, f))
        return false;
    const Value *val = value_get(p->m, v);
    const Op *def = val->def ? op_get(p->m, val->def) : NULL;
    if (!def || def->kind != OP_NVVM_SHFL_SYNC || def->nres != 2 || resno > 0)
        return error_at(p, uloc,
                        "llvm.extractvalue takes only the struct of an nvvm.shfl.sync with "
                        "return_value_and_is_valid");
    if (pos < 0 || pos > 1)
        return error_at(p, at_op, "position %lld is outside the two-field struct", (long long)pos);
    if (value_type(p->m, def->res[0]) != f[0] || f[1] != TY_I1)
        return error_at(p, at_op, "the struct type does not match the shuffle's result");
    *field = def->res[pos];
    return true;
}

/* elect ::= value-use? attr-dict `->` type */
static bool
parse_elect(Parser *p, OpBuild *b)
{
    Use m;
    bool has = at(p, TK_VALUE);
    if (has && !use(p, &m))
        return false;
    TypeId t;
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_ARROW, "'->'") || !parse_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return !has || push(p, b, &m, TY_I32);
}

/* rcp ::= value-use `{` `rounding` `=` kw (`,` `ftz`)? `}` attr-dict `:` type */
static bool
parse_rcp(Parser *p, OpBuild *b)
{
    Use v;
    if (!use(p, &v) || !expect(p, TK_LBRACE, "'{'") || !expect_bare(p, "rounding") ||
        !expect(p, TK_EQUAL, "'='"))
        return false;
    if (!at(p, TK_BARE))
        return error_here(p, "expected a rounding mode");
    build_set_attr(p, b, "rounding",
                   attr_enum(p->m, "nvgpu", "rcp_rounding_mode", tok_str(p), false));
    next(p);
    if (accept(p, TK_COMMA)) {
        if (!expect_bare(p, "ftz"))
            return false;
        build_set_attr(p, b, "ftz", attr_unit(p->m));
    }
    TypeId t;
    if (!expect(p, TK_RBRACE, "'}'") || !parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return push(p, b, &v, t);
}

/* barrier-ref ::= value-use `[` value-use `]` */
static bool
barrier_ref(Parser *p, Use *bar, Use *id)
{
    return use(p, bar) && expect(p, TK_LBRACKET, "'['") && use(p, id) &&
           expect(p, TK_RBRACKET, "']'");
}

/* test.wait ::= barrier-ref `,` value-use attr-dict `:` type `,` type */
static bool
parse_mbarrier_test_wait(Parser *p, OpBuild *b)
{
    Use bar, id, tok;
    TypeId bt, tt;
    if (!barrier_ref(p, &bar, &id) || !expect(p, TK_COMMA, "','") || !use(p, &tok) ||
        !parse_opt_attr_dict(p, b) || !colon_type(p, &bt) || !expect(p, TK_COMMA, "','") ||
        !parse_type(p, &tt))
        return false;
    build_push_type(p, b, TY_I1);
    return push(p, b, &bar, bt) && push(p, b, &tok, tt) && push(p, b, &id, TY_INDEX);
}

/* arrive.nocomplete ::= barrier-ref `,` value-use attr-dict `:` type `->` type */
static bool
parse_mbarrier_nocomplete(Parser *p, OpBuild *b)
{
    Use bar, id, count;
    TypeId bt, tt;
    if (!barrier_ref(p, &bar, &id) || !expect(p, TK_COMMA, "','") || !use(p, &count) ||
        !parse_opt_attr_dict(p, b) || !colon_type(p, &bt) || !expect(p, TK_ARROW, "'->'") ||
        !parse_type(p, &tt))
        return false;
    build_push_type(p, b, tt);
    return push(p, b, &bar, bt) && push(p, b, &id, TY_INDEX) && push(p, b, &count, TY_INDEX);
}

/* ub.poison ::= attr-dict `:` type   (value = #ub.poison is the only value) */
static bool
parse_poison(Parser *p, OpBuild *b)
{
    TypeId t;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    build_push_type(p, b, t);
    return true;
}

/* `[` (int | value-use) list `]` into a static list (dynamic: DIM_DYNAMIC) and uses */
static bool
mixed_list(Parser *p, int64_t *stat, uint32_t *n, Use *dyn, uint32_t *nd, uint32_t cap)
{
    *n = 0;
    if (!expect(p, TK_LBRACKET, "'['"))
        return false;
    if (!at(p, TK_RBRACKET)) {
        do {
            if (*n == cap)
                return error_here(p, "too many entries");
            if (at(p, TK_VALUE)) {
                if (!use(p, &dyn[(*nd)++]))
                    return false;
                stat[(*n)++] = DIM_DYNAMIC;
            } else if (!parse_int64(p, &stat[(*n)++])) {
                return false;
            }
        } while (accept(p, TK_COMMA));
    }
    return expect(p, TK_RBRACKET, "']'");
}

/* reinterpret_cast ::= value-use `to` `offset:` list `,` `sizes:` list `,` `strides:`
 *                      list attr-dict `:` type `to` type */
static bool
parse_reinterpret_cast(Parser *p, OpBuild *b)
{
    enum { CAP = 16 };
    Use src, dyn[3][CAP];
    int64_t st[3][CAP];
    uint32_t n[3], nd[3] = { 0, 0, 0 };
    static const char *const words[] = { "offset", "sizes", "strides" };
    if (!use(p, &src) || !expect_bare(p, "to"))
        return false;
    for (int g = 0; g < 3; g++)
        if ((g && !expect(p, TK_COMMA, "','")) || !expect_bare(p, words[g]) ||
            !expect(p, TK_COLON, "':'") || !mixed_list(p, st[g], &n[g], dyn[g], &nd[g], CAP))
            return false;
    TypeId from, to;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &from) || !expect_bare(p, "to") ||
        !parse_type(p, &to))
        return false;
    build_push_type(p, b, to);
    if (!push(p, b, &src, from))
        return false;
    for (int g = 0; g < 3; g++)
        for (uint32_t i = 0; i < nd[g]; i++)
            if (!push(p, b, &dyn[g][i], TY_INDEX))
                return false;
    static const char *const names[] = { "static_offsets", "static_sizes", "static_strides" };
    for (int g = 0; g < 3; g++)
        build_set_attr(p, b, names[g], attr_dense_array(p->m, TY_I64, st[g], NULL, n[g]));
    int64_t seg[4] = { 1, nd[0], nd[1], nd[2] };
    build_set_segments(p, b, seg, 4);
    return true;
}

/* atomic_rmw ::= kind value-use `,` value-use `[` uses `]` attr-dict
 *                `:` `(` type `,` type `)` `->` type */
static bool
parse_atomic_rmw(Parser *p, OpBuild *b)
{
    const char *k = at(p, TK_BARE) || at(p, TK_STRING) ? tok_str(p) : NULL;
    if (k && *k == '"') { /* older MLIR quotes the kind */
        size_t n = strlen(k);
        char *s = arena_strdup(&p->m->arena, k + 1);
        if (n >= 2)
            s[n - 2] = 0;
        k = s;
    }
    int kind = -1;
    for (int i = 0; k && i < ATOMIC_RMW_COUNT; i++)
        if (strcmp(k, atomic_rmw_kind_names[i]) == 0)
            kind = i;
    if (kind < 0)
        return error_here(p, "expected an atomic kind (addf, addi, maxs, ...)");
    next(p);
    build_set_attr(p, b, "kind", attr_int(p->m, kind, TY_I64));
    Use val, mem, idx[16];
    uint32_t ni = 0;
    if (!use(p, &val) || !expect(p, TK_COMMA, "','") || !use(p, &mem) ||
        !expect(p, TK_LBRACKET, "'['"))
        return false;
    if (!at(p, TK_RBRACKET)) {
        do {
            if (ni == 16 || !use(p, &idx[ni++]))
                return ni == 16 ? error_here(p, "too many indices") : false;
        } while (accept(p, TK_COMMA));
    }
    TypeId vt, mt, rt;
    if (!expect(p, TK_RBRACKET, "']'") || !parse_opt_attr_dict(p, b) ||
        !expect(p, TK_COLON, "':'") || !expect(p, TK_LPAREN, "'('") || !parse_type(p, &vt) ||
        !expect(p, TK_COMMA, "','") || !parse_type(p, &mt) || !expect(p, TK_RPAREN, "')'") ||
        !expect(p, TK_ARROW, "'->'") || !parse_type(p, &rt))
        return false;
    build_push_type(p, b, rt);
    if (!push(p, b, &val, vt) || !push(p, b, &mem, mt))
        return false;
    for (uint32_t i = 0; i < ni; i++)
        if (!push(p, b, &idx[i], TY_INDEX))
            return false;
    return true;
}

/* successor ::= `^name` (`(` value-uses `:` types `)`)?  (operands pushed, name kept) */
static bool
successor(Parser *p, OpBuild *b, const Attr **name, int64_t *nargs)
{
    if (!parse_successor(p, name))
        return false;
    *nargs = 0;
    if (!accept(p, TK_LPAREN))
        return true;
    Use u[32];
    uint32_t n = 0;
    do {
        if (n == 32 || !use(p, &u[n++]))
            return n == 32 ? error_here(p, "too many block arguments") : false;
    } while (accept(p, TK_COMMA));
    if (!expect(p, TK_COLON, "':'"))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        TypeId t;
        if ((i && !expect(p, TK_COMMA, "','")) || !parse_type(p, &t) || !push(p, b, &u[i], t))
            return false;
    }
    *nargs = n;
    return expect(p, TK_RPAREN, "')'");
}

/* cf.br ::= successor attr-dict */
static bool
parse_cf_br(Parser *p, OpBuild *b)
{
    const Attr *name;
    int64_t n;
    if (!successor(p, b, &name, &n))
        return false;
    build_set_attr(p, b, "successor_names", attr_array(p->m, &name, 1));
    return parse_opt_attr_dict(p, b);
}

/* cf.cond_br ::= value-use `,` successor `,` successor attr-dict */
static bool
parse_cf_cond_br(Parser *p, OpBuild *b)
{
    Use c;
    const Attr *names[2];
    int64_t seg[3] = { 1, 0, 0 };
    if (!use(p, &c) || !push(p, b, &c, TY_I1) || !expect(p, TK_COMMA, "','"))
        return false;
    if (at(p, TK_LBRACKET))
        return error_here(p, "branch weights are not supported by vptx: drop them");
    if (!successor(p, b, &names[0], &seg[1]) || !expect(p, TK_COMMA, "','") ||
        !successor(p, b, &names[1], &seg[2]))
        return false;
    build_set_attr(p, b, "successor_names", attr_array(p->m, names, 2));
    build_set_segments(p, b, seg, 3);
    return parse_opt_attr_dict(p, b);
}

/* mask ::= value-use (`,` value-use)? region attr-dict `:` type (`->` types)? */
static bool
parse_vector_mask(Parser *p, OpBuild *b)
{
    Use m, pt;
    bool has_pt = false;
    if (!use(p, &m))
        return false;
    if (accept(p, TK_COMMA)) {
        if (!use(p, &pt))
            return false;
        has_pt = true;
    }
    RegionId r;
    bool saved = p->in_mask;
    p->in_mask = true;
    bool ok = parse_region(p, &r, NULL, 0, false);
    p->in_mask = saved;
    if (!ok)
        return false;
    ARRAY_PUSH(&p->scratch, b->regions, r);
    TypeId mt;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &mt) || !push(p, b, &m, mt))
        return false;
    if (accept(p, TK_ARROW)) {
        bool paren = accept(p, TK_LPAREN);
        do {
            TypeId t;
            if (!parse_type(p, &t))
                return false;
            build_push_type(p, b, t);
        } while (paren && accept(p, TK_COMMA));
        if (paren && !expect(p, TK_RPAREN, "')'"))
            return false;
    }
    if (has_pt && (b->types.n != 1 || !push(p, b, &pt, b->types.items[0])))
        return b->types.n != 1 ? error_at(p, pt.loc, "a passthru needs exactly one result") : false;
    return true;
}

/* `[` value-uses `]` (each of type index), pushed */
static bool
index_uses(Parser *p, OpBuild *b)
{
    if (!expect(p, TK_LBRACKET, "'['"))
        return false;
    if (accept(p, TK_RBRACKET))
        return true;
    do {
        Use u;
        if (!use(p, &u) || !push(p, b, &u, TY_INDEX))
            return false;
    } while (accept(p, TK_COMMA));
    return expect(p, TK_RBRACKET, "']'");
}

/* gather  ::= value-use `[` uses `]` `[` value-use `]` `,` value-use `,` value-use attr-dict
 *             `:` type `,` type `,` type `,` type `into` type
 * scatter ::= the same without `into` type (the last operand is the value stored) */
static bool
parse_gather_scatter(Parser *p, OpBuild *b)
{
    bool gather = b->kind == OP_VGATHER;
    Use base, idx, mask, last;
    if (!use(p, &base))
        return false;
    /* the base's type is checked once the types are read */
    build_push_arg(p, b, base.v);
    if (!index_uses(p, b) || !expect(p, TK_LBRACKET, "'['") || !use(p, &idx) ||
        !expect(p, TK_RBRACKET, "']'") || !expect(p, TK_COMMA, "','") || !use(p, &mask) ||
        !expect(p, TK_COMMA, "','") || !use(p, &last) || !parse_opt_attr_dict(p, b))
        return false;
    TypeId bt, it, mt, lt, rt;
    if (!colon_type(p, &bt) || !check_type(p, base.v, bt, base.loc) ||
        !expect(p, TK_COMMA, "','") || !parse_type(p, &it) || !expect(p, TK_COMMA, "','") ||
        !parse_type(p, &mt) || !expect(p, TK_COMMA, "','") || !parse_type(p, &lt))
        return false;
    if (type_get(p->m, bt)->kind != TY_MEMREF)
        return error_at(p, base.loc,
                        "vptx reads vector.%s from a memref only (bufferize tensors first)",
                        gather ? "gather" : "scatter");
    if (gather) {
        if (!expect_bare(p, "into") || !parse_type(p, &rt))
            return false;
        build_push_type(p, b, rt);
    } else if (at(p, TK_ARROW)) {
        return error_here(p, "vector.scatter into a tensor is not supported by vptx");
    }
    return push(p, b, &idx, it) && push(p, b, &mask, mt) && push(p, b, &last, lt);
}

/* scan ::= kind `,` value-use `,` value-use attr-dict `:` type `,` type */
static bool
parse_scan(Parser *p, OpBuild *b)
{
    const Attr *k = at(p, TK_LESS) ? parse_enum_body(p, "vector", "kind") : parse_attr(p);
    if (!k)
        return false;
    if (k->kind != ATTR_ENUM || strcmp(k->dialect, "vector") != 0 || strcmp(k->name, "kind") != 0)
        return error_here(p, "expected a combining kind");
    build_set_attr(p, b, "kind", k);
    Use src, init;
    TypeId st, it;
    if (!expect(p, TK_COMMA, "','") || !use(p, &src) || !expect(p, TK_COMMA, "','") ||
        !use(p, &init) || !parse_opt_attr_dict(p, b) || !colon_type(p, &st) ||
        !expect(p, TK_COMMA, "','") || !parse_type(p, &it))
        return false;
    build_push_type(p, b, st);
    build_push_type(p, b, it);
    return push(p, b, &src, st) && push(p, b, &init, it);
}

/* `[` value-uses `]` attr-dict `:` (each use an index) */
static bool
indices_attrs_colon(Parser *p, OpBuild *b)
{
    return index_uses(p, b) && parse_opt_attr_dict(p, b) && expect(p, TK_COLON, "':'");
}

/* load ::= value-use `[` uses `]` attr-dict `:` type `->` type */
static bool
parse_mma_load(Parser *p, OpBuild *b)
{
    Use src;
    TypeId mt, rt;
    if (!use(p, &src))
        return false;
    build_push_arg(p, b, src.v);
    if (!indices_attrs_colon(p, b) || !parse_type(p, &mt) || !check_type(p, src.v, mt, src.loc) ||
        !expect(p, TK_ARROW, "'->'") || !parse_type(p, &rt))
        return false;
    build_push_type(p, b, rt);
    return true;
}

/* store ::= value-use `,` value-use `[` uses `]` attr-dict `:` type `,` type */
static bool
parse_mma_store(Parser *p, OpBuild *b)
{
    Use val, dst;
    TypeId vt, mt;
    if (!use(p, &val) || !expect(p, TK_COMMA, "','") || !use(p, &dst))
        return false;
    build_push_arg(p, b, val.v);
    build_push_arg(p, b, dst.v);
    return indices_attrs_colon(p, b) && parse_type(p, &vt) && check_type(p, val.v, vt, val.loc) &&
           expect(p, TK_COMMA, "','") && parse_type(p, &mt) && check_type(p, dst.v, mt, dst.loc);
}

/* compute ::= value-use `,` value-use `,` value-use attr-dict `:` type `,` type `->` type */
static bool
parse_mma_compute(Parser *p, OpBuild *b)
{
    Use a, bb, c;
    TypeId at_, bt, ct;
    if (!use(p, &a) || !expect(p, TK_COMMA, "','") || !use(p, &bb) || !expect(p, TK_COMMA, "','") ||
        !use(p, &c) || !parse_opt_attr_dict(p, b) || !colon_type(p, &at_) ||
        !expect(p, TK_COMMA, "','") || !parse_type(p, &bt) || !expect(p, TK_ARROW, "'->'") ||
        !parse_type(p, &ct))
        return false;
    build_push_type(p, b, ct);
    return push(p, b, &a, at_) && push(p, b, &bb, bt) && push(p, b, &c, ct);
}

/* constant ::= value-use attr-dict `:` type (the matrix) */
static bool
parse_mma_constant(Parser *p, OpBuild *b)
{
    Use v;
    TypeId t;
    if (!use(p, &v) || !parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    build_push_type(p, b, t);
    const Type *ty = type_get(p->m, t);
    return push(p, b, &v, ty->kind == TY_MMA_MATRIX ? ty->elem : 0);
}

/* elementwise ::= op-name value-uses attr-dict `:` `(` types `)` `->` type */
static bool
parse_mma_elementwise(Parser *p, OpBuild *b)
{
    if (!at(p, TK_BARE))
        return error_here(p, "expected an elementwise operation (addf, mulf, maxf, ...)");
    build_set_attr(p, b, "opType", attr_enum(p->m, "gpu", "mma_element_wise", tok_str(p), true));
    next(p);
    Use u[8];
    uint32_t n = 0;
    do {
        if (n == 8 || !use(p, &u[n++]))
            return n == 8 ? error_here(p, "too many operands") : false;
    } while (accept(p, TK_COMMA));
    if (!parse_opt_attr_dict(p, b) || !expect(p, TK_COLON, "':'") || !expect(p, TK_LPAREN, "'('"))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        TypeId t;
        if ((i && !expect(p, TK_COMMA, "','")) || !parse_type(p, &t) || !push(p, b, &u[i], t))
            return false;
    }
    TypeId rt;
    if (!expect(p, TK_RPAREN, "')'") || !expect(p, TK_ARROW, "'->'") || !parse_type(p, &rt))
        return false;
    build_push_type(p, b, rt);
    return true;
}

/* extract ::= value-use `[` uses `]` attr-dict `:` type `->` type
 * insert  ::= value-use `,` value-use `[` uses `]` attr-dict `:` type `,` type `->` type */
static bool
parse_mma_local(Parser *p, OpBuild *b, bool insert)
{
    Use val, m;
    TypeId vt = 0, mt, rt;
    if (insert && (!use(p, &val) || !expect(p, TK_COMMA, "','")))
        return false;
    if (!use(p, &m))
        return false;
    if (insert)
        build_push_arg(p, b, val.v);
    build_push_arg(p, b, m.v);
    if (!indices_attrs_colon(p, b) ||
        (insert && (!parse_type(p, &vt) || !check_type(p, val.v, vt, val.loc) ||
                    !expect(p, TK_COMMA, "','"))) ||
        !parse_type(p, &mt) || !check_type(p, m.v, mt, m.loc) || !expect(p, TK_ARROW, "'->'") ||
        !parse_type(p, &rt))
        return false;
    build_push_type(p, b, rt);
    return true;
}

static bool
parse_mma_extract(Parser *p, OpBuild *b)
{
    return parse_mma_local(p, b, false);
}

static bool
parse_mma_insert(Parser *p, OpBuild *b)
{
    return parse_mma_local(p, b, true);
}

CustomParseFn *
custom_parser_upstream(OpKind k)
{
    static CustomParseFn *const table[OP_COUNT] = {
        [OP_ALL_REDUCE] = parse_all_reduce,
        [OP_GPU_YIELD] = parse_gpu_yield,
        [OP_PRINTF] = parse_printf,
        [OP_NVVM_SREG] = parse_sreg,
        [OP_NVVM_BARRIER0] = parse_attrs_only,
        [OP_NVVM_SHFL_SYNC] = parse_nvvm_shfl,
        [OP_NVVM_ELECT_SYNC] = parse_elect,
        [OP_NVVM_FENCE_PROXY] = parse_attrs_only,
        [OP_NVVM_FENCE_MBARRIER_INIT] = parse_attrs_only,
        [OP_NVVM_FENCE_SC_CLUSTER] = parse_attrs_only,
        [OP_NVVM_CLUSTER_ARRIVE] = parse_attrs_only,
        [OP_NVVM_CLUSTER_ARRIVE_RELAXED] = parse_attrs_only,
        [OP_NVVM_CLUSTER_WAIT] = parse_attrs_only,
        [OP_RCP] = parse_rcp,
        [OP_MBARRIER_TEST_WAIT] = parse_mbarrier_test_wait,
        [OP_MBARRIER_ARRIVE_NOCOMPLETE] = parse_mbarrier_nocomplete,
        [OP_POISON] = parse_poison,
        [OP_REINTERPRET_CAST] = parse_reinterpret_cast,
        [OP_ATOMIC_RMW] = parse_atomic_rmw,
        [OP_CF_BR] = parse_cf_br,
        [OP_CF_COND_BR] = parse_cf_cond_br,
        [OP_VMASK] = parse_vector_mask,
        [OP_VYIELD] = parse_gpu_yield,
        [OP_VGATHER] = parse_gather_scatter,
        [OP_VSCATTER] = parse_gather_scatter,
        [OP_VSCAN] = parse_scan,
        [OP_MMA_LOAD_MATRIX] = parse_mma_load,
        [OP_MMA_STORE_MATRIX] = parse_mma_store,
        [OP_MMA_COMPUTE] = parse_mma_compute,
        [OP_MMA_CONSTANT_MATRIX] = parse_mma_constant,
        [OP_MMA_ELEMENTWISE] = parse_mma_elementwise,
        [OP_MMA_EXTRACT_LOCAL] = parse_mma_extract,
        [OP_MMA_INSERT_LOCAL] = parse_mma_insert,
    };
    return table[k];
}
