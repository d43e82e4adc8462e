/*
 * alloc.c -- the compiler's heap, and how running out of it unwinds.
 *
 * Every block the compiler takes from malloc outside an arena (the module's
 * tables, a pass's per-value arrays, arena chunks, in-memory streams) comes
 * from ir_malloc/ir_calloc/ir_realloc/ir_stream_open and goes back through
 * ir_free/ir_stream_close.  Each block carries a small header that links it
 * into the innermost OomScope of its thread:
 *
 *     OomScope.live <-> [hdr|block] <-> [hdr|block] <-> ...   (circular list)
 *
 * When an allocation fails inside a scope, ir_oom() frees every block still
 * linked to it (closing the streams) and longjmps back to the scope's
 * setjmp, at the API boundary (driver/api.c), which returns "out of memory"
 * instead of aborting the program that embeds libvptx.  Outside any scope
 * (the CLI's run and check harnesses) a failure is an internal error.
 *
 * Tests make the Nth allocation fail with ir_alloc_fail_at(N): a
 * thread-local countdown that only the test binaries set.
 *
 * Both are per thread: _Thread_local variables, or, with a compiler that has
 * no thread-local storage (tcc; port.h's PORT_NO_TLS), two pthread keys.
 */
#include "ir/ir.h"

#include <pthread.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* the header, rounded up so that the block after it is aligned for any type */
#define HEAD_SIZE                                                                                  \
    ((sizeof(AllocHead) + alignof(max_align_t) - 1) / alignof(max_align_t) * alignof(max_align_t))

#ifndef PORT_NO_TLS
static PORT_TLS OomScope *current_scope;
static PORT_TLS long fail_countdown; /* 0: off; else the allocation that fails */

static OomScope *
scope_get(void)
{
    return current_scope;
}

static void
scope_set(OomScope *s)
{
    current_scope = s;
}

static long
countdown_get(void)
{
    return fail_countdown;
}

static void
countdown_set(long n)
{
    fail_countdown = n;
}
#else
static pthread_key_t scope_key, countdown_key;
static pthread_once_t keys_once = PTHREAD_ONCE_INIT;
static bool keys_ok;

static void
make_keys(void)
{
    keys_ok =
        pthread_key_create(&scope_key, NULL) == 0 && pthread_key_create(&countdown_key, NULL) == 0;
}

static void
keys(void)
{
    pthread_once(&keys_once, make_keys);
    if (!keys_ok)
        ICE("no pthread key for the allocator's per-thread state");
}

static OomScope *
scope_get(void)
{
    keys();
    return pthread_getspecific(scope_key);
}

static void
scope_set(OomScope *s)
{
    keys();
    if (pthread_setspecific(scope_key, s) != 0)
        ICE("pthread_setspecific failed");
}

static long
countdown_get(void)
{
    keys();
    return (long)(intptr_t)pthread_getspecific(countdown_key);
}

static void
countdown_set(long n)
{
    keys();
    if (pthread_setspecific(countdown_key, (void *)(intptr_t)n) != 0)
        ICE("pthread_setspecific failed");
}
#endif

long
ir_alloc_fail_at(long n)
{
    long left = countdown_get();
    countdown_set(n);
    return left;
}

bool
ir_alloc_should_fail(void)
{
    long n = countdown_get();
    if (n <= 0)
        return false;
    countdown_set(n - 1);
    return n == 1;
}

static void
link_head(AllocHead *h)
{
    OomScope *s = scope_get();
    if (!s) {
        h->prev = h->next = NULL;
        return;
    }
    h->next = s->live.next;
    h->prev = &s->live;
    s->live.next->prev = h;
    s->live.next = h;
}

static void
unlink_head(AllocHead *h)
{
    if (!h->prev)
        return;
    h->prev->next = h->next;
    h->next->prev = h->prev;
    h->prev = h->next = NULL;
}

static void
release_head(AllocHead *h)
{
    if (h->is_stream) {
        IrStream *st = (IrStream *)((char *)h + HEAD_SIZE);
        if (st->f)
            fclose(st->f);
        free(st->buf);
    }
    free(h);
}

void
ir_oom_enter(OomScope *s)
{
    s->live.prev = s->live.next = &s->live;
    s->live.is_stream = false;
    s->outer = scope_get();
    scope_set(s);
}

void
ir_oom_leave(OomScope *s, bool release)
{
    /* a normal exit leaves no block behind; after an unwind, free what is left */
    while (s->live.next != &s->live) {
        AllocHead *h = s->live.next;
        unlink_head(h);
        if (release)
            release_head(h);
    }
    scope_set(s->outer);
}

NORETURN void
ir_oom(void)
{
    OomScope *s = scope_get();
    if (!s)
        ICE("out of memory");
    longjmp(s->jump, 1);
}

/* A tracked block of n bytes, zeroed when zero is set: calloc, not malloc + memset, so a
   large block comes zeroed from the system and its pages cost memory only once written
   (ptxgen's per-value tables of a module whose vector-level values are dead). */
static void *
alloc_block(size_t n, bool zero)
{
    if (n > SIZE_MAX - HEAD_SIZE || ir_alloc_should_fail())
        ir_oom();
    AllocHead *h = zero ? calloc(1, HEAD_SIZE + n) : malloc(HEAD_SIZE + n);
    if (!h)
        ir_oom();
    h->is_stream = false;
    link_head(h);
    return (char *)h + HEAD_SIZE;
}

void *
ir_malloc(size_t n)
{
    return alloc_block(n, false);
}

void *
ir_calloc(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        ir_oom();
    return alloc_block(count * size, true);
}

void *
ir_realloc(void *p, size_t n)
{
    if (!p)
        return ir_malloc(n);
    if (n > SIZE_MAX - HEAD_SIZE || ir_alloc_should_fail())
        ir_oom();
    AllocHead *h = (AllocHead *)((char *)p - HEAD_SIZE);
    /* unlink while realloc may move it; the old block stays linked on failure */
    AllocHead *prev = h->prev;
    unlink_head(h);
    AllocHead *q = realloc(h, HEAD_SIZE + n);
    if (!q) {
        if (prev)
            link_head(h);
        ir_oom();
    }
    if (prev)
        link_head(q);
    return (char *)q + HEAD_SIZE;
}

void
ir_free(void *p)
{
    if (!p)
        return;
    AllocHead *h = (AllocHead *)((char *)p - HEAD_SIZE);
    unlink_head(h);
    free(h);
}

IrStream *
ir_stream_open(void)
{
    IrStream *st = ir_calloc(1, sizeof *st);
    AllocHead *h = (AllocHead *)((char *)st - HEAD_SIZE);
    h->is_stream = true;
    st->f = ir_alloc_should_fail() ? NULL : open_memstream(&st->buf, &st->len);
    if (!st->f)
        ir_oom();
    return st;
}

void
ir_stream_close(IrStream *st)
{
    if (!st)
        return;
    AllocHead *h = (AllocHead *)((char *)st - HEAD_SIZE);
    unlink_head(h);
    release_head(h);
}
