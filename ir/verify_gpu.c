/*
 * verify_gpu.c -- the verifier's rules for gpu ops (ids, shuffle,
 * subgroup_reduce, dynamic shared memory) and nvgpu ops (ldmatrix, mma.sync,
 * cp.async, mbarriers, TMA, warpgroup MMA).  gpu.func and gpu.return share
 * func's checks and live in verify_core.c.
 *
 * Called from the switch in verify.c; shared helpers are in verify_impl.h.
 *
 * Requires:    verify.c's Verifier; the generic checks (counts, dominance) passed.
 * Ensures:     true when the op meets its MLIR definition (types, attributes,
 *              regions, terminators); otherwise a located error that names the op.
 * Invalidates: nothing (the module is not changed).
 */
#include "ir/verify_impl.h"

#include <string.h>

/* ------------------------------------------------------------------ gpu */

static bool
one_of(const char *s, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return true;
    return false;
}

void
verify_gpu_id(Verifier *v, OpId o, bool has_dimension)
{
    static const char *const dims[] = { "x", "y", "z" };
    verify_want_index(v, o, result(0));
    if (!has_dimension)
        return;
    const char *d = verify_get_enum(v, o, "dimension", true);
    if (d && !one_of(d, dims, 3))
        verify_fail(v, o, "attribute 'dimension' is '%s' but must be x, y or z", d);
}

/* int or float of 32 or 64 bits, or a 1-d vector of 32 or 64 bits in all */
static bool
shuffle_type(const Verifier *v, TypeId t)
{
    uint64_t bits;
    if (type_is_scalar(t))
        bits = t == TY_INDEX || t == TY_TF32 ? 0 : type_bitwidth(t);
    else if (is_vec(v, t) && rank_of(v, t) == 1 && type_is_scalar(elem_of(v, t)))
        bits = (uint64_t)type_bitwidth(elem_of(v, t)) * (uint64_t)dim_of(v, t, 0);
    else
        bits = 0;
    return bits == 32 || bits == 64;
}

void
verify_shuffle(Verifier *v, OpId o)
{
    static const char *const modes[] = { "xor", "up", "down", "idx" };
    verify_want(v, o, operand(0), shuffle_type(v, arg_type(v, o, 0)),
                "a 32- or 64-bit integer or float, or a 1-d vector of 32 or 64 bits");
    verify_want_type(v, o, operand(1), TY_I32);
    verify_want_type(v, o, operand(2), TY_I32);
    verify_want_same(v, o, result(0), operand(0));
    verify_want_type(v, o, result(1), TY_I1);
    const char *mode = verify_get_enum(v, o, "mode", true);
    if (mode && !one_of(mode, modes, 4))
        verify_fail(v, o, "attribute 'mode' is '%s' but must be xor, up, down or idx", mode);
}

static bool
is_pow2(int64_t x)
{
    return x > 0 && (x & (x - 1)) == 0;
}

void
verify_subgroup_reduce(Verifier *v, OpId o)
{
    TypeId t = arg_type(v, o, 0);
    bool ok =
        type_is_scalar(t) || (is_vec(v, t) && rank_of(v, t) == 1 && type_is_scalar(elem_of(v, t)));
    if (!verify_want(v, o, operand(0), ok, "an integer or float, or a 1-d vector of them"))
        return;
    verify_want_same(v, o, result(0), operand(0));
    verify_check_kind_fits(v, o, verify_get_combining_kind(v, o, "op", true), elem_of(v, t));
    int64_t size = 1, stride = 1;
    bool has_size = verify_get_int(v, o, "cluster_size", &size, false);
    bool has_stride = verify_get_int(v, o, "cluster_stride", &stride, false);
    /* the warp width (32 on NVIDIA) is a target fact: ptxgen checks it */
    if (has_size && !is_pow2(size))
        verify_fail(v, o, "attribute 'cluster_size' is %lld but must be a power of two",
                    (long long)size);
    else if (has_stride && !is_pow2(stride))
        verify_fail(v, o, "attribute 'cluster_stride' is %lld but must be a power of two",
                    (long long)stride);
}

void
verify_dynamic_shared_memory(Verifier *v, OpId o)
{
    TypeId t = res_type(v, o, 0);
    const Type *x = ty(v, t);
    verify_want(v, o, result(0),
                x->kind == TY_MEMREF && x->rank == 1 && x->shape[0] == DIM_DYNAMIC &&
                    x->elem == TY_I8 && x->memspace == MS_WORKGROUP && !x->layout,
                "memref<?xi8, #gpu.address_space<workgroup>>");
}

/* ---------------------------------------------------------------- nvgpu */

static bool
want_workgroup_memref(Verifier *v, OpId o, Slot s)
{
    TypeId t = slot_type(v, o, s);
    return verify_want(v, o, s,
                       is_mem(v, t) && rank_of(v, t) <= VERIFY_MAX_RANK &&
                           is_memspace(v, t, MS_WORKGROUP),
                       "a memref in workgroup memory (address space 3)");
}

static bool
want_barriers(Verifier *v, OpId o, Slot s)
{
    return verify_want_kind(v, o, s, TY_MBARRIER_GROUP, "an !nvgpu.mbarrier.group");
}

bool
verify_want_tensormap(Verifier *v, OpId o, Slot s)
{
    TypeId t = slot_type(v, o, s);
    return verify_want(v, o, s, ty(v, t)->kind == TY_TENSORMAP && is_mem(v, ty(v, t)->elem),
                       "an !nvgpu.tensormap.descriptor");
}

/* ldmatrix: numTiles 8x8 tiles of b16 (or 32/bits elements of narrower types) per lane */
void
verify_ldmatrix(Verifier *v, OpId o)
{
    uint32_t n = v->m->ops[o].nargs;
    if (!verify_want_count(v, o, "operands", n, 1, UINT32_MAX) ||
        !verify_check_memref_access(v, o, 0, 1, n - 1) || !want_workgroup_memref(v, o, operand(0)))
        return;
    int64_t tiles;
    const Attr *tr = verify_get_attr(v, o, "transpose", ATTR_BOOL, true);
    if (!verify_get_int(v, o, "numTiles", &tiles, true))
        return;
    if (tiles != 1 && tiles != 2 && tiles != 4) {
        verify_fail(v, o, "attribute 'numTiles' is %lld but must be 1, 2 or 4", (long long)tiles);
        return;
    }
    TypeId r = res_type(v, o, 0), e = elem_of(v, r);
    if (!verify_want(v, o, result(0), is_vec(v, r) && rank_of(v, r) == 2 && type_is_scalar(e),
                     "a 2-d vector"))
        return;
    unsigned bits = type_bitwidth(e);
    if (bits > 32 || e == TY_INDEX) {
        verify_want(v, o, result(0), false, "a vector of elements of at most 32 bits");
        return;
    }
    if (tr && tr->b && bits != 16) {
        verify_fail(v, o, "transposes at 16-bit granularity but the elements are %s",
                    verify_tname(v, e));
        return;
    }
    int64_t shape[2] = { tiles, 32 / bits };
    if (dim_of(v, r, 0) != shape[0] || dim_of(v, r, 1) != shape[1])
        verify_fail(v, o, "result #0 has type %s but numTiles = %lld needs %s", verify_tname(v, r),
                    (long long)tiles, verify_vname(v, shape, 2, e));
}

/*
 * mma.sync forms that ptxas accepts (docs/ptx-sm80.md §5.1; PTX ISA
 * §9.7.14.5.7-14), by element type of A and B (f32 = tf32), and the
 * accumulator types each allows.
 */
static const struct MmaSyncForm {
    TypeId ab;
    int64_t m, n, k;
    TypeId acc1, acc2;
} mma_sync_forms[] = {
    { TY_F16, 16, 8, 16, TY_F32, TY_F16 },  { TY_F16, 16, 8, 8, TY_F32, TY_F16 },
    { TY_BF16, 16, 8, 16, TY_F32, TY_F32 }, { TY_BF16, 16, 8, 8, TY_F32, TY_F32 },
    { TY_F32, 16, 8, 8, TY_F32, TY_F32 },   { TY_F32, 16, 8, 4, TY_F32, TY_F32 },
    { TY_TF32, 16, 8, 8, TY_F32, TY_F32 },  { TY_TF32, 16, 8, 4, TY_F32, TY_F32 },
    { TY_I8, 16, 8, 32, TY_I32, TY_I32 },   { TY_I8, 16, 8, 16, TY_I32, TY_I32 },
    { TY_F64, 8, 8, 4, TY_F64, TY_F64 },
};

/*
 * nvgpu.mma.sync per-lane fragments, as MLIR's verifyMmaSyncOp: the
 * instruction is built from 8x8xK0 tiles, K0 = 128 bits of the element type
 * (4 for f64); per tile a lane holds 32 bits of A and of B and 2 accumulators.
 *   A: vector<(m/8 * k/K0) x (32/bits)>   B: vector<(k/K0 * n/8) x (32/bits)>
 *   C: vector<(m/8 * n/8) x 2>            (f64: 1 element per tile for A, B)
 */
void
verify_mma_sync(Verifier *v, OpId o)
{
    for (uint32_t i = 0; i < 3; i++)
        if (!verify_want(v, o, operand(i),
                         is_vec(v, arg_type(v, o, i)) && rank_of(v, arg_type(v, o, i)) == 2,
                         "a 2-d vector"))
            return;
    if (!verify_want_same(v, o, result(0), operand(2)))
        return;
    TypeId ea = elem_of(v, arg_type(v, o, 0)), ec = elem_of(v, arg_type(v, o, 2));
    if (elem_of(v, arg_type(v, o, 1)) != ea) {
        verify_fail(v, o,
                    "operand #1 has type %s but must have the element type of operand #0 (%s)",
                    verify_tname(v, arg_type(v, o, 1)), verify_tname(v, ea));
        return;
    }
    int64_t s[3];
    int n = verify_get_ints(v, o, "mmaShape", s, 3, true);
    if (n < 0)
        return;
    if (n != 3) {
        verify_fail(v, o, "attribute 'mmaShape' must be [m, n, k]");
        return;
    }
    const struct MmaSyncForm *form = NULL;
    for (size_t i = 0; i < sizeof mma_sync_forms / sizeof mma_sync_forms[0]; i++)
        if (mma_sync_forms[i].ab == ea && mma_sync_forms[i].m == s[0] &&
            mma_sync_forms[i].n == s[1] && mma_sync_forms[i].k == s[2])
            form = &mma_sync_forms[i];
    if (!form) {
        verify_fail(v, o,
                    "has mmaShape [%lld, %lld, %lld] with %s operands, which is no mma.sync form",
                    (long long)s[0], (long long)s[1], (long long)s[2], verify_tname(v, ea));
        return;
    }
    if (ec != form->acc1 && ec != form->acc2) {
        verify_fail(v, o, "operand #2 has type %s but %s operands accumulate in %s%s%s",
                    verify_tname(v, arg_type(v, o, 2)), verify_tname(v, ea),
                    verify_tname(v, form->acc1), form->acc2 != form->acc1 ? " or " : "",
                    form->acc2 != form->acc1 ? verify_tname(v, form->acc2) : "");
        return;
    }
    if (op_attr(v->m, o, "tf32Enabled") && ea != TY_F32)
        verify_fail(v, o, "has attribute 'tf32Enabled' but its operands are %s, not f32",
                    verify_tname(v, ea));
    unsigned bits = type_bitwidth(ea);
    int64_t k0 = ea == TY_F64 ? 4 : 128 / bits, per = ea == TY_F64 ? 1 : 32 / bits;
    int64_t mt = s[0] / 8, nt = s[1] / 8, kt = s[2] / k0;
    int64_t want_shape[3][2] = { { mt * kt, per }, { kt * nt, per }, { mt * nt, 2 } };
    for (uint32_t i = 0; i < 3; i++) {
        TypeId t = arg_type(v, o, i);
        if (dim_of(v, t, 0) != want_shape[i][0] || dim_of(v, t, 1) != want_shape[i][1])
            verify_fail(v, o, "operand #%u has type %s but mmaShape [%lld, %lld, %lld] needs %s", i,
                        verify_tname(v, t), (long long)s[0], (long long)s[1], (long long)s[2],
                        verify_vname(v, want_shape[i], 2, elem_of(v, t)));
    }
}

/*
 * nvgpu.mma.sp.sync: mma.sp with A 2:4 sparse (PTX ISA 9.7.14.6), m16n8 and the k of a
 * row below; its fragments as upstream's verifyMmaSyncOp with sparse A: K0 = 128 bits of
 * the element type, A: vector<(k/K0) x (32/bits)> (half the dense A), B: vector<(k/K0) x
 * (32/bits)>, C: vector<2x2>; the metadata is vector<2xi16> (one b32 register). The
 * sparsity selector names which lanes of each quad hold the metadata: its bits are two
 * rows of k/4 chunks (k/2 for tf32, 1:2 sparse) of 4 bits, on 1, 2 or 4 lanes, so the
 * selector runs to 3, 1 or 0 (the ranges ptxas 13.0 takes).
 */
static const struct MmaSpForm {
    TypeId ab;
    int64_t k;
    TypeId acc1, acc2;
} mma_sp_forms[] = {
    { TY_F16, 16, TY_F32, TY_F16 },      { TY_F16, 32, TY_F32, TY_F16 },
    { TY_BF16, 16, TY_F32, TY_F32 },     { TY_BF16, 32, TY_F32, TY_F32 },
    { TY_F32, 8, TY_F32, TY_F32 },       { TY_F32, 16, TY_F32, TY_F32 },
    { TY_I8, 32, TY_I32, TY_I32 },       { TY_I8, 64, TY_I32, TY_I32 },
    { TY_F8E4M3FN, 64, TY_F32, TY_F32 }, { TY_F8E5M2, 64, TY_F32, TY_F32 },
};

/* the operand types and mmaShape name a row of mma_sp_forms; NULL after reporting */
static const struct MmaSpForm *
mma_sp_form(Verifier *v, OpId o, TypeId ea, TypeId ec, int64_t s[3])
{
    int n = verify_get_ints(v, o, "mmaShape", s, 3, true);
    if (n < 0)
        return NULL;
    if (n != 3) {
        verify_fail(v, o, "attribute 'mmaShape' must be [m, n, k]");
        return NULL;
    }
    const struct MmaSpForm *form = NULL;
    bool known = false;
    for (size_t i = 0; i < sizeof mma_sp_forms / sizeof mma_sp_forms[0]; i++) {
        known = known || mma_sp_forms[i].ab == ea;
        if (mma_sp_forms[i].ab == ea && s[0] == 16 && s[1] == 8 && mma_sp_forms[i].k == s[2])
            form = &mma_sp_forms[i];
    }
    if (!known) {
        verify_fail(v, o,
                    "has %s operands; mma.sp takes f16, bf16, f32 (as tf32), i8 (as s8), "
                    "f8E4M3FN and f8E5M2",
                    verify_tname(v, ea));
        return NULL;
    }
    if (!form) {
        verify_fail(v, o,
                    "has mmaShape [%lld, %lld, %lld], which is no mma.sp form for %s (m16n8k16 "
                    "or m16n8k32 for f16 and bf16, m16n8k8 or m16n8k16 for tf32, m16n8k32 or "
                    "m16n8k64 for i8, m16n8k64 for fp8)",
                    (long long)s[0], (long long)s[1], (long long)s[2], verify_tname(v, ea));
        return NULL;
    }
    if (ec != form->acc1 && ec != form->acc2) {
        verify_fail(v, o, "operand #2 has type %s but %s operands accumulate in %s%s%s",
                    verify_tname(v, arg_type(v, o, 2)), verify_tname(v, ea),
                    verify_tname(v, form->acc1), form->acc2 != form->acc1 ? " or " : "",
                    form->acc2 != form->acc1 ? verify_tname(v, form->acc2) : "");
        return NULL;
    }
    bool tf32 = op_attr(v->m, o, "tf32Enabled") != NULL;
    if (tf32 != (ea == TY_F32)) {
        verify_fail(v, o,
                    tf32 ? "has attribute 'tf32Enabled' but its operands are %s, not f32"
                         : "has %s operands without 'tf32Enabled': mma.sp reads f32 as tf32, "
                           "as upstream's verifier says",
                    verify_tname(v, ea));
        return NULL;
    }
    return form;
}

void
verify_mma_sp_sync(Verifier *v, OpId o)
{
    for (uint32_t i = 0; i < 3; i++)
        if (!verify_want(v, o, operand(i),
                         is_vec(v, arg_type(v, o, i)) && rank_of(v, arg_type(v, o, i)) == 2,
                         "a 2-d vector"))
            return;
    TypeId mt = arg_type(v, o, 3);
    if (!verify_want(v, o, operand(3),
                     is_vec(v, mt) && rank_of(v, mt) == 1 && dim_of(v, mt, 0) == 2 &&
                         elem_of(v, mt) == TY_I16,
                     "vector<2xi16>"))
        return;
    if (!verify_want_same(v, o, result(0), operand(2)))
        return;
    TypeId ea = elem_of(v, arg_type(v, o, 0)), ec = elem_of(v, arg_type(v, o, 2));
    if (elem_of(v, arg_type(v, o, 1)) != ea) {
        verify_fail(v, o,
                    "operand #1 has type %s but must have the element type of operand #0 (%s)",
                    verify_tname(v, arg_type(v, o, 1)), verify_tname(v, ea));
        return;
    }
    int64_t s[3];
    if (!mma_sp_form(v, o, ea, ec, s))
        return;
    int64_t sel = 0;
    const Attr *sa = op_attr(v->m, o, "sparsitySelector");
    if (sa && !verify_get_int(v, o, "sparsitySelector", &sel, true))
        return;
    unsigned bits = type_bitwidth(ea);
    int64_t chunks = s[2] / (bits == 32 ? 2 : 4), lanes = 2 * chunks * 4 / 32;
    int64_t maxsel = 4 / lanes - 1;
    static const char *const who[] = { "", "one lane", "one lane pair", "", "all four lanes" };
    if (sel < 0 || sel > maxsel) {
        verify_fail(v, o,
                    "has sparsitySelector %lld but m16n8k%lld with %s operands reads metadata "
                    "from %s of each quad of lanes (0..%lld)",
                    (long long)sel, (long long)s[2], verify_tname(v, ea), who[lanes],
                    (long long)maxsel);
        return;
    }
    int64_t kt = s[2] / (128 / bits), per = 32 / bits;
    int64_t want_shape[3][2] = { { kt, per }, { kt, per }, { 2, 2 } };
    for (uint32_t i = 0; i < 3; i++) {
        TypeId t = arg_type(v, o, i);
        if (dim_of(v, t, 0) != want_shape[i][0] || dim_of(v, t, 1) != want_shape[i][1])
            verify_fail(v, o, "operand #%u has type %s but mmaShape [%lld, %lld, %lld] needs %s", i,
                        verify_tname(v, t), (long long)s[0], (long long)s[1], (long long)s[2],
                        verify_vname(v, want_shape[i], 2, elem_of(v, t)));
    }
}

static bool
last_dim_unit_stride(const Verifier *v, TypeId t)
{
    const Attr *l = ty(v, t)->layout;
    if (!l || rank_of(v, t) == 0)
        return true;
    if (l->kind == ATTR_STRIDED)
        return l->n && l->ints[l->n - 1] == 1;
    return l->kind == ATTR_AFFINE_MAP && affine_map_is_identity(l->map);
}

/* cp.async: 4, 8 or 16 bytes from a memref into workgroup memory */
void
verify_device_async_copy(Verifier *v, OpId o)
{
    uint32_t st[5], sz[5];
    if (!verify_segments(v, o, "1*1*?", st, sz) || !want_workgroup_memref(v, o, operand(0)) ||
        !verify_want_memref(v, o, operand(st[2])))
        return;
    TypeId dst = arg_type(v, o, 0), src = arg_type(v, o, st[2]);
    verify_want_kind(v, o, result(0), TY_ASYNC_TOKEN, "!nvgpu.device.async.token");
    if (elem_of(v, src) != elem_of(v, dst))
        verify_fail(v, o, "copies from %s to %s but the element types must match",
                    verify_tname(v, src), verify_tname(v, dst));
    if (!last_dim_unit_stride(v, src) || !last_dim_unit_stride(v, dst))
        verify_fail(v, o, "needs memrefs whose innermost dim has unit stride");
    if (sz[1] != rank_of(v, dst) || sz[3] != rank_of(v, src)) {
        verify_fail(v, o, "has %u destination and %u source indices but needs %u and %u", sz[1],
                    sz[3], rank_of(v, dst), rank_of(v, src));
        return;
    }
    verify_want_indices(v, o, st[1], sz[1]);
    verify_want_indices(v, o, st[3], sz[3]);
    if (sz[4])
        verify_want_index(v, o, operand(st[4]));
    int64_t n;
    if (!verify_get_int(v, o, "dstElements", &n, true))
        return;
    int64_t bytes = n * (int64_t)type_bitwidth(elem_of(v, dst)) / 8;
    if (bytes != 4 && bytes != 8 && bytes != 16)
        verify_fail(v, o,
                    "copies %lld elements of %s (%lld bytes) but cp.async moves 4, 8 or 16 bytes",
                    (long long)n, verify_tname(v, elem_of(v, dst)), (long long)bytes);
    else if (op_attr(v->m, o, "bypassL1") && bytes != 16)
        verify_fail(v, o, "has attribute 'bypassL1', which needs a 16-byte copy, not %lld bytes",
                    (long long)bytes);
}

void
verify_async_create_group(Verifier *v, OpId o)
{
    for (uint32_t i = 0; i < v->m->ops[o].nargs; i++)
        verify_want_kind(v, o, operand(i), TY_ASYNC_TOKEN, "!nvgpu.device.async.token");
    verify_want_kind(v, o, result(0), TY_ASYNC_TOKEN, "!nvgpu.device.async.token");
}

void
verify_async_wait(Verifier *v, OpId o)
{
    int64_t n;
    if (verify_want_count(v, o, "operands", v->m->ops[o].nargs, 0, 1) && v->m->ops[o].nargs)
        verify_want_kind(v, o, operand(0), TY_ASYNC_TOKEN, "!nvgpu.device.async.token");
    if (verify_get_int(v, o, "numGroups", &n, false) && n < 0)
        verify_fail(v, o, "attribute 'numGroups' is %lld but must not be negative", (long long)n);
}

void
verify_mbarrier_create(Verifier *v, OpId o)
{
    TypeId t = res_type(v, o, 0);
    if (verify_want_kind(v, o, result(0), TY_MBARRIER_GROUP, "an !nvgpu.mbarrier.group"))
        verify_want(v, o, result(0), is_memspace(v, t, MS_WORKGROUP),
                    "an !nvgpu.mbarrier.group in workgroup memory");
}

/*
 * mbarrier ops: one letter per operand, 'b' the barrier group, 'x' an index,
 * 'p' an i1; the first `required` operands must be present (the rest is an
 * optional predicate).
 */
void
verify_mbarrier_op(Verifier *v, OpId o, const char *layout, uint32_t required)
{
    uint32_t n = (uint32_t)strlen(layout), have = v->m->ops[o].nargs;
    if (!verify_want_count(v, o, "operands", have, required, n))
        return;
    for (uint32_t i = 0; i < have; i++) {
        if (layout[i] == 'b')
            want_barriers(v, o, operand(i));
        else if (layout[i] == 'x')
            verify_want_index(v, o, operand(i));
        else
            verify_want_type(v, o, operand(i), TY_I1);
    }
}

void
verify_mbarrier_arrive(Verifier *v, OpId o)
{
    verify_mbarrier_op(v, o, "bx", 2);
    verify_want_kind(v, o, result(0), TY_MBARRIER_TOKEN, "!nvgpu.mbarrier.token");
}

/* coordinates of a TMA copy: 1 to 5, as many as the descriptor's tensor has dims */
static void
check_tma_copy(Verifier *v, OpId o, uint32_t smem, uint32_t desc, uint32_t first, uint32_t n)
{
    if (!want_workgroup_memref(v, o, operand(smem)) || !verify_want_tensormap(v, o, operand(desc)))
        return;
    TypeId tensor = ty(v, arg_type(v, o, desc))->elem;
    if (elem_of(v, tensor) != elem_of(v, arg_type(v, o, smem)))
        verify_fail(v, o, "operand #%u has type %s but the descriptor's tensor is %s", smem,
                    verify_tname(v, arg_type(v, o, smem)), verify_tname(v, tensor));
    if (n < 1 || n > 5 || n != rank_of(v, tensor))
        verify_fail(v, o, "has %u coordinates but needs 1 to 5, one per dim of %s", n,
                    verify_tname(v, tensor));
    verify_want_indices(v, o, first, n);
}

void
verify_tma_load(Verifier *v, OpId o)
{
    uint32_t st[7], sz[7];
    if (!verify_segments(v, o, "111*1??", st, sz))
        return;
    want_barriers(v, o, operand(1));
    check_tma_copy(v, o, 0, 2, st[3], sz[3]);
    verify_want_index(v, o, operand(st[4]));
    if (sz[5])
        verify_want_type(v, o, operand(st[5]), TY_I16);
    if (sz[6])
        verify_want_type(v, o, operand(st[6]), TY_I1);
}

void
verify_tma_store(Verifier *v, OpId o)
{
    uint32_t st[4], sz[4];
    if (!verify_segments(v, o, "11*?", st, sz))
        return;
    check_tma_copy(v, o, 0, 1, st[2], sz[2]);
    if (sz[3])
        verify_want_type(v, o, operand(st[3]), TY_I1);
}

void
verify_tma_create_descriptor(Verifier *v, OpId o)
{
    uint32_t n = v->m->ops[o].nargs;
    if (!verify_want_count(v, o, "operands", n, 1, 6) || !verify_want_memref(v, o, operand(0)) ||
        !verify_want_tensormap(v, o, result(0)))
        return;
    TypeId tensor = ty(v, res_type(v, o, 0))->elem;
    if (n - 1 != rank_of(v, tensor))
        verify_fail(v, o, "has %u box dimensions but %s has rank %u", n - 1,
                    verify_tname(v, tensor), rank_of(v, tensor));
    verify_want_indices(v, o, 1, n - 1);
}

void
verify_tma_prefetch(Verifier *v, OpId o)
{
    if (verify_want_count(v, o, "operands", v->m->ops[o].nargs, 1, 2) &&
        verify_want_tensormap(v, o, operand(0)) && v->m->ops[o].nargs == 2)
        verify_want_type(v, o, operand(1), TY_I1);
}

void
verify_wg_generate_descriptor(Verifier *v, OpId o)
{
    if (!want_workgroup_memref(v, o, operand(0)) || !verify_want_tensormap(v, o, operand(1)) ||
        !verify_want_kind(v, o, result(0), TY_WG_DESCRIPTOR, "an !nvgpu.warpgroup.descriptor"))
        return;
    const Type *tm = ty(v, arg_type(v, o, 1));
    if (elem_of(v, tm->elem) != elem_of(v, arg_type(v, o, 0)))
        verify_fail(v, o, "operand #0 has type %s but the descriptor's tensor is %s",
                    verify_tname(v, arg_type(v, o, 0)), verify_tname(v, tm->elem));
    if (tm->swizzle != SWIZZLE_128B || tm->interleave != INTERLEAVE_NONE)
        verify_fail(v, o, "supports only tensor maps with swizzle_128b and no interleave");
}

/* the fragmented vector of an accumulator type, or 0 */
static TypeId
accumulator_vector(const Verifier *v, TypeId t)
{
    const Type *x = ty(v, t);
    return x->kind == TY_WG_ACCUMULATOR && is_vec(v, x->elem) && rank_of(v, x->elem) == 2 ? x->elem
                                                                                          : 0;
}

bool
verify_want_accumulator(Verifier *v, OpId o, Slot s)
{
    TypeId f = accumulator_vector(v, slot_type(v, o, s));
    TypeId e = elem_of(v, f);
    bool ok = f && dim_of(v, f, 0) % 64 == 0 && (e == TY_F32 || e == TY_F16 || e == TY_I32);
    return verify_want(v, o, s, ok,
                       "an !nvgpu.warpgroup.accumulator of a 2-d f32, f16 or i32 vector with M a "
                       "multiple of 64");
}

/*
 * wgmma: A is MxK and B is KxN in shared memory through descriptors, whatever the
 * transpose flags (they say which dim is contiguous, as in upstream MLIR); C = D is
 * MxN with M a multiple of 64 and N in 8..256 step 8.  As upstream, transposeA needs
 * transposeB.
 */
void
verify_warpgroup_mma(Verifier *v, OpId o)
{
    for (uint32_t i = 0; i < 2; i++) {
        TypeId t = arg_type(v, o, i);
        if (!verify_want(v, o, operand(i),
                         ty(v, t)->kind == TY_WG_DESCRIPTOR && is_mem(v, ty(v, t)->elem) &&
                             rank_of(v, ty(v, t)->elem) == 2,
                         "an !nvgpu.warpgroup.descriptor of a 2-d memref"))
            return;
    }
    if (!verify_want_accumulator(v, o, operand(2)) ||
        !verify_want_same(v, o, result(0), operand(2)))
        return;
    TypeId a = ty(v, arg_type(v, o, 0))->elem, b = ty(v, arg_type(v, o, 1))->elem;
    TypeId c = accumulator_vector(v, arg_type(v, o, 2));
    static const char *const flag[] = { "transposeA", "transposeB" };
    for (int i = 0; i < 2; i++) {
        const Attr *f = op_attr(v->m, o, flag[i]);
        if (f && f->kind != ATTR_UNIT) {
            verify_fail(v, o,
                        "has %s with a value, but it is a unit attribute: write {%s} to set it, "
                        "or leave it out",
                        flag[i], flag[i]);
            return;
        }
    }
    bool ta = op_attr(v->m, o, "transposeA") != NULL, tb = op_attr(v->m, o, "transposeB") != NULL;
    int64_t m = dim_of(v, a, 0), k = dim_of(v, a, 1);
    int64_t kb = dim_of(v, b, 0), n = dim_of(v, b, 1);
    if (ta && !tb)
        verify_fail(v, o,
                    "has transposeA without transposeB, which upstream MLIR does not lower: add "
                    "transposeB (B stored KxN, N contiguous) or drop transposeA");
    else if (k != kb)
        verify_fail(v, o, "has A with K = %lld but B with K = %lld", (long long)k, (long long)kb);
    else if (dim_of(v, c, 0) != m || dim_of(v, c, 1) != n)
        verify_fail(v, o, "operand #2 has type %s but A and B need an accumulator of %lldx%lld",
                    verify_tname(v, arg_type(v, o, 2)), (long long)m, (long long)n);
    else if (n < 8 || n > 256 || n % 8)
        verify_fail(v, o, "has N = %lld but wgmma needs N in 8..256, a multiple of 8",
                    (long long)n);
    TypeId ea = elem_of(v, a), eb = elem_of(v, b), ed = elem_of(v, c);
    bool types = ea == eb && (((ea == TY_F16 || ea == TY_BF16) && (ed == TY_F32 || ed == TY_F16)) ||
                              (ea == TY_TF32 && ed == TY_F32) || (ea == TY_I8 && ed == TY_I32));
    if (!types)
        verify_fail(v, o, "cannot multiply %s by %s into %s", verify_tname(v, ea),
                    verify_tname(v, eb), verify_tname(v, ed));
}

void
verify_warpgroup_mma_store(Verifier *v, OpId o)
{
    if (!verify_want_accumulator(v, o, operand(0)) || !verify_want_memref(v, o, operand(1)))
        return;
    TypeId f = accumulator_vector(v, arg_type(v, o, 0)), mem = arg_type(v, o, 1);
    if (rank_of(v, mem) != 2 || dim_of(v, mem, 0) != dim_of(v, f, 0) ||
        dim_of(v, mem, 1) != dim_of(v, f, 1) || elem_of(v, mem) != elem_of(v, f))
        verify_fail(v, o,
                    "operand #1 has type %s but must be a 2-d memref of the accumulator's shape "
                    "and element type (%s)",
                    verify_tname(v, mem), verify_tname(v, f));
}

/*
 * vptx.wgmma bufA, rowA, bufB, rowB, acc {k, swizzle}: one warpgroup's
 * m64nNk16 chain over K = k.  bufA and bufB are memref<(2k/S * R) x (S/2) x T,
 * workgroup> (S = swizzle bytes, T = f16 or bf16): K-major tiles of R rows in
 * 2k/S column blocks of S bytes, each row's 16-byte chunks XOR-swizzled.  rowA
 * (rowB) is the first of the 64 (N) rows the instruction reads; acc is the
 * thread's vector<N/2 x f32> accumulator fragment, in register order (or
 * vector<N/2 x f16> with f16 operands: wgmma's .f16.f16.f16).
 */
void
verify_wgmma_shared(Verifier *v, OpId o)
{
    int64_t k, s;
    if (!verify_get_int(v, o, "k", &k, true) || !verify_get_int(v, o, "swizzle", &s, true))
        return;
    /* E bytes an element of A (f16/bf16 2, f32 read as tf32 4, fp8 1): one instruction
       reads 32 bytes of each row */
    TypeId ea = is_mem(v, arg_type(v, o, 0)) ? elem_of(v, arg_type(v, o, 0)) : TY_F16;
    int64_t es = ea == TY_F32 ? 4 : ea == TY_F8E4M3FN || ea == TY_F8E5M2 ? 1 : 2;
    if (k < 32 / es || (es * k) % 32 || (s != 32 && s != 64 && s != 128) || (es * k) % s) {
        verify_fail(v, o,
                    "has k = %lld and swizzle = %lld: k must be a multiple of %lld and %lldk "
                    "a multiple of the swizzle span (32, 64 or 128 bytes)",
                    (long long)k, (long long)s, (long long)(32 / es), (long long)es);
        return;
    }
    if (es != 2 && op_attr(v->m, o, "b_mn_swizzle")) {
        verify_fail(v, o, "has b_mn_swizzle with %s operands, which wgmma reads K-major only",
                    es == 4 ? "f32 (tf32)" : "fp8");
        return;
    }
    int64_t sb = 0;
    if (op_attr(v->m, o, "b_mn_swizzle") &&
        (!verify_get_int(v, o, "b_mn_swizzle", &sb, true) ||
         ((sb != 32 && sb != 64 && sb != 128) &&
          (verify_fail(v, o, "has b_mn_swizzle = %lld, not 32, 64 or 128", (long long)sb), 1))))
        return;
    for (uint32_t i = 0; i < 4; i += 2) {
        TypeId t = arg_type(v, o, i);
        bool mn = i == 2 && sb; /* B MN-major: (2N/sb) blocks of k rows of sb bytes */
        bool ok = is_mem(v, t) && rank_of(v, t) == 2 && ty(v, t)->memspace == MS_WORKGROUP &&
                  (elem_of(v, t) == TY_F16 || elem_of(v, t) == TY_BF16 || elem_of(v, t) == TY_F32 ||
                   elem_of(v, t) == TY_F8E4M3FN || elem_of(v, t) == TY_F8E5M2) &&
                  (mn ? dim_of(v, t, 1) == sb / 2 && dim_of(v, t, 0) % k == 0
                      : dim_of(v, t, 1) == s / es && dim_of(v, t, 0) % (es * k / s * 8) == 0);
        if (!verify_want(v, o, operand(i), ok,
                         mn ? "a 2-d f16 or bf16 workgroup memref of (2N/b_mn_swizzle x k) x "
                              "b_mn_swizzle/2"
                            : "a 2-d f16, bf16, f32 (tf32) or fp8 workgroup memref of (Ek/swizzle "
                              "x 8r) x swizzle/E, E its element's bytes") ||
            !verify_want_index(v, o, operand(i + 1)))
            return;
    }
    TypeId eb = elem_of(v, arg_type(v, o, 2));
    bool fp8_pair = es == 1 && (eb == TY_F8E4M3FN || eb == TY_F8E5M2); /* e4m3 x e5m2 too */
    if (elem_of(v, arg_type(v, o, 0)) != eb && !fp8_pair) {
        verify_fail(v, o, "has A of %s but B of %s", verify_tname(v, arg_type(v, o, 0)),
                    verify_tname(v, arg_type(v, o, 2)));
        return;
    }
    TypeId acc = arg_type(v, o, 4);
    int64_t n = is_vec(v, acc) && rank_of(v, acc) == 1 ? 2 * dim_of(v, acc, 0) : 0;
    bool f16 = elem_of(v, arg_type(v, o, 0)) == TY_F16; /* .f16.f16.f16 takes f16 too */
    if (!verify_want(v, o, operand(4),
                     is_vec(v, acc) &&
                         (elem_of(v, acc) == TY_F32 || (f16 && elem_of(v, acc) == TY_F16)) &&
                         n >= 8 && n <= 256 && n % 8 == 0,
                     "a vector<N/2 x f32> (or x f16 with f16 operands), N in 8..256 a multiple "
                     "of 8") ||
        !verify_want_same(v, o, result(0), operand(4)))
        return;
}

/*
 * vptx.wgmma_ra a, bufB, rowB, acc {k, swizzle}: vptx.wgmma with A in registers.  a is
 * the thread's vector<(k/4) x 2 x T> (T = f16 or bf16): for each 16 of K the 4
 * registers of the m64nNk16 A fragment, two elements each; bufB, rowB and acc as in
 * vptx.wgmma (B K-major with the swizzle span, or MN-major with b_mn_swizzle).
 */
void
verify_wgmma_reg_a(Verifier *v, OpId o)
{
    int64_t k, s, sb = 0;
    if (!verify_get_int(v, o, "k", &k, true) || !verify_get_int(v, o, "swizzle", &s, true))
        return;
    if (k < 16 || k % 16 || (s != 32 && s != 64 && s != 128) || (2 * k) % s) {
        verify_fail(v, o,
                    "has k = %lld and swizzle = %lld: k must be a multiple of 16 and 2k "
                    "a multiple of the swizzle span (32, 64 or 128 bytes)",
                    (long long)k, (long long)s);
        return;
    }
    if (op_attr(v->m, o, "b_mn_swizzle") &&
        (!verify_get_int(v, o, "b_mn_swizzle", &sb, true) ||
         ((sb != 32 && sb != 64 && sb != 128) &&
          (verify_fail(v, o, "has b_mn_swizzle = %lld, not 32, 64 or 128", (long long)sb), 1))))
        return;
    TypeId a = arg_type(v, o, 0), b = arg_type(v, o, 1);
    if (!verify_want(v, o, operand(0),
                     is_vec(v, a) && rank_of(v, a) == 2 && dim_of(v, a, 0) == k / 4 &&
                         dim_of(v, a, 1) == 2 &&
                         (elem_of(v, a) == TY_F16 || elem_of(v, a) == TY_BF16),
                     "a vector<(k/4) x 2 x f16|bf16>: 4 registers of A fragment per 16 of K"))
        return;
    bool ok = is_mem(v, b) && rank_of(v, b) == 2 && ty(v, b)->memspace == MS_WORKGROUP &&
              elem_of(v, b) == elem_of(v, a) &&
              (sb ? dim_of(v, b, 1) == sb / 2 && dim_of(v, b, 0) % k == 0
                  : dim_of(v, b, 1) == s / 2 && dim_of(v, b, 0) % (2 * k / s * 8) == 0);
    if (!verify_want(v, o, operand(1), ok,
                     "a 2-d workgroup memref of A's element type holding B's swizzled image") ||
        !verify_want_index(v, o, operand(2)))
        return;
    TypeId acc = arg_type(v, o, 3);
    int64_t n = is_vec(v, acc) && rank_of(v, acc) == 1 ? 2 * dim_of(v, acc, 0) : 0;
    if (!verify_want(v, o, operand(3),
                     is_vec(v, acc) && elem_of(v, acc) == TY_F32 && n >= 8 && n <= 256 &&
                         n % 8 == 0,
                     "a vector<N/2 x f32>, N in 8..256 a multiple of 8"))
        return;
    verify_want_same(v, o, result(0), operand(3));
}

/* ---- tcgen05 (sm_100a) [PTX ISA 9.1 9.7.16] ---- */

/* `cols`: tensor-memory columns, a power of two from 32 to 512 [9.7.16.1.2] */
static void
want_tmem_cols(Verifier *v, OpId o)
{
    int64_t n;
    if (verify_get_int(v, o, "cols", &n, true) && (n < 32 || n > 512 || (n & (n - 1))))
        verify_fail(v, o, "attribute 'cols' is %lld but must be a power of two from 32 to 512",
                    (long long)n);
}

/* `cta_group`: 1 (default) or 2, a CTA pair [9.7.16.6]; 0 when it is neither (reported) */
static int
cta_group_of(Verifier *v, OpId o)
{
    int64_t g = 1;
    if (!op_attr(v->m, o, "cta_group") || !verify_get_int(v, o, "cta_group", &g, true))
        return 1;
    if (g != 1 && g != 2) {
        verify_fail(v, o, "attribute 'cta_group' is %lld but must be 1 or 2", (long long)g);
        return 0;
    }
    return (int)g;
}

/* The value of an i32 operand defined by arith.constant, if it is one. */
static bool
const_operand(Verifier *v, OpId o, uint32_t i, int64_t *out)
{
    ValueId a = v->m->ops[o].args[i];
    OpId d = value_get(v->m, a)->def;
    if (!valid_op(v, d) || kind_of(v, d) != OP_CONSTANT)
        return false;
    const Attr *c = op_attr(v->m, d, "value");
    if (!c || c->kind != ATTR_INT)
        return false;
    *out = c->i;
    return true;
}

/* The instruction descriptor of kind::tf32/f16/f8f6f4/i8 [Table 42], checked against the
 * kind [Table 39]: cta_group::1, dense, no .ws. */
static void
check_idesc(Verifier *v, OpId o, const char *kind, uint32_t d, int grp)
{
    unsigned dt = d >> 4 & 3, at = d >> 7 & 7, bt = d >> 10 & 7, n = (d >> 17 & 63) << 3,
             m = (d >> 24 & 31) << 4;
    bool i8 = !strcmp(kind, "i8"), f8 = !strcmp(kind, "f8f6f4"), tf = !strcmp(kind, "tf32");
    const char *why = NULL;
    if (d & (1u << 2 | 3u))
        why = "sets sparsity (bits 0-2), which vptx does not emit (no tcgen05.mma.sp)";
    else if (d & (1u << 6 | 1u << 23 | 1u << 29))
        why = "sets a reserved bit (6, 23 or 29)";
    else if (d >> 30)
        why = "sets the .ws maximum shift (bits 30-31) on a plain tcgen05.mma";
    else if ((d & 8) && !i8)
        why = "sets saturate (bit 3), which only kind::i8 has";
    else if (i8 && (d & (3u << 13)))
        why = "negates A or B (bits 13-14), which kind::i8 cannot";
    else if (i8 ? dt != 2 : tf ? dt != 1 : dt > 1)
        why = i8   ? "has a D type (bits 4-5) other than S32 = 2, which kind::i8 needs"
              : tf ? "has a D type (bits 4-5) other than F32 = 1, which kind::tf32 needs"
                   : "has a D type (bits 4-5) other than F16 = 0 or F32 = 1";
    else if (i8   ? at > 1 || bt > 1
             : tf ? at != 2 || bt != 2
             : f8 ? at == 2 || at > 5 || bt == 2 || bt > 5
                  : at > 1 || bt != at || (dt == 0 && at != 0))
        why = i8   ? "has A/B types (bits 7-12) other than U8 = 0 / S8 = 1"
              : tf ? "has A/B types (bits 7-12) other than TF32 = 2"
              : f8 ? "has A/B types (bits 7-12) other than E4M3 = 0, E5M2 = 1, E2M3 = 3, E3M2 = "
                     "4, E2M1 = 5"
                   : "has A/B types (bits 7-12) other than both F16 = 0 or both BF16 = 1 (F16 "
                     "only with an F16 D)";
    else if (grp == 2 ? m != 128 && m != 256 : m != 64 && m != 128)
        why = grp == 2 ? "has M (bits 24-28, M >> 4) other than 128 or 256 (cta_group::2)"
                       : "has M (bits 24-28, M >> 4) other than 64 or 128 (cta_group::1)";
    else if (n < 8 || n > 256 || (i8 && n > 32 && n % 16))
        why = i8 ? "has N (bits 17-22, N >> 3) outside 8, 16, 24, 32, 48, ... 256 (kind::i8)"
                 : "has N (bits 17-22, N >> 3) outside 8 to 256";
    if (why)
        verify_fail(v, o, "instruction descriptor 0x%08x %s for kind::%s", d, why, kind);
}

static void
verify_tcgen05_mma(Verifier *v, OpId o)
{
    static const char *const kinds[] = { "f16", "tf32", "f8f6f4", "i8" };
    const char *kind = verify_get_enum(v, o, "kind", true);
    bool known = false;
    for (size_t i = 0; kind && i < sizeof kinds / sizeof kinds[0]; i++)
        known = known || !strcmp(kind, kinds[i]);
    if (kind && !known) {
        verify_fail(v, o,
                    "attribute 'kind' is \"%s\" but must be \"f16\", \"tf32\", \"f8f6f4\" or "
                    "\"i8\" (block-scaled kinds: vptx.tcgen05_mma_block_scale)",
                    kind);
        return;
    }
    TypeId at = arg_type(v, o, 1); /* i64: a shared memory descriptor; i32: [a-tmem] */
    if (!verify_want_type(v, o, operand(0), TY_I32) ||
        !verify_want(v, o, operand(1), at == TY_I64 || at == TY_I32,
                     "i64 (A's shared memory descriptor) or i32 (A's tensor-memory address)") ||
        !verify_want_type(v, o, operand(2), TY_I64) ||
        !verify_want_type(v, o, operand(3), TY_I32) || !verify_want_type(v, o, operand(4), TY_I1))
        return;
    int64_t d;
    if (kind && const_operand(v, o, 3, &d))
        check_idesc(v, o, kind, (uint32_t)d, cta_group_of(v, o));
}

/* tcgen05.ld / st [9.7.16.8]: the shape's registers a thread for .x1 (0: not a shape) */
static int64_t
tc_ldst_regs_x1(const char *shape)
{
    static const struct {
        const char *name;
        int64_t regs;
    } shapes[] = {
        { "32x32b", 1 }, { "16x64b", 1 }, { "16x128b", 2 }, { "16x256b", 4 }, { "16x32bx2", 1 }
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        if (!strcmp(shape, shapes[i].name))
            return shapes[i].regs;
    return 0;
}

/* A flag attribute: present as a unit, or a bool. */
static bool
flag_attr(Verifier *v, OpId o, const char *name)
{
    const Attr *a = op_attr(v->m, o, name);
    return a && (a->kind == ATTR_UNIT || (a->kind == ATTR_BOOL && a->b));
}

/* tcgen05.ld / st .SHAPE.xN: N x (the shape's .x1 registers) .b32 registers a thread, at
 * most 128; .16x32bx2 takes `half` (the second half's column offset); `pack` (ld) /
 * `unpack` (st) move two 16-bit halves a register, in a vector of i32 [9.7.16.8] */
static void
verify_tcgen05_ldst(Verifier *v, OpId o, bool st)
{
    const char *shape = verify_get_enum(v, o, "shape", false);
    int64_t per = shape ? tc_ldst_regs_x1(shape) : 1, half;
    if (!per) {
        verify_fail(v, o,
                    "attribute 'shape' is \"%s\" but must be \"32x32b\", \"16x64b\", "
                    "\"16x128b\", \"16x256b\" or \"16x32bx2\"",
                    shape);
        return;
    }
    bool x2 = shape && !strcmp(shape, "16x32bx2");
    if (x2 && verify_get_int(v, o, "half", &half, true) && (half < 0 || half > 511))
        verify_fail(v, o, "attribute 'half' is %lld but must be a column offset from 0 to 511",
                    (long long)half);
    if (!x2 && op_attr(v->m, o, "half"))
        verify_fail(v, o, "attribute 'half' belongs to shape \"16x32bx2\" only");
    if (op_attr(v->m, o, st ? "pack" : "unpack"))
        verify_fail(v, o, "attribute '%s' belongs to tcgen05_%s", st ? "pack" : "unpack",
                    st ? "ld" : "st");
    bool pk = flag_attr(v, o, st ? "unpack" : "pack");
    if (!verify_want_type(v, o, operand(0), TY_I32))
        return;
    Slot s = st ? operand(1) : result(0);
    TypeId t = slot_type(v, o, s);
    int64_t n = is_vec(v, t) && rank_of(v, t) == 1 ? dim_of(v, t, 0) : 0;
    bool elem_ok =
        pk ? elem_of(v, t) == TY_I32 : elem_of(v, t) == TY_I32 || elem_of(v, t) == TY_F32;
    if (per == 1)
        verify_want(v, o, s, n >= 1 && n <= 128 && !(n & (n - 1)) && elem_ok,
                    pk ? "a vector<N x i32> (two 16-bit halves each), N a power of two from 1 "
                         "to 128"
                       : "a vector<N x i32|f32>, N a power of two from 1 to 128");
    else
        verify_want(v, o, s, n >= per && n <= 128 && !(n & (n - 1)) && elem_ok,
                    per == 2 ? (pk ? "a vector<N x i32>, N a power of two from 2 to 128 (16x128b: "
                                     "2 registers for .x1)"
                                   : "a vector<N x i32|f32>, N a power of two from 2 to 128 "
                                     "(16x128b: 2 registers for .x1)")
                             : (pk ? "a vector<N x i32>, N a power of two from 4 to 128 (16x256b: "
                                     "4 registers for .x1)"
                                   : "a vector<N x i32|f32>, N a power of two from 4 to 128 "
                                     "(16x256b: 4 registers for .x1)"));
}

/* tcgen05.cp .SHAPE{.multicast} [taddr], sdesc [9.7.16.9.1]: 64x128b needs a warpx2
 * multicast, 32x128b warpx4, the others none */
static void
verify_tcgen05_cp(Verifier *v, OpId o)
{
    static const struct {
        const char *shape, *multicast[2];
    } forms[] = {
        { "128x256b", { NULL, NULL } },    { "4x256b", { NULL, NULL } },
        { "128x128b", { NULL, NULL } },    { "64x128b", { "warpx2::02_13", "warpx2::01_23" } },
        { "32x128b", { "warpx4", NULL } },
    };
    verify_want_type(v, o, operand(0), TY_I32);
    verify_want_type(v, o, operand(1), TY_I64);
    const char *shape = verify_get_enum(v, o, "shape", true);
    const char *mc = verify_get_enum(v, o, "multicast", false);
    if (!shape)
        return;
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        if (strcmp(shape, forms[i].shape))
            continue;
        const char *const *m = forms[i].multicast;
        bool ok = m[0] ? mc && (!strcmp(mc, m[0]) || (m[1] && !strcmp(mc, m[1]))) : !mc;
        if (!ok)
            verify_fail(v, o,
                        m[0] ? "shape \"%s\" needs attribute 'multicast' = \"%s\"%s%s%s"
                             : "shape \"%s\" takes no attribute 'multicast'%s%s%s%s",
                        shape, m[0] ? m[0] : "", m[1] ? " or \"" : "", m[1] ? m[1] : "",
                        m[1] ? "\"" : "");
        return;
    }
    verify_fail(v, o,
                "attribute 'shape' is \"%s\" but must be \"128x256b\", \"4x256b\", \"128x128b\", "
                "\"64x128b\" or \"32x128b\"",
                shape);
}

/* The block-scaled instruction descriptor [Table 44; CUTLASS's InstrDescriptorBlockScaled]:
 * bits 0-2 sparsity, 3 and 6 reserved, 4-5 B's scale-factor byte, 7-9 / 10-12 A / B
 * format, 13-14 negate, 15-16 MN-major, 17-22 N >> 3, 23 scale format (UE4M3 0, UE8M0
 * 1), 24-28 M >> 4, 29-30 A's scale-factor byte, 31 (K = 96) not supported.  kind::
 * mxf8f6f4: E4M3 0, E5M2 1, E2M3 3, E3M2 4, E2M1 5 with scale_vec::1X and UE8M0;
 * mxf4: E2M1 1, 2X, UE8M0; mxf4nvf4: E2M1 1, 2X with UE8M0 or 4X with either. */
static void
check_idesc_bs(Verifier *v, OpId o, const char *kind, const char *sv, uint32_t d, int grp)
{
    unsigned at = d >> 7 & 7, bt = d >> 10 & 7, n = (d >> 17 & 63) << 3, m = (d >> 24 & 31) << 4;
    unsigned sfb = d >> 4 & 3, sfa = d >> 29 & 3, ue8m0 = d >> 23 & 1;
    bool f8 = !strcmp(kind, "mxf8f6f4"), x4 = !strcmp(sv, "4X"), x2 = !strcmp(sv, "2X");
    const char *why = NULL;
    if (d & 7u)
        why = "sets sparsity (bits 0-2), which vptx does not emit";
    else if (d & (1u << 3 | 1u << 6))
        why = "sets a reserved bit (3 or 6)";
    else if (d >> 31)
        why = "sets bit 31 (K = 96), which vptx does not support";
    else if (f8 ? at == 2 || at > 5 || bt == 2 || bt > 5 : at != 1 || bt != 1)
        why = f8 ? "has A/B formats (bits 7-12) other than E4M3 = 0, E5M2 = 1, E2M3 = 3, E3M2 = "
                   "4, E2M1 = 5"
                 : "has A/B formats (bits 7-12) other than E2M1 = 1";
    else if ((d >> 15 & 3) && (!f8 || at > 1 || bt > 1))
        why = "is MN-major (bits 15-16), which only 8-bit formats may be";
    else if (!ue8m0 && !x4)
        why = "has scale format UE4M3 (bit 23 clear), which needs scale_vec::4X of "
              "kind::mxf4nvf4";
    else if (x4 ? sfa || sfb : x2 ? (sfa | sfb) & 1 : 0)
        why = "has a scale-factor byte (bits 4-5, 29-30) the scale_vec does not allow (4X: 0; "
              "2X: 0 or 2)";
    else if (grp == 2 ? m != 128 && m != 256 : m != 64 && m != 128)
        why = grp == 2 ? "has M (bits 24-28, M >> 4) other than 128 or 256 (cta_group::2)"
                       : "has M (bits 24-28, M >> 4) other than 64 or 128 (cta_group::1)";
    else if (n < 8 || n > 256)
        why = "has N (bits 17-22, N >> 3) outside 8 to 256";
    if (why)
        verify_fail(v, o, "instruction descriptor 0x%08x %s for kind::%s", d, why, kind);
}

/* tcgen05.mma.kind::K.block_scale.scale_vec::V: the kinds and their scale vectors
 * [9.7.16.10.9]: mxf8f6f4 1X, mxf4 2X, mxf4nvf4 2X or 4X */
static void
verify_tcgen05_mma_bs(Verifier *v, OpId o)
{
    const char *kind = verify_get_enum(v, o, "kind", true);
    const char *sv = verify_get_enum(v, o, "scale_vec", true);
    if (!kind || !sv)
        return;
    bool f8 = !strcmp(kind, "mxf8f6f4"), f4 = !strcmp(kind, "mxf4"), nv = !strcmp(kind, "mxf4nvf4");
    if (!f8 && !f4 && !nv) {
        verify_fail(v, o,
                    "attribute 'kind' is \"%s\" but must be \"mxf8f6f4\", \"mxf4\" or "
                    "\"mxf4nvf4\" (the block-scaled kinds)",
                    kind);
        return;
    }
    if (f8 ? strcmp(sv, "1X") : f4 ? strcmp(sv, "2X") : strcmp(sv, "2X") && strcmp(sv, "4X")) {
        verify_fail(v, o, "attribute 'scale_vec' is \"%s\" but kind::%s needs %s", sv, kind,
                    f8   ? "\"1X\""
                    : f4 ? "\"2X\""
                         : "\"2X\" or \"4X\"");
        return;
    }
    TypeId at = arg_type(v, o, 1);
    if (!verify_want_type(v, o, operand(0), TY_I32) ||
        !verify_want(v, o, operand(1), at == TY_I64 || at == TY_I32,
                     "i64 (A's shared memory descriptor) or i32 (A's tensor-memory address)") ||
        !verify_want_type(v, o, operand(2), TY_I64) ||
        !verify_want_type(v, o, operand(3), TY_I32) ||
        !verify_want_type(v, o, operand(4), TY_I32) ||
        !verify_want_type(v, o, operand(5), TY_I32) || !verify_want_type(v, o, operand(6), TY_I1))
        return;
    int64_t d;
    if (const_operand(v, o, 3, &d))
        check_idesc_bs(v, o, kind, sv, (uint32_t)d, cta_group_of(v, o));
}

static void
want_kind_attr(Verifier *v, OpId o, const char *a, const char *b)
{
    const char *k = verify_get_enum(v, o, "kind", true);
    if (k && strcmp(k, a) && strcmp(k, b))
        verify_fail(v, o, "attribute 'kind' is \"%s\" but must be \"%s\" or \"%s\"", k, a, b);
}

void
verify_tcgen05(Verifier *v, OpId o)
{
    uint32_t n = v->m->ops[o].nargs;
    switch (kind_of(v, o)) {
    case OP_TCGEN05_ALLOC:
    case OP_TCGEN05_DEALLOC:
    case OP_TCGEN05_RELINQUISH:
    case OP_TCGEN05_COMMIT:
    case OP_TCGEN05_COMMIT_MC:
    case OP_TCGEN05_CP:
    case OP_TCGEN05_SHIFT:
        cta_group_of(v, o); /* mma and mma_block_scale check it with their descriptor */
        break;
    case OP_TCGEN05_MMA:
    case OP_TCGEN05_MMA_BS:
        break;
    default:
        if (op_attr(v->m, o, "cta_group"))
            verify_fail(v, o, "takes no attribute 'cta_group'");
        break;
    }
    switch (kind_of(v, o)) {
    case OP_TCGEN05_ALLOC:
        if (verify_want_count(v, o, "operands", n, 1, UINT32_MAX) &&
            verify_check_memref_access(v, o, 0, 1, n - 1) &&
            want_workgroup_memref(v, o, operand(0)))
            verify_want(v, o, operand(0), elem_of(v, arg_type(v, o, 0)) == TY_I32,
                        "a workgroup memref of i32 (the slot the address is written to)");
        want_tmem_cols(v, o);
        break;
    case OP_TCGEN05_DEALLOC:
        verify_want_type(v, o, operand(0), TY_I32);
        want_tmem_cols(v, o);
        break;
    case OP_TCGEN05_SMEM_DESC: {
        int64_t sw = 0, lbo, sbo;
        if (verify_want_count(v, o, "operands", n, 1, UINT32_MAX) &&
            verify_check_memref_access(v, o, 0, 1, n - 1))
            want_workgroup_memref(v, o, operand(0));
        verify_want_type(v, o, result(0), TY_I64);
        if (op_attr(v->m, o, "swizzle") && verify_get_int(v, o, "swizzle", &sw, true) && sw != 0 &&
            sw != 32 && sw != 64 && sw != 128)
            verify_fail(v, o, "attribute 'swizzle' is %lld but must be 0, 32, 64 or 128",
                        (long long)sw);
        if (verify_get_int(v, o, "lbo", &lbo, true) && (lbo < 0 || lbo >= 1 << 18 || lbo % 16))
            verify_fail(v, o,
                        "attribute 'lbo' is %lld but must be a multiple of 16 below 262144 "
                        "(14 bits of lbo >> 4)",
                        (long long)lbo);
        if (verify_get_int(v, o, "sbo", &sbo, true) && (sbo < 0 || sbo >= 1 << 18 || sbo % 16))
            verify_fail(v, o,
                        "attribute 'sbo' is %lld but must be a multiple of 16 below 262144 "
                        "(14 bits of sbo >> 4)",
                        (long long)sbo);
        break;
    }
    case OP_TCGEN05_MMA:
        verify_tcgen05_mma(v, o);
        break;
    case OP_TCGEN05_COMMIT:
        verify_mbarrier_op(v, o, "bx", 2);
        break;
    case OP_TCGEN05_COMMIT_MC: /* the mask: a 16-bit CTA mask of the cluster */
        if (verify_want_count(v, o, "operands", n, 3, 3)) {
            want_barriers(v, o, operand(0));
            verify_want_index(v, o, operand(1));
            verify_want_type(v, o, operand(2), TY_I16);
        }
        break;
    case OP_TCGEN05_LD:
    case OP_TCGEN05_ST:
        verify_tcgen05_ldst(v, o, kind_of(v, o) == OP_TCGEN05_ST);
        break;
    case OP_TCGEN05_WAIT:
        want_kind_attr(v, o, "ld", "st");
        break;
    case OP_TCGEN05_FENCE:
        want_kind_attr(v, o, "before", "after");
        break;
    case OP_TCGEN05_CP:
        verify_tcgen05_cp(v, o);
        break;
    case OP_TCGEN05_SHIFT:
        verify_want_type(v, o, operand(0), TY_I32);
        break;
    case OP_TCGEN05_MMA_BS:
        verify_tcgen05_mma_bs(v, o);
        break;
    default: /* OP_TCGEN05_RELINQUISH: nothing to check */
        break;
    }
}
