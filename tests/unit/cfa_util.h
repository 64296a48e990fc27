/* Helpers of the unit tests on CFA analyses: a CFA from text in the CFA
 * language, implication checked by Z3, integer variables by name. */
#ifndef ZETA_TESTS_CFA_UTIL_H
#define ZETA_TESTS_CFA_UTIL_H
#include <stdio.h>
#include <string.h>
#include "lang/cfa/cfa_parser.h"
#include "solver/solver.h"

static inline bool parse(const char *text, cfa *c) {
  char err[512];
  bool ok = cfa_parse("t.cfa", text, strlen(text), c, err, sizeof err);
  if (!ok) fprintf(stderr, "%s\n", err);
  return ok;
}

/* inv implies f (f over index-0 variables) */
static inline bool implies(term_t inv, term_t f) {
  return solver_check_formula(term_and2(inv, term_not(f)), 5000) == SOLVER_UNSAT;
}

static inline term_t iv(const char *name) { return term_var(name, type_int()); }
#endif
