/* Portfolio for Petri-net reachability: the cheap complete refutation
 * first (state equation), a short state-equation CEGAR round, explicit
 * search (complete on finite state spaces), the state-equation CEGAR with
 * the remaining time (good at witnesses in big or unbounded nets), then the
 * transition-system engines. */
#include "lang/petri/petri_portfolio.h"
#include <stdio.h>
#include <string.h>
#include "lang/petri/petri_explicit.h"

/* Largest places x transitions product for the transition-system engines. */
#define PETRI_TS_MAX_CELLS 250000u

static petri_answer run_explicit(const petri_net *n, const petri_pred *target, const petri_check_opts *o,
                                 const petri_limits *l, petri_result *r) {
  petri_explicit_opts eo = {o->dfs, !o->no_por};
  return petri_explicit(n, target, &eo, l, r);
}

static petri_answer run_secegar(const petri_net *n, const petri_pred *target, const petri_check_opts *o,
                                const petri_limits *l, petri_result *r) {
  secegar_opts so = {o->se_search, o->no_distant};
  return secegar_check(n, target, &so, l, r);
}

/* A share of the time left: explicit search gets `share` of it. */
static petri_limits slice(const petri_limits *all, double share, uint64_t states_if_unbounded) {
  petri_limits l = *all;
  if (all->deadline > 0) {
    double now = petri_now(), left = all->deadline - now;
    l.deadline = now + (left > 0 ? left * share : 0);
  } else if (!l.max_states) l.max_states = states_if_unbounded;
  return l;
}

petri_answer petri_check(const petri_net *n, const petri_pred *target, const petri_check_opts *o,
                         petri_result *r) {
  petri_result_init(r);
  switch (o->algo) {
  case PETRI_ALGO_EXPLICIT: return run_explicit(n, target, o, &o->limits, r);
  case PETRI_ALGO_SECEGAR: return run_secegar(n, target, o, &o->limits, r);
  case PETRI_ALGO_TS:
    if (o->ts_engine) return o->ts_engine(n, target, &o->limits, r);
    snprintf(r->reason, sizeof r->reason, "no transition-system engine");
    return PETRI_UNKNOWN;
  case PETRI_ALGO_PORTFOLIO: break;
  }
  petri_limits l = slice(&o->limits, 0.1, 0);
  if (secegar_state_equation(n, target, &l, r) == PETRI_UNREACHABLE) return PETRI_UNREACHABLE;
  petri_result_free(r);
  petri_result_init(r);
  /* A short SE-CEGAR round before explicit search: one realized ILP solution
   * often settles big token counts at once (FMS-12800) where the state
   * space is hopeless. */
  l = slice(&o->limits, 0.1, 0);
  if (l.deadline <= 0 || l.deadline > petri_now() + 2.0) l.deadline = petri_now() + 2.0;
  if (run_secegar(n, target, o, &l, r) != PETRI_UNKNOWN) return r->answer;
  petri_result_free(r);
  petri_result_init(r);
  l = slice(&o->limits, 0.5, 5000000);
  if (run_explicit(n, target, o, &l, r) != PETRI_UNKNOWN) return r->answer;
  petri_result_free(r);
  petri_result_init(r);
  /* The transition-system encoding has one term per place and transition
   * pair: beyond that size its construction alone outlasts any budget. */
  bool ts = o->ts_engine && (uint64_t)n->nplaces * n->ntrans <= PETRI_TS_MAX_CELLS;
  l = slice(&o->limits, ts ? 0.6 : 0.8, 0);
  if (run_secegar(n, target, o, &l, r) != PETRI_UNKNOWN) return r->answer;
  if (ts) {
    petri_result_free(r);
    petri_result_init(r);
    l = slice(&o->limits, 0.7, 0);
    if (o->ts_engine(n, target, &l, r) != PETRI_UNKNOWN) return r->answer;
  }
  /* An engine that gave up early hands the rest of the time to explicit
   * search (complete on finite state spaces). */
  if (o->limits.deadline > 0 && o->limits.deadline - petri_now() > 0.05) {
    petri_result_free(r);
    petri_result_init(r);
    if (run_explicit(n, target, o, &o->limits, r) != PETRI_UNKNOWN) return r->answer;
  }
  return r->answer;
}
