/*
 * target.c -- what vptx will not compile, said once per function.
 *
 * Upstream MLIR GPU code is often written for AMD GPUs as well: 64-lane subgroups
 * ("wave64": a translation_info subgroup_size of 64, nested layouts whose thread tiles
 * need 64 lanes) and AMD's buffer memory spaces (#amdgpu.address_space<...>).  vptx
 * targets NVIDIA GPUs, whose warps have 32 lanes; such a function gets one located
 * error, at the first place that needs what vptx lacks, naming the subgroup size or
 * the memory space, instead of one error per op that follows from it.
 *
 * Requires:    a verified module.
 * Ensures:     ir_check_target reports at most one error per function and returns
 *              false if it reported any.
 * Invalidates: nothing.
 */
#include "ir/ir.h"

#include <string.h>

const char *const amd_memspace_names[3] = { "fat_raw_buffer", "buffer_rsrc",
                                            "fat_structured_buffer" };

enum { WARP = 32 };

typedef struct TargetScan {
    OpId func;
    Loc loc;         /* where the first problem is */
    int64_t lanes;   /* a layout's lanes, when that is the problem */
    int32_t amd;     /* an AMD memory space, when that is the problem */
    const char *via; /* the op that has it */
} TargetScan;

static int32_t
amd_space(const Module *m, TypeId t)
{
    const Type *ty = type_get(m, t);
    if (ty->kind == TY_VECTOR || ty->kind == TY_MEMREF) {
        if (ty->kind == TY_MEMREF && ty->memspace >= MS_AMD_FAT_RAW_BUFFER &&
            ty->memspace <= MS_AMD_FAT_STRUCTURED_BUFFER)
            return ty->memspace;
        return amd_space(m, ty->elem);
    }
    return 0;
}

/* max over dims of thread_stride * thread_tile: the lanes a nested layout spans */
static int64_t
layout_lanes(const Attr *a)
{
    if (!a || a->kind != ATTR_NESTED_LAYOUT || !a->nested)
        return 0;
    int64_t most = 1;
    for (uint32_t d = 0; d < a->nested->rank; d++) {
        int64_t s = a->nested->thread_strides ? a->nested->thread_strides[d] : 0;
        int64_t t = a->nested->thread_tile ? a->nested->thread_tile[d] : 1;
        if (s > 0 && s * t > most)
            most = s * t;
    }
    return most;
}

static int64_t
attr_lanes(const Attr *a)
{
    if (!a)
        return 0;
    if (a->kind == ATTR_NESTED_LAYOUT)
        return layout_lanes(a);
    int64_t most = 0;
    if (a->kind == ATTR_ARRAY)
        for (uint32_t i = 0; i < a->n; i++) {
            int64_t l = attr_lanes(a->items[i]);
            most = l > most ? l : most;
        }
    if (a->kind == ATTR_DICT)
        for (uint32_t i = 0; i < a->n; i++) {
            int64_t l = attr_lanes(a->dict[i].value);
            most = l > most ? l : most;
        }
    return most;
}

static bool
scan_op(Module *m, OpId o, void *ctx)
{
    TargetScan *s = ctx;
    const Op *op = op_get(m, o);
    for (uint32_t i = 0; i < op->nattrs; i++) {
        int64_t l = attr_lanes(op->attrs[i].value);
        if (l > WARP) {
            s->loc = op->loc, s->lanes = l, s->via = op_name(m, o);
            return false;
        }
    }
    for (uint32_t i = 0; i < op->nres; i++) {
        int32_t a = amd_space(m, value_type(m, op->res[i]));
        if (a) {
            s->loc = op->loc, s->amd = a, s->via = op_name(m, o);
            return false;
        }
    }
    for (uint32_t r = 0; r < op->nregions; r++) {
        RegionId rg = op->regions[r];
        for (uint32_t b = 0; rg && b < region_get(m, rg)->blocks.n; b++) {
            const Block *bl = block_get(m, region_get(m, rg)->blocks.items[b]);
            for (uint32_t k = 0; k < bl->args.n; k++) {
                int32_t a = amd_space(m, value_type(m, bl->args.items[k]));
                if (a) {
                    s->loc = value_get(m, bl->args.items[k])->loc, s->amd = a;
                    s->via = NULL;
                    return false;
                }
            }
        }
    }
    return true;
}

static const char *
func_kind_name(const Module *m, OpId f)
{
    return op_get(m, f)->kind == OP_GPU_FUNC ? "gpu.func" : "func.func";
}

static bool
check_func(Module *m, OpId f, Diag *d)
{
    const Attr *sym = op_attr(m, f, "sym_name");
    const char *name = sym && sym->kind == ATTR_STRING ? sym->str : "?";
    const Attr *ti = op_attr(m, f, "translation_info");
    if (ti && ti->kind == ATTR_TRANSLATION_INFO && ti->translation->subgroup_size &&
        ti->translation->subgroup_size != WARP) {
        diag_error(d, op_get(m, f)->loc,
                   "'%s' @%s has subgroup_size = %lld but NVIDIA subgroups (warps) have 32 "
                   "lanes: vptx compiles 32-lane code only",
                   func_kind_name(m, f), name, (long long)ti->translation->subgroup_size);
        return false;
    }
    TargetScan s = { .func = f };
    /* the function's own arguments, then every op under it */
    scan_op(m, f, &s);
    if (!s.lanes && !s.amd)
        module_walk(m, f, scan_op, &s);
    if (s.lanes) {
        diag_error(d, s.loc,
                   "'%s' @%s uses a layout for %lld-lane subgroups%s (in '%s'): NVIDIA "
                   "subgroups (warps) have 32 lanes, and vptx compiles 32-lane layouts only",
                   func_kind_name(m, f), name, (long long)s.lanes,
                   s.lanes == 64 ? " (wave64, AMD's subgroup size)" : "", s.via);
        return false;
    }
    if (s.amd) {
        diag_error(d, s.loc,
                   "'%s' @%s uses AMD memory (#amdgpu.address_space<%s>%s%s): vptx targets "
                   "NVIDIA GPUs, whose memrefs live in global, workgroup or private memory",
                   func_kind_name(m, f), name, amd_memspace_names[s.amd - MS_AMD_FAT_RAW_BUFFER],
                   s.via ? ", in " : "", s.via ? s.via : "");
        return false;
    }
    return true;
}

bool
ir_check_target(Module *m, Diag *d)
{
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    bool ok = true;
    for (uint32_t i = 0; i < funcs.n; i++)
        ok &= check_func(m, funcs.items[i], d);
    return ok;
}

/* The first cf.br / cf.cond_br under f, or 0 */
static bool
find_branch(Module *m, OpId o, void *ctx)
{
    OpKind k = op_get(m, o)->kind;
    if (k == OP_CF_BR || k == OP_CF_COND_BR) {
        *(OpId *)ctx = o;
        return false;
    }
    return true;
}

bool
ir_check_structured(Module *m, Diag *d)
{
    OpIdList funcs = { 0 };
    module_walk(m, m->top, module_collect_funcs, &funcs);
    bool ok = true;
    for (uint32_t i = 0; i < funcs.n; i++) {
        OpId br = 0;
        module_walk(m, funcs.items[i], find_branch, &br);
        if (!br)
            continue;
        diag_error(d, op_get(m, br)->loc,
                   "'%s' in vector-level code: vptx distributes structured control flow only "
                   "(scf.for, scf.if); unstructured branches are for per-thread (gpu, nvgpu) "
                   "code",
                   op_name(m, br));
        ok = false;
    }
    return ok;
}
