/* Internal to the C lowering (c_lower.h): the lowering's state and the
 * helpers its parts share. c_lower_build.c: positions, failures, types
 * and the CFA under construction; c_lower_tokens.c: operator kinds from
 * tokens, macro expansions; c_lower_vars.c: variables, accesses,
 * aggregates and initial values; c_lower_expr.c: expressions and calls;
 * c_lower.c: statements and the program. Shared names start with cl_. */
#ifndef ZETA_LANG_C_LOWER_INT_H
#define ZETA_LANG_C_LOWER_INT_H
#include "lang/c/c_lower.h"
#include "lang/c/c_libclang.h"
#include <stdarg.h>
#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "zeta/zeta.h"

#define MAX_LOCS 400000u
#define MAX_BOUNDED_DEPTH 1100   /* call depth of bounded recursion (the lowering recurses in C too) */

#define MAX_DIMS 8
#define MAX_COPY 4096   /* elements copied one by one in a struct copy */

/* A C variable: a scalar, or an array (any number of dimensions) of
 * scalars as one SMT array over the row-major flattened index. A struct
 * (or an array of structs, nested structs) is a header binding followed
 * by one leaf per scalar field path (".a.b"), each an array over all the
 * dimensions on its way (those of the variable first). */
typedef struct {
  CXCursor decl;     /* canonical declaration */
  uint32_t inst;     /* function instance (0: globals and statics) */
  term_t var;
  c_int ty;          /* the scalar (element) type */
  uint32_t ndims;    /* 0: a scalar */
  uint64_t dims[MAX_DIMS];
  bool is_agg;       /* a struct header: its leaves follow */
  char *path;        /* a leaf: its field path; NULL otherwise */
} binding;

typedef struct { uint32_t bind; term_t init; } global_init;

typedef struct {
  CXCursor fn;       /* the definition */
  uint32_t inst;
  uint32_t ret_loc;
  term_t ret_var;
  c_int ret_ty;
  bool ret_void;
  int32_t ret_bind;   /* a struct result: its binding (else -1) */
  char *name;
  struct { char *name; uint32_t loc; } *labels;
  uint32_t nlabels;
} frame;

typedef struct { CXCursor c; uint32_t loc; } case_entry;
typedef struct { case_entry *cases; uint32_t n; uint32_t dflt; } switch_ctx;

typedef struct {
  c_program *p;
  CXTranslationUnit tu;
  bool math;
  cfa *c;
  uint32_t cur, err;
  binding *binds;
  uint32_t nbinds, cap_binds;
  global_init *ginits;
  uint32_t nginits;
  frame *frames;
  uint32_t nframes;
  uint32_t ninst, ntmp;
  uint32_t brk[256], cont[256], nloop;   /* break / continue targets */
  uint32_t loop_floor, sw_floor;  /* an inlined callee's loops and switches start here: its break/case never see the caller's */
  switch_ctx *sw[64];
  uint32_t nsw;
  uint32_t *pending;   /* sites whose waypoint waits for the next statement */
  uint32_t npending;
  bool failed;
  CXCursor in_init;    /* lowering a global's initializer: no statements */
  bool const_ctx;
  bool discard;        /* the value of the expression being lowered is not used (x++; as a statement) */
  /* recursive programs: functions as procedures (c_program.funcs) */
  bool procmode;
  uint32_t curproc;    /* the function being lowered: owner of new variables and locations */
  struct proc_def { CXCursor def; uint32_t inst; c_int *pty; c_int ret_ty; bool ret_void; } *pdefs;
  /* macro expansions (file offsets): the call [start, end], its name up
   * to args */
  struct macro_exp { CXFile file; unsigned start, end, args; bool function_like; } *macros;
  uint32_t nmacros;
  uint32_t max_rec;    /* bounded recursion (c_lower_bounded): calls of a function active this often are cut */
  bool cut_errors;     /* ... and lead to the error location too (C_EDGE_CUT) */
  int32_t call_bind;   /* the struct result of the call just lowered (else -1) */
} lower;

typedef struct { term_t t; c_int ty; bool is_void; } cval;

static inline cval cl_val(term_t t, c_int ty) { return (cval){t, ty, false}; }

typedef struct { CXCursor *v; uint32_t n, cap; } cursors;

extern const c_edge_info cl_plain;   /* an edge without a branch or site */

extern const cval cl_void_val;

typedef struct {
  binding *b;          /* the variable (header or plain) */
  char path[256];
  term_t idx[MAX_DIMS];   /* int-sorted, bounds checked */
  uint32_t nidx;
} access;

typedef struct { binding *b; term_t index; } lval;

/* The value of every leaf below an aggregate access, in leaf order: one
 * term per element of its block, or the whole array when the access has
 * no index and the leaf is an array (n[i] = 0). */
typedef struct { term_t *vals; uint64_t *n; uint32_t nleaves; } agg_val;

/* c_lower_build.c */
void cl_add_info(c_program *p, c_edge_info info);
void cl_check_ub(lower *L, term_t ub, CXCursor at, const char *what);
cursors cl_children(CXCursor c);
enum CXChildVisitResult cl_collect(CXCursor c, CXCursor parent, CXClientData data);
uint32_t cl_edge_to(lower *L, uint32_t src, uint32_t dst, const cfa_stmt *s, c_edge_info info);
void cl_emit(lower *L, cfa_stmt s, c_edge_info info);
void cl_emit_assign(lower *L, term_t var, term_t val);
void cl_emit_assume(lower *L, term_t cond, c_edge_info info);
void cl_fail(lower *L, CXCursor at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void cl_frame_free(frame *f);
void cl_frame_scope(const frame *f, char *buf, size_t n);
uint32_t cl_here(lower *L);
bool cl_int_type(CXType t, c_int *out);
void cl_jump(lower *L, uint32_t dst);
const char *cl_kind_name(CXCursor c, char *buf, size_t n);
uint32_t cl_new_loc(lower *L);
term_t cl_new_var(lower *L, const char *name, type_t sort, const char *cname, c_int ty);
void cl_pos_of(CXCursor e, uint32_t *line, uint32_t *col);
char *cl_spelling(CXCursor c);
term_t cl_tmp_var(lower *L, c_int ty);
bool cl_too_big(lower *L, CXCursor at);
const char *cl_type_feature(CXType t);
const char *cl_type_word(CXType t, char *buf, size_t n);

/* c_lower_tokens.c */
bool cl_binary_token(lower *L, CXCursor e, CXCursor lhs, char *out, size_t n);
void cl_file_tokens(lower *L, CXCursor c, CXToken **toks, unsigned *nt);
void cl_find_macros(lower *L);
unsigned cl_offset_of(CXSourceLocation loc);
bool cl_token_at(lower *L, CXCursor e, unsigned from, bool first, char *out, size_t n);
bool cl_unary_token(lower *L, CXCursor e, CXCursor arg, char *out, size_t n, bool *postfix);

/* c_lower_vars.c */
binding *cl_add_binding(lower *L, CXCursor decl, uint32_t inst, const char *prefix, CXCursor at);
binding *cl_add_binding_typed(lower *L, CXCursor decl, CXType t, uint32_t inst, const char *prefix, CXCursor at);
void cl_agg_free(agg_val *v);
void cl_copy_struct(lower *L, CXCursor dst, uint32_t bi, CXCursor src, CXCursor at);
binding *cl_find_binding(lower *L, CXCursor decl, uint32_t inst);
binding *cl_global(lower *L, CXCursor decl, CXCursor at);
term_t *cl_initial_values(lower *L, uint32_t bi, CXCursor decl, bool is_static, CXCursor *copy);
CXCursor cl_initializer(CXCursor decl);
bool cl_is_static_storage(CXCursor decl);
bool cl_is_struct_type(CXType t);
uint32_t cl_leaves_of(lower *L, const binding *b, binding **first);
lval cl_lower_lval(lower *L, CXCursor e);
bool cl_read_agg(lower *L, const access *a, agg_val *out, CXCursor at);
bool cl_resolve(lower *L, CXCursor e, access *a);
binding *cl_var_of(lower *L, CXCursor ref, CXCursor at);
void cl_write_agg(lower *L, const access *a, const agg_val *v, CXCursor at);

/* c_lower_expr.c */
void cl_branch_cond(lower *L, CXCursor e, uint32_t yes, uint32_t no, CXCursor stmt);
cval cl_constant(lower *L, CXCursor e);
bool cl_evaluate(CXCursor e, long long *v, bool *is_unsigned);
bool cl_has_side_effects(CXCursor e);
uint32_t cl_label_loc(lower *L, const char *name);
void cl_lower_effect(lower *L, CXCursor e);
cval cl_lower_expr(lower *L, CXCursor e);
cval cl_stable(lower *L, cval v);
CXCursor cl_strip(CXCursor e);

/* c_lower.c */
void cl_lower_stmt(lower *L, CXCursor s);

#endif
