/* One entry point for Petri-net reachability: runs the chosen engine, or
 * the portfolio (state equation, explicit search, state-equation CEGAR,
 * then the transition-system engines when they exist) within the limits. */
#ifndef ZETA_ENGINE_PETRI_PORTFOLIO_H
#define ZETA_ENGINE_PETRI_PORTFOLIO_H
#include "lang/petri/petri_result.h"
#include "lang/petri/petri_secegar.h"
#include "lang/petri/petri_pred.h"

/* PETRI_ALGO_TS: only the ts_engine hook (bmc, kind or pdr). */
typedef enum { PETRI_ALGO_PORTFOLIO, PETRI_ALGO_EXPLICIT, PETRI_ALGO_SECEGAR, PETRI_ALGO_TS } petri_algo;

/* Hook for the engines over the net as a transition system (one integer
 * per place: BMC, k-induction, PDR; engine/petri_ts.h). The portfolio
 * calls it last with the remaining time; NULL = none. */
typedef petri_answer (*petri_ts_engine_fn)(const petri_net *n, const petri_pred *target,
                                           const petri_limits *l, petri_result *r);

typedef struct {
  petri_algo algo;
  secegar_search se_search;
  bool dfs;             /* explicit engine: depth-first */
  bool no_por;          /* explicit engine: no stubborn sets */
  bool no_distant;      /* SE-CEGAR: no distant-invariant constraints */
  petri_limits limits;
  petri_ts_engine_fn ts_engine;
} petri_check_opts;

/* Is a marking satisfying target reachable? Never wrong: REACHABLE comes
 * with a firing sequence that the caller should replay; UNREACHABLE only
 * from complete arguments. */
petri_answer petri_check(const petri_net *n, const petri_pred *target, const petri_check_opts *o,
                         petri_result *r);
#endif
