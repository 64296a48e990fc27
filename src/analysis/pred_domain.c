#include "analysis/pred_domain.h"
#include <stdlib.h>
#include "core/alloc.h"
#include "ir/cfa_path.h"

typedef struct {
  domain base;
  pred_kind kind;
  prec_split split;
} pred_domain;

static term_t *new_state(term_t f) {
  term_t *s = xmalloc(sizeof *s);
  *s = f;
  return s;
}

static void *pr_initial(domain *d) {
  (void)d;
  return new_state(term_true());
}

static term_t pr_formula(domain *d, const void *s) {
  (void)d;
  return *(const term_t *)s;
}

static term_t cube(uint32_t n, const term_t *preds, const term_t *vals) {
  term_t lits[n + 1];
  for (uint32_t i = 0; i < n; i++) lits[i] = term_is_true(vals[i]) ? preds[i] : term_not(preds[i]);
  return term_and(n, lits);
}

static void pr_post(domain *dd, const void *st, uint32_t edge, const term_vec *prec, state_vec *out) {
  pred_domain *d = (pred_domain *)dd;
  term_t phi = term_and2(*(const term_t *)st, cfa_edge_formula(dd->c, edge));
  uint32_t n = prec->size;
  term_t next[n + 1];
  for (uint32_t i = 0; i < n; i++) next[i] = term_shift(prec->data[i], 1);
  if (d->kind == PRED_CART || n == 0) {
    solver_push(dd->s);
    solver_assert(dd->s, phi);
    solver_result r = domain_check(dd, 0, NULL);
    if (r == SOLVER_UNSAT) {
      solver_pop(dd->s, 1);
      return;
    }
    term_vec lits = {0};
    for (uint32_t i = 0; i < n && r != SOLVER_UNKNOWN; i++) {
      term_t neg = term_not(next[i]);
      if (domain_check(dd, 1, &neg) == SOLVER_UNSAT) term_vec_push(&lits, prec->data[i]);
      else if (domain_check(dd, 1, &next[i]) == SOLVER_UNSAT) term_vec_push(&lits, term_not(prec->data[i]));
    }
    solver_pop(dd->s, 1);
    state_vec_push(out, new_state(term_and(lits.size, lits.data)));
    term_vec_free(&lits);
    return;
  }
  uint32_t count = 0;
  term_t *vals = NULL;
  if (dd->lim) solver_set_timeout(dd->s, limits_remaining_ms(dd->lim));
  dd->solver_calls++;
  solver_result r = solver_enumerate(dd->s, phi, n, next, 0, 0, &count, &vals);
  if (r == SOLVER_UNKNOWN) {
    /* no exact image: true is a sound successor */
    dd->incomplete = true;
    free(vals);
    state_vec_push(out, new_state(term_true()));
    return;
  }
  if (d->kind == PRED_SPLIT) {
    for (uint32_t m = 0; m < count; m++) state_vec_push(out, new_state(cube(n, prec->data, vals + m * n)));
  } else if (count > 0) {
    term_t cubes[count];
    for (uint32_t m = 0; m < count; m++) cubes[m] = cube(n, prec->data, vals + m * n);
    state_vec_push(out, new_state(term_or(count, cubes)));
  }
  free(vals);
}

static bool subset_conj(term_t a, term_t b) {
  term_t *ca, *cb;
  uint32_t na = term_conjuncts(a, &ca), nb = term_conjuncts(b, &cb);
  bool ok = true;
  for (uint32_t j = 0; j < nb && ok; j++) {
    bool found = false;
    for (uint32_t i = 0; i < na && !found; i++) found = ca[i] == cb[j];
    ok = found;
  }
  free(ca);
  free(cb);
  return ok;
}

static bool pr_leq(domain *dd, const void *x, const void *y) {
  term_t a = *(const term_t *)x, b = *(const term_t *)y;
  if (a == b || term_is_true(b) || term_is_false(a)) return true;
  if (subset_conj(a, b)) return true;
  solver_push(dd->s);
  solver_assert(dd->s, term_and2(a, term_not(b)));
  solver_result r = domain_check(dd, 0, NULL);
  solver_pop(dd->s, 1);
  return r == SOLVER_UNSAT;
}

static void pr_free(domain *d, void *s) {
  (void)d;
  free(s);
}

static void pr_items(domain *dd, term_t f, term_vec *out) {
  precision_split_formula(f, ((pred_domain *)dd)->split, out);
}

static void pr_destroy(domain *d) { free(d); }

static const domain_ops pred_ops = {"PRED", pr_initial, pr_post, pr_leq, pr_formula, pr_free, pr_items, pr_destroy};

domain *pred_domain_new(cfa *c, solver *s, const zeta_limits *lim, pred_kind kind, prec_split split) {
  pred_domain *d = xcalloc(1, sizeof *d);
  d->base.ops = &pred_ops;
  d->base.c = c;
  d->base.s = s;
  d->base.lim = lim;
  d->kind = kind;
  d->split = split;
  return &d->base;
}
