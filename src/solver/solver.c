/* Backend dispatch and the algorithms written once against the ops table:
 * one-shot checks and projected model enumeration. */
#include "solver/solver.h"
#include "core/limits.h"
#include <stdlib.h>
#include <string.h>

solver *solver_new(const char *backend, const char **err) {
  solver *s = NULL;
  const char *why = "unknown backend (expected z3 or smtlib:CMD)";
  if (!backend || !strcmp(backend, "z3")) {
    s = solver_new_z3();
    why = "cannot create a Z3 context";
  } else if (!strncmp(backend, "smtlib:", 7) && backend[7]) {
    s = solver_new_smtlib(backend + 7);
    why = "cannot start the solver process";
  }
  if (!s && err) *err = why;
  return s;
}

term_t solver_project(solver *s, term_t f, uint32_t n, const term_t *elim) {
  return s->ops->project ? s->ops->project(s, f, n, elim) : NULL_TERM;
}

solver_result solver_check_alone(solver *s, term_t f) {
  if (s->ops->check_alone) return s->ops->check_alone(s, f);
  solver_push(s);
  solver_assert(s, f);
  solver_result r = solver_check(s);
  solver_pop(s, 1);
  return r;
}

solver_result solver_check_formula(term_t f, uint32_t timeout_ms) {
  solver *s = solver_new_z3();
  if (timeout_ms) solver_set_timeout(s, timeout_ms);
  solver_assert(s, f);
  solver_result r = solver_check(s);
  solver_free(s);
  return r;
}

/* Disequality excluding one value; for Booleans the opposite literal. */
static term_t solver_differs(term_t t, term_t v) {
  if (term_is_bool(t)) return term_is_true(v) ? term_not(t) : t;
  return term_not(term_eq(t, v));
}

solver_result solver_enumerate(solver *s, term_t f, uint32_t n, const term_t *ts,
                               uint32_t max_models, double end, uint32_t *count, term_t **values) {
  *count = 0;
  *values = NULL;
  term_t *vals = NULL, *block = malloc((n ? n : 1) * sizeof *block);
  uint32_t cap = 0, k = 0;
  solver_result res = SOLVER_UNKNOWN;
  if (!block) return res;
  solver_push(s);
  solver_assert(s, f);
  for (;;) {
    if (end > 0) {
      double left = end - limits_now();
      if (left <= 0) break;
      solver_set_timeout(s, (uint32_t)(left * 1000) + 1);
    }
    solver_result r = solver_check(s);
    if (r != SOLVER_SAT) { res = r; break; }
    if (max_models && k == max_models) { res = SOLVER_SAT; break; }
    if (k == cap) {
      uint32_t ncap = cap ? cap * 2 : 16;
      term_t *nv = realloc(vals, (size_t)ncap * (n ? n : 1) * sizeof *nv);
      if (!nv) break;
      vals = nv; cap = ncap;
    }
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++) {
      term_t v = solver_value(s, ts[i]);
      ok = v != NULL_TERM;
      vals[(size_t)k * n + i] = v;
      if (ok) block[i] = solver_differs(ts[i], v);
      ok = ok && block[i] != NULL_TERM;
    }
    if (!ok) break;
    k++;
    if (n == 0) { res = SOLVER_UNSAT; break; }   /* only one (empty) model */
    solver_assert(s, term_or(n, block));
  }
  solver_pop(s, 1);
  free(block);
  if (res == SOLVER_UNKNOWN) { free(vals); return res; }
  *count = k;
  *values = vals;
  return res;
}
