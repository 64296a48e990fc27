/* Safety certificates for AIGER SAFE answers in the format of the hardware
 * model checking competition's certification track (witness circuits, as
 * Certifaiger checks them): the model itself, same inputs, latches, resets,
 * next-state functions and gates (renumbered consecutively), possibly more
 * latches, with the certified bad-state property replaced by "bad or not
 * P_W" for a 1-inductive P_W. The witness simulates the model trivially
 * (reset, transition and property checks) and its property is inductive
 * (base and step). */
#ifndef ZETA_LANG_HW_AIG_WITNESS_H
#define ZETA_LANG_HW_AIG_WITNESS_H
#include <stddef.h>
#include "cert/cert_unsat.h"
#include "ir/ts.h"
#include "lang/hw/aig.h"

/* The witness circuit (ASCII AIGER, malloc'd) for property prop of g whose
 * transition system is sys (aig_to_ts) and inv an invariant over sys's
 * variables; NULL when inv is not a Boolean combination of them. */
char *aig_witness_circuit(const aig *g, uint32_t prop, const ts *sys, term_t inv);

/* A k-induction proof of bad-state property pprop of circuit p (the
 * circuit the engine ran on: g itself, or g reduced by aig_reduce.h, whose
 * latch j is g's latch latch_orig[j], input i g's input input_orig[i] (NULL:
 * the identity) and which relies on g's constant latches const_val (0/1,
 * 2 = not constant; NULL: none)): no violation within k-1 steps, and k
 * consecutive good steps are followed by a good state. No simple-path
 * constraints. */
typedef struct {
  const aig *p;
  uint32_t pprop, k;
  const uint32_t *latch_orig, *input_orig;
  const uint8_t *const_val;
} aig_kind_proof;

/* Witnesses larger than this many new gates are not built. */
#define AIG_KIND_WITNESS_MAX_GATES 4000000u

/* The k-induction witness circuit of property prop of g (ASCII AIGER,
 * malloc'd): the model plus k-1 history slots (Yu, Biere, Heljanko, CAV
 * 2021), whose property is 1-inductive when the proof is right. NULL when
 * too large. */
char *aig_kind_witness_circuit(const aig *g, uint32_t prop, const aig_kind_proof *pf);

/* Checks a witness circuit before it is written: read back, the model's
 * inputs and latches first with the same resets, next-state functions and
 * constraints (further latches may follow), its property implies sys's
 * (the certified property), and base and step of its property certified
 * (a checked RUP refutation of each query, cert/cert_unsat.h), all within
 * timeout_ms (0: AIG_WITNESS_CHECK_MS). */
#define AIG_WITNESS_CHECK_MS 300000u
cert_status aig_witness_check(const aig *g, const ts *sys, const char *text, uint32_t timeout_ms, char *why,
                              size_t whylen);
#endif
