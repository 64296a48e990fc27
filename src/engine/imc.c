/* McMillan's interpolation-based model checking. For k = 1, 2, ...: the
 * BMC base case first rules out counterexamples of length k; then, from
 * R = init, A = R@0 ∧ trans@0 and B = "¬prop at some step 1..k" along
 * trans@1..trans@(k-1)
 * are unsatisfiable together and the interpolant I (over x@1) is an
 * over-approximate image of R from which no bad state is reachable within
 * k-1 steps. R := R ∨ I until I ⇒ R (fixpoint: R is an inductive
 * invariant) or A ∧ B becomes satisfiable (spurious: increase k). */
#include <stdlib.h>
#include "core/alloc.h"
#include "engine/ts_check.h"
#include "core/progress.h"
#include "engine/ts_engine.h"

static solver_result sat_of(const ts_engine_opts *o, ts_result *r, term_t f) {
  solver *s = ts_engine_solver(o);
  if (!s) return SOLVER_UNKNOWN;
  solver_assert(s, f);
  ts_engine_arm(s, o);
  r->solver_calls++;
  solver_result res = solver_check(s);
  solver_free(s);
  return res;
}

zeta_verdict imc_run(const ts *sys, const ts_engine_opts *o, ts_result *r) {
  ts_result_init(r);
  bmc_base b;
  if (!bmc_base_init(&b, sys, o)) { r->reason = "solver"; return r->verdict; }
  solver_result res = bmc_base_bad(&b, o, r);
  for (uint32_t k = 1; res == SOLVER_UNSAT; k++) {
    if (ts_engine_expired(o)) { r->reason = "timeout"; break; }
    if (o->bound && k > o->bound) { r->reason = "bound reached"; break; }
    r->depth = k;
    res = bmc_base_extend(&b, o, r);
    if (res == SOLVER_UNSAT) { r->verdict = ZETA_SAFE; break; }  /* no path of length k */
    if (res == SOLVER_UNKNOWN) break;
    res = bmc_base_bad(&b, o, r);
    if (res != SOLVER_UNSAT) break;
    progress_tick("zeta: imc: no violation at depth %u", k);
    /* ¬prop@1 ∨ (trans@1 ∧ (¬prop@2 ∨ (trans@2 ∧ … ¬prop@k))): a bad state
     * need not have a successor */
    term_t bpart = term_not(term_shift(sys->prop, (int32_t)k));
    for (uint32_t j = k - 1; j >= 1; j--)
      bpart = term_or2(term_not(term_shift(sys->prop, (int32_t)j)), term_and2(term_shift(sys->trans, (int32_t)j), bpart));
    term_t reach = sys->init;
    for (;;) {
      if (ts_engine_expired(o)) { res = SOLVER_UNKNOWN; break; }
      term_t a = term_and2(reach, sys->trans), itp = NULL_TERM;
      r->solver_calls++;
      solver_result ir = itp_binary(o->itp, a, bpart, &itp, ts_engine_remaining_ms(o));
      if (ir == SOLVER_SAT) break;  /* spurious at this k: go deeper */
      if (ir != SOLVER_UNSAT) { res = SOLVER_UNKNOWN; r->reason = ts_engine_expired(o) ? "timeout" : "interpolation failed"; break; }
      r->refinements++;
      term_t img = term_shift(itp, -1);
      solver_result fix = sat_of(o, r, term_and2(img, term_not(reach)));
      if (fix == SOLVER_UNSAT) {
        /* check before claiming: the fixpoint must be an inductive invariant */
        if (ts_invariant_check_with(o->backend, sys, reach) == TS_INV_OK) {
          r->verdict = ZETA_SAFE;
          r->invariant = reach;
        } else {
          r->reason = "internal: interpolation fixpoint is not inductive";
        }
        res = SOLVER_UNKNOWN;
        break;
      }
      if (fix != SOLVER_SAT) { res = SOLVER_UNKNOWN; r->reason = ts_engine_why_unknown(o); break; }
      reach = term_or2(reach, img);
    }
    if (r->verdict != ZETA_UNKNOWN) break;
  }
  if (r->verdict == ZETA_UNKNOWN && !r->reason) r->reason = ts_engine_why_unknown(o);
  bmc_base_free(&b);
  return r->verdict;
}
