/*
 * smem.c -- shared memory as distribute/ hands it out: the kernel's dynamic shared memory
 * (one gpu.dynamic_shared_memory, views of it at byte offsets, the size recorded in the
 * kernel's vptx.dynamic_smem) and the bytes of the static workgroup buffers.
 *
 * The schedules (stage.c's pipelines above 48 KiB, the TMA rings of tma_ring.c and
 * attn_ring.c) take their buffers from here, one after the other; the lowerings ask how
 * much static shared memory is taken before they add a buffer of their own.
 *
 * Requires:    distribute.c's Ctx for the function being rewritten (c->func,
 *              c->prologue; c->dyn and c->dyn_bytes reset per function).
 * Ensures:     byte ranges handed out never overlap; the kernel's vptx.dynamic_smem is
 *              at least their end.
 * Invalidates: nothing.
 */
#include "distribute/core/core.h"

/* The kernel's dynamic shared memory as a memref<?xi8> (made in the prologue once). */
ValueId
dist_dynamic_base(Ctx *c)
{
    if (!c->dyn) {
        OpList *saved = c->out;
        c->out = &c->prologue;
        int64_t any = DIM_DYNAMIC;
        TypeId bt = type_memref(c->m, TY_I8, 1, &any, NULL, MS_WORKGROUP, true);
        c->dyn = emit1(c, OP_DYNAMIC_SHARED_MEMORY, 0, NULL, bt);
        c->out = saved;
    }
    return c->dyn;
}

/* The next `align`-aligned `bytes` of the kernel's dynamic shared memory: their offset;
 * the kernel's vptx.dynamic_smem grows to hold them. */
int64_t
dist_dynamic_alloc(Ctx *c, int64_t bytes, int64_t align)
{
    c->dyn_bytes = (c->dyn_bytes + align - 1) / align * align;
    int64_t at = c->dyn_bytes;
    c->dyn_bytes += bytes;
    op_set_attr(c->m, c->func, "vptx.dynamic_smem", attr_int(c->m, c->dyn_bytes, TY_I64));
    return at;
}

/* A view of type t (static shape, workgroup space) at byte `offset` of the dynamic
 * shared memory, made in the prologue. */
ValueId
dist_dynamic_view(Ctx *c, TypeId t, int64_t offset)
{
    ValueId base = dist_dynamic_base(c);
    OpList *saved = c->out;
    c->out = &c->prologue;
    ValueId args[2] = { base, const_index(c, offset) };
    ValueId v = emit1(c, OP_VIEW, 2, args, t);
    c->out = saved;
    return v;
}

int64_t
dist_dynamic_bytes(Ctx *c)
{
    return c->dyn_bytes;
}

/* ---- static shared memory ---- */

static bool
sum_allocs(Module *m, OpId o, void *ctx)
{
    int64_t *sum = ctx;
    const Op *op = op_get(m, o);
    if (op->kind != OP_ALLOC)
        return true;
    const Type *t = type_get(m, value_type(m, op->res[0]));
    if (t->kind != TY_MEMREF || t->memspace != MS_WORKGROUP)
        return true;
    int64_t n = (type_bitwidth(t->elem) + 7) / 8;
    for (uint32_t d = 0; d < t->rank; d++)
        n *= t->shape[d] == DIM_DYNAMIC ? 0 : t->shape[d];
    *sum += (n + 15) / 16 * 16;
    return true;
}

/* Bytes of the static workgroup buffers (memref.alloc in space 3) in func, each rounded
 * up to 16. */
int64_t
dist_static_smem(Ctx *c, OpId func)
{
    int64_t sum = 0;
    module_walk(c->m, func, sum_allocs, &sum);
    return sum;
}

/* The same for the function being rewritten, with the buffers made so far (prologue). */
int64_t
dist_smem_so_far(Ctx *c)
{
    int64_t sum = 0;
    module_walk(c->m, c->func, sum_allocs, &sum);
    for (uint32_t i = 0; i < c->prologue.n; i++)
        sum_allocs(c->m, c->prologue.items[i], &sum);
    return sum;
}
