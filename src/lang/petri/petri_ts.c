#include "lang/petri/petri_ts.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/ts_engine.h"
#include "lang/petri/petri_to_ts.h"

typedef zeta_verdict (*ts_fn)(const ts *, const ts_engine_opts *, ts_result *);

static petri_answer run(const petri_net *n, const petri_pred *target, const petri_limits *l, petri_result *r,
                        ts_fn engine, const char *technique) {
  petri_result_init(r);
  zeta_limits zl = {0, NULL, 0};
  if (l && l->deadline > 0) zl.deadline = limits_now() + (l->deadline - petri_now());
  if (zl.deadline > 0 && limits_expired(&zl)) {
    snprintf(r->reason, sizeof r->reason, "timeout");
    return r->answer = PETRI_UNKNOWN;
  }
  ts sys;
  petri_to_ts(n, target, &sys);
  ts_engine_opts eo;
  ts_engine_opts_default(&eo);
  eo.limits = zl.deadline > 0 ? &zl : NULL;
  ts_result tr;
  zeta_verdict v = engine(&sys, &eo, &tr);
  r->states = tr.depth;
  snprintf(r->technique, sizeof r->technique, "%s", technique);
  r->answer = PETRI_UNKNOWN;
  if (v == ZETA_SAFE) {
    r->answer = PETRI_UNREACHABLE;
  } else if (v == ZETA_UNSAFE) {
    /* the trace was replayed on the transition system; it must also be a
     * firing sequence of the net that ends in the target */
    uint32_t *seq;
    size_t len;
    petri_tok *m = xmalloc(((size_t)n->nplaces + 1) * sizeof *m);
    if (petri_ts_firing_sequence(n, &sys, &tr.trace, &seq, &len)) {
      if (petri_replay(n, seq, len, m, NULL) == PETRI_REPLAY_OK && pred_eval(n, target, m)) {
        r->trace = seq;
        r->ntrace = len;
        r->answer = PETRI_REACHABLE;
      } else {
        free(seq);
      }
    }
    free(m);
    if (r->answer != PETRI_REACHABLE) snprintf(r->reason, sizeof r->reason, "internal: %s trace does not replay on the net", technique);
  } else {
    snprintf(r->reason, sizeof r->reason, "%s", tr.reason && *tr.reason ? tr.reason : "incomplete");
  }
  ts_result_free(&tr);
  ts_free(&sys);
  return r->answer;
}

petri_answer petri_ts_bmc(const petri_net *n, const petri_pred *target, const petri_limits *l, petri_result *r) {
  return run(n, target, l, r, bmc_run, "BMC");
}
petri_answer petri_ts_kind(const petri_net *n, const petri_pred *target, const petri_limits *l, petri_result *r) {
  return run(n, target, l, r, kind_run, "K_INDUCTION");
}
petri_answer petri_ts_pdr(const petri_net *n, const petri_pred *target, const petri_limits *l, petri_result *r) {
  return run(n, target, l, r, pdr_run, "IC3");
}

petri_answer petri_ts_any(const petri_net *n, const petri_pred *target, const petri_limits *l, petri_result *r) {
  petri_limits pl = *l;
  if (l->deadline > 0) {
    double left = l->deadline - petri_now();
    pl.deadline = petri_now() + (left > 0 ? 0.6 * left : 0);
  }
  if (petri_ts_pdr(n, target, &pl, r) != PETRI_UNKNOWN) return r->answer;
  petri_result_free(r);
  return petri_ts_kind(n, target, l, r);
}
