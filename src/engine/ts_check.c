#include "engine/ts_check.h"
#include <stdlib.h>
#include "core/alloc.h"

static term_t column_var(const ts *sys, uint32_t col) {
  return col < sys->vars.size ? sys->vars.data[col] : sys->inputs.data[col - sys->vars.size];
}

bool ts_trace_extract(solver *s, const ts *sys, uint32_t length, ts_trace *out) {
  out->length = length;
  out->width = sys->vars.size + sys->inputs.size;
  out->values = xmalloc(sizeof(term_t) * ((size_t)length * out->width + 1));
  for (uint32_t k = 0; k < length; k++)
    for (uint32_t c = 0; c < out->width; c++) {
      /* a value the backend cannot express as a literal stays open
       * (NULL_TERM); replay then only requires some value to exist */
      out->values[(size_t)k * out->width + c] = solver_value(s, term_shift(column_var(sys, c), (int32_t)k));
    }
  return true;
}

solver_result ts_trace_replay(solver *s, const ts *sys, const ts_trace *t) {
  if (t->length == 0 || t->width != sys->vars.size + sys->inputs.size) return SOLVER_UNSAT;
  solver_push(s);
  solver_assert(s, sys->init);
  for (uint32_t k = 0; k + 1 < t->length; k++) solver_assert(s, term_shift(sys->trans, (int32_t)k));
  solver_assert(s, term_not(term_shift(sys->prop, (int32_t)(t->length - 1))));
  for (uint32_t k = 0; k < t->length; k++)
    for (uint32_t c = 0; c < t->width; c++) {
      if (ts_trace_value(t, k, c) == NULL_TERM) continue;
      term_t eq = term_eq(term_shift(column_var(sys, c), (int32_t)k), ts_trace_value(t, k, c));
      if (eq == NULL_TERM) { solver_pop(s, 1); return SOLVER_UNSAT; }
      solver_assert(s, eq);
    }
  solver_result r = solver_check(s);
  solver_pop(s, 1);
  return r;
}

/* f unsat: OK; sat: fails; unknown: unknown. */
static int unsat_in_scope(solver *s, term_t f) {
  solver_push(s);
  solver_assert(s, f);
  solver_result r = solver_check(s);
  solver_pop(s, 1);
  return r == SOLVER_UNSAT ? 1 : r == SOLVER_SAT ? 0 : -1;
}

ts_inv_status ts_invariant_check(solver *s, const ts *sys, term_t inv) {
  if (inv == NULL_TERM) return TS_INV_UNKNOWN;
  term_t q[3];
  ts_invariant_queries(sys, inv, q);
  static const ts_inv_status fail[3] = {TS_INV_INIT, TS_INV_CONSECUTION, TS_INV_SAFETY};
  bool unknown = false;
  for (int i = 0; i < 3; i++) {
    int r = unsat_in_scope(s, q[i]);
    if (r == 0) return fail[i];
    if (r < 0) unknown = true;
  }
  return unknown ? TS_INV_UNKNOWN : TS_INV_OK;
}

const char *ts_inv_status_name(ts_inv_status st) {
  switch (st) {
  case TS_INV_OK: return "ok";
  case TS_INV_INIT: return "initiation fails";
  case TS_INV_CONSECUTION: return "consecution fails";
  case TS_INV_SAFETY: return "safety fails";
  default: return "unknown";
  }
}

solver_result ts_trace_replay_with(const char *backend, const ts *sys, const ts_trace *t) {
  solver *s = solver_new(backend ? backend : "z3", NULL);
  if (!s) return SOLVER_UNKNOWN;
  solver_result r = ts_trace_replay(s, sys, t);
  solver_free(s);
  return r;
}

ts_inv_status ts_invariant_check_with(const char *backend, const ts *sys, term_t inv) {
  solver *s = solver_new(backend ? backend : "z3", NULL);
  if (!s) return TS_INV_UNKNOWN;
  ts_inv_status r = ts_invariant_check(s, sys, inv);
  solver_free(s);
  return r;
}
