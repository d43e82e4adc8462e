/*
 * api_kernels.c -- the kernels of a PTX result (vptx_result_kernel), read back from the
 * PTX vptx wrote: every fact a launcher needs is in it, so the API and any program that
 * reads the PTX see the same thing.
 *
 *   // vptx: dynamic shared memory 65536 bytes           (header lines: launch.c reads
 *   // vptx: hidden tensor map of argument 0, ...         them for vptx's own launchers)
 *   .visible .entry gemm(
 *   	.param .u64 gemm_param_0,	// arg 0 %A: memref<?x?xf16>, base address
 *   	.param .u64 gemm_param_1,	// arg 0 %A: memref<?x?xf16>, size of dim 0
 *   	...
 *   	.param .align 64 .b8 gemm_param_9[128]	// hidden for arg 0, tensor map (...)
 *   )
 *   .reqntid 384, 1, 1
 *
 * The comment after each .param is ptxgen's (ptxgen.c, begin_param): "arg N %name: TYPE,
 * ROLE", "hidden for arg N, tensor map ..." or "hidden, the logical grid's x, value".
 */
#include "driver/driver.h"
#include "runtime/ptxnotes.h"

#include <stdlib.h>
#include <string.h>

static char *
keep(KernelTable *t, const char *s, size_t n)
{
    char **strings = realloc(t->strings, (t->nstrings + 1) * sizeof *strings);
    char *copy = malloc(n + 1);
    if (!strings || !copy) {
        if (strings)
            t->strings = strings;
        free(copy);
        t->failed = true;
        return NULL;
    }
    memcpy(copy, s, n);
    copy[n] = 0;
    t->strings = strings;
    t->strings[t->nstrings++] = copy;
    return copy;
}

/* One `.param` line (up to its newline): its type, name and comment into p and, when
 * it starts an MLIR argument, a new VptxArg. */
static void
parse_param(KernelTable *t, const char *line, const char *end, VptxParam *p, VptxArg *args,
            size_t *nargs)
{
    memset(p, 0, sizeof *p);
    const char *q = line + strspn(line, "\t ") + strlen(".param ");
    p->align = 0;
    if (strncmp(q, ".align ", 7) == 0) {
        p->align = (unsigned)strtoul(q + 7, (char **)&q, 10);
        q += strspn(q, " ");
    }
    size_t tn = strcspn(q, " ");
    p->ptx_type = keep(t, q, tn);
    static const struct {
        const char *type;
        unsigned size;
    } sizes[] = { { ".u8", 1 },  { ".u16", 2 }, { ".u32", 4 }, { ".u64", 8 }, { ".s8", 1 },
                  { ".s16", 2 }, { ".s32", 4 }, { ".s64", 8 }, { ".b8", 1 },  { ".b16", 2 },
                  { ".b32", 4 }, { ".b64", 8 }, { ".f16", 2 }, { ".f32", 4 }, { ".f64", 8 } };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (strlen(sizes[i].type) == tn && strncmp(q, sizes[i].type, tn) == 0)
            p->size = sizes[i].size;
    q += tn + 1;
    size_t nn = strcspn(q, "[,\t\n");
    p->name = keep(t, q, nn);
    if (q[nn] == '[')
        p->size *= (unsigned)strtoul(q + nn + 1, NULL, 10);
    if (!p->align)
        p->align = p->size;
    const char *c = strstr(q, "// ");
    if (!c || c > end)
        return;
    c += 3;
    const char *comma = NULL; /* the role follows the last ", " before the end */
    for (const char *s = c; s + 1 < end; s++)
        if (s[0] == ',' && s[1] == ' ')
            comma = s;
    const char *role = comma ? comma + 2 : c;
    if (strncmp(c, "hidden, the logical grid's ", 27) == 0) {
        p->kind = VPTX_PARAM_GRID;
        p->arg = -1;
        p->hidden = 1;
        p->dim = (unsigned)(c[27] - 'x');
        return;
    }
    if (strncmp(c, "hidden for arg ", 15) == 0) {
        p->kind = VPTX_PARAM_TENSOR_MAP;
        p->arg = atoi(c + 15);
        p->hidden = 1;
        return;
    }
    if (strncmp(c, "arg ", 4) != 0)
        return;
    p->arg = atoi(c + 4);
    if (strncmp(role, "base address", 12) == 0)
        p->kind = VPTX_PARAM_BASE;
    else if (strncmp(role, "offset", 6) == 0)
        p->kind = VPTX_PARAM_OFFSET;
    else if (strncmp(role, "size of dim ", 12) == 0)
        p->kind = VPTX_PARAM_SIZE, p->dim = (unsigned)atoi(role + 12);
    else if (strncmp(role, "stride of dim ", 14) == 0)
        p->kind = VPTX_PARAM_STRIDE, p->dim = (unsigned)atoi(role + 14);
    else if (strncmp(role, "tensor map", 10) == 0)
        p->kind = VPTX_PARAM_TENSOR_MAP;
    else
        p->kind = VPTX_PARAM_VALUE;
    if ((size_t)p->arg != *nargs)
        return; /* a later .param of the same argument */
    /* "arg N %name: TYPE, ROLE" or "arg N: TYPE, ROLE" */
    VptxArg *a = &args[(*nargs)++];
    memset(a, 0, sizeof *a);
    const char *s = c + 4 + strspn(c + 4, "0123456789");
    if (*s == ' ' && s[1] == '%') {
        size_t n = strcspn(s + 2, ":");
        a->name = keep(t, s + 2, n);
        s += 2 + n;
    }
    if (*s == ':' && comma && comma > s + 2)
        a->type = keep(t, s + 2, (size_t)(comma - s - 2));
}

/* The kernel whose `.visible .entry NAME(` is at e. */
static bool
parse_kernel(KernelTable *t, const PtxNotes *notes, const char *e, VptxKernel *k)
{
    memset(k, 0, sizeof *k);
    const char *name = e + 16;
    size_t nn = strcspn(name, "(");
    k->name = keep(t, name, nn);
    const char *open = name + nn, *close = strstr(open, "\n)");
    if (!k->name || !close)
        return false;
    size_t cap = 0;
    for (const char *p = strstr(open, ".param"); p && p < close; p = strstr(p + 6, ".param"))
        cap++;
    VptxParam *params = calloc(cap ? cap : 1, sizeof *params);
    VptxArg *args = calloc(cap ? cap : 1, sizeof *args);
    if (!params || !args) {
        free(params);
        free(args);
        return false;
    }
    k->params = params;
    k->args = args;
    for (const char *p = strstr(open, ".param"); p && p < close; p = strstr(p + 6, ".param")) {
        const char *line = p, *end = strchr(p, '\n');
        parse_param(t, line, end ? end : close, &params[k->nparams++], args, &k->nargs);
    }
    for (size_t i = 0; i < k->nparams; i++) /* each argument's .param entries */
        if (!params[i].hidden && params[i].arg >= 0 && (size_t)params[i].arg < k->nargs) {
            VptxArg *a = &args[params[i].arg];
            if (!a->nparams)
                a->first_param = i;
            a->nparams++;
        }
    const PtxEntryNotes *en = ptx_notes_find(notes, k->name);
    if (en && en->error)
        en = NULL; /* a line vptx does not write: the launchers refuse the entry */
    for (size_t i = 0, h = 0; en && i < k->nparams && h < en->nhidden; i++)
        if (params[i].hidden && params[i].kind == VPTX_PARAM_TENSOR_MAP) {
            params[i].box[0] = (unsigned)en->hidden[h].box[0];
            params[i].box[1] = (unsigned)en->hidden[h].box[1];
            params[i].swizzle = en->hidden[h].swizzle;
            params[i].optional = en->hidden[h].optional;
            h++;
        }
    const char *req = strstr(close, ".reqntid ");
    const char *body = strchr(close, '{');
    if (req && body && req < body) {
        char *q;
        k->block[0] = (unsigned)strtoul(req + 9, &q, 10);
        k->block[1] = (unsigned)strtoul(q + 1, &q, 10);
        k->block[2] = (unsigned)strtoul(q + 1, NULL, 10);
    }
    if (en) {
        for (int i = 0; i < 3; i++)
            k->grid[i] = en->grid[i];
        k->persistent = en->grid_param >= 0;
        k->static_shared = en->static_smem;
        k->dynamic_shared = en->dynamic_smem;
    }
    return true;
}

bool
kernels_parse(KernelTable *t, const char *ptx)
{
    memset(t, 0, sizeof *t);
    size_t cap = 0;
    for (const char *p = strstr(ptx, "\n.visible .entry "); p;
         p = strstr(p + 1, "\n.visible .entry "))
        cap++;
    if (!cap)
        return true;
    t->kernels = calloc(cap, sizeof *t->kernels);
    if (!t->kernels)
        return false;
    PtxNotes notes;
    if (!ptx_notes_parse(ptx, NULL, &notes))
        return false;
    bool ok = true;
    for (const char *p = strstr(ptx, "\n.visible .entry "); ok && p;
         p = strstr(p + 1, "\n.visible .entry "))
        ok = parse_kernel(t, &notes, p + 1, &t->kernels[t->nkernels++]);
    ptx_notes_free(&notes);
    return ok && !t->failed; /* on failure kernels_free frees what it holds */
}

void
kernels_free(KernelTable *t)
{
    for (size_t i = 0; i < t->nkernels; i++) {
        free((void *)t->kernels[i].params);
        free((void *)t->kernels[i].args);
    }
    free(t->kernels);
    for (size_t i = 0; i < t->nstrings; i++)
        free(t->strings[i]);
    free(t->strings);
    memset(t, 0, sizeof *t);
}
