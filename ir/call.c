/*
 * call.c -- kernels and device functions, symbol lookup of callees, and inlining.
 *
 * Which functions are kernels, as upstream MLIR's GPU lowering reads a module:
 *   - a `gpu.func` marked `kernel` (the attribute gpu.kernel);
 *   - a `func.func` with {gpu.kernel} or {nvvm.kernel};
 *   - in a module with neither mark anywhere (vptx's plain func-only kernels), a
 *     `func.func` with a body that no function calls.
 * Every other function with a body is a device function; a function without a body
 * is a declaration.  Device functions become PTX `.func`s (ptxgen), or are inlined
 * into their callers where the callers are vector-level code (module_inline_calls),
 * since layouts and distribution work within one function.
 *
 * Requires:    a parsed module (callee symbols are looked up here; the verifier
 *              checks that they resolve and that operand and result types match).
 * Ensures:     module_func_roles: one role per op; module_inline_calls: no func.call
 *              to a function with a body is left, the device functions are gone, and
 *              each inlined body keeps its source locations.
 * Invalidates: module_inline_calls rewrites blocks: uses computed before are stale.
 */
#include "ir/ir.h"

#include <stdlib.h>
#include <string.h>

static const char *
sym_of(const Module *m, OpId f)
{
    const Attr *a = op_attr(m, f, "sym_name");
    return a && a->kind == ATTR_STRING ? a->str : NULL;
}

/* The callee's name: the last part of @a::@b (kept as "a::@b"). */
const char *
call_callee_name(const Module *m, OpId call)
{
    const Attr *a = op_attr(m, call, "callee");
    if (!a || a->kind != ATTR_SYMBOL || !a->str)
        return NULL;
    const char *s = strrchr(a->str, '@');
    return s ? s + 1 : a->str;
}

bool
func_has_body(const Module *m, OpId f)
{
    const Op *op = op_get(m, f);
    return op->nregions > 0 && op->regions[0] && region_get(m, op->regions[0])->blocks.n > 0;
}

bool
func_marked_kernel(const Module *m, OpId f)
{
    const Op *op = op_get(m, f);
    if (op->kind == OP_GPU_FUNC)
        return op_attr(m, f, "gpu.kernel") || op_attr(m, f, "kernel");
    return op->kind == OP_FUNC && (op_attr(m, f, "gpu.kernel") || op_attr(m, f, "nvvm.kernel"));
}

static bool
index_visit(Module *m, OpId o, void *ctx)
{
    SymTab *t = ctx;
    if (!(op_info[op_get(m, o)->kind].traits & T_FUNC) || !sym_of(m, o))
        return true;
    OpId table = op_get(m, o)->parent ? block_parent_op(m, op_get(m, o)->parent) : 0;
    if (table && (op_info[op_get(m, table)->kind].traits & T_CONTAINER))
        symtab_add(t, table, OP_FUNC, sym_of(m, o), o);
    symtab_add(t, 0, OP_FUNC, sym_of(m, o), o);
    return true;
}

void
module_index_funcs(Module *m, SymTab *funcs)
{
    module_walk(m, m->top, index_visit, funcs);
}

/* The function named `name` in the nearest symbol table around `from` (a module or
 * gpu.module), else anywhere in m; 0 when there is none.  From the index funcs
 * (module_index_funcs), or from one built for this lookup when funcs is NULL: a scan
 * per call made a module of many kernels that call functions quadratic (issue 29). */
OpId
module_find_func(Module *m, const SymTab *funcs, OpId from, const char *name)
{
    if (!name)
        return 0;
    SymTab own = { 0 };
    if (!funcs) {
        module_index_funcs(m, &own);
        funcs = &own;
    }
    OpId found = 0;
    for (BlockId b = op_get(m, from)->parent; b && !found;
         b = op_get(m, block_parent_op(m, b))->parent) {
        OpId table = block_parent_op(m, b);
        if (!table)
            break;
        if (op_info[op_get(m, table)->kind].traits & T_CONTAINER)
            found = symtab_find(funcs, table, OP_FUNC, name);
    }
    if (!found)
        found = symtab_find(funcs, 0, OP_FUNC, name);
    symtab_free(&own);
    return found;
}

typedef struct RoleScan {
    OpIdList funcs;
    bool marks;
    const char **called; /* names of callees, sorted later */
    uint32_t ncalled, capcalled;
} RoleScan;

static bool
role_visit(Module *m, OpId o, void *ctx)
{
    RoleScan *s = ctx;
    const Op *op = op_get(m, o);
    if (op_info[op->kind].traits & T_FUNC) {
        ARRAY_PUSH(&m->arena, s->funcs, o);
        s->marks = s->marks || func_marked_kernel(m, o);
    } else if (op->kind == OP_CALL && call_callee_name(m, o)) {
        if (s->ncalled == s->capcalled) {
            s->capcalled = s->capcalled ? 2 * s->capcalled : 16;
            s->called = ir_realloc(s->called, s->capcalled * sizeof *s->called);
        }
        s->called[s->ncalled++] = call_callee_name(m, o);
    }
    return true;
}

static int
compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

uint8_t *
module_func_roles(Module *m)
{
    RoleScan s = { 0 };
    module_walk(m, m->top, role_visit, &s);
    if (s.ncalled)
        qsort(s.called, s.ncalled, sizeof *s.called, compare_names);
    uint8_t *role = ir_calloc(m->nops + 1, 1);
    for (uint32_t i = 0; i < s.funcs.n; i++) {
        OpId f = s.funcs.items[i];
        const char *name = sym_of(m, f);
        bool called = name && s.ncalled &&
                      bsearch(&name, s.called, s.ncalled, sizeof *s.called, compare_names);
        if (!func_has_body(m, f))
            role[f] = FUNC_DECL;
        else if (func_marked_kernel(m, f))
            role[f] = FUNC_KERNEL;
        else if (op_get(m, f)->kind == OP_FUNC && !s.marks && !called)
            role[f] = FUNC_KERNEL;
        else
            role[f] = FUNC_DEVICE;
    }
    ir_free(s.called);
    return role;
}

bool
func_is_kernel(Module *m, OpId f)
{
    uint8_t *role = module_func_roles(m);
    bool k = role[f] == FUNC_KERNEL;
    ir_free(role);
    return k;
}

/* ---- inlining ---- */

typedef struct Inliner {
    Module *m;
    Diag *d;
    ValueId *map; /* callee value -> caller value, for the body being copied */
    uint32_t nmap;
    OpId stack[64]; /* callees being inlined, outermost first */
    uint32_t depth;
    bool failed;
    SymTab funcs; /* module_index_funcs, built once */
} Inliner;

static ValueId
mapped(Inliner *in, ValueId v)
{
    return v < in->nmap && in->map[v] ? in->map[v] : v;
}

static void
map_set(Inliner *in, ValueId from, ValueId to)
{
    if (from >= in->nmap) {
        uint32_t n = in->nmap ? in->nmap : 64;
        while (n <= from)
            n *= 2;
        in->map = ir_realloc(in->map, n * sizeof *in->map);
        memset(in->map + in->nmap, 0, (n - in->nmap) * sizeof *in->map);
        in->nmap = n;
    }
    in->map[from] = to;
}

static void clone_block_into(Inliner *in, BlockId src, BlockId dst);

/* A copy of op src (operands mapped, results recorded in the map), regions included. */
static OpId
clone_op(Inliner *in, OpId src)
{
    Module *m = in->m;
    uint32_t na = op_get(m, src)->nargs, nr = op_get(m, src)->nres;
    uint32_t ng = op_get(m, src)->nregions;
    ValueId *args = ir_calloc(na + 1, sizeof *args);
    TypeId *types = ir_calloc(nr + 1, sizeof *types);
    for (uint32_t i = 0; i < na; i++)
        args[i] = mapped(in, op_get(m, src)->args[i]);
    for (uint32_t i = 0; i < nr; i++)
        types[i] = value_type(m, op_get(m, src)->res[i]);
    OpId o = op_new(m, op_get(m, src)->kind, op_get(m, src)->loc, na, args, nr, types, ng);
    ir_free(args);
    ir_free(types);
    for (uint32_t i = 0; i < op_get(m, src)->nattrs; i++)
        op_set_attr(m, o, op_get(m, src)->attrs[i].name, op_get(m, src)->attrs[i].value);
    for (uint32_t i = 0; i < nr; i++) {
        map_set(in, op_get(m, src)->res[i], op_get(m, o)->res[i]);
        value_get(m, op_get(m, o)->res[i])->name = value_get(m, op_get(m, src)->res[i])->name;
    }
    for (uint32_t g = 0; g < ng; g++) {
        RegionId sr = op_get(m, src)->regions[g];
        RegionId r = region_new(m, o);
        op_get(m, o)->regions[g] = r;
        if (!sr)
            continue;
        for (uint32_t k = 0; k < region_get(m, sr)->blocks.n; k++) {
            BlockId sb = region_get(m, sr)->blocks.items[k], b = block_new(m);
            region_append(m, r, b);
            for (uint32_t a = 0; a < block_get(m, sb)->args.n; a++) {
                ValueId v = block_get(m, sb)->args.items[a];
                map_set(in, v,
                        block_add_arg(m, b, value_type(m, v), value_get(m, v)->loc,
                                      value_get(m, v)->name));
            }
        }
        for (uint32_t k = 0; k < region_get(m, sr)->blocks.n; k++)
            clone_block_into(in, region_get(m, sr)->blocks.items[k],
                             region_get(m, r)->blocks.items[k]);
    }
    return o;
}

static void
clone_block_into(Inliner *in, BlockId src, BlockId dst)
{
    for (uint32_t i = 0; i < block_get(in->m, src)->ops.n; i++)
        block_append(in->m, dst, clone_op(in, block_get(in->m, src)->ops.items[i]));
}

static bool inline_block(Inliner *in, BlockId b);

/* Appends to `out` a copy of the callee's body for call site `call` (its return
 * becomes *rets, n values). */
static bool
expand_call(Inliner *in, OpId call, OpId callee, OpIdList *out, ValueId *rets)
{
    Module *m = in->m;
    for (uint32_t i = 0; i < in->depth; i++)
        if (in->stack[i] == callee) {
            diag_error(in->d, op_get(m, call)->loc,
                       "'func.call' of @%s is recursive: vptx inlines calls in vector-level "
                       "code and cannot inline recursion (make it a loop)",
                       sym_of(m, callee));
            return false;
        }
    if (in->depth == sizeof in->stack / sizeof in->stack[0]) {
        diag_error(in->d, op_get(m, call)->loc,
                   "'func.call' of @%s is %u calls deep: vptx inlines at most %u levels",
                   sym_of(m, callee), in->depth + 1, in->depth);
        return false;
    }
    BlockId body = op_entry_block(m, callee, 0);
    if (region_get(m, op_get(m, callee)->regions[0])->blocks.n != 1) {
        diag_error(in->d, op_get(m, call)->loc,
                   "'func.call' of @%s, which has several blocks: vptx inlines only "
                   "single-block functions into vector-level code",
                   sym_of(m, callee));
        return false;
    }
    const Block *bb = block_get(m, body);
    for (uint32_t a = 0; a < bb->args.n && a < op_get(m, call)->nargs; a++)
        map_set(in, bb->args.items[a], op_get(m, call)->args[a]);
    /* a scratch block holds the copy, which is inlined in turn */
    BlockId tmp = block_new(m);
    for (uint32_t i = 0; i < block_get(m, body)->ops.n; i++) {
        OpId s = block_get(m, body)->ops.items[i];
        if (op_get(m, s)->kind == OP_RETURN) {
            for (uint32_t r = 0; r < op_get(m, s)->nargs; r++)
                rets[r] = mapped(in, op_get(m, s)->args[r]);
            continue;
        }
        block_append(m, tmp, clone_op(in, s));
    }
    in->stack[in->depth++] = callee;
    bool ok = inline_block(in, tmp);
    in->depth--;
    for (uint32_t i = 0; i < block_get(m, tmp)->ops.n; i++)
        ARRAY_PUSH(&m->arena, *out, block_get(m, tmp)->ops.items[i]);
    return ok;
}

/* Inlines every call in b (and in the regions of its ops). */
static bool
inline_block(Inliner *in, BlockId b)
{
    Module *m = in->m;
    OpIdList out = { 0 };
    bool any = false, ok = true;
    for (uint32_t i = 0; i < block_get(m, b)->ops.n && ok; i++) {
        OpId o = block_get(m, b)->ops.items[i];
        for (uint32_t g = 0; g < op_get(m, o)->nregions && ok; g++) {
            RegionId r = op_get(m, o)->regions[g];
            for (uint32_t k = 0; r && k < region_get(m, r)->blocks.n && ok; k++)
                ok = inline_block(in, region_get(m, r)->blocks.items[k]);
        }
        OpId callee = op_get(m, o)->kind == OP_CALL
                          ? module_find_func(m, &in->funcs, o, call_callee_name(m, o))
                          : 0;
        if (!callee || !func_has_body(m, callee)) {
            ARRAY_PUSH(&m->arena, out, o);
            continue;
        }
        uint32_t nr = op_get(m, o)->nres;
        ValueId *rets = ir_calloc(nr + 1, sizeof *rets);
        ok = expand_call(in, o, callee, &out, rets);
        /* later uses of the call's results: in the ops after it in b and below them (b
           may be a scratch block with no op around it yet) */
        for (uint32_t j = i + 1; ok && nr && j < block_get(m, b)->ops.n; j++) {
            OpId later = block_get(m, b)->ops.items[j];
            op_replace_uses(m, later, op_get(m, o)->res, rets, nr);
            module_replace_uses(m, later, op_get(m, o)->res, rets, nr);
        }
        ir_free(rets);
        any = true;
    }
    if (ok && any) {
        Block *bl = block_get(m, b);
        bl->ops.n = 0;
        for (uint32_t i = 0; i < out.n; i++)
            block_append(m, b, out.items[i]);
    }
    return ok;
}

/* Removes the device functions (role, as before inlining: once inlined, nothing calls
   them, and in a module without kernel marks they would read as kernels). */
static void
drop_device_functions(Module *m, const uint8_t *role)
{
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    for (uint32_t i = 0; i < funcs.n; i++) {
        OpId f = funcs.items[i];
        if (role[f] != FUNC_DEVICE)
            continue;
        Block *p = block_get(m, op_get(m, f)->parent);
        uint32_t k = 0;
        for (uint32_t j = 0; j < p->ops.n; j++)
            if (p->ops.items[j] != f)
                p->ops.items[k++] = p->ops.items[j];
        p->ops.n = k;
    }
}

bool
module_inline_calls(Module *m, Diag *d)
{
    uint8_t *role = module_func_roles(m);
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    Inliner in = { .m = m, .d = d };
    module_index_funcs(m, &in.funcs);
    bool ok = true;
    for (uint32_t i = 0; i < funcs.n && ok; i++) {
        OpId f = funcs.items[i];
        if (role[f] != FUNC_KERNEL)
            continue;
        in.depth = 0;
        in.stack[in.depth++] = f;
        BlockId entry = op_entry_block(m, f, 0);
        ok = !entry || inline_block(&in, entry);
    }
    ir_free(in.map);
    symtab_free(&in.funcs);
    if (ok)
        drop_device_functions(m, role);
    ir_free(role);
    return ok;
}

bool
module_has_calls(Module *m)
{
    RoleScan s = { 0 };
    module_walk(m, m->top, role_visit, &s);
    ir_free(s.called);
    return s.ncalled > 0;
}
