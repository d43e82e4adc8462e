/*
 * test_ir_memory.c -- what the IR costs per op (issue 18, part 4): attributes are
 * interned (equal constructor arguments give one pointer, different ones never do);
 * the parser leaves no per-op scratch arrays in the module's arena; layout assignment
 * shares one vptx.layout attribute among the ops that have the same layout.  The byte
 * budgets are counted from the records an op needs (see each CHECK), not measured.
 */
#include "ir/frontend.h"
#include "ir/ir.h"
#include "layout/layout.h"
#include "tests/unit/unit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void
test_interning(void)
{
    Module m;
    module_init(&m);
    CHECK(attr_int(&m, 7, TY_I32) == attr_int(&m, 7, TY_I32), "equal ints shared");
    CHECK(attr_int(&m, 7, TY_I32) != attr_int(&m, 7, TY_I64), "type is part of an int");
    CHECK(attr_int(&m, 7, TY_I32) != attr_int(&m, 8, TY_I32), "value is part of an int");
    CHECK(attr_float(&m, 0.0, TY_F32) != attr_float(&m, -0.0, TY_F32), "-0.0 is not 0.0");
    CHECK(attr_float(&m, NAN, TY_F32) == attr_float(&m, NAN, TY_F32), "same NaN bits shared");
    CHECK(attr_string(&m, "ab\0c", 4) == attr_string(&m, "ab\0c", 4), "equal strings shared");
    CHECK(attr_string(&m, "ab\0c", 4) != attr_string(&m, "ab\0d", 4), "bytes after a NUL count");
    CHECK(attr_string(&m, "ab", 2) != attr_symbol(&m, "ab"), "kind is part of an attribute");
    CHECK(attr_unit(&m) == attr_unit(&m), "one unit");
    CHECK(attr_bool(&m, true) != attr_bool(&m, false), "bools differ");
    int64_t v[3] = { 64, 1, 1 }, w[3] = { 64, 1, 2 };
    CHECK(attr_dense_array(&m, TY_I32, v, NULL, 3) == attr_dense_array(&m, TY_I32, v, NULL, 3),
          "equal dense arrays shared");
    CHECK(attr_dense_array(&m, TY_I32, v, NULL, 3) != attr_dense_array(&m, TY_I32, w, NULL, 3),
          "dense arrays differ in one element");
    CHECK(attr_dense_array(&m, TY_I32, v, NULL, 2) != attr_dense_array(&m, TY_I32, v, NULL, 3),
          "dense arrays differ in length");
    CHECK(attr_int_array(&m, v, 3, TY_I64) == attr_int_array(&m, v, 3, TY_I64), "int arrays");
    CHECK(attr_int_array(&m, v, 3, TY_I64) != attr_int_array(&m, v, 3, TY_I32), "typed items");
    const Attr *t = attr_bool(&m, true);
    NamedAttr d1[1] = { { "in_bounds", attr_array(&m, &t, 1) } };
    NamedAttr d2[1] = { { "in_bound", attr_array(&m, &t, 1) } };
    CHECK(attr_dict(&m, d1, 1) == attr_dict(&m, d1, 1), "equal dicts shared");
    CHECK(attr_dict(&m, d1, 1) != attr_dict(&m, d2, 1), "dict keys count");
    CHECK(attr_enum(&m, "gpu", "dim", "x", false) == attr_enum(&m, "gpu", "dim", "x", false),
          "equal enums shared");
    CHECK(attr_enum(&m, "gpu", "dim", "x", false) != attr_enum(&m, "gpu", "dim", "x", true),
          "the short form counts");
    /* a duplicate gives its memory back: 10,000 equal strings cost one */
    size_t before = arena_bytes(&m.arena);
    for (int i = 0; i < 10000; i++)
        attr_string(&m, "a long enough string to notice", 30);
    CHECK(arena_bytes(&m.arena) - before <= 2 * sizeof(Attr) + 64,
          "duplicates kept: %zu bytes for one string", arena_bytes(&m.arena) - before);
    module_free(&m);
}

static char *
chain(int n, size_t *len)
{
    size_t cap = 512 + (size_t)n * 64, k = 0;
    char *s = malloc(cap);
    k += (size_t)snprintf(s + k, cap - k,
                          "func.func @chain(%%x: memref<64xf32>, %%out: memref<64xf32>) attributes "
                          "{gpu.known_block_size = array<i32: 64, 1, 1>} {\n"
                          "  %%c0 = arith.constant 0 : index\n"
                          "  %%pad = arith.constant 0.0 : f32\n"
                          "  %%v0 = vector.transfer_read %%x[%%c0], %%pad {in_bounds = [true]} : "
                          "memref<64xf32>, vector<64xf32>\n");
    for (int i = 1; i <= n; i++)
        k += (size_t)snprintf(s + k, cap - k, "  %%v%d = arith.addf %%v%d, %%v0 : vector<64xf32>\n",
                              i, i - 1);
    k += (size_t)snprintf(s + k, cap - k,
                          "  vector.transfer_write %%v%d, %%out[%%c0] {in_bounds = [true]} : "
                          "vector<64xf32>, memref<64xf32>\n  return\n}\n",
                          n);
    *len = k;
    return s;
}

static void
test_chain_costs(void)
{
    enum { N = 4000 };
    size_t len;
    char *text = chain(N, &len);
    Module m;
    Diag d;
    module_init(&m);
    diag_init(&d);
    size_t base = arena_bytes(&m.arena);
    CHECK(frontend_parse(&m, &d, "chain.mlir", text, len), "chain parses");
    /* per arith.addf in the arena: operands (2 ids) 16, result list 16, the block's
     * op list (4 bytes, doubled: at most 12 a op over its growth) 16, the name hint
     * "vN" 16: 64 bytes; allow 96.  The 8-entry scratch arrays the parser used to
     * leave per op cost 256 more. */
    size_t parsed = arena_bytes(&m.arena) - base;
    CHECK(parsed <= (size_t)N * 96, "parse: %zu arena bytes per op", parsed / N);
    CHECK(ir_verify(&m, &d), "chain verifies");
    CHECK(layout_assign(&m, &d), "layout assignment succeeds");
    /* per op: the attribute list grown by one entry (2 entries of 16) and the
     * "vptx.layout" name (16): 48 bytes; a layout attribute per op would add >= 300 */
    size_t laid = arena_bytes(&m.arena) - base - parsed;
    CHECK(laid <= (size_t)N * 64, "layout: %zu arena bytes per op", laid / N);
    const Attr *first = NULL;
    uint32_t shared = 0;
    for (OpId o = 1; o < m.nops; o++)
        if (op_get(&m, o)->kind == OP_ADDF) {
            const Attr *a = op_attr(&m, o, "vptx.layout");
            CHECK(a != NULL, "op %u has a layout", o);
            if (!first)
                first = a;
            shared += a == first;
        }
    CHECK(shared == N, "%u of %d addf share one vptx.layout attribute", shared, N);
    module_free(&m);
    diag_free(&d);
    free(text);
}

int
main(void)
{
    test_interning();
    test_chain_costs();
    return unit_report();
}
