/*
 * npy.c -- NumPy .npy reader and writer.
 *
 * Format (numpy.lib.format): the magic "\x93NUMPY", a major and minor
 * version byte, a little-endian header length (2 bytes for 1.0, 4 for 2.0),
 * then an ASCII Python dict literal such as
 *     {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
 * padded with spaces and a final '\n', then the raw data.  The reader
 * checks every length against the bytes present before touching them.
 */
#include "runtime/npy.h"

#include "runtime/output.h"
#include "port.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* numpy itself refuses headers above 10,000 bytes (max_header_size) */
enum { NPY_MAX_HEADER = 1 << 16 };

static const struct {
    const char *descr, *alt;
    size_t size;
} dtypes[] = {
    [NPY_F4] = { "<f4", NULL, 4 },  [NPY_F2] = { "<f2", NULL, 2 }, [NPY_F8] = { "<f8", NULL, 8 },
    [NPY_I1] = { "|i1", "<i1", 1 }, [NPY_I4] = { "<i4", NULL, 4 }, [NPY_I8] = { "<i8", NULL, 8 },
    [NPY_U1] = { "|u1", "<u1", 1 }, [NPY_U2] = { "<u2", NULL, 2 }, [NPY_U4] = { "<u4", NULL, 4 },
    [NPY_U8] = { "<u8", NULL, 8 },
};

const char *
npy_dtype_descr(NpyDtype t)
{
    return dtypes[t].descr;
}

static int npy_err(char *err, size_t n, const char *fmt, ...) PRINTF_LIKE(3, 4);

static int
npy_err(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && n)
        vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

/*
 * The header dict, read as strictly as numpy's own reader (a Python literal checked
 * for exactly these keys), so that vptx never reads an array differently from numpy:
 *
 *   dict  := '{' item (',' item)* [','] '}'   then only blanks to the end
 *   item  := key ':' value                     each of the three keys exactly once
 *   key   := 'descr' | 'fortran_order' | 'shape'      (quoted with ' or ")
 *   descr := a quoted string                   fortran_order := True | False
 *   shape := '(' ')' | '(' int ',' ')' | '(' int (',' int)+ [','] ')'
 *   int   := 0 | [1-9][0-9]*                   (Python 3 has no leading zeros)
 *
 * with blanks allowed between tokens.  A duplicate key (numpy takes the last, vptx
 * used to take the first), an unknown key or a malformed shape is an error.
 */
typedef struct {
    const char *p, *end;
} Scan;

static void
blanks(Scan *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
        s->p++;
}

static bool
punct(Scan *s, char c)
{
    blanks(s);
    if (s->p < s->end && *s->p == c) {
        s->p++;
        return true;
    }
    return false;
}

/* A quoted string: its text into [*t, *t + *len). */
static bool
quoted(Scan *s, const char **t, size_t *len)
{
    blanks(s);
    if (s->p >= s->end || (*s->p != '\'' && *s->p != '"'))
        return false;
    char q = *s->p++;
    *t = s->p;
    while (s->p < s->end && *s->p != q && *s->p != '\\' && *s->p != '\n')
        s->p++;
    if (s->p >= s->end || *s->p != q)
        return false;
    *len = (size_t)(s->p++ - *t);
    return true;
}

static int
parse_descr(Scan *s, NpyArray *a, char *err, size_t n)
{
    const char *t;
    size_t len;
    if (!quoted(s, &t, &len))
        return npy_err(err, n, "'descr' is not a string (structured dtypes are not supported)");
    for (size_t i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
        if ((strlen(dtypes[i].descr) == len && !memcmp(dtypes[i].descr, t, len)) ||
            (dtypes[i].alt && strlen(dtypes[i].alt) == len && !memcmp(dtypes[i].alt, t, len))) {
            a->dtype = (NpyDtype)i;
            a->itemsize = dtypes[i].size;
            return 0;
        }
    return npy_err(
        err, n, "unsupported dtype '%.*s' (supported: little-endian f2 f4 f8 i1 i4 i8 u1 u2 u4 u8)",
        (int)(len > 16 ? 16 : len), t);
}

static int
parse_shape(Scan *s, NpyArray *a, char *err, size_t n)
{
    static const char bad[] = "malformed 'shape' (a tuple of sizes: (), (N,) or (N, M, ...))";
    if (!punct(s, '('))
        return npy_err(err, n, "%s", bad);
    a->ndim = 0;
    a->count = 1;
    bool comma = false; /* a ',' after the last size */
    while (!punct(s, ')')) {
        blanks(s);
        if (a->ndim && !comma)
            return npy_err(err, n, "%s", bad);
        if (s->p >= s->end || *s->p < '0' || *s->p > '9' ||
            (*s->p == '0' && s->p + 1 < s->end && s->p[1] >= '0' && s->p[1] <= '9'))
            return npy_err(err, n, "%s", bad);
        if (a->ndim == NPY_MAXDIM)
            return npy_err(err, n, "more than %d dimensions", NPY_MAXDIM);
        size_t v = 0;
        while (s->p < s->end && *s->p >= '0' && *s->p <= '9') {
            if (v > (SIZE_MAX - 9) / 10)
                return npy_err(err, n, "shape entry too large");
            v = v * 10 + (size_t)(*s->p++ - '0');
        }
        if (v && a->count > SIZE_MAX / v)
            return npy_err(err, n, "array too large");
        a->shape[a->ndim++] = v;
        a->count *= v;
        comma = punct(s, ',');
    }
    if (a->ndim == 1 && !comma) /* (3) is the number 3, not a tuple */
        return npy_err(err, n, "%s", bad);
    return 0;
}

/* The header dict h[0..hl): dtype, shape, fortran_order into out. */
static int
parse_dict(const char *h, size_t hl, NpyArray *out, char *err, size_t errsize)
{
    static const char *const keys[] = { "descr", "fortran_order", "shape" };
    bool seen[3] = { false, false, false };
    Scan s = { h, h + hl };
    if (!punct(&s, '{'))
        return npy_err(err, errsize, "the header is not a dict");
    while (!punct(&s, '}')) {
        const char *k;
        size_t len;
        int which = -1;
        if (!quoted(&s, &k, &len))
            return npy_err(err, errsize, "malformed header dict");
        for (int i = 0; i < 3; i++)
            if (strlen(keys[i]) == len && !memcmp(keys[i], k, len))
                which = i;
        if (which < 0)
            return npy_err(err, errsize, "unknown key '%.*s' in the header",
                           (int)(len > 20 ? 20 : len), k);
        if (seen[which])
            return npy_err(err, errsize, "key '%s' appears twice in the header", keys[which]);
        seen[which] = true;
        if (!punct(&s, ':'))
            return npy_err(err, errsize, "malformed header dict");
        if (which == 0 && parse_descr(&s, out, err, errsize))
            return -1;
        if (which == 2 && parse_shape(&s, out, err, errsize))
            return -1;
        if (which == 1) {
            blanks(&s);
            size_t left = (size_t)(s.end - s.p);
            if (left >= 4 && !memcmp(s.p, "True", 4))
                return npy_err(err, errsize, "Fortran-order arrays are not supported");
            if (left < 5 || memcmp(s.p, "False", 5))
                return npy_err(err, errsize, "bad 'fortran_order'");
            s.p += 5;
        }
        if (!punct(&s, ',')) {
            if (!punct(&s, '}'))
                return npy_err(err, errsize, "malformed header dict");
            break;
        }
    }
    blanks(&s);
    if (s.p != s.end)
        return npy_err(err, errsize, "text after the header dict");
    for (int i = 0; i < 3; i++)
        if (!seen[i])
            return npy_err(err, errsize, "header has no '%s'", keys[i]);
    if (out->count > SIZE_MAX / out->itemsize)
        return npy_err(err, errsize, "array too large");
    return 0;
}

/* The fixed prefix: magic, version and header length.  *off gets the offset of the
 * header dict, *hl its length; needs 12 bytes (10 for version 1.0). */
static int
parse_prefix(const unsigned char *b, size_t len, size_t *off, size_t *hl, char *err, size_t errsize)
{
    if (len < 10 || memcmp(b, "\x93NUMPY", 6))
        return npy_err(err, errsize, "not a .npy file (bad magic)");
    int major = b[6];
    if (major == 1) {
        *hl = (size_t)b[8] | (size_t)b[9] << 8;
        *off = 10;
    } else if (major == 2 || major == 3) {
        if (len < 12)
            return npy_err(err, errsize, "truncated header");
        *hl = (size_t)b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 | (size_t)b[11] << 24;
        *off = 12;
    } else {
        return npy_err(err, errsize, "unsupported .npy version %d.%d", major, b[7]);
    }
    if (*hl > NPY_MAX_HEADER)
        return npy_err(err, errsize, "header is %zu bytes long (at most %d)", *hl, NPY_MAX_HEADER);
    return 0;
}

int
npy_parse(const void *buf, size_t len, NpyArray *out, char *err, size_t errsize)
{
    const unsigned char *b = buf;
    memset(out, 0, sizeof *out);
    size_t off, hl;
    if (parse_prefix(b, len, &off, &hl, err, errsize))
        return -1;
    if (hl > len - off)
        return npy_err(err, errsize, "truncated header");
    if (parse_dict((const char *)b + off, hl, out, err, errsize))
        return -1;
    size_t data = off + hl;
    if (out->count * out->itemsize > len - data)
        return npy_err(err, errsize, "file holds %zu data bytes, the header promises more",
                       len - data);
    size_t bytes = out->count * out->itemsize;
    out->data = malloc(bytes ? bytes : 1);
    if (!out->data)
        return npy_err(err, errsize, "out of memory");
    memcpy(out->data, b + data, bytes);
    return 0;
}

/* Reads the prefix and the header first, then exactly the data bytes the header
 * declares: never more, so /dev/zero or an endless pipe is an error at once. */
static int
read_npy(FILE *f, NpyArray *out, char *err, size_t errsize)
{
    unsigned char pre[12];
    size_t got = fread(pre, 1, sizeof pre, f);
    size_t off, hl;
    if (parse_prefix(pre, got, &off, &hl, err, errsize))
        return -1;
    char *h = malloc(hl ? hl : 1);
    if (!h)
        return npy_err(err, errsize, "out of memory");
    size_t have = got - off; /* header bytes already in pre */
    if (have > hl)
        have = hl;
    memcpy(h, pre + off, have);
    if (fread(h + have, 1, hl - have, f) != hl - have) {
        free(h);
        return npy_err(err, errsize, "truncated header");
    }
    int r = parse_dict(h, hl, out, err, errsize);
    free(h);
    if (r)
        return -1;
    size_t bytes = out->count * out->itemsize;
    size_t early = got - off - have; /* data bytes read with the prefix (tiny headers) */
    if (early > bytes)
        early = bytes;
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 0 &&
        (uint64_t)st.st_size - (off + hl) < bytes)
        return npy_err(err, errsize, "file holds %llu data bytes, the header promises %zu",
                       (unsigned long long)((uint64_t)st.st_size - (off + hl)), bytes);
    out->data = malloc(bytes ? bytes : 1);
    if (!out->data)
        return npy_err(err, errsize, "out of memory (the header promises %zu data bytes)", bytes);
    memcpy(out->data, pre + off + have, early);
    if (fread((char *)out->data + early, 1, bytes - early, f) != bytes - early) {
        npy_free(out);
        return npy_err(err, errsize, "the file holds fewer data bytes than the header promises");
    }
    return 0;
}

int
npy_read(const char *path, NpyArray *out, char *err, size_t errsize)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return npy_err(err, errsize, "cannot open %s: %s", path, strerror(errno));
    char msg[256];
    int r = read_npy(f, out, msg, sizeof msg);
    if (r == 0 && ferror(f)) {
        npy_free(out);
        r = npy_err(msg, sizeof msg, "read error");
    }
    fclose(f);
    if (r)
        npy_err(err, errsize, "%s: %s", path, msg);
    return r;
}

int
npy_encode(const NpyArray *a, char **image, size_t *len, char *err, size_t errsize)
{
    char shape[NPY_MAXDIM * 24 + 8] = "(";
    size_t o = 1;
    for (int i = 0; i < a->ndim; i++)
        o += (size_t)snprintf(shape + o, sizeof shape - o, "%zu%s", a->shape[i],
                              a->ndim == 1      ? ","
                              : i + 1 < a->ndim ? ", "
                                                : "");
    snprintf(shape + o, sizeof shape - o, ")");
    char hdr[512];
    int n = snprintf(hdr, sizeof hdr, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }",
                     dtypes[a->dtype].descr, shape);
    size_t total = 10 + (size_t)n + 1, pad = (64 - total % 64) % 64;
    size_t hl = (size_t)n + pad + 1;
    char *buf = NULL;
    size_t buf_len = 0;
    FILE *f = open_memstream(&buf, &buf_len);
    if (!f)
        return npy_err(err, errsize, "out of memory");
    unsigned char pre[10] = {
        0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(hl & 0xff), (unsigned char)(hl >> 8)
    };
    fwrite(pre, 1, 10, f);
    fwrite(hdr, 1, (size_t)n, f);
    for (size_t i = 0; i < pad; i++)
        fputc(' ', f);
    fputc('\n', f);
    bool ok = fwrite(a->data, a->itemsize, a->count, f) == a->count;
    if (fclose(f) != 0 || !ok) {
        free(buf);
        return npy_err(err, errsize, "out of memory");
    }
    *image = buf;
    *len = buf_len;
    return 0;
}

int
npy_write(const char *path, const NpyArray *a, char *err, size_t errsize)
{
    /* built in memory, then written by output_write: a reader never sees a torn file */
    char *buf = NULL;
    size_t buf_len = 0;
    if (npy_encode(a, &buf, &buf_len, err, errsize))
        return -1;
    bool ok = output_write(path, buf, buf_len);
    int saved = errno;
    free(buf);
    if (!ok)
        return npy_err(err, errsize, "cannot write %s: %s", path, strerror(saved));
    return 0;
}

void
npy_free(NpyArray *a)
{
    free(a->data);
    a->data = NULL;
}
