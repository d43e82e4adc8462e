/*
 * ir/parser.h -- internal to the parser: the token, the lexer, the
 * parser state and the helpers that the per-dialect parse files share.
 *
 *   lex.c          characters -> tokens
 *   parse.c        module structure, SSA names, regions, the generic op form,
 *                  dispatch to custom forms, op normalisation
 *   parse_type.c   types
 *   parse_attr.c   attributes, affine maps, dense literals
 *   parse_iree.c   `#` attributes: aliases, enums, IREE attributes, opaque
 *   parse_func.c   custom forms: module, gpu.module, func.func, gpu.func
 *   parse_ops.c    custom forms: func, arith, math, scf, memref, affine, gpu
 *   parse_vector.c custom forms: vector, iree_vector_ext
 *   parse_nvgpu.c  custom forms: nvgpu
 *   parse_host.c   custom forms: the host side (gpu.launch_func, gpu.alloc, vector.print, ...)
 *   parse_linalg.c custom forms: linalg, tensor, bufferization (the op level)
 */
#ifndef VPTX_IR_PARSER_H
#define VPTX_IR_PARSER_H

#include "ir/frontend.h"

/* ------------------------------------------------------------------ lex.c */

typedef enum {
    TK_EOF,
    TK_ERROR,  /* msg says why */
    TK_BARE,   /* bare identifier: func.func, f32, x, to, d0 */
    TK_VALUE,  /* %name; s/n without '%'; resno = the #N suffix or -1 */
    TK_CARET,  /* ^bb0 */
    TK_AT,     /* @name or @"name" (s/n: the name, quotes kept for the latter) */
    TK_HASH,   /* #name or #dialect.name */
    TK_BANG,   /* !name or !dialect.name */
    TK_INT,    /* 123 or 0x1F */
    TK_FLOAT,  /* 1.5, 1.0e-3 */
    TK_STRING, /* "..." (s/n include the quotes) */
    TK_LPAREN,
    TK_RPAREN,
    TK_LBRACKET,
    TK_RBRACKET,
    TK_LBRACE,
    TK_RBRACE,
    TK_LESS,
    TK_GREATER,
    TK_COMMA,
    TK_COLON,
    TK_COLONCOLON,
    TK_EQUAL,
    TK_ARROW,
    TK_QUESTION,
    TK_STAR,
    TK_PLUS,
    TK_MINUS,
} TokKind;

typedef struct Token {
    TokKind kind;
    const char *s; /* the token's text (see TokKind for what is included) */
    uint32_t n;
    int64_t resno; /* TK_VALUE: N of `%x#N`, else -1 */
    size_t pos;    /* byte offset of the token's first character */
    Loc loc;
    const char *msg; /* TK_ERROR */
} Token;

typedef struct Lexer {
    const char *text;
    size_t len, pos;
    uint32_t file, line, col;
} Lexer;

void fe_lex_init(Lexer *l, const char *text, size_t len, uint32_t file);
void fe_lex_next(Lexer *l, Token *t);
void fe_lex_seek(Lexer *l, size_t pos); /* forward only: keeps line/col right */
bool fe_lex_is_bare_start(int c);
bool fe_lex_is_bare_char(int c);

/* ------------------------------------------------------------- parse.c */

/* One visible SSA name (see parse.c: a chained hash table with an undo log). */
typedef struct ValueEntry {
    const char *name;
    uint32_t len;
    ValueId first; /* `%r:3` binds r#0..r#2 to first..first+2 */
    uint32_t count;
    uint32_t next; /* index+1 of the next entry in the bucket */
} ValueEntry;

typedef struct Alias {
    const char *name;
    const Attr *attr; /* attribute alias */
    TypeId type;      /* type alias */
} Alias;

typedef ARRAY(TypeId) TypeIdList;

typedef struct Parser {
    Module *m;
    Diag *d;
    Lexer lex;
    Token tok;
    uint32_t depth;      /* nesting of regions/attributes/types/expressions */
    uint32_t func_kind;  /* OpKind of the innermost function-like op, or 0 */
    ValueEntry *entries; /* visible SSA names, in definition order */
    uint32_t nentries, capentries;
    uint32_t *buckets; /* index+1 into entries */
    uint32_t nbuckets;
    uint32_t floor; /* entries below this index are hidden (isolated regions) */
    ARRAY(Alias) attr_aliases;
    ARRAY(Alias) type_aliases;
    /* parse_type: the source text of the last vector type parsed (through the blanks after
     * it) and its type, so that the same text again (`: vector<64xf32>` on every op of a
     * long function) is skipped instead of parsed and interned again */
    const char *type_text;
    size_t type_len;
    TypeId type_id;
    /* Short-lived arrays of the op being parsed (OpBuild's lists, result names): released
     * when the op is built, so they cost the module nothing (op_new copies them). */
    Arena scratch;
    bool transform_skipped; /* a transform-dialect op was skipped (one remark says so) */
    const char *sreg;       /* nvvm.read.ptx.sreg.<name>: the name of the op being parsed */
    /* block labels of the regions being parsed (^name -> index in its region); those of
       the innermost region from label_floor on; cf.br / cf.cond_br name successors by
       label (attribute successor_names), resolved to indices when the region ends */
    struct BlockLabel {
        const char *s;
        uint32_t n, index;
    } * labels;
    uint32_t nlabels, caplabels, label_floor;
    bool in_mask; /* parsing vector.mask's region: its op's results need no names */
} Parser;

enum { PARSE_MAX_DEPTH = 200 };

/* A custom-form op under construction.  Custom parsers fill it; parse.c
 * creates the op, attaches regions and binds the result names. */
typedef struct OpBuild {
    OpKind kind;
    Loc loc;
    ARRAY(ValueId) args;
    ARRAY(TypeId) types; /* result types */
    ARRAY(NamedAttr) attrs;
    ARRAY(RegionId) regions;
    uint32_t nresults_named; /* how many results the source binds (`%a, %b:2 =`) */
} OpBuild;

/* Entry block arguments to define when parsing a region body. */
typedef struct EntryArg {
    const char *name; /* without '%', may be NULL */
    uint32_t len;
    TypeId type;
    Loc loc;
} EntryArg;

void next(Parser *p);
bool at(const Parser *p, TokKind k);
bool at_bare(const Parser *p, const char *word);
bool accept(Parser *p, TokKind k);
bool accept_bare(Parser *p, const char *word);
bool expect(Parser *p, TokKind k, const char *what);
bool expect_bare(Parser *p, const char *word);
bool error_at(Parser *p, Loc loc, const char *fmt, ...) PRINTF_LIKE(3, 4); /* returns false */
bool error_here(Parser *p, const char *fmt, ...) PRINTF_LIKE(2, 3);        /* returns false */
bool enter(Parser *p); /* depth guard: false after "nesting too deep" */
void leave(Parser *p);
const char *tok_str(Parser *p); /* the current token's text, NUL-terminated, in the arena */
bool tok_is(const Token *t, const char *word);

/* SSA operands */
bool parse_operand(Parser *p, ValueId *v);
bool parse_operand_typed(Parser *p, ValueId *v, TypeId want); /* checks the type */
bool parse_operand_list(Parser *p, OpBuild *b);               /* %a, %b, ... (maybe empty) */
bool parse_operand_list_in(Parser *p, TokKind open, TokKind close, OpBuild *b, uint32_t *count);
bool check_type(Parser *p, ValueId v, TypeId want, Loc loc);

/* regions, attribute dictionaries, optional attr-dict */
bool parse_region(Parser *p, RegionId *out, const EntryArg *args, uint32_t nargs,
                  bool implicit_yield);
bool parse_isolated_region(Parser *p, RegionId *out, const EntryArg *args, uint32_t nargs);
bool parse_attr_dict_into(Parser *p, OpBuild *b); /* `{a = 1, b}`; current token is `{` */
bool parse_opt_attr_dict(Parser *p, OpBuild *b);  /* [attr-dict] */
void build_set_attr(Parser *p, OpBuild *b, const char *name, const Attr *a);
const Attr *build_attr(const OpBuild *b, const char *name);
void build_push_arg(Parser *p, OpBuild *b, ValueId v);
void build_push_type(Parser *p, OpBuild *b, TypeId t);
void build_set_segments(Parser *p, OpBuild *b, const int64_t *sizes, uint32_t n);

/* custom forms (one function per dialect file) */
typedef bool CustomParseFn(Parser *p, OpBuild *b);
CustomParseFn *custom_parser_func(OpKind k);     /* parse_func.c */
CustomParseFn *custom_parser_ops(OpKind k);      /* parse_ops.c */
CustomParseFn *custom_parser_vector(OpKind k);   /* parse_vector.c */
CustomParseFn *custom_parser_nvgpu(OpKind k);    /* parse_nvgpu.c */
CustomParseFn *custom_parser_host(OpKind k);     /* parse_host.c */
CustomParseFn *custom_parser_upstream(OpKind k); /* parse_upstream.c */
CustomParseFn *custom_parser_linalg(OpKind k);   /* parse_linalg.c */
bool frontend_desugar(Module *m, Diag *d);       /* desugar.c: vector.mask */
void normalize_linalg(Module *m, OpId o);        /* parse_linalg.c: from normalize_op */
/* `^name` into a successor_names list (parse_upstream.c and the generic form) */
bool parse_successor(Parser *p, const Attr **name);
/* parse_upstream.c: `!llvm.struct<(T, U)>` (the shuffle's), and llvm.extractvalue of it,
   which names a result of the shuffle instead of building an op */
bool parse_llvm_struct2(Parser *p, TypeId field[2]);
/* nvvm.shfl.sync's generic `: (types) -> R`, R perhaps its struct (parse_upstream.c) */
bool parse_shfl_generic_type(Parser *p, OpBuild *b, Loc args_loc);
bool parse_llvm_extractvalue(Parser *p, ValueId *field);
/* parse_ops.c: open ((int | %v) (`,` ...)*)? close; values become index operands of b
 * and DIM_DYNAMIC entries of *stat (n entries, ndyn of them values) */
bool parse_mixed_list(Parser *p, OpBuild *b, TokKind open, TokKind close, int64_t **stat,
                      uint32_t *n, uint32_t *ndyn);

/* ------------------------------------------------------- parse_type.c */

bool parse_type(Parser *p, TypeId *out);
bool parse_type_list_parens(Parser *p, TypeIdList *out); /* `(T, U)` */
bool is_type_start(const Parser *p);
/* Shared by vector/memref: `4x?x8x` before the element type. */
bool parse_dims(Parser *p, int64_t *shape, uint32_t *rank, uint32_t cap, bool allow_dynamic);

/* ------------------------------------------------------- parse_attr.c */

const Attr *parse_attr(Parser *p);                        /* NULL after an error */
const Attr *parse_attr_typed_int(Parser *p, TypeId type); /* INT literal of a given type */
bool parse_int64(Parser *p, int64_t *v);                  /* [-]INT, range checked */
bool parse_int_list(Parser *p, TokKind open, TokKind close, int64_t **v, uint32_t *n);
const Attr *parse_affine_map_body(Parser *p); /* after `affine_map<` up to `>` */
const Attr *parse_dense_array(Parser *p);     /* after `array` */
const Attr *parse_dict_attr(Parser *p);       /* at `{` */
const Attr *parse_enum_body(Parser *p, const char *dialect, const char *name); /* `<v>` */
bool decode_string(Parser *p, const Token *t, char **out, uint32_t *len);
const Attr *attr_i64_dense(Module *m, const int64_t *v, uint32_t n); /* array<i64: ...> */
const Attr *parse_dense_body(Parser *p, TypeId shaped);              /* after `dense`: `<...>` */
int memspace_lookup(const char *name);                               /* "workgroup" -> 3, or -1 */

/* ------------------------------------------------------- parse_iree.c */

const Attr *parse_hash_attr(Parser *p); /* at a `#` token */

#endif
