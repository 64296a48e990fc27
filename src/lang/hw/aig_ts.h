/* AIG -> transition system, bit level: each latch a Boolean state
 * variable "l<j>", each input a Boolean input "i<j>", and-gates shared
 * Boolean terms. ts.vars[j] is latch j and ts.inputs[i] is input i, so a
 * ts_trace row maps onto the circuit's latches and inputs directly.
 *
 * Invariant constraints must hold at every step of a path, the last one
 * included: trans holds the constraints of the step it leaves, and prop is
 * "not bad, or some constraint fails now". */
#ifndef ZETA_MODEL_AIG_TS_H
#define ZETA_MODEL_AIG_TS_H
#include "lang/hw/aig.h"
#include "ir/ts.h"

/* prop selects the bad-state property (aig_property). False if out of range. */
bool aig_to_ts(const aig *g, uint32_t prop, ts *out);
/* The same with latch j named "l<latch_id[j]>" and input i "i<input_id[i]>"
 * (NULL: j and i): a reduced circuit (aig_reduce.h) keeps the names of
 * the original's variables, so its invariants are terms of the original. */
bool aig_to_ts_named(const aig *g, uint32_t prop, const uint32_t *latch_id, const uint32_t *input_id, ts *out);

/* The terms of all variables of g (maxvar+1 entries, malloc'd; names as
 * aig_to_ts_named; unused variables false). */
term_t *aig_var_terms(const aig *g, const uint32_t *latch_id, const uint32_t *input_id);
/* The same with latch j and input i standing for the given terms. */
term_t *aig_eval_terms(const aig *g, const term_t *latch_terms, const term_t *input_terms);
/* The Boolean term of a literal, given the terms of all variables. */
term_t aig_lit_term(const term_t *var_terms, uint32_t lit);
#endif
