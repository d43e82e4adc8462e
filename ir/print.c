/*
 * print.c -- the IR as MLIR text: custom op forms (print_ops.c), the generic
 * form for anything a custom form cannot express, types, attributes and affine
 * maps.  Float encodings (ir_float_*) are in float.c.
 *
 * Output is deterministic and parses back to the same IR:
 *   print(parse(print(parse(x)))) == print(parse(x)).
 * Value names: within one isolated scope (a function or module), a value
 * whose source name (Value.name) is unique keeps it; repeated names get a
 * `_N` suffix; unnamed values are numbered %0, %1, ... in definition order.
 * An op with several results prints them as one group `%r:2` (uses `%r#1`)
 * when they share one name or are all unnamed, else one name each.
 * Attribute dictionaries are printed sorted by name, as MLIR does.
 */
#include "ir/printer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- basic output ---- */

void
pr(Printer *p, const char *s)
{
    fputs(s, p->out);
}

void
pr_int(Printer *p, int64_t v)
{
    fprintf(p->out, "%lld", (long long)v);
}

static void
pr_indent(Printer *p)
{
    for (int i = 0; i < p->indent; i++)
        fputs("  ", p->out);
}

void
pr_value(Printer *p, ValueId v)
{
    const char *name = v < p->m->nvalues && p->names[v] ? p->names[v] : "<<unknown>>";
    fprintf(p->out, "%%%s", name);
    if (p->group[v] >= 0)
        fprintf(p->out, "#%d", p->group[v]);
}

void
pr_values(Printer *p, const ValueId *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            pr(p, ", ");
        pr_value(p, v[i]);
    }
}

void
pr_types(Printer *p, const ValueId *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            pr(p, ", ");
        pr_type(p, value_type(p->m, v[i]));
    }
}

/* ---- types ---- */

static void
pr_shape(Printer *p, const int64_t *shape, uint32_t rank)
{
    for (uint32_t i = 0; i < rank; i++) {
        if (shape[i] == DIM_DYNAMIC)
            pr(p, "?x");
        else
            fprintf(p->out, "%lldx", (long long)shape[i]);
    }
}

static const char *
memspace_name(int32_t ms)
{
    return ms == MS_GLOBAL ? "global" : ms == MS_WORKGROUP ? "workgroup" : "private";
}

static void
pr_memspace(Printer *p, int32_t ms, bool gpu)
{
    if (gpu && (ms == MS_GLOBAL || ms == MS_WORKGROUP || ms == MS_PRIVATE))
        fprintf(p->out, "#gpu.address_space<%s>", memspace_name(ms));
    else if (ms >= MS_AMD_FAT_RAW_BUFFER && ms <= MS_AMD_FAT_STRUCTURED_BUFFER)
        fprintf(p->out, "#amdgpu.address_space<%s>",
                amd_memspace_names[ms - MS_AMD_FAT_RAW_BUFFER]);
    else
        fprintf(p->out, "%d", ms);
}

static void
pr_memref_type(Printer *p, const Type *t)
{
    pr(p, "memref<");
    if (t->unranked)
        pr(p, "*x");
    pr_shape(p, t->shape, t->rank);
    pr_type(p, t->elem);
    if (t->layout) {
        pr(p, ", ");
        pr_attr(p, t->layout);
    }
    if (t->memspace) {
        pr(p, ", ");
        pr_memspace(p, t->memspace, t->memspace_gpu);
    }
    pr(p, ">");
}

static void
pr_function_type(Printer *p, const Type *t)
{
    pr(p, "(");
    for (uint32_t i = 0; i < t->nins; i++) {
        if (i)
            pr(p, ", ");
        pr_type(p, t->ins[i]);
    }
    pr(p, ") -> ");
    bool parens = t->nouts != 1 || type_get(p->m, t->outs[0])->kind == TY_FUNCTION;
    if (parens)
        pr(p, "(");
    for (uint32_t i = 0; i < t->nouts; i++) {
        if (i)
            pr(p, ", ");
        pr_type(p, t->outs[i]);
    }
    if (parens)
        pr(p, ")");
}

static void
pr_tensormap(Printer *p, const Type *t)
{
    static const char *const swz[] = { "none", "swizzle_32b", "swizzle_64b", "swizzle_128b" };
    static const char *const l2[] = { "none", "l2promo_64b", "l2promo_128b", "l2promo_256b" };
    static const char *const oob[] = { "zero", "nan" };
    static const char *const il[] = { "none", "interleave_16b", "interleave_32b" };
    pr(p, "!nvgpu.tensormap.descriptor<tensor = ");
    pr_type(p, t->elem);
    fprintf(p->out, ", swizzle = %s, l2promo = %s, oob = %s, interleave = %s>", swz[t->swizzle & 3],
            l2[t->l2promo & 3], oob[t->oob & 1], il[t->interleave < 3 ? t->interleave : 0]);
}

void
pr_type(Printer *p, TypeId id)
{
    const Type *t = type_get(p->m, id);
    switch (t->kind) {
    case TY_INVALID:
        pr(p, "<<invalid type>>");
        return;
    case TY_VECTOR:
        pr(p, "vector<");
        pr_shape(p, t->shape, t->rank);
        pr_type(p, t->elem);
        pr(p, ">");
        return;
    case TY_MEMREF:
        pr_memref_type(p, t);
        return;
    case TY_TENSOR:
        pr(p, "tensor<");
        pr_shape(p, t->shape, t->rank);
        pr_type(p, t->elem);
        pr(p, ">");
        return;
    case TY_FUNCTION:
        pr_function_type(p, t);
        return;
    case TY_MBARRIER_GROUP:
        pr(p, "!nvgpu.mbarrier.group<memorySpace = ");
        pr_memspace(p, t->memspace, t->memspace_gpu);
        if (t->num_barriers != 1)
            fprintf(p->out, ", num_barriers = %lld", (long long)t->num_barriers);
        pr(p, ">");
        return;
    case TY_TENSORMAP:
        pr_tensormap(p, t);
        return;
    case TY_WG_DESCRIPTOR:
        pr(p, "!nvgpu.warpgroup.descriptor<tensor = ");
        pr_type(p, t->elem);
        pr(p, ">");
        return;
    case TY_WG_ACCUMULATOR:
        pr(p, "!nvgpu.warpgroup.accumulator<fragmented = ");
        pr_type(p, t->elem);
        pr(p, ">");
        return;
    case TY_ASYNC_TOKEN:
        pr(p, "!nvgpu.device.async.token");
        return;
    case TY_MMA_MATRIX:
        fprintf(p->out, "!gpu.mma_matrix<%lldx%lldx", (long long)t->shape[0],
                (long long)t->shape[1]);
        if (t->mma_sign)
            pr(p, t->mma_sign == MMA_SIGNED ? "si8" : "ui8");
        else
            pr_type(p, t->elem);
        fprintf(p->out, ", \"%cOp\">", "ABC"[t->mma_operand]);
        return;
    case TY_MBARRIER_TOKEN:
        pr(p, "!nvgpu.mbarrier.token");
        return;
    case TY_GPU_TOKEN:
        pr(p, "!gpu.async.token");
        return;
    default:
        pr(p, scalar_type_name(id));
        return;
    }
}

void
ir_print_type(const Module *m, TypeId t, FILE *out)
{
    Printer p = { .m = m, .out = out };
    pr_type(&p, t);
}

const char *
ir_type_text(const Module *m, TypeId t, char *buf, size_t n)
{
    if (n == 0)
        return "";
    buf[0] = 0;
    FILE *f = fmemopen(buf, n, "w");
    if (!f)
        return buf;
    setvbuf(f, NULL, _IONBF, 0);
    ir_print_type(m, t, f);
    long len = ftell(f);
    fclose(f);
    if (len >= 0 && (size_t)len < n)
        buf[len] = 0;
    else if (n > 4)
        memcpy(buf + n - 4, "...", 4);
    return buf;
}

/* ---- floats and strings ---- */

static uint64_t
double_bits(double v)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

static bool
reads_back(const char *s, double v, TypeId type)
{
    double r = ir_float_round(strtod(s, NULL), type);
    return double_bits(r) == double_bits(v);
}

/* MLIR style: 1.000000e+00 where that reads back exactly, else more digits,
 * else (NaN, infinities) the type's bits in hex. */
static void
pr_float(Printer *p, double v, TypeId type)
{
    char buf[64];
    if (isfinite(v)) {
        for (int prec = 6; prec <= 17; prec++) {
            snprintf(buf, sizeof buf, "%.*e", prec, v);
            if (reads_back(buf, v, type)) {
                pr(p, buf);
                return;
            }
        }
    }
    unsigned w = type == TY_TF32 ? 20 : type_bitwidth(type ? type : TY_F64);
    fprintf(p->out, "0x%0*llX", (int)((w + 3) / 4), (unsigned long long)ir_float_to_bits(v, type));
}

static void
pr_string(Printer *p, const char *s, uint32_t n)
{
    fputc('"', p->out);
    for (uint32_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(p->out, "\\%c", c);
        else if (c == '\n')
            pr(p, "\\n");
        else if (c == '\t')
            pr(p, "\\t");
        else if (c < 0x20 || c >= 0x7f)
            fprintf(p->out, "\\%02X", c);
        else
            fputc(c, p->out);
    }
    fputc('"', p->out);
}

/* bare-id ::= (letter|_) (letter|digit|_|$|.)* */
static bool
is_bare_id(const char *s)
{
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '_' || *s == '$' || *s == '.'))
            return false;
    return true;
}

static bool
is_suffix_id(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '_' || *s == '$' || *s == '.' || *s == '-'))
            return false;
    return true;
}

static void
pr_symbol(Printer *p, const char *s)
{
    const char *sep = strstr(s, "::@");
    size_t n = sep ? (size_t)(sep - s) : strlen(s);
    char *head = arena_strndup(&p->arena, s, n);
    pr(p, "@");
    if (is_suffix_id(head))
        pr(p, head);
    else
        pr_string(p, head, (uint32_t)n);
    if (sep) {
        pr(p, "::");
        pr_symbol(p, sep + 3);
    }
}

/* ---- affine maps ---- */

static int
affine_level(const AffineExpr *e)
{
    if (e->kind == AFF_ADD)
        return 0;
    if (e->kind == AFF_MUL && e->rhs->kind == AFF_CONST && e->rhs->value == -1)
        return 2; /* printed as unary minus */
    if (e->kind == AFF_CONST)
        return e->value < 0 ? 1 : 2;
    return e->kind == AFF_DIM || e->kind == AFF_SYM ? 2 : 1;
}

static void pr_affine(Printer *p, const AffineExpr *e, int level);

static void
pr_affine_binary(Printer *p, const AffineExpr *e)
{
    static const char *const ops[] = {
        [AFF_MUL] = " * ",
        [AFF_MOD] = " mod ",
        [AFF_FLOORDIV] = " floordiv ",
        [AFF_CEILDIV] = " ceildiv ",
    };
    if (e->kind == AFF_ADD) {
        pr_affine(p, e->lhs, 0);
        const AffineExpr *r = e->rhs;
        if (r->kind == AFF_MUL && r->rhs->kind == AFF_CONST && r->rhs->value == -1) {
            pr(p, " - ");
            pr_affine(p, r->lhs, 1);
        } else if (r->kind == AFF_CONST && r->value < 0 && r->value != INT64_MIN) {
            fprintf(p->out, " - %lld", -(long long)r->value);
        } else {
            pr(p, " + ");
            pr_affine(p, r, 1);
        }
        return;
    }
    if (e->kind == AFF_MUL && e->rhs->kind == AFF_CONST && e->rhs->value == -1) {
        pr(p, "-");
        pr_affine(p, e->lhs, 2);
        return;
    }
    pr_affine(p, e->lhs, 1);
    pr(p, ops[e->kind]);
    pr_affine(p, e->rhs, 2);
}

/* level: 0 additive, 1 multiplicative, 2 primary; lower-level expressions get parentheses */
static void
pr_affine(Printer *p, const AffineExpr *e, int level)
{
    bool parens = affine_level(e) < level;
    if (parens)
        pr(p, "(");
    switch (e->kind) {
    case AFF_CONST:
        pr_int(p, e->value);
        break;
    case AFF_DIM:
        fprintf(p->out, "d%lld", (long long)e->value);
        break;
    case AFF_SYM:
        fprintf(p->out, "s%lld", (long long)e->value);
        break;
    default:
        pr_affine_binary(p, e);
        break;
    }
    if (parens)
        pr(p, ")");
}

static void
pr_affine_map(Printer *p, const AffineMap *map)
{
    pr(p, "affine_map<(");
    for (uint32_t i = 0; i < map->ndims; i++)
        fprintf(p->out, "%sd%u", i ? ", " : "", i);
    pr(p, ")");
    if (map->nsyms) {
        pr(p, "[");
        for (uint32_t i = 0; i < map->nsyms; i++)
            fprintf(p->out, "%ss%u", i ? ", " : "", i);
        pr(p, "]");
    }
    pr(p, " -> (");
    for (uint32_t i = 0; i < map->nresults; i++) {
        if (i)
            pr(p, ", ");
        pr_affine(p, map->results[i], 0);
    }
    pr(p, ")>");
}

/* ---- attributes ---- */

static int
compare_named(const void *a, const void *b)
{
    return strcmp(((const NamedAttr *)a)->name, ((const NamedAttr *)b)->name);
}

static void
pr_dict_entries(Printer *p, const NamedAttr *items, uint32_t n)
{
    NamedAttr *sorted = arena_copy(&p->arena, items, (n ? n : 1) * sizeof *items);
    qsort(sorted, n, sizeof *sorted, compare_named);
    pr(p, "{");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            pr(p, ", ");
        if (is_bare_id(sorted[i].name))
            pr(p, sorted[i].name);
        else
            pr_string(p, sorted[i].name, (uint32_t)strlen(sorted[i].name));
        if (sorted[i].value->kind != ATTR_UNIT) {
            pr(p, " = ");
            pr_attr(p, sorted[i].value);
        }
    }
    pr(p, "}");
}

static void
pr_int_list(Printer *p, const int64_t *v, uint32_t n)
{
    pr(p, "[");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            pr(p, ", ");
        if (v[i] == DIM_DYNAMIC)
            pr(p, "?");
        else
            pr_int(p, v[i]);
    }
    pr(p, "]");
}

static void
pr_scalar(Printer *p, const Attr *a, uint32_t i, TypeId elem)
{
    if (type_is_float(elem))
        pr_float(p, a->floats[i], elem);
    else if (elem == TY_I1)
        pr(p, a->ints[i] ? "true" : "false");
    else
        pr_int(p, a->ints[i]);
}

/* Elements [*k, ...) of a dense attribute, nested by shape from dim d. */
static void
pr_dense_level(Printer *p, const Attr *a, const Type *t, uint32_t d, uint32_t *k)
{
    if (d == t->rank) {
        pr_scalar(p, a, (*k)++, t->elem);
        return;
    }
    pr(p, "[");
    for (int64_t i = 0; i < t->shape[d]; i++) {
        if (i)
            pr(p, ", ");
        pr_dense_level(p, a, t, d + 1, k);
    }
    pr(p, "]");
}

void
pr_dense_body(Printer *p, const Attr *a)
{
    const Type *t = type_get(p->m, a->type);
    pr(p, "dense<");
    uint32_t k = 0;
    if (a->splat || t->rank == 0 || (int64_t)a->n != type_num_elements(p->m, a->type))
        pr_scalar(p, a, 0, t->elem);
    else
        pr_dense_level(p, a, t, 0, &k);
    pr(p, ">");
}

static void
pr_nested_layout(Printer *p, const NestedLayoutAttr *l)
{
    const int64_t *f[7] = { l->subgroup_tile, l->batch_tile,       l->outer_tile,    l->thread_tile,
                            l->element_tile,  l->subgroup_strides, l->thread_strides };
    static const char *const names[7] = { "subgroup_tile", "batch_tile",   "outer_tile",
                                          "thread_tile",   "element_tile", "subgroup_strides",
                                          "thread_strides" };
    pr(p, "#iree_vector_ext.nested_layout<");
    for (int i = 0; i < 7; i++) {
        fprintf(p->out, "%s%s = ", i ? ", " : "", names[i]);
        pr_int_list(p, f[i], l->rank);
    }
    pr(p, ">");
}

static void
pr_translation_info(Printer *p, const TranslationInfoAttr *t)
{
    pr(p, "#iree_codegen.translation_info<pipeline = ");
    pr(p, t->pipeline ? t->pipeline : "None");
    if (t->nworkgroup) {
        pr(p, " workgroup_size = ");
        pr_int_list(p, t->workgroup_size, t->nworkgroup);
    }
    if (t->subgroup_size)
        fprintf(p->out, " subgroup_size = %lld", (long long)t->subgroup_size);
    if (t->config) {
        pr(p, ", ");
        pr_attr(p, t->config);
    }
    pr(p, ">");
}

static void
pr_dense_array(Printer *p, const Attr *a)
{
    pr(p, "array<");
    pr_type(p, a->type);
    for (uint32_t i = 0; i < a->n; i++) {
        pr(p, i ? ", " : ": ");
        pr_scalar(p, a, i, a->type);
    }
    pr(p, ">");
}

void
pr_attr(Printer *p, const Attr *a)
{
    switch (a->kind) {
    case ATTR_UNIT:
        pr(p, "unit");
        return;
    case ATTR_BOOL:
        pr(p, a->b ? "true" : "false");
        return;
    case ATTR_INT:
        pr_int(p, a->i);
        pr(p, " : ");
        pr_type(p, a->type ? a->type : TY_I64);
        return;
    case ATTR_FLOAT:
        pr_float(p, a->f, a->type ? a->type : TY_F64);
        pr(p, " : ");
        pr_type(p, a->type ? a->type : TY_F64);
        return;
    case ATTR_STRING:
        pr_string(p, a->str, a->len);
        return;
    case ATTR_TYPE:
        pr_type(p, a->type);
        return;
    case ATTR_SYMBOL:
        pr_symbol(p, a->str);
        return;
    case ATTR_ARRAY: /* as MLIR: i64 and f64 elements print without their type */
        pr(p, "[");
        for (uint32_t i = 0; i < a->n; i++) {
            const Attr *x = a->items[i];
            if (i)
                pr(p, ", ");
            if (x->kind == ATTR_INT && (x->type == TY_I64 || !x->type))
                pr_int(p, x->i);
            else if (x->kind == ATTR_FLOAT && (x->type == TY_F64 || !x->type))
                pr_float(p, x->f, TY_F64);
            else
                pr_attr(p, x);
        }
        pr(p, "]");
        return;
    case ATTR_DENSE_ARRAY:
        pr_dense_array(p, a);
        return;
    case ATTR_DENSE:
        pr_dense_body(p, a);
        pr(p, " : ");
        pr_type(p, a->type);
        return;
    case ATTR_DICT:
        pr_dict_entries(p, a->dict, a->n);
        return;
    case ATTR_AFFINE_MAP:
        pr_affine_map(p, a->map);
        return;
    case ATTR_STRIDED:
        pr(p, "strided<");
        pr_int_list(p, a->ints, a->n);
        if (a->i == DIM_DYNAMIC)
            pr(p, ", offset: ?");
        else if (a->i != 0)
            fprintf(p->out, ", offset: %lld", (long long)a->i);
        pr(p, ">");
        return;
    case ATTR_ENUM:
        if (a->short_form)
            fprintf(p->out, "#%s<%s %s>", a->dialect, a->name, a->str);
        else
            fprintf(p->out, "#%s.%s<%s>", a->dialect, a->name, a->str);
        return;
    case ATTR_NESTED_LAYOUT:
        pr_nested_layout(p, a->nested);
        return;
    case ATTR_LOWERING_CONFIG:
        if (a->b) { /* #iree_codegen.lowering_config<tile_sizes = ..>: no braces */
            pr(p, "#iree_codegen.lowering_config<");
            for (uint32_t i = 0; i < a->n; i++) {
                fprintf(p->out, "%s%s = ", i ? ", " : "", a->dict[i].name);
                pr_attr(p, a->dict[i].value);
            }
            pr(p, ">");
            return;
        }
        pr(p, "#iree_gpu.lowering_config<");
        pr_dict_entries(p, a->dict, a->n);
        pr(p, ">");
        return;
    case ATTR_TRANSLATION_INFO:
        pr_translation_info(p, a->translation);
        return;
    case ATTR_OPAQUE:
        pr(p, a->str);
        return;
    }
}

void
ir_print_attr(const Module *m, const Attr *a, FILE *out)
{
    Printer p = { .m = m, .out = out };
    pr_attr(&p, a);
    arena_free(&p.arena);
}

bool
attr_is(const Attr *a, const char *dialect, const char *name)
{
    return a && a->kind == ATTR_ENUM && strcmp(a->dialect, dialect) == 0 &&
           strcmp(a->name, name) == 0;
}

static bool
is_elided(const char *name, const char *const *elided, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(name, elided[i]) == 0)
            return true;
    return false;
}

static void
pr_attr_dict_impl(Printer *p, OpId o, const char *const *elided, uint32_t nelided,
                  const char *prefix)
{
    const Op *op = op_get(p->m, o);
    NamedAttr *kept = arena_alloc(&p->arena, (op->nattrs + 1) * sizeof *kept);
    uint32_t n = 0;
    for (uint32_t i = 0; i < op->nattrs; i++)
        if (!is_elided(op->attrs[i].name, elided, nelided))
            kept[n++] = op->attrs[i];
    if (!n)
        return;
    pr(p, prefix);
    pr_dict_entries(p, kept, n);
}

void
pr_attr_dict(Printer *p, OpId o, const char *const *elided, uint32_t nelided)
{
    pr_attr_dict_impl(p, o, elided, nelided, " ");
}

void
pr_attr_dict_keyword(Printer *p, OpId o, const char *const *elided, uint32_t nelided)
{
    pr_attr_dict_impl(p, o, elided, nelided, " attributes ");
}

void
pr_attr_dict_prefixed(Printer *p, OpId o, const char *const *elided, uint32_t nelided,
                      const char *prefix)
{
    pr_attr_dict_impl(p, o, elided, nelided, prefix);
}

/* ---- value names ---- */

typedef struct NameSlot {
    const char *s;
    uint32_t count;
} NameSlot;

typedef struct NameSet {
    NameSlot *slots;
    uint32_t cap, n;
} NameSet;

static uint32_t
str_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static NameSlot *
name_slot(NameSet *set, const char *s)
{
    if (2 * (set->n + 1) > set->cap) {
        NameSet bigger = { ir_calloc(set->cap ? 2 * set->cap : 64, sizeof(NameSlot)),
                           set->cap ? 2 * set->cap : 64, 0 };
        if (!bigger.slots)
            ICE("out of memory");
        for (uint32_t i = 0; i < set->cap; i++)
            if (set->slots[i].s)
                *name_slot(&bigger, set->slots[i].s) = set->slots[i];
        ir_free(set->slots);
        *set = bigger;
    }
    uint32_t i = str_hash(s) & (set->cap - 1);
    while (set->slots[i].s && strcmp(set->slots[i].s, s) != 0)
        i = (i + 1) & (set->cap - 1);
    if (!set->slots[i].s) {
        set->slots[i].s = s;
        set->n++;
    }
    return &set->slots[i];
}

typedef struct NameUnit {
    ValueId first;
    uint32_t count;
    const char *hint;
    bool group;
} NameUnit;

typedef struct Namer {
    ARRAY(NameUnit) units;
    ARRAY(OpId) nested; /* isolated ops found in the scope: named separately */
} Namer;

static bool
is_isolated(OpKind k)
{
    return k == OP_FUNC || k == OP_GPU_FUNC || k == OP_MODULE || k == OP_GPU_MODULE;
}

static const char *
hint_of(const Module *m, ValueId v)
{
    const char *s = m->values[v].name;
    if (!s || !*s)
        return NULL;
    for (const char *c = s; *c; c++)
        if (*c < '0' || *c > '9')
            return is_suffix_id(s) ? s : NULL;
    return NULL;
}

static void
add_op_units(Printer *p, Namer *nm, const Op *op)
{
    const Module *m = p->m;
    if (op->nres == 0)
        return;
    const char *h0 = hint_of(m, op->res[0]);
    bool same = true;
    for (uint32_t i = 1; i < op->nres; i++) {
        const char *h = hint_of(m, op->res[i]);
        same = same && (h == h0 || (h && h0 && strcmp(h, h0) == 0));
    }
    if (op->nres == 1 || same) {
        NameUnit u = { op->res[0], op->nres, h0, op->nres > 1 };
        ARRAY_PUSH(&p->arena, nm->units, u);
        return;
    }
    for (uint32_t i = 0; i < op->nres; i++) {
        NameUnit u = { op->res[i], 1, hint_of(m, op->res[i]), false };
        ARRAY_PUSH(&p->arena, nm->units, u);
    }
}

static void
collect_region(Printer *p, Namer *nm, RegionId r)
{
    const Module *m = p->m;
    const Region *reg = region_get(m, r);
    for (uint32_t bi = 0; bi < reg->blocks.n; bi++) {
        const Block *b = block_get(m, reg->blocks.items[bi]);
        for (uint32_t i = 0; i < b->args.n; i++) {
            NameUnit u = { b->args.items[i], 1, hint_of(m, b->args.items[i]), false };
            ARRAY_PUSH(&p->arena, nm->units, u);
        }
        for (uint32_t i = 0; i < b->ops.n; i++) {
            OpId o = b->ops.items[i];
            const Op *op = op_get(m, o);
            add_op_units(p, nm, op);
            if (is_isolated(op->kind)) {
                ARRAY_PUSH(&p->arena, nm->nested, o);
                continue;
            }
            for (uint32_t k = 0; k < op->nregions; k++)
                if (op->regions[k])
                    collect_region(p, nm, op->regions[k]);
        }
    }
}

static void
assign_unit(Printer *p, const NameUnit *u, const char *name)
{
    for (uint32_t i = 0; i < u->count; i++) {
        p->names[u->first + i] = name;
        p->group[u->first + i] = u->group ? (int32_t)i : -1;
    }
}

/* Names the values of the isolated scope `root` (its regions), then its nested scopes. */
static void
name_scope(Printer *p, OpId root)
{
    Namer nm = { 0 };
    const Op *op = op_get(p->m, root);
    for (uint32_t k = 0; k < op->nregions; k++)
        if (op->regions[k])
            collect_region(p, &nm, op->regions[k]);
    NameSet set = { 0 };
    for (uint32_t i = 0; i < nm.units.n; i++)
        if (nm.units.items[i].hint)
            name_slot(&set, nm.units.items[i].hint)->count++;
    uint32_t number = 0;
    for (uint32_t i = 0; i < nm.units.n; i++) {
        const NameUnit *u = &nm.units.items[i];
        if (!u->hint) {
            assign_unit(p, u, arena_printf(&p->arena, "%u", number++));
            continue;
        }
        NameSlot *slot = name_slot(&set, u->hint);
        if (slot->count == 1) {
            assign_unit(p, u, u->hint);
            continue;
        }
        for (uint32_t k = 1;; k++) {
            const char *cand = arena_printf(&p->arena, "%s_%u", u->hint, k);
            NameSlot *s = name_slot(&set, cand);
            if (s->count == 0) {
                s->count = 1;
                assign_unit(p, u, cand);
                break;
            }
        }
    }
    ir_free(set.slots);
    for (uint32_t i = 0; i < nm.nested.n; i++)
        name_scope(p, nm.nested.items[i]);
}

/* ---- ops, blocks, regions ---- */

void
pr_op_name(Printer *p, OpId o)
{
    const char *name = op_name(p->m, o);
    if (p->in_func && strncmp(name, "func.", 5) == 0)
        name += 5;
    pr(p, name);
}

static void pr_op(Printer *p, OpId o);

static void
pr_block_header(Printer *p, BlockId b, uint32_t index)
{
    const Block *blk = block_get(p->m, b);
    pr_indent(p);
    fprintf(p->out, "^bb%u", index);
    if (blk->args.n) {
        pr(p, "(");
        for (uint32_t i = 0; i < blk->args.n; i++) {
            if (i)
                pr(p, ", ");
            pr_value(p, blk->args.items[i]);
            pr(p, ": ");
            pr_type(p, value_type(p->m, blk->args.items[i]));
        }
        pr(p, ")");
    }
    pr(p, ":\n");
}

static bool
is_plain_yield(const Module *m, OpId o)
{
    const Op *op = op_get(m, o);
    return op->kind == OP_YIELD && op->nargs == 0 && op->nattrs == 0;
}

void
pr_region(Printer *p, RegionId r, bool entry_args, bool elide_yield)
{
    const Region *reg = region_get(p->m, r);
    pr(p, "{\n");
    p->indent++;
    for (uint32_t bi = 0; bi < reg->blocks.n; bi++) {
        BlockId b = reg->blocks.items[bi];
        const Block *blk = block_get(p->m, b);
        if (bi > 0 || (entry_args && blk->args.n)) {
            p->indent--;
            pr_block_header(p, b, bi);
            p->indent++;
        }
        for (uint32_t i = 0; i < blk->ops.n; i++) {
            OpId o = blk->ops.items[i];
            if (elide_yield && reg->blocks.n == 1 && i + 1 == blk->ops.n && is_plain_yield(p->m, o))
                continue;
            pr_op(p, o);
        }
    }
    p->indent--;
    pr_indent(p);
    pr(p, "}");
}

static void
pr_generic(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    pr_string(p, op_name(p->m, o), (uint32_t)strlen(op_name(p->m, o)));
    pr(p, "(");
    pr_values(p, op->args, op->nargs);
    pr(p, ")");
    if (op->nregions) {
        pr(p, " (");
        bool saved = p->in_func;
        p->in_func = op->kind == OP_FUNC || (p->in_func && !is_isolated(op->kind));
        for (uint32_t i = 0; i < op->nregions; i++) {
            if (i)
                pr(p, ", ");
            pr_region(p, op->regions[i], true, false);
        }
        p->in_func = saved;
        pr(p, ")");
    }
    pr_attr_dict(p, o, NULL, 0);
    pr(p, " : (");
    pr_types(p, op->args, op->nargs);
    pr(p, ") -> ");
    if (op->nres != 1)
        pr(p, "(");
    pr_types(p, op->res, op->nres);
    if (op->nres != 1)
        pr(p, ")");
}

static void
pr_results(Printer *p, const Op *op)
{
    if (!op->nres)
        return;
    for (uint32_t i = 0; i < op->nres;) {
        if (i)
            pr(p, ", ");
        ValueId v = op->res[i];
        fprintf(p->out, "%%%s", p->names[v] ? p->names[v] : "<<unknown>>");
        uint32_t n = 1;
        if (p->group[v] >= 0) {
            while (i + n < op->nres && p->group[op->res[i + n]] == (int32_t)n)
                n++;
            if (n > 1)
                fprintf(p->out, ":%u", n);
        }
        i += n;
    }
    pr(p, " = ");
}

static void
pr_op(Printer *p, OpId o)
{
    const Op *op = op_get(p->m, o);
    pr_indent(p);
    pr_results(p, op);
    CustomPrintFn *fn = custom_printer(op->kind);
    if (!fn || !fn(p, o))
        pr_generic(p, o);
    pr(p, "\n");
}

void
ir_print(const Module *m, FILE *out)
{
    Printer p = { .m = m, .out = out };
    p.names = ir_calloc(m->nvalues + 1, sizeof *p.names);
    p.group = ir_calloc(m->nvalues + 1, sizeof *p.group);
    if (!p.names || !p.group)
        ICE("out of memory");
    memset(p.group, 0xff, (m->nvalues + 1) * sizeof *p.group);
    name_scope(&p, m->top);
    if (m->top_implicit) {
        RegionId r = op_get(m, m->top)->regions[0];
        const Region *reg = region_get(m, r);
        for (uint32_t bi = 0; bi < reg->blocks.n; bi++) {
            const Block *blk = block_get(m, reg->blocks.items[bi]);
            for (uint32_t i = 0; i < blk->ops.n; i++)
                pr_op(&p, blk->ops.items[i]);
        }
    } else {
        pr_op(&p, m->top);
    }
    ir_free(p.names);
    ir_free(p.group);
    arena_free(&p.arena);
}
