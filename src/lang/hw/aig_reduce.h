/* Structural reduction of an AIG for one property, before any engine:
 * - constant latches: latches with a 0/1 reset whose next-state function
 *   gives that value again whenever all of them hold their values, found
 *   by ternary simulation (inputs and all other latches unknown) to a
 *   fixed point; they are replaced by their constants;
 * - constant propagation and structural hashing of the and-gates (x & 0,
 *   x & 1, x & x, x & !x, two gates with the same fan-ins);
 * - cone of influence: only the inputs, latches and gates the property and
 *   the invariant constraints depend on (through next-state functions).
 * The reduced circuit has one bad state (the property) and remembers
 * which original latch and input each of its own is. It has the same
 * answer: its paths are those of the original, projected on the kept
 * latches and inputs (the constant latches hold their values on every
 * path of the original). */
#ifndef ZETA_LANG_HW_AIG_REDUCE_H
#define ZETA_LANG_HW_AIG_REDUCE_H
#include "lang/hw/aig.h"

typedef struct {
  aig g;                 /* the reduced circuit, property = bad 0 */
  uint32_t *latch_orig;  /* per reduced latch: its index in the original */
  uint32_t *input_orig;  /* per reduced input: its index in the original */
  uint32_t nconst;       /* constant latches found */
  uint8_t *const_val;    /* per original latch: 0/1 constant, 2 = not constant */
} aig_reduced;

void aig_reduce(const aig *g, uint32_t prop, aig_reduced *out);
void aig_reduced_free(aig_reduced *r);
#endif
