/*
 * ir/printer.h -- internal to the printer (print.c, print_ops.c): the
 * printer state and the pieces the custom op printers share.
 */
#ifndef VPTX_IR_PRINTER_H
#define VPTX_IR_PRINTER_H

#include "ir/ir.h"

typedef struct Printer {
    const Module *m;
    FILE *out;
    int indent;
    bool in_func;       /* inside a func.func: `return` / `call` print without `func.` */
    const char **names; /* per ValueId: the printed name without '%' (group base for groups) */
    int32_t *group;     /* per ValueId: result number inside a printed group, or -1 */
    Arena arena;
} Printer;

/* print.c */
void pr(Printer *p, const char *s);
void pr_value(Printer *p, ValueId v);
void pr_values(Printer *p, const ValueId *v, uint32_t n); /* %a, %b */
void pr_type(Printer *p, TypeId t);
void pr_types(Printer *p, const ValueId *v, uint32_t n); /* their types: T, U */
void pr_attr(Printer *p, const Attr *a);
void pr_dense_body(Printer *p, const Attr *a); /* dense<...> without the type */
void pr_int(Printer *p, int64_t v);
/* ` {a = .., b}` for the op's attributes not in elided (nothing if none remain). */
void pr_attr_dict(Printer *p, OpId op, const char *const *elided, uint32_t nelided);
/* ` attributes {...}` for the same */
void pr_attr_dict_keyword(Printer *p, OpId op, const char *const *elided, uint32_t nelided);
/* prefix then `{...}` for the same (` attrs = ` of linalg.generic) */
void pr_attr_dict_prefixed(Printer *p, OpId op, const char *const *elided, uint32_t nelided,
                           const char *prefix);
/* A region; entry_args: print the entry block's `^bb0(...)` header;
 * elide_yield: leave out a trailing operand-less scf.yield. */
void pr_region(Printer *p, RegionId r, bool entry_args, bool elide_yield);
void pr_op_name(Printer *p, OpId op);
bool attr_is(const Attr *a, const char *dialect, const char *name); /* an ENUM of that kind */

/* print_ops.c: prints the op after `%results = `; false (nothing printed) if the
 * op does not fit its custom form, and the caller prints it generically. */
typedef bool CustomPrintFn(Printer *p, OpId op);
CustomPrintFn *custom_printer(OpKind k);
/* print_host.c: the host-side ops (ops.def, "host code") */
CustomPrintFn *custom_printer_host(OpKind k);
CustomPrintFn *custom_printer_upstream(OpKind k); /* print_upstream.c */

#endif
