/*
 * picture.c -- the text form of a nested layout, and `vptx layout`: a grid
 * showing which lane holds each element (seed 003's first table), or a CSV
 * listing every (subgroup, lane, slot).
 *
 * The parser reads what sits inside #iree_vector_ext.nested_layout<...>, so
 * the command works without ir/.  Everything writes to a caller's FILE *.
 */
#include "layout/layout.h"

#include <stdarg.h>
#include <string.h>

/* ---------------------------------------------------------------- parser */

typedef struct {
    const char *text, *p;
    LayoutParseError *err;
} Parser;

enum {
    F_SUBGROUP_TILE,
    F_BATCH_TILE,
    F_OUTER_TILE,
    F_THREAD_TILE,
    F_ELEMENT_TILE,
    F_SUBGROUP_STRIDES,
    F_THREAD_STRIDES,
    NFIELDS
};

/* Field names in IREE's print order. */
static const char *const field_names[NFIELDS] = {
    [F_SUBGROUP_TILE] = "subgroup_tile",   [F_BATCH_TILE] = "batch_tile",
    [F_OUTER_TILE] = "outer_tile",         [F_THREAD_TILE] = "thread_tile",
    [F_ELEMENT_TILE] = "element_tile",     [F_SUBGROUP_STRIDES] = "subgroup_strides",
    [F_THREAD_STRIDES] = "thread_strides",
};

static int64_t *
field_array(NestedLayout *l, int f)
{
    int64_t *const arrays[NFIELDS] = {
        l->subgroup_tile, l->batch_tile,       l->outer_tile,     l->thread_tile,
        l->element_tile,  l->subgroup_strides, l->thread_strides,
    };
    return arrays[f];
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static bool
error_at(Parser *ps, const char *at, const char *fmt, ...)
{
    ps->err->col = (int32_t)(at - ps->text) + 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->err->message, sizeof ps->err->message, fmt, ap);
    va_end(ap);
    return false;
}

static void
skip_space(Parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
        ps->p++;
}

static bool
accept(Parser *ps, char c)
{
    skip_space(ps);
    if (*ps->p != c)
        return false;
    ps->p++;
    return true;
}

/* int ::= [0-9]+ */
static bool
parse_int(Parser *ps, int64_t *v)
{
    skip_space(ps);
    const char *start = ps->p;
    if (*ps->p < '0' || *ps->p > '9')
        return error_at(ps, ps->p, "expected a non-negative integer");
    *v = 0;
    for (; *ps->p >= '0' && *ps->p <= '9'; ps->p++) {
        *v = *v * 10 + (*ps->p - '0');
        if (*v > ((int64_t)1 << 40))
            return error_at(ps, start, "integer too large");
    }
    return true;
}

/* list ::= '[' [int (',' int)*] ']'   -- returns the length, or -1 */
static int32_t
parse_list(Parser *ps, int64_t *values)
{
    int32_t n = 0;
    skip_space(ps);
    if (!accept(ps, '['))
        return error_at(ps, ps->p, "expected '['"), -1;
    if (accept(ps, ']'))
        return 0;
    do {
        skip_space(ps);
        if (n == LAYOUT_MAX_RANK)
            return error_at(ps, ps->p, "more than %d dims", LAYOUT_MAX_RANK), -1;
        if (!parse_int(ps, &values[n++]))
            return -1;
    } while (accept(ps, ','));
    if (!accept(ps, ']'))
        return error_at(ps, ps->p, "expected ',' or ']'"), -1;
    return n;
}

/* name ::= one of field_names; returns its index or -1 */
static int
parse_name(Parser *ps)
{
    skip_space(ps);
    const char *start = ps->p;
    while ((*ps->p >= 'a' && *ps->p <= 'z') || *ps->p == '_')
        ps->p++;
    size_t len = (size_t)(ps->p - start);
    for (int f = 0; f < NFIELDS; f++)
        if (strlen(field_names[f]) == len && strncmp(start, field_names[f], len) == 0)
            return f;
    if (len == 0)
        return error_at(ps, start, "expected a field name such as 'thread_tile'"), -1;
    return error_at(ps, start, "unknown field '%.*s'", (int)len, start), -1;
}

/* field ::= name '=' list */
static bool
parse_field(Parser *ps, int64_t values[NFIELDS][LAYOUT_MAX_RANK], int32_t *rank, bool *seen)
{
    skip_space(ps);
    const char *start = ps->p;
    int f = parse_name(ps);
    if (f < 0)
        return false;
    if (seen[f])
        return error_at(ps, start, "'%s' given twice", field_names[f]);
    seen[f] = true;
    if (!accept(ps, '='))
        return error_at(ps, ps->p, "expected '=' after '%s'", field_names[f]);
    skip_space(ps);
    const char *list = ps->p;
    int32_t n = parse_list(ps, values[f]);
    if (n < 0)
        return false;
    if (*rank >= 0 && n != *rank)
        return error_at(ps, list, "'%s' has %d entries but an earlier field has %d", field_names[f],
                        (int)n, (int)*rank);
    *rank = n;
    for (int32_t d = 0; d < n; d++)
        if (f < F_SUBGROUP_STRIDES && values[f][d] == 0)
            return error_at(ps, list, "'%s' entries must be at least 1", field_names[f]);
    return true;
}

/*
 * Default strides for a level whose strides were not given: row-major and
 * compact over the dims whose tile is > 1 (the last such dim is fastest,
 * stride 1; each earlier one's stride is the product of the later tiles).
 */
static void
default_strides(const int64_t *tile, int64_t *stride, int32_t rank)
{
    int64_t s = 1;
    for (int32_t d = rank - 1; d >= 0; d--) {
        stride[d] = tile[d] > 1 ? s : 0;
        s *= tile[d];
    }
}

/*
 * layout ::= ['#iree_vector_ext.nested_layout' '<'] field (',' field)* [','] ['>']
 * Missing tiles are 1; missing strides get default_strides.  The result is
 * normalised (stride 0 on unit tiles) but not checked: see layout_check.
 */
bool
layout_parse(const char *text, NestedLayout *out, LayoutParseError *err)
{
    static const char wrap[] = "#iree_vector_ext.nested_layout";
    Parser ps = { text, text, err };
    int64_t values[NFIELDS][LAYOUT_MAX_RANK];
    bool seen[NFIELDS] = { false };
    int32_t rank = -1;
    layout_init(out, 0); /* what a failed parse leaves behind */
    skip_space(&ps);
    bool wrapped = strncmp(ps.p, wrap, sizeof wrap - 1) == 0;
    if (wrapped) {
        ps.p += sizeof wrap - 1;
        if (!accept(&ps, '<'))
            return error_at(&ps, ps.p, "expected '<'");
    }
    do {
        skip_space(&ps);
        if (rank >= 0 && (*ps.p == '\0' || *ps.p == '>'))
            break; /* trailing comma */
        if (!parse_field(&ps, values, &rank, seen))
            return false;
    } while (accept(&ps, ','));
    if (wrapped && !accept(&ps, '>'))
        return error_at(&ps, ps.p, "expected ',' or '>'");
    skip_space(&ps);
    if (*ps.p != '\0')
        return error_at(&ps, ps.p, "expected ','");
    layout_init(out, rank);
    for (int f = 0; f < NFIELDS; f++)
        if (seen[f])
            memcpy(field_array(out, f), values[f], (size_t)rank * sizeof(int64_t));
    if (!seen[F_SUBGROUP_STRIDES])
        default_strides(out->subgroup_tile, out->subgroup_strides, rank);
    if (!seen[F_THREAD_STRIDES])
        default_strides(out->thread_tile, out->thread_strides, rank);
    layout_normalize(out);
    return true;
}

static void
print_list(FILE *out, const int64_t *v, int32_t n)
{
    fputc('[', out);
    for (int32_t d = 0; d < n; d++)
        fprintf(out, "%s%lld", d ? ", " : "", (long long)v[d]);
    fputc(']', out);
}

/* The body layout_parse reads, all seven fields in IREE's order. */
void
layout_print(FILE *out, const NestedLayout *l)
{
    NestedLayout copy = *l;
    for (int f = 0; f < NFIELDS; f++) {
        fprintf(out, "%s%s = ", f ? ", " : "", field_names[f]);
        print_list(out, field_array(&copy, f), l->rank);
    }
}

/* --------------------------------------------------------------- pictures */

/* The text of one grid cell: the lowest holder, '*' if there are others, '-' if none. */
static int
cell_text(const NestedLayout *l, int64_t lanes, const int64_t *index, bool show_slots,
          bool show_subgroup, char *buf, size_t cap)
{
    LayoutHolder h;
    int64_t n = layout_holders_lanes(l, index, lanes, &h, 1);
    int len = 0;
    if (n == 0) /* held by no lane below `lanes`: only for layouts that fail layout_check */
        return snprintf(buf, cap, "-");
    if (show_subgroup)
        len += snprintf(buf + len, cap - (size_t)len, "%lld:", (long long)h.subgroup);
    len += snprintf(buf + len, cap - (size_t)len, "%lld", (long long)h.lane);
    if (show_slots)
        len += snprintf(buf + len, cap - (size_t)len, "#%lld", (long long)h.slot);
    if (n > 1)
        len += snprintf(buf + len, cap - (size_t)len, "*");
    return len;
}

/* One rows x cols grid; index[0..rank-2) are fixed, the last two (or one) vary. */
static void
print_grid(FILE *out, const NestedLayout *l, int64_t lanes, int64_t *index, int64_t rows,
           int64_t cols, bool show_slots, int width)
{
    char buf[64];
    bool show_subgroup = layout_subgroup_count(l) > 1;
    int32_t r = l->rank;
    for (int64_t i = 0; i < rows; i++) {
        for (int64_t j = 0; j < cols; j++) {
            if (r >= 2)
                index[r - 2] = i;
            if (r >= 1)
                index[r - 1] = j;
            cell_text(l, lanes, index, show_slots, show_subgroup, buf, sizeof buf);
            fprintf(out, "%s%*s", j ? " " : "", width, buf);
        }
        fputc('\n', out);
    }
}

/* The widest cell, and whether any element has more than one holder. */
static int
cell_width(const NestedLayout *l, int64_t lanes, bool show_slots, bool *replicated)
{
    int64_t shape[LAYOUT_MAX_RANK], index[LAYOUT_MAX_RANK] = { 0 };
    char buf[64];
    int width = 1;
    layout_shape(l, shape);
    int64_t total = layout_num_elements(l);
    bool show_subgroup = layout_subgroup_count(l) > 1;
    *replicated = false;
    for (int64_t k = 0; k < total; k++) {
        int64_t rest = k;
        for (int32_t d = l->rank - 1; d >= 0; d--) {
            index[d] = rest % shape[d];
            rest /= shape[d];
        }
        int w = cell_text(l, lanes, index, show_slots, show_subgroup, buf, sizeof buf);
        width = w > width ? w : width;
        *replicated |= buf[w - 1] == '*';
    }
    return width;
}

static void
print_header(FILE *out, const NestedLayout *l, int64_t lanes, bool show_slots, bool replicated)
{
    int64_t shape[LAYOUT_MAX_RANK];
    layout_shape(l, shape);
    fprintf(out, "# vector<");
    for (int32_t d = 0; d < l->rank; d++)
        fprintf(out, "%lldx", (long long)shape[d]);
    fprintf(out, "T>: each element shows %s%s%s; %lld subgroup(s), %lld slot(s) per thread\n",
            layout_subgroup_count(l) > 1 ? "subgroup:lane" : "the lane", show_slots ? "#slot" : "",
            replicated ? " (* = also held elsewhere, see --csv)" : "",
            (long long)layout_subgroup_count(l), (long long)layout_num_slots(l));
    if (lanes != LAYOUT_WARP_SIZE)
        fprintf(out,
                "# subgroups of %lld lanes (--subgroup-size): not an NVIDIA warp, which has "
                "%d; vptx compiles only 32-lane subgroups\n",
                (long long)lanes, LAYOUT_WARP_SIZE);
}

/*
 * The grid of seed 003: rows = dim rank-2, columns = dim rank-1 (a 1-D
 * layout is one row).  Higher ranks print one grid per leading index, each
 * under a "# [i, j, :, :]" line.  l must pass layout_check.
 */
void
layout_picture(FILE *out, const NestedLayout *l, bool show_slots)
{
    layout_picture_lanes(out, l, LAYOUT_WARP_SIZE, show_slots);
}

void
layout_picture_lanes(FILE *out, const NestedLayout *l, int64_t lanes, bool show_slots)
{
    int64_t shape[LAYOUT_MAX_RANK], index[LAYOUT_MAX_RANK] = { 0 };
    bool replicated;
    int width = cell_width(l, lanes, show_slots, &replicated);
    layout_shape(l, shape);
    print_header(out, l, lanes, show_slots, replicated);
    int32_t lead = l->rank > 2 ? l->rank - 2 : 0;
    int64_t rows = l->rank >= 2 ? shape[l->rank - 2] : 1;
    int64_t cols = l->rank >= 1 ? shape[l->rank - 1] : 1;
    int64_t grids = 1;
    for (int32_t d = 0; d < lead; d++)
        grids *= shape[d];
    for (int64_t g = 0; g < grids; g++) {
        int64_t rest = g;
        for (int32_t d = lead - 1; d >= 0; d--) {
            index[d] = rest % shape[d];
            rest /= shape[d];
        }
        if (lead > 0) {
            fprintf(out, "%s# [", g ? "\n" : "");
            for (int32_t d = 0; d < lead; d++)
                fprintf(out, "%lld, ", (long long)index[d]);
            fprintf(out, ":, :]\n");
        }
        print_grid(out, l, lanes, index, rows, cols, show_slots, width);
    }
}

/*
 * One row per (subgroup, lane, slot), subgroups 0..layout_subgroup_count-1,
 * lanes 0..31, slots row-major over [batch..., outer..., element...]:
 *     subgroup,lane,slot,i0,i1,...
 */
void
layout_csv(FILE *out, const NestedLayout *l)
{
    layout_csv_lanes(out, l, LAYOUT_WARP_SIZE);
}

/* layout_csv with lanes 0..lanes-1 in each subgroup. */
void
layout_csv_lanes(FILE *out, const NestedLayout *l, int64_t lanes)
{
    int64_t index[LAYOUT_MAX_RANK];
    fprintf(out, "subgroup,lane,slot");
    for (int32_t d = 0; d < l->rank; d++)
        fprintf(out, ",i%d", (int)d);
    fputc('\n', out);
    int64_t nsub = layout_subgroup_count(l), nslots = layout_num_slots(l);
    for (int64_t sg = 0; sg < nsub; sg++)
        for (int64_t lane = 0; lane < lanes; lane++)
            for (int64_t slot = 0; slot < nslots; slot++) {
                layout_element_of(l, sg, lane, slot, index);
                fprintf(out, "%lld,%lld,%lld", (long long)sg, (long long)lane, (long long)slot);
                for (int32_t d = 0; d < l->rank; d++)
                    fprintf(out, ",%lld", (long long)index[d]);
                fputc('\n', out);
            }
}

/* --------------------------------------------------------------- command */

/* `vptx layout` draws at most this many (element, subgroup) pairs, or CSV lines */
#define PICTURE_MAX_WORK ((int64_t)1 << 20)

static const char usage[] =
    "usage: vptx layout [--csv] [--slots] [--subgroup-size N] LAYOUT\n"
    "  LAYOUT is the body of #iree_vector_ext.nested_layout<...>, e.g.\n"
    "    'outer_tile = [2, 2], thread_tile = [8, 4], element_tile = [1, 2]'\n"
    "  (missing tiles are 1, missing strides row-major over the distributed dims),\n"
    "  or an intrinsic operand such as NV_MMA_SYNC_F32_16x8x16_F16:A (A, B or C).\n"
    "  --csv    one line per (subgroup, lane, slot): subgroup,lane,slot,i0,i1,...\n"
    "  --slots  show the per-thread slot in each cell of the grid\n"
    "  --subgroup-size N\n"
    "           lanes per subgroup, 1 to 1024 (default 32, an NVIDIA warp), as\n"
    "           translation_info's subgroup_size: draws e.g. 64-lane AMD layouts;\n"
    "           the compiler itself accepts only 32\n";

/* NAME[:A|:B|:C] -> that intrinsic's fragment; false if text is not an intrinsic name. */
static bool
parse_intrinsic(const char *text, NestedLayout *l, FILE *err)
{
    char name[96];
    const char *colon = strrchr(text, ':');
    size_t len = colon ? (size_t)(colon - text) : strlen(text);
    MmaOperand op = MMA_OPERAND_C;
    MmaIntrinsic mma;
    if (len >= sizeof name)
        return false;
    memcpy(name, text, len);
    name[len] = '\0';
    if (!layout_mma_lookup(name, &mma))
        return false;
    if (colon && strcmp(colon, ":A") == 0)
        op = MMA_OPERAND_A;
    else if (colon && strcmp(colon, ":B") == 0)
        op = MMA_OPERAND_B;
    else if (colon && strcmp(colon, ":C") != 0 && strcmp(colon, ":D") != 0)
        return fprintf(err, "vptx layout: operand '%s' is not :A, :B or :C\n", colon + 1), false;
    if (!layout_mma_fragment(mma, op, l))
        return fprintf(err, "vptx layout: %s has no register layout for that operand\n", name),
               false;
    return true;
}

/* The value of --subgroup-size: a whole number in [1, 1024]. */
static bool
parse_lanes(const char *text, int64_t *lanes)
{
    if (!text || *text < '0' || *text > '9')
        return false;
    int64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9' || v > 1024)
            return false;
        v = v * 10 + (*p - '0');
    }
    if (v < 1 || v > 1024)
        return false;
    *lanes = v;
    return true;
}

static bool
read_layout(const char *text, int64_t lanes, NestedLayout *l, FILE *err)
{
    LayoutParseError pe;
    char reason[LAYOUT_REASON_SIZE];
    if (strncmp(text, "NV_", 3) == 0 || strncmp(text, "#iree_gpu.", 10) == 0)
        return parse_intrinsic(text, l, err) ||
               (fprintf(err, "vptx layout: unknown intrinsic '%s'\n", text), false);
    if (!layout_parse(text, l, &pe)) {
        fprintf(err, "<layout>:1:%d: error: %s\n  %s\n  %*s^\n", (int)pe.col, pe.message, text,
                (int)pe.col - 1, "");
        return false;
    }
    if (!layout_check_lanes(l, lanes, reason, sizeof reason)) {
        fprintf(err, "<layout>: error: invalid layout: %s\n", reason);
        /* the lane extent is only computed once the fields are known not to overflow */
        int64_t need = layout_check_lanes(l, LAYOUT_MAX_ELEMENTS, reason, sizeof reason)
                           ? layout_lane_extent(l)
                           : 0;
        if (lanes == LAYOUT_WARP_SIZE && need > lanes && need <= 1024)
            fprintf(err, "<layout>: note: for subgroups of %lld lanes, add --subgroup-size %lld\n",
                    (long long)need, (long long)need);
        return false;
    }
    return true;
}

/* Edit distance of a and b (the options are short: at most 31 characters compared). */
static int
option_distance(const char *a, const char *b)
{
    int row[32], n = (int)strlen(b) < 31 ? (int)strlen(b) : 31;
    for (int j = 0; j <= n; j++)
        row[j] = j;
    for (int i = 1; a[i - 1] && i < 32; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= n; j++) {
            int up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            best = up + 1 < best ? up + 1 : best;
            best = row[j - 1] + 1 < best ? row[j - 1] + 1 : best;
            diag = up;
            row[j] = best;
        }
    }
    return row[n];
}

/* `vptx layout: error: unknown option '--csvv'; did you mean '--csv'?` */
static int
unknown_option(const char *arg, FILE *err)
{
    static const char *const names[] = { "--csv", "--slots", "--subgroup-size", "--help" };
    size_t len = strcspn(arg, "=");
    char word[32];
    snprintf(word, sizeof word, "%.*s", (int)(len < 31 ? len : 31), arg);
    const char *near = NULL;
    int best = 3;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        int d = option_distance(word, names[k]);
        if (d < best)
            best = d, near = names[k];
    }
    if (near)
        fprintf(err, "vptx layout: error: unknown option '%s'; did you mean '%s'?\n", arg, near);
    else
        fprintf(err, "vptx layout: error: unknown option '%s' (see vptx layout --help)\n", arg);
    return 2;
}

/*
 * `vptx layout [--csv] [--slots] [--subgroup-size N] LAYOUT`; argv holds the arguments after
 * the word "layout".  Returns the exit status: 0, 1 for a bad layout, 2 for
 * bad usage.
 */
int
layout_command(int argc, char **argv, FILE *out, FILE *err)
{
    bool csv = false, slots = false;
    const char *text = NULL;
    int64_t lanes = LAYOUT_WARP_SIZE;
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        if (strcmp(argv[i], "--subgroup-size") == 0 ||
            strncmp(argv[i], "--subgroup-size=", 16) == 0) {
            value = argv[i][15] == '=' ? argv[i] + 16 : i + 1 < argc ? argv[++i] : NULL;
            if (!parse_lanes(value, &lanes))
                return fprintf(err,
                               "vptx layout: --subgroup-size needs a number from 1 to 1024, not "
                               "'%s'\n",
                               value ? value : ""),
                       2;
        } else if (strcmp(argv[i], "--csv") == 0)
            csv = true;
        else if (strcmp(argv[i], "--slots") == 0)
            slots = true;
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return fputs(usage, out), 0;
        else if (argv[i][0] == '-' && argv[i][1] == '-')
            return unknown_option(argv[i], err);
        else if (text)
            return fprintf(err, "vptx layout: more than one LAYOUT given\n%s", usage), 2;
        else
            text = argv[i];
    }
    if (text == NULL)
        return fputs(usage, err), 2;
    NestedLayout l;
    if (!read_layout(text, lanes, &l, err))
        return 1;
    /* Drawing looks up every element's holders among all subgroups' lanes; keep that
     * (and the CSV's one line per held element) to seconds, not hours. */
    int64_t nsub = layout_subgroup_count(&l);
    int64_t work = csv ? layout_num_slots(&l) * lanes : layout_num_elements(&l);
    if (work > PICTURE_MAX_WORK / nsub)
        return fprintf(err,
                       "vptx layout: the layout is too large to draw (%lld subgroups, %lld "
                       "elements)\n",
                       (long long)nsub, (long long)layout_num_elements(&l)),
               1;
    if (csv)
        layout_csv_lanes(out, &l, lanes);
    else
        layout_picture_lanes(out, &l, lanes, slots);
    return 0;
}
