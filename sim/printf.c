/*
 * printf.c -- the device printf: a call of `.extern .func vprintf(.param .b64 fmt,
 * .param .b64 args)` (CUDA's device runtime entry, with no body in the PTX) formats
 * the string at fmt with the argument buffer at args and appends the text to the
 * context's printf output (sim_printf_output), which the host side prints.
 *
 * The argument buffer is laid out as nvcc and MLIR's gpu.printf lowering lay it out:
 * each argument at an offset aligned to its size, floats as doubles, integers of up to
 * 32 bits as 4 bytes, `l`/`ll`/`j`/`z`/`t` integers and pointers (`%p`, `%s`) as 8.
 *
 * Requires:    exec.c's Exec and Thread of the calling thread; mem_access for reads.
 * Ensures:     the formatted text (conversions d i u o x X c s p e E f F g G a A and %%)
 *              is appended; the call returns the number of arguments read, or faults
 *              with a message naming what was wrong (a bad address, an unknown
 *              conversion, an output over 1 MiB).
 * Invalidates: nothing.
 */
#include "sim/simint.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PRINTF_MAX_OUTPUT = 1 << 20 };

/* The conversions are handed to the host's snprintf one by one, with the flags, width and
 * precision the kernel wrote: the format is data, checked conversion by conversion. */
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

static bool
out_append(SimCtx *ctx, const char *s, size_t n)
{
    if (ctx->printf_len + n > PRINTF_MAX_OUTPUT)
        return false;
    if (ctx->printf_len + n + 1 > ctx->printf_cap) {
        size_t cap = ctx->printf_cap ? ctx->printf_cap : 256;
        while (cap < ctx->printf_len + n + 1)
            cap *= 2;
        char *p = realloc(ctx->printf_out, cap);
        if (!p)
            return false;
        ctx->printf_out = p;
        ctx->printf_cap = cap;
    }
    memcpy(ctx->printf_out + ctx->printf_len, s, n);
    ctx->printf_len += n;
    ctx->printf_out[ctx->printf_len] = 0;
    return true;
}

const char *
sim_printf_output(const SimCtx *ctx)
{
    return ctx && ctx->printf_out ? ctx->printf_out : "";
}

void
sim_printf_clear(SimCtx *ctx)
{
    if (!ctx)
        return;
    ctx->printf_len = 0;
    if (ctx->printf_out)
        ctx->printf_out[0] = 0;
}

/* the value of call-list entry e of the calling thread: a .param variable or a value */
static uint64_t
list_value(Exec *x, Thread *t, const Opd *e)
{
    uint64_t v = 0;
    if (e->kind == OPD_FRAMESYM)
        memcpy(&v, t->local + t->local_base + (uint32_t)e->imm, 8);
    else
        v = opd_read(x, t, e);
    return v;
}

/* n bytes at generic address a into out; false after a fault */
static bool
read_bytes(Exec *x, Thread *t, const Inst *in, uint64_t a, void *out, uint32_t n)
{
    const uint8_t *p = mem_access(x, t, in, SP_NONE, a, n, 1, false);
    if (!p)
        return false;
    memcpy(out, p, n);
    return true;
}

/* the NUL-terminated string at generic address a (at most cap - 1 bytes) */
static bool
read_string(Exec *x, Thread *t, const Inst *in, uint64_t a, char *buf, size_t cap)
{
    for (size_t i = 0; i + 1 < cap; i++) {
        if (!read_bytes(x, t, in, a + i, &buf[i], 1))
            return false;
        if (!buf[i])
            return true;
    }
    buf[cap - 1] = 0;
    return true;
}

/* the next argument of `size` bytes from the buffer at args, aligned to its size */
static bool
next_arg(Exec *x, Thread *t, const Inst *in, uint64_t args, uint32_t *off, uint32_t size,
         uint64_t *v)
{
    if (!args)
        return sim_fault(x, t, in, "vprintf: the format needs an argument but none was passed") ==
               EX_NEXT;
    *off = (*off + size - 1) / size * size;
    *v = 0;
    if (!read_bytes(x, t, in, args + *off, v, size))
        return false;
    *off += size;
    return true;
}

int
sim_vprintf_call(Exec *x, Thread *t, const Inst *in)
{
    const Opd *list = &x->vecs[in->o[2].r];
    if (in->o[2].kind != OPD_VEC || in->o[2].n != 2)
        return sim_fault(x, t, in, "vprintf takes two arguments (format, argument buffer)");
    uint64_t fmt = list_value(x, t, &list[0]), args = list_value(x, t, &list[1]);
    char f[4096];
    if (!read_string(x, t, in, fmt, f, sizeof f))
        return EX_FAULT;
    uint32_t off = 0, nargs = 0;
    char piece[256], text[512];
    for (const char *s = f; *s;) {
        if (*s != '%') {
            const char *e = strchr(s, '%');
            size_t n = e ? (size_t)(e - s) : strlen(s);
            if (!out_append(x->ctx, s, n))
                return sim_fault(x, t, in, "vprintf: more than %d bytes of output",
                                 PRINTF_MAX_OUTPUT);
            s += n;
            continue;
        }
        /* %[flags][width][.precision][length]conversion */
        size_t k = 0;
        piece[k++] = *s++;
        while (*s && strchr("-+ #0", *s) && k < 32)
            piece[k++] = *s++;
        while (*s && ((*s >= '0' && *s <= '9') || *s == '.') && k < 64)
            piece[k++] = *s++;
        int longs = 0;
        bool wide = false;
        while (*s && strchr("hlLjzt", *s)) {
            longs += *s == 'l';
            wide = wide || *s == 'j' || *s == 'z' || *s == 't' || *s == 'L';
            s++;
        }
        wide = wide || longs > 0;
        char c = *s ? *s++ : 0;
        int len = 0;
        uint64_t v;
        double d;
        switch (c) {
        case '%':
            len = snprintf(text, sizeof text, "%%");
            break;
        case 'd':
        case 'i':
            if (!next_arg(x, t, in, args, &off, wide ? 8 : 4, &v))
                return EX_FAULT;
            piece[k++] = 'l', piece[k++] = 'l', piece[k++] = c, piece[k] = 0;
            len = snprintf(text, sizeof text, piece, wide ? (long long)v : (long long)(int32_t)v);
            nargs++;
            break;
        case 'u':
        case 'o':
        case 'x':
        case 'X':
        case 'c':
            if (!next_arg(x, t, in, args, &off, wide && c != 'c' ? 8 : 4, &v))
                return EX_FAULT;
            if (c == 'c') {
                piece[k++] = 'c', piece[k] = 0;
                len = snprintf(text, sizeof text, piece, (int)(unsigned char)v);
            } else {
                piece[k++] = 'l', piece[k++] = 'l', piece[k++] = c, piece[k] = 0;
                len = snprintf(text, sizeof text, piece,
                               wide ? (unsigned long long)v : (unsigned long long)(uint32_t)v);
            }
            nargs++;
            break;
        case 'p':
            if (!next_arg(x, t, in, args, &off, 8, &v))
                return EX_FAULT;
            len = snprintf(text, sizeof text, "0x%llx", (unsigned long long)v);
            nargs++;
            break;
        case 's': {
            char str[1024];
            if (!next_arg(x, t, in, args, &off, 8, &v) ||
                !read_string(x, t, in, v, str, sizeof str))
                return EX_FAULT;
            piece[k++] = 's', piece[k] = 0;
            len = snprintf(text, sizeof text, piece, str);
            nargs++;
            break;
        }
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G':
        case 'a':
        case 'A':
            if (!next_arg(x, t, in, args, &off, 8, &v))
                return EX_FAULT;
            memcpy(&d, &v, 8);
            piece[k++] = c, piece[k] = 0;
            len = snprintf(text, sizeof text, piece, d);
            nargs++;
            break;
        default:
            return sim_fault(x, t, in, "vprintf: conversion '%%%c' is not supported", c ? c : ' ');
        }
        if (len < 0)
            len = 0;
        if (!out_append(x->ctx, text, (size_t)len < sizeof text ? (size_t)len : sizeof text - 1))
            return sim_fault(x, t, in, "vprintf: more than %d bytes of output", PRINTF_MAX_OUTPUT);
    }
    /* the return value: the number of arguments, as CUDA's vprintf */
    if (in->o[0].kind == OPD_VEC && in->o[0].n == 1) {
        const Opd *r = &x->vecs[in->o[0].r];
        uint32_t n32 = nargs;
        if (r->kind == OPD_FRAMESYM)
            memcpy(t->local + t->local_base + (uint32_t)r->imm, &n32, 4);
    }
    return EX_NEXT;
}
