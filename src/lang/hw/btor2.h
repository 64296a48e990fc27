/* A BTOR2 word-level circuit after parsing: states with their init and
 * next functions, inputs, bad-state properties and invariant constraints,
 * all as terms. Bit-vectors of width 1 stand for Booleans, as in BTOR2;
 * bad and constraint terms are kept as Booleans (x = #b1). */
#ifndef ZETA_MODEL_BTOR2_H
#define ZETA_MODEL_BTOR2_H
#include "ir/ts.h"

typedef struct {
  term_t var;       /* the state variable "s<id>" */
  term_t init;      /* NULL_TERM: unconstrained at step 0 */
  term_t next;      /* NULL_TERM: unconstrained in every step */
  uint32_t id;
} btor2_state;

typedef struct btor2_model {
  btor2_state *states;
  uint32_t nstates, cap_states;
  term_vec inputs;        /* "i<id>" */
  term_vec bad;           /* Boolean */
  term_vec constraints;   /* Boolean */
  term_vec outputs;       /* as written (bit-vectors) */
} btor2_model;

void btor2_model_init(btor2_model *m);
void btor2_model_free(btor2_model *m);
/* Builds the transition system for bad property prop: vars are the states
 * in file order, inputs the inputs; constraints hold at every step of a
 * path, the last one included. False if prop is out of range. */
bool btor2_to_ts(const btor2_model *m, uint32_t prop, ts *out);
#endif
