/*
 * parse_func.c -- the custom forms of the ops that hold code: builtin.module,
 * gpu.module, func.func and gpu.func, and the top-level module.
 *
 * Attributes follow MLIR's generic form: `sym_name` (a string),
 * `function_type` (a TypeAttr of a function type), `sym_visibility`,
 * `arg_attrs` / `res_attrs` (arrays of dictionaries, present only when some
 * argument has attributes), and for gpu.func `gpu.kernel` (unit),
 * `workgroup_attributions` (i64, always) and `private_attributions` (i64,
 * when there are any).  The entry block of a gpu.func takes the parameters,
 * then the workgroup attributions, then the private attributions.
 */
#include "ir/parser.h"

#include <string.h>

typedef ARRAY(EntryArg) EntryArgList;
typedef ARRAY(const Attr *) AttrList;

static const Attr *
sym_name_attr(Parser *p)
{
    if (p->tok.s[0] == '"') {
        char *s;
        uint32_t n;
        if (!decode_string(p, &p->tok, &s, &n))
            return NULL;
        return attr_string(p->m, s, n);
    }
    return attr_string(p->m, p->tok.s, p->tok.n);
}

static bool
parse_sym_name(Parser *p, OpBuild *b)
{
    if (!at(p, TK_AT))
        return error_here(p, "expected symbol name");
    const Attr *a = sym_name_attr(p);
    if (!a)
        return false;
    build_set_attr(p, b, "sym_name", a);
    next(p);
    return true;
}

/* (`attributes` dictionary)? */
static bool
parse_attributes_keyword(Parser *p, OpBuild *b)
{
    if (!accept_bare(p, "attributes"))
        return true;
    if (!at(p, TK_LBRACE))
        return error_here(p, "expected '{' after 'attributes'");
    return parse_attr_dict_into(p, b);
}

/* module ::= `module` symbol-name? (`attributes` dictionary)? region */
static bool
parse_module(Parser *p, OpBuild *b)
{
    if (at(p, TK_AT) && !parse_sym_name(p, b))
        return false;
    if (!parse_attributes_keyword(p, b))
        return false;
    RegionId r;
    if (!parse_isolated_region(p, &r, NULL, 0))
        return false;
    ARRAY_PUSH(&p->m->arena, b->regions, r);
    return true;
}

/* gpu-module ::= `gpu.module` symbol-name (`[` attribute-list `]`)? (`attributes` dict)? region */
static bool
parse_gpu_module(Parser *p, OpBuild *b)
{
    if (!parse_sym_name(p, b))
        return false;
    if (at(p, TK_LBRACKET)) {
        const Attr *targets = parse_attr(p);
        if (!targets)
            return false;
        build_set_attr(p, b, "targets", targets);
    }
    return parse_attributes_keyword(p, b) && parse_module(p, b);
}

/* The top-level `module { ... }` (custom or generic) becomes m->top itself. */
bool parse_module_into_top(Parser *p);

bool
parse_module_into_top(Parser *p)
{
    Module *m = p->m;
    OpBuild b = { 0 };
    b.kind = OP_MODULE;
    b.loc = p->tok.loc;
    bool generic = at(p, TK_STRING);
    next(p);
    if (generic) {
        if (!expect(p, TK_LPAREN, "'('") || !expect(p, TK_RPAREN, "')'"))
            return false;
        if (accept(p, TK_LESS) && (!parse_attr_dict_into(p, &b) || !expect(p, TK_GREATER, "'>'")))
            return false;
        if (!expect(p, TK_LPAREN, "'('"))
            return false;
        RegionId r;
        if (!parse_isolated_region(p, &r, NULL, 0) || !expect(p, TK_RPAREN, "')'"))
            return false;
        ARRAY_PUSH(&m->arena, b.regions, r);
        TypeId ft;
        if (!parse_opt_attr_dict(p, &b) || !expect(p, TK_COLON, "':'") || !parse_type(p, &ft))
            return false;
        const Type *f = type_get(m, ft);
        if (f->kind != TY_FUNCTION || f->nins || f->nouts)
            return error_at(p, b.loc, "expected '() -> ()' for builtin.module");
    } else if (!parse_module(p, &b)) {
        return false;
    }
    Op *top = op_get(m, m->top);
    top->loc = b.loc;
    top->regions[0] = b.regions.items[0];
    m->regions[b.regions.items[0]].parent = m->top;
    if (region_get(m, top->regions[0])->blocks.n == 0)
        region_append(m, top->regions[0], block_new(m));
    for (uint32_t i = 0; i < b.attrs.n; i++)
        op_set_attr(m, m->top, b.attrs.items[i].name, b.attrs.items[i].value);
    return true;
}

/* ---- function signatures ---- */

typedef struct Signature {
    EntryArgList args; /* named arguments (for the entry block) */
    TypeIdList ins, outs;
    AttrList arg_attrs, res_attrs;
    bool any_arg_attr, any_res_attr;
    bool named; /* the arguments had names (definition, not declaration) */
} Signature;

static bool
parse_opt_dict(Parser *p, AttrList *list, bool *any)
{
    const Attr *d;
    if (at(p, TK_LBRACE)) {
        d = parse_dict_attr(p);
        if (!d)
            return false;
        *any = *any || d->n > 0;
    } else {
        d = attr_dict(p->m, NULL, 0);
    }
    ARRAY_PUSH(&p->m->arena, *list, d);
    return true;
}

static bool
skip_loc(Parser *p)
{
    if (!accept_bare(p, "loc"))
        return true;
    if (!at(p, TK_LPAREN))
        return error_here(p, "expected '('");
    int depth = 0;
    do {
        if (at(p, TK_EOF))
            return error_here(p, "unterminated location");
        depth += at(p, TK_LPAREN) - at(p, TK_RPAREN);
        next(p);
    } while (depth > 0);
    return true;
}

/* argument ::= value-id `:` type dictionary? loc?  |  type dictionary? (declarations) */
static bool
parse_argument(Parser *p, Signature *s, EntryArgList *into, bool with_attrs)
{
    EntryArg a = { 0 };
    a.loc = p->tok.loc;
    if (at(p, TK_VALUE)) {
        if (p->tok.resno >= 0)
            return error_here(p, "expected argument name");
        a.name = p->tok.s;
        a.len = p->tok.n;
        next(p);
        if (!expect(p, TK_COLON, "':'"))
            return false;
        s->named = true;
    } else if (s->named || into != &s->args) {
        return error_here(p, "expected SSA identifier");
    }
    if (!parse_type(p, &a.type))
        return false;
    ARRAY_PUSH(&p->m->arena, *into, a);
    if (with_attrs && !parse_opt_dict(p, &s->arg_attrs, &s->any_arg_attr))
        return false;
    if (!with_attrs && at(p, TK_LBRACE))
        return error_here(p, "attributes are not allowed on attributions");
    return skip_loc(p);
}

/* `(` (argument (`,` argument)*)? `)` */
static bool
parse_arguments(Parser *p, Signature *s, EntryArgList *into, bool with_attrs)
{
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    if (accept(p, TK_RPAREN))
        return true;
    do {
        if (!parse_argument(p, s, into, with_attrs))
            return false;
    } while (accept(p, TK_COMMA));
    return expect(p, TK_RPAREN, "')'");
}

/* results ::= (`->` (type | `(` (type dictionary? (`,` type dictionary?)*)? `)`))? */
static bool
parse_results(Parser *p, Signature *s)
{
    if (!accept(p, TK_ARROW))
        return true;
    bool parens = accept(p, TK_LPAREN);
    if (parens && accept(p, TK_RPAREN))
        return true;
    do {
        TypeId t;
        if (!parse_type(p, &t))
            return false;
        ARRAY_PUSH(&p->m->arena, s->outs, t);
        if (parens && !parse_opt_dict(p, &s->res_attrs, &s->any_res_attr))
            return false;
    } while (parens && accept(p, TK_COMMA));
    return !parens || expect(p, TK_RPAREN, "')'");
}

static void
set_signature_attrs(Parser *p, OpBuild *b, Signature *s)
{
    for (uint32_t i = 0; i < s->args.n; i++)
        ARRAY_PUSH(&p->m->arena, s->ins, s->args.items[i].type);
    build_set_attr(
        p, b, "function_type",
        attr_type(p->m, type_function(p->m, s->ins.n, s->ins.items, s->outs.n, s->outs.items)));
    if (s->any_arg_attr)
        build_set_attr(p, b, "arg_attrs", attr_array(p->m, s->arg_attrs.items, s->arg_attrs.n));
    if (s->any_res_attr)
        build_set_attr(p, b, "res_attrs", attr_array(p->m, s->res_attrs.items, s->res_attrs.n));
}

/* func ::= `func.func` (`private` | `public` | `nested`)? symbol-name `(` arguments `)`
 *          results? (`attributes` dictionary)? region? */
static bool
parse_func(Parser *p, OpBuild *b)
{
    if (at_bare(p, "private") || at_bare(p, "public") || at_bare(p, "nested")) {
        build_set_attr(p, b, "sym_visibility", attr_string(p->m, p->tok.s, p->tok.n));
        next(p);
    }
    Signature s = { 0 };
    if (!parse_sym_name(p, b) || !parse_arguments(p, &s, &s.args, true) || !parse_results(p, &s))
        return false;
    set_signature_attrs(p, b, &s);
    if (!parse_attributes_keyword(p, b))
        return false;
    RegionId r;
    if (at(p, TK_LBRACE)) {
        if (!s.named && s.args.n)
            return error_here(p, "a function with a body needs named arguments");
        p->func_kind = OP_FUNC;
        if (!parse_isolated_region(p, &r, s.args.items, s.args.n))
            return false;
    } else {
        r = region_new(p->m, 0);
    }
    ARRAY_PUSH(&p->m->arena, b->regions, r);
    return true;
}

/* gpu-func ::= `gpu.func` symbol-name `(` arguments `)` results?
 *              (`workgroup` `(` arguments `)`)? (`private` `(` arguments `)`)?
 *              `kernel`? (`attributes` dictionary)? region */
static bool
parse_gpu_func(Parser *p, OpBuild *b)
{
    Signature s = { 0 };
    EntryArgList wg = { 0 }, priv = { 0 };
    if (!parse_sym_name(p, b) || !parse_arguments(p, &s, &s.args, true) || !parse_results(p, &s))
        return false;
    Signature dummy = { .named = true };
    if (accept_bare(p, "workgroup") && !parse_arguments(p, &dummy, &wg, false))
        return false;
    if (accept_bare(p, "private") && !parse_arguments(p, &dummy, &priv, false))
        return false;
    if (accept_bare(p, "kernel"))
        build_set_attr(p, b, "gpu.kernel", attr_unit(p->m));
    set_signature_attrs(p, b, &s);
    build_set_attr(p, b, "workgroup_attributions", attr_int(p->m, wg.n, TY_I64));
    if (priv.n)
        build_set_attr(p, b, "private_attributions", attr_int(p->m, priv.n, TY_I64));
    if (!parse_attributes_keyword(p, b))
        return false;
    for (uint32_t i = 0; i < wg.n; i++)
        ARRAY_PUSH(&p->m->arena, s.args, wg.items[i]);
    for (uint32_t i = 0; i < priv.n; i++)
        ARRAY_PUSH(&p->m->arena, s.args, priv.items[i]);
    p->func_kind = OP_GPU_FUNC;
    RegionId r;
    if (!parse_isolated_region(p, &r, s.args.items, s.args.n))
        return false;
    ARRAY_PUSH(&p->m->arena, b->regions, r);
    return true;
}

CustomParseFn *custom_parser_func(OpKind k);

CustomParseFn *
custom_parser_func(OpKind k)
{
    switch (k) {
    case OP_MODULE:
        return parse_module;
    case OP_GPU_MODULE:
        return parse_gpu_module;
    case OP_FUNC:
        return parse_func;
    case OP_GPU_FUNC:
        return parse_gpu_func;
    default:
        return NULL;
    }
}
