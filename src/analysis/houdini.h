/* Houdini over candidate inequalities: the largest subset of a set of
 * candidate facts per location that is inductive on a CFA (Flanagan and
 * Leino 2001), relative to a base invariant that is already inductive
 * (Karr's equalities).
 *
 * Candidates at every location but the initial and the error location,
 * over the integer variables: bounds x <= c and x >= c for the integer
 * constants c of the program, the comparisons of the program's conditions,
 * their negations and non-strict forms, x <= y for pairs of variables, and
 * x - y <= c, x - y < c for programs with few variables; and each of
 * those under a mode guard, "g or c" and "not g or c", for the conditions g
 * over variables that no edge on a cycle writes (a flag set before the
 * loops: facts that hold in one of its cases only).
 * A candidate dies when a model of "invariant at the source, edge, not all
 * candidates at the target" falsifies it; the survivors are inductive
 * together (the last round of queries is all unsatisfiable). Inequalities
 * such as i <= n, a >= 0 or i0 >= n0 after a loop are what k-induction and
 * PDR need next to Karr's equalities to rule out overflows and prove the
 * assertions of seq-3 or bhmr2007. */
#ifndef ZETA_ANALYSIS_HOUDINI_H
#define ZETA_ANALYSIS_HOUDINI_H
#include "ir/cfa.h"

/* inv[l] (malloc'd, c->nlocs entries): the surviving candidates at l, the
 * tightest bound per variable and direction only; base (NULL: none) is an
 * inductive invariant assumed at the edges' sources. Gives up (false, *inv
 * NULL) when nothing survives, the CFA has procedure calls, a query is
 * undecided within timeout_ms, or the whole run exceeds budget_ms. */
bool cfa_houdini_invariants(cfa *c, const term_t *base, uint32_t timeout_ms, uint32_t budget_ms, term_t **inv);
#endif
