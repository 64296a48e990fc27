/* Evidence for Horn-clause answers: replay of derivations (unsat), clause by
 * clause model checking (sat), reading other solvers' models, printing. */
#ifndef ZETA_WITNESS_CHC_WITNESS_H
#define ZETA_WITNESS_CHC_WITNESS_H
#include <stdio.h>
#include "engine/chc_engine.h"
#include "solver/solver.h"

/* True when d is a well-formed derivation of false in s whose every clause
 * instance is satisfiable (checked with a fresh Z3 solver). */
bool chc_replay(const chc_system *s, const chc_derivation *d, uint32_t timeout_ms);

/* Checks interp against every clause of s with solver slv. Returns the number
 * of failing clauses (violated or undecided); their indices go to *failed
 * (malloc'd, may be NULL) and undecided ones are flagged in *undecided. */
uint32_t chc_check_model(const chc_system *s, const term_t *interp, solver *slv,
                         uint32_t **failed, bool **undecided);

/* Reads a model (zeta's, Z3's "sat ( (define-fun ...) ... )", Eldarica's
 * define-fun list) for the predicates of s into interp[npreds] (missing
 * predicates: NULL_TERM). false with *msg (malloc'd) on bad input. */
bool chc_read_model(const chc_system *s, const char *file, const char *text, term_t *interp, char **msg);

void chc_write_derivation(FILE *out, const chc_system *s, const chc_derivation *d);
#endif
