/*
 * options.c -- the compile options record: its command-line parser, shared by
 * every subcommand, and its validator, shared by the command line and the C API.
 *
 *   argv --cli_compile_option--> VptxOptions --options_validate--> pipeline (api.c)
 *   VptxOptions (an embedding program) ---------options_validate--> pipeline
 *
 * Each rule is written once, with one message; the option it is about is named
 * the way the caller spells it (OptionsSpelling): `--pipeline-stages=9` on the
 * command line, `VptxOptions.pipeline_stages = 9` in the API.
 */
#include "driver/options.h"

#include "target/target.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the validator ---- */

bool
options_validate(const VptxOptions *opt, OptionsSpelling spelling, char *err, size_t n)
{
    bool cli = spelling == OPTIONS_CLI;
    char arch_list[128];
    const char *arch_names[TARGET_COUNT + 1];
    target_names(arch_list, sizeof arch_list);
    for (int i = 0; i < TARGET_COUNT; i++)
        arch_names[i] = target_table[i].name;
    arch_names[TARGET_COUNT] = NULL;
    if (!opt->arch) {
        snprintf(err, n, "%s is NULL (expected a target: %s)", cli ? "--arch" : "VptxOptions.arch",
                 arch_list);
        return false;
    }
    if (!target_find(opt->arch)) {
        const char *near = cli_closest(opt->arch, arch_names);
        char hint[48] = "";
        if (near)
            snprintf(hint, sizeof hint, "; did you mean '%s'?", near);
        snprintf(err, n, "%s%s'%s': unknown target (expected %s%s)",
                 cli ? "--arch" : "VptxOptions.arch", cli ? "=" : " = ", opt->arch, arch_list,
                 hint);
        return false;
    }
    if ((unsigned)opt->emit > VPTX_EMIT_CONFIG) {
        snprintf(err, n, "%s%s%d: unknown output level (expected %s)",
                 cli ? "--emit" : "VptxOptions.emit", cli ? "=" : " = ", (int)opt->emit,
                 cli ? "mlir, layout, simt, ptx or cubin" : "a VptxEmit");
        return false;
    }
    if (opt->debug_loc < 0 || opt->debug_loc > 2) {
        snprintf(err, n, "%s%s%d: expected 0 (none), 1 (.loc lines) or 2 (comments only)",
                 cli ? "-g" : "VptxOptions.debug_loc", cli ? "=" : " = ", opt->debug_loc);
        return false;
    }
    if (opt->fast_math && opt->precise_math) {
        snprintf(err, n, "%s and %s ask for opposite things: give one of them",
                 cli ? "--fast-math" : "VptxOptions.fast_math",
                 cli ? "--precise-math" : "VptxOptions.precise_math");
        return false;
    }
    if (opt->pipeline_stages < 0 || opt->pipeline_stages > 8) {
        snprintf(err, n, "%s%s%d: the stage count must be from 1 to 8 (0: chosen per loop)",
                 cli ? "--pipeline-stages" : "VptxOptions.pipeline_stages", cli ? "=" : " = ",
                 opt->pipeline_stages);
        return false;
    }
    return true;
}

/* ---- the command-line parser ---- */

/* The boolean compile flags, each with the field it sets and the value. */
static const struct {
    const char *name;
    size_t field;
    int value;
} compile_flags[] = {
    { "--precise-math", offsetof(VptxOptions, precise_math), 1 },
    { "--fast-math", offsetof(VptxOptions, fast_math), 1 },
    { "--allow-tf32", offsetof(VptxOptions, allow_tf32), 1 },
    { "--remarks", offsetof(VptxOptions, remarks), 1 },
    { "--no-warp-specialize", offsetof(VptxOptions, no_warp_specialize), 1 },
    { "--ping-pong", offsetof(VptxOptions, ping_pong), 1 },
    { "--no-ping-pong", offsetof(VptxOptions, ping_pong), -1 },
    { "--persistent", offsetof(VptxOptions, persistent), 1 },
    { "--overlap-softmax", offsetof(VptxOptions, overlap_softmax), 1 },
    { "-g", offsetof(VptxOptions, debug_loc), 1 },
    { "--loc", offsetof(VptxOptions, debug_loc), 1 },
    { "-lineinfo", offsetof(VptxOptions, debug_loc), 1 }, /* nvcc's */
    { "--verify-each", offsetof(VptxOptions, verify_each), 1 },
};

bool
cli_count(const char *s, unsigned long long max, unsigned long long *out)
{
    bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const char *p = hex ? s + 2 : s;
    if (!*p)
        return false;
    unsigned long long v = 0;
    for (; *p; p++) {
        int d = *p >= '0' && *p <= '9'          ? *p - '0'
                : hex && *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
                : hex && *p >= 'A' && *p <= 'F' ? *p - 'A' + 10
                                                : -1;
        if (d < 0 || v > (max - (unsigned long long)d) / (hex ? 16 : 10))
            return false;
        v = v * (hex ? 16 : 10) + (unsigned long long)d;
    }
    *out = v;
    return true;
}

bool
cli_is_input_name(const char *s)
{
    size_t n = strlen(s);
    return (n > 5 && strcmp(s + n - 5, ".mlir") == 0) || (n > 4 && strcmp(s + n - 4, ".ptx") == 0);
}

/* --name=VALUE or --name VALUE (never an option or an input file: `--arch k.mlir`
 * is a missing value, not a target named k.mlir); *value NULL when missing.  Returns false when
 * argv[*i] is not this option. */
static bool
option_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return false;
    *value = NULL;
    if (argv[*i][n] == '=')
        *value = argv[*i] + n + 1;
    else if (argv[*i][n] != 0)
        return false;
    else if (*i + 1 < argc && argv[*i + 1][0] != '-' && !cli_is_input_name(argv[*i + 1]))
        *value = argv[++*i];
    return true;
}

int
cli_compile_option(int argc, char **argv, int *i, VptxOptions *opt, const char *cmd, FILE *err)
{
    const char *arg = argv[*i], *v = NULL;
    for (size_t k = 0; k < sizeof compile_flags / sizeof compile_flags[0]; k++)
        if (strcmp(arg, compile_flags[k].name) == 0) {
            *(int *)((char *)opt + compile_flags[k].field) = compile_flags[k].value;
            return 1;
        }
    /* -O, -O0..-O3: nvcc's; vptx always optimises the same way */
    if (arg[0] == '-' && arg[1] == 'O' && (!arg[2] || (arg[2] >= '0' && arg[2] <= '3' && !arg[3])))
        return 1;
    if (option_value(argc, argv, i, "--arch", &v) || option_value(argc, argv, i, "-arch", &v) ||
        option_value(argc, argv, i, "--gpu-architecture", &v)) {
        if (!v || !*v) {
            char arch_list[128];
            target_names(arch_list, sizeof arch_list);
            fprintf(err, "%s: error: option '%s' needs a target (%s)\n", cmd, arg, arch_list);
            return -1;
        }
        opt->arch = v;
        return 1;
    }
    if (option_value(argc, argv, i, "--pipeline-stages", &v)) {
        char *end = NULL;
        long n = v ? strtol(v, &end, 10) : 0;
        if (!v || end == v || *end) {
            fprintf(err, "%s: error: option '--pipeline-stages' needs a count from 1 to 8\n", cmd);
            return -1;
        }
        /* 0 is the default (chosen per loop); the validator refuses what is out of range */
        opt->pipeline_stages = n < -1000000 ? -1000000 : n > 1000000 ? 1000000 : (int)n;
        return 1;
    }
    return 0;
}

/* ---- "did you mean" ---- */

static size_t
edit_distance(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > 64 || nb > 64)
        return (size_t)-1;
    size_t row[65];
    for (size_t j = 0; j <= nb; j++)
        row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[nb];
}

void
cli_missing_value(FILE *err, const char *cmd, int argc, char **argv, int i)
{
    const char *arg = argv[i];
    if (i + 1 < argc && cli_is_input_name(argv[i + 1]))
        fprintf(err,
                "%s: error: option '%s' needs a value (%s=VALUE; '%s' is taken as the input)\n",
                cmd, arg, arg, argv[i + 1]);
    else
        fprintf(err, "%s: error: option '%s' needs a value (%s=VALUE)\n", cmd, arg, arg);
}

const char *
cli_closest(const char *word, const char *const *names)
{
    for (size_t k = 0; names[k]; k++) /* a difference of case only: the likeliest */
        if (strcasecmp(word, names[k]) == 0 && strcmp(word, names[k]) != 0)
            return names[k];
    const char *best = NULL;
    size_t best_d = (size_t)-1, len = strlen(word);
    size_t limit = len / 3 < 2 ? len / 3 : 2;
    if (limit == 0)
        limit = 1;
    for (size_t k = 0; names[k]; k++) {
        size_t d = edit_distance(word, names[k]);
        if (d < best_d) {
            best_d = d;
            best = names[k];
        }
    }
    return best && best_d <= limit && best_d > 0 ? best : NULL;
}

/* Copies the options a help text names (--word, -x) into names[], up to max - 1. */
static size_t
help_options(const char *help, char names[][40], size_t n, size_t max)
{
    for (const char *p = help; *p && n < max; p++) {
        if (*p != '-' || (p > help && p[-1] != ' ' && p[-1] != '[' && p[-1] != '|'))
            continue;
        const char *q = p + 1 + (p[1] == '-');
        size_t len = strspn(q, "abcdefghijklmnopqrstuvwxyz0123456789-");
        len += (size_t)(q - p);
        if (len < 2 || len >= 40 || p[len - 1] == '-')
            continue;
        memcpy(names[n], p, len);
        names[n][len] = 0;
        bool seen = false;
        for (size_t k = 0; k < n && !seen; k++)
            seen = strcmp(names[k], names[n]) == 0;
        n += !seen;
        p += len - 1;
    }
    return n;
}

void
cli_unknown_option(FILE *err, const char *cmd, const char *arg, const char *const *help_texts)
{
    enum { MAXNAMES = 160 };
    static const char *const extra[] = { "-arch", "--gpu-architecture", "--loc", "-lineinfo" };
    char names[MAXNAMES][40];
    size_t n = 0;
    for (size_t k = 0; help_texts && help_texts[k]; k++)
        n = help_options(help_texts[k], names, n, MAXNAMES);
    const char *list[MAXNAMES + 5];
    for (size_t k = 0; k < n; k++)
        list[k] = names[k];
    for (size_t k = 0; k < sizeof extra / sizeof extra[0]; k++)
        list[n++] = extra[k];
    list[n] = NULL;
    /* --opt=value: the name is what is misspelled */
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)strcspn(arg, "="), arg);
    const char *near = cli_closest(word, list);
    if (!near && word[0] == '-' && word[1] != '-') { /* -emit=ptx: one dash short */
        char two[66];
        snprintf(two, sizeof two, "-%s", word);
        for (size_t k = 0; list[k] && !near; k++)
            if (strcmp(list[k], two) == 0)
                near = list[k];
    }
    if (near)
        fprintf(err, "%s: error: unknown option '%s'; did you mean '%s%s'?\n", cmd, arg, near,
                arg + strlen(word));
    else
        fprintf(err, "%s: error: unknown option '%s' (see %s --help)\n", cmd, arg, cmd);
}
