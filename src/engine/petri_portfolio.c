/* Portfolio for Petri-net reachability. */
#include "engine/petri_portfolio.h"
#include <stdio.h>
#include <string.h>
#include "engine/petri_explicit.h"

static petri_answer run_explicit(const petri_net *n, const petri_pred *target, const petri_check_opts *o,
                                 const petri_limits *l, petri_result *r) {
  petri_explicit_opts eo = {o->dfs, !o->no_por};
  return petri_explicit(n, target, &eo, l, r);
}

petri_answer petri_check(const petri_net *n, const petri_pred *target, const petri_check_opts *o,
                         petri_result *r) {
  petri_result_init(r);
  switch (o->algo) {
  case PETRI_ALGO_EXPLICIT: return run_explicit(n, target, o, &o->limits, r);
  case PETRI_ALGO_SECEGAR:
  case PETRI_ALGO_PORTFOLIO: break;
  }
  return run_explicit(n, target, o, &o->limits, r);
}
