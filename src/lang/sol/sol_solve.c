/* The Solidity portfolio of Horn engines, shared by the assertion check
 * (sol_check.c) and the modular check (sol_modular.c). */
#include <string.h>
#include "core/limits.h"
#include "lang/sol/sol_solve.h"

/* zeta's time slice of the remaining time */
static zeta_limits slice(const zeta_limits *lim, double frac, double cap) {
  zeta_limits l = *lim;
  double left = lim->deadline ? lim->deadline - limits_now() : 60;
  double t = left * frac < cap ? left * frac : cap;
  l.deadline = limits_now() + t;
  return l;
}

/* The engines on the normalized clauses. Portfolio, in turn: a short
 * bounded unfolding (linear systems, at most 1 s), Spacer (labelled), zeta's
 * predicate abstraction, then PDR (linear). When Spacer answers unsat
 * without a derivation, zeta's bounded unfolding (linear) or predicate
 * abstraction looks for it. --algorithm own: the same without Spacer. */
void sol_solve(const chc_system *norm, const zeta_options *o, const zeta_limits *lim, chc_result *r) {
  memset(r, 0, sizeof *r);
  r->answer = CHC_UNKNOWN;
  r->reason = "no engine ran";
  bool linear = chc_is_linear(norm);
  itp_strategy st = ITP_AUTO;
  itp_strategy_parse(o->itp, &st);
  if (option_is(o->algorithm, "bmc")) { chc_bmc_solve(norm, lim, 0, r); return; }
  if (option_is(o->algorithm, "cegar")) { chc_pa_solve_itp(norm, lim, st, r); return; }
  if (option_is(o->algorithm, "pdr") || option_is(o->algorithm, "kind") || option_is(o->algorithm, "imc")) {
    chc_ts_solve(norm, lim, o->algorithm, r);
    return;
  }
  bool spacer = option_is(o->algorithm, "portfolio") || option_is(o->algorithm, "spacer");
  bool own = !option_is(o->algorithm, "spacer");
  bool spacer_unsat = false;
  if (own && linear) {   /* shallow counterexamples first (Spacer can stall on arrays) */
    zeta_limits l = slice(lim, 0.1, spacer ? 1 : 2);
    chc_bmc_solve(norm, &l, 0, r);
    if (r->answer != CHC_UNKNOWN || limits_expired(lim)) return;
    chc_result_free(r);
  }
  if (spacer) {
    zeta_limits l = own ? slice(lim, 0.6, 1e9) : *lim;
    chc_spacer_solve(norm, &l, true, r);
    if (r->answer == CHC_UNSAT && r->deriv.n == 0) { r->answer = CHC_UNKNOWN; spacer_unsat = true; }
    if (r->answer != CHC_UNKNOWN || limits_expired(lim) || !own) return;
    chc_result_free(r);
  }
  if (spacer_unsat && linear) { chc_bmc_solve(norm, lim, 0, r); return; }
  zeta_limits l = linear ? slice(lim, 0.6, 1e9) : *lim;
  chc_pa_solve_itp(norm, &l, st, r);
  if (r->answer != CHC_UNKNOWN || limits_expired(lim) || !linear) return;
  chc_result_free(r);
  chc_ts_solve(norm, lim, "pdr", r);
}
