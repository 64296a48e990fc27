/* Karr's analysis: the affine equalities between a CFA's integer
 * variables (a1*x1 + ... + an*xn = b) that hold at each location, by
 * abstract interpretation over affine subspaces of Q^n (Karr 1976).
 *
 * Exact for affine assignments; other assignments and havoc forget the
 * variable; assumptions are ignored (the result over-approximates), so
 * every equality holds in every reachable state. The transition-system
 * engines get them as a strengthening: PDR and k-induction then need not
 * discover relations such as k = i or i + j = n themselves. */
#ifndef ZETA_ANALYSIS_KARR_H
#define ZETA_ANALYSIS_KARR_H
#include "ir/cfa.h"

/* inv[l] (malloc'd, c->nlocs entries): the conjunction of the equalities at
 * location l (false where the analysis finds l unreachable). Each one was
 * re-checked inductive (initiation and consecution along every edge) by
 * the solver within timeout_ms per query. Returns false, with *inv NULL,
 * when there is nothing to say (no integer variables, no equality at any
 * location) or a check failed. */
bool cfa_affine_invariants(cfa *c, uint32_t timeout_ms, term_t **inv);
#endif
