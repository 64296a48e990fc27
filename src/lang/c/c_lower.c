/* C to CFA (c_lower.h): a recursive walk over libclang's cursors from
 * main. libclang 14 hides operator kinds and implicit conversions: the
 * operator is the token after the first operand (c_token_op), and an
 * implicit conversion is an unexposed node whose type is the target type;
 * compound assignments convert as C11 6.5.16.2 says (c_sem.h). Only code
 * reached from main is looked at, so unused functions outside the fragment
 * do not matter. */
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

/* The prefix of the frame's variables' CFA names: "main::", "f#3::". */
static void frame_scope(const frame *f, char *buf, size_t n) {
  if (f->inst == 1) snprintf(buf, n, "%s::", f->name);
  else snprintf(buf, n, "%s#%u::", f->name, f->inst);
}

static void frame_free(frame *f) {
  for (uint32_t i = 0; i < f->nlabels; i++) free(f->labels[i].name);
  free(f->labels), free(f->name);
}

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
  int32_t call_bind;   /* the struct result of the call just lowered (else -1) */
} lower;

typedef struct { term_t t; c_int ty; bool is_void; } cval;

/* ---- positions and failures ---- */

static void pos_of(CXCursor e, uint32_t *line, uint32_t *col) {
  unsigned l = 0, c = 0;
  clang_getSpellingLocation(clang_getCursorLocation(e), NULL, &l, &c, NULL);
  *line = l, *col = c;
}

static void fail(lower *L, CXCursor at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(lower *L, CXCursor at, const char *fmt, ...) {
  if (L->failed) return;
  L->failed = true;
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  if (strcmp(what, "recursion") == 0) {
    L->p->unknown = xstrdup(what);
    return;
  }
  uint32_t line, col;
  pos_of(at, &line, &col);
  const char *base = strrchr(L->p->path, '/');
  char buf[512];
  snprintf(buf, sizeof buf, "unsupported: %s at %s:%u", what, base ? base + 1 : L->p->path, line);
  L->p->unknown = xstrdup(buf);
}

static char *spelling(CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

static const char *kind_name(CXCursor c, char *buf, size_t n) {
  CXString s = clang_getCursorKindSpelling(clang_getCursorKind(c));
  snprintf(buf, n, "%s", clang_getCString(s));
  clang_disposeString(s);
  return buf;
}

/* ---- children ---- */

typedef struct { CXCursor *v; uint32_t n, cap; } cursors;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  cursors *cs = data;
  if (cs->n == cs->cap) cs->v = xrealloc(cs->v, (cs->cap = cs->cap ? 2 * cs->cap : 8) * sizeof *cs->v);
  cs->v[cs->n++] = c;
  return CXChildVisit_Continue;
}

static cursors children(CXCursor c) {
  cursors cs = {0};
  clang_visitChildren(c, collect, &cs);
  return cs;
}

/* ---- tokens: operator kinds ---- */

static unsigned offset_of(CXSourceLocation loc) {
  unsigned off = 0;
  clang_getSpellingLocation(loc, NULL, NULL, NULL, &off);
  return off;
}

/* The tokens of c's extent, through file offsets: clang_tokenize reads the
 * spelling locations of a range, which for an end inside a macro
 * expansion lie in the macro's definition (no tokens at all). */
static void file_tokens(lower *L, CXCursor c, CXToken **toks, unsigned *nt) {
  CXSourceRange ext = clang_getCursorExtent(c);
  CXFile f;
  unsigned a, b;
  clang_getSpellingLocation(clang_getRangeStart(ext), &f, NULL, NULL, &a);
  clang_getSpellingLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &b);
  if (f && b >= a)
    ext = clang_getRange(clang_getLocationForOffset(L->tu, f, a), clang_getLocationForOffset(L->tu, f, b));
  clang_tokenize(L->tu, ext, toks, nt);
}

/* Where c's last token ends (a macro constant's extent ends where it starts). */
static unsigned end_of(lower *L, CXCursor c) {
  unsigned end = offset_of(clang_getRangeEnd(clang_getCursorExtent(c)));
  CXToken *toks = NULL;
  unsigned nt = 0;
  file_tokens(L, c, &toks, &nt);
  for (unsigned i = 0; i < nt; i++) {
    unsigned e = offset_of(clang_getRangeEnd(clang_getTokenExtent(L->tu, toks[i])));
    if (e > end) end = e;
  }
  clang_disposeTokens(L->tu, toks, nt);
  return end;
}

/* The spelling of the first token of e at or after offset `from` (the end
 * of the first operand), or the first token when from is 0. */
static bool token_at(lower *L, CXCursor e, unsigned from, bool first, char *out, size_t n) {
  CXToken *toks = NULL;
  unsigned nt = 0;
  file_tokens(L, e, &toks, &nt);
  bool found = false;
  for (unsigned i = 0; i < nt && !found; i++) {
    CXSourceRange r = clang_getTokenExtent(L->tu, toks[i]);
    if (!first && offset_of(clang_getRangeStart(r)) < from) continue;
    if (clang_getTokenKind(toks[i]) != CXToken_Punctuation && clang_getTokenKind(toks[i]) != CXToken_Keyword) break;
    CXString s = clang_getTokenSpelling(L->tu, toks[i]);
    snprintf(out, n, "%s", clang_getCString(s));
    clang_disposeString(s);
    found = true;
  }
  clang_disposeTokens(L->tu, toks, nt);
  return found;
}

/* Inside a macro expansion libclang 14 maps every token to the file: a
 * token of the macro's body gets a position in the call's name or at its
 * end (or in the name of an enclosing call), and clang_tokenize sees the
 * call's tokens, not the body's. An argument's tokens keep their own
 * positions, strictly between the call's parentheses. So the file's
 * token after an operand is the operator only when the operand ends at no
 * such position: not in an expansion's name, not at its end, not in an
 * object-like macro (whose whole call is its name), and the token is not
 * ',' (which after the end of an argument separates arguments).
 * Operators with a void operand need no token: only ',' takes a void left
 * operand and only __extension__ a void one (glibc's assert()). Any other
 * operator written in a macro's body is "not recognized". */
typedef enum { AT_PLAIN, AT_ARGUMENT, AT_BODY } macro_pos;

static macro_pos macro_at(lower *L, CXCursor c, bool at_end) {
  CXSourceRange r = clang_getCursorExtent(c);
  CXFile f;
  unsigned off;
  clang_getSpellingLocation(at_end ? clang_getRangeEnd(r) : clang_getRangeStart(r), &f, NULL, NULL, &off);
  if (!L->nmacros) return AT_PLAIN;
  macro_pos m = AT_PLAIN;
  for (uint32_t i = 0; i < L->nmacros; i++) {
    const struct macro_exp *x = &L->macros[i];
    if (off < x->start || off > x->end || !clang_File_isEqual(f, x->file)) continue;
    if (!x->function_like || off <= x->args || off == x->end) return AT_BODY;
    m = AT_ARGUMENT;
  }
  return m;
}

/* A binary operator's token: the first after its left operand. */
static bool binary_token(lower *L, CXCursor e, CXCursor lhs, char *out, size_t n) {
  if (clang_getCursorType(lhs).kind == CXType_Void) {
    snprintf(out, n, ",");
    return true;
  }
  macro_pos m = macro_at(L, lhs, true);
  if (m == AT_BODY) return false;
  bool ok = token_at(L, e, end_of(L, lhs), false, out, n);
  return ok && !(m == AT_ARGUMENT && strcmp(out, ",") == 0);
}

/* A unary operator's token and whether it is postfix. */
static bool unary_token(lower *L, CXCursor e, CXCursor arg, char *out, size_t n, bool *postfix) {
  if (clang_getCursorType(arg).kind == CXType_Void) {
    snprintf(out, n, "__extension__");
    *postfix = false;
    return true;
  }
  unsigned start = offset_of(clang_getRangeStart(clang_getCursorExtent(e)));
  unsigned astart = offset_of(clang_getRangeStart(clang_getCursorExtent(arg)));
  *postfix = astart <= start;
  if (*postfix) return binary_token(L, e, arg, out, n);
  if (macro_at(L, e, false) == AT_BODY) return false;   /* the first token may be a body's */
  return token_at(L, e, 0, true, out, n);
}

/* ---- types ---- */

static bool int_type(CXType t, c_int *out) {
  t = clang_getCanonicalType(t);
  long long bits = clang_Type_getSizeOf(t) * 8;
  switch (t.kind) {
  case CXType_Bool: *out = c_int_bool; return true;
  case CXType_Char_U: case CXType_UChar: *out = c_int_make(C_RANK_CHAR, 8, false); return true;
  case CXType_Char_S: case CXType_SChar: *out = c_int_make(C_RANK_CHAR, 8, true); return true;
  case CXType_UShort: *out = c_int_make(C_RANK_SHORT, (uint32_t)bits, false); return true;
  case CXType_Short: *out = c_int_make(C_RANK_SHORT, (uint32_t)bits, true); return true;
  case CXType_UInt: *out = c_int_make(C_RANK_INT, (uint32_t)bits, false); return true;
  case CXType_Int: *out = c_int_make(C_RANK_INT, (uint32_t)bits, true); return true;
  case CXType_ULong: *out = c_int_make(C_RANK_LONG, (uint32_t)bits, false); return true;
  case CXType_Long: *out = c_int_make(C_RANK_LONG, (uint32_t)bits, true); return true;
  case CXType_ULongLong: *out = c_int_make(C_RANK_LLONG, (uint32_t)bits, false); return true;
  case CXType_LongLong: *out = c_int_make(C_RANK_LLONG, (uint32_t)bits, true); return true;
  case CXType_UInt128: *out = c_int_make(C_RANK_128, 128, false); return true;
  case CXType_Int128: *out = c_int_make(C_RANK_128, 128, true); return true;
  case CXType_Enum: return int_type(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t)), out);
  default: return false;
  }
}

/* The fragment's name for what a non-integer type needs. */
static const char *type_feature(CXType t) {
  t = clang_getCanonicalType(t);
  switch (t.kind) {
  case CXType_Pointer: return "pointers";
  case CXType_Record: return "structs";
  case CXType_Float: case CXType_Double: case CXType_LongDouble: case CXType_Float128: case CXType_Half: return "floating-point values";
  case CXType_ConstantArray: return "arrays of non-scalars";
  case CXType_IncompleteArray: case CXType_VariableArray: case CXType_DependentSizedArray: return "arrays without a constant size";
  default: return "type";
  }
}

static const char *type_word(CXType t, char *buf, size_t n) {
  CXString s = clang_getTypeSpelling(t);
  snprintf(buf, n, "%s", clang_getCString(s));
  clang_disposeString(s);
  return buf;
}

/* ---- building the CFA ---- */

static uint32_t new_loc(lower *L) {
  char name[32];
  snprintf(name, sizeof name, "l%u", L->c->nlocs);
  uint32_t l = cfa_add_loc(L->c, name);
  L->p->loc_owner = xrealloc(L->p->loc_owner, (l + 1) * sizeof *L->p->loc_owner);
  L->p->loc_owner[l] = L->curproc;
  return l;
}

static uint32_t here(lower *L) {
  if (L->cur == CFA_NONE) L->cur = new_loc(L);   /* unreachable code: a location without entry */
  return L->cur;
}

/* The edge's c_edge_info (einfo is indexed like the cfa's edges). */
static void add_info(c_program *p, c_edge_info info) {
  if (p->ninfo == p->cap_info) p->einfo = xrealloc(p->einfo, (p->cap_info = p->cap_info ? 2 * p->cap_info : 256) * sizeof *p->einfo);
  p->einfo[p->ninfo++] = info;
}

static uint32_t edge_to(lower *L, uint32_t src, uint32_t dst, const cfa_stmt *s, c_edge_info info) {
  uint32_t e = cfa_add_edge(L->c, src, dst, s, s ? 1 : 0);
  add_info(L->p, info);
  return e;
}

static bool too_big(lower *L, CXCursor at) {
  if (L->c->nlocs < MAX_LOCS) return false;
  fail(L, at, "program too large after inlining");
  return true;
}

/* Runs one statement from the current location to a new one. */
static void emit(lower *L, cfa_stmt s, c_edge_info info) {
  if (L->const_ctx) {
    fail(L, L->in_init, "non-constant initializer of a global");
    return;
  }
  uint32_t src = here(L), dst = new_loc(L);
  edge_to(L, src, dst, &s, info);
  L->cur = dst;
}

static const c_edge_info plain = {C_EDGE_PLAIN, 0, 0, 0, NULL};

static void emit_assign(lower *L, term_t var, term_t val) {
  emit(L, (cfa_stmt){.kind = CFA_ASSIGN, .var = var, .expr = val}, plain);
}

static void emit_assume(lower *L, term_t cond, c_edge_info info) {
  if (term_is_true(cond) && info.kind == C_EDGE_PLAIN) return;
  emit(L, (cfa_stmt){.kind = CFA_ASSUME, .expr = cond}, info);
}

static void jump(lower *L, uint32_t dst) {
  if (L->cur != CFA_NONE) edge_to(L, L->cur, dst, NULL, plain);
  L->cur = CFA_NONE;
}

static bool name_taken(lower *L, const char *name) {
  for (uint32_t i = 0; i < L->c->vars.size; i++)
    if (strcmp(term_var_name(L->c->vars.data[i]), name) == 0) return true;
  return false;
}

/* A new CFA variable; cname: the C name (NULL for temporaries). */
static term_t new_var(lower *L, const char *name, type_t sort, const char *cname, c_int ty) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", name);
  for (uint32_t k = 2; name_taken(L, buf); k++) snprintf(buf, sizeof buf, "%s!%u", name, k);
  term_t v = term_var(buf, sort);
  uint32_t i = cfa_add_var(L->c, v);
  L->p->cnames = xrealloc(L->p->cnames, (i + 1) * sizeof *L->p->cnames);
  L->p->cnames[i] = cname ? xstrdup(cname) : NULL;
  L->p->vtypes = xrealloc(L->p->vtypes, (i + 1) * sizeof *L->p->vtypes);
  L->p->vtypes[i] = ty;
  L->p->var_owner = xrealloc(L->p->var_owner, (i + 1) * sizeof *L->p->var_owner);
  L->p->var_owner[i] = L->curproc;
  return v;
}

static term_t tmp_var(lower *L, c_int ty) {
  char name[32];
  snprintf(name, sizeof name, "tmp!%u", L->ntmp++);
  return new_var(L, name, c_sem_sort(ty, L->math), NULL, ty);
}

/* Undefined behaviour when ub holds: an edge to the error location marked
 * as such, and the execution goes on where it does not. */
static void check_ub(lower *L, term_t ub, CXCursor at, const char *what) {
  if (term_is_false(ub)) return;
  if (L->const_ctx) {
    fail(L, at, "%s in a global initializer", what);
    return;
  }
  uint32_t line, col;
  pos_of(at, &line, &col);
  cfa_stmt s = {.kind = CFA_ASSUME, .expr = ub};
  edge_to(L, here(L), L->err, &s, (c_edge_info){C_EDGE_UB, line, col, 0, what});
  emit_assume(L, term_not(ub), plain);
}

/* ---- variables ---- */

static cval val(term_t t, c_int ty) { return (cval){t, ty, false}; }
static const cval void_val = {NULL_TERM, {32, true, C_RANK_INT}, true};

/* The variable's binding (a header or a plain variable, not a leaf). */
static binding *find_binding(lower *L, CXCursor decl, uint32_t inst) {
  CXCursor canon = clang_getCanonicalCursor(decl);
  for (uint32_t i = L->nbinds; i-- > 0;)
    if (L->binds[i].inst == inst && !L->binds[i].path && clang_equalCursors(L->binds[i].decl, canon))
      return &L->binds[i];
  return NULL;
}

/* The leaves of b: itself, or the bindings after its header. */
static uint32_t leaves_of(lower *L, const binding *b, binding **first) {
  uint32_t bi = (uint32_t)(b - L->binds);
  if (!b->is_agg) {
    *first = &L->binds[bi];
    return 1;
  }
  uint32_t n = 0;
  while (bi + 1 + n < L->nbinds && L->binds[bi + 1 + n].path && L->binds[bi + 1 + n].inst == b->inst &&
         clang_equalCursors(L->binds[bi + 1 + n].decl, b->decl))
    n++;
  *first = &L->binds[bi + 1];
  return n;
}

static bool is_static_storage(CXCursor decl) {
  return clang_getCursorKind(clang_getCursorSemanticParent(decl)) == CXCursor_TranslationUnit ||
         clang_Cursor_getStorageClass(decl) == CX_SC_Static;
}

static bool is_struct_type(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Record && clang_getCursorKind(clang_getTypeDeclaration(t)) == CXCursor_StructDecl;
}

static uint64_t elements(const binding *b, uint32_t from) {
  uint64_t n = 1;
  for (uint32_t k = from; k < b->ndims; k++) n *= b->dims[k];
  return n;
}

static type_t array_sort(lower *L, c_int elem) {
  return type_array(c_sem_sort(c_int_int, L->math), c_sem_sort(elem, L->math));
}

static void push_binding(lower *L, binding b) {
  if (L->nbinds == L->cap_binds) L->binds = xrealloc(L->binds, (L->cap_binds = L->cap_binds ? 2 * L->cap_binds : 64) * sizeof *L->binds);
  L->binds[L->nbinds++] = b;
}

/* The leaves of a value of type t at path with the dimensions so far:
 * scalars, arrays of them, struct fields in order. */
typedef struct { lower *L; binding proto; const char *prefix, *vname; CXCursor at; char path[256]; } leaf_ctx;

static void add_leaves(leaf_ctx *x, CXType t);

static enum CXVisitorResult leaf_field(CXCursor f, CXClientData data) {
  leaf_ctx *x = data;
  size_t len = strlen(x->path);
  char *fname = spelling(f);
  if (!*fname) {
    fail(x->L, x->at, "anonymous struct fields");
  } else {
    snprintf(x->path + len, sizeof x->path - len, ".%s", fname);
    add_leaves(x, clang_getCursorType(f));
  }
  free(fname);
  x->path[len] = 0;
  return x->L->failed ? CXVisit_Break : CXVisit_Continue;
}

static void add_leaves(leaf_ctx *x, CXType t) {
  lower *L = x->L;
  CXType ct = clang_getCanonicalType(t);
  if (is_struct_type(ct)) {
    clang_Type_visitFields(ct, leaf_field, x);
    return;
  }
  if (ct.kind == CXType_ConstantArray) {
    long long n = clang_getArraySize(ct);
    if (n <= 0 || x->proto.ndims == MAX_DIMS) {
      fail(L, x->at, "array of %lld elements or more than %d dimensions", n, MAX_DIMS);
      return;
    }
    x->proto.dims[x->proto.ndims++] = (uint64_t)n;
    add_leaves(x, clang_getArrayElementType(ct));
    x->proto.ndims--;
    return;
  }
  binding b = x->proto;
  if (!int_type(t, &b.ty)) {
    char tw[128];
    fail(L, x->at, "%s (variable '%s%s' of type %s)", type_feature(t), x->vname, x->path, type_word(t, tw, sizeof tw));
    return;
  }
  uint64_t total = elements(&b, 0);
  if (total > ((uint64_t)1 << 30)) {
    fail(L, x->at, "array of %llu elements", (unsigned long long)total);
    return;
  }
  char name[600], cname[400];
  snprintf(name, sizeof name, "%s%s%s", x->prefix, x->vname, x->path);
  snprintf(cname, sizeof cname, "%s%s", x->vname, x->path);
  b.var = new_var(L, name, b.ndims ? array_sort(L, b.ty) : c_sem_sort(b.ty, L->math), b.ndims ? NULL : cname, b.ty);
  if (x->proto.is_agg) b.is_agg = false, b.path = xstrdup(x->path);
  push_binding(L, b);
}

static binding *add_binding_typed(lower *L, CXCursor decl, CXType t, uint32_t inst, const char *prefix, CXCursor at) {
  CXType ct = clang_getCanonicalType(t);
  while (ct.kind == CXType_ConstantArray) ct = clang_getCanonicalType(clang_getArrayElementType(ct));
  leaf_ctx x = {L, {clang_getCanonicalCursor(decl), inst, NULL_TERM, {0}, 0, {0}, is_struct_type(ct), NULL}, prefix,
                NULL, at, ""};
  char *vname = spelling(decl);
  x.vname = vname;
  uint32_t marker = L->nbinds;
  if (x.proto.is_agg) push_binding(L, x.proto);   /* the header */
  add_leaves(&x, t);
  free(vname);
  if (x.proto.is_agg) L->binds[marker].is_agg = true;
  return L->failed ? NULL : &L->binds[marker];
}

static binding *add_binding(lower *L, CXCursor decl, uint32_t inst, const char *prefix, CXCursor at) {
  return add_binding_typed(L, decl, clang_getCursorType(decl), inst, prefix, at);
}

/* ---- accesses: a variable, field path and indices ---- */

typedef struct {
  binding *b;          /* the variable (header or plain) */
  char path[256];
  term_t idx[MAX_DIMS];   /* int-sorted, bounds checked */
  uint32_t nidx;
} access;

static cval lower_expr(lower *L, CXCursor e);
static bool has_side_effects(CXCursor e);
static CXCursor strip(CXCursor e);
static binding *var_of(lower *L, CXCursor ref, CXCursor at);
static cval stable(lower *L, cval v);

/* The flattened index arithmetic (no overflow: every index is in bounds
 * and an array has at most 2^30 elements). */
static term_t idx_const(lower *L, uint64_t k) { return c_sem_const_si(c_int_int, (long)k, L->math); }
static term_t idx_add(lower *L, term_t a, term_t b) { return L->math ? term_add2(a, b) : term_bvop2(OP_BVADD, a, b); }
static term_t idx_mul(lower *L, term_t a, uint64_t k) {
  if (k == 1) return a;
  return L->math ? term_mul2(a, idx_const(L, k)) : term_bvop2(OP_BVMUL, a, idx_const(L, k));
}

/* The steps from the variable: .f and [i], innermost (the variable's) first. */
static bool resolve(lower *L, CXCursor e, access *a) {
  memset(a, 0, sizeof *a);
  CXCursor steps[64];
  uint32_t n = 0;
  CXCursor s = strip(e);
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k != CXCursor_MemberRefExpr && k != CXCursor_ArraySubscriptExpr) break;
    if (n == 64) {
      fail(L, e, "access path too long");
      return false;
    }
    steps[n++] = s;
    cursors cs = children(s);
    CXCursor base = cs.n >= 1 ? strip(cs.v[0]) : s;
    free(cs.v);
    if (k == CXCursor_MemberRefExpr && clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer) {
      fail(L, s, "pointers ('->')");
      return false;
    }
    if (k == CXCursor_ArraySubscriptExpr && clang_getCanonicalType(clang_getCursorType(base)).kind != CXType_ConstantArray) {
      fail(L, s, "array access through a pointer");
      return false;
    }
    s = base;
  }
  if (clang_getCursorKind(s) == CXCursor_CallExpr && is_struct_type(clang_getCursorType(s))) {
    /* a function's struct result: the call runs here, its result binding is read */
    L->call_bind = -1;
    lower_expr(L, s);
    if (L->failed) return false;
    if (L->call_bind < 0) {
      fail(L, s, "struct value of this call");
      return false;
    }
    a->b = &L->binds[L->call_bind];
  } else if (clang_getCursorKind(s) != CXCursor_DeclRefExpr) {
    fail(L, s, n ? "member or element of a value that is not a variable" : "assignment to a non-variable");
    return false;
  } else {
    CXCursor ref = clang_getCursorReferenced(s);
    if (clang_getCursorKind(ref) != CXCursor_VarDecl && clang_getCursorKind(ref) != CXCursor_ParmDecl) {
      fail(L, s, "assignment to a non-variable");
      return false;
    }
    a->b = var_of(L, ref, s);
  }
  if (!a->b) return false;
  uint32_t bi = (uint32_t)(a->b - L->binds);
  for (uint32_t q = n; q-- > 0 && !L->failed;) {
    CXCursor st = steps[q];
    cursors cs = children(st);
    if (clang_getCursorKind(st) == CXCursor_MemberRefExpr) {
      char *f = spelling(clang_getCursorReferenced(st));
      size_t len = strlen(a->path);
      snprintf(a->path + len, sizeof a->path - len, ".%s", f);
      free(f);
    } else if (cs.n == 2) {
      CXType at = clang_getCanonicalType(clang_getCursorType(strip(cs.v[0])));
      long long dim = clang_getArraySize(at);
      cval i = lower_expr(L, cs.v[1]);
      if (L->failed || a->nidx == MAX_DIMS) break;
      c_int it = c_promote(i.ty);
      term_t iv = c_sem_convert(i.t, i.ty, it, L->math), ub;
      term_t lo = c_sem_binary(C_LT, iv, c_sem_const_si(it, 0, L->math), it, it, L->math, &ub);
      term_t hi = c_sem_binary(C_GE, iv, c_sem_const_si(it, (long)dim, L->math), it, it, L->math, &ub);
      if (!it.is_signed) lo = term_false();
      if (it.width < 64 && ((uint64_t)dim >> (it.width - (it.is_signed ? 1 : 0))) != 0) hi = term_false();
      check_ub(L, term_or2(lo, hi), st, "array index out of bounds");
      cval ix = val(c_sem_convert(iv, it, c_int_int, L->math), c_int_int);
      /* a later index's side effects must not change this one */
      bool later = false;
      for (uint32_t r = q; r-- > 0 && !later;) {
        cursors cr = children(steps[r]);
        later = clang_getCursorKind(steps[r]) == CXCursor_ArraySubscriptExpr && cr.n == 2 && has_side_effects(cr.v[1]);
        free(cr.v);
      }
      if (later) ix = stable(L, ix);
      a->idx[a->nidx++] = ix.t;
    }
    free(cs.v);
  }
  a->b = &L->binds[bi];
  return !L->failed;
}

/* The leaf at a->path + suffix, and the flat index of the block of its
 * elements that the access's indices select (NULL_TERM: no index). */
static binding *leaf_at(lower *L, const access *a, const char *suffix, term_t *base) {
  binding *first;
  uint32_t n = leaves_of(L, a->b, &first);
  binding *lf = NULL;
  for (uint32_t i = 0; i < n && !lf; i++) {
    const char *p = first[i].path ? first[i].path : "";
    size_t la = strlen(a->path);
    if (strncmp(p, a->path, la) == 0 && strcmp(p + la, suffix) == 0) lf = &first[i];
  }
  if (!lf || a->nidx > lf->ndims) return NULL;
  *base = NULL_TERM;
  for (uint32_t k = 0; k < a->nidx; k++) {
    term_t t = idx_mul(L, a->idx[k], elements(lf, k + 1));
    *base = *base == NULL_TERM ? t : idx_add(L, *base, t);
  }
  if (*base == NULL_TERM && lf->ndims) *base = idx_const(L, 0);
  return lf;
}

typedef struct { binding *b; term_t index; } lval;

/* A scalar lvalue: every field and index given. */
static lval lower_lval(lower *L, CXCursor e) {
  lval lv = {NULL, NULL_TERM};
  access a;
  if (!resolve(L, e, &a)) return lv;
  term_t base;
  binding *lf = leaf_at(L, &a, "", &base);
  if (!lf || a.nidx != lf->ndims) {
    fail(L, e, lf && a.nidx < lf->ndims ? "array used as a pointer" : "whole-struct values");
    return lv;
  }
  lv.b = lf, lv.index = base;
  return lv;
}

/* The value of every leaf below an aggregate access, in leaf order: one
 * term per element of its block, or the whole array when the access has
 * no index and the leaf is an array (n[i] = 0). */
typedef struct { term_t *vals; uint64_t *n; uint32_t nleaves; } agg_val;

static void agg_free(agg_val *v) { free(v->vals), free(v->n); }

/* The leaves of the aggregate a selects: their suffixes after a->path. */
static uint32_t agg_leaves(lower *L, const access *a, binding **first, uint32_t *from) {
  binding *f;
  uint32_t n = leaves_of(L, a->b, &f), lo = 0, hi = 0;
  size_t la = strlen(a->path);
  bool in = false;
  for (uint32_t i = 0; i < n; i++) {
    const char *p = f[i].path ? f[i].path : "";
    bool m = strncmp(p, a->path, la) == 0 && (p[la] == 0 || p[la] == '.');
    if (m && !in) lo = i, in = true;
    if (m) hi = i + 1;
  }
  *first = f, *from = lo;
  return in ? hi - lo : 0;
}

static bool read_agg(lower *L, const access *a, agg_val *out, CXCursor at) {
  binding *f;
  uint32_t lo, n = agg_leaves(L, a, &f, &lo);
  memset(out, 0, sizeof *out);
  out->nleaves = n;
  out->n = xcalloc(n + 1, sizeof *out->n);
  term_vec vals = {0};
  for (uint32_t i = 0; i < n; i++) {
    binding *lf = &f[lo + i];
    term_t base;
    leaf_at(L, a, (lf->path ? lf->path : "") + strlen(a->path), &base);
    if (lf->ndims == 0) {
      term_vec_push(&vals, lf->var);
      out->n[i] = 1;
    } else if (a->nidx == 0) {
      term_vec_push(&vals, lf->var);
      out->n[i] = 0;
    } else {
      uint64_t block = elements(lf, a->nidx);
      if (block > MAX_COPY) {
        fail(L, at, "struct copy of %llu array elements", (unsigned long long)block);
        break;
      }
      for (uint64_t m = 0; m < block; m++) term_vec_push(&vals, term_select(lf->var, idx_add(L, base, idx_const(L, m))));
      out->n[i] = block;
    }
  }
  out->vals = vals.data;
  return !L->failed;
}

/* Writes v (read from an aggregate of the same type) into the leaves a
 * selects. Each leaf's new value is built from its old one alone, so
 * overlapping source and target blocks read the old values. */
static void write_agg(lower *L, const access *a, const agg_val *v, CXCursor at) {
  binding *f;
  uint32_t lo, n = agg_leaves(L, a, &f, &lo);
  uint64_t k = 0;
  for (uint32_t i = 0; i < n && i < v->nleaves && !L->failed; i++) {
    binding *lf = &f[lo + i];
    term_t base;
    leaf_at(L, a, (lf->path ? lf->path : "") + strlen(a->path), &base);
    if (lf->ndims == 0 || (v->n[i] == 0 && a->nidx == 0)) {   /* a scalar, or a whole array */
      emit_assign(L, lf->var, v->vals[k++]);
      continue;
    }
    term_t arr = lf->var, whole = v->n[i] == 0 ? v->vals[k++] : NULL_TERM;
    uint64_t block = elements(lf, a->nidx);
    if (block > MAX_COPY) {
      fail(L, at, "struct copy of %llu array elements", (unsigned long long)block);
      return;
    }
    for (uint64_t m = 0; m < block; m++)
      arr = term_store(arr, idx_add(L, base, idx_const(L, m)),
                       whole != NULL_TERM ? term_select(whole, idx_const(L, m)) : v->vals[k++]);
    emit_assign(L, lf->var, arr);
  }
}

/* dst = src for struct-typed expressions (dst null: the whole variable
 * whose binding is bi): every leaf copied. */
static void copy_struct(lower *L, CXCursor dst, uint32_t bi, CXCursor src, CXCursor at) {
  access ad = {0}, as;
  agg_val v;
  if (!clang_Cursor_isNull(dst) && has_side_effects(dst)) {   /* could change the source's values read below */
    fail(L, at, "struct copy into a target with side effects");
    return;
  }
  if (!resolve(L, src, &as) || !read_agg(L, &as, &v, at)) return;
  ad.b = &L->binds[bi];
  if (clang_Cursor_isNull(dst) || resolve(L, dst, &ad)) write_agg(L, &ad, &v, at);
  agg_free(&v);
}

/* ---- initial values ---- */

static term_t zero_value(lower *L, const binding *b) {
  term_t z = c_sem_const_si(b->ty, 0, L->math);
  return b->ndims ? term_const_array(array_sort(L, b->ty), z) : z;
}

/* A string literal (in parentheses or an implicit conversion). */
static bool is_string_literal(CXCursor e) {
  return clang_getCursorKind(strip(e)) == CXCursor_StringLiteral;
}

/* The initializer of a variable declaration, or a null cursor (an
 * array's other expression children are its sizes; a size is never a
 * string literal). */
static CXCursor initializer(CXCursor decl) {
  cursors cs = children(decl);
  CXCursor init = clang_getNullCursor();
  bool array = clang_getCanonicalType(clang_getCursorType(decl)).kind == CXType_ConstantArray;
  if (cs.n > 0 && clang_isExpression(clang_getCursorKind(cs.v[cs.n - 1])) &&
      (!array || clang_getCursorKind(cs.v[cs.n - 1]) == CXCursor_InitListExpr || is_string_literal(cs.v[cs.n - 1])))
    init = cs.v[cs.n - 1];
  free(cs.v);
  return init;
}

/* The bytes of a string literal's tokens (adjacent literals joined, C's
 * escapes decoded), without the final NUL; false for wide or UTF
 * literals and malformed escapes. */
static bool string_bytes(lower *L, CXCursor lit, char **out, size_t *n) {
  CXToken *toks = NULL;
  unsigned nt = 0;
  file_tokens(L, strip(lit), &toks, &nt);
  size_t cap = 16, len = 0;
  char *b = xmalloc(cap);
  bool ok = nt > 0;
  for (unsigned i = 0; i < nt && ok; i++) {
    CXString sp = clang_getTokenSpelling(L->tu, toks[i]);
    const char *t = clang_getCString(sp);
    size_t tl = strlen(t);
    if (tl < 2 || t[0] != '"' || t[tl - 1] != '"') ok = false;   /* L"", u8"", a macro's other tokens */
    for (size_t k = 1; ok && k + 1 < tl; k++) {
      int c = (unsigned char)t[k];
      if (c == '\\') {
        c = (unsigned char)t[++k];
        switch (c) {
        case 'n': c = '\n'; break;
        case 't': c = '\t'; break;
        case 'r': c = '\r'; break;
        case 'a': c = '\a'; break;
        case 'b': c = '\b'; break;
        case 'f': c = '\f'; break;
        case 'v': c = '\v'; break;
        case '\\': case '\'': case '"': case '?': break;
        case 'x': {
          int v = 0, d = 0;
          while (k + 2 < tl && isxdigit((unsigned char)t[k + 1])) {
            char h = t[++k];
            v = v * 16 + (isdigit((unsigned char)h) ? h - '0' : tolower((unsigned char)h) - 'a' + 10);
            if (v > 255) ok = false;
            d++;
          }
          if (!d) ok = false;
          c = v;
          break;
        }
        default:
          if (c >= '0' && c <= '7') {
            int v = c - '0';
            for (int d = 1; d < 3 && k + 2 < tl && t[k + 1] >= '0' && t[k + 1] <= '7'; d++) v = v * 8 + (t[++k] - '0');
            if (v > 255) ok = false;
            c = v;
          } else {
            ok = false;
          }
        }
      }
      if (len + 1 >= cap) b = xrealloc(b, cap *= 2);
      b[len++] = (char)c;
    }
    clang_disposeString(sp);
  }
  clang_disposeTokens(L->tu, toks, nt);
  if (!ok) {
    free(b);
    return false;
  }
  *out = b, *n = len;
  return true;
}

/* A char array initialized by a string literal: its bytes, then zeros
 * (C11 6.7.9p14: the NUL only where there is room). */
static void init_string(lower *L, binding *b, CXType t, CXCursor lit, term_t *val) {
  CXType et = clang_getCanonicalType(clang_getArrayElementType(clang_getCanonicalType(t)));
  bool chars = et.kind == CXType_Char_S || et.kind == CXType_Char_U || et.kind == CXType_SChar || et.kind == CXType_UChar;
  char *bytes;
  size_t n;
  long long size = clang_getArraySize(clang_getCanonicalType(t));
  if (!chars || b->ndims != 1 || !string_bytes(L, lit, &bytes, &n)) {
    fail(L, lit, "string initializer of this array");
    return;
  }
  if (size < 0 || (size_t)size < n) {
    free(bytes);
    fail(L, lit, "string longer than its array");
    return;
  }
  for (size_t k = 0; k < n; k++) {
    long v = b->ty.is_signed ? (long)(signed char)bytes[k] : (long)(unsigned char)bytes[k];
    *val = term_store(*val, idx_const(L, k), c_sem_const_si(b->ty, v, L->math));
  }
  free(bytes);
}

/* An initializer list for an object of type t at path / indices: the
 * elements of the list in order, a nested list for a nested aggregate or
 * (brace elision) the list's next elements. vals[i]: leaf i's value. */
typedef struct { lower *L; binding *first; uint32_t n; term_t *vals; char path[256]; uint64_t idx[MAX_DIMS]; uint32_t nidx; } init_ctx;

static void init_object(init_ctx *x, CXType t, const cursors *items, uint32_t *pos);

static void init_scalar(init_ctx *x, CXCursor item) {
  lower *L = x->L;
  uint32_t li = 0;
  while (li < x->n && strcmp(x->first[li].path ? x->first[li].path : "", x->path) != 0) li++;
  if (li == x->n) {
    fail(L, item, "initializer");
    return;
  }
  cval v = lower_expr(L, item);
  if (L->failed) return;
  if (v.is_void) {
    fail(L, item, "void initializer");
    return;
  }
  binding *lf = &x->first[li];
  term_t c = c_sem_convert(v.t, v.ty, lf->ty, L->math);
  if (!lf->ndims) {
    x->vals[li] = c;
    return;
  }
  uint64_t flat = 0;
  for (uint32_t k = 0; k < x->nidx; k++) flat = flat * lf->dims[k] + x->idx[k];
  x->vals[li] = term_store(x->vals[li], idx_const(L, flat), c);
}

typedef struct { init_ctx *x; const cursors *items; uint32_t *pos; } field_init;

static enum CXVisitorResult init_field(CXCursor f, CXClientData data) {
  field_init *fi = data;
  init_ctx *x = fi->x;
  if (*fi->pos >= fi->items->n || x->L->failed) return CXVisit_Break;
  size_t len = strlen(x->path);
  char *fname = spelling(f);
  snprintf(x->path + len, sizeof x->path - len, ".%s", fname);
  free(fname);
  init_object(x, clang_getCursorType(f), fi->items, fi->pos);
  x->path[len] = 0;
  return x->L->failed ? CXVisit_Break : CXVisit_Continue;
}

/* ---- designated initializers ---- */

static bool evaluate(CXCursor e, long long *v, bool *is_unsigned);

/* libclang 14 shows `.f = v` and `[k] = v` as unexposed expressions whose
 * children are the designators (a member reference per field, the index
 * expression per element) and then the value. */
static bool designated(lower *L, CXCursor item) {
  char tok[8] = "";
  return clang_getCursorKind(item) == CXCursor_UnexposedExpr && token_at(L, item, 0, true, tok, sizeof tok) &&
         (strcmp(tok, ".") == 0 || strcmp(tok, "[") == 0);
}

static bool has_designator(lower *L, const cursors *items) {
  for (uint32_t i = 0; i < items->n; i++)
    if (designated(L, items->v[i])) return true;
  return false;
}

static enum CXVisitorResult push_field(CXCursor f, CXClientData data) {
  cursors *cs = data;
  collect(f, clang_getNullCursor(), cs);
  return CXVisit_Continue;
}

/* The index of the field named like member reference d among fs (fs->n:
 * none). */
static uint32_t field_named(const cursors *fs, CXCursor d) {
  char *name = spelling(d);
  uint32_t at = fs->n;
  for (uint32_t f = 0; f < fs->n && at == fs->n; f++) {
    char *fname = spelling(fs->v[f]);
    if (strcmp(fname, name) == 0) at = f;
    free(fname);
  }
  free(name);
  return at;
}

/* The member or element that designator d of an object of type t names:
 * its type in *sub, with x's path or indices extended (the caller takes
 * them back). */
static bool designate(init_ctx *x, CXType t, CXCursor d, CXType *sub) {
  lower *L = x->L;
  size_t plen = strlen(x->path);
  if (clang_getCursorKind(d) == CXCursor_MemberRef) {
    if (!is_struct_type(t)) return fail(L, d, "a member designator for a non-struct"), false;
    cursors fs = {0};
    clang_Type_visitFields(t, push_field, &fs);
    uint32_t f = field_named(&fs, d);
    bool found = f < fs.n;
    if (found) {
      char *name = spelling(fs.v[f]);
      *sub = clang_getCursorType(fs.v[f]);
      snprintf(x->path + plen, sizeof x->path - plen, ".%s", name);
      free(name);
    }
    free(fs.v);
    return found || (fail(L, d, "designator of an unknown member"), false);
  }
  long long k;
  bool u;
  if (t.kind != CXType_ConstantArray || !evaluate(d, &k, &u) || k < 0 || k >= clang_getArraySize(t) ||
      x->nidx >= MAX_DIMS)
    return fail(L, d, "array designator"), false;
  x->idx[x->nidx++] = (uint64_t)k;
  *sub = clang_getCanonicalType(clang_getArrayElementType(t));
  return true;
}

/* A braced list with designators for an object of type t: each item
 * designates its member or element (a chain such as .a[1].x) or takes the
 * one after the previous item's (C11 6.7.9). Supported when no two items
 * start at the same member or element: then no initializer overrides
 * another, whose implicit zeros C would also apply. Positional items
 * initialize their member whole (no brace elision among designators). */
static void init_designated(init_ctx *x, CXType t, const cursors *items) {
  lower *L = x->L;
  bool is_struct = is_struct_type(t);
  cursors fs = {0};
  if (is_struct) clang_Type_visitFields(t, push_field, &fs);
  uint64_t n = is_struct ? fs.n : (uint64_t)clang_getArraySize(t);
  bool *done = xcalloc(n + 1, sizeof *done);
  uint64_t next = 0;
  for (uint32_t i = 0; i < items->n && !L->failed; i++) {
    CXCursor item = items->v[i], value = item;
    cursors parts = {0};
    uint32_t first_part = 0;
    uint64_t at = next;
    if (designated(L, item)) {
      parts = children(item);
      if (parts.n < 2) {
        fail(L, item, "designated initializer");
        free(parts.v);
        break;
      }
      value = parts.v[parts.n - 1];
      /* the first designator picks the member or element of this list */
      if (is_struct) {
        at = field_named(&fs, parts.v[0]);
      } else {
        long long k;
        bool u;
        at = evaluate(parts.v[0], &k, &u) && k >= 0 ? (uint64_t)k : n;
      }
      first_part = 1;
    }
    if (at >= n) {
      fail(L, item, "excess or unknown designated initializer");
      free(parts.v);
      break;
    }
    if (done[at]) {
      fail(L, item, "an initializer for a member or element already initialized");
      free(parts.v);
      break;
    }
    done[at] = true;
    next = at + 1;
    /* descend: this list's member or element, then the rest of the chain */
    size_t len0 = strlen(x->path);
    uint32_t nidx0 = x->nidx;
    CXType sub;
    if (is_struct) {
      char *fname = spelling(fs.v[at]);
      snprintf(x->path + len0, sizeof x->path - len0, ".%s", fname);
      free(fname);
      sub = clang_getCursorType(fs.v[at]);
    } else {
      x->idx[x->nidx++] = at;
      sub = clang_getCanonicalType(clang_getArrayElementType(t));
    }
    for (uint32_t d = first_part; d + 1 < parts.n && !L->failed; d++) {
      CXType deeper;
      if (designate(x, clang_getCanonicalType(sub), parts.v[d], &deeper)) sub = deeper;
    }
    if (!L->failed) {
      CXType cs = clang_getCanonicalType(sub);
      bool agg = is_struct_type(cs) || cs.kind == CXType_ConstantArray;
      if (agg && clang_getCursorKind(value) != CXCursor_InitListExpr)
        fail(L, value, "brace elision among designated initializers");
      else {
        cursors one = {&value, 1, 1};
        uint32_t pos = 0;
        init_object(x, sub, &one, &pos);
      }
    }
    x->path[len0] = 0;
    x->nidx = nidx0;
    free(parts.v);
  }
  free(done);
  free(fs.v);
}

static void init_object(init_ctx *x, CXType t, const cursors *items, uint32_t *pos) {
  CXType ct = clang_getCanonicalType(t);
  bool agg = is_struct_type(ct) || ct.kind == CXType_ConstantArray;
  CXCursor item = items->v[*pos];
  if (!agg) {
    init_scalar(x, item);
    (*pos)++;
    return;
  }
  cursors sub = {0};
  uint32_t sp = 0;
  const cursors *list = items;
  uint32_t *lp = pos;
  if (clang_getCursorKind(item) == CXCursor_InitListExpr) {   /* braced: its own list */
    sub = children(item);
    list = &sub, lp = &sp;
    (*pos)++;
  } else if (is_struct_type(ct) && is_struct_type(clang_getCursorType(item))) {
    fail(x->L, item, "struct copy in an initializer list");
    return;
  }
  if (list == &sub && has_designator(x->L, &sub)) {
    init_designated(x, ct, &sub);
    free(sub.v);
    return;
  }
  if (is_struct_type(ct)) {
    field_init fi = {x, list, lp};
    clang_Type_visitFields(ct, init_field, &fi);
  } else {
    long long n = clang_getArraySize(ct);
    for (long long e = 0; e < n && *lp < list->n && !x->L->failed; e++) {
      x->idx[x->nidx++] = (uint64_t)e;
      init_object(x, clang_getArrayElementType(ct), list, lp);
      x->nidx--;
    }
  }
  if (list == &sub && sp < sub.n && !x->L->failed) fail(x->L, sub.v[sp], "excess or designated initializers");
  free(sub.v);
}

/* The initial value of every leaf of binding bi from the declaration's
 * initializer (missing elements: 0), or NULL when there is none and the
 * variable is automatic (its leaves are havocked). A struct initialized
 * from another struct: *copy is that expression, vals NULL. */
static term_t *initial_values(lower *L, uint32_t bi, CXCursor decl, bool is_static, CXCursor *copy) {
  binding *first;
  uint32_t n = leaves_of(L, &L->binds[bi], &first);
  uint32_t f0 = (uint32_t)(first - L->binds);
  CXCursor init = initializer(decl);
  *copy = clang_getNullCursor();
  if (clang_Cursor_isNull(init) && !is_static) return NULL;
  term_t *vals = xcalloc(n + 1, sizeof *vals);
  for (uint32_t i = 0; i < n; i++) vals[i] = zero_value(L, &L->binds[f0 + i]);
  if (clang_Cursor_isNull(init)) return vals;
  CXType t = clang_getCursorType(decl);
  bool agg = L->binds[bi].is_agg || L->binds[bi].ndims;
  if (L->binds[bi].ndims && is_string_literal(init)) {
    init_string(L, &L->binds[bi], t, init, &vals[0]);
    if (L->failed) {
      free(vals);
      return NULL;
    }
    return vals;
  }
  if (agg && clang_getCursorKind(init) != CXCursor_InitListExpr) {
    if (is_struct_type(t) && !is_static) {
      *copy = init;
      free(vals);
      return NULL;
    }
    fail(L, init, is_struct_type(t) ? "struct copy in a global initializer" : "array initializer");
    free(vals);
    return NULL;
  }
  bool saved = L->const_ctx;
  CXCursor saved_at = L->in_init;
  if (is_static) L->const_ctx = true, L->in_init = init;
  init_ctx x = {L, &L->binds[f0], n, vals, "", {0}, 0};
  cursors one = {&init, 1, 1};
  uint32_t pos = 0;
  if (agg) init_object(&x, t, &one, &pos);
  else init_scalar(&x, init);
  L->const_ctx = saved, L->in_init = saved_at;
  if (L->failed) {
    free(vals);
    return NULL;
  }
  return vals;
}

/* A global or static variable: created on first use, initialized at the
 * program's start (its initializer is a constant expression). */
static binding *global(lower *L, CXCursor decl, CXCursor at) {
  binding *b = find_binding(L, decl, 0);
  if (b) return b;
  CXCursor def = clang_getCursorDefinition(decl);
  if (clang_Cursor_isNull(def)) def = decl;
  char prefix[256] = "";
  if (clang_getCursorKind(clang_getCursorSemanticParent(decl)) != CXCursor_TranslationUnit) {
    char *f = spelling(clang_getCursorSemanticParent(decl));
    snprintf(prefix, sizeof prefix, "%s::static::", f);
    free(f);
  }
  b = add_binding(L, decl, 0, prefix, at);
  if (!b) return NULL;
  uint32_t bi = (uint32_t)(b - L->binds);
  CXCursor copy;
  term_t *vals = initial_values(L, bi, def, true, &copy);
  binding *first;
  uint32_t n = leaves_of(L, &L->binds[bi], &first), f0 = (uint32_t)(first - L->binds);
  for (uint32_t i = 0; vals && i < n; i++) {
    L->ginits = xrealloc(L->ginits, (L->nginits + 1) * sizeof *L->ginits);
    L->ginits[L->nginits++] = (global_init){f0 + i, vals[i]};
  }
  free(vals);
  return L->failed ? NULL : &L->binds[bi];
}

static binding *var_of(lower *L, CXCursor ref, CXCursor at) {
  if (is_static_storage(ref)) return global(L, ref, at);
  binding *b = L->nframes ? find_binding(L, ref, L->frames[L->nframes - 1].inst) : NULL;
  if (!b && clang_getCursorKind(ref) == CXCursor_ParmDecl) {
    char *n = spelling(ref);
    char tw[128];
    fail(L, at, "%s (parameter '%s' of type %s)", type_feature(clang_getCursorType(ref)), n,
         type_word(clang_getCursorType(ref), tw, sizeof tw));
    free(n);
    return NULL;
  }
  if (!b) fail(L, at, "reference to an unknown local variable");
  return b;
}

/* ---- expressions ---- */


static bool expr_type(lower *L, CXCursor e, c_int *ty) {
  if (int_type(clang_getCursorType(e), ty)) return true;
  char tw[128], kb[64];
  fail(L, e, "expression of type %s (%s)", type_word(clang_getCursorType(e), tw, sizeof tw), kind_name(e, kb, sizeof kb));
  return false;
}

/* Does e (syntactically) write a variable or call a function? */
static bool has_side_effects(CXCursor e);
static enum CXChildVisitResult side_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (has_side_effects(c)) {
    *(bool *)data = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}
static bool has_side_effects(CXCursor e) {
  enum CXCursorKind k = clang_getCursorKind(e);
  if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator || k == CXCursor_StmtExpr) return true;
  if (k == CXCursor_BinaryOperator || k == CXCursor_UnaryOperator) {
    /* = ++ -- show as tokens; checking them costs a tokenization, so be coarse:
     * an operator whose extent holds one of them */
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
    CXToken *toks = NULL;
    unsigned nt = 0;
    clang_tokenize(tu, clang_getCursorExtent(e), &toks, &nt);
    bool se = false;
    for (unsigned i = 0; i < nt && !se; i++) {
      if (clang_getTokenKind(toks[i]) != CXToken_Punctuation) continue;
      CXString s = clang_getTokenSpelling(tu, toks[i]);
      const char *t = clang_getCString(s);
      se = strcmp(t, "=") == 0 || strcmp(t, "++") == 0 || strcmp(t, "--") == 0;
      clang_disposeString(s);
    }
    clang_disposeTokens(tu, toks, nt);
    if (se) return true;
  }
  bool found = false;
  clang_visitChildren(e, side_visit, &found);
  return found;
}

/* A value that later side effects cannot change. */
static cval stable(lower *L, cval v) {
  if (v.is_void || term_is_const(v.t)) return v;
  term_t t = tmp_var(L, v.ty);
  emit_assign(L, t, v.t);
  return val(t, v.ty);
}

static CXCursor strip(CXCursor e) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) return e;
    cursors cs = children(e);
    if (cs.n != 1) {
      free(cs.v);
      return e;
    }
    e = cs.v[0];
    free(cs.v);
  }
}

static cval read_lval(lower *L, lval lv) {
  (void)L;
  if (lv.index != NULL_TERM) return val(term_select(lv.b->var, lv.index), lv.b->ty);
  return val(lv.b->var, lv.b->ty);
}

static void write_lval(lower *L, lval lv, term_t v) {
  if (lv.index != NULL_TERM) emit_assign(L, lv.b->var, term_store(lv.b->var, lv.index, v));
  else emit_assign(L, lv.b->var, v);
}

/* the operators by token */
typedef struct { const char *tok; int op; } op_entry;
enum { OP_C_ASSIGN = 100, OP_C_LAND, OP_C_LOR, OP_C_COMMA };
static const op_entry binops[] = {
  {"+", C_ADD}, {"-", C_SUB}, {"*", C_MUL}, {"/", C_DIV}, {"%", C_REM}, {"<<", C_SHL}, {">>", C_SHR},
  {"&", C_BAND}, {"|", C_BOR}, {"^", C_BXOR}, {"<", C_LT}, {">", C_GT}, {"<=", C_LE}, {">=", C_GE},
  {"==", C_EQ}, {"!=", C_NE}, {"=", OP_C_ASSIGN}, {"&&", OP_C_LAND}, {"||", OP_C_LOR}, {",", OP_C_COMMA},
  {"+=", C_ADD}, {"-=", C_SUB}, {"*=", C_MUL}, {"/=", C_DIV}, {"%=", C_REM}, {"<<=", C_SHL}, {">>=", C_SHR},
  {"&=", C_BAND}, {"|=", C_BOR}, {"^=", C_BXOR},
};

static int binop_of(const char *tok) {
  for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++)
    if (strcmp(binops[i].tok, tok) == 0) return binops[i].op;
  return -1;
}

static const char *ub_what(int op, c_int t) {
  if (op == C_DIV || op == C_REM) return t.is_signed ? "division by zero or overflow" : "division by zero";
  if (op == C_SHL || op == C_SHR) return "shift out of range";
  return "signed overflow";
}

/* a op b in C: operands converted to their common type (or promoted, for
 * shifts), the result and its undefined behaviour. */
static cval arith(lower *L, int op, cval a, cval b, CXCursor at) {
  c_int t = (op == C_SHL || op == C_SHR) ? c_promote(a.ty) : c_usual_conversions(a.ty, b.ty);
  c_int bt = (op == C_SHL || op == C_SHR) ? c_promote(b.ty) : t;
  term_t x = c_sem_convert(a.t, a.ty, t, L->math), y = c_sem_convert(b.t, b.ty, bt, L->math), ub;
  term_t r = c_sem_binary(op, x, y, t, bt, L->math, &ub);
  if (r == NULL_TERM) {
    fail(L, at, "bitwise operator on mathematical integers (use --c-int bv)");
    return val(c_sem_const_si(t, 0, L->math), t);
  }
  check_ub(L, ub, at, ub_what(op, t));
  if (op >= C_LT) return val(c_sem_from_bool(r, L->math), c_int_int);
  return val(r, t);
}

static void branch_cond(lower *L, CXCursor e, uint32_t yes, uint32_t no, CXCursor stmt);
static cval lower_call(lower *L, CXCursor e);

/* A condition's value as an int, through branches (for && || ?: in value
 * positions, where the operands' side effects and undefined behaviour must
 * happen only when evaluated). */
static cval cond_value(lower *L, CXCursor e) {
  uint32_t yes = new_loc(L), no = new_loc(L), join = new_loc(L);
  term_t t = tmp_var(L, c_int_int);
  branch_cond(L, e, yes, no, clang_getNullCursor());
  L->cur = yes;
  emit_assign(L, t, c_sem_const_si(c_int_int, 1, L->math));
  jump(L, join);
  L->cur = no;
  emit_assign(L, t, c_sem_const_si(c_int_int, 0, L->math));
  jump(L, join);
  L->cur = join;
  return val(t, c_int_int);
}

static cval lower_binary(lower *L, CXCursor e, bool compound) {
  cursors cs = children(e);
  if (cs.n != 2) {
    free(cs.v);
    fail(L, e, "binary operator with %u operands", cs.n);
    return void_val;
  }
  CXCursor lhs = cs.v[0], rhs = cs.v[1];
  free(cs.v);
  char tok[8];
  tok[0] = 0;
  int op = binary_token(L, e, lhs, tok, sizeof tok) ? binop_of(tok) : -1;
  if (op < 0) {
    fail(L, e, "operator not recognized");
    return void_val;
  }
  if (op == OP_C_LAND || op == OP_C_LOR) return cond_value(L, e);
  if (op == OP_C_COMMA) {
    lower_expr(L, lhs);
    return lower_expr(L, rhs);
  }
  if (op == OP_C_ASSIGN && is_struct_type(clang_getCursorType(lhs))) {   /* its value is a struct: unused */
    copy_struct(L, lhs, 0, rhs, e);
    return void_val;
  }
  if (op == OP_C_ASSIGN || compound) {
    lval lv = lower_lval(L, lhs);
    if (L->failed) return void_val;
    if (lv.index != NULL_TERM && has_side_effects(rhs)) {
      term_t it = tmp_var(L, c_int_int);
      emit_assign(L, it, lv.index);
      lv.index = it;
    }
    uint32_t bi = (uint32_t)(lv.b - L->binds);
    cval r = lower_expr(L, rhs);
    if (L->failed || r.is_void) {
      if (!L->failed) fail(L, rhs, "void value assigned");
      return void_val;
    }
    lv.b = &L->binds[bi];
    if (compound) r = arith(L, op, read_lval(L, lv), r, e);
    if (L->failed) return void_val;
    write_lval(L, lv, c_sem_convert(r.t, r.ty, lv.b->ty, L->math));
    return read_lval(L, lv);
  }
  cval a = lower_expr(L, lhs);
  if (L->failed) return void_val;
  if (has_side_effects(rhs)) a = stable(L, a);
  cval b = lower_expr(L, rhs);
  if (L->failed) return void_val;
  cval r = arith(L, op, a, b, e);
  c_int ct;
  /* the usual arithmetic conversions, computed here, against clang's type */
  if (!L->failed && int_type(clang_getCursorType(e), &ct) && !c_int_equal(ct, r.ty))
    fail(L, e, "internal: result type of '%s' differs from clang's", tok);
  return r;
}

static cval lower_unary(lower *L, CXCursor e) {
  bool unused = L->discard;   /* only for this operator, not its operand */
  L->discard = false;
  cursors cs = children(e);
  if (cs.n != 1) {
    free(cs.v);
    fail(L, e, "unary operator");
    return void_val;
  }
  CXCursor arg = cs.v[0];
  free(cs.v);
  char tok[16];
  bool postfix;
  if (!unary_token(L, e, arg, tok, sizeof tok, &postfix)) {
    fail(L, e, "operator not recognized");
    return void_val;
  }
  if (strcmp(tok, "++") == 0 || strcmp(tok, "--") == 0) {
    lval lv = lower_lval(L, arg);
    if (L->failed) return void_val;
    cval old = read_lval(L, lv);
    if (postfix && !unused) old = stable(L, old);
    cval r = arith(L, tok[0] == '+' ? C_ADD : C_SUB, old, val(c_sem_const_si(c_int_int, 1, L->math), c_int_int), e);
    if (lv.b->ty.rank == C_RANK_BOOL) r = val(c_sem_convert(r.t, r.ty, c_int_bool, L->math), c_int_bool);
    write_lval(L, lv, c_sem_convert(r.t, r.ty, lv.b->ty, L->math));
    return postfix ? old : read_lval(L, lv);
  }
  if (strcmp(tok, "__extension__") == 0) return lower_expr(L, arg);
  if (strcmp(tok, "!") == 0) {
    cval a = lower_expr(L, arg);
    if (L->failed) return void_val;
    return val(c_sem_from_bool(term_not(c_sem_truth(a.t, a.ty, L->math)), L->math), c_int_int);
  }
  if (strcmp(tok, "-") == 0 || strcmp(tok, "+") == 0 || strcmp(tok, "~") == 0) {
    cval a = lower_expr(L, arg);
    if (L->failed) return void_val;
    c_int t = c_promote(a.ty);
    term_t x = c_sem_convert(a.t, a.ty, t, L->math);
    if (tok[0] == '+') return val(x, t);
    term_t ub;
    term_t r = c_sem_unary(tok[0] == '-' ? C_NEG : C_BNOT, x, t, L->math, &ub);
    check_ub(L, ub, e, "signed overflow");
    return val(r, t);
  }
  fail(L, e, tok[0] == '&' || tok[0] == '*' ? "pointers ('%s')" : "operator '%s'", tok);
  return void_val;
}

static cval lower_conditional(lower *L, CXCursor e) {
  cursors cs = children(e);
  c_int ty = c_int_int;
  bool is_void = clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Void;
  if (cs.n != 3 || (!is_void && !expr_type(L, e, &ty))) {
    free(cs.v);
    if (!L->failed) fail(L, e, "conditional operator without middle operand");
    return void_val;
  }
  uint32_t yes = new_loc(L), no = new_loc(L), join = new_loc(L);
  term_t t = is_void ? NULL_TERM : tmp_var(L, ty);
  branch_cond(L, cs.v[0], yes, no, clang_getNullCursor());
  for (int side = 0; side < 2 && !L->failed; side++) {
    L->cur = side ? no : yes;
    cval v = lower_expr(L, cs.v[1 + side]);
    if (!L->failed && !v.is_void && !is_void) emit_assign(L, t, c_sem_convert(v.t, v.ty, ty, L->math));
    jump(L, join);
  }
  free(cs.v);
  L->cur = join;
  return is_void ? void_val : val(t, ty);
}

static bool evaluate(CXCursor e, long long *v, bool *is_unsigned) {
  CXEvalResult r = clang_Cursor_Evaluate(e);
  if (!r) return false;
  bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
  if (ok) {
    *is_unsigned = clang_EvalResult_isUnsignedInt(r);
    *v = *is_unsigned ? (long long)clang_EvalResult_getAsUnsigned(r) : clang_EvalResult_getAsLongLong(r);
  }
  clang_EvalResult_dispose(r);
  return ok;
}

static cval constant(lower *L, CXCursor e) {
  c_int ty;
  long long v;
  bool u;
  if (!expr_type(L, e, &ty)) return void_val;
  if (!evaluate(e, &v, &u)) {
    fail(L, e, "constant that clang does not evaluate");
    return void_val;
  }
  mpz_t z;
  if (u) mpz_init_set_ui(z, (unsigned long)(unsigned long long)v);
  else mpz_init_set_si(z, (long)v);
  term_t t = c_sem_const(ty, z, L->math);
  mpz_clear(z);
  return val(t, ty);
}

/* An expression whose value is not used: x++ needs no copy of x. */
static void lower_effect(lower *L, CXCursor e) {
  CXCursor s = e;
  while (clang_getCursorKind(s) == CXCursor_ParenExpr) {
    cursors cs = children(s);
    if (cs.n == 1) s = cs.v[0];
    free(cs.v);
    if (clang_getCursorKind(s) == CXCursor_ParenExpr && cs.n != 1) break;
  }
  L->discard = clang_getCursorKind(s) == CXCursor_UnaryOperator;
  lower_expr(L, s);
  L->discard = false;
}

static void lower_stmt(lower *L, CXCursor s);

static cval lower_expr(lower *L, CXCursor e) {
  if (L->failed) return void_val;
  if (too_big(L, e)) return void_val;
  enum CXCursorKind k = clang_getCursorKind(e);
  switch (k) {
  case CXCursor_IntegerLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_UnaryExpr:   /* sizeof, _Alignof */
    return constant(L, e);
  case CXCursor_ParenExpr: {
    cursors cs = children(e);
    cval r = cs.n == 1 ? lower_expr(L, cs.v[0]) : void_val;
    if (cs.n != 1) fail(L, e, "parenthesized expression");
    free(cs.v);
    return r;
  }
  case CXCursor_UnexposedExpr:
  case CXCursor_CStyleCastExpr: {
    cursors cs = children(e);
    CXCursor arg = cs.n ? cs.v[cs.n - 1] : e;
    bool ok = cs.n >= 1 && (k == CXCursor_CStyleCastExpr || cs.n == 1);
    free(cs.v);
    if (!ok) {
      fail(L, e, "expression not exposed by libclang");
      return void_val;
    }
    if (clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Void) {
      lower_expr(L, arg);
      return void_val;
    }
    c_int to;
    if (!expr_type(L, e, &to)) return void_val;
    cval v = lower_expr(L, arg);
    if (L->failed) return void_val;
    if (v.is_void) {
      fail(L, e, "void value used");
      return void_val;
    }
    return val(c_sem_convert(v.t, v.ty, to, L->math), to);
  }
  case CXCursor_DeclRefExpr: {
    CXCursor ref = clang_getCursorReferenced(e);
    enum CXCursorKind rk = clang_getCursorKind(ref);
    if (rk == CXCursor_EnumConstantDecl) {
      c_int ty;
      if (!expr_type(L, e, &ty)) return void_val;
      return val(c_sem_const_si(ty, (long)clang_getEnumConstantDeclValue(ref), L->math), ty);
    }
    if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl) {
      binding *b = var_of(L, ref, e);
      if (!b) return void_val;
      if (b->ndims || b->is_agg) {
        fail(L, e, b->ndims ? "array used as a pointer" : "whole-struct values");
        return void_val;
      }
      return val(b->var, b->ty);
    }
    fail(L, e, "function used as a value");
    return void_val;
  }
  case CXCursor_MemberRefExpr:
  case CXCursor_ArraySubscriptExpr: {
    lval lv = lower_lval(L, e);
    return L->failed ? void_val : read_lval(L, lv);
  }
  case CXCursor_BinaryOperator: return lower_binary(L, e, false);
  case CXCursor_CompoundAssignOperator: return lower_binary(L, e, true);
  case CXCursor_UnaryOperator: return lower_unary(L, e);
  case CXCursor_ConditionalOperator: return lower_conditional(L, e);
  case CXCursor_CallExpr: return lower_call(L, e);
  case CXCursor_StmtExpr: {   /* GNU ({ s1; ...; e; }): the statements, then the last one's value */
    cursors cs = children(e), body = {0};
    if (cs.n == 1 && clang_getCursorKind(cs.v[0]) == CXCursor_CompoundStmt) body = children(cs.v[0]);
    free(cs.v);
    cval r = void_val;
    for (uint32_t i = 0; i < body.n && !L->failed; i++) {
      if (i + 1 == body.n && clang_isExpression(clang_getCursorKind(body.v[i])) &&
          clang_getCursorType(e).kind != CXType_Void)
        r = lower_expr(L, body.v[i]);
      else
        lower_stmt(L, body.v[i]);
    }
    free(body.v);
    return r;
  }
  case CXCursor_FloatingLiteral: fail(L, e, "floating-point values"); return void_val;
  case CXCursor_StringLiteral: fail(L, e, "string literal"); return void_val;
  default: {
    char kb[64];
    fail(L, e, "%s", kind_name(e, kb, sizeof kb));
    return void_val;
  }
  }
}

/* Branches from the current location to yes or no on e; stmt (or null):
 * the statement whose condition e is, for branching waypoints. */
static void branch_cond(lower *L, CXCursor e, uint32_t yes, uint32_t no, CXCursor stmt) {
  if (L->failed) return;
  CXCursor s = e;
  while (clang_getCursorKind(s) == CXCursor_ParenExpr || clang_getCursorKind(s) == CXCursor_UnexposedExpr) {
    cursors cs = children(s);
    bool one = cs.n == 1;
    CXCursor inner = one ? cs.v[0] : s;
    free(cs.v);
    if (!one) break;
    /* a conversion to _Bool or int does not change truth */
    s = inner;
  }
  enum CXCursorKind k = clang_getCursorKind(s);
  if (k == CXCursor_BinaryOperator) {
    cursors cs = children(s);
    char tok[8] = "";
    if (cs.n == 2) binary_token(L, s, cs.v[0], tok, sizeof tok);
    if (strcmp(tok, "&&") == 0 || strcmp(tok, "||") == 0) {
      uint32_t mid = new_loc(L);
      if (tok[0] == '&') branch_cond(L, cs.v[0], mid, no, clang_getNullCursor());
      else branch_cond(L, cs.v[0], yes, mid, clang_getNullCursor());
      L->cur = mid;
      branch_cond(L, cs.v[1], yes, no, clang_getNullCursor());
      free(cs.v);
      return;
    }
    free(cs.v);
  }
  if (k == CXCursor_UnaryOperator) {
    cursors cs = children(s);
    char tok[16] = "";
    bool postfix = false;
    if (cs.n == 1) unary_token(L, s, cs.v[0], tok, sizeof tok, &postfix);
    if (strcmp(tok, "!") == 0) {
      branch_cond(L, cs.v[0], no, yes, stmt);
      free(cs.v);
      return;
    }
    free(cs.v);
  }
  cval v = lower_expr(L, s);
  if (L->failed) return;
  if (v.is_void) {
    fail(L, e, "void condition");
    return;
  }
  term_t c = c_sem_truth(v.t, v.ty, L->math);
  c_edge_info yi = plain, ni = plain;
  if (!clang_Cursor_isNull(stmt)) {
    uint32_t line, col;
    pos_of(stmt, &line, &col);
    yi = (c_edge_info){C_EDGE_TRUE, line, col, 0, NULL};
    ni = (c_edge_info){C_EDGE_FALSE, line, col, 0, NULL};
  }
  uint32_t src = here(L);
  cfa_stmt st = {.kind = CFA_ASSUME, .expr = c}, sf = {.kind = CFA_ASSUME, .expr = term_not(c)};
  edge_to(L, src, yes, &st, yi);
  edge_to(L, src, no, &sf, ni);
  L->cur = CFA_NONE;
}

/* ---- calls ---- */

static bool is_name(const char *n, const char *const *list) {
  for (; *list; list++)
    if (strcmp(n, *list) == 0) return true;
  return false;
}

static uint32_t undefined_index(lower *L, CXCursor fn, const char *name) {
  c_program *p = L->p;
  for (uint32_t i = 0; i < p->nundefined; i++)
    if (strcmp(p->undefined[i].name, name) == 0) return i;
  p->undefined = xrealloc(p->undefined, (p->nundefined + 1) * sizeof *p->undefined);
  CXType rt = clang_getResultType(clang_getCursorType(fn));
  c_undefined u = {xstrdup(name), c_int_int, clang_getCanonicalType(rt).kind == CXType_Void,
                   strncmp(name, "__VERIFIER_nondet_", 18) == 0};
  int_type(rt, &u.type);
  p->undefined[p->nundefined] = u;
  return p->nundefined++;
}

/* A call of a function without body: a nondeterministic value. */
static cval undefined_call(lower *L, CXCursor e, CXCursor fn, const char *name) {
  uint32_t ui = undefined_index(L, fn, name);
  c_program *p = L->p;
  if (!p->undefined[ui].is_nondet && !p->unsafe_safe) {
    char buf[256];
    snprintf(buf, sizeof buf, "calls the undefined function %s", name);
    p->unsafe_safe = xstrdup(buf);
  }
  CXType rt = clang_getResultType(clang_getCursorType(fn));
  c_int ty = c_int_int;
  bool is_void = p->undefined[ui].is_void;
  if (!is_void && !int_type(rt, &ty)) {
    char tw[128];
    fail(L, e, "call of %s returning %s", name, type_word(rt, tw, sizeof tw));
    return void_val;
  }
  char vn[64];
  snprintf(vn, sizeof vn, "nondet!%u", p->nsites);
  term_t v = new_var(L, vn, c_sem_sort(ty, L->math), NULL, ty);
  if (p->nsites == p->cap_sites) p->sites = xrealloc(p->sites, (p->cap_sites = p->cap_sites ? 2 * p->cap_sites : 32) * sizeof *p->sites);
  c_site s = {v, ty, is_void, ui, 0, 0, NULL, 0, 0};
  pos_of(e, &s.line, &s.col);
  p->sites[p->nsites] = s;
  emit(L, (cfa_stmt){.kind = CFA_HAVOC, .var = v}, (c_edge_info){C_EDGE_NONDET, s.line, s.col, p->nsites, NULL});
  p->nsites++;
  if (is_void) return void_val;
  emit_assume(L, c_sem_range(v, ty, L->math), plain);
  return val(v, ty);
}


static uint32_t label_loc(lower *L, const char *name) {
  frame *f = &L->frames[L->nframes - 1];
  for (uint32_t i = 0; i < f->nlabels; i++)
    if (strcmp(f->labels[i].name, name) == 0) return f->labels[i].loc;
  f->labels = xrealloc(f->labels, (f->nlabels + 1) * sizeof *f->labels);
  f->labels[f->nlabels].name = xstrdup(name);
  f->labels[f->nlabels].loc = new_loc(L);
  return f->labels[f->nlabels++].loc;
}

/* The arguments of call e of def, evaluated left to right (copied when a
 * later argument has side effects); NULL after a failure. aggs (NULL: no
 * struct arguments): the struct arguments' values, by position. */
static cval *call_args(lower *L, CXCursor e, CXCursor def, const char *name, int *n, agg_val *aggs) {
  int nargs = clang_Cursor_getNumArguments(e), nparams = clang_Cursor_getNumArguments(def);
  if (nargs != nparams || nargs < 0) {
    fail(L, e, "call of %s with %d arguments for %d parameters", name, nargs, nparams);
    return NULL;
  }
  cval *args = xcalloc((size_t)nargs + 1, sizeof *args);
  for (int i = 0; i < nargs && !L->failed; i++) {
    if (aggs && is_struct_type(clang_getCursorType(clang_Cursor_getArgument(def, (unsigned)i)))) {
      /* a struct argument: the values of its leaves (copied into the parameter's by inline_call) */
      access a;
      bool later = false;
      for (int j = i + 1; j < nargs && !later; j++) later = has_side_effects(clang_Cursor_getArgument(e, (unsigned)j));
      if (later) fail(L, e, "struct argument followed by arguments with side effects");
      else if (resolve(L, clang_Cursor_getArgument(e, (unsigned)i), &a)) read_agg(L, &a, &aggs[i], e);
      args[i].is_void = true;
      continue;
    }
    args[i] = lower_expr(L, clang_Cursor_getArgument(e, (unsigned)i));
    if (!L->failed && args[i].is_void) fail(L, e, "void argument");
    bool later = false;
    for (int j = i + 1; j < nargs && !later; j++) later = has_side_effects(clang_Cursor_getArgument(e, (unsigned)j));
    if (later && !L->failed) args[i] = stable(L, args[i]);
  }
  if (L->failed) {
    free(args);
    return NULL;
  }
  *n = nargs;
  return args;
}

/* The result of function def: void, or its integer type and a new
 * variable prefix + "result"; false (failed) for other types. */
static bool result_of(lower *L, CXCursor e, CXCursor def, const char *name, const char *prefix, bool *is_void,
                      c_int *ty, term_t *var) {
  CXType rt = clang_getResultType(clang_getCursorType(def));
  *is_void = clang_getCanonicalType(rt).kind == CXType_Void;
  if (*is_void) return true;
  if (!int_type(rt, ty)) {
    char tw[128];
    fail(L, e, "function %s returning %s", name, type_word(rt, tw, sizeof tw));
    return false;
  }
  char rn[320];
  snprintf(rn, sizeof rn, "%sresult", prefix);
  *var = new_var(L, rn, c_sem_sort(*ty, L->math), NULL, *ty);
  return true;
}

/* The procedure of function def (recursive programs), created on first
 * call: its parameters, result variable, entry and exit locations; the
 * body is lowered later (c_lower's worklist). CFA_NONE after a failure. */
static uint32_t proc_of(lower *L, CXCursor e, CXCursor def, const char *name) {
  c_program *p = L->p;
  for (uint32_t i = 0; i < p->nfuncs; i++)
    if (clang_equalCursors(L->pdefs[i].def, def)) return i;
  uint32_t fi = p->nfuncs, saved = L->curproc;
  p->funcs = xrealloc(p->funcs, (fi + 1) * sizeof *p->funcs);
  L->pdefs = xrealloc(L->pdefs, (fi + 1) * sizeof *L->pdefs);
  int np = clang_Cursor_getNumArguments(def);
  c_func f = {xstrdup(name), 0, 0, NULL_TERM, xcalloc((size_t)(np > 0 ? np : 0) + 1, sizeof(term_t)), 0};
  struct proc_def d = {def, ++L->ninst, xcalloc((size_t)(np > 0 ? np : 0) + 1, sizeof(c_int)), c_int_int, false};
  p->funcs[fi] = f, L->pdefs[fi] = d;
  p->nfuncs++;
  L->curproc = fi;
  p->funcs[fi].entry = new_loc(L), p->funcs[fi].exit = new_loc(L);
  char prefix[300];
  snprintf(prefix, sizeof prefix, "%s::", name);
  for (int i = 0; i < np && !L->failed; i++) {
    binding *b = add_binding(L, clang_Cursor_getArgument(def, (unsigned)i), L->pdefs[fi].inst, prefix, e);
    if (!b || b->ndims || b->is_agg) {
      if (b) fail(L, e, b->ndims ? "array parameter" : "struct parameters of recursive functions");
      break;
    }
    p->funcs[fi].params[p->funcs[fi].nparams++] = b->var;
    L->pdefs[fi].pty[i] = b->ty;
  }
  if (!L->failed) result_of(L, e, def, name, prefix, &L->pdefs[fi].ret_void, &L->pdefs[fi].ret_ty, &p->funcs[fi].ret);
  L->curproc = saved;
  return L->failed ? CFA_NONE : fi;
}

/* A call of a defined function in a recursive program: a call edge. */
static cval proc_call(lower *L, CXCursor e, CXCursor def, const char *name) {
  if (L->const_ctx) {
    fail(L, L->in_init, "non-constant initializer of a global");
    return void_val;
  }
  int nargs = 0;
  cval *args = call_args(L, e, def, name, &nargs, NULL);
  if (!args) return void_val;
  uint32_t fi = proc_of(L, e, def, name);
  if (fi == 0 && !L->failed) fail(L, e, "a call of main");
  if (L->failed) {
    free(args);
    return void_val;
  }
  c_program *p = L->p;
  term_t *a = xcalloc((size_t)nargs + 1, sizeof *a);
  for (int i = 0; i < nargs; i++) a[i] = c_sem_convert(args[i].t, args[i].ty, L->pdefs[fi].pty[i], L->math);
  free(args);
  cval r = void_val;
  if (!L->pdefs[fi].ret_void) r = val(tmp_var(L, L->pdefs[fi].ret_ty), L->pdefs[fi].ret_ty);
  uint32_t src = here(L), dst = new_loc(L);
  uint32_t ed = edge_to(L, src, dst, NULL, plain);
  L->cur = dst;
  p->calls = xrealloc(p->calls, (p->ncalls + 1) * sizeof *p->calls);
  p->calls[p->ncalls++] = (c_callsite){ed, fi, a, (uint32_t)nargs, r.is_void ? NULL_TERM : r.t};
  return r;
}

/* Inlines a call of the definition def: arguments into fresh parameter
 * variables, the body with its own labels, returns to one location. */
static cval inline_call(lower *L, CXCursor e, CXCursor def, const char *name) {
  if (L->procmode) return proc_call(L, e, def, name);
  uint32_t active = 0;
  for (uint32_t i = 0; i < L->nframes; i++) active += clang_equalCursors(L->frames[i].fn, def);
  if (active && !L->max_rec) {
    fail(L, e, "recursion");
    return void_val;
  }
  if (active >= L->max_rec && L->max_rec) {
    /* bounded recursion: deeper calls are cut off (the path ends here) */
    emit_assume(L, term_false(), plain);
    L->p->bounded = L->max_rec;
    c_int rt;
    CXType t = clang_getResultType(clang_getCursorType(def));
    if (clang_getCanonicalType(t).kind == CXType_Void || !int_type(t, &rt)) return void_val;
    return val(tmp_var(L, rt), rt);
  }
  if (L->nframes >= (L->max_rec ? MAX_BOUNDED_DEPTH : 200)) {
    fail(L, e, "call depth");
    return void_val;
  }
  int nargs = 0, np = clang_Cursor_getNumArguments(def);
  agg_val *aggs = xcalloc((size_t)(np > 0 ? np : 0) + 1, sizeof *aggs);
  cval *args = call_args(L, e, def, name, &nargs, aggs);
  if (!args) {
    for (int i = 0; i < np; i++) agg_free(&aggs[i]);
    free(aggs);
    return void_val;
  }
  uint32_t inst = ++L->ninst;
  char prefix[300];
  snprintf(prefix, sizeof prefix, "%s#%u::", name, inst);
  frame f = {def, inst, new_loc(L), NULL_TERM, c_int_int, false, -1, xstrdup(name), NULL, 0};
  CXType rt = clang_getResultType(clang_getCursorType(def));
  if (is_struct_type(rt)) {
    /* a struct result: a binding of the frame that returns copy into */
    binding *rb = add_binding_typed(L, def, rt, inst, prefix, e);
    if (rb) f.ret_bind = (int32_t)(rb - L->binds), f.ret_void = true;
  } else if (!result_of(L, e, def, name, prefix, &f.ret_void, &f.ret_ty, &f.ret_var)) {
    for (int i = 0; i < nargs; i++) agg_free(&aggs[i]);
    free(args), free(f.name), free(aggs);
    return void_val;
  }
  L->frames = xrealloc(L->frames, (L->nframes + 1) * sizeof *L->frames);
  L->frames[L->nframes++] = f;
  for (int i = 0; i < nargs && !L->failed; i++) {
    binding *b = add_binding(L, clang_Cursor_getArgument(def, (unsigned)i), inst, prefix, e);
    if (!b || b->ndims) {
      if (b) fail(L, e, "array parameter");
      break;
    }
    if (b->is_agg) {
      access a = {b, "", {0}, 0};
      write_agg(L, &a, &aggs[i], e);
    } else {
      emit_assign(L, b->var, c_sem_convert(args[i].t, args[i].ty, b->ty, L->math));
    }
  }
  for (int i = 0; i < nargs; i++) agg_free(&aggs[i]);
  free(args), free(aggs);
  cursors cs = children(def);
  CXCursor body = cs.n ? cs.v[cs.n - 1] : def;
  free(cs.v);
  uint32_t saved_nloop = L->nloop, saved_nsw = L->nsw;
  L->nloop = 0, L->nsw = 0;   /* break/continue/case do not cross functions */
  uint32_t saved_brk[256], saved_cont[256];
  memcpy(saved_brk, L->brk, sizeof saved_brk), memcpy(saved_cont, L->cont, sizeof saved_cont);
  if (!L->failed) lower_stmt(L, body);
  memcpy(L->brk, saved_brk, sizeof saved_brk), memcpy(L->cont, saved_cont, sizeof saved_cont);
  L->nloop = saved_nloop, L->nsw = saved_nsw;
  frame *top = &L->frames[--L->nframes];
  jump(L, top->ret_loc);
  L->cur = top->ret_loc;
  frame_free(top);
  L->call_bind = top->ret_bind;
  if (top->ret_void) return void_val;
  return val(top->ret_var, top->ret_ty);
}

static cval lower_call(lower *L, CXCursor e) {
  CXCursor fn = clang_getCursorReferenced(e);
  if (clang_Cursor_isNull(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl) {
    fail(L, e, "call through a function pointer");
    return void_val;
  }
  char *name = spelling(fn);
  cval r = void_val;
  uint32_t line, col;
  pos_of(e, &line, &col);
  static const char *const errors[] = {"reach_error", "__VERIFIER_error", NULL};
  static const char *const stops[] = {"abort", "exit", "__assert_fail", "__assert_perror_fail", "__assert", "_Exit", NULL};
  CXCursor def = clang_getCursorDefinition(fn);
  if (is_name(name, errors)) {
    edge_to(L, here(L), L->err, NULL, (c_edge_info){C_EDGE_REACH, line, col, 0, NULL});
    L->cur = CFA_NONE;
  } else if (is_name(name, stops)) {
    int n = clang_Cursor_getNumArguments(e);
    for (int i = 0; i < n && !L->failed; i++) {
      CXCursor a = clang_Cursor_getArgument(e, (unsigned)i);
      if (has_side_effects(a)) lower_expr(L, a);
    }
    L->cur = CFA_NONE;
  } else if (strcmp(name, "__VERIFIER_assume") == 0 && clang_Cursor_isNull(def)) {
    if (clang_Cursor_getNumArguments(e) != 1) fail(L, e, "__VERIFIER_assume with %d arguments", clang_Cursor_getNumArguments(e));
    uint32_t yes = new_loc(L), no = new_loc(L);
    branch_cond(L, clang_Cursor_getArgument(e, 0), yes, no, clang_getNullCursor());
    L->cur = yes;
  } else if (!clang_Cursor_isNull(def)) {
    r = inline_call(L, e, def, name);
  } else {
    int n = clang_Cursor_getNumArguments(e);
    for (int i = 0; i < n && !L->failed; i++) {
      CXCursor a = clang_Cursor_getArgument(e, (unsigned)i);
      if (has_side_effects(a)) lower_expr(L, a);
    }
    if (!L->failed) r = undefined_call(L, e, fn, name);
  }
  free(name);
  return r;
}

/* ---- statements ---- */

/* A site assigned to a C variable: its assumption waypoint goes to the
 * next statement. */
static void note_target(lower *L, uint32_t nsites_before, const char *cname) {
  if (L->p->nsites != nsites_before + 1 || !cname) return;
  c_site *s = &L->p->sites[nsites_before];
  if (s->is_void) return;
  free(s->target);
  s->target = xstrdup(cname);
  L->pending = xrealloc(L->pending, (L->npending + 1) * sizeof *L->pending);
  L->pending[L->npending++] = nsites_before;
}

static void lower_decl(lower *L, CXCursor d) {
  enum CXCursorKind k = clang_getCursorKind(d);
  if (k == CXCursor_TypedefDecl || k == CXCursor_EnumDecl || k == CXCursor_FunctionDecl || k == CXCursor_StructDecl)
    return;   /* no code */
  if (k != CXCursor_VarDecl) {
    char kb[64];
    fail(L, d, "declaration %s", kind_name(d, kb, sizeof kb));
    return;
  }
  if (is_static_storage(d)) {   /* static or extern: initialized at the start */
    global(L, d, d);
    return;
  }
  frame *f = &L->frames[L->nframes - 1];
  char prefix[300];
  frame_scope(f, prefix, sizeof prefix);
  binding *b = find_binding(L, d, f->inst);
  if (!b) b = add_binding(L, d, f->inst, prefix, d);
  if (!b) return;
  uint32_t bi = (uint32_t)(b - L->binds);
  if (b->is_agg || b->ndims) {
    CXCursor copy;
    term_t *vals = initial_values(L, bi, d, false, &copy);
    if (!clang_Cursor_isNull(copy)) {   /* struct s = t; */
      copy_struct(L, clang_getNullCursor(), bi, copy, d);
      return;
    }
    binding *first;
    uint32_t n = leaves_of(L, &L->binds[bi], &first), f0 = (uint32_t)(first - L->binds);
    for (uint32_t i = 0; i < n && !L->failed; i++) {
      binding *lf = &L->binds[f0 + i];
      if (vals) {
        emit_assign(L, lf->var, vals[i]);
      } else {   /* indeterminate until assigned: any value */
        emit(L, (cfa_stmt){.kind = CFA_HAVOC, .var = lf->var}, (c_edge_info){C_EDGE_LOCAL, 0, 0, 0, NULL});
        if (!lf->ndims) emit_assume(L, c_sem_range(lf->var, lf->ty, L->math), plain);
      }
    }
    free(vals);
    return;
  }
  CXCursor init = initializer(d);
  if (clang_Cursor_isNull(init)) {
    /* indeterminate until assigned: any value */
    emit(L, (cfa_stmt){.kind = CFA_HAVOC, .var = b->var}, (c_edge_info){C_EDGE_LOCAL, 0, 0, 0, NULL});
    emit_assume(L, c_sem_range(b->var, b->ty, L->math), plain);
    return;
  }
  uint32_t before = L->p->nsites;
  cval v = lower_expr(L, init);
  if (L->failed) return;
  if (v.is_void) {
    fail(L, init, "void initializer");
    return;
  }
  b = &L->binds[bi];
  emit_assign(L, b->var, c_sem_convert(v.t, v.ty, b->ty, L->math));
  char *cname = spelling(d);
  note_target(L, before, cname);
  free(cname);
}

static void push_loop(lower *L, uint32_t brk, uint32_t cont, CXCursor at) {
  if (L->nloop >= 256) {
    fail(L, at, "loops nested too deeply");
    return;
  }
  L->brk[L->nloop] = brk, L->cont[L->nloop] = cont, L->nloop++;
}

static void loop_head(lower *L, uint32_t loc, CXCursor s) {
  c_program *p = L->p;
  p->loops = xrealloc(p->loops, (p->nloops + 1) * sizeof *p->loops);
  const frame *f = &L->frames[L->nframes - 1];
  c_loop lp = {loc, 0, 0, xstrdup(f->name), NULL, L->c->vars.size};
  char scope[300];
  frame_scope(f, scope, sizeof scope);
  lp.scope = xstrdup(scope);
  pos_of(s, &lp.line, &lp.col);
  p->loops[p->nloops++] = lp;
}

/* The parts of a for statement: children by position relative to the
 * semicolons inside its parentheses (libclang omits the empty ones). */
static void for_parts(lower *L, CXCursor s, CXCursor *init, CXCursor *cond, CXCursor *inc, CXCursor *body) {
  *init = *cond = *inc = *body = clang_getNullCursor();
  CXToken *toks = NULL;
  unsigned nt = 0, semi[2] = {0, 0}, nsemi = 0, rparen = 0, depth = 0;
  clang_tokenize(L->tu, clang_getCursorExtent(s), &toks, &nt);
  for (unsigned i = 0; i < nt; i++) {
    CXString sp = clang_getTokenSpelling(L->tu, toks[i]);
    const char *t = clang_getCString(sp);
    unsigned off = offset_of(clang_getRangeStart(clang_getTokenExtent(L->tu, toks[i])));
    if (strcmp(t, "(") == 0) depth++;
    else if (strcmp(t, ")") == 0 && --depth == 0 && !rparen) rparen = off;
    else if (strcmp(t, ";") == 0 && depth == 1 && nsemi < 2) semi[nsemi++] = off;
    clang_disposeString(sp);
    if (rparen) break;
  }
  clang_disposeTokens(L->tu, toks, nt);
  if (nsemi != 2 || !rparen) {
    fail(L, s, "for statement not understood");
    return;
  }
  cursors cs = children(s);
  for (uint32_t i = 0; i < cs.n; i++) {
    unsigned off = offset_of(clang_getRangeStart(clang_getCursorExtent(cs.v[i])));
    if (off < semi[0]) *init = cs.v[i];
    else if (off < semi[1]) *cond = cs.v[i];
    else if (off < rparen) *inc = cs.v[i];
    else *body = cs.v[i];
  }
  free(cs.v);
}

/* Case and default labels of a switch body (not of nested switches). */
static void collect_cases(CXCursor s, switch_ctx *sw, lower *L);
static enum CXChildVisitResult case_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  void **d = data;
  collect_cases(c, d[0], d[1]);
  return CXChildVisit_Continue;
}
static void collect_cases(CXCursor s, switch_ctx *sw, lower *L) {
  enum CXCursorKind k = clang_getCursorKind(s);
  if (k == CXCursor_SwitchStmt) return;
  if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
    sw->cases = xrealloc(sw->cases, (sw->n + 1) * sizeof *sw->cases);
    sw->cases[sw->n++] = (case_entry){s, new_loc(L)};
  }
  void *d[2] = {sw, L};
  clang_visitChildren(s, case_visit, d);
}

static void lower_switch(lower *L, CXCursor s) {
  cursors cs = children(s);
  if (cs.n != 2) {
    free(cs.v);
    fail(L, s, "switch statement");
    return;
  }
  CXCursor cond = cs.v[0], body = cs.v[1];
  free(cs.v);
  cval v = lower_expr(L, cond);   /* read right away by the dispatch edges: no copy */
  if (L->failed) return;
  switch_ctx sw = {NULL, 0, CFA_NONE};
  collect_cases(body, &sw, L);
  uint32_t end = new_loc(L), src = here(L);
  uint32_t line, col;
  pos_of(s, &line, &col);
  term_t none = term_true();
  for (uint32_t i = 0; i < sw.n && !L->failed; i++) {
    if (clang_getCursorKind(sw.cases[i].c) == CXCursor_DefaultStmt) {
      sw.dflt = sw.cases[i].loc;
      continue;
    }
    cursors cc = children(sw.cases[i].c);
    long long cv;
    bool u;
    if (cc.n != 2 || !evaluate(cc.v[0], &cv, &u)) fail(L, sw.cases[i].c, "case label");
    free(cc.v);
    if (L->failed) break;
    term_t eq = term_eq(v.t, c_sem_const_si(v.ty, (long)cv, L->math));
    none = term_and2(none, term_not(eq));
    cfa_stmt st = {.kind = CFA_ASSUME, .expr = eq};
    edge_to(L, src, sw.cases[i].loc, &st, (c_edge_info){C_EDGE_TRUE, line, col, 0, NULL});
  }
  cfa_stmt sn = {.kind = CFA_ASSUME, .expr = none};
  edge_to(L, src, sw.dflt != CFA_NONE ? sw.dflt : end, &sn, plain);
  L->cur = CFA_NONE;
  if (L->nsw >= 64) fail(L, s, "switches nested too deeply");
  L->sw[L->nsw++] = &sw;
  push_loop(L, end, L->nloop ? L->cont[L->nloop - 1] : CFA_NONE, s);
  lower_stmt(L, body);
  L->nloop--, L->nsw--;
  jump(L, end);
  L->cur = end;
  free(sw.cases);
}

static void lower_stmt(lower *L, CXCursor s) {
  if (L->failed || too_big(L, s)) return;
  enum CXCursorKind k = clang_getCursorKind(s);
  if (L->npending && k != CXCursor_CompoundStmt) {   /* the waypoint of the previous statement's nondet value */
    uint32_t line, col;
    pos_of(s, &line, &col);
    for (uint32_t i = 0; i < L->npending; i++) L->p->sites[L->pending[i]].wline = line, L->p->sites[L->pending[i]].wcol = col;
    L->npending = 0;
  }
  cursors cs = children(s);
  switch (k) {
  case CXCursor_CompoundStmt:
    for (uint32_t i = 0; i < cs.n && !L->failed; i++) lower_stmt(L, cs.v[i]);
    break;
  case CXCursor_DeclStmt:
    for (uint32_t i = 0; i < cs.n && !L->failed; i++) lower_decl(L, cs.v[i]);
    break;
  case CXCursor_NullStmt:
    break;
  case CXCursor_IfStmt: {
    uint32_t yes = new_loc(L), no = new_loc(L), end = new_loc(L);
    if (cs.n < 2) {
      fail(L, s, "if statement");
      break;
    }
    branch_cond(L, cs.v[0], yes, no, s);
    L->cur = yes;
    lower_stmt(L, cs.v[1]);
    jump(L, end);
    L->cur = no;
    if (cs.n > 2) lower_stmt(L, cs.v[2]);
    jump(L, end);
    L->cur = end;
    break;
  }
  case CXCursor_WhileStmt: {
    if (cs.n != 2) {
      fail(L, s, "while statement");
      break;
    }
    uint32_t head = new_loc(L), body = new_loc(L), end = new_loc(L);
    jump(L, head);
    loop_head(L, head, s);
    L->cur = head;
    branch_cond(L, cs.v[0], body, end, s);
    L->cur = body;
    push_loop(L, end, head, s);
    lower_stmt(L, cs.v[1]);
    L->nloop--;
    jump(L, head);
    L->cur = end;
    break;
  }
  case CXCursor_DoStmt: {
    if (cs.n != 2) {
      fail(L, s, "do statement");
      break;
    }
    uint32_t body = new_loc(L), test = new_loc(L), end = new_loc(L);
    jump(L, body);
    loop_head(L, body, s);
    L->cur = body;
    push_loop(L, end, test, s);
    lower_stmt(L, cs.v[0]);
    L->nloop--;
    jump(L, test);
    L->cur = test;
    branch_cond(L, cs.v[1], body, end, s);
    L->cur = end;
    break;
  }
  case CXCursor_ForStmt: {
    CXCursor init, cond, inc, body;
    for_parts(L, s, &init, &cond, &inc, &body);
    if (L->failed) break;
    if (!clang_Cursor_isNull(init)) {
      if (clang_getCursorKind(init) == CXCursor_DeclStmt) lower_stmt(L, init);
      else lower_expr(L, init);
    }
    uint32_t head = new_loc(L), bodyl = new_loc(L), step = new_loc(L), end = new_loc(L);
    jump(L, head);
    loop_head(L, head, s);
    L->cur = head;
    if (!clang_Cursor_isNull(cond)) branch_cond(L, cond, bodyl, end, s);
    else jump(L, bodyl);
    L->cur = bodyl;
    push_loop(L, end, step, s);
    if (!clang_Cursor_isNull(body)) lower_stmt(L, body);
    L->nloop--;
    jump(L, step);
    L->cur = step;
    if (!clang_Cursor_isNull(inc)) lower_effect(L, inc);
    jump(L, head);
    L->cur = end;
    break;
  }
  case CXCursor_BreakStmt:
  case CXCursor_ContinueStmt: {
    uint32_t to = L->nloop ? (k == CXCursor_BreakStmt ? L->brk : L->cont)[L->nloop - 1] : CFA_NONE;
    if (to == CFA_NONE) fail(L, s, "break or continue outside a loop");
    else jump(L, to);
    break;
  }
  case CXCursor_ReturnStmt: {
    frame *f = &L->frames[L->nframes - 1];
    if (cs.n == 1 && f->ret_bind >= 0) {
      copy_struct(L, clang_getNullCursor(), (uint32_t)f->ret_bind, cs.v[0], s);
    } else if (cs.n == 1) {
      uint32_t fi = L->nframes - 1;
      cval v = lower_expr(L, cs.v[0]);
      f = &L->frames[fi];
      if (!L->failed && !f->ret_void && !v.is_void) emit_assign(L, f->ret_var, c_sem_convert(v.t, v.ty, f->ret_ty, L->math));
    }
    jump(L, L->frames[L->nframes - 1].ret_loc);
    break;
  }
  case CXCursor_SwitchStmt:
    lower_switch(L, s);
    break;
  case CXCursor_CaseStmt:
  case CXCursor_DefaultStmt: {
    switch_ctx *sw = L->nsw ? L->sw[L->nsw - 1] : NULL;
    uint32_t loc = CFA_NONE;
    for (uint32_t i = 0; sw && i < sw->n; i++)
      if (clang_equalCursors(sw->cases[i].c, s)) loc = sw->cases[i].loc;
    if (loc == CFA_NONE) {
      fail(L, s, "case label outside its switch");
      break;
    }
    jump(L, loc);
    L->cur = loc;
    if (cs.n > 0) lower_stmt(L, cs.v[cs.n - 1]);
    break;
  }
  case CXCursor_LabelStmt: {
    char *name = spelling(s);
    uint32_t loc = label_loc(L, name);
    free(name);
    jump(L, loc);
    L->cur = loc;
    if (cs.n > 0) lower_stmt(L, cs.v[cs.n - 1]);
    break;
  }
  case CXCursor_GotoStmt: {
    CXCursor lab = cs.n ? clang_getCursorReferenced(cs.v[0]) : s;
    char *name = spelling(lab);
    jump(L, label_loc(L, name));
    free(name);
    break;
  }
  default:
    if (clang_isExpression(k)) {
      /* an expression statement; x = nondet() marks the site for the witness */
      uint32_t before = L->p->nsites;
      lower_effect(L, s);
      CXCursor st = strip(s);
      if (!L->failed && clang_getCursorKind(st) == CXCursor_BinaryOperator) {
        cursors ch = children(st);
        char tok[8] = "";
        if (ch.n == 2 && binary_token(L, st, ch.v[0], tok, sizeof tok) && strcmp(tok, "=") == 0 &&
            clang_getCursorKind(strip(ch.v[0])) == CXCursor_DeclRefExpr) {
          char *cname = spelling(strip(ch.v[0]));
          note_target(L, before, cname);
          free(cname);
        }
        free(ch.v);
      }
    } else {
      char kb[64];
      fail(L, s, "statement %s", kind_name(s, kb, sizeof kb));
    }
  }
  free(cs.v);
}

/* ---- the program ---- */

/* The definition of function name, or a null cursor. */
static CXCursor find_definition(CXTranslationUnit tu, const char *name) {
  cursors cs = children(clang_getTranslationUnitCursor(tu));
  CXCursor def = clang_getNullCursor();
  for (uint32_t i = 0; i < cs.n && clang_Cursor_isNull(def); i++) {
    if (clang_getCursorKind(cs.v[i]) != CXCursor_FunctionDecl || !clang_isCursorDefinition(cs.v[i])) continue;
    char *n = spelling(cs.v[i]);
    if (strcmp(n, name) == 0) def = cs.v[i];
    free(n);
  }
  free(cs.v);
  return def;
}

/* The first error diagnostic as file:line:column: message. */
static bool syntax_error(CXTranslationUnit tu, diag *d) {
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic dg = clang_getDiagnostic(tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
    if (sev >= CXDiagnostic_Error) {
      CXString s = clang_formatDiagnostic(dg, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn);
      diag_set(d, ZETA_EXIT_INPUT, "%s", clang_getCString(s));
      clang_disposeString(s);
      clang_disposeDiagnostic(dg);
      return true;
    }
    clang_disposeDiagnostic(dg);
  }
  return false;
}

/* The bodies of the functions called in a recursive program, each once,
 * as its own procedure (calls found on the way add to the list). */
static void lower_procs(lower *L) {
  for (uint32_t fi = 1; fi < L->p->nfuncs && !L->failed; fi++) {
    c_func *f = &L->p->funcs[fi];
    struct proc_def *pd = &L->pdefs[fi];
    L->curproc = fi;
    frame fr = {pd->def, pd->inst, f->exit, f->ret, pd->ret_ty, pd->ret_void, -1, xstrdup(f->name), NULL, 0};
    frame saved = L->frames[0];
    L->frames[0] = fr;
    L->cur = f->entry;
    L->nloop = 0, L->nsw = 0;
    cursors cs = children(pd->def);
    if (cs.n) lower_stmt(L, cs.v[cs.n - 1]);
    free(cs.v);
    jump(L, L->p->funcs[fi].exit);
    frame_free(&L->frames[0]);
    L->frames[0] = saved;
  }
}

/* main(argc, argv): argc is any value >= 0 (what the execution check
 * runs with is 1: a counterexample that needs another value is not
 * confirmed); argv is a pointer, outside the fragment when used. */
static void main_params(lower *L, CXCursor mainfn) {
  int np = clang_Cursor_getNumArguments(mainfn);
  if (np < 1) return;
  CXCursor argc = clang_Cursor_getArgument(mainfn, 0);
  c_int ty;
  if (!int_type(clang_getCursorType(argc), &ty)) return;
  binding *b = add_binding(L, argc, 1, "main::", argc);
  if (!b) return;
  term_t v = b->var;
  emit(L, (cfa_stmt){.kind = CFA_HAVOC, .var = v}, (c_edge_info){C_EDGE_LOCAL, 0, 0, 0, NULL});
  term_t ub, ge0 = c_sem_binary(C_GE, v, c_sem_const_si(ty, 0, L->math), ty, ty, L->math, &ub);
  emit_assume(L, term_and2(c_sem_range(v, ty, L->math), ge0), plain);
}

static enum CXChildVisitResult macro_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  lower *L = data;
  if (clang_getCursorKind(c) != CXCursor_MacroExpansion) return CXChildVisit_Continue;
  CXSourceRange r = clang_getCursorExtent(c);
  CXFile f;
  unsigned a, b;
  clang_getSpellingLocation(clang_getRangeStart(r), &f, NULL, NULL, &a);
  clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &b);
  if (!f) return CXChildVisit_Continue;
  /* a constant (#define N 10: one literal token) expands to one token with
   * the position of the call: like any other token */
  CXCursor def = clang_getCursorReferenced(c);
  if (!clang_Cursor_isNull(def) && !clang_Cursor_isMacroFunctionLike(def)) {
    CXToken *toks = NULL;
    unsigned nt = 0;
    clang_tokenize(L->tu, clang_getCursorExtent(def), &toks, &nt);
    bool literal = nt == 2 && clang_getTokenKind(toks[1]) == CXToken_Literal;
    clang_disposeTokens(L->tu, toks, nt);
    if (literal) return CXChildVisit_Continue;
  }
  CXString name = clang_getCursorSpelling(c);
  unsigned len = (unsigned)strlen(clang_getCString(name));
  clang_disposeString(name);
  L->macros = xrealloc(L->macros, (L->nmacros + 1) * sizeof *L->macros);
  L->macros[L->nmacros++] =
      (struct macro_exp){f, a, b, a + len, !clang_Cursor_isNull(def) && clang_Cursor_isMacroFunctionLike(def)};
  return CXChildVisit_Continue;
}

/* The macro expansions (the preprocessing record). */
static void find_macros(lower *L) {
  clang_visitChildren(clang_getTranslationUnitCursor(L->tu), macro_visit, L);
}

static bool lower_file(const char *path, const zeta_options *o, c_program *p, diag *d, bool procmode, uint32_t max_rec) {
  memset(p, 0, sizeof *p);
  p->path = xstrdup(path);
  p->math = option_is(o->c_int, "math");
  p->lp64 = option_is(o->data_model, "LP64");
  cfa_init(&p->cfa, "main");
  FILE *f = fopen(path, "r");
  if (!f) {
    diag_set(d, ZETA_EXIT_INPUT, "%s: cannot open", path);
    return false;
  }
  fclose(f);
  char why[300];
  if (!c_libclang_load(why, sizeof why)) {
    diag_set(d, ZETA_EXIT_INPUT, "%s: %s", path, why);
    return false;
  }
  const char *args[] = {p->lp64 ? "-m64" : "-m32", "-w", "-std=gnu11", "-xc"};
  CXIndex idx = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode ec =
      clang_parseTranslationUnit2(idx, path, args, 4, NULL, 0, CXTranslationUnit_DetailedPreprocessingRecord, &tu);
  if (ec != CXError_Success || !tu) {
    diag_set(d, ZETA_EXIT_INPUT, "%s:1:1: libclang could not parse the file", path);
    clang_disposeIndex(idx);
    return false;
  }
  bool ok = !syntax_error(tu, d);
  CXCursor mainfn = ok ? find_definition(tu, "main") : clang_getNullCursor();
  if (ok && clang_Cursor_isNull(mainfn)) {
    diag_set(d, ZETA_EXIT_INPUT, "%s:1:1: expected a definition of main", path);
    ok = false;
  }
  if (ok) {
    lower L = {0};
    L.p = p, L.tu = tu, L.math = p->math, L.c = &p->cfa, L.max_rec = max_rec;
    find_macros(&L);
    p->reach_error_defined = !clang_Cursor_isNull(find_definition(tu, "reach_error"));
    p->verifier_error_defined = !clang_Cursor_isNull(find_definition(tu, "__VERIFIER_error"));
    uint32_t init = cfa_add_loc(&p->cfa, "INIT");
    p->cfa.locs[init].is_init = true;
    L.err = cfa_add_loc(&p->cfa, "ERR");
    p->cfa.locs[L.err].is_error = true;
    uint32_t entry = new_loc(&L), exit = new_loc(&L);
    p->cfa.locs[exit].is_final = true;
    frame mf = {mainfn, 1, exit, NULL_TERM, c_int_int, true, -1, xstrdup("main"), NULL, 0};
    L.ninst = 1;
    L.frames = xmalloc(sizeof *L.frames);
    L.frames[0] = mf;
    L.nframes = 1;
    L.cur = entry;
    if (procmode) {
      p->recursive = L.procmode = true;
      p->funcs = xcalloc(1, sizeof *p->funcs);
      p->funcs[0] = (c_func){xstrdup("main"), entry, exit, NULL_TERM, NULL, 0};
      L.pdefs = xcalloc(1, sizeof *L.pdefs);
      L.pdefs[0] = (struct proc_def){mainfn, 1, NULL, c_int_int, true};
      p->nfuncs = 1;
    }
    main_params(&L, mainfn);
    cursors cs = children(mainfn);
    if (cs.n) lower_stmt(&L, cs.v[cs.n - 1]);
    free(cs.v);
    jump(&L, exit);
    if (procmode) lower_procs(&L);
    L.curproc = 0;
    /* the program's start: globals get their initial values */
    cfa_stmt *gs = xcalloc(L.nginits + 1, sizeof *gs);
    for (uint32_t i = 0; i < L.nginits; i++) {
      binding *b = &L.binds[L.ginits[i].bind];
      gs[i] = (cfa_stmt){.kind = CFA_ASSIGN, .var = b->var, .expr = L.ginits[i].init};
    }
    if (!L.failed) {
      cfa_add_edge(&p->cfa, init, entry, gs, L.nginits);
      add_info(p, plain);
    }
    free(gs);
    for (uint32_t i = 0; i < L.nframes; i++) frame_free(&L.frames[i]);
    if (procmode) {
      /* owners: globals and statics (instance 0); INIT is main's, ERR shared */
      for (uint32_t i = 0; i < L.nbinds; i++)
        if (L.binds[i].inst == 0 && L.binds[i].var != NULL_TERM) p->var_owner[cfa_var_index(&p->cfa, L.binds[i].var)] = C_GLOBAL;
      p->loc_owner = xrealloc(p->loc_owner, (p->cfa.nlocs + 1) * sizeof *p->loc_owner);
      p->loc_owner[init] = 0, p->loc_owner[L.err] = C_GLOBAL;
      for (uint32_t i = 0; i < p->nfuncs; i++) free(L.pdefs[i].pty);
      free(L.pdefs);
    }
    for (uint32_t i = 0; i < L.nbinds; i++) free(L.binds[i].path);
    free(L.frames), free(L.binds), free(L.ginits), free(L.pending), free(L.macros);
    cfa_index(&p->cfa);
  }
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
  return ok;
}

/* A program with recursion is lowered again with functions as procedures. */
bool c_lower(const char *path, const zeta_options *o, c_program *p, diag *d) {
  if (!lower_file(path, o, p, d, false, 0)) return false;
  if (!p->unknown || strcmp(p->unknown, "recursion") != 0) return true;
  c_program_free(p);
  return lower_file(path, o, p, d, true, 0);
}

bool c_lower_bounded(const char *path, const zeta_options *o, uint32_t depth, c_program *p, diag *d) {
  return lower_file(path, o, p, d, false, depth ? depth : 1);
}

void c_program_free(c_program *p) {
  for (uint32_t i = 0; i < p->nfuncs; i++) free(p->funcs[i].name), free(p->funcs[i].params);
  for (uint32_t i = 0; i < p->ncalls; i++) free(p->calls[i].args);
  free(p->funcs), free(p->calls), free(p->var_owner), free(p->loc_owner);
  for (uint32_t i = 0; i < p->nsites; i++) free(p->sites[i].target);
  for (uint32_t i = 0; i < p->nundefined; i++) free(p->undefined[i].name);
  for (uint32_t i = 0; i < p->cfa.vars.size; i++) free(p->cnames[i]);
  for (uint32_t i = 0; i < p->nloops; i++) free(p->loops[i].function), free(p->loops[i].scope);
  free(p->cnames), free(p->vtypes), free(p->sites), free(p->undefined), free(p->einfo), free(p->loops);
  free(p->unknown), free(p->unsafe_safe), free(p->ub_reason), free(p->path);
  cfa_free(&p->cfa);
}
