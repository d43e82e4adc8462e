/*
 * cliargs.c -- command-line helpers shared by cli/main.c and the tools (see cliargs.h).
 */
#include "driver/cliargs.h"
#include "driver/options.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* After a simulator fault at `name`:LINE, the PTX line itself and the MLIR op it
 * was generated from (ptxgen's `// op file:line` comment above it), as notes. */
const char *
cli_limit_hint(const char *err)
{
    if (err && strstr(err, "error: instruction limit of"))
        return "the simulator's instruction limit: raise it with --max-instructions=N (0: no "
               "limit)";
    if (err && strstr(err, "error: time limit of"))
        return "the simulator's time limit (--timeout): raise it, or 0 for none";
    return NULL;
}

void
ptx_fault_notes(FILE *out, const char *who, const char *err, const char *name, const char *ptx,
                const char *input)
{
    const char *hint = cli_limit_hint(err);
    if (hint)
        fprintf(out, "%s: note: %s\n", who, hint);
    const char *at = strstr(err, name);
    if (!at || at[strlen(name)] != ':')
        return;
    unsigned long line = strtoul(at + strlen(name) + 1, NULL, 10);
    const char *p = ptx, *src_op = NULL, *src_loc = NULL;
    int op_len = 0, loc_len = 0;
    for (unsigned long l = 1; l < line && *p; l++) {
        const char *e = strchr(p, '\n');
        if (!e)
            return;
        /* remember the latest `// op file:line` comment */
        const char *q = p;
        while (q < e && (*q == '\t' || *q == ' '))
            q++;
        if (e - q > 3 && q[0] == '/' && q[1] == '/' && q[2] == ' ') {
            const char *sp = memchr(q + 3, ' ', (size_t)(e - q - 3));
            const char *colon = sp ? memchr(sp, ':', (size_t)(e - sp)) : NULL;
            if (sp && colon) {
                src_op = q + 3;
                op_len = (int)(sp - src_op);
                src_loc = colon + 1;
                loc_len = (int)(e - src_loc);
            }
        }
        p = e + 1;
    }
    if (!*p)
        return;
    const char *e = strchr(p, '\n');
    int len = e ? (int)(e - p) : (int)strlen(p);
    while (len > 0 && (*p == '\t' || *p == ' '))
        p++, len--;
    fprintf(out, "%s: note: PTX line %lu: %.*s\n", who, line, len > 200 ? 200 : len, p);
    if (src_op)
        fprintf(out, "%s:%.*s: note: generated from '%.*s' here\n", input, loc_len, src_loc, op_len,
                src_op);
}

bool
cli_limit_option(int argc, char **argv, int *i, SimLimits *l, char *err, size_t n)
{
    const char *v = NULL;
    bool missing = false;
    bool insts = cli_option(argc, argv, i, "--max-instructions", &v, &missing);
    if (!insts && !cli_option(argc, argv, i, "--timeout", &v, &missing))
        return false;
    char *end = NULL;
    /* digits first: strtoull and strtod skip blanks and take a sign ("-1" is 2^64 - 1) */
    bool digits = !missing && ((v[0] >= '0' && v[0] <= '9') || (!insts && v[0] == '.'));
    if (digits && insts) {
        errno = 0;
        unsigned long long x = strtoull(v, &end, 10);
        if (!*end && errno != ERANGE) {
            l->max_insts = x;
            return true;
        }
    } else if (digits) {
        double s = strtod(v, &end);
        /* 0 is no limit; anything else is at least the clock's 1 ms (0.0004 used to
           round to 0 and mean no limit) */
        if (!*end && s >= 0 && s <= 1e9 && (s == 0 || s >= 0.001)) {
            l->timeout_ms = (uint64_t)(s * 1000 + 0.5);
            return true;
        }
    }
    snprintf(err, n, "%s needs %s", insts ? "--max-instructions" : "--timeout",
             insts ? "a count (0: no limit)"
                   : "a number of seconds, 0 (no limit) or from 0.001 to 1000000000");
    l->bad = true;
    return true;
}

bool
cli_option(int argc, char **argv, int *i, const char *name, const char **value, bool *missing)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return false;
    if (argv[*i][n] == '=') {
        *value = argv[*i] + n + 1;
        return true;
    }
    if (argv[*i][n] != 0)
        return false;
    /* an input file is never the value of an option that takes no file:
       `vptx check --timing k.mlir` misses --timing's value */
    bool takes_file = strcmp(name, "-o") == 0 || strcmp(name, "--output") == 0 ||
                      strcmp(name, "--reference") == 0 || strcmp(name, "--expect") == 0;
    if (*i + 1 >= argc || (!takes_file && cli_is_input_name(argv[*i + 1]))) {
        *missing = true;
        return true;
    }
    *value = argv[++*i];
    return true;
}

/* An integer: an optional '-', then decimal digits or 0x and hexadecimal digits (never
   octal: 010 is ten).  False when text is not one, or its magnitude passes 2^64 - 1. */
static bool
parse_integer(const char *text, bool *neg, uint64_t *mag, bool *hex, bool *too_big)
{
    const char *p = text;
    *neg = *p == '-';
    p += *neg;
    unsigned base = 10;
    *hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    if (*hex) {
        base = 16;
        p += 2;
    }
    uint64_t v = 0;
    *too_big = false;
    const char *digits = p;
    for (; *p; p++) {
        unsigned d = *p >= '0' && *p <= '9'   ? (unsigned)(*p - '0')
                     : *p >= 'a' && *p <= 'f' ? (unsigned)(*p - 'a' + 10)
                     : *p >= 'A' && *p <= 'F' ? (unsigned)(*p - 'A' + 10)
                                              : 99;
        if (d >= base)
            return false;
        if (v > (UINT64_MAX - d) / base)
            *too_big = true;
        v = v * base + d;
    }
    *mag = v;
    return p > digits;
}

bool
cli_int_bits(const char *text, unsigned width, CliIntSign sign, const char *type, uint64_t *bits,
             char *why, size_t n)
{
    bool neg, hex, too_big;
    uint64_t mag;
    if (!parse_integer(text, &neg, &mag, &hex, &too_big)) {
        snprintf(why, n, "'%s' is not an integer (decimal, or hexadecimal with 0x) for %s", text,
                 type);
        return false;
    }
    /* the range: signed [-2^(w-1), 2^(w-1) - 1], unsigned [0, 2^w - 1], signless (MLIR
       iN, PTX .bN) either; 0x digits are the bits, for any of them */
    uint64_t umax = width >= 64 ? UINT64_MAX : (1ull << width) - 1;
    uint64_t smax = umax >> 1, nmax = smax + 1; /* most positive signed, most negative */
    uint64_t pmax = sign == CLI_INT_SIGNED && !hex ? smax : umax;
    bool fits = neg ? (sign == CLI_INT_UNSIGNED ? mag == 0 : mag <= nmax) : mag <= pmax;
    if (too_big || !fits) {
        if (sign == CLI_INT_UNSIGNED)
            snprintf(why, n, "'%s' does not fit in %s (0 to %llu)", text, type,
                     (unsigned long long)umax);
        else
            snprintf(why, n, "'%s' does not fit in %s (-%llu to %llu)", text, type,
                     (unsigned long long)nmax, (unsigned long long)pmax);
        return false;
    }
    *bits = (neg ? (uint64_t)0 - mag : mag) & umax;
    return true;
}

bool
cli_float_value(const char *text, TypeId t, double *value, char *why, size_t n)
{
    const char *p = text + (text[0] == '-' || text[0] == '+');
    bool special = !strcmp(p, "inf") || !strcmp(p, "nan");
    /* decimal notation only: digits, one '.', an exponent (strtod alone also takes hex
       floats, "infinity" and leading blanks) */
    bool shape = !special && strspn(p, "0123456789.eE+-") == strlen(p) && *p != '+' && *p != '-' &&
                 strpbrk(p, "0123456789");
    char *end = NULL;
    double v = special || shape ? strtod(text, &end) : 0;
    if ((!special && !shape) || end == text || *end) {
        snprintf(why, n, "'%s' is not a number for %s", text, scalar_type_name(t));
        return false;
    }
    /* a finite literal that rounds to infinity in its type is too large */
    uint64_t b = t == TY_F32 ? 0 : ir_float_to_bits(v, t);
    bool inf = !special && (isinf(v) || (t == TY_F32 && isinf((float)v)) ||
                            (t == TY_F16 && (b & 0x7fff) == 0x7c00) ||
                            (t == TY_BF16 && (b & 0x7fff) == 0x7f80));
    if (inf) {
        snprintf(why, n, "'%s' is too large for %s", text, scalar_type_name(t));
        return false;
    }
    *value = v;
    return true;
}

bool
cli_scalar_bits(TypeId t, const char *text, uint64_t *bits, char *why, size_t n)
{
    if (type_is_float(t)) {
        double v;
        if (!cli_float_value(text, t, &v, why, n))
            return false;
        if (t == TY_F32) {
            float f = (float)v;
            uint32_t b;
            memcpy(&b, &f, 4);
            *bits = b;
        } else {
            *bits = ir_float_to_bits(v, t);
        }
        return true;
    }
    if (t == TY_I1) {
        if (!strcmp(text, "true") || !strcmp(text, "1")) /* i1: 0 or 1 */
            return *bits = 1, true;
        if (!strcmp(text, "false") || !strcmp(text, "0"))
            return *bits = 0, true;
        snprintf(why, n, "'%s' does not fit in i1 (0, 1, true or false)", text);
        return false;
    }
    /* i128: a value of int64's range, sign-extended where it is passed */
    unsigned width = t == TY_INDEX || t == TY_I128 ? 64 : type_bitwidth(t);
    return cli_int_bits(text, width, CLI_INT_SIGNLESS, scalar_type_name(t), bits, why, n);
}
