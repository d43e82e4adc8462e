/*
 * tma.c -- the building blocks of the TMA rings (tma_ring.c, attn_ring.c): i32 step
 * arithmetic, the parity waits on mbarriers, one TMA copy of a box, tensor-map types,
 * the hidden tensor-map arguments appended to a kernel, and a ring-fed read bound to its
 * layout with no registers (wgmma reads it from the ring).
 *
 * A ring of S stages numbers its steps it = 0, 1, ...: step it uses stage it % S, and its
 * wait on the stage's mbarrier is for phase parity (it / S) & 1 (PTX ISA 9.7.13.15,
 * mbarrier.try_wait.parity).
 *
 * Requires:    distribute.c's Ctx; ring_append_maps before the rewrite (the function's
 *              signature is still the user's plus earlier hidden maps).
 * Ensures:     ring_append_maps adds the arguments after the kernel's own, lists their
 *              source memrefs in vptx.hidden_tmaps and updates function_type.
 * Invalidates: the kernel's signature (ring_append_maps).
 */
#include "distribute/core/core.h"

#include <string.h>

ValueId
ring_i32(Ctx *c, OpKind k, ValueId a, int64_t b)
{
    ValueId args[2] = { a, const_int(c, b, TY_I32) };
    return emit1(c, k, 2, args, TY_I32);
}

ValueId
ring_index(Ctx *c, ValueId v32)
{
    return emit1(c, OP_INDEX_CAST, 1, &v32, TY_INDEX);
}

ValueId
ring_parity(Ctx *c, ValueId x32, int64_t stages)
{
    ValueId p = ring_i32(c, OP_ANDI, ring_i32(c, OP_DIVUI, x32, stages), 1);
    return cmp_i(c, CMPI_NE, p, const_int(c, 0, TY_I32));
}

void
ring_wait_parity(Ctx *c, ValueId bars, ValueId idx, ValueId par)
{
    ValueId a[4] = { bars, par, const_index(c, 10000000), idx };
    emit(c, OP_MBARRIER_TRY_WAIT_PARITY, 4, a, 0, NULL, 0);
}

void
ring_tma_load(Ctx *c, ValueId dst, ValueId bar, ValueId tmap, ValueId col, ValueId row,
              int64_t stage)
{
    ValueId args[6] = { dst, bar, tmap, col, row, const_index(c, stage) };
    OpId o = emit(c, OP_TMA_ASYNC_LOAD, 6, args, 0, NULL, 0);
    int64_t seg[7] = { 1, 1, 1, 2, 1, 0, 0 };
    op_set_attr(c->m, o, "operandSegmentSizes", attr_dense_array(c->m, TY_I32, seg, NULL, 7));
}

TypeId
ring_tmap_type(Ctx *c, TypeId elem, int64_t rows, int64_t cols, int64_t span)
{
    int64_t box[2] = { rows, cols };
    Type t;
    memset(&t, 0, sizeof t);
    t.kind = TY_TENSORMAP;
    t.elem = type_memref(c->m, elem, 2, box, NULL, MS_WORKGROUP, false);
    t.swizzle = span == 128  ? SWIZZLE_128B
                : span == 64 ? SWIZZLE_64B
                : span == 32 ? SWIZZLE_32B
                             : SWIZZLE_NONE;
    t.oob = OOB_ZERO;
    t.interleave = INTERLEAVE_NONE;
    return type_intern(c->m, &t);
}

bool
ring_append_maps(Ctx *c, OpId func, uint32_t n, const TypeId *t, const int64_t *src,
                 const int64_t *tested, ValueId *out)
{
    Module *m = c->m;
    BlockId entry = op_entry_block(m, func, 0);
    const Attr *ft = op_attr(m, func, "function_type");
    if (!ft || ft->kind != ATTR_TYPE)
        return false;
    const Type *fty = type_get(m, ft->type);
    if (fty->nins != block_get(m, entry)->args.n || fty->nouts || fty->nins + n > 64)
        return false; /* workgroup attributions follow the arguments */
    /* copied: interning types may move the type table */
    uint32_t nin = fty->nins;
    TypeId ins[64];
    for (uint32_t i = 0; i < nin; i++)
        ins[i] = fty->ins[i];
    const Attr *old = op_attr(m, func, "vptx.hidden_tmaps");
    const Attr *ot = op_attr(m, func, "vptx.hidden_tmaps_tested");
    int64_t srcs[16], tst[16] = { 0 };
    uint32_t ns = 0;
    for (uint32_t i = 0; old && old->kind == ATTR_DENSE_ARRAY && i < old->n && ns < 16; i++)
        srcs[ns++] = old->ints[i];
    for (uint32_t i = 0; ot && ot->kind == ATTR_DENSE_ARRAY && i < ot->n && i < 16; i++)
        tst[i] = ot->ints[i];
    if (ns + n > 16)
        return false; /* the launchers read at most 16 */
    for (uint32_t j = 0; j < n; j++) {
        out[j] = block_add_arg(m, entry, t[j], op_get(m, func)->loc, NULL);
        ins[nin + j] = t[j];
        tst[ns] = tested ? tested[j] : 0;
        srcs[ns++] = src[j];
    }
    op_set_attr(m, func, "function_type", attr_type(m, type_function(m, nin + n, ins, 0, NULL)));
    op_set_attr(m, func, "vptx.hidden_tmaps", attr_dense_array(m, TY_I64, srcs, NULL, ns));
    op_set_attr(m, func, "vptx.hidden_tmaps_tested", attr_dense_array(m, TY_I64, tst, NULL, ns));
    return true;
}

bool
ring_bind_read(Ctx *c, OpId o)
{
    /* wgmma reads this operand from the ring: no registers hold it */
    NestedLayout l;
    if (!result_layout(c, o, 0, &l))
        return dist_error(c, "'vector.transfer_read' has no layout");
    TypeId el = type_element(c->m, value_type(c->m, op_get(c->m, o)->res[0]));
    dist_bind(c, op_get(c->m, o)->res[0], dist_new(c, &l, el));
    return true;
}
