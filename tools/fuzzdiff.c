/*
 * fuzzdiff.c -- `vptx fuzz-diff --seed=N --count=M`: differential fuzzing of
 * the whole compiler against the reference evaluator.
 *
 *   for i in [0, M):  k = fuzz_generate(N, i)          (fuzz/fuzzgen.c)
 *                     text = fuzz_emit(k)
 *                     status = check_text(text, arch)  (check.c: eval vs compile + sim)
 *
 * Each check runs in a forked child (unless --no-fork), so an abort, a
 * sanitizer report or a hang (--timeout, default 60 s) of the compiler or the
 * simulator is reported with its seed instead of ending the run.
 *
 * Outcomes: PASS; REJECTED (vptx reported a diagnostic: an unsupported
 * feature, counted by message); INVALID (the text does not parse or verify:
 * a generator bug); and the failures: MISMATCH (wrong values), FAULT (the
 * kernel faulted on the simulator), ERROR (eval failed), CRASH, TIMEOUT.  A
 * failure is minimised (fuzz_shrink: drop steps, halve tiles, fewer warps,
 * re-checked after each step, kept while it still fails the same way) and,
 * with --keep-dir, written there as a lit test.  Exit status 1 when any
 * kernel failed or was invalid.
 */
#include "tools/fuzzdiff.h"
#include "driver/cliargs.h"

#include "tools/check.h"
#include "runtime/launch.h"
#include "driver/options.h"
#include "fuzz/fuzz.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_ARCHS      4
#define MAX_CATEGORIES 64
#define SHRINK_BUDGET  400

/* check_text's statuses, plus what the parent sees of a child. */
enum { STATUS_CRASH = 100, STATUS_TIMEOUT = 101 };
/* A child exits with EXIT_BASE + its CheckStatus. */
#define EXIT_BASE 64

typedef struct Category {
    char text[96];
    uint64_t count, first; /* first: the index of the first kernel */
} Category;

typedef struct Categories {
    Category c[MAX_CATEGORIES];
    uint32_t n;
} Categories;

typedef struct Fuzz {
    uint64_t seed, count, index;
    bool has_index, print, verbose, fork_each, precise_math;
    unsigned timeout;
    double rtol, atol; /* < 0: check's computed tolerances */
    const char *keep_dir;
    const char *archs[MAX_ARCHS];
    uint32_t narchs;
    char arch_buf[128];
    /* results */
    uint64_t checked, passed, rejected, invalid, failed;
    Categories rejects, invalids, failures;
} Fuzz;

static const char fuzz_usage[] =
    "usage: vptx fuzz-diff --seed=N --count=M [options]\n"
    "  generate M random vector-level kernels from seed N and check each like\n"
    "  `vptx check --backend=sim` (eval vs compile + simulator)\n"
    "\n"
    "  --seed=N         run seed (default 1)\n"
    "  --count=M        kernels to generate (default 100)\n"
    "  --arch=A[,B]     targets to compile for (default sm_80; e.g. sm_80,sm_90a)\n"
    "  --keep-dir=DIR   write each failing kernel, minimised, to DIR as a lit test\n"
    "  --index=I        only kernel I of the run (with --print: print it)\n"
    "  --print          print the generated kernels instead of checking them\n"
    "  --timeout=S      seconds per check before it counts as a hang (default 60)\n"
    "  --rtol=X --atol=X  override check's tolerances (0 makes rounding differences\n"
    "                   fail: a way to exercise the minimiser)\n"
    "  --precise-math   compile math.* with the accurate sequences (as vptx check)\n"
    "  --no-fork        check in this process (a crash then ends the run)\n"
    "  --verbose        one line per kernel, and the check log of each failure\n";

/* ---- one check ---- */

static char *
kernel_text(const FuzzKernel *k, const char *header, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    fuzz_emit(k, header, f);
    fclose(f);
    return text;
}

static char *
read_all(FILE *f)
{
    size_t n = 0, cap = 4096;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    rewind(f);
    size_t got;
    while ((got = fread(s + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 >= cap) {
            char *t = realloc(s, cap *= 2);
            if (!t)
                break;
            s = t;
        }
    }
    s[n] = 0;
    return s;
}

/* Checks k for arch; *log gets the check's output (malloc'd). */
static int
check_kernel_text(const Fuzz *fz, const FuzzKernel *k, const char *arch, char **log)
{
    size_t len = 0;
    char *text = kernel_text(k, NULL, &len);
    FILE *f = tmpfile();
    int status = CHECK_ERROR;
    *log = NULL;
    if (!text || !f) {
        free(text);
        if (f)
            fclose(f);
        return status;
    }
    CheckTextOptions o = { arch, 1, fz->verbose, fz->rtol, fz->atol, fz->precise_math };
    if (!fz->fork_each) {
        status = (int)check_text("fuzz.mlir", text, len, &o, f);
    } else {
        fflush(stdout);
        fflush(stderr);
        pid_t pid = fork();
        if (pid == 0) {
            alarm(fz->timeout);
            int st = (int)check_text("fuzz.mlir", text, len, &o, f);
            fflush(f);
            _exit(EXIT_BASE + st); /* apart from a sanitizer's exit status 1 */
        }
        int ws = 0;
        if (pid < 0 || waitpid(pid, &ws, 0) != pid)
            status = CHECK_ERROR;
        else if (WIFSIGNALED(ws))
            status = WTERMSIG(ws) == SIGALRM ? STATUS_TIMEOUT : STATUS_CRASH;
        else if (WEXITSTATUS(ws) >= EXIT_BASE && WEXITSTATUS(ws) <= EXIT_BASE + CHECK_ERROR)
            status = WEXITSTATUS(ws) - EXIT_BASE;
        else
            status = STATUS_CRASH;
        if (status == STATUS_TIMEOUT)
            fprintf(f, "vptx fuzz-diff: error: the check took more than %u s\n", fz->timeout);
        else if (status == STATUS_CRASH && WIFSIGNALED(ws))
            fprintf(f, "vptx fuzz-diff: error: the check crashed (signal %d)\n", WTERMSIG(ws));
        else if (status == STATUS_CRASH)
            fprintf(f, "vptx fuzz-diff: error: the check exited with status %d\n", WEXITSTATUS(ws));
    }
    *log = read_all(f);
    fclose(f);
    free(text);
    return status;
}

static const char *
status_name(int status)
{
    switch (status) {
    case CHECK_PASS:
        return "pass";
    case CHECK_MISMATCH:
        return "mismatch";
    case CHECK_FAULT:
        return "fault";
    case CHECK_REJECTED:
        return "rejected";
    case CHECK_INVALID:
        return "invalid";
    case STATUS_CRASH:
        return "crash";
    case STATUS_TIMEOUT:
        return "timeout";
    default:
        return "error";
    }
}

/* The interesting line of a log: the first "error: " message (without its
 * location), else the first FAIL line, else its first line. */
static void
log_summary(const char *log, char *buf, size_t n)
{
    const char *p = log ? strstr(log, "error: ") : NULL;
    if (p) {
        p += 7;
    } else if (log && (p = strstr(log, "FAIL ")) != NULL) {
    } else {
        p = log ? log : "";
    }
    size_t len = strcspn(p, "\n");
    snprintf(buf, n, "%.*s", (int)(len < n ? len : n - 1), p);
}

/* A message with its numbers and quoted names blanked, so that one
 * unsupported feature counts once. */
static void
categorize(const char *msg, char *buf, size_t n)
{
    size_t o = 0;
    for (const char *p = msg; *p && o + 2 < n; p++) {
        if (*p >= '0' && *p <= '9') {
            if (o == 0 || buf[o - 1] != 'N')
                buf[o++] = 'N';
        } else if (*p == '%') {
            buf[o++] = '%';
            while (p[1] && p[1] != ' ' && p[1] != ',' && p[1] != ')' && p[1] != '\'')
                p++;
        } else {
            buf[o++] = *p;
        }
    }
    buf[o] = 0;
    if (o > 80)
        buf[80] = 0;
}

static void
count_category(Categories *cs, const char *text, uint64_t index)
{
    for (uint32_t i = 0; i < cs->n; i++) {
        if (strcmp(cs->c[i].text, text) == 0) {
            cs->c[i].count++;
            return;
        }
    }
    uint32_t i = cs->n < MAX_CATEGORIES ? cs->n++ : MAX_CATEGORIES - 1;
    snprintf(cs->c[i].text, sizeof cs->c[i].text, "%s", text);
    cs->c[i].count = 1;
    cs->c[i].first = index;
}

/* ---- minimising and keeping ---- */

static bool
same_failure(int a, int b)
{
    bool wrong_a = a == CHECK_MISMATCH || a == CHECK_FAULT;
    bool wrong_b = b == CHECK_MISMATCH || b == CHECK_FAULT;
    return a == b || (wrong_a && wrong_b);
}

/* Shrinks *k while it keeps failing like `status`.  Returns the checks run. */
static uint32_t
minimise(const Fuzz *fz, FuzzKernel *k, const char *arch, int status)
{
    FuzzKernel cands[64];
    uint32_t runs = 0;
    bool progress = true;
    while (progress && runs < SHRINK_BUDGET) {
        progress = false;
        uint32_t n = fuzz_shrink(k, cands, 64);
        for (uint32_t i = 0; i < n && runs < SHRINK_BUDGET; i++) {
            char *log;
            int st = check_kernel_text(fz, &cands[i], arch, &log);
            free(log);
            runs++;
            if (same_failure(st, status)) {
                *k = cands[i];
                progress = true;
                break;
            }
        }
    }
    return runs;
}

static void
keep(const Fuzz *fz, const FuzzKernel *k, uint64_t index, const char *arch, int status,
     const char *summary)
{
    char path[4096], header[1024];
    int n = snprintf(path, sizeof path, "%s/fuzz-%llu-%llu-%s.mlir", fz->keep_dir,
                     (unsigned long long)fz->seed, (unsigned long long)index, arch);
    if (n < 0 || (size_t)n >= sizeof path) { /* never write to a cut-off name */
        fprintf(stderr, "vptx fuzz-diff: error: the path under '%.60s...' is too long\n",
                fz->keep_dir);
        return;
    }
    snprintf(header, sizeof header,
             "// Found by `vptx fuzz-diff --seed=%llu --index=%llu --arch=%s` (%s), minimised:\n"
             "//   %.600s\n"
             "// RUN: %%vptx check %%s --backend=sim --arch=%s | %%filecheck %%s\n"
             "// CHECK: PASS fz\n",
             (unsigned long long)fz->seed, (unsigned long long)index, arch, status_name(status),
             summary, arch);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "vptx fuzz-diff: error: cannot write '%s'\n", path);
        return;
    }
    fuzz_emit(k, header, f);
    fclose(f);
    printf("  kept %s\n", path);
}

/* ---- the run ---- */

static void
check_one(Fuzz *fz, uint64_t index)
{
    FuzzKernel k;
    fuzz_generate(fz->seed, index, &k);
    for (uint32_t a = 0; a < fz->narchs; a++) {
        const char *arch = fz->archs[a];
        char *log = NULL, msg[512], cat[96];
        int st = check_kernel_text(fz, &k, arch, &log);
        log_summary(log, msg, sizeof msg);
        fz->checked++;
        if (fz->verbose)
            printf("kernel %llu (%s): %s%s%s\n", (unsigned long long)index, arch, status_name(st),
                   st == CHECK_PASS ? "" : ": ", st == CHECK_PASS ? "" : msg);
        if (st == CHECK_PASS) {
            fz->passed++;
        } else if (st == CHECK_REJECTED || st == CHECK_INVALID) {
            categorize(msg, cat, sizeof cat);
            count_category(st == CHECK_REJECTED ? &fz->rejects : &fz->invalids, cat, index);
            if (st == CHECK_REJECTED)
                fz->rejected++;
            else
                fz->invalid++;
        } else {
            fz->failed++;
            snprintf(cat, sizeof cat, "%s", status_name(st));
            count_category(&fz->failures, cat, index);
            printf("FAIL kernel %llu of seed %llu (%s, %s): %s\n", (unsigned long long)index,
                   (unsigned long long)fz->seed, arch, status_name(st), msg);
            if (fz->verbose && log)
                fputs(log, stdout);
            FuzzKernel small = k;
            uint32_t runs = minimise(fz, &small, arch, st);
            char *slog = NULL, smsg[512];
            check_kernel_text(fz, &small, arch, &slog);
            log_summary(slog, smsg, sizeof smsg);
            printf("  minimised in %u checks to %u steps: %s\n", runs, small.nsteps, smsg);
            if (fz->keep_dir)
                keep(fz, &small, index, arch, st, smsg);
            free(slog);
        }
        fflush(stdout);
        free(log);
    }
}

static void
print_categories(const char *what, const Categories *cs)
{
    for (uint32_t i = 0; i < cs->n; i++)
        printf("  %s: %llu x %s (first: kernel %llu)\n", what, (unsigned long long)cs->c[i].count,
               cs->c[i].text, (unsigned long long)cs->c[i].first);
}

/* A count option's value, or false after saying what is wrong with it. */
static bool
fuzz_count(const char *opt, const char *v, unsigned long long max, uint64_t *out)
{
    unsigned long long x;
    if (!cli_count(v, max, &x)) {
        fprintf(stderr,
                "vptx fuzz-diff: error: bad value '%s' for %s (want a count, decimal or 0x, at "
                "most %llu)\n",
                v, opt, max);
        return false;
    }
    *out = x;
    return true;
}

static int
parse_args(int argc, char **argv, Fuzz *fz)
{
    memset(fz, 0, sizeof *fz);
    fz->seed = 1;
    fz->count = 100;
    fz->timeout = 60;
    fz->fork_each = true;
    fz->rtol = fz->atol = -1;
    const char *arch = "sm_80";
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        bool missing = false;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(fuzz_usage, stdout);
            return 0;
        } else if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0) {
            fz->verbose = true;
        } else if (strcmp(argv[i], "--print") == 0) {
            fz->print = true;
        } else if (strcmp(argv[i], "--precise-math") == 0) {
            fz->precise_math = true;
        } else if (strcmp(argv[i], "--no-fork") == 0) {
            fz->fork_each = false;
        } else if (cli_option(argc, argv, &i, "--seed", &v, &missing) && !missing) {
            if (!fuzz_count("--seed", v, ~0ull, &fz->seed))
                return 1;
        } else if (cli_option(argc, argv, &i, "--count", &v, &missing) && !missing) {
            if (!fuzz_count("--count", v, ~0ull, &fz->count))
                return 1;
        } else if (cli_option(argc, argv, &i, "--index", &v, &missing) && !missing) {
            if (!fuzz_count("--index", v, ~0ull, &fz->index))
                return 1;
            fz->has_index = true;
        } else if (cli_option(argc, argv, &i, "--timeout", &v, &missing) && !missing) {
            uint64_t x;
            if (!fuzz_count("--timeout", v, 1u << 20, &x))
                return 1;
            fz->timeout = (unsigned)x;
        } else if (cli_option(argc, argv, &i, "--rtol", &v, &missing) && !missing) {
            fz->rtol = strtod(v, NULL);
        } else if (cli_option(argc, argv, &i, "--atol", &v, &missing) && !missing) {
            fz->atol = strtod(v, NULL);
        } else if (cli_option(argc, argv, &i, "--arch", &v, &missing) && !missing) {
            arch = v;
        } else if (cli_option(argc, argv, &i, "--keep-dir", &v, &missing) && !missing) {
            fz->keep_dir = v;
        } else if (missing) {
            cli_missing_value(stderr, "vptx fuzz-diff", argc, argv, i);
            return 1;
        } else {
            static const char *const help[] = { fuzz_usage, NULL };
            cli_unknown_option(stderr, "vptx fuzz-diff", argv[i], help);
            return 1;
        }
    }
    snprintf(fz->arch_buf, sizeof fz->arch_buf, "%s", arch);
    for (char *p = fz->arch_buf; p && *p && fz->narchs < MAX_ARCHS;) {
        fz->archs[fz->narchs++] = p;
        p = strchr(p, ',');
        if (p)
            *p++ = 0;
    }
    for (uint32_t a = 0; a < fz->narchs; a++) {
        VptxOptions opt;
        char why[256];
        vptx_options_init(&opt);
        opt.arch = fz->archs[a];
        if (!options_validate(&opt, OPTIONS_CLI, why, sizeof why)) {
            fprintf(stderr, "vptx fuzz-diff: error: %s\n", why);
            return 1;
        }
    }
    return -1;
}

int
fuzz_diff_main(int argc, char **argv)
{
    Fuzz fz;
    int status = parse_args(argc, argv, &fz);
    if (status >= 0)
        return status;
    uint64_t first = fz.has_index ? fz.index : 0;
    uint64_t end = fz.has_index ? fz.index + 1 : fz.count;
    if (fz.print) {
        for (uint64_t i = first; i < end; i++) {
            FuzzKernel k;
            char header[128];
            fuzz_generate(fz.seed, i, &k);
            snprintf(header, sizeof header, "// vptx fuzz-diff --seed=%llu --index=%llu\n",
                     (unsigned long long)fz.seed, (unsigned long long)i);
            fuzz_emit(&k, header, stdout);
        }
        return 0;
    }
    for (uint64_t i = first; i < end; i++)
        check_one(&fz, i);
    printf("fuzz-diff: %llu kernels, %llu passed, %llu rejected", (unsigned long long)fz.checked,
           (unsigned long long)fz.passed, (unsigned long long)fz.rejected);
    if (fz.rejects.n) {
        printf(" (");
        for (uint32_t i = 0; i < fz.rejects.n; i++)
            printf("%s%llu: %s", i ? "; " : "", (unsigned long long)fz.rejects.c[i].count,
                   fz.rejects.c[i].text);
        printf(")");
    }
    printf(", %llu mismatches", (unsigned long long)fz.failed);
    if (fz.invalid)
        printf(", %llu invalid (generator bugs)", (unsigned long long)fz.invalid);
    printf(" (seed %llu)\n", (unsigned long long)fz.seed);
    print_categories("failed", &fz.failures);
    print_categories("invalid", &fz.invalids);
    return fz.failed || fz.invalid ? 1 : 0;
}
