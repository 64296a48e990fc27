/* Non-linear Horn clauses made linear by unfolding calls: in a clause with
 * several body predicates, a predicate that does not depend on itself
 * (the summary of a loop-free function) is replaced by each of its
 * definitions in turn (one clause per choice), until every clause has at
 * most one body predicate. The result has the same derivable facts of the
 * remaining predicates, so bounded model checking finds the same
 * counterexamples on it; clauses keep the line of the clause they were
 * unfolded from. */
#ifndef ZETA_IR_CHC_UNFOLD_H
#define ZETA_IR_CHC_UNFOLD_H
#include <stdbool.h>
#include "core/limits.h"
#include "ir/chc.h"

/* dst: src unfolded (same predicate table). false when a non-linear
 * clause keeps two recursive predicates or the result would exceed
 * max_clauses clauses (dst is then empty). */
bool chc_unfold_linear(const chc_system *src, chc_system *dst, uint32_t max_clauses);
/* The same within lim (may be NULL): false, dst empty, once it expires
 * (the unfolding of a clause whose combinations end in a predicate
 * without definitions adds no clause, so max_clauses does not bound its
 * work). */
bool chc_unfold_linear_within(const chc_system *src, chc_system *dst, uint32_t max_clauses, const zeta_limits *lim);
#endif
