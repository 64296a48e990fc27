/* C to CFA (c_lower.h): a recursive walk over libclang's cursors from
 * main. libclang 14 hides operator kinds and implicit conversions: the
 * operator is the token after the first operand (c_token_op), and an
 * implicit conversion is an unexposed node whose type is the target type;
 * compound assignments convert as C11 6.5.16.2 says (c_sem.h). Only code
 * reached from main is looked at, so unused functions outside the fragment
 * do not matter. */
#include "lang/c/c_lower_int.h"

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
    cl_fail(L, d, "declaration %s", cl_kind_name(d, kb, sizeof kb));
    return;
  }
  if (cl_is_static_storage(d)) {   /* static or extern: initialized at the start */
    cl_global(L, d, d);
    return;
  }
  frame *f = &L->frames[L->nframes - 1];
  char prefix[300];
  cl_frame_scope(f, prefix, sizeof prefix);
  binding *b = cl_find_binding(L, d, f->inst);
  if (!b) b = cl_add_binding(L, d, f->inst, prefix, d);
  if (!b) return;
  uint32_t bi = (uint32_t)(b - L->binds);
  if (b->is_agg || b->ndims) {
    CXCursor copy;
    term_t *vals = cl_initial_values(L, bi, d, false, &copy);
    if (!clang_Cursor_isNull(copy)) {   /* struct s = t; */
      cl_copy_struct(L, clang_getNullCursor(), bi, copy, d);
      return;
    }
    binding *first;
    uint32_t n = cl_leaves_of(L, &L->binds[bi], &first), f0 = (uint32_t)(first - L->binds);
    for (uint32_t i = 0; i < n && !L->failed; i++) {
      binding *lf = &L->binds[f0 + i];
      if (vals) {
        cl_emit_assign(L, lf->var, vals[i]);
      } else {   /* indeterminate until assigned: any value */
        cl_emit(L, (cfa_stmt){.kind = CFA_HAVOC, .var = lf->var}, (c_edge_info){C_EDGE_LOCAL, 0, 0, 0, NULL});
        if (!lf->ndims) cl_emit_assume(L, c_sem_range(lf->var, lf->ty, L->math), cl_plain);
      }
    }
    free(vals);
    return;
  }
  CXCursor init = cl_initializer(d);
  if (clang_Cursor_isNull(init)) {
    /* indeterminate until assigned: any value */
    cl_emit(L, (cfa_stmt){.kind = CFA_HAVOC, .var = b->var}, (c_edge_info){C_EDGE_LOCAL, 0, 0, 0, NULL});
    cl_emit_assume(L, c_sem_range(b->var, b->ty, L->math), cl_plain);
    return;
  }
  uint32_t before = L->p->nsites;
  cval v = cl_lower_expr(L, init);
  if (L->failed) return;
  if (v.is_void) {
    cl_fail(L, init, "void initializer");
    return;
  }
  b = &L->binds[bi];
  cl_emit_assign(L, b->var, c_sem_convert(v.t, v.ty, b->ty, L->math));
  char *cname = cl_spelling(d);
  note_target(L, before, cname);
  free(cname);
}

static void push_loop(lower *L, uint32_t brk, uint32_t cont, CXCursor at) {
  if (L->nloop >= 256) {
    cl_fail(L, at, "loops nested too deeply");
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
  cl_frame_scope(f, scope, sizeof scope);
  lp.scope = xstrdup(scope);
  cl_pos_of(s, &lp.line, &lp.col);
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
    unsigned off = cl_offset_of(clang_getRangeStart(clang_getTokenExtent(L->tu, toks[i])));
    if (strcmp(t, "(") == 0) depth++;
    else if (strcmp(t, ")") == 0 && --depth == 0 && !rparen) rparen = off;
    else if (strcmp(t, ";") == 0 && depth == 1 && nsemi < 2) semi[nsemi++] = off;
    clang_disposeString(sp);
    if (rparen) break;
  }
  clang_disposeTokens(L->tu, toks, nt);
  if (nsemi != 2 || !rparen) {
    cl_fail(L, s, "for statement not understood");
    return;
  }
  cursors cs = cl_children(s);
  for (uint32_t i = 0; i < cs.n; i++) {
    unsigned off = cl_offset_of(clang_getRangeStart(clang_getCursorExtent(cs.v[i])));
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
    sw->cases[sw->n++] = (case_entry){s, cl_new_loc(L)};
  }
  void *d[2] = {sw, L};
  clang_visitChildren(s, case_visit, d);
}

static void lower_switch(lower *L, CXCursor s) {
  cursors cs = cl_children(s);
  if (cs.n != 2) {
    free(cs.v);
    cl_fail(L, s, "switch statement");
    return;
  }
  CXCursor cond = cs.v[0], body = cs.v[1];
  free(cs.v);
  cval v = cl_lower_expr(L, cond);   /* read right away by the dispatch edges: no copy */
  if (L->failed) return;
  switch_ctx sw = {NULL, 0, CFA_NONE};
  collect_cases(body, &sw, L);
  uint32_t end = cl_new_loc(L), src = cl_here(L);
  uint32_t line, col;
  cl_pos_of(s, &line, &col);
  term_t none = term_true();
  for (uint32_t i = 0; i < sw.n && !L->failed; i++) {
    if (clang_getCursorKind(sw.cases[i].c) == CXCursor_DefaultStmt) {
      sw.dflt = sw.cases[i].loc;
      continue;
    }
    cursors cc = cl_children(sw.cases[i].c);
    long long cv;
    bool u;
    if (cc.n != 2 || !cl_evaluate(cc.v[0], &cv, &u)) cl_fail(L, sw.cases[i].c, "case label");
    free(cc.v);
    if (L->failed) break;
    term_t eq = term_eq(v.t, c_sem_const_si(v.ty, (long)cv, L->math));
    none = term_and2(none, term_not(eq));
    cfa_stmt st = {.kind = CFA_ASSUME, .expr = eq};
    cl_edge_to(L, src, sw.cases[i].loc, &st, (c_edge_info){C_EDGE_TRUE, line, col, 0, NULL});
  }
  cfa_stmt sn = {.kind = CFA_ASSUME, .expr = none};
  cl_edge_to(L, src, sw.dflt != CFA_NONE ? sw.dflt : end, &sn, cl_plain);
  L->cur = CFA_NONE;
  if (L->nsw >= 64) cl_fail(L, s, "switches nested too deeply");
  L->sw[L->nsw++] = &sw;
  push_loop(L, end, L->nloop > L->loop_floor ? L->cont[L->nloop - 1] : CFA_NONE, s);
  cl_lower_stmt(L, body);
  L->nloop--, L->nsw--;
  cl_jump(L, end);
  L->cur = end;
  free(sw.cases);
}

void cl_lower_stmt(lower *L, CXCursor s) {
  if (L->failed || cl_too_big(L, s)) return;
  enum CXCursorKind k = clang_getCursorKind(s);
  if (L->npending && k != CXCursor_CompoundStmt) {   /* the waypoint of the previous statement's nondet value */
    uint32_t line, col;
    cl_pos_of(s, &line, &col);
    for (uint32_t i = 0; i < L->npending; i++) L->p->sites[L->pending[i]].wline = line, L->p->sites[L->pending[i]].wcol = col;
    L->npending = 0;
  }
  cursors cs = cl_children(s);
  switch (k) {
  case CXCursor_CompoundStmt:
    for (uint32_t i = 0; i < cs.n && !L->failed; i++) cl_lower_stmt(L, cs.v[i]);
    break;
  case CXCursor_DeclStmt:
    for (uint32_t i = 0; i < cs.n && !L->failed; i++) lower_decl(L, cs.v[i]);
    break;
  case CXCursor_NullStmt:
    break;
  case CXCursor_IfStmt: {
    uint32_t yes = cl_new_loc(L), no = cl_new_loc(L), end = cl_new_loc(L);
    if (cs.n < 2) {
      cl_fail(L, s, "if statement");
      break;
    }
    cl_branch_cond(L, cs.v[0], yes, no, s);
    L->cur = yes;
    cl_lower_stmt(L, cs.v[1]);
    cl_jump(L, end);
    L->cur = no;
    if (cs.n > 2) cl_lower_stmt(L, cs.v[2]);
    cl_jump(L, end);
    L->cur = end;
    break;
  }
  case CXCursor_WhileStmt: {
    if (cs.n != 2) {
      cl_fail(L, s, "while statement");
      break;
    }
    uint32_t head = cl_new_loc(L), body = cl_new_loc(L), end = cl_new_loc(L);
    cl_jump(L, head);
    loop_head(L, head, s);
    L->cur = head;
    cl_branch_cond(L, cs.v[0], body, end, s);
    L->cur = body;
    push_loop(L, end, head, s);
    cl_lower_stmt(L, cs.v[1]);
    L->nloop--;
    cl_jump(L, head);
    L->cur = end;
    break;
  }
  case CXCursor_DoStmt: {
    if (cs.n != 2) {
      cl_fail(L, s, "do statement");
      break;
    }
    uint32_t body = cl_new_loc(L), test = cl_new_loc(L), end = cl_new_loc(L);
    cl_jump(L, body);
    loop_head(L, body, s);
    L->cur = body;
    push_loop(L, end, test, s);
    cl_lower_stmt(L, cs.v[0]);
    L->nloop--;
    cl_jump(L, test);
    L->cur = test;
    cl_branch_cond(L, cs.v[1], body, end, s);
    L->cur = end;
    break;
  }
  case CXCursor_ForStmt: {
    CXCursor init, cond, inc, body;
    for_parts(L, s, &init, &cond, &inc, &body);
    if (L->failed) break;
    if (!clang_Cursor_isNull(init)) {
      if (clang_getCursorKind(init) == CXCursor_DeclStmt) cl_lower_stmt(L, init);
      else cl_lower_expr(L, init);
    }
    uint32_t head = cl_new_loc(L), bodyl = cl_new_loc(L), step = cl_new_loc(L), end = cl_new_loc(L);
    cl_jump(L, head);
    loop_head(L, head, s);
    L->cur = head;
    if (!clang_Cursor_isNull(cond)) cl_branch_cond(L, cond, bodyl, end, s);
    else cl_jump(L, bodyl);
    L->cur = bodyl;
    push_loop(L, end, step, s);
    if (!clang_Cursor_isNull(body)) cl_lower_stmt(L, body);
    L->nloop--;
    cl_jump(L, step);
    L->cur = step;
    if (!clang_Cursor_isNull(inc)) cl_lower_effect(L, inc);
    cl_jump(L, head);
    L->cur = end;
    break;
  }
  case CXCursor_BreakStmt:
  case CXCursor_ContinueStmt: {
    uint32_t to = L->nloop > L->loop_floor ? (k == CXCursor_BreakStmt ? L->brk : L->cont)[L->nloop - 1] : CFA_NONE;
    if (to == CFA_NONE) cl_fail(L, s, "break or continue outside a loop");
    else cl_jump(L, to);
    break;
  }
  case CXCursor_ReturnStmt: {
    frame *f = &L->frames[L->nframes - 1];
    if (cs.n == 1 && f->ret_bind >= 0) {
      cl_copy_struct(L, clang_getNullCursor(), (uint32_t)f->ret_bind, cs.v[0], s);
    } else if (cs.n == 1) {
      uint32_t fi = L->nframes - 1;
      cval v = cl_lower_expr(L, cs.v[0]);
      f = &L->frames[fi];
      if (!L->failed && !f->ret_void && !v.is_void) cl_emit_assign(L, f->ret_var, c_sem_convert(v.t, v.ty, f->ret_ty, L->math));
    }
    cl_jump(L, L->frames[L->nframes - 1].ret_loc);
    break;
  }
  case CXCursor_SwitchStmt:
    lower_switch(L, s);
    break;
  case CXCursor_CaseStmt:
  case CXCursor_DefaultStmt: {
    switch_ctx *sw = L->nsw > L->sw_floor ? L->sw[L->nsw - 1] : NULL;
    uint32_t loc = CFA_NONE;
    for (uint32_t i = 0; sw && i < sw->n; i++)
      if (clang_equalCursors(sw->cases[i].c, s)) loc = sw->cases[i].loc;
    if (loc == CFA_NONE) {
      cl_fail(L, s, "case label outside its switch");
      break;
    }
    cl_jump(L, loc);
    L->cur = loc;
    if (cs.n > 0) cl_lower_stmt(L, cs.v[cs.n - 1]);
    break;
  }
  case CXCursor_LabelStmt: {
    char *name = cl_spelling(s);
    uint32_t loc = cl_label_loc(L, name);
    free(name);
    cl_jump(L, loc);
    L->cur = loc;
    if (cs.n > 0) cl_lower_stmt(L, cs.v[cs.n - 1]);
    break;
  }
  case CXCursor_GotoStmt: {
    CXCursor lab = cs.n ? clang_getCursorReferenced(cs.v[0]) : s;
    char *name = cl_spelling(lab);
    cl_jump(L, cl_label_loc(L, name));
    free(name);
    break;
  }
  default:
    if (clang_isExpression(k)) {
      /* an expression statement; x = nondet() marks the site for the witness */
      uint32_t before = L->p->nsites;
      cl_lower_effect(L, s);
      CXCursor st = cl_strip(s);
      if (!L->failed && clang_getCursorKind(st) == CXCursor_BinaryOperator) {
        cursors ch = cl_children(st);
        char tok[8] = "";
        if (ch.n == 2 && cl_binary_token(L, st, ch.v[0], tok, sizeof tok) && strcmp(tok, "=") == 0 &&
            clang_getCursorKind(cl_strip(ch.v[0])) == CXCursor_DeclRefExpr) {
          char *cname = cl_spelling(cl_strip(ch.v[0]));
          note_target(L, before, cname);
          free(cname);
        }
        free(ch.v);
      }
    } else {
      char kb[64];
      cl_fail(L, s, "statement %s", cl_kind_name(s, kb, sizeof kb));
    }
  }
  free(cs.v);
}

/* ---- the program ---- */

/* The definition of function name, or a null cursor. */
static CXCursor find_definition(CXTranslationUnit tu, const char *name) {
  cursors cs = cl_children(clang_getTranslationUnitCursor(tu));
  CXCursor def = clang_getNullCursor();
  for (uint32_t i = 0; i < cs.n && clang_Cursor_isNull(def); i++) {
    if (clang_getCursorKind(cs.v[i]) != CXCursor_FunctionDecl || !clang_isCursorDefinition(cs.v[i])) continue;
    char *n = cl_spelling(cs.v[i]);
    if (strcmp(n, name) == 0) def = cs.v[i];
    free(n);
  }
  free(cs.v);
  return def;
}

/* The position in the input file of the #include that brought in the
 * header holding an error (inclusion stacks end in the main file). */
typedef struct {
  CXFile header;
  CXSourceLocation at;
  bool found;
} include_site;

static void find_include(CXFile included, CXSourceLocation *stack, unsigned n, CXClientData data) {
  include_site *s = data;
  if (!s->found && n > 0 && clang_File_isEqual(included, s->header)) s->at = stack[n - 1], s->found = true;
}

/* An error inside a header that the input broke (`#include <assert.h>`
 * inside a function body) at the input's #include: "FILE:LINE:COL: error
 * in the included HEADER:LINE:COL: message". False when there is none. */
static bool header_error(CXTranslationUnit tu, CXDiagnostic dg, diag *d) {
  CXSourceLocation loc = clang_getDiagnosticLocation(dg);
  if (clang_Location_isFromMainFile(loc)) return false;
  include_site s = {NULL, loc, false};
  unsigned line, col, ml, mc;
  clang_getSpellingLocation(loc, &s.header, &line, &col, NULL);
  if (!s.header) return false;
  clang_getInclusions(tu, find_include, &s);
  CXFile main_file;
  if (!s.found) return false;
  clang_getSpellingLocation(s.at, &main_file, &ml, &mc, NULL);
  if (!main_file) return false;
  CXString mn = clang_getFileName(main_file), hn = clang_getFileName(s.header), msg = clang_getDiagnosticSpelling(dg);
  diag_set(d, ZETA_EXIT_INPUT, "%s:%u:%u: error in the included %s:%u:%u: %s", clang_getCString(mn), ml, mc,
           clang_getCString(hn), line, col, clang_getCString(msg));
  clang_disposeString(mn), clang_disposeString(hn), clang_disposeString(msg);
  return true;
}

/* An error about the whole input, without a position (libclang's "UTF-16
 * (BE) byte order mark detected"): at the input's 1:1. False when the
 * error has a file. */
static bool unplaced_error(CXTranslationUnit tu, CXDiagnostic dg, diag *d) {
  CXFile f = NULL;
  clang_getSpellingLocation(clang_getDiagnosticLocation(dg), &f, NULL, NULL, NULL);
  if (f) return false;
  CXString tn = clang_getTranslationUnitSpelling(tu), msg = clang_getDiagnosticSpelling(dg);
  diag_set(d, ZETA_EXIT_INPUT, "%s:1:1: error: %s", clang_getCString(tn), clang_getCString(msg));
  clang_disposeString(tn), clang_disposeString(msg);
  return true;
}

/* The first error diagnostic as file:line:column: message. */
static bool syntax_error(CXTranslationUnit tu, diag *d) {
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic dg = clang_getDiagnostic(tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
    if (sev >= CXDiagnostic_Error) {
      if (unplaced_error(tu, dg, d) || header_error(tu, dg, d)) {
        clang_disposeDiagnostic(dg);
        return true;
      }
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
    cursors cs = cl_children(pd->def);
    if (cs.n) cl_lower_stmt(L, cs.v[cs.n - 1]);
    free(cs.v);
    cl_jump(L, L->p->funcs[fi].exit);
    cl_frame_free(&L->frames[0]);
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
  if (!cl_int_type(clang_getCursorType(argc), &ty)) return;
  binding *b = cl_add_binding(L, argc, 1, "main::", argc);
  if (!b) return;
  term_t v = b->var;
  cl_emit(L, (cfa_stmt){.kind = CFA_HAVOC, .var = v}, (c_edge_info){C_EDGE_LOCAL, 0, 0, 0, NULL});
  term_t ub, ge0 = c_sem_binary(C_GE, v, c_sem_const_si(ty, 0, L->math), ty, ty, L->math, &ub);
  cl_emit_assume(L, term_and2(c_sem_range(v, ty, L->math), ge0), cl_plain);
}

static bool lower_file(const char *path, const zeta_options *o, c_program *p, diag *d, bool procmode, uint32_t max_rec,
                       bool cut_errors) {
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
    L.p = p, L.tu = tu, L.math = p->math, L.c = &p->cfa, L.max_rec = max_rec, L.cut_errors = cut_errors;
    cl_find_macros(&L);
    p->reach_error_defined = !clang_Cursor_isNull(find_definition(tu, "reach_error"));
    p->verifier_error_defined = !clang_Cursor_isNull(find_definition(tu, "__VERIFIER_error"));
    p->assume_defined = !clang_Cursor_isNull(find_definition(tu, "__VERIFIER_assume"));
    uint32_t init = cfa_add_loc(&p->cfa, "INIT");
    p->cfa.locs[init].is_init = true;
    L.err = cfa_add_loc(&p->cfa, "ERR");
    p->cfa.locs[L.err].is_error = true;
    uint32_t entry = cl_new_loc(&L), exit = cl_new_loc(&L);
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
    cursors cs = cl_children(mainfn);
    if (cs.n) cl_lower_stmt(&L, cs.v[cs.n - 1]);
    free(cs.v);
    cl_jump(&L, exit);
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
      cl_add_info(p, cl_plain);
    }
    free(gs);
    for (uint32_t i = 0; i < L.nframes; i++) cl_frame_free(&L.frames[i]);
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
  /* the procedure engines get the procedures even without recursion */
  if (option_is(o->algorithm, "pds") || option_is(o->algorithm, "spacer") || option_is(o->algorithm, "own"))
    return lower_file(path, o, p, d, true, 0, false);
  if (!lower_file(path, o, p, d, false, 0, false)) return false;
  if (!p->unknown || strcmp(p->unknown, "recursion") != 0) return true;
  c_program_free(p);
  return lower_file(path, o, p, d, true, 0, false);
}

bool c_lower_bounded(const char *path, const zeta_options *o, uint32_t depth, bool cut_errors, c_program *p, diag *d) {
  return lower_file(path, o, p, d, false, depth ? depth : 1, cut_errors);
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

