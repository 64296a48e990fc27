/* The C lowering's building blocks (c_lower_int.h): positions and
 * failures, cursors' children, C types, and the CFA under construction. */
#include "lang/c/c_lower_int.h"

const c_edge_info cl_plain = {C_EDGE_PLAIN, 0, 0, 0, NULL};
const cval cl_void_val = {NULL_TERM, {32, true, C_RANK_INT}, true};

/* The prefix of the frame's variables' CFA names: "main::", "f#3::". */
void cl_frame_scope(const frame *f, char *buf, size_t n) {
  if (f->inst == 1) snprintf(buf, n, "%s::", f->name);
  else snprintf(buf, n, "%s#%u::", f->name, f->inst);
}

void cl_frame_free(frame *f) {
  for (uint32_t i = 0; i < f->nlabels; i++) free(f->labels[i].name);
  free(f->labels), free(f->name);
}

/* ---- positions and failures ---- */

void cl_pos_of(CXCursor e, uint32_t *line, uint32_t *col) {
  unsigned l = 0, c = 0;
  clang_getSpellingLocation(clang_getCursorLocation(e), NULL, &l, &c, NULL);
  *line = l, *col = c;
}

void cl_fail(lower *L, CXCursor at, const char *fmt, ...) {
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
  cl_pos_of(at, &line, &col);
  const char *base = strrchr(L->p->path, '/');
  char buf[512];
  snprintf(buf, sizeof buf, "unsupported: %s at %s:%u", what, base ? base + 1 : L->p->path, line);
  L->p->unknown = xstrdup(buf);
}

char *cl_spelling(CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

const char *cl_kind_name(CXCursor c, char *buf, size_t n) {
  CXString s = clang_getCursorKindSpelling(clang_getCursorKind(c));
  snprintf(buf, n, "%s", clang_getCString(s));
  clang_disposeString(s);
  return buf;
}

/* ---- children ---- */


enum CXChildVisitResult cl_collect(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  cursors *cs = data;
  if (cs->n == cs->cap) cs->v = xrealloc(cs->v, (cs->cap = cs->cap ? 2 * cs->cap : 8) * sizeof *cs->v);
  cs->v[cs->n++] = c;
  return CXChildVisit_Continue;
}

cursors cl_children(CXCursor c) {
  cursors cs = {0};
  clang_visitChildren(c, cl_collect, &cs);
  return cs;
}

/* ---- types ---- */

bool cl_int_type(CXType t, c_int *out) {
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
  case CXType_Enum: return cl_int_type(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t)), out);
  default: return false;
  }
}

/* The fragment's name for what a non-integer type needs. */
const char *cl_type_feature(CXType t) {
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

const char *cl_type_word(CXType t, char *buf, size_t n) {
  CXString s = clang_getTypeSpelling(t);
  snprintf(buf, n, "%s", clang_getCString(s));
  clang_disposeString(s);
  return buf;
}

/* ---- building the CFA ---- */

uint32_t cl_new_loc(lower *L) {
  char name[32];
  snprintf(name, sizeof name, "l%u", L->c->nlocs);
  uint32_t l = cfa_add_loc(L->c, name);
  L->p->loc_owner = xrealloc(L->p->loc_owner, (l + 1) * sizeof *L->p->loc_owner);
  L->p->loc_owner[l] = L->curproc;
  return l;
}

uint32_t cl_here(lower *L) {
  if (L->cur == CFA_NONE) L->cur = cl_new_loc(L);   /* unreachable code: a location without entry */
  return L->cur;
}

/* The edge's c_edge_info (einfo is indexed like the cfa's edges). */
void cl_add_info(c_program *p, c_edge_info info) {
  if (p->ninfo == p->cap_info) p->einfo = xrealloc(p->einfo, (p->cap_info = p->cap_info ? 2 * p->cap_info : 256) * sizeof *p->einfo);
  p->einfo[p->ninfo++] = info;
}

uint32_t cl_edge_to(lower *L, uint32_t src, uint32_t dst, const cfa_stmt *s, c_edge_info info) {
  uint32_t e = cfa_add_edge(L->c, src, dst, s, s ? 1 : 0);
  cl_add_info(L->p, info);
  return e;
}

bool cl_too_big(lower *L, CXCursor at) {
  if (L->c->nlocs < MAX_LOCS) return false;
  cl_fail(L, at, "program too large after inlining");
  return true;
}

/* Runs one statement from the current location to a new one. */
void cl_emit(lower *L, cfa_stmt s, c_edge_info info) {
  if (L->const_ctx) {
    cl_fail(L, L->in_init, "non-constant initializer of a global");
    return;
  }
  uint32_t src = cl_here(L), dst = cl_new_loc(L);
  cl_edge_to(L, src, dst, &s, info);
  L->cur = dst;
}


void cl_emit_assign(lower *L, term_t var, term_t val) {
  cl_emit(L, (cfa_stmt){.kind = CFA_ASSIGN, .var = var, .expr = val}, cl_plain);
}

void cl_emit_assume(lower *L, term_t cond, c_edge_info info) {
  if (term_is_true(cond) && info.kind == C_EDGE_PLAIN) return;
  cl_emit(L, (cfa_stmt){.kind = CFA_ASSUME, .expr = cond}, info);
}

void cl_jump(lower *L, uint32_t dst) {
  if (L->cur != CFA_NONE) cl_edge_to(L, L->cur, dst, NULL, cl_plain);
  L->cur = CFA_NONE;
}

static bool name_taken(lower *L, const char *name) {
  for (uint32_t i = 0; i < L->c->vars.size; i++)
    if (strcmp(term_var_name(L->c->vars.data[i]), name) == 0) return true;
  return false;
}

/* A new CFA variable; cname: the C name (NULL for temporaries). */
term_t cl_new_var(lower *L, const char *name, type_t sort, const char *cname, c_int ty) {
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

term_t cl_tmp_var(lower *L, c_int ty) {
  char name[32];
  snprintf(name, sizeof name, "tmp!%u", L->ntmp++);
  return cl_new_var(L, name, c_sem_sort(ty, L->math), NULL, ty);
}

/* Undefined behaviour when ub holds: an edge to the error location marked
 * as such, and the execution goes on where it does not. */
void cl_check_ub(lower *L, term_t ub, CXCursor at, const char *what) {
  if (term_is_false(ub)) return;
  if (L->const_ctx) {
    cl_fail(L, at, "%s in a global initializer", what);
    return;
  }
  uint32_t line, col;
  cl_pos_of(at, &line, &col);
  cfa_stmt s = {.kind = CFA_ASSUME, .expr = ub};
  cl_edge_to(L, cl_here(L), L->err, &s, (c_edge_info){C_EDGE_UB, line, col, 0, what});
  cl_emit_assume(L, term_not(ub), cl_plain);
}

