/* Incremental substitution: the same terms substituted with one
 * valuation of their variables after another (a valuation: variables to
 * terms, as term_subst_many takes them), recomputing only the nodes that
 * read a variable whose value changed since the valuation before. A node's
 * substituted term is a function of its variables' values (the term
 * builder is deterministic), so each result is the term term_subst_many
 * gives. For the reach proof's per-state folding of the transition
 * relation (tla_reach.c): neighbouring states differ in few leaves. */
#ifndef ZETA_CORE_TERM_INC_H
#define ZETA_CORE_TERM_INC_H
#include "core/term.h"

typedef struct term_inc term_inc;

/* For roots[0..n) (copied). */
term_inc *term_inc_new(uint32_t n, const term_t *roots);
/* The roots with from[i] := to[i] (i < n) substituted (the last value of a
 * variable given twice, as term_subst_many) into out, one per root; the variables
 * not in from stay. false (out unset): a quantifier in the roots, a DAG
 * too large for the bit sets, or a node that did not rebuild; the caller
 * substitutes itself. */
bool term_inc_apply(term_inc *in, uint32_t n, const term_t *from, const term_t *to, term_t *out);
void term_inc_free(term_inc *in);
#endif
