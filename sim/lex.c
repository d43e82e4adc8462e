/*
 * lex.c -- tokens of PTX text [PTX §4].
 *
 * Identifiers follow PTX §4.4: [a-zA-Z][a-zA-Z0-9_$]* or [_$%][a-zA-Z0-9_$]+.
 * A '.' followed by identifier characters is one TOK_DIRECTIVE token
 * (".reg", ".f32", ".shared::cta", ".L2::128B"), so an opcode such as
 * "ld.global.v4.f32" arrives as TOK_IDENT "ld" and three adjacent directive
 * tokens, and "%tid.x" as "%tid" and ".x"; the parser joins them.
 * Literals follow PTX §4.5: integers in C notation (0x, 0b, leading-0
 * octal, optional U suffix), decimal floats, and exact bit patterns 0fXXXXXXXX
 * (f32) and 0dXXXXXXXXXXXXXXXX (f64).  Comments are C and C++ style.
 */
#include "sim/simint.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
lex_init(Lexer *lx, const char *src, const char *file)
{
    lx->src = src;
    lx->p = src;
    lx->line = 1;
    lx->file = file;
    lx->err = NULL;
}

static bool
lex_error(Lexer *lx, const char *msg)
{
    if (!lx->err) {
        size_t n = strlen(lx->file) + strlen(msg) + 32;
        lx->err = malloc(n);
        if (lx->err)
            snprintf(lx->err, n, "%s:%u: error: %s", lx->file, lx->line, msg);
    }
    return false;
}

static bool
is_ident_char(int c)
{
    return isalnum(c) || c == '_' || c == '$';
}

/* Skip blanks and comments; false on an unterminated comment. */
static bool
skip_space(Lexer *lx)
{
    for (;;) {
        const char *p = lx->p;
        if (*p == '\n') {
            lx->line++;
            lx->p++;
        } else if (isspace((unsigned char)*p)) {
            lx->p++;
        } else if (p[0] == '/' && p[1] == '/') {
            while (*lx->p && *lx->p != '\n')
                lx->p++;
        } else if (p[0] == '/' && p[1] == '*') {
            lx->p += 2;
            while (*lx->p && !(lx->p[0] == '*' && lx->p[1] == '/')) {
                if (*lx->p == '\n')
                    lx->line++;
                lx->p++;
            }
            if (!*lx->p)
                return lex_error(lx, "unterminated comment");
            lx->p += 2;
        } else {
            return true;
        }
    }
}

void
lex_skip_line(Lexer *lx)
{
    while (*lx->p && *lx->p != '\n')
        lx->p++;
}

static int
hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* 0f / 0d exact floating-point literals: exactly 8 / 16 hex digits. */
static bool
lex_fbits(Lexer *lx, Token *t, int ndig)
{
    const char *p = lx->p + 2;
    uint64_t v = 0;
    for (int i = 0; i < ndig; i++) {
        int h = hexval((unsigned char)p[i]);
        if (h < 0)
            return lex_error(lx, ndig == 8 ? "0f literal needs 8 hex digits"
                                           : "0d literal needs 16 hex digits");
        v = v << 4 | (uint64_t)h;
    }
    if (is_ident_char((unsigned char)p[ndig]))
        return lex_error(lx, "malformed floating-point literal");
    t->kind = ndig == 8 ? TOK_F32 : TOK_F64;
    t->ival = v;
    lx->p = p + ndig;
    return true;
}

static bool
lex_number(Lexer *lx, Token *t)
{
    const char *p = lx->p;
    if (p[0] == '0' && (p[1] == 'f' || p[1] == 'F'))
        return lex_fbits(lx, t, 8);
    if (p[0] == '0' && (p[1] == 'd' || p[1] == 'D'))
        return lex_fbits(lx, t, 16);
    const char *q = p;
    bool isfloat = false;
    if (!(p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))) {
        while (isdigit((unsigned char)*q))
            q++;
        if (*q == '.' && isdigit((unsigned char)q[1]))
            isfloat = true;
        if ((*q == 'e' || *q == 'E') &&
            (isdigit((unsigned char)q[1]) ||
             ((q[1] == '+' || q[1] == '-') && isdigit((unsigned char)q[2]))))
            isfloat = true;
    }
    char *end;
    if (isfloat) {
        t->kind = TOK_FLOAT;
        t->fval = strtod(p, &end);
    } else {
        int base = 10;
        const char *digits = p;
        if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
            base = 16;
            digits = p + 2;
        } else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
            base = 2;
            digits = p + 2;
        } else if (p[0] == '0' && isdigit((unsigned char)p[1])) {
            base = 8;
            digits = p + 1;
        }
        t->kind = TOK_INT;
        errno = 0;
        t->ival = strtoull(digits, &end, base);
        if (end == digits && base != 8)
            return lex_error(lx, "malformed integer literal");
        if (errno == ERANGE) /* ptxas: "Constant overflow" */
            return lex_error(lx, "integer literal does not fit in 64 bits");
        if (*end == 'U' || *end == 'u')
            end++;
    }
    if (is_ident_char((unsigned char)*end))
        return lex_error(lx, "malformed numeric literal");
    lx->p = end;
    return true;
}

bool
lex_next(Lexer *lx, Token *t)
{
    memset(t, 0, sizeof *t);
    if (!skip_space(lx))
        return false;
    const char *p = lx->p;
    t->line = lx->line;
    t->s = p;
    if (!*p) {
        t->kind = TOK_EOF;
        return true;
    }
    if (isalpha((unsigned char)*p) || *p == '_' || *p == '$' || *p == '%') {
        p++;
        while (is_ident_char((unsigned char)*p))
            p++;
        t->kind = TOK_IDENT;
    } else if (*p == '.' && (is_ident_char((unsigned char)p[1]))) {
        p++;
        while (is_ident_char((unsigned char)*p) ||
               (p[0] == ':' && p[1] == ':' && is_ident_char((unsigned char)p[2])))
            p += *p == ':' ? 2 : 1;
        t->kind = TOK_DIRECTIVE;
    } else if (isdigit((unsigned char)*p)) {
        if (!lex_number(lx, t))
            return false;
        t->len = (uint32_t)(lx->p - t->s);
        return true;
    } else if (*p == '"') {
        p++;
        while (*p && *p != '"' && *p != '\n')
            p++;
        if (*p != '"')
            return lex_error(lx, "unterminated string");
        p++;
        t->kind = TOK_STRING;
    } else if (strchr(",;:{}[]()<>+-|!@=*", *p)) {
        t->kind = TOK_PUNCT;
        t->punct = *p++;
    } else {
        char msg[48];
        snprintf(msg, sizeof msg, "unexpected character '%c'",
                 isprint((unsigned char)*p) ? *p : '?');
        return lex_error(lx, msg);
    }
    lx->p = p;
    t->len = (uint32_t)(p - t->s);
    return true;
}
