/*
 * isel_call.c -- device functions (PTX .func) and func.call (call.uni).
 *
 * A device function (ir/call.c says which functions are) is a PTX `.func` whose
 * arguments and results travel in .param space, one .param per piece of a value
 * (PTX ISA 5.1.6, 7.2 `call`):
 *   scalar       one .param of its register class (i1 as .u32 0/1; index as .u64)
 *   vector       one .param per register of its lowered form (16-bit pairs packed in
 *                a .b32, as inside a kernel)
 *   memref       the address of element [0, ..] (.u64 generic-global, or .u32 for a
 *                workgroup memref: a shared-window address), then each dynamic size and
 *                each dynamic stride as .u64; a dynamic offset is folded into the address
 * Results are .param return values of the same pieces.  A call is
 *   { .param .. vptx_cN_aK; .param .. vptx_cN_rK; st.param ..; call.uni (rets), f, (args);
 *     ld.param ..; }
 * Every device function is declared (its prototype) before the first function body,
 * so calls may go to functions defined later, and recursion is plain PTX.
 *
 * Requires:    ptxgen.c's Emit; e->role from module_func_roles; verified calls (operand
 *              and result types those of the callee).
 * Ensures:     caller and callee agree on the pieces, since both derive them from the
 *              callee's function type; a value that cannot cross (a memref result, a
 *              private memref, a tensor map) is a located error.
 * Invalidates: nothing (the IR is only read).
 */
#include "ptxgen/emit.h"

#include <inttypes.h>
#include <string.h>

/* One piece of a value crossing a call: its .param type and register class. */
typedef struct Piece {
    const char *ptype;
    RegClass cls;
} Piece;

static const char *
cls_ptype(RegClass c)
{
    switch (c) {
    case RC_B16:
        return "b16";
    case RC_B64:
        return "b64";
    case RC_F32:
        return "f32";
    case RC_F64:
        return "f64";
    default: /* RC_B32, and RC_PRED as 0/1 */
        return "b32";
    }
}

/* The pieces of a value of type t (at most max); -1 when t cannot cross a call. */
static int
pieces_of(Emit *e, TypeId t, Piece *p, int max)
{
    const Type *ty = type_get(e->m, t);
    int n = 0;
    if (ty->kind == TY_MEMREF) {
        if (ty->memspace != MS_DEFAULT && ty->memspace != MS_GLOBAL && ty->memspace != MS_WORKGROUP)
            return -1;
        bool shared = ty->memspace == MS_WORKGROUP;
        bool strided = ty->layout && ty->layout->kind == ATTR_STRIDED && ty->layout->ints;
        if (ty->layout && !strided)
            return -1; /* an affine-map layout: vptx passes strided memrefs only */
        p[n++] = (Piece){ shared ? "u32" : "u64", shared ? RC_B32 : RC_B64 };
        for (uint32_t d = 0; d < ty->rank && n < max; d++)
            if (ty->shape[d] == DIM_DYNAMIC)
                p[n++] = (Piece){ "u64", RC_B64 };
        for (uint32_t d = 0; strided && d < ty->rank && n < max; d++)
            if (ty->layout->ints[d] == DIM_DYNAMIC)
                p[n++] = (Piece){ "u64", RC_B64 };
        return n;
    }
    if (t == TY_I128) { /* its two b64 registers, the low half first */
        p[n++] = (Piece){ "b64", RC_B64 };
        p[n++] = (Piece){ "b64", RC_B64 };
        return n;
    }
    if (type_is_scalar(t)) {
        RegClass c = t == TY_INDEX ? RC_B64 : reg_class_of(t);
        p[0] = (Piece){ c == RC_PRED ? "u32" : cls_ptype(c), c };
        return 1;
    }
    if (ty->kind == TY_MMA_MATRIX) { /* a WMMA fragment: its registers */
        uint8_t per;
        uint32_t k = wmma_frag_regs(e->m, t, &per);
        RegClass c = ty->elem == TY_F32 && ty->mma_operand == MMA_C ? RC_F32 : RC_B32;
        for (uint32_t i = 0; i < k && n < max; i++)
            p[n++] = (Piece){ cls_ptype(c), c };
        return n;
    }
    if (ty->kind != TY_VECTOR)
        return -1;
    uint8_t per = pack_factor(e->m, t);
    RegClass c = per > 1 ? RC_B32 : reg_class_of(type_element(e->m, t));
    if (type_element(e->m, t) == TY_INDEX)
        c = RC_B64;
    uint32_t k = slot_count(e->m, t);
    if ((int)k > max)
        return -1;
    for (uint32_t i = 0; i < k; i++)
        p[n++] = (Piece){ c == RC_PRED ? "u32" : cls_ptype(c), c };
    return n;
}

enum { MAX_PIECES = 256 };

static const Type *
func_type(Emit *e, OpId f)
{
    const Attr *a = op_attr(e->m, f, "function_type");
    return a && a->kind == ATTR_TYPE && type_get(e->m, a->type)->kind == TY_FUNCTION
               ? type_get(e->m, a->type)
               : NULL;
}

static unsigned
piece_bytes(Piece p)
{
    return p.cls == RC_PRED ? 4 : cls_width(p.cls) / 8;
}

/* All the pieces of the results, in order; -1 when one cannot be returned.  PTX allows
   one .param return value: several pieces go in one byte array, each at an offset
   aligned to its size (ret_bytes). */
static int
result_pieces(Emit *e, const Type *ft, Piece *p)
{
    int k = 0;
    for (uint32_t i = 0; i < ft->nouts; i++) {
        int n = pieces_of(e, ft->outs[i], p + k, MAX_PIECES - k);
        if (n < 0 || type_get(e->m, ft->outs[i])->kind == TY_MEMREF)
            return -1;
        k += n;
    }
    return k;
}

static unsigned
ret_align(const Piece *p, int n)
{
    unsigned a = 1;
    for (int j = 0; j < n; j++)
        a = piece_bytes(p[j]) > a ? piece_bytes(p[j]) : a;
    return a;
}

/* The byte array's size; off[j] the offset of piece j (off may be NULL). */
static unsigned
ret_bytes(const Piece *p, int n, unsigned *off)
{
    unsigned at = 0;
    for (int j = 0; j < n; j++) {
        unsigned b = piece_bytes(p[j]);
        at = (at + b - 1) / b * b;
        if (off)
            off[j] = at;
        at += b;
    }
    unsigned a = ret_align(p, n);
    return (at + a - 1) / a * a;
}

/* "[f_ret_0]" or "[f_ret_0+8]" for piece j of n */
static void
ret_ref(char *buf, size_t size, const char *base, const Piece *p, int n, int j)
{
    unsigned off[MAX_PIECES];
    if (n == 1) {
        snprintf(buf, size, "%s", base);
        return;
    }
    ret_bytes(p, n, off);
    snprintf(buf, size, "%s+%u", base, off[j]);
}

/* "(.param .b32 f_ret_0, ..) f(.param .b32 f_param_0, ..)" into out */
static bool
signature(Emit *e, OpId f, const char *name, FILE *out)
{
    const Type *ft = func_type(e, f);
    if (!ft)
        return fail(e, op_get(e->m, f)->loc, "device function '%s' has no function type", name);
    Piece p[MAX_PIECES];
    uint32_t k = 0;
    for (uint32_t i = 0; i < ft->nouts; i++)
        if (type_get(e->m, ft->outs[i])->kind == TY_MEMREF)
            return fail(e, op_get(e->m, f)->loc,
                        "device function '%s' returns a memref: vptx passes memrefs into "
                        "device functions but not out of them",
                        name);
    int nr = result_pieces(e, ft, p);
    if (nr < 0)
        return fail(e, op_get(e->m, f)->loc, "device function '%s': a result cannot be returned",
                    name);
    if (nr == 1)
        fprintf(out, "(.param .%s %s_ret_0) ", p[0].ptype, name);
    else if (nr > 1)
        fprintf(out, "(.param .align %u .b8 %s_ret_0[%u]) ", ret_align(p, nr), name,
                ret_bytes(p, nr, NULL));
    fprintf(out, "%s(", name);
    k = 0;
    for (uint32_t i = 0; i < ft->nins; i++) {
        int n = pieces_of(e, ft->ins[i], p, MAX_PIECES);
        if (n < 0)
            return fail(e, op_get(e->m, f)->loc,
                        "device function '%s': argument #%u cannot be passed (a memref in "
                        "private memory or with an affine-map layout, a tensor map, or a value "
                        "with more than %d registers)",
                        name, i, MAX_PIECES);
        for (int j = 0; j < n; j++, k++)
            fprintf(out, "%s.param .%s %s_param_%" PRIu32, k ? ", " : "", p[j].ptype, name, k);
    }
    fputs(")", out);
    return true;
}

bool
ptxgen_device_prototype(Emit *e, OpId f, const char *name, FILE *out)
{
    fputs(".func ", out);
    if (!signature(e, f, name, out))
        return false;
    fputs(";\n", out);
    return true;
}

bool
ptxgen_device_header(Emit *e, OpId f, const char *name, FILE *out)
{
    fputs("\n.func ", out);
    return signature(e, f, name, out);
}

/* A piece of a register class read from .param (i1 as a 0/1 .u32) */
static Slot
ld_piece(Emit *e, Piece p, const char *param)
{
    if (p.cls == RC_PRED) {
        Slot w = new_reg(e, RC_B32), r = new_reg(e, RC_PRED);
        ins(e, "ld.param.u32 %s, [%s];", S(e, w), param);
        ins(e, "setp.ne.u32 %s, %s, 0;", S(e, r), S(e, w));
        return r;
    }
    Slot r = new_reg(e, p.cls);
    ins(e, "ld.param.%s %s, [%s];", p.ptype, S(e, r), param);
    return r;
}

static void
st_piece(Emit *e, Piece p, const char *param, Slot s)
{
    if (p.cls == RC_PRED) {
        Slot w = new_reg(e, RC_B32);
        if (s.is_imm)
            w = imm_slot(RC_B32, s.bits & 1);
        else
            ins(e, "selp.u32 %s, 1, 0, %s;", S(e, w), S(e, s));
        ins(e, "st.param.u32 [%s], %s;", param, S(e, w));
        return;
    }
    if (s.cls != p.cls)
        s = to_cls(e, s, p.cls, false);
    ins(e, "st.param.%s [%s], %s;", p.ptype, param, S(e, s));
}

/* The callee side of one argument: its pieces from .param into v's representation. */
static bool
device_arg(Emit *e, ValueId v, uint32_t *k)
{
    TypeId t = value_type(e->m, v);
    const Type *ty = type_get(e->m, t);
    Piece p[MAX_PIECES];
    int n = pieces_of(e, t, p, MAX_PIECES);
    char name[160];
    Slot s[MAX_PIECES];
    for (int j = 0; j < n; j++) {
        snprintf(name, sizeof name, "%s_param_%" PRIu32, e->kname, (*k)++);
        s[j] = ld_piece(e, p[j], name);
    }
    if (ty->kind == TY_MEMREF) {
        if (ty->layout && ty->layout->kind != ATTR_STRIDED)
            return fail(e, value_get(e->m, v)->loc, "memref layout must be strided or identity");
        MemRep *mr = arena_alloc(&e->m->arena, sizeof *mr);
        memset(mr, 0, sizeof *mr);
        mr->space = ty->memspace == MS_WORKGROUP ? SP_SHARED : SP_GLOBAL;
        mr->rank = ty->rank;
        mr->elem = ty->elem;
        mr->esize = (uint32_t)(type_is_scalar(ty->elem)
                                   ? type_scalar_bytes(ty->elem)
                                   : type_num_elements(e->m, ty->elem) *
                                         type_scalar_bytes(type_element(e->m, ty->elem)));
        mr->sizes = arena_alloc(&e->m->arena, (ty->rank + 1) * sizeof(Slot));
        mr->strides = arena_alloc(&e->m->arena, (ty->rank + 1) * sizeof(Slot));
        mr->align = mr->esize < 16 ? mr->esize : 16; /* all the callee knows */
        if (ty->elem == TY_I4) /* identity layout only: a buffer of whole 32-bit words */
            mr->align = 4;
        int j = 1;
        for (uint32_t d = 0; d < ty->rank; d++)
            mr->sizes[d] =
                ty->shape[d] == DIM_DYNAMIC ? s[j++] : imm_slot(RC_B64, (uint64_t)ty->shape[d]);
        for (uint32_t d = 0; ty->layout && d < ty->rank; d++)
            mr->strides[d] = ty->layout->ints[d] == DIM_DYNAMIC
                                 ? s[j++]
                                 : imm_slot(RC_B64, (uint64_t)ty->layout->ints[d]);
        if (!ty->layout)
            identity_strides(e, mr);
        mr->base = s[0];
        Rep *r = rep_new(e, v, 1, 1, ty->elem);
        r->slots[0] = s[0];
        r->mem = mr;
        return true;
    }
    if (type_is_scalar(t) && t != TY_I128) { /* an i128: two slots, as a vector's */
        rep_scalar(e, v, s[0]);
        return true;
    }
    Rep *r = rep_new(e, v, (uint32_t)n, pack_factor(e->m, t), type_element(e->m, t));
    for (int j = 0; j < n; j++)
        r->slots[j] = s[j];
    return true;
}

bool
ptxgen_device_params(Emit *e, OpId f, BlockId entry)
{
    (void)f;
    const Block *b = block_get(e->m, entry);
    uint32_t k = 0;
    bool ok = true;
    for (uint32_t i = 0; i < b->args.n && ok; i++)
        ok = device_arg(e, block_get(e->m, entry)->args.items[i], &k);
    return ok;
}

/* The pieces of value v (its representation), as slots matching pieces_of. */
static bool
value_pieces(Emit *e, ValueId v, const Piece *p, int n, Slot *out)
{
    const Type *ty = type_get(e->m, value_type(e->m, v));
    Rep *r = rep_of(e, v);
    if (ty->kind == TY_MEMREF) {
        MemRep *mr = r->mem;
        if (!mr || mr->space == SP_LOCAL)
            return fail_op(e, "passes a memref in private memory: vptx passes global and "
                              "workgroup memrefs");
        if ((mr->space == SP_SHARED) != (p[0].cls == RC_B32))
            return fail_op(e, "passes a memref whose memory space is not the callee's");
        out[0] = mr->base;
        int j = 1;
        for (uint32_t d = 0; d < ty->rank; d++)
            if (ty->shape[d] == DIM_DYNAMIC)
                out[j++] = widen(e, mr->sizes[d]);
        for (uint32_t d = 0; ty->layout && d < ty->rank; d++)
            if (ty->layout->ints[d] == DIM_DYNAMIC)
                out[j++] = widen(e, mr->strides[d]);
        return true;
    }
    if ((int)r->n != n)
        return fail_op(e, "passes a value of %u registers where the callee takes %d", r->n, n);
    for (int j = 0; j < n; j++)
        out[j] = p[j].cls == RC_B64 && r->slots[j].cls != RC_B64 && !r->slots[j].is_imm
                     ? widen(e, r->slots[j])
                     : r->slots[j];
    return true;
}

bool
ptxgen_device_return(Emit *e, OpId o)
{
    const Op *op = op_get(e->m, o);
    const Type *ft = func_type(e, e->func);
    if (!ft || ft->nouts != op->nargs)
        return fail_op(e, "returns %u values but the function type says otherwise", op->nargs);
    Piece p[MAX_PIECES];
    Slot s[MAX_PIECES];
    int nr = result_pieces(e, ft, p), k = 0;
    if (nr < 0)
        return fail_op(e, "returns a value that cannot be returned");
    for (uint32_t i = 0; i < op->nargs; i++) {
        int n = pieces_of(e, ft->outs[i], p + k, MAX_PIECES - k);
        if (!value_pieces(e, op_get(e->m, o)->args[i], p + k, n, s + k))
            return false;
        k += n;
    }
    char base[160], ref[180];
    snprintf(base, sizeof base, "%s_ret_0", e->kname);
    for (int j = 0; j < nr; j++) {
        ret_ref(ref, sizeof ref, base, p, nr, j);
        st_piece(e, p[j], ref, s[j]);
    }
    ins(e, "ret;");
    return true;
}

bool
ptxgen_lower_call(Emit *e, OpId o)
{
    Module *m = e->m;
    const char *cname = call_callee_name(m, o);
    OpId f = module_find_func(m, &e->funcs_by_name, o, cname);
    if (!f || !e->role || e->role[f] == FUNC_DECL || e->role[f] == FUNC_NONE)
        return fail_op(e,
                       "calls @%s, which has no body here: vptx links no device library "
                       "(define the function in the module)",
                       cname ? cname : "?");
    if (e->role[f] == FUNC_KERNEL)
        return fail_op(e,
                       "calls @%s, which is a kernel: a kernel cannot be called from the "
                       "device",
                       cname);
    const Type *ft = func_type(e, f);
    if (!ft)
        return fail_op(e, "calls @%s, which has no function type", cname);
    const char *sym = op_attr(m, f, "sym_name") ? op_attr(m, f, "sym_name")->str : cname;
    char fname[160];
    snprintf(fname, sizeof fname, "%s", ptxgen_ptx_name(e, sym));
    uint32_t c = e->ncalls++;
    Piece p[MAX_PIECES];
    Slot s[MAX_PIECES];
    char list[8192], rets[4096], name[64];
    size_t ll = 0, rl = 0;
    list[0] = rets[0] = 0;
    ins(e, "{");
    /* declarations first, then the stores (a .param is declared before it is used) */
    uint32_t ka = 0;
    for (uint32_t i = 0; i < ft->nins; i++) {
        int n = pieces_of(e, ft->ins[i], p, MAX_PIECES);
        for (int j = 0; j < n; j++, ka++) {
            ins(e, ".param .%s vptx_c%" PRIu32 "_a%" PRIu32 ";", p[j].ptype, c, ka);
            ll += (size_t)snprintf(list + ll, ll < sizeof list ? sizeof list - ll : 0,
                                   "%svptx_c%" PRIu32 "_a%" PRIu32, ka ? ", " : "", c, ka);
        }
    }
    Piece rp[MAX_PIECES];
    int nr = result_pieces(e, ft, rp);
    if (nr < 0)
        return fail_op(e, "returns a value that cannot cross a call");
    if (nr == 1)
        ins(e, ".param .%s vptx_c%" PRIu32 "_r0;", rp[0].ptype, c);
    else if (nr > 1)
        ins(e, ".param .align %u .b8 vptx_c%" PRIu32 "_r0[%u];", ret_align(rp, nr), c,
            ret_bytes(rp, nr, NULL));
    if (nr > 0)
        rl += (size_t)snprintf(rets, sizeof rets, "vptx_c%" PRIu32 "_r0", c);
    if (ll >= sizeof list || rl >= sizeof rets)
        return fail_op(e, "passes too many values");
    ka = 0;
    for (uint32_t i = 0; i < ft->nins; i++) {
        int n = pieces_of(e, ft->ins[i], p, MAX_PIECES);
        if (n < 0 || !value_pieces(e, op_get(m, o)->args[i], p, n, s))
            return n < 0 ? fail_op(e, "passes a value that cannot cross a call") : false;
        for (int j = 0; j < n; j++) {
            snprintf(name, sizeof name, "vptx_c%" PRIu32 "_a%" PRIu32, c, ka++);
            st_piece(e, p[j], name, s[j]);
        }
    }
    char callee[8400];
    snprintf(callee, sizeof callee, "%s%s%s%s", fname, ka ? ", (" : "", ka ? list : "",
             ka ? ")" : "");
    if (ft->nouts)
        ins(e, "call.uni (%s), %s;", rets, callee);
    else
        ins(e, "call.uni %s;", callee);
    char base[64], ref[96];
    snprintf(base, sizeof base, "vptx_c%" PRIu32 "_r0", c);
    int k = 0;
    for (uint32_t i = 0; i < ft->nouts; i++) {
        ValueId v = op_get(m, o)->res[i];
        TypeId t = value_type(m, v);
        int n = pieces_of(e, t, p, MAX_PIECES);
        for (int j = 0; j < n; j++, k++) {
            ret_ref(ref, sizeof ref, base, rp, nr, k);
            s[j] = ld_piece(e, p[j], ref);
        }
        if (type_is_scalar(t) && t != TY_I128) { /* an i128: two slots */
            rep_scalar(e, v, s[0]);
        } else {
            Rep *r = rep_new(e, v, (uint32_t)n, pack_factor(m, t), type_element(m, t));
            for (int j = 0; j < n; j++)
                r->slots[j] = s[j];
        }
    }
    ins(e, "}");
    halves_forget(e); /* the callee's registers are its own, but keep it simple */
    return true;
}
