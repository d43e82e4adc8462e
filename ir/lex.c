/*
 * lex.c -- the MLIR lexer: characters -> tokens, on demand.
 *
 * The parser holds one current token and asks for the next; it may seek
 * forward over raw characters (the `4x8xf32` dimension lists of shaped types
 * are scanned directly from the text, as MLIR's own lexer does).  Line and
 * column are 1-based and count bytes.  Nothing here allocates.
 */
#include "ir/parser.h"

#include <ctype.h>
#include <string.h>

void
fe_lex_init(Lexer *l, const char *text, size_t len, uint32_t file)
{
    l->text = text;
    l->len = len;
    l->pos = 0;
    l->file = file;
    l->line = 1;
    l->col = 1;
}

static int
peek_at(const Lexer *l, size_t off)
{
    return l->pos + off < l->len ? (unsigned char)l->text[l->pos + off] : -1;
}

static void
advance(Lexer *l)
{
    if (l->pos >= l->len)
        return;
    if (l->text[l->pos] == '\n') {
        l->line++;
        l->col = 1;
    } else {
        l->col++;
    }
    l->pos++;
}

void
fe_lex_seek(Lexer *l, size_t pos)
{
    while (l->pos < pos && l->pos < l->len)
        advance(l);
}

bool
fe_lex_is_bare_start(int c)
{
    return c >= 0 && (isalpha(c) || c == '_');
}

bool
fe_lex_is_bare_char(int c)
{
    return c >= 0 && (isalnum(c) || c == '_' || c == '$' || c == '.');
}

/* suffix-id ::= digit+ | (letter|id-punct) (letter|id-punct|digit)*   (id-punct = $._-) */
static bool
is_suffix_char(int c)
{
    return c >= 0 && (isalnum(c) || c == '_' || c == '$' || c == '.' || c == '-');
}

static void
skip_space_and_comments(Lexer *l)
{
    for (;;) {
        int c = peek_at(l, 0);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            advance(l);
        } else if (c == '/' && peek_at(l, 1) == '/') {
            while (l->pos < l->len && l->text[l->pos] != '\n')
                advance(l);
        } else {
            return;
        }
    }
}

static void
finish(Lexer *l, Token *t, TokKind k, size_t start)
{
    t->kind = k;
    t->s = l->text + start;
    t->n = (uint32_t)(l->pos - start);
}

static void
lex_error(Lexer *l, Token *t, const char *msg)
{
    t->kind = TK_ERROR;
    t->msg = msg;
    t->s = l->text + t->pos;
    t->n = l->pos > t->pos ? (uint32_t)(l->pos - t->pos) : 0;
    if (l->pos == t->pos)
        advance(l); /* always make progress */
}

/* %name, ^name, #name, !name: the sigil is dropped from s/n */
static void
lex_prefixed(Lexer *l, Token *t, TokKind k)
{
    advance(l);
    size_t start = l->pos;
    bool hash_or_bang = k == TK_HASH || k == TK_BANG;
    while (hash_or_bang ? fe_lex_is_bare_char(peek_at(l, 0)) || peek_at(l, 0) == '-'
                        : is_suffix_char(peek_at(l, 0)))
        advance(l);
    if (l->pos == start) {
        lex_error(l, t,
                  k == TK_VALUE   ? "expected a value name after '%'"
                  : k == TK_CARET ? "expected a block name after '^'"
                  : k == TK_HASH  ? "expected an attribute name after '#'"
                                  : "expected a type name after '!'");
        return;
    }
    finish(l, t, k, start);
    if (k == TK_VALUE && peek_at(l, 0) == '#' && peek_at(l, 1) >= '0' && peek_at(l, 1) <= '9') {
        advance(l);
        int64_t v = 0;
        while (peek_at(l, 0) >= '0' && peek_at(l, 0) <= '9') {
            if (v < 100000000)
                v = v * 10 + (peek_at(l, 0) - '0');
            advance(l);
        }
        t->resno = v;
    }
}

static void
lex_string(Lexer *l, Token *t)
{
    size_t start = l->pos;
    advance(l);
    for (;;) {
        int c = peek_at(l, 0);
        if (c < 0 || c == '\n') {
            lex_error(l, t, "unterminated string");
            return;
        }
        advance(l);
        if (c == '"')
            break;
        if (c == '\\' && peek_at(l, 0) >= 0 && peek_at(l, 0) != '\n')
            advance(l);
    }
    finish(l, t, TK_STRING, start);
}

static void
lex_number(Lexer *l, Token *t)
{
    size_t start = l->pos;
    if (peek_at(l, 0) == '0' && peek_at(l, 1) == 'x' && isxdigit(peek_at(l, 2))) {
        advance(l);
        advance(l);
        while (isxdigit(peek_at(l, 0)))
            advance(l);
        finish(l, t, TK_INT, start);
        return;
    }
    while (isdigit(peek_at(l, 0)))
        advance(l);
    if (peek_at(l, 0) != '.') {
        finish(l, t, TK_INT, start);
        return;
    }
    advance(l);
    while (isdigit(peek_at(l, 0)))
        advance(l);
    int c = peek_at(l, 0);
    if (c == 'e' || c == 'E') {
        int c1 = peek_at(l, 1);
        if (isdigit(c1) || ((c1 == '+' || c1 == '-') && isdigit(peek_at(l, 2)))) {
            advance(l);
            advance(l);
            while (isdigit(peek_at(l, 0)))
                advance(l);
        }
    }
    finish(l, t, TK_FLOAT, start);
}

static void
lex_at(Lexer *l, Token *t)
{
    advance(l);
    size_t start = l->pos;
    if (peek_at(l, 0) == '"') {
        lex_string(l, t);
        if (t->kind == TK_STRING)
            t->kind = TK_AT;
        return;
    }
    while (is_suffix_char(peek_at(l, 0)))
        advance(l);
    if (l->pos == start) {
        lex_error(l, t, "expected a symbol name after '@'");
        return;
    }
    finish(l, t, TK_AT, start);
}

static bool
lex_punct(Lexer *l, Token *t, int c)
{
    static const struct {
        char c;
        TokKind k;
    } singles[] = {
        { '(', TK_LPAREN }, { ')', TK_RPAREN }, { '[', TK_LBRACKET }, { ']', TK_RBRACKET },
        { '{', TK_LBRACE }, { '}', TK_RBRACE }, { '<', TK_LESS },     { '>', TK_GREATER },
        { ',', TK_COMMA },  { '=', TK_EQUAL },  { '?', TK_QUESTION }, { '*', TK_STAR },
        { '+', TK_PLUS },
    };
    size_t start = l->pos;
    if (c == '-' && peek_at(l, 1) == '>') {
        advance(l);
        advance(l);
        finish(l, t, TK_ARROW, start);
        return true;
    }
    if (c == '-') {
        advance(l);
        finish(l, t, TK_MINUS, start);
        return true;
    }
    if (c == ':') {
        advance(l);
        if (peek_at(l, 0) == ':') {
            advance(l);
            finish(l, t, TK_COLONCOLON, start);
        } else {
            finish(l, t, TK_COLON, start);
        }
        return true;
    }
    for (size_t i = 0; i < sizeof singles / sizeof singles[0]; i++)
        if (singles[i].c == c) {
            advance(l);
            finish(l, t, singles[i].k, start);
            return true;
        }
    return false;
}

void
fe_lex_next(Lexer *l, Token *t)
{
    skip_space_and_comments(l);
    memset(t, 0, sizeof *t);
    t->resno = -1;
    t->pos = l->pos;
    t->loc = (Loc){ l->file, l->line, l->col, 0 };
    int c = peek_at(l, 0);
    if (c < 0) {
        t->kind = TK_EOF;
        t->s = l->text + l->pos;
        return;
    }
    if (fe_lex_is_bare_start(c)) {
        size_t start = l->pos;
        while (fe_lex_is_bare_char(peek_at(l, 0)))
            advance(l);
        finish(l, t, TK_BARE, start);
    } else if (isdigit(c)) {
        lex_number(l, t);
    } else if (c == '"') {
        lex_string(l, t);
    } else if (c == '%') {
        lex_prefixed(l, t, TK_VALUE);
    } else if (c == '^') {
        lex_prefixed(l, t, TK_CARET);
    } else if (c == '#') {
        lex_prefixed(l, t, TK_HASH);
    } else if (c == '!') {
        lex_prefixed(l, t, TK_BANG);
    } else if (c == '@') {
        lex_at(l, t);
    } else if (!lex_punct(l, t, c)) {
        lex_error(l, t, "unexpected character");
    }
}
