/*
 * tensormap.c -- sim_tensor_map_encode_tiled(), the simulator's
 * cuTensorMapEncodeTiled [ptx-sm90.md §2.1, cuda.h 13.0 doc comment].
 *
 * Requires:  the arguments of cuTensorMapEncodeTiled, with a simulator
 *            device address as the global address.
 * Ensures:   the 128 bytes hold a SimTmap (simint.h) after the same checks
 *            the driver makes; exec_sm90.c decodes it with sim_tmap_decode().
 *            The encoding is the simulator's own, never the driver's.
 */
#include "sim/simint.h"

#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(SimTmap) <= sizeof(SimTensorMap), "SimTmap must fit in 128 bytes");

static unsigned
elem_size(unsigned dtype)
{
    static const unsigned char sz[] = { 1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4 };
    return dtype < sizeof sz ? sz[dtype] : 0;
}

static bool
is_float(unsigned dtype)
{
    return dtype >= SIM_TMAP_FLOAT16 && dtype <= SIM_TMAP_TFLOAT32_FTZ;
}

SIM_PRINTF(3, 4) static bool why_not(char *why, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (why && n)
        vsnprintf(why, n, fmt, ap);
    va_end(ap);
    return false;
}

/* cuTensorMapEncodeTiled's rules [ptx-sm90.md 2.1]; false with the broken one in why. */
static bool
tmap_check(unsigned data_type, uint32_t rank, uint64_t address, const uint64_t *dim,
           const uint64_t *strides, const uint32_t *box, const uint32_t *estride,
           unsigned interleave, unsigned swizzle, unsigned l2, unsigned oob, char *why, size_t n)
{
    unsigned es = elem_size(data_type);
    if (!es)
        return why_not(why, n, "data type %u (0 to 12)", data_type);
    if (rank < 1 || rank > 5)
        return why_not(why, n, "rank %u (1 to 5)", rank);
    if (!dim || !box || !estride || (rank > 1 && !strides))
        return why_not(why, n, "a NULL array argument");
    if (interleave > SIM_TMAP_INTERLEAVE_32B || swizzle > SIM_TMAP_SWIZZLE_128B || l2 > 3 ||
        oob > SIM_TMAP_OOB_FILL_NAN)
        return why_not(why, n,
                       "interleave %u (0 to 2), swizzle %u (0 to 3), L2 promotion %u (0 to "
                       "3) or out-of-bound fill %u (0 or 1)",
                       interleave, swizzle, l2, oob);
    if (interleave != SIM_TMAP_INTERLEAVE_NONE && rank < 3)
        return why_not(why, n, "an interleaved map of rank %u (at least 3)", rank);
    if (interleave == SIM_TMAP_INTERLEAVE_32B && swizzle != SIM_TMAP_SWIZZLE_32B)
        return why_not(why, n, "32-byte interleave needs the 32-byte swizzle");
    if (oob == SIM_TMAP_OOB_FILL_NAN && !is_float(data_type))
        return why_not(why, n, "NaN fill of an integer data type");
    uint64_t align = interleave == SIM_TMAP_INTERLEAVE_32B ? 32 : 16;
    if (address == 0 || address % align)
        return why_not(why, n, "global address 0x%llx is not %llu-byte aligned",
                       (unsigned long long)address, (unsigned long long)align);
    for (uint32_t d = 0; d < rank; d++) {
        if (dim[d] < 1 || dim[d] > (1ull << 32))
            return why_not(why, n, "dimension %u has size %llu (1 to 2^32)", d,
                           (unsigned long long)dim[d]);
        if (box[d] < 1 || box[d] > 256)
            return why_not(why, n, "box dimension %u is %u (1 to 256)", d, box[d]);
        if (estride[d] < 1 || estride[d] > 8)
            return why_not(why, n, "element stride %u is %u (1 to 8)", d, estride[d]);
        if (d && (strides[d - 1] % align || strides[d - 1] >= (1ull << 40)))
            return why_not(why, n,
                           "the stride of dimension %u is %llu bytes (a multiple of %llu below "
                           "2^40)",
                           d, (unsigned long long)strides[d - 1], (unsigned long long)align);
    }
    if (interleave == SIM_TMAP_INTERLEAVE_NONE) {
        uint64_t inner = (uint64_t)box[0] * es;
        static const unsigned span[] = { 0, 32, 64, 128 };
        if (inner % 16)
            return why_not(why, n, "the box's inner dimension is %llu bytes (a multiple of 16)",
                           (unsigned long long)inner);
        if (swizzle != SIM_TMAP_SWIZZLE_NONE && inner > span[swizzle])
            return why_not(why, n,
                           "the box's inner dimension is %llu bytes, more than the %u-byte "
                           "swizzle span",
                           (unsigned long long)inner, span[swizzle]);
    }
    return true;
}

SimResult
sim_tensor_map_check(unsigned data_type, uint32_t rank, SimDevPtr global_address,
                     const uint64_t *global_dim, const uint64_t *global_strides,
                     const uint32_t *box_dim, const uint32_t *element_strides, unsigned interleave,
                     unsigned swizzle, unsigned l2_promotion, unsigned oob_fill, char *why,
                     size_t n)
{
    return tmap_check(data_type, rank, global_address, global_dim, global_strides, box_dim,
                      element_strides, interleave, swizzle, l2_promotion, oob_fill, why, n)
               ? SIM_OK
               : SIM_ERR_INVALID_VALUE;
}

SimResult
sim_tensor_map_encode_tiled(SimTensorMap *map, unsigned data_type, uint32_t rank,
                            SimDevPtr global_address, const uint64_t *global_dim,
                            const uint64_t *global_strides, const uint32_t *box_dim,
                            const uint32_t *element_strides, unsigned interleave, unsigned swizzle,
                            unsigned l2_promotion, unsigned oob_fill)
{
    if (!map || !tmap_check(data_type, rank, global_address, global_dim, global_strides, box_dim,
                            element_strides, interleave, swizzle, l2_promotion, oob_fill, NULL, 0))
        return SIM_ERR_INVALID_VALUE;
    SimTmap t;
    memset(&t, 0, sizeof t);
    t.magic = SIM_TMAP_MAGIC;
    t.base = global_address;
    t.dtype = (uint8_t)data_type;
    t.rank = (uint8_t)rank;
    t.esize = (uint8_t)elem_size(data_type);
    t.swizzle = (uint8_t)swizzle;
    t.interleave = (uint8_t)interleave;
    t.oob = (uint8_t)oob_fill;
    t.l2 = (uint8_t)l2_promotion;
    for (uint32_t d = 0; d < rank; d++) {
        t.dim[d] = global_dim[d];
        t.box[d] = (uint16_t)box_dim[d];
        t.estride[d] = (uint8_t)element_strides[d];
        t.stride[d] = d ? global_strides[d - 1] : t.esize;
    }
    memset(map, 0, sizeof *map);
    memcpy(map->opaque, &t, sizeof t);
    return SIM_OK;
}

/* The map bytes may be anything a kernel wrote (st.global over a map, a map it built
   itself): every field is checked again, as the encoder did, before any is used. */
bool
sim_tmap_decode(const uint8_t *bytes, SimTmap *out, char *why, size_t n)
{
    memcpy(out, bytes, sizeof *out);
    if (out->magic != SIM_TMAP_MAGIC)
        return why_not(why, n, "no tensor map (sim_tensor_map_encode_tiled) there");
    if (out->rank < 1 || out->rank > 5)
        return why_not(why, n, "rank %u (1 to 5)", out->rank);
    uint32_t box[5], estride[5];
    for (unsigned d = 0; d < out->rank; d++) {
        box[d] = out->box[d];
        estride[d] = out->estride[d];
    }
    if (!tmap_check(out->dtype, out->rank, out->base, out->dim, out->stride + 1, box, estride,
                    out->interleave, out->swizzle, out->l2, out->oob, why, n))
        return false;
    if (out->esize != elem_size(out->dtype) || out->stride[0] != out->esize)
        return why_not(why, n, "element size %u for data type %u", out->esize, out->dtype);
    return true;
}
