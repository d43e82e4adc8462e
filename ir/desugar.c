/*
 * desugar.c -- vector.mask, read as the masked form of the op it holds (upstream MLIR's
 * MaskableOpInterface), right after parsing, so that no pass, eval or ptxgen sees it:
 *   vector.mask %m { vector.transfer_read .. }        a transfer_read with mask %m
 *   vector.mask %m, %pt { vector.transfer_read .. }   the same, then select(%m, read, %pt)
 *   vector.mask %m { vector.transfer_write .. }       a transfer_write with mask %m
 *   vector.mask %m { vector.reduction <k>, %v .. }    a reduction of select(%m, %v, id(k)),
 *                                                     id(k) the kind's neutral element
 * Any other op inside vector.mask is a located error.
 *
 * Requires:    a parsed module (the mask's region holds one op and maybe a vector.yield).
 * Ensures:     no vector.mask / vector.yield is left; each result of a mask is replaced by
 *              the value it stands for; one error per mask vptx cannot read.
 * Invalidates: the blocks holding masks are rebuilt.
 */
#include "ir/parser.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

typedef struct Desugar {
    Module *m;
    Diag *d;
    bool failed;
} Desugar;

static ValueId
emit_op(Module *m, OpIdList *out, OpKind k, Loc loc, uint32_t na, const ValueId *args, TypeId t)
{
    OpId o = op_new(m, k, loc, na, args, 1, &t, 0);
    ARRAY_PUSH(&m->arena, *out, o);
    return op_get(m, o)->res[0];
}

/* the neutral element of combining kind k for element type t, as a vector of type vt */
static ValueId
neutral(Module *m, OpIdList *out, int k, TypeId t, TypeId vt, Loc loc)
{
    unsigned w = type_bitwidth(t);
    int64_t smax = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
    int64_t iv = 0;
    double fv = 0;
    switch (k) {
    case KIND_MUL:
        iv = 1, fv = 1;
        break;
    case KIND_MINUI:
    case KIND_AND:
        iv = -1;
        break;
    case KIND_MINSI:
        iv = smax;
        break;
    case KIND_MAXSI:
        iv = -smax - 1;
        break;
    case KIND_MINNUMF:
    case KIND_MINIMUMF:
        fv = INFINITY;
        break;
    case KIND_MAXNUMF:
    case KIND_MAXIMUMF:
        fv = -INFINITY;
        break;
    default: /* add, maxui, or, xor */
        break;
    }
    OpId c = op_new(m, OP_CONSTANT, loc, 0, NULL, 1, &t, 0);
    op_set_attr(m, c, "value", type_is_float(t) ? attr_float(m, fv, t) : attr_int(m, iv, t));
    ARRAY_PUSH(&m->arena, *out, c);
    ValueId s = op_get(m, c)->res[0];
    return emit_op(m, out, OP_BROADCAST, loc, 1, &s, vt);
}

static void
set_segments(Module *m, OpId o, const int64_t *seg, uint32_t n)
{
    op_set_attr(m, o, "operandSegmentSizes", attr_dense_array(m, TY_I32, seg, NULL, n));
}

/* The ops that stand for mask op `mk` (appended to out); its results' replacements in rep. */
static bool
expand(Desugar *ds, OpId mk, OpIdList *out, ValueId *rep)
{
    Module *m = ds->m;
    Op *mo = op_get(m, mk);
    BlockId body = mo->nregions ? op_entry_block(m, mk, 0) : 0;
    OpId inner = 0;
    for (uint32_t i = 0; body && i < block_get(m, body)->ops.n; i++) {
        OpId o = block_get(m, body)->ops.items[i];
        if (op_get(m, o)->kind == OP_VYIELD)
            continue;
        if (inner) {
            diag_error(ds->d, op_get(m, o)->loc, "'vector.mask' holds more than one op");
            return false;
        }
        inner = o;
    }
    if (!inner) {
        diag_error(ds->d, mo->loc, "'vector.mask' holds no op");
        return false;
    }
    if (mo->nargs < 1) {
        diag_error(ds->d, mo->loc, "'vector.mask' needs a mask operand");
        return false;
    }
    ValueId mask = mo->args[0], pt = mo->nargs > 1 ? mo->args[1] : 0;
    Op *io = op_get(m, inner);
    Loc loc = io->loc;
    const Attr *seg = op_attr(m, inner, "operandSegmentSizes");
    switch (io->kind) {
    case OP_TRANSFER_READ:
    case OP_TRANSFER_WRITE: {
        if (seg && seg->kind == ATTR_DENSE_ARRAY && seg->n == 4 && seg->ints[3]) {
            diag_error(ds->d, loc, "'%s' inside 'vector.mask' has a mask of its own",
                       op_name(m, inner));
            return false;
        }
        uint32_t n = io->nargs;
        ValueId *args = ir_calloc(n + 2, sizeof *args);
        memcpy(args, io->args, n * sizeof *args);
        args[n] = mask;
        op_set_args(m, inner, n + 1, args);
        ir_free(args);
        int64_t sg[4];
        if (io->kind == OP_TRANSFER_READ)
            sg[0] = 1, sg[1] = (int64_t)n - 2, sg[2] = 1, sg[3] = 1;
        else
            sg[0] = 1, sg[1] = 1, sg[2] = (int64_t)n - 2, sg[3] = 1;
        set_segments(m, inner, sg, 4);
        ARRAY_PUSH(&m->arena, *out, inner);
        if (op_get(m, inner)->nres) {
            ValueId r = op_get(m, inner)->res[0];
            if (pt) {
                ValueId sa[3] = { mask, r, pt };
                r = emit_op(m, out, OP_SELECT, loc, 3, sa, value_type(m, r));
            }
            rep[0] = r;
        }
        return true;
    }
    case OP_REDUCTION: {
        const Attr *ka = op_attr(m, inner, "kind");
        int k = ka && ka->str ? combining_kind_lookup(ka->str) : -1;
        if (k < 0) {
            diag_error(ds->d, loc, "'vector.reduction' inside 'vector.mask' has an unknown kind");
            return false;
        }
        ValueId v = io->args[0];
        TypeId vt = value_type(m, v), et = type_element(m, vt);
        ValueId id = neutral(m, out, k, et, vt, loc);
        ValueId sa[3] = { mask, v, id };
        ValueId sel = emit_op(m, out, OP_SELECT, loc, 3, sa, vt);
        ValueId *args = ir_calloc(op_get(m, inner)->nargs + 1, sizeof *args);
        memcpy(args, op_get(m, inner)->args, op_get(m, inner)->nargs * sizeof *args);
        args[0] = sel;
        op_set_args(m, inner, op_get(m, inner)->nargs, args);
        ir_free(args);
        ARRAY_PUSH(&m->arena, *out, inner);
        rep[0] = op_get(m, inner)->res[0];
        if (pt) { /* a passthru on a reduction's scalar: upstream takes none */
            diag_error(ds->d, op_get(m, mk)->loc,
                       "'vector.mask' with a passthru around 'vector.reduction' (a scalar) "
                       "has no meaning: drop the passthru");
            return false;
        }
        return true;
    }
    default:
        diag_error(ds->d, loc,
                   "'%s' inside 'vector.mask': vptx reads masks on vector.transfer_read, "
                   "vector.transfer_write and vector.reduction",
                   op_name(m, inner));
        return false;
    }
}

static void desugar_block(Desugar *ds, BlockId b);

static void
desugar_regions(Desugar *ds, OpId o)
{
    for (uint32_t g = 0; g < op_get(ds->m, o)->nregions; g++) {
        RegionId r = op_get(ds->m, o)->regions[g];
        for (uint32_t k = 0; r && k < region_get(ds->m, r)->blocks.n; k++)
            desugar_block(ds, region_get(ds->m, r)->blocks.items[k]);
    }
}

static void
desugar_block(Desugar *ds, BlockId b)
{
    Module *m = ds->m;
    OpIdList out = { 0 };
    bool any = false;
    for (uint32_t i = 0; i < block_get(m, b)->ops.n; i++) {
        OpId o = block_get(m, b)->ops.items[i];
        if (op_get(m, o)->kind != OP_VMASK) {
            desugar_regions(ds, o);
            ARRAY_PUSH(&m->arena, out, o);
            continue;
        }
        any = true;
        ValueId rep[8] = { 0 };
        uint32_t nr = op_get(m, o)->nres;
        if (nr > 8 || !expand(ds, o, &out, rep)) {
            ds->failed = true;
            continue;
        }
        for (uint32_t j = i + 1; nr && j < block_get(m, b)->ops.n; j++) {
            OpId later = block_get(m, b)->ops.items[j];
            op_replace_uses(m, later, op_get(m, o)->res, rep, nr);
            module_replace_uses(m, later, op_get(m, o)->res, rep, nr);
        }
    }
    if (!any)
        return;
    block_get(m, b)->ops.n = 0;
    for (uint32_t i = 0; i < out.n; i++)
        block_append(m, b, out.items[i]);
}

bool
frontend_desugar(Module *m, Diag *d)
{
    Desugar ds = { m, d, false };
    desugar_regions(&ds, m->top);
    return !ds.failed;
}
