/*
 * eighths.h -- exact f16 test inputs: k/8 for |k| <= 16, for the unit tests and benches.
 */
#ifndef VPTX_TESTS_EIGHTHS_H
#define VPTX_TESTS_EIGHTHS_H

#include <stdint.h>

/* f16 bits of k/8, |k| <= 16 (exact: a normal half or zero) */
static inline uint16_t
half_of_eighths(int k)
{
    if (k == 0)
        return 0;
    uint16_t sign = k < 0 ? 0x8000 : 0;
    unsigned m = (unsigned)(k < 0 ? -k : k);
    int e = 0; /* value = m * 2^-3 = 1.f * 2^(e - 3) */
    while ((m >> e) > 1)
        e++;
    unsigned frac = (m << (10 - e)) & 1023; /* e <= 4 */
    return (uint16_t)(sign | (unsigned)(e - 3 + 15) << 10 | frac);
}

/* The next k in -16 .. 16 from the generator state *rng (an LCG). */
static inline int
next_eighths_from(uint64_t *rng)
{
    *rng = *rng * 6364136223846793005u + 1442695040888963407u;
    return (int)((*rng >> 33) % 33) - 16;
}

#endif
