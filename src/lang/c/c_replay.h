/* A counterexample of the engines replayed on the C program's own CFA (as
 * lowered, single-statement edges): concrete execution from the initial
 * location, every branch decided by the current values, every nondet call
 * given the value the counterexample has for its site variable. The replay
 * confirms the path in the lowered program, tells a call of reach_error
 * from undefined behaviour, and yields the nondet values in call order
 * (for the compiled-execution check and the witness) and the branch
 * decisions. */
#ifndef ZETA_LANG_C_REPLAY_H
#define ZETA_LANG_C_REPLAY_H
#include "lang/c/c_lower.h"
#include "lang/cfa_run.h"

typedef struct {
  uint32_t site;
  term_t value;
} c_nondet_value;

typedef struct {
  bool reached;             /* reach_error() called */
  const c_edge_info *ub;    /* or: undefined behaviour here */
  c_nondet_value *vals;
  uint32_t nvals;
  uint32_t *edges;          /* the original edges taken */
  uint32_t nedges;
  char why[256];            /* neither: why not */
} c_replay_result;

/* c is the CFA the engines ran on (renamed locations of p->cfa). */
void c_replay(const c_program *p, const cfa *c, const cfa_answer *a, c_replay_result *out);
void c_replay_free(c_replay_result *r);
#endif
