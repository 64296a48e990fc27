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
  term_t step = term_fresh_var("tla_reach_step", type_bool()), fail = term_fresh_var("tla_reach_fail", type_bool());
  solver_assert(sv, term_implies(step, sys->trans));
  solver_assert(sv, term_implies(fail, term_not(sys->prop)));
  for (size_t j = 0; j < R->n && ok; j += TLA_REACH_GROUP) {
    if (stop && limits_now() > stop) {
      ok = false;
      break;
    }
    uint32_t k = 0, g = 0;
    for (size_t i = j; i < R->n && i < j + TLA_REACH_GROUP; i++) {
      group[g++] = R->cube[i];
      for (size_t e = R->first[i]; e < R->first[i + 1]; e++) succ[k++] = term_prime(R->cube[R->edge[e]]);
    }
    term_t bad = term_or2(fail, term_and2(step, term_not(term_or(k, succ))));
    ok = check_scoped(sv, term_and2(term_or(g, group), bad)) == SOLVER_UNSAT;
    for (size_t i = j; ok && deadlock && i < R->n && i < j + TLA_REACH_GROUP; i++) {
      solver_result r = check_scoped(sv, term_and2(R->cube[i], step));
      if (r != SOLVER_SAT)
        ok = r == SOLVER_UNSAT && check_scoped(sv, term_and2(R->cube[i], tla_sym_constraint(sym))) == SOLVER_UNSAT;
    }
  }
  free(succ), free(group);
  solver_free(sv);
  return ok;
}
