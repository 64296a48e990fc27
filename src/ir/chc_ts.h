/* Linear Horn clauses as a transition system, and the VMT writer.
 *
 * Encoding (chc_to_ts): a location variable `loc` (Int) says which
 * predicate holds: 0 = entry (before any fact), p+1 = predicate p, and
 * npreds+1 = error (a query fired). Argument positions share state
 * variables by type: the i-th argument of type T of any predicate is the
 * state variable `a_T_i` (T the SMT-LIB sort name), so the state
 * has max-per-type many slots, not the sum of all arities. Each clause
 * P(a) ∧ φ ⇒ Q(h) is one disjunct of trans:
 *   loc = P ∧ loc' = Q ∧ φ ∧ slots(P) = a ∧ slots'(Q) = h
 * with the clause's variables renamed to inputs (shared by type and
 * position across clauses). init is loc = 0, prop is loc ≠ error. A
 * counterexample of length k is a derivation of depth k-1.
 */
#ifndef ZETA_MODEL_CHC_TS_H
#define ZETA_MODEL_CHC_TS_H
#include <stdio.h>
#include "ir/chc.h"
#include "ir/ts.h"

/* False when s is not linear. */
bool chc_to_ts(const chc_system *s, ts *out);
/* The location variable and the state variables holding p's arguments. */
term_t chc_ts_loc(void);
void chc_ts_pred_slots(const chc_system *s, uint32_t p, term_t *out);
/* Writes ts in VMT (SMT-LIB with :next/:init/:trans/:invar-property). */
void ts_write_vmt(FILE *out, const ts *t);
/* The transition system as Horn clauses over one predicate Inv(vars):
 * init ⇒ Inv(x); Inv(x) ∧ trans(x, in, x') ⇒ Inv(x'); Inv(x) ∧ ¬prop ⇒ false.
 * For --export chc of any TS input (write it with chc_write). */
bool ts_to_chc(const ts *t, chc_system *out);
/* chc_to_ts followed by ts_write_vmt; false when s is not linear. */
bool chc_export_vmt(FILE *out, const chc_system *s);
#endif
