/*
 * output.c -- writing the files the user named, and nothing else.
 *
 * The rule: vptx never destroys or misplaces a file it was not asked to
 * write.  So
 *
 *   - a regular file (or an absent one) is written to a temporary file in
 *     the same folder and renamed over the target, so a reader never sees
 *     a torn file and a failed write leaves the old contents;
 *   - a symbolic link is written through: the file it points to is
 *     written as above (or in place when that is not a regular file), and
 *     the link itself is left alone;
 *   - anything else (a character device, a FIFO, a socket) is opened and
 *     written in place, never replaced by a regular file;
 *   - a folder, or an empty name, is an error.
 *
 * Output folders (`vptx run --out DIR`) are created with their parents, and
 * a file name that does not fit is an error instead of a cut-off name.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "runtime/output.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Writes all of data to fd; false with errno set on failure. */
static bool
write_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}

/* Opens an existing special file (or a dangling link's target) and writes in place. */
static bool
write_in_place(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, len, f) == len;
    int saved = errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    errno = saved;
    return ok;
}

/* Writes path.XXXXXX next to path, then renames it over path.  mode is the
 * mode the new file gets (an existing file's own, else 0666 less the umask). */
static bool
write_atomic(const char *path, const void *data, size_t len, mode_t mode)
{
    size_t n = strlen(path);
    char *tmp = malloc(n + 8);
    if (!tmp)
        return false;
    memcpy(tmp, path, n);
    memcpy(tmp + n, ".XXXXXX", 8);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int saved = errno;
        free(tmp);
        errno = saved;
        return false;
    }
    bool ok = fchmod(fd, mode) == 0 && write_all(fd, data, len);
    int saved = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        saved = errno;
    }
    if (!ok)
        unlink(tmp);
    free(tmp);
    errno = saved;
    return ok;
}

static mode_t
default_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

bool
output_write(const char *path, const void *data, size_t len)
{
    if (!path || !*path) {
        errno = ENOENT;
        return false;
    }
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? write_atomic(path, data, len, default_mode()) : false;
    if (S_ISREG(st.st_mode))
        return write_atomic(path, data, len, st.st_mode & 07777);
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return false;
    }
    if (S_ISLNK(st.st_mode)) {
        /* the link stays; its target is what the user means */
        char *target = realpath(path, NULL);
        if (!target) /* dangling: fopen creates the target through the link */
            return errno == ENOENT ? write_in_place(path, data, len) : false;
        bool ok;
        if (stat(target, &st) != 0)
            ok = false;
        else if (S_ISREG(st.st_mode))
            ok = write_atomic(target, data, len, st.st_mode & 07777);
        else if (S_ISDIR(st.st_mode)) {
            errno = EISDIR;
            ok = false;
        } else
            ok = write_in_place(target, data, len);
        int saved = errno;
        free(target);
        errno = saved;
        return ok;
    }
    return write_in_place(path, data, len);
}

/* The temporary file beside target, as a stream with the given mode. */
static bool
stream_open(OutputStream *o, const char *target, mode_t mode)
{
    size_t n = strlen(target);
    o->target = malloc(n + 1);
    o->tmp = malloc(n + 8);
    if (!o->target || !o->tmp) {
        free(o->target);
        free(o->tmp);
        errno = ENOMEM;
        return false;
    }
    memcpy(o->target, target, n + 1);
    memcpy(o->tmp, target, n);
    memcpy(o->tmp + n, ".XXXXXX", 8);
    int fd = mkstemp(o->tmp);
    o->f = fd < 0 ? NULL : fchmod(fd, mode) == 0 ? fdopen(fd, "wb") : NULL;
    if (!o->f) {
        int saved = errno;
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        free(o->target);
        free(o->tmp);
        errno = saved;
        return false;
    }
    return true;
}

bool
output_begin(OutputStream *o, const char *path)
{
    memset(o, 0, sizeof *o);
    struct stat st;
    if (!path || !*path)
        return errno = 0, false;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? stream_open(o, path, default_mode()) : (errno = 0, false);
    if (S_ISREG(st.st_mode))
        return stream_open(o, path, st.st_mode & 07777);
    if (!S_ISLNK(st.st_mode))
        return errno = 0, false;
    char *target = realpath(path, NULL);
    bool ok = target && stat(target, &st) == 0 && S_ISREG(st.st_mode);
    if (ok)
        ok = stream_open(o, target, st.st_mode & 07777);
    else
        errno = 0;
    int saved = errno;
    free(target);
    errno = saved;
    return ok;
}

bool
output_commit(OutputStream *o)
{
    bool ok = fflush(o->f) == 0 && !ferror(o->f);
    int saved = errno;
    if (fclose(o->f) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (ok && rename(o->tmp, o->target) != 0) {
        ok = false;
        saved = errno;
    }
    if (!ok)
        unlink(o->tmp);
    free(o->tmp);
    free(o->target);
    memset(o, 0, sizeof *o);
    errno = saved;
    return ok;
}

void
output_discard(OutputStream *o)
{
    if (!o->f)
        return;
    fclose(o->f);
    unlink(o->tmp);
    free(o->tmp);
    free(o->target);
    memset(o, 0, sizeof *o);
}

/* ---- several files, all or nothing ---- */

void
output_batch_init(OutputBatch *b)
{
    memset(b, 0, sizeof *b);
}

/* A path output_begin would not stage: a device, a FIFO or a dangling link is written in
   place at commit; a folder (or a link to one), an empty name or a path that cannot be
   looked at is an error now, so that nothing is written. */
static bool
stage_in_place(OutputBatch *b, const char *path, const void *data, size_t len)
{
    struct stat st;
    if (!path || !*path)
        return errno = ENOENT, false;
    if (lstat(path, &st) != 0)
        return false;
    if (S_ISLNK(st.st_mode) && stat(path, &st) != 0 && errno != ENOENT)
        return false;
    if (S_ISDIR(st.st_mode))
        return errno = EISDIR, false;
    struct OutputInPlace *grown = realloc(b->in_place, (b->nin_place + 1) * sizeof *grown);
    if (!grown)
        return errno = ENOMEM, false;
    b->in_place = grown;
    struct OutputInPlace *w = &b->in_place[b->nin_place];
    w->path = malloc(strlen(path) + 1);
    w->data = malloc(len ? len : 1);
    w->len = len;
    if (!w->path || !w->data) {
        free(w->path);
        free(w->data);
        return errno = ENOMEM, false;
    }
    strcpy(w->path, path);
    memcpy(w->data, data, len);
    b->nin_place++;
    return true;
}

bool
output_batch_add(OutputBatch *b, const char *path, const void *data, size_t len)
{
    OutputStream o;
    if (!output_begin(&o, path))
        return errno == 0 ? stage_in_place(b, path, data, len) : false;
    OutputStream *grown = realloc(b->staged, (b->nstaged + 1) * sizeof *grown);
    /* written and flushed now: a full disk fails here, before any target changes */
    if (!grown || fwrite(data, 1, len, o.f) != len || fflush(o.f) != 0) {
        int saved = grown ? errno : ENOMEM;
        if (grown)
            b->staged = grown;
        output_discard(&o);
        return errno = saved, false;
    }
    b->staged = grown;
    b->staged[b->nstaged++] = o;
    return true;
}

bool
output_batch_commit(OutputBatch *b, char *failed, size_t n)
{
    bool ok = true;
    int saved = 0;
    for (size_t i = 0; i < b->nstaged; i++) {
        if (!ok) {
            output_discard(&b->staged[i]);
            continue;
        }
        snprintf(failed, n, "%s", b->staged[i].target);
        ok = output_commit(&b->staged[i]);
        saved = errno;
    }
    for (size_t i = 0; ok && i < b->nin_place; i++) {
        snprintf(failed, n, "%s", b->in_place[i].path);
        ok = output_write(b->in_place[i].path, b->in_place[i].data, b->in_place[i].len);
        saved = errno;
    }
    output_batch_discard(b);
    errno = saved;
    return ok;
}

void
output_batch_discard(OutputBatch *b)
{
    for (size_t i = 0; i < b->nstaged; i++)
        output_discard(&b->staged[i]);
    for (size_t i = 0; i < b->nin_place; i++) {
        free(b->in_place[i].path);
        free(b->in_place[i].data);
    }
    free(b->staged);
    free(b->in_place);
    memset(b, 0, sizeof *b);
}

bool
output_dir(const char *dir, char *err, size_t errsize)
{
    if (!dir || !*dir) {
        snprintf(err, errsize, "--out needs a folder name (the value is empty)");
        return false;
    }
    size_t n = strlen(dir);
    if (n >= PATH_MAX) {
        snprintf(err, errsize, "--out folder name is %zu bytes long (at most %d)", n, PATH_MAX - 1);
        return false;
    }
    char buf[PATH_MAX];
    memcpy(buf, dir, n + 1);
    /* mkdir -p: make every prefix that ends before a '/', then the whole */
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != 0)
            continue;
        if (buf[i - 1] == '/')
            continue;
        char saved = buf[i];
        buf[i] = 0;
        struct stat st;
        if (stat(buf, &st) != 0) {
            /* EEXIST from mkdir: a dangling link or a race; the stat below decides */
            if (errno != ENOENT || (mkdir(buf, 0777) != 0 && errno != EEXIST)) {
                snprintf(err, errsize, "cannot create folder '%s': %s", buf, strerror(errno));
                return false;
            }
            if (stat(buf, &st) != 0) { /* fuzz_output: a dangling link */
                snprintf(err, errsize, "cannot create folder '%s': %s", buf, strerror(errno));
                return false;
            }
        }
        if (!S_ISDIR(st.st_mode)) {
            snprintf(err, errsize, "'%s' is not a folder", buf);
            return false;
        }
        buf[i] = saved;
    }
    return true;
}

bool
output_file_name(char *buf, size_t size, const char *stem, const char *ext, char *err,
                 size_t errsize)
{
    size_t n = strlen(stem) + strlen(ext);
    if (!*stem || stem[0] == '.' || strchr(stem, '/') || strchr(ext, '/')) {
        snprintf(err, errsize,
                 "'%.40s%s%s' is not a plain file name: it would be written outside "
                 "the output folder or hidden in it",
                 stem, strlen(stem) > 40 ? "..." : "", ext);
        return false;
    }
    size_t max = size - 1 < (size_t)NAME_MAX ? size - 1 : (size_t)NAME_MAX;
    if (n > max) {
        snprintf(err, errsize, "file name '%.40s...%s' is too long (%zu bytes; at most %zu)", stem,
                 ext, n, max);
        return false;
    }
    snprintf(buf, size, "%s%s", stem, ext);
    return true;
}

bool
output_join(char *buf, size_t size, const char *dir, const char *name, char *err, size_t errsize)
{
    int n = snprintf(buf, size, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= size || (size_t)n >= PATH_MAX) {
        snprintf(err, errsize, "output path '%.40s.../%s' is too long (%d bytes; at most %d)", dir,
                 name, n, PATH_MAX - 1);
        return false;
    }
    return true;
}

char *
cli_read_file(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    errno = 0;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    bool too_big = false;
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1)
            break;
        if (cap > CLI_MAX_FILE) { /* /dev/zero, an endless pipe: stop, do not grow */
            too_big = true;
            free(buf);
            buf = NULL;
            break;
        }
        char *bigger = realloc(buf, cap *= 2);
        if (!bigger)
            free(buf);
        buf = bigger;
    }
    int read_errno = errno; /* fread's reason (EISDIR for a folder) */
    bool bad = ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf || bad) {
        free(buf);
        errno = too_big ? EFBIG : bad ? (read_errno ? read_errno : EIO) : ENOMEM;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}
