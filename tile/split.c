/*
 * split.c -- a function whose ops do not fuse into one kernel becomes several.
 *
 *   plan     the linalg ops in program order, grouped greedily: an op joins the current
 *            group when the group with it still makes one kernel (a quiet trial of
 *            tile_fuse and the config), else it starts the next group
 *   scratch  an array one group computes and a later one reads goes through a scratch
 *            buffer: an output of the first kernel, an argument of the later one
 *   emit     one kernel per group, all with the same arguments (the function's, its
 *            result buffers, then the scratch buffers), named f__1, f__2, ... and f for
 *            the last, each with `vptx.sequence` (the names, in launch order): the
 *            launchers run them one after the other (docs/op-level.md)
 *
 * A remark says where the function was cut and why (the error the joined group would
 * have given).  A group of one op that does not make a kernel reports its error.
 */
#include "tile/tile_impl.h"

#include <stdio.h>
#include <string.h>

/* Whether array x is array i or a slice of it (of a slice of it ...). */
static bool
slices_of(const Graph *g, uint32_t x, uint32_t i)
{
    for (uint32_t n = 0; n <= TILE_MAX_ARRAYS; n++) {
        if (x == i)
            return true;
        if (g->arrays[x].src < 0)
            return false;
        x = (uint32_t)g->arrays[x].src;
    }
    return false;
}

/* The group of nodes [lo, hi) of full as a graph of its own: the arrays earlier groups
 * computed are arguments (the result or scratch buffers they wrote them to), the ones
 * later nodes read are outputs (a result already, else a scratch buffer, their ids from
 * full->nscratch on, in array order). */
static Graph *
subgraph(const Graph *full, uint32_t lo, uint32_t hi, bool quiet)
{
    Module *m = full->m;
    Graph *s = arena_alloc(&m->arena, sizeof *s);
    *s = *full;
    s->quiet = quiet;
    s->why_not = quiet ? arena_alloc(&m->arena, TILE_WHY) : NULL;
    s->nnodes = 0;
    for (uint32_t i = lo; i < hi; i++) {
        Node *n = &s->nodes[s->nnodes++];
        *n = full->nodes[i];
        for (uint32_t d = 0; d < TILE_MAX_LOOPS; d++)
            n->label[d] = -1;
    }
    uint32_t base = full->nparams + full->nresults;
    for (uint32_t i = 0; i < s->narrays; i++) {
        Array *a = &s->arrays[i];
        if (a->kind != ARR_ARG && a->kind != ARR_NODE && a->kind != ARR_SLICE)
            continue;
        for (uint32_t d = 0; d < TILE_MAX_LOOPS; d++)
            a->label[d] = -1;
        /* a slice of an array an earlier group wrote to a buffer: read through a subview of
           that buffer (its source comes first in array order, so it is converted already) */
        if (a->kind == ARR_SLICE && s->arrays[a->src].kind == ARR_ARG) {
            a->kind = ARR_ARG;
            a->arg = s->arrays[a->src].arg;
        }
        if (a->kind != ARR_NODE)
            continue;
        if (a->node >= lo && a->node < hi) {
            a->node -= lo;
        } else if (a->node < lo && a->buffer >= 0) {
            a->kind = ARR_ARG;
            a->arg = (uint32_t)a->buffer;
            memcpy(a->size, full->app_size[a->arg - full->nparams], sizeof a->size);
        } else {
            a->kind = ARR_EMPTY; /* not read by this group */
        }
    }
    s->nouts = 0;
    for (uint32_t k = 0; k < full->nouts; k++) {
        const Array *a = &full->arrays[full->outs[k].array];
        if (a->kind != ARR_NODE || (a->node >= lo && a->node < hi))
            s->outs[s->nouts++] = full->outs[k];
    }
    uint32_t next = full->nscratch;
    for (uint32_t i = 0; i < full->narrays && s->nouts < TILE_MAX_ARGS; i++) {
        const Array *a = &full->arrays[i];
        if (a->kind != ARR_NODE || a->node < lo || a->node >= hi)
            continue;
        bool later = false;
        for (uint32_t j = hi; j < full->nnodes && !later; j++) {
            const Node *n = &full->nodes[j];
            for (uint32_t k = 0; k < n->li.nins; k++)
                later |= n->in[k] >= 0 && slices_of(full, (uint32_t)n->in[k], i);
            for (uint32_t k = 0; k < n->li.nouts; k++)
                later |= slices_of(full, n->init[k], i);
        }
        for (uint32_t k = 0; later && k < s->nouts; k++)
            later = !(s->outs[k].array == i && s->outs[k].result); /* read from the result */
        if (later)
            s->outs[s->nouts++] = (Output){ i, base + next++, false, 0, true, 0 };
    }
    return s;
}

static bool
fuse_config(Graph *g)
{
    return tile_fuse(g) && tile_read_config(g) && tile_apply_config(g);
}

/* The buffers the group's outputs go to, for the later kernels: their shapes, and the
 * scratch buffers' ids. */
static bool
close_group(Graph *full, const Graph *s)
{
    Module *m = full->m;
    for (uint32_t k = 0; k < s->nouts; k++) {
        const Output *o = &s->outs[k];
        if (o->result) {
            const Array *a = &s->arrays[o->array];
            uint32_t rank = type_get(m, a->type)->rank;
            for (uint32_t d = 0; d < rank; d++)
                full->app_size[o->dest - full->nparams][d] = s->loops[a->label[d]].size;
            full->app_known[o->dest - full->nparams] = true;
            full->arrays[o->array].buffer = (int32_t)o->dest;
        }
        if (!o->scratch)
            continue;
        uint32_t id = full->nscratch;
        if (full->nparams + full->nresults + id >= TILE_MAX_ARGS) {
            tile_error(full, full->func,
                       "needs more than %d arguments, result and scratch buffers together "
                       "when split into kernels",
                       TILE_MAX_ARGS);
            return false;
        }
        const Array *a = &s->arrays[o->array];
        const Type *t = type_get(m, a->type);
        full->scratch_type[id] = type_memref(m, t->elem, t->rank, t->shape, NULL, 0, false);
        for (uint32_t d = 0; d < t->rank; d++)
            full->app_size[full->nresults + id][d] = s->loops[a->label[d]].size;
        full->app_known[full->nresults + id] = true;
        full->arrays[o->array].buffer = (int32_t)o->dest;
        full->nscratch++;
    }
    return true;
}

/* A later kernel must not read a memref argument as it was on entry once an earlier
 * kernel wrote it in place. */
static bool
check_in_place(Graph *full, Graph *const *groups, uint32_t n)
{
    for (uint32_t gi = 0; gi < n; gi++)
        for (uint32_t k = 0; k < groups[gi]->nouts; k++) {
            const Output *o = &groups[gi]->outs[k];
            if (o->result || o->scratch)
                continue;
            for (uint32_t gj = gi + 1; gj < n; gj++) {
                const Graph *s = groups[gj];
                for (uint32_t i = 0; i < s->nnodes; i++)
                    for (uint32_t x = 0; x < s->nodes[i].li.nins; x++) {
                        int32_t in = s->nodes[i].in[x];
                        if (in < 0 || s->arrays[in].kind != ARR_ARG || s->arrays[in].arg != o->dest)
                            continue;
                        tile_error(full, s->nodes[i].op,
                                   "reads argument #%u as it was on entry, but kernel %u of the "
                                   "split function writes it before this op's kernel %u runs: "
                                   "write the result to another buffer",
                                   o->dest, gi + 1, gj + 1);
                        return false;
                    }
            }
        }
    return true;
}

static const char *
kernel_name(Module *m, const char *f, uint32_t step, uint32_t n)
{
    return step == n ? f : arena_printf(&m->arena, "%s__%u", f, step);
}

bool
tile_split(Graph *full, bool emit)
{
    Module *m = full->m;
    Graph *groups[TILE_MAX_NODES], *cur = NULL;
    uint32_t ngroups = 0, lo = 0, cuts[TILE_MAX_NODES];
    char *why[TILE_MAX_NODES];
    full->nscratch = 0;
    for (uint32_t hi = 1; hi <= full->nnodes; hi++) {
        Graph *t = subgraph(full, lo, hi, true);
        if (fuse_config(t)) {
            cur = t;
            continue;
        }
        if (!cur) { /* one op alone: its own error */
            Graph *e = subgraph(full, lo, hi, false);
            (void)fuse_config(e);
            return false;
        }
        if (!close_group(full, cur))
            return false;
        why[ngroups] = t->why_not;
        cuts[ngroups] = lo;
        groups[ngroups++] = cur;
        lo = hi - 1;
        cur = NULL;
        hi--; /* try op hi - 1 alone next */
    }
    cuts[ngroups] = lo;
    why[ngroups] = NULL;
    groups[ngroups++] = cur;
    /* the final graphs, with their messages, in order */
    full->nscratch = 0;
    memset(full->app_known, 0, sizeof full->app_known);
    for (uint32_t i = 0; i < full->narrays; i++)
        full->arrays[i].buffer = -1;
    for (uint32_t gi = 0; gi < ngroups; gi++) {
        uint32_t hi = gi + 1 < ngroups ? cuts[gi + 1] : full->nnodes;
        Graph *s = subgraph(full, cuts[gi], hi, false);
        if (!fuse_config(s) || !close_group(full, s))
            return false;
        groups[gi] = s;
    }
    if (!check_in_place(full, groups, ngroups))
        return false;
    const Attr *fname = op_attr(m, full->orig_func, "sym_name");
    const char *f = fname && fname->str ? fname->str : "kernel";
    const Attr *names[TILE_MAX_NODES];
    for (uint32_t gi = 0; gi < ngroups; gi++)
        names[gi] = attr_symbol(m, kernel_name(m, f, gi + 1, ngroups));
    const Attr *sequence = attr_array(m, names, ngroups);
    OpId prev = 0;
    for (uint32_t gi = 0; gi < ngroups; gi++) {
        Graph *s = groups[gi];
        s->nscratch = full->nscratch;
        memcpy(s->scratch_type, full->scratch_type, sizeof s->scratch_type);
        memcpy(s->app_size, full->app_size, sizeof s->app_size);
        memcpy(s->app_known, full->app_known, sizeof s->app_known);
        s->step = gi + 1;
        s->nsteps = ngroups;
        s->name = kernel_name(m, f, gi + 1, ngroups);
        s->sequence = sequence;
        s->after = prev;
        OpId first = tile_source_op(s, s->nodes[0].op);
        if (gi)
            tile_remark(s, first,
                        "starts kernel %u of %u of @%s, as it does not join kernel %u: %s", gi + 1,
                        ngroups, f, gi, why[gi - 1] ? why[gi - 1] : "it does not fuse");
        char text[1200];
        tile_describe(s, text, sizeof text);
        OpId root = tile_source_op(s, s->nodes[s->root].op);
        tile_remark(s, root, "(kernel %u of %u, @%s) %s", gi + 1, ngroups, s->name, text);
        if (emit) {
            if (!tile_emit_kernel(s))
                return false;
            prev = s->emitted;
        } else {
            /* a kernel over other loops than the op the user wrote (the total of a full
               reduction's row partials, the copy of an insert's destination: generalize.c)
               keeps its default config */
            LinalgInfo li;
            char no[8];
            bool own = op_get(m, root)->kind != OP_TENSOR_INSERT_SLICE &&
                       (!linalg_info(m, root, &li, no, sizeof no) ||
                        li.nloops == s->nodes[s->root].li.nloops);
            s->nodes[s->root].op = root;
            s->func = full->orig_func;
            if (own)
                tile_attach_config(s);
        }
    }
    return true;
}
