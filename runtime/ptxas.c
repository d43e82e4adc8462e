/*
 * ptxas.c -- find and run ptxas (see ptxas.h).
 *
 *   ptx text --> $TMPDIR/vptx-XXXXXX/NAME.ptx --> ptxas -v -arch=ARCH -o OUT NAME.ptx
 *
 * ptxas's stdout and stderr both go to NAME.log in the same folder (ptxas
 * writes `-v` information to stderr), which is read back afterwards: on
 * failure it is printed unchanged and the folder is kept; with stats the
 * `-v` lines are summarised per kernel, and a kernel that spills registers
 * always gets a warning naming it.
 */
#include "runtime/ptxas.h"
#include "runtime/output.h"
#include "runtime/launch.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static bool
is_executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* dir + "/" + name, malloc'd, if that is an executable file; else NULL. */
static char *
try_dir(const char *dir, size_t dirlen, const char *name)
{
    size_t n = dirlen + strlen(name) + 2;
    char *p = malloc(n);
    if (!p)
        return NULL;
    snprintf(p, n, "%.*s/%s", (int)dirlen, dir, name);
    if (is_executable(p))
        return p;
    free(p);
    return NULL;
}

char *
ptxas_find(void)
{
    const char *env = getenv("PTXAS");
    if (env && *env) /* a bare name is looked up in PATH by posix_spawnp */
        return !strchr(env, '/') || is_executable(env) ? strdup(env) : NULL;
    const char *path = getenv("PATH");
    for (const char *s = path; s && *s;) {
        const char *colon = strchr(s, ':');
        size_t len = colon ? (size_t)(colon - s) : strlen(s);
        char *found = len ? try_dir(s, len, "ptxas") : NULL;
        if (found)
            return found;
        s += len + (colon != NULL);
    }
    const char *home = getenv("CUDA_HOME");
    if (home && *home) {
        size_t n = strlen(home) + 8;
        char *bin = malloc(n);
        char *found = NULL;
        if (bin) {
            snprintf(bin, n, "%s/bin", home);
            found = try_dir(bin, strlen(bin), "ptxas");
            free(bin);
        }
        if (found)
            return found;
    }
    return try_dir("/usr/local/cuda/bin", strlen("/usr/local/cuda/bin"), "ptxas");
}

/* Runs argv with stdout and stderr into log_path; returns its exit status,
 * or -1 with errno set when it could not be started. */
static int
spawn_wait(char *const argv[], const char *log_path)
{
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return -1;
    posix_spawn_file_actions_addopen(&fa, 1, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    int err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (err != 0) {
        errno = err;
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* Reads the number in front of `unit` in line (e.g. "28 registers"), or -1. */
static long
number_before(const char *line, const char *end, const char *unit)
{
    size_t ulen = strlen(unit);
    for (const char *p = line; p + ulen <= end; p++) {
        if (strncmp(p, unit, ulen) != 0 || p == line || p[-1] != ' ')
            continue;
        const char *q = p - 1;
        while (q > line && q[-1] >= '0' && q[-1] <= '9')
            q--;
        if (q < p - 1)
            return strtol(q, NULL, 10);
    }
    return -1;
}

/*
 * ptxas -v prints, per kernel:
 *   ptxas info    : Compiling entry function 'k1_reduce' for 'sm_80'
 *   ptxas info    : Function properties for k1_reduce
 *       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
 *   ptxas info    : Used 28 registers, used 1 barriers, 64 bytes smem, 368 bytes cmem[0]
 */
size_t
ptxas_parse_stats(const char *log, PtxasKernelStats *out, size_t max)
{
    size_t n = 0;
    PtxasKernelStats *cur = NULL;
    for (const char *line = log; line && *line;) {
        const char *end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        const char *entry = strstr(line, "Compiling entry function '");
        if (entry && entry < end && n < max) {
            cur = &out[n++];
            memset(cur, 0, sizeof *cur);
            entry += strlen("Compiling entry function '");
            const char *q = memchr(entry, '\'', (size_t)(end - entry));
            size_t len = q ? (size_t)(q - entry) : 0;
            if (len >= sizeof cur->name)
                len = sizeof cur->name - 1;
            memcpy(cur->name, entry, len);
        } else if (cur && number_before(line, end, "bytes stack frame") >= 0) {
            cur->stack = number_before(line, end, "bytes stack frame");
            cur->spill_stores = number_before(line, end, "bytes spill stores");
            cur->spill_loads = number_before(line, end, "bytes spill loads");
        } else if (cur && number_before(line, end, "registers") >= 0) {
            cur->registers = number_before(line, end, "registers");
            long smem = number_before(line, end, "bytes smem");
            long bars = number_before(line, end, "barriers");
            cur->smem = smem < 0 ? 0 : smem;
            cur->barriers = bars < 0 ? 0 : bars;
        }
        line = *end ? end + 1 : end;
    }
    return n;
}

static void
print_stats(const char *log, const char *arch, FILE *msgs)
{
    PtxasKernelStats st[64];
    size_t n = ptxas_parse_stats(log, st, 64);
    if (n == 0)
        fprintf(msgs, "ptxas stats: no kernels found in the ptxas -v output\n");
    for (size_t i = 0; i < n; i++)
        fprintf(msgs,
                "ptxas stats %s %s: %ld registers, %ld bytes spill stores, %ld bytes spill "
                "loads, %ld bytes stack, %ld bytes smem, %ld barriers\n",
                arch, st[i].name, st[i].registers, st[i].spill_stores, st[i].spill_loads,
                st[i].stack, st[i].smem, st[i].barriers);
}

/* Any kernel that spills registers to local memory: a warning naming it. */
static void
warn_spills(const char *log, const char *arch, FILE *msgs)
{
    PtxasKernelStats st[64];
    size_t n = ptxas_parse_stats(log, st, 64);
    for (size_t i = 0; i < n; i++)
        if (st[i].spill_stores > 0 || st[i].spill_loads > 0)
            fprintf(msgs,
                    "vptx: warning: kernel '%s' spills registers on %s (%ld bytes of spill "
                    "stores, %ld bytes of spill loads, %ld registers): shrink its vector tiles or "
                    "spread them over more subgroups (--remarks prints vptx's register "
                    "estimate)\n",
                    st[i].name, arch, st[i].spill_stores, st[i].spill_loads, st[i].registers);
}

/* Removes the temporary folder and the files we put in it. */
static void
remove_tmp(const char *dir, const char *ptx_path, const char *log_path, const char *cubin)
{
    remove(ptx_path);
    remove(log_path);
    if (cubin)
        remove(cubin);
    rmdir(dir);
}

/* Copies the assembled cubin to the user's -o path. */
static bool
copy_cubin(const char *cubin, const char *path, FILE *msgs)
{
    size_t len;
    char *data = cli_read_file(cubin, &len);
    bool to_stdout = strcmp(path, "-") == 0; /* -o -: the cubin on stdout */
    if (!data || (to_stdout ? fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0
                            : !output_write(path, data, len))) {
        fprintf(msgs, "vptx: error: cannot write '%s': %s\n", path, strerror(errno));
        free(data);
        return false;
    }
    free(data);
    return true;
}

int
ptxas_assemble(const char *ptx, size_t len, const PtxasOptions *opt, FILE *msgs)
{
    char *ptxas = ptxas_find();
    if (!ptxas) {
        fprintf(msgs, "vptx: error: ptxas not found (looked in $PTXAS, PATH, $CUDA_HOME/bin "
                      "and /usr/local/cuda/bin)\n");
        return 1;
    }
    const char *tmp = getenv("TMPDIR");
    char dir[4096], ptx_path[4400], log_path[4400], cubin[4400];
    int n = snprintf(dir, sizeof dir, "%s/vptx-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (n < 0 || (size_t)n >= sizeof dir) { /* a cut-off name would be some other folder */
        fprintf(msgs, "vptx: error: $TMPDIR is too long (%zu bytes)\n", strlen(tmp));
        free(ptxas);
        return 1;
    }
    if (!mkdtemp(dir)) {
        fprintf(msgs, "vptx: error: cannot create a temporary folder %s: %s\n", dir,
                strerror(errno));
        free(ptxas);
        return 1;
    }
    /* the stem of the input file: at most 255 bytes, so these three always fit */
    const char *name = opt->name && *opt->name && strlen(opt->name) < 256 ? opt->name : "kernel";
    snprintf(ptx_path, sizeof ptx_path, "%s/%s.ptx", dir, name);
    snprintf(log_path, sizeof log_path, "%s/%s.ptxas.log", dir, name);
    snprintf(cubin, sizeof cubin, "%s/%s.cubin", dir, name);
    FILE *f = fopen(ptx_path, "wb");
    bool wrote = f && fwrite(ptx, 1, len, f) == len;
    if (f && fclose(f) != 0)
        wrote = false;
    if (!wrote) {
        fprintf(msgs, "vptx: error: cannot write %s: %s\n", ptx_path, strerror(errno));
        free(ptxas);
        return 1;
    }
    char arch_arg[64];
    snprintf(arch_arg, sizeof arch_arg, "-arch=%s", opt->arch ? opt->arch : "sm_80");
    /* ptxas writes into the temporary folder; the cubin is copied out by
     * output_write, so -o never replaces a device or a link, nor is left torn */
    const char *out = cubin;
    char *argv[8];
    int argc = 0;
    argv[argc++] = ptxas;
    argv[argc++] = arch_arg;
    argv[argc++] = "-v"; /* always: spills are reported as warnings */
    argv[argc++] = "-o";
    argv[argc++] = (char *)out;
    argv[argc++] = ptx_path;
    argv[argc] = NULL;
    if (opt->verbose) {
        fputc('+', msgs);
        for (int i = 0; i < argc; i++)
            fprintf(msgs, " %s", argv[i]);
        fputc('\n', msgs);
    }
    int status = spawn_wait(argv, log_path);
    size_t log_len;
    char *log = cli_read_file(log_path, &log_len);
    if (status < 0) {
        fprintf(msgs, "vptx: error: cannot run %s: %s\n", ptxas, strerror(errno));
        status = 1;
    } else if (status != 0 && opt->quiet) {
        remove_tmp(dir, ptx_path, log_path, opt->output ? NULL : cubin);
    } else if (status != 0) {
        fputs(log ? log : "", msgs);
        fprintf(msgs, "vptx: error: ptxas failed (exit status %d); the PTX is kept in %s\n", status,
                ptx_path);
    } else {
        if (opt->stats)
            print_stats(log ? log : "", opt->arch ? opt->arch : "sm_80", msgs);
        warn_spills(log ? log : "", opt->arch ? opt->arch : "sm_80", msgs);
    }
    if (status == 0 && opt->output && !copy_cubin(cubin, opt->output, msgs))
        status = 1;
    if (status == 0 && opt->keep)
        fprintf(msgs, "vptx: kept %s\n", dir);
    if (status == 0 && !opt->keep)
        remove_tmp(dir, ptx_path, log_path, cubin);
    free(log);
    free(ptxas);
    return status;
}

long
ptxas_kernel_registers(const char *ptx, const char *entry)
{
    char *ptxas = ptxas_find();
    if (!ptxas)
        return 0;
    free(ptxas);
    char arch[16] = "sm_80";
    const char *t = strstr(ptx, ".target");
    if (t) {
        t += 7;
        while (*t == ' ' || *t == '\t')
            t++;
        size_t n = 0;
        while (n + 1 < sizeof arch && (isalnum((unsigned char)t[n]) || t[n] == '_')) {
            arch[n] = t[n];
            n++;
        }
        arch[n] = '\0';
    }
    FILE *msgs = tmpfile();
    if (!msgs)
        return 0;
    PtxasOptions po = { arch, NULL, "timing", true, false, false, true };
    long regs = 0;
    if (ptxas_assemble(ptx, strlen(ptx), &po, msgs) == 0) {
        char line[1024], want[320];
        snprintf(want, sizeof want, "ptxas stats %s %s: ", arch, entry);
        rewind(msgs);
        while (fgets(line, sizeof line, msgs))
            if (!strncmp(line, want, strlen(want)))
                regs = strtol(line + strlen(want), NULL, 10);
    }
    fclose(msgs);
    return regs > 255 ? 255 : regs;
}

unsigned long
ptxas_timing_regs(SimCtx *ctx, const char *ptx, const char *entry, unsigned long given)
{
    unsigned long regs = given ? given : (unsigned long)ptxas_kernel_registers(ptx, entry);
    sim_set_option(ctx, SIM_OPT_TIMING_REGS, regs);
    sim_set_option(ctx, SIM_OPT_TIMING_REGS_PTXAS, regs && !given);
    return regs;
}
