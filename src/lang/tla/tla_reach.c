/* The reach proof (see tla_reach.h). Why it is sound, whatever the
 * enumeration got wrong: with R the disjunction of the cubes (a cube: each
 * variable's layout leaves equal to one state's value, and no error),
 *  - Init /\ ~(the initial cubes) is unsatisfiable: Init => R;
 *  - per state j, cube_j /\ (~Prop \/ (Trans /\ ~(j's successors' cubes)'))
 *    is unsatisfiable, and every successor cube is one of R's: so every
 *    state of R satisfies Prop and R /\ Trans => R'. Trans is the
 *    encoding's own (no step out of a state outside the CONSTRAINT, an
 *    evaluation error steps to the error flag, which no cube admits);
 *  - with TLC's deadlock check, per state j: cube_j /\ Trans satisfiable,
 *    or cube_j outside the CONSTRAINT (not expanded, as TLC).
 * So R is an inductive invariant implying Prop (and deadlock freedom): a
 * dropped state or successor makes one query satisfiable, an unknown or
 * timed-out query fails the proof. Only the solver is trusted, as for IC3. */
#include <stdlib.h>
#include "core/alloc.h"
#include "lang/tla/tla_reach.h"
#include "solver/solver.h"

static solver_result check_scoped(solver *sv, term_t f) {
  solver_push(sv);
  solver_assert(sv, f);
  solver_result r = solver_check(sv);
  solver_pop(sv, 1);
  return r;
}

/* The leaf values cube fixes by a top-level conjunct (leaf = constant, a
 * Boolean leaf or its negation). */
static void cube_values(term_t c, term_vec *from, term_vec *to) {
  if (term_is_var(c)) {
    term_vec_push(from, c), term_vec_push(to, term_true());
  } else if (term_is_negated(c) && term_is_var(term_unsigned(c))) {
    term_vec_push(from, term_unsigned(c)), term_vec_push(to, term_false());
  } else if (!term_is_negated(c) && term_op_of(c) == OP_AND) {
    for (uint32_t i = 0; i < term_nargs(c); i++) cube_values(term_arg(c, i), from, to);
  } else if (!term_is_negated(c) && term_op_of(c) == OP_EQ && term_nargs(c) == 2) {
    term_t a = term_arg(c, 0), b = term_arg(c, 1);
    if (term_is_var(b) && term_is_const(a)) a = b, b = term_arg(c, 0);
    if (term_is_var(a) && term_is_const(b)) term_vec_push(from, a), term_vec_push(to, b);
  }
}

/* A state whose cube fixes every leaf (no union layout, no sequence
 * positions past the length): its values substituted into Trans and Prop,
 * the term builder folds the branches not enabled in it away, and Z3 sees
 * a small query (SpanTree 1.9 -> 0.6 s CPU). Sound since the cube stays in
 * the query and implies each substituted equation (for any subset of the
 * leaves: "every leaf" is only where it pays). NULL_TERM: not fixed. */
static term_t fixed_query(const ts *sys, const tla_sym_reach_set *R, size_t j, term_t *succ, term_vec *from,
                          term_vec *to, term_t *trans) {
  from->size = to->size = 0;
  cube_values(R->cube[j], from, to);
  if (from->size < sys->vars.size) return NULL_TERM;
  term_t tp[2] = {sys->trans, term_not(sys->prop)};
  term_subst_many(2, tp, from->size, from->data, to->data);
  uint32_t k = 0;
  for (size_t e = R->first[j]; e < R->first[j + 1]; e++) succ[k++] = term_prime(R->cube[R->edge[e]]);
  *trans = tp[0];
  return term_and2(R->cube[j], term_or2(tp[1], term_and2(tp[0], term_not(term_or(k, succ)))));
}

/* with TLC's deadlock check: a step from state j, or j outside the
 * CONSTRAINT (not expanded, as TLC) */
static bool has_step(solver *sv, tla_sym *sym, term_t cube, term_t trans) {
  solver_result r = check_scoped(sv, term_and2(cube, trans));
  if (r == SOLVER_SAT) return true;
  return r == SOLVER_UNSAT && check_scoped(sv, term_and2(cube, tla_sym_constraint(sym))) == SOLVER_UNSAT;
}

bool tla_reach_check(tla_sym *sym, const tla_sym_reach_set *R, bool deadlock, const ts_engine_opts *eo) {
  const ts *sys = tla_sym_ts(sym);
  for (size_t e = 0; e < R->first[R->n]; e++)
    if (R->edge[e] >= R->n) return false;
  solver *sv = ts_engine_solver(eo);
  if (!sv) return false;
  ts_engine_arm(sv, eo);
  /* half of the time left at most: IC3 and k-induction get the rest */
  const zeta_limits *lim = eo->limits;
  double stop = lim && lim->deadline ? limits_now() + (lim->deadline - limits_now()) / 2 : 0;
  term_t *succ = xmalloc((R->first[R->n] + R->n + 1) * sizeof *succ), *group = xmalloc((TLA_REACH_GROUP + 1) * sizeof *group);
  uint32_t ninit = (uint32_t)(R->ninit < R->n ? R->ninit : R->n);
  for (uint32_t i = 0; i < ninit; i++) succ[i] = R->cube[i];
  bool ok = check_scoped(sv, term_and2(sys->init, term_not(term_or(ninit, succ)))) == SOLVER_UNSAT;
  /* Trans and the property once, behind selectors (Z3 would take them in
   * again for every state) */
  /* the fixed states' queries in a solver of their own: Trans behind its
   * selector slowed them (CoffeeCan100Beans 2.3 -> 4.3 s CPU) */
  solver *one = ts_engine_solver(eo);
  if (!one) ok = false;
  else ts_engine_arm(one, eo);
  term_vec from = {0}, to = {0};
  term_t step = term_fresh_var("tla_reach_step", type_bool()), fail = term_fresh_var("tla_reach_fail", type_bool());
  solver_assert(sv, term_implies(step, sys->trans));
  solver_assert(sv, term_implies(fail, term_not(sys->prop)));
  for (size_t j = 0; j < R->n && ok; j += TLA_REACH_GROUP) {
    if (stop && limits_now() > stop) {
      ok = false;
      break;
    }
    uint32_t k = 0, g = 0;
    for (size_t i = j; ok && i < R->n && i < j + TLA_REACH_GROUP; i++) {
      term_t trans, q = fixed_query(sys, R, i, succ + k, &from, &to, &trans);
      if (q != NULL_TERM) {
        ok = check_scoped(one, q) == SOLVER_UNSAT && (!deadlock || has_step(one, sym, R->cube[i], trans));
        continue;
      }
      group[g++] = R->cube[i];
      for (size_t e = R->first[i]; e < R->first[i + 1]; e++) succ[k++] = term_prime(R->cube[R->edge[e]]);
    }
    if (!ok || !g) continue;
    term_t bad = term_or2(fail, term_and2(step, term_not(term_or(k, succ))));
    ok = check_scoped(sv, term_and2(term_or(g, group), bad)) == SOLVER_UNSAT;
    for (uint32_t i = 0; ok && deadlock && i < g; i++) ok = has_step(sv, sym, group[i], step);
  }
  term_vec_free(&from), term_vec_free(&to);
  free(succ), free(group);
  solver_free(sv);
  if (one) solver_free(one);
  return ok;
}
