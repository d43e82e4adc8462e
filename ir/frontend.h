/*
 * ir/frontend.h -- MLIR-subset text -> ir Module.
 *
 * The frontend is a hand-written lexer (lex.c) and a recursive-descent parser
 * (parse*.c) for the part of MLIR's textual IR that vptx understands: the
 * generic op form for every op in ir/ops.def, the custom form of each of
 * them, types, attributes, affine maps, aliases and the IREE attributes of
 * the seeds.  Errors are reported to a Diag as `file:line:col` diagnostics;
 * the parser keeps going after an error (up to Diag.max_errors) and never
 * crashes or recurses without bound on any input.
 */
#ifndef VPTX_IR_FRONTEND_H
#define VPTX_IR_FRONTEND_H

#include "ir/ir.h"

/* Parses `len` bytes of `text` into m (which must be freshly module_init'ed).
 * Registers the text with diag_add_file(d, filename, ...) so that Locs point
 * into it.  Returns false after reporting at least one error to d. */
bool frontend_parse(Module *m, Diag *d, const char *filename, const char *text, size_t len);

/* Parses one attribute (e.g. `#iree_vector_ext.nested_layout<...>`) into m's
 * arena.  Returns NULL after reporting an error to d. */
const Attr *frontend_parse_attr(Module *m, Diag *d, const char *text, size_t len);

#endif
