/*
 * test_determinism.c -- every test kernel compiles to the same PTX bytes every
 * time: twice in a row in one process, and in two threads at once.
 *
 * The kernels are every .mlir under tests/lit, examples and tests/golden that
 * compiles to PTX (for the arch of its `// ARGS: --arch=` line, or sm_80, or
 * else sm_90a); error tests that compile for neither are left out.  A second
 * compilation in the same process catches state that leaks from one
 * compilation into the next (a static, an uninitialised field); two threads
 * compiling the whole set at once catch state shared between threads.
 * The first differing file is named.  Runs from the repository root.
 */
#include "driver/vptx.h"

#include <dirent.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tests/unit/files.h"

typedef struct Kernel {
    char *path;
    char *text;
    size_t len;
    char arch[16];
    char *ptx; /* the first compilation's output */
    size_t ptx_len;
} Kernel;

typedef struct Kernels {
    Kernel *items;
    size_t n, cap;
} Kernels;

static int
compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.mlir file under dir, in sorted order, appended to out. */
static void
find_mlir(const char *dir, Kernels *out)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        names = realloc(names, (n + 1) * sizeof *names);
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n; i++) {
        size_t plen = strlen(dir) + strlen(names[i]) + 2;
        char *path = malloc(plen);
        snprintf(path, plen, "%s/%s", dir, names[i]);
        free(names[i]);
        struct stat st;
        size_t len = strlen(path);
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            find_mlir(path, out);
        } else if (len > 5 && strcmp(path + len - 5, ".mlir") == 0) {
            if (out->n == out->cap) {
                out->cap = out->cap ? 2 * out->cap : 64;
                out->items = realloc(out->items, out->cap * sizeof *out->items);
            }
            out->items[out->n++] = (Kernel){ .path = path };
            continue;
        }
        free(path);
    }
    free(names);
}

/* Compiles k for arch; returns the PTX (malloc'd) or NULL after an error. */
static char *
compile(const Kernel *k, const char *arch, size_t *len)
{
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = arch;
    VptxResult *r = NULL;
    char *copy = NULL;
    if (vptx_compile(k->path, k->text, k->len, &opt, &r) == 0) {
        const char *out = vptx_result_output(r, len);
        copy = malloc(*len + 1);
        memcpy(copy, out, *len + 1);
    }
    vptx_result_free(r);
    return copy;
}

/* Same bytes as the reference?  Otherwise names the file and returns false. */
static bool
same(const Kernel *k, const char *ptx, size_t len, const char *when)
{
    if (!ptx) {
        fprintf(stderr, "%s: compiled the first time but not %s\n", k->path, when);
        return false;
    }
    if (len == k->ptx_len && memcmp(ptx, k->ptx, len) == 0)
        return true;
    size_t at = 0;
    while (at < len && at < k->ptx_len && ptx[at] == k->ptx[at])
        at++;
    fprintf(stderr, "%s (--arch=%s): the PTX %s differs from the first compilation at byte %zu\n",
            k->path, k->arch, when, at);
    return false;
}

typedef struct Worker {
    Kernels *kernels;
    bool ok;
    const char *name;
} Worker;

static void *
work(void *arg)
{
    Worker *w = arg;
    w->ok = true;
    for (size_t i = 0; i < w->kernels->n; i++) {
        Kernel *k = &w->kernels->items[i];
        size_t len = 0;
        char *ptx = compile(k, k->arch, &len);
        w->ok &= same(k, ptx, len, w->name);
        free(ptx);
    }
    return NULL;
}

int
main(void)
{
    Kernels all = { 0 }, good = { 0 };
    find_mlir("tests/lit", &all);
    find_mlir("examples", &all);
    find_mlir("tests/golden", &all);
    for (size_t i = 0; i < all.n; i++) {
        Kernel k = all.items[i];
        k.text = read_file(k.path, &k.len);
        if (!k.text) {
            fprintf(stderr, "cannot read %s\n", k.path);
            return 1;
        }
        /* the arch of an `// ARGS: --arch=X` line, else sm_80, else sm_90a */
        char arches[2][16] = { "sm_80", "sm_90a" };
        const char *args = strstr(k.text, "// ARGS: --arch=");
        int narches = 2;
        if (args && sscanf(args, "// ARGS: --arch=%15[a-z0-9_]", arches[0]) == 1)
            narches = 1;
        for (int a = 0; a < narches && !k.ptx; a++) {
            k.ptx = compile(&k, arches[a], &k.ptx_len);
            memcpy(k.arch, arches[a], sizeof k.arch);
        }
        if (!k.ptx) {
            free(k.text);
            free(k.path);
            continue;
        }
        good.items = realloc(good.items, (good.n + 1) * sizeof *good.items);
        good.items[good.n++] = k;
    }
    free(all.items);

    bool ok = true;
    for (size_t i = 0; i < good.n; i++) { /* again, in the same process */
        Kernel *k = &good.items[i];
        size_t len = 0;
        char *ptx = compile(k, k->arch, &len);
        ok &= same(k, ptx, len, "the second time");
        free(ptx);
    }
    Worker w[2] = { { &good, false, "in thread 1" }, { &good, false, "in thread 2" } };
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        if (pthread_create(&t[i], NULL, work, &w[i]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    for (int i = 0; i < 2; i++) {
        pthread_join(t[i], NULL);
        ok &= w[i].ok;
    }

    /* a test that finds nothing to compare must fail, not pass */
    if (good.n < 20) {
        fprintf(stderr, "only %zu kernels compiled; expected at least 20\n", good.n);
        ok = false;
    }
    printf("determinism: %zu kernels, 4 compilations each (2 in a row, 2 in parallel threads)%s\n",
           good.n, ok ? "" : ": FAILED");
    for (size_t i = 0; i < good.n; i++) {
        free(good.items[i].path);
        free(good.items[i].text);
        free(good.items[i].ptx);
    }
    free(good.items);
    return ok ? 0 : 1;
}
