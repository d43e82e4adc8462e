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

typedef uint64_t NodeSet; /* bit i: node i of the full graph (TILE_MAX_NODES = 64) */
#define NODE_BIT(i) ((NodeSet)1 << (i))

/* The planner's state: the order constraints between nodes, the groups, and for the
 * trials the shape of every array a node computes (from that node's kernel alone). */
typedef struct Plan {
    Graph *full;
    NodeSet before[TILE_MAX_NODES]; /* the nodes that must run no later than node i */
    NodeSet group[TILE_MAX_NODES];
    uint32_t ngroups;
    SizeSrc size[TILE_MAX_ARRAYS][TILE_MAX_LOOPS];
    int32_t dup_of[TILE_MAX_NODES]; /* a copy of node i (duplicate_ops): the node; else -1 */
} Plan;

/* The nodes of set (in program order) as a graph of their own: the arrays other groups
 * compute are arguments (the result or scratch buffers they were written to; in a trial,
 * plan given, a stand-in buffer of the shape plan records), the ones nodes outside set
 * read are outputs (a result already, else a scratch buffer, their ids from
 * full->nscratch on, in array order). */
static void
subgraph_into(Graph *s, const Graph *full, NodeSet set, const Plan *plan)
{
    char *why = s->why_not;
    *s = *full;
    s->quiet = why != NULL;
    s->why_not = why;
    if (why)
        why[0] = 0;
    s->nnodes = 0;
    uint32_t index[TILE_MAX_NODES];
    for (uint32_t i = 0; i < full->nnodes; i++) {
        if (!(set & NODE_BIT(i)))
            continue;
        index[i] = s->nnodes;
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
        if (set & NODE_BIT(a->node)) {
            a->node = index[a->node];
        } else if (plan) {
            a->kind = ARR_ARG;
            a->arg = base; /* any buffer after the parameters: sized by a->size */
            memcpy(a->size, plan->size[i], sizeof a->size);
        } else if (a->buffer >= 0) {
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
        if (a->kind != ARR_NODE || (set & NODE_BIT(a->node)))
            s->outs[s->nouts++] = full->outs[k];
    }
    uint32_t next = full->nscratch;
    for (uint32_t i = 0; i < full->narrays && s->nouts < TILE_MAX_ARGS; i++) {
        const Array *a = &full->arrays[i];
        if (a->kind != ARR_NODE || !(set & NODE_BIT(a->node)))
            continue;
        bool later = false;
        for (uint32_t j = 0; j < full->nnodes && !later; j++) {
            const Node *n = &full->nodes[j];
            if (set & NODE_BIT(j))
                continue;
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
}

/* The group set as its kernel's graph (not a trial). */
static Graph *
subgraph(const Graph *full, NodeSet set, bool quiet)
{
    Module *m = full->m;
    Graph *s = arena_alloc(&m->arena, sizeof *s);
    s->why_not = quiet ? arena_alloc(&m->arena, TILE_WHY) : NULL;
    subgraph_into(s, full, set, NULL);
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

/* ---------------------------------------------------------------- the plan */

/* The order the nodes keep across kernels: a node runs no earlier than the nodes whose
 * arrays it reads; one that reads a memref argument as it is on entry no later than the
 * node whose result goes back into that argument; a buffer's whole write before the
 * inserts into it.  Program order is one such order, so the greedy split always exists
 * (an edge against program order is left out: check_in_place reports what it breaks). */
static void
order_constraints(Plan *p)
{
    const Graph *g = p->full;
    for (uint32_t j = 0; j < g->nnodes; j++) {
        const Node *n = &g->nodes[j];
        p->before[j] = 0;
        for (uint32_t k = 0; k < n->li.nins + n->li.nouts; k++) {
            int32_t a = k < n->li.nins ? n->in[k] : (int32_t)n->init[k - n->li.nins];
            if (a >= 0 && g->arrays[a].kind == ARR_NODE)
                p->before[j] |= NODE_BIT(g->arrays[a].node);
        }
    }
    for (uint32_t k = 0; k < g->nouts; k++) {
        const Output *o = &g->outs[k];
        if (g->arrays[o->array].kind != ARR_NODE)
            continue;
        uint32_t w = g->arrays[o->array].node;
        for (uint32_t j = 0; j < w; j++) {
            const Node *n = &g->nodes[j];
            for (uint32_t x = 0; x < n->li.nins; x++) {
                const Array *a = n->in[x] >= 0 ? &g->arrays[n->in[x]] : NULL;
                if (a && a->kind == ARR_ARG && a->arg == o->dest)
                    p->before[w] |= NODE_BIT(j);
            }
        }
        for (uint32_t q = 0; q < g->nouts && !o->slice; q++) {
            const Output *ins = &g->outs[q];
            const Array *a = &g->arrays[ins->array];
            if (ins->slice && ins->dest == o->dest && a->kind == ARR_NODE && a->node > w)
                p->before[a->node] |= NODE_BIT(w);
        }
    }
}

/* The groups in an order that keeps the constraints (the group with the earliest op
 * first among those ready), in order[]; false when there is none (a cycle). */
static bool
group_order(const Plan *p, const NodeSet *group, uint32_t ngroups, uint32_t *order)
{
    uint64_t pred[TILE_MAX_NODES], done = 0;
    for (uint32_t x = 0; x < ngroups; x++) {
        NodeSet need = 0;
        for (uint32_t i = 0; i < p->full->nnodes; i++)
            if (group[x] & NODE_BIT(i))
                need |= p->before[i];
        pred[x] = 0;
        for (uint32_t y = 0; y < ngroups; y++)
            if (y != x && (need & group[y]))
                pred[x] |= NODE_BIT(y);
    }
    for (uint32_t k = 0; k < ngroups; k++) {
        int32_t pick = -1;
        for (uint32_t x = 0; x < ngroups; x++)
            if (!(done & NODE_BIT(x)) && !(pred[x] & ~done) &&
                (pick < 0 || (group[x] & -group[x]) < (group[pick] & -group[pick])))
                pick = (int32_t)x;
        if (pick < 0)
            return false;
        order[k] = (uint32_t)pick;
        done |= NODE_BIT(pick);
    }
    return true;
}

/* Whether the nodes of set make one kernel (a quiet trial); its reason when not. */
static bool
fuses(Plan *p, Graph *trial, NodeSet set)
{
    subgraph_into(trial, p->full, set, p);
    return fuse_config(trial);
}

/* Whether the groups with group x set to nx (and group y emptied, y >= 0) still keep an
 * order and make one kernel each where they changed. */
static bool
try_groups(Plan *p, Graph *trial, uint32_t x, NodeSet nx, int32_t y, NodeSet ny)
{
    NodeSet g[TILE_MAX_NODES];
    uint32_t order[TILE_MAX_NODES], n = 0;
    for (uint32_t i = 0; i < p->ngroups; i++) {
        NodeSet s = i == x ? nx : (int32_t)i == y ? ny : p->group[i];
        if (s)
            g[n++] = s;
    }
    return group_order(p, g, n, order) && fuses(p, trial, nx) && (!ny || fuses(p, trial, ny));
}

static void
drop_empty(Plan *p)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < p->ngroups; i++)
        if (p->group[i])
            p->group[n++] = p->group[i];
    p->ngroups = n;
}

/* The arrays that cross from one group to another and are no result: scratch buffers. */
static uint32_t
scratch_count(const Plan *p)
{
    const Graph *g = p->full;
    uint32_t n = 0;
    for (uint32_t i = 0; i < g->narrays; i++) {
        const Array *a = &g->arrays[i];
        if (a->kind != ARR_NODE)
            continue;
        NodeSet home = 0, readers = 0;
        for (uint32_t x = 0; x < p->ngroups; x++)
            if (p->group[x] & NODE_BIT(a->node))
                home = p->group[x];
        for (uint32_t j = 0; j < g->nnodes; j++)
            if (p->before[j] & NODE_BIT(a->node)) {
                const Node *u = &g->nodes[j];
                for (uint32_t k = 0; k < u->li.nins + u->li.nouts; k++)
                    if ((k < u->li.nins ? u->in[k] : (int32_t)u->init[k - u->li.nins]) ==
                        (int32_t)i)
                        readers |= NODE_BIT(j);
            }
        bool result = false;
        for (uint32_t k = 0; k < g->nouts; k++)
            result |= g->outs[k].array == i && g->outs[k].result;
        n += (readers & ~home) && !result;
    }
    return n;
}

/* The shape of every array a node computes, from the node's kernel alone (in program
 * order, so that the arrays it reads are shaped); false after reporting the error of a
 * node that makes no kernel even alone. */
static bool
shape_arrays(Plan *p, Graph *trial)
{
    Graph *full = p->full;
    for (uint32_t i = 0; i < full->nnodes; i++) {
        if (!fuses(p, trial, NODE_BIT(i))) {
            Graph *e = arena_alloc(&full->m->arena, sizeof *e);
            e->why_not = NULL; /* not quiet: the node's own error */
            subgraph_into(e, full, NODE_BIT(i), p);
            (void)fuse_config(e);
            return false;
        }
        const Node *n = &full->nodes[i];
        for (uint32_t j = 0; j < n->li.nouts; j++) {
            const Array *a = &trial->arrays[n->res[j]];
            uint32_t rank = type_get(full->m, a->type)->rank;
            for (uint32_t d = 0; d < TILE_MAX_LOOPS; d++)
                p->size[n->res[j]][d] = d < rank && a->label[d] >= 0
                                            ? trial->loops[a->label[d]].size
                                            : SIZE_SRC(-1, -1, -1);
        }
    }
    return true;
}

/* Single ops move to another group where that leaves fewer scratch buffers. */
static void
move_ops(Plan *p, Graph *trial)
{
    uint32_t best = scratch_count(p);
    for (uint32_t v = 0; v < p->full->nnodes && best; v++)
        for (uint32_t x = 0; x < p->ngroups; x++) {
            uint32_t y = 0;
            while (!(p->group[y] & NODE_BIT(v)))
                y++;
            if (x == y || p->group[y] == NODE_BIT(v))
                continue;
            NodeSet gx = p->group[x], gy = p->group[y];
            p->group[x] |= NODE_BIT(v);
            p->group[y] &= ~NODE_BIT(v);
            uint32_t n = scratch_count(p);
            p->group[x] = gx;
            p->group[y] = gy;
            if (n < best &&
                try_groups(p, trial, x, gx | NODE_BIT(v), (int32_t)y, gy & ~NODE_BIT(v))) {
                p->group[x] |= NODE_BIT(v);
                p->group[y] &= ~NODE_BIT(v);
                best = n;
            }
        }
}

/* The fewest groups the fusion rules allow, as far as a search finds them: each node
 * joins the first group it fuses into (those holding its producers first, so that their
 * arrays stay on chip), then groups merge pairwise while any pair does, then single ops
 * move where that saves a scratch buffer.  Every step keeps an order of the groups. */
static void
place(Plan *p, Graph *trial)
{
    const Graph *g = p->full;
    p->ngroups = 0;
    for (uint32_t v = 0; v < g->nnodes; v++) {
        bool placed = false;
        for (uint32_t pass = 0; pass < 2 && !placed; pass++)
            for (uint32_t k = p->ngroups; k-- > 0 && !placed;) {
                uint32_t x = pass ? p->ngroups - 1 - k : k;
                bool feeds = (p->group[x] & p->before[v]) != 0;
                if (feeds == (pass == 0) &&
                    try_groups(p, trial, x, p->group[x] | NODE_BIT(v), -1, 0)) {
                    p->group[x] |= NODE_BIT(v);
                    placed = true;
                }
            }
        if (!placed)
            p->group[p->ngroups++] = NODE_BIT(v);
    }
    for (bool merged = true; merged;) {
        merged = false;
        for (uint32_t x = 0; x < p->ngroups && !merged; x++)
            for (uint32_t y = x + 1; y < p->ngroups && !merged; y++)
                if (try_groups(p, trial, x, p->group[x] | p->group[y], (int32_t)y, 0)) {
                    p->group[x] |= p->group[y];
                    p->group[y] = 0;
                    drop_empty(p);
                    merged = true;
                }
    }
    move_ops(p, trial);
}

/* ---------------------------------------------------------------- duplicates */

/* An elementwise op of at most this many body ops may be computed again in a second
 * kernel rather than written to a scratch buffer for it. */
enum { TILE_DUP_OPS = 16 };

static bool
is_result(const Graph *g, uint32_t i)
{
    for (uint32_t k = 0; k < g->nouts; k++)
        if (g->outs[k].array == i)
            return true;
    return false;
}

/* The body ops of node v's generic, or -1. */
static int32_t
body_ops(const Graph *g, uint32_t v)
{
    const Op *op = op_get(g->m, g->nodes[v].op);
    if (op->nregions != 1)
        return -1;
    return (int32_t)block_get(g->m, op_entry_block(g->m, g->nodes[v].op, 0))->ops.n;
}

/* The cost rule: node v is computed again in the kernel of set only when that is cheap
 * and bounded: one elementwise out, a body of at most TILE_DUP_OPS ops, and every array
 * it reads an argument (or a slice of one), a fill, an empty or computed in set, so
 * that its copy adds no read of another kernel's buffer and no further copy. */
static bool
cheap(const Graph *g, uint32_t v, NodeSet set)
{
    const Node *n = &g->nodes[v];
    int32_t ops = body_ops(g, v);
    if (n->cls != NODE_ELEMENTWISE || n->li.nouts != 1 || ops < 0 || ops > TILE_DUP_OPS)
        return false;
    for (uint32_t k = 0; k < n->li.nins + n->li.nouts; k++) {
        int32_t x = k < n->li.nins ? n->in[k] : (int32_t)n->init[k - n->li.nins];
        if (x < 0)
            continue;
        const Array *a = &g->arrays[x];
        if (a->kind == ARR_SLICE || (a->kind == ARR_NODE && !(set & NODE_BIT(a->node))))
            return false;
    }
    return true;
}

/* Every read of array `from` by a node of set now reads `to`. */
static void
redirect(Graph *g, NodeSet set, uint32_t from, uint32_t to)
{
    for (uint32_t j = 0; j < g->nnodes; j++) {
        Node *n = &g->nodes[j];
        if (!(set & NODE_BIT(j)))
            continue;
        for (uint32_t k = 0; k < n->li.nins; k++)
            if (n->in[k] == (int32_t)from)
                n->in[k] = (int32_t)to;
        for (uint32_t k = 0; k < n->li.nouts; k++)
            if (n->init[k] == from)
                n->init[k] = to;
    }
}

/* Whether a node of set reads array i directly. */
static bool
reads_array(const Graph *g, NodeSet set, uint32_t i)
{
    for (uint32_t j = 0; j < g->nnodes; j++) {
        const Node *n = &g->nodes[j];
        for (uint32_t k = 0; (set & NODE_BIT(j)) && k < n->li.nins + n->li.nouts; k++)
            if ((k < n->li.nins ? n->in[k] : (int32_t)n->init[k - n->li.nins]) == (int32_t)i)
                return true;
    }
    return false;
}

/* Node v, which another group y reads, as a copy in group x: a new node (the same op)
 * and array, x's reads of v's array moved to the copy's.  Kept where x with it still
 * makes one kernel in an order of the groups; else undone. */
static bool
duplicate_into(Plan *p, Graph *trial, uint32_t v, uint32_t x)
{
    Graph *g = p->full;
    uint32_t from = g->nodes[v].res[0];
    if (g->nnodes >= TILE_MAX_NODES || g->narrays >= TILE_MAX_ARRAYS)
        return false;
    uint32_t c = g->nnodes++, to = g->narrays++;
    g->nodes[c] = g->nodes[v];
    g->nodes[c].res[0] = to;
    g->arrays[to] = g->arrays[from];
    g->arrays[to].node = c;
    g->arrays[to].buffer = -1;
    memcpy(p->size[to], p->size[from], sizeof p->size[to]);
    redirect(g, p->group[x], from, to);
    order_constraints(p);
    if (try_groups(p, trial, x, p->group[x] | NODE_BIT(c), -1, 0)) {
        p->group[x] |= NODE_BIT(c);
        p->dup_of[c] = (int32_t)v;
        return true;
    }
    redirect(g, p->group[x], to, from);
    g->nnodes--;
    g->narrays--;
    order_constraints(p);
    return false;
}

/* Cheap elementwise ops that feed kernels other than their own are computed again in
 * each of them (cheap) instead of going through a scratch buffer; an op left with no
 * reader in its own kernel, and no output, leaves it. */
static void
duplicate_ops(Plan *p, Graph *trial)
{
    Graph *g = p->full;
    for (uint32_t i = 0; i < TILE_MAX_NODES; i++)
        p->dup_of[i] = -1;
    uint32_t nnodes = g->nnodes;
    for (uint32_t v = 0; v < nnodes; v++) {
        uint32_t from = g->nodes[v].res[0];
        if (g->nodes[v].li.nouts != 1 || is_result(g, from))
            continue;
        bool moved = false;
        for (uint32_t x = 0; x < p->ngroups; x++)
            if (!(p->group[x] & NODE_BIT(v)) && reads_array(g, p->group[x], from) &&
                cheap(g, v, p->group[x]))
                moved |= duplicate_into(p, trial, v, x);
        bool read = false;
        for (uint32_t x = 0; x < g->narrays && !read; x++)
            read = g->arrays[x].src == (int32_t)from;
        if (!moved || read || reads_array(g, ~(NodeSet)0, from))
            continue;
        for (uint32_t x = 0; x < p->ngroups; x++)
            p->group[x] &= ~NODE_BIT(v);
        drop_empty(p);
    }
}

/* Why the group at position k of order (k >= 1) does not join an earlier one: the
 * latest that computes what it reads, else the one before it. */
static uint32_t
cut_reason(Plan *p, Graph *trial, const uint32_t *order, uint32_t k, char *why, size_t cap)
{
    NodeSet need = 0, set = p->group[order[k]];
    for (uint32_t i = 0; i < p->full->nnodes; i++)
        if (set & NODE_BIT(i))
            need |= p->before[i];
    uint32_t j = k - 1;
    for (uint32_t x = 0; x < k; x++)
        if (p->group[order[x]] & need)
            j = x;
    if (!fuses(p, trial, set | p->group[order[j]]))
        snprintf(why, cap, "%s", trial->why_not[0] ? trial->why_not : "it does not fuse");
    else
        snprintf(why, cap,
                 "with it, kernel %u would need what a kernel it feeds computes (no order of "
                 "the kernels would be left)",
                 j + 1);
    return j + 1;
}

bool
tile_split(Graph *full, bool emit)
{
    Module *m = full->m;
    Plan *p = arena_alloc(&m->arena, sizeof *p);
    Graph *trial = arena_alloc(&m->arena, sizeof *trial);
    trial->why_not = arena_alloc(&m->arena, TILE_WHY);
    p->full = full;
    full->nscratch = 0;
    order_constraints(p);
    if (!shape_arrays(p, trial))
        return false;
    place(p, trial);
    duplicate_ops(p, trial);
    uint32_t ngroups = p->ngroups, order[TILE_MAX_NODES], joins[TILE_MAX_NODES];
    if (!group_order(p, p->group, ngroups, order))
        ICE("tile_split: the groups keep no order");
    char *why[TILE_MAX_NODES];
    for (uint32_t k = 1; k < ngroups; k++) {
        why[k] = arena_alloc(&m->arena, TILE_WHY);
        joins[k] = cut_reason(p, trial, order, k, why[k], TILE_WHY);
    }
    /* the final graphs, with their messages, in order */
    Graph *groups[TILE_MAX_NODES];
    full->nscratch = 0;
    memset(full->app_known, 0, sizeof full->app_known);
    for (uint32_t i = 0; i < full->narrays; i++)
        full->arrays[i].buffer = -1;
    for (uint32_t gi = 0; gi < ngroups; gi++) {
        Graph *s = subgraph(full, p->group[order[gi]], false);
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
        /* the ops as made (a remark names the user's op, and the part of it they are) */
        if (gi)
            tile_remark(s, s->nodes[0].op,
                        "starts kernel %u of %u of @%s, as it does not join kernel %u: %s", gi + 1,
                        ngroups, f, joins[gi], why[gi]);
        for (uint32_t i = 0; i < full->nnodes; i++)
            if (p->dup_of[i] >= 0 && (p->group[order[gi]] & NODE_BIT(i)))
                tile_remark(s, tile_source_op(s, full->nodes[i].op),
                            "is computed again in kernel %u of %u of @%s rather than read from a "
                            "scratch buffer another kernel writes: an elementwise op of %d body "
                            "ops (at most %d) whose inputs are arguments, fills or computed in "
                            "this kernel",
                            gi + 1, ngroups, f, body_ops(full, i), TILE_DUP_OPS);
        char text[1200];
        tile_describe(s, text, sizeof text);
        OpId root = tile_source_op(s, s->nodes[s->root].op);
        tile_remark(s, s->nodes[s->root].op, "(kernel %u of %u, @%s) %s", gi + 1, ngroups, s->name,
                    text);
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
                       op_get(m, root)->kind != OP_TENSOR_PAD &&
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
