/* Quantifiers out of a clause query before certification, by two
 * equivalence-preserving or satisfiability-preserving steps only:
 *   - the one-point rule: exists x. (x = t and B)  is  B[x := t] (x not in
 *     t; Booleans: a conjunct x or not x, or x = phi), dually for forall;
 *     bound variables that occur nowhere in the body are dropped;
 *   - quantifiers in positive positions (exists; forall under a negation)
 *     outside any remaining universal become fresh constants (Skolem
 *     constants: the formula stays equisatisfiable).
 * What remains quantified stays as it is (the skeleton treats it as an
 * opaque atom). Deterministic: the certificate checker repeats it. */
#ifndef ZETA_CERT_QOPEN_H
#define ZETA_CERT_QOPEN_H
#include "core/term.h"

term_t cert_open_quantifiers(term_t q);
/* Atoms over if-then-else terms as Boolean if-then-else of atoms:
 * (<= (ite c a b) 5) becomes (ite c (<= a 5) (<= b 5)) (an equivalence). */
term_t cert_lift_ite(term_t q);
/* Top-level equalities x = t between arrays (x a variable not in t)
 * substituted away: the query stays equisatisfiable, and selects from x
 * meet the stores of t (read over write in the skeleton). */
term_t cert_elim_array_eqs(term_t q);
/* Does t still contain a quantifier? */
bool cert_has_quantifier(term_t t);
#endif
