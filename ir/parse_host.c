/*
 * parse_host.c -- custom forms of the host-side ops of an upstream-style
 * program (what runs on the CPU and launches kernels): gpu.launch_func,
 * gpu.launch and gpu.terminator, gpu.alloc / dealloc / memcpy / memset /
 * wait / host_register / host_unregister, memref.cast / dealloc / copy and
 * vector.print, spelled as MLIR's assembly formats spell them.
 *
 * The gpu ops that may run asynchronously share one prefix,
 *
 *   async-deps ::= (`async`)? (`[` value-use-list `]`)?
 *
 * where `async` gives the op a !gpu.async.token result (after its other
 * results) and the list names the tokens it waits for (its first operands).
 * vptx runs every host op in program order, so a token only orders what
 * already is ordered (eval/eval_host.c).
 */
#include "ir/parser.h"

#include <string.h>

typedef ARRAY(EntryArg) EntryArgList;

static TypeId
token_type(Parser *p)
{
    return type_intern(p->m, &(Type){ .kind = TY_GPU_TOKEN });
}

/* async-deps: pushes the dependencies; *is_async when `async` was there */
static bool
parse_async(Parser *p, OpBuild *b, bool *is_async, uint32_t *ndeps)
{
    *is_async = accept_bare(p, "async");
    *ndeps = 0;
    if (!at(p, TK_LBRACKET))
        return true;
    next(p);
    if (!at(p, TK_RBRACKET)) {
        do {
            ValueId v;
            if (!parse_operand_typed(p, &v, token_type(p)))
                return false;
            build_push_arg(p, b, v);
            (*ndeps)++;
        } while (accept(p, TK_COMMA));
    }
    return expect(p, TK_RBRACKET, "']'");
}

static bool
colon_type(Parser *p, TypeId *t)
{
    return expect(p, TK_COLON, "':'") && parse_type(p, t);
}

/* value-use `:` type, checked against the use's type */
static bool
typed_use(Parser *p, OpBuild *b, ValueId *out)
{
    Loc loc = p->tok.loc;
    ValueId v;
    TypeId t;
    if (!parse_operand(p, &v) || !colon_type(p, &t) || !check_type(p, v, t, loc))
        return false;
    build_push_arg(p, b, v);
    if (out)
        *out = v;
    return true;
}

/* `(` v `,` v `,` v `)`: three launch sizes; their type is checked by the caller */
static bool
parse_three(Parser *p, OpBuild *b, ValueId out[3])
{
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    for (int i = 0; i < 3; i++) {
        if ((i && !expect(p, TK_COMMA, "','")) || !parse_operand(p, &out[i]))
            return false;
        build_push_arg(p, b, out[i]);
    }
    return expect(p, TK_RPAREN, "')'");
}

/*
 * launch-func ::= `gpu.launch_func` async-deps (`<` value-use `:` type `>`)? symbol-ref
 *                 (`clusters` `in` `(` v `,` v `,` v `)`)?
 *                 `blocks` `in` `(` v `,` v `,` v `)` `threads` `in` `(` v `,` v `,` v `)`
 *                 (`:` type)? (`dynamic_shared_memory_size` value-use)?
 *                 (`args` `(` (value-use `:` type (`,` value-use `:` type)*)? `)`)? attr-dict
 */
static bool
parse_launch_func(Parser *p, OpBuild *b)
{
    bool is_async;
    uint32_t ndeps;
    if (!parse_async(p, b, &is_async, &ndeps))
        return false;
    ValueId object = 0;
    if (accept(p, TK_LESS)) {
        TypeId t;
        Loc loc = p->tok.loc;
        if (!parse_operand(p, &object) || !colon_type(p, &t) || !check_type(p, object, t, loc) ||
            !expect(p, TK_GREATER, "'>'"))
            return false;
    }
    Loc kloc = p->tok.loc;
    if (!at(p, TK_AT))
        return error_here(p, "expected the kernel's symbol, @module::@kernel");
    const Attr *kernel = parse_attr(p);
    if (!kernel)
        return false;
    if (kernel->kind != ATTR_SYMBOL)
        return error_at(p, kloc, "expected the kernel's symbol, @module::@kernel");
    build_set_attr(p, b, "kernel", kernel);
    ValueId dims[9];
    uint32_t nclusters = 0;
    if (accept_bare(p, "clusters")) {
        if (!expect_bare(p, "in") || !parse_three(p, b, dims + 6))
            return false;
        nclusters = 1;
    }
    if (!expect_bare(p, "blocks") || !expect_bare(p, "in") || !parse_three(p, b, dims) ||
        !expect_bare(p, "threads") || !expect_bare(p, "in") || !parse_three(p, b, dims + 3))
        return false;
    /* clusters were parsed first but come after the blocks and threads as operands */
    if (nclusters) {
        ValueId *a = b->args.items + ndeps;
        ValueId c[3] = { a[0], a[1], a[2] };
        memmove(a, a + 3, 6 * sizeof *a);
        memcpy(a + 6, c, sizeof c);
    }
    TypeId dim_type = TY_INDEX;
    Loc tloc = p->tok.loc;
    if (accept(p, TK_COLON) && !parse_type(p, &dim_type))
        return false;
    for (uint32_t i = 0; i < 6 + 3 * nclusters; i++)
        if (value_type(p->m, b->args.items[ndeps + i]) != dim_type)
            return error_at(p, tloc, "the grid, block and cluster sizes must all have type %s",
                            type_is_scalar(dim_type) ? scalar_type_name(dim_type) : "index");
    uint32_t nsmem = 0, nargs = 0;
    if (accept_bare(p, "dynamic_shared_memory_size")) {
        ValueId v;
        if (!parse_operand_typed(p, &v, TY_I32))
            return false;
        build_push_arg(p, b, v);
        nsmem = 1;
    }
    if (accept_bare(p, "args")) {
        if (!expect(p, TK_LPAREN, "'('"))
            return false;
        if (!at(p, TK_RPAREN)) {
            do {
                if (!typed_use(p, b, NULL))
                    return false;
                nargs++;
            } while (accept(p, TK_COMMA));
        }
        if (!expect(p, TK_RPAREN, "')'"))
            return false;
    }
    if (object)
        build_push_arg(p, b, object);
    if (is_async)
        build_push_type(p, b, token_type(p));
    int64_t c = nclusters;
    build_set_segments(
        p, b, (int64_t[]){ ndeps, 1, 1, 1, 1, 1, 1, c, c, c, nsmem, nargs, object != 0 }, 13);
    return parse_opt_attr_dict(p, b);
}

/* `(` %id `,` %id `,` %id `)` `in` `(` %id `=` v `,` ... `)`: three region arguments
 * (ids), three more (the sizes' names) and the three sizes as operands */
static bool
parse_launch_dims(Parser *p, OpBuild *b, EntryArg *ids, EntryArg *sizes)
{
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    for (int i = 0; i < 3; i++) {
        if (i && !expect(p, TK_COMMA, "','"))
            return false;
        if (!at(p, TK_VALUE) || p->tok.resno >= 0)
            return error_here(p, "expected a name for the id");
        ids[i] = (EntryArg){ p->tok.s, p->tok.n, TY_INDEX, p->tok.loc };
        next(p);
    }
    if (!expect(p, TK_RPAREN, "')'") || !expect_bare(p, "in") || !expect(p, TK_LPAREN, "'('"))
        return false;
    for (int i = 0; i < 3; i++) {
        if (i && !expect(p, TK_COMMA, "','"))
            return false;
        if (!at(p, TK_VALUE) || p->tok.resno >= 0)
            return error_here(p, "expected a name for the size");
        sizes[i] = (EntryArg){ p->tok.s, p->tok.n, TY_INDEX, p->tok.loc };
        next(p);
        ValueId v;
        if (!expect(p, TK_EQUAL, "'='") || !parse_operand_typed(p, &v, TY_INDEX))
            return false;
        build_push_arg(p, b, v);
    }
    return expect(p, TK_RPAREN, "')'");
}

/* `(` (%id `:` type (`,` %id `:` type)*)? `)`: attributions of a gpu.launch */
static bool
parse_attributions(Parser *p, EntryArgList *list, uint32_t *n)
{
    if (!expect(p, TK_LPAREN, "'('"))
        return false;
    *n = 0;
    if (!at(p, TK_RPAREN)) {
        do {
            if (!at(p, TK_VALUE) || p->tok.resno >= 0)
                return error_here(p, "expected an attribution name");
            EntryArg a = { p->tok.s, p->tok.n, 0, p->tok.loc };
            next(p);
            if (!colon_type(p, &a.type))
                return false;
            ARRAY_PUSH(&p->m->arena, *list, a);
            (*n)++;
        } while (accept(p, TK_COMMA));
    }
    return expect(p, TK_RPAREN, "')'");
}

/*
 * launch ::= `gpu.launch` async-deps
 *            (`clusters` `(` ids `)` `in` `(` sizes `)`)?
 *            `blocks` `(` ids `)` `in` `(` sizes `)` `threads` `(` ids `)` `in` `(` sizes `)`
 *            (`dynamic_shared_memory_size` value-use)?
 *            (`module` `(` symbol `)`)? (`function` `(` symbol `)`)?
 *            (`workgroup` `(` attributions `)`)? (`private` `(` attributions `)`)?
 *            region attr-dict
 * The region's arguments: block ids, thread ids, grid sizes, block sizes (x, y, z each),
 * then with clusters the cluster ids and sizes, then the attributions.
 */
static bool
parse_launch(Parser *p, OpBuild *b)
{
    bool is_async;
    uint32_t ndeps;
    if (!parse_async(p, b, &is_async, &ndeps))
        return false;
    EntryArg args[18];
    uint32_t nargs = 12, c = 0;
    if (accept_bare(p, "clusters")) {
        if (!parse_launch_dims(p, b, args + 12, args + 15))
            return false;
        nargs = 18;
        c = 1;
    }
    if (!expect_bare(p, "blocks") || !parse_launch_dims(p, b, args, args + 6) ||
        !expect_bare(p, "threads") || !parse_launch_dims(p, b, args + 3, args + 9))
        return false;
    if (c) { /* operands: grid, block, then cluster sizes */
        ValueId *a = b->args.items + ndeps;
        ValueId cl[3] = { a[0], a[1], a[2] };
        memmove(a, a + 3, 6 * sizeof *a);
        memcpy(a + 6, cl, sizeof cl);
    }
    uint32_t nsmem = 0;
    if (accept_bare(p, "dynamic_shared_memory_size")) {
        ValueId v;
        if (!parse_operand_typed(p, &v, TY_I32))
            return false;
        build_push_arg(p, b, v);
        nsmem = 1;
    }
    static const char *const names[2][2] = { { "module", "kernelModule" },
                                             { "function", "kernelFunc" } };
    for (int k = 0; k < 2; k++)
        if (accept_bare(p, names[k][0])) {
            Loc loc = p->tok.loc;
            const Attr *s = NULL;
            if (!expect(p, TK_LPAREN, "'('") || !(s = parse_attr(p)))
                return false;
            if (s->kind != ATTR_SYMBOL)
                return error_at(p, loc, "expected a symbol name");
            if (!expect(p, TK_RPAREN, "')'"))
                return false;
            build_set_attr(p, b, names[k][1], s);
        }
    EntryArgList all = { 0 };
    for (uint32_t i = 0; i < nargs; i++)
        ARRAY_PUSH(&p->m->arena, all, args[i]);
    uint32_t nwg = 0, npriv = 0;
    if (accept_bare(p, "workgroup") && !parse_attributions(p, &all, &nwg))
        return false;
    if (accept_bare(p, "private") && !parse_attributions(p, &all, &npriv))
        return false;
    if (nwg)
        build_set_attr(p, b, "workgroup_attributions", attr_int(p->m, nwg, TY_I64));
    RegionId r;
    if (!parse_region(p, &r, all.items, all.n, false))
        return false;
    ARRAY_PUSH(&p->m->arena, b->regions, r);
    if (is_async)
        build_push_type(p, b, token_type(p));
    build_set_segments(p, b, (int64_t[]){ ndeps, 1, 1, 1, 1, 1, 1, c, c, c, nsmem }, 11);
    return parse_opt_attr_dict(p, b);
}

/* terminator ::= `gpu.terminator` attr-dict;  wait ::= `gpu.wait` async-deps attr-dict */
static bool
parse_wait(Parser *p, OpBuild *b)
{
    bool is_async = false;
    uint32_t ndeps;
    if (b->kind == OP_GPU_WAIT && !parse_async(p, b, &is_async, &ndeps))
        return false;
    if (is_async)
        build_push_type(p, b, token_type(p));
    return parse_opt_attr_dict(p, b);
}

/* host-register ::= `gpu.host_register` value-use attr-dict `:` type
 * (gpu.host_unregister, memref.dealloc the same) */
static bool
parse_one_memref(Parser *p, OpBuild *b)
{
    Loc loc = p->tok.loc;
    ValueId v;
    TypeId t;
    if (!parse_operand(p, &v) || !parse_opt_attr_dict(p, b) || !colon_type(p, &t) ||
        !check_type(p, v, t, loc))
        return false;
    build_push_arg(p, b, v);
    return true;
}

/* alloc ::= `gpu.alloc` async-deps `host_shared`? `(` index-uses `)` (`[` index-uses `]`)?
 *           attr-dict `:` memref-type */
static bool
parse_gpu_alloc(Parser *p, OpBuild *b)
{
    bool is_async;
    uint32_t ndeps, ndyn = 0, nsym = 0;
    if (!parse_async(p, b, &is_async, &ndeps))
        return false;
    if (accept_bare(p, "host_shared"))
        build_set_attr(p, b, "hostShared", attr_unit(p->m));
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
    if (accept(p, TK_LBRACKET)) {
        do {
            ValueId v;
            if (!parse_operand_typed(p, &v, TY_INDEX))
                return false;
            build_push_arg(p, b, v);
            nsym++;
        } while (accept(p, TK_COMMA));
        if (!expect(p, TK_RBRACKET, "']'"))
            return false;
    }
    Loc loc = p->tok.loc;
    TypeId t;
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &t))
        return false;
    if (!type_is_memref(p->m, t))
        return error_at(p, loc, "expected a memref type");
    build_push_type(p, b, t);
    if (is_async)
        build_push_type(p, b, token_type(p));
    build_set_segments(p, b, (int64_t[]){ ndeps, ndyn, nsym }, 3);
    return true;
}

/* dealloc ::= `gpu.dealloc` async-deps value-use attr-dict `:` type */
static bool
parse_gpu_dealloc(Parser *p, OpBuild *b)
{
    bool is_async;
    uint32_t ndeps;
    if (!parse_async(p, b, &is_async, &ndeps) || !parse_one_memref(p, b))
        return false;
    if (is_async)
        build_push_type(p, b, token_type(p));
    return true;
}

/* memcpy ::= `gpu.memcpy` async-deps value-use `,` value-use `:` type `,` type attr-dict
 * (gpu.memset the same, with the value to store second) */
static bool
parse_memcpy(Parser *p, OpBuild *b)
{
    bool is_async;
    uint32_t ndeps;
    if (!parse_async(p, b, &is_async, &ndeps))
        return false;
    Loc l0 = p->tok.loc, l1;
    ValueId x, y;
    TypeId tx, ty;
    if (!parse_operand(p, &x) || !expect(p, TK_COMMA, "','"))
        return false;
    l1 = p->tok.loc;
    if (!parse_operand(p, &y) || !colon_type(p, &tx) || !expect(p, TK_COMMA, "','") ||
        !parse_type(p, &ty) || !check_type(p, x, tx, l0) || !check_type(p, y, ty, l1))
        return false;
    build_push_arg(p, b, x);
    build_push_arg(p, b, y);
    if (is_async)
        build_push_type(p, b, token_type(p));
    return parse_opt_attr_dict(p, b);
}

/* cast ::= `memref.cast` value-use attr-dict `:` type `to` type
 * copy ::= `memref.copy` value-use `,` value-use attr-dict `:` type `to` type */
static bool
parse_cast_or_copy(Parser *p, OpBuild *b)
{
    bool copy = b->kind == OP_MEMREF_COPY;
    Loc l0 = p->tok.loc, l1 = l0;
    ValueId x, y = 0;
    TypeId from, to;
    if (!parse_operand(p, &x))
        return false;
    if (copy) {
        if (!expect(p, TK_COMMA, "','"))
            return false;
        l1 = p->tok.loc;
        if (!parse_operand(p, &y))
            return false;
    }
    if (!parse_opt_attr_dict(p, b) || !colon_type(p, &from) || !expect_bare(p, "to") ||
        !parse_type(p, &to) || !check_type(p, x, from, l0) || (copy && !check_type(p, y, to, l1)))
        return false;
    build_push_arg(p, b, x);
    if (copy)
        build_push_arg(p, b, y);
    else
        build_push_type(p, b, to);
    return true;
}

/* print ::= `vector.print` (value-use `:` type)?
 *           (`punctuation` `<` name `>` | `str` string-literal)* attr-dict
 * punctuation: no_punctuation, newline (the default), comma, open, close */
static bool
parse_print(Parser *p, OpBuild *b)
{
    if (at(p, TK_VALUE) && !typed_use(p, b, NULL))
        return false;
    for (;;) {
        if (accept_bare(p, "punctuation")) {
            static const char *const names[] = { "no_punctuation", "newline", "comma", "open",
                                                 "close" };
            if (!expect(p, TK_LESS, "'<'"))
                return false;
            Loc loc = p->tok.loc;
            const char *which = NULL;
            for (size_t i = 0; at(p, TK_BARE) && i < sizeof names / sizeof names[0]; i++)
                if (tok_is(&p->tok, names[i]))
                    which = names[i];
            if (!which)
                return error_at(p, loc,
                                "expected a punctuation: no_punctuation, newline, comma, open or "
                                "close");
            next(p);
            if (!expect(p, TK_GREATER, "'>'"))
                return false;
            build_set_attr(p, b, "punctuation",
                           attr_enum(p->m, "vector", "punctuation", which, false));
        } else if (accept_bare(p, "str")) {
            char *s;
            uint32_t n;
            if (!at(p, TK_STRING))
                return error_here(p, "expected a string literal");
            if (!decode_string(p, &p->tok, &s, &n))
                return false;
            next(p);
            build_set_attr(p, b, "stringLiteral", attr_string(p->m, s, n));
        } else {
            break;
        }
    }
    return parse_opt_attr_dict(p, b);
}

CustomParseFn *
custom_parser_host(OpKind k)
{
    static CustomParseFn *const table[OP_COUNT] = {
        [OP_LAUNCH_FUNC] = parse_launch_func,  [OP_LAUNCH] = parse_launch,
        [OP_GPU_TERMINATOR] = parse_wait,      [OP_GPU_WAIT] = parse_wait,
        [OP_HOST_REGISTER] = parse_one_memref, [OP_HOST_UNREGISTER] = parse_one_memref,
        [OP_DEALLOC] = parse_one_memref,       [OP_GPU_ALLOC] = parse_gpu_alloc,
        [OP_GPU_DEALLOC] = parse_gpu_dealloc,  [OP_GPU_MEMCPY] = parse_memcpy,
        [OP_GPU_MEMSET] = parse_memcpy,        [OP_MEMREF_CAST] = parse_cast_or_copy,
        [OP_MEMREF_COPY] = parse_cast_or_copy, [OP_PRINT] = parse_print,
    };
    return table[k];
}
