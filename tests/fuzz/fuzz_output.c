/*
 * fuzz_output.c -- fuzz target: output paths (runtime/output.c), long, empty,
 * through links, at folders and at things that are not there.
 *
 * Each input runs in a fresh fixture under a private temporary folder:
 *
 *   file       a regular file holding "old"
 *   link       -> file           dangling -> missing     loop -> loop
 *   dir/       a folder          dirlink  -> dir
 *
 * byte 0 picks the call (output_write, output_dir, output_join); every other
 * byte adds a path component: a fixture name, "..", ".", an empty component
 * (a double slash), "new", or a run of 'a's up to 510 long; bit 7 of byte 0
 * makes the path empty instead.
 *
 * Oracles (the rule: vptx never destroys or misplaces a file it was not asked
 * to write): the links stay links and the folders folders; a successful write
 * reads back through the path; a failed write leaves `file` holding "old"; no
 * temporary file is left behind; output_join never returns a path that does
 * not fit.  No device is ever used as a path (tests/lit/robust has the FIFO
 * case).
 */
#include "tests/fuzz/fuzz.h"

#include "runtime/output.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const FuzzSeedDir fuzz_seed_dirs[] = {
    { "tests/fuzz/corpus/output", NULL },
    { NULL, NULL },
};

static char base[64];

/* rm -r path's contents (not following links) */
static void
remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char p[PATH_MAX];
        snprintf(p, sizeof p, "%s/%s", path, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            remove_tree(p);
            rmdir(p);
        } else {
            unlink(p);
        }
    }
    closedir(d);
}

static void
cleanup(void)
{
    remove_tree(base);
    rmdir(base);
}

static void
fixture(void)
{
    if (!base[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(base, sizeof base, "%.40s/vptx-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(base))
            fuzz_fail("mkdtemp: %s", strerror(errno));
        atexit(cleanup);
    }
    remove_tree(base);
    char p[128], q[128];
    snprintf(p, sizeof p, "%s/file", base);
    FILE *f = fopen(p, "wb");
    if (!f || fputs("old", f) < 0 || fclose(f) != 0)
        fuzz_fail("cannot make the fixture");
    snprintf(p, sizeof p, "%s/dir", base);
    mkdir(p, 0777);
    static const char *const links[][2] = {
        { "link", "file" }, { "dangling", "missing" }, { "loop", "loop" }, { "dirlink", "dir" }
    };
    for (size_t i = 0; i < sizeof links / sizeof links[0]; i++) {
        snprintf(q, sizeof q, "%s/%s", base, links[i][0]);
        if (symlink(links[i][1], q) != 0)
            fuzz_fail("symlink: %s", strerror(errno));
    }
}

/* the fixture's entries are what they were */
static void
check_fixture(const char *path)
{
    static const struct {
        const char *name;
        bool is_link, is_dir;
    } want[] = {
        { "link", true, false },    { "dangling", true, false }, { "loop", true, false },
        { "dirlink", true, false }, { "dir", false, true },      { "file", false, false },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char p[128];
        struct stat st;
        snprintf(p, sizeof p, "%s/%s", base, want[i].name);
        if (lstat(p, &st) != 0)
            fuzz_fail("'%s' vanished after a call on '%s'", want[i].name, path);
        if (want[i].is_link != (bool)S_ISLNK(st.st_mode) ||
            want[i].is_dir != (bool)S_ISDIR(st.st_mode))
            fuzz_fail("'%s' changed its kind after a call on '%s'", want[i].name, path);
        if (!want[i].is_link && !want[i].is_dir && !S_ISREG(st.st_mode))
            fuzz_fail("'file' is no longer a regular file");
    }
    /* no temporary file (NAME.XXXXXX) left in the fixture's folders */
    for (int k = 0; k < 2; k++) {
        char p[128];
        snprintf(p, sizeof p, "%s%s", base, k ? "/dir" : "");
        DIR *d = opendir(p);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            size_t n = strlen(e->d_name);
            if (n > 7 && e->d_name[n - 7] == '.')
                fuzz_fail("temporary file '%s' left behind after a call on '%s'", e->d_name, path);
        }
        if (d)
            closedir(d);
    }
}

static const char *
read_back(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t n = fread(buf, 1, cap - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    fixture();
    static const char *const names[] = { "file", "link", "dangling", "loop", "dirlink",
                                         "dir",  "..",   ".",        "",     "new" };
    static char path[8192];
    size_t o = 0;
    if (!(data[0] & 0x80))
        o = (size_t)snprintf(path, sizeof path, "%s", base);
    path[o] = 0;
    for (size_t i = 1; i < size && o + 600 < sizeof path; i++) {
        unsigned k = data[i] % 16;
        path[o++] = '/';
        if (k < sizeof names / sizeof names[0]) {
            o += (size_t)snprintf(path + o, sizeof path - o, "%s", names[k]);
        } else {
            size_t run = (size_t)(data[i] >> 4) * 34 + 1; /* 1 .. 511 */
            memset(path + o, 'a', run);
            o += run;
        }
        path[o] = 0;
    }
    int call = data[0] & 3;
    char err[512] = "";
    if (call == 0 || call == 3) {
        bool ok = output_write(path, "NEW", 3);
        check_fixture(path);
        char buf[16];
        if (ok && (!read_back(path, buf, sizeof buf) || strcmp(buf, "NEW") != 0))
            fuzz_fail("wrote '%s' but it reads back otherwise", path);
        char file[128];
        snprintf(file, sizeof file, "%s/file", base);
        const char *now = read_back(file, buf, sizeof buf);
        if (!ok && (!now || strcmp(now, "old") != 0))
            fuzz_fail("a failed write of '%s' tore 'file'", path);
    } else if (call == 1) {
        bool ok = output_dir(path, err, sizeof err);
        check_fixture(path);
        struct stat st;
        if (ok && (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)))
            fuzz_fail("output_dir('%s') succeeded without a folder", path);
        if (!ok && !err[0])
            fuzz_fail("output_dir failed without a message");
    } else {
        char buf[4096];
        bool ok = output_join(buf, sizeof buf, path, "arg0.npy", err, sizeof err);
        if (ok && (strlen(buf) != strlen(path) + 9 || strncmp(buf, path, strlen(path)) != 0))
            fuzz_fail("output_join gave '%.80s...' for '%.80s...'", buf, path);
        if (!ok && !err[0])
            fuzz_fail("output_join failed without a message");
    }
    return 0;
}
