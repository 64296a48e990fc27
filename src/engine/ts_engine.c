#include "engine/ts_engine.h"
#include <string.h>

void ts_result_init(ts_result *r) {
  memset(r, 0, sizeof *r);
  r->verdict = ZETA_UNKNOWN;
  r->invariant = NULL_TERM;
}

void ts_result_free(ts_result *r) { ts_trace_free(&r->trace); }

void ts_engine_opts_default(ts_engine_opts *o) {
  memset(o, 0, sizeof *o);
  o->backend = "z3";
  o->itp = ITP_AUTO;
}

solver *ts_engine_solver(const ts_engine_opts *o) {
  return solver_new(o->backend ? o->backend : "z3", NULL);
}

bool ts_engine_expired(const ts_engine_opts *o) { return o->limits && limits_expired(o->limits); }

uint32_t ts_engine_remaining_ms(const ts_engine_opts *o) {
  return o->limits ? limits_remaining_ms(o->limits) : 0;
}

const char *ts_engine_why_unknown(const ts_engine_opts *o) {
  const zeta_limits *l = o->limits;
  bool late = l && l->deadline > 0 && l->deadline - limits_now() < 0.05;
  return late || ts_engine_expired(o) ? "timeout" : "solver";
}

void ts_engine_arm(solver *s, const ts_engine_opts *o) { solver_set_timeout(s, ts_engine_remaining_ms(o)); }
