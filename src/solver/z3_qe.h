/* Quantifier elimination: Z3's `qe-light`, else model-based projection for
 * an existential over a quantifier-free body, else Z3's `qe` tactic (each
 * then `simplify`d). The result is equivalent to t (Z3's claim; callers
 * re-validate what they use it for). */
#ifndef ZETA_SOLVER_Z3_QE_H
#define ZETA_SOLVER_Z3_QE_H
#include <stdint.h>
#include "core/term.h"

/* A quantifier-free formula equivalent to the Boolean term t over t's free
 * variables, or NULL_TERM when Z3 gives up (time limit timeout_ms, 0 =
 * none), splits the goal, leaves a quantifier or the result does not
 * translate back. */
term_t z3_qe(term_t t, uint32_t timeout_ms);
/* z3_qe without Z3's projection when t has array symbols: Z3 4.8.12's
 * projection stops the process on some of them ("ASSERTION VIOLATION
 * spacer_qe_project.cpp:2135", the pds route on arrays of structs). */
term_t z3_qe_arrays_by_tactic(term_t t, uint32_t timeout_ms);

/* One Z3 context for many eliminations (a context costs ~5-10 ms to set
 * up: a model's predicates share one). z3_qe_in is z3_qe within it; open
 * gives NULL when Z3 fails (z3_qe_in then gives NULL_TERM). */
typedef struct z3_qe_session z3_qe_session;
z3_qe_session *z3_qe_open(void);
term_t z3_qe_in(z3_qe_session *q, term_t t, uint32_t timeout_ms);
void z3_qe_close(z3_qe_session *q);

/* How many eliminations each way succeeded (process-wide, for tests). */
typedef struct {
  uint64_t light, projected, tactic;
} z3_qe_stats;
z3_qe_stats z3_qe_get_stats(void);
#endif
