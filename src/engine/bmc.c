/* Incremental bounded model checking: one solver, the unrolling grows by
 * one transition per depth, the bad-state query of each depth lives in a
 * push/pop scope. SAFE only when no path of the next length exists. */
#include "engine/ts_check.h"
#include "core/progress.h"
#include "engine/ts_engine.h"

bool bmc_base_init(bmc_base *b, const ts *sys, const ts_engine_opts *o) {
  b->sys = sys;
  b->depth = 0;
  if (!(b->s = ts_engine_solver(o))) return false;
  solver_assert(b->s, sys->init);
  return true;
}

void bmc_base_free(bmc_base *b) {
  solver_free(b->s);
  b->s = NULL;
}

static solver_result checked(solver *s, const ts_engine_opts *o, ts_result *r) {
  ts_engine_arm(s, o);
  r->solver_calls++;
  return solver_check(s);
}

solver_result bmc_base_bad(bmc_base *b, const ts_engine_opts *o, ts_result *r) {
  solver_push(b->s);
  solver_assert(b->s, term_not(term_shift(b->sys->prop, (int32_t)b->depth)));
  solver_result res = checked(b->s, o, r);
  if (res == SOLVER_SAT) {
    ts_trace t;
    if (!ts_trace_extract(b->s, b->sys, b->depth + 1, &t)) {
      r->reason = "no model for the counterexample";
      res = SOLVER_UNKNOWN;
    } else if (ts_trace_replay_with(o->backend, b->sys, &t) != SOLVER_SAT) {
      ts_trace_free(&t);
      r->reason = "internal: counterexample does not replay";
      res = SOLVER_UNKNOWN;
    } else {
      ts_trace_free(&r->trace);
      r->trace = t;
      r->verdict = ZETA_UNSAFE;
    }
  }
  solver_pop(b->s, 1);
  return res;
}

solver_result bmc_base_extend(bmc_base *b, const ts_engine_opts *o, ts_result *r) {
  solver_assert(b->s, term_shift(b->sys->trans, (int32_t)b->depth));
  b->depth++;
  return checked(b->s, o, r);
}

zeta_verdict bmc_run(const ts *sys, const ts_engine_opts *o, ts_result *r) {
  ts_result_init(r);
  bmc_base b;
  if (!bmc_base_init(&b, sys, o)) { r->reason = "solver"; return r->verdict; }
  for (;;) {
    if (ts_engine_expired(o)) { r->reason = "timeout"; break; }
    r->depth = b.depth;
    solver_result res = bmc_base_bad(&b, o, r);
    if (res == SOLVER_SAT) break;
    if (res == SOLVER_UNKNOWN) { if (!r->reason) r->reason = ts_engine_why_unknown(o); break; }
    progress_tick("zeta: bmc: no violation at depth %u", b.depth);
    if (o->bound && b.depth >= o->bound) { r->reason = "bound reached"; break; }
    res = bmc_base_extend(&b, o, r);
    if (res == SOLVER_UNSAT) {
      /* every path has at most depth-1 transitions and none reached ¬prop */
      r->verdict = ZETA_SAFE;
      r->invariant = NULL_TERM;
      break;
    }
    if (res == SOLVER_UNKNOWN) { r->reason = ts_engine_why_unknown(o); break; }
  }
  bmc_base_free(&b);
  return r->verdict;
}
