/* Certified inductive invariants: every query of the invariant check
 * (initiation, consecution, safety) refuted through cert_unsat.h, its
 * lemmas and propositional proof checked in process. */
#ifndef ZETA_CERT_INV_CERT_H
#define ZETA_CERT_INV_CERT_H
#include "cert/cert_unsat.h"
#include "ir/cfa.h"
#include "ir/ts.h"

/* The weakest status over the queries; why names the first query that is
 * not certified and the reason. nq: the number of queries. */
cert_status cert_ts_invariant(const ts *sys, term_t inv, uint32_t timeout_ms, uint32_t *nq, char *why, size_t whylen);
/* Location invariants inv[nlocs] of c: initiation at the initial location,
 * consecution along every edge, safety at the error location. */
cert_status cert_cfa_invariant(cfa *c, const term_t *inv, uint32_t timeout_ms, uint32_t *nq, char *why, size_t whylen);
#endif
