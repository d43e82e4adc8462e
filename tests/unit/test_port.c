/*
 * test_port.c -- port.h, what vptx needs of a compiler beyond C11 (docs/building.md).
 *
 * The plain C versions that stand in for the GNU builtins under tcc are checked against
 * references of their own (bit loops, a table of int64 edge cases worked out by hand,
 * and __int128 arithmetic where the compiler has it) and, under gcc and clang, against
 * the builtins themselves.  NAN and the builtins' inf and NaN must have gcc's bits under
 * every compiler.  cpu_supports must agree with __builtin_cpu_supports where the compiler
 * has one that knows the feature.  ir/alloc.c's allocation countdown must be per thread
 * (thread-local storage, or pthread keys under tcc): one thread counting down must not
 * move another's.
 */
#include "ir/ir.h"
#include "tests/unit/unit.h"

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

static uint64_t
bits_of(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static int
ref_ctz(uint32_t x)
{
    for (int i = 0; i < 32; i++)
        if (x >> i & 1)
            return i;
    return 32;
}

static int
ref_popcount(uint32_t x)
{
    int n = 0;
    for (int i = 0; i < 32; i++)
        n += x >> i & 1;
    return n;
}

static uint32_t
next_random(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(*s >> 32);
}

static void
test_bits(void)
{
    uint64_t seed = 1;
    for (int i = 0; i < 100000; i++) {
        uint32_t x = next_random(&seed) >> (i % 32);
        if (i < 32)
            x = 1u << i;
        CHECK(port_popcount(x) == ref_popcount(x), "popcount(%#x) = %d", x, port_popcount(x));
        if (x)
            CHECK(port_ctz(x) == ref_ctz(x), "ctz(%#x) = %d", x, port_ctz(x));
#if defined(__GNUC__)
        CHECK(port_popcount(x) == __builtin_popcount(x), "popcount(%#x) != builtin", x);
        if (x)
            CHECK(port_ctz(x) == __builtin_ctz(x), "ctz(%#x) != builtin", x);
#endif
    }
}

/* a op b for int64: overflow (1 or 0) and the wrapped result, worked out by hand */
static const struct {
    char op;
    int64_t a, b;
    int overflow;
    int64_t wrapped;
} cases[] = {
    { '+', 1, 2, 0, 3 },
    { '+', INT64_MAX, 0, 0, INT64_MAX },
    { '+', INT64_MAX, 1, 1, INT64_MIN },
    { '+', INT64_MIN, -1, 1, INT64_MAX },
    { '+', INT64_MIN, INT64_MAX, 0, -1 },
    { '+', INT64_MIN, INT64_MIN, 1, 0 },
    { '+', -5, 5, 0, 0 },
    { '*', 0, INT64_MIN, 0, 0 },
    { '*', -1, INT64_MIN, 1, INT64_MIN },
    { '*', INT64_MIN, -1, 1, INT64_MIN },
    { '*', INT64_MIN, 1, 0, INT64_MIN },
    { '*', 3037000499, 3037000499, 0, 9223372030926249001 },
    { '*', 3037000500, 3037000500, 1, -9223372036709301616 },
    { '*', -3037000500, 3037000500, 1, 9223372036709301616 },
    { '*', 4294967296, 2147483648, 1, INT64_MIN },
    { '*', -4294967296, 2147483648, 0, INT64_MIN },
    { '*', INT64_MAX, -1, 0, -INT64_MAX },
    { '*', 7, -9, 0, -63 },
};

static void
test_overflow(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t r = 0;
        bool o = cases[i].op == '+' ? port_add_overflow(cases[i].a, cases[i].b, &r)
                                    : port_mul_overflow(cases[i].a, cases[i].b, &r);
        CHECK(o == (cases[i].overflow != 0) && r == cases[i].wrapped,
              "%" PRId64 " %c %" PRId64 ": overflow %d, %" PRId64, cases[i].a, cases[i].op,
              cases[i].b, o, r);
    }
#if defined(__GNUC__) && defined(__SIZEOF_INT128__)
    __extension__ typedef __int128 i128;
    /* random operands of every magnitude against 128-bit arithmetic and the builtins */
    uint64_t seed = 7;
    for (int i = 0; i < 200000; i++) {
        uint64_t ua = (uint64_t)next_random(&seed) << 32 | next_random(&seed);
        uint64_t ub = (uint64_t)next_random(&seed) << 32 | next_random(&seed);
        int64_t a = (int64_t)(ua >> (i % 64)), b = (int64_t)(ub >> (i / 64 % 64));
        if (i & 1)
            a = -a;
        if (i & 2)
            b = -b;
        i128 s = (i128)a + b, p = (i128)a * b;
        int64_t r1, r2, w1, w2;
        bool o1 = port_add_overflow(a, b, &r1), o2 = port_mul_overflow(a, b, &r2);
        CHECK(o1 == (s < INT64_MIN || s > INT64_MAX) && r1 == (int64_t)(uint64_t)s,
              "%" PRId64 " + %" PRId64, a, b);
        CHECK(o2 == (p < INT64_MIN || p > INT64_MAX) && r2 == (int64_t)(uint64_t)p,
              "%" PRId64 " * %" PRId64, a, b);
        CHECK(o1 == __builtin_add_overflow(a, b, &w1) && r1 == w1, "+ != builtin");
        CHECK(o2 == __builtin_mul_overflow(a, b, &w2) && r2 == w2, "* != builtin");
    }
#endif
}

static void
test_float_constants(void)
{
    float nan = NAN;
    uint32_t nb;
    memcpy(&nb, &nan, sizeof nb);
    CHECK(nb == 0x7fc00000u, "NAN is %#x, not gcc's 0x7fc00000", nb);
    CHECK(bits_of(__builtin_nan("")) == 0x7ff8000000000000u, "__builtin_nan: %#" PRIx64,
          bits_of(__builtin_nan("")));
    CHECK(bits_of(__builtin_inf()) == 0x7ff0000000000000u, "__builtin_inf: %#" PRIx64,
          bits_of(__builtin_inf()));
    CHECK(bits_of(port_double_of_bits(0x7ff8000000000000u)) == 0x7ff8000000000000u,
          "port_double_of_bits");
}

static void
test_cpu(void)
{
#if defined(PORT_X86_FAST)
    bool f16c = cpu_supports(CPU_F16C), avx = cpu_supports(CPU_AVX), fma = cpu_supports(CPU_FMA);
    CHECK(cpu_supports(CPU_F16C | CPU_AVX) == (f16c && avx), "two features at once");
    CHECK(avx == (__builtin_cpu_supports("avx") != 0), "avx: cpuid %d, builtin %d", avx,
          __builtin_cpu_supports("avx") != 0);
    CHECK(fma == (__builtin_cpu_supports("fma") != 0), "fma: cpuid %d", fma);
#if !defined(__clang__) || __clang_major__ >= 17 /* older clang rejects "f16c" */
    CHECK(f16c == (__builtin_cpu_supports("f16c") != 0), "f16c: cpuid %d", f16c);
#endif
    printf("cpu: f16c %d, avx %d, fma %d\n", f16c, avx, fma);
#else
    printf("cpu: no x86 fast paths with this compiler\n");
#endif
}

/* Thread 1 arms its countdown, then thread 2 counts 100 allocations of its own (none
   fails: its countdown is off), then thread 1 counts: the third must be the one that
   fails.  With one counter for both, thread 2 would use thread 1's up. */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int phase;
static int other_failures = -1;

static void
wait_phase(int p)
{
    pthread_mutex_lock(&mu);
    while (phase < p)
        pthread_cond_wait(&cv, &mu);
    pthread_mutex_unlock(&mu);
}

static void
set_phase(int p)
{
    pthread_mutex_lock(&mu);
    phase = p;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
}

static void *
other_thread(void *arg)
{
    (void)arg;
    wait_phase(1);
    int n = 0;
    for (int i = 0; i < 100; i++)
        n += ir_alloc_should_fail();
    other_failures = n;
    set_phase(2);
    return NULL;
}

static void
test_per_thread_countdown(void)
{
    pthread_t t;
    if (pthread_create(&t, NULL, other_thread, NULL) != 0) {
        CHECK(0, "pthread_create");
        return;
    }
    ir_alloc_fail_at(3);
    set_phase(1);
    wait_phase(2);
    bool a = ir_alloc_should_fail(), b = ir_alloc_should_fail(), c = ir_alloc_should_fail();
    bool d = ir_alloc_should_fail();
    pthread_join(t, NULL);
    CHECK(other_failures == 0, "the other thread failed %d allocations", other_failures);
    CHECK(!a && !b && c && !d, "this thread's countdown: %d %d %d %d", a, b, c, d);
    CHECK(ir_alloc_fail_at(0) == 0, "the countdown is off after it fired");
}

int
main(void)
{
    test_bits();
    test_overflow();
    test_float_constants();
    test_cpu();
    test_per_thread_countdown();
#if defined(PORT_NO_TLS)
    printf("thread-local storage: pthread keys\n");
#else
    printf("thread-local storage: _Thread_local\n");
#endif
    if (!unit_failures)
        printf("test_port: ok\n");
    return unit_report();
}
