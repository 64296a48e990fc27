/* Petri-net reachability through the transition-system engines
 * (model/petri_to_ts.h): BMC and k-induction (its base case) find firing
 * sequences, k-induction and IC3/PDR prove unreachability also in
 * unbounded nets. Every firing sequence is replayed on the net and checked
 * against the target before REACHABLE is returned. The functions have the
 * type of petri_check_opts.ts_engine. */
#ifndef ZETA_ENGINE_PETRI_TS_H
#define ZETA_ENGINE_PETRI_TS_H
#include "lang/petri/petri_result.h"
#include "lang/petri/petri_pred.h"

petri_answer petri_ts_bmc(const petri_net *n, const petri_pred *target, const petri_limits *l, petri_result *r);
petri_answer petri_ts_kind(const petri_net *n, const petri_pred *target, const petri_limits *l, petri_result *r);
petri_answer petri_ts_pdr(const petri_net *n, const petri_pred *target, const petri_limits *l, petri_result *r);
/* The portfolio's last resort: PDR with 60 % of the time, then k-induction. */
petri_answer petri_ts_any(const petri_net *n, const petri_pred *target, const petri_limits *l, petri_result *r);
#endif
