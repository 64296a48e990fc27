/* CFA -> transition system. The location becomes one integer state
 * variable `__loc` (location l is the value l, the index in c->locs), placed
 * first in sys->vars, followed by the CFA's variables:
 *   init  = (__loc = init)
 *   trans = ∨_edges (__loc = src ∧ edge formula ∧ __loc' = dst)
 *   prop  = (__loc ≠ error)   (true when there is no error location)
 * The auxiliary variables of havoc statements (index 0 in the edge
 * formulas, model/cfa_path.h) become inputs, so each step gets its own copy.
 * A trace of the TS maps back to locations through the value of __loc. */
#ifndef ZETA_MODEL_CFA_TO_TS_H
#define ZETA_MODEL_CFA_TO_TS_H
#include "core/limits.h"
#include "ir/cfa.h"
#include "ir/ts.h"

#define CFA_TS_LOC_NAME "__loc"

/* Fills sys (initialized by the call). c is not changed except for the
 * edge-formula caches. */
void cfa_to_ts(cfa *c, ts *sys);
/* The same unless lim (may be NULL) expires first: false then, and sys
 * is left freed. */
bool cfa_to_ts_within(cfa *c, ts *sys, const zeta_limits *lim);
/* The location variable of cfa_to_ts. */
term_t cfa_ts_loc_var(void);
/* The location of a __loc value (a literal), or CFA_NONE. */
uint32_t cfa_ts_location(const cfa *c, term_t loc_value);
/* An invariant of the TS restricted to location l: inv[__loc := l]. */
term_t cfa_ts_invariant_at(term_t inv, uint32_t l);
#endif
