/* Path semantics of CFAs, shared by every engine (CEGAR, the transition
 * system and Horn-clause translations).
 *
 * The formula of an edge relates the variables before it (index 0, x) and
 * after it (index 1, x@1): statements are executed symbolically, `havoc x`
 * gives x a fresh auxiliary variable (index 0, name "havoc!x!N"), and every
 * variable not written keeps its value (x@1 = x). The formula of step k of
 * a path is the edge formula shifted by k (term_shift), so step k relates
 * x@k to x@k+1 and its auxiliaries become aux@k, private to that step.
 */
#ifndef ZETA_MODEL_CFA_PATH_H
#define ZETA_MODEL_CFA_PATH_H
#include "core/limits.h"
#include "ir/cfa.h"

/* Transition formula of edge e (cached in the edge). */
term_t cfa_edge_formula(cfa *c, uint32_t e);
/* The same, or NULL_TERM when lim (may be NULL) expires first: the first
 * formula of a free_dead_joins CFA makes them all, seconds on deeply
 * inlined calls (those made stay cached). */
term_t cfa_edge_formula_within(cfa *c, uint32_t e, const zeta_limits *lim);
/* The queries an inductive location invariant inv[nlocs] makes
 * unsatisfiable, i = 0 .. nedges + 1: consecution along edge i (i <
 * nedges), initiation (i = nedges), safety (i = nedges + 1). */
term_t cfa_invariant_query(cfa *c, const term_t *inv, uint32_t i);
/* Same for a statement list not stored in an edge (no cache). */
term_t cfa_stmts_formula(const cfa *c, const cfa_stmt *stmts, uint32_t n);
/* out[k] = step k of the path edges[0..n): cfa_edge_formula shifted by k. */
void cfa_path_formulas(cfa *c, uint32_t n, const uint32_t *edges, term_t *out);
/* Conjunction of cfa_path_formulas. */
term_t cfa_path_formula(cfa *c, uint32_t n, const uint32_t *edges);
/* Shifted copies of all variables: out[i] = term_shift(vars[i], k). */
void cfa_vars_at(const cfa *c, int32_t k, term_t *out);
#endif
