/*
 * arena.c -- the bump allocator that owns a module's IR, and the growable
 * array helper built on it.
 *
 * Chunks are malloc'd and chained newest first; a mark records (chunk, used)
 * so a pass can release its scratch allocations in one step.
 */
#include "ir/ir.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct ArenaChunk {
    ArenaChunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};

/* Chunks double from CHUNK_MIN up to CHUNK_MAX.  Past the allocator's mmap threshold a
 * chunk is a mapping of its own: its untouched tail costs no memory, and freeing it (a
 * pass's scratch arena, released when the pass ends) gives the pages back to the
 * system, where 64 KiB chunks stayed in the heap for the rest of the process. */
enum { CHUNK_MIN = 64 * 1024, CHUNK_MAX = 4 * 1024 * 1024 };

void
ir_ice(const char *file, int line, const char *msg)
{
    fprintf(stderr, "%s:%d: internal compiler error: %s\n", file, line, msg);
    abort();
}

void *
arena_alloc(Arena *a, size_t size)
{
    if (size > SIZE_MAX / 2)
        ir_oom();
    size = (size + 15) & ~(size_t)15;
    ArenaChunk *c = a->head;
    if (!c || c->size - c->used < size) {
        size_t cap = c && c->size < CHUNK_MAX ? 2 * c->size : c ? CHUNK_MAX : CHUNK_MIN;
        if (cap < CHUNK_MIN)
            cap = CHUNK_MIN;
        if (cap < size)
            cap = size;
        c = ir_malloc(sizeof *c + cap);
        c->next = a->head;
        c->size = cap;
        c->used = 0;
        a->head = c;
    }
    void *p = c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

void *
arena_copy(Arena *a, const void *p, size_t size)
{
    void *q = arena_alloc(a, size);
    if (size)
        memcpy(q, p, size);
    return q;
}

char *
arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *
arena_strdup(Arena *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}

char *
arena_printf(Arena *a, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = arena_alloc(a, (size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    return p;
}

ArenaMark
arena_mark(Arena *a)
{
    ArenaMark m = { a->head, a->head ? a->head->used : 0 };
    return m;
}

void
arena_release(Arena *a, ArenaMark m)
{
    while (a->head && a->head != m.chunk) {
        ArenaChunk *next = a->head->next;
        ir_free(a->head);
        a->head = next;
    }
    if (a->head)
        a->head->used = m.used;
}

void
arena_free(Arena *a)
{
    arena_release(a, (ArenaMark){ NULL, 0 });
}

size_t
arena_bytes(const Arena *a)
{
    size_t n = 0;
    for (const ArenaChunk *c = a->head; c; c = c->next)
        n += c->used;
    return n;
}

void *
array_grow(Arena *a, void *items, uint32_t *cap, size_t elem_size)
{
    if (*cap >= UINT32_MAX / 2)
        ir_oom();
    uint32_t ncap = *cap ? *cap * 2 : 8;
    void *p = arena_alloc(a, (size_t)ncap * elem_size);
    if (items)
        memcpy(p, items, *cap * elem_size);
    *cap = ncap;
    return p;
}
