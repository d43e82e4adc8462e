/*
 * symtab.c -- symbol lookup in O(1): (scope, op kind, name) -> op.
 *
 * A module of thousands of kernels, each with its own memref.global, looked every
 * memref.get_global up by walking the whole module: quadratic (issue 29: 16,000
 * small kernels took 198 s).  Whoever looks symbols up many times builds one table
 * first (the verifier while it places the ops, ptxgen from its list of globals) and
 * asks it.  The scope is the symbol table op (module or gpu.module), or 0 for "the
 * whole module"; of several entries with one key the first one added is kept, so the
 * order of the adds decides which of two duplicates is found, as a walk would.
 *
 * Open addressing with linear probing, at most half full.  Nothing iterates the table,
 * so its order never reaches any output.
 */
#include "ir/ir.h"

#include <string.h>

struct SymSlot {
    const char *name; /* NULL: empty */
    OpId scope, op;
    uint32_t kind, hash;
};

static uint32_t
sym_hash(OpId scope, uint32_t kind, const char *name)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const char *p = name; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    h = (h ^ scope) * 16777619u;
    return (h ^ kind) * 16777619u;
}

static struct SymSlot *
sym_slot(struct SymSlot *slots, uint32_t cap, OpId scope, uint32_t kind, const char *name,
         uint32_t h)
{
    for (uint32_t i = h & (cap - 1);; i = (i + 1) & (cap - 1)) {
        struct SymSlot *s = &slots[i];
        if (!s->name ||
            (s->hash == h && s->scope == scope && s->kind == kind && strcmp(s->name, name) == 0))
            return s;
    }
}

void
symtab_add(SymTab *t, OpId scope, int kind, const char *name, OpId op)
{
    if (!name)
        return;
    if (2 * (t->n + 1) > t->cap) {
        uint32_t cap = t->cap ? 2 * t->cap : 64;
        struct SymSlot *slots = ir_calloc(cap, sizeof *slots);
        for (uint32_t i = 0; i < t->cap; i++)
            if (t->slots[i].name)
                *sym_slot(slots, cap, t->slots[i].scope, t->slots[i].kind, t->slots[i].name,
                          t->slots[i].hash) = t->slots[i];
        ir_free(t->slots);
        t->slots = slots;
        t->cap = cap;
    }
    uint32_t h = sym_hash(scope, (uint32_t)kind, name);
    struct SymSlot *s = sym_slot(t->slots, t->cap, scope, (uint32_t)kind, name, h);
    if (s->name)
        return; /* the first one stays */
    *s = (struct SymSlot){ name, scope, op, (uint32_t)kind, h };
    t->n++;
}

OpId
symtab_find(const SymTab *t, OpId scope, int kind, const char *name)
{
    if (!t->cap || !name)
        return 0;
    uint32_t h = sym_hash(scope, (uint32_t)kind, name);
    const struct SymSlot *s = sym_slot(t->slots, t->cap, scope, (uint32_t)kind, name, h);
    return s->name ? s->op : 0;
}

void
symtab_free(SymTab *t)
{
    ir_free(t->slots);
    *t = (SymTab){ 0 };
}
