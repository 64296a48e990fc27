/* C expressions and calls in the lowering (c_lower_int.h): the usual
 * arithmetic conversions (c_sem.h), side effects in order, short-circuit
 * conditions as branches, calls inlined or kept as procedures. */
#include "lang/c/c_lower_int.h"


static bool expr_type(lower *L, CXCursor e, c_int *ty) {
  if (cl_int_type(clang_getCursorType(e), ty)) return true;
  char tw[128], kb[64];
  cl_fail(L, e, "expression of type %s (%s)", cl_type_word(clang_getCursorType(e), tw, sizeof tw), cl_kind_name(e, kb, sizeof kb));
  return false;
}

/* Does e (syntactically) write a variable or call a function? */
static enum CXChildVisitResult side_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (cl_has_side_effects(c)) {
    *(bool *)data = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}
bool cl_has_side_effects(CXCursor e) {
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
cval cl_stable(lower *L, cval v) {
  if (v.is_void || term_is_const(v.t)) return v;
  term_t t = cl_tmp_var(L, v.ty);
  cl_emit_assign(L, t, v.t);
  return cl_val(t, v.ty);
}

CXCursor cl_strip(CXCursor e) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) return e;
    cursors cs = cl_children(e);
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
  if (lv.index != NULL_TERM) return cl_val(term_select(lv.b->var, lv.index), lv.b->ty);
  return cl_val(lv.b->var, lv.b->ty);
}

static void write_lval(lower *L, lval lv, term_t v) {
  if (lv.index != NULL_TERM) cl_emit_assign(L, lv.b->var, term_store(lv.b->var, lv.index, v));
  else cl_emit_assign(L, lv.b->var, v);
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
    cl_fail(L, at, op == C_SHL || op == C_SHR ? "shift by a variable amount on mathematical integers (use --c-int bv)"
                                                : "bitwise operator without a constant operand on mathematical integers (use --c-int bv)");
    return cl_val(c_sem_const_si(t, 0, L->math), t);
  }
  cl_check_ub(L, ub, at, ub_what(op, t));
  if (op >= C_LT) return cl_val(c_sem_from_bool(r, L->math), c_int_int);
  return cl_val(r, t);
}

static cval lower_call(lower *L, CXCursor e);

/* A condition's value as an int, through branches (for && || ?: in value
 * positions, where the operands' side effects and undefined behaviour must
 * happen only when evaluated). */
static cval cond_value(lower *L, CXCursor e) {
  uint32_t yes = cl_new_loc(L), no = cl_new_loc(L), join = cl_new_loc(L);
  term_t t = cl_tmp_var(L, c_int_int);
  cl_branch_cond(L, e, yes, no, clang_getNullCursor());
  L->cur = yes;
  cl_emit_assign(L, t, c_sem_const_si(c_int_int, 1, L->math));
  cl_jump(L, join);
  L->cur = no;
  cl_emit_assign(L, t, c_sem_const_si(c_int_int, 0, L->math));
  cl_jump(L, join);
  L->cur = join;
  return cl_val(t, c_int_int);
}

static cval lower_binary(lower *L, CXCursor e, bool compound) {
  cursors cs = cl_children(e);
  if (cs.n != 2) {
    free(cs.v);
    cl_fail(L, e, "binary operator with %u operands", cs.n);
    return cl_void_val;
  }
  CXCursor lhs = cs.v[0], rhs = cs.v[1];
  free(cs.v);
  char tok[8];
  tok[0] = 0;
  int op = cl_binary_token(L, e, lhs, tok, sizeof tok) ? binop_of(tok) : -1;
  if (op < 0) {
    cl_fail(L, e, "operator not recognized");
    return cl_void_val;
  }
  if (op == OP_C_LAND || op == OP_C_LOR) return cond_value(L, e);
  if (op == OP_C_COMMA) {
    cl_lower_expr(L, lhs);
    return cl_lower_expr(L, rhs);
  }
  if (op == OP_C_ASSIGN && cl_is_struct_type(clang_getCursorType(lhs))) {   /* its value is a struct: unused */
    cl_copy_struct(L, lhs, 0, rhs, e);
    return cl_void_val;
  }
  if (op == OP_C_ASSIGN || compound) {
    lval lv = cl_lower_lval(L, lhs);
    if (L->failed) return cl_void_val;
    if (lv.index != NULL_TERM && cl_has_side_effects(rhs)) {
      term_t it = cl_tmp_var(L, c_int_int);
      cl_emit_assign(L, it, lv.index);
      lv.index = it;
    }
    uint32_t bi = (uint32_t)(lv.b - L->binds);
    cval r = cl_lower_expr(L, rhs);
    if (L->failed || r.is_void) {
      if (!L->failed) cl_fail(L, rhs, "void value assigned");
      return cl_void_val;
    }
    lv.b = &L->binds[bi];
    if (compound) r = arith(L, op, read_lval(L, lv), r, e);
    if (L->failed) return cl_void_val;
    write_lval(L, lv, c_sem_convert(r.t, r.ty, lv.b->ty, L->math));
    return read_lval(L, lv);
  }
  cval a = cl_lower_expr(L, lhs);
  if (L->failed) return cl_void_val;
  if (cl_has_side_effects(rhs)) a = cl_stable(L, a);
  cval b = cl_lower_expr(L, rhs);
  if (L->failed) return cl_void_val;
  cval r = arith(L, op, a, b, e);
  c_int ct;
  /* the usual arithmetic conversions, computed here, against clang's type */
  if (!L->failed && cl_int_type(clang_getCursorType(e), &ct) && !c_int_equal(ct, r.ty))
    cl_fail(L, e, "internal: result type of '%s' differs from clang's", tok);
  return r;
}

static cval lower_unary(lower *L, CXCursor e) {
  bool unused = L->discard;   /* only for this operator, not its operand */
  L->discard = false;
  cursors cs = cl_children(e);
  if (cs.n != 1) {
    free(cs.v);
    cl_fail(L, e, "unary operator");
    return cl_void_val;
  }
  CXCursor arg = cs.v[0];
  free(cs.v);
  char tok[16];
  bool postfix;
  if (!cl_unary_token(L, e, arg, tok, sizeof tok, &postfix)) {
    cl_fail(L, e, "operator not recognized");
    return cl_void_val;
  }
  if (strcmp(tok, "++") == 0 || strcmp(tok, "--") == 0) {
    lval lv = cl_lower_lval(L, arg);
    if (L->failed) return cl_void_val;
    cval old = read_lval(L, lv);
    if (postfix && !unused) old = cl_stable(L, old);
    cval r = arith(L, tok[0] == '+' ? C_ADD : C_SUB, old, cl_val(c_sem_const_si(c_int_int, 1, L->math), c_int_int), e);
    if (lv.b->ty.rank == C_RANK_BOOL) r = cl_val(c_sem_convert(r.t, r.ty, c_int_bool, L->math), c_int_bool);
    write_lval(L, lv, c_sem_convert(r.t, r.ty, lv.b->ty, L->math));
    return postfix ? old : read_lval(L, lv);
  }
  if (strcmp(tok, "__extension__") == 0) return cl_lower_expr(L, arg);
  if (strcmp(tok, "!") == 0) {
    cval a = cl_lower_expr(L, arg);
    if (L->failed) return cl_void_val;
    return cl_val(c_sem_from_bool(term_not(c_sem_truth(a.t, a.ty, L->math)), L->math), c_int_int);
  }
  if (strcmp(tok, "-") == 0 || strcmp(tok, "+") == 0 || strcmp(tok, "~") == 0) {
    cval a = cl_lower_expr(L, arg);
    if (L->failed) return cl_void_val;
    c_int t = c_promote(a.ty);
    term_t x = c_sem_convert(a.t, a.ty, t, L->math);
    if (tok[0] == '+') return cl_val(x, t);
    term_t ub;
    term_t r = c_sem_unary(tok[0] == '-' ? C_NEG : C_BNOT, x, t, L->math, &ub);
    cl_check_ub(L, ub, e, "signed overflow");
    return cl_val(r, t);
  }
  cl_fail(L, e, tok[0] == '&' || tok[0] == '*' ? "pointers ('%s')" : "operator '%s'", tok);
  return cl_void_val;
}

static cval lower_conditional(lower *L, CXCursor e) {
  cursors cs = cl_children(e);
  c_int ty = c_int_int;
  bool is_void = clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Void;
  if (cs.n != 3 || (!is_void && !expr_type(L, e, &ty))) {
    free(cs.v);
    if (!L->failed) cl_fail(L, e, "conditional operator without middle operand");
    return cl_void_val;
  }
  uint32_t yes = cl_new_loc(L), no = cl_new_loc(L), join = cl_new_loc(L);
  term_t t = is_void ? NULL_TERM : cl_tmp_var(L, ty);
  cl_branch_cond(L, cs.v[0], yes, no, clang_getNullCursor());
  for (int side = 0; side < 2 && !L->failed; side++) {
    L->cur = side ? no : yes;
    cval v = cl_lower_expr(L, cs.v[1 + side]);
    if (!L->failed && !v.is_void && !is_void) cl_emit_assign(L, t, c_sem_convert(v.t, v.ty, ty, L->math));
    cl_jump(L, join);
  }
  free(cs.v);
  L->cur = join;
  return is_void ? cl_void_val : cl_val(t, ty);
}

bool cl_evaluate(CXCursor e, long long *v, bool *is_unsigned) {
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

cval cl_constant(lower *L, CXCursor e) {
  c_int ty;
  long long v;
  bool u;
  if (!expr_type(L, e, &ty)) return cl_void_val;
  if (!cl_evaluate(e, &v, &u)) {
    cl_fail(L, e, "constant that clang does not evaluate");
    return cl_void_val;
  }
  mpz_t z;
  if (u) mpz_init_set_ui(z, (unsigned long)(unsigned long long)v);
  else mpz_init_set_si(z, (long)v);
  term_t t = c_sem_const(ty, z, L->math);
  mpz_clear(z);
  return cl_val(t, ty);
}

/* An expression whose value is not used: x++ needs no copy of x. */
void cl_lower_effect(lower *L, CXCursor e) {
  CXCursor s = e;
  while (clang_getCursorKind(s) == CXCursor_ParenExpr) {
    cursors cs = cl_children(s);
    if (cs.n == 1) s = cs.v[0];
    free(cs.v);
    if (clang_getCursorKind(s) == CXCursor_ParenExpr && cs.n != 1) break;
  }
  L->discard = clang_getCursorKind(s) == CXCursor_UnaryOperator;
  cl_lower_expr(L, s);
  L->discard = false;
}


cval cl_lower_expr(lower *L, CXCursor e) {
  if (L->failed) return cl_void_val;
  if (cl_too_big(L, e)) return cl_void_val;
  enum CXCursorKind k = clang_getCursorKind(e);
  switch (k) {
  case CXCursor_IntegerLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_UnaryExpr:   /* sizeof, _Alignof */
    return cl_constant(L, e);
  case CXCursor_ParenExpr: {
    cursors cs = cl_children(e);
    cval r = cs.n == 1 ? cl_lower_expr(L, cs.v[0]) : cl_void_val;
    if (cs.n != 1) cl_fail(L, e, "parenthesized expression");
    free(cs.v);
    return r;
  }
  case CXCursor_UnexposedExpr:
  case CXCursor_CStyleCastExpr: {
    cursors cs = cl_children(e);
    CXCursor arg = cs.n ? cs.v[cs.n - 1] : e;
    bool ok = cs.n >= 1 && (k == CXCursor_CStyleCastExpr || cs.n == 1);
    free(cs.v);
    if (!ok) {
      cl_fail(L, e, "expression not exposed by libclang");
      return cl_void_val;
    }
    if (clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Void) {
      cl_lower_expr(L, arg);
      return cl_void_val;
    }
    c_int to;
    if (!expr_type(L, e, &to)) return cl_void_val;
    cval v = cl_lower_expr(L, arg);
    if (L->failed) return cl_void_val;
    if (v.is_void) {
      cl_fail(L, e, "void value used");
      return cl_void_val;
    }
    return cl_val(c_sem_convert(v.t, v.ty, to, L->math), to);
  }
  case CXCursor_DeclRefExpr: {
    CXCursor ref = clang_getCursorReferenced(e);
    enum CXCursorKind rk = clang_getCursorKind(ref);
    if (rk == CXCursor_EnumConstantDecl) {
      c_int ty;
      if (!expr_type(L, e, &ty)) return cl_void_val;
      return cl_val(c_sem_const_si(ty, (long)clang_getEnumConstantDeclValue(ref), L->math), ty);
    }
    if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl) {
      binding *b = cl_var_of(L, ref, e);
      if (!b) return cl_void_val;
      if (b->ndims || b->is_agg) {
        cl_fail(L, e, b->ndims ? "array used as a pointer" : "whole-struct values");
        return cl_void_val;
      }
      return cl_val(b->var, b->ty);
    }
    cl_fail(L, e, "function used as a value");
    return cl_void_val;
  }
  case CXCursor_MemberRefExpr:
  case CXCursor_ArraySubscriptExpr: {
    lval lv = cl_lower_lval(L, e);
    return L->failed ? cl_void_val : read_lval(L, lv);
  }
  case CXCursor_BinaryOperator: return lower_binary(L, e, false);
  case CXCursor_CompoundAssignOperator: return lower_binary(L, e, true);
  case CXCursor_UnaryOperator: return lower_unary(L, e);
  case CXCursor_ConditionalOperator: return lower_conditional(L, e);
  case CXCursor_CallExpr: return lower_call(L, e);
  case CXCursor_StmtExpr: {   /* GNU ({ s1; ...; e; }): the statements, then the last one's value */
    cursors cs = cl_children(e), body = {0};
    if (cs.n == 1 && clang_getCursorKind(cs.v[0]) == CXCursor_CompoundStmt) body = cl_children(cs.v[0]);
    free(cs.v);
    cval r = cl_void_val;
    for (uint32_t i = 0; i < body.n && !L->failed; i++) {
      if (i + 1 == body.n && clang_isExpression(clang_getCursorKind(body.v[i])) &&
          clang_getCursorType(e).kind != CXType_Void)
        r = cl_lower_expr(L, body.v[i]);
      else
        cl_lower_stmt(L, body.v[i]);
    }
    free(body.v);
    return r;
  }
  case CXCursor_FloatingLiteral: cl_fail(L, e, "floating-point values"); return cl_void_val;
  case CXCursor_StringLiteral: cl_fail(L, e, "string literal"); return cl_void_val;
  default: {
    char kb[64];
    cl_fail(L, e, "%s", cl_kind_name(e, kb, sizeof kb));
    return cl_void_val;
  }
  }
}

/* Branches from the current location to yes or no on e; stmt (or null):
 * the statement whose condition e is, for branching waypoints. */
void cl_branch_cond(lower *L, CXCursor e, uint32_t yes, uint32_t no, CXCursor stmt) {
  if (L->failed) return;
  CXCursor s = e;
  while (clang_getCursorKind(s) == CXCursor_ParenExpr || clang_getCursorKind(s) == CXCursor_UnexposedExpr) {
    cursors cs = cl_children(s);
    bool one = cs.n == 1;
    CXCursor inner = one ? cs.v[0] : s;
    free(cs.v);
    if (!one) break;
    /* a conversion to _Bool or int does not change truth */
    s = inner;
  }
  enum CXCursorKind k = clang_getCursorKind(s);
  if (k == CXCursor_BinaryOperator) {
    cursors cs = cl_children(s);
    char tok[8] = "";
    if (cs.n == 2) cl_binary_token(L, s, cs.v[0], tok, sizeof tok);
    if (strcmp(tok, "&&") == 0 || strcmp(tok, "||") == 0) {
      uint32_t mid = cl_new_loc(L);
      if (tok[0] == '&') cl_branch_cond(L, cs.v[0], mid, no, clang_getNullCursor());
      else cl_branch_cond(L, cs.v[0], yes, mid, clang_getNullCursor());
      L->cur = mid;
      cl_branch_cond(L, cs.v[1], yes, no, clang_getNullCursor());
      free(cs.v);
      return;
    }
    free(cs.v);
  }
  if (k == CXCursor_UnaryOperator) {
    cursors cs = cl_children(s);
    char tok[16] = "";
    bool postfix = false;
    if (cs.n == 1) cl_unary_token(L, s, cs.v[0], tok, sizeof tok, &postfix);
    if (strcmp(tok, "!") == 0) {
      cl_branch_cond(L, cs.v[0], no, yes, stmt);
      free(cs.v);
      return;
    }
    free(cs.v);
  }
  cval v = cl_lower_expr(L, s);
  if (L->failed) return;
  if (v.is_void) {
    cl_fail(L, e, "void condition");
    return;
  }
  term_t c = c_sem_truth(v.t, v.ty, L->math);
  c_edge_info yi = cl_plain, ni = cl_plain;
  if (!clang_Cursor_isNull(stmt)) {
    uint32_t line, col;
    cl_pos_of(stmt, &line, &col);
    yi = (c_edge_info){C_EDGE_TRUE, line, col, 0, NULL};
    ni = (c_edge_info){C_EDGE_FALSE, line, col, 0, NULL};
  }
  uint32_t src = cl_here(L);
  cfa_stmt st = {.kind = CFA_ASSUME, .expr = c}, sf = {.kind = CFA_ASSUME, .expr = term_not(c)};
  cl_edge_to(L, src, yes, &st, yi);
  cl_edge_to(L, src, no, &sf, ni);
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
  cl_int_type(rt, &u.type);
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
  if (!is_void && !cl_int_type(rt, &ty)) {
    char tw[128];
    cl_fail(L, e, "call of %s returning %s", name, cl_type_word(rt, tw, sizeof tw));
    return cl_void_val;
  }
  char vn[64];
  snprintf(vn, sizeof vn, "nondet!%u", p->nsites);
  term_t v = cl_new_var(L, vn, c_sem_sort(ty, L->math), NULL, ty);
  if (p->nsites == p->cap_sites) p->sites = xrealloc(p->sites, (p->cap_sites = p->cap_sites ? 2 * p->cap_sites : 32) * sizeof *p->sites);
  c_site s = {v, ty, is_void, ui, 0, 0, NULL, 0, 0};
  cl_pos_of(e, &s.line, &s.col);
  p->sites[p->nsites] = s;
  cl_emit(L, (cfa_stmt){.kind = CFA_HAVOC, .var = v}, (c_edge_info){C_EDGE_NONDET, s.line, s.col, p->nsites, NULL});
  p->nsites++;
  if (is_void) return cl_void_val;
  cl_emit_assume(L, c_sem_range(v, ty, L->math), cl_plain);
  return cl_val(v, ty);
}


uint32_t cl_label_loc(lower *L, const char *name) {
  frame *f = &L->frames[L->nframes - 1];
  for (uint32_t i = 0; i < f->nlabels; i++)
    if (strcmp(f->labels[i].name, name) == 0) return f->labels[i].loc;
  f->labels = xrealloc(f->labels, (f->nlabels + 1) * sizeof *f->labels);
  f->labels[f->nlabels].name = xstrdup(name);
  f->labels[f->nlabels].loc = cl_new_loc(L);
  return f->labels[f->nlabels++].loc;
}

/* The arguments of call e of def, evaluated left to right (copied when a
 * later argument has side effects); NULL after a failure. aggs (NULL: no
 * struct arguments): the struct arguments' values, by position. */
static cval *call_args(lower *L, CXCursor e, CXCursor def, const char *name, int *n, agg_val *aggs) {
  int nargs = clang_Cursor_getNumArguments(e), nparams = clang_Cursor_getNumArguments(def);
  if (nargs != nparams || nargs < 0) {
    cl_fail(L, e, "call of %s with %d arguments for %d parameters", name, nargs, nparams);
    return NULL;
  }
  cval *args = xcalloc((size_t)nargs + 1, sizeof *args);
  for (int i = 0; i < nargs && !L->failed; i++) {
    if (aggs && cl_is_struct_type(clang_getCursorType(clang_Cursor_getArgument(def, (unsigned)i)))) {
      /* a struct argument: the values of its leaves (copied into the parameter's by inline_call) */
      access a;
      bool later = false;
      for (int j = i + 1; j < nargs && !later; j++) later = cl_has_side_effects(clang_Cursor_getArgument(e, (unsigned)j));
      if (later) cl_fail(L, e, "struct argument followed by arguments with side effects");
      else if (cl_resolve(L, clang_Cursor_getArgument(e, (unsigned)i), &a)) cl_read_agg(L, &a, &aggs[i], e);
      args[i].is_void = true;
      continue;
    }
    args[i] = cl_lower_expr(L, clang_Cursor_getArgument(e, (unsigned)i));
    if (!L->failed && args[i].is_void) cl_fail(L, e, "void argument");
    bool later = false;
    for (int j = i + 1; j < nargs && !later; j++) later = cl_has_side_effects(clang_Cursor_getArgument(e, (unsigned)j));
    if (later && !L->failed) args[i] = cl_stable(L, args[i]);
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
  if (!cl_int_type(rt, ty)) {
    char tw[128];
    cl_fail(L, e, "function %s returning %s", name, cl_type_word(rt, tw, sizeof tw));
    return false;
  }
  char rn[320];
  snprintf(rn, sizeof rn, "%sresult", prefix);
  *var = cl_new_var(L, rn, c_sem_sort(*ty, L->math), NULL, *ty);
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
  p->funcs[fi].entry = cl_new_loc(L), p->funcs[fi].exit = cl_new_loc(L);
  char prefix[300];
  snprintf(prefix, sizeof prefix, "%s::", name);
  for (int i = 0; i < np && !L->failed; i++) {
    binding *b = cl_add_binding(L, clang_Cursor_getArgument(def, (unsigned)i), L->pdefs[fi].inst, prefix, e);
    if (!b || b->ndims || b->is_agg) {
      if (b) cl_fail(L, e, b->ndims ? "array parameter" : "struct parameters of recursive functions");
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
    cl_fail(L, L->in_init, "non-constant initializer of a global");
    return cl_void_val;
  }
  int nargs = 0;
  cval *args = call_args(L, e, def, name, &nargs, NULL);
  if (!args) return cl_void_val;
  uint32_t fi = proc_of(L, e, def, name);
  if (fi == 0 && !L->failed) cl_fail(L, e, "a call of main");
  if (L->failed) {
    free(args);
    return cl_void_val;
  }
  c_program *p = L->p;
  term_t *a = xcalloc((size_t)nargs + 1, sizeof *a);
  for (int i = 0; i < nargs; i++) a[i] = c_sem_convert(args[i].t, args[i].ty, L->pdefs[fi].pty[i], L->math);
  free(args);
  cval r = cl_void_val;
  if (!L->pdefs[fi].ret_void) r = cl_val(cl_tmp_var(L, L->pdefs[fi].ret_ty), L->pdefs[fi].ret_ty);
  uint32_t src = cl_here(L), dst = cl_new_loc(L);
  uint32_t ed = cl_edge_to(L, src, dst, NULL, cl_plain);
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
    cl_fail(L, e, "recursion");
    return cl_void_val;
  }
  if (active >= L->max_rec && L->max_rec) {
    /* bounded recursion: deeper calls are cut off (the path ends here),
     * or reported as reaching the error (the bound's own check) */
    if (L->cut_errors) {
      uint32_t line, col;
      cl_pos_of(e, &line, &col);
      cl_edge_to(L, cl_here(L), L->err, NULL, (c_edge_info){C_EDGE_CUT, line, col, 0, NULL});
    } else {
      L->p->bounded = L->max_rec;
    }
    cl_emit_assume(L, term_false(), cl_plain);
    c_int rt;
    CXType t = clang_getResultType(clang_getCursorType(def));
    if (clang_getCanonicalType(t).kind == CXType_Void || !cl_int_type(t, &rt)) return cl_void_val;
    return cl_val(cl_tmp_var(L, rt), rt);
  }
  if (L->nframes >= (L->max_rec ? MAX_BOUNDED_DEPTH : 200)) {
    cl_fail(L, e, "call depth");
    return cl_void_val;
  }
  int nargs = 0, np = clang_Cursor_getNumArguments(def);
  agg_val *aggs = xcalloc((size_t)(np > 0 ? np : 0) + 1, sizeof *aggs);
  cval *args = call_args(L, e, def, name, &nargs, aggs);
  if (!args) {
    for (int i = 0; i < np; i++) cl_agg_free(&aggs[i]);
    free(aggs);
    return cl_void_val;
  }
  uint32_t inst = ++L->ninst;
  char prefix[300];
  snprintf(prefix, sizeof prefix, "%s#%u::", name, inst);
  frame f = {def, inst, cl_new_loc(L), NULL_TERM, c_int_int, false, -1, xstrdup(name), NULL, 0};
  CXType rt = clang_getResultType(clang_getCursorType(def));
  if (cl_is_struct_type(rt)) {
    /* a struct result: a binding of the frame that returns copy into */
    binding *rb = cl_add_binding_typed(L, def, rt, inst, prefix, e);
    if (rb) f.ret_bind = (int32_t)(rb - L->binds), f.ret_void = true;
  } else if (!result_of(L, e, def, name, prefix, &f.ret_void, &f.ret_ty, &f.ret_var)) {
    for (int i = 0; i < nargs; i++) cl_agg_free(&aggs[i]);
    free(args), free(f.name), free(aggs);
    return cl_void_val;
  }
  L->frames = xrealloc(L->frames, (L->nframes + 1) * sizeof *L->frames);
  L->frames[L->nframes++] = f;
  for (int i = 0; i < nargs && !L->failed; i++) {
    binding *b = cl_add_binding(L, clang_Cursor_getArgument(def, (unsigned)i), inst, prefix, e);
    if (!b || b->ndims) {
      if (b) cl_fail(L, e, "array parameter");
      break;
    }
    if (b->is_agg) {
      access a = {b, "", {0}, 0};
      cl_write_agg(L, &a, &aggs[i], e);
    } else {
      cl_emit_assign(L, b->var, c_sem_convert(args[i].t, args[i].ty, b->ty, L->math));
    }
  }
  for (int i = 0; i < nargs; i++) cl_agg_free(&aggs[i]);
  free(args), free(aggs);
  cursors cs = cl_children(def);
  CXCursor body = cs.n ? cs.v[cs.n - 1] : def;
  free(cs.v);
  /* break/continue/case do not cross functions; the callee's loops and
   * switches go above the caller's (resetting the counts let the callee's
   * switch overwrite the caller's: a case label after the call read a
   * freed case list, difftest seed 10001) */
  uint32_t saved_loop_floor = L->loop_floor, saved_sw_floor = L->sw_floor, saved_nloop = L->nloop, saved_nsw = L->nsw;
  L->loop_floor = L->nloop, L->sw_floor = L->nsw;
  if (!L->failed) cl_lower_stmt(L, body);
  L->nloop = saved_nloop, L->nsw = saved_nsw;   /* also after a failure inside */
  L->loop_floor = saved_loop_floor, L->sw_floor = saved_sw_floor;
  frame *top = &L->frames[--L->nframes];
  cl_jump(L, top->ret_loc);
  L->cur = top->ret_loc;
  cl_frame_free(top);
  L->call_bind = top->ret_bind;
  if (top->ret_void) return cl_void_val;
  return cl_val(top->ret_var, top->ret_ty);
}

static cval lower_call(lower *L, CXCursor e) {
  CXCursor fn = clang_getCursorReferenced(e);
  if (clang_Cursor_isNull(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl) {
    cl_fail(L, e, "call through a function pointer");
    return cl_void_val;
  }
  char *name = cl_spelling(fn);
  cval r = cl_void_val;
  uint32_t line, col;
  cl_pos_of(e, &line, &col);
  static const char *const errors[] = {"reach_error", "__VERIFIER_error", NULL};
  static const char *const stops[] = {"abort", "exit", "__assert_fail", "__assert_perror_fail", "__assert", "_Exit", NULL};
  CXCursor def = clang_getCursorDefinition(fn);
  if (is_name(name, errors)) {
    cl_edge_to(L, cl_here(L), L->err, NULL, (c_edge_info){C_EDGE_REACH, line, col, 0, NULL});
    L->cur = CFA_NONE;
  } else if (is_name(name, stops)) {
    int n = clang_Cursor_getNumArguments(e);
    for (int i = 0; i < n && !L->failed; i++) {
      CXCursor a = clang_Cursor_getArgument(e, (unsigned)i);
      if (cl_has_side_effects(a)) cl_lower_expr(L, a);
    }
    L->cur = CFA_NONE;
  } else if (strcmp(name, "__VERIFIER_assume") == 0 && clang_Cursor_isNull(def)) {
    if (clang_Cursor_getNumArguments(e) != 1) cl_fail(L, e, "__VERIFIER_assume with %d arguments", clang_Cursor_getNumArguments(e));
    uint32_t yes = cl_new_loc(L), no = cl_new_loc(L);
    cl_branch_cond(L, clang_Cursor_getArgument(e, 0), yes, no, clang_getNullCursor());
    L->cur = yes;
  } else if (!clang_Cursor_isNull(def)) {
    r = inline_call(L, e, def, name);
  } else {
    int n = clang_Cursor_getNumArguments(e);
    for (int i = 0; i < n && !L->failed; i++) {
      CXCursor a = clang_Cursor_getArgument(e, (unsigned)i);
      if (cl_has_side_effects(a)) cl_lower_expr(L, a);
    }
    if (!L->failed) r = undefined_call(L, e, fn, name);
  }
  c_int ty;
  /* an error or stop call whose value is used (`!reach_error()`, declared
   * implicitly as int): the path ended there, so any value stands for it
   * (void made `!` read a missing term: fuzz finding, session 20) */
  if (r.is_void && L->cur == CFA_NONE && !L->failed && cl_int_type(clang_getCursorType(e), &ty))
    r = cl_val(c_sem_const_si(ty, 0, L->math), ty);
  free(name);
  return r;
}

