/*
 * test_symtab.c -- unit tests for ir/symtab.c: keys are (scope, kind, name), the first
 * op added under a key is the one found, lookups of absent keys find 0, and all of it
 * holds across the table's growth (tens of thousands of names, as a module of many
 * kernels has).  Expected values are the ops the test itself added.
 */
#include "ir/ir.h"

#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

enum { N = 20000 };
static char names[N][16];

int
main(void)
{
    SymTab t = { 0 };
    CHECK(symtab_find(&t, 0, OP_GLOBAL, "a") == 0); /* empty */
    for (uint32_t i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "buf%u", i);
        symtab_add(&t, 7, OP_GLOBAL, names[i], 100 + i);
    }
    uint32_t bad = 0;
    for (uint32_t i = 0; i < N; i++)
        bad += symtab_find(&t, 7, OP_GLOBAL, names[i]) != 100 + i;
    CHECK(bad == 0);
    CHECK(t.n == N);
    /* another scope, another kind: other keys */
    CHECK(symtab_find(&t, 0, OP_GLOBAL, "buf5") == 0);
    CHECK(symtab_find(&t, 7, OP_FUNC, "buf5") == 0);
    symtab_add(&t, 0, OP_GLOBAL, "buf5", 1);
    symtab_add(&t, 7, OP_FUNC, "buf5", 2);
    CHECK(symtab_find(&t, 0, OP_GLOBAL, "buf5") == 1);
    CHECK(symtab_find(&t, 7, OP_FUNC, "buf5") == 2);
    CHECK(symtab_find(&t, 7, OP_GLOBAL, "buf5") == 105);
    /* a second op under a key does not replace the first (names compared by content) */
    char copy[16];
    strcpy(copy, "buf9");
    symtab_add(&t, 7, OP_GLOBAL, copy, 3);
    CHECK(symtab_find(&t, 7, OP_GLOBAL, "buf9") == 109);
    CHECK(symtab_find(&t, 7, OP_GLOBAL, "buf") == 0);
    CHECK(symtab_find(&t, 7, OP_GLOBAL, "buf20000") == 0);
    CHECK(symtab_find(&t, 7, OP_GLOBAL, NULL) == 0);
    symtab_free(&t);
    CHECK(t.cap == 0 && t.n == 0 && symtab_find(&t, 7, OP_GLOBAL, "buf1") == 0);
    if (failures)
        fprintf(stderr, "test_symtab: %d failures\n", failures);
    return failures != 0;
}
