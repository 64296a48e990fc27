/* The location invariant behind a k-induction proof on a CFA: if the
 * property is k-inductive, the states from which no path of fewer than k
 * edges reaches the error location form an inductive invariant (relative
 * to a base invariant the proof assumed, such as Karr's equalities). Per
 * location, B_0 = [l is the error location] and B_{j+1}(l) = the
 * disjunction over edges l -> d of their preimages of B_j(d): the
 * assignments substituted, the rest (havoc and join variables) left to
 * Z3's quantifier elimination; the invariant at l is base(l) ∧
 * ¬(B_0(l) ∨ ... ∨ B_{k-1}(l)), checked inductive before it is returned. */
#ifndef ZETA_ANALYSIS_KINV_H
#define ZETA_ANALYSIS_KINV_H
#include "ir/cfa.h"

/* inv[l] (malloc'd, c->nlocs entries) or NULL when quantifier elimination
 * gives up, a formula grows too big, budget_ms runs out or the check
 * fails. base: NULL or an inductive invariant per location. */
term_t *cfa_kinduction_invariant(cfa *c, uint32_t k, const term_t *base, uint32_t budget_ms);
#endif
