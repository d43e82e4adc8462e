/*
 * test_layout_picture.c -- layout/picture.c: the textual layout parser and
 * its errors, printing round trips, the grid picture (seed 003's 16x16 map
 * of the mma.sync A operand, expected cells computed from the ISA formula
 * and also compared with the seed's table), the CSV against the algebra,
 * and `vptx layout` exit codes.
 */
#include "layout/layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nchecks, nfailed;

static void
check_at(bool ok, int line, const char *what)
{
    nchecks++;
    if (!ok) {
        nfailed++;
        printf("test_layout_picture.c:%d: check failed: %s\n", line, what);
    }
}
#define CHECK(c) check_at((c), __LINE__, #c)

typedef struct {
    char *text;
    size_t size;
    FILE *f;
} Capture;

static void
capture_begin(Capture *c)
{
    c->text = NULL;
    c->size = 0;
    c->f = open_memstream(&c->text, &c->size);
}

static char *
capture_end(Capture *c)
{
    fclose(c->f);
    return c->text;
}

static char *
picture(const NestedLayout *l, bool slots)
{
    Capture c;
    capture_begin(&c);
    layout_picture(c.f, l, slots);
    return capture_end(&c);
}

/* Grid cells in reading order, '#' lines skipped; returns the count. */
static int
grid_cells(const char *text, char cells[][16], int cap)
{
    int n = 0;
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        if (*p != '#') {
            for (size_t i = 0; i < len;) {
                while (i < len && p[i] == ' ')
                    i++;
                size_t j = i;
                while (j < len && p[j] != ' ')
                    j++;
                if (j > i && n < cap && j - i < 16) {
                    memcpy(cells[n], p + i, j - i);
                    cells[n++][j - i] = '\0';
                }
                i = j;
            }
        }
        p += len + (eol != NULL);
    }
    return n;
}

/* Seed 003's first table, verbatim (tabs as spaces). */
static const char *const seed003_rows[8] = {
    "0 0 1 1 2 2 3 3 0 0 1 1 2 2 3 3",
    "4 4 5 5 6 6 7 7 4 4 5 5 6 6 7 7",
    "8 8 9 9 10 10 11 11 8 8 9 9 10 10 11 11",
    "12 12 13 13 14 14 15 15 12 12 13 13 14 14 15 15",
    "16 16 17 17 18 18 19 19 16 16 17 17 18 18 19 19",
    "20 20 21 21 22 22 23 23 20 20 21 21 22 22 23 23",
    "24 24 25 25 26 26 27 27 24 24 25 25 26 26 27 27",
    "28 28 29 29 30 30 31 31 28 28 29 29 30 30 31 31",
};

/*
 * The mma.sync m16n8k16 A operand, from the intrinsic and from text: the
 * grid shows, at (row, col), the lane the ISA puts there (ptx-sm80.md
 * appendix: A(l, i) = (g + 8*((i>>1)&1), 2t + (i&1) + 8*(i>>2))).
 */
static void
test_seed003_grid(void)
{
    int64_t want[16][16], want_slot[16][16];
    for (int64_t l = 0; l < 32; l++)
        for (int64_t i = 0; i < 8; i++) {
            int64_t r = l / 4 + 8 * ((i >> 1) & 1), c = 2 * (l % 4) + (i & 1) + 8 * (i >> 2);
            want[r][c] = l;
            want_slot[r][c] = 4 * ((i >> 1) & 1) + 2 * (i >> 2) + (i & 1); /* (oM, oK, e) */
        }
    NestedLayout from_mma, from_text;
    MmaIntrinsic mma;
    LayoutParseError err;
    CHECK(layout_mma_lookup("NV_MMA_SYNC_F32_16x8x16_F16", &mma));
    CHECK(layout_mma_fragment(mma, MMA_OPERAND_A, &from_mma));
    CHECK(layout_parse("outer_tile = [2, 2], thread_tile = [8, 4], element_tile = [1, 2]",
                       &from_text, &err));
    CHECK(layout_equal(&from_mma, &from_text)); /* default strides are row-major: [4, 1] */
    static char cells[1024][16];
    char *text = picture(&from_text, false);
    CHECK(grid_cells(text, cells, 1024) == 256);
    bool all = true, seed = true;
    for (int r = 0; r < 16; r++) {
        char row[128] = "";
        for (int c = 0; c < 16; c++) {
            all &= atoll(cells[r * 16 + c]) == want[r][c] && strchr(cells[r * 16 + c], '*') == 0;
            strcat(row, cells[r * 16 + c]);
            strcat(row, c < 15 ? " " : "");
        }
        seed &= strcmp(row, seed003_rows[r % 8]) == 0;
    }
    CHECK(all);
    CHECK(seed);
    free(text);
    /* with --slots each cell is lane#slot */
    text = picture(&from_mma, true);
    CHECK(grid_cells(text, cells, 1024) == 256);
    all = true;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++) {
            char expect[16];
            snprintf(expect, sizeof expect, "%lld#%lld", (long long)want[r][c],
                     (long long)want_slot[r][c]);
            all &= strcmp(cells[r * 16 + c], expect) == 0;
        }
    CHECK(all);
    free(text);
}

/* Several subgroups print s:l; replication is starred; rank 3 prints a grid per leading index. */
static void
test_grid_forms(void)
{
    NestedLayout l;
    LayoutParseError err;
    static char cells[1024][16];
    CHECK(layout_parse("subgroup_tile = [2, 1], thread_tile = [2, 16]", &l, &err));
    char *text = picture(&l, false);
    CHECK(grid_cells(text, cells, 1024) == 64);
    CHECK(strcmp(cells[0], "0:0") == 0 && strcmp(cells[17], "0:17") == 0);
    CHECK(strcmp(cells[2 * 16 * 2 - 1], "1:31") == 0);
    CHECK(strstr(text, "subgroup:lane") != NULL);
    free(text);
    CHECK(layout_parse("thread_tile = [4]", &l, &err)); /* lanes 4..31 repeat 0..3 */
    text = picture(&l, false);
    CHECK(grid_cells(text, cells, 1024) == 4 && strcmp(cells[3], "3*") == 0);
    CHECK(strstr(text, "also held") != NULL);
    free(text);
    CHECK(layout_parse("batch_tile = [2, 1, 1], thread_tile = [1, 4, 8]", &l, &err));
    text = picture(&l, false);
    CHECK(grid_cells(text, cells, 1024) == 64);
    CHECK(strstr(text, "# [0, :, :]") != NULL && strstr(text, "# [1, :, :]") != NULL);
    CHECK(strcmp(cells[8 + 1], "9") == 0 && strcmp(cells[32 + 8 + 1], "9") == 0);
    free(text);
    layout_init(&l, 0); /* a 0-d vector: one element, every lane */
    text = picture(&l, false);
    CHECK(grid_cells(text, cells, 1024) == 1 && strcmp(cells[0], "0*") == 0);
    free(text);
}

/* Every CSV row agrees with layout_element_of, and every holder appears. */
static void
check_csv(const NestedLayout *l)
{
    Capture c;
    capture_begin(&c);
    layout_csv(c.f, l);
    char *text = capture_end(&c);
    int64_t rows = 0, bad = 0, x[LAYOUT_MAX_RANK];
    char *save = NULL;
    char *line = strtok_r(text, "\n", &save);
    CHECK(line != NULL && strncmp(line, "subgroup,lane,slot,i0", 21) == 0);
    int64_t nelem = layout_num_elements(l);
    int64_t *count = calloc((size_t)nelem, sizeof *count);
    int64_t shape[LAYOUT_MAX_RANK];
    layout_shape(l, shape);
    while ((line = strtok_r(NULL, "\n", &save)) != NULL) {
        int64_t v[3 + LAYOUT_MAX_RANK];
        int n = 0;
        for (char *p = line; n < 3 + l->rank; n++) {
            v[n] = strtoll(p, &p, 10);
            if (*p == ',')
                p++;
        }
        layout_element_of(l, v[0], v[1], v[2], x);
        int64_t lin = 0;
        for (int32_t d = 0; d < l->rank; d++) {
            bad += x[d] != v[3 + d];
            lin = lin * shape[d] + v[3 + d];
        }
        count[lin]++;
        rows++;
    }
    CHECK(bad == 0);
    CHECK(rows == layout_subgroup_count(l) * 32 * layout_num_slots(l));
    /* each element appears once per holder */
    bool all = true;
    for (int64_t k = 0; k < nelem; k++) {
        int64_t rest = k;
        for (int32_t d = l->rank - 1; d >= 0; d--) {
            x[d] = rest % shape[d];
            rest /= shape[d];
        }
        all &= layout_holders(l, x, NULL, 0) == count[k];
    }
    CHECK(all);
    free(count);
    free(text);
}

static void
test_csv(void)
{
    NestedLayout l;
    LayoutParseError err;
    MmaIntrinsic mma = { MMA_NV_MMA_SYNC_F32_16x8x16_F16, 0 };
    layout_mma_fragment(mma, MMA_OPERAND_A, &l);
    check_csv(&l);
    CHECK(layout_parse("subgroup_tile = [2, 2], batch_tile = [2, 1], thread_tile = [4, 4], "
                       "element_tile = [1, 2], subgroup_strides = [2, 0], thread_strides = [8, 1]",
                       &l, &err));
    CHECK(layout_check(&l, NULL, 0) == false); /* subgroup tile 2 on dim 1 needs a stride */
    CHECK(layout_parse("subgroup_tile = [2, 2], batch_tile = [2, 1], thread_tile = [4, 4], "
                       "element_tile = [1, 2], subgroup_strides = [4, 1], thread_strides = [8, 1]",
                       &l, &err));
    CHECK(layout_check(&l, NULL, 0) && layout_subgroup_count(&l) == 8);
    check_csv(&l);
    /* the first rows, spelled out */
    Capture c;
    capture_begin(&c);
    layout_csv(c.f, &l);
    char *text = capture_end(&c);
    const char *head = "subgroup,lane,slot,i0,i1\n0,0,0,0,0\n0,0,1,0,1\n0,0,2,4,0\n";
    CHECK(strncmp(text, head, strlen(head)) == 0);
    free(text);
}

/* Parse errors name a column; a few good forms. */
static void
test_parse(void)
{
    NestedLayout l, m;
    LayoutParseError err;
    static const struct {
        const char *text;
        int col;
        const char *message;
    } bad[] = {
        { "thread_tile = [4,,4]", 18, "expected a non-negative integer" },
        { "thread_tile = 4", 15, "expected '['" },
        { "thread_tiles = [4]", 1, "unknown field 'thread_tiles'" },
        { "thread_tile [4]", 13, "expected '=' after 'thread_tile'" },
        { "thread_tile = [4, 4], batch_tile = [1]", 36,
          "has 1 entries but an earlier field has 2" },
        { "thread_tile = [4], thread_tile = [4]", 20, "given twice" },
        { "thread_tile = [0]", 15, "must be at least 1" },
        { "thread_tile = [4] x", 19, "expected ','" },
        { "thread_tile = [4", 17, "expected ',' or ']'" },
        { "", 1, "expected a field name" },
        { "#iree_vector_ext.nested_layout<thread_tile = [4]", 49, "expected ',' or '>'" },
        { "thread_tile = [1, 2, 3, 4, 5, 6, 7, 8, 9]", 40, "more than 8 dims" },
        { "thread_tile = [99999999999999]", 16, "integer too large" },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        bool ok = layout_parse(bad[k].text, &l, &err);
        bool good = !ok && err.col == bad[k].col && strstr(err.message, bad[k].message) != NULL;
        CHECK(good);
        if (!good)
            printf("  '%s': col %d '%s'\n", bad[k].text, (int)err.col, ok ? "" : err.message);
    }
    /* the full IREE form, seed 002's example */
    const char *seed = "#iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4],"
                       " outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, 4],"
                       " subgroup_strides = [1, 0], thread_strides = [1, 16]>";
    CHECK(layout_parse(seed, &l, &err));
    CHECK(l.rank == 2 && l.thread_strides[1] == 16 && l.batch_tile[1] == 4);
    /* print -> parse round trip */
    Capture c;
    capture_begin(&c);
    layout_print(c.f, &l);
    char *text = capture_end(&c);
    CHECK(strncmp(text, "subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile", 55) == 0);
    CHECK(layout_parse(text, &m, &err) && layout_equal(&l, &m));
    free(text);
    /* defaults: row-major compact strides over the distributed dims; trailing comma */
    CHECK(layout_parse("subgroup_tile = [2, 1, 4], thread_tile = [4, 2, 1],", &l, &err));
    CHECK(l.subgroup_strides[0] == 4 && l.subgroup_strides[1] == 0 && l.subgroup_strides[2] == 1);
    CHECK(l.thread_strides[0] == 2 && l.thread_strides[1] == 1 && l.thread_strides[2] == 0);
    CHECK(l.batch_tile[0] == 1 && l.element_tile[2] == 1);
    /* rank 0 */
    CHECK(layout_parse("thread_tile = []", &l, &err) && l.rank == 0);
}

static int
run(const char *a0, const char *a1, const char *a2, char **out_text, char **err_text)
{
    char *argv[3] = { (char *)a0, (char *)a1, (char *)a2 };
    int argc = a2 ? 3 : a1 ? 2 : a0 ? 1 : 0;
    Capture out, err;
    capture_begin(&out);
    capture_begin(&err);
    int status = layout_command(argc, argv, out.f, err.f);
    *out_text = capture_end(&out);
    *err_text = capture_end(&err);
    return status;
}

static void
test_command(void)
{
    char *out, *err;
    CHECK(run("NV_MMA_SYNC_F32_16x8x16_F16:A", NULL, NULL, &out, &err) == 0);
    CHECK(strstr(out, "28 28 29 29 30 30 31 31 28 28") != NULL && *err == '\0');
    free(out), free(err);
    CHECK(run("--csv", "NV_WGMMA_F32_64x8x16_F16", NULL, &out, &err) == 0);
    CHECK(strncmp(out, "subgroup,lane,slot,i0,i1\n", 25) == 0 && strstr(out, "\n3,31,3,63,7\n"));
    free(out), free(err);
    CHECK(run("--slots", "thread_tile = [8, 4]", NULL, &out, &err) == 0);
    CHECK(strstr(out, "31#0") != NULL);
    free(out), free(err);
    CHECK(run("thread_tile = [8, 4", NULL, NULL, &out, &err) == 1);
    CHECK(strstr(err, "<layout>:1:20: error: expected ',' or ']'") != NULL);
    CHECK(strstr(err, "\n  thread_tile = [8, 4\n                     ^\n") != NULL);
    free(out), free(err);
    CHECK(run("thread_tile = [16, 4]", NULL, NULL, &out, &err) == 1);
    CHECK(strstr(err, "invalid layout: thread tiles need 64 lanes") != NULL);
    free(out), free(err);
    CHECK(run("thread_tile = [4, 4], thread_strides = [1, 2]", NULL, NULL, &out, &err) == 1);
    CHECK(strstr(err, "overlap") != NULL);
    free(out), free(err);
    CHECK(run("NV_MMA_SYNC_F32_16x8x16_F16:Q", NULL, NULL, &out, &err) == 1);
    free(out), free(err);
    CHECK(run("NV_WGMMA_F32_64x8x16_F16:B", NULL, NULL, &out, &err) == 1);
    CHECK(strstr(err, "no register layout") != NULL);
    free(out), free(err);
    CHECK(run("--bogus", "thread_tile = [4]", NULL, &out, &err) == 2);
    free(out), free(err);
    CHECK(run(NULL, NULL, NULL, &out, &err) == 2 && strstr(err, "usage") != NULL);
    free(out), free(err);
    CHECK(run("--help", NULL, NULL, &out, &err) == 0 && strstr(out, "--csv") != NULL);
    free(out), free(err);
}

int
main(void)
{
    test_seed003_grid();
    test_grid_forms();
    test_csv();
    test_parse();
    test_command();
    printf("test_layout_picture: %d checks, %d failed\n", nchecks, nfailed);
    return nfailed != 0;
}
