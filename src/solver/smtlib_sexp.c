#include "solver/smtlib_sexp.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct { smtsx_getc_fn getc; void *arg; int64_t deadline; int peek; } smtsx_reader;

static int rd_get(smtsx_reader *r) {
  if (r->peek != -2) { int c = r->peek; r->peek = -2; return c; }
  return r->getc(r->arg, r->deadline);
}

typedef struct { char *s; size_t n, cap; } smtsx_buf;

static bool buf_add(smtsx_buf *b, char c) {
  if (b->n + 1 >= b->cap) {
    size_t ncap = b->cap ? b->cap * 2 : 32;
    char *p = realloc(b->s, ncap);
    if (!p) return false;
    b->s = p; b->cap = ncap;
  }
  b->s[b->n++] = c;
  b->s[b->n] = 0;
  return true;
}

void smtsx_free(smtsx *e) {
  if (!e) return;
  for (uint32_t i = 0; i < e->n; i++) smtsx_free(e->kids[i]);
  free(e->kids);
  free(e->atom);
  free(e);
}

static smtsx *rd_expr(smtsx_reader *r, int c);

static int rd_skip(smtsx_reader *r) {
  for (;;) {
    int c = rd_get(r);
    if (c == ';') { while ((c = rd_get(r)) != -1 && c != '\n') {} if (c == -1) return -1; continue; }
    if (c == -1 || !isspace(c)) return c;
  }
}

static smtsx *rd_list(smtsx_reader *r) {
  smtsx *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->list = true;
  uint32_t cap = 0;
  for (;;) {
    int c = rd_skip(r);
    if (c == -1) { smtsx_free(e); return NULL; }
    if (c == ')') return e;
    smtsx *k = rd_expr(r, c);
    if (!k) { smtsx_free(e); return NULL; }
    if (e->n == cap) {
      cap = cap ? cap * 2 : 4;
      smtsx **nk = realloc(e->kids, cap * sizeof *nk);
      if (!nk) { smtsx_free(k); smtsx_free(e); return NULL; }
      e->kids = nk;
    }
    e->kids[e->n++] = k;
  }
}

static smtsx *rd_expr(smtsx_reader *r, int c) {
  if (c == '(') return rd_list(r);
  if (c == ')' || c == -1) return NULL;
  smtsx_buf b = {0};
  bool ok = true;
  if (c == '|') {
    while ((c = rd_get(r)) != '|' && ok) ok = c != -1 && buf_add(&b, (char)c);
  } else if (c == '"') {
    for (;;) {
      c = rd_get(r);
      if (c == -1) { ok = false; break; }
      if (c == '"') {
        int d = rd_get(r);
        if (d != '"') { r->peek = d; break; }
      }
      if (!(ok = buf_add(&b, (char)c))) break;
    }
  } else {
    ok = buf_add(&b, (char)c);
    while (ok) {
      c = rd_get(r);
      if (c == -1 || isspace(c) || c == '(' || c == ')' || c == ';') { r->peek = c == -1 ? -2 : c; break; }
      ok = buf_add(&b, (char)c);
    }
  }
  smtsx *e = ok ? calloc(1, sizeof *e) : NULL;
  if (!e || (!b.s && !(b.s = strdup("")))) { free(b.s); free(e); return NULL; }
  e->atom = b.s;
  return e;
}

smtsx *smtsx_read(smtsx_getc_fn getc, void *arg, int64_t deadline) {
  smtsx_reader r = {getc, arg, deadline, -2};
  int c = rd_skip(&r);
  return c == -1 ? NULL : rd_expr(&r, c);
}

static int str_getc(void *arg, int64_t deadline) {
  (void)deadline;
  const char **p = arg;
  return **p ? (unsigned char)*(*p)++ : -1;
}

smtsx *smtsx_parse_string(const char *s) { return smtsx_read(str_getc, &s, 0); }

bool smtsx_is_atom(const smtsx *e, const char *text) {
  return e && !e->list && !strcmp(e->atom, text);
}

/* Numerals and decimals ("12", "1.50"), (- x), (/ x y). */
static bool smtsx_number(const smtsx *e, mpq_t out) {
  if (!e->list) {
    const char *s = e->atom, *dot = strchr(s, '.');
    if (!*s || !isdigit((unsigned char)*s)) return false;
    for (const char *p = s; *p; p++) if (!isdigit((unsigned char)*p) && p != dot) return false;
    mpz_t num, den;
    mpz_init(num); mpz_init_set_ui(den, 1);
    char *digits = strdup(s);
    bool ok = digits != NULL;
    if (ok) {
      size_t k = 0;
      for (const char *p = s; *p; p++) if (p != dot) digits[k++] = *p;
      digits[k] = 0;
      ok = mpz_set_str(num, digits, 10) == 0;
      if (dot) mpz_ui_pow_ui(den, 10, strlen(dot + 1));
    }
    free(digits);
    if (ok) { mpq_set_num(out, num); mpq_set_den(out, den); mpq_canonicalize(out); }
    mpz_clear(num); mpz_clear(den);
    return ok;
  }
  if (e->n == 2 && smtsx_is_atom(e->kids[0], "-")) {
    if (!smtsx_number(e->kids[1], out)) return false;
    mpq_neg(out, out);
    return true;
  }
  if (e->n == 3 && smtsx_is_atom(e->kids[0], "/")) {
    mpq_t d;
    mpq_init(d);
    bool ok = smtsx_number(e->kids[1], out) && smtsx_number(e->kids[2], d) && mpq_sgn(d) != 0;
    if (ok) mpq_div(out, out, d);
    mpq_clear(d);
    return ok;
  }
  return false;
}

static term_t smtsx_bv(const smtsx *e, type_t ty) {
  uint32_t w = type_bv_width(ty);
  mpz_t v;
  mpz_init(v);
  bool ok = false;
  if (!e->list && e->atom[0] == '#' && (e->atom[1] == 'b' || e->atom[1] == 'x') && e->atom[2])
    ok = mpz_set_str(v, e->atom + 2, e->atom[1] == 'b' ? 2 : 16) == 0;
  else if (e->list && e->n == 3 && smtsx_is_atom(e->kids[0], "_") && !e->kids[1]->list &&
           !strncmp(e->kids[1]->atom, "bv", 2) && e->kids[1]->atom[2])
    ok = mpz_set_str(v, e->kids[1]->atom + 2, 10) == 0;
  term_t r = ok ? term_bv_mpz(w, v) : NULL_TERM;
  mpz_clear(v);
  return r;
}

term_t smtsx_value(const smtsx *e, type_t ty) {
  if (!e) return NULL_TERM;
  if (e->list && e->n == 3 && smtsx_is_atom(e->kids[0], "as")) return smtsx_value(e->kids[1], ty);
  switch (type_kind_of(ty)) {
  case TYPE_BOOL:
    if (smtsx_is_atom(e, "true")) return term_true();
    if (smtsx_is_atom(e, "false")) return term_false();
    return NULL_TERM;
  case TYPE_INT: case TYPE_REAL: {
    mpq_t q;
    mpq_init(q);
    term_t r = NULL_TERM;
    if (smtsx_number(e, q) && (type_kind_of(ty) == TYPE_REAL || mpz_cmp_ui(mpq_denref(q), 1) == 0))
      r = term_rat(ty, q);
    mpq_clear(q);
    return r;
  }
  case TYPE_BV: return smtsx_bv(e, ty);
  case TYPE_ARRAY:
    if (!e->list) return NULL_TERM;
    if (e->n == 2 && e->kids[0]->list && e->kids[0]->n == 3 && smtsx_is_atom(e->kids[0]->kids[0], "as") &&
        smtsx_is_atom(e->kids[0]->kids[1], "const")) {
      term_t v = smtsx_value(e->kids[1], type_array_elem(ty));
      return v == NULL_TERM ? NULL_TERM : term_const_array(ty, v);
    }
    if (e->n == 4 && smtsx_is_atom(e->kids[0], "store")) {
      term_t a = smtsx_value(e->kids[1], ty);
      term_t i = a == NULL_TERM ? NULL_TERM : smtsx_value(e->kids[2], type_array_index(ty));
      term_t v = i == NULL_TERM ? NULL_TERM : smtsx_value(e->kids[3], type_array_elem(ty));
      return v == NULL_TERM ? NULL_TERM : term_store(a, i, v);
    }
    return NULL_TERM;
  case TYPE_SORT:
    return e->list ? NULL_TERM : term_var(e->atom, ty);
  default:
    return NULL_TERM;
  }
}
