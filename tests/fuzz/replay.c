/*
 * replay.c -- a plain-C stand-in for libFuzzer's driver: runs a fuzz target
 * on files, so that `make test` replays every corpus with any C compiler
 * (under ASan+UBSan there), no clang needed.
 *
 *   replay_NAME                  every seed of the target (fuzz_seed_dirs), from the repo root
 *   replay_NAME FILE|DIR...      those files, and every file under those folders
 *   replay_NAME --list           print the seed files, one a line (tests/fuzz/fuzz.sh
 *                                copies them into libFuzzer's seed folder)
 *   replay_NAME -v [FILE|DIR...] print "replay: running FILE" before each input
 *
 * Folders are walked in sorted order, so runs are reproducible.  Each input
 * is copied into a buffer of exactly its size, so that a read past the end
 * is an ASan report, as under libFuzzer.  If an input crashes, the name of
 * the file is printed after the crash report (for signals and ASan reports;
 * gcc's separate UBSan runtime does not call the death callback, so run.sh
 * reruns a failing replay with -v and reports the last input it started).
 */
#include "tests/fuzz/fuzz.h"

#include <dirent.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct Names {
    char **items;
    size_t n, cap;
} Names;

static const char *current_input; /* for the crash message; replay is single-threaded */

static void
say_current(void)
{
    if (!current_input)
        return;
    /* async-signal-safe: write(2) only */
    static const char head[] = "replay: the input that crashed: ";
    ssize_t ignored = write(2, head, sizeof head - 1);
    ignored = write(2, current_input, strlen(current_input));
    ignored = write(2, "\n", 1);
    (void)ignored;
}

static void
on_signal(int sig)
{
    say_current();
    signal(sig, SIG_DFL);
    raise(sig);
}

#if defined(__SANITIZE_ADDRESS__)
void __sanitizer_set_death_callback(void (*callback)(void));
#define HAVE_DEATH_CALLBACK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
void __sanitizer_set_death_callback(void (*callback)(void));
#define HAVE_DEATH_CALLBACK 1
#endif
#endif

static void
push(Names *names, const char *s)
{
    if (names->n == names->cap) {
        names->cap = names->cap ? 2 * names->cap : 64;
        names->items = realloc(names->items, names->cap * sizeof *names->items);
        if (!names->items) {
            perror("replay");
            exit(2);
        }
    }
    names->items[names->n] = strdup(s);
    if (!names->items[names->n++]) {
        perror("replay");
        exit(2);
    }
}

static int
compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool
ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Adds path (a file) or every file under it (a folder) whose name ends in ext. */
static void
collect(Names *out, const char *path, const char *ext)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        exit(2);
    }
    if (!S_ISDIR(st.st_mode)) {
        if (!ext || ends_with(path, ext))
            push(out, path);
        return;
    }
    DIR *dir = opendir(path);
    if (!dir) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        exit(2);
    }
    Names entries = { 0 };
    struct dirent *e;
    while ((e = readdir(dir)))
        if (e->d_name[0] != '.')
            push(&entries, e->d_name);
    closedir(dir);
    qsort(entries.items, entries.n, sizeof *entries.items, compare_names);
    for (size_t i = 0; i < entries.n; i++) {
        size_t len = strlen(path) + strlen(entries.items[i]) + 2;
        char *child = malloc(len);
        if (!child) {
            perror("replay");
            exit(2);
        }
        snprintf(child, len, "%s/%s", path, entries.items[i]);
        collect(out, child, ext);
        free(child);
        free(entries.items[i]);
    }
    free(entries.items);
}

static void
run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        exit(2);
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf) {
        perror("replay");
        exit(2);
    }
    /* exactly `len` bytes, so that ASan sees reads past the end */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        perror("replay");
        exit(2);
    }
    memcpy(exact, buf, len);
    free(buf);
    current_input = path;
    LLVMFuzzerTestOneInput(exact, len);
    current_input = NULL;
    free(exact);
}

int
main(int argc, char **argv)
{
    Names inputs = { 0 };
    bool list = argc == 2 && strcmp(argv[1], "--list") == 0;
    bool verbose = argc >= 2 && strcmp(argv[1], "-v") == 0;
    if (verbose) {
        argv[1] = argv[0];
        argv++;
        argc--;
    }
    if (argc == 1 || list) {
        for (const FuzzSeedDir *s = fuzz_seed_dirs; s->dir; s++) {
            struct stat st;
            if (stat(s->dir, &st) == 0) /* a target's corpus folder may not exist yet */
                collect(&inputs, s->dir, s->ext);
        }
    } else {
        for (int i = 1; i < argc; i++)
            collect(&inputs, argv[i], NULL);
    }
    if (list) {
        for (size_t i = 0; i < inputs.n; i++) {
            printf("%s\n", inputs.items[i]);
            free(inputs.items[i]);
        }
        free(inputs.items);
        return 0;
    }
    signal(SIGSEGV, on_signal);
    signal(SIGABRT, on_signal);
    signal(SIGFPE, on_signal);
    signal(SIGBUS, on_signal);
#ifdef HAVE_DEATH_CALLBACK
    __sanitizer_set_death_callback(say_current);
#endif
    for (size_t i = 0; i < inputs.n; i++) {
        if (verbose)
            fprintf(stderr, "replay: running %s\n", inputs.items[i]);
        run_file(inputs.items[i]);
        free(inputs.items[i]);
    }
    free(inputs.items);
    if (inputs.n == 0) {
        fprintf(stderr, "replay %s: no inputs\n", argv[0]);
        return 1;
    }
    printf("replay %s: %zu inputs, no crash\n", argv[0], inputs.n);
    return 0;
}
