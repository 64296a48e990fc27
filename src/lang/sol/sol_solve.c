/* The Solidity portfolio of Horn engines, shared by the assertion check
 * (sol_check.c) and the modular check (sol_modular.c). */
#include <string.h>
#include "core/limits.h"
#include "lang/sol/sol_solve.h"
#include "ir/chc_unfold.h"

/* frac of the remaining wall time, at most cap seconds */
static double share(const zeta_limits *lim, double frac, double cap) {
  double left = lim->deadline ? lim->deadline - limits_now() : 60;
  return left * frac < cap ? left * frac : cap;
}

/* zeta's time slice of the remaining time */
static zeta_limits slice(const zeta_limits *lim, double frac, double cap) {
  zeta_limits l = *lim;
  l.deadline = limits_now() + share(lim, frac, cap);
  return l;
}

/* The unfolded system of a non-linear one, normalized, when it is linear
 * and not too big. */
static bool unfold(const chc_system *norm, chc_system *unf) {
  if (!chc_unfold_linear(norm, unf, 4000)) return false;
  chc_normalize(unf);
  if (chc_is_linear(unf)) return true;
  chc_free(unf);
  chc_init(unf);
  return false;
}

/* The engines on the normalized clauses. Portfolio, in turn: a short
 * bounded unfolding (linear systems, at most 1 s; a non-linear one on its
 * calls unfolded when unf is given), Spacer (labelled), zeta's predicate
 * abstraction, then PDR (linear). When Spacer answers unsat without a
 * derivation, zeta's bounded unfolding (linear) or predicate abstraction
 * looks for it. --algorithm own: the same without Spacer. */
static bool portfolio(const chc_system *norm, const zeta_options *o, const zeta_limits *lim, chc_result *r, chc_system *unf) {
  memset(r, 0, sizeof *r);
  r->answer = CHC_UNKNOWN;
  r->reason = "no engine ran";
  if (unf) chc_init(unf);
  bool linear = chc_is_linear(norm);
  itp_strategy st = ITP_AUTO;
  itp_strategy_parse(o->itp, &st);
  if (option_is(o->algorithm, "bmc")) {
    if (!linear && unf && unfold(norm, unf)) { chc_bmc_solve(unf, lim, (uint32_t)o->bound, r); return true; }
    chc_bmc_solve(norm, lim, (uint32_t)o->bound, r);
    return false;
  }
  if (option_is(o->algorithm, "cegar")) { chc_pa_solve_itp(norm, lim, st, r); return false; }
  if (option_is(o->algorithm, "pdr") || option_is(o->algorithm, "kind") || option_is(o->algorithm, "imc")) {
    chc_ts_solve_bounded(norm, lim, o->algorithm, ITP_AUTO, (uint32_t)o->bound, r);
    return false;
  }
  bool spacer = option_is(o->algorithm, "portfolio") || option_is(o->algorithm, "spacer");
  bool own = !option_is(o->algorithm, "spacer");
  bool spacer_unsat = false;
  bool unfolded = own && !linear && unf && unfold(norm, unf);
  if (own && (linear || unfolded)) {   /* shallow counterexamples first (Spacer can stall on arrays) */
    /* in CPU seconds: under load a wall slice cut BMC short of the
     * answer it gives alone (small_divisor_unsafe: 0.6 s of CPU over its
     * 1 s wall slice at load 4-5, then PDR answered after 16 s) */
    zeta_limits l = limits_cpu_slice(lim, share(lim, unfolded ? 0.15 : 0.1, spacer ? (unfolded ? 2 : 1) : 2));
    chc_bmc_solve(unfolded ? unf : norm, &l, 0, r);
    if (r->answer == CHC_UNSAT) return unfolded;
    if (r->answer != CHC_UNKNOWN || limits_expired(lim)) return false;
    chc_result_free(r);
  }
  if (spacer) {
    zeta_limits l = own ? slice(lim, 0.6, 1e9) : *lim;
    chc_spacer_solve_isolated(norm, &l, true, r);
    if (r->answer == CHC_UNSAT && r->deriv.n == 0) { r->answer = CHC_UNKNOWN; spacer_unsat = true; }
    if (r->answer != CHC_UNKNOWN || limits_expired(lim) || !own) return false;
    chc_result_free(r);
  }
  if (spacer_unsat && (linear || unfolded)) { chc_bmc_solve(unfolded ? unf : norm, lim, 0, r); return unfolded && r->answer == CHC_UNSAT; }
  zeta_limits l = linear || unfolded ? slice(lim, 0.6, 1e9) : *lim;
  chc_pa_solve_itp(norm, &l, st, r);
  if (r->answer != CHC_UNKNOWN || limits_expired(lim)) return false;
  if (unfolded) {   /* the rest: deeper counterexamples */
    chc_result_free(r);
    chc_bmc_solve(unf, lim, 0, r);
    return r->answer == CHC_UNSAT;
  }
  if (!linear) return false;
  chc_result_free(r);
  chc_ts_solve(norm, lim, "pdr", r);
  return false;
}

bool sol_solve_unfolding(const chc_system *norm, const zeta_options *o, const zeta_limits *lim, chc_result *r, chc_system *unf) {
  if (portfolio(norm, o, lim, r, unf)) return true;
  if (unf) {
    chc_free(unf);
    chc_init(unf);
  }
  return false;
}

void sol_solve(const chc_system *norm, const zeta_options *o, const zeta_limits *lim, chc_result *r) {
  (void)sol_solve_unfolding(norm, o, lim, r, NULL);
}
