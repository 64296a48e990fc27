/* Karr's analysis (karr.h). An affine subspace is kept as a point p plus a
 * basis of directions in reduced row echelon form; the join adds the
 * other space's directions and the difference of the points. A location's
 * space only grows, by at least one dimension per change, so the worklist
 * ends after at most n + 1 changes per location. */
#include "analysis/karr.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "ir/cfa_path.h"
#include "solver/solver.h"

typedef struct {
  bool bot;
  uint32_t k;        /* basis rows in use */
  mpq_t *p;          /* n */
  mpq_t *v;          /* n rows of n; rows 0..k-1 in RREF */
  uint32_t *piv;     /* pivot column of each row */
} space;

typedef struct {
  cfa *c;
  uint32_t n;
  uint32_t *var_of;  /* c->vars index -> tracked index or CFA_NONE */
  term_t *vars;      /* tracked variables */
} karr;

static void sp_init(space *s, uint32_t n) {
  s->bot = true;
  s->k = 0;
  s->p = xmalloc((n + 1) * sizeof *s->p);
  s->v = xmalloc(((size_t)n * n + 1) * sizeof *s->v);
  s->piv = xmalloc((n + 1) * sizeof *s->piv);
  for (uint32_t i = 0; i < n; i++) mpq_init(s->p[i]);
  for (size_t i = 0; i < (size_t)n * n; i++) mpq_init(s->v[i]);
}

static void sp_free(space *s, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) mpq_clear(s->p[i]);
  for (size_t i = 0; i < (size_t)n * n; i++) mpq_clear(s->v[i]);
  free(s->p), free(s->v), free(s->piv);
}

static void sp_copy(space *d, const space *s, uint32_t n) {
  d->bot = s->bot;
  d->k = s->k;
  for (uint32_t i = 0; i < n; i++) mpq_set(d->p[i], s->p[i]);
  for (size_t i = 0; i < (size_t)s->k * n; i++) mpq_set(d->v[i], s->v[i]);
  memcpy(d->piv, s->piv, s->k * sizeof *s->piv);
}

/* Adds direction w (n entries, clobbered) to the basis; true if it was new. */
static bool sp_add_dir(space *s, uint32_t n, mpq_t *w) {
  mpq_t t, u;
  mpq_init(t), mpq_init(u);
  for (uint32_t r = 0; r < s->k; r++) {
    uint32_t c = s->piv[r];
    if (mpq_sgn(w[c]) == 0) continue;
    mpq_set(t, w[c]);
    for (uint32_t j = 0; j < n; j++) mpq_mul(u, t, s->v[(size_t)r * n + j]), mpq_sub(w[j], w[j], u);
  }
  uint32_t c = 0;
  while (c < n && mpq_sgn(w[c]) == 0) c++;
  if (c == n) {
    mpq_clear(t), mpq_clear(u);
    return false;
  }
  mpq_inv(t, w[c]);
  for (uint32_t j = 0; j < n; j++) mpq_mul(w[j], w[j], t);
  for (uint32_t r = 0; r < s->k; r++) {   /* clear column c in the other rows */
    mpq_t *row = &s->v[(size_t)r * n];
    if (mpq_sgn(row[c]) == 0) continue;
    mpq_set(t, row[c]);
    for (uint32_t j = 0; j < n; j++) mpq_mul(u, t, w[j]), mpq_sub(row[j], row[j], u);
  }
  mpq_t *row = &s->v[(size_t)s->k * n];
  for (uint32_t j = 0; j < n; j++) mpq_set(row[j], w[j]);
  s->piv[s->k++] = c;
  mpq_clear(t), mpq_clear(u);
  return true;
}

static mpq_t *vec_new(uint32_t n) {
  mpq_t *w = xmalloc((n + 1) * sizeof *w);
  for (uint32_t i = 0; i < n; i++) mpq_init(w[i]);
  return w;
}

static void vec_free(mpq_t *w, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) mpq_clear(w[i]);
  free(w);
}

static void sp_havoc(space *s, uint32_t n, uint32_t x) {
  if (s->bot) return;
  mpq_t *w = vec_new(n);
  mpq_set_ui(w[x], 1, 1);
  sp_add_dir(s, n, w);
  vec_free(w, n);
}

/* s := s ⊔ o; true if s grew. */
static bool sp_join(space *s, const space *o, uint32_t n) {
  if (o->bot) return false;
  if (s->bot) {
    sp_copy(s, o, n);
    return true;
  }
  uint32_t k0 = s->k;
  mpq_t *w = vec_new(n);
  for (uint32_t r = 0; r < o->k; r++) {
    for (uint32_t j = 0; j < n; j++) mpq_set(w[j], o->v[(size_t)r * n + j]);
    sp_add_dir(s, n, w);
  }
  for (uint32_t j = 0; j < n; j++) mpq_sub(w[j], o->p[j], s->p[j]);
  sp_add_dir(s, n, w);
  vec_free(w, n);
  return s->k > k0;
}

/* ---- affine expressions over the tracked variables ---- */

/* coef[0..n) and coef[n] (the constant) += scale * t; false if t is not
 * affine in the tracked variables. */
static bool affine(const karr *a, term_t t, const mpq_t scale, mpq_t *coef) {
  if (term_is_negated(t)) return false;
  uint32_t n = a->n;
  switch (term_op_of(t)) {
  case OP_RAT: {
    mpq_t q;
    mpq_init(q);
    term_rat_value(t, q);
    mpq_mul(q, q, scale);
    mpq_add(coef[n], coef[n], q);
    mpq_clear(q);
    return true;
  }
  case OP_VAR: {
    if (term_var_index(t) != 0) return false;
    uint32_t i = cfa_var_index(a->c, t);
    if (i == CFA_NONE || a->var_of[i] == CFA_NONE) return false;
    mpq_add(coef[a->var_of[i]], coef[a->var_of[i]], scale);
    return true;
  }
  case OP_ADD:
    for (uint32_t i = 0; i < term_nargs(t); i++)
      if (!affine(a, term_arg(t, i), scale, coef)) return false;
    return true;
  case OP_SUB: {
    if (term_nargs(t) == 0) return true;
    if (!affine(a, term_arg(t, 0), scale, coef)) return false;
    mpq_t m;
    mpq_init(m);
    mpq_neg(m, scale);
    bool ok = true;
    for (uint32_t i = 1; i < term_nargs(t) && ok; i++) ok = affine(a, term_arg(t, i), m, coef);
    mpq_clear(m);
    return ok;
  }
  case OP_NEG: {
    mpq_t m;
    mpq_init(m);
    mpq_neg(m, scale);
    bool ok = term_nargs(t) == 1 && affine(a, term_arg(t, 0), m, coef);
    mpq_clear(m);
    return ok;
  }
  case OP_MUL: {   /* a constant times one affine term */
    mpq_t m;
    mpq_init(m);
    mpq_set(m, scale);
    term_t rest = NULL_TERM;
    bool ok = true;
    for (uint32_t i = 0; i < term_nargs(t) && ok; i++) {
      term_t x = term_arg(t, i);
      if (term_op_of(x) == OP_RAT && !term_is_negated(x)) {
        mpq_t q;
        mpq_init(q);
        term_rat_value(x, q);
        mpq_mul(m, m, q);
        mpq_clear(q);
      } else if (rest == NULL_TERM) {
        rest = x;
      } else {
        ok = false;
      }
    }
    if (ok && rest != NULL_TERM) ok = affine(a, rest, m, coef);
    mpq_clear(m);
    return ok;
  }
  default:
    return false;
  }
}

static void transfer(const karr *a, space *s, const cfa_stmt *st, uint32_t nst);

static void assign(const karr *a, space *s, uint32_t x, term_t e) {
  uint32_t n = a->n;
  mpq_t *coef = vec_new(n + 1), one;
  mpq_init(one);
  mpq_set_ui(one, 1, 1);
  bool ok = affine(a, e, one, coef);
  mpq_clear(one);
  if (!ok) {
    vec_free(coef, n + 1);
    sp_havoc(s, n, x);
    return;
  }
  mpq_t acc, u;
  mpq_init(acc), mpq_init(u);
  /* the point: p_x := coef . p + const */
  mpq_set(acc, coef[n]);
  for (uint32_t j = 0; j < n; j++) mpq_mul(u, coef[j], s->p[j]), mpq_add(acc, acc, u);
  mpq_set(s->p[x], acc);
  /* the directions: v_x := coef . v, then back to echelon form */
  uint32_t k = s->k;
  mpq_t *rows = vec_new(k * n + 1);
  for (uint32_t r = 0; r < k; r++) {
    mpq_t *v = &s->v[(size_t)r * n];
    mpq_set_ui(acc, 0, 1);
    for (uint32_t j = 0; j < n; j++) mpq_mul(u, coef[j], v[j]), mpq_add(acc, acc, u);
    for (uint32_t j = 0; j < n; j++) mpq_set(rows[(size_t)r * n + j], v[j]);
    mpq_set(rows[(size_t)r * n + x], acc);
  }
  s->k = 0;
  for (uint32_t r = 0; r < k; r++) sp_add_dir(s, n, &rows[(size_t)r * n]);
  vec_free(rows, k * n + 1);
  mpq_clear(acc), mpq_clear(u);
  vec_free(coef, n + 1);
}

static void transfer(const karr *a, space *s, const cfa_stmt *st, uint32_t nst) {
  for (uint32_t i = 0; i < nst && !s->bot; i++) {
    const cfa_stmt *t = &st[i];
    uint32_t vi = t->var == NULL_TERM ? CFA_NONE : cfa_var_index(a->c, t->var);
    uint32_t x = vi == CFA_NONE ? CFA_NONE : a->var_of[vi];
    switch (t->kind) {
    case CFA_ASSIGN:
      if (x != CFA_NONE) assign(a, s, x, t->expr);
      break;
    case CFA_HAVOC:
      if (x != CFA_NONE) sp_havoc(s, a->n, x);
      break;
    case CFA_ASSUME:
      if (term_is_false(t->expr)) s->bot = true;
      break;
    case CFA_CHOICE: {
      space acc, alt;
      sp_init(&acc, a->n);
      sp_init(&alt, a->n);
      for (uint32_t j = 0; j < t->nalts; j++) {
        sp_copy(&alt, s, a->n);
        transfer(a, &alt, t->alts[j].stmts, t->alts[j].n);
        sp_join(&acc, &alt, a->n);
      }
      sp_copy(s, &acc, a->n);
      sp_free(&acc, a->n);
      sp_free(&alt, a->n);
      break;
    }
    }
  }
}

/* The equalities of s: one per non-pivot column f of the basis, a . x = a . p
 * with a_f = 1 and a_piv(r) = -v_r[f], scaled to integers. */
static term_t equalities(const karr *a, const space *s) {
  if (s->bot) return term_false();
  uint32_t n = a->n;
  bool *pivot = xcalloc(n + 1, sizeof(bool));
  for (uint32_t r = 0; r < s->k; r++) pivot[s->piv[r]] = true;
  term_vec eqs = {0};
  mpq_t *coef = vec_new(n);
  mpz_t l;
  mpz_init(l);
  for (uint32_t f = 0; f < n; f++) {
    if (pivot[f]) continue;
    for (uint32_t j = 0; j < n; j++) mpq_set_ui(coef[j], 0, 1);
    mpq_set_ui(coef[f], 1, 1);
    for (uint32_t r = 0; r < s->k; r++) mpq_neg(coef[s->piv[r]], s->v[(size_t)r * n + f]);
    mpz_set_ui(l, 1);
    for (uint32_t j = 0; j < n; j++) mpz_lcm(l, l, mpq_denref(coef[j]));
    mpq_t b, u, lq;
    mpq_init(b), mpq_init(u), mpq_init(lq);
    mpq_set_z(lq, l);
    term_vec sum = {0};
    for (uint32_t j = 0; j < n; j++) {
      if (mpq_sgn(coef[j]) == 0) continue;
      mpq_mul(coef[j], coef[j], lq);
      mpq_mul(u, coef[j], s->p[j]);
      mpq_add(b, b, u);
      term_vec_push(&sum, term_mul2(term_rat(type_int(), coef[j]), a->vars[j]));
    }
    /* b is integral: the reachable integer points satisfy the equality */
    if (mpz_cmp_ui(mpq_denref(b), 1) == 0 && sum.size > 0)
      term_vec_push(&eqs, term_eq(term_add(sum.size, sum.data), term_rat(type_int(), b)));
    term_vec_free(&sum);
    mpq_clear(b), mpq_clear(u), mpq_clear(lq);
  }
  term_t r = term_and(eqs.size, eqs.data);
  term_vec_free(&eqs);
  mpz_clear(l);
  vec_free(coef, n);
  free(pivot);
  return r;
}

/* Every query of cfa_invariant_query but safety is unsatisfiable. */
static bool inductive(cfa *c, const term_t *inv, uint32_t timeout_ms) {
  for (uint32_t i = 0; i <= c->nedges; i++)
    if (solver_check_formula(cfa_invariant_query(c, inv, i), timeout_ms) != SOLVER_UNSAT) return false;
  return true;
}

bool cfa_affine_invariants(cfa *c, uint32_t timeout_ms, term_t **inv) {
  *inv = NULL;
  if (c->init == CFA_NONE) return false;
  karr a = {c, 0, xmalloc((c->vars.size + 1) * sizeof(uint32_t)), xmalloc((c->vars.size + 1) * sizeof(term_t))};
  for (uint32_t i = 0; i < c->vars.size; i++) {
    term_t v = c->vars.data[i];
    bool track = type_kind_of(term_type(v)) == TYPE_INT;
    a.var_of[i] = track ? a.n : CFA_NONE;
    if (track) a.vars[a.n++] = v;
  }
  uint32_t n = a.n;
  /* the spaces take nlocs * n^2 rationals */
  if (n == 0 || (uint64_t)c->nlocs * n * n > 2000000) {
    free(a.var_of), free(a.vars);
    return false;
  }
  space *sp = xmalloc((c->nlocs + 1) * sizeof *sp);
  for (uint32_t l = 0; l < c->nlocs; l++) sp_init(&sp[l], n);
  sp[c->init].bot = false;   /* variables start with any values */
  for (uint32_t j = 0; j < n; j++) sp_havoc(&sp[c->init], n, j);
  uint32_t *work = xmalloc((c->nlocs + 1) * sizeof *work), top = 0;
  bool *queued = xcalloc(c->nlocs + 1, sizeof(bool));
  work[top++] = c->init;
  queued[c->init] = true;
  space t;
  sp_init(&t, n);
  while (top) {
    uint32_t l = work[--top];
    queued[l] = false;
    for (uint32_t i = 0; i < c->locs[l].nout; i++) {
      const cfa_edge *e = &c->edges[c->locs[l].out[i]];
      sp_copy(&t, &sp[l], n);
      if (e->call) {   /* a procedure call: its effect is not modelled here */
        for (uint32_t j = 0; j < n; j++) sp_havoc(&t, n, j);
      } else {
        transfer(&a, &t, e->stmts, e->nstmts);
      }
      if (sp_join(&sp[e->dst], &t, n) && !queued[e->dst]) {
        queued[e->dst] = true;
        work[top++] = e->dst;
      }
    }
  }
  sp_free(&t, n);
  term_t *res = xmalloc((c->nlocs + 1) * sizeof *res);
  bool any = false;
  for (uint32_t l = 0; l < c->nlocs; l++) {
    res[l] = l == c->error ? term_true() : equalities(&a, &sp[l]);
    any |= !term_is_true(res[l]);
    sp_free(&sp[l], n);
  }
  free(sp), free(work), free(queued), free(a.var_of), free(a.vars);
  if (!any || !inductive(c, res, timeout_ms)) {
    free(res);
    return false;
  }
  *inv = res;
  return true;
}
