/* A small checker of clausal refutations (RUP/DRUP): every lemma must
 * follow from the clauses before it by reverse unit propagation (assume
 * its negation, propagate, reach a conflict), and the refutation ends
 * with the empty clause. Nothing here trusts the SAT solver that wrote
 * the proof; deletions are accepted and ignored (keeping a deleted clause
 * only strengthens propagation with a clause that is still implied, so
 * soundness does not depend on them).
 *
 * Literals are DIMACS integers: ±(variable), variables from 1. */
#ifndef ZETA_CERT_RUP_H
#define ZETA_CERT_RUP_H
#include <stdbool.h>
#include <stdint.h>

typedef struct rup rup;

rup *rup_new(void);
void rup_free(rup *r);
/* Adds a clause of the formula (trusted input). Zero literals are invalid
 * and make the checker reject everything after. */
void rup_add_input(rup *r, uint32_t n, const int *lits);
/* Checks that the lemma is RUP with respect to all clauses so far, then
 * adds it. false: not RUP (the lemma is not added). */
bool rup_add_lemma(rup *r, uint32_t n, const int *lits);
/* The empty clause has been derived (checked). */
bool rup_refuted(const rup *r);

/* Checks a whole DRUP proof text ("l1 l2 ... 0" lemma lines, "d ... 0"
 * deletions, "c" comment lines) against the formula in r. true when every
 * lemma is RUP and the empty clause is derived; otherwise false with a
 * reason in why (e.g. "lemma 3 (line 5) is not RUP"). */
bool rup_check_text(rup *r, const char *proof, char *why, uint32_t whylen);
#endif
