/* Symbolic transition systems: the common model of the BMC, k-induction,
 * IC3/PDR and interpolation engines, produced from CFAs, Horn clauses,
 * VMT, AIGER, BTOR2 and Petri nets.
 *
 * Variables are terms of index 0 (term.h); the next-state copy of x is
 * term_prime(x) = x@1, and the copy at step k of a path is term_shift(x, k).
 *   init   over vars
 *   trans  over vars, inputs and primed vars
 *   prop   over vars and inputs (the safety property: must hold in every
 *          reachable state; a bad state is one where prop is false)
 * Inputs are unconstrained per step (no next-state copy is meaningful). */
#ifndef ZETA_MODEL_TS_H
#define ZETA_MODEL_TS_H
#include "core/term.h"

typedef struct ts {
  term_vec vars;     /* state variables */
  term_vec inputs;   /* input variables */
  term_t init;
  term_t trans;
  term_t prop;
  char *name;        /* for messages; may be NULL */
} ts;

void ts_init(ts *s);
void ts_free(ts *s);
/* The queries an inductive invariant inv of s makes unsatisfiable:
 * q[0] initiation, q[1] consecution, q[2] safety. */
void ts_invariant_queries(const ts *s, term_t inv, term_t q[3]);

/* A concrete trace: steps[k] holds values (literal terms) for
 * vars[0..nvars) followed by inputs[0..ninputs) at step k. */
typedef struct {
  uint32_t length;      /* number of states */
  uint32_t width;       /* nvars + ninputs */
  term_t *values;       /* length * width, row-major */
} ts_trace;

void ts_trace_free(ts_trace *t);
#endif
