/* Quantifier elimination through Z3 (see z3_qe.h).
 *
 * Z3 4.8.12's `qe` tactic can crash (a null dereference inside
 * Z3_tactic_apply) when its time limit cancels it mid-way: seen in CI under
 * ASan, about once in 30 runs of a unit test whose deadlines expire inside
 * eliminations. So a timer never cancels that tactic where it can be
 * avoided: the cheap `qe-light` runs without one, then an existential over
 * a quantifier-free body is eliminated by model-based projection under our
 * own clock (the solver's deadline, whose interrupt takes the well-trodden
 * cancellation path of a check: z3_watchdog.h), and the `qe` tactic with its
 * timer is only the last resort. */
#include "solver/z3_qe.h"
#include <stdlib.h>
#include "core/alloc.h"
#include "core/limits.h"
#include "solver/solver.h"
#include "solver/z3_conv.h"

static z3_qe_stats stats;
z3_qe_stats z3_qe_get_stats(void) { return stats; }


struct z3_qe_session {
  Z3_context z;
  z3conv *cv;
  Z3_tactic both;    /* qe, then simplify */
  Z3_tactic light;   /* qe-light, then simplify: no timer needed */
  bool arrays_by_tactic;   /* no projection where arrays occur (z3_qe_arrays_by_tactic) */
};

static Z3_tactic then_simplify(Z3_context z, const char *first) {
  Z3_tactic a = Z3_mk_tactic(z, first);
  Z3_tactic_inc_ref(z, a);
  Z3_tactic simp = Z3_mk_tactic(z, "simplify");
  Z3_tactic_inc_ref(z, simp);
  Z3_tactic r = Z3_tactic_and_then(z, a, simp);
  Z3_tactic_inc_ref(z, r);
  Z3_tactic_dec_ref(z, simp);
  Z3_tactic_dec_ref(z, a);
  return r;
}

z3_qe_session *z3_qe_open(void) {
  Z3_context z = z3conv_mk_context();
  if (!z) return NULL;
  z3_qe_session *q = xcalloc(1, sizeof *q);
  q->z = z;
  q->cv = z3conv_new(z);
  q->both = then_simplify(z, "qe");
  q->light = then_simplify(z, "qe-light");
  return q;
}

void z3_qe_close(z3_qe_session *q) {
  if (!q) return;
  Z3_tactic_dec_ref(q->z, q->both);
  Z3_tactic_dec_ref(q->z, q->light);
  z3conv_free_release(q->cv, q->z, true);
  free(q);
}

/* t by the tactic (with a timer when timeout_ms > 0): a quantifier-free
 * term or NULL_TERM. */
static term_t by_tactic(z3_qe_session *q, Z3_tactic tac, term_t t, uint32_t timeout_ms) {
  Z3_context z = q->z;
  z3conv *cv = q->cv;
  term_t res = NULL_TERM;
  Z3_ast a = z3conv_to_z3(cv, t);
  if (!a) return NULL_TERM;
  Z3_goal g = Z3_mk_goal(z, false, false, false);
  Z3_goal_inc_ref(z, g);
  Z3_goal_assert(z, g, a);
  Z3_tactic run = timeout_ms ? Z3_tactic_try_for(z, tac, timeout_ms) : tac;
  Z3_tactic_inc_ref(z, run);
  Z3_apply_result r = Z3_tactic_apply(z, run, g);
  const char *msg;
  if (r && !z3conv_failed(z, &msg)) {
    Z3_apply_result_inc_ref(z, r);
    if (Z3_apply_result_get_num_subgoals(z, r) == 1) {
      Z3_goal sg = Z3_apply_result_get_subgoal(z, r, 0);
      Z3_goal_inc_ref(z, sg);
      uint32_t n = Z3_goal_size(z, sg);
      term_t *parts = xcalloc(n + 1, sizeof *parts);
      bool ok = true;
      for (uint32_t i = 0; i < n && ok; i++) {
        parts[i] = z3conv_from_z3(cv, Z3_goal_formula(z, sg, i));
        ok = parts[i] != NULL_TERM;
      }
      if (ok) res = term_and(n, parts);
      if (ok && term_has_quantifier(res)) res = NULL_TERM;
      free(parts);
      Z3_goal_dec_ref(z, sg);
    }
    Z3_apply_result_dec_ref(z, r);
  }
  Z3_tactic_dec_ref(z, run);
  Z3_goal_dec_ref(z, g);
  return res;
}

/* At most this many cubes: Z3's projection of linear arithmetic has finitely
 * many results, but a variable it cannot eliminate gets one model value per
 * cube (bit-vectors, say), which need not end. */
#define MAX_CUBES 64

/* exists vars. body (body quantifier-free) as a disjunction of projections
 * of its models: each cube implies the existential and holds in the model
 * that produced it, and the loop ends only when no model of the body is
 * left outside the cubes, so the result is exact. NULL_TERM on time out, on
 * a failed projection or after MAX_CUBES. */
static term_t by_projection(z3_qe_session *q, term_t t, uint32_t timeout_ms) {
  uint32_t n = term_nargs(t) - 1;
  term_t body = term_arg(t, n);
  term_t *vars = xmalloc((n + 1) * sizeof *vars);
  for (uint32_t i = 0; i < n; i++) vars[i] = term_arg(t, i);
  solver *s = solver_new_z3_in(q->cv);   /* the session's context: none to make */
  double end = limits_now() + (timeout_ms ? timeout_ms / 1000.0 : 1e9);
  term_vec cubes = {0};
  term_t res = NULL_TERM;
  if (s) solver_assert(s, body);
  for (uint32_t k = 0; s && k < MAX_CUBES; k++) {
    double left = end - limits_now();
    if (left <= 0) break;
    solver_set_timeout(s, (uint32_t)(left * 1000) + 1);
    solver_result r = solver_check(s);
    if (r == SOLVER_UNSAT) {
      res = term_or(cubes.size, cubes.data);
      break;
    }
    if (r != SOLVER_SAT) break;
    term_t c = solver_project(s, body, n, vars);
    if (c == NULL_TERM) break;
    term_vec_push(&cubes, c);
    solver_assert(s, term_not(c));
  }
  term_vec_free(&cubes);
  solver_free(s);
  free(vars);
  return res;
}

static bool has_array_symbol(term_t t) {
  term_t *vs;
  uint32_t n = term_free_vars(t, &vs);
  bool found = false;
  for (uint32_t i = 0; i < n && !found; i++) found = type_kind_of(term_type(vs[i])) == TYPE_ARRAY;
  free(vs);
  return found;
}

term_t z3_qe_in(z3_qe_session *q, term_t t, uint32_t timeout_ms) {
  if (!q || !q->cv) return NULL_TERM;
  term_t r = by_tactic(q, q->light, t, 0);
  if (r != NULL_TERM) {
    stats.light++;
    return r;
  }
  term_t u = term_unsigned(t);
  if (term_op_of(u) == OP_EXISTS && u == t && !term_has_quantifier(term_arg(u, term_nargs(u) - 1)) &&
      !(q->arrays_by_tactic && has_array_symbol(term_arg(u, term_nargs(u) - 1)))) {
    r = by_projection(q, t, timeout_ms);
    if (r != NULL_TERM) stats.projected++;
    return r;
  }
  r = by_tactic(q, q->both, t, timeout_ms);
  if (r != NULL_TERM) stats.tactic++;
  return r;
}

static term_t qe_once(term_t t, uint32_t timeout_ms, bool arrays_by_tactic) {
  z3_qe_session *q = z3_qe_open();
  if (q) q->arrays_by_tactic = arrays_by_tactic;
  term_t r = z3_qe_in(q, t, timeout_ms);
  z3_qe_close(q);
  return r;
}

term_t z3_qe(term_t t, uint32_t timeout_ms) { return qe_once(t, timeout_ms, false); }
term_t z3_qe_arrays_by_tactic(term_t t, uint32_t timeout_ms) { return qe_once(t, timeout_ms, true); }
