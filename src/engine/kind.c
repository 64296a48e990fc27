/* k-induction: the BMC base case (bmc_base) plus an incremental step-case
 * solver holding prop@0..prop@k ∧ trans@0..trans@k (and optionally the
 * simple-path constraints: all states of the path pairwise distinct). The
 * property is (k+1)-inductive when the step case with ¬prop@(k+1) is
 * unsatisfiable and the base case found no counterexample up to depth k. */
#include "engine/ts_check.h"
#include "core/progress.h"
#include "engine/ts_engine.h"
#include <stdlib.h>
#include "core/alloc.h"

static term_t states_differ(const ts *sys, uint32_t i, uint32_t j) {
  term_t *d = xmalloc(sizeof(term_t) * (sys->vars.size + 1));
  for (uint32_t v = 0; v < sys->vars.size; v++)
    d[v] = term_not(term_eq(term_shift(sys->vars.data[v], (int32_t)i), term_shift(sys->vars.data[v], (int32_t)j)));
  term_t t = term_or(sys->vars.size, d);
  free(d);
  return t;
}

zeta_verdict kind_run(const ts *sys, const ts_engine_opts *o, ts_result *r) {
  ts_result_init(r);
  bmc_base b;
  solver *step = NULL;
  if (!bmc_base_init(&b, sys, o) || !(step = ts_engine_solver(o))) {
    r->reason = "solver";
    bmc_base_free(&b);
    return r->verdict;
  }
  for (uint32_t k = 0;; k++) {
    if (ts_engine_expired(o)) { r->reason = "timeout"; break; }
    r->depth = k;
    /* base case: no counterexample with k transitions */
    solver_result res = bmc_base_bad(&b, o, r);
    if (res == SOLVER_SAT) break;
    if (res == SOLVER_UNKNOWN) { if (!r->reason) r->reason = ts_engine_why_unknown(o); break; }
    /* step case: k+1 consecutive prop-states are followed by a prop-state */
    solver_assert(step, term_shift(sys->prop, (int32_t)k));
    solver_assert(step, term_shift(sys->trans, (int32_t)k));
    if (o->simple_path)
      for (uint32_t i = 0; i <= k; i++) solver_assert(step, states_differ(sys, i, k + 1));
    solver_push(step);
    solver_assert(step, term_not(term_shift(sys->prop, (int32_t)k + 1)));
    ts_engine_arm(step, o);
    r->solver_calls++;
    res = solver_check(step);
    solver_pop(step, 1);
    if (res == SOLVER_UNSAT) {
      r->verdict = ZETA_SAFE;
      r->k = k + 1;
      /* 1-inductive: prop itself is the invariant; otherwise only k-inductive */
      r->invariant = r->k == 1 ? sys->prop : NULL_TERM;
      break;
    }
    if (res == SOLVER_UNKNOWN) { r->reason = ts_engine_why_unknown(o); break; }
    progress_tick("zeta: kind: no violation at depth %u, not %u-inductive", k, k + 1);
    if (o->bound && k >= o->bound) { r->reason = "bound reached"; break; }
    res = bmc_base_extend(&b, o, r);
    if (res == SOLVER_UNSAT) { r->verdict = ZETA_SAFE; r->k = 0; break; }
    if (res == SOLVER_UNKNOWN) { r->reason = ts_engine_why_unknown(o); break; }
  }
  bmc_base_free(&b);
  solver_free(step);
  return r->verdict;
}
