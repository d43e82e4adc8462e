/*
 * host_outline.c -- the module of a program with host code, split into what
 * the host runs and what the device runs.
 *
 * Outlining follows upstream's gpu-kernel-outlining: a gpu.launch in a host
 * function @f becomes
 *
 *   gpu.module @f_kernel {
 *     gpu.func @f_kernel(captured values...) kernel attributes {known_block_size = ...} {
 *       %bx = gpu.block_id x ... (the ids and sizes the body uses)
 *       ... the body, gpu.terminator -> gpu.return
 *     }
 *   }
 *   ... gpu.launch_func @f_kernel::@f_kernel blocks in (...) threads in (...) args(captured...)
 *
 * Captured values are the values the body uses but does not define, in the
 * order of their first use; arith.constants among them are copied into the
 * kernel instead.  Names already taken get a suffix _0, _1, ...; a launch
 * with `module(@m) function(@k)` takes those names.  Constant block (grid)
 * sizes become the kernel's known_block_size (known_grid_size).
 */
#include "driver/host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static BlockId
top_block(const Module *m)
{
    return op_entry_block(m, m->top, 0);
}

static const char *
sym_of(const Module *m, OpId o)
{
    const Attr *a = op_attr(m, o, "sym_name");
    return a && a->kind == ATTR_STRING ? a->str : NULL;
}

/* The top-level func.func named `name`, or 0. */
static OpId
top_func(const Module *m, const char *name)
{
    BlockId b = top_block(m);
    for (uint32_t i = 0; b && name && i < block_get(m, b)->ops.n; i++) {
        OpId o = block_get(m, b)->ops.items[i];
        const char *s = sym_of(m, o);
        if (op_get(m, o)->kind == OP_FUNC && s && strcmp(s, name) == 0)
            return o;
    }
    return 0;
}

static bool
find_host_op(Module *m, OpId o, void *ctx)
{
    switch (op_get(m, o)->kind) {
    case OP_LAUNCH_FUNC:
    case OP_LAUNCH:
    case OP_HOST_REGISTER:
    case OP_HOST_UNREGISTER:
    case OP_GPU_ALLOC:
    case OP_GPU_DEALLOC:
    case OP_GPU_MEMCPY:
    case OP_GPU_MEMSET:
    case OP_GPU_WAIT:
    case OP_PRINT:
        *(bool *)ctx = true;
        return false;
    case OP_CALL: {
        const Attr *c = op_attr(m, o, "callee");
        OpId f = c && c->kind == ATTR_SYMBOL ? top_func(m, c->str) : 0;
        if (f && !op_entry_block(m, f, 0)) {
            *(bool *)ctx = true;
            return false;
        }
        return true;
    }
    default:
        return true;
    }
}

bool
host_has_code(Module *m)
{
    BlockId b = top_block(m);
    bool found = false;
    for (uint32_t i = 0; b && !found && i < block_get(m, b)->ops.n; i++) {
        OpId o = block_get(m, b)->ops.items[i];
        if (op_get(m, o)->kind == OP_FUNC)
            module_walk(m, o, find_host_op, &found);
    }
    return found;
}

/* ------------------------------------------------------------- names */

static bool
name_taken(const Module *m, const char *name)
{
    BlockId b = top_block(m);
    for (uint32_t i = 0; b && i < block_get(m, b)->ops.n; i++) {
        OpId o = block_get(m, b)->ops.items[i];
        const char *s = sym_of(m, o);
        if (s && strcmp(s, name) == 0)
            return true;
        BlockId g = op_get(m, o)->kind == OP_GPU_MODULE ? op_entry_block(m, o, 0) : 0;
        for (uint32_t k = 0; g && k < block_get(m, g)->ops.n; k++) {
            const char *t = sym_of(m, block_get(m, g)->ops.items[k]);
            if (t && strcmp(t, name) == 0)
                return true; /* one PTX module holds every kernel: names must differ */
        }
    }
    return false;
}

/* `base`, or base_0, base_1, ... if taken */
static const char *
unique_name(Module *m, const char *base)
{
    if (!name_taken(m, base))
        return arena_strdup(&m->arena, base);
    for (unsigned k = 0;; k++) {
        char *s = arena_printf(&m->arena, "%s_%u", base, k);
        if (!name_taken(m, s))
            return s;
    }
}

/* ----------------------------------------------------------- cloning */

typedef struct Cloner {
    Module *m;
    ValueId *map; /* old value -> its copy, for the values that existed before cloning */
    uint32_t nmap;
} Cloner;

static ValueId
mapped(const Cloner *c, ValueId v)
{
    return v < c->nmap && c->map[v] ? c->map[v] : v;
}

/* A copy of op o (its regions too) with its operands mapped; its results are mapped to
 * the copy's. */
static OpId
clone_op(Cloner *c, OpId o)
{
    Module *m = c->m;
    uint32_t nargs = op_get(m, o)->nargs, nres = op_get(m, o)->nres;
    uint32_t nreg = op_get(m, o)->nregions;
    ValueId *args = ir_malloc((nargs + 1) * sizeof *args);
    TypeId *types = ir_malloc((nres + 1) * sizeof *types);
    for (uint32_t i = 0; i < nargs; i++)
        args[i] = mapped(c, op_get(m, o)->args[i]);
    for (uint32_t i = 0; i < nres; i++)
        types[i] = value_type(m, op_get(m, o)->res[i]);
    OpId n = op_new(m, op_get(m, o)->kind, op_get(m, o)->loc, nargs, args, nres, types, nreg);
    ir_free(args);
    ir_free(types);
    for (uint32_t i = 0; i < op_get(m, o)->nattrs; i++)
        op_set_attr(m, n, op_get(m, o)->attrs[i].name, op_get(m, o)->attrs[i].value);
    for (uint32_t i = 0; i < nres; i++) {
        ValueId old = op_get(m, o)->res[i];
        if (old < c->nmap)
            c->map[old] = op_get(m, n)->res[i];
        value_get(m, op_get(m, n)->res[i])->name = value_get(m, old)->name;
    }
    for (uint32_t ri = 0; ri < nreg; ri++) {
        RegionId src = op_get(m, o)->regions[ri];
        RegionId dst = region_new(m, n);
        op_get(m, n)->regions[ri] = dst;
        for (uint32_t bi = 0; src && bi < region_get(m, src)->blocks.n; bi++) {
            BlockId b = region_get(m, src)->blocks.items[bi];
            BlockId nb = block_new(m);
            region_append(m, dst, nb);
            for (uint32_t k = 0; k < block_get(m, b)->args.n; k++) {
                ValueId a = block_get(m, b)->args.items[k];
                ValueId na = block_add_arg(m, nb, value_type(m, a), value_get(m, a)->loc,
                                           value_get(m, a)->name);
                if (a < c->nmap)
                    c->map[a] = na;
            }
            for (uint32_t k = 0; k < block_get(m, b)->ops.n; k++)
                block_append(m, nb, clone_op(c, block_get(m, b)->ops.items[k]));
        }
    }
    return n;
}

/* Operand v of a cloned op defined by an op cloned after it (a block listed later that
 * dominates an earlier one): mapped now that every op has its copy. */
static bool
remap_visit(Module *m, OpId o, void *ctx)
{
    const Cloner *c = ctx;
    for (uint32_t i = 0; i < op_get(m, o)->nargs; i++)
        op_get(m, o)->args[i] = mapped(c, op_get(m, o)->args[i]);
    return true;
}

/* The blocks of a gpu.launch body (region src) into the kernel's region dst, whose entry
 * block is already made: the entry's ops go there, each further block gets a new block
 * (its arguments first, so that branches and later uses find them); gpu.terminator
 * becomes gpu.return. Block order is kept, so cf.br's successor indices still hold. */
static void
clone_body(Cloner *c, RegionId src, RegionId dst, BlockId entry)
{
    Module *m = c->m;
    uint32_t nb = region_get(m, src)->blocks.n;
    BlockId *to = ir_malloc((nb + 1) * sizeof *to);
    to[0] = entry;
    for (uint32_t bi = 1; bi < nb; bi++) {
        BlockId b = region_get(m, src)->blocks.items[bi];
        to[bi] = block_new(m);
        region_append(m, dst, to[bi]);
        for (uint32_t k = 0; k < block_get(m, b)->args.n; k++) {
            ValueId a = block_get(m, b)->args.items[k];
            c->map[a] = block_add_arg(m, to[bi], value_type(m, a), value_get(m, a)->loc,
                                      value_get(m, a)->name);
        }
    }
    for (uint32_t bi = 0; bi < nb; bi++) {
        BlockId b = region_get(m, src)->blocks.items[bi];
        for (uint32_t k = 0; k < block_get(m, b)->ops.n; k++) {
            OpId o = block_get(m, b)->ops.items[k];
            OpId n = op_get(m, o)->kind == OP_GPU_TERMINATOR
                         ? op_new(m, OP_GPU_RETURN, op_get(m, o)->loc, 0, NULL, 0, NULL, 0)
                         : clone_op(c, o);
            block_append(m, to[bi], n);
        }
    }
    if (nb > 1)
        for (uint32_t bi = 0; bi < nb; bi++)
            for (uint32_t k = 0; k < block_get(m, to[bi])->ops.n; k++)
                module_walk(m, block_get(m, to[bi])->ops.items[k], remap_visit, c);
    ir_free(to);
}

/* ---------------------------------------------------------- outlining */

typedef ARRAY(ValueId) ValueList;

typedef struct Captures {
    OpId launch;
    ValueList values; /* passed to the kernel */
    ValueList sunk;   /* arith.constants copied into it */
} Captures;

static void
add_once(Module *m, ValueList *l, ValueId v)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->items[i] == v)
            return;
    ARRAY_PUSH(&m->arena, *l, v);
}

static bool
capture_visit(Module *m, OpId o, void *ctx)
{
    Captures *c = ctx;
    for (uint32_t i = 0; i < op_get(m, o)->nargs; i++) {
        ValueId v = op_get(m, o)->args[i];
        if (!value_defined_outside(m, v, c->launch))
            continue;
        OpId d = value_get(m, v)->def;
        bool constant = d && op_get(m, d)->kind == OP_CONSTANT;
        add_once(m, constant ? &c->sunk : &c->values, v);
    }
    return true;
}

/* The constant value of index v, if an arith.constant defines it. */
static bool
constant_index(const Module *m, ValueId v, int64_t *out)
{
    OpId d = value_get(m, v)->def;
    const Attr *a = d && op_get(m, d)->kind == OP_CONSTANT ? op_attr(m, d, "value") : NULL;
    if (!a || a->kind != ATTR_INT)
        return false;
    *out = a->i;
    return true;
}

/* known_block_size / known_grid_size from three constant operands */
static void
known_sizes(Module *m, OpId f, const ValueId *dims, const char *name)
{
    int64_t v[3];
    for (int i = 0; i < 3; i++)
        if (!constant_index(m, dims[i], &v[i]) || v[i] < 1 || v[i] > INT32_MAX)
            return;
    op_set_attr(m, f, name, attr_dense_array(m, TY_I32, v, NULL, 3));
}

static const char *
symbol_attr(const Module *m, OpId o, const char *name)
{
    const Attr *a = op_attr(m, o, name);
    return a && a->kind == ATTR_SYMBOL && a->str && !strstr(a->str, "::") ? a->str : NULL;
}

/* The gpu.func of launch L (in host function `host`), in a new gpu.module at the end of
 * the top-level module; its name in *name. */
static OpId
make_kernel(Module *m, OpId host, OpId L, const Captures *cap, Cloner *cl, const char **name,
            Diag *d)
{
    const char *fname = symbol_attr(m, L, "kernelFunc");
    const char *base = fname ? fname : arena_printf(&m->arena, "%s_kernel", sym_of(m, host));
    *name = unique_name(m, base);
    Loc loc = op_get(m, L)->loc;
    BlockId body = op_entry_block(m, L, 0);
    int64_t seg[11] = { 0 };
    const Attr *sa = op_attr(m, L, "operandSegmentSizes");
    for (uint32_t i = 0; sa && sa->ints && i < sa->n && i < 11; i++)
        seg[i] = sa->ints[i];
    uint32_t nids = seg[7] ? 18 : 12, nbody = block_get(m, body)->args.n;
    const Attr *wa = op_attr(m, L, "workgroup_attributions");
    int64_t nwg = wa && wa->kind == ATTR_INT ? wa->i : 0;

    TypeId *ins = ir_malloc((cap->values.n + 1) * sizeof *ins);
    for (uint32_t i = 0; i < cap->values.n; i++)
        ins[i] = value_type(m, cap->values.items[i]);
    OpId f = op_new(m, OP_GPU_FUNC, loc, 0, NULL, 0, NULL, 1);
    op_set_attr(m, f, "sym_name", attr_string(m, *name, (uint32_t)strlen(*name)));
    op_set_attr(m, f, "function_type", attr_type(m, type_function(m, cap->values.n, ins, 0, NULL)));
    ir_free(ins);
    op_set_attr(m, f, "gpu.kernel", attr_unit(m));
    op_set_attr(m, f, "workgroup_attributions", attr_int(m, nwg, TY_I64));
    if (nbody > nids + (uint32_t)nwg)
        op_set_attr(m, f, "private_attributions", attr_int(m, nbody - nids - nwg, TY_I64));
    const ValueId *opnds = op_get(m, L)->args + seg[0];
    known_sizes(m, f, opnds + 3, "known_block_size");
    known_sizes(m, f, opnds, "known_grid_size");
    RegionId r = region_new(m, f);
    op_get(m, f)->regions[0] = r;
    BlockId entry = block_new(m);
    region_append(m, r, entry);
    for (uint32_t i = 0; i < cap->values.n; i++) {
        ValueId v = cap->values.items[i];
        cl->map[v] =
            block_add_arg(m, entry, value_type(m, v), value_get(m, v)->loc, value_get(m, v)->name);
    }
    for (uint32_t i = nids; i < nbody; i++) { /* the attributions */
        ValueId v = block_get(m, body)->args.items[i];
        cl->map[v] =
            block_add_arg(m, entry, value_type(m, v), value_get(m, v)->loc, value_get(m, v)->name);
    }
    /* the ids and sizes the body uses */
    static const OpKind id_ops[4] = { OP_BLOCK_ID, OP_THREAD_ID, OP_GRID_DIM, OP_BLOCK_DIM };
    static const char *const dims[3] = { "x", "y", "z" };
    for (uint32_t i = 0; i < nids; i++) {
        ValueId v = block_get(m, body)->args.items[i];
        if (value_used_only_by(m, L, v, 0, UINT32_MAX))
            continue;
        if (i >= 12) {
            diag_error(d, value_get(m, v)->loc,
                       "a gpu.launch body that uses its cluster ids or sizes cannot be outlined "
                       "yet: give the kernel as a gpu.func and launch it with gpu.launch_func");
            return 0;
        }
        TypeId ti = TY_INDEX;
        OpId id = op_new(m, id_ops[i / 3], value_get(m, v)->loc, 0, NULL, 1, &ti, 0);
        op_set_attr(m, id, "dimension", attr_enum(m, "gpu", "dim", dims[i % 3], true));
        value_get(m, op_get(m, id)->res[0])->name = value_get(m, v)->name;
        block_append(m, entry, id);
        cl->map[v] = op_get(m, id)->res[0];
    }
    for (uint32_t i = 0; i < cap->sunk.n; i++)
        block_append(m, entry, clone_op(cl, value_get(m, cap->sunk.items[i])->def));
    clone_body(cl, op_get(m, L)->regions[0], r, entry);
    const char *mname = symbol_attr(m, L, "kernelModule");
    const char *gname = mname && !name_taken(m, mname) ? mname : *name;
    OpId g = op_new(m, OP_GPU_MODULE, loc, 0, NULL, 0, NULL, 1);
    op_set_attr(m, g, "sym_name", attr_string(m, gname, (uint32_t)strlen(gname)));
    RegionId gr = region_new(m, g);
    op_get(m, g)->regions[0] = gr;
    BlockId gb = block_new(m);
    region_append(m, gr, gb);
    block_append(m, gb, f);
    block_append(m, top_block(m), g);
    *name = arena_printf(&m->arena, "%s::@%s", gname, *name);
    return f;
}

/* Replaces gpu.launch L (in host function `host`) by a kernel and its gpu.launch_func. */
static bool
outline_one(Module *m, OpId host, OpId L, Diag *d)
{
    Captures cap = { L, { 0 }, { 0 } };
    module_walk(m, L, capture_visit, &cap);
    Cloner cl = { m, ir_calloc(m->nvalues + 1, sizeof(ValueId)), m->nvalues + 1 };
    const char *ref;
    OpId f = make_kernel(m, host, L, &cap, &cl, &ref, d);
    ir_free(cl.map);
    if (!f)
        return false;
    /* the launch: its own operands (deps, sizes, shared memory), then the captures */
    uint32_t nown = op_get(m, L)->nargs, n = nown + cap.values.n;
    ValueId *args = ir_malloc((n + 1) * sizeof *args);
    memcpy(args, op_get(m, L)->args, nown * sizeof *args);
    memcpy(args + nown, cap.values.items, cap.values.n * sizeof *args);
    TypeId tok = 0;
    uint32_t nres = op_get(m, L)->nres;
    if (nres)
        tok = value_type(m, op_get(m, L)->res[0]);
    OpId lf = op_new(m, OP_LAUNCH_FUNC, op_get(m, L)->loc, n, args, nres, &tok, 0);
    ir_free(args);
    op_set_attr(m, lf, "kernel", attr_symbol(m, ref));
    int64_t seg[13] = { 0 };
    const Attr *sa = op_attr(m, L, "operandSegmentSizes");
    for (uint32_t i = 0; sa && sa->ints && i < sa->n && i < 11; i++)
        seg[i] = sa->ints[i];
    seg[11] = cap.values.n;
    op_set_attr(m, lf, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, 13));
    BlockId b = op_get(m, L)->parent;
    for (uint32_t i = 0; i < block_get(m, b)->ops.n; i++)
        if (block_get(m, b)->ops.items[i] == L) {
            block_get(m, b)->ops.items[i] = lf;
            op_get(m, lf)->parent = b;
        }
    if (nres) {
        ValueId from = op_get(m, L)->res[0], to = op_get(m, lf)->res[0];
        module_replace_uses(m, m->top, &from, &to, 1);
    }
    return true;
}

static bool
collect_launches(Module *m, OpId o, void *ctx)
{
    if (op_get(m, o)->kind == OP_LAUNCH)
        ARRAY_PUSH(&m->arena, *(OpIdList *)ctx, o);
    return true;
}

bool
host_outline(Module *m, Diag *d)
{
    OpIdList hosts = { 0 };
    BlockId b = top_block(m);
    for (uint32_t i = 0; b && i < block_get(m, b)->ops.n; i++)
        if (op_get(m, block_get(m, b)->ops.items[i])->kind == OP_FUNC)
            ARRAY_PUSH(&m->arena, hosts, block_get(m, b)->ops.items[i]);
    bool ok = true;
    for (uint32_t h = 0; ok && h < hosts.n; h++) {
        OpIdList launches = { 0 };
        module_walk(m, hosts.items[h], collect_launches, &launches);
        for (uint32_t i = 0; ok && i < launches.n; i++)
            ok = outline_one(m, hosts.items[h], launches.items[i], d);
    }
    return ok;
}

void
host_strip(Module *m)
{
    BlockId b = top_block(m);
    if (!b)
        return;
    Block *blk = block_get(m, b);
    uint32_t k = 0;
    for (uint32_t i = 0; i < blk->ops.n; i++)
        if (op_get(m, blk->ops.items[i])->kind != OP_FUNC)
            blk->ops.items[k++] = blk->ops.items[i];
    blk->ops.n = k;
}

bool
host_prepare(Module *m, Diag *d)
{
    if (!host_has_code(m))
        return true;
    if (!host_outline(m, d))
        return false;
    host_strip(m);
    return true;
}
