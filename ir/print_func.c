/*
 * print_func.c -- the custom forms of builtin.module, gpu.module, func.func
 * and gpu.func: symbol, signature with argument names and attributes,
 * workgroup/private attributions, `kernel`, `attributes {...}`, body.
 * The attributes these show are elided from `attributes {...}`.
 */
#include "ir/printer.h"

#include <string.h>

static const char *const module_elided[] = { "sym_name", "targets" };
static const char *const func_elided[] = { "sym_name", "function_type", "sym_visibility",
                                           "arg_attrs", "res_attrs" };
static const char *const gpu_func_elided[] = {
    "sym_name",   "function_type",          "arg_attrs",           "res_attrs",
    "gpu.kernel", "workgroup_attributions", "private_attributions"
};

static void
pr_sym_name(Printer *p, const Attr *name)
{
    pr(p, " ");
    pr_attr(p, &(Attr){ .kind = ATTR_SYMBOL, .str = name->str });
}

static bool
sym_ok(const Attr *a)
{
    return a && a->kind == ATTR_STRING && strlen(a->str) == a->len && a->len > 0;
}

static void
pr_body(Printer *p, RegionId r, bool in_func)
{
    bool saved = p->in_func;
    p->in_func = in_func;
    pr(p, " ");
    pr_region(p, r, false, false);
    p->in_func = saved;
}

/* module ::= `module` symbol? (`attributes` dict)? region
 * gpu-module ::= `gpu.module` symbol (`[` targets `]`)? (`attributes` dict)? region */
static bool
print_module(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    const Attr *sym = op_attr(p->m, o, "sym_name");
    const Attr *targets = op_attr(p->m, o, "targets");
    bool gpu = op->kind == OP_GPU_MODULE;
    if (op->nargs || op->nres || op->nregions != 1 || !op->regions[0] || (sym && !sym_ok(sym)) ||
        (gpu && !sym) || (targets && (!gpu || targets->kind != ATTR_ARRAY)))
        return false;
    const Region *r = region_get(p->m, op->regions[0]);
    if (r->blocks.n && block_get(p->m, r->blocks.items[0])->args.n)
        return false;
    pr(p, gpu ? "gpu.module" : "module");
    if (sym)
        pr_sym_name(p, sym);
    if (targets) {
        pr(p, " ");
        pr_attr(p, targets);
    }
    pr_attr_dict_keyword(p, o, module_elided, 2);
    pr_body(p, op->regions[0], false);
    return true;
}

typedef struct FuncInfo {
    const Type *ft;
    const Attr *arg_attrs, *res_attrs;
    const Block *entry; /* NULL for a declaration */
} FuncInfo;

static bool
dict_list_ok(const Attr *a, uint32_t n)
{
    if (!a)
        return true;
    if (a->kind != ATTR_ARRAY || a->n != n)
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (a->items[i]->kind != ATTR_DICT)
            return false;
    return true;
}

static bool
func_info(Printer *p, OpId o, FuncInfo *fi)
{
    const Op *op = op_get(p->m, o);
    const Attr *ft = op_attr(p->m, o, "function_type");
    if (op->nargs || op->nres || op->nregions != 1 || !op->regions[0] ||
        !sym_ok(op_attr(p->m, o, "sym_name")) || !ft || ft->kind != ATTR_TYPE ||
        type_get(p->m, ft->type)->kind != TY_FUNCTION)
        return false;
    fi->ft = type_get(p->m, ft->type);
    fi->arg_attrs = op_attr(p->m, o, "arg_attrs");
    fi->res_attrs = op_attr(p->m, o, "res_attrs");
    if (!dict_list_ok(fi->arg_attrs, fi->ft->nins) || !dict_list_ok(fi->res_attrs, fi->ft->nouts))
        return false;
    const Region *r = region_get(p->m, op->regions[0]);
    fi->entry = r->blocks.n ? block_get(p->m, r->blocks.items[0]) : NULL;
    if (fi->entry) {
        if (fi->entry->args.n < fi->ft->nins)
            return false;
        for (uint32_t i = 0; i < fi->ft->nins; i++)
            if (value_type(p->m, fi->entry->args.items[i]) != fi->ft->ins[i])
                return false;
    }
    return true;
}

static void
pr_arg_dict(Printer *p, const Attr *list, uint32_t i)
{
    if (list && list->items[i]->n) {
        pr(p, " ");
        pr_attr(p, list->items[i]);
    }
}

/* (value-id `:`)? type dict? for the parameters */
static void
pr_params(Printer *p, const FuncInfo *fi)
{
    pr(p, "(");
    for (uint32_t i = 0; i < fi->ft->nins; i++) {
        if (i)
            pr(p, ", ");
        if (fi->entry) {
            pr_value(p, fi->entry->args.items[i]);
            pr(p, ": ");
        }
        pr_type(p, fi->ft->ins[i]);
        pr_arg_dict(p, fi->arg_attrs, i);
    }
    pr(p, ")");
}

static void
pr_func_results(Printer *p, const FuncInfo *fi)
{
    uint32_t n = fi->ft->nouts;
    if (!n)
        return;
    bool any_attr = false;
    for (uint32_t i = 0; fi->res_attrs && i < n; i++)
        any_attr = any_attr || fi->res_attrs->items[i]->n;
    bool parens = n > 1 || any_attr || type_get(p->m, fi->ft->outs[0])->kind == TY_FUNCTION;
    pr(p, parens ? " -> (" : " -> ");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            pr(p, ", ");
        pr_type(p, fi->ft->outs[i]);
        pr_arg_dict(p, fi->res_attrs, i);
    }
    if (parens)
        pr(p, ")");
}

/* func ::= `func.func` visibility? symbol `(` params `)` results? (`attributes` dict)? region? */
static bool
print_func(Printer *p, OpId o)
{
    FuncInfo fi;
    const Attr *vis = op_attr(p->m, o, "sym_visibility");
    if (!func_info(p, o, &fi) || (fi.entry && fi.entry->args.n != fi.ft->nins))
        return false;
    if (vis &&
        (vis->kind != ATTR_STRING ||
         (strcmp(vis->str, "private") && strcmp(vis->str, "public") && strcmp(vis->str, "nested"))))
        return false;
    pr(p, "func.func");
    if (vis)
        fprintf(p->out, " %s", vis->str);
    pr_sym_name(p, op_attr(p->m, o, "sym_name"));
    pr_params(p, &fi);
    pr_func_results(p, &fi);
    pr_attr_dict_keyword(p, o, func_elided, 5);
    if (fi.entry)
        pr_body(p, op_get(p->m, o)->regions[0], true);
    return true;
}

static void
pr_attributions(Printer *p, const char *kw, const Block *entry, uint32_t from, uint32_t n)
{
    if (!n)
        return;
    fprintf(p->out, " %s(", kw);
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            pr(p, ", ");
        pr_value(p, entry->args.items[from + i]);
        pr(p, ": ");
        pr_type(p, value_type(p->m, entry->args.items[from + i]));
    }
    pr(p, ")");
}

/* gpu-func ::= `gpu.func` symbol `(` params `)` results? (`workgroup` `(` args `)`)?
 *              (`private` `(` args `)`)? `kernel`? (`attributes` dict)? region */
static bool
print_gpu_func(Printer *p, OpId o)
{
    FuncInfo fi;
    const Attr *wg = op_attr(p->m, o, "workgroup_attributions");
    const Attr *pv = op_attr(p->m, o, "private_attributions");
    const Attr *kernel = op_attr(p->m, o, "gpu.kernel");
    if (!func_info(p, o, &fi) || !fi.entry || (wg && wg->kind != ATTR_INT) ||
        (pv && pv->kind != ATTR_INT) || (kernel && kernel->kind != ATTR_UNIT))
        return false;
    int64_t nwg = wg ? wg->i : 0, rest = (int64_t)fi.entry->args.n - fi.ft->nins;
    int64_t npv = pv ? pv->i : rest - nwg;
    if (nwg < 0 || npv < 0 || nwg + npv != rest)
        return false;
    pr(p, "gpu.func");
    pr_sym_name(p, op_attr(p->m, o, "sym_name"));
    pr_params(p, &fi);
    pr_func_results(p, &fi);
    pr_attributions(p, "workgroup", fi.entry, fi.ft->nins, (uint32_t)nwg);
    pr_attributions(p, "private", fi.entry, fi.ft->nins + (uint32_t)nwg, (uint32_t)npv);
    if (kernel)
        pr(p, " kernel");
    pr_attr_dict_keyword(p, o, gpu_func_elided, 7);
    pr_body(p, op_get(p->m, o)->regions[0], false);
    return true;
}

bool print_func_like(Printer *p, OpId o);

bool
print_func_like(Printer *p, OpId o)
{
    switch (op_get(p->m, o)->kind) {
    case OP_FUNC:
        return print_func(p, o);
    case OP_GPU_FUNC:
        return print_gpu_func(p, o);
    default:
        return print_module(p, o);
    }
}
