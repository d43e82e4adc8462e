/*
 * port.h -- what vptx needs from a compiler beyond C11, in one place.
 *
 * vptx builds with gcc, clang and tcc (docs/building.md).  The sources use a
 * few GNU builtins; gcc and clang have them, and for a compiler that does not
 * (tcc; __GNUC__ undefined) this header supplies each as a plain C function
 * of the same meaning, so that the call sites read the same everywhere:
 *
 *   __builtin_ctz, __builtin_popcount        32-bit unsigned operands
 *   __builtin_add_overflow, _mul_overflow    int64_t operands and result only
 *   __builtin_inf(), __builtin_nan("")       the doubles +inf and the positive
 *                                            quiet NaN 0x7ff8000000000000 (the
 *                                            bits gcc gives, so that the PTX
 *                                            immediates made from them match)
 *   NAN                                      <math.h>'s, redefined: glibc gives
 *                                            other compilers 0.0f / 0.0f, the
 *                                            negative NaN on x86, and tcc cannot
 *                                            use that in a static initializer
 *                                            (so tests keep NAN out of those)
 *
 * tcc 0.9.27 bugs to keep clear of (its test run finds them): a function
 * that returns a struct of 9 to 15 bytes (Loc) by value writes 16 bytes, over
 * the caller's neighbouring local (so no function returns a Loc); long double
 * arguments converted from double at the call arrive wrong; unary minus does
 * not flip a NaN's sign (write copysign); and no constant expression may
 * make a NaN.
 *
 * The port_* functions behind them are defined for every compiler, so that
 * tests/unit/test_port.c can compare them with the builtins under gcc.
 *
 * cpu_supports(CPU_F16C) etc.: whether the host CPU (and its OS) runs the
 * x86 extension, read once with cpuid, for the simulator's fast paths that
 * are compiled with __attribute__((target(...))) where the compiler has it
 * (PORT_X86_FAST).  __builtin_cpu_supports is not used: clang before 17
 * rejects "f16c".
 *
 * PORT_TLS: _Thread_local where the compiler has thread-local storage; where
 * it has none (tcc, or -DVPTX_NO_TLS) PORT_NO_TLS is defined instead and
 * ir/alloc.c keeps its per-thread state with pthread_getspecific.  Nothing
 * else in vptx is thread-local, so compiles may run in parallel either way.
 *
 * PRINTF_LIKE(f, a), NORETURN: the GNU attributes; elsewhere nothing and C11's
 * _Noreturn.
 */
#ifndef VPTX_PORT_H
#define VPTX_PORT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define NORETURN          __attribute__((noreturn))
#else
#define PRINTF_LIKE(f, a)
#define NORETURN _Noreturn
#endif

#if defined(__TINYC__) || defined(VPTX_NO_TLS)
#define PORT_NO_TLS 1
#else
#define PORT_TLS _Thread_local
#endif

static inline int
port_ctz(uint32_t x) /* x != 0 */
{
    int n = 0;
    for (; !(x & 1); x >>= 1)
        n++;
    return n;
}

static inline int
port_popcount(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* true on overflow; *r gets the wrapped result either way, as with the builtins */
static inline bool
port_add_overflow(int64_t a, int64_t b, int64_t *r)
{
    *r = (int64_t)((uint64_t)a + (uint64_t)b);
    return b > 0 ? a > INT64_MAX - b : a < INT64_MIN - b;
}

static inline bool
port_mul_overflow(int64_t a, int64_t b, int64_t *r)
{
    *r = (int64_t)((uint64_t)a * (uint64_t)b);
    if (a > 0)
        return b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a;
    return b > 0 ? a < INT64_MIN / b : a != 0 && b < INT64_MAX / a;
}

static inline double
port_double_of_bits(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static inline float
port_nanf(void)
{
    uint32_t bits = 0x7fc00000u;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

#if !defined(__GNUC__)
#include <math.h>
#undef NAN
#define NAN                             port_nanf()
#define __builtin_ctz(x)                port_ctz(x)
#define __builtin_popcount(x)           port_popcount(x)
#define __builtin_add_overflow(a, b, r) port_add_overflow(a, b, r)
#define __builtin_mul_overflow(a, b, r) port_mul_overflow(a, b, r)
#define __builtin_inf()                 port_double_of_bits(0x7ff0000000000000u)
#define __builtin_nan(s)                port_double_of_bits(0x7ff8000000000000u)
#endif

/* x86 extensions: PORT_X86_FAST where the compiler builds target("...") functions */
enum { CPU_F16C = 1, CPU_AVX = 2, CPU_FMA = 4 };

#if defined(__x86_64__) && defined(__GNUC__)
#define PORT_X86_FAST 1
#include <cpuid.h>

/* CPUID.1:ECX bits 12 (FMA), 27 (OSXSAVE), 28 (AVX), 29 (F16C); the three need the OS
   to save the YMM state (XCR0 bits 1 and 2). */
static inline unsigned
cpu_probe(void)
{
    unsigned a, b, c, d, f = 1u << 31;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c >> 27 & 1))
        return f;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6)
        return f;
    return f | (c >> 29 & 1 ? CPU_F16C : 0) | (c >> 28 & 1 ? CPU_AVX : 0) |
           (c >> 12 & 1 ? CPU_FMA : 0);
}

static inline bool
cpu_supports(unsigned feature)
{
    static unsigned known; /* bit 31: probed */
    unsigned f = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (!f) {
        f = cpu_probe();
        __atomic_store_n(&known, f, __ATOMIC_RELAXED);
    }
    return (f & feature) == feature;
}
#endif

#endif
