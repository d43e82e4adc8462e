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

SimResult
sim_tensor_map_encode_tiled(SimTensorMap *map, unsigned data_type, uint32_t rank,
                            SimDevPtr global_address, const uint64_t *global_dim,
                            const uint64_t *global_strides, const uint32_t *box_dim,
                            const uint32_t *element_strides, unsigned interleave, unsigned swizzle,
                            unsigned l2_promotion, unsigned oob_fill)
{
    unsigned es = elem_size(data_type);
    if (!map || !es || rank < 1 || rank > 5 || !global_dim || !box_dim || !element_strides ||
        (rank > 1 && !global_strides))
        return SIM_ERR_INVALID_VALUE;
    if (interleave > SIM_TMAP_INTERLEAVE_32B || swizzle > SIM_TMAP_SWIZZLE_128B ||
        l2_promotion > 3 || oob_fill > SIM_TMAP_OOB_FILL_NAN)
        return SIM_ERR_INVALID_VALUE;
    if (interleave != SIM_TMAP_INTERLEAVE_NONE && rank < 3)
        return SIM_ERR_INVALID_VALUE;
    if (interleave == SIM_TMAP_INTERLEAVE_32B && swizzle != SIM_TMAP_SWIZZLE_32B)
        return SIM_ERR_INVALID_VALUE;
    if (oob_fill == SIM_TMAP_OOB_FILL_NAN && !is_float(data_type))
        return SIM_ERR_INVALID_VALUE;
    uint64_t align = interleave == SIM_TMAP_INTERLEAVE_32B ? 32 : 16;
    if (global_address == 0 || global_address % align)
        return SIM_ERR_INVALID_VALUE;
    SimTmap t;
    memset(&t, 0, sizeof t);
    t.magic = SIM_TMAP_MAGIC;
    t.base = global_address;
    t.dtype = (uint8_t)data_type;
    t.rank = (uint8_t)rank;
    t.esize = (uint8_t)es;
    t.swizzle = (uint8_t)swizzle;
    t.interleave = (uint8_t)interleave;
    t.oob = (uint8_t)oob_fill;
    t.l2 = (uint8_t)l2_promotion;
    for (uint32_t d = 0; d < rank; d++) {
        if (global_dim[d] < 1 || global_dim[d] > (1ull << 32))
            return SIM_ERR_INVALID_VALUE;
        if (box_dim[d] < 1 || box_dim[d] > 256)
            return SIM_ERR_INVALID_VALUE;
        if (element_strides[d] < 1 || element_strides[d] > 8)
            return SIM_ERR_INVALID_VALUE;
        t.dim[d] = global_dim[d];
        t.box[d] = (uint16_t)box_dim[d];
        t.estride[d] = (uint8_t)element_strides[d];
        if (d == 0) {
            t.stride[0] = es;
        } else {
            uint64_t s = global_strides[d - 1];
            if (s % align || s >= (1ull << 40))
                return SIM_ERR_INVALID_VALUE;
            t.stride[d] = s;
        }
    }
    if (interleave == SIM_TMAP_INTERLEAVE_NONE) {
        uint64_t inner = (uint64_t)box_dim[0] * es;
        if (inner % 16)
            return SIM_ERR_INVALID_VALUE;
        static const unsigned span[] = { 0, 32, 64, 128 };
        if (swizzle != SIM_TMAP_SWIZZLE_NONE && inner > span[swizzle])
            return SIM_ERR_INVALID_VALUE;
    }
    memset(map, 0, sizeof *map);
    memcpy(map->opaque, &t, sizeof t);
    return SIM_OK;
}

bool
sim_tmap_decode(const uint8_t *bytes, SimTmap *out)
{
    memcpy(out, bytes, sizeof *out);
    if (out->magic != SIM_TMAP_MAGIC || out->rank < 1 || out->rank > 5 || !out->esize)
        return false;
    for (unsigned d = 0; d < out->rank; d++)
        if (!out->box[d] || !out->estride[d] || !out->dim[d])
            return false;
    return true;
}
