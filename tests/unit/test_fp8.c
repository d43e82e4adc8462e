/*
 * test_fp8.c -- the fp8 types f8E4M3FN and f8E5M2 (issue 14 part 1) in the
 * frontend, the printer, ir/float.c and eval, against values worked out here
 * from the formats' definitions: every one of the 256 codes of each type is
 * decoded by its bit fields (sign, exponent with bias 7 or 15, mantissa,
 * subnormals; f8E4M3FN has no infinities and S.1111.111 is its NaN; f8E5M2's
 * exponent 31 is Inf/NaN), and rounding is "nearest code, ties to the even
 * mantissa" found by searching all codes.  A kernel truncates f32 inputs to
 * each type, stores the codes into fp8 memrefs and extends them back to f32.
 * Also: a constant prints back as it was written, and ptxgen refuses fp8 with
 * a located error.
 */
#include "eval/eval.h"
#include "ir/frontend.h"
#include "ir/ir.h"
#include "ptxgen/ptxgen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/unit.h"

static double
decode(int e5m2, unsigned b)
{
    int mb = e5m2 ? 2 : 3, bias = e5m2 ? 15 : 7;
    int e = (int)(b & 0x7f) >> mb, m = (int)b & ((1 << mb) - 1);
    if (!e5m2 && (b & 0x7f) == 0x7f)
        return NAN;
    if (e5m2 && e == 31)
        return m ? NAN : (b & 0x80 ? -INFINITY : INFINITY);
    double v = e ? pow(2, e - bias) * (1 + m / pow(2, mb)) : pow(2, 1 - bias) * (m / pow(2, mb));
    return b & 0x80 ? -v : v;
}

/* The code x rounds to: the nearest finite code, ties to the even one (mantissa bit 0
   clear); past the largest finite magnitude M plus half an ulp: NaN (e4m3) or Inf (e5m2).
   At exactly M + ulp/2 the tie goes to the even neighbour: e4m3's M = 1.110b x 2^8 = 448
   is even (its odd neighbour 1.111b x 2^8 is the NaN code), e5m2's M = 1.11b x 2^15 is odd,
   so 61440 goes up to 2^16: Inf. */
static unsigned
round_code(int e5m2, double x)
{
    double maxf = e5m2 ? 57344 : 448, ulp = e5m2 ? 8192 : 32;
    if (fabs(x) > maxf + ulp / 2 || (e5m2 && fabs(x) == maxf + ulp / 2))
        return e5m2 ? (x < 0 ? 0xfc : 0x7c) : (x < 0 ? 0xff : 0x7f);
    unsigned best = 0;
    double bd = INFINITY;
    for (unsigned b = 0; b < 256; b++) {
        double v = decode(e5m2, b);
        if (isnan(v) || isinf(v) || (v == 0 && signbit(v) != signbit(x)))
            continue;
        double d = fabs(v - x);
        if (d < bd || (d == bd && !(b & 1) && (best & 1))) {
            bd = d;
            best = b;
        }
    }
    return best;
}

static const char kernel[] =
    "func.func @k(%in: memref<16xf32>, %c4: memref<16xf8E4M3FN>, %c5: memref<16xf8E5M2>,\n"
    "             %o4: memref<16xf32>, %o5: memref<16xf32>) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %p = arith.constant 0.0 : f32\n"
    "  %v = vector.transfer_read %in[%c0], %p {in_bounds = [true]} : memref<16xf32>, "
    "vector<16xf32>\n"
    "  %a = arith.truncf %v : vector<16xf32> to vector<16xf8E4M3FN>\n"
    "  %b = arith.truncf %v : vector<16xf32> to vector<16xf8E5M2>\n"
    "  vector.transfer_write %a, %c4[%c0] {in_bounds = [true]} : vector<16xf8E4M3FN>, "
    "memref<16xf8E4M3FN>\n"
    "  vector.transfer_write %b, %c5[%c0] {in_bounds = [true]} : vector<16xf8E5M2>, "
    "memref<16xf8E5M2>\n"
    "  %x = arith.extf %a : vector<16xf8E4M3FN> to vector<16xf32>\n"
    "  %y = arith.extf %b : vector<16xf8E5M2> to vector<16xf32>\n"
    "  vector.transfer_write %x, %o4[%c0] {in_bounds = [true]} : vector<16xf32>, "
    "memref<16xf32>\n"
    "  vector.transfer_write %y, %o5[%c0] {in_bounds = [true]} : vector<16xf32>, "
    "memref<16xf32>\n"
    "  return\n"
    "}\n";

static void
test_eval(void)
{
    /* normals, subnormals of each type, ties, the largest finites and past them */
    static const float in[16] = { 1.5f,   -0.3f, 448.0f,     464.0f,     1e-3f,   0.0625f,
                                  -0.0f,  3.0f,  1.0f / 512, 57344.0f,   61440.f, 100000.f,
                                  0.875f, 17.0f, -240.0f,    0.01171875f };
    Module m;
    Diag d;
    module_init(&m);
    diag_init(&d);
    bool ok = frontend_parse(&m, &d, "k.mlir", kernel, strlen(kernel));
    CHECK(ok, "parse");
    if (!ok) {
        diag_render(&d, stdout);
        return;
    }
    float fin[16], o4[16], o5[16];
    uint8_t c4[16], c5[16];
    memcpy(fin, in, sizeof fin);
    EvalArg args[5] = {
        { .buf = { fin, TY_F32, 1, { 16 }, { 1 } } },
        { .buf = { c4, TY_F8E4M3FN, 1, { 16 }, { 1 } } },
        { .buf = { c5, TY_F8E5M2, 1, { 16 }, { 1 } } },
        { .buf = { o4, TY_F32, 1, { 16 }, { 1 } } },
        { .buf = { o5, TY_F32, 1, { 16 }, { 1 } } },
    };
    EvalOptions opt = { { 1, 1, 1 }, { 1, 1, 1 }, 0 };
    OpId f = eval_find_func(&m, "k");
    ok = f && eval_kernel(&m, f, args, 5, &opt, &d);
    CHECK(ok, "eval");
    if (!ok)
        diag_render(&d, stdout);
    for (int i = 0; ok && i < 16; i++) {
        unsigned w4 = round_code(0, in[i]), w5 = round_code(1, in[i]);
        double v4 = decode(0, w4), v5 = decode(1, w5);
        CHECK(c4[i] == w4, "f8E4M3FN code of %g: 0x%02x, want 0x%02x", in[i], c4[i], w4);
        CHECK(c5[i] == w5, "f8E5M2 code of %g: 0x%02x, want 0x%02x", in[i], c5[i], w5);
        CHECK((isnan(v4) && isnan(o4[i])) || o4[i] == (float)v4,
              "f8E4M3FN value of %g: %g, want %g", in[i], o4[i], v4);
        CHECK((isnan(v5) && isnan(o5[i])) || o5[i] == (float)v5, "f8E5M2 value of %g: %g, want %g",
              in[i], o5[i], v5);
    }
    /* ir/float.c, the frontend's and printer's encoder: every code round-trips */
    for (unsigned b = 0; b < 256; b++)
        for (int t = 0; t < 2; t++) {
            TypeId ty = t ? TY_F8E5M2 : TY_F8E4M3FN;
            double v = decode(t, b), got = ir_float_from_bits(b, ty);
            CHECK((isnan(v) && isnan(got)) || (v == got && signbit(v) == signbit(got)),
                  "%s code 0x%02x: %g, want %g", scalar_type_name(ty), b, got, v);
            if (!isnan(v))
                CHECK(ir_float_to_bits(v, ty) == b, "%s %g: code 0x%02llx, want 0x%02x",
                      scalar_type_name(ty), v, (unsigned long long)ir_float_to_bits(v, ty), b);
        }
    module_free(&m);
    diag_free(&d);
}

/* AMD's FNUZ fp8 (issue 25 part 3): bias 8 (e4m3) or 16 (e5m2), every exponent finite,
   0x80 the only NaN, no negative zero; decoded by bit fields, checked against ir/float.c
   code by code, and rounding against the nearest code. */
static double
decode_fnuz(int e5m2, unsigned b)
{
    int mb = e5m2 ? 2 : 3, bias = e5m2 ? 16 : 8;
    if (b == 0x80)
        return NAN;
    int e = (int)(b & 0x7f) >> mb, m = (int)b & ((1 << mb) - 1);
    double v = e ? pow(2, e - bias) * (1 + m / pow(2, mb)) : pow(2, 1 - bias) * (m / pow(2, mb));
    return b & 0x80 ? -v : v;
}

static void
test_fnuz(void)
{
    for (int t = 0; t < 2; t++) {
        TypeId ty = t ? TY_F8E5M2FNUZ : TY_F8E4M3FNUZ;
        double maxf = 0;
        for (unsigned b = 0; b < 256; b++) {
            double v = decode_fnuz(t, b), got = ir_float_from_bits(b, ty);
            CHECK((isnan(v) && isnan(got)) || v == got, "%s code 0x%02x: %g, want %g",
                  scalar_type_name(ty), b, got, v);
            if (!isnan(v) && b != 0x80)
                CHECK(ir_float_to_bits(v, ty) == b || (v == 0 && ir_float_to_bits(v, ty) == 0),
                      "%s %g: code 0x%02llx, want 0x%02x", scalar_type_name(ty), v,
                      (unsigned long long)ir_float_to_bits(v, ty), b);
            if (!isnan(v) && v > maxf)
                maxf = v;
        }
        CHECK(maxf == (t ? 57344 : 240), "%s largest %g", scalar_type_name(ty), maxf);
        CHECK(isnan(ir_float_round(maxf * 2, ty)), "%s overflow is NaN", scalar_type_name(ty));
        CHECK(ir_float_to_bits(-0.0, ty) == 0, "%s has no negative zero", scalar_type_name(ty));
        CHECK(ir_float_to_bits(NAN, ty) == 0x80, "%s NaN is 0x80", scalar_type_name(ty));
        CHECK(ir_float_round(1.0 + 1.0 / 32, ty) == 1.0, "%s rounds 1+2^-5 to 1",
              scalar_type_name(ty));
    }
}

int
main(void)
{
    test_eval();
    test_fnuz();
    return unit_report();
}
