/*
 * unit.h -- the CHECK macro of the unit tests that share it: a failed
 * condition prints "FAIL file:line: message" and counts in `unit_failures`;
 * main() ends with `return unit_report();`.
 */
#ifndef VPTX_TESTS_UNIT_H
#define VPTX_TESTS_UNIT_H

#include "port.h" /* NAN the same under every compiler */

#include <stdio.h>

static int unit_failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            unit_failures++;                                                                       \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

/* the exit status: 0 when every CHECK held */
static inline int
unit_report(void)
{
    if (unit_failures)
        printf("%d failures\n", unit_failures);
    return unit_failures ? 1 : 0;
}

#endif
