/* Safety certificates for AIGER SAFE answers in the format of the hardware
 * model checking competition's certification track (witness circuits, as
 * Certifaiger checks them): the model itself, same inputs, latches, resets,
 * next-state functions and gates, with the certified bad-state property
 * replaced by "bad or not inv" for an inductive invariant inv over the
 * latches. The witness simulates the model trivially (reset, transition
 * and property checks) and its property is inductive (base and step). */
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

/* Checks a witness circuit before it is written: read back, the same
 * inputs, latches and gates as g, its property implies sys's (the
 * certified property), and base and step of its property certified
 * (cert/inv_cert.h: a checked RUP refutation of each query). */
cert_status aig_witness_check(const aig *g, const ts *sys, const char *text, char *why, size_t whylen);
#endif
