/* Quantifiers and __verifier_eq in annotation text; see sol_quant.h. */
#include "lang/sol/sol_quant.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

#define QVARS 32

typedef struct {
  FILE *decls, *stmts;      /* the block's declarations; the operands of __verifier_eq */
  int nvars, nstmts;
  char names[QVARS][64], types[QVARS][64];
  const char *why;
} rw;

static bool id_start(char c) { return isalpha((unsigned char)c) || c == '_' || c == '$'; }
static bool id_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$'; }

static size_t skip_space(const char *e, size_t i, size_t n) {
  while (i < n && isspace((unsigned char)e[i])) i++;
  return i;
}

/* past the string literal opening at e[i] */
static size_t skip_string(const char *e, size_t i, size_t n) {
  char q = e[i++];
  while (i < n && e[i] != q) i += e[i] == '\\' ? 2 : 1;
  return i < n ? i + 1 : n;
}

/* Where the expression from i ends: at a `,` `)` or `]` of depth 0 (or n). */
static size_t group_end(const char *e, size_t i, size_t n) {
  int d = 0;
  while (i < n) {
    char c = e[i];
    if (c == '"' || c == '\'') { i = skip_string(e, i, n); continue; }
    if (c == '(' || c == '[') d++;
    else if (c == ')' || c == ']' || (c == ',' && d == 0)) {
      if (d == 0) return i;
      d--;
    }
    i++;
  }
  return n;
}

/* The declaration of variable `type name` (one per name: a name bound
 * again with the same type shares it) into *mask. */
static bool bind(rw *R, const char *name, size_t len, const char *type, size_t tlen, unsigned long *mask) {
  if (len == 0 || len >= sizeof R->names[0] || tlen >= sizeof R->types[0]) { R->why = "quantified variables"; return false; }
  for (int i = 0; i < R->nvars; i++)
    if (strlen(R->names[i]) == len && strncmp(R->names[i], name, len) == 0) {
      if (strlen(R->types[i]) != tlen || strncmp(R->types[i], type, tlen) != 0) { R->why = "a quantified variable bound with two types"; return false; }
      *mask |= 1UL << i;
      return true;
    }
  if (R->nvars == QVARS) { R->why = "quantified variables"; return false; }
  snprintf(R->types[R->nvars], sizeof R->types[0], "%.*s", (int)tlen, type);
  snprintf(R->names[R->nvars], sizeof R->names[0], "%.*s", (int)len, name);
  *mask |= 1UL << R->nvars++;
  fprintf(R->decls, " %.*s %.*s;", (int)tlen, type, (int)len, name);
  return true;
}

static bool rewrite(rw *R, const char *e, size_t i, size_t n, FILE *out);

/* The body of a quantifier from i: rewritten into out inside `(...)`;
 * returns where it ends. */
static size_t body(rw *R, const char *e, size_t i, size_t n, FILE *out, bool *ok) {
  size_t end = group_end(e, i, n);
  fputc('(', out);
  *ok = *ok && rewrite(R, e, i, end, out);
  fputc(')', out);
  return end;
}

/* forall/exists (T x, ...) B at e[i] (the keyword kw ends at k) */
static size_t quantifier(rw *R, const char *e, size_t k, size_t n, bool all, FILE *out, bool *ok) {
  size_t open = skip_space(e, k, n), close = group_end(e, open + 1, n);
  while (close < n && e[close] == ',') close = group_end(e, close + 1, n);
  if (close >= n || e[close] != ')') { R->why = "a malformed quantifier"; *ok = false; return n; }
  unsigned long mask = 0;
  for (size_t a = open + 1; a < close && *ok;) {
    size_t b = group_end(e, a, close);
    size_t s = skip_space(e, a, b), t = b;
    while (t > s && isspace((unsigned char)e[t - 1])) t--;
    size_t nm = t;
    while (nm > s && id_char(e[nm - 1])) nm--;
    size_t te = nm;
    while (te > s && isspace((unsigned char)e[te - 1])) te--;
    if (te == s || nm == t) { R->why = "a quantified variable without a type"; *ok = false; break; }
    *ok = bind(R, e + nm, t - nm, e + s, te - s, &mask);
    a = b + 1;
  }
  fprintf(out, "%s(%lu, ", all ? "__zeta_all" : "__zeta_ex", mask);
  size_t end = body(R, e, close + 1, n, out, ok);
  fputc(')', out);
  return end;
}

/* property(a) (i, ...) B at e[k..] */
static size_t property(rw *R, const char *e, size_t k, size_t n, FILE *out, bool *ok) {
  size_t open = skip_space(e, k, n), close = group_end(e, open + 1, n);
  size_t vo = close < n ? skip_space(e, close + 1, n) : n;
  if (close >= n || e[close] != ')' || vo >= n || e[vo] != '(') { R->why = "a malformed property"; *ok = false; return n; }
  size_t vc = vo + 1;
  while (vc < n && e[vc] != ')') vc++;
  if (vc >= n) { R->why = "a malformed property"; *ok = false; return n; }
  unsigned long mask = 0;
  int nb = 0;
  char *guard = NULL;
  size_t ng = 0;
  FILE *g = open_memstream(&guard, &ng);
  for (size_t a = vo + 1; a < vc && *ok;) {
    size_t s = skip_space(e, a, vc), t = s;
    while (t < vc && id_char(e[t])) t++;
    if (t == s) { R->why = "a malformed property"; *ok = false; break; }
    *ok = bind(R, e + s, t - s, "uint256", 7, &mask);
    fprintf(g, "%s0 <= %.*s && %.*s < (%.*s).length", nb++ ? " && " : "", (int)(t - s), e + s, (int)(t - s), e + s,
            (int)(close - open - 1), e + open + 1);
    a = skip_space(e, t, vc);
    if (a < vc && e[a] == ',') a++;
  }
  fclose(g);
  fprintf(out, "__zeta_all(%lu, !(%s) || ", mask, guard ? guard : "true");
  free(guard);
  size_t end = body(R, e, vc + 1, n, out, ok);
  fputc(')', out);
  return end;
}

/* __verifier_eq(A, B) / __verifier_sum_*(A) at e[k..] (nops operands):
 * the operands become statements, the call `name(first statement)` */
static size_t by_stmts(rw *R, const char *e, size_t k, size_t n, int nops, const char *name, FILE *out, bool *ok) {
  size_t open = skip_space(e, k, n), at = open, close = n;
  int first = R->nstmts;
  for (int i = 0; i < nops; i++) {
    size_t end = group_end(e, at + 1, n);
    if (end >= n || e[end] != (i + 1 == nops ? ')' : ',')) { R->why = "a verifier function with the wrong operands"; *ok = false; return n; }
    fputc(' ', R->stmts);
    *ok = *ok && rewrite(R, e, at + 1, end, R->stmts);
    fputc(';', R->stmts);
    R->nstmts++;
    at = close = end;
  }
  fprintf(out, "%s(%d)", name, first);
  return close + 1;
}

static bool rewrite(rw *R, const char *e, size_t i, size_t n, FILE *out) {
  bool ok = true;
  while (i < n && ok) {
    char c = e[i];
    if (c == '"' || c == '\'') {
      size_t j = skip_string(e, i, n);
      fwrite(e + i, 1, j - i, out);
      i = j;
      continue;
    }
    if (!id_start(c) || (i > 0 && (id_char(e[i - 1]) || e[i - 1] == '.'))) {
      fputc(c, out);
      i++;
      continue;
    }
    size_t k = i;
    while (k < n && id_char(e[k])) k++;
    size_t w = k - i, nx = skip_space(e, k, n);
    bool call = nx < n && e[nx] == '(';
    if (call && ((w == 6 && strncmp(e + i, "forall", 6) == 0) || (w == 6 && strncmp(e + i, "exists", 6) == 0)))
      i = quantifier(R, e, k, n, e[i] == 'f', out, &ok);
    else if (call && w == 8 && strncmp(e + i, "property", 8) == 0) i = property(R, e, k, n, out, &ok);
    else if (call && w == 13 && strncmp(e + i, "__verifier_eq", 13) == 0) i = by_stmts(R, e, k, n, 2, "__zeta_eq", out, &ok);
    else if (call && w == 19 && strncmp(e + i, "__verifier_sum_uint", 19) == 0) i = by_stmts(R, e, k, n, 1, "__zeta_sum", out, &ok);
    else if (call && w == 18 && strncmp(e + i, "__verifier_sum_int", 18) == 0) i = by_stmts(R, e, k, n, 1, "__zeta_sumi", out, &ok);
    else {
      fwrite(e + i, 1, w, out);
      i = k;
    }
  }
  return ok;
}

bool sol_quant_rewrite(const char *e, char **pre, char **out, const char **why) {
  rw R;
  memset(&R, 0, sizeof R);
  char *d = NULL, *s = NULL, *o = NULL;
  size_t nd = 0, ns = 0, no = 0;
  R.decls = open_memstream(&d, &nd);
  R.stmts = open_memstream(&s, &ns);
  FILE *fo = open_memstream(&o, &no);
  bool ok = rewrite(&R, e, 0, strlen(e), fo);
  fclose(R.decls);
  fclose(R.stmts);
  fclose(fo);
  *why = R.why;
  if (!ok) {
    free(d), free(s), free(o);
    *pre = *out = NULL;
    return false;
  }
  if (asprintf(pre, "%s%s", d ? d : "", s ? s : "") < 0) *pre = NULL;
  free(d), free(s);
  *out = o ? o : xstrdup("");
  return *pre != NULL;
}

/* the next depth-0 `stop` character from i (or n) */
static size_t until(const char *e, size_t i, size_t n, char stop) {
  int d = 0;
  while (i < n && !(d == 0 && e[i] == stop)) {
    if (e[i] == '"' || e[i] == '\'') { i = skip_string(e, i, n); continue; }
    if (e[i] == '(' || e[i] == '[') d++;
    else if ((e[i] == ')' || e[i] == ']') && d > 0) d--;
    i++;
  }
  return i;
}

bool sol_quant_cases(const char *e, char **out) {
  size_t n = strlen(e), i = skip_space(e, 0, n);
  while (n > i && isspace((unsigned char)e[n - 1])) n--;
  if (i >= n || e[i] != '[' || e[n - 1] != ']') return false;
  n--;
  char *body = NULL, *any = NULL;
  size_t nb = 0, na = 0;
  FILE *fb = open_memstream(&body, &nb), *fa = open_memstream(&any, &na);
  bool ok = true;
  int k = 0;
  for (i = skip_space(e, i + 1, n); i < n && ok; i = skip_space(e, i, n), k++) {
    if (i + 4 > n || strncmp(e + i, "case", 4) != 0 || id_char(e[i + 4])) { ok = false; break; }
    size_t p = i + 4, colon = until(e, p, n, ':');
    size_t semi = colon < n ? until(e, colon + 1, n, ';') : n;
    if (colon >= n || semi >= n) { ok = false; break; }
    fprintf(fb, "%s(!__verifier_old_bool(%.*s) || (%.*s))", k ? " && " : "", (int)(colon - p), e + p, (int)(semi - colon - 1), e + colon + 1);
    fprintf(fa, "__verifier_old_bool(%.*s) || ", (int)(colon - p), e + p);
    i = semi + 1;
  }
  fclose(fb);
  fclose(fa);
  ok = ok && k > 0;
  *out = NULL;
  if (ok && asprintf(out, "%s && (%s__zeta_noop(0))", body, any) < 0) *out = NULL;
  free(body);
  free(any);
  return *out != NULL;
}
