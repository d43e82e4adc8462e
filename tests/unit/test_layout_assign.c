/*
 * test_layout_assign.c -- the layout assignment pass on small kernels:
 * attribute round trip, the output convention (every op with a vector result
 * carries vptx.layout, valid for its shape), the conflict statistics of the
 * flash-attention loop (seed 003), and determinism.
 */
#include "ir/frontend.h"
#include "ir/ir.h"
#include "layout/layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/files.h"

static int failures;

static void
check_at(bool ok, int line, const char *what)
{
    if (!ok) {
        fprintf(stderr, "test_layout_assign.c:%d: check failed: %s\n", line, what);
        failures++;
    }
}
#define CHECK(c) check_at((c), __LINE__, #c)

typedef struct {
    int vector_ops, laid_out, registers, shared, remat, bad;
} Stats;

static bool
count_op(Module *m, OpId op, void *ctx)
{
    Stats *s = ctx;
    const Op *o = op_get(m, op);
    bool vec = false;
    for (uint32_t r = 0; r < o->nres; r++)
        vec |= type_is_vector(m, value_type(m, o->res[r]));
    const Attr *l = op_attr(m, op, "vptx.layout");
    s->vector_ops += vec;
    if (vec && l && l->kind == ATTR_ARRAY && l->n == o->nres) {
        s->laid_out++;
        for (uint32_t r = 0; r < o->nres; r++) {
            NestedLayout nl;
            const Type *t = type_get(m, value_type(m, o->res[r]));
            if (t->kind == TY_VECTOR && (!layout_of_attr(l->items[r], &nl) ||
                                         !layout_verify(&nl, (int32_t)t->rank, t->shape, NULL, 0)))
                s->bad++;
        }
    }
    const Attr *c = op_attr(m, op, "vptx.conversion");
    s->registers += c && c->kind == ATTR_STRING && strcmp(c->str, "registers") == 0;
    s->shared += c && c->kind == ATTR_STRING && strcmp(c->str, "shared") == 0;
    s->remat += op_attr(m, op, "vptx.rematerialized") != NULL;
    return true;
}

/* Parses, assigns, prints to a string; stats of the result. */
static char *
run(const char *path, Stats *s)
{
    size_t len, outlen = 0;
    char *text = read_file(path, &len), *out = NULL;
    if (!text)
        return NULL;
    Module m;
    Diag d;
    module_init(&m);
    diag_init(&d);
    bool ok = frontend_parse(&m, &d, path, text, len) && layout_assign(&m, &d);
    CHECK(ok);
    if (ok) {
        memset(s, 0, sizeof *s);
        module_walk(&m, m.top, count_op, s);
        FILE *f = open_memstream(&out, &outlen);
        ir_print(&m, f);
        fclose(f);
    } else {
        diag_render(&d, stderr);
    }
    diag_free(&d);
    module_free(&m);
    free(text);
    return out;
}

static void
test_attr_round_trip(void)
{
    Module m;
    module_init(&m);
    NestedLayout l, back;
    CHECK(layout_mma_fragment((MmaIntrinsic){ MMA_NV_MMA_SYNC_F32_16x8x16_F16, 0 }, MMA_OPERAND_A,
                              &l));
    const Attr *a = layout_attr_new(&m, &l);
    CHECK(a->kind == ATTR_NESTED_LAYOUT && a->nested->rank == 2);
    CHECK(layout_of_attr(a, &back) && layout_equal(&l, &back));
    layout_init(&l, 0);
    CHECK(layout_of_attr(layout_attr_new(&m, &l), &back) && back.rank == 0);
    CHECK(!layout_of_attr(attr_unit(&m), &back));
    module_free(&m);
}

static void
test_flash_attention(void)
{
    Stats s, s2;
    const char *path = "tests/lit/layout/flash-attention-seed003.mlir";
    char *a = run(path, &s), *b = run(path, &s2);
    if (!a || !b) {
        CHECK(!"cannot run the flash-attention test input");
        free(a), free(b);
        return;
    }
    CHECK(s.vector_ops > 0 && s.laid_out == s.vector_ops && s.bad == 0);
    CHECK(s.registers == 1 && s.shared == 0); /* conflict #2, in registers */
    CHECK(s.remat >= 1);                      /* conflict #1, re-materialised */
    CHECK(strcmp(a, b) == 0);                 /* deterministic */
    free(a);
    free(b);
}

static void
test_conflict_costs(void)
{
    Stats s;
    char *a = run("tests/lit/layout/conflict-cost.mlir", &s);
    CHECK(a != NULL);
    if (a) {
        CHECK(s.laid_out == s.vector_ops && s.bad == 0);
        CHECK(s.shared == 1);    /* %s -> #B */
        CHECK(s.registers == 3); /* user %y, %y -> #A, %e5 -> #A2 */
        CHECK(s.remat == 7);     /* %k clone, the 6-op chain cloned for #B */
    }
    free(a);
}

int
main(void)
{
    test_attr_round_trip();
    test_flash_attention();
    test_conflict_costs();
    if (failures)
        fprintf(stderr, "test_layout_assign: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
