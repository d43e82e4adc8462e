/*
 * filecheck: a small C subset of LLVM FileCheck, used by the lit-style tests (tests/run.sh).
 *
 *   filecheck CHECKFILE [--check-prefix=P] [--input-file=F] [options]    (input on stdin)
 *
 * CHECKFILE holds directives inside comments of any style ("// CHECK: x", "# CHECK: x"):
 *
 *   CHECK: p          p matches at or after the end of the previous match
 *   CHECK-NEXT: p     ... and on the line just after the previous match
 *   CHECK-SAME: p     ... and on the same line as the previous match
 *   CHECK-EMPTY:      the line after the previous match is empty
 *   CHECK-NOT: p      p does not match between the neighbouring positive matches
 *   CHECK-DAG: p      a run of DAG directives matches in any order, without overlapping
 *   CHECK-COUNT-n: p  p matches n times in a row
 *   CHECK-LABEL: p    matched first, in order; splits the input into blocks that are
 *                     checked separately, so one failure does not hide the next
 *
 * A pattern is literal text with {{regex}} (POSIX extended), [[VAR:regex]] (define VAR as
 * what regex matched), [[VAR]] (what VAR was defined as) and [[@LINE]], [[@LINE+n]],
 * [[@LINE-n]] (a CHECKFILE line number).  As in FileCheck, a run of blanks in the input or in
 * the literal text reads as one space.  Unlike FileCheck, a "[[" that does not start one of
 * the forms above is literal text, since MLIR prints nested arrays such as dense<[[1, 2]]>.
 * Matching is line by line: no match spans a newline.
 *
 * Exit status: 0 when every check holds, 1 when one fails (the error names CHECKFILE:line
 * and shows the input where the search began and failed), 2 for a usage error or a
 * malformed CHECKFILE.  Only libc and POSIX <regex.h> are used.
 */
#include <limits.h>
#include <regex.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

enum { EXIT_CHECK_FAILED = 1, EXIT_USAGE = 2 };
enum { CONTEXT_LINES = 8, MAX_PREFIXES = 32, MAX_COUNT = 100000 };

static _Noreturn void
die(const char *msg)
{
    fprintf(stderr, "filecheck: %s\n", msg);
    exit(EXIT_USAGE);
}

static void *
xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        die("out of memory");
    return p;
}

/* Returns p grown so that it holds at least `need` elements of `size` bytes. */
static void *
grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t n = *cap ? *cap : 8;
    while (n < need) {
        if (n > SIZE_MAX / 2 / size)
            die("out of memory");
        n *= 2;
    }
    *cap = n;
    return xrealloc(p, n * size);
}

static char *
xstrndup(const char *s, size_t n)
{
    char *d = xrealloc(NULL, n + 1);
    if (n)
        memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

/* A growable NUL-terminated string. */
typedef struct {
    char *data;
    size_t len, cap;
} Buf;

static void
buf_putn(Buf *b, const char *s, size_t n)
{
    b->data = grow(b->data, &b->cap, b->len + n + 1, 1);
    if (n)
        memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void
buf_puts(Buf *b, const char *s)
{
    buf_putn(b, s, strlen(s));
}

static void
buf_putc(Buf *b, char ch)
{
    buf_putn(b, &ch, 1);
}

/* Returns the string built so far ("" if nothing was added) and leaves b empty. */
static char *
buf_take(Buf *b)
{
    char *s = b->data ? b->data : xstrndup("", 0);
    b->data = NULL;
    b->len = b->cap = 0;
    return s;
}

/* Reads all of f; NULL on a read error. */
static char *
read_all(FILE *f, size_t *len)
{
    Buf b = { 0 };
    static char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        buf_putn(&b, chunk, n);
    if (ferror(f)) {
        free(b.data);
        return NULL;
    }
    *len = b.len;
    return buf_take(&b);
}

static int
is_blank(char ch)
{
    return ch == ' ' || ch == '\t';
}

static int
is_alpha(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
}

static int
is_digit(char ch)
{
    return ch >= '0' && ch <= '9';
}

/* One line of the input.  `canon` is what patterns match against. */
typedef struct {
    char *orig;       /* as read, without its newline (or "\r\n"); NUL bytes read as '?' */
    char *canon;      /* orig with each run of blanks turned into one space */
    size_t canon_len; /* (with --strict-whitespace, canon is orig) */
} Line;

static char *
canonicalize(const char *s, size_t n, int strict)
{
    Buf b = { 0 };
    for (size_t i = 0; i < n; i++) {
        if (!strict && is_blank(s[i])) {
            while (i + 1 < n && is_blank(s[i + 1]))
                i++;
            buf_putc(&b, ' ');
        } else {
            buf_putc(&b, s[i]);
        }
    }
    return buf_take(&b);
}

/* Splits data into lines; a final newline does not start another line. */
static Line *
split_lines(char *data, size_t len, int strict, size_t *nlines)
{
    Line *lines = NULL;
    size_t n = 0, cap = 0;
    for (size_t i = 0; i < len; i++)
        if (data[i] == '\0')
            data[i] = '?';
    size_t start = 0;
    while (start < len) {
        const char *nl = memchr(data + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - data) : len;
        size_t stop = end;
        if (stop > start && data[stop - 1] == '\r')
            stop--;
        lines = grow(lines, &cap, n + 1, sizeof *lines);
        lines[n].orig = xstrndup(data + start, stop - start);
        lines[n].canon = canonicalize(data + start, stop - start, strict);
        lines[n].canon_len = strlen(lines[n].canon);
        n++;
        start = end + 1;
    }
    *nlines = n;
    return lines;
}

static void
free_lines(Line *lines, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(lines[i].orig);
        free(lines[i].canon);
    }
    free(lines);
}

typedef enum {
    DIR_PLAIN, /* CHECK: */
    DIR_NEXT,
    DIR_SAME,
    DIR_NOT,
    DIR_LABEL,
    DIR_DAG,
    DIR_EMPTY,
    DIR_COUNT /* CHECK-COUNT-n:, with n in Directive.count */
} DirKind;

/* The suffixes after the prefix; DIR_COUNT is parsed by hand. */
static const struct {
    DirKind kind;
    const char *suffix;
} dir_suffixes[] = {
    { DIR_PLAIN, ":" },       { DIR_NEXT, "-NEXT:" },   { DIR_SAME, "-SAME:" },
    { DIR_NOT, "-NOT:" },     { DIR_LABEL, "-LABEL:" }, { DIR_DAG, "-DAG:" },
    { DIR_EMPTY, "-EMPTY:" },
};

typedef enum {
    PIECE_LITERAL, /* text: literal text, blanks already collapsed */
    PIECE_REGEX,   /* text: a POSIX extended regex, from {{...}} */
    PIECE_DEFINE,  /* name: the variable, text: its regex, from [[name:text]] */
    PIECE_USE      /* name: the variable, from [[name]] */
} PieceKind;

typedef struct {
    PieceKind kind;
    char *text;
    char *name;
} Piece;

typedef struct {
    DirKind kind;
    char *name;   /* "CHECK-NEXT", for messages */
    char *source; /* the whole CHECKFILE line, for messages */
    int line;     /* 1-based line in CHECKFILE */
    long count;   /* DIR_COUNT: how many matches */
    Piece *pieces;
    size_t npieces, cap;
    int needs_regex; /* has a PIECE_REGEX or PIECE_DEFINE */
} Directive;

typedef struct {
    char *name;
    char *value;
} Var;

/* A position in the input: line index and column in Line.canon. */
typedef struct {
    size_t line, col;
} Pos;

/* A match: [start, end) on one line, except that CHECK-COUNT and CHECK-DAG span several. */
typedef struct {
    Pos start, end;
} Match;

typedef struct {
    const char *check_path;
    const char *input_name;
    const char *prefixes[MAX_PREFIXES];
    size_t nprefixes;
    int strict_ws, allow_empty, var_scope;
    Directive *dirs;
    size_t ndirs, dircap;
    Line *input;
    size_t ninput;
    Var *vars;
    size_t nvars, varcap;
} Checker;

static const char *
lookup_var(const Checker *c, const char *name)
{
    for (size_t i = 0; i < c->nvars; i++)
        if (strcmp(c->vars[i].name, name) == 0)
            return c->vars[i].value;
    return NULL;
}

static void
set_var(Checker *c, const char *name, const char *value, size_t len)
{
    for (size_t i = 0; i < c->nvars; i++) {
        if (strcmp(c->vars[i].name, name) == 0) {
            free(c->vars[i].value);
            c->vars[i].value = xstrndup(value, len);
            return;
        }
    }
    c->vars = grow(c->vars, &c->varcap, c->nvars + 1, sizeof *c->vars);
    c->vars[c->nvars].name = xstrndup(name, strlen(name));
    c->vars[c->nvars].value = xstrndup(value, len);
    c->nvars++;
}

/* --enable-var-scope: a CHECK-LABEL forgets every variable whose name lacks a '$'. */
static void
drop_local_vars(Checker *c)
{
    size_t kept = 0;
    for (size_t i = 0; i < c->nvars; i++) {
        if (c->vars[i].name[0] == '$') {
            c->vars[kept++] = c->vars[i];
        } else {
            free(c->vars[i].name);
            free(c->vars[i].value);
        }
    }
    c->nvars = kept;
}

/* ---- Reading CHECKFILE ---- */

static int check_file_error(const Checker *c, int line, const char *fmt, ...) PRINTF_LIKE(3, 4);

static int
check_file_error(const Checker *c, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d: error: ", c->check_path, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

static void
add_piece(Directive *d, PieceKind kind, char *text, char *name)
{
    d->pieces = grow(d->pieces, &d->cap, d->npieces + 1, sizeof *d->pieces);
    d->pieces[d->npieces++] = (Piece){ kind, text, name };
    if (kind == PIECE_REGEX || kind == PIECE_DEFINE)
        d->needs_regex = 1;
}

/*
 * Length of the bracket expression at s ("[a-z]", "[]x]", "[[:alpha:]_]"), or 0 if it is
 * not closed.  Inside one, a backslash is an ordinary character (POSIX).
 */
static size_t
bracket_len(const char *s)
{
    size_t j = 1;
    if (s[j] == '^')
        j++;
    if (s[j] == ']')
        j++;
    for (;;) {
        if (s[j] == '\0')
            return 0;
        if (s[j] == ']')
            return j + 1;
        if (s[j] == '[' && s[j + 1] && strchr(":=.", s[j + 1])) {
            char kind = s[j + 1];
            size_t k = j + 2;
            while (s[k] && !(s[k] == kind && s[k + 1] == ']'))
                k++;
            if (!s[k])
                return 0;
            j = k + 2;
            continue;
        }
        j++;
    }
}

/*
 * Length of the regex at s that a "}}" (close == '}') or "]]" (close == ']') ends, or -1.
 * A "}}" inside an interval ("{{[0-9]{2}}}") or a bracket expression does not end it;
 * for "]]" nested brackets are counted as FileCheck does ("[[N:[0-9]]]").
 */
static long
regex_len(const char *s, char close)
{
    size_t depth = 0;
    for (size_t i = 0; s[i];) {
        if (s[i] == '\\') {
            if (!s[i + 1])
                return -1;
            i += 2;
            continue;
        }
        if (close == '}' && s[i] == '[') {
            size_t n = bracket_len(s + i);
            if (!n)
                return -1;
            i += n;
            continue;
        }
        if (s[i] == close && s[i + 1] == close && depth == 0)
            return (long)i;
        if (s[i] == (close == '}' ? '{' : '['))
            depth++;
        else if (s[i] == close && depth > 0)
            depth--;
        i++;
    }
    return -1;
}

/* Checks that re compiles on its own, for an early, well-placed error. */
static int
validate_regex(const Checker *c, int line, const char *re)
{
    if (!*re)
        return check_file_error(c, line, "empty regular expression");
    regex_t compiled;
    int rc = regcomp(&compiled, re, REG_EXTENDED | REG_NOSUB);
    if (rc != 0) {
        char msg[256];
        regerror(rc, &compiled, msg, sizeof msg);
        return check_file_error(c, line, "invalid regular expression '%s': %s", re, msg);
    }
    regfree(&compiled);
    return 0;
}

/*
 * Parses "[[@LINE]]", "[[@LINE+n]]", "[[#@LINE-n]]" at p (just after "[[") into *value.
 * Returns the length consumed after "[[" (including "]]"), or 0 if p is not one of them.
 */
static size_t
parse_line_var(const char *p, int line, long *value)
{
    const char *q = p;
    if (*q == '#')
        q++;
    if (strncmp(q, "@LINE", 5) != 0)
        return 0;
    q += 5;
    while (is_blank(*q))
        q++;
    long offset = 0;
    if (*q == '+' || *q == '-') {
        int negative = *q++ == '-';
        while (is_blank(*q))
            q++;
        if (!is_digit(*q))
            return 0;
        while (is_digit(*q)) {
            if (offset > 100000000)
                return 0;
            offset = offset * 10 + (*q++ - '0');
        }
        if (negative)
            offset = -offset;
        while (is_blank(*q))
            q++;
    }
    if (q[0] != ']' || q[1] != ']')
        return 0;
    *value = line + offset;
    return (size_t)(q + 2 - p);
}

/*
 * pattern  := { literal | "{{" regex "}}" | "[[" name ":" regex "]]" | "[[" name "]]"
 *             | "[[" ["#"] "@LINE" [("+"|"-") digits] "]]" }
 * name     := ["$"] (letter | "_") { letter | digit | "_" }
 */
static int
parse_pattern(Checker *c, Directive *d, const char *p)
{
    Buf lit = { 0 };
    while (*p) {
        if (p[0] == '{' && p[1] == '{') {
            long n = regex_len(p + 2, '}');
            if (n < 0)
                return check_file_error(c, d->line, "'{{' without a matching '}}'");
            char *re = xstrndup(p + 2, (size_t)n);
            if (validate_regex(c, d->line, re)) {
                free(re);
                free(lit.data);
                return EXIT_USAGE;
            }
            if (lit.len)
                add_piece(d, PIECE_LITERAL, buf_take(&lit), NULL);
            add_piece(d, PIECE_REGEX, re, NULL);
            p += 2 + n + 2;
            continue;
        }
        if (p[0] == '[' && p[1] == '[') {
            const char *q = p + 2;
            long value;
            size_t n = parse_line_var(q, d->line, &value);
            if (n) {
                char num[32];
                snprintf(num, sizeof num, "%ld", value);
                buf_puts(&lit, num);
                p = q + n;
                continue;
            }
            if (*q == '#' || *q == '@') {
                free(lit.data);
                return check_file_error(c, d->line,
                                        "unsupported substitution '%s'; only [[@LINE]], "
                                        "[[@LINE+n]] and [[@LINE-n]] are",
                                        p);
            }
            const char *name = q;
            if (*q == '$')
                q++;
            if (is_alpha(*q)) {
                while (is_alpha(*q) || is_digit(*q))
                    q++;
                size_t name_len = (size_t)(q - name);
                if (q[0] == ']' && q[1] == ']') {
                    if (lit.len)
                        add_piece(d, PIECE_LITERAL, buf_take(&lit), NULL);
                    add_piece(d, PIECE_USE, NULL, xstrndup(name, name_len));
                    p = q + 2;
                    continue;
                }
                if (q[0] == ':') {
                    long len = regex_len(q + 1, ']');
                    if (len < 0) {
                        free(lit.data);
                        return check_file_error(c, d->line, "'[[%.*s:' without a matching ']]'",
                                                (int)name_len, name);
                    }
                    char *re = xstrndup(q + 1, (size_t)len);
                    if (validate_regex(c, d->line, re)) {
                        free(re);
                        free(lit.data);
                        return EXIT_USAGE;
                    }
                    if (lit.len)
                        add_piece(d, PIECE_LITERAL, buf_take(&lit), NULL);
                    add_piece(d, PIECE_DEFINE, re, xstrndup(name, name_len));
                    p = q + 1 + len + 2;
                    continue;
                }
            }
            /* Not a substitution: the '[' is literal text (see the file comment), and the
             * next one may start one, as in "[[[P:%rd[0-9]+]]]" for "[%rd2]". */
            buf_putc(&lit, '[');
            p++;
            continue;
        }
        if (!c->strict_ws && is_blank(*p)) {
            while (is_blank(p[1]))
                p++;
            buf_putc(&lit, ' ');
        } else {
            buf_putc(&lit, *p);
        }
        p++;
    }
    if (lit.len)
        add_piece(d, PIECE_LITERAL, buf_take(&lit), NULL);
    free(lit.data);
    return 0;
}

/* True if ch may not precede a prefix: FileCheck wants "CHECK:" but not "XCHECK:". */
static int
is_word_char(char ch)
{
    return is_alpha(ch) || is_digit(ch) || ch == '-';
}

/*
 * Finds the first directive in line s for any prefix.  Sets *kind, *count and *name_len
 * (the length of "PREFIX-KIND") and returns the directive's start, or NULL.
 */
static const char *
find_directive(const Checker *c, const char *s, DirKind *kind, long *count, size_t *name_len)
{
    for (const char *p = s; *p; p++) {
        if (p > s && is_word_char(p[-1]))
            continue;
        for (size_t i = 0; i < c->nprefixes; i++) {
            size_t plen = strlen(c->prefixes[i]);
            if (strncmp(p, c->prefixes[i], plen) != 0)
                continue;
            const char *q = p + plen;
            for (size_t k = 0; k < sizeof dir_suffixes / sizeof dir_suffixes[0]; k++) {
                size_t slen = strlen(dir_suffixes[k].suffix);
                if (strncmp(q, dir_suffixes[k].suffix, slen) == 0) {
                    *kind = dir_suffixes[k].kind;
                    *count = 1;
                    *name_len = plen + slen - 1;
                    return p;
                }
            }
            if (strncmp(q, "-COUNT-", 7) == 0 && is_digit(q[7])) {
                const char *r = q + 7;
                long n = 0;
                while (is_digit(*r) && n <= MAX_COUNT)
                    n = n * 10 + (*r++ - '0');
                if (*r == ':') {
                    *kind = DIR_COUNT;
                    *count = n;
                    *name_len = (size_t)(r - p);
                    return p;
                }
            }
        }
    }
    return NULL;
}

/* Reads every directive of CHECKFILE into c->dirs. */
static int
parse_check_file(Checker *c, char *data, size_t len)
{
    size_t nlines;
    Line *lines = split_lines(data, len, 1, &nlines);
    int rc = 0;
    for (size_t i = 0; i < nlines && rc == 0; i++) {
        DirKind kind;
        long count;
        size_t name_len;
        const char *s = lines[i].orig;
        const char *at = find_directive(c, s, &kind, &count, &name_len);
        if (!at)
            continue;
        if (i >= INT_MAX) {
            rc = check_file_error(c, INT_MAX, "CHECKFILE too long");
            break;
        }
        c->dirs = grow(c->dirs, &c->dircap, c->ndirs + 1, sizeof *c->dirs);
        Directive *d = &c->dirs[c->ndirs++];
        *d = (Directive){ 0 };
        d->kind = kind;
        d->count = count;
        d->line = (int)i + 1;
        d->name = xstrndup(at, name_len);
        d->source = xstrndup(s, strlen(s));

        const char *pat = at + name_len + 1;
        while (is_blank(*pat))
            pat++;
        size_t plen = strlen(pat);
        while (plen > 0 && (is_blank(pat[plen - 1]) || pat[plen - 1] == '\r'))
            plen--;
        char *text = xstrndup(pat, plen);
        if (kind == DIR_EMPTY && plen > 0)
            rc = check_file_error(c, d->line, "%s takes no pattern", d->name);
        else if (kind != DIR_EMPTY && plen == 0)
            rc =
                check_file_error(c, d->line, "found empty check string with prefix '%s:'", d->name);
        else if (kind == DIR_COUNT && (count < 1 || count > MAX_COUNT))
            rc = check_file_error(c, d->line, "%s: count must be between 1 and %d", d->name,
                                  MAX_COUNT);
        else
            rc = parse_pattern(c, d, text);
        free(text);
        for (size_t k = 0; rc == 0 && k < d->npieces; k++) {
            PieceKind pk = d->pieces[k].kind;
            if (kind == DIR_LABEL && (pk == PIECE_DEFINE || pk == PIECE_USE))
                rc = check_file_error(c, d->line, "%s cannot define or use variables", d->name);
            else if (kind == DIR_NOT && pk == PIECE_DEFINE)
                rc = check_file_error(c, d->line, "%s cannot define variables", d->name);
        }
    }
    free_lines(lines, nlines);
    return rc;
}

/* CHECK-NEXT, -SAME and -EMPTY need a previous positive match to refer to. */
static int
check_directive_order(const Checker *c)
{
    int have_previous = 0;
    for (size_t i = 0; i < c->ndirs; i++) {
        const Directive *d = &c->dirs[i];
        if ((d->kind == DIR_NEXT || d->kind == DIR_SAME || d->kind == DIR_EMPTY) && !have_previous)
            return check_file_error(c, d->line, "found '%s' without a previous match to follow",
                                    d->name);
        if (d->kind != DIR_NOT)
            have_previous = 1;
    }
    return 0;
}

/* ---- Matching ---- */

/* A directive's pattern, with the variables' current values substituted. */
typedef struct {
    int is_regex;
    char *literal; /* !is_regex: matched with strstr */
    regex_t re;    /* is_regex */
    size_t ngroups;
    size_t *def_group; /* per piece: the subexpression of a PIECE_DEFINE */
    regmatch_t *groups;
} Matcher;

/* Appends s to b, escaped so that an extended regex matches it literally. */
static void
put_escaped(Buf *b, const char *s)
{
    for (; *s; s++) {
        if (strchr("^.[$()|*+?{\\", *s))
            buf_putc(b, '\\');
        buf_putc(b, *s);
    }
}

/* Counts the subexpressions "(" of an extended regex. */
static size_t
count_groups(const char *re)
{
    size_t n = 0;
    for (size_t i = 0; re[i];) {
        if (re[i] == '\\' && re[i + 1]) {
            i += 2;
        } else if (re[i] == '[') {
            size_t len = bracket_len(re + i);
            i += len ? len : 1;
        } else {
            n += re[i] == '(';
            i++;
        }
    }
    return n;
}

static void
free_matcher(Matcher *m)
{
    if (m->is_regex)
        regfree(&m->re);
    free(m->literal);
    free(m->def_group);
    free(m->groups);
}

static void report(const Checker *c, const Directive *d, const char *fmt, ...) PRINTF_LIKE(3, 4);

/* Builds d's matcher.  Reports an undefined variable and returns nonzero. */
static int
build_matcher(const Checker *c, const Directive *d, Matcher *m)
{
    *m = (Matcher){ 0 };
    m->is_regex = d->needs_regex;
    m->def_group = xrealloc(NULL, (d->npieces + 1) * sizeof *m->def_group);
    Buf b = { 0 };
    size_t group = 0;
    for (size_t k = 0; k < d->npieces; k++) {
        const Piece *p = &d->pieces[k];
        m->def_group[k] = 0;
        if (p->kind == PIECE_LITERAL) {
            if (m->is_regex)
                put_escaped(&b, p->text);
            else
                buf_puts(&b, p->text);
        } else if (p->kind == PIECE_REGEX || p->kind == PIECE_DEFINE) {
            buf_putc(&b, '(');
            m->def_group[k] = ++group;
            buf_puts(&b, p->text);
            buf_putc(&b, ')');
            group += count_groups(p->text);
        } else {
            size_t backref = 0;
            for (size_t j = 0; j < k; j++)
                if (d->pieces[j].kind == PIECE_DEFINE && !strcmp(d->pieces[j].name, p->name))
                    backref = m->def_group[j];
            const char *value = lookup_var(c, p->name);
            if (backref > 9) {
                report(c, d, "[[%s]] refers to subexpression %zu; at most 9 can be referred to",
                       p->name, backref);
            } else if (backref) {
                char ref[4] = { '\\', (char)('0' + backref), '\0', '\0' };
                buf_puts(&b, ref);
                continue;
            } else if (!value) {
                report(c, d, "undefined variable: %s", p->name);
            } else {
                if (m->is_regex)
                    put_escaped(&b, value);
                else
                    buf_puts(&b, value);
                continue;
            }
            free(b.data);
            free_matcher(m);
            *m = (Matcher){ 0 };
            return 1;
        }
    }
    char *text = buf_take(&b);
    if (!m->is_regex) {
        m->literal = text;
        return 0;
    }
    int rc = regcomp(&m->re, text, REG_EXTENDED);
    if (rc != 0) {
        char msg[256];
        regerror(rc, &m->re, msg, sizeof msg);
        m->is_regex = 0;
        report(c, d, "invalid regular expression '%s': %s", text, msg);
        free(text);
        free_matcher(m);
        *m = (Matcher){ 0 };
        return 1;
    }
    free(text);
    m->ngroups = group;
    m->groups = xrealloc(NULL, (group + 1) * sizeof *m->groups);
    return 0;
}

/* Matches m in s (a line, cut at the search limit) from column col.  is_cut: s was cut. */
static int
match_at(Matcher *m, const char *s, size_t col, int is_cut, size_t *start, size_t *end)
{
    if (!m->is_regex) {
        const char *hit = strstr(s + col, m->literal);
        if (!hit)
            return 0;
        *start = (size_t)(hit - s);
        *end = *start + strlen(m->literal);
        return 1;
    }
    int flags = (col > 0 ? REG_NOTBOL : 0) | (is_cut ? REG_NOTEOL : 0);
    if (regexec(&m->re, s + col, m->ngroups + 1, m->groups, flags) != 0)
        return 0;
    *start = col + (size_t)m->groups[0].rm_so;
    *end = col + (size_t)m->groups[0].rm_eo;
    return 1;
}

/*
 * Finds the first match of m at or after `from` that ends at or before `limit`.  The
 * captures stay in m->groups, relative to column from.col on the match's line when that
 * is from.line, else column 0.
 */
static int
find_match(Checker *c, Matcher *m, Pos from, Pos limit, Match *out)
{
    for (size_t ln = from.line; ln < c->ninput && ln <= limit.line; ln++) {
        Line *l = &c->input[ln];
        size_t col = ln == from.line ? from.col : 0;
        size_t cut = l->canon_len;
        if (ln == limit.line && limit.col < cut)
            cut = limit.col;
        if (col > cut)
            continue;
        char saved = l->canon[cut];
        l->canon[cut] = '\0';
        size_t start, end;
        int found = match_at(m, l->canon, col, cut < l->canon_len, &start, &end);
        l->canon[cut] = saved;
        if (found) {
            out->start = (Pos){ ln, start };
            out->end = (Pos){ ln, end };
            return 1;
        }
    }
    return 0;
}

/* Records the variables that d's successful match (found from column `base`) defined. */
static void
commit_defines(Checker *c, const Directive *d, const Matcher *m, Match match, size_t base)
{
    if (!m->is_regex)
        return;
    const char *s = c->input[match.start.line].canon;
    for (size_t k = 0; k < d->npieces; k++) {
        if (d->pieces[k].kind != PIECE_DEFINE)
            continue;
        regmatch_t g = m->groups[m->def_group[k]];
        if (g.rm_so < 0)
            set_var(c, d->pieces[k].name, "", 0);
        else
            set_var(c, d->pieces[k].name, s + base + g.rm_so, (size_t)(g.rm_eo - g.rm_so));
    }
}

/* ---- Reporting ---- */

/* Maps a column of Line.canon to the column of Line.orig it came from. */
static size_t
orig_col(const Checker *c, const Line *l, size_t canon_col)
{
    if (c->strict_ws)
        return canon_col;
    size_t o = 0;
    for (size_t k = 0; k < canon_col && l->orig[o]; k++) {
        if (is_blank(l->orig[o]))
            while (is_blank(l->orig[o + 1]))
                o++;
        o++;
    }
    return o;
}

static void
report(const Checker *c, const Directive *d, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d: error: %s: ", c->check_path, d->line, d->name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n%s\n", d->source);
}

/* Shows input line ln with a caret under canonical columns [start, end). */
static void
show_line(const Checker *c, size_t ln, size_t start, size_t end, const char *note)
{
    if (ln >= c->ninput) {
        fprintf(stderr, "%s: note: %s: end of input\n", c->input_name, note);
        return;
    }
    const Line *l = &c->input[ln];
    size_t os = orig_col(c, l, start), oe = orig_col(c, l, end);
    fprintf(stderr, "%s:%zu:%zu: note: %s\n", c->input_name, ln + 1, os + 1, note);
    fprintf(stderr, "%6zu | %s\n       | ", ln + 1, l->orig);
    for (size_t i = 0; i < os; i++)
        fputc(l->orig[i] == '\t' ? '\t' : ' ', stderr);
    fputc('^', stderr);
    for (size_t i = os + 1; i < oe; i++)
        fputc('~', stderr);
    fputc('\n', stderr);
}

/* Shows where a search began and the lines after it, up to `limit`. */
static void
show_scan(const Checker *c, Pos from, Pos limit)
{
    show_line(c, from.line, from.col, from.col, "scanning from here");
    size_t last = limit.line < c->ninput ? limit.line : c->ninput;
    if (limit.line < c->ninput && limit.col > 0)
        last++; /* the line holding the limit is searched up to it */
    size_t ln;
    for (ln = from.line + 1; ln < last && ln <= from.line + CONTEXT_LINES; ln++)
        fprintf(stderr, "%6zu | %s\n", ln + 1, c->input[ln].orig);
    if (ln < last)
        fprintf(stderr, "       | ... (%zu more lines searched)\n", last - ln);
}

/* Shows the value of every variable d uses. */
static void
show_vars(const Checker *c, const Directive *d)
{
    for (size_t k = 0; k < d->npieces; k++) {
        if (d->pieces[k].kind != PIECE_USE)
            continue;
        const char *value = lookup_var(c, d->pieces[k].name);
        if (value)
            fprintf(stderr, "note: with \"%s\" equal to \"%s\"\n", d->pieces[k].name, value);
    }
}

/* ---- Checking ---- */

static Pos
line_end(const Checker *c, size_t ln, Pos limit)
{
    if (ln >= c->ninput)
        return (Pos){ ln, 0 };
    if (ln == limit.line)
        return limit;
    return (Pos){ ln, c->input[ln].canon_len };
}

/* Matches a directive other than NOT, LABEL and DAG after pos; fills *out. */
static int
match_positive(Checker *c, const Directive *d, Pos pos, Pos limit, Match *out)
{
    if (d->kind == DIR_EMPTY) {
        size_t ln = pos.line + 1;
        if (ln >= c->ninput || ln > limit.line) {
            report(c, d, "expected an empty line after the previous match; found end of input");
            show_line(c, pos.line, pos.col, pos.col, "previous match ended here");
            return 0;
        }
        if (c->input[ln].canon_len != 0) {
            report(c, d, "expected an empty line after the previous match");
            show_line(c, ln, 0, c->input[ln].canon_len, "found a non-empty line here");
            return 0;
        }
        out->start = out->end = (Pos){ ln, 0 };
        return 1;
    }

    Matcher m;
    if (build_matcher(c, d, &m)) {
        show_scan(c, pos, limit);
        return 0;
    }
    int ok = 1;
    Pos from = pos;
    Pos search_limit = d->kind == DIR_SAME ? line_end(c, pos.line, limit) : limit;
    for (long i = 0; i < d->count && ok; i++) {
        Match hit;
        size_t base;
        if (!find_match(c, &m, from, search_limit, &hit)) {
            if (d->kind == DIR_SAME)
                report(c, d, "expected string not found on the line of the previous match");
            else if (d->count > 1)
                report(c, d, "expected string found %ld times of %ld", i, d->count);
            else
                report(c, d, "expected string not found in input");
            show_vars(c, d);
            show_scan(c, from, search_limit);
            ok = 0;
            break;
        }
        if (d->kind == DIR_NEXT && hit.start.line == pos.line) {
            report(c, d, "match on the same line as the previous match");
            show_line(c, hit.start.line, hit.start.col, hit.end.col, "match is here");
            show_line(c, pos.line, pos.col, pos.col, "previous match ended here");
            ok = 0;
            break;
        }
        if (d->kind == DIR_NEXT && hit.start.line != pos.line + 1) {
            report(c, d, "is not on the line after the previous match");
            show_vars(c, d);
            show_line(c, hit.start.line, hit.start.col, hit.end.col, "match is here");
            show_line(c, pos.line, pos.col, pos.col, "previous match ended here");
            for (size_t ln = pos.line + 1; ln < hit.start.line && ln <= pos.line + 4; ln++)
                fprintf(stderr, "%6zu | %s\n", ln + 1, c->input[ln].orig);
            ok = 0;
            break;
        }
        base = hit.start.line == from.line ? from.col : 0;
        commit_defines(c, d, &m, hit, base);
        if (i == 0)
            out->start = hit.start;
        out->end = hit.end;
        from = hit.end;
    }
    free_matcher(&m);
    return ok;
}

static int
overlaps(const Match *a, const Match *b)
{
    if (a->start.line != b->start.line)
        return 0;
    if (a->start.col == b->start.col)
        return 1;
    return a->start.col < b->end.col && b->start.col < a->end.col;
}

/* Matches the DAG directives [first, last) in any order after pos, without overlaps. */
static int
match_dag(Checker *c, size_t first, size_t last, Pos pos, Pos limit, Match *out)
{
    Match *found = xrealloc(NULL, (last - first) * sizeof *found);
    size_t nfound = 0;
    int ok = 1;
    for (size_t i = first; i < last && ok; i++) {
        const Directive *d = &c->dirs[i];
        Matcher m;
        if (build_matcher(c, d, &m)) {
            show_scan(c, pos, limit);
            ok = 0;
            break;
        }
        Pos from = pos;
        for (;;) {
            Match hit;
            if (!find_match(c, &m, from, limit, &hit)) {
                report(c, d, "expected string not found in input");
                show_vars(c, d);
                show_scan(c, pos, limit);
                ok = 0;
                break;
            }
            size_t k = 0;
            while (k < nfound && !overlaps(&hit, &found[k]))
                k++;
            if (k == nfound) {
                commit_defines(c, d, &m, hit, hit.start.line == from.line ? from.col : 0);
                found[nfound++] = hit;
                break;
            }
            /* Overlaps an earlier DAG match: look again one column further on. */
            from = (Pos){ hit.start.line, hit.start.col + 1 };
            if (from.col > c->input[from.line].canon_len)
                from = (Pos){ from.line + 1, 0 };
        }
        free_matcher(&m);
    }
    if (ok) {
        *out = found[0];
        for (size_t k = 1; k < nfound; k++) {
            const Match *f = &found[k];
            if (f->start.line < out->start.line ||
                (f->start.line == out->start.line && f->start.col < out->start.col))
                out->start = f->start;
            if (f->end.line > out->end.line ||
                (f->end.line == out->end.line && f->end.col > out->end.col))
                out->end = f->end;
        }
    }
    free(found);
    return ok;
}

/* Checks the NOT directives among [first, last) against the input in [from, limit). */
static int
check_nots(Checker *c, size_t first, size_t last, Pos from, Pos limit)
{
    for (size_t i = first; i < last; i++) {
        const Directive *d = &c->dirs[i];
        if (d->kind != DIR_NOT)
            continue;
        Matcher m;
        if (build_matcher(c, d, &m)) {
            show_scan(c, from, limit);
            return 0;
        }
        Match hit;
        int found = find_match(c, &m, from, limit, &hit);
        free_matcher(&m);
        if (found) {
            report(c, d, "excluded string found in input");
            show_vars(c, d);
            show_line(c, hit.start.line, hit.start.col, hit.end.col, "found here");
            show_line(c, from.line, from.col, from.col, "scanning from here");
            return 0;
        }
    }
    return 1;
}

/* Checks the directives [first, last) (no LABELs) against the input in [start, limit). */
static int
check_block(Checker *c, size_t first, size_t last, Pos start, Pos limit)
{
    Pos pos = start;
    size_t nots = first; /* the NOTs waiting for the next positive match start here */
    size_t i = first;
    while (i < last) {
        const Directive *d = &c->dirs[i];
        if (d->kind == DIR_NOT) {
            i++;
            continue;
        }
        Match match;
        size_t next = i + 1;
        if (d->kind == DIR_DAG) {
            while (next < last && c->dirs[next].kind == DIR_DAG)
                next++;
            if (!match_dag(c, i, next, pos, limit, &match))
                return 0;
        } else if (!match_positive(c, d, pos, limit, &match)) {
            return 0;
        }
        if (!check_nots(c, nots, i, pos, match.start))
            return 0;
        pos = match.end;
        nots = i = next;
    }
    return check_nots(c, nots, last, pos, limit);
}

/* Matches the LABELs in order, then checks each block between them.  Returns failures. */
static int
check_input(Checker *c)
{
    size_t nlabels = 0;
    for (size_t i = 0; i < c->ndirs; i++)
        nlabels += c->dirs[i].kind == DIR_LABEL;
    size_t *label_dir = xrealloc(NULL, (nlabels + 1) * sizeof *label_dir);
    Match *label_match = xrealloc(NULL, (nlabels + 1) * sizeof *label_match);
    Pos end_of_input = { c->ninput, 0 };
    Pos pos = { 0, 0 };
    size_t n = 0;
    int failures = 0, labels_ok = 1;
    for (size_t i = 0; i < c->ndirs; i++) {
        if (c->dirs[i].kind != DIR_LABEL)
            continue;
        Directive *d = &c->dirs[i];
        d->kind = DIR_PLAIN;
        int ok = match_positive(c, d, pos, end_of_input, &label_match[n]);
        d->kind = DIR_LABEL;
        if (!ok) {
            failures = 1;
            labels_ok = 0;
            break;
        }
        label_dir[n] = i;
        pos = label_match[n].end;
        n++;
    }
    for (size_t b = 0; labels_ok && b <= nlabels; b++) {
        size_t first = b == 0 ? 0 : label_dir[b - 1] + 1;
        size_t last = b == nlabels ? c->ndirs : label_dir[b];
        Pos start = b == 0 ? (Pos){ 0, 0 } : label_match[b - 1].end;
        Pos limit = b == nlabels ? end_of_input : label_match[b].start;
        if (b > 0 && c->var_scope)
            drop_local_vars(c);
        if (!check_block(c, first, last, start, limit))
            failures++;
    }
    free(label_dir);
    free(label_match);
    return failures;
}

/* ---- Driver ---- */

static int
usage(const char *msg)
{
    if (msg)
        fprintf(stderr, "filecheck: %s\n", msg);
    fprintf(stderr, "usage: filecheck CHECKFILE [--check-prefix=P] [--check-prefixes=P,Q]\n"
                    "                 [--input-file=F] [--allow-empty] [--strict-whitespace]\n"
                    "                 [--enable-var-scope] [-DVAR=VALUE]\n"
                    "Checks the input (stdin by default) against the CHECK lines of CHECKFILE.\n");
    return EXIT_USAGE;
}

static int
valid_prefix(const char *p)
{
    if (!is_alpha(*p))
        return 0;
    for (; *p; p++)
        if (!is_word_char(*p))
            return 0;
    return 1;
}

/* Adds the comma-separated prefixes of list (a string that lives as long as c). */
static int
add_prefixes(Checker *c, char *list)
{
    for (char *p = list;; p++) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (!valid_prefix(p))
            return usage("a check prefix starts with a letter and holds only [A-Za-z0-9_-]");
        if (c->nprefixes == MAX_PREFIXES)
            return usage("too many check prefixes");
        c->prefixes[c->nprefixes++] = p;
        if (!comma)
            return 0;
        p = comma;
    }
}

static int
define_var(Checker *c, const char *def)
{
    const char *eq = strchr(def, '=');
    const char *p = def;
    if (*p == '$')
        p++;
    if (!eq || !is_alpha(*p))
        return usage("-D wants NAME=VALUE");
    for (; p < eq; p++)
        if (!is_alpha(*p) && !is_digit(*p))
            return usage("-D wants NAME=VALUE");
    char *name = xstrndup(def, (size_t)(eq - def));
    set_var(c, name, eq + 1, strlen(eq + 1));
    free(name);
    return 0;
}

/*
 * Returns the value of option `name` ("--check-prefix") in argv[*i], either inline
 * ("--check-prefix=P") or as the next argument; NULL if argv[*i] is not that option.
 * *missing is set when the option is there but its value is not.
 */
static char *
option_value(int argc, char **argv, int *i, const char *name, int *missing)
{
    const char *arg = argv[*i];
    if (arg[0] == '-' && arg[1] == '-')
        arg++;
    size_t n = strlen(name);
    if (strncmp(arg, name + 1, n - 1) != 0)
        return NULL;
    if (arg[n - 1] == '=')
        return argv[*i] + (arg - argv[*i]) + n;
    if (arg[n - 1] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = 1;
        return NULL;
    }
    return argv[++*i];
}

static int
parse_args(Checker *c, int argc, char **argv, const char **input_path)
{
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i], *value;
        int missing = 0;
        if ((value = option_value(argc, argv, &i, "--check-prefix", &missing)) ||
            (value = option_value(argc, argv, &i, "--check-prefixes", &missing))) {
            if (add_prefixes(c, value))
                return EXIT_USAGE;
        } else if ((value = option_value(argc, argv, &i, "--input-file", &missing))) {
            *input_path = value;
        } else if (missing) {
            return usage("option needs a value");
        } else if (strcmp(arg, "--allow-empty") == 0 || strcmp(arg, "-allow-empty") == 0) {
            c->allow_empty = 1;
        } else if (strcmp(arg, "--strict-whitespace") == 0 ||
                   strcmp(arg, "-strict-whitespace") == 0) {
            c->strict_ws = 1;
        } else if (strcmp(arg, "--enable-var-scope") == 0 ||
                   strcmp(arg, "-enable-var-scope") == 0) {
            c->var_scope = 1;
        } else if (strncmp(arg, "-D", 2) == 0) {
            const char *def = arg[2] ? arg + 2 : (i + 1 < argc ? argv[++i] : "");
            if (define_var(c, def))
                return EXIT_USAGE;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(NULL);
            exit(0);
        } else if (arg[0] == '-' && arg[1] != '\0') {
            fprintf(stderr, "filecheck: unknown option '%s'\n", arg);
            return usage(NULL);
        } else if (!c->check_path) {
            c->check_path = arg;
        } else {
            return usage("more than one CHECKFILE");
        }
    }
    if (!c->check_path)
        return usage("no CHECKFILE");
    if (c->nprefixes == 0)
        c->prefixes[c->nprefixes++] = "CHECK";
    return 0;
}

static char *
read_path(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    char *data = read_all(f, len);
    if (f != stdin)
        fclose(f);
    return data;
}

static void
free_checker(Checker *c)
{
    for (size_t i = 0; i < c->ndirs; i++) {
        Directive *d = &c->dirs[i];
        for (size_t k = 0; k < d->npieces; k++) {
            free(d->pieces[k].text);
            free(d->pieces[k].name);
        }
        free(d->pieces);
        free(d->name);
        free(d->source);
    }
    free(c->dirs);
    for (size_t i = 0; i < c->nvars; i++) {
        free(c->vars[i].name);
        free(c->vars[i].value);
    }
    free(c->vars);
    free_lines(c->input, c->ninput);
}

static int
run(Checker *c, int argc, char **argv)
{
    const char *input_path = "-";
    int rc = parse_args(c, argc, argv, &input_path);
    if (rc)
        return rc;

    size_t len;
    char *data = read_path(c->check_path, &len);
    if (!data) {
        fprintf(stderr, "filecheck: cannot read '%s'\n", c->check_path);
        return EXIT_USAGE;
    }
    rc = parse_check_file(c, data, len);
    free(data);
    if (rc)
        return rc;
    if (c->ndirs == 0) {
        fprintf(stderr, "filecheck: no check strings found with prefix%s",
                c->nprefixes > 1 ? "es" : "");
        for (size_t i = 0; i < c->nprefixes; i++)
            fprintf(stderr, "%s '%s:'", i ? "," : "", c->prefixes[i]);
        fprintf(stderr, " in %s\n", c->check_path);
        return EXIT_USAGE;
    }
    if ((rc = check_directive_order(c)))
        return rc;

    c->input_name = strcmp(input_path, "-") == 0 ? "<stdin>" : input_path;
    data = read_path(input_path, &len);
    if (!data) {
        fprintf(stderr, "filecheck: cannot read '%s'\n", c->input_name);
        return EXIT_USAGE;
    }
    if (len == 0 && !c->allow_empty) {
        free(data);
        fprintf(stderr, "filecheck: error: '%s' is empty (use --allow-empty to accept that)\n",
                c->input_name);
        return EXIT_USAGE;
    }
    c->input = split_lines(data, len, c->strict_ws, &c->ninput);
    free(data);
    return check_input(c) ? EXIT_CHECK_FAILED : 0;
}

int
main(int argc, char **argv)
{
    Checker c = { 0 };
    int rc = run(&c, argc, argv);
    free_checker(&c);
    return rc;
}
