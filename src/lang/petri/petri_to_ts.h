/* A Petri net as a transition system for the SMT engines (BMC,
 * k-induction, IC3/PDR): one Int state variable per place (its token
 * count), one Int input naming the transition fired at each step.
 *   init   m = m0
 *   trans  0 <= t < ntrans, and for every transition i:
 *          t = i -> enabled_i(m) ∧ m' = m + effect_i
 *          (enabled: m(p) >= w on pre-arcs, m(p) < w on inhibitor arcs),
 *          plus m' >= 0 (implied; it helps induction)
 *   prop   ¬target
 * A deadlocked marking has no successor, like in the net. */
#ifndef ZETA_MODEL_PETRI_TO_TS_H
#define ZETA_MODEL_PETRI_TO_TS_H
#include "lang/petri/petri_pred.h"
#include "ir/ts.h"

/* Builds sys (vars = places in index order, inputs = {transition choice}).
 * The variable names are derived from the net's name and place ids so that
 * two nets in one process get different variables. */
void petri_to_ts(const petri_net *n, const petri_pred *target, ts *sys);
/* The predicate as a formula over the place variables of sys. */
term_t petri_pred_term(const petri_net *n, const ts *sys, const petri_pred *p);
/* The firing sequence of a trace of sys: transition k from the choice input
 * at step k, or, when the backend left it open, an enabled transition
 * between the markings of steps k and k+1. Returns false when the trace is
 * not a path of the net; *seq is allocated (free it). */
bool petri_ts_firing_sequence(const petri_net *n, const ts *sys, const ts_trace *t, uint32_t **seq, size_t *len);
#endif
