/* Operator kinds from tokens (c_lower_int.h): libclang 14 does not expose
 * them, so the operator is the token after the first operand; macro
 * expansions are recorded to tell a macro's tokens from the call's. */
#include "lang/c/c_lower_int.h"

unsigned cl_offset_of(CXSourceLocation loc) {
  unsigned off = 0;
  clang_getSpellingLocation(loc, NULL, NULL, NULL, &off);
  return off;
}

/* The tokens of c's extent, through file offsets: clang_tokenize reads the
 * spelling locations of a range, which for an end inside a macro
 * expansion lie in the macro's definition (no tokens at all). */
void cl_file_tokens(lower *L, CXCursor c, CXToken **toks, unsigned *nt) {
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
  unsigned end = cl_offset_of(clang_getRangeEnd(clang_getCursorExtent(c)));
  CXToken *toks = NULL;
  unsigned nt = 0;
  cl_file_tokens(L, c, &toks, &nt);
  for (unsigned i = 0; i < nt; i++) {
    unsigned e = cl_offset_of(clang_getRangeEnd(clang_getTokenExtent(L->tu, toks[i])));
    if (e > end) end = e;
  }
  clang_disposeTokens(L->tu, toks, nt);
  return end;
}

/* The spelling of the first token of e at or after offset `from` (the end
 * of the first operand), or the first token when from is 0. */
bool cl_token_at(lower *L, CXCursor e, unsigned from, bool first, char *out, size_t n) {
  CXToken *toks = NULL;
  unsigned nt = 0;
  cl_file_tokens(L, e, &toks, &nt);
  bool found = false;
  for (unsigned i = 0; i < nt && !found; i++) {
    CXSourceRange r = clang_getTokenExtent(L->tu, toks[i]);
    if (!first && cl_offset_of(clang_getRangeStart(r)) < from) continue;
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
bool cl_binary_token(lower *L, CXCursor e, CXCursor lhs, char *out, size_t n) {
  if (clang_getCursorType(lhs).kind == CXType_Void) {
    snprintf(out, n, ",");
    return true;
  }
  macro_pos m = macro_at(L, lhs, true);
  if (m == AT_BODY) return false;
  bool ok = cl_token_at(L, e, end_of(L, lhs), false, out, n);
  return ok && !(m == AT_ARGUMENT && strcmp(out, ",") == 0);
}

/* A unary operator's token and whether it is postfix. */
bool cl_unary_token(lower *L, CXCursor e, CXCursor arg, char *out, size_t n, bool *postfix) {
  if (clang_getCursorType(arg).kind == CXType_Void) {
    snprintf(out, n, "__extension__");
    *postfix = false;
    return true;
  }
  unsigned start = cl_offset_of(clang_getRangeStart(clang_getCursorExtent(e)));
  unsigned astart = cl_offset_of(clang_getRangeStart(clang_getCursorExtent(arg)));
  *postfix = astart <= start;
  if (*postfix) return cl_binary_token(L, e, arg, out, n);
  if (macro_at(L, e, false) == AT_BODY) return false;   /* the first token may be a body's */
  return cl_token_at(L, e, 0, true, out, n);
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
  /* a cl_constant (#define N 10: one literal token) expands to one token with
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
void cl_find_macros(lower *L) {
  clang_visitChildren(clang_getTranslationUnitCursor(L->tu), macro_visit, L);
}

