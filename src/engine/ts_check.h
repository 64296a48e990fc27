/* Evidence for transition systems, checked with any solver backend:
 * extraction and replay of concrete counterexample traces, and the three
 * conditions of an inductive invariant. The tests run these with the cvc5
 * subprocess backend as an independent second opinion. */
#ifndef ZETA_ENGINE_TS_CHECK_H
#define ZETA_ENGINE_TS_CHECK_H
#include "ir/ts.h"
#include "solver/solver.h"

/* After SAT on an unrolling of `length` states: the model's values of
 * x@k and inputs@k for every step; a value the backend cannot give as a
 * literal is NULL_TERM (left open in the replay, printed as "?"). */
bool ts_trace_extract(solver *s, const ts *sys, uint32_t length, ts_trace *out);

/* Replays t on sys: init at step 0, trans between consecutive steps, ¬prop
 * at the last step, every variable and input equal to its recorded value
 * (open values unconstrained).
 * SOLVER_SAT = the trace is a real counterexample. */
solver_result ts_trace_replay(solver *s, const ts *sys, const ts_trace *t);

typedef enum { TS_INV_OK, TS_INV_INIT, TS_INV_CONSECUTION, TS_INV_SAFETY, TS_INV_UNKNOWN } ts_inv_status;
/* Checks init ⇒ inv, inv ∧ trans ⇒ inv', inv ⇒ prop (each as one
 * unsatisfiability query in a push/pop scope of s). */
ts_inv_status ts_invariant_check(solver *s, const ts *sys, term_t inv);
const char *ts_inv_status_name(ts_inv_status st);

/* The same with a fresh solver of the given backend (NULL = z3). */
solver_result ts_trace_replay_with(const char *backend, const ts *sys, const ts_trace *t);
ts_inv_status ts_invariant_check_with(const char *backend, const ts *sys, term_t inv);

/* Value of variable / input column `col` at step k. */
static inline term_t ts_trace_value(const ts_trace *t, uint32_t k, uint32_t col) {
  return t->values[(size_t)k * t->width + col];
}
#endif
